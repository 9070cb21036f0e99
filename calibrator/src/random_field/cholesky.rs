//! Dense Cholesky factorisation (no external linear algebra) and the dense reference sampler.
//!
//! The reference sampler factors the full N×N covariance of the N = m² grid nodes, C + ε·I =
//! L·Lᵀ (seed 004 Eq. 12–13; the nugget ε is the "small regularisation term" of ref. 35, needed
//! for the Gaussian kernel whose matrix is numerically singular for l ≳ h), and returns L·ξ.
//! O(N³/6) set-up and O(N²) per sample: a small-grid oracle only.

use crate::rng::StreamRng;

use super::field::{Correlation, FieldError, PlateGrid};
use super::normals::fill_from_stream_rng;
use super::sampler::GaussianSampler;

/// In-place lower Cholesky factor of the symmetric n×n row-major matrix `a` (upper triangle
/// ignored and zeroed). Strict: a pivot ≤ 0 is [`FieldError::NotPositiveDefinite`].
pub fn cholesky_in_place(a: &mut [f64], n: usize) -> Result<(), FieldError> {
    factor(a, n, 0.0)
}

/// As [`cholesky_in_place`], but also fails when a pivot (squared) falls below
/// `min_pivot`·max diag: an ill-conditioned factor that rounding would spoil.
pub fn cholesky_well_conditioned(
    a: &mut [f64],
    n: usize,
    min_pivot: f64,
) -> Result<(), FieldError> {
    factor(a, n, min_pivot)
}

/// Pivoted, truncated Cholesky of a symmetric positive **semi**-definite n×n matrix
/// (LAPACK `pstrf` strategy): at each step the largest remaining diagonal is eliminated;
/// stops when it falls below `tol`·max diag. Returns (L, r) with L n×r row-major in the
/// original row order and C ≈ L·Lᵀ, max |C − L·Lᵀ| ≤ (n − r)·tol·max diag (the remaining
/// Schur complement is PSD with its diagonal below the tolerance). Stable for numerically
/// singular matrices (the Gaussian kernel at l ≫ h).
pub fn pivoted_cholesky(a: &[f64], n: usize, tol: f64) -> (Vec<f64>, usize) {
    assert_eq!(a.len(), n * n, "matrix size");
    let mut d: Vec<f64> = (0..n).map(|i| a[i * n + i]).collect();
    let scale = d.iter().copied().fold(0.0f64, f64::max);
    let mut perm: Vec<usize> = (0..n).collect();
    // Columns of L stored column-major while building (column k: n values).
    let mut cols: Vec<Vec<f64>> = Vec::new();
    for k in 0..n {
        let (p, &dmax) = perm[k..]
            .iter()
            .map(|&q| &d[q])
            .enumerate()
            .max_by(|x, y| x.1.total_cmp(y.1))
            .map(|(i, v)| (i + k, v))
            .unwrap_or((k, &0.0));
        if dmax <= tol * scale {
            break;
        }
        perm.swap(k, p);
        let piv = perm[k];
        let lkk = dmax.sqrt();
        let mut col = vec![0.0; n];
        col[piv] = lkk;
        for &q in &perm[k + 1..] {
            let mut v = a[q * n + piv];
            for c in &cols {
                v -= c[q] * c[piv];
            }
            let v = v / lkk;
            col[q] = v;
            d[q] -= v * v;
        }
        d[piv] = 0.0;
        cols.push(col);
    }
    let r = cols.len();
    let mut l = vec![0.0; n * r];
    for (k, c) in cols.iter().enumerate() {
        for i in 0..n {
            l[i * r + k] = c[i];
        }
    }
    (l, r)
}

fn factor(a: &mut [f64], n: usize, min_pivot: f64) -> Result<(), FieldError> {
    assert_eq!(a.len(), n * n, "matrix size");
    let scale = (0..n).map(|i| a[i * n + i]).fold(0.0f64, f64::max);
    for j in 0..n {
        let tail = &mut a[j * n..];
        let row_j = &mut tail[..n];
        let d = row_j[j] - dot(&row_j[..j], &row_j[..j]);
        if d.is_nan() || d <= min_pivot * scale {
            return Err(FieldError::NotPositiveDefinite { pivot: j, value: d });
        }
        let ljj = d.sqrt();
        row_j[j] = ljj;
        for v in &mut row_j[j + 1..] {
            *v = 0.0;
        }
        // Column j below the diagonal: rows i > j.
        for i in j + 1..n {
            let (top, bottom) = a.split_at_mut(i * n);
            let row_j = &top[j * n..j * n + j];
            let row_i = &mut bottom[..n];
            row_i[j] = (row_i[j] - dot(&row_i[..j], row_j)) / ljj;
        }
    }
    Ok(())
}

/// Dot product with four accumulators (vectorises; fixed summation order).
#[inline]
pub fn dot(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len().min(y.len());
    let (x, y) = (&x[..n], &y[..n]);
    let mut acc = [0.0f64; 4];
    let chunks = n / 4;
    for c in 0..chunks {
        for k in 0..4 {
            acc[k] += x[4 * c + k] * y[4 * c + k];
        }
    }
    let mut s = (acc[0] + acc[1]) + (acc[2] + acc[3]);
    for k in 4 * chunks..n {
        s += x[k] * y[k];
    }
    s
}

/// Largest grid (nodes) the dense reference accepts: 4096 nodes = 134 MB, ~10 s to factor.
pub const CHOLESKY_MAX_NODES: usize = 4096;

/// Dense-Cholesky reference sampler of a standard Gaussian field on a [`PlateGrid`].
#[derive(Debug, Clone)]
pub struct CholeskySampler {
    grid: PlateGrid,
    /// Lower factor, N×N row-major.
    l: Vec<f64>,
    nugget: f64,
}

impl CholeskySampler {
    /// Factors C + `nugget`·I for the grid's nodes. Errors: grid over
    /// [`CHOLESKY_MAX_NODES`], bad correlation, or a non-positive pivot (raise the nugget).
    pub fn new(grid: PlateGrid, corr: Correlation, nugget: f64) -> Result<Self, FieldError> {
        corr.validate()?;
        let n = grid.nodes();
        if n > CHOLESKY_MAX_NODES {
            return Err(FieldError::TooLarge {
                nodes: n,
                max: CHOLESKY_MAX_NODES,
            });
        }
        let m = grid.m;
        let mut c = vec![0.0; n * n];
        for p in 0..n {
            let (yp, xp) = (p / m, p % m);
            for q in 0..=p {
                let (yq, xq) = (q / m, q % m);
                let dx = (xp as f64 - xq as f64) * grid.dx;
                let dy = (yp as f64 - yq as f64) * grid.dx;
                c[p * n + q] = corr.rho(dx.hypot(dy)) + if p == q { nugget } else { 0.0 };
            }
        }
        cholesky_in_place(&mut c, n)?;
        Ok(Self { grid, l: c, nugget })
    }

    /// The nugget ε added to the diagonal (the sample's variance is 1 + ε).
    pub fn nugget(&self) -> f64 {
        self.nugget
    }
}

impl GaussianSampler for CholeskySampler {
    type Scratch = Vec<f64>;

    fn grid(&self) -> PlateGrid {
        self.grid
    }

    fn per_draw(&self) -> usize {
        1
    }

    fn scratch(&self) -> Self::Scratch {
        vec![0.0; self.grid.nodes()]
    }

    fn draw(&self, rng: &mut StreamRng, xi: &mut Self::Scratch, out: &mut [f64]) {
        let n = self.grid.nodes();
        fill_from_stream_rng(rng, xi);
        for (i, o) in out[..n].iter_mut().enumerate() {
            *o = dot(&self.l[i * n..i * n + i + 1], &xi[..i + 1]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rounding of an O(1), well-conditioned factorisation.
    const FACTOR_TOL: f64 = 1e-12;

    #[test]
    fn factor_reconstructs_spd_matrix() {
        let n = 7;
        // A = B·Bᵀ + I with a fixed B.
        let b: Vec<f64> = (0..n * n)
            .map(|k| ((k * 37 % 11) as f64 - 5.0) / 7.0)
            .collect();
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..n {
                a[i * n + j] = dot(&b[i * n..i * n + n], &b[j * n..j * n + n]);
            }
            a[i * n + i] += 1.0;
        }
        let mut l = a.clone();
        cholesky_in_place(&mut l, n).unwrap();
        for i in 0..n {
            for j in 0..n {
                let r = dot(&l[i * n..i * n + n], &l[j * n..j * n + n]);
                assert!((r - a[i * n + j]).abs() < FACTOR_TOL, "({i},{j})");
            }
        }
        // Indefinite → error; PSD rank-1 → zero pivots.
        let mut bad = vec![1.0, 2.0, 2.0, 1.0];
        assert!(cholesky_in_place(&mut bad, 2).is_err());
        let rank1 = vec![1.0, 1.0, 1.0, 1.0];
        assert_eq!(pivoted_cholesky(&rank1, 2, 1e-13), (vec![1.0, 1.0], 1));
        // Pivoted factor of the SPD matrix reconstructs it too.
        let (lp, r) = pivoted_cholesky(&a, n, 1e-15);
        assert_eq!(r, n);
        for i in 0..n {
            for j in 0..n {
                let v = dot(&lp[i * r..i * r + r], &lp[j * r..j * r + r]);
                assert!((v - a[i * n + j]).abs() < FACTOR_TOL, "pivoted ({i},{j})");
            }
        }
    }

    #[test]
    fn gaussian_kernel_needs_nugget() {
        let grid = PlateGrid::with_nodes(1.0, 12);
        let corr = Correlation::gaussian(1.0);
        assert!(CholeskySampler::new(grid, corr, 0.0).is_err());
        assert!(CholeskySampler::new(grid, corr, 1e-8).is_ok());
    }
}
