//! Neighbour search for flake–flake contacts: a periodic cell list in x and y, rebuilt every
//! step in O(N) (cost linear in the number of flakes at fixed density).
//!
//! Two flakes can touch only if their centres are closer than the interaction range 2a. Cells
//! are at least that wide, so contacting pairs are in the same or adjacent cells (9-cell
//! stencil). With fewer than 3 cells along an axis the stencil would visit a cell twice; the
//! list then falls back to all pairs (small domains only). Pairs come out sorted by (i, j),
//! so force accumulation order — and hence the result — does not depend on threads.

use super::quaternion::Vec3;

/// Periodic cell list over a `lx × ly` domain.
#[derive(Clone, Debug, Default)]
pub struct CellList {
    head: Vec<usize>,
    next: Vec<usize>,
    cells: (usize, usize),
    size: (f64, f64),
    pairs: Vec<(usize, usize)>,
}

const NONE: usize = usize::MAX;

/// Minimum-image difference b − a along a periodic axis of length `l`.
#[inline]
pub fn min_image(d: f64, l: f64) -> f64 {
    d - l * (d / l).round()
}

impl CellList {
    /// Candidate pairs (i < j) whose centre distance (minimum image in x, y) is below `range`.
    /// The returned slice is valid until the next call.
    pub fn pairs(&mut self, centres: &[Vec3], lx: f64, ly: f64, range: f64) -> &[(usize, usize)] {
        self.pairs.clear();
        let n = centres.len();
        let cx = (lx / range).floor() as usize;
        let cy = (ly / range).floor() as usize;
        let close = |a: &Vec3, b: &Vec3| {
            let dx = min_image(b[0] - a[0], lx);
            let dy = min_image(b[1] - a[1], ly);
            let dz = b[2] - a[2];
            dx * dx + dy * dy + dz * dz < range * range
        };
        if cx < 3 || cy < 3 {
            for i in 0..n {
                for j in i + 1..n {
                    if close(&centres[i], &centres[j]) {
                        self.pairs.push((i, j));
                    }
                }
            }
            return &self.pairs;
        }
        self.cells = (cx, cy);
        self.size = (lx / cx as f64, ly / cy as f64);
        self.head.clear();
        self.head.resize(cx * cy, NONE);
        self.next.clear();
        self.next.resize(n, NONE);
        // Insert in reverse so that each cell's chain is in ascending index order.
        for i in (0..n).rev() {
            let c = self.cell_of(&centres[i], lx, ly);
            self.next[i] = self.head[c];
            self.head[c] = i;
        }
        for i in 0..n {
            let ix = self.axis_cell(centres[i][0], lx, self.size.0, cx) as isize;
            let iy = self.axis_cell(centres[i][1], ly, self.size.1, cy) as isize;
            for oy in -1..=1 {
                let jy = (iy + oy).rem_euclid(cy as isize) as usize;
                for ox in -1..=1 {
                    let jx = (ix + ox).rem_euclid(cx as isize) as usize;
                    let mut j = self.head[jy * cx + jx];
                    while j != NONE {
                        if j > i && close(&centres[i], &centres[j]) {
                            self.pairs.push((i, j));
                        }
                        j = self.next[j];
                    }
                }
            }
        }
        self.pairs.sort_unstable();
        &self.pairs
    }

    fn axis_cell(&self, x: f64, l: f64, size: f64, cells: usize) -> usize {
        ((x.rem_euclid(l) / size) as usize).min(cells - 1)
    }

    fn cell_of(&self, c: &Vec3, lx: f64, ly: f64) -> usize {
        let ix = self.axis_cell(c[0], lx, self.size.0, self.cells.0);
        let iy = self.axis_cell(c[1], ly, self.size.1, self.cells.1);
        iy * self.cells.0 + ix
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn cell_list_finds_exactly_the_brute_force_pairs_across_the_boundary() {
        let mut rng = crate::rng::stream_rng(3, 0);
        let (lx, ly, range) = (100.0, 80.0, 7.0);
        let centres: Vec<Vec3> = (0..300)
            .map(|_| {
                [
                    rng.random_range(0.0..lx),
                    rng.random_range(0.0..ly),
                    rng.random_range(-2.0..2.0),
                ]
            })
            .collect();
        let mut brute = Vec::new();
        for i in 0..centres.len() {
            for j in i + 1..centres.len() {
                let dx = min_image(centres[j][0] - centres[i][0], lx);
                let dy = min_image(centres[j][1] - centres[i][1], ly);
                let dz = centres[j][2] - centres[i][2];
                if dx * dx + dy * dy + dz * dz < range * range {
                    brute.push((i, j));
                }
            }
        }
        let mut cl = CellList::default();
        let found = cl.pairs(&centres, lx, ly, range).to_vec();
        assert!(!brute.is_empty());
        assert_eq!(found, brute);
        // Some pair must straddle the periodic boundary for the test to mean something.
        assert!(
            brute
                .iter()
                .any(|&(i, j)| (centres[i][0] - centres[j][0]).abs() > lx / 2.0)
        );
    }
}
