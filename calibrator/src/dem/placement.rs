//! Initial flake placement: N_p flakes at random positions and orientations resting on h_Def
//! without overlap, or read from a CSV file.
//!
//! Random placement (one reproducible stream, `rng::stream_rng(seed, PLACEMENT_STREAM)`):
//! centre (x, y) uniform over the domain, yaw uniform in [0, 2π), tilt uniform in
//! [0, max_tilt] about a uniformly oriented horizontal axis. The height is the lowest at
//! which no h_Def node is inside the flake (z_c = max over the footprint of h_Def − z_low)
//! plus a clearance; the attempt is rejected if a tool node would be inside the flake or if
//! the flake could touch an earlier one (centre distance < 2a, minimum image).
//!
//! # Flakes wider than the gap (issue 42)
//!
//! The gap the flakes are placed in is the particle-free one loaded at p (seed 000 §5,
//! Eq. 17): its contact spots lie d̄_c apart (§6.3, Eq. 25–26; d̄_c ∝ 1/√p, App. E). A rigid
//! flat disk wider than the contact-free patches rarely rests on h_Def without some tool node
//! inside it: 50 µm × 0.5 µm flakes on 400 µm / 256² surfaces at 30 MPa found no room for all
//! 8 in 10 000 attempts each on any surface pair (on pair 0 of seed 0 not for the first; 6 of
//! its 8 needed a lift below). Such a flake is not in the particle-free gap at all — under
//! load the tool stands on it, as on a blocked flake (Eq. 18–19) — so the particle-free
//! loaded tool height is not its starting state.
//!
//! [`place_random_lifting`] therefore raises the tool. Each flake's attempts are drawn and
//! tested as above against the tool raised by the lift ΔZ so far (ΔZ = 0 at first); when none
//! fits, the attempt clear of the earlier flakes that needs the least further lift is taken,
//! resting on h_Def as every flake does, and ΔZ grows by that lift — max over its footprint of
//! (z_up − h_Tool − ΔZ) — plus the clearance. The least lift puts the flake where it
//! interferes least with the contacts (the widest sampled gap, where a frictionless flake
//! pressed between inclined surfaces is driven), and it is the smallest descent the tool
//! makes onto the flakes when the load comes back (below). Every flake starts clear of both
//! surfaces by the clearance, far within the penalty's design overlap (5 % of h_p,
//! [`super::penalty::OVERLAP_FRACTION`]; deeper, a flake is expelled at absurd speed).
//!
//! The slide then starts from the tool at z_T + ΔZ (`meso::Loaded::raised`). The first
//! contact update solves g* at p (Eq. 19–21) as every step does; no flake touches the raised
//! tool in three clusters (Fig. 8), so none is blocked and the solve lowers the tool by ΔZ to
//! the particle-free loaded height (to the BEM's tolerance; plus the first pixel's own
//! ploughing). Over the next pixel the surfaces are ramped into the DEM
//! (`meso::sliding::RAMP_STAGES`): the tool comes down onto the flakes, squeezes them against
//! h_Def until they meet it in three clusters, and from the next update on they carry load
//! through h*_Tool (Eq. 18).
//! Measured (50 µm, 30 MPa, β = 0.1, 0.08 m/s, pair 0): ΔZ = 0.96 µm (6 of 8 flakes lifted),
//! the first solve lowers the tool by 1.09 µm, 6 flakes are blocked after the second pixel,
//! 7.1 on average over the slide, none is lost. That pixel squeezes the flakes to a penalty
//! depth of 1.2 h_p, against ≈ 0.5 h_p that blocked 12 µm flakes reach as the tool's
//! asperities slide over them: a one-pixel transient of the rigid-surface DEM, not an
//! expulsion.
//!
//! What the rule changes: the lifted flakes start at the least-lift spots of their attempts,
//! not uniformly over the domain, and A_p of the first pixels carries the landing. As long as
//! every flake fits under the loaded tool, ΔZ = 0 exactly and the draws and accepted attempts
//! are those of [`place_random`]: every case that placed before places bit for bit the same.

use std::path::Path;

use rand::Rng;

use crate::io::flake_file::FlakeFileError;
use crate::io::placement::{PlacementFile, PlacementRow};
use crate::surface::HeightMap;

use super::error::DemError;
use super::flake::{FlakeFrame, FlakeShape};
use super::neighbours::min_image;
use super::quaternion::Quat;
use super::rigid_body::Flake;

/// The lowest tool offset at which tool and surface never interpenetrate along a slide in x:
/// max over rows of (max_x h_Def − min_x h_Tool).
pub fn touching_offset(def: &HeightMap, tool: &HeightMap) -> f64 {
    let nx = def.nx();
    def.heights()
        .chunks(nx)
        .zip(tool.heights().chunks(nx))
        .map(|(d, t)| {
            d.iter().copied().fold(f64::NEG_INFINITY, f64::max)
                - t.iter().copied().fold(f64::INFINITY, f64::min)
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

/// Stream index of the placement generator under the user's seed.
pub const PLACEMENT_STREAM: u64 = 0x00de_0001;

/// Random placement settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RandomPlacement {
    /// Number of flakes N_p.
    pub count: usize,
    /// Largest tilt of the symmetry axis from vertical \[rad\].
    pub max_tilt: f64,
    /// Gap left between the flake and the highest h_Def node under it \[m\].
    pub clearance: f64,
    /// Attempts per flake before giving up.
    pub max_attempts: usize,
}

impl RandomPlacement {
    /// `count` flakes, tilt ≤ 5°, clearance 1 nm, 10 000 attempts per flake.
    pub fn new(count: usize) -> Self {
        Self {
            count,
            max_tilt: 5f64.to_radians(),
            clearance: 1e-9,
            max_attempts: 10_000,
        }
    }
}

/// The centre height \[m\] at which a flake of `frame` at (x, y) rests on `def` (no node
/// inside, `clearance` above the highest), or `None` if a node of the tool (world heights
/// `tool`) would then be inside the flake.
pub fn resting_height(
    frame: &FlakeFrame,
    x: f64,
    y: f64,
    def: &HeightMap,
    tool: &HeightMap,
    clearance: f64,
) -> Option<f64> {
    let rest = Resting::on(frame, x, y, def, clearance)?;
    rest.fits(tool, 0.0).then_some(rest.z)
}

/// A flake resting on h_Def: its centre height and the upper ends of its vertical chords.
struct Resting {
    /// Centre height z_c = max over the footprint of (h_Def − z_low) + clearance \[m\].
    z: f64,
    /// (i, j, z_up − z_c) at every footprint node \[m\].
    chords: Vec<(isize, isize, f64)>,
}

impl Resting {
    /// The flake of `frame` at (x, y) resting on `def`, `None` if its footprint holds no node.
    fn on(frame: &FlakeFrame, x: f64, y: f64, def: &HeightMap, clearance: f64) -> Option<Self> {
        let [ex, ey, _] = frame.extent;
        let (dx, dy) = (def.dx(), def.dy());
        let (i0, i1) = (
            ((x - ex) / dx).ceil() as isize,
            ((x + ex) / dx).floor() as isize,
        );
        let (j0, j1) = (
            ((y - ey) / dy).ceil() as isize,
            ((y + ey) / dy).floor() as isize,
        );
        let mut chords = Vec::new();
        let mut z = f64::NEG_INFINITY;
        for j in j0..=j1 {
            for i in i0..=i1 {
                if let Some((lo, up)) = frame.vertical_extent(i as f64 * dx - x, j as f64 * dy - y)
                {
                    z = z.max(def.at(i, j) - lo);
                    chords.push((i, j, up));
                }
            }
        }
        z.is_finite().then_some(Self {
            z: z + clearance,
            chords,
        })
    }

    /// Whether every tool node under the flake, raised by `lift` \[m\], is above its upper
    /// surface (with `lift` = 0 the rule of [`resting_height`], bit for bit).
    fn fits(&self, tool: &HeightMap, lift: f64) -> bool {
        self.chords
            .iter()
            .all(|&(i, j, up)| tool.at(i, j) + lift > self.z + up)
    }

    /// The deepest a tool node is inside the flake, max (z_up − h_Tool) \[m\] (≤ 0: none is).
    fn interference(&self, tool: &HeightMap) -> f64 {
        self.chords
            .iter()
            .map(|&(i, j, up)| self.z + up - tool.at(i, j))
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// Places flakes at random (see the module doc). `tool` holds the tool's world heights at the
/// grid nodes (e.g. `DemSystem::tool_surface`, or h_Tool plus its offset).
///
/// # Errors
///
/// [`DemError::Placement`] when a flake cannot be placed without overlap within the attempt limit
/// (gap too narrow or domain too crowded).
pub fn place_random(
    shape: &FlakeShape,
    def: &HeightMap,
    tool: &HeightMap,
    spec: &RandomPlacement,
    seed: u64,
) -> Result<Vec<Flake>, DemError> {
    place(shape, def, tool, spec, seed, false).map(|p| p.flakes)
}

/// Flakes placed under a tool raised just enough for them ([`place_random_lifting`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LiftedPlacement {
    /// The flakes, resting on h_Def.
    pub flakes: Vec<Flake>,
    /// Lift ΔZ ≥ 0 of the tool above the `tool` heights given \[m\]: every flake fits under
    /// h_Tool + ΔZ. Exactly 0 when every flake fits under the loaded tool (the rule of
    /// [`place_random`]).
    pub lift: f64,
    /// Flakes placed at their least-lift attempt (none fitted under the tool raised so far).
    pub lifted: usize,
}

/// [`place_random`], and where no attempt of a flake fits under the tool (raised so far), its
/// attempt that needs the least further lift (clear of the earlier flakes) is taken and the
/// tool is raised by that lift plus the clearance (module doc, "Flakes wider than the gap").
/// The random stream and every accepted attempt are those of [`place_random`] as long as no
/// lift is needed, so a case that places today places identically, with ΔZ = 0.
///
/// # Errors
///
/// [`DemError::Placement`] when no attempt of a flake is clear of the earlier flakes (domain
/// too crowded).
pub fn place_random_lifting(
    shape: &FlakeShape,
    def: &HeightMap,
    tool: &HeightMap,
    spec: &RandomPlacement,
    seed: u64,
) -> Result<LiftedPlacement, DemError> {
    place(shape, def, tool, spec, seed, true)
}

/// The placement loop of [`place_random`] (`lifting` false) and [`place_random_lifting`].
fn place(
    shape: &FlakeShape,
    def: &HeightMap,
    tool: &HeightMap,
    spec: &RandomPlacement,
    seed: u64,
    lifting: bool,
) -> Result<LiftedPlacement, DemError> {
    let mut rng = crate::rng::stream_rng(seed, PLACEMENT_STREAM);
    let (lx, ly) = (def.lx(), def.ly());
    let mut flakes: Vec<Flake> = Vec::with_capacity(spec.count);
    let (mut lift, mut lifted) = (0.0, 0);
    for n in 0..spec.count {
        let mut placed = None;
        // Least further lift over the attempts clear of the earlier flakes, and its flake.
        let mut least: Option<(f64, Flake)> = None;
        for _ in 0..spec.max_attempts {
            let x = rng.random_range(0.0..lx);
            let y = rng.random_range(0.0..ly);
            let yaw = rng.random_range(0.0..std::f64::consts::TAU);
            let axis_angle = rng.random_range(0.0..std::f64::consts::TAU);
            let tilt = rng.random::<f64>() * spec.max_tilt;
            let q = Quat::from_axis_angle([axis_angle.cos(), axis_angle.sin(), 0.0], tilt)
                .compose(Quat::from_axis_angle([0.0, 0.0, 1.0], yaw));
            let frame = FlakeFrame::new(shape, q.to_matrix());
            let Some(rest) = Resting::on(&frame, x, y, def, spec.clearance) else {
                continue;
            };
            let fits = rest.fits(tool, lift);
            if !(fits || lifting) {
                continue;
            }
            let z = rest.z;
            let clear = flakes.iter().all(|f| {
                let ddx = min_image(f.position[0] - x, lx);
                let ddy = min_image(f.position[1] - y, ly);
                let ddz = f.position[2] - z;
                ddx * ddx + ddy * ddy + ddz * ddz >= 4.0 * shape.a * shape.a
            });
            if !clear {
                continue;
            }
            if fits {
                placed = Some(Flake::at_rest([x, y, z], q));
                break;
            }
            let need = rest.interference(tool) + spec.clearance - lift;
            if least.as_ref().is_none_or(|(l, _)| need < *l) {
                least = Some((need, Flake::at_rest([x, y, z], q)));
            }
        }
        if placed.is_none()
            && let Some((need, f)) = least
        {
            lift += need;
            lifted += 1;
            placed = Some(f);
        }
        match placed {
            Some(f) => flakes.push(f),
            None => {
                return Err(DemError::Placement(format!(
                    "could not place flake {} of {} without overlap in {} attempts \
                     (gap too narrow or domain too crowded)",
                    n + 1,
                    spec.count,
                    spec.max_attempts
                )));
            }
        }
    }
    Ok(LiftedPlacement {
        flakes,
        lift,
        lifted,
    })
}

/// Largest overlap of a given flake with the surfaces, as a fraction of its thickness: the
/// penalty stiffness is sized for ≤ 5 % (see `dem::penalty`); deeper, the flake is expelled
/// at absurd speed (6.9e5 m/s was seen).
const MAX_OVERLAP_FRACTION: f64 = 0.05;

/// Reads flakes from a CSV file ([`crate::io::placement`]: `x,y` \[m\] required; `z` \[m\]
/// optional (absent: rest on h_Def); `qw,qx,qy,qz` optional (absent: flat); `vx,vy,vz`
/// \[m/s\] optional) and places each against the surfaces: a given `z` may not sink into
/// them by more than 5 % of the thickness, and no two flakes may overlap.
///
/// # Errors
///
/// The reader's errors ([`PlacementFile::read`] and its rows): [`FlakeFileError::Read`],
/// [`FlakeFileError::Cell`], [`FlakeFileError::Empty`], [`FlakeFileError::Header`],
/// [`FlakeFileError::Missing`], [`FlakeFileError::ZeroQuaternion`], [`FlakeFileError::Unit`];
/// then, placing the flakes, [`FlakeFileError::OutsideDomain`] for a centre outside the
/// surfaces' periodic domain (never wrapped), [`FlakeFileError::Inside`] for a given `z` sunk into a surface, [`FlakeFileError::NoRoom`]
/// when no resting height exists between the surfaces at (x, y), and
/// [`FlakeFileError::Overlap`] for two flakes that overlap.
pub fn read_csv(
    path: &Path,
    shape: &FlakeShape,
    def: &HeightMap,
    tool: &HeightMap,
) -> Result<Vec<Flake>, FlakeFileError> {
    let placement = PlacementFile::read(path)?;
    let file = || path.to_path_buf();
    let mut out = Vec::new();
    for row in placement.rows() {
        let PlacementRow {
            line,
            x,
            y,
            z,
            orientation,
            velocity,
        } = row?;
        // The periodic domain of the surfaces: a centre outside it is refused, never wrapped
        // (a file in µm without its `[um]` header, a position at 5 m).
        let (lx, ly) = (def.nx() as f64 * def.dx(), def.ny() as f64 * def.dy());
        if !((0.0..lx).contains(&x) && (0.0..ly).contains(&y)) {
            return Err(FlakeFileError::OutsideDomain {
                path: file(),
                line,
                x,
                y,
                lx,
                ly,
            });
        }
        let q = orientation.map_or(Quat::IDENTITY, |[w, x, y, z]| {
            Quat { w, x, y, z }.normalized()
        });
        let frame = FlakeFrame::new(shape, q.to_matrix());
        let z = match z {
            Some(z) => {
                let rest = resting_height(&frame, x, y, def, tool, 0.0);
                if rest.is_none_or(|r| z < r - MAX_OVERLAP_FRACTION * 2.0 * shape.c) {
                    return Err(FlakeFileError::Inside {
                        path: file(),
                        line,
                        x,
                        y,
                        z,
                        rest,
                        allowed_percent: MAX_OVERLAP_FRACTION * 100.0,
                    });
                }
                z
            }
            None => resting_height(&frame, x, y, def, tool, 1e-9).ok_or_else(|| {
                FlakeFileError::NoRoom {
                    path: file(),
                    line,
                    x,
                    y,
                }
            })?,
        };
        if let Some(k) = out.iter().position(|o: &Flake| {
            let d = [o.position[0] - x, o.position[1] - y, o.position[2] - z];
            (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() < 2.0 * shape.c
        }) {
            return Err(FlakeFileError::Overlap {
                path: file(),
                line,
                x,
                y,
                z,
                other: k + 1,
                thickness: 2.0 * shape.c,
            });
        }
        let mut f = Flake::at_rest([x, y, z], q);
        for (k, v) in velocity.iter().enumerate() {
            if let Some(v) = v {
                f.velocity[k] = *v;
            }
        }
        out.push(f);
    }
    Ok(out)
}

/// Area fraction β = a_p·N_p/A_0 (seed 000 Eq. 10).
pub fn area_fraction(shape: &FlakeShape, n_p: usize, map: &HeightMap) -> f64 {
    shape.projected_area() * n_p as f64 / (map.lx() * map.ly())
}
