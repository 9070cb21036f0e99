//! The common interface of the Gaussian-generator samplers ([`GaussianSampler`]): separable,
//! circulant embedding and dense Cholesky implement it; [`super::sampler`] selects among them.

use crate::rng::StreamRng;

use super::field::PlateGrid;
use super::normals::NormalStream;

/// A sampler of a zero-mean, unit-variance Gaussian field on a [`PlateGrid`] with a target
/// correlation. Immutable after set-up (shared by threads); per-thread scratch.
pub trait GaussianSampler: Sync {
    /// Per-thread scratch memory.
    type Scratch: Send;
    /// The grid sampled.
    fn grid(&self) -> PlateGrid;
    /// Independent fields produced by one [`GaussianSampler::draw`] (circulant embedding
    /// yields two: real and imaginary parts).
    fn per_draw(&self) -> usize;
    /// Fresh scratch.
    fn scratch(&self) -> Self::Scratch;
    /// Writes `per_draw()` independent fields, each `grid().nodes()` values row-major (row =
    /// y index), one after the other into `out`.
    fn draw(&self, rng: &mut StreamRng, scratch: &mut Self::Scratch, out: &mut [f64]);
}

/// Fills `out` with the standard normal deviates a draw with generator `rng` uses
/// ([`NormalStream`]: Ziggurat on xoshiro256++ seeded from `rng`).
pub fn fill_standard_normals(rng: &mut StreamRng, out: &mut [f64]) {
    NormalStream::new(rng).fill(out);
}
