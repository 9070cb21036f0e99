//! Benchmarks of the random_field kernels (placeholder until its issue lands).

fn main() {}
