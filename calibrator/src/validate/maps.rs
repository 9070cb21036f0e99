//! Sanity of a measured height map before any physics sees it: enough points per side to
//! hold contact clusters and slopes, heights within a physical bound (a unit mistake is not a
//! surface), and not flat (a flat map has no roughness: κ = 0 and NaN statistics).

use super::error::ConfigError;
use super::rule::Rule;
use super::rules::{MAP_MAX_ABS_HEIGHT_M, MAP_MIN_SIDE};
use crate::surface::HeightMap;

/// Checks a loaded map; `key` names the flag or config key that gave the file.
///
/// # Errors
///
/// [`ConfigError::OutOfRange`] naming `key` when the map has fewer points along x or y than the map
/// rule, a height beyond ± the height bound, or no height spread (a flat map).
pub fn check_height_map(key: &str, map: &HeightMap) -> Result<(), ConfigError> {
    let side = Rule::count(MAP_MIN_SIDE, u64::MAX);
    side.check_count(&format!("{key} (points along x)"), map.nx() as u64)?;
    side.check_count(&format!("{key} (points along y)"), map.ny() as u64)?;
    let height = Rule::closed(-MAP_MAX_ABS_HEIGHT_M, MAP_MAX_ABS_HEIGHT_M);
    if let Some(h) = map.heights().iter().find(|h| !height.admits(**h)) {
        return height.check(&format!("{key} (height in m)"), *h);
    }
    let mean = map.mean();
    let spread = map
        .heights()
        .iter()
        .map(|h| (h - mean).abs())
        .fold(0.0, f64::max);
    // Relative to the map's own level: a map flat to f64 rounding is flat.
    if spread <= 1e-12 * mean.abs().max(f64::MIN_POSITIVE) || spread == 0.0 {
        return Err(ConfigError::OutOfRange {
            key: format!("{key} (height spread in m)"),
            value: spread.to_string(),
            rule: Rule::POSITIVE,
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
        assert!(check_height_map("--load", &rough(16, 1e-6)).is_ok());
        let e = check_height_map("--load", &rough(2, 1e-6)).unwrap_err();
        assert!(e.to_string().contains("--load (points along x)"), "{e}");
        let flat = HeightMap::flat(16, 16, 1e-6, 1e-6, 3e-6);
        let e = check_height_map("--def-file", &flat).unwrap_err();
        assert!(e.to_string().contains("height spread"), "{e}");
        let e = check_height_map("--load", &rough(16, 1e294)).unwrap_err();
        assert!(e.to_string().contains("in [-0.001, 0.001]"), "{e}");
    }
}
