//! The thermal constants of the studies: the **scaled** default ([`super::study`]) or a
//! physical material, sapphire (issue 15 item 5).
//!
//! **What the seed gives.** Nothing numeric: its nomenclature lists k_th, c, ρ and E* and its
//! Eq. 6–7, 13 and 16 use them, but no value is printed for the §5 shear cells. The material is
//! therefore a choice: **single-crystal sapphire (Al₂O₃)**, because (a) the seed backs its heat
//! source with the sapphire/steel sliding experiment of its ref. \[6\], and (b) its density,
//! 3980 kg/m³, is the study's 4000 kg/m³ to 0.5 %, so the option changes the thermal constants
//! and leaves the mechanics (and the inertial number) exactly as they are. Values (vendor
//! property tables of sapphire; check against a handbook before quoting them as exact):
//!
//! * k = 12.56 W/(m·K), tabulated at 400 °C (673 K; 46.06 at 0 °C, 25.12 at 100 °C): the
//!   tabulated temperature nearest below Eq. 17's 790–810 K window (a 1/T trend would give
//!   ≈ 10.6 at 800 K, 16 % less: immaterial next to the five decades separating the two sets);
//! * c = 1000 J/(kg·K): the molar heat capacity 18.63 cal/(mol·K) at 20 °C and 29.86 at
//!   1000 °C (764 and 1225 J/(kg·K) with M = 0.10196 kg/mol), interpolated linearly to 800 K;
//! * E = 345 GPa, ν = 0.25 (used only by the conductance's contact width, Eq. 6–7 and the
//!   strip law).
//!
//! **The scale it implies** (tested in `tests/thermal_constants.rs`): two equal 1 µm disks pressed by the
//! cell's mean contact force P·d exchange heat with the time constant τ = C/(2H) ≈ 2.8 µs
//! ≈ 350 steps of the study's h = 8 ns, and 400 disks dissipating μFV ≈ 4 W/m warm by
//! ≈ 6e-6 K per step even if no heat left them: a 10 000-step run (≈ 80 µs) heats the layer by
//! ≲ 0.1 K, so at the seed's loading, size and simulated time Eq. 17's transition (≥ 90 K above
//! 700 K) cannot be reached with physical constants. That is why the studies scale c and k
//! (ρc 5·10⁵ times smaller, diffusivity 1200 times larger than sapphire's): with them
//! τ ≈ 2.3 ns is below one step, so the θ = ½ scheme's factor per step for a contact pair,
//! (1 − λh/2)/(1 + λh/2) = −0.27, is negative (pair temperature differences alternate in sign
//! while they decay) — accurate for the layer's slow modes, not for the fastest pair modes.

use crate::thermal::{ConductanceModel, ThermalMaterial, WallSlab};

use super::physchem::SurfaceEnergyLaw;
use super::shear_cell::CellParams;
use super::study::{default_material, default_wall_slab};
use super::thermo_cell::{ThermalSetup, WallModel};

/// Which thermal constants a heated run uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ThermalConstants {
    /// The studies' scaled constants (not a material; module doc and [`super::study`]).
    #[default]
    Scaled,
    /// Single-crystal sapphire (module doc).
    Sapphire,
}

/// Sapphire's thermal conductivity near Eq. 17's window (W/(m·K); module doc).
pub const SAPPHIRE_CONDUCTIVITY: f64 = 12.56;
/// Sapphire's specific heat near 800 K (J/(kg·K); module doc).
pub const SAPPHIRE_SPECIFIC_HEAT: f64 = 1000.0;
/// Sapphire's density (kg/m³), for reference: the cell keeps its 4000 kg/m³ (module doc).
pub const SAPPHIRE_DENSITY: f64 = 3980.0;

impl ThermalConstants {
    /// The particles' material.
    pub fn material(self) -> ThermalMaterial {
        match self {
            Self::Scaled => default_material(),
            Self::Sapphire => ThermalMaterial {
                conductivity: SAPPHIRE_CONDUCTIVITY,
                young: 345e9,
                poisson: 0.25,
                specific_heat: SAPPHIRE_SPECIFIC_HEAT,
            },
        }
    }

    /// The walls' Eq. 16 slab: the particles' material at the cell's density, the default
    /// layering (first layer one wall-disk diameter, ×1.5, 4 mm; sapphire's diffusion length
    /// √(αt) over a 100 µs run is 20 µm, far inside the slab).
    pub fn wall_slab(self, cell: &CellParams) -> WallSlab {
        let m = self.material();
        WallSlab {
            conductivity: m.conductivity,
            density: cell.density,
            specific_heat: m.specific_heat,
            ..default_wall_slab()
        }
    }

    /// The heated runs' setup (Eq. 17's η(T), Eq. 16 walls, the strip conductance) starting at
    /// `temperature` (K).
    pub fn heating_setup(self, cell: &CellParams, temperature: f64) -> ThermalSetup {
        ThermalSetup {
            material: self.material(),
            model: ConductanceModel::Strip2D,
            temperature,
            surface_energy: Some(SurfaceEnergyLaw::SEED_EQ17),
            walls: WallModel::HeatEquation(self.wall_slab(cell)),
        }
    }

    /// Label for logs and CSV names.
    pub fn label(self) -> &'static str {
        match self {
            Self::Scaled => "scaled",
            Self::Sapphire => "sapphire",
        }
    }
}
