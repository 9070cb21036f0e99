//! How a table's sections become the physics' parameters. The table is the container on top
//! of the physics, not below it: `transport`, `wear_law` and `bar` know nothing of the table,
//! and this module is the one place that reads sections into them (inherent methods may live
//! in any module of the crate, so the API stays `TransportParams::point_from_table` etc.).

use super::{TransportSection, WearForm, WearSection};
use crate::transport::TransportParams;
use crate::wear_law::WearPressureLaw;

impl WearPressureLaw {
    /// The law of a wear section.
    pub fn from_section(section: &WearSection) -> Self {
        Self {
            p_ref: section.p_ref,
            exponent: section.exponent,
            pressure_range: section.pressure_range,
        }
    }
}

/// The Archard coefficient at p_ref and the pressure law a wear section gives the transport:
/// `Absolute` replaces the transport's K by K0; `ShapeOnly` keeps the transport's K
/// (`scalar_k`, read as K at p_ref) and scales it with the shape. `None`: the scalar K.
pub fn archard_from_section(
    scalar_k: f32,
    section: Option<&WearSection>,
) -> (f32, WearPressureLaw) {
    match section {
        None => (scalar_k, WearPressureLaw::SCALAR),
        Some(s) => {
            let k = match s.form {
                WearForm::Absolute => s.k0,
                WearForm::ShapeOnly => scalar_k,
            };
            (k, WearPressureLaw::from_section(s))
        }
    }
}

impl TransportParams {
    /// These parameters with K(p) from the table's wear section when present (`Absolute`: K0
    /// at p_ref; `ShapeOnly`: this K at p_ref, scaled by the shape), else unchanged.
    pub fn with_wear_section(self, section: Option<&WearSection>) -> Self {
        let (archard_k, k_law) = archard_from_section(self.archard_k, section);
        Self {
            archard_k,
            k_law,
            ..self
        }
    }

    /// The transport of one contact point that knows no neighbours (an FE user friction
    /// routine through `tribo-core-ffi`, `tribo export --draw-lengths`): the section's K, H and
    /// h_p with K(p) of the wear section when present, and no tool drift (ζ = 0: the drift term
    /// of Eq. 14 is a difference between neighbouring nodes, taken as zero for a locally
    /// uniform β). With ζ = 0 the element length enters no result; it is set to 1 m.
    pub fn point_from_table(section: &TransportSection, wear: Option<&WearSection>) -> Self {
        Self {
            archard_k: section.archard_k,
            hardness: section.hardness,
            particle_thickness: section.particle_thickness,
            zeta: 0.0,
            element_length: 1.0,
            k_law: WearPressureLaw::SCALAR,
        }
        .with_wear_section(wear)
    }
}
