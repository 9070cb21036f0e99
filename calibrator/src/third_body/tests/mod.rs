//! Tests of `third_body/`, one file per topic.

mod cell;
mod thermal_constants;
mod walls;
