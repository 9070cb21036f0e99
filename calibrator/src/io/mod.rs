//! Readers of the files the calibrator takes in, below the physics (issue 35): the one
//! delimited-table reader and its text policy, the X3P reader, the flake placement file and the
//! measured strip-draw data, each with its typed error. Physics modules and [`crate::validate`]
//! both import `io`; `io` imports neither physics, nor config, nor validate.
//!
//! - [`file_error`]: [`FileError`], the one (action, path, OS error) of every error enum that
//!   reads or writes files;
//! - [`delimited`]: the one reader of CSV/text tables (delimiter policy, BOM, comments);
//! - [`text`]: the text policy every reader shares (a leading byte-order mark is dropped);
//! - [`x3p`]: ISO 25178-72 areal surface files;
//! - [`placement`], [`flake_file`]: the flake placement file (`tribo dem --placement`) and its
//!   typed error;
//! - [`junction_areas`]: junction areas of the asperity population (`tribo asperity`);
//! - [`strip_draw_data`]: measured strip-draw μ̄ (`tribo fit strip-draw --data`).

pub mod delimited;
pub mod file_error;
pub mod flake_file;
pub mod junction_areas;
pub mod placement;
pub mod strip_draw_data;
pub mod text;
pub mod x3p;

pub use file_error::FileError;
