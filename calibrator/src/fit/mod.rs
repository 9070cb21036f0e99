//! Fits: α, α(v), β_thres, κ, τ0/ζ (seed 000 Eq. 22–27).
