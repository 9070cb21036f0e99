//! Old flag spellings (one CLI grammar: issues 33 and 45), checked on the raw arguments before
//! clap parses them:
//!
//! - [`RENAMED`] (issue 33): refused with the new name, so an old script stops with
//!   `error: '--table-in' was renamed: use '--table'` instead of a generic unknown-argument
//!   message (or, worse, running with a default);
//! - [`ACCEPTED`] (issue 45): still accepted — each is a hidden clap alias of its new flag — and
//!   warned about on stderr with the new name ([`warnings`]), so an old script keeps running
//!   and says what to change. The vocabulary test checks that every alias of the command tree
//!   is listed here.

use clap::CommandFactory;
use clap::error::ErrorKind;

/// A renamed flag: where it was (`path` of subcommand names, empty for `tribo` itself), its
/// old spelling and what to type now.
struct Renamed {
    path: &'static [&'static str],
    old: &'static str,
    new: &'static str,
}

const fn r(path: &'static [&'static str], old: &'static str, new: &'static str) -> Renamed {
    Renamed { path, old, new }
}

/// Every old spelling with its replacement.
const RENAMED: &[Renamed] = &[
    r(&["fit", "strip-draw"], "--table-in", "--table"),
    r(&["fit", "strip-draw"], "--table-out", "-o/--output"),
    r(&["fit", "saturation"], "--table-in", "--table"),
    r(&["fit", "saturation"], "--table-out", "-o/--output"),
    r(&["third-body"], "--table", "--into-table"),
    r(
        &["export"],
        "--out",
        "-o/--output (a file; --out is a folder on every command)",
    ),
    r(&["contact"], "--dx", "--spacing (the config's `spacing`)"),
    r(
        &["contact"],
        "--dy",
        "--spacing (one spacing in x and y, as the config's `spacing`)",
    ),
    r(
        &["contact"],
        "--z-scale",
        "--height-unit (the config's `height_unit`)",
    ),
    r(&["dem"], "--dx", "--spacing (the config's `spacing`)"),
    r(
        &["dem"],
        "--dy",
        "--spacing (one spacing in x and y, as the config's `spacing`)",
    ),
    r(
        &["dem"],
        "--z-scale",
        "--height-unit (the config's `height_unit`)",
    ),
    r(
        &["dem"],
        "--max-tilt-deg",
        "--max-tilt (radians, or with a unit: 5deg)",
    ),
    r(
        &[],
        "--threads",
        "the flag after the command: `tribo <command> --threads N`",
    ),
    r(
        &[],
        "--no-plots",
        "the flag after the command: `tribo <command> --no-plots`",
    ),
];

/// Old spellings still accepted (hidden clap aliases of the new flag, or a hidden flag that
/// does nothing there), each warned about.
const ACCEPTED: &[Renamed] = &[
    r(
        &["inspect"],
        "--report",
        "use --out (a folder written is --out on every command)",
    ),
    r(
        &["contact"],
        "--load",
        "use --deformable-file (the config's `surface.deformable_file`, as on `tribo dem`)",
    ),
    r(
        &["dem"],
        "--def-file",
        "use --deformable-file (the config's `surface.deformable_file`, as on `tribo contact`)",
    ),
    r(&["export"], "--draw-length", "use --draw-lengths"),
    r(
        &["third-body"],
        "--sweep",
        "use --kind (`--sweep` is the switch of `tribo meso`)",
    ),
    r(
        &["fretting"],
        "--threads",
        "use `tribo fretting <study> --threads N` (it acts on `wear` and `mesh-study`)",
    ),
    r(&["fretting", "incline"], "--threads", SERIAL),
    r(&["fretting", "circles"], "--threads", SERIAL),
    r(&["fretting", "asperity"], "--threads", SERIAL),
    r(&["fretting", "plate"], "--threads", SERIAL),
];

/// The warning of `--threads` on a command whose work runs on one thread.
const SERIAL: &str = "ignored here, this study runs on one thread (--threads acts on `fretting \
                      wear` and `fretting mesh-study`)";

/// Each old spelling of `list` in `args` (the full command line, program name first), with the
/// command it was met in (`tribo dem`) and that command.
fn hits<I, S>(args: I, list: &[Renamed]) -> Vec<(String, clap::Command, &Renamed)>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let mut path: Vec<String> = Vec::new();
    let mut at = crate::cli::Cli::command();
    let mut out = Vec::new();
    for arg in args.into_iter().skip(1) {
        let arg = arg.as_ref();
        if arg == "--" {
            break;
        }
        if !arg.starts_with('-') {
            if let Some(sub) = at.find_subcommand(arg).cloned() {
                // The command's name, also when it was called by an alias (`dde`).
                path.push(sub.get_name().to_owned());
                at = sub;
            }
            continue;
        }
        let flag = arg.split('=').next().unwrap_or(arg);
        if let Some(hit) = list
            .iter()
            .find(|r| r.old == flag && r.path.iter().copied().eq(path.iter().map(String::as_str)))
        {
            let place = std::iter::once("tribo")
                .chain(path.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            out.push((place, at.clone(), hit));
        }
    }
    out
}

/// The clap error for the first old spelling in `args` (the full command line, program name
/// first) that is no longer accepted, if any.
pub fn check<I, S>(args: I) -> Result<(), clap::Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    if let Some((place, at, hit)) = hits(args, RENAMED).into_iter().next() {
        let mut cmd = at.bin_name(place.clone());
        return Err(cmd.error(
            ErrorKind::UnknownArgument,
            format!("'{}' of `{place}` was renamed: use {}", hit.old, hit.new),
        ));
    }
    Ok(())
}

/// One warning line (without `warning: `) per old spelling in `args` that is still accepted.
pub fn warnings<I, S>(args: I) -> Vec<String>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    hits(args, ACCEPTED)
        .into_iter()
        .map(|(place, _, hit)| format!("'{}' of `{place}` is still accepted: {}", hit.old, hit.new))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn every_old_spelling_is_refused_with_its_new_name() {
        for (argv, old, new) in [
            (
                "tribo fit strip-draw --data d.csv --table-in t.bin",
                "--table-in",
                "--table",
            ),
            (
                "tribo fit strip-draw --data d.csv --table-out=o.bin",
                "--table-out",
                "--output",
            ),
            (
                "tribo fit saturation --table-in t.bin",
                "--table-in",
                "--table",
            ),
            (
                "tribo third-body sweep --kind temperature --table t.bin",
                "--table",
                "--into-table",
            ),
            (
                "tribo export --table t.bin --format csv --out x.csv",
                "--out",
                "--output",
            ),
            (
                "tribo contact --deformable-file m.csv --dx 1um",
                "--dx",
                "--spacing",
            ),
            (
                "tribo dem --deformable-file m.csv --z-scale 1e-6",
                "--z-scale",
                "--height-unit",
            ),
            ("tribo dem --max-tilt-deg 5", "--max-tilt-deg", "--max-tilt"),
            (
                "tribo --threads 2 calibrate",
                "--threads",
                "tribo <command> --threads",
            ),
        ] {
            let args: Vec<&str> = argv.split(' ').collect();
            let e = check(&args).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownArgument);
            let text = e.to_string();
            assert!(text.contains(old) && text.contains(new), "{argv}: {text}");
            // clap alone refuses them too (they are no longer defined).
            assert!(crate::cli::Cli::try_parse_from(&args).is_err(), "{argv}");
        }
    }

    /// Each accepted old spelling parses to the same arguments as its new one, and warns with
    /// the new name; the new spelling does not warn.
    #[test]
    fn every_accepted_old_spelling_parses_as_the_new_one_and_warns() {
        for (old, new) in [
            (
                "tribo inspect --table t.bin --report d",
                "tribo inspect --table t.bin --out d",
            ),
            (
                "tribo contact --load m.csv --spacing 1um",
                "tribo contact --deformable-file m.csv --spacing 1um",
            ),
            (
                "tribo dem --def-file m.csv --tool-file t.csv --spacing 1um",
                "tribo dem --deformable-file m.csv --tool-file t.csv --spacing 1um",
            ),
            (
                "tribo export --table t.bin --format csv --draw-length 10mm",
                "tribo export --table t.bin --format csv --draw-lengths 10mm",
            ),
            (
                "tribo third-body sweep --sweep temperature",
                "tribo third-body sweep --kind temperature",
            ),
        ] {
            let (o, n): (Vec<&str>, Vec<&str>) =
                (old.split(' ').collect(), new.split(' ').collect());
            check(&o).unwrap();
            let w = warnings(&o);
            assert_eq!(w.len(), 1, "{old}: {w:?}");
            let flag = n.iter().find(|a| !o.contains(a)).unwrap();
            assert!(w[0].contains(flag), "{old}: {w:?} does not name {flag}");
            assert!(warnings(&n).is_empty(), "{new}");
            let parsed = |args: &[&str]| {
                format!(
                    "{:?}",
                    crate::cli::Cli::try_parse_from(args)
                        .unwrap_or_else(|e| panic!("{args:?}: {e}"))
                )
            };
            assert_eq!(parsed(&o), parsed(&n), "{old}");
        }
        // Only on the command it belonged to.
        assert!(warnings(["tribo", "dem", "--load", "m.csv"]).is_empty());
        // `--threads` of `fretting`: on the studies that run in parallel (`wear`,
        // `mesh-study`); before them (the old place) it warns and still acts; on a serial
        // study it warns and is ignored.
        let threads = |argv: &str| {
            let args: Vec<&str> = argv.split(' ').collect();
            let parsed = crate::cli::Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{e}"));
            let crate::cli::Command::Fretting(f) = parsed.command else {
                panic!("{argv}")
            };
            (warnings(&args).len(), f.threads().and_then(|t| t.threads))
        };
        assert_eq!(threads("tribo fretting wear --threads 2"), (0, Some(2)));
        assert_eq!(
            threads("tribo fretting mesh-study --threads 2"),
            (0, Some(2))
        );
        assert_eq!(threads("tribo fretting --threads 2 wear"), (1, Some(2)));
        assert_eq!(threads("tribo dde --threads 2 mesh-study"), (1, Some(2)));
        assert_eq!(threads("tribo fretting incline --threads 2"), (1, None));
        assert_eq!(threads("tribo fretting --threads 2 plate"), (1, None));
    }

    #[test]
    fn the_new_spellings_pass_and_parse() {
        for argv in [
            "tribo fit strip-draw --data d.csv --table t.bin -o o.bin",
            "tribo fit saturation --table t.bin --output o.bin",
            "tribo third-body sweep --kind temperature --into-table t.bin",
            "tribo export --table t.bin --format csv -o x.csv",
            "tribo strip-draw --table t.bin --out dir",
            "tribo contact --deformable-file m.csv --spacing 1um --height-unit 1e-6",
            "tribo dem --deformable-file m.csv --spacing 1um --drag-frame sheet",
            "tribo dem --max-tilt 5deg",
            "tribo calibrate --threads 2 --out x",
        ] {
            let args: Vec<&str> = argv.split(' ').collect();
            check(&args).unwrap();
            crate::cli::Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{argv}: {e}"));
        }
    }

    #[test]
    fn every_help_example_parses() {
        use clap::CommandFactory;
        fn walk(cmd: &mut clap::Command, out: &mut Vec<String>) {
            out.push(cmd.render_long_help().to_string());
            for sub in cmd.get_subcommands_mut() {
                walk(sub, out);
            }
        }
        let mut helps = Vec::new();
        walk(&mut crate::cli::Cli::command(), &mut helps);
        let mut n = 0;
        for help in helps {
            for line in help
                .lines()
                .map(str::trim)
                .filter(|l| l.starts_with("tribo "))
            {
                let line = line.split(['#', '|', '>']).next().unwrap_or(line);
                let args = shlex::split(line).unwrap();
                check(&args).unwrap();
                crate::cli::Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{line}: {e}"));
                n += 1;
            }
        }
        assert!(n >= 40, "{n} examples");
    }
}
