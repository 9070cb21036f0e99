//! Why a flake file (`tribo dem --placement FILE`, [`crate::dem::placement::read_csv`]) is
//! refused: one typed error, every variant naming the file and, for a row, its line
//! (issue 18: typed errors in library code).

use std::path::PathBuf;

use thiserror::Error;

use crate::io::delimited::TextTableError;

/// A flake file that cannot be placed.
#[derive(Debug, Error)]
pub enum FlakeFileError {
    /// The file could not be read as a table.
    #[error("reading flake file {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The table reader's error (boxed: it is large and rare).
        #[source]
        source: Box<TextTableError>,
    },
    /// A cell is not a number (the reader's message names the file, line and column).
    #[error(transparent)]
    Cell(Box<TextTableError>),
    /// No header line.
    #[error("flake file {} is empty", path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// The header lacks a position column.
    #[error("flake file {}: header needs columns x and y", path.display())]
    Header {
        /// The file.
        path: PathBuf,
    },
    /// A header cell with a unit the column cannot take (`x [kg]`, `qw [m]`).
    #[error(
        "{}:{line}: column `{column}` has the unit [{unit}]; positions x, y, z take [m], [mm], \
         [um] or [nm], velocities vx, vy, vz [m/s], [mm/s] or [um/s], the quaternion none",
        path.display()
    )]
    Unit {
        /// The file.
        path: PathBuf,
        /// 1-based line of the header.
        line: usize,
        /// The header cell as written.
        column: String,
        /// The unit found.
        unit: String,
    },
    /// A flake centre outside the periodic domain of the surfaces: never wrapped into it (a
    /// file written in µm without its `[um]` header reads 10⁶ times too far).
    #[error(
        "{}:{line}: flake at x = {x} m, y = {y} m is outside the domain [0, {lx}) × [0, {ly}) m \
         of the surfaces; positions are metres unless the header says otherwise (`x [um]`)",
        path.display()
    )]
    OutsideDomain {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// Centre x \[m\].
        x: f64,
        /// Centre y \[m\].
        y: f64,
        /// Domain length along x \[m\].
        lx: f64,
        /// Domain length along y \[m\].
        ly: f64,
    },
    /// A required cell is absent or not finite.
    #[error("{}:{line}: missing or non-finite column {column}", path.display())]
    Missing {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// An orientation quaternion of (near) zero norm.
    #[error(
        "{}:{line}: the orientation (qw, qx, qy, qz) has zero norm: it is no rotation",
        path.display()
    )]
    ZeroQuaternion {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
    },
    /// A flake given a height inside the surface or the tool.
    #[error(
        "{}:{line}: flake at ({x}, {y}, {z}) m is inside the surface or the tool (it rests at \
         z = {} m; the penalty contacts allow {allowed_percent}% of the thickness)",
        path.display(),
        rest.map_or("— (no room under the tool)".to_owned(), |r| r.to_string())
    )]
    Inside {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// Centre x \[m\].
        x: f64,
        /// Centre y \[m\].
        y: f64,
        /// Centre z given \[m\].
        z: f64,
        /// Where the flake would rest \[m\] (None: no room under the tool).
        rest: Option<f64>,
        /// Overlap allowed, percent of the thickness.
        allowed_percent: f64,
    },
    /// A flake without a height that has no room under the tool.
    #[error("{}:{line}: flake at ({x}, {y}) does not fit under the tool", path.display())]
    NoRoom {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// Centre x \[m\].
        x: f64,
        /// Centre y \[m\].
        y: f64,
    },
    /// Two flakes of the file overlap.
    #[error(
        "{}:{line}: flake at ({x}, {y}, {z}) m overlaps flake {other} of the file (centres \
         closer than the thickness {thickness} m)",
        path.display()
    )]
    Overlap {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// Centre x \[m\].
        x: f64,
        /// Centre y \[m\].
        y: f64,
        /// Centre z \[m\].
        z: f64,
        /// 1-based index of the flake it overlaps.
        other: usize,
        /// The flake thickness 2c \[m\].
        thickness: f64,
    },
}
