//! Benchmarks of the asperity kernels (placeholder until its issue lands).

fn main() {}
