//! FFT half-space contact: influence kernel, Polonsky–Keer CG, plastic saturation, clusters (seed 000 §5 Steps 2–3, App. D–F).
