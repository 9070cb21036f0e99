//! LS-DYNA keyword output: per level one `*DEFINE_TABLE` whose values are contact pressures,
//! each value followed (in order, with consecutive IDs) by its `*DEFINE_CURVE` of μ against
//! relative velocity.
//!
//! **How a contact uses it** (from the LS-DYNA keyword manual's `*CONTACT` card 2, as we read
//! it; no solver was available to run it): `FS = 2.0` with `FD = <table ID>` makes the
//! friction coefficient of a `*CONTACT_SURFACE_TO_SURFACE` or
//! `*CONTACT_ONE_WAY_SURFACE_TO_SURFACE` interface a function of the interface pressure (the
//! table's values) and the relative velocity (the curves' abscissas); the manual asks for the
//! thickness-offset option with it. (`FS = −2` selects `*DEFINE_FRICTION` tables instead.)
//!
//! **Cards** (keyword manual): `$` in column 1 is a comment; `*DEFINE_TABLE` card 1 is TBID,
//! SFA, OFFA in 10-character fields and each following card one VALUE in a 20-character
//! field, the curves following the table in sequential order; `*DEFINE_CURVE` card 1 is
//! LCID, SIDR, SFA, SFO, OFFA, OFFO, DATTYP in 10-character fields and each point card A1,
//! O1 in two 20-character fields. Lines are at most 80 columns. Tables and curves share one
//! ID space: IDs run consecutively from `--first-id`.

use std::fmt::Write as _;

use super::grid::exact;
use super::{ExportError, Grid, Units};

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
pub fn to_keyword(
    grid: &Grid,
    header: &[String],
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
    for line in header {
        comment(&mut s, &super::to_ascii(line));
    }
    comment(
        &mut s,
        "Use: in *CONTACT_(ONE_WAY_)SURFACE_TO_SURFACE card 2 set FS = 2.0 and FD = the TBID of one \
         table below (friction coefficient from pressure and relative velocity; thickness offsets on).",
    );
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
            let _ = writeln!(s, "$                 A1                  O1");
            for pt in grid.curve(l, k) {
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
