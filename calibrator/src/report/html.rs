//! `report/index.html`: the one page a process engineer opens after a run (issue 20). It holds
//! the run's summary, the table's contents and every figure of the report folder grouped by
//! stage (sub-folder), each with links to its SVG and to the CSV of the same name. Figures are
//! relative links, so the folder can be moved or zipped as a whole; the page has no script and
//! no external resource.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::atomic::write_atomic;
use super::error::{ReportError, Result};

/// The file name of the page inside the report folder.
pub const INDEX_FILE: &str = "index.html";

/// What the page says besides the figures it finds.
#[derive(Debug, Clone, Default)]
pub struct IndexPage<'a> {
    /// Page title (the run: command, preset, seed).
    pub title: &'a str,
    /// The run's `summary.md` (rendered as CommonMark with tables).
    pub summary_markdown: Option<&'a str>,
    /// The table's contents as text (`tribo inspect`'s description).
    pub table_text: Option<&'a str>,
    /// Shown when figures were turned off (`--no-plots`).
    pub figures_disabled: bool,
}

/// Stage folders in pipeline order, with their headings; other folders follow alphabetically.
const STAGES: [(&str, &str); 9] = [
    ("", "The table: α(v), β_thres(v), μ(β)"),
    (
        "surface",
        "Surfaces: height maps and PSD (generated or measured)",
    ),
    (
        "contact",
        "Stage 1 — particle-free elastic contact (BEM) at the process pressures (clusters, Fig. 14)",
    ),
    ("contact/kappa", "Stage 1 — elastic κ sweep (Eq. 8)"),
    ("meso", "Stage 2 — BEM–DEM sweep: A_p, α, α(v) (Eq. 22–24)"),
    ("random_field", "Stage 3 — COF random fields (seed 004)"),
    ("asperity", "Stage 4 — asperity pre-sliding (seed 003)"),
    (
        "saturation",
        "Saturation — ζ and μ_p from repeated strip draws (seed 000 §2.1)",
    ),
    (
        "strip_draw",
        "Strip draw — the table on the core's bar (seed 000 §7)",
    ),
];

/// Writes `dir/index.html` listing every PNG under `dir` (after the figures are written).
///
/// # Errors
///
/// [`ReportError::Io`] when `dir` cannot be listed or `index.html` cannot be written.
pub fn write_index(dir: &Path, page: &IndexPage<'_>) -> Result<PathBuf> {
    let mut files = Vec::new();
    collect(dir, dir, &mut files)
        .map_err(|e| ReportError::io("listing the report folder", dir, e))?;
    files.sort();
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for f in &files {
        let folder = f.rsplit_once('/').map_or("", |(d, _)| d).to_string();
        match groups.iter_mut().find(|(g, _)| *g == folder) {
            Some((_, v)) => v.push(f.clone()),
            None => groups.push((folder, vec![f.clone()])),
        }
    }
    groups.sort_by_key(|(g, _)| {
        let rank = STAGES
            .iter()
            .position(|(s, _)| s == g)
            .unwrap_or(STAGES.len());
        (rank, g.clone())
    });
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
         <style>\nbody{{font-family:sans-serif;max-width:1400px;margin:1em auto;padding:0 1em;color:#222}}\n\
         h2{{border-bottom:1px solid #ccc;margin-top:2em}}\nfigure{{display:inline-block;margin:0.5em;\
         vertical-align:top;width:45%;min-width:420px}}\nfigure img{{width:100%;border:1px solid #ddd}}\n\
         figcaption{{font-size:0.9em}}\npre{{background:#f6f6f6;padding:0.8em;overflow-x:auto}}\n\
         nav a{{margin-right:1em}}\n</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        esc(page.title),
        esc(page.title)
    );
    h.push_str("<nav>");
    if page.summary_markdown.is_some() {
        h.push_str("<a href=\"#summary\">Summary</a>");
    }
    if page.table_text.is_some() {
        h.push_str("<a href=\"#table\">Table</a>");
    }
    for (k, (g, _)) in groups.iter().enumerate() {
        let _ = write!(h, "<a href=\"#stage-{k}\">{}</a>", esc(short_name(g)));
    }
    h.push_str("</nav>\n");
    if let Some(md) = page.summary_markdown {
        h.push_str("<section id=\"summary\">\n");
        markdown(md, &mut h);
        h.push_str("</section>\n");
    }
    if let Some(t) = page.table_text {
        let _ = write!(
            h,
            "<section id=\"table\"><h2>Table contents (<code>tribo inspect</code>)</h2>\n<pre>{}</pre>\n\
             <p>Machine-readable: <a href=\"table.json\">table.json</a>.</p></section>\n",
            esc(t)
        );
    }
    if page.figures_disabled {
        h.push_str("<p><strong>Figures were turned off (<code>--no-plots</code>); the CSV files are in the folders below.</strong></p>\n");
    }
    for (k, (g, list)) in groups.iter().enumerate() {
        let _ = writeln!(h, "<section id=\"stage-{k}\"><h2>{}</h2>", esc(&heading(g)));
        let mut data = Vec::new();
        for f in list {
            if let Some(stem) = f.strip_suffix(".png") {
                let svg = format!("{stem}.svg");
                let csv = format!("{stem}.csv");
                let name = stem.rsplit('/').next().unwrap_or(stem);
                let _ = write!(
                    h,
                    "<figure><a href=\"{src}\"><img src=\"{src}\" alt=\"{alt}\"></a><figcaption>{alt}",
                    src = esc(&url(f)),
                    alt = esc(name)
                );
                let caption = format!("{stem}.{}", super::caption::CAPTION_EXT);
                if files.contains(&caption)
                    && let Ok(text) = std::fs::read_to_string(dir.join(&caption))
                {
                    let _ = write!(h, ": {}", esc(text.trim()));
                }
                for extra in [svg, csv] {
                    if files.contains(&extra) {
                        let ext = extra.rsplit('.').next().unwrap_or("");
                        let _ = write!(
                            h,
                            " · <a href=\"{}\">{}</a>",
                            esc(&url(&extra)),
                            ext.to_uppercase()
                        );
                    }
                }
                h.push_str("</figcaption></figure>\n");
            } else if f.ends_with(".csv") || f.ends_with(".json") || f.ends_with(".md") {
                data.push(f);
            }
        }
        if !data.is_empty() {
            h.push_str("<p>Data: ");
            for (i, f) in data.iter().enumerate() {
                let name = f.rsplit('/').next().unwrap_or(f);
                let sep = if i == 0 { "" } else { ", " };
                let _ = write!(h, "{sep}<a href=\"{}\">{}</a>", esc(&url(f)), esc(name));
            }
            h.push_str("</p>\n");
        }
        h.push_str("</section>\n");
    }
    h.push_str("</body>\n</html>\n");
    let path = dir.join(INDEX_FILE);
    write_atomic(&path, h.as_bytes()).map_err(|e| ReportError::io("writing", &path, e))?;
    Ok(path)
}

/// The `src` of every `<img>` of a page written by [`write_index`], decoded back to the
/// relative path of the file (HTML entities, then percent-encoding).
pub fn img_sources(html: &str) -> Vec<String> {
    html.split("<img src=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(|s| {
            let s = s.replace("&quot;", "\"").replace("&amp;", "&");
            percent_encoding::percent_decode_str(&s)
                .decode_utf8_lossy()
                .into_owned()
        })
        .collect()
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<String>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue; // temporary files of atomic writes
        }
        if entry.file_type()?.is_dir() {
            collect(root, &path, out)?;
        } else if let Ok(rel) = path.strip_prefix(root) {
            let parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push(parts.join("/"));
        }
    }
    Ok(())
}

/// The section heading of a folder: its stage's, or the folder's name in words
/// (`third_body/tb` → `Third body — tb`), never the raw path.
fn heading(folder: &str) -> String {
    STAGES.iter().find(|(s, _)| *s == folder).map_or_else(
        || {
            let words = folder.replace(['_', '-'], " ").replace('/', " — ");
            let mut c = words.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_else(|| "Figures".to_string())
        },
        |(_, t)| (*t).to_string(),
    )
}

fn short_name(folder: &str) -> &str {
    if folder.is_empty() { "figures" } else { folder }
}

/// The characters a path segment of a relative URL must not carry literally (RFC 3986
/// §3.3: controls, space and the delimiters `"#%<>?[]^`{|}`, plus `\\` and non-ASCII bytes,
/// which the crate always encodes).
const PATH_SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// A relative path (`/`-separated) as a URL: each segment percent-encoded (the
/// `percent-encoding` crate), the separators kept.
fn url(rel: &str) -> String {
    rel.split('/')
        .map(|seg| percent_encoding::utf8_percent_encode(seg, PATH_SEGMENT).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `summary.md` rendered by pulldown-cmark (CommonMark with pipe tables): bold, tables and
/// code as the document means them (issue 33: no literal `**` or pipe table as text). Raw HTML
/// in the Markdown is shown as text, not interpreted; headings move one level down (the page's
/// `<h1>` is its title).
fn markdown(md: &str, h: &mut String) {
    use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
    let down = |l: HeadingLevel| match l {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    };
    let events = Parser::new_ext(md, Options::ENABLE_TABLES).map(|e| match e {
        Event::Html(t) | Event::InlineHtml(t) => Event::Text(t),
        Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) => Event::Start(Tag::Heading {
            level: down(level),
            id,
            classes,
            attrs,
        }),
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(down(level))),
        other => other,
    });
    pulldown_cmark::html::push_html(h, events);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character a file name may carry reaches the browser intact: `#`, `%`, `?` and
    /// non-ASCII are encoded (a spaces-only encoder cut `a#1.png` at the fragment).
    #[test]
    fn urls_encode_every_reserved_character_and_decode_back() {
        let rel = "meso/α fit #1 50%?.png";
        let u = url(rel);
        assert_eq!(u, "meso/%CE%B1%20fit%20%231%2050%25%3F.png");
        let html = format!("<img src=\"{}\">", esc(&u));
        assert_eq!(img_sources(&html), [rel]);
        assert_eq!(
            url("a/b&c.png"),
            "a/b&c.png",
            "& is escaped by HTML, not by the URL"
        );
    }

    #[test]
    fn page_links_every_png_once_grouped_by_stage_and_escapes_text() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for f in [
            "alpha_v.png",
            "alpha_v.csv",
            "meso/alpha fit.png",
            "contact/kappa/area.png",
            "contact/area.png",
            "contact/.area.tmp-1.png",
        ] {
            let p = d.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, b"x").unwrap();
        }
        let page = IndexPage {
            title: "run <1>",
            summary_markdown: Some("# Title\n\n- a `b` <c>\n\ntext\n```text\nx  <y>\n```\n"),
            table_text: Some("kappa = 2 & more"),
            figures_disabled: false,
        };
        let path = write_index(d, &page).unwrap();
        let html = std::fs::read_to_string(path).unwrap();
        let srcs = img_sources(&html);
        assert_eq!(
            srcs,
            [
                "alpha_v.png",
                "contact/area.png",
                "contact/kappa/area.png",
                "meso/alpha fit.png"
            ]
        );
        for s in &srcs {
            assert!(d.join(s).exists(), "{s}");
        }
        assert!(html.contains("run &lt;1&gt;"));
        assert!(html.contains("<li>a <code>b</code> &lt;c&gt;</li>"));
        assert!(html.contains("kappa = 2 &amp; more"));
        assert!(html.contains("x  &lt;y&gt;\n</code></pre>"), "fenced block");
        assert!(html.contains("<h2>Title</h2>"), "{html}");
        assert!(html.contains("<a href=\"alpha_v.csv\">CSV</a>"));
        assert!(!html.contains("tmp-1"), "temporary files are not figures");
        assert!(
            !html.contains("http"),
            "the page loads nothing from outside"
        );
    }
}
