//! [`DemState`]: what every integrator advances — the flakes, the two surfaces, the tool's
//! sliding position and the loads of the current state — and the pieces of Eq. 15–16 they all
//! read: the contact loads ([`super::loads`]) and the drag's target ([`super::drag`]).
//!
//! Frames: world x, y are the grid of h_Def (node (i, j) at (i·δx, j·δy)); z is up. The tool's
//! node (i, j) is at x = i·δx + s (s: sliding displacement, continuous) and height
//! `tool_offset + h_Tool(i, j)`. At whole-pixel displacements s = k·δx the tool seen on the
//! grid is `h_Tool.shifted(k, 0)` plus the offset; in between it is linearly interpolated
//! along x.

use crate::surface::HeightMap;

use super::blocked::{Footprint, footprint};
use super::contact_surface::PlacedSurface;
use super::drag::{DragFrame, couette_flow, jeffery_angular_velocity};
use super::flake::FlakeFrame;
use super::loads::{Loads, Scene, StiffnessKind};
use super::params::DemParams;
use super::quaternion::Vec3;
use super::rigid_body::{Drive, Flake, RigidBody};

/// The state a [`super::integrator::Integrator`] advances (owned by [`super::DemSystem`]).
#[derive(Debug)]
pub struct DemState {
    pub(super) params: DemParams,
    pub(super) body: RigidBody,
    pub(super) samples: Vec<Vec3>,
    pub(super) deformable: HeightMap,
    pub(super) tool: HeightMap,
    pub(super) tool_offset: f64,
    pub(super) tool_pixels: i64,
    pub(super) tool_frac: f64,
    pub(super) time: f64,
    pub(super) steps: u64,
    pub(super) flakes: Vec<Flake>,
    /// Loads at the current state (valid when `forces_valid`).
    pub(super) loads: Loads,
    pub(super) max_depth_seen: f64,
    pub(super) forces_valid: bool,
    pub(super) external_force: Vec3,
    pub(super) parallel: bool,
    /// Per flake, the drag's target velocity and angular velocity (lubricant frame only).
    pub(super) drag_targets: Vec<(Vec3, Vec3)>,
}

impl DemState {
    /// Parameters.
    pub fn params(&self) -> &DemParams {
        &self.params
    }

    /// The flakes' states.
    pub fn flakes(&self) -> &[Flake] {
        &self.flakes
    }

    /// Tool sliding displacement s \[m\].
    pub fn tool_displacement(&self) -> f64 {
        (self.tool_pixels as f64 + self.tool_frac) * self.deformable.dx()
    }

    /// Moves the tool by v0·dt.
    pub(super) fn advance_tool(&mut self, dt: f64) {
        self.tool_frac += self.params.tool_velocity * dt / self.deformable.dx();
        while self.tool_frac >= 1.0 {
            self.tool_frac -= 1.0;
            self.tool_pixels += 1;
        }
        while self.tool_frac < 0.0 {
            self.tool_frac += 1.0;
            self.tool_pixels -= 1;
        }
    }

    /// The lubricant's Couette velocity and Jeffery rotation at every flake centre, from the
    /// current positions, orientations and surfaces ([`super::drag`]); empty in the sheet
    /// frame (the drag pulls toward rest).
    fn update_drag_targets(&mut self) {
        self.drag_targets.clear();
        if self.params.drag_frame != DragFrame::Lubricant {
            return;
        }
        let shift = self.tool_displacement();
        let (params, def, tool, offset) =
            (&self.params, &self.deformable, &self.tool, self.tool_offset);
        self.drag_targets.extend(
            self.flakes
                .iter()
                .map(|f| drag_target(params, def, tool, offset, f, shift)),
        );
    }

    /// Wraps the flakes' x, y into the periodic domain.
    pub(super) fn wrap_positions(&mut self) {
        let (lx, ly) = (self.deformable.lx(), self.deformable.ly());
        for f in &mut self.flakes {
            f.position[0] = f.position[0].rem_euclid(lx);
            f.position[1] = f.position[1].rem_euclid(ly);
        }
    }

    /// Evaluates the loads unless they are valid for the current state.
    pub(super) fn ensure_forces(&mut self) {
        if !self.forces_valid {
            self.compute_forces();
        }
    }

    /// The loads' scene with the tool at sliding displacement `shift` \[m\].
    pub(super) fn scene(&self, shift: f64) -> Scene<'_> {
        let lower = PlacedSurface::of(&self.deformable, 0.0, 0.0);
        let upper = PlacedSurface::of(&self.tool, shift, self.tool_offset);
        Scene {
            shape: self.params.shape,
            stiffness: self.params.stiffness,
            lower,
            upper,
            samples: &self.samples,
            external_force: self.external_force,
            parallel: self.parallel,
        }
    }

    /// Evaluates all contact forces, torques and the penalty energy at the current state
    /// (no stiffness), and the drag's targets.
    pub(super) fn compute_forces(&mut self) {
        let mut loads = std::mem::take(&mut self.loads);
        loads.evaluate(
            &self.scene(self.tool_displacement()),
            &self.flakes,
            StiffnessKind::None,
        );
        self.loads = loads;
        self.max_depth_seen = self.max_depth_seen.max(self.loads.max_depth);
        self.update_drag_targets();
        self.forces_valid = true;
    }

    /// World heights of the tool at the grid nodes at the current displacement (linear
    /// interpolation along x between the tool's nodes; exact at whole pixels).
    ///
    /// # Panics
    ///
    /// Not for the state of a system built by [`super::DemSystem::new`]: the tool map is valid
    /// and the offset finite ([`super::DemSystem::set_tool_offset`] refuses others), so the
    /// shifted heights are a valid map.
    pub fn tool_surface(&self) -> HeightMap {
        let s = self;
        let t = &s.tool;
        let (nx, ny) = (t.nx(), t.ny());
        let f = s.tool_frac;
        let mut h = Vec::with_capacity(nx * ny);
        for iy in 0..ny as isize {
            for ix in 0..nx as isize {
                let m = ix - s.tool_pixels as isize;
                let v = if f == 0.0 {
                    t.at(m, iy)
                } else {
                    t.at(m - 1, iy) * f + t.at(m, iy) * (1.0 - f)
                };
                h.push(v + s.tool_offset);
            }
        }
        HeightMap::new(nx, ny, t.dx(), t.dy(), h).expect("tool surface from a valid tool map")
    }

    /// Footprints and tool-contact clusters of all flakes (Fig. 8).
    pub fn footprints(&self) -> Vec<Footprint> {
        let tool = self.tool_surface();
        let d = &self.deformable;
        let shape = self.params.shape;
        self.flakes
            .iter()
            .map(|f| {
                let fr = FlakeFrame::new(&shape, f.orientation.to_matrix());
                footprint(
                    &fr,
                    f.position,
                    d.nx(),
                    d.ny(),
                    d.dx(),
                    d.dy(),
                    tool.heights(),
                )
            })
            .collect()
    }
}

/// The drag's target (u, ω*) of flake `f` with the tool at sliding displacement `shift` and
/// height `offset`: the lubricant's Couette velocity and Jeffery rotation at its centre, or
/// rest in the sheet frame ([`super::drag`]).
pub(super) fn drag_target(
    params: &DemParams,
    def: &HeightMap,
    tool: &HeightMap,
    offset: f64,
    f: &Flake,
    shift: f64,
) -> (Vec3, Vec3) {
    if params.drag_frame != DragFrame::Lubricant {
        return ([0.0; 3], [0.0; 3]);
    }
    let shape = params.shape;
    let [x, y, z] = f.position;
    let h_def = def.bilinear(x, y);
    let h_tool = tool.bilinear(x - shift, y) + offset;
    let flow = couette_flow(z, h_def, h_tool, params.tool_velocity, 2.0 * shape.c);
    let axis = f.orientation.rotate([0.0, 0.0, 1.0]);
    let omega = jeffery_angular_velocity(axis, shape.c / shape.a, flow.shear_rate);
    (flow.velocity, omega)
}

/// The drive of flake `i`: its contact force and torque and, in the lubricant frame, the
/// drag's targets (`targets` is empty in the sheet frame: the drag pulls toward rest).
pub(super) fn drive_of(loads: &Loads, targets: &[(Vec3, Vec3)], i: usize) -> Drive {
    let (velocity, angular_velocity) = targets.get(i).copied().unwrap_or_default();
    Drive {
        force: loads.force[i],
        torque: loads.torque[i],
        velocity,
        angular_velocity,
    }
}
