//! The default junction population of [`super::population`]: a broad power-law bulk plus a
//! spike of large, alike junctions (the measurements behind it are in `population.rs`).

use rand::Rng;

use super::unimodal::{LognormalPopulation, PowerLawPopulation};
use crate::io::junction_areas::PopulationError;

/// A two-component population: a broad power-law bulk ([`PowerLawPopulation`]) carrying the
/// area fraction 1 − φ, plus a narrow lognormal "spike" of large junctions carrying φ
/// (module documentation: the bulk depins progressively, the spike slips in one avalanche).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BimodalPopulation {
    /// The bulk; its `area_per_load` is the total a_P of the population.
    pub bulk: PowerLawPopulation,
    /// Median area of the spike's junctions \[m²\].
    pub spike_median: f64,
    /// Standard deviation of ln(A) within the spike \[-\].
    pub spike_sigma_ln: f64,
    /// Area fraction φ ∈ \[0, 1\] carried by the spike \[-\].
    pub spike_fraction: f64,
}

impl Default for BimodalPopulation {
    /// The default population (module documentation): a_P = 4 mm²/N; a power-law bulk with
    /// τ = 1.5 on [10⁻¹⁰, 10⁻⁸] m² carrying half of the area and a spike of junctions of
    /// median 2·10⁻⁸ m² (σ_ln = 0.1) carrying the other half.
    fn default() -> Self {
        Self {
            bulk: PowerLawPopulation {
                area_per_load: 4e-6,
                min_area: 1e-10,
                max_area: 1e-8,
                exponent: 1.5,
            },
            spike_median: 2e-8,
            spike_sigma_ln: 0.1,
            spike_fraction: 0.5,
        }
    }
}

impl BimodalPopulation {
    fn spike(&self) -> LognormalPopulation {
        LognormalPopulation {
            area_per_load: self.bulk.area_per_load,
            median_area: self.spike_median,
            sigma_ln: self.spike_sigma_ln,
        }
    }

    fn parts(&self, load: f64) -> Result<(f64, f64), PopulationError> {
        if !(0.0..=1.0).contains(&self.spike_fraction) {
            return Err(PopulationError::BadGenerator("spike fraction (0 ≤ φ ≤ 1)"));
        }
        Ok((
            load * (1.0 - self.spike_fraction),
            load * self.spike_fraction,
        ))
    }

    /// Number of junctions at load `load` \[N\].
    pub fn count(&self, load: f64) -> usize {
        match self.parts(load) {
            Ok((b, s)) => {
                // Saturating: at absurd loads (1e300 N) each part saturates at usize::MAX and
                // the memory budget refuses the load by name; a plain `+` overflowed.
                (if b > 0.0 { self.bulk.count(b) } else { 0 }).saturating_add(if s > 0.0 {
                    self.spike().count(s)
                } else {
                    0
                })
            }
            Err(_) => 0,
        }
    }

    /// Generates the areas for normal load `load` \[N\]: the bulk's, then the spike's, each
    /// rescaled to its share of a_P·P exactly.
    ///
    /// # Errors
    ///
    /// [`PopulationError::BadGenerator`] for a spike fraction outside \[0, 1\], a `load` not finite
    /// and > 0, or a bulk or spike generator parameter out of its domain.
    pub fn generate(&self, load: f64, rng: &mut impl Rng) -> Result<Vec<f64>, PopulationError> {
        let (b, s) = self.parts(load)?;
        let mut areas = if b > 0.0 {
            self.bulk.generate(b, rng)?
        } else {
            Vec::new()
        };
        if s > 0.0 {
            areas.extend(self.spike().generate(s, rng)?);
        }
        if areas.is_empty() {
            return Err(PopulationError::BadGenerator("normal load"));
        }
        Ok(areas)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream_rng;

    #[test]
    fn bimodal_splits_the_area_between_bulk_and_spike() {
        let g = BimodalPopulation {
            bulk: PowerLawPopulation {
                min_area: 1e-10,
                max_area: 1e-8,
                exponent: 1.5,
                ..PowerLawPopulation::default()
            },
            spike_median: 2e-8,
            spike_sigma_ln: 0.1,
            spike_fraction: 0.35,
        };
        let p = 3.0;
        let a = g.generate(p, &mut stream_rng(5, 0)).unwrap();
        assert_eq!(a.len(), g.count(p));
        let total: f64 = a.iter().sum();
        let a_p = g.bulk.area_per_load;
        assert!((total - a_p * p).abs() < 1e-12 * total);
        // Every bulk junction is ≤ A_max = 1e-8 before rescaling; the spike's (median 2e-8,
        // σ_ln = 0.1) are all above it (6.9 σ): the split of the area is exact.
        let big: f64 = a.iter().filter(|&&x| x > 1.2e-8).sum();
        assert!((big - 0.35 * a_p * p).abs() < 1e-12 * total, "{big}");
        let bad = BimodalPopulation {
            spike_fraction: 1.5,
            ..g
        };
        assert!(bad.generate(p, &mut stream_rng(5, 0)).is_err());
    }
}
