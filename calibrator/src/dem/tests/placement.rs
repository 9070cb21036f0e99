//! The tool's touching offset over a surface (the start height of `tribo dem`).

use crate::dem::touching_offset;
use crate::surface::HeightMap;

#[test]
fn touching_offset_is_the_largest_row_overlap() {
    // Row 1: 3 µm peak vs tool minimum −1 µm ⇒ 4 µm.
    let mut d = vec![0.0; 16];
    d[4 + 2] = 3e-6;
    let mut t = vec![0.0; 16];
    t[4] = -1e-6;
    t[8] = -5e-6; // row 2: a deeper tool tip over flat ground dominates
    let def = HeightMap::new(4, 4, 1.0, 1.0, d).unwrap();
    let tool = HeightMap::new(4, 4, 1.0, 1.0, t).unwrap();
    assert!((touching_offset(&def, &tool) - 5e-6).abs() < 1e-18);
}

/// A flake file's refusals name the file and the line (issue 18: typed `FlakeFileError`).
#[test]
fn a_bad_flake_file_is_refused_naming_the_file_and_line() {
    use crate::dem::{FlakeFileError, read_csv};
    let shape = super::shape();
    // Flat ground at 0, flat tool 100 µm above: every flake fits under the tool.
    let def = HeightMap::new(8, 8, 10e-6, 10e-6, vec![0.0; 64]).unwrap();
    let tool = HeightMap::new(8, 8, 10e-6, 10e-6, vec![100e-6; 64]).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flakes.csv");
    // Two flakes at the same spot: the second (line 3) overlaps the first.
    std::fs::write(&path, "x,y\n20e-6,20e-6\n20e-6,20e-6\n").unwrap();
    let e = read_csv(&path, &shape, &def, &tool).unwrap_err();
    assert!(
        matches!(
            e,
            FlakeFileError::Overlap {
                line: 3,
                other: 1,
                ..
            }
        ),
        "{e:?}"
    );
    let msg = e.to_string();
    assert!(msg.starts_with(&format!("{}:3:", path.display())), "{msg}");
    // No y column: the header is refused, naming the file.
    std::fs::write(&path, "x,z\n20e-6,1e-6\n").unwrap();
    let msg = read_csv(&path, &shape, &def, &tool)
        .unwrap_err()
        .to_string();
    assert_eq!(
        msg,
        format!(
            "flake file {}: header needs columns x and y",
            path.display()
        )
    );
    // A zero quaternion on line 2.
    std::fs::write(&path, "x,y,qw,qx,qy,qz\n20e-6,20e-6,0,0,0,0\n").unwrap();
    let msg = read_csv(&path, &shape, &def, &tool)
        .unwrap_err()
        .to_string();
    assert!(
        msg.starts_with(&format!("{}:2:", path.display())) && msg.contains("zero norm"),
        "{msg}"
    );
}

/// Issue 32: a placement file's positions are checked against the surfaces' domain with their
/// declared unit — a centre at 5 m, or a file written in µm without its `[um]` header, is
/// refused with its file and line, never wrapped into the domain; with `[um]` the same numbers
/// are the flakes' positions.
#[test]
fn placement_outside_the_domain_or_in_undeclared_micrometres_is_refused() {
    use crate::dem::{FlakeFileError, read_csv};
    let shape = super::shape();
    // 8 × 10 µm = 80 µm periodic domain; flat ground, tool 100 µm above.
    let def = HeightMap::new(8, 8, 10e-6, 10e-6, vec![0.0; 64]).unwrap();
    let tool = HeightMap::new(8, 8, 10e-6, 10e-6, vec![100e-6; 64]).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flakes.csv");
    for (text, line) in [
        ("x,y\n20e-6,20e-6\n5,20e-6\n", 3), // 5 m
        ("x,y\n20,20\n", 2),                // µm numbers read as metres
        ("x,y\n-1e-6,20e-6\n", 2),          // below the origin
        ("x [um],y [um]\n20,81\n", 2),      // y = 81 µm: past the 80 µm domain
    ] {
        std::fs::write(&path, text).unwrap();
        let e = read_csv(&path, &shape, &def, &tool).unwrap_err();
        assert!(
            matches!(e, FlakeFileError::OutsideDomain { line: l, .. } if l == line),
            "{text:?}: {e:?}"
        );
        let msg = e.to_string();
        assert!(
            msg.starts_with(&format!("{}:{line}:", path.display())),
            "{msg}"
        );
    }
    // The same numbers with their unit declared: placed at 20 µm and 30 µm.
    std::fs::write(&path, "X [um],y [µm]\n20,30\n").unwrap();
    let flakes = read_csv(&path, &shape, &def, &tool).unwrap();
    // Exact: 20 [um] is divided by 1e6, the same correctly rounded f64 as the literal 20e-6.
    assert_eq!(flakes[0].position[0], 20e-6);
    assert_eq!(flakes[0].position[1], 30e-6);
    // A unit the column cannot take names the header line and the cell.
    std::fs::write(&path, "x [kg],y\n20e-6,20e-6\n").unwrap();
    let msg = read_csv(&path, &shape, &def, &tool)
        .unwrap_err()
        .to_string();
    assert!(
        msg.starts_with(&format!("{}:1:", path.display())) && msg.contains("[kg]"),
        "{msg}"
    );
}
