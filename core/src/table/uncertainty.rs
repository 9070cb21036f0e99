//! The uncertainty section (format 4, [`super::list::TAG_UNCERTAINTY`]): a **systematic**
//! interval of each α sample and of β_thres next to their statistical 95 % interval, the
//! budget of systematic terms behind it, the dominant term and the rule that combines them.
//!
//! The statistical interval of α (cluster bootstrap over surface pairs) is its precision at
//! fixed model choices; it is not the accuracy of α. Model choices a user cannot pin down
//! (drag γ of the lubricant, the flake size distribution, the penalty-stiffness rule, the
//! resolution) move α by more. Each such choice is a [`SystematicTerm`]: the ratio of α at the
//! ends of the choice's admissible range to α at the preset's choice, `[ratio_lo, ratio_hi]`
//! with ratio_lo ≤ 1 ≤ ratio_hi.
//!
//! **Combination rule** ([`CombinationRule::LnQuadrature`]): in ln α, the lower and the upper
//! half-widths of independent terms add in quadrature,
//! w_lo = √Σ ln²(ratio_lo,i), w_hi = √Σ ln²(ratio_hi,i), and the systematic interval is
//! [α·e^(−w_lo), α·e^(w_hi)]. The **total** interval combines the statistical and the systematic
//! one the same way ([`combine_ln_quadrature`]). The **dominant** term is the one with the
//! largest ln half-width max(−ln ratio_lo, ln ratio_hi) ([`dominant_term`]). β_thres =
//! κ/(α·h'_rms) (seed 000 Eq. 24) falls with α, so its systematic interval is α's inverted:
//! [κ/(α_hi·h'_rms), κ/(α_lo·h'_rms)].
//!
//! The law never reads this section: μ is evaluated from α's samples and law alone, so a
//! table with or without it gives the same μ. Tables of formats 1–3 decode with none.
//!
//! Logarithms and exponentials here use libm directly (off the hot path, like `erf`), so the
//! intervals are the same under either math backend.

use heapless::{String, Vec};
use serde::{Deserialize, Serialize};

use super::gate::fields::positive;
use super::{BetaThresRule, Table};
use crate::alpha::ALPHA_SAMPLES;
use crate::error::Error;

/// Capacity of the systematic budget \[terms\].
pub const SYSTEMATIC_TERMS: usize = 8;
/// Capacity of a term's name \[bytes of UTF-8\] (e.g. `"drag γ (forming oil 20–80 °C)"`).
pub const TERM_NAME_CAPACITY: usize = 40;

/// How the terms and the statistical interval are combined. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombinationRule {
    /// Lower and upper half-widths in ln α of independent terms add in quadrature (module doc).
    LnQuadrature,
}

impl CombinationRule {
    /// A one-line statement of the rule, for reports and headers.
    pub fn describe(self) -> &'static str {
        match self {
            CombinationRule::LnQuadrature => {
                "independent terms: lower and upper half-widths in ln(alpha) add in quadrature"
            }
        }
    }
}

/// One term of the systematic budget: α at the ends of a model choice's admissible range over
/// α at the preset's choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SystematicTerm {
    /// What varies, e.g. `"drag γ (forming oil 20–80 °C)"`.
    pub name: String<TERM_NAME_CAPACITY>,
    /// `[ratio_lo, ratio_hi]`, 0 < ratio_lo ≤ 1 ≤ ratio_hi < ∞ \[-\].
    pub ratio: [f32; 2],
}

impl SystematicTerm {
    /// A term; the name is cut at [`TERM_NAME_CAPACITY`] on a character boundary.
    pub fn new(name: &str, ratio_lo: f32, ratio_hi: f32) -> Self {
        let mut text = String::new();
        for c in name.chars() {
            if text.push(c).is_err() {
                break;
            }
        }
        Self {
            name: text,
            ratio: [ratio_lo, ratio_hi],
        }
    }

    /// Whether 0 < ratio_lo ≤ 1 ≤ ratio_hi < ∞ and the name is not blank.
    pub fn is_valid(&self) -> bool {
        let [lo, hi] = self.ratio;
        positive(lo) && lo <= 1.0 && 1.0 <= hi && hi.is_finite() && !self.name.trim().is_empty()
    }

    /// The term's larger ln half-width max(−ln ratio_lo, ln ratio_hi) \[-\].
    pub fn ln_half_width(&self) -> f32 {
        let [lo, hi] = self.ratio;
        (-libm::logf(lo)).max(libm::logf(hi))
    }
}

/// The ln half-widths `[ln(value/lo), ln(hi/value)]` of an interval around `value > 0`; +∞ for
/// an end at 0 or at +∞.
pub fn ln_half_widths(value: f32, interval: [f32; 2]) -> [f32; 2] {
    let [lo, hi] = interval;
    let lower = if lo > 0.0 {
        libm::logf(value / lo)
    } else {
        f32::INFINITY
    };
    let upper = if hi.is_finite() {
        libm::logf(hi / value)
    } else {
        f32::INFINITY
    };
    [lower.max(0.0), upper.max(0.0)]
}

/// The interval around `value` whose ln half-widths are the quadrature sums of those of `a`
/// and `b` ([`CombinationRule::LnQuadrature`]): `[value·e^(−√(a_lo² + b_lo²)),
/// value·e^(√(a_hi² + b_hi²))]`. An end at 0 or +∞ stays there. For a `value` that is not
/// finite and > 0 (no ln space), the hull of `a` and `b`.
pub fn combine_ln_quadrature(value: f32, a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    if !positive(value) {
        return [a[0].min(b[0]), a[1].max(b[1])];
    }
    let [a_lo, a_hi] = ln_half_widths(value, a);
    let [b_lo, b_hi] = ln_half_widths(value, b);
    let w_lo = libm::hypotf(a_lo, b_lo);
    let w_hi = libm::hypotf(a_hi, b_hi);
    [value * libm::expf(-w_lo), value * libm::expf(w_hi)]
}

/// The systematic ratio interval of a budget, `[e^(−w_lo), e^(w_hi)]` with the quadrature sums
/// of the terms' ln half-widths (module doc); `[1, 1]` for no term.
pub fn budget_ratio(terms: &[SystematicTerm]) -> [f32; 2] {
    terms.iter().fold([1.0, 1.0], |acc, t| {
        combine_ln_quadrature(1.0, acc, t.ratio)
    })
}

/// Index of the term with the largest ln half-width (the first of equals); `None` for none.
pub fn dominant_term(terms: &[SystematicTerm]) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for (i, t) in terms.iter().enumerate() {
        let w = t.ln_half_width();
        if best.is_none_or(|(_, b)| w > b) {
            best = Some((i, w));
        }
    }
    best.map(|(i, _)| i)
}

/// Systematic intervals of the α samples and of β_thres at them, with the budget behind them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UncertaintySection {
    /// How terms and intervals combine.
    pub rule: CombinationRule,
    /// The systematic budget (at least one term).
    pub terms: Vec<SystematicTerm, SYSTEMATIC_TERMS>,
    /// Index in `terms` of the dominant term ([`dominant_term`]).
    pub dominant: u8,
    /// Lower ends of α's systematic intervals, one per α sample \[-\].
    pub alpha_sys_lo: Vec<f32, ALPHA_SAMPLES>,
    /// Upper ends of α's systematic intervals \[-\].
    pub alpha_sys_hi: Vec<f32, ALPHA_SAMPLES>,
    /// Lower ends of β_thres's systematic intervals (from α's upper ends) \[-\].
    pub beta_thres_sys_lo: Vec<f32, ALPHA_SAMPLES>,
    /// Upper ends of β_thres's systematic intervals (from α's lower ends) \[-\].
    pub beta_thres_sys_hi: Vec<f32, ALPHA_SAMPLES>,
}

impl UncertaintySection {
    /// The dominant term.
    pub fn dominant_term(&self) -> Option<&SystematicTerm> {
        self.terms.get(usize::from(self.dominant))
    }
}

/// A value with its statistical 95 % interval, its systematic interval (when the table has
/// one) and the total by the table's rule (the statistical one when there is no systematic).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Uncertain {
    /// The value.
    pub value: f32,
    /// Statistical 95 % interval (precision at fixed model choices).
    pub statistical: [f32; 2],
    /// Systematic interval over the budget's admissible model choices.
    pub systematic: Option<[f32; 2]>,
    /// Statistical and systematic combined ([`combine_ln_quadrature`]).
    pub total: [f32; 2],
}

impl Uncertain {
    fn new(value: f32, statistical: [f32; 2], systematic: Option<[f32; 2]>) -> Self {
        let total = match systematic {
            Some(s) => combine_ln_quadrature(value, statistical, s),
            None => statistical,
        };
        Self {
            value,
            statistical,
            systematic,
            total,
        }
    }
}

impl Table {
    /// α at sample `i` with its intervals; `None` past the samples.
    pub fn alpha_uncertainty(&self, i: usize) -> Option<Uncertain> {
        let c = &self.alpha.curve;
        let stat = [*c.ci95_lo.get(i)?, *c.ci95_hi.get(i)?];
        let sys = self
            .uncertainty
            .as_ref()
            .and_then(|u| Some([*u.alpha_sys_lo.get(i)?, *u.alpha_sys_hi.get(i)?]));
        Some(Uncertain::new(*c.alpha.get(i)?, stat, sys))
    }

    /// β_thres at α sample `i` with its intervals; `None` past the samples.
    pub fn beta_thres_uncertainty(&self, i: usize) -> Option<Uncertain> {
        let b = &self.beta_thres;
        let stat = [*b.ci95_lo.get(i)?, *b.ci95_hi.get(i)?];
        let sys = self
            .uncertainty
            .as_ref()
            .and_then(|u| Some([*u.beta_thres_sys_lo.get(i)?, *u.beta_thres_sys_hi.get(i)?]));
        Some(Uncertain::new(*b.at_alpha_samples.get(i)?, stat, sys))
    }

    /// The dominant systematic term, when the table has a budget.
    pub fn dominant_systematic(&self) -> Option<&SystematicTerm> {
        self.uncertainty.as_ref()?.dominant_term()
    }

    /// Sets the uncertainty section from a budget: α's systematic interval at each sample is
    /// α·[`budget_ratio`], β_thres's the inverted one by its rule (Eq. 24), the dominant term by
    /// [`dominant_term`]. Call after the α samples and [`Table::fill_beta_thres_samples`].
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] when there is no term, more than [`SYSTEMATIC_TERMS`], a term is
    /// not valid ([`SystematicTerm::is_valid`]), or an interval end is not finite and > 0.
    pub fn fill_uncertainty(&mut self, terms: &[SystematicTerm]) -> Result<(), Error> {
        let bad = Error::InvalidTable;
        if !terms.iter().all(SystematicTerm::is_valid) {
            return Err(bad);
        }
        let dominant = dominant_term(terms).ok_or(bad)?;
        let [r_lo, r_hi] = budget_ratio(terms);
        let BetaThresRule::ContactAreaBound = self.beta_thres.rule;
        let rule = |alpha: f32| self.law.kappa / (alpha * self.law.slope_rms);
        let mut s = UncertaintySection {
            rule: CombinationRule::LnQuadrature,
            terms: Vec::from_slice(terms).map_err(|_| bad)?,
            dominant: u8::try_from(dominant).map_err(|_| bad)?,
            alpha_sys_lo: Vec::new(),
            alpha_sys_hi: Vec::new(),
            beta_thres_sys_lo: Vec::new(),
            beta_thres_sys_hi: Vec::new(),
        };
        for &a in &self.alpha.curve.alpha {
            let (lo, hi) = (a * r_lo, a * r_hi);
            let (b_lo, b_hi) = (rule(hi), rule(lo));
            if ![lo, hi, b_lo, b_hi].into_iter().all(positive) {
                return Err(bad);
            }
            s.alpha_sys_lo.push(lo).map_err(|_| bad)?;
            s.alpha_sys_hi.push(hi).map_err(|_| bad)?;
            s.beta_thres_sys_lo.push(b_lo).map_err(|_| bad)?;
            s.beta_thres_sys_hi.push(b_hi).map_err(|_| bad)?;
        }
        self.uncertainty = Some(s);
        Ok(())
    }

    /// Checks the uncertainty section against the α samples and β_thres: a non-empty budget
    /// of valid terms, the dominant index inside it, one interval per sample, every end finite
    /// and > 0 and bracketing its value, β_thres's ends those of Eq. 24 at α's swapped ends
    /// (within [`super::gate::fields::BETA_THRES_REL_TOL`]).
    pub(crate) fn validate_uncertainty(&self) -> Result<(), Error> {
        let Some(u) = &self.uncertainty else {
            return Ok(());
        };
        let check = |ok: bool| if ok { Ok(()) } else { Err(Error::InvalidTable) };
        check(
            !u.terms.is_empty()
                && u.terms.iter().all(SystematicTerm::is_valid)
                && usize::from(u.dominant) < u.terms.len(),
        )?;
        let c = &self.alpha.curve;
        let n = c.alpha.len();
        check(
            u.alpha_sys_lo.len() == n
                && u.alpha_sys_hi.len() == n
                && u.beta_thres_sys_lo.len() == n
                && u.beta_thres_sys_hi.len() == n
                && self.beta_thres.at_alpha_samples.len() == n,
        )?;
        let BetaThresRule::ContactAreaBound = self.beta_thres.rule;
        let rule = |alpha: f32| self.law.kappa / (alpha * self.law.slope_rms);
        let tol = super::gate::fields::BETA_THRES_REL_TOL;
        let close = |stored: f32, exact: f32| (stored - exact).abs() <= tol * exact;
        let brackets =
            |lo: f32, v: f32, hi: f32| positive(lo) && lo <= v && v <= hi && positive(hi);
        for i in 0..n {
            let at = |v: &Vec<f32, ALPHA_SAMPLES>| v.get(i).copied().unwrap_or(f32::NAN);
            let (a, a_lo, a_hi) = (at(&c.alpha), at(&u.alpha_sys_lo), at(&u.alpha_sys_hi));
            let (b, b_lo, b_hi) = (
                at(&self.beta_thres.at_alpha_samples),
                at(&u.beta_thres_sys_lo),
                at(&u.beta_thres_sys_hi),
            );
            check(brackets(a_lo, a, a_hi) && brackets(b_lo, b, b_hi))?;
            check(close(b_lo, rule(a_hi)) && close(b_hi, rule(a_lo)))?;
        }
        Ok(())
    }
}
