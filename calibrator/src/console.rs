//! The calibrator's console: every line it prints goes through [`out`] (stdout) or [`err`]
//! (stderr), which never panic (std's `println!` panics on a write error: `tribo inspect t.bin
//! > /dev/full` was exit 101).
//!
//! - A closed pipe (EPIPE) on stdout ends the process quietly: the `tribo` binary resets
//!   SIGPIPE to its default, so the kernel ends it with status 141 as any Unix filter; without
//!   that reset (a library user), the write error exits quietly with status 1.
//! - Any other write error on stdout (a full disk, `/dev/full`, EIO) is reported on stderr as
//!   `error: writing to stdout: <reason>` and the process exits with status 1 — the output is
//!   incomplete and no caller should take it for a result.
//! - A write error on stderr exits with status 1 silently (there is nowhere left to say it).
//!
//! Use the macros [`crate::outln`], [`crate::out`], [`crate::errln`] like `println!`.

use std::fmt;
use std::io::{self, Write};

/// Exit status of a console write error.
pub const WRITE_ERROR_EXIT: i32 = 1;

/// Writes `args` to stdout (see the module docs for errors).
pub fn out(args: fmt::Arguments<'_>) {
    let mut stdout = io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            let _ = writeln!(io::stderr(), "error: writing to stdout: {e}");
        }
        std::process::exit(WRITE_ERROR_EXIT);
    }
}

/// Writes the bytes `bytes` to stdout (a generated completion script or man page, rendered
/// into a buffer first: `clap_complete::generate` panicked on its own write error).
pub fn out_bytes(bytes: &[u8]) {
    let mut stdout = io::stdout().lock();
    if let Err(e) = stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            let _ = writeln!(io::stderr(), "error: writing to stdout: {e}");
        }
        std::process::exit(WRITE_ERROR_EXIT);
    }
}

/// Prints clap's message `e` (a usage error on stderr; `--help`, `--version` on stdout) and
/// ends the process with clap's status, through [`out_bytes`] and [`err`]: clap's own
/// `Error::exit` ignores write errors, so `tribo --help > /dev/full` exited 0 with nothing
/// written. Styled only on a terminal.
pub fn clap_exit(e: &clap::Error) -> ! {
    use std::io::IsTerminal;
    let styled = e.render();
    if e.use_stderr() {
        let text = if io::stderr().is_terminal() {
            styled.ansi().to_string()
        } else {
            styled.to_string()
        };
        err(format_args!("{text}"));
    } else {
        let text = if io::stdout().is_terminal() {
            styled.ansi().to_string()
        } else {
            styled.to_string()
        };
        out_bytes(text.as_bytes());
    }
    std::process::exit(e.exit_code())
}

/// Writes `args` to stderr (see the module docs for errors).
pub fn err(args: fmt::Arguments<'_>) {
    if io::stderr().lock().write_fmt(args).is_err() {
        std::process::exit(WRITE_ERROR_EXIT);
    }
}

/// `println!` through [`out`]: never panics.
#[macro_export]
macro_rules! outln {
    () => { $crate::console::out(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::console::out(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `print!` through [`out`]: never panics.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::console::out(format_args!($($arg)*)) };
}

/// `eprintln!` through [`err`]: never panics.
#[macro_export]
macro_rules! errln {
    () => { $crate::console::err(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::console::err(format_args!("{}\n", format_args!($($arg)*))) };
}
