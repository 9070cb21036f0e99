//! Lognormal random fields of the friction coefficient, force/torque CVs and thresholds (seed 004).
