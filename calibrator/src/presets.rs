//! Presets of `tribo calibrate`: `quick` (minutes on a laptop, coarse and honest about it),
//! `standard` (an hour-class run on a workstation) and `paper` (seed 000's 500 µm domain and
//! sweeps; meant for many cores or a cluster).

use serde::{Deserialize, Serialize};

use crate::config::{
    AsperityConfig, BemConfig, CalibrationConfig, DemConfig, FlakeConfig, MaterialConfig,
    ProcessConfig, RandomFieldConfig, SurfaceConfig, SweepConfig, SystematicConfig,
    SystematicTermConfig,
};

/// α's systematic budget of every preset (issue 42): (name, ratio_lo, ratio_hi, source), the
/// ratio of α at the ends of each model choice's admissible range to α at the preset's choice,
/// combined in ln α by quadrature ([`crate::fit::systematic`]).
///
/// Measured by `tribo study sensitivity` (issue 42, docs/studies/sensitivity/README.md): quick
/// model at 0.08 m/s, 30 MPa, 12 surface pairs per level, paired cluster bootstrap; each bound is
/// the plain paired ratio at the end of the choice's admissible range (their 95 % CIs are in
/// the README). `plan.toml` (binary 448b878): γ, stiffness, thickness, domain, rotational
/// damping, flake diameter; `plan_grid.toml` (binary f0c3527): the grid on one surface per pair
/// (`surface.mode_order = "nested"`). α falls ×0.70 from the 1.5625 µm pixel (64² on 100 µm) to
/// 0.39 µm (256²) and stays there at 0.20 µm (512²: ×1.036 of 256², point estimate), so the
/// presets run the 0.39 µm pixel ([`CONVERGED_PIXEL`]) and the grid term is that last step,
/// ×[1, 1.036] ([`grid_term`]); a configuration at a coarser pixel carries the measured fall
/// ×[0.698, 1] instead. The flake-size term is a population α
/// (`docs/studies/sensitivity/population_alpha.py`): α(d) measured at 6, 12, 25 and 50 µm,
/// seed 000 Eq. 26 (α ∝ d²) above 50 µm, weighted by a log-normal volume distribution with
/// median 8–30 µm and geometric spread 1.5–2.5 (seed 000 Fig. 4 spans 6–100 µm; the seed gives
/// it only as a figure). A user who measures the flake sizes replaces it in
/// `[[systematic.terms]]`. The terms other than the grid were measured at the 1.5625 µm pixel
/// and are carried to the converged one as ratios (an assumption, stated in the README).
pub const SYSTEMATIC_BUDGET: [(&str, f64, f64, &str); 7] = [
    (
        "flake size D50 8–30 µm (Fig. 4)",
        0.59,
        17.82,
        "population α over log-normal q_V (D50 8–30 µm, σ_g 1.5–2.5) from α(6, 12, 25, 50 µm) = ×0.035, 1, ×5.48, ×27.7 (12 pairs each)",
    ),
    (
        "drag γ 5e6–3e9 1/s",
        0.505,
        1.571,
        "paired ratio, 12 pairs: 5e6 0.505 [0.401, 0.618], 3e9 1.571 [1.301, 1.932]",
    ),
    (
        "penalty stiffness ×0.25–×4",
        0.702,
        1.591,
        "paired ratio, 12 pairs: ×4 0.702 [0.612, 0.818], ×0.25 1.591 [1.324, 1.981]",
    ),
    (
        "grid 0.39 to 0.20 µm pixel",
        1.0,
        1.036,
        "paired ratio on nested surfaces, 12 pairs: 512² over 256² 1.036 [0.812, 1.291] (point values 9.50 and 9.17)",
    ),
    (
        "flake thickness 0.25–1 µm",
        0.736,
        1.388,
        "paired ratio, 12 pairs: 0.25 µm 0.736 [0.574, 0.954], 1 µm 1.388 [1.145, 1.649]",
    ),
    (
        "domain 100 to 400 µm",
        1.0,
        1.153,
        "paired ratio, 12 pairs: 200 µm 1.125 [0.875, 1.413], 400 µm 1.153 [0.958, 1.452]",
    ),
    (
        "rotational damping (Eq. 16)",
        1.0,
        1.096,
        "paired ratio, 12 pairs: eq16 1.096 [0.995, 1.247]",
    ),
];

/// The pixel at which α(0.08 m/s) has converged on seed 000's surfaces \[m\]: 100 µm / 256²
/// (issue 42, `docs/studies/sensitivity/README.md` "Grid convergence"). The presets run it.
pub const CONVERGED_PIXEL: f64 = 100e-6 / 256.0;

/// The grid of the model every study and bench of issues 31–43 ran on the quick preset's
/// 100 µm domain (1.5625 µm pixel), the quick preset's grid until issue 42 moved it to the
/// converged pixel. Studies that compare against those records pin it (the sensitivity plans'
/// `docs/studies/sensitivity/pixel_1.56um.toml`, and `CalibrationConfig::quick_before_issue_42` for the
/// `integrator_equivalence` example and the `meso` and `dem` benches), so their reruns stay the
/// cases they recorded.
pub const STUDY_GRID_1P56: usize = 64;

/// The quick preset's β before issue 42 moved the presets into Eq. 23's linear range (β ≤ 0.1):
/// the integrator study's case list (`CalibrationConfig::quick_before_issue_42`).
pub const STUDY_BETAS: [f64; 2] = [0.1, 0.2];

/// Where the grid term sits in [`SYSTEMATIC_BUDGET`] (the converged pixel's term).
const GRID_TERM: usize = 3;

/// The grid term of a configuration coarser than [`CONVERGED_PIXEL`]: the measured fall of α
/// from the 1.5625 µm pixel to the converged one (one-sided: the coarse grid's α is high).
const GRID_TERM_UNCONVERGED: (&str, f64, f64, &str) = (
    "grid above 0.39 µm pixel, unconverged",
    0.698,
    1.0,
    "paired ratio on nested surfaces, 12 pairs: 128² 0.869 [0.711, 1.061], 256² 0.698 [0.588, 0.813] of the 1.5625 µm pixel's α",
);

/// The grid term of [`SYSTEMATIC_BUDGET`] for a configuration of pixel `pixel` \[m\]: the
/// residual ×[1, 1.036] at the converged pixel or finer, the measured fall ×[0.698, 1] from the
/// 1.5625 µm pixel to it for anything coarser (or a pixel that is not a number).
pub fn grid_term(pixel: f64) -> (&'static str, f64, f64, &'static str) {
    // A pixel is converged if it is no coarser than CONVERGED_PIXEL, to rounding of L/grid.
    const PIXEL_REL_TOL: f64 = 1e-9;
    if pixel <= CONVERGED_PIXEL * (1.0 + PIXEL_REL_TOL) {
        SYSTEMATIC_BUDGET[GRID_TERM]
    } else {
        GRID_TERM_UNCONVERGED
    }
}

/// [`SYSTEMATIC_BUDGET`] as configuration, with the grid term of a configuration whose pixel
/// is `pixel` \[m\] ([`grid_term`]).
pub fn systematic_budget_at(pixel: f64) -> SystematicConfig {
    SystematicConfig {
        terms: SYSTEMATIC_BUDGET
            .iter()
            .enumerate()
            .map(|(i, &t)| if i == GRID_TERM { grid_term(pixel) } else { t })
            .map(|(name, ratio_lo, ratio_hi, source)| SystematicTermConfig {
                name: name.to_owned(),
                ratio_lo,
                ratio_hi,
                source: source.to_owned(),
            })
            .collect(),
    }
}

/// [`SYSTEMATIC_BUDGET`] as configuration, at the converged pixel (the presets').
pub fn systematic_budget() -> SystematicConfig {
    systematic_budget_at(CONVERGED_PIXEL)
}
use crate::dem::params::{DEFAULT_ADVANCE_FRACTION, DEFAULT_TOLERANCE_FRACTION};
use crate::dem::{DragFrame, IntegratorChoice};

/// A named set of defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// Small grid, few cases and seeds: a full table in a few minutes on 2 cores.
    Quick,
    /// Finer grid and more cases.
    Standard,
    /// Seed 000's domain (500 µm) and sweeps.
    Paper,
}

// The presets hold values as a user would type them in a config file (`100e-6`, `5e6`), not
// products such as `100.0 * 1e-6` (9.999999999999999e-5 in f64): `--print-config` then prints
// what was written, and its printout re-reads to the same configuration hash (issue 33).

/// A generated surface pair with seed 000's values (§6.1: H = 0.8; RMS heights 1.40 µm of the
/// aluminium sheet, 0.60 µm of the tool), on a preset's `grid`² pixels of side `length` \[m\]
/// with its spectrum's cutoffs `[k_l, k_r, k_s]` \[modes of 2π/L\]: the part a preset chooses.
fn seed000_surface(grid: usize, length: f64, [k_l, k_r, k_s]: [f64; 3]) -> SurfaceConfig {
    SurfaceConfig {
        grid,
        length,
        hurst: 0.8,
        k_l,
        k_r,
        k_s,
        rms_height_deformable: 1.4e-6,
        rms_height_tool: 0.6e-6,
        deformable_file: None,
        tool_file: None,
        mode_order: crate::surface::self_affine::ModeOrder::Grid,
    }
}

impl Preset {
    /// Name as written in tables and reports.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Quick => "quick",
            Preset::Standard => "standard",
            Preset::Paper => "paper",
        }
    }

    /// The preset's full configuration.
    pub fn config(self) -> CalibrationConfig {
        let material = MaterialConfig {
            e_star: 55e9,
            p_crit: 340e6,
            // seed 000's τ0 as typed; the table's f32 is SEED000_TAU0 (tested below).
            tau0: 1.4025e9,
            hardness: tribo_core::table::SEED000_HARDNESS as f64,
            archard_k: 1e-4,
            zeta: 0.2,
        };
        let flakes = FlakeConfig {
            diameter: 12e-6,
            thickness: 0.5e-6,
            density: 2700.0,
            // η of Eq. 15–16 "mimics viscosity effects" (seed 000 §5 Step 1; its value is not
            // given). Stokes drag of a disk of radius a moving broadside in the lubricant,
            // F = 16·μ·a·U, per unit mass of the flake m = ρ·(4/3)π·a²·c: for μ = 0.1 Pa·s
            // (a forming oil), a = 6 µm, c = 0.25 µm, ρ = 2700 kg/m³ this is 9.4·10⁷ 1/s
            // (edgewise 32/3·μ·a: 6.3·10⁷); confinement in a gap of a few µm only raises it.
            // The damping sets α's magnitude (quick preset, 3 surface pairs, α at 10/50 m/s):
            // 10⁶ 1/s → 0.54/0.36, 10⁷ → 1.69/0.72, 10⁸ → 4.9/3.0 with R² of Eq. 23 0.4–0.8,
            // 0.8–0.84, 0.8–0.9 (issue 7 notes).
            damping: 1.0e8,
            // The lubricant's Couette flow (the one default, see `DragFrame`).
            drag_frame: DragFrame::default(),
            rotational_damping: Default::default(),
        };
        // Strip drawing (seed 000 §7) runs at 0.08 m/s, simulated directly: the v0/γ similarity
        // failed its check in the lubricant frame (10 m/s run at 50 m/s with γ ×5 gave α ×1.84
        // [1.45, 2.33], paired, 36 cases; issue 14 notes), so it is off by default.
        let process = ProcessConfig {
            velocities: vec![0.08],
            similarity_velocity: 0.0,
            seeds: None,
            pressures: None,
        };
        // The flakes' integrator follows the regime (issue 31, `dem/regime.rs`): overdamped
        // backward Euler where the Stokes ratio v0/(γ·δx) ≤ 0.01 (0.08 m/s at this γ and the
        // 0.39 µm pixel; 1 m/s is St 0.026 there, overdamped at the 1.5625 µm pixel of issues
        // 31–43), the inertial TR-BDF2 above (10, 50 m/s; issue 43, §8: over 144 paired quick
        // cases summed ⟨A_p⟩ ×1.045 [0.987, 1.110] and ×1.024 [0.926, 1.128] of the explicit
        // reference's; the explicit damped Verlet before). Paired against the explicit
        // reference at 0.08 m/s over 72 quick cases (12 seed indices, docs/studies/integrator/
        // §4): summed ⟨A_p⟩ ratio 1.001 [0.967, 1.034], α ratio 0.999 [0.955, 1.039], at 1/17
        // of the CPU. Case by case they differ (85 % equal blocked counts): the blocked count
        // is a threshold of a trajectory with bifurcations that the explicit reference at half
        // its step also moves (§2–3). `dem.integrator = "explicit"` keeps the reference.
        let dem = DemConfig {
            integrator: IntegratorChoice::Auto,
            tolerance: DEFAULT_TOLERANCE_FRACTION,
            max_advance: DEFAULT_ADVANCE_FRACTION,
            explicit_step: 1.0,
            explicit_inertia: 1.0,
            stiffness_scale: crate::config::DEFAULT_STIFFNESS_SCALE,
            stiffness_velocity: 0.0,
            inertial_scheme: crate::dem::proximal_metric::InertialScheme::default(),
            inertial_tolerance: crate::dem::params::DEFAULT_INERTIAL_TOLERANCE_FRACTION,
            inertial_advance: crate::dem::params::DEFAULT_INERTIAL_ADVANCE_FRACTION,
            event_depth: crate::dem::params::DEFAULT_EVENT_DEPTH_FRACTION,
        };
        let bem = BemConfig {
            tolerance: 1e-8,
            max_iterations: 2000,
        };
        let asperity_all = vec![0.0, 0.055, 0.111, 0.215, 0.308, 0.552];
        match self {
            Preset::Quick => CalibrationConfig {
                material,
                // 0.39 µm pixels, where α(0.08 m/s) has converged (issue 42: on nested surfaces α
                // at 64² is ×1.43 [1.23, 1.70] of the 256² value, and 512² is ×1.036 of it; the
                // 1.5625 µm pixel of issues 7–43 is `STUDY_GRID_1P56`).
                surface: seed000_surface(256, 100e-6, [1.0, 2.0, 16.0]),
                flakes: flakes.clone(),
                dem: dem.clone(),
                process: process.clone(),
                sweep: SweepConfig {
                    pressures: vec![5e6, 15e6, 30e6],
                    // Eq. 23's linear range β ≤ 0.1 (issue 42: α(0.2)/α(0.1) = 0.833 [0.709,
                    // 0.974]). 4 and 9 flakes on this 100 µm domain: at the 1.5625 µm pixel most
                    // β = 0.05 cases saw no blocked flake; at the converged 0.39 µm pixel all 27
                    // of the seed-0 run did (α(0.05)/α(0.1) at 0.08 m/s 1.30 [0.46, 1.93], 3
                    // pairs; on the standard preset's 36 pairs 1.021 [0.923, 1.117]).
                    betas: vec![0.05, 0.1],
                    velocities: vec![10.0, 50.0],
                    seeds: 3,
                    surfaces: 3,
                    // Seed 000's 2L: with 1L, R² of Eq. 23 came out negative (events too rare
                    // per case); with 2L and 6 seeds it is 0.5–0.9 (issue 7 notes).
                    slide_lengths: 2.0,
                    contact_pressures: vec![2e6, 5e6, 10e6, 20e6, 30e6],
                },
                bem,
                random_field: RandomFieldConfig {
                    samples: 400,
                    sigma_over_mu: 0.2,
                    tolerance: 0.05,
                    plateau_tolerance: 0.01,
                    max_nodes: 128,
                },
                asperity: AsperityConfig {
                    added_masses: vec![0.0, 0.111, 0.215],
                    steps_per_period: 1.0e3,
                },
                systematic: systematic_budget(),
            },
            Preset::Standard => CalibrationConfig {
                material,
                // The quick preset's surface (roll-off at λ_l = 100 µm and λ_r = 50 µm, short
                // cut-off λ_s = 6.25 µm, 1.5625 µm pixels) on 4× its area: four roll-off
                // patches per surface instead of one. With k_l = 1, k_r = 2 here (as before),
                // the larger domain doubled every roll-off wavelength instead of adding
                // patches: α varied between surface pairs with CV 0.72 [0.26, 0.97] (6 pairs;
                // α(0.08) ±50 %, issue 14). At one condition (15 MPa, β = 0.2, 50 m/s, 12 pairs
                // each) ⟨A_p⟩'s CV was 0.56 [0.33, 0.69] with k_l = 1, k_r = 2 and
                // 0.26 [0.16, 0.32] with k_l = 2, k_r = 4 (95 % bootstrap over pairs).
                // At the converged 0.39 µm pixel since issue 42 (was 128², 1.5625 µm).
                surface: seed000_surface(512, 200e-6, [2.0, 4.0, 32.0]),
                flakes: flakes.clone(),
                dem: dem.clone(),
                // Sized for α(0.08 m/s) with a 95 % CI half-width ≤ 7 % in ≤ 60 min on 2 idle
                // cores (issue 31). α's spread is between surface realisations (per-pair CV of
                // α 0.31 [0.21, 0.38], issue 14), so the process velocity gets 120 seed indices
                // on 120 surface pairs: the half-width goes as CV/√n, and ±7 % needs n ≥ 69 at
                // the CV's estimate and 113 at its upper bound. Affordable because `auto` runs
                // the 0.08 m/s cases overdamped (3–13 s of CPU per case instead of 85–191 s
                // explicit). The sweep's velocities keep 6 seed indices (the first 6 of the
                // same pairs, so the velocity comparison stays paired). The process velocity
                // runs at 30 MPa only: Eq. 23 is a line through the origin, so one pressure and
                // two β fix α (a least-squares slope through the origin weights a point by
                // (β·p)², so a 5 MPa point counts 1/36 of a 30 MPa one; refitting issue 14's run
                // without its 5 MPa cases at 0.08 m/s moved α(0.08) from 16.25 [14.17, 18.58] to
                // 16.43 [14.36, 18.87]). Measured with that design at 128² (seed 0, 2 idle cores,
                // `/usr/bin/time -v`): 39.8 min wall, α(0.08) = 15.65 [14.98, 16.40], −4.3 %/
                // +4.8 %; the explicit design before (18 pairs): 61.2 min, ±13.7 %.
                //
                // Issue 42 moved it to the converged 0.39 µm pixel (512² on 200 µm), where a
                // case costs ≈ ×8.5 the CPU of a 128² one (0.08 m/s, 30 MPa, β 0.1: 83 s against
                // 9.7 s), and to Eq. 23's linear range β ≤ 0.1 (α(0.2)/α(0.1) = 0.833 [0.709,
                // 0.974]): 36 pairs at the process velocity, and the sweep at 30 MPa only, keep
                // the run near an hour-class budget; at the 128² CV the statistical half-width
                // is then ≈ ±10 % (`process.seeds = 72` halves its variance at twice the CPU).
                process: ProcessConfig {
                    seeds: Some(36),
                    pressures: Some(vec![30e6]),
                    ..process.clone()
                },
                // One L per case: 4× the quick preset's flakes over the same 512 slide steps.
                // Two β span Eq. 23's β·p inside its linear range (linearity is checked by R²
                // and α per β); the 1 m/s point (inertial under `auto` at this pixel) puts a simulated
                // sample between the process speed and seed 000's range.
                sweep: SweepConfig {
                    pressures: vec![30e6],
                    betas: vec![0.05, 0.1],
                    velocities: vec![1.0, 10.0, 50.0],
                    seeds: 6,
                    surfaces: 36,
                    slide_lengths: 1.0,
                    contact_pressures: vec![1e6, 2e6, 5e6, 10e6, 20e6, 30e6],
                },
                bem,
                random_field: RandomFieldConfig {
                    samples: 2000,
                    sigma_over_mu: 0.2,
                    tolerance: 0.05,
                    plateau_tolerance: 0.01,
                    max_nodes: 256,
                },
                asperity: AsperityConfig {
                    added_masses: asperity_all.clone(),
                    steps_per_period: 2.0e3,
                },
                systematic: systematic_budget(),
            },
            Preset::Paper => CalibrationConfig {
                material,
                // Seed 000's own resolution (0.98 µm pixel, coarser than the converged 0.39 µm):
                // its budget carries the grid's measured fall (`grid_term`).
                surface: seed000_surface(512, 500e-6, [1.0, 2.0, 100.0]),
                flakes: flakes.clone(),
                dem: dem.clone(),
                process: process.clone(),
                sweep: SweepConfig {
                    pressures: vec![2e6, 5e6, 10e6, 15e6, 20e6, 25e6, 30e6],
                    betas: vec![0.01, 0.02, 0.05, 0.1],
                    velocities: vec![1.0, 5.0, 10.0, 25.0, 50.0, 100.0],
                    seeds: 3,
                    surfaces: 3,
                    slide_lengths: 2.0,
                    contact_pressures: vec![1e6, 2e6, 5e6, 10e6, 15e6, 20e6, 25e6, 30e6],
                },
                bem,
                random_field: RandomFieldConfig {
                    samples: 5000,
                    sigma_over_mu: 0.2,
                    tolerance: 0.05,
                    plateau_tolerance: 0.01,
                    max_nodes: 256,
                },
                asperity: AsperityConfig {
                    added_masses: asperity_all,
                    steps_per_period: 1.0e4,
                },
                systematic: systematic_budget_at(500e-6 / 512.0),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wavelengths are ratios of exactly representable lengths; they agree to rounding.
    const WAVELENGTH_TOL: f64 = 1e-12;

    #[test]
    fn standard_is_the_quick_surface_on_a_larger_domain() {
        // λ = L/k for the roll-off, the corner and the short cut-off, and the pixel L/grid:
        // the standard preset must describe the same physical surface as the quick preset (more
        // roll-off patches), not a rougher one at longer wavelengths.
        let (q, s) = (
            Preset::Quick.config().surface,
            Preset::Standard.config().surface,
        );
        let lengths = |c: &crate::config::SurfaceConfig| {
            [
                c.length / c.k_l,
                c.length / c.k_r,
                c.length / c.k_s,
                c.length / c.grid as f64,
            ]
        };
        for (a, b) in lengths(&q).iter().zip(lengths(&s)) {
            assert!((a - b).abs() <= WAVELENGTH_TOL * a, "{a} m vs {b} m");
        }
        assert!(s.length > q.length);
        assert_eq!(
            (q.hurst, q.rms_height_deformable),
            (s.hurst, s.rms_height_deformable)
        );
    }

    #[test]
    fn the_grid_term_follows_the_pixel_a_configuration_runs() {
        use crate::config::CalibrationConfig;
        let pixel = |c: &CalibrationConfig| c.surface.length / c.surface.grid as f64;
        let grid = |c: &CalibrationConfig| c.systematic.terms[GRID_TERM].ratio_lo;
        assert!(SYSTEMATIC_BUDGET[GRID_TERM].0.starts_with("grid"));
        // quick 100 µm / 256² and standard 200 µm / 512² are the converged pixel; paper's
        // 500 µm / 512² (0.98 µm) is not.
        for (p, converged) in [
            (Preset::Quick, true),
            (Preset::Standard, true),
            (Preset::Paper, false),
        ] {
            let c = p.config();
            assert_eq!(
                pixel(&c) <= CONVERGED_PIXEL * (1.0 + 1e-9),
                converged,
                "{p:?}"
            );
            let from_toml = CalibrationConfig::from_preset_and_toml(p, "").unwrap();
            let want = if converged { 1.0 } else { 0.698 };
            assert_eq!((grid(&c), grid(&from_toml)), (want, want), "{p:?}");
        }
        // A user who coarsens the quick preset to 64² gets the unconverged term; one who gives
        // a budget keeps it.
        let coarse =
            CalibrationConfig::from_preset_and_toml(Preset::Quick, "[surface]\ngrid = 64\n")
                .unwrap();
        assert_eq!(grid(&coarse), 0.698);
        let own = "[surface]\ngrid = 64\n[[systematic.terms]]\nname = \"mine\"\nratio_lo = 0.9\nratio_hi = 1.1\nsource = \"study\"\n";
        let own = CalibrationConfig::from_preset_and_toml(Preset::Quick, own).unwrap();
        assert_eq!(own.systematic.terms.len(), 1);
        assert_eq!(
            grid_term(f64::NAN).1,
            0.698,
            "a pixel that is not a number is not converged"
        );
    }

    #[test]
    fn typed_values_round_to_the_cores_seed_000_constants() {
        // τ0 and H are stored as f32 in the table: the typed value gives the core's bits.
        let m = Preset::Quick.config().material;
        assert_eq!(m.tau0 as f32, tribo_core::table::SEED000_TAU0);
        assert_eq!(m.hardness as f32, tribo_core::table::SEED000_HARDNESS);
    }

    #[test]
    fn every_seed_index_of_the_standard_preset_has_its_own_surface_pair() {
        let c = Preset::Standard.config();
        let most = c.sweep.seeds.max(c.process.seeds_or(c.sweep.seeds));
        assert!(c.sweep.surfaces >= most, "{} < {most}", c.sweep.surfaces);
    }
}
