//! Report output shared by every command: atomic file writes, CSV tables and plots
//! (SVG + PNG). Every curve a command computes goes through here. Errors are one typed
//! [`ReportError`] (typed errors in library code, issue 18).
//!
//! Figures, one idea per file: [`plot`] (x–y line plots), [`twin_axis`] (a second y axis), [`right_axis`] (its scale and ticks),
//! [`heatmap`] (maps with a colour bar), [`series`] (what a line plot holds), [`log_axis`]
//! (log axes that keep their ticks), [`style`] (sizes, palette, tick labels), [`legend`]
//! (placement that covers no data), [`label`] (legend text), [`caption`] (the text under a figure), [`colormap`], [`render`] (one
//! figure, SVG and the PNG rasterised from it, atomically), [`rich_text`] (subscripts and
//! superscripts), [`figures`] (deferred and soft drawing), [`audit`], [`font`].

pub mod atomic;
pub mod audit;
pub mod caption;
pub mod colormap;
pub mod csv;
pub mod error;
pub mod figure_data;
pub mod figures;
pub mod font;
pub mod heatmap;
pub mod html;
pub mod label;
pub mod legend;
pub mod log_axis;
pub mod manifest;
pub mod plot;
pub mod render;
pub mod rich_text;
pub mod right_axis;
pub mod series;
pub mod style;
pub mod twin_axis;

pub use atomic::{write_atomic, write_atomic_with};
pub use caption::write_caption;
pub use csv::CsvTable;
pub use error::ReportError;
pub use heatmap::Heatmap;
pub use plot::{LinePlot, Series, SeriesStyle};
pub use twin_axis::TwinAxisPlot;
