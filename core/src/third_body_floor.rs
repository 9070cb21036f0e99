//! **Extension beyond seed 000** (seed 002's third-body layer): a floor under the local
//! friction law, μ = max(μ_law, μ_3b(T)).
//!
//! Seed 000's law sends μ(p, v, β) → 0 as β → β_thres. A fully covered interface then carries
//! the load through the particle layer, whose own friction μ_3b (the steady F_t/F_n of a
//! sheared cell of third-body particles, seed 002 §5) is a physical lower bound. The floor is
//! **off unless the calibration table carries the third-body section**: build it with
//! [`ThirdBodyFloor::from_section`] (on iff the section is present) or [`ThirdBodyFloor::OFF`].
//! No heap, no panic: a NaN μ_law is floored to μ_3b when on, and passed through when off.

use crate::table::ThirdBodySection;

/// The optional floor μ = max(μ_law, μ_3b(T)).
#[derive(Debug, Clone, Copy)]
pub struct ThirdBodyFloor<'a> {
    section: Option<&'a ThirdBodySection>,
}

impl<'a> ThirdBodyFloor<'a> {
    /// The floor switched off: [`Self::apply`] returns μ_law unchanged.
    pub const OFF: ThirdBodyFloor<'static> = ThirdBodyFloor { section: None };

    /// On iff the table carries the section (pass the table's `Option` through).
    pub fn from_section(section: Option<&'a ThirdBodySection>) -> Self {
        Self { section }
    }

    /// Whether the floor acts.
    pub fn is_on(&self) -> bool {
        self.section.is_some()
    }

    /// μ = max(μ_law, μ_3b(T)) at layer temperature `temperature` \[K\] when on (the section's
    /// clamp outside its samples; its reference μ when T is NaN), μ_law when off \[-\].
    pub fn apply(&self, mu_law: f32, temperature: f32) -> f32 {
        match self.section {
            None => mu_law,
            Some(s) => {
                let floor = s.mu_at(temperature);
                if mu_law.is_nan() || mu_law < floor {
                    floor
                } else {
                    mu_law
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::SectionProvenance;
    use heapless::{String, Vec};

    fn section() -> ThirdBodySection {
        let v = |a: &[f32]| -> Vec<f32, 16> { a.iter().copied().collect() };
        ThirdBodySection {
            mu: 0.3,
            mu_ci95: [0.28, 0.32],
            reference_temperature: 700.0,
            inertial_number: 0.1,
            temperature: v(&[700.0, 800.0, 900.0]),
            mu_at_temperature: v(&[0.3, 0.2, 0.15]),
            ci95_lo: v(&[0.28, 0.18, 0.13]),
            ci95_hi: v(&[0.32, 0.22, 0.17]),
            material: String::new(),
            provenance: SectionProvenance {
                calibrator_version: String::new(),
                preset: String::new(),
                seed: 0,
                config_hash: 0,
                cases: 3,
            },
        }
    }

    #[test]
    fn off_passes_the_law_through_and_on_floors_it() {
        let s = section();
        assert_eq!(ThirdBodyFloor::OFF.apply(0.01, 700.0), 0.01);
        assert!(ThirdBodyFloor::OFF.apply(f32::NAN, 700.0).is_nan());
        let f = ThirdBodyFloor::from_section(Some(&s));
        assert!(f.is_on() && !ThirdBodyFloor::from_section(None).is_on());
        assert_eq!(f.apply(0.01, 700.0), 0.3);
        assert_eq!(f.apply(0.5, 700.0), 0.5);
        assert_eq!(f.apply(0.01, 900.0), 0.15);
        assert_eq!(f.apply(0.01, 2000.0), 0.15);
        assert_eq!(f.apply(f32::NAN, 800.0), 0.2);
        assert_eq!(f.apply(0.01, f32::NAN), 0.3);
    }
}
