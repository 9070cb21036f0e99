//! The two-level (one coarse mode per free-set cluster) preconditioner: same solution, KKT
//! conditions, and (ignored) its iteration counts on the bench problem.

use super::tests_westergaard::tool_and_deformable;
use super::*;

const E_STAR: f64 = 55e9;
/// Two solves of the same strictly convex problem to ε = 1e-10 of the gap agree to ~1e-9 of
/// the peak traction; 1e-6 leaves room for the conditioning of the kernel (relative).
const SAME_SOLUTION: f64 = 1e-6;
/// The mean pressure is imposed by every step (issue 3: 1e-10 relative).
const EQUILIBRIUM: f64 = 1e-10;
/// Complementarity: |gap·t| at the solver tolerance 1e-10 of rms(g)·p̄, with a factor for
/// the peak tractions (a few p̄) and the ε being an rms (a max can be ~10× larger).
const COMPLEMENTARITY: f64 = 1e-7;

#[test]
fn deflated_solver_meets_kkt_and_finds_the_same_solution() {
    let n = 64;
    let (tool, def) = tool_and_deformable(n, 7);
    let g = gap_from_surfaces(&tool, &def).unwrap();
    let p = 0.01 * E_STAR;
    let mut s =
        ContactSolver::for_map(&def, Material::elastic(E_STAR), SolverOptions::default()).unwrap();
    let plain = s.solve(&g, p).unwrap();
    let t_ref = s.traction().to_vec();
    s.set_deflated(true);
    assert!(s.is_deflated());
    let r = s.solve(&g, p).unwrap();
    eprintln!(
        "64²: FFT-preconditioned {} it / {} FFT pairs, two-level {} it / {} FFT pairs",
        plain.iterations, plain.fft_pairs, r.iterations, r.fft_pairs
    );
    let t = s.traction();
    let t_max = t_ref.iter().fold(0.0f64, |m, v| m.max(*v));
    let diff = t
        .iter()
        .zip(&t_ref)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    assert!(diff < SAME_SOLUTION * t_max, "max |Δt| = {diff}");
    let mean = t.iter().sum::<f64>() / (n * n) as f64;
    assert!((mean / p - 1.0).abs() < EQUILIBRIUM);
    assert!(t.iter().all(|&v| v >= 0.0));
    let mean_g = g.iter().sum::<f64>() / g.len() as f64;
    let rms_g = (g.iter().map(|v| (v - mean_g).powi(2)).sum::<f64>() / g.len() as f64).sqrt();
    for (gap, ti) in s.gap().iter().zip(t) {
        assert!(*gap >= -COMPLEMENTARITY * rms_g, "penetration {gap}");
        assert!(
            (gap * ti).abs() <= COMPLEMENTARITY * rms_g * p,
            "gap·t = {}",
            gap * ti
        );
    }
}

#[test]
#[ignore = "exploration: iterations, FFT pairs and time of the two-level preconditioner on the bench problem; run with: cargo test -p tribo-calibrator -- --ignored deflation_counts --nocapture"]
fn deflation_counts() {
    use crate::rng::stream_rng;
    use crate::surface::{Rescale, SelfAffine, SlopeDefinition};
    for n in [128usize, 256] {
        let spec = SelfAffine {
            hurst: 0.8,
            k_l: 1.0,
            k_r: 4.0,
            k_s: (n / 8) as f64,
        };
        let l = 100e-6;
        let surface = |slope, stream| {
            spec.generate(
                n,
                l,
                Rescale::RmsSlope(slope, SlopeDefinition::Spectral),
                &mut stream_rng(1, stream),
            )
            .unwrap()
        };
        let (tool, def) = (surface(0.1, 1), surface(0.34, 2));
        let g0 = gap_from_surfaces(&tool, &def).unwrap();
        let g1 = gap_from_surfaces(&tool.shifted(1, 0), &def).unwrap();
        let p = 0.01 * E_STAR;
        let mut s =
            ContactSolver::for_map(&def, Material::elastic(E_STAR), SolverOptions::default())
                .unwrap();
        for deflated in [false, true] {
            s.set_deflated(deflated);
            let start = std::time::Instant::now();
            let cold = s.solve(&g1, p).unwrap();
            let t_cold = start.elapsed().as_secs_f64();
            let nc = Clusters::label(&s.contact_mask(), n, n, Connectivity::Four).count();
            s.solve(&g0, p).unwrap();
            let start = std::time::Instant::now();
            let warm = s.solve_warm(&g1, p).unwrap();
            let t_warm = start.elapsed().as_secs_f64();
            eprintln!(
                "{n}² deflated {deflated} (N_c {nc}): cold {} it / {} FFT pairs / {:.0} ms, warm {} it / {} FFT pairs / {:.0} ms",
                cold.iterations,
                cold.fft_pairs,
                t_cold * 1e3,
                warm.iterations,
                warm.fft_pairs,
                t_warm * 1e3
            );
        }
    }
}
