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
//! also keeps its case files, so a killed run resumes where it stopped — but only from case
//! files of the same configuration and seed: `run.json` and every case file carry the hash of
//! both ([`run_record`]); a full run reruns the cases of another hash and says so, `--merge`
//! refuses them.

pub mod alpha_ends;
pub mod asperity;
pub mod case_runner;
pub mod contact;
pub mod contact_report;
pub mod dde;
pub mod dem_run;
pub mod error;
pub mod fit_strip_draw;
pub mod index_page;
pub mod inspect;
pub mod meso_case;
pub mod meso_events;
pub mod meso_report;
pub mod meso_sweep;
pub mod random_field;
pub mod run_record;
pub mod saturation;
pub mod slurm;
pub mod stages;
pub mod strip_draw;
pub mod study_budget;
pub mod study_design;
pub mod study_error;
pub mod study_fig15;
pub mod study_mechanism;
pub mod study_outputs;
pub mod study_sensitivity;
pub mod study_table;
pub mod summary;
pub mod surface_report;
pub mod third_body;

#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::time::Instant;

use tribo_core::law::{AlphaLaw, AlphaSample, LawParams, SampleOrigin};
use tribo_core::table::{AlphaLawForm, ClusterSection, Table, TransportSection, ValueOrigin};

use crate::config::CalibrationConfig;
use crate::fit::alpha::{AlphaSweep, fit_alpha};
use crate::meso::cases::{CaseResult, MesoCase, list_cases, merge};
use crate::presets::Preset;
use crate::provenance::hash_text;
use crate::report::write_atomic;
use crate::table::assemble::{provenance, set_alpha, set_systematic};
use crate::table::io::write_table;
use case_runner::run_cases;
pub use error::{ForeignCase, PipelineError, Result};
use error::{io_at, json_at};
use run_record::{CaseFile, RunRecord, config_hash};

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

impl Options {
    /// A full run (resuming from existing case files) of `config` into `out`.
    pub fn full(out: PathBuf, preset: Preset, config: CalibrationConfig, seed: u64) -> Self {
        Self {
            out,
            preset,
            config,
            seed,
            mode: Mode::Full,
        }
    }
}

/// Writes a table of the documented seed-000 defaults (flagged as such in its provenance) and
/// its report into `out` — no simulation (`tribo calibrate --defaults`).
///
/// # Errors
///
/// [`PipelineError::Table`] when the defaults table cannot be assembled (a preset name too long);
/// [`PipelineError::TableIo`] when it cannot be written; [`PipelineError::TableReport`] or
/// [`PipelineError::Report`] when its report or index page cannot be written.
pub fn write_defaults(out: &Path, preset: Preset, seed: u64) -> Result<Outcome> {
    let table = crate::table::assemble::defaults_table(preset.name(), seed).map_err(|source| {
        PipelineError::Table {
            stage: "assembling the default table",
            source,
        }
    })?;
    let table_path = out.join("tables.bin");
    let table_bytes = write_table(&table_path, &table)?;
    let report_dir = out.join("report");
    crate::validate::out_dir::clear_report_dir(&report_dir).map_err(PipelineError::ClearReport)?;
    crate::table::report::write_report(&table, &table_path, table_bytes, &report_dir).map_err(
        |source| PipelineError::TableReport {
            dir: report_dir.clone(),
            source,
        },
    )?;
    let title = format!(
        "tribo calibrate --defaults — preset {}, seed {} (documented defaults, not a calibration)",
        preset.name(),
        seed
    );
    index_page::write(&report_dir, &title, &table)?;
    Ok(Outcome {
        table_path,
        table_bytes,
        report_dir,
        table,
    })
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

/// Runs one case and writes its result and history (atomically) into `cases/`, the result
/// stamped with `hash` (the run's [`config_hash`]).
///
/// # Errors
///
/// [`PipelineError::Case`] (the case named) when the case fails; [`PipelineError::Io`] or
/// [`PipelineError::Json`] when its files cannot be written.
pub fn run_one_case(
    cfg: &CalibrationConfig,
    case: &MesoCase,
    seed: u64,
    hash: u64,
    out: &Path,
) -> Result<CaseResult> {
    let mut history = Vec::new();
    let result = crate::meso::run_case(cfg, case, seed, Some(&mut history)).map_err(|source| {
        PipelineError::Case {
            index: case.index,
            pressure: case.pressure,
            beta: case.beta,
            velocity: case.velocity,
            seed_index: case.seed_index,
            source: Box::new(source),
        }
    })?;
    let path = history_path(out, case.index);
    meso_report::history_table(&history)
        .write(&path)
        .map_err(io_at("writing", &path))?;
    let file = CaseFile {
        config_hash: hash_text(hash),
        build: run_record::BUILD.into(),
        result,
    };
    let path = case_path(out, case.index);
    let json = serde_json::to_string_pretty(&file).map_err(json_at("encoding", &path))?;
    write_atomic(&path, json.as_bytes()).map_err(io_at("writing", &path))?;
    Ok(file.result)
}

fn read_case(path: &Path) -> Result<CaseFile> {
    let text = std::fs::read_to_string(path).map_err(io_at("reading", path))?;
    serde_json::from_str(&text).map_err(|source| PipelineError::CaseFile {
        path: path.to_path_buf(),
        source,
    })
}

/// What an existing case file says about a case of this run.
pub(crate) enum Existing {
    /// No file.
    Missing,
    /// A result of this configuration for this case.
    Reusable(CaseResult),
    /// A file that cannot be used: another hash, another case, or unreadable.
    Foreign(ForeignCase),
}

pub(crate) fn existing(out: &Path, case: &MesoCase, hash: &str) -> Existing {
    let path = case_path(out, case.index);
    if !path.exists() {
        return Existing::Missing;
    }
    match read_case(&path) {
        Ok(f) if f.config_hash != hash => Existing::Foreign(ForeignCase::OtherHash {
            path,
            found: f.config_hash,
            expected: hash.to_owned(),
        }),
        Ok(f) if f.is_from_other_build(run_record::BUILD) => {
            Existing::Foreign(ForeignCase::OtherBuild {
                path,
                found: f.build,
                expected: run_record::BUILD,
            })
        }
        Ok(f) if f.result.case != *case => Existing::Foreign(ForeignCase::OtherCase {
            path,
            index: case.index,
        }),
        Ok(f) => Existing::Reusable(f.result),
        Err(e) => Existing::Foreign(ForeignCase::Unreadable(Box::new(e))),
    }
}

/// Runs the calibration as asked.
///
/// # Errors
///
/// [`PipelineError::HashInput`] when a measured surface cannot be read for the configuration hash;
/// [`PipelineError::CaseOutOfRange`] for a `--case` beyond the list; [`PipelineError::Case`] when a
/// case fails; [`PipelineError::CaseFile`], [`PipelineError::MergeRefused`],
/// [`PipelineError::MissingCases`] or [`PipelineError::Merge`] when `--merge` finds unparsable,
/// foreign or missing case files; the errors of the stages (contact, α fit, random field, asperity,
/// saturation: [`PipelineError::Stage`], [`PipelineError::NoKappa`],
/// [`PipelineError::AlphaNotCalibrated`], [`PipelineError::Table`],
/// [`PipelineError::Mu0OutsideGate`] (checked before the sweep and before `--list-cases`),
/// [`PipelineError::InvalidTable`]); [`PipelineError::Io`], [`PipelineError::Json`],
/// [`PipelineError::TableIo`] or [`PipelineError::Report`] when an output cannot be written.
pub fn run(opts: &Options) -> Result<Option<Outcome>> {
    let cfg = &opts.config;
    let cases = list_cases(cfg);
    let hash = config_hash(cfg, opts.seed)?;
    let hash_hex = hash_text(hash);
    std::fs::create_dir_all(&opts.out).map_err(io_at("creating", &opts.out))?;
    let record = RunRecord::new(cfg, opts.preset.name(), opts.seed, hash);
    if matches!(opts.mode, Mode::ListCases | Mode::Full) {
        // Before any case (and before a cluster's job list): a law the gate would refuse at the
        // end of the run is refused now, naming the keys (issue 32).
        crate::progress::stage("checking μ0 on the run's surfaces (elastic κ sweep)");
        stages::check_mu0_before_sweep(cfg, opts.seed)?;
    }
    match opts.mode {
        Mode::ListCases => {
            record.write(&opts.out)?;
            let path = opts.out.join("cases.json");
            let json = serde_json::to_string_pretty(&cases).map_err(json_at("encoding", &path))?;
            write_atomic(&path, json.as_bytes()).map_err(io_at("writing", &path))?;
            crate::outln!(
                "{} cases written to {} (configuration hash {hash_hex})",
                cases.len(),
                opts.out.join("cases.json").display()
            );
            Ok(None)
        }
        Mode::RunCase(i) => {
            let Some(case) = cases.get(i) else {
                return Err(PipelineError::CaseOutOfRange {
                    index: i,
                    cases: cases.len(),
                });
            };
            let r = run_one_case(cfg, case, opts.seed, hash, &opts.out)?;
            crate::outln!(
                "case {i}: <A_p>/A0 = {:.4e}, <A_c>/A0 = {:.4e}",
                r.mean_ap,
                r.mean_ac
            );
            Ok(None)
        }
        Mode::Merge => {
            let (mut results, mut missing, mut foreign) = (Vec::new(), Vec::new(), Vec::new());
            for c in &cases {
                match existing(&opts.out, c, &hash_hex) {
                    Existing::Reusable(r) => results.push(r),
                    Existing::Missing => missing.push(c.index),
                    Existing::Foreign(why) => foreign.push(why),
                }
            }
            if !foreign.is_empty() {
                return Err(PipelineError::MergeRefused { refused: foreign });
            }
            if !missing.is_empty() {
                return Err(PipelineError::MissingCases {
                    out: opts.out.clone(),
                    dir: cases_dir(&opts.out),
                    cases: cases.len(),
                    missing,
                });
            }
            record.write(&opts.out)?;
            finish(opts, results, hash).map(Some)
        }
        Mode::Full => {
            let started = Instant::now();
            if let Some(old) = RunRecord::read(&opts.out).ok().flatten()
                && old.config_hash != hash_hex
            {
                crate::errln!(
                    "{} holds a run of another configuration or seed (hash {}, seed {}); this run's hash is \
                     {hash_hex}: none of its case files is reused",
                    opts.out.display(),
                    old.config_hash,
                    old.seed
                );
            }
            record.write(&opts.out)?;
            let mut rerun_foreign = 0;
            let done: Vec<Option<CaseResult>> = cases
                .iter()
                .map(|c| match existing(&opts.out, c, &hash_hex) {
                    Existing::Reusable(r) => Some(r),
                    Existing::Missing => None,
                    Existing::Foreign(_) => {
                        rerun_foreign += 1;
                        None
                    }
                })
                .collect();
            let todo: Vec<&MesoCase> = cases.iter().filter(|c| done[c.index].is_none()).collect();
            if todo.len() < cases.len() {
                crate::errln!(
                    "resuming: {} of {} cases already done with this configuration (hash {hash_hex})",
                    cases.len() - todo.len(),
                    cases.len()
                );
            }
            if rerun_foreign > 0 {
                crate::errln!(
                    "rerunning {rerun_foreign} case(s) whose files came from another configuration, seed or build"
                );
            }
            let new: Vec<CaseResult> = run_cases(&todo, "BEM–DEM cases", |c| {
                run_one_case(cfg, c, opts.seed, hash, &opts.out)
            })?;
            crate::errln!(
                "BEM–DEM sweep: {} cases in {:.1} s",
                todo.len(),
                started.elapsed().as_secs_f64()
            );
            let results: Vec<CaseResult> = done.into_iter().flatten().chain(new).collect();
            finish(opts, results, hash).map(Some)
        }
    }
}

/// The stages after the case sweep, and the table.
fn finish(opts: &Options, results: Vec<CaseResult>, hash: u64) -> Result<Outcome> {
    let cfg = &opts.config;
    let started = Instant::now();
    let report = opts.out.join("report");
    // The report is rebuilt whole: no file of an earlier run stays next to this run's.
    crate::validate::out_dir::clear_report_dir(&report).map_err(PipelineError::ClearReport)?;
    // Figures wait until tables.bin, summary.md and every CSV are written (issue 20).
    let figures = crate::report::figures::Deferred::start();
    let results = merge(cfg, results).map_err(PipelineError::Merge)?;
    crate::progress::stage("surfaces report");
    surface_report::write(cfg, opts.seed, &report.join("surface"))?;
    crate::progress::stage("elastic BEM contact sweep");
    let contact = stages::contact(cfg, opts.seed, &report.join("contact"))?;
    crate::progress::stage("fitting α(v)");
    let alpha = fit_alpha(&results, cfg.material.e_star, opts.seed).map_err(|source| {
        PipelineError::Fit {
            stage: "fitting α (Eq. 23)",
            source,
        }
    })?;
    meso_report::write(cfg, &results, &alpha, &opts.out, &report.join("meso"))?;
    meso_events::write(cfg, &results, &opts.out, &report.join("meso"))?;
    crate::progress::stage("random fields");
    let cof = stages::random_field(cfg, opts.seed, &report.join("random_field"))?;
    crate::progress::stage("asperities");
    let presliding = stages::asperity(cfg, opts.seed, &report.join("asperity"))?;
    let mut table = assemble(opts, hash, &contact, &alpha, cof, presliding)?;
    // The law at saturation (issue 30): ζ and μ_p from seed 000 §2.1's pass reductions; a
    // law that cannot reach them keeps ζ and the documented ratio μ_p/μ0, said loudly.
    let section = saturation::section_provenance(&table, opts.preset.name());
    crate::progress::stage("law at saturation (seed 000 §2.1)");
    let sat = match saturation::solve_into_table(
        &mut table,
        section,
        tribo_core::transport::SourceRule::Archard,
        &report.join("saturation"),
        &mut std::io::stderr(),
    ) {
        Ok(s) => Ok(s),
        Err(PipelineError::StripDraw(e))
            if matches!(
                *e,
                crate::strip_draw::StripDrawError::SaturationSolve { .. }
            ) =>
        {
            crate::errln!(
                "WARNING: {e}; the table keeps ζ = {} and the documented μ_p = {:.4} ({}·μ0)",
                table.transport.zeta,
                table
                    .particle_shear
                    .as_ref()
                    .map_or(0.0, |s| s.particle_friction),
                tribo_core::seed000::PARTICLE_SHEAR_RATIO
            );
            Err(e.to_string())
        }
        Err(e) => return Err(e),
    };
    // ζ, μ_p and the fidelity cases at the ends of α's total interval (issue 42 item 4).
    let ends = if sat.is_ok() {
        crate::progress::stage("law at saturation at the ends of α's total interval");
        alpha_ends::solve_at_alpha_ends(
            &table,
            tribo_core::transport::SourceRule::Archard,
            &report.join("saturation"),
            &mut std::io::stderr(),
        )?
    } else {
        Vec::new()
    };
    let table_path = opts.out.join("tables.bin");
    let table_bytes = write_table(&table_path, &table)?;
    // The fidelity studies of `tribo strip-draw --studies tool,multipass` on the table written,
    // with the band of α's total interval.
    let mut fidelity =
        strip_draw::StripDrawConfig::fidelity(&table_path, &report.join("strip_draw"));
    if let [lo, hi] = ends.as_slice() {
        fidelity.fidelity_band = Some(crate::studies::strip_draw::fidelity::FidelityBand {
            label: "α at the two ends of its total interval".to_owned(),
            ends: [lo.fidelity.clone(), hi.fidelity.clone()],
        });
    }
    strip_draw::run_studies(&fidelity, &mut std::io::stderr())?;
    crate::table::report::write_report(&table, &table_path, table_bytes, &report).map_err(
        |source| PipelineError::TableReport {
            dir: report.clone(),
            source,
        },
    )?;
    summary::write(
        opts,
        &results,
        &contact,
        &alpha,
        &sat,
        &ends,
        &table,
        table_bytes,
        &report,
        started.elapsed().as_secs_f64(),
    )?;
    figures.finish();
    let title = format!(
        "tribo calibrate — preset {}, seed {}",
        opts.preset.name(),
        opts.seed
    );
    index_page::write(&report, &title, &table)?;
    Ok(Outcome {
        table_path,
        table_bytes,
        report_dir: report,
        table,
    })
}

fn assemble(
    opts: &Options,
    hash: u64,
    contact: &stages::ContactStage,
    alpha: &AlphaSweep,
    cof: Option<tribo_core::cof_field::CofSection>,
    presliding: tribo_core::presliding::PreslidingSection,
) -> Result<Table> {
    let cfg = &opts.config;
    let m = &cfg.material;
    let mut t = Table::seed000_defaults();
    t.provenance = provenance(opts.preset.name(), opts.seed, ValueOrigin::Calibrated, hash)
        .map_err(|source| PipelineError::Table {
            stage: "the table's provenance",
            source,
        })?;
    let kappa = contact.analysis.kappa.ok_or(PipelineError::NoKappa)?;
    t.law = LawParams {
        tau0: m.tau0 as f32,
        kappa: kappa as f32,
        e_star: m.e_star as f32,
        slope_rms: contact.analysis.slope_spectral as f32,
    };
    // The documented ratio μ_p = r·μ0 of this law until the saturation stage solves it.
    t.particle_shear = Some(Table::default_particle_shear(
        t.law.mu0(),
        opts.preset.name(),
        opts.seed,
    ));
    t.transport = TransportSection {
        hardness: m.hardness as f32,
        particle_thickness: cfg.flakes.thickness as f32,
        archard_k: m.archard_k as f32,
        zeta: m.zeta as f32,
    };
    if let Some(bad) = alpha
        .per_velocity
        .iter()
        .find(|a| a.alpha.is_nan() || a.alpha <= 0.0)
    {
        return Err(PipelineError::AlphaNotCalibrated {
            alpha: bad.alpha,
            velocity: bad.velocity,
        });
    }
    let samples: Vec<AlphaSample> = alpha
        .per_velocity
        .iter()
        .map(|a| AlphaSample {
            v: a.velocity as f32,
            alpha: a.alpha as f32,
            ci95: [a.ci95[0].max(0.0) as f32, a.ci95[1] as f32],
            spread: a.spread as f32,
            cases: u16::try_from(a.cases).unwrap_or(u16::MAX),
            origin: if a.simulated_velocity == a.velocity {
                SampleOrigin::Direct
            } else {
                SampleOrigin::Similarity
            },
        })
        .collect();
    // A law whose fit failed is reported in summary.md, never stored as if it were a value.
    let law = alpha.law.as_ref().ok().map(|l| AlphaLaw {
        alpha_inf: l.alpha_inf.max(0.0) as f32,
        alpha_0: l.alpha_0.max(0.0) as f32,
        v_ref: l.v_ref as f32,
    });
    t.alpha.form = AlphaLawForm::ExpRelaxation;
    set_alpha(&mut t, law.filter(|l| l.validate().is_ok()), &samples).map_err(|source| {
        PipelineError::Table {
            stage: "storing α(v) in the table",
            source,
        }
    })?;
    // α's systematic budget next to its statistical interval (issue 42).
    set_systematic(&mut t, &cfg.systematic.terms()).map_err(|source| PipelineError::Table {
        stage: "storing α's systematic budget in the table",
        source,
    })?;
    t.clusters = contact.cluster_section(cfg);
    if let Some(cof) = cof {
        t.cof = cof;
    }
    t.presliding = presliding;
    t.validate().map_err(PipelineError::InvalidTable)?;
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
