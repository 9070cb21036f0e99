//! The look every figure shares (issue 20: figures a researcher would put in a report): text
//! sizes, a colour-blind-safe palette, tick labels formatted by magnitude, log-axis padding.

use std::ops::Range;

use plotters::chart::{ChartContext, MeshStyle};
use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::ranged1d::{Ranged, ValueFormatter};
use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

/// Title size \[px\].
pub const TITLE_PX: u32 = 20;
/// Axis and colour-bar label size \[px\].
pub const AXIS_LABEL_PX: u32 = 16;
/// Tick label and legend size \[px\].
pub const TICK_PX: u32 = 14;
/// Smallest text any figure may hold \[px\] (the figure audit checks it).
pub const MIN_TEXT_PX: f64 = 10.0;

/// Okabe & Ito's colour-blind-safe palette (Color Universal Design), ordered for a white
/// background: blue, vermillion, bluish green, reddish purple, orange, sky blue, black,
/// yellow.
pub const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
    RGBColor(240, 228, 66),
];

/// [`tick_label`] as the mesh's formatter.
fn tick(v: &f64) -> String {
    tick_label(*v)
}

/// The axes every x–y figure shares (line plots and heat maps): labels with their units at
/// [`AXIS_LABEL_PX`], tick labels at [`TICK_PX`] formatted by [`tick_label`]. The caller adds
/// what differs (grid lines, number of ticks) and draws.
pub(crate) fn axes<'a, 'b, DB, X, Y>(
    chart: &'b mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    x_label: &'b str,
    y_label: &'b str,
) -> MeshStyle<'a, 'b, X, Y, DB>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(x_label)
        .y_desc(y_label)
        .axis_desc_style(("sans-serif", AXIS_LABEL_PX))
        .label_style(("sans-serif", TICK_PX))
        .x_label_formatter(&tick)
        .y_label_formatter(&tick);
    mesh
}

/// Colour of series slot `k` (cycling through [`PALETTE`]).
pub fn series_color(k: usize) -> RGBColor {
    PALETTE[k % PALETTE.len()]
}

/// A tick label by magnitude: at most 3 significant digits, scientific notation outside
/// [1e-3, 1e4), no trailing zeros (`3e-4`, not `0.00030000000000000003`).
pub fn tick_label(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v}");
    }
    if v == 0.0 {
        return "0".into();
    }
    let a = v.abs();
    if !(1e-3..1e4).contains(&a) {
        let s = format!("{v:.2e}");
        let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
        return format!("{}e{exp}", trim_zeros(mantissa));
    }
    let decimals = (2 - a.log10().floor() as i32).max(0) as usize;
    trim_zeros(&format!("{v:.decimals$}"))
}

fn trim_zeros(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s.to_string()
    }
}

/// The drawn range of data spanning `[lo, hi]`: 3 % padding on a linear axis, 4 % of the
/// decades (at least ×1.05) on a log axis, so no point sits on a frame line.
pub fn pad(r: (f64, f64), log: bool) -> Range<f64> {
    let (lo, hi) = r;
    if log {
        if hi > lo {
            let f = (hi / lo).powf(0.04).max(1.05);
            lo / f..hi * f
        } else {
            lo * 0.5..hi * 2.0
        }
    } else if hi > lo {
        let m = 0.03 * (hi - lo);
        lo - m..hi + m
    } else {
        let m = if lo == 0.0 { 1.0 } else { 0.1 * lo.abs() };
        lo - m..hi + m
    }
}

/// The range `r` with room added above the data (`fraction` of the span, or of the decades on
/// a log axis), for a legend that finds no free corner.
pub fn headroom(r: &Range<f64>, log: bool, fraction: f64) -> Range<f64> {
    if log && r.start > 0.0 {
        r.start..r.end * (r.end / r.start).powf(fraction)
    } else {
        r.start..r.end + (r.end - r.start) * fraction
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_by_magnitude() {
        assert_eq!(tick_label(0.000_300_000_000_000_000_03), "3e-4");
        assert_eq!(tick_label(0.25), "0.25");
        assert_eq!(tick_label(12.5), "12.5");
        assert_eq!(tick_label(100.0), "100");
        assert_eq!(tick_label(-0.002), "-0.002");
        assert_eq!(tick_label(55e9), "5.5e10");
        assert_eq!(tick_label(1.0), "1");
        assert_eq!(tick_label(0.0), "0");
        assert_eq!(tick_label(0.1 + 0.2), "0.3");
    }

    #[test]
    fn log_padding_keeps_the_ends_off_the_frame() {
        let r = pad((1.0, 100.0), true);
        assert!(r.start < 1.0 && r.end > 100.0 && r.start > 0.0);
        // Symmetric in decades.
        assert!(((1.0 / r.start).ln() - (r.end / 100.0).ln()).abs() < 1e-12);
        let h = headroom(&(1.0..100.0), true, 0.5);
        assert!((h.end - 1000.0).abs() < 1e-9);
    }

    #[test]
    fn palette_is_the_okabe_ito_set() {
        // Distinct colours, none of them white.
        for (i, a) in PALETTE.iter().enumerate() {
            assert_ne!(*a, RGBColor(255, 255, 255));
            for b in &PALETTE[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(series_color(8), series_color(0));
    }
}
