//! Elastic and fracture constants of a brittle material (seed 001 §4: zirconia).

/// An isotropic brittle material in plane strain (per unit depth).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BrittleSolid {
    /// Young's modulus E \[Pa\].
    pub young: f64,
    /// Poisson's ratio ν [-].
    pub poisson: f64,
    /// Density ρ [kg/m³].
    pub density: f64,
    /// Fracture toughness K_Ic [Pa·√m].
    pub k_ic: f64,
}

/// The Lamé constants λ, μ \[Pa\] of Eq. 11 and 15.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lame {
    /// First Lamé constant λ \[Pa\].
    pub lambda: f64,
    /// Shear modulus μ \[Pa\].
    pub mu: f64,
}

impl BrittleSolid {
    /// Seed 001 §4: zirconia, E = 200 GPa, ν = 0.3, K_Ic = 13 MPa·√m, ρ = 6 g/cm³.
    pub const ZIRCONIA: BrittleSolid = BrittleSolid {
        young: 200e9,
        poisson: 0.3,
        density: 6000.0,
        k_ic: 13e6,
    };

    /// Lamé constants of the 3D material; used in the 2D SVK law they give plane strain.
    pub fn lame(&self) -> Lame {
        let (e, nu) = (self.young, self.poisson);
        Lame {
            lambda: e * nu / ((1.0 + nu) * (1.0 - 2.0 * nu)),
            mu: e / (2.0 * (1.0 + nu)),
        }
    }

    /// Plane-strain P-wave speed √((λ + 2μ)/ρ) [m/s].
    pub fn p_wave_speed(&self) -> f64 {
        let l = self.lame();
        ((l.lambda + 2.0 * l.mu) / self.density).sqrt()
    }

    /// S-wave speed √(μ/ρ) [m/s].
    pub fn s_wave_speed(&self) -> f64 {
        (self.lame().mu / self.density).sqrt()
    }

    /// Plane-strain modulus E* = E/(1 − ν²) \[Pa\] (Hertz line contact of two equal bodies uses
    /// E*/2).
    pub fn plane_strain_modulus(&self) -> f64 {
        self.young / (1.0 - self.poisson * self.poisson)
    }

    /// Critical energy release rate G_c = K_Ic²(1 − ν²)/E [J/m²] (769 J/m² for zirconia).
    pub fn fracture_energy(&self) -> f64 {
        self.k_ic * self.k_ic / self.plane_strain_modulus()
    }

    /// Eq. 16: fracture threshold σ_ft = K_Ic/√(πa) \[Pa\] for a flaw half-size `a` \[m\].
    pub fn fracture_threshold(&self, a: f64) -> f64 {
        self.k_ic / (std::f64::consts::PI * a).sqrt()
    }
}
