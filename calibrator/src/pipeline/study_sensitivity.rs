//! `tribo study sensitivity`: runs a plan's levels ([`super::study_design`]) with calibrate's
//! case machinery — each distinct configuration in `configs/<hash>/` with its `run.json` and
//! `cases/` ([`super::run_one_case`], resumable case by case, never mixing configurations,
//! seeds or builds) — then writes the paired statistics ([`super::study_outputs`]).
//!
//! Modes as `tribo calibrate`'s: a full run resumes from the case files; `--list-cases` writes
//! the study's case list (`cases.json`); `--case I` runs study case I; `--merge` finishes from
//! the case files and refuses foreign or missing ones; `--emit-slurm` (the command) writes a
//! job array over the whole list.

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::case_runner::run_cases;
use super::error::{PipelineError, io_at, json_at};
use super::run_record::RunRecord;
use super::study_design::Design;
use super::{Existing, cases_dir, existing, run_one_case};
use crate::meso::cases::{CaseResult, MesoCase};
use crate::provenance::hash_text;
use crate::report::write_atomic;
use crate::studies::sensitivity::plan::RECOMMENDED_PAIRS;

pub use super::study_error::StudyError;

/// What to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyMode {
    /// Every missing case, then the outputs.
    Full,
    /// Only the case list (`cases.json`) and each configuration's `run.json`.
    ListCases,
    /// Study case I into its configuration's `cases/`.
    RunCase(usize),
    /// The outputs from the case files alone.
    Merge,
}

/// Inputs of a study run.
#[derive(Clone, Debug)]
pub struct StudyOptions {
    /// The plan file.
    pub plan: PathBuf,
    /// Study folder.
    pub out: PathBuf,
    /// Master seed (surfaces, placements, bootstrap).
    pub seed: u64,
    /// What to do.
    pub mode: StudyMode,
}

/// Runs the study as asked; the summary text of the outputs for a full run or a merge.
///
/// # Errors
///
/// [`StudyError::Plan`] for a refused plan; [`StudyError::CaseOutOfRange`]; the
/// [`PipelineError`]s of the cases and case files ([`PipelineError::MergeRefused`],
/// [`PipelineError::MissingCases`] for `--merge`) and of the outputs; [`StudyError::Pair`]
/// when two levels do not share their surface pairs.
pub fn run(opts: &StudyOptions) -> Result<Option<String>, StudyError> {
    let plan = crate::studies::sensitivity::plan::Plan::read(&opts.plan)?;
    if plan.cases.pairs < RECOMMENDED_PAIRS {
        crate::errln!(
            "note: cases.pairs = {} (issue 42 asks for at least {RECOMMENDED_PAIRS} pairs per level)",
            plan.cases.pairs
        );
    }
    let design = Design::new(plan, opts.seed)?;
    let out = &opts.out;
    std::fs::create_dir_all(out).map_err(io_at("creating", out))?;
    let preset = design.plan.preset.name();
    match opts.mode {
        StudyMode::ListCases => {
            write_records(&design, out, preset)?;
            let path = out.join("cases.json");
            let json = serde_json::to_string_pretty(&design.cases())
                .map_err(json_at("encoding", &path))?;
            write_atomic(&path, json.as_bytes()).map_err(io_at("writing", &path))?;
            crate::outln!(
                "{} study cases in {} configurations written to {}",
                design.len(),
                design.configs.len(),
                path.display()
            );
            Ok(None)
        }
        StudyMode::RunCase(i) => {
            let Some((k, case)) = design.locate(i) else {
                return Err(StudyError::CaseOutOfRange {
                    index: i,
                    cases: design.len(),
                });
            };
            let c = &design.configs[k];
            let dir = design.dir(out, k);
            std::fs::create_dir_all(cases_dir(&dir)).map_err(io_at("creating", &dir))?;
            let r = run_one_case(&c.config, case, design.seed, c.hash, &dir)?;
            crate::outln!(
                "study case {i} ({}, case {}): <A_p>/A0 = {:.4e}, <A_c>/A0 = {:.4e}",
                c.labels.join(", "),
                case.index,
                r.mean_ap,
                r.mean_ac
            );
            Ok(None)
        }
        StudyMode::Merge => {
            let (mut results, mut missing, mut foreign) = (Vec::new(), Vec::new(), Vec::new());
            for (k, c) in design.configs.iter().enumerate() {
                let (dir, hash) = (design.dir(out, k), hash_text(c.hash));
                let mut done = Vec::new();
                for case in &c.cases {
                    match existing(&dir, case, &hash) {
                        Existing::Reusable(r) => done.push(r),
                        Existing::Missing => missing.push(c.offset + case.index),
                        Existing::Foreign(why) => foreign.push(why),
                    }
                }
                results.push(done);
            }
            if !foreign.is_empty() {
                return Err(PipelineError::MergeRefused { refused: foreign }.into());
            }
            if !missing.is_empty() {
                return Err(PipelineError::MissingCases {
                    out: out.clone(),
                    dir: out.join("configs"),
                    cases: design.len(),
                    missing,
                }
                .into());
            }
            write_records(&design, out, preset)?;
            super::study_outputs::write(&design, &results, out).map(Some)
        }
        StudyMode::Full => {
            let started = Instant::now();
            write_records(&design, out, preset)?;
            let mut done: Vec<Vec<Option<CaseResult>>> = Vec::new();
            let mut todo: Vec<(usize, &MesoCase)> = Vec::new();
            let mut rerun_foreign = 0;
            for (k, c) in design.configs.iter().enumerate() {
                let (dir, hash) = (design.dir(out, k), hash_text(c.hash));
                std::fs::create_dir_all(cases_dir(&dir)).map_err(io_at("creating", &dir))?;
                let mut row = Vec::new();
                for case in &c.cases {
                    row.push(match existing(&dir, case, &hash) {
                        Existing::Reusable(r) => Some(r),
                        Existing::Missing => None,
                        Existing::Foreign(_) => {
                            rerun_foreign += 1;
                            None
                        }
                    });
                    if row.last().is_some_and(Option::is_none) {
                        todo.push((k, case));
                    }
                }
                done.push(row);
            }
            let total = design.len();
            crate::errln!(
                "study: {} levels in {} configurations, {total} cases",
                design.configs.iter().map(|c| c.labels.len()).sum::<usize>(),
                design.configs.len()
            );
            if todo.len() < total {
                crate::errln!(
                    "resuming: {} of {total} cases already done with their configurations",
                    total - todo.len()
                );
            }
            if rerun_foreign > 0 {
                crate::errln!(
                    "rerunning {rerun_foreign} case(s) whose files came from another configuration, seed or build"
                );
            }
            let new = run_cases(&todo, "study cases", |&(k, case)| {
                let c = &design.configs[k];
                run_one_case(&c.config, case, design.seed, c.hash, &design.dir(out, k))
            })?;
            crate::errln!(
                "study: {} cases in {:.1} s",
                todo.len(),
                started.elapsed().as_secs_f64()
            );
            for (&(k, case), r) in todo.iter().zip(new) {
                done[k][case.index] = Some(r);
            }
            let results: Vec<Vec<CaseResult>> = done
                .into_iter()
                .map(|row| row.into_iter().flatten().collect())
                .collect();
            super::study_outputs::write(&design, &results, out).map(Some)
        }
    }
}

/// Number of cases of the study of `opts` (for `--emit-slurm`).
///
/// # Errors
///
/// As [`run`] for the plan and the configuration hashes.
pub fn case_count(opts: &StudyOptions) -> Result<usize, StudyError> {
    let plan = crate::studies::sensitivity::plan::Plan::read(&opts.plan)?;
    Ok(Design::new(plan, opts.seed)?.len())
}

/// Writes each configuration's `run.json` (as `tribo calibrate` does for its folder) and the
/// study's `study.json` (which configuration each level uses).
fn write_records(design: &Design, out: &Path, preset: &str) -> Result<(), StudyError> {
    for (k, c) in design.configs.iter().enumerate() {
        let dir = design.dir(out, k);
        std::fs::create_dir_all(&dir).map_err(io_at("creating", &dir))?;
        RunRecord::new(&c.config, preset, design.seed, c.hash).write(&dir)?;
    }
    #[derive(serde::Serialize)]
    struct Level<'a> {
        factor: &'a str,
        level: &'a str,
        reference: bool,
        config_hash: String,
    }
    let levels: Vec<Level<'_>> = design
        .plan
        .factors
        .iter()
        .zip(&design.level_config)
        .flat_map(|(f, row)| {
            f.levels
                .iter()
                .zip(row)
                .enumerate()
                .map(move |(j, (l, &k))| Level {
                    factor: &f.name,
                    level: &l.name,
                    reference: j == f.reference,
                    config_hash: hash_text(design.configs[k].hash),
                })
        })
        .collect();
    let path = out.join("study.json");
    let json = serde_json::to_string_pretty(&levels).map_err(json_at("encoding", &path))?;
    write_atomic(&path, json.as_bytes()).map_err(io_at("writing", &path))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two levels (stiffness ×1 and ×4) of a tiny study: 32² surfaces, an 8-pixel slide,
    /// 2 pairs, one p and β at 0.08 m/s (4 cases, seconds in a debug build).
    const TINY: &str = r#"
[base]
preset = "quick"
[cases]
velocities = [0.08]
pressures = [30e6]
betas = [0.2]
pairs = 2
[[factor]]
name = "stiffness"
reference = "x1"
systematic = true
[[factor.level]]
name = "x1"
set = { surface.grid = 32, sweep.slide_lengths = 0.25 }
[[factor.level]]
name = "x4"
set = { surface.grid = 32, sweep.slide_lengths = 0.25, dem.stiffness_scale = 4.0 }
[[factor]]
name = "frame"
reference = "lubricant"
[[factor.level]]
name = "lubricant"
set = { surface.grid = 32, sweep.slide_lengths = 0.25 }
"#;

    const OUTPUTS: [&str; 5] = [
        "sensitivity.csv",
        "budget.csv",
        "tornado.csv",
        "mechanism.csv",
        "summary.txt",
    ];

    fn read_outputs(dir: &Path) -> Vec<String> {
        OUTPUTS
            .iter()
            .map(|f| std::fs::read_to_string(dir.join(f)).unwrap())
            .collect()
    }

    #[test]
    fn a_tiny_study_runs_resumes_and_reruns_to_identical_csvs() {
        let dir = std::env::temp_dir().join(format!("tribo-study-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let plan = dir.join("plan.toml");
        std::fs::write(&plan, TINY).unwrap();
        let out = dir.join("out");
        let opts = |mode| StudyOptions {
            plan: plan.clone(),
            out: out.clone(),
            seed: 3,
            mode,
        };
        // The reference level of both factors is one configuration: 2 configurations, 4 cases.
        let design = Design::new(
            crate::studies::sensitivity::plan::Plan::read(&plan).unwrap(),
            3,
        )
        .unwrap();
        assert_eq!((design.configs.len(), design.len()), (2, 4));
        assert!(run(&opts(StudyMode::Full)).unwrap().is_some());
        let first = read_outputs(&out);
        let sens = &first[0];
        assert!(
            sens.starts_with("factor,level,ratio,lo,hi,pairs,alpha"),
            "{sens}"
        );
        // The reference against itself: ratio 1 on every draw (when it has an α at all).
        let reference: Vec<&str> = sens.lines().nth(1).unwrap().split(',').collect();
        assert_eq!(&reference[..2], ["stiffness", "x1"]);
        assert_eq!(reference[5], "2", "pairs");
        let alpha: f64 = reference[6].parse().unwrap();
        if alpha > 0.0 {
            assert_eq!(&reference[2..5], ["1", "1", "1"], "{reference:?}");
        }
        // Every case ran once, with its blocking events counted.
        let case_files: Vec<CaseResult> = (0..2)
            .flat_map(|k| {
                let dir = cases_dir(&design.dir(&out, k));
                (0..2).map(move |i| {
                    let path = dir.join(format!("case-{i:05}.json"));
                    let f: super::super::run_record::CaseFile =
                        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
                    f.result
                })
            })
            .collect();
        assert!(case_files.iter().all(|r| r.events.tracked));
        // A rerun resumes every case and writes the same files, byte for byte.
        run(&opts(StudyMode::Full)).unwrap();
        assert_eq!(read_outputs(&out), first);
        // A lost case file is rerun (the rest resumed); the merge alone gives the same outputs.
        let lost = cases_dir(&design.dir(&out, 1)).join("case-00001.json");
        std::fs::remove_file(&lost).unwrap();
        assert!(matches!(
            run(&opts(StudyMode::Merge)),
            Err(StudyError::Pipeline(PipelineError::MissingCases { .. }))
        ));
        run(&opts(StudyMode::RunCase(3))).unwrap();
        assert!(lost.exists());
        run(&opts(StudyMode::Merge)).unwrap();
        assert_eq!(read_outputs(&out), first);
        // A case file of another configuration is never merged in.
        let text = std::fs::read_to_string(&lost).unwrap();
        let hash = hash_text(design.configs[1].hash);
        std::fs::write(&lost, text.replace(&hash, "0000000000000000")).unwrap();
        assert!(matches!(
            run(&opts(StudyMode::Merge)),
            Err(StudyError::Pipeline(PipelineError::MergeRefused { .. }))
        ));
        assert!(matches!(
            run(&opts(StudyMode::RunCase(4))),
            Err(StudyError::CaseOutOfRange { index: 4, cases: 4 })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
