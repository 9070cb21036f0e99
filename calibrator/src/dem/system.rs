//! [`DemSystem`]: flakes between a rigid deformable-surface map h_Def (below, fixed) and a rigid
//! tool h_Tool (above, sliding along +x at v0), moved by an [`Integrator`] (seed 000 §5 Step
//! 1): the explicit damped velocity Verlet of [`super::explicit`] or the overdamped integrator
//! of [`super::overdamped`]. The API is shaped for the staggered BEM–DEM loop of Fig. 7:
//! advance until the tool has moved one pixel, read the blocked flakes, their footprints and
//! h*_Tool (Eq. 18), hand back a plastically deformed h_Def and a new tool height, repeat.
//! [`DemParams`] are the physical and numerical parameters; the state the integrators share
//! and its frames are in [`super::state`].

use crate::surface::HeightMap;

use super::blocked::{Footprint, apply_blocked};
use super::error::DemError;
use super::explicit::{self, Explicit};
use super::inertial::Inertial;
use super::integrator::{Integrator, Interval};
use super::loads::Loads;
pub use super::loads::PARALLEL_FLAKES;
use super::overdamped::{Overdamped, OverdampedStats};
use super::params::DemParams;
use super::quaternion::Vec3;
use super::regime::Scheme;
use super::rigid_body::{Flake, RigidBody};
use super::state::DemState;

/// Energies of the system \[J\].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Energy {
    /// Translational + rotational kinetic energy.
    pub kinetic: f64,
    /// Penalty energy of all contacts (surfaces and pairs).
    pub penalty: f64,
}

impl Energy {
    /// Kinetic + penalty.
    pub fn total(&self) -> f64 {
        self.kinetic + self.penalty
    }
}

/// Flakes between two rough height maps (see the module doc): the shared [`DemState`] and the
/// [`Integrator`] that moves it.
#[derive(Debug)]
pub struct DemSystem {
    state: DemState,
    integrator: Box<dyn Integrator>,
}

impl DemSystem {
    /// A system with `flakes` between `deformable` (below) and `tool` (above, raised by
    /// `tool_offset` \[m\]), moved by the integrator `params.integrator` names. Both maps must
    /// share the grid; the domain must be wider than two flake diameters.
    ///
    /// # Errors
    ///
    /// [`DemError::Parameters`] for a non-physical [`DemParams`] field (invalid flake shape,
    /// stiffness, time step, negative or non-finite damping, non-finite tool velocity, an
    /// overdamped integrator without drag or with a non-positive tolerance or step), a domain not
    /// wider than two flake diameters, a non-finite `tool_offset`, or a flake with a non-finite
    /// position or velocity; [`DemError::GridMismatch`] when `deformable` and `tool` differ in grid
    /// size or spacing.
    pub fn new(
        params: DemParams,
        deformable: HeightMap,
        tool: HeightMap,
        tool_offset: f64,
        flakes: Vec<Flake>,
    ) -> Result<Self, DemError> {
        params.validate()?;
        check_grid(&deformable, &tool)?;
        let shape = params.shape;
        if deformable.lx() < 4.0 * shape.a || deformable.ly() < 4.0 * shape.a {
            return Err(DemError::Parameters(format!(
                "domain {:.3e}×{:.3e} m must exceed two flake diameters ({:.3e} m)",
                deformable.lx(),
                deformable.ly(),
                4.0 * shape.a
            )));
        }
        if !tool_offset.is_finite() {
            return Err(DemError::Parameters("tool offset must be finite".into()));
        }
        if let Some(i) = flakes.iter().position(|f| {
            !(f.position.iter().all(|v| v.is_finite()) && f.velocity.iter().all(|v| v.is_finite()))
        }) {
            return Err(DemError::Parameters(format!(
                "flake {i} has a non-finite state"
            )));
        }
        let n = flakes.len();
        let mut state = DemState {
            params,
            body: RigidBody::of(&shape),
            samples: shape.surface_samples(),
            deformable,
            tool,
            tool_offset,
            tool_pixels: 0,
            tool_frac: 0.0,
            time: 0.0,
            steps: 0,
            flakes,
            loads: Loads::default(),
            max_depth_seen: 0.0,
            forces_valid: false,
            external_force: [0.0; 3],
            parallel: true,
            drag_targets: Vec::with_capacity(n),
        };
        state.wrap_positions();
        Ok(Self {
            state,
            integrator: build_integrator(params.integrator),
        })
    }

    /// Parameters.
    pub fn params(&self) -> &DemParams {
        &self.state.params
    }
    /// The state the integrator advances.
    pub fn state(&self) -> &DemState {
        &self.state
    }
    /// The integrator.
    pub fn integrator(&self) -> &dyn Integrator {
        self.integrator.as_ref()
    }
    /// The flakes' states.
    pub fn flakes(&self) -> &[Flake] {
        &self.state.flakes
    }
    /// Mutable flake states (forces are recomputed before the next step).
    pub fn flakes_mut(&mut self) -> &mut [Flake] {
        self.invalidate();
        &mut self.state.flakes
    }
    /// Mass and principal inertia of a flake.
    pub fn rigid_body(&self) -> RigidBody {
        self.state.body
    }
    /// The deformable surface h_Def (world heights).
    pub fn deformable(&self) -> &HeightMap {
        &self.state.deformable
    }
    /// The tool roughness h_Tool at zero displacement (without offset).
    pub fn tool_roughness(&self) -> &HeightMap {
        &self.state.tool
    }
    /// Simulated time \[s\].
    pub fn time(&self) -> f64 {
        self.state.time
    }
    /// Steps taken.
    pub fn steps(&self) -> u64 {
        self.state.steps
    }
    /// Whole pixels the tool has moved.
    pub fn pixels_moved(&self) -> i64 {
        self.state.tool_pixels
    }
    /// Tool sliding displacement s \[m\].
    pub fn tool_displacement(&self) -> f64 {
        self.state.tool_displacement()
    }
    /// Vertical position of the tool's height datum \[m\].
    pub fn tool_offset(&self) -> f64 {
        self.state.tool_offset
    }
    /// Largest penetration depth of any contact node at the last force evaluation \[m\].
    pub fn max_overlap(&mut self) -> f64 {
        self.state.ensure_forces();
        self.state.loads.max_depth
    }
    /// Largest penetration depth of any contact node at any force evaluation so far \[m\]
    /// (a health statistic: the stiffness is sized for ≤ 5 % of h_p, [`super::penalty`]).
    pub fn max_overlap_seen(&self) -> f64 {
        self.state.max_depth_seen
    }
    /// Net force and torque on flake `i` at the current state \[N\], \[N·m\] (contacts only).
    pub fn contact_force(&mut self, i: usize) -> (Vec3, Vec3) {
        self.state.ensure_forces();
        (self.state.loads.force[i], self.state.loads.torque[i])
    }

    /// Work counters of the overdamped integrator (`None` for the explicit one).
    pub fn overdamped_stats(&self) -> Option<OverdampedStats> {
        self.integrator.overdamped_stats()
    }

    /// Replaces the deformable surface (e.g. after plastic deformation from the BEM).
    ///
    /// # Errors
    ///
    /// [`DemError::GridMismatch`] when `h` differs from the tool's grid in size or spacing (the
    /// surface is then unchanged).
    pub fn replace_deformable(&mut self, h: HeightMap) -> Result<(), DemError> {
        check_grid(&h, &self.state.tool)?;
        self.state.deformable = h;
        self.state.forces_valid = false;
        Ok(())
    }

    /// Sets the tool's vertical position \[m\] (e.g. from the BEM's rigid-body approach).
    ///
    /// # Errors
    ///
    /// [`DemError::Parameters`] when `z` is NaN or infinite.
    pub fn set_tool_offset(&mut self, z: f64) -> Result<(), DemError> {
        if !z.is_finite() {
            return Err(DemError::Parameters("tool offset must be finite".into()));
        }
        self.state.tool_offset = z;
        self.state.forces_valid = false;
        Ok(())
    }

    /// A constant force \[N\] applied to every flake's centre (default zero; e.g. a test load
    /// or gravity m·g, which seed 000 neglects). Not counted in [`Energy`].
    pub fn set_external_force(&mut self, f: Vec3) {
        self.state.external_force = f;
        self.invalidate();
    }

    /// The flakes or the force on them were changed from outside: forces are stale and the
    /// integrator forgets their past motion ([`Integrator::reset`]: the overdamped
    /// integrator's predictor velocities no longer apply). (A change of the surfaces keeps the
    /// predictor: the motion before it is still the best guess for the motion after, and the
    /// relaxation a jump causes is a stiff transient the filtered error estimate of
    /// [`super::overdamped`] lets backward Euler step over.)
    fn invalidate(&mut self) {
        self.state.forces_valid = false;
        self.integrator.reset();
    }

    /// Allows (default) or forbids evaluating surface contacts on rayon's pool when there are
    /// at least [`PARALLEL_FLAKES`] flakes (e.g. serial systems inside a parallel ensemble).
    /// Results are bit-identical either way.
    pub fn set_parallel(&mut self, on: bool) {
        self.state.parallel = on;
    }

    /// Energies at the current state.
    pub fn energy(&mut self) -> Energy {
        self.state.ensure_forces();
        let body = self.state.body;
        Energy {
            kinetic: self
                .state
                .flakes
                .iter()
                .map(|f| f.kinetic_energy(body.mass, body.inertia))
                .sum(),
            penalty: self.state.loads.penalty_energy,
        }
    }

    /// One explicit step of length `params.dt` (the velocity Verlet of [`super::explicit`],
    /// whatever `params.integrator` says).
    pub fn step(&mut self) {
        let dt = self.state.params.dt;
        explicit::step(&mut self.state, dt);
    }

    /// `n` explicit steps of length `params.dt`.
    pub fn run_steps(&mut self, n: usize) {
        for _ in 0..n {
            self.step();
        }
    }

    /// Advances by n·`params.dt` with the integrator: `n` explicit steps, or the overdamped
    /// integrator over the same time. Returns the steps taken.
    pub fn advance_by_steps(&mut self, n: usize) -> usize {
        let dt = self.state.params.dt;
        self.integrator.advance(
            &mut self.state,
            Interval {
                duration: n as f64 * dt,
                steps: n,
                step: dt,
            },
        )
    }

    /// Advances until the tool has moved to the next whole pixel (seed 000 Fig. 7: n·v0·dt =
    /// δx): in equal explicit steps no longer than `params.dt`, or with the overdamped
    /// integrator. Returns the number of steps. Needs v0 > 0.
    ///
    /// # Errors
    ///
    /// [`DemError::Parameters`] when the tool velocity v0 ≤ 0.
    pub fn advance_one_pixel(&mut self) -> Result<usize, DemError> {
        let v0 = self.state.params.tool_velocity;
        if v0 <= 0.0 {
            return Err(DemError::Parameters(format!(
                "advancing by a pixel needs a positive tool velocity, got {v0}"
            )));
        }
        let remaining = (1.0 - self.state.tool_frac) * self.state.deformable.dx();
        let target = self.state.tool_pixels + 1;
        let n = (remaining / (v0 * self.state.params.dt)).ceil().max(1.0) as usize;
        let interval = Interval {
            duration: remaining / v0,
            steps: n,
            step: remaining / (n as f64 * v0),
        };
        let n = self.integrator.advance(&mut self.state, interval);
        // Land exactly on the pixel (the forces were evaluated within round-off of it).
        self.state.tool_pixels = target;
        self.state.tool_frac = 0.0;
        Ok(n)
    }

    /// World heights of the tool at the grid nodes at the current displacement
    /// ([`DemState::tool_surface`]).
    pub fn tool_surface(&self) -> HeightMap {
        self.state.tool_surface()
    }

    /// Footprints and tool-contact clusters of all flakes (Fig. 8).
    pub fn footprints(&self) -> Vec<Footprint> {
        self.state.footprints()
    }

    /// The blocked flakes: (flake index, footprint) for every flake with ≥ 3 tool-contact
    /// clusters.
    pub fn blocked(&self) -> Vec<(usize, Footprint)> {
        self.footprints()
            .into_iter()
            .enumerate()
            .filter(|(_, fp)| fp.is_blocked())
            .collect()
    }

    /// h*_Tool (Eq. 18) in world heights at the grid nodes: the tool at the current
    /// displacement, lowered to the lower surface of every blocked flake. The BEM gap is
    /// g* = h*_Tool − h_Def (Eq. 19).
    pub fn modified_tool(&self) -> HeightMap {
        let blocked = self.blocked();
        let mut tool = self.tool_surface();
        let refs: Vec<&Footprint> = blocked.iter().map(|(_, fp)| fp).collect();
        apply_blocked(tool.heights_mut(), &refs);
        tool
    }
}

fn check_grid(a: &HeightMap, b: &HeightMap) -> Result<(), DemError> {
    if a.nx() != b.nx() || a.ny() != b.ny() || a.dx() != b.dx() || a.dy() != b.dy() {
        return Err(DemError::GridMismatch(b.nx(), b.ny(), a.nx(), a.ny()));
    }
    Ok(())
}

/// A fresh integrator of `scheme` (`DemParams::integrator`). It lives beside [`DemSystem`],
/// above the integrators, so that the scheme (data the state's parameters hold) does not
/// import the integrators that move the state.
pub fn build_integrator(scheme: Scheme) -> Box<dyn Integrator> {
    match scheme {
        Scheme::Explicit => Box::new(Explicit),
        Scheme::Overdamped(o) => Box::new(Overdamped::new(o)),
        Scheme::Inertial(o, s) => Box::new(Inertial::new(o, s)),
    }
}
