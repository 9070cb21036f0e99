//! A logarithmic plot axis whose ticks never vanish.
//!
//! plotters' own log coordinate (`(lo..hi).log_scale()`, 0.3.7) drops every key point whose
//! value differs from its zero point (0) by less than `f64::EPSILON` ≈ 2.2e-16 (its `is_inf`
//! test): a PSD in m⁴ (C(q) ≈ 1e-40 … 1e-30) or any quantity below 2.2e-16 in SI units got a
//! log axis without a single tick label. [`LogAxis`] maps ln(v) linearly, like plotters, and
//! puts ticks at whole decades (every k-th decade when there are many), at 1-2-5 or 1…9 times
//! a decade when the range spans less than two decades, and at linear steps when it is
//! narrower than one mantissa step.

use std::ops::Range;

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;

/// A log-scaled axis over \[lo, hi\] (0 < lo < hi, any magnitude).
#[derive(Clone, Debug)]
pub struct LogAxis {
    range: Range<f64>,
    /// \[ln lo, ln hi\], mapped linearly to pixels.
    ln: Range<f64>,
}

impl LogAxis {
    /// The axis over `range`; a non-positive or non-finite end is replaced so the axis is
    /// drawable (lo > 0, hi > lo): callers skip non-positive data on log axes anyway.
    pub fn new(range: Range<f64>) -> Self {
        let lo = if range.start.is_finite() && range.start > 0.0 {
            range.start
        } else {
            f64::MIN_POSITIVE
        };
        let hi = if range.end.is_finite() && range.end > lo {
            range.end
        } else {
            lo * 10.0
        };
        Self {
            range: lo..hi,
            ln: lo.ln()..hi.ln(),
        }
    }
}

impl From<Range<f64>> for LogAxis {
    fn from(range: Range<f64>) -> Self {
        Self::new(range)
    }
}

impl Ranged for LogAxis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        RangedCoordf64::from(self.ln.clone()).map(&value.ln(), limit)
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        log_ticks(self.range.start, self.range.end, hint.max_num_points())
    }

    fn range(&self) -> Range<f64> {
        self.range.clone()
    }
}

/// Mantissas tried in turn when whole decades give fewer than two ticks.
const MANTISSAS: [&[f64]; 3] = [
    &[1.0],
    &[1.0, 2.0, 5.0],
    &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0],
];

/// Ticks a mantissa set must give on a range under three decades to be taken over a finer
/// set: two labels on a ratio axis (0.5 and 1 on 0.25–1.3) left the reader to guess the rest.
const MIN_MANTISSA_TICKS: usize = 3;

/// Tick values in \[lo, hi\] (0 < lo < hi), at most `max` of them (at least 2 when the range
/// allows): whole decades (three or more), thinned to every k-th decade; else the first
/// mantissa set of `MANTISSAS` giving three ticks (or two, if none gives three); else linear steps of a narrow range.
pub fn log_ticks(lo: f64, hi: f64, max: usize) -> Vec<f64> {
    let max = max.max(2);
    if !(lo > 0.0 && hi > lo && lo.is_finite() && hi.is_finite()) {
        return Vec::new();
    }
    let first = lo.log10().floor() as i32;
    let last = hi.log10().ceil() as i32;
    // A decade value in range, robust to 10^k rounding at the ends.
    let inside = |v: f64| v >= lo * (1.0 - 1e-12) && v <= hi * (1.0 + 1e-12);
    let decades: Vec<i32> = (first..=last).filter(|&k| inside(decade(k))).collect();
    // Whole decades alone when there are three or more; two decade ticks get 2 and 5 too.
    if decades.len() >= 3 {
        let step = decades.len().div_ceil(max);
        return decades
            .iter()
            .filter(|&&k| k.rem_euclid(step as i32) == 0)
            .map(|&k| decade(k))
            .collect();
    }
    // The first mantissa set that labels the axis at three or more places; two ticks only
    // when no set gives three (0.25–1.3 got 0.5 and 1 alone from 1-2-5, and gets 0.3 … 1 now).
    let mut two: Option<Vec<f64>> = None;
    for set in &MANTISSAS[1..] {
        let ticks: Vec<f64> = (first..=last)
            .flat_map(|k| set.iter().map(move |&m| scaled_decade(m, k)))
            .filter(|&v| inside(v))
            .collect();
        if ticks.len() >= MIN_MANTISSA_TICKS && ticks.len() <= max {
            return ticks;
        }
        if ticks.len() >= 2 && ticks.len() <= max && two.is_none() {
            two = Some(ticks);
        }
    }
    if let Some(ticks) = two {
        return ticks;
    }
    if decades.len() == 2 {
        return decades.iter().map(|&k| decade(k)).collect();
    }
    // Narrower than one mantissa step (or too many 1…9 ticks): plotters' linear ticks.
    let linear: RangedCoordf64 = (lo..hi).into();
    linear.key_points(max)
}

/// 10^k, exact for the powers f64 represents exactly and correctly rounded otherwise.
fn decade(k: i32) -> f64 {
    scaled_decade(1.0, k)
}

/// m·10^k for a whole mantissa m, correctly rounded (3·0.1 is 0.30000000000000004 in f64
/// arithmetic, and a tick label would print it so).
fn scaled_decade(m: f64, k: i32) -> f64 {
    format!("{m}e{k}").parse().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_of_tiny_values_exist() {
        // A PSD's range in m⁴: plotters' log_scale gave no tick here at all.
        let t = log_ticks(3e-41, 2e-31, 12);
        assert_eq!(t.first().copied(), Some(1e-40));
        assert_eq!(t.last().copied(), Some(1e-31));
        assert!(t.len() >= 2 && t.len() <= 12);
        // plotters' own log coordinate drops them all: the bug this axis fixes.
        use plotters::coord::combinators::{IntoLogRange, LogCoord};
        let theirs: LogCoord<f64> = (3e-41..2e-31).log_scale().into();
        assert!(theirs.key_points(12).is_empty());
    }

    #[test]
    fn many_decades_are_thinned_to_every_kth() {
        let t = log_ticks(1e-30, 1e10, 10);
        assert!(t.len() <= 10 && t.len() >= 5, "{t:?}");
        // Evenly spaced in decades.
        let steps: Vec<i32> = t
            .windows(2)
            .map(|w| (w[1] / w[0]).log10().round() as i32)
            .collect();
        assert!(steps.iter().all(|&s| s == steps[0]), "{t:?}");
    }

    #[test]
    fn narrow_ranges_get_mantissa_then_linear_ticks() {
        assert_eq!(log_ticks(1.5, 12.0, 10), vec![2.0, 5.0, 10.0]);
        // A ratio axis under one decade: 1-2-5 gives only 0.5 and 1, so 1…9 is taken.
        assert_eq!(
            log_ticks(0.25, 1.3, 10),
            vec![0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
        );
        // Too many 1…9 ticks for the room: 1-2-5's two are kept.
        assert_eq!(log_ticks(0.25, 1.3, 4), vec![0.5, 1.0]);
        assert_eq!(
            log_ticks(2.5, 9.5, 10),
            vec![3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]
        );
        // Linear steps, inside the range up to their decimal rounding.
        let t = log_ticks(3.1, 3.4, 10);
        assert!(
            t.len() >= 2 && t.iter().all(|&v| (3.1 - 1e-9..=3.4 + 1e-9).contains(&v)),
            "{t:?}"
        );
    }

    #[test]
    fn map_is_linear_in_the_logarithm() {
        let a = LogAxis::new(1e-40..1e-30);
        assert_eq!(a.map(&1e-40, (0, 1000)), 0);
        assert_eq!(a.map(&1e-35, (0, 1000)), 500);
        assert_eq!(a.map(&1e-30, (0, 1000)), 1000);
    }
}
