//! Fracture of interior joints (seed 001 §3.2, Eq. 16): an interior joint whose maximum
//! principal Cauchy stress exceeds its threshold σ_ft = K_Ic/√(πa) is removed. Mass and
//! velocity live on the elements, so removal conserves mass, linear and angular momentum
//! exactly; its members become surface elements and may form contact joints (§3.3.1). The
//! removed joint's strain energy is the energy the crack dissipated.
//!
//! Joints with a cohesive state soften instead ([`super::cohesive`]): the same test on σ₁
//! starts the softening, the joint is removed at full damage, and the energy released by the
//! damage is booked as it grows.

use super::build::refresh_surface;
use super::cohesive::{self, CohesiveStep};
use super::joint::respond;
use super::system::{ElementAssembly, InteriorJoint};

/// Record of one fracture pass.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FracturePass {
    /// Joints removed.
    pub broken: usize,
    /// Energy dissipated: removed joints' strain energy, and the cohesive joints' damage
    /// work [J/m].
    pub energy: f64,
    /// Cohesive joints that broke at onset (wider than 2 l_pz: no softening branch).
    pub snap_back: usize,
}

/// Removes every interior joint over its Eq. 16 threshold; refreshes the surface flags.
pub fn fracture_overstressed(sys: &mut ElementAssembly) -> FracturePass {
    let mut removed = Vec::new();
    fracture_overstressed_into(sys, &mut removed)
}

/// As [`fracture_overstressed`], appending the removed joints to `removed`.
pub fn fracture_overstressed_into(
    sys: &mut ElementAssembly,
    removed: &mut Vec<InteriorJoint>,
) -> FracturePass {
    let lame = sys.material.lame();
    let material = sys.material;
    let el = &sys.elements;
    let mut pass = FracturePass::default();
    sys.interior.retain_mut(|j| {
        if !j.strength.is_finite() {
            return true;
        }
        let p = el.triangle(j.members);
        let r = respond(p, &j.reference, &lame);
        if let Some(c) = j.cohesive.as_mut() {
            let step = cohesive::update(c, p, &j.reference, &r, j.strength, &material);
            return match step {
                CohesiveStep::Holding(e) => {
                    pass.energy += e;
                    true
                }
                CohesiveStep::Broken { energy, snap_back } => {
                    pass.energy += energy;
                    pass.broken += 1;
                    pass.snap_back += usize::from(snap_back);
                    removed.push(*j);
                    false
                }
            };
        }
        if r.cauchy.max_principal() > j.strength {
            pass.broken += 1;
            pass.energy += r.energy;
            removed.push(*j);
            false
        } else {
            true
        }
    });
    sys.dissipation.fracture += pass.energy;
    if pass.broken > 0 {
        refresh_surface(sys);
    }
    pass
}
