//! The table's third-body section (`tribo_core::table::ThirdBodySection`, format 3) from the
//! μ_3b(T) sweep: μ_3b at a reference temperature with its 95 % CI over seeds, the μ_3b(T)
//! samples with their CIs, the inertial number of the cell, the material identity of the layer
//! (pair and conditions) and provenance.

use heapless::Vec;
use tribo_core::table::{
    MaterialIdentity, SectionProvenance, THIRD_BODY_SAMPLES, ThirdBodySection,
};

use super::error::{Result, ThirdBodyError};
use crate::third_body::stats::MeanCi;

/// One μ_3b(T) sample: temperature (K) and μ over seeds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TemperatureSample {
    /// Temperature (K).
    pub temperature: f64,
    /// μ_3b with its CI.
    pub mu: MeanCi,
}

/// Builds and validates the section. `reference` is the sample whose μ is the section's
/// `mu`; `samples` must have strictly increasing temperatures (at most
/// [`THIRD_BODY_SAMPLES`]).
pub fn third_body_section(
    reference: TemperatureSample,
    samples: &[TemperatureSample],
    inertial_number: f64,
    material: &MaterialIdentity,
    provenance: SectionProvenance,
) -> Result<ThirdBodySection> {
    if samples.len() > THIRD_BODY_SAMPLES {
        return Err(ThirdBodyError::TooManySamples {
            count: samples.len(),
            capacity: THIRD_BODY_SAMPLES,
        });
    }
    // Cannot fail after the count check above (the four vectors hold THIRD_BODY_SAMPLES).
    let full = || ThirdBodyError::TooManySamples {
        count: samples.len(),
        capacity: THIRD_BODY_SAMPLES,
    };
    let mut section = ThirdBodySection {
        mu: reference.mu.mean as f32,
        mu_ci95: [reference.mu.lo.max(0.0) as f32, reference.mu.hi as f32],
        reference_temperature: reference.temperature as f32,
        inertial_number: inertial_number as f32,
        temperature: Vec::new(),
        mu_at_temperature: Vec::new(),
        ci95_lo: Vec::new(),
        ci95_hi: Vec::new(),
        material: material.clone(),
        provenance,
    };
    for s in samples {
        section
            .temperature
            .push(s.temperature as f32)
            .map_err(|_| full())?;
        section
            .mu_at_temperature
            .push(s.mu.mean as f32)
            .map_err(|_| full())?;
        section
            .ci95_lo
            .push(s.mu.lo.max(0.0) as f32)
            .map_err(|_| full())?;
        section.ci95_hi.push(s.mu.hi as f32).map_err(|_| full())?;
    }
    section
        .validate()
        .map_err(|source| ThirdBodyError::Section {
            what: "the third-body section",
            source,
        })?;
    Ok(section)
}

#[cfg(test)]
mod tests {
    use super::*;
    use heapless::String;

    fn ci(m: f64) -> MeanCi {
        MeanCi {
            mean: m,
            lo: m - 0.02,
            hi: m + 0.02,
            n: 3,
        }
    }

    fn layer() -> MaterialIdentity {
        MaterialIdentity::new("test layer", "dry 2D NSCD cell")
    }

    #[test]
    fn section_round_trips_the_samples_and_validates() {
        let samples: std::vec::Vec<TemperatureSample> = [(700.0, 0.6), (800.0, 0.45), (900.0, 0.3)]
            .iter()
            .map(|&(t, m)| TemperatureSample {
                temperature: t,
                mu: ci(m),
            })
            .collect();
        let prov = SectionProvenance {
            calibrator_version: String::try_from("0.1.0").unwrap(),
            preset: String::try_from("test").unwrap(),
            seed: 1,
            config_hash: 0,
            cases: 9,
        };
        let s = third_body_section(samples[0], &samples, 0.12, &layer(), prov.clone()).unwrap();
        for smp in &samples {
            // The core's interpolant passes through the samples (f32 rounding).
            assert!((s.mu_at(smp.temperature as f32) - smp.mu.mean as f32).abs() < 1e-6);
        }
        assert_eq!(s.mu, 0.6);
        // Through the real format-3 table: encode, decode, same section.
        let mut table = tribo_core::table::Table::seed000_defaults();
        table.third_body = Some(s.clone());
        table.validate().unwrap();
        let bytes = crate::table::io::encode_to_vec(&table).unwrap();
        let back = crate::table::io::decode_table(&bytes, std::path::Path::new("mem")).unwrap();
        assert_eq!(back.third_body.as_ref(), Some(&s));
        // Decreasing temperatures are refused (the core requires increasing ones).
        let mut rev = samples.clone();
        rev.reverse();
        assert!(third_body_section(samples[0], &rev, 0.12, &layer(), prov).is_err());
    }
}
