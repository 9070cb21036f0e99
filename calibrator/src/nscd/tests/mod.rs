//! Tests of `nscd/`, one file per topic.

mod cohesion;
mod impact;
mod incline;
mod order;
