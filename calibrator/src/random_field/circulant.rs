//! Circulant-embedding sampler (2-D FFT) for any exponent n of exp(−(r/l)^n) (Eq. 31).
//!
//! The m×m grid's covariance is embedded in a block-circulant matrix on an M×M torus
//! (M ≥ 2m, FFT-friendly), with base c[p, q] = ρ(dx·√(p̃² + q̃²)), p̃ = min(p, M − p). Its
//! eigenvalues are the 2-D DFT of the base. If all are ≥ 0 the embedding is exact: with
//! W = √(λ/M²)·(ξ₁ + iξ₂), the DFT of W has real and imaginary parts that are two
//! independent fields with exactly the grid covariance (Dietrich & Newsam 1997).
//!
//! **PSD check, padding and fallback.** If the smallest eigenvalue is below
//! −[`NEGATIVE_TOL`]·λ_max the torus is enlarged (M doubled, "padding") up to
//! [`MAX_EMBEDDING`] per side. If it is still indefinite — always the case for n = 3, 4,
//! whose kernels are not positive definite in the plane, and for the Gaussian kernel when
//! l is comparable to the padded torus — the negative eigenvalues are set to zero (the
//! nearest PSD circulant matrix in the Frobenius norm) and the relative clipped mass
//! Σ|λ₋|/Σλ₊ is reported in [`EmbeddingReport`]: the samples then carry an approximate
//! covariance with an error of that order. For n = 2 use the exact separable sampler.
//!
//! The deviates come from a [`NormalStream`] seeded by the draw's generator.
//!
//! Output fields are the transposes of the corner of the torus field; the grid covariance
//! depends on |Δx|, |Δy| symmetrically (dx = dy, isotropic ρ), so the law is the same.

use crate::rng::StreamRng;
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftPlanner};
use std::sync::Arc;

use super::field::{Correlation, FieldError, PlateGrid};
use super::gaussian::GaussianSampler;
use super::normals::NormalStream;

/// Eigenvalues above −NEGATIVE_TOL·λ_max count as non-negative (FFT rounding).
pub const NEGATIVE_TOL: f64 = 1e-10;
/// Largest torus side tried by padding.
pub const MAX_EMBEDDING: usize = 2048;

/// What the embedding achieved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EmbeddingReport {
    /// Torus side M.
    pub size: usize,
    /// Smallest eigenvalue / largest, before clipping.
    pub min_eigen_ratio: f64,
    /// Σ|λ₋| / Σλ₊ clipped (0 when the embedding is exact).
    pub clipped_relative: f64,
}

/// Circulant-embedding sampler.
pub struct CirculantSampler {
    grid: PlateGrid,
    size: usize,
    /// √(max(λ, 0)/M²), M×M row-major.
    sqrt_lambda: Vec<f64>,
    fft: Arc<dyn Fft<f64>>,
    report: EmbeddingReport,
}

impl std::fmt::Debug for CirculantSampler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CirculantSampler")
            .field("grid", &self.grid)
            .field("report", &self.report)
            .finish()
    }
}

impl Clone for CirculantSampler {
    fn clone(&self) -> Self {
        Self {
            grid: self.grid,
            size: self.size,
            sqrt_lambda: self.sqrt_lambda.clone(),
            fft: Arc::clone(&self.fft),
            report: self.report,
        }
    }
}

/// Smallest n ≥ `min` of the form 2^a·3^b·5^c (fast FFT sizes).
fn fft_size(min: usize) -> usize {
    (min.max(2)..)
        .find(|&n| {
            let mut k = n;
            for p in [2, 3, 5] {
                while k % p == 0 {
                    k /= p;
                }
            }
            k == 1
        })
        .unwrap_or(min)
}

/// In-place 2-D DFT of an M×M row-major buffer, leaving the result transposed
/// (row FFTs, transpose into `tmp`, row FFTs; result in `tmp`).
fn fft2_transposed(
    fft: &dyn Fft<f64>,
    data: &mut [Complex<f64>],
    tmp: &mut [Complex<f64>],
    scratch: &mut [Complex<f64>],
    m: usize,
) {
    fft.process_with_scratch(data, scratch);
    const B: usize = 16;
    for ib in (0..m).step_by(B) {
        for jb in (0..m).step_by(B) {
            for i in ib..(ib + B).min(m) {
                for j in jb..(jb + B).min(m) {
                    tmp[j * m + i] = data[i * m + j];
                }
            }
        }
    }
    fft.process_with_scratch(tmp, scratch);
}

impl CirculantSampler {
    /// Builds the embedding for `grid` and `corr`, padding as needed (see module docs).
    ///
    /// # Errors
    ///
    /// [`FieldError::BadParameter`] for a correlation length not finite and > 0 or an exponent
    /// outside 1..=4.
    pub fn new(grid: PlateGrid, corr: Correlation) -> Result<Self, FieldError> {
        corr.validate()?;
        let mut planner = FftPlanner::new();
        let mut size = fft_size(2 * grid.m);
        loop {
            let fft = planner.plan_fft_forward(size);
            let lambda = Self::eigenvalues(&*fft, grid.dx, corr, size);
            let max = lambda.iter().copied().fold(f64::MIN, f64::max);
            let min = lambda.iter().copied().fold(f64::MAX, f64::min);
            let exact = min >= -NEGATIVE_TOL * max;
            let next = fft_size(2 * size);
            if exact || next > MAX_EMBEDDING {
                let pos: f64 = lambda.iter().filter(|&&l| l > 0.0).sum();
                let neg: f64 = lambda.iter().filter(|&&l| l < 0.0).map(|l| -l).sum();
                let norm = 1.0 / (size * size) as f64;
                let sqrt_lambda = lambda.iter().map(|&l| (l.max(0.0) * norm).sqrt()).collect();
                return Ok(Self {
                    grid,
                    size,
                    sqrt_lambda,
                    fft,
                    report: EmbeddingReport {
                        size,
                        min_eigen_ratio: min / max,
                        clipped_relative: if exact { 0.0 } else { neg / pos },
                    },
                });
            }
            size = next;
        }
    }

    fn eigenvalues(fft: &dyn Fft<f64>, dx: f64, corr: Correlation, size: usize) -> Vec<f64> {
        let mut base = vec![Complex::new(0.0, 0.0); size * size];
        for p in 0..size {
            let pp = p.min(size - p) as f64;
            for q in 0..size {
                let qq = q.min(size - q) as f64;
                base[p * size + q] = Complex::new(corr.rho(dx * pp.hypot(qq)), 0.0);
            }
        }
        let mut tmp = base.clone();
        let mut scratch = vec![Complex::new(0.0, 0.0); fft.get_inplace_scratch_len()];
        fft2_transposed(fft, &mut base, &mut tmp, &mut scratch, size);
        // The base is even in p and q, so its DFT is real and symmetric.
        tmp.iter().map(|c| c.re).collect()
    }

    /// The embedding report (size, smallest eigenvalue ratio, clipped mass).
    pub fn report(&self) -> EmbeddingReport {
        self.report
    }
}

/// Scratch of the circulant sampler.
pub struct CirculantScratch {
    data: Vec<Complex<f64>>,
    tmp: Vec<Complex<f64>>,
    fft_scratch: Vec<Complex<f64>>,
}

impl std::fmt::Debug for CirculantScratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CirculantScratch({} values)", self.data.len())
    }
}

impl GaussianSampler for CirculantSampler {
    type Scratch = CirculantScratch;

    fn grid(&self) -> PlateGrid {
        self.grid
    }

    fn per_draw(&self) -> usize {
        2
    }

    fn scratch(&self) -> CirculantScratch {
        let n = self.size * self.size;
        CirculantScratch {
            data: vec![Complex::new(0.0, 0.0); n],
            tmp: vec![Complex::new(0.0, 0.0); n],
            fft_scratch: vec![Complex::new(0.0, 0.0); self.fft.get_inplace_scratch_len()],
        }
    }

    fn draw(&self, rng: &mut StreamRng, s: &mut CirculantScratch, out: &mut [f64]) {
        let mut normals = NormalStream::new(rng);
        for (d, &sl) in s.data.iter_mut().zip(&self.sqrt_lambda) {
            let re = normals.deviate();
            let im = normals.deviate();
            *d = Complex::new(sl * re, sl * im);
        }
        let size = self.size;
        fft2_transposed(
            &*self.fft,
            &mut s.data,
            &mut s.tmp,
            &mut s.fft_scratch,
            size,
        );
        let m = self.grid.m;
        let (first, second) = out[..2 * m * m].split_at_mut(m * m);
        for j in 0..m {
            let src = &s.tmp[j * size..j * size + m];
            for (i, c) in src.iter().enumerate() {
                first[j * m + i] = c.re;
                second[j * m + i] = c.im;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fft_sizes_are_smooth() {
        assert_eq!(fft_size(40), 40);
        assert_eq!(fft_size(41), 45);
        assert_eq!(fft_size(512), 512);
        assert_eq!(fft_size(7), 8);
    }

    #[test]
    fn embedding_exact_for_short_gaussian_and_exponential() {
        let grid = PlateGrid::with_nodes(1.0, 20);
        for n in [1, 2] {
            let s = CirculantSampler::new(
                grid,
                Correlation {
                    length: 0.2,
                    exponent: n,
                },
            )
            .unwrap();
            assert_eq!(s.report().clipped_relative, 0.0, "n = {n}");
        }
    }

    #[test]
    fn non_positive_definite_kernel_is_clipped_and_reported() {
        // exp(−r⁴/l⁴) is not a covariance in the plane: no padding can make it PSD.
        let grid = PlateGrid::with_nodes(1.0, 20);
        let corr = Correlation {
            length: 0.5,
            exponent: 4,
        };
        let s = CirculantSampler::new(grid, corr).unwrap();
        let r = s.report();
        assert!(
            r.min_eigen_ratio < -NEGATIVE_TOL && r.clipped_relative > 0.0,
            "{r:?}"
        );
        assert!(r.size > 40, "padding was tried: {r:?}");
    }
}
