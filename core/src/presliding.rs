//! Pre-sliding law from the asperity table (seed 003): a stick–slip-aware Coulomb law with
//! the static threshold Q_s(P), the kinetic ratio ε and the initial tangential stiffness
//! k_t(P) = Σ k_i computed by the calibrator's independent-asperity model.
//!
//! Per control tick, with the tangential displacement u of the contact and the normal load P:
//!
//! ```text
//! pinned:   T ← T + k_t(P)·Δu;  if |T| > Q_s(P): slip, T = sgn(T)·ε·Q_s(P)
//! slipping: T = s·ε·Q_s(P) while s·u̇ ≥ v_repin (s = slip direction, u̇ = Δu/dt);
//!           otherwise re-pin: T ← T + k_t(P)·Δu from the kinetic force (no force jump,
//!           like x_i = X − εf_s/k_i in seed 003 App. A), then the pinned threshold check
//! ```
//!
//! The force is thus always bounded by Q_s(P). [`PreslidingLaw::tangential_stiffness`] is the
//! physically grounded k_s of the elastic–plastic Coulomb law of seed 000 Eq. 4, and
//! [`PreslidingLaw::static_threshold`] its limit.
//!
//! **Load policy.** Inside the table's load range, Q_s(P) and k_t(P) are interpolated
//! linearly ([`crate::interp::linear`]). Outside it they are scaled proportionally to P from the
//! nearest end (Amontons: the model's area, number of junctions, Q_s and k_t all grow ∝ P), so
//! both vanish at P = 0; results saturate at `f32::MAX`. A load P ≤ 0 (contact lost) gives zero
//! force and resets the state to pinned and unloaded.
//!
//! **Input policy.** Non-finite P, u or dt: `Err(NonFiniteInput)` and the state is left
//! unchanged. dt ≤ 0: `Err(OutOfDomain)`. The law never panics and never returns NaN.
//!
//! ```
//! use tribo_core::presliding::{PreslidingLaw, PreslidingSection, PreslidingState};
//! let law = PreslidingLaw::new(&PreslidingSection::filled_example())?;
//! let mut st = PreslidingState::new(0.0);
//! let p = 2.0; // N
//! let (qs, kt) = (law.static_threshold(p), law.tangential_stiffness(p));
//! // Elastic loading below the threshold: T = k_t·u.
//! let t = law.step(&mut st, p, 0.5 * qs / kt, 1e-3)?;
//! assert!((t - 0.5 * qs).abs() < 1e-6 * qs);
//! // Far beyond: sliding at ε·Q_s.
//! let t = law.step(&mut st, p, 10.0 * qs / kt, 1e-3)?;
//! assert!((t - law.kinetic_ratio() * qs).abs() < 1e-6 * qs);
//! # Ok::<(), tribo_core::Error>(())
//! ```

use heapless::Vec;
use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::interp;
use crate::math;

/// Maximum number of normal loads in the pre-sliding section.
pub const PRESLIDING_LOADS: usize = 8;

/// The table section written by `tribo asperity`: per normal load, the static threshold,
/// the initial tangential stiffness and the static real contact area.
///
/// An empty section (no loads) means "not calibrated".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PreslidingSection {
    /// Normal loads P at which the model was run, strictly increasing, > 0 \[N\].
    pub normal_load: Vec<f32, PRESLIDING_LOADS>,
    /// Static friction threshold Q_s(P) \[N\].
    pub static_threshold: Vec<f32, PRESLIDING_LOADS>,
    /// Initial tangential stiffness k_t(P) = Σ k_i \[N/m\].
    pub tangential_stiffness: Vec<f32, PRESLIDING_LOADS>,
    /// Real contact area at the onset of sliding A_s(P) \[m²\].
    pub static_area: Vec<f32, PRESLIDING_LOADS>,
    /// Kinetic-to-static ratio ε of the junction thresholds (seed 003 Eq. 6) \[-\].
    pub kinetic_ratio: f32,
    /// Re-pinning velocity c_min·v of the model run (seed 003 App. A) \[m/s\]: the default
    /// slip-velocity threshold below which a sliding contact re-pins.
    pub repin_velocity: f32,
}

impl PreslidingSection {
    /// A fully populated section with plausible values, for size and round-trip tests of the
    /// table format. Not a calibration result.
    pub fn filled_example() -> Self {
        let mut s = PreslidingSection {
            kinetic_ratio: 0.9,
            repin_velocity: 1.0e-6,
            ..Default::default()
        };
        for i in 0..PRESLIDING_LOADS {
            let p = 1.0 + i as f32;
            let _ = s.normal_load.push(p);
            let _ = s.static_threshold.push(0.65 * p);
            let _ = s.tangential_stiffness.push(7.0e4 * p);
            let _ = s.static_area.push(3.2e-6 * p);
        }
        s
    }

    /// True if the section holds no load (not calibrated).
    pub fn is_empty(&self) -> bool {
        self.normal_load.is_empty()
    }

    /// Checks the section: all columns of the same length, loads finite, > 0 and strictly
    /// increasing, every value finite and > 0, 0 < ε ≤ 1, the re-pinning velocity finite and ≥ 0.
    ///
    /// # Errors
    ///
    /// [`Error::MissingSection`] for an empty section; [`Error::InvalidTable`] for columns of
    /// different lengths, loads not strictly increasing, any value not finite and > 0, ε outside
    /// (0, 1], or a negative or non-finite re-pinning velocity.
    pub fn validate(&self) -> Result<(), Error> {
        if self.is_empty() {
            return Err(Error::MissingSection);
        }
        let n = self.normal_load.len();
        let pos = |x: &f32| x.is_finite() && *x > 0.0;
        let ok = self.static_threshold.len() == n
            && self.tangential_stiffness.len() == n
            && self.static_area.len() == n
            && interp::is_strictly_increasing(&self.normal_load)
            && self.normal_load.iter().all(pos)
            && self.static_threshold.iter().all(pos)
            && self.tangential_stiffness.iter().all(pos)
            && self.static_area.iter().all(pos)
            && pos(&self.kinetic_ratio)
            && self.kinetic_ratio <= 1.0
            && self.repin_velocity.is_finite()
            && self.repin_velocity >= 0.0;
        if ok { Ok(()) } else { Err(Error::InvalidTable) }
    }
}

/// Direction of a slip, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlipState {
    /// Pinned: elastic response.
    Pinned,
    /// Sliding in +u.
    Forward,
    /// Sliding in −u.
    Backward,
}

/// The per-contact state of the law, updated every tick by [`PreslidingLaw::step`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PreslidingState {
    /// Tangential force T \[N\] (same sign as the displacement that loaded it).
    pub force: f32,
    /// Displacement u at the previous tick \[m\].
    pub last_displacement: f32,
    /// Pinned or sliding.
    pub slip: SlipState,
}

impl PreslidingState {
    /// An unloaded, pinned contact at displacement `u` \[m\] (non-finite `u` counts as 0).
    pub fn new(u: f32) -> Self {
        Self {
            force: 0.0,
            last_displacement: if u.is_finite() { u } else { 0.0 },
            slip: SlipState::Pinned,
        }
    }
}

/// The pre-sliding law built from a validated [`PreslidingSection`].
#[derive(Clone, Debug, PartialEq)]
pub struct PreslidingLaw {
    section: PreslidingSection,
    repin_velocity: f32,
}

impl PreslidingLaw {
    /// Validates `section` and copies it (≈ 140 bytes, no heap).
    ///
    /// # Errors
    ///
    /// Those of [`PreslidingSection::validate`]: [`Error::MissingSection`] for an empty section,
    /// [`Error::InvalidTable`] for an inconsistent or non-physical one.
    pub fn new(section: &PreslidingSection) -> Result<Self, Error> {
        section.validate()?;
        Ok(Self {
            section: section.clone(),
            repin_velocity: section.repin_velocity,
        })
    }

    /// Overrides the re-pinning velocity (e.g. scaled to the machine's speeds) \[m/s\].
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when `v` is NaN, infinite or negative.
    pub fn with_repin_velocity(mut self, v: f32) -> Result<Self, Error> {
        if v.is_finite() && v >= 0.0 {
            self.repin_velocity = v;
            Ok(self)
        } else {
            Err(Error::InvalidParameter)
        }
    }

    /// Re-pinning velocity in use \[m/s\].
    pub fn repin_velocity(&self) -> f32 {
        self.repin_velocity
    }

    /// Kinetic ratio ε \[-\].
    pub fn kinetic_ratio(&self) -> f32 {
        self.section.kinetic_ratio
    }

    /// The underlying table section.
    pub fn section(&self) -> &PreslidingSection {
        &self.section
    }

    /// Column `ys` at load `p` with the load policy of the module documentation.
    fn lookup(&self, ys: &[f32], p: f32) -> f32 {
        let ps = &self.section.normal_load;
        if p.is_nan() || p <= 0.0 || p.is_infinite() {
            return 0.0;
        }
        let (first, last) = match (ps.first(), ps.last(), ys.first(), ys.last()) {
            (Some(&p0), Some(&p1), Some(&y0), Some(&y1)) => ((p0, y0), (p1, y1)),
            _ => return 0.0,
        };
        let y = if p < first.0 {
            first.1 * (p / first.0)
        } else if p > last.0 {
            last.1 * (p / last.0)
        } else {
            interp::linear(ps, ys, p).unwrap_or(0.0)
        };
        if y.is_finite() { y } else { f32::MAX }
    }

    /// Static friction threshold Q_s(P) \[N\] (0 for P ≤ 0 or non-finite P).
    pub fn static_threshold(&self, p: f32) -> f32 {
        self.lookup(&self.section.static_threshold, p)
    }

    /// Kinetic (sliding) force ε·Q_s(P) \[N\].
    pub fn kinetic_threshold(&self, p: f32) -> f32 {
        self.section.kinetic_ratio * self.static_threshold(p)
    }

    /// Tangential stiffness k_t(P) \[N/m\]: the k_s of the Coulomb law of seed 000 Eq. 4
    /// (0 for P ≤ 0 or non-finite P).
    pub fn tangential_stiffness(&self, p: f32) -> f32 {
        self.lookup(&self.section.tangential_stiffness, p)
    }

    /// Static real contact area A_s(P) \[m²\].
    pub fn static_area(&self, p: f32) -> f32 {
        self.lookup(&self.section.static_area, p)
    }

    /// Advances the law by one tick to displacement `u` \[m\] at normal load `p` \[N\], `dt` \[s\]
    /// after the previous tick; returns the tangential force T \[N\], |T| ≤ Q_s(P).
    ///
    /// # Errors
    ///
    /// [`Error::NonFiniteInput`] when `p`, `u` or `dt` is NaN or infinite; [`Error::OutOfDomain`]
    /// when `dt ≤ 0`. `state` is untouched then.
    pub fn step(&self, state: &mut PreslidingState, p: f32, u: f32, dt: f32) -> Result<f32, Error> {
        if !(p.is_finite() && u.is_finite() && dt.is_finite()) {
            return Err(Error::NonFiniteInput);
        }
        if dt <= 0.0 {
            return Err(Error::OutOfDomain);
        }
        let du = u - state.last_displacement;
        state.last_displacement = u;
        if p <= 0.0 {
            state.force = 0.0;
            state.slip = SlipState::Pinned;
            return Ok(0.0);
        }
        let qs = self.static_threshold(p);
        let kt = self.tangential_stiffness(p);
        let kinetic = self.section.kinetic_ratio * qs;
        // Slip velocity; a non-finite quotient (huge Δu, tiny dt) is a fast slip.
        let v = du / dt;
        let v = if v.is_finite() {
            v
        } else {
            f32::MAX.copysign(du)
        };
        let dir = match state.slip {
            SlipState::Forward => 1.0,
            SlipState::Backward => -1.0,
            SlipState::Pinned => 0.0,
        };
        if dir != 0.0 && dir * v >= self.repin_velocity {
            state.force = dir * kinetic;
            return Ok(state.force);
        }
        if dir != 0.0 {
            // Re-pin from the kinetic force (no jump), then respond elastically.
            state.force = dir * kinetic;
            state.slip = SlipState::Pinned;
        }
        let trial = state.force + kt * du;
        let trial = if trial.is_finite() {
            trial
        } else {
            f32::MAX.copysign(du)
        };
        if math::abs(trial) > qs {
            state.force = kinetic.copysign(trial);
            state.slip = if trial > 0.0 {
                SlipState::Forward
            } else {
                SlipState::Backward
            };
        } else {
            state.force = trial;
        }
        Ok(state.force)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use proptest::prelude::*;

    /// f32 arithmetic on O(1) forces: a few ulps.
    const F32_TOL: f32 = 1e-5;

    fn law() -> PreslidingLaw {
        PreslidingLaw::new(&PreslidingSection::filled_example()).unwrap()
    }

    #[test]
    fn lookups_interpolate_and_scale_outside() {
        let l = law();
        // Inside: linear interpolation between (1, 0.65) and (2, 1.3).
        assert!((l.static_threshold(1.5) - 0.975).abs() < F32_TOL);
        assert!((l.tangential_stiffness(2.0) - 1.4e5).abs() < 1.0);
        // Outside: proportional to P from the end entries (the example is ∝ P everywhere).
        assert!((l.static_threshold(0.5) - 0.325).abs() < F32_TOL);
        assert!((l.static_threshold(16.0) - 10.4).abs() < 1e-4);
        assert_eq!(l.static_threshold(0.0), 0.0);
        assert_eq!(l.static_threshold(-3.0), 0.0);
        assert_eq!(l.static_threshold(f32::NAN), 0.0);
        assert_eq!(l.tangential_stiffness(f32::INFINITY), 0.0);
        // Huge loads saturate at f32::MAX instead of overflowing to ∞.
        assert_eq!(l.tangential_stiffness(f32::MAX), f32::MAX);
        assert!(l.static_threshold(f32::MAX).is_finite());
    }

    #[test]
    fn validation_rejects_bad_sections() {
        assert_eq!(
            PreslidingLaw::new(&PreslidingSection::default()),
            Err(Error::MissingSection)
        );
        let mut s = PreslidingSection::filled_example();
        s.static_threshold[3] = f32::NAN;
        assert_eq!(s.validate(), Err(Error::InvalidTable));
        let mut s = PreslidingSection::filled_example();
        s.normal_load[2] = s.normal_load[1];
        assert_eq!(s.validate(), Err(Error::InvalidTable));
        let mut s = PreslidingSection::filled_example();
        s.kinetic_ratio = 1.5;
        assert_eq!(s.validate(), Err(Error::InvalidTable));
        let mut s = PreslidingSection::filled_example();
        let _ = s.static_area.pop();
        assert_eq!(s.validate(), Err(Error::InvalidTable));
    }

    #[test]
    fn stick_slip_cycle_at_low_velocity() {
        // Drive at constant velocity below the re-pinning velocity: load elastically to Q_s,
        // slip to εQ_s, re-pin on the next tick, reload: a saw-tooth between εQ_s and Q_s.
        let l = law().with_repin_velocity(1.0).unwrap();
        let p = 3.0;
        let (qs, kt) = (l.static_threshold(p), l.tangential_stiffness(p));
        let mut st = PreslidingState::new(0.0);
        // 0.0123 elastic ranges per tick (not a divisor of 1 − ε, so no tie at the threshold).
        let du = 0.0123 * qs / kt;
        let mut slips = 0;
        let mut prev = 0.0;
        for k in 1..=500 {
            let t = l.step(&mut st, p, k as f32 * du, 1.0).unwrap();
            assert!(t <= qs * (1.0 + F32_TOL));
            if t < prev {
                slips += 1;
                assert!((t - l.kinetic_ratio() * qs).abs() < F32_TOL * qs);
            }
            prev = t;
        }
        // First slip at tick ⌈1/0.0123⌉ = 82; after each slip the contact re-pins at εQ_s and
        // reloads, slipping again after ⌈(1 − ε)/0.0123⌉ = 9 ticks: 1 + ⌊(500 − 82)/9⌋ = 47.
        assert!((46..=48).contains(&slips), "{slips}");
    }

    #[test]
    fn fast_sliding_stays_kinetic_and_reverses() {
        let l = law();
        let p = 2.0;
        let (qs, kt) = (l.static_threshold(p), l.tangential_stiffness(p));
        let mut st = PreslidingState::new(0.0);
        let dt = 1e-3;
        let mut u = 0.0;
        for _ in 0..50 {
            u += 0.5 * qs / kt;
            l.step(&mut st, p, u, dt).unwrap();
        }
        assert_eq!(st.slip, SlipState::Forward);
        assert!((st.force - l.kinetic_threshold(p)).abs() < F32_TOL * qs);
        // Reverse: re-pins, unloads elastically by k_t·Δu, then slides backward.
        u -= 0.5 * qs / kt;
        let t = l.step(&mut st, p, u, dt).unwrap();
        assert_eq!(st.slip, SlipState::Pinned);
        assert!((t - (l.kinetic_threshold(p) - 0.5 * qs)).abs() < 1e-4 * qs);
        for _ in 0..10 {
            u -= 0.5 * qs / kt;
            l.step(&mut st, p, u, dt).unwrap();
        }
        assert_eq!(st.slip, SlipState::Backward);
        assert!((st.force + l.kinetic_threshold(p)).abs() < F32_TOL * qs);
    }

    #[test]
    fn bad_inputs_are_errors_or_zero() {
        let l = law();
        let mut st = PreslidingState::new(0.0);
        l.step(&mut st, 2.0, 1e-6, 1e-3).unwrap();
        let before = st;
        assert_eq!(
            l.step(&mut st, f32::NAN, 0.0, 1e-3),
            Err(Error::NonFiniteInput)
        );
        assert_eq!(
            l.step(&mut st, 1.0, f32::INFINITY, 1e-3),
            Err(Error::NonFiniteInput)
        );
        assert_eq!(l.step(&mut st, 1.0, 0.0, 0.0), Err(Error::OutOfDomain));
        assert_eq!(st, before);
        assert_eq!(l.step(&mut st, -1.0, 2e-6, 1e-3), Ok(0.0));
        assert_eq!(st.slip, SlipState::Pinned);
        assert!(l.clone().with_repin_velocity(f32::NAN).is_err());
    }

    proptest! {
        #[test]
        fn never_panics_and_force_is_bounded(
            steps in proptest::collection::vec(
                (any::<f32>(), any::<f32>(), any::<f32>()), 1..64),
        ) {
            let l = law();
            let mut st = PreslidingState::new(0.0);
            for (p, u, dt) in steps {
                if let Ok(t) = l.step(&mut st, p, u, dt) {
                    prop_assert!(t.is_finite());
                    prop_assert!(math::abs(t) <= l.static_threshold(p) * (1.0 + F32_TOL));
                }
                prop_assert!(st.force.is_finite());
            }
        }

        /// Any closed displacement cycle from an unloaded contact, at constant load, with ticks
        /// smaller than the elastic range Q_s/k_t, dissipates: ∮T du ≥ 0 (trapezoidal work).
        #[test]
        fn hysteresis_loop_energy_is_non_negative(
            p in 0.2f32..12.0,
            incs in proptest::collection::vec(-1.0f32..1.0, 1..80),
            dt in 1e-4f32..1e-1,
        ) {
            let l = law();
            let (qs, kt) = (l.static_threshold(p), l.tangential_stiffness(p));
            let scale = qs / kt; // one elastic range
            // Path out and back: increments then their reversal, so u returns to 0 exactly.
            let mut path: std::vec::Vec<f32> = incs.iter().map(|d| d * scale).collect();
            let back: std::vec::Vec<f32> = path.iter().rev().map(|d| -d).collect();
            path.extend(back);
            let mut st = PreslidingState::new(0.0);
            let (mut u, mut t_prev, mut work) = (0.0f64, 0.0f32, 0.0f64);
            for du in path {
                let u_next = u + du as f64;
                let t = l.step(&mut st, p, u_next as f32, dt).unwrap();
                work += 0.5 * (t_prev as f64 + t as f64) * du as f64;
                t_prev = t;
                u = u_next;
            }
            // Rounding: f32 forces over ≤ 160 ticks of one elastic range each.
            prop_assert!(work >= -1e-5 * (qs as f64) * scale as f64 * 160.0, "work {work}");
        }
    }
}
