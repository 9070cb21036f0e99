//! Interpolation of sampled curves: piecewise linear and monotone (shape-preserving) cubic
//! Hermite interpolation (PCHIP, Fritsch–Carlson tangents with Fritsch–Butland weighted
//! harmonic means), allocation-free.
//!
//! Policy outside the sampled range: both functions **clamp** to the end values (no
//! extrapolation); callers that need a physical extrapolation (α(v), see [`crate::law`])
//! handle it themselves. Degenerate input (no samples, mismatched lengths, non-finite `x`)
//! returns `None`.
//!
//! ```
//! use tribo_core::interp::{linear, monotone_cubic};
//! let xs = [0.0, 1.0, 2.0];
//! let ys = [0.0, 2.0, 4.0];
//! assert_eq!(linear(&xs, &ys, 0.5), Some(1.0));
//! assert_eq!(monotone_cubic(&xs, &ys, 1.5), Some(3.0)); // exact on a straight line
//! assert_eq!(linear(&xs, &ys, 9.0), Some(4.0)); // clamped
//! ```

/// Index `k` of the interval `[xs[k], xs[k+1]]` holding `x` (`xs` increasing, `len ≥ 2`,
/// `xs[0] < x < xs[len-1]`).
fn interval(xs: &[f32], x: f32) -> usize {
    // Binary search: the tables are small, but the tick budget is tight.
    let (mut lo, mut hi) = (0usize, xs.len().saturating_sub(1));
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if xs.get(mid).is_some_and(|&xm| xm <= x) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Checks the common preconditions; returns `Some(Ok(y))` for a clamped/end answer,
/// `Some(Err(k))` with the interval index to interpolate in, or `None` for bad input.
fn locate(xs: &[f32], ys: &[f32], x: f32) -> Option<Result<f32, usize>> {
    let n = xs.len();
    if n == 0 || n != ys.len() || x.is_nan() {
        return None;
    }
    let (&x_first, &y_first) = (xs.first()?, ys.first()?);
    if n == 1 || x <= x_first {
        return Some(Ok(y_first));
    }
    let (&x_last, &y_last) = (xs.last()?, ys.last()?);
    if x >= x_last {
        return Some(Ok(y_last));
    }
    Some(Err(interval(xs, x)))
}

/// The ends `([x_k, x_k+1], [y_k, y_k+1])` of interval `k` (`None` beyond the data).
fn ends(xs: &[f32], ys: &[f32], k: usize) -> Option<([f32; 2], [f32; 2])> {
    match (xs.get(k..k + 2)?, ys.get(k..k + 2)?) {
        (&[x0, x1], &[y0, y1]) => Some(([x0, x1], [y0, y1])),
        _ => None,
    }
}

/// Piecewise-linear interpolation of `(xs, ys)` at `x`; `xs` strictly increasing.
pub fn linear(xs: &[f32], ys: &[f32], x: f32) -> Option<f32> {
    match locate(xs, ys, x)? {
        Ok(y) => Some(y),
        Err(k) => {
            let ([x0, x1], [y0, y1]) = ends(xs, ys, k)?;
            let t = (x - x0) / (x1 - x0);
            Some(y0 + t * (y1 - y0))
        }
    }
}

/// Secant slope of interval `k` (NaN beyond the data: never asked for).
fn secant(xs: &[f32], ys: &[f32], k: usize) -> f32 {
    ends(xs, ys, k).map_or(f32::NAN, |([x0, x1], [y0, y1])| (y1 - y0) / (x1 - x0))
}

/// PCHIP tangent at node `i` (Fritsch–Butland weighted harmonic mean inside, the adjacent
/// secant at the ends). Zero at local extrema, so the interpolant never overshoots the data.
fn tangent(xs: &[f32], ys: &[f32], i: usize) -> f32 {
    let n = xs.len();
    if i == 0 {
        return secant(xs, ys, 0);
    }
    if i == n - 1 {
        return secant(xs, ys, n - 2);
    }
    let (d0, d1) = (secant(xs, ys, i - 1), secant(xs, ys, i));
    if d0 * d1 <= 0.0 {
        return 0.0;
    }
    let Some(&[x_prev, x_i, x_next]) = xs.get(i - 1..i + 2) else {
        return f32::NAN;
    };
    let (h0, h1) = (x_i - x_prev, x_next - x_i);
    let (w1, w2) = (2.0 * h1 + h0, h1 + 2.0 * h0);
    (w1 + w2) / (w1 / d0 + w2 / d1)
}

/// Monotone cubic Hermite interpolation of `(xs, ys)` at `x`; `xs` strictly increasing.
/// Monotone data give a monotone interpolant; straight lines are reproduced exactly.
pub fn monotone_cubic(xs: &[f32], ys: &[f32], x: f32) -> Option<f32> {
    match locate(xs, ys, x)? {
        Ok(y) => Some(y),
        Err(k) => {
            let ([x0, x1], [y0, y1]) = ends(xs, ys, k)?;
            let h = x1 - x0;
            let t = (x - x0) / h;
            let (m0, m1) = (tangent(xs, ys, k), tangent(xs, ys, k + 1));
            let t2 = t * t;
            let t3 = t2 * t;
            let h00 = 2.0 * t3 - 3.0 * t2 + 1.0;
            let h10 = t3 - 2.0 * t2 + t;
            let h01 = -2.0 * t3 + 3.0 * t2;
            let h11 = t3 - t2;
            Some(h00 * y0 + h10 * h * m0 + h01 * y1 + h11 * h * m1)
        }
    }
}

/// True if `xs` is non-empty, finite and strictly increasing (the precondition of both
/// interpolants; tables are validated with it at decode time).
pub fn is_strictly_increasing(xs: &[f32]) -> bool {
    !xs.is_empty()
        && xs.iter().all(|x| x.is_finite())
        && xs.windows(2).all(|w| matches!(w, [a, b] if a < b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// f32 interpolation of O(1) data: a few ulps of rounding.
    const F32_TOL: f32 = 1e-5;

    #[test]
    fn reproduces_nodes_and_lines() {
        let xs = [0.0, 0.5, 2.0, 3.0, 7.0];
        let ys: [f32; 5] = core::array::from_fn(|i| 3.0 * xs[i] - 1.0);
        for (&x, &y) in xs.iter().zip(&ys) {
            assert_eq!(linear(&xs, &ys, x), Some(y));
            assert_eq!(monotone_cubic(&xs, &ys, x), Some(y));
        }
        for k in 0..70 {
            let x = k as f32 * 0.1;
            let exact = 3.0 * x - 1.0;
            assert!((monotone_cubic(&xs, &ys, x).unwrap() - exact).abs() < F32_TOL);
            assert!((linear(&xs, &ys, x).unwrap() - exact).abs() < F32_TOL);
        }
    }

    #[test]
    fn clamps_and_rejects() {
        let xs = [1.0, 2.0];
        let ys = [5.0, 7.0];
        assert_eq!(monotone_cubic(&xs, &ys, -1.0), Some(5.0));
        assert_eq!(monotone_cubic(&xs, &ys, f32::INFINITY), Some(7.0));
        assert_eq!(monotone_cubic(&xs, &ys, f32::NAN), None);
        assert_eq!(linear(&[], &[], 0.0), None);
        assert_eq!(linear(&xs, &ys[..1], 1.5), None);
        assert_eq!(linear(&[1.0], &[4.0], 9.0), Some(4.0));
    }

    proptest! {
        #[test]
        fn monotone_data_give_monotone_interpolant(
            steps in proptest::collection::vec((0.01f32..10.0, 0.0f32..10.0), 2..12),
        ) {
            let mut xs = [0.0f32; 12];
            let mut ys = [0.0f32; 12];
            for (i, (dx, dy)) in steps.iter().enumerate().skip(1) {
                xs[i] = xs[i - 1] + dx;
                ys[i] = ys[i - 1] + dy;
            }
            let n = steps.len();
            let (xs, ys) = (&xs[..n], &ys[..n]);
            let mut prev = f32::NEG_INFINITY;
            for k in 0..=400 {
                let x = xs[n - 1] * k as f32 / 400.0;
                let y = monotone_cubic(xs, ys, x).unwrap();
                prop_assert!(y >= prev - F32_TOL * (1.0 + y.abs()));
                prop_assert!(y >= ys[0] - F32_TOL && y <= ys[n - 1] + F32_TOL * (1.0 + ys[n - 1]));
                prev = y;
            }
        }
    }
}
