//! Friction of contact joints by evolving their reference configuration (seed 001 §3.4,
//! Eq. 19).
//!
//! The contact plane of a joint is parallel to its edge e₁e₂ (§3.3). With the unit normal n
//! of the current edge pointing toward e₃ and t along e₁ → e₂, the plane carries the normal
//! stress σₙ = n·σn and the shear τ = t·σn. If |τ| > μ|σₙ| the reference point of e₃ is moved
//! along the reference plane direction t̂ ∥ −(w₁ + w₂) by the slip s that makes
//! |τ| = μ|σₙ| (Eq. 19): w₁ ← w₁ + s t̂, w₂ ← w₂ − s t̂.
//!
//! **Deviation from the printed Eq. 19**: it adds s t̂ to both w₁ and w₂, which would change
//! the reference length of the boundary edge (w₁ + w₂ = −w₃) by 2s instead of moving e₃; we
//! move e₃'s reference point, which keeps w₃ (the plane) fixed — the only reading under which
//! the slip is a motion along the contact plane.

use super::joint::{JointReference, respond};
use super::material::Lame;
use super::system::ContactJoint;
use super::vec2::V2;

/// Relative tolerance on |τ| − μ|σₙ| at the solved slip (of the trial shear).
const SLIP_TOLERANCE: f64 = 1e-12;
/// Iteration cap of the bracketed solve (Illinois regula falsi converges superlinearly).
const SLIP_MAX_ITER: usize = 100;

/// Normal and shear stress on the contact plane of a joint \[Pa\].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaneStress {
    /// σₙ (positive in tension).
    pub normal: f64,
    /// τ along e₁ → e₂.
    pub shear: f64,
}

/// The contact-plane stress of a joint with members at `p` and reference `r`.
pub fn plane_stress(p: [V2; 3], r: &JointReference, lame: &Lame) -> PlaneStress {
    let sigma = respond(p, r, lame).cauchy;
    let edge = p[1] - p[0];
    let t = edge * (1.0 / edge.norm());
    let n = t.perp();
    let traction = sigma.apply(n);
    PlaneStress {
        normal: n.dot(traction),
        shear: t.dot(traction),
    }
}

/// The reference after a slip `s` \[m\] along the contact plane.
pub fn slipped(r: &JointReference, s: f64) -> Option<JointReference> {
    let plane = -(r.w1 + r.w2);
    let t_hat = plane * (1.0 / plane.norm());
    JointReference::try_new(r.w1 + t_hat * s, r.w2 - t_hat * s)
}

/// Result of the friction update of one joint.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlipOutcome {
    /// Slip s \[m\] (0 when sticking).
    pub slip: f64,
    /// Strain energy released by the slip [J/m] (frictional dissipation).
    pub dissipated: f64,
}

/// Applies Eq. 19 to one contact joint whose members are at `p`: the static coefficient while
/// sticking, the kinetic one while slipping. Updates `joint.reference` and `joint.slipping`.
pub fn apply_friction(
    joint: &mut ContactJoint,
    p: [V2; 3],
    lame: &Lame,
    mu_static: f64,
    mu_kinetic: f64,
) -> SlipOutcome {
    let mu = if joint.slipping {
        mu_kinetic
    } else {
        mu_static
    };
    let trial = plane_stress(p, &joint.reference, lame);
    let excess = trial.shear.abs() - mu * trial.normal.abs();
    if excess.is_nan() || excess <= 0.0 {
        joint.slipping = false;
        return SlipOutcome {
            slip: 0.0,
            dissipated: 0.0,
        };
    }
    // Once slipping, the kinetic coefficient holds the shear (§3.4).
    let mu = mu_kinetic;
    let sign = trial.shear.signum();
    let g = |s: f64| -> Option<f64> {
        let r = slipped(&joint.reference, s)?;
        let ps = plane_stress(p, &r, lame);
        Some(sign * ps.shear - mu * ps.normal.abs())
    };
    let g0 = sign * trial.shear - mu * trial.normal.abs();
    // Linear estimate of the slip from a probe, then bracket by doubling.
    let scale = (joint.reference.w1 + joint.reference.w2).norm();
    let probe = sign * 1e-6 * scale;
    let (mut lo, mut g_lo) = (0.0, g0);
    let mut hi = match g(probe) {
        Some(gp) if gp < g0 => probe * (g0 / (g0 - gp)).max(1.0) * 1.01,
        _ => probe,
    };
    let mut g_hi = g(hi).unwrap_or(f64::NAN);
    // A slip longer than the contact plane is not a slip but a broken joint (slide-off
    // removes it next): search no further than the plane's reference length.
    let mut grow = 0;
    while (g_hi.is_nan() || g_hi > 0.0) && hi.abs() < scale && grow < 60 {
        lo = hi;
        g_lo = if g_hi.is_finite() { g_hi } else { g_lo };
        hi *= 2.0;
        g_hi = g(hi).unwrap_or(f64::NAN);
        grow += 1;
    }
    if g_hi.is_nan() || g_hi > 0.0 {
        // No admissible slip found (degenerate joint): keep the reference, report stick.
        return SlipOutcome {
            slip: 0.0,
            dissipated: 0.0,
        };
    }
    let tol = SLIP_TOLERANCE * trial.shear.abs();
    let mut side = 0i8;
    let mut s = hi;
    for _ in 0..SLIP_MAX_ITER {
        s = (lo * g_hi - hi * g_lo) / (g_hi - g_lo);
        let gs = match g(s) {
            Some(v) => v,
            None => break,
        };
        if gs.abs() <= tol {
            break;
        }
        if gs > 0.0 {
            lo = s;
            g_lo = gs;
            if side == 1 {
                g_hi *= 0.5;
            }
            side = 1;
        } else {
            hi = s;
            g_hi = gs;
            if side == -1 {
                g_lo *= 0.5;
            }
            side = -1;
        }
    }
    let Some(new_ref) = slipped(&joint.reference, s) else {
        return SlipOutcome {
            slip: 0.0,
            dissipated: 0.0,
        };
    };
    let before = respond(p, &joint.reference, lame).energy;
    let after = respond(p, &new_ref, lame).energy;
    if after.is_nan() || after > before {
        // Slip must release strain energy; an inverted joint can violate the monotone shear
        // law the solve assumes: keep its reference.
        return SlipOutcome {
            slip: 0.0,
            dissipated: 0.0,
        };
    }
    joint.reference = new_ref;
    joint.slipping = true;
    SlipOutcome {
        slip: s,
        dissipated: before - after,
    }
}
