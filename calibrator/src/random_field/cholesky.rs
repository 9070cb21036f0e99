//! The dense reference sampler (its factorisation is [`crate::numerics::cholesky`]).
//!
//! The reference sampler factors the full N×N covariance of the N = m² grid nodes, C + ε·I =
//! L·Lᵀ (seed 004 Eq. 12–13; the nugget ε is the "small regularisation term" of ref. 35, needed
//! for the Gaussian kernel whose matrix is numerically singular for l ≳ h), and returns L·ξ.
//! O(N³/6) set-up and O(N²) per sample: a small-grid oracle only.

use crate::numerics::cholesky::{cholesky_in_place, dot};
use crate::rng::StreamRng;

use super::field::{Correlation, FieldError, PlateGrid};
use super::gaussian::GaussianSampler;
use super::normals::fill_from_stream_rng;

/// Largest grid (nodes) the dense reference accepts: 4096 nodes = 134 MB, ~10 s to factor.
pub const CHOLESKY_MAX_NODES: usize = 4096;

/// Dense-Cholesky reference sampler of a standard Gaussian field on a [`PlateGrid`].
#[derive(Debug, Clone)]
pub struct CholeskySampler {
    grid: PlateGrid,
    /// Lower factor, N×N row-major.
    l: Vec<f64>,
    nugget: f64,
}

impl CholeskySampler {
    /// Factors C + `nugget`·I for the grid's nodes.
    ///
    /// # Errors
    ///
    /// [`FieldError::BadParameter`] for a correlation length not finite and > 0 or an exponent
    /// outside 1..=4; [`FieldError::TooLarge`] for a grid over [`CHOLESKY_MAX_NODES`] nodes;
    /// [`FieldError::NotPositiveDefinite`] when a pivot of C + nugget·I is not positive (raise the
    /// nugget).
    pub fn new(grid: PlateGrid, corr: Correlation, nugget: f64) -> Result<Self, FieldError> {
        corr.validate()?;
        let n = grid.nodes();
        if n > CHOLESKY_MAX_NODES {
            return Err(FieldError::TooLarge {
                nodes: n,
                max: CHOLESKY_MAX_NODES,
            });
        }
        let m = grid.m;
        let mut c = vec![0.0; n * n];
        for p in 0..n {
            let (yp, xp) = (p / m, p % m);
            for q in 0..=p {
                let (yq, xq) = (q / m, q % m);
                let dx = (xp as f64 - xq as f64) * grid.dx;
                let dy = (yp as f64 - yq as f64) * grid.dx;
                c[p * n + q] = corr.rho(dx.hypot(dy)) + if p == q { nugget } else { 0.0 };
            }
        }
        cholesky_in_place(&mut c, n, 0.0).map_err(|e| FieldError::NotPositiveDefinite {
            pivot: e.pivot,
            value: e.value,
        })?;
        Ok(Self { grid, l: c, nugget })
    }

    /// The nugget ε added to the diagonal (the sample's variance is 1 + ε).
    pub fn nugget(&self) -> f64 {
        self.nugget
    }
}

impl GaussianSampler for CholeskySampler {
    type Scratch = Vec<f64>;

    fn grid(&self) -> PlateGrid {
        self.grid
    }

    fn per_draw(&self) -> usize {
        1
    }

    fn scratch(&self) -> Self::Scratch {
        vec![0.0; self.grid.nodes()]
    }

    fn draw(&self, rng: &mut StreamRng, xi: &mut Self::Scratch, out: &mut [f64]) {
        let n = self.grid.nodes();
        fill_from_stream_rng(rng, xi);
        for (i, o) in out[..n].iter_mut().enumerate() {
            *o = dot(&self.l[i * n..i * n + i + 1], &xi[..i + 1]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaussian_kernel_needs_nugget() {
        let grid = PlateGrid::with_nodes(1.0, 12);
        let corr = Correlation::gaussian(1.0);
        assert!(CholeskySampler::new(grid, corr, 0.0).is_err());
        assert!(CholeskySampler::new(grid, corr, 1e-8).is_ok());
    }
}
