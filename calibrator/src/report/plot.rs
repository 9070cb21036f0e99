//! Plots of report curves and maps, each written as SVG and PNG (plotters), atomically.
//!
//! ```no_run
//! use tribo_calibrator::report::{LinePlot, Series};
//! let pts: Vec<(f64, f64)> = (1..10).map(|i| (i as f64, (i * i) as f64)).collect();
//! LinePlot::new("A vs p", "p [MPa]", "A/A0")
//!     .series(Series::line("model", pts))
//!     .write(std::path::Path::new("report/area"))?;
//! # Ok::<(), tribo_calibrator::report::ReportError>(())
//! ```

use std::ops::Range;
use std::path::Path;

use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

use super::audit::LEGEND_BACKGROUND_ALPHA;
pub use super::colormap::colormap;
use super::error::{ReportError, Result};
use super::figures;
use super::label::flatten_nested;
use super::log_axis::LogAxis;
pub use super::render::PLOT_SIZE;
use super::render::try_render_figure;
pub(crate) use super::render::{render_figure, with_ext};
use super::right_axis::RightAxis;
pub use super::series::{Series, SeriesStyle, XSpan};
use super::style::{TICK_PX, TITLE_PX, axes, headroom, pad, series_color, tick_label};

/// Decades of positive x from which [`LinePlot::log_x_over_decades`] draws a log axis.
pub const DECADES_FOR_LOG: f64 = 1.0;

/// How close to an integer a tick must be to carry a category's name: far below the spacing of
/// the ticks plotters places (≥ 0.05 on an axis of up to 20 categories), far above rounding.
const CATEGORY_TICK_SLACK: f64 = 1e-6;

/// An x–y plot with one or more series, optional log axes.
#[derive(Debug, Clone)]
pub struct LinePlot {
    /// Title.
    pub title: String,
    /// x-axis label with unit.
    pub x_label: String,
    /// y-axis label with unit.
    pub y_label: String,
    /// Logarithmic x axis (non-positive x are skipped).
    pub x_log: bool,
    /// Logarithmic y axis (non-positive y are skipped).
    pub y_log: bool,
    /// Fixed x range (default: from the data).
    pub x_range: Option<(f64, f64)>,
    /// Fixed y range (default: from the data, including error bars).
    pub y_range: Option<(f64, f64)>,
    /// The curves.
    pub series: Vec<Series>,
    /// Shaded x intervals, drawn first.
    pub spans: Vec<XSpan>,
    /// Physical bounds of y (e.g. α ≥ 0): error bars and the drawn range are clipped to them.
    pub y_bounds: Option<(f64, f64)>,
    /// A second y axis on the right (see [`super::TwinAxisPlot`]); its series are among
    /// [`Self::series`], already in left-axis units.
    pub right_axis: Option<RightAxis>,
    /// Names of the integer x positions 1, 2, …, n (a category axis, e.g. the factors of a
    /// tornado): each integer tick is labelled with its name, other ticks stay blank. Empty:
    /// a numeric x axis.
    pub x_categories: Vec<String>,
}

impl LinePlot {
    /// An empty plot.
    pub fn new(
        title: impl Into<String>,
        x_label: impl Into<String>,
        y_label: impl Into<String>,
    ) -> Self {
        Self {
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            x_log: false,
            y_log: false,
            x_range: None,
            y_range: None,
            series: Vec::new(),
            spans: Vec::new(),
            y_bounds: None,
            right_axis: None,
            x_categories: Vec::new(),
        }
    }
    /// Makes x a category axis: the integer positions 1..=n carry `names` as tick labels, and
    /// the x range becomes \[0.5, n + 0.5\]. Points may sit between the integers (levels of one
    /// category side by side); only integer ticks are labelled.
    pub fn x_categories(mut self, names: Vec<String>) -> Self {
        let n = names.len() as f64;
        self.x_categories = names;
        if n > 0.0 {
            self.x_range = Some((0.5, n + 0.5));
        }
        self
    }
    /// The tick label of `x` on a category axis: the name of the integer position `x`, or
    /// nothing between them (`None` on a numeric axis).
    fn category_label(&self, x: f64) -> Option<String> {
        if self.x_categories.is_empty() {
            return None;
        }
        let k = x.round();
        let named = (x - k).abs() < CATEGORY_TICK_SLACK && k >= 1.0;
        Some(
            named
                .then(|| self.x_categories.get(k as usize - 1).cloned())
                .flatten()
                .unwrap_or_default(),
        )
    }
    /// Clips error bars and the drawn y range to the physical bounds \[lo, hi\] of y.
    pub fn y_bounds(mut self, lo: f64, hi: f64) -> Self {
        self.y_bounds = Some((lo, hi));
        self
    }
    /// Shades the x interval \[lo, hi\] in `color` behind the series.
    pub fn shade_x(mut self, label: impl Into<String>, lo: f64, hi: f64, color: RGBColor) -> Self {
        self.spans.push(XSpan {
            label: label.into(),
            x: (lo, hi),
            color,
        });
        self
    }
    /// Adds a series.
    pub fn series(mut self, s: Series) -> Self {
        self.series.push(s);
        self
    }
    /// Log x axis.
    pub fn log_x(mut self) -> Self {
        self.x_log = true;
        self
    }
    /// Log x axis if the series' positive x span at least [`DECADES_FOR_LOG`] (velocities from
    /// 0.08 to 50 m/s: a linear axis puts 0.08 at 0). Call after adding the series.
    pub fn log_x_over_decades(mut self) -> Self {
        let (lo, hi) = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .filter(|x| x.is_finite() && *x > 0.0)
            .fold((f64::INFINITY, 0.0f64), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            });
        if hi >= lo * 10f64.powf(DECADES_FOR_LOG) {
            self.x_log = true;
        }
        self
    }
    /// Log y axis.
    pub fn log_y(mut self) -> Self {
        self.y_log = true;
        self
    }
    /// Fixes the x range.
    pub fn x_range(mut self, lo: f64, hi: f64) -> Self {
        self.x_range = Some((lo, hi));
        self
    }
    /// Fixes the y range.
    pub fn y_range(mut self, lo: f64, hi: f64) -> Self {
        self.y_range = Some((lo, hi));
        self
    }

    /// Writes `<stem>.csv` (the plotted points, [`super::figure_data`]; kept if the caller wrote
    /// one), then `<stem>.svg` and `<stem>.png` atomically — now, or at the end of a
    /// [`figures::Deferred`] scope. A figure's failure is a warning naming the files, never an
    /// error (see [`Self::try_write`]); only the CSV's is.
    ///
    /// # Errors
    ///
    /// [`ReportError::Io`] when `<stem>.csv` cannot be written.
    pub fn write(&self, stem: &Path) -> Result<()> {
        super::figure_data::write_series(stem, &self.x_label, &[(&self.y_label, &self.series)])?;
        let plot = self.clone();
        let stem = stem.to_path_buf();
        figures::schedule(move || {
            figures::render_soft(&with_ext(&stem, "{svg,png}"), || plot.try_write(&stem));
        });
        Ok(())
    }

    /// Writes `<stem>.svg` and `<stem>.png` atomically now; errors are returned.
    ///
    /// # Errors
    ///
    /// [`ReportError::NothingToDraw`] when no point is finite on the axes; [`ReportError::Io`] when
    /// a file cannot be written; [`ReportError::Plotting`] when the drawing library fails.
    pub fn try_write(&self, stem: &Path) -> Result<()> {
        let (xr, yr) = self.ranges()?;
        try_render_figure(stem, |root| self.draw_any(root, xr, yr))
    }

    /// The shaded bands, clipped to the drawn x range and spanning the y range.
    fn draw_spans<DB, X, Y>(
        &self,
        chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
        x_range: &Range<f64>,
        y_range: &Range<f64>,
        any_label: &mut bool,
    ) -> Result<()>
    where
        DB: DrawingBackend,
        X: Ranged<ValueType = f64>,
        Y: Ranged<ValueType = f64>,
    {
        for span in &self.spans {
            let lo = span.x.0.max(x_range.start);
            let hi = span.x.1.min(x_range.end);
            if lo.partial_cmp(&hi) != Some(std::cmp::Ordering::Less) {
                continue;
            }
            let fill = span.color.mix(0.2).filled();
            let a = chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(lo, y_range.start), (hi, y_range.end)],
                    fill,
                )))
                .map_err(|err| ReportError::plotting(&self.title, err))?;
            if !span.label.is_empty() {
                *any_label = true;
                a.label(flatten_nested(&span.label))
                    .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 20, y + 5)], fill));
            }
        }
        Ok(())
    }

    fn visible(&self, x: f64, y: f64) -> bool {
        x.is_finite() && y.is_finite() && (!self.x_log || x > 0.0) && (!self.y_log || y > 0.0)
    }

    /// The drawn ends (lo, hi) of point `i`'s error bar on series `s`: non-finite lengths
    /// count as 0, a log axis keeps the bar above 0, and [`Self::y_bounds`] clip it.
    fn bar_ends(&self, s: &Series, i: usize, y: f64) -> (f64, f64) {
        let (down, up) = s
            .error
            .as_ref()
            .and_then(|e| e.get(i))
            .copied()
            .unwrap_or((0.0, 0.0));
        let clean = |d: f64| if d.is_finite() { d.abs() } else { 0.0 };
        let (mut lo, mut hi) = (y - clean(down), y + clean(up));
        if self.y_log && lo <= 0.0 {
            lo = y;
        }
        if let Some((blo, bhi)) = self.y_bounds {
            lo = lo.max(blo.min(y));
            hi = hi.min(bhi.max(y));
        }
        (lo, hi)
    }

    /// The data's extent (x, y) before padding: fixed ranges where given, else the visible
    /// points with their (clipped) error bars.
    pub(crate) fn extent(&self) -> Result<((f64, f64), (f64, f64))> {
        let mut xs = (f64::INFINITY, f64::NEG_INFINITY);
        let mut ys = (f64::INFINITY, f64::NEG_INFINITY);
        for s in &self.series {
            for (i, &(x, y)) in s.points.iter().enumerate() {
                if !self.visible(x, y) {
                    continue;
                }
                let (lo, hi) = self.bar_ends(s, i, y);
                xs = (xs.0.min(x), xs.1.max(x));
                ys = (ys.0.min(lo), ys.1.max(hi));
            }
        }
        let x = self.x_range.unwrap_or(xs);
        let y = self.y_range.unwrap_or(ys);
        if !(x.0.is_finite() && x.1.is_finite() && y.0.is_finite() && y.1.is_finite()) {
            return Err(ReportError::NothingToDraw {
                figure: self.title.clone(),
            });
        }
        Ok((x, y))
    }

    fn ranges(&self) -> Result<(Range<f64>, Range<f64>)> {
        let (x, y) = self.extent()?;
        Ok((pad(x, self.x_log), pad(y, self.y_log)))
    }

    /// The palette slot of each series: its own, or that of the series it follows in colour.
    fn colors(&self) -> Vec<RGBColor> {
        let mut own = Vec::with_capacity(self.series.len());
        let mut next = 0;
        for s in &self.series {
            own.push(match s.color_of {
                Some(k) if k < own.len() => own[k],
                _ => {
                    next += 1;
                    next - 1
                }
            });
        }
        own.into_iter().map(series_color).collect()
    }

    /// Legend entries in drawing order (spans first), as drawn (nested remarks flattened,
    /// see [`flatten_nested`]).
    pub(crate) fn legend_labels(&self) -> Vec<String> {
        self.spans
            .iter()
            .map(|s| s.label.as_str())
            .chain(self.series.iter().map(|s| s.label.as_str()))
            .filter(|l| !l.is_empty())
            .map(flatten_nested)
            .collect()
    }

    /// The chart layout shared by the drawing and the legend placement.
    fn builder<'a, 'b, DB: DrawingBackend>(
        &self,
        root: &'a DrawingArea<DB, Shift>,
    ) -> ChartBuilder<'a, 'b, DB> {
        let mut b = ChartBuilder::on(root);
        b.caption(&self.title, ("sans-serif", TITLE_PX))
            .margin(15)
            .margin_right(25)
            .x_label_area_size(50)
            .y_label_area_size(85);
        if self.right_axis.is_some() {
            b.right_y_label_area_size(85);
        }
        b
    }

    /// Data points in pixels of the plotting area (markers, line vertices and points along
    /// lines, error-bar ends), for the legend placement.
    fn data_pixels<DB, X, Y>(
        &self,
        chart: &ChartContext<'_, DB, Cartesian2d<X, Y>>,
    ) -> Vec<(i32, i32)>
    where
        DB: DrawingBackend,
        X: Ranged<ValueType = f64>,
        Y: Ranged<ValueType = f64>,
    {
        let (ox, oy) = chart.plotting_area().get_base_pixel();
        let px = |x: f64, y: f64| {
            let (a, b) = chart.backend_coord(&(x, y));
            (a - ox, b - oy)
        };
        let mut out = Vec::new();
        for s in &self.series {
            let mut prev: Option<(i32, i32)> = None;
            for (i, &(x, y)) in s.points.iter().enumerate() {
                if !self.visible(x, y) {
                    continue;
                }
                let p = px(x, y);
                if s.error.is_some() {
                    let (lo, hi) = self.bar_ends(s, i, y);
                    out.push(px(x, lo));
                    out.push(px(x, hi));
                }
                if let (
                    Some(q),
                    SeriesStyle::Line | SeriesStyle::LinePoints | SeriesStyle::Dashed,
                ) = (prev, s.style)
                {
                    out.extend(super::legend::along(q, p));
                }
                out.push(p);
                prev = Some(p);
            }
        }
        out
    }

    fn draw_any<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        xr: Range<f64>,
        yr: Range<f64>,
    ) -> Result<()> {
        // Room above the data is added until the legend finds a place that covers no point.
        let mut pick = (yr.clone(), SeriesLabelPosition::UpperRight);
        for attempt in 0..4 {
            let y = headroom(&yr, self.y_log, 0.3 * f64::from(attempt));
            let found = match (self.x_log, self.y_log) {
                (false, false) => self.place_legend(xr.clone(), y.clone()),
                (true, false) => self.place_legend(LogAxis::new(xr.clone()), y.clone()),
                (false, true) => self.place_legend(xr.clone(), LogAxis::new(y.clone())),
                (true, true) => {
                    self.place_legend(LogAxis::new(xr.clone()), LogAxis::new(y.clone()))
                }
            }?;
            let done = found.is_some();
            pick = (y, found.unwrap_or(SeriesLabelPosition::UpperRight));
            if done {
                break;
            }
        }
        let (yr, legend) = pick;
        let bounds = (xr.clone(), yr.clone());
        match (self.x_log, self.y_log) {
            (false, false) => self.draw(root, xr, yr, &bounds, legend),
            (true, false) => self.draw(root, LogAxis::new(xr), yr, &bounds, legend),
            (false, true) => self.draw(root, xr, LogAxis::new(yr), &bounds, legend),
            (true, true) => self.draw(root, LogAxis::new(xr), LogAxis::new(yr), &bounds, legend),
        }
    }

    /// Where the legend covers no data point at these ranges (`None`: nowhere).
    fn place_legend<X, Y>(&self, xr: X, yr: Y) -> Result<Option<SeriesLabelPosition>>
    where
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: Ranged<ValueType = f64>,
        Y::CoordDescType: Ranged<ValueType = f64>,
    {
        let labels = self.legend_labels();
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        if labels.is_empty() {
            return Ok(Some(SeriesLabelPosition::UpperRight));
        }
        let mut buf = vec![0u8; (PLOT_SIZE.0 * PLOT_SIZE.1 * 3) as usize];
        let root = BitMapBackend::with_buffer(&mut buf, PLOT_SIZE).into_drawing_area();
        let chart = self
            .builder(&root)
            .build_cartesian_2d(xr, yr)
            .map_err(|err| ReportError::plotting(&self.title, err))?;
        let area = chart.plotting_area().dim_in_pixel();
        let points = self.data_pixels(&chart);
        super::legend::free_position(&labels, area, &points)
    }

    fn draw<DB, X, Y>(
        &self,
        root: &DrawingArea<DB, Shift>,
        xr: X,
        yr: Y,
        bounds: &(Range<f64>, Range<f64>),
        legend: SeriesLabelPosition,
    ) -> Result<()>
    where
        DB: DrawingBackend,
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64> + Ranged<ValueType = f64>,
        Y::CoordDescType: ValueFormatter<f64> + Ranged<ValueType = f64>,
    {
        let e = |err: DrawingAreaErrorKind<DB::ErrorType>| ReportError::plotting(&self.title, err);
        root.fill(&WHITE).map_err(e)?;
        let chart = self.builder(root).build_cartesian_2d(xr, yr).map_err(e)?;
        match &self.right_axis {
            None => {
                let mut chart = chart;
                self.draw_body(&mut chart, bounds, legend)?;
            }
            Some(axis) => {
                axis.draw_around(chart, bounds, self.y_log, |c| {
                    self.draw_body(c, bounds, legend)
                })?;
            }
        }
        root.present().map_err(e)?;
        Ok(())
    }

    /// The mesh, spans, series and legend on the (primary) coordinates of `chart`.
    fn draw_body<'a, DB, X, Y>(
        &self,
        chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
        bounds: &(Range<f64>, Range<f64>),
        legend: SeriesLabelPosition,
    ) -> Result<()>
    where
        DB: DrawingBackend + 'a,
        X: ValueFormatter<f64> + Ranged<ValueType = f64>,
        Y: ValueFormatter<f64> + Ranged<ValueType = f64>,
    {
        let e = |err: DrawingAreaErrorKind<DB::ErrorType>| ReportError::plotting(&self.title, err);
        let category = |x: &f64| self.category_label(*x).unwrap_or_else(|| tick_label(*x));
        let mut mesh = axes(chart, &self.x_label, &self.y_label);
        if !self.x_categories.is_empty() {
            // One tick per category (plotters then puts them on the integers) and no vertical
            // grid lines between them.
            mesh.x_labels(self.x_categories.len() + 1)
                .x_label_formatter(&category)
                .disable_x_mesh();
        }
        mesh.light_line_style(WHITE.mix(0.0)).draw().map_err(e)?;
        let mut any_label = false;
        self.draw_spans(chart, &bounds.0, &bounds.1, &mut any_label)?;
        let colors = self.colors();
        for (s, color) in self.series.iter().zip(colors) {
            let color = color.to_rgba();
            let pts: Vec<(f64, f64)> = s
                .points
                .iter()
                .copied()
                .filter(|&(x, y)| self.visible(x, y))
                .collect();
            let line_style = ShapeStyle::from(&color).stroke_width(2);
            if s.error.is_some() {
                let bars = s.points.iter().enumerate().filter_map(|(i, &(x, y))| {
                    let (lo, hi) = self.bar_ends(s, i, y);
                    self.visible(x, y)
                        .then(|| ErrorBar::new_vertical(x, lo, y, hi, color.filled(), 8))
                });
                chart.draw_series(bars).map_err(e)?;
            }
            let anno = match s.style {
                SeriesStyle::Line => chart
                    .draw_series(LineSeries::new(pts.clone(), line_style))
                    .map_err(e)?,
                SeriesStyle::LinePoints => {
                    chart
                        .draw_series(LineSeries::new(pts.clone(), line_style))
                        .map_err(e)?;
                    chart
                        .draw_series(pts.iter().map(|&p| Circle::new(p, 4, color.filled())))
                        .map_err(e)?
                }
                SeriesStyle::Dashed => chart
                    .draw_series(DashedLineSeries::new(pts.clone(), 8, 5, line_style))
                    .map_err(e)?,
                SeriesStyle::Points => chart
                    .draw_series(pts.iter().map(|&p| Circle::new(p, 4, color.filled())))
                    .map_err(e)?,
            };
            if !s.label.is_empty() {
                any_label = true;
                let style = s.style;
                let bar = s.error.is_some();
                anno.label(flatten_nested(&s.label)).legend(move |(x, y)| {
                    let k = LegendSample::of(style, bar);
                    let ink = |on: bool| if on { color } else { color.mix(0.0) };
                    EmptyElement::at((x + 10, y))
                        + PathElement::new(
                            vec![(-10, 0), (k.gap.0, 0)],
                            ink(k.line).stroke_width(2),
                        )
                        + PathElement::new(vec![(k.gap.1, 0), (10, 0)], ink(k.line).stroke_width(2))
                        + PathElement::new(vec![(0, -7), (0, 7)], ink(k.bar).stroke_width(1))
                        + Circle::new((0, 0), 4, ink(k.dot).filled())
                });
            }
        }
        if any_label {
            chart
                .configure_series_labels()
                .position(legend)
                .label_font(("sans-serif", TICK_PX))
                .background_style(WHITE.mix(LEGEND_BACKGROUND_ALPHA))
                .border_style(BLACK)
                .draw()
                .map_err(e)?;
        }
        Ok(())
    }
}

/// The legend sample of a series as it is drawn (issue 33: legend samples that match the
/// marks): a marker for points (with a short bar where the points carry error bars), a line
/// for lines, both for lines with markers, two dashes for a dashed line. The sample is one
/// 20 px line (split at `gap` for dashes), a bar and a dot, each drawn or transparent.
#[derive(Debug, Clone, Copy, PartialEq)]
struct LegendSample {
    line: bool,
    gap: (i32, i32),
    bar: bool,
    dot: bool,
}

impl LegendSample {
    fn of(style: SeriesStyle, error_bars: bool) -> Self {
        let (line, dot) = match style {
            SeriesStyle::Line | SeriesStyle::Dashed => (true, false),
            SeriesStyle::Points => (false, true),
            SeriesStyle::LinePoints => (true, true),
        };
        Self {
            line,
            gap: if style == SeriesStyle::Dashed {
                (-3, 3)
            } else {
                (10, 10)
            },
            bar: error_bars && style == SeriesStyle::Points,
            dot,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_category_axis_names_the_integer_ticks_only() {
        let p = LinePlot::new("t", "factor", "ratio")
            .x_categories(vec!["drag frame".into(), "stiffness".into()]);
        assert_eq!(p.x_range, Some((0.5, 2.5)));
        assert_eq!(p.category_label(1.0).as_deref(), Some("drag frame"));
        assert_eq!(p.category_label(2.0).as_deref(), Some("stiffness"));
        // Between the categories, and beyond them, a tick carries no label.
        for x in [0.5, 1.5, 3.0, 0.0, -1.0] {
            assert_eq!(p.category_label(x).as_deref(), Some(""), "x = {x}");
        }
        // A numeric axis keeps its numeric labels.
        assert_eq!(LinePlot::new("t", "x", "y").category_label(1.0), None);
    }

    #[test]
    fn legend_samples_match_the_marks() {
        let p = LegendSample::of(SeriesStyle::Points, false);
        assert!(p.dot && !p.line && !p.bar);
        assert!(LegendSample::of(SeriesStyle::Points, true).bar);
        let l = LegendSample::of(SeriesStyle::Line, true);
        assert!(l.line && !l.dot && !l.bar && l.gap.0 == l.gap.1);
        let d = LegendSample::of(SeriesStyle::Dashed, false);
        assert!(d.line && d.gap.0 < d.gap.1);
        let lp = LegendSample::of(SeriesStyle::LinePoints, false);
        assert!(lp.line && lp.dot);
    }

    #[test]
    fn line_plot_writes_svg_and_png() {
        let dir = tempfile::tempdir().unwrap();
        let stem = dir.path().join("curve");
        let pts: Vec<(f64, f64)> = (1..20).map(|i| (i as f64, (i as f64).powi(2))).collect();
        LinePlot::new("square", "x [-]", "y [-]")
            .log_x()
            .log_y()
            .series(Series::line("x²", pts.clone()))
            .series(Series::points("pts", pts).with_error(vec![1.0; 19]))
            .try_write(&stem)
            .unwrap();
        let svg = std::fs::read_to_string(dir.path().join("curve.svg")).unwrap();
        assert!(svg.contains("<svg"));
        let png = std::fs::read(dir.path().join("curve.png")).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            2,
            "temporary files left"
        );
    }
}
