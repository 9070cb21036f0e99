//! α from the mesoscale sweep (seed 000 Eq. 23): A̅_p/A_0 = α·β·p/E*, least squares through
//! the origin over pressures and particle fractions at one velocity; its 95 % interval by the
//! cluster bootstrap over seed indices ([`super::bootstrap`], paired across velocities); α(v)
//! by the law of table format 2 ([`super::alpha_law`]), with seed 000's form (Fig. 15) beside
//! it.

use serde::{Deserialize, Serialize};

use super::alpha_law::{AlphaLawFit, LawForm, fit_alpha_law};
use super::bootstrap::{Clustered, percentile_interval};
use crate::meso::cases::CaseResult;
use crate::numerics::distinct::distinct;
use crate::numerics::line_fit::{FitError, fit_through_origin};

/// α at one sliding velocity.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaAtVelocity {
    /// Physical sliding velocity v0 \[m/s\].
    pub velocity: f64,
    /// Speed the DEM ran at (v0/γ similarity when it differs from `velocity`) \[m/s\].
    pub simulated_velocity: f64,
    /// α of the ensemble-averaged A̅_p (averaged over seeds first, then fitted) \[-\].
    pub alpha: f64,
    /// 95 % percentile interval of α from the cluster bootstrap over seed indices \[-\].
    pub ci95: [f64; 2],
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
    /// Number of cases behind α.
    pub cases: usize,
    /// Number of seed indices (bootstrap clusters).
    pub seeds: usize,
}

/// α(v) over the sweep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaSweep {
    /// One entry per velocity, increasing.
    pub per_velocity: Vec<AlphaAtVelocity>,
    /// α∞ + (α0 − α∞)·e^(−v/v_ref) fitted to the samples (weights from their intervals), or why
    /// it could not be (too few velocities, optimum on a search bound).
    pub law: Result<LawFit, String>,
    /// Seed 000's form b·(1 − e^(−v/v_ref)) fitted to the same samples, for comparison with
    /// Fig. 15, or why it could not be.
    pub seed_law: Result<LawFit, String>,
    /// Bootstrap replicates `[replicate][velocity]` of α (paired across velocities).
    pub replicates: Vec<Vec<f64>>,
}

/// A fitted law (serialisable copy of [`AlphaLawFit`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LawFit {
    /// α∞ \[-\].
    pub alpha_inf: f64,
    /// α0 \[-\].
    pub alpha_0: f64,
    /// v_ref \[m/s\].
    pub v_ref: f64,
    /// Unweighted R² of the law against the samples.
    pub r_squared: f64,
}

impl From<AlphaLawFit> for LawFit {
    fn from(f: AlphaLawFit) -> Self {
        Self {
            alpha_inf: f.alpha_inf,
            alpha_0: f.alpha_0,
            v_ref: f.v_ref,
            r_squared: f.r_squared,
        }
    }
}

impl LawFit {
    /// The law at `v` \[-\].
    pub fn eval(&self, v: f64) -> f64 {
        super::alpha_law::alpha_law(self.alpha_inf, self.alpha_0, self.v_ref, v)
    }
}

/// Direction of α(v) between two sampled velocities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trend {
    /// The paired 95 % interval of α(v_hi) − α(v_lo) lies above 0 (seed 000 Fig. 15).
    Increasing,
    /// The paired interval lies below 0 (against Fig. 15).
    Decreasing,
    /// The paired interval contains 0: no change can be claimed.
    Unresolved,
}

/// A paired comparison of two velocities.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairedChange {
    /// Lower velocity \[m/s\].
    pub v_lo: f64,
    /// Higher velocity \[m/s\].
    pub v_hi: f64,
    /// α(v_hi)/α(v_lo) of the ensemble fits.
    pub ratio: f64,
    /// 95 % interval of the ratio over the paired bootstrap replicates.
    pub ratio_ci95: [f64; 2],
    /// 95 % interval of α(v_hi) − α(v_lo) over the paired replicates.
    pub difference_ci95: [f64; 2],
    /// The verdict from `difference_ci95`.
    pub trend: Trend,
}

impl std::fmt::Display for PairedChange {
    /// `α(v_hi)/α(v_lo) = r [lo, hi], α difference [lo, hi]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "α({})/α({}) = {:.3} [{:.3}, {:.3}], α difference [{:.3}, {:.3}]",
            self.v_hi,
            self.v_lo,
            self.ratio,
            self.ratio_ci95[0],
            self.ratio_ci95[1],
            self.difference_ci95[0],
            self.difference_ci95[1]
        )
    }
}

impl AlphaSweep {
    /// Paired comparison of velocity indices `lo` and `hi` (same bootstrap draws of seed
    /// indices at both); `None` when an index is out of range.
    pub fn paired(&self, lo: usize, hi: usize) -> Option<PairedChange> {
        let (a, b) = (self.per_velocity.get(lo)?, self.per_velocity.get(hi)?);
        // Replicates carry α = 0 on degenerate draws (`Clustered::alpha_of_draw`).
        let pick = |r: &Vec<f64>, i: usize| r[i];
        let difference_ci95 =
            percentile_interval(self.replicates.iter().map(|r| pick(r, hi) - pick(r, lo)));
        let ratios = self.replicates.iter().filter_map(|r| {
            let (x, y) = (pick(r, lo), pick(r, hi));
            (x > 0.0).then(|| y / x)
        });
        let ratio_ci95 = percentile_interval(ratios);
        let trend = if difference_ci95[0] > 0.0 {
            Trend::Increasing
        } else if difference_ci95[1] < 0.0 {
            Trend::Decreasing
        } else {
            Trend::Unresolved
        };
        Some(PairedChange {
            v_lo: a.velocity,
            v_hi: b.velocity,
            ratio: b.alpha / a.alpha,
            ratio_ci95,
            difference_ci95,
            trend,
        })
    }

    /// Whether α(v) rises or falls from the lowest to the highest velocity, judged on the
    /// paired bootstrap of the per-seed-index draws; `None` with fewer than two velocities.
    pub fn trend(&self) -> Option<Trend> {
        let n = self.per_velocity.len();
        if n < 2 {
            return None;
        }
        self.paired(0, n - 1).map(|p| p.trend)
    }

    /// The sample at velocity `v`, if simulated.
    pub fn at(&self, v: f64) -> Option<&AlphaAtVelocity> {
        self.per_velocity.iter().find(|a| a.velocity == v)
    }
}

/// z of the two-sided 95 % normal interval, to turn an interval's half-width into a σ weight.
const Z95: f64 = 1.959_963_984_540_054;

/// Fits α per velocity from merged case results (`e_star` in Pa), its bootstrap interval under
/// the run's `seed`, then the laws.
///
/// # Errors
///
/// A [`FitError`] of the per-velocity fits through the origin (ensemble, per seed, per β):
/// [`FitError::TooFewPoints`] for a velocity without results, [`FitError::NonFinite`] for a
/// non-finite realised β or mean A_p, [`FitError::Degenerate`] when every x = β·p/E* of a fit is 0.
/// A failed law fit is no error: it is recorded in [`AlphaSweep`].
pub fn fit_alpha(results: &[CaseResult], e_star: f64, seed: u64) -> Result<AlphaSweep, FitError> {
    let velocities = distinct(results.iter().map(|r| r.case.velocity).collect());
    let clustered = Clustered::new(results, &velocities, e_star);
    let replicates = clustered.replicates(seed);
    let mut per_velocity = Vec::new();
    for (vi, &v) in velocities.iter().enumerate() {
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
        let ci = percentile_interval(replicates.iter().map(|r| r[vi]));
        per_velocity.push(AlphaAtVelocity {
            velocity: v,
            simulated_velocity: at_v[0].case.simulated_velocity,
            alpha: ens.slope,
            // The plain fit is one of the bootstrap's possible draws; the interval is widened to
            // contain it when the percentile interval of a skewed, few-cluster bootstrap misses it.
            ci95: [ci[0].min(ens.slope), ci[1].max(ens.slope)],
            spread,
            std_err: ens.slope_std_err,
            r_squared: ens.r_squared,
            alpha_per_beta,
            betas,
            points: xs.len(),
            cases: at_v.len(),
            seeds: seeds.len(),
        });
    }
    let v: Vec<f64> = per_velocity.iter().map(|a| a.velocity).collect();
    let y: Vec<f64> = per_velocity.iter().map(|a| a.alpha).collect();
    let s: Vec<f64> = per_velocity
        .iter()
        .map(|a| ((a.ci95[1] - a.ci95[0]) / (2.0 * Z95)).max(a.std_err))
        .collect();
    let fit = |form| {
        fit_alpha_law(&v, &y, Some(&s), form)
            .map(LawFit::from)
            .map_err(|e| e.to_string())
    };
    Ok(AlphaSweep {
        law: fit(LawForm::Free),
        seed_law: fit(LawForm::SeedSaturation),
        per_velocity,
        replicates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::alpha_law::alpha_law;
    use crate::meso::cases::{CaseResult, MesoCase, list_cases};
    use crate::presets::Preset;

    /// Synthetic data are exact up to f64 rounding; the law fit converges to ~1e-8.
    const TOL: f64 = 1e-6;
    const E_STAR: f64 = 55e9;

    /// The quick preset's cases at `velocities` with `seeds` seed indices, and ⟨A_p⟩/A_0 =
    /// α(case)·β·p/E*.
    fn synthetic(
        velocities: &[f64],
        seeds: usize,
        alpha: impl Fn(&MesoCase) -> f64,
    ) -> Vec<CaseResult> {
        let mut cfg = Preset::Quick.config();
        cfg.sweep.velocities = velocities[..velocities.len() - 1].to_vec();
        cfg.process.velocities = vec![velocities[velocities.len() - 1]];
        cfg.sweep.seeds = seeds;
        list_cases(&cfg)
            .into_iter()
            .map(|case| CaseResult {
                case,
                flakes: 3,
                beta_realised: case.beta,
                mean_ap: alpha(&case) * case.beta * case.pressure / E_STAR,
                mean_ac: 0.1,
                mean_blocked: 1.0,
                steps: 10,
                bem_iterations: 100,
                seconds_dem: 0.0,
                seconds_bem: 0.0,
                integrator: "explicit".into(),
                events: Default::default(),
            })
            .collect()
    }

    #[test]
    fn recovers_a_falling_and_a_rising_alpha_of_synthetic_sweeps() {
        let v = [0.08, 1.0, 5.0, 10.0, 20.0, 50.0];
        for ((a_inf, a_0, v_ref), want) in [
            ((3.0, 8.0, 6.0), Trend::Decreasing),
            ((20.0, 2.0, 4.0), Trend::Increasing),
        ] {
            // Seeds scatter ±5 % around the law, symmetrically, the same at every velocity.
            let results = synthetic(&v, 3, |c| {
                [1.0, 1.05, 0.95][c.seed_index % 3] * alpha_law(a_inf, a_0, v_ref, c.velocity)
            });
            let fit = fit_alpha(&results, E_STAR, 1).unwrap();
            assert_eq!(fit.per_velocity.len(), v.len());
            for a in &fit.per_velocity {
                let exact = alpha_law(a_inf, a_0, v_ref, a.velocity);
                assert!((a.alpha / exact - 1.0).abs() < TOL, "{a:?}");
                assert!((a.spread / (0.05 * exact) - 1.0).abs() < TOL, "{a:?}");
                assert!(a.r_squared > 1.0 - 1e-12);
                // Resampling three seeds with factors 0.95, 1, 1.05: the mean factor of a draw
                // lies in [0.95, 1.05].
                assert!(a.ci95[0] >= 0.95 * exact - TOL && a.ci95[1] <= 1.05 * exact + TOL);
                assert!(a.ci95[0] < a.alpha && a.alpha < a.ci95[1]);
                assert_eq!((a.cases, a.seeds), (18, 3));
            }
            let law = fit.law.clone().unwrap();
            assert!((law.alpha_inf / a_inf - 1.0).abs() < TOL, "{law:?}");
            assert!((law.alpha_0 / a_0 - 1.0).abs() < TOL, "{law:?}");
            assert!((law.v_ref / v_ref - 1.0).abs() < TOL, "{law:?}");
            assert_eq!(fit.trend(), Some(want));
        }
    }

    #[test]
    fn the_trend_is_judged_on_paired_draws() {
        // Seed indices differ by a factor 0.4 … 1.6 (surface pairs), identically at both
        // velocities, and α(50) = 0.8·α(10) for every seed: the unpaired intervals overlap,
        // the paired difference excludes 0.
        let factor = |s: usize| 0.4 + 1.2 * (s as f64) / 5.0;
        let paired = synthetic(&[10.0, 50.0], 6, |c| {
            factor(c.seed_index) * if c.velocity == 50.0 { 4.0 } else { 5.0 }
        });
        let fit = fit_alpha(&paired, E_STAR, 2).unwrap();
        let (a, b) = (&fit.per_velocity[0], &fit.per_velocity[1]);
        assert!(b.ci95[1] > a.ci95[0], "the unpaired intervals overlap");
        let change = fit.paired(0, 1).unwrap();
        assert_eq!(change.trend, Trend::Decreasing);
        assert!((change.ratio - 0.8).abs() < TOL);
        // Every paired draw has the same ratio.
        assert!(
            (change.ratio_ci95[0] - 0.8).abs() < TOL && (change.ratio_ci95[1] - 0.8).abs() < TOL
        );
        // Independent scatter with no change in the mean: unresolved.
        let noise = [1.3, 0.7, 1.1, 0.9, 1.2, 0.8];
        let flat = synthetic(&[10.0, 50.0], 6, |c| {
            let i = if c.velocity == 50.0 {
                5 - c.seed_index
            } else {
                c.seed_index
            };
            5.0 * noise[i]
        });
        assert_eq!(
            fit_alpha(&flat, E_STAR, 2).unwrap().trend(),
            Some(Trend::Unresolved)
        );
    }

    #[test]
    fn a_law_on_its_bound_is_reported_not_stored() {
        // Constant α: no v_ref is determined.
        let results = synthetic(&[1.0, 10.0, 50.0], 3, |_| 5.0);
        let fit = fit_alpha(&results, E_STAR, 3).unwrap();
        assert!(
            fit.law
                .as_ref()
                .is_err_and(|e| e.contains("do not determine")),
            "{:?}",
            fit.law
        );
    }
}
