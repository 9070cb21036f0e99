//! Writes the calibration table the firmware embeds with `include_bytes!` into
//! `$OUT_DIR/table.bin`: the file named by the `TRIBO_TABLE` environment variable (e.g. the
//! `out/tables.bin` of `tribo calibrate`), validated here so a corrupt table fails the build,
//! or else `Table::seed000_defaults()` (documented defaults, not a calibration).

use std::path::PathBuf;
use std::{env, fs};

use tribo_core::table::{MAX_TABLE_BYTES, Table};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=TRIBO_TABLE");
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
    fs::write(out.join("table.bin"), bytes).expect("writing OUT_DIR/table.bin");
}
