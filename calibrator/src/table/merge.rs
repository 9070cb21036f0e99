//! Putting a separately computed section into a table file, with the material check of
//! issue 30: a section records the material pair and conditions it was computed for
//! ([`MaterialIdentity`]), and a section of another pair than the table's is refused unless the
//! caller says `--allow-foreign-material`. Seed 001's wear section (dry fretting of zirconia)
//! and seed 002's third-body section (a dry layer of sapphire-like disks) are not physics of
//! seed 000's lubricated aluminium against cast iron: putting them in is an explicit, flagged
//! act. A table of format 1 or 2 records no material; it matches nothing, so the flag is
//! needed there too.

use std::path::{Path, PathBuf};

use thiserror::Error;
use tribo_core::table::{
    MaterialIdentity, ParticleShearSection, Table, ThirdBodySection, WearSection,
};

use super::io::{TableIoError, read_table, write_table};

/// The command-line flag that allows a section of another material pair.
pub const ALLOW_FOREIGN_FLAG: &str = "--allow-foreign-material";

/// A section to put into a table.
#[derive(Clone, Debug, PartialEq)]
pub enum Section {
    /// Seed 001's wear coefficient K(p).
    Wear(WearSection),
    /// Seed 002's third-body layer μ_3b(T) (boxed: its sample vectors are large).
    ThirdBody(Box<ThirdBodySection>),
    /// The friction μ_p of the particle-borne area.
    ParticleShear(ParticleShearSection),
}

impl Section {
    /// The section's name in messages.
    pub fn name(&self) -> &'static str {
        match self {
            Section::Wear(_) => "wear",
            Section::ThirdBody(_) => "third-body",
            Section::ParticleShear(_) => "particle-shear",
        }
    }

    /// The material identity the section records.
    pub fn material(&self) -> &MaterialIdentity {
        match self {
            Section::Wear(s) => &s.material,
            Section::ThirdBody(s) => &s.material,
            Section::ParticleShear(s) => &s.material,
        }
    }
}

/// Why a section was not put into a table.
#[derive(Debug, Error)]
pub enum MergeError {
    /// The section describes another material pair than the table (or the table records none).
    #[error(
        "the {section} section was computed for '{section_pair}' ({section_conditions}), but the \
         table {} describes '{table_pair}': refused (pass {ALLOW_FOREIGN_FLAG} to put it in \
         anyway)",
        path.display()
    )]
    ForeignMaterial {
        /// The section's name.
        section: &'static str,
        /// The section's material pair.
        section_pair: String,
        /// The section's conditions.
        section_conditions: String,
        /// The table file.
        path: PathBuf,
        /// The table's material pair (or `not recorded`).
        table_pair: String,
    },
    /// Reading or writing the table file.
    #[error(transparent)]
    Io(#[from] TableIoError),
    /// The table with the section does not pass the core's validation.
    #[error("the table {} with the {section} section does not validate", path.display())]
    Invalid {
        /// The section's name.
        section: &'static str,
        /// The table file.
        path: PathBuf,
        /// The core's reason.
        #[source]
        source: tribo_core::Error,
    },
}

fn shown(text: &str, empty: &str) -> String {
    if text.trim().is_empty() {
        empty.to_owned()
    } else {
        text.to_owned()
    }
}

/// Puts `section` into `table` (validated; `table` unchanged on error). Refused
/// ([`MergeError::ForeignMaterial`]) when the section's pair is not the table's, unless
/// `allow_foreign`. `path` names the table in messages.
///
/// # Errors
///
/// [`MergeError::ForeignMaterial`] when the section's material pair is not the table's and
/// `allow_foreign` is false; [`MergeError::Invalid`] when the table with the section does not
/// validate.
pub fn put_section(
    table: &mut Table,
    section: Section,
    allow_foreign: bool,
    path: &Path,
) -> Result<(), MergeError> {
    let name = section.name();
    check_material(table, name, section.material(), allow_foreign, path)?;
    let mut next = table.clone();
    match section {
        Section::Wear(s) => next.wear = Some(s),
        Section::ThirdBody(s) => next.third_body = Some(*s),
        Section::ParticleShear(s) => next.particle_shear = Some(s),
    }
    next.validate().map_err(|source| MergeError::Invalid {
        section: name,
        path: path.to_path_buf(),
        source,
    })?;
    *table = next;
    Ok(())
}

/// Refuses a section of `material` in `table` when the pairs differ and not `allow_foreign`.
fn check_material(
    table: &Table,
    name: &'static str,
    material: &MaterialIdentity,
    allow_foreign: bool,
    path: &Path,
) -> Result<(), MergeError> {
    if allow_foreign || material.same_pair(&table.material) {
        return Ok(());
    }
    Err(MergeError::ForeignMaterial {
        section: name,
        section_pair: shown(&material.pair, "not recorded"),
        section_conditions: shown(&material.conditions, "conditions not recorded"),
        path: path.to_path_buf(),
        table_pair: shown(&table.material.pair, "not recorded (format 1 or 2)"),
    })
}

/// Checks, before a simulation whose section goes into the table at `path` (`--into-table`),
/// everything [`put_section_into_file`] will check after it that does not depend on the section's
/// numbers: the file reads and decodes as a table that passes the core's gate, its material
/// pair is the section's `material` (or `allow_foreign`), and it can be replaced atomically
/// (the output path policy and a writable folder). A bad `--into-table` costs seconds, not the
/// sweep (issue 32: `third-body sweep --into-table <bad>` ran the whole sweep first).
///
/// # Errors
/// [`MergeError::Io`] naming the file when it cannot be read, decoded or written;
/// [`MergeError::ForeignMaterial`] for another material pair.
pub fn check_into_table(
    path: &Path,
    name: &'static str,
    material: &MaterialIdentity,
    allow_foreign: bool,
) -> Result<(), MergeError> {
    let table = read_table(path)?;
    check_material(&table, name, material, allow_foreign, path)?;
    crate::report::atomic::check_writable(path).map_err(|source| {
        MergeError::Io(TableIoError::Write {
            path: path.to_path_buf(),
            source,
        })
    })
}

/// Reads the table at `path`, puts `section` into it ([`put_section`]) and writes it back
/// atomically; returns the encoded size \[bytes\].
///
/// # Errors
///
/// [`MergeError::Io`] when the table cannot be read, decoded or written back; those of
/// [`put_section`].
pub fn put_section_into_file(
    path: &Path,
    section: Section,
    allow_foreign: bool,
) -> Result<usize, MergeError> {
    let mut table = read_table(path)?;
    put_section(&mut table, section, allow_foreign, path)?;
    Ok(write_table(path, &table)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_of_another_pair_needs_the_flag() {
        let example = Table::filled_example();
        let wear = example.wear.clone().unwrap();
        let mut t = Table::seed000_defaults();
        let before = t.clone();
        let path = Path::new("t.bin");
        let err = put_section(&mut t, Section::Wear(wear.clone()), false, path).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("zirconia/zirconia (example data)"), "{msg}");
        assert!(msg.contains("AA5182-O/cast iron EN-JS2070"), "{msg}");
        assert!(msg.contains(ALLOW_FOREIGN_FLAG), "{msg}");
        assert_eq!(t, before);
        put_section(&mut t, Section::Wear(wear.clone()), true, path).unwrap();
        assert_eq!(t.wear, Some(wear));
        // The same pair (spelled differently) goes in without the flag.
        let mut shear = t.particle_shear.clone().unwrap();
        shear.material = MaterialIdentity::new("aa5182-o / cast iron en-js2070", "fitted");
        shear.particle_friction = 0.05;
        shear.ci95 = [0.04, 0.06];
        put_section(&mut t, Section::ParticleShear(shear.clone()), false, path).unwrap();
        assert_eq!(t.particle_shear, Some(shear));
        // A table that records no material (format 1 or 2) matches nothing.
        t.material = MaterialIdentity::unrecorded();
        let tb = example.third_body.clone().unwrap();
        let msg = put_section(
            &mut t,
            Section::ThirdBody(Box::new(tb.clone())),
            false,
            path,
        )
        .unwrap_err()
        .to_string();
        assert!(msg.contains("not recorded (format 1 or 2)"), "{msg}");
        // An invalid section is refused even with the flag, and the table is unchanged.
        let mut bad = tb;
        bad.mu = f32::NAN;
        let before = t.clone();
        assert!(matches!(
            put_section(&mut t, Section::ThirdBody(Box::new(bad)), true, path),
            Err(MergeError::Invalid { .. })
        ));
        assert_eq!(t, before);
    }
}
