//! Separable (Kronecker) sampler for the Gaussian kernel exp(−r²/l²) (seed 004 Eq. 1).
//!
//! exp(−(Δx² + Δy²)/l²) = exp(−Δx²/l²)·exp(−Δy²/l²), so on a tensor grid the covariance is
//! C₁ ⊗ C₁ with C₁ the m×m 1-D correlation matrix. With any factor C₁ = L·Lᵀ (L m×r) and Z an
//! r×r matrix of independent standard normals, G = L·(L·Z)ᵀ = L·Zᵀ·Lᵀ has exactly
//! Cov = C₁ ⊗ C₁ (Zᵀ is again iid), at any l/a. Both products are "banded L times a dense
//! matrix" ([`BandedPanels::mul`]), so a sample costs ≈ (r + m)·m·bandwidth multiply-adds plus
//! r² normal deviates. Three factors ([`FactorKind`]); [`SeparableSampler::new`] takes the
//! cheapest by that count:
//!
//! * **Cholesky** of C₁ when its pivots stay above 1e-8 (l ≲ 5h: the pivots tend to the
//!   geometric mean of the spectrum, not its minimum): r = m, banded to the kernel's
//!   reach (entries below [`BAND_EPS`] dropped) — small l/a.
//! * **Kernel quadrature** ([`super::kernel_quadrature`]): C₁ = F·Fᵀ to ~1e-16 with ≈ 36
//!   non-zeros per row and r ≈ (2a + 8.9·l)/(l/4) — the middle range h ≪ l ≲ a.
//! * **Low rank**: pivoted, truncated Cholesky of rank r ≤ m with max |C₁ − L·Lᵀ| ≤ m·1e-14,
//!   dense — large l/a, where r is small.
//!
//! The r² deviates come from a [`NormalStream`] seeded by the draw's generator.
//! Scratch is allocated once per thread ([`GaussianSampler::scratch`]); a draw allocates
//! nothing and is bit-reproducible for a generator state.

use crate::rng::StreamRng;

use super::banded::{BandedPanels, padded};
use super::field::{Correlation, FieldError, PlateGrid};
use super::gaussian::GaussianSampler;
use super::kernel_quadrature::quadrature_factor;
use super::normals::NormalStream;
use crate::numerics::cholesky::{cholesky_in_place, pivoted_cholesky};

/// Smallest squared pivot (relative) accepted from the unpivoted factorisation.
const MIN_PIVOT: f64 = 1e-8;
/// Truncation tolerance of the pivoted factorisation (relative diagonal).
const PIVOTED_TOL: f64 = 1e-14;
/// Entries of the Cholesky factor at the ends of a row below this are dropped (banding):
/// the covariance changes by at most ~m·BAND_EPS, far below Monte-Carlo error.
pub const BAND_EPS: f64 = 1e-15;
/// Cost of one standard normal deviate (rand_distr Ziggurat on StreamRng) in multiply-adds of
/// the banded product, for choosing the factor (measured: ≈ 4 ns vs ≈ 0.2 ns; see the
/// `random_field` bench).
const NORMAL_COST: usize = 20;

/// Which factor of the 1-D correlation matrix the separable sampler uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FactorKind {
    /// Banded Cholesky factor (r = m; C₁ well conditioned, small l/h).
    Cholesky,
    /// Banded kernel-quadrature factor (middle range of l).
    Quadrature,
    /// Dense pivoted, truncated Cholesky factor of low rank (large l).
    LowRank,
}

/// Kronecker sampler L·(L·Z)ᵀ (n = 2 only).
#[derive(Debug, Clone)]
pub struct SeparableSampler {
    grid: PlateGrid,
    factor: BandedPanels,
    kind: FactorKind,
}

impl SeparableSampler {
    /// Builds the cheapest exact factor of the grid's 1-D Gaussian correlation matrix (see
    /// the module docs).
    ///
    /// # Errors
    ///
    /// [`FieldError::BadParameter`] for an invalid correlation or an exponent n ≠ 2 (the separable
    /// sampler needs the Gaussian kernel).
    pub fn new(grid: PlateGrid, corr: Correlation) -> Result<Self, FieldError> {
        Self::check(corr)?;
        let mut best: Option<Self> = None;
        for kind in [
            FactorKind::Cholesky,
            FactorKind::LowRank,
            FactorKind::Quadrature,
        ] {
            if let Some(s) = Self::build(grid, corr, kind)
                && best.as_ref().is_none_or(|b| s.cost() < b.cost())
            {
                best = Some(s);
            }
        }
        // The quadrature factor always exists.
        best.ok_or(FieldError::BadParameter(
            "no factor of the correlation matrix",
        ))
    }

    /// Builds the sampler with the given factor (it must apply: Cholesky for a well-conditioned
    /// C₁, the low-rank factor for an ill-conditioned one).
    ///
    /// # Errors
    ///
    /// [`FieldError::BadParameter`] for an invalid correlation, n ≠ 2, or [`FactorKind::LowRank`]
    /// on a well-conditioned C₁; [`FieldError::NotPositiveDefinite`] for [`FactorKind::Cholesky`]
    /// on an ill-conditioned C₁.
    pub fn with_factor(
        grid: PlateGrid,
        corr: Correlation,
        kind: FactorKind,
    ) -> Result<Self, FieldError> {
        Self::check(corr)?;
        match Self::build(grid, corr, kind) {
            Some(s) => Ok(s),
            None if kind == FactorKind::Cholesky => Err(FieldError::NotPositiveDefinite {
                pivot: 0,
                value: 0.0,
            }),
            None => Err(FieldError::BadParameter(
                "the low-rank factor is for ill-conditioned C₁ (use Cholesky)",
            )),
        }
    }

    fn check(corr: Correlation) -> Result<(), FieldError> {
        corr.validate()?;
        if corr.exponent != 2 {
            return Err(FieldError::BadParameter(
                "the separable sampler needs the Gaussian kernel (n = 2)",
            ));
        }
        Ok(())
    }

    fn build(grid: PlateGrid, corr: Correlation, kind: FactorKind) -> Option<Self> {
        let m = grid.m;
        let factor = match kind {
            FactorKind::Quadrature => {
                let (f, r) = quadrature_factor(grid, corr.length);
                BandedPanels::from_dense(&f, m, r, 0.0)
            }
            FactorKind::Cholesky | FactorKind::LowRank => {
                let c = correlation_matrix(grid, corr);
                let mut l = c.clone();
                let well = cholesky_in_place(&mut l, m, MIN_PIVOT).is_ok();
                match (kind, well) {
                    (FactorKind::Cholesky, true) => BandedPanels::from_dense(&l, m, m, BAND_EPS),
                    (FactorKind::LowRank, false) => {
                        let (l, r) = pivoted_cholesky(&c, m, PIVOTED_TOL);
                        BandedPanels::from_dense(&l, m, r, 0.0)
                    }
                    _ => return None,
                }
            }
        };
        Some(Self { grid, factor, kind })
    }

    /// Column count r of the 1-D factor (r² normal deviates per sample).
    pub fn rank(&self) -> usize {
        self.factor.cols()
    }

    /// The factor in use.
    pub fn factor_kind(&self) -> FactorKind {
        self.kind
    }

    /// The 1-D factor L (m×r).
    pub fn factor(&self) -> &BandedPanels {
        &self.factor
    }

    /// Work per sample in multiply-adds: both banded products, plus the normal deviates
    /// weighted by their measured relative cost.
    pub fn cost(&self) -> usize {
        let r = self.rank();
        self.factor.stored() * (padded(r) + padded(self.grid.m)) + NORMAL_COST * r * r
    }
}

/// The m×m 1-D correlation matrix C₁[i, j] = exp(−((i − j)·dx/l)²), row-major.
pub fn correlation_matrix(grid: PlateGrid, corr: Correlation) -> Vec<f64> {
    let m = grid.m;
    let mut c = vec![0.0; m * m];
    for i in 0..m {
        for j in 0..m {
            c[i * m + j] = corr.rho((i as f64 - j as f64) * grid.dx);
        }
    }
    c
}

/// Scratch of the separable sampler: Z (r×r) and Vᵀ = (L·Z)ᵀ (r×m), rows padded.
#[derive(Debug, Clone)]
pub struct SeparableScratch {
    z: Vec<f64>,
    vt: Vec<f64>,
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
        let (m, r) = (self.grid.m, self.rank());
        SeparableScratch {
            z: vec![0.0; r * padded(r)],
            vt: vec![0.0; r * padded(m)],
        }
    }

    fn draw(&self, rng: &mut StreamRng, s: &mut SeparableScratch, out: &mut [f64]) {
        let (m, r) = (self.grid.m, self.rank());
        let (pr, pm) = (padded(r), padded(m));
        // Z row by row (its padding columns stay zero).
        let mut normals = NormalStream::new(rng);
        for row in s.z.chunks_exact_mut(pr) {
            normals.fill(&mut row[..r]);
        }
        // Vᵀ = (L·Z)ᵀ, then G = L·Vᵀ.
        self.factor.mul_transposed(&s.z, pr, r, &mut s.vt, pm);
        self.factor.mul(&s.vt, pm, m, &mut out[..m * m], m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream_rng;

    /// The optimised draw against the naive triple-loop product L·Zᵀ·Lᵀ: O(1) sums of ≤ r²
    /// terms in a different order.
    const PRODUCT_TOL: f64 = 1e-12;

    /// L·Lᵀ against C₁ for each factor: quadrature ~1e-16 per entry (its module), banding
    /// ≤ m·BAND_EPS, pivoted truncation ≤ m·PIVOTED_TOL (2.6e-12 at m = 256).
    const FACTOR_TOL: f64 = 5e-12;

    fn cases() -> Vec<(usize, f64, FactorKind)> {
        vec![
            (24, 0.05, FactorKind::Cholesky),
            (40, 0.2, FactorKind::Cholesky),
            (40, 0.2, FactorKind::Quadrature),
            (40, 0.4, FactorKind::LowRank),
            (30, 3.0, FactorKind::LowRank),
            (30, 3.0, FactorKind::Quadrature),
        ]
    }

    #[test]
    fn draw_equals_reference_product() {
        for (m, l, kind) in cases() {
            let grid = PlateGrid::with_nodes(1.0, m);
            let s = SeparableSampler::with_factor(grid, Correlation::gaussian(l), kind).unwrap();
            assert_eq!(s.factor_kind(), kind);
            let r = s.rank();
            let mut scratch = s.scratch();
            let mut out = vec![0.0; m * m];
            s.draw(&mut stream_rng(3, 1), &mut scratch, &mut out);
            // Same deviates, row-major r×r.
            let mut z = vec![0.0; r * r];
            NormalStream::new(&mut stream_rng(3, 1)).fill(&mut z);
            let l_at = |i: usize, a: usize| s.factor().get(i, a);
            // G[j, i] = Σ_a Σ_b L[j,a]·Z[b,a]·L[i,b].
            let mut worst = 0.0f64;
            for j in 0..m {
                for i in 0..m {
                    let mut g = 0.0;
                    for a in 0..r {
                        for b in 0..r {
                            g += l_at(j, a) * z[b * r + a] * l_at(i, b);
                        }
                    }
                    worst = worst.max((out[j * m + i] - g).abs());
                }
            }
            assert!(worst < PRODUCT_TOL, "m={m} l={l} {kind:?}: {worst:e}");
            // And the draw is reproducible bit for bit.
            let mut again = vec![0.0; m * m];
            s.draw(&mut stream_rng(3, 1), &mut s.scratch(), &mut again);
            assert_eq!(out, again);
        }
    }

    #[test]
    fn every_factor_reproduces_the_correlation_matrix() {
        for (m, l, kind) in cases() {
            let grid = PlateGrid::with_nodes(1.0, m);
            let corr = Correlation::gaussian(l);
            let s = SeparableSampler::with_factor(grid, corr, kind).unwrap();
            let c = correlation_matrix(grid, corr);
            let f = s.factor();
            for i in 0..m {
                for j in 0..m {
                    let v: f64 = (0..s.rank()).map(|a| f.get(i, a) * f.get(j, a)).sum();
                    assert!((v - c[i * m + j]).abs() < FACTOR_TOL, "{kind:?} ({i},{j})");
                }
            }
        }
    }

    #[test]
    fn cheapest_factor_is_chosen_across_scales() {
        // The seed's 256² mesh over l/a = 0.01 … 10: small l → banded Cholesky (r = m),
        // middle → quadrature, large → low rank; the choice minimises the cost.
        let grid = PlateGrid::with_nodes(1.0, 256);
        let pick = |l: f64| SeparableSampler::new(grid, Correlation::gaussian(l)).unwrap();
        assert_eq!(pick(0.01).factor_kind(), FactorKind::Cholesky);
        assert_eq!(pick(0.1).factor_kind(), FactorKind::Quadrature);
        assert_eq!(pick(10.0).factor_kind(), FactorKind::LowRank);
        for l in [0.01, 0.1, 1.0, 10.0] {
            let corr = Correlation::gaussian(l);
            let best = pick(l);
            for kind in [
                FactorKind::Cholesky,
                FactorKind::Quadrature,
                FactorKind::LowRank,
            ] {
                if let Ok(other) = SeparableSampler::with_factor(grid, corr, kind) {
                    assert!(best.cost() <= other.cost(), "l={l}: {kind:?} cheaper");
                }
            }
        }
        assert!(
            SeparableSampler::new(grid, Correlation::gaussian(0.01))
                .unwrap()
                .rank()
                == 256
        );
    }
}
