//! `tribo random-field`: lognormal COF random fields, force/torque CVs, model thresholds and
//! the crank-slider study (seed 004). Writes CSV + SVG/PNG plots (Fig. 4–5, 7–10, 14–15)
//! and the table section `cof_section.json`.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use crate::pipeline::random_field::{self, RandomFieldStudy};
use crate::random_field::curves::CurveConfig;
use crate::random_field::sampler::SamplerKind;

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FieldPart {
    /// Everything below.
    All,
    /// Fig. 4–5: Monte-Carlo Var[F_x], Var[T_G] vs Eq. 7, 9.
    Validate,
    /// Fig. 7–10: CV/(σ/μ) vs l/a, plus thresholds and the table section.
    Curves,
    /// Thresholds from the closed form only (fast).
    Thresholds,
    /// Fig. 14–15: crank-slider energies.
    CrankSlider,
}

/// `--sampler`: the CLI names of [`SamplerKind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SamplerArg {
    /// Separable for n = 2, circulant embedding otherwise.
    Auto,
    /// Kronecker L·Z·Lᵀ (n = 2 only; exact at any l/a).
    Separable,
    /// Circulant embedding via 2-D FFT (padding; clipping fallback).
    Circulant,
    /// Dense Cholesky (reference, ≤ 4096 nodes).
    Cholesky,
}

impl From<SamplerArg> for SamplerKind {
    fn from(s: SamplerArg) -> Self {
        match s {
            SamplerArg::Auto => Self::Auto,
            SamplerArg::Separable => Self::Separable,
            SamplerArg::Circulant => Self::Circulant,
            SamplerArg::Cholesky => Self::Cholesky,
        }
    }
}

impl From<SamplerKind> for SamplerArg {
    fn from(s: SamplerKind) -> Self {
        match s {
            SamplerKind::Auto => Self::Auto,
            SamplerKind::Separable => Self::Separable,
            SamplerKind::Circulant => Self::Circulant,
            SamplerKind::Cholesky => Self::Cholesky,
        }
    }
}

/// Arguments of `tribo random-field`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Worker threads.
    #[command(flatten)]
    pub threads: super::run_options::Threads,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// Output folder.
    #[arg(long, default_value = "report/random_field")]
    pub out: PathBuf,
    /// Master seed (results are reproducible for a seed).
    #[arg(long, default_value_t = CurveConfig::default().seed)]
    pub seed: u64,
    /// Monte-Carlo realisations per point (seed: 5000).
    #[arg(long, default_value_t = CurveConfig::default().samples)]
    pub samples: usize,
    /// What to compute.
    #[arg(long, value_enum, default_value_t = FieldPart::All)]
    pub mode: FieldPart,
    /// σ_H/μ_H of the COF field [-].
    #[arg(long, default_value_t = CurveConfig::default().sigma_over_mu)]
    pub sigma_over_mu: f64,
    /// Absolute CV tolerance of the deterministic threshold [-].
    #[arg(long, default_value_t = 0.05)]
    pub tolerance: f64,
    /// Relative tolerance |CV/(σ/μ) − 1| of the random-variable threshold [-].
    #[arg(long, default_value_t = 0.01)]
    pub plateau_tolerance: f64,
    /// Number of log-spaced l/a points in 0.01–100 (the table needs 25).
    #[arg(long, default_value_t = CurveConfig::default().points)]
    pub points: usize,
    /// Correlation exponent n of exp(−(r/l)^n) (1–4).
    #[arg(long, default_value_t = CurveConfig::default().exponent)]
    pub exponent: u32,
    /// Sampler of the Gaussian generator.
    #[arg(long, value_enum, default_value_t = CurveConfig::default().sampler.into())]
    pub sampler: SamplerArg,
    /// Mesh cap per side (the seed's h = min(l, 0.1a) needs 200 at l/a = 0.01).
    #[arg(long, default_value_t = CurveConfig::default().max_nodes)]
    pub max_nodes: usize,
    /// Crank-slider realisations per l/a (seed: 50).
    #[arg(long, default_value_t = 50)]
    pub crank_realisations: usize,
}

impl Args {
    /// The study settings of these arguments.
    fn study(&self) -> RandomFieldStudy {
        RandomFieldStudy {
            seed: self.seed,
            samples: self.samples,
            sigma_over_mu: self.sigma_over_mu,
            tolerance: self.tolerance,
            plateau_tolerance: self.plateau_tolerance,
            points: self.points,
            exponent: self.exponent,
            sampler: self.sampler.into(),
            max_nodes: self.max_nodes,
            crank_realisations: self.crank_realisations,
        }
    }
}

/// Runs `tribo random-field`.
pub fn run(args: Args) -> Result<()> {
    crate::validate::flags::check_random_field(
        args.samples,
        args.max_nodes,
        args.sigma_over_mu,
        args.tolerance,
        args.plateau_tolerance,
    )?;
    if !(args.sigma_over_mu > 0.0 && args.sigma_over_mu.is_finite()) {
        bail!("--sigma-over-mu must be > 0 (got {})", args.sigma_over_mu);
    }
    if !(args.tolerance > 0.0 && args.plateau_tolerance > 0.0) {
        bail!("--tolerance and --plateau-tolerance must be > 0");
    }
    if args.samples < 2 || args.points < 2 || args.crank_realisations < 2 {
        bail!("--samples, --points and --crank-realisations must be ≥ 2");
    }
    tribo_calibrator::validate::rules::REALISATIONS
        .check_count("--crank-realisations", args.crank_realisations as u64)?;
    // Each l/a point is a Monte-Carlo study of --samples fields: 10⁴ points resolve any curve
    // (`--points 1e10` tried to allocate them all).
    tribo_calibrator::validate::rule::Rule::count(2, 10_000)
        .check_count("--points", args.points as u64)?;
    if !(1..=4).contains(&args.exponent) {
        bail!("--exponent must be 1, 2, 3 or 4 (got {})", args.exponent);
    }
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let study = args.study();
    let out = args.out.as_path();
    let all = args.mode == FieldPart::All;
    if all || args.mode == FieldPart::Thresholds {
        random_field::thresholds(&study, out)?;
    }
    if all || args.mode == FieldPart::Validate {
        random_field::variance_validation(&study, out)?;
    }
    if all || args.mode == FieldPart::Curves {
        random_field::curves(&study, out)?;
    }
    if all || args.mode == FieldPart::CrankSlider {
        random_field::crank_slider(&study, out)?;
    }
    tribo_calibrator::errln!("random-field: results in {}", args.out.display());
    Ok(())
}
