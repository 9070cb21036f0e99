//! The font every plot's text is drawn with: DejaVu Sans, compiled into the binary
//! (`calibrator/assets/fonts/`, licence next to it) and registered with plotters' `ab_glyph`
//! renderer. No fontconfig, freetype or installed font is needed (issue 20).

use std::sync::OnceLock;

use plotters::style::{FontStyle, register_font};

use super::error::ReportError;

/// DejaVu Sans 2.37 (Bitstream Vera licence, `calibrator/assets/fonts/LICENSE-DejaVu`).
pub static DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Font families plotters may ask for: the ones our plots name and plotters' own defaults.
const FAMILIES: [&str; 3] = ["sans-serif", "serif", "monospace"];

/// Registers the embedded font under every family name plotters uses, once per process.
/// Fails with [`ReportError::EmbeddedFont`] if the embedded bytes are not a font (a broken
/// build).
///
/// # Errors
///
/// [`ReportError::EmbeddedFont`] when the font compiled into the binary does not parse.
pub fn ensure_registered() -> Result<(), ReportError> {
    static DONE: OnceLock<bool> = OnceLock::new();
    let parsed = *DONE.get_or_init(|| {
        FAMILIES.iter().all(|family| {
            [FontStyle::Normal, FontStyle::Bold]
                .into_iter()
                .all(|style| register_font(family, style, DEJAVU_SANS).is_ok())
        })
    });
    if parsed {
        Ok(())
    } else {
        Err(ReportError::EmbeddedFont)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::style::{FontDesc, FontFamily};

    #[test]
    fn embedded_font_registers_and_measures_text() {
        ensure_registered().unwrap();
        let font = FontDesc::new(FontFamily::SansSerif, 20.0, FontStyle::Normal);
        // A wider string lays out wider: the glyph advances come from the embedded font.
        let (w1, _) = font.box_size("i").unwrap();
        let (w2, _) = font.box_size("WWWW").unwrap();
        assert!(w2 > 4 * w1, "'i' {w1} px, 'WWWW' {w2} px");
    }
}
