//! Monte-Carlo estimation of force/torque statistics and CVs (seed 004 §2.1.3, Eq. 14–15,
//! 26–27, 30), parallel with rayon and deterministic for a seed.
//!
//! Draw d uses its own generator `rng::stream_rng(seed, d)` and yields `per_draw`
//! realisations (indices d·per_draw + j); results are collected in index order and reduced
//! sequentially, so the output is bit-identical for any thread count.

use indicatif::ProgressBar;
use rayon::prelude::*;

use super::field::LognormalField;
use super::gaussian::GaussianSampler;
use super::integrals::{Linear, MotionWeights, N_LINEAR};
use crate::rng::stream_rng;

/// Sample statistics of one scalar.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Moments {
    /// Sample mean.
    pub mean: f64,
    /// Unbiased sample variance.
    pub var: f64,
    /// Standard error of `var`: √((m₄ − var²)/N).
    pub se_var: f64,
}

impl Moments {
    /// Two-pass moments of `xs` (fixed order).
    pub fn of(xs: impl Iterator<Item = f64> + Clone) -> Self {
        let n = xs.clone().count() as f64;
        let mean = xs.clone().sum::<f64>() / n;
        let (mut m2, mut m4) = (0.0, 0.0);
        for x in xs {
            let d2 = (x - mean).powi(2);
            m2 += d2;
            m4 += d2 * d2;
        }
        let var = m2 / (n - 1.0);
        let m4 = m4 / n;
        Self {
            mean,
            var,
            se_var: ((m4 - (m2 / n).powi(2)).max(0.0) / n).sqrt(),
        }
    }

    /// Standard deviation.
    pub fn std(&self) -> f64 {
        self.var.sqrt()
    }
}

/// The CVs of one motion (force, torque), as defined by the seed for that motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CvPair {
    /// CV of the force.
    pub force: f64,
    /// CV of the torque.
    pub torque: f64,
}

/// Monte-Carlo results.
#[derive(Debug, Clone)]
pub struct McResult {
    /// Realisations used.
    pub samples: usize,
    /// Moments of each observed scalar ([`MotionWeights::observe`] order).
    pub moments: Vec<Moments>,
    /// Translation: CV_‖F‖ = σ_F/|μ_F| (Eq. 14), CV_T = σ_T/(|μ_F|·a/√2) (Eq. 15).
    pub translation: CvPair,
    /// Rotation: CV_‖F̂‖ = √(Var F̂x + Var F̂y)·(a/√2)/|μ_T̂| (Eq. 26; σ_‖F̂‖ taken as the RMS
    /// magnitude of the zero-mean force vector), CV_T̂ = σ_T̂/|μ_T̂| (Eq. 27).
    pub rotation: CvPair,
    /// Planar, per ρ*/a: CV_‖F̃‖ = std(‖F̃‖)/mean(‖F̃‖), CV_T̃ = σ_T̃/|μ_T̃| (Eq. 30).
    pub planar: Vec<CvPair>,
}

impl McResult {
    /// Moments of translation F_x.
    pub fn force_x(&self) -> Moments {
        self.moments[Linear::TransFx as usize]
    }
    /// Moments of translation T_G.
    pub fn torque(&self) -> Moments {
        self.moments[Linear::TransT as usize]
    }
}

/// Runs `samples` realisations of `field` through `sampler` and `weights`.
///
/// The sampler's grid must be `weights.grid()`. `progress` (if any) is advanced per draw.
///
/// # Panics
///
/// If the sampler's grid is not `weights.grid()`.
pub fn estimate<S: GaussianSampler>(
    sampler: &S,
    field: &LognormalField,
    weights: &MotionWeights,
    samples: usize,
    seed: u64,
    progress: Option<&ProgressBar>,
) -> McResult {
    assert_eq!(
        sampler.grid(),
        weights.grid(),
        "sampler and weights on one grid"
    );
    let per = sampler.per_draw();
    let nodes = sampler.grid().nodes();
    let n_obs = weights.len_observed();
    let draws = samples.div_ceil(per);
    let per_draw: Vec<Vec<f64>> = (0..draws)
        .into_par_iter()
        .map_init(
            || (sampler.scratch(), vec![0.0; per * nodes]),
            |(scratch, buf), d| {
                let mut rng = stream_rng(seed, d as u64);
                sampler.draw(&mut rng, scratch, buf);
                let mut obs = vec![0.0; per * n_obs];
                for j in 0..per {
                    let h = &mut buf[j * nodes..(j + 1) * nodes];
                    field.to_cof(h);
                    weights.observe(h, &mut obs[j * n_obs..(j + 1) * n_obs]);
                }
                if let Some(pb) = progress {
                    pb.inc(1);
                }
                obs
            },
        )
        .collect();
    let flat: Vec<f64> = per_draw
        .into_iter()
        .flatten()
        .take(samples * n_obs)
        .collect();
    let column = |k: usize| flat.iter().skip(k).step_by(n_obs).copied();
    let moments: Vec<Moments> = (0..n_obs).map(|k| Moments::of(column(k))).collect();
    let a_m = weights.grid().half_side / std::f64::consts::SQRT_2;
    let fx = moments[Linear::TransFx as usize];
    let rt = moments[Linear::RotT as usize];
    let translation = CvPair {
        force: fx.std() / fx.mean.abs(),
        torque: moments[Linear::TransT as usize].std() / (fx.mean.abs() * a_m),
    };
    let rot_f = (moments[Linear::RotFx as usize].var + moments[Linear::RotFy as usize].var).sqrt();
    let rotation = CvPair {
        force: rot_f * a_m / rt.mean.abs(),
        torque: rt.std() / rt.mean.abs(),
    };
    let planar = (0..weights.rho_over_a().len())
        .map(|c| {
            let f = moments[N_LINEAR + 2 * c];
            let t = moments[N_LINEAR + 2 * c + 1];
            CvPair {
                force: f.std() / f.mean.abs(),
                torque: t.std() / t.mean.abs(),
            }
        })
        .collect();
    McResult {
        samples,
        moments,
        translation,
        rotation,
        planar,
    }
}
