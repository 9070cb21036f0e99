//! A real-spectrum multiplier applied in one sweep of the half spectrum (the kernel application
//! of the conjugate gradient).
//!
//! [`PeriodicFft2::forward`] followed by [`PeriodicFft2::inverse`] walks the half spectrum
//! (nx/2 + 1)·ny complex values through memory six times: the transpose after the row r2c, the
//! forward column FFTs, the caller's product, the inverse column FFTs and the transpose back.
//! [`PeriodicFft2::convolve_rows`] keeps the row-major layout of the row transforms and treats
//! the columns in blocks of [`COLUMN_BLOCK`]: a block is gathered (transposed) into a small
//! buffer that stays in L1, transformed forward, multiplied, transformed back and scattered,
//! so the spectrum crosses memory once each way. The arithmetic is exactly that of the
//! forward + multiply + inverse sequence (same plans, same order of operations per column).
//! The rows are produced by the caller (`fill_row`) and handed back (`on_row`) while in cache,
//! so the caller's passes before and after the transform need no separate sweep over the
//! input and output fields either.
//!
//! Measured (bench `bem`, on-CPU blocks of ≥ 0.2 s, three alternated runs): the fused
//! application costs 1.00–1.10 reference FFT pairs at 256² and 512² (the gather/scatter of
//! the column blocks costs what the saved sweeps did), and a solver built on it (D's rows
//! produced in `fill_row`, the step taken in `on_row`; commit 2b0b308) measured the same per
//! iteration as on forward + inverse (256² plain 0.687 vs 0.667 ms, preconditioned 1.122 vs
//! 1.161 ms; 512² plain 2.989 vs 3.022 ms, preconditioned 5.054 vs 5.064 ms; medians). The
//! solver therefore keeps the plain transforms; this remains the bench's floor of a kernel
//! application. Branch-free (select) versions of the solver's passes measured +10 % on plain
//! solves and were not kept either.

use rustfft::num_complex::Complex64;

use super::PeriodicFft2;

/// Columns transformed together: 8 columns of 512 complex values are 64 KiB, within L2 and
/// mostly L1 for the 256² grids of the benches.
const COLUMN_BLOCK: usize = 8;

impl PeriodicFft2 {
    /// Applies the real multiplier `weights` (transposed layout `weights[kx * ny + ky]`, one
    /// value per half-spectrum entry) to the field whose rows `fill_row(iy, row)` writes, and
    /// hands each row of the unnormalised result to `on_row(iy, row)`. Returns
    /// Σ_k weights_k·|x̂_k|² over the full spectrum (each stored column k_x counted twice except
    /// k_x = 0 and, for even nx, k_x = nx/2: Parseval's quadratic form xᵀ(W x) when the
    /// weights carry the 1/(nx·ny) normalisation), which is also passed to every `on_row` call
    /// (it is complete before the first output row, so a caller can size a step with it).
    ///
    /// Equal to `forward`, the product and `inverse` up to round-off (the same plans run on
    /// the same values; the test `fused_convolution_equals_forward_product_inverse` checks it).
    ///
    /// # Panics
    ///
    /// If `weights` does not hold `spectrum_len()` = (nx/2 + 1)·ny values (a caller's sizing
    /// error).
    pub fn convolve_rows(
        &mut self,
        weights: &[f64],
        mut fill_row: impl FnMut(usize, &mut [f64]),
        mut on_row: impl FnMut(f64, usize, &[f64]),
    ) -> f64 {
        let (nx, ny, nc) = (self.nx, self.ny, self.nc);
        assert_eq!(
            weights.len(),
            nc * ny,
            "PeriodicFft2::convolve_rows: weights size"
        );
        if self.block.len() < COLUMN_BLOCK * ny {
            self.block = vec![Complex64::new(0.0, 0.0); COLUMN_BLOCK * ny];
        }
        self.r2c_rows(&mut fill_row);
        let mut energy = 0.0;
        for c0 in (0..nc).step_by(COLUMN_BLOCK) {
            let width = COLUMN_BLOCK.min(nc - c0);
            let block = &mut self.block[..width * ny];
            for iy in 0..ny {
                let src = &self.rows[iy * nc + c0..iy * nc + c0 + width];
                for (c, &v) in src.iter().enumerate() {
                    block[c * ny + iy] = v;
                }
            }
            self.col_fwd.process_with_scratch(block, &mut self.scratch);
            for (c, col) in block.chunks_exact_mut(ny).enumerate() {
                let kx = c0 + c;
                let wcol = &weights[kx * ny..(kx + 1) * ny];
                let mut e = 0.0;
                for (s, &w) in col.iter_mut().zip(wcol) {
                    e += w * s.norm_sqr();
                    *s *= w;
                }
                let self_conjugate = kx == 0 || 2 * kx == nx;
                energy += if self_conjugate { e } else { 2.0 * e };
            }
            self.col_inv.process_with_scratch(block, &mut self.scratch);
            for iy in 0..ny {
                let dst = &mut self.rows[iy * nc + c0..iy * nc + c0 + width];
                for (c, v) in dst.iter_mut().enumerate() {
                    *v = block[c * ny + iy];
                }
            }
        }
        self.c2r_rows(|iy, row| on_row(energy, iy, row));
        energy
    }
}

#[cfg(test)]
mod tests {
    use super::super::HalfSpaceKernel;

    /// Same plans on the same values in a different memory order: a few ulps of the field
    /// (relative to its maximum).
    const SAME_ARITHMETIC: f64 = 1e-13;

    #[test]
    fn fused_convolution_equals_forward_product_inverse() {
        for &(nx, ny) in &[(16usize, 8usize), (15, 6), (7, 5), (64, 40), (8, 1)] {
            let mut kern = HalfSpaceKernel::new(nx, ny, 1e-4, 2e-4, 55e9);
            let x: Vec<f64> = (0..nx * ny).map(|i| ((i * 37) % 11) as f64 - 3.0).collect();
            let mut reference = vec![0.0; nx * ny];
            let e_ref = kern.apply_with_energy(&x, &mut reference);
            let mut fused = vec![0.0; nx * ny];
            let e = kern.apply_fused(
                |iy, row| row.copy_from_slice(&x[iy * nx..(iy + 1) * nx]),
                |_, iy, row| fused[iy * nx..(iy + 1) * nx].copy_from_slice(row),
            );
            let scale = reference.iter().fold(0.0f64, |m, v| m.max(v.abs()));
            for (a, b) in fused.iter().zip(&reference) {
                assert!((a - b).abs() <= SAME_ARITHMETIC * scale, "{nx}×{ny}");
            }
            assert!((e / e_ref - 1.0).abs() <= SAME_ARITHMETIC, "{nx}×{ny}");
        }
    }
}
