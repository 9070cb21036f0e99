//! Scalar maps on a regular grid (height maps, contact maps, β(X, slide)) drawn as a colour
//! image with a colour bar named by the mapped quantity and its unit; maps whose two axes
//! share a unit are drawn with equal aspect, so a square domain looks square, on a canvas
//! sized to the domain (issue 45: a square map on the 3:2 canvas left half of it white).

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::colormap::colormap;
use super::error::{ReportError, Result};
use super::figures;
use super::render::{PLOT_SIZE, try_render_figure_sized, with_ext};
use super::style::{AXIS_LABEL_PX, TICK_PX, TITLE_PX, axes, tick_label};

/// A scalar map on a regular grid drawn as a colour image (contact maps, β(x, t) maps).
#[derive(Debug, Clone)]
pub struct Heatmap<'a> {
    /// Title, in words (what is shown, where, when).
    pub title: String,
    /// The mapped quantity with its unit (`h_Def [µm]`, `β [-]`): the colour bar's label.
    pub quantity: String,
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

/// Width of the colour-bar column \[px\].
const COLORBAR_WIDTH: u32 = 170;
/// Height of the x tick labels and axis label \[px\].
const X_AREA: u32 = 50;
/// Width of the y tick labels and axis label \[px\].
const Y_AREA: u32 = 85;
/// Margin around the plotting area \[px\].
const MARGIN: u32 = 15;
/// Height plotters' `titled` takes for a [`TITLE_PX`] title \[px\] (text and its gap).
const TITLE_AREA: u32 = TITLE_PX + 12;
/// Layout heights a heat map may take \[px\]: a wide domain (a β map over 290 × 140 mm) gets
/// a low canvas instead of white space under the map; a tall one at most twice the line
/// plots' 600 (the width, and so the print resolution, is always [`PLOT_SIZE`]'s).
pub const CANVAS_HEIGHT: std::ops::RangeInclusive<u32> = 400..=1200;

/// Maps whose axes share a unit get equal aspect unless the domain is more elongated than
/// this (a strip-draw β map over 140 mm × 0.35 mm would be a line).
const MAX_EQUAL_ASPECT: f64 = 4.0;

impl Heatmap<'_> {
    /// Writes `<stem>.svg` and `<stem>.png` atomically — now, or at the end of a
    /// [`figures::Deferred`] scope (the values are copied). A failure is a warning naming the
    /// files, never an error; see [`Self::try_write`].
    ///
    /// # Errors
    ///
    /// [`ReportError::Io`] when `<stem>.csv` cannot be written; the SVG and PNG never fail here.
    pub fn write(&self, stem: &Path) -> Result<()> {
        super::figure_data::write_grid(
            stem,
            (&self.x_label, &self.y_label, &self.title),
            self.values,
            self.nx,
            self.ny,
            self.x_range,
            self.y_range,
        )?;
        let values = self.values.to_vec();
        let (title, quantity, x_label, y_label) = (
            self.title.clone(),
            self.quantity.clone(),
            self.x_label.clone(),
            self.y_label.clone(),
        );
        let (nx, ny, x_range, y_range, value_range) = (
            self.nx,
            self.ny,
            self.x_range,
            self.y_range,
            self.value_range,
        );
        let stem = stem.to_path_buf();
        figures::schedule(move || {
            let map = Heatmap {
                title,
                quantity,
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
    ///
    /// # Errors
    ///
    /// [`ReportError::GridSize`] when `nx` or `ny` is 0 or the values do not fill the grid;
    /// [`ReportError::Io`] when a file cannot be written; [`ReportError::Plotting`] when the
    /// drawing library fails.
    pub fn try_write(&self, stem: &Path) -> Result<()> {
        if self.nx == 0 || self.ny == 0 || self.values.len() != self.nx * self.ny {
            return Err(ReportError::GridSize {
                figure: self.title.clone(),
                values: self.values.len(),
                nx: self.nx,
                ny: self.ny,
            });
        }
        try_render_figure_sized(stem, self.canvas_size(), |root| self.draw(root))
    }

    /// The layout size: [`PLOT_SIZE`]'s width, and a height that gives an equal-aspect map
    /// the plotting area its domain needs (within [`CANVAS_HEIGHT`]); other maps keep
    /// [`PLOT_SIZE`].
    pub fn canvas_size(&self) -> (u32, u32) {
        let (w, h) = (
            (self.x_range.1 - self.x_range.0).abs(),
            (self.y_range.1 - self.y_range.0).abs(),
        );
        if !self.equal_aspect() {
            return PLOT_SIZE;
        }
        let plot_w = PLOT_SIZE
            .0
            .saturating_sub(COLORBAR_WIDTH + Y_AREA + 2 * MARGIN);
        let plot_h = (f64::from(plot_w) * h / w).round() as u32;
        let height = plot_h + TITLE_AREA + X_AREA + 2 * MARGIN;
        (
            PLOT_SIZE.0,
            height.clamp(*CANVAS_HEIGHT.start(), *CANVAS_HEIGHT.end()),
        )
    }

    /// Whether both axes share a unit and the domain is not too elongated for equal aspect.
    fn equal_aspect(&self) -> bool {
        let unit = |s: &str| s.rfind('[').map(|i| s[i..].to_string());
        let (w, h) = (
            (self.x_range.1 - self.x_range.0).abs(),
            (self.y_range.1 - self.y_range.0).abs(),
        );
        unit(&self.x_label).is_some()
            && unit(&self.x_label) == unit(&self.y_label)
            && w > 0.0
            && h > 0.0
            && w / h <= MAX_EQUAL_ASPECT
            && h / w <= MAX_EQUAL_ASPECT
    }

    /// Extra (right, bottom) margins that give the plotting area the domain's aspect when both
    /// axes share a unit.
    fn aspect_margins(&self, plot_w: u32, plot_h: u32) -> (u32, u32) {
        let (w, h) = (
            (self.x_range.1 - self.x_range.0).abs(),
            (self.y_range.1 - self.y_range.0).abs(),
        );
        if !self.equal_aspect() {
            return (0, 0);
        }
        let (pw, ph) = (f64::from(plot_w), f64::from(plot_h));
        if pw / ph > w / h {
            ((pw - ph * w / h).round() as u32, 0)
        } else {
            (0, (ph - pw * h / w).round() as u32)
        }
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let e = |err: DrawingAreaErrorKind<DB::ErrorType>| ReportError::plotting(&self.title, err);
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
        let body = root
            .titled(&self.title, ("sans-serif", TITLE_PX))
            .map_err(e)?;
        let (w, h) = body.dim_in_pixel();
        let (main, bar) = body.split_horizontally(w - COLORBAR_WIDTH);
        // Plotting area without aspect correction: the frame minus margins and label areas.
        let (x_area, y_area, margin, top) = (X_AREA, Y_AREA, MARGIN, 0u32);
        let plot_w = (w - COLORBAR_WIDTH).saturating_sub(y_area + 2 * margin);
        let plot_h = h.saturating_sub(top + x_area + 2 * margin);
        let (extra_r, extra_b) = self.aspect_margins(plot_w, plot_h);
        let mut chart = ChartBuilder::on(&main)
            .margin(margin)
            .margin_top(margin + top)
            .margin_right(margin + extra_r)
            .margin_bottom(margin + extra_b)
            .x_label_area_size(x_area)
            .y_label_area_size(y_area)
            .build_cartesian_2d(
                self.x_range.0..self.x_range.1,
                self.y_range.0..self.y_range.1,
            )
            .map_err(e)?;
        axes(&mut chart, &self.x_label, &self.y_label)
            .disable_mesh()
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
        // Colour bar: ticks and the quantity with its unit.
        let mut cb = ChartBuilder::on(&bar)
            .margin_top(margin + top)
            .margin_bottom(margin + x_area)
            .margin_right(25)
            .y_label_area_size(95)
            .build_cartesian_2d(0.0..1.0, vmin..vmin + span)
            .map_err(e)?;
        cb.configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .y_desc(&self.quantity)
            .axis_desc_style(("sans-serif", AXIS_LABEL_PX))
            .label_style(("sans-serif", TICK_PX))
            .y_label_formatter(&|v| tick_label(*v))
            .y_labels(6)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn map<'a>(title: &str, vals: &'a [f64]) -> Heatmap<'a> {
        Heatmap {
            title: title.into(),
            quantity: "h [µm]".into(),
            x_label: "x [µm]".into(),
            y_label: "y [µm]".into(),
            values: vals,
            nx: 4,
            ny: 3,
            x_range: (0.0, 4.0),
            y_range: (0.0, 3.0),
            value_range: None,
        }
    }

    #[test]
    fn heatmap_rejects_wrong_size_and_draws_valid() {
        let dir = tempfile::tempdir().unwrap();
        let vals: Vec<f64> = (0..12).map(f64::from).collect();
        let mut h = map("map [m]", &vals);
        h.try_write(&dir.path().join("m")).unwrap();
        h.nx = 5;
        assert!(h.try_write(&dir.path().join("bad")).is_err());
        // The soft writer turns the same failure into a warning: no error, no file.
        assert!(h.write(&dir.path().join("soft")).is_ok());
        assert!(!dir.path().join("soft.png").exists());
    }

    /// The colour bar names the quantity and its unit, and the title does not repeat it.
    #[test]
    fn colorbar_label_is_the_quantity_with_its_unit() {
        let dir = tempfile::tempdir().unwrap();
        let vals: Vec<f64> = (0..12).map(f64::from).collect();
        let h = map("Deformable surface height map", &vals);
        h.try_write(&dir.path().join("m")).unwrap();
        let svg = std::fs::read_to_string(dir.path().join("m.svg")).unwrap();
        // plotters' SVG puts each text on a line of its own.
        let texts = |t: &str| svg.lines().filter(|l| l.trim() == t).count();
        assert_eq!(texts("h [µm]"), 1, "{svg}");
        assert_eq!(svg.matches("Deformable surface height map").count(), 1);
    }

    /// A square domain gets a taller canvas, so the map fills it instead of a third of it
    /// being white; an elongated one keeps the line plots' canvas.
    #[test]
    fn square_maps_fill_their_canvas() {
        let v = [0.0; 16];
        let mut square = map("h", &v);
        (square.nx, square.ny, square.x_range, square.y_range) = (4, 4, (0.0, 4.0), (0.0, 4.0));
        let (w, h) = square.canvas_size();
        let plot_w = w - COLORBAR_WIDTH - Y_AREA - 2 * MARGIN;
        let plot_h = h - TITLE_AREA - X_AREA - 2 * MARGIN;
        assert_eq!((w, plot_w), (900, plot_h), "square plotting area");
        let (mx, my) = square.aspect_margins(plot_w, plot_h);
        assert!(mx + my <= 2, "{mx} {my} px left empty");
        let mut strip = map("β", &v);
        strip.y_label = "slide [mm]".into();
        assert_eq!(strip.canvas_size(), PLOT_SIZE);
    }

    #[test]
    fn equal_aspect_for_maps_in_one_unit_only() {
        let v = [0.0; 12];
        let h = map("h [µm]", &v);
        // 4 × 3 domain in a 600 × 300 px area: the width shrinks to 400 px.
        assert_eq!(h.aspect_margins(600, 300), (200, 0));
        let mut other = map("h [µm]", &v);
        other.y_label = "slide [mm]".into();
        assert_eq!(other.aspect_margins(600, 300), (0, 0));
    }
}
