//! One cluster of flakes under the implicit integrators ([`super::overdamped`],
//! [`super::inertial`]): the interval loop, the backward-Euler attempt (of the inertia-free
//! flow, or with inertia) and the Newton constants. Newton's method on the proximal objective
//! Φ that every implicit stage solves is in [`super::newton`], TR-BDF2's two stages in
//! [`super::tr_bdf2`], the group linear algebra in [`super::group_solve`], the error estimates
//! and step proposal in [`super::step_control`], the contact-onset event location in
//! [`super::event`]; the formulas are in [`super::overdamped`]'s and [`super::inertial`]'s
//! module docs.

use super::loads::{Loads, Scene, SideContact, StiffnessKind};
use super::overdamped_options::OverdampedOptions;
use super::proximal_metric::{self, InertialScheme, InertialStep, Metric, Stage};
use super::quaternion::Vec3;
use super::rigid_body::Flake;

/// Newton stops when every flake's correction is below this fraction of the step tolerance.
pub const NEWTON_FRACTION: f64 = 0.01;
/// Newton iterations before a step is declared failed and retried with h/4.
pub const MAX_NEWTON: usize = 25;
/// Halvings of one group's Newton step in the Armijo backtracking.
pub const MAX_HALVINGS: usize = 12;
/// Armijo's sufficient-decrease constant.
pub const ARMIJO: f64 = 1e-4;
/// Relative round-off of Φ: a node's depth is a difference of coordinates of order 10⁻⁴ m
/// (f64: 10⁻²⁰ m) at depths of order 10⁻⁹ m, so the penalty energy carries ~10⁻¹¹ relative
/// error per node; Armijo's test is relaxed by 10⁻⁹·|Φ| so that round-off does not count as
/// an increase (measured without it: halvings down to slopes of 10⁻³⁰ J on Φ ≈ 10⁻¹⁸ J).
pub const ENERGY_ROUND_OFF: f64 = 1e-9;
/// Steps below this fraction of `max_step` are accepted whatever their error (a floor that
/// the estimate never reached in the measured cases; it only bounds the work).
pub const MIN_STEP_FRACTION: f64 = 1e-9;

pub(super) use super::group_solve::GroupMatrix;
pub use super::proximal_metric::Six;
pub(super) use super::step_control::ErrorModel;
pub use super::step_control::{MAX_GROWTH, MIN_SHRINK, SAFETY};

/// Work counters of one cluster's integration (summed by [`super::overdamped`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ClusterStats {
    /// Accepted steps.
    pub steps: u64,
    /// Rejected attempts (error above tolerance or Newton failed).
    pub rejected: u64,
    /// Newton iterations (linear solves of the cluster).
    pub newton_iterations: u64,
    /// Flake evaluations (one flake's surface contacts swept once; pairs not counted).
    pub flake_evaluations: u64,
    /// Attempts rejected at a contact onset or release ([`super::event`]).
    pub events: u64,
    /// Surface contacts opened by accepted steps.
    pub onsets: u64,
    /// Deepest free-motion overshoot past the onset of a contact opened by an accepted step
    /// \[m\] ([`super::event`]).
    pub onset_overshoot: f64,
    /// Surface contacts released by accepted TR-BDF2 steps ([`super::event`]).
    pub releases: u64,
    /// Largest excursion τ₁·F₀ of a release by an accepted TR-BDF2 step \[m\]
    /// ([`super::event`]).
    pub release_excursion: f64,
}

/// The backward-Euler integrator of one cluster of flakes, with its step proposal, predictor
/// velocities and scratch.
#[derive(Debug)]
pub struct ClusterStepper {
    pub(super) options: OverdampedOptions,
    /// Step proposed for the next attempt \[s\].
    pub(super) h: f64,
    /// Velocity (v, a·ω) of the last accepted step per flake, if it is still the predictor.
    pub(super) velocity: Option<Vec<Six>>,
    /// The generalised force (F, τ/a) on each flake at the current state, for a TR-BDF2
    /// step's trapezoidal stage ([`super::tr_bdf2`]); `None` until evaluated.
    pub(super) start_force: Option<Vec<Six>>,
    /// Each flake's surface contacts per side at the current state, for the event location
    /// ([`super::event`]); `None` until evaluated.
    pub(super) start_sides: Option<Vec<SideContact>>,
    pub(super) stats: ClusterStats,
    pub(super) loads: Loads,
    pub(super) start: Vec<Flake>,
    pub(super) trial: Vec<Flake>,
    pub(super) target: Vec<Six>,
    pub(super) delta: Vec<Six>,
    pub(super) newton: Vec<Six>,
    pub(super) gradient: Vec<Six>,
    pub(super) phi: Vec<f64>,
    pub(super) matrix: Vec<f64>,
    targets: Vec<(Vec3, Vec3)>,
    pub(super) metrics: Vec<Metric>,
    /// Per-flake scratch of the TR-BDF2 step: its stage velocities and offsets.
    pub(super) stage: Vec<[Six; 3]>,
}

/// What a cluster's integration sees besides its flakes.
#[derive(Clone, Copy)]
pub struct Environment<'a> {
    /// The loads' scene with the tool at the interval's start (evaluated serially).
    pub scene: Scene<'a>,
    /// Tool sliding displacement at the interval's start \[m\].
    pub shift: f64,
    /// Tool speed v0 \[m/s\].
    pub tool_velocity: f64,
    /// Translational drag η \[kg/s\].
    pub eta: f64,
    /// Rotational drag η_rot \[N·m·s\].
    pub eta_rot: f64,
    /// Principal moments of inertia (to record ω as angular momentum) \[kg·m²\].
    pub inertia: [f64; 3],
    /// The flake mass \[kg\] for backward-Euler steps with inertia ([`super::inertial`]);
    /// `None`: the overdamped step.
    pub mass: Option<f64>,
    /// The inertial step's scheme (unused without `mass`).
    pub scheme: InertialScheme,
    /// The drag's target (u, ω*) of a flake with the tool at a displacement \[m\].
    pub drag: &'a (dyn Fn(&Flake, f64) -> (Vec3, Vec3) + Sync),
}

impl std::fmt::Debug for Environment<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Environment")
            .field("shift", &self.shift)
            .field("tool_velocity", &self.tool_velocity)
            .finish_non_exhaustive()
    }
}

/// What a step needs from the system besides the flakes.
#[derive(Clone, Copy, Debug)]
pub(super) struct StepInputs<'a> {
    /// The loads' scene with the tool at the step's end.
    pub scene: Scene<'a>,
    /// Translational drag η \[kg/s\].
    pub eta: f64,
    /// Rotational drag η_rot \[N·m·s\].
    pub eta_rot: f64,
    /// Drag target (u, ω*) per flake at the step's start (empty: at rest).
    pub targets: &'a [(Vec3, Vec3)],
    /// Principal moments of inertia (to record ω as angular momentum) \[kg·m²\].
    pub inertia: [f64; 3],
    /// Mass for the inertial step, `None` for the overdamped one \[kg\].
    pub mass: Option<f64>,
    /// The inertial step's scheme.
    pub scheme: InertialScheme,
    /// Tool speed v0 \[m/s\] (to place the tool at a stage's time).
    pub tool_velocity: f64,
}

impl ClusterStepper {
    /// A stepper proposing `h` \[s\] first (at most `options.max_step`), with the predictor
    /// velocities `velocity` if known.
    pub fn new(options: OverdampedOptions, h: f64, velocity: Option<Vec<Six>>) -> Self {
        Self {
            options,
            h: h.min(options.max_step),
            velocity,
            start_force: None,
            start_sides: None,
            stats: ClusterStats::default(),
            loads: Loads::default(),
            start: Vec::new(),
            trial: Vec::new(),
            target: Vec::new(),
            delta: Vec::new(),
            newton: Vec::new(),
            gradient: Vec::new(),
            phi: Vec::new(),
            matrix: Vec::new(),
            targets: Vec::new(),
            metrics: Vec::new(),
            stage: Vec::new(),
        }
    }

    /// Work done so far.
    pub fn stats(&self) -> ClusterStats {
        self.stats
    }

    /// The step it would try next \[s\].
    pub fn proposal(&self) -> f64 {
        self.h
    }

    /// The predictor velocities (v, a·ω) per flake, if set.
    pub fn velocity(&self) -> Option<&[Six]> {
        self.velocity.as_deref()
    }

    /// Integrates `flakes` (this cluster's, positions unwrapped) over `duration` \[s\] from
    /// the environment's start; `moved` gets each flake's largest distance from its start
    /// position \[m\]. Returns the accepted steps.
    pub fn integrate(
        &mut self,
        flakes: &mut [Flake],
        env: &Environment<'_>,
        duration: f64,
        moved: &mut [f64],
    ) -> u64 {
        let floor = MIN_STEP_FRACTION * self.options.max_step.min(duration);
        let origin: Vec<Vec3> = flakes.iter().map(|f| f.position).collect();
        moved.iter_mut().for_each(|m| *m = 0.0);
        let mut elapsed = 0.0;
        let mut steps = 0;
        while elapsed < duration {
            let remaining = duration - elapsed;
            let shift = env.shift + env.tool_velocity * elapsed;
            let mut targets = std::mem::take(&mut self.targets);
            targets.clear();
            targets.extend(flakes.iter().map(|f| (env.drag)(f, shift)));
            let mut inputs = StepInputs {
                scene: env.scene,
                eta: env.eta,
                eta_rot: env.eta_rot,
                targets: &targets,
                inertia: env.inertia,
                mass: env.mass,
                scheme: env.scheme,
                tool_velocity: env.tool_velocity,
            };
            inputs.scene.upper.x_shift = shift;
            if self.velocity.is_none()
                || self.needs_start_force(&inputs)
                || self.needs_start_sides(&inputs)
            {
                self.start_velocities(flakes, &inputs);
            }
            let h = self.next_step(remaining);
            let truncated = h < self.next_step(f64::INFINITY);
            inputs.scene.upper.x_shift = shift + env.tool_velocity * h;
            let accepted = self.attempt(flakes, h, truncated, floor, &inputs);
            self.targets = targets;
            if accepted {
                elapsed = if h == remaining {
                    duration
                } else {
                    elapsed + h
                };
                steps += 1;
                for ((m, f), o) in moved.iter_mut().zip(flakes.iter()).zip(&origin) {
                    let d = [
                        f.position[0] - o[0],
                        f.position[1] - o[1],
                        f.position[2] - o[2],
                    ];
                    *m = m.max((d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt());
                }
            }
        }
        steps
    }

    /// The step to try next, at most `remaining` \[s\] (a remainder below 1 % of the step is
    /// merged into it, so no sliver step is left before a synchronisation point).
    fn next_step(&self, remaining: f64) -> f64 {
        let h = self.h.min(self.options.max_step);
        if h >= 0.99 * remaining { remaining } else { h }
    }

    /// Whether an inertial step that locates events lacks the depths at its start.
    fn needs_start_sides(&self, inputs: &StepInputs<'_>) -> bool {
        inputs.mass.is_some() && self.locates_events() && self.start_sides.is_none()
    }

    /// Whether a TR-BDF2 step lacks the force at its start.
    fn needs_start_force(&self, inputs: &StepInputs<'_>) -> bool {
        inputs.mass.is_some()
            && inputs.scheme == InertialScheme::TrBdf2
            && self.start_force.is_none()
    }

    /// Fills the predictor velocities from the loads at the start (u + F/η, a·(ω* + τ/η_rot)).
    /// `inputs.scene` must place the tool at the start for this call.
    /// With inertia the velocities are the flakes' own (v, a·ω).
    fn start_velocities(&mut self, flakes: &[Flake], inputs: &StepInputs<'_>) {
        if inputs.mass.is_some() {
            let a = inputs.scene.shape.a;
            self.velocity = Some(
                flakes
                    .iter()
                    .map(|f| state_velocity(f, a, inputs.inertia))
                    .collect(),
            );
            let tr_bdf2 = inputs.scheme == InertialScheme::TrBdf2;
            if tr_bdf2 || self.locates_events() {
                self.loads
                    .evaluate(&inputs.scene, flakes, StiffnessKind::None);
                self.stats.flake_evaluations += flakes.len() as u64;
                if self.locates_events() {
                    self.record_sides();
                }
            }
            if tr_bdf2 {
                let (force, torque) = (&self.loads.force, &self.loads.torque);
                self.start_force = Some(
                    (0..flakes.len())
                        .map(|i| {
                            let (f, t) = (force[i], torque[i]);
                            [f[0], f[1], f[2], t[0] / a, t[1] / a, t[2] / a]
                        })
                        .collect(),
                );
            }
            return;
        }
        self.loads
            .evaluate(&inputs.scene, flakes, StiffnessKind::None);
        self.stats.flake_evaluations += flakes.len() as u64;
        let a = inputs.scene.shape.a;
        let v = (0..flakes.len())
            .map(|i| {
                let (u, w) = target_of(inputs.targets, i);
                let (f, t) = (self.loads.force[i], self.loads.torque[i]);
                [
                    u[0] + f[0] / inputs.eta,
                    u[1] + f[1] / inputs.eta,
                    u[2] + f[2] / inputs.eta,
                    a * (w[0] + t[0] / inputs.eta_rot),
                    a * (w[1] + t[1] / inputs.eta_rot),
                    a * (w[2] + t[2] / inputs.eta_rot),
                ]
            })
            .collect();
        self.velocity = Some(v);
    }

    /// One attempt of a step of `h` from `flakes`. On acceptance writes the new states into
    /// `flakes` (unwrapped) and returns `true`; the loads of the new state are
    /// [`Self::loads`]. On rejection leaves `flakes` unchanged, shrinks the proposal and
    /// returns `false`. `truncated`: h was cut to reach a synchronisation point (the proposal
    /// it came from is kept if larger). Steps at or below `floor` \[s\] are accepted whatever
    /// their error. A TR-BDF2 step with inertia is [`super::tr_bdf2`]'s.
    fn attempt(
        &mut self,
        flakes: &mut [Flake],
        h: f64,
        truncated: bool,
        floor: f64,
        inputs: &StepInputs<'_>,
    ) -> bool {
        if let (Some(mass), InertialScheme::TrBdf2) = (inputs.mass, inputs.scheme) {
            return self.attempt_tr_bdf2(flakes, h, truncated, floor, inputs, mass);
        }
        let n = flakes.len();
        let a = inputs.scene.shape.a;
        let velocity = self
            .velocity
            .take()
            .expect("predictor velocities are set before a step");
        self.start.clear();
        self.start.extend_from_slice(flakes);
        self.target.clear();
        self.metrics.clear();
        match inputs.mass {
            None => {
                self.target.extend((0..n).map(|i| {
                    let (u, w) = target_of(inputs.targets, i);
                    [u[0], u[1], u[2], a * w[0], a * w[1], a * w[2]]
                }));
                let d = proximal_metric::overdamped(inputs.eta, inputs.eta_rot, a, h);
                self.metrics.resize(n, d);
            }
            Some(mass) => {
                let step = inertial_step(inputs, mass);
                for (i, f) in self.start.iter().enumerate() {
                    let stage = Stage {
                        tau: h,
                        weight: 1.0,
                        velocity: velocity[i],
                        offset: [0.0; 6],
                        extra: [0.0; 6],
                    };
                    let (d, shift) = step.metric(f, target_of(inputs.targets, i), &stage);
                    self.metrics.push(d);
                    self.target.push(shift.map(|c| c / h));
                }
            }
        }
        self.delta.clear();
        self.delta.extend(velocity.iter().map(|v| v.map(|c| c * h)));
        let solved = self.newton_solve(h, &ErrorModel::Predictor(&velocity), inputs);
        let converged = solved.is_some();
        let mut error = solved.unwrap_or(f64::INFINITY);
        if converged && inputs.mass.is_some() {
            let e = self.kinematic_error(h, a, inputs.inertia, |i| {
                let d = self.delta[i];
                [d[3] / (a * h), d[4] / (a * h), d[5] / (a * h)]
            });
            error = error.max(e);
        }
        let accept = converged && (error <= self.options.tolerance || h <= floor);
        if let Some(theta) = self.onset_if(accept, h, floor, &velocity, inputs) {
            self.velocity = Some(velocity);
            self.reject_at_onset(h, theta, floor);
            return false;
        }
        if accept {
            self.accept_sides();
            flakes.copy_from_slice(&self.trial);
            let inv_h = 1.0 / h;
            let mut v = velocity;
            for (vi, d) in v.iter_mut().zip(&self.delta) {
                *vi = d.map(|c| c * inv_h);
            }
            for ((f, vi), s) in flakes.iter_mut().zip(v.iter_mut()).zip(&self.start) {
                f.velocity = [vi[0], vi[1], vi[2]];
                let omega = [vi[3] / a, vi[4] / a, vi[5] / a];
                if inputs.mass.is_some() {
                    // L₁ = J₀·ω₁ (the momentum balance of the step, exact for L), and the
                    // predictor of the next step is the state's a·ω = a·J₁⁻¹·L₁.
                    f.angular_momentum = momentum_with_start_inertia(s, omega, inputs.inertia);
                    *vi = state_velocity(f, a, inputs.inertia);
                } else {
                    f.set_angular_velocity(omega, inputs.inertia);
                }
            }
            self.velocity = Some(v);
        } else {
            self.velocity = Some(velocity);
        }
        self.resize(h, error, converged, accept, truncated, floor, 0.5);
        accept
    }
}

/// The per-flake constants of an inertial step.
pub(super) fn inertial_step(inputs: &StepInputs<'_>, mass: f64) -> InertialStep {
    InertialStep {
        mass,
        inertia: inputs.inertia,
        eta: inputs.eta,
        eta_rot: inputs.eta_rot,
        a: inputs.scene.shape.a,
    }
}

/// L₁ = J₀·ω: the angular momentum of ω \[rad/s\] with the inertia tensor J₀ at `start`'s
/// orientation (the implicit inertial steps keep J₀ through the step).
pub(super) fn momentum_with_start_inertia(start: &Flake, omega: Vec3, inertia: [f64; 3]) -> Vec3 {
    let mut at_start = *start;
    at_start.set_angular_velocity(omega, inertia);
    at_start.angular_momentum
}

/// A flake's state velocity (v, a·ω) in the step's length coordinates.
pub(super) fn state_velocity(f: &Flake, a: f64, inertia: [f64; 3]) -> Six {
    let w = f.angular_velocity(inertia);
    [
        f.velocity[0],
        f.velocity[1],
        f.velocity[2],
        a * w[0],
        a * w[1],
        a * w[2],
    ]
}

/// The drag target of flake i ((0, 0) when `targets` is empty: the sheet frame).
pub(super) fn target_of(targets: &[(Vec3, Vec3)], i: usize) -> (Vec3, Vec3) {
    targets.get(i).copied().unwrap_or_default()
}

pub(super) fn dot6(a: Six, b: Six) -> f64 {
    (0..6).map(|c| a[c] * b[c]).sum()
}

pub(super) fn norm6(a: Six) -> f64 {
    dot6(a, a).sqrt()
}
