//! The tornado of α's uncertainty in a table's report (issue 42 item 4): each systematic term
//! of the table's budget as the ratio interval it puts on α, ranked by the budget's own rule
//! (the larger ln half-width, `tribo_core::table::uncertainty::dominant_term`), next to the
//! statistical interval, the combined systematic interval and the total, at the first α sample
//! (`alpha_budget.csv`, `alpha_budget.{svg,png}` + caption). A table without a budget gets no
//! figure: there is nothing systematic to show.

use std::path::{Path, PathBuf};

use tribo_core::table::uncertainty::budget_ratio;
use tribo_core::table::{SystematicTerm, Table};

use crate::fit::systematic::ln_half_width;
use crate::report::csv::Cell;
use crate::report::label::identifier;
use crate::report::{CsvTable, LinePlot, ReportError, Series, write_caption};

/// One bar of the tornado: a name and a ratio interval around 1 \[-\].
struct Bar {
    name: String,
    ratio: [f64; 2],
}

/// Writes the tornado of `table`'s budget into `dir`; returns the files written (none without
/// a budget or an α sample).
///
/// # Errors
///
/// [`ReportError::Io`] when a file cannot be written; the figure's errors.
pub fn write_budget_tornado(table: &Table, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let (Some(u), Some(a)) = (&table.uncertainty, table.alpha_uncertainty(0)) else {
        return Ok(Vec::new());
    };
    let value = f64::from(a.value);
    if value.is_nan() || value <= 0.0 {
        return Ok(Vec::new());
    }
    let relative = |r: [f32; 2]| [f64::from(r[0]) / value, f64::from(r[1]) / value];
    // Ranked by the dominant-term rule, the core's own width of each term.
    let mut ranked: Vec<&SystematicTerm> = u.terms.iter().collect();
    ranked.sort_by(|x, y| y.ln_half_width().total_cmp(&x.ln_half_width()));
    let terms = ranked.into_iter().map(|t| Bar {
        name: t.name.as_str().to_owned(),
        ratio: t.ratio.map(f64::from),
    });
    let sys = budget_ratio(&u.terms).map(f64::from);
    let mut bars = vec![
        Bar {
            name: "total (statistical ⊕ systematic)".to_owned(),
            ratio: relative(a.total),
        },
        Bar {
            name: "systematic (all terms)".to_owned(),
            ratio: sys,
        },
        Bar {
            name: "statistical 95 % CI".to_owned(),
            ratio: relative(a.statistical),
        },
    ];
    bars.extend(terms);
    // f32's shortest round-trip form: "0.08", not f64's 0.07999999821186066.
    let v0 = table
        .alpha
        .curve
        .v
        .first()
        .map_or("n/a".to_owned(), |v| v.to_string());
    let mut csv = CsvTable::new(&["rank", "term", "ratio_lo", "ratio_hi", "ln_half_width"]);
    let mut plot = LinePlot::new(
        format!("Uncertainty of α at {v0} m/s: the budget's terms"),
        "term (rank; legend)",
        "α / α_{calibrated} [-]",
    )
    .log_y()
    .x_categories((1..=bars.len()).map(|k| k.to_string()).collect());
    for (i, b) in bars.iter().enumerate() {
        let rank = i + 1;
        csv.push_cells(&[
            Cell::Int(rank as i64),
            Cell::Text(&b.name),
            Cell::Num(b.ratio[0]),
            Cell::Num(b.ratio[1]),
            Cell::Num(ln_half_width(b.ratio)),
        ]);
        plot = plot.series(
            Series::points(
                format!("{rank}: {}", identifier(&b.name)),
                vec![(rank as f64, 1.0)],
            )
            .with_interval(vec![b.ratio]),
        );
    }
    let n = bars.len() as f64;
    plot = plot.series(Series::dashed("", vec![(0.5, 1.0), (n + 0.5, 1.0)]));
    std::fs::create_dir_all(dir).map_err(|e| ReportError::io("creating", dir, e))?;
    let stem = dir.join("alpha_budget");
    let path = stem.with_extension("csv");
    csv.write(&path)
        .map_err(|e| ReportError::io("writing", &path, e))?;
    plot.write(&stem)?;
    write_caption(
        &stem,
        &format!(
            "α = {value:.2} at {v0} m/s and what moves it, as ratios to the calibrated value (log \
             scale): 1–3 the total interval (statistical and systematic combined), the \
             systematic interval of all terms and the statistical 95 % interval (cluster \
             bootstrap over surface pairs); then each systematic term of the table's budget — \
             α at the ends of the model choice's admissible range over α at the preset's \
             choice — ranked by the larger ln half-width (the dominant term first). Rule: {}.",
            u.rule.describe()
        ),
    )?;
    Ok(vec![
        path,
        stem.with_extension("svg"),
        stem.with_extension("png"),
    ])
}
