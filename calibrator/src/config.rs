//! The calibration configuration: every parameter of `tribo calibrate`, as data. The presets
//! ([`crate::presets`]) fill it; [`crate::config_file`] merges a TOML file over a preset and
//! validates the result ([`crate::validate::config`]).

use serde::{Deserialize, Serialize};

use crate::dem::drag::RotationalDamping;
use crate::dem::proximal_metric::InertialScheme;
use crate::dem::{DragFrame, IntegratorChoice};
use crate::surface::self_affine::ModeOrder;

/// Material pair and interface (seed 000 §5 Step 3, §7).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialConfig {
    /// Effective modulus E* \[Pa\] (seed 000: 55 GPa).
    pub e_star: f64,
    /// Plastic saturation pressure p_crit \[Pa\] (seed 000: 340 MPa).
    pub p_crit: f64,
    /// Interfacial shear strength τ0 \[Pa\] (not given by the seed: a documented choice).
    pub tau0: f64,
    /// Hardness H of the softer body \[Pa\] (Archard source, seed 000 Eq. 12).
    pub hardness: f64,
    /// Archard wear coefficient K \[-\] (seed 000 §7: 1e-4).
    pub archard_k: f64,
    /// Fraction ζ of particles carried by the tool \[-\] (seed 000 §7: 0.2).
    pub zeta: f64,
}

/// Rough surfaces (seed 000 §2.4, §6.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SurfaceConfig {
    /// Grid points per side n (power of two recommended for the FFTs).
    pub grid: usize,
    /// Side of the periodic domain L \[m\] (seed 000: 500 µm).
    pub length: f64,
    /// Hurst exponent (seed 000: 0.8).
    pub hurst: f64,
    /// Long-wavelength cutoff k_l \[2π/L\].
    pub k_l: f64,
    /// Roll-off k_r \[2π/L\].
    pub k_r: f64,
    /// Short-wavelength cutoff k_s \[2π/L\] (seed 000: k_l/k_s = 1/100 … 4/100).
    pub k_s: f64,
    /// RMS height of the deformable surface \[m\] (seed 000 aluminium: 1.40 µm).
    pub rms_height_deformable: f64,
    /// RMS height of the rigid tool \[m\] (seed 000 cast iron: 0.60 µm).
    pub rms_height_tool: f64,
    /// A measured map used as the deformable surface instead of the generated one
    /// (`[surface.deformable_file]`: `path`, and for text/CSV `spacing` \[m\] and
    /// `height_unit` \[m per file unit\]); levelled, windowed, tapered and periodised onto the
    /// `grid`² domain of side `length` as [`crate::surface::measured`] documents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deformable_file: Option<crate::surface::MeasuredSurface>,
    /// A measured map used as the tool surface (`[surface.tool_file]`, as `deformable_file`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_file: Option<crate::surface::MeasuredSurface>,
    /// Order of the generator's random draws: `"grid"` (a new realisation per grid; the
    /// default, every table so far) or `"nested"` (one continuous surface per seed, sampled at
    /// any grid with k_s < n/2: what a grid-convergence study needs); see
    /// `surface::self_affine::ModeOrder`. (Left out of the serialised config at its default, so
    /// configurations that do not set it keep their hash.)
    #[serde(default, skip_serializing_if = "is_grid_order")]
    pub mode_order: ModeOrder,
}

fn is_grid_order(o: &ModeOrder) -> bool {
    *o == ModeOrder::Grid
}

/// Wear flakes (seed 000 §2.2, §5 Step 1, §6.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlakeConfig {
    /// Flake diameter d_p \[m\] (seed 000: 6–100 µm).
    pub diameter: f64,
    /// Flake thickness h_p \[m\] (seed 000: 0.5 µm).
    pub thickness: f64,
    /// Flake density \[kg/m³\] (aluminium 2700).
    pub density: f64,
    /// Viscous damping η of Eq. 15–16, per unit mass \[1/s\] (the presets' 10⁸ 1/s is the
    /// Stokes drag of a 12 µm flake in a 0.1 Pa·s lubricant, see `presets.rs`).
    pub damping: f64,
    /// What the drag pulls toward: `"sheet"` (rest in the sheet's frame, Eq. 15–16 read
    /// literally) or `"lubricant"` (the local Couette flow of the gap); see `dem::drag`.
    pub drag_frame: DragFrame,
    /// How the rotational drag of Eq. 16 follows from η: `"equal_relaxation"` (η_rot = η·I₁/m,
    /// the same relaxation time as the translation; the default) or `"eq16"` (η_rot = η·a²,
    /// "the same η" on ω with the flake radius as the length Eq. 16 leaves implicit); see
    /// `dem::drag::RotationalDamping`. (Left out of the serialised config at its default, so
    /// configurations that do not set it keep their hash.)
    #[serde(default, skip_serializing_if = "is_equal_relaxation")]
    pub rotational_damping: RotationalDamping,
}

fn is_equal_relaxation(r: &RotationalDamping) -> bool {
    *r == RotationalDamping::EqualRelaxation
}

/// Default of `dem.stiffness_scale` \[-\]: the seed's Hertz rule unscaled.
pub const DEFAULT_STIFFNESS_SCALE: f64 = 1.0;

fn default_stiffness_scale() -> f64 {
    DEFAULT_STIFFNESS_SCALE
}

fn is_default_stiffness_scale(x: &f64) -> bool {
    *x == DEFAULT_STIFFNESS_SCALE
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

/// The integrator of the flakes' motion (`dem/regime.rs`, `dem/overdamped.rs`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemConfig {
    /// `"auto"` (overdamped where the Stokes ratio v0/(γ·δx) ≤ 0.01, i.e. the flakes forget
    /// their velocity within 1 % of a pixel's sliding time; inertial above; explicit without
    /// drag), `"explicit"` (the damped velocity Verlet at the penalty contacts' stable step, the
    /// reference), `"overdamped"` (backward-Euler steps of the inertia-free flow) or
    /// `"inertial"` (implicit steps with inertia in `inertial_scheme`, `dem/inertial.rs`).
    pub integrator: IntegratorChoice,
    /// Local error allowed per overdamped step, as a fraction of the design overlap 0.05·h_p
    /// \[-\] (0.05: 1.25 nm for the seed's 0.5 µm flakes).
    pub tolerance: f64,
    /// Largest tool advance per overdamped step, as a fraction of the design overlap \[-\]
    /// (1: 25 nm, ≥ 62.5 steps per 1.5625 µm pixel).
    pub max_advance: f64,
    /// The explicit integrator's step as a fraction of its stable step
    /// (`dem::params::DemParams::from_physics`) \[-\]: 1 in the presets; smaller values check
    /// the explicit reference's own convergence (e.g. 0.5, the impact-accurate step).
    pub explicit_step: f64,
    /// The explicit integrator's flake mass and moments of inertia as a fraction of the
    /// physical ones, at the same drag and penalty stiffness \[-\]: 1 in the presets; smaller
    /// values bring the explicit reference to the inertia-free limit the overdamped integrator
    /// solves (`dem::params::DemParams::with_inertia_scale`; 0.1 in the equivalence study).
    pub explicit_inertia: f64,
    /// Factor on the penalty stiffness of seed 000's Hertz rule \[-\] (default 1; issue 42's
    /// ×0.25 and ×4): the overlap under a given force scales as 1/factor, and the explicit
    /// stable step follows from the scaled k (`dem::penalty::StiffnessRule`). (Left out of the
    /// serialised config at its default, so configurations that do not set it keep their hash.)
    #[serde(
        default = "default_stiffness_scale",
        skip_serializing_if = "is_default_stiffness_scale"
    )]
    pub stiffness_scale: f64,
    /// Hertz impact speed of the stiffness rule \[m/s\]: 0 (default) sizes k at each case's
    /// simulated sliding speed v0, seed 000's rule (k ∝ v0^1.2); > 0 uses this speed for every
    /// case ("fixed across v"). (Left out of the serialised config at 0.)
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stiffness_velocity: f64,
    /// The inertial integrator's scheme: `"tr-bdf2"` (default; second order, L-stable,
    /// `dem/tr_bdf2.rs`) or `"backward-euler"` (first order; issue 43's first inertial step,
    /// kept for the equivalence study). (Left out of the serialised config at its default.)
    #[serde(default, skip_serializing_if = "is_default_inertial_scheme")]
    pub inertial_scheme: InertialScheme,
    /// Local error allowed per inertial step, as a fraction of the design overlap 0.05·h_p
    /// \[-\] (default 0.2: 5 nm for the seed's 0.5 µm flakes; chosen for TR-BDF2 by the
    /// paired equivalence study, `docs/studies/integrator/` §8). (Left out of the serialised
    /// config at its default.)
    #[serde(
        default = "default_inertial_tolerance",
        skip_serializing_if = "is_default_inertial_tolerance"
    )]
    pub inertial_tolerance: f64,
    /// Largest tool advance per inertial step, as a fraction of the design overlap \[-\]
    /// (default 4: 100 nm for the seed's flakes). It may exceed the overdamped step's bound of
    /// one overlap because the inertial step locates contact onsets (`event_depth`,
    /// `dem/event.rs`). (Left out of the serialised config at its default.)
    #[serde(
        default = "default_inertial_advance",
        skip_serializing_if = "is_default_inertial_advance"
    )]
    pub inertial_advance: f64,
    /// Deepest a surface contact may open within one inertial step, as a fraction of the
    /// design overlap \[-\] (default 0.2: 5 nm for the seed's flakes): a step that opens a
    /// contact deeper is redone shorter, toward the contact's onset (`dem/event.rs`). (Left
    /// out of the serialised config at its default.)
    #[serde(
        default = "default_event_depth",
        skip_serializing_if = "is_default_event_depth"
    )]
    pub event_depth: f64,
}

fn default_inertial_advance() -> f64 {
    crate::dem::params::DEFAULT_INERTIAL_ADVANCE_FRACTION
}

fn is_default_inertial_advance(x: &f64) -> bool {
    *x == default_inertial_advance()
}

fn default_event_depth() -> f64 {
    crate::dem::params::DEFAULT_EVENT_DEPTH_FRACTION
}

fn is_default_event_depth(x: &f64) -> bool {
    *x == default_event_depth()
}

fn default_inertial_tolerance() -> f64 {
    crate::dem::params::DEFAULT_INERTIAL_TOLERANCE_FRACTION
}

fn is_default_inertial_tolerance(x: &f64) -> bool {
    *x == default_inertial_tolerance()
}

fn is_default_inertial_scheme(s: &InertialScheme) -> bool {
    *s == InertialScheme::default()
}

impl DemConfig {
    /// The stiffness rule of `stiffness_scale` and `stiffness_velocity`.
    pub fn stiffness_rule(&self) -> crate::dem::penalty::StiffnessRule {
        crate::dem::penalty::StiffnessRule {
            scale: self.stiffness_scale,
            velocity: self.stiffness_velocity,
        }
    }
}

/// The forming process the table is calibrated for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcessConfig {
    /// Sliding velocities of the process \[m/s\] (seed 000 §7 strip drawing: 0.08 m/s). α and
    /// β_thres are simulated at each (never extrapolated) and carried as table samples; empty
    /// for a study of the sweep's velocities alone.
    pub velocities: Vec<f64>,
    /// Velocities v below this one \[m/s\] are simulated at it with the flakes' damping scaled by
    /// it/v, which keeps the flight length v0/γ — the group α depends on — at its physical value
    /// (validated against direct runs, see `dem::drag`); 0 simulates every velocity directly.
    pub similarity_velocity: f64,
    /// Seed indices at the process velocities (placements; index i slides on surface pair
    /// i mod `sweep.surfaces`); absent: `sweep.seeds`. The process velocity is the one the
    /// table exists for, so a preset may spend more cases on it than on the sweep's velocities:
    /// its α interval shrinks as 1/√(seed indices) because the spread is between surface
    /// realisations. Indices below `sweep.seeds` are the sweep's own placements and surface
    /// pairs, so comparisons with the sweep's velocities stay paired on them. (Left out of the
    /// serialised config when absent, so configurations that do not set it keep their hash.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds: Option<usize>,
    /// Nominal pressures at the process velocities \[Pa\]; absent: `sweep.pressures`. Eq. 23
    /// is a line through the origin in β·p/E*, so one pressure with two β determines α; the
    /// sweep's velocities keep every pressure to check the line (R², α per pressure). A case at
    /// the process speed costs about 4× one at 10 m/s, so a preset spends them where the
    /// interval shrinks most per CPU second (left out of the serialised config when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pressures: Option<Vec<f64>>,
}

impl ProcessConfig {
    /// Seed indices at each process velocity: `seeds`, or `sweep_seeds` when it is absent.
    pub fn seeds_or(&self, sweep_seeds: usize) -> usize {
        self.seeds.unwrap_or(sweep_seeds)
    }

    /// Pressures at each process velocity \[Pa\]: `pressures`, or `sweep_pressures` when it is
    /// absent.
    pub fn pressures_or<'a>(&'a self, sweep_pressures: &'a [f64]) -> &'a [f64] {
        self.pressures.as_deref().unwrap_or(sweep_pressures)
    }

    /// The speed the DEM runs at for a physical sliding speed `v` \[m/s\].
    pub fn simulated_velocity(&self, v: f64) -> f64 {
        if self.similarity_velocity > 0.0 && v < self.similarity_velocity {
            self.similarity_velocity
        } else {
            v
        }
    }
}

/// The BEM–DEM sweep (seed 000 §6.2–6.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepConfig {
    /// Nominal pressures p \[Pa\] (seed 000: 2–30 MPa).
    pub pressures: Vec<f64>,
    /// Particle area fractions β \[-\] (Eq. 10); realised as a whole number of flakes.
    pub betas: Vec<f64>,
    /// Sliding velocities v0 \[m/s\] (seed 000 Fig. 15).
    pub velocities: Vec<f64>,
    /// Seeds (initial placements) per case (seed 000: 3).
    pub seeds: usize,
    /// Independent surface pairs (h_Def, h_Tool) the seeds cycle through: seed index i slides
    /// on pair i mod `surfaces` at every p, β and v0, so comparisons across p, β and v0 stay
    /// paired while the ensemble samples several surface realisations (seed 000 §6.1: results
    /// "averaged over these initial configurations"). 1 = every case on the same pair.
    pub surfaces: usize,
    /// Sliding distance in domain lengths (seed 000: 2).
    pub slide_lengths: f64,
    /// Pressures of the particle-free BEM sweep used for κ and the cluster statistics \[Pa\].
    pub contact_pressures: Vec<f64>,
}

/// BEM solver settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BemConfig {
    /// Relative convergence tolerance.
    pub tolerance: f64,
    /// Iteration cap (failure to converge is an error).
    pub max_iterations: usize,
}

/// Random-field curves (seed 004).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomFieldConfig {
    /// Monte-Carlo realisations per l/a point.
    pub samples: usize,
    /// σ/μ at which the thresholds are computed (seed 004: 0.2).
    pub sigma_over_mu: f64,
    /// CV tolerance of the thresholds (seed 004: 5 %).
    pub tolerance: f64,
    /// Relative tolerance |CV_F/(σ/μ) − 1| of the random-variable threshold (1 % gives the
    /// seed's ≈ 10).
    pub plateau_tolerance: f64,
    /// Mesh cap per side of the field discretisation (seed 004: h = min(l, 0.1a) needs 200 at
    /// l/a = 0.01).
    pub max_nodes: usize,
}

/// Independent-asperity model (seed 003).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AsperityConfig {
    /// Added masses M1 \[kg\] (seed 003: 0, 55, 111, 215, 308, 552 g); normal load (M0+M1)·g,
    /// M0 = 100 g. At most 8 (the table's capacity).
    pub added_masses: Vec<f64>,
    /// Leapfrog steps per natural period T0 (seed 003: 10⁴; halving it changes Q_s by
    /// < 1e-6 relative, so the quick preset uses fewer).
    pub steps_per_period: f64,
}

/// One term of α's systematic budget (issue 42): a model choice a user cannot pin down, as
/// the ratio of α at the ends of the choice's admissible range to α at the preset's choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SystematicTermConfig {
    /// What varies and over which range, e.g. `"drag γ (forming oil 20–80 °C)"` (at most
    /// 40 bytes of UTF-8: the table's capacity).
    pub name: String,
    /// α at the lower end of the admissible range over α at the preset's choice, 0 < lo ≤ 1
    /// \[-\].
    pub ratio_lo: f64,
    /// α at the upper end over α at the preset's choice, 1 ≤ hi < ∞ \[-\].
    pub ratio_hi: f64,
    /// Where the ratios come from (a study, a document, or "placeholder pending study").
    pub source: String,
}

/// α's systematic budget (`[[systematic.terms]]`): combined in ln α by quadrature of the
/// terms' half-widths ([`crate::fit::systematic`]). It enters only the table's uncertainty
/// section, never a simulation, so it is not part of the configuration hash.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SystematicConfig {
    /// The independent terms (at least one, at most the table's 8).
    pub terms: Vec<SystematicTermConfig>,
}

/// Everything `tribo calibrate` needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalibrationConfig {
    /// Material pair and interface.
    pub material: MaterialConfig,
    /// Rough surfaces.
    pub surface: SurfaceConfig,
    /// Wear flakes.
    pub flakes: FlakeConfig,
    /// The flakes' integrator.
    pub dem: DemConfig,
    /// The process velocities the table is calibrated at.
    pub process: ProcessConfig,
    /// BEM–DEM sweep.
    pub sweep: SweepConfig,
    /// BEM solver.
    pub bem: BemConfig,
    /// Random-field curves.
    pub random_field: RandomFieldConfig,
    /// Asperity model.
    pub asperity: AsperityConfig,
    /// α's systematic budget (the table's uncertainty section; not hashed: no simulation
    /// reads it). Absent from the `run.json` of runs before issue 42 (read as empty; a config
    /// file always starts from the preset's budget).
    #[serde(default)]
    pub systematic: SystematicConfig,
}

/// Whether `key` (a dotted path) is an optional key a config file may add though no preset
/// sets it.
pub(crate) fn is_optional_key(key: &str) -> bool {
    OPTIONAL_KEYS.contains(&key)
}

/// The new name of a renamed key, refused under its old name.
pub(crate) fn renamed_key(key: &str) -> Option<&'static str> {
    RENAMED_KEYS
        .iter()
        .find(|(old, _)| *old == key)
        .map(|&(_, new)| new)
}

/// Keys no preset sets (so absent from the merge base) that a config file may add.
const OPTIONAL_KEYS: [&str; 12] = [
    "surface.deformable_file",
    "surface.mode_order",
    "surface.tool_file",
    "process.seeds",
    "process.pressures",
    "flakes.rotational_damping",
    "dem.stiffness_scale",
    "dem.stiffness_velocity",
    "dem.inertial_scheme",
    "dem.inertial_tolerance",
    "dem.inertial_advance",
    "dem.event_depth",
];

/// The model knobs of issue 42 that the presets leave at their defaults (so absent from their
/// serialised configs and hashes): key and default as printed by `--print-config`.
pub(crate) const DEFAULTED_KEYS: [(&str, &str); 8] = [
    ("surface.mode_order", "\"grid\""),
    ("flakes.rotational_damping", "\"equal_relaxation\""),
    ("dem.stiffness_scale", "1.0"),
    ("dem.stiffness_velocity", "0.0"),
    ("dem.inertial_scheme", "\"tr-bdf2\""),
    ("dem.inertial_tolerance", "0.2"),
    ("dem.inertial_advance", "0.5"),
    ("dem.event_depth", "0.2"),
];

/// Keys renamed since the first calibrator (issue 18: one name per parameter from config to
/// table to core, ζ = `zeta`, K = `archard_k`), refused with the new name. The renames changed
/// the serialised configuration, so every configuration hash: case files of earlier runs are
/// rerun, never reused.
const RENAMED_KEYS: [(&str, &str); 2] = [
    ("material.tool_fraction", "material.zeta"),
    ("material.wear_coefficient", "material.archard_k"),
];
