//! The `TRIBO_*` environment variables that take a number, checked once at the start of every
//! command ([`check`]), so that a typo is an error naming the variable instead of a silently
//! kept default (`TRIBO_PROGRESS_INTERVAL=abc`) or a panic (`=1e20` in
//! `Duration::from_secs_f64`, issue 46):
//!
//! - [`super::budget::BUDGET_VAR`] (`TRIBO_MEMORY_BUDGET`): bytes in \[1 MiB, 1 PiB\];
//! - [`super::work::WORK_VAR`] (`TRIBO_WORK_BUDGET`): hours in \[10⁻⁶, 10⁴\];
//! - [`INTERVAL_VAR`] (`TRIBO_PROGRESS_INTERVAL`): seconds in \[0.1, 86400\].
//!
//! `TRIBO_NO_PROGRESS` is a switch (set or not); `TRIBO_FIGURE_AUDIT` is an output file,
//! checked with the other outputs of the run.

use super::error::ConfigError;

/// The environment variable setting the interval of progress lines \[s\].
pub const INTERVAL_VAR: &str = "TRIBO_PROGRESS_INTERVAL";

/// Domain of [`INTERVAL_VAR`] \[s\]: from the logger's 0.1 s tick (a shorter interval prints
/// no more often) to one day (a line a day is no progress report).
pub const INTERVAL_RANGE_S: (f64, f64) = (0.1, 86_400.0);

/// Parses a [`INTERVAL_VAR`] value: seconds within [`INTERVAL_RANGE_S`] (so that
/// `Duration::from_secs_f64` of it cannot panic).
pub fn parse_interval(text: &str) -> Option<f64> {
    let s: f64 = text.trim().parse().ok()?;
    (s >= INTERVAL_RANGE_S.0 && s <= INTERVAL_RANGE_S.1).then_some(s)
}

/// Checks every numeric `TRIBO_*` variable that is set.
///
/// # Errors
/// [`ConfigError::BadQuantity`] naming the first variable whose text is outside its domain.
pub fn check() -> Result<(), ConfigError> {
    // The budget also bounds what is inflated from a compressed input (an X3P archive).
    crate::io::x3p::set_inflate_limit(super::budget::budget_bytes()? as u64);
    super::work::budget_seconds()?;
    match std::env::var(INTERVAL_VAR) {
        Ok(text) if parse_interval(&text).is_none() => Err(ConfigError::BadQuantity {
            key: INTERVAL_VAR.to_owned(),
            text,
            problem: "not a number of seconds in [0.1, 86400] (progress lines are checked every \
                      0.1 s; a line a day is no progress report)",
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_is_parsed_within_its_domain() {
        assert_eq!(parse_interval("0.25"), Some(0.25));
        assert_eq!(parse_interval(" 30 "), Some(30.0));
        for bad in [
            "1e20", "2e19", "1e300", "abc", "-1", "inf", "NaN", "0", "0.01", "",
        ] {
            assert_eq!(parse_interval(bad), None, "{bad}");
        }
        // The largest accepted value converts without a panic.
        let _ = std::time::Duration::from_secs_f64(INTERVAL_RANGE_S.1);
    }
}
