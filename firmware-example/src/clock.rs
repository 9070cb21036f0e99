//! Monotonic clock for the tick timing: `clock_gettime(CLOCK_MONOTONIC)` from the C library
//! (vDSO on Linux: ~20 ns per call, no system call). Host-only: the `timespec` layout below is
//! the LP64 one (x86_64 / aarch64 Linux); on a microcontroller read a cycle counter instead
//! (e.g. DWT_CYCCNT on a Cortex-M4F).

/// `struct timespec` on LP64 Linux.
#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

/// `CLOCK_MONOTONIC` on Linux.
const CLOCK_MONOTONIC: i32 = 1;

#[link(name = "c")]
unsafe extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}

/// Nanoseconds since an arbitrary fixed point (0 if the clock cannot be read).
pub fn now_ns() -> u64 {
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable `timespec` for the duration of the call.
    let rc = unsafe { clock_gettime(CLOCK_MONOTONIC, &mut ts) };
    if rc != 0 || ts.tv_sec < 0 || ts.tv_nsec < 0 {
        return 0;
    }
    (ts.tv_sec as u64)
        .saturating_mul(1_000_000_000)
        .saturating_add(ts.tv_nsec as u64)
}
