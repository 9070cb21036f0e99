//! Plots with two y axes sharing one x axis (seed 000 Fig. 14: d̄_c/d̄ on the left, N_c/N_s
//! on the right). The right-axis series are mapped into the left axis' units by the affine map
//! between the two padded ranges (in log space for a log axis), so they are drawn, placed
//! around the legend and audited exactly like left-axis series; the right axis' ticks are
//! drawn from the inverse map of the final left range.

use std::ops::Range;
use std::path::Path;

use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

use super::error::{ReportError, Result};
use super::figures;
use super::label::qualified;
use super::log_axis::LogAxis;
use super::plot::{LinePlot, with_ext};
use super::series::Series;
use super::style::{AXIS_LABEL_PX, TICK_PX, pad, tick_label};

/// The right y axis of a [`LinePlot`]: its label, scale, and the map to the left axis,
/// `L(y_left) = offset + scale · R(y_right)` with L, R = ln on a log axis, identity otherwise.
#[derive(Debug, Clone, PartialEq)]
pub struct RightAxis {
    /// Axis label with unit.
    pub label: String,
    /// Logarithmic right axis.
    pub log: bool,
    offset: f64,
    scale: f64,
}

fn warp(log: bool, v: f64) -> f64 {
    if log { v.ln() } else { v }
}

fn unwarp(log: bool, v: f64) -> f64 {
    if log { v.exp() } else { v }
}

impl RightAxis {
    /// The axis mapping the right range `right` onto the left range `left` (both as drawn).
    fn between(
        label: String,
        log: bool,
        right: &Range<f64>,
        left_log: bool,
        left: &Range<f64>,
    ) -> Self {
        let (r0, r1) = (warp(log, right.start), warp(log, right.end));
        let (l0, l1) = (warp(left_log, left.start), warp(left_log, left.end));
        let scale = if r1 != r0 { (l1 - l0) / (r1 - r0) } else { 1.0 };
        Self {
            label,
            log,
            offset: l0 - scale * r0,
            scale,
        }
    }

    /// A right-axis value in left-axis units.
    pub fn to_left(&self, left_log: bool, y: f64) -> f64 {
        unwarp(left_log, self.offset + self.scale * warp(self.log, y))
    }

    /// A left-axis value in right-axis units.
    pub fn from_left(&self, left_log: bool, y: f64) -> f64 {
        unwarp(self.log, (warp(left_log, y) - self.offset) / self.scale)
    }

    /// Sets the right axis' coordinates on `chart` (final ranges `bounds`), runs `body` on
    /// the primary coordinates, then draws the right axis. The secondary coordinates are set
    /// first: plotters hands them the right label area, so the left axis' mesh does not
    /// repeat its labels there.
    pub(crate) fn draw_around<'a, DB, X, Y>(
        &self,
        chart: ChartContext<'a, DB, Cartesian2d<X, Y>>,
        bounds: &(Range<f64>, Range<f64>),
        left_log: bool,
        body: impl FnOnce(&mut ChartContext<'a, DB, Cartesian2d<X, Y>>) -> Result<()>,
    ) -> Result<()>
    where
        DB: DrawingBackend + 'a,
        X: Ranged<ValueType = f64>,
        Y: Ranged<ValueType = f64>,
    {
        let lo = self.from_left(left_log, bounds.1.start);
        let hi = self.from_left(left_log, bounds.1.end);
        if self.log {
            self.draw_ticks(chart, bounds.0.clone(), LogAxis::new(lo..hi), body)
        } else {
            self.draw_ticks(chart, bounds.0.clone(), lo..hi, body)
        }
    }

    /// [`Self::draw_around`] with the secondary coordinates `(x, y)`; only the right axis is
    /// drawn (no top label area is allocated), so `x` is never shown.
    fn draw_ticks<'a, DB, X, Y, SY>(
        &self,
        chart: ChartContext<'a, DB, Cartesian2d<X, Y>>,
        x: Range<f64>,
        y: SY,
        body: impl FnOnce(&mut ChartContext<'a, DB, Cartesian2d<X, Y>>) -> Result<()>,
    ) -> Result<()>
    where
        DB: DrawingBackend + 'a,
        X: Ranged<ValueType = f64>,
        Y: Ranged<ValueType = f64>,
        SY: AsRangedCoord<Value = f64>,
        SY::CoordDescType: ValueFormatter<f64> + Ranged<ValueType = f64>,
    {
        let mut dual = chart.set_secondary_coord(x, y);
        body(&mut *dual)?;
        dual.configure_secondary_axes()
            .y_desc(&self.label)
            .axis_desc_style(("sans-serif", AXIS_LABEL_PX))
            .label_style(("sans-serif", TICK_PX))
            .y_label_formatter(&|v| tick_label(*v))
            .draw()
            .map_err(|err| ReportError::plotting(&self.label, err))
    }
}

/// A [`LinePlot`] (left axis) with series on a second y axis on the right.
#[derive(Debug, Clone)]
pub struct TwinAxisPlot {
    /// The plot and its left-axis series.
    pub left: LinePlot,
    /// Right axis label with unit.
    pub right_label: String,
    /// Logarithmic right axis.
    pub right_log: bool,
    /// Right-axis series, in right-axis units.
    pub right: Vec<Series>,
}

impl TwinAxisPlot {
    /// `left` with an empty right axis labelled `right_label`.
    pub fn new(left: LinePlot, right_label: impl Into<String>) -> Self {
        Self {
            left,
            right_label: right_label.into(),
            right_log: false,
            right: Vec::new(),
        }
    }

    /// Log right axis.
    pub fn log_right(mut self) -> Self {
        self.right_log = true;
        self
    }

    /// Adds a right-axis series (its legend label says "right axis").
    pub fn right_series(mut self, s: Series) -> Self {
        self.right.push(s);
        self
    }

    /// The one [`LinePlot`] drawn: left series, then the right ones mapped to left units.
    ///
    /// # Errors
    ///
    /// [`ReportError::NothingToDraw`] when the left or the right-only series has no finite point.
    pub fn to_line_plot(&self) -> Result<LinePlot> {
        let (_, left_y) = self.left.extent()?;
        let mut right_only = LinePlot::new(&self.left.title, "", "");
        right_only.x_log = self.left.x_log;
        right_only.y_log = self.right_log;
        right_only.series.clone_from(&self.right);
        let (_, right_y) = right_only.extent()?;
        let axis = RightAxis::between(
            self.right_label.clone(),
            self.right_log,
            &pad(right_y, self.right_log),
            self.left.y_log,
            &pad(left_y, self.left.y_log),
        );
        let left_log = self.left.y_log;
        let mut plot = self.left.clone();
        // The left range stays that of the left data: mapped right data fill the same span.
        plot.y_range = Some(left_y);
        let offset = plot.series.len();
        for s in &self.right {
            let mut mapped = s.clone();
            mapped.label = qualified(&s.label, "right axis");
            mapped.points = s
                .points
                .iter()
                .map(|&(x, y)| (x, axis.to_left(left_log, y)))
                .collect();
            mapped.error = s.error.as_ref().map(|bars| {
                s.points
                    .iter()
                    .zip(bars)
                    .map(|(&(_, y), &(down, up))| {
                        let m = axis.to_left(left_log, y);
                        (
                            m - axis.to_left(left_log, y - down),
                            axis.to_left(left_log, y + up) - m,
                        )
                    })
                    .collect()
            });
            mapped.color_of = s.color_of.map(|k| k + offset);
            plot.series.push(mapped);
        }
        plot.right_axis = Some(axis);
        Ok(plot)
    }

    /// Writes `<stem>.svg` and `<stem>.png` like [`LinePlot::write`] (a failure is a warning).
    ///
    /// # Errors
    ///
    /// [`ReportError::Io`] when `<stem>.csv` cannot be written; figure failures are warnings.
    pub fn write(&self, stem: &Path) -> Result<()> {
        super::figure_data::write_series(
            stem,
            &self.left.x_label,
            &[
                (&self.left.y_label, &self.left.series),
                (&self.right_label, &self.right),
            ],
        )?;
        match self.to_line_plot() {
            Ok(plot) => plot.write(stem),
            Err(err) => {
                figures::render_soft(&with_ext(stem, "{svg,png}"), || Err(err));
                Ok(())
            }
        }
    }

    /// Writes `<stem>.svg` and `<stem>.png` now; errors are returned.
    ///
    /// # Errors
    ///
    /// Those of [`to_line_plot`](Self::to_line_plot) and [`LinePlot::try_write`].
    pub fn try_write(&self, stem: &Path) -> Result<()> {
        self.to_line_plot()?.try_write(stem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round trips of the affine map are exact to a few ulps.
    const MAP_TOL: f64 = 1e-12;

    #[test]
    fn the_right_range_maps_onto_the_left_one_and_back() {
        let axis = RightAxis::between("N".into(), false, &(0.0..0.5), true, &(1e-2..1.0));
        assert!((axis.to_left(true, 0.0) - 1e-2).abs() < MAP_TOL);
        assert!((axis.to_left(true, 0.5) - 1.0).abs() < MAP_TOL);
        // Halfway on the right is halfway in decades on the left.
        assert!((axis.to_left(true, 0.25) - 0.1).abs() < MAP_TOL);
        for y in [0.0, 0.1, 0.37, 0.5] {
            assert!((axis.from_left(true, axis.to_left(true, y)) - y).abs() < MAP_TOL);
        }
    }

    #[test]
    fn a_twin_plot_draws_both_axes_and_labels_the_right_series() {
        let dir = tempfile::tempdir().unwrap();
        let p: Vec<f64> = (1..8).map(|k| f64::from(k) * 5.0).collect();
        // Both y axes linear: both padded by the same 3 %, so the data ends map onto each other.
        let left = LinePlot::new("twin", "p [MPa]", "d [-]")
            .log_x()
            .series(Series::points(
                "d",
                p.iter().map(|&x| (x, 1.0 / x.sqrt())).collect(),
            ));
        let twin = TwinAxisPlot::new(left, "N [-]").right_series(Series::points(
            "N",
            p.iter().map(|&x| (x, 0.01 * x)).collect(),
        ));
        let plot = twin.to_line_plot().unwrap();
        assert_eq!(plot.legend_labels(), vec!["d", "N (right axis)"]);
        let ys: Vec<f64> = plot.series[1].points.iter().map(|q| q.1).collect();
        let (lo, hi) = (1.0 / 35f64.sqrt(), 1.0 / 5f64.sqrt());
        let (rlo, rhi) = (ys[0], ys[ys.len() - 1]);
        assert!(
            (rlo / lo - 1.0).abs() < 1e-9 && (rhi / hi - 1.0).abs() < 1e-9,
            "{ys:?}"
        );
        twin.try_write(&dir.path().join("twin")).unwrap();
        let svg = std::fs::read_to_string(dir.path().join("twin.svg")).unwrap();
        assert!(svg.contains("N [-]") && svg.contains("d [-]"));
    }
}
