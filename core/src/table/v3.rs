//! Format 3 of the table, kept to read tables written before format 4.
//!
//! Format 3 was one postcard struct: every optional section (wear, third body, particle
//! shear) an `Option` field at a fixed place, so each new section cost a format bump and a
//! frozen copy like this one. Format 4 keeps the same fixed head and turns the optional
//! sections into an append-only list of tagged sections ([`super::list`]). [`TableV3`] is
//! format 3's serde layout, field for field; [`TableV3::into_format4`] turns it into the
//! [`Table`] that evaluates to the same law: every value as it was, and no uncertainty
//! section (format 3 recorded no systematic interval).

use serde::{Deserialize, Serialize};

use super::{
    AlphaSection, BetaThresSection, ClusterSection, MaterialIdentity, ParticleShearSection,
    Provenance, Table, ThirdBodySection, TransportSection, WearSection,
};
use crate::cof_field::CofSection;
use crate::law::LawParams;
use crate::presliding::PreslidingSection;

/// The whole format-3 table (the sections' own layouts are unchanged in format 4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableV3 {
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
    pub wear: Option<WearSection>,
    /// Third-body section.
    pub third_body: Option<ThirdBodySection>,
    /// The table's material identity.
    pub material: MaterialIdentity,
    /// Shear on the particle-borne area.
    pub particle_shear: Option<ParticleShearSection>,
}

impl TableV3 {
    /// The format-4 table that evaluates to the same law (module doc).
    pub fn into_format4(self) -> Table {
        Table {
            provenance: self.provenance,
            law: self.law,
            transport: self.transport,
            alpha: self.alpha,
            beta_thres: self.beta_thres,
            clusters: self.clusters,
            cof: self.cof,
            presliding: self.presliding,
            wear: self.wear,
            third_body: self.third_body,
            material: self.material,
            particle_shear: self.particle_shear,
            uncertainty: None,
        }
    }

    /// The format-3 layout of a table (drops its uncertainty section): to write format-3
    /// bytes in tests of the reader.
    pub fn from_table(t: Table) -> Self {
        Self {
            provenance: t.provenance,
            law: t.law,
            transport: t.transport,
            alpha: t.alpha,
            beta_thres: t.beta_thres,
            clusters: t.clusters,
            cof: t.cof,
            presliding: t.presliding,
            wear: t.wear,
            third_body: t.third_body,
            material: t.material,
            particle_shear: t.particle_shear,
        }
    }
}
