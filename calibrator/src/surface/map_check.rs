//! Sanity of a measured height map before any physics sees it — the one check every path that
//! reads a measured map runs (issue 32 item 7, issue 35): [`super::MeasuredSurface::load`] calls
//! it, so `tribo contact --deformable-file`, `tribo dem --deformable-file/--tool-file` and
//! `tribo calibrate`'s `surface.deformable_file`/`surface.tool_file` refuse the same maps with
//! the same message.
//!
//! A map must have enough points per side to hold contact clusters and slopes, heights within a
//! physical bound (a unit mistake is not a surface), and a height spread (a flat map has no
//! roughness: κ = 0 and NaN statistics).

use std::path::Path;

use super::height_map::HeightMap;
use super::measured_error::MeasuredError;

/// Smallest side of a loaded height map \[points\]: below 8 a map has no contact clusters or
/// slopes to speak of (1×1 and 2×2 maps gave κ = 0 and NaN).
pub const MAP_MIN_SIDE: u64 = 8;

/// Largest |height| of a loaded map \[m\]: 1 mm, a thousand times the roughness of a sheet;
/// larger heights are a unit mistake (µm read as m; 1e300 µm gave NaN energies).
pub const MAP_MAX_ABS_HEIGHT_M: f64 = 1e-3;

/// Spread below which a map is flat, relative to its mean level: a map flat to f64 rounding.
const FLAT_RELATIVE_SPREAD: f64 = 1e-12;

/// Checks a loaded `map` read from `path`; `key` names the flag or config key that gave the file.
///
/// # Errors
///
/// [`MeasuredError::TooFewPoints`] when the map has fewer than [`MAP_MIN_SIDE`] points along x
/// or y; [`MeasuredError::HeightOutOfRange`] for a height beyond ±[`MAP_MAX_ABS_HEIGHT_M`] (or
/// not finite); [`MeasuredError::NoSpread`] for a map without height spread (flat).
pub fn check_measured_map(key: &str, path: &Path, map: &HeightMap) -> Result<(), MeasuredError> {
    let path = || path.to_path_buf();
    for (axis, points) in [("x", map.nx()), ("y", map.ny())] {
        if (points as u64) < MAP_MIN_SIDE {
            return Err(MeasuredError::TooFewPoints {
                key: key.to_string(),
                path: path(),
                axis,
                points,
                min: MAP_MIN_SIDE,
            });
        }
    }
    let admitted = |h: f64| (-MAP_MAX_ABS_HEIGHT_M..=MAP_MAX_ABS_HEIGHT_M).contains(&h);
    if let Some(h) = map.heights().iter().find(|h| !admitted(**h)) {
        return Err(MeasuredError::HeightOutOfRange {
            key: key.to_string(),
            path: path(),
            height: *h,
            max: MAP_MAX_ABS_HEIGHT_M,
        });
    }
    let mean = map.mean();
    let spread = map
        .heights()
        .iter()
        .map(|h| (h - mean).abs())
        .fold(0.0, f64::max);
    if spread <= FLAT_RELATIVE_SPREAD * mean.abs().max(f64::MIN_POSITIVE) || spread == 0.0 {
        return Err(MeasuredError::NoSpread {
            key: key.to_string(),
            path: path(),
            spread,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rough(n: usize, amplitude: f64) -> HeightMap {
        HeightMap::from_fn(n, n, 1e-6, 1e-6, |x, y| {
            amplitude * (x * 3e5 + y * 1.7e5).sin()
        })
    }

    #[test]
    fn small_flat_and_huge_maps_are_refused_by_name() {
        let p = Path::new("m.csv");
        assert!(check_measured_map("--load", p, &rough(16, 1e-6)).is_ok());
        let e = check_measured_map("--load", p, &rough(2, 1e-6)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--load (points along x) must be a whole number ≥ 8, got 2 (file m.csv)"
        );
        let flat = HeightMap::flat(16, 16, 1e-6, 1e-6, 3e-6);
        let e = check_measured_map("--def-file", p, &flat).unwrap_err();
        assert!(
            e.to_string().contains("--def-file (height spread in m)"),
            "{e}"
        );
        let e = check_measured_map("--load", p, &rough(16, 1e294)).unwrap_err();
        assert!(e.to_string().contains("in [-0.001, 0.001]"), "{e}");
        // ±3 km: a map in m read as µm the other way round is still refused.
        let e = check_measured_map("surface.tool_file", p, &rough(16, 3e3)).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("surface.tool_file (height in m) must be in [-0.001, 0.001], got"),
            "{e}"
        );
    }
}
