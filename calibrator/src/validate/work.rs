//! The work budget: inputs whose run time has no bound of its own (a simulated duration, a
//! step count, a mesh size) are turned into an estimated count of elementary updates *before*
//! the run, multiplied by a measured cost per update, and refused above the budget with the
//! flag at fault, the estimate and the variable that lifts the budget.
//!
//! The budget is [`DEFAULT_WORK_HOURS`] (24 h of one core: a run longer than a day is a unit
//! mistake or a typo far more often than a plan), overridden by the environment variable
//! [`WORK_VAR`] in hours (`TRIBO_WORK_BUDGET=200`), at most [`MAX_WORK_HOURS`]. It is an
//! environment variable like [`super::budget::BUDGET_VAR`], so it reaches every subcommand
//! without a flag of its own on each.
//!
//! The costs per update are **lower bounds** (release build, one core, measured on the dev
//! machine and rounded down), so a refused run could not have ended within the budget; a run
//! inside it may take longer.

use super::error::ConfigError;

/// Default work budget \[h of one core\].
pub const DEFAULT_WORK_HOURS: f64 = 24.0;

/// Largest budget [`WORK_VAR`] may set \[h\]: about a year of one core.
pub const MAX_WORK_HOURS: f64 = 1e4;

/// Smallest budget [`WORK_VAR`] may set \[h\]: 3.6 ms of one core. Starting the process
/// alone takes about a millisecond, so a smaller budget refuses every command that works and
/// is a unit mistake (`TRIBO_WORK_BUDGET=1e-300` was accepted, issue 46).
pub const MIN_WORK_HOURS: f64 = 1e-6;

/// Environment variable setting the work budget in hours.
pub const WORK_VAR: &str = "TRIBO_WORK_BUDGET";

/// Cost of one junction-step of the asperity slider \[s\] (leapfrog update of one junction
/// and its Eq. 11 inverse): `asperity --loads 2 --steps-per-period 100 --threads 1` reported
/// 1.72e8 junction-steps in 12.2 s (71 ns each, release, load ≈ 10 on 2 cores); a seventh of it.
pub const SECONDS_PER_JUNCTION_STEP: f64 = 1e-8;

/// Cost of one disk-step of the NSCD third-body cell \[s\] (detection, the NSGS sweeps and
/// the update of one disk): `third-body shear --steps 1000 --particles 400 --threads 1` took
/// 109 s for 1250 × 400 disk-steps (218 µs each at 67 sweeps per step, release, load ≈ 12);
/// a twentieth of it.
pub const SECONDS_PER_DISK_STEP: f64 = 1e-5;

/// Cost of one element-step of the strip-draw bar \[s\] (one explicit update of one node and
/// its β transport): the default `strip-draw --threads 1` ran 88 cases of ≈ 5.6e7
/// element-steps in 217 s (44 ns each, release, load ≈ 12); a twentieth of it.
pub const SECONDS_PER_BAR_ELEMENT_STEP: f64 = 2e-9;

/// Cost of one sliding-wear run of the deformable discrete elements (`fretting wear`,
/// `mesh-study`, `plate`) per cell³ \[s\] (nodes grow as cells², explicit steps as cells):
/// `fretting wear --cells 16 --realisations 2 --pressures 200MPa` took 2.7 s for two runs
/// (0.33 ms per cell³; release, load ≈ 9); a tenth of it.
pub const SECONDS_PER_DDE_CELL3: f64 = 3e-5;

/// Cost of the two-circles run (`fretting circles`) per cell³ across a radius \[s\]:
/// `fretting circles --cells 10` took 3.3 s (3.3 ms per cell³, release, load ≈ 10); a tenth.
pub const SECONDS_PER_CIRCLES_CELL3: f64 = 3e-4;

/// Cost of one BEM cell-step of a mesoscale BEM–DEM case (one grid point of the FFT-BEM
/// solve of one slide step) \[s\]: the paper grid (512²) took 3.77 s of BEM for 16 slide
/// steps (0.9 µs per cell-step, docs/performance.md); a tenth of it. The DEM's share depends on
/// β and the speed and is not counted (so the estimate is a lower bound).
pub const SECONDS_PER_BEM_CELL_STEP: f64 = 1e-7;

/// The budget in force \[s\]: [`WORK_VAR`] if set and valid, else the default. An invalid
/// value is an error naming the variable.
///
/// # Errors
/// [`ConfigError::BadQuantity`] when [`WORK_VAR`] is not a number of hours in
/// \[[`MIN_WORK_HOURS`], [`MAX_WORK_HOURS`]\].
pub fn budget_seconds() -> Result<f64, ConfigError> {
    let hours = match std::env::var(WORK_VAR) {
        Ok(text) => parse_hours(&text).ok_or(ConfigError::BadQuantity {
            key: WORK_VAR.to_owned(),
            text,
            problem: "not a number of hours in [0.000001, 10000] (3.6 ms to about a year of one core)",
        })?,
        Err(_) => DEFAULT_WORK_HOURS,
    };
    Ok(hours * 3600.0)
}

/// Parses a number of hours in \[[`MIN_WORK_HOURS`], [`MAX_WORK_HOURS`]\].
pub fn parse_hours(text: &str) -> Option<f64> {
    let h: f64 = text.trim().parse().ok()?;
    (MIN_WORK_HOURS..=MAX_WORK_HOURS).contains(&h).then_some(h)
}

/// Refuses `updates` elementary updates of `what` (driven by `key` = `value`) at
/// `seconds_per_update` each when they exceed the budget. `updates` is computed in f64 by the
/// caller, so counts that overflow an integer (and NaN) are refused too.
///
/// # Errors
/// [`ConfigError::OverWork`] with the estimate, or the budget variable's own error.
pub fn check(
    key: &str,
    value: f64,
    what: &'static str,
    updates: f64,
    seconds_per_update: f64,
) -> Result<(), ConfigError> {
    let budget = budget_seconds()?;
    let seconds = updates * seconds_per_update;
    if seconds.is_finite() && seconds <= budget {
        Ok(())
    } else {
        Err(ConfigError::OverWork {
            key: key.to_owned(),
            value: super::rule::show(value),
            what,
            updates,
            seconds,
            budget_hours: budget / 3600.0,
            var: WORK_VAR,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_parse_within_bounds() {
        assert_eq!(parse_hours("24"), Some(24.0));
        assert_eq!(parse_hours(" 0.5 "), Some(0.5));
        assert_eq!(parse_hours("1e-6"), Some(MIN_WORK_HOURS));
        for bad in [
            "0", "-1", "inf", "NaN", "1e300", "abc", "", "1e-300", "9e-7", "10001",
        ] {
            assert_eq!(parse_hours(bad), None, "{bad}");
        }
    }

    #[test]
    fn over_work_message_names_flag_estimate_and_variable() {
        // 1e20 updates at 1 ns: 1e11 s, far above any budget the variable can set (1e4 h).
        let e = check("--duration", 1e12, "junction-steps", 1e20, 1e-9)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("--duration 1000000000000: "), "{e}");
        assert!(e.contains("1.0e20 junction-steps"), "{e}");
        assert!(e.contains(WORK_VAR), "{e}");
        assert!(check("k", 1.0, "x", f64::NAN, 1e-9).is_err());
        assert!(check("k", 1.0, "x", 1e6, 1e-9).is_ok());
    }
}
