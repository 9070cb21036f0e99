//! The optional sections of the table: the simulated wear coefficient K(p) of seed 001 and the
//! third-body layer's own friction μ_3b(T) of seed 002 (appended by format 2), and the friction
//! μ_p of the particle-borne area (format 3, [`ParticleShearSection`]).
//!
//! Each is an `Option` on [`super::Table`] (`None` = not calibrated: the core then uses the
//! transport section's K, and seed 000's Eq. 7 with no shear on the particle-borne area). Each
//! carries its own provenance, because it may come from a different run (a `tribo fretting
//! wear`, `tribo third-body sweep` or `tribo fit strip-draw`) than the BEM–DEM calibration that
//! fills the rest of the table, and (format 3) the material pair and conditions it was computed
//! for ([`MaterialIdentity`]).
//!
//! In format 4 each is a tagged entry of the section list ([`super::list`]); its serde layout
//! is frozen (format 3 embedded the same layouts, [`super::v3`]): a change needs a new tag, not
//! an edit here. Enums are append-only.

use heapless::{String, Vec};
use serde::{Deserialize, Serialize};

use super::gate::fields::{non_negative, positive};
use super::material::MaterialIdentity;
use super::{PRESET_CAPACITY, VERSION_CAPACITY};
use crate::error::Error;
use crate::interp;
use crate::law::PARTICLE_FRICTION_MAX;
use crate::math;
/// Capacity of the μ_3b(T) samples of [`ThirdBodySection`].
pub const THIRD_BODY_SAMPLES: usize = 16;

/// Who produced an optional section and from how many simulations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SectionProvenance {
    /// Version of the calibrator that computed the section (its `CARGO_PKG_VERSION`).
    pub calibrator_version: String<VERSION_CAPACITY>,
    /// Preset (or config name) of the run that computed the section.
    pub preset: String<PRESET_CAPACITY>,
    /// RNG seed of that run (`--seed`).
    pub seed: u64,
    /// Hash of that run's resolved configuration (the `config_hash` of its `run.json`).
    pub config_hash: u64,
    /// Number of independent simulations (cases × realisations) behind the figures.
    pub cases: u32,
}

/// What the wear section's K values mean. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WearForm {
    /// K0 is an absolute Archard coefficient \[-\] that converged under mesh refinement (or
    /// comes from an energy-regularised fracture criterion): the core may use it as K.
    Absolute,
    /// Only the shape K(p)/K(p_ref) is trustworthy (K0 did not converge with the mesh): the
    /// core keeps the transport section's K at p_ref and scales it with the shape.
    ShapeOnly,
}

/// Simulated Archard wear coefficient K(p) = K0·(p/p_ref)^n of seed 001's deformable discrete
/// elements (debris area W, hardness H, normal force F_N and slip s: K = W·H/(F_N·s) per unit
/// depth), for the particle source of seed 000 Eq. 12.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WearSection {
    /// Meaning of `k0`.
    pub form: WearForm,
    /// K at `p_ref` \[-\] (`ShapeOnly`: 1, the shape is relative).
    pub k0: f32,
    /// 95 % confidence interval of `k0`, `[lo, hi]` \[-\].
    pub k0_ci95: [f32; 2],
    /// Reference pressure p_ref \[Pa\].
    pub p_ref: f32,
    /// Pressure exponent n \[-\]; 0 when the fit could not tell it from 0 (scalar K).
    pub exponent: f32,
    /// 95 % confidence interval of `exponent`, `[lo, hi]` \[-\].
    pub exponent_ci95: [f32; 2],
    /// Pressure range the sweep covered, `[p_min, p_max]` \[Pa\]; K(p) is clamped to it.
    pub pressure_range: [f32; 2],
    /// Wear volume per dissipated frictional work (second figure of seed 001's wear) \[m³/J\].
    pub energy_wear: f32,
    /// The material pair the coefficient holds for (e.g. `"zirconia/zirconia"`) and its
    /// conditions.
    pub material: MaterialIdentity,
    /// Who computed it and from how many simulations.
    pub provenance: SectionProvenance,
}

impl WearSection {
    /// K(p) = K0·(p/p_ref)^n with p clamped to `pressure_range` \[-\] (`ShapeOnly`: the relative
    /// factor K(p)/K(p_ref)). A NaN pressure counts as p_ref. Never NaN for a validated section.
    pub fn k_at(&self, pressure: f32) -> f32 {
        let [lo, hi] = self.pressure_range;
        let p = if pressure.is_nan() {
            self.p_ref
        } else {
            pressure.clamp(lo, hi)
        };
        self.k0 * math::powf(p / self.p_ref, self.exponent)
    }

    /// Checks finiteness, signs, ordered intervals that contain their estimate, and the range.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] when K0 or p_ref is not finite and > 0, an interval does not contain
    /// its estimate or has a non-finite end, the pressure range is not 0 < lo < hi < ∞, the wear
    /// energy is negative or non-finite, or a shape-only law has K0 ≠ 1.
    pub fn validate(&self) -> Result<(), Error> {
        let [k_lo, k_hi] = self.k0_ci95;
        let [n_lo, n_hi] = self.exponent_ci95;
        let [p_lo, p_hi] = self.pressure_range;
        let ok = positive(self.k0)
            && non_negative(k_lo)
            && k_lo <= self.k0
            && self.k0 <= k_hi
            && k_hi.is_finite()
            && positive(self.p_ref)
            && self.exponent.is_finite()
            && n_lo.is_finite()
            && n_hi.is_finite()
            && n_lo <= self.exponent
            && self.exponent <= n_hi
            && positive(p_lo)
            && p_lo < p_hi
            && p_hi.is_finite()
            && non_negative(self.energy_wear)
            && (self.form != WearForm::ShapeOnly || self.k0 == 1.0);
        if ok { Ok(()) } else { Err(Error::InvalidTable) }
    }
}

/// Friction of the third-body layer itself, μ_3b(T), from seed 002's NSCD shear cell of rigid
/// cohesive disks: the physical floor of μ when the interface is fully covered by particles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThirdBodySection {
    /// μ_3b at the reference temperature (steady-state F_t/F_n on the top wall) \[-\].
    pub mu: f32,
    /// 95 % confidence interval of `mu`, `[lo, hi]` \[-\].
    pub mu_ci95: [f32; 2],
    /// Reference temperature of `mu` \[K\].
    pub reference_temperature: f32,
    /// Inertial number I of the shear cell the values were measured at \[-\].
    pub inertial_number: f32,
    /// Temperatures of the μ_3b(T) samples, strictly increasing \[K\] (may be empty).
    pub temperature: Vec<f32, THIRD_BODY_SAMPLES>,
    /// μ_3b at each temperature \[-\].
    pub mu_at_temperature: Vec<f32, THIRD_BODY_SAMPLES>,
    /// Lower ends of the 95 % confidence intervals of `mu_at_temperature` \[-\].
    pub ci95_lo: Vec<f32, THIRD_BODY_SAMPLES>,
    /// Upper ends of the 95 % confidence intervals of `mu_at_temperature` \[-\].
    pub ci95_hi: Vec<f32, THIRD_BODY_SAMPLES>,
    /// The material pair and particle material it holds for, and its conditions.
    pub material: MaterialIdentity,
    /// Who computed it and from how many simulations.
    pub provenance: SectionProvenance,
}

impl ThirdBodySection {
    /// μ_3b at temperature `t` \[K\]: the monotone cubic interpolant of the samples inside their
    /// range, the end sample's value outside it (a stated clamp, no extrapolation), `mu` when
    /// there are fewer than two samples or `t` is NaN \[-\]. Never NaN for a validated section.
    pub fn mu_at(&self, t: f32) -> f32 {
        let n = self.temperature.len();
        if n < 2 || t.is_nan() {
            return self.mu;
        }
        let (Some(&t0), Some(&t1)) = (self.temperature.first(), self.temperature.last()) else {
            return self.mu;
        };
        let t = t.clamp(t0, t1);
        interp::monotone_cubic(&self.temperature, &self.mu_at_temperature, t).unwrap_or(self.mu)
    }

    /// Checks finiteness, 0 < μ < 10 (a friction coefficient), lengths, ordering, intervals.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] when μ_3b or a sample μ is outside (0, 10) or outside its interval,
    /// the reference temperature or inertial number is not finite and > 0, the sample vectors
    /// differ in length, or the temperatures are not positive and strictly increasing.
    pub fn validate(&self) -> Result<(), Error> {
        let n = self.temperature.len();
        let [lo, hi] = self.mu_ci95;
        let mut ok = friction(self.mu)
            && non_negative(lo)
            && lo <= self.mu
            && self.mu <= hi
            && hi.is_finite()
            && positive(self.reference_temperature)
            && positive(self.inertial_number)
            && self.mu_at_temperature.len() == n
            && self.ci95_lo.len() == n
            && self.ci95_hi.len() == n
            && self.temperature.iter().all(|&t| positive(t))
            && (n == 0 || interp::is_strictly_increasing(&self.temperature));
        let samples = self
            .mu_at_temperature
            .iter()
            .zip(&self.ci95_lo)
            .zip(&self.ci95_hi);
        for ((&m, &l), &h) in samples {
            ok &= friction(m) && non_negative(l) && l <= m && m <= h && h.is_finite();
        }
        if ok { Ok(()) } else { Err(Error::InvalidTable) }
    }
}

/// Where the friction μ_p of the particle-borne area comes from. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ParticleShearOrigin {
    /// A documented default, not computed for this table.
    DocumentedDefault,
    /// `tribo fit strip-draw`: fitted to measured strip-draw μ̄ (several passes or tool
    /// lengths) jointly with τ0 and ζ; the interval is the fit's 95 % profile-likelihood
    /// interval.
    FittedStripDraw,
    /// `tribo calibrate`: solved with ζ from seed 000 §2.1's published one- and three-pass
    /// reductions (35 % and 72 % at 25 MPa, 35 mm tool) on this table's law; the interval
    /// propagates the precision of those published numbers, it is not a statistical interval.
    FittedSeed000Passes,
    /// Seed 002's shear cell run for this pair's lubricated flake layer: μ_p = μ_3b with its
    /// 95 % bootstrap interval over seeds.
    SimulatedShearCell,
}

/// Shear on the particle-borne area A_p (issue 30; [`crate::law`]): μ_p = τ_p·κ/(E*·h'_rms),
/// the friction coefficient of the contact where flakes bear the load, so that
/// μ = μ0·(1 − β/β_thres) + μ_p·β/β_thres and μ never falls below μ_p.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParticleShearSection {
    /// μ_p \[-\]: the floor of μ at β ≥ β_thres.
    pub particle_friction: f32,
    /// 95 % interval of μ_p, `[lo, hi]` \[-\] (its meaning depends on `origin`).
    pub ci95: [f32; 2],
    /// Where μ_p comes from.
    pub origin: ParticleShearOrigin,
    /// The material pair and conditions it was obtained for.
    pub material: MaterialIdentity,
    /// Who computed it and from how many simulations or data points.
    pub provenance: SectionProvenance,
}

impl ParticleShearSection {
    /// Checks 0 ≤ lo ≤ μ_p ≤ hi ≤ [`PARTICLE_FRICTION_MAX`], all finite.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] unless 0 ≤ lo ≤ μ_p ≤ hi ≤ [`PARTICLE_FRICTION_MAX`], all finite.
    pub fn validate(&self) -> Result<(), Error> {
        let [lo, hi] = self.ci95;
        let in_range = |x: f32| non_negative(x) && x <= PARTICLE_FRICTION_MAX;
        let ok = in_range(self.particle_friction)
            && in_range(lo)
            && in_range(hi)
            && lo <= self.particle_friction
            && self.particle_friction <= hi;
        if ok { Ok(()) } else { Err(Error::InvalidTable) }
    }
}

/// Upper bound of a plausible friction coefficient of a particle layer.
const FRICTION_MAX: f32 = 10.0;

fn friction(x: f32) -> bool {
    positive(x) && x < FRICTION_MAX
}
