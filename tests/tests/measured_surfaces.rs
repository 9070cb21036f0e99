//! Measured surfaces in the calibration (issue 20): a small self-affine map written as a CSV
//! matrix (µm) and as ISO 25178-72 X3P (m), put into `[surface] deformable_file` / `tool_file`
//! of a tiny calibration config.
//!
//! Oracle: both files hold the same heights (the X3P is written from the CSV's parsed values),
//! so the conditioned surfaces and one real BEM–DEM case must be identical bit for bit whichever
//! file is used — the same physical input gives the same result through either format — and the
//! run's surfaces must be the documented conditioning of the map ([`onto_domain`]).
//!
//! `write_fixtures` (ignored) writes the two files and a tiny config into `$TRIBO_FIXTURE_DIR`
//! for the full `tribo calibrate` run of `.ci/run` (scripts/report/render-check.sh).

use std::path::Path;

use tribo_calibrator::config::CalibrationConfig;
use tribo_calibrator::meso::cases::list_cases;
use tribo_calibrator::meso::setup::case_surfaces;
use tribo_calibrator::pipeline::run_one_case;
use tribo_calibrator::presets::Preset;
use tribo_calibrator::rng::stream_rng;
use tribo_calibrator::surface::measured::onto_domain;
use tribo_calibrator::surface::write_x3p;
use tribo_calibrator::surface::{HeightMap, Rescale, SelfAffine, read_height_map};

/// The map's pixel [m] and size: 40 × 40 pixels of 2.5 µm = 100 µm, the tiny domain's side.
const PIXEL: f64 = 2.5e-6;
const PIXELS: usize = 40;

/// The sweep of the tiny run (scripts/report/tiny.toml without its [surface] generator keys).
const TINY_SWEEP: &str = r#"
[flakes]
diameter = 20e-6
[sweep]
pressures = [10e6, 30e6]
betas = [0.2]
velocities = [20.0, 80.0]
seeds = 1
slide_lengths = 2.0
contact_pressures = [5e6, 20e6]
[random_field]
samples = 20
max_nodes = 32
[asperity]
added_masses = [0.0, 0.111]
steps_per_period = 200.0
[process]
velocities = [5.0]
similarity_velocity = 0.0
"#;

/// Writes `deformable.csv` (µm) and `tool.x3p` plus `deformable.x3p` (same heights as the CSV)
/// into `dir`; returns the deformable map as read from the CSV.
fn write_maps(dir: &Path) -> HeightMap {
    let spec = SelfAffine {
        hurst: 0.8,
        k_l: 1.0,
        k_r: 2.0,
        k_s: 8.0,
    };
    let generate = |stream, rms| {
        spec.generate(
            PIXELS,
            PIXELS as f64 * PIXEL,
            Rescale::RmsHeight(rms),
            &mut stream_rng(11, stream),
        )
        .unwrap()
    };
    let def = generate(1, 1.4e-6);
    let tool = generate(2, 0.6e-6);
    let mut csv = String::from("# deformable surface, heights in µm, 2.5 µm pixels\n");
    for row in def.heights().chunks(PIXELS) {
        let cells: Vec<String> = row.iter().map(|h| format!("{}", h * 1e6)).collect();
        csv.push_str(&cells.join(","));
        csv.push('\n');
    }
    std::fs::write(dir.join("deformable.csv"), csv).unwrap();
    let from_csv = read_height_map(&dir.join("deformable.csv"), PIXEL, PIXEL, 1e-6).unwrap();
    write_x3p(&dir.join("deformable.x3p"), &from_csv).unwrap();
    write_x3p(&dir.join("tool.x3p"), &tool).unwrap();
    from_csv
}

fn surface_toml(dir: &Path, deformable: &str) -> String {
    let p = |f: &str| dir.join(f).display().to_string().replace('\\', "/");
    let def = if deformable.ends_with(".csv") {
        format!(
            "[surface.deformable_file]\npath = \"{}\"\nspacing = {PIXEL:e}\nheight_unit = 1e-6\n",
            p(deformable)
        )
    } else {
        format!("[surface.deformable_file]\npath = \"{}\"\n", p(deformable))
    };
    format!(
        "[surface]\ngrid = 32\nlength = 100e-6\nk_s = 8.0\n{def}[surface.tool_file]\npath = \"{}\"\n{TINY_SWEEP}",
        p("tool.x3p")
    )
}

#[test]
fn csv_and_x3p_maps_give_the_same_surfaces_and_the_same_case() {
    let dir = tempfile::tempdir().unwrap();
    let def = write_maps(dir.path());
    let cfg_csv = CalibrationConfig::from_preset_and_toml(
        Preset::Quick,
        &surface_toml(dir.path(), "deformable.csv"),
    )
    .unwrap();
    let cfg_x3p = CalibrationConfig::from_preset_and_toml(
        Preset::Quick,
        &surface_toml(dir.path(), "deformable.x3p"),
    )
    .unwrap();
    let (d_csv, t_csv) = case_surfaces(&cfg_csv, 0).unwrap();
    let (d_x3p, t_x3p) = case_surfaces(&cfg_x3p, 5).unwrap();
    assert_eq!(d_csv, d_x3p, "the two formats of one map differ");
    assert_eq!(t_csv, t_x3p, "a measured surface must not depend on --seed");
    assert_eq!(d_csv, onto_domain(&def, 32, 100e-6).unwrap());
    let case = &list_cases(&cfg_csv)[0];
    let r_csv = run_one_case(&cfg_csv, case, 0, 1, &dir.path().join("a")).unwrap();
    let r_x3p = run_one_case(&cfg_x3p, case, 0, 1, &dir.path().join("b")).unwrap();
    assert_eq!(r_csv.mean_ap.to_bits(), r_x3p.mean_ap.to_bits());
    assert_eq!(r_csv.mean_ac.to_bits(), r_x3p.mean_ac.to_bits());
    assert!(r_csv.mean_ac > 0.0, "no contact on the measured pair");
}

#[test]
fn malformed_measured_files_name_the_file_and_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    write_maps(dir.path());
    let bad_csv = dir.path().join("ragged.csv");
    std::fs::write(&bad_csv, "1,2,3\n4,5\n").unwrap();
    let toml = surface_toml(dir.path(), "deformable.csv").replace("deformable.csv", "ragged.csv");
    let e = format!(
        "{:#}",
        CalibrationConfig::from_preset_and_toml(Preset::Quick, &toml).unwrap_err()
    );
    assert!(e.contains("ragged.csv") && e.contains("line 2"), "{e}");
    std::fs::write(dir.path().join("tool.x3p"), b"not a zip").unwrap();
    let toml = surface_toml(dir.path(), "deformable.csv");
    let e = format!(
        "{:#}",
        CalibrationConfig::from_preset_and_toml(Preset::Quick, &toml).unwrap_err()
    );
    assert!(
        e.contains("tool.x3p") && e.contains("not a zip archive"),
        "{e}"
    );
}

/// Writes the fixture files and `tiny-measured.toml` into `$TRIBO_FIXTURE_DIR` (for CI).
#[test]
#[ignore = "writes fixtures for .ci/run: TRIBO_FIXTURE_DIR=dir cargo test -p tribo-tests --test measured_surfaces -- --ignored"]
fn write_fixtures() {
    let dir = std::env::var("TRIBO_FIXTURE_DIR").expect("set TRIBO_FIXTURE_DIR");
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir).unwrap();
    write_maps(dir);
    let toml = surface_toml(Path::new("."), "deformable.csv");
    std::fs::write(dir.join("tiny-measured.toml"), toml).unwrap();
}
