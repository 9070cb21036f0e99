//! The overdamped integrator against the explicit one, paired case by case (issue 31,
//! `docs/studies/integrator/`): the quick preset's 18 cases at one velocity (3 pressures ×
//! 2 β × 3 seed indices, seed 0, lubricant frame), each run with `dem.integrator = "explicit"`
//! and with the integrator under test (default `"overdamped"`), histories kept. Prints and writes
//! (into `--out`, default `docs/studies/integrator/results`):
//!
//! - `{prefix}v{V}_explicit_records.jsonl` and `{prefix}v{V}_{label}_records.jsonl`: every run
//!   (result, history, CPU seconds, steps), one JSON line per case, appended as each case
//!   finishes, with the configuration keys it was run with. Runs accumulate: a case already in
//!   the file under the same keys is read back, not rerun, so `--cases` chunks add up to the
//!   whole factorial and a killed run loses only the cases in flight; a line under other keys
//!   is an error naming the file and line; `--recompute` starts both files afresh;
//! - `{prefix}v{V}_{label}_cases.csv`: per case ⟨A_p⟩, mean blocked flakes, steps and CPU of both;
//! - `{prefix}v{V}_{label}_mismatches.csv`: every slide step whose blocked-flake count differs;
//! - `{prefix}v{V}_{label}_summary.md`: the paired statistics of [`tribo_calibrator::studies::meso::equivalence`]
//!   and the first [`LISTED_MISMATCHES`] differing slide steps.
//!
//! `cargo run --release -p tribo-calibrator --example integrator_equivalence -- [--velocity 0.08]
//! [--label overdamped] [--toml 'dem.tolerance = 0.02'] [--base 'sweep.seeds = 12;
//! sweep.surfaces = 12' --prefix s12_] [--cases 4,5,8] [--recompute] [--out DIR]
//! [--pool s12_,s24_,s48_]`
//!
//! `--pool` runs nothing: it reads the records of every listed prefix at `--velocity` under
//! `--label` (tested runs whose keys end with `--toml`), takes each case (pressure, β, seed
//! index) once, numbered 0… in the order of (pressure, β, seed index), and writes
//! `pooled_v{V}_{label}_{cases.csv,mismatches.csv,summary.md}`: the
//! halves of a study run with different `sweep.seeds` compared as one list. With
//! `--against LABEL` the reference is that label's records instead of the explicit ones (an
//! integrator against itself at another tolerance: the case-level floor of a perturbation of
//! its own size); "explicit" in the summary then means LABEL.
//!
//! `--toml` adds keys to the tested runs' configuration (tolerance studies), `--base` to both
//! (more seed indices; give such runs a file `--prefix`); a label starting with `explicit`
//! tests the explicit integrator against itself (e.g. `--toml 'dem.explicit_step = 0.5'`: the
//! reference's own step convergence; `--toml 'dem.explicit_inertia = 0.1'`: the reference
//! brought toward the inertia-free limit). `--cases` runs only the listed case indices (the
//! paired statistics are over those; with the records of earlier chunks, the whole list is
//! compared when `--cases` is left out). CPU seconds are the running thread's
//! (`/proc/thread-self/schedstat`), so a loaded machine slows both alike.

use std::error::Error;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use tribo_calibrator::config::CalibrationConfig;
use tribo_calibrator::meso::cases::MesoCase;
use tribo_calibrator::studies::meso::equivalence::{CaseRecord, compare, run_recorded};

const SEED: u64 = 0;

/// Differing slide steps listed in a summary; all of them are in the mismatches CSV.
const LISTED_MISMATCHES: usize = 40;

/// CPU seconds of the calling thread (Linux schedstat: nanoseconds on the CPU).
fn thread_cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |ns| ns * 1e-9)
}

struct Args {
    velocity: f64,
    label: String,
    toml: String,
    base: String,
    prefix: String,
    recompute: bool,
    out: PathBuf,
    only: Option<Vec<usize>>,
    pool: Option<Vec<String>>,
    against: String,
}

fn args() -> Result<Args, Box<dyn Error>> {
    let mut a = Args {
        velocity: 0.08,
        label: "overdamped".into(),
        toml: String::new(),
        base: String::new(),
        prefix: String::new(),
        recompute: false,
        only: None,
        pool: None,
        against: "explicit".into(),
        out: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/studies/integrator/results"),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--velocity" => a.velocity = value()?.parse()?,
            "--label" => a.label = value()?,
            "--toml" => a.toml = value()?,
            "--base" => a.base = value()?,
            "--prefix" => a.prefix = value()?,
            "--recompute" => a.recompute = true,
            "--cases" => {
                let list: Result<Vec<usize>, _> = value()?.split(',').map(str::parse).collect();
                a.only = Some(list?);
            }
            "--out" => a.out = PathBuf::from(value()?),
            "--against" => a.against = value()?,
            "--pool" => a.pool = Some(value()?.split(',').map(str::to_owned).collect()),
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    Ok(a)
}

fn config(integrator: &str, extra: &str) -> Result<CalibrationConfig, Box<dyn Error>> {
    let mut sections: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    sections
        .entry("dem".into())
        .or_default()
        .push(format!("integrator = \"{integrator}\""));
    for line in extra.split(';').map(str::trim).filter(|l| !l.is_empty()) {
        let (key, value) = line.split_once('=').ok_or("--toml: key = value")?;
        let (section, key) = key.trim().split_once('.').ok_or("--toml: section.key")?;
        sections
            .entry(section.into())
            .or_default()
            .push(format!("{key} = {}", value.trim()));
    }
    let mut toml = String::new();
    for (section, lines) in &sections {
        let _ = writeln!(toml, "[{section}]");
        for l in lines {
            let _ = writeln!(toml, "{l}");
        }
    }
    // Every record of this study ran the quick preset at its grid of issues 31–43 (64²,
    // 1.5625 µm pixel); the preset moved to 256² in issue 42. The grid stays pinned (unless the
    // keys set it), so that the records and their keys keep meaning the same cases.
    Ok(CalibrationConfig::quick_before_issue_42(&toml)?)
}

fn cases(cfg: &CalibrationConfig, velocity: f64) -> Vec<MesoCase> {
    let s = &cfg.sweep;
    let mut out = Vec::new();
    for &pressure in &s.pressures {
        for &beta in &s.betas {
            for seed_index in 0..s.seeds {
                out.push(MesoCase {
                    index: out.len(),
                    pressure,
                    beta,
                    velocity,
                    simulated_velocity: velocity,
                    seed_index,
                });
            }
        }
    }
    out
}

/// One line of a records file: the configuration keys the case was run with, and its record.
#[derive(Serialize, Deserialize)]
struct Stored {
    keys: String,
    record: CaseRecord,
}

/// The records of `path` run under `keys` (none when the file does not exist).
fn load(path: &Path, keys: &str) -> Result<Vec<CaseRecord>, Box<dyn Error>> {
    load_matching(path, |k| k == keys, keys)
}

/// The records of `path` whose keys pass `accept` (`wanted` names them in the error).
fn load_matching(
    path: &Path,
    accept: impl Fn(&str) -> bool,
    wanted: &str,
) -> Result<Vec<CaseRecord>, Box<dyn Error>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", path.display()).into()),
    };
    let mut out = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let stored: Stored = serde_json::from_str(line)
            .map_err(|e| format!("{}:{}:{}: {e}", path.display(), n + 1, e.column()))?;
        if !accept(&stored.keys) {
            return Err(format!(
                "{}:{}: run with keys `{}`, not `{wanted}` (another --label, or --recompute)",
                path.display(),
                n + 1,
                stored.keys
            )
            .into());
        }
        out.push(stored.record);
    }
    Ok(out)
}

/// The records of `cases` under `cfg`: those already in `path` (run under `keys`) read back,
/// the others run and appended to `path` one line each as they finish; in the order of `cases`.
fn run_all(
    cfg: &CalibrationConfig,
    cases: &[MesoCase],
    path: &Path,
    keys: &str,
) -> Result<Vec<CaseRecord>, Box<dyn Error>> {
    let done = load(path, keys)?;
    let missing: Vec<&MesoCase> = cases
        .iter()
        .filter(|c| !done.iter().any(|r| r.result.case == **c))
        .collect();
    eprintln!(
        "{}: {} of {} cases read back, {} to run",
        path.display(),
        cases.len() - missing.len(),
        cases.len(),
        missing.len()
    );
    let file = Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?,
    );
    let fresh: Result<Vec<CaseRecord>, Box<dyn Error + Send + Sync>> = missing
        .par_iter()
        .map(|c| {
            let r = run_recorded(cfg, c, SEED, thread_cpu)?;
            eprintln!(
                "case {} ({} MPa, β {}, seed index {}) {}: <A_p> {:.4e}, {} steps, {:.1} s CPU",
                c.index,
                c.pressure / 1e6,
                c.beta,
                c.seed_index,
                r.integrator,
                r.result.mean_ap,
                r.dem_steps,
                r.cpu_seconds
            );
            let line = serde_json::to_string(&Stored {
                keys: keys.to_owned(),
                record: r.clone(),
            })?;
            let mut f = file.lock().map_err(|_| "records file lock poisoned")?;
            writeln!(f, "{line}")?;
            f.flush()?;
            Ok(r)
        })
        .collect();
    let all: Vec<CaseRecord> = done
        .into_iter()
        .chain(fresh.map_err(|e| e.to_string())?)
        .collect();
    cases
        .iter()
        .map(|c| {
            all.iter()
                .find(|r| r.result.case == *c)
                .cloned()
                .ok_or_else(|| format!("case {} missing from {}", c.index, path.display()).into())
        })
        .collect()
}

fn main() -> Result<(), Box<dyn Error>> {
    let a = args()?;
    std::fs::create_dir_all(&a.out)?;
    let reference_cfg = config("explicit", &a.base)?;
    let tested_cfg = config(&a.label_integrator(), &format!("{}; {}", a.base, a.toml))?;
    if let Some(prefixes) = &a.pool {
        return pooled(&a, prefixes);
    }
    let mut list = cases(&reference_cfg, a.velocity);
    if let Some(only) = &a.only {
        list.retain(|c| only.contains(&c.index));
    }
    let v = format!("{}v{}", a.prefix, a.velocity);
    let reference_path = a.out.join(format!("{v}_explicit_records.jsonl"));
    let tested_path = a.out.join(format!("{v}_{}_records.jsonl", a.label));
    if a.recompute {
        for p in [&reference_path, &tested_path] {
            if p.exists() {
                std::fs::remove_file(p)?;
            }
        }
    }
    // The explicit runs do not depend on the tested integrator: shared by every label.
    let reference = run_all(&reference_cfg, &list, &reference_path, &a.base)?;
    let tested_keys = format!("{}; {}", a.base, a.toml);
    let tested = run_all(&tested_cfg, &list, &tested_path, &tested_keys)?;
    report(&a, &v, &reference, &tested, reference_cfg.material.e_star)
}

/// `--pool`: the records of every prefix's run at this velocity and label, each case
/// (pressure, β, seed index) once, compared as one list. The tested runs must share `--toml`;
/// a case in several prefixes must have the same explicit ⟨A_p⟩ in each (the same case).
fn pooled(a: &Args, prefixes: &[String]) -> Result<(), Box<dyn Error>> {
    let cfg = config("explicit", &a.base)?;
    let mut seen: Vec<(CaseRecord, CaseRecord)> = Vec::new();
    for prefix in prefixes {
        let v = format!("{prefix}v{}", a.velocity);
        let reference = load_matching(
            &a.out.join(format!("{v}_{}_records.jsonl", a.against)),
            |_| true,
            "any",
        )?;
        let tested = load_matching(
            &a.out.join(format!("{v}_{}_records.jsonl", a.label)),
            |k| k.ends_with(a.toml.as_str()),
            &format!("…; {}", a.toml),
        )?;
        for t in tested {
            let Some(r) = reference.iter().find(|r| r.result.case == t.result.case) else {
                continue;
            };
            let same = |x: &CaseRecord| {
                let (c, d) = (&x.result.case, &t.result.case);
                (c.pressure, c.beta, c.seed_index) == (d.pressure, d.beta, d.seed_index)
            };
            match seen.iter().find(|(x, _)| same(x)) {
                Some((x, _)) if x.result.mean_ap != r.result.mean_ap => {
                    return Err(format!(
                        "{v}: case {} differs from the same case under another prefix",
                        t.result.case.index
                    )
                    .into());
                }
                Some(_) => {}
                None => seen.push((r.clone(), t)),
            }
        }
    }
    // One order whatever the prefixes' order, and one index per case: the prefixes number
    // their cases each from 0, so their indices collide in a pooled list.
    seen.sort_by(|(x, _), (y, _)| {
        let key = |r: &CaseRecord| {
            let c = &r.result.case;
            (c.pressure, c.beta, c.seed_index)
        };
        key(x)
            .partial_cmp(&key(y))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    for (k, (r, t)) in seen.iter_mut().enumerate() {
        r.result.case.index = k;
        t.result.case.index = k;
    }
    let (reference, tested): (Vec<_>, Vec<_>) = seen.into_iter().unzip();
    let v = if a.against == "explicit" {
        format!("pooled_v{}", a.velocity)
    } else {
        format!("pooled_v{}_against_{}", a.velocity, a.against)
    };
    report(a, &v, &reference, &tested, cfg.material.e_star)
}

/// Writes the cases, mismatches and summary of `reference` against `tested` under the file
/// stem `v`, and prints the summary.
fn report(
    a: &Args,
    v: &str,
    reference: &[CaseRecord],
    tested: &[CaseRecord],
    e_star: f64,
) -> Result<(), Box<dyn Error>> {
    let label = &a.label;
    let c = compare(reference, tested, e_star, SEED)?;

    let mut csv = String::from(
        "case,p_Pa,beta,seed_index,ap_explicit,ap_new,blocked_explicit,blocked_new,\
         steps_explicit,steps_new,cpu_explicit_s,cpu_new_s,evaluations_new\n",
    );
    for (r, t) in reference.iter().zip(tested) {
        let k = &r.result.case;
        let _ = writeln!(
            csv,
            "{},{},{},{},{:e},{:e},{},{},{},{},{:.3},{:.3},{}",
            k.index,
            k.pressure,
            k.beta,
            k.seed_index,
            r.result.mean_ap,
            t.result.mean_ap,
            r.result.mean_blocked,
            t.result.mean_blocked,
            r.dem_steps,
            t.dem_steps,
            r.cpu_seconds,
            t.cpu_seconds,
            t.evaluations
        );
    }
    std::fs::write(a.out.join(format!("{v}_{label}_cases.csv")), csv)?;
    let mut mis = String::from("case,step,blocked_explicit,blocked_new\n");
    for m in &c.mismatches {
        let _ = writeln!(mis, "{},{},{},{}", m.case, m.step, m.reference, m.new);
    }
    std::fs::write(a.out.join(format!("{v}_{label}_mismatches.csv")), mis)?;

    let mut s = String::new();
    let _ = writeln!(
        s,
        "# {label} against {} at {} m/s (quick preset, seed {SEED}, {} cases)\n",
        a.against, a.velocity, c.cases
    );
    if !a.base.is_empty() {
        let _ = writeln!(s, "Both configurations add: `{}`\n", a.base);
    }
    if !a.toml.is_empty() {
        let _ = writeln!(s, "Tested configuration adds: `{}`\n", a.toml);
    }
    let e = |x: &tribo_calibrator::studies::meso::equivalence::Estimate| {
        format!("{:.4} [{:.4}, {:.4}]", x.value, x.ci95[0], x.ci95[1])
    };
    let _ = writeln!(s, "| statistic | value [95 % CI] |\n|---|---|");
    let _ = writeln!(
        s,
        "| summed ⟨A_p⟩ ratio new/explicit | {} |",
        e(&c.summed_ap_ratio)
    );
    let _ = writeln!(s, "| α explicit | {} |", e(&c.alpha_reference));
    let _ = writeln!(s, "| α new | {} |", e(&c.alpha_new));
    let _ = writeln!(s, "| α ratio new/explicit | {} |", e(&c.alpha_ratio));
    let _ = writeln!(
        s,
        "| slide steps with equal blocked counts | {} of {} ({:.2} %) |",
        c.steps_equal,
        c.steps,
        100.0 * c.steps_equal as f64 / c.steps as f64
    );
    let _ = writeln!(
        s,
        "| CPU new/explicit (DEM + BEM of the slides) | {:.4} |",
        c.cpu_ratio
    );
    let _ = writeln!(s, "| integrator steps new/explicit | {:.5} |", c.step_ratio);
    // Case-level disagreement of A_p: rms of ln(new/explicit) over the cases where both
    // blocked some area.
    let logs: Vec<f64> = reference
        .iter()
        .zip(tested)
        .filter(|(r, t)| r.result.mean_ap > 0.0 && t.result.mean_ap > 0.0)
        .map(|(r, t)| (t.result.mean_ap / r.result.mean_ap).ln())
        .collect();
    let rms = (logs.iter().map(|x| x * x).sum::<f64>() / logs.len().max(1) as f64).sqrt();
    let _ = writeln!(
        s,
        "| rms ln(⟨A_p⟩ new/explicit), {} cases with both > 0 | {rms:.3} |",
        logs.len()
    );
    let cpu =
        |recs: &[CaseRecord]| recs.iter().map(|r| r.cpu_seconds).sum::<f64>() / recs.len() as f64;
    let _ = writeln!(
        s,
        "| CPU per case, explicit / new | {:.2} s / {:.2} s |",
        cpu(reference),
        cpu(tested)
    );
    let _ = writeln!(s, "\nDiffering slide steps (case, step: explicit → new):");
    for m in c.mismatches.iter().take(LISTED_MISMATCHES) {
        let _ = writeln!(
            s,
            "- case {}, step {}: {} → {}",
            m.case, m.step, m.reference, m.new
        );
    }
    if c.mismatches.len() > LISTED_MISMATCHES {
        let _ = writeln!(
            s,
            "- … {} more: `{v}_{label}_mismatches.csv`",
            c.mismatches.len() - LISTED_MISMATCHES
        );
    }
    std::fs::write(a.out.join(format!("{v}_{label}_summary.md")), &s)?;
    print!("{s}");
    Ok(())
}

impl Args {
    /// The integrator the label names (`explicit…`, `auto…`, `inertial…`; other labels test
    /// the overdamped one).
    fn label_integrator(&self) -> String {
        if self.label.starts_with("explicit") {
            "explicit".into()
        } else if self.label.starts_with("auto") {
            "auto".into()
        } else if self.label.starts_with("inertial") {
            "inertial".into()
        } else {
            "overdamped".into()
        }
    }
}
