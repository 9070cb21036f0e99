//! Encoding a table to bytes (checked by decoding them back), writing it atomically, and
//! reading it back with clear errors.

use std::path::{Path, PathBuf};

use thiserror::Error;
use tribo_core::table::{MAX_TABLE_BYTES, Table};

use super::TableError;
use crate::report::write_atomic;

/// Why a table could not be written or read; every variant names the file.
#[derive(Debug, Error)]
pub enum TableIoError {
    /// The table does not encode (or does not decode back to itself).
    #[error("encoding the calibration table for {}", path.display())]
    Encode {
        /// The file it was meant for.
        path: PathBuf,
        /// Why.
        #[source]
        source: TableError,
    },
    /// The file could not be written.
    #[error("writing {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The file could not be read.
    #[error("reading {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The bytes are not a table this version reads; `hint` says what to do (for a
    /// non-physical table: which quantity, its value and its bound).
    #[error("{} is not a valid tribo table ({len} bytes): {reason}{hint}", path.display())]
    Invalid {
        /// The file (or a label for bytes from elsewhere).
        path: PathBuf,
        /// Its size in bytes.
        len: usize,
        /// The core's reason (in the message, so not a `source`).
        reason: tribo_core::Error,
        /// What to do about it.
        hint: String,
    },
}

/// Encodes `table` and checks that the bytes decode back to the same table.
///
/// # Errors
///
/// [`TableError::Core`] when the table does not validate or overflows the encode buffer;
/// [`TableError::RoundTrip`] when the bytes do not decode back to the same table (a format bug).
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
///
/// # Errors
///
/// [`TableIoError::Encode`] (the errors of [`encode_to_vec`]); [`TableIoError::Write`] when the
/// file cannot be written or renamed into place.
pub fn write_table(path: &Path, table: &Table) -> Result<usize, TableIoError> {
    let bytes = encode_to_vec(table).map_err(|source| TableIoError::Encode {
        path: path.to_path_buf(),
        source,
    })?;
    write_atomic(path, &bytes).map_err(|source| TableIoError::Write {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(bytes.len())
}

/// Decodes table bytes read from `origin` (a file name, for the message).
///
/// # Errors
///
/// [`TableIoError::Invalid`] with the core's reason ([`Table::from_bytes`]) and a hint: re-run
/// `tribo calibrate` for another version or a truncated or corrupt file, the quantity, value and
/// bound for a non-physical table.
pub fn decode_table(bytes: &[u8], origin: &Path) -> Result<Table, TableIoError> {
    Table::from_bytes(bytes).map_err(|reason| TableIoError::Invalid {
        path: origin.to_path_buf(),
        len: bytes.len(),
        hint: match reason {
            tribo_core::Error::UnsupportedVersion { .. } => {
                " — written by a different tribo version; re-run `tribo calibrate`".into()
            }
            tribo_core::Error::BadMagic => " (tables start with the bytes \"TRBO\")".into(),
            tribo_core::Error::Truncated | tribo_core::Error::CrcMismatch => {
                " — the file is truncated or corrupt; re-run `tribo calibrate`".into()
            }
            tribo_core::Error::InvalidTable | tribo_core::Error::ImplausibleLaw => {
                implausibility(bytes)
            }
            _ => String::new(),
        },
        reason,
    })
}

/// The reason the core's plausibility gate gives for a refused table (`: μ0 = … is outside
/// …`), or nothing when the refusal was another check (lengths, signs).
fn implausibility(bytes: &[u8]) -> String {
    Table::decode_for_diagnosis(bytes)
        .ok()
        .and_then(|t| t.plausibility().err())
        .map(|why| format!(": {why}"))
        .unwrap_or_default()
}

/// Reads and validates the table at `path`.
///
/// # Errors
///
/// [`TableIoError::Read`] when `path` cannot be read; [`TableIoError::Invalid`] as
/// [`decode_table`].
pub fn read_table(path: &Path) -> Result<Table, TableIoError> {
    let bytes = std::fs::read(path).map_err(|source| TableIoError::Read {
        path: path.to_path_buf(),
        source,
    })?;
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
