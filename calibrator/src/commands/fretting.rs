//! `tribo fretting`: seed 001's deformable discrete elements — the incline validation, the
//! two circles and the asperity break-off demonstrations, the centre-cracked plate, the
//! sliding-wear sweep that gives K(p) and its mesh study.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow};
use tribo_core::table::{SectionProvenance, WearForm};

use crate::dde::asperity_breakoff::{self, AsperityCase};
use crate::dde::circles::{self, CirclesCase};
use crate::dde::cracked_plate::{self, CrackedPlate};
use crate::dde::incline::{self, InclineCase};
use crate::dde::k_mesh_study::{KMeshStudy, run_study};
use crate::dde::report;
use crate::dde::report_demos;
use crate::dde::sliding::SlidingWearCase;
use crate::dde::wear_study::{WearSweep, fit_power_law, run_sweep, wear_section};

/// Arguments of `tribo fretting`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The study.
    #[command(subcommand)]
    pub study: FrettingStudy,
}

/// The studies.
#[derive(Debug, clap::Subcommand)]
pub enum FrettingStudy {
    /// Block on a 15° incline (seed 001 §4.3): stick/slip against the rigid-block closed form.
    Incline {
        /// Static friction coefficient.
        #[arg(long, default_value_t = 0.25)]
        mu_static: f64,
        /// Kinetic friction coefficient.
        #[arg(long, default_value_t = 0.20)]
        mu_kinetic: f64,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/incline")]
        out: PathBuf,
    },
    /// Two circles pressed together and slid (seed 001 §4.1): contact half-width vs Hertz,
    /// tangential force vs μN.
    Circles {
        /// Elements across a radius (h = R/cells).
        #[arg(long, default_value_t = 20.0)]
        cells: f64,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/circles")]
        out: PathBuf,
    },
    /// An asperity driven into an obstacle and broken off (seed 001 §4.2, Fig. 4).
    Asperity {
        /// Output folder.
        #[arg(long, default_value = "out/fretting/asperity")]
        out: PathBuf,
    },
    /// Centre-cracked plate: Eq. 16's apparent toughness and fracture energy under refinement.
    Plate {
        /// Cells across the plate, one run each.
        #[arg(long, value_delimiter = ',', default_values_t = [24usize, 48, 96])]
        cells: Vec<usize>,
        /// Fracture threshold: `eq16` (a = ½√A_j, uncalibrated) or `crack-band`.
        #[arg(long, default_value = "eq16")]
        threshold: String,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/plate")]
        out: PathBuf,
    },
    /// Sliding wear between two rough zirconia bodies over pressures × realisations → K(p).
    Wear {
        /// Nominal pressures [MPa].
        #[arg(long, value_delimiter = ',', default_values_t = [100.0, 200.0, 400.0])]
        pressures_mpa: Vec<f64>,
        /// Surface realisations per pressure.
        #[arg(long, default_value_t = 4)]
        realisations: u64,
        /// Cells along the top body (mesh size h = L/cells).
        #[arg(long, default_value_t = 40)]
        cells: usize,
        /// Fretting slip amplitude [µm] (0: unidirectional sliding over L/2).
        #[arg(long, default_value_t = 0.0)]
        amplitude_um: f64,
        /// Fracture threshold: `eq16` (calibrated flaw fraction) or `crack-band`.
        #[arg(long, default_value = "eq16")]
        threshold: String,
        /// Also put the wear section into this calibration table (format 2), atomically.
        #[arg(long)]
        into_table: Option<PathBuf>,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/wear")]
        out: PathBuf,
    },
    /// K at one pressure under mesh refinement, paired over realisations, with 95 % CIs.
    MeshStudy {
        /// Cells along the top body, coarse to fine.
        #[arg(long, value_delimiter = ',', default_values_t = [20usize, 40, 80])]
        cells: Vec<usize>,
        /// Nominal pressure [MPa].
        #[arg(long, default_value_t = 200.0)]
        pressure_mpa: f64,
        /// Surface realisations (the same on every mesh).
        #[arg(long, default_value_t = 8)]
        realisations: u64,
        /// Fracture threshold: `eq16` (calibrated flaw fraction) or `crack-band`.
        #[arg(long, default_value = "eq16")]
        threshold: String,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/mesh-study")]
        out: PathBuf,
    },
}

fn threshold(name: &str) -> Result<crate::dde::build::Strength> {
    crate::dde::k_mesh_study::strength_by_name(name)
        .ok_or_else(|| anyhow!("--threshold must be `eq16` or `crack-band`, got `{name}`"))
}

/// Runs the study.
pub fn run(args: Args) -> Result<()> {
    match args.study {
        FrettingStudy::Incline {
            mu_static,
            mu_kinetic,
            out,
        } => {
            let case = InclineCase::seed(mu_static, mu_kinetic);
            let r = incline::run(&case).map_err(|e| anyhow!("incline mesh: {e}"))?;
            print!("{}", report::write_incline(&out, &case, &r)?);
        }
        FrettingStudy::Circles { cells, out } => {
            if !(cells.is_finite() && cells >= 4.0) {
                anyhow::bail!("--cells must be ≥ 4, got {cells}");
            }
            let case = CirclesCase::seed(cells);
            let r = circles::run(&case).map_err(|e| anyhow!("circles mesh: {e}"))?;
            print!("{}", report_demos::write_circles(&out, &case, &r)?);
        }
        FrettingStudy::Asperity { out } => {
            let case = AsperityCase::seed();
            let r = asperity_breakoff::run(&case).map_err(|e| anyhow!("asperity mesh: {e}"))?;
            print!("{}", report_demos::write_asperity(&out, &case, &r)?);
        }
        FrettingStudy::Plate {
            cells,
            threshold: name,
            out,
        } => {
            let mut case = CrackedPlate::new(cells.first().copied().unwrap_or(24));
            if name != "eq16" {
                case.strength = threshold(&name)?;
            }
            let bar = crate::progress::bar(cells.len() as u64, "cracked plates");
            let mut rows = Vec::new();
            for &c in &cells {
                let r = cracked_plate::run(&CrackedPlate { cells: c, ..case })
                    .map_err(|e| anyhow!("plate mesh ({c} cells): {e}"))?;
                rows.push(r);
                bar.inc(1);
            }
            bar.finish_and_clear();
            print!("{}", report::write_plate(&out, &case, &rows)?);
        }
        FrettingStudy::Wear {
            pressures_mpa,
            realisations,
            cells,
            amplitude_um,
            threshold: name,
            into_table,
            seed,
            out,
        } => {
            if realisations < 2 || pressures_mpa.is_empty() || cells < 8 {
                anyhow::bail!("need ≥ 2 realisations, ≥ 1 pressure and ≥ 8 cells");
            }
            if let Some(p) = pressures_mpa.iter().find(|p| !(p.is_finite() && **p > 0.0)) {
                anyhow::bail!("--pressures-mpa must be finite and > 0 MPa, got {p}");
            }
            let mut template = SlidingWearCase::quick(0.0, seed, 0);
            template.spacing = template.length / cells as f64;
            if !(amplitude_um.is_finite() && amplitude_um >= 0.0) {
                anyhow::bail!("--amplitude-um must be ≥ 0, got {amplitude_um}");
            }
            template.amplitude = amplitude_um * 1e-6;
            template.strength = threshold(&name)?;
            let sweep = WearSweep {
                pressures: pressures_mpa.iter().map(|p| p * 1e6).collect(),
                realisations,
                seed,
                template,
            };
            eprintln!(
                "running {} sliding cases…",
                sweep.pressures.len() as u64 * realisations
            );
            let points = run_sweep(&sweep).map_err(|e| anyhow!("wear mesh: {e}"))?;
            let fit = fit_power_law(&points, seed);
            print!("{}", report::write_wear(&out, &points, fit.as_ref())?);
            if let Some(f) = fit {
                let provenance = SectionProvenance {
                    calibrator_version: heapless::String::try_from(env!("CARGO_PKG_VERSION"))
                        .map_err(|_| anyhow!("version string too long"))?,
                    preset: heapless::String::try_from("fretting-wear")
                        .map_err(|_| anyhow!("preset"))?,
                    seed,
                    config_hash: crate::dde::wear_study::sweep_hash(&sweep),
                    cases: (points.len() as u64 * realisations) as u32,
                };
                // K0 has not been shown to converge with the mesh: only the shape goes in.
                let section = wear_section(&f, &points, WearForm::ShapeOnly, provenance);
                section
                    .validate()
                    .map_err(|e| anyhow!("wear section invalid: {e:?}"))?;
                let json =
                    serde_json::to_string_pretty(&section).context("wear section to JSON")?;
                crate::report::write_atomic(&out.join("wear_section.json"), json.as_bytes())?;
                if let Some(path) = into_table {
                    let bytes = crate::dde::wear_study::write_into_table(&path, section)?;
                    println!(
                        "wear section written into {} ({bytes} bytes)",
                        path.display()
                    );
                }
            } else if into_table.is_some() {
                anyhow::bail!(
                    "no wear section to write: the K(p) fit needs ≥ 2 pressures with debris"
                );
            }
        }
        FrettingStudy::MeshStudy {
            cells,
            pressure_mpa,
            realisations,
            threshold: name,
            seed,
            out,
        } => {
            if cells.len() < 2 || realisations < 2 || cells.iter().any(|&c| c < 8) {
                anyhow::bail!("need ≥ 2 meshes of ≥ 8 cells and ≥ 2 realisations");
            }
            if !(pressure_mpa.is_finite() && pressure_mpa > 0.0) {
                anyhow::bail!("--pressure-mpa must be finite and > 0 MPa, got {pressure_mpa}");
            }
            let mut template = SlidingWearCase::quick(pressure_mpa * 1e6, seed, 0);
            template.strength = threshold(&name)?;
            let study = KMeshStudy {
                cells,
                realisations,
                template,
            };
            eprintln!(
                "running {} sliding cases…",
                study.cells.len() as u64 * realisations
            );
            let outcome = run_study(&study).map_err(|e| anyhow!("mesh study: {e}"))?;
            print!("{}", report::write_k_mesh(&out, &name, &outcome)?);
        }
    }
    Ok(())
}
