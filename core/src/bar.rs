//! 1D elastic strip-draw bar, explicit central difference (seed 000 Eq. 2, 29–32, App. B).
