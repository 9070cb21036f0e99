//! Why the seed-002 heating runs stop NSGS at its sweep cap, and which solver settings fix it
//! (issue 15, Fig. 8 localisation cell): F = 1 N/m, V = 1.25 m/s, h = 32 ns (a steady inertial
//! number I ≈ 0.03), Eq. 17 cohesion, Eq. 16 walls, scaled thermal constants, start 700 K.
//!
//! The cell (seed `seed`) is prepared as `tribo third-body sweep --kind localisation` does —
//! 500 compaction steps, 1000 sheared steps with temperatures held, then heating on — with the
//! study's solver, and heated for `warm` further steps. From that state:
//! 1. **Step error**: at 5 states 40 steps apart along the study solver's trajectory, the next
//!    step is solved by each candidate and by a tight reference (ε ≤ 1e-9, layered order,
//!    ω = 1.4, ≤ 20 000 sweeps); reported: max |μ − μ_ref| of the top wall's F_t/F_n.
//! 2. **Cost**: each candidate runs `steps` heated steps from the same state; reported: sweeps
//!    per step, the steps at the cap with their mean ε/tolerance, the histogram of sweeps.
//!
//! Run: `cargo run --release -p tribo-calibrator --example nscd_heating_convergence [seed] [warm] [steps]`

use tribo_calibrator::nscd::{SolverParams, SweepOrder};
use tribo_calibrator::third_body::shear_cell::ShearCell;
use tribo_calibrator::third_body::study::{default_cell, transition_case};
use tribo_calibrator::third_body::thermal_constants::ThermalConstants;
use tribo_calibrator::third_body::thermo_cell::ThermoCell;

fn candidates(study: SolverParams) -> Vec<(String, SolverParams)> {
    let mut out = vec![("study: fwd w1.4 cap300".to_string(), study)];
    for (order, omega, cap) in [
        (SweepOrder::Layered, 1.4, 300),
        (SweepOrder::Forward, 1.4, 2000),
        (SweepOrder::Forward, 1.6, 2000),
        (SweepOrder::Forward, 1.7, 2000),
        (SweepOrder::Forward, 1.8, 2000),
        (SweepOrder::Layered, 1.7, 2000),
    ] {
        out.push((
            format!("{order:?} w{omega} cap{cap}"),
            SolverParams {
                order,
                relaxation: omega,
                max_iterations: cap,
                ..study
            },
        ));
    }
    out
}

fn with_solver(cell: &ThermoCell, solver: SolverParams) -> ThermoCell {
    let mut c = cell.clone();
    c.cell.system.params.solver = solver;
    c
}

fn main() {
    let arg = |k: usize, default: u64| {
        std::env::args()
            .nth(k)
            .map_or(default, |a| a.parse().expect("a whole number"))
    };
    let (seed, warm, steps) = (arg(1, 1), arg(2, 500) as usize, arg(3, 300) as usize);
    let mut p = default_cell();
    p.wall_velocity = 1.25;
    p.h = 32e-9;
    let heating = ThermalConstants::Scaled.heating_setup(&p, 700.0);
    let case = transition_case(&p, heating);
    let study = case.cell.solver;
    let mut cell = ThermoCell::new(
        ShearCell::build(case.cell, seed),
        case.thermal.expect("heating case"),
    );
    for _ in 0..500 {
        cell.step();
    }
    cell.reset_temperature();
    cell.cell.set_wall_velocity(p.wall_velocity);
    cell.heating = false;
    for _ in 0..1000 {
        cell.step();
    }
    cell.heating = true;
    for _ in 0..warm {
        cell.step();
    }
    println!(
        "seed {seed}: prepared with the study solver: {}",
        cell.cell.system.stats.summary()
    );
    println!(
        "T_max {:.1} K, contacts {}",
        cell.max_temperature(),
        cell.cell.system.contacts.len()
    );
    let prepared = cell;
    let reference = SolverParams {
        tolerance: 1e-9,
        max_iterations: 20_000,
        relaxation: 1.4,
        order: SweepOrder::Layered,
        ..study
    };
    let cands = candidates(study);
    let mut err = vec![0.0f64; cands.len()];
    let mut walker = prepared.clone();
    let mut ref_line = String::new();
    for _ in 0..5 {
        for _ in 0..40 {
            walker.step();
        }
        let mut r = with_solver(&walker, reference);
        let rr = r.step();
        ref_line.push_str(&format!(
            " {}{}",
            rr.solve.iterations,
            if rr.solve.converged { "" } else { "(nc)" }
        ));
        let mu_ref = r.cell.friction();
        for (k, (_, s)) in cands.iter().enumerate() {
            let mut c = with_solver(&walker, *s);
            c.step();
            err[k] = err[k].max((c.cell.friction() - mu_ref).abs());
        }
    }
    println!("reference sweeps at the 5 states:{ref_line}");
    indeterminacy(&walker, reference, study);
    for (k, (name, s)) in cands.iter().enumerate() {
        let mut c = with_solver(&prepared, *s);
        c.cell.system.stats = Default::default();
        let mut mu = 0.0;
        for _ in 0..steps {
            c.step();
            mu += c.cell.friction();
        }
        println!(
            "{name:>22}: max|dμ| vs ref {:.2e}, mean μ {:.4}; {}",
            err[k],
            mu / steps as f64,
            c.cell.system.stats.summary()
        );
    }
}

/// Largest particle velocity difference between two cells, over V.
fn max_dv(a: &ThermoCell, b: &ThermoCell) -> f64 {
    let v = a.cell.params.wall_velocity;
    a.cell
        .particles()
        .map(|i| {
            let (x, y) = (a.cell.system.bodies[i].v, b.cell.system.bodies[i].v);
            ((x[0] - y[0]).powi(2) + (x[1] - y[1]).powi(2)).sqrt() / v
        })
        .fold(0.0, f64::max)
}

/// Is one step's force network statically indeterminate? The same step solved by two tight
/// solvers that walk different paths (layered ω = 1.4 and forward ω = 1, 20 000 sweeps each)
/// and by the study's solver: if the velocities agree far better than μ does, the impulses
/// differ by a self-stress (forces that move nothing). Also the degree of hyperstaticity of the
/// reference's contact network: unknowns 2·N_stick + N_slide against 3·N_particles + 1
/// equations (the top wall's y).
fn indeterminacy(state: &ThermoCell, reference: SolverParams, study: SolverParams) {
    let other = SolverParams {
        order: SweepOrder::Forward,
        relaxation: 1.0,
        ..reference
    };
    let solve = |s: SolverParams| {
        let mut c = with_solver(state, s);
        let r = c.step();
        (c, r)
    };
    let (a, ra) = solve(reference);
    let (b, rb) = solve(other);
    let (c, rc) = solve(study);
    println!(
        "one step, three solvers: ε = {:.1e} / {:.1e} / {:.1e} after {} / {} / {} sweeps; \
         μ = {:.4} / {:.4} / {:.4}; max|Δv|/V ref–ref' {:.2e}, ref–study {:.2e}",
        ra.solve.residual,
        rb.solve.residual,
        rc.solve.residual,
        ra.solve.iterations,
        rb.solve.iterations,
        rc.solve.iterations,
        a.cell.friction(),
        b.cell.friction(),
        c.cell.friction(),
        max_dv(&a, &b),
        max_dv(&a, &c)
    );
    let sys = &a.cell.system;
    let mu = sys.params.law.mu;
    let (mut open, mut stick, mut slide) = (0usize, 0usize, 0usize);
    for (k, p) in sys.impulses.iter().enumerate() {
        let pn = sys.compressive_force(k) * sys.params.h;
        if pn <= 0.0 {
            open += 1;
        } else if p[1].abs() < mu * pn * (1.0 - 1e-6) {
            stick += 1;
        } else {
            slide += 1;
        }
    }
    let particles = a.cell.particles().len();
    println!(
        "reference network: {open} open (P' = 0), {stick} sticking, {slide} sliding contacts; \
         unknowns 2·stick + slide = {} vs equations 3·N + 1 = {} (degree of hyperstaticity {})",
        2 * stick + slide,
        3 * particles + 1,
        (2 * stick + slide) as i64 - (3 * particles + 1) as i64
    );
}
