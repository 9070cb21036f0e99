//! The material identity a table and each of its sections record (format 3): the material
//! pair and the conditions the numbers were computed or measured for.
//!
//! Seed 000's table describes aluminium AA5182-O against a cast-iron tool, lubricated; seed
//! 001's wear section was computed for brittle zirconia bodies in dry fretting and seed 002's
//! third-body section for a dry layer of sapphire-like disks. A section computed for another
//! pair is not physics of this table: the calibrator refuses to put one into a table of
//! another pair unless told so explicitly, and `tribo inspect` shows each section's identity.

use heapless::String;
use serde::{Deserialize, Serialize};

/// Capacity of a material-pair or conditions text \[bytes of UTF-8\].
pub const MATERIAL_CAPACITY: usize = 32;

/// Material pair and conditions of a table or section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MaterialIdentity {
    /// The material pair, e.g. `"AA5182-O/cast iron EN-JS2070"` (empty: not recorded, as in
    /// tables of formats 1 and 2).
    pub pair: String<MATERIAL_CAPACITY>,
    /// The conditions, e.g. `"lubricated strip draw"`, `"dry fretting, 2D DDE"`.
    pub conditions: String<MATERIAL_CAPACITY>,
}

impl MaterialIdentity {
    /// An identity from two texts, each cut at its capacity (on a character boundary).
    pub fn new(pair: &str, conditions: &str) -> Self {
        Self {
            pair: truncated(pair),
            conditions: truncated(conditions),
        }
    }

    /// Nothing recorded (tables and sections of formats 1 and 2).
    pub fn unrecorded() -> Self {
        Self {
            pair: String::new(),
            conditions: String::new(),
        }
    }

    /// Whether the pair was recorded.
    pub fn is_recorded(&self) -> bool {
        !self.pair.trim().is_empty()
    }

    /// Whether `other` names the same material pair: both recorded and equal up to ASCII case
    /// and whitespace. Conditions are not compared (a section of the same pair under other
    /// conditions is the caller's judgement, shown by `inspect`).
    pub fn same_pair(&self, other: &MaterialIdentity) -> bool {
        self.is_recorded()
            && other.is_recorded()
            && significant(&self.pair).eq(significant(&other.pair))
    }
}

/// The characters of `s` that name a material: no whitespace, ASCII lower case.
fn significant(s: &str) -> impl Iterator<Item = char> + '_ {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
}

fn truncated(s: &str) -> String<MATERIAL_CAPACITY> {
    let mut out = String::new();
    for c in s.chars() {
        if out.push(c).is_err() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_match_up_to_case_and_spaces_and_unrecorded_matches_nothing() {
        let a = MaterialIdentity::new("AA5182-O/cast iron EN-JS2070", "lubricated strip draw");
        let b = MaterialIdentity::new("aa5182-o / Cast Iron EN-JS2070", "dry");
        assert!(a.same_pair(&b) && b.same_pair(&a));
        let z = MaterialIdentity::new("zirconia/zirconia", "dry fretting, 2D DDE");
        assert!(!a.same_pair(&z));
        let u = MaterialIdentity::unrecorded();
        assert!(!u.same_pair(&u) && !a.same_pair(&u) && !u.is_recorded());
        // Cut at the capacity on a character boundary.
        let long = MaterialIdentity::new(&"é".repeat(40), "");
        assert!(long.pair.len() <= MATERIAL_CAPACITY && long.pair.chars().all(|c| c == 'é'));
    }
}
