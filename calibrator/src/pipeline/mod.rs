//! `tribo calibrate`: the whole calibration of seed 000's friction law for one material pair,
//! from rough surfaces to a `tribo-core` table.
//!
//! Stages (each writes its part of the report folder):
//! 1. surfaces → particle-free BEM pressure sweep → κ, h'_rms, clusters (Eq. 8, App. D–F);
//! 2. the BEM–DEM sweep as independent cases ([`crate::meso::cases`]) → A̅_p → α per
//!    velocity → α(v) (Eq. 22–23, Fig. 10–11, 15–16), β_thres (Eq. 24);
//! 3. COF random-field curves and thresholds (seed 004);
//! 4. the independent-asperity sweep → pre-sliding data (seed 003);
//! 5. the table (atomically written `tables.bin`) and its report.
//!
//! Scale beyond one machine: `--list-cases` writes the case list, `--case I` runs one case
//! (a Slurm array task) into `cases/`, `--merge` finishes from the case files. A full run
//! also keeps its case files, so a killed run resumes where it stopped.

pub mod meso_events;
pub mod meso_report;
pub mod slurm;
pub mod stages;
pub mod summary;

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use rayon::prelude::*;
use tribo_core::law::{LawParams, SaturationLaw};
use tribo_core::table::{ClusterSection, Table, TransportSection, ValueOrigin};

use crate::config::CalibrationConfig;
use crate::fit::alpha::{AlphaSweep, fit_alpha};
use crate::meso::cases::{CaseResult, MesoCase, list_cases, merge};
use crate::presets::Preset;
use crate::report::write_atomic;
use crate::table::assemble::{AlphaSample, provenance, set_alpha};
use crate::table::io::write_table;

/// What to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Everything (resuming from existing case files).
    Full,
    /// Only write the case list (`cases.json`) and print its length.
    ListCases,
    /// Run one case into `cases/`.
    RunCase(usize),
    /// Finish from the case files in `cases/`.
    Merge,
}

/// Inputs of a calibration run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Output folder (`tables.bin`, `report/`, `cases/`).
    pub out: PathBuf,
    /// Preset name (stored in the table's provenance).
    pub preset: Preset,
    /// The full configuration (preset + overrides, validated).
    pub config: CalibrationConfig,
    /// Master seed.
    pub seed: u64,
    /// What to do.
    pub mode: Mode,
}

/// What a full run produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `tables.bin`.
    pub table_path: PathBuf,
    /// Its size \[bytes\].
    pub table_bytes: usize,
    /// The report folder.
    pub report_dir: PathBuf,
    /// The table.
    pub table: Table,
}

/// Folder of the case results.
pub fn cases_dir(out: &Path) -> PathBuf {
    out.join("cases")
}

fn case_path(out: &Path, index: usize) -> PathBuf {
    cases_dir(out).join(format!("case-{index:05}.json"))
}

fn history_path(out: &Path, index: usize) -> PathBuf {
    cases_dir(out).join(format!("case-{index:05}-history.csv"))
}

/// Runs one case and writes its result and history (atomically) into `cases/`.
pub fn run_one_case(
    cfg: &CalibrationConfig,
    case: &MesoCase,
    seed: u64,
    out: &Path,
) -> Result<CaseResult> {
    let mut history = Vec::new();
    let result = crate::meso::run_case(cfg, case, seed, Some(&mut history)).with_context(|| {
        format!(
            "meso case {} (p = {} Pa, β = {}, v = {} m/s, seed {})",
            case.index, case.pressure, case.beta, case.velocity, case.seed_index
        )
    })?;
    meso_report::history_table(&history).write(&history_path(out, case.index))?;
    let json = serde_json::to_string_pretty(&result)?;
    write_atomic(&case_path(out, case.index), json.as_bytes())?;
    Ok(result)
}

fn read_case(path: &Path) -> Result<CaseResult> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("parsing case result {}", path.display()))
}

/// Runs the calibration as asked.
pub fn run(opts: &Options) -> Result<Option<Outcome>> {
    let cfg = &opts.config;
    if matches!(opts.mode, Mode::Full | Mode::Merge) && cfg.sweep.velocities.len() < 2 {
        bail!(
            "sweep.velocities needs at least 2 velocities to fit the saturation law α(v) (Fig. 15)"
        );
    }
    let cases = list_cases(cfg);
    std::fs::create_dir_all(&opts.out)
        .with_context(|| format!("creating {}", opts.out.display()))?;
    match opts.mode {
        Mode::ListCases => {
            let json = serde_json::to_string_pretty(&cases)?;
            write_atomic(&opts.out.join("cases.json"), json.as_bytes())?;
            println!(
                "{} cases written to {}",
                cases.len(),
                opts.out.join("cases.json").display()
            );
            Ok(None)
        }
        Mode::RunCase(i) => {
            let Some(case) = cases.get(i) else {
                bail!(
                    "--case {i} is out of range: this configuration has {} cases (0..{})",
                    cases.len(),
                    cases.len()
                );
            };
            let r = run_one_case(cfg, case, opts.seed, &opts.out)?;
            println!(
                "case {i}: <A_p>/A0 = {:.4e}, <A_c>/A0 = {:.4e}",
                r.mean_ap, r.mean_ac
            );
            Ok(None)
        }
        Mode::Merge => {
            let missing: Vec<usize> = (0..cases.len())
                .filter(|&i| !case_path(&opts.out, i).exists())
                .collect();
            if !missing.is_empty() {
                let dir = cases_dir(&opts.out);
                bail!(slurm::missing_cases_message(
                    &opts.out,
                    &dir,
                    cases.len(),
                    &missing
                ));
            }
            let mut results = Vec::new();
            for c in &cases {
                results.push(read_case(&case_path(&opts.out, c.index))?);
            }
            finish(opts, results).map(Some)
        }
        Mode::Full => {
            let started = Instant::now();
            let done: Vec<Option<CaseResult>> = cases
                .iter()
                .map(|c| {
                    let p = case_path(&opts.out, c.index);
                    // A file from another configuration is ignored and rerun.
                    p.exists()
                        .then(|| read_case(&p).ok())
                        .flatten()
                        .filter(|r| r.case == *c)
                })
                .collect();
            let todo: Vec<&MesoCase> = cases.iter().filter(|c| done[c.index].is_none()).collect();
            if todo.len() < cases.len() {
                eprintln!(
                    "resuming: {} of {} cases already done",
                    cases.len() - todo.len(),
                    cases.len()
                );
            }
            let bar = crate::progress::bar(todo.len() as u64, "BEM–DEM cases");
            let new: Vec<CaseResult> = todo
                .par_iter()
                .map(|c| {
                    let r = run_one_case(cfg, c, opts.seed, &opts.out);
                    bar.inc(1);
                    r
                })
                .collect::<Result<_>>()?;
            bar.finish_and_clear();
            eprintln!(
                "BEM–DEM sweep: {} cases in {:.1} s",
                todo.len(),
                started.elapsed().as_secs_f64()
            );
            let results: Vec<CaseResult> = done.into_iter().flatten().chain(new).collect();
            finish(opts, results).map(Some)
        }
    }
}

/// The stages after the case sweep, and the table.
fn finish(opts: &Options, results: Vec<CaseResult>) -> Result<Outcome> {
    let cfg = &opts.config;
    let started = Instant::now();
    let report = opts.out.join("report");
    let results = merge(cfg, results).context("merging case results")?;
    let contact = stages::contact(cfg, opts.seed, &report.join("contact"))?;
    let alpha = fit_alpha(&results, cfg.material.e_star).context("fitting α (Eq. 23)")?;
    meso_report::write(cfg, &results, &alpha, &opts.out, &report.join("meso"))?;
    meso_events::write(cfg, &results, &opts.out, &report.join("meso"))?;
    let cof = stages::random_field(cfg, opts.seed, &report.join("random_field"))?;
    let presliding = stages::asperity(cfg, opts.seed, &report.join("asperity"))?;
    let table = assemble(opts, &contact, &alpha, cof, presliding)?;
    let table_path = opts.out.join("tables.bin");
    let table_bytes = write_table(&table_path, &table)?;
    crate::table::report::write_report(&table, &table_path, table_bytes, &report)?;
    summary::write(
        opts,
        &results,
        &contact,
        &alpha,
        &table,
        table_bytes,
        &report,
        started.elapsed().as_secs_f64(),
    )?;
    Ok(Outcome {
        table_path,
        table_bytes,
        report_dir: report,
        table,
    })
}

fn assemble(
    opts: &Options,
    contact: &stages::ContactStage,
    alpha: &AlphaSweep,
    cof: Option<tribo_core::cof_field::CofSection>,
    presliding: tribo_core::presliding::PreslidingSection,
) -> Result<Table> {
    let cfg = &opts.config;
    let m = &cfg.material;
    let mut t = Table::seed000_defaults();
    t.provenance = provenance(opts.preset.name(), opts.seed, ValueOrigin::Calibrated)?;
    let kappa = contact
        .analysis
        .kappa
        .context("no contact pressure within the κ-fit range")?;
    t.law = LawParams {
        tau0: m.tau0 as f32,
        kappa: kappa as f32,
        e_star: m.e_star as f32,
        slope_rms: contact.analysis.slope_spectral as f32,
    };
    t.transport = TransportSection {
        hardness: m.hardness as f32,
        particle_thickness: cfg.flakes.thickness as f32,
        archard_k: m.wear_coefficient as f32,
        tool_fraction: m.tool_fraction as f32,
    };
    if let Some(bad) = alpha
        .per_velocity
        .iter()
        .find(|a| a.alpha.is_nan() || a.alpha <= 0.0)
    {
        bail!(
            "α = {} at v = {} m/s: no blocked flake carried load in any case at this velocity. \
             The sweep is too small to calibrate α — raise sweep.seeds, sweep.slide_lengths or sweep.betas",
            bad.alpha,
            bad.velocity
        );
    }
    let (b, v_ref, _) = alpha
        .law
        .context("α(v) saturation law could not be fitted")?;
    let samples: Vec<AlphaSample> = alpha
        .per_velocity
        .iter()
        .map(|a| AlphaSample {
            v: a.velocity,
            mean: a.alpha,
            std: a.spread,
        })
        .collect();
    set_alpha(
        &mut t,
        SaturationLaw {
            b: b as f32,
            v_ref: v_ref as f32,
        },
        &samples,
    )
    .context("storing α(v) in the table")?;
    t.clusters = contact.cluster_section(cfg);
    if let Some(cof) = cof {
        t.cof = cof;
    }
    t.presliding = presliding;
    t.validate().context("the assembled table is not valid")?;
    Ok(t)
}

impl stages::ContactStage {
    /// The table's cluster section (None when a fit is missing).
    pub fn cluster_section(&self, cfg: &CalibrationConfig) -> Option<ClusterSection> {
        let a = &self.analysis;
        let ps = &cfg.sweep.contact_pressures;
        let lo = ps.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ps.iter().copied().fold(0.0, f64::max);
        Some(ClusterSection {
            kappa_fit_r2: a.kappa_r2? as f32,
            pressure_range: [lo as f32, hi as f32],
            dc_nucleation: a.nucleation_a? as f32,
            dc_growth: a.growth.map(|g| [g[0] as f32, g[1] as f32])?,
            nc_over_ns_slope: a.nc_over_ns_slope?.max(0.0) as f32,
        })
    }
}
