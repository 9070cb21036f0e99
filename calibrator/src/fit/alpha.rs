//! α from the mesoscale sweep (seed 000 Eq. 23): A̅_p/A_0 = α·β·p/E*, least squares through
//! the origin over pressures and particle fractions at one velocity; spread over seeds; α(v)
//! by the saturation law (Fig. 15).

use serde::{Deserialize, Serialize};

use super::linear::{FitError, fit_through_origin};
use super::saturation::{SaturationFit, fit_saturation};
use crate::meso::cases::CaseResult;

/// α at one sliding velocity.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaAtVelocity {
    /// Sliding velocity v0 \[m/s\].
    pub velocity: f64,
    /// α of the ensemble-averaged A̅_p (averaged over seeds first, then fitted) \[-\].
    pub alpha: f64,
    /// Standard deviation of the per-seed α (each seed's ⟨A_p⟩ fitted on its own) \[-\].
    pub spread: f64,
    /// Standard error of the ensemble α from the regression \[-\].
    pub std_err: f64,
    /// R² of the ensemble fit (linearity in β·p).
    pub r_squared: f64,
    /// α fitted separately for each β, in the order of `betas` (where linearity breaks,
    /// these drift apart) \[-\].
    pub alpha_per_beta: Vec<f64>,
    /// The requested β of `alpha_per_beta`.
    pub betas: Vec<f64>,
    /// Number of (p, β) points.
    pub points: usize,
}

/// α(v) over the sweep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaSweep {
    /// One entry per velocity, increasing.
    pub per_velocity: Vec<AlphaAtVelocity>,
    /// b and v_ref of α = b·(1 − exp(−v/v_ref)); `None` with fewer than two velocities or
    /// when every α is zero.
    pub law: Option<(f64, f64, f64)>,
}

/// Direction of α(v) between the lowest and the highest sampled velocity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trend {
    /// α rises by more than [`TREND_SIGMAS`] combined standard errors (seed 000 Fig. 15).
    Increasing,
    /// α falls by more than [`TREND_SIGMAS`] combined standard errors (against Fig. 15).
    Decreasing,
    /// The change is within the noise.
    Unresolved,
}

/// Significance of a trend, in combined standard errors √(s₁² + s₂²) of the two end points
/// (two standard errors: about 95 % confidence for Gaussian errors).
pub const TREND_SIGMAS: f64 = 2.0;

impl AlphaSweep {
    /// Whether α(v) rises or falls from the lowest to the highest velocity beyond the noise
    /// (regression standard errors); `None` with fewer than two velocities.
    pub fn trend(&self) -> Option<Trend> {
        let (lo, hi) = (self.per_velocity.first()?, self.per_velocity.last()?);
        if self.per_velocity.len() < 2 {
            return None;
        }
        let noise = TREND_SIGMAS * lo.std_err.hypot(hi.std_err);
        let change = hi.alpha - lo.alpha;
        Some(if change > noise {
            Trend::Increasing
        } else if change < -noise {
            Trend::Decreasing
        } else {
            Trend::Unresolved
        })
    }
}

fn distinct(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v.dedup();
    v
}

/// Fits α per velocity from merged case results (`e_star` in Pa), then the saturation law.
pub fn fit_alpha(results: &[CaseResult], e_star: f64) -> Result<AlphaSweep, FitError> {
    let velocities = distinct(results.iter().map(|r| r.case.velocity).collect());
    let mut per_velocity = Vec::new();
    for &v in &velocities {
        let at_v: Vec<&CaseResult> = results.iter().filter(|r| r.case.velocity == v).collect();
        let x_of = |r: &CaseResult| r.beta_realised * r.case.pressure / e_star;
        // Ensemble: average x and y over seeds for each (p, β).
        let keys = distinct(at_v.iter().map(|r| r.case.pressure).collect());
        let betas = distinct(at_v.iter().map(|r| r.case.beta).collect());
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for &p in &keys {
            for &b in &betas {
                let grp: Vec<&&CaseResult> = at_v
                    .iter()
                    .filter(|r| r.case.pressure == p && r.case.beta == b)
                    .collect();
                if grp.is_empty() {
                    continue;
                }
                let n = grp.len() as f64;
                xs.push(grp.iter().map(|r| x_of(r)).sum::<f64>() / n);
                ys.push(grp.iter().map(|r| r.mean_ap).sum::<f64>() / n);
            }
        }
        let ens = fit_through_origin(&xs, &ys)?;
        // Per seed.
        let seeds = distinct(at_v.iter().map(|r| r.case.seed_index as f64).collect());
        let mut per_seed = Vec::new();
        for &s in &seeds {
            let grp: Vec<&&CaseResult> = at_v
                .iter()
                .filter(|r| r.case.seed_index as f64 == s)
                .collect();
            let x: Vec<f64> = grp.iter().map(|r| x_of(r)).collect();
            let y: Vec<f64> = grp.iter().map(|r| r.mean_ap).collect();
            per_seed.push(fit_through_origin(&x, &y)?.slope);
        }
        let mean = per_seed.iter().sum::<f64>() / per_seed.len() as f64;
        let spread = if per_seed.len() > 1 {
            (per_seed.iter().map(|a| (a - mean).powi(2)).sum::<f64>() / (per_seed.len() - 1) as f64)
                .sqrt()
        } else {
            0.0
        };
        let mut alpha_per_beta = Vec::new();
        for &b in &betas {
            let grp: Vec<&&CaseResult> = at_v.iter().filter(|r| r.case.beta == b).collect();
            let x: Vec<f64> = grp.iter().map(|r| x_of(r)).collect();
            let y: Vec<f64> = grp.iter().map(|r| r.mean_ap).collect();
            alpha_per_beta.push(fit_through_origin(&x, &y)?.slope);
        }
        per_velocity.push(AlphaAtVelocity {
            velocity: v,
            alpha: ens.slope,
            spread,
            std_err: ens.slope_std_err,
            r_squared: ens.r_squared,
            alpha_per_beta,
            betas,
            points: xs.len(),
        });
    }
    let law = if per_velocity.len() >= 2 && per_velocity.iter().any(|a| a.alpha > 0.0) {
        let v: Vec<f64> = per_velocity.iter().map(|a| a.velocity).collect();
        let y: Vec<f64> = per_velocity.iter().map(|a| a.alpha).collect();
        let s: Vec<f64> = per_velocity
            .iter()
            .map(|a| a.spread.max(a.std_err))
            .collect();
        let SaturationFit {
            b,
            v_ref,
            r_squared,
            ..
        } = fit_saturation(&v, &y, Some(&s))?;
        Some((b, v_ref, r_squared))
    } else {
        None
    };
    Ok(AlphaSweep { per_velocity, law })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::saturation::saturation;
    use crate::meso::cases::{CaseResult, list_cases};
    use crate::presets::Preset;

    /// Synthetic data are exact up to f64 rounding; the saturation fit converges to ~1e-8.
    const TOL: f64 = 1e-6;

    #[test]
    fn recovers_alpha_of_synthetic_sweep() {
        let mut cfg = Preset::Quick.config();
        cfg.sweep.velocities = vec![5.0, 10.0, 20.0];
        cfg.process.velocities = vec![50.0];
        let e_star = 55e9;
        let (b, v_ref) = (30.0, 12.0);
        let results: Vec<CaseResult> = list_cases(&cfg)
            .into_iter()
            .map(|case| {
                let alpha = saturation(b, v_ref, case.velocity);
                // Seeds scatter ±5 % around the law, symmetrically.
                let noise = [1.0, 1.05, 0.95][case.seed_index % 3];
                CaseResult {
                    case,
                    flakes: 3,
                    beta_realised: case.beta,
                    mean_ap: noise * alpha * case.beta * case.pressure / e_star,
                    mean_ac: 0.1,
                    mean_blocked: 1.0,
                    steps: 10,
                    bem_iterations: 100,
                    seconds_dem: 0.0,
                    seconds_bem: 0.0,
                }
            })
            .collect();
        let fit = fit_alpha(&results, e_star).unwrap();
        assert_eq!(fit.per_velocity.len(), 4);
        for a in &fit.per_velocity {
            let exact = saturation(b, v_ref, a.velocity);
            assert!((a.alpha / exact - 1.0).abs() < TOL, "{a:?}");
            assert!((a.spread / (0.05 * exact) - 1.0).abs() < TOL, "{a:?}");
            assert!(a.r_squared > 1.0 - 1e-12);
            assert!(
                a.alpha_per_beta
                    .iter()
                    .all(|x| (x / exact - 1.0).abs() < TOL)
            );
        }
        let (fb, fv, _) = fit.law.unwrap();
        assert!((fb / b - 1.0).abs() < TOL && (fv / v_ref - 1.0).abs() < TOL);
        // The regression is exact per velocity (std_err ≈ 0): the rise is significant.
        assert_eq!(fit.trend(), Some(Trend::Increasing));
    }

    fn at(velocity: f64, alpha: f64, std_err: f64) -> AlphaAtVelocity {
        AlphaAtVelocity {
            velocity,
            alpha,
            spread: 0.0,
            std_err,
            r_squared: 1.0,
            alpha_per_beta: vec![],
            betas: vec![],
            points: 6,
        }
    }

    #[test]
    fn a_trend_is_called_only_beyond_two_combined_standard_errors() {
        let sweep = |a: Vec<AlphaAtVelocity>| AlphaSweep {
            per_velocity: a,
            law: None,
        };
        // 3 − 5 = −2 against 2·√(0.6² + 0.8²) = 2.0: just inside the noise …
        assert_eq!(
            sweep(vec![at(10.0, 5.0, 0.6), at(50.0, 3.0 + 1e-9, 0.8)]).trend(),
            Some(Trend::Unresolved)
        );
        // … and just beyond it, either way.
        assert_eq!(
            sweep(vec![at(10.0, 5.0, 0.6), at(50.0, 2.99, 0.8)]).trend(),
            Some(Trend::Decreasing)
        );
        assert_eq!(
            sweep(vec![at(10.0, 3.0, 0.6), at(50.0, 5.01, 0.8)]).trend(),
            Some(Trend::Increasing)
        );
        assert_eq!(sweep(vec![at(10.0, 3.0, 0.6)]).trend(), None);
    }
}
