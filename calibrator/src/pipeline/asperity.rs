//! Seed 003's independent-asperity model over a normal-load sweep, with its report: per-load
//! time series (CSV), a summary CSV, Fig. 3 (Q(t), A(t)) and Fig. 4 (A vs Q with the line
//! A = Q/σ_exp) as SVG+PNG, and the core's pre-sliding table section (JSON and postcard). Used
//! by `tribo asperity` and the asperity stage of `tribo calibrate`.

use std::path::Path;

use tribo_core::presliding::PreslidingSection;

use super::error::{PipelineError, Result, io_at, write_csv, write_file, write_json};
use crate::asperity::sweep::{LoadResult, LoadSweep, prepare, presliding_section, run_prepared};
use crate::progress;
use crate::report::{CsvTable, LinePlot, Series, write_caption};

/// What an asperity sweep produced.
#[derive(Clone, Debug)]
pub struct AsperityOutcome {
    /// One result per normal load, in the order of the sweep's loads.
    pub results: Vec<LoadResult>,
    /// The table's pre-sliding section.
    pub section: PreslidingSection,
    /// Size of the postcard-encoded section \[bytes\].
    pub section_bytes: usize,
    /// Wall time of the runs \[s\].
    pub wall_seconds: f64,
}

/// Runs a sweep with a progress bar and writes its report (per-load series, summary, Fig. 3–4,
/// the pre-sliding section as JSON and postcard) into `out`.
///
/// # Errors
///
/// [`PipelineError::Asperity`] when the sweep's parameters are refused or the pre-sliding section
/// cannot be built from its results; [`PipelineError::Io`], [`PipelineError::Report`] or
/// [`PipelineError::Json`] (the file named) when `out`, a CSV, a figure or the JSON cannot be
/// written; [`PipelineError::Postcard`] when the section does not encode.
pub fn run_and_report(cfg: &LoadSweep, out: &Path) -> Result<AsperityOutcome> {
    let prepared = prepare(cfg).map_err(|source| PipelineError::Asperity {
        stage: "setting up the asperity sweep",
        source: Box::new(source),
    })?;
    // The work budget: steps × junctions of every load, named by the flag that sets the
    // duration (`--duration` 1e12 s ran without bound).
    let (key, value) = match cfg.duration {
        Some(d) => ("--duration", d),
        None => ("--steps-per-period", cfg.params.steps_per_period),
    };
    let junction_steps: f64 = prepared
        .iter()
        .map(|(s, rc)| rc.duration / s.dt() * s.junctions().len().max(1) as f64)
        .sum();
    crate::validate::work::check(
        key,
        value,
        "junction-steps",
        junction_steps,
        crate::validate::work::SECONDS_PER_JUNCTION_STEP,
    )
    .map_err(|e| PipelineError::Config(Box::new(e)))?;
    let total: u64 = prepared
        .iter()
        .map(|(s, rc)| (rc.duration / s.dt()).ceil() as u64)
        .sum();
    let bar = progress::bar(total, "asperity");
    let started = std::time::Instant::now();
    let results = run_prepared(prepared, &|n| bar.inc(n));
    crate::progress::finish(&bar);
    let wall = started.elapsed().as_secs_f64();
    std::fs::create_dir_all(out).map_err(io_at("creating output folder", out))?;
    write_series(out, &results)?;
    write_summary(out, &results, cfg.params.sigma_exp)?;
    write_figures(out, &results, cfg.params.sigma_exp)?;
    let section =
        presliding_section(&results, &cfg.params).map_err(|source| PipelineError::Asperity {
            stage: "the pre-sliding section",
            source: Box::new(source),
        })?;
    write_json(&out.join("presliding.json"), &section)?;
    let mut buf = [0u8; 512];
    let bytes =
        postcard::to_slice(&section, &mut buf).map_err(|source| PipelineError::Postcard {
            what: "the pre-sliding section",
            source,
        })?;
    write_file(&out.join("presliding.postcard"), bytes)?;
    let section_bytes = bytes.len();
    Ok(AsperityOutcome {
        results,
        section,
        section_bytes,
        wall_seconds: wall,
    })
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
        write_csv(&t, &path)?;
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
    write_csv(&t, &path)
}

fn write_figures(out: &Path, results: &[LoadResult], sigma_exp: f64) -> Result<()> {
    const MM2: f64 = 1e6;
    let mut fig3q = LinePlot::new("Tangential force during pre-sliding", "t [s]", "Q [N]");
    let mut fig3a = LinePlot::new("Real contact area during pre-sliding", "t [s]", "A [mm²]");
    let mut fig4 = LinePlot::new(
        "Real contact area against tangential force",
        "Q [N]",
        "A [mm²]",
    );
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
    write_caption(
        &out.join("fig3_force"),
        "Tangential force Q on the rough contact as the tangential load rises, one line per \
         normal load P (seed 003 Fig. 3).",
    )?;
    write_caption(
        &out.join("fig3_area"),
        "Real contact area A during the same loading: it shrinks as junctions slip \
         (seed 003 Fig. 3).",
    )?;
    write_caption(
        &out.join("fig4_area_vs_force"),
        "Contact area against tangential force (seed 003 Fig. 4); dashed: A = Q/σ_exp, the \
         area a constant interfacial shear strength σ_exp would need.",
    )?;

    let mut qs = LinePlot::new("Static friction against normal load", "P [N]", "Q_s [N]");
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
    write_caption(
        &out.join("static_friction"),
        "Peak tangential force Q_s (the onset of sliding) per normal load; dashed: σ_exp times \
         the contact area at the peak (seed 003).",
    )?;

    if let Some(r) = results.last() {
        let s = &r.output.samples;
        let count = |f: &dyn Fn(&crate::asperity::run::Sample) -> usize| {
            s.iter().map(|x| (x.t, f(x) as f64)).collect::<Vec<_>>()
        };
        LinePlot::new(
            format!("Junction states, P = {:.2} N", r.load),
            "t [s]",
            "junctions [count]",
        )
        .series(Series::line("never slipped", count(&|x| x.counts.virgin)))
        .series(Series::line("re-pinned", count(&|x| x.counts.pinned)))
        .series(Series::line("slipping", count(&|x| x.counts.slipping)))
        .write(&out.join("junction_states"))?;
        write_caption(
            &out.join("junction_states"),
            &format!(
                "Number of asperity junctions in each state over time at the largest normal \
                 load P = {:.2} N (seed 003): never slipped since contact, re-pinned after \
                 slipping, and slipping; the onset of sliding is where the slipping count \
                 takes over.",
                r.load
            ),
        )?;
    }
    Ok(())
}
