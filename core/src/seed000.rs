//! The documented defaults of seed 000 (Alavi et al.), as physics constants: the table's
//! [`Table::seed000_defaults`](crate::table::Table::seed000_defaults), the transport's
//! default hardness and the bar's default law read them from here, so the physics does not
//! depend on the table (the table is the container on top of the physics).
//!
//! Values the seed states: E* = 55 GPa (§5), h'_rms = 0.34 (§2.4, §6.1), K = 1e-4 and
//! ζ = 0.2 (§7, Fig. 19), h_p = 0.5 µm (§5, flake thickness). κ = 2 from the literature band
//! of Eq. 8 (Bush–Gibson / Persson, κ ≈ 1.6–2.5 for self-affine surfaces). The others are
//! documented choices for what the seed does not state numerically (each says why).

use crate::alpha::{AlphaCurve, AlphaLaw};
use crate::error::Error;
use crate::law::{FrictionLaw, LawParams};

/// Effective modulus E* of the aluminium/steel pair \[Pa\] (seed 000 §5).
pub const E_STAR: f32 = 55.0e9;

/// RMS slope h'_rms of the aluminium sheet \[-\] (seed 000 §2.4, §6.1).
pub const SLOPE_RMS: f32 = 0.34;

/// κ of Eq. 8, A_c/A_0 = κ/h'_rms · p/E* \[-\]: the middle of the literature band 1.6–2.5.
pub const KAPPA: f32 = 2.0;

/// Archard wear coefficient K of the particle source (Eq. 12) \[-\] (seed 000 §7, Fig. 19).
pub const ARCHARD_K: f32 = 1.0e-4;

/// Tool fraction ζ of the particles carried by the tool (Eq. 13–14) \[-\] (seed 000 §7: "the
/// only fitting parameter in the model was ζ = 0.2").
pub const ZETA: f32 = 0.2;

/// Flake thickness h_p \[m\] (seed 000 §5).
pub const PARTICLE_THICKNESS: f32 = 0.5e-6;

/// Target particle-free friction coefficient μ0 of the defaults \[-\]: the middle of the
/// 0.1–0.2 band of lubricated aluminium strip-draw friction (seed 000 Fig. 2a, 19b, whose
/// μ̄ falls from its low-pressure value as particles accumulate). A choice, not a seed number.
pub const MU0_TARGET: f32 = 0.15;

/// Effective interfacial shear strength τ0 of the defaults \[Pa\], **not stated in seed 000**:
/// chosen so that μ0 = τ0·κ/(E*·h'_rms) (Eq. 9 at A_p = 0) equals [`MU0_TARGET`]
/// with E* = 55 GPa, h'_rms = 0.34, κ = 2: τ0 = 0.15 · 55e9 · 0.34 / 2 = 1.4025 GPa. It is
/// an *effective* value, far above the bulk shear strength of AA5182-O (≈ 0.15 GPa), because
/// the purely elastic contact area of Eq. 8 underestimates the real area of plastically
/// flattened aluminium asperities (at 10 MPa, A_c/A_0 = 0.1 %); τ0 absorbs that factor.
pub const TAU0: f32 = 1.4025e9;

/// Hardness H of the aluminium sheet in the Archard source (Eq. 12) \[Pa\], **not stated in
/// seed 000**: 0.7 GPa ≈ 71 HV (× 9.807 MPa/HV), the handbook range of AA5182-O being
/// roughly 60–75 HV. With K = 1e-4 and h_p = 0.5 µm the source is K·P/(H·h_p) ≈ 8.6 per
/// metre of sliding at 30 MPa, i.e. β ≈ 0.3 after the 35 mm tool.
pub const HARDNESS: f32 = 0.7e9;

/// Saturation value b of α(v) = b·(1 − exp(−|v|/v_ref)) \[-\], **not stated numerically in
/// seed 000** (Fig. 15 gives the fit only graphically). With [`ALPHA_V_REF`],
/// α(0.08 m/s) ≈ 11.0, so β_thres(0.08 m/s) = κ/(α·h'_rms) ≈ 0.53 (Eq. 24): the β ≈ 0.3
/// reached under the 35 mm tool at 30 MPa then lowers the local μ by up to ~55 % and μ̄ by
/// roughly a quarter to a third — the size of the first-pass drop of Fig. 2 (35 % at
/// 25 MPa) — while the 140 mm tool reaches saturation (the regime of Fig. 18).
pub const ALPHA_B: f32 = 20.0;

/// Reference velocity v_ref of the α(v) law \[m/s\]; see [`ALPHA_B`].
pub const ALPHA_V_REF: f32 = 0.1;

/// The material pair of seed 000 (§2.1: AA5182-O sheet, EN-JS2070 cast-iron tools).
pub const MATERIAL_PAIR: &str = "AA5182-O/cast iron EN-JS2070";

/// The conditions of seed 000's strip draw (§2.1: mineral-oil lubricant, 1.12 g/m², drawn at
/// 0.08 m/s).
pub const CONDITIONS: &str = "lubricated strip draw";

/// Ratio r = τ_p/τ0 of the shear on the particle-borne area to the metal junctions' τ0
/// (issue 30, [`crate::law`]) of the documented defaults, so μ_p = r·μ0 \[-\]. **Not stated
/// in seed 000** (its Eq. 7 has r = 0). The value is the one `tribo calibrate` solved, with ζ,
/// from seed 000 §2.1's one- and three-pass reductions (35 % and 72 % at 25 MPa, 35 mm tool)
/// on the quick preset's table of seed 0 (docs/saturation.md); the defaults keep the seed's
/// ζ = 0.2, so they reproduce the saturation floor, not §2.1's pass reductions.
pub const PARTICLE_SHEAR_RATIO: f32 = 0.25;

/// The law parameters of the defaults (Eq. 9): τ0, κ, E*, h'_rms.
pub const LAW_PARAMS: LawParams = LawParams {
    tau0: TAU0,
    kappa: KAPPA,
    e_star: E_STAR,
    slope_rms: SLOPE_RMS,
};

/// The α(v) law of the defaults, b·(1 − e^(−v/v_ref)) (seed 000 Fig. 15).
pub fn alpha_law() -> AlphaLaw {
    AlphaLaw::saturation(ALPHA_B, ALPHA_V_REF)
}

/// The seed-000 friction law of the defaults (μ of Eq. 9, 23 with [`LAW_PARAMS`] and
/// [`alpha_law`]). Replace by a calibrated table for real predictions.
///
/// # Errors
///
/// None for the built-in constants (they pass [`FrictionLaw::new`], tested); the `Result` is
/// [`FrictionLaw::new`]'s.
pub fn friction_law() -> Result<FrictionLaw, Error> {
    FrictionLaw::new(LAW_PARAMS, AlphaCurve::from_law(alpha_law()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;

    #[test]
    fn the_default_table_holds_these_values_and_gives_the_same_law() {
        let t = Table::seed000_defaults();
        assert_eq!(t.law, LAW_PARAMS);
        assert_eq!(t.transport.hardness, HARDNESS);
        assert_eq!(t.transport.archard_k, ARCHARD_K);
        assert_eq!(t.transport.zeta, ZETA);
        assert_eq!(t.transport.particle_thickness, PARTICLE_THICKNESS);
        // The defaults' law is seed 000's with the documented shear on the particle-borne area.
        let mu_p = PARTICLE_SHEAR_RATIO * LAW_PARAMS.mu0();
        let b = friction_law()
            .unwrap()
            .with_particle_friction(mu_p)
            .unwrap();
        let a = t.friction_law().unwrap();
        assert_eq!(a.particle_friction(), Some(mu_p));
        for v in [0.0f32, 0.08, 1.0, 30.0] {
            for beta in [0.0f32, 0.1, 0.5] {
                assert_eq!(a.mu(v, beta).to_bits(), b.mu(v, beta).to_bits());
            }
        }
        // μ0 = τ0·κ/(E*·h'_rms) is the documented target up to f32 rounding.
        let mu0 = TAU0 * KAPPA / (E_STAR * SLOPE_RMS);
        assert!((mu0 / MU0_TARGET - 1.0).abs() < 1e-6, "μ0 = {mu0}");
    }
}
