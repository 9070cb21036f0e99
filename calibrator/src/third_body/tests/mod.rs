//! Tests of `third_body/`, one file per topic.

mod cell;
mod physical;
mod walls;
