//! Triangulations of 2D bodies: a structured rectangle, any simple polygon (constrained
//! Delaunay triangulation by the `spade` crate) and the polygon under a 1D surface profile.

use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};

use super::vec2::V2;

/// Why a body could not be meshed.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum MeshError {
    /// Fewer than three polygon vertices, a non-positive spacing, or non-finite input.
    #[error("invalid polygon or spacing: {0}")]
    Invalid(&'static str),
    /// The triangulation crate refused the points.
    #[error("triangulation failed: {0}")]
    Triangulation(String),
    /// The polygon's boundary crosses itself.
    #[error("the polygon's boundary intersects itself")]
    SelfIntersecting,
}

/// Smallest kept triangle area relative to h² (real triangles are ≈ 0.4 h²).
const SLIVER_AREA: f64 = 1e-6;

/// A triangle mesh: points and counter-clockwise triangles indexing them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Mesh {
    /// Vertex positions \[m\].
    pub points: Vec<V2>,
    /// Counter-clockwise triangles.
    pub triangles: Vec<[u32; 3]>,
}

impl Mesh {
    /// Total area \[m²\].
    pub fn area(&self) -> f64 {
        self.triangles
            .iter()
            .map(|t| {
                signed_area(
                    self.points[t[0] as usize],
                    self.points[t[1] as usize],
                    self.points[t[2] as usize],
                )
            })
            .sum()
    }
}

/// Signed area of triangle (a, b, c), positive when counter-clockwise.
pub fn signed_area(a: V2, b: V2, c: V2) -> f64 {
    0.5 * (b - a).cross(c - a)
}

/// A structured mesh of the rectangle [x0, x0 + w] × [y0, y0 + h] with nx × ny cells, each
/// cut along alternating diagonals (a "union-jack"-free, direction-balanced pattern).
///
/// # Errors
///
/// [`MeshError::Invalid`] when `nx` or `ny` is 0 or a side of `size` is not > 0.
pub fn rectangle(origin: V2, size: V2, nx: usize, ny: usize) -> Result<Mesh, MeshError> {
    if nx == 0 || ny == 0 || !(size.x > 0.0 && size.y > 0.0) {
        return Err(MeshError::Invalid(
            "rectangle needs positive size and cells",
        ));
    }
    let (dx, dy) = (size.x / nx as f64, size.y / ny as f64);
    let mut points = Vec::with_capacity((nx + 1) * (ny + 1));
    for j in 0..=ny {
        for i in 0..=nx {
            points.push(origin + V2::new(i as f64 * dx, j as f64 * dy));
        }
    }
    let id = |i: usize, j: usize| (j * (nx + 1) + i) as u32;
    let mut triangles = Vec::with_capacity(2 * nx * ny);
    for j in 0..ny {
        for i in 0..nx {
            let (a, b, c, d) = (id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1));
            if (i + j) % 2 == 0 {
                triangles.push([a, b, c]);
                triangles.push([a, c, d]);
            } else {
                triangles.push([a, b, d]);
                triangles.push([b, c, d]);
            }
        }
    }
    Ok(Mesh { points, triangles })
}

/// Meshes a simple polygon (vertices in either orientation) with target element spacing `h`:
/// the boundary is subdivided at spacing ≤ h, the interior filled with a triangular lattice of
/// spacing h (points closer than ½h to the boundary dropped), and the constrained Delaunay
/// triangulation kept where the triangle centroid lies inside the polygon.
///
/// # Errors
///
/// [`MeshError::Invalid`] for fewer than three vertices, a non-finite vertex or `h` not > 0;
/// [`MeshError::Triangulation`] when the triangulation crate refuses the points (or they hold
/// duplicates); [`MeshError::SelfIntersecting`] when the boundary crosses itself.
pub fn polygon(vertices: &[V2], h: f64) -> Result<Mesh, MeshError> {
    if vertices.len() < 3
        || h.is_nan()
        || h <= 0.0
        || vertices
            .iter()
            .any(|v| !v.x.is_finite() || !v.y.is_finite())
    {
        return Err(MeshError::Invalid(
            "polygon needs ≥ 3 finite vertices and h > 0",
        ));
    }
    let n = vertices.len();
    let mut points: Vec<V2> = Vec::new();
    let mut edges: Vec<[usize; 2]> = Vec::new();
    for k in 0..n {
        let (a, b) = (vertices[k], vertices[(k + 1) % n]);
        let m = ((b - a).norm() / h).ceil().max(1.0) as usize;
        for i in 0..m {
            points.push(a + (b - a) * (i as f64 / m as f64));
        }
    }
    let nb = points.len();
    for i in 0..nb {
        edges.push([i, (i + 1) % nb]);
    }
    let (lo, hi) = bounds(vertices);
    let dy = h * 3f64.sqrt() / 2.0;
    let rows = ((hi.y - lo.y) / dy).ceil() as usize + 1;
    let cols = ((hi.x - lo.x) / h).ceil() as usize + 2;
    for r in 0..rows {
        let y = lo.y + r as f64 * dy;
        let shift = if r % 2 == 1 { 0.5 * h } else { 0.0 };
        for c in 0..cols {
            let p = V2::new(lo.x + shift + c as f64 * h, y);
            if inside(vertices, p) && boundary_distance(vertices, p) > 0.5 * h {
                points.push(p);
            }
        }
    }
    let spade_points: Vec<Point2<f64>> = points.iter().map(|p| Point2::new(p.x, p.y)).collect();
    let mut conflict = false;
    let cdt = ConstrainedDelaunayTriangulation::<Point2<f64>>::try_bulk_load_cdt(
        spade_points,
        edges,
        |_| conflict = true,
    )
    .map_err(|e| MeshError::Triangulation(format!("{e:?}")))?;
    if conflict {
        return Err(MeshError::SelfIntersecting);
    }
    if cdt.num_vertices() != points.len() {
        return Err(MeshError::Triangulation("duplicate points".into()));
    }
    let mut triangles = Vec::new();
    for face in cdt.inner_faces() {
        let v = face.vertices().map(|v| v.index() as u32);
        let [a, b, c] = v.map(|i| points[i as usize]);
        let centroid = (a + b + c) * (1.0 / 3.0);
        // Nearly collinear runs of subdivided boundary points give slivers of area ~1e-16 h²
        // along the boundary: not matter, dropped.
        if signed_area(a, b, c) > SLIVER_AREA * h * h && inside(vertices, centroid) {
            triangles.push(v);
        }
    }
    Ok(Mesh { points, triangles })
}

/// Meshes the disc of radius `r` \[m\] about `centre` at spacing `h` (its boundary a regular
/// polygon of ≈ 2πr/h sides, at least 8).
///
/// # Errors
///
/// As [`polygon`] on the ring: [`MeshError::Invalid`] for a non-finite `centre` or `r` or
/// `h` ≤ 0; [`MeshError::Triangulation`] for `r` = 0 (coincident vertices).
pub fn circle(centre: V2, r: f64, h: f64) -> Result<Mesh, MeshError> {
    let n = ((std::f64::consts::TAU * r / h).round() as usize).max(8);
    let ring: Vec<V2> = (0..n)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / n as f64;
            centre + V2::new(r * a.cos(), r * a.sin())
        })
        .collect();
    polygon(&ring, h)
}

/// The polygon under a surface profile: heights `z[i]` at x = x0 + i·dx form the top boundary
/// (left to right); the body extends down to y = `base` (below every height).
///
/// # Errors
///
/// [`MeshError::Invalid`] for fewer than two heights, `dx` not > 0, or a height NaN or not above
/// `base`.
pub fn profile_polygon(z: &[f64], x0: f64, dx: f64, base: f64) -> Result<Vec<V2>, MeshError> {
    if z.len() < 2 || dx.is_nan() || dx <= 0.0 || z.iter().any(|&h| h.is_nan() || h <= base) {
        return Err(MeshError::Invalid(
            "profile needs ≥ 2 heights above the base and dx > 0",
        ));
    }
    let mut v = Vec::with_capacity(z.len() + 2);
    let last = x0 + (z.len() - 1) as f64 * dx;
    v.push(V2::new(x0, base));
    v.push(V2::new(last, base));
    for (i, &h) in z.iter().enumerate().rev() {
        v.push(V2::new(x0 + i as f64 * dx, h));
    }
    Ok(v)
}

/// The polygon above a surface profile: heights `z[i]` at x = x0 + i·dx form the bottom
/// boundary; the body extends up to y = `top` (above every height).
///
/// # Errors
///
/// [`MeshError::Invalid`] for fewer than two heights, `dx` not > 0, or a height NaN or not below
/// `top`.
pub fn profile_polygon_above(z: &[f64], x0: f64, dx: f64, top: f64) -> Result<Vec<V2>, MeshError> {
    if z.len() < 2 || dx.is_nan() || dx <= 0.0 || z.iter().any(|&h| h.is_nan() || h >= top) {
        return Err(MeshError::Invalid(
            "profile needs ≥ 2 heights below the top and dx > 0",
        ));
    }
    let last = x0 + (z.len() - 1) as f64 * dx;
    let mut v: Vec<V2> = z
        .iter()
        .enumerate()
        .map(|(i, &h)| V2::new(x0 + i as f64 * dx, h))
        .collect();
    v.push(V2::new(last, top));
    v.push(V2::new(x0, top));
    Ok(v)
}

fn bounds(v: &[V2]) -> (V2, V2) {
    v.iter().fold(
        (
            V2::new(f64::INFINITY, f64::INFINITY),
            V2::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        ),
        |(lo, hi), p| {
            (
                V2::new(lo.x.min(p.x), lo.y.min(p.y)),
                V2::new(hi.x.max(p.x), hi.y.max(p.y)),
            )
        },
    )
}

/// Even–odd point-in-polygon test.
pub fn inside(poly: &[V2], p: V2) -> bool {
    let n = poly.len();
    let mut c = false;
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                c = !c;
            }
        }
    }
    c
}

/// Distance from `p` to segment [a, b].
pub fn segment_distance(p: V2, a: V2, b: V2) -> f64 {
    let d = b - a;
    let l2 = d.norm2();
    let t = if l2 > 0.0 {
        ((p - a).dot(d) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + d * t)).norm()
}

fn boundary_distance(poly: &[V2], p: V2) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| segment_distance(p, poly[i], poly[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
}
