//! The vocabulary of the command line (issue 45 item 6, tests only): a walk over clap's whole
//! command tree as the user meets it ([`crate::cli::command`]: every subcommand at every depth,
//! every argument) that checks one grammar:
//!
//! - a folder written is `--out DIR`; a table read is `--table FILE` (written: `--into-table`
//!   in place, `-o/--output` as a new file); a measured surface is `--deformable-file` /
//!   `--tool-file` (the config's `surface.deformable_file` / `surface.tool_file`) with its units
//!   named `--spacing` and `--height-unit`, as the config names them;
//! - every option's value name is one of [`VALUE_NAMES`];
//! - one long name is one idea: a switch everywhere or a value everywhere, a path everywhere or
//!   nowhere, with one value name (but for [`SHAPES_BY_COMMAND`]);
//! - every real-valued option states its unit in brackets (`[m]`, `[Pa]`, `[m/s]`, … or `[-]`
//!   for a pure number);
//! - `--threads` on exactly the commands whose work runs on rayon's pool ([`PARALLEL`]);
//! - every old spelling clap still accepts (a hidden alias) warns with its new name
//!   ([`crate::renamed_flags`]), and no idea has two visible spellings.

use std::any::TypeId;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The value names an option may show (`--out <DIR>`, `--threads <N>`, `--pressure <VALUE>`).
const VALUE_NAMES: &[&str] = &[
    "FILE",   // a file read or written
    "DIR",    // a folder written (`--out`)
    "PREFIX", // an install prefix (`--install`)
    "N",      // a count or size
    "I",      // an index (`--case I`)
    "VALUE",  // a real number, with its unit in the help
    "LIST",   // a comma-separated list
    "CHOICE", // one of the possible values listed in the help
    "TEXT",   // free text
];

/// Units a real-valued option may state (in brackets). `-`: a pure number; `2π/L`, `modes of
/// 2π/L`: wavenumbers in modes of the domain.
const UNITS: &[&str] = &[
    "m",
    "Pa",
    "m/s",
    "s",
    "N",
    "K",
    "1/s",
    "kg/m³",
    "rad",
    "m²",
    "N/m",
    "J/m²",
    "m²/N",
    "-",
    "2π/L",
    "modes of 2π/L",
];

/// The commands whose work runs in parallel on rayon's pool (a `par_iter` reached from their
/// pipeline), and so offer `--threads`; every other command must not.
const PARALLEL: &[&str] = &[
    "tribo calibrate",           // pipeline/case_runner.rs
    "tribo dem",                 // dem/loads.rs, dem/overdamped.rs
    "tribo meso",                // pipeline/meso_sweep.rs (--sweep)
    "tribo random-field",        // random_field/monte_carlo.rs, crank_slider.rs
    "tribo asperity",            // asperity/sweep.rs
    "tribo strip-draw",          // strip_draw/cases.rs, refine.rs
    "tribo fit strip-draw",      // strip_draw/fit/mod.rs
    "tribo fit saturation",      // strip_draw/saturation.rs
    "tribo fretting wear",       // studies/dde/wear_study.rs
    "tribo fretting mesh-study", // studies/dde/k_mesh_study.rs
    "tribo study sensitivity",   // pipeline/case_runner.rs
    "tribo third-body",          // third_body/study.rs
];

/// Long names whose value has a different shape by command, each for its reason.
const SHAPES_BY_COMMAND: &[(&str, &str)] = &[
    (
        "cells",
        "a mesh: one count (`fretting wear`), a list of meshes (`fretting plate`, `mesh-study`) \
         or elements per radius, a real (`fretting circles`)",
    ),
    (
        "exponent",
        "two exponents: the correlation exponent n of exp(−(r/l)^n), a whole number \
         (`random-field`), and the power law's τ, a real (`asperity`)",
    ),
];

/// One argument of the tree, with the command it belongs to.
struct Opt {
    path: String,
    arg: clap::Arg,
}

impl Opt {
    fn long(&self) -> Option<&str> {
        self.arg.get_long()
    }
    fn name(&self) -> String {
        format!("{} --{}", self.path, self.long().unwrap_or("<positional>"))
    }
    fn help(&self) -> String {
        let h = self.arg.get_long_help().or(self.arg.get_help());
        h.map(ToString::to_string)
            .unwrap_or_default()
            .replace("\\[", "[")
            .replace("\\]", "]")
    }
    fn takes(&self) -> bool {
        self.arg.get_action().takes_values()
    }
    fn is(&self, t: TypeId) -> bool {
        self.arg.get_value_parser().type_id() == t
    }
    fn is_path(&self) -> bool {
        self.is(TypeId::of::<PathBuf>())
    }
    fn is_real(&self) -> bool {
        self.is(TypeId::of::<f64>()) || self.is(TypeId::of::<f32>())
    }
    fn value_name(&self) -> String {
        self.arg
            .get_value_names()
            .and_then(|v| v.first())
            .map_or_else(
                || self.arg.get_id().as_str().to_uppercase(),
                ToString::to_string,
            )
    }
}

/// Every argument of every command of `root`, and the command paths.
fn tree(mut root: clap::Command) -> (Vec<Opt>, Vec<(String, clap::Command)>) {
    fn walk(
        prefix: &str,
        cmd: &clap::Command,
        opts: &mut Vec<Opt>,
        cmds: &mut Vec<(String, clap::Command)>,
    ) {
        cmds.push((prefix.to_owned(), cmd.clone()));
        for a in cmd.get_arguments() {
            let id = a.get_id().as_str();
            if id != "help" && id != "version" {
                opts.push(Opt {
                    path: prefix.to_owned(),
                    arg: a.clone(),
                });
            }
        }
        for sub in cmd.get_subcommands() {
            if sub.get_name() != "help" {
                walk(&format!("{prefix} {}", sub.get_name()), sub, opts, cmds);
            }
        }
    }
    root.build();
    let (mut opts, mut cmds) = (Vec::new(), Vec::new());
    walk("tribo", &root, &mut opts, &mut cmds);
    (opts, cmds)
}

/// Every violation of the grammar in the tree `root` (empty: it speaks one grammar).
fn violations(root: clap::Command) -> Vec<String> {
    let (opts, cmds) = tree(root);
    let mut bad = Vec::new();
    // Value names from one set (options; a positional is named by what it is).
    for o in opts.iter().filter(|o| o.takes() && o.long().is_some()) {
        let v = o.value_name();
        if !VALUE_NAMES.contains(&v.as_str()) {
            bad.push(format!(
                "{}: value name <{v}> is not one of {VALUE_NAMES:?}",
                o.name()
            ));
        }
    }
    // Folders written: `--out DIR`; paths that are no folder: FILE (or PREFIX).
    for o in opts.iter().filter(|o| o.is_path() && o.long().is_some()) {
        let help = o.help().to_lowercase();
        let long = o.long().unwrap_or_default();
        let v = o.value_name();
        if long == "install" {
            if v != "PREFIX" {
                bad.push(format!(
                    "{}: an install prefix is <PREFIX>, not <{v}>",
                    o.name()
                ));
            }
        } else if help.contains("folder") {
            if long != "out" || v != "DIR" {
                bad.push(format!(
                    "{}: a folder written is `--out DIR`, not `--{long} <{v}>`",
                    o.name()
                ));
            }
            continue;
        } else if v != "FILE" {
            bad.push(format!("{}: a file is <FILE>, not <{v}>", o.name()));
        }
        // A calibration table: read with `--table`, written with `--into-table` or `-o`.
        if help.contains("table") && !["table", "into-table", "output"].contains(&long) {
            bad.push(format!("{}: a table read is `--table FILE`", o.name()));
        }
        if long == "output" && o.arg.get_short() != Some('o') {
            bad.push(format!(
                "{}: a file written is `-o/--output FILE`",
                o.name()
            ));
        }
        // A measured surface: the config's names.
        if (help.contains("height map") || help.contains("measured map"))
            && !["deformable-file", "tool-file"].contains(&long)
        {
            bad.push(format!(
                "{}: a measured surface is `--deformable-file`/`--tool-file` (the config's \
                 surface.deformable_file/tool_file)",
                o.name()
            ));
        }
    }
    // A command that reads a measured surface names its units as the config does.
    for (path, cmd) in &cmds {
        let longs: Vec<_> = cmd
            .get_arguments()
            .filter_map(clap::Arg::get_long)
            .collect();
        let reads_surface = opts.iter().any(|o| {
            &o.path == path && o.is_path() && {
                let h = o.help().to_lowercase();
                h.contains("height map") || h.contains("measured map")
            }
        });
        if reads_surface {
            for unit in ["spacing", "height-unit"] {
                if !longs.contains(&unit) {
                    bad.push(format!("{path}: reads a surface but has no --{unit}"));
                }
            }
        }
    }
    // One long name, one idea: the same form (switch or value, path or not) everywhere.
    let mut forms: BTreeMap<&str, BTreeMap<(bool, bool), Vec<String>>> = BTreeMap::new();
    for o in opts.iter().filter(|o| o.long().is_some()) {
        forms
            .entry(o.long().unwrap_or_default())
            .or_default()
            .entry((o.takes(), o.is_path()))
            .or_default()
            .push(o.path.clone());
    }
    // … and the same value name (`--case <I>` everywhere), but for a name whose value takes a
    // different shape by command for a reason of its own.
    let mut names: BTreeMap<&str, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for o in opts.iter().filter(|o| o.takes() && o.long().is_some()) {
        let long = o.long().unwrap_or_default();
        if !SHAPES_BY_COMMAND.iter().any(|(l, _)| *l == long) {
            names
                .entry(long)
                .or_default()
                .entry(o.value_name())
                .or_default()
                .push(o.path.clone());
        }
    }
    for (long, by_name) in names.iter().filter(|(_, n)| n.len() > 1) {
        let shown: Vec<String> = by_name
            .iter()
            .map(|(v, where_)| format!("<{v}> on {}", where_.join(", ")))
            .collect();
        bad.push(format!("--{long} is {}", shown.join(" but ")));
    }
    for (long, by_form) in &forms {
        if by_form.len() > 1 {
            let shown: Vec<String> = by_form
                .iter()
                .map(|((takes, path), where_)| {
                    let form = match (takes, path) {
                        (false, _) => "a switch",
                        (true, true) => "a path",
                        (true, false) => "a value",
                    };
                    format!("{form} on {}", where_.join(", "))
                })
                .collect();
            bad.push(format!("--{long} is {}", shown.join(" but ")));
        }
    }
    // Real numbers state their unit.
    for o in opts.iter().filter(|o| o.is_real()) {
        let help = o.help();
        let stated = help
            .match_indices('[')
            .filter_map(|(at, _)| help[at + 1..].split(']').next())
            .any(|u| UNITS.contains(&u));
        if !stated {
            bad.push(format!(
                "{}: a real number states its unit, e.g. `[m]` or `[-]`",
                o.name()
            ));
        }
    }
    // `--threads` where the work runs in parallel, and only there.
    for (path, cmd) in &cmds {
        let has = cmd
            .get_arguments()
            .any(|a| a.get_long() == Some("threads") && !a.is_hide_set());
        let runnable = !cmd.has_subcommands() && path != "tribo";
        let parallel = PARALLEL.contains(&path.as_str());
        if runnable && has != parallel {
            bad.push(format!(
                "{path}: --threads {} but its work {} in parallel",
                if has { "offered" } else { "missing" },
                if parallel { "runs" } else { "does not run" }
            ));
        }
    }
    // Old spellings: hidden, and each warns with its new name; no visible second spelling.
    for o in opts
        .iter()
        .filter(|o| o.arg.is_hide_set() && o.long().is_some())
    {
        let argv = format!("{} --{}", o.path, o.long().unwrap_or_default());
        let args: Vec<&str> = argv.split(' ').collect();
        if crate::renamed_flags::warnings(&args).is_empty() {
            bad.push(format!(
                "{}: a hidden flag accepted without a warning",
                o.name()
            ));
        }
    }
    for o in &opts {
        if o.arg.get_visible_aliases().is_some_and(|v| !v.is_empty()) {
            bad.push(format!(
                "{}: a second visible spelling {:?}",
                o.name(),
                o.arg.get_visible_aliases()
            ));
        }
        for alias in o.arg.get_all_aliases().unwrap_or_default() {
            let argv = format!("{} --{alias}", o.path);
            let args: Vec<&str> = argv.split(' ').collect();
            if crate::renamed_flags::warnings(&args).is_empty() {
                bad.push(format!(
                    "{}: the old spelling --{alias} is accepted without a warning",
                    o.name()
                ));
            }
        }
    }
    bad
}

#[test]
fn the_command_line_speaks_one_grammar() {
    let bad = violations(crate::cli::command());
    assert!(
        bad.is_empty(),
        "{} violations:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The rules catch the cases issue 45 found (before the fix, the tree had them all: 240
/// violations at d69cf15): a surface file named `--load`, an output folder named `--report`,
/// `--sweep` a switch on one command and a value on another, a real without a unit, a value
/// named by its id, `--threads` on a serial command, an old spelling accepted silently.
#[test]
fn the_rules_catch_the_old_grammar() {
    use clap::{Arg, ArgAction, Command, value_parser};
    let old = Command::new("tribo")
        .subcommand(
            Command::new("contact")
                .arg(
                    Arg::new("load")
                        .long("load")
                        .value_name("FILE")
                        .value_parser(value_parser!(PathBuf))
                        .help("Load a measured height map"),
                )
                .arg(
                    Arg::new("hurst")
                        .long("hurst")
                        .value_name("VALUE")
                        .value_parser(value_parser!(f64))
                        .help("Hurst exponent H"),
                )
                .arg(
                    Arg::new("threads")
                        .long("threads")
                        .value_name("N")
                        .value_parser(value_parser!(usize)),
                ),
        )
        .subcommand(
            Command::new("inspect").arg(
                Arg::new("report")
                    .long("report")
                    .value_name("DIR")
                    .value_parser(value_parser!(PathBuf))
                    .help("Write the report into this folder")
                    .alias("rep"),
            ),
        )
        .subcommand(
            Command::new("meso")
                .arg(Arg::new("sweep").long("sweep").action(ArgAction::SetTrue))
                .arg(
                    Arg::new("case")
                        .long("case")
                        .value_name("N")
                        .value_parser(value_parser!(usize)),
                ),
        )
        .subcommand(
            Command::new("third-body")
                .arg(
                    Arg::new("sweep")
                        .long("sweep")
                        .value_parser(value_parser!(String)),
                )
                .arg(
                    Arg::new("case")
                        .long("case")
                        .value_name("I")
                        .value_parser(value_parser!(usize)),
                ),
        );
    let bad = violations(old).join("\n");
    for caught in [
        "tribo contact --load: a measured surface is `--deformable-file`",
        "tribo contact --hurst: a real number states its unit",
        "tribo contact: --threads offered but its work does not run in parallel",
        "tribo contact: reads a surface but has no --spacing",
        "tribo inspect --report: a folder written is `--out DIR`",
        "tribo inspect --report: the old spelling --rep is accepted without a warning",
        "--sweep is a switch on tribo meso but a value on tribo third-body",
        "tribo third-body --sweep: value name <SWEEP> is not one of",
        "--case is <I> on tribo third-body but <N> on tribo meso",
    ] {
        assert!(bad.contains(caught), "not caught: {caught}\nin:\n{bad}");
    }
}

/// The walk sees the whole tree, and each rule has something to check (a rule over nothing
/// cannot fail).
#[test]
fn the_walk_covers_the_tree() {
    let (opts, cmds) = tree(crate::cli::command());
    assert!(cmds.len() >= 20, "{} commands", cmds.len());
    assert!(opts.len() >= 200, "{} arguments", opts.len());
    let count = |f: &dyn Fn(&Opt) -> bool| opts.iter().filter(|o| f(o)).count();
    assert!(count(&|o| o.long() == Some("out")) >= 15);
    assert!(count(&|o| o.long() == Some("table")) >= 4);
    assert!(count(&|o| o.is_real()) >= 60);
    assert!(count(&|o| o.long() == Some("deformable-file")) >= 2);
    let visible_threads = count(&|o| o.long() == Some("threads") && !o.arg.is_hide_set());
    // `fit` offers it to both its subcommands.
    assert_eq!(visible_threads, PARALLEL.len() + 1);
}
