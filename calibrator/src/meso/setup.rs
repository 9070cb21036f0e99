//! What one mesoscale case is built from, read off the [`CalibrationConfig`]: the two rough
//! surfaces, the flake shape and count, the DEM parameters, the BEM material, and the random
//! streams that make a case reproducible.
//!
//! # Random streams (all under the user's `--seed` s, via [`stream_rng`])
//!
//! | what                         | stream                                             | depends on   |
//! |------------------------------|----------------------------------------------------|--------------|
//! | deformable surface h_Def     | [`DEFORMABLE_STREAM`] + r·[`REALISATION_STRIDE`]    | s, r         |
//! | tool surface h_Tool          | [`TOOL_STREAM`] + r·[`REALISATION_STRIDE`]          | s, r         |
//! | flake placement              | [`PLACEMENT_STREAM_BASE`] + seed_index             | s, seed_index|
//!
//! with r = seed_index mod `sweep.surfaces` the surface realisation ([`surface_realisation`]).
//! Cases with the same seed index slide on the same pair of surfaces at every p, β and v0
//! (seed 000 §6.4: α(v) is compared "with the same rough surfaces"), and the seeds cycle
//! through `sweep.surfaces` independent pairs so the ensemble also averages over surface
//! realisations (seed 000 §6.1). Realisation 0 is the pair of the particle-free contact stage
//! (κ, clusters). Measured on the quick preset (64², seed indices on one pair, `--seed` 0, 1,
//! 2): α = 0.21/0.21, 0.19/0.13, 0.76/0.48 at v0 = 10/50 m/s — the surface realisation moves α
//! by more than the placements do, so a calibration on one pair is one draw, not the pair's α.
//! The initial placement depends only on (s, seed_index): cases that differ only in p, β or v0
//! start from placements drawn by the same generator (the first N_p flakes of a denser case
//! are those of a sparser one, as long as none is rejected for overlap). The placement stream
//! yields one `u64` that seeds [`place_random`] (which draws from its own
//! `dem::placement::PLACEMENT_STREAM` under that seed).
//!
//! [`place_random`]: crate::dem::place_random

use super::MesoError;
use rand::Rng;

use crate::bem::{Material, SolverOptions};
use crate::config::CalibrationConfig;
use crate::dem::params::ImplicitSettings;
use crate::dem::{DemParams, FlakeShape};
use crate::meso::cases::MesoCase;
use crate::rng::stream_rng;
use crate::surface::source::Domain;
use crate::surface::{HeightMap, MeasuredSurface, Rescale, SelfAffine, SourceError, SurfaceSource};

/// Stream of the deformable (aluminium) surface.
pub const DEFORMABLE_STREAM: u64 = 0x3e50_0001;
/// Stream of the rigid tool surface.
pub const TOOL_STREAM: u64 = 0x3e50_0002;
/// Placement of seed index i uses stream `PLACEMENT_STREAM_BASE + i`.
pub const PLACEMENT_STREAM_BASE: u64 = 0x3e50_1000;
/// Offset between the surface streams of successive realisations (far above any placement
/// index, so the streams never meet).
pub const REALISATION_STRIDE: u64 = 0x0100_0000;

/// The surface realisation r = seed_index mod `sweep.surfaces` a case slides on.
pub fn surface_realisation(cfg: &CalibrationConfig, seed_index: usize) -> u64 {
    (seed_index % cfg.sweep.surfaces.max(1)) as u64
}

/// The deformable surface h_Def and the tool h_Tool of a run (seed 000 §6.1: self-affine,
/// Hurst H, cutoffs k_l, k_r, k_s; RMS heights 1.40 µm and 0.60 µm in the presets; or the
/// measured maps of `surface.deformable_file` / `surface.tool_file`, see
/// [`crate::surface::measured`]), on the config's `grid × grid` mesh of side `length`:
/// realisation 0 under `seed` (the pair of the contact stage). See [`realised_surfaces`] for
/// the others.
///
/// # Errors
///
/// As [`realised_surfaces`] for realisation 0.
pub fn case_surfaces(
    cfg: &CalibrationConfig,
    seed: u64,
) -> Result<(HeightMap, HeightMap), MesoError> {
    realised_surfaces(cfg, seed, 0)
}

/// The surface pair of realisation `r` under `seed` (streams offset by r·[`REALISATION_STRIDE`]).
///
/// # Errors
///
/// [`MesoError::MeasuredSurface`] when a measured map (`surface.deformable_file`,
/// `surface.tool_file`) cannot be read or put on the config's domain; [`MesoError::Surface`]
/// (naming the surface) when the generator refuses the config's `surface.*`.
pub fn realised_surfaces(
    cfg: &CalibrationConfig,
    seed: u64,
    r: u64,
) -> Result<(HeightMap, HeightMap), MesoError> {
    let offset = r.wrapping_mul(REALISATION_STRIDE);
    let s = &cfg.surface;
    let spectrum = SelfAffine {
        hurst: s.hurst,
        k_l: s.k_l,
        k_r: s.k_r,
        k_s: s.k_s,
    };
    // A measured map is conditioned onto the config's domain and is the same in every
    // realisation; the generator's stream is not drawn from for it (`SurfaceSource`).
    let source = |which: &'static str,
                  key: &'static str,
                  file: &Option<MeasuredSurface>,
                  rms: f64,
                  stream: u64| match file {
        Some(file) => SurfaceSource::Measured {
            file: file.clone(),
            key,
            onto: Some(Domain {
                grid: s.grid,
                length: s.length,
            }),
        },
        None => SurfaceSource::Generated {
            which,
            spectrum,
            grid: s.grid,
            length: s.length,
            rescale: Rescale::RmsHeight(rms),
            order: s.mode_order,
            seed,
            stream: stream.wrapping_add(offset),
        },
    };
    let realise = |source: SurfaceSource| {
        source.realise().map(|l| l.map).map_err(|e| match e {
            SourceError::Measured(e) => MesoError::MeasuredSurface(e),
            SourceError::Generated { which, source } => MesoError::Surface { which, source },
        })
    };
    let def = realise(source(
        "deformable",
        "surface.deformable_file",
        &s.deformable_file,
        s.rms_height_deformable,
        DEFORMABLE_STREAM,
    ))?;
    let tool = realise(source(
        "tool",
        "surface.tool_file",
        &s.tool_file,
        s.rms_height_tool,
        TOOL_STREAM,
    ))?;
    Ok((def, tool))
}

/// The seed handed to [`crate::dem::place_random`] for placement `seed_index`.
pub fn placement_seed(seed: u64, seed_index: usize) -> u64 {
    stream_rng(seed, PLACEMENT_STREAM_BASE.wrapping_add(seed_index as u64)).random()
}

/// The flakes of the config (`flakes.diameter`, `flakes.thickness`, `flakes.density`).
pub fn flake_shape(cfg: &CalibrationConfig) -> FlakeShape {
    let f = &cfg.flakes;
    FlakeShape::new(f.diameter, f.thickness, f.density)
}

/// N_p = round(β·A_0/a_p) (seed 000 Eq. 10 solved for N_p, whole flakes).
pub fn flake_count(beta: f64, shape: &FlakeShape, map: &HeightMap) -> usize {
    (beta * map.lx() * map.ly() / shape.projected_area()).round() as usize
}

/// DEM parameters of a case: run at `case.simulated_velocity` with the config's damping
/// `flakes.damping` (per unit mass \[1/s\], so η = damping·m, Eq. 15–16) scaled by
/// simulated/physical velocity — the v0/γ similarity of [`crate::dem::drag`]; stiffness and
/// time step from the Hertz estimate at the simulated speed on E* ([`DemParams::from_physics`]),
/// or under `dem.stiffness_scale`/`dem.stiffness_velocity` ([`DemParams::from_physics_with`]);
/// the rotational drag `flakes.rotational_damping`;
/// the drag frame `flakes.drag_frame`; the integrator `dem.integrator` resolved at the grid's
/// pixel ([`DemParams::with_integrator`]); the flakes' inertia scaled by `dem.explicit_inertia`
/// ([`DemParams::with_inertia_scale`], after the choice).
pub fn dem_params(
    cfg: &CalibrationConfig,
    shape: FlakeShape,
    case: &MesoCase,
    map: &HeightMap,
) -> DemParams {
    let v_sim = case.simulated_velocity;
    let gamma = cfg.flakes.damping * (v_sim / case.velocity);
    let eta = gamma * shape.mass();
    let d = &cfg.dem;
    let (e_star, frame) = (cfg.material.e_star, cfg.flakes.drag_frame);
    let p = DemParams::from_physics_with(
        shape,
        eta,
        v_sim,
        e_star,
        (map.dx(), map.dy()),
        frame,
        d.stiffness_rule(),
        cfg.flakes.rotational_damping,
    );
    DemParams {
        dt: p.dt * d.explicit_step,
        ..p
    }
    .with_integrator(
        d.integrator,
        ImplicitSettings {
            tolerance: d.tolerance,
            inertial_tolerance: d.inertial_tolerance,
            advance: d.max_advance,
            inertial_advance: d.inertial_advance,
            event_depth: d.event_depth,
            scheme: d.inertial_scheme,
        },
        map.dx(),
    )
    .with_inertia_scale(d.explicit_inertia, map.dx(), map.dy())
}

/// The BEM material: E* and p_crit of `material.*` (seed 000 §5 Step 3: 55 GPa, 340 MPa).
pub fn bem_material(cfg: &CalibrationConfig) -> Material {
    Material {
        e_star: cfg.material.e_star,
        p_crit: Some(cfg.material.p_crit),
    }
}

/// The BEM stopping rule of `bem.*`.
pub fn bem_options(cfg: &CalibrationConfig) -> SolverOptions {
    SolverOptions {
        tolerance: cfg.bem.tolerance,
        max_iterations: cfg.bem.max_iterations,
    }
}

/// Slide steps (one pixel each) for `sweep.slide_lengths` domain lengths, at least one.
pub fn slide_steps(cfg: &CalibrationConfig) -> usize {
    ((cfg.sweep.slide_lengths * cfg.surface.grid as f64).round() as usize).max(1)
}

/// Checks a case's own numbers (a case read from a file or built by hand may lie outside the
/// config's validated sweep).
///
/// # Errors
///
/// [`MesoError::Pressure`] unless 0 < `pressure` < `material.p_crit`; [`MesoError::Beta`] unless 0
/// ≤ `beta` < 1; [`MesoError::Velocity`] unless `velocity` is finite and > 0.
pub fn check_case(
    cfg: &CalibrationConfig,
    pressure: f64,
    beta: f64,
    velocity: f64,
) -> Result<(), MesoError> {
    if !(pressure.is_finite() && pressure > 0.0 && pressure < cfg.material.p_crit) {
        return Err(MesoError::Pressure {
            pressure,
            p_crit: cfg.material.p_crit,
        });
    }
    if !(beta.is_finite() && (0.0..1.0).contains(&beta)) {
        return Err(MesoError::Beta { beta });
    }
    if !(velocity.is_finite() && velocity > 0.0) {
        return Err(MesoError::Velocity { velocity });
    }
    Ok(())
}
