//! Fracture of interior joints (seed 001 §3.2, Eq. 16): an interior joint whose maximum
//! principal Cauchy stress exceeds its threshold σ_ft = K_Ic/√(πa) is removed. Mass and
//! velocity live on the elements, so removal conserves mass, linear and angular momentum
//! exactly; its members become surface elements and may form contact joints (§3.3.1). The
//! removed joint's strain energy is the energy the crack dissipated.

use super::build::refresh_surface;
use super::joint::respond;
use super::system::{ElementAssembly, InteriorJoint};

/// Record of one fracture pass.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FracturePass {
    /// Joints removed.
    pub broken: usize,
    /// Their strain energy [J/m].
    pub energy: f64,
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
    let el = &sys.elements;
    let mut pass = FracturePass::default();
    sys.interior.retain(|j| {
        if !j.strength.is_finite() {
            return true;
        }
        let r = respond(el.triangle(j.members), &j.reference, &lame);
        if r.cauchy.max_principal() > j.strength {
            pass.broken += 1;
            pass.energy += r.energy;
            removed.push(*j);
            false
        } else {
            true
        }
    });
    if pass.broken > 0 {
        sys.dissipation.fracture += pass.energy;
        refresh_surface(sys);
    }
    pass
}
