//! α(v) of one or more `tribo meso --sweep` outputs (their `cases.json`), with the calibrator's
//! own fits: α per velocity with its 95 % cluster-bootstrap interval over seed indices, the
//! paired ratio of every velocity to a reference velocity, the laws, and the DEM cost per
//! velocity. The issue-14 studies (`docs/studies/alpha_v/`) are read with it:
//!
//! `cargo run -p tribo-calibrator --example alpha_study -- study/lubricant/cases.json [REF_V]`
//!
//! With two files whose cases share seed indices and surface pairs (e.g. direct and
//! similarity runs at the same velocities) it also prints their paired ratios, velocity by
//! velocity (`--pair A B`).

use std::error::Error;

use tribo_calibrator::fit::alpha::fit_alpha;
use tribo_calibrator::fit::bootstrap::{Clustered, percentile_interval};
use tribo_calibrator::meso::cases::CaseResult;

const E_STAR: f64 = 55e9;
const SEED: u64 = 0;

fn read(path: &str) -> Result<Vec<CaseResult>, Box<dyn Error>> {
    Ok(serde_json::from_str(&std::fs::read_to_string(path)?)?)
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    const USAGE: &str = "usage: alpha_study CASES.json [REF_V] | alpha_study --pair A.json B.json";
    if args.first().map(String::as_str) == Some("--pair") {
        let (Some(a), Some(b)) = (args.get(1), args.get(2)) else {
            return Err(USAGE.into());
        };
        return pair(a, b);
    }
    let results = read(args.first().ok_or(USAGE)?)?;
    let reference: f64 = args.get(1).map_or(Ok(10.0), |s| s.parse())?;
    let fit = fit_alpha(&results, E_STAR, SEED)?;
    println!("| v [m/s] | ran at | α | 95 % CI | cases (seed indices) | R² | DEM s/case |");
    println!("|---|---|---|---|---|---|---|");
    for a in &fit.per_velocity {
        let dem: Vec<f64> = results
            .iter()
            .filter(|r| r.case.velocity == a.velocity)
            .map(|r| r.seconds_dem)
            .collect();
        println!(
            "| {} | {} | {:.2} | [{:.2}, {:.2}] | {} ({}) | {:.3} | {:.1} |",
            a.velocity,
            a.simulated_velocity,
            a.alpha,
            a.ci95[0],
            a.ci95[1],
            a.cases,
            a.seeds,
            a.r_squared,
            dem.iter().sum::<f64>() / dem.len() as f64
        );
    }
    let r = fit
        .per_velocity
        .iter()
        .position(|a| a.velocity == reference)
        .ok_or("reference velocity not in the study")?;
    println!("\npaired against v = {reference} m/s (same bootstrap draws of seed indices):");
    for i in 0..fit.per_velocity.len() {
        if i == r {
            continue;
        }
        let (lo, hi) = if i < r { (i, r) } else { (r, i) };
        let c = fit.paired(lo, hi).expect("indices in range");
        println!("  {c} → {:?}", c.trend);
    }
    println!("\nlaw α∞ + (α0 − α∞)e^(−v/v_ref): {:?}", fit.law);
    println!("seed 000's form: {:?}", fit.seed_law);
    Ok(())
}

/// Paired ratios α_b(v)/α_a(v) at each velocity both files hold: the seed indices are the
/// clusters, drawn once per replicate for both.
fn pair(a: &str, b: &str) -> Result<(), Box<dyn Error>> {
    let (ra, rb) = (read(a)?, read(b)?);
    let mut common: Vec<f64> = ra
        .iter()
        .map(|r| r.case.velocity)
        .filter(|v| rb.iter().any(|r| r.case.velocity == *v))
        .collect();
    common.sort_by(f64::total_cmp);
    common.dedup();
    // One clustered set with the two runs as two "velocities" per common velocity.
    for v in common {
        let mut both: Vec<CaseResult> = Vec::new();
        for (tag, rs) in [(0.0, &ra), (1.0, &rb)] {
            for r in rs.iter().filter(|r| r.case.velocity == v) {
                let mut r = r.clone();
                r.case.velocity = tag;
                both.push(r);
            }
        }
        let c = Clustered::new(&both, &[0.0, 1.0], E_STAR);
        let ones = vec![1; c.seeds];
        let (x, y) = (c.alpha(0, &ones), c.alpha(1, &ones));
        let reps = c.replicates(SEED);
        let ratio = percentile_interval(reps.iter().filter(|r| r[0] > 0.0).map(|r| r[1] / r[0]));
        let ci_a = percentile_interval(reps.iter().map(|r| r[0]));
        let ci_b = percentile_interval(reps.iter().map(|r| r[1]));
        println!(
            "v = {v}: α = {x:.2} [{:.2}, {:.2}] ({a}) vs {y:.2} [{:.2}, {:.2}] ({b}); paired ratio {:.3} [{:.3}, {:.3}]",
            ci_a[0],
            ci_a[1],
            ci_b[0],
            ci_b[1],
            y / x,
            ratio[0],
            ratio[1]
        );
    }
    Ok(())
}
