//! Least-squares fit of τ0 and ζ (and optionally K and the friction μ_p of the particle-borne
//! area) to measured strip-draw μ̄ (seed 000 §7: "the only fitting parameter in the model was
//! ζ = 0.2"; τ0 is not stated by the seed; μ_p is issue 30's shear on A_p, [`tribo_core::law`]).
//!
//! Each data point (tool length, P_N, pass) is predicted by the core's bar with the table's
//! physics and the trial (τ0, ζ, K, μ_p): points sharing a tool and a pressure share one run of
//! passes 1…max ([`super::run_passes`], β persisting). The fit is a bounded
//! Levenberg–Marquardt ([`lsq`]) on finite-difference Jacobians in scaled parameters
//! (τ0 in GPa, ζ, K in units of 10⁻⁴, μ_p), with 95 % confidence intervals from σ²(JᵀJ)⁻¹ and,
//! when asked ([`FitOptions::profile`]), from the profile likelihood
//! ([`crate::numerics::profile_likelihood`]): each end refits the other parameters, so the
//! interval follows the saturation of μ̄ that determines μ_p and is cut at a bound when the
//! data cannot exclude it.
//!
//! Note: μ = μ0·(1 − x) + μ_p·x with x = β/β_thres (Eq. 7 with shear on A_p, 9, 23) is
//! proportional to τ0 at μ_p = 0, so τ0 sets the level of μ̄ and ζ, K its dependence on
//! pressure, tool length and pass; data at a single tool length and pressure cannot separate
//! them (reported as a singular fit). μ_p is determined only by points where β approaches
//! β_thres (later passes, long tools, high pressure): below saturation μ_p and K trade off
//! (μ̄ depends on (μ0 − μ_p)·K), so fit μ_p with K fixed unless the data saturate.

pub use crate::io::strip_draw_data as data;

use std::collections::BTreeMap;

use rayon::prelude::*;
use tribo_core::table::Table;

use crate::numerics::least_squares::{self as lsq, LsqError, LsqFit, LsqOptions};
use crate::numerics::profile_likelihood::profile_interval;
pub use data::Measurement;
use std::path::Path;
use tribo_core::table::{ParticleShearOrigin, ParticleShearSection};

use super::StripDrawError;
use super::model::{NumericSettings, StripModel};

/// Reads and parses the measured strip-draw data at `path` ([`data::parse`]).
///
/// # Errors
/// [`StripDrawError::Io`] when the file cannot be read, [`StripDrawError::Data`] naming
/// the file, line and column when its text is refused.
pub fn read_data(path: &Path) -> Result<Vec<Measurement>, StripDrawError> {
    let text = std::fs::read_to_string(path).map_err(crate::io::FileError::at("reading", path))?;
    data::parse(&text).map_err(|source| StripDrawError::Data {
        path: path.to_path_buf(),
        source,
    })
}
use super::multipass::{run_passes, sequence};

/// Scale of τ0 in the fit's internal units \[Pa\].
pub const TAU0_SCALE: f64 = 1.0e9;
/// Scale of K in the fit's internal units \[-\].
pub const K_SCALE: f64 = 1.0e-4;
/// Upper bound of μ_p in the fit \[-\]: a particle layer's friction coefficient (dry layers of
/// seed 002 reach 0.9).
pub const PARTICLE_FRICTION_FIT_MAX: f64 = 2.0;

/// The model parameters of a prediction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StripParams {
    /// τ0 \[Pa\].
    pub tau0: f64,
    /// ζ \[-\].
    pub zeta: f64,
    /// K \[-\].
    pub archard_k: f64,
    /// μ_p, the friction of the particle-borne area \[-\] (`None`: seed 000's Eq. 7).
    pub particle_friction: Option<f64>,
}

/// Predicted μ̄ (F_S/F_N over the end window) for each measurement, in order.
///
/// # Errors
///
/// [`StripDrawError::ParticleFriction`] or [`StripDrawError::Tau0`] when `params` give no valid
/// law; the bar errors of [`run_passes`] ([`StripDrawError::TimeStep`],
/// [`StripDrawError::BarParams`], [`StripDrawError::Bar`], [`StripDrawError::NoSteadySample`]);
/// [`StripDrawError::MissingPrediction`] for a measurement no run covered (a bookkeeping bug).
pub fn predict(
    model: &StripModel,
    params: &StripParams,
    data: &[Measurement],
    settings: &NumericSettings,
) -> Result<Vec<f64>, StripDrawError> {
    let model = model
        .with_particle_friction(params.particle_friction)?
        .with_tau0(params.tau0)?;
    // One run of passes 1..=max per (tool, pressure), in a fixed (sorted) order.
    let mut groups: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    for m in data {
        let key = (m.tool_length.to_bits(), m.pressure.to_bits());
        let e = groups.entry(key).or_insert(0);
        *e = (*e).max(m.pass);
    }
    let groups: Vec<((u64, u64), usize)> = groups.into_iter().collect();
    let runs: Vec<Vec<f64>> = groups
        .par_iter()
        .map(|&((tool, pressure), passes)| {
            let (tool, pressure) = (f64::from_bits(tool), f64::from_bits(pressure));
            let p = model.bar_params(
                tool,
                pressure,
                params.zeta as f32,
                params.archard_k as f32,
                settings,
            )?;
            let r = run_passes(&p, &model.law, &sequence(passes, false), settings, false)?;
            Ok(r.iter().map(|r| r.mu_bar).collect())
        })
        .collect::<Result<_, StripDrawError>>()?;
    data.iter()
        .map(|m| {
            let key = (m.tool_length.to_bits(), m.pressure.to_bits());
            groups
                .binary_search_by(|(k, _)| k.cmp(&key))
                .ok()
                .and_then(|g| runs.get(g))
                .and_then(|passes| passes.get(m.pass.checked_sub(1)?))
                .copied()
                .ok_or(StripDrawError::MissingPrediction { line: m.line })
        })
        .collect()
}

/// What to fit and from where.
#[derive(Clone, Debug, PartialEq)]
pub struct FitOptions {
    /// Start values (τ0 \[Pa\], ζ, K); K is fixed at its start value unless `fit_k`.
    pub start: StripParams,
    /// Fit K too.
    pub fit_k: bool,
    /// Fit μ_p too (from the start's μ_p, 0.2·μ0 of the start law if it has none).
    pub fit_particle_friction: bool,
    /// Profile-likelihood intervals (each end refits the others: ≈ 20 fits per parameter)
    /// instead of the linearised ones alone.
    pub profile: bool,
    /// Numerical settings of the predicting runs.
    pub settings: NumericSettings,
    /// Solver settings.
    pub lsq: LsqOptions,
}

/// One fitted parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct FittedValue {
    /// Name (`tau0_Pa`, `zeta`, `archard_k`, `particle_friction`).
    pub name: &'static str,
    /// Best value (SI).
    pub value: f64,
    /// Standard error (SI).
    pub std_error: f64,
    /// Lower end of the 95 % interval (SI).
    pub ci_low: f64,
    /// Upper end of the 95 % interval (SI).
    pub ci_high: f64,
    /// How the interval was obtained: `linearised` (σ²(JᵀJ)⁻¹) or `profile`.
    pub ci_method: &'static str,
    /// The linearised interval (SI), also when `ci_method` is `profile`.
    pub linear_ci: [f64; 2],
    /// The interval's ends sit on the fit's bounds (the data do not exclude beyond).
    pub at_bound: [bool; 2],
}

/// The result of [`fit_strip_draw`].
#[derive(Clone, Debug, PartialEq)]
pub struct StripFit {
    /// Best parameters.
    pub params: StripParams,
    /// τ0, ζ (and K if fitted) with their intervals.
    pub values: Vec<FittedValue>,
    /// Predicted μ̄ per measurement.
    pub predicted: Vec<f64>,
    /// Residual RMS \[-\].
    pub rms: f64,
    /// Degrees of freedom.
    pub dof: usize,
    /// Solver iterations.
    pub iterations: usize,
    /// Model evaluations (each a set of bar runs).
    pub evaluations: usize,
}

/// Fits τ0, ζ (and K) to `data` with `model`'s other physics.
///
/// # Errors
///
/// As [`fit_strip_draw_observed`].
pub fn fit_strip_draw(
    model: &StripModel,
    data: &[Measurement],
    options: &FitOptions,
) -> Result<StripFit, StripDrawError> {
    fit_strip_draw_observed(model, data, options, || {})
}

/// [`fit_strip_draw`], calling `on_evaluation` after each model evaluation (progress).
///
/// # Errors
///
/// [`StripDrawError::NoConvergence`] when the least-squares fit does not converge;
/// [`StripDrawError::Fit`] when it fails otherwise (too few points, singular, non-finite); the
/// errors of [`predict`] at any iterate.
pub fn fit_strip_draw_observed<F: Fn()>(
    model: &StripModel,
    data: &[Measurement],
    options: &FitOptions,
    on_evaluation: F,
) -> Result<StripFit, StripDrawError> {
    let y: Vec<f64> = data.iter().map(|m| m.mu_bar).collect();
    let s = &options.start;
    let mut x0 = vec![s.tau0 / TAU0_SCALE, s.zeta];
    let mut lo = vec![1e-6, 0.0];
    let mut hi = vec![1e3, 1.0];
    let mut names = vec!["tau0_Pa", "zeta"];
    let mut scales = vec![TAU0_SCALE, 1.0];
    if options.fit_k {
        x0.push(s.archard_k / K_SCALE);
        lo.push(0.0);
        hi.push(1e3);
        names.push("archard_k");
        scales.push(K_SCALE);
    }
    let mu_p_index = options.fit_particle_friction.then_some(x0.len());
    if options.fit_particle_friction {
        let start = s
            .particle_friction
            .unwrap_or(0.2 * f64::from(model.law.mu0()));
        x0.push(start.clamp(0.0, PARTICLE_FRICTION_FIT_MAX));
        lo.push(0.0);
        hi.push(PARTICLE_FRICTION_FIT_MAX);
        names.push("particle_friction");
        scales.push(1.0);
    }
    let to_params = |x: &[f64]| StripParams {
        tau0: x[0] * TAU0_SCALE,
        zeta: x[1],
        archard_k: if options.fit_k {
            x[2] * K_SCALE
        } else {
            s.archard_k
        },
        particle_friction: match mu_p_index {
            Some(j) => Some(x[j]),
            None => s.particle_friction,
        },
    };
    let f = |x: &[f64]| {
        let r = predict(model, &to_params(x), data, &options.settings);
        on_evaluation();
        r
    };
    let to_error = |e: LsqError<StripDrawError>| match e {
        LsqError::NoConvergence { iterations, rms, x } => {
            let at = to_params(&x);
            StripDrawError::NoConvergence {
                iterations,
                rms,
                tau0: at.tau0,
                zeta: at.zeta,
                archard_k: at.archard_k,
            }
        }
        // The model's own failure is already a strip-draw error: keep it as it is.
        LsqError::Model(e) => e,
        other => StripDrawError::Fit(Box::new(other)),
    };
    let r: LsqFit = lsq::fit(f, &y, &x0, &lo, &hi, &options.lsq).map_err(to_error)?;
    let mut values = Vec::with_capacity(x0.len());
    for j in 0..x0.len() {
        let linear = [
            (r.x[j] - r.ci_half_width[j]) * scales[j],
            (r.x[j] + r.ci_half_width[j]) * scales[j],
        ];
        let (ci, method, at_bound) = if options.profile {
            let pi = profile_interval(&f, &y, &r, j, &lo, &hi, &options.lsq).map_err(to_error)?;
            (
                [pi.lo * scales[j], pi.hi * scales[j]],
                "profile",
                [pi.lo_at_bound, pi.hi_at_bound],
            )
        } else {
            (linear, "linearised", [false, false])
        };
        values.push(FittedValue {
            name: names[j],
            value: r.x[j] * scales[j],
            std_error: r.std_error[j] * scales[j],
            ci_low: ci[0],
            ci_high: ci[1],
            ci_method: method,
            linear_ci: linear,
            at_bound,
        });
    }
    Ok(StripFit {
        params: to_params(&r.x),
        values,
        predicted: r.predicted,
        rms: r.rms,
        dof: r.dof,
        iterations: r.iterations,
        evaluations: r.evaluations,
    })
}

/// Writes the fitted τ0, ζ (and K if fitted) into `table` and, when μ_p was fitted, the
/// particle-shear section (μ_p with its interval, origin [`ParticleShearOrigin::FittedStripDraw`],
/// the table's material, `data_points` as the case count); validates the result.
///
/// # Errors
///
/// [`StripDrawError::FittedTable`] when the table with the fitted values does not validate (`table`
/// is then unchanged).
pub fn apply_to_table(
    table: &mut Table,
    fit: &StripFit,
    fit_k: bool,
    data_points: usize,
) -> Result<(), StripDrawError> {
    let mut next = table.clone();
    next.law.tau0 = fit.params.tau0 as f32;
    next.transport.zeta = fit.params.zeta as f32;
    if fit_k {
        next.transport.archard_k = fit.params.archard_k as f32;
    }
    if let Some(v) = fit.values.iter().find(|v| v.name == "particle_friction") {
        let mut provenance = tribo_core::table::SectionProvenance {
            calibrator_version: heapless::String::new(),
            preset: heapless::String::new(),
            seed: table.provenance.seed,
            config_hash: table.provenance.config_hash,
            cases: data_points as u32,
        };
        let _ = provenance
            .calibrator_version
            .push_str(crate::CALIBRATOR_VERSION);
        let _ = provenance.preset.push_str("fit strip-draw");
        next.particle_shear = Some(ParticleShearSection {
            particle_friction: v.value as f32,
            ci95: [v.ci_low.max(0.0) as f32, v.ci_high as f32],
            origin: ParticleShearOrigin::FittedStripDraw,
            material: table.material.clone(),
            provenance,
        });
    }
    next.validate().map_err(StripDrawError::FittedTable)?;
    *table = next;
    Ok(())
}

#[cfg(test)]
mod tests;
