//! The one-mode junction-area generators of [`super::population`] (its module documentation
//! derives them from seed 003 §3 and Ref. \[20\]): lognormal sizes and truncated power-law
//! sizes, each rescaled so that Σ A_{0i} = a_P·P. [`super::bimodal`] mixes the two.

use rand::Rng;
use rand_distr::{Distribution, LogNormal};

use crate::io::junction_areas::PopulationError;

/// The lognormal generator (module documentation); its default (median 10⁻⁸ m², σ_ln = 0.1)
/// is the all-alike reference population.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LognormalPopulation {
    /// Total initial area per unit normal load a_P \[m²/N\].
    pub area_per_load: f64,
    /// Median junction area \[m²\].
    pub median_area: f64,
    /// Standard deviation of ln(A) \[-\].
    pub sigma_ln: f64,
}

impl Default for LognormalPopulation {
    fn default() -> Self {
        Self {
            area_per_load: 4e-6,
            median_area: 1e-8,
            sigma_ln: 0.1,
        }
    }
}

impl LognormalPopulation {
    /// Mean junction area ⟨A⟩ = median·exp(σ_ln²/2) \[m²\].
    pub fn mean_area(&self) -> f64 {
        self.median_area * (0.5 * self.sigma_ln * self.sigma_ln).exp()
    }

    /// Number of junctions at load `load` \[N\] (at least 1).
    pub fn count(&self, load: f64) -> usize {
        ((self.area_per_load * load / self.mean_area()).round() as usize).max(1)
    }

    /// Generates the areas for normal load `load` \[N\]; Σ A_{0i} = a_P·P exactly (to rounding).
    ///
    /// # Errors
    ///
    /// [`PopulationError::BadGenerator`] naming the parameter when the area per load, the median
    /// area or σ_ln is not finite and > 0, or `load` is not finite and > 0.
    pub fn generate(&self, load: f64, rng: &mut impl Rng) -> Result<Vec<f64>, PopulationError> {
        let pos = |x: f64| x.is_finite() && x > 0.0;
        if !pos(self.area_per_load) {
            return Err(PopulationError::BadGenerator("area per load"));
        }
        if !pos(self.median_area) {
            return Err(PopulationError::BadGenerator("median area"));
        }
        if !(self.sigma_ln.is_finite() && self.sigma_ln >= 0.0) {
            return Err(PopulationError::BadGenerator("sigma_ln"));
        }
        if !pos(load) {
            return Err(PopulationError::BadGenerator("normal load"));
        }
        let dist = LogNormal::new(self.median_area.ln(), self.sigma_ln)
            .map_err(|_| PopulationError::BadGenerator("sigma_ln"))?;
        let n = self.count(load);
        let mut areas: Vec<f64> = (0..n).map(|_| dist.sample(rng)).collect();
        let scale = self.area_per_load * load / areas.iter().sum::<f64>();
        for a in &mut areas {
            *a *= scale;
        }
        Ok(areas)
    }
}

/// A truncated power-law generator: areas with density p(A) ∝ A^(−τ) on [A_min, A_max]
/// (module documentation), total Σ A_{0i} = a_P·P.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PowerLawPopulation {
    /// Total initial area per unit normal load a_P \[m²/N\].
    pub area_per_load: f64,
    /// Smallest junction area A_min \[m²\].
    pub min_area: f64,
    /// Largest junction area A_max \[m²\].
    pub max_area: f64,
    /// Exponent τ of the density p(A) ∝ A^(−τ) \[-\].
    pub exponent: f64,
}

impl Default for PowerLawPopulation {
    /// The previous default population (module documentation): a_P = 4 mm²/N, log-uniform
    /// (τ = 1) areas between 5·10⁻¹¹ and 5·10⁻⁹ m².
    fn default() -> Self {
        Self {
            area_per_load: 4e-6,
            min_area: 5e-11,
            max_area: 5e-9,
            exponent: 1.0,
        }
    }
}

impl PowerLawPopulation {
    fn checked(&self) -> Result<(), PopulationError> {
        let pos = |x: f64| x.is_finite() && x > 0.0;
        if !pos(self.area_per_load) {
            return Err(PopulationError::BadGenerator("area per load"));
        }
        if !(pos(self.min_area) && pos(self.max_area) && self.max_area > self.min_area) {
            return Err(PopulationError::BadGenerator(
                "min/max area (0 < min < max)",
            ));
        }
        if !self.exponent.is_finite() {
            return Err(PopulationError::BadGenerator("exponent"));
        }
        Ok(())
    }

    /// ∫ A^k dA over [A_min, A_max] (k = −τ for the norm, 1 − τ for the first moment).
    fn moment(&self, k: f64) -> f64 {
        let (lo, hi) = (self.min_area, self.max_area);
        if (k + 1.0).abs() < 1e-12 {
            (hi / lo).ln()
        } else {
            (hi.powf(k + 1.0) - lo.powf(k + 1.0)) / (k + 1.0)
        }
    }

    /// Mean junction area ⟨A⟩ = ∫A^(1−τ)dA / ∫A^(−τ)dA \[m²\].
    pub fn mean_area(&self) -> f64 {
        self.moment(1.0 - self.exponent) / self.moment(-self.exponent)
    }

    /// Number of junctions at load `load` \[N\] (at least 1).
    pub fn count(&self, load: f64) -> usize {
        ((self.area_per_load * load / self.mean_area()).round() as usize).max(1)
    }

    /// Inverse cumulative distribution: the area with P(A' ≤ A) = u, u ∈ [0, 1].
    pub fn quantile(&self, u: f64) -> f64 {
        let (lo, hi) = (self.min_area, self.max_area);
        let g = 1.0 - self.exponent;
        if g.abs() < 1e-12 {
            lo * (hi / lo).powf(u)
        } else {
            (lo.powf(g) + u * (hi.powf(g) - lo.powf(g))).powf(1.0 / g)
        }
    }

    /// Generates the areas for normal load `load` \[N\] (inverse-CDF sampling), rescaled by a
    /// common factor so that Σ A_{0i} = a_P·P exactly.
    ///
    /// # Errors
    ///
    /// [`PopulationError::BadGenerator`] naming the parameter when the area per load or an area
    /// bound is not finite and > 0, the bounds are not ordered, the exponent is not finite, or
    /// `load` is not finite and > 0.
    pub fn generate(&self, load: f64, rng: &mut impl Rng) -> Result<Vec<f64>, PopulationError> {
        self.checked()?;
        if !(load.is_finite() && load > 0.0) {
            return Err(PopulationError::BadGenerator("normal load"));
        }
        let n = self.count(load);
        let mut areas: Vec<f64> = (0..n).map(|_| self.quantile(rng.random::<f64>())).collect();
        let scale = self.area_per_load * load / areas.iter().sum::<f64>();
        for a in &mut areas {
            *a *= scale;
        }
        Ok(areas)
    }
}
