//! Tests of the calibration pipeline that need no physics run.

mod errors;
