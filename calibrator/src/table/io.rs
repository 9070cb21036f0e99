//! Encoding a table to bytes (checked by decoding them back), writing it atomically, and
//! reading it back with clear errors.

use std::path::Path;

use anyhow::Context;
use tribo_core::table::{MAX_TABLE_BYTES, Table};

use super::TableError;
use crate::report::write_atomic;

/// Encodes `table` and checks that the bytes decode back to the same table.
pub fn encode_to_vec(table: &Table) -> Result<Vec<u8>, TableError> {
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = table.encode(&mut buf)?;
    let bytes = buf.get(..n).ok_or(TableError::RoundTrip)?;
    if Table::from_bytes(bytes)? != *table {
        return Err(TableError::RoundTrip);
    }
    Ok(bytes.to_vec())
}

/// Writes `table` to `path` atomically; returns the encoded size in bytes.
pub fn write_table(path: &Path, table: &Table) -> anyhow::Result<usize> {
    let bytes = encode_to_vec(table).context("encoding the calibration table")?;
    write_atomic(path, &bytes)?;
    Ok(bytes.len())
}

/// Decodes table bytes read from `origin` (a file name, for the message).
pub fn decode_table(bytes: &[u8], origin: &Path) -> anyhow::Result<Table> {
    Table::from_bytes(bytes).map_err(|e| {
        let hint = match e {
            tribo_core::Error::UnsupportedVersion { .. } => {
                " — written by a different tribo version; re-run `tribo calibrate`"
            }
            tribo_core::Error::BadMagic => " (tables start with the bytes \"TRBO\")",
            tribo_core::Error::Truncated | tribo_core::Error::CrcMismatch => {
                " — the file is truncated or corrupt; re-run `tribo calibrate`"
            }
            _ => "",
        };
        anyhow::anyhow!(
            "{} is not a valid tribo table ({} bytes): {e}{hint}",
            origin.display(),
            bytes.len()
        )
    })
}

/// Reads and validates the table at `path`.
pub fn read_table(path: &Path) -> anyhow::Result<Table> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    decode_table(&bytes, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_table_reads_back_and_corruption_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.bin");
        let t = Table::filled_example();
        let n = write_table(&path, &t).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len() as usize, n);
        assert_eq!(read_table(&path).unwrap(), t);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[n / 2] ^= 0x10;
        std::fs::write(&path, &bytes).unwrap();
        let msg = format!("{:#}", read_table(&path).unwrap_err());
        assert!(msg.contains("CRC-32 mismatch"), "{msg}");
        assert!(msg.contains("tables.bin"), "{msg}");
        let msg = format!(
            "{:#}",
            read_table(&dir.path().join("missing.bin")).unwrap_err()
        );
        assert!(msg.contains("reading"), "{msg}");
    }
}
