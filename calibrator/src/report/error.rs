//! The one error type of `report/` (issue 18: typed errors in library code, the catch-all error
//! type only in the binary). Every variant names the figure or file it is about.

use std::error::Error as StdError;
use std::io;
use std::path::PathBuf;

use thiserror::Error;

/// A drawing library's error, kept whole as the source of [`ReportError::Plotting`].
pub type PlottingError = Box<dyn StdError + Send + Sync + 'static>;

/// What can go wrong writing a report file or figure.
#[derive(Debug, Error)]
pub enum ReportError {
    /// The drawing library failed on a figure (backend I/O, text layout, encoding).
    #[error("figure '{figure}': {source}")]
    Plotting {
        /// The figure's title or file.
        figure: String,
        /// The library's error.
        source: PlottingError,
    },
    /// A plot with no finite point in its (log) axes: nothing to scale the axes to.
    #[error("plot '{figure}' has no finite point to draw")]
    NothingToDraw {
        /// The plot's title.
        figure: String,
    },
    /// A heatmap whose value count does not fill its grid.
    #[error("heatmap '{figure}': {values} values for a {nx}×{ny} grid")]
    GridSize {
        /// The heatmap's title.
        figure: String,
        /// Values given.
        values: usize,
        /// Columns.
        nx: usize,
        /// Rows.
        ny: usize,
    },
    /// The font compiled into the binary does not parse (a broken build).
    #[error("the embedded DejaVu Sans font does not parse")]
    EmbeddedFont,
    /// Measuring a legend label failed.
    #[error("measuring legend text '{text}': {source}")]
    MeasureText {
        /// The label.
        text: String,
        /// The font library's error.
        source: PlottingError,
    },
    /// A file or folder that could not be created, read or written (the one file error).
    #[error(transparent)]
    Io(#[from] crate::io::FileError),
}

impl ReportError {
    /// An I/O error while `action` on `path`.
    pub fn io(action: &'static str, path: impl Into<PathBuf>, source: io::Error) -> Self {
        Self::Io(crate::io::FileError::new(action, path, source))
    }

    /// A drawing library error on `figure`, kept by its message: a backend's error type need
    /// not be `'static` (plotters' `DrawingBackend::ErrorType`), so it cannot be boxed as is.
    pub fn plotting(figure: impl Into<String>, err: impl std::fmt::Display) -> Self {
        Self::Plotting {
            figure: figure.into(),
            source: err.to_string().into(),
        }
    }

    /// A drawing closure's error as a report error: a [`ReportError`] as is, any other error
    /// (e.g. a caller's boxed error) as [`ReportError::Plotting`] of `figure`.
    pub fn from_drawing(figure: impl Into<String>, err: impl Into<PlottingError>) -> Self {
        match err.into().downcast::<ReportError>() {
            Ok(own) => *own,
            Err(other) => Self::Plotting {
                figure: figure.into(),
                source: other,
            },
        }
    }

    /// The message with every cause, outermost first (`a: b: c`).
    pub fn chain(&self) -> String {
        let mut s = self.to_string();
        let mut cause = self.source();
        while let Some(c) = cause {
            let text = c.to_string();
            if !s.ends_with(&text) {
                s.push_str(": ");
                s.push_str(&text);
            }
            cause = c.source();
        }
        s
    }
}

/// Result of `report/`.
pub type Result<T, E = ReportError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_error_keeps_its_own_type_and_wraps_others() {
        let own = ReportError::from_drawing("f", ReportError::EmbeddedFont);
        assert!(matches!(own, ReportError::EmbeddedFont));
        let other = ReportError::from_drawing("fig.png", io::Error::other("disk full"));
        assert_eq!(other.to_string(), "figure 'fig.png': disk full");
        let e = ReportError::io("writing", "/x/y.png", io::Error::other("read-only"));
        assert_eq!(e.to_string(), "writing /x/y.png");
        assert_eq!(e.chain(), "writing /x/y.png: read-only");
    }
}
