//! Cross-crate: a tiny mesoscale case through the public API (`meso::run_case`), its
//! [`CaseResult`] checked against its own step history, the flake count of Eq. 10, the load
//! balance of the BEM and the case-merging API of the sweep.

use tribo_calibrator::config::CalibrationConfig;
use tribo_calibrator::meso::cases::{MesoCase, list_cases, merge};
use tribo_calibrator::meso::{StepRecord, run_case};
use tribo_calibrator::presets::Preset;

/// Relative round-off of a product/quotient of a few f64.
const ROUND_OFF: f64 = 1e-12;

#[test]
fn tiny_case_result_matches_its_history_and_the_physics() {
    // 32 × 32 nodes of 1.5625 µm (the quick preset's spacing), 8 slide steps, one case.
    let cfg = CalibrationConfig::from_preset_and_toml(
        Preset::Quick,
        "[surface]\ngrid = 32\nlength = 50e-6\nk_s = 8.0\n\
         [sweep]\nslide_lengths = 0.25\npressures = [20e6]\nbetas = [0.3]\n\
         velocities = [50.0]\nseeds = 1\n[process]\nvelocities = [20.0]\n",
    )
    .unwrap();
    // The sweep's case first, then the process velocity's.
    let cases = list_cases(&cfg);
    assert_eq!(cases.len(), 2);
    assert_eq!((cases[0].velocity, cases[1].velocity), (50.0, 20.0));
    let case: MesoCase = cases[0];
    let mut history: Vec<StepRecord> = Vec::new();
    let r = run_case(&cfg, &case, 5, Some(&mut history)).unwrap();

    // Slide of 0.25 L = 8 pixels, steps numbered 1…8 at k·δx.
    let dx = cfg.surface.length / cfg.surface.grid as f64;
    assert_eq!(r.steps, 8);
    assert_eq!(history.len(), r.steps);
    for (k, h) in history.iter().enumerate() {
        assert_eq!(h.step, k + 1);
        assert!((h.slide / ((k + 1) as f64 * dx) - 1.0).abs() < ROUND_OFF);
    }

    // Eq. 10: N_p = round(β·A_0/a_p), β_realised = N_p·a_p/A_0.
    let a_p = std::f64::consts::PI * (cfg.flakes.diameter / 2.0).powi(2);
    let a_0 = cfg.surface.length * cfg.surface.length;
    assert_eq!(r.flakes, (case.beta * a_0 / a_p).round() as usize);
    assert!((r.beta_realised / (r.flakes as f64 * a_p / a_0) - 1.0).abs() < ROUND_OFF);

    // Eq. 22: the slide averages are the plain means of the per-step values.
    let n = history.len() as f64;
    assert_eq!(r.mean_ap, history.iter().map(|h| h.a_p).sum::<f64>() / n);
    assert_eq!(r.mean_ac, history.iter().map(|h| h.a_c).sum::<f64>() / n);
    assert_eq!(
        r.mean_blocked,
        history.iter().map(|h| h.blocked as f64).sum::<f64>() / n
    );
    assert_eq!(
        r.bem_iterations,
        history.iter().map(|h| h.bem_iterations).sum::<usize>()
    );

    // A_p ⊂ A_c; Σt = p·N with t ≤ p_crit needs at least p/p_crit of the nodes in contact.
    let floor = case.pressure / cfg.material.p_crit;
    for h in &history {
        assert!(0.0 <= h.a_p && h.a_p <= h.a_c && h.a_c <= 1.0, "{h:?}");
        assert!(h.a_c >= floor, "{h:?}");
        assert!(h.blocked <= r.flakes && h.lost <= r.flakes);
        assert!(h.dem_steps > 0);
    }
    assert!(r.seconds_dem >= 0.0 && r.seconds_bem >= 0.0);
    assert!(r.seconds_dem.is_finite() && r.seconds_bem.is_finite());

    // The result belongs to this sweep; merging needs the other case too.
    assert!(merge(&cfg, vec![r.clone()]).is_err());
    let mut other = r.clone();
    other.case = cases[1];
    let merged = merge(&cfg, vec![other.clone(), r.clone()]).unwrap();
    assert_eq!(merged, vec![r, other]);
}
