//! `tribo dem`: wear flakes between a sliding rigid rough tool and a rigid rough surface
//! (seed 000 §5 Step 1, Fig. 8–9), without the BEM.
//!
//! Surfaces are generated (self-affine, seed 000 §6.1) or loaded from plain-text matrices
//! (whitespace- or comma-separated, one row per y, heights in µm; read by
//! [`crate::surface::read_height_map`]). The tool's vertical position is, by
//! default, the lowest at which the two rigid surfaces do not interpenetrate anywhere along
//! the sliding path (they "just touch"), or a given mean gap (`--gap-um`).
//!
//! Outputs in `--out`: `flakes.csv` (states per pixel of sliding), `history.csv` + plots
//! (blocked count, energies, largest overlap vs sliding distance), `snapshot_{initial,final}`
//! (heatmap of h_Def with flake footprints burnt in as magenta: outlines of free flakes, filled
//! blocked ones — the report's Heatmap has no overlay layer), `outlines_{initial,final}`
//! (flake outlines as a line plot), `summary.txt`.

use std::path::PathBuf;

use anyhow::Result;

use crate::pipeline::dem_run::{DemRunConfig, run_dem};

/// Arguments of `tribo dem` (boxed: the option set is large).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The options.
    #[command(flatten)]
    pub options: Box<DemOptions>,
}

/// Options of `tribo dem`.
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
    /// Side of the periodic domain of generated surfaces [µm] (seed 000: 500).
    #[arg(long, default_value_t = 500.0)]
    pub length_um: f64,
    /// Hurst exponent of generated surfaces (seed 000: 0.8).
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
    /// RMS height of the deformable surface [µm] (seed 000: aluminium 1.40).
    #[arg(long, default_value_t = 1.40)]
    pub def_rms_um: f64,
    /// RMS height of the tool [µm] (seed 000: 0.60).
    #[arg(long, default_value_t = 0.60)]
    pub tool_rms_um: f64,
    /// Load h_Def from a text matrix (rows = y, heights in µm) instead of generating it.
    #[arg(long, requires = "spacing_um")]
    pub def_file: Option<PathBuf>,
    /// Load h_Tool from a text matrix (rows = y, heights in µm) instead of generating it.
    #[arg(long, requires = "spacing_um")]
    pub tool_file: Option<PathBuf>,
    /// Grid spacing of loaded matrices [µm].
    #[arg(long)]
    pub spacing_um: Option<f64>,
    /// Number of flakes N_p.
    #[arg(long, default_value_t = 20)]
    pub flakes: usize,
    /// Read flakes from a CSV (columns x, y [m]; optional z, qw, qx, qy, qz, vx, vy, vz).
    #[arg(long)]
    pub placement: Option<PathBuf>,
    /// Flake diameter d_p [µm] (seed 000: 6–100).
    #[arg(long, default_value_t = 12.0)]
    pub diameter_um: f64,
    /// Flake thickness h_p [µm] (seed 000: 0.5).
    #[arg(long, default_value_t = 0.5)]
    pub thickness_um: f64,
    /// Flake density [kg/m³] (aluminium 2700; alumina 3950).
    #[arg(long, default_value_t = 2700.0)]
    pub density: f64,
    /// Tool sliding speed v0 [m/s].
    #[arg(long, default_value_t = 10.0)]
    pub v0: f64,
    /// Viscous damping per unit mass γ = η/m [1/s] (Eq. 15–16; η = γ·m, η_rot = η·I₁/m), the
    /// meaning and default of the config's `flakes.damping` (the presets' 10⁸ 1/s). It was
    /// `--eta` in kg/s with a default of 1e-7 kg/s (γ ≈ 6.5e5 1/s for a 12 µm flake).
    #[arg(long, default_value_t = 1e8)]
    pub damping: f64,
    /// Reduced modulus E* for the Hertz force estimate [GPa] (seed 000: 55).
    #[arg(long, default_value_t = 55.0)]
    pub e_star_gpa: f64,
    /// Impact speed for the penalty stiffness [m/s] (default: v0).
    #[arg(long)]
    pub impact_speed: Option<f64>,
    /// Sliding distance [µm].
    #[arg(long, default_value_t = 20.0)]
    pub distance_um: f64,
    /// Mean gap between tool and surface [µm] (default: surfaces just touch along the path).
    #[arg(long)]
    pub gap_um: Option<f64>,
    /// Largest initial tilt of the flakes [deg].
    #[arg(long, default_value_t = 5.0)]
    pub max_tilt_deg: f64,
    /// Write flake states every this many pixels.
    #[arg(long, default_value_t = 1)]
    pub every: usize,
}

/// Runs `tribo dem`.
pub fn run(args: Args) -> Result<()> {
    let o = *args.options;
    crate::validate::flags::check_dem(o.n, o.max_tilt_deg, o.every)?;
    let config = DemRunConfig {
        out: o.out,
        seed: o.seed,
        n: o.n,
        length_um: o.length_um,
        hurst: o.hurst,
        k_l: o.k_l,
        k_r: o.k_r,
        k_s: o.k_s,
        def_rms_um: o.def_rms_um,
        tool_rms_um: o.tool_rms_um,
        def_file: o.def_file,
        tool_file: o.tool_file,
        spacing_um: o.spacing_um,
        flakes: o.flakes,
        placement: o.placement,
        diameter_um: o.diameter_um,
        thickness_um: o.thickness_um,
        density: o.density,
        v0: o.v0,
        damping: o.damping,
        e_star_gpa: o.e_star_gpa,
        impact_speed: o.impact_speed,
        distance_um: o.distance_um,
        gap_um: o.gap_um,
        max_tilt_deg: o.max_tilt_deg,
        every: o.every,
    };
    let done = run_dem(&config)?;
    print!("{}", done.summary);
    println!("wrote {}", done.out.display());
    Ok(())
}
