//! Physical plausibility of a table: a well-formed table (valid CRC, finite values, consistent
//! lengths) whose numbers no material pair can have is still an [`Error::InvalidTable`].
//!
//! The bounds are deliberately wide — they catch absurd values (a tampered or mis-scaled table,
//! E* = 1e33 Pa, heights in µm read as metres), not unusual materials. Each bound says why.
//! Checks use iterators only (no indexing, no panic on any input).

use super::reason::{Implausibility, Scope};
use crate::error::Error;
use crate::table::Table;

/// Effective modulus E* = (E₁/(1−ν₁²) + …)⁻¹ \[Pa\]: from soft elastomers (E ≈ 1 MPa) to
/// diamond on diamond (E ≈ 1.05 TPa, E* ≈ 0.6 TPa); the bounds add a decade of margin below
/// and a factor 3 above.
pub const E_STAR_PA: (f32, f32) = (1.0e5, 2.0e12);

/// Interfacial shear strength τ0 of seed 000 Eq. 6 \[Pa\]: from soft boundary films (kPa) to
/// the theoretical shear strength of the strongest solids (≈ G/10 ≈ 50 GPa for diamond).
/// Seed 000's documented default, calibrated to μ0 = 0.15, is 1.4 GPa.
pub const TAU0_PA: (f32, f32) = (1.0e3, 1.0e11);

/// Hardness H of the softer body (Archard source, seed 000 Eq. 12) \[Pa\]: from soft polymers
/// and indium (≈ 1–10 MPa) to diamond (≈ 100 GPa).
pub const HARDNESS_PA: (f32, f32) = (1.0e5, 2.0e11);

/// Particle (flake) thickness h_p \[m\] (seed 000: 0.5 µm): from one atomic layer (0.1 nm) to
/// 1 mm, beyond which the particle is not a third body of a rough contact.
pub const PARTICLE_THICKNESS_M: (f32, f32) = (1.0e-10, 1.0e-3);

/// κ of Eq. 8 \[-\]: ≈ 2 for self-affine surfaces (seed 000 App. D), 8/π ≈ 1.6 … 2.5 across
/// Persson's theory and BEM studies; a factor ≈ 5 of margin on both sides.
pub const KAPPA: (f32, f32) = (0.1, 10.0);

/// RMS slope h'_rms of the combined roughness \[-\] (seed 000: 0.34): polished surfaces reach
/// 1e-3, and a slope above 10 (84°) is not a surface a contact mechanics model applies to.
pub const SLOPE_RMS: (f32, f32) = (1.0e-4, 10.0);

/// |α| (seed 000 Eq. 23: A_p/A_0 = α·β·p/E*) \[-\]: seed 000 Fig. 15 has α of order 10; α
/// above 1e4 would mean particles carry the whole nominal area at β·p/E* = 1e-4, far outside
/// the model. Samples, their CI ends and the law's α0, α∞ are bounded in magnitude (a fitted
/// α0 or a CI end may fall slightly below 0 from noise).
pub const ALPHA_ABS_MAX: f32 = 1.0e4;

/// β_thres = κ/(α·h'_rms) (seed 000 Eq. 24) \[-\]: β is an area fraction of particles; a
/// threshold of a million covering layers is outside the model. (The upper CI end may be +∞
/// when α's lower CI end is ≤ 0, see the table's β_thres rule.)
pub const BETA_THRES_MAX: f32 = 1.0e6;

/// Archard wear coefficient K \[-\] (seed 000 §7: 1e-4; seed 001 Eq. for K = W·H/(F_N·s)):
/// the worn volume per unit load and sliding distance over 1/H cannot exceed one (typical
/// 1e-8 … 1e-2). Also bounds the wear section's K0 (`ShapeOnly` stores 1).
pub const ARCHARD_K: (f32, f32) = (0.0, 1.0);

/// Friction coefficient μ_3b of the third-body layer (seed 002) \[-\]: 0 … 10 (clean metals in
/// vacuum and rubber reach a few; nothing sheared through a granular layer reaches 10).
pub const MU_THIRD_BODY: (f32, f32) = (0.0, 10.0);

fn field(
    quantity: &'static str,
    unit: &'static str,
    value: f32,
    bounds: (f32, f32),
) -> Result<(), Implausibility> {
    Implausibility::check(Scope::Field, quantity, unit, value, bounds)
}

impl Table {
    /// Checks the physical plausibility of every bounded quantity (see the module's
    /// constants: E*, τ0, κ, h'_rms, H, h_p, α, β_thres, K and μ_3b), then the law as a whole
    /// ([`super::law`]). [`Error::InvalidTable`] for a field, [`Error::ImplausibleLaw`]
    /// for the law; [`Table::plausibility`] gives the reason.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] when a field lies outside its bound; [`Error::ImplausibleLaw`] when
    /// the law as a whole does ([`check_law`](super::law::check_law)).
    pub fn check_plausible(&self) -> Result<(), Error> {
        self.plausibility().map_err(|why| why.error())
    }

    /// [`Table::check_plausible`] with the reason: the quantity, its value and its bound.
    ///
    /// # Errors
    ///
    /// The first [`Implausibility`]: of a field ([`Table::plausible_fields`]), then of the law
    /// ([`Table::law_plausibility`]).
    pub fn plausibility(&self) -> Result<(), Implausibility> {
        self.plausible_fields()?;
        self.law_plausibility()
    }

    /// Each bounded field within its own bound (module constants).
    ///
    /// # Errors
    ///
    /// An [`Implausibility`] (scope field) naming the first quantity outside its bound, its value
    /// and the bound.
    pub fn plausible_fields(&self) -> Result<(), Implausibility> {
        let law = &self.law;
        field("E*", "Pa", law.e_star, E_STAR_PA)?;
        field("τ0", "Pa", law.tau0, TAU0_PA)?;
        field("κ", "-", law.kappa, KAPPA)?;
        field("h'_rms", "-", law.slope_rms, SLOPE_RMS)?;
        let t = &self.transport;
        field("hardness H", "Pa", t.hardness, HARDNESS_PA)?;
        field(
            "particle thickness h_p",
            "m",
            t.particle_thickness,
            PARTICLE_THICKNESS_M,
        )?;
        field("Archard K", "-", t.archard_k, ARCHARD_K)?;
        let curve = &self.alpha.curve;
        let alpha = (-ALPHA_ABS_MAX, ALPHA_ABS_MAX);
        for &a in curve
            .alpha
            .iter()
            .chain(&curve.ci95_lo)
            .chain(&curve.ci95_hi)
        {
            field("α sample (or CI end)", "-", a, alpha)?;
        }
        if let Some(l) = &curve.law {
            field("α0 of the α(v) law", "-", l.alpha_0, alpha)?;
            field("α∞ of the α(v) law", "-", l.alpha_inf, alpha)?;
        }
        let beta = &self.beta_thres;
        let beta_bounds = (f32::NEG_INFINITY, BETA_THRES_MAX);
        for &b in beta.at_alpha_samples.iter().chain(&beta.ci95_lo) {
            field("β_thres sample (or CI end)", "-", b, beta_bounds)?;
        }
        for &b in beta.ci95_hi.iter().filter(|&&b| b != f32::INFINITY) {
            field("β_thres CI end", "-", b, beta_bounds)?;
        }
        if let Some(w) = &self.wear {
            field("wear K0", "-", w.k0, ARCHARD_K)?;
        }
        if let Some(t) = &self.third_body {
            for &m in core::iter::once(&t.mu).chain(&t.mu_at_temperature) {
                field("third-body μ_3b", "-", m, MU_THIRD_BODY)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_tables_are_plausible() {
        Table::seed000_defaults().check_plausible().unwrap();
        Table::filled_example().check_plausible().unwrap();
    }

    #[test]
    fn each_absurd_value_is_rejected() {
        let base = Table::filled_example();
        let cases: [fn(&mut Table); 8] = [
            |t| t.law.e_star = 1.04e33,
            |t| t.law.tau0 = 1e15,
            |t| t.law.kappa = 500.0,
            |t| t.transport.hardness = 1.0,
            |t| t.transport.particle_thickness = 0.5,
            |t| t.transport.archard_k = 3.0,
            |t| {
                if let Some(a) = t.alpha.curve.alpha.first_mut() {
                    *a = 1e9;
                }
            },
            |t| {
                if let Some(b) = t.beta_thres.at_alpha_samples.first_mut() {
                    *b = 1e20;
                }
            },
        ];
        for (i, tamper) in cases.iter().enumerate() {
            let mut t = base.clone();
            tamper(&mut t);
            assert_eq!(t.check_plausible(), Err(Error::InvalidTable), "case {i}");
        }
    }
}

#[cfg(test)]
mod tampered {
    use crate::error::Error;
    use crate::table::{MAX_TABLE_BYTES, Table};

    #[test]
    fn a_tampered_table_with_a_valid_crc_is_rejected_by_from_bytes() {
        let mut t = Table::filled_example();
        let mut buf = [0u8; MAX_TABLE_BYTES];
        let n = t.encode_unvalidated(&mut buf).unwrap();
        assert_eq!(Table::from_bytes(&buf[..n]), Ok(t.clone()));
        t.law.e_star = 1.04e33;
        let n = t.encode_unvalidated(&mut buf).unwrap();
        assert_eq!(Table::from_bytes(&buf[..n]), Err(Error::InvalidTable));
        // Every field within its bound, the law absurd as a whole (issue 32).
        let mut t = Table::seed000_defaults();
        (t.law.tau0, t.law.e_star) = (1.0e11, 1.0e5);
        let n = t.encode_unvalidated(&mut buf).unwrap();
        assert_eq!(Table::from_bytes(&buf[..n]), Err(Error::ImplausibleLaw));
        let back = Table::decode_for_diagnosis(&buf[..n]).unwrap();
        assert_eq!(
            back.plausibility().unwrap_err().quantity,
            "μ0 = τ0·κ/(E*·h'_rms)"
        );
    }
}
