//! Legend and caption text built from parts (issue 20: "deformable (generated (self-affine))"
//! had double parentheses). A parenthetical inside a parenthetical reads as one remark with
//! its parts separated by commas: `deformable (generated, self-affine)`. Function-call
//! parentheses (`β(X, slide)`, no space before them) are left alone.

/// `name (detail)`, with any parenthetical remark inside `detail` flattened (see
/// [`flatten_nested`]); `name` alone when `detail` is empty.
pub fn qualified(name: &str, detail: &str) -> String {
    if detail.trim().is_empty() {
        return name.to_string();
    }
    flatten_nested(&format!("{name} ({detail})"))
}

/// An identifier (a study plan's factor or level, a budget term's name) as figure text. The
/// figures' rich text ([`super::rich_text`]) sets what follows an underscore as a subscript, so
/// `drag_frame` would read "drag" with a subscript "frame": underscores become spaces.
pub fn identifier(name: &str) -> String {
    name.replace('_', " ")
}

/// `text` with every parenthetical remark nested in another one turned into a comma-separated
/// part of the outer one: `a (b (c) d)` → `a (b, c, d)`. A remark opens at a `(` that follows
/// a space or starts the text; other parentheses (function calls) are kept as they are.
pub fn flatten_nested(text: &str) -> String {
    #[derive(Clone, Copy, PartialEq)]
    enum Open {
        Call,
        Remark,
        Dropped,
    }
    let mut out = String::with_capacity(text.len());
    let mut stack: Vec<Open> = Vec::new();
    let mut after_dropped_close = false;
    for c in text.chars() {
        let was_after_drop = std::mem::take(&mut after_dropped_close);
        match c {
            '(' => {
                let starts_remark = out.is_empty() || out.ends_with(char::is_whitespace);
                let in_remark = stack.iter().any(|o| *o != Open::Call);
                if starts_remark && in_remark {
                    out.truncate(out.trim_end().len());
                    out.push_str(", ");
                    stack.push(Open::Dropped);
                } else {
                    out.push(c);
                    stack.push(if starts_remark {
                        Open::Remark
                    } else {
                        Open::Call
                    });
                }
            }
            ')' => {
                if stack.pop() == Some(Open::Dropped) {
                    after_dropped_close = true;
                } else {
                    out.push(c);
                }
            }
            // "(b (c) d)" → "(b, c, d)": the text after a flattened remark is a new part.
            ' ' if was_after_drop => out.push_str(", "),
            _ => out.push(c),
        }
    }
    out
}

/// Whether `text` holds a parenthetical remark inside another one (the figure audit fails
/// such text).
pub fn has_nested_remark(text: &str) -> bool {
    flatten_nested(text) != text
}

/// Whether `text` holds a Unicode combining mark (U+0300–U+036F: the macron of μ̄, the
/// overline of A̅, the hat of F̂). The embedded font renders glyph by glyph, so such a mark
/// lands on the wrong letter in a figure (seen: the bar of `d̄_c` over the `_`); labels write
/// means as ⟨x⟩ instead, and the figure audit fails text with a combining mark. Terminal and
/// HTML text (shaped by the terminal or browser) may keep them.
pub fn has_combining_mark(text: &str) -> bool {
    text.chars().any(|c| ('\u{0300}'..='\u{036F}').contains(&c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combining_marks_are_found_and_precomposed_or_bracketed_text_passes() {
        for marked in [
            "μ\u{0304}",
            "A\u{0305}_p/A_0",
            "CV_F\u{0302}",
            "d\u{0304}_c / d",
        ] {
            assert!(has_combining_mark(marked), "{marked}");
        }
        // Precomposed letters (one code point), brackets and Greek are not marks.
        for clean in [
            "⟨μ⟩ = F_S/F_N",
            "⟨A_p⟩/A_0 [%]",
            "é ā ζ κ √p",
            "CV_F (rotation)",
        ] {
            assert!(!has_combining_mark(clean), "{clean}");
        }
    }

    #[test]
    fn identifiers_read_as_words_through_the_rich_text() {
        // The oracle is the rich text itself: what a reader sees of the raw identifier loses
        // its underscore to a subscript, the shown form keeps every letter and the word break.
        for name in [
            "drag_frame",
            "rotational_damping",
            "equal_relaxation",
            "x0.25",
        ] {
            let shown = identifier(name);
            assert_eq!(super::super::rich_text::plain(&shown), shown, "{name}");
            assert_eq!(shown.replace(' ', "_"), name);
        }
        assert_eq!(super::super::rich_text::plain("drag_frame"), "dragframe");
    }

    #[test]
    fn nested_remarks_become_commas() {
        assert_eq!(
            qualified("deformable", "generated (self-affine)"),
            "deformable (generated, self-affine)"
        );
        assert_eq!(flatten_nested("a (b (c) d)"), "a (b, c, d)");
        assert_eq!(qualified("data", ""), "data");
        assert_eq!(
            qualified("tool", "measured: ./t.x3p"),
            "tool (measured: ./t.x3p)"
        );
    }

    #[test]
    fn function_calls_and_single_remarks_are_kept() {
        for t in [
            "β(X, slide) map (P_N = 5 MPa)",
            "A_p history (Fig. 10): p = 30 MPa",
            "(f(x) fit)",
            "seed 0 (⟨A_p⟩ = 0.1 %)",
            "unbalanced ) text (",
        ] {
            assert_eq!(flatten_nested(t), t);
            assert!(!has_nested_remark(t));
        }
        assert!(has_nested_remark("x (generated (self-affine))"));
    }
}
