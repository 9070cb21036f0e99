//! Writes the calibration table the firmware embeds with `include_bytes!` into
//! `$OUT_DIR/table.bin`: the file named by the `TRIBO_TABLE` environment variable (e.g. the
//! `out/tables.bin` of `tribo calibrate`), validated here so a corrupt table fails the build,
//! or else `Table::seed000_defaults()` (documented defaults, not a calibration).
//!
//! **A relative `TRIBO_TABLE`** is read from the directory `cargo` was called in (the shell's
//! `PWD`, which cargo passes on; a build script itself runs in `firmware-example/`), so
//! `TRIBO_TABLE=run7/tables.bin cargo build …` from the workspace root finds the `run7/` that
//! `tribo calibrate --out run7` wrote there. Without `PWD` (cargo not started by a shell) the
//! workspace root is used. A missing or invalid file is a build error naming the file and the
//! directory it was looked for in, without a panic or a backtrace.
//!
//! **Deliberate corruption (CI's safe-stop test):** with `TRIBO_TABLE_CORRUPT=<offset>` the
//! byte at `<offset>` of the (valid) table is inverted after validation, so the firmware embeds
//! a corrupt table and must reject it at start-up (exit code 2) — the real path: the bytes in
//! the binary's read-only data are what `Table::from_bytes` checks. A warning says so.

use std::path::{Path, PathBuf};
use std::{env, fs, process};

use tribo_core::table::{MAX_TABLE_BYTES, Table};

/// Stops the build with `message` as cargo's error (no panic, so no backtrace note).
fn fail(message: &str) -> ! {
    // `cargo::error=` (cargo ≥ 1.84; the workspace needs 1.88) shows it as `error: …`.
    println!("cargo::error={message}");
    process::exit(1);
}

/// The directory a relative `TRIBO_TABLE` is read from: the caller's (`PWD`), else the
/// workspace root.
fn calling_dir() -> PathBuf {
    println!("cargo::rerun-if-env-changed=PWD");
    match env::var_os("PWD").map(PathBuf::from) {
        Some(pwd) if pwd.is_absolute() && pwd.is_dir() => pwd,
        _ => {
            let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
            manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
        }
    }
}

fn table_from_file(given: &Path) -> Vec<u8> {
    let path = if given.is_absolute() {
        given.to_path_buf()
    } else {
        calling_dir().join(given)
    };
    println!("cargo::rerun-if-changed={}", path.display());
    let bytes = fs::read(&path).unwrap_or_else(|e| {
        fail(&format!(
            "TRIBO_TABLE={}: cannot read {}: {e} (a relative path is read from the directory cargo was called in)",
            given.display(),
            path.display()
        ))
    });
    if let Err(e) = Table::from_bytes(&bytes) {
        fail(&format!(
            "TRIBO_TABLE={}: {} is not a valid tribo table: {e}",
            given.display(),
            path.display()
        ));
    }
    bytes
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=TRIBO_TABLE");
    println!("cargo::rerun-if-env-changed=TRIBO_TABLE_CORRUPT");
    let Some(out) = env::var_os("OUT_DIR").map(PathBuf::from) else {
        fail("OUT_DIR is not set (the build script runs under cargo)");
    };
    let mut bytes = match env::var_os("TRIBO_TABLE") {
        Some(path) if !path.is_empty() => table_from_file(Path::new(&path)),
        _ => {
            let mut buf = [0u8; MAX_TABLE_BYTES];
            match Table::seed000_defaults().encode(&mut buf) {
                Ok(n) => buf[..n].to_vec(),
                Err(e) => fail(&format!("the seed-000 defaults do not encode: {e}")),
            }
        }
    };
    if let Some(offset) = env::var_os("TRIBO_TABLE_CORRUPT") {
        let Some(offset) = offset.to_str().and_then(|s| s.parse::<usize>().ok()) else {
            fail("TRIBO_TABLE_CORRUPT: expected a byte offset (a whole number)");
        };
        let len = bytes.len();
        let Some(byte) = bytes.get_mut(offset) else {
            fail(&format!(
                "TRIBO_TABLE_CORRUPT: offset {offset} >= table length {len}"
            ));
        };
        *byte = !*byte;
        println!(
            "cargo::warning=TRIBO_TABLE_CORRUPT={offset}: embedding a DELIBERATELY CORRUPTED table (safe-stop test)"
        );
    }
    if let Err(e) = fs::write(out.join("table.bin"), bytes) {
        fail(&format!("writing {}: {e}", out.join("table.bin").display()));
    }
}
