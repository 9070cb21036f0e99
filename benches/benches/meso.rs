//! Benchmarks of the meso kernels (placeholder until its issue lands).

fn main() {}
