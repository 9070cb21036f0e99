//! Remeshing of skewed contact joints during sliding (seed 001 §3.5, issue 16 item 1): a
//! least-squares form of §3.5.3 called by the stepper after the contact update.
//!
//! §3.5.3 asks the new pair to keep the forces on the four elements and the pair's strain
//! energy exactly; that is 6 independent equations for 6 unknowns of which only 5 act (a
//! common rotation of the new references changes nothing, see `remesh`), so in general it has
//! no solution. Here the residual (forces over the pair's largest force, energy over its
//! value) is minimised by Levenberg–Marquardt (the damping fixes the rotation gauge) and the
//! new pair is accepted when the minimum is below [`RemeshPolicy::accept`]; every accepted
//! event's residuals are logged, so the error each remeshing puts into the forces and the
//! strain energy is measured, not assumed.

use super::joint::{JointReference, respond};
use super::material::Lame;
use super::remesh::{
    NEW3, NEW4, OLD1, OLD2, gauss_newton, new_refs, pair_problem, pair_state, remesh_pairs,
    shape_factor,
};
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
}

impl Default for RemeshPolicy {
    fn default() -> Self {
        Self {
            skew: 0.0,
            accept: 1e-3,
            levenberg: 1e-8,
        }
    }
}

/// What remeshing did over a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RemeshLog {
    /// Pairs replaced.
    pub events: usize,
    /// Skewed pairs tried (admissible by §3.5.2 or not).
    pub tried: usize,
    /// Tried pairs admissible by §3.5.2 (convex, new pair less skewed).
    pub admissible: usize,
    /// Smallest residual norm among admissible pairs that were refused (∞: none refused).
    pub smallest_refused: f64,
    /// Largest force change of an event on one element, over the pair's largest force.
    pub max_force_residual: f64,
    /// Largest |ΔU|/U of an event's pair.
    pub max_energy_residual: f64,
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
            tried: 0,
            admissible: 0,
            smallest_refused: f64::INFINITY,
            max_force_residual: 0.0,
            max_energy_residual: 0.0,
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
    let Some((x, norm)) = gauss_newton(
        pb.guess,
        pos,
        &pb.target,
        pb.scales,
        pb.edge_scale,
        lame,
        policy.levenberg,
    ) else {
        return RemeshAttempt::Refused(f64::INFINITY);
    };
    if norm.is_nan() || norm > policy.accept {
        return RemeshAttempt::Refused(norm);
    }
    let Some((r3, r4)) = new_refs(&x) else {
        return RemeshAttempt::Refused(norm);
    };
    let (f, u) = pair_state(pos, NEW3, &r3, NEW4, &r4, lame);
    let df = (0..4)
        .map(|k| (f[k] - pb.target.0[k]).norm())
        .fold(0.0, f64::max)
        / pb.scales.0;
    let du = (u - pb.target.1).abs();
    RemeshAttempt::Accepted((r3, r4), [df, du / pb.scales.1, du])
}

/// Remeshes the skewed adjacent pairs of contact joints by least squares; adds to `log`.
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
        match remesh_least_squares(pos, r1, r2, &lame, policy) {
            RemeshAttempt::Inadmissible => None,
            RemeshAttempt::Refused(norm) => {
                local.admissible += 1;
                local.smallest_refused = local.smallest_refused.min(norm);
                None
            }
            RemeshAttempt::Accepted(refs, [df, du_rel, du]) => {
                local.admissible += 1;
                local.max_force_residual = local.max_force_residual.max(df);
                local.max_energy_residual = local.max_energy_residual.max(du_rel);
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
