//! The typed errors of the validation layer (issue 18 item 4): one variant per kind of
//! refusal, each naming the config key or `--flag`, the value and the rule. No `String`
//! catch-all: a new kind of check gets a new variant.

use std::path::PathBuf;

use thiserror::Error;

use super::rule::Rule;

/// A configuration key, command-line flag or input that is refused before any work starts.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// A key the configuration does not have (a typo, or a section that does not exist).
    #[error("unknown config key `{key}`")]
    UnknownKey {
        /// The dotted key path.
        key: String,
    },
    /// A key of an earlier version, renamed so each parameter has one name from the config to
    /// the table to the core.
    #[error("config key `{key}` is now `{new}` (same meaning and unit)")]
    RenamedKey {
        /// The old dotted key path, as given.
        key: String,
        /// The key to use instead.
        new: &'static str,
    },
    /// A key that names a section was given a value.
    #[error("config key `{key}` must be a table")]
    NotATable {
        /// The dotted key path.
        key: String,
    },
    /// A value outside its rule.
    #[error("{key} must be {rule}, got {value}")]
    OutOfRange {
        /// Config key or `--flag`.
        key: String,
        /// The value as given.
        value: String,
        /// The rule it breaks.
        rule: Rule,
    },
    /// An element of a list outside its rule.
    #[error("{key}[{index}] = {value} is out of range: must be {rule}")]
    Element {
        /// Config key or `--flag`.
        key: String,
        /// 0-based position in the list.
        index: usize,
        /// The element as given.
        value: String,
        /// The rule it breaks.
        rule: Rule,
    },
    /// A flag that cannot be used without another one (`tribo dem --deformable-file` without
    /// `--spacing`): the message names both flags and the rule that ties them.
    #[error("{flag} needs {needs}: {why}")]
    NeedsFlag {
        /// The flag as given, with its value (`--deformable-file surface.txt`).
        flag: String,
        /// The flag it needs, with its unit hint.
        needs: &'static str,
        /// Why: the physics the missing value carries.
        why: &'static str,
    },
    /// A list that must not be empty is.
    #[error("{key} must not be empty")]
    Empty {
        /// Config key or `--flag`.
        key: String,
    },
    /// A list holds more entries than the table (or the model) has room for.
    #[error("{key} has {len} entries; {what} holds at most {max}")]
    TooMany {
        /// Config key or `--flag`.
        key: String,
        /// Entries given.
        len: usize,
        /// Capacity.
        max: usize,
        /// What has the capacity.
        what: &'static str,
    },
    /// A sliding velocity given twice (each velocity is one α sample).
    #[error("velocity {value} m/s appears twice in {keys}: each sliding velocity is one α sample")]
    DuplicateVelocity {
        /// The repeated velocity \[m/s\].
        value: f64,
        /// The keys or flags searched.
        keys: &'static str,
    },
    /// A pressure of the sweep at or above the plastic saturation pressure.
    #[error("{key}: {pressure} Pa must be below material.p_crit = {p_crit} Pa")]
    AboveSaturation {
        /// The list it is in (`sweep.pressures`, `sweep.contact_pressures`,
        /// `process.pressures`).
        key: &'static str,
        /// The pressure \[Pa\].
        pressure: f64,
        /// p_crit \[Pa\].
        p_crit: f64,
    },
    /// Two values that must be ordered are not.
    #[error("need {relation}, got {values}")]
    Order {
        /// The required relation, with its keys (`surface.k_l ≤ surface.k_r`).
        relation: &'static str,
        /// The values found, in the relation's order.
        values: String,
    },
    /// The short-wavelength cutoff is beyond the grid's Nyquist mode.
    #[error("surface.k_s = {k_s} exceeds the grid's Nyquist mode surface.grid/2 = {nyquist}")]
    AboveNyquist {
        /// k_s \[2π/L\].
        k_s: f64,
        /// grid/2.
        nyquist: usize,
    },
    /// Flakes that do not fit the domain or its pixels.
    #[error("flakes.{key} = {value} m {problem}")]
    FlakeGeometry {
        /// `diameter` or `thickness`.
        key: &'static str,
        /// The value \[m\].
        value: f64,
        /// What is wrong, with the other value.
        problem: String,
    },
    /// The work asked for would need more memory than the budget.
    #[error("{key} {value}: {what} would need {bytes:.1e} B, above the {budget} budget ({var})")]
    OverBudget {
        /// Config key or `--flag`.
        key: String,
        /// The value as given.
        value: String,
        /// What would be allocated.
        what: &'static str,
        /// Estimated bytes.
        bytes: f64,
        /// The budget, human-readable.
        budget: String,
        /// The variable that sets the budget (`super::budget::BUDGET_VAR`).
        var: &'static str,
    },
    /// The work asked for would take longer than the work budget.
    #[error(
        "{key} {value}: {updates:.1e} {what} would take ≈ {seconds:.1e} s of one core, above \
         the work budget of {budget_hours} h; lower {key}, or lift the budget with \
         {var}=<hours>"
    )]
    OverWork {
        /// Config key or `--flag`.
        key: String,
        /// The value as given.
        value: String,
        /// What is counted (`junction-steps`).
        what: &'static str,
        /// Estimated elementary updates.
        updates: f64,
        /// Estimated run time \[s\] (a lower bound).
        seconds: f64,
        /// The budget \[h\].
        budget_hours: f64,
        /// The variable that sets the budget (`super::work::WORK_VAR`).
        var: &'static str,
    },
    /// An argument outside its domain (the third-body cell's): its name, the value and the
    /// rule it breaks.
    #[error("{name} = {} is not allowed: {rule}", super::rule::show(*value))]
    NotAllowed {
        /// The flag.
        name: &'static str,
        /// The value given (counts are exact in an f64).
        value: f64,
        /// The rule it breaks.
        rule: &'static str,
    },
    /// A number with a unit suffix that does not parse or has the wrong dimension.
    #[error("{key} {text:?}: {problem}")]
    BadQuantity {
        /// `--flag`.
        key: String,
        /// The text given.
        text: String,
        /// What is wrong.
        problem: &'static str,
    },
    // The variants below carry their cause in their own message (not as an error `source`),
    // so `{}` and the binary's `{:#}` both print it exactly once.
    /// The TOML text does not parse.
    #[error("parsing the TOML config: {0}")]
    Parse(toml::de::Error),
    /// A value has the wrong type for its key.
    #[error("reading the TOML config: {0}")]
    Type(toml::de::Error),
    /// The preset could not be serialised (a bug, not an input error).
    #[error("serialising the preset: {0}")]
    Preset(toml::ser::Error),
    /// The config file could not be read.
    #[error("reading config {}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error.
        error: std::io::Error,
    },
    /// An error inside a config file, with the file named.
    #[error("in config {}: {error}", path.display())]
    InFile {
        /// The file.
        path: PathBuf,
        /// The error.
        error: Box<ConfigError>,
    },
    /// A measured height map (`surface.deformable_file` / `surface.tool_file`) that cannot be
    /// read or put onto the calibration's domain (the key and the file are named in it).
    #[error(transparent)]
    MeasuredSurface(#[from] crate::surface::MeasuredError),
}
