//! Subscripts and superscripts in figure text (issue 45): labels are typed with a light markup
//! — `P_N`, `F_S/F_N`, `⟨A_p⟩/A_0`, `β_thres(v)`, `h_{Def}`, `m^2`, `s^-1` — and every `<text>`
//! of a figure's SVG is rewritten so that the script is a `<tspan>` set smaller and shifted off
//! the baseline, instead of a literal underscore. The shift is a `dy` (SVG 1.1, honoured by
//! browsers, resvg and Inkscape alike; Firefox ignores `baseline-shift`), undone on the text
//! after the script. Greek letters are typed as such (UTF-8 in the embedded DejaVu Sans).
//!
//! The markup: `_` or `^` right after a non-blank character, followed by `{…}` (the braces are
//! dropped) or by a run of letters and digits (`^` may start with `-` or `−`). Anything else is
//! left as it is.

/// Scripts are set at this fraction of the text's size (TeX's \scriptstyle: 0.7).
const SCRIPT_SCALE: f64 = 0.7;
/// A subscript's baseline sits this many ems (of the text) below the text's.
const SUB_SHIFT_EM: f64 = 0.22;
/// A superscript's baseline sits this many ems above the text's.
const SUP_SHIFT_EM: f64 = 0.4;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Script {
    Base,
    Sub,
    Sup,
}

/// `text` split into runs of base text, subscripts and superscripts (see the module docs).
fn runs(text: &str) -> Vec<(Script, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<(Script, String)> = Vec::new();
    let mut push = |kind: Script, s: &str| match out.last_mut() {
        Some((k, t)) if *k == kind => t.push_str(s),
        _ => out.push((kind, s.to_string())),
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let after_symbol = i > 0 && !chars[i - 1].is_whitespace();
        if (c == '_' || c == '^') && after_symbol {
            let kind = if c == '_' { Script::Sub } else { Script::Sup };
            if chars.get(i + 1) == Some(&'{') {
                if let Some(len) = chars[i + 2..].iter().position(|&c| c == '}') {
                    let s: String = chars[i + 2..i + 2 + len].iter().collect();
                    push(kind, &s);
                    i += len + 3;
                    continue;
                }
            } else {
                let mut j = i + 1;
                if kind == Script::Sup && matches!(chars.get(j), Some('-' | '−')) {
                    j += 1;
                }
                let start = j;
                while j < chars.len() && chars[j].is_alphanumeric() {
                    j += 1;
                }
                if j > start {
                    let s: String = chars[i + 1..j].iter().collect();
                    push(kind, &s);
                    i = j;
                    continue;
                }
            }
        }
        push(Script::Base, &c.to_string());
        i += 1;
    }
    out
}

/// `text` without its markup, as a reader sees it (`P_N` → `PN`): for lengths and tests.
pub fn plain(text: &str) -> String {
    runs(text).into_iter().map(|(_, s)| s).collect()
}

/// Whether `text` still shows an underscore between a symbol and its subscript once the
/// markup is applied (the figure audit fails such text: `v_ref` rendered as is).
pub fn shows_underscore(rendered: &str) -> bool {
    let chars: Vec<char> = rendered.chars().collect();
    chars
        .windows(3)
        .any(|w| w[1] == '_' && !w[0].is_whitespace() && w[0] != '_' && w[2].is_alphanumeric())
}

/// The content of one SVG `<text>` element (already XML-escaped) with its scripts as
/// `<tspan>`s, for text of `font_size` user units.
fn markup(content: &str, font_size: f64) -> String {
    let runs = runs(content);
    if runs.iter().all(|(k, _)| *k == Script::Base) {
        return content.to_string();
    }
    let offset = |k: Script| match k {
        Script::Base => 0.0,
        Script::Sub => SUB_SHIFT_EM * font_size,
        Script::Sup => -SUP_SHIFT_EM * font_size,
    };
    let mut out = String::with_capacity(content.len() + 64 * runs.len());
    let mut at = 0.0;
    for (kind, text) in runs {
        let dy = offset(kind) - at;
        at = offset(kind);
        let size = match kind {
            Script::Base => String::new(),
            _ => format!(" font-size=\"{:.2}\"", SCRIPT_SCALE * font_size),
        };
        if dy == 0.0 && size.is_empty() {
            out.push_str(&text);
        } else {
            out.push_str(&format!("<tspan dy=\"{dy:.2}\"{size}>{text}</tspan>"));
        }
    }
    out
}

/// Every `<text …>…</text>` of `svg` with its scripts set as `<tspan>`s (see the module
/// docs). Text without markup is left byte for byte.
pub fn apply(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len() + svg.len() / 8);
    let mut rest = svg;
    while let Some(start) = rest.find("<text") {
        let Some(open_end) = rest[start..].find('>').map(|k| start + k + 1) else {
            break;
        };
        let Some(close) = rest[open_end..].find("</text>").map(|k| open_end + k) else {
            break;
        };
        let open = &rest[start..open_end];
        let font_size = open
            .split("font-size=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .and_then(|s| s.parse::<f64>().ok())
            .unwrap_or(12.0);
        out.push_str(&rest[..open_end]);
        out.push_str(&markup(&rest[open_end..close], font_size));
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_labels_lose_their_underscores() {
        for (typed, seen) in [
            ("P_N [MPa]", "PN [MPa]"),
            ("F_S/F_N", "FS/FN"),
            ("⟨A_p⟩/A_0 [%]", "⟨Ap⟩/A0 [%]"),
            ("N_c/N_s", "Nc/Ns"),
            ("CV_F", "CVF"),
            ("β_thres(v)", "βthres(v)"),
            ("h_{Def} [µm]", "hDef [µm]"),
            ("k [m^2 s^-1]", "k [m2 s-1]"),
        ] {
            assert_eq!(plain(typed), seen, "{typed}");
            let svg = apply(&format!("<text font-size=\"10\">{typed}</text>"));
            assert!(!shows_underscore(&svg), "{svg}");
            assert!(svg.contains("<tspan dy="), "{svg}");
        }
    }

    #[test]
    fn scripts_shift_and_return_to_the_baseline() {
        let svg = apply("<text x=\"1\" font-size=\"20\">P_N = 5 MPa</text>");
        assert_eq!(
            svg,
            "<text x=\"1\" font-size=\"20\">P<tspan dy=\"4.40\" font-size=\"14.00\">N</tspan>\
             <tspan dy=\"-4.40\"> = 5 MPa</tspan></text>"
        );
        let sup = apply("<text font-size=\"10\">m^2</text>");
        assert!(
            sup.contains("dy=\"-4.00\" font-size=\"7.00\">2</tspan>"),
            "{sup}"
        );
    }

    #[test]
    fn text_without_markup_and_lone_underscores_are_kept() {
        for t in [
            "seed 0 (⟨μ⟩ = 0.12)",
            "a _ b",
            "_lead",
            "x_",
            "&lt;p&gt; &amp; q",
        ] {
            let svg = format!("<svg><text font-size=\"9\">{t}</text></svg>");
            assert_eq!(apply(&svg), svg);
        }
        assert!(shows_underscore("v_ref"));
        assert!(!shows_underscore("a _ b") && !shows_underscore("P<tspan>N</tspan>"));
    }
}
