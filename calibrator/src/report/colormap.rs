//! The colour map of every heat map and stress snapshot.

use plotters::style::RGBColor;

/// A perceptually ordered colour map (viridis anchors, linear between them); `t` in [0, 1].
pub fn colormap(t: f64) -> RGBColor {
    const ANCHORS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let s = t * (ANCHORS.len() - 1) as f64;
    let k = (s.floor() as usize).min(ANCHORS.len() - 2);
    let f = s - k as f64;
    let (a, b) = (ANCHORS[k], ANCHORS[k + 1]);
    let mix = |u: f64, v: f64| (u + (v - u) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colormap_ends() {
        assert_eq!(colormap(0.0), RGBColor(68, 1, 84));
        assert_eq!(colormap(1.0), RGBColor(253, 231, 37));
        assert_eq!(colormap(f64::NAN), RGBColor(68, 1, 84));
    }
}
