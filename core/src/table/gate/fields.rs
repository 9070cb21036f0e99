//! Physical validation of a decoded (or about to be encoded) table: everything finite, signs
//! and ranges as the physics demands, lengths consistent, β_thres samples consistent with
//! their rule. Any failure is [`Error::InvalidTable`].

use crate::cof_field::CofSection;
use crate::error::Error;
use crate::presliding::PreslidingSection;
use crate::table::{BetaThresRule, ClusterSection, Table, TransportSection};

/// Relative tolerance between stored β_thres samples and κ/(α·h'_rms) recomputed in f32:
/// a handful of f32 roundings of O(1) factors (≈ 1e-7 each) with ample margin.
pub const BETA_THRES_REL_TOL: f32 = 1e-4;

/// Finite and > 0.
pub(crate) fn positive(x: f32) -> bool {
    x.is_finite() && x > 0.0
}
/// Finite and ≥ 0.
pub(crate) fn non_negative(x: f32) -> bool {
    x.is_finite() && x >= 0.0
}
fn check(ok: bool) -> Result<(), Error> {
    if ok { Ok(()) } else { Err(Error::InvalidTable) }
}

impl Table {
    /// Checks every section (see the parent module).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] on the first non-physical or inconsistent value of any section, or a
    /// field outside its plausibility bound; [`Error::ImplausibleLaw`] when every field is within
    /// its bound but the law as a whole is not ([`Table::plausibility`] gives the reason).
    pub fn validate(&self) -> Result<(), Error> {
        self.law.validate().map_err(|_| Error::InvalidTable)?;
        check(positive(self.law.mu0()))?;
        validate_transport(&self.transport)?;
        self.alpha
            .curve
            .validate()
            .map_err(|_| Error::InvalidTable)?;
        self.validate_beta_thres()?;
        if let Some(c) = &self.clusters {
            validate_clusters(c)?;
        }
        validate_cof(&self.cof)?;
        validate_presliding(&self.presliding)?;
        if let Some(w) = &self.wear {
            w.validate()?;
        }
        if let Some(t) = &self.third_body {
            t.validate()?;
        }
        if let Some(p) = &self.particle_shear {
            p.validate()?;
        }
        self.validate_uncertainty()?;
        self.check_plausible()
    }

    fn validate_beta_thres(&self) -> Result<(), Error> {
        let s = &self.beta_thres;
        let curve = &self.alpha.curve;
        let n = curve.v.len();
        check(s.at_alpha_samples.len() == n && s.ci95_lo.len() == n && s.ci95_hi.len() == n)?;
        check(curve.alpha.len() == n && curve.ci95_lo.len() == n && curve.ci95_hi.len() == n)?;
        match s.rule {
            BetaThresRule::ContactAreaBound => {
                let (kappa, slope) = (self.law.kappa, self.law.slope_rms);
                let rule = |alpha: f32| kappa / (alpha * slope);
                let close =
                    |stored: f32, exact: f32| (stored - exact).abs() <= BETA_THRES_REL_TOL * exact;
                // The α curve is validated first: its vectors have n entries too.
                let stored = s.at_alpha_samples.iter().zip(&s.ci95_lo).zip(&s.ci95_hi);
                let alpha = curve.alpha.iter().zip(&curve.ci95_lo).zip(&curve.ci95_hi);
                for (((&stored, &lo), &hi), ((&a, &a_lo), &a_hi)) in stored.zip(alpha) {
                    let exact = rule(a);
                    check(positive(stored) && positive(exact) && close(stored, exact))?;
                    // β_thres falls with α: its interval comes from α's, ends swapped.
                    check(positive(lo) && close(lo, rule(a_hi)))?;
                    check(if a_lo > 0.0 {
                        positive(hi) && close(hi, rule(a_lo))
                    } else {
                        hi == f32::INFINITY
                    })?;
                }
            }
        }
        Ok(())
    }
}

fn validate_transport(t: &TransportSection) -> Result<(), Error> {
    check(
        positive(t.hardness)
            && positive(t.particle_thickness)
            && non_negative(t.archard_k)
            && non_negative(t.zeta)
            && t.zeta <= 1.0,
    )
}

fn validate_clusters(c: &ClusterSection) -> Result<(), Error> {
    let [p_lo, p_hi] = c.pressure_range;
    let [a_g, c_g] = c.dc_growth;
    check(
        non_negative(c.kappa_fit_r2)
            && c.kappa_fit_r2 <= 1.0
            && positive(p_lo)
            && positive(p_hi)
            && p_lo < p_hi
            && positive(c.dc_nucleation)
            && positive(a_g)
            && non_negative(c_g)
            && non_negative(c.nc_over_ns_slope),
    )
}

/// An empty (default) section means "not calibrated" and passes; a calibrated one must pass
/// [`CofSection::validate`] (lengths, grid, radii, finite non-negative CVs) and carry finite,
/// non-negative thresholds.
fn validate_cof(s: &CofSection) -> Result<(), Error> {
    if !s.is_calibrated() {
        return check(*s == CofSection::default());
    }
    s.validate().map_err(|_| Error::InvalidTable)?;
    check(
        non_negative(s.threshold_sigma_over_mu)
            && non_negative(s.threshold_tolerance)
            && non_negative(s.plateau_tolerance)
            && non_negative(s.la_deterministic)
            && non_negative(s.la_random_variable),
    )
}

/// One entry per load in every vector; loads positive and increasing; thresholds, stiffness
/// and areas non-negative; ε ∈ [0, 1] (seed 003 Eq. 6: the kinetic threshold is a fraction of
/// the static one).
fn validate_presliding(s: &PreslidingSection) -> Result<(), Error> {
    let n = s.normal_load.len();
    let all_nonneg = |xs: &[f32]| xs.iter().all(|&x| non_negative(x));
    let increasing = s
        .normal_load
        .windows(2)
        .all(|w| matches!(w, [a, b] if a < b));
    check(
        s.static_threshold.len() == n
            && s.tangential_stiffness.len() == n
            && s.static_area.len() == n
            && s.normal_load.iter().all(|&p| positive(p))
            && increasing
            && all_nonneg(&s.static_threshold)
            && all_nonneg(&s.tangential_stiffness)
            && all_nonneg(&s.static_area)
            && non_negative(s.kinetic_ratio)
            && s.kinetic_ratio <= 1.0,
    )
}
