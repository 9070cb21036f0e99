//! `tribo asperity`: seed 003's independent-asperity model over a normal-load sweep. Writes
//! per-load time series (CSV), a summary CSV, Fig. 3 (Q(t), A(t)) and Fig. 4 (A vs Q with the
//! line A = Q/σ_exp) as SVG+PNG, and the core's pre-sliding table section (JSON and postcard).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::asperity::population::{
    BimodalPopulation, Generator, LognormalPopulation, PowerLawPopulation, read_csv,
};
use crate::asperity::slider::{Eq11Solver, ModelParams, seed003_loads};
use crate::asperity::sweep::{
    LoadResult, PopulationSource, SweepConfig, prepare, presliding_section, run_prepared,
};
use crate::progress;
use crate::report::{CsvTable, LinePlot, Series, write_atomic};

/// Arguments of `tribo asperity`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Output folder.
    #[arg(long, default_value = "asperity-report")]
    pub out: PathBuf,
    /// Master seed of the junction-population generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Normal loads P \[N\], comma separated (slider mass M = P/g). Default: the six
    /// experiments of seed 003, (0.100 kg + M1)·g.
    #[arg(long, value_delimiter = ',')]
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
    #[arg(long, default_value_t = 4e-6)]
    pub area_per_load: f64,
    /// Power-law generator (and bimodal bulk): smallest junction area A_min \[m²\]
    /// (default 5e-11; bimodal 1e-10).
    #[arg(long)]
    pub min_area: Option<f64>,
    /// Power-law generator (and bimodal bulk): largest junction area A_max \[m²\]
    /// (default 5e-9; bimodal 1e-8).
    #[arg(long)]
    pub max_area: Option<f64>,
    /// Power-law generator (and bimodal bulk): exponent τ of p(A) ∝ A^(−τ)
    /// (default 1, log-uniform; bimodal 1.5).
    #[arg(long)]
    pub exponent: Option<f64>,
    /// Bimodal generator: area fraction φ of the spike of large junctions.
    #[arg(long, default_value_t = 0.5)]
    pub spike_fraction: f64,
    /// Bimodal generator: median area of the spike's junctions \[m²\].
    #[arg(long, default_value_t = 2e-8)]
    pub spike_median: f64,
    /// Bimodal generator: standard deviation of ln(area) within the spike.
    #[arg(long, default_value_t = 0.1)]
    pub spike_sigma_ln: f64,
    /// Lognormal generator: median junction area \[m²\].
    #[arg(long, default_value_t = 1e-8)]
    pub median_area: f64,
    /// Lognormal generator: standard deviation of ln(area).
    #[arg(long, default_value_t = 0.1)]
    pub sigma_ln: f64,
    /// Viscous parameter η of Eq. 1 \[1/s\].
    #[arg(long, default_value_t = 100.0)]
    pub eta: f64,
    /// Re-pinning velocity ratio c_min.
    #[arg(long, default_value_t = 0.01)]
    pub cmin: f64,
    /// Kinetic-to-static ratio ε of the junctions.
    #[arg(long, default_value_t = 0.9)]
    pub epsilon: f64,
    /// Time steps per slider period C_t (dt = T0/C_t).
    #[arg(long, default_value_t = 1e4)]
    pub steps_per_period: f64,
    /// Simulated time per load \[s\] (default: 1.6× the time to reach σ_exp·A0).
    #[arg(long)]
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
    let population = if args.junctions.is_empty() {
        PopulationSource::Generated(match args.family {
            Family::LogUniform => Generator::PowerLaw(PowerLawPopulation {
                area_per_load: args.area_per_load,
                min_area: args.min_area.unwrap_or(5e-11),
                max_area: args.max_area.unwrap_or(5e-9),
                exponent: args.exponent.unwrap_or(1.0),
            }),
            Family::Bimodal => Generator::Bimodal(BimodalPopulation {
                bulk: PowerLawPopulation {
                    area_per_load: args.area_per_load,
                    min_area: args.min_area.unwrap_or(1e-10),
                    max_area: args.max_area.unwrap_or(1e-8),
                    exponent: args.exponent.unwrap_or(1.5),
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
        PopulationSource::Given(pops)
    };
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
    let cfg = SweepConfig {
        loads,
        params,
        population,
        seed: args.seed,
        duration: args.duration,
        samples: args.samples,
    };
    let (results, _, bytes, wall) = run_and_report(&cfg, &args.out)?;
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
        println!(
            "P = {:.2} N: N = {}, K0 = {:.4e} N/m, Q_s = {qs:.4} N, A_s/A0 = {:.4}, curvature {cf:.3} (after first slip {cl:.3}, time-weighted {curv:.3}), {ss}",
            r.load,
            s.junctions,
            s.stiffness0,
            s.peak.map_or(f64::NAN, |p| p.area / s.area0)
        );
    }
    println!(
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

/// Runs a sweep with a progress bar and writes its report (per-load series, summary, Fig. 3–4,
/// the pre-sliding section as JSON and postcard) into `out`. Returns the results, the table
/// section, its encoded size and the wall time \[s\]. Used by `tribo asperity` and
/// `tribo calibrate`.
pub fn run_and_report(
    cfg: &SweepConfig,
    out: &Path,
) -> Result<(
    Vec<LoadResult>,
    tribo_core::presliding::PreslidingSection,
    usize,
    f64,
)> {
    let prepared = prepare(cfg).context("setting up the asperity sweep")?;
    let total: u64 = prepared
        .iter()
        .map(|(s, rc)| (rc.duration / s.dt()).ceil() as u64)
        .sum();
    let bar = progress::bar(total, "asperity");
    let started = std::time::Instant::now();
    let results = run_prepared(prepared, &|n| bar.inc(n));
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    std::fs::create_dir_all(out)
        .with_context(|| format!("creating output folder {}", out.display()))?;
    write_series(out, &results)?;
    write_summary(out, &results, cfg.params.sigma_exp)?;
    write_figures(out, &results, cfg.params.sigma_exp)?;
    let section = presliding_section(&results, &cfg.params)?;
    let json = serde_json::to_string_pretty(&section)?;
    write_atomic(&out.join("presliding.json"), json.as_bytes())?;
    let mut buf = [0u8; 512];
    let bytes = postcard::to_slice(&section, &mut buf)
        .map_err(|e| anyhow::anyhow!("encoding the pre-sliding section: {e}"))?;
    write_atomic(&out.join("presliding.postcard"), bytes)?;
    Ok((results, section, bytes.len(), wall))
}

fn write_series(out: &Path, results: &[LoadResult]) -> Result<()> {
    for (i, r) in results.iter().enumerate() {
        let mut t = CsvTable::new(&[
            "t_s",
            "X_m",
            "V_m_per_s",
            "Q_N",
            "F_N",
            "A_m2",
            "n_virgin",
            "n_pinned",
            "n_slipping",
        ]);
        for s in &r.output.samples {
            t.push(&[
                s.t,
                s.x,
                s.v,
                s.q,
                s.f,
                s.area,
                s.counts.virgin as f64,
                s.counts.pinned as f64,
                s.counts.slipping as f64,
            ]);
        }
        let path = out.join(format!("run_{i}_P{:.2}N.csv", r.load));
        t.write(&path)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

fn write_summary(out: &Path, results: &[LoadResult], sigma_exp: f64) -> Result<()> {
    let mut t = CsvTable::new(&[
        "P_N",
        "mass_kg",
        "junctions",
        "dt_s",
        "steps",
        "A0_m2",
        "K0_N_per_m",
        "Qs_N",
        "As_m2",
        "ts_s",
        "sigma_exp_As_N",
        "stick_slip_amplitude_N",
        "stick_slip_period_s",
        "slip_events",
        "stops",
        "alpha_m2_per_N2",
        "curvature_time_weighted",
        "curvature_curve",
        "curvature_after_first_slip",
        "first_slip_Q_over_Qs",
        "rms_linear_m2",
        "rms_quadratic_m2",
        "max_force_over_sigma_A",
    ]);
    for r in results {
        let s = &r.output.summary;
        let nan = f64::NAN;
        let (qs, a_s, ts) = s.peak.map_or((nan, nan, nan), |p| (p.q, p.area, p.t));
        let (amp, per, ev) = s.stick_slip.map_or((nan, nan, 0.0), |x| {
            (x.amplitude, x.period, x.events as f64)
        });
        let (alpha, curv, rl, rq) = s.shape.map_or((nan, nan, nan, nan), |x| {
            (x.alpha, x.curvature, x.rms_linear, x.rms_quadratic)
        });
        let (cf, cl, q1) = s.curve_shape.map_or((nan, nan, nan), |x| {
            (x.full, x.after_first_slip, x.first_slip_fraction)
        });
        t.push(&[
            r.load,
            r.mass,
            s.junctions as f64,
            s.dt,
            s.steps as f64,
            s.area0,
            s.stiffness0,
            qs,
            a_s,
            ts,
            sigma_exp * a_s,
            amp,
            per,
            ev,
            s.stops as f64,
            alpha,
            curv,
            cf,
            cl,
            q1,
            rl,
            rq,
            s.max_force_ratio,
        ]);
    }
    let path = out.join("summary.csv");
    t.write(&path)
        .with_context(|| format!("writing {}", path.display()))
}

fn write_figures(out: &Path, results: &[LoadResult], sigma_exp: f64) -> Result<()> {
    const MM2: f64 = 1e6;
    let mut fig3q = LinePlot::new("Fig. 3: tangential force Q(t)", "t [s]", "Q [N]");
    let mut fig3a = LinePlot::new("Fig. 3: real contact area A(t)", "t [s]", "A [mm²]");
    let mut fig4 = LinePlot::new("Fig. 4: A vs Q", "Q [N]", "A [mm²]");
    let mut q_max: f64 = 0.0;
    for r in results {
        let label = format!("P = {:.2} N", r.load);
        let s = &r.output.samples;
        fig3q = fig3q.series(Series::line(&label, s.iter().map(|x| (x.t, x.q)).collect()));
        fig3a = fig3a.series(Series::line(
            &label,
            s.iter().map(|x| (x.t, x.area * MM2)).collect(),
        ));
        fig4 = fig4.series(Series::line(
            &label,
            s.iter().map(|x| (x.q, x.area * MM2)).collect(),
        ));
        q_max = s.iter().map(|x| x.q).fold(q_max, f64::max);
    }
    fig4 = fig4.series(Series::dashed(
        "A = Q/σ_exp",
        vec![(0.0, 0.0), (q_max, q_max / sigma_exp * MM2)],
    ));
    fig3q.write(&out.join("fig3_force"))?;
    fig3a.write(&out.join("fig3_area"))?;
    fig4.write(&out.join("fig4_area_vs_force"))?;

    let mut qs = LinePlot::new("Static friction vs normal load", "P [N]", "Q_s [N]");
    let pts: Vec<(f64, f64)> = results
        .iter()
        .filter_map(|r| r.output.summary.peak.map(|p| (r.load, p.q)))
        .collect();
    let sig: Vec<(f64, f64)> = results
        .iter()
        .filter_map(|r| r.output.summary.peak.map(|p| (r.load, sigma_exp * p.area)))
        .collect();
    qs = qs
        .series(Series::points("model Q_s", pts))
        .series(Series::dashed("σ_exp·A_s", sig));
    qs.write(&out.join("static_friction"))?;

    if let Some(r) = results.last() {
        let s = &r.output.samples;
        let count = |f: &dyn Fn(&crate::asperity::run::Sample) -> usize| {
            s.iter().map(|x| (x.t, f(x) as f64)).collect::<Vec<_>>()
        };
        LinePlot::new(
            format!("Junction states, P = {:.2} N", r.load),
            "t [s]",
            "junctions",
        )
        .series(Series::line("never slipped", count(&|x| x.counts.virgin)))
        .series(Series::line("re-pinned", count(&|x| x.counts.pinned)))
        .series(Series::line("slipping", count(&|x| x.counts.slipping)))
        .write(&out.join("junction_states"))?;
    }
    Ok(())
}
