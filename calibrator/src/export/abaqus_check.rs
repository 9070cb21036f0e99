//! Syntax check of the Abaqus output against the keywords reference's grammar (module docs of
//! `abaqus.rs`), the round trip of μ through the printed rows, and proofs that the check
//! rejects broken input.

use super::*;
use crate::export::grid::{beta_after_draw, point_transport};
use crate::export::test_support::provenance;
use crate::export::test_support::{grids, table_bytes};
use crate::export::{Level, Units};

/// One data line of `*FRICTION` tabular data.
#[derive(Debug, Clone, Copy)]
struct Row {
    mu: f64,
    slip_rate: f64,
    pressure: f64,
    field: f64,
}

fn number(s: &str, line: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("{s:?} is not a number in {line:?}"))
}

/// Parses and checks: `**` comments, `*FRICTION, DEPENDENCIES=n` (n ≥ 1, the only keyword),
/// lines ≤ 256 characters, data lines of 4 + n comma-separated entries (μ, slip rate,
/// pressure, temperature which may be empty, n field variables), μ ≥ 0, slip rate ≥ 0, and the
/// order: field variable, then temperature, then pressure ascending, slip rate strictly
/// ascending within each (field, temperature, pressure) block.
fn parse_inp(text: &str) -> Result<Vec<Row>, String> {
    let mut deps: Option<usize> = None;
    let mut rows = Vec::new();
    let mut last_key: Option<(f64, f64, f64, f64)> = None;
    for line in text.lines() {
        if !line.is_ascii() {
            return Err(format!("non-ASCII line {line:?}"));
        }
        if line.len() > MAX_LINE {
            return Err(format!("line longer than {MAX_LINE}: {line:?}"));
        }
        if line.starts_with("**") || line.trim().is_empty() {
            continue;
        }
        if let Some(kw) = line.strip_prefix('*') {
            let mut parts = kw.split(',').map(str::trim);
            let name = parts.next().unwrap_or("").to_ascii_uppercase();
            if name != "FRICTION" || deps.is_some() {
                return Err(format!("unexpected keyword line {line:?}"));
            }
            for param in parts {
                let (k, v) = param
                    .split_once('=')
                    .ok_or(format!("parameter {param:?} is not NAME=VALUE"))?;
                match k.trim().to_ascii_uppercase().as_str() {
                    "DEPENDENCIES" => {
                        let n: usize = v.trim().parse().map_err(|_| format!("DEPENDENCIES={v}"))?;
                        if n == 0 {
                            return Err("DEPENDENCIES must be ≥ 1".into());
                        }
                        deps = Some(n);
                    }
                    other => return Err(format!("unexpected parameter {other}")),
                }
            }
            if deps.is_none() {
                return Err("*FRICTION without DEPENDENCIES".into());
            }
            continue;
        }
        let n = deps.ok_or(format!("data line before *FRICTION: {line:?}"))?;
        let entries: Vec<&str> = line.split(',').collect();
        if entries.len() != 4 + n {
            return Err(format!(
                "{} entries, expected {}: {line:?}",
                entries.len(),
                4 + n
            ));
        }
        let mu = number(entries[0], line)?;
        let slip_rate = number(entries[1], line)?;
        let pressure = number(entries[2], line)?;
        let temperature = if entries[3].trim().is_empty() {
            0.0
        } else {
            number(entries[3], line)?
        };
        let field = number(entries[4], line)?;
        for extra in &entries[5..] {
            number(extra, line)?;
        }
        if mu < 0.0 || slip_rate < 0.0 {
            return Err(format!("negative mu or slip rate: {line:?}"));
        }
        let key = (field, temperature, pressure, slip_rate);
        if let Some(prev) = last_key {
            let block = (prev.0, prev.1, prev.2) == (key.0, key.1, key.2);
            let ordered = if block {
                key.3 > prev.3
            } else {
                (key.0, key.1, key.2) > (prev.0, prev.1, prev.2)
            };
            if !ordered {
                return Err(format!(
                    "row out of order (field, temperature, pressure, slip rate): {line:?}"
                ));
            }
        }
        last_key = Some(key);
        rows.push(Row {
            mu,
            slip_rate,
            pressure,
            field,
        });
    }
    if deps.is_none() || rows.is_empty() {
        return Err("no *FRICTION data".into());
    }
    Ok(rows)
}

#[test]
fn inp_blocks_pass_the_syntax_check_and_round_trip_mu_exactly() {
    for (name, table, bytes) in table_bytes() {
        let law = table.friction_law().unwrap();
        let tp = point_transport(&table);
        for grid in grids(&table) {
            let header = provenance(name, &table, &bytes, &grid);
            for units in [Units::Si, Units::MmS, Units::MmMs] {
                let text = to_inp(&grid, &header, units);
                let rows = parse_inp(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
                assert_eq!(rows.len(), grid.points.len());
                let per_level = grid.pressures.len() * grid.velocities.len();
                for (i, (row, pt)) in rows.iter().zip(&grid.points).enumerate() {
                    let level = grid.levels[i / per_level];
                    // The field variable as printed (9 digits) identifies the f32 level.
                    let scale = match level {
                        Level::Beta(_) => 1.0,
                        Level::DrawLength(_) => units.length(),
                    };
                    assert_eq!((row.field / scale) as f32, level.value());
                    let p = (row.pressure / units.pressure()) as f32;
                    let v = (row.slip_rate / units.velocity()) as f32;
                    assert_eq!((p, v), (pt.pressure, pt.velocity));
                    let beta = match level {
                        Level::Beta(b) => b,
                        Level::DrawLength(_) => {
                            let len = (row.field / units.length()) as f32;
                            beta_after_draw(&law, &tp, p, v, len)
                        }
                    };
                    assert_eq!(
                        (row.mu as f32).to_bits(),
                        law.mu(v, beta).to_bits(),
                        "row {i}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_check_rejects_broken_input() {
    let (_, table, bytes) = table_bytes().remove(1);
    let grid = grids(&table).remove(0);
    let header = provenance("t.bin", &table, &bytes, &grid);
    let good = to_inp(&grid, &header, Units::MmS);
    parse_inp(&good).unwrap();
    let mut lines: Vec<String> = good.lines().map(str::to_owned).collect();
    let first = lines
        .iter()
        .position(|l| l.starts_with("*FRICTION"))
        .unwrap()
        + 1;
    type Mutation = Box<dyn Fn(&mut Vec<String>)>;
    let mutations: Vec<(&str, Mutation)> = vec![
        (
            "rows swapped",
            Box::new(move |l: &mut Vec<String>| l.swap(first, first + 1)) as Mutation,
        ),
        (
            "missing field",
            Box::new(move |l: &mut Vec<String>| {
                l[first] = l[first].rsplit_once(',').unwrap().0.to_owned()
            }) as Mutation,
        ),
        (
            "no DEPENDENCIES",
            Box::new(move |l: &mut Vec<String>| l[first - 1] = "*FRICTION".into()) as Mutation,
        ),
        (
            "comment with one star",
            Box::new(|l: &mut Vec<String>| l[0] = l[0].replacen("**", "*", 1)) as Mutation,
        ),
        (
            "line too long",
            Box::new(move |l: &mut Vec<String>| l[first].push_str(&" ".repeat(300))) as Mutation,
        ),
        (
            "text for a number",
            Box::new(move |l: &mut Vec<String>| l[first] = l[first].replacen('e', "x", 1))
                as Mutation,
        ),
    ];
    for (what, mutate) in mutations {
        let mut broken = lines.clone();
        mutate(&mut broken);
        assert!(
            parse_inp(&(broken.join("\n") + "\n")).is_err(),
            "{what} passed the check"
        );
    }
    // A second level block after the first must have a larger field variable.
    let last = lines.len() - 1;
    lines.swap(first, last);
    assert!(parse_inp(&(lines.join("\n") + "\n")).is_err());
}

/// The block says what field variable 1 is and how to set it, warns before every row with
/// μ < 0.01, and names the slip rates outside the calibration.
#[test]
fn the_block_explains_itself_and_warns() {
    for (name, table, bytes) in table_bytes() {
        for grid in grids(&table) {
            let prov = provenance(name, &table, &bytes, &grid);
            let text = to_inp(&grid, &prov, Units::MmS);
            for needle in [
                "*INITIAL CONDITIONS, TYPE=FIELD, VARIABLE=1",
                "*FIELD, VARIABLE=1",
                "UFIELD (Abaqus/Standard) or VUFIELD (Abaqus/Explicit)",
            ] {
                assert!(text.contains(needle), "{needle} missing");
            }
            let meaning = match grid.levels[0] {
                Level::DrawLength(_) => "field variable 1 = draw length [mm]: the distance",
                Level::Beta(_) => "field variable 1 = beta [-]",
            };
            assert!(text.contains(meaning), "{meaning}");
            let low = grid.points.iter().filter(|p| p.mu < 0.01).count();
            assert_eq!(text.matches("** WARNING mu =").count(), low);
            let lines: Vec<&str> = text.lines().collect();
            for (i, l) in lines.iter().enumerate() {
                if l.starts_with("** WARNING") {
                    let mu: f64 = lines[i + 1]
                        .split(',')
                        .next()
                        .unwrap()
                        .trim()
                        .parse()
                        .unwrap();
                    assert!(mu < 0.01);
                }
            }
            let noted = text.contains("lie outside the calibrated alpha(v) velocities");
            assert_eq!(noted, prov.calibrated_velocities.is_some(), "{name}");
        }
    }
}
