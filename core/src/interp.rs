//! Interpolation of sampled curves (linear, monotone cubic) with documented out-of-range policy.
