//! Warm starts that follow the tool (translation invariance of the periodic problem).

use crate::bem::tests::westergaard::tool_and_deformable;
use crate::bem::*;

const E_STAR: f64 = 55e9;
/// A shifted warm start of a shifted problem is an index permutation of the old traction:
/// only the round-off of re-imposing the mean pressure remains (relative to p).
const SHIFT_EXACT: f64 = 1e-12;
/// Two solves of the same strictly convex problem to ε = 1e-10 of the gap agree to ~1e-9 of
/// the peak traction; 1e-6 leaves room for the conditioning of the kernel (relative).
const SAME_SOLUTION: f64 = 1e-6;
/// The mean pressure is imposed by every step (issue 3: 1e-10 relative).
const EQUILIBRIUM: f64 = 1e-10;

/// A solver for a purely elastic half-space of modulus [`E_STAR`] with default options.
fn elastic_solver(def: &crate::surface::HeightMap) -> ContactSolver {
    ContactSolver::for_map(def, Material::elastic(E_STAR), SolverOptions::default()).unwrap()
}

/// Max |a − b| / max |b|.
fn relative_max_difference(a: &[f64], b: &[f64]) -> f64 {
    let scale = b.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
        / scale
}

#[test]
fn shifted_warm_start_of_a_shifted_problem_is_already_converged() {
    // Moving tool and deformable surface together shifts the whole gap: by translation
    // invariance the shifted old traction is the new solution, so no iteration is needed.
    let n = 32;
    let (tool, def) = tool_and_deformable(n, 22);
    let mut s = elastic_solver(&def);
    let p = 0.01 * E_STAR;
    s.solve(&gap_from_surfaces(&tool, &def).unwrap(), p)
        .unwrap();
    let mut t_prev = s.traction().to_vec();
    for (sx, sy, total) in [(1isize, 0isize, (1, 0)), (-3, 5, (-2, 5))] {
        let g = gap_from_surfaces(
            &tool.shifted(total.0, total.1),
            &def.shifted(total.0, total.1),
        )
        .unwrap();
        let r = s.solve_warm_shifted(&g, p, sx, sy).unwrap();
        assert_eq!(r.iterations, 0, "shift ({sx}, {sy})");
        // The traction really moved: t'(x, y) = t(x − sx, y − sy).
        for iy in 0..n {
            for ix in 0..n {
                let src = ((iy as isize - sy).rem_euclid(n as isize) as usize) * n
                    + (ix as isize - sx).rem_euclid(n as isize) as usize;
                let (a, b) = (s.traction()[iy * n + ix], t_prev[src]);
                assert!((a - b).abs() <= SHIFT_EXACT * p, "({ix}, {iy}): {a} vs {b}");
            }
        }
        t_prev = s.traction().to_vec();
    }
}

#[test]
fn shifted_warm_start_after_a_tool_step_reaches_the_cold_solution() {
    let n = 64;
    let (tool, def) = tool_and_deformable(n, 4);
    let mut s = elastic_solver(&def);
    let p = 0.01 * E_STAR;
    let g0 = gap_from_surfaces(&tool, &def).unwrap();
    let g1 = gap_from_surfaces(&tool.shifted(1, 0), &def).unwrap();
    let cold = s.solve(&g1, p).unwrap();
    let t_cold = s.traction().to_vec();
    s.solve(&g0, p).unwrap();
    let shifted = s.solve_warm_shifted(&g1, p, 1, 0).unwrap();
    // Same strictly convex problem → same traction (SAME_SOLUTION).
    let diff = relative_max_difference(s.traction(), &t_cold);
    s.solve(&g0, p).unwrap();
    let unshifted = s.solve_warm(&g1, p).unwrap();
    eprintln!(
        "one-pixel tool step: cold {} it, warm {} it, warm shifted with the tool {} it; max |Δt|/t_max = {diff:.2e}",
        cold.iterations, unshifted.iterations, shifted.iterations
    );
    assert!(diff < SAME_SOLUTION);
}

#[test]
fn preconditioned_solver_finds_the_same_solution() {
    // The contact problem has a unique solution: the preconditioned iteration must reach the
    // plain one's traction and approach (ε = 1e-10 of the gap → ~1e-9 of the peak traction).
    let n = 64;
    let (tool, def) = tool_and_deformable(n, 7);
    let g = gap_from_surfaces(&tool, &def).unwrap();
    for material in [
        Material::elastic(E_STAR),
        Material {
            e_star: E_STAR,
            p_crit: Some(0.1 * E_STAR),
        },
    ] {
        let mut s = ContactSolver::for_map(&def, material, SolverOptions::default()).unwrap();
        let p = 0.01 * E_STAR;
        s.set_preconditioned(false);
        let plain = s.solve(&g, p).unwrap();
        let t_plain = s.traction().to_vec();
        s.set_preconditioned(true);
        let pre = s.solve(&g, p).unwrap();
        let diff = relative_max_difference(s.traction(), &t_plain);
        eprintln!(
            "p_crit {:?}: plain {} it / {} FFT pairs, preconditioned {} it / {} FFT pairs, max |Δt|/t_max = {diff:.1e}",
            material.p_crit, plain.iterations, plain.fft_pairs, pre.iterations, pre.fft_pairs
        );
        assert!(diff < SAME_SOLUTION);
        assert!((pre.approach - plain.approach).abs() <= SAME_SOLUTION * plain.approach.abs());
        let mean = s.traction().iter().sum::<f64>() / (n * n) as f64;
        assert!((mean / p - 1.0).abs() < EQUILIBRIUM);
    }
}
