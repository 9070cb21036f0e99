//! Report output shared by every command: atomic file writes, CSV tables and plots
//! (SVG + PNG). Every curve a command computes goes through here.

pub mod atomic;
pub mod audit;
pub mod csv;
pub mod figures;
pub mod font;
pub mod heatmap;
pub mod html;
pub mod legend;
pub mod plot;
pub mod style;

pub use atomic::{write_atomic, write_atomic_with};
pub use csv::CsvTable;
pub use heatmap::Heatmap;
pub use plot::{LinePlot, Series, SeriesStyle};
