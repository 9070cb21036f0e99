//! Format 2 of the table, kept to read tables written before format 3.
//!
//! Format 3 appended the table's material identity and the section of shear on the
//! particle-borne area ([`super::ParticleShearSection`]), and turned the sections' material
//! text into a [`MaterialIdentity`] (pair and conditions). The types here are format 2's serde
//! layout, field for field; [`TableV2::into_format3`] turns a decoded format-2 table into a
//! format-3 [`TableV3`] (then the current [`super::Table`] by [`TableV3::into_format4`]) that
//! evaluates to the same law: every value as it was, no particle
//! shear (seed 000's Eq. 7, so μ reaches 0 at β_thres exactly as under format 2), the table's
//! material not recorded, and each section's material text kept as its pair with no recorded
//! conditions (format 2 did not say).

use heapless::{String, Vec};
use serde::{Deserialize, Serialize};

use super::material::{MATERIAL_CAPACITY, MaterialIdentity};
use super::v3::TableV3;
use super::{
    AlphaSection, BetaThresSection, ClusterSection, Provenance, SectionProvenance,
    THIRD_BODY_SAMPLES, ThirdBodySection, TransportSection, WearForm, WearSection,
};
use crate::cof_field::CofSection;
use crate::law::LawParams;
use crate::presliding::PreslidingSection;

/// Format 2's wear section (material as one text).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WearSectionV2 {
    /// Meaning of `k0`.
    pub form: WearForm,
    /// K at `p_ref` \[-\].
    pub k0: f32,
    /// 95 % interval of `k0` \[-\].
    pub k0_ci95: [f32; 2],
    /// Reference pressure \[Pa\].
    pub p_ref: f32,
    /// Pressure exponent \[-\].
    pub exponent: f32,
    /// 95 % interval of `exponent` \[-\].
    pub exponent_ci95: [f32; 2],
    /// Pressure range \[Pa\].
    pub pressure_range: [f32; 2],
    /// Wear volume per dissipated work \[m³/J\].
    pub energy_wear: f32,
    /// The material pair.
    pub material: String<MATERIAL_CAPACITY>,
    /// Provenance.
    pub provenance: SectionProvenance,
}

/// Format 2's third-body section (material as one text).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThirdBodySectionV2 {
    /// μ_3b at the reference temperature \[-\].
    pub mu: f32,
    /// 95 % interval of `mu` \[-\].
    pub mu_ci95: [f32; 2],
    /// Reference temperature \[K\].
    pub reference_temperature: f32,
    /// Inertial number \[-\].
    pub inertial_number: f32,
    /// Temperatures \[K\].
    pub temperature: Vec<f32, THIRD_BODY_SAMPLES>,
    /// μ_3b at each temperature \[-\].
    pub mu_at_temperature: Vec<f32, THIRD_BODY_SAMPLES>,
    /// Lower interval ends \[-\].
    pub ci95_lo: Vec<f32, THIRD_BODY_SAMPLES>,
    /// Upper interval ends \[-\].
    pub ci95_hi: Vec<f32, THIRD_BODY_SAMPLES>,
    /// The material pair and particle material.
    pub material: String<MATERIAL_CAPACITY>,
    /// Provenance.
    pub provenance: SectionProvenance,
}

/// The whole format-2 table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableV2 {
    /// Provenance.
    pub provenance: Provenance,
    /// Law parameters.
    pub law: LawParams,
    /// Transport parameters.
    pub transport: TransportSection,
    /// α(v).
    pub alpha: AlphaSection,
    /// β_thres.
    pub beta_thres: BetaThresSection,
    /// Cluster statistics.
    pub clusters: Option<ClusterSection>,
    /// COF random-field curves.
    pub cof: CofSection,
    /// Pre-sliding data.
    pub presliding: PreslidingSection,
    /// Wear section.
    pub wear: Option<WearSectionV2>,
    /// Third-body section.
    pub third_body: Option<ThirdBodySectionV2>,
}

fn as_pair(text: String<MATERIAL_CAPACITY>) -> MaterialIdentity {
    MaterialIdentity {
        pair: text,
        conditions: String::new(),
    }
}

impl TableV2 {
    /// The format-3 table that evaluates to the same law (module doc).
    pub fn into_format3(self) -> TableV3 {
        TableV3 {
            provenance: self.provenance,
            law: self.law,
            transport: self.transport,
            alpha: self.alpha,
            beta_thres: self.beta_thres,
            clusters: self.clusters,
            cof: self.cof,
            presliding: self.presliding,
            wear: self.wear.map(|w| WearSection {
                form: w.form,
                k0: w.k0,
                k0_ci95: w.k0_ci95,
                p_ref: w.p_ref,
                exponent: w.exponent,
                exponent_ci95: w.exponent_ci95,
                pressure_range: w.pressure_range,
                energy_wear: w.energy_wear,
                material: as_pair(w.material),
                provenance: w.provenance,
            }),
            third_body: self.third_body.map(|t| ThirdBodySection {
                mu: t.mu,
                mu_ci95: t.mu_ci95,
                reference_temperature: t.reference_temperature,
                inertial_number: t.inertial_number,
                temperature: t.temperature,
                mu_at_temperature: t.mu_at_temperature,
                ci95_lo: t.ci95_lo,
                ci95_hi: t.ci95_hi,
                material: as_pair(t.material),
                provenance: t.provenance,
            }),
            material: MaterialIdentity::unrecorded(),
            particle_shear: None,
        }
    }
}
