//! Why a measured height map (`surface.deformable_file` / `surface.tool_file`, issue 20)
//! cannot be read or put onto the calibration's domain: one typed error for
//! [`super::measured`] (issue 18: typed errors in library code).
//!
//! The variants carry the reader's error in their own message (not as an error `source`), as
//! the config error of the validation layer (`validate::ConfigError`) does: the config check prints it with `{}`, the
//! binary with `{:#}`, and both show it exactly once.

use std::path::PathBuf;

use thiserror::Error;

use super::height_map::SurfaceError;
use super::import::ImportError;
use crate::io::x3p::X3pError;

/// A measured surface that cannot be used; every variant names the config key or the file.
#[derive(Debug, Error)]
pub enum MeasuredError {
    /// An X3P file given a text map's spacing or height unit.
    #[error(
        "{key}: {} is an X3P file, which carries its own spacing and height unit: remove \
         {key}.spacing and {key}.height_unit",
        path.display()
    )]
    X3pWithTextSettings {
        /// The config key naming the file.
        key: &'static str,
        /// The file.
        path: PathBuf,
    },
    /// A text/CSV map without its spacing or height unit.
    #[error(
        "{key}: {} is a text/CSV map: give {key}.spacing (pixel size [m]) and \
         {key}.height_unit (metres per file unit, e.g. 1e-6 for µm)",
        path.display()
    )]
    MissingTextSettings {
        /// The config key naming the file.
        key: &'static str,
        /// The file.
        path: PathBuf,
    },
    /// A text map's spacing that is no positive length.
    #[error("{key}.spacing must be a positive length in metres, got {spacing}")]
    Spacing {
        /// The config key naming the file.
        key: &'static str,
        /// The spacing given \[m\].
        spacing: f64,
    },
    /// The X3P reader refused the file (its message names the file).
    #[error("{key}: {error}")]
    X3p {
        /// The config key naming the file.
        key: &'static str,
        /// The reader's error (boxed: it is large and rare).
        error: Box<X3pError>,
    },
    /// The text/CSV reader refused the file.
    #[error("{key}: reading the height map {}: {error}", path.display())]
    Text {
        /// The config key naming the file.
        key: &'static str,
        /// The file.
        path: PathBuf,
        /// The reader's error (line and column; boxed: it is large and rare).
        error: Box<ImportError>,
    },
    /// The map was read but cannot be conditioned onto the domain.
    #[error("{key}: conditioning {}: {error}", path.display())]
    Conditioning {
        /// The config key naming the file.
        key: &'static str,
        /// The file.
        path: PathBuf,
        /// What the conditioning refused ([`MeasuredError::Window`], [`MeasuredError::Flat`],
        /// [`MeasuredError::Grid`]).
        error: Box<MeasuredError>,
    },
    /// The window kept from the map is too small to taper and resample.
    #[error(
        "the map's window is {cx} × {cy} pixels: at least 4 × 4 are needed (map {nx} × {ny} \
         pixels of {dx:.3e} m, domain {length:.3e} m)"
    )]
    Window {
        /// Window columns.
        cx: usize,
        /// Window rows.
        cy: usize,
        /// Map columns.
        nx: usize,
        /// Map rows.
        ny: usize,
        /// Map spacing in x \[m\].
        dx: f64,
        /// Domain side \[m\].
        length: f64,
    },
    /// A map smaller than the domain, without `allow_tiling`.
    #[error(
        "the map is {:.1} µm × {:.1} µm, smaller than the domain surface.length = {:.1} µm: \
         filling the domain would tile it (seams, another spectrum). Use a larger map or a \
         smaller surface.length, or set allow_tiling = true",
        lx * 1e6, ly * 1e6, length * 1e6
    )]
    SmallerThanDomain {
        /// Map side in x \[m\].
        lx: f64,
        /// Map side in y \[m\].
        ly: f64,
        /// Domain side \[m\].
        length: f64,
    },
    /// A map with fewer than `min` points along an axis (the check's bound,
    /// `surface::map_check::MAP_MIN_SIDE`).
    #[error(
        "{key} (points along {axis}) must be a whole number ≥ {min}, got {points} (file {})",
        path.display()
    )]
    TooFewPoints {
        /// The flag or config key naming the file.
        key: String,
        /// The file.
        path: PathBuf,
        /// `x` or `y`.
        axis: &'static str,
        /// Points along that axis.
        points: usize,
        /// The fewest points admitted.
        min: u64,
    },
    /// A height beyond ±`max` (a unit mistake; the check's bound,
    /// `surface::map_check::MAP_MAX_ABS_HEIGHT_M`) or not finite.
    #[error(
        "{key} (height in m) must be in [-{max}, {max}], got {height} (file {})",
        path.display()
    )]
    HeightOutOfRange {
        /// The flag or config key naming the file.
        key: String,
        /// The file.
        path: PathBuf,
        /// The first height outside the bound \[m\].
        height: f64,
        /// The largest |height| admitted \[m\].
        max: f64,
    },
    /// A map without height spread (flat before any levelling).
    #[error(
        "{key} (height spread in m) must be finite and > 0, got {spread} (file {})",
        path.display()
    )]
    NoSpread {
        /// The flag or config key naming the file.
        key: String,
        /// The file.
        path: PathBuf,
        /// Largest |h − mean| \[m\].
        spread: f64,
    },
    /// A text/CSV map given on the command line without `--spacing`.
    #[error(
        "{key} {}: a text/CSV map needs --spacing (pixel spacing in metres, e.g. 0.5um)",
        path.display()
    )]
    MissingSpacingFlag {
        /// The flag naming the file.
        key: &'static str,
        /// The file.
        path: PathBuf,
    },
    /// Nothing left after levelling.
    #[error("the measured map is flat after levelling (RMS height 0)")]
    Flat,
    /// The window does not make a height map (a non-finite spacing or height).
    #[error("{0}")]
    Grid(SurfaceError),
}
