//! Dense Cholesky factorisation, one copy for the calibrator: the strict and thresholded
//! in-place factor (random-field samplers, least-squares normal equations), the pivoted
//! truncated factor of a positive semi-definite matrix, solve and inverse. Row-major
//! `[f64]` of n×n; no external linear algebra.

use thiserror::Error;

/// Smallest pivot of [`cholesky`] relative to the largest diagonal entry: below it the normal
/// equations of a fit are treated as singular (double precision keeps ~14 digits of a
/// well-scaled 2×2 or 3×3 system).
pub const SPD_MIN_PIVOT: f64 = 1e-14;

/// A matrix that is not (numerically) positive definite.
#[derive(Clone, Copy, Debug, PartialEq, Error)]
#[error("matrix not positive definite (pivot {pivot} = {value:e})")]
pub struct NotPositiveDefinite {
    /// Index of the failing pivot.
    pub pivot: usize,
    /// Its value (the squared diagonal entry before the square root).
    pub value: f64,
}

/// In-place lower Cholesky factor L (L·Lᵀ = A) of the symmetric n×n row-major matrix `a`
/// (upper triangle ignored and zeroed). Fails when a pivot (squared) is not finite or falls to
/// `min_pivot`·(largest diagonal entry) or below (`min_pivot = 0`: strictly positive
/// definite). Inner products by [`dot`] (fixed summation order, so bit-reproducible).
///
/// # Panics
/// If `a.len() != n·n`.
///
/// # Errors
///
/// [`NotPositiveDefinite`] (the pivot's index and value) when a squared pivot is not finite or ≤
/// `min_pivot`·(largest diagonal entry).
pub fn cholesky_in_place(
    a: &mut [f64],
    n: usize,
    min_pivot: f64,
) -> Result<(), NotPositiveDefinite> {
    assert_eq!(a.len(), n * n, "matrix size");
    let scale = (0..n).map(|i| a[i * n + i]).fold(0.0f64, f64::max);
    for j in 0..n {
        let tail = &mut a[j * n..];
        let row_j = &mut tail[..n];
        let d = row_j[j] - dot(&row_j[..j], &row_j[..j]);
        if !(d.is_finite() && d > min_pivot * scale) {
            return Err(NotPositiveDefinite { pivot: j, value: d });
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

/// Cholesky factor L (lower, row-major, a new matrix) of the symmetric matrix `a` (n×n), or
/// `None` if the sizes disagree or `a` is not positive definite to [`SPD_MIN_PIVOT`].
pub fn cholesky(a: &[f64], n: usize) -> Option<Vec<f64>> {
    if a.len() != n * n || n == 0 {
        return None;
    }
    let mut l = a.to_vec();
    cholesky_in_place(&mut l, n, SPD_MIN_PIVOT).ok()?;
    Some(l)
}

/// Solves L·Lᵀ·x = b with the factor of [`cholesky`].
pub fn cholesky_solve(l: &[f64], n: usize, b: &[f64]) -> Vec<f64> {
    let mut y = vec![0.0; n];
    for i in 0..n {
        let mut s = b[i];
        for k in 0..i {
            s -= l[i * n + k] * y[k];
        }
        y[i] = s / l[i * n + i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let mut s = y[i];
        for k in i + 1..n {
            s -= l[k * n + i] * x[k];
        }
        x[i] = s / l[i * n + i];
    }
    x
}

/// Inverse of a symmetric positive-definite matrix, or `None` (see [`cholesky`]).
pub fn spd_inverse(a: &[f64], n: usize) -> Option<Vec<f64>> {
    let l = cholesky(a, n)?;
    let mut inv = vec![0.0; n * n];
    for j in 0..n {
        let mut e = vec![0.0; n];
        e[j] = 1.0;
        let col = cholesky_solve(&l, n, &e);
        for i in 0..n {
            inv[i * n + j] = col[i];
        }
    }
    Some(inv)
}

/// Pivoted, truncated Cholesky of a symmetric positive **semi**-definite n×n matrix
/// (LAPACK `pstrf` strategy): at each step the largest remaining diagonal is eliminated;
/// stops when it falls below `tol`·max diag. Returns (L, r) with L n×r row-major in the
/// original row order and C ≈ L·Lᵀ, max |C − L·Lᵀ| ≤ (n − r)·tol·max diag (the remaining
/// Schur complement is PSD with its diagonal below the tolerance). Stable for numerically
/// singular matrices (the Gaussian kernel at l ≫ h).
///
/// # Panics
///
/// If `a.len() != n·n`.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Double precision on a well-conditioned 3×3 system.
    const TOL: f64 = 1e-12;

    #[test]
    fn solves_a_known_system_and_inverts() {
        // A = Bᵀ·B + I for a fixed B is SPD; x = (1, −2, 3) → b = A·x.
        let a = [6.0, 2.0, 1.0, 2.0, 5.0, 2.0, 1.0, 2.0, 4.0];
        let x = [1.0, -2.0, 3.0];
        let b: Vec<f64> = (0..3)
            .map(|i| (0..3).map(|j| a[i * 3 + j] * x[j]).sum())
            .collect();
        let l = cholesky(&a, 3).unwrap();
        let got = cholesky_solve(&l, 3, &b);
        for (g, w) in got.iter().zip(x) {
            assert!((g - w).abs() < TOL);
        }
        let inv = spd_inverse(&a, 3).unwrap();
        for i in 0..3 {
            for j in 0..3 {
                let p: f64 = (0..3).map(|k| a[i * 3 + k] * inv[k * 3 + j]).sum();
                let want = if i == j { 1.0 } else { 0.0 };
                assert!((p - want).abs() < TOL, "(A·A⁻¹)[{i}][{j}] = {p}");
            }
        }
        // 2×2 closed form: inverse of [[a, b], [b, d]] = [[d, −b], [−b, a]]/(ad − b²).
        let inv = spd_inverse(&[4.0, 1.0, 1.0, 3.0], 2).unwrap();
        let det = 11.0;
        for (g, w) in inv
            .iter()
            .zip([3.0 / det, -1.0 / det, -1.0 / det, 4.0 / det])
        {
            assert!((g - w).abs() < TOL);
        }
    }

    #[test]
    fn singular_or_indefinite_matrices_are_refused() {
        assert!(cholesky(&[1.0, 1.0, 1.0, 1.0], 2).is_none());
        assert!(cholesky(&[1.0, 2.0, 2.0, 1.0], 2).is_none());
        assert!(cholesky(&[f64::NAN], 1).is_none());
        assert!(cholesky(&[1.0, 0.0], 2).is_none());
    }

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
        cholesky_in_place(&mut l, n, 0.0).unwrap();
        for i in 0..n {
            for j in 0..n {
                let r = dot(&l[i * n..i * n + n], &l[j * n..j * n + n]);
                assert!((r - a[i * n + j]).abs() < FACTOR_TOL, "({i},{j})");
            }
        }
        // Indefinite → error; PSD rank-1 → zero pivots.
        let mut bad = vec![1.0, 2.0, 2.0, 1.0];
        assert!(cholesky_in_place(&mut bad, 2, 0.0).is_err());
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
}
