//! Measured height maps as the surfaces of a calibration (`[surface.deformable_file]`,
//! `[surface.tool_file]`, issue 20), read from X3P ([`crate::io::x3p`]) or a text/CSV matrix
//! ([`super::import`]), and put on the calibration's periodic domain.
//!
//! **Conditioning** ([`super::conditioning`]): refused if smaller than the domain (unless
//! `allow_tiling`), levelled, windowed, tapered and rescaled, low-pass filtered when the
//! domain's pixel is coarser than the map's, resampled; each step's change of Sq and Sdq is
//! measured, and one above 2 % is a warning in the log and `summary.md`.
//!
//! The generator's `hurst`, `k_*` and `rms_height_*` are not used for a measured surface; the
//! report compares them with the values fitted from the map ([`MeasuredStats`]).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::conditioning::{Conditioned, condition};
use super::height_map::HeightMap;
use super::import::read_height_map;
use super::map_check::check_measured_map;
use super::measured_error::MeasuredError;
use super::psd::{fit_psd_exponent, radial_psd};
#[cfg(test)]
use super::stats::level;
use super::stats::{rms_height, rms_slope_fd};
use crate::io::x3p::{X3pError, X3pMap, X3pProblem, read_x3p, x3p_bytes};

/// Writes `map` as an X3P archive with f64 heights in metres ([`x3p_bytes`]): the format
/// [`MeasuredSurface::load`] reads, for tests and hand exports (a plain write, not atomic: the
/// physics does not import `report`, whose atomic writer the run's outputs use).
///
/// # Errors
/// [`X3pError`] naming `path`: the archive could not be built or written.
pub fn write_x3p(path: &std::path::Path, map: &HeightMap) -> Result<(), X3pError> {
    let named = |e: String| X3pError {
        path: path.display().to_string(),
        problem: X3pProblem::Io(e),
    };
    let grid = X3pMap {
        nx: map.nx(),
        ny: map.ny(),
        dx: map.dx(),
        dy: map.dy(),
        heights: map.heights().to_vec(),
        invalid_points: 0,
    };
    let bytes = x3p_bytes(&grid).map_err(named)?;
    std::fs::write(path, &bytes).map_err(|e| named(e.to_string()))
}

/// A measured height map for one surface of the calibration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredSurface {
    /// The file: `*.x3p` (ISO 25178-72; spacing and height unit come from the file) or a
    /// text/CSV matrix, one grid row per line. A relative path is taken from the current
    /// working directory.
    pub path: PathBuf,
    /// Pixel spacing of a text/CSV map, the same in x and y \[m\] (required for text/CSV,
    /// refused for X3P, which carries its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spacing: Option<f64>,
    /// Metres per height unit of a text/CSV map (1e-6 for a map in µm; required for text/CSV,
    /// refused for X3P, whose heights are in metres).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height_unit: Option<f64>,
    /// Repeat a map smaller than the domain (`surface.length`) to fill it. Off by default: a
    /// smaller map is refused, since tiling puts seams into the surface and changes its
    /// spectrum ([`super::conditioning`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub allow_tiling: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A measured map as read, before conditioning.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedMap {
    /// Heights \[m\] with the file's spacing.
    pub map: HeightMap,
    /// Invalid points filled with the mean height (X3P only).
    pub invalid_points: usize,
}

impl MeasuredSurface {
    /// Whether the file is X3P (by extension, case-insensitive).
    pub fn is_x3p(&self) -> bool {
        Self::path_is_x3p(&self.path)
    }

    /// Whether `path` names an X3P file (by extension, case-insensitive).
    pub fn path_is_x3p(path: &std::path::Path) -> bool {
        path.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("x3p"))
    }

    /// Reads the file; `key` (e.g. `surface.deformable_file`) names the setting in errors.
    ///
    /// # Errors
    ///
    /// [`MeasuredError::X3pWithTextSettings`] for an X3P file given a spacing or height unit;
    /// [`MeasuredError::X3p`] when the X3P reader refuses it;
    /// [`MeasuredError::MissingTextSettings`] for a text map without its spacing or height unit;
    /// [`MeasuredError::Spacing`] for a spacing not finite and > 0; [`MeasuredError::Text`] when
    /// the text reader refuses the file; those of [`check_measured_map`] (too few points, heights
    /// beyond ±1 mm, a flat map), the one check of every measured map however it is used.
    pub fn load(&self, key: &'static str) -> Result<LoadedMap, MeasuredError> {
        let path = || self.path.clone();
        if self.is_x3p() {
            if self.spacing.is_some() || self.height_unit.is_some() {
                return Err(MeasuredError::X3pWithTextSettings { key, path: path() });
            }
            let m = read_x3p(&self.path).map_err(|error| MeasuredError::X3p {
                key,
                error: Box::new(error),
            })?;
            let invalid_points = m.invalid_points;
            let map = HeightMap::new(m.nx, m.ny, m.dx, m.dy, m.heights).map_err(|e| {
                MeasuredError::X3p {
                    key,
                    error: Box::new(X3pError {
                        path: self.path.display().to_string(),
                        problem: X3pProblem::Grid(e.to_string()),
                    }),
                }
            })?;
            check_measured_map(key, &self.path, &map)?;
            return Ok(LoadedMap {
                map,
                invalid_points,
            });
        }
        let (Some(spacing), Some(unit)) = (self.spacing, self.height_unit) else {
            return Err(MeasuredError::MissingTextSettings { key, path: path() });
        };
        if !(spacing.is_finite() && spacing > 0.0) {
            return Err(MeasuredError::Spacing { key, spacing });
        }
        let map = read_height_map(&self.path, spacing, spacing, unit).map_err(|error| {
            MeasuredError::Text {
                key,
                path: path(),
                error: Box::new(error),
            }
        })?;
        check_measured_map(key, &self.path, &map)?;
        Ok(LoadedMap {
            map,
            invalid_points: 0,
        })
    }

    /// The file read and conditioned onto the `grid`² domain of side `length` (module docs).
    ///
    /// # Errors
    ///
    /// As [`conditioned`](Self::conditioned).
    pub fn surface(
        &self,
        key: &'static str,
        grid: usize,
        length: f64,
    ) -> Result<HeightMap, MeasuredError> {
        self.conditioned(key, grid, length).map(|c| c.map)
    }

    /// [`Self::surface`] with what each conditioning step changed.
    ///
    /// # Errors
    ///
    /// Those of [`load`](Self::load) and [`condition_loaded`](Self::condition_loaded).
    pub fn conditioned(
        &self,
        key: &'static str,
        grid: usize,
        length: f64,
    ) -> Result<Conditioned, MeasuredError> {
        let loaded = self.load(key)?;
        self.condition_loaded(key, &loaded.map, grid, length)
    }

    /// `map`, read from this file, conditioned onto the `grid`² domain of side `length`
    /// (tiling as `allow_tiling` says).
    ///
    /// # Errors
    ///
    /// [`MeasuredError::Conditioning`] wrapping an error of [`condition`] (a map smaller than
    /// the domain without tiling, a window under 4 × 4 points, a map flat after levelling).
    pub fn condition_loaded(
        &self,
        key: &'static str,
        map: &HeightMap,
        grid: usize,
        length: f64,
    ) -> Result<Conditioned, MeasuredError> {
        condition(map, grid, length, self.allow_tiling).map_err(|error| {
            MeasuredError::Conditioning {
                key,
                path: self.path.clone(),
                error: Box::new(error),
            }
        })
    }
}

/// `map` conditioned onto a `grid`² periodic domain of side `length`, tiling refused
/// ([`super::conditioning::condition`] without `allow_tiling`; the map alone).
///
/// # Errors
///
/// Those of [`condition`] with tiling refused:
/// [`MeasuredError::SmallerThanDomain`], [`MeasuredError::Window`], [`MeasuredError::Flat`],
/// [`MeasuredError::Grid`].
pub fn onto_domain(map: &HeightMap, grid: usize, length: f64) -> Result<HeightMap, MeasuredError> {
    condition(map, grid, length, false).map(|c| c.map)
}

/// Statistics of a surface, measured or generated, for the report.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredStats {
    /// RMS height \[m\].
    pub rms_height: f64,
    /// RMS slope (periodic forward differences) \[-\].
    pub rms_slope: f64,
    /// Hurst exponent from the radial PSD's slope C ∝ q^(−2(1+H)) (seed 000 §6.1), fitted over
    /// modes 2 … n/4 (between the long-wavelength roll-off and the pixel scale).
    pub hurst: f64,
}

/// [`MeasuredStats`] of a measured `map`, the Hurst exponent fitted over modes 2 … n/4: a
/// heuristic band between an unknown long-wavelength roll-off and the pixel scale.
pub fn stats_of(map: &HeightMap) -> MeasuredStats {
    let (lo, hi) = heuristic_band(map);
    stats_in_band(map, lo, hi)
}

/// The radial modes 2 … n/4 \[2π/L\] over which a measured map's PSD exponent is fitted.
pub fn heuristic_band(map: &HeightMap) -> (f64, f64) {
    (2.0, (map.nx().min(map.ny()) / 4).max(3) as f64)
}

/// [`MeasuredStats`] of `map`, the Hurst exponent fitted over the radial modes `lo … hi`
/// (in units of 2π/L). For a generated surface this is the generator's power-law band
/// k_r … k_s: a band that reaches into the roll-off plateau (k_l … k_r, flat PSD) biases the
/// fitted H low (0.60 instead of 0.8 for the standard preset's k_r = 4 with modes 2 … 32).
pub fn stats_in_band(map: &HeightMap, lo: f64, hi: f64) -> MeasuredStats {
    let bins = radial_psd(map);
    let e = fit_psd_exponent(&bins, lo, hi);
    MeasuredStats {
        rms_height: rms_height(map),
        rms_slope: rms_slope_fd(map),
        hurst: -e / 2.0 - 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surface::self_affine::test_surface;

    /// 3 % of the PSD exponent 2(1 + H) = 3.6 (the bound of `psd.rs`'s exponent test), in H.
    const HURST_TOL: f64 = 0.054;

    #[test]
    fn hurst_of_a_generated_surface_is_fitted_over_its_power_law_band() {
        // The standard preset's spectrum: plateau k_l = 2 … k_r = 4, power law to k_s = 32.
        let m = test_surface(0.8, [2.0, 4.0, 32.0], 128, 200e-6, 1.4e-6, (0, 1));
        let band = stats_in_band(&m, 4.0, 32.0).hurst;
        assert!((band - 0.8).abs() < HURST_TOL, "H = {band} over k_r … k_s");
        // The measured-map heuristic (modes 2 … n/4) reaches into the plateau and reads low.
        let heuristic = stats_of(&m).hurst;
        assert!(heuristic < band - HURST_TOL, "{heuristic} vs {band}");
    }

    #[test]
    fn conditioned_map_is_seamless_keeps_rms_and_follows_the_map() {
        // A tilted self-affine map of 48 × 40 pixels of 1 µm onto a 32² domain of 40 µm.
        let base = test_surface(0.8, [1.0, 2.0, 12.0], 48, 48e-6, 1e-6, (1, 2));
        let h: Vec<f64> = (0..40 * 48)
            .map(|k| base.heights()[k] + 0.05 * (k % 48) as f64 * 1e-6)
            .collect();
        let m = HeightMap::new(48, 40, 1e-6, 1e-6, h).unwrap();
        let d = onto_domain(&m, 32, 40e-6).unwrap();
        assert_eq!((d.nx(), d.ny()), (32, 32));
        let window_rms = {
            let l = level(&m);
            let (ox, oy) = (4, 0);
            let w: Vec<f64> = (0..40)
                .flat_map(|j| (0..40).map(move |i| (i, j)))
                .map(|(i, j)| l.at(ox + i, oy + j))
                .collect();
            rms_height(&HeightMap::new(40, 40, 1e-6, 1e-6, w).unwrap())
        };
        // The domain samples the tapered window at a different pitch: RMS within 10 %.
        let r = rms_height(&d) / window_rms;
        assert!((r - 1.0).abs() < 0.1, "RMS ratio {r}");
        // Seamless: the jump across the periodic seam is no larger than a typical step
        // between neighbours inside (an untapered window has a step of ~RMS there).
        let seam: f64 = (0..32)
            .map(|j| (d.at(0, j) - d.at(31, j)).abs())
            .sum::<f64>()
            / 32.0;
        let inner: f64 = (0..32)
            .map(|j| (d.at(16, j) - d.at(15, j)).abs())
            .sum::<f64>()
            / 32.0;
        assert!(seam <= 1.5 * inner, "seam {seam:e} vs inner {inner:e}");
    }

    #[test]
    fn text_maps_need_spacing_and_unit_and_x3p_refuses_them() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("m.csv");
        std::fs::write(&csv, "0,1\n2,3\n").unwrap();
        let s = MeasuredSurface {
            path: csv,
            spacing: None,
            height_unit: Some(1e-6),
            allow_tiling: false,
        };
        let e = s.load("surface.tool_file").unwrap_err().to_string();
        assert!(
            e.contains("surface.tool_file.spacing") && e.contains("m.csv"),
            "{e}"
        );
        let x = MeasuredSurface {
            path: dir.path().join("m.x3p"),
            spacing: Some(1e-6),
            height_unit: None,
            allow_tiling: false,
        };
        let e = x.load("surface.deformable_file").unwrap_err().to_string();
        assert!(e.contains("remove surface.deformable_file.spacing"), "{e}");
    }

    #[test]
    fn a_missing_measured_file_is_refused_naming_the_key_and_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no_such_map.csv");
        let s = MeasuredSurface {
            path: path.clone(),
            spacing: Some(1e-6),
            height_unit: Some(1e-6),
            allow_tiling: false,
        };
        let e = s.surface("surface.tool_file", 32, 100e-6).unwrap_err();
        assert!(matches!(e, MeasuredError::Text { .. }), "{e:?}");
        let msg = e.to_string();
        assert!(
            msg.starts_with(&format!(
                "surface.tool_file: reading the height map {}: cannot read",
                path.display()
            )),
            "{msg}"
        );
    }
}
