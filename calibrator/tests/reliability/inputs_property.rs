//! The property test of the rule table (issue 46 item 2): every numeric entry of
//! `validate::inputs` (options, config keys, variables) run through the binary at the edges of
//! its domain. A value outside the domain (just outside each end, 0, ±1e-300, ±1e300, −1,
//! NaN, ±∞, and a unit-suffixed form) must be refused within [`LIMIT`] naming the entry, never
//! a panic. A value just inside each end (the `#[ignore]`d full sweep) must not be refused by
//! the entry's own rule: it is accepted, or refused by a relation to another input, or still
//! running at the limit (accepted: refusals come before any work).
//!
//! CI runs the outside values (`inputs_property`); the full sweep:
//! `cargo test -p tribo-calibrator --test reliability inputs_property_full -- --ignored`.
//! With `TRIBO_CORPUS_KEEP=DIR` the outside probes are also written to `DIR/edges.txt` for
//! `scripts/probe/run.sh`.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use tribo_calibrator::validate::inputs::{self, Domain, Entry, Place};
use tribo_calibrator::validate::{Bound, Rule};

use super::command;

/// Time a refusal may take (debug build, loaded CI machine).
const LIMIT: Duration = Duration::from_secs(2);

/// Relative step just outside or inside a closed end.
const STEP: f64 = 1e-6;

/// The command line a probe of option `name` extends: its command's required arguments with
/// good values, and `--out` when the command writes a folder. `None` for a command path the
/// test does not know (the test then fails: a new command needs its line here).
fn base(path: &str, golden: &str, data: &str) -> Option<Vec<String>> {
    let words: &[&str] = match path {
        "calibrate" => &["calibrate", "--print-config"],
        "export" => &["export", "--table", golden, "--format", "csv"],
        "inspect" => &["inspect", golden],
        "fit strip-draw" => &["fit", "strip-draw", "--data", data, "--out", "o"],
        "fit saturation" => &["fit", "saturation", "--table", golden, "--out", "o"],
        "completions" | "man" => return Some(vec![path.to_owned()]),
        "third-body" => &["third-body", "shear", "--out", "o"],
        _ => {
            let mut v: Vec<String> = path.split(' ').map(str::to_owned).collect();
            v.extend(["--out".to_owned(), "o".to_owned()]);
            return Some(v);
        }
    };
    Some(words.iter().map(|s| (*s).to_owned()).collect())
}

/// Representative commands of a shared `* --flag` entry.
fn shared_paths(flag: &str) -> &'static [&'static str] {
    match flag {
        "--threads" => &["dem", "asperity"],
        "--time-step" => &["strip-draw", "third-body"],
        "--slide" | "--window" | "--element-size" | "--courant" => {
            &["strip-draw", "fit strip-draw"]
        }
        _ => panic!("no representative command for the shared option {flag}"),
    }
}

/// Values outside `rule` (with whether each is a unit-suffixed form).
fn outside(rule: &Rule) -> Vec<f64> {
    let mut v = vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
    match *rule {
        Rule::Real { lo, hi } => {
            match lo {
                Bound::Closed(l) => v.push(if l == 0.0 {
                    -1e-300
                } else {
                    l - l.abs() * STEP * 10.0
                }),
                Bound::Open(l) => v.push(l),
                Bound::Unbounded => {}
            }
            match hi {
                Bound::Closed(h) => v.push(if h == 0.0 {
                    1e-300
                } else {
                    h + h.abs() * STEP * 10.0
                }),
                Bound::Open(h) => v.push(h),
                Bound::Unbounded => {}
            }
        }
        Rule::Count { min, max } => {
            if min > 0 {
                v.push(min as f64 - 1.0);
            }
            if max < u64::MAX {
                v.push(max as f64 + 1.0);
            }
        }
    }
    for x in [0.0, 1e-300, -1e-300, 1e300, -1e300, -1.0] {
        v.push(x);
    }
    v.retain(|x| !rule.admits(*x));
    v
}

/// Values just inside each end of `rule`.
fn inside(rule: &Rule) -> Vec<f64> {
    let mut v = Vec::new();
    match *rule {
        Rule::Real { lo, hi } => {
            if let Bound::Closed(l) | Bound::Open(l) = lo {
                v.push(if l == 0.0 { 1e-12 } else { l + l.abs() * STEP });
            }
            if let Bound::Closed(h) | Bound::Open(h) = hi {
                v.push(if h == 0.0 { -1e-12 } else { h - h.abs() * STEP });
            }
        }
        Rule::Count { min, max } => {
            v.push(min as f64);
            if max < 1_000_000 {
                v.push(max as f64);
            }
        }
    }
    v.retain(|x| rule.admits(*x));
    v
}

/// A value as typed on a command line (`1e-300`, `-1`, `NaN`, `inf`).
fn typed(x: f64, count: bool) -> String {
    if count && x.is_finite() && x.fract() == 0.0 && x.abs() < 1e18 {
        (x as i64).to_string()
    } else if x.is_nan() {
        "NaN".into()
    } else {
        format!("{x:e}")
    }
}

/// The SI suffix the unit parser of an option takes, for the unit-suffixed probe.
fn suffix(unit: &str) -> Option<&'static str> {
    match unit {
        "m" => Some("m"),
        "Pa" => Some("Pa"),
        "m/s" => Some("m/s"),
        "s" => Some("s"),
        "K" => Some("K"),
        "N/m" => Some("N/m"),
        _ => None,
    }
}

/// One probe: the arguments, the environment, and what a refusal must name.
struct Probe {
    args: Vec<String>,
    env: Vec<(String, String)>,
    config: Option<String>,
    name: String,
    value: String,
}

/// The probes of `entry` at the values `xs` (`None` when the entry is not probed through the
/// binary: C ABI fields, tested in core-ffi).
fn probes(entry: &Entry, xs: &[f64], golden: &str, data: &str) -> Vec<Probe> {
    let Some((rule, _)) = number_rule(&entry.domain) else {
        return Vec::new();
    };
    let count = matches!(rule, Rule::Count { .. });
    let mut out = Vec::new();
    for &x in xs {
        let mut values = vec![typed(x, count)];
        if let Some(s) = suffix(entry.unit).filter(|_| x.is_finite()) {
            values.push(format!("{}{s}", typed(x, count)));
        }
        for value in values {
            match entry.place {
                Place::Option => {
                    let (path, flag) = entry.name.rsplit_once(' ').expect("`path --flag`");
                    let paths: Vec<&str> = if path == "*" {
                        shared_paths(flag).to_vec()
                    } else {
                        vec![path]
                    };
                    for p in paths {
                        let mut args = base(p, golden, data)
                            .unwrap_or_else(|| panic!("no base command for {p}"));
                        args.push(format!("{flag}={value}"));
                        out.push(Probe {
                            args,
                            env: Vec::new(),
                            config: None,
                            name: flag.to_owned(),
                            value: value.clone(),
                        });
                    }
                }
                Place::Key if entry.name.starts_with("systematic.terms.") => {
                    // One term of the budget with this field at the probe's value, the other
                    // ratio at a valid value.
                    let field = entry.name.rsplit_once('.').expect("a field").1;
                    let toml_value = match value.as_str() {
                        "NaN" => "nan".to_owned(),
                        v if v.contains(['e', '.', 'i']) => v.to_owned(),
                        v => format!("{v}.0"),
                    };
                    let (lo, hi) = if field == "ratio_lo" {
                        (toml_value, "2.0".to_owned())
                    } else {
                        ("0.5".to_owned(), toml_value)
                    };
                    out.push(Probe {
                        args: vec!["calibrate".into(), "--print-config".into()],
                        env: Vec::new(),
                        config: Some(format!(
                            "[[systematic.terms]]\nname = \"probe\"\nratio_lo = {lo}\n\
                             ratio_hi = {hi}\nsource = \"probe\"\n"
                        )),
                        name: field.to_owned(),
                        value,
                    });
                }
                Place::Key => {
                    let (section, key) = entry.name.split_once('.').expect("section.key");
                    // A list key takes a one-element list.
                    let list = matches!(
                        entry.name,
                        "process.velocities"
                            | "process.pressures"
                            | "sweep.pressures"
                            | "sweep.betas"
                            | "sweep.velocities"
                            | "sweep.contact_pressures"
                            | "asperity.added_masses"
                    );
                    let toml_value = match value.as_str() {
                        "NaN" => "nan".to_owned(),
                        "inf" => "inf".to_owned(),
                        "-inf" => "-inf".to_owned(),
                        v if count => v.to_owned(),
                        v if v.contains(['e', '.']) => v.to_owned(),
                        v => format!("{v}.0"),
                    };
                    let toml_value = if list {
                        format!("[{toml_value}]")
                    } else {
                        toml_value
                    };
                    // A count outside i64 is no TOML integer: its refusal names the key too.
                    out.push(Probe {
                        args: vec!["calibrate".into(), "--print-config".into()],
                        env: Vec::new(),
                        config: Some(format!("[{section}]\n{key} = {toml_value}\n")),
                        name: key.to_owned(),
                        value,
                    });
                }
                Place::Env => out.push(Probe {
                    args: vec!["inspect".into(), golden.to_owned()],
                    env: vec![(entry.name.to_owned(), value.clone())],
                    config: None,
                    name: entry.name.to_owned(),
                    value,
                }),
                Place::CAbi => {}
            }
        }
    }
    out
}

/// The rule of a numeric domain, and whether 0 is admitted besides it ([`Domain::ZeroOr`]).
fn number_rule(d: &Domain) -> Option<(Rule, bool)> {
    match *d {
        Domain::Number(r) => Some((r, false)),
        Domain::ZeroOr(r) => Some((r, true)),
        _ => None,
    }
}

/// Values outside a numeric domain: outside its rule, 0 left out where 0 is admitted.
fn outside_domain(d: &Domain) -> Vec<f64> {
    let Some((rule, zero)) = number_rule(d) else {
        return Vec::new();
    };
    let mut v = outside(&rule);
    if zero {
        v.retain(|x| *x != 0.0);
    }
    v
}

/// Values just inside a numeric domain (0 too where it is admitted).
fn inside_domain(d: &Domain) -> Vec<f64> {
    let Some((rule, zero)) = number_rule(d) else {
        return Vec::new();
    };
    let mut v = inside(&rule);
    if zero {
        v.push(0.0);
    }
    v
}

/// The outcome of one probe.
enum Outcome {
    /// Exit 0, or still running at the limit.
    Accepted,
    /// A clean refusal; its stderr.
    Refused(String),
    /// A panic, an abort or another signal; the status and stderr.
    Broken(String),
}

fn run(p: &Probe) -> Outcome {
    let dir = tempfile::tempdir().unwrap();
    let mut args = p.args.clone();
    if let Some(text) = &p.config {
        std::fs::write(dir.path().join("c.toml"), text).unwrap();
        args.extend(["--config".into(), "c.toml".into()]);
    }
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut cmd = command(dir.path(), &words);
    cmd.envs(p.env.iter().cloned())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("running tribo");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            if let Some(mut e) = child.stderr.take() {
                use std::io::Read;
                let _ = e.read_to_string(&mut stderr);
            }
            return match status.code() {
                Some(0) => Outcome::Accepted,
                Some(1 | 2) if !stderr.contains("panicked") => Outcome::Refused(stderr),
                _ => Outcome::Broken(format!("{status:?}: {stderr}")),
            };
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Outcome::Accepted;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn fixtures() -> (String, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let golden = root.join("../core/tests/golden/format3-filled.bin");
    let data = root.join("../tests/bad_inputs/files/fit_data.csv");
    (
        golden.canonicalize().unwrap().display().to_string(),
        data.canonicalize().unwrap().display().to_string(),
    )
}

fn numeric_entries() -> Vec<&'static Entry> {
    inputs::all()
        .filter(|e| e.place != Place::CAbi && number_rule(&e.domain).is_some())
        .collect()
}

#[test]
fn inputs_property() {
    let (golden, data) = fixtures();
    let mut failures = Vec::new();
    let mut edges = String::new();
    let mut n = 0;
    for entry in numeric_entries() {
        let Some((rule, _)) = number_rule(&entry.domain) else {
            continue;
        };
        for p in probes(entry, &outside_domain(&entry.domain), &golden, &data) {
            n += 1;
            if p.config.is_none() && p.env.is_empty() {
                edges.push_str(&format!("{}|{}\n", p.name, p.args.join(" ")));
            }
            match run(&p) {
                // clap's own "unexpected argument" names the flag too: a probe of an option
                // the command does not have is a fault of the table, not a refusal.
                Outcome::Refused(e)
                    if e.contains(&p.name) && !e.contains("unexpected argument") => {}
                Outcome::Refused(e) => failures.push(format!(
                    "{}: `{} {:?}` refused without naming {}: {}",
                    entry.name,
                    p.args.join(" "),
                    p.env,
                    p.name,
                    e.trim()
                )),
                Outcome::Accepted => failures.push(format!(
                    "{}: {} (outside {rule}) accepted: `{}` {:?} {:?}",
                    entry.name,
                    p.value,
                    p.args.join(" "),
                    p.env,
                    p.config
                )),
                Outcome::Broken(e) => {
                    failures.push(format!("{}: `{}` broke: {e}", entry.name, p.args.join(" ")))
                }
            }
        }
    }
    if let Some(keep) = std::env::var_os("TRIBO_CORPUS_KEEP") {
        std::fs::create_dir_all(&keep).unwrap();
        std::fs::write(Path::new(&keep).join("edges.txt"), edges).unwrap();
    }
    assert!(n >= 300, "only {n} probes");
    assert!(
        failures.is_empty(),
        "{} of {n} probes failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
#[ignore = "the full sweep, inside values included (minutes): run with --ignored"]
fn inputs_property_full() {
    let (golden, data) = fixtures();
    let mut failures = Vec::new();
    for entry in numeric_entries() {
        let Some((rule, _)) = number_rule(&entry.domain) else {
            continue;
        };
        for p in probes(entry, &inside_domain(&entry.domain), &golden, &data) {
            // Inside the domain the entry's own rule must not refuse it (a relation may).
            match run(&p) {
                Outcome::Broken(e) => failures.push(format!("{}: broke: {e}", entry.name)),
                Outcome::Refused(e) if e.contains(&rule.to_string()) && e.contains(&p.name) => {
                    failures.push(format!(
                        "{}: {} inside {rule} refused by its own rule: {}",
                        entry.name,
                        p.value,
                        e.trim()
                    ))
                }
                _ => {}
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
