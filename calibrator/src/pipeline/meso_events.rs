//! α split into its two factors: how often a blocked flake carries load, and how much.
//!
//! Seed 000 §6.2 calls a blocked flake "a rather rare event" (Fig. 10: A_p = 0 most of the
//! time) and §6.4 explains the velocity dependence of α by *the probability of having active
//! particles*, which "should increase with velocity" because a faster tool leaves the flakes
//! less time to fall into valleys. The slide mean of Eq. 22 mixes that probability with the
//! size of an event:
//!
//! ⟨A_p⟩ = f_active · ⟨A_p⟩_active,
//!
//! with f_active the fraction of slide steps where A_p > 0 and ⟨A_p⟩_active the mean of A_p
//! over those steps. Dividing by β·p/E* (Eq. 23) gives α_case = f_active · α_event. This
//! module measures both factors per case and per velocity, so that the report shows which of
//! the two carries (or fails to carry) the Fig. 15 trend.

use std::path::Path;

use super::error::{Result, write_csv};
use super::meso_report::{mean_std, read_history};
use crate::config::CalibrationConfig;
use crate::meso::cases::CaseResult;
use crate::numerics::distinct::distinct;
use crate::report::{CsvTable, LinePlot, Series, write_caption};

/// Column of A_p/A_0 in a history file ([`crate::meso::StepRecord::HEADER`]).
const AP_COLUMN: usize = 3;

/// The two factors of one slide's ⟨A_p⟩.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EventSplit {
    /// Fraction of steps with A_p > 0 \[-\].
    pub active_fraction: f64,
    /// Mean A_p/A_0 over the active steps; `None` when no step is active.
    pub mean_active: Option<f64>,
}

impl EventSplit {
    /// Splits the per-step A_p/A_0 values of one slide. Non-finite values count as inactive.
    ///
    /// ```
    /// use tribo_calibrator::pipeline::meso_events::EventSplit;
    /// let s = EventSplit::of(&[0.0, 0.02, 0.0, 0.04]);
    /// assert_eq!(s.active_fraction, 0.5);
    /// assert!((s.mean_active.unwrap() - 0.03).abs() < 1e-15);
    /// ```
    pub fn of(a_p: &[f64]) -> Self {
        let (mut n, mut sum) = (0usize, 0.0);
        for &a in a_p {
            if a.is_finite() && a > 0.0 {
                n += 1;
                sum += a;
            }
        }
        EventSplit {
            active_fraction: if a_p.is_empty() {
                0.0
            } else {
                n as f64 / a_p.len() as f64
            },
            mean_active: (n > 0).then(|| sum / n as f64),
        }
    }
}

/// Writes `alpha_events.csv` (per case) and `alpha_events_by_velocity.csv` plus the plots
/// `fig15_active_fraction` and `fig15_event_alpha` into `dir`. Histories are read from
/// `out/cases`; a case whose history is missing (e.g. merged from another machine without it)
/// is skipped.
///
/// # Errors
///
/// [`PipelineError::Io`] or [`PipelineError::Report`] (the file named) when a CSV or a figure's CSV
/// cannot be written.
///
/// [`PipelineError::Io`]: crate::pipeline::error::PipelineError::Io
/// [`PipelineError::Report`]: crate::pipeline::error::PipelineError::Report
pub fn write(
    cfg: &CalibrationConfig,
    results: &[CaseResult],
    out: &Path,
    dir: &Path,
) -> Result<()> {
    let e = cfg.material.e_star;
    let mut per_case = CsvTable::new(&[
        "case",
        "p_Pa",
        "beta_realised",
        "v_m_per_s",
        "seed_index",
        "active_fraction",
        "mean_active_Ap_over_A0",
        "alpha_event",
    ]);
    // (velocity, active fraction, α_event if any)
    let mut rows: Vec<(f64, f64, Option<f64>)> = Vec::new();
    for r in results {
        let path = out
            .join("cases")
            .join(format!("case-{:05}-history.csv", r.case.index));
        let Ok(history) = read_history(&path) else {
            continue;
        };
        let a_p: Vec<f64> = history
            .iter()
            .filter_map(|row| row.get(AP_COLUMN).copied())
            .collect();
        let split = EventSplit::of(&a_p);
        let scale = r.beta_realised * r.case.pressure / e;
        let alpha_event = split.mean_active.filter(|_| scale > 0.0).map(|m| m / scale);
        per_case.push(&[
            r.case.index as f64,
            r.case.pressure,
            r.beta_realised,
            r.case.velocity,
            r.case.seed_index as f64,
            split.active_fraction,
            split.mean_active.unwrap_or(f64::NAN),
            alpha_event.unwrap_or(f64::NAN),
        ]);
        rows.push((r.case.velocity, split.active_fraction, alpha_event));
    }
    write_csv(&per_case, &dir.join("alpha_events.csv"))?;

    let mut by_v = CsvTable::new(&[
        "v_m_per_s",
        "active_fraction_mean",
        "active_fraction_std",
        "alpha_event_mean",
        "alpha_event_std",
        "cases",
        "cases_with_events",
    ]);
    let (mut f_pts, mut f_err, mut a_pts, mut a_err) = (vec![], vec![], vec![], vec![]);
    for v in distinct(rows.iter().map(|r| r.0).collect()) {
        let fs: Vec<f64> = rows.iter().filter(|r| r.0 == v).map(|r| r.1).collect();
        let evs: Vec<f64> = rows
            .iter()
            .filter(|r| r.0 == v)
            .filter_map(|r| r.2)
            .collect();
        let (fm, fsd) = mean_std(&fs);
        let (am, asd) = if evs.is_empty() {
            (f64::NAN, f64::NAN)
        } else {
            mean_std(&evs)
        };
        by_v.push(&[v, fm, fsd, am, asd, fs.len() as f64, evs.len() as f64]);
        f_pts.push((v, 100.0 * fm));
        f_err.push(100.0 * fsd);
        if am.is_finite() {
            a_pts.push((v, am));
            a_err.push(asd);
        }
    }
    write_csv(&by_v, &dir.join("alpha_events_by_velocity.csv"))?;
    if !f_pts.is_empty() {
        let stem = dir.join("fig15_active_fraction");
        LinePlot::new(
            "Share of slide steps with a load-bearing blocked flake",
            "v_0 [m/s]",
            "steps with A_p > 0 [%]",
        )
        // A fraction of steps: the ±std whiskers stay within [0, 100] %.
        .y_bounds(0.0, 100.0)
        .series(Series::points("mean ± std over cases", f_pts).with_error(f_err))
        .log_x_over_decades()
        .write(&stem)?;
        write_caption(
            &stem,
            "How often a blocked flake carries load (seed 000 §6.4: blocking is a rare event): \
             the first factor of Eq. 22's slide mean ⟨A_p⟩ = f_active·⟨A_p⟩_active, per \
             simulated tool speed, mean ± standard deviation over cases.",
        )?;
    }
    if !a_pts.is_empty() {
        let stem = dir.join("fig15_event_alpha");
        LinePlot::new(
            "Size of a blocking event against sliding speed",
            "v_0 [m/s]",
            "α_event [-]",
        )
        // α ≥ 0 (A_p ≥ 0): the ±std whiskers stop at 0.
        .y_bounds(0.0, f64::INFINITY)
        .series(Series::points("mean ± std over cases with events", a_pts).with_error(a_err))
        .log_x_over_decades()
        .write(&stem)?;
        write_caption(
            &stem,
            "α of an event: ⟨A_p⟩ over the steps with a load-bearing flake divided by β·p/E* \
             (the second factor of Eq. 22's mean, in Eq. 23's units), per simulated tool speed \
             (seed 000 Fig. 15 plots α(v)), mean ± standard deviation over the cases with events.",
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_factors_multiply_back_to_the_slide_mean() {
        // Eq. 22's mean over all steps equals f_active · ⟨A_p⟩_active exactly (up to
        // round-off of the two sums: a few ulps).
        let a_p = [0.0, 1e-3, 0.0, 0.0, 4e-3, 2.5e-3, 0.0, 0.0];
        let s = EventSplit::of(&a_p);
        let mean = a_p.iter().sum::<f64>() / a_p.len() as f64;
        assert_eq!(s.active_fraction, 3.0 / 8.0);
        let product = s.active_fraction * s.mean_active.unwrap();
        assert!((product - mean).abs() <= 4.0 * f64::EPSILON * mean);
    }

    #[test]
    fn a_slide_without_events_has_no_event_size() {
        assert_eq!(
            EventSplit::of(&[0.0, 0.0, f64::NAN]),
            EventSplit {
                active_fraction: 0.0,
                mean_active: None
            }
        );
        assert_eq!(EventSplit::of(&[]).active_fraction, 0.0);
    }
}
