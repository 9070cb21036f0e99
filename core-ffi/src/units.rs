//! The unit system of a model, chosen once at `tribo_model_init`, and the conversions at the
//! boundary: every input is converted to SI before the core sees it, every dimensional output
//! back to the model's units. The core stays SI.
//!
//! The systems are the consistent ones `tribo export --units` names (one set of names for the
//! decks and the ABI):
//!
//! | `TRIBO_UNITS_*` | length | time | mass  | force | stress | velocity | `tribo export` |
//! |-----------------|--------|------|-------|-------|--------|----------|----------------|
//! | `SI`            | m      | s    | kg    | N     | Pa     | m/s      | `si`           |
//! | `MM_TONNE_S`    | mm     | s    | tonne | N     | MPa    | mm/s     | `mm-s`         |
//! | `MM_MS_KG`      | mm     | ms   | kg    | kN    | GPa    | mm/ms    | `mm-ms`        |
//!
//! **How a value is converted.** A quantity's SI value is its model value times a power of
//! ten, 10^k (stress: 10^6 for MPa, 10^9 for GPa; length: 10^−3 for mm; …). The boundary
//! forms the product in `f64` — `x·10^k` for k ≥ 0, `x / 10^−k` for k < 0, both with the exact
//! `f64` integer 10^|k| — and rounds it once to `f32`. When the SI value is representable in
//! `f32` (a dyadic stroke: 20 MPa, 78.125 mm/s, 2^−10 s) the conversion is therefore exact, and
//! a model in any system computes exactly what the SI model computes on the SI values
//! (`tests/units.rs`). Outputs go back the same way with −k. In SI nothing is converted.
//!
//! **State variables stay SI** (β \[-\], the elastic slip \[m\]) whatever the model's units: the
//! routine stores and returns them unchanged, and converting them each increment would add a
//! rounding per increment to a quantity that is carried over thousands of them.

/// Unit system value: SI (m, s, kg, N, Pa; velocity m/s).
pub const TRIBO_UNITS_SI: u32 = 0;
/// Unit system value: mm, s, tonne, N, MPa (velocity mm/s, stiffness MPa/mm); `tribo export
/// --units mm-s`.
pub const TRIBO_UNITS_MM_TONNE_S: u32 = 1;
/// Unit system value: mm, ms, kg, kN, GPa (velocity mm/ms = m/s, stiffness GPa/mm);
/// `tribo export --units mm-ms`.
pub const TRIBO_UNITS_MM_MS_KG: u32 = 2;

/// One quantity's conversion: SI value = model value · 10^`exponent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pow10 {
    exponent: i8,
}

/// 10^k for 0 ≤ k ≤ 15, exact in `f64` (10^22 is the largest exact power).
fn ten_to(k: u8) -> f64 {
    let mut x = 1.0f64;
    for _ in 0..k {
        x *= 10.0;
    }
    x
}

impl Pow10 {
    const fn new(exponent: i8) -> Self {
        Self { exponent }
    }

    /// `x` (in the model's unit) in SI: one `f64` product or quotient by an exact power of
    /// ten, one rounding to `f32`.
    #[inline]
    pub(crate) fn to_si(self, x: f32) -> f32 {
        scale(x, self.exponent)
    }

    /// `x` (SI) in the model's unit (the inverse conversion).
    #[inline]
    pub(crate) fn si_to_unit(self, x: f32) -> f32 {
        scale(x, -self.exponent)
    }
}

#[inline]
fn scale(x: f32, exponent: i8) -> f32 {
    if exponent == 0 {
        x
    } else if exponent > 0 {
        (f64::from(x) * ten_to(exponent.unsigned_abs())) as f32
    } else {
        (f64::from(x) / ten_to(exponent.unsigned_abs())) as f32
    }
}

/// The conversions of one unit system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UnitSystem {
    /// The `TRIBO_UNITS_*` value.
    pub(crate) code: u32,
    /// Length (slip increments, contact area as length²).
    pub(crate) length: Pow10,
    /// Time (Δt).
    pub(crate) time: Pow10,
    /// Stress (contact pressure, traction).
    pub(crate) stress: Pow10,
    /// Velocity (slip rate) = length/time.
    pub(crate) velocity: Pow10,
    /// Stiffness per area (k_s) = stress/length.
    pub(crate) stiffness: Pow10,
}

impl UnitSystem {
    /// The system of a `TRIBO_UNITS_*` value, `None` for any other value.
    pub(crate) fn from_code(code: u32) -> Option<Self> {
        let (length, time, stress) = match code {
            TRIBO_UNITS_SI => (0, 0, 0),
            TRIBO_UNITS_MM_TONNE_S => (-3, 0, 6),
            TRIBO_UNITS_MM_MS_KG => (-3, -3, 9),
            _ => return None,
        };
        Some(Self {
            code,
            length: Pow10::new(length),
            time: Pow10::new(time),
            stress: Pow10::new(stress),
            velocity: Pow10::new(length - time),
            stiffness: Pow10::new(stress - length),
        })
    }

    /// Whether this is SI (no conversion at all).
    #[inline]
    pub(crate) fn is_si(&self) -> bool {
        self.code == TRIBO_UNITS_SI
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_systems_are_consistent() {
        // Force = stress·length²: N in SI and mm-tonne-s (MPa·mm²), kN in mm-ms-kg (GPa·mm²).
        for (code, force_exponent) in [
            (TRIBO_UNITS_SI, 0),
            (TRIBO_UNITS_MM_TONNE_S, 0),
            (TRIBO_UNITS_MM_MS_KG, 3),
        ] {
            let u = UnitSystem::from_code(code).unwrap();
            assert_eq!(u.stress.exponent + 2 * u.length.exponent, force_exponent);
            // Mass = force·time²/length: kg (0) or tonne (3).
            let mass = force_exponent + 2 * u.time.exponent - u.length.exponent;
            assert_eq!(mass, if code == TRIBO_UNITS_MM_TONNE_S { 3 } else { 0 });
        }
        assert!(UnitSystem::from_code(3).is_none());
    }

    #[test]
    fn exact_values_convert_exactly_both_ways() {
        let u = UnitSystem::from_code(TRIBO_UNITS_MM_TONNE_S).unwrap();
        assert_eq!(u.stress.to_si(20.0), 20.0e6);
        assert_eq!(u.velocity.to_si(78.125), 0.078125);
        assert_eq!(u.length.to_si(78.125 / 1024.0), 0.078125 / 1024.0);
        assert_eq!(u.stress.si_to_unit(20.0e6), 20.0);
        let v = UnitSystem::from_code(TRIBO_UNITS_MM_MS_KG).unwrap();
        assert_eq!(v.stress.to_si(0.015625), 15.625e6);
        assert_eq!(v.time.to_si(0.9765625), 0.0009765625);
        assert_eq!(v.velocity.to_si(0.078125), 0.078125);
        // A value that is not exact still rounds once: the nearest f32 of the f64 product.
        assert_eq!(u.stress.to_si(0.1), (f64::from(0.1f32) * 1e6) as f32);
    }
}
