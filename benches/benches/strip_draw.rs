//! Benchmarks of the strip_draw kernels (placeholder until its issue lands).

fn main() {}
