//! Mesh (h) and time-step refinement checks of the strip-draw bar.
//!
//! Seed 000 §4 (after Eq. 14): the l_e⁻¹ factor of the upwind β-transport makes the scheme
//! mildly mesh dependent; halving the element size changed the final β field by < 1 %.
//! [`mesh_check`] reruns a case with l_e/2 (both runs at the refined mesh's stable step, so
//! that only h changes) and compares the final β fields on the coarse nodes (the fine field linearly interpolated to
//! the coarse material coordinates) and the μ̄. [`step_check`] does the same with Δt/2 on
//! the same mesh.

use super::StripDrawError;
use super::model::{NumericSettings, StripModel};
use super::run::{PassResult, run_pass};

/// Differences between a run and its refined rerun.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Refinement {
    /// μ̄ (F_S/F_N) of the base run.
    pub mu_base: f64,
    /// μ̄ of the refined run.
    pub mu_refined: f64,
    /// |μ̄_base − μ̄_refined|/μ̄_refined.
    pub mu_change: f64,
    /// ‖β_base − β_refined‖₂/‖β_refined‖₂ on the base nodes.
    pub beta_change_l2: f64,
    /// max|β_base − β_refined|/max β_refined.
    pub beta_change_max: f64,
}

/// The fine field (spacing `fine_le`) linearly interpolated at X = i·`coarse_le` for every
/// node of the coarse field; beyond the fine field's end, its last value.
pub fn resample(fine: &[f32], fine_le: f64, nodes: usize, coarse_le: f64) -> Vec<f64> {
    (0..nodes)
        .map(|i| {
            let s = i as f64 * coarse_le / fine_le;
            let j = s.floor() as usize;
            let t = s - j as f64;
            let at = |k: usize| fine.get(k).or(fine.last()).map_or(0.0, |&b| f64::from(b));
            (1.0 - t) * at(j) + t * at(j + 1)
        })
        .collect()
}

/// Compares a base run with a refined one.
pub fn compare(base: &PassResult, refined: &PassResult) -> Refinement {
    let fine = resample(
        &refined.final_beta,
        refined.element_length,
        base.final_beta.len(),
        base.element_length,
    );
    let (mut d2, mut f2, mut dmax, mut fmax) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (&b, &f) in base.final_beta.iter().zip(&fine) {
        let d = f64::from(b) - f;
        d2 += d * d;
        f2 += f * f;
        dmax = dmax.max(d.abs());
        fmax = fmax.max(f.abs());
    }
    let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { 0.0 };
    Refinement {
        mu_base: base.mu_bar,
        mu_refined: refined.mu_bar,
        mu_change: ratio((base.mu_bar - refined.mu_bar).abs(), refined.mu_bar.abs()),
        beta_change_l2: ratio(d2.sqrt(), f2.sqrt()),
        beta_change_max: ratio(dmax, fmax),
    }
}

fn rerun(
    model: &StripModel,
    case: (f64, f64, f32, f32),
    base: &NumericSettings,
    refined: &NumericSettings,
) -> Result<Refinement, StripDrawError> {
    let (tool, pressure, zeta, k) = case;
    let p0 = model.bar_params(tool, pressure, zeta, k, base)?;
    let p1 = model.bar_params(tool, pressure, zeta, k, refined)?;
    let (r0, r1) = rayon::join(
        || run_pass(&p0, &model.law, None, base, false),
        || run_pass(&p1, &model.law, None, refined, false),
    );
    Ok(compare(&r0?, &r1?))
}

/// Reruns (tool \[m\], P_N \[Pa\], ζ, K) with half the element size. Both runs use the
/// same time step — the refined mesh's (its CFL limit is half the base one's), or half an
/// explicit `time_step` — so that the comparison isolates the mesh (h) error from the
/// time-step error ([`step_check`]).
///
/// # Errors
///
/// [`StripDrawError::TimeStep`] when the bar cannot be built with the refined settings; the errors
/// of [`run_pass`].
pub fn mesh_check(
    model: &StripModel,
    case: (f64, f64, f32, f32),
    settings: &NumericSettings,
) -> Result<Refinement, StripDrawError> {
    let mut refined = NumericSettings {
        element_length: 0.5 * settings.element_length,
        time_step: settings.time_step.map(|dt| 0.5 * dt),
        ..*settings
    };
    let (tool, pressure, zeta, k) = case;
    let dt = model
        .bar_params(tool, pressure, zeta, k, &refined)?
        .time_step();
    refined.time_step = Some(dt);
    let base = NumericSettings {
        time_step: Some(dt),
        ..*settings
    };
    rerun(model, case, &base, &refined)
}

/// Reruns (tool \[m\], P_N \[Pa\], ζ, K) with half the time step on the same mesh.
///
/// # Errors
///
/// [`StripDrawError::TimeStep`] when the bar cannot be built; the errors of [`run_pass`].
pub fn step_check(
    model: &StripModel,
    case: (f64, f64, f32, f32),
    settings: &NumericSettings,
) -> Result<Refinement, StripDrawError> {
    let refined = NumericSettings {
        time_step: None,
        courant: 0.5
            * match settings.time_step {
                Some(dt) => {
                    let p = model.bar_params(case.0, case.1, case.2, case.3, settings)?;
                    dt / p.critical_time_step()
                }
                None => settings.courant,
            },
        ..*settings
    };
    rerun(model, case, settings, &refined)
}
