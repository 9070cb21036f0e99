//! Property test of the validation layer: random values (inside and far outside the rules,
//! NaN, ±∞, huge counts) for random keys, merged on the quick preset. A refused config names
//! the key it was given (or the key it collides with, for relations between keys); an accepted
//! one builds its case list (the sizes it implies were within the budget) without panicking.

use proptest::prelude::*;
use tribo_calibrator::config::CalibrationConfig;
use tribo_calibrator::meso::cases::list_cases;
use tribo_calibrator::presets::Preset;

/// Keys, whether they take a whole number, and the other keys an error about them may name
/// (relations: k_l ≤ k_r ≤ k_s ≤ grid/2, flakes vs. pixels, pressures vs. p_crit).
const KEYS: [(&str, bool, &[&str]); 16] = [
    ("material.e_star", false, &[]),
    ("material.p_crit", false, &["pressures: "]),
    ("material.zeta", false, &[]),
    ("surface.grid", true, &["surface.k_s", "flakes."]),
    ("surface.length", false, &["flakes."]),
    ("surface.hurst", false, &[]),
    ("surface.k_s", false, &["surface.k_l"]),
    ("flakes.diameter", false, &["flakes."]),
    ("flakes.damping", false, &[]),
    ("sweep.seeds", true, &[]),
    ("sweep.slide_lengths", false, &[]),
    ("bem.tolerance", false, &[]),
    ("bem.max_iterations", true, &[]),
    ("random_field.samples", true, &[]),
    ("random_field.max_nodes", true, &[]),
    ("asperity.steps_per_period", false, &[]),
];

fn real_value() -> impl Strategy<Value = String> {
    prop_oneof![
        (-1e3f64..1e3).prop_map(|x| format!("{x:e}")),
        (-300i32..300).prop_map(|e| format!("1e{e}")),
        (0.0f64..1.0).prop_map(|x| format!("{x:e}")),
        Just("nan".to_owned()),
        Just("inf".to_owned()),
        Just("-inf".to_owned()),
        Just("0.0".to_owned()),
    ]
}

fn count_value() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..100).prop_map(|n| n.to_string()),
        (0u64..i64::MAX as u64).prop_map(|n| n.to_string()),
        Just("0".to_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn valid_configs_build_their_cases_and_invalid_ones_name_the_key(
        key_index in 0..KEYS.len(),
        real in real_value(),
        count in count_value(),
    ) {
        let (key, whole, related) = KEYS[key_index];
        let (section, name) = key.split_once('.').unwrap();
        let value = if whole { count } else { real };
        let toml = format!("[{section}]\n{name} = {value}\n");
        match CalibrationConfig::from_preset_and_toml(Preset::Quick, &toml) {
            Ok(cfg) => {
                let w = &cfg.sweep;
                let n = (w.velocities.len() + cfg.process.velocities.len())
                    * w.pressures.len() * w.betas.len() * w.seeds;
                prop_assert_eq!(list_cases(&cfg).len(), n);
            }
            Err(e) => {
                let msg = format!("{:#}", anyhow::Error::from(e));
                prop_assert!(
                    msg.contains(key) || related.iter().any(|r| msg.contains(r)),
                    "{} = {} refused without naming it: {}", key, value, msg
                );
            }
        }
    }
}

/// Material values for the table property: inside and around the validation rules, on log
/// scales (the keys span decades).
fn material_value(lo_exp: i32, hi_exp: i32) -> impl Strategy<Value = f64> {
    (lo_exp * 100..hi_exp * 100).prop_map(|e| 10f64.powf(f64::from(e) / 100.0))
}

proptest! {
    // Each case is a TOML merge, a validation and a table validation: milliseconds.
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Issue 32 ("random configs that pass validation produce a table that passes the gate",
    /// small grids): a config whose material passes `calibrate`'s upfront validation gives a
    /// table that passes the core's gate, with the surfaces' κ and h'_rms and the α(v) curve of
    /// the documented seed-000 defaults standing in for the contact stage and the sweep (the
    /// quick preset's own surfaces target those values; the BEM–DEM sweep is not run here).
    /// What is checked is the validation's promise: no config it admits makes the law absurd
    /// as a whole (μ0 outside [1e-4, 10], μ < 0 or > 10 anywhere in the domain).
    ///
    /// **Ignored: it fails today, and that is the finding (rel32).** Validation only checks that
    /// μ0 is *reachable* for some κ ∈ [0.1, 10] and h'_rms ∈ [1e-4, 10] (τ0/E* ∈ [1e-9, 1e3],
    /// `validate::config::check_mu0_reachable`), because κ and h'_rms are measured on the
    /// surfaces after validation. With the seed-000 κ = 2 and h'_rms = 0.34 the gate needs
    /// τ0/E* ∈ [1.7e-5, 1.7]; proptest's minimal counterexample: τ0 = 1000 Pa, E* = 3.5e8 Pa
    /// (μ0 = 1.7e-5) passes validation and fails the gate at the end of the run. No config-only
    /// bound can close this without knowing h'_rms; the fix is to check μ0 against the gate right
    /// after the contact stage (BEM, 1–2 % of a case) and before the BEM–DEM sweep, naming
    /// `material.tau0`/`material.e_star` — a pipeline reordering left to the lead/arch35.
    /// Run: `cargo test -p tribo-calibrator --test reliability configs_that_pass -- --ignored`.
    #[test]
    #[ignore = "fails today: validation admits τ0/E* whose μ0 the gate refuses (see doc)"]
    fn configs_that_pass_validation_give_a_table_that_passes_the_gate(
        tau0 in material_value(3, 11),
        e_star in material_value(5, 12),
        hardness in material_value(6, 10),
        archard_k in material_value(-8, 0),
        zeta in 0.0f64..=1.0,
    ) {
        use tribo_core::law::LawParams;
        use tribo_core::table::{Table, TransportSection};
        let toml = format!(
            "[material]\ntau0 = {tau0:e}\ne_star = {e_star:e}\nhardness = {hardness:e}\n\
             archard_k = {archard_k:e}\nzeta = {zeta:e}\n"
        );
        let Ok(cfg) = CalibrationConfig::from_preset_and_toml(Preset::Quick, &toml) else {
            return Ok(()); // refused upfront: the property is about accepted configs
        };
        let m = &cfg.material;
        let mut t = Table::seed000_defaults();
        t.law = LawParams {
            tau0: m.tau0 as f32,
            kappa: t.law.kappa,
            e_star: m.e_star as f32,
            slope_rms: t.law.slope_rms,
        };
        t.particle_shear = Some(Table::default_particle_shear(t.law.mu0(), "quick", 1));
        t.transport = TransportSection {
            hardness: m.hardness as f32,
            particle_thickness: cfg.flakes.thickness as f32,
            archard_k: m.archard_k as f32,
            zeta: m.zeta as f32,
        };
        prop_assert!(t.validate().is_ok(), "{toml}accepted, but the table fails the gate: {:?}", t.validate());
    }
}
