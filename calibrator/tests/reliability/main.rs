//! Reliability regression suite (issue 21): every probe of the issue run through the built
//! `tribo` binary, asserting the exit code and the message; output robustness (closed stdout,
//! locked and killed runs); input files; a property test of the config validation; a bounded
//! `inspect` fuzz. Each probe must be refused before any work, so each test takes well under a
//! second or two (the SIGKILL test runs the quick calibration for a moment on purpose).

mod corpus;
mod fuzz;
mod inputs;
mod inputs_property;
mod output;
mod probes;
mod property;
mod report_folders;
mod units;

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `tribo ARGS` in `dir` with progress bars off and the default memory budget.
pub fn tribo_in(dir: &Path, args: &[&str]) -> Output {
    command(dir, args)
        .stdin(Stdio::null())
        .output()
        .expect("running the tribo binary")
}

/// The `tribo` command, not yet started.
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tribo"));
    c.args(args)
        .current_dir(dir)
        .env("TRIBO_NO_PROGRESS", "1")
        .env_remove("TRIBO_MEMORY_BUDGET");
    c
}

/// Asserts a clean refusal: exit status 1 (never 101 panic or 134 abort), one `error:` line
/// on stderr containing `needle`, nothing panicked.
#[track_caller]
pub fn assert_refused(out: &Output, needle: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "status {:?}; stderr: {stderr}",
        out.status
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains(needle), "expected {needle:?} in: {stderr}");
}

/// `tribo ARGS` in a fresh temporary folder must be refused with `needle`.
#[track_caller]
pub fn refused(args: &[&str], needle: &str) {
    let dir = tempfile::tempdir().unwrap();
    assert_refused(&tribo_in(dir.path(), args), needle);
}
