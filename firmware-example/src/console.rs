//! Output and exit through the C library (the only things the firmware takes from it
//! besides the clock): `write(2)` of finished log lines to stdout, `_exit(2)`.

use tribo_firmware_example::log::Line;

#[link(name = "c")]
unsafe extern "C" {
    fn write(fd: i32, buf: *const u8, count: usize) -> isize;
    fn _exit(code: i32) -> !;
}

fn write_all(mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is a valid buffer of `bytes.len()` bytes for the call.
        let n = unsafe { write(1, bytes.as_ptr(), bytes.len()) };
        if n <= 0 {
            return; // stdout closed or failing: the log is best-effort
        }
        bytes = bytes.get(n as usize..).unwrap_or(&[]);
    }
}

/// Prints a line and a newline.
pub fn print(line: &Line) {
    write_all(line.as_str().as_bytes());
    write_all(b"\n");
}

/// Prints a text line.
pub fn print_str(s: &str) {
    write_all(s.as_bytes());
    write_all(b"\n");
}

/// Ends the process with `code`, without unwinding or running destructors.
pub fn exit(code: i32) -> ! {
    // SAFETY: `_exit` takes any status and never returns.
    unsafe { _exit(code) }
}
