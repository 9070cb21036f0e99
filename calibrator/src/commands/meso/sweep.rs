//! `tribo meso --sweep`: every case of the config's sweep on rayon's pool, a table of the case
//! results and the α fit per velocity (seed 000 Eq. 23) — for sizing presets.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result};
use rayon::prelude::*;

use crate::config::CalibrationConfig;
use crate::fit::alpha::fit_alpha;
use crate::meso::cases::{CaseResult, list_cases};
use crate::meso::run_case;
use crate::report::{CsvTable, write_atomic};

/// Runs the sweep and writes `cases.csv`, `cases.json` and `sweep_summary.txt` into `out`.
pub fn run_sweep(cfg: &CalibrationConfig, seed: u64, out: &Path) -> Result<()> {
    let cases = list_cases(cfg);
    std::fs::create_dir_all(out)
        .with_context(|| format!("creating output folder {}", out.display()))?;
    let bar = crate::progress::bar(cases.len() as u64, "meso cases");
    let t0 = Instant::now();
    let results: Vec<CaseResult> = cases
        .par_iter()
        .map(|c| {
            let r = run_case(cfg, c, seed, None);
            bar.inc(1);
            r
        })
        .collect::<Result<_>>()?;
    let wall = t0.elapsed().as_secs_f64();
    bar.finish_and_clear();

    let mut t = CsvTable::new(&[
        "index",
        "pressure_pa",
        "beta",
        "velocity_m_s",
        "seed_index",
        "flakes",
        "beta_realised",
        "mean_ap",
        "mean_ac",
        "mean_blocked",
        "steps",
        "bem_iterations",
        "seconds_dem",
        "seconds_bem",
    ]);
    for r in &results {
        t.push(&[
            r.case.index as f64,
            r.case.pressure,
            r.case.beta,
            r.case.velocity,
            r.case.seed_index as f64,
            r.flakes as f64,
            r.beta_realised,
            r.mean_ap,
            r.mean_ac,
            r.mean_blocked,
            r.steps as f64,
            r.bem_iterations as f64,
            r.seconds_dem,
            r.seconds_bem,
        ]);
    }
    t.write(&out.join("cases.csv"))
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
    print!("{s}");
    Ok(())
}
