//! Benchmarks of the dem kernels (placeholder until its issue lands).

fn main() {}
