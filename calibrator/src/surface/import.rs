//! Import of measured height maps: a plain-text matrix (whitespace-separated) or CSV (comma or
//! semicolon), one grid row per line, with the x/y spacings given by the caller (confocal
//! exports rarely carry them in a standard way).
//!
//! Line `k` of the data becomes row iy = k (y = iy·dy), column `j` becomes ix = j. Blank lines
//! and lines starting with `#` are skipped. The map is taken as one period of a periodic
//! surface; heights are multiplied by `z_scale` (e.g. 1e-6 for a file in µm). Errors name the
//! 1-based line and column of the offending cell.
//!
//! Delimiter policy: the one of every table the calibrator reads
//! ([`crate::io::delimited`], used by `contact --deformable-file`, `dem
//! --deformable-file`/`--tool-file` and `[surface] deformable_file`/`tool_file`): one delimiter per file, from its first data
//! line — `;` if it holds one, else `,`, else a tab, else runs of whitespace. Numbers use a
//! decimal point: decimal-comma cells (`1,288 -0,765`) are refused with their line and column,
//! never read as extra columns. A leading UTF-8 byte-order mark is dropped.

use std::path::Path;

use thiserror::Error;

use super::height_map::{HeightMap, SurfaceError};
use crate::io::delimited::{TextTable, TextTableError};

/// Errors reading a measured height map.
#[derive(Debug, Error, PartialEq)]
pub enum ImportError {
    /// The file could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// File path.
        path: String,
        /// OS message.
        message: String,
    },
    /// A cell is not a number.
    #[error("line {line}, column {column}: '{cell}' is not a number")]
    NotANumber {
        /// 1-based line in the file.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The text found.
        cell: String,
    },
    /// A comma-separated line whose cells hold spaces between numbers: decimal commas
    /// (`1,288 -0,765`), which would otherwise be read as more, wrong columns.
    #[error(
        "line {line}, column {column}: '{cell}' looks like decimal commas; write numbers with a \
         decimal point (cells are separated by commas, semicolons or whitespace)"
    )]
    DecimalComma {
        /// 1-based line in the file.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The text found.
        cell: String,
    },
    /// A cell is NaN or infinite.
    #[error("line {line}, column {column}: height '{cell}' is not finite")]
    NonFinite {
        /// 1-based line in the file.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The text found.
        cell: String,
    },
    /// A row has a different number of cells than the first one.
    #[error(
        "line {line}: {got} columns, but the first data row (line {first_line}) has {expected}"
    )]
    Ragged {
        /// 1-based line in the file.
        line: usize,
        /// Cells found.
        got: usize,
        /// Cells of the first row.
        expected: usize,
        /// Line of the first data row.
        first_line: usize,
    },
    /// No data rows.
    #[error("no data rows")]
    Empty,
    /// The grid is invalid (spacing, scale).
    #[error(transparent)]
    Surface(#[from] SurfaceError),
    /// The text is no table (see [`crate::io::delimited`]).
    #[error(transparent)]
    Table(#[from] TextTableError),
}

/// Parses a height map from text (see the module docs). `dx`, `dy` \[m\]; `z_scale` converts
/// the file's height unit to metres.
///
/// ```
/// use tribo_calibrator::surface::import::parse_height_map;
/// let m = parse_height_map("# µm\n0, 1, 2\n3, 4, 5\n", 1e-6, 2e-6, 1e-6)?;
/// assert_eq!((m.nx(), m.ny()), (3, 2));
/// assert!((m.at(2, 1) - 5e-6).abs() < 1e-20);
/// # Ok::<(), tribo_calibrator::surface::import::ImportError>(())
/// ```
///
/// # Errors
///
/// [`ImportError::Surface`] for a `z_scale` that is 0 or non-finite, or spacings not finite and >
/// 0; [`ImportError::Table`] for text that is no table ([`TextTable::parse`]);
/// [`ImportError::Table`] also for a comma-separated map of bare integers in pairs, ambiguous
/// with decimal commas ([`TextTable::refuse_ambiguous_decimal_comma`]);
/// [`ImportError::Ragged`] for a row of another width than the first; [`ImportError::DecimalComma`]
/// for decimal commas; [`ImportError::NotANumber`] and [`ImportError::NonFinite`] for a cell that
/// is no finite number; [`ImportError::Empty`] for no data row.
pub fn parse_height_map(
    text: &str,
    dx: f64,
    dy: f64,
    z_scale: f64,
) -> Result<HeightMap, ImportError> {
    if !(z_scale.is_finite() && z_scale != 0.0) {
        return Err(SurfaceError::Parameters(format!(
            "height scale must be finite and non-zero, got {z_scale}"
        ))
        .into());
    }
    let table = TextTable::parse(text, "height map")?;
    table.refuse_ambiguous_decimal_comma(&table.records)?;
    let mut heights = Vec::new();
    let mut first: Option<(usize, usize)> = None;
    let mut rows = 0;
    for record in &table.records {
        let line = record.line;
        let cells = &record.cells;
        match first {
            None => first = Some((line, cells.len())),
            Some((first_line, expected)) if cells.len() != expected => {
                return Err(ImportError::Ragged {
                    line,
                    got: cells.len(),
                    expected,
                    first_line,
                });
            }
            _ => {}
        }
        for (j, cell) in cells.iter().enumerate() {
            let v: f64 = cell.parse().map_err(|_| {
                let spaced = cell.split_whitespace().count() > 1;
                let cell = cell.to_string();
                if spaced {
                    ImportError::DecimalComma {
                        line,
                        column: j + 1,
                        cell,
                    }
                } else {
                    ImportError::NotANumber {
                        line,
                        column: j + 1,
                        cell,
                    }
                }
            })?;
            if !v.is_finite() {
                return Err(ImportError::NonFinite {
                    line,
                    column: j + 1,
                    cell: cell.to_string(),
                });
            }
            heights.push(v * z_scale);
        }
        rows += 1;
    }
    let (_, nx) = first.ok_or(ImportError::Empty)?;
    Ok(HeightMap::new(nx, rows, dx, dy, heights)?)
}

/// Reads a height map file (see [`parse_height_map`]).
///
/// # Errors
///
/// [`ImportError::Io`] when `path` cannot be read; otherwise those of [`parse_height_map`].
pub fn read_height_map(
    path: &Path,
    dx: f64,
    dy: f64,
    z_scale: f64,
) -> Result<HeightMap, ImportError> {
    let text = std::fs::read_to_string(path).map_err(|e| ImportError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    parse_height_map(&text, dx, dy, z_scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_whitespace_and_csv_matrices() {
        let a = parse_height_map("1 2 3\n4 5 6\n", 1.0, 1.0, 1.0).unwrap();
        let b = parse_height_map("# header\n\n1,2,3\n4,5,6\n", 1.0, 1.0, 1.0).unwrap();
        let c = parse_height_map(
            "\u{feff}1;2;3\n  # indented comment\n4; 5; 6\n",
            1.0,
            1.0,
            1.0,
        )
        .unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        // One delimiter per file: a `;` row in a comma file is one cell, refused by its line.
        assert_eq!(
            parse_height_map("1,2,3\n4;5;6\n", 1.0, 1.0, 1.0).unwrap_err(),
            ImportError::Ragged {
                line: 2,
                got: 1,
                expected: 3,
                first_line: 1
            }
        );
        assert_eq!(a.heights(), &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    }

    #[test]
    fn round_trips_a_written_map() {
        let m = HeightMap::from_fn(5, 3, 0.5, 0.25, |x, y| (x * 1.3 - y).sin() * 1e-6);
        let text: String = (0..3)
            .map(|iy| {
                (0..5)
                    .map(|ix| format!("{:e}", m.at(ix, iy) * 1e6))
                    .collect::<Vec<_>>()
                    .join("\t")
                    + "\n"
            })
            .collect();
        let back = parse_height_map(&text, 0.5, 0.25, 1e-6).unwrap();
        for (a, b) in back.heights().iter().zip(m.heights()) {
            assert!((a - b).abs() <= 1e-15 * 1e-6 * 4.0);
        }
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            parse_height_map("1 2 3\n# c\n4 5\n", 1.0, 1.0, 1.0).unwrap_err(),
            ImportError::Ragged {
                line: 3,
                got: 2,
                expected: 3,
                first_line: 1
            }
        );
        let e = parse_height_map("1,2\n3,abc\n", 1.0, 1.0, 1.0).unwrap_err();
        assert_eq!(
            e,
            ImportError::NotANumber {
                line: 2,
                column: 2,
                cell: "abc".into()
            }
        );
        assert!(e.to_string().contains("line 2, column 2"));
        assert!(matches!(
            parse_height_map("1 NaN\n2 3\n", 1.0, 1.0, 1.0).unwrap_err(),
            ImportError::NonFinite {
                line: 1,
                column: 2,
                ..
            }
        ));
        assert!(matches!(
            parse_height_map("1 inf\n", 1.0, 1.0, 1.0).unwrap_err(),
            ImportError::NonFinite { .. }
        ));
        assert_eq!(
            parse_height_map("# nothing\n", 1.0, 1.0, 1.0).unwrap_err(),
            ImportError::Empty
        );
        assert!(matches!(
            parse_height_map("1 2\n", 0.0, 1.0, 1.0).unwrap_err(),
            ImportError::Surface(SurfaceError::Spacing { .. })
        ));
        let missing =
            read_height_map(Path::new("/nonexistent/map.txt"), 1.0, 1.0, 1.0).unwrap_err();
        assert!(matches!(missing, ImportError::Io { .. }));
    }
}
