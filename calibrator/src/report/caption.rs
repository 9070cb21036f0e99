//! A figure's caption (issue 33: titles in words, the seed reference in the caption): the
//! text sits next to the figure as `<stem>.caption.txt`, and the report page shows it under
//! the figure. The title says what is plotted ("α against sliding speed"); the caption says
//! where the equation comes from, what was fitted and what was not, and how to read the marks.

use std::path::Path;

use super::atomic::write_atomic;
use super::error::{ReportError, Result};
use super::render::with_ext;

/// Extension of a caption file after the figure's stem.
pub const CAPTION_EXT: &str = "caption.txt";

/// Writes `<stem>.caption.txt` atomically (also with `--no-plots`: the CSV it describes is
/// written then too).
///
/// # Errors
///
/// [`ReportError::Io`] naming the file when it cannot be written.
pub fn write_caption(stem: &Path, text: &str) -> Result<()> {
    let path = with_ext(stem, CAPTION_EXT);
    write_atomic(&path, text.trim().as_bytes())
        .map_err(|e| ReportError::io("writing the figure's caption", &path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caption_sits_next_to_its_figure() {
        let dir = tempfile::tempdir().unwrap();
        write_caption(&dir.path().join("alpha_v"), " α of Eq. 23.\n").unwrap();
        let text = std::fs::read_to_string(dir.path().join("alpha_v.caption.txt")).unwrap();
        assert_eq!(text, "α of Eq. 23.");
    }
}
