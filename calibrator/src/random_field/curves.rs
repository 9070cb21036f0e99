//! Dimensionless curves CV/(σ/μ) against l/a (seed 004 Fig. 7–10) and the table section.
//!
//! Every l/a point samples the field on a plate of half side a = 1 with the seed's mesh
//! h = min(l, 0.1a) (capped at `max_nodes` per side), runs the Monte-Carlo estimate for
//! translation, rotation and every planar ρ*/a at once (the same realisations feed all
//! motions), and records the closed forms of the translation case next to it. Point p uses
//! the master seed mixed with p, so each point is reproducible on its own.

use indicatif::ProgressBar;
use tribo_core::cof_field::{CV_POINTS, CofSection, PLANAR_RADII};

use super::closed_form;
use super::field::{Correlation, FieldError, LognormalField, PlateGrid};
use super::integrals::MotionWeights;
use super::monte_carlo::{CvPair, McResult, estimate};
use super::sampler::{AnySampler, SamplerKind};
use super::thresholds::Thresholds;
use crate::rng::splitmix64;

/// Settings of a curve computation.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveConfig {
    /// Smallest l/a.
    pub la_min: f64,
    /// Largest l/a.
    pub la_max: f64,
    /// Number of log-spaced points.
    pub points: usize,
    /// σ_H/μ_H of the sampled field (the curves are normalised by it).
    pub sigma_over_mu: f64,
    /// Planar ρ*/a values.
    pub rho_over_a: Vec<f64>,
    /// Correlation exponent n.
    pub exponent: u32,
    /// Realisations per point.
    pub samples: usize,
    /// Master seed.
    pub seed: u64,
    /// Mesh cap per side.
    pub max_nodes: usize,
    /// Sampler.
    pub sampler: SamplerKind,
}

impl Default for CurveConfig {
    fn default() -> Self {
        Self {
            la_min: 0.01,
            la_max: 100.0,
            points: CV_POINTS,
            sigma_over_mu: 0.2,
            rho_over_a: vec![0.1, 0.5, 1.0, 2.0, 5.0],
            exponent: 2,
            samples: 5000,
            seed: 0,
            max_nodes: 256,
            sampler: SamplerKind::Auto,
        }
    }
}

impl CurveConfig {
    /// The l/a grid.
    pub fn grid(&self) -> Vec<f64> {
        let n = self.points.max(2);
        let (l0, l1) = (self.la_min.log10(), self.la_max.log10());
        (0..n)
            .map(|k| 10f64.powf(l0 + (l1 - l0) * k as f64 / (n - 1) as f64))
            .collect()
    }
}

/// One l/a point of the curves (CVs normalised by σ/μ).
#[derive(Debug, Clone)]
pub struct CurvePoint {
    /// l/a.
    pub la: f64,
    /// Mesh nodes per side used.
    pub mesh: usize,
    /// Translation (MC).
    pub translation: CvPair,
    /// Translation standard errors (delta method).
    pub translation_se: CvPair,
    /// Translation closed forms Eq. 16–17.
    pub translation_closed: CvPair,
    /// Rotation (MC).
    pub rotation: CvPair,
    /// Planar (MC), per ρ*/a.
    pub planar: Vec<CvPair>,
    /// Clipped relative eigenvalue mass of a circulant embedding (0 if exact or not used).
    pub clipped: f64,
}

/// Normalises a CV pair by σ/μ.
fn norm(p: CvPair, smu: f64) -> CvPair {
    CvPair {
        force: p.force / smu,
        torque: p.torque / smu,
    }
}

/// Standard errors of the translation CVs: SE(σ)/σ = SE(var)/(2 var); SE of the mean
/// negligible against it for these CVs.
fn translation_se(r: &McResult, cv: CvPair) -> CvPair {
    let (f, t) = (r.force_x(), r.torque());
    CvPair {
        force: cv.force * f.se_var / (2.0 * f.var),
        torque: cv.torque * t.se_var / (2.0 * t.var),
    }
}

/// Computes the curves. `progress` advances once per l/a point.
///
/// # Errors
///
/// [`FieldError::BadParameter`] for `sigma_over_mu` < 0 or non-finite, an l/a that gives a
/// correlation length not finite and > 0, or an exponent outside 1..=4; the sampler errors of
/// [`AnySampler::new`] for `cfg.sampler` ([`FieldError::TooLarge`],
/// [`FieldError::NotPositiveDefinite`] for the dense reference).
pub fn compute_curves(
    cfg: &CurveConfig,
    progress: Option<&ProgressBar>,
) -> Result<Vec<CurvePoint>, FieldError> {
    let mean = 0.5;
    let mut out = Vec::with_capacity(cfg.points);
    for (p, la) in cfg.grid().into_iter().enumerate() {
        let field = LognormalField {
            mean,
            std: cfg.sigma_over_mu * mean,
            correlation: Correlation {
                length: la,
                exponent: cfg.exponent,
            },
        };
        field.validate()?;
        let grid = PlateGrid::seed_mesh(1.0, la, cfg.max_nodes);
        let sampler = AnySampler::new(cfg.sampler, grid, field.correlation)?;
        let weights = MotionWeights::new(grid, 1.0, &cfg.rho_over_a);
        let seed = splitmix64(cfg.seed ^ splitmix64(p as u64));
        let r = estimate(&sampler, &field, &weights, cfg.samples, seed, None);
        let smu = cfg.sigma_over_mu;
        let translation = norm(r.translation, smu);
        out.push(CurvePoint {
            la,
            mesh: grid.m,
            translation,
            translation_se: translation_se(&r, translation),
            translation_closed: CvPair {
                force: closed_form::cv_force(la, 1.0),
                torque: closed_form::cv_torque(la, 1.0),
            },
            rotation: norm(r.rotation, smu),
            planar: r.planar.iter().map(|&c| norm(c, smu)).collect(),
            clipped: sampler.embedding().map_or(0.0, |e| e.clipped_relative),
        });
        if let Some(pb) = progress {
            pb.inc(1);
        }
    }
    Ok(out)
}

/// Errors building the table section.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SectionError {
    /// Wrong number of l/a points or planar radii for the table's fixed capacities.
    #[error(
        "the table needs {expected_points} l/a points and ≤ {max_radii} planar radii, got {points} and {radii}"
    )]
    Shape {
        /// Points given.
        points: usize,
        /// Radii given.
        radii: usize,
        /// Required points.
        expected_points: usize,
        /// Maximum radii.
        max_radii: usize,
    },
}

/// Builds the table's [`CofSection`] from curves on a grid of exactly [`CV_POINTS`] points:
/// translation from the closed forms (exact; the MC curve is their check), rotation and
/// planar from Monte-Carlo, thresholds as given.
///
/// # Errors
///
/// [`SectionError::Shape`] when `curves` does not hold exactly [`CV_POINTS`] points, there are more
/// than [`PLANAR_RADII`] planar radii, or a point lacks a planar curve.
pub fn build_section(
    cfg: &CurveConfig,
    curves: &[CurvePoint],
    thresholds: &Thresholds,
) -> Result<CofSection, SectionError> {
    let shape_err = SectionError::Shape {
        points: curves.len(),
        radii: cfg.rho_over_a.len(),
        expected_points: CV_POINTS,
        max_radii: PLANAR_RADII,
    };
    if curves.len() != CV_POINTS || cfg.rho_over_a.len() > PLANAR_RADII {
        return Err(shape_err);
    }
    let mut s = CofSection {
        log10_la_min: cfg.la_min.log10() as f32,
        log10_la_step: ((cfg.la_max.log10() - cfg.la_min.log10()) / (CV_POINTS - 1) as f64) as f32,
        threshold_sigma_over_mu: thresholds.sigma_over_mu as f32,
        threshold_tolerance: thresholds.tolerance as f32,
        plateau_tolerance: thresholds.plateau_tolerance as f32,
        la_deterministic: thresholds.la_deterministic as f32,
        la_random_variable: thresholds.la_random_variable as f32,
        ..Default::default()
    };
    let err = || shape_err.clone();
    for c in curves {
        s.translation_cv_f
            .push(c.translation_closed.force as f32)
            .map_err(|_| err())?;
        s.translation_cv_t
            .push(c.translation_closed.torque as f32)
            .map_err(|_| err())?;
        s.rotation_cv_f
            .push(c.rotation.force as f32)
            .map_err(|_| err())?;
        s.rotation_cv_t
            .push(c.rotation.torque as f32)
            .map_err(|_| err())?;
    }
    for (r, &rho) in cfg.rho_over_a.iter().enumerate() {
        s.planar_rho_over_a.push(rho as f32).map_err(|_| err())?;
        for c in curves {
            let p = c.planar.get(r).ok_or_else(err)?;
            s.planar_cv_f.push(p.force as f32).map_err(|_| err())?;
            s.planar_cv_t.push(p.torque as f32).map_err(|_| err())?;
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_field::thresholds::{
        closed_form_thresholds, deterministic_threshold_from_curve,
    };
    use tribo_core::cof_field::{CofModel, choose_model};

    /// Monte-Carlo CVs within this many standard errors, plus the Nataf bias (≤ 1 % on a
    /// CV since the variance bias is ≤ 2 %; see `field`).
    const N_SE: f64 = 4.0;
    const NATAF_CV_BIAS: f64 = 0.01;

    fn cfg(la_min: f64, la_max: f64, points: usize, samples: usize) -> CurveConfig {
        CurveConfig {
            la_min,
            la_max,
            points,
            samples,
            seed: 42,
            ..CurveConfig::default()
        }
    }

    #[test]
    fn translation_limits_match_closed_form_and_eq_19() {
        let c = cfg(0.01, 100.0, 3, 600); // l/a = 0.01, 1, 100
        let pts = compute_curves(&c, None).unwrap();
        for p in &pts {
            let (mc, se, cf) = (p.translation, p.translation_se, p.translation_closed);
            assert!(
                (mc.force - cf.force).abs() <= N_SE * se.force + NATAF_CV_BIAS * cf.force,
                "{p:?}"
            );
            assert!(
                (mc.torque - cf.torque).abs() <= N_SE * se.torque + NATAF_CV_BIAS * cf.torque,
                "{p:?}"
            );
        }
        assert!(pts[0].translation.force < 0.01 && pts[0].translation.torque < 0.01);
        assert!(
            (pts[2].translation.force - 1.0).abs()
                < N_SE * pts[2].translation_se.force + NATAF_CV_BIAS
        );
        assert!(pts[2].translation.torque < 0.01);
    }

    #[test]
    fn rotation_shows_the_duality_of_fig_9_and_planar_limits() {
        let c = CurveConfig {
            rho_over_a: vec![1.0],
            ..cfg(0.03, 30.0, 7, 1000) // 0.03, 0.1, …, 30 (half-decade steps)
        };
        let pts = compute_curves(&c, None).unwrap();
        let rt: Vec<f64> = pts.iter().map(|p| p.rotation.torque).collect();
        let rf: Vec<f64> = pts.iter().map(|p| p.rotation.force).collect();
        // CV_T̂ behaves like translation's CV_F: increasing from ~0 to σ/μ (up to the MC
        // error of a CV, ≈ CV/√(2N) = 2.2 % at N = 1000, once it has levelled off) …
        let se = 1.0 / (2.0 * c.samples as f64).sqrt();
        assert!(
            rt.windows(2).all(|w| w[1] > w[0] - N_SE * se * w[0]),
            "{rt:?}"
        );
        assert!(rt[..5].windows(2).all(|w| w[1] > w[0]), "{rt:?}");
        assert!(rt[0] < 0.05 && (rt[6] - 1.0).abs() < N_SE * se, "{rt:?}");
        // … and CV_F̂ like translation's CV_T: → 0 at both ends, single maximum near l/a ≈ 1.
        let kmax = (0..rf.len())
            .max_by(|&i, &j| rf[i].total_cmp(&rf[j]))
            .unwrap();
        assert!((0.3..=3.5).contains(&pts[kmax].la), "{rf:?}");
        assert!(
            rf[..=kmax].windows(2).all(|w| w[1] > w[0])
                && rf[kmax..].windows(2).all(|w| w[1] < w[0])
        );
        assert!(rf[0] < 0.25 * rf[kmax] && rf[6] < 0.25 * rf[kmax]);
        // Planar motion at ρ*/a = 1: both CVs → σ/μ for a nearly uniform field.
        let p = pts[6].planar[0];
        assert!(
            (p.force - 1.0).abs() < N_SE * se && (p.torque - 1.0).abs() < N_SE * se,
            "{p:?}"
        );
    }

    #[test]
    fn thresholds_from_monte_carlo_curve_reproduce_seed() {
        // The 25-point grid restricted to 0.1 … 31.6 (1/6-decade steps).
        let c = cfg(0.1, 10f64.powf(1.5), 16, 1500);
        let pts = compute_curves(&c, None).unwrap();
        let la: Vec<f64> = pts.iter().map(|p| p.la).collect();
        let cv: Vec<f64> = pts.iter().map(|p| p.translation.force).collect();
        let step = 1.0 / 6.0;
        let det = deterministic_threshold_from_curve(&la, &cv, 0.2, 0.05).unwrap();
        assert!((det.log10() - 0.3f64.log10()).abs() <= step, "{det}");
        // The 1 % plateau is below this MC's resolution (SE ≈ 1.8 %): the upper threshold
        // comes from the closed form (thresholds::tests); here the MC curve must agree with
        // the closed form around it, and settle at σ/μ within its error.
        for p in pts.iter().filter(|p| p.la > 3.0) {
            let (mc, se, cf) = (
                p.translation.force,
                p.translation_se.force,
                p.translation_closed.force,
            );
            assert!((mc - cf).abs() <= N_SE * se + NATAF_CV_BIAS * cf, "{p:?}");
        }
    }

    #[test]
    fn section_from_curves_drives_the_core_decision() {
        // Cheap curves (few samples): the decision in translation uses the closed-form curve.
        let c = cfg(0.01, 100.0, CV_POINTS, 8);
        let c = CurveConfig { max_nodes: 24, ..c };
        let pts = compute_curves(&c, None).unwrap();
        let th = closed_form_thresholds(0.2, 0.05, 0.01);
        let s = build_section(&c, &pts, &th).unwrap();
        s.validate().unwrap();
        let d = |la: f32| choose_model(&s, la, 1.0, 0.2, f32::INFINITY, 0.05).unwrap();
        assert_eq!(d(th.la_deterministic as f32 * 0.9), CofModel::Deterministic);
        assert_eq!(d(th.la_deterministic as f32 * 1.1), CofModel::RandomField);
        assert_eq!(d(th.la_random_variable as f32 * 0.9), CofModel::RandomField);
        assert_eq!(
            d(th.la_random_variable as f32 * 1.2),
            CofModel::RandomVariable
        );
        let bad = CurveConfig {
            points: 3,
            ..c.clone()
        };
        assert!(build_section(&bad, &pts[..3], &th).is_err());
    }
}
