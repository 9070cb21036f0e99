//! One pass of the core's strip-draw bar ([`StripDraw`], seed 000 Eq. 2, 28–32) on
//! `Vec`-backed buffers: μ(t), the steady μ̄, the final β field and the β(x, t) map.

use tribo_core::bar::{BarParams, BarStorageOf, RunOptions, StripDraw};
use tribo_core::coulomb::CoulombSpring;
use tribo_core::law::FrictionLaw;

use super::StripDrawError;
use super::extract::{SteadyMu, steady_mu};
use super::model::NumericSettings;

/// One sample of the friction curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MuSample {
    /// Pull-end displacement \[m\].
    pub slide: f64,
    /// F_S/F_N (Eq. 28) \[-\].
    pub mu_friction: f64,
    /// F_pull/F_N (Eq. 1 per tool) \[-\].
    pub mu_pull: f64,
}

/// The β(x, t) space–time map of a pass (seed 000 Fig. 17a–19a): rows are times (row 0 is
/// the initial field), columns material coordinates X = i·l_e of the sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct BetaMap {
    /// Material coordinate of each column \[m\].
    pub x: Vec<f64>,
    /// Pull-end displacement of each row \[m\].
    pub slide: Vec<f64>,
    /// β, row-major (`slide.len()` rows of `x.len()`) \[-\].
    pub values: Vec<f64>,
}

/// What one pass produced.
#[derive(Clone, Debug, PartialEq)]
pub struct PassResult {
    /// μ̄ = ΣF_S/ΣF_N over the end window, accumulated at every step by the core (Eq. 28).
    pub mu_bar: f64,
    /// ΣF_pull/ΣF_N over the same window.
    pub mu_bar_pull: f64,
    /// The window mean of the recorded F_S/F_N samples and its drift.
    pub steady: SteadyMu,
    /// Bar steps taken.
    pub steps: u64,
    /// Time step \[s\].
    pub dt: f64,
    /// Element length \[m\].
    pub element_length: f64,
    /// Recorded μ(t).
    pub mu_t: Vec<MuSample>,
    /// β per node at the end of the pass \[-\].
    pub final_beta: Vec<f32>,
    /// β(x, t), when requested.
    pub map: Option<BetaMap>,
}

/// `Vec` storage of a bar of a run-time number of nodes: the core's one storage type with
/// `Vec` containers ([`BarStorageOf`]; the firmware's [`tribo_core::bar::BarStorage`] is the
/// same struct on arrays).
pub type BarVecs = BarStorageOf<Vec<f64>, Vec<f32>, Vec<CoulombSpring>>;

/// Zeroed [`BarVecs`] of `n` nodes.
pub fn bar_vecs(n: usize) -> BarVecs {
    BarStorageOf::from_fn(
        || vec![0.0; n],
        || vec![0.0; n],
        vec![CoulombSpring::new(); n],
    )
}

/// Runs one pass of `params` with the friction `law` over `settings.slide`, starting from
/// the β field `initial_beta` (per node; `None`: clean sheet, β = 0), recording μ(t) and,
/// if `record_map`, the β(x, t) map.
///
/// # Errors
///
/// [`StripDrawError::InitialBeta`] when `initial_beta` has another length than the bar's nodes;
/// [`StripDrawError::BarParams`] when the core refuses the bar's parameters
/// ([`tribo_core::bar::StripDraw::new`]); [`StripDrawError::Bar`] when the bar fails while running;
/// [`StripDrawError::NoSteadySample`] when the averaging window caught no μ(t) sample.
pub fn run_pass(
    params: &BarParams,
    law: &FrictionLaw,
    initial_beta: Option<&[f32]>,
    settings: &NumericSettings,
    record_map: bool,
) -> Result<PassResult, StripDrawError> {
    let n = params.nodes_needed();
    let mut vecs = bar_vecs(n);
    let buffers = vecs.buffers();
    if let Some(b0) = initial_beta {
        if b0.len() != n {
            return Err(StripDrawError::InitialBeta {
                given: b0.len(),
                nodes: n,
            });
        }
        buffers.beta.copy_from_slice(b0);
    }
    let mut bar =
        StripDraw::with_initial_beta(params, law, buffers).map_err(StripDrawError::BarParams)?;
    let dt = bar.dt();
    let per_step = params.pull_velocity * dt;
    let total_steps = (settings.slide / per_step).ceil().max(1.0);
    let output_every = (total_steps / settings.mu_samples as f64)
        .floor()
        .clamp(1.0, 1.0e9) as u32;
    let map_every = settings.mu_samples.div_ceil(settings.map_rows).max(1);
    let stride = n.div_ceil(settings.map_columns).max(1);
    let columns: Vec<usize> = (0..n).step_by(stride).collect();
    let l_e = params.element_length;
    let mut map = record_map.then(|| BetaMap {
        x: columns.iter().map(|&i| i as f64 * l_e).collect(),
        slide: vec![0.0],
        values: columns.iter().map(|&i| f64::from(bar.beta()[i])).collect(),
    });
    let mut mu_t = Vec::with_capacity(settings.mu_samples + 1);
    let options = RunOptions {
        slide: settings.slide,
        average_window: settings.window,
        output_every,
    };
    let summary = bar
        .run(&options, |b, f| {
            mu_t.push(MuSample {
                slide: f.slide,
                mu_friction: f.mu_friction(),
                mu_pull: f.mu_pull(),
            });
            if let Some(m) = map.as_mut()
                && mu_t.len() % map_every == 0
            {
                m.slide.push(f.slide);
                let beta = b.beta();
                m.values.extend(
                    columns
                        .iter()
                        .map(|&i| f64::from(beta.get(i).copied().unwrap_or(0.0))),
                );
            }
        })
        .map_err(StripDrawError::Bar)?;
    let curve: Vec<(f64, f64)> = mu_t.iter().map(|s| (s.slide, s.mu_friction)).collect();
    let steady = steady_mu(&curve, settings.window).ok_or(StripDrawError::NoSteadySample)?;
    let final_beta = bar.beta().to_vec();
    Ok(PassResult {
        mu_bar: summary.mean_mu_friction,
        mu_bar_pull: summary.mean_mu_pull,
        steady,
        steps: summary.steps,
        dt,
        element_length: l_e,
        mu_t,
        final_beta,
        map,
    })
}
