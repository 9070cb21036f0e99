//! Periodic 2-D real FFTs and the elastic half-space influence kernel (seed 000 §5 Step 3).
//!
//! On a periodic `nx × ny` grid of side `lx × ly`, a surface traction t(x, y) \[Pa\] produces the
//! normal surface displacement u(x, y) \[m\] (positive into the half-space) whose Fourier
//! coefficients are
//!
//! ```text
//! û(q) = 2 / (E* |q|) · t̂(q),   |q| = 2π √((k_x/L_x)² + (k_y/L_y)²)   (Johnson 1985; Stanley–Kato)
//! ```
//!
//! The q = 0 mode is undetermined on a periodic half-space (a uniform pressure gives an
//! infinite rigid sink): it is set to zero, so u has zero mean and the rigid-body approach is
//! a separate unknown of the contact problem. The same kernel is the plane-strain one when the
//! field is constant along y (only k_y = 0 modes are present), which the Westergaard test uses.
//!
//! [`PeriodicFft2`] does the 2-D transform as real-to-complex FFTs of the rows (`realfft`),
//! a blocked transpose, and complex FFTs of the columns (`rustfft`); plans and scratch are made
//! once. One [`HalfSpaceKernel::apply`] is one forward + one inverse transform plus an O(N)
//! product.

use std::sync::Arc;

use realfft::{ComplexToReal, RealFftPlanner, RealToComplex};
use rustfft::num_complex::Complex64;
use rustfft::{Fft, FftPlanner};

use crate::numerics::fft_grid::mode;

mod fused;

/// Edge of the square tiles of the cache-blocked transpose. Power-of-two grids make the strided
/// side of a tile hit one cache set; 8 rows of 16-byte values stay within an 8-way L1 set
/// (32 measured ~3× slower at 256² on the `bemperf` branch).
const TRANSPOSE_BLOCK: usize = 8;

/// Forward and inverse 2-D real FFT of a row-major `nx × ny` grid with reusable plans and
/// scratch. The half spectrum is stored transposed: `spec[kx * ny + ky]` for
/// `kx ∈ 0..=nx/2`, `ky ∈ 0..ny`.
pub struct PeriodicFft2 {
    nx: usize,
    ny: usize,
    nc: usize,
    r2c: Arc<dyn RealToComplex<f64>>,
    c2r: Arc<dyn ComplexToReal<f64>>,
    col_fwd: Arc<dyn Fft<f64>>,
    col_inv: Arc<dyn Fft<f64>>,
    row_in: Vec<f64>,
    rows: Vec<Complex64>,
    scratch: Vec<Complex64>,
    /// Column block of [`PeriodicFft2::convolve_rows`] (allocated on first use).
    block: Vec<Complex64>,
}

impl std::fmt::Debug for PeriodicFft2 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PeriodicFft2")
            .field("nx", &self.nx)
            .field("ny", &self.ny)
            .finish_non_exhaustive()
    }
}

impl PeriodicFft2 {
    /// Plans the transforms of an `nx × ny` grid (both ≥ 1).
    ///
    /// # Panics
    ///
    /// If `nx` or `ny` is 0.
    pub fn new(nx: usize, ny: usize) -> Self {
        assert!(nx >= 1 && ny >= 1, "PeriodicFft2: empty grid");
        let mut real_planner = RealFftPlanner::<f64>::new();
        let r2c = real_planner.plan_fft_forward(nx);
        let c2r = real_planner.plan_fft_inverse(nx);
        let mut planner = FftPlanner::<f64>::new();
        let col_fwd = planner.plan_fft_forward(ny);
        let col_inv = planner.plan_fft_inverse(ny);
        let nc = nx / 2 + 1;
        let scratch_len = r2c
            .get_scratch_len()
            .max(c2r.get_scratch_len())
            .max(col_fwd.get_inplace_scratch_len())
            .max(col_inv.get_inplace_scratch_len());
        Self {
            nx,
            ny,
            nc,
            r2c,
            c2r,
            col_fwd,
            col_inv,
            row_in: vec![0.0; nx],
            rows: vec![Complex64::new(0.0, 0.0); nc * ny],
            scratch: vec![Complex64::new(0.0, 0.0); scratch_len],
            block: Vec::new(),
        }
    }

    /// Columns.
    pub fn nx(&self) -> usize {
        self.nx
    }
    /// Rows.
    pub fn ny(&self) -> usize {
        self.ny
    }
    /// Length of the half spectrum, (nx/2 + 1)·ny.
    pub fn spectrum_len(&self) -> usize {
        self.nc * self.ny
    }

    /// Unnormalised forward transform of `input` (nx·ny reals) into `spec`
    /// (`spectrum_len()` values, transposed layout).
    ///
    /// # Panics
    ///
    /// If `input` does not hold nx·ny values or `spec` `spectrum_len()` values.
    pub fn forward(&mut self, input: &[f64], spec: &mut [Complex64]) {
        let (nx, ny, nc) = (self.nx, self.ny, self.nc);
        assert_eq!(input.len(), nx * ny, "PeriodicFft2::forward: input size");
        assert_eq!(spec.len(), nc * ny, "PeriodicFft2::forward: spectrum size");
        self.r2c_rows(|iy, row| row.copy_from_slice(&input[iy * nx..(iy + 1) * nx]));
        transpose(&self.rows, spec, ny, nc);
        self.col_fwd.process_with_scratch(spec, &mut self.scratch);
    }

    /// Unnormalised inverse transform of `spec` (destroyed) into `out` (nx·ny reals). The
    /// spectrum is taken as Hermitian: the imaginary parts that must vanish for a real field
    /// (k_x = 0 and, for even nx, k_x = nx/2 after the column transform) are dropped.
    ///
    /// # Panics
    ///
    /// If `out` does not hold nx·ny values or `spec` `spectrum_len()` values.
    pub fn inverse(&mut self, spec: &mut [Complex64], out: &mut [f64]) {
        let nx = self.nx;
        assert_eq!(
            out.len(),
            nx * self.ny,
            "PeriodicFft2::inverse: output size"
        );
        self.inverse_rows(spec, |iy, row| {
            out[iy * nx..(iy + 1) * nx].copy_from_slice(row)
        });
    }
}

impl PeriodicFft2 {
    /// Like [`PeriodicFft2::inverse`], handing each output row (nx reals) to `on_row(iy, row)`
    /// while it is in cache instead of storing the field.
    ///
    /// # Panics
    ///
    /// If `spec` does not hold `spectrum_len()` values.
    pub fn inverse_rows(&mut self, spec: &mut [Complex64], on_row: impl FnMut(usize, &[f64])) {
        let (ny, nc) = (self.ny, self.nc);
        assert_eq!(
            spec.len(),
            nc * ny,
            "PeriodicFft2::inverse_rows: spectrum size"
        );
        self.col_inv.process_with_scratch(spec, &mut self.scratch);
        transpose(spec, &mut self.rows, nc, ny);
        self.c2r_rows(on_row);
    }

    /// The row-wise r2c pass of a forward transform: `fill_row(iy, row)` writes input row iy
    /// (nx reals), whose half spectrum lands in row iy of `self.rows`.
    pub(super) fn r2c_rows(&mut self, mut fill_row: impl FnMut(usize, &mut [f64])) {
        let (ny, nc) = (self.ny, self.nc);
        for iy in 0..ny {
            fill_row(iy, &mut self.row_in);
            self.r2c
                .process_with_scratch(
                    &mut self.row_in,
                    &mut self.rows[iy * nc..(iy + 1) * nc],
                    &mut self.scratch,
                )
                .expect("r2c buffer sizes are fixed at planning");
        }
    }

    /// The row-wise c2r pass of an inverse: each half-spectrum row of `self.rows` (Hermitian
    /// imaginary parts of the DC and Nyquist bins zeroed) to nx reals, handed to
    /// `on_row(iy, row)`.
    pub(super) fn c2r_rows(&mut self, mut on_row: impl FnMut(usize, &[f64])) {
        let (nx, ny, nc) = (self.nx, self.ny, self.nc);
        for iy in 0..ny {
            let row = &mut self.rows[iy * nc..(iy + 1) * nc];
            row[0].im = 0.0;
            if nx % 2 == 0 {
                row[nc - 1].im = 0.0;
            }
            self.c2r
                .process_with_scratch(row, &mut self.row_in, &mut self.scratch)
                .expect("c2r buffer sizes fixed at planning, Hermitian entries zeroed");
            on_row(iy, &self.row_in);
        }
    }
}

/// `dst (cols × rows) = srcᵀ` for a row-major `src` of `rows × cols`, in cache tiles.
fn transpose(src: &[Complex64], dst: &mut [Complex64], rows: usize, cols: usize) {
    for r0 in (0..rows).step_by(TRANSPOSE_BLOCK) {
        let r1 = (r0 + TRANSPOSE_BLOCK).min(rows);
        for c0 in (0..cols).step_by(TRANSPOSE_BLOCK) {
            for c in c0..(c0 + TRANSPOSE_BLOCK).min(cols) {
                let out = &mut dst[c * rows + r0..c * rows + r1];
                for (k, x) in out.iter_mut().enumerate() {
                    *x = src[(r0 + k) * cols + c];
                }
            }
        }
    }
}

/// The periodic elastic half-space operator u = K t with û = 2/(E*|q|)·t̂ and û(0) = 0.
#[derive(Debug)]
pub struct HalfSpaceKernel {
    fft: PeriodicFft2,
    /// 2/(E*|q|)/(nx·ny) per half-spectrum entry (normalisation folded in) \[m/Pa\].
    weights: Vec<f64>,
    /// E*|q|/2/(nx·ny), the inverse operator with the normalisation folded in (0 at q = 0)
    /// \[Pa/m\]: the FFT preconditioner of the conjugate gradient.
    inverse_weights: Vec<f64>,
    spec: Vec<Complex64>,
}

impl HalfSpaceKernel {
    /// Kernel of an `nx × ny` grid of periods `lx × ly` \[m\], effective modulus `e_star` \[Pa\].
    pub fn new(nx: usize, ny: usize, lx: f64, ly: f64, e_star: f64) -> Self {
        let fft = PeriodicFft2::new(nx, ny);
        let nc = nx / 2 + 1;
        let norm = (nx * ny) as f64;
        let mut weights = vec![0.0; nc * ny];
        for kx in 0..nc {
            let qx = kx as f64 / lx;
            for ky in 0..ny {
                let qy = mode(ky, ny) / ly;
                let q = std::f64::consts::TAU * (qx * qx + qy * qy).sqrt();
                weights[kx * ny + ky] = if q > 0.0 {
                    2.0 / (e_star * q) / norm
                } else {
                    0.0
                };
            }
        }
        let inverse_weights = weights
            .iter()
            .map(|&w| {
                if w > 0.0 {
                    1.0 / (w * norm * norm)
                } else {
                    0.0
                }
            })
            .collect();
        let spec = vec![Complex64::new(0.0, 0.0); fft.spectrum_len()];
        Self {
            fft,
            weights,
            inverse_weights,
            spec,
        }
    }

    /// Self-influence K_ii \[m/Pa\]: displacement of a pixel under a unit traction on itself
    /// (by applying the kernel to an impulse).
    pub fn self_influence(&mut self) -> f64 {
        let n = self.len();
        let mut t = vec![0.0; n];
        t[0] = 1.0;
        let mut u = vec![0.0; n];
        self.apply(&t, &mut u);
        u[0]
    }

    /// Number of grid points.
    pub fn len(&self) -> usize {
        self.fft.nx() * self.fft.ny()
    }

    /// Always false (grids are non-empty).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// u = K t: zero-mean surface displacement \[m\] of the traction `t` \[Pa\].
    pub fn apply(&mut self, t: &[f64], u: &mut [f64]) {
        self.fft.forward(t, &mut self.spec);
        for (s, w) in self.spec.iter_mut().zip(&self.weights) {
            *s *= *w;
        }
        self.fft.inverse(&mut self.spec, u);
    }

    /// u = K x like [`HalfSpaceKernel::apply`], also returning the quadratic form
    /// xᵀK x = Σ_i x_i u_i \[m·Pa\] (see [`HalfSpaceKernel::load_with_energy`]).
    pub fn apply_with_energy(&mut self, x: &[f64], u: &mut [f64]) -> f64 {
        let energy = self.load_with_energy(x);
        self.fft.inverse(&mut self.spec, u);
        energy
    }

    /// First half of u = K x: transforms `x` and multiplies by the kernel, keeping the product
    /// for [`HalfSpaceKernel::displacement_rows`]; returns xᵀK x \[m·Pa\] by Parseval (no
    /// extra pass): xᵀK x = (1/N) Σ_k 2/(E*|q_k|)·|x̂_k|², each stored half-spectrum column k_x
    /// counted twice except k_x = 0 and (even n_x) k_x = n_x/2, their own conjugates.
    pub fn load_with_energy(&mut self, x: &[f64]) -> f64 {
        self.fft.forward(x, &mut self.spec);
        let (nx, ny) = (self.fft.nx(), self.fft.ny());
        let mut energy = 0.0;
        for (kx, (col, wcol)) in self
            .spec
            .chunks_exact_mut(ny)
            .zip(self.weights.chunks_exact(ny))
            .enumerate()
        {
            let mut e = 0.0;
            for (s, w) in col.iter_mut().zip(wcol) {
                e += *w * s.norm_sqr();
                *s *= *w;
            }
            let self_conjugate = kx == 0 || 2 * kx == nx;
            energy += if self_conjugate { e } else { 2.0 * e };
        }
        energy
    }

    /// Second half of u = K x after [`HalfSpaceKernel::load_with_energy`]: hands each row of u
    /// \[m\] to `on_row(iy, row)` while it is in cache (fuses the caller's pass over u into the
    /// inverse transform).
    pub fn displacement_rows(&mut self, on_row: impl FnMut(usize, &[f64])) {
        self.fft.inverse_rows(&mut self.spec, on_row);
    }

    /// u = K x in one sweep of the spectrum ([`PeriodicFft2::convolve_rows`]): `fill_row(iy,
    /// row)` writes row iy of x \[Pa\], `on_row(xᵀK x, iy, row)` receives row iy of u \[m\];
    /// returns
    /// xᵀK x \[m·Pa\] by Parseval. Same values as [`HalfSpaceKernel::apply_with_energy`].
    pub fn apply_fused(
        &mut self,
        fill_row: impl FnMut(usize, &mut [f64]),
        on_row: impl FnMut(f64, usize, &[f64]),
    ) -> f64 {
        self.fft.convolve_rows(&self.weights, fill_row, on_row)
    }

    /// x = K⁺ u: the pseudo-inverse of the kernel, x̂ = E*|q|/2 · û (x̂(0) = 0), the traction
    /// \[Pa\] whose zero-mean displacement is `u` \[m\]. One FFT pair.
    pub fn apply_inverse(&mut self, u: &[f64], x: &mut [f64]) {
        self.fft.forward(u, &mut self.spec);
        for (s, w) in self.spec.iter_mut().zip(&self.inverse_weights) {
            *s *= *w;
        }
        self.fft.inverse(&mut self.spec, x);
    }

    /// One forward + inverse transform without the kernel product (the bench's reference
    /// cost of a conjugate-gradient iteration).
    pub fn fft_round_trip(&mut self, input: &[f64], out: &mut [f64]) {
        self.fft.forward(input, &mut self.spec);
        self.fft.inverse(&mut self.spec, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::TAU;

    /// Single-mode products in f64 through two FFTs of ≤ 64² points.
    const TOL: f64 = 1e-12;

    #[test]
    fn round_trip_is_identity_times_n() {
        for &(nx, ny) in &[(16usize, 8usize), (15, 6), (8, 1), (7, 5)] {
            let mut fft = PeriodicFft2::new(nx, ny);
            let x: Vec<f64> = (0..nx * ny).map(|i| ((i * 37) % 11) as f64 - 5.0).collect();
            let mut spec = vec![Complex64::new(0.0, 0.0); fft.spectrum_len()];
            let mut y = vec![0.0; nx * ny];
            fft.forward(&x, &mut spec);
            fft.inverse(&mut spec, &mut y);
            for (a, b) in x.iter().zip(&y) {
                assert!((a - b / (nx * ny) as f64).abs() < TOL * 10.0, "{nx}×{ny}");
            }
        }
    }

    #[test]
    fn parseval_energy_equals_direct_quadratic_form() {
        for &(nx, ny) in &[(16usize, 8usize), (15, 6), (7, 5)] {
            let mut kern = HalfSpaceKernel::new(nx, ny, 1e-4, 2e-4, 55e9);
            let x: Vec<f64> = (0..nx * ny).map(|i| ((i * 37) % 11) as f64 - 3.0).collect();
            let mut u = vec![0.0; nx * ny];
            let energy = kern.apply_with_energy(&x, &mut u);
            let direct: f64 = x.iter().zip(&u).map(|(a, b)| a * b).sum();
            assert!(
                (energy / direct - 1.0).abs() < 1e-12,
                "{nx}×{ny}: {energy} vs {direct}"
            );
            // The row-wise inverse gives the same field.
            kern.load_with_energy(&x);
            let mut rows = vec![0.0; nx * ny];
            kern.displacement_rows(|iy, row| rows[iy * nx..(iy + 1) * nx].copy_from_slice(row));
            assert_eq!(rows, u);
        }
    }

    #[test]
    fn inverse_undoes_the_kernel_on_zero_mean_fields() {
        let (nx, ny) = (16usize, 12usize);
        let mut kern = HalfSpaceKernel::new(nx, ny, 1e-4, 2e-4, 55e9);
        let mut t: Vec<f64> = (0..nx * ny).map(|i| ((i * 37) % 11) as f64 * 1e6).collect();
        let mean = t.iter().sum::<f64>() / t.len() as f64;
        t.iter_mut().for_each(|v| *v -= mean);
        let (mut u, mut back) = (vec![0.0; nx * ny], vec![0.0; nx * ny]);
        kern.apply(&t, &mut u);
        kern.apply_inverse(&u, &mut back);
        for (a, b) in t.iter().zip(&back) {
            assert!((a - b).abs() < TOL * 1e7, "{a} vs {b}");
        }
    }

    #[test]
    fn cosine_pressure_gives_closed_form_displacement() {
        // t = cos(2π(m x/Lx + k y/Ly)) → u = 2/(E* q) t, q = 2π√((m/Lx)² + (k/Ly)²).
        let (nx, ny, lx, ly, e) = (32usize, 16usize, 2.0e-4, 1.0e-4, 55e9);
        let (m, k) = (3.0, -2.0);
        let mut kern = HalfSpaceKernel::new(nx, ny, lx, ly, e);
        let t: Vec<f64> = (0..nx * ny)
            .map(|i| {
                let (x, y) = (
                    (i % nx) as f64 * lx / nx as f64,
                    (i / nx) as f64 * ly / ny as f64,
                );
                1e6 + (TAU * (m * x / lx + k * y / ly)).cos() * 1e6
            })
            .collect();
        let mut u = vec![0.0; nx * ny];
        kern.apply(&t, &mut u);
        let q = TAU * ((m / lx).powi(2) + (k / ly).powi(2)).sqrt();
        let amp = 2.0 / (e * q) * 1e6;
        for i in 0..nx * ny {
            let expected = (t[i] - 1e6) / 1e6 * amp;
            assert!((u[i] - expected).abs() < TOL * amp, "i = {i}");
        }
    }
}
