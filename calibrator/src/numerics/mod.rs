//! Small numerical kernels shared by the physics folders (one copy of each).

pub mod dense;
