//! Input files: height maps (decimal commas, tiny, flat, absurd heights), DEM placements
//! (inside the surface, duplicated, zero quaternion), byte-order marks, oversized data.

use std::fmt::Write as _;
use std::path::Path;

use super::{assert_refused, tribo_in};

/// A 32×32 map in µm written with decimal commas (`1,288 -0,765 …`), as a German
/// spreadsheet exports it.
fn decimal_comma_map() -> String {
    let mut s = String::new();
    for j in 0..32 {
        let row: Vec<String> = (0..32)
            .map(|i| format!("{:.3}", ((i * 7 + j * 3) as f64 * 0.37).sin()).replace('.', ","))
            .collect();
        writeln!(s, "{}", row.join(" ")).unwrap();
    }
    s
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

#[test]
fn a_decimal_comma_map_is_refused_by_every_command_that_reads_maps_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "dc.txt", &decimal_comma_map());
    let runs: [&[&str]; 5] = [
        &[
            "contact",
            "--deformable-file",
            "dc.txt",
            "--spacing",
            "1e-6",
        ],
        &["dem", "--deformable-file", "dc.txt", "--spacing", "1um"],
        &["dem", "--tool-file", "dc.txt", "--spacing", "1um"],
        // The old spellings (issue 45): still read, with a warning naming the new one.
        &["contact", "--load", "dc.txt", "--spacing", "1e-6"],
        &["dem", "--def-file", "dc.txt", "--spacing", "1um"],
    ];
    for args in runs {
        let out = tribo_in(dir.path(), args);
        assert_refused(&out, "dc.txt");
        assert_refused(&out, "line 1, column 2");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let old = ["--load", "--def-file"].iter().find(|f| args.contains(f));
        assert_eq!(
            old.is_some(),
            stderr.contains("use --deformable-file"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn tiny_flat_and_absurd_maps_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "one.txt", "1.0\n");
    write(dir.path(), "two.txt", "1 2\n3 4\n");
    let flat: String = (0..16).map(|_| "0.5 ".repeat(16) + "\n").collect();
    write(dir.path(), "flat.txt", &flat);
    let huge: String = (0..16)
        .map(|j| format!("{} ", if j == 3 { "1e300" } else { "0.1" }).repeat(16) + "\n")
        .collect();
    write(dir.path(), "huge.txt", &huge);
    for (file, needle) in [
        (
            "one.txt",
            "--deformable-file (points along x) must be a whole number ≥ 8, got 1",
        ),
        (
            "two.txt",
            "--deformable-file (points along x) must be a whole number ≥ 8, got 2",
        ),
        (
            "flat.txt",
            "--deformable-file (height spread in m) must be finite and > 0, got 0",
        ),
        (
            "huge.txt",
            "--deformable-file (height in m) must be in [-0.001, 0.001]",
        ),
    ] {
        let out = tribo_in(
            dir.path(),
            &["contact", "--deformable-file", file, "--spacing", "1e-6"],
        );
        assert_refused(&out, needle);
    }
    let out = tribo_in(
        dir.path(),
        &[
            "dem",
            "--deformable-file",
            "huge.txt",
            "--tool-file",
            "huge.txt",
            "--spacing",
            "2um",
        ],
    );
    assert_refused(
        &out,
        "--deformable-file (height in m) must be in [-0.001, 0.001]",
    );
}

#[test]
fn bare_numbers_in_the_old_units_are_refused_by_their_plausibility_rule() {
    // Flags are SI or carry a unit; these were µm, GPa, MPa and mm before units were uniform.
    let dir = tempfile::tempdir().unwrap();
    for (args, needle) in [
        (
            &["dem", "--length", "500"][..],
            "--length (m, or with a unit: 500um) must be in [0.0000000001, 0.01], got 500",
        ),
        (
            &["dem", "--gap", "20"][..],
            "--gap (m, or with a unit: 2um) must be in [-0.01, 0.01], got 20",
        ),
        (
            &["dem", "--e-star", "55"][..],
            "--e-star (Pa, or with a unit: 55GPa) must be in [1000000, 2000000000000], got 55",
        ),
        (
            &["strip-draw", "--tools", "35"][..],
            "--tools (m, or with a unit: 35mm)[0] = 35 is out of range",
        ),
        (
            &[
                "export",
                "--table",
                "t.bin",
                "--format",
                "csv",
                "--pressures",
                "2,5",
            ][..],
            "--pressures (Pa, or with a unit: 30MPa)[0] = 2 is out of range",
        ),
    ] {
        assert_refused(&tribo_in(dir.path(), args), needle);
    }
}

#[test]
fn impossible_dem_placements_are_refused_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "dem", "--n", "64", "--k-l", "1", "--k-r", "1", "--k-s", "16", "--gap", "20um",
    ];
    for (file, text, needle) in [
        (
            "inside.csv",
            "x,y,z\n1e-4,1e-4,-1e-3\n",
            "inside.csv:2: flake at (0.0001, 0.0001, -0.001) m is inside the surface or the tool",
        ),
        (
            "twice.csv",
            "x,y\n1e-4,1e-4\n1e-4,1e-4\n",
            "twice.csv:3: flake at (0.0001, 0.0001",
        ),
        (
            "zero_q.csv",
            "x,y,qw,qx,qy,qz\n1e-4,1e-4,0,0,0,0\n",
            "zero_q.csv:2: the orientation (qw, qx, qy, qz) has zero norm",
        ),
    ] {
        write(dir.path(), file, text);
        let mut args = base.to_vec();
        args.extend(["--placement", file, "--out", "o"]);
        assert_refused(&tribo_in(dir.path(), &args), needle);
    }
}

#[test]
fn byte_order_marks_are_accepted_by_every_text_reader() {
    use tribo_calibrator::asperity::population::parse_csv;
    use tribo_calibrator::strip_draw::fit::data;
    use tribo_calibrator::surface::import::parse_height_map;
    let bom = "\u{feff}";
    let map = parse_height_map(&format!("{bom}1 2\n3 4\n"), 1.0, 1.0, 1.0).unwrap();
    assert_eq!(map.heights(), &[1.0, 2.0, 3.0, 4.0]);
    let d = data::parse(&format!(
        "{bom}tool_length_mm,pressure_MPa,mu_bar\n35,10,0.12\n"
    ))
    .unwrap();
    assert_eq!(d[0].mu_bar, 0.12);
    assert_eq!(
        parse_csv(&format!("{bom}area_m2\n2e-9\n")).unwrap(),
        vec![2e-9]
    );
}

#[test]
fn a_fit_on_200000_rows_is_refused_before_any_simulation() {
    let dir = tempfile::tempdir().unwrap();
    let mut csv = String::from("tool_length_mm,pressure_MPa,mu_bar\n");
    for i in 0..200_000 {
        writeln!(csv, "35,{},0.12", 1.0 + (i % 900) as f64 * 0.01).unwrap();
    }
    write(dir.path(), "big.csv", &csv);
    let out = tribo_in(dir.path(), &["fit", "strip-draw", "--data", "big.csv"]);
    assert_refused(
        &out,
        "--data big.csv (rows) must be a whole number in 1..=100000, got 200000",
    );
}
