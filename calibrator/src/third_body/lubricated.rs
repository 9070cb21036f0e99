//! The simulated route to μ_p (issue 30): seed 002's shear cell run for seed 000's lubricated
//! flake layer, aluminium/aluminium-oxide flakes (seed 000 §2.2, Table 2) between an aluminium
//! sheet and a cast-iron tool in mineral oil, giving μ_3b with a 95 % CI over seeds and from it
//! μ_p = μ_3b (the layer carries the contact pressure p_c of the particle-borne area and shears
//! at μ_3b·p_c, so τ_p = μ_3b·E*·h'_rms/κ, [`tribo_core::law`]).
//!
//! **Choices, with their sources.**
//! - *Inter-particle friction* μ_s = [`CONTACT_FRICTION`] = 0.10: the contacts are boundary
//!   lubricated (the flakes sit in the oil film of 1.12 g/m², seed 000 §2.1, at contact
//!   pressures of p_c = E*·h'_rms/κ ≈ 8 GPa where no hydrodynamic film survives). Boundary
//!   friction of metals and oxides in mineral oil lies at 0.05–0.15 (Bowden & Tabor, *The
//!   Friction and Lubrication of Solids*, 1950, ch. IX–X; Bhushan, *Principles and
//!   Applications of Tribology*, 1999, "COF under different tribological conditions": lubricated
//!   metal on metal μ_k ≈ 0.06; engineering tables (roymech "Friction Factors"): lubricated
//!   iron/iron 0.15–0.20, cast iron/mild steel 0.21, copper/copper 0.08, static). 0.10 is the
//!   middle of the boundary band; the sensitivity cases run 0.05 and 0.15. Dry Al₂O₃ on itself
//!   is 0.3–0.6 (Bhushan), the range of the dry cells' 0.4.
//! - *Cohesion* γ = 0: the flakes are immersed in oil, so no capillary bridge forms (a single
//!   wetting liquid fills the gaps), and van der Waals attraction is screened by the hydrocarbon
//!   (the Hamaker constant of alumina across alkane is ≈ 5·10⁻²⁰ J against ≈ 15·10⁻²⁰ J in air,
//!   Israelachvili, *Intermolecular and Surface Forces*, 3rd ed., Table 13.2). A weak-cohesion
//!   case (cohesion number γ/(P·d) = [`WEAK_COHESION_NUMBER`], the seed's low Eq. 17 value at its
//!   load) bounds the effect.
//! - *Load and rate:* the quasi-static end of the cell (F = 16 N/m at V = 5 m/s, I ≈ 0.03 where
//!   the profile is steady within the run, docs/third_body.md): the strip draw's flakes shear at
//!   I ≪ 10⁻³, which the cell cannot reach in a run of affordable length; μ(I) is flat below
//!   I ≈ 0.05 in 2D disks (da Cruz et al. 2005), so the quasi-static value is what transfers.
//!
//! **What the model is not:** 2D rigid disks, not flat flakes of aspect ratio 20–200 (seed 000
//! §2.3: 6–100 µm wide, 0.5 µm thick). Disks roll and dilate; flat flakes slide face on face and
//! the layer's friction tends to the contacts' μ_s. μ_3b of disks at low μ_s is known to sit
//! well above μ_s (rolling and interlocking give μ_min ≈ 0.1–0.15 even for frictionless disks,
//! da Cruz et al. 2005), so this route over-estimates the flakes' μ_p; say so where it is used.

use super::shear_cell::CellParams;
use super::study::{ShearCase, cohesive_law};

/// Inter-particle friction of boundary-lubricated Al/Al₂O₃ contacts (module docs).
pub const CONTACT_FRICTION: f64 = 0.10;
/// The sensitivity cases of the inter-particle friction (the ends of the boundary band).
pub const CONTACT_FRICTION_RANGE: [f64; 2] = [0.05, 0.15];
/// The weak-cohesion case's cohesion number γ/(P·d) (seed 002 Eq. 17's low value 0.025 N/m at
/// its load F = 1 N/m, d = 2 µm).
pub const WEAK_COHESION_NUMBER: f64 = 0.6;

/// The lubricated layer's cases on `base` (its load, rate and solver): the reference
/// (μ_s = 0.10, γ = 0) first, then μ_s = 0.05 and 0.15, then the reference with weak cohesion.
/// `x` is μ_s; the weak-cohesion case is labelled.
pub fn lubricated_cases(base: &CellParams) -> Vec<ShearCase> {
    let case = |label: String, mu_s: f64, gamma: f64| {
        let dry = CellParams {
            law: crate::nscd::ContactLawParams {
                mu: mu_s,
                ..base.law
            },
            ..*base
        };
        ShearCase {
            label,
            x: mu_s,
            cell: CellParams {
                law: cohesive_law(&dry, gamma),
                ..dry
            },
            thermal: None,
        }
    };
    let weak = WEAK_COHESION_NUMBER * base.pressure() * base.mean_diameter();
    let mut cases = vec![case(
        format!("mu_s={CONTACT_FRICTION}"),
        CONTACT_FRICTION,
        0.0,
    )];
    for mu_s in CONTACT_FRICTION_RANGE {
        cases.push(case(format!("mu_s={mu_s}"), mu_s, 0.0));
    }
    cases.push(case(
        format!("mu_s={CONTACT_FRICTION},weak-gamma"),
        CONTACT_FRICTION,
        weak,
    ));
    cases
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::third_body::study::default_cell;

    #[test]
    fn cases_are_the_reference_the_band_ends_and_weak_cohesion() {
        let base = default_cell();
        let c = lubricated_cases(&base);
        assert_eq!(c.len(), 4);
        assert_eq!((c[0].cell.law.mu, c[0].cell.law.cohesion), (0.10, 0.0));
        assert_eq!(c[1].cell.law.mu, 0.05);
        assert_eq!(c[2].cell.law.mu, 0.15);
        let gamma = c[3].cell.law.cohesion;
        let number = gamma / (base.pressure() * base.mean_diameter());
        assert!((number - WEAK_COHESION_NUMBER).abs() < 1e-12);
        assert!(c[3].cell.law.range > 0.0 && c[0].cell.law.range == 0.0);
        // Everything else is the base cell's.
        assert!(
            c.iter()
                .all(|k| k.cell.normal_force == base.normal_force && k.thermal.is_none())
        );
    }
}
