//! `tribo fretting` (alias `tribo dde`; its stage is `pipeline::dde`): seed 001's deformable
//! discrete elements — the incline validation, the two circles and the asperity break-off
//! demonstrations, the centre-cracked plate, the sliding-wear sweep that gives K(p) and its
//! mesh study.

use std::path::PathBuf;

use anyhow::Result;

use crate::validate::units;

use crate::pipeline::dde::{
    MeshStudyConfig, WearConfig, asperity_study, circles_study, incline_study, mesh_study,
    plate_study, wear_study,
};

/// Arguments of `tribo fretting`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `tribo fretting --threads N <study>`, the spelling before issue 45: hidden, accepted
    /// with a warning, and applied to the studies that run in parallel (`wear`,
    /// `mesh-study`), which take `--threads` themselves now.
    #[arg(
        long = "threads",
        id = "fretting_threads",
        value_name = "N",
        hide = true
    )]
    pub fretting_threads: Option<usize>,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// The study.
    #[command(subcommand)]
    pub study: FrettingStudy,
}

/// The studies.
#[derive(Debug, clap::Subcommand)]
pub enum FrettingStudy {
    /// Block on a 15° incline (seed 001 §4.3): stick/slip against the rigid-block closed form.
    #[command(after_help = crate::examples::FRETTING_INCLINE)]
    Incline {
        /// Static friction coefficient [-].
        #[arg(long, default_value_t = 0.25)]
        mu_static: f64,
        /// Kinetic friction coefficient [-].
        #[arg(long, default_value_t = 0.20)]
        mu_kinetic: f64,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/incline")]
        out: PathBuf,
        /// Its work runs on one thread: `--threads` is accepted, with a warning, and ignored.
        #[command(flatten)]
        threads: super::run_options::SerialThreads,
    },
    /// Two circles pressed together and slid (seed 001 §4.1): contact half-width vs Hertz,
    /// tangential force vs μN.
    #[command(after_help = crate::examples::FRETTING_CIRCLES)]
    Circles {
        /// Elements across a radius [-] (h = R/cells).
        #[arg(long, default_value_t = 20.0)]
        cells: f64,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/circles")]
        out: PathBuf,
        /// Its work runs on one thread: `--threads` is accepted, with a warning, and ignored.
        #[command(flatten)]
        threads: super::run_options::SerialThreads,
    },
    /// An asperity driven into an obstacle and broken off (seed 001 §4.2, Fig. 4).
    #[command(after_help = crate::examples::FRETTING_ASPERITY)]
    Asperity {
        /// Output folder.
        #[arg(long, default_value = "out/fretting/asperity")]
        out: PathBuf,
        /// Its work runs on one thread: `--threads` is accepted, with a warning, and ignored.
        #[command(flatten)]
        threads: super::run_options::SerialThreads,
    },
    /// Centre-cracked plate: Eq. 16's apparent toughness and fracture energy under refinement.
    #[command(after_help = crate::examples::FRETTING_PLATE)]
    Plate {
        /// Cells across the plate, one run each.
        #[arg(long, value_delimiter = ',', default_value = "24,48,96")]
        cells: Vec<usize>,
        /// Fracture threshold: `eq16` (a = ½√A_j, uncalibrated) or `crack-band`.
        #[arg(long, default_value = "eq16")]
        threshold: String,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/plate")]
        out: PathBuf,
        /// Its work runs on one thread: `--threads` is accepted, with a warning, and ignored.
        #[command(flatten)]
        threads: super::run_options::SerialThreads,
    },
    /// Sliding wear between two rough zirconia bodies over pressures × realisations → K(p).
    #[command(after_help = crate::examples::FRETTING_WEAR)]
    Wear {
        /// Nominal pressures [Pa] (SI or with a unit: `100MPa,200MPa`).
        #[arg(long, value_delimiter = ',', value_parser = units::pascals,
            default_value = "100MPa,200MPa,400MPa")]
        pressures: Vec<f64>,
        /// Surface realisations per pressure.
        #[arg(long, default_value_t = 4)]
        realisations: u64,
        /// Cells along the top body (mesh size h = L/cells).
        #[arg(long, default_value_t = 40)]
        cells: usize,
        /// Fretting slip amplitude [m] (0: unidirectional sliding over L/2; SI or with a
        /// unit: `20um`).
        #[arg(long, value_parser = units::metres, default_value = "0")]
        amplitude: f64,
        /// Fracture threshold: `eq16` (calibrated flaw fraction), `crack-band`,
        /// `material-flaw` (Eq. 16 with a fixed flaw of 2.2 µm) or `cohesive` (softening
        /// from σ_t = 1 GPa, G_c per unit crack length).
        #[arg(long, default_value = "eq16")]
        threshold: String,
        /// Also put the wear section into this calibration table (format 3), atomically.
        #[arg(long)]
        into_table: Option<PathBuf>,
        /// Put the wear section (seed 001: zirconia, dry fretting) into a table of another
        /// material pair (refused without it).
        #[arg(long)]
        allow_foreign_material: bool,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/wear")]
        out: PathBuf,
        /// Worker threads.
        #[command(flatten)]
        threads: super::run_options::Threads,
    },
    /// K at one pressure under mesh refinement, paired over realisations, with 95 % CIs.
    #[command(after_help = crate::examples::FRETTING_MESH_STUDY)]
    MeshStudy {
        /// Cells along the top body, coarse to fine.
        #[arg(long, value_delimiter = ',', default_value = "20,40,80")]
        cells: Vec<usize>,
        /// Nominal pressure [Pa] (SI or with a unit: `200MPa`).
        #[arg(long, value_parser = units::pascals, default_value = "200MPa")]
        pressure: f64,
        /// Surface realisations (the same on every mesh).
        #[arg(long, default_value_t = 8)]
        realisations: u64,
        /// Fracture threshold: `eq16` (calibrated flaw fraction), `crack-band`,
        /// `material-flaw` (Eq. 16 with a fixed flaw of 2.2 µm) or `cohesive` (softening
        /// from σ_t = 1 GPa, G_c per unit crack length).
        #[arg(long, default_value = "eq16")]
        threshold: String,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output folder.
        #[arg(long, default_value = "out/fretting/mesh-study")]
        out: PathBuf,
        /// Worker threads.
        #[command(flatten)]
        threads: super::run_options::Threads,
    },
}

impl Args {
    /// The study's `--threads`, where its work runs in parallel (`wear`, `mesh-study`; the
    /// study's own flag, else the old `tribo fretting --threads N`); `None` for the serial
    /// studies.
    pub fn threads(&self) -> Option<super::run_options::Threads> {
        match &self.study {
            FrettingStudy::Wear { threads, .. } | FrettingStudy::MeshStudy { threads, .. } => {
                Some(super::run_options::Threads {
                    threads: threads.threads.or(self.fretting_threads),
                })
            }
            _ => None,
        }
    }
}

/// Runs the study.
pub fn run(args: Args) -> Result<()> {
    let log = &mut std::io::stdout();
    let outcome = match args.study {
        FrettingStudy::Incline {
            mu_static,
            mu_kinetic,
            out,
            ..
        } => incline_study(mu_static, mu_kinetic, &out, log),
        FrettingStudy::Circles { cells, out, .. } => circles_study(cells, &out, log),
        FrettingStudy::Asperity { out, .. } => asperity_study(&out, log),
        FrettingStudy::Plate {
            cells,
            threshold,
            out,
            ..
        } => plate_study(&cells, &threshold, &out, log),
        FrettingStudy::Wear {
            pressures,
            realisations,
            cells,
            amplitude,
            threshold,
            into_table,
            allow_foreign_material,
            seed,
            out,
            ..
        } => {
            crate::validate::flags::check_fretting(&pressures, amplitude)?;
            wear_study(
                &WearConfig {
                    pressures,
                    realisations,
                    cells,
                    amplitude,
                    threshold,
                    into_table,
                    allow_foreign_material,
                    seed,
                    out,
                },
                log,
            )
        }
        FrettingStudy::MeshStudy {
            cells,
            pressure,
            realisations,
            threshold,
            seed,
            out,
            ..
        } => {
            crate::validate::flags::check_fretting(&[pressure], 0.0)?;
            mesh_study(
                &MeshStudyConfig {
                    cells,
                    pressure,
                    realisations,
                    threshold,
                    seed,
                    out,
                },
                log,
            )
        }
    };
    Ok(outcome?)
}
