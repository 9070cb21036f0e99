//! Report output shared by every command: atomic file writes, CSV tables and plots
//! (SVG + PNG). Every curve a command computes goes through here.

pub mod atomic;
pub mod csv;
pub mod figures;
pub mod font;
pub mod html;
pub mod plot;

pub use atomic::{write_atomic, write_atomic_with};
pub use csv::CsvTable;
pub use plot::{Heatmap, LinePlot, Series, SeriesStyle};
