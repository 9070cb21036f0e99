//! `tribo-firmware-example`: a `#![no_std]`, `#![no_main]` blank-holder force controller on
//! `tribo-core`, linked on the host against libc for output and the clock only. If anything in
//! its dependency graph linked `std`, this crate's own `#[panic_handler]` would clash with
//! std's (E0152) and the build would fail: that is the no_std proof.
//!
//! Build and run (what `.ci/run` does):
//!
//! ```sh
//! cargo build -p tribo-firmware-example --features firmware --profile firmware
//! ./target/firmware/tribo-firmware-example
//! ```
//!
//! At start-up it validates the calibration table embedded by `build.rs` (magic, version,
//! length, CRC-32, decoding, physics: `Table::from_bytes`); only a valid table yields the
//! friction law the controller is built from, so on a corrupt table the law is never
//! evaluated. Then it runs [`STROKES`] strokes of the strip-draw axis at 1 kHz with
//! [`NODES`] nodes (library `tribo_firmware_example`: controller, simulated press and sensors)
//! and prints one log line per stroke, the memory figures, and the self-check.
//!
//! # Exit codes
//!
//! | code | meaning |
//! |---|---|
//! | 0 | ran all strokes, self-check passed |
//! | 2 | **embedded table rejected at start-up** (corrupt, truncated, wrong version, CRC mismatch, malformed or non-physical): controller not started, holder force 0, law never evaluated |
//! | 3 | the table's friction law is invalid (not reachable after a successful decode; kept as a guard) |
//! | 4 | controller or press configuration invalid |
//! | 5 | a core error during a tick (e.g. a non-finite sensor value): the axis stopped |
//! | 6 | self-check failed: the friction force left the band, or μ̄ / the holder force / β did not trend as wear requires |
//! | 101 | panic (abort) |
#![no_std]
#![no_main]

mod clock;
mod console;

use core::mem::size_of;
use core::panic::PanicInfo;
use core::sync::atomic::Ordering;

use tribo_core::Error;
use tribo_core::law::FrictionLaw;
use tribo_core::table::Table;
use tribo_firmware_example::controller::{AxisConfig, Controller, LAW_TICKS};
use tribo_firmware_example::log::Line;
use tribo_firmware_example::plant::{Press, Schedule};
use tribo_firmware_example::session::run_strokes;
use tribo_firmware_example::stats::{self, CheckFailure, StrokeSummary};

/// The calibration table, embedded at build time.
static TABLE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/table.bin"));

/// Nodes of the controller's line (l_e = 128 mm / 256 = 0.5 mm, seed 000's bar mesh).
const NODES: usize = 256;
/// Strokes run (issue 9: ≥ 5).
const STROKES: u32 = 8;
/// Seed of the sensor noise.
const NOISE_SEED: u32 = 2024;

/// Exit code: all strokes run, self-check passed.
const EXIT_OK: i32 = 0;
/// Exit code: the embedded table was rejected at start-up.
const EXIT_TABLE_REJECTED: i32 = 2;
/// Exit code: the table's friction law is invalid.
const EXIT_LAW_INVALID: i32 = 3;
/// Exit code: controller or press configuration invalid.
const EXIT_CONFIG_INVALID: i32 = 4;
/// Exit code: a core error during a tick stopped the axis.
const EXIT_TICK_ERROR: i32 = 5;
/// Exit code: the self-check failed.
const EXIT_SELF_CHECK_FAILED: i32 = 6;

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    console::print_str("tribo-firmware-example: panic");
    console::exit(101)
}

/// C entry point, called by the C runtime's `_start`.
#[unsafe(no_mangle)]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    run()
}

fn error_name(e: Error) -> &'static str {
    match e {
        Error::Truncated => "Truncated",
        Error::BadMagic => "BadMagic",
        Error::UnsupportedVersion { .. } => "UnsupportedVersion",
        Error::CrcMismatch => "CrcMismatch",
        Error::Malformed => "Malformed",
        Error::InvalidTable => "InvalidTable",
        Error::BufferTooSmall => "BufferTooSmall",
        Error::NonFiniteInput => "NonFiniteInput",
        Error::OutOfDomain => "OutOfDomain",
        Error::InvalidParameter => "InvalidParameter",
        Error::CflViolation => "CflViolation",
        Error::MissingSection => "MissingSection",
        Error::ImplausibleLaw => "ImplausibleLaw (the law is not physical over its domain)",
        _ => "(unnamed core error)",
    }
}

/// Safe stop: prints why, the state of the axis and the law-evaluation counter, returns `code`.
fn stop(code: i32, what: &str, e: Error) -> i32 {
    let mut l = Line::new();
    l.text("tribo-firmware-example: ")
        .text(what)
        .text(": ")
        .text(error_name(e));
    console::print(&l);
    let mut l = Line::new();
    l.text("  SAFE STOP: holder force command 0 N, draw interlocked; law evaluations: ")
        .uint(u64::from(LAW_TICKS.load(Ordering::Relaxed)))
        .text("; exit code ")
        .int(i64::from(code));
    console::print(&l);
    code
}

fn memory_line(name: &str, bytes: usize) {
    let mut l = Line::new();
    l.text("  ")
        .text(name)
        .pad_to(46)
        .uint(bytes as u64)
        .text(" B");
    console::print(&l);
}

fn percent_band(l: &mut Line, band: (f32, f32)) {
    l.signed_fixed(100.0 * band.0, 2)
        .text("..")
        .signed_fixed(100.0 * band.1, 2);
}

fn stroke_line(i: usize, s: &StrokeSummary) {
    let mut l = Line::new();
    l.pad_to(5).uint(i as u64 + 1);
    l.pad_to(8).fixed(s.mu_bar, 4);
    l.pad_to(16).fixed(s.track_beta, 4);
    l.pad_to(26).fixed(s.holder_command, 0);
    l.pad_to(33);
    percent_band(&mut l, s.err_predicted);
    l.pad_to(50);
    percent_band(&mut l, s.err_true);
    l.pad_to(68).uint(s.tick_ns_max);
    l.text(" / ").uint(s.tick_ns_p999);
    l.text(" / ").uint(s.tick_ns_mean);
    console::print(&l);
}

fn check_name(f: CheckFailure) -> (&'static str, usize) {
    match f {
        CheckFailure::TooFewStrokes => ("too few strokes", 0),
        CheckFailure::BandNotHeld(i) => ("friction force left the band in stroke", i + 1),
        CheckFailure::MuDidNotFall(i) => ("mu_bar did not fall in stroke", i + 1),
        CheckFailure::HolderDidNotRise(i) => ("holder force did not rise in stroke", i + 1),
        CheckFailure::BetaDidNotRise(i) => ("track beta did not rise in stroke", i + 1),
    }
}

fn run() -> i32 {
    console::print_str(
        "tribo-firmware-example: no_std blank-holder controller, strip-draw axis at 1 kHz",
    );
    // 1. Validate the embedded table before anything else: no law from a bad table.
    let table = match Table::from_bytes(TABLE) {
        Ok(t) => t,
        Err(e) => {
            return stop(
                EXIT_TABLE_REJECTED,
                "embedded table rejected at start-up",
                e,
            );
        }
    };
    let law = match table.friction_law() {
        Ok(law) => law,
        Err(e) => return stop(EXIT_LAW_INVALID, "friction law of the table invalid", e),
    };
    let axis = AxisConfig::strip_draw(table.law.e_star);
    // K(p) from the table's wear section (seed 001) when present, for plant and controller.
    let transport = axis
        .transport(&table.transport, NODES)
        .with_wear_section(table.wear.as_ref());
    let mut controller = match Controller::<NODES>::new(law.clone(), &table.transport, axis) {
        Ok(c) => c.with_wear_section(table.wear.as_ref()),
        Err(e) => return stop(EXIT_CONFIG_INVALID, "controller configuration invalid", e),
    };
    let schedule = Schedule::strip_draw();
    let mut press = match Press::<NODES>::new(law, transport, axis, schedule, NOISE_SEED) {
        Ok(p) => p,
        Err(e) => return stop(EXIT_CONFIG_INVALID, "press configuration invalid", e),
    };

    let mut l = Line::new();
    l.text("  table: ")
        .uint(TABLE.len() as u64)
        .text(" B, valid (CRC-32 + physics), preset ")
        .text(table.provenance.preset.as_str())
        .text(if table.is_defaults_only() {
            " (DOCUMENTED DEFAULTS, not a calibration)"
        } else {
            " (calibrated)"
        });
    console::print(&l);
    let mut l = Line::new();
    l.text("  mu0 = ")
        .fixed(controller.law().mu0(), 4)
        // The floor of μ where particles saturate (issue 30; 0 for a table of format 1 or 2).
        .text(", mu_p = ")
        .fixed(controller.law().mu_saturated(), 4)
        .text(", nodes = ")
        .uint(NODES as u64)
        .text(", l_e = ")
        .fixed(1.0e3 * axis.element_length(NODES), 3)
        .text(" mm, tool ")
        .fixed(1.0e3 * axis.tool_length, 0)
        .text(" x ")
        .fixed(1.0e3 * axis.tool_width, 0)
        .text(" mm, stroke ")
        .fixed(1.0e3 * axis.stroke, 0)
        .text(" mm at ")
        .fixed(schedule.draw_velocity, 2)
        .text(" m/s, target F* = ")
        .fixed(axis.target_friction, 0)
        .text(" N");
    console::print(&l);
    console::print_str(
        "  memory (static state; section sizes: `size` on the binary, see .ci/run):",
    );
    memory_line(
        "size_of::<Controller<256>>() (the state)",
        size_of::<Controller<NODES>>(),
    );
    memory_line("  of which FrictionLaw", size_of::<FrictionLaw>());
    memory_line(
        "size_of::<Press<256>>() (simulation only)",
        size_of::<Press<NODES>>(),
    );
    memory_line(
        "size_of::<Table>() (decoded, start-up only)",
        size_of::<Table>(),
    );
    memory_line("embedded table (flash)", TABLE.len());

    console::print_str(
        "stroke mu_bar  beta_trk  F_hold[N]  (F_pred-F*)/F* %  (F_true-F*)/F* %  tick max/p99.9/mean ns",
    );
    let mut summaries = [StrokeSummary::default(); STROKES as usize];
    let result = run_strokes(
        &mut controller,
        &mut press,
        STROKES,
        clock::now_ns,
        |i, s| {
            stroke_line(i, s);
            if let Some(slot) = summaries.get_mut(i) {
                *slot = *s;
            }
        },
    );
    if let Err(e) = result {
        return stop(EXIT_TICK_ERROR, "core error during a tick", e);
    }
    let mut l = Line::new();
    l.text("  law-evaluating interface ticks: ")
        .uint(u64::from(LAW_TICKS.load(Ordering::Relaxed)))
        .text(" (controller + simulated plant); band +-")
        .fixed(100.0 * stats::BAND, 1)
        .text(" % over the steady part of each stroke");
    console::print(&l);
    match stats::check(&summaries) {
        Ok(()) => {
            console::print_str(
                "self-check: ok (band held in every stroke; beta up, mu_bar down, holder force up)",
            );
            EXIT_OK
        }
        Err(f) => {
            let (what, stroke) = check_name(f);
            let mut l = Line::new();
            l.text("self-check FAILED: ")
                .text(what)
                .text(" ")
                .uint(stroke as u64);
            console::print(&l);
            EXIT_SELF_CHECK_FAILED
        }
    }
}
