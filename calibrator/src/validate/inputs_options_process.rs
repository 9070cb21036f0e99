//! The command-line options of the rule table ([`super::inputs`]) for the process and table
//! commands: `strip-draw`, `fit`, `fretting`, `inspect`, `export`, `completions`, `man`,
//! `study` and `third-body` (the shared flags and the physics commands are in
//! [`super::inputs_options`]).

use super::inputs_entry::{Domain, Entry, POSITIVE, n, nr, other};
use super::rule::{Bound, Rule};
use super::rules;

const COURANT: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(1.0),
};
const RELAXATION: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Open(2.0),
};

/// The command-line options of the process and table commands.
pub const OPTIONS: &[Entry] = &[
    // -- strip-draw
    other("strip-draw --studies", Domain::Choice, "the studies to run"),
    nr(
        "strip-draw --pressures",
        "Pa",
        rules::PRESSURE,
        "< the table's hardness H",
        "nominal pressures: a pressure at H is fully plastic",
    ),
    n(
        "strip-draw --tools",
        "m",
        rules::TOOL_LENGTH_M,
        "seed 000: 35–140 mm",
    ),
    n("strip-draw --zetas", "-", rules::FRACTION, "a fraction"),
    n(
        "strip-draw --archard-ks",
        "-",
        rules::ARCHARD_K,
        "the worn volume per load and distance over 1/H",
    ),
    n(
        "strip-draw --passes",
        "count",
        rules::PASSES,
        "each pass is a bar simulation",
    ),
    n("strip-draw --zeta", "-", rules::FRACTION, "a fraction"),
    n(
        "strip-draw --archard-k",
        "-",
        rules::ARCHARD_K,
        "the worn volume per load and distance over 1/H",
    ),
    nr(
        "strip-draw --map-pressure",
        "Pa",
        rules::PRESSURE,
        "< the table's hardness H",
        "a nominal pressure",
    ),
    other(
        "strip-draw --check-refinement",
        Domain::Switch,
        "the refinement check",
    ),
    n(
        "strip-draw --particle-friction",
        "-",
        rules::FRICTION_COEFFICIENT,
        "μ_p: nothing sheared reaches 10",
    ),
    other("* --source-rule", Domain::Choice, "archard | uncovered"),
    nr(
        "* --slide",
        "m",
        rules::SLIDE_M,
        "≥ --window",
        "1 µm … 10 m",
    ),
    nr(
        "* --window",
        "m",
        rules::SLIDE_M,
        "≤ --slide",
        "1 µm … 10 m",
    ),
    nr(
        "* --element-size",
        "m",
        rules::ELEMENT_SIZE_M,
        "nodes within the memory budget; element-steps within the work budget",
        "coarser than a third of the shortest tool resolves nothing",
    ),
    nr(
        "* --time-step",
        "s",
        POSITIVE,
        "below the bar's stability limit (strip-draw); V·h within [1e-3, 0.5] r_min (third-body)",
        "a time step against the element's or the disk's own time",
    ),
    n("* --courant", "-", COURANT, "a fraction of the stable step"),
    // -- fit
    other(
        "fit strip-draw --data",
        Domain::InputPath,
        "measured μ̄ per tool and pressure",
    ),
    other("fit strip-draw --fit-k", Domain::Switch, "fit K too"),
    other(
        "fit strip-draw --fit-particle-friction",
        Domain::Switch,
        "fit μ_p too",
    ),
    n(
        "fit strip-draw --particle-friction",
        "-",
        rules::FRICTION_COEFFICIENT,
        "μ_p: nothing sheared reaches 10",
    ),
    other(
        "fit strip-draw --profile",
        Domain::Switch,
        "profile-likelihood intervals",
    ),
    n(
        "fit strip-draw --tau0",
        "Pa",
        rules::SHEAR_STRENGTH,
        "the core's τ0 bound",
    ),
    n("fit strip-draw --zeta", "-", rules::FRACTION, "a fraction"),
    n(
        "fit strip-draw --archard-k",
        "-",
        rules::ARCHARD_K,
        "the core's K bound",
    ),
    n(
        "fit strip-draw --max-iterations",
        "count",
        rules::SWEEP_CAP,
        "an iteration cap",
    ),
    // -- fretting
    n(
        "fretting incline --mu-static",
        "-",
        rules::FRICTION_COEFFICIENT,
        "a friction coefficient",
    ),
    nr(
        "fretting incline --mu-kinetic",
        "-",
        rules::FRICTION_COEFFICIENT,
        "≤ --mu-static",
        "a friction coefficient",
    ),
    nr(
        "fretting circles --cells",
        "count",
        rules::CIRCLE_CELLS,
        "cells³ within the work budget",
        "elements across a radius",
    ),
    nr(
        "fretting plate --cells",
        "count",
        rules::DDE_CELLS,
        "cells³ within the work budget",
        "mesh cells",
    ),
    nr(
        "fretting wear --pressures",
        "Pa",
        rules::PRESSURE,
        "",
        "nominal pressures",
    ),
    n(
        "fretting wear --realisations",
        "count",
        rules::REALISATIONS,
        "a spread needs two",
    ),
    nr(
        "fretting wear --cells",
        "count",
        rules::DDE_CELLS,
        "cells³ within the work budget",
        "mesh cells",
    ),
    n(
        "fretting wear --amplitude",
        "m",
        rules::FRETTING_AMPLITUDE_M,
        "0 (unidirectional) or 1 nm … 1 mm: below a nanometre nothing slips",
    ),
    nr(
        "fretting mesh-study --cells",
        "count",
        rules::DDE_CELLS,
        "cells³ within the work budget",
        "mesh cells",
    ),
    n(
        "fretting mesh-study --pressure",
        "Pa",
        rules::PRESSURE,
        "a nominal pressure",
    ),
    n(
        "fretting mesh-study --realisations",
        "count",
        rules::REALISATIONS,
        "a spread needs two",
    ),
    // -- inspect, export, completions, man
    other(
        "inspect <FILE>",
        Domain::InputPath,
        "a calibration table (the spelling before --table, hidden; conflicts with --table)",
    ),
    other("inspect --json", Domain::Switch, "JSON output"),
    other(
        "export --format",
        Domain::Choice,
        "lsdyna | abaqus | csv | json",
    ),
    nr(
        "export --pressures",
        "Pa",
        rules::PRESSURE,
        "strictly increasing",
        "nominal pressures",
    ),
    nr(
        "export --velocities",
        "m/s",
        Rule::closed(0.0, rules::SLIDING_SPEED_MAX),
        "strictly increasing",
        "0 is the static row; the core's sliding speeds above",
    ),
    nr(
        "export --betas",
        "-",
        rules::BETA_LEVEL,
        "strictly increasing; ≤ the table's largest β_thres",
        "β above β_thres means μ_p",
    ),
    nr(
        "export --draw-lengths",
        "m",
        rules::DRAW_LENGTH_M,
        "strictly increasing",
        "1 µm … 10 m",
    ),
    other(
        "export --units",
        Domain::Choice,
        "si | mm-s | mm-ms: the unit system of an lsdyna or abaqus deck (mm-s when omitted); refused for csv and json, which are SI",
    ),
    other("export --first-id", Domain::Any, "any LS-DYNA ID"),
    other(
        "completions <SHELL>",
        Domain::Choice,
        "bash | zsh | fish | elvish | powershell",
    ),
    other(
        "man --out",
        Domain::OutputPath,
        "a folder: locked, with a manifest; a foreign non-empty folder is refused",
    ),
    other(
        "completions --install",
        Domain::OutputPath,
        "a prefix (not a file): bash, zsh and fish scripts under PREFIX/share, replaced file by file; conflicts with <SHELL>",
    ),
    other(
        "man --install",
        Domain::OutputPath,
        "a prefix (not a file): every page into PREFIX/share/man/man1, replaced file by file; conflicts with --out",
    ),
    // -- study
    other(
        "study sensitivity --plan",
        Domain::InputPath,
        "the plan (TOML: base, shared cases, factors and levels); each case's config is checked as a calibrate config",
    ),
    other(
        "study sensitivity --list-cases",
        Domain::Switch,
        "write the case list (cases.json) and stop",
    ),
    other(
        "study sensitivity --case",
        Domain::Any,
        "an index, checked against the study's case list",
    ),
    other(
        "study sensitivity --emit-slurm",
        Domain::Switch,
        "write a Slurm job array and its merge and stop",
    ),
    other(
        "study sensitivity --merge",
        Domain::Switch,
        "write the outputs from the case files",
    ),
    // -- third-body
    other(
        "third-body <ACTION>",
        Domain::Choice,
        "validate | shear | sweep",
    ),
    n(
        "third-body --seeds",
        "count",
        rules::SEEDS,
        "each is a simulation",
    ),
    other("third-body --kind", Domain::Choice, "the sweep's variable"),
    n(
        "third-body --gamma",
        "N/m",
        rules::SURFACE_ENERGY,
        "solid surface energies are below ≈ 5 J/m²",
    ),
    other("third-body --eq17", Domain::Switch, "Eq. 17 heating"),
    other(
        "third-body --reservoir-walls",
        Domain::Switch,
        "reservoir walls",
    ),
    nr(
        "third-body --preshear",
        "count",
        Rule::count(0, u64::MAX),
        "disk-steps within the work budget",
        "held steps",
    ),
    nr(
        "third-body --particles",
        "count",
        Rule::count(20, u64::MAX),
        "within the memory and work budgets",
        "a layer needs at least 20 disks",
    ),
    nr(
        "third-body --columns",
        "count",
        Rule::count(4, u64::MAX),
        "≤ --particles",
        "the period needs 4 columns of 2·r_max",
    ),
    nr(
        "third-body --normal-force",
        "N/m",
        POSITIVE,
        "F·h²/m ≤ 0.5 r_min",
        "a step must not move a disk by half its radius",
    ),
    n(
        "third-body --relaxation",
        "-",
        RELAXATION,
        "the NSGS relaxation ω",
    ),
    other("third-body --sweep-order", Domain::Choice, "forward | …"),
    n(
        "third-body --max-sweeps",
        "count",
        rules::SWEEP_CAP,
        "a cap of solver sweeps",
    ),
    n(
        "third-body --preparation-sweeps",
        "count",
        rules::SWEEP_CAP,
        "a cap of solver sweeps",
    ),
    n(
        "third-body --gammas",
        "N/m",
        rules::SURFACE_ENERGY,
        "solid surface energies are below ≈ 5 J/m²",
    ),
    nr(
        "third-body --steps",
        "count",
        Rule::count(200, u64::MAX),
        "disk-steps within the work budget",
        "at least 200 shear steps",
    ),
    nr(
        "third-body --wall-velocity",
        "m/s",
        rules::SLIDING_SPEED,
        "V·h within [1e-3, 0.5] r_min",
        "the core's sliding speeds",
    ),
    n(
        "third-body --temperature",
        "K",
        rules::TEMPERATURE_K,
        "above 10⁴ K every solid has evaporated",
    ),
    other("third-body --thermal", Domain::Choice, "scaled | …"),
    n(
        "third-body --baseline-relaxation",
        "-",
        RELAXATION,
        "the NSGS relaxation ω",
    ),
];
