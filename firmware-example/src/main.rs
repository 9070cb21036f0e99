//! A `#![no_std]`, `#![no_main]` program on `tribo-core`, linked on the host against libc
//! for output only. If anything in its dependency graph linked `std`, this crate's own
//! `#[panic_handler]` would clash with std's (E0152) and the build would fail: that is the
//! no_std proof.
//!
//! At start-up it decodes the calibration table embedded by `build.rs` (documented
//! defaults, or the file named by `TRIBO_TABLE` at build time), builds the friction law,
//! prints μ(v, β) at a few points and checks on the target what the core promises: μ = μ0 at
//! β = 0, μ = 0 at β_thres, and a corrupted copy of the table is rejected.
//!
//! Exit codes: 0 ok; 2 the embedded table is invalid; 3 its friction law is invalid;
//! 4 a self-check failed.
#![no_std]
#![no_main]

use core::fmt::{self, Write};
use core::panic::PanicInfo;

use tribo_core::table::{MAX_TABLE_BYTES, Table};

/// The calibration table, embedded at build time.
static TABLE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/table.bin"));

#[link(name = "c")]
unsafe extern "C" {
    fn write(fd: i32, buf: *const u8, count: usize) -> isize;
    fn _exit(code: i32) -> !;
}

fn print(s: &str) {
    // SAFETY: `s` is a valid buffer of `s.len()` bytes for the duration of the call.
    unsafe {
        write(1, s.as_ptr(), s.len());
    }
}

/// A line formatted on the stack (no heap); output beyond its capacity is cut.
struct Line {
    buf: [u8; 192],
    len: usize,
}

impl Write for Line {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len.checked_add(s.len()).ok_or(fmt::Error)?;
        let dst = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn println(args: fmt::Arguments<'_>) {
    let mut line = Line {
        buf: [0; 192],
        len: 0,
    };
    let _ = line.write_fmt(args);
    let _ = line.write_str("\n");
    // `len` only grows by successful, bounds-checked copies.
    if let Some(bytes) = line.buf.get(..line.len) {
        print(core::str::from_utf8(bytes).unwrap_or("tribo-firmware-example: bad utf-8\n"));
    }
}

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    print("tribo-firmware-example: panic\n");
    // SAFETY: `_exit` never returns and takes any status.
    unsafe { _exit(101) }
}

/// C entry point, called by the C runtime's `_start`.
#[unsafe(no_mangle)]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    let table = match Table::from_bytes(TABLE) {
        Ok(t) => t,
        Err(e) => {
            println(format_args!(
                "tribo-firmware-example: embedded table invalid: {e}"
            ));
            return 2;
        }
    };
    let law = match table.friction_law() {
        Ok(law) => law,
        Err(e) => {
            println(format_args!(
                "tribo-firmware-example: friction law invalid: {e}"
            ));
            return 3;
        }
    };
    println(format_args!(
        "tribo-firmware-example: core linked without std; table {} B, preset {}, seed {}{}",
        TABLE.len(),
        table.provenance.preset,
        table.provenance.seed,
        if table.is_defaults_only() {
            " (DOCUMENTED DEFAULTS, not a calibration)"
        } else {
            " (calibrated)"
        }
    ));
    let mu0 = law.mu0();
    println(format_args!("  mu0 = {mu0:.5}"));
    let mut ok = true;
    for v in [0.01f32, 0.08, 1.0] {
        let bt = law.beta_thres(v);
        for frac in [0.0f32, 0.5, 1.0] {
            let beta = frac * bt;
            let mu = law.mu(v, beta);
            println(format_args!(
                "  v = {v:>5.2} m/s  alpha = {:>7.4}  beta = {beta:>7.4}  mu = {mu:.5}",
                law.alpha(v)
            ));
        }
        // μ(β = 0) = μ0 (Eq. 9 at A_p = 0) and μ(β_thres) = 0 exactly (Eq. 24).
        ok &= law.mu(v, 0.0) == mu0 && law.mu(v, bt) == 0.0;
    }
    // A corrupted copy must be refused (CRC-32), not decoded into wrong numbers.
    let mut copy = [0u8; MAX_TABLE_BYTES];
    if let (Some(dst), Some(mid)) = (copy.get_mut(..TABLE.len()), TABLE.len().checked_div(2)) {
        dst.copy_from_slice(TABLE);
        if let Some(b) = dst.get_mut(mid) {
            *b ^= 0x01;
        }
        let rejected = Table::from_bytes(dst).is_err();
        println(format_args!("  corrupted copy rejected: {rejected}"));
        ok &= rejected;
    } else {
        ok = false;
    }
    if ok {
        0
    } else {
        println(format_args!("tribo-firmware-example: self-check FAILED"));
        4
    }
}
