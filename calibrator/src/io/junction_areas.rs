//! Junction-area files of `tribo asperity --junctions FILE` (see
//! [`crate::asperity::population`] for the model): one column `area_m2` \[m²\] (a header is
//! optional), read under the one table policy of [`super::delimited`].

use std::path::Path;

use super::delimited::{TextTable, TextTableError};

/// Why a CSV population cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum PopulationError {
    /// The file cannot be read.
    #[error("cannot read junction file {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// A cell is not a valid area.
    #[error("line {line}, column {column} ({name}): {message}")]
    Cell {
        /// 1-based line number.
        line: usize,
        /// 1-based column number.
        column: usize,
        /// Column name (or `area_m2`).
        name: String,
        /// What is wrong.
        message: String,
    },
    /// The header has no `area_m2` column.
    #[error("line {line}: header has no 'area_m2' column (found: {found})")]
    NoAreaColumn {
        /// 1-based line number of the header.
        line: usize,
        /// The header's columns.
        found: String,
    },
    /// No junction in the file.
    #[error("no junction areas found")]
    Empty,
    /// Generator parameters out of domain.
    #[error("population generator parameter '{0}' must be finite and positive")]
    BadGenerator(&'static str),
    /// The text is no table (see [`super::delimited`]).
    #[error(transparent)]
    Table(#[from] TextTableError),
}

/// Parses the CSV text of a population (see the module documentation).
///
/// # Errors
/// [`PopulationError::Table`], [`PopulationError::NoAreaColumn`], [`PopulationError::Cell`]
/// (not a finite positive number), [`PopulationError::Empty`].
pub fn parse_csv(text: &str) -> Result<Vec<f64>, PopulationError> {
    let mut column: Option<usize> = None;
    let mut name = String::from("area_m2");
    let mut areas = Vec::new();
    let table = TextTable::parse(text, "junction areas")?;
    for record in &table.records {
        let line_no = record.line;
        let cells: Vec<&str> = record.cells.iter().map(String::as_str).collect();
        let col = match column {
            Some(c) => c,
            None => {
                if cells[0].parse::<f64>().is_ok() {
                    column = Some(0);
                    0
                } else {
                    let c = cells.iter().position(|c| *c == "area_m2").ok_or_else(|| {
                        PopulationError::NoAreaColumn {
                            line: line_no,
                            found: cells.join(", "),
                        }
                    })?;
                    name = cells[c].to_owned();
                    column = Some(c);
                    continue;
                }
            }
        };
        let cell_err = |message: String| PopulationError::Cell {
            line: line_no,
            column: col + 1,
            name: name.clone(),
            message,
        };
        let cell = cells
            .get(col)
            .ok_or_else(|| cell_err(format!("missing (the line has {} cells)", cells.len())))?;
        let a: f64 = cell
            .parse()
            .map_err(|_| cell_err(format!("'{cell}' is not a number")))?;
        if !(a.is_finite() && a > 0.0) {
            return Err(cell_err(format!(
                "area {a} must be finite and positive (m²)"
            )));
        }
        areas.push(a);
    }
    if areas.is_empty() {
        return Err(PopulationError::Empty);
    }
    Ok(areas)
}

/// Reads a population CSV file.
///
/// # Errors
/// [`PopulationError::Io`] naming the file, or any error of [`parse_csv`].
pub fn read_csv(path: &Path) -> Result<Vec<f64>, PopulationError> {
    let text = std::fs::read_to_string(path).map_err(|source| PopulationError::Io {
        path: path.display().to_string(),
        source,
    })?;
    parse_csv(&text)
}
