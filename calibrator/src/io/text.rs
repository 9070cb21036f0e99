//! Text input files: one policy for every reader (height maps, flake placements, junction
//! areas, measured strip-draw data). A UTF-8 byte-order mark, as spreadsheet exports write,
//! is accepted and dropped (it used to glue itself to the first column's name).

/// `text` without a leading UTF-8 byte-order mark (U+FEFF).
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leading_bom_is_dropped_and_nothing_else() {
        assert_eq!(strip_bom("\u{feff}x,y\n"), "x,y\n");
        assert_eq!(strip_bom("x,y\n"), "x,y\n");
        assert_eq!(strip_bom("x\u{feff}"), "x\u{feff}");
    }
}
