//! Physico-chemistry of the interface, seed 002 §4: surface energy versus temperature (Eq. 15,
//! with §5.3's instance Eq. 17) and the cohesion it gives (Eq. 14).
//!
//! **What Eq. 14 becomes here.** As printed, γ = 2η_iη_j/(η_ir_j + η_jr_i) has units
//! (J/m²)/m = N/m², not a force. For equal particles it reduces to η/r, and §5.3 identifies the
//! cohesion with the surface energy numerically ("the cohesion varies from 0.125 to 0.025" as η
//! does). So the force per unit depth of the 2D law is Eq. 14 times the mean radius r̄,
//! γ_ij = r̄·2η_iη_j/(η_ir_j + η_jr_i) (N/m), which keeps Eq. 14's properties (harmonic in η,
//! zero when one surface energy is zero, weaker for larger particles) and gives γ = η for equal
//! radii, the seed's §5.3 reading.

/// Eq. 15: η(T) = η_ini + η_var·tanh((T_tr − T)/T_var).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurfaceEnergyLaw {
    /// Mean surface energy η_ini (J/m²).
    pub eta_ini: f64,
    /// Magnitude of the variation η_var (J/m²; negative for a rising law).
    pub eta_var: f64,
    /// Transition temperature T_tr (K).
    pub t_transition: f64,
    /// Width of the transition T_var (K).
    pub t_width: f64,
}

impl SurfaceEnergyLaw {
    /// Eq. 17 of §5.3: η = 0.075 + 0.05·tanh((800 − T)/10).
    pub const SEED_EQ17: Self = Self {
        eta_ini: 0.075,
        eta_var: 0.05,
        t_transition: 800.0,
        t_width: 10.0,
    };

    /// A temperature-independent surface energy η.
    pub fn constant(eta: f64) -> Self {
        Self {
            eta_ini: eta,
            eta_var: 0.0,
            t_transition: 0.0,
            t_width: 1.0,
        }
    }

    /// η at temperature `t` (K).
    pub fn eta(&self, t: f64) -> f64 {
        self.eta_ini + self.eta_var * ((self.t_transition - t) / self.t_width).tanh()
    }
}

/// Eq. 14 scaled to a force per unit depth (module doc): γ_ij = r̄·2η_iη_j/(η_ir_j + η_jr_i).
pub fn cohesion(eta_i: f64, r_i: f64, eta_j: f64, r_j: f64, r_mean: f64) -> f64 {
    let den = eta_i * r_j + eta_j * r_i;
    if den <= 0.0 {
        0.0
    } else {
        r_mean * 2.0 * eta_i * eta_j / den
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eq17_plateaus_and_midpoint() {
        let law = SurfaceEnergyLaw::SEED_EQ17;
        // The seed: 0.125 below 790, 0.025 above 810; tanh(1) leaves 2.4 % of η_var at ±10 K.
        assert!((law.eta(700.0) - 0.125).abs() < 1e-9);
        assert!((law.eta(900.0) - 0.025).abs() < 1e-9);
        assert!((law.eta(800.0) - 0.075).abs() < 1e-15);
        assert!((law.eta(790.0) - (0.075 + 0.05 * 1f64.tanh())).abs() < 1e-15);
    }

    #[test]
    fn eq14_properties() {
        // Equal particles: γ = η (the §5.3 identification).
        assert!((cohesion(0.1, 1e-6, 0.1, 1e-6, 1e-6) - 0.1).abs() < 1e-15);
        // Vanishes with one surface energy; symmetric; falls for larger particles.
        assert_eq!(cohesion(0.0, 1e-6, 0.1, 1.2e-6, 1e-6), 0.0);
        let (a, b) = (
            cohesion(0.1, 0.8e-6, 0.05, 1.2e-6, 1e-6),
            cohesion(0.05, 1.2e-6, 0.1, 0.8e-6, 1e-6),
        );
        assert!((a - b).abs() < 1e-15);
        assert!(cohesion(0.1, 2e-6, 0.1, 2e-6, 1e-6) < cohesion(0.1, 1e-6, 0.1, 1e-6, 1e-6));
        // The NSCD system's per-body form g_i = r̄η_i/r_i combined harmonically is Eq. 14.
        let g = |eta: f64, r: f64| 1e-6 * eta / r;
        let via_system = crate::nscd::system::harmonic_cohesion(g(0.1, 0.8e-6), g(0.05, 1.2e-6));
        assert!((via_system - a).abs() <= 1e-15 * a);
    }
}
