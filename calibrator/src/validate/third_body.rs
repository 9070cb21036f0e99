//! The arguments of `tribo third-body` (issue 44 item 5, moved here from
//! `pipeline/third_body.rs`): each against its rule, the physics of one NSCD step (a step
//! must neither skip contacts nor shear nothing), and the memory and work budgets of the run,
//! before any simulation. The cell's own constants (smallest radius, density) are passed in,
//! so this layer needs nothing of the physics.

use super::error::ConfigError;
use super::rule::Rule;
use super::rules::{SEEDS, SLIDING_SPEED, SURFACE_ENERGY, SWEEP_CAP, TEMPERATURE_K};

/// The numeric arguments of a third-body run and the constants of its cell.
#[derive(Clone, Debug)]
pub struct ThirdBodyFlags<'a> {
    /// `--seeds`.
    pub seeds: u64,
    /// Whether the action is a sweep (runs `--seeds` cells).
    pub sweep: bool,
    /// `--temperature` \[K\].
    pub temperature: f64,
    /// `--gamma` \[N/m\].
    pub gamma: f64,
    /// `--gammas` \[N/m\].
    pub gammas: &'a [f64],
    /// `--max-sweeps`.
    pub max_sweeps: usize,
    /// `--preparation-sweeps`.
    pub preparation_sweeps: Option<usize>,
    /// `--columns`.
    pub columns: Option<usize>,
    /// `--particles`.
    pub particles: usize,
    /// `--steps`.
    pub steps: usize,
    /// `--preshear`.
    pub preshear: usize,
    /// `--relaxation`.
    pub relaxation: f64,
    /// `--baseline-relaxation`.
    pub baseline_relaxation: Option<f64>,
    /// `--wall-velocity` V \[m/s\].
    pub wall_velocity: f64,
    /// `--time-step` h \[s\].
    pub time_step: f64,
    /// `--normal-force` F \[N/m\].
    pub normal_force: f64,
    /// The cell's smallest disk radius r_min \[m\].
    pub r_min: f64,
    /// The disks' density \[kg/m³\] (2D: mass per unit area).
    pub density: f64,
}

/// Bytes per disk of the cell (state, contacts, detection grid, histories), measured as
/// ≈ 120 B from the allocation `--particles 1e10` attempted (1.2 TB).
pub const BYTES_PER_DISK: f64 = 128.0;

/// Largest fraction of the smallest radius a disk may move in one step, by the wall's
/// velocity (V·h) or by the normal force's acceleration (F·h²/m): NSCD detects the contacts of
/// the step from the positions at its start, so a step that moves a disk by more than half its
/// radius misses contacts (disks pass through each other; `--time-step 1e3` blew the cell up
/// and overflowed the detection grid). The seed's cell moves 0.05·r_min (V·h) and 0.006·r_min
/// (F·h²/m).
pub const MAX_STEP_OVER_RADIUS: f64 = 0.5;

/// Smallest fraction of the smallest radius the wall moves in one step (V·h): below it the
/// run shears nothing in its step budget (`--time-step 1e-300s` ran 6000 empty steps). The
/// seed's cell moves 0.05·r_min, 50 times more.
pub const MIN_STEP_OVER_RADIUS: f64 = 1e-3;

fn bad(name: &'static str, value: f64, rule: &'static str) -> ConfigError {
    ConfigError::NotAllowed { name, value, rule }
}

/// The physical limits of one NSCD step (see [`MAX_STEP_OVER_RADIUS`] and
/// [`MIN_STEP_OVER_RADIUS`]), and the wall speed against the shared sliding-speed rule.
fn check_step_physics(f: &ThirdBodyFlags<'_>) -> Result<(), ConfigError> {
    let (h, v, force) = (f.time_step, f.wall_velocity, f.normal_force);
    if !SLIDING_SPEED.admits(v) {
        return Err(bad(
            "--wall-velocity",
            v,
            "a sliding speed must be in [1e-9, 1000] m/s",
        ));
    }
    let r = f.r_min;
    if v * h > MAX_STEP_OVER_RADIUS * r {
        return Err(bad(
            "--time-step",
            h,
            "the wall moves V·h above half the smallest disk radius (0.4 µm) per step: \
             contacts would be missed; lower --time-step or --wall-velocity",
        ));
    }
    if v * h < MIN_STEP_OVER_RADIUS * r {
        return Err(bad(
            "--time-step",
            h,
            "the wall moves V·h below a thousandth of the smallest disk radius (0.8 µm) per \
             step: the default 6000 steps would shear the layer by less than 6 radii and \
             measure no steady friction; raise --time-step or --wall-velocity",
        ));
    }
    let mass = f.density * std::f64::consts::PI * r * r;
    if force * h * h / mass > MAX_STEP_OVER_RADIUS * r {
        return Err(bad(
            "--normal-force",
            force,
            "F·h²/m moves the smallest disk above half its radius per step: contacts would be \
             missed; lower --normal-force or --time-step",
        ));
    }
    Ok(())
}

/// Refuses third-body arguments outside their domain, naming the value and the rule; then
/// the step's physics and the work and memory budgets of the run.
///
/// # Errors
/// [`ConfigError::OutOfRange`] or [`ConfigError::NotAllowed`] naming the flag;
/// [`ConfigError::OverWork`] or [`ConfigError::OverBudget`] for a run over a budget.
pub fn check(f: &ThirdBodyFlags<'_>) -> Result<(), ConfigError> {
    SEEDS.check_count("--seeds", f.seeds)?;
    TEMPERATURE_K.check("--temperature (K)", f.temperature)?;
    SURFACE_ENERGY.check("--gamma (N/m)", f.gamma)?;
    SURFACE_ENERGY.check_each("--gammas (N/m)", f.gammas)?;
    SWEEP_CAP.check_count("--max-sweeps", f.max_sweeps as u64)?;
    if let Some(c) = f.preparation_sweeps {
        SWEEP_CAP.check_count("--preparation-sweeps", c as u64)?;
    }
    if let Some(c) = f.columns {
        // At most one column per disk: a wider period holds empty columns.
        Rule::count(4, f.particles.max(4) as u64)
            .check_count("--columns (at most --particles)", c as u64)?;
    }
    if f.particles < 20 {
        return Err(bad(
            "--particles",
            f.particles as f64,
            "need at least 20 disks",
        ));
    }
    if f.steps < 200 {
        return Err(bad(
            "--steps",
            f.steps as f64,
            "need at least 200 shear steps",
        ));
    }
    for (name, w) in std::iter::once(("--relaxation", f.relaxation))
        .chain(f.baseline_relaxation.map(|w| ("--baseline-relaxation", w)))
    {
        if !(w > 0.0 && w < 2.0) {
            return Err(bad(name, w, "the NSGS relaxation ω must lie in (0, 2)"));
        }
    }
    for (name, v) in [
        ("--wall-velocity", f.wall_velocity),
        ("--time-step", f.time_step),
        ("--normal-force", f.normal_force),
    ] {
        if !(v > 0.0 && v.is_finite()) {
            return Err(bad(name, v, "must be positive and finite"));
        }
    }
    check_step_physics(f)?;
    let runs = if f.sweep { f.seeds } else { 1 };
    let disk_steps = (f.steps as f64 * 1.25 + f.preshear as f64) * f.particles as f64 * runs as f64;
    // The flag named is the driver furthest above its default (6000 steps, 400 disks, 2000
    // held steps).
    let (key, value) = [
        ("--steps", f.steps as f64, 6000.0),
        ("--particles", f.particles as f64, 400.0),
        ("--preshear", f.preshear as f64, 2000.0),
    ]
    .into_iter()
    .max_by(|a, b| (a.1 / a.2).total_cmp(&(b.1 / b.2)))
    .map_or(("--steps", f.steps as f64), |(k, v, _)| (k, v));
    super::work::check(
        key,
        value,
        "disk-steps",
        disk_steps,
        super::work::SECONDS_PER_DISK_STEP,
    )?;
    super::budget::check(
        "--particles",
        f.particles,
        "the third-body cell's disks and contacts",
        f.particles as f64 * BYTES_PER_DISK,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed_cell() -> ThirdBodyFlags<'static> {
        ThirdBodyFlags {
            seeds: 3,
            sweep: false,
            temperature: 700.0,
            gamma: 0.0,
            gammas: &[0.0, 0.025],
            max_sweeps: 2000,
            preparation_sweeps: None,
            columns: None,
            particles: 400,
            steps: 6000,
            preshear: 2000,
            relaxation: 1.4,
            baseline_relaxation: None,
            wall_velocity: 5.0,
            time_step: 8e-9,
            normal_force: 1.0,
            r_min: 0.8e-6,
            density: 2000.0,
        }
    }

    #[test]
    fn the_seed_cell_passes_and_each_step_limit_is_named() {
        check(&seed_cell()).unwrap();
        let too_short = ThirdBodyFlags {
            time_step: 1e-300,
            ..seed_cell()
        };
        let e = check(&too_short).unwrap_err().to_string();
        assert!(e.starts_with("--time-step = 1e-300 is not allowed"), "{e}");
        let too_long = ThirdBodyFlags {
            time_step: 1e3,
            ..seed_cell()
        };
        let e = check(&too_long).unwrap_err().to_string();
        assert!(e.starts_with("--time-step = 1000 is not allowed"), "{e}");
        let e = check(&ThirdBodyFlags {
            relaxation: 2.5,
            ..seed_cell()
        })
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            "--relaxation = 2.5 is not allowed: the NSGS relaxation ω must lie in (0, 2)"
        );
    }
}
