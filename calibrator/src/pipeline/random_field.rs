//! The COF random-field studies of seed 004, each writing its CSV and plots into a folder:
//! closed-form thresholds, the Monte-Carlo check of Eq. 7 and 9 (Fig. 4–5), the CV curves vs
//! l/a with the table's COF section (Fig. 7–10, `cof_section.json`) and the crank-slider
//! energies (Fig. 14–15). Used by `tribo random-field` and the random-field stage of
//! `tribo calibrate`.

use std::path::Path;

use super::error::{Result, write_json};

use crate::progress;
use crate::random_field::closed_form;
use crate::random_field::crank_slider::{CrankSlider, energy_study};
use crate::random_field::curves::{CurveConfig, CurvePoint, build_section, compute_curves};
use crate::random_field::field::{Correlation, LognormalField, PlateGrid};
use crate::random_field::integrals::MotionWeights;
use crate::random_field::monte_carlo::estimate;
use crate::random_field::sampler::{AnySampler, SamplerKind};
use crate::random_field::thresholds::{closed_form_thresholds, deterministic_threshold_from_curve};
use crate::report::{CsvTable, LinePlot, Series, write_caption};

/// Settings shared by the random-field studies.
#[derive(Clone, Debug)]
pub struct RandomFieldStudy {
    /// Master seed (results are reproducible for a seed).
    pub seed: u64,
    /// Monte-Carlo realisations per point (seed 004: 5000).
    pub samples: usize,
    /// σ_H/μ_H of the COF field.
    pub sigma_over_mu: f64,
    /// Absolute CV tolerance of the deterministic threshold.
    pub tolerance: f64,
    /// Relative tolerance |CV/(σ/μ) − 1| of the random-variable threshold.
    pub plateau_tolerance: f64,
    /// Number of log-spaced l/a points in 0.01–100 (the table needs
    /// [`tribo_core::cof_field::CV_POINTS`]).
    pub points: usize,
    /// Correlation exponent n of exp(−(r/l)^n) (1–4).
    pub exponent: u32,
    /// Sampler of the Gaussian generator.
    pub sampler: SamplerKind,
    /// Mesh cap per side (the seed's h = min(l, 0.1a) needs 200 at l/a = 0.01).
    pub max_nodes: usize,
    /// Crank-slider realisations per l/a (seed 004: 50).
    pub crank_realisations: usize,
}

/// The closed-form thresholds of the COF model choice (seed 004) for `args`' σ/μ and
/// tolerances, written as `thresholds.csv` into `out`.
///
/// # Errors
///
/// [`PipelineError::Io`] or [`PipelineError::Report`] when the CSV cannot be written.
///
/// [`PipelineError::Io`]: crate::pipeline::error::PipelineError::Io
/// [`PipelineError::Report`]: crate::pipeline::error::PipelineError::Report
pub fn thresholds(args: &RandomFieldStudy, out: &Path) -> Result<()> {
    let t = closed_form_thresholds(args.sigma_over_mu, args.tolerance, args.plateau_tolerance);
    let mut csv = CsvTable::new(&[
        "sigma_over_mu",
        "tolerance",
        "plateau_tolerance",
        "la_deterministic",
        "la_random_variable",
    ]);
    csv.push(&[
        t.sigma_over_mu,
        t.tolerance,
        t.plateau_tolerance,
        t.la_deterministic,
        t.la_random_variable,
    ]);
    write_csv(&csv, out, "thresholds")?;
    crate::errln!(
        "thresholds (closed form, σ/μ = {}): deterministic below l/a = {:.4}, random variable above l/a = {:.4}",
        t.sigma_over_mu,
        t.la_deterministic,
        t.la_random_variable
    );
    Ok(())
}

fn write_csv(csv: &CsvTable, out: &Path, name: &str) -> Result<()> {
    super::error::write_csv(csv, &out.join(format!("{name}.csv")))
}

/// Fig. 4–5: Var\[F_x\], Var\[T_G\] over a ∈ {0.5 … 2.5}, l ∈ {0.1 … 1}, μ = 0.5, σ² = 0.01, P = 1.
///
/// # Errors
///
/// [`PipelineError::Field`] when the sampler refuses the grid or correlation; [`PipelineError::Io`]
/// or [`PipelineError::Report`] when a CSV or figure cannot be written.
///
/// [`PipelineError::Field`]: crate::pipeline::error::PipelineError::Field
/// [`PipelineError::Io`]: crate::pipeline::error::PipelineError::Io
/// [`PipelineError::Report`]: crate::pipeline::error::PipelineError::Report
pub fn variance_validation(args: &RandomFieldStudy, out: &Path) -> Result<()> {
    let a_values = [0.5, 1.0, 1.5, 2.0, 2.5];
    let l_values: Vec<f64> = (1..=10).map(|i| 0.1 * i as f64).collect();
    let pb = progress::bar((a_values.len() * l_values.len()) as u64, "Fig. 4-5");
    let mut csv = CsvTable::new(&[
        "a",
        "l",
        "mesh",
        "var_fx_mc",
        "var_fx_se",
        "var_fx_eq7",
        "var_t_mc",
        "var_t_se",
        "var_t_eq9",
    ]);
    let mut plots_f =
        LinePlot::new("Var[F_x]: Monte-Carlo vs Eq. 7", "l [m]", "Var[F_x] [N²]").log_y();
    let mut plots_t =
        LinePlot::new("Var[T_G]: Monte-Carlo vs Eq. 9", "l [m]", "Var[T_G] [N²m²]").log_y();
    for (ia, &a) in a_values.iter().enumerate() {
        let (mut mf, mut cf, mut mt, mut ct) = (vec![], vec![], vec![], vec![]);
        let (mut ef, mut et) = (vec![], vec![]);
        for (il, &l) in l_values.iter().enumerate() {
            let field = LognormalField {
                mean: 0.5,
                std: 0.1,
                correlation: Correlation {
                    length: l,
                    exponent: args.exponent,
                },
            };
            let grid = PlateGrid::seed_mesh(a, l, args.max_nodes);
            let sampler = AnySampler::new(args.sampler, grid, field.correlation)?;
            let w = MotionWeights::new(grid, 1.0, &[]);
            let seed = crate::rng::splitmix64(args.seed ^ (1000 + (ia * 100 + il) as u64));
            let r = estimate(&sampler, &field, &w, args.samples, seed, None);
            let (v7, v9) = (
                closed_form::var_force(a, l, 1.0, 0.1),
                closed_form::var_torque(a, l, 1.0, 0.1),
            );
            let (f, t) = (r.force_x(), r.torque());
            csv.push(&[
                a,
                l,
                grid.m as f64,
                f.var,
                f.se_var,
                v7,
                t.var,
                t.se_var,
                v9,
            ]);
            mf.push((l, f.var));
            ef.push(f.se_var);
            cf.push((l, v7));
            mt.push((l, t.var));
            et.push(t.se_var);
            ct.push((l, v9));
            pb.inc(1);
        }
        plots_f = plots_f
            .series(Series::points(format!("MC a={a}"), mf).with_error(ef))
            .series(Series::dashed(format!("Eq. 7 a={a}"), cf));
        plots_t = plots_t
            .series(Series::points(format!("MC a={a}"), mt).with_error(et))
            .series(Series::dashed(format!("Eq. 9 a={a}"), ct));
    }
    crate::progress::finish(&pb);
    write_csv(&csv, out, "fig4_5_variance_validation")?;
    plots_f.write(&out.join("fig4_var_force"))?;
    plots_t.write(&out.join("fig5_var_torque"))?;
    Ok(())
}

fn curve_series(pts: &[CurvePoint], f: impl Fn(&CurvePoint) -> f64) -> Vec<(f64, f64)> {
    pts.iter().map(|p| (p.la, f(p))).collect()
}

/// Fig. 7–10: CV curves vs l/a (CSV + plots in `out`) and, for n = 2, the table's
/// [`CofSection`](tribo_core::cof_field::CofSection) (also written as `cof_section.json`).
/// Used by `tribo random-field` and `tribo calibrate`.
///
/// # Errors
///
/// [`PipelineError::Field`] when the curves cannot be sampled (invalid σ/μ, correlation or a
/// sampler that refuses the grid); [`PipelineError::Io`], [`PipelineError::Report`] or
/// [`PipelineError::Json`] when a CSV, figure or `cof_section.json` cannot be written. A COF
/// section that does not fit the table's shape is no error: `Ok(None)` with a warning.
///
/// [`PipelineError::Field`]: crate::pipeline::error::PipelineError::Field
/// [`PipelineError::Io`]: crate::pipeline::error::PipelineError::Io
/// [`PipelineError::Report`]: crate::pipeline::error::PipelineError::Report
/// [`PipelineError::Json`]: crate::pipeline::error::PipelineError::Json
pub fn curves(
    args: &RandomFieldStudy,
    out: &Path,
) -> Result<Option<tribo_core::cof_field::CofSection>> {
    let cfg = CurveConfig {
        points: args.points,
        sigma_over_mu: args.sigma_over_mu,
        exponent: args.exponent,
        samples: args.samples,
        seed: args.seed,
        max_nodes: args.max_nodes,
        sampler: args.sampler,
        ..CurveConfig::default()
    };
    let pb = progress::bar(cfg.points as u64, "CV curves");
    let pts = compute_curves(&cfg, Some(&pb))?;
    crate::progress::finish(&pb);
    let mut header: Vec<String> = [
        "l_over_a",
        "mesh",
        "trans_cv_f_mc",
        "trans_cv_f_se",
        "trans_cv_f_eq16",
        "trans_cv_t_mc",
        "trans_cv_t_se",
        "trans_cv_t_eq17",
        "rot_cv_f_mc",
        "rot_cv_t_mc",
        "clipped_eigen_mass",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for r in &cfg.rho_over_a {
        header.push(format!("planar_cv_f_rho{r}"));
        header.push(format!("planar_cv_t_rho{r}"));
    }
    let mut csv = CsvTable::new(&header);
    for p in &pts {
        let mut row = vec![
            p.la,
            p.mesh as f64,
            p.translation.force,
            p.translation_se.force,
            p.translation_closed.force,
            p.translation.torque,
            p.translation_se.torque,
            p.translation_closed.torque,
            p.rotation.force,
            p.rotation.torque,
            p.clipped,
        ];
        for c in &p.planar {
            row.push(c.force);
            row.push(c.torque);
        }
        csv.push(&row);
    }
    write_csv(&csv, out, "fig7_10_cv_curves")?;
    let y = "normalised CV = CV·μ/σ [-]";
    LinePlot::new("Scatter of friction under pure translation", "l/a [-]", y)
        .log_x()
        // A CV is ≥ 0: standard-error whiskers stop at 0.
        .y_bounds(0.0, f64::INFINITY)
        .series(
            Series::points("CV_F (MC)", curve_series(&pts, |p| p.translation.force))
                .with_error(pts.iter().map(|p| p.translation_se.force).collect()),
        )
        .series(Series::dashed(
            "CV_F (Eq. 16)",
            curve_series(&pts, |p| p.translation_closed.force),
        ))
        .series(
            Series::points("CV_T (MC)", curve_series(&pts, |p| p.translation.torque))
                .with_error(pts.iter().map(|p| p.translation_se.torque).collect()),
        )
        .series(Series::dashed(
            "CV_T (Eq. 17)",
            curve_series(&pts, |p| p.translation_closed.torque),
        ))
        .write(&out.join("fig7_translation"))?;
    LinePlot::new("Scatter of friction under pure rotation", "l/a [-]", y)
        .log_x()
        .series(Series::line(
            "CV_F",
            curve_series(&pts, |p| p.rotation.force),
        ))
        .series(Series::line(
            "CV_T",
            curve_series(&pts, |p| p.rotation.torque),
        ))
        .write(&out.join("fig8_rotation"))?;
    LinePlot::new("Translation and rotation: the duality", "l/a [-]", y)
        .log_x()
        .series(Series::line(
            "translation CV_F",
            curve_series(&pts, |p| p.translation.force),
        ))
        .series(Series::dashed(
            "rotation CV_T",
            curve_series(&pts, |p| p.rotation.torque),
        ))
        .series(Series::line(
            "translation CV_T",
            curve_series(&pts, |p| p.translation.torque),
        ))
        .series(Series::dashed(
            "rotation CV_F",
            curve_series(&pts, |p| p.rotation.force),
        ))
        .write(&out.join("fig9_duality"))?;
    let mut pf = LinePlot::new(
        "Scatter of the friction force in planar motion",
        "l/a [-]",
        y,
    )
    .log_x();
    let mut pt = LinePlot::new(
        "Scatter of the friction torque in planar motion",
        "l/a [-]",
        y,
    )
    .log_x();
    for (k, r) in cfg.rho_over_a.iter().enumerate() {
        pf = pf.series(Series::line(
            format!("ρ*/a = {r}"),
            curve_series(&pts, |p| p.planar[k].force),
        ));
        pt = pt.series(Series::line(
            format!("ρ*/a = {r}"),
            curve_series(&pts, |p| p.planar[k].torque),
        ));
    }
    pf.write(&out.join("fig10a_planar_force"))?;
    pt.write(&out.join("fig10b_planar_torque"))?;
    let cv = "CV: the coefficient of variation (standard deviation over mean) of the total \
              friction force F or torque T of a body of size l sliding on a random field of \
              the local friction coefficient with correlation length a, divided by the local \
              coefficient's σ/μ (1: no averaging).";
    for (stem, what) in [
        (
            "fig7_translation",
            "Pure translation (seed 004 Fig. 7): Monte-Carlo points with standard errors, \
             dashed: the closed forms Eq. 16–17.",
        ),
        (
            "fig8_rotation",
            "Pure rotation about the centre (seed 004 Fig. 8).",
        ),
        (
            "fig9_duality",
            "Seed 004 Fig. 9: the force in translation matches the torque in rotation and \
             vice versa.",
        ),
        (
            "fig10a_planar_force",
            "Planar motion, force (seed 004 Fig. 10a), one line per rotation-centre distance ρ*/a.",
        ),
        (
            "fig10b_planar_torque",
            "Planar motion, torque (seed 004 Fig. 10b), one line per rotation-centre distance ρ*/a.",
        ),
    ] {
        write_caption(&out.join(stem), &format!("{what} {cv}"))?;
    }

    let th = closed_form_thresholds(args.sigma_over_mu, args.tolerance, args.plateau_tolerance);
    let la: Vec<f64> = pts.iter().map(|p| p.la).collect();
    let mc_cv: Vec<f64> = pts.iter().map(|p| p.translation.force).collect();
    if let Some(d) =
        deterministic_threshold_from_curve(&la, &mc_cv, args.sigma_over_mu, args.tolerance)
    {
        crate::errln!(
            "deterministic threshold from the Monte-Carlo curve: l/a = {d:.4} (closed form {:.4})",
            th.la_deterministic
        );
    }
    if cfg.exponent != 2 {
        crate::errln!(
            "note: exponent n = {} — the table section is only written for n = 2",
            cfg.exponent
        );
        return Ok(None);
    }
    match build_section(&cfg, &pts, &th) {
        Ok(section) => {
            write_json(&out.join("cof_section.json"), &section)?;
            Ok(Some(section))
        }
        Err(e) => {
            crate::errln!("note: no table section written: {e}");
            Ok(None)
        }
    }
}

/// Fig. 14–15: the crank-slider energy study (bottom and side dissipated energy over l/a),
/// CSV and plots in `out`.
///
/// # Errors
///
/// [`PipelineError::Field`] when the energy study's field or sampler is refused;
/// [`PipelineError::Io`] or [`PipelineError::Report`] when a CSV or figure cannot be written.
///
/// [`PipelineError::Field`]: crate::pipeline::error::PipelineError::Field
/// [`PipelineError::Io`]: crate::pipeline::error::PipelineError::Io
/// [`PipelineError::Report`]: crate::pipeline::error::PipelineError::Report
pub fn crank_slider(args: &RandomFieldStudy, out: &Path) -> Result<()> {
    let model = CrankSlider::default();
    let las: Vec<f64> = (0..=12)
        .map(|k| 10f64.powf(-1.0 + 3.0 * k as f64 / 12.0))
        .collect();
    let mean = 0.5;
    let std = args.sigma_over_mu * mean;
    let det = model.simulate(mean, 0.0, mean);
    let pb = progress::bar((las.len() * args.crank_realisations) as u64, "crank-slider");
    let st = energy_study(
        &model,
        mean,
        std,
        &las,
        args.crank_realisations,
        args.seed,
        Some(&pb),
    )?;
    crate::progress::finish(&pb);
    let mut csv = CsvTable::new(&[
        "l_over_a",
        "eb_mean",
        "eb_std",
        "es_mean",
        "es_std",
        "eb_deterministic",
        "es_deterministic",
    ]);
    for s in &st {
        csv.push(&[
            s.la,
            s.bottom.mean,
            s.bottom.std(),
            s.side.mean,
            s.side.std(),
            det.bottom,
            det.side,
        ]);
    }
    write_csv(&csv, out, "fig14_15_crank_slider")?;
    let pts =
        |f: &dyn Fn(&crate::random_field::crank_slider::EnergyStats) -> f64| -> Vec<(f64, f64)> {
            st.iter().map(|s| (s.la, f(s))).collect()
        };
    LinePlot::new(
        "Fig. 14: energy dissipated by bottom friction",
        "l/a [-]",
        "E_b [J]",
    )
    .log_x()
    // Dissipated energy is ≥ 0: the ±std whiskers stop at 0.
    .y_bounds(0.0, f64::INFINITY)
    .series(
        Series::points("random (mean ± std)", pts(&|s| s.bottom.mean))
            .with_error(st.iter().map(|s| s.bottom.std()).collect()),
    )
    .series(Series::dashed("deterministic", pts(&|_| det.bottom)))
    .write(&out.join("fig14_bottom_energy"))?;
    LinePlot::new(
        "Fig. 15: energy dissipated by side friction",
        "l/a [-]",
        "E_s [J]",
    )
    .log_x()
    // Dissipated energy is ≥ 0: the ±std whiskers stop at 0.
    .y_bounds(0.0, f64::INFINITY)
    .series(
        Series::points("random (mean ± std)", pts(&|s| s.side.mean))
            .with_error(st.iter().map(|s| s.side.std()).collect()),
    )
    .series(Series::dashed("deterministic", pts(&|_| det.side)))
    .write(&out.join("fig15_side_energy"))?;
    Ok(())
}
