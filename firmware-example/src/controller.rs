//! The blank-holder force controller of a strip-draw axis (seed 000 §2.1, §7: a strip pulled
//! between flat tools pressed by a holder force; multi-pass draws without cleaning, Fig. 2b).
//!
//! Every tick (1 kHz) it reads the sensors — holder normal force F_N (load cell), draw
//! velocity v (low-pass filtered, see [`AxisConfig::velocity_filter`]), draw position s
//! (encoder) and the sequencer's "drawing" signal — and
//!
//! 1. spreads the contact pressure P = F_N/(L·w) over the tool window of its node line
//!    ([`crate::window`]; the line is the strip segment the tool sweeps, in the strip's frame,
//!    so β written by one stroke is found again by the next: particles persist between
//!    strokes, as in the 2- and 3-pass tests of Fig. 2b);
//! 2. advances the β-transport (Eq. 12–14) and the Coulomb law (Eq. 4–5, μ from Eq. 9,
//!    23–24) on the line with `InterfaceLine::tick_uniform` (the strip is rigid here: all
//!    nodes slide at v, so α(v) is evaluated once per tick);
//! 3. predicts the draw-in friction force F̂ = w·l_e·Σ T_i (both tool faces are one interface
//!    here: the log's force is per interface) and μ̄ = ΣT_i/ΣP_i (Eq. 28);
//! 4. while drawing, adjusts the holder-force command u with a PI law on e = F* − F̂,
//!    gain-scheduled by the predicted μ̄ (the plant gain ∂F̂/∂F_N is μ̄, so the loop gains
//!    K_p/μ̄, K_i/μ̄ keep the loop bandwidth constant while μ̄ falls), with conditional
//!    integration at the actuator limits (anti-windup). Between strokes u holds.
//!
//! State: a fixed-size `InterfaceLine<N>` (β, Coulomb springs, tractions), the pressure
//! buffer, the law and a few scalars: `size_of::<Controller<256>>()` is printed by the
//! firmware and asserted ≤ 8 KiB in the tests.

use core::sync::atomic::{AtomicU32, Ordering};

use tribo_core::Error;
use tribo_core::bar::InterfaceLine;
use tribo_core::law::FrictionLaw;
use tribo_core::table::TransportSection;
use tribo_core::transport::TransportParams;

use crate::window;

/// Number of interface ticks (each evaluates the friction law at every node) run by any
/// controller or plant in this program. The firmware prints it on every exit path, so the
/// corrupted-table run shows that the law was never evaluated.
pub static LAW_TICKS: AtomicU32 = AtomicU32::new(0);

/// Counts one law-evaluating tick.
pub(crate) fn count_law_tick() {
    LAW_TICKS.fetch_add(1, Ordering::Relaxed);
}

/// Geometry, timing and tuning of the axis (SI units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisConfig {
    /// Control tick Δt \[s\].
    pub tick: f32,
    /// Length of the modelled strip segment (the node line) \[m\].
    pub line_length: f32,
    /// Tool length L along the draw \[m\] (seed 000: 35, 70, 140 mm).
    pub tool_length: f32,
    /// Tool width w \[m\] (seed 000: 35 mm).
    pub tool_width: f32,
    /// Position of the tool's leading edge on the line at draw position 0 \[m\].
    pub tool_start: f32,
    /// Draw stroke S \[m\] (the tool must stay on the line: tool_start − S ≥ 0).
    pub stroke: f32,
    /// Interface shear stiffness k_s = E*/h_B \[Pa/m\] (h_B: half the sheet thickness).
    pub shear_stiffness: f32,
    /// Target draw-in friction force F* \[N\].
    pub target_friction: f32,
    /// Smallest holder-force command \[N\].
    pub holder_min: f32,
    /// Largest holder-force command \[N\].
    pub holder_max: f32,
    /// Below this measured normal force the tool is open (no contact) \[N\].
    pub contact_threshold: f32,
    /// Proportional loop gain (dimensionless: K_p = kp/μ̄ N per N).
    pub kp: f32,
    /// Integral loop gain \[1/s\] (K_i = ki/μ̄).
    pub ki: f32,
    /// Smallest μ̄ used in the gain schedule \[-\].
    pub mu_floor: f32,
    /// The PI acts only while drawing at |v| ≥ this \[m/s\].
    pub min_draw_velocity: f32,
    /// Time constant of the first-order filter on the measured velocity \[s\]. Near β_thres
    /// μ is sensitive to α(v): dμ/μ = −r/(1 − r)·dα/α with r = β/β_thres, so raw velocity
    /// noise would reach the predicted force amplified up to ~10×.
    pub velocity_filter: f32,
}

impl AxisConfig {
    /// The seed-000 strip-draw axis: 35 × 35 mm tool, 80 mm stroke on a 128 mm line, sheet
    /// 1.5 mm (h_B = 0.75 mm, k_s = E*/h_B), F* = 400 N, holder force 1–60 kN, loop gains
    /// kp = 0.5, ki = 120 /s: with the gain schedule the open loop is (kp + ki/s)/(1 + τs),
    /// which for the plant's τ = 10 ms crosses over at ≈ 95 rad/s with ≈ 68° phase margin;
    /// velocity filter 2 ms.
    pub fn strip_draw(e_star: f32) -> Self {
        Self {
            tick: 1.0e-3,
            line_length: 0.128,
            tool_length: 0.035,
            tool_width: 0.035,
            tool_start: 0.0865,
            stroke: 0.080,
            shear_stiffness: e_star / 0.75e-3,
            target_friction: 400.0,
            holder_min: 1000.0,
            holder_max: 60_000.0,
            contact_threshold: 200.0,
            kp: 0.5,
            ki: 120.0,
            mu_floor: 0.02,
            min_draw_velocity: 0.016,
            velocity_filter: 0.002,
        }
    }

    /// Checks positivity, finiteness and that the tool stays on the line over the stroke.
    pub fn validate(&self) -> Result<(), Error> {
        let pos = |x: f32| x.is_finite() && x > 0.0;
        let ok = [
            self.tick,
            self.line_length,
            self.tool_length,
            self.tool_width,
            self.shear_stiffness,
            self.target_friction,
            self.holder_min,
            self.contact_threshold,
            self.ki,
            self.mu_floor,
            self.velocity_filter,
            self.min_draw_velocity,
        ]
        .into_iter()
        .all(pos)
            && self.kp.is_finite()
            && self.kp >= 0.0
            && self.holder_max.is_finite()
            && self.holder_max > self.holder_min
            && self.stroke.is_finite()
            && self.stroke >= 0.0
            && self.tool_start - self.stroke >= 0.0
            && self.tool_start + self.tool_length <= self.line_length;
        if ok {
            Ok(())
        } else {
            Err(Error::InvalidParameter)
        }
    }

    /// Element length of an N-node line \[m\].
    pub fn element_length(&self, nodes: usize) -> f32 {
        self.line_length / nodes as f32
    }

    /// Transport parameters of the table's section on an N-node line.
    pub fn transport(&self, section: &TransportSection, nodes: usize) -> TransportParams {
        TransportParams {
            archard_k: section.archard_k,
            hardness: section.hardness,
            particle_thickness: section.particle_thickness,
            zeta: section.zeta,
            element_length: self.element_length(nodes),
            k_law: tribo_core::wear_law::WearPressureLaw::SCALAR,
        }
    }
}

/// What the controller reads each tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Inputs {
    /// Holder normal force from the load cell \[N\].
    pub normal_force: f32,
    /// Draw velocity of the strip relative to the tool \[m/s\].
    pub draw_velocity: f32,
    /// Draw position s since the start of the stroke (encoder) \[m\].
    pub draw_position: f32,
    /// The sequencer's "drawing" signal (the PI acts only while it is set).
    pub drawing: bool,
}

/// What the controller predicts and commands each tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Output {
    /// Predicted draw-in friction force F̂ \[N\].
    pub friction_force: f32,
    /// Normal force the model applied, Σ P_i·l_e·w \[N\].
    pub normal_force: f32,
    /// Predicted μ̄ = Σ T_i / Σ P_i (Eq. 28) \[-\] (last value in contact).
    pub mu_bar: f32,
    /// Holder-force command u \[N\].
    pub holder_command: f32,
}

/// The controller: the line, its pressure buffer, the law and the PI state.
#[derive(Clone, Debug)]
pub struct Controller<const N: usize> {
    law: FrictionLaw,
    transport: TransportParams,
    cfg: AxisConfig,
    element_length: f32,
    line: InterfaceLine<N>,
    pressure: [f32; N],
    /// PI integrator state, in holder-force units \[N\].
    integral: f32,
    /// Filtered draw velocity \[m/s\].
    velocity: f32,
    /// Filter weight Δt/(τ_v + Δt).
    velocity_weight: f32,
    out: Output,
}

impl<const N: usize> Controller<N> {
    /// This controller with K(p) from the table's wear section (seed 001) when present.
    pub fn with_wear_section(mut self, section: Option<&tribo_core::table::WearSection>) -> Self {
        self.transport = self.transport.with_wear_section(section);
        self
    }

    /// A controller from a validated law, the table's transport section and a configuration.
    /// The integrator starts at the feed-forward F*/μ0 (the particle-free holder force).
    ///
    /// Errors: [`Error::InvalidParameter`] for an invalid configuration or transport section,
    /// or N < 2.
    pub fn new(
        law: FrictionLaw,
        section: &TransportSection,
        cfg: AxisConfig,
    ) -> Result<Self, Error> {
        cfg.validate()?;
        if N < 2 {
            return Err(Error::InvalidParameter);
        }
        let transport = cfg.transport(section, N);
        transport.validate()?;
        let feed_forward = (cfg.target_friction / law.mu0()).clamp(cfg.holder_min, cfg.holder_max);
        Ok(Self {
            element_length: cfg.element_length(N),
            law,
            transport,
            cfg,
            line: InterfaceLine::new(),
            pressure: [0.0; N],
            integral: feed_forward,
            velocity: 0.0,
            velocity_weight: cfg.tick / (cfg.velocity_filter + cfg.tick),
            out: Output {
                holder_command: feed_forward,
                ..Output::default()
            },
        })
    }

    /// One control tick. Errors of the core (a non-finite velocity: [`Error::NonFiniteInput`];
    /// a velocity beyond the transport's sub-stepping limit: [`Error::CflViolation`]) leave
    /// β and the PI state untouched; the caller must stop the axis.
    pub fn tick(&mut self, inp: &Inputs) -> Result<Output, Error> {
        let cfg = &self.cfg;
        // NaN fails the comparison: no contact.
        let f_n = if inp.normal_force > cfg.contact_threshold {
            inp.normal_force
        } else {
            0.0
        };
        let p = f_n / (cfg.tool_length * cfg.tool_width);
        let a = cfg.tool_start - inp.draw_position;
        window::fill(
            &mut self.pressure,
            p,
            self.element_length,
            a,
            cfg.tool_length,
        );
        // A non-finite velocity is passed on unfiltered: the core refuses it, state untouched.
        let v = if inp.draw_velocity.is_finite() {
            self.velocity + self.velocity_weight * (inp.draw_velocity - self.velocity)
        } else {
            inp.draw_velocity
        };
        count_law_tick();
        let traction = self.line.tick_uniform(
            &self.law,
            &self.transport,
            cfg.shear_stiffness,
            cfg.tick,
            &self.pressure,
            v,
        )?;
        self.velocity = v;
        let sum_t: f32 = traction.iter().sum();
        let sum_p: f32 = self.pressure.iter().sum();
        let per_node = self.element_length * cfg.tool_width;
        self.out.friction_force = sum_t * per_node;
        self.out.normal_force = sum_p * per_node;
        if sum_p > 0.0 {
            self.out.mu_bar = sum_t / sum_p;
        }
        let active = inp.drawing && f_n > 0.0 && tribo_core::math::abs(v) >= cfg.min_draw_velocity;
        if active {
            let gain = 1.0 / self.out.mu_bar.max(cfg.mu_floor);
            let e = cfg.target_friction - self.out.friction_force;
            let integral = self.integral + cfg.ki * gain * e * cfg.tick;
            let u = integral + cfg.kp * gain * e;
            let clamped = u.clamp(cfg.holder_min, cfg.holder_max);
            // Conditional integration: integrate unless the actuator limit is pushed further.
            let winding_up = (u > cfg.holder_max && e > 0.0) || (u < cfg.holder_min && e < 0.0);
            if !winding_up {
                self.integral = integral.clamp(cfg.holder_min, cfg.holder_max);
            }
            self.out.holder_command = clamped;
        } else {
            self.out.holder_command = self.integral;
        }
        Ok(self.out)
    }

    /// The node line (β per node, springs, tractions of the last tick).
    pub fn line(&self) -> &InterfaceLine<N> {
        &self.line
    }

    /// The configuration.
    pub fn config(&self) -> &AxisConfig {
        &self.cfg
    }

    /// The friction law.
    pub fn law(&self) -> &FrictionLaw {
        &self.law
    }

    /// The last output.
    pub fn output(&self) -> Output {
        self.out
    }

    /// Mean β over the nodes the tool sweeps during a stroke, [tool_start − S, tool_start + L]
    /// (the multi-pass track) \[-\].
    pub fn mean_track_beta(&self) -> f32 {
        let (lo, hi) = (
            self.cfg.tool_start - self.cfg.stroke,
            self.cfg.tool_start + self.cfg.tool_length,
        );
        let (mut s, mut n) = (0.0f32, 0u32);
        for (i, &b) in self.line.beta.iter().enumerate() {
            let x = (i as f32 + 0.5) * self.element_length;
            if x >= lo && x <= hi {
                s += b;
                n += 1;
            }
        }
        if n > 0 { s / n as f32 } else { 0.0 }
    }
}
