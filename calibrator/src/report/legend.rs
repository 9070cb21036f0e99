//! Legend placement that never covers data (issue 20): the legend box is sized exactly as
//! plotters lays it out (label text at [`TICK_PX`], a 30 px sample area, 10 px margins, line
//! height 1.25 × the font size) and put at the first of eight positions — corners first — whose
//! box holds no data point; [`super::plot::LinePlot`] adds room above the data when none is free.

use plotters::prelude::*;
use plotters::style::{FontDesc, FontFamily, FontStyle};

use super::error::{ReportError, Result};
use super::style::TICK_PX;

/// Pixels kept free around the legend box.
const CLEARANCE: i32 = 4;
/// Sample area left of the labels and margin inside the box, as plotters draws them \[px\].
const SAMPLE_AREA: i32 = 30;
const MARGIN: i32 = 10;
/// plotters' offset of a legend from the plotting area's edge \[px\].
const EDGE: i32 = 5;

/// Points every 3 px strictly between pixel points `a` and `b`.
pub fn along(a: (i32, i32), b: (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
    let len = (b.0 - a.0).abs().max((b.1 - a.1).abs());
    let steps = (len / 3).max(1);
    (1..steps).map(move |k| {
        let t = f64::from(k) / f64::from(steps);
        (
            a.0 + (f64::from(b.0 - a.0) * t).round() as i32,
            a.1 + (f64::from(b.1 - a.1) * t).round() as i32,
        )
    })
}

/// Width and height of the legend box of `labels` \[px\].
///
/// # Errors
///
/// [`ReportError::MeasureText`] when the font cannot measure a label.
pub fn legend_size(labels: &[&str]) -> Result<(i32, i32)> {
    let font = FontDesc::new(FontFamily::SansSerif, f64::from(TICK_PX), FontStyle::Normal);
    let mut w = 0;
    let mut h = 0;
    let line = f64::from(TICK_PX) * 1.25;
    for (i, l) in labels.iter().enumerate() {
        let (lw, lh) = font.box_size(l).map_err(|e| ReportError::MeasureText {
            text: (*l).to_string(),
            source: e.to_string().into(),
        })?;
        w = w.max(lw as i32);
        h = h.max((i as f64 * line).round() as i32 + lh as i32);
    }
    Ok((w + SAMPLE_AREA + 2 * MARGIN, h + 2 * MARGIN))
}

/// The first position (corners, then edge middles) where the legend of `labels` covers none of
/// `points` (pixels of a plotting area of size `area`), or `None`.
///
/// # Errors
///
/// [`ReportError::MeasureText`] when the font cannot measure a label.
pub fn free_position(
    labels: &[&str],
    area: (u32, u32),
    points: &[(i32, i32)],
) -> Result<Option<SeriesLabelPosition>> {
    let (w, h) = legend_size(labels)?;
    let (aw, ah) = (area.0 as i32, area.1 as i32);
    use SeriesLabelPosition::*;
    let candidates = [
        (UpperRight, aw - w - EDGE, EDGE),
        (UpperLeft, EDGE, EDGE),
        (LowerRight, aw - w - EDGE, ah - h - EDGE),
        (LowerLeft, EDGE, ah - h - EDGE),
        (UpperMiddle, (aw - w) / 2, EDGE),
        (LowerMiddle, (aw - w) / 2, ah - h - EDGE),
        (MiddleRight, aw - w - EDGE, (ah - h) / 2),
        (MiddleLeft, EDGE, (ah - h) / 2),
    ];
    Ok(candidates.into_iter().find_map(|(pos, x, y)| {
        let fits = x >= 0 && y >= 0 && x + w <= aw && y + h <= ah;
        let clear = points.iter().all(|&(px, py)| {
            px < x - CLEARANCE
                || px > x + w + CLEARANCE
                || py < y - CLEARANCE
                || py > y + h + CLEARANCE
        });
        (fits && clear).then_some(pos)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legend_avoids_occupied_corners() {
        crate::report::font::ensure_registered().unwrap();
        let labels = ["data", "fit"];
        let (w, h) = legend_size(&labels).unwrap();
        assert!(w > SAMPLE_AREA + 2 * MARGIN && h > 2 * MARGIN);
        // Data filling the upper right and upper left corners: the legend goes lower right.
        let pts: Vec<(i32, i32)> = (0..800).step_by(4).map(|x| (x, 20)).collect();
        let pos = free_position(&labels, (800, 500), &pts).unwrap();
        assert!(
            matches!(pos, Some(SeriesLabelPosition::LowerRight)),
            "{pos:?}"
        );
        // Data everywhere: nowhere.
        let all: Vec<(i32, i32)> = (0..800)
            .step_by(10)
            .flat_map(|x| (0..500).step_by(10).map(move |y| (x, y)))
            .collect();
        assert!(free_position(&labels, (800, 500), &all).unwrap().is_none());
    }

    #[test]
    fn points_along_a_segment_are_dense_and_exclude_the_ends() {
        let v: Vec<_> = along((0, 0), (30, 0)).collect();
        assert_eq!(v.len(), 9);
        assert!(v.iter().all(|p| p.0 > 0 && p.0 < 30));
    }
}
