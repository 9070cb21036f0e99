//! Benchmarks of the core kernels (placeholder until its issue lands).

fn main() {}
