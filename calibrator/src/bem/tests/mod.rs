//! Tests of `bem/`, one file per topic.

mod kappa;
mod saturated;
mod stall;
mod warm;
mod westergaard;
