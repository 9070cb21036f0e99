//! The colour map of every heat map and stress snapshot: plotters' viridis (its `colormaps`
//! feature, matplotlib's default map; Nuñez, Anderton & Renslow 2018, PLoS ONE 13:e0199239),
//! not a hand-typed copy of its anchors.

use plotters::style::RGBColor;
use plotters::style::colors::colormaps::ViridisRGB;

/// Viridis at `t` in [0, 1] (clamped; a non-finite `t` is the low end).
pub fn colormap(t: f64) -> RGBColor {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    ViridisRGB::get_color(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// matplotlib's viridis ends: #440154 and #FDE725 (plotters' last anchor is 254, 232, 37).
    #[test]
    fn colormap_ends_are_viridis() {
        assert_eq!(colormap(0.0), RGBColor(68, 1, 84));
        let top = colormap(1.0);
        assert!(
            top.0.abs_diff(253) <= 1 && top.1.abs_diff(231) <= 1 && top.2 == 37,
            "{top:?}"
        );
        assert_eq!(colormap(f64::NAN), RGBColor(68, 1, 84));
        assert_eq!(colormap(-3.0), colormap(0.0));
    }

    /// Perceptually ordered: the luminance rises monotonically along the map.
    #[test]
    fn luminance_rises_along_the_map() {
        let lum = |c: RGBColor| 0.2126 * c.0 as f64 + 0.7152 * c.1 as f64 + 0.0722 * c.2 as f64;
        let mut last = -1.0;
        for i in 0..=100 {
            let l = lum(colormap(i as f64 / 100.0));
            assert!(l >= last - 1e-9, "luminance falls at {i}%: {l} < {last}");
            last = l;
        }
    }
}
