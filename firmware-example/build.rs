//! Writes the calibration table the firmware embeds with `include_bytes!` into
//! `$OUT_DIR/table.bin`: the file named by the `TRIBO_TABLE` environment variable (e.g. the
//! `out/tables.bin` of `tribo calibrate`), validated here so a corrupt table fails the build,
//! or else `Table::seed000_defaults()` (documented defaults, not a calibration).
//!
//! **Deliberate corruption (CI's safe-stop test):** with `TRIBO_TABLE_CORRUPT=<offset>` the
//! byte at `<offset>` of the (valid) table is inverted after validation, so the firmware embeds
//! a corrupt table and must reject it at start-up (exit code 2) — the real path: the bytes in
//! the binary's read-only data are what `Table::from_bytes` checks. A warning says so.

use std::path::PathBuf;
use std::{env, fs};

use tribo_core::table::{MAX_TABLE_BYTES, Table};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=TRIBO_TABLE");
    println!("cargo::rerun-if-env-changed=TRIBO_TABLE_CORRUPT");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let bytes = match env::var_os("TRIBO_TABLE") {
        Some(path) => {
            let path = PathBuf::from(path);
            println!("cargo::rerun-if-changed={}", path.display());
            let bytes = fs::read(&path)
                .unwrap_or_else(|e| panic!("TRIBO_TABLE: cannot read {}: {e}", path.display()));
            if let Err(e) = Table::from_bytes(&bytes) {
                panic!(
                    "TRIBO_TABLE: {} is not a valid tribo table: {e}",
                    path.display()
                );
            }
            bytes
        }
        None => {
            let mut buf = [0u8; MAX_TABLE_BYTES];
            let n = Table::seed000_defaults()
                .encode(&mut buf)
                .expect("the seed-000 defaults encode");
            buf[..n].to_vec()
        }
    };
    let mut bytes = bytes;
    if let Some(offset) = env::var_os("TRIBO_TABLE_CORRUPT") {
        let offset: usize = offset
            .to_str()
            .and_then(|s| s.parse().ok())
            .expect("TRIBO_TABLE_CORRUPT: a byte offset");
        let len = bytes.len();
        let byte = bytes.get_mut(offset).unwrap_or_else(|| {
            panic!("TRIBO_TABLE_CORRUPT: offset {offset} >= table length {len}")
        });
        *byte = !*byte;
        println!(
            "cargo::warning=TRIBO_TABLE_CORRUPT={offset}: embedding a DELIBERATELY CORRUPTED table (safe-stop test)"
        );
    }
    fs::write(out.join("table.bin"), bytes).expect("writing OUT_DIR/table.bin");
}
