//! Periodic self-affine rough surfaces, import of measured height maps, PSD and statistics (seed 000 §6.1).
