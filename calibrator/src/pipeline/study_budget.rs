//! The systematic budget and the tornado of a sensitivity study (issue 42 items 2 and 4).
//!
//! **Rule of a factor's systematic interval** (`budget.csv`, per velocity, for the factors a
//! plan marks `systematic = true`: those a user cannot pin down): over the factor's
//! *admissible* levels, the reference included (ratio 1), the interval [min ratio, max ratio]
//! of the plain paired ratios α_level/α_ref. The statistical error of those ratios is not
//! added to it: it is reported beside it as the envelope [min lo, max hi] of the levels'
//! 95 % paired intervals (the reference contributing 1), so a reader sees when a factor's
//! spread is not resolved by the pairs. The **dominant term** and the **total systematic
//! interval** follow the table's rule, by the core's one implementation
//! ([`tribo_core::table::uncertainty::dominant_term`], [`budget_ratio`]): the dominant term is
//! the factor with the largest ln half-width max(−ln min, ln max), and the total treats the
//! factors as independent and adds their ln half-widths in quadrature on each side:
//! [exp(−√Σ ln²(min_i)), exp(√Σ ln²(max_i))] (each factor's min ≤ 1 ≤ max since the reference
//! is admissible). So `budget.csv`, `summary.txt`, a table built from the budget, `inspect`
//! and `summary.md` name the same dominant term.
//!
//! **Tornado** (`tornado.csv`, `tornado.svg/png` + caption, at the plan's first velocity):
//! every factor's levels as paired ratios with their 95 % intervals, factors ranked by the same
//! ln half-width over their levels' ratios (the largest first).

use std::fmt::Write as _;
use std::path::Path;

use super::error::{PipelineError, write_csv};
use super::study_design::Design;
use super::study_error::StudyError;
use super::study_table::SensitivityRow;
use crate::fit::systematic::ln_half_width;
use crate::report::csv::Cell;
use crate::report::label::identifier;
use crate::report::{CsvTable, LinePlot, Series, write_caption};
use tribo_core::table::SystematicTerm;
use tribo_core::table::uncertainty::{budget_ratio, dominant_term};

/// One factor's systematic interval at one velocity.
#[derive(Clone, Debug, PartialEq)]
pub struct BudgetTerm {
    /// Factor.
    pub factor: String,
    /// Velocity \[m/s\].
    pub velocity: f64,
    /// Smallest ratio over the admissible levels (≤ 1) and its level.
    pub min: (f64, String),
    /// Largest ratio over the admissible levels (≥ 1) and its level.
    pub max: (f64, String),
    /// Envelope of the admissible levels' 95 % paired intervals (and 1).
    pub envelope: [f64; 2],
    /// Admissible levels counted.
    pub levels: usize,
}

impl BudgetTerm {
    /// Width of the interval in ln(ratio).
    pub fn ln_width(&self) -> f64 {
        (self.max.0 / self.min.0).ln()
    }

    /// The larger ln half-width, max(−ln min, ln max): what ranks the terms.
    pub fn ln_half_width(&self) -> f64 {
        ln_half_width([self.min.0, self.max.0])
    }

    /// The term as a table holds it (name cut to the table's capacity).
    pub fn systematic_term(&self) -> SystematicTerm {
        SystematicTerm::new(&self.factor, self.min.0 as f32, self.max.0 as f32)
    }
}

/// The systematic terms of `rows` (module doc), in plan order per velocity.
pub fn budget_terms(rows: &[SensitivityRow]) -> Vec<BudgetTerm> {
    let mut keys: Vec<(&str, f64)> = Vec::new();
    for r in rows.iter().filter(|r| r.systematic) {
        if !keys.contains(&(r.factor.as_str(), r.velocity)) {
            keys.push((&r.factor, r.velocity));
        }
    }
    keys.into_iter()
        .map(|(factor, velocity)| {
            let levels: Vec<&SensitivityRow> = rows
                .iter()
                .filter(|r| r.factor == factor && r.velocity == velocity && r.admissible)
                .collect();
            // The reference counts as exactly 1 (its paired ratio with itself).
            let ratio = |r: &SensitivityRow| if r.reference { 1.0 } else { r.ratio.ratio };
            let pick = |better: fn(f64, f64) -> bool| {
                levels.iter().fold((1.0, String::new()), |best, r| {
                    if (best.1.is_empty() && ratio(r) == 1.0) || better(ratio(r), best.0) {
                        (ratio(r), r.level.clone())
                    } else {
                        best
                    }
                })
            };
            let envelope = levels
                .iter()
                .filter(|r| !r.reference)
                .fold([1.0f64, 1.0f64], |[lo, hi], r| {
                    [lo.min(r.ratio.ci[0]), hi.max(r.ratio.ci[1])]
                });
            BudgetTerm {
                factor: factor.to_owned(),
                velocity,
                min: pick(|a, b| a < b),
                max: pick(|a, b| a > b),
                envelope,
                levels: levels.len(),
            }
        })
        .collect()
}

/// The total systematic interval of `terms` and the index of the dominant one, by the table's
/// rule (module doc; the core's [`budget_ratio`] and [`dominant_term`]).
pub fn combined(terms: &[&BudgetTerm]) -> ([f64; 2], Option<usize>) {
    let table_terms: Vec<SystematicTerm> = terms.iter().map(|t| t.systematic_term()).collect();
    let [lo, hi] = budget_ratio(&table_terms);
    ([f64::from(lo), f64::from(hi)], dominant_term(&table_terms))
}

/// Writes `budget.csv` and the tornado; returns the summary lines.
///
/// # Errors
///
/// [`StudyError::Pipeline`] when a file cannot be written.
pub fn write(design: &Design, rows: &[SensitivityRow], out: &Path) -> Result<String, StudyError> {
    let terms = budget_terms(rows);
    let mut t = CsvTable::new(&[
        "factor",
        "velocity_m_s",
        "ratio_min",
        "level_min",
        "ratio_max",
        "level_max",
        "envelope_lo",
        "envelope_hi",
        "ln_width",
        "levels",
        "dominant",
        "ln_half_width",
    ]);
    let mut s = String::from("systematic budget (admissible levels, budget.csv):\n");
    for &v in &design.plan.cases.velocities {
        let at_v: Vec<&BudgetTerm> = terms.iter().filter(|t| t.velocity == v).collect();
        let ([lo, hi], dominant) = combined(&at_v);
        for (i, term) in at_v.iter().enumerate() {
            let is_dominant = dominant == Some(i);
            t.push_cells(&[
                Cell::Text(&term.factor),
                Cell::Num(v),
                Cell::Num(term.min.0),
                Cell::Text(&term.min.1),
                Cell::Num(term.max.0),
                Cell::Text(&term.max.1),
                Cell::Num(term.envelope[0]),
                Cell::Num(term.envelope[1]),
                Cell::Num(term.ln_width()),
                Cell::Int(term.levels as i64),
                Cell::Int(i64::from(is_dominant)),
                Cell::Num(term.ln_half_width()),
            ]);
            let _ = writeln!(
                s,
                "  v0 = {v} m/s  {}: [{:.4} ({}), {:.4} ({})], with statistics [{:.4}, {:.4}]{}",
                term.factor,
                term.min.0,
                term.min.1,
                term.max.0,
                term.max.1,
                term.envelope[0],
                term.envelope[1],
                if is_dominant { "  ← dominant" } else { "" }
            );
        }
        if !at_v.is_empty() {
            t.push_cells(&[
                Cell::Text("total (ln-quadrature)"),
                Cell::Num(v),
                Cell::Num(lo),
                Cell::Text(""),
                Cell::Num(hi),
                Cell::Text(""),
                Cell::Num(f64::NAN),
                Cell::Num(f64::NAN),
                Cell::Num((hi / lo).ln()),
                Cell::Int(at_v.iter().map(|t| t.levels as i64).sum()),
                Cell::Int(0),
                Cell::Num(ln_half_width([lo, hi])),
            ]);
            let _ = writeln!(s, "  v0 = {v} m/s  total systematic: [{lo:.4}, {hi:.4}]");
        }
    }
    write_csv(&t, &out.join("budget.csv"))?;
    tornado(design, rows, out)?;
    Ok(s)
}

/// `tornado.csv` and the figure at the plan's first velocity.
fn tornado(design: &Design, rows: &[SensitivityRow], out: &Path) -> Result<(), StudyError> {
    let v = design.plan.cases.velocities[0];
    let mut factors: Vec<(&str, Vec<&SensitivityRow>)> = Vec::new();
    for r in rows.iter().filter(|r| r.velocity == v) {
        match factors.iter_mut().find(|(f, _)| *f == r.factor) {
            Some((_, levels)) => levels.push(r),
            None => factors.push((&r.factor, vec![r])),
        }
    }
    // The budget's ranking (module doc): the larger ln half-width of the levels' ratios.
    let spread = |levels: &[&SensitivityRow]| {
        let (lo, hi) = levels.iter().fold((1.0f64, 1.0f64), |(lo, hi), r| {
            (lo.min(r.ratio.ratio), hi.max(r.ratio.ratio))
        });
        ln_half_width([lo, hi])
    };
    factors.sort_by(|a, b| spread(&b.1).total_cmp(&spread(&a.1)));
    let mut t = CsvTable::new(&[
        "rank",
        "factor",
        "level",
        "ratio",
        "lo",
        "hi",
        "pairs",
        "ln_half_width",
    ]);
    let mut plot = LinePlot::new(
        format!("Sensitivity of α at {v} m/s"),
        "factor, ranked by the larger ln half-width of its levels' ratios",
        "α_{level} / α_{reference} [-]",
    )
    .log_y()
    .x_categories(factors.iter().map(|(f, _)| identifier(f)).collect());
    for (i, (f, levels)) in factors.iter().enumerate() {
        let rank = i + 1;
        let n = levels.len() as f64;
        let mut points = Vec::new();
        let mut bounds = Vec::new();
        for (j, r) in levels.iter().enumerate() {
            let q = &r.ratio;
            t.push_cells(&[
                Cell::Int(rank as i64),
                Cell::Text(f),
                Cell::Text(&r.level),
                Cell::Num(q.ratio),
                Cell::Num(q.ci[0]),
                Cell::Num(q.ci[1]),
                Cell::Int(q.num.pairs as i64),
                Cell::Num(spread(levels)),
            ]);
            // Levels side by side within ±0.3 of the factor's rank.
            let x = rank as f64
                + if n > 1.0 {
                    -0.3 + 0.6 * j as f64 / (n - 1.0)
                } else {
                    0.0
                };
            points.push((x, q.ratio));
            bounds.push(q.ci);
        }
        let names: Vec<String> = levels.iter().map(|r| identifier(&r.level)).collect();
        plot = plot.series(
            Series::points(format!("{}: {}", identifier(f), names.join(", ")), points)
                .with_interval(bounds),
        );
    }
    let stem = out.join("tornado");
    write_csv(&t, &stem.with_extension("csv"))?;
    if !factors.is_empty() {
        let n = factors.len() as f64;
        plot = plot.series(Series::dashed("", vec![(0.5, 1.0), (n + 0.5, 1.0)]));
        plot.write(&stem).map_err(PipelineError::from)?;
    }
    write_caption(
        &stem,
        &format!(
            "Paired ratios α_level/α_reference of seed 000 Eq. 23 at {v} m/s, one factor varied \
             at a time around its reference level, on the same {} surface pairs per level; \
             bars: 95 % cluster-bootstrap intervals over pairs (2000 replicates). Factors are \
             ranked by the larger ln half-width max(−ln min, ln max) of their levels' ratios \
             (leftmost = largest, the budget's rule), on a log scale; within a factor the levels \
             run left to right in plan order (legend). Dashed: no change.",
            design.plan.cases.pairs
        ),
    )
    .map_err(PipelineError::from)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(factor: &str, min: f64, max: f64) -> BudgetTerm {
        BudgetTerm {
            factor: factor.to_owned(),
            velocity: 0.08,
            min: (min, "lo".to_owned()),
            max: (max, "hi".to_owned()),
            envelope: [min, max],
            levels: 3,
        }
    }

    /// Stop 41's figures, where the two rules disagreed: γ has the wider ln interval
    /// (ln(1.571/0.680) = 0.837 > ln(1.591/0.702) = 0.818) but the stiffness the larger half-width
    /// (ln 1.591 = 0.464 > ln 1.571 = 0.452). The budget now names the stiffness, as the table does.
    #[test]
    fn the_dominant_term_is_the_tables_and_the_total_is_the_ln_quadrature() {
        let gamma = term("gamma", 0.680, 1.571);
        let stiffness = term("stiffness", 0.702, 1.591);
        let grid = term("grid", 0.858, 1.0);
        assert!(gamma.ln_width() > stiffness.ln_width());
        let terms = [&gamma, &stiffness, &grid];
        let ([lo, hi], dominant) = combined(&terms);
        assert_eq!(dominant, Some(1));
        let table: Vec<SystematicTerm> = terms.iter().map(|t| t.systematic_term()).collect();
        assert_eq!(dominant_term(&table), Some(1));
        // Closed form of the rule, in f64; the core sums in f32.
        let q = |xs: [f64; 3]| xs.iter().map(|x| x.ln().powi(2)).sum::<f64>().sqrt();
        let (w_lo, w_hi) = (q([0.680, 0.702, 0.858]), q([1.571, 1.591, 1.0]));
        const F32_SUMS: f64 = 1e-5; // relative: three f32 hypot/exp steps
        assert!((lo - (-w_lo).exp()).abs() <= F32_SUMS * lo, "{lo}");
        assert!((hi - w_hi.exp()).abs() <= F32_SUMS * hi, "{hi}");
    }
}
