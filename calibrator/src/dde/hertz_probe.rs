//! Probes of a finished Hertz run ([`super::hertz`]): the pressure profile against Hertz's
//! ellipse, the lateral displacement of the cap's contact surface, and the gap at which each
//! contact joint formed (its stress-free reference height).

use super::hertz::{CAP, HertzState};
use super::vec2::V2;

/// One loaded element of the counterface.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PressureSample {
    /// Abscissa from the strip's centre over Hertz's b.
    pub x_over_b: f64,
    /// Nodal force over the spacing, over Hertz's p₀ = 2P/(πb).
    pub pressure: f64,
    /// Hertz's √(1 − x²/b²) there (0 outside the strip).
    pub hertz: f64,
}

/// The nodal forces as pressures f/h against Hertz's ellipse for the load they carry.
pub fn pressure_profile(state: &HertzState, spacing: f64, b_hertz: f64) -> Vec<PressureSample> {
    let load: f64 = state.forces.iter().map(|f| f.1).sum();
    let centre = state.forces.iter().map(|(x, f)| x * f).sum::<f64>() / load;
    let p0 = 2.0 * load / (std::f64::consts::PI * b_hertz);
    let mut out: Vec<PressureSample> = state
        .forces
        .iter()
        .map(|&(x, f)| {
            let xi = (x - centre) / b_hertz;
            PressureSample {
                x_over_b: xi,
                pressure: f / spacing / p0,
                hertz: (1.0 - xi * xi).max(0.0).sqrt(),
            }
        })
        .collect();
    out.sort_by(|a, b| a.x_over_b.total_cmp(&b.x_over_b));
    out
}

/// One contact joint at the end of a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointGap {
    /// Abscissa of the joint's third member e₃ over Hertz's b.
    pub x_over_b: f64,
    /// Height of e₃ above the edge e₁e₂ in the stress-free reference (the gap at which the
    /// joint formed; slip moves e₃ along the edge, not across it), over h.
    pub formed_gap: f64,
    /// The same height now, over h.
    pub gap: f64,
    /// True when the edge e₁e₂ lies on the cap (e₃ on the counterface).
    pub edge_on_cap: bool,
    /// Where e₃ stands along the edge now: 0 above e₁, 1 above e₂.
    pub along: f64,
}

/// The contact joints' formation and current gaps, sorted by abscissa.
pub fn joint_gaps(state: &HertzState, spacing: f64, b_hertz: f64) -> Vec<JointGap> {
    let el = &state.system.elements;
    let mut out: Vec<JointGap> = state
        .system
        .contact
        .iter()
        .map(|j| {
            let p = el.triangle(j.members);
            let w3 = -(j.reference.w1 + j.reference.w2);
            let edge = p[1] - p[0];
            let along = (p[2] - p[0]).dot(edge) / edge.norm2();
            JointGap {
                x_over_b: p[2].x / b_hertz,
                formed_gap: 2.0 * j.reference.area() / w3.norm() / spacing,
                gap: edge.cross(p[2] - p[0]) / edge.norm() / spacing,
                edge_on_cap: el.body[j.members[0] as usize] == CAP,
                along,
            }
        })
        .collect();
    out.sort_by(|a, b| a.x_over_b.total_cmp(&b.x_over_b));
    out
}

/// Lateral and vertical displacement (over h) of the cap's lowest surface row, by initial
/// abscissa over b, for |x| ≤ `reach`·b.
pub fn surface_displacement(
    state: &HertzState,
    spacing: f64,
    b_hertz: f64,
    reach: f64,
) -> Vec<(f64, V2)> {
    let el = &state.system.elements;
    // The lowest cap element at each abscissa is the contact surface.
    let mut lowest: Vec<(f64, usize)> = Vec::new();
    for i in 0..el.len() {
        if el.body[i] != CAP || !el.surface[i] {
            continue;
        }
        let x0 = state.initial[i].x;
        if x0.abs() > reach * b_hertz {
            continue;
        }
        match lowest
            .iter_mut()
            .find(|(x, _)| (x - x0).abs() < 1e-3 * spacing)
        {
            Some(e) if state.initial[i].y < state.initial[e.1].y => e.1 = i,
            Some(_) => {}
            None => lowest.push((x0, i)),
        }
    }
    lowest.sort_by(|a, b| a.0.total_cmp(&b.0));
    lowest
        .into_iter()
        .map(|(x0, i)| {
            (
                x0 / b_hertz,
                (el.pos[i] - state.initial[i]) * (1.0 / spacing),
            )
        })
        .collect()
}
