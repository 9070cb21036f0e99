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
//! (the interaction's name is the user's), and define field variable 1 at the nodes of the
//! contact surfaces: it selects β (or the draw length) between the exported levels by linear
//! interpolation. The deck says how ([`field_variable_usage`]): an initial value with
//! `*INITIAL CONDITIONS, TYPE=FIELD, VARIABLE=1`, a prescribed history with `*FIELD,
//! VARIABLE=1` and an amplitude, or a value per node from user subroutine UFIELD
//! (Abaqus/Standard) or VUFIELD (Abaqus/Explicit). USDFLD / VUSDFLD redefine field variables
//! at material points, not at the contact nodes.
//!
//! **Warnings in the deck.** A `** WARNING` line precedes every row whose μ is below
//! [`MU_WARNING`], and a note names the slip rates outside the calibrated α(v) velocities.

use std::fmt::Write as _;

use super::grid::exact;
use super::lsdyna::calibration_note;
use super::provenance::MU_WARNING;
use super::{Grid, Level, Provenance, Units};

/// What field variable 1 means and how to set it (module docs), as deck comment lines.
pub fn field_variable_usage(level: &Level, l_unit: &str) -> Vec<String> {
    let meaning = match level {
        Level::DrawLength(_) => format!(
            "field variable 1 = draw length [{l_unit}]: the distance the sheet point has slid under the tool; beta builds up with it (Archard source, Eq. 12) at the row's pressure and slip rate"
        ),
        Level::Beta(_) => {
            "field variable 1 = beta [-]: the third-body area fraction (Eq. 10) at the contact point".to_owned()
        }
    };
    vec![
        meaning,
        "Abaqus interpolates mu linearly between the levels below; set field variable 1 at the nodes of the contact surfaces:".into(),
        "  initial value: *INITIAL CONDITIONS, TYPE=FIELD, VARIABLE=1 / <node set>, <value> (0 for a fresh sheet)".into(),
        "  prescribed history: *FIELD, VARIABLE=1 with an *AMPLITUDE that follows the draw (e.g. draw length = tool travel)".into(),
        "  per node from the solution: user subroutine UFIELD (Abaqus/Standard) or VUFIELD (Abaqus/Explicit), e.g. the accumulated slip".into(),
        "  (USDFLD / VUSDFLD redefine field variables at material points, not at the contact nodes)".into(),
    ]
}

/// Longest input line Abaqus reads \[characters\].
pub const MAX_LINE: usize = 256;

/// The `.inp` text (module docs).
pub fn to_inp(grid: &Grid, provenance: &Provenance, units: Units) -> String {
    let (p_unit, v_unit, l_unit) = units.names();
    let mut s = String::new();
    for line in provenance.lines() {
        let _ = writeln!(s, "** {}", super::to_ascii(&line));
    }
    let level_name = match grid.levels.first() {
        Some(Level::DrawLength(_)) => format!("draw length [{l_unit}]"),
        _ => "beta [-]".to_owned(),
    };
    let _ = writeln!(s, "** Use: after *SURFACE INTERACTION, NAME=<yours>");
    if let Some(level) = grid.levels.first() {
        for line in field_variable_usage(level, l_unit) {
            let _ = writeln!(s, "** {line}");
        }
    }
    if let Some(note) = calibration_note(grid, provenance, units) {
        let _ = writeln!(s, "** {note}");
    }
    let _ = writeln!(
        s,
        "** columns: mu, slip rate [{v_unit}], contact pressure [{p_unit}], temperature (none), field 1 = {level_name}"
    );
    let _ = writeln!(s, "*FRICTION, DEPENDENCIES=1");
    for (l, level) in grid.levels.iter().enumerate() {
        let field = exact(units.level(level));
        for k in 0..grid.pressures.len() {
            for pt in grid.curve(l, k) {
                if pt.mu < MU_WARNING {
                    let _ = writeln!(
                        s,
                        "** WARNING mu = {:.3e} < {MU_WARNING}: friction nearly lost (beta at or near beta_thres)",
                        pt.mu
                    );
                }
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
