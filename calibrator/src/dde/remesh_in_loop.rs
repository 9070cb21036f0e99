//! Remeshing of skewed contact joints during sliding (seed 001 §3.5, issue 16 item 1), called
//! by the stepper after the contact update.
//!
//! The default is the exact solve of §3.5.3 with independent references for the two new
//! joints (`remesh_exact`): forces on the four elements and the pair's strain energy kept to
//! `REMESH_TOLERANCE`. A pair it cannot solve falls back (counted in [`RemeshLog::fallbacks`])
//! on the seed's shared-diagonal form in least squares: there 6 equations meet 5 effective
//! unknowns (a common rotation of the new references changes nothing, see `remesh`), the
//! residual (forces over the pair's largest force, energy over its value) is minimised by
//! Levenberg–Marquardt (the damping fixes the rotation gauge) and the pair is accepted below
//! [`RemeshPolicy::accept`]. Every event's force and energy change is logged, so the error
//! each remeshing puts into the forces and the strain energy is measured, not assumed.

use super::joint::{JointReference, respond};
use super::material::Lame;
use super::remesh::{
    OLD1, OLD2, PairProblem, event_change, gauss_newton, new_refs, pair_problem, remesh_pairs,
    shape_factor,
};
use super::remesh_exact::{ExactOutcome, solve_exact};
use super::system::ElementAssembly;
use super::vec2::V2;

/// When and how closely to remesh.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RemeshPolicy {
    /// A pair is tried when one of its joints' shape factor (minimum cosine of its angles)
    /// falls below this (0: an obtuse angle; at −0.5, an angle over 120°, none of the 112
    /// pairs met on the 20-cell slide was admissible by §3.5.2).
    pub skew: f64,
    /// Largest accepted relative residual of the least-squares solve (forces over the pair's
    /// largest force and energy over the pair's energy, Euclidean norm of the 9 entries).
    pub accept: f64,
    /// Levenberg–Marquardt damping relative to the normal matrix's mean diagonal.
    pub levenberg: f64,
    /// Try the exact solve with independent references first (`remesh_exact`); the
    /// least-squares shared-diagonal form is then only the fallback (if `fallback`).
    pub exact: bool,
    /// With `exact`: when no exact remesh exists (old energy below the force-keeping family's
    /// minimum, or no force-keeping pair), replace the pair in least squares anyway (`true`,
    /// forces and energy changed by up to `accept`) or keep it (`false`, the default: every
    /// event then keeps forces and energy to the solver tolerance, §3.5.3, and the skewed pair
    /// is left to slide-off and re-forming, §3.3.2).
    pub fallback: bool,
}

impl Default for RemeshPolicy {
    fn default() -> Self {
        Self {
            skew: 0.0,
            accept: 1e-3,
            levenberg: 1e-8,
            exact: true,
            fallback: false,
        }
    }
}

/// What remeshing did over a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RemeshLog {
    /// Pairs replaced (exact and fallback).
    pub events: usize,
    /// Of `events`, pairs replaced by the least-squares fallback.
    pub fallbacks: usize,
    /// Admissible attempts on which the exact solve failed (then the fallback was tried).
    pub exact_failures: usize,
    /// Of `exact_failures`, attempts proven to have no exact solution: the old energy lies
    /// below the force-keeping family's minimum.
    pub below_family_minimum: usize,
    /// Smallest (U_min − U_old)/U_old of those (∞: none).
    pub smallest_gap: f64,
    /// Of `exact_failures`, attempts where no new pair near the guess keeps even the forces.
    pub forces_unmatched: usize,
    /// Of `events`, pairs at rest (largest old force below the force of a strain
    /// `remesh::STRAIN_FLOOR`): their flip to the stress-free new pair is trivially exact.
    pub at_rest: usize,
    /// Skewed pairs tried (admissible by §3.5.2 or not).
    pub tried: usize,
    /// Tried pairs admissible by §3.5.2 (convex, new pair less skewed).
    pub admissible: usize,
    /// Smallest residual norm among admissible pairs that were refused (∞: none refused).
    pub smallest_refused: f64,
    /// Largest force change of an exact event on one element, over the pair's largest force
    /// (of a least-squares event when [`RemeshPolicy::exact`] is off).
    pub max_force_residual: f64,
    /// Largest |ΔU|/U of an exact event's pair (as `max_force_residual`).
    pub max_energy_residual: f64,
    /// As `max_force_residual`, over the fallback events.
    pub max_fallback_force_residual: f64,
    /// As `max_energy_residual`, over the fallback events.
    pub max_fallback_energy_residual: f64,
    /// Sum of the events' |ΔU| [J/m] (energy put in or taken out by remeshing).
    pub energy_change: f64,
}

/// The outcome of one least-squares remesh attempt.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RemeshAttempt {
    /// §3.5.2 refuses the pair (non-convex, or the new pair is not less skewed).
    Inadmissible,
    /// The least-squares residual norm stayed above the acceptance.
    Refused(f64),
    /// The new pair, with the largest force change on one element over the pair's largest
    /// force, |ΔU|/U and |ΔU| [J/m].
    Accepted((JointReference, JointReference), [f64; 3]),
}

impl Default for RemeshLog {
    fn default() -> Self {
        Self {
            events: 0,
            fallbacks: 0,
            exact_failures: 0,
            below_family_minimum: 0,
            smallest_gap: f64::INFINITY,
            forces_unmatched: 0,
            at_rest: 0,
            tried: 0,
            admissible: 0,
            smallest_refused: f64::INFINITY,
            max_force_residual: 0.0,
            max_energy_residual: 0.0,
            max_fallback_force_residual: 0.0,
            max_fallback_energy_residual: 0.0,
            energy_change: 0.0,
        }
    }
}

/// One least-squares remesh of a pair at `pos` with old references `r1`, `r2`.
pub fn remesh_least_squares(
    pos: [V2; 4],
    r1: &JointReference,
    r2: &JointReference,
    lame: &Lame,
    policy: &RemeshPolicy,
) -> RemeshAttempt {
    let Some(pb) = pair_problem(pos, r1, r2, lame) else {
        return RemeshAttempt::Inadmissible;
    };
    least_squares_solve(pos, &pb, lame, policy)
}

/// The least-squares solve of an admissible pair's problem `pb`.
fn least_squares_solve(
    pos: [V2; 4],
    pb: &PairProblem,
    lame: &Lame,
    policy: &RemeshPolicy,
) -> RemeshAttempt {
    let Some((x, norm)) = gauss_newton(new_refs, pb.guess, pos, pb, lame, policy.levenberg) else {
        return RemeshAttempt::Refused(f64::INFINITY);
    };
    if norm.is_nan() || norm > policy.accept {
        return RemeshAttempt::Refused(norm);
    }
    let Some((r3, r4)) = new_refs(&x) else {
        return RemeshAttempt::Refused(norm);
    };
    RemeshAttempt::Accepted((r3, r4), event_change(pos, pb, &r3, &r4, lame))
}

/// Remeshes the skewed adjacent pairs of contact joints (exact solve; the least-squares
/// fallback only if the policy asks for it); adds to `log`.
pub fn remesh_skewed(sys: &mut ElementAssembly, policy: &RemeshPolicy, log: &mut RemeshLog) {
    let lame = sys.material.lame();
    let skewed = |pos: [V2; 4]| {
        shape_factor(OLD1.map(|i| pos[i])).min(shape_factor(OLD2.map(|i| pos[i]))) < policy.skew
    };
    let mut local = *log;
    let n = remesh_pairs(sys, |pos, r1, r2| {
        if !skewed(pos) {
            return None;
        }
        local.tried += 1;
        let pb = pair_problem(pos, r1, r2, &lame)?;
        local.admissible += 1;
        if policy.exact {
            match solve_exact(pos, &pb, &lame) {
                ExactOutcome::Solved(e) => {
                    local.at_rest += usize::from(pb.at_rest);
                    local.max_force_residual = local.max_force_residual.max(e.change[0]);
                    local.max_energy_residual = local.max_energy_residual.max(e.change[1]);
                    local.energy_change += e.change[2];
                    return Some(e.refs);
                }
                ExactOutcome::BelowFamilyMinimum(gap) => {
                    local.exact_failures += 1;
                    local.below_family_minimum += 1;
                    local.smallest_gap = local.smallest_gap.min(gap);
                }
                ExactOutcome::ForcesUnmatched(_) => {
                    local.exact_failures += 1;
                    local.forces_unmatched += 1;
                }
                _ => local.exact_failures += 1,
            }
            if !policy.fallback {
                return None;
            }
        }
        match least_squares_solve(pos, &pb, &lame, policy) {
            RemeshAttempt::Inadmissible => None,
            RemeshAttempt::Refused(norm) => {
                local.smallest_refused = local.smallest_refused.min(norm);
                None
            }
            RemeshAttempt::Accepted(refs, [df, du_rel, du]) => {
                local.at_rest += usize::from(pb.at_rest);
                if policy.exact {
                    local.fallbacks += 1;
                    local.max_fallback_force_residual = local.max_fallback_force_residual.max(df);
                    local.max_fallback_energy_residual =
                        local.max_fallback_energy_residual.max(du_rel);
                } else {
                    local.max_force_residual = local.max_force_residual.max(df);
                    local.max_energy_residual = local.max_energy_residual.max(du_rel);
                }
                local.energy_change += du;
                Some(refs)
            }
        }
    });
    local.events += n;
    *log = local;
}

/// Strain energy of the contact joints [J/m] (for checks around a remeshing).
pub fn contact_energy(sys: &ElementAssembly) -> f64 {
    let lame = sys.material.lame();
    sys.contact
        .iter()
        .map(|j| respond(sys.elements.triangle(j.members), &j.reference, &lame).energy)
        .sum()
}
