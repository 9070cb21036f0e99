//! Plots with two y axes sharing one x axis (seed 000 Fig. 14: d̄_c/d̄ on the left, N_c/N_s
//! on the right). The right-axis series are mapped into the left axis' units by the affine map
//! between the two padded ranges (in log space for a log axis), so they are drawn, placed
//! around the legend and audited exactly like left-axis series; the right axis' ticks are
//! drawn from the inverse map of the final left range.

use std::path::Path;

use super::error::Result;
use super::figures;
use super::label::qualified;
use super::plot::LinePlot;
use super::render::with_ext;
use super::right_axis::RightAxis;
use super::series::Series;
use super::style::pad;

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
    /// [`ReportError::NothingToDraw`](super::error::ReportError::NothingToDraw) when the left or the right-only series has no finite point.
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
    /// [`ReportError::Io`](super::error::ReportError::Io) when `<stem>.csv` cannot be written; figure failures are warnings.
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
