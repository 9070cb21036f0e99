//! Defaults defined once (issue 44): every default that `--help` shows, for every subcommand,
//! is either the engine's own default (and equal to it, value for value, after the flag's own
//! parser) or listed in [`CLI_ONLY`] with the reason it has no engine counterpart. A new flag
//! with a default fails here until it is put in one of the two lists.
//!
//! The walk is clap's command tree ([`clap::Command::get_subcommands`]); each command's
//! defaults are read back by parsing it with no arguments (`ignore_errors`: a missing required
//! argument does not stop the defaults from being filled), so a default is compared as the
//! command would see it (`140mm` → 0.14 through `units::metres`).

use std::collections::BTreeMap;

use clap::{ArgMatches, Command, CommandFactory, ValueEnum};

use crate::cli::Cli;
use crate::commands;
use tribo_calibrator::asperity::population::{BimodalPopulation, Generator, LognormalPopulation};
use tribo_calibrator::asperity::slider::ModelParams;
use tribo_calibrator::numerics::least_squares::LsqOptions;
use tribo_calibrator::random_field::curves::CurveConfig;
use tribo_calibrator::strip_draw::{NumericSettings, SweepSpec};
use tribo_calibrator::third_body::study;

/// Defaults with no engine counterpart: `(command path, flag id, why)`.
const CLI_ONLY: &[(&str, &str, &str)] = &[
    // Output folders, seeds and run sizes are the command's own choice.
    ("asperity", "out", "output folder"),
    ("asperity", "seed", "the command's master seed"),
    (
        "asperity",
        "samples",
        "recorded samples per run (a report choice)",
    ),
    ("calibrate", "out", "output folder"),
    (
        "calibrate",
        "preset",
        "the quick preset is the command's default run",
    ),
    ("calibrate", "seed", "the command's master seed"),
    ("study sensitivity", "seed", "the study's master seed"),
    ("contact", "out", "output folder"),
    (
        "contact",
        "hurst",
        "the command's generated surface (no engine default surface)",
    ),
    ("contact", "k_l", "the command's generated surface"),
    ("contact", "k_r", "the command's generated surface"),
    ("contact", "k_s", "the command's generated surface"),
    ("contact", "n", "the command's generated surface"),
    ("contact", "length", "the command's generated surface"),
    (
        "contact",
        "slope_definition",
        "the command's generated surface",
    ),
    ("contact", "seed", "the command's master seed"),
    (
        "contact",
        "e_star",
        "seed 000's 55 GPa in f64 (core's seed000::E_STAR is f32)",
    ),
    (
        "contact",
        "p_crit",
        "seed 000's 340 MPa, the command's sweep",
    ),
    ("contact", "p_min", "the command's pressure sweep"),
    ("contact", "p_max", "the command's pressure sweep"),
    ("contact", "steps", "the command's pressure sweep"),
    ("contact", "tolerance", "the command's BEM tolerance"),
    ("contact", "kappa_max_p_over_e", "the command's κ fit range"),
    ("dem", "out", "output folder"),
    ("dem", "seed", "the command's master seed"),
    ("dem", "n", "the command's generated surfaces"),
    ("dem", "length", "the command's generated surfaces"),
    ("dem", "hurst", "the command's generated surfaces"),
    ("dem", "k_l", "the command's generated surfaces"),
    ("dem", "k_r", "the command's generated surfaces"),
    ("dem", "k_s", "the command's generated surfaces"),
    ("dem", "def_rms", "the command's generated surfaces"),
    ("dem", "tool_rms", "the command's generated surfaces"),
    ("dem", "flakes", "the command's flake set"),
    ("dem", "diameter", "the command's flake set"),
    ("dem", "thickness", "the command's flake set"),
    ("dem", "density", "the command's flake set"),
    ("dem", "v0", "the command's slide"),
    (
        "dem",
        "damping",
        "the presets' flakes.damping value (a config, not an engine default)",
    ),
    (
        "dem",
        "integrator",
        "the command's reference integrator (`tribo dem` ran explicit before it had the flag; \
         the presets' auto is a config, IntegratorChoice has no engine default)",
    ),
    ("dem", "e_star", "the command's Hertz estimate"),
    ("dem", "distance", "the command's slide"),
    ("dem", "max_tilt", "the command's placement"),
    ("dem", "every", "output sampling"),
    ("export", "pressures", "the exported grid"),
    ("export", "velocities", "the exported grid"),
    ("export", "betas", "the exported grid"),
    ("export", "first_id", "LS-DYNA numbering"),
    ("fit saturation", "out", "output folder"),
    ("fit strip-draw", "out", "output folder"),
    ("fretting incline", "mu_static", "the demonstration's block"),
    (
        "fretting incline",
        "mu_kinetic",
        "the demonstration's block",
    ),
    ("fretting incline", "out", "output folder"),
    ("fretting circles", "cells", "the demonstration's mesh"),
    ("fretting circles", "out", "output folder"),
    ("fretting asperity", "out", "output folder"),
    ("fretting plate", "cells", "the study's meshes"),
    ("fretting plate", "threshold", "the study's fracture law"),
    ("fretting plate", "out", "output folder"),
    ("fretting wear", "pressures", "the sweep's pressures"),
    ("fretting wear", "realisations", "the sweep's size"),
    ("fretting wear", "cells", "the sweep's mesh"),
    ("fretting wear", "amplitude", "the sweep's slip"),
    ("fretting wear", "threshold", "the sweep's fracture law"),
    ("fretting wear", "seed", "the sweep's master seed"),
    ("fretting wear", "out", "output folder"),
    ("fretting mesh-study", "cells", "the study's meshes"),
    ("fretting mesh-study", "pressure", "the study's pressure"),
    ("fretting mesh-study", "realisations", "the study's size"),
    (
        "fretting mesh-study",
        "threshold",
        "the study's fracture law",
    ),
    ("fretting mesh-study", "seed", "the study's master seed"),
    ("fretting mesh-study", "out", "output folder"),
    (
        "meso",
        "preset",
        "the quick preset is the command's default run",
    ),
    ("meso", "seed", "the command's master seed"),
    ("meso", "seed_index", "the first placement"),
    ("meso", "out", "output folder"),
    ("random-field", "out", "output folder"),
    ("random-field", "mode", "what the command computes"),
    (
        "random-field",
        "tolerance",
        "the command's threshold criterion",
    ),
    (
        "random-field",
        "plateau_tolerance",
        "the command's threshold criterion",
    ),
    (
        "random-field",
        "crank_realisations",
        "the command's crank-slider study size",
    ),
    ("strip-draw", "out", "output folder"),
    ("third-body", "out", "output folder"),
    ("third-body", "seed", "the command's master seed"),
    ("third-body", "seeds", "the sweep's size"),
    ("third-body", "kind", "which sweep the command runs"),
    ("third-body", "gamma", "the shear run's cohesion (dry)"),
    (
        "third-body",
        "preshear",
        "held steps of the command's runs (the engine's run has none)",
    ),
    ("third-body", "sweep_order", "the command's NSGS order"),
    ("third-body", "gammas", "the cohesion sweep's values"),
    ("third-body", "thermal", "the command's thermal constants"),
];

/// A default as the command parses it: numbers by their `Debug` text (exact for floats),
/// value enums and text by the name typed.
fn parsed(m: &ArgMatches, id: &str) -> Vec<String> {
    macro_rules! typed {
        ($($t:ty),*) => {$(
            if let Ok(Some(v)) = m.try_get_many::<$t>(id) {
                return v.map(|x| format!("{x:?}")).collect();
            }
        )*};
    }
    typed!(f64, f32, usize, u64, u32, u8);
    m.get_raw(id)
        .map(|v| v.map(|s| s.to_string_lossy().into_owned()).collect())
        .unwrap_or_default()
}

fn dbg<T: std::fmt::Debug>(v: impl IntoIterator<Item = T>) -> Vec<String> {
    v.into_iter().map(|x| format!("{x:?}")).collect()
}

fn names<E: ValueEnum>(v: impl IntoIterator<Item = E>) -> Vec<String> {
    v.into_iter()
        .map(|e| e.to_possible_value().unwrap().get_name().to_owned())
        .collect()
}

/// The engines' defaults, keyed by (command path, flag id), as [`parsed`] renders them.
fn engine_defaults() -> BTreeMap<(&'static str, &'static str), Vec<String>> {
    use commands::asperity::Family;
    use commands::strip_draw::{SourceRuleArg, StudyArg};
    let spec = SweepSpec::seed_000();
    let bar = NumericSettings::seed_000();
    let curves = CurveConfig::default();
    let (bimodal, lognormal) = (BimodalPopulation::default(), LognormalPopulation::default());
    let model = ModelParams::seed003(1.0);
    let (cell, run, thermal) = (
        study::default_cell(),
        study::default_run(),
        study::default_thermal(),
    );
    let family = match Generator::default() {
        Generator::Bimodal(_) => Family::Bimodal,
        Generator::Lognormal(_) => Family::Lognormal,
        Generator::PowerLaw(_) => Family::LogUniform,
    };
    let mut m = BTreeMap::new();
    for path in ["strip-draw", "fit strip-draw"] {
        m.insert((path, "slide"), dbg([bar.slide]));
        m.insert((path, "window"), dbg([bar.window]));
        m.insert((path, "element_size"), dbg([bar.element_length]));
        m.insert((path, "courant"), dbg([bar.courant]));
    }
    m.insert(
        ("strip-draw", "studies"),
        names(spec.studies.iter().map(|&s| StudyArg::from(s))),
    );
    m.insert(("strip-draw", "pressures"), dbg(&spec.pressures));
    m.insert(("strip-draw", "tools"), dbg(&spec.tools));
    m.insert(("strip-draw", "zetas"), dbg(&spec.zetas));
    m.insert(("strip-draw", "archard_ks"), dbg(&spec.archard_ks));
    m.insert(("strip-draw", "passes"), dbg([spec.passes]));
    m.insert(
        ("fit strip-draw", "max_iterations"),
        dbg([LsqOptions::default().max_iterations]),
    );
    m.insert(
        ("fit saturation", "source_rule"),
        names([SourceRuleArg::from(
            tribo_core::transport::SourceRule::default(),
        )]),
    );
    m.insert(("random-field", "seed"), dbg([curves.seed]));
    m.insert(("random-field", "samples"), dbg([curves.samples]));
    m.insert(
        ("random-field", "sigma_over_mu"),
        dbg([curves.sigma_over_mu]),
    );
    m.insert(("random-field", "points"), dbg([curves.points]));
    m.insert(("random-field", "exponent"), dbg([curves.exponent]));
    m.insert(("random-field", "max_nodes"), dbg([curves.max_nodes]));
    m.insert(
        ("random-field", "sampler"),
        names([commands::random_field::SamplerArg::from(curves.sampler)]),
    );
    m.insert(("asperity", "family"), names([family]));
    m.insert(
        ("asperity", "area_per_load"),
        dbg([bimodal.bulk.area_per_load]),
    );
    m.insert(
        ("asperity", "spike_fraction"),
        dbg([bimodal.spike_fraction]),
    );
    m.insert(("asperity", "spike_median"), dbg([bimodal.spike_median]));
    m.insert(
        ("asperity", "spike_sigma_ln"),
        dbg([bimodal.spike_sigma_ln]),
    );
    m.insert(("asperity", "median_area"), dbg([lognormal.median_area]));
    m.insert(("asperity", "sigma_ln"), dbg([lognormal.sigma_ln]));
    m.insert(("asperity", "eta"), dbg([model.eta]));
    m.insert(("asperity", "cmin"), dbg([model.c_min]));
    m.insert(("asperity", "epsilon"), dbg([model.epsilon]));
    m.insert(
        ("asperity", "steps_per_period"),
        dbg([model.steps_per_period]),
    );
    m.insert(("third-body", "particles"), dbg([cell.particles]));
    m.insert(("third-body", "normal_force"), dbg([cell.normal_force]));
    m.insert(("third-body", "wall_velocity"), dbg([cell.wall_velocity]));
    m.insert(("third-body", "time_step"), dbg([cell.h]));
    m.insert(("third-body", "relaxation"), dbg([cell.solver.relaxation]));
    m.insert(
        ("third-body", "max_sweeps"),
        dbg([cell.solver.max_iterations]),
    );
    m.insert(("third-body", "steps"), dbg([run.shear_steps]));
    m.insert(("third-body", "temperature"), dbg([thermal.temperature]));
    m.insert(
        ("dem", "drag_frame"),
        names([commands::dem::DragFrameArg::from(
            tribo_calibrator::dem::DragFrame::default(),
        )]),
    );
    m.insert(
        ("contact", "connectivity"),
        names([commands::contact::ConnectivityArg::from(
            tribo_calibrator::bem::Connectivity::default(),
        )]),
    );
    m.insert(
        ("dem", "height_unit"),
        dbg([tribo_calibrator::surface::source::DEFAULT_TEXT_HEIGHT_UNIT]),
    );
    m
}

/// Every (command path, flag id, defaults as parsed) of the tree under `cmd`.
fn walk(cmd: &Command, path: &str, out: &mut Vec<(String, String, Vec<String>)>) {
    let with_defaults: Vec<_> = cmd
        .get_arguments()
        // Switches (`--no-plots`) default to "false" by construction: not a typed default.
        .filter(|a| a.get_action().takes_values() && !a.get_default_values().is_empty())
        .map(|a| a.get_id().as_str().to_owned())
        .collect();
    if !with_defaults.is_empty() {
        let m = cmd
            .clone()
            .ignore_errors(true)
            .try_get_matches_from([cmd.get_name()])
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        for id in with_defaults {
            let v = parsed(&m, &id);
            out.push((path.to_owned(), id, v));
        }
    }
    for sub in cmd.get_subcommands() {
        let p = if path.is_empty() {
            sub.get_name().to_owned()
        } else {
            format!("{path} {}", sub.get_name())
        };
        walk(sub, &p, out);
    }
}

#[test]
fn help_defaults_are_the_engines_defaults() {
    let mut tree = Cli::command();
    tree.build();
    let mut shown = Vec::new();
    walk(&tree, "", &mut shown);
    let engine = engine_defaults();
    let mut problems = Vec::new();
    let mut compared = 0;
    for (path, id, value) in &shown {
        let key = (path.as_str(), id.as_str());
        match engine.iter().find(|(k, _)| **k == key) {
            Some((_, want)) => {
                compared += 1;
                if value != want {
                    problems.push(format!(
                        "tribo {path} --{id}: --help default {value:?}, engine {want:?}"
                    ));
                }
            }
            None if CLI_ONLY.iter().any(|&(p, i, _)| (p, i) == key) => {}
            None => problems.push(format!(
                "tribo {path} --{id} = {value:?}: neither an engine default nor in CLI_ONLY"
            )),
        }
    }
    // Every listed engine default and CLI-only flag is still a flag with a default.
    for (p, i) in engine
        .keys()
        .copied()
        .chain(CLI_ONLY.iter().map(|&(p, i, _)| (p, i)))
    {
        if !shown
            .iter()
            .any(|(sp, si, _)| (sp.as_str(), si.as_str()) == (p, i))
        {
            problems.push(format!("tribo {p} --{i}: listed here but has no default"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(compared, engine.len());
}
