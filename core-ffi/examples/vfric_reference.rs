//! The reference of `examples/c/vfric_stroke.c`: the same stroke through tribo-core's own
//! interface tick (`tribo_core::bar::tick` on a one-node line, ζ = 0), printed in the same
//! format. `.ci/run` diffs the two outputs: the C ABI must match the core bit for bit.
//!
//! ```sh
//! cargo run -p tribo-core-ffi --release --example vfric_reference -- core/tests/golden/format2-filled.bin
//! ```

use tribo_core::bar::tick;
use tribo_core::coulomb::{ContactState, CoulombSpring};
use tribo_core::table::Table;
use tribo_core::transport::TransportParams;

const INCREMENTS: u32 = 600;
const DT: f32 = 1.0e-3;
const PRESSURE: f32 = 20.0e6;
const DRAW_SPEED: f32 = 0.08;
const REVERSE_SPEED: f32 = -0.03;

/// The C example's `schedule`, operation for operation.
fn schedule(i: u32) -> (f32, f32) {
    let ramp = i.min(50) as f32 / 50.0;
    if i < 450 {
        (PRESSURE * ramp, DRAW_SPEED * ramp)
    } else if i < 480 {
        (PRESSURE, 0.0)
    } else if i < 520 {
        (PRESSURE, REVERSE_SPEED)
    } else {
        (0.0, DRAW_SPEED)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: vfric_reference TABLES_BIN")?;
    let table = Table::from_bytes(&std::fs::read(&path)?).map_err(|e| format!("{path}: {e}"))?;
    let law = table.friction_law().map_err(|e| e.to_string())?;
    let transport = TransportParams::point_from_table(&table.transport, table.wear.as_ref());
    let k_s: f32 = 55.0e9 / 0.75e-3;
    let (mut beta, mut springs, mut traction) = ([0.0f32], [CoulombSpring::new()], [0.0f32]);
    for i in 0..INCREMENTS {
        let (p, v) = schedule(i);
        tick(
            &law,
            &transport,
            k_s,
            DT,
            &[p],
            &[v],
            &mut beta,
            &mut springs,
            &mut traction,
        )
        .map_err(|e| format!("increment {i}: {e}"))?;
        let contact = match springs[0].state() {
            ContactState::Open => 0,
            ContactState::Stick => 1,
            ContactState::Slip => 2,
        };
        println!(
            "{i:4} {:08x} {:08x} {:08x} {:08x} {:08x} {:08x} {contact}",
            p.to_bits(),
            v.to_bits(),
            law.mu(v, beta[0]).to_bits(),
            beta[0].to_bits(),
            springs[0].elastic_slip().to_bits(),
            traction[0].to_bits()
        );
    }
    Ok(())
}
