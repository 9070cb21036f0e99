//! The upwind kernel of the β-transport (seed 000 Eq. 14, App. C): one unchecked donor-cell
//! step over a node line, called by the checked steps of the parent module once Δt, the
//! parameters and the CFL number have passed (`check_dt`, the input scan).
//!
//! **Bounded on any input.** Whatever reaches the kernel, no NaN leaves it and β stays in
//! [0, β_max] with β_max = min(β_thres, `f32::MAX`):
//! - the source of a node is `Δt·K(P)/(H·h_p)·P·|U̇|`; a product that is NaN (∞·0: an infinite
//!   pressure at rest, or K(P) = 0 there) creates nothing — no sliding, no wear — and one that
//!   overflows is held at `f32::MAX`, which the upper clamp then removes (saturation, counted in
//!   [`Fluxes::clamped_high`]);
//! - a stored β that is NaN counts as 0, ±∞ as ±`f32::MAX`, so every face amount is finite;
//! - β_thres = NaN (no saturation) clamps at `f32::MAX`, never at +∞.

use super::coverage::{Coverage, UncoveredOnly, WholeContact};
use super::k_factor::{KChoice, MemoisedPowerLaw, SourceFactor, UniformK};
use super::{Fluxes, NodeInput, SourceRule, TransportParams};
use crate::math;

/// Sanitised node input: contact flag, velocity, upper clamp.
#[derive(Clone, Copy)]
struct Node {
    pressure: f32,
    velocity: f32,
    beta_max: f32,
}

impl Node {
    #[inline]
    fn from_input(input: NodeInput) -> Self {
        let beta_max = if input.beta_thres.is_nan() {
            f32::MAX
        } else if input.beta_thres < 0.0 {
            0.0
        } else {
            input.beta_thres.min(f32::MAX)
        };
        Self {
            pressure: if input.pressure > 0.0 {
                input.pressure
            } else {
                0.0
            },
            velocity: if input.velocity.is_finite() {
                input.velocity
            } else {
                0.0
            },
            beta_max,
        }
    }

    #[inline]
    fn in_contact(&self) -> bool {
        self.pressure > 0.0
    }
}

#[inline]
fn stored_beta(b: f32) -> f32 {
    if b.is_nan() {
        0.0
    } else {
        b.clamp(-f32::MAX, f32::MAX)
    }
}

/// The source `created` of one node made finite and ≥ 0: NaN (∞·0) creates nothing, an
/// overflow is held at `f32::MAX` (module docs).
#[inline]
fn bounded_source(created: f32) -> f32 {
    if created >= 0.0 {
        created.min(f32::MAX)
    } else {
        0.0
    }
}

/// One unchecked upwind step (parameters, Δt and CFL already validated), with the node loop
/// monomorphised for one K factor per step or one per node (benches `core`, `wear_law`).
pub(super) fn advance<F: FnMut(usize) -> NodeInput>(
    params: &TransportParams,
    dt: f32,
    beta: &mut [f32],
    inputs: &mut F,
    k: KChoice,
    rule: SourceRule,
) -> Fluxes {
    match rule {
        SourceRule::Archard => advance_k(params, dt, beta, inputs, k, WholeContact),
        SourceRule::UncoveredArchard => advance_k(params, dt, beta, inputs, k, UncoveredOnly),
    }
}

fn advance_k<F: FnMut(usize) -> NodeInput, C: Coverage>(
    params: &TransportParams,
    dt: f32,
    beta: &mut [f32],
    inputs: &mut F,
    k: KChoice,
    coverage: C,
) -> Fluxes {
    match k {
        KChoice::Uniform(factor) => {
            advance_with(params, dt, beta, inputs, UniformK(factor), coverage)
        }
        KChoice::PerNode(law) => advance_with(
            params,
            dt,
            beta,
            inputs,
            MemoisedPowerLaw {
                law,
                last: (f32::NAN, 1.0),
            },
            coverage,
        ),
    }
}

fn advance_with<F: FnMut(usize) -> NodeInput, K: SourceFactor, C: Coverage>(
    params: &TransportParams,
    dt: f32,
    beta: &mut [f32],
    inputs: &mut F,
    mut k_factor: K,
    coverage: C,
) -> Fluxes {
    let mut fluxes = Fluxes::default();
    let n = beta.len();
    let Some(&b0) = beta.first() else {
        return fluxes;
    };
    let l_e = f64::from(params.element_length);
    let drift = dt * params.zeta / params.element_length; // [s/m]
    let source = dt * params.source_coefficient(); // [1/(Pa·m)·s]

    let mut cur = Node::from_input(inputs(0));
    let mut beta_cur = stored_beta(b0);
    // Amount (in β units) crossing the face left of the current node, rightward positive.
    let mut face_left = if cur.in_contact() && cur.velocity > 0.0 {
        -drift * cur.velocity * beta_cur
    } else {
        0.0
    };
    fluxes.outflow_left = -f64::from(face_left) * l_e;

    for i in 0..n {
        let next = if i + 1 < n {
            beta.get(i + 1)
                .map(|&b| (Node::from_input(inputs(i + 1)), stored_beta(b)))
        } else {
            None
        };
        let face_right = match next {
            Some((nx, beta_nx)) => {
                if cur.in_contact() && nx.in_contact() {
                    drift * ((-cur.velocity).max(0.0) * beta_cur - nx.velocity.max(0.0) * beta_nx)
                } else {
                    0.0
                }
            }
            None => {
                if cur.in_contact() && cur.velocity < 0.0 {
                    let out = -drift * cur.velocity * beta_cur;
                    fluxes.outflow_right = f64::from(out) * l_e;
                    out
                } else {
                    0.0
                }
            }
        };
        let created = if cur.in_contact() {
            bounded_source(coverage.apply(
                source * k_factor.at(cur.pressure) * cur.pressure * math::abs(cur.velocity),
                beta_cur,
                cur.beta_max,
            ))
        } else {
            0.0
        };
        fluxes.source += f64::from(created) * l_e;
        let mut updated = beta_cur + created + face_left - face_right;
        // The sum of four finite terms, in f64 when the f32 sum overflowed (cold path: only
        // for absurd inputs), so that the clamp fluxes stay finite.
        let exact = |u: f32| {
            if u.is_finite() {
                f64::from(u)
            } else {
                f64::from(beta_cur) + f64::from(created) + f64::from(face_left)
                    - f64::from(face_right)
            }
        };
        if updated > cur.beta_max {
            fluxes.clamped_high += (exact(updated) - f64::from(cur.beta_max)) * l_e;
            updated = cur.beta_max;
        }
        if updated < 0.0 {
            fluxes.clamped_low -= exact(updated) * l_e;
            updated = 0.0;
        } else if updated.is_nan() {
            // Unreachable with finite terms (module docs); kept as the last guard.
            updated = 0.0;
        }
        if let Some(slot) = beta.get_mut(i) {
            *slot = updated;
        }
        face_left = face_right;
        if let Some((nx, beta_nx)) = next {
            cur = nx;
            beta_cur = beta_nx;
        }
    }
    fluxes
}
