//! Summits: strict local maxima of a periodic height map over its 8 neighbours (seed 000
//! Fig. 14, N_s "obtained by identifying local maxima"). A plateau of equal heights has no
//! summit.

use super::height_map::HeightMap;

/// Indices (ix, iy) of the strict local maxima of `map` (8-neighbourhood, periodic).
pub fn summits(map: &HeightMap) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for iy in 0..map.ny() as isize {
        for ix in 0..map.nx() as isize {
            let h = map.at(ix, iy);
            let is_max = (-1..=1)
                .all(|sy| (-1..=1).all(|sx| (sx == 0 && sy == 0) || map.at(ix + sx, iy + sy) < h));
            if is_max {
                out.push((ix as usize, iy as usize));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::TAU;

    #[test]
    fn egg_box_has_one_summit_per_cell_including_the_boundary() {
        // h = cos(2π m x/L)·cos(2π m y/L) has maxima at (i, j)·L/m with i + j even and at the
        // odd-odd points (both cosines −1): 2m² maxima per period, one of them on the corner.
        let (n, m) = (48usize, 3.0);
        let map = HeightMap::from_fn(n, n, 1.0, 1.0, |x, y| {
            (TAU * m * x / n as f64).cos() * (TAU * m * y / n as f64).cos()
        });
        let s = summits(&map);
        assert_eq!(s.len(), 2 * 9);
        assert!(s.contains(&(0, 0)));
        // Flat map: no summit.
        assert!(summits(&HeightMap::flat(8, 8, 1.0, 1.0, 0.0)).is_empty());
    }
}
