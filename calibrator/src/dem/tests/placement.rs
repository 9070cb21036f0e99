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
