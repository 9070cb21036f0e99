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

use super::rule::{Bound, Rule};
use super::rules;

/// Where an input is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A command-line option or positional argument.
    Option,
    /// A key of the calibration config (TOML).
    Key,
    /// An environment variable.
    Env,
    /// An argument or state field of the C ABI (`core-ffi`, `tribo.h`).
    CAbi,
}

/// The domain of an input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Domain {
    /// A number (or each number of a list) within a rule; the relations may narrow it.
    Number(Rule),
    /// 0 (a documented "off" or "automatic"), or a number within the rule.
    ZeroOr(Rule),
    /// Any value of the type is meaningful (a seed, an index checked against a list).
    Any,
    /// A path read (a file or a stream; a directory or device is refused).
    InputPath,
    /// A path written (a file, or a folder for `--out`): the output guard's policy.
    OutputPath,
    /// One of clap's listed words (`--format csv`): clap refuses any other.
    Choice,
    /// A switch (present or not).
    Switch,
    /// Text with a grammar of its own, described in the reason.
    Text,
}

/// One input of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// The input's name (module docs).
    pub name: &'static str,
    /// Where it is given.
    pub place: Place,
    /// Its unit (`-` for a pure number, `count`, or a unit symbol; SI).
    pub unit: &'static str,
    /// Its domain.
    pub domain: Domain,
    /// Relations to other inputs (empty when none).
    pub relations: &'static str,
    /// Why the domain is what it is.
    pub reason: &'static str,
}

const fn e(
    name: &'static str,
    place: Place,
    unit: &'static str,
    domain: Domain,
    relations: &'static str,
    reason: &'static str,
) -> Entry {
    Entry {
        name,
        place,
        unit,
        domain,
        relations,
        reason,
    }
}

/// A config key with a number rule.
const fn key(
    name: &'static str,
    unit: &'static str,
    rule: Rule,
    relations: &'static str,
    reason: &'static str,
) -> Entry {
    e(
        name,
        Place::Key,
        unit,
        Domain::Number(rule),
        relations,
        reason,
    )
}

const fn open_closed(lo: f64, hi: f64) -> Rule {
    Rule::Real {
        lo: Bound::Open(lo),
        hi: Bound::Closed(hi),
    }
}

/// Counts bounded above by the memory or work budget only.
const AT_LEAST_ONE: Rule = Rule::count(1, u64::MAX);

/// Every config key (the TOML schema of [`crate::config::CalibrationConfig`]).
pub const KEYS: &[Entry] = &[
    key(
        "material.e_star",
        "Pa",
        rules::TABLE_MODULUS,
        "material.p_crit < material.e_star; τ0/E* within [1e-9, 1e3]",
        "the core's table bound: soft elastomers … diamond on diamond",
    ),
    key(
        "material.p_crit",
        "Pa",
        Rule::POSITIVE,
        "every sweep, contact and process pressure < material.p_crit < material.e_star",
        "the plastic saturation pressure of the BEM (seed 000 Eq. 21) lies between the nominal pressures and the modulus",
    ),
    key(
        "material.tau0",
        "Pa",
        rules::SHEAR_STRENGTH,
        "μ0 = τ0·κ/(E*·h'_rms) must be able to reach [1e-4, 10]",
        "the core's table bound: kPa films … the theoretical strength of diamond",
    ),
    key(
        "material.hardness",
        "Pa",
        rules::HARDNESS,
        "every nominal pressure < material.hardness",
        "the core's bound; a nominal pressure at the hardness is a fully plastic contact",
    ),
    key(
        "material.archard_k",
        "-",
        rules::ARCHARD_K,
        "",
        "the worn volume per load and distance over 1/H cannot exceed one",
    ),
    key(
        "material.zeta",
        "-",
        rules::FRACTION,
        "",
        "a fraction of the particles carried by the tool",
    ),
    key(
        "surface.grid",
        "count",
        rules::GRID_SIDE,
        "surface.k_s ≤ surface.grid/2; grid² within the memory budget; grid³·slide_lengths within the work budget",
        "the self-affine spectrum needs k_l < k_r < k_s ≤ n/2 with room between them",
    ),
    key(
        "surface.length",
        "m",
        rules::SURFACE_SIDE_M,
        "surface.length/surface.grid ≥ 0.1 nm; flakes.diameter < surface.length",
        "a pixel below an atom is no continuum; above 1 m is no asperity model",
    ),
    key(
        "surface.hurst",
        "-",
        rules::HURST,
        "",
        "a self-affine surface's Hurst exponent",
    ),
    key(
        "surface.k_l",
        "2π/L",
        Rule::POSITIVE,
        "surface.k_l ≤ surface.k_r ≤ surface.k_s ≤ surface.grid/2",
        "wavenumber cut-offs of the spectrum in modes of the domain",
    ),
    key(
        "surface.k_r",
        "2π/L",
        Rule::POSITIVE,
        "surface.k_l ≤ surface.k_r ≤ surface.k_s",
        "roll-off wavenumber",
    ),
    key(
        "surface.k_s",
        "2π/L",
        Rule::POSITIVE,
        "surface.k_r ≤ surface.k_s ≤ surface.grid/2 (Nyquist)",
        "short-wavelength cut-off within the grid's Nyquist mode",
    ),
    key(
        "surface.rms_height_deformable",
        "m",
        rules::RMS_HEIGHT_M,
        "≤ surface.length",
        "an atom … 1 mm; heights above the side are needles",
    ),
    key(
        "surface.rms_height_tool",
        "m",
        rules::RMS_HEIGHT_M,
        "≤ surface.length",
        "an atom … 1 mm; heights above the side are needles",
    ),
    e(
        "surface.deformable_file",
        Place::Key,
        "path",
        Domain::InputPath,
        "",
        "a measured map (X3P, CSV, text), checked where it is read",
    ),
    e(
        "surface.tool_file",
        Place::Key,
        "path",
        Domain::InputPath,
        "",
        "a measured map (X3P, CSV, text), checked where it is read",
    ),
    key(
        "flakes.diameter",
        "m",
        rules::DEM_LENGTH_M,
        "flakes.thickness < flakes.diameter < surface.length; ≥ 2 pixels",
        "an atom … 1 cm",
    ),
    key(
        "flakes.thickness",
        "m",
        rules::DEM_LENGTH_M,
        "< flakes.diameter (oblate)",
        "an atom … 1 cm",
    ),
    key(
        "flakes.density",
        "kg/m³",
        rules::DENSITY,
        "",
        "foams … osmium (22 600 kg/m³)",
    ),
    key(
        "flakes.damping",
        "1/s",
        rules::DAMPING_PER_S,
        "",
        "viscous damping per unit mass; 1e12 /s already overdamps any flake",
    ),
    e(
        "flakes.drag_frame",
        Place::Key,
        "-",
        Domain::Choice,
        "",
        "sheet | lubricant",
    ),
    e(
        "flakes.rotational_damping",
        Place::Key,
        "-",
        Domain::Choice,
        "",
        "equal_relaxation (η_rot = η·I₁/m) | eq16 (η_rot = η·a², seed 000 Eq. 16); serde names any other word and the choices",
    ),
    e(
        "dem.integrator",
        Place::Key,
        "-",
        Domain::Choice,
        "",
        "auto | explicit | overdamped",
    ),
    key(
        "dem.tolerance",
        "-",
        open_closed(0.0, 1.0),
        "",
        "a fraction of the design overlap: an error per step above the whole overlap lets a flake pass through the tool",
    ),
    key(
        "dem.max_advance",
        "-",
        open_closed(0.0, 1.0),
        "",
        "a fraction of the design overlap: an advance per step above it passes through a flake",
    ),
    key(
        "dem.explicit_step",
        "-",
        Rule::closed(1e-3, 1.0),
        "",
        "a fraction of the stable step: above 1 unstable, below 1e-3 only more work",
    ),
    key(
        "dem.explicit_inertia",
        "-",
        Rule::closed(1e-3, 1.0),
        "",
        "a fraction of the physical inertia: above 1 heavier than the material, below 1e-3 the inertia-free limit is reached",
    ),
    key(
        "dem.stiffness_scale",
        "-",
        rules::STIFFNESS_SCALE,
        "",
        "a factor on seed 000's Hertz penalty stiffness: below 1/100 the design overlap of 5 % h_p becomes 5 h_p and flakes pass through the surfaces; above ×100 the explicit step shrinks ×10 for no contact physics",
    ),
    e(
        "dem.stiffness_velocity",
        Place::Key,
        "m/s",
        Domain::ZeroOr(Rule::closed(
            crate::dem::system::MIN_IMPACT_SPEED,
            rules::STIFFNESS_VELOCITY_MAX,
        )),
        "0: the Hertz stiffness at each case's own speed v0 (the seed's rule)",
        "one Hertz impact speed for every case: from the stiffness rule's floor (0.1 m/s) to 1 km/s, below aluminium's Rayleigh wave speed (≈ 2.9 km/s) where a Hertz impact estimate stops meaning anything",
    ),
    key(
        "process.velocities",
        "m/s",
        rules::SLIDING_SPEED,
        "distinct from sweep.velocities; at most the table's α samples together",
        "the core's α sample speeds: 1 nm/s … 1 km/s",
    ),
    key(
        "process.similarity_velocity",
        "m/s",
        Rule::closed(0.0, rules::SLIDING_SPEED_MAX),
        "0, or at most the fastest of sweep.velocities",
        "above the sweep's range every case would be simulated at one extrapolated speed",
    ),
    key(
        "process.seeds",
        "count",
        AT_LEAST_ONE,
        "cases within the memory budget",
        "placements per process case",
    ),
    key(
        "process.pressures",
        "Pa",
        Rule::POSITIVE,
        "< material.p_crit and < material.hardness",
        "nominal pressures of the process cases",
    ),
    key(
        "sweep.pressures",
        "Pa",
        Rule::POSITIVE,
        "< material.p_crit and < material.hardness",
        "nominal pressures of the sweep",
    ),
    key(
        "sweep.betas",
        "-",
        Rule::OPEN_UNIT,
        "",
        "third-body area fractions β of the sweep",
    ),
    key(
        "sweep.velocities",
        "m/s",
        rules::SLIDING_SPEED,
        "distinct; at most the table's α samples with process.velocities",
        "the core's α sample speeds: 1 nm/s … 1 km/s",
    ),
    key(
        "sweep.seeds",
        "count",
        AT_LEAST_ONE,
        "cases = |p|·|β|·|v|·seeds within the memory budget",
        "placements per case",
    ),
    key(
        "sweep.surfaces",
        "count",
        rules::SURFACE_PAIRS,
        "",
        "surface pairs: each is two grid² maps and a BEM solve per case",
    ),
    key(
        "sweep.slide_lengths",
        "domain lengths",
        Rule::POSITIVE,
        "slide steps × grid² within the work budget; the history within the memory budget",
        "sliding distance in domain lengths",
    ),
    key(
        "sweep.contact_pressures",
        "Pa",
        Rule::POSITIVE,
        "< material.p_crit and < material.hardness",
        "pressures of the contact curve",
    ),
    key(
        "bem.tolerance",
        "-",
        rules::BEM_TOLERANCE,
        "",
        "a relative tolerance; 10 stopped before the first iteration",
    ),
    key(
        "bem.max_iterations",
        "count",
        AT_LEAST_ONE,
        "",
        "an iteration cap",
    ),
    key(
        "random_field.samples",
        "count",
        rules::RANDOM_FIELD_SAMPLES,
        "",
        "a spread needs two realisations",
    ),
    key(
        "random_field.sigma_over_mu",
        "-",
        rules::COF_SIGMA_OVER_MU,
        "",
        "a Gaussian field above σ/μ = 1 is negative on over 16 % of its points",
    ),
    key(
        "random_field.tolerance",
        "-",
        Rule::OPEN_UNIT,
        "",
        "a relative tolerance",
    ),
    key(
        "random_field.plateau_tolerance",
        "-",
        Rule::OPEN_UNIT,
        "",
        "a relative tolerance",
    ),
    key(
        "random_field.max_nodes",
        "count",
        rules::RANDOM_FIELD_MAX_NODES,
        "",
        "mesh cap per side; 0 silently meshed 2 nodes",
    ),
    key(
        "asperity.added_masses",
        "kg",
        rules::ADDED_MASS_KG,
        "at most 8 (the table's pre-sliding loads)",
        "seed 003: 0–552 g on a 100 g slider; a tonne loads ≈ 4·10⁵ junctions",
    ),
    key(
        "asperity.steps_per_period",
        "steps per period",
        rules::STEPS_PER_PERIOD,
        "",
        "below 100 the period is not resolved; above 10⁷ Q_s converged long before",
    ),
    e(
        "systematic.terms",
        Place::Key,
        "-",
        Domain::Text,
        "1 to 8 terms (the table's uncertainty section); a config file's list replaces the preset's",
        "`[[systematic.terms]]`: α's systematic budget, combined in ln α by quadrature; an empty list would claim α has no systematic error",
    ),
    e(
        "systematic.terms.name",
        Place::Key,
        "-",
        Domain::Text,
        "",
        "what varies and over which range: 1 to 40 bytes of UTF-8 (the table's capacity)",
    ),
    key(
        "systematic.terms.ratio_lo",
        "-",
        rules::SYSTEMATIC_RATIO_LO,
        "ratio_lo ≤ 1 ≤ ratio_hi",
        "α at the lower end of the choice's range over α at the preset's choice; beyond ×10³ the interval passes what the table holds (α within ±10⁴)",
    ),
    key(
        "systematic.terms.ratio_hi",
        "-",
        rules::SYSTEMATIC_RATIO_HI,
        "ratio_lo ≤ 1 ≤ ratio_hi",
        "α at the upper end of the choice's range over α at the preset's choice; beyond ×10³ the interval passes what the table holds",
    ),
    e(
        "systematic.terms.source",
        Place::Key,
        "-",
        Domain::Text,
        "",
        "where the ratios come from (a study, a document, or \"placeholder pending study\")",
    ),
];

/// Every numeric `TRIBO_*` environment variable and the others (switches, paths).
pub const ENV: &[Entry] = &[
    e(
        "TRIBO_MEMORY_BUDGET",
        Place::Env,
        "B (or KiB … TiB, kB … TB)",
        Domain::Number(Rule::Real {
            lo: Bound::Open(0.0),
            hi: Bound::Closed(super::budget::MAX_BUDGET_BYTES),
        }),
        "",
        "beyond any one machine's memory above 1 PiB; it also bounds what is inflated from an X3P archive",
    ),
    e(
        "TRIBO_WORK_BUDGET",
        Place::Env,
        "h",
        Domain::Number(Rule::Real {
            lo: Bound::Open(0.0),
            hi: Bound::Closed(super::work::MAX_WORK_HOURS),
        }),
        "",
        "about a year of one core at most",
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
            .chain(super::inputs_options::OPTIONS)
    };
    all().find(|e| e.name == name).or_else(|| {
        let flag = name.rsplit_once(' ').map(|(_, f)| f)?;
        let shared = format!("* {flag}");
        all().find(|e| e.name == shared)
    })
}

/// Every entry of the table.
pub fn all() -> impl Iterator<Item = &'static Entry> {
    super::inputs_options::OPTIONS
        .iter()
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
         Generated from `calibrator/src/validate/inputs.rs` and `inputs_options.rs` by \
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
