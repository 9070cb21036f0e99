//! Automatic selection among the Gaussian-generator samplers, and enum dispatch over them
//! (the interface they share is [`super::gaussian::GaussianSampler`]).

use crate::rng::StreamRng;

use super::cholesky::CholeskySampler;
use super::circulant::{CirculantSampler, EmbeddingReport};
use super::field::{Correlation, FieldError, PlateGrid};
use super::separable::SeparableSampler;

pub use super::gaussian::{GaussianSampler, fill_standard_normals};

/// Which sampler to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SamplerKind {
    /// Separable for n = 2, circulant embedding otherwise.
    Auto,
    /// Kronecker L·Z·Lᵀ (n = 2 only; exact at any l/a).
    Separable,
    /// Circulant embedding via 2-D FFT (padding; clipping fallback).
    Circulant,
    /// Dense Cholesky (reference, ≤ 4096 nodes).
    Cholesky,
}

/// Any of the samplers (enum dispatch).
#[derive(Debug, Clone)]
pub enum AnySampler {
    /// Separable (n = 2).
    Separable(SeparableSampler),
    /// Circulant embedding.
    Circulant(CirculantSampler),
    /// Dense Cholesky.
    Cholesky(CholeskySampler),
}

/// Scratch of [`AnySampler`].
#[derive(Debug)]
pub enum AnyScratch {
    /// Separable.
    Separable(<SeparableSampler as GaussianSampler>::Scratch),
    /// Circulant.
    Circulant(<CirculantSampler as GaussianSampler>::Scratch),
    /// Cholesky.
    Cholesky(<CholeskySampler as GaussianSampler>::Scratch),
}

/// Nugget of the dense reference for the Gaussian kernel (relative to ρ(0) = 1): large
/// enough for the factorisation to succeed on the reference grids, small against MC error.
pub const REFERENCE_NUGGET: f64 = 1e-8;

impl AnySampler {
    /// Builds the sampler of `kind` for `grid` and `corr`.
    ///
    /// # Errors
    ///
    /// [`FieldError::BadParameter`] for an invalid correlation (or a non-Gaussian kernel for
    /// [`SamplerKind::Separable`]); for the dense reference, [`FieldError::TooLarge`] over
    /// [`CHOLESKY_MAX_NODES`](super::cholesky::CHOLESKY_MAX_NODES) nodes and
    /// [`FieldError::NotPositiveDefinite`].
    pub fn new(kind: SamplerKind, grid: PlateGrid, corr: Correlation) -> Result<Self, FieldError> {
        Ok(match kind {
            SamplerKind::Auto if corr.exponent == 2 => {
                Self::Separable(SeparableSampler::new(grid, corr)?)
            }
            SamplerKind::Separable => Self::Separable(SeparableSampler::new(grid, corr)?),
            SamplerKind::Auto | SamplerKind::Circulant => {
                Self::Circulant(CirculantSampler::new(grid, corr)?)
            }
            SamplerKind::Cholesky => {
                Self::Cholesky(CholeskySampler::new(grid, corr, REFERENCE_NUGGET)?)
            }
        })
    }

    /// The circulant embedding report, if this is a circulant sampler.
    pub fn embedding(&self) -> Option<EmbeddingReport> {
        match self {
            Self::Circulant(c) => Some(c.report()),
            _ => None,
        }
    }
}

impl GaussianSampler for AnySampler {
    type Scratch = AnyScratch;

    fn grid(&self) -> PlateGrid {
        match self {
            Self::Separable(s) => s.grid(),
            Self::Circulant(s) => s.grid(),
            Self::Cholesky(s) => s.grid(),
        }
    }

    fn per_draw(&self) -> usize {
        match self {
            Self::Separable(s) => s.per_draw(),
            Self::Circulant(s) => s.per_draw(),
            Self::Cholesky(s) => s.per_draw(),
        }
    }

    fn scratch(&self) -> AnyScratch {
        match self {
            Self::Separable(s) => AnyScratch::Separable(s.scratch()),
            Self::Circulant(s) => AnyScratch::Circulant(s.scratch()),
            Self::Cholesky(s) => AnyScratch::Cholesky(s.scratch()),
        }
    }

    fn draw(&self, rng: &mut StreamRng, scratch: &mut AnyScratch, out: &mut [f64]) {
        match (self, scratch) {
            (Self::Separable(s), AnyScratch::Separable(w)) => s.draw(rng, w, out),
            (Self::Circulant(s), AnyScratch::Circulant(w)) => s.draw(rng, w, out),
            (Self::Cholesky(s), AnyScratch::Cholesky(w)) => s.draw(rng, w, out),
            (s, w) => {
                // Mismatched scratch (a programming error): rebuild it and draw.
                *w = s.scratch();
                s.draw(rng, w, out);
            }
        }
    }
}
