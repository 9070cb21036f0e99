//! The command-line options of the rule table ([`super::inputs`]), one entry per option of
//! each command (or `"* --flag"` for an option shared by every command that has it).

use super::inputs_entry::{Domain, Entry, POSITIVE, n, nr, other};
use super::rule::{Bound, Rule};
use super::rules;

const NYQUIST: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(rules::GRID_SIDE_MAX_NYQUIST),
};
const AREA_PER_LOAD: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(1e-3),
};

/// The command-line options of the shared flags, `calibrate` and the physics commands
/// (`contact`, `dem`, `meso`, `random-field`, `asperity`).
pub const OPTIONS: &[Entry] = &[
    // -- shared by every command that has them
    other(
        "* --out",
        Domain::OutputPath,
        "a folder: locked, with a manifest; a foreign non-empty folder is refused",
    ),
    n(
        "* --threads",
        "count",
        rules::THREADS,
        "more threads than any machine's cores only cost memory",
    ),
    other("* --no-plots", Domain::Switch, "figures off"),
    other("* --seed", Domain::Any, "any 64-bit seed is a seed"),
    other("* --preset", Domain::Choice, "quick | standard | paper"),
    other(
        "* --config",
        Domain::InputPath,
        "a TOML file (a pipe works: --config <(…)); its keys are in the config table",
    ),
    other(
        "* --table",
        Domain::InputPath,
        "a calibration table; the core's validation and law gate",
    ),
    other(
        "* --output",
        Domain::OutputPath,
        "a file written atomically; not one of the run's inputs, not a device or FIFO; `-` or /dev/stdout is standard output, written as a stream",
    ),
    other(
        "* --into-table",
        Domain::InputPath,
        "read, changed, validated, written back atomically",
    ),
    other(
        "* --allow-foreign-material",
        Domain::Switch,
        "accept a table of another material pair",
    ),
    other(
        "* --threshold",
        Domain::Text,
        "a fracture threshold name (eq16 …), refused by name otherwise",
    ),
    // -- calibrate
    other(
        "calibrate --list-cases",
        Domain::Switch,
        "print the case list and stop",
    ),
    other(
        "calibrate --case",
        Domain::Any,
        "an index, checked against the case list",
    ),
    other(
        "calibrate --emit-slurm",
        Domain::Switch,
        "write a Slurm job array",
    ),
    other(
        "calibrate --merge",
        Domain::Switch,
        "finish from the case files",
    ),
    other(
        "calibrate --defaults",
        Domain::Switch,
        "write the documented defaults",
    ),
    other(
        "calibrate --print-config",
        Domain::Switch,
        "print the resolved configuration",
    ),
    // -- contact
    other(
        "contact --deformable-file",
        Domain::InputPath,
        "a measured map (X3P, CSV, text); an X3P is inflated within the memory budget",
    ),
    n(
        "contact --spacing",
        "m",
        rules::DEM_LENGTH_M,
        "a pixel spacing: an atom … 1 cm",
    ),
    n(
        "contact --height-unit",
        "m",
        rules::HEIGHT_UNIT_M,
        "metres per height unit of the file",
    ),
    n(
        "contact --hurst",
        "-",
        rules::HURST,
        "a self-affine surface's Hurst exponent",
    ),
    nr(
        "contact --k-l",
        "2π/L",
        POSITIVE,
        "--k-l ≤ --k-r ≤ --k-s",
        "a wavenumber cut-off in modes of the domain",
    ),
    nr(
        "contact --k-r",
        "2π/L",
        POSITIVE,
        "--k-l ≤ --k-r ≤ --k-s",
        "the roll-off wavenumber",
    ),
    nr(
        "contact --k-s",
        "2π/L",
        NYQUIST,
        "--k-s ≤ --n/2 (Nyquist)",
        "the short-wavelength cut-off",
    ),
    nr(
        "contact --n",
        "count",
        rules::GRID_SIDE,
        "n² within the memory budget; pixel --length/--n ≥ 0.1 nm",
        "the spectrum needs room between k_l, k_r and k_s ≤ n/2",
    ),
    nr(
        "contact --length",
        "m",
        rules::SURFACE_SIDE_M,
        "--length/--n ≥ 0.1 nm",
        "16 atoms … 1 m; seed 000: 100–500 µm",
    ),
    nr(
        "contact --rms-height",
        "m",
        rules::RMS_HEIGHT_M,
        "≤ --length",
        "an atom … 1 mm",
    ),
    n(
        "contact --rms-slope",
        "-",
        rules::RMS_SLOPE,
        "the core's h'_rms bound: a polished mirror … 84°",
    ),
    other(
        "contact --slope-definition",
        Domain::Choice,
        "spectral | fd",
    ),
    n(
        "contact --e-star",
        "Pa",
        rules::MODULUS,
        "1 MPa … 2 TPa (GPa without its unit is refused)",
    ),
    nr(
        "contact --p-crit",
        "Pa",
        rules::HARDNESS,
        "--p-max < --p-crit",
        "the core's hardness bound",
    ),
    other("contact --elastic", Domain::Switch, "no plastic saturation"),
    nr(
        "contact --p-min",
        "Pa",
        rules::PRESSURE,
        "--p-min ≤ --p-max",
        "a nominal pressure: 1 kPa … 200 GPa",
    ),
    nr(
        "contact --p-max",
        "Pa",
        rules::PRESSURE,
        "--p-min ≤ --p-max < --p-crit",
        "a nominal pressure: 1 kPa … 200 GPa",
    ),
    n(
        "contact --steps",
        "count",
        rules::PRESSURE_STEPS,
        "each is a BEM solve",
    ),
    n(
        "contact --tolerance",
        "-",
        rules::BEM_TOLERANCE,
        "a relative tolerance",
    ),
    n(
        "contact --connectivity",
        "-",
        Rule::count(4, 8),
        "4 or 8 (refused otherwise, naming the flag)",
    ),
    n(
        "contact --kappa-max-p-over-e",
        "-",
        rules::KAPPA_MAX_P_OVER_E,
        "the low-pressure range of Eq. 8",
    ),
    // -- dem
    nr(
        "dem --n",
        "count",
        rules::GRID_SIDE,
        "n² within the memory budget",
        "the spectrum needs room between k_l, k_r and k_s ≤ n/2",
    ),
    n("dem --length", "m", rules::DEM_LENGTH_M, "an atom … 1 cm"),
    n(
        "dem --hurst",
        "-",
        rules::HURST,
        "a self-affine surface's Hurst exponent",
    ),
    nr(
        "dem --k-l",
        "2π/L",
        POSITIVE,
        "--k-l ≤ --k-r ≤ --k-s",
        "a wavenumber cut-off",
    ),
    nr(
        "dem --k-r",
        "2π/L",
        POSITIVE,
        "--k-l ≤ --k-r ≤ --k-s",
        "the roll-off wavenumber",
    ),
    nr(
        "dem --k-s",
        "2π/L",
        NYQUIST,
        "--k-s ≤ --n/2 (Nyquist)",
        "the short-wavelength cut-off",
    ),
    n("dem --def-rms", "m", rules::DEM_LENGTH_M, "an atom … 1 cm"),
    n("dem --tool-rms", "m", rules::DEM_LENGTH_M, "an atom … 1 cm"),
    other("dem --deformable-file", Domain::InputPath, "a measured map"),
    other("dem --tool-file", Domain::InputPath, "a measured map"),
    n("dem --spacing", "m", rules::DEM_LENGTH_M, "an atom … 1 cm"),
    n(
        "dem --height-unit",
        "m",
        rules::HEIGHT_UNIT_M,
        "metres per height unit of the file",
    ),
    other("dem --drag-frame", Domain::Choice, "sheet | lubricant"),
    other(
        "dem --integrator",
        Domain::Choice,
        "auto | explicit | overdamped (overdamped needs --damping > 0)",
    ),
    nr(
        "dem --flakes",
        "count",
        rules::COUNT,
        "within the memory budget",
        "an empty domain is no study",
    ),
    other(
        "dem --placement",
        Domain::InputPath,
        "a CSV of flake positions inside the domain",
    ),
    nr(
        "dem --diameter",
        "m",
        rules::DEM_LENGTH_M,
        "--thickness ≤ --diameter",
        "an atom … 1 cm",
    ),
    nr(
        "dem --thickness",
        "m",
        rules::DEM_LENGTH_M,
        "--thickness ≤ --diameter",
        "an atom … 1 cm",
    ),
    n("dem --density", "kg/m³", rules::DENSITY, "foams … osmium"),
    n(
        "dem --v0",
        "m/s",
        rules::SLIDING_SPEED,
        "the core's sliding speeds",
    ),
    n(
        "dem --damping",
        "1/s",
        rules::DAMPING_PER_S,
        "1e12 /s already overdamps any flake",
    ),
    n("dem --e-star", "Pa", rules::MODULUS, "1 MPa … 2 TPa"),
    n(
        "dem --impact-speed",
        "m/s",
        rules::SLIDING_SPEED,
        "the core's sliding speeds",
    ),
    n("dem --distance", "m", rules::DEM_LENGTH_M, "an atom … 1 cm"),
    n(
        "dem --gap",
        "m",
        rules::DEM_GAP_M,
        "within ±1 cm (negative: interpenetrating means)",
    ),
    n("dem --max-tilt", "rad", rules::TILT, "0 … π/2"),
    n("dem --every", "count", rules::STRIDE, "an output stride"),
    // -- meso
    nr(
        "meso --pressure",
        "Pa",
        rules::PRESSURE,
        "< material.p_crit",
        "a nominal pressure",
    ),
    n(
        "meso --beta",
        "-",
        rules::BETA_LEVEL,
        "β above β_thres means μ_p; above 10 a percent",
    ),
    n(
        "meso --velocity",
        "m/s",
        rules::SLIDING_SPEED,
        "the core's sliding speeds: 1 nm/s … 1 km/s",
    ),
    other(
        "meso --seed-index",
        Domain::Any,
        "any placement index (mod sweep.surfaces picks the pair)",
    ),
    other(
        "meso --case",
        Domain::Any,
        "an index, checked against the case list",
    ),
    other("meso --sweep", Domain::Switch, "the whole sweep"),
    // -- random-field
    n(
        "random-field --samples",
        "count",
        rules::RANDOM_FIELD_SAMPLES,
        "a spread needs two",
    ),
    other(
        "random-field --mode",
        Domain::Choice,
        "the parts of the study",
    ),
    n(
        "random-field --sigma-over-mu",
        "-",
        rules::COF_SIGMA_OVER_MU,
        "a Gaussian field above σ/μ = 1 is negative on over 16 % of its points",
    ),
    n(
        "random-field --tolerance",
        "-",
        Rule::OPEN_UNIT,
        "a relative tolerance",
    ),
    n(
        "random-field --plateau-tolerance",
        "-",
        Rule::OPEN_UNIT,
        "a relative tolerance",
    ),
    n(
        "random-field --points",
        "count",
        Rule::count(2, 10_000),
        "points of a curve",
    ),
    n(
        "random-field --exponent",
        "-",
        Rule::count(1, 4),
        "the kernel exponent: 1, 2, 3 or 4",
    ),
    other(
        "random-field --sampler",
        Domain::Choice,
        "auto | cholesky | circulant …",
    ),
    n(
        "random-field --max-nodes",
        "count",
        rules::RANDOM_FIELD_MAX_NODES,
        "0 silently meshed 2 nodes",
    ),
    n(
        "random-field --crank-realisations",
        "count",
        rules::REALISATIONS,
        "a spread needs two; each is a simulation",
    ),
    // -- asperity
    nr(
        "asperity --loads",
        "N",
        POSITIVE,
        "each load's junctions within the memory budget",
        "normal loads",
    ),
    other(
        "asperity --junctions",
        Domain::InputPath,
        "junction area files; each area within (0, 1e-2] m²",
    ),
    other(
        "asperity --family",
        Domain::Choice,
        "the junction population family",
    ),
    n(
        "asperity --area-per-load",
        "m²/N",
        AREA_PER_LOAD,
        "1/H: 1e-3 m²/N is a hardness of 1 kPa",
    ),
    n(
        "asperity --min-area",
        "m²",
        rules::JUNCTION_AREA_M2,
        "a junction, not a whole contact",
    ),
    n(
        "asperity --max-area",
        "m²",
        rules::JUNCTION_AREA_M2,
        "a junction, not a whole contact",
    ),
    n(
        "asperity --exponent",
        "-",
        rules::POWER_LAW_EXPONENT,
        "seed 003: 1 … 1.5",
    ),
    n(
        "asperity --spike-fraction",
        "-",
        rules::FRACTION,
        "a fraction",
    ),
    n(
        "asperity --spike-median",
        "m²",
        rules::JUNCTION_AREA_M2,
        "a junction, not a whole contact",
    ),
    n(
        "asperity --spike-sigma-ln",
        "-",
        rules::SIGMA_LN,
        "e⁵ per σ spans the seed's decades",
    ),
    n(
        "asperity --median-area",
        "m²",
        rules::JUNCTION_AREA_M2,
        "a junction, not a whole contact",
    ),
    n(
        "asperity --sigma-ln",
        "-",
        rules::SIGMA_LN,
        "e⁵ per σ spans the seed's decades",
    ),
    n(
        "asperity --eta",
        "1/s",
        rules::ASPERITY_ETA,
        "seed 003: 100 /s",
    ),
    n("asperity --cmin", "-", rules::CMIN, "a velocity ratio"),
    n("asperity --epsilon", "-", rules::FRACTION, "a fraction"),
    n(
        "asperity --steps-per-period",
        "count",
        rules::STEPS_PER_PERIOD,
        "below 100 the period is not resolved",
    ),
    nr(
        "asperity --duration",
        "s",
        POSITIVE,
        "junction-steps within the work budget",
        "a simulated duration",
    ),
    nr(
        "asperity --samples",
        "count",
        rules::SERIES_SAMPLES,
        "within the memory budget",
        "recorded samples",
    ),
    other(
        "asperity --exact-eq11",
        Domain::Switch,
        "the dichotomy solver",
    ),
];

/// Every command-line option: [`OPTIONS`] and those of the process and table commands
/// ([`super::inputs_options_process::OPTIONS`]).
pub fn options() -> impl Iterator<Item = &'static Entry> {
    OPTIONS.iter().chain(super::inputs_options_process::OPTIONS)
}
