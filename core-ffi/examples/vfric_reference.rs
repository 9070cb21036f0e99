//! The reference of `examples/c/vfric_stroke.c` and `examples/fortran/vfric_stroke.f90`: the
//! same mm-tonne-s stroke converted to SI as documented (`f64` product or quotient by the
//! exact power of ten, one rounding to `f32`; every value of this stroke is dyadic, so the
//! conversion is exact and asserted), run through tribo-core's own interface tick
//! (`tribo_core::bar::tick` on a one-node line, ζ = 0), and the tractions converted back to
//! MPa and to the force on the point's area, printed in the examples' format. `.ci/run` diffs
//! the three outputs: the C ABI's VFRIC-shaped call must match the core bit for bit.
//!
//! ```sh
//! cargo run -p tribo-core-ffi --release --example vfric_reference -- core/tests/golden/format2-filled.bin
//! ```

use tribo_core::bar::tick;
use tribo_core::coulomb::{ContactState, CoulombSpring};
use tribo_core::table::Table;
use tribo_core::transport::TransportParams;

const INCREMENTS: u32 = 600;
const RAMP: u32 = 64;
const DT: f32 = 1.0 / 1024.0; // s
const PRESSURE: f32 = 20.0; // MPa
const DRAW_SPEED: f32 = 78.125; // mm/s
const REVERSE_SPEED: f32 = -31.25; // mm/s
const AREA: f32 = 0.25; // mm²
const SHEAR_STIFFNESS: f32 = 64000.0; // MPa/mm

/// The C example's `schedule`, operation for operation (MPa, mm/s).
fn schedule(i: u32) -> (f32, f32) {
    let ramp = i.min(RAMP) as f32 / RAMP as f32;
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

/// mm-tonne-s → SI: x·10^k (k ≥ 0) or x/10^−k in f64, one rounding.
fn to_si(x: f32, k: i32) -> f32 {
    if k >= 0 {
        (f64::from(x) * 10f64.powi(k)) as f32
    } else {
        (f64::from(x) / 10f64.powi(-k)) as f32
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: vfric_reference TABLES_BIN")?;
    let table = Table::from_bytes(&std::fs::read(&path)?).map_err(|e| format!("{path}: {e}"))?;
    let law = table.friction_law().map_err(|e| e.to_string())?;
    let transport = TransportParams::point_from_table(&table.transport, table.wear.as_ref());
    let k_s = to_si(SHEAR_STIFFNESS, 9); // MPa/mm → Pa/m
    let (mut beta, mut springs, mut traction) = ([0.0f32], [CoulombSpring::new()], [0.0f32]);
    for i in 0..INCREMENTS {
        let (p_mpa, v_mm) = schedule(i);
        let ds_mm = v_mm * DT;
        // What the routine hands over: the normal force on the area, and back to a pressure.
        let p_mpa_routine = (p_mpa * AREA) / AREA;
        let p = to_si(p_mpa_routine, 6);
        let ds = to_si(ds_mm, -3);
        let v = ds / DT; // the call's |Δs|/Δt with the sign of the slip
        if f64::from(p) != f64::from(p_mpa) * 1e6 || v * DT != ds {
            return Err(format!("increment {i}: the stroke is not exact in SI").into());
        }
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
        // Traction back to MPa, force on the area in N, VFRIC's sign (opposing the slip).
        let t = [to_si(traction[0], -6), to_si(0.0, -6)];
        let f = t.map(|t| -(t * AREA));
        println!(
            "{i:4} {:08X} {:08X} {:08X} {:08X} {:08X} {:08X} {:08X} {:08X} {contact}",
            p_mpa.to_bits(),
            ds_mm.to_bits(),
            law.mu(v, beta[0]).to_bits(),
            beta[0].to_bits(),
            springs[0].elastic_slip().to_bits(),
            0.0f32.to_bits(),
            f[0].to_bits(),
            f[1].to_bits()
        );
    }
    Ok(())
}
