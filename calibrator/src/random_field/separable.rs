//! Separable (Kronecker) sampler for the Gaussian kernel exp(−r²/l²) (seed 004 Eq. 1).
//!
//! exp(−(Δx² + Δy²)/l²) = exp(−Δx²/l²)·exp(−Δy²/l²), so on a tensor grid the covariance is
//! C₁ ⊗ C₁ with C₁ the m×m 1-D correlation matrix. With C₁ = L·Lᵀ (L m×r), the field
//! G = L·Z·Lᵀ (Z an r×r matrix of independent standard normals) has exactly Cov = C₁ ⊗ C₁,
//! at any l/a. Factorisation: plain Cholesky when C₁ is well conditioned (l ≲ 2h; L is then
//! banded to the kernel's reach and a sample costs O(m²·band)); otherwise (l ≫ h, C₁
//! numerically singular) the pivoted, truncated Cholesky of rank r ≤ m with
//! max |C₁ − L·Lᵀ| ≤ m·1e-14 — a sample then costs O(m²·r), r small for large l.

use rand::Rng;
use rand::rngs::StdRng;
use rand_distr::StandardNormal;

use super::cholesky::{cholesky_well_conditioned, dot, pivoted_cholesky};
use super::field::{Correlation, FieldError, PlateGrid};
use super::sampler::GaussianSampler;

/// Smallest squared pivot (relative) accepted from the unpivoted factorisation.
const MIN_PIVOT: f64 = 1e-8;
/// Truncation tolerance of the pivoted factorisation (relative diagonal).
const PIVOTED_TOL: f64 = 1e-14;
/// Entries of L below this are treated as zero for banding.
const BAND_EPS: f64 = 1e-15;

/// Kronecker sampler L·Z·Lᵀ (n = 2 only).
#[derive(Debug, Clone)]
pub struct SeparableSampler {
    grid: PlateGrid,
    /// m×r factor, row-major.
    l: Vec<f64>,
    r: usize,
    /// Column range [start, end) of the non-negligible entries of each row of L.
    range: Vec<(usize, usize)>,
}

impl SeparableSampler {
    /// Factors the 1-D Gaussian correlation matrix of the grid. Errors for n ≠ 2.
    pub fn new(grid: PlateGrid, corr: Correlation) -> Result<Self, FieldError> {
        corr.validate()?;
        if corr.exponent != 2 {
            return Err(FieldError::BadParameter(
                "the separable sampler needs the Gaussian kernel (n = 2)",
            ));
        }
        let m = grid.m;
        let mut c = vec![0.0; m * m];
        for i in 0..m {
            for j in 0..m {
                c[i * m + j] = corr.rho((i as f64 - j as f64) * grid.dx);
            }
        }
        let mut l = c.clone();
        let (l, r) = match cholesky_well_conditioned(&mut l, m, MIN_PIVOT) {
            Ok(()) => (l, m),
            Err(_) => pivoted_cholesky(&c, m, PIVOTED_TOL),
        };
        let range = (0..m)
            .map(|i| {
                let row = &l[i * r..(i + 1) * r];
                let start = row.iter().position(|v| v.abs() > BAND_EPS).unwrap_or(0);
                let end = row
                    .iter()
                    .rposition(|v| v.abs() > BAND_EPS)
                    .map_or(start, |e| e + 1);
                (start, end)
            })
            .collect();
        Ok(Self { grid, l, r, range })
    }

    /// Rank r of the 1-D factor (m when well conditioned).
    pub fn rank(&self) -> usize {
        self.r
    }
}

/// Scratch of the separable sampler: Z (r×r) and W = Z·Lᵀ (r×m).
#[derive(Debug, Clone)]
pub struct SeparableScratch {
    z: Vec<f64>,
    w: Vec<f64>,
}

impl GaussianSampler for SeparableSampler {
    type Scratch = SeparableScratch;

    fn grid(&self) -> PlateGrid {
        self.grid
    }

    fn per_draw(&self) -> usize {
        1
    }

    fn scratch(&self) -> SeparableScratch {
        SeparableScratch {
            z: vec![0.0; self.r * self.r],
            w: vec![0.0; self.r * self.grid.m],
        }
    }

    fn draw(&self, rng: &mut StdRng, s: &mut SeparableScratch, out: &mut [f64]) {
        let (m, r) = (self.grid.m, self.r);
        for v in s.z.iter_mut() {
            *v = rng.sample(StandardNormal);
        }
        // W = Z·Lᵀ: W[a, i] = Σ_k Z[a, k]·L[i, k].
        for a in 0..r {
            let zr = &s.z[a * r..(a + 1) * r];
            let wr = &mut s.w[a * m..(a + 1) * m];
            for (i, w) in wr.iter_mut().enumerate() {
                let (k0, k1) = self.range[i];
                *w = dot(&zr[k0..k1], &self.l[i * r + k0..i * r + k1]);
            }
        }
        // G = L·W: row j of G = Σ_a L[j, a]·row a of W.
        let out = &mut out[..m * m];
        for j in 0..m {
            let row = &mut out[j * m..(j + 1) * m];
            row.fill(0.0);
            let (a0, a1) = self.range[j];
            for a in a0..a1 {
                let c = self.l[j * r + a];
                let wr = &s.w[a * m..(a + 1) * m];
                for (o, &w) in row.iter_mut().zip(wr) {
                    *o += c * w;
                }
            }
        }
    }
}
