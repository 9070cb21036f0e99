//! The right y axis of a line plot: its label, scale and the map to the left axis, and the
//! drawing of its ticks around the left axis' series. Used by [`super::plot`] (which draws it)
//! and built by [`super::twin_axis`] (which decides it), so neither imports the other's helper
//! (issue 44: the `report/{plot,twin_axis}` circle).

use std::ops::Range;

use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

use super::error::{ReportError, Result};
use super::log_axis::LogAxis;
use super::style::{AXIS_LABEL_PX, TICK_PX, tick_label};

/// The right y axis of a [`LinePlot`](super::plot::LinePlot): its label, scale, and the map to the left axis,
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
    pub(crate) fn between(
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
