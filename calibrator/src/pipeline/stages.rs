//! The stages of `tribo calibrate` other than the BEM–DEM sweep: the particle-free contact
//! analysis, the COF random-field curves and the asperity sweep. Each reuses the library
//! function behind its own command and writes that command's report into its folder.

use std::path::Path;

use tribo_core::cof_field::CofSection;
use tribo_core::law::LawParams;
use tribo_core::presliding::PreslidingSection;
use tribo_core::table::law_gate::check_mu0;

use super::contact_report;
use super::error::{PipelineError, Result, io_at};
use super::random_field::RandomFieldStudy;
use crate::asperity::population::Generator;
use crate::asperity::slider::{GRAVITY, ModelParams, SEED003_SLIDER_MASS};
use crate::asperity::sweep::{LoadSweep, PopulationSource};
use crate::bem::sweep::{ContactAnalysis, SweepPoint, analyze, pressure_sweep};
use crate::bem::{Connectivity, Material, SolverOptions};
use crate::config::CalibrationConfig;
use crate::random_field::sampler::SamplerKind;
use crate::surface::HeightMap;

/// Largest p/E* of the κ fit (Eq. 8 is a low-pressure law; issue 3: p/E* ≤ 0.02).
pub const KAPPA_MAX_P_OVER_E: f64 = 0.02;

/// Pressures p/E* of the elastic κ sweep. The process pressures (2–30 MPa, p/E* ≲ 5e-4) put
/// only a handful of pixels in contact on a coarse grid, which biases κ upwards; Eq. 8 is
/// linear up to p/E* ≈ 0.02 (App. D), so κ is fitted where the contact area is resolved.
pub const KAPPA_P_OVER_E: [f64; 5] = [0.001, 0.002, 0.004, 0.007, 0.01];

/// Result of the contact stage.
#[derive(Clone, Debug)]
pub struct ContactStage {
    /// The sweep over the process pressures (elastic: Eq. 8 and App. D–F are elastic laws):
    /// clusters, d̄_c, N_c (Fig. 14).
    pub points: Vec<SweepPoint>,
    /// Slopes and cluster fits of `points`, with κ from the κ sweep.
    pub analysis: ContactAnalysis,
}

/// The composite roughness h_def − h_tool of the run's surfaces (the gap of Eq. 17 with the
/// sign of a surface pressed on a flat).
///
/// # Errors
///
/// [`PipelineError::Surface`] when the two maps differ in size, or a spacing or height difference
/// is not finite.
pub fn composite(def: &HeightMap, tool: &HeightMap) -> Result<HeightMap> {
    let h: Vec<f64> = def
        .heights()
        .iter()
        .zip(tool.heights())
        .map(|(d, t)| d - t)
        .collect();
    Ok(HeightMap::new(def.nx(), def.ny(), def.dx(), def.dy(), h)?)
}

/// The composite map of the run's surfaces (measured or generated, [`crate::meso::setup::case_surfaces`]).
fn run_composite(cfg: &CalibrationConfig, seed: u64) -> Result<HeightMap> {
    let (def, tool) =
        crate::meso::setup::case_surfaces(cfg, seed).map_err(|source| PipelineError::Meso {
            stage: "generating the surfaces",
            source: Box::new(source),
        })?;
    composite(&def, &tool)
}

/// The BEM solver settings of the config's `bem` section.
fn solver_options(cfg: &CalibrationConfig) -> SolverOptions {
    SolverOptions {
        tolerance: cfg.bem.tolerance,
        max_iterations: cfg.bem.max_iterations,
    }
}

/// Stage 1: the particle-free elastic BEM sweep over `sweep.contact_pressures` on the
/// composite surface of the run → κ (with the spectral h'_rms), N_c, d̄_c (Fig. 14).
///
/// # Errors
///
/// [`PipelineError::Meso`] when the surfaces cannot be generated or read;
/// [`PipelineError::Surface`] when they do not share a grid; [`PipelineError::Bem`] when the
/// pressure sweep fails (a pressure ≥ p_crit, no convergence); [`PipelineError::Io`],
/// [`PipelineError::Report`] or [`PipelineError::Json`] when the report cannot be written.
pub fn contact(cfg: &CalibrationConfig, seed: u64, out: &Path) -> Result<ContactStage> {
    let map = run_composite(cfg, seed)?;
    let material = Material::elastic(cfg.material.e_star);
    let options = solver_options(cfg);
    let mut pressures = cfg.sweep.contact_pressures.clone();
    pressures.sort_by(f64::total_cmp);
    let (points, traction) =
        pressure_sweep(&map, material, options, &pressures, Connectivity::Four).map_err(
            |source| PipelineError::Bem {
                stage: "particle-free BEM sweep",
                source,
            },
        )?;
    contact_report::write_report(out, &map, material, &points, &traction, KAPPA_MAX_P_OVER_E)?;
    let mut analysis = analyze(&map, cfg.material.e_star, &points, KAPPA_MAX_P_OVER_E);
    let (kpoints, ktraction) = kappa_sweep(cfg, &map)?;
    let kout = out.join("kappa");
    contact_report::write_report(
        &kout,
        &map,
        material,
        &kpoints,
        &ktraction,
        KAPPA_MAX_P_OVER_E,
    )?;
    let k = analyze(&map, cfg.material.e_star, &kpoints, KAPPA_MAX_P_OVER_E);
    (analysis.kappa, analysis.kappa_fd, analysis.kappa_r2) = (k.kappa, k.kappa_fd, k.kappa_r2);
    Ok(ContactStage { points, analysis })
}

/// The elastic κ sweep at [`KAPPA_P_OVER_E`]·E* on the composite map (Eq. 8's low-pressure
/// range): the points and the last traction field.
fn kappa_sweep(cfg: &CalibrationConfig, map: &HeightMap) -> Result<(Vec<SweepPoint>, Vec<f64>)> {
    let material = Material::elastic(cfg.material.e_star);
    let options = solver_options(cfg);
    let kp: Vec<f64> = KAPPA_P_OVER_E
        .iter()
        .map(|x| x * cfg.material.e_star)
        .collect();
    pressure_sweep(map, material, options, &kp, Connectivity::Four).map_err(|source| {
        PipelineError::Bem {
            stage: "elastic κ sweep",
            source,
        }
    })
}

/// μ0 = τ0·κ/(E*·h'_rms) (seed 000 Eq. 8) of this run's surfaces, checked against the core's
/// plausibility gate ([`MU0_RANGE`](tribo_core::table::law_gate::MU0_RANGE)) **before** the BEM–DEM sweep (issue 32): validation
/// cannot bound μ0 from the config alone, because κ and h'_rms are properties of the surfaces
/// (a config with τ0 = 1 kPa and E* = 350 MPa passes every key's rule and gives μ0 = 1.7·10⁻⁵
/// on the quick surfaces). The κ sweep is five elastic BEM solves on the run's composite map,
/// the same surfaces and the same fit as the contact stage of the table ([`contact`]), so the
/// μ0 checked here is the table's. Returns μ0.
///
/// # Errors
///
/// [`PipelineError::Mu0OutsideGate`] naming `material.tau0` and `material.e_star` when μ0 is
/// outside [`MU0_RANGE`](tribo_core::table::law_gate::MU0_RANGE) or not finite; [`PipelineError::NoKappa`] when no κ can be fitted;
/// [`PipelineError::Meso`], [`PipelineError::Surface`] or [`PipelineError::Bem`] when the
/// surfaces cannot be made or the κ sweep fails.
pub fn check_mu0_before_sweep(cfg: &CalibrationConfig, seed: u64) -> Result<f64> {
    let map = run_composite(cfg, seed)?;
    let (kpoints, _) = kappa_sweep(cfg, &map)?;
    let k = analyze(&map, cfg.material.e_star, &kpoints, KAPPA_MAX_P_OVER_E);
    let kappa = k.kappa.ok_or(PipelineError::NoKappa)?;
    // The table stores the law in f32 and the gate evaluates it there: check the same number.
    let law = LawParams {
        tau0: cfg.material.tau0 as f32,
        kappa: kappa as f32,
        e_star: cfg.material.e_star as f32,
        slope_rms: k.slope_spectral as f32,
    };
    let mu0 = law.mu0();
    check_mu0(mu0).map_err(|_| PipelineError::Mu0OutsideGate {
        mu0: f64::from(mu0),
        tau0: cfg.material.tau0,
        e_star: cfg.material.e_star,
        kappa,
        slope_rms: k.slope_spectral,
    })?;
    Ok(f64::from(mu0))
}

/// Stage 3: CV curves vs l/a and thresholds (seed 004) → the table's COF section.
///
/// # Errors
///
/// [`PipelineError::Io`] when `out` cannot be created; [`PipelineError::Stage`] wrapping an error
/// of the curves ([`super::random_field::curves`]).
pub fn random_field(cfg: &CalibrationConfig, seed: u64, out: &Path) -> Result<Option<CofSection>> {
    let r = &cfg.random_field;
    let study = RandomFieldStudy {
        seed,
        samples: r.samples,
        sigma_over_mu: r.sigma_over_mu,
        tolerance: r.tolerance,
        plateau_tolerance: r.plateau_tolerance,
        points: tribo_core::cof_field::CV_POINTS,
        exponent: 2,
        sampler: SamplerKind::Auto,
        max_nodes: r.max_nodes,
        crank_realisations: 2,
    };
    std::fs::create_dir_all(out).map_err(io_at("creating", out))?;
    super::random_field::curves(&study, out).map_err(|e| PipelineError::Stage {
        stage: "COF random-field curves",
        source: Box::new(e),
    })
}

/// Stage 4: the seed-003 load sweep → the table's pre-sliding section.
///
/// # Errors
///
/// Those of [`super::asperity::run_and_report`].
pub fn asperity(cfg: &CalibrationConfig, seed: u64, out: &Path) -> Result<PreslidingSection> {
    let a = &cfg.asperity;
    let params = ModelParams {
        steps_per_period: a.steps_per_period,
        ..ModelParams::seed003(1.0)
    };
    let sweep = LoadSweep {
        loads: a
            .added_masses
            .iter()
            .map(|m1| (SEED003_SLIDER_MASS + m1) * GRAVITY)
            .collect(),
        params,
        population: PopulationSource::Generated(Generator::default()),
        seed,
        duration: None,
        samples: 2000,
    };
    Ok(super::asperity::run_and_report(&sweep, out)?.section)
}
