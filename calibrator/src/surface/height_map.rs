//! A periodic height map on a regular grid: the common currency of the surface generator,
//! the BEM contact solver and the DEM.

use thiserror::Error;

/// Errors building or reading a surface.
#[derive(Debug, Error, PartialEq)]
pub enum SurfaceError {
    /// Grid dimensions are zero or do not match the data.
    #[error("height map of {nx}×{ny} points needs {expected} values, got {got}")]
    Size {
        /// Columns.
        nx: usize,
        /// Rows.
        ny: usize,
        /// nx·ny.
        expected: usize,
        /// Values given.
        got: usize,
    },
    /// A spacing is not finite and positive.
    #[error("grid spacing must be finite and positive, got dx = {dx}, dy = {dy}")]
    Spacing {
        /// x spacing.
        dx: f64,
        /// y spacing.
        dy: f64,
    },
    /// A height is NaN or infinite.
    #[error("height at column {ix}, row {iy} is not finite ({value})")]
    NonFinite {
        /// Column.
        ix: usize,
        /// Row.
        iy: usize,
        /// The value.
        value: f64,
    },
    /// Generator parameters are inconsistent.
    #[error("invalid surface parameters: {0}")]
    Parameters(String),
}

/// Heights h(x, y) \[m\] on a periodic `nx × ny` grid with spacings `dx`, `dy` \[m\], stored
/// row-major: `h[iy * nx + ix]` is the height at x = ix·dx, y = iy·dy.
#[derive(Clone, Debug, PartialEq)]
pub struct HeightMap {
    nx: usize,
    ny: usize,
    dx: f64,
    dy: f64,
    h: Vec<f64>,
}

impl HeightMap {
    /// A height map from row-major data; checks sizes, spacings and finiteness.
    ///
    /// # Errors
    ///
    /// [`SurfaceError::Size`] when `nx` or `ny` is 0 or `h` does not hold `nx`·`ny` values;
    /// [`SurfaceError::Spacing`] when `dx` or `dy` is not finite and > 0;
    /// [`SurfaceError::NonFinite`] (the first such point) for a NaN or infinite height.
    pub fn new(nx: usize, ny: usize, dx: f64, dy: f64, h: Vec<f64>) -> Result<Self, SurfaceError> {
        let expected = nx.saturating_mul(ny);
        if nx == 0 || ny == 0 || h.len() != expected {
            return Err(SurfaceError::Size {
                nx,
                ny,
                expected,
                got: h.len(),
            });
        }
        if !(dx.is_finite() && dx > 0.0 && dy.is_finite() && dy > 0.0) {
            return Err(SurfaceError::Spacing { dx, dy });
        }
        if let Some(k) = h.iter().position(|v| !v.is_finite()) {
            return Err(SurfaceError::NonFinite {
                ix: k % nx,
                iy: k / nx,
                value: h[k],
            });
        }
        Ok(Self { nx, ny, dx, dy, h })
    }

    /// A map with h = f(x, y) at the grid points. Panics if `f` returns a non-finite value
    /// or the grid is empty (programming errors, not user input).
    ///
    /// # Panics
    ///
    /// If the grid is empty, a spacing is not finite and > 0, or `f` returns a non-finite value.
    pub fn from_fn(nx: usize, ny: usize, dx: f64, dy: f64, f: impl Fn(f64, f64) -> f64) -> Self {
        let h = (0..ny)
            .flat_map(|iy| (0..nx).map(move |ix| (ix, iy)))
            .map(|(ix, iy)| f(ix as f64 * dx, iy as f64 * dy))
            .collect();
        Self::new(nx, ny, dx, dy, h).expect("HeightMap::from_fn: invalid grid or value")
    }

    /// A flat map at height `level`.
    pub fn flat(nx: usize, ny: usize, dx: f64, dy: f64, level: f64) -> Self {
        Self::from_fn(nx, ny, dx, dy, |_, _| level)
    }

    /// Columns.
    pub fn nx(&self) -> usize {
        self.nx
    }
    /// Rows.
    pub fn ny(&self) -> usize {
        self.ny
    }
    /// x spacing \[m\].
    pub fn dx(&self) -> f64 {
        self.dx
    }
    /// y spacing \[m\].
    pub fn dy(&self) -> f64 {
        self.dy
    }
    /// Period in x, nx·dx \[m\].
    pub fn lx(&self) -> f64 {
        self.nx as f64 * self.dx
    }
    /// Period in y, ny·dy \[m\].
    pub fn ly(&self) -> f64 {
        self.ny as f64 * self.dy
    }
    /// Row-major heights \[m\].
    pub fn heights(&self) -> &[f64] {
        &self.h
    }
    /// Mutable row-major heights \[m\] (callers keep them finite).
    pub fn heights_mut(&mut self) -> &mut [f64] {
        &mut self.h
    }

    /// Height at integer indices, wrapped periodically (any `isize`).
    #[inline]
    pub fn at(&self, ix: isize, iy: isize) -> f64 {
        let i = ix.rem_euclid(self.nx as isize) as usize;
        let j = iy.rem_euclid(self.ny as isize) as usize;
        self.h[j * self.nx + i]
    }

    /// Bilinear interpolation at (x, y) \[m\], periodic in both directions.
    pub fn bilinear(&self, x: f64, y: f64) -> f64 {
        let (fx, fy) = (x / self.dx, y / self.dy);
        let (x0, y0) = (fx.floor(), fy.floor());
        let (tx, ty) = (fx - x0, fy - y0);
        let (i, j) = (x0 as isize, y0 as isize);
        let h00 = self.at(i, j);
        let h10 = self.at(i + 1, j);
        let h01 = self.at(i, j + 1);
        let h11 = self.at(i + 1, j + 1);
        (h00 * (1.0 - tx) + h10 * tx) * (1.0 - ty) + (h01 * (1.0 - tx) + h11 * tx) * ty
    }

    /// Mean height \[m\].
    pub fn mean(&self) -> f64 {
        self.h.iter().sum::<f64>() / self.h.len() as f64
    }

    /// Subtracts the mean height.
    pub fn remove_mean(&mut self) {
        let m = self.mean();
        self.h.iter_mut().for_each(|v| *v -= m);
    }

    /// Multiplies every height by `s`.
    pub fn scale(&mut self, s: f64) {
        self.h.iter_mut().for_each(|v| *v *= s);
    }

    /// The map translated by whole pixels: `out(ix, iy) = self(ix − sx, iy − sy)` (content
    /// moves towards +x for sx > 0), periodic.
    pub fn shifted(&self, sx: isize, sy: isize) -> Self {
        let mut out = self.clone();
        for iy in 0..self.ny {
            for ix in 0..self.nx {
                out.h[iy * self.nx + ix] = self.at(ix as isize - sx, iy as isize - sy);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_input_with_location() {
        assert!(matches!(
            HeightMap::new(2, 2, 1.0, 1.0, vec![0.0; 3]),
            Err(SurfaceError::Size { .. })
        ));
        assert!(matches!(
            HeightMap::new(2, 2, 0.0, 1.0, vec![0.0; 4]),
            Err(SurfaceError::Spacing { .. })
        ));
        let err = HeightMap::new(2, 2, 1.0, 1.0, vec![0.0, 0.0, f64::NAN, 0.0]).unwrap_err();
        assert!(
            matches!(err, SurfaceError::NonFinite { ix: 0, iy: 1, .. }),
            "{err}"
        );
    }

    #[test]
    fn periodic_access_and_bilinear_are_seamless() {
        let n = 16;
        let dx = 0.5;
        let l = n as f64 * dx;
        let f = |x: f64, y: f64| {
            (2.0 * std::f64::consts::PI * x / l).sin()
                + (2.0 * std::f64::consts::PI * 2.0 * y / l).cos()
        };
        let m = HeightMap::from_fn(n, n, dx, dx, f);
        assert_eq!(m.at(-1, 0), m.at(n as isize - 1, 0));
        assert_eq!(m.at(3, n as isize + 2), m.at(3, 2));
        for &(x, y) in &[(0.3, 0.7), (7.9, 7.9), (-0.2, 3.3)] {
            assert!((m.bilinear(x, y) - m.bilinear(x + l, y - 2.0 * l)).abs() < 1e-12);
        }
        // Exact at grid points.
        assert_eq!(m.bilinear(3.0 * dx, 5.0 * dx), m.at(3, 5));
    }

    #[test]
    fn shift_moves_content_by_whole_pixels() {
        let m = HeightMap::from_fn(8, 4, 1.0, 1.0, |x, y| x + 10.0 * y);
        let s = m.shifted(3, 1);
        assert_eq!(s.at(3, 1), m.at(0, 0));
        assert_eq!(s.at(0, 0), m.at(-3, -1));
    }
}
