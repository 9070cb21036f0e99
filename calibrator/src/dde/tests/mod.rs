//! Tests of `dde/`, one file per topic.

mod cohesive;
mod dynamics;
mod fracture;
mod hertz;
mod incline;
mod joint;
mod remesh;
mod remesh_exact;
mod wear;
