//! Banded square-root factor of the 1-D Gaussian correlation matrix by kernel convolution.
//!
//! The Gaussian kernel of seed 004 Eq. 1 is the self-convolution of a narrower Gaussian:
//!
//! ```text
//! exp(−(x − y)²/l²) = ∫ g(x − s)·g(y − s) ds,   g(u) = √(2/(l√π))·exp(−2u²/l²).
//! ```
//!
//! Replacing the integral by the rectangle rule on a lattice s_k = k·Δs gives the factor
//! F[i, k] = √Δs·g(x_i − s_k), C₁ ≈ F·Fᵀ. By Poisson summation the rule is exact up to a
//! relative error 2·exp(−π²l²/(4Δs²))·cos(·) of each entry (the integrand in s is a Gaussian of
//! variance l²/8); at Δs = l/4 ([`SPACING_OVER_LENGTH`]) that is 1.4e-17, below f64 rounding.
//! The lattice covers the grid plus the reach R = 4.43·l where exp(−2R²/l²) = 1e-17
//! ([`REACH_OVER_LENGTH`]); entries beyond the reach are zero, so every row of F holds
//! 2R/Δs ≈ 36 non-zeros whatever l/h is. F is m×r with r ≈ (2a + 2R)/Δs: the sampler's
//! cheapest factor in the middle range h ≪ l ≲ a, where C₁ is numerically singular (so its
//! Cholesky factor is not available) but still of high rank.

use super::field::PlateGrid;

/// Lattice spacing Δs/l: aliasing error 2·exp(−π²/(4·0.25²)) = 1.4e-17 (relative).
pub const SPACING_OVER_LENGTH: f64 = 0.25;
/// Reach R/l of g beyond which its entries are dropped: exp(−2·4.43²) = 9.5e-18.
pub const REACH_OVER_LENGTH: f64 = 4.43;

/// The factor F (m×r row-major, zero beyond the reach) and its column count r, for the
/// correlation length `length` on `grid`: C₁[i, j] = exp(−(x_i − x_j)²/l²) = Σ_k F[i, k]·F[j, k]
/// to within ~1e-16 (see the module docs).
pub fn quadrature_factor(grid: PlateGrid, length: f64) -> (Vec<f64>, usize) {
    let m = grid.m;
    let ds = SPACING_OVER_LENGTH * length;
    let reach = REACH_OVER_LENGTH * length;
    let x_max = grid.coord(m - 1);
    // Lattice symmetric about the plate centre, covering [−x_max − R, x_max + R].
    let half = ((x_max + reach) / ds).ceil() as usize;
    let r = 2 * half + 1;
    let norm = (ds * 2.0 / (length * std::f64::consts::PI.sqrt())).sqrt();
    let mut f = vec![0.0; m * r];
    for i in 0..m {
        let x = grid.coord(i);
        for (k, v) in f[i * r..(i + 1) * r].iter_mut().enumerate() {
            let u = x - (k as f64 - half as f64) * ds;
            if u.abs() <= reach {
                let s = u / length;
                *v = norm * (-2.0 * s * s).exp();
            }
        }
    }
    (f, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_field::field::Correlation;

    /// F·Fᵀ against the kernel: sums of ~36 products of O(1) terms (rounding ~1e-16 each)
    /// plus the 1.4e-17 aliasing and 1e-17 truncation bounds of the module docs.
    const FACTOR_TOL: f64 = 2e-15;

    #[test]
    fn quadrature_factor_reproduces_gaussian_correlation() {
        for (m, l) in [(16, 0.3), (64, 0.05), (40, 2.0), (256, 0.1)] {
            let grid = PlateGrid::with_nodes(1.0, m);
            let corr = Correlation::gaussian(l);
            let (f, r) = quadrature_factor(grid, l);
            let mut worst = 0.0f64;
            for i in 0..m {
                for j in 0..m {
                    let s: f64 = (0..r).map(|k| f[i * r + k] * f[j * r + k]).sum();
                    let want = corr.rho(grid.coord(i) - grid.coord(j));
                    worst = worst.max((s - want).abs());
                }
            }
            assert!(worst < FACTOR_TOL, "m={m} l={l}: max error {worst:e}");
            // Every row holds at most 2R/Δs + 1 non-zeros.
            let band = (2.0 * REACH_OVER_LENGTH / SPACING_OVER_LENGTH) as usize + 1;
            for i in 0..m {
                let nz = f[i * r..(i + 1) * r].iter().filter(|v| **v != 0.0).count();
                assert!(nz <= band, "row {i}: {nz} > {band}");
            }
        }
    }
}
