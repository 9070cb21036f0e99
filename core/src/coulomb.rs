//! Elastic–perfectly-plastic Coulomb law with residual slip (seed 000 Eq. 4–5).
