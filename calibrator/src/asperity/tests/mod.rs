//! Physics tests of the slider model against the seed's statements and closed forms.
//!
//! Default tests use reduced populations (few, large junctions) so they stay fast in the dev
//! profile; the full-size sweep is `full_seed003_sweep` (ignored).

use super::population::{Generator, LognormalPopulation};
use super::quasistatic::incipient_shape;
use super::run::{RunConfig, loading_rate, run};
use super::slider::{Eq11Solver, JunctionState, ModelParams, Simulation, seed003_loads};
use super::sweep::{LoadSweep, PopulationSource, presliding_section, run_sweep};
use crate::rng::stream_rng;

/// Reduced population: full area per load, 50× larger and very uniform junctions
/// (N ≈ 8 per newton), so a default test runs ~10⁶–10⁷ junction-steps.
fn reduced() -> LognormalPopulation {
    LognormalPopulation {
        area_per_load: 4e-6,
        median_area: 5e-7,
        sigma_ln: 0.05,
    }
}

fn sim_for(load: f64, pop: &LognormalPopulation, params: ModelParams, seed: u64) -> Simulation {
    let areas = pop.generate(load, &mut stream_rng(seed, 0)).unwrap();
    sim_with_areas(load, params, &areas)
}

/// A slider of mass load/g on the junctions `areas`.
fn sim_with_areas(load: f64, params: ModelParams, areas: &[f64]) -> Simulation {
    Simulation::new(
        ModelParams {
            mass: load / 9.81,
            ..params
        },
        areas,
    )
    .unwrap()
}

/// Runs until a little after the static peak (1.15× the [`RunConfig::auto`] peak estimate).
fn peak_run(sim: &mut Simulation) -> super::run::RunOutput {
    let mut cfg = RunConfig::auto(sim);
    cfg.duration *= 1.15 / 1.5;
    run(sim, &cfg, |_| {})
}

#[test]
fn junction_forces_never_exceed_sigma_times_area() {
    let p = 1.52;
    let mut sim = sim_for(p, &reduced(), ModelParams::seed003(1.0), 3);
    let sigma = sim.sigma();
    let steps = (RunConfig::auto(&sim).duration / sim.dt()) as usize;
    let mut seen_slip = false;
    let mut worst: f64 = 0.0;
    for _ in 0..steps {
        sim.step();
        for ((f, a), s) in sim.forces().iter().zip(sim.areas()).zip(sim.states()) {
            worst = worst.max(f.abs() / (sigma * a));
            seen_slip |= *s == JunctionState::Slipping;
        }
    }
    assert!(seen_slip, "the run must reach sliding");
    // Rounding only: f and σA are computed from the same f̂ (a few ulps).
    println!("max |f|/(σA) = {worst}");
    assert!(worst <= 1.0 + ROUND_OFF, "max |f|/(σA) = {worst}");
}

#[test]
fn steady_sliding_force_is_sigma_exp_times_slip_area() {
    // Strong damping suppresses stick–slip: all junctions end up slipping at ε f_s.
    let params = ModelParams {
        eta: 3000.0,
        ..ModelParams::seed003(1.0)
    };
    let mut sim = sim_for(0.98, &reduced(), params, 5);
    let cfg = RunConfig::auto(&sim);
    let out = run(&mut sim, &cfg, |_| {});
    assert!(
        out.summary.stick_slip.is_none(),
        "{:?}",
        out.summary.stick_slip
    );
    assert_eq!(sim.counts().slipping, sim.len());
    // Oracle: A_s from the closed-form root of Eq. 3 at f = σA_s, independent of the run.
    let law = params.junction_law();
    let a_s: f64 = sim
        .junctions()
        .iter()
        .map(|c| c.area0 * law.slip_area_ratio(c.area0))
        .sum();
    let kinetic = params.sigma_exp * a_s;
    assert!((sim.interface_force() - kinetic).abs() < ROUND_OFF * kinetic);
    assert!((sim.total_area() - a_s).abs() < 1e-12 * a_s);
    // The spring carries F plus the viscous force M η v in steady sliding (Eq. 1 with Ẍ = 0).
    let q_expected = kinetic + sim.params().mass * params.eta * params.drive_velocity;
    assert!((sim.spring_force() - q_expected).abs() < 1e-6 * kinetic);
}

#[test]
fn stick_slip_for_all_six_loads() {
    // §3: η = 100, ε = 0.9 give stick–slip for the six loads. Reduced population and C_t = 2000
    // to stay fast (the full-size, C_t = 10⁴ version is `full_seed003_sweep`).
    let cfg = LoadSweep {
        loads: seed003_loads().to_vec(),
        params: ModelParams {
            steps_per_period: 2000.0,
            ..ModelParams::seed003(1.0)
        },
        population: PopulationSource::Generated(reduced().into()),
        seed: 11,
        duration: None,
        samples: 200,
    };
    let results = run_sweep(&cfg).unwrap();
    for r in &results {
        let s = &r.output.summary;
        let ss = s
            .stick_slip
            .unwrap_or_else(|| panic!("no stick-slip at P = {}", r.load));
        assert!(
            s.has_stick_slip(2),
            "P = {}: {ss:?}, {} stops",
            r.load,
            s.stops
        );
        // Drops are of order (1−ε)·Q_s (seed: ε controls the amplitude).
        let qs = s.peak.unwrap().q;
        println!(
            "P = {:.2}: N = {}, Q_s = {qs:.4}, {ss:?}",
            r.load, s.junctions
        );
        assert!(
            ss.amplitude > 0.02 * qs && ss.amplitude < 0.5 * qs,
            "{ss:?}"
        );
    }
    // Deterministic for a seed, and the table section is filled in load order.
    let again = run_sweep(&cfg).unwrap();
    for (a, b) in results.iter().zip(&again) {
        assert_eq!(a.output.summary.peak, b.output.summary.peak);
    }
    let section = presliding_section(&results, &cfg.params).unwrap();
    assert_eq!(section.normal_load.len(), 6);
    assert!((section.kinetic_ratio - 0.9).abs() < 1e-7);
    let mut buf = [0u8; 512];
    let bytes = postcard::to_slice(&section, &mut buf).unwrap();
    assert!(bytes.len() < 200, "{} bytes", bytes.len());
}

#[test]
fn static_peak_is_insensitive_to_c_min() {
    let run_with = |c_min: f64| {
        let params = ModelParams {
            c_min,
            ..ModelParams::seed003(1.0)
        };
        let mut sim = sim_for(2.07, &reduced(), params, 13);
        peak_run(&mut sim).summary.peak.unwrap().q
    };
    let (a, b) = (run_with(0.01), run_with(1e-5));
    println!(
        "c_min: Q_s = {a} (0.01) vs {b} (1e-5), rel {:.2e}",
        (a - b).abs() / a
    );
    // Seed §3: c_min = 1e-5 and 0.01 are "essentially indistinguishable" (issue: < 1 %).
    assert!((a - b).abs() < 0.01 * a, "{a} vs {b}");
}

#[test]
fn static_peak_converges_in_dt() {
    let run_with = |ct: f64| {
        let params = ModelParams {
            steps_per_period: ct,
            ..ModelParams::seed003(1.0)
        };
        let mut sim = sim_for(0.98, &reduced(), params, 17);
        peak_run(&mut sim).summary.peak.unwrap().q
    };
    let (a, b) = (run_with(1e4), run_with(2e4));
    println!(
        "dt: Q_s = {a} (C_t 1e4) vs {b} (2e4), rel {:.2e}",
        (a - b).abs() / a
    );
    // Issue 5: halving dt changes Q_s by < 0.1 %.
    assert!((a - b).abs() < 1e-3 * a, "{a} vs {b}");
}

#[test]
fn incipient_loading_is_springs_in_series() {
    let p = 3.09;
    let params = ModelParams::seed003(1.0);
    let mut sim = sim_for(p, &reduced(), params, 19);
    let cfg = RunConfig {
        duration: 0.6,
        record_interval: 2e-3,
        peak_hysteresis: 0.01,
    };
    let out = run(&mut sim, &cfg, |_| {});
    // Window after the start-up transient (e^{−ηt/2} < 1 %: t > 10/η) and before the first
    // junctions slip (Q below 30 % of σ_exp·A0).
    let q_max = 0.3 * params.sigma_exp * sim.initial_area();
    let (measured, predicted) = loading_rate(
        &out,
        params.drive_velocity,
        params.spring_stiffness,
        10.0 / params.eta,
        q_max,
    )
    .unwrap();
    println!("loading rate {measured} N/s vs springs in series {predicted} N/s");
    // Issue 5: dQ/dt = v k_L K/(k_L + K) within 2 %.
    assert!(
        (measured - predicted).abs() < SERIES_SLOPE * predicted,
        "{measured} vs {predicted}"
    );
}

#[test]
fn table_solver_matches_per_step_dichotomy() {
    let pop = LognormalPopulation {
        sigma_ln: 0.5,
        ..reduced()
    };
    let q = |solver| {
        let params = ModelParams {
            solver,
            steps_per_period: 2000.0,
            ..ModelParams::seed003(1.0)
        };
        let mut sim = sim_for(0.98, &pop, params, 23);
        peak_run(&mut sim).summary.peak.unwrap()
    };
    let (a, b) = (q(Eq11Solver::Table), q(Eq11Solver::Dichotomy));
    println!("table {} vs dichotomy {}", a.q, b.q);
    assert!((a.q - b.q).abs() < 1e-8 * a.q, "{a:?} vs {b:?}");
    assert!((a.area - b.area).abs() < 1e-8 * a.area);
}

/// Issue 5: Q_s with c_min = 1e-5 and 0.01 agree within 1 %.
const C_MIN_AGREEMENT: f64 = 0.01;
/// Issue 5: halving dt changes Q_s by less than 0.1 %.
const DT_HALVING: f64 = 1e-3;
/// Issue 5: incipient-loading slope v·k_L·K/(k_L + K) (springs in series) within 2 %.
const SERIES_SLOPE: f64 = 0.02;
/// Sums and ratios of f64 forces that are exact up to accumulated round-off.
const ROUND_OFF: f64 = 1e-12;

/// Band |curvature| ≤ 0.2 that the default population's A(Q) must stay in, asserted at every
/// load for the time-weighted and both Q-binned figures (analysis.rs). The seed's finding is
/// that the model's A(Q) is "much more linear" than the experiments' A₀ − αQ², whose
/// normalised curvature is 1 by construction; 0.2 demands at least 80 % less curvature than
/// that (and than the all-alike population's 0.96–0.97, Eq. 3 alone). The default (bimodal)
/// population measures −0.07 to −0.11 (Q-binned over [0, Q_s]) and −0.07 to −0.13 (after
/// the first depinning) at the six loads over seeds 1–5; the previous log-uniform default
/// measured 0.52–0.56 and fails the band.
const CURVATURE_LINEAR_BAND: f64 = 0.2;
/// Curve-shape figures of a run vs the quasi-static curve of the same junctions: the run's
/// samples are 4000 in time and the start-up oscillation shifts Q by ~1e-4 N.
const DYNAMIC_VS_QUASI_STATIC: f64 = 0.03;
/// An all-alike (σ_ln = 0.1) population must stay near the quadratic shape of Eq. 3.
const CURVATURE_ALL_ALIKE_MIN: f64 = 0.9;

/// The default population at the lightest load of §3 (P = 0.98 N, M1 = 0: the cheapest run,
/// N = 2060), with C_t = 1000 to stay fast in the dev profile (the ignored
/// `full_seed003_sweep` checks all six loads at C_t = 2000): stick–slip, A(Q) in the linear
/// band, and the run's A(Q) equal to the quasi-static curve of the same junctions.
#[test]
fn default_population_sticks_and_straightens_area_at_lightest_load() {
    let load = seed003_loads()[0];
    let params = ModelParams {
        steps_per_period: 1000.0,
        ..ModelParams::seed003_for_load(load)
    };
    let run_with = |g: Generator| {
        let areas = g.generate(load, &mut stream_rng(1, 0)).unwrap();
        let mut sim = Simulation::new(params, &areas).unwrap();
        let cfg = RunConfig::auto(&sim);
        run(&mut sim, &cfg, |_| {}).summary
    };
    let s = run_with(Generator::default());
    let ss = s.stick_slip.unwrap();
    let shape = s.shape.unwrap();
    let qs_run = s.peak.unwrap().q;
    let qs = qs_run;
    println!(
        "default, P = {load:.3} N: N = {}, Q_s = {qs:.4} N, curvature {:.3}, {ss:?}, {} stops",
        s.junctions, shape.curvature, s.stops
    );
    assert!(
        s.has_stick_slip(2),
        "no stick-slip: {ss:?}, {} stops",
        s.stops
    );
    // Drops of order (1−ε)·Q_s (the seed: ε controls the amplitude).
    assert!(
        ss.amplitude > 0.02 * qs && ss.amplitude < 0.5 * qs,
        "{ss:?}"
    );
    assert!(
        shape.curvature.abs() <= CURVATURE_LINEAR_BAND,
        "curvature {}",
        shape.curvature
    );
    // The run's A(Q) up to Q_s is the quasi-static curve of the same junctions (inertia and
    // damping add M(Ẍ + ηẊ) ≈ 1e-4 N): both curve-shape figures agree with it.
    let areas = Generator::default()
        .generate(load, &mut stream_rng(1, 0))
        .unwrap();
    let qs = incipient_shape(&params, &areas, 4000).unwrap();
    let cs = s.curve_shape.unwrap();
    println!(
        "curve shape: run {:.3} / {:.3} (after first slip), quasi-static {:.3} / {:.3}",
        cs.full, cs.after_first_slip, qs.curvature_full, qs.curvature_late
    );
    assert!((cs.full - qs.curvature_full).abs() < DYNAMIC_VS_QUASI_STATIC);
    assert!((cs.after_first_slip - qs.curvature_late).abs() < DYNAMIC_VS_QUASI_STATIC);
    assert!(
        cs.full.abs() <= CURVATURE_LINEAR_BAND
            && cs.after_first_slip.abs() <= CURVATURE_LINEAR_BAND
    );
    assert!(
        (qs.q_s - qs_run).abs() < 0.01 * qs_run,
        "{} vs {qs_run}",
        qs.q_s
    );
    // Contrast: all-alike junctions keep the quadratic shape of Eq. 3.
    let alike = run_with(LognormalPopulation::default().into());
    let c = alike.shape.unwrap().curvature;
    println!("all-alike population: curvature {c:.3}");
    assert!(c > CURVATURE_ALL_ALIKE_MIN, "all-alike curvature {c}");
}

/// Ref. [20]: the real contact area falls by "as much as 30 %" under shear, so A_s/A₀ ≥ 0.7
/// (the default measures 0.708–0.714; the previous default 0.61).
const AREA_RATIO_MIN: f64 = 0.7;
/// Ref. [20]: hundreds to thousands of microjunctions; the default has 2 060–13 428 (N ∝ P at
/// a fixed size distribution, so the heaviest load has the most; the previous default had
/// up to 23 802).
const JUNCTIONS_MAX: usize = 15_000;

/// The default population's A(Q) at the six loads of §3, from the quasi-static curve (the run
/// follows it to 0.03 in curvature, `default_population_sticks_and_straightens_area_at_lightest_load`):
/// inside the linear band for all three figures, with A_s/A₀ and N as reported; the
/// previous default and the all-alike population are outside it (the figure discriminates).
#[test]
fn default_population_area_is_nearly_linear_at_all_six_loads() {
    use super::population::PowerLawPopulation;
    for (i, &load) in seed003_loads().iter().enumerate() {
        let params = ModelParams::seed003_for_load(load);
        let shape = |g: Generator| {
            let areas = g.generate(load, &mut stream_rng(1, i as u64)).unwrap();
            incipient_shape(&params, &areas, 2000).unwrap()
        };
        let s = shape(Generator::default());
        println!("P = {load:.2} N: {s:?}");
        for c in [s.curvature_time, s.curvature_full, s.curvature_late] {
            assert!(c.abs() <= CURVATURE_LINEAR_BAND, "P = {load}: {s:?}");
        }
        assert!(
            s.area_ratio >= AREA_RATIO_MIN && s.area_ratio < 1.0,
            "{s:?}"
        );
        assert!(s.junctions <= JUNCTIONS_MAX, "{s:?}");
        let old = shape(PowerLawPopulation::default().into());
        assert!(old.curvature_full > CURVATURE_LINEAR_BAND, "{old:?}");
        let alike = shape(LognormalPopulation::default().into());
        assert!(alike.curvature_full > CURVATURE_ALL_ALIKE_MIN, "{alike:?}");
    }
}

#[test]
#[ignore = "full-size sweep of the six loads with the default population at C_t = 2000 (5.8e10 junction-steps, 218 s in release on 2 shared cores); run with: cargo test -p tribo-calibrator --release -- --ignored full_seed003_sweep --nocapture"]
fn full_seed003_sweep() {
    // C_t = 2000 instead of the seed's 10⁴: `default_population_numerics` checks that Q_s and
    // the stick–slip verdict agree between the two at the lightest load.
    let cfg = LoadSweep {
        loads: seed003_loads().to_vec(),
        params: ModelParams {
            steps_per_period: 2000.0,
            ..ModelParams::seed003(1.0)
        },
        population: PopulationSource::Generated(Generator::default()),
        seed: 1,
        duration: None,
        samples: 4000,
    };
    let results = run_sweep(&cfg).unwrap();
    println!(
        "P [N] | N | curvature | Q_s [N] | A_s [mm²] | A_s/A0 | ΔQ [N] | T [s] | events | stops | k_t [N/m]"
    );
    for r in &results {
        let s = &r.output.summary;
        let p = s.peak.unwrap();
        let ss = s.stick_slip;
        println!(
            "{:.3} | {} | {:.3} | {:.4} | {:.4} | {:.4} | {:.4} | {:.4} | {} | {} | {:.4e}",
            r.load,
            s.junctions,
            s.shape.map_or(f64::NAN, |x| x.curvature),
            p.q,
            p.area * 1e6,
            p.area / s.area0,
            ss.map_or(f64::NAN, |x| x.amplitude),
            ss.map_or(f64::NAN, |x| x.period),
            ss.map_or(0, |x| x.events),
            s.stops,
            s.stiffness0
        );
    }
    for r in &results {
        let s = &r.output.summary;
        assert!(s.has_stick_slip(2), "no stick-slip at P = {}", r.load);
        let c = s.shape.unwrap().curvature;
        assert!(
            c.abs() <= CURVATURE_LINEAR_BAND,
            "P = {}: curvature {c}",
            r.load
        );
        let cs = s.curve_shape.unwrap();
        assert!(
            cs.full.abs() <= CURVATURE_LINEAR_BAND,
            "P = {}: {cs:?}",
            r.load
        );
        assert!(
            cs.after_first_slip.abs() <= CURVATURE_LINEAR_BAND,
            "P = {}: {cs:?}",
            r.load
        );
        let (qs, amp) = (s.peak.unwrap().q, s.stick_slip.unwrap().amplitude);
        assert!(
            amp > 0.02 * qs && amp < 0.5 * qs,
            "P = {}: ΔQ {amp}",
            r.load
        );
        assert!(s.max_force_ratio <= 1.0 + ROUND_OFF);
    }
}

#[test]
#[ignore = "the issue's other must-be-trues with the default population at P = 0.98 N (72 s in release on 2 shared cores); run with: cargo test -p tribo-calibrator --release -- --ignored default_population_numerics --nocapture"]
fn default_population_numerics() {
    let load = seed003_loads()[0];
    let areas = Generator::default()
        .generate(load, &mut stream_rng(1, 0))
        .unwrap();
    let sim_with = |params: ModelParams| sim_with_areas(load, params, &areas);
    let base = ModelParams::seed003(1.0);
    let q_s = |params: ModelParams| peak_run(&mut sim_with(params)).summary.peak.unwrap().q;
    // c_min = 1e-5 vs 0.01: within 1 % in Q_s (seed §3).
    let (a, b) = (
        q_s(base),
        q_s(ModelParams {
            c_min: 1e-5,
            ..base
        }),
    );
    println!("c_min: Q_s {a} vs {b}, rel {:.2e}", (a - b).abs() / a);
    assert!((a - b).abs() < C_MIN_AGREEMENT * a);
    // Halving dt: Q_s within 0.1 %.
    let c = q_s(ModelParams {
        steps_per_period: 2e4,
        ..base
    });
    println!("dt: Q_s {a} vs {c}, rel {:.2e}", (a - c).abs() / a);
    assert!((a - c).abs() < DT_HALVING * a);
    // The six-load check `full_seed003_sweep` runs at C_t = 2000 (5× cheaper): Q_s within
    // 0.1 % of C_t = 10⁴, and the same stick–slip verdict.
    let full = |ct: f64| {
        let mut sim = sim_with(ModelParams {
            steps_per_period: ct,
            ..base
        });
        let cfg = RunConfig::auto(&sim);
        run(&mut sim, &cfg, |_| {}).summary
    };
    let (s4, s2) = (full(1e4), full(2000.0));
    let (q4, q2) = (s4.peak.unwrap().q, s2.peak.unwrap().q);
    println!(
        "C_t 1e4 vs 2000: Q_s {q4} vs {q2}, rel {:.2e}; {:?} vs {:?}",
        (q4 - q2).abs() / q4,
        s4.stick_slip,
        s2.stick_slip
    );
    assert!((q4 - q2).abs() < DT_HALVING * q4);
    assert!(s4.has_stick_slip(2) && s2.has_stick_slip(2));
    // Incipient loading: springs in series within 2 %.
    let mut sim = sim_with(base);
    let cfg = RunConfig {
        duration: 0.15,
        record_interval: 5e-4,
        peak_hysteresis: 0.01,
    };
    let out = run(&mut sim, &cfg, |_| {});
    // Window: before the first (smallest) junction slips, Q ≲ 0.1 N here; from t = 0.02 s the
    // start-up oscillation (ω ≈ 1300 rad/s, amplitude ~4e-5 N, decaying as e^{−ηt/2}) is
    // averaged out by the least-squares slope over ~14 periods.
    let n = sim.len();
    let q_first_slip = out
        .samples
        .iter()
        .take_while(|s| s.counts.virgin == n)
        .last()
        .unwrap()
        .q;
    let (measured, predicted) = loading_rate(
        &out,
        base.drive_velocity,
        base.spring_stiffness,
        0.02,
        q_first_slip,
    )
    .unwrap();
    println!("loading rate {measured} vs {predicted} (Q < {q_first_slip} N)");
    assert!((measured - predicted).abs() < SERIES_SLOPE * predicted);
    // Strong damping: no stick–slip, sliding force = σ_exp·A_s (+ M η v).
    let damped = ModelParams {
        eta: 3000.0,
        steps_per_period: 2000.0,
        ..base
    };
    let mut sim = sim_with(damped);
    let cfg = RunConfig::auto(&sim);
    let out = run(&mut sim, &cfg, |_| {});
    assert!(
        !out.summary.has_stick_slip(1),
        "{:?}",
        out.summary.stick_slip
    );
    assert_eq!(sim.counts().slipping, sim.len());
    let kinetic = base.sigma_exp * sim.slip_area();
    assert!((sim.interface_force() - kinetic).abs() < ROUND_OFF * kinetic);
    assert!(out.summary.max_force_ratio <= 1.0 + ROUND_OFF);
}
