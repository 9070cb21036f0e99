//! α's systematic budget (issue 42): the model choices a user cannot pin down, each as the
//! ratio of α at the ends of its admissible range to α at the preset's choice, and how they
//! combine with α's statistical interval.
//!
//! The statistical 95 % interval of α (cluster bootstrap over surface pairs, `fit/alpha.rs`) is
//! the precision of α **at fixed model choices**; it is not the accuracy of α. Choices such as
//! the drag γ of the lubricant, the flake size, the penalty stiffness and the resolution move
//! α by more (issue 42). A term is `{name, ratio_lo, ratio_hi, source}` with
//! 0 < ratio_lo ≤ 1 ≤ ratio_hi.
//!
//! **Rule** (the core's [`CombinationRule::LnQuadrature`], one implementation:
//! [`uncertainty::budget_ratio`], [`uncertainty::combine_ln_quadrature`]):
//! - in ln α, the lower and the upper half-widths of independent terms add in quadrature:
//!   w_lo = √Σ ln²(ratio_lo,i), w_hi = √Σ ln²(ratio_hi,i); the systematic interval of α is
//!   [α·e^(−w_lo), α·e^(w_hi)];
//! - the total interval combines the statistical interval's ln half-widths with w_lo, w_hi the
//!   same way;
//! - the dominant term is the one with the largest ln half-width max(−ln ratio_lo,
//!   ln ratio_hi);
//! - β_thres = κ/(α·h'_rms) (seed 000 Eq. 24) falls with α: its intervals are α's inverted,
//!   [κ/(α_hi·h'_rms), κ/(α_lo·h'_rms)].
//!
//! Quadrature assumes the terms independent and each range a comparable (≈ 95 %) bracket of
//! the choice; a term whose range is a hard bound is treated the same way (stated, not
//! hidden: the dominant term is named wherever α is shown).

use tribo_core::table::uncertainty::{self, dominant_term};
use tribo_core::table::{CombinationRule, SYSTEMATIC_TERMS, SystematicTerm, TERM_NAME_CAPACITY};

/// One term of the budget.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// What varies and over which range (at most [`TERM_NAME_CAPACITY`] bytes of UTF-8).
    pub name: String,
    /// α at the lower end of the admissible range over α at the preset's choice \[-\].
    pub ratio_lo: f64,
    /// α at the upper end over α at the preset's choice \[-\].
    pub ratio_hi: f64,
    /// Where the ratios come from.
    pub source: String,
}

/// Why a budget cannot go into a table.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BudgetError {
    /// No term: the budget would claim no systematic error at all.
    #[error(
        "the systematic budget has no term (an empty budget would claim α has no systematic error)"
    )]
    Empty,
    /// More terms than the table holds.
    #[error("the systematic budget has {0} terms; the table holds at most {SYSTEMATIC_TERMS}")]
    TooMany(usize),
    /// A term's ratios are not 0 < lo ≤ 1 ≤ hi < ∞.
    #[error(
        "systematic term {name:?}: need 0.001 ≤ ratio_lo ≤ 1 ≤ ratio_hi ≤ 1000 (RATIO_MAX), got [{lo}, {hi}]"
    )]
    Ratios {
        /// The term.
        name: String,
        /// ratio_lo as given.
        lo: f64,
        /// ratio_hi as given.
        hi: f64,
    },
    /// A name that is blank or longer than the table holds.
    #[error("systematic term {name:?}: the name must be 1 to {TERM_NAME_CAPACITY} bytes of UTF-8")]
    Name {
        /// The name as given.
        name: String,
    },
}

/// Widest ratio a term may have, each way \[-\]: the table holds α within ±10⁴
/// (`ALPHA_ABS_MAX`) and calibrated α is of order 10, so a term beyond ×10³ would carry α's
/// interval past what a table can hold; the largest effect measured (flake diameter 6–25 µm,
/// ×0.03…×5, issue 42) is well inside.
pub const RATIO_MAX: f64 = 1e3;

/// Checks a budget: 1 to [`SYSTEMATIC_TERMS`] terms, each with a name of 1 to
/// [`TERM_NAME_CAPACITY`] bytes and 1/[`RATIO_MAX`] ≤ ratio_lo ≤ 1 ≤ ratio_hi ≤ [`RATIO_MAX`].
///
/// # Errors
///
/// The first [`BudgetError`] found.
pub fn check(terms: &[Term]) -> Result<(), BudgetError> {
    if terms.is_empty() {
        return Err(BudgetError::Empty);
    }
    if terms.len() > SYSTEMATIC_TERMS {
        return Err(BudgetError::TooMany(terms.len()));
    }
    for t in terms {
        if t.name.trim().is_empty() || t.name.len() > TERM_NAME_CAPACITY {
            return Err(BudgetError::Name {
                name: t.name.clone(),
            });
        }
        let (lo, hi) = (t.ratio_lo, t.ratio_hi);
        let ok = (1.0 / RATIO_MAX..=1.0).contains(&lo) && (1.0..=RATIO_MAX).contains(&hi);
        // The table stores f32: a ratio must stay in its bracket after rounding.
        let ok32 = (lo as f32) > 0.0 && (lo as f32) <= 1.0 && (hi as f32).is_finite();
        if !(ok && ok32) {
            return Err(BudgetError::Ratios {
                name: t.name.clone(),
                lo,
                hi,
            });
        }
    }
    Ok(())
}

/// The budget as the table's terms (checked first).
///
/// # Errors
///
/// Those of [`check`].
pub fn table_terms(terms: &[Term]) -> Result<Vec<SystematicTerm>, BudgetError> {
    check(terms)?;
    Ok(terms
        .iter()
        .map(|t| SystematicTerm::new(&t.name, t.ratio_lo as f32, t.ratio_hi as f32))
        .collect())
}

/// The budget combined: the systematic ratio interval `[e^(−w_lo), e^(w_hi)]` and the index
/// of the dominant term (the core's kernels).
///
/// # Errors
///
/// Those of [`check`].
pub fn combined(terms: &[Term]) -> Result<([f64; 2], usize), BudgetError> {
    let t = table_terms(terms)?;
    let [lo, hi] = uncertainty::budget_ratio(&t);
    Ok((
        [f64::from(lo), f64::from(hi)],
        dominant_term(&t).unwrap_or(0),
    ))
}

/// The ranking width of a ratio interval `[lo, hi]` around 1, max(−ln lo, ln hi) \[-\]: the
/// core's [`SystematicTerm::ln_half_width`] (the dominant-term rule), for reports in f64.
pub fn ln_half_width([lo, hi]: [f64; 2]) -> f64 {
    f64::from(SystematicTerm::new("", lo as f32, hi as f32).ln_half_width())
}

/// The rule's statement, for reports.
pub fn rule_text() -> &'static str {
    CombinationRule::LnQuadrature.describe()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranking width is the larger side in ln: ln 2 both for [0.5, 1.5] (the lower side) and
    /// for [0.8, 2] (the upper side).
    #[test]
    fn ln_half_width_is_the_larger_ln_side() {
        const F32_LOG: f64 = 1e-6; // one logf in f32
        for r in [[0.5, 1.5], [0.8, 2.0]] {
            assert!(
                (ln_half_width(r) - std::f64::consts::LN_2).abs() < F32_LOG,
                "{r:?}"
            );
        }
    }

    /// Relative tolerance of the f32 kernels against the f64 closed form.
    const KERNEL_REL_TOL: f64 = 1e-5;

    fn term(name: &str, lo: f64, hi: f64) -> Term {
        Term {
            name: name.into(),
            ratio_lo: lo,
            ratio_hi: hi,
            source: "test".into(),
        }
    }

    #[test]
    fn a_budget_combines_as_the_closed_form_in_ln_space() {
        // The first budget of the presets, fixed here (the presets' numbers will move).
        let terms = [
            term("penalty stiffness", 0.85, 1.13),
            term("drag γ", 0.5, 1.3),
            term("flake size", 0.7, 1.3),
            term("resolution", 0.9, 1.2),
        ];
        let w_lo = terms
            .iter()
            .map(|t| t.ratio_lo.ln().powi(2))
            .sum::<f64>()
            .sqrt();
        let w_hi = terms
            .iter()
            .map(|t| t.ratio_hi.ln().powi(2))
            .sum::<f64>()
            .sqrt();
        // By hand: ln 0.85, 0.5, 0.7, 0.9 → w_lo = 0.8032; ln 1.13, 1.3, 1.3, 1.2 → w_hi = 0.4311.
        assert!((w_lo - 0.8032).abs() < 1e-4 && (w_hi - 0.4311).abs() < 1e-4);
        let ([lo, hi], dominant) = combined(&terms).unwrap();
        assert!((lo - (-w_lo).exp()).abs() <= KERNEL_REL_TOL * lo, "{lo}");
        assert!((hi - w_hi.exp()).abs() <= KERNEL_REL_TOL * hi, "{hi}");
        assert_eq!(terms[dominant].name, "drag γ");
        // With α(0.08) = 15.65 [14.98, 16.40] (standard preset): total [7.001, 24.146].
        let a = 15.65f32;
        let [t_lo, t_hi] =
            uncertainty::combine_ln_quadrature(a, [14.98, 16.40], [a * lo as f32, a * hi as f32]);
        assert!(
            (f64::from(t_lo) - 7.000_958).abs() <= KERNEL_REL_TOL * 7.0,
            "{t_lo}"
        );
        assert!(
            (f64::from(t_hi) - 24.145_697).abs() <= KERNEL_REL_TOL * 24.1,
            "{t_hi}"
        );
    }

    #[test]
    fn the_presets_budget_is_valid_and_names_a_dominant_term() {
        let terms: Vec<Term> = crate::presets::SYSTEMATIC_BUDGET
            .iter()
            .map(|&(n, l, h, _)| term(n, l, h))
            .collect();
        let ([lo, hi], dominant) = combined(&terms).unwrap();
        assert!(lo <= 1.0 && hi >= 1.0 && dominant < terms.len());
    }

    #[test]
    fn bad_budgets_are_refused_with_the_term_named() {
        assert_eq!(check(&[]), Err(BudgetError::Empty));
        let many = vec![term("t", 0.9, 1.1); SYSTEMATIC_TERMS + 1];
        assert_eq!(
            check(&many),
            Err(BudgetError::TooMany(SYSTEMATIC_TERMS + 1))
        );
        for (lo, hi) in [
            (1.1, 1.2),
            (0.9, 0.95),
            (0.0, 1.1),
            (f64::NAN, 1.1),
            (0.9, f64::INFINITY),
            (0.9, 1e30),
            (0.9, RATIO_MAX * 1.001),
            (0.999e-3, 1.1),
        ] {
            assert!(matches!(
                check(&[term("x", lo, hi)]),
                Err(BudgetError::Ratios { .. })
            ));
        }
        // The ends themselves are admissible.
        assert_eq!(check(&[term("x", 1.0 / RATIO_MAX, RATIO_MAX)]), Ok(()));
        let long = "x".repeat(TERM_NAME_CAPACITY + 1);
        assert!(matches!(
            check(&[term(&long, 0.9, 1.1)]),
            Err(BudgetError::Name { .. })
        ));
        assert!(matches!(
            check(&[term(" ", 0.9, 1.1)]),
            Err(BudgetError::Name { .. })
        ));
        let e = check(&[term("drag γ", 1.2, 1.3)]).unwrap_err().to_string();
        assert!(e.contains("drag γ") && e.contains("1.2"), "{e}");
    }
}
