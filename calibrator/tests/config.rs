//! Configuration files: every fixture under `tests/config/good/` loads on top of the quick
//! preset; every fixture under `tests/config/bad/` is refused with exactly its message (the
//! key it names and why), as `tribo calibrate --config FILE` prints it after `in config FILE: `.

use std::path::{Path, PathBuf};

use tribo_calibrator::config::CalibrationConfig;
use tribo_calibrator::presets::Preset;

fn fixtures(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/config")
        .join(kind);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

fn load(path: &Path) -> anyhow::Result<CalibrationConfig> {
    let text = std::fs::read_to_string(path).unwrap();
    Ok(CalibrationConfig::from_preset_and_toml(
        Preset::Quick,
        &text,
    )?)
}

/// The exact message of each bad fixture.
const BAD: [(&str, &str); 20] = [
    (
        "bem_tolerance_ten.toml",
        "bem.tolerance must be in (0, 1), got 10",
    ),
    (
        "beta_above_one.toml",
        "sweep.betas[1] = 1.5 is out of range: must be in (0, 1)",
    ),
    (
        "e_star_nan.toml",
        "material.e_star must be in [100000, 2000000000000], got NaN",
    ),
    ("empty_betas.toml", "sweep.betas must not be empty"),
    (
        "grid_over_budget.toml",
        "surface.grid 100000: the BEM–DEM surfaces would need 1.3e12 B, above the 4 GiB budget \
         (TRIBO_MEMORY_BUDGET)",
    ),
    (
        "hurst_above_one.toml",
        "surface.hurst must be in (0, 1), got 1.2",
    ),
    (
        "max_nodes_zero.toml",
        "random_field.max_nodes must be a whole number in 8..=4096, got 0",
    ),
    (
        "negative_diameter.toml",
        "flakes.diameter (m) must be in [0.0000000001, 0.01], got -1",
    ),
    (
        "pressure_above_p_crit.toml",
        "sweep.pressures: 400000000 Pa must be below material.p_crit = 340000000 Pa",
    ),
    (
        "process_pressure_above_p_crit.toml",
        "process.pressures: 350000000 Pa must be below material.p_crit = 340000000 Pa",
    ),
    (
        "process_pressures_empty.toml",
        "process.pressures must not be empty",
    ),
    (
        "renamed_key.toml",
        "config key `material.tool_fraction` is now `material.zeta` (same meaning and unit)",
    ),
    (
        "section_not_a_table.toml",
        "config key `material` must be a table",
    ),
    (
        "seeds_over_budget.toml",
        "sweep.seeds 1000000000000000000: the BEM–DEM case list would need 4.6e21 B, above the \
         4 GiB budget (TRIBO_MEMORY_BUDGET)",
    ),
    (
        "slide_over_budget.toml",
        "sweep.slide_lengths (× surface.grid³ cell-steps) 1000000000000: 1.7e19 BEM cell-steps \
         of one case would take ≈ 1.7e12 s of one core, above the work budget of 24 h; lower \
         sweep.slide_lengths (× surface.grid³ cell-steps), or lift the budget with \
         TRIBO_WORK_BUDGET=<hours>",
    ),
    (
        "steps_per_period_too_many.toml",
        "asperity.steps_per_period must be in [100, 10000000], got 1000000000000",
    ),
    (
        "sweep_velocity_twice.toml",
        "velocity 0.5 m/s appears twice in sweep.velocities and process.velocities: each sliding \
         velocity is one α sample",
    ),
    ("unknown_key.toml", "unknown config key `flakes.diamter`"),
    (
        "velocity_twice.toml",
        "velocity 10 m/s appears twice in sweep.velocities and process.velocities: each sliding \
         velocity is one α sample",
    ),
    (
        "zeta_above_one.toml",
        "material.zeta must be in [0, 1], got 1.5",
    ),
];

#[test]
fn good_fixtures_load_and_override_what_they_name() {
    let files = fixtures("good");
    assert_eq!(files.len(), 2, "{files:?}");
    for f in &files {
        let cfg = load(f).unwrap_or_else(|e| panic!("{}: {e:#}", f.display()));
        let name = f.file_name().unwrap().to_str().unwrap();
        match name {
            "every_section.toml" => {
                assert_eq!(cfg.material.e_star, 60e9);
                assert_eq!(cfg.surface.grid, 32);
                assert_eq!(
                    cfg.flakes.drag_frame,
                    tribo_calibrator::dem::DragFrame::Sheet
                );
                assert_eq!(cfg.process.velocities, [0.1]);
                assert_eq!(cfg.bem.max_iterations, 500);
                assert_eq!(cfg.asperity.added_masses, [0.0]);
                // Keys it does not name keep the preset's values.
                assert_eq!(cfg.material.p_crit, Preset::Quick.config().material.p_crit);
            }
            "one_case_per_stage.toml" => {
                assert!(cfg.process.velocities.is_empty());
                let cases = tribo_calibrator::meso::cases::list_cases(&cfg);
                assert_eq!(cases.len(), 1);
            }
            other => panic!("a good fixture without checks: {other}"),
        }
    }
}

#[test]
fn bad_fixtures_are_refused_with_their_exact_message() {
    let files = fixtures("bad");
    let names: Vec<&str> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_str().unwrap())
        .collect();
    assert_eq!(
        names,
        BAD.map(|(f, _)| f),
        "every bad fixture has its message"
    );
    // Every mismatch at once, so that a change of wording shows all the fixtures it touches.
    let wrong: Vec<String> = files
        .iter()
        .zip(BAD)
        .filter_map(|(f, (name, want))| {
            let got = format!("{:#}", load(f).expect_err(&f.display().to_string()));
            (got != want).then(|| format!("{name}:\n  got:  {got}\n  want: {want}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
