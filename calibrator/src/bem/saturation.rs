//! Plastic saturation of the contact traction, 0 ≤ t ≤ p_crit (seed 000 Eq. 20–21, after
//! Almqvist et al. 2007, its Ref. \[43\]).
//!
//! Where the elastic solution would exceed the hardness-like bound p_crit, the traction is
//! capped and the interpenetration left by the elastic field is taken up by a plastic
//! displacement u_p ≥ 0 of the deformable surface, so that g + u_e + u_p − δ = 0 there.
//! u_p is irreversible: in a sliding sequence it is cumulated into the deformable surface
//! ([`deform_plastically`]) before the next gap is formed.

use crate::surface::HeightMap;

/// Newton steps allowed for the scale factor of [`impose_mean_pressure`] (it converges in
/// finitely many steps on a piecewise-linear function; a handful suffices in practice).
const MAX_SCALE_STEPS: usize = 64;

/// Scales `t` so that its mean is `mean_pressure` while keeping 0 ≤ t ≤ `p_crit`.
///
/// Points already at p_crit stay there; the others get t_i ← min(λ·t_i, p_crit) with λ the
/// root of the concave, piecewise-linear f(λ) = Σ min(λ t_i, p_crit) − (N·p̄ − N_sat·p_crit),
/// found by Newton from the left (monotone, exact after finitely many steps). If the saturated
/// points alone exceed the load, every point is scaled down; if even the full cap of every
/// loaded point cannot carry it, the remainder is spread uniformly over the unloaded points.
///
/// `t` must be non-negative and `mean_pressure < p_crit` (checked by the caller). For
/// `p_crit = ∞` this is the plain rescaling t ← t·p̄/⟨t⟩ of Polonsky & Keer.
pub fn impose_mean_pressure(t: &mut [f64], mean_pressure: f64, p_crit: f64) -> Scaling {
    impose_mean_pressure_by(t, mean_pressure, p_crit, None)
}

/// Outcome of [`impose_mean_pressure`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scaling {
    /// Scale factor λ applied to the unsaturated points.
    pub lambda: f64,
    /// The map was exactly t ← λ·t on every point (lets the solver update u = K t linearly).
    pub linear: bool,
}

/// [`impose_mean_pressure`] where the load the loaded points cannot carry goes to the unloaded
/// points of smallest `gap` first (the next to touch), each filled up to p_crit; without a gap
/// it is spread uniformly.
pub fn impose_mean_pressure_by(
    t: &mut [f64],
    mean_pressure: f64,
    p_crit: f64,
    gap: Option<&[f64]>,
) -> Scaling {
    let n = t.len() as f64;
    let target = n * mean_pressure;
    let (mut sum_free, mut n_sat) = (0.0, 0usize);
    for &v in t.iter() {
        if v >= p_crit {
            n_sat += 1;
        } else {
            sum_free += v;
        }
    }
    let free_target = if n_sat == 0 {
        target
    } else {
        target - n_sat as f64 * p_crit
    };
    if free_target <= 0.0 || sum_free <= 0.0 {
        let sum: f64 = t.iter().map(|v| v.min(p_crit)).sum();
        if sum <= 0.0 || free_target > 0.0 {
            spread_remainder(t, mean_pressure, p_crit, gap);
            return Scaling {
                lambda: 1.0,
                linear: false,
            };
        }
        let lambda = target / sum;
        t.iter_mut().for_each(|v| *v = v.min(p_crit) * lambda);
        return Scaling {
            lambda,
            linear: false,
        };
    }
    let mut lambda = free_target / sum_free;
    if p_crit.is_finite() {
        for _ in 0..MAX_SCALE_STEPS {
            let (mut s, mut slope) = (0.0, 0.0);
            for &v in t.iter().filter(|&&v| v < p_crit) {
                let x = lambda * v;
                if x < p_crit {
                    s += x;
                    slope += v;
                } else {
                    s += p_crit;
                }
            }
            let defect = free_target - s;
            if defect <= 1e-15 * target {
                break;
            }
            if slope <= 0.0 {
                spread_remainder(t, mean_pressure, p_crit, gap);
                return Scaling {
                    lambda,
                    linear: false,
                };
            }
            lambda += defect / slope;
        }
    }
    let mut newly_clamped = false;
    for v in t.iter_mut().filter(|v| **v < p_crit) {
        let x = lambda * *v;
        if x >= p_crit {
            *v = p_crit;
            newly_clamped = true;
        } else {
            *v = x;
        }
    }
    /// |λ − 1| below which keeping saturated points fixed is the same map as scaling them.
    const UNIT_SCALE: f64 = 1e-13;
    let linear = !newly_clamped && (n_sat == 0 || (lambda - 1.0).abs() < UNIT_SCALE);
    Scaling { lambda, linear }
}

/// Saturates every loaded point and puts the rest of the load on the unloaded ones: by
/// increasing `gap` (each up to p_crit) if given, else uniformly.
fn spread_remainder(t: &mut [f64], mean_pressure: f64, p_crit: f64, gap: Option<&[f64]>) {
    let n = t.len() as f64;
    let loaded = t.iter().filter(|&&v| v > 0.0).count();
    let mut rest = n * mean_pressure - loaded as f64 * p_crit;
    let mut unloaded: Vec<usize> = (0..t.len()).filter(|&i| t[i] <= 0.0).collect();
    for v in t.iter_mut().filter(|v| **v > 0.0) {
        *v = p_crit;
    }
    match gap {
        Some(g) => {
            unloaded.sort_by(|&a, &b| g[a].total_cmp(&g[b]).then(a.cmp(&b)));
            for i in unloaded {
                if rest <= 0.0 {
                    break;
                }
                t[i] = rest.min(p_crit);
                rest -= t[i];
            }
        }
        None => {
            let each = (rest / unloaded.len() as f64).min(p_crit);
            unloaded.into_iter().for_each(|i| t[i] = each);
        }
    }
}

/// Plastic displacement of a converged state: u_p = max(0, −gap_e) where the traction sits at
/// `p_crit`, zero elsewhere; `elastic_gap` = g + u_e − δ \[m\]. Writes into `plastic`.
pub fn plastic_displacement(
    traction: &[f64],
    elastic_gap: &[f64],
    p_crit: f64,
    plastic: &mut [f64],
) {
    for ((up, &t), &ge) in plastic.iter_mut().zip(traction).zip(elastic_gap) {
        *up = if t >= p_crit { (-ge).max(0.0) } else { 0.0 };
    }
}

/// Makes the plastic displacement permanent in the deformable surface: h_def ← h_def − u_p
/// (u_p points into the deformable body), so the next gap g = h_tool − h_def (Eq. 17/19)
/// carries the cumulated plastic flow.
///
/// # Panics
///
/// If `plastic` does not hold one value per point of `deformable` (a grid mismatch).
pub fn deform_plastically(deformable: &mut HeightMap, plastic: &[f64]) {
    assert_eq!(
        deformable.heights().len(),
        plastic.len(),
        "deform_plastically: grid mismatch"
    );
    for (h, up) in deformable.heights_mut().iter_mut().zip(plastic) {
        *h -= up;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums of a few hundred O(1) terms.
    const TOL: f64 = 1e-12;

    #[test]
    fn scaling_without_cap_is_proportional() {
        let mut t = vec![0.0, 1.0, 3.0, 0.0];
        let sc = impose_mean_pressure(&mut t, 2.0, f64::INFINITY);
        assert!((sc.lambda - 2.0).abs() < TOL && sc.linear);
        assert_eq!(t, vec![0.0, 2.0, 6.0, 0.0]);
    }

    #[test]
    fn capped_scaling_matches_hand_solution() {
        // t = [1, 1, 4, 0], cap 5, mean 2 (sum 8): 2λ + 5 = 8 → λ = 1.5 (and 4λ = 6 ≥ 5).
        let mut t = vec![1.0, 1.0, 4.0, 0.0];
        let sc = impose_mean_pressure(&mut t, 2.0, 5.0);
        assert!(!sc.linear);
        assert!((sc.lambda - 1.5).abs() < TOL, "λ = {}", sc.lambda);
        for (a, b) in t.iter().zip([1.5, 1.5, 5.0, 0.0]) {
            assert!((a - b).abs() < TOL);
        }
        let sum: f64 = t.iter().sum();
        assert!((sum - 8.0).abs() < TOL);
        assert!(t.iter().all(|&v| (0.0..=5.0).contains(&v)));
        // Load beyond what the loaded points can carry is spread on the unloaded one.
        let mut t = vec![1.0, 0.0];
        impose_mean_pressure(&mut t, 3.0, 5.0);
        assert_eq!(t, vec![5.0, 1.0]);
        // With a gap, the unloaded points closest to contact take it first.
        let mut t = vec![1.0, 0.0, 0.0, 0.0];
        impose_mean_pressure_by(&mut t, 3.0, 5.0, Some(&[0.0, 3.0, -1.0, 2.0]));
        assert_eq!(t, vec![5.0, 0.0, 5.0, 2.0]);
        // Saturated points stay at the cap while the others carry the rest of the load.
        let mut t = vec![5.0, 1.0, 1.0, 1.0];
        impose_mean_pressure(&mut t, 2.0, 5.0);
        assert_eq!(t[0], 5.0);
        assert!(t[1..].iter().all(|&v| (v - 1.0).abs() < TOL));
    }
}
