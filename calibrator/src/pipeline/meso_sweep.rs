//! `tribo meso --sweep`: every case of the config's sweep on rayon's pool, the table of the
//! case results ([`cases_table`], the same `cases.csv` as `tribo calibrate`'s) and the α fit per
//! velocity (seed 000 Eq. 23) — for sizing presets.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result};

use crate::config::CalibrationConfig;
use crate::fit::alpha::fit_alpha;
use crate::meso::cases::{CaseResult, list_cases};
use crate::meso::run_case;
use crate::report::write_atomic;

use super::case_runner::run_cases;
use super::meso_report::cases_table;

/// Runs the sweep and writes `cases.csv`, `cases.json` and `sweep_summary.txt` into `out`;
/// returns the summary text.
pub fn run_sweep(cfg: &CalibrationConfig, seed: u64, out: &Path) -> Result<String> {
    let cases = list_cases(cfg);
    std::fs::create_dir_all(out)
        .with_context(|| format!("creating output folder {}", out.display()))?;
    let t0 = Instant::now();
    let results: Vec<CaseResult> =
        run_cases(&cases, "meso cases", |c| Ok(run_case(cfg, c, seed, None)?))?;
    let wall = t0.elapsed().as_secs_f64();
    cases_table(&results)
        .write(&out.join("cases.csv"))
        .context("writing cases.csv")?;
    let json = serde_json::to_string_pretty(&results).context("encoding cases.json")?;
    write_atomic(&out.join("cases.json"), json.as_bytes()).context("writing cases.json")?;

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
    write_atomic(&out.join("sweep_summary.txt"), s.as_bytes())
        .context("writing sweep_summary.txt")?;
    Ok(s)
}
