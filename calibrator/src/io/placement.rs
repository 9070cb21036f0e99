//! The flake placement file of `tribo dem --placement FILE`: a CSV table with a header naming
//! the columns, read under the one table policy of [`super::delimited`] (BOM, `#` comments,
//! one delimiter per file). This module reads the rows; [`crate::dem::placement::read_csv`]
//! places each flake against the surfaces.
//!
//! Columns (any order, case-insensitive): `x,y` \[m\] required; `z` \[m\] optional (absent:
//! the flake rests on h_Def); `qw,qx,qy,qz` optional, all four or none (absent: flat);
//! `vx,vy,vz` \[m/s\] optional.
//!
//! **Units (issue 32).** A header cell may declare its column's unit in brackets: `x [um]`,
//! `y [um]`, `z [nm]`, `vx [mm/s]`. Positions take `m`, `mm`, `um` (or `µm`) and `nm`;
//! velocities `m/s`, `mm/s`, `um/s`; the quaternion no unit. Without a bracket a column is SI
//! (metres, m/s). The rows are returned in SI. A file written in µm without its `[um]` is then
//! caught by the domain check of [`crate::dem::placement::read_csv`] (a centre outside the
//! surfaces' periodic domain is refused with its file and line, never wrapped into it).

use std::path::{Path, PathBuf};

use super::delimited::TextTable;
use super::flake_file::FlakeFileError;

/// Smallest squared norm of a given orientation quaternion: below it the rotation is
/// undefined (a zero quaternion was silently read as the identity).
const MIN_QUATERNION_NORM2: f64 = 1e-12;

/// The column name (lower case, without its unit) and the divisor that takes a header cell's
/// unit to SI (module docs: units; a divisor, so `20` in `[um]` is the same f64 as `20e-6` in
/// metres: both the correctly rounded 20·10⁻⁶); `None` for a unit the column cannot take.
fn column_unit(cell: &str) -> Option<(String, f64)> {
    let cell = cell.to_lowercase();
    let Some((name, rest)) = cell.split_once('[') else {
        return Some((cell.trim().to_owned(), 1.0));
    };
    let name = name.trim().to_owned();
    let unit = rest.strip_suffix(']')?.trim();
    let per_si = match (name.as_str(), unit) {
        ("x" | "y" | "z", "m") | ("vx" | "vy" | "vz", "m/s") => 1.0,
        ("x" | "y" | "z", "mm") | ("vx" | "vy" | "vz", "mm/s") => 1e3,
        ("x" | "y" | "z", "um" | "µm") | ("vx" | "vy" | "vz", "um/s" | "µm/s") => 1e6,
        ("x" | "y" | "z", "nm") => 1e9,
        _ => return None,
    };
    Some((name, per_si))
}

/// One flake of the file as written: nothing is checked against the surfaces yet.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacementRow {
    /// 1-based line in the file.
    pub line: usize,
    /// Centre x \[m\] (SI: the header's unit applied).
    pub x: f64,
    /// Centre y \[m\].
    pub y: f64,
    /// Centre height \[m\], if the file gives it.
    pub z: Option<f64>,
    /// Orientation (w, x, y, z), not normalised but of non-zero norm, if the file gives it.
    pub orientation: Option<[f64; 4]>,
    /// Velocity components \[m/s\] the file gives (a missing column is `None`).
    pub velocity: [Option<f64>; 3],
}

/// A placement file read and its header understood; [`PlacementFile::rows`] reads the flakes.
#[derive(Clone, Debug)]
pub struct PlacementFile {
    path: PathBuf,
    table: TextTable,
    names: Vec<String>,
    /// Divisor to SI of each column (its header unit; 1 without one).
    scales: Vec<f64>,
    cx: usize,
    cy: usize,
    cz: Option<usize>,
    cq: [Option<usize>; 4],
    cv: [Option<usize>; 3],
}

impl PlacementFile {
    /// Reads the file at `path` and its header.
    ///
    /// # Errors
    /// [`FlakeFileError::Read`] (the text is no table), [`FlakeFileError::Empty`],
    /// [`FlakeFileError::Header`] (no `x` or `y` column).
    pub fn read(path: &Path) -> Result<Self, FlakeFileError> {
        let file = || path.to_path_buf();
        let table = TextTable::read(path).map_err(|source| FlakeFileError::Read {
            path: file(),
            source: Box::new(source),
        })?;
        let Some(header) = table.records.first() else {
            return Err(FlakeFileError::Empty { path: file() });
        };
        let mut names = Vec::with_capacity(header.cells.len());
        let mut scales = Vec::with_capacity(header.cells.len());
        for cell in &header.cells {
            let (name, scale) = column_unit(cell).ok_or_else(|| FlakeFileError::Unit {
                path: file(),
                line: header.line,
                column: cell.clone(),
                unit: cell
                    .split_once('[')
                    .map_or("", |(_, u)| u.trim_end_matches(']').trim())
                    .to_owned(),
            })?;
            names.push(name);
            scales.push(scale);
        }
        let col = |n: &str| names.iter().position(|c| c == n);
        let (Some(cx), Some(cy)) = (col("x"), col("y")) else {
            return Err(FlakeFileError::Header { path: file() });
        };
        let cz = col("z");
        let cq = [col("qw"), col("qx"), col("qy"), col("qz")];
        let cv = [col("vx"), col("vy"), col("vz")];
        Ok(Self {
            path: file(),
            table,
            names,
            scales,
            cx,
            cy,
            cz,
            cq,
            cv,
        })
    }

    /// The flakes in file order, each read when the iterator reaches it (so an error names
    /// the first faulty line, after the caller's checks of the lines before it).
    ///
    /// # Errors
    /// Each item: [`FlakeFileError::Cell`] (a cell is no number),
    /// [`FlakeFileError::Missing`] (a used column is missing or not finite),
    /// [`FlakeFileError::ZeroQuaternion`].
    pub fn rows(&self) -> impl Iterator<Item = Result<PlacementRow, FlakeFileError>> + '_ {
        self.table.records.iter().skip(1).map(|row| self.row(row))
    }

    fn row(&self, row: &super::delimited::Record) -> Result<PlacementRow, FlakeFileError> {
        let line = row.line;
        let vals: Vec<f64> = (0..row.cells.len())
            .map(|c| {
                let name = self.names.get(c).map_or("extra column", String::as_str);
                let per_si = self.scales.get(c).copied().unwrap_or(1.0);
                self.table.number(row, c, name).map(|v| v / per_si)
            })
            .collect::<Result<_, _>>()
            .map_err(|e| FlakeFileError::Cell(Box::new(e)))?;
        let get = |c: usize| {
            vals.get(c)
                .copied()
                .filter(|v| v.is_finite())
                .ok_or_else(|| FlakeFileError::Missing {
                    path: self.path.clone(),
                    line,
                    column: c + 1,
                })
        };
        let (x, y) = (get(self.cx)?, get(self.cy)?);
        let orientation = match self.cq {
            [Some(w), Some(qx), Some(qy), Some(qz)] => {
                let q = [get(w)?, get(qx)?, get(qy)?, get(qz)?];
                let norm2: f64 = q.iter().map(|c| c * c).sum();
                if !(norm2.is_finite() && norm2 > MIN_QUATERNION_NORM2) {
                    return Err(FlakeFileError::ZeroQuaternion {
                        path: self.path.clone(),
                        line,
                    });
                }
                Some(q)
            }
            _ => None,
        };
        let z = self.cz.map(get).transpose()?;
        let mut velocity = [None; 3];
        for (v, c) in velocity.iter_mut().zip(self.cv) {
            *v = c.map(get).transpose()?;
        }
        Ok(PlacementRow {
            line,
            x,
            y,
            z,
            orientation,
            velocity,
        })
    }

    /// The file, for messages.
    pub fn path(&self) -> &Path {
        &self.path
    }
}
