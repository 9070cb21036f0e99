//! Quasi-static incipient loading of the interface: F(X) and A(X) when the slider is displaced
//! slowly from X = 0 (seed 003 §2, Eq. 2–3, with the junction law of App. A), without the
//! slider's dynamics.
//!
//! During the incipient loading of Eq. 1 the slider moves at Ẋ ≈ v·k_L/(k_L + K) ≪ the
//! elastic wave speeds of the spring–slider system, so the spring force Q equals the interface
//! force F = Σ f_i up to M(Ẍ + ηẊ) (≈ 10⁻⁴ N for the seed's loads, see
//! [`super::slider`]), and a slipping junction never re-pins before the static peak (the slider
//! never slows below c_min·v). A(Q) up to the peak is then the parametric curve
//! (F(X), A(X)) with, for junction i,
//!
//! ```text
//! X < d_si:  f_i = k_i[A_i(f_i)]·X   (Eq. 11),   A_i = A_{0i} − α_b f_i²/A_{0i}^p   (Eq. 3)
//! X ≥ d_si:  f_i = ε·f_si,                        A_i = A_si                         (§2)
//! ```
//!
//! d_si = f_si/k_si the displacement at first slip. This is the curve the seed's Fig. 4 shows
//! up to Q_s, computed in O(N) per point, so that populations can be compared in
//! milliseconds ([`super::population`] documents the measurements). It also gives the
//! quasi-static stability of the peak: a slider pulled through k_L jumps (and can stick–slip)
//! only where the interface softens faster than the spring, dF/dX < −k_L.

use super::analysis::{SHAPE_BINS, area_shape, binned_curvature};
use super::junction::{INVERSE_TABLE_INTERVALS, InverseTable, JunctionConsts};
use super::slider::{ModelError, ModelParams};

/// One point of the quasi-static incipient loading.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuasiStaticPoint {
    /// Slider displacement X \[m\].
    pub x: f64,
    /// Interface force F = Σ f_i \[N\] (= the spring force Q quasi-statically).
    pub q: f64,
    /// Real contact area A = Σ A_i \[m²\].
    pub area: f64,
    /// Number of junctions that have never slipped.
    pub virgin: usize,
}

/// A population's junctions, sorted by their displacement at first slip d_s.
#[derive(Clone, Debug)]
pub struct QuasiStatic {
    consts: Vec<JunctionConsts>,
    /// d_si = y_si·x_ref,i \[m\], ascending.
    slip_x: Vec<f64>,
    /// Prefix sums over the sorted junctions of ε·f_si \[N\] and A_si \[m²\].
    slipped_force: Vec<f64>,
    slipped_area: Vec<f64>,
    table: InverseTable,
    area0: f64,
}

impl QuasiStatic {
    /// The junctions of initial areas `areas` \[m²\] under the constants of `params` (the
    /// slider's mass, spring, η, c_min and C_t play no role).
    ///
    /// # Errors
    ///
    /// [`ModelError::Empty`] for no junction; [`ModelError::Junction`] (with the index) for an area
    /// not finite and > 0; [`ModelError::Law`] or [`ModelError::BadParameter`] when the junction
    /// law is not physical.
    pub fn new(params: &ModelParams, areas: &[f64]) -> Result<Self, ModelError> {
        if areas.is_empty() {
            return Err(ModelError::Empty);
        }
        let mut consts = params.junction_consts(areas)?;
        consts.sort_by(|a, b| (a.y_slip * a.x_ref).total_cmp(&(b.y_slip * b.x_ref)));
        let slip_x: Vec<f64> = consts.iter().map(|c| c.y_slip * c.x_ref).collect();
        let mut slipped_force = Vec::with_capacity(consts.len() + 1);
        let mut slipped_area = Vec::with_capacity(consts.len() + 1);
        let (mut sf, mut sa) = (0.0, 0.0);
        slipped_force.push(0.0);
        slipped_area.push(0.0);
        for c in &consts {
            sf += params.epsilon * c.f_slip;
            sa += c.area_slip;
            slipped_force.push(sf);
            slipped_area.push(sa);
        }
        let y_max = consts.iter().map(|c| c.y_slip).fold(0.0, f64::max);
        let table = InverseTable::new(y_max, params.poisson, INVERSE_TABLE_INTERVALS);
        let area0 = consts.iter().map(|c| c.area0).sum();
        Ok(Self {
            consts,
            slip_x,
            slipped_force,
            slipped_area,
            table,
            area0,
        })
    }

    /// Initial total area A₀ \[m²\].
    pub fn initial_area(&self) -> f64 {
        self.area0
    }

    /// Displacement at which the first (resp. last) junction slips \[m\].
    pub fn slip_range(&self) -> (f64, f64) {
        (self.slip_x[0], self.slip_x[self.slip_x.len() - 1])
    }

    /// The interface at displacement `x` ≥ 0 \[m\].
    pub fn at(&self, x: f64) -> QuasiStaticPoint {
        let x = x.max(0.0);
        // Junctions with d_s ≤ x have slipped (the slider's slip test is y ≥ y_s).
        let slipped = self.slip_x.partition_point(|&d| d <= x);
        let (mut q, mut area) = (self.slipped_force[slipped], self.slipped_area[slipped]);
        for c in &self.consts[slipped..] {
            let fh = self.table.eval(x / c.x_ref).min(c.fhat_slip);
            q += fh * c.f_ref;
            area += c.area0 * (1.0 - fh) * (1.0 + fh);
        }
        QuasiStaticPoint {
            x,
            q,
            area,
            virgin: self.consts.len() - slipped,
        }
    }

    /// The curve on `points` uniformly spaced displacements from 0 to `x_end` \[m\].
    pub fn curve(&self, x_end: f64, points: usize) -> Vec<QuasiStaticPoint> {
        let n = points.max(2);
        (0..n)
            .map(|j| self.at(x_end * j as f64 / (n - 1) as f64))
            .collect()
    }
}

/// Summary of a quasi-static incipient loading up to the static peak.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuasiStaticPeak {
    /// The peak of F(X) on the sampled curve (Q_s, A_s).
    pub peak: QuasiStaticPoint,
    /// The last point before the first junction slips (end of the all-pinned quadratic stage).
    pub first_slip: QuasiStaticPoint,
    /// Largest softening rate after the peak, max(−ΔF/ΔX)/k_L over windows of `window`
    /// samples: > 1 means the pulled slider cannot follow F(X) quasi-statically (it jumps).
    pub softening: f64,
}

/// Peak, end of the all-pinned stage and post-peak softening of a sampled curve; `k_l` is the
/// drive spring stiffness \[N/m\], `window` the number of samples over which slopes are taken
/// (≥ 1; slips make F(X) a staircase of drops (1−ε)f_si, a window smooths it).
pub fn peak_of(curve: &[QuasiStaticPoint], k_l: f64, window: usize) -> Option<QuasiStaticPeak> {
    let first = curve.first()?;
    let n_all = first.virgin;
    let (ipk, peak) = curve
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.q.total_cmp(&b.1.q))?;
    let first_slip = *curve
        .iter()
        .take_while(|p| p.virgin == n_all)
        .last()
        .unwrap_or(first);
    let w = window.max(1);
    let softening = curve[ipk..]
        .windows(w + 1)
        .map(|s| -(s[w].q - s[0].q) / (s[w].x - s[0].x) / k_l)
        .fold(f64::NEG_INFINITY, f64::max);
    Some(QuasiStaticPeak {
        peak: *peak,
        first_slip,
        softening,
    })
}

/// The A(Q) shape figures of a population's quasi-static incipient loading.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IncipientShape {
    /// Number of junctions N.
    pub junctions: usize,
    /// Initial area A₀ \[m²\].
    pub area0: f64,
    /// Quasi-static static peak Q_s \[N\].
    pub q_s: f64,
    /// A_s/A₀ at the peak.
    pub area_ratio: f64,
    /// Q at the first depinning over Q_s.
    pub first_slip_fraction: f64,
    /// Time-weighted curvature of [`super::analysis::area_shape`] on points sampled uniformly
    /// in t = (X + Q/k_L)/v (what a run records: Q = k_L(vt − X)).
    pub curvature_time: f64,
    /// [`binned_curvature`] over [0, Q_s].
    pub curvature_full: f64,
    /// [`binned_curvature`] over [Q at the first depinning, Q_s].
    pub curvature_late: f64,
    /// [`QuasiStaticPeak::softening`] (> 1: the peak is quasi-statically unstable).
    pub softening: f64,
    /// Displacement from the peak to the last slip, d_max − X_s \[m\] (the post-peak range over
    /// which the interface lets go).
    pub post_peak_range: f64,
}

/// Computes the [`IncipientShape`] of junctions `areas` under `params` on `points` uniformly
/// spaced displacements from 0 to 1.05× the last slip displacement; post-peak softening over
/// windows of `points`/400 samples.
///
/// # Errors
///
/// Those of [`QuasiStatic::new`]; [`ModelError::Empty`] when the curve has no static peak.
pub fn incipient_shape(
    params: &ModelParams,
    areas: &[f64],
    points: usize,
) -> Result<IncipientShape, ModelError> {
    let qs = QuasiStatic::new(params, areas)?;
    let (_, d_max) = qs.slip_range();
    let curve = qs.curve(1.05 * d_max, points);
    let pk =
        peak_of(&curve, params.spring_stiffness, (points / 400).max(1)).ok_or(ModelError::Empty)?;
    let loading: Vec<&QuasiStaticPoint> = curve.iter().take_while(|p| p.x <= pk.peak.x).collect();
    let pts: Vec<(f64, f64)> = loading.iter().map(|p| (p.q, p.area)).collect();
    // Time-uniform resampling: t(X) = (X + Q/k_L)/v is increasing up to the peak.
    let t_of = |p: &QuasiStaticPoint| p.x + p.q / params.spring_stiffness;
    let t_end = t_of(&pk.peak);
    let mut timed = Vec::with_capacity(points);
    let mut j = 0;
    for k in 0..points {
        let t = t_end * k as f64 / (points - 1).max(1) as f64;
        while j + 1 < loading.len() && t_of(loading[j + 1]) <= t {
            j += 1;
        }
        timed.push((loading[j].q, loading[j].area));
    }
    let area0 = qs.initial_area();
    let (q_s, a_s) = (pk.peak.q, pk.peak.area);
    let q1 = pk.first_slip.q;
    let nan = f64::NAN;
    Ok(IncipientShape {
        junctions: areas.len(),
        area0,
        q_s,
        area_ratio: a_s / area0,
        first_slip_fraction: q1 / q_s,
        curvature_time: area_shape(&timed, area0, q_s).map_or(nan, |s| s.curvature),
        curvature_full: binned_curvature(&pts, area0, a_s, 0.0, q_s, SHAPE_BINS).unwrap_or(nan),
        curvature_late: binned_curvature(&pts, area0, a_s, q1, q_s, SHAPE_BINS).unwrap_or(nan),
        softening: pk.softening,
        post_peak_range: d_max - pk.peak.x,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asperity::slider::ModelParams;

    /// Eq. 3 residual tolerance: the tabulated Eq. 11 is accurate to 1e-10 in f̂.
    const TABLE_TOL: f64 = 1e-9;
    /// Relative round-off of sums of ≤ 35 positive terms (≈ 35 ulp ≈ 8e-15), with margin.
    const SUM_ROUNDOFF: f64 = 1e-12;
    /// Absolute round-off of a slip displacement y_slip·x_ref ≈ 1e-6 m recomputed from the
    /// same constants (a few ulp of 1e-6 m is ~1e-21 m; 1e-15 m leaves margin for reordering).
    const SLIP_POINT_TOL: f64 = 1e-15;
    /// Absolute slack on the peak force for round-off of Q ≈ 1 N \[N\].
    const FORCE_ROUNDOFF: f64 = 1e-12;

    /// Two sizes of junctions: while the small ones have slipped and the large ones have not,
    /// A(Q) is exactly Eq. 3 of the large ones with their common force (Q − n_s ε f_s,small)/n_l:
    /// a closed form that does not involve the stiffness (Eq. 2) at all.
    #[test]
    fn two_size_population_follows_eq3_of_the_large_junctions() {
        let params = ModelParams::seed003(0.1);
        let law = params.junction_law();
        let (small, large) = (2e-10, 2e-8);
        let (n_s, n_l) = (30usize, 5usize);
        let mut areas = vec![small; n_s];
        areas.extend(std::iter::repeat_n(large, n_l));
        let qs = QuasiStatic::new(&params, &areas).unwrap();
        let cs = law.consts(small).unwrap();
        let cl = law.consts(large).unwrap();
        let (d1, d2) = qs.slip_range();
        assert!(
            (d1 - cs.y_slip * cs.x_ref).abs() < SLIP_POINT_TOL
                && (d2 - cl.y_slip * cl.x_ref).abs() < SLIP_POINT_TOL
        );
        assert!(d1 < d2);
        let a0 = n_s as f64 * small + n_l as f64 * large;
        assert!((qs.initial_area() - a0).abs() < SUM_ROUNDOFF * a0);
        // Between the two slip points the large junctions carry a growing force, so by Eq. 3
        // the area falls strictly with x.
        let mut previous = f64::INFINITY;
        for j in 1..100 {
            let x = d1 + (d2 - d1) * j as f64 / 100.0;
            let p = qs.at(x);
            assert_eq!(p.virgin, n_l);
            let f_large = (p.q - n_s as f64 * params.epsilon * cs.f_slip) / n_l as f64;
            let expected = n_s as f64 * cs.area_slip + n_l as f64 * law.area(large, f_large);
            assert!(
                (p.area - expected).abs() < TABLE_TOL * a0,
                "x = {x}: {} vs {expected}",
                p.area
            );
            assert!(p.area < previous, "x = {x}: A(X) not decreasing");
            previous = p.area;
        }
        // Before the first slip: both sizes follow Eq. 3 with their own force; after the last,
        // F = ε Σ f_s and A = Σ A_s (the closed-form slip point of Eq. 3).
        let end = qs.at(1.01 * d2);
        assert_eq!(end.virgin, 0);
        let sliding = params.epsilon * (n_s as f64 * cs.f_slip + n_l as f64 * cl.f_slip);
        assert!((end.q - sliding).abs() < SUM_ROUNDOFF * sliding);
        let a_s = n_s as f64 * cs.area_slip + n_l as f64 * cl.area_slip;
        assert!((end.area - a_s).abs() < SUM_ROUNDOFF * a_s);
    }

    #[test]
    fn peak_and_first_slip_of_a_two_size_population() {
        let params = ModelParams::seed003(0.1);
        let law = params.junction_law();
        let areas = [vec![2e-10; 30], vec![2e-8; 5]].concat();
        let qs = QuasiStatic::new(&params, &areas).unwrap();
        let (d1, d2) = qs.slip_range();
        let curve = qs.curve(1.2 * d2, 2001);
        let pk = peak_of(&curve, params.spring_stiffness, 1).unwrap();
        // The peak is just before the large junctions slip (Q falls by (1−ε)·5 f_s there).
        let cl = law.consts(2e-8).unwrap();
        let cs = law.consts(2e-10).unwrap();
        let q_peak = 30.0 * params.epsilon * cs.f_slip + 5.0 * cl.f_slip;
        let h = 1.2 * d2 / 2000.0;
        assert!(pk.peak.x <= d2 && pk.peak.x > d2 - h);
        // Within one grid step of the exact peak (slope of F ≤ 5 k_s,large).
        assert!((pk.peak.q - q_peak).abs() < 5.0 * cl.k_slip * h + FORCE_ROUNDOFF);
        assert!(pk.first_slip.x < d1 && pk.first_slip.x > d1 - h);
        // The drop of 5·(1−ε)·f_s over one step is a softening ≫ k_L.
        assert!(pk.softening > 1.0);
    }
}
