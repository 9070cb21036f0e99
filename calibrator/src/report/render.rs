//! Drawing one figure, SVG and PNG, atomically (issue 45: publishable figures). The figure is
//! drawn once, through the figure audit ([`super::audit`]), into an SVG at the layout size
//! [`PLOT_SIZE`]; its labels' scripts become `<tspan>`s ([`super::rich_text`]); the PNG is
//! that very SVG rasterised by resvg/tiny-skia at [`PNG_SCALE`] × the layout size — anti-aliased,
//! with the embedded font ([`super::font::DEJAVU_SANS`]) — so the two files never disagree.
//! Each file is written into a temporary file renamed over the target only when the drawing
//! succeeded.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::audit::AuditBackend;
use super::error::{PlottingError, ReportError, Result};
use super::figures;

/// Layout size in pixels (SVG user units) of every plot; PNGs are [`PNG_SCALE`] times larger
/// in each direction (print resolution).
pub const PLOT_SIZE: (u32, u32) = (900, 600);

/// Linear scale of the PNG against the figure's layout size (2: 1800 × 1200 pixels, 28 px
/// tick labels for 14 px in the layout).
pub const PNG_SCALE: u32 = 2;

/// The embedded font's family: the rasteriser's only font, under this name and under the
/// generic `sans-serif` the SVG names (so a browser uses its own sans-serif).
const FONT_FAMILY: &str = "DejaVu Sans";

/// The backend every figure is drawn on: the audit over plotters' SVG backend.
pub type FigureBackend<'a> = AuditBackend<SVGBackend<'a>>;

/// `stem` with `.ext` appended (`a/b` → `a/b.svg`; a stem's own dots are kept).
pub(crate) fn with_ext(stem: &Path, ext: &str) -> PathBuf {
    let mut s = stem.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// Draws `<stem>.svg` and `<stem>.png` now; a failure is a warning naming the files (see
/// [`figures`]). Always `Ok`: the error type follows the drawing closure's, so callers keep
/// their own `?`.
pub(crate) fn render_figure<F, E>(stem: &Path, draw: F) -> std::result::Result<(), E>
where
    F: FnOnce(&DrawingArea<FigureBackend<'_>, Shift>) -> std::result::Result<(), E>,
    E: Into<PlottingError>,
{
    figures::render_soft(&with_ext(stem, "{svg,png}"), || {
        try_render_figure(stem, draw)
    });
    Ok(())
}

/// Draws `<stem>.svg` and `<stem>.png` at the layout size [`PLOT_SIZE`] now; errors are
/// returned.
pub(crate) fn try_render_figure<F, E>(stem: &Path, draw: F) -> Result<()>
where
    F: FnOnce(&DrawingArea<FigureBackend<'_>, Shift>) -> std::result::Result<(), E>,
    E: Into<PlottingError>,
{
    try_render_figure_sized(stem, PLOT_SIZE, draw)
}

/// Draws `<stem>.svg` and `<stem>.png` at the layout size `size` (a heat map sized to its
/// domain) now; errors are returned.
pub(crate) fn try_render_figure_sized<F, E>(stem: &Path, size: (u32, u32), draw: F) -> Result<()>
where
    F: FnOnce(&DrawingArea<FigureBackend<'_>, Shift>) -> std::result::Result<(), E>,
    E: Into<PlottingError>,
{
    super::font::ensure_registered()?;
    let svg_path = with_ext(stem, "svg");
    let png_path = with_ext(stem, "png");
    if let Some(dir) = svg_path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| ReportError::io("creating", dir, e))?;
    }
    let mut svg = String::new();
    let (res, state) = {
        let (backend, state) = AuditBackend::new(SVGBackend::with_string(&mut svg, size));
        let root = backend.into_drawing_area();
        let res = draw(&root).map_err(Into::into).and_then(|()| {
            root.present()
                .map_err(|e| PlottingError::from(format!("{e:?}")))
        });
        (res, state)
    };
    res.map_err(|e| ReportError::from_drawing(svg_path.display().to_string(), e))?;
    let svg = super::rich_text::apply(&svg);
    let png =
        rasterise(&svg).map_err(|e| ReportError::plotting(png_path.display().to_string(), e))?;
    super::write_atomic(&svg_path, svg.as_bytes())
        .map_err(|e| ReportError::io("writing", &svg_path, e))?;
    super::write_atomic(&png_path, &png.encoded)
        .map_err(|e| ReportError::io("writing", &png_path, e))?;
    let mut audit = state.borrow().audit();
    audit.underscored_labels = super::audit::underscored_labels(&svg);
    audit.png_width = png.width;
    audit.blended_pixels = png.blended_fraction;
    super::audit::record(&png_path, &audit);
    Ok(())
}

/// A rasterised figure: the PNG bytes, its width and the fraction of its non-background
/// pixels whose colour lies strictly between the background and the colour drawn (the mark
/// of anti-aliased edges; 0 for an aliased drawing).
pub(crate) struct Raster {
    pub encoded: Vec<u8>,
    pub width: u32,
    pub blended_fraction: f64,
}

/// The rasteriser's options: the embedded font only (no system font is looked up), DejaVu
/// Sans as the default family.
fn options() -> &'static resvg::usvg::Options<'static> {
    static OPTIONS: OnceLock<resvg::usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_font_data(super::font::DEJAVU_SANS.to_vec());
        db.set_sans_serif_family(FONT_FAMILY);
        db.set_serif_family(FONT_FAMILY);
        db.set_monospace_family(FONT_FAMILY);
        resvg::usvg::Options {
            font_family: FONT_FAMILY.to_string(),
            fontdb: Arc::new(db),
            ..resvg::usvg::Options::default()
        }
    })
}

/// `svg` rendered at [`PNG_SCALE`] × its size on white, anti-aliased, as PNG bytes.
pub(crate) fn rasterise(svg: &str) -> std::result::Result<Raster, String> {
    let tree = resvg::usvg::Tree::from_str(svg, options()).map_err(|e| e.to_string())?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * PNG_SCALE as f32).round() as u32,
        (size.height() * PNG_SCALE as f32).round() as u32,
    );
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or("empty figure")?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    let scale = PNG_SCALE as f32;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let blended_fraction = blended_fraction(pixmap.data(), w as usize);
    let encoded = pixmap.encode_png().map_err(|e| e.to_string())?;
    Ok(Raster {
        encoded,
        width: w,
        blended_fraction,
    })
}

/// Among the non-white pixels of an RGBA buffer, the fraction that are a blend of a drawn
/// colour with the white background: a pixel whose 3×3 neighbourhood holds both white and a
/// darker pixel of the same hue, and whose own lightness lies strictly between them. An
/// aliased drawing has none (every edge pixel is fully one colour or the other).
pub fn blended_fraction(rgba: &[u8], w: usize) -> f64 {
    let px: Vec<[u8; 3]> = rgba.chunks_exact(4).map(|p| [p[0], p[1], p[2]]).collect();
    let n = px.len();
    if w == 0 || !n.is_multiple_of(w) {
        return 0.0;
    }
    let sum = |p: [u8; 3]| u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]);
    let (mut ink, mut blended) = (0usize, 0usize);
    for (i, &p) in px.iter().enumerate() {
        if p == [255, 255, 255] {
            continue;
        }
        ink += 1;
        let (x, y) = (i % w, i / w);
        if x == 0 || y == 0 || x + 1 == w || y + 1 == n / w {
            continue;
        }
        let mut white = false;
        let mut darker = false;
        for dy in [-1isize, 0, 1] {
            for dx in [-1isize, 0, 1] {
                let q = px[((y as isize + dy) as usize) * w + (x as isize + dx) as usize];
                white |= q == [255, 255, 255];
                darker |= sum(q) + 30 < sum(p);
            }
        }
        blended += usize::from(white && darker);
    }
    if ink == 0 {
        0.0
    } else {
        blended as f64 / ink as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_drawing_leaves_no_file_and_names_it() {
        let dir = tempfile::tempdir().unwrap();
        let stem = dir.path().join("sub/fig");
        let err =
            try_render_figure(&stem, |_root| Err(std::io::Error::other("broken pen"))).unwrap_err();
        assert!(err.to_string().contains("fig.svg"), "{err}");
        assert!(err.to_string().contains("broken pen"), "{err}");
        assert_eq!(
            std::fs::read_dir(dir.path().join("sub")).unwrap().count(),
            0
        );
        assert_eq!(
            with_ext(Path::new("a/b.v2"), "png"),
            Path::new("a/b.v2.png")
        );
    }

    /// A diagonal line and a subscripted label: the PNG is at print size, its edges are
    /// anti-aliased (the aliased bitmap backend gave 0), and the SVG holds no `P_N`.
    #[test]
    fn the_png_is_the_svg_antialiased_at_print_size() {
        let dir = tempfile::tempdir().unwrap();
        let stem = dir.path().join("fig");
        try_render_figure(&stem, |root| {
            root.fill(&WHITE)?;
            root.draw(&PathElement::new(
                vec![(10, 10), (800, 500)],
                BLACK.stroke_width(2),
            ))?;
            root.draw(&Text::new(
                "P_N [MPa]",
                (100, 100),
                ("sans-serif", 30).into_font(),
            ))?;
            Ok::<(), DrawingAreaErrorKind<_>>(())
        })
        .unwrap();
        let svg = std::fs::read_to_string(with_ext(&stem, "svg")).unwrap();
        assert!(!svg.contains("P_N") && svg.contains("<tspan"), "{svg}");
        let png = std::fs::read(with_ext(&stem, "png")).unwrap();
        let raster = rasterise(&svg).unwrap();
        assert_eq!(png, raster.encoded);
        assert_eq!(raster.width, PLOT_SIZE.0 * PNG_SCALE);
        assert!(
            raster.blended_fraction > 0.05,
            "anti-aliased edges: {}",
            raster.blended_fraction
        );
        // The same line drawn without anti-aliasing has no blended pixel.
        let (w, h) = (PLOT_SIZE.0 as usize * 2, PLOT_SIZE.1 as usize * 2);
        let mut rgba = vec![255u8; w * h * 4];
        for x in 20..1600 {
            let y = 20 + (x - 20) * 980 / 1580;
            rgba[(y * w + x) * 4..(y * w + x) * 4 + 3].copy_from_slice(&[0, 0, 0]);
        }
        assert_eq!(blended_fraction(&rgba, w), 0.0);
    }
}
