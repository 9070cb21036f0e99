//! `tribo meso --sweep`: every case of the config's sweep on rayon's pool, the table of the
//! case results ([`cases_table`], the same `cases.csv` as `tribo calibrate`'s) and the α fit per
//! velocity (seed 000 Eq. 23) — for sizing presets.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use crate::config::CalibrationConfig;
use crate::fit::alpha::fit_alpha;
use crate::meso::cases::{CaseResult, list_cases};
use crate::meso::run_case;
use crate::report::write_atomic;

use super::case_runner::run_cases;
use super::error::{PipelineError, Result, io_at, json_at};
use super::meso_report::cases_table;

/// Runs the sweep and writes `cases.csv`, `cases.json` and `sweep_summary.txt` into `out`;
/// returns the summary text.
///
/// # Errors
///
/// [`PipelineError::Case`] (the case named) when a case fails; [`PipelineError::Io`] or
/// [`PipelineError::Json`] when `out` or a result file cannot be written.
pub fn run_sweep(cfg: &CalibrationConfig, seed: u64, out: &Path) -> Result<String> {
    let cases = list_cases(cfg);
    std::fs::create_dir_all(out).map_err(io_at("creating output folder", out))?;
    let t0 = Instant::now();
    let results: Vec<CaseResult> = run_cases(&cases, "meso cases", |c| {
        run_case(cfg, c, seed, None).map_err(|source| PipelineError::Case {
            index: c.index,
            pressure: c.pressure,
            beta: c.beta,
            velocity: c.velocity,
            seed_index: c.seed_index,
            source: Box::new(source),
        })
    })?;
    let wall = t0.elapsed().as_secs_f64();
    let path = out.join("cases.csv");
    cases_table(&results)
        .write(&path)
        .map_err(io_at("writing", &path))?;
    let path = out.join("cases.json");
    let json = serde_json::to_string_pretty(&results).map_err(json_at("encoding", &path))?;
    write_atomic(&path, json.as_bytes()).map_err(io_at("writing", &path))?;

    let mut s = String::new();
    let n = results.len() as f64;
    let dem: f64 = results.iter().map(|r| r.seconds_dem).sum();
    let bem: f64 = results.iter().map(|r| r.seconds_bem).sum();
    let _ = writeln!(
        s,
        "{} cases in {wall:.1} s wall on {} threads; per case: DEM {:.2} s, BEM {:.2} s (means)",
        results.len(),
        rayon::current_num_threads(),
        dem / n,
        bem / n
    );
    let nonzero = results.iter().filter(|r| r.mean_ap > 0.0).count();
    let _ = writeln!(s, "cases with <A_p> > 0: {nonzero} of {}", results.len());
    match fit_alpha(&results, cfg.material.e_star, seed) {
        Ok(a) => {
            for v in &a.per_velocity {
                let _ = writeln!(
                    s,
                    "v0 = {} m/s (ran at {} m/s): alpha = {:.4} [95 % CI {:.4}, {:.4}] ({} cases, {} seed indices), \
                     spread {:.4}, R² = {:.3}, per beta {:?}",
                    v.velocity,
                    v.simulated_velocity,
                    v.alpha,
                    v.ci95[0],
                    v.ci95[1],
                    v.cases,
                    v.seeds,
                    v.spread,
                    v.r_squared,
                    v.alpha_per_beta
                );
            }
            match &a.law {
                Ok(l) => {
                    let _ = writeln!(
                        s,
                        "alpha(v) = {:.4} + ({:.4} - {:.4})·exp(−v/{:.4}), R² = {:.3}",
                        l.alpha_inf, l.alpha_0, l.alpha_inf, l.v_ref, l.r_squared
                    );
                }
                Err(e) => {
                    let _ = writeln!(s, "alpha(v) law not fitted: {e}");
                }
            }
        }
        Err(e) => {
            let _ = writeln!(s, "alpha fit failed: {e}");
        }
    }
    let path = out.join("sweep_summary.txt");
    write_atomic(&path, s.as_bytes()).map_err(io_at("writing", &path))?;
    Ok(s)
}
