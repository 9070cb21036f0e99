//! Scalar maps on a regular grid (height maps, contact maps, β(X, slide)) drawn as a colour
//! image with a labelled colour bar; maps whose two axes share a unit are drawn with equal
//! aspect, so a square domain looks square.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::colormap::colormap;
use super::error::{ReportError, Result};
use super::figures;
use super::render::{try_render_png, try_render_svg, with_ext};
use super::style::{AXIS_LABEL_PX, TICK_PX, TITLE_PX, tick_label};

/// A scalar map on a regular grid drawn as a colour image (contact maps, β(x, t) maps).
#[derive(Debug, Clone)]
pub struct Heatmap<'a> {
    /// Title; its first part with the unit in brackets (`h_Def [µm]`) labels the colour bar.
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

/// Width of the colour-bar column \[px\].
const COLORBAR_WIDTH: u32 = 170;

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
        let (title, x_label, y_label) = (
            self.title.clone(),
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
        try_render_svg(&with_ext(stem, "svg"), |root| self.draw(root))?;
        try_render_png(&with_ext(stem, "png"), |root| self.draw(root))
    }

    /// The colour bar's label: the title up to its unit bracket (`Contact traction [MPa]`),
    /// else its first phrase with `[-]` (a dimensionless quantity).
    pub fn colorbar_label(&self) -> String {
        if let Some(end) = self.title.find(']') {
            return self.title[..=end].trim().to_string();
        }
        let mut depth = 0i32;
        let mut cut = self.title.len();
        for (i, c) in self.title.char_indices() {
            match c {
                '(' if depth == 0 && i > 0 && self.title[..i].ends_with(' ') => {
                    cut = i;
                    break;
                }
                '(' => depth += 1,
                ')' => depth -= 1,
                ',' | ';' if depth == 0 => {
                    cut = i;
                    break;
                }
                _ => {}
            }
        }
        format!("{} [-]", self.title[..cut].trim())
    }

    /// Extra (right, bottom) margins that give the plotting area the domain's aspect when both
    /// axes share a unit.
    fn aspect_margins(&self, plot_w: u32, plot_h: u32) -> (u32, u32) {
        let unit = |s: &str| s.rfind('[').map(|i| s[i..].to_string());
        let (w, h) = (
            (self.x_range.1 - self.x_range.0).abs(),
            (self.y_range.1 - self.y_range.0).abs(),
        );
        let same_unit = unit(&self.x_label).is_some() && unit(&self.x_label) == unit(&self.y_label);
        if !(same_unit && w > 0.0 && h > 0.0)
            || w / h > MAX_EQUAL_ASPECT
            || h / w > MAX_EQUAL_ASPECT
        {
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
        let (x_area, y_area, margin, top) = (50u32, 85u32, 15u32, 0u32);
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
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .axis_desc_style(("sans-serif", AXIS_LABEL_PX))
            .label_style(("sans-serif", TICK_PX))
            .x_label_formatter(&|v| tick_label(*v))
            .y_label_formatter(&|v| tick_label(*v))
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
            .y_desc(self.colorbar_label())
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

    #[test]
    fn colorbar_label_is_the_quantity_with_its_unit() {
        let v = [0.0; 12];
        assert_eq!(
            map("Contact traction [MPa] at p = 3 MPa", &v).colorbar_label(),
            "Contact traction [MPa]"
        );
        assert_eq!(
            map("β(X, slide), 35 mm tool, P_N = 5 MPa", &v).colorbar_label(),
            "β(X, slide) [-]"
        );
        assert_eq!(
            map("contact (after; 1 = contact)", &v).colorbar_label(),
            "contact [-]"
        );
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
