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
