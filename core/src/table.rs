//! Calibration table: postcard payload with magic, format version and CRC-32.
