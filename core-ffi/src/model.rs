//! The model: a validated table's friction law and node transport parameters, built into
//! storage the caller owns (no allocation), with the unit system and the plausibility bounds
//! chosen at init, and μ(p, v, β) / β_thres(v) on it.
//!
//! C allocates a `TriboModel` (its size and alignment are in the header: an array of
//! `TRIBO_MODEL_WORDS` `uint64_t`), calls `tribo_model_init` once with `sizeof(TriboModel)`,
//! `TRIBO_ABI_VERSION`, the bytes of `tables.bin`, the unit system and k_s, and then shares
//! the model read-only between threads and contact points. A failed `tribo_model_init`
//! leaves the storage marked uninitialised, so every later call on it returns
//! `TRIBO_STATUS_NOT_INITIALIZED` and nothing is evaluated from a rejected table.
//!
//! **Handshake.** A routine compiled against a stale header passes the old `TRIBO_ABI_VERSION`
//! and the old `sizeof(TriboModel)`: init refuses both (`TRIBO_STATUS_ABI_VERSION_MISMATCH`,
//! `TRIBO_STATUS_MODEL_SIZE_MISMATCH`, the latter before writing a byte), so a layout change
//! can never make the library write past the caller's storage or read a struct of another
//! shape. The tag in the storage's first word also encodes the version and the layout size.

use core::mem::{align_of, size_of};

use tribo_core::law::{ALPHA_SAMPLES, FrictionLaw};
use tribo_core::table::{MAX_TABLE_BYTES, ParticleShearOrigin, Table, Uncertain, ValueOrigin};
use tribo_core::transport::TransportParams;

use crate::plausible::{self, Bounds, MAX_SLIP_RATE};
use crate::status::{TriboStatus, status_of};
use crate::units::{Pow10, UnitSystem};

/// Version of this C ABI: the layout of every struct and the signature of every function.
/// Bumped on any change; tribo_model_init refuses another version. 1 was the ABI of issue 19
/// (SI only, no handshake); 2 added units and the handshake; 3 (issues 42 and 45) added mu_p,
/// the table's format version and the systematic budget to TriboModelInfo, the alpha samples
/// with their intervals (tribo_model_alpha_sample) and the warning status of a table without
/// mu_p.
pub const TRIBO_ABI_VERSION: u32 = 3;

/// Size of TriboModel in 8-byte words.
pub const TRIBO_MODEL_WORDS: usize = 384;

/// Size of a NUL-terminated UTF-8 name in TriboModelInfo, in bytes (the terminating NUL
/// included; a longer name is cut on a character boundary).
pub const TRIBO_NAME_BYTES: usize = 48;

/// Largest number of alpha samples of a table (TriboModelInfo.alpha_samples is at most this).
pub const TRIBO_ALPHA_SAMPLES: u32 = 16;

/// TriboModelInfo.particle_friction_origin: the table has no mu_p (formats 1 and 2): mu
/// reaches 0 at saturation (tribo_model_init returned TRIBO_STATUS_WARNING_MU_REACHES_ZERO).
pub const TRIBO_MU_P_NONE: u32 = 0;
/// mu_p is a documented default (a ratio of mu0), not computed for this table.
pub const TRIBO_MU_P_DOCUMENTED_DEFAULT: u32 = 1;
/// mu_p fitted to measured strip-draw friction (tribo fit strip-draw).
pub const TRIBO_MU_P_FITTED_STRIP_DRAW: u32 = 2;
/// mu_p solved from seed 000's published one- and three-pass reductions (tribo calibrate).
pub const TRIBO_MU_P_FITTED_SEED000_PASSES: u32 = 3;
/// mu_p from seed 002's shear cell run for this pair's flake layer.
pub const TRIBO_MU_P_SIMULATED_SHEAR_CELL: u32 = 4;

/// Largest table tribo_model_init accepts, in bytes (the core's MAX_TABLE_BYTES).
pub const TRIBO_MAX_TABLE_BYTES: usize = 4096;

/// Largest plausible slip rate in m/s, whatever the model's units (see
/// TRIBO_STATUS_SLIP_RATE_ABOVE_PLAUSIBLE; the model's own unit: TriboModelInfo).
pub const TRIBO_MAX_SLIP_RATE_SI: f32 = 100.0;

/// Largest plausible slip increment in one increment, in m (TRIBO_STATUS_SLIP_INCREMENT_INVALID).
pub const TRIBO_MAX_SLIP_INCREMENT_SI: f32 = 1.0;

/// Caller-owned storage of one model: opaque to C, TRIBO_MODEL_WORDS 8-byte words with the
/// alignment of uint64_t. Build it with tribo_model_init; afterwards it is read-only and may
/// be shared by all threads.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TriboModel {
    /// Opaque; written only by tribo_model_init.
    pub opaque: [u64; TRIBO_MODEL_WORDS],
}

impl TriboModel {
    /// Zeroed (uninitialised) storage.
    pub const fn zeroed() -> Self {
        Self {
            opaque: [0; TRIBO_MODEL_WORDS],
        }
    }
}

/// What the model was built from and the bounds it checks, for the FE user's log. Values
/// with a unit are in the model's units.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TriboModelInfo {
    /// RNG seed of the calibration run (Fortran: a signed 64-bit integer of the same bits).
    pub seed: u64,
    /// Hash of the run's resolved configuration (0 for documented defaults).
    pub config_hash: u64,
    /// 1 if the table is a calibration, 0 if it holds documented defaults or a fit on them.
    pub calibrated: u32,
    /// The TRIBO_UNITS_* value the model was created with.
    pub units: u32,
    /// Particle-free friction coefficient mu0 = tau0 kappa/(E* h'_rms) (seed 000 Eq. 9).
    pub mu0: f32,
    /// Interface shear stiffness k_s as given to tribo_model_init (stress/length).
    pub shear_stiffness: f32,
    /// The table's tool-carried fraction zeta (Eq. 13); the steps do not use it (a point
    /// knows no neighbours, see tribo_node_step).
    pub table_zeta: f32,
    /// Smallest positive contact pressure accepted (stress; 1/1000 of the lowest calibrated
    /// pressure, TRIBO_STATUS_PRESSURE_BELOW_PLAUSIBLE).
    pub pressure_min: f32,
    /// Largest contact pressure accepted (stress; TRIBO_STATUS_PRESSURE_ABOVE_PLAUSIBLE).
    pub pressure_max: f32,
    /// Largest slip rate accepted (velocity; TRIBO_MAX_SLIP_RATE_SI in the model's units).
    pub slip_rate_max: f32,
    /// Format version of the table file (1 to 4; 1 and 2 carry no mu_p, 1 to 3 no systematic
    /// interval).
    pub format_version: u32,
    /// Where mu_p comes from: TRIBO_MU_P_NONE (no mu_p: mu reaches 0 at saturation) or
    /// another TRIBO_MU_P_* value.
    pub particle_friction_origin: u32,
    /// Friction of the particle-borne area mu_p, the floor of mu at saturation (beta >=
    /// beta_thres): mu stays in [mu_p, mu0]. 0 when particle_friction_origin is
    /// TRIBO_MU_P_NONE: mu then reaches 0 at saturation.
    pub particle_friction: f32,
    /// Interval of mu_p [lo, hi] (its meaning depends on the origin: a 95 % interval of a fit
    /// or of seeds, [mu_p, mu_p] for a documented default); 0 for no mu_p.
    pub particle_friction_interval: [f32; 2],
    /// Number of alpha samples (valid indices of tribo_model_alpha_sample: 0 to
    /// alpha_samples - 1).
    pub alpha_samples: u32,
    /// 1 if the table carries systematic intervals of alpha and beta_thres (format 4 with a
    /// systematic budget), 0 if only the statistical 95 % intervals are known: these are the
    /// precision of alpha at fixed model choices, not its accuracy.
    pub has_systematic: u32,
    /// The dominant term of the systematic budget (largest half-width in ln alpha), e.g.
    /// "drag gamma (forming oil 20-80 C)", NUL-terminated UTF-8; empty when has_systematic is 0.
    pub dominant_systematic: [u8; TRIBO_NAME_BYTES],
}

impl Default for TriboModelInfo {
    fn default() -> Self {
        Self {
            seed: 0,
            config_hash: 0,
            calibrated: 0,
            units: 0,
            mu0: 0.0,
            shear_stiffness: 0.0,
            table_zeta: 0.0,
            pressure_min: 0.0,
            pressure_max: 0.0,
            slip_rate_max: 0.0,
            format_version: 0,
            particle_friction_origin: TRIBO_MU_P_NONE,
            particle_friction: 0.0,
            particle_friction_interval: [0.0; 2],
            alpha_samples: 0,
            has_systematic: 0,
            dominant_systematic: [0; TRIBO_NAME_BYTES],
        }
    }
}

/// One alpha sample of the table (seed 000 Eq. 23, Fig. 15) and beta_thres at it (Eq. 24),
/// each with three intervals [lo, hi]: the statistical 95 % interval (bootstrap over surface
/// pairs: the precision at fixed model choices, NOT the accuracy), the systematic interval
/// (over the admissible range of the model choices a user cannot pin down, combined by the
/// table's rule: half-widths in ln alpha add in quadrature) and the total (both combined the
/// same way). When has_systematic is 0 the systematic interval is unknown (NaN, not zero) and
/// the total is the statistical interval alone. An end of +infinity (beta_thres where alpha's
/// interval reaches 0) is possible.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboAlphaSample {
    /// Slip rate of the sample (velocity, the model's units).
    pub slip_rate: f32,
    /// alpha at this slip rate (dimensionless).
    pub alpha: f32,
    /// Statistical 95 % interval of alpha.
    pub alpha_statistical: [f32; 2],
    /// Systematic interval of alpha (NaN when has_systematic is 0).
    pub alpha_systematic: [f32; 2],
    /// Total interval of alpha.
    pub alpha_total: [f32; 2],
    /// beta_thres = kappa/(alpha h'_rms) at this slip rate (dimensionless).
    pub beta_thres: f32,
    /// Statistical 95 % interval of beta_thres (from alpha's, ends swapped).
    pub beta_thres_statistical: [f32; 2],
    /// Systematic interval of beta_thres (NaN when has_systematic is 0).
    pub beta_thres_systematic: [f32; 2],
    /// Total interval of beta_thres.
    pub beta_thres_total: [f32; 2],
    /// Number of simulations behind the sample (0 for a format-1 table).
    pub cases: u32,
    /// 1 if the systematic intervals are known, 0 otherwise.
    pub has_systematic: u32,
}

/// Tag in the first word of an initialised model: "TRBOMODL" xor the layout's size and the
/// ABI version, so storage written by a library with another layout is not mistaken for a
/// model.
const MODEL_MAGIC: u64 = u64::from_be_bytes(*b"TRBOMODL")
    ^ size_of::<Model>() as u64
    ^ ((TRIBO_ABI_VERSION as u64) << 32);

/// The model as Rust sees it inside the caller's storage. `repr(C)` pins `magic` at offset 0.
#[repr(C)]
#[derive(Debug)]
pub(crate) struct Model {
    magic: u64,
    pub(crate) law: FrictionLaw,
    pub(crate) transport: TransportParams,
    /// k_s in SI \[Pa/m\].
    pub(crate) shear_stiffness: f32,
    pub(crate) units: UnitSystem,
    pub(crate) bounds: Bounds,
    info: TriboModelInfo,
    /// The alpha samples with their intervals, slip rates in SI \[m/s\].
    samples: [TriboAlphaSample; ALPHA_SAMPLES],
}

const _: () = assert!(size_of::<Model>() <= size_of::<TriboModel>());
const _: () = assert!(align_of::<Model>() <= align_of::<TriboModel>());
const _: () = assert!(TRIBO_MAX_TABLE_BYTES == MAX_TABLE_BYTES);
const _: () = assert!(TRIBO_MAX_SLIP_RATE_SI == MAX_SLIP_RATE);
const _: () = assert!(TRIBO_MAX_SLIP_INCREMENT_SI == plausible::MAX_SLIP_INCREMENT);
const _: () = assert!(TRIBO_ALPHA_SAMPLES as usize == ALPHA_SAMPLES);
const _: () = assert!(TRIBO_NAME_BYTES > tribo_core::table::TERM_NAME_CAPACITY);

/// The TRIBO_MU_P_* code of a table's mu_p origin.
fn mu_p_origin(origin: ParticleShearOrigin) -> u32 {
    match origin {
        ParticleShearOrigin::DocumentedDefault => TRIBO_MU_P_DOCUMENTED_DEFAULT,
        ParticleShearOrigin::FittedStripDraw => TRIBO_MU_P_FITTED_STRIP_DRAW,
        ParticleShearOrigin::FittedSeed000Passes => TRIBO_MU_P_FITTED_SEED000_PASSES,
        ParticleShearOrigin::SimulatedShearCell => TRIBO_MU_P_SIMULATED_SHEAR_CELL,
    }
}

/// `name` as NUL-terminated UTF-8, cut on a character boundary to leave room for the NUL.
fn c_name(name: &str) -> [u8; TRIBO_NAME_BYTES] {
    let mut out = [0u8; TRIBO_NAME_BYTES];
    let mut end = 0;
    for (at, c) in name.char_indices() {
        let next = at + c.len_utf8();
        if next >= TRIBO_NAME_BYTES {
            break;
        }
        end = next;
    }
    if let (Some(dst), Some(src)) = (out.get_mut(..end), name.as_bytes().get(..end)) {
        dst.copy_from_slice(src);
    }
    out
}

/// The three intervals of one value as (statistical, systematic or NaN, total).
fn intervals(u: Uncertain) -> ([f32; 2], [f32; 2], [f32; 2]) {
    (
        u.statistical,
        u.systematic.unwrap_or([f32::NAN; 2]),
        u.total,
    )
}

/// The table's alpha samples with their intervals (slip rates SI).
fn alpha_samples(table: &Table) -> [TriboAlphaSample; ALPHA_SAMPLES] {
    let mut out = [TriboAlphaSample::default(); ALPHA_SAMPLES];
    let curve = &table.alpha.curve;
    for (i, slot) in out.iter_mut().enumerate() {
        let (Some(&v), Some(&cases), Some(a), Some(b)) = (
            curve.v.get(i),
            curve.cases.get(i),
            table.alpha_uncertainty(i),
            table.beta_thres_uncertainty(i),
        ) else {
            break;
        };
        let (a_stat, a_sys, a_tot) = intervals(a);
        let (b_stat, b_sys, b_tot) = intervals(b);
        *slot = TriboAlphaSample {
            slip_rate: v,
            alpha: a.value,
            alpha_statistical: a_stat,
            alpha_systematic: a_sys,
            alpha_total: a_tot,
            beta_thres: b.value,
            beta_thres_statistical: b_stat,
            beta_thres_systematic: b_sys,
            beta_thres_total: b_tot,
            cases: u32::from(cases),
            has_systematic: u32::from(a.systematic.is_some()),
        };
    }
    out
}

impl Model {
    /// Builds the model from table bytes: the core's full validation, then the law, the node
    /// transport (K(p) from the wear section when present, ζ = 0), k_s in SI and the bounds.
    fn from_table(
        bytes: &[u8],
        units: UnitSystem,
        shear_stiffness: f32,
    ) -> Result<Self, TriboStatus> {
        let table = Table::from_bytes(bytes)?;
        let law = table.friction_law()?;
        let k_s = units.stiffness.to_si(shear_stiffness);
        plausible::shear_stiffness(k_s, table.law.e_star)?;
        let t = &table.transport;
        let transport = TransportParams::point_from_table(t, table.wear.as_ref());
        transport.validate()?;
        let bounds = Bounds::of_table(&table);
        let mu_p = table.particle_shear.as_ref();
        let dominant = table.dominant_systematic();
        let info = TriboModelInfo {
            seed: table.provenance.seed,
            config_hash: table.provenance.config_hash,
            calibrated: u32::from(table.provenance.origin == ValueOrigin::Calibrated),
            units: units.code,
            mu0: law.mu0(),
            shear_stiffness,
            table_zeta: t.zeta,
            pressure_min: units.stress.si_to_unit(bounds.pressure_min),
            pressure_max: units.stress.si_to_unit(bounds.pressure_max),
            slip_rate_max: units.velocity.si_to_unit(MAX_SLIP_RATE),
            format_version: u32::from(Table::file_format_version(bytes)?),
            particle_friction_origin: mu_p.map_or(TRIBO_MU_P_NONE, |p| mu_p_origin(p.origin)),
            particle_friction: mu_p.map_or(0.0, |p| p.particle_friction),
            particle_friction_interval: mu_p.map_or([0.0; 2], |p| p.ci95),
            alpha_samples: u32::try_from(table.alpha.curve.v.len()).unwrap_or(0),
            has_systematic: u32::from(dominant.is_some()),
            dominant_systematic: c_name(dominant.map_or("", |t| t.name.as_str())),
        };
        Ok(Self {
            magic: MODEL_MAGIC,
            law,
            transport,
            shear_stiffness: k_s,
            units,
            bounds,
            info,
            samples: alpha_samples(&table),
        })
    }

    /// Whether the table has no mu_p (init's warning).
    fn mu_reaches_zero(&self) -> bool {
        self.info.particle_friction_origin == TRIBO_MU_P_NONE
    }
}

/// Checks a model pointer (null, alignment, initialised) and borrows the model.
///
/// # Safety
/// `model` must be null or point to `size_of::<TriboModel>()` readable bytes that nothing
/// writes during the borrow.
pub(crate) unsafe fn model_ref<'a>(model: *const TriboModel) -> Result<&'a Model, TriboStatus> {
    if model.is_null() {
        return Err(TriboStatus::NullPointer);
    }
    if !model.cast::<Model>().is_aligned() {
        return Err(TriboStatus::Misaligned);
    }
    // SAFETY: non-null, aligned for u64 (checked above) and readable (caller's contract); any
    // bit pattern is a valid u64.
    let magic = unsafe { model.cast::<u64>().read() };
    if magic != MODEL_MAGIC {
        return Err(TriboStatus::NotInitialized);
    }
    // SAFETY: the tag is written only by `tribo_model_init`, together with a complete `Model`
    // (`ptr::write` of a value built by `Model::from_table`), and the storage is large and
    // aligned enough (the const assertions above).
    Ok(unsafe { &*model.cast::<Model>() })
}

/// The ABI version of this library (TRIBO_ABI_VERSION of the header it was built with).
/// tribo_model_init refuses another; call this to log both when they differ.
#[unsafe(no_mangle)]
pub extern "C" fn tribo_abi_version() -> u32 {
    TRIBO_ABI_VERSION
}

/// Builds a model from the bytes of a calibration table (tables.bin) into caller-owned
/// storage: the handshake (model_size must be sizeof(TriboModel), abi_version must be
/// TRIBO_ABI_VERSION, both of the header the caller was compiled with), the core's full
/// table validation (magic, version, length, CRC-32, decoding, physics), the friction law
/// (seed 000 Eq. 9, 23-24), the node transport (Eq. 12: K, H, h_p, and K(p) of the table's
/// wear section when present), the unit system and the plausibility bounds.
///
/// units is one of TRIBO_UNITS_SI, TRIBO_UNITS_MM_TONNE_S, TRIBO_UNITS_MM_MS_KG: every
/// later input and output of this model is in it (the state variables excepted, which stay
/// SI). shear_stiffness is the interface penalty stiffness k_s of the Coulomb law (Eq. 4;
/// seed 000: E*/h_B with h_B half the sheet thickness) in stress/length of those units
/// (Pa/m, MPa/mm, GPa/mm).
///
/// Call it once per process before the first increment (Abaqus: VEXTERNALDB / UEXTERNALDB at
/// the start of the analysis; see the header's "Threads and one-time initialisation").
/// Returns TRIBO_STATUS_OK, or the warning TRIBO_STATUS_WARNING_MU_REACHES_ZERO for a table
/// without mu_p (formats 1 and 2): the model is then built and works, but mu reaches 0 at
/// saturation. On any error the storage is marked uninitialised (every later call on it returns
/// TRIBO_STATUS_NOT_INITIALIZED): a rejected table is never evaluated. On a size mismatch
/// nothing is written.
///
/// # Safety
/// model must be null or point to writable storage of model_size bytes; table must be null or
/// point to table_len readable bytes. Neither may be accessed by another thread during the
/// call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_model_init(
    model: *mut TriboModel,
    model_size: usize,
    abi_version: u32,
    table: *const u8,
    table_len: usize,
    units: u32,
    shear_stiffness: f32,
) -> TriboStatus {
    if model.is_null() {
        return TriboStatus::NullPointer;
    }
    if model_size != size_of::<TriboModel>() {
        return TriboStatus::ModelSizeMismatch;
    }
    if !model.cast::<Model>().is_aligned() {
        return TriboStatus::Misaligned;
    }
    // SAFETY: non-null, aligned and writable for model_size = sizeof(TriboModel) ≥ 8 bytes
    // (caller's contract): clears the tag first, so the storage holds no model unless this
    // call succeeds.
    unsafe { model.cast::<u64>().write(0) };
    if abi_version != TRIBO_ABI_VERSION {
        return TriboStatus::AbiVersionMismatch;
    }
    if table.is_null() {
        return TriboStatus::NullPointer;
    }
    if table_len > TRIBO_MAX_TABLE_BYTES {
        return TriboStatus::TableTooLarge;
    }
    let Some(units) = UnitSystem::from_code(units) else {
        return TriboStatus::UnknownUnits;
    };
    // SAFETY: non-null, table_len readable bytes (caller's contract), ≤ 4096 < isize::MAX.
    let bytes = unsafe { core::slice::from_raw_parts(table, table_len) };
    match Model::from_table(bytes, units, shear_stiffness) {
        Ok(m) => {
            let warn = m.mu_reaches_zero();
            // SAFETY: storage large and aligned enough for `Model` (const assertions),
            // writable and not aliased (caller's contract). `write` does not drop the old
            // bytes.
            unsafe { model.cast::<Model>().write(m) };
            if warn {
                TriboStatus::WarningMuReachesZero
            } else {
                TriboStatus::Ok
            }
        }
        Err(s) => s,
    }
}

/// Copies what the model was built from (provenance, the table's format version, mu0, mu_p
/// and its origin, the systematic budget's dominant term), its unit system and its
/// plausibility bounds into *info.
///
/// # Safety
/// model as for tribo_node_step; info null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_model_info(
    model: *const TriboModel,
    info: *mut TriboModelInfo,
) -> TriboStatus {
    // SAFETY: caller's contract on `model`.
    let m = match unsafe { model_ref(model) } {
        Ok(m) => m,
        Err(s) => return s,
    };
    // SAFETY: caller's contract on `info` (null and alignment checked by `write_out`).
    status_of(unsafe { write_out(info, m.info) })
}

/// Copies alpha sample `index` (0 to TriboModelInfo.alpha_samples - 1) with beta_thres at it
/// and their statistical, systematic and total intervals into *sample; the slip rate in the
/// model's velocity unit. Print both intervals: the statistical one alone is the precision of
/// alpha at fixed model choices, not its accuracy. TRIBO_STATUS_OUT_OF_DOMAIN for an index
/// past the samples.
///
/// # Safety
/// model as for tribo_node_step; sample null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_model_alpha_sample(
    model: *const TriboModel,
    index: u32,
    sample: *mut TriboAlphaSample,
) -> TriboStatus {
    // SAFETY: caller's contract on `model`.
    let m = match unsafe { model_ref(model) } {
        Ok(m) => m,
        Err(s) => return s,
    };
    let found = usize::try_from(index)
        .ok()
        .filter(|&i| i < m.info.alpha_samples as usize)
        .and_then(|i| m.samples.get(i));
    let Some(&s) = found else {
        return TriboStatus::OutOfDomain;
    };
    let out = TriboAlphaSample {
        slip_rate: m.units.velocity.si_to_unit(s.slip_rate),
        ..s
    };
    // SAFETY: caller's contract on `sample` (null and alignment checked by `write_out`).
    status_of(unsafe { write_out(sample, out) })
}

impl Model {
    /// `x` of quantity `q` in SI. `SI` is whether the model is SI (the steps dispatch on it
    /// once per call, so an SI model converts nothing); `false` is right for any model.
    #[inline]
    fn in_si<const SI: bool>(&self, q: Pow10, x: f32) -> f32 {
        if SI { x } else { q.to_si(x) }
    }

    /// `x` (SI) of quantity `q` in the model's units (`SI` as for `in_si`).
    #[inline]
    fn in_units<const SI: bool>(&self, q: Pow10, x: f32) -> f32 {
        if SI { x } else { q.si_to_unit(x) }
    }

    /// A slip rate in the model's units, checked, in SI \[m/s\].
    #[inline]
    pub(crate) fn slip_rate_si<const SI: bool>(&self, v: f32) -> Result<f32, TriboStatus> {
        let v = self.in_si::<SI>(self.units.velocity, v);
        plausible::slip_rate(v)?;
        Ok(v)
    }

    /// A contact pressure in the model's units, checked, in SI \[Pa\].
    #[inline]
    pub(crate) fn pressure_si<const SI: bool>(&self, p: f32) -> Result<f32, TriboStatus> {
        let p = self.in_si::<SI>(self.units.stress, p);
        self.bounds.pressure(p)?;
        Ok(p)
    }

    /// A time increment in the model's units, checked, in SI \[s\].
    #[inline]
    pub(crate) fn time_step_si<const SI: bool>(&self, dt: f32) -> Result<f32, TriboStatus> {
        let dt = self.in_si::<SI>(self.units.time, dt);
        plausible::time_step(dt)?;
        Ok(dt)
    }

    /// A length in the model's units in SI \[m\] (unchecked: see `plausible::slip_increment`).
    #[inline]
    pub(crate) fn length_si<const SI: bool>(&self, x: f32) -> f32 {
        self.in_si::<SI>(self.units.length, x)
    }

    /// A stress in SI \[Pa\] in the model's units.
    #[inline]
    pub(crate) fn stress_out<const SI: bool>(&self, x: f32) -> f32 {
        self.in_units::<SI>(self.units.stress, x)
    }

    /// A slip rate in SI \[m/s\] in the model's units.
    #[inline]
    pub(crate) fn velocity_out<const SI: bool>(&self, x: f32) -> f32 {
        self.in_units::<SI>(self.units.velocity, x)
    }
}

/// mu(p, v, beta) of the friction law (seed 000 Eq. 9, 23-24) into *mu: in [mu_p, mu0],
/// mu = mu0 (1 - x) + mu_p x with x = min(beta/beta_thres(v), 1), so mu = mu_p at and beyond
/// saturation (TriboModelInfo.particle_friction). For a table without mu_p (formats 1 and 2;
/// init returned TRIBO_STATUS_WARNING_MU_REACHES_ZERO) mu_p = 0: mu in [0, mu0], 0 at
/// saturation.
///
/// Every input is checked as in a step (pressure, slip rate, beta: the TRIBO_STATUS_*_INVALID
/// and *_PLAUSIBLE codes). The pressure (stress unit of the model) enters nothing else: with
/// Eq. 23 it cancels and mu does not depend on it (it acts through the Archard source of the
/// steps). The slip rate v (velocity unit of the model) enters through |v|.
///
/// # Safety
/// model as for tribo_node_step; mu null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_mu(
    model: *const TriboModel,
    pressure: f32,
    slip_rate: f32,
    beta: f32,
    mu: *mut f32,
) -> TriboStatus {
    // SAFETY: caller's contract on `model`.
    let m = match unsafe { model_ref(model) } {
        Ok(m) => m,
        Err(s) => return s,
    };
    let r = m.pressure_si::<false>(pressure).and_then(|_| {
        let v = m.slip_rate_si::<false>(slip_rate)?;
        if !plausible::beta(beta) {
            return Err(TriboStatus::BetaInvalid);
        }
        // SAFETY: caller's contract on `mu`.
        unsafe { write_out(mu, m.law.mu(v, beta)) }
    });
    status_of(r)
}

/// beta_thres(v) = kappa/(alpha(v) h'_rms) (seed 000 Eq. 24) into *beta_thres; +infinity
/// where alpha = 0 (v = 0). The slip rate is in the model's velocity unit and checked.
///
/// # Safety
/// model as for tribo_node_step; beta_thres null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_beta_thres(
    model: *const TriboModel,
    slip_rate: f32,
    beta_thres: *mut f32,
) -> TriboStatus {
    // SAFETY: caller's contract on `model`.
    let m = match unsafe { model_ref(model) } {
        Ok(m) => m,
        Err(s) => return s,
    };
    let r = m.slip_rate_si::<false>(slip_rate).and_then(|v| {
        // SAFETY: caller's contract on `beta_thres`.
        unsafe { write_out(beta_thres, m.law.beta_thres(v)) }
    });
    status_of(r)
}

/// Writes `value` through `out` after checking it for null and alignment.
///
/// # Safety
/// `out` must be null or valid for a write of `T`.
pub(crate) unsafe fn write_out<T>(out: *mut T, value: T) -> Result<(), TriboStatus> {
    if out.is_null() {
        return Err(TriboStatus::NullPointer);
    }
    if !out.is_aligned() {
        return Err(TriboStatus::Misaligned);
    }
    // SAFETY: non-null, aligned, writable (caller's contract).
    unsafe { out.write(value) };
    Ok(())
}

/// Borrows `*input` after checking it for null and alignment. A borrow, not a copy: the
/// fields are then loaded one by one where used, where a copy of the struct was loaded in
/// 8-byte pairs that stalled on the caller's just-written 4-byte fields (store forwarding;
/// bench `ffi_node`).
///
/// # Safety
/// `input` must be null or valid for a read of `T` that no thread writes during `'a`, and any
/// bit pattern must be a valid `T` (only used with `repr(C)` structs of `f32`/`u32`).
pub(crate) unsafe fn read_in<'a, T>(input: *const T) -> Result<&'a T, TriboStatus> {
    if input.is_null() {
        return Err(TriboStatus::NullPointer);
    }
    if !input.is_aligned() {
        return Err(TriboStatus::Misaligned);
    }
    // SAFETY: non-null, aligned, readable and not written during 'a (caller's contract);
    // every bit pattern valid.
    Ok(unsafe { &*input })
}

/// The pointer protocol of a step function: checks the model, `output`, reads `*state` and
/// `*input`, runs `step_si` on an SI model or `step_units` on one in other units (the step's
/// two monomorphisations, one dispatch per call), and writes the new state and the output
/// only when it succeeds.
///
/// # Safety
/// `model` as in `model_ref`; `state`, `input`, `output` null or valid for their type
/// (read/write, read, write), any bit pattern valid for `S` and `I` (plain `f32`/`u32`
/// structs); `state` and `output` not overlapping.
#[inline]
pub(crate) unsafe fn step_through<S, I, O>(
    model: *const TriboModel,
    state: *mut S,
    input: *const I,
    output: *mut O,
    step_si: impl FnOnce(&Model, &S, &I) -> Result<(S, O), TriboStatus>,
    step_units: impl FnOnce(&Model, &S, &I) -> Result<(S, O), TriboStatus>,
) -> TriboStatus {
    // SAFETY: caller's contract on `model`.
    let m = match unsafe { model_ref(model) } {
        Ok(m) => m,
        Err(s) => return s,
    };
    if output.is_null() {
        return TriboStatus::NullPointer;
    }
    if !output.is_aligned() {
        return TriboStatus::Misaligned;
    }
    // SAFETY: caller's contract on `state` and `input`.
    let r = unsafe { read_in(state.cast_const()) }.and_then(|s| {
        // SAFETY: as above.
        let i = unsafe { read_in(input) }?;
        if m.units.is_si() {
            step_si(m, s, i)
        } else {
            step_units(m, s, i)
        }
    });
    // The borrows of `*state` and `*input` end here, before either pointer is written.
    match r {
        Ok((s, o)) => {
            // SAFETY: `state` passed the null and alignment checks of `read_in`, `output`
            // those above; the caller's contract makes both writable.
            unsafe {
                state.write(s);
                output.write(o);
            }
            TriboStatus::Ok
        }
        Err(e) => e,
    }
}
