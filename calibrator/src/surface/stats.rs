//! Surface statistics: RMS height and RMS slope (spectral and finite-difference).

use rustfft::FftPlanner;
use rustfft::num_complex::Complex64;

use crate::numerics::fft_grid::mode;

use super::height_map::HeightMap;

/// RMS height about the mean \[m\].
pub fn rms_height(m: &HeightMap) -> f64 {
    let mean = m.mean();
    let s: f64 = m.heights().iter().map(|h| (h - mean) * (h - mean)).sum();
    (s / m.heights().len() as f64).sqrt()
}

/// RMS slope from periodic forward differences \[-\]:
/// √⟨((h_{i+1,j}−h_{ij})/δx)² + ((h_{i,j+1}−h_{ij})/δy)²⟩.
pub fn rms_slope_fd(m: &HeightMap) -> f64 {
    let (nx, ny) = (m.nx() as isize, m.ny() as isize);
    let mut s = 0.0;
    for j in 0..ny {
        for i in 0..nx {
            let h = m.at(i, j);
            let gx = (m.at(i + 1, j) - h) / m.dx();
            let gy = (m.at(i, j + 1) - h) / m.dy();
            s += gx * gx + gy * gy;
        }
    }
    (s / (nx * ny) as f64).sqrt()
}

/// RMS slope of the Fourier series through the grid values \[-\]:
/// h'²_rms = (1/N²)·Σ_k |q_k|²·|H_k|² with H the unnormalised DFT and q_k = 2π·k/L.
pub fn rms_slope_spectral(m: &HeightMap) -> f64 {
    let (nx, ny) = (m.nx(), m.ny());
    let buf = spectrum(m);
    let (two_pi_lx, two_pi_ly) = (
        std::f64::consts::TAU / m.lx(),
        std::f64::consts::TAU / m.ly(),
    );
    let mut s = 0.0;
    for iy in 0..ny {
        let qy = mode(iy, ny) * two_pi_ly;
        for ix in 0..nx {
            let qx = mode(ix, nx) * two_pi_lx;
            s += (qx * qx + qy * qy) * buf[iy * nx + ix].norm_sqr();
        }
    }
    let n = (nx * ny) as f64;
    (s / (n * n)).sqrt()
}

/// The unnormalised 2-D DFT H_k of the heights, row-major like the map (rows of nx).
pub fn spectrum(m: &HeightMap) -> Vec<Complex64> {
    let (nx, ny) = (m.nx(), m.ny());
    let mut buf: Vec<Complex64> = m
        .heights()
        .iter()
        .map(|&h| Complex64::new(h, 0.0))
        .collect();
    fft2_in_place(&mut buf, nx, ny, rustfft::FftDirection::Forward);
    buf
}

/// The unnormalised 2D DFT of a row-major `nx × ny` grid in place, in `direction`: rows in
/// one batched call, then columns (gather, transform, scatter).
pub fn fft2_in_place(
    buf: &mut [Complex64],
    nx: usize,
    ny: usize,
    direction: rustfft::FftDirection,
) {
    let mut planner = FftPlanner::new();
    planner.plan_fft(nx, direction).process(buf);
    let fy = planner.plan_fft(ny, direction);
    let mut col = vec![Complex64::new(0.0, 0.0); ny];
    for ix in 0..nx {
        for iy in 0..ny {
            col[iy] = buf[iy * nx + ix];
        }
        fy.process(&mut col);
        for iy in 0..ny {
            buf[iy * nx + ix] = col[iy];
        }
    }
}

/// `map` with its least-squares plane a + b·x + c·y removed.
pub fn level(map: &HeightMap) -> HeightMap {
    let (nx, ny) = (map.nx(), map.ny());
    // Centred coordinates make the normal equations diagonal on a full grid.
    let xc = |i: usize| (i as f64 - (nx as f64 - 1.0) / 2.0) * map.dx();
    let yc = |j: usize| (j as f64 - (ny as f64 - 1.0) / 2.0) * map.dy();
    let (mut sxz, mut syz, mut sxx, mut syy) = (0.0, 0.0, 0.0, 0.0);
    for j in 0..ny {
        for i in 0..nx {
            let z = map.heights()[j * nx + i];
            sxz += xc(i) * z;
            syz += yc(j) * z;
            sxx += xc(i) * xc(i);
            syy += yc(j) * yc(j);
        }
    }
    let b = if sxx > 0.0 { sxz / sxx } else { 0.0 };
    let c = if syy > 0.0 { syz / syy } else { 0.0 };
    let mut out = map.clone();
    for j in 0..ny {
        for i in 0..nx {
            out.heights_mut()[j * nx + i] -= b * xc(i) + c * yc(j);
        }
    }
    out.remove_mean();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::{PI, TAU};

    /// A plane's residual after levelling: rounding of sums of ~10⁴ terms of size 1e-6.
    const PLANE_ABS: f64 = 1e-18;

    #[test]
    fn levelling_removes_a_plane_exactly() {
        let m = HeightMap::from_fn(20, 10, 1e-6, 2e-6, |x, y| 3e-6 + 0.01 * x - 0.02 * y);
        let l = level(&m);
        assert!(l.heights().iter().all(|z| z.abs() < PLANE_ABS));
    }

    /// Sums of O(N) terms of O(1) magnitude in f64.
    const TOL: f64 = 1e-10;

    #[test]
    fn sinusoid_statistics_match_closed_forms() {
        // h = A sin(2π m x / L): rms A/√2, spectral slope A·(2πm/L)/√2,
        // forward-difference slope A·(2/δx)·sin(π m/n)/√2.
        let (n, l, a, m) = (64usize, 2.0e-4, 1.0e-6, 3.0);
        let dx = l / n as f64;
        let map = HeightMap::from_fn(n, n, dx, dx, |x, _| a * (TAU * m * x / l).sin());
        assert!((rms_height(&map) / (a / 2f64.sqrt()) - 1.0).abs() < TOL);
        let spectral = a * TAU * m / l / 2f64.sqrt();
        assert!((rms_slope_spectral(&map) / spectral - 1.0).abs() < TOL);
        let fd = a * 2.0 / dx * (PI * m / n as f64).sin() / 2f64.sqrt();
        assert!((rms_slope_fd(&map) / fd - 1.0).abs() < TOL);
    }
}
