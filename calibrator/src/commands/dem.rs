//! `tribo dem`: wear flakes between a sliding rigid rough tool and a rigid rough surface
//! (seed 000 §5 Step 1, Fig. 8–9), without the BEM.
//!
//! Surfaces are generated (self-affine, seed 000 §6.1) or loaded from measured maps: plain-text
//! matrices (whitespace- or comma-separated, one row per y, heights in units of
//! `--height-unit`, µm by default) or X3P, read and checked as `tribo contact --deformable-file` reads
//! them ([`crate::surface::SurfaceSource`]). The
//! tool's vertical position is, by default, the lowest at which the two rigid surfaces do not
//! interpenetrate anywhere along the sliding path (they "just touch"), or a given mean gap
//! (`--gap`).
//!
//! Outputs in `--out`: `flakes.csv` (states per pixel of sliding), `history.csv` + plots
//! (blocked count, energies, largest overlap vs sliding distance), `snapshot_{initial,final}`
//! (heatmap of h_Def with flake footprints burnt in as magenta: outlines of free flakes, filled
//! blocked ones — the report's Heatmap has no overlay layer), `outlines_{initial,final}`
//! (flake outlines as a line plot), `summary.txt`.

use std::path::PathBuf;

use anyhow::Result;

use crate::pipeline::dem_run::{DemRunConfig, run_dem};
use crate::validate::units;

/// Arguments of `tribo dem` (boxed: the option set is large).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Worker threads.
    #[command(flatten)]
    pub threads: super::run_options::Threads,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// The options.
    #[command(flatten)]
    pub options: Box<DemOptions>,
}

/// Options of `tribo dem`. Physical flags are SI or carry their unit (`500um`, `55GPa`,
/// `10m/s`); a bare number in the old units (`--length 500`, once µm) is refused by its
/// plausibility rule ([`crate::validate::rules::DEM_LENGTH_M`], [`crate::validate::rules::MODULUS`]).
#[derive(Debug, clap::Args)]
pub struct DemOptions {
    /// Output folder.
    #[arg(long, default_value = "out/dem")]
    pub out: PathBuf,
    /// Master seed (surfaces and placement).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Grid points per side of generated surfaces.
    #[arg(long, default_value_t = 256)]
    pub n: usize,
    /// Side of the periodic domain of generated surfaces [m] (seed 000: 500 µm).
    #[arg(long, value_parser = units::metres, default_value = "500um")]
    pub length: f64,
    /// Hurst exponent of generated surfaces [-] (seed 000: 0.8).
    #[arg(long, default_value_t = 0.8)]
    pub hurst: f64,
    /// Long-wavelength cutoff [modes of 2π/L].
    #[arg(long, default_value_t = 2.0)]
    pub k_l: f64,
    /// Roll-off [modes of 2π/L].
    #[arg(long, default_value_t = 2.0)]
    pub k_r: f64,
    /// Short-wavelength cutoff [modes of 2π/L] (k_l/k_s = 1/32 ≈ 3/100, seed 000 §6.1).
    #[arg(long, default_value_t = 64.0)]
    pub k_s: f64,
    /// RMS height of the deformable surface [m] (seed 000: aluminium 1.40 µm).
    #[arg(long, value_parser = units::metres, default_value = "1.40um")]
    pub def_rms: f64,
    /// RMS height of the tool [m] (seed 000: 0.60 µm).
    #[arg(long, value_parser = units::metres, default_value = "0.60um")]
    pub tool_rms: f64,
    /// Load h_Def from a measured map instead of generating it, as `tribo contact
    /// --deformable-file` and the config's `[surface.deformable_file]`: a text matrix (rows = y,
    /// heights in units of --height-unit; needs --spacing, checked by name before the file is
    /// read) or `*.x3p` (it was `--def-file`, still accepted with a warning).
    #[arg(long = "deformable-file", value_name = "FILE", alias = "def-file")]
    pub def_file: Option<PathBuf>,
    /// Load h_Tool from a measured map instead of generating it (as --deformable-file; the
    /// config's `[surface.tool_file]`).
    #[arg(long, value_name = "FILE")]
    pub tool_file: Option<PathBuf>,
    /// Pixel spacing of loaded matrices, the same in x and y [m] (SI or with a unit: `1um`;
    /// the config's `spacing`, as `tribo contact --spacing`).
    #[arg(long, value_parser = units::metres)]
    pub spacing: Option<f64>,
    /// Height unit of loaded text matrices: metres per unit of their numbers [m] (1e-6 for µm;
    /// the config's `height_unit`; an X3P file carries its own).
    #[arg(long, default_value_t = crate::surface::source::DEFAULT_TEXT_HEIGHT_UNIT,
        value_parser = units::metres)]
    pub height_unit: f64,
    /// Whose velocity the flakes' viscous drag (seed 000 Eq. 15–16) is measured against:
    /// `lubricant` (the Couette flow in the gap and Jeffery's rotation — the default of
    /// `tribo calibrate`, `flakes.drag_frame`) or `sheet` (toward rest in the sheet's frame,
    /// the equations read literally).
    #[arg(long, value_enum, default_value_t = crate::dem::DragFrame::default().into())]
    pub drag_frame: DragFrameArg,
    /// What moves the flakes (`dem.integrator` of `tribo calibrate`): `explicit` (the damped
    /// velocity Verlet at its stable step, the reference), `overdamped` (backward Euler of the
    /// inertia-free flow, needs `--damping` > 0), `inertial` (backward Euler with inertia) or
    /// `auto` (overdamped where the Stokes ratio v0/(γ·δx) ≤ 0.01, else explicit).
    #[arg(long, value_enum, default_value_t = IntegratorArg::Explicit)]
    pub integrator: IntegratorArg,
    /// Number of flakes N_p.
    #[arg(long, default_value_t = 20)]
    pub flakes: usize,
    /// Read flakes from a CSV (columns x, y [m]; optional z, qw, qx, qy, qz, vx, vy, vz).
    #[arg(long)]
    pub placement: Option<PathBuf>,
    /// Flake diameter d_p [m] (seed 000: 6–100 µm).
    #[arg(long, value_parser = units::metres, default_value = "12um")]
    pub diameter: f64,
    /// Flake thickness h_p [m] (seed 000: 0.5 µm).
    #[arg(long, value_parser = units::metres, default_value = "0.5um")]
    pub thickness: f64,
    /// Flake density [kg/m³] (aluminium 2700; alumina 3950).
    #[arg(long, default_value_t = 2700.0, value_parser = crate::validate::units::kilograms_per_cubic_metre)]
    pub density: f64,
    /// Tool sliding speed v0 [m/s] (SI or with a unit).
    #[arg(long, value_parser = units::metres_per_second, default_value = "10")]
    pub v0: f64,
    /// Viscous damping per unit mass γ = η/m [1/s] (Eq. 15–16; η = γ·m, η_rot = η·I₁/m), the
    /// meaning and default of the config's `flakes.damping` (the presets' 10⁸ 1/s). It was
    /// `--eta` in kg/s with a default of 1e-7 kg/s (γ ≈ 6.5e5 1/s for a 12 µm flake).
    #[arg(long, default_value_t = 1e8, value_parser = crate::validate::units::per_second)]
    pub damping: f64,
    /// Reduced modulus E* for the Hertz force estimate [Pa] (seed 000: 55 GPa; SI or with a
    /// unit).
    #[arg(long, value_parser = units::pascals, default_value = "55GPa")]
    pub e_star: f64,
    /// Impact speed for the penalty stiffness [m/s] (default: v0).
    #[arg(long, value_parser = units::metres_per_second)]
    pub impact_speed: Option<f64>,
    /// Sliding distance [m] (SI or with a unit).
    #[arg(long, value_parser = units::metres, default_value = "20um")]
    pub distance: f64,
    /// Mean gap between tool and surface [m] (default: surfaces just touch along the path).
    #[arg(long, value_parser = units::metres, allow_hyphen_values = true)]
    pub gap: Option<f64>,
    /// Largest initial tilt of the flakes [rad] (SI, or with a unit: 5deg). It was
    /// `--max-tilt-deg` in degrees.
    #[arg(long, value_parser = units::radians, default_value = "5deg")]
    pub max_tilt: f64,
    /// Write flake states every this many pixels.
    #[arg(long, default_value_t = 1)]
    pub every: usize,
}

/// `--drag-frame` (a clap mirror of [`crate::dem::DragFrame`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DragFrameArg {
    /// Toward rest in the deformable sheet's frame.
    Sheet,
    /// Toward the lubricant's Couette flow and Jeffery rotation.
    Lubricant,
}

impl From<crate::dem::DragFrame> for DragFrameArg {
    fn from(f: crate::dem::DragFrame) -> Self {
        match f {
            crate::dem::DragFrame::Sheet => Self::Sheet,
            crate::dem::DragFrame::Lubricant => Self::Lubricant,
        }
    }
}

impl From<DragFrameArg> for crate::dem::DragFrame {
    fn from(f: DragFrameArg) -> Self {
        match f {
            DragFrameArg::Sheet => Self::Sheet,
            DragFrameArg::Lubricant => Self::Lubricant,
        }
    }
}

/// `--integrator` (a clap mirror of [`crate::dem::IntegratorChoice`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum IntegratorArg {
    /// By the Stokes ratio.
    Auto,
    /// The damped velocity Verlet (the reference).
    Explicit,
    /// Backward Euler of the overdamped flow.
    Overdamped,
    /// Backward Euler with inertia.
    Inertial,
}

impl From<IntegratorArg> for crate::dem::IntegratorChoice {
    fn from(a: IntegratorArg) -> Self {
        match a {
            IntegratorArg::Auto => Self::Auto,
            IntegratorArg::Explicit => Self::Explicit,
            IntegratorArg::Overdamped => Self::Overdamped,
            IntegratorArg::Inertial => Self::Inertial,
        }
    }
}

/// Runs `tribo dem`.
pub fn run(args: Args) -> Result<()> {
    let o = *args.options;
    crate::validate::flags::check_dem(o.n, o.max_tilt, o.every)?;
    crate::validate::flags::check_dem_files(
        o.def_file.as_deref(),
        o.tool_file.as_deref(),
        o.spacing,
    )?;
    crate::validate::flags::check_dem_units(
        &[
            ("--length (m, or with a unit: 500um)", Some(o.length)),
            ("--def-rms (m, or with a unit: 1.4um)", Some(o.def_rms)),
            ("--tool-rms (m, or with a unit: 0.6um)", Some(o.tool_rms)),
            ("--spacing (m, or with a unit: 1um)", o.spacing),
            ("--diameter (m, or with a unit: 12um)", Some(o.diameter)),
            ("--thickness (m, or with a unit: 0.5um)", Some(o.thickness)),
            ("--distance (m, or with a unit: 20um)", Some(o.distance)),
        ],
        o.gap,
        o.e_star,
    )?;
    {
        use crate::validate::rules::{
            DAMPING_PER_S, DENSITY, HEIGHT_UNIT_M, SLIDING_SPEED, STRIDE,
        };
        HEIGHT_UNIT_M.check(
            "--height-unit (m per unit of the file: 1e-6 for µm)",
            o.height_unit,
        )?;
        DENSITY.check("--density (kg/m³)", o.density)?;
        DAMPING_PER_S.check("--damping (1/s)", o.damping)?;
        SLIDING_SPEED.check("--v0 (m/s, or with a unit: 80mm/s)", o.v0)?;
        if let Some(v) = o.impact_speed {
            SLIDING_SPEED.check("--impact-speed (m/s, or with a unit: 10m/s)", v)?;
        }
        STRIDE.check_count("--every", o.every as u64)?;
        if o.def_file.is_none() || o.tool_file.is_none() {
            crate::validate::flags::check_spectrum(o.hurst, [o.k_l, o.k_r, o.k_s], o.n)?;
        }
    }
    let config = DemRunConfig {
        out: o.out,
        seed: o.seed,
        n: o.n,
        length: o.length,
        hurst: o.hurst,
        k_l: o.k_l,
        k_r: o.k_r,
        k_s: o.k_s,
        def_rms: o.def_rms,
        tool_rms: o.tool_rms,
        def_file: o.def_file,
        tool_file: o.tool_file,
        spacing: o.spacing,
        height_unit: o.height_unit,
        drag_frame: o.drag_frame.into(),
        integrator: o.integrator.into(),
        flakes: o.flakes,
        placement: o.placement,
        diameter: o.diameter,
        thickness: o.thickness,
        density: o.density,
        v0: o.v0,
        damping: o.damping,
        e_star: o.e_star,
        impact_speed: o.impact_speed,
        distance: o.distance,
        gap: o.gap,
        max_tilt: o.max_tilt,
        every: o.every,
    };
    let done = run_dem(&config)?;
    tribo_calibrator::out!("{}", done.summary);
    tribo_calibrator::outln!("wrote {}", done.out.display());
    Ok(())
}
