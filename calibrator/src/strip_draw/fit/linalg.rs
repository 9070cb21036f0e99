//! The small dense linear algebra of the least-squares fits (2×2 or 3×3 normal equations):
//! Cholesky factorisation, solve, inverse. Row-major `Vec<f64>` of n×n.

/// Cholesky factor L (lower, row-major) of the symmetric matrix `a` (n×n), or `None` if `a`
/// is not (numerically) positive definite: a pivot ≤ `1e-14`·(largest diagonal entry) or
/// non-finite.
pub fn cholesky(a: &[f64], n: usize) -> Option<Vec<f64>> {
    if a.len() != n * n || n == 0 {
        return None;
    }
    let scale = (0..n).map(|i| a[i * n + i].abs()).fold(0.0, f64::max);
    let mut l = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= l[i * n + k] * l[j * n + k];
            }
            if i == j {
                if !(s.is_finite() && s > 1e-14 * scale) {
                    return None;
                }
                l[i * n + i] = s.sqrt();
            } else {
                l[i * n + j] = s / l[j * n + j];
            }
        }
    }
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
}
