//! Calibrator → file → core: the table the calibrator writes is the table the core reads.

use tribo_calibrator::pipeline::inspect::{InspectFormat, inspect};
use tribo_calibrator::pipeline::write_defaults;
use tribo_calibrator::presets::Preset;
use tribo_calibrator::table::assemble::{defaults_table, set_alpha};
use tribo_calibrator::table::io::write_table;
use tribo_core::law::{AlphaLaw, AlphaSample, SampleOrigin};
use tribo_core::table::{FORMAT_VERSION, Table, ValueOrigin};

#[test]
fn calibrator_writer_to_file_to_core_decode_gives_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.bin");
    let mut table = defaults_table("standard", 42).unwrap();
    let law = AlphaLaw {
        alpha_inf: 25.0,
        alpha_0: 4.0,
        v_ref: 3.0,
    };
    let samples: Vec<AlphaSample> = [0.08, 0.5, 2.0, 8.0, 30.0]
        .iter()
        .map(|&v| {
            let alpha = law.eval(v) * 1.02;
            AlphaSample {
                v,
                alpha,
                ci95: [0.7 * alpha, 1.4 * alpha],
                spread: 0.5,
                cases: 36,
                origin: if v < 10.0 {
                    SampleOrigin::Similarity
                } else {
                    SampleOrigin::Direct
                },
            }
        })
        .collect();
    set_alpha(&mut table, Some(law), &samples).unwrap();
    let n = write_table(&path, &table).unwrap();

    // The core decodes the file's bytes, with no calibrator code in between.
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), n);
    let back = Table::from_bytes(&bytes).unwrap();
    assert_eq!(back, table);
    assert_eq!(back.provenance.seed, 42);
    assert_eq!(back.provenance.preset.as_str(), "standard");
    // Same law, same numbers, bit for bit.
    let (a, b) = (table.friction_law().unwrap(), back.friction_law().unwrap());
    for v in [0.0f32, 0.08, 0.5, 4.0, 30.0, 100.0] {
        for beta in [0.0f32, 0.05, 0.2, 1.0] {
            assert_eq!(a.mu(v, beta).to_bits(), b.mu(v, beta).to_bits());
        }
    }
}

#[test]
fn tribo_calibrate_writes_a_decodable_defaults_table_and_report() {
    let dir = tempfile::tempdir().unwrap();
    let outcome = write_defaults(&dir.path().join("out"), Preset::Paper, 9).unwrap();
    let bytes = std::fs::read(&outcome.table_path).unwrap();
    assert_eq!(bytes.len(), outcome.table_bytes);
    let table = Table::from_bytes(&bytes).unwrap();
    // It is the documented defaults with this run's provenance, and says so.
    assert_eq!(table.provenance.origin, ValueOrigin::DocumentedDefaults);
    assert_eq!(table.provenance.preset.as_str(), "paper");
    assert_eq!(table.provenance.seed, 9);
    let defaults = Table::seed000_defaults();
    assert_eq!(table.law, defaults.law);
    assert_eq!(table.transport, defaults.transport);
    assert_eq!(table.alpha, defaults.alpha);

    let report = dir.path().join("out/report");
    for f in [
        "alpha_v.csv",
        "alpha_v.svg",
        "alpha_v.png",
        "mu_beta.csv",
        "mu_beta.png",
        "summary.md",
        "table.json",
    ] {
        assert!(report.join(f).is_file(), "missing {f}");
    }
    let summary = std::fs::read_to_string(report.join("summary.md")).unwrap();
    assert!(summary.contains("NOT A CALIBRATION"));
    // The μ(β) CSV is the core's law: first row β = 0 gives μ0 at every velocity.
    let csv = std::fs::read_to_string(report.join("mu_beta.csv")).unwrap();
    let first: Vec<f64> = csv
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .map(|x| x.parse().unwrap())
        .collect();
    let mu0 = f64::from(table.friction_law().unwrap().mu0());
    assert_eq!(first[0], 0.0);
    assert!(first[1..].iter().all(|&m| m == mu0));

    // `tribo inspect` reads it back (JSON and text); corruption is an error.
    let json = inspect(&outcome.table_path, InspectFormat::Json, None).unwrap();
    assert!(json.trim_start().starts_with('{') && json.trim_end().ends_with('}'));
    assert!(
        json.contains("\"origin\": \"DocumentedDefaults\""),
        "{json}"
    );
    assert!(json.contains("\"seed\": 9"), "{json}");
    let text = inspect(&outcome.table_path, InspectFormat::Text, None).unwrap();
    assert!(text.contains(&format!("format version {FORMAT_VERSION}")));
    let mut corrupt = bytes.clone();
    corrupt.truncate(bytes.len() - 1);
    let bad = dir.path().join("bad.bin");
    std::fs::write(&bad, &corrupt).unwrap();
    let err = inspect(&bad, InspectFormat::Text, None).unwrap_err();
    assert!(format!("{err:#}").contains("table truncated"), "{err:#}");
}
