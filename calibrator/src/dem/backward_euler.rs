//! One cluster of flakes under the implicit integrators ([`super::overdamped`],
//! [`super::inertial`]): the interval loop, the backward-Euler attempt (of the inertia-free
//! flow, or with inertia) and Newton's method on the proximal objective Φ that every implicit
//! stage solves (TR-BDF2's two stages: [`super::tr_bdf2`]). The group linear algebra is in
//! [`super::group_solve`], the error estimates and step proposal in [`super::step_control`];
//! the formulas are in [`super::overdamped`]'s and [`super::inertial`]'s module docs.

use super::loads::{Loads, Scene, StiffnessKind};
use super::overdamped_options::{NewtonMatrix, OverdampedOptions};
use super::proximal_metric::{self, InertialScheme, InertialStep, Metric, Stage};
use super::quaternion::{Quat, Vec3};
use super::rigid_body::Flake;
use super::union_find::{components, union};

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClusterStats {
    /// Accepted steps.
    pub steps: u64,
    /// Rejected attempts (error above tolerance or Newton failed).
    pub rejected: u64,
    /// Newton iterations (linear solves of the cluster).
    pub newton_iterations: u64,
    /// Flake evaluations (one flake's surface contacts swept once; pairs not counted).
    pub flake_evaluations: u64,
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
    pub(super) stats: ClusterStats,
    pub(super) loads: Loads,
    pub(super) start: Vec<Flake>,
    pub(super) trial: Vec<Flake>,
    pub(super) target: Vec<Six>,
    pub(super) delta: Vec<Six>,
    pub(super) newton: Vec<Six>,
    pub(super) gradient: Vec<Six>,
    phi: Vec<f64>,
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
            if self.velocity.is_none() || self.needs_start_force(&inputs) {
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
            if inputs.scheme == InertialScheme::TrBdf2 {
                self.loads
                    .evaluate(&inputs.scene, flakes, StiffnessKind::None);
                self.stats.flake_evaluations += flakes.len() as u64;
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
        if accept {
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

    /// Newton's method on Φ for the step h from `self.start` (module doc), group by group:
    /// the iterate is `self.delta`; a group whose Newton correction is below
    /// [`NEWTON_FRACTION`] of the tolerance for every member takes it without another
    /// evaluation, records its filtered error ([`Self::group_error`]) and is not evaluated
    /// again unless a flake of an unconverged group comes to touch it. Returns the step's
    /// error (the largest over flakes), or `None` when Newton did not converge in
    /// [`MAX_NEWTON`] iterations.
    pub(super) fn newton_solve(
        &mut self,
        h: f64,
        model: &ErrorModel<'_>,
        inputs: &StepInputs<'_>,
    ) -> Option<f64> {
        let d = std::mem::take(&mut self.metrics);
        let solved = self.newton_iterate(h, model, inputs, &d);
        self.metrics = d;
        solved
    }

    /// [`Self::newton_solve`] with the step's metrics `d`.
    fn newton_iterate(
        &mut self,
        h: f64,
        model: &ErrorModel<'_>,
        inputs: &StepInputs<'_>,
        d: &[Metric],
    ) -> Option<f64> {
        let n = self.start.len();
        let a = inputs.scene.shape.a;
        let tol = NEWTON_FRACTION * self.options.tolerance;
        self.newton.clear();
        self.newton.resize(n, [0.0; 6]);
        self.loads.forget_pair_stiffness();
        let start_kind = match self.options.newton {
            NewtonMatrix::Difference => StiffnessKind::Difference,
            NewtonMatrix::GaussNewton => StiffnessKind::GaussNewton,
        };
        // Per flake: None once its group has converged, else the stiffness to evaluate.
        let mut mode = vec![Some(start_kind); n];
        let mut error = vec![0.0; n];
        let mut first = true;
        let mut pending: Option<LineSearch> = None;
        let mut iterations = 0;
        loop {
            self.apply_delta(a);
            let refresh = (!first).then_some(mode.as_slice());
            self.loads
                .evaluate_refresh(&inputs.scene, &self.trial, start_kind, refresh);
            first = false;
            self.stats.flake_evaluations += if refresh.is_some() {
                mode.iter().filter(|m| m.is_some()).count() as u64
            } else {
                n as u64
            };
            self.objective(d, h, a);
            if let Some(LineSearch {
                groups,
                phi0,
                slope,
                halvings,
            }) = pending.as_mut()
            {
                let phi1 = group_sums(groups, &self.phi, &self.loads);
                let mut retry = false;
                for g in 0..phi0.len() {
                    let slack = ENERGY_ROUND_OFF * phi0[g].abs();
                    if phi1[g] > phi0[g] + ARMIJO * slope[g] + slack && halvings[g] < MAX_HALVINGS {
                        halvings[g] += 1;
                        slope[g] *= 0.5;
                        for i in (0..n).filter(|&i| groups[i] == g) {
                            for c in 0..6 {
                                self.newton[i][c] *= 0.5;
                                self.delta[i][c] -= self.newton[i][c];
                            }
                        }
                        retry = true;
                    }
                }
                if retry {
                    continue;
                }
            }
            if iterations == MAX_NEWTON {
                return None;
            }
            iterations += 1;
            self.stats.newton_iterations += 1;
            let groups = self.groups();
            let count = groups.iter().copied().max().map_or(0, |g| g + 1);
            let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
            for (i, &g) in groups.iter().enumerate() {
                members[g].push(i);
            }
            // A group that a moving flake has just joined holds flakes whose stiffness was
            // not refreshed: evaluate it whole first.
            let stale: Vec<usize> = (0..count)
                .filter(|&g| {
                    let m = &members[g];
                    m.iter().any(|&i| mode[i].is_some()) && m.iter().any(|&i| mode[i].is_none())
                })
                .collect();
            if !stale.is_empty() {
                for g in stale {
                    members[g].iter().for_each(|&i| mode[i] = Some(start_kind));
                }
                pending = None;
                continue;
            }
            let mut phi0 = vec![0.0; count];
            let mut slope = vec![0.0; count];
            let sums = group_sums(&groups, &self.phi, &self.loads);
            let mut open = false;
            for g in 0..count {
                let list = &members[g];
                if !list.iter().any(|&i| mode[i].is_some()) {
                    continue;
                }
                let matrix = self.solve_group(list, d, a);
                let largest = list
                    .iter()
                    .map(|&i| norm6(self.newton[i]))
                    .fold(0.0, f64::max);
                if !largest.is_finite() {
                    return None;
                }
                for &i in list {
                    slope[g] += dot6(self.gradient[i], self.newton[i]);
                    for c in 0..6 {
                        self.delta[i][c] += self.newton[i][c];
                    }
                }
                phi0[g] = sums[g];
                if largest <= tol {
                    let e = self.group_error(list, &matrix, model, d, h);
                    for (&i, e) in list.iter().zip(e) {
                        error[i] = e;
                        mode[i] = None;
                    }
                } else {
                    open = true;
                }
            }
            if !open {
                self.apply_delta(a);
                return Some(error.iter().copied().fold(0.0, f64::max));
            }
            // Converged groups take no part in the line search (slope 0, never halved).
            for g in 0..count {
                if !members[g].iter().any(|&i| mode[i].is_some()) {
                    slope[g] = 0.0;
                    phi0[g] = f64::INFINITY;
                }
            }
            pending = Some(LineSearch {
                groups,
                phi0,
                slope,
                halvings: vec![0; count],
            });
        }
    }

    /// Trial states from the start and δ (rotation exp(θ)·q_n, θ = δ_rot/a).
    fn apply_delta(&mut self, a: f64) {
        self.trial.clear();
        self.trial
            .extend(self.start.iter().zip(&self.delta).map(|(f, d)| {
                let th = [d[3] / a, d[4] / a, d[5] / a];
                let angle = (th[0] * th[0] + th[1] * th[1] + th[2] * th[2]).sqrt();
                Flake {
                    position: [
                        f.position[0] + d[0],
                        f.position[1] + d[1],
                        f.position[2] + d[2],
                    ],
                    orientation: Quat::from_axis_angle(th, angle)
                        .compose(f.orientation)
                        .normalized(),
                    ..*f
                }
            }));
    }

    /// Per flake: Φ's own part (surface energy + drag term) and Φ's gradient
    /// D∘(δ − h·w) − Q, Q = (F, τ/a).
    fn objective(&mut self, d: &[Metric], h: f64, a: f64) {
        let n = self.start.len();
        self.phi.resize(n, 0.0);
        self.gradient.resize(n, [0.0; 6]);
        for i in 0..n {
            let (f, t) = (self.loads.force[i], self.loads.torque[i]);
            let q = [f[0], f[1], f[2], t[0] / a, t[1] / a, t[2] / a];
            let mut drag = 0.0;
            match d[i].rotation {
                None => {
                    let d = d[i].diag;
                    for c in 0..6 {
                        let r = self.delta[i][c] - h * self.target[i][c];
                        drag += 0.5 * d[c] * r * r;
                        self.gradient[i][c] = d[c] * r - q[c];
                    }
                }
                Some(_) => {
                    let r: Six = std::array::from_fn(|c| self.delta[i][c] - h * self.target[i][c]);
                    let dr = d[i].apply(&r);
                    for c in 0..6 {
                        drag += 0.5 * r[c] * dr[c];
                        self.gradient[i][c] = dr[c] - q[c];
                    }
                }
            }
            self.phi[i] = self.loads.surface_energy[i] + drag;
        }
    }

    /// Groups of flakes joined by touching pairs (union–find), numbered in order of their
    /// lowest flake.
    fn groups(&self) -> Vec<usize> {
        let n = self.start.len();
        let mut parent: Vec<usize> = (0..n).collect();
        for pair in &self.loads.pairs {
            union(&mut parent, pair.i, pair.j);
        }
        let mut out = vec![0; n];
        for (g, members) in components(&mut parent).iter().enumerate() {
            members.iter().for_each(|&i| out[i] = g);
        }
        out
    }
}

/// The Armijo backtracking of the last Newton step, per group of that step (only unconverged
/// groups take part: the others have Φ = ∞ and slope 0).
#[derive(Debug)]
struct LineSearch {
    /// Group of each flake.
    groups: Vec<usize>,
    /// Φ per group before the step.
    phi0: Vec<f64>,
    /// Φ's slope along the step, per group.
    slope: Vec<f64>,
    /// Halvings so far, per group.
    halvings: Vec<usize>,
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

/// Φ per group: its flakes' own parts plus the energy of every touching pair with a flake in
/// it.
fn group_sums(groups: &[usize], phi: &[f64], loads: &Loads) -> Vec<f64> {
    let count = groups.iter().copied().max().map_or(0, |g| g + 1);
    let mut out = vec![0.0; count];
    for (i, &g) in groups.iter().enumerate() {
        out[g] += phi[i];
    }
    for p in &loads.pairs {
        let (gi, gj) = (groups[p.i], groups[p.j]);
        out[gi] += p.energy;
        if gj != gi {
            out[gj] += p.energy;
        }
    }
    out
}

/// The drag target of flake i ((0, 0) when `targets` is empty: the sheet frame).
pub(super) fn target_of(targets: &[(Vec3, Vec3)], i: usize) -> (Vec3, Vec3) {
    targets.get(i).copied().unwrap_or_default()
}

fn dot6(a: Six, b: Six) -> f64 {
    (0..6).map(|c| a[c] * b[c]).sum()
}

pub(super) fn norm6(a: Six) -> f64 {
    dot6(a, a).sqrt()
}
