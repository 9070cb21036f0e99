//! Plausibility of every input at the boundary, in SI after the unit conversion: a value that
//! no forming contact can have is refused with a named status before the core sees it. The
//! aim is to catch a model fed in the wrong units (20 MPa handed over as 20 to an SI model),
//! not to police unusual processes: each bound is far outside the process window and says why.
//!
//! **Contact pressure p \[Pa\]** (checked in this order):
//! - NaN, ±∞ or negative: `TRIBO_STATUS_PRESSURE_INVALID` (a compressive contact pressure is
//!   ≥ 0 in every FE convention this ABI is written for; −0 counts as 0).
//! - p = 0: the point is not under the tool (open: no traction, β frozen). Accepted.
//! - 0 < p < p_min = p_lo/[`PRESSURE_LOW_DIVISOR`]: `TRIBO_STATUS_PRESSURE_BELOW_PLAUSIBLE`.
//!   p_lo is the lowest pressure the table was calibrated at (its cluster section's range) or,
//!   without one, the 2 MPa at which seed 000 §6.4 fitted α ([`SEED000_PRESSURE_LOW`]); with
//!   the factor 10⁻³ the bound is 2 kPa for seed-000 tables. The law itself has no lower limit
//!   (Eq. 8 and 23 are linear in p), so the bound is a units guard only: any pressure in MPa
//!   or GPa handed to an SI model is refused for every true pressure up to 10³·p_lo (2 GPa),
//!   and a pressure in GPa handed to an mm-tonne-s model is refused below 10⁻³·p_lo·10⁶
//!   (2 MPa); above that, such a value (≥ 2 kPa) passes. A grazing point whose true pressure
//!   is below p_min carries a negligible traction (p·μ ≤ 10⁻³ of the process's): call again
//!   with p = 0 (open for this increment).
//! - p > p_max = min([`PRESSURE_CRIT_FACTOR`]·H, E*·h'_rms/κ):
//!   `TRIBO_STATUS_PRESSURE_ABOVE_PLAUSIBLE`. H is the table's hardness of the softer body
//!   (the Archard source, Eq. 12), used as p_crit: seed 000's p_crit (Eq. 21, 340 MPa) is the
//!   BEM's hardness-like bound on the asperity tractions, which the table does not carry, and
//!   the mean contact pressure cannot exceed it; k = 2 leaves room for FE pressure spikes at
//!   tool radii and for an H that is an estimate (0.7 GPa for the defaults: p_max = 1.4 GPa).
//!   E*·h'_rms/κ is where Eq. 8's contact area reaches the nominal area (9.35 GPa for the
//!   defaults): the law means nothing beyond it. A pressure in Pa handed to an mm-tonne-s or
//!   mm-ms-kg model, or in MPa to an mm-ms-kg model, is refused for any true pressure above
//!   p_max/10⁶ (1.4 kPa) or p_max/10³ (1.4 MPa).
//!
//! **Slip rate v \[m/s\]**: NaN or ±∞ is `TRIBO_STATUS_SLIP_RATE_INVALID`; |v| above
//! [`MAX_SLIP_RATE`] (100 m/s) is `TRIBO_STATUS_SLIP_RATE_ABOVE_PLAUSIBLE`: the fastest α(v)
//! the calibrator simulates (`paper` preset: 100 m/s; seed 000's mesoscale runs: 50 m/s) and
//! far above press forming (≤ 1–2 m/s); above, flash heating at the asperities, which the
//! isothermal law ignores, dominates. mm/s handed over as m/s is refused for true slip rates
//! above 0.1 m/s. The rate implied by a slip increment, |Δs|/Δt, is held to the same bound.
//!
//! **Time increment Δt \[s\]**: finite and > 0, else `TRIBO_STATUS_TIME_STEP_INVALID`.
//!
//! **Slip increment Δs \[m\]**: finite and |Δs| ≤ [`MAX_SLIP_INCREMENT`] (1 m: no contact
//! point slides a metre in one increment; the bound keeps e + Δs finite), else
//! `TRIBO_STATUS_SLIP_INCREMENT_INVALID`.
//!
//! **Contact area** (the VFRIC-shaped call's force output): finite and ≥ 0, else
//! `TRIBO_STATUS_AREA_INVALID`.
//!
//! **β** (an input of `tribo_mu`, and the state): finite and ≥ 0, else
//! `TRIBO_STATUS_BETA_INVALID` (`TRIBO_STATUS_INVALID_STATE` for a state).
//!
//! **Shear stiffness k_s \[Pa/m\]** (at init): within [E*/1 m, E*/1 µm] — k_s = E*/h_B with
//! h_B half the sheet thickness (seed 000 Eq. 4), a bound three decades wider on each side
//! than foils to plates — else `TRIBO_STATUS_SHEAR_STIFFNESS_IMPLAUSIBLE`: a stiffness in
//! MPa/mm (10⁹ Pa/m) or GPa/mm (10¹² Pa/m) given in the wrong system is always refused.

use tribo_core::table::Table;

use crate::status::TriboStatus;

/// p_min = p_lo / this, with p_lo the lowest calibrated pressure (module docs) \[-\].
pub const PRESSURE_LOW_DIVISOR: f32 = 1.0e3;

/// p_lo of a table without a cluster section \[Pa\]: seed 000 §6.4 fitted α over 2–30 MPa.
pub const SEED000_PRESSURE_LOW: f32 = 2.0e6;

/// k of p_max = k·p_crit with p_crit the table's hardness H (module docs) \[-\].
pub const PRESSURE_CRIT_FACTOR: f32 = 2.0;

/// Largest plausible |slip rate| \[m/s\] (module docs).
pub const MAX_SLIP_RATE: f32 = 100.0;

/// Largest plausible |slip increment| in one increment \[m\] (module docs).
pub const MAX_SLIP_INCREMENT: f32 = 1.0;

/// h_B range of the shear-stiffness bound k_s ∈ [E*/h_max, E*/h_min] \[m\] (module docs).
pub const SHEAR_STIFFNESS_HALF_THICKNESS_M: (f32, f32) = (1.0e-6, 1.0);

/// The bounds of one model, in SI, fixed at init.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Bounds {
    /// p_min \[Pa\].
    pub(crate) pressure_min: f32,
    /// p_max \[Pa\].
    pub(crate) pressure_max: f32,
}

impl Bounds {
    /// The bounds of a validated table (module docs).
    pub(crate) fn of_table(table: &Table) -> Self {
        let p_lo = table
            .clusters
            .as_ref()
            .map(|c| c.pressure_range[0])
            .filter(|p| p.is_finite() && *p > 0.0)
            .unwrap_or(SEED000_PRESSURE_LOW);
        let law = &table.law;
        let full_contact = law.e_star * law.slope_rms / law.kappa;
        let hardness_bound = PRESSURE_CRIT_FACTOR * table.transport.hardness;
        Self {
            pressure_min: p_lo / PRESSURE_LOW_DIVISOR,
            pressure_max: hardness_bound.min(full_contact),
        }
    }

    /// A contact pressure \[Pa\]: 0 (open) or within [p_min, p_max]. The accepted values
    /// cost two or three comparisons; the refusals are classified out of line.
    #[inline]
    pub(crate) fn pressure(&self, p: f32) -> Result<(), TriboStatus> {
        if (p >= self.pressure_min && p <= self.pressure_max) || p == 0.0 {
            Ok(())
        } else {
            self.refuse_pressure(p)
        }
    }

    #[cold]
    #[inline(never)]
    fn refuse_pressure(&self, p: f32) -> Result<(), TriboStatus> {
        if !(p.is_finite() && p >= 0.0) {
            Err(TriboStatus::PressureInvalid)
        } else if p > self.pressure_max {
            Err(TriboStatus::PressureAbovePlausible)
        } else if p > 0.0 && p < self.pressure_min {
            Err(TriboStatus::PressureBelowPlausible)
        } else {
            Ok(())
        }
    }
}

/// A slip rate \[m/s\]: finite, |v| ≤ [`MAX_SLIP_RATE`].
#[inline]
pub(crate) fn slip_rate(v: f32) -> Result<(), TriboStatus> {
    if v.abs() <= MAX_SLIP_RATE {
        Ok(())
    } else {
        refuse_slip_rate(v)
    }
}

#[cold]
#[inline(never)]
fn refuse_slip_rate(v: f32) -> Result<(), TriboStatus> {
    if !v.is_finite() {
        Err(TriboStatus::SlipRateInvalid)
    } else if v.abs() > MAX_SLIP_RATE {
        Err(TriboStatus::SlipRateAbovePlausible)
    } else {
        Ok(())
    }
}

/// A time increment \[s\]: finite and > 0.
#[inline]
pub(crate) fn time_step(dt: f32) -> Result<(), TriboStatus> {
    if dt > 0.0 && dt <= f32::MAX {
        Ok(())
    } else {
        Err(TriboStatus::TimeStepInvalid)
    }
}

/// A slip increment's magnitude \[m\] over `dt` \[s\] (already checked): finite, ≤
/// [`MAX_SLIP_INCREMENT`], and an implied rate |Δs|/Δt ≤ [`MAX_SLIP_RATE`].
#[inline]
pub(crate) fn slip_increment(magnitude: f32, dt: f32) -> Result<(), TriboStatus> {
    if magnitude <= MAX_SLIP_INCREMENT && magnitude <= MAX_SLIP_RATE * dt {
        Ok(())
    } else {
        refuse_slip_increment(magnitude, dt)
    }
}

#[cold]
#[inline(never)]
fn refuse_slip_increment(magnitude: f32, dt: f32) -> Result<(), TriboStatus> {
    if !(magnitude.is_finite() && magnitude <= MAX_SLIP_INCREMENT) {
        Err(TriboStatus::SlipIncrementInvalid)
    } else if magnitude > MAX_SLIP_RATE * dt {
        Err(TriboStatus::SlipRateAbovePlausible)
    } else {
        Ok(())
    }
}

/// A third-body fraction β \[-\]: finite and ≥ 0 (NaN fails both comparisons).
#[inline]
pub(crate) fn beta(b: f32) -> bool {
    (0.0..=f32::MAX).contains(&b)
}

/// The interface shear stiffness k_s \[Pa/m\] against E* \[Pa\] (module docs).
pub(crate) fn shear_stiffness(k_s: f32, e_star: f32) -> Result<(), TriboStatus> {
    let (h_min, h_max) = SHEAR_STIFFNESS_HALF_THICKNESS_M;
    if k_s.is_finite() && k_s >= e_star / h_max && k_s <= e_star / h_min {
        Ok(())
    } else {
        Err(TriboStatus::ShearStiffnessImplausible)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed000_bounds_are_the_documented_numbers() {
        let b = Bounds::of_table(&Table::seed000_defaults());
        assert_eq!(b.pressure_min, 2.0e3);
        assert_eq!(b.pressure_max, 1.4e9);
        // The filled example's cluster range starts at 2 MPa as well.
        let f = Bounds::of_table(&Table::filled_example());
        assert_eq!(f.pressure_min, 2.0e3);
        for (p, ok) in [
            (0.0, Ok(())),
            (-0.0, Ok(())),
            (2.0e3, Ok(())),
            (20.0e6, Ok(())),
            (1.4e9, Ok(())),
            (20.0, Err(TriboStatus::PressureBelowPlausible)),
            (1.9e3, Err(TriboStatus::PressureBelowPlausible)),
            (1.5e9, Err(TriboStatus::PressureAbovePlausible)),
            (f32::INFINITY, Err(TriboStatus::PressureInvalid)),
            (f32::NAN, Err(TriboStatus::PressureInvalid)),
            (-1.0, Err(TriboStatus::PressureInvalid)),
        ] {
            assert_eq!(b.pressure(p), ok, "p = {p}");
        }
    }
}
