//! Contact detection at the θ-predicted configuration q + h(1−θ)q̇ (seed 002 §2.2, after
//! Eq. 3) on a uniform cell grid, periodic in x when the domain has a period. Every disk pair of
//! two different bodies closer than the alert distance, and every disk closer than it to a
//! half-plane of another body, becomes a [`Contact`]. Output order is deterministic (by shape
//! index), so a run is bit-for-bit reproducible.

use super::body::{Body, Dof, Shape, rotate};
use super::contact::Contact;

/// A disk shape placed in the world.
#[derive(Debug, Clone, Copy)]
struct Element {
    body: usize,
    shape: u32,
    centre: [f64; 2],
    offset: [f64; 2],
    radius: f64,
}

/// A half-plane shape placed in the world.
#[derive(Debug, Clone, Copy)]
struct Plane {
    body: usize,
    shape: u32,
    y: f64,
    solid_below: bool,
}

/// Reusable scratch of the detector (no allocation once warmed up).
#[derive(Debug, Default, Clone)]
pub struct Detector {
    elements: Vec<Element>,
    planes: Vec<Plane>,
    cell_of: Vec<usize>,
    cell_start: Vec<usize>,
    cell_items: Vec<usize>,
}

/// x-difference under the minimum-image convention of period `period` (if any).
pub fn min_image(dx: f64, period: Option<f64>) -> f64 {
    match period {
        Some(l) => dx - l * (dx / l).round(),
        None => dx,
    }
}

fn has_free_dof(body: &Body) -> bool {
    body.dofs.contains(&Dof::Free)
}

impl Detector {
    /// Fills `out` with the contacts of `bodies` at configurations `q` (one per body; normally
    /// the θ-predicted ones) whose gap is at most `alert` (m). `period`: the x period (m).
    pub fn detect(
        &mut self,
        bodies: &[Body],
        q: &[[f64; 3]],
        period: Option<f64>,
        alert: f64,
        out: &mut Vec<Contact>,
    ) {
        out.clear();
        self.collect(bodies, q, period);
        let r_max = self.elements.iter().map(|e| e.radius).fold(0.0, f64::max);
        let cell = 2.0 * r_max + alert.max(0.0);
        let grid = if self.elements.len() > 8 && cell > 0.0 {
            self.bin(cell, period)
        } else {
            None
        };
        match grid {
            Some((nx, ny)) => self.pairs_on_grid(bodies, nx, ny, period, alert, out),
            None => {
                for i in 0..self.elements.len() {
                    for j in i + 1..self.elements.len() {
                        self.try_pair(bodies, i, j, period, alert, out);
                    }
                }
            }
        }
        self.plane_contacts(bodies, q, period, alert, out);
    }

    fn collect(&mut self, bodies: &[Body], q: &[[f64; 3]], period: Option<f64>) {
        self.elements.clear();
        self.planes.clear();
        let mut index = 0u32;
        for (bi, body) in bodies.iter().enumerate() {
            for shape in &body.shapes {
                match *shape {
                    Shape::Disk { offset, radius } => {
                        let off = rotate(offset, q[bi][2]);
                        let mut x = q[bi][0] + off[0];
                        if let Some(l) = period {
                            x = x.rem_euclid(l);
                        }
                        self.elements.push(Element {
                            body: bi,
                            shape: index,
                            centre: [x, q[bi][1] + off[1]],
                            offset: off,
                            radius,
                        });
                    }
                    Shape::HalfPlane {
                        y_offset,
                        solid_below,
                    } => self.planes.push(Plane {
                        body: bi,
                        shape: index,
                        y: q[bi][1] + y_offset,
                        solid_below,
                    }),
                }
                index += 1;
            }
        }
    }

    /// Counting-sort of the elements into cells; `None` when the periodic grid would have
    /// fewer than three columns (then the all-pairs loop is used).
    fn bin(&mut self, cell: f64, period: Option<f64>) -> Option<(usize, usize)> {
        let (x0, width, nx) = match period {
            Some(l) => {
                let nx = (l / cell).floor() as usize;
                if nx < 3 {
                    return None;
                }
                (0.0, l / nx as f64, nx)
            }
            None => {
                let lo = self
                    .elements
                    .iter()
                    .map(|e| e.centre[0])
                    .fold(f64::INFINITY, f64::min);
                let hi = self
                    .elements
                    .iter()
                    .map(|e| e.centre[0])
                    .fold(f64::NEG_INFINITY, f64::max);
                (
                    lo,
                    cell,
                    (((hi - lo) / cell).floor() as usize).saturating_add(1),
                )
            }
        };
        let y0 = self
            .elements
            .iter()
            .map(|e| e.centre[1])
            .fold(f64::INFINITY, f64::min);
        let y1 = self
            .elements
            .iter()
            .map(|e| e.centre[1])
            .fold(f64::NEG_INFINITY, f64::max);
        if !(y1 - y0).is_finite()
            || nx.saturating_mul((((y1 - y0) / cell) as usize).saturating_add(1)) > 1 << 26
        {
            return None;
        }
        let ny = ((y1 - y0) / cell).floor() as usize + 1;
        self.cell_of.clear();
        self.cell_start.clear();
        self.cell_start.resize(nx * ny + 1, 0);
        for e in &self.elements {
            let ix = (((e.centre[0] - x0) / width) as usize).min(nx - 1);
            let iy = (((e.centre[1] - y0) / cell) as usize).min(ny - 1);
            let c = iy * nx + ix;
            self.cell_of.push(c);
            self.cell_start[c + 1] += 1;
        }
        for c in 0..nx * ny {
            self.cell_start[c + 1] += self.cell_start[c];
        }
        self.cell_items.clear();
        self.cell_items.resize(self.elements.len(), 0);
        let mut fill = self.cell_start.clone();
        for (i, &c) in self.cell_of.iter().enumerate() {
            self.cell_items[fill[c]] = i;
            fill[c] += 1;
        }
        Some((nx, ny))
    }

    fn pairs_on_grid(
        &self,
        bodies: &[Body],
        nx: usize,
        ny: usize,
        period: Option<f64>,
        alert: f64,
        out: &mut Vec<Contact>,
    ) {
        for i in 0..self.elements.len() {
            let c = self.cell_of[i];
            let (ix, iy) = ((c % nx) as isize, (c / nx) as isize);
            for dy in -1..=1isize {
                let jy = iy + dy;
                if jy < 0 || jy >= ny as isize {
                    continue;
                }
                for dx in -1..=1isize {
                    let mut jx = ix + dx;
                    if period.is_some() {
                        jx = jx.rem_euclid(nx as isize);
                    } else if jx < 0 || jx >= nx as isize {
                        continue;
                    }
                    let cell = jy as usize * nx + jx as usize;
                    for &j in &self.cell_items[self.cell_start[cell]..self.cell_start[cell + 1]] {
                        if j > i {
                            self.try_pair(bodies, i, j, period, alert, out);
                        }
                    }
                }
            }
        }
    }

    fn try_pair(
        &self,
        bodies: &[Body],
        i: usize,
        j: usize,
        period: Option<f64>,
        alert: f64,
        out: &mut Vec<Contact>,
    ) {
        let (ea, eb) = (&self.elements[i], &self.elements[j]);
        if ea.body == eb.body || !(has_free_dof(&bodies[ea.body]) || has_free_dof(&bodies[eb.body]))
        {
            return;
        }
        let dx = min_image(eb.centre[0] - ea.centre[0], period);
        let dy = eb.centre[1] - ea.centre[1];
        let dist = (dx * dx + dy * dy).sqrt();
        let gap = dist - ea.radius - eb.radius;
        if gap > alert || dist == 0.0 {
            return;
        }
        let n = [dx / dist, dy / dist];
        let (sa, sb) = (ea.radius + 0.5 * gap, eb.radius + 0.5 * gap);
        out.push(Contact {
            a: ea.body,
            b: eb.body,
            shape_a: ea.shape,
            shape_b: eb.shape,
            n,
            lever_a: [ea.offset[0] + n[0] * sa, ea.offset[1] + n[1] * sa],
            lever_b: [eb.offset[0] - n[0] * sb, eb.offset[1] - n[1] * sb],
            gap,
        });
    }

    fn plane_contacts(
        &self,
        bodies: &[Body],
        q: &[[f64; 3]],
        period: Option<f64>,
        alert: f64,
        out: &mut Vec<Contact>,
    ) {
        for p in &self.planes {
            for e in &self.elements {
                if e.body == p.body
                    || !(has_free_dof(&bodies[e.body]) || has_free_dof(&bodies[p.body]))
                {
                    continue;
                }
                let (gap, ny) = if p.solid_below {
                    (e.centre[1] - p.y - e.radius, 1.0)
                } else {
                    (p.y - e.centre[1] - e.radius, -1.0)
                };
                if gap > alert {
                    continue;
                }
                let s = e.radius + 0.5 * gap;
                out.push(Contact {
                    a: p.body,
                    b: e.body,
                    shape_a: p.shape,
                    shape_b: e.shape,
                    n: [0.0, ny],
                    lever_a: [
                        min_image(e.centre[0] - q[p.body][0], period),
                        p.y + ny * 0.5 * gap - q[p.body][1],
                    ],
                    lever_b: [e.offset[0], e.offset[1] - ny * s],
                    gap,
                });
            }
        }
    }
}
