//! Old flag spellings, refused with the new name (issue 33: one CLI grammar). Checked on the
//! raw arguments before clap parses them, so an old script stops with
//! `error: '--table-in' was renamed: use '--table'` instead of a generic unknown-argument
//! message (or, worse, running with a default).

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

/// The clap error for the first old spelling in `args` (the full command line, program name
/// first), if any.
pub fn check<I, S>(args: I) -> Result<(), clap::Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let mut path: Vec<String> = Vec::new();
    let mut at = crate::cli::Cli::command();
    for arg in args.into_iter().skip(1) {
        let arg = arg.as_ref();
        if arg == "--" {
            break;
        }
        if !arg.starts_with('-') {
            if let Some(sub) = at.find_subcommand(arg).cloned() {
                path.push(arg.to_string());
                at = sub;
            }
            continue;
        }
        let flag = arg.split('=').next().unwrap_or(arg);
        if let Some(hit) = RENAMED
            .iter()
            .find(|r| r.old == flag && r.path.iter().copied().eq(path.iter().map(String::as_str)))
        {
            let place = std::iter::once("tribo")
                .chain(path.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            let mut cmd = at.bin_name(place.clone());
            return Err(cmd.error(
                ErrorKind::UnknownArgument,
                format!("'{}' of `{place}` was renamed: use {}", hit.old, hit.new),
            ));
        }
    }
    Ok(())
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
                "tribo third-body sweep --sweep temperature --table t.bin",
                "--table",
                "--into-table",
            ),
            (
                "tribo export --table t.bin --format csv --out x.csv",
                "--out",
                "--output",
            ),
            ("tribo contact --load m.csv --dx 1um", "--dx", "--spacing"),
            (
                "tribo dem --def-file m.csv --z-scale 1e-6",
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

    #[test]
    fn the_new_spellings_pass_and_parse() {
        for argv in [
            "tribo fit strip-draw --data d.csv --table t.bin -o o.bin",
            "tribo fit saturation --table t.bin --output o.bin",
            "tribo third-body sweep --sweep temperature --into-table t.bin",
            "tribo export --table t.bin --format csv -o x.csv",
            "tribo strip-draw --table t.bin --out dir",
            "tribo contact --load m.csv --spacing 1um --height-unit 1e-6",
            "tribo dem --def-file m.csv --spacing 1um --drag-frame sheet",
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
