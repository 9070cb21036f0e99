//! The data of every figure as `<stem>.csv` next to `<stem>.svg`/`.png` (issue 33: every
//! figure of the report next to its CSV). Written when the figure is requested — also with
//! `--no-plots`, since it is data — unless the caller already wrote a `<stem>.csv` of its own.
//!
//! - A line plot: one row per point, `series, <x label>, <y label>, error_below, error_above`
//!   (the axes' labels with their units as the column names).
//! - A heat map: one row per pixel, `<x label>, <y label>, <title>` at the pixel centres.

use std::path::Path;

use super::csv::{Cell, CsvTable};
use super::error::{ReportError, Result};
use super::render::with_ext;
use super::series::Series;

/// `(label, series)` groups: the y label of each group's series (a twin-axis plot has two).
///
/// # Errors
///
/// [`ReportError::Io`] when `<stem>.csv` cannot be written (refused path, system error).
pub fn write_series(stem: &Path, x_label: &str, groups: &[(&str, &[Series])]) -> Result<()> {
    let path = with_ext(stem, "csv");
    if path.exists() {
        return Ok(());
    }
    let mut t = CsvTable::new(&["series", "axis", x_label, "y", "error_below", "error_above"]);
    for (y_label, series) in groups {
        for s in *series {
            for (k, &(x, y)) in s.points.iter().enumerate() {
                let (lo, hi) = s
                    .error
                    .as_ref()
                    .and_then(|e| e.get(k).copied())
                    .map_or((Cell::Text(""), Cell::Text("")), |(a, b)| {
                        (Cell::Num(a), Cell::Num(b))
                    });
                t.push_cells(&[
                    Cell::Text(&s.label),
                    Cell::Text(y_label),
                    Cell::Num(x),
                    Cell::Num(y),
                    lo,
                    hi,
                ]);
            }
        }
    }
    t.write(&path)
        .map_err(|e| ReportError::io("writing the figure's data", &path, e))
}

/// A heat map's pixels (row-major `values`, `nx` per row) at their centres.
///
/// # Errors
///
/// [`ReportError::Io`] when `<stem>.csv` cannot be written (refused path, system error).
#[allow(clippy::too_many_arguments)]
pub fn write_grid(
    stem: &Path,
    labels: (&str, &str, &str),
    values: &[f64],
    nx: usize,
    ny: usize,
    x_range: (f64, f64),
    y_range: (f64, f64),
) -> Result<()> {
    let path = with_ext(stem, "csv");
    if path.exists() {
        return Ok(());
    }
    let mut t = CsvTable::new(&[labels.0, labels.1, labels.2]);
    let dx = (x_range.1 - x_range.0) / nx.max(1) as f64;
    let dy = (y_range.1 - y_range.0) / ny.max(1) as f64;
    for j in 0..ny {
        for i in 0..nx {
            let v = values.get(j * nx + i).copied().unwrap_or(f64::NAN);
            t.push(&[
                x_range.0 + (i as f64 + 0.5) * dx,
                y_range.0 + (j as f64 + 0.5) * dy,
                v,
            ]);
        }
    }
    t.write(&path)
        .map_err(|e| ReportError::io("writing the figure's data", &path, e))
}
