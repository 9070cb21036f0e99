//! Assembling and writing the tribo-core calibration table.
