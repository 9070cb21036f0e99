//! Calibration table: the one artefact the calibrator hands to the core.
//!
//! A [`Table`] is a single postcard-encoded struct whose capacities are all const
//! (`heapless`), so decoding needs no allocator. On the wire it is framed as
//!
//! ```text
//! offset  size  field
//! 0       4     magic  b"TRBO"
//! 4       2     format version, u16 little-endian  (FORMAT_VERSION; 1 is still read)
//! 6       4     payload length n, u32 little-endian
//! 10      n     postcard payload of `Table`
//! 10+n    4     CRC-32 over bytes [0, 10+n), u32 little-endian
//! ```
//!
//! The CRC is CRC-32/ISO-HDLC (the zlib/Ethernet CRC: reflected polynomial 0x04C11DB7,
//! init and xor-out 0xFFFFFFFF, check value 0xCBF43926 for `"123456789"`), implemented in
//! [`crc32`] without a dependency. It detects every single-byte error and every burst of up
//! to 32 bits, so every single-byte flip of a table is rejected.
//!
//! **Versioning.** postcard is not self-describing and ignores `#[serde(default)]`, so the
//! layout is pinned by the header's [`FORMAT_VERSION`]. [`Table::from_bytes`] reads format 4
//! (this layout), format 3 ([`v3`]), format 2 ([`v2`]) and format 1 ([`v1`]), each converted to
//! the same law it evaluated to (see [`v3::TableV3::into_format4`],
//! [`v2::TableV2::into_format3`], [`v1::TableV1`]), and rejects every other version with
//! [`Error::UnsupportedVersion`]. [`Table::encode`] writes format 4.
//! [`Table::file_format_version`] tells which format a file is. Enums in the table
//! ([`ValueOrigin`], [`AlphaLawForm`], [`BetaThresRule`], [`crate::alpha::AlphaPolicy`],
//! [`crate::alpha::SampleOrigin`], [`WearForm`], [`ParticleShearOrigin`], [`CombinationRule`])
//! only ever get variants appended.
//!
//! **Format 4** (issue 42): the optional sections become an **append-only list of tagged
//! sections** after a fixed head ([`list`]: `tag u16 | len u32 | postcard bytes`), so a later
//! section is a new tag, not a new format and a new frozen `vN.rs` copy. A reader skips a tag
//! it does not know (forward compatible) unless the tag is marked as changing the law
//! ([`list::TAG_REQUIRED`]); tags are strictly increasing, so a duplicate is refused. The
//! head holds provenance, law parameters, transport, α(v), β_thres, clusters, COF curves,
//! pre-sliding data and the material identity; the sections are
//!
//! | tag | section | since |
//! |-----|---------|-------|
//! | 1 | [`WearSection`]: simulated K(p) (seed 001) | format 2 (in the list since 4) |
//! | 2 | [`ThirdBodySection`]: μ_3b(T) (seed 002) | format 2 (in the list since 4) |
//! | 3 | [`ParticleShearSection`]: μ_p, the floor of μ at saturation | format 3 (in the list since 4) |
//! | 4 | [`UncertaintySection`]: systematic intervals of α and β_thres, their budget, dominant term and combination rule | format 4 |
//!
//! The uncertainty section ([`uncertainty`]) puts a systematic interval next to each
//! statistical 95 % interval: the statistical interval is α's precision at fixed model
//! choices, not its accuracy. The law never reads the section; a table of formats 1–3 decodes
//! with none. Sizes: [`Table::filled_example`], every section at capacity, encodes to 3 729
//! bytes of the [`MAX_TABLE_BYTES`] = 4096 (`full_table_fits_in_4_kib`).
//!
//! **Format 3** (issue 30) appended the table's [`MaterialIdentity`] (material pair and
//! conditions) and the optional [`ParticleShearSection`]: the friction μ_p of the
//! particle-borne area, with its interval and origin, that keeps μ ≥ μ_p > 0 at saturation
//! ([`crate::law`]); the wear and third-body sections record a [`MaterialIdentity`] instead of
//! one text. A format-2 or format-1 table decodes with no particle shear, i.e. to exactly the
//! law it evaluated to (μ reaches 0 at saturation).
//!
//! **Format 2**:
//! α(v) samples with their 95 % confidence intervals, case counts and origin (direct or
//! v0/γ similarity), the law α∞ + (α0 − α∞)·e^(−v/v_ref) or `None` when its fit failed
//! ([`crate::alpha`]); β_thres with its interval; the provenance's configuration hash; and two
//! appended `Option` sections filled by other calibrations, the wear coefficient K(p) of seed
//! 001 ([`WearSection`]) and the third-body layer's μ_3b(T) of seed 002 ([`ThirdBodySection`]).
//! Golden bytes of every format are checked in (`core/tests/golden/`, `core/tests/format.rs`).
//!
//! **Validation.** [`Table::from_bytes`] checks, in this order: length of the header
//! ([`Error::Truncated`]), magic ([`Error::BadMagic`]), version
//! ([`Error::UnsupportedVersion`]), announced length against the bytes given
//! ([`Error::Truncated`] if short, [`Error::Malformed`] if bytes follow the CRC), CRC
//! ([`Error::CrcMismatch`]), postcard decoding with no trailing payload bytes, and (format 4)
//! the section list: every section whole, tags strictly increasing, no unknown required tag
//! ([`Error::Malformed`]), then the physics ([`Error::InvalidTable`]: NaN, ∞, negative or
//! inconsistent values, see [`Table::validate`] and the one gate it runs, [`gate`]). It never
//! panics.
//!
//! ```
//! use tribo_core::table::{Table, MAX_TABLE_BYTES};
//! let table = Table::seed000_defaults();
//! let mut buf = [0u8; MAX_TABLE_BYTES];
//! let n = table.encode(&mut buf)?;
//! let back = Table::from_bytes(&buf[..n])?;
//! assert_eq!(back, table);
//! let law = back.friction_law()?;
//! assert!(law.mu(0.08, 0.0) > 0.1 && law.mu(0.08, 0.0) < 0.2);
//! assert!(back.wear.is_none() && back.third_body.is_none());
//! # Ok::<(), tribo_core::Error>(())
//! ```

pub mod crc32;
pub mod defaults;
mod frame;
pub mod gate;
pub mod list;
pub mod material;
pub mod physics;
pub mod sections;
#[cfg(test)]
mod tests;
pub mod uncertainty;
pub mod v1;
pub mod v2;
pub mod v3;

/// The field bounds of the gate, under their name before issue 44 ([`gate::bounds`]).
pub use gate::bounds as plausible;
/// The law gate, under its name before issue 44 ([`gate::law`]).
pub use gate::law as law_gate;
/// Why a table is implausible, under its name before issue 44 ([`gate::reason`]).
pub use gate::reason as implausibility;

use heapless::{String, Vec};
use serde::{Deserialize, Serialize};

use crate::cof_field::CofSection;
use crate::error::Error;
use crate::law::{ALPHA_SAMPLES, AlphaCurve, FrictionLaw, LawParams};
use crate::presliding::PreslidingSection;

pub use defaults::{
    SEED000_ALPHA_B, SEED000_ALPHA_V_REF, SEED000_HARDNESS, SEED000_MU0_TARGET, SEED000_TAU0,
};
pub use frame::{
    FORMAT_VERSION, FORMAT_VERSION_1, FORMAT_VERSION_2, FORMAT_VERSION_3, HEADER_BYTES, MAGIC,
    TRAILER_BYTES,
};
pub use gate::reason::{Implausibility, Scope};
pub use material::{MATERIAL_CAPACITY, MaterialIdentity};
pub use sections::{
    ParticleShearOrigin, ParticleShearSection, SectionProvenance, THIRD_BODY_SAMPLES,
    ThirdBodySection, WearForm, WearSection,
};
pub use uncertainty::{
    CombinationRule, SYSTEMATIC_TERMS, SystematicTerm, TERM_NAME_CAPACITY, Uncertain,
    UncertaintySection,
};

/// Upper bound of an encoded table \[bytes\]; a full table (every section at capacity) fits.
pub const MAX_TABLE_BYTES: usize = 4096;

/// Capacity of the calibrator-version string \[bytes of UTF-8\].
pub const VERSION_CAPACITY: usize = 16;
/// Capacity of the preset-name string \[bytes of UTF-8\].
pub const PRESET_CAPACITY: usize = 16;

/// Whether the numbers in a table come from a calibration run or are documented defaults.
/// Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ValueOrigin {
    /// Documented default parameters (seed 000 and literature choices), not a calibration.
    DocumentedDefaults,
    /// Calibrated by the `tribo` calibrator's simulations.
    Calibrated,
    /// `tribo fit`: τ0 and ζ (and K when asked) fitted to measurements, every other value
    /// the documented defaults; `Provenance::config_hash` holds the FNV-1a hash of the data
    /// file. (Appended in format 2: earlier tables never hold it.)
    FittedOnDefaults,
    /// `tribo fit` on a calibrated table: τ0 and ζ (and K) fitted to measurements, every other
    /// value calibrated; `Provenance::config_hash` holds the FNV-1a hash of the data file.
    FittedOnCalibrated,
}

/// Who wrote the table and how.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// Version of the calibrator that wrote the table (its `CARGO_PKG_VERSION`).
    pub calibrator_version: String<VERSION_CAPACITY>,
    /// Name of the calibration preset (`quick`, `standard`, `paper`, or a config name).
    pub preset: String<PRESET_CAPACITY>,
    /// RNG seed of the run (`--seed`).
    pub seed: u64,
    /// Calibrated values or documented defaults.
    pub origin: ValueOrigin,
    /// Hash of the run's resolved configuration and seed (the `config_hash` of its
    /// `run.json`); 0 for documented defaults and format-1 tables.
    pub config_hash: u64,
}

/// Parameters of the β-transport (seed 000 Eq. 12–14) as plain numbers (SI units).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TransportSection {
    /// Hardness H of the softer material (Archard source, Eq. 12, App. C) \[Pa\].
    pub hardness: f32,
    /// Particle (flake) thickness h_p (Eq. 12) \[m\].
    pub particle_thickness: f32,
    /// Archard wear coefficient K (Eq. 12) \[-\]; 0 means no wear.
    pub archard_k: f32,
    /// Fraction ζ ∈ [0, 1] of particles carried by the tool (Eq. 13) \[-\].
    pub zeta: f32,
}

/// Functional form of the fitted α(v) law. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AlphaLawForm {
    /// α(v) = b·(1 − exp(−|v|/v_ref)) (seed 000 Fig. 15): format 1's law, [`crate::alpha::AlphaLaw`]
    /// with α0 = 0.
    ExpSaturation,
    /// α(v) = α∞ + (α0 − α∞)·exp(−|v|/v_ref), [`crate::alpha::AlphaLaw`] (format 2).
    ExpRelaxation,
}

/// α(v): the fitted law's form and the curve (samples, spread, law parameters).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaSection {
    /// Form of `curve.law`.
    pub form: AlphaLawForm,
    /// Samples, spread and fitted law; evaluation policy in [`AlphaCurve`].
    pub curve: AlphaCurve,
}

/// How β_thres(v) is obtained. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BetaThresRule {
    /// β_thres = κ/(α(v)·h'_rms): the particle-borne area cannot exceed the real contact
    /// area, A_p ≤ A_c (seed 000 Eq. 24).
    ContactAreaBound,
}

/// β_thres: its rule, and its values at the α sample velocities (for reports; checked
/// against the rule on decoding).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BetaThresSection {
    /// Rule the core applies at run time.
    pub rule: BetaThresRule,
    /// β_thres at each velocity of `AlphaSection::curve.v` (empty when α has no samples) \[-\].
    pub at_alpha_samples: Vec<f32, ALPHA_SAMPLES>,
    /// Lower ends of the 95 % intervals of `at_alpha_samples` (from α's upper ends) \[-\].
    pub ci95_lo: Vec<f32, ALPHA_SAMPLES>,
    /// Upper ends of the 95 % intervals (from α's lower ends; +∞ where α's interval reaches 0:
    /// the data cannot exclude that no particle ever carries load) \[-\].
    pub ci95_hi: Vec<f32, ALPHA_SAMPLES>,
}

/// Contact-cluster statistics of the BEM (seed 000 Eq. 8, §6.3, App. D–F), all
/// dimensionless, with the pressure scaled as p/E*.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClusterSection {
    /// Coefficient of determination R² of the κ fit of A_c/A_0 = κ/h'_rms · p/E* (Eq. 8).
    pub kappa_fit_r2: f32,
    /// Pressure range of the fits, `[p_min, p_max]` \[Pa\].
    pub pressure_range: [f32; 2],
    /// Nucleation phase (App. E, Eq. 43–44): d̄_c/d̄ = a_n·(p/E*)^(−1/2); holds `a_n` \[-\].
    pub dc_nucleation: f32,
    /// Growth phase (App. F, Eq. 45): d̄_c/d̄ = a_g − c_g·(p/E*)^(1/2); holds `[a_g, c_g]` \[-\].
    pub dc_growth: [f32; 2],
    /// Slope of N_c/N_s against p/E* (nucleation phase: N_c ∝ p, App. E) \[-\].
    pub nc_over_ns_slope: f32,
}

/// The calibration table. Construct it with [`Table::seed000_defaults`] (documented
/// defaults), from the calibrator's results, or decode it with [`Table::from_bytes`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Who wrote it, how, and whether the values are calibrated.
    pub provenance: Provenance,
    /// τ0, κ, E*, h'_rms of the local friction law (Eq. 9).
    pub law: LawParams,
    /// Archard source and tool-carried fraction of the β-transport (Eq. 12–14).
    pub transport: TransportSection,
    /// α(v) (Eq. 23, Fig. 15).
    pub alpha: AlphaSection,
    /// β_thres (Eq. 24).
    pub beta_thres: BetaThresSection,
    /// Contact-cluster statistics and the κ fit; `None` when not calibrated (κ is then a
    /// literature value).
    pub clusters: Option<ClusterSection>,
    /// CV curves and model-choice thresholds of the COF random field (seed 004); empty when
    /// not calibrated.
    pub cof: CofSection,
    /// Pre-sliding data of the asperity model (seed 003); empty when not calibrated.
    pub presliding: PreslidingSection,
    /// Simulated wear coefficient K(p) (seed 001); `None`: the transport section's K holds.
    pub wear: Option<WearSection>,
    /// Friction of a dry third-body layer μ_3b(T) (seed 002), a study result with its own
    /// material identity; the law does not read it (μ at saturation is set by
    /// `particle_shear`).
    pub third_body: Option<ThirdBodySection>,
    /// The material pair and conditions the table describes (format 3; unrecorded in tables of
    /// formats 1 and 2).
    pub material: MaterialIdentity,
    /// Shear on the particle-borne area, μ_p (format 3); `None`: seed 000's Eq. 7, μ = 0 at
    /// β_thres.
    pub particle_shear: Option<ParticleShearSection>,
    /// Systematic intervals of α and β_thres with their budget (format 4); `None`: only the
    /// statistical intervals are known (every table of formats 1–3). The law does not read it.
    pub uncertainty: Option<UncertaintySection>,
}

impl Table {
    /// The validated friction law of this table: parameters, α(v) and, when the table has a
    /// particle-shear section, μ_p ([`FrictionLaw::with_particle_friction`]). Every user of
    /// the table (the bar, the controller, the C ABI, the export) gets the law here, so the one
    /// mechanism reaches all of them.
    ///
    /// # Errors
    ///
    /// those of [`FrictionLaw::new`] and [`FrictionLaw::with_particle_friction`] (a
    /// table decoded by [`Table::from_bytes`] has already passed them).
    pub fn friction_law(&self) -> Result<FrictionLaw, Error> {
        let law = FrictionLaw::new(self.law, self.alpha.curve.clone())?;
        match &self.particle_shear {
            None => Ok(law),
            Some(s) => law.with_particle_friction(s.particle_friction),
        }
    }

    /// Whether the values are documented defaults rather than a calibration.
    pub fn is_defaults_only(&self) -> bool {
        self.provenance.origin == ValueOrigin::DocumentedDefaults
    }
}
