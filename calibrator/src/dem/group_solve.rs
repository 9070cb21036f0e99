//! The linear algebra of one Newton iteration of a group of touching flakes in the implicit
//! integrators' cluster step ([`super::backward_euler`]): the matrix diag(D) + K (the
//! proximal metric plus the surface and pair stiffness in δ's length coordinates), its
//! factorisation and the Newton correction.

use crate::numerics::cholesky::{cholesky_in_place, cholesky_solve};
use crate::numerics::dense::solve;

use super::backward_euler::ClusterStepper;
use super::proximal_metric::Metric;

impl ClusterStepper {
    /// The Newton correction of one group: (diag(D) + K)·s = −∇Φ, K the surface and pair
    /// stiffness in the length coordinates (rotation rows and columns divided by a).
    #[allow(clippy::needless_range_loop)] // rows and columns of one matrix indexed together
    pub(super) fn solve_group(&mut self, members: &[usize], d: &[Metric], a: f64) -> GroupMatrix {
        let m = members.len();
        let dim = 6 * m;
        let scale = |c: usize| if c >= 3 { a } else { 1.0 };
        if m == 1 {
            // A single flake (almost every group): 6×6 on the stack.
            let i = members[0];
            let k = &self.loads.stiffness[i];
            let mut am = [[0.0; 6]; 6];
            for r in 0..6 {
                for c in 0..6 {
                    am[r][c] = k[r][c] / (scale(r) * scale(c));
                }
            }
            d[i].add_to(|r, c, v| am[r][c] += v);
            let rhs = self.gradient[i].map(|g| -g);
            return match solve::<6>(am, rhs) {
                Some(x) => {
                    self.newton[i] = x;
                    GroupMatrix::Single(am)
                }
                None => {
                    self.newton[i] = std::array::from_fn(|c| rhs[c] / d[i].diag[c]);
                    GroupMatrix::Drag
                }
            };
        }
        self.matrix.clear();
        self.matrix.resize(dim * dim, 0.0);
        for (slot, &i) in members.iter().enumerate() {
            let k = &self.loads.stiffness[i];
            for r in 0..6 {
                for c in 0..6 {
                    self.matrix[(6 * slot + r) * dim + 6 * slot + c] +=
                        k[r][c] / (scale(r) * scale(c));
                }
            }
            let matrix = &mut self.matrix;
            d[i].add_to(|r, c, v| matrix[(6 * slot + r) * dim + 6 * slot + c] += v);
        }
        if m > 1 {
            for pair in &self.loads.pairs {
                let (Some(si), Some(sj)) = (
                    members.iter().position(|&x| x == pair.i),
                    members.iter().position(|&x| x == pair.j),
                ) else {
                    continue;
                };
                for r in 0..12 {
                    let row = if r < 6 { 6 * si + r } else { 6 * sj + r - 6 };
                    for c in 0..12 {
                        let col = if c < 6 { 6 * si + c } else { 6 * sj + c - 6 };
                        self.matrix[row * dim + col] +=
                            pair.stiffness[r * 12 + c] / (scale(r % 6) * scale(c % 6));
                    }
                }
            }
        }
        let rhs: Vec<f64> = members
            .iter()
            .flat_map(|&i| self.gradient[i].map(|g| -g))
            .collect();
        let factor = spd_factor(&mut self.matrix, dim);
        let x = if factor {
            cholesky_solve(&self.matrix, dim, &rhs)
        } else {
            Vec::new()
        };
        for (slot, &i) in members.iter().enumerate() {
            if factor {
                for c in 0..6 {
                    self.newton[i][c] = x[6 * slot + c];
                }
            } else {
                // Not positive definite even with the shifts of `spd_factor` (a pair's
                // difference stiffness far from convex): a gradient step scaled by the drag.
                for c in 0..6 {
                    self.newton[i][c] = rhs[6 * slot + c] / d[i].diag[c];
                }
            }
        }
        if factor {
            GroupMatrix::Factor(self.matrix.clone())
        } else {
            GroupMatrix::Drag
        }
    }
}

/// A group's Newton matrix diag(D) + K, kept for the error filter (a short-lived local: the
/// single flake's matrix stays on the stack).
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub(super) enum GroupMatrix {
    /// One flake: the 6×6 matrix.
    Single([[f64; 6]; 6]),
    /// Several: the Cholesky factor.
    Factor(Vec<f64>),
    /// Not positive definite (a gradient step was taken): no filter.
    Drag,
}

/// Factors the symmetric matrix `a` (n×n, row-major) in place by Cholesky, shifting the
/// diagonal by 10⁻⁸, 10⁻⁶, … of itself while it is not positive definite (Levenberg); false
/// if even ×10⁻² fails (then `a` holds no factor).
fn spd_factor(a: &mut [f64], n: usize) -> bool {
    let original = a.to_vec();
    let mut shift = 0.0;
    loop {
        a.copy_from_slice(&original);
        if shift > 0.0 {
            for i in 0..n {
                a[i * n + i] *= 1.0 + shift;
            }
        }
        if cholesky_in_place(a, n, 0.0).is_ok() {
            return true;
        }
        shift = if shift == 0.0 { 1e-8 } else { shift * 100.0 };
        if shift > 1e-2 {
            return false;
        }
    }
}
