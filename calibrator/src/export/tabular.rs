//! The grid as CSV and JSON for tools other than LS-DYNA and Abaqus, SI units, with one set of
//! column names ([`columns`]) in the CSV header, the JSON points and the JSON `units` map:
//! the level (`beta_level` for `--betas`, `draw_length_m` for `--draw-lengths`),
//! `pressure_pa`, `slip_rate_m_per_s`, `beta` (the β the point has) and `mu`.
//!
//! **CSV.** A preamble of `# key = value` lines — the provenance fields
//! ([`Provenance::fields`]), then `# note = …` and `# banner = …` lines — then the header and
//! one row per point. Read it with
//! `pandas.read_csv(path, comment='#')`, or with Python's `csv` module as
//! `csv.DictReader(line for line in open(path) if not line.startswith('#'))`; the preamble as a
//! dict: `dict(l[1:].split('=', 1) for l in open(path) if l.startswith('#'))` (strip the
//! keys and values).
//!
//! **JSON.** `{"provenance": {fields…, "notes": […], "banners": […]}, "level_kind": <level
//! column>, "columns": […], "units": {column: unit}, "points": [{column: value}, …]}`. The
//! `seed` is a JSON integer (exact in Python; JavaScript loses integers above 2⁵³), the
//! `crc` and `config_hash` are `0x…` hex strings.

use std::fmt::Write as _;

use super::grid::exact;
use super::{ExportError, Grid, Level, Provenance};

/// The column names of a grid, level first, and their SI units.
pub fn columns(grid: &Grid) -> [(&'static str, &'static str); 5] {
    let level = match grid.levels.first() {
        Some(l @ Level::DrawLength(_)) => (l.kind(), "m"),
        Some(l @ Level::Beta(_)) => (l.kind(), "-"),
        None => ("beta_level", "-"),
    };
    [
        level,
        ("pressure_pa", "Pa"),
        ("slip_rate_m_per_s", "m/s"),
        ("beta", "-"),
        ("mu", "-"),
    ]
}

/// The rows of the grid in column order (SI, f32 widened exactly to f64).
fn rows(grid: &Grid) -> impl Iterator<Item = [f64; 5]> + '_ {
    let n = (grid.pressures.len() * grid.velocities.len()).max(1);
    grid.points.iter().enumerate().map(move |(i, pt)| {
        let level = grid.levels.get(i / n).map_or(0.0, Level::value);
        [level, pt.pressure, pt.velocity, pt.beta, pt.mu].map(f64::from)
    })
}

/// The CSV form (module docs).
pub fn to_csv(grid: &Grid, provenance: &Provenance) -> String {
    let mut s = String::new();
    for (key, value) in provenance.fields() {
        let _ = writeln!(s, "# {key} = {value}");
    }
    for banner in &provenance.banners {
        let _ = writeln!(s, "# banner = {banner}");
    }
    for note in &provenance.notes {
        let _ = writeln!(s, "# note = {note}");
    }
    let names: Vec<&str> = columns(grid).iter().map(|c| c.0).collect();
    let _ = writeln!(s, "{}", names.join(","));
    for row in rows(grid) {
        let cells: Vec<String> = row.iter().map(|x| exact(*x)).collect();
        let _ = writeln!(s, "{}", cells.join(","));
    }
    s
}

/// The JSON form (module docs).
///
/// # Errors
///
/// [`ExportError::Json`] if serde_json fails to render the document.
pub fn to_json(grid: &Grid, provenance: &Provenance) -> Result<String, ExportError> {
    let cols = columns(grid);
    let mut prov = serde_json::Map::new();
    for (key, value) in provenance.fields() {
        let v = match key {
            "seed" => serde_json::json!(provenance.seed),
            "table_bytes" => serde_json::json!(provenance.table_bytes),
            _ => serde_json::json!(value),
        };
        prov.insert(key.to_owned(), v);
    }
    prov.insert("banners".into(), serde_json::json!(provenance.banners));
    prov.insert("notes".into(), serde_json::json!(provenance.notes));
    let points: Vec<serde_json::Value> = rows(grid)
        .map(|row| {
            let map: serde_json::Map<String, serde_json::Value> = cols
                .iter()
                .zip(row)
                .map(|((name, _), x)| ((*name).to_owned(), serde_json::json!(x)))
                .collect();
            serde_json::Value::Object(map)
        })
        .collect();
    let units: serde_json::Map<String, serde_json::Value> = cols
        .iter()
        .map(|(name, unit)| ((*name).to_owned(), serde_json::json!(unit)))
        .collect();
    let doc = serde_json::json!({
        "provenance": prov,
        "level_kind": cols[0].0,
        "columns": cols.iter().map(|c| c.0).collect::<Vec<_>>(),
        "units": units,
        "points": points,
    });
    let mut s = serde_json::to_string_pretty(&doc).map_err(ExportError::Json)?;
    s.push('\n');
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::test_support::{grids, provenance, table_bytes};

    /// The header names the table's provenance and flags documented defaults; CSV and JSON
    /// carry it as fields, use one set of unique column names, and give back the grid's μ
    /// exactly.
    #[test]
    fn csv_and_json_carry_provenance_fields_and_round_trip_mu() {
        for (name, table, bytes) in table_bytes() {
            for grid in grids(&table) {
                let prov = provenance(name, &table, &bytes, &grid);
                let p = &table.provenance;
                let csv = to_csv(&grid, &prov);
                let preamble: std::collections::BTreeMap<String, String> = csv
                    .lines()
                    .filter_map(|l| l.strip_prefix('#'))
                    .filter_map(|l| l.split_once('='))
                    .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
                    .collect();
                assert!(csv.lines().filter(|l| l.starts_with('#')).all(|l| {
                    l.split_once(" = ").is_some_and(|(k, _)| {
                        k[1..]
                            .trim()
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c == '_')
                    })
                }));
                assert_eq!(preamble["seed"], p.seed.to_string());
                assert_eq!(preamble["preset"], p.preset.as_str());
                assert_eq!(
                    preamble["calibrator_version"],
                    p.calibrator_version.as_str()
                );
                assert_eq!(preamble["config_hash"], format!("{:#018x}", p.config_hash));
                let crc = u32::from_le_bytes(*bytes.last_chunk::<4>().unwrap());
                assert_eq!(preamble["crc"], format!("{crc:#010x}"));
                assert_eq!(csv.contains("NOT A CALIBRATION"), table.is_defaults_only());

                let mut lines = csv.lines().filter(|l| !l.starts_with('#'));
                let header: Vec<&str> = lines.next().unwrap().split(',').collect();
                let names: Vec<&str> = columns(&grid).iter().map(|c| c.0).collect();
                assert_eq!(header, names);
                let mut unique = header.clone();
                unique.sort_unstable();
                unique.dedup();
                assert_eq!(
                    unique.len(),
                    header.len(),
                    "duplicate CSV columns {header:?}"
                );
                let rows: Vec<&str> = lines.collect();
                assert_eq!(rows.len(), grid.points.len());
                for (row, pt) in rows.iter().zip(&grid.points) {
                    let cols: Vec<f32> = row.split(',').map(|c| c.parse().unwrap()).collect();
                    assert_eq!(cols[1..], [pt.pressure, pt.velocity, pt.beta, pt.mu]);
                }

                let json: serde_json::Value =
                    serde_json::from_str(&to_json(&grid, &prov).unwrap()).unwrap();
                let jp = &json["provenance"];
                assert_eq!(jp["seed"].as_u64(), Some(p.seed));
                assert_eq!(jp["preset"], p.preset.as_str());
                assert_eq!(jp["config_hash"], format!("{:#018x}", p.config_hash));
                assert_eq!(jp["crc"], format!("{crc:#010x}"));
                assert_eq!(jp["calibrator_version"], p.calibrator_version.as_str());
                // One set of names: the columns, the units map, every point's keys.
                let jcols: Vec<&str> = json["columns"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap())
                    .collect();
                assert_eq!(jcols, names);
                assert_eq!(json["level_kind"], names[0]);
                let unit_keys: Vec<&String> = json["units"].as_object().unwrap().keys().collect();
                assert_eq!(unit_keys.len(), 5);
                let pts = json["points"].as_array().unwrap();
                assert_eq!(pts.len(), grid.points.len());
                for (j, pt) in pts.iter().zip(&grid.points) {
                    let keys: Vec<&String> = j.as_object().unwrap().keys().collect();
                    assert_eq!(keys, unit_keys);
                    assert_eq!(j["mu"].as_f64().unwrap() as f32, pt.mu);
                    assert_eq!(j["pressure_pa"].as_f64().unwrap() as f32, pt.pressure);
                }
            }
        }
    }

    /// The `--betas` CSV read by Python's `csv` module the documented way: unique header,
    /// every row complete, the preamble as key = value. Skipped (with a message) without
    /// python3; `.ci/run`'s machine has it.
    #[test]
    fn the_betas_csv_loads_in_pythons_csv_module_with_unique_headers() {
        let (name, table, bytes) = table_bytes().remove(1);
        let grid = grids(&table).remove(0);
        assert!(matches!(grid.levels[0], Level::Beta(_)));
        let csv = to_csv(&grid, &provenance(name, &table, &bytes, &grid));
        let dir = std::env::temp_dir().join(format!("tribo-export-csv-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("betas.csv");
        std::fs::write(&path, &csv).unwrap();
        let script = r#"
import csv, sys
path = sys.argv[1]
with open(path) as f:
    reader = csv.DictReader(line for line in f if not line.startswith('#'))
    rows = list(reader)
    header = reader.fieldnames
assert len(header) == len(set(header)), header
assert header[0] == 'beta_level' and 'beta' in header, header
assert all(len(r) == len(header) and None not in r.values() for r in rows)
with open(path) as f:
    pre = dict((k.strip(), v.strip()) for k, v in (l[1:].split('=', 1) for l in f if l.startswith('#')))
for key in ('seed', 'preset', 'config_hash', 'crc', 'calibrator_version'):
    assert key in pre, key
print(len(rows), ','.join(header))
"#;
        let out = std::process::Command::new("python3")
            .arg("-c")
            .arg(script)
            .arg(&path)
            .output();
        let _ = std::fs::remove_dir_all(&dir);
        match out {
            Ok(o) => {
                let stdout = String::from_utf8_lossy(&o.stdout);
                assert!(
                    o.status.success(),
                    "python3: {}{}",
                    stdout,
                    String::from_utf8_lossy(&o.stderr)
                );
                assert_eq!(
                    stdout.trim(),
                    format!(
                        "{} beta_level,pressure_pa,slip_rate_m_per_s,beta,mu",
                        grid.points.len()
                    )
                );
            }
            Err(e) => crate::errln!("python3 not found ({e}): the csv-module check is skipped"),
        }
    }
}
