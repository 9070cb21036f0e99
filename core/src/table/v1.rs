//! Format 1 of the table, kept to read tables written before format 2.
//!
//! The types here are format 1's serde layout, field for field; [`TableV1::into_format2`]
//! turns a decoded format-1 table into a format-2 table ([`TableV2`], then format 3 by
//! [`TableV2::into_format3`]) that evaluates to the same law: the same
//! parameters, and an α curve with [`AlphaPolicy::FormatOne`] (monotone cubic in v between
//! the samples, the saturation law rescaled to the end samples outside them) whose law is the
//! saturation b·(1 − e^(−v/v_ref)) evaluated by the same expression. Format 1 recorded a
//! standard deviation per sample but no confidence interval, case count or origin: the
//! converted samples carry the interval [α, α], 0 cases and [`SampleOrigin::FormatOne`], so
//! nothing pretends to know what the old table did not say.

use heapless::{String, Vec};
use serde::{Deserialize, Serialize};

use super::v2::TableV2;
use super::{
    AlphaLawForm, AlphaSection, BetaThresRule, BetaThresSection, ClusterSection, PRESET_CAPACITY,
    Provenance, TransportSection, VERSION_CAPACITY, ValueOrigin,
};
use crate::alpha::{ALPHA_SAMPLES, AlphaCurve, AlphaLaw, AlphaPolicy, AlphaSample, SampleOrigin};
use crate::cof_field::CofSection;
use crate::error::Error;
use crate::law::LawParams;
use crate::presliding::PreslidingSection;

/// Format 1's provenance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProvenanceV1 {
    /// Calibrator version.
    pub calibrator_version: String<VERSION_CAPACITY>,
    /// Preset name.
    pub preset: String<PRESET_CAPACITY>,
    /// RNG seed.
    pub seed: u64,
    /// Calibrated or defaults.
    pub origin: ValueOrigin,
}

/// Format 1's α law b·(1 − e^(−v/v_ref)).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaturationLawV1 {
    /// Saturation value b \[-\].
    pub b: f32,
    /// Reference velocity \[m/s\].
    pub v_ref: f32,
}

/// Format 1's α curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaCurveV1 {
    /// The fitted saturation law.
    pub law: SaturationLawV1,
    /// Sample velocities \[m/s\].
    pub v: Vec<f32, ALPHA_SAMPLES>,
    /// α at each velocity \[-\].
    pub alpha: Vec<f32, ALPHA_SAMPLES>,
    /// Standard deviation over seeds \[-\].
    pub spread: Vec<f32, ALPHA_SAMPLES>,
}

/// Format 1's α section.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaSectionV1 {
    /// Law form (format 1 knew only [`AlphaLawForm::ExpSaturation`]).
    pub form: AlphaLawForm,
    /// The curve.
    pub curve: AlphaCurveV1,
}

/// Format 1's β_thres section.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BetaThresSectionV1 {
    /// The rule.
    pub rule: BetaThresRule,
    /// β_thres at the α samples \[-\].
    pub at_alpha_samples: Vec<f32, ALPHA_SAMPLES>,
}

/// The whole format-1 table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableV1 {
    /// Provenance.
    pub provenance: ProvenanceV1,
    /// Law parameters.
    pub law: LawParams,
    /// Transport parameters.
    pub transport: TransportSection,
    /// α(v).
    pub alpha: AlphaSectionV1,
    /// β_thres.
    pub beta_thres: BetaThresSectionV1,
    /// Cluster statistics.
    pub clusters: Option<ClusterSection>,
    /// COF random-field curves.
    pub cof: CofSection,
    /// Pre-sliding data.
    pub presliding: PreslidingSection,
}

impl TableV1 {
    /// The format-2 table that evaluates to the same law (module doc).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] when the α or spread vector differs in length from the velocities,
    /// or the samples overflow the format-2 curve.
    pub fn into_format2(self) -> Result<TableV2, Error> {
        let old = self.alpha.curve;
        if old.alpha.len() != old.v.len() || old.spread.len() != old.v.len() {
            return Err(Error::InvalidTable);
        }
        let mut curve = AlphaCurve::from_law(AlphaLaw::saturation(old.law.b, old.law.v_ref));
        curve.policy = AlphaPolicy::FormatOne;
        for ((&v, &alpha), &spread) in old.v.iter().zip(&old.alpha).zip(&old.spread) {
            curve.push_sample(AlphaSample {
                v,
                alpha,
                ci95: [alpha, alpha],
                spread,
                cases: 0,
                origin: SampleOrigin::FormatOne,
            })?;
        }
        let samples = self.beta_thres.at_alpha_samples;
        Ok(TableV2 {
            provenance: Provenance {
                calibrator_version: self.provenance.calibrator_version,
                preset: self.provenance.preset,
                seed: self.provenance.seed,
                origin: self.provenance.origin,
                config_hash: 0,
            },
            law: self.law,
            transport: self.transport,
            alpha: AlphaSection {
                form: self.alpha.form,
                curve,
            },
            beta_thres: BetaThresSection {
                rule: self.beta_thres.rule,
                ci95_lo: samples.clone(),
                ci95_hi: samples.clone(),
                at_alpha_samples: samples,
            },
            clusters: self.clusters,
            cof: self.cof,
            presliding: self.presliding,
            wear: None,
            third_body: None,
        })
    }
}
