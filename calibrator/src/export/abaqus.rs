//! Abaqus input output: `*FRICTION, DEPENDENCIES=1` tabular data, μ against slip rate and
//! contact pressure with the level (β, or the draw length) as field variable 1.
//!
//! **Grammar relied on** (Abaqus keywords reference, `*FRICTION`, as we read it; no solver was
//! available): lines starting with `**` are comments; a keyword line starts with `*`; each
//! data line of isotropic tabular friction holds μ, the equivalent slip rate, the contact
//! pressure, the temperature and the field variables, comma-separated (the temperature is left
//! empty: no temperature dependence); for tabular data with several independent variables
//! the fastest varying is the first (slip rate), then pressure, then temperature, then field
//! variable 1, each ascending; lines are at most 256 characters.
//!
//! **How a model uses it**: paste or `*INCLUDE` the block after a `*SURFACE INTERACTION`
//! (the interaction's name is the user's), and define field variable 1 at the contact nodes
//! (e.g. `*FIELD, VARIABLE=1` per step, or a user subroutine): it selects β (or the draw
//! length) between the exported levels by linear interpolation.

use std::fmt::Write as _;

use super::grid::exact;
use super::{Grid, Units};

/// Longest input line Abaqus reads \[characters\].
pub const MAX_LINE: usize = 256;

/// The `.inp` text (module docs).
pub fn to_inp(grid: &Grid, header: &[String], units: Units) -> String {
    let (p_unit, v_unit, l_unit) = units.names();
    let mut s = String::new();
    for line in header {
        let _ = writeln!(s, "** {}", super::to_ascii(line));
    }
    let level_name = match grid.levels.first() {
        Some(super::Level::DrawLength(_)) => format!("draw length [{l_unit}]"),
        _ => "beta [-]".to_owned(),
    };
    let _ = writeln!(
        s,
        "** Use: after *SURFACE INTERACTION, NAME=<yours>; field variable 1 = {level_name}"
    );
    let _ = writeln!(
        s,
        "** columns: mu, slip rate [{v_unit}], contact pressure [{p_unit}], temperature (none), field 1 = {level_name}"
    );
    let _ = writeln!(s, "*FRICTION, DEPENDENCIES=1");
    for (l, level) in grid.levels.iter().enumerate() {
        let field = exact(units.level(level));
        for k in 0..grid.pressures.len() {
            for pt in grid.curve(l, k) {
                let _ = writeln!(
                    s,
                    "{}, {}, {}, , {field}",
                    exact(f64::from(pt.mu)),
                    exact(f64::from(pt.velocity) * units.velocity()),
                    exact(f64::from(pt.pressure) * units.pressure()),
                );
            }
        }
    }
    s
}

#[cfg(test)]
#[path = "abaqus_check.rs"]
mod check;
