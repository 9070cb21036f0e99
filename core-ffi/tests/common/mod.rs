//! Tables, model construction and the stroke shared by the ABI tests.
#![allow(dead_code)]

use proptest::prelude::*;
use tribo_core::table::{MAX_TABLE_BYTES, Table};
use tribo_core_ffi::*;

/// The checked-in format-2 golden table: every section filled, a K(p) power law in its wear
/// section (so the node's source goes through the pressure law).
pub const FILLED: &[u8] = include_bytes!("../../../core/tests/golden/format2-filled.bin");

/// k_s = E*/h_B for seed 000's 1.5 mm sheet (h_B = 0.75 mm) \[Pa/m\].
pub const K_S: f32 = 55.0e9 / 0.75e-3;

/// The encoded seed-000 defaults.
pub fn defaults_bytes() -> Vec<u8> {
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = Table::seed000_defaults().encode(&mut buf).unwrap();
    buf[..n].to_vec()
}

/// Whether init built the model: `Ok`, or a warning (`FILLED` is a format-2 table without μ_p:
/// `WarningMuReachesZero`, the model works).
pub fn built(s: TriboStatus) -> bool {
    s == TriboStatus::Ok || s.is_warning()
}

/// `tribo_model_init` with this header's size and version.
///
/// # Safety
/// As `tribo_model_init`.
pub unsafe fn init_raw(
    model: *mut TriboModel,
    table: *const u8,
    len: usize,
    units: u32,
    k_s: f32,
) -> TriboStatus {
    // SAFETY: the caller's contract.
    unsafe {
        tribo_model_init(
            model,
            std::mem::size_of::<TriboModel>(),
            TRIBO_ABI_VERSION,
            table,
            len,
            units,
            k_s,
        )
    }
}

/// A boxed model of `bytes` in `units` with shear stiffness `k_s` (in those units).
pub fn init_in(bytes: &[u8], units: u32, k_s: f32) -> (Box<TriboModel>, TriboStatus) {
    let mut model = Box::new(TriboModel::zeroed());
    // SAFETY: a valid model storage and a valid byte slice.
    let s = unsafe { init_raw(&mut *model, bytes.as_ptr(), bytes.len(), units, k_s) };
    (model, s)
}

/// A boxed SI model of `bytes` with [`K_S`].
pub fn init(bytes: &[u8]) -> (Box<TriboModel>, TriboStatus) {
    init_in(bytes, TRIBO_UNITS_SI, K_S)
}

/// A strip-draw increment schedule with every regime: closing, steady sliding, dwell (stick),
/// reversal (unloading, reverse slip), leaving the tool (open). (p \[Pa\], v \[m/s\]).
pub fn schedule(i: u32) -> (f32, f32) {
    let ramp = (i.min(50) as f32) / 50.0;
    match i {
        0..=449 => (20.0e6 * ramp, 0.08 * ramp),
        450..=479 => (20.0e6, 0.0),
        480..=519 => (20.0e6, -0.03),
        _ => (0.0, 0.08),
    }
}

/// The dyadic stroke of the examples, in mm-tonne-s (p \[MPa\], v \[mm/s\]): every value and
/// its SI conversion is exact in f32 (the ramp in 64ths, 20 MPa, 78.125 mm/s, −31.25 mm/s).
pub fn dyadic_schedule(i: u32) -> (f32, f32) {
    let ramp = (i.min(64) as f32) / 64.0;
    match i {
        0..=449 => (20.0 * ramp, 78.125 * ramp),
        450..=479 => (20.0, 0.0),
        480..=519 => (20.0, -31.25),
        _ => (0.0, 78.125),
    }
}

/// Δt of the dyadic stroke \[s\]: 2⁻¹⁰ s ≈ 0.98 ms.
pub const DYADIC_DT: f32 = 1.0 / 1024.0;

/// Floats for the property tests: arbitrary bits, the special values, and plausible ranges.
pub fn any_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<u32>().prop_map(f32::from_bits),
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(0.0f32),
        -1.0e8f32..1.0e8,
        1.0e-4f32..1.0e-2,
    ]
}
