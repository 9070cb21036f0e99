//! Where the BEM warm start's iterations go (the measurements behind the bench problem and the
//! preconditioned warm solves; printed, not asserted — the asserted facts are the tests in
//! `calibrator/src/bem/tests/warm.rs` and `tests/stall.rs`).
//!
//! ```sh
//! cargo run --release -p tribo-calibrator --example bem_warm_start_study -- counts
//! cargo run --release -p tribo-calibrator --example bem_warm_start_study -- saturated
//! ```
//!
//! - `counts`: iterations of cold and warm solves to each tolerance on the 256² bench problem
//!   (elastic, E* = 55 GPa, mean pressure 0.01·E*), plain and preconditioned.
//! - `saturated`: iterations, FFT pairs and wall time of 16 warm steps of a plastically
//!   saturating slide (15 MPa, aluminium on cast iron) at 64², 128², 256².

use std::error::Error;

use tribo_calibrator::bem::{
    ContactSolver, Material, SolverOptions, deform_plastically, gap_from_surfaces,
};
use tribo_calibrator::rng::stream_rng;
use tribo_calibrator::surface::{HeightMap, Rescale, SelfAffine, SlopeDefinition};

/// E* of the elastic bench problem \[Pa\].
const E_STAR: f64 = 55e9;

fn counts() -> Result<(), Box<dyn Error>> {
    let n = 256;
    let spec = SelfAffine {
        hurst: 0.8,
        k_l: 1.0,
        k_r: 4.0,
        k_s: (n / 8) as f64,
    };
    let l = 100e-6;
    let slope = |s| Rescale::RmsSlope(s, SlopeDefinition::Spectral);
    let tool = spec.generate(n, l, slope(0.1), &mut stream_rng(1, 1))?;
    let def = spec.generate(n, l, slope(0.34), &mut stream_rng(1, 2))?;
    let g0 = gap_from_surfaces(&tool, &def)?;
    let g1 = gap_from_surfaces(&tool.shifted(1, 0), &def)?;
    let p = 0.01 * E_STAR;
    let mut s = ContactSolver::for_map(&def, Material::elastic(E_STAR), SolverOptions::default())?;
    // The warm start saves what the cold solve spends reaching the warm start's ε0.
    for pre in [false, true] {
        s.set_preconditioned(pre);
        for tol in [1e-2, 1e-3, 1e-4, 1e-6, 1e-8, 1e-10] {
            s.options_mut().tolerance = tol;
            let cold = s.solve(&g1, p)?.iterations;
            s.solve(&g0, p)?;
            let warm = s.solve_warm(&g1, p)?.iterations;
            println!("preconditioned {pre}: tol {tol:.0e}: cold {cold}, warm {warm}");
        }
        s.options_mut().tolerance = SolverOptions::default().tolerance;
    }
    for pre in [false, true, false, true] {
        s.set_preconditioned(pre);
        let first = s.solve(&g1, p)?.iterations;
        let again = s.solve(&g1, p)?.iterations;
        s.solve(&g0, p)?;
        let warm = s.solve_warm(&g1, p)?.iterations;
        println!(
            "preconditioned {pre}: cold (fresh solver) {first}, cold again {again}, warm {warm}"
        );
    }
    Ok(())
}

/// The tool and deformable maps of the BEM tests (100 µm, H = 0.8, roll-off 2, cut-off n/4).
fn tool_and_deformable(n: usize, seed: u64) -> Result<(HeightMap, HeightMap), Box<dyn Error>> {
    let spec = SelfAffine {
        hurst: 0.8,
        k_l: 1.0,
        k_r: 2.0,
        k_s: (n / 4) as f64,
    };
    let l = 100e-6;
    let tool = spec.generate(n, l, Rescale::RmsHeight(0.6e-6), &mut stream_rng(seed, 1))?;
    let def = spec.generate(n, l, Rescale::RmsHeight(1.4e-6), &mut stream_rng(seed, 2))?;
    Ok((tool, def))
}

fn saturated() -> Result<(), Box<dyn Error>> {
    for n in [64usize, 128, 256] {
        for pre in [false, true] {
            let (tool, mut def) = tool_and_deformable(n, 3)?;
            let options = SolverOptions {
                tolerance: 1e-8,
                max_iterations: 2000,
            };
            let mut s = ContactSolver::for_map(&def, Material::ALUMINIUM_ON_CAST_IRON, options)?;
            s.set_preconditioned(pre);
            let p = 15e6;
            s.solve(&gap_from_surfaces(&tool, &def)?, p)?;
            deform_plastically(&mut def, s.plastic_displacement());
            let (mut iterations, mut pairs) = (0, 0);
            let start = std::time::Instant::now();
            for step in 1..=16isize {
                let g = gap_from_surfaces(&tool.shifted(step, 0), &def)?;
                let r = s.solve_warm(&g, p)?;
                iterations += r.iterations;
                pairs += r.fft_pairs;
                deform_plastically(&mut def, s.plastic_displacement());
            }
            println!(
                "{n}² preconditioned {pre}: 16 warm steps {iterations} iterations {pairs} FFT \
                 pairs, {:.1} ms",
                start.elapsed().as_secs_f64() * 1e3
            );
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    match std::env::args().nth(1).as_deref() {
        Some("counts") => counts(),
        Some("saturated") => saturated(),
        _ => Err("usage: bem_warm_start_study counts|saturated".into()),
    }
}
