//! A `#![no_std]`, `#![no_main]` program on `tribo-core`, linked on the host against libc
//! for output only. If anything in its dependency graph linked `std`, this crate's own
//! `#[panic_handler]` would clash with std's (E0152) and the build would fail: that is the
//! no_std proof.
#![no_std]
#![no_main]

use core::panic::PanicInfo;

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

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    print("tribo-firmware-example: panic\n");
    // SAFETY: `_exit` never returns and takes any status.
    unsafe { _exit(101) }
}

/// C entry point, called by the C runtime's `_start`.
#[unsafe(no_mangle)]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    let one = tribo_core::real::exp(0.0);
    if one == 1.0 {
        print("tribo-firmware-example: core linked without std\n");
        0
    } else {
        1
    }
}
