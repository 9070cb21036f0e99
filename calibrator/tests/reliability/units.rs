//! Unit-suffix audit (issue 32 item 9): every physical flag of every subcommand takes a unit
//! suffix, tested through the binary. The flags are found in the help text itself — every
//! option whose description states an SI unit in brackets (`[m]`, `[Pa]`, `[m/s]`, …) — so a
//! new physical flag is audited without touching this file. Each is given a value with a
//! suffix of its unit followed by `--help`: clap runs an option's value parser when it meets
//! the option, so a refused suffix fails before the help is printed (exit 2), and an accepted
//! one prints the help (exit 0) without running anything.

use std::collections::BTreeSet;

use super::tribo_in;

/// A suffixed value for each SI unit the help texts state, with the forms they state it in:
/// bracketed (`[m/s]`, the physics flags) or parenthesised at the start of a note (`(m/s; SI
/// or with a unit…)`, `(N/m)`), or after a comma (`…, K`). A flag whose unit is not here is
/// not audited — the list of audited flags is printed.
const SUFFIXED: &[(&[&str], &str)] = &[
    (&["[m]", "(m)", "(m,", "(m;"], "2mm"),
    (&["[Pa]", "(Pa)", "(Pa,", "(Pa;"], "3MPa"),
    (&["[m/s]", "(m/s)", "(m/s,", "(m/s;"], "80mm/s"),
    (&["[s]", "(s)", "(s,", "(s;"], "2ms"),
    (&["[N]", "(N)", "(N,", "(N;"], "2kN"),
    (&["[K]", "(K)", ", K"], "300K"),
    (&["[1/s]", "(1/s)"], "5Hz"),
    (&["[kg/m³]", "(kg/m³)"], "2.7g/cm³"),
    (&["[rad]", "(rad"], "5deg"),
    (&["[m²]", "(m²)"], "2mm²"),
    (&["[N/m]", "(N/m)", "(N/m,", "(N/m;"], "3mN/m"),
    (&["[J/m²]", "(J/m²)"], "3J/m²"),
    (&["[m²/N]", "(m²/N)"], "1mm²/N"),
];

/// Options that are no quantity though their descriptions name units: files and folders
/// (the units of their contents), and `export --units` (the choice of a unit system).
const PATH_FLAGS: &[&str] = &[
    "--units",
    "--placement",
    "--deformable-file",
    "--tool-file",
    "--junctions",
    "--data",
    "--table",
    "--into-table",
    "--config",
    "--out",
];

/// The help text of `tribo PATH… --help`.
fn help(path: &[String]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let out = tribo_in(dir.path(), &args);
    assert_eq!(out.status.code(), Some(0), "tribo {args:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every runnable subcommand path (`["fretting", "wear"]`), from the `Commands:` sections.
fn subcommands(path: Vec<String>, out: &mut Vec<Vec<String>>) {
    let text = help(&path);
    let names: Vec<String> = text
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .filter(|n| n != "help")
        .collect();
    if names.is_empty() {
        out.push(path);
        return;
    }
    for n in names {
        let mut p = path.clone();
        p.push(n);
        subcommands(p, out);
    }
}

/// (flag, description) of every option of a help text: an option line starts with `-` after
/// the indent; the description is that line's rest and the indented lines below it.
fn options(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with('-') && line.starts_with("  ") {
            let flag = t
                .split([' ', ','])
                .find(|w| w.starts_with("--"))
                .unwrap_or("")
                .to_owned();
            out.push((flag, t.to_owned()));
        } else if let Some((_, d)) = out.last_mut()
            && line.starts_with("          ")
        {
            d.push(' ');
            d.push_str(t);
        }
    }
    out
}

#[test]
fn every_physical_flag_of_every_subcommand_takes_a_unit_suffix() {
    let mut paths = Vec::new();
    subcommands(Vec::new(), &mut paths);
    assert!(paths.len() >= 15, "{paths:?}");
    let mut audited = BTreeSet::new();
    let mut failures = Vec::new();
    for path in &paths {
        if matches!(path[0].as_str(), "completions" | "man") {
            continue;
        }
        for (flag, desc) in options(&help(path)) {
            // Doc comments escape brackets for rustdoc (`\[N\]`): the help shows them so.
            let desc = desc.replace("\\[", "[").replace("\\]", "]");
            if PATH_FLAGS.contains(&flag.as_str()) {
                continue; // a file whose columns have units, not a quantity
            }
            // The unit the description states first.
            let Some((_, value)) = SUFFIXED
                .iter()
                .flat_map(|(forms, v)| forms.iter().map(move |f| (*f, *v)))
                .filter_map(|(u, v)| desc.find(u).map(|at| (at, v)))
                .min_by_key(|(at, _)| *at)
            else {
                continue;
            };
            if flag.is_empty() || !desc.contains('<') {
                continue; // a switch, no value
            }
            let dir = tempfile::tempdir().unwrap();
            let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
            let arg = format!("{flag}={value}");
            args.push(&arg);
            args.push("--help");
            let out = tribo_in(dir.path(), &args);
            audited.insert(format!("{} {flag}", path.join(" ")));
            if out.status.code() != Some(0) {
                failures.push(format!(
                    "tribo {} {arg}: {}",
                    path.join(" "),
                    String::from_utf8_lossy(&out.stderr)
                        .lines()
                        .next()
                        .unwrap_or("")
                ));
            }
        }
    }
    println!("{} physical flags audited", audited.len());
    assert!(
        failures.is_empty(),
        "refused suffixes:\n{}",
        failures.join("\n")
    );
    // The audit is not empty and holds the flag of the issue.
    assert!(audited.contains("meso --velocity"), "{audited:?}");
    assert!(
        audited.len() >= 50,
        "only {} physical flags audited: {audited:?}",
        audited.len()
    );
}
