//! The figure audit (issue 20): every PNG is drawn through [`AuditBackend`], which passes each
//! drawing call on to the bitmap and records what a reader would check by eye — the smallest
//! text size, and whether the legend box covers a data point (a series marker, a vertex of a
//! series line or a point along it, an error-bar end drawn before the legend).
//!
//! It also counts text with a parenthetical remark nested in another one
//! (`x (generated (self-affine))`) and text with a combining mark (`μ̄`, drawn on the wrong
//! letter by the glyph-by-glyph renderer), see [`super::label`].
//!
//! With `TRIBO_FIGURE_AUDIT=<file>` every figure appends one line
//! `<png path>\t<smallest text px>\t<data points under the legend>\t<texts with nested
//! remarks>\t<texts with combining marks>\t<labels with an underscored subscript>\t<PNG
//! width px>\t<fraction of blended (anti-aliased) pixels>` to that file;
//! `scripts/report/render-check.sh` runs the tiny calibration with it and fails on any text
//! below [`MIN_TEXT_PX`], any covered point, any nested remark, any combining mark, any
//! underscored subscript, a PNG narrower than [`MIN_PNG_WIDTH`] or one without anti-aliasing.

use std::cell::RefCell;
use std::io::Write as _;
use std::path::Path;
use std::rc::Rc;
use std::sync::Mutex;

use plotters::prelude::*;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};

use super::label::{has_combining_mark, has_nested_remark};
use super::style::{MIN_TEXT_PX, PALETTE};

/// Print resolution: a PNG at least this wide \[px\] (2 × the 900-unit layout; a journal's
/// 300 dpi over a 6-inch column).
pub const MIN_PNG_WIDTH: u32 = 1800;

/// How many `<text>` elements of `svg` still show an underscore between a symbol and its
/// subscript once their markup is set ([`super::rich_text::shows_underscore`]; tags inside
/// the text are dropped before the check).
pub fn underscored_labels(svg: &str) -> usize {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = t.split_once('>')?.1;
            let body = body.split("</text>").next()?;
            let mut plain = String::new();
            let mut in_tag = false;
            for c in body.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => plain.push(c),
                    _ => {}
                }
            }
            Some(plain)
        })
        .filter(|t| super::rich_text::shows_underscore(t))
        .count()
}

/// Alpha of the legend's background: the mark by which the audit knows the legend box.
pub const LEGEND_BACKGROUND_ALPHA: f64 = 0.85;

/// What the audit found in one figure.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FigureAudit {
    /// Smallest text size drawn \[px\] (∞ if none).
    pub min_text_px: f64,
    /// Data points (markers, line vertices and points every few pixels along series lines,
    /// error-bar ends) inside the legend box.
    pub covered_points: usize,
    /// Whether a legend box was drawn.
    pub legend: bool,
    /// Texts (titles, labels, legend entries) holding a parenthetical remark inside another.
    pub nested_remarks: usize,
    /// Texts holding a combining mark (drawn over the wrong letter).
    pub combining_marks: usize,
    /// Texts of the final SVG that still show `_` between a symbol and its subscript
    /// (`v_ref` not set as v with subscript ref, [`super::rich_text`]).
    pub underscored_labels: usize,
    /// Width of the PNG \[px\].
    pub png_width: u32,
    /// Fraction of the PNG's non-white pixels that blend a drawn colour with the background
    /// (anti-aliased edges; 0 when aliased) \[-\].
    pub blended_pixels: f64,
}

impl FigureAudit {
    /// Whether the figure passes: text ≥ [`MIN_TEXT_PX`], no data under the legend, no
    /// nested parenthetical remark, no combining mark, no underscored subscript, a PNG of at
    /// least [`MIN_PNG_WIDTH`] pixels with anti-aliased edges.
    pub fn passes(&self) -> bool {
        self.min_text_px >= MIN_TEXT_PX
            && self.covered_points == 0
            && self.nested_remarks == 0
            && self.combining_marks == 0
            && self.underscored_labels == 0
            && self.png_width >= MIN_PNG_WIDTH
            && self.blended_pixels > 0.0
    }
}

/// What an [`AuditBackend`] has seen, shared with whoever reads the audit after drawing.
#[derive(Debug)]
pub struct AuditState {
    min_text: f64,
    nested_remarks: usize,
    combining_marks: usize,
    data: Vec<BackendCoord>,
    legend: Option<(BackendCoord, BackendCoord)>,
}

impl AuditState {
    /// The audit of what was drawn so far.
    pub fn audit(&self) -> FigureAudit {
        let covered_points = self.legend.map_or(0, |((x0, y0), (x1, y1))| {
            self.data
                .iter()
                .filter(|&&(x, y)| x > x0 && x < x1 && y > y0 && y < y1)
                .count()
        });
        FigureAudit {
            min_text_px: self.min_text,
            covered_points,
            legend: self.legend.is_some(),
            nested_remarks: self.nested_remarks,
            combining_marks: self.combining_marks,
            ..FigureAudit::default()
        }
    }

    /// Records series geometry drawn before the legend (after it: the legend's own samples).
    fn data_segment(&mut self, a: BackendCoord, b: BackendCoord) {
        if self.legend.is_some() {
            return;
        }
        let len = ((b.0 - a.0).abs()).max((b.1 - a.1).abs());
        let steps = (len / 3).max(1);
        for k in 0..=steps {
            let t = f64::from(k) / f64::from(steps);
            self.data.push((
                a.0 + (f64::from(b.0 - a.0) * t).round() as i32,
                a.1 + (f64::from(b.1 - a.1) * t).round() as i32,
            ));
        }
    }
}

/// A drawing backend that records the audit into a shared [`AuditState`] and draws through
/// `inner`.
#[derive(Debug)]
pub struct AuditBackend<B> {
    inner: B,
    state: Rc<RefCell<AuditState>>,
}

impl<B: DrawingBackend> AuditBackend<B> {
    /// Wraps `inner`; the returned state holds the audit once drawing is done.
    pub fn new(inner: B) -> (Self, Rc<RefCell<AuditState>>) {
        let state = Rc::new(RefCell::new(AuditState {
            min_text: f64::INFINITY,
            nested_remarks: 0,
            combining_marks: 0,
            data: Vec::new(),
            legend: None,
        }));
        (
            Self {
                inner,
                state: state.clone(),
            },
            state,
        )
    }

    fn data_segment(&mut self, a: BackendCoord, b: BackendCoord) {
        self.state.borrow_mut().data_segment(a, b);
    }

    fn is_series(c: BackendColor) -> bool {
        c.alpha > 0.5 && PALETTE.iter().any(|p| (p.0, p.1, p.2) == c.rgb)
    }
}

impl<B: DrawingBackend> DrawingBackend for AuditBackend<B> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.present()
    }
    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        if Self::is_series(style.color()) {
            self.data_segment(from, from);
            self.data_segment(to, to);
        }
        self.inner.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let c = style.color();
        let mut st = self.state.borrow_mut();
        if fill
            && st.legend.is_none()
            && c.rgb == (255, 255, 255)
            && (c.alpha - LEGEND_BACKGROUND_ALPHA).abs() < 1e-9
        {
            st.legend = Some((upper_left, bottom_right));
        }
        drop(st);
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let pts: Vec<BackendCoord> = path.into_iter().collect();
        if Self::is_series(style.color()) {
            for w in pts.windows(2) {
                self.data_segment(w[0], w[1]);
            }
        }
        self.inner.draw_path(pts, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        if Self::is_series(style.color()) {
            self.data_segment(center, center);
        }
        self.inner.draw_circle(center, radius, style, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.fill_polygon(vert, style)
    }
    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        if !text.trim().is_empty() {
            let mut st = self.state.borrow_mut();
            st.min_text = st.min_text.min(style.size());
            st.nested_remarks += usize::from(has_nested_remark(text));
            st.combining_marks += usize::from(has_combining_mark(text));
        }
        self.inner.draw_text(text, style, pos)
    }
    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        self.inner.estimate_text_size(text, style)
    }
    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.blit_bitmap(pos, size, src)
    }
}

/// Appends `audit` of `png` to the file named by `TRIBO_FIGURE_AUDIT`, if set.
pub fn record(png: &Path, audit: &FigureAudit) {
    static LOCK: Mutex<()> = Mutex::new(());
    let Some(file) = std::env::var_os("TRIBO_FIGURE_AUDIT") else {
        return;
    };
    let _guard = LOCK.lock();
    let line = format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.4}\n",
        png.display(),
        audit.min_text_px,
        audit.covered_points,
        audit.nested_remarks,
        audit.combining_marks,
        audit.underscored_labels,
        audit.png_width,
        audit.blended_pixels
    );
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&file)
        .and_then(|mut f| f.write_all(line.as_bytes()));
    if let Err(e) = written {
        crate::errln!(
            "warning: figure audit not written to {}: {e}",
            Path::new(&file).display()
        );
    }
}
