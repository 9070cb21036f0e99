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
