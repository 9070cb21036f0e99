//! The memory budget: every size a user controls (grid², pressure steps, seeds × cases, slide
//! steps, loads × junctions, passes, rows) is turned into an estimated byte count *before*
//! anything is allocated, and refused above the budget with the key, the value and the bytes.
//!
//! The budget is [`DEFAULT_BUDGET_BYTES`] (4 GiB: half the RAM of a small laptop, and far above
//! the paper preset's ≈ 0.3 GiB), overridden by the environment variable [`BUDGET_VAR`]
//! (`TRIBO_MEMORY_BUDGET=16GiB`, `=2e10`, `=512MiB`). The estimates are lower bounds of the
//! working set (the arrays named in each constant's doc), so a refused run could not have
//! fitted, and a run inside the budget may still use somewhat more.

use super::error::ConfigError;

/// Default memory budget \[B\]: 4 GiB.
pub const DEFAULT_BUDGET_BYTES: f64 = 4.0 * GIB;

/// Environment variable overriding the budget (bytes, or with a `KiB`/`MiB`/`GiB`/`TiB` or
/// `kB`/`MB`/`GB`/`TB` suffix).
pub const BUDGET_VAR: &str = "TRIBO_MEMORY_BUDGET";

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// Bytes per grid point of one BEM–DEM surface pair: two height maps, the traction, gap,
/// plastic displacement, search direction and residual (f64 each), the half-spectrum of the
/// real FFT (complex f64) and the kernel, ≈ 16 f64 arrays.
pub const BEM_BYTES_PER_CELL: f64 = 16.0 * 8.0;

/// Bytes per pressure of a `contact` sweep: the pressure and one sweep record (area, clusters,
/// distances, gap, iterations, residual: ≈ 8 f64).
pub const BYTES_PER_PRESSURE_STEP: f64 = 8.0 * 8.0;

/// Bytes per BEM–DEM case of the case list and its result (`Case`, `CaseResult`: ≈ 32 f64).
pub const BYTES_PER_CASE: f64 = 32.0 * 8.0;

/// Bytes per slide step of a BEM–DEM case's history (A_p, A_c, blocked count, energies,
/// iterations: ≈ 16 f64).
pub const BYTES_PER_SLIDE_STEP: f64 = 16.0 * 8.0;

/// Bytes per junction of the asperity slider: area, anchor, force, warm start (f64), the
/// junction constants (≈ 6 f64) and state.
pub const BYTES_PER_JUNCTION: f64 = 12.0 * 8.0;

/// Bytes per recorded sample of a time series (time and ≈ 7 recorded quantities, f64).
pub const BYTES_PER_SAMPLE: f64 = 8.0 * 8.0;

/// Bytes per DEM flake (state, neighbour lists, history): ≈ 104 B measured from the
/// allocation `dem --flakes 1e10` attempted (1.04 TB), rounded up.
pub const BYTES_PER_FLAKE: f64 = 16.0 * 8.0;

/// The budget in force \[B\]: [`BUDGET_VAR`] if set and valid, else the default. An invalid
/// value is an error naming the variable (a typo must not silently lift or lower the limit).
///
/// # Errors
///
/// [`ConfigError::BadQuantity`] naming [`BUDGET_VAR`] when it is set but is not a byte count in (0,
/// 1 PiB].
pub fn budget_bytes() -> Result<f64, ConfigError> {
    match std::env::var(BUDGET_VAR) {
        Ok(text) => parse_bytes(&text).ok_or(ConfigError::BadQuantity {
            key: BUDGET_VAR.to_owned(),
            text,
            problem: "not a byte count in [1 MiB, 1 PiB] (e.g. 4GiB, 512MiB, 2e10)",
        }),
        Err(_) => Ok(DEFAULT_BUDGET_BYTES),
    }
}

/// Parses a byte count with an optional binary or decimal suffix.
pub fn parse_bytes(text: &str) -> Option<f64> {
    let t = text.trim();
    let units: [(&str, f64); 9] = [
        ("TiB", GIB * 1024.0),
        ("GiB", GIB),
        ("MiB", 1024.0 * 1024.0),
        ("KiB", 1024.0),
        ("TB", 1e12),
        ("GB", 1e9),
        ("MB", 1e6),
        ("kB", 1e3),
        ("B", 1.0),
    ];
    let (number, scale) = units
        .iter()
        .find_map(|(u, s)| t.strip_suffix(u).map(|n| (n.trim(), *s)))
        .unwrap_or((t, 1.0));
    let v: f64 = number.parse().ok()?;
    let bytes = v * scale;
    (bytes.is_finite() && (MIN_BUDGET_BYTES..=MAX_BUDGET_BYTES).contains(&bytes)).then_some(bytes)
}

/// The smallest budget [`parse_bytes`] accepts \[B\]: 1 MiB. The process itself (its binary,
/// stack and the parsed command line) takes more, so a smaller budget refuses every run and
/// is a unit mistake (`TRIBO_MEMORY_BUDGET=1e-300` was accepted, issue 46).
pub const MIN_BUDGET_BYTES: f64 = 1024.0 * 1024.0;

/// The largest budget [`parse_bytes`] accepts \[B\]: 1 PiB, beyond any one machine's memory
/// (`TRIBO_MEMORY_BUDGET=1e300` or `=1e300TiB` parsed as a finite or infinite "unlimited"
/// and let 800 GB allocations abort the process).
pub const MAX_BUDGET_BYTES: f64 = GIB * 1024.0 * 1024.0;

/// Renders a byte count as GiB/MiB for messages.
pub fn human(bytes: f64) -> String {
    if bytes >= GIB {
        format!("{} GiB", round3(bytes / GIB))
    } else {
        format!("{} MiB", round3(bytes / (1024.0 * 1024.0)))
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Refuses `bytes` (an estimate for `what`, driven by `key` = `value`) above the budget.
/// `bytes` is computed in f64 by the caller, so sizes that overflow `usize` are refused too.
///
/// # Errors
///
/// [`ConfigError::OverBudget`] naming `key`, `value` and `what` when `bytes` exceeds the budget (or
/// is not finite); [`ConfigError::BadQuantity`] when [`BUDGET_VAR`] is invalid.
pub fn check(
    key: &str,
    value: impl ToString,
    what: &'static str,
    bytes: f64,
) -> Result<(), ConfigError> {
    let budget = budget_bytes()?;
    if bytes.is_finite() && bytes <= budget {
        Ok(())
    } else {
        Err(ConfigError::OverBudget {
            key: key.to_owned(),
            value: value.to_string(),
            what,
            bytes,
            budget: human(budget),
            var: BUDGET_VAR,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_parse_with_units() {
        assert_eq!(parse_bytes("4GiB"), Some(4.0 * GIB));
        assert_eq!(parse_bytes("2e10"), Some(2e10));
        assert_eq!(parse_bytes("512 MiB"), Some(512.0 * 1024.0 * 1024.0));
        assert_eq!(parse_bytes("1.5GB"), Some(1.5e9));
        assert_eq!(parse_bytes("-1GiB"), None);
        assert_eq!(parse_bytes("lots"), None);
        // Both ends of [1 MiB, 1 PiB] are admitted, just outside each is not.
        assert_eq!(parse_bytes("1MiB"), Some(MIN_BUDGET_BYTES));
        assert_eq!(parse_bytes("1048575"), None);
        assert_eq!(parse_bytes("1e-300"), None);
        assert_eq!(parse_bytes("1024TiB"), Some(MAX_BUDGET_BYTES));
        assert_eq!(parse_bytes("1025TiB"), None);
    }

    #[test]
    fn over_budget_message_names_key_value_and_bytes() {
        // 1.8e19 pressure steps × 64 B: far above any budget (the env var, if a test runner
        // sets it, cannot reach 1e21 B on a real machine).
        let steps = u64::MAX;
        let e = check(
            "--steps",
            steps,
            "the pressure sweep",
            steps as f64 * BYTES_PER_PRESSURE_STEP,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("--steps 18446744073709551615: the pressure sweep would need 1.2e21 B"),
            "{e}"
        );
        assert!(e.contains(BUDGET_VAR), "{e}");
        assert!(check("k", 1, "x", f64::NAN).is_err());
        assert!(check("k", 1, "x", 1e3).is_ok());
    }
}
