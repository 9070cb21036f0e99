//! The interaction law of seed 002 §2.3 (Fig. 1) at one contact, and its exact local 2×2 solve
//! used inside the non-smooth Gauss–Seidel (Eq. 4).
//!
//! Unknowns are impulses over the step, P = h·r (N·s/m in 2D). With the cohesive shift
//! s = h·γ when γ > 0 and the predicted gap g ≤ d_w (else s = 0), the law is a Signorini–Coulomb
//! law on the translated impulse P' = P + s·e_n (Fig. 1b/c):
//!
//! * normal: 0 ≤ P'_n ⊥ U_n ≥ 0 with U_n = u_n⁺ + e·u_n⁻ when g ≤ 0 (Moreau's velocity-level
//!   Newton impact law) and U_n = u_n⁺ + g/(hθ) when g > 0 (the gap at the end of the step,
//!   g + hθu_n⁺, stays non-negative: no tunnelling, no premature impact);
//! * tangential: |P_t| ≤ μ·P'_n; stick u_t⁺ = 0 inside the cone, slide with P_t = −μP'_n·sgn u_t⁺.
//!
//! So a cohesive contact inside d_w and opening pulls with exactly r_n = −γ ("cohesive" status),
//! a closed one pushes back with any r_n ≥ −γ ("stick" status), and beyond d_w there is no
//! attraction ("non contact"). Friction acts on the compressive part r_n + γ, as the
//! translated-Signorini reading of Fig. 1 implies (LMGC90's wet-Coulomb law does the same).

/// Parameters of the contact law (per contact; the system holds one for all).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactLawParams {
    /// Coulomb friction coefficient μ between particles.
    pub mu: f64,
    /// Normal restitution coefficient e of the Newton impact law (0 for dense flows).
    pub restitution: f64,
    /// Cohesive force γ per unit depth (N/m), the constant pull of Fig. 1.
    pub cohesion: f64,
    /// Attraction range d_w (m): γ acts while 0 < g ≤ d_w.
    pub range: f64,
}

impl ContactLawParams {
    /// A dry frictional law (γ = 0, d_w = 0, as the seed says for dry systems).
    pub fn dry(mu: f64, restitution: f64) -> Self {
        Self {
            mu,
            restitution,
            cohesion: 0.0,
            range: 0.0,
        }
    }

    /// The cohesive impulse shift s = hγ for a predicted gap `gap`, step `h` and the
    /// contact's cohesion `gamma` (N/m; [`Self::cohesion`] unless set per body).
    pub fn cohesive_shift(&self, gap: f64, h: f64, gamma: f64) -> f64 {
        if gamma > 0.0 && gap <= self.range {
            h * gamma
        } else {
            0.0
        }
    }

    /// The normal target offset b so that U_n = u_n⁺ + b (see the module doc).
    pub fn normal_bias(&self, gap: f64, u_n_minus: f64, h: f64, theta: f64) -> f64 {
        if gap > 0.0 {
            gap / (h * theta)
        } else {
            self.restitution * u_n_minus.min(0.0)
        }
    }
}

/// Exact solution of one contact's local problem: find P' ≥ 0 (normal) in the Coulomb cone
/// with w = 𝕎 P' + c, 0 ≤ P'_n ⊥ w_n ≥ 0, stick (w_t = 0) or slide (P'_t = −μP'_n sgn w_t).
/// `w` is the 2×2 Delassus block (symmetric positive definite for a contact involving a free
/// body), `c` the offset local velocity. Cases are tried in order: take-off, stick, slide in the
/// direction the stick impulse pointed, slide the other way; a degenerate block returns zero.
pub fn solve_local(w: &[[f64; 2]; 2], c: [f64; 2], mu: f64) -> [f64; 2] {
    if c[0] >= 0.0 {
        return [0.0, 0.0];
    }
    let det = w[0][0] * w[1][1] - w[0][1] * w[1][0];
    let mut stick_dir = -c[1].signum();
    if det > 0.0 {
        let pn = (-w[1][1] * c[0] + w[0][1] * c[1]) / det;
        let pt = (w[1][0] * c[0] - w[0][0] * c[1]) / det;
        if pn >= 0.0 && pt.abs() <= mu * pn {
            return [pn, pt];
        }
        if pt != 0.0 {
            stick_dir = pt.signum();
        }
    }
    for sigma in [stick_dir, -stick_dir] {
        let denom = w[0][0] + sigma * mu * w[0][1];
        if denom <= 0.0 {
            continue;
        }
        let pn = -c[0] / denom;
        let wt = (w[1][0] + sigma * mu * w[1][1]) * pn + c[1];
        if sigma * wt <= 0.0 {
            return [pn, sigma * mu * pn];
        }
    }
    if w[0][0] > 0.0 {
        // Frictionless fallback (only reached for non-physical blocks): normal part alone.
        [-c[0] / w[0][0], 0.0]
    } else {
        [0.0, 0.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round-off tolerance of a 2×2 solve with O(1) entries.
    const ROUND_OFF: f64 = 1e-12;

    #[test]
    fn local_solution_satisfies_the_law_on_a_grid_of_cases() {
        // A symmetric positive definite block with coupling, as a rotating disk on a floor has.
        let w = [[1.0, 0.3], [0.3, 3.0]];
        for &mu in &[0.0, 0.2, 0.5, 1.0] {
            for i in -4..=4 {
                for j in -4..=4 {
                    let c = [i as f64 * 0.5, j as f64 * 0.5];
                    let p = solve_local(&w, c, mu);
                    let wn = w[0][0] * p[0] + w[0][1] * p[1] + c[0];
                    let wt = w[1][0] * p[0] + w[1][1] * p[1] + c[1];
                    assert!(p[0] >= 0.0 && wn >= -ROUND_OFF, "{c:?} {p:?}");
                    assert!((p[0] * wn).abs() <= ROUND_OFF, "complementarity {c:?}");
                    assert!(p[1].abs() <= mu * p[0] + ROUND_OFF, "cone {c:?}");
                    if p[1].abs() < mu * p[0] - ROUND_OFF {
                        assert!(wt.abs() <= ROUND_OFF, "stick must not slip {c:?}");
                    } else if p[0] > 0.0 && wt.abs() > ROUND_OFF {
                        assert!(p[1] * wt <= 0.0, "friction opposes sliding {c:?}");
                        assert!(
                            (p[1].abs() - mu * p[0]).abs() <= ROUND_OFF,
                            "slides on the cone"
                        );
                    }
                }
            }
        }
    }
}
