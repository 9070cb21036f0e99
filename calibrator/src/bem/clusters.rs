//! Contact clusters: periodic connected components of the contact mask and the border-to-border
//! nearest distance between clusters d_c (seed 000 §6.3, Fig. 13–14; labelling after
//! Rosenfeld & Pfaltz, its Ref. \[49\]).
//!
//! * Connectivity is a parameter; the default is **4-connectivity** (pixels sharing an edge),
//!   so two contact pixels touching only at a corner are separate clusters.
//! * The grid is periodic: a cluster crossing the boundary is one cluster.
//! * d_c of a cluster is the smallest distance between the centre of one of its pixels and the
//!   centre of a pixel of another cluster, with the minimum-image convention \[m\]. It is always
//!   reached between border pixels (a pixel with a non-contact 4-neighbour), which is what is
//!   searched, through a bucket grid, exactly. Two clusters separated by one free pixel along x
//!   are at d_c = 2·dx (the free strip between them is one pixel wide). With a single cluster
//!   d_c is undefined (`None`).

pub use crate::numerics::labelling::Connectivity;
use crate::numerics::labelling::{Boundary, Components, FOUR, wrap};

/// Labelled contact clusters of a periodic `nx × ny` mask.
#[derive(Clone, Debug, PartialEq)]
pub struct Clusters {
    nx: usize,
    ny: usize,
    /// Row-major labels: 0 = no contact, 1..=count = cluster id.
    labels: Vec<u32>,
    sizes: Vec<usize>,
}

impl Clusters {
    /// Labels the row-major `mask` (`nx × ny`, true = contact) by flood fill on the periodic
    /// grid ([`crate::numerics::labelling`]).
    pub fn label(mask: &[bool], nx: usize, ny: usize, connectivity: Connectivity) -> Self {
        let Components { labels, sizes } =
            Components::label(mask, nx, ny, connectivity, Boundary::Periodic);
        Self {
            nx,
            ny,
            labels,
            sizes,
        }
    }

    /// Number of clusters N_c.
    pub fn count(&self) -> usize {
        self.sizes.len()
    }
    /// Pixels per cluster (index = label − 1).
    pub fn sizes(&self) -> &[usize] {
        &self.sizes
    }
    /// Row-major labels (0 = no contact).
    pub fn labels(&self) -> &[u32] {
        &self.labels
    }

    /// d_c of every cluster (index = label − 1) on a grid of spacings `dx`, `dy` \[m\]; `None`
    /// when there are fewer than two clusters.
    pub fn nearest_distances(&self, dx: f64, dy: f64) -> Option<Vec<f64>> {
        if self.count() < 2 {
            return None;
        }
        let (nx, ny) = (self.nx, self.ny);
        // Border pixels bucketed in square cells of `s` pixels; s divides nx and ny so the
        // periodic cell grid has equal cells and the ring lower bound below is exact.
        let s = [16usize, 8, 4, 2, 1]
            .into_iter()
            .find(|s| nx % s == 0 && ny % s == 0)
            .unwrap_or(1);
        let (cx, cy) = (nx / s, ny / s);
        let mut border = Vec::new();
        for iy in 0..ny {
            for ix in 0..nx {
                let l = self.labels[iy * nx + ix];
                if l == 0 {
                    continue;
                }
                let on_border = FOUR.iter().any(|&(sx, sy)| {
                    self.labels[wrap(iy as isize + sy, ny) * nx + wrap(ix as isize + sx, nx)] != l
                });
                if on_border {
                    border.push((ix, iy, l));
                }
            }
        }
        let cell_of = |ix: usize, iy: usize| (iy / s) * cx + ix / s;
        let mut start = vec![0usize; cx * cy + 1];
        for &(ix, iy, _) in &border {
            start[cell_of(ix, iy) + 1] += 1;
        }
        for c in 0..cx * cy {
            start[c + 1] += start[c];
        }
        let mut fill = start.clone();
        let mut bucket = vec![(0usize, 0usize, 0u32); border.len()];
        for &b in &border {
            let c = cell_of(b.0, b.1);
            bucket[fill[c]] = b;
            fill[c] += 1;
        }
        let min_step = dx.min(dy);
        let max_ring = cx.max(cy) / 2 + 1;
        let mut best = vec![f64::INFINITY; self.count()];
        for &(ix, iy, l) in &border {
            let b = &mut best[l as usize - 1];
            let (bx, by) = ((ix / s) as isize, (iy / s) as isize);
            for r in 0..=max_ring as isize {
                // Any pixel in ring r is at least (r − 1)·s + 1 pixels away along one axis.
                if r >= 1 && *b <= ((r - 1) as f64 * s as f64 + 1.0) * min_step {
                    break;
                }
                for oy in -r..=r {
                    for ox in -r..=r {
                        if ox.abs() != r && oy.abs() != r {
                            continue;
                        }
                        let c = wrap(by + oy, cy) * cx + wrap(bx + ox, cx);
                        for &(jx, jy, m) in &bucket[start[c]..start[c + 1]] {
                            if m == l {
                                continue;
                            }
                            let ddx = min_image(ix, jx, nx) as f64 * dx;
                            let ddy = min_image(iy, jy, ny) as f64 * dy;
                            let d = (ddx * ddx + ddy * ddy).sqrt();
                            if d < *b {
                                *b = d;
                            }
                        }
                    }
                }
            }
        }
        Some(best)
    }

    /// Mean of the per-cluster d_c, d̄_c (Fig. 14) \[m\]; `None` with fewer than two clusters.
    pub fn mean_nearest_distance(&self, dx: f64, dy: f64) -> Option<f64> {
        let d = self.nearest_distances(dx, dy)?;
        Some(d.iter().sum::<f64>() / d.len() as f64)
    }
}

/// |i − j| under the minimum-image convention on a period of `n` pixels.
#[inline]
fn min_image(i: usize, j: usize, n: usize) -> usize {
    let d = i.abs_diff(j);
    d.min(n - d)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distances are sums of two squares of small integers times dx: exact up to one ulp.
    const TOL: f64 = 1e-12;

    fn mask(rows: &[&str]) -> (Vec<bool>, usize, usize) {
        let ny = rows.len();
        let nx = rows[0].len();
        // Row 0 of the picture is iy = 0.
        let m = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '#'))
            .collect();
        (m, nx, ny)
    }

    /// Naive O(P²) reference: every pair of contact pixels of different clusters.
    fn naive(c: &Clusters, dx: f64, dy: f64) -> Vec<f64> {
        let (nx, ny) = (c.nx, c.ny);
        let mut best = vec![f64::INFINITY; c.count()];
        for a in 0..nx * ny {
            for b in 0..nx * ny {
                let (la, lb) = (c.labels[a], c.labels[b]);
                if la == 0 || lb == 0 || la == lb {
                    continue;
                }
                let ddx = min_image(a % nx, b % nx, nx) as f64 * dx;
                let ddy = min_image(a / nx, b / nx, ny) as f64 * dy;
                let d = (ddx * ddx + ddy * ddy).sqrt();
                let e = &mut best[la as usize - 1];
                *e = e.min(d);
            }
        }
        best
    }

    #[test]
    fn clusters_wrapping_the_boundary_are_one() {
        let (m, nx, ny) = mask(&[
            "#......#", // joins across x
            "........", "...##...", "........", "......#.", "......#.", "........",
            "#.......", // joins row 0 across y (and x via row 0)
        ]);
        let c = Clusters::label(&m, nx, ny, Connectivity::Four);
        assert_eq!(c.count(), 3);
        let mut sizes = c.sizes().to_vec();
        sizes.sort();
        assert_eq!(sizes, vec![2, 2, 3]);
        // The wrapped corner cluster {(0,0),(7,0),(0,7)} to {(3,2),(4,2)}: Δ = (3, 2) → √13;
        // to {(6,4),(6,5)}: from (7,0) Δ = (1, 4)→√17, from (0,7) Δ = (2, 2) → √8 (via wrap).
        let d = c.nearest_distances(1.0, 1.0).unwrap();
        let label_of = |ix: usize, iy: usize| c.labels()[iy * nx + ix] as usize - 1;
        assert!((d[label_of(0, 0)] - 8f64.sqrt()).abs() < TOL);
        assert!((d[label_of(6, 4)] - 8f64.sqrt()).abs() < TOL);
        // {(3,2),(4,2)} to {(6,4)}: Δ = (2, 2) → √8; to the corner cluster √13.
        assert!((d[label_of(3, 2)] - 8f64.sqrt()).abs() < TOL);
        assert_eq!(d, naive(&c, 1.0, 1.0));
    }

    #[test]
    fn connectivity_changes_corner_contacts() {
        let (m, nx, ny) = mask(&["#...", ".#..", "....", "...."]);
        assert_eq!(Clusters::label(&m, nx, ny, Connectivity::Four).count(), 2);
        assert_eq!(Clusters::label(&m, nx, ny, Connectivity::Eight).count(), 1);
        // Diagonal neighbours across the periodic corner (0,0)–(3,3).
        let (m, nx, ny) = mask(&["#...", "....", "....", "...#"]);
        assert_eq!(Clusters::label(&m, nx, ny, Connectivity::Eight).count(), 1);
        let c = Clusters::label(&m, nx, ny, Connectivity::Four);
        assert_eq!(c.count(), 2);
        let d = c.nearest_distances(2.0, 3.0).unwrap();
        assert!((d[0] - 13f64.sqrt()).abs() < TOL);
        assert_eq!(c.mean_nearest_distance(2.0, 3.0), Some(d[0]));
    }

    #[test]
    fn single_or_no_cluster_has_no_distance() {
        let (m, nx, ny) = mask(&["##..", "....", "....", "##.."]);
        let c = Clusters::label(&m, nx, ny, Connectivity::Four);
        assert_eq!(c.count(), 1);
        assert_eq!(c.nearest_distances(1.0, 1.0), None);
        let c = Clusters::label(&[false; 16], 4, 4, Connectivity::Four);
        assert_eq!(c.count(), 0);
    }

    #[test]
    fn bucketed_search_matches_naive_on_random_masks() {
        use rand::Rng;
        let mut rng = crate::rng::stream_rng(9, 0);
        for &(nx, ny, fill) in &[
            (64usize, 32usize, 0.02),
            (48, 48, 0.3),
            (30, 20, 0.1),
            (7, 5, 0.3),
        ] {
            let m: Vec<bool> = (0..nx * ny).map(|_| rng.random::<f64>() < fill).collect();
            for conn in [Connectivity::Four, Connectivity::Eight] {
                let c = Clusters::label(&m, nx, ny, conn);
                if c.count() < 2 {
                    continue;
                }
                let fast = c.nearest_distances(1.5, 0.5).unwrap();
                assert_eq!(fast, naive(&c, 1.5, 0.5), "{nx}×{ny} fill {fill}");
            }
        }
    }
}
