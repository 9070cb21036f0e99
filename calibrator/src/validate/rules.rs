//! The shared rules: one object per physical quantity or size, used by the config validation
//! and by every command flag that takes the same quantity (`surface.grid` and `contact --n`,
//! `bem.tolerance` and `contact --tolerance`, `asperity.steps_per_period` and `asperity
//! --steps-per-period`, …).

use super::rule::{Bound, Rule};

/// Grid points per side of a generated surface: at least 16 (the self-affine spectrum needs
/// k_l < k_r < k_s ≤ n/2 with room between them); the memory budget bounds it above.
pub const GRID_SIDE: Rule = Rule::count(16, u64::MAX);

/// The largest Nyquist mode a grid the memory budget can hold may have (`--k-s` before the
/// relation `--k-s ≤ --n/2` narrows it) \[2π/L\]: n/2 of a 2²⁰ grid.
pub const GRID_SIDE_MAX_NYQUIST: f64 = 524_288.0;

/// BEM relative convergence tolerance: in (0, 1) (a tolerance of 10 stops before the first
/// iteration and gave κ = 205 instead of 56).
pub const BEM_TOLERANCE: Rule = Rule::OPEN_UNIT;

/// Number of log-spaced pressures of a contact sweep: 1 … 10 000 (a pressure per 0.05 % of
/// p_max/p_min over four decades; each is a BEM solve).
pub const PRESSURE_STEPS: Rule = Rule::count(1, 10_000);

/// Largest p/E* of the κ fit (Eq. 8's low-pressure slope): in (0, 1].
pub const KAPPA_MAX_P_OVER_E: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(1.0),
};

/// Hurst exponent of a self-affine surface: in (0, 1).
pub const HURST: Rule = Rule::OPEN_UNIT;

/// Leapfrog steps per slider period C_t of the asperity model (seed 003 uses 10⁴): 100 …
/// 10⁷ (below 100 the period is not resolved; above 10⁷ a run takes hours per load and Q_s
/// has converged to < 1e-6 long before, see `config::AsperityConfig`).
pub const STEPS_PER_PERIOD: Rule = Rule::closed(100.0, 1e7);

/// Monte-Carlo realisations per l/a point of the random-field curves: at least 2 (a spread
/// needs two), at most 10⁷.
pub const RANDOM_FIELD_SAMPLES: Rule = Rule::count(2, 10_000_000);

/// Mesh cap per side of the random-field discretisation: 8 … 4096 (`--max-nodes 0` silently
/// meshed 2 nodes and gave CV 0.47 against 0.0088).
pub const RANDOM_FIELD_MAX_NODES: Rule = Rule::count(8, 4096);

/// Recorded samples of a time series: 2 … 10⁷.
pub const SERIES_SAMPLES: Rule = Rule::count(2, 10_000_000);

/// Re-pinning velocity ratio c_min of the asperity junctions (seed 003): in (0, 1).
pub const CMIN: Rule = Rule::OPEN_UNIT;

/// A fraction in \[0, 1\] (ζ, ε, φ).
pub const FRACTION: Rule = Rule::CLOSED_UNIT;

/// Passes of a multipass strip-draw study: 1 … 20 (the cap `fit` already had; each pass is a
/// full bar simulation).
pub const PASSES: Rule = Rule::count(1, 20);

/// Largest initial tilt of a DEM flake \[rad\]: \[0, π/2\].
pub const TILT: Rule = Rule::closed(0.0, std::f64::consts::FRAC_PI_2);

/// Rows of a measured data CSV (`tribo fit`): 1 … 100 000 (rows of one condition share its
/// run, but each is a residual of the least-squares fit).
pub const DATA_ROWS: Rule = Rule::count(1, 100_000);

/// Distinct (tool length, pressure) conditions of a measured data CSV (`tribo fit`): 1 … 200
/// (each is one strip-draw run of all its passes per objective evaluation; the fit's Jacobian
/// takes ≈ 4 evaluations per iteration and up to 60 iterations).
pub const DATA_CONDITIONS: Rule = Rule::count(1, 200);

/// A nominal contact pressure on the command line \[Pa\]: at least 1 kPa (below, a bare number
/// is almost surely MPa without its unit — `meso --pressure` took MPa before units were
/// uniform) and at most 200 GPa, the hardness of diamond ([`HARDNESS`]): no nominal pressure
/// exceeds the hardness of both bodies (`fretting wear --pressures 1e300` ran).
pub const PRESSURE: Rule = Rule::Real {
    lo: Bound::Closed(1e3),
    hi: Bound::Closed(2e11),
};

/// A tool length on the command line \[m\] (seed 000: 35–140 mm): in \[1 mm, 10 m\]. Above,
/// a bare number is almost surely mm without its unit (`strip-draw --tools` took mm before
/// units were uniform: `--tools 35` is 35 m and refused; write `35mm` or `0.035`).
pub const TOOL_LENGTH_M: Rule = Rule::closed(1e-3, 10.0);

/// A slide or averaging window of the strip-draw bar on the command line \[m\] (seed 000:
/// 140 mm): in \[1 µm ([`MIN_BAR_LENGTH_M`]), 10 m\] — `--slide 140`, once mm, is 140 m and refused.
pub const SLIDE_M: Rule = Rule::closed(MIN_BAR_LENGTH_M, 10.0);

/// The shortest slide, window or draw length of the strip-draw bar and the export \[m\]:
/// 1 µm, the size of one asperity junction (seed 003: 1e-11 … 1e-7 m² areas); over a shorter
/// distance no junction is renewed and β is 0 to the last digit (`strip-draw --window
/// 1e-30m`, `export --draw-lengths 1e-300m` were accepted).
pub const MIN_BAR_LENGTH_M: f64 = 1e-6;

/// An element size of the strip-draw bar on the command line \[m\] (seed 000: 0.5 mm): in
/// (0, 1 cm\] — coarser than a third of the shortest seed tool resolves nothing, and
/// `--element-size 0.5`, once mm, is 0.5 m and refused.
pub const ELEMENT_SIZE_M: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(1e-2),
};

/// A draw length on the command line \[m\]: in \[1 µm, 10 m\] ([`MIN_BAR_LENGTH_M`]) — `export --draw-lengths 100`,
/// once mm, is 100 m and refused (β saturates at β_thres over far shorter draws).
pub const DRAW_LENGTH_M: Rule = Rule::closed(MIN_BAR_LENGTH_M, 10.0);

/// The smallest length that means anything in a continuum model \[m\]: 0.1 nm, below the
/// interatomic spacing of every solid (0.2–0.3 nm in metals). A length, spacing, RMS height
/// or flake size below it (`dem --thickness 1e-30m`, `contact --length=1e-30nm`) is a unit
/// mistake, and sizes derived from it overflow.
pub const ATOM_M: f64 = 1e-10;

/// A length of the flake-scale DEM on the command line \[m\] (domain side, RMS heights,
/// flake size, grid spacing, slide; seed 000: 0.5–500 µm): in \[[`ATOM_M`], 1 cm\] — a bare
/// `500`, once µm, is 500 m and refused; below an atom nothing is a continuum.
pub const DEM_LENGTH_M: Rule = Rule::closed(ATOM_M, 1e-2);

/// An RMS height of a generated or configured surface \[m\] (`surface.rms_height_*`,
/// `contact --rms-height`; seed 000: 0.6–1.4 µm): in \[[`ATOM_M`], 1 mm\] — rougher than a
/// millimetre is not a machined or rolled sheet; `1e-300` ran a whole calibration. Relation:
/// at most the side of the surface (heights above the side are needles, not a surface).
pub const RMS_HEIGHT_M: Rule = Rule::closed(ATOM_M, 1e-3);

/// A mean gap of the flake-scale DEM on the command line \[m\]: within ±1 cm (negative:
/// interpenetrating means) — `--gap 20`, once µm, is 20 m and refused.
pub const DEM_GAP_M: Rule = Rule::closed(-1e-2, 1e-2);

/// A fretting slip amplitude on the command line \[m\] (seed 001: µm): in \[0, 1 mm\] —
/// `--amplitude 20`, once µm, is 20 m and refused.
pub const FRETTING_AMPLITUDE_M: Rule = Rule::closed(0.0, 1e-3);

/// An elastic modulus on the command line \[Pa\]: in \[1 MPa, 2 TPa\] — `--e-star 55`,
/// once GPa, is 55 Pa and refused; above, the table's own bound
/// ([`tribo_core::table::plausible::E_STAR_PA`]: diamond on diamond is ≈ 0.6 TPa;
/// `contact --e-star 1e99` exited 0).
pub const MODULUS: Rule = Rule::closed(1e6, 2e12);

/// Area of one asperity junction \[m²\] (seed 003: 1e-11 … 1e-7): in (0, 1e-2] — one junction
/// of a square decimetre is a whole contact, not an asperity.
pub const JUNCTION_AREA_M2: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(1e-2),
};

/// A count of things simulated (flakes, realisations): at least 1 (`dem --flakes 0` ran an
/// empty domain and exited 0); the memory or work budget bounds it above.
pub const COUNT: Rule = Rule::count(1, u64::MAX);

/// Surface realisations of a Monte-Carlo study (`fretting wear/mesh-study --realisations`,
/// `random-field --crank-realisations`): 2 (a spread needs two) … 10 000 (each is a full simulation; 2⁶⁴−1
/// overflowed the case count).
pub const REALISATIONS: Rule = Rule::count(2, REALISATIONS_MAX);

/// Upper end of [`REALISATIONS`].
pub const REALISATIONS_MAX: u64 = 10_000;

/// Worker threads (`--threads`): 1 … 1024, the documented maximum (more threads than any
/// machine's cores only cost memory: `--threads 100000` hung starting them).
pub const THREADS: Rule = Rule::count(1, 1024);

/// A particle coverage level β \[-\] (`--beta`, `export --betas`, `sweep.betas`): finite, in
/// \[0, 10\] — β is the area fraction of the contact covered by third-body particles
/// (seed 000 Eq. 23); β_thres ≈ 0.5 at the process speed, and μ is μ_p for every β above
/// β_thres, so levels far above it mean nothing (`export --betas 2` wrote a table of equal
/// μ). Above 10 a level is a unit mistake (percent).
pub const BETA_LEVEL: Rule = Rule::closed(0.0, 10.0);

/// Interfacial shear strength τ0 \[Pa\]: the core's table bound
/// ([`tribo_core::table::plausible::TAU0_PA`], kPa films … the theoretical strength of diamond),
/// so `calibrate` refuses upfront what the table would refuse after the sweep.
pub const SHEAR_STRENGTH: Rule = Rule::closed(1.0e3, 1.0e11);

/// Effective modulus E* of a table \[Pa\]: the core's bound
/// ([`tribo_core::table::plausible::E_STAR_PA`], soft elastomers … diamond on diamond).
pub const TABLE_MODULUS: Rule = Rule::closed(1.0e5, 2.0e12);

/// Hardness H of the softer body \[Pa\]: the core's bound
/// ([`tribo_core::table::plausible::HARDNESS_PA`], soft polymers … diamond).
pub const HARDNESS: Rule = Rule::closed(1.0e5, 2.0e11);

/// Archard wear coefficient K \[-\]: in \[0, 1\] (the core's
/// [`tribo_core::table::plausible::ARCHARD_K`]: the worn volume per load and distance over
/// 1/H cannot exceed one; `archard_k = 5` ran a whole sweep before the table refused it).
pub const ARCHARD_K: Rule = Rule::CLOSED_UNIT;

/// A friction coefficient μ (μ0, μ_s, μ_k, μ_p, a wall or particle friction) \[-\]: in
/// \[0, 10\], the core's [`tribo_core::table::law_gate::MU_MAX`] (negative or NaN friction
/// is meaningless; nothing sheared reaches 10).
pub const FRICTION_COEFFICIENT: Rule = Rule::closed(0.0, 10.0);

/// A sliding speed \[m/s\]: in \[1 nm/s, 1 km/s\], the core's bound of α sample speeds
/// ([`tribo_core::table::law_gate::SAMPLE_SPEED_M_PER_S`]: creep below 1 nm/s slides one
/// atom in a tenth of a second and is no sliding; 3·10⁸ m/s is the speed of light).
/// `sweep.velocities = [1e-300]` and `meso --velocity 1e-300` ran for ever (the slide time is
/// the slide length over the speed).
pub const SLIDING_SPEED: Rule = Rule::closed(1.0e-9, SLIDING_SPEED_MAX);

/// Upper end of [`SLIDING_SPEED`] \[m/s\].
pub const SLIDING_SPEED_MAX: f64 = 1.0e3;

/// Metres per height unit of a loaded text/CSV map \[m\]: in (0, 1\] (1e-6 for µm; a
/// unit larger than a metre, or a negative or NaN one, is meaningless: `--height-unit -1`
/// flipped the surface and `1e300` exited 0).
pub const HEIGHT_UNIT_M: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(1.0),
};

/// Side of a generated surface \[m\] (`contact --length`, `surface.length`): in \[16 atoms
/// ([`ATOM_M`] × the smallest grid), 1 m\] (`contact --length 1.8e19` exited 0,
/// `--length=1e-30nm` ran; seed 000's domains are 100–500 µm). Relation: the pixel side/grid is
/// at least [`ATOM_M`].
pub const SURFACE_SIDE_M: Rule = Rule::closed(16.0 * ATOM_M, 1.0);

/// A mass added to the seed-003 slider \[kg\] (`asperity.added_masses`; the seed: 0–552 g on
/// a 100 g slider): in \[0, 1000 kg\] — a tonne loads a junction population of ≈ 4·10⁵
/// junctions; `1e300` was a capacity overflow after 12 s.
pub const ADDED_MASS_KG: Rule = Rule::closed(0.0, 1e3);

/// Surface pairs generated for a sweep (`sweep.surfaces`): 1 … 10 000 (each pair is two
/// grid² maps and a BEM solve per case; `2^63−1` ran a whole calibration).
pub const SURFACE_PAIRS: Rule = Rule::count(1, REALISATIONS_MAX);

/// An RMS slope h'_rms \[-\]: in \[1e-4, 10\], the core's table bound
/// ([`tribo_core::table::plausible::SLOPE_RMS`]; seed 000: 0.34; a slope of 10 is 84°,
/// steeper than any machined or worn surface; 1e-4 is a polished mirror, and `--rms-slope
/// 1e-300` gave μ0 = τ0·κ/(E*·h'_rms) = 10³⁰⁰).
pub const RMS_SLOPE: Rule = Rule::closed(1e-4, 10.0);

/// A mass density \[kg/m³\]: in \[100, 30 000\] (foams … osmium at 22 600).
pub const DENSITY: Rule = Rule::closed(100.0, 3e4);

/// Viscous damping per unit mass γ = η/m of the flakes \[1/s\] (Eq. 15–16; the presets'
/// 1e8): in \[0, 1e12\] (`dem --damping 1.8e19` made the explicit step run without end).
pub const DAMPING_PER_S: Rule = Rule::closed(0.0, 1e12);

/// An output stride (every N-th pixel or step): 1 … 10⁶.
pub const STRIDE: Rule = Rule::count(1, 1_000_000);

/// A temperature \[K\]: in (0, 10 000\] (above, every solid has long evaporated;
/// `third-body --temperature 1e300` ran).
pub const TEMPERATURE_K: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(1e4),
};

/// A surface energy (cohesion) γ \[N/m = J/m²\]: in \[0, 10\] (seed 002: 0 … 0.125 N/m;
/// solid surface energies are below ≈ 5 J/m²).
pub const SURFACE_ENERGY: Rule = Rule::closed(0.0, 10.0);

/// A cap of solver sweeps per step (`--max-sweeps`, `--preparation-sweeps`): 1 … 10⁶.
pub const SWEEP_CAP: Rule = Rule::count(1, 1_000_000);

/// Seeds (independent runs) of a study: 1 … 10 000 (each is a full simulation;
/// `third-body sweep --seeds 2⁶⁴−1` overflowed the seed list).
pub const SEEDS: Rule = Rule::count(1, REALISATIONS_MAX);

/// A relative tolerance or a coefficient of variation in (0, 10\] (`random-field
/// --sigma-over-mu 1e300` ran).
pub const RELATIVE_SPREAD: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(10.0),
};

/// The coefficient of variation σ/μ of a friction-coefficient random field (seed 004: 0.2):
/// in (0, 1\] — the field is Gaussian, and above σ/μ = 1 more than 16 % of its points carry a
/// negative friction coefficient (`random-field --sigma-over-mu 5` ran).
pub const COF_SIGMA_OVER_MU: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(1.0),
};

/// The standard deviation of ln(area) of a lognormal junction population \[-\]: in
/// \[0, 5\] (a factor e⁵ ≈ 150 per σ already spans the seed's five decades).
pub const SIGMA_LN: Rule = Rule::closed(0.0, 5.0);

/// The exponent τ of a power-law junction population p(A) ∝ A^(−τ): in \[0, 5\] (seed 003:
/// 1 log-uniform, 1.5 the bimodal bulk).
pub const POWER_LAW_EXPONENT: Rule = Rule::closed(0.0, 5.0);

/// The viscous parameter η of seed 003 Eq. 1 \[1/s\]: in \[0, 10⁶\] (the seed: 100 /s).
pub const ASPERITY_ETA: Rule = Rule::closed(0.0, 1e6);

/// Elements across a radius of `fretting circles`: 4 … 200 (the default 20 takes ≈ 30 s; the
/// run time grows as cells³ — 200 is ≈ 7 h — and `--cells 1e300` overflowed an allocation).
pub const CIRCLE_CELLS: Rule = Rule::closed(4.0, 200.0);

/// Cells of a `fretting` mesh (plate, wear, mesh-study): 8 … 2000 (the defaults 20–96; the
/// run time grows as cells³).
pub const DDE_CELLS: Rule = Rule::count(8, 2000);

/// Factor on seed 000's Hertz penalty stiffness (`dem.stiffness_scale`, issue 42 varies it
/// ×0.25…×4) \[-\]: in \[0.01, 100\]. Below 1/100 the design overlap of 5 % h_p becomes
/// 5 h_p and flakes pass through the surfaces; above ×100 the explicit step shrinks ×10 for a
/// stiffness no contact physics asks for.
pub const STIFFNESS_SCALE: Rule = Rule::closed(0.01, 100.0);

/// `dem.inertial_advance`, a fraction of the design overlap 0.05·h_p: above 0 (a step must
/// advance), at most 64. The inertial step locates contact onsets (`dem/event.rs`), so it needs
/// no bound of one overlap as the overdamped step does; 64 overlaps are a 1.5625 µm pixel (62.5
/// for the seed's 0.5 µm flakes; the quick grid before stop 54), and the BEM–DEM loop's
/// intervals are at most a pixel, so a larger cap would never bind on that grid or finer.
pub const INERTIAL_ADVANCE: Rule = Rule::Real {
    lo: Bound::Open(0.0),
    hi: Bound::Closed(64.0),
};

/// Largest Hertz impact speed of the stiffness rule (`dem.stiffness_velocity`) \[m/s\]: above
/// seed 000's 100 m/s and below aluminium's Rayleigh wave speed (≈ 2900 m/s), where a Hertz
/// impact estimate stops meaning anything.
pub const STIFFNESS_VELOCITY_MAX: f64 = 1000.0;

/// Widest ratio of a systematic term each way (`[[systematic.terms]]` ratio_lo, ratio_hi)
/// \[-\]: the value of `fit::systematic::RATIO_MAX` (the table holds α within ±10⁴ and
/// calibrated α is of order 10; `config_file` asserts the two equal at compile time).
pub const SYSTEMATIC_RATIO_MAX: f64 = 1e3;

/// A systematic term's `ratio_lo` \[-\]: α at the lower end of a choice's range over α at the
/// preset's choice, in \[1/[`SYSTEMATIC_RATIO_MAX`], 1\].
pub const SYSTEMATIC_RATIO_LO: Rule = Rule::closed(1.0 / SYSTEMATIC_RATIO_MAX, 1.0);

/// A systematic term's `ratio_hi` \[-\]: in \[1, [`SYSTEMATIC_RATIO_MAX`]\].
pub const SYSTEMATIC_RATIO_HI: Rule = Rule::closed(1.0, SYSTEMATIC_RATIO_MAX);

#[cfg(test)]
mod tests {
    use super::*;
    use tribo_core::table::{law_gate, plausible};

    /// The calibrator's rules are the core's bounds (written as f64 literals so that messages
    /// show `1e11`, not the f32 `99999997952`).
    #[test]
    fn rules_are_the_cores_bounds() {
        let pairs = [
            (SHEAR_STRENGTH, plausible::TAU0_PA),
            (TABLE_MODULUS, plausible::E_STAR_PA),
            (HARDNESS, plausible::HARDNESS_PA),
            (ARCHARD_K, plausible::ARCHARD_K),
            (FRICTION_COEFFICIENT, (0.0, law_gate::MU_MAX)),
        ];
        // f32 bounds within one f32 ulp of the f64 literals.
        const ULP: f64 = 1e-7;
        for (rule, (lo, hi)) in pairs {
            let (lo, hi) = (f64::from(lo), f64::from(hi));
            assert!(
                rule.admits(lo * (1.0 + ULP)) && rule.admits(hi * (1.0 - ULP)),
                "{rule}"
            );
            assert!(!rule.admits(hi * (1.0 + 10.0 * ULP)), "{rule}");
            assert!(!rule.admits(lo * (1.0 - 10.0 * ULP)) || lo == 0.0, "{rule}");
        }
        assert!(SLIDING_SPEED.admits(f64::from(law_gate::SAMPLE_SPEED_M_PER_S.1)));
        assert!(SLIDING_SPEED.admits(f64::from(law_gate::SAMPLE_SPEED_M_PER_S.0) * (1.0 + ULP)));
        assert!(!SLIDING_SPEED.admits(1e-300));
        let (slope_lo, slope_hi) = plausible::SLOPE_RMS;
        assert!(RMS_SLOPE.admits(f64::from(slope_lo) * (1.0 + ULP)));
        assert!(RMS_SLOPE.admits(f64::from(slope_hi) * (1.0 - ULP)));
        assert!(!RMS_SLOPE.admits(1e-300));
        assert!(!SLIDING_SPEED.admits(1.001e3));
    }
}
