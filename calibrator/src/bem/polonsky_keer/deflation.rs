//! Two-level (coarse-corrected) preconditioner of the free-set conjugate gradient: one coarse
//! mode per contact cluster, after the subdomain deflation of Vollebregt (2014, J. Comput.
//! Phys. 257, "A new solver for the elastic normal contact problem using conjugate gradients,
//! deflation, and an FFT-based preconditioner") with the clusters of the free set as the
//! subdomains.
//!
//! The FFT preconditioner K⁺ is local and misses the slow modes of a fragmented contact: a load
//! moved rigidly from one island to another. With the free set F split into its periodic
//! 4-connected clusters C_1..C_m, the coarse vectors are v_j = Π 1_{C_j} (Π: restriction to F
//! minus the mean over F, so that Σ v_j = 0 keeps the mean pressure), j = 1..m−1 (the last is
//! dependent: Σ_j Π 1_{C_j} = Π 1_F = 0). The coarse operator is the Galerkin matrix
//! E_jk = v_jᵀ K v_k (m − 1 kernel applications each time F changes), and the additive
//! two-level preconditioner
//!
//! ```text
//! z = Π K⁺ Π φ + V E⁻¹ Vᵀ φ
//! ```
//!
//! is symmetric positive definite on the face (sum of an SPD and a PSD operator), so the
//! preconditioned conjugate gradient keeps its theory.

use crate::bem::clusters::{Clusters, Connectivity};
use crate::bem::kernel::HalfSpaceKernel;

/// Multiplicative (balancing) form instead of the additive one: z = Q r + (I − Q K) M (I − K Q) r
/// with Q = V E⁻¹ Vᵀ and M = Π K⁺ Π.
pub(crate) const BALANCING: bool = true;

/// Label of a point outside the free set.
const OUTSIDE: u32 = u32::MAX;

/// The coarse space of the current free set and the Cholesky factor of its Galerkin matrix.
#[derive(Debug, Default)]
pub(crate) struct CoarseSpace {
    /// Free set the space was built for.
    free: Vec<bool>,
    /// Coarse index of each free point (0..clusters), [`OUTSIDE`] elsewhere.
    labels: Vec<u32>,
    /// Points per cluster.
    sizes: Vec<usize>,
    /// Free points.
    free_count: usize,
    /// Lower Cholesky factor of E ((m−1)², row-major).
    factor: Vec<f64>,
    /// K v_k for every mode (m rows of n values): the balancing form needs them.
    responses: Vec<f64>,
    /// E⁻¹ Vᵀ r of the current residual (the coarse part of the balancing form).
    coarse_part: Vec<f64>,
    /// Work vectors.
    field: Vec<f64>,
    response: Vec<f64>,
    coarse: Vec<f64>,
}

impl CoarseSpace {
    /// Coarse modes in use (clusters − 1; 0 when F has fewer than two clusters).
    pub(crate) fn modes(&self) -> usize {
        self.sizes.len().saturating_sub(1)
    }

    /// Rebuilds the space if the free set {0 < t < p_crit} changed; returns the kernel
    /// applications spent (m − 1 on a rebuild, else 0).
    pub(crate) fn update(
        &mut self,
        kernel: &mut HalfSpaceKernel,
        t: &[f64],
        pc: f64,
        nx: usize,
        ny: usize,
    ) -> usize {
        let n = t.len();
        let unchanged = self.free.len() == n
            && t.iter()
                .zip(&self.free)
                .all(|(&ti, &f)| (ti > 0.0 && ti < pc) == f);
        if unchanged {
            return 0;
        }
        self.free = t.iter().map(|&ti| ti > 0.0 && ti < pc).collect();
        let clusters = Clusters::label(&self.free, nx, ny, Connectivity::Four);
        self.labels = clusters
            .labels()
            .iter()
            .map(|&l| if l == 0 { OUTSIDE } else { l - 1 })
            .collect();
        self.sizes = clusters.sizes().to_vec();
        self.free_count = self.sizes.iter().sum();
        let m = self.modes();
        self.factor = vec![0.0; m * m];
        if m == 0 {
            return 0;
        }
        self.field.resize(n, 0.0);
        self.response.resize(n, 0.0);
        self.coarse.resize(m + 1, 0.0);
        let nf = self.free_count as f64;
        for k in 0..m {
            // v_k = Π 1_{C_k}.
            let share = self.sizes[k] as f64 / nf;
            for (v, &l) in self.field.iter_mut().zip(&self.labels) {
                *v = if l == OUTSIDE {
                    0.0
                } else if l as usize == k {
                    1.0 - share
                } else {
                    -share
                };
            }
            kernel.apply(&self.field, &mut self.response);
            if BALANCING {
                self.responses.resize(m * n, 0.0);
                self.responses[k * n..(k + 1) * n].copy_from_slice(&self.response);
            }
            // E_jk = Σ_{C_j} u_k − |C_j|/|F| Σ_F u_k.
            let sums = &mut self.coarse;
            sums.iter_mut().for_each(|s| *s = 0.0);
            for (&u, &l) in self.response.iter().zip(&self.labels) {
                if l != OUTSIDE {
                    sums[l as usize] += u;
                }
            }
            let total: f64 = sums.iter().sum();
            for j in 0..m {
                self.factor[j * m + k] = sums[j] - self.sizes[j] as f64 / nf * total;
            }
        }
        cholesky_in_place(&mut self.factor, m);
        m
    }

    /// Adds the coarse correction V E⁻¹ Vᵀ r to `z` on the free set; returns the changes of
    /// Σ_F z and of zᵀr.
    pub(crate) fn correct(&mut self, r: &[f64], z: &mut [f64]) -> (f64, f64) {
        let m = self.modes();
        if m == 0 {
            return (0.0, 0.0);
        }
        let nf = self.free_count as f64;
        // c_j = v_jᵀ r = Σ_{C_j} r − |C_j|/|F| Σ_F r.
        let c = &mut self.coarse;
        c.iter_mut().for_each(|s| *s = 0.0);
        for (&ri, &l) in r.iter().zip(&self.labels) {
            if l != OUTSIDE {
                c[l as usize] += ri;
            }
        }
        let total: f64 = c.iter().sum();
        for j in 0..m {
            c[j] -= self.sizes[j] as f64 / nf * total;
        }
        c[m] = 0.0;
        cholesky_solve(&self.factor, m, &mut c[..m]);
        // z += Σ_j a_j v_j: a_j on C_j minus the constant Σ_j a_j |C_j| / |F| on F.
        let shift: f64 = (0..m).map(|j| c[j] * self.sizes[j] as f64).sum::<f64>() / nf;
        let (mut dz_sum, mut drho) = (0.0, 0.0);
        for ((zi, &ri), &l) in z.iter_mut().zip(r).zip(&self.labels) {
            if l != OUTSIDE {
                let dz = c[l as usize] - shift;
                *zi += dz;
                dz_sum += dz;
                drho += dz * ri;
            }
        }
        (dz_sum, drho)
    }
}

impl CoarseSpace {
    /// First half of the balancing form: a = E⁻¹ Vᵀ r is kept, and `r_fine` = Π (r − K V a)
    /// (the residual the fine preconditioner sees) is written on F (0 elsewhere).
    pub(crate) fn balance_pre(&mut self, r: &[f64], r_fine: &mut [f64]) {
        let m = self.modes();
        let n = r.len();
        self.coarse_part.resize(m, 0.0);
        r_fine.copy_from_slice(r);
        if m == 0 {
            return;
        }
        let a = self.coarse_rhs(r);
        self.coarse_part.copy_from_slice(&a);
        for (k, &ak) in a.iter().enumerate() {
            let wk = &self.responses[k * n..(k + 1) * n];
            for ((x, &w), &l) in r_fine.iter_mut().zip(wk).zip(&self.labels) {
                if l != OUTSIDE {
                    *x -= ak * w;
                }
            }
        }
        self.remove_free_mean(r_fine);
    }

    /// Second half: `z` = M r_fine on entry (any mean on F); on exit
    /// z = V a + Π z − V E⁻¹ (K V)ᵀ Π z. Returns (Σ_F z, zᵀ r).
    pub(crate) fn balance_post(&mut self, r: &[f64], z: &mut [f64]) -> (f64, f64) {
        let m = self.modes();
        let n = r.len();
        self.remove_free_mean(z);
        if m > 0 {
            let mut b = vec![0.0; m];
            for (k, bk) in b.iter_mut().enumerate() {
                let wk = &self.responses[k * n..(k + 1) * n];
                *bk = z
                    .iter()
                    .zip(wk)
                    .zip(&self.labels)
                    .filter(|(_, l)| **l != OUTSIDE)
                    .map(|((zi, w), _)| zi * w)
                    .sum();
            }
            cholesky_solve(&self.factor, m, &mut b);
            let coef: Vec<f64> = (0..m).map(|j| self.coarse_part[j] - b[j]).collect();
            self.add_modes(&coef, z);
        }
        let (mut z_sum, mut rho) = (0.0, 0.0);
        for ((&zi, &ri), &l) in z.iter().zip(r).zip(&self.labels) {
            if l != OUTSIDE {
                z_sum += zi;
                rho += zi * ri;
            }
        }
        (z_sum, rho)
    }

    /// E⁻¹ Vᵀ x.
    fn coarse_rhs(&mut self, x: &[f64]) -> Vec<f64> {
        let m = self.modes();
        let nf = self.free_count as f64;
        let mut c = vec![0.0; m + 1];
        for (&xi, &l) in x.iter().zip(&self.labels) {
            if l != OUTSIDE {
                c[l as usize] += xi;
            }
        }
        let total: f64 = c.iter().sum();
        c.truncate(m);
        for (j, cj) in c.iter_mut().enumerate() {
            *cj -= self.sizes[j] as f64 / nf * total;
        }
        cholesky_solve(&self.factor, m, &mut c);
        c
    }

    /// x += Σ_j coef_j v_j.
    fn add_modes(&self, coef: &[f64], x: &mut [f64]) {
        let nf = self.free_count as f64;
        let shift: f64 = coef
            .iter()
            .enumerate()
            .map(|(j, c)| c * self.sizes[j] as f64)
            .sum::<f64>()
            / nf;
        for (xi, &l) in x.iter_mut().zip(&self.labels) {
            if l != OUTSIDE {
                *xi += coef.get(l as usize).copied().unwrap_or(0.0) - shift;
            }
        }
    }

    /// Π on F (mean over F removed), 0 elsewhere.
    fn remove_free_mean(&self, x: &mut [f64]) {
        let (mut s, nf) = (0.0, self.free_count as f64);
        for (xi, &l) in x.iter_mut().zip(&self.labels) {
            if l == OUTSIDE {
                *xi = 0.0;
            } else {
                s += *xi;
            }
        }
        let mean = s / nf.max(1.0);
        for (xi, &l) in x.iter_mut().zip(&self.labels) {
            if l != OUTSIDE {
                *xi -= mean;
            }
        }
    }
}

/// Lower Cholesky factor of the SPD row-major `m × m` matrix `a` in place (upper part
/// zeroed). A non-positive pivot (round-off on a nearly dependent mode) is replaced by the
/// largest diagonal times f64 ε, which only weakens that mode's correction.
fn cholesky_in_place(a: &mut [f64], m: usize) {
    let floor = (0..m).map(|i| a[i * m + i]).fold(0.0f64, f64::max) * f64::EPSILON;
    for j in 0..m {
        let mut d = a[j * m + j];
        for k in 0..j {
            d -= a[j * m + k] * a[j * m + k];
        }
        let d = d.max(floor).sqrt();
        a[j * m + j] = d;
        for i in j + 1..m {
            let mut s = a[i * m + j];
            for k in 0..j {
                s -= a[i * m + k] * a[j * m + k];
            }
            a[i * m + j] = s / d;
        }
        for k in j + 1..m {
            a[j * m + k] = 0.0;
        }
    }
}

/// Solves L Lᵀ x = b in place for the factor of [`cholesky_in_place`].
fn cholesky_solve(l: &[f64], m: usize, b: &mut [f64]) {
    for i in 0..m {
        let mut s = b[i];
        for k in 0..i {
            s -= l[i * m + k] * b[k];
        }
        b[i] = s / l[i * m + i];
    }
    for i in (0..m).rev() {
        let mut s = b[i];
        for k in i + 1..m {
            s -= l[k * m + i] * b[k];
        }
        b[i] = s / l[i * m + i];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dense products of ≤ 64 terms of O(1) kernel entries: round-off of the FFT (1e-13 of the
    /// largest entry) dominates.
    const TOL: f64 = 1e-10;

    /// Free set of three clusters (one wrapping around the x boundary) on a 12 × 8 grid.
    fn free_traction(nx: usize, ny: usize) -> Vec<f64> {
        let mut t = vec![0.0; nx * ny];
        for (ix, iy) in [(0, 1), (11, 1), (10, 1), (0, 2)] {
            t[iy * nx + ix] = 1.0;
        }
        for (ix, iy) in [(4, 4), (5, 4), (5, 5)] {
            t[iy * nx + ix] = 2.0;
        }
        for (ix, iy) in [(8, 6), (8, 7)] {
            t[iy * nx + ix] = 3.0;
        }
        t
    }

    #[test]
    fn galerkin_matrix_and_correction_match_a_dense_reference() {
        let (nx, ny) = (12usize, 8usize);
        let n = nx * ny;
        let mut kernel = HalfSpaceKernel::new(nx, ny, 1.0, 0.7, 2.0);
        // Naive dense K, column by column from impulses.
        let mut dense = vec![0.0; n * n];
        let (mut e, mut u) = (vec![0.0; n], vec![0.0; n]);
        for j in 0..n {
            e.iter_mut().for_each(|v| *v = 0.0);
            e[j] = 1.0;
            kernel.apply(&e, &mut u);
            for i in 0..n {
                dense[i * n + j] = u[i];
            }
        }
        let t = free_traction(nx, ny);
        let pc = 10.0;
        let mut space = CoarseSpace::default();
        let applied = space.update(&mut kernel, &t, pc, nx, ny);
        assert_eq!((space.sizes.len(), applied), (3, 2));
        assert_eq!(space.update(&mut kernel, &t, pc, nx, ny), 0, "unchanged F");
        // Reference: V (n × 2) by hand, E = Vᵀ K V, correction V E⁻¹ Vᵀ r.
        let free: Vec<usize> = (0..n).filter(|&i| t[i] > 0.0).collect();
        let nf = free.len() as f64;
        let cluster_of = |i: usize| space.labels[i] as usize;
        let v: Vec<Vec<f64>> = (0..2)
            .map(|k| {
                let share = space.sizes[k] as f64 / nf;
                (0..n)
                    .map(|i| {
                        if t[i] <= 0.0 {
                            0.0
                        } else if cluster_of(i) == k {
                            1.0 - share
                        } else {
                            -share
                        }
                    })
                    .collect()
            })
            .collect();
        let quad = |a: &[f64], b: &[f64]| -> f64 {
            (0..n)
                .map(|i| a[i] * (0..n).map(|j| dense[i * n + j] * b[j]).sum::<f64>())
                .sum()
        };
        let e_ref = [
            [quad(&v[0], &v[0]), quad(&v[0], &v[1])],
            [quad(&v[1], &v[0]), quad(&v[1], &v[1])],
        ];
        let scale = e_ref[0][0].abs().max(e_ref[1][1].abs());
        // L Lᵀ reproduces E.
        let l = &space.factor;
        for (i, row) in e_ref.iter().enumerate() {
            for (j, &ref_ij) in row.iter().enumerate() {
                let llt: f64 = (0..2).map(|k| l[i * 2 + k] * l[j * 2 + k]).sum();
                assert!((llt - ref_ij).abs() < TOL * scale, "E[{i}][{j}]");
            }
        }
        // Correction of a mean-free free-set residual.
        let mut r: Vec<f64> = (0..n)
            .map(|i| {
                if t[i] > 0.0 {
                    (i % 7) as f64 - 2.5
                } else {
                    0.0
                }
            })
            .collect();
        let mean = free.iter().map(|&i| r[i]).sum::<f64>() / nf;
        free.iter().for_each(|&i| r[i] -= mean);
        let c = [
            (0..n).map(|i| v[0][i] * r[i]).sum::<f64>(),
            (0..n).map(|i| v[1][i] * r[i]).sum::<f64>(),
        ];
        let det = e_ref[0][0] * e_ref[1][1] - e_ref[0][1] * e_ref[1][0];
        let a = [
            (e_ref[1][1] * c[0] - e_ref[0][1] * c[1]) / det,
            (e_ref[0][0] * c[1] - e_ref[1][0] * c[0]) / det,
        ];
        let mut z = vec![0.0; n];
        let (dz_sum, drho) = space.correct(&r, &mut z);
        let z_scale = z.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        for i in 0..n {
            let expected = a[0] * v[0][i] + a[1] * v[1][i];
            assert!((z[i] - expected).abs() < TOL * z_scale, "z[{i}]");
        }
        assert!(dz_sum.abs() < TOL * z_scale * nf);
        let rho: f64 = (0..n).map(|i| z[i] * r[i]).sum();
        assert!((drho - rho).abs() < TOL * rho.abs());
    }
}
