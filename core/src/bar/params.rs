//! Parameters of the strip-draw bar, their seed-000 defaults and the derived explicit-scheme
//! constants (masses, stiffnesses, stable time step, damping).

use crate::error::Error;
use crate::law::FrictionLaw;
use crate::transport::{SourceRule, TransportParams};

/// Free length of bar kept beyond the tool's exit edge by [`BarParams::seed_000`] \[m\].
pub const RIGHT_MARGIN: f64 = 5.0e-3;
/// Free length of bar kept ahead of the tool's entry edge at the end of the slide \[m\].
pub const LEFT_MARGIN: f64 = 5.0e-3;

/// Parameters of the 1D strip-draw bar (seed 000 §3, §7, App. B). SI units.
///
/// Geometry: the bar occupies material coordinates X ∈ \[0, (N−1)·l_e\], its right end is
/// pulled at V0 (+x), the rigid tool occupies the fixed lab interval
/// \[`tool_entry`, `tool_entry + tool_length`\]. Sheet material enters the tool at
/// `tool_entry` (leading edge) and leaves it at the other end (trailing edge).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BarParams {
    /// Effective modulus E* \[Pa\] (seed 000: 55 GPa).
    pub e_star: f64,
    /// True mass density ρ \[kg/m³\] (aluminium: 2700; a documented choice).
    pub density: f64,
    /// Mass-scaling factor s ≥ 1: the bar's inertia uses ρ·s, so the wave speed is
    /// √(E*/(ρ·s)) and the stable step √s times longer. Sound while V0 ≪ √(E*/(ρ·s)) and the
    /// elastic transit time stays ≪ the time a node spends under the tool (quasi-static
    /// strip draw, seed 000 §5 makes the same assumption at the mesoscale).
    pub mass_scaling: f64,
    /// Bar height h_B \[m\]: half the 1.5 mm sheet (one tool per half, seed 000 Fig. 1b).
    pub height: f64,
    /// Element length l_e \[m\].
    pub element_length: f64,
    /// Pull velocity V0 of the right end \[m/s\] (seed 000: 0.08).
    pub pull_velocity: f64,
    /// Velocity of the free nodes at t = 0 \[m/s\]. V0 (default): the sheet is already
    /// being drawn, no start-up wave. 0: the bar starts at rest (wave-speed test).
    pub initial_velocity: f64,
    /// Tool length L_tool in the sliding direction \[m\] (seed 000: 35, 70, 140 mm).
    pub tool_length: f64,
    /// Lab position of the tool's entry (leading) edge \[m\].
    pub tool_entry: f64,
    /// Tool pressure P_N \[Pa\].
    pub tool_pressure: f64,
    /// Interface penalty stiffness k_s ∝ E*/h_B \[Pa/m\] (Eq. 4).
    pub shear_stiffness: f64,
    /// Damping ratio ξ of the bar's fundamental (fixed–free) mode, applied as a
    /// mass-proportional force −2ξω₁·m·(U̇ − v_steady) on the velocity relative to the
    /// steady drawing motion v_steady = V0·(1 + ε_i)/(1 + ε_end): it removes the elastic
    /// ringing after contact and vanishes in steady drawing, so it adds no drag. 0 for
    /// undamped dynamics.
    pub damping_ratio: f64,
    /// Courant factor: Δt = courant·2/ω_max (Gershgorin bound, ω_max including k_s) \[-\].
    pub courant: f64,
    /// The β-transport (and α(v)) are updated every this many bar steps, with the mean
    /// nodal velocity over the interval (so the Archard source uses the exact slid
    /// distance) — sub-cycling, see the module docs.
    pub transport_every: u32,
    /// Archard coefficient K \[-\] (seed 000 §7: 1e-4).
    pub archard_k: f32,
    /// Hardness H \[Pa\] (documented choice: 700 MPa, AA5182-O ≈ 71 HV; see `seed000`).
    pub hardness: f32,
    /// Particle thickness h_p \[m\] (seed 000: 0.5 µm).
    pub particle_thickness: f32,
    /// Fraction ζ of particles carried by the tool \[-\] (seed 000 §7: 0.2).
    pub zeta: f32,
    /// Which part of the contact creates particles (seed 000's Eq. 12 by default; see
    /// [`SourceRule`]).
    pub source_rule: SourceRule,
}

impl Default for BarParams {
    /// [`seed_000`](Self::seed_000) with the 35 mm tool, 30 MPa, 140 mm slide.
    fn default() -> Self {
        Self::seed_000(0.035, 30.0e6, 0.140)
    }
}

impl BarParams {
    /// Seed 000 §2.1/§7 set-up for a tool of `tool_length` \[m\] at `tool_pressure` \[Pa\]
    /// sliding `slide` \[m\]: E* = 55 GPa, V0 = 0.08 m/s, K = 1e-4, h_p = 0.5 µm, ζ = 0.2;
    /// documented choices ρ = 2700 kg/m³, mass scaling 3·10⁴ (wave speed 26 m/s, Mach 0.003),
    /// h_B = 0.75 mm, k_s = E*/h_B, l_e = 0.5 mm, ξ = 1, Courant 0.9, transport every 32
    /// steps, H = 700 MPa. The tool is placed so that the bar keeps [`LEFT_MARGIN`] of fresh
    /// sheet ahead of it after `slide`; use [`nodes_needed`](Self::nodes_needed) for N.
    pub fn seed_000(tool_length: f64, tool_pressure: f64, slide: f64) -> Self {
        let e_star = 55.0e9;
        let height = 0.75e-3;
        Self {
            e_star,
            density: 2700.0,
            mass_scaling: 3.0e4,
            height,
            element_length: 0.5e-3,
            pull_velocity: 0.08,
            initial_velocity: 0.08,
            tool_length,
            tool_entry: slide + LEFT_MARGIN,
            tool_pressure,
            shear_stiffness: e_star / height,
            damping_ratio: 1.0,
            courant: 0.9,
            transport_every: 32,
            archard_k: 1.0e-4,
            hardness: TransportParams::DEFAULT_HARDNESS,
            particle_thickness: 0.5e-6,
            zeta: 0.2,
            source_rule: SourceRule::Archard,
        }
    }

    /// Number of nodes so that the bar extends [`RIGHT_MARGIN`] beyond the tool's exit edge
    /// (0 if the geometry is not finite and positive).
    pub fn nodes_needed(&self) -> usize {
        let length = self.tool_entry + self.tool_length + RIGHT_MARGIN;
        let n = length / self.element_length;
        if n.is_finite() && n > 0.0 && n < 1.0e9 {
            n as usize + 2
        } else {
            0
        }
    }

    /// The transport parameters these bar parameters imply.
    pub fn transport(&self) -> TransportParams {
        TransportParams {
            archard_k: self.archard_k,
            hardness: self.hardness,
            particle_thickness: self.particle_thickness,
            zeta: self.zeta,
            element_length: self.element_length as f32,
            k_law: crate::wear_law::WearPressureLaw::SCALAR,
        }
    }

    /// Wave speed √(E*/(ρ·s)) of the (mass-scaled) bar \[m/s\].
    pub fn wave_speed(&self) -> f64 {
        libm::sqrt(self.e_star / (self.density * self.mass_scaling))
    }

    /// Stability limit of the explicit scheme, Δt_crit = 2/ω_max \[s\] (Courant factor 1),
    /// with ω_max² = (4·E*·h_B/l_e + 2·k_s·l_e)/(ρ·s·h_B·l_e) the Gershgorin bound of M⁻¹K
    /// including the interface springs (lumped mass; the end node's half mass and single
    /// neighbour give the same bound). NaN for non-physical parameters.
    ///
    /// ```
    /// use tribo_core::bar::BarParams;
    /// let p = BarParams::seed_000(0.035, 30.0e6, 0.14);
    /// // Without the interface springs this is the CFL limit l_e/c of the bar.
    /// let cfl = p.element_length / p.wave_speed();
    /// assert!(p.critical_time_step() < cfl && p.critical_time_step() > 0.8 * cfl);
    /// ```
    pub fn critical_time_step(&self) -> f64 {
        let l_e = self.element_length;
        let mass = self.density * self.mass_scaling * self.height * l_e;
        let k_axial = self.e_star * self.height / l_e;
        let omega_max = libm::sqrt((4.0 * k_axial + 2.0 * self.shear_stiffness * l_e) / mass);
        let dt = 2.0 / omega_max;
        if dt.is_finite() && dt > 0.0 {
            dt
        } else {
            f64::NAN
        }
    }

    /// The time step the bar takes, Δt = `courant` · [`critical_time_step`](Self::critical_time_step) \[s\].
    pub fn time_step(&self) -> f64 {
        self.courant * self.critical_time_step()
    }

    /// Sets the Courant factor so that the bar steps with `dt` \[s\]; refuses
    /// ([`Error::CflViolation`]) a step above the stability limit (beyond rounding) and
    /// ([`Error::InvalidParameter`]) a non-finite or non-positive one, leaving `self` unchanged.
    ///
    /// ```
    /// use tribo_core::bar::BarParams;
    /// let mut p = BarParams::seed_000(0.035, 30.0e6, 0.14);
    /// let limit = p.critical_time_step();
    /// p.set_time_step(0.5 * limit)?;
    /// assert!((p.time_step() - 0.5 * limit).abs() < 1e-12 * limit);
    /// assert!(p.set_time_step(1.1 * limit).is_err());
    /// # Ok::<(), tribo_core::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when `dt` is NaN, infinite or ≤ 0, or the stability limit itself
    /// is not finite; [`Error::CflViolation`] when `dt` exceeds
    /// [`critical_time_step`](Self::critical_time_step) by more than a relative 10⁻¹².
    pub fn set_time_step(&mut self, dt: f64) -> Result<(), Error> {
        let limit = self.critical_time_step();
        if !(dt.is_finite() && dt > 0.0 && limit.is_finite()) {
            return Err(Error::InvalidParameter);
        }
        let courant = dt / limit;
        if courant > 1.0 + 1.0e-12 {
            return Err(Error::CflViolation);
        }
        self.courant = courant.min(1.0);
        Ok(())
    }
}

/// The seed-000 friction law used when no calibration table is given:
/// [`crate::seed000::friction_law`] (E* = 55 GPa, h'_rms = 0.34, κ = 2, τ0 such that
/// μ0 = 0.15, and an illustrative α(v) law — see [`crate::seed000`] for the reasoning behind
/// each value). Replace by a calibrated table for real predictions.
///
/// # Errors
///
/// None for the built-in constants (they pass [`FrictionLaw::new`], tested); the `Result` is that
/// of [`crate::seed000::friction_law`].
pub fn seed_000_law() -> Result<FrictionLaw, Error> {
    crate::seed000::friction_law()
}

/// Constants of the explicit scheme derived from [`BarParams`] and N.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Model {
    pub n: usize,
    pub l_e: f64,
    /// Lumped mass of an interior node per unit width \[kg/m\]; end nodes have half.
    pub mass: f64,
    /// Axial stiffness E*·h_B/l_e per unit width \[N/m²\].
    pub k_axial: f64,
    pub k_s: f32,
    pub dt: f64,
    /// Mass-proportional damping coefficient 2ξω₁ \[1/s\].
    pub damping: f64,
    pub v0: f64,
    pub v_init: f64,
    pub tool_a: f64,
    pub tool_b: f64,
    pub pressure: f32,
    pub transport_every: u32,
    pub transport: TransportParams,
    pub source_rule: SourceRule,
}

impl Model {
    pub fn new(p: &BarParams, n: usize) -> Result<Self, Error> {
        let pos = |x: f64| x.is_finite() && x > 0.0;
        let nonneg = |x: f64| x.is_finite() && x >= 0.0;
        let valid = n >= 3
            && pos(p.e_star)
            && pos(p.density)
            && p.mass_scaling.is_finite()
            && p.mass_scaling >= 1.0
            && pos(p.height)
            && pos(p.element_length)
            && nonneg(p.pull_velocity)
            && p.initial_velocity.is_finite()
            && pos(p.tool_length)
            && nonneg(p.tool_entry)
            && nonneg(p.tool_pressure)
            && pos(p.shear_stiffness)
            && nonneg(p.damping_ratio)
            && p.courant > 0.0
            && p.courant <= 1.0
            && p.transport_every > 0;
        if !valid {
            return Err(Error::InvalidParameter);
        }
        let transport = p.transport();
        transport.validate()?;
        let l_e = p.element_length;
        let length = (n - 1) as f64 * l_e;
        // The tool must lie on the bar, clear of the pulled end node.
        if p.tool_entry + p.tool_length > length - l_e {
            return Err(Error::InvalidParameter);
        }
        let mass = p.density * p.mass_scaling * p.height * l_e;
        let k_axial = p.e_star * p.height / l_e;
        let k_s = p.shear_stiffness as f32;
        // Gershgorin bound of M⁻¹K (end node: half mass, one neighbour, friction spring).
        let dt = p.time_step();
        let omega_1 = core::f64::consts::PI * p.wave_speed() / (2.0 * length);
        let damping = 2.0 * p.damping_ratio * omega_1;
        let pressure = p.tool_pressure as f32;
        if !pos(dt)
            || !pos(k_s as f64)
            || !pressure.is_finite()
            || (damping * dt).is_nan()
            || damping * dt >= 1.0
        {
            return Err(Error::InvalidParameter);
        }
        Ok(Self {
            n,
            l_e,
            mass,
            k_axial,
            k_s,
            dt,
            damping,
            v0: p.pull_velocity,
            v_init: p.initial_velocity,
            tool_a: p.tool_entry,
            tool_b: p.tool_entry + p.tool_length,
            pressure,
            transport_every: p.transport_every,
            transport,
            source_rule: p.source_rule,
        })
    }

    /// Fraction of node i's tributary length \[x − l_e/2, x + l_e/2\] covered by the tool.
    #[inline]
    pub fn coverage(&self, x: f64) -> f64 {
        let h = 0.5 * self.l_e;
        let lo = if x - h > self.tool_a {
            x - h
        } else {
            self.tool_a
        };
        let hi = if x + h < self.tool_b {
            x + h
        } else {
            self.tool_b
        };
        if hi > lo { (hi - lo) / self.l_e } else { 0.0 }
    }
}
