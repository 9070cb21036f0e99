//! Explicit time integration of the elements (seed 001 §3.6): the seed's fourth-order
//! Adams–Bashforth method, and velocity Verlet (second order, symplectic), the default.
//!
//! Between the position update and the force evaluation the stepper runs the events of the
//! step (friction return mapping of §3.4, contact joints broken and formed (§3.3), fracture
//! of interior joints (§3.2)), so forces always see the updated joints.
//!
//! **Stability.** Verlet is stable for Δt·ω_max ≤ 2; AB4's stability region meets the
//! imaginary axis only up to |Δt·ω| ≈ 0.43, so for the undamped elastic modes of a
//! joint network AB4 needs a step about 4.6× smaller for the same force evaluations.

use super::contact::{self, ContactScratch};
use super::fracture;
use super::remesh_in_loop::{RemeshLog, RemeshPolicy, remesh_skewed};
use super::system::ElementAssembly;
use super::vec2::V2;

/// The time-integration scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// Velocity Verlet: second order, symplectic (bounded energy error).
    VelocityVerlet,
    /// Fourth-order Adams–Bashforth on (p, v) (the seed's scheme), started with three RK4 steps.
    AdamsBashforth4,
}

/// Which irreversible events run each step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Events {
    /// Contact joints: friction, breaking and forming (§3.3–3.4).
    pub contacts: bool,
    /// Fracture of interior joints (§3.2).
    pub fracture: bool,
}

impl Events {
    /// No events: pure elastodynamics.
    pub const NONE: Events = Events {
        contacts: false,
        fracture: false,
    };
    /// Contact joints without fracture (elastic bodies in contact: Hertz, circles, incline).
    pub const CONTACTS: Events = Events {
        contacts: true,
        fracture: false,
    };
    /// Everything.
    pub const ALL: Events = Events {
        contacts: true,
        fracture: true,
    };
}

/// Adams–Bashforth 4 weights (×1/24) for f_n, f_{n−1}, f_{n−2}, f_{n−3}.
const AB4: [f64; 4] = [55.0, -59.0, 37.0, -9.0];

/// The integrator with its scratch (forces, accelerations, AB4 history).
#[derive(Debug, Clone)]
pub struct Stepper {
    /// Scheme.
    pub scheme: Scheme,
    /// Time step Δt \[s\].
    pub dt: f64,
    /// Events per step.
    pub events: Events,
    /// Mass-proportional velocity damping ξ [1/s] (a −= ξv), for relaxation phases; 0 in
    /// dynamics. Its work is booked in `Dissipation::damping`.
    pub damping: f64,
    /// Time \[s\].
    pub time: f64,
    /// Steps taken.
    pub steps: u64,
    /// Least-squares remeshing of skewed contact joints after each contact update (§3.5;
    /// `None`: off, the default).
    pub remesh: Option<RemeshPolicy>,
    /// What remeshing did so far.
    pub remesh_log: RemeshLog,
    forces: Vec<V2>,
    acc: Vec<V2>,
    /// AB4 history, newest first: (velocities, accelerations) of the last four steps.
    history: Vec<(Vec<V2>, Vec<V2>)>,
    contact_scratch: ContactScratch,
    primed: bool,
}

impl Stepper {
    /// A stepper at t = 0.
    pub fn new(scheme: Scheme, dt: f64, events: Events) -> Self {
        Self {
            scheme,
            dt,
            events,
            damping: 0.0,
            time: 0.0,
            steps: 0,
            remesh: None,
            remesh_log: RemeshLog::default(),
            forces: Vec::new(),
            acc: Vec::new(),
            history: Vec::new(),
            contact_scratch: ContactScratch::default(),
            primed: false,
        }
    }

    /// The net forces of the last evaluation [N/m].
    pub fn forces(&self) -> &[V2] {
        &self.forces
    }

    /// Forgets the AB4 history and cached accelerations (after the state was edited outside
    /// the stepper, e.g. supports or friction coefficients changed between phases).
    pub fn reset(&mut self) {
        self.primed = false;
        self.history.clear();
    }

    fn evaluate(&mut self, sys: &ElementAssembly) {
        sys.forces(&mut self.forces);
        let el = &sys.elements;
        self.acc.clear();
        for i in 0..el.len() {
            let a = self.forces[i] * (1.0 / el.mass[i]) - el.vel[i] * self.damping;
            self.acc.push(el.support[i].mask(a));
        }
    }

    fn run_events(&mut self, sys: &mut ElementAssembly) {
        if self.events.contacts {
            contact::update(sys, &mut self.contact_scratch);
            if let Some(policy) = self.remesh {
                remesh_skewed(sys, &policy, &mut self.remesh_log);
            }
        }
        if self.events.fracture {
            fracture::fracture_overstressed(sys);
        }
    }

    fn book_damping(&self, sys: &mut ElementAssembly) {
        if self.damping > 0.0 {
            let el = &sys.elements;
            let p: f64 = (0..el.len())
                .map(|i| self.damping * el.mass[i] * el.vel[i].norm2())
                .sum();
            sys.dissipation.damping += p * self.dt;
        }
    }

    /// Advances `sys` by one step.
    pub fn step(&mut self, sys: &mut ElementAssembly) {
        if !self.primed {
            self.evaluate(sys);
            self.primed = true;
        }
        self.book_damping(sys);
        match self.scheme {
            Scheme::VelocityVerlet => self.verlet(sys),
            Scheme::AdamsBashforth4 => {
                if self.history.len() < 3 {
                    self.rk4(sys);
                } else {
                    self.adams_bashforth(sys);
                }
            }
        }
        self.time += self.dt;
        self.steps += 1;
    }

    fn verlet(&mut self, sys: &mut ElementAssembly) {
        let dt = self.dt;
        let el = &mut sys.elements;
        for i in 0..el.len() {
            let s = el.support[i];
            el.vel[i] = s.constrain(el.vel[i] + self.acc[i] * (0.5 * dt));
            el.pos[i] += el.vel[i] * dt;
        }
        self.run_events(sys);
        self.evaluate(sys);
        let el = &mut sys.elements;
        for i in 0..el.len() {
            el.vel[i] = el.support[i].constrain(el.vel[i] + self.acc[i] * (0.5 * dt));
        }
    }

    fn push_history(&mut self, sys: &ElementAssembly) {
        self.history
            .insert(0, (sys.elements.vel.clone(), self.acc.clone()));
        self.history.truncate(4);
    }

    fn adams_bashforth(&mut self, sys: &mut ElementAssembly) {
        self.push_history(sys);
        let h = self.dt / 24.0;
        let el = &mut sys.elements;
        for i in 0..el.len() {
            let mut dp = V2::ZERO;
            let mut dv = V2::ZERO;
            for (k, (v, a)) in self.history.iter().enumerate() {
                dp += v[i] * AB4[k];
                dv += a[i] * AB4[k];
            }
            el.pos[i] += dp * h;
            el.vel[i] = el.support[i].constrain(el.vel[i] + dv * h);
        }
        self.run_events(sys);
        self.evaluate(sys);
    }

    /// Classical RK4 start-up step (events run once, after the step).
    fn rk4(&mut self, sys: &mut ElementAssembly) {
        self.push_history(sys);
        let dt = self.dt;
        let p0 = sys.elements.pos.clone();
        let v0 = sys.elements.vel.clone();
        let (k1v, k1a) = (v0.clone(), self.acc.clone());
        let stage = |sys: &mut ElementAssembly, me: &mut Self, kv: &[V2], ka: &[V2], c: f64| {
            let el = &mut sys.elements;
            for i in 0..el.len() {
                el.pos[i] = p0[i] + kv[i] * (c * dt);
                el.vel[i] = el.support[i].constrain(v0[i] + ka[i] * (c * dt));
            }
            me.evaluate(sys);
            (sys.elements.vel.clone(), me.acc.clone())
        };
        let (k2v, k2a) = stage(sys, self, &k1v, &k1a, 0.5);
        let (k3v, k3a) = stage(sys, self, &k2v, &k2a, 0.5);
        let (k4v, k4a) = stage(sys, self, &k3v, &k3a, 1.0);
        let el = &mut sys.elements;
        for i in 0..el.len() {
            el.pos[i] = p0[i] + (k1v[i] + (k2v[i] + k3v[i]) * 2.0 + k4v[i]) * (dt / 6.0);
            let v = v0[i] + (k1a[i] + (k2a[i] + k3a[i]) * 2.0 + k4a[i]) * (dt / 6.0);
            el.vel[i] = el.support[i].constrain(v);
        }
        self.run_events(sys);
        self.evaluate(sys);
    }
}

/// A stable step estimate: `fraction` × (smallest joint altitude)/c_P. Verlet is stable
/// near fraction 0.5, AB4 near 0.1 (see the module doc).
pub fn stable_dt(sys: &ElementAssembly, fraction: f64) -> f64 {
    let el = &sys.elements;
    let mut h_min = f64::INFINITY;
    for j in &sys.interior {
        let p = el.triangle(j.members);
        let area2 = (p[1] - p[0]).cross(p[2] - p[0]).abs();
        for k in 0..3 {
            let edge = (p[(k + 1) % 3] - p[(k + 2) % 3]).norm();
            h_min = h_min.min(area2 / edge);
        }
    }
    fraction * h_min / sys.material.p_wave_speed()
}
