//! Plots of report curves and maps, each written as SVG and PNG (plotters), atomically.
//!
//! ```no_run
//! use tribo_calibrator::report::{LinePlot, Series};
//! let pts: Vec<(f64, f64)> = (1..10).map(|i| (i as f64, (i * i) as f64)).collect();
//! LinePlot::new("A vs p", "p [MPa]", "A/A0")
//!     .series(Series::line("model", pts))
//!     .write(std::path::Path::new("report/area"))?;
//! # Ok::<(), anyhow::Error>(())
//! ```

use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

use super::atomic::{commit_temp, temp_path_for};
use super::figures;

/// Picture size in pixels (SVG user units) of every plot.
pub const PLOT_SIZE: (u32, u32) = (900, 600);

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

/// One curve of a [`LinePlot`].
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
}

impl Series {
    /// A connected line.
    pub fn line(label: impl Into<String>, points: Vec<(f64, f64)>) -> Self {
        Self {
            label: label.into(),
            points,
            error: None,
            style: SeriesStyle::Line,
        }
    }
    /// Markers only.
    pub fn points(label: impl Into<String>, points: Vec<(f64, f64)>) -> Self {
        Self {
            label: label.into(),
            points,
            error: None,
            style: SeriesStyle::Points,
        }
    }
    /// A dashed reference line.
    pub fn dashed(label: impl Into<String>, points: Vec<(f64, f64)>) -> Self {
        Self {
            label: label.into(),
            points,
            error: None,
            style: SeriesStyle::Dashed,
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
        }
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

    /// Writes `<stem>.svg` and `<stem>.png` atomically — now, or at the end of a
    /// [`figures::Deferred`] scope. A failure is a warning naming the files, never an error:
    /// the `Result` is kept for the callers' `?` and is always `Ok`. See [`Self::try_write`].
    pub fn write(&self, stem: &Path) -> Result<()> {
        let plot = self.clone();
        let stem = stem.to_path_buf();
        figures::schedule(move || {
            figures::render_soft(&with_ext(&stem, "{svg,png}"), || plot.try_write(&stem));
        });
        Ok(())
    }

    /// Writes `<stem>.svg` and `<stem>.png` atomically now; errors are returned.
    pub fn try_write(&self, stem: &Path) -> Result<()> {
        let (xr, yr) = self.ranges()?;
        let svg = with_ext(stem, "svg");
        let png = with_ext(stem, "png");
        try_render_svg(&svg, |root| self.draw_any(root, xr.clone(), yr.clone()))?;
        try_render_png(&png, |root| self.draw_any(root, xr.clone(), yr.clone()))
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
                .map_err(|err| anyhow!("plot '{}': {err:?}", self.title))?;
            if !span.label.is_empty() {
                *any_label = true;
                a.label(span.label.clone())
                    .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 20, y + 5)], fill));
            }
        }
        Ok(())
    }

    fn visible(&self, x: f64, y: f64) -> bool {
        x.is_finite() && y.is_finite() && (!self.x_log || x > 0.0) && (!self.y_log || y > 0.0)
    }

    fn ranges(&self) -> Result<(Range<f64>, Range<f64>)> {
        let mut xs = (f64::INFINITY, f64::NEG_INFINITY);
        let mut ys = (f64::INFINITY, f64::NEG_INFINITY);
        for s in &self.series {
            for (i, &(x, y)) in s.points.iter().enumerate() {
                if !self.visible(x, y) {
                    continue;
                }
                let (down, up) = s
                    .error
                    .as_ref()
                    .and_then(|e| e.get(i))
                    .copied()
                    .unwrap_or((0.0, 0.0));
                let clean = |d: f64| if d.is_finite() { d.abs() } else { 0.0 };
                let (down, up) = (clean(down), clean(up));
                xs = (xs.0.min(x), xs.1.max(x));
                let lo = if self.y_log && y - down <= 0.0 {
                    y
                } else {
                    y - down
                };
                ys = (ys.0.min(lo), ys.1.max(y + up));
            }
        }
        let x = self.x_range.unwrap_or(xs);
        let y = self.y_range.unwrap_or(ys);
        if !(x.0.is_finite() && x.1.is_finite() && y.0.is_finite() && y.1.is_finite()) {
            return Err(anyhow!("plot '{}' has no finite point to draw", self.title));
        }
        Ok((pad(x, self.x_log), pad(y, self.y_log)))
    }

    fn draw_any<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        xr: Range<f64>,
        yr: Range<f64>,
    ) -> Result<()> {
        let bounds = (xr.clone(), yr.clone());
        match (self.x_log, self.y_log) {
            (false, false) => self.draw(root, xr, yr, &bounds),
            (true, false) => self.draw(root, xr.log_scale(), yr, &bounds),
            (false, true) => self.draw(root, xr, yr.log_scale(), &bounds),
            (true, true) => self.draw(root, xr.log_scale(), yr.log_scale(), &bounds),
        }
    }

    fn draw<DB, X, Y>(
        &self,
        root: &DrawingArea<DB, Shift>,
        xr: X,
        yr: Y,
        bounds: &(Range<f64>, Range<f64>),
    ) -> Result<()>
    where
        DB: DrawingBackend,
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64> + Ranged<ValueType = f64>,
        Y::CoordDescType: ValueFormatter<f64> + Ranged<ValueType = f64>,
    {
        let e =
            |err: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("plot '{}': {err:?}", self.title);
        root.fill(&WHITE).map_err(e)?;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", 22))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(75)
            .build_cartesian_2d(xr, yr)
            .map_err(e)?;
        chart
            .configure_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(e)?;
        let mut any_label = false;
        self.draw_spans(&mut chart, &bounds.0, &bounds.1, &mut any_label)?;
        for (k, s) in self.series.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
            let pts: Vec<(f64, f64)> = s
                .points
                .iter()
                .copied()
                .filter(|&(x, y)| self.visible(x, y))
                .collect();
            let line_style = ShapeStyle::from(&color).stroke_width(2);
            if let Some(err) = &s.error {
                let bars = s
                    .points
                    .iter()
                    .zip(err)
                    .filter_map(|(&(x, y), &(down, up))| {
                        let clean = |d: f64| if d.is_finite() { d.abs() } else { 0.0 };
                        let (down, up) = (clean(down), clean(up));
                        let lo = if self.y_log && y - down <= 0.0 {
                            y
                        } else {
                            y - down
                        };
                        self.visible(x, y)
                            .then(|| ErrorBar::new_vertical(x, lo, y, y + up, color.filled(), 8))
                    });
                chart.draw_series(bars).map_err(e)?;
            }
            let anno = match s.style {
                SeriesStyle::Line => Some(
                    chart
                        .draw_series(LineSeries::new(pts.clone(), line_style))
                        .map_err(e)?,
                ),
                SeriesStyle::LinePoints => {
                    chart
                        .draw_series(LineSeries::new(pts.clone(), line_style))
                        .map_err(e)?;
                    Some(
                        chart
                            .draw_series(pts.iter().map(|&p| Circle::new(p, 4, color.filled())))
                            .map_err(e)?,
                    )
                }
                SeriesStyle::Dashed => Some(
                    chart
                        .draw_series(DashedLineSeries::new(pts.clone(), 8, 5, line_style))
                        .map_err(e)?,
                ),
                SeriesStyle::Points => Some(
                    chart
                        .draw_series(pts.iter().map(|&p| Circle::new(p, 4, color.filled())))
                        .map_err(e)?,
                ),
            };
            if let Some(a) = anno
                && !s.label.is_empty()
            {
                any_label = true;
                a.label(s.label.clone()).legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
            }
        }
        if any_label {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .draw()
                .map_err(e)?;
        }
        root.present().map_err(e)?;
        Ok(())
    }
}

/// A scalar map on a regular grid drawn as a colour image (contact maps, β(x, t) maps).
#[derive(Debug, Clone)]
pub struct Heatmap<'a> {
    /// Title.
    pub title: String,
    /// x-axis label with unit.
    pub x_label: String,
    /// y-axis label with unit.
    pub y_label: String,
    /// Row-major values, `ny` rows of `nx` (row 0 at the bottom).
    pub values: &'a [f64],
    /// Columns.
    pub nx: usize,
    /// Rows.
    pub ny: usize,
    /// Physical x extent.
    pub x_range: (f64, f64),
    /// Physical y extent.
    pub y_range: (f64, f64),
    /// Colour scale limits (default: data min/max).
    pub value_range: Option<(f64, f64)>,
}

/// Largest number of cells drawn per axis; larger maps are subsampled for drawing.
const HEATMAP_MAX_CELLS: usize = 256;

impl Heatmap<'_> {
    /// Writes `<stem>.svg` and `<stem>.png` atomically — now, or at the end of a
    /// [`figures::Deferred`] scope (the values are copied). A failure is a warning naming the
    /// files, never an error; see [`Self::try_write`].
    pub fn write(&self, stem: &Path) -> Result<()> {
        let values = self.values.to_vec();
        let (title, x_label, y_label) = (
            self.title.clone(),
            self.x_label.clone(),
            self.y_label.clone(),
        );
        let (nx, ny, x_range, y_range, value_range) =
            (self.nx, self.ny, self.x_range, self.y_range, self.value_range);
        let stem = stem.to_path_buf();
        figures::schedule(move || {
            let map = Heatmap {
                title,
                x_label,
                y_label,
                values: &values,
                nx,
                ny,
                x_range,
                y_range,
                value_range,
            };
            figures::render_soft(&with_ext(&stem, "{svg,png}"), || map.try_write(&stem));
        });
        Ok(())
    }

    /// Writes `<stem>.svg` and `<stem>.png` atomically now; errors are returned.
    pub fn try_write(&self, stem: &Path) -> Result<()> {
        if self.nx == 0 || self.ny == 0 || self.values.len() != self.nx * self.ny {
            return Err(anyhow!(
                "heatmap '{}': {} values for a {}×{} grid",
                self.title,
                self.values.len(),
                self.nx,
                self.ny
            ));
        }
        try_render_svg(&with_ext(stem, "svg"), |root| self.draw(root))?;
        try_render_png(&with_ext(stem, "png"), |root| self.draw(root))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let e =
            |err: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("heatmap '{}': {err:?}", self.title);
        let (vmin, vmax) = self.value_range.unwrap_or_else(|| {
            self.values
                .iter()
                .filter(|v| v.is_finite())
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
                    (a.min(v), b.max(v))
                })
        });
        let span = if vmax > vmin { vmax - vmin } else { 1.0 };
        root.fill(&WHITE).map_err(e)?;
        let (main, bar) = root.split_horizontally(PLOT_SIZE.0 - 110);
        let mut chart = ChartBuilder::on(&main)
            .caption(&self.title, ("sans-serif", 22))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(75)
            .build_cartesian_2d(
                self.x_range.0..self.x_range.1,
                self.y_range.0..self.y_range.1,
            )
            .map_err(e)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .draw()
            .map_err(e)?;
        let sx = self.nx.div_ceil(HEATMAP_MAX_CELLS);
        let sy = self.ny.div_ceil(HEATMAP_MAX_CELLS);
        let dx = (self.x_range.1 - self.x_range.0) / self.nx as f64;
        let dy = (self.y_range.1 - self.y_range.0) / self.ny as f64;
        let cells = (0..self.ny)
            .step_by(sy)
            .flat_map(|j| (0..self.nx).step_by(sx).map(move |i| (i, j)));
        chart
            .draw_series(cells.map(|(i, j)| {
                let v = self.values[j * self.nx + i];
                let c = if v.is_finite() {
                    colormap((v - vmin) / span)
                } else {
                    RGBColor(255, 0, 255)
                };
                let x0 = self.x_range.0 + i as f64 * dx;
                let y0 = self.y_range.0 + j as f64 * dy;
                Rectangle::new(
                    [(x0, y0), (x0 + dx * sx as f64, y0 + dy * sy as f64)],
                    c.filled(),
                )
            }))
            .map_err(e)?;
        // Colour bar.
        let mut cb = ChartBuilder::on(&bar)
            .margin_top(50)
            .margin_bottom(60)
            .margin_right(10)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..1.0, vmin..vmin + span)
            .map_err(e)?;
        cb.configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .draw()
            .map_err(e)?;
        let steps = 64;
        cb.draw_series((0..steps).map(|k| {
            let a = vmin + span * k as f64 / steps as f64;
            let b = vmin + span * (k + 1) as f64 / steps as f64;
            Rectangle::new(
                [(0.0, a), (1.0, b)],
                colormap(k as f64 / (steps - 1) as f64).filled(),
            )
        }))
        .map_err(e)?;
        root.present().map_err(e)?;
        Ok(())
    }
}

/// A perceptually ordered colour map (viridis anchors, linear between them); `t` in [0, 1].
pub fn colormap(t: f64) -> RGBColor {
    const ANCHORS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let s = t * (ANCHORS.len() - 1) as f64;
    let k = (s.floor() as usize).min(ANCHORS.len() - 2);
    let f = s - k as f64;
    let (a, b) = (ANCHORS[k], ANCHORS[k + 1]);
    let mix = |u: f64, v: f64| (u + (v - u) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn pad(r: (f64, f64), log: bool) -> Range<f64> {
    let (lo, hi) = r;
    if log {
        if hi > lo { lo..hi } else { lo * 0.5..hi * 2.0 }
    } else if hi > lo {
        let m = 0.03 * (hi - lo);
        lo - m..hi + m
    } else {
        let m = if lo == 0.0 { 1.0 } else { 0.1 * lo.abs() };
        lo - m..hi + m
    }
}

fn with_ext(stem: &Path, ext: &str) -> PathBuf {
    let mut s = stem.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

fn prepare(path: &Path) -> Result<PathBuf> {
    super::font::ensure_registered().map_err(|e| anyhow!(e))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    Ok(temp_path_for(path))
}

/// Draws an SVG file now; a failure is a warning naming the file (see [`figures`]).
pub(crate) fn render_svg<F>(path: &Path, draw: F) -> Result<()>
where
    F: FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<()>,
{
    figures::render_soft(path, || try_render_svg(path, draw));
    Ok(())
}

/// Draws a PNG file now; a failure is a warning naming the file (see [`figures`]).
pub(crate) fn render_png<F>(path: &Path, draw: F) -> Result<()>
where
    F: FnOnce(&DrawingArea<BitMapBackend<'_>, Shift>) -> Result<()>,
{
    figures::render_soft(path, || try_render_png(path, draw));
    Ok(())
}

fn try_render_svg<F>(path: &Path, draw: F) -> Result<()>
where
    F: FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<()>,
{
    let tmp = prepare(path)?;
    let res = {
        let root = SVGBackend::new(&tmp, PLOT_SIZE).into_drawing_area();
        draw(&root)
    };
    commit_temp(&tmp, path, res.is_ok()).with_context(|| format!("writing {}", path.display()))?;
    res
}

fn try_render_png<F>(path: &Path, draw: F) -> Result<()>
where
    F: FnOnce(&DrawingArea<BitMapBackend<'_>, Shift>) -> Result<()>,
{
    let tmp = prepare(path)?;
    let res = {
        let root = BitMapBackend::new(&tmp, PLOT_SIZE).into_drawing_area();
        draw(&root)
    };
    commit_temp(&tmp, path, res.is_ok()).with_context(|| format!("writing {}", path.display()))?;
    res
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn heatmap_rejects_wrong_size_and_draws_valid() {
        let dir = tempfile::tempdir().unwrap();
        let vals: Vec<f64> = (0..12).map(f64::from).collect();
        let mut h = Heatmap {
            title: "map".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            values: &vals,
            nx: 4,
            ny: 3,
            x_range: (0.0, 4.0),
            y_range: (0.0, 3.0),
            value_range: None,
        };
        h.try_write(&dir.path().join("m")).unwrap();
        h.nx = 5;
        assert!(h.try_write(&dir.path().join("bad")).is_err());
        // The soft writer turns the same failure into a warning: no error, no file.
        assert!(h.write(&dir.path().join("soft")).is_ok());
        assert!(!dir.path().join("soft.png").exists());
    }

    #[test]
    fn colormap_ends() {
        assert_eq!(colormap(0.0), RGBColor(68, 1, 84));
        assert_eq!(colormap(1.0), RGBColor(253, 231, 37));
        assert_eq!(colormap(f64::NAN), RGBColor(68, 1, 84));
    }
}
