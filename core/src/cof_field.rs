//! Friction-coefficient random field: model choice from the table's CV curves (seed 004).
//!
//! The calibration table carries dimensionless curves CV/(σ/μ) against l/a on a logarithmic
//! grid, and the thresholds derived from them. (Filled in by the random-field issue.)

use heapless::Vec;
use serde::{Deserialize, Serialize};

/// Number of l/a grid points of each CV curve in the table.
pub const CV_POINTS: usize = 25;
/// Number of ρ*/a values with planar-motion curves.
pub const PLANAR_RADII: usize = 5;
/// Capacity of the flattened planar curves (`PLANAR_RADII × CV_POINTS`).
pub const PLANAR_POINTS: usize = PLANAR_RADII * CV_POINTS;

/// The table section written by `tribo random-field`: CV curves and model thresholds.
///
/// An empty section (all vectors empty) means "not calibrated".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CofSection {
    /// log10 of the first l/a grid point (−2 for l/a = 0.01).
    pub log10_la_min: f32,
    /// Step of the l/a grid in log10 units.
    pub log10_la_step: f32,
    /// Translation: CV_F/(σ/μ) at each grid point (seed 004 Eq. 14, 16).
    pub translation_cv_f: Vec<f32, CV_POINTS>,
    /// Rotation: CV_T/(σ/μ) at each grid point (seed 004 Eq. 26, 17).
    pub rotation_cv_t: Vec<f32, CV_POINTS>,
    /// ρ*/a of each planar curve.
    pub planar_rho_over_a: Vec<f32, PLANAR_RADII>,
    /// Planar motion: CV/(σ/μ) (seed 004 Eq. 30), flattened `[radius][point]`.
    pub planar_cv: Vec<f32, PLANAR_POINTS>,
    /// σ/μ at which the thresholds were computed.
    pub threshold_sigma_over_mu: f32,
    /// CV tolerance at which the thresholds were computed.
    pub threshold_tolerance: f32,
    /// l/a below which the COF may be taken deterministic (seed: ≈ 0.3).
    pub la_deterministic: f32,
    /// l/a above which the COF may be taken as a random variable (seed: ≈ 10).
    pub la_random_variable: f32,
}

impl CofSection {
    /// A fully populated section with plausible values, for size and round-trip tests of the
    /// table format. Not a calibration result.
    pub fn filled_example() -> Self {
        let mut s = CofSection {
            log10_la_min: -2.0,
            log10_la_step: 4.0 / (CV_POINTS as f32 - 1.0),
            threshold_sigma_over_mu: 0.2,
            threshold_tolerance: 0.05,
            la_deterministic: 0.3,
            la_random_variable: 10.0,
            ..Default::default()
        };
        for i in 0..CV_POINTS {
            let v = i as f32 / (CV_POINTS as f32 - 1.0);
            let _ = s.translation_cv_f.push(v);
            let _ = s.rotation_cv_t.push(v * (1.0 - v));
        }
        for r in 0..PLANAR_RADII {
            let _ = s.planar_rho_over_a.push(0.1 * (r + 1) as f32);
            for i in 0..CV_POINTS {
                let _ = s.planar_cv.push((r * CV_POINTS + i) as f32 * 1e-3);
            }
        }
        s
    }
}
