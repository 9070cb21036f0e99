//! Command-line interface of the `tribo` binary (clap). Each subcommand's arguments and entry
//! point live in [`crate::commands`]; the examples of every `--help` in [`crate::examples`].
//!
//! One grammar for every command (issues 33 and 45): `--table FILE` reads a calibration table,
//! `--into-table FILE` writes a section into one (read, changed, validated, written back
//! atomically), `--out DIR` is always a folder and `-o/--output FILE` a file; a measured
//! surface is `--deformable-file FILE` / `--tool-file FILE` with `--spacing` and
//! `--height-unit`, as the config names them; `--threads` and `--no-plots` are offered only by
//! the commands where they act; value names come from one set and every real states its unit
//! (checked over the whole tree by the `vocabulary` test). Old spellings are refused with the
//! new name, or still accepted with a warning ([`crate::renamed_flags`]).

use clap::{CommandFactory, Parser, Subcommand};

use crate::commands;
use crate::examples as ex;

/// `tribo --version`: the package version and the build stamp of `calibrator/build.rs` (the
/// commit, `-dirty` when a source of the binary differed from it), the same stamp a resumed
/// calibration compares against its case files.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (build ",
    env!("TRIBO_BUILD"),
    ")"
);

/// tribo — calibrate a friction law with third-body particles for real-time use.
#[derive(Debug, Parser)]
#[command(name = "tribo", version = VERSION, about, long_about = None, after_help = ex::TRIBO)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The calibrator's commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Full calibration: surfaces → BEM → BEM–DEM sweep → fits → random fields → asperities →
    /// tables.bin + report.
    #[command(after_help = ex::CALIBRATE)]
    Calibrate(commands::calibrate::Args),
    /// Rough-surface contact: generate or load a surface, sweep pressures with the FFT-BEM.
    #[command(after_help = ex::CONTACT)]
    Contact(commands::contact::Args),
    /// DEM of wear flakes between a sliding rough tool and a rough surface.
    #[command(after_help = ex::DEM)]
    Dem(commands::dem::Args),
    /// One staggered BEM–DEM case (seed 000 Fig. 7) with its histories.
    #[command(after_help = ex::MESO)]
    Meso(commands::meso::Args),
    /// Friction-coefficient random fields: CV curves, thresholds, crank-slider study.
    #[command(after_help = ex::RANDOM_FIELD)]
    RandomField(commands::random_field::Args),
    /// Independent-asperity onset-of-sliding model (seed 003).
    #[command(after_help = ex::ASPERITY)]
    Asperity(commands::asperity::Args),
    /// Strip-draw studies with the core's bar.
    #[command(after_help = ex::STRIP_DRAW)]
    StripDraw(commands::strip_draw::Args),
    /// Fit model parameters to measured data.
    #[command(after_help = ex::FIT)]
    Fit(commands::fit::Args),
    /// Deformable discrete elements with fracture (seed 001): incline, circles, asperity, cracked plate, wear K(p), mesh study.
    #[command(after_help = ex::FRETTING, visible_alias = "dde")]
    Fretting(commands::fretting::Args),
    /// Validate a calibration table and print or dump it.
    #[command(after_help = ex::INSPECT)]
    Inspect(commands::inspect::Args),
    /// Friction input for FE forming codes (LS-DYNA, Abaqus, CSV, JSON) from a table.
    #[command(after_help = ex::EXPORT)]
    Export(commands::export::Args),
    /// Studies over many configurations: `study sensitivity --plan plan.toml` (issue 42).
    #[command(after_help = ex::STUDY)]
    Study(commands::study::Args),
    /// Third-body layer under NSCD with heat and cohesion (seed 002): validate, shear, sweep.
    #[command(after_help = ex::THIRD_BODY)]
    ThirdBody(commands::third_body::Args),
    /// Shell completions of `tribo` on standard output, or installed under a prefix.
    #[command(after_help = ex::COMPLETIONS)]
    Completions {
        /// The shell (on standard output).
        #[arg(value_enum, required_unless_present = "install")]
        shell: Option<clap_complete::Shell>,
        /// Install the bash, zsh and fish completions under this prefix:
        /// `PREFIX/share/bash-completion/completions/tribo`,
        /// `PREFIX/share/zsh/site-functions/_tribo`,
        /// `PREFIX/share/fish/vendor_completions.d/tribo.fish`.
        #[arg(long, value_name = "PREFIX", conflicts_with = "shell")]
        install: Option<std::path::PathBuf>,
    },
    /// The man page of `tribo` (roff) on standard output, or one page per command at every
    /// depth into a folder or under a prefix.
    #[command(after_help = ex::MAN)]
    Man {
        /// Write `tribo.1` and one `tribo-<command>[-<subcommand>].1` per command at every depth
        /// into this folder.
        #[arg(long, value_name = "DIR", conflicts_with = "install")]
        out: Option<std::path::PathBuf>,
        /// Install every page into `PREFIX/share/man/man1` (then `man -M PREFIX/share/man
        /// tribo-fit-strip-draw`, or nothing more for a prefix on the man path such as
        /// `~/.local` or `/usr/local`).
        #[arg(long, value_name = "PREFIX")]
        install: Option<std::path::PathBuf>,
    },
}

/// The command tree of `tribo` as parsed, shown (`--help`) and written (man pages,
/// completions): clap's derived tree with
///
/// - every option that takes a value accepting negative numbers (`--pressures -1MPa`, `--gap
///   -2um`, `--seed -1`), so that a negative value reaches its parser or rule and is refused
///   naming the flag, instead of clap's "unexpected argument '-1' found" (issue 46);
/// - every option's value named by what it is (issue 45, one vocabulary) unless it names
///   itself: [`value_name`].
pub fn command() -> clap::Command {
    fn grammar(cmd: clap::Command) -> clap::Command {
        cmd.mut_args(|a| {
            if !a.get_action().takes_values() {
                return a;
            }
            let a = match value_name(&a) {
                Some(name) => a.value_name(name),
                None => a,
            };
            if a.get_value_parser().type_id() == std::any::TypeId::of::<f64>() {
                // A real with a unit suffix (`-1MPa`) is no bare number to clap: every value
                // with a leading hyphen goes to the unit parser, which names the flag.
                a.allow_hyphen_values(true)
            } else {
                a.allow_negative_numbers(true)
            }
        })
        .mut_subcommands(grammar)
    }
    grammar(Cli::command())
}

/// The value name of an option that names none itself (the derive's is its id, `<E_STAR>`),
/// by what its value is: `FILE` (a path; `DIR` for `--out`), `LIST` (comma-separated),
/// `CHOICE` (one of its possible values), `VALUE` (a real number; the unit is in the help), `N`
/// (a whole number) or `TEXT`. A positional keeps its own (`<SHELL>`, `<ACTION>`).
fn value_name(a: &clap::Arg) -> Option<&'static str> {
    use std::any::TypeId;
    // The derive names every value by its field (`out` → `OUT`): only such a name is replaced.
    let id_name = a.get_id().as_str().to_uppercase().replace('-', "_");
    let named_by_id = a
        .get_value_names()
        .is_none_or(|v| v.len() == 1 && v[0].as_str() == id_name);
    if !named_by_id || a.get_long().is_none() {
        return None;
    }
    let t = a.get_value_parser().type_id();
    let is = |id: TypeId| t == id;
    Some(if is(TypeId::of::<std::path::PathBuf>()) {
        if a.get_id() == "out" { "DIR" } else { "FILE" }
    } else if a.get_value_delimiter().is_some() {
        "LIST"
    } else if !a.get_possible_values().is_empty() {
        "CHOICE"
    } else if is(TypeId::of::<f64>()) || is(TypeId::of::<f32>()) {
        "VALUE"
    } else if [
        TypeId::of::<usize>(),
        TypeId::of::<u64>(),
        TypeId::of::<u32>(),
        TypeId::of::<i64>(),
        TypeId::of::<u8>(),
        TypeId::of::<u16>(),
        TypeId::of::<i32>(),
    ]
    .into_iter()
    .any(is)
    {
        "N"
    } else {
        "TEXT"
    })
}

/// Parses the process's command line with [`command`].
///
/// # Errors
/// clap's error (a usage error, or `--help`/`--version` to print).
pub fn parse() -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let matches = command().try_get_matches()?;
    Cli::from_arg_matches(&matches)
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    use commands::run_options::{Plots, Threads};
    let (threads, plots): (Option<Threads>, Option<&Plots>) = match &cli.command {
        Command::Calibrate(a) => (Some(a.threads.clone()), Some(&a.plots)),
        Command::Contact(a) => (None, Some(&a.plots)),
        Command::Dem(a) => (Some(a.threads.clone()), Some(&a.plots)),
        Command::Meso(a) => (Some(a.threads.clone()), Some(&a.plots)),
        Command::RandomField(a) => (Some(a.threads.clone()), Some(&a.plots)),
        Command::Asperity(a) => (Some(a.threads.clone()), Some(&a.plots)),
        Command::StripDraw(a) => (Some(a.threads.clone()), Some(&a.plots)),
        Command::Fit(a) => (Some(a.threads.clone()), Some(&a.plots)),
        Command::Fretting(a) => (a.threads(), Some(&a.plots)),
        Command::Inspect(a) => (None, Some(&a.plots)),
        Command::ThirdBody(a) => (Some(a.threads.clone()), Some(&a.plots)),
        Command::Study(a) => match &a.study {
            commands::study::Study::Sensitivity(s) => (Some(s.threads.clone()), Some(&s.plots)),
        },
        Command::Export(_) | Command::Completions { .. } | Command::Man { .. } => (None, None),
    };
    if let Some(t) = threads {
        t.apply()?;
    }
    if let Some(p) = plots {
        p.apply();
    }
    tribo_calibrator::validate::env::check()?;
    // The run's inputs and outputs checked, its output folders locked and given a manifest,
    // held for the run (dropped after the command): one guard for every command.
    let _guard = commands::outputs::guard(
        command(),
        std::env::args_os(),
        matches!(cli.command, Command::Calibrate(_) | Command::Study(_)),
    )?;
    match cli.command {
        Command::Calibrate(args) => commands::calibrate::run(args),
        Command::Contact(args) => commands::contact::run(args),
        Command::Dem(args) => commands::dem::run(args),
        Command::Meso(args) => commands::meso::run(args),
        Command::RandomField(args) => commands::random_field::run(args),
        Command::Asperity(args) => commands::asperity::run(args),
        Command::StripDraw(args) => commands::strip_draw::run(args),
        Command::Fit(args) => commands::fit::run(args),
        Command::Fretting(args) => commands::fretting::run(args),
        Command::Inspect(args) => commands::inspect::run(args),
        Command::ThirdBody(args) => commands::third_body::run(args),
        Command::Study(args) => commands::study::run(args),
        Command::Export(args) => commands::export::run(args),
        Command::Completions { shell, install } => completions(shell, install.as_deref()),
        Command::Man { out, install } => match (out, install) {
            (Some(dir), _) => man_pages(Some(&dir)),
            (None, Some(prefix)) => man_pages(Some(&prefix.join("share/man/man1"))),
            (None, None) => man_pages(None),
        },
    }
}

/// `tribo man`: the page of `tribo` on stdout, or every page at every depth into `out`
/// (`clap_mangen::generate_to`: `tribo.1`, `tribo-fit.1`, `tribo-fit-strip-draw.1`, …).
fn man_pages(out: Option<&std::path::Path>) -> anyhow::Result<()> {
    let root = command();
    let Some(dir) = out else {
        let mut roff = Vec::new();
        clap_mangen::Man::new(root).render(&mut roff)?;
        tribo_calibrator::console::out_bytes(&roff);
        return Ok(());
    };
    std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("creating {}: {e}", dir.display()))?;
    clap_mangen::generate_to(root, dir)
        .map_err(|e| anyhow::anyhow!("writing the man pages into {}: {e}", dir.display()))?;
    // The pages into the folder's manifest (`man --out`: the next run removes exactly these).
    let pages: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| anyhow::anyhow!("listing {}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("tribo"))
        })
        .collect();
    for page in &pages {
        tribo_calibrator::report::manifest::record(page);
    }
    tribo_calibrator::errln!("wrote {} man pages into {}", pages.len(), dir.display());
    Ok(())
}

/// Where `tribo completions --install PREFIX` puts each shell's file (the locations the
/// shells' packages search under a prefix).
const COMPLETION_FILES: [(clap_complete::Shell, &str); 3] = [
    (
        clap_complete::Shell::Bash,
        "share/bash-completion/completions/tribo",
    ),
    (clap_complete::Shell::Zsh, "share/zsh/site-functions/_tribo"),
    (
        clap_complete::Shell::Fish,
        "share/fish/vendor_completions.d/tribo.fish",
    ),
];

/// `tribo completions`: one shell's script on stdout, or bash, zsh and fish under a prefix.
fn completions(
    shell: Option<clap_complete::Shell>,
    install: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let Some(prefix) = install else {
        let shell = shell.ok_or_else(|| anyhow::anyhow!("name a shell or --install PREFIX"))?;
        // Into a buffer, then through the console: `generate` panics on a write error
        // (`tribo completions bash > /dev/full` was exit 101).
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut command(), "tribo", &mut script);
        tribo_calibrator::console::out_bytes(&script);
        return Ok(());
    };
    for (shell, rel) in COMPLETION_FILES {
        let path = prefix.join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow::anyhow!("creating {}: {e}", dir.display()))?;
        }
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut command(), "tribo", &mut script);
        tribo_calibrator::report::write_atomic(&path, &script)?;
        tribo_calibrator::errln!("wrote {}", path.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command and subcommand, with its path from `tribo`.
    fn all_commands() -> Vec<(String, clap::Command)> {
        fn walk(prefix: &str, cmd: &clap::Command, out: &mut Vec<(String, clap::Command)>) {
            for sub in cmd.get_subcommands() {
                if sub.get_name() == "help" {
                    continue;
                }
                let path = format!("{prefix} {}", sub.get_name());
                out.push((path.clone(), sub.clone()));
                walk(&path, sub, out);
            }
        }
        let mut out = Vec::new();
        walk("tribo", &Cli::command(), &mut out);
        out
    }

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_subcommand_help_shows_an_example_of_itself() {
        let commands = all_commands();
        assert!(commands.len() >= 20, "{} commands", commands.len());
        for (path, mut cmd) in commands {
            let help = cmd.render_long_help().to_string();
            assert!(
                help.contains("Examples:") && help.contains(&format!("  {path}")),
                "`{path} --help` has no example of itself:\n{help}"
            );
        }
    }

    #[test]
    fn export_and_inspect_offer_no_flag_that_does_nothing_there() {
        for (args, flag) in [
            (
                vec![
                    "tribo",
                    "export",
                    "--table",
                    "t",
                    "--format",
                    "csv",
                    "--threads",
                    "2",
                ],
                "--threads",
            ),
            (
                vec![
                    "tribo",
                    "export",
                    "--table",
                    "t",
                    "--format",
                    "csv",
                    "--no-plots",
                ],
                "--no-plots",
            ),
            (
                vec!["tribo", "inspect", "--table", "t", "--threads", "2"],
                "--threads",
            ),
            (vec!["tribo", "contact", "--threads", "2"], "--threads"),
        ] {
            let e = Cli::try_parse_from(&args).unwrap_err();
            assert_eq!(
                e.kind(),
                clap::error::ErrorKind::UnknownArgument,
                "{flag}: {e}"
            );
        }
        // Where they act, they follow the command (also a nested one).
        for args in [
            vec!["tribo", "calibrate", "--threads", "2", "--no-plots"],
            vec![
                "tribo",
                "fit",
                "saturation",
                "--table",
                "t",
                "--threads",
                "2",
            ],
            vec!["tribo", "inspect", "--table", "t", "--no-plots"],
            vec!["tribo", "inspect", "t", "--no-plots"],
            vec!["tribo", "inspect", "--table", "t", "--report", "d"],
        ] {
            Cli::try_parse_from(&args).unwrap();
        }
    }

    #[test]
    fn list_defaults_are_shown_as_they_are_typed() {
        for (path, mut cmd) in all_commands() {
            let help = cmd.render_long_help().to_string();
            for line in help.lines().filter(|l| l.contains("[default: ")) {
                let default = line.split("[default: ").nth(1).unwrap();
                assert!(
                    !default.trim_end_matches(']').contains(' '),
                    "`{path} --help`: a list default with spaces: {line}"
                );
            }
        }
    }

    /// `tribo man --out DIR` writes a page for every command at every depth (issue 45: the
    /// pages stopped one level down and `tribo-fit(1)` pointed at a missing
    /// `tribo-fit-strip-draw(1)`), and each page documents its command's flags.
    #[test]
    fn man_pages_cover_every_command_at_every_depth() {
        let dir = tempfile::tempdir().unwrap();
        man_pages(Some(dir.path())).unwrap();
        for (path, cmd) in all_commands() {
            let page = dir.path().join(format!("{}.1", path.replace(' ', "-")));
            let roff = std::fs::read_to_string(&page)
                .unwrap_or_else(|e| panic!("{path}: no page {}: {e}", page.display()));
            for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
                if let Some(long) = arg.get_long() {
                    assert!(
                        roff.contains(&format!("\\-\\-{}", long.replace('-', "\\-"))),
                        "{path}: --{long} not in {}",
                        page.display()
                    );
                }
            }
        }
        let fit = std::fs::read_to_string(dir.path().join("tribo-fit-strip-draw.1")).unwrap();
        assert!(
            fit.contains("\\-\\-data"),
            "tribo-fit-strip-draw(1) documents --data"
        );
    }

    /// The claims `tribo --help` makes about versions and times are the documents' (one
    /// source: `examples::quick_wall_time!` and the calibrator's `rust-version`).
    #[test]
    fn help_and_documents_make_the_same_claims() {
        let readme = include_str!("../../README.md");
        let calibration = include_str!("../../docs/calibration.md");
        let time = crate::examples::quick_wall_time!();
        assert!(ex::TRIBO.contains(time));
        assert!(
            readme.contains(time),
            "README.md: the quick preset's time is not `{time}`"
        );
        let msrv = env!("CARGO_PKG_RUST_VERSION");
        assert!(
            readme.contains(&format!("Rust {msrv} or newer")),
            "README.md does not say Rust {msrv} (calibrator/Cargo.toml's rust-version)"
        );
        // Every time the README and the calibration guide give for the quick preset is the
        // measured one (6.2 min since issue 42's 0.39 µm pixel): no "3.4 min" or "~15 min" of
        // earlier presets left in a current claim.
        for (doc, text) in [("README.md", readme), ("docs/calibration.md", calibration)] {
            assert!(
                text.contains(time.split(" wall").next().unwrap_or(time))
                    && !text.contains("[slow: 3.4 min]")
                    && !text.contains("15 min on"),
                "{doc}"
            );
        }
        assert!(!ex::TRIBO.contains("15 min"));
    }

    #[test]
    fn version_shows_the_build_stamp() {
        let v = Cli::command().render_version();
        assert!(
            v.contains(env!("CARGO_PKG_VERSION"))
                && v.contains(&format!(
                    "(build {})",
                    tribo_calibrator::pipeline::run_record::BUILD
                )),
            "{v}"
        );
    }

    #[test]
    fn completions_install_under_a_prefix() {
        let dir = tempfile::tempdir().unwrap();
        completions(None, Some(dir.path())).unwrap();
        for (_, rel) in COMPLETION_FILES {
            let script = std::fs::read_to_string(dir.path().join(rel)).unwrap();
            assert!(script.contains("strip-draw"), "{rel}");
        }
    }

    #[test]
    fn completions_and_man_page_are_generated() {
        let mut bash = Vec::new();
        clap_complete::generate(
            clap_complete::Shell::Bash,
            &mut Cli::command(),
            "tribo",
            &mut bash,
        );
        let bash = String::from_utf8(bash).unwrap();
        assert!(bash.contains("--into-table") && bash.contains("third-body"));
        let mut roff = Vec::new();
        clap_mangen::Man::new(Cli::command())
            .render(&mut roff)
            .unwrap();
        let roff = String::from_utf8(roff).unwrap();
        assert!(
            roff.contains(".TH tribo") && roff.contains("calibrate"),
            "{roff}"
        );
    }
}
