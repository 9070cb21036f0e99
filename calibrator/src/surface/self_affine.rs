//! Periodic self-affine surfaces from an isotropic power-law PSD (seed 000 §6.1, after the
//! spectral method of its Ref. \[48\] as implemented in Tamaas).
//!
//! Wavenumbers are mode numbers, in units of 2π/L. The isotropic PSD is
//!
//! ```text
//! C(q) = 0                  q < k_l  (longer than the long-wavelength cutoff)
//!        C0 · k_r^(−2(1+H)) k_l ≤ q < k_r  (roll-off plateau)
//!        C0 · q^(−2(1+H))   k_r ≤ q ≤ k_s  (self-affine range, Hurst exponent H)
//!        0                  q > k_s  (shorter than the short-wavelength cutoff)
//! ```
//!
//! Each Fourier mode gets a complex Gaussian amplitude of variance C(q); the height map is the
//! real part of the inverse FFT, with zero mean, then rescaled to a target RMS height or RMS
//! slope. The real part of a random complex field has the PSD (C(q) + C(−q))/2 = C(q), so the
//! spectrum shape is exact in expectation.
//!
//! **Mode order** ([`ModeOrder`]): the Gaussian amplitudes are drawn either in the grid's own
//! order (every n² slot, [`ModeOrder::Grid`], the calibrator's order since its first table) or
//! in a fixed order over the integer wavevectors |k_x|, |k_y| ≤ ⌊k_s⌋ that does not depend on n
//! ([`ModeOrder::Nested`]). Under `Nested` the same seed gives the **same continuous surface**
//! at every grid with k_s < n/2 — a band-limited trigonometric polynomial — and a finer grid
//! only samples it more densely: the 2n grid at even indices equals the n grid (test). Its RMS
//! height and spectral slope are grid-independent too (Parseval above Nyquist), so the rescale
//! factor is the same. That is what a grid-convergence study needs (issue 42: the cut-offs are
//! held fixed in metres and only the sampling changes); under `Grid` a new n draws a new
//! realisation and a grid level differs from its reference by the realisation as well.

use rand::Rng;
use rand_distr::StandardNormal;
use rustfft::FftPlanner;
use rustfft::num_complex::Complex64;

use crate::numerics::fft_grid::mode;

use super::height_map::{HeightMap, SurfaceError};
use super::stats;

/// The order in which the modes' Gaussian amplitudes are drawn (module doc).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModeOrder {
    /// Every slot of the n × n spectrum in row-major order: a new realisation per grid.
    #[default]
    Grid,
    /// The integer wavevectors of the band's square |k_x|, |k_y| ≤ ⌊k_s⌋ in a grid-independent
    /// order: one continuous surface, sampled at any n > 2 k_s.
    Nested,
}

/// How the RMS slope h'_rms is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlopeDefinition {
    /// From the spectrum: h'²_rms = Σ_q |q|²·|ĥ_q|² (exact derivative of the Fourier series).
    Spectral,
    /// From forward differences on the grid: mean of ((h_{i+1,j}−h_{ij})/δx)² +
    /// ((h_{i,j+1}−h_{ij})/δy)². Smaller than the spectral value near the grid cutoff.
    FiniteDifference,
}

/// Target of the rescaling after generation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rescale {
    /// Keep the raw amplitude (C0 = 1 m⁴ in mode units; only useful for shape tests).
    None,
    /// RMS height \[m\] (seed 000: aluminium 1.40 µm, tool 0.60 µm).
    RmsHeight(f64),
    /// RMS slope \[-\] (seed 000: aluminium 0.34) with its definition.
    RmsSlope(f64, SlopeDefinition),
}

/// Spectrum parameters of a self-affine surface.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelfAffine {
    /// Hurst exponent H, 0 < H < 1 (seed 000: 0.8).
    pub hurst: f64,
    /// Long-wavelength cutoff k_l \[2π/L\].
    pub k_l: f64,
    /// Roll-off k_r \[2π/L\], k_l ≤ k_r.
    pub k_r: f64,
    /// Short-wavelength cutoff k_s \[2π/L\], k_r ≤ k_s ≤ n/2.
    pub k_s: f64,
}

impl SelfAffine {
    /// Checks 0 < H < 1 and 0 < k_l ≤ k_r ≤ k_s ≤ n/2 for an n×n grid.
    ///
    /// # Errors
    ///
    /// [`SurfaceError::Parameters`] naming the broken relation: H outside (0, 1), or not 0 < k_l ≤
    /// k_r ≤ k_s ≤ n/2.
    pub fn validate(&self, n: usize) -> Result<(), SurfaceError> {
        let fail = |m: String| Err(SurfaceError::Parameters(m));
        if !(self.hurst > 0.0 && self.hurst < 1.0) {
            return fail(format!(
                "Hurst exponent must be in (0, 1), got {}",
                self.hurst
            ));
        }
        if !(self.k_l > 0.0 && self.k_l <= self.k_r && self.k_r <= self.k_s) {
            return fail(format!(
                "need 0 < k_l ≤ k_r ≤ k_s, got k_l = {}, k_r = {}, k_s = {}",
                self.k_l, self.k_r, self.k_s
            ));
        }
        if self.k_s > n as f64 / 2.0 {
            return fail(format!(
                "k_s = {} exceeds the Nyquist mode n/2 = {} of the grid",
                self.k_s,
                n / 2
            ));
        }
        Ok(())
    }

    /// Isotropic PSD C(q) at mode number `q`, with C0 = 1.
    pub fn psd(&self, q: f64) -> f64 {
        let expo = -2.0 * (1.0 + self.hurst);
        if q < self.k_l || q > self.k_s {
            0.0
        } else if q < self.k_r {
            self.k_r.powf(expo)
        } else {
            q.powf(expo)
        }
    }

    /// Generates an `n × n` periodic surface of side `length` \[m\], rescaled as asked.
    ///
    /// # Errors
    ///
    /// [`SurfaceError::Parameters`] for n < 4, a `length` not finite and > 0, spectrum parameters
    /// outside [`validate`](Self::validate)'s relations, a rescale target not finite and > 0, or a
    /// flat surface (empty spectrum band).
    pub fn generate<R: Rng + ?Sized>(
        &self,
        n: usize,
        length: f64,
        rescale: Rescale,
        rng: &mut R,
    ) -> Result<HeightMap, SurfaceError> {
        self.generate_ordered(n, length, rescale, ModeOrder::Grid, rng)
    }

    /// [`Self::generate`] with the amplitudes drawn in `order` (module doc).
    ///
    /// # Errors
    ///
    /// Those of [`Self::generate`].
    pub fn generate_ordered<R: Rng + ?Sized>(
        &self,
        n: usize,
        length: f64,
        rescale: Rescale,
        order: ModeOrder,
        rng: &mut R,
    ) -> Result<HeightMap, SurfaceError> {
        if n < 4 || !(length.is_finite() && length > 0.0) {
            return Err(SurfaceError::Parameters(format!(
                "need n ≥ 4 and length > 0, got n = {n}, length = {length}"
            )));
        }
        self.validate(n)?;
        let mut spec = vec![Complex64::new(0.0, 0.0); n * n];
        let mut amplitude = |kx: f64, ky: f64| {
            let a = self.psd((kx * kx + ky * ky).sqrt()).sqrt();
            let (g1, g2): (f64, f64) = (rng.sample(StandardNormal), rng.sample(StandardNormal));
            Complex64::new(a * g1, a * g2) * std::f64::consts::FRAC_1_SQRT_2
        };
        match order {
            ModeOrder::Grid => {
                for iy in 0..n {
                    let ky = mode(iy, n);
                    for ix in 0..n {
                        spec[iy * n + ix] = amplitude(mode(ix, n), ky);
                    }
                }
            }
            ModeOrder::Nested => {
                // validate(n) gave k_s ≤ n/2, so every wavevector of the square has its own slot
                // but at k_s = n/2, where k and k − n share one (the last draw holds it: that
                // grid is the only one not nested with the finer ones).
                let kmax = self.k_s.floor() as i64;
                let slot = |k: i64| k.rem_euclid(n as i64) as usize;
                for ky in -kmax..=kmax {
                    for kx in -kmax..=kmax {
                        spec[slot(ky) * n + slot(kx)] = amplitude(kx as f64, ky as f64);
                    }
                }
            }
        }
        spec[0] = Complex64::new(0.0, 0.0);
        inverse_fft2(&mut spec, n);
        let dx = length / n as f64;
        let h: Vec<f64> = spec.iter().map(|c| c.re).collect();
        let mut map = HeightMap::new(n, n, dx, dx, h)?;
        map.remove_mean();
        let current = match rescale {
            Rescale::None => return Ok(map),
            Rescale::RmsHeight(_) => stats::rms_height(&map),
            Rescale::RmsSlope(_, SlopeDefinition::Spectral) => stats::rms_slope_spectral(&map),
            Rescale::RmsSlope(_, SlopeDefinition::FiniteDifference) => stats::rms_slope_fd(&map),
        };
        let target = match rescale {
            Rescale::RmsHeight(t) | Rescale::RmsSlope(t, _) => t,
            Rescale::None => unreachable!(),
        };
        if !(target.is_finite() && target > 0.0) {
            return Err(SurfaceError::Parameters(format!(
                "rescale target must be > 0, got {target}"
            )));
        }
        if current <= 0.0 {
            return Err(SurfaceError::Parameters(
                "generated surface is flat (empty spectrum band)".into(),
            ));
        }
        map.scale(target / current);
        Ok(map)
    }
}

/// In-place 2-D inverse FFT (unnormalised) of a row-major `n × n` buffer.
fn inverse_fft2(buf: &mut [Complex64], n: usize) {
    let fft = FftPlanner::new().plan_fft_inverse(n);
    fft.process(buf);
    transpose(buf, n);
    fft.process(buf);
    transpose(buf, n);
}

fn transpose(buf: &mut [Complex64], n: usize) {
    for i in 0..n {
        for j in i + 1..n {
            buf.swap(i * n + j, j * n + i);
        }
    }
}

/// Test fixture shared by the BEM, PSD and measured-map tests: an `n × n` map of side `length`
/// \[m\] with Hurst exponent `hurst` over the band `[k_l, k_r, k_s]` (wavenumbers in units of
/// 2π/length), RMS height `rms` \[m\], drawn from `stream_rng(seed, stream)`.
///
/// # Panics
///
/// When the spectrum is invalid for `n` (a test's own set-up error).
#[cfg(test)]
pub(crate) fn test_surface(
    hurst: f64,
    [k_l, k_r, k_s]: [f64; 3],
    n: usize,
    length: f64,
    rms: f64,
    (seed, stream): (u64, u64),
) -> HeightMap {
    let spec = SelfAffine {
        hurst,
        k_l,
        k_r,
        k_s,
    };
    spec.generate(
        n,
        length,
        Rescale::RmsHeight(rms),
        &mut crate::rng::stream_rng(seed, stream),
    )
    .expect("the test's spectrum is valid for its grid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream_rng;

    /// Rescaling is one multiplication: exact up to a few ulps of the statistic.
    const RESCALE_TOL: f64 = 1e-12;

    fn spec() -> SelfAffine {
        SelfAffine {
            hurst: 0.8,
            k_l: 1.0,
            k_r: 2.0,
            k_s: 32.0,
        }
    }

    #[test]
    fn rescaling_is_exact_for_each_definition() {
        let mut rng = stream_rng(1, 0);
        for (rescale, stat) in [
            (
                Rescale::RmsHeight(1.4e-6),
                stats::rms_height as fn(&HeightMap) -> f64,
            ),
            (
                Rescale::RmsSlope(0.34, SlopeDefinition::Spectral),
                stats::rms_slope_spectral,
            ),
            (
                Rescale::RmsSlope(0.34, SlopeDefinition::FiniteDifference),
                stats::rms_slope_fd,
            ),
        ] {
            let m = spec().generate(64, 100e-6, rescale, &mut rng).unwrap();
            let (Rescale::RmsHeight(t) | Rescale::RmsSlope(t, _)) = rescale else {
                unreachable!()
            };
            assert!((stat(&m) / t - 1.0).abs() < RESCALE_TOL);
            assert!(m.mean().abs() < 1e-12 * t.max(1e-6));
        }
    }

    #[test]
    fn same_seed_same_surface() {
        let a = spec()
            .generate(64, 1.0, Rescale::RmsHeight(1.0), &mut stream_rng(5, 1))
            .unwrap();
        let b = spec()
            .generate(64, 1.0, Rescale::RmsHeight(1.0), &mut stream_rng(5, 1))
            .unwrap();
        let c = spec()
            .generate(64, 1.0, Rescale::RmsHeight(1.0), &mut stream_rng(6, 1))
            .unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn rejects_bad_parameters() {
        let mut rng = stream_rng(0, 0);
        let bad = SelfAffine {
            k_s: 40.0,
            ..spec()
        };
        assert!(bad.generate(64, 1.0, Rescale::None, &mut rng).is_err());
        let bad = SelfAffine {
            hurst: 1.2,
            ..spec()
        };
        assert!(bad.generate(64, 1.0, Rescale::None, &mut rng).is_err());
        assert!(
            spec()
                .generate(64, 1.0, Rescale::RmsHeight(-1.0), &mut rng)
                .is_err()
        );
    }

    /// Under [`ModeOrder::Nested`] one seed is one continuous surface: the 128² map at even
    /// indices is the 64² map (same band, k_s = 16 ≤ 32), to round-off — and under the grid
    /// order it is not (a new realisation).
    #[test]
    fn nested_mode_order_samples_one_surface_at_every_grid() {
        let spec = SelfAffine {
            hurst: 0.8,
            k_l: 1.0,
            k_r: 2.0,
            k_s: 16.0,
        };
        let make = |n: usize, order: ModeOrder| {
            spec.generate_ordered(
                n,
                100e-6,
                Rescale::RmsHeight(1.4e-6),
                order,
                &mut stream_rng(11, 0),
            )
            .unwrap()
        };
        let max_diff = |order: ModeOrder| {
            let (coarse, fine) = (make(64, order), make(128, order));
            let mut worst: f64 = 0.0;
            for j in 0..64 {
                for i in 0..64 {
                    let d = coarse.heights()[j * 64 + i] - fine.heights()[2 * j * 128 + 2 * i];
                    worst = worst.max(d.abs());
                }
            }
            worst
        };
        const ROUND_OFF: f64 = 1e-12 * 1.4e-6; // FFTs of 64² and 128² in f64
        assert!(
            max_diff(ModeOrder::Nested) <= ROUND_OFF,
            "{}",
            max_diff(ModeOrder::Nested)
        );
        // Two independent realisations differ somewhere by about their RMS height: a tenth
        // of it is far above round-off and far below what a new realisation gives.
        const NEW_REALISATION: f64 = 0.1 * 1.4e-6;
        assert!(max_diff(ModeOrder::Grid) > NEW_REALISATION);
    }
}
