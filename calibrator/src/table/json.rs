//! The table as JSON (`tribo inspect --json`, the report's `table.json`): every field of the
//! table as serde writes it, plus what a reader should not have to recompute: the file's
//! format version, each α sample and β_thres with its statistical, systematic and total
//! intervals, the dominant systematic term and what μ does at saturation.

use serde::Serialize;
use tribo_core::table::{Table, Uncertain};

use super::describe::{STATISTICAL_IS_NOT_ACCURACY, saturation_text};

/// One value with its three intervals (`systematic`, `total`: `null` when the table has no
/// budget).
#[derive(Serialize)]
struct Intervals {
    v_m_per_s: f32,
    value: f32,
    statistical_95: [f32; 2],
    systematic: Option<[f32; 2]>,
    total: Option<[f32; 2]>,
}

impl Intervals {
    fn new(v: f32, u: Uncertain) -> Self {
        Self {
            v_m_per_s: v,
            value: u.value,
            statistical_95: u.statistical,
            systematic: u.systematic,
            total: u.systematic.map(|_| u.total),
        }
    }
}

#[derive(Serialize)]
struct Derived {
    file_format_version: Option<u16>,
    alpha_intervals: Vec<Intervals>,
    beta_thres_intervals: Vec<Intervals>,
    dominant_systematic: Option<String>,
    combination_rule: Option<&'static str>,
    note: &'static str,
    saturation: String,
}

/// The table's JSON object with the derived keys above added (`file_format_version`: the
/// format of the file it was read from, `None` for a table not read from a file).
///
/// # Errors
///
/// Those of `serde_json` (a bug: the table always serialises).
pub fn table_json(table: &Table, file_format_version: Option<u16>) -> serde_json::Result<String> {
    let mut value = serde_json::to_value(table)?;
    let v = &table.alpha.curve.v;
    let derived = Derived {
        file_format_version,
        alpha_intervals: (0..v.len())
            .filter_map(|i| Some(Intervals::new(v[i], table.alpha_uncertainty(i)?)))
            .collect(),
        beta_thres_intervals: (0..v.len())
            .filter_map(|i| Some(Intervals::new(v[i], table.beta_thres_uncertainty(i)?)))
            .collect(),
        dominant_systematic: table.dominant_systematic().map(|t| t.name.to_string()),
        combination_rule: table.uncertainty.as_ref().map(|u| u.rule.describe()),
        note: STATISTICAL_IS_NOT_ACCURACY,
        saturation: saturation_text(table),
    };
    if let (Some(map), serde_json::Value::Object(extra)) =
        (value.as_object_mut(), serde_json::to_value(derived)?)
    {
        map.extend(extra);
    }
    let mut s = serde_json::to_string_pretty(&value)?;
    s.push('\n');
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_keeps_every_field_and_adds_the_intervals() {
        let t = Table::filled_example();
        let j: serde_json::Value = serde_json::from_str(&table_json(&t, Some(4)).unwrap()).unwrap();
        assert_eq!(j["file_format_version"], 4);
        assert!(j["provenance"]["seed"].is_u64() && j["uncertainty"]["terms"].is_array());
        let a = &j["alpha_intervals"][0];
        assert!(
            a["statistical_95"].is_array() && a["systematic"].is_array() && a["total"].is_array()
        );
        assert_eq!(
            j["alpha_intervals"].as_array().unwrap().len(),
            t.alpha.curve.v.len()
        );
        assert!(j["dominant_systematic"].is_string());
        let mut old = t.clone();
        old.uncertainty = None;
        old.particle_shear = None;
        let j: serde_json::Value =
            serde_json::from_str(&table_json(&old, Some(2)).unwrap()).unwrap();
        assert!(j["alpha_intervals"][0]["systematic"].is_null());
        assert!(
            j["saturation"]
                .as_str()
                .unwrap()
                .starts_with("μ reaches 0 at saturation")
        );
    }
}
