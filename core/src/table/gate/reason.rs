//! Why a table is implausible: the quantity, its value, its documented bound and, for the
//! law gate ([`super::law`]), the point of the law's domain where it failed. The core's
//! [`crate::Error`] stays flat ([`crate::Error::InvalidTable`] for a field,
//! [`crate::Error::ImplausibleLaw`] for the law as a whole); this is the reason behind it,
//! for messages ([`crate::table::Table::plausibility`]).

use core::fmt;

/// Which check refused the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Scope {
    /// One stored field outside its own bound ([`super::bounds`]):
    /// [`crate::Error::InvalidTable`].
    Field,
    /// The law as a whole, evaluated over its domain ([`super::law`]):
    /// [`crate::Error::ImplausibleLaw`].
    Law,
}

/// A quantity of the table outside its documented bound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Implausibility {
    /// Which check refused it.
    pub scope: Scope,
    /// The quantity, as the docs name it (e.g. `"μ0 = τ0·κ/(E*·h'_rms)"`).
    pub quantity: &'static str,
    /// Its unit (`"-"` for a dimensionless number).
    pub unit: &'static str,
    /// The value found.
    pub value: f32,
    /// The accepted closed interval `[lo, hi]`.
    pub bounds: (f32, f32),
    /// Where in the law's domain it was evaluated: (v \[m/s\], β \[-\]); `None` for a stored
    /// field.
    pub at: Option<(f32, f32)>,
}

impl Implausibility {
    /// `Ok` when `value` is within `bounds` (NaN never is), otherwise the reason.
    pub(crate) fn check(
        scope: Scope,
        quantity: &'static str,
        unit: &'static str,
        value: f32,
        bounds: (f32, f32),
    ) -> Result<(), Self> {
        if (bounds.0..=bounds.1).contains(&value) {
            Ok(())
        } else {
            Err(Self {
                scope,
                quantity,
                unit,
                value,
                bounds,
                at: None,
            })
        }
    }

    /// The same reason, located at (v, β) of the law's domain.
    pub(crate) fn at(self, v: f32, beta: f32) -> Self {
        Self {
            at: Some((v, beta)),
            ..self
        }
    }

    /// The core error this reason is reported as.
    pub fn error(&self) -> crate::Error {
        match self.scope {
            Scope::Field => crate::Error::InvalidTable,
            Scope::Law => crate::Error::ImplausibleLaw,
        }
    }
}

impl fmt::Display for Implausibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = if self.unit == "-" { "" } else { self.unit };
        write!(
            f,
            "{} = {:e}{sp}{unit} is outside its plausible range [{:e}, {:e}]{sp}{unit}",
            self.quantity,
            self.value,
            self.bounds.0,
            self.bounds.1,
            sp = if unit.is_empty() { "" } else { " " },
        )?;
        if let Some((v, beta)) = self.at {
            write!(f, " at v = {v:e} m/s, β = {beta:e}")?;
        }
        Ok(())
    }
}
