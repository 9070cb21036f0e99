//! `tribo asperity`: seed 003's independent-asperity model over a normal-load sweep. Writes
//! per-load time series (CSV), a summary CSV, Fig. 3 (Q(t), A(t)) and Fig. 4 (A vs Q with the
//! line A = Q/σ_exp) as SVG+PNG, and the core's pre-sliding table section (JSON and postcard).

use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::asperity::population::{
    BimodalPopulation, Generator, LognormalPopulation, PowerLawPopulation, read_csv,
};
use crate::asperity::slider::{Eq11Solver, ModelParams, seed003_loads};
use crate::asperity::sweep::{LoadSweep, PopulationSource};
use crate::pipeline::asperity::{AsperityOutcome, run_and_report};

/// Arguments of `tribo asperity`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Worker threads.
    #[command(flatten)]
    pub threads: super::run_options::Threads,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// Output folder.
    #[arg(long, default_value = "asperity-report")]
    pub out: PathBuf,
    /// Master seed of the junction-population generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Normal loads P \[N\], comma separated (slider mass M = P/g). Default: the six
    /// experiments of seed 003, (0.100 kg + M1)·g.
    #[arg(long, value_delimiter = ',', value_parser = crate::validate::units::newtons)]
    pub loads: Vec<f64>,
    /// CSV file of initial junction areas (column `area_m2`, or one plain column), one file
    /// per load, in the order of --loads. Replaces the generator.
    #[arg(long)]
    pub junctions: Vec<PathBuf>,
    /// Generator family: `bimodal` (default: power-law bulk plus a spike of large junctions,
    /// see `asperity::population`), `log-uniform` (truncated power law p(A) ∝ A^(−τ) with
    /// τ = --exponent) or `lognormal`.
    #[arg(long, value_enum, default_value_t = Family::Bimodal)]
    pub family: Family,
    /// Generator: total initial area per newton of normal load \[m²/N\].
    #[arg(long, default_value_t = BimodalPopulation::default().bulk.area_per_load,
        value_parser = crate::validate::units::square_metres_per_newton)]
    pub area_per_load: f64,
    /// Power-law generator (and bimodal bulk): smallest junction area A_min \[m²\]
    /// (default 5e-11; bimodal 1e-10).
    #[arg(long, value_parser = crate::validate::units::square_metres)]
    pub min_area: Option<f64>,
    /// Power-law generator (and bimodal bulk): largest junction area A_max \[m²\]
    /// (default 5e-9; bimodal 1e-8).
    #[arg(long, value_parser = crate::validate::units::square_metres)]
    pub max_area: Option<f64>,
    /// Power-law generator (and bimodal bulk): exponent τ of p(A) ∝ A^(−τ) [-]
    /// (default 1, log-uniform; bimodal 1.5).
    #[arg(long)]
    pub exponent: Option<f64>,
    /// Bimodal generator: area fraction φ of the spike of large junctions [-].
    #[arg(long, default_value_t = BimodalPopulation::default().spike_fraction)]
    pub spike_fraction: f64,
    /// Bimodal generator: median area of the spike's junctions \[m²\].
    #[arg(long, default_value_t = BimodalPopulation::default().spike_median,
        value_parser = crate::validate::units::square_metres)]
    pub spike_median: f64,
    /// Bimodal generator: standard deviation of ln(area) within the spike [-].
    #[arg(long, default_value_t = BimodalPopulation::default().spike_sigma_ln)]
    pub spike_sigma_ln: f64,
    /// Lognormal generator: median junction area \[m²\].
    #[arg(long, default_value_t = LognormalPopulation::default().median_area,
        value_parser = crate::validate::units::square_metres)]
    pub median_area: f64,
    /// Lognormal generator: standard deviation of ln(area) [-].
    #[arg(long, default_value_t = LognormalPopulation::default().sigma_ln)]
    pub sigma_ln: f64,
    /// Viscous parameter η of Eq. 1 \[1/s\].
    #[arg(long, default_value_t = ModelParams::seed003(1.0).eta,
        value_parser = crate::validate::units::per_second)]
    pub eta: f64,
    /// Re-pinning velocity ratio c_min [-].
    #[arg(long, default_value_t = ModelParams::seed003(1.0).c_min)]
    pub cmin: f64,
    /// Kinetic-to-static ratio ε of the junctions [-].
    #[arg(long, default_value_t = ModelParams::seed003(1.0).epsilon)]
    pub epsilon: f64,
    /// Time steps per slider period C_t [-] (dt = T0/C_t).
    #[arg(long, default_value_t = ModelParams::seed003(1.0).steps_per_period)]
    pub steps_per_period: f64,
    /// Simulated time per load \[s\] (default: 1.6× the time to reach σ_exp·A0).
    #[arg(long, value_parser = crate::validate::units::seconds)]
    pub duration: Option<f64>,
    /// Recorded samples per run.
    #[arg(long, default_value_t = 4000)]
    pub samples: usize,
    /// Solve Eq. 11 by dichotomy at every step (reference; slow) instead of the tabulated
    /// inverse.
    #[arg(long)]
    pub exact_eq11: bool,
}

/// Junction-population generator families of `tribo asperity`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Family {
    /// Truncated power law (log-uniform for τ = 1): the previous default.
    LogUniform,
    /// Lognormal.
    Lognormal,
    /// Power-law bulk plus a lognormal spike of large junctions: the documented default
    /// (`asperity::population`).
    Bimodal,
}

/// Runs `tribo asperity`.
pub fn run(args: Args) -> Result<()> {
    let loads = if args.loads.is_empty() {
        seed003_loads().to_vec()
    } else {
        args.loads.clone()
    };
    let bimodal = BimodalPopulation::default();
    let population = if args.junctions.is_empty() {
        PopulationSource::Generated(match args.family {
            Family::LogUniform => Generator::PowerLaw(PowerLawPopulation {
                area_per_load: args.area_per_load,
                min_area: args
                    .min_area
                    .unwrap_or(PowerLawPopulation::default().min_area),
                max_area: args
                    .max_area
                    .unwrap_or(PowerLawPopulation::default().max_area),
                exponent: args
                    .exponent
                    .unwrap_or(PowerLawPopulation::default().exponent),
            }),
            Family::Bimodal => Generator::Bimodal(BimodalPopulation {
                bulk: PowerLawPopulation {
                    area_per_load: args.area_per_load,
                    min_area: args.min_area.unwrap_or(bimodal.bulk.min_area),
                    max_area: args.max_area.unwrap_or(bimodal.bulk.max_area),
                    exponent: args.exponent.unwrap_or(bimodal.bulk.exponent),
                },
                spike_median: args.spike_median,
                spike_sigma_ln: args.spike_sigma_ln,
                spike_fraction: args.spike_fraction,
            }),
            Family::Lognormal => Generator::Lognormal(LognormalPopulation {
                area_per_load: args.area_per_load,
                median_area: args.median_area,
                sigma_ln: args.sigma_ln,
            }),
        })
    } else {
        let pops = args
            .junctions
            .iter()
            .map(|p| read_csv(p).with_context(|| format!("reading --junctions {}", p.display())))
            .collect::<Result<Vec<_>>>()?;
        crate::validate::flags::check_junction_areas(&args.junctions, &pops)?;
        PopulationSource::Given(pops)
    };
    let flags = crate::validate::flags::AsperityFlags {
        steps_per_period: args.steps_per_period,
        cmin: args.cmin,
        epsilon: args.epsilon,
        samples: args.samples,
        eta: args.eta,
        area_per_load: args.area_per_load,
        duration: args.duration,
        areas: [
            ("--min-area (m²)", args.min_area),
            ("--max-area (m²)", args.max_area),
            ("--median-area (m²)", Some(args.median_area)),
            ("--spike-median (m²)", Some(args.spike_median)),
        ],
        sigma_ln: args.sigma_ln,
        spike_fraction: args.spike_fraction,
        spike_sigma_ln: args.spike_sigma_ln,
        exponent: args.exponent,
    };
    crate::validate::flags::check_asperity(&flags, &loads, |p| match &population {
        PopulationSource::Generated(g) => g.count(p) as f64,
        PopulationSource::Given(_) => 0.0,
    })?;
    let params = ModelParams {
        eta: args.eta,
        c_min: args.cmin,
        epsilon: args.epsilon,
        steps_per_period: args.steps_per_period,
        solver: if args.exact_eq11 {
            Eq11Solver::Dichotomy
        } else {
            Eq11Solver::Table
        },
        ..ModelParams::seed003(1.0)
    };
    let cfg = LoadSweep {
        loads,
        params,
        population,
        seed: args.seed,
        duration: args.duration,
        samples: args.samples,
    };
    let AsperityOutcome {
        results,
        section_bytes: bytes,
        wall_seconds: wall,
        ..
    } = run_and_report(&cfg, &args.out)?;
    for r in &results {
        let s = &r.output.summary;
        let qs = s.peak.map_or(f64::NAN, |p| p.q);
        let ss = match s.stick_slip {
            Some(x) if s.has_stick_slip(2) => format!(
                "stick-slip ΔQ = {:.4} N, T = {:.3} s, {} events, {} stops",
                x.amplitude, x.period, x.events, s.stops
            ),
            _ => format!("no stick-slip ({} stops)", s.stops),
        };
        let curv = s.shape.map_or(f64::NAN, |x| x.curvature);
        let (cf, cl) = s
            .curve_shape
            .map_or((f64::NAN, f64::NAN), |x| (x.full, x.after_first_slip));
        tribo_calibrator::outln!(
            "P = {:.2} N: N = {}, K0 = {:.4e} N/m, Q_s = {qs:.4} N, A_s/A0 = {:.4}, curvature {cf:.3} (after first slip {cl:.3}, time-weighted {curv:.3}), {ss}",
            r.load,
            s.junctions,
            s.stiffness0,
            s.peak.map_or(f64::NAN, |p| p.area / s.area0)
        );
    }
    tribo_calibrator::outln!(
        "{} junction-steps in {wall:.1} s; pre-sliding section: {} bytes (postcard); report in {}",
        results
            .iter()
            .map(|r| r.output.summary.steps * r.output.summary.junctions as u64)
            .sum::<u64>(),
        bytes,
        args.out.display()
    );
    Ok(())
}
