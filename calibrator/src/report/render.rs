//! Drawing one figure file, SVG or PNG, atomically: the embedded font registered, the folder
//! created, the picture drawn into a temporary file renamed over the target only when the
//! drawing succeeded; every PNG goes through the figure audit ([`super::audit`]).

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::atomic::{commit_temp, temp_path_for};
use super::audit::AuditBackend;
use super::error::{PlottingError, ReportError, Result};
use super::figures;
use super::scaled::{PNG_SCALE, ScaledBackend};

/// Layout size in pixels (SVG user units) of every plot; PNGs are [`PNG_SCALE`] times larger
/// in each direction (print resolution, [`super::scaled`]).
pub const PLOT_SIZE: (u32, u32) = (900, 600);

/// `stem` with `.ext` appended (`a/b` → `a/b.svg`; a stem's own dots are kept).
pub(crate) fn with_ext(stem: &Path, ext: &str) -> PathBuf {
    let mut s = stem.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

fn prepare(path: &Path) -> Result<PathBuf> {
    super::font::ensure_registered()?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| ReportError::io("creating", dir, e))?;
    }
    Ok(temp_path_for(path))
}

/// Draws an SVG file now; a failure is a warning naming the file (see [`figures`]). Always
/// `Ok`: the error type follows the drawing closure's, so callers keep their own `?`.
pub(crate) fn render_svg<F, E>(path: &Path, draw: F) -> std::result::Result<(), E>
where
    F: FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> std::result::Result<(), E>,
    E: Into<PlottingError>,
{
    figures::render_soft(path, || try_render_svg(path, draw));
    Ok(())
}

/// Draws a PNG file now; a failure is a warning naming the file (see [`figures`]). Always
/// `Ok`, like [`render_svg`].
pub(crate) fn render_png<F, E>(path: &Path, draw: F) -> std::result::Result<(), E>
where
    F: FnOnce(
        &DrawingArea<AuditBackend<ScaledBackend<BitMapBackend<'_>>>, Shift>,
    ) -> std::result::Result<(), E>,
    E: Into<PlottingError>,
{
    figures::render_soft(path, || try_render_png(path, draw));
    Ok(())
}

/// Draws an SVG file now; errors are returned.
pub(crate) fn try_render_svg<F, E>(path: &Path, draw: F) -> Result<()>
where
    F: FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> std::result::Result<(), E>,
    E: Into<PlottingError>,
{
    let tmp = prepare(path)?;
    let res = {
        let root = SVGBackend::new(&tmp, PLOT_SIZE).into_drawing_area();
        draw(&root)
    };
    commit_temp(&tmp, path, res.is_ok()).map_err(|e| ReportError::io("writing", path, e))?;
    res.map_err(|e| ReportError::from_drawing(path.display().to_string(), e))
}

/// Draws a PNG file now through the figure audit; errors are returned.
pub(crate) fn try_render_png<F, E>(path: &Path, draw: F) -> Result<()>
where
    F: FnOnce(
        &DrawingArea<AuditBackend<ScaledBackend<BitMapBackend<'_>>>, Shift>,
    ) -> std::result::Result<(), E>,
    E: Into<PlottingError>,
{
    let tmp = prepare(path)?;
    let (res, state) = {
        let physical = (PLOT_SIZE.0 * PNG_SCALE, PLOT_SIZE.1 * PNG_SCALE);
        let (backend, state) =
            AuditBackend::new(ScaledBackend::new(BitMapBackend::new(&tmp, physical)));
        let root = backend.into_drawing_area();
        (draw(&root), state)
    };
    commit_temp(&tmp, path, res.is_ok()).map_err(|e| ReportError::io("writing", path, e))?;
    if res.is_ok() {
        super::audit::record(path, &state.borrow().audit());
    }
    res.map_err(|e| ReportError::from_drawing(path.display().to_string(), e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_drawing_leaves_no_file_and_names_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/fig.svg");
        let err =
            try_render_svg(&path, |_root| Err(std::io::Error::other("broken pen"))).unwrap_err();
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
}
