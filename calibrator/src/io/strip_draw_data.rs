//! The measured strip-draw data of `tribo fit strip-draw --data FILE`.
//!
//! **Format.** Plain CSV, comma-separated. Empty lines and lines starting with `#` are
//! ignored. The first other line is the header naming the columns, in any order
//! (case-insensitive):
//!
//! | column           | accepted names (unit from the suffix)              | required |
//! |------------------|----------------------------------------------------|----------|
//! | tool length      | `tool_length_m`, `tool_length_mm`, `tool_length_um` (also `tool_…`) | yes |
//! | tool pressure P_N| `pressure_pa`, `pressure_kpa`, `pressure_mpa`, `pressure_gpa` (also `p_n_…`, `pn_…`, `p_…`) | yes |
//! | steady μ̄         | `mu_bar`, `mu`                                     | yes      |
//! | pass number      | `pass`                                             | no (1)   |
//!
//! The unit is the name's suffix: SI (`_m`, `_pa`) or any of the listed ones; the older
//! mm/MPa files (`tool_length_mm,pressure_MPa`) are read as their header says. A name
//! without a unit (`tool_length`, `pressure`) is refused: a bare number's unit is a guess.
//!
//! μ̄ is the steady friction coefficient of one tool, F_S/F_N (seed 000 Eq. 28; for the
//! two-tool test of Fig. 1a, F_pull/(2F_N), Eq. 1). The pass number counts passes over the
//! same uncleaned sheet (Fig. 2b): 1 for a fresh sheet.
//!
//! ```text
//! # AA5182-O EDT, V0 = 0.08 m/s
//! tool_length_m,pressure_pa,mu_bar,pass
//! 0.035,10e6,0.121,1
//! 0.035,10e6,0.104,2
//! ```

use thiserror::Error;

/// Largest accepted pass number (each pass is a full strip-draw run).
pub const MAX_PASS: usize = 20;

/// One measured point (SI units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    /// Tool length \[m\].
    pub tool_length: f64,
    /// Tool pressure P_N \[Pa\].
    pub pressure: f64,
    /// Measured steady μ̄ \[-\].
    pub mu_bar: f64,
    /// Pass number (1 = fresh sheet).
    pub pass: usize,
    /// Line of the file it came from (1-based).
    pub line: usize,
}

/// What is wrong with a data file (line and column 1-based).
#[derive(Debug, Error, PartialEq)]
pub enum DataError {
    /// No header line.
    #[error("no header line (expected e.g. `tool_length_m,pressure_pa,mu_bar,pass`)")]
    NoHeader,
    /// A header name that is not a known column.
    #[error(
        "line {line}, column {column}: unknown column '{name}' (known: tool_length_<m|mm|um>, \
         pressure_<pa|kpa|mpa|gpa>, mu_bar, pass)"
    )]
    UnknownColumn {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The name.
        name: String,
    },
    /// A column named twice.
    #[error("line {line}, column {column}: column '{name}' appears twice")]
    DuplicateColumn {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The name.
        name: String,
    },
    /// A required column is missing.
    #[error("the header on line {line} has no {what} column ({names})")]
    MissingColumn {
        /// Line.
        line: usize,
        /// Which quantity.
        what: &'static str,
        /// Accepted names.
        names: &'static str,
    },
    /// Wrong number of fields.
    #[error("line {line}: {got} fields, the header has {want}")]
    FieldCount {
        /// Line.
        line: usize,
        /// Fields found.
        got: usize,
        /// Fields expected.
        want: usize,
    },
    /// A field that is not a number.
    #[error("line {line}, column {column} ({name}): '{text}' is not a number")]
    NotANumber {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// Column name.
        name: String,
        /// The text.
        text: String,
    },
    /// A number outside its physical range.
    #[error("line {line}, column {column} ({name}): {value} {why}")]
    OutOfRange {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// Column name.
        name: String,
        /// The value.
        value: f64,
        /// What is required.
        why: &'static str,
    },
    /// No data rows.
    #[error("no data rows after the header")]
    NoData,
}

#[derive(Clone, Copy, PartialEq)]
enum Col {
    Tool,
    Pressure,
    Mu,
    Pass,
}

/// The column a header name denotes and the factor from its unit to SI.
fn column_kind(name: &str) -> Option<(Col, f64)> {
    let name = name.trim().to_ascii_lowercase();
    match name.as_str() {
        "mu_bar" | "mu" => return Some((Col::Mu, 1.0)),
        "pass" => return Some((Col::Pass, 1.0)),
        _ => {}
    }
    let (quantity, unit) = name.rsplit_once('_')?;
    match quantity {
        "tool_length" | "tool" => {
            let scale = match unit {
                "m" => 1.0,
                "mm" => 1e-3,
                "um" | "µm" => 1e-6,
                _ => return None,
            };
            Some((Col::Tool, scale))
        }
        "pressure" | "p_n" | "pn" | "p" => {
            let scale = match unit {
                "pa" => 1.0,
                "kpa" => 1e3,
                "mpa" => 1e6,
                "gpa" => 1e9,
                _ => return None,
            };
            Some((Col::Pressure, scale))
        }
        _ => None,
    }
}

/// Largest tool length accepted \[m\].
const MAX_TOOL_LENGTH: f64 = 1.0;
/// Largest tool pressure accepted \[Pa\] (far above any strip-draw test).
const MAX_PRESSURE: f64 = 1e9;

/// Parses the data `text` (see the module docs for the format).
///
/// # Errors
///
/// [`DataError::NoHeader`]; [`DataError::UnknownColumn`], [`DataError::DuplicateColumn`] or
/// [`DataError::MissingColumn`] for a header that is not the format's; [`DataError::FieldCount`]
/// for a row of another width; [`DataError::NotANumber`]; [`DataError::OutOfRange`] for a tool
/// length or pressure not in (0, max\], a μ̄ outside \[0, 2\] or a pass that is not a whole number
/// from 1 to 20; [`DataError::NoData`] for no row.
pub fn parse(text: &str) -> Result<Vec<Measurement>, DataError> {
    let text = crate::io::text::strip_bom(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let (header_line, header) = lines.next().ok_or(DataError::NoHeader)?;
    let names: Vec<String> = header.split(',').map(|s| s.trim().to_owned()).collect();
    let mut kinds = Vec::with_capacity(names.len());
    let mut scales = Vec::with_capacity(names.len());
    for (k, name) in names.iter().enumerate() {
        let (kind, scale) = column_kind(name).ok_or_else(|| DataError::UnknownColumn {
            line: header_line,
            column: k + 1,
            name: name.clone(),
        })?;
        scales.push(scale);
        if kinds.contains(&kind) {
            return Err(DataError::DuplicateColumn {
                line: header_line,
                column: k + 1,
                name: name.clone(),
            });
        }
        kinds.push(kind);
    }
    for (kind, what, accepted) in [
        (Col::Tool, "tool length", "tool_length_m"),
        (Col::Pressure, "pressure", "pressure_pa"),
        (Col::Mu, "friction coefficient", "mu_bar"),
    ] {
        if !kinds.contains(&kind) {
            return Err(DataError::MissingColumn {
                line: header_line,
                what,
                names: accepted,
            });
        }
    }
    let mut out = Vec::new();
    for (line, row) in lines {
        let fields: Vec<&str> = row.split(',').map(str::trim).collect();
        if fields.len() != kinds.len() {
            return Err(DataError::FieldCount {
                line,
                got: fields.len(),
                want: kinds.len(),
            });
        }
        let mut m = Measurement {
            tool_length: f64::NAN,
            pressure: f64::NAN,
            mu_bar: f64::NAN,
            pass: 1,
            line,
        };
        for (k, (&kind, text)) in kinds.iter().zip(&fields).enumerate() {
            let name = || names[k].clone();
            let value: f64 = text.parse().map_err(|_| DataError::NotANumber {
                line,
                column: k + 1,
                name: name(),
                text: (*text).to_owned(),
            })?;
            let value = value * scales[k];
            let bad = |why| DataError::OutOfRange {
                line,
                column: k + 1,
                name: name(),
                value,
                why,
            };
            match kind {
                Col::Tool => {
                    if !(value.is_finite() && value > 0.0 && value <= MAX_TOOL_LENGTH) {
                        return Err(bad(
                            "m (converted from the column's unit) must be a tool length in (0, 1] m",
                        ));
                    }
                    m.tool_length = value;
                }
                Col::Pressure => {
                    if !(value.is_finite() && value > 0.0 && value <= MAX_PRESSURE) {
                        return Err(bad(
                            "Pa (converted from the column's unit) must be a pressure in (0, 1 GPa]",
                        ));
                    }
                    m.pressure = value;
                }
                Col::Mu => {
                    if !(value.is_finite() && (0.0..=2.0).contains(&value)) {
                        return Err(bad("must be a friction coefficient in [0, 2]"));
                    }
                    m.mu_bar = value;
                }
                Col::Pass => {
                    if !(value.fract() == 0.0 && (1.0..=MAX_PASS as f64).contains(&value)) {
                        return Err(bad("must be a whole pass number from 1 to 20"));
                    }
                    m.pass = value as usize;
                }
            }
        }
        out.push(m);
    }
    if out.is_empty() {
        return Err(DataError::NoData);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_units_any_column_order_comments_and_default_pass() {
        let text =
            "# comment\n\nmu_bar, Tool_Length_mm ,pressure_MPa\n0.12,35,10\n\n0.10,70,20.5\n";
        let d = parse(text).unwrap();
        assert_eq!(d.len(), 2);
        assert_eq!(d[0].tool_length, 0.035);
        assert_eq!(d[0].pressure, 10.0e6);
        assert_eq!((d[0].mu_bar, d[0].pass, d[0].line), (0.12, 1, 4));
        assert_eq!((d[1].pressure, d[1].line), (20.5e6, 6));
        let d = parse("tool_mm,p_mpa,mu,pass\n35,10,0.1,3\n").unwrap();
        assert_eq!(d[0].pass, 3);
    }

    #[test]
    fn si_and_unit_suffixed_columns_give_the_same_measurements() {
        let old = parse("tool_length_mm,pressure_MPa,mu_bar\n35,10,0.12\n").unwrap();
        let si = parse("tool_length_m,pressure_pa,mu_bar\n0.035,10e6,0.12\n").unwrap();
        let mixed = parse("tool_length_um,pressure_kPa,mu_bar\n35000,10000,0.12\n").unwrap();
        // Unit scalings by powers of ten differ from the mm/MPa route by f64 rounding only.
        const UNIT_REL: f64 = 1e-15;
        for d in [&si, &mixed] {
            assert!((d[0].tool_length / old[0].tool_length - 1.0).abs() < UNIT_REL);
            assert!((d[0].pressure / old[0].pressure - 1.0).abs() < UNIT_REL);
        }
        // A name without its unit is refused (a bare number's unit would be a guess).
        let e = parse("tool_length,pressure_pa,mu_bar\n0.035,1e7,0.1\n").unwrap_err();
        assert!(
            e.to_string().contains("unknown column 'tool_length'"),
            "{e}"
        );
        // An SI file with a value in the old unit is out of range, not silently 1000× off.
        let e = parse("tool_length_m,pressure_pa,mu_bar\n35,1e7,0.1\n").unwrap_err();
        assert!(e.to_string().contains("must be a tool length"), "{e}");
    }

    #[test]
    fn malformed_files_name_the_line_and_column() {
        let head = "tool_length_mm,pressure_MPa,mu_bar,pass\n";
        let cases: [(&str, &str); 9] = [
            ("", "no header"),
            (
                "tool_length_mm,pressure,mu_bar\n",
                "line 1, column 2: unknown column 'pressure'",
            ),
            (
                "tool_mm,tool_length_mm,mu_bar\n",
                "line 1, column 2: column 'tool_length_mm' appears twice",
            ),
            ("tool_length_mm,mu_bar\n35,0.1\n", "no pressure column"),
            ("35,10,0.1,1\n35,10\n", "line 3: 2 fields, the header has 4"),
            (
                "35,abc,0.1,1\n",
                "line 2, column 2 (pressure_MPa): 'abc' is not a number",
            ),
            (
                "35,10,-0.1,1\n",
                "line 2, column 3 (mu_bar): -0.1 must be a friction",
            ),
            (
                "35,10,0.1,1.5\n",
                "line 2, column 4 (pass): 1.5 must be a whole pass",
            ),
            (
                "0,10,0.1,1\n",
                "line 2, column 1 (tool_length_mm): 0 m (converted from the column's unit) must be a tool length",
            ),
        ];
        for (i, (body, want)) in cases.iter().enumerate() {
            let text = if i >= 4 {
                format!("{head}{body}")
            } else {
                (*body).to_owned()
            };
            let msg = parse(&text).unwrap_err().to_string();
            assert!(msg.contains(want), "case {i}: '{msg}' lacks '{want}'");
        }
        assert_eq!(parse(head).unwrap_err(), DataError::NoData);
        assert!(parse(&format!("{head}35,nan,0.1,1\n")).is_err());
    }
}
