//! Validation of a [`CalibrationConfig`]: every key against its shared rule
//! ([`super::rules`]), the relations between keys, and the memory budget of the sizes it sets
//! (grid², cases = |p|·|β|·|v|·seeds, slide steps), all before anything is allocated.

use super::budget::{self, BEM_BYTES_PER_CELL, BYTES_PER_CASE, BYTES_PER_SLIDE_STEP};
use super::error::ConfigError;
use super::rule::{Bound, Rule};
use super::rules::{
    ADDED_MASS_KG, ARCHARD_K, ATOM_M, BEM_TOLERANCE, COF_SIGMA_OVER_MU, DENSITY, FRACTION,
    GRID_SIDE, HARDNESS, HURST, RANDOM_FIELD_MAX_NODES, RANDOM_FIELD_SAMPLES, RMS_HEIGHT_M,
    SHEAR_STRENGTH, SLIDING_SPEED, STEPS_PER_PERIOD, SURFACE_PAIRS, SURFACE_SIDE_M, TABLE_MODULUS,
};
use crate::config::CalibrationConfig;

/// Checks every value of `cfg`; the error names the offending key, its value and the rule.
///
/// # Errors
///
/// The first rule broken, naming its key: [`ConfigError::OutOfRange`] for a material, surface,
/// sweep, flake, BEM, random-field or process value outside its bracket (E*, τ0 with a μ0 out of
/// reach, H, K, ζ, grid, Hurst, cutoffs, RMS heights, tolerances, counts); [`ConfigError::Element`]
/// or [`ConfigError::Empty`] for a list (pressures, velocities, β levels, masses);
/// [`ConfigError::Order`] for k_l ≤ k_r ≤ k_s or p_crit against E*; [`ConfigError::AboveNyquist`]
/// for k_s > grid/2; [`ConfigError::AboveSaturation`] for a pressure ≥ p_crit;
/// [`ConfigError::DuplicateVelocity`]; [`ConfigError::TooMany`] for more velocities or samples than
/// the table holds; [`ConfigError::FlakeGeometry`] for flakes that do not fit the domain or its
/// pixels; [`ConfigError::OverBudget`] for a run over the memory budget;
/// [`ConfigError::MeasuredSurface`] for a measured map that cannot be read or placed.
pub fn check_config(cfg: &CalibrationConfig) -> Result<(), ConfigError> {
    let pos = Rule::POSITIVE;
    let m = &cfg.material;
    // The table's own bounds (tribo-core), so that no value fails the table after the sweep.
    TABLE_MODULUS.check("material.e_star", m.e_star)?;
    pos.check("material.p_crit", m.p_crit)?;
    if m.p_crit >= m.e_star {
        return Err(ConfigError::Order {
            relation: "material.p_crit < material.e_star (a plastic limit below the modulus)",
            values: format!("{} < {}", m.p_crit, m.e_star),
        });
    }
    SHEAR_STRENGTH.check("material.tau0", m.tau0)?;
    HARDNESS.check("material.hardness", m.hardness)?;
    ARCHARD_K.check("material.archard_k", m.archard_k)?;
    FRACTION.check("material.zeta", m.zeta)?;
    check_mu0_reachable(m.tau0, m.e_star)?;
    let s = &cfg.surface;
    GRID_SIDE.check_count("surface.grid", s.grid as u64)?;
    let cells = (s.grid as f64).powi(2);
    budget::check(
        "surface.grid",
        s.grid,
        "the BEM–DEM surfaces",
        cells * BEM_BYTES_PER_CELL,
    )?;
    SURFACE_SIDE_M.check("surface.length (m)", s.length)?;
    if s.length / (s.grid as f64) < ATOM_M {
        return Err(ConfigError::Order {
            relation: "surface.length / surface.grid ≥ 1e-10 m (a pixel no smaller than an atom)",
            values: format!("{} / {}", s.length, s.grid),
        });
    }
    HURST.check("surface.hurst", s.hurst)?;
    pos.check("surface.k_l", s.k_l)?;
    if !(s.k_l <= s.k_r && s.k_r <= s.k_s) {
        return Err(ConfigError::Order {
            relation: "surface.k_l ≤ surface.k_r ≤ surface.k_s",
            values: format!("{} ≤ {} ≤ {}", s.k_l, s.k_r, s.k_s),
        });
    }
    if s.k_s > s.grid as f64 / 2.0 {
        return Err(ConfigError::AboveNyquist {
            k_s: s.k_s,
            nyquist: s.grid / 2,
        });
    }
    for (key, h) in [
        ("surface.rms_height_deformable (m)", s.rms_height_deformable),
        ("surface.rms_height_tool (m)", s.rms_height_tool),
    ] {
        RMS_HEIGHT_M.check(key, h)?;
        if h > s.length {
            return Err(ConfigError::Order {
                relation: "surface RMS heights ≤ surface.length (heights above the side are \
                           needles, not a surface)",
                values: format!("{key} = {h} > {}", s.length),
            });
        }
    }
    // A measured map is read and conditioned now, so a bad file stops the run before the
    // sweep, with the file and the problem named.
    for (key, file) in [
        ("surface.deformable_file", &s.deformable_file),
        ("surface.tool_file", &s.tool_file),
    ] {
        if let Some(file) = file {
            file.surface(key, s.grid, s.length)?;
        }
    }
    check_flakes(cfg)?;
    // Fractions of the design overlap 0.05·h_p: an error or an advance per step of more than
    // the whole overlap lets a flake pass through the tool (`dem.tolerance = 1e300` ran).
    let of_overlap = Rule::Real {
        lo: Bound::Open(0.0),
        hi: Bound::Closed(1.0),
    };
    of_overlap.check("dem.tolerance", cfg.dem.tolerance)?;
    of_overlap.check("dem.inertial_tolerance", cfg.dem.inertial_tolerance)?;
    of_overlap.check("dem.max_advance", cfg.dem.max_advance)?;
    of_overlap.check("dem.event_depth", cfg.dem.event_depth)?;
    // The inertial step locates contact onsets (`dem/event.rs`), so its advance may exceed
    // one overlap (`rules::INERTIAL_ADVANCE`).
    super::rules::INERTIAL_ADVANCE.check("dem.inertial_advance", cfg.dem.inertial_advance)?;
    // Above 1 the explicit step leaves its stability bound, and the flakes would be heavier
    // than the material's; below a thousandth the step only multiplies the work
    // (`dem.explicit_step = 1e-300` ran for ever) and the inertia-free limit is reached.
    let fraction = Rule::closed(1e-3, 1.0);
    fraction.check("dem.explicit_step", cfg.dem.explicit_step)?;
    fraction.check("dem.explicit_inertia", cfg.dem.explicit_inertia)?;
    // A factor on seed 000's Hertz stiffness (`rules::STIFFNESS_SCALE`).
    super::rules::STIFFNESS_SCALE.check("dem.stiffness_scale", cfg.dem.stiffness_scale)?;
    // 0 = Hertz at each case's v0 (the seed); else one Hertz impact speed for every case, in
    // the range the DEM's stiffness rule is defined on: from its floor MIN_IMPACT_SPEED
    // (0.1 m/s) to 1000 m/s, above seed 000's 100 m/s and below aluminium's Rayleigh wave
    // speed (≈ 2900 m/s), where a Hertz impact estimate stops meaning anything.
    let v = cfg.dem.stiffness_velocity;
    if v != 0.0 {
        Rule::closed(
            crate::dem::params::MIN_IMPACT_SPEED,
            super::rules::STIFFNESS_VELOCITY_MAX,
        )
        .check("dem.stiffness_velocity (m/s; 0: each case's v0)", v)?;
    }
    check_sweep(cfg)?;
    let b = &cfg.bem;
    BEM_TOLERANCE.check("bem.tolerance", b.tolerance)?;
    Rule::count(1, u64::MAX).check_count("bem.max_iterations", b.max_iterations as u64)?;
    let r = &cfg.random_field;
    RANDOM_FIELD_SAMPLES.check_count("random_field.samples", r.samples as u64)?;
    COF_SIGMA_OVER_MU.check("random_field.sigma_over_mu", r.sigma_over_mu)?;
    Rule::OPEN_UNIT.check("random_field.tolerance", r.tolerance)?;
    Rule::OPEN_UNIT.check("random_field.plateau_tolerance", r.plateau_tolerance)?;
    RANDOM_FIELD_MAX_NODES.check_count("random_field.max_nodes", r.max_nodes as u64)?;
    let a = &cfg.asperity;
    ADDED_MASS_KG.check_each("asperity.added_masses (kg)", &a.added_masses)?;
    if a.added_masses.len() > tribo_core::presliding::PRESLIDING_LOADS {
        return Err(ConfigError::TooMany {
            key: "asperity.added_masses".into(),
            len: a.added_masses.len(),
            max: tribo_core::presliding::PRESLIDING_LOADS,
            what: "the table",
        });
    }
    STEPS_PER_PERIOD.check("asperity.steps_per_period", a.steps_per_period)
}

fn check_flakes(cfg: &CalibrationConfig) -> Result<(), ConfigError> {
    let (f, s) = (&cfg.flakes, &cfg.surface);
    super::rules::DEM_LENGTH_M.check("flakes.diameter (m)", f.diameter)?;
    super::rules::DEM_LENGTH_M.check("flakes.thickness (m)", f.thickness)?;
    DENSITY.check("flakes.density (kg/m³)", f.density)?;
    super::rules::DAMPING_PER_S.check("flakes.damping (1/s)", f.damping)?;
    let geometry = |key, value, problem| ConfigError::FlakeGeometry {
        key,
        value,
        problem,
    };
    if f.diameter >= s.length {
        return Err(geometry(
            "diameter",
            f.diameter,
            format!(
                "is not smaller than the domain surface.length = {} m",
                s.length
            ),
        ));
    }
    if f.thickness >= f.diameter {
        return Err(geometry(
            "thickness",
            f.thickness,
            format!(
                "must be smaller than flakes.diameter = {} m (oblate flakes)",
                f.diameter
            ),
        ));
    }
    let pixel = s.length / s.grid as f64;
    if f.diameter < 2.0 * pixel {
        return Err(geometry(
            "diameter",
            f.diameter,
            format!(
                "spans fewer than 2 pixels of {pixel} m: refine surface.grid or enlarge the flakes"
            ),
        ));
    }
    Ok(())
}

fn check_sweep(cfg: &CalibrationConfig) -> Result<(), ConfigError> {
    let (w, pr, m) = (&cfg.sweep, &cfg.process, &cfg.material);
    Rule::POSITIVE.check_each("sweep.pressures", &w.pressures)?;
    if let Some(p) = &pr.pressures {
        Rule::POSITIVE.check_each("process.pressures", p)?;
    }
    // A nominal pressure at or above the hardness of the softer body is a fully plastic
    // contact, outside the elastic–plastic BEM and Eq. 12's Archard source
    // (`material.hardness = 1e6` below the 15 MPa sweep pressure ran).
    for (key, list) in [
        ("sweep.pressures", &w.pressures[..]),
        ("sweep.contact_pressures", &w.contact_pressures[..]),
        ("process.pressures", pr.pressures.as_deref().unwrap_or(&[])),
    ] {
        if let Some(&p) = list.iter().find(|&&p| p >= m.hardness) {
            return Err(ConfigError::Order {
                relation: "every nominal pressure < material.hardness (a pressure at the \
                           hardness is a fully plastic contact)",
                values: format!("{key} has {p} Pa ≥ material.hardness = {} Pa", m.hardness),
            });
        }
    }
    let lists: [(&'static str, &[f64]); 3] = [
        ("sweep.pressures", &w.pressures),
        ("sweep.contact_pressures", &w.contact_pressures),
        ("process.pressures", pr.pressures.as_deref().unwrap_or(&[])),
    ];
    for (key, list) in lists {
        if let Some(&pressure) = list.iter().find(|&&p| p >= m.p_crit) {
            return Err(ConfigError::AboveSaturation {
                key,
                pressure,
                p_crit: m.p_crit,
            });
        }
    }
    Rule::OPEN_UNIT.check_each("sweep.betas", &w.betas)?;
    SLIDING_SPEED.check_each("sweep.velocities", &w.velocities)?;
    if !pr.velocities.is_empty() {
        SLIDING_SPEED.check_each("process.velocities", &pr.velocities)?;
    }
    let all: Vec<f64> = w.velocities.iter().chain(&pr.velocities).copied().collect();
    // 0 (off), or a speed of the sweep's own range: above its fastest velocity every case
    // would be simulated at one extrapolated speed (`similarity_velocity = 1e3` ran).
    let fastest = w.velocities.iter().copied().fold(0.0, f64::max);
    Rule::closed(0.0, fastest).check(
        "process.similarity_velocity (m/s; 0, or at most the fastest of sweep.velocities)",
        pr.similarity_velocity,
    )?;
    check_distinct_velocities(&all, "sweep.velocities and process.velocities")?;
    Rule::POSITIVE.check_each("sweep.contact_pressures", &w.contact_pressures)?;
    let at_least_one = Rule::count(1, u64::MAX);
    at_least_one.check_count("sweep.seeds", w.seeds as u64)?;
    SURFACE_PAIRS.check_count("sweep.surfaces", w.surfaces as u64)?;
    if let Some(n) = pr.seeds {
        at_least_one.check_count("process.seeds", n as u64)?;
    }
    Rule::POSITIVE.check("sweep.slide_lengths", w.slide_lengths)?;
    if all.len() > tribo_core::law::ALPHA_SAMPLES {
        return Err(ConfigError::TooMany {
            key: "sweep.velocities and process.velocities".into(),
            len: all.len(),
            max: tribo_core::law::ALPHA_SAMPLES,
            what: "the table's α samples",
        });
    }
    // Sizes in f64: a product that overflows usize is refused, not wrapped.
    let betas = w.betas.len() as f64;
    let cases = betas
        * (w.pressures.len() as f64 * w.velocities.len() as f64 * w.seeds as f64
            + pr.pressures_or(&w.pressures).len() as f64
                * pr.velocities.len() as f64
                * pr.seeds_or(w.seeds) as f64);
    budget::check(
        "sweep.seeds",
        w.seeds,
        "the BEM–DEM case list",
        cases * BYTES_PER_CASE,
    )?;
    let steps = (w.slide_lengths * cfg.surface.grid as f64).round();
    // One case's BEM work (grid² points per slide step): `meso` and `calibrate` ignored the
    // work budget (issue 46).
    super::work::check(
        "sweep.slide_lengths (× surface.grid³ cell-steps)",
        w.slide_lengths,
        "BEM cell-steps of one case",
        steps * (cfg.surface.grid as f64).powi(2),
        super::work::SECONDS_PER_BEM_CELL_STEP,
    )?;
    budget::check(
        "sweep.slide_lengths",
        w.slide_lengths,
        "the slide history of one case",
        steps * BYTES_PER_SLIDE_STEP,
    )?;
    Ok(())
}

/// μ0 = τ0·κ/(E*·h'_rms) of the table (Eq. 9) must be able to fall within the core's gate
/// ([`tribo_core::table::law_gate::MU0_RANGE`]) for some κ and h'_rms the table accepts
/// (κ and h'_rms are measured on the surfaces, after validation): τ0/E* outside
/// [μ0_min·h'_min/κ_max, μ0_max·h'_max/κ_min] cannot give a plausible law whatever the surfaces.
fn check_mu0_reachable(tau0: f64, e_star: f64) -> Result<(), ConfigError> {
    use tribo_core::table::law_gate::MU0_RANGE;
    use tribo_core::table::plausible::{KAPPA, SLOPE_RMS};
    let lo = f64::from(MU0_RANGE.0) * f64::from(SLOPE_RMS.0) / f64::from(KAPPA.1);
    let hi = f64::from(MU0_RANGE.1) * f64::from(SLOPE_RMS.1) / f64::from(KAPPA.0);
    let ratio = tau0 / e_star;
    if (lo..=hi).contains(&ratio) {
        return Ok(());
    }
    Err(ConfigError::Order {
        relation: "material.tau0 / material.e_star within [1e-9, 1e3] (μ0 = τ0·κ/(E*·h'_rms) \
                   in [1e-4, 10] for some κ in [0.1, 10] and h'_rms in [1e-4, 10])",
        values: format!("{tau0} / {e_star} = {ratio:e}"),
    })
}

/// Each sliding velocity is one α sample: a velocity given twice (across `keys`) is refused
/// at validation, before the sweep.
///
/// # Errors
///
/// [`ConfigError::DuplicateVelocity`] (the value and `keys`) for a velocity that appears twice in
/// `all`.
pub fn check_distinct_velocities(all: &[f64], keys: &'static str) -> Result<(), ConfigError> {
    for (i, v) in all.iter().enumerate() {
        if all.get(..i).is_some_and(|before| before.contains(v)) {
            return Err(ConfigError::DuplicateVelocity { value: *v, keys });
        }
    }
    Ok(())
}
