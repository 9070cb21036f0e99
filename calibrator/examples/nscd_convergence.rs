//! NSGS convergence study on the seed-002 shear cell (issue 15): how far a step solved to the
//! study's stopping rule is from the same step solved to a tight reference, and how many sweeps
//! each stopping rule and sweep order costs.
//!
//! For each cohesion γ (N/m) the default 400-disk cell (seed 1) is compacted (1000 steps) and
//! sheared (500 steps) with plain NSGS (ω = 1, the solver before over-relaxation). Then
//! 1. **Step error**: at 10 states 50 steps apart along the old solver's trajectory, the next
//!    step is solved by each candidate and by a reference (ε_P = ‖ΔP‖/‖P‖ ≤ 1e-10, ω = 1.5,
//!    ≤ 100 000 sweeps); reported: |μ − μ_ref| of the top wall's F_t/F_n and the largest
//!    particle velocity difference over V.
//! 2. **Cost**: each candidate runs 1000 shear steps from the same prepared state; reported:
//!    mean sweeps per step, steps at the sweep cap, mean μ.
//!
//! Run: `cargo run --release -p tribo-calibrator --example nscd_convergence [γ …]`

use tribo_calibrator::nscd::{ConvergenceNorm, SolverParams, SweepOrder};
use tribo_calibrator::third_body::shear_cell::ShearCell;
use tribo_calibrator::third_body::study::{cohesive_law, default_cell};

fn candidates(v: f64) -> Vec<(String, SolverParams)> {
    // Plain NSGS as the study used before over-relaxation.
    let base = SolverParams {
        relaxation: 1.0,
        ..default_cell().solver
    };
    let mut out = vec![("old: dP/P 1e-4 fwd".to_string(), base)];
    let sweeps: [(SweepOrder, &[f64]); 2] = [
        (SweepOrder::Forward, &[1.2, 1.4, 1.5, 1.6, 1.8]),
        (SweepOrder::Alternating, &[1.0, 1.5]),
    ];
    for (order, omegas) in sweeps {
        for &omega in omegas {
            out.push((
                format!("dP/P 1e-4 {order:?} w{omega}"),
                SolverParams {
                    relaxation: omega,
                    order,
                    ..base
                },
            ));
        }
    }
    out.push((
        "dU/V 1e-5 fwd w1.5".to_string(),
        SolverParams {
            norm: ConvergenceNorm::Velocity { reference: v },
            tolerance: 1e-5,
            relaxation: 1.5,
            ..base
        },
    ));
    out
}

fn with_solver(cell: &ShearCell, solver: SolverParams) -> ShearCell {
    let mut c = cell.clone();
    c.system.params.solver = solver;
    c
}

fn main() {
    let gammas: Vec<f64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("γ in N/m"))
        .collect();
    let gammas = if gammas.is_empty() {
        vec![0.0, 0.05, 0.125]
    } else {
        gammas
    };
    for gamma in gammas {
        let mut p = default_cell();
        p.law = cohesive_law(&p, gamma);
        let v = p.wall_velocity;
        let mut cell = ShearCell::build(p, 1);
        for _ in 0..1000 {
            cell.step();
        }
        cell.set_wall_velocity(v);
        for _ in 0..500 {
            cell.step();
        }
        let prepared = cell.clone();
        let reference = SolverParams {
            tolerance: 1e-10,
            max_iterations: 100_000,
            relaxation: 1.5,
            ..p.solver
        };
        let cands = candidates(v);
        // Step error against the reference at 10 states.
        let mut err = vec![(0.0f64, 0.0f64, 0usize, 0usize); cands.len()];
        let mut ref_sweeps = 0usize;
        let mut ref_unconverged = 0usize;
        let mut walker = prepared.clone();
        for _ in 0..10 {
            for _ in 0..50 {
                walker.step();
            }
            let mut r = with_solver(&walker, reference);
            let rr = r.step();
            ref_sweeps += rr.solve.iterations;
            ref_unconverged += usize::from(!rr.solve.converged);
            let mu_ref = r.friction();
            for (k, (_, s)) in cands.iter().enumerate() {
                let mut c = with_solver(&walker, *s);
                let rep = c.step();
                let dmu = (c.friction() - mu_ref).abs();
                let dv = c
                    .particles()
                    .map(|i| {
                        let (a, b) = (c.system.bodies[i].v, r.system.bodies[i].v);
                        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt() / v
                    })
                    .fold(0.0, f64::max);
                err[k].0 = err[k].0.max(dmu);
                err[k].1 = err[k].1.max(dv);
                err[k].2 += rep.solve.iterations;
                err[k].3 += usize::from(!rep.solve.converged);
            }
        }
        println!(
            "γ = {gamma} N/m: reference {:.0} sweeps/step ({} of 10 not converged)",
            ref_sweeps as f64 / 10.0,
            ref_unconverged
        );
        println!(
            "{:>22} | {:>10} {:>10} {:>8} | {:>8} {:>9} {:>8}",
            "solver", "max|dμ|", "max|dv|/V", "sweeps", "sweeps", "at cap", "mean μ"
        );
        for (k, (name, s)) in cands.iter().enumerate() {
            let mut c = with_solver(&prepared, *s);
            let before = c.system.stats;
            let mut mu = 0.0;
            let steps = 1000;
            for _ in 0..steps {
                c.step();
                mu += c.friction();
            }
            let st = c.system.stats;
            println!(
                "{:>22} | {:>10.2e} {:>10.2e} {:>8.1} | {:>8.1} {:>4} ({:>4.1}%) {:>8.4}",
                name,
                err[k].0,
                err[k].1,
                err[k].2 as f64 / 10.0,
                (st.iterations - before.iterations) as f64 / steps as f64,
                st.not_converged - before.not_converged,
                100.0 * (st.not_converged - before.not_converged) as f64 / steps as f64,
                mu / steps as f64
            );
        }
    }
}
