//! LS-DYNA keyword output: per level one `*DEFINE_TABLE` whose values are contact pressures,
//! each value followed (in order, with consecutive IDs) by its `*DEFINE_CURVE` of μ against
//! relative velocity.
//!
//! **How a contact uses it** (the LS-DYNA keyword manual's `*CONTACT` card 2 as this project
//! reads it; no solver was available to run it, and the deck's comments say so):
//! `FS = 2.0` with `FD = <table ID>` makes the friction coefficient a function of the
//! interface pressure (the table's values) and the relative velocity (the curves' abscissas).
//! Only `*CONTACT_SURFACE_TO_SURFACE` and `*CONTACT_ONE_WAY_SURFACE_TO_SURFACE` read such a
//! table, with the thickness offsets on (`*CONTROL_CONTACT` `SHLTHK` = 1 or 2, or `THKOPT` = 1
//! on the contact's optional card B). `*CONTACT_FORMING_ONE_WAY_SURFACE_TO_SURFACE`, the usual
//! forming contact, does not: the deck names the alternatives ([`USAGE`]). (`FS = −2`
//! selects `*DEFINE_FRICTION` instead.)
//!
//! **Warnings in the deck.** A `$ WARNING` line precedes every point whose μ is below
//! [`MU_WARNING`] (friction nearly lost: β at or near β_thres), and every curve whose
//! velocities leave the table's calibrated α(v) velocities says which.
//!
//! **Cards** (keyword manual): `$` in column 1 is a comment; `*DEFINE_TABLE` card 1 is TBID,
//! SFA, OFFA in 10-character fields and each following card one VALUE in a 20-character
//! field, the curves following the table in sequential order; `*DEFINE_CURVE` card 1 is
//! LCID, SIDR, SFA, SFO, OFFA, OFFO, DATTYP in 10-character fields and each point card A1,
//! O1 in two 20-character fields. Lines are at most 80 columns. Tables and curves share one
//! ID space: IDs run consecutively from `--first-id`.

use std::fmt::Write as _;

use super::grid::exact;
use super::provenance::MU_WARNING;
use super::{ExportError, Grid, Provenance, Units};

/// How to use the deck in LS-DYNA, written at its top (module docs).
pub const USAGE: [&str; 5] = [
    "Use: *CONTACT_SURFACE_TO_SURFACE or *CONTACT_ONE_WAY_SURFACE_TO_SURFACE, card 2: FS = 2.0 and FD = the TBID of one table below (mu from contact pressure and relative velocity).",
    "FS = 2 tables are read by those two contact types only, with thickness offsets on: *CONTROL_CONTACT SHLTHK = 1 (2 with rigid bodies), or THKOPT = 1 on the contact's optional card B.",
    "*CONTACT_FORMING_ONE_WAY_SURFACE_TO_SURFACE does not read them. Supported alternative: replace it by *CONTACT_ONE_WAY_SURFACE_TO_SURFACE (blank as slave, tool as master) with the thickness offsets on.",
    "Or keep the forming contact with a constant FS = mu read from the table at the process pressure, velocity and level; or carry beta per point through the C ABI (core-ffi) in a user friction routine.",
    "Source: the LS-DYNA keyword manual's *CONTACT cards as we read them; this deck was checked by a parser of the card grammar, not run in LS-DYNA.",
];

/// The grid velocities \[m/s\] outside the calibrated α(v) velocities, in deck units.
fn outside_calibration(grid: &Grid, provenance: &Provenance, units: Units) -> Vec<String> {
    grid.velocities
        .iter()
        .filter(|v| provenance.outside_calibration(**v))
        .map(|v| format!("{:.4e}", f64::from(*v) * units.velocity()))
        .collect()
}

/// The note on the velocities outside the calibration, if any (deck units).
pub fn calibration_note(grid: &Grid, provenance: &Provenance, units: Units) -> Option<String> {
    let outside = outside_calibration(grid, provenance, units);
    let [lo, hi] = provenance.calibrated_velocities?;
    let (_, v_unit, _) = units.names();
    (!outside.is_empty()).then(|| {
        format!(
            "velocities {} {v_unit} lie outside the calibrated alpha(v) velocities {:.4e}..{:.4e} {v_unit}: mu there is extrapolated",
            outside.join(", "),
            f64::from(lo) * units.velocity(),
            f64::from(hi) * units.velocity()
        )
    })
}

/// Longest card or comment line LS-DYNA reads \[columns\].
pub const MAX_COLUMNS: usize = 80;

fn comment(s: &mut String, text: &str) {
    // Wrap long comments at word boundaries so that no line exceeds the card width.
    let mut line = String::from("$");
    for word in text.split_whitespace() {
        if line.len() + 1 + word.len() > MAX_COLUMNS && line.len() > 1 {
            let _ = writeln!(s, "{line}");
            line = String::from("$  ");
        }
        line.push(' ');
        line.push_str(word);
    }
    let _ = writeln!(s, "{line}");
}

/// The keyword text (module docs). Needs at least two pressures and two velocities (a curve
/// or table of one point is not interpolable); IDs from `first_id`.
///
/// # Errors
///
/// [`ExportError::TooFewPoints`] for fewer than two pressures or two velocities;
/// [`ExportError::Ids`] when `first_id` is 0 or the last ID would exceed 99 999 999 (the 8-digit
/// fields).
pub fn to_keyword(
    grid: &Grid,
    provenance: &Provenance,
    units: Units,
    first_id: u32,
) -> Result<String, ExportError> {
    if grid.pressures.len() < 2 || grid.velocities.len() < 2 {
        return Err(ExportError::TooFewPoints);
    }
    let per_level = grid.pressures.len() as u64 + 1;
    let last = u64::from(first_id) + per_level * grid.levels.len() as u64 - 1;
    if first_id == 0 || last > 99_999_999 {
        return Err(ExportError::Ids {
            first: first_id,
            last,
        });
    }
    let (p_unit, v_unit, _) = units.names();
    let mut s = String::from("*KEYWORD\n");
    for line in provenance.lines() {
        comment(&mut s, &super::to_ascii(&line));
    }
    for line in USAGE {
        comment(&mut s, line);
    }
    comment(
        &mut s,
        &format!("units: contact pressure [{p_unit}], relative velocity [{v_unit}]"),
    );
    let velocity_note = calibration_note(grid, provenance, units);
    let mut id = first_id;
    for (l, level) in grid.levels.iter().enumerate() {
        let tbid = id;
        let _ = writeln!(s, "*DEFINE_TABLE");
        comment(
            &mut s,
            &format!(
                "table {tbid}: {} = {} ; values: contact pressure [{p_unit}]; curves {}..{}: mu vs relative velocity [{v_unit}]",
                level.kind(),
                exact(units.level(level)),
                tbid + 1,
                tbid + grid.pressures.len() as u32
            ),
        );
        let _ = writeln!(s, "$     TBID       SFA      OFFA");
        let _ = writeln!(s, "{tbid:>10}{:>10}{:>10}", "1.0", "0.0");
        let _ = writeln!(s, "$              VALUE");
        for &p in &grid.pressures {
            let _ = writeln!(s, "{:>20}", exact(f64::from(p) * units.pressure()));
        }
        for (k, &p) in grid.pressures.iter().enumerate() {
            id += 1;
            let _ = writeln!(s, "*DEFINE_CURVE");
            comment(
                &mut s,
                &format!(
                    "curve {id}: mu at p = {} {p_unit}, {} = {}",
                    exact(f64::from(p) * units.pressure()),
                    level.kind(),
                    exact(units.level(level))
                ),
            );
            let _ = writeln!(
                s,
                "$     LCID      SIDR       SFA       SFO      OFFA      OFFO    DATTYP"
            );
            let _ = writeln!(
                s,
                "{id:>10}{:>10}{:>10}{:>10}{:>10}{:>10}{:>10}",
                0, "1.0", "1.0", "0.0", "0.0", 0
            );
            if let Some(note) = &velocity_note {
                comment(&mut s, note);
            }
            let _ = writeln!(s, "$                 A1                  O1");
            for pt in grid.curve(l, k) {
                if pt.mu < MU_WARNING {
                    comment(
                        &mut s,
                        &format!(
                            "WARNING mu = {:.3e} < {MU_WARNING} at v = {}: friction nearly lost (beta at or near beta_thres)",
                            pt.mu,
                            exact(f64::from(pt.velocity) * units.velocity())
                        ),
                    );
                }
                let _ = writeln!(
                    s,
                    "{:>20}{:>20}",
                    exact(f64::from(pt.velocity) * units.velocity()),
                    exact(f64::from(pt.mu))
                );
            }
        }
        id += 1;
    }
    s.push_str("*END\n");
    Ok(s)
}

#[cfg(test)]
#[path = "lsdyna_check.rs"]
mod check;
