//! A validation rule as data: a finite real within (open or closed) bounds, or a whole count
//! within bounds. The same rule object checks a value whichever command, flag or config key
//! carries it (see [`super::rules`]), and renders itself in the error message.

use std::fmt;

use super::error::ConfigError;

/// One end of a real interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// No bound on this side (the value must still be finite).
    Unbounded,
    /// The end is excluded: `(x` or `x)`.
    Open(f64),
    /// The end is included: `[x` or `x]`.
    Closed(f64),
}

/// What a value must satisfy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    /// A finite real between `lo` and `hi`.
    Real {
        /// Lower end.
        lo: Bound,
        /// Upper end.
        hi: Bound,
    },
    /// A whole number in `min..=max`.
    Count {
        /// Smallest allowed.
        min: u64,
        /// Largest allowed.
        max: u64,
    },
}

impl Rule {
    /// Finite and > 0.
    pub const POSITIVE: Rule = Rule::Real {
        lo: Bound::Open(0.0),
        hi: Bound::Unbounded,
    };
    /// Finite and ≥ 0.
    pub const NON_NEGATIVE: Rule = Rule::Real {
        lo: Bound::Closed(0.0),
        hi: Bound::Unbounded,
    };
    /// Finite.
    pub const FINITE: Rule = Rule::Real {
        lo: Bound::Unbounded,
        hi: Bound::Unbounded,
    };
    /// In the open interval (0, 1).
    pub const OPEN_UNIT: Rule = Rule::Real {
        lo: Bound::Open(0.0),
        hi: Bound::Open(1.0),
    };
    /// In the closed interval \[0, 1\].
    pub const CLOSED_UNIT: Rule = Rule::Real {
        lo: Bound::Closed(0.0),
        hi: Bound::Closed(1.0),
    };

    /// A count of at least `min` (and at most `max`).
    pub const fn count(min: u64, max: u64) -> Rule {
        Rule::Count { min, max }
    }

    /// A real in `[lo, hi]`.
    pub const fn closed(lo: f64, hi: f64) -> Rule {
        Rule::Real {
            lo: Bound::Closed(lo),
            hi: Bound::Closed(hi),
        }
    }

    /// Whether the real `x` satisfies the rule (a count rule takes whole numbers only).
    pub fn admits(&self, x: f64) -> bool {
        match *self {
            Rule::Real { lo, hi } => {
                let above = match lo {
                    Bound::Unbounded => true,
                    Bound::Open(l) => x > l,
                    Bound::Closed(l) => x >= l,
                };
                let below = match hi {
                    Bound::Unbounded => true,
                    Bound::Open(h) => x < h,
                    Bound::Closed(h) => x <= h,
                };
                x.is_finite() && above && below
            }
            Rule::Count { min, max } => {
                x.is_finite() && x.fract() == 0.0 && (min as f64..=max as f64).contains(&x)
            }
        }
    }

    /// Whether the count `n` satisfies the rule (a real rule checks it as a real).
    pub fn admits_count(&self, n: u64) -> bool {
        match *self {
            Rule::Count { min, max } => (min..=max).contains(&n),
            Rule::Real { .. } => self.admits(n as f64),
        }
    }

    /// Checks the real `value` of `key` (a config key or a `--flag`).
    ///
    /// # Errors
    ///
    /// [`ConfigError::OutOfRange`] naming `key`, the value and the rule when `value` is outside the
    /// rule (NaN and ±∞ always are).
    pub fn check(&self, key: &str, value: f64) -> Result<(), ConfigError> {
        if self.admits(value) {
            Ok(())
        } else {
            Err(ConfigError::OutOfRange {
                key: key.to_owned(),
                value: show(value),
                rule: *self,
            })
        }
    }

    /// Checks the count `value` of `key`.
    ///
    /// # Errors
    ///
    /// [`ConfigError::OutOfRange`] naming `key`, the value and the rule when `value` is outside the
    /// rule.
    pub fn check_count(&self, key: &str, value: u64) -> Result<(), ConfigError> {
        if self.admits_count(value) {
            Ok(())
        } else {
            Err(ConfigError::OutOfRange {
                key: key.to_owned(),
                value: value.to_string(),
                rule: *self,
            })
        }
    }

    /// Checks every element of the list `values` of `key`, which must not be empty.
    ///
    /// # Errors
    ///
    /// [`ConfigError::Empty`] for an empty list; [`ConfigError::Element`] naming `key`, the index
    /// and the value of the first element outside the rule.
    pub fn check_each(&self, key: &str, values: &[f64]) -> Result<(), ConfigError> {
        if values.is_empty() {
            return Err(ConfigError::Empty {
                key: key.to_owned(),
            });
        }
        match values.iter().enumerate().find(|(_, x)| !self.admits(**x)) {
            Some((index, x)) => Err(ConfigError::Element {
                key: key.to_owned(),
                index,
                value: show(*x),
                rule: *self,
            }),
            None => Ok(()),
        }
    }
}

/// A value as the user would write it: plain (`1.5`, `-1`, `1000000000000`) unless that is
/// longer than 16 characters (`1e300`, not three hundred digits).
pub fn show(x: f64) -> String {
    let plain = x.to_string();
    if plain.len() > 16 {
        format!("{x:e}")
    } else {
        plain
    }
}

/// A value rounded to six significant digits for a message (`1e-4`, not the
/// `0.00009999999999999999` that `100um` is in f64); non-finite values as [`show`].
pub fn approx(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return show(x);
    }
    let s = format!("{x:.5e}");
    let Some((m, e)) = s.split_once('e') else {
        return s;
    };
    let m = if m.contains('.') {
        m.trim_end_matches('0').trim_end_matches('.')
    } else {
        m
    };
    match e.parse::<i32>() {
        Ok(0) => m.to_owned(),
        _ => format!("{m}e{e}"),
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Rule::Real {
                lo: Bound::Unbounded,
                hi: Bound::Unbounded,
            } => write!(f, "finite"),
            Rule::Real {
                lo: Bound::Open(l),
                hi: Bound::Unbounded,
            } => write!(f, "finite and > {l}"),
            Rule::Real {
                lo: Bound::Closed(l),
                hi: Bound::Unbounded,
            } => write!(f, "finite and ≥ {l}"),
            Rule::Real {
                lo: Bound::Unbounded,
                hi: Bound::Open(h),
            } => write!(f, "finite and < {h}"),
            Rule::Real {
                lo: Bound::Unbounded,
                hi: Bound::Closed(h),
            } => write!(f, "finite and ≤ {h}"),
            Rule::Real { lo, hi } => {
                let (lb, l) = match lo {
                    Bound::Open(l) => ('(', l),
                    Bound::Closed(l) => ('[', l),
                    Bound::Unbounded => ('(', f64::NEG_INFINITY),
                };
                let (hb, h) = match hi {
                    Bound::Open(h) => (')', h),
                    Bound::Closed(h) => (']', h),
                    Bound::Unbounded => (')', f64::INFINITY),
                };
                write!(f, "in {lb}{l}, {h}{hb}")
            }
            Rule::Count { min, max: u64::MAX } => write!(f, "a whole number ≥ {min}"),
            Rule::Count { min, max } => write!(f, "a whole number in {min}..={max}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_open_or_closed_as_declared() {
        assert!(!Rule::OPEN_UNIT.admits(0.0) && !Rule::OPEN_UNIT.admits(1.0));
        assert!(Rule::OPEN_UNIT.admits(0.5));
        assert!(Rule::CLOSED_UNIT.admits(0.0) && Rule::CLOSED_UNIT.admits(1.0));
        assert!(!Rule::POSITIVE.admits(0.0) && Rule::NON_NEGATIVE.admits(0.0));
        for r in [Rule::POSITIVE, Rule::FINITE, Rule::CLOSED_UNIT] {
            assert!(!r.admits(f64::NAN) && !r.admits(f64::INFINITY), "{r}");
        }
        let c = Rule::count(2, 10);
        assert!(c.admits_count(2) && c.admits_count(10) && !c.admits_count(11));
        assert!(!c.admits(2.5) && c.admits(3.0) && !c.admits(1e300));
    }

    #[test]
    fn approximations_round_to_six_digits() {
        assert_eq!(approx(100.0 * 1e-6), "1e-4");
        assert_eq!(approx(2.0), "2");
        assert_eq!(approx(1.5e-300), "1.5e-300");
        assert_eq!(approx(-0.25), "-2.5e-1");
        assert_eq!(approx(f64::NAN), "NaN");
    }

    #[test]
    fn messages_name_key_value_and_rule() {
        let e = Rule::OPEN_UNIT.check("--tolerance", 10.0).unwrap_err();
        assert_eq!(e.to_string(), "--tolerance must be in (0, 1), got 10");
        let e = Rule::POSITIVE.check("x", f64::NAN).unwrap_err();
        assert_eq!(e.to_string(), "x must be finite and > 0, got NaN");
        let e = Rule::count(16, u64::MAX).check_count("surface.grid", 4);
        assert_eq!(
            e.unwrap_err().to_string(),
            "surface.grid must be a whole number ≥ 16, got 4"
        );
        let e = Rule::OPEN_UNIT.check_each("b", &[0.5, 1.5]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "b[1] = 1.5 is out of range: must be in (0, 1)"
        );
    }
}
