//! Dense N×N linear solve by Gaussian elimination with partial pivoting, on fixed-size arrays
//! (no allocation): the quadratic fits of `asperity::analysis` (3×3) and the Gauss–Newton step
//! of the remeshing invariants in `dde::remesh` (6×6).

/// Solves `a·x = b`; `None` when a pivot vanishes (|pivot| < 1e-300) or the solution is not
/// finite.
#[allow(clippy::needless_range_loop)] // rows and columns of one matrix indexed together
pub fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> Option<[f64; N]> {
    for c in 0..N {
        let piv = (c..N).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[piv][c].abs() < 1e-300 {
            return None;
        }
        a.swap(c, piv);
        b.swap(c, piv);
        for r in c + 1..N {
            let f = a[r][c] / a[c][c];
            for k in c..N {
                a[r][k] -= f * a[c][k];
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = [0.0; N];
    for c in (0..N).rev() {
        let s: f64 = (c + 1..N).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Elimination on O(1) entries: a few ulps per operation.
    const ROUND_OFF: f64 = 1e-12;

    #[test]
    fn solves_a_system_that_needs_pivoting_and_rejects_a_singular_one() {
        // Zero leading pivot: only partial pivoting solves it. Exact solution (1, −2, 3).
        let a = [[0.0, 2.0, 1.0], [1.0, 1.0, 1.0], [2.0, 1.0, -1.0]];
        let x_true = [1.0, -2.0, 3.0];
        let b: [f64; 3] = core::array::from_fn(|i| (0..3).map(|k| a[i][k] * x_true[k]).sum());
        let x = solve(a, b).unwrap();
        for k in 0..3 {
            assert!((x[k] - x_true[k]).abs() < ROUND_OFF, "{x:?}");
        }
        assert_eq!(solve([[1.0, 2.0], [2.0, 4.0]], [1.0, 2.0]), None);
        // A 6×6 diagonally dominant system against its residual.
        let a: [[f64; 6]; 6] = core::array::from_fn(|i| {
            core::array::from_fn(|j| {
                if i == j {
                    8.0
                } else {
                    1.0 / (1 + i + j) as f64
                }
            })
        });
        let b = [1.0, -1.0, 2.0, 0.5, 3.0, -2.0];
        let x = solve(a, b).unwrap();
        for i in 0..6 {
            let r: f64 = (0..6).map(|k| a[i][k] * x[k]).sum::<f64>() - b[i];
            assert!(r.abs() < ROUND_OFF);
        }
    }
}
