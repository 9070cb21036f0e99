//! The data of a [`super::LinePlot`]: its curves ([`Series`], drawn as lines, markers or
//! dashed references, with optional error bars) and shaded x intervals ([`XSpan`]).

use plotters::style::RGBColor;

/// How a series is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeriesStyle {
    /// Connected line.
    Line,
    /// Markers only.
    Points,
    /// Line with markers.
    LinePoints,
    /// Dashed line (reference curves, closed forms).
    Dashed,
}

/// One curve of a [`LinePlot`](crate::report::LinePlot).
#[derive(Debug, Clone)]
pub struct Series {
    /// Legend label (empty: no legend entry).
    pub label: String,
    /// (x, y) points; non-finite points are skipped.
    pub points: Vec<(f64, f64)>,
    /// Optional error bar per point: (length below, length above) the point.
    pub error: Option<Vec<(f64, f64)>>,
    /// Drawing style.
    pub style: SeriesStyle,
    /// Draw in the colour of series number `k` of the plot (a fit in its data's colour).
    pub color_of: Option<usize>,
}

impl Series {
    /// A connected line.
    pub fn line(label: impl Into<String>, points: Vec<(f64, f64)>) -> Self {
        Self {
            label: label.into(),
            points,
            error: None,
            style: SeriesStyle::Line,
            color_of: None,
        }
    }
    /// Markers only.
    pub fn points(label: impl Into<String>, points: Vec<(f64, f64)>) -> Self {
        Self {
            label: label.into(),
            points,
            error: None,
            style: SeriesStyle::Points,
            color_of: None,
        }
    }
    /// A dashed reference line.
    pub fn dashed(label: impl Into<String>, points: Vec<(f64, f64)>) -> Self {
        Self {
            label: label.into(),
            points,
            error: None,
            style: SeriesStyle::Dashed,
            color_of: None,
        }
    }
    /// Adds symmetric error bars (one half-width per point).
    pub fn with_error(mut self, error: Vec<f64>) -> Self {
        self.error = Some(error.into_iter().map(|d| (d, d)).collect());
        self
    }
    /// Adds error bars spanning the interval `[lo, hi]` of each point (e.g. a 95 % CI).
    pub fn with_interval(mut self, bounds: Vec<[f64; 2]>) -> Self {
        let bars = self
            .points
            .iter()
            .zip(bounds)
            .map(|(&(_, y), [lo, hi])| (y - lo, hi - y))
            .collect();
        self.error = Some(bars);
        self
    }
    /// Changes the drawing style.
    pub fn with_style(mut self, style: SeriesStyle) -> Self {
        self.style = style;
        self
    }
    /// Draws this series in the colour of the plot's series number `k` (e.g. a fit through
    /// the data of series `k`).
    pub fn with_color_of(mut self, k: usize) -> Self {
        self.color_of = Some(k);
        self
    }
}

/// A shaded band over an x interval, behind the series (e.g. where a curve is interpolated
/// between simulated samples, or held beyond them).
#[derive(Debug, Clone, PartialEq)]
pub struct XSpan {
    /// Legend label (empty: no legend entry).
    pub label: String,
    /// The interval \[lo, hi\] in data units.
    pub x: (f64, f64),
    /// Fill colour (drawn at 20 % opacity).
    pub color: RGBColor,
}
