//! Which part of the real contact creates particles: the Archard source of seed 000 Eq. 12 on
//! the whole contact, or only on its part not covered by particles (issue 30, the competing
//! explanation of bounded friction at saturation).
//!
//! Archard's law (Eq. 33) counts wear where the two first bodies touch. Where blocked flakes
//! bear the load (A_p, Eq. 23) the tool does not touch the sheet, so a source that follows the
//! metal–metal contact scales with the uncovered fraction of the real contact,
//!
//! ```text
//! dβ/dt = K·P·|U̇|/(H·h_p) · (1 − A_p/A_c) = K·P·|U̇|/(H·h_p) · (1 − β/β_thres(v))   (Eq. 23, 24)
//! ```
//!
//! so β approaches β_thres exponentially in the slid distance instead of reaching it linearly.
//! The law's μ still tends to μ_p (0 in seed 000) as β → β_thres: this mechanism slows the
//! approach, it cannot lift the floor. Off by default: the node loop is monomorphised for each
//! rule, so seed 000's rule multiplies by nothing. Measured against seed 000 §2.1 it is not
//! needed once the particle-borne area carries shear (docs/saturation.md): a studied option.

/// The Archard source of the β-transport (an option of the bar and its studies; tables do not
/// record it: issue 30 kept seed 000's source, docs/saturation.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SourceRule {
    /// Seed 000 Eq. 12: K·P·|U̇|/(H·h_p) wherever the tool presses and slides.
    #[default]
    Archard,
    /// Eq. 12 scaled by the uncovered fraction 1 − β/β_thres(v) of the real contact (module
    /// docs); no source where β ≥ β_thres.
    UncoveredArchard,
}

/// The factor of the source at one node, chosen once per step.
pub(super) trait Coverage {
    /// The source `created` \[-\] at a node holding `beta` with upper clamp `beta_max` \[-\].
    fn apply(&self, created: f32, beta: f32, beta_max: f32) -> f32;
}

/// Seed 000: the whole contact wears.
pub(super) struct WholeContact;

impl Coverage for WholeContact {
    #[inline(always)]
    fn apply(&self, created: f32, _beta: f32, _beta_max: f32) -> f32 {
        created
    }
}

/// Only the uncovered contact wears: × (1 − β/β_max), 0 at and above β_max, 1 for an
/// unbounded β_max (NaN β_thres, held at `f32::MAX` by the kernel).
pub(super) struct UncoveredOnly;

impl Coverage for UncoveredOnly {
    #[inline(always)]
    fn apply(&self, created: f32, beta: f32, beta_max: f32) -> f32 {
        if beta >= beta_max {
            0.0
        } else if beta_max >= f32::MAX || beta <= 0.0 {
            created
        } else {
            created * (1.0 - beta / beta_max)
        }
    }
}
