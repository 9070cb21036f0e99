//! The simulated press: the stroke sequencer, the holder actuator, the true interface and the
//! sensors the controller reads.
//!
//! **Stroke cycle** (ticks of Δt): clamp (holder closes on the strip at rest), draw (the
//! strip is pulled by S with a trapezoidal velocity profile: ramp, constant V, ramp), release
//! (holder opens, strip at rest), return (the strip is pushed back by S with the holder open,
//! no contact). The strip is not cleaned between strokes: the multi-pass test of seed 000
//! Fig. 2b.
//!
//! **Holder actuator**: first-order lag, F_H ← F_H + Δt/τ·(target − F_H), target = the
//! controller's command while clamped/drawing, 0 otherwise; the tool touches the strip while
//! F_H exceeds the contact threshold.
//!
//! **True interface**: the same third-body model on its own `InterfaceLine<N>`, fed with the
//! *true* holder force, velocity and position (no model error: the loop is tested against
//! sensor noise, actuator lag and the velocity ramps, not against a wrong friction law).
//!
//! **Sensors**: load cell F_N + N(0, σ_F), velocity v + N(0, σ_v), encoder position quantised
//! to 1 µm, the sequencer's drawing signal.

use tribo_core::Error;
use tribo_core::bar::InterfaceLine;
use tribo_core::law::FrictionLaw;
use tribo_core::transport::TransportParams;

use crate::controller::{AxisConfig, Inputs, count_law_tick};
use crate::prng::XorShift32;
use crate::window;

/// Phase of the stroke cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Holder closing on the strip at rest.
    Clamp,
    /// Strip drawn (velocity ramp up, constant, ramp down).
    Draw,
    /// Holder opening, strip at rest.
    Release,
    /// Strip pushed back with the holder open.
    Return,
}

/// Timing of the stroke cycle and plant constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Clamp ticks.
    pub clamp: u32,
    /// Velocity ramp ticks (each end of the draw).
    pub ramp: u32,
    /// Release ticks.
    pub release: u32,
    /// Return ticks.
    pub return_ticks: u32,
    /// Constant draw velocity V \[m/s\] (seed 000: 0.08 m/s).
    pub draw_velocity: f32,
    /// Holder actuator time constant τ \[s\].
    pub actuator_tau: f32,
    /// Load-cell noise σ_F \[N\].
    pub force_noise: f32,
    /// Velocity-sensor noise σ_v \[m/s\].
    pub velocity_noise: f32,
    /// Encoder resolution \[m\].
    pub encoder_step: f32,
    /// Ticks after the start of the constant-velocity phase before the "steady" window of the
    /// log's error band begins.
    pub settle: u32,
}

impl Schedule {
    /// 60 ms clamp, 50 ms ramps at V = 0.08 m/s, 100 ms release, 250 ms return; τ = 10 ms;
    /// σ_F = 10 N, σ_v = 0.4 mm/s (0.5 % of V), 1 µm encoder; 100 ms settle.
    pub const fn strip_draw() -> Self {
        Self {
            clamp: 60,
            ramp: 50,
            release: 100,
            return_ticks: 250,
            draw_velocity: 0.08,
            actuator_tau: 0.010,
            force_noise: 10.0,
            velocity_noise: 0.4e-3,
            encoder_step: 1.0e-6,
            settle: 100,
        }
    }

    /// Ticks at constant velocity so that the draw covers `stroke` \[m\] with tick `dt`.
    fn constant_ticks(&self, stroke: f32, dt: f32) -> u32 {
        let ramps = self.draw_velocity * self.ramp as f32 * dt; // two half-ramps
        let n = (stroke - ramps) / (self.draw_velocity * dt);
        if n.is_finite() && n > 0.0 {
            n as u32
        } else {
            0
        }
    }
}

/// True state of the plant this tick (for the log).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Truth {
    /// True draw-in friction force \[N\].
    pub friction_force: f32,
    /// True holder force \[N\].
    pub holder_force: f32,
}

/// The press: sequencer, actuator, true interface and sensors.
#[derive(Clone, Debug)]
pub struct Press<const N: usize> {
    law: FrictionLaw,
    transport: TransportParams,
    axis: AxisConfig,
    schedule: Schedule,
    constant: u32,
    element_length: f32,
    stroke: u32,
    tick_in_stroke: u32,
    /// True draw position (f64: accumulated over 1000s of ticks) \[m\].
    position: f64,
    velocity: f32,
    holder_force: f32,
    interface: InterfaceLine<N>,
    pressure: [f32; N],
    rng: XorShift32,
}

impl<const N: usize> Press<N> {
    /// A press at the start of stroke 0, holder open, strip particle-free.
    pub fn new(
        law: FrictionLaw,
        transport: TransportParams,
        axis: AxisConfig,
        schedule: Schedule,
        seed: u32,
    ) -> Result<Self, Error> {
        axis.validate()?;
        transport.validate()?;
        let constant = schedule.constant_ticks(axis.stroke, axis.tick);
        let ok = schedule.draw_velocity > 0.0
            && schedule.actuator_tau >= axis.tick
            && schedule.force_noise >= 0.0
            && schedule.velocity_noise >= 0.0
            && schedule.encoder_step > 0.0
            && constant > schedule.settle;
        if !ok {
            return Err(Error::InvalidParameter);
        }
        Ok(Self {
            law,
            transport,
            element_length: axis.element_length(N),
            axis,
            schedule,
            constant,
            stroke: 0,
            tick_in_stroke: 0,
            position: 0.0,
            velocity: 0.0,
            holder_force: 0.0,
            interface: InterfaceLine::new(),
            pressure: [0.0; N],
            rng: XorShift32::new(seed),
        })
    }

    /// Ticks of one stroke cycle.
    pub fn cycle_ticks(&self) -> u32 {
        let s = &self.schedule;
        s.clamp + 2 * s.ramp + self.constant + s.release + s.return_ticks
    }

    /// Completed strokes.
    pub fn stroke(&self) -> u32 {
        self.stroke
    }

    /// Current phase.
    pub fn phase(&self) -> Phase {
        let s = &self.schedule;
        let t = self.tick_in_stroke;
        let draw_end = s.clamp + 2 * s.ramp + self.constant;
        if t < s.clamp {
            Phase::Clamp
        } else if t < draw_end {
            Phase::Draw
        } else if t < draw_end + s.release {
            Phase::Release
        } else {
            Phase::Return
        }
    }

    /// True inside the steady window of the draw: constant velocity, after the settle time.
    pub fn is_steady(&self) -> bool {
        let s = &self.schedule;
        let t = self.tick_in_stroke;
        let start = s.clamp + s.ramp + s.settle;
        t >= start && t < s.clamp + s.ramp + self.constant
    }

    /// The sensors at the current state.
    pub fn sense(&mut self) -> Inputs {
        let s = self.schedule;
        let quantised = libm_round(self.position / f64::from(s.encoder_step));
        Inputs {
            normal_force: self.holder_force + s.force_noise * self.rng.normal(),
            draw_velocity: self.velocity + s.velocity_noise * self.rng.normal(),
            draw_position: (quantised * f64::from(s.encoder_step)) as f32,
            drawing: self.phase() == Phase::Draw,
        }
    }

    /// Advances one tick with the controller's holder-force command: the true interface at
    /// the current state (returned), then the actuator, velocity and position.
    pub fn advance(&mut self, holder_command: f32) -> Result<Truth, Error> {
        let axis = self.axis;
        let s = self.schedule;
        let phase = self.phase();
        // True interface at the current state.
        let in_contact = self.holder_force > axis.contact_threshold;
        let p = if in_contact {
            self.holder_force / (axis.tool_length * axis.tool_width)
        } else {
            0.0
        };
        let a = axis.tool_start - self.position as f32;
        window::fill(
            &mut self.pressure,
            p,
            self.element_length,
            a,
            axis.tool_length,
        );
        count_law_tick();
        let traction = self.interface.tick_uniform(
            &self.law,
            &self.transport,
            axis.shear_stiffness,
            axis.tick,
            &self.pressure,
            self.velocity,
        )?;
        let truth = Truth {
            friction_force: traction.iter().sum::<f32>() * self.element_length * axis.tool_width,
            holder_force: self.holder_force,
        };
        // Actuator.
        let target = match phase {
            Phase::Clamp | Phase::Draw => holder_command,
            Phase::Release | Phase::Return => 0.0,
        };
        self.holder_force += axis.tick / s.actuator_tau * (target - self.holder_force);
        // Kinematics: the velocity of the next tick, position by the trapezoidal rule.
        self.tick_in_stroke += 1;
        if self.tick_in_stroke >= self.cycle_ticks() {
            self.tick_in_stroke = 0;
            self.stroke += 1;
        }
        let v_next = self.velocity_at(self.tick_in_stroke);
        self.position += 0.5 * f64::from(self.velocity + v_next) * f64::from(axis.tick);
        if self.tick_in_stroke == 0 {
            self.position = 0.0; // strip back at its start (removes rounding drift)
        }
        self.velocity = v_next;
        Ok(truth)
    }

    /// Prescribed velocity at tick `t` of the cycle \[m/s\].
    fn velocity_at(&self, t: u32) -> f32 {
        let s = &self.schedule;
        let v = s.draw_velocity;
        let up = s.clamp;
        let flat = up + s.ramp;
        let down = flat + self.constant;
        let draw_end = down + s.ramp;
        let ret = draw_end + s.release;
        if t < up {
            0.0
        } else if t < flat {
            v * (t - up) as f32 / s.ramp as f32
        } else if t < down {
            v
        } else if t < draw_end {
            v * (draw_end - t) as f32 / s.ramp as f32
        } else if t < ret {
            0.0
        } else {
            // Back by the drawn distance in the return phase (constant speed).
            let drawn = v * (s.ramp + self.constant) as f32 * self.axis.tick;
            -drawn / (s.return_ticks as f32 * self.axis.tick)
        }
    }

    /// The true interface line.
    pub fn interface(&self) -> &InterfaceLine<N> {
        &self.interface
    }
}

/// Round half away from zero without std (encoder quantisation).
fn libm_round(x: f64) -> f64 {
    if !x.is_finite() {
        return 0.0;
    }
    if x >= 0.0 {
        (x + 0.5) as i64 as f64
    } else {
        (x - 0.5) as i64 as f64
    }
}
