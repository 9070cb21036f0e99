//! One surface source (issue 35): the choice "measured file or generated surface", decided once
//! for `tribo contact --deformable-file`, `tribo dem --deformable-file/--tool-file` and the
//! calibration's `surface.deformable_file`/`surface.tool_file` (`meso`, `tribo calibrate`).
//!
//! - **Measured**: read by [`MeasuredSurface::load`] — X3P (spacing and height unit from the
//!   file) or a text/CSV matrix (spacing and height unit given) — and checked by
//!   [`super::check_measured_map`] on every path (too few points, heights beyond ±1 mm, a flat
//!   map: the same refusal and message whichever command reads the file). Then either
//!   - used **as read** (`onto: None`): `tribo contact --deformable-file` and `tribo dem
//!     --deformable-file/--tool-file` work on the map's own grid and spacing (the DEM slides
//!     over the map as measured, the BEM treats it as one period); or
//!   - **conditioned** onto the calibration's periodic `grid`² domain of side `length`
//!     (`onto: Some(..)`, [`super::conditioning`]): the calibration's BEM–DEM cases need both
//!     surfaces on one grid. A measured map is the same in every realisation; the generator's
//!     random stream is not drawn from for it.
//! - **Generated**: the self-affine spectrum (seed 000 §6.1, [`SelfAffine::generate`]) on a
//!   `grid`² domain of side `length`, drawn from `stream_rng(seed, stream)`.
//!
//! On the command line ([`SurfaceSource::from_flag`]) a text/CSV map needs `--spacing` (refused
//! without it: `tribo dem` read it with 1 m pixels before), its height unit defaults to 1e-6 m
//! (µm), and an X3P file takes neither.

use std::path::PathBuf;

use thiserror::Error;

use super::height_map::SurfaceError;
use super::measured::{LoadedMap, MeasuredSurface};
use super::measured_error::MeasuredError;
use super::self_affine::{ModeOrder, Rescale, SelfAffine};
use crate::rng::stream_rng;

/// Height unit of a text/CSV map given on the command line without one \[m per file unit\]: µm.
pub const DEFAULT_TEXT_HEIGHT_UNIT: f64 = 1e-6;

/// The periodic domain a measured map is conditioned onto.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Domain {
    /// Grid points per side.
    pub grid: usize,
    /// Side of the domain \[m\].
    pub length: f64,
}

/// Where one surface's heights come from (module docs).
#[derive(Clone, Debug, PartialEq)]
pub enum SurfaceSource {
    /// A measured height map.
    Measured {
        /// The file and its text settings.
        file: MeasuredSurface,
        /// The flag or config key that gave the file (`--load`, `surface.tool_file`), named in
        /// every error.
        key: &'static str,
        /// `None`: the map as read; `Some`: conditioned onto this periodic domain.
        onto: Option<Domain>,
    },
    /// A generated self-affine surface.
    Generated {
        /// `deformable` or `tool`, named in errors.
        which: &'static str,
        /// The spectrum (seed 000 §6.1).
        spectrum: SelfAffine,
        /// Grid points per side.
        grid: usize,
        /// Side of the periodic domain \[m\].
        length: f64,
        /// Target RMS height or slope.
        rescale: Rescale,
        /// Order of the modes' draws (`surface.mode_order`, [`ModeOrder`]).
        order: ModeOrder,
        /// Master seed.
        seed: u64,
        /// Random stream under `seed` ([`stream_rng`]).
        stream: u64,
    },
}

/// Why a surface could not be realised.
#[derive(Debug, Error)]
pub enum SourceError {
    /// A measured map could not be read, failed the map check or could not be conditioned.
    #[error(transparent)]
    Measured(#[from] MeasuredError),
    /// The generator refused its parameters.
    #[error("generating the {which} surface")]
    Generated {
        /// `deformable` or `tool`.
        which: &'static str,
        /// The generator's error.
        #[source]
        source: SurfaceError,
    },
}

impl SurfaceSource {
    /// A measured map named by the command-line flag `key` (`--deformable-file`,
    /// `--tool-file`), as read.
    /// A text/CSV map needs `spacing` \[m\]; `height_unit` \[m per file unit\] defaults to
    /// [`DEFAULT_TEXT_HEIGHT_UNIT`]. An X3P file is given neither (refused by
    /// [`MeasuredSurface::load`] when it is).
    ///
    /// # Errors
    ///
    /// [`MeasuredError::MissingSpacingFlag`] for a text/CSV map without `spacing`.
    pub fn from_flag(
        key: &'static str,
        path: PathBuf,
        spacing: Option<f64>,
        height_unit: Option<f64>,
    ) -> Result<Self, MeasuredError> {
        let mut file = MeasuredSurface {
            path,
            spacing,
            height_unit,
            allow_tiling: false,
        };
        if !file.is_x3p() {
            if file.spacing.is_none() {
                return Err(MeasuredError::MissingSpacingFlag {
                    key,
                    path: file.path,
                });
            }
            file.height_unit.get_or_insert(DEFAULT_TEXT_HEIGHT_UNIT);
        }
        Ok(Self::Measured {
            file,
            key,
            onto: None,
        })
    }

    /// The height map, with the number of invalid points a measured file filled with its mean
    /// height (0 for a generated surface).
    ///
    /// # Errors
    ///
    /// [`SourceError::Measured`] with the errors of [`MeasuredSurface::load`] (which runs the map
    /// check) and, for a conditioned map, of [`MeasuredSurface::condition_loaded`];
    /// [`SourceError::Generated`] when the generator refuses its parameters.
    pub fn realise(&self) -> Result<LoadedMap, SourceError> {
        match self {
            Self::Measured { file, key, onto } => {
                let loaded = file.load(key)?;
                Ok(match onto {
                    None => loaded,
                    Some(d) => LoadedMap {
                        map: file
                            .condition_loaded(key, &loaded.map, d.grid, d.length)?
                            .map,
                        invalid_points: loaded.invalid_points,
                    },
                })
            }
            Self::Generated {
                which,
                spectrum,
                grid,
                length,
                rescale,
                order,
                seed,
                stream,
            } => {
                let map = spectrum
                    .generate_ordered(
                        *grid,
                        *length,
                        *rescale,
                        *order,
                        &mut stream_rng(*seed, *stream),
                    )
                    .map_err(|source| SourceError::Generated { which, source })?;
                Ok(LoadedMap {
                    map,
                    invalid_points: 0,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 16 × 16 text map of `value(i, j)` µm, cells separated by spaces.
    fn write_map(
        dir: &std::path::Path,
        name: &str,
        value: impl Fn(usize, usize) -> f64,
    ) -> PathBuf {
        let text: String = (0..16)
            .map(|j| {
                let row: Vec<String> = (0..16).map(|i| value(i, j).to_string()).collect();
                row.join(" ") + "\n"
            })
            .collect();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// The calibration's path (conditioned onto a domain) and the command's path (as read)
    /// refuse a flat map and a ±3 km map with the same message fragment.
    #[test]
    fn flat_and_kilometre_maps_are_refused_on_every_path_alike() {
        let dir = tempfile::tempdir().unwrap();
        let flat = write_map(dir.path(), "flat.txt", |_, _| 0.5);
        let km = write_map(dir.path(), "km.txt", |i, j| {
            if (i + j) % 2 == 0 { 3e9 } else { -3e9 }
        });
        for (path, fragment) in [
            (&flat, "(height spread in m) must be finite and > 0, got 0"),
            (&km, "(height in m) must be in [-0.001, 0.001], got 3000"),
        ] {
            let calibrate = SurfaceSource::Measured {
                file: MeasuredSurface {
                    path: path.clone(),
                    spacing: Some(1e-6),
                    height_unit: Some(1e-6),
                    allow_tiling: false,
                },
                key: "surface.deformable_file",
                onto: Some(Domain {
                    grid: 8,
                    length: 16e-6,
                }),
            };
            let contact =
                SurfaceSource::from_flag("--load", path.clone(), Some(1e-6), None).unwrap();
            for (source, key) in [(calibrate, "surface.deformable_file"), (contact, "--load")] {
                let e = source.realise().unwrap_err().to_string();
                assert!(e.starts_with(&format!("{key} {fragment}")), "{e}");
                assert!(e.contains(&path.display().to_string()), "{e}");
            }
        }
    }

    #[test]
    fn a_text_map_on_the_command_line_needs_its_spacing() {
        let e = SurfaceSource::from_flag("--def-file", PathBuf::from("h.csv"), None, Some(1e-6))
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "--def-file h.csv: a text/CSV map needs --spacing (pixel spacing in metres, e.g. 0.5um)"
        );
    }

    #[test]
    fn a_map_as_read_keeps_its_grid_and_heights() {
        let dir = tempfile::tempdir().unwrap();
        let path = write_map(dir.path(), "m.csv", |i, j| (i * 16 + j) as f64);
        let m = SurfaceSource::from_flag("--load", path, Some(2e-6), None)
            .unwrap()
            .realise()
            .unwrap()
            .map;
        assert_eq!((m.nx(), m.ny(), m.dx()), (16, 16, 2e-6));
        // Row j, column i of the file is at (i, j), in the default unit µm.
        assert_eq!(m.at(3, 1), (3 * 16 + 1) as f64 * 1e-6);
    }
}
