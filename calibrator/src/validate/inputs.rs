//! The rule table of every input (issue 46 item 1): each command-line option of each
//! subcommand, each config key, each `TRIBO_*` variable and each C ABI argument or state field,
//! with its unit, its domain, its relations to other inputs and the reason for the domain.
//!
//! The table is the documentation ([`markdown`] generates `docs/inputs.md`) and the oracle of
//! the tests: the binary's test `every_option_and_key_has_a_rule` fails for a clap option or a
//! config key without an entry (and for an entry that names no option), and the reliability
//! test `inputs_property` runs every numeric entry through the binary at the edges of its
//! domain, expecting a refusal naming the entry outside it.
//!
//! The checks themselves are the commands' own (the shared rules of [`super::rules`], the
//! physics checks of each pipeline): the table states what they must do, the property test
//! holds them to it.
//!
//! Names: an option is `"<command path> --flag"` (`"fretting wear --pressures"`) or `"* --flag"`
//! for an option shared by every command that has it (`--threads`, `--seed`); a positional
//! argument is `"<command path> <NAME>"`; a config key is its dotted path; a variable its name;
//! a C ABI field `Struct.field` or `function(argument)`.

use super::inputs_entry::e;
use super::rule::Rule;

pub use super::inputs_entry::{Domain, Entry, Place};
pub use super::inputs_keys::KEYS;

/// Every numeric `TRIBO_*` environment variable and the others (switches, paths).
pub const ENV: &[Entry] = &[
    e(
        "TRIBO_MEMORY_BUDGET",
        Place::Env,
        "B (or KiB … TiB, kB … TB)",
        Domain::Number(Rule::closed(
            super::budget::MIN_BUDGET_BYTES,
            super::budget::MAX_BUDGET_BYTES,
        )),
        "",
        "below 1 MiB the process itself does not fit; beyond any one machine's memory above 1 PiB; it also bounds what is inflated from an X3P archive",
    ),
    e(
        "TRIBO_WORK_BUDGET",
        Place::Env,
        "h",
        Domain::Number(Rule::closed(
            super::work::MIN_WORK_HOURS,
            super::work::MAX_WORK_HOURS,
        )),
        "",
        "3.6 ms (starting the process takes about 1 ms) to about a year of one core",
    ),
    e(
        "TRIBO_PROGRESS_INTERVAL",
        Place::Env,
        "s",
        Domain::Number(Rule::closed(
            super::env::INTERVAL_RANGE_S.0,
            super::env::INTERVAL_RANGE_S.1,
        )),
        "",
        "the logger ticks every 0.1 s; a line a day is no progress report",
    ),
    e(
        "TRIBO_NO_PROGRESS",
        Place::Env,
        "-",
        Domain::Switch,
        "",
        "set: no progress output",
    ),
    e(
        "TRIBO_FIGURE_AUDIT",
        Place::Env,
        "path",
        Domain::OutputPath,
        "",
        "a regular file appended to (a FIFO or device is refused before the run)",
    ),
];

/// The C ABI's arguments and state fields (`core-ffi`, documented in `tribo.h`), checked by
/// `core-ffi/src/plausible.rs` and `node.rs`, each refusal a named status.
pub const C_ABI: &[Entry] = &[
    e(
        "TriboNodeInput.dt",
        Place::CAbi,
        "time unit",
        Domain::Number(Rule::POSITIVE),
        "",
        "TIME_STEP_INVALID otherwise",
    ),
    e(
        "TriboNodeInput.pressure",
        Place::CAbi,
        "stress unit",
        Domain::Number(Rule::NON_NEGATIVE),
        "0 (open) or in [pressure_min, pressure_max] of tribo_model_info",
        "p_min = p_lo/10³ guards against units; p_max = min(2·H, E*·h'_rms/κ)",
    ),
    e(
        "TriboNodeInput.slip_rate",
        Place::CAbi,
        "velocity unit",
        Domain::Number(Rule::closed(-100.0, 100.0)),
        "",
        "|v| ≤ 100 m/s: the fastest α(v) simulated; flash heating above",
    ),
    e(
        "TriboNodeInput.slip_increment",
        Place::CAbi,
        "length unit",
        Domain::Number(Rule::closed(-1.0, 1.0)),
        "|Δs|/Δt within the slip-rate bound",
        "no contact point slides a metre in one increment",
    ),
    e(
        "TriboNodeState.beta",
        Place::CAbi,
        "-",
        Domain::Number(Rule::closed(0.0, 1e6)),
        "",
        "β_max = 1e6, the law gate's β domain; INVALID_STATE otherwise",
    ),
    e(
        "TriboNodeState.elastic_slip",
        Place::CAbi,
        "m",
        Domain::Number(Rule::FINITE),
        "k_s·|e| ≤ p_max·μ_max (μ_max = 10)",
        "the largest traction a stick can hold, in the model's units through k_s and p_max; INVALID_STATE otherwise",
    ),
    e(
        "TriboNodeState.contact",
        Place::CAbi,
        "-",
        Domain::Number(Rule::count(0, 2)),
        "",
        "open, stick, slip; INVALID_STATE otherwise",
    ),
    e(
        "TriboPointInput.area",
        Place::CAbi,
        "area unit",
        Domain::Number(Rule::NON_NEGATIVE),
        "",
        "AREA_INVALID otherwise",
    ),
    e(
        "tribo_model_init(shear_stiffness)",
        Place::CAbi,
        "stiffness unit",
        Domain::Number(Rule::POSITIVE),
        "within [E*/1 m, E*/1 µm]",
        "k_s = E*/h_B with h_B half the sheet thickness; SHEAR_STIFFNESS_IMPLAUSIBLE otherwise",
    ),
    e(
        "tribo_mu(beta)",
        Place::CAbi,
        "-",
        Domain::Number(Rule::NON_NEGATIVE),
        "",
        "BETA_INVALID otherwise",
    ),
];

/// The table's entry named `name`, the command-line ones also under `"* --flag"`.
pub fn find(name: &str) -> Option<&'static Entry> {
    let all = || {
        KEYS.iter()
            .chain(ENV)
            .chain(C_ABI)
            .chain(super::inputs_options::options())
    };
    all().find(|e| e.name == name).or_else(|| {
        let flag = name.rsplit_once(' ').map(|(_, f)| f)?;
        let shared = format!("* {flag}");
        all().find(|e| e.name == shared)
    })
}

/// Every entry of the table.
pub fn all() -> impl Iterator<Item = &'static Entry> {
    super::inputs_options::options()
        .chain(KEYS)
        .chain(ENV)
        .chain(C_ABI)
}

fn domain_text(d: &Domain) -> String {
    match d {
        Domain::Number(r) => r.to_string(),
        Domain::ZeroOr(r) => format!("0, or {r}"),
        Domain::Any => "any value of its type".into(),
        Domain::InputPath => "a file or a stream (pipe, FIFO); not a folder or device".into(),
        Domain::OutputPath => {
            "the output guard: not an input, not a device or FIFO; a folder of tribo's or a new one"
                .into()
        }
        Domain::Choice => "one of the listed words".into(),
        Domain::Switch => "present or not".into(),
        Domain::Text => "text (see the reason)".into(),
    }
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// `docs/inputs.md`, generated from the table (a test keeps the checked-in file equal).
pub fn markdown() -> String {
    let mut out = String::from(
        "# Inputs: the rule table\n\n\
         Generated from `calibrator/src/validate/inputs*.rs` (options, keys, variables, C ABI) by \
         `TRIBO_BLESS=1 cargo test -p tribo-calibrator --bin tribo inputs_doc` (a test fails when \
         this file differs). Every option of every command, every config key, every numeric \
         `TRIBO_*` variable and the C ABI's fields: unit, domain, relations to other inputs and \
         the reason. A value outside the domain is refused before any work, naming the input, \
         the value, the domain and the rule. Negative numbers are read as values \
         (`--pressures -1MPa` reaches its rule). A path read may be a pipe or FIFO \
         (`--config <(…)`); a folder or device is refused.\n",
    );
    for (title, place) in [
        ("Command-line options", Place::Option),
        (
            "Config keys (`tribo calibrate --config`, `meso --config`)",
            Place::Key,
        ),
        ("Environment variables", Place::Env),
        ("C ABI (`core-ffi`, `tribo.h`)", Place::CAbi),
    ] {
        out.push_str(&format!(
            "\n## {title}\n\n| input | unit | domain | relations | reason |\n|---|---|---|---|---|\n"
        ));
        for e in all().filter(|e| e.place == place) {
            out.push_str(&format!(
                "| `{}` | {} | {} | {} | {} |\n",
                e.name,
                cell(e.unit),
                cell(&domain_text(&e.domain)),
                cell(e.relations),
                cell(e.reason)
            ));
        }
    }
    out
}
