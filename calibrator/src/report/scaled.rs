//! PNGs at print resolution (issue 33): [`ScaledBackend`] draws a figure laid out at
//! [`super::render::PLOT_SIZE`] into a bitmap [`PNG_SCALE`] times larger in each direction —
//! every coordinate, line width, marker radius and font size multiplied — so the PNG of a
//! 900 × 600 figure is 1800 × 1200 with 28 px tick labels instead of 14 px, while the layout
//! (and the SVG, which keeps the logical size) stays the one the figure code and the audit
//! ([`super::audit`]) see. Text is rasterised at the scaled size, not enlarged pixel by pixel.

use plotters::style::{FontDesc, TextStyle};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};

/// Linear scale of the PNG against the figure's layout size (2: 1800 × 1200 pixels).
pub const PNG_SCALE: u32 = 2;

/// A backend of `PNG_SCALE ×` the logical size, seen by plotters at the logical size.
#[derive(Debug)]
pub struct ScaledBackend<B> {
    inner: B,
}

/// A stroke style with its width scaled.
struct Stroke {
    color: BackendColor,
    width: u32,
}

impl BackendStyle for Stroke {
    fn color(&self) -> BackendColor {
        self.color
    }
    fn stroke_width(&self) -> u32 {
        self.width
    }
}

const S: i32 = PNG_SCALE as i32;

fn up(p: BackendCoord) -> BackendCoord {
    (p.0 * S, p.1 * S)
}

fn stroke<St: BackendStyle>(style: &St) -> Stroke {
    Stroke {
        color: style.color(),
        width: style.stroke_width() * PNG_SCALE,
    }
}

impl<B: DrawingBackend> ScaledBackend<B> {
    /// Wraps `inner`, whose size must be `PNG_SCALE ×` the logical size.
    pub fn new(inner: B) -> Self {
        Self { inner }
    }
}

impl<B: DrawingBackend> DrawingBackend for ScaledBackend<B> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        let (w, h) = self.inner.get_size();
        (w / PNG_SCALE, h / PNG_SCALE)
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
        let (x, y) = up(point);
        for dy in 0..S {
            for dx in 0..S {
                self.inner.draw_pixel((x + dx, y + dy), color)?;
            }
        }
        Ok(())
    }
    fn draw_line<St: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &St,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_line(up(from), up(to), &stroke(style))
    }
    fn draw_rect<St: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &St,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        // A filled logical pixel row/column covers `S` physical ones.
        let (bx, by) = up(bottom_right);
        let br = if fill {
            (bx + S - 1, by + S - 1)
        } else {
            (bx, by)
        };
        self.inner
            .draw_rect(up(upper_left), br, &stroke(style), fill)
    }
    fn draw_path<St: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &St,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner
            .draw_path(path.into_iter().map(up), &stroke(style))
    }
    fn draw_circle<St: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &St,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner
            .draw_circle(up(center), radius * PNG_SCALE, &stroke(style), fill)
    }
    fn fill_polygon<St: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &St,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner
            .fill_polygon(vert.into_iter().map(up), &stroke(style))
    }
    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let font = FontDesc::new(
            style.family(),
            style.size() * f64::from(PNG_SCALE),
            style.style(),
        )
        .transform(style.transform());
        let scaled = TextStyle {
            font,
            color: style.color(),
            pos: style.anchor(),
        };
        self.inner.draw_text(text, &scaled, up(pos))
    }
    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        // The layout is logical: the unscaled font's box.
        self.inner.estimate_text_size(text, style)
    }
    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        (w, h): (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        // Nearest-neighbour enlargement: each map pixel becomes an S × S block.
        let s = PNG_SCALE as usize;
        let (w, h) = (w as usize, h as usize);
        let mut big = vec![0u8; w * h * 3 * s * s];
        for y in 0..h * s {
            for x in 0..w * s {
                let from = ((y / s) * w + x / s) * 3;
                let to = (y * w * s + x) * 3;
                big[to..to + 3].copy_from_slice(&src[from..from + 3]);
            }
        }
        let size = ((w * s) as u32, (h * s) as u32);
        self.inner.blit_bitmap(up(pos), size, &big)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::prelude::*;

    #[test]
    fn the_png_is_twice_the_layout_with_text_drawn_at_twice_the_size() {
        crate::report::font::ensure_registered().unwrap();
        let (w, h) = (120u32, 80u32);
        let mut buf = vec![255u8; (w * h * 3 * PNG_SCALE * PNG_SCALE) as usize];
        {
            let inner = BitMapBackend::with_buffer(&mut buf, (w * PNG_SCALE, h * PNG_SCALE));
            let root = ScaledBackend::new(inner).into_drawing_area();
            assert_eq!(root.dim_in_pixel(), (w, h));
            // A filled logical rectangle (10..20, 10..20) covers physical 20..41 (±1 px for the
            // backend's edge rule); unscaled it would end at 20.
            root.draw(&Rectangle::new([(10, 10), (20, 20)], BLACK.filled()))
                .unwrap();
            root.draw(&Text::new("Ag", (40, 40), ("sans-serif", 14)))
                .unwrap();
            root.present().unwrap();
        }
        let pw = (w * PNG_SCALE) as usize;
        let dark = |x: usize, y: usize| buf[(y * pw + x) * 3] < 128;
        assert!(dark(21, 21) && dark(30, 30) && dark(39, 39));
        assert!(!dark(18, 18) && !dark(43, 43));
        // The text's ink spans about twice its logical 14 px in height.
        let rows: Vec<usize> = (70..pw.min(240))
            .flat_map(|y| (80..200).map(move |x| (x, y)))
            .filter(|&(x, y)| y < (h * PNG_SCALE) as usize && dark(x, y))
            .map(|(_, y)| y)
            .collect();
        let ink = rows.iter().max().unwrap() - rows.iter().min().unwrap();
        assert!(ink >= 20, "text ink {ink} px tall at 2× of 14 px");
    }
}
