//! The model: a validated table's friction law and node transport parameters, built into
//! storage the caller owns (no allocation), and μ(p, v, β) / β_thres(v) on it.
//!
//! C allocates a `TriboModel` (its size and alignment are in the header: an array of
//! `TRIBO_MODEL_WORDS` `uint64_t`), calls `tribo_model_init` once with the bytes of
//! `tables.bin`, and then shares the model read-only between threads and contact points. A
//! failed `tribo_model_init` leaves the storage marked uninitialised, so every later call on it
//! returns `TRIBO_STATUS_NOT_INITIALIZED` and nothing is evaluated from a rejected table.

use core::mem::{align_of, size_of};

use tribo_core::law::FrictionLaw;
use tribo_core::table::{MAX_TABLE_BYTES, Table, ValueOrigin};
use tribo_core::transport::TransportParams;

use crate::status::{TriboStatus, status_of};

/// Size of `TriboModel` in 8-byte words.
pub const TRIBO_MODEL_WORDS: usize = 160;

/// Largest table `tribo_model_init` accepts \[bytes\] (the core's `MAX_TABLE_BYTES`).
pub const TRIBO_MAX_TABLE_BYTES: usize = 4096;

/// Caller-owned storage of one model: opaque to C, `TRIBO_MODEL_WORDS` 8-byte words with the
/// alignment of `uint64_t`. Build it with `tribo_model_init`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TriboModel {
    /// Opaque; written only by `tribo_model_init`.
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

/// What the model was built from, for the FE user's log.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboModelInfo {
    /// Particle-free friction coefficient μ0 = τ0·κ/(E*·h'_rms) (seed 000 Eq. 9) \[-\].
    pub mu0: f32,
    /// Interface shear stiffness k_s given to `tribo_model_init` \[Pa/m\].
    pub shear_stiffness: f32,
    /// The table's tool-carried fraction ζ (Eq. 13); the node step does not use it (see
    /// `tribo_node_step`) \[-\].
    pub table_zeta: f32,
    /// RNG seed of the calibration run.
    pub seed: u64,
    /// Hash of the run's resolved configuration (0 for documented defaults).
    pub config_hash: u64,
    /// 1 if the table is a calibration, 0 if it holds documented defaults.
    pub calibrated: u32,
}

/// Tag in the first word of an initialised model: "TRBOMODL" xor the layout's size, so storage
/// written by a library with another layout is not mistaken for a model.
const MODEL_MAGIC: u64 = u64::from_be_bytes(*b"TRBOMODL") ^ size_of::<Model>() as u64;

/// The model as Rust sees it inside the caller's storage. `repr(C)` pins `magic` at offset 0.
#[repr(C)]
#[derive(Debug)]
pub(crate) struct Model {
    magic: u64,
    pub(crate) law: FrictionLaw,
    pub(crate) transport: TransportParams,
    pub(crate) shear_stiffness: f32,
    info: TriboModelInfo,
}

const _: () = assert!(size_of::<Model>() <= size_of::<TriboModel>());
const _: () = assert!(align_of::<Model>() <= align_of::<TriboModel>());
const _: () = assert!(TRIBO_MAX_TABLE_BYTES == MAX_TABLE_BYTES);

impl Model {
    /// Builds the model from table bytes: the core's full validation, then the law and the
    /// node transport (K(p) from the wear section when present, ζ = 0).
    fn from_table(bytes: &[u8], shear_stiffness: f32) -> Result<Self, TriboStatus> {
        let table = Table::from_bytes(bytes)?;
        let law = table.friction_law()?;
        if !(shear_stiffness.is_finite() && shear_stiffness > 0.0) {
            return Err(TriboStatus::InvalidParameter);
        }
        let t = &table.transport;
        let transport = TransportParams::point_from_table(t, table.wear.as_ref());
        transport.validate()?;
        let info = TriboModelInfo {
            mu0: law.mu0(),
            shear_stiffness,
            table_zeta: t.zeta,
            seed: table.provenance.seed,
            config_hash: table.provenance.config_hash,
            calibrated: u32::from(table.provenance.origin == ValueOrigin::Calibrated),
        };
        Ok(Self {
            magic: MODEL_MAGIC,
            law,
            transport,
            shear_stiffness,
            info,
        })
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

/// Builds a model from the bytes of a calibration table (`tables.bin`) into caller-owned
/// storage: the core's full validation (magic, version, length, CRC-32, decoding, physics),
/// the friction law (seed 000 Eq. 9, 23–24), and the node transport (Eq. 12: K, H, h_p, and
/// K(p) of the table's wear section when present).
///
/// `shear_stiffness` is the interface penalty stiffness k_s \[Pa/m\] of the Coulomb law
/// (Eq. 4; seed 000: E*/h_B with h_B half the sheet thickness), finite and > 0.
///
/// On any error the storage is marked uninitialised (every later call on it returns
/// `TRIBO_STATUS_NOT_INITIALIZED`): a rejected table is never evaluated.
///
/// # Safety
/// `model` must be null or point to writable storage of `sizeof(TriboModel)` bytes; `table`
/// must be null or point to `len` readable bytes. Neither may be accessed by another thread
/// during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_model_init(
    model: *mut TriboModel,
    table: *const u8,
    len: usize,
    shear_stiffness: f32,
) -> TriboStatus {
    if model.is_null() {
        return TriboStatus::NullPointer;
    }
    if !model.cast::<Model>().is_aligned() {
        return TriboStatus::Misaligned;
    }
    // SAFETY: non-null, aligned and writable (caller's contract): clears the tag first, so
    // the storage holds no model unless this call succeeds.
    unsafe { model.cast::<u64>().write(0) };
    if table.is_null() {
        return TriboStatus::NullPointer;
    }
    if len > TRIBO_MAX_TABLE_BYTES {
        return TriboStatus::TableTooLarge;
    }
    // SAFETY: non-null, `len` readable bytes (caller's contract), len ≤ 4096 < isize::MAX.
    let bytes = unsafe { core::slice::from_raw_parts(table, len) };
    status_of(Model::from_table(bytes, shear_stiffness).map(|m| {
        // SAFETY: storage large and aligned enough for `Model` (const assertions), writable
        // and not aliased (caller's contract). `write` does not drop the old bytes.
        unsafe { model.cast::<Model>().write(m) };
    }))
}

/// Copies what the model was built from into `*info`.
///
/// # Safety
/// `model` as for `tribo_node_step`; `info` null or writable.
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

/// μ(p, v, β) of the friction law (seed 000 Eq. 9, 23–24) into `*mu` \[-\]: in [0, μ0],
/// never NaN (β clamped to [0, β_thres(v)]; NaN β counts as 0; a non-finite v as 0).
///
/// `pressure` \[Pa\] is accepted for the FE signature only: with Eq. 23 the pressure cancels
/// and μ does not depend on it (it acts through the Archard source of the node step).
/// `slip_rate` v \[m/s\] enters through |v|.
///
/// # Safety
/// `model` as for `tribo_node_step`; `mu` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_mu(
    model: *const TriboModel,
    pressure: f32,
    slip_rate: f32,
    beta: f32,
    mu: *mut f32,
) -> TriboStatus {
    let _ = pressure;
    // SAFETY: caller's contract on `model`.
    let m = match unsafe { model_ref(model) } {
        Ok(m) => m,
        Err(s) => return s,
    };
    // SAFETY: caller's contract on `mu`.
    status_of(unsafe { write_out(mu, m.law.mu(slip_rate, beta)) })
}

/// β_thres(v) = κ/(α(v)·h'_rms) (seed 000 Eq. 24) into `*beta_thres` \[-\]; +∞ where α = 0.
///
/// # Safety
/// `model` as for `tribo_node_step`; `beta_thres` null or
/// writable.
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
    // SAFETY: caller's contract on `beta_thres`.
    status_of(unsafe { write_out(beta_thres, m.law.beta_thres(slip_rate)) })
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

/// Reads `*input` after checking it for null and alignment.
///
/// # Safety
/// `input` must be null or valid for a read of `T`, and any bit pattern must be a valid `T`
/// (only used with `repr(C)` structs of `f32`/`u32`).
pub(crate) unsafe fn read_in<T>(input: *const T) -> Result<T, TriboStatus> {
    if input.is_null() {
        return Err(TriboStatus::NullPointer);
    }
    if !input.is_aligned() {
        return Err(TriboStatus::Misaligned);
    }
    // SAFETY: non-null, aligned, readable (caller's contract); every bit pattern valid.
    Ok(unsafe { input.read() })
}
