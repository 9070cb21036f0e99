//! Writes the format-2 golden table of `core/tests/golden/` (run after a deliberate format
//! change, together with a FORMAT_VERSION bump): `cargo run -p tribo-core --example write_golden`.
//! Only the filled example is golden: the defaults carry the crate version, which would tie
//! the bytes to it rather than to the format.
use tribo_core::table::{FORMAT_VERSION, MAX_TABLE_BYTES, Table};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = Table::filled_example().encode(&mut buf)?;
    let path = format!("{dir}/format{FORMAT_VERSION}-filled.bin");
    std::fs::write(&path, &buf[..n])?;
    println!("{path}: {n} bytes");
    Ok(())
}
