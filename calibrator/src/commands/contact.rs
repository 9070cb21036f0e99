//! `tribo contact`: generate (or load) a rough surface, sweep the mean pressure with the FFT-BEM
//! (warm-started from one pressure to the next), and report A_c/A_0, contact clusters (N_c,
//! d̄_c), summits (N_s, d̄ = L/√N_s), the mean gap, solver iterations and residuals, κ of Eq. 8
//! and the nucleation fit d̄_c = C/√p (seed 000 §6.3, Fig. 14, App. D–E).
//!
//! The surface is the composite roughness h_def − h_tool pressed on a flat: g = −h, so contact
//! starts at its summits. Outputs in `--out`: `sweep.csv`, `psd.csv`, `summary.json`, plots
//! `area_vs_p`, `dc_vs_p`, `fig14_clusters_vs_p` (Fig. 14, two axes), `contact_map` (SVG + PNG).

use std::path::PathBuf;

use anyhow::Result;

use crate::bem::{Connectivity, Material};
use crate::pipeline::contact::{ContactConfig, run_contact};
use crate::surface::self_affine::ModeOrder;
use crate::surface::{HeightMap, Rescale, SelfAffine, SlopeDefinition, SurfaceSource};

/// How the RMS slope is defined for `--rms-slope`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SlopeDef {
    /// From the Fourier spectrum.
    Spectral,
    /// From periodic forward differences.
    Fd,
}

/// `--connectivity`: the CLI names of [`Connectivity`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ConnectivityArg {
    /// Edge neighbours.
    #[value(name = "4")]
    Four,
    /// Edge and corner neighbours.
    #[value(name = "8")]
    Eight,
}

impl From<ConnectivityArg> for Connectivity {
    fn from(c: ConnectivityArg) -> Self {
        match c {
            ConnectivityArg::Four => Self::Four,
            ConnectivityArg::Eight => Self::Eight,
        }
    }
}

impl From<Connectivity> for ConnectivityArg {
    fn from(c: Connectivity) -> Self {
        match c {
            Connectivity::Four => Self::Four,
            Connectivity::Eight => Self::Eight,
        }
    }
}

/// Surface of `tribo contact`: loaded or generated.
#[derive(Debug, Clone, clap::Args)]
pub struct SurfaceArgs {
    /// Load a measured height map instead of generating one: `*.x3p` (ISO 25178-72, spacing
    /// and height unit from the file) or a text/CSV matrix, one grid row per line (needs
    /// --spacing). The config's `[surface.deformable_file]` with its keys, and `tribo dem
    /// --deformable-file` (it was `--load`, still accepted with a warning).
    #[arg(long = "deformable-file", value_name = "FILE", alias = "load")]
    pub deformable_file: Option<PathBuf>,
    /// Pixel spacing of a loaded text/CSV map, the same in x and y [m] (SI or with a unit:
    /// `0.5um`; the config's `spacing`).
    #[arg(long, value_parser = crate::validate::units::metres, requires = "deformable_file")]
    pub spacing: Option<f64>,
    /// Height unit of a loaded text/CSV map: metres per unit of its numbers [m] (the config's
    /// `height_unit`; default 1e-6, heights in µm).
    #[arg(long, requires = "deformable_file", value_parser = crate::validate::units::metres)]
    pub height_unit: Option<f64>,
    /// Hurst exponent H of a generated surface [-].
    #[arg(long, default_value_t = 0.8)]
    pub hurst: f64,
    /// Long-wavelength cutoff k_l [2π/L].
    #[arg(long, default_value_t = 1.0)]
    pub k_l: f64,
    /// Roll-off k_r [2π/L].
    #[arg(long, default_value_t = 4.0)]
    pub k_r: f64,
    /// Short-wavelength cutoff k_s [2π/L].
    #[arg(long, default_value_t = 32.0)]
    pub k_s: f64,
    /// Grid points per side of a generated surface.
    #[arg(long, default_value_t = 128)]
    pub n: usize,
    /// Side of a generated surface [m] (SI or with a unit: `100um`).
    #[arg(long, default_value_t = 100e-6, value_parser = crate::validate::units::metres)]
    pub length: f64,
    /// Target RMS height [m] (exclusive with --rms-slope; SI or with a unit: `1.4um`).
    #[arg(long, conflicts_with = "rms_slope", value_parser = crate::validate::units::metres)]
    pub rms_height: Option<f64>,
    /// Target RMS slope [-] (default 0.34, seed 000 aluminium).
    #[arg(long)]
    pub rms_slope: Option<f64>,
    /// Definition of the RMS slope for --rms-slope.
    #[arg(long, value_enum, default_value_t = SlopeDef::Spectral)]
    pub slope_definition: SlopeDef,
    /// Random seed of the generated surface.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// Arguments of `tribo contact`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// Output folder.
    #[arg(long, default_value = "report/contact")]
    pub out: PathBuf,
    /// The rough surface.
    #[command(flatten)]
    pub surface: Box<SurfaceArgs>,
    /// Effective modulus E* [Pa] (SI or with a unit: `55GPa`).
    #[arg(long, default_value_t = 55e9, value_parser = crate::validate::units::pascals)]
    pub e_star: f64,
    /// Saturation pressure p_crit [Pa] (seed 000: 340 MPa).
    #[arg(long, default_value_t = 340e6, conflicts_with = "elastic", value_parser = crate::validate::units::pascals)]
    pub p_crit: f64,
    /// Purely elastic contact (no saturation).
    #[arg(long)]
    pub elastic: bool,
    /// Lowest mean pressure [Pa] (SI or with a unit: `1MPa`).
    #[arg(long, default_value_t = 1e6, value_parser = crate::validate::units::pascals)]
    pub p_min: f64,
    /// Highest mean pressure [Pa] (SI or with a unit: `100MPa`).
    #[arg(long, default_value_t = 100e6, value_parser = crate::validate::units::pascals)]
    pub p_max: f64,
    /// Number of pressures (log-spaced).
    #[arg(long, default_value_t = 12)]
    pub steps: usize,
    /// Convergence tolerance of the BEM [-] (relative projected gradient).
    #[arg(long, default_value_t = 1e-10)]
    pub tolerance: f64,
    /// Cluster connectivity (4 or 8).
    #[arg(long, value_enum, default_value_t = Connectivity::default().into())]
    pub connectivity: ConnectivityArg,
    /// Largest p/E* used in the κ fit [-] (Eq. 8, low-pressure slope).
    #[arg(long, default_value_t = 0.02)]
    pub kappa_max_p_over_e: f64,
}

/// The surface flags' rules: a loaded map's spacing and height unit, a generated surface's
/// side, RMS height and slope (each was accepted at 1.8e19 or NaN).
fn check_surface_flags(args: &SurfaceArgs) -> Result<()> {
    use crate::validate::rules::{
        ATOM_M, DEM_LENGTH_M, HEIGHT_UNIT_M, RMS_HEIGHT_M, RMS_SLOPE, SURFACE_SIDE_M,
    };
    if let Some(dx) = args.spacing {
        DEM_LENGTH_M.check("--spacing (m, or with a unit: 0.5um)", dx)?;
    }
    if let Some(u) = args.height_unit {
        HEIGHT_UNIT_M.check("--height-unit (m per unit of the file: 1e-6 for µm)", u)?;
    }
    SURFACE_SIDE_M.check("--length (m, or with a unit: 100um)", args.length)?;
    if args.deformable_file.is_none() && args.length / (args.n.max(1) as f64) < ATOM_M {
        anyhow::bail!(
            "--length {} m over --n {} gives a pixel of {:e} m, below an atom (1e-10 m)",
            crate::validate::rule::approx(args.length),
            args.n,
            args.length / args.n.max(1) as f64
        );
    }
    if let Some(h) = args.rms_height {
        RMS_HEIGHT_M.check("--rms-height (m, or with a unit: 1.4um)", h)?;
        if args.deformable_file.is_none() && h > args.length {
            anyhow::bail!(
                "--rms-height {} m exceeds --length {} m: heights above the side of the \
                 surface are needles, not a surface",
                crate::validate::rule::approx(h),
                crate::validate::rule::approx(args.length)
            );
        }
    }
    if let Some(m) = args.rms_slope {
        RMS_SLOPE.check("--rms-slope", m)?;
    }
    Ok(())
}

fn surface(args: &SurfaceArgs) -> Result<HeightMap> {
    let source = match &args.deformable_file {
        Some(path) => SurfaceSource::from_flag(
            "--deformable-file",
            path.clone(),
            args.spacing,
            args.height_unit,
        )?,
        None => SurfaceSource::Generated {
            which: "self-affine",
            spectrum: SelfAffine {
                hurst: args.hurst,
                k_l: args.k_l,
                k_r: args.k_r,
                k_s: args.k_s,
            },
            grid: args.n,
            length: args.length,
            rescale: match (args.rms_height, args.rms_slope) {
                (Some(h), _) => Rescale::RmsHeight(h),
                (None, s) => Rescale::RmsSlope(
                    s.unwrap_or(0.34),
                    match args.slope_definition {
                        SlopeDef::Spectral => SlopeDefinition::Spectral,
                        SlopeDef::Fd => SlopeDefinition::FiniteDifference,
                    },
                ),
            },
            order: ModeOrder::Grid,
            seed: args.seed,
            stream: 0,
        },
    };
    let loaded = source.realise()?;
    if let (Some(path), n @ 1..) = (&args.deformable_file, loaded.invalid_points) {
        tribo_calibrator::errln!(
            "warning: --deformable-file {}: {n} invalid points filled with the mean height",
            path.display()
        );
    }
    Ok(loaded.map)
}

/// Runs `tribo contact`.
pub fn run(args: Args) -> Result<()> {
    crate::validate::rules::MODULUS.check("--e-star (Pa, or with a unit: 55GPa)", args.e_star)?;
    let generated_n = args
        .surface
        .deformable_file
        .is_none()
        .then_some(args.surface.n);
    crate::validate::flags::check_contact(
        generated_n,
        args.steps,
        args.tolerance,
        args.kappa_max_p_over_e,
    )?;
    check_surface_flags(&args.surface)?;
    if args.surface.deformable_file.is_none() {
        let a = &args.surface;
        crate::validate::flags::check_spectrum(a.hurst, [a.k_l, a.k_r, a.k_s], a.n)?;
    }
    if !args.elastic {
        crate::validate::rules::HARDNESS
            .check("--p-crit (Pa, or with a unit: 340MPa)", args.p_crit)?;
    }
    // The sweep's ends are nominal pressures (1 kPa … the hardness of diamond), and p_min
    // below p_max: `--p-min 1e-300` swept 300 decades of nothing.
    crate::validate::rules::PRESSURE.check("--p-min (Pa, or with a unit: 1MPa)", args.p_min)?;
    crate::validate::rules::PRESSURE.check("--p-max (Pa, or with a unit: 100MPa)", args.p_max)?;
    let map = surface(&args.surface)?;
    let config = ContactConfig {
        out: args.out,
        material: Material {
            e_star: args.e_star,
            p_crit: (!args.elastic).then_some(args.p_crit),
        },
        p_min: args.p_min,
        p_max: args.p_max,
        steps: args.steps,
        tolerance: args.tolerance,
        connectivity: args.connectivity.into(),
        kappa_max_p_over_e: args.kappa_max_p_over_e,
    };
    run_contact(&config, &map)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    #[test]
    fn small_sweep_writes_every_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("c");
        let cli = Cli::try_parse_from([
            "x",
            "--out",
            out.to_str().unwrap(),
            "--n",
            "32",
            "--k-s",
            "8",
            "--steps",
            "3",
            "--p-min",
            "5e6",
            "--p-max",
            "50e6",
            "--seed",
            "3",
        ])
        .unwrap();
        run(cli.args).unwrap();
        for f in [
            "sweep.csv",
            "psd.csv",
            "summary.json",
            "area_vs_p.svg",
            "dc_vs_p.png",
            "fig14_clusters_vs_p.svg",
            "contact_map.png",
        ] {
            assert!(out.join(f).exists(), "{f} missing");
        }
        let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
        assert_eq!(csv.lines().count(), 4);
    }

    #[test]
    fn bad_arguments_are_clear_errors() {
        let mut a = Cli::try_parse_from(["x", "--p-max", "400e6"]).unwrap().args;
        let e = run(a.clone()).unwrap_err().to_string();
        assert!(e.contains("p_crit"), "{e}");
        a.p_max = 10e6;
        a.surface.deformable_file = Some("/nonexistent.txt".into());
        let e = format!("{:#}", run(a).unwrap_err());
        assert!(e.contains("--spacing"), "{e}");
    }
}
