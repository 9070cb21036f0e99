//! Benchmarks of the bem kernels (placeholder until its issue lands).

fn main() {}
