//! Issue 30 through the C ABI: the friction μ_p of the particle-borne area reaches
//! `tribo_mu` through the core's `Table::friction_law` (nothing in the ABI's sources names
//! it): a format-3 table with the section has μ = μ_p at and beyond β_thres, a format-2 table
//! is seed 000's law (μ = 0 there), bit for bit the Rust law in both.

mod common;

use tribo_core::table::Table;
use tribo_core_ffi::*;

const V2_FILLED: &[u8] = include_bytes!("../../core/tests/golden/format2-filled.bin");
const V3_FILLED: &[u8] = include_bytes!("../../core/tests/golden/format3-filled.bin");

fn mu_through_the_abi(bytes: &[u8], v: f32, beta: f32) -> f32 {
    let (model, s) = common::init(bytes);
    assert_eq!(s, TriboStatus::Ok);
    let mut mu = f32::NAN;
    // SAFETY: an initialised model and a writable f32.
    let s = unsafe { tribo_mu(&*model, 20.0e6, v, beta, &mut mu) };
    assert_eq!(s, TriboStatus::Ok);
    mu
}

#[test]
fn mu_p_reaches_the_c_abi_and_old_tables_keep_their_law() {
    for (bytes, floor) in [(V3_FILLED, 0.046f32), (V2_FILLED, 0.0)] {
        let law = Table::from_bytes(bytes).unwrap().friction_law().unwrap();
        assert_eq!(law.mu_saturated(), floor);
        for v in [0.08f32, 1.0, 30.0] {
            let bt = law.beta_thres(v);
            for beta in [0.0, 0.3 * bt, 0.9 * bt, bt, 3.0 * bt] {
                let mu = mu_through_the_abi(bytes, v, beta);
                assert_eq!(mu.to_bits(), law.mu(v, beta).to_bits(), "v {v} β {beta}");
            }
            assert_eq!(mu_through_the_abi(bytes, v, 3.0 * bt), floor);
        }
    }
}
