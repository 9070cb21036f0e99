//! Studies of the strip draw (seed 000 §2, §7): the report files of the sweeps and fits
//! ([`report`]) and the fidelity of a sweep against seed 000 §2.1 ([`fidelity`]); the bar,
//! the sweeps and the fit they report are in [`crate::strip_draw`].

pub mod fidelity;
pub mod report;
