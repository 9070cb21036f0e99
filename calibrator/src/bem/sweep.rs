//! A pressure sweep of the FFT-BEM on one rough surface (warm-started from one pressure to
//! the next) and its analysis: κ of Eq. 8, cluster statistics and the App. E–F fits.
//!
//! The surface is the composite roughness h_def − h_tool pressed on a flat: g = −h, so contact
//! starts at its summits. Used by `tribo contact` and by `tribo calibrate`.

use serde::Serialize;

use super::kappa::{fit_kappa, fit_nucleation, summit_spacing};
use super::{BemError, Clusters, Connectivity, ContactSolver, Material, SolverOptions};
use crate::numerics::line_fit::{fit_line, fit_through_origin};
use crate::progress;
use crate::surface::{HeightMap, stats, summits};

/// One pressure of the sweep.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepPoint {
    /// Mean pressure \[Pa\].
    pub pressure: f64,
    /// A_c/A_0.
    pub area_fraction: f64,
    /// Fraction at p_crit.
    pub saturated_fraction: f64,
    /// Number of clusters N_c.
    pub clusters: usize,
    /// Mean border-to-border nearest distance d̄_c \[m\] (NaN with < 2 clusters).
    pub mean_distance: f64,
    /// Mean gap \[m\].
    pub mean_gap: f64,
    /// CG iterations.
    pub iterations: usize,
    /// Final residual.
    pub residual: f64,
}

/// Solves the contact of `map` (as the composite roughness on a flat) at each pressure, in
/// the given order, each solve warm-started from the previous one. Returns the points and the
/// traction field of the last pressure.
///
/// # Errors
///
/// [`BemError::Input`] for a non-physical material or tolerance ([`ContactSolver::new`]) or a
/// pressure that is not finite and > 0 or reaches p_crit; [`BemError::NotConverged`] when a solve
/// does not converge.
pub fn pressure_sweep(
    map: &HeightMap,
    material: Material,
    options: SolverOptions,
    pressures: &[f64],
    connectivity: Connectivity,
) -> Result<(Vec<SweepPoint>, Vec<f64>), BemError> {
    let mut solver = ContactSolver::for_map(map, material, options)?;
    let gap: Vec<f64> = map.heights().iter().map(|h| -h).collect();
    let (nx, ny) = (map.nx(), map.ny());
    let bar = progress::bar(pressures.len() as u64, "contact");
    let mut points = Vec::with_capacity(pressures.len());
    for &p in pressures {
        let r = solver.solve_warm(&gap, p)?;
        let clusters = Clusters::label(&solver.contact_mask(), nx, ny, connectivity);
        points.push(SweepPoint {
            pressure: p,
            area_fraction: r.contact_fraction,
            saturated_fraction: r.saturated_fraction,
            clusters: clusters.count(),
            mean_distance: clusters
                .mean_nearest_distance(map.dx(), map.dy())
                .unwrap_or(f64::NAN),
            mean_gap: r.mean_gap,
            iterations: r.iterations,
            residual: r.residual,
        });
        bar.inc(1);
    }
    crate::progress::finish(&bar);
    Ok((points, solver.traction().to_vec()))
}

/// What a sweep says about the surface (seed 000 Eq. 8, §6.3, App. D–F).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContactAnalysis {
    /// Spectral RMS slope h'_rms of the composite surface \[-\].
    pub slope_spectral: f64,
    /// Finite-difference RMS slope \[-\].
    pub slope_fd: f64,
    /// Summits N_s of the initial gap.
    pub summits: usize,
    /// d̄ = L/√N_s \[m\].
    pub summit_spacing: f64,
    /// κ with the spectral slope over p/E* ≤ the fit limit (None if no point qualifies).
    pub kappa: Option<f64>,
    /// κ with the finite-difference slope.
    pub kappa_fd: Option<f64>,
    /// R² of the κ fit (A_c/A_0 through the origin in p/E*).
    pub kappa_r2: Option<f64>,
    /// d̄_c = C/√p (App. E), C \[m·Pa^½\].
    pub nucleation_c: Option<f64>,
    /// d̄_c/d̄ = a_n·(p/E*)^(−1/2) (App. E), a_n \[-\].
    pub nucleation_a: Option<f64>,
    /// d̄_c/d̄ = a_g − c_g·(p/E*)^(1/2) over the upper half of the pressures (App. F), with
    /// c_g clamped at 0 when the data show no growth phase.
    pub growth: Option<[f64; 2]>,
    /// Slope of N_c/N_s against p/E* through the origin (nucleation: N_c ∝ p).
    pub nc_over_ns_slope: Option<f64>,
    /// Largest share of the contact area at p_crit among the κ-fit points: near 1, Eq. 8's
    /// elastic κ is not what this (plastic) sweep measures.
    pub saturated_share: f64,
}

/// Analyses a sweep on `map` with modulus `e_star`; κ is fitted on p/E* ≤ `kappa_max_p_over_e`.
pub fn analyze(
    map: &HeightMap,
    e_star: f64,
    points: &[SweepPoint],
    kappa_max_p_over_e: f64,
) -> ContactAnalysis {
    let n_s = summits(map).len();
    let length = (map.lx() * map.ly()).sqrt();
    let d_bar = summit_spacing(length, n_s.max(1));
    let slope_spectral = stats::rms_slope_spectral(map);
    let slope_fd = stats::rms_slope_fd(map);
    let p_e: Vec<f64> = points.iter().map(|p| p.pressure / e_star).collect();
    let area: Vec<f64> = points.iter().map(|p| p.area_fraction).collect();
    let low: Vec<usize> = (0..points.len())
        .filter(|&i| p_e[i] <= kappa_max_p_over_e)
        .collect();
    let kappa =
        (!low.is_empty()).then(|| fit_kappa(&p_e, &area, slope_spectral, kappa_max_p_over_e));
    let kappa_fd = (!low.is_empty()).then(|| fit_kappa(&p_e, &area, slope_fd, kappa_max_p_over_e));
    let kappa_r2 = {
        let x: Vec<f64> = low.iter().map(|&i| p_e[i]).collect();
        let y: Vec<f64> = low.iter().map(|&i| area[i]).collect();
        fit_through_origin(&x, &y).ok().map(|f| f.r_squared)
    };
    let with_d: Vec<usize> = (0..points.len())
        .filter(|&i| points[i].mean_distance.is_finite())
        .collect();
    let nucleation_c = (!with_d.is_empty()).then(|| {
        let p: Vec<f64> = with_d.iter().map(|&i| points[i].pressure).collect();
        let d: Vec<f64> = with_d.iter().map(|&i| points[i].mean_distance).collect();
        fit_nucleation(&p, &d)
    });
    let nucleation_a = nucleation_c.map(|c| c / d_bar / e_star.sqrt());
    let upper = &with_d[with_d.len() / 2..];
    let growth = {
        let x: Vec<f64> = upper.iter().map(|&i| p_e[i].sqrt()).collect();
        let y: Vec<f64> = upper
            .iter()
            .map(|&i| points[i].mean_distance / d_bar)
            .collect();
        fit_line(&x, &y)
            .ok()
            .map(|f| [f.intercept, (-f.slope).max(0.0)])
    };
    let nc: Vec<f64> = points
        .iter()
        .map(|p| p.clusters as f64 / n_s.max(1) as f64)
        .collect();
    let nc_over_ns_slope = {
        let x: Vec<f64> = low.iter().map(|&i| p_e[i]).collect();
        let y: Vec<f64> = low.iter().map(|&i| nc[i]).collect();
        fit_through_origin(&x, &y).ok().map(|f| f.slope)
    };
    let saturated_share = low
        .iter()
        .filter(|&&i| area[i] > 0.0)
        .map(|&i| points[i].saturated_fraction / area[i])
        .fold(0.0, f64::max);
    ContactAnalysis {
        slope_spectral,
        slope_fd,
        summits: n_s,
        summit_spacing: d_bar,
        kappa,
        kappa_fd,
        kappa_r2,
        nucleation_c,
        nucleation_a,
        growth,
        nc_over_ns_slope,
        saturated_share,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surface::self_affine::test_surface;

    /// Literature band of Eq. 8 for self-affine surfaces (1.6–2.6, issue 3) widened upwards
    /// for a 64² grid, which overestimates κ by ~15 % (refinement study: 2.47 at 64², 2.1
    /// converged).
    const KAPPA_64_BAND: std::ops::RangeInclusive<f64> = 1.6..=2.9;

    /// Eq. 8 is linear at p/E* ≤ 0.02: a through-origin fit of three such points explains
    /// well over 90 % of the variance.
    const MIN_LINEAR_R2: f64 = 0.9;

    #[test]
    fn elastic_sweep_gives_kappa_in_band_and_consistent_analysis() {
        let map = test_surface(0.8, [1.0, 2.0, 16.0], 64, 100e-6, 1.0e-6, (3, 0));
        let e = 55e9;
        let ps: Vec<f64> = [0.002, 0.004, 0.008].iter().map(|x| x * e).collect();
        let opts = SolverOptions {
            tolerance: 1e-8,
            ..SolverOptions::default()
        };
        let (pts, last) =
            pressure_sweep(&map, Material::elastic(e), opts, &ps, Connectivity::Four).unwrap();
        assert_eq!(pts.len(), 3);
        assert_eq!(last.len(), 64 * 64);
        let a = analyze(&map, e, &pts, 0.02);
        let k = a.kappa.unwrap();
        assert!(KAPPA_64_BAND.contains(&k), "kappa = {k}");
        assert!(a.kappa_r2.unwrap() > MIN_LINEAR_R2);
        assert!(
            a.saturated_share == 0.0,
            "elastic sweep has no saturated points"
        );
        assert!(a.summits > 0 && a.summit_spacing > 0.0);
    }
}
