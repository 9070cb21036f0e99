//! Contact joints formed, broken and kept unique (seed 001 §3.3), with the friction update of
//! §3.4 ([`super::friction`]), searched in linear time by a hashed cell grid (the seed's
//! search is quadratic, §3.3.1).

use std::collections::HashSet;

use super::build::boundary_edges;
use super::friction::{apply_friction, plane_stress};
use super::joint::{JointReference, respond};
use super::mesh::segment_distance;
use super::system::{ContactJoint, ElementAssembly};
use super::vec2::V2;

/// Smallest area of a new contact joint relative to its boundary edge length squared: a
/// nearly collinear third element gives no contact plane.
const MIN_AREA_RATIO: f64 = 1e-3;

/// Cached topology and the search grid, reused between steps.
#[derive(Debug, Clone, Default)]
pub struct ContactScratch {
    /// (interior joint count, element count) the caches were built for.
    key: (usize, usize),
    boundary: Vec<(u32, u32)>,
    interior_edges: HashSet<(u32, u32)>,
    contact_edges: HashSet<(u32, u32)>,
    grid: CellGrid,
}

/// A spatial hash of points into square cells, filled by counting sort (linear time).
#[derive(Debug, Clone, Default)]
pub struct CellGrid {
    cell: f64,
    mask: usize,
    starts: Vec<usize>,
    items: Vec<u32>,
    keys: Vec<usize>,
}

fn hash_cell(cx: i64, cy: i64) -> usize {
    (cx.wrapping_mul(0x9E37_79B1) ^ cy.wrapping_mul(0x85EB_CA77)) as usize
}

impl CellGrid {
    /// Rebuilds the grid over the points `ids` (positions `pos`) with cell size `cell`.
    pub fn build(&mut self, pos: &[V2], ids: impl Iterator<Item = u32> + Clone, cell: f64) {
        let n = ids.clone().count().max(1);
        let buckets = (2 * n).next_power_of_two();
        self.cell = cell;
        self.mask = buckets - 1;
        self.starts.clear();
        self.starts.resize(buckets + 1, 0);
        self.keys.clear();
        for i in ids.clone() {
            let p = pos[i as usize];
            let k = hash_cell((p.x / cell).floor() as i64, (p.y / cell).floor() as i64) & self.mask;
            self.keys.push(k);
            self.starts[k + 1] += 1;
        }
        for b in 0..buckets {
            self.starts[b + 1] += self.starts[b];
        }
        self.items.clear();
        self.items.resize(self.keys.len(), 0);
        let mut fill = self.starts.clone();
        for (i, k) in ids.zip(self.keys.iter()) {
            self.items[fill[*k]] = i;
            fill[*k] += 1;
        }
    }

    /// Calls `f` with every point whose cell meets the disc (centre, radius) (a superset:
    /// hash collisions and cell corners are filtered by the caller's exact test).
    pub fn for_each_near(&self, centre: V2, radius: f64, mut f: impl FnMut(u32)) {
        let c = self.cell;
        let (x0, x1) = (
            ((centre.x - radius) / c).floor() as i64,
            ((centre.x + radius) / c).floor() as i64,
        );
        let (y0, y1) = (
            ((centre.y - radius) / c).floor() as i64,
            ((centre.y + radius) / c).floor() as i64,
        );
        let mut seen: [usize; 16] = [usize::MAX; 16];
        let mut n_seen = 0;
        for cx in x0..=x1 {
            for cy in y0..=y1 {
                let b = hash_cell(cx, cy) & self.mask;
                // Distinct cells may share a bucket: visit each bucket once.
                if seen[..n_seen.min(16)].contains(&b) {
                    continue;
                }
                if n_seen < 16 {
                    seen[n_seen] = b;
                }
                n_seen += 1;
                for &i in &self.items[self.starts[b]..self.starts[b + 1]] {
                    f(i);
                }
            }
        }
    }
}

/// Counts of the contact events of one update.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ContactEvents {
    /// Joints formed.
    pub formed: usize,
    /// Joints removed by the pull-apart condition.
    pub pulled_apart: usize,
    /// Joints removed by the slide-off condition.
    pub slid_off: usize,
    /// Joints that slipped.
    pub slipped: usize,
}

/// One contact update after the positions moved: friction (Eq. 19), breaking (§3.3.2), then
/// forming (§3.3.1).
pub fn update(sys: &mut ElementAssembly, scratch: &mut ContactScratch) -> ContactEvents {
    let mut ev = ContactEvents::default();
    let lame = sys.material.lame();
    let law = sys.contact_law;
    // Friction.
    for j in sys.contact.iter_mut() {
        let p = sys.elements.triangle(j.members);
        let out = apply_friction(j, p, &lame, law.mu_static, law.mu_kinetic);
        if out.slip != 0.0 {
            ev.slipped += 1;
            sys.dissipation.friction += out.dissipated;
        }
    }
    // Breaking.
    let el = &sys.elements;
    let mut broken_energy = 0.0;
    sys.contact.retain(|j| {
        let p = el.triangle(j.members);
        let s = [p[2] - p[1], p[0] - p[2], p[1] - p[0]];
        let l2 = s[2].norm2();
        let slide = s[0].dot(s[2]) / l2 > law.slide_off || s[1].dot(s[2]) / l2 > law.slide_off;
        let pulled = !slide && plane_stress(p, &j.reference, &lame).normal > law.adhesion;
        if slide || pulled {
            broken_energy += respond(p, &j.reference, &lame).energy;
            if slide {
                ev.slid_off += 1;
            } else {
                ev.pulled_apart += 1;
            }
        }
        !(slide || pulled)
    });
    sys.dissipation.contact_break += broken_energy;
    ev.formed = form(sys, scratch);
    ev
}

fn refresh_topology(sys: &ElementAssembly, scratch: &mut ContactScratch) {
    let key = (sys.interior.len(), sys.elements.len());
    if scratch.key == key && !scratch.boundary.is_empty() {
        return;
    }
    scratch.key = key;
    scratch.boundary = boundary_edges(sys);
    scratch.interior_edges.clear();
    for j in &sys.interior {
        let m = j.members;
        for k in 0..3 {
            scratch.interior_edges.insert((m[k], m[(k + 1) % 3]));
        }
    }
}

/// Forms every admissible contact joint (§3.3.1): for each boundary edge e₂ → e₁ the surface
/// element e₃ closest to the edge among those satisfying the proximity constraint
/// ‖p₃ − p₁‖ < r₃ + r₁, ‖p₃ − p₂‖ < r₃ + r₂, on the outer side, such that none of the new
/// joint's directed edges already exists. Returns the number formed.
pub fn form(sys: &mut ElementAssembly, scratch: &mut ContactScratch) -> usize {
    refresh_topology(sys, scratch);
    let el = &sys.elements;
    scratch.contact_edges.clear();
    for j in &sys.contact {
        let m = j.members;
        for k in 0..3 {
            scratch.contact_edges.insert((m[k], m[(k + 1) % 3]));
        }
    }
    let surface_ids = (0..el.len() as u32).filter(|&i| el.surface[i as usize]);
    let r_max = surface_ids
        .clone()
        .map(|i| el.radius[i as usize])
        .fold(0.0, f64::max);
    if r_max <= 0.0 {
        return 0;
    }
    scratch.grid.build(&el.pos, surface_ids, 2.0 * r_max);
    let mut formed = 0;
    for &(a, b) in &scratch.boundary {
        // New joint (e₁, e₂, e₃) = (b, a, c): the boundary edge is e₂ → e₁.
        if scratch.contact_edges.contains(&(b, a)) {
            continue;
        }
        let (pa, pb) = (el.pos[a as usize], el.pos[b as usize]);
        let (ra, rb) = (el.radius[a as usize], el.radius[b as usize]);
        let edge2 = (pa - pb).norm2();
        let mut best: Option<(f64, u32)> = None;
        let taken = |e: (u32, u32)| {
            scratch.interior_edges.contains(&e) || scratch.contact_edges.contains(&e)
        };
        scratch.grid.for_each_near(pa, ra + r_max, |c| {
            if c == a || c == b {
                return;
            }
            let pc = el.pos[c as usize];
            let rc = el.radius[c as usize];
            if (pc - pa).norm() >= rc + ra || (pc - pb).norm() >= rc + rb {
                return;
            }
            if 0.5 * (pa - pb).cross(pc - pb) <= MIN_AREA_RATIO * edge2 {
                return;
            }
            if taken((a, c)) || taken((c, b)) {
                return;
            }
            let d = segment_distance(pc, pa, pb);
            if best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
                best = Some((d, c));
            }
        });
        if let Some((_, c)) = best {
            let members = [b, a, c];
            if let Some(reference) = JointReference::try_from_positions(el.triangle(members)) {
                sys.contact.push(ContactJoint {
                    members,
                    reference,
                    slipping: false,
                });
                for k in 0..3 {
                    scratch
                        .contact_edges
                        .insert((members[k], members[(k + 1) % 3]));
                }
                formed += 1;
            }
        }
    }
    formed
}
