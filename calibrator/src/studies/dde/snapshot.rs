//! Stress snapshots coloured like the seed's figures (§4, Fig. 3–4): every joint filled by
//! its σ_yy (Cauchy, Eq. 14), interior joints edged black, contact joints edged orange,
//! surface elements marked by their effective size (Eq. 17). Written as SVG and PNG.

use std::path::Path;

use super::error::Result;
use crate::report::ReportError;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::dde::joint::respond;
use crate::dde::system::ElementAssembly;
use crate::dde::vec2::V2;
use crate::report::plot::{colormap, render_figure};

/// A snapshot of `sys` over the window [lo, hi] \[m\], σ_yy coloured over ±`stress_scale` \[Pa\]
/// (`None`: the largest |σ_yy| of the window).
///
/// # Errors
///
/// [`DdeError::Report`] when the SVG or PNG cannot be drawn or written.
///
/// [`DdeError::Report`]: crate::studies::dde::error::DdeError::Report
pub fn write_stress_snapshot(
    stem: &Path,
    sys: &ElementAssembly,
    title: &str,
    window: (V2, V2),
    stress_scale: Option<f64>,
) -> Result<()> {
    render_figure(&stem.with_extension(""), |root| {
        draw(root, sys, title, window, stress_scale)
    })?;
    Ok(())
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    sys: &ElementAssembly,
    title: &str,
    (lo, hi): (V2, V2),
    stress_scale: Option<f64>,
) -> std::result::Result<(), ReportError> {
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| {
        ReportError::plotting(format!("snapshot '{title}'"), format!("{err:?}"))
    };
    let lame = sys.material.lame();
    let el = &sys.elements;
    let um = |p: V2| (p.x * 1e6, p.y * 1e6);
    let inside = |p: &[V2; 3]| {
        p.iter()
            .any(|q| q.x >= lo.x && q.x <= hi.x && q.y >= lo.y && q.y <= hi.y)
    };
    let joints: Vec<([V2; 3], f64, bool)> = sys
        .interior
        .iter()
        .map(|j| (j.members, j.reference, false))
        .chain(sys.contact.iter().map(|j| (j.members, j.reference, true)))
        .filter_map(|(m, r, contact)| {
            let p = el.triangle(m);
            inside(&p).then(|| (p, respond(p, &r, &lame).cauchy.0[1][1], contact))
        })
        .collect();
    let scale = stress_scale.unwrap_or_else(|| {
        joints
            .iter()
            .map(|j| j.1.abs())
            .filter(|s| s.is_finite())
            .fold(1.0, f64::max)
    });
    root.fill(&WHITE).map_err(e)?;
    let caption = format!("{title} (σyy, ±{:.2} GPa)", scale * 1e-9);
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(55)
        .build_cartesian_2d(lo.x * 1e6..hi.x * 1e6, lo.y * 1e6..hi.y * 1e6)
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc("x [µm]")
        .y_desc("y [µm]")
        .draw()
        .map_err(e)?;
    chart
        .draw_series(joints.iter().map(|(p, s, _)| {
            let c = colormap(0.5 + 0.5 * s / scale);
            Polygon::new(p.iter().map(|&q| um(q)).collect::<Vec<_>>(), c.filled())
        }))
        .map_err(e)?;
    let orange = RGBColor(255, 140, 0);
    chart
        .draw_series(joints.iter().map(|(p, _, contact)| {
            let mut v: Vec<(f64, f64)> = p.iter().map(|&q| um(q)).collect();
            v.push(v[0]);
            let colour = if *contact { orange } else { BLACK };
            PathElement::new(v, colour.stroke_width(1))
        }))
        .map_err(e)?;
    let px_per_um = 800.0 / ((hi.x - lo.x) * 1e6);
    chart
        .draw_series((0..el.len()).filter(|&i| el.surface[i]).filter_map(|i| {
            let p = el.pos[i];
            let r = (el.radius[i] * 1e6 * px_per_um).round().max(1.0) as i32;
            (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y)
                .then(|| Circle::new(um(p), r, BLUE.stroke_width(1)))
        }))
        .map_err(e)?;
    root.present().map_err(e)?;
    Ok(())
}
