//! The stage of seed 001's deformable discrete elements (`dde/`, the studies of
//! `studies::dde`), named by what it drives; the command is `tribo fretting` (alias
//! `tribo dde`), after the seed's subject, fretting wear. The incline validation,
//! the two circles and the asperity break-off demonstrations, the centre-cracked plate, the
//! sliding-wear sweep that gives K(p) and its mesh study. Each study writes its report into its
//! output folder and the report's text into `log`.

use std::io::Write;
use std::path::{Path, PathBuf};

use tribo_core::table::{SectionProvenance, WearForm};

use crate::dde::asperity_breakoff::{self, AsperityCase};
use crate::dde::circles::{self, CirclesCase};
use crate::dde::cracked_plate::{self, CrackedPlate};
use crate::dde::incline::{self, InclineCase};
use crate::dde::sliding::SlidingWearCase;
use crate::studies::dde::error::{DdeError, Result};
use crate::studies::dde::k_mesh_study::{KMeshStudy, run_study};
use crate::studies::dde::report;
use crate::studies::dde::report_demos;
use crate::studies::dde::wear_study::{WearSweep, fit_power_law, run_sweep, wear_section};
use crate::validate::rules::DDE_CELLS;

/// Inputs of the sliding-wear sweep K(p).
#[derive(Debug, Clone)]
pub struct WearConfig {
    /// Nominal pressures \[Pa\].
    pub pressures: Vec<f64>,
    /// Surface realisations per pressure.
    pub realisations: u64,
    /// Cells along the top body (mesh size h = L/cells).
    pub cells: usize,
    /// Fretting slip amplitude \[m\] (0: unidirectional sliding over L/2).
    pub amplitude: f64,
    /// Fracture threshold: `eq16` (calibrated flaw fraction) or `crack-band`.
    pub threshold: String,
    /// Also put the wear section into this calibration table (format 3), atomically.
    pub into_table: Option<PathBuf>,
    /// Put the wear section (zirconia, dry fretting) into a table of another material pair.
    pub allow_foreign_material: bool,
    /// Master seed.
    pub seed: u64,
    /// Output folder.
    pub out: PathBuf,
}

/// Inputs of the mesh study of K at one pressure.
#[derive(Debug, Clone)]
pub struct MeshStudyConfig {
    /// Cells along the top body, coarse to fine.
    pub cells: Vec<usize>,
    /// Nominal pressure \[Pa\].
    pub pressure: f64,
    /// Surface realisations (the same on every mesh).
    pub realisations: u64,
    /// Fracture threshold: `eq16` (calibrated flaw fraction), `crack-band` or
    /// `material-flaw`.
    pub threshold: String,
    /// Master seed.
    pub seed: u64,
    /// Output folder.
    pub out: PathBuf,
}

fn threshold(name: &str) -> Result<crate::dde::build::Strength> {
    crate::studies::dde::k_mesh_study::strength_by_name(name).ok_or_else(|| {
        DdeError::UnknownThreshold {
            name: name.to_owned(),
            known: crate::studies::dde::k_mesh_study::THRESHOLD_NAMES,
        }
    })
}

/// Block on a 15° incline (seed 001 §4.3): stick/slip against the rigid-block closed form.
///
/// # Errors
///
/// [`DdeError::Config`] naming the flag, the value and its rule when a coefficient is outside
/// its rule; [`DdeError::InvalidValue`] when μ_k > μ_s; the errors of
/// the DDE run ([`DdeError::Mesh`]) and [`DdeError::Report`], [`DdeError::Io`] or [`DdeError::Log`]
/// when the report or the log cannot be written.
pub fn incline_study(
    mu_static: f64,
    mu_kinetic: f64,
    out: &Path,
    log: &mut dyn Write,
) -> Result<()> {
    let mu = crate::validate::rules::FRICTION_COEFFICIENT;
    mu.check("--mu-static", mu_static)
        .and_then(|()| mu.check("--mu-kinetic", mu_kinetic))
        .map_err(|e| DdeError::Config(Box::new(e)))?;
    if mu_kinetic > mu_static {
        return Err(DdeError::invalid(
            "--mu-kinetic",
            mu_kinetic,
            "the kinetic friction coefficient must not exceed --mu-static",
        ));
    }
    let case = InclineCase::seed(mu_static, mu_kinetic);
    let r = incline::run(&case)?;
    write!(log, "{}", report::write_incline(out, &case, &r)?).map_err(DdeError::Log)?;
    Ok(())
}

/// The work budget of `runs` deformable-element runs of `cells` cells each (`flag`): nodes grow
/// as cells² and the explicit steps as cells (Δt ∝ h), so a run costs ≈ cells³ ×
/// [`crate::validate::work::SECONDS_PER_DDE_CELL3`].
fn check_cells_work(flag: &str, cells: f64, runs: f64) -> Result<()> {
    check_cells_work_at(
        flag,
        cells,
        runs,
        crate::validate::work::SECONDS_PER_DDE_CELL3,
    )
}

/// [`check_cells_work`] at the cost `seconds_per_cell3` of one run per cell³.
fn check_cells_work_at(flag: &str, cells: f64, runs: f64, seconds_per_cell3: f64) -> Result<()> {
    crate::validate::work::check(
        flag,
        cells,
        "cell³ units of deformable-element work",
        cells.powi(3) * runs,
        seconds_per_cell3,
    )
    .map_err(|e| DdeError::Config(Box::new(e)))
}

/// Two circles pressed together and slid (seed 001 §4.1), `cells` elements across a radius.
///
/// # Errors
///
/// [`DdeError::InvalidValue`] when `cells` is not finite and ≥ 4; the errors of the DDE run
/// ([`DdeError::Mesh`]) and [`DdeError::Report`], [`DdeError::Io`] or [`DdeError::Log`] when the
/// report or the log cannot be written.
pub fn circles_study(cells: f64, out: &Path, log: &mut dyn Write) -> Result<()> {
    crate::validate::rules::CIRCLE_CELLS
        .check("--cells", cells)
        .map_err(|e| DdeError::Config(Box::new(e)))?;
    check_cells_work_at(
        "--cells",
        cells,
        1.0,
        crate::validate::work::SECONDS_PER_CIRCLES_CELL3,
    )?;
    if !(cells.is_finite() && cells >= 4.0) {
        return Err(DdeError::invalid(
            "--cells",
            cells,
            "must be finite and ≥ 4",
        ));
    }
    let case = CirclesCase::seed(cells);
    let r = circles::run(&case)?;
    write!(log, "{}", report_demos::write_circles(out, &case, &r)?).map_err(DdeError::Log)?;
    Ok(())
}

/// An asperity driven into an obstacle and broken off (seed 001 §4.2, Fig. 4).
///
/// # Errors
///
/// The errors of the DDE run ([`DdeError::Mesh`]); [`DdeError::Report`], [`DdeError::Io`] or
/// [`DdeError::Log`] when the report or the log cannot be written.
pub fn asperity_study(out: &Path, log: &mut dyn Write) -> Result<()> {
    let case = AsperityCase::seed();
    let r = asperity_breakoff::run(&case)?;
    write!(log, "{}", report_demos::write_asperity(out, &case, &r)?).map_err(DdeError::Log)?;
    Ok(())
}

/// Centre-cracked plate: Eq. 16's apparent toughness and fracture energy, one run per entry of
/// `cells`, with the threshold `name` (`eq16` or `crack-band`).
///
/// # Errors
///
/// [`DdeError::UnknownThreshold`] for a `name` other than `eq16` and `crack-band`; the errors of
/// the DDE runs ([`DdeError::Mesh`]); [`DdeError::Report`], [`DdeError::Io`] or [`DdeError::Log`]
/// when the report or the log cannot be written.
pub fn plate_study(cells: &[usize], name: &str, out: &Path, log: &mut dyn Write) -> Result<()> {
    for &c in cells {
        DDE_CELLS
            .check_count("--cells", c as u64)
            .map_err(|e| DdeError::Config(Box::new(e)))?;
        check_cells_work("--cells", c as f64, 1.0)?;
    }
    let mut case = CrackedPlate::new(cells.first().copied().unwrap_or(24));
    if name != "eq16" {
        case.strength = threshold(name)?;
    }
    let bar = crate::progress::bar(cells.len() as u64, "cracked plates");
    let mut rows = Vec::new();
    for &c in cells {
        let r = cracked_plate::run(&CrackedPlate { cells: c, ..case })?;
        rows.push(r);
        bar.inc(1);
    }
    crate::progress::finish(&bar);
    write!(log, "{}", report::write_plate(out, &case, &rows)?).map_err(DdeError::Log)?;
    Ok(())
}

/// Sliding wear over pressures × realisations → K(p), and optionally its table section.
///
/// # Errors
///
/// [`DdeError::InvalidValue`] naming the flag for realisations outside \[2, 10 000\], no pressure,
/// fewer than 8 cells, a pressure not finite and > 0, a negative or non-finite amplitude, or (with
/// `--into-table`) fewer than two pressures with debris for the K(p) fit;
/// [`DdeError::UnknownThreshold`]; the errors of the DDE runs; [`DdeError::ProvenanceTooLong`],
/// [`DdeError::InvalidTable`], [`DdeError::Table`] or [`DdeError::Merge`] when the wear section
/// cannot be built or put into the table; [`DdeError::Report`], [`DdeError::Io`],
/// [`DdeError::Json`] or [`DdeError::Log`] when an output cannot be written.
pub fn wear_study(config: &WearConfig, log: &mut dyn Write) -> Result<()> {
    let WearConfig {
        pressures,
        realisations,
        cells,
        amplitude,
        threshold: name,
        into_table,
        allow_foreign_material,
        seed,
        out,
    } = config.clone();
    if !(2..=crate::validate::rules::REALISATIONS_MAX).contains(&realisations) {
        return Err(DdeError::invalid(
            "--realisations",
            realisations as f64,
            "must be in [2, 10000]",
        ));
    }
    if pressures.is_empty() {
        return Err(DdeError::invalid(
            "number of --pressures",
            0.0,
            "must be ≥ 1",
        ));
    }
    DDE_CELLS
        .check_count("--cells", cells as u64)
        .map_err(|e| DdeError::Config(Box::new(e)))?;
    check_cells_work(
        "--cells",
        cells as f64,
        pressures.len() as f64 * realisations as f64,
    )?;
    if let Some(p) = pressures.iter().find(|p| !(p.is_finite() && **p > 0.0)) {
        return Err(DdeError::invalid(
            "--pressures",
            *p,
            "must be finite and > 0 Pa",
        ));
    }
    let mut template = SlidingWearCase::quick(0.0, seed, 0);
    template.spacing = template.length / cells as f64;
    if !(amplitude.is_finite() && amplitude >= 0.0) {
        return Err(DdeError::invalid(
            "--amplitude",
            amplitude,
            "must be finite and ≥ 0 m",
        ));
    }
    template.amplitude = amplitude;
    template.strength = threshold(&name)?;
    if let Some(path) = &into_table {
        crate::studies::dde::wear_study::check_into_table(path, allow_foreign_material)?;
    }
    let sweep = WearSweep {
        pressures,
        realisations,
        seed,
        template,
    };
    crate::errln!(
        "running {} sliding cases…",
        sweep.pressures.len() as u64 * realisations
    );
    let points = run_sweep(&sweep)?;
    let fit = fit_power_law(&points, seed);
    write!(log, "{}", report::write_wear(&out, &points, fit.as_ref())?).map_err(DdeError::Log)?;
    if let Some(f) = fit {
        let provenance = SectionProvenance {
            calibrator_version: heapless::String::try_from(env!("CARGO_PKG_VERSION")).map_err(
                |_| DdeError::ProvenanceTooLong {
                    field: "calibrator_version",
                    value: env!("CARGO_PKG_VERSION"),
                },
            )?,
            preset: heapless::String::try_from("fretting-wear").map_err(|_| {
                DdeError::ProvenanceTooLong {
                    field: "preset",
                    value: "fretting-wear",
                }
            })?,
            seed,
            config_hash: crate::studies::dde::wear_study::sweep_hash(&sweep),
            cases: (points.len() as u64 * realisations) as u32,
        };
        // K0 has not been shown to converge with the mesh: only the shape goes in.
        let section = wear_section(&f, &points, WearForm::ShapeOnly, provenance);
        section
            .validate()
            .map_err(|source| DdeError::InvalidTable {
                what: "wear section",
                source,
            })?;
        let json = serde_json::to_string_pretty(&section)?;
        crate::studies::dde::error::write_file(&out.join("wear_section.json"), json.as_bytes())?;
        if let Some(path) = into_table {
            let bytes = crate::studies::dde::wear_study::write_into_table(
                &path,
                section,
                allow_foreign_material,
            )?;
            writeln!(
                log,
                "wear section written into {} ({bytes} bytes)",
                path.display()
            )
            .map_err(DdeError::Log)?;
        }
    } else if into_table.is_some() {
        return Err(DdeError::invalid(
            "pressures with debris (--into-table)",
            points.iter().filter(|p| p.k_mean > 0.0).count() as f64,
            "the K(p) fit needs ≥ 2 pressures with debris",
        ));
    }
    Ok(())
}

/// K at one pressure under mesh refinement, paired over realisations, with 95 % CIs.
///
/// # Errors
///
/// [`DdeError::InvalidValue`] naming the flag for fewer than two meshes, a mesh under 8 cells,
/// realisations outside \[2, 10 000\] or a pressure not finite and > 0;
/// [`DdeError::UnknownThreshold`]; the errors of the DDE runs; [`DdeError::Report`],
/// [`DdeError::Io`] or [`DdeError::Log`] when an output cannot be written.
pub fn mesh_study(config: &MeshStudyConfig, log: &mut dyn Write) -> Result<()> {
    let MeshStudyConfig {
        cells,
        pressure,
        realisations,
        threshold: name,
        seed,
        out,
    } = config.clone();
    if cells.len() < 2 {
        return Err(DdeError::invalid(
            "number of --cells",
            cells.len() as f64,
            "must be ≥ 2",
        ));
    }
    for &c in &cells {
        DDE_CELLS
            .check_count("--cells", c as u64)
            .map_err(|e| DdeError::Config(Box::new(e)))?;
    }
    if !(2..=crate::validate::rules::REALISATIONS_MAX).contains(&realisations) {
        return Err(DdeError::invalid(
            "--realisations",
            realisations as f64,
            "must be in [2, 10000]",
        ));
    }
    if !(pressure.is_finite() && pressure > 0.0) {
        return Err(DdeError::invalid(
            "--pressure",
            pressure,
            "must be finite and > 0 Pa",
        ));
    }
    let largest = cells.iter().copied().max().unwrap_or(0) as f64;
    check_cells_work("--cells", largest, realisations as f64)?;
    let mut template = SlidingWearCase::quick(pressure, seed, 0);
    template.strength = threshold(&name)?;
    let study = KMeshStudy {
        cells,
        realisations,
        template,
    };
    crate::errln!(
        "running {} sliding cases…",
        study.cells.len() as u64 * realisations
    );
    let outcome = run_study(&study)?;
    write!(log, "{}", report::write_k_mesh(&out, &name, &outcome)?).map_err(DdeError::Log)?;
    Ok(())
}
