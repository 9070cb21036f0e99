//! β-transport of third-body particles along a 1D node line (seed 000 Eq. 12–14, App. C).
