//! Connected-component labelling of a boolean grid (flood fill, after Rosenfeld & Pfaltz,
//! seed 000 Ref. \[49\]): one labeller for the contact clusters of the BEM (periodic grid,
//! 4- or 8-connectivity, seed 000 §6.3) and the tool-contact clusters under a flake (bounded
//! window, 8-connectivity, seed 000 §5 Step 1 / Fig. 8).
//!
//! Labels follow the row-major scan order of each component's first pixel (1, 2, …), so they
//! do not depend on the order in which neighbours are visited.

/// Which pixels are neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Connectivity {
    /// Edge neighbours (von Neumann).
    #[default]
    Four,
    /// Edge and corner neighbours (Moore).
    Eight,
}

/// What lies beyond the grid's edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// The grid is one period of a periodic plane: a component crossing an edge is one.
    Periodic,
    /// Nothing: pixels outside the grid are not neighbours.
    Bounded,
}

/// Edge-neighbour offsets (dx, dy).
pub const FOUR: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Edge- and corner-neighbour offsets (dx, dy).
pub const EIGHT: [(isize, isize); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// `i` wrapped onto 0..n (periodic index).
#[inline]
pub fn wrap(i: isize, n: usize) -> usize {
    i.rem_euclid(n as isize) as usize
}

/// Labels the components of the row-major `mask` (`nx × ny`, true = set) into `labels`
/// (resized to nx·ny; 0 = unset, k = component k) and their pixel counts into `sizes`
/// (index k − 1); `stack` is scratch. Returns the number of components. With an empty grid
/// (nx·ny = 0) there are none.
///
/// # Panics
/// If `mask.len() != nx·ny`.
#[allow(clippy::too_many_arguments)] // grid, rules, and three caller-supplied buffers
pub fn label_components_into(
    mask: &[bool],
    nx: usize,
    ny: usize,
    connectivity: Connectivity,
    boundary: Boundary,
    labels: &mut Vec<u32>,
    sizes: &mut Vec<usize>,
    stack: &mut Vec<usize>,
) -> usize {
    assert_eq!(mask.len(), nx * ny, "label_components: mask size");
    let steps: &[(isize, isize)] = match connectivity {
        Connectivity::Four => &FOUR,
        Connectivity::Eight => &EIGHT,
    };
    labels.clear();
    labels.resize(nx * ny, 0);
    sizes.clear();
    stack.clear();
    for start in 0..nx * ny {
        if !mask[start] || labels[start] != 0 {
            continue;
        }
        let id = sizes.len() as u32 + 1;
        labels[start] = id;
        stack.push(start);
        let mut size = 0;
        while let Some(k) = stack.pop() {
            size += 1;
            let (ix, iy) = ((k % nx) as isize, (k / nx) as isize);
            for &(sx, sy) in steps {
                let (x, y) = (ix + sx, iy + sy);
                let j = match boundary {
                    Boundary::Periodic => wrap(y, ny) * nx + wrap(x, nx),
                    Boundary::Bounded => {
                        if x < 0 || y < 0 || x >= nx as isize || y >= ny as isize {
                            continue;
                        }
                        y as usize * nx + x as usize
                    }
                };
                if mask[j] && labels[j] == 0 {
                    labels[j] = id;
                    stack.push(j);
                }
            }
        }
        sizes.push(size);
    }
    sizes.len()
}

/// Labels and component sizes of a mask (see [`label_components_into`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components {
    /// Row-major labels: 0 = unset, 1..=count = component.
    pub labels: Vec<u32>,
    /// Pixels per component (index = label − 1).
    pub sizes: Vec<usize>,
}

impl Components {
    /// Labels `mask` (allocating; [`label_components_into`] reuses buffers).
    pub fn label(
        mask: &[bool],
        nx: usize,
        ny: usize,
        connectivity: Connectivity,
        boundary: Boundary,
    ) -> Self {
        let mut c = Self::default();
        label_components_into(
            mask,
            nx,
            ny,
            connectivity,
            boundary,
            &mut c.labels,
            &mut c.sizes,
            &mut Vec::new(),
        );
        c
    }

    /// Number of components.
    pub fn count(&self) -> usize {
        self.sizes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(rows: &[&str]) -> (Vec<bool>, usize, usize) {
        let nx = rows[0].len();
        let m = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| b == b'#'))
            .collect();
        (m, nx, rows.len())
    }

    /// Naive oracle: components by repeated union of neighbouring labels until nothing
    /// changes (label = smallest pixel index of the component), counted afterwards.
    fn naive_count(m: &[bool], nx: usize, ny: usize, c: Connectivity, b: Boundary) -> usize {
        let steps: &[(isize, isize)] = if c == Connectivity::Four {
            &FOUR
        } else {
            &EIGHT
        };
        let mut lab: Vec<usize> = (0..m.len()).collect();
        loop {
            let mut changed = false;
            for k in 0..m.len() {
                if !m[k] {
                    continue;
                }
                let (x, y) = ((k % nx) as isize, (k / nx) as isize);
                for &(sx, sy) in steps {
                    let (xx, yy) = (x + sx, y + sy);
                    let j = if b == Boundary::Periodic {
                        wrap(yy, ny) * nx + wrap(xx, nx)
                    } else if xx < 0 || yy < 0 || xx >= nx as isize || yy >= ny as isize {
                        continue;
                    } else {
                        yy as usize * nx + xx as usize
                    };
                    if m[j] && lab[j] < lab[k] {
                        lab[k] = lab[j];
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        (0..m.len()).filter(|&k| m[k] && lab[k] == k).count()
    }

    #[test]
    fn periodic_and_bounded_counts_match_the_closed_cases() {
        // Two blobs touching across the left/right edge and one corner-only pair.
        let (m, nx, ny) = mask(&["#..#", "....", ".#..", "..#."]);
        let count = |c, b| Components::label(&m, nx, ny, c, b).count();
        // Bounded, 4: {0}, {3}, {9}, {14} → 4; periodic joins 0 and 3 → 3.
        assert_eq!(count(Connectivity::Four, Boundary::Bounded), 4);
        assert_eq!(count(Connectivity::Four, Boundary::Periodic), 3);
        // 8-connectivity joins the diagonal pair 9–14; periodic, 14 = (2, 3) also touches
        // 3 = (3, 0) diagonally across the bottom/top edge: one component.
        assert_eq!(count(Connectivity::Eight, Boundary::Bounded), 3);
        assert_eq!(count(Connectivity::Eight, Boundary::Periodic), 1);
        let c = Components::label(&m, nx, ny, Connectivity::Four, Boundary::Periodic);
        assert_eq!(c.sizes, vec![2, 1, 1]);
        assert_eq!(
            c.labels[3], 1,
            "the wrapped pixel joins the first component"
        );
    }

    #[test]
    fn agrees_with_a_naive_union_on_pseudo_random_masks() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut labels = Vec::new();
        let (mut sizes, mut stack) = (Vec::new(), Vec::new());
        for trial in 0..40 {
            let (nx, ny) = (3 + trial % 7, 2 + trial % 5);
            let m: Vec<bool> = (0..nx * ny)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state % 5 < 2
                })
                .collect();
            for c in [Connectivity::Four, Connectivity::Eight] {
                for b in [Boundary::Periodic, Boundary::Bounded] {
                    let n = label_components_into(
                        &m,
                        nx,
                        ny,
                        c,
                        b,
                        &mut labels,
                        &mut sizes,
                        &mut stack,
                    );
                    assert_eq!(n, naive_count(&m, nx, ny, c, b), "{nx}×{ny} {c:?} {b:?}");
                    assert_eq!(
                        sizes.iter().sum::<usize>(),
                        m.iter().filter(|&&x| x).count()
                    );
                }
            }
        }
    }
}
