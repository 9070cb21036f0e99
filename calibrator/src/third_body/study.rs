//! The μ_3b studies (seed 002 §5.2–5.3 in scaled units, below): cases × seeds run in parallel
//! (rayon; each case-seed is deterministic, so results do not depend on the thread count),
//! with seed-ensemble means and bootstrap CIs.
//!
//! **Units.** The seed's loading is used as printed: F = 1 N per unit depth, V = 5 m/s, disks of
//! radius 0.8–1.2 µm (its §5.1 radii; §5.2's 0.12–0.16 µm radii and 10 mm × 20 mm cell are
//! mutually inconsistent), density 4000 kg/m³, θ = ½, h = 8 ns (the wall moves 2 % of a
//! diameter per step). Cohesion γ = η in N/m (§5.3, see [`super::physchem`]), so Eq. 17's
//! 0.125/0.025 J/m² give cohesion numbers γ/(P·d) ≈ 3 and 0.6 at P = F/L_x. The seed gives no
//! thermal constants that fit micrometre particles sheared for microseconds; the thermal
//! constants here (c, k) are **scaled** so that the layer's thermal time (C/G) is a few
//! thousand steps and the steady band temperature crosses Eq. 17's 800 K transition: they are
//! not material values, and temperatures are only meaningful relative to Eq. 17's window.

use rayon::prelude::*;

use crate::nscd::{ContactLawParams, SolverParams};
use crate::thermal::{ConductanceModel, ThermalMaterial, WallSlab};

use super::physchem::SurfaceEnergyLaw;
use super::run::{ShearOutcome, ShearRun, run_shear};
use super::shear_cell::{CellParams, ShearCell};
use super::stats::{MeanCi, bootstrap_mean};
use super::thermo_cell::{ThermalSetup, ThermoCell, WallModel};

/// One condition of a study.
#[derive(Debug, Clone, PartialEq)]
pub struct ShearCase {
    /// Label (CSV and plots).
    pub label: String,
    /// The varied quantity's value (γ, T, F, …) for plots.
    pub x: f64,
    /// Mechanics.
    pub cell: CellParams,
    /// Heat and physico-chemistry (`None`: no thermal coupling).
    pub thermal: Option<ThermalSetup>,
}

/// A case's result over seeds.
#[derive(Debug, Clone, PartialEq)]
pub struct ShearCaseResult {
    /// The case.
    pub case: ShearCase,
    /// The seeds, in order.
    pub seeds: Vec<u64>,
    /// One outcome per seed, in seed order.
    pub outcomes: Vec<ShearOutcome>,
    /// μ over seeds.
    pub mu: MeanCi,
    /// Band width (diameters) over seeds.
    pub band: MeanCi,
}

impl ShearCaseResult {
    /// μ and the band width with their 95 % intervals over the seeds, in the order the log line
    /// and the CSV columns use: `[μ, μ_lo, μ_hi, band, band_lo, band_hi]`.
    pub fn intervals(&self) -> [f64; 6] {
        [
            self.mu.mean,
            self.mu.lo,
            self.mu.hi,
            self.band.mean,
            self.band.lo,
            self.band.hi,
        ]
    }

    /// The mean of `metric` over the seeds' outcomes (NaN without outcomes).
    pub fn mean_of(&self, metric: fn(&ShearOutcome) -> f64) -> f64 {
        self.outcomes.iter().map(metric).sum::<f64>() / self.outcomes.len() as f64
    }
}

/// The default cell: 400 disks, 20 columns, the seed's F and V (module doc).
pub fn default_cell() -> CellParams {
    CellParams {
        particles: 400,
        r_min: 0.8e-6,
        r_max: 1.2e-6,
        density: 4000.0,
        columns: 20,
        wall_velocity: 5.0,
        normal_force: 1.0,
        law: ContactLawParams::dry(0.4, 0.0),
        h: 8e-9,
        theta: 0.5,
        // Over-relaxed NSGS (ω = 1.4): measured by `examples/nscd_convergence.rs` against
        // plain NSGS on the same states (docs/third_body.md, "Solver"). Cap 2000 sweeps: at
        // the slow, dense I ≈ 0.03 of the heating cells, 300 stopped 83 % of the steps at
        // ε ≈ 4·tol with the step's μ 0.13 off a tight solve; 2000 stops 3 %
        // (`examples/nscd_heating_convergence.rs`).
        solver: SolverParams {
            tolerance: 1e-4,
            max_iterations: 2000,
            relaxation: 1.4,
            ..SolverParams::default()
        },
    }
}

/// The particles' (scaled) thermal material (module doc).
pub fn default_material() -> ThermalMaterial {
    ThermalMaterial {
        conductivity: 3e-2,
        young: 200e9,
        poisson: 0.3,
        specific_heat: 2e-3,
    }
}

/// The default (scaled) thermal setup: start at 700 K, Eq. 17's η(T), Eq. 16 walls.
pub fn default_thermal() -> ThermalSetup {
    ThermalSetup {
        material: default_material(),
        model: ConductanceModel::Strip2D,
        temperature: 700.0,
        surface_energy: Some(SurfaceEnergyLaw::SEED_EQ17),
        walls: WallModel::HeatEquation(default_wall_slab()),
    }
}

/// The walls' slab (Eq. 16): the particles' (scaled) material, layers from one wall-disk
/// diameter growing ×1.5 to 4 mm, ≈ 100 sample thicknesses and 8 diffusion lengths √(αt) of a
/// 64 µs run (α = k/(ρc) = 3.75e-3 m²/s), so the adiabatic back face never acts.
pub fn default_wall_slab() -> WallSlab {
    let cell = default_cell();
    let material = default_material();
    WallSlab {
        conductivity: material.conductivity,
        density: cell.density,
        specific_heat: material.specific_heat,
        columns: 0,
        first_layer: 0.0,
        growth: 1.5,
        thickness: 4e-3,
    }
}

/// The default run lengths.
pub fn default_run() -> ShearRun {
    ShearRun {
        compaction_steps: 1500,
        preshear_steps: 0,
        shear_steps: 6000,
        window: 50,
        bins: 12,
        preparation_sweeps: None,
    }
}

/// A cohesive law with constant γ (N/m) and d_w = 5 % of the mean diameter.
pub fn cohesive_law(cell: &CellParams, gamma: f64) -> ContactLawParams {
    ContactLawParams {
        cohesion: gamma,
        range: if gamma > 0.0 {
            0.05 * cell.mean_diameter()
        } else {
            0.0
        },
        ..cell.law
    }
}

/// Runs one case for one seed.
pub fn run_case(case: &ShearCase, run: &ShearRun, seed: u64) -> ShearOutcome {
    let cell = ShearCell::build(case.cell, seed);
    // Mechanics only: infinite capacities hold every temperature fixed.
    let mut fixed = default_thermal();
    fixed.surface_energy = None;
    fixed.material.specific_heat = f64::INFINITY;
    let mut tc = ThermoCell::new(cell, case.thermal.unwrap_or(fixed));
    run_shear(&mut tc, run, None)
}

/// Runs every (case, seed) job in parallel, outcomes in job order; `tick` is called once per
/// finished job.
pub fn run_jobs(
    jobs: &[(&ShearCase, u64)],
    run: &ShearRun,
    tick: &(dyn Fn() + Sync),
) -> Vec<ShearOutcome> {
    jobs.par_iter()
        .map(|&(case, seed)| {
            let o = run_case(case, run, seed);
            tick();
            o
        })
        .collect()
}

/// A case's seed ensemble: μ and band width with their bootstrap CIs (`ci_seed` offsets the
/// bootstrap streams).
pub fn case_result(
    case: ShearCase,
    seeds: &[u64],
    outcomes: Vec<ShearOutcome>,
    ci_seed: u64,
) -> ShearCaseResult {
    let mus: Vec<f64> = outcomes.iter().map(|o| o.mu).collect();
    let bands: Vec<f64> = outcomes.iter().map(|o| o.band_width).collect();
    ShearCaseResult {
        case,
        mu: bootstrap_mean(&mus, 1000 + ci_seed),
        band: bootstrap_mean(&bands, 2000 + ci_seed),
        seeds: seeds.to_vec(),
        outcomes,
    }
}

/// Runs `cases` × `seeds` in parallel; `tick` is called once per finished case-seed.
pub fn run_shear_cases(
    cases: &[ShearCase],
    run: &ShearRun,
    seeds: &[u64],
    tick: &(dyn Fn() + Sync),
) -> Vec<ShearCaseResult> {
    let jobs: Vec<(&ShearCase, u64)> = cases
        .iter()
        .flat_map(|c| seeds.iter().map(move |&s| (c, s)))
        .collect();
    let mut it = run_jobs(&jobs, run, tick).into_iter();
    cases
        .iter()
        .enumerate()
        .map(|(ci, case)| {
            let outs: Vec<ShearOutcome> = it.by_ref().take(seeds.len()).collect();
            case_result(case.clone(), seeds, outs, ci as u64)
        })
        .collect()
}

/// Cohesion sweep (Fig. 8): constant γ per case, no thermal coupling.
pub fn cohesion_cases(base: &CellParams, gammas: &[f64]) -> Vec<ShearCase> {
    gammas
        .iter()
        .map(|&g| ShearCase {
            label: format!("gamma={g}"),
            x: g,
            cell: CellParams {
                law: cohesive_law(base, g),
                ..*base
            },
            thermal: None,
        })
        .collect()
}

/// μ_3b(T): the layer held at temperature T (walls and particles), η(T) from Eq. 17 through
/// Eq. 14; heating is off (c → ∞) so T is the condition, not a result. The walls are
/// reservoirs at T: Eq. 16 slabs (the heating runs' default) would take the contacts' heat and
/// warm, moving the walls' cohesion off η(T) in the 795–805 K cases.
pub fn temperature_cases(base: &CellParams, temperatures: &[f64]) -> Vec<ShearCase> {
    temperatures
        .iter()
        .map(|&t| {
            let mut thermal = default_thermal();
            thermal.temperature = t;
            thermal.material.specific_heat = f64::INFINITY;
            thermal.walls = WallModel::Reservoir;
            ShearCase {
                label: format!("T={t}"),
                x: t,
                cell: CellParams {
                    law: cohesive_law(base, SurfaceEnergyLaw::SEED_EQ17.eta(t)),
                    ..*base
                },
                thermal: Some(thermal),
            }
        })
        .collect()
}

/// Normal-force pairs at a fixed inertial number: F × k² with V × k (γ̇ ∝ √P), dry law.
pub fn normal_force_cases(base: &CellParams, factors: &[f64]) -> Vec<ShearCase> {
    factors
        .iter()
        .map(|&k| ShearCase {
            label: format!("F={}", base.normal_force * k * k),
            x: base.normal_force * k * k,
            cell: CellParams {
                normal_force: base.normal_force * k * k,
                wall_velocity: base.wall_velocity * k,
                ..*base
            },
            thermal: None,
        })
        .collect()
}

/// Inertial-number scan (dry law): F / k² at fixed V, so I = γ̇d/√(P/ρ) scales by k and the
/// wall's travel per step (h·V) is the same in every case.
pub fn inertial_cases(base: &CellParams, factors: &[f64]) -> Vec<ShearCase> {
    factors
        .iter()
        .map(|&k| ShearCase {
            label: format!("I×{k}"),
            x: k,
            cell: CellParams {
                normal_force: base.normal_force / (k * k),
                ..*base
            },
            thermal: None,
        })
        .collect()
}

/// The coupled transition run (§5.3): heating from `thermal.temperature` with Eq. 17 (the
/// law's starting cohesion is η at that temperature).
pub fn transition_case(base: &CellParams, thermal: ThermalSetup) -> ShearCase {
    let eta = thermal
        .surface_energy
        .unwrap_or(SurfaceEnergyLaw::SEED_EQ17)
        .eta(thermal.temperature);
    ShearCase {
        label: "eq17-heating".into(),
        x: thermal.temperature,
        cell: CellParams {
            law: cohesive_law(base, eta),
            ..*base
        },
        thermal: Some(thermal),
    }
}
