//! Report of a BEM pressure sweep on one rough surface (used by `tribo contact` and by the
//! contact stage of `tribo calibrate`): `sweep.csv` (A_c/A_0, clusters N_c, d̄_c, summits,
//! gap, iterations), `psd.csv`, `summary.json` (κ of Eq. 8, the nucleation fit d̄_c = C/√p of
//! App. E) and the plots `area_vs_p`, `dc_vs_p` (with the Poisson reference of App. E),
//! `fig14_clusters_vs_p` (Fig. 14: d̄_c/d̄ with both fitted regimes on the left axis, N_c/N_s on
//! the right) and `contact_map` (SVG + PNG).

use std::path::Path;

use super::error::{Result, io_at, write_csv, write_json};
use crate::bem::Material;
use crate::bem::kappa::poisson_nearest_distance;
use crate::bem::sweep::{ContactAnalysis, SweepPoint, analyze};
use crate::report::{CsvTable, LinePlot, Series, SeriesStyle, TwinAxisPlot, write_caption};
use crate::surface::{HeightMap, radial_psd, stats};

/// Writes CSV, summary and plots of a sweep into `out`.
///
/// # Errors
///
/// [`PipelineError::Io`], [`PipelineError::Json`] or [`PipelineError::Report`] (the file named)
/// when `out`, a CSV, `summary.json` or a figure's CSV cannot be written.
///
/// [`PipelineError::Io`]: crate::pipeline::error::PipelineError::Io
/// [`PipelineError::Json`]: crate::pipeline::error::PipelineError::Json
/// [`PipelineError::Report`]: crate::pipeline::error::PipelineError::Report
pub fn write_report(
    out: &Path,
    map: &HeightMap,
    material: Material,
    points: &[SweepPoint],
    last_traction: &[f64],
    kappa_max_p_over_e: f64,
) -> Result<()> {
    std::fs::create_dir_all(out).map_err(io_at("creating", out))?;
    let e = material.e_star;
    let an = analyze(map, e, points, kappa_max_p_over_e);
    let n_s = an.summits;
    let length = (map.lx() * map.ly()).sqrt();
    let d_bar = an.summit_spacing;
    let mut table = CsvTable::new(&[
        "p_Pa",
        "p_over_Estar",
        "A_over_A0",
        "saturated_fraction",
        "N_c",
        "N_c_over_N_s",
        "dc_mean_m",
        "dc_over_dbar",
        "dc_poisson_m",
        "mean_gap_m",
        "iterations",
        "residual",
    ]);
    for pt in points {
        table.push(&[
            pt.pressure,
            pt.pressure / e,
            pt.area_fraction,
            pt.saturated_fraction,
            pt.clusters as f64,
            pt.clusters as f64 / n_s.max(1) as f64,
            pt.mean_distance,
            pt.mean_distance / d_bar,
            poisson_nearest_distance(length, pt.clusters.max(1)),
            pt.mean_gap,
            pt.iterations as f64,
            pt.residual,
        ]);
    }
    write_csv(&table, &out.join("sweep.csv"))?;

    let psd = radial_psd(map);
    let mut psd_table = CsvTable::new(&["mode", "q_rad_per_m", "C_m4", "modes"]);
    for b in &psd {
        psd_table.push(&[b.mode, b.q, b.psd, b.count as f64]);
    }
    write_csv(&psd_table, &out.join("psd.csv"))?;

    let slope_spectral = an.slope_spectral;
    let p_e: Vec<f64> = points.iter().map(|p| p.pressure / e).collect();
    let area: Vec<f64> = points.iter().map(|p| p.area_fraction).collect();
    let (kappa, nucleation_c) = (an.kappa, an.nucleation_c);
    let summary = serde_json::json!({
        "grid": [map.nx(), map.ny()],
        "period_m": [map.lx(), map.ly()],
        "e_star_pa": e,
        "p_crit_pa": material.p_crit,
        "rms_height_m": stats::rms_height(map),
        "analysis": an,
        "kappa_max_p_over_e": kappa_max_p_over_e,
        // κ of Eq. 8 is an elastic law: when most of the contact sits at p_crit
        // (analysis.saturated_share near 1), A_c/A_0 ≈ p/p_crit and the fitted κ is not
        // comparable to the literature (use --elastic).
    });
    write_json(&out.join("summary.json"), &summary)?;

    // What the stage solved (issue 33: an elastic stage says so).
    let model = match material.p_crit {
        None => "elastic BEM".to_string(),
        Some(pc) => format!("BEM, tractions capped at p_crit = {} MPa", pc / 1e6),
    };
    let mut area_plot = LinePlot::new(
        format!("Real contact area against pressure ({model})"),
        "p/E*",
        "A_c/A_0",
    )
    .series(Series::points(
        "BEM",
        p_e.iter().cloned().zip(area.iter().cloned()).collect(),
    ));
    if let Some(k) = kappa {
        area_plot = area_plot.series(Series::dashed(
            format!("κ/h'_rms · p/E*, κ = {k:.3}"),
            p_e.iter().map(|&x| (x, k / slope_spectral * x)).collect(),
        ));
    }
    area_plot.log_x().log_y().write(&out.join("area_vs_p"))?;
    write_caption(
        &out.join("area_vs_p"),
        "Real contact area fraction of the particle-free rough contact against nominal \
         pressure over E*; dashed: seed 000 Eq. 8, A_c/A_0 = κ/h'_rms · p/E*, with κ fitted \
         at small p/E* and h'_rms the spectral RMS slope.",
    )?;

    let mpa: Vec<f64> = points.iter().map(|p| p.pressure / 1e6).collect();
    let mut dc_plot = LinePlot::new(
        "Mean nearest distance between clusters",
        "p [MPa]",
        "d_c / ⟨d⟩",
    )
    .series(Series::points(
        "BEM",
        points
            .iter()
            .zip(&mpa)
            .map(|(p, &x)| (x, p.mean_distance / d_bar))
            .collect(),
    ))
    .series(Series::dashed(
        "Poisson L/(2√N_c)",
        points
            .iter()
            .zip(&mpa)
            .map(|(p, &x)| {
                (
                    x,
                    poisson_nearest_distance(length, p.clusters.max(1)) / d_bar,
                )
            })
            .collect(),
    ));
    if let Some(c) = nucleation_c {
        dc_plot = dc_plot.series(Series::line(
            "nucleation C/√p",
            points
                .iter()
                .zip(&mpa)
                .map(|(p, &x)| (x, c / p.pressure.sqrt() / d_bar))
                .collect(),
        ));
    }
    dc_plot.log_x().log_y().write(&out.join("dc_vs_p"))?;
    write_caption(
        &out.join("dc_vs_p"),
        "Mean distance from a contact cluster to its nearest neighbour over the mean summit \
         spacing ⟨d⟩; dashed: randomly placed clusters, L/(2√N_c); line: the nucleation \
         regime C/√p of seed 000 App. E.",
    )?;

    fig14(points, &an, e, &out.join("fig14_clusters_vs_p"))?;
    write_caption(
        &out.join("fig14_clusters_vs_p"),
        "Seed 000 Fig. 14: mean nearest distance between contact clusters over the summit \
         spacing (left, log–log) with the nucleation fit C/√p (App. E, Eq. 44) and the growth \
         fit a_g − c_g·√(p/E*) (App. F, Eq. 46), and the number of clusters per summit N_c/N_s \
         (right).",
    )?;

    if !last_traction.is_empty() {
        let map_mpa: Vec<f64> = last_traction.iter().map(|t| t / 1e6).collect();
        let title = format!(
            "Contact traction at p = {:.1} MPa, {model}",
            points.last().map_or(0.0, |p| p.pressure / 1e6)
        );
        super::surface_report::on_map(map, title, "traction [MPa]", &map_mpa)
            .write(&out.join("contact_map"))?;
        let peak = last_traction.iter().copied().fold(0.0, f64::max);
        let reading = match material.p_crit {
            None => format!(
                "The half-space is purely elastic: nothing caps the traction, so asperity tips \
                 carry up to {:.1} GPa here, far above the saturation traction p_crit of a \
                 soft sheet (seed 000: 340 MPa for aluminium). This stage measures contact \
                 geometry (area, clusters, κ of seed 000 Eq. 8, which is defined for elastic \
                 contact); the BEM–DEM stage caps the sheet's traction at the config's p_crit.",
                peak / 1e9
            ),
            Some(pc) => format!(
                "Tractions are capped at p_crit = {} MPa (saturated contact, seed 000 §5); peak \
                 {:.0} MPa.",
                pc / 1e6,
                peak / 1e6
            ),
        };
        write_caption(
            &out.join("contact_map"),
            &format!(
                "Normal traction on the particle-free contact at the highest nominal pressure. \
                 {reading}"
            ),
        )?;
    }
    Ok(())
}

/// Seed 000 Fig. 14 as one two-axis figure: d̄_c/d̄ against p on the left (log–log) with the
/// nucleation fit d̄_c = C/√p (App. E, Eq. 44) over every pressure and the growth fit
/// d̄_c/d̄ = a_g − c_g·√(p/E*) (App. F, Eq. 46) over the upper half of the pressures it was
/// fitted on; N_c/N_s on the right (linear), as in the paper.
fn fig14(points: &[SweepPoint], an: &ContactAnalysis, e_star: f64, stem: &Path) -> Result<()> {
    let d_bar = an.summit_spacing;
    let n_s = an.summits.max(1) as f64;
    let mpa = |p: &SweepPoint| p.pressure / 1e6;
    let with_d: Vec<&SweepPoint> = points
        .iter()
        .filter(|p| p.mean_distance.is_finite())
        .collect();
    let mut left = LinePlot::new(
        "Contact clusters against pressure (elastic BEM)",
        "p [MPa]",
        "⟨d_c⟩ / ⟨d⟩ [-]",
    )
    .log_x()
    .log_y()
    .series(Series::points(
        "⟨d_c⟩/⟨d⟩ (BEM)",
        with_d
            .iter()
            .map(|p| (mpa(p), p.mean_distance / d_bar))
            .collect(),
    ));
    if let Some(c) = an.nucleation_c {
        left = left.series(
            Series::dashed(
                "nucleation C/√p (App. E)",
                with_d
                    .iter()
                    .map(|p| (mpa(p), c / p.pressure.sqrt() / d_bar))
                    .collect(),
            )
            .with_color_of(0),
        );
    }
    if let Some([a_g, c_g]) = an.growth {
        // The same upper half of the pressures as the fit in `bem::sweep::analyze`.
        let upper = &with_d[with_d.len() / 2..];
        left = left.series(
            Series::line(
                format!("growth {a_g:.2} − {c_g:.2}·√(p/E*) (App. F)"),
                upper
                    .iter()
                    .map(|p| (mpa(p), a_g - c_g * (p.pressure / e_star).sqrt()))
                    .collect(),
            )
            .with_color_of(0),
        );
    }
    TwinAxisPlot::new(left, "N_c / N_s [-]")
        .right_series(
            Series::points(
                "N_c/N_s",
                points
                    .iter()
                    .map(|p| (mpa(p), p.clusters as f64 / n_s))
                    .collect(),
            )
            .with_style(SeriesStyle::LinePoints),
        )
        .write(stem)?;
    Ok(())
}
