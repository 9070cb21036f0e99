//! Saturated stall regression (exploration).
use super::tests_westergaard::tool_and_deformable;
use super::*;

#[test]
#[ignore]
fn explore_stall() {
    for n in [32usize, 64] {
        for seed in 0..6u64 {
            let (tool, def) = tool_and_deformable(n, seed);
            let g = gap_from_surfaces(&tool, &def).unwrap();
            let mut s = ContactSolver::for_map(&def, Material::ALUMINIUM_ON_CAST_IRON, SolverOptions { tolerance: 1e-8, max_iterations: 2000 }).unwrap();
            for p in [5e6, 15e6, 30e6, 60e6] {
                match s.solve(&g, p) {
                    Ok(r) => eprintln!("n {n} seed {seed} p {p:.0e}: {} it {} fft, sat {:.4} A {:.4}", r.iterations, r.fft_pairs, r.saturated_fraction, r.contact_fraction),
                    Err(e) => eprintln!("n {n} seed {seed} p {p:.0e}: {e}"),
                }
            }
            // Sliding sequence with warm starts and cumulated plastic flow.
            let mut def = def.clone();
            let mut worst = 0;
            let mut fails = 0;
            for step in 1..=n as isize {
                let g = gap_from_surfaces(&tool.shifted(step, 0), &def).unwrap();
                match s.solve_warm(&g, 15e6) {
                    Ok(r) => worst = worst.max(r.iterations),
                    Err(e) => { fails += 1; eprintln!("  slide {step}: {e}"); s.solve(&g, 15e6).unwrap(); }
                }
                deform_plastically(&mut def, s.plastic_displacement());
            }
            eprintln!("  slide n {n} seed {seed}: worst warm {worst} it, {fails} failures");
        }
    }
}
