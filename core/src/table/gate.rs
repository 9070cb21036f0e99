//! **The gate: is this table physical?** One question, asked by [`crate::table::Table::validate`]
//! on every table decoded or about to be encoded, in this order:
//!
//! 1. `fields`: every field well formed — finite, signs and ranges as the physics demands,
//!    vector lengths consistent, β_thres samples and the systematic intervals consistent with
//!    Eq. 24 ([`crate::Error::InvalidTable`]);
//! 2. [`bounds`]: every stored quantity within the documented bound of any material pair (E*,
//!    τ0, H, κ, h'_rms, …; [`crate::Error::InvalidTable`]);
//! 3. [`law`]: the friction law as a whole over the table's own domain — μ0 and μ(v, β)
//!    within their bounds ([`crate::Error::ImplausibleLaw`]);
//! 4. [`reason`]: why, when 2 or 3 refuse ([`crate::table::Table::plausibility`] names the
//!    quantity, its value and its bound).
//!
//! Before issue 44 these were four sibling modules of `table` (`validate`, `plausible`,
//! `law_gate`, `implausibility`); the old public paths stay as aliases
//! ([`crate::table::plausible`], [`crate::table::law_gate`], [`crate::table::implausibility`]).

pub mod bounds;
pub(crate) mod fields;
pub mod law;
pub mod reason;

pub use fields::BETA_THRES_REL_TOL;
