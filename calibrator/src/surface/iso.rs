//! Areal texture parameters of a measured map as ISO 25178-2 defines them (§4.1.4 Sq, §4.3.2
//! Sdq), computed on the file's own points — the numbers surfalize, SurfaceTopography or
//! MountainsMap give for the same file — for `surfaces.csv`, next to the statistics of the map
//! after conditioning ([`super::conditioning`]).
//!
//! - Sq = √(1/A ∬ z² dA) about the least-squares mean plane (the F-operation of ISO 25178-2
//!   §3.1.5 removes the plane first; no S- or L-filter: the file as delivered).
//! - Sdq = √(1/A ∬ [(∂z/∂x)² + (∂z/∂y)²] dA), the gradients as first differences between
//!   neighbouring points of the (non-periodic) map: (z_{i+1,j} − z_{ij})/Δx over the nx − 1
//!   pairs of each row, likewise in y. No wrap-around: a measured map is not periodic.

use super::height_map::HeightMap;
use super::stats::level;

/// ISO 25178-2 Sq and Sdq of a map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsoParameters {
    /// Root-mean-square height Sq about the mean plane \[m\].
    pub sq: f64,
    /// Root-mean-square gradient Sdq \[-\].
    pub sdq: f64,
}

/// Sq and Sdq of `map` as delivered (levelled by its least-squares plane).
pub fn iso_parameters(map: &HeightMap) -> IsoParameters {
    let levelled = level(map);
    IsoParameters {
        sq: rms(levelled.heights()),
        sdq: sdq(&levelled),
    }
}

fn rms(h: &[f64]) -> f64 {
    let n = h.len() as f64;
    let mean = h.iter().sum::<f64>() / n;
    (h.iter().map(|z| (z - mean) * (z - mean)).sum::<f64>() / n).sqrt()
}

/// Sdq from first differences without wrap-around (module docs); 0 for a one-pixel map.
pub fn sdq(map: &HeightMap) -> f64 {
    let (nx, ny) = (map.nx(), map.ny());
    let h = map.heights();
    let (mut sx, mut cx, mut sy, mut cy) = (0.0, 0usize, 0.0, 0usize);
    for j in 0..ny {
        for i in 0..nx {
            let z = h[j * nx + i];
            if i + 1 < nx {
                let g = (h[j * nx + i + 1] - z) / map.dx();
                sx += g * g;
                cx += 1;
            }
            if j + 1 < ny {
                let g = (h[(j + 1) * nx + i] - z) / map.dy();
                sy += g * g;
                cy += 1;
            }
        }
    }
    let mean = |s: f64, c: usize| if c > 0 { s / c as f64 } else { 0.0 };
    (mean(sx, cx) + mean(sy, cy)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums of ~10⁴ terms in f64.
    const TOL: f64 = 1e-12;

    #[test]
    fn a_tilted_plane_has_no_roughness_and_a_ramp_has_its_slope() {
        // The plane is the F-operation's: Sq = Sdq = 0 after it.
        let plane = HeightMap::from_fn(30, 20, 1e-6, 2e-6, |x, y| 1e-6 + 0.03 * x - 0.01 * y);
        let p = iso_parameters(&plane);
        assert!(p.sq < 1e-18 && p.sdq < TOL, "{p:?}");
        // z = a·cos(2πx/λ) sampled finely over whole periods (no plane to remove):
        // Sdq → a·2π/λ/√2, Sq → a/√2.
        let (a, lambda, n) = (1e-6, 40e-6, 400);
        let d = 4.0 * lambda / n as f64;
        let s = HeightMap::from_fn(n, 8, d, d, |x, _| {
            a * (std::f64::consts::TAU * x / lambda).cos()
        });
        let p = iso_parameters(&s);
        // The least-squares plane of a finite cosine sample is not exactly zero (sample
        // offsets of half a pixel), and removing it takes a part of 10⁻⁴ or less of Sq; the
        // first differences add sinc(π/100) ≈ 1 − 1.6e-4 to Sdq (below). Bound: ten times that.
        const SAMPLED_COSINE_REL: f64 = 2e-3;
        assert!(
            (p.sq / (a / 2f64.sqrt()) - 1.0).abs() < SAMPLED_COSINE_REL,
            "Sq {}",
            p.sq
        );
        let slope = a * std::f64::consts::TAU / lambda / 2f64.sqrt();
        // First differences over 100 points per period: sinc(π/100) ≈ 1 − 1.6e-4.
        assert!(
            (p.sdq / slope - 1.0).abs() < SAMPLED_COSINE_REL,
            "Sdq {} vs {slope}",
            p.sdq
        );
    }
}
