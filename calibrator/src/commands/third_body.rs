//! `tribo third-body`: the third-body layer of seed 002 — NSCD shear cell with heat and
//! cohesion. `validate` runs a small sheared cell and checks the energy balance of Eq. 8–11 per
//! step; `shear` runs one cell (dry, constant γ, or the Eq. 17 heating transition) and writes
//! its history and profiles; `sweep` runs μ_3b against cohesion, temperature or normal force
//! (at a fixed inertial number) over seeds, with 95 % bootstrap CIs. Units: see
//! [`crate::third_body::study`].

use std::path::PathBuf;

use crate::nscd::SweepOrder;
use crate::pipeline::third_body::{
    ThermalConstants, ThirdBodyAction, ThirdBodyConfig, ThirdBodySweep, run_third_body,
};
use crate::third_body::study;

/// What to do (`tribo third-body <ACTION>`): the CLI names of [`ThirdBodyAction`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ActionArg {
    /// Energy balance per step in a small sheared cell, solver statistics.
    Validate,
    /// One shear run.
    Shear,
    /// A sweep over seeds.
    Sweep,
}

impl From<ActionArg> for ThirdBodyAction {
    fn from(a: ActionArg) -> Self {
        match a {
            ActionArg::Validate => Self::Validate,
            ActionArg::Shear => Self::Shear,
            ActionArg::Sweep => Self::Sweep,
        }
    }
}

/// Which sweep (`tribo third-body sweep --kind`): the CLI names of [`ThirdBodySweep`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SweepArg {
    /// μ_3b and band width vs constant cohesion γ.
    Cohesion,
    /// μ_3b(T) with Eq. 17's η(T).
    Temperature,
    /// μ_3b vs normal force at a fixed inertial number (dry).
    Force,
    /// μ_3b(I), dry: F/k² at fixed V for k = 0.25, 0.5, 1, 2 (I × k).
    Inertial,
    /// Band position with heat: Eq. 17 heating runs against constant-γ cells matched to each
    /// run's mean cohesion, paired by seed.
    Localisation,
    /// Seed 000's lubricated flake layer (issue 30): inter-particle μ_s = 0.10 (boundary
    /// lubrication), no cohesion; μ_s = 0.05, 0.15 and weak cohesion as sensitivity cases.
    /// μ_3b of the first case is the simulated μ_p (with `--into-table`: the table's particle-shear
    /// section). Run it at the quasi-static end: `--normal-force 16`.
    Lubricated,
}

impl From<SweepArg> for ThirdBodySweep {
    fn from(s: SweepArg) -> Self {
        match s {
            SweepArg::Cohesion => Self::Cohesion,
            SweepArg::Temperature => Self::Temperature,
            SweepArg::Force => Self::Force,
            SweepArg::Inertial => Self::Inertial,
            SweepArg::Localisation => Self::Localisation,
            SweepArg::Lubricated => Self::Lubricated,
        }
    }
}

/// NSGS sweep order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Order {
    /// Detection order every sweep.
    Forward,
    /// Sorted by contact height, up then down alternately.
    Layered,
}

/// Thermal constants of the heated runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Constants {
    /// Scaled so the thermal transition happens within a run (not a material).
    Scaled,
    /// Single-crystal sapphire (k = 12.56 W/(m·K), c = 1000 J/(kg·K)).
    Sapphire,
}

/// Arguments of `tribo third-body`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Worker threads.
    #[command(flatten)]
    pub threads: super::run_options::Threads,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// validate | shear | sweep.
    #[arg(value_enum)]
    pub action: ActionArg,
    /// Output folder.
    #[arg(long, default_value = "out/third-body")]
    pub out: PathBuf,
    /// Master seed (seeds of a sweep are seed, seed+1, …).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seeds per sweep case.
    #[arg(long, default_value_t = 3)]
    pub seeds: u64,
    /// `sweep`: which sweep (it was `--sweep KIND`, still accepted with a warning: `--sweep` is
    /// the switch of `tribo meso` that runs the whole BEM–DEM sweep).
    #[arg(long, value_enum, default_value_t = SweepArg::Cohesion, alias = "sweep")]
    pub kind: SweepArg,
    /// Constant cohesion γ of `shear` [N/m] (ignored with --eq17).
    #[arg(long, default_value_t = 0.0, value_parser = crate::validate::units::newtons_per_metre)]
    pub gamma: f64,
    /// `shear`: the §5.3 heating transition with Eq. 17 instead of a constant γ.
    #[arg(long)]
    pub eq17: bool,
    /// `shear`: hold both walls at the initial temperature (reservoirs) instead of integrating
    /// their own heat equation (Eq. 16, the default).
    #[arg(long)]
    pub reservoir_walls: bool,
    /// `shear --eq17`: steps sheared with temperatures held before heating starts.
    #[arg(long, default_value_t = 2000)]
    pub preshear: usize,
    /// `sweep --kind temperature`: also put the third-body section into this table
    /// (read, set `third_body`, validate, written back atomically).
    #[arg(long, value_name = "FILE")]
    pub into_table: Option<PathBuf>,
    /// Put the section into an `--into-table` of another material pair (refused without it: the
    /// seed-002 layer is not the table's pair).
    #[arg(long)]
    pub allow_foreign_material: bool,
    /// Free particles.
    #[arg(long, default_value_t = study::default_cell().particles)]
    pub particles: usize,
    /// Columns of the cell's period (units of 2·r_max); default √particles (a square layer).
    #[arg(long)]
    pub columns: Option<usize>,
    /// Normal force F on the top wall, per unit depth [N/m]; the seed's 1 N/m by default. At fixed V, I ∝ 1/√F.
    #[arg(long, default_value_t = study::default_cell().normal_force,
        value_parser = crate::validate::units::newtons_per_metre)]
    pub normal_force: f64,
    /// NSGS relaxation ω [-] (1: plain Gauss–Seidel, the solver before over-relaxation).
    #[arg(long, default_value_t = study::default_cell().solver.relaxation)]
    pub relaxation: f64,
    /// NSGS sweep order: `layered` sorts the contacts by height and sweeps up then down
    /// (symmetric Gauss–Seidel along the load path), `forward` keeps detection order.
    #[arg(long, value_enum, default_value = "forward")]
    pub sweep_order: Order,
    /// NSGS sweep cap per step (steps that reach it are counted as not converged).
    #[arg(long, default_value_t = study::default_cell().solver.max_iterations)]
    pub max_sweeps: usize,
    /// NSGS sweep cap during the preparation (compaction and held pre-shear), which is not
    /// measured; default: --max-sweeps.
    #[arg(long)]
    pub preparation_sweeps: Option<usize>,
    /// `sweep --kind cohesion`: the γ values [N/m], comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "0.0,0.025,0.05,0.125", value_parser = crate::validate::units::newtons_per_metre)]
    pub gammas: Vec<f64>,
    /// Shear steps (compaction is a quarter of it).
    #[arg(long, default_value_t = study::default_run().shear_steps)]
    pub steps: usize,
    /// Bottom-wall velocity V [m/s] (SI or with a unit: `5m/s`); the seed's 5 m/s by default.
    #[arg(long, default_value_t = study::default_cell().wall_velocity,
        value_parser = crate::validate::units::metres_per_second)]
    pub wall_velocity: f64,
    /// Time step h [s] (SI or with a unit: `8ns`). (F, V, h) and (k²F, kV, h/k) are the same
    /// motion.
    #[arg(long, default_value_t = study::default_cell().h,
        value_parser = crate::validate::units::seconds)]
    pub time_step: f64,
    /// Initial temperature of the heated runs [K] (shear, sweep --kind localisation).
    #[arg(long, default_value_t = study::default_thermal().temperature,
        value_parser = crate::validate::units::kelvin)]
    pub temperature: f64,
    /// Thermal constants of the heated runs.
    #[arg(long, value_enum, default_value = "scaled")]
    pub thermal: Constants,
    /// `sweep`: rerun the same cases and seeds with this NSGS relaxation ω [-] and report the
    /// paired difference per case (e.g. 1: the plain NSGS).
    #[arg(long)]
    pub baseline_relaxation: Option<f64>,
}

/// Runs `tribo third-body`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let config = ThirdBodyConfig {
        action: args.action.into(),
        out: args.out,
        seed: args.seed,
        seeds: args.seeds,
        sweep: args.kind.into(),
        gamma: args.gamma,
        eq17: args.eq17,
        reservoir_walls: args.reservoir_walls,
        preshear: args.preshear,
        table: args.into_table,
        allow_foreign_material: args.allow_foreign_material,
        particles: args.particles,
        columns: args.columns,
        normal_force: args.normal_force,
        relaxation: args.relaxation,
        sweep_order: match args.sweep_order {
            Order::Forward => SweepOrder::Forward,
            Order::Layered => SweepOrder::Layered,
        },
        max_sweeps: args.max_sweeps,
        preparation_sweeps: args.preparation_sweeps,
        gammas: args.gammas,
        steps: args.steps,
        wall_velocity: args.wall_velocity,
        time_step: args.time_step,
        temperature: args.temperature,
        thermal: match args.thermal {
            Constants::Scaled => ThermalConstants::Scaled,
            Constants::Sapphire => ThermalConstants::Sapphire,
        },
        baseline_relaxation: args.baseline_relaxation,
    };
    Ok(run_third_body(&config, &mut std::io::stdout())?)
}
