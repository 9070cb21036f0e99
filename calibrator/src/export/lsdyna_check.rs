//! Syntax check of the LS-DYNA output against the keyword manual's card grammar (module docs
//! of `lsdyna.rs`), the round trip of μ through the printed cards, and proofs that the check
//! rejects broken decks.

use super::*;
use crate::export::Level;
use crate::export::grid::beta_after_draw;
use crate::export::test_support::provenance;
use crate::export::test_support::{grids, table_bytes};

/// A `*DEFINE_TABLE` as read back: its ID, values, and its curves (ID, points).
#[derive(Debug)]
struct ParsedTable {
    tbid: u32,
    values: Vec<f64>,
    curves: Vec<(u32, Vec<(f64, f64)>)>,
}

/// Columns `[start, start + width)` of a card (cards are ASCII, checked by the caller).
fn field(card: &str, start: usize, width: usize) -> &str {
    let end = (start + width).min(card.len());
    card.get(start.min(end)..end).unwrap_or("")
}

/// An integer field (I format): right-justified digits, no decimal point.
fn int_field(card: &str, start: usize, width: usize) -> Result<i64, String> {
    let f = field(card, start, width).trim();
    if f.contains(['.', 'e', 'E']) {
        return Err(format!("integer field {f:?} in {card:?}"));
    }
    f.parse().map_err(|_| {
        format!(
            "columns {start}..{}: {f:?} is not an integer in {card:?}",
            start + width
        )
    })
}

/// A real field (F/E format), not empty.
fn real_field(card: &str, start: usize, width: usize) -> Result<f64, String> {
    let f = field(card, start, width).trim();
    f.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| {
            format!(
                "columns {start}..{}: {f:?} is not a real in {card:?}",
                start + width
            )
        })
}

/// Parses and checks a keyword deck: `*KEYWORD` first, `*END` last, `$` comments, ≤ 80
/// columns, only `*DEFINE_TABLE` and `*DEFINE_CURVE` between, card widths, strictly
/// increasing table values and curve abscissas, each table followed by exactly one curve
/// per value with consecutive IDs, IDs unique.
fn parse_keyword(text: &str) -> Result<Vec<ParsedTable>, String> {
    let mut blocks: Vec<(String, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        if !line.is_ascii() {
            return Err(format!("non-ASCII line {line:?}"));
        }
        if line.len() > MAX_COLUMNS {
            return Err(format!("line longer than {MAX_COLUMNS} columns: {line:?}"));
        }
        if line.starts_with('$') {
            continue;
        }
        if let Some(kw) = line.strip_prefix('*') {
            blocks.push((kw.trim().to_ascii_uppercase(), Vec::new()));
        } else if let Some((_, cards)) = blocks.last_mut() {
            cards.push(line);
        } else {
            return Err(format!("card before the first keyword: {line:?}"));
        }
    }
    let names: Vec<&str> = blocks.iter().map(|(k, _)| k.as_str()).collect();
    if names.first() != Some(&"KEYWORD") || names.last() != Some(&"END") {
        return Err("the deck must open with *KEYWORD and close with *END".into());
    }
    let mut tables: Vec<ParsedTable> = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    for (kw, cards) in &blocks[1..blocks.len() - 1] {
        let (first, rest) = cards.split_first().ok_or(format!("*{kw} without cards"))?;
        match kw.as_str() {
            "DEFINE_TABLE" => {
                if first.len() > 30 {
                    return Err(format!(
                        "*DEFINE_TABLE card 1 has more than 3 fields: {first:?}"
                    ));
                }
                let tbid = int_field(first, 0, 10)?;
                real_field(first, 10, 10)?;
                real_field(first, 20, 10)?;
                let mut values = Vec::new();
                for card in rest {
                    if card.len() > 20 {
                        return Err(format!("VALUE card wider than 20 columns: {card:?}"));
                    }
                    values.push(real_field(card, 0, 20)?);
                }
                if values.is_empty() || values.windows(2).any(|w| w[1] <= w[0]) {
                    return Err(format!("table {tbid}: values missing or not increasing"));
                }
                if let Some(t) = tables.last()
                    && t.curves.len() != t.values.len()
                {
                    return Err(format!(
                        "table {} has {} curves for {} values",
                        t.tbid,
                        t.curves.len(),
                        t.values.len()
                    ));
                }
                let tbid = u32::try_from(tbid).map_err(|e| e.to_string())?;
                if !ids.insert(tbid) {
                    return Err(format!("ID {tbid} used twice"));
                }
                tables.push(ParsedTable {
                    tbid,
                    values,
                    curves: Vec::new(),
                });
            }
            "DEFINE_CURVE" => {
                if first.len() > 70 {
                    return Err(format!(
                        "*DEFINE_CURVE card 1 has more than 7 fields: {first:?}"
                    ));
                }
                let lcid = u32::try_from(int_field(first, 0, 10)?).map_err(|e| e.to_string())?;
                int_field(first, 10, 10)?;
                for k in 2..6 {
                    real_field(first, 10 * k, 10)?;
                }
                int_field(first, 60, 10)?;
                let table = tables.last_mut().ok_or("a curve before any table")?;
                let expected = table.tbid + table.curves.len() as u32 + 1;
                if lcid != expected || table.curves.len() == table.values.len() {
                    return Err(format!(
                        "curve {lcid} out of sequence after table {} (expected {expected})",
                        table.tbid
                    ));
                }
                if !ids.insert(lcid) {
                    return Err(format!("ID {lcid} used twice"));
                }
                let mut points = Vec::new();
                for card in rest {
                    if card.len() > 40 {
                        return Err(format!("point card wider than 2 × 20 columns: {card:?}"));
                    }
                    points.push((real_field(card, 0, 20)?, real_field(card, 20, 20)?));
                }
                if points.len() < 2 || points.windows(2).any(|w| w[1].0 <= w[0].0) {
                    return Err(format!(
                        "curve {lcid}: fewer than 2 points or abscissas not increasing"
                    ));
                }
                table.curves.push((lcid, points));
            }
            other => return Err(format!("unexpected keyword *{other}")),
        }
    }
    match tables
        .last()
        .map(|t| (t.tbid, t.curves.len() == t.values.len()))
    {
        Some((_, true)) => Ok(tables),
        Some((tbid, false)) => Err(format!("table {tbid} is missing curves")),
        None => Err("no *DEFINE_TABLE".into()),
    }
}

#[test]
fn keyword_decks_pass_the_syntax_check_and_round_trip_mu_exactly() {
    for (name, table, bytes) in table_bytes() {
        let law = table.friction_law().unwrap();
        for grid in grids(&table) {
            let header = provenance(name, &table, &bytes, &grid);
            for units in [Units::Si, Units::MmS, Units::MmMs] {
                let text = to_keyword(&grid, &header, units, 7001).unwrap();
                let parsed = parse_keyword(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
                assert_eq!(parsed.len(), grid.levels.len());
                let mut checked = 0;
                for (l, t) in parsed.iter().enumerate() {
                    assert_eq!(t.tbid, 7001 + l as u32 * (grid.pressures.len() as u32 + 1));
                    for (k, (value, (_, points))) in t.values.iter().zip(&t.curves).enumerate() {
                        let p = (value / units.pressure()) as f32;
                        assert_eq!(p, grid.pressures[k], "pressure read back");
                        for (j, &(a, o)) in points.iter().enumerate() {
                            let v = (a / units.velocity()) as f32;
                            assert_eq!(v, grid.velocities[j], "velocity read back");
                            let beta = match grid.levels[l] {
                                Level::Beta(b) => b,
                                Level::DrawLength(len) => {
                                    let tp = crate::export::grid::point_transport(&table);
                                    beta_after_draw(&law, &tp, p, v, len)
                                }
                            };
                            // Exactly the core's μ at the grid point, as printed.
                            assert_eq!((o as f32).to_bits(), law.mu(v, beta).to_bits());
                            checked += 1;
                        }
                    }
                }
                assert_eq!(checked, grid.points.len());
            }
        }
    }
}

#[test]
fn the_check_rejects_broken_decks() {
    let (_, table, bytes) = table_bytes().remove(0);
    let grid = grids(&table).remove(0);
    let header = provenance("t.bin", &table, &bytes, &grid);
    let good = to_keyword(&grid, &header, Units::MmS, 1).unwrap();
    parse_keyword(&good).unwrap();
    let broken: Vec<(&str, String)> = vec![
        ("no *END", good.replace("*END\n", "")),
        (
            "long line",
            good.replacen(
                "*DEFINE_TABLE\n",
                &format!("*DEFINE_TABLE\n$ {}\n", "x".repeat(80)),
                1,
            ),
        ),
        (
            "curve out of order",
            good.replacen("         2         0", "         3         0", 1),
        ),
        (
            "foreign keyword",
            good.replacen("*DEFINE_CURVE", "*DEFINE_VECTOR", 1),
        ),
        (
            "real in an integer field",
            good.replacen("         2         0", "       2.0         0", 1),
        ),
    ];
    for (what, text) in broken {
        assert_ne!(text, good, "{what}: the mutation did not apply");
        assert!(parse_keyword(&text).is_err(), "{what} passed the check");
    }
    let lines: Vec<&str> = good.lines().collect();
    // A point card shifted 8 columns left: A1 and O1 straddle the 20-column fields.
    let a1 = lines.iter().position(|l| l.contains("A1")).unwrap() + 1;
    let mut shifted = lines.clone();
    shifted[a1] = &lines[a1][8..];
    assert!(parse_keyword(&(shifted.join("\n") + "\n")).is_err());
    // Decreasing pressures: swap the first two VALUE cards.
    let i = lines.iter().position(|l| l.contains("VALUE")).unwrap() + 1;
    let mut swapped = lines.clone();
    swapped.swap(i, i + 1);
    assert!(parse_keyword(&(swapped.join("\n") + "\n")).is_err());
}

/// The deck says which contacts read it and what to do for FORMING contacts, warns before
/// every point with μ < 0.01, and names the velocities outside the calibration.
#[test]
fn the_deck_explains_itself_and_warns() {
    for (name, table, bytes) in table_bytes() {
        for grid in grids(&table) {
            let prov = provenance(name, &table, &bytes, &grid);
            let text = to_keyword(&grid, &prov, Units::MmS, 1).unwrap();
            let flat = text.replace("\n$  ", " ");
            for needle in [
                "*CONTACT_SURFACE_TO_SURFACE",
                "*CONTACT_ONE_WAY_SURFACE_TO_SURFACE",
                "FS = 2.0",
                "SHLTHK = 1",
                "THKOPT = 1",
                "*CONTACT_FORMING_ONE_WAY_SURFACE_TO_SURFACE does not read them",
            ] {
                assert!(flat.contains(needle), "{needle} missing");
            }
            let low = grid.points.iter().filter(|p| p.mu < 0.01).count();
            assert_eq!(text.matches("$ WARNING mu =").count(), low);
            // Seed 000's law reaches μ = 0 at β_thres; with shear on the particle-borne area
            // μ stays at or above μ_p there.
            match &table.particle_shear {
                None => assert!(low > 0, "{name}: the test grids reach beta_thres"),
                Some(p) if p.particle_friction >= 0.01 => assert_eq!(low, 0, "{name}"),
                Some(_) => {}
            }
            // Every warning is followed (after wrapped comment lines) by a card with mu < 0.01.
            let lines: Vec<&str> = text.lines().collect();
            for (i, l) in lines.iter().enumerate() {
                if l.starts_with("$ WARNING") {
                    let card = lines[i + 1..].iter().find(|c| !c.starts_with('$')).unwrap();
                    assert!(real_field(card, 20, 20).unwrap() < 0.01, "{card}");
                }
            }
            // The filled example's alpha samples span 0.01..100 m/s: v = 0 lies outside.
            let noted = text.contains("lie outside the calibrated alpha(v) velocities");
            assert_eq!(noted, prov.calibrated_velocities.is_some(), "{name}");
        }
    }
}
