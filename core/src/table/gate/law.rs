//! The physical-plausibility gate of the friction law as a whole (issue 32).
//!
//! Each stored field has its own bound ([`super::bounds`]), but a table can be absurd as a
//! whole while every field is within its own: τ0 = 1e11 Pa with E* = 1e5 Pa gives
//! μ0 = τ0·κ/(E*·h'_rms) = 8.5·10⁶. This gate evaluates the law a table defines over the
//! table's own domain and refuses it, with the reason ([`Implausibility`]), when μ0 or μ
//! leaves the documented bounds below. It runs inside [`crate::table::Table::validate`], so every
//! user of a decoded table — `tribo inspect`, `export`, `strip-draw`, the C ABI's
//! `tribo_model_init` (status `TRIBO_STATUS_IMPLAUSIBLE_LAW`) and the firmware example — passes
//! through it, and the calibrator never writes a table that fails it.
//!
//! **The domain** (seed 000 Eq. 9, 23, 24; Eq. 7 with shear on the particle-borne area):
//!
//! - **v over the sampled range**: every α sample's speed and the geometric midpoint of each
//!   pair of neighbours (a law-only curve without samples: the decades
//!   [`SPEEDS_WITHOUT_SAMPLES`]). The sample speeds themselves must lie in
//!   [`SAMPLE_SPEED_M_PER_S`].
//! - **β over [0, β_thres(v)]** in [`BETA_STEPS`] equal steps (β_thres from Eq. 24; with
//!   α(v) = 0 there is no threshold and β runs over [0, [`super::bounds::BETA_THRES_MAX`]]).
//! - **p up to p_crit**: with Eq. 23 the pressure cancels from μ (μ does not depend on p), so
//!   the pressure enters only through the Coulomb traction μ·p. p_crit is the table's hardness
//!   H (the plastic limit of the softer body, the value the C ABI's pressure bound uses); the
//!   gate checks that μ·p_crit is finite over the domain.
//!
//! **The bounds**: μ0 within [`MU0_RANGE`], and μ(v, β) finite within [0, [`MU_MAX`]] at
//! every point. The law itself keeps μ between μ_p and μ0 ([`crate::law`]), so a law that
//! passes evaluates to a finite μ in [0, μ_max] everywhere (property test below).
//!
//! **μ_p = 0 is accepted, μ_p < 0 refused (decision, issue 32).** The friction of the
//! particle-borne area μ_p (Eq. 7 with τ_p on A_p) is bounded to [0, [`MU_MAX`]] where it is
//! set ([`FrictionLaw::with_particle_friction`]), so a table never carries μ_p < 0. μ_p = 0 is
//! τ_p = 0: seed 000's own law bit for bit (a full particle cover at β_thres carries no shear),
//! the law of every table without a particle-shear section and of the firmware's default. The
//! gate does not refuse it in exported tables: μ then reaches 0 only at β = β_thres, which is
//! how seed 000 defines β_thres (Eq. 24: the β at which Eq. 9 gives μ = 0), so refusing it
//! would refuse the seed's law itself.
//! What the gate does refuse is μ < 0 anywhere in the domain (the [0, μ_max] check below).
//!
//! No heap, no panic: the points are generated on the fly, every access is an iterator.

use super::bounds::BETA_THRES_MAX;
use super::reason::{Implausibility, Scope};
use crate::law::{FrictionLaw, PARTICLE_FRICTION_MAX};
use crate::math;
use crate::table::Table;

/// μ0 = τ0·κ/(E*·h'_rms) (Eq. 9 at β = 0) \[-\]. Below: structural superlubricity of layered
/// solids (graphite, h-BN, MoS₂ in vacuum) is measured down to ≈ 1e-4…1e-3; a dry metal pair
/// with μ0 = 4·10⁻⁹ is a scaling error (τ0 in MPa read as Pa). Above: clean metals in vacuum
/// (cold welding) and rubber reach a few; 10 is the bound of every friction coefficient in the
/// table (μ_p, μ_3b), and 8.5·10⁶ (τ0 = 1e11 Pa over E* = 1e5 Pa) is no friction coefficient.
pub const MU0_RANGE: (f32, f32) = (1.0e-4, MU_MAX);

/// Largest friction coefficient the law may evaluate to anywhere in its domain \[-\]: the
/// bound of μ_p ([`PARTICLE_FRICTION_MAX`]) and of μ_3b.
pub const MU_MAX: f32 = PARTICLE_FRICTION_MAX;

/// Speeds of the α(v) samples \[m/s\]. Above: the fastest sliding of any tribological
/// process (high-speed machining ≈ 100 m/s, ballistic contacts ≈ 1 km/s); a sample at
/// 10³⁰ m/s is no sliding speed. Below: 1 nm/s, slower than creep tests resolve.
pub const SAMPLE_SPEED_M_PER_S: (f32, f32) = (1.0e-9, 1.0e3);

/// Speeds at which a law-only α curve (no samples) is evaluated \[m/s\]: the decades of the
/// C ABI's slip-rate range (≤ 100 m/s).
pub const SPEEDS_WITHOUT_SAMPLES: [f32; 7] = [1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0, 100.0];

/// Steps of β over [0, β_thres(v)] per speed (μ is linear in β between the clamps, so the
/// ends decide; the interior points catch a non-finite intermediate).
pub const BETA_STEPS: u16 = 8;

/// Checks the law as a whole over its domain (module docs). `p_crit` \[Pa\] is the pressure
/// bound of the domain (the table's hardness).
///
/// # Errors
///
/// The first [`Implausibility`] (scope law): μ0 outside [`MU0_RANGE`], an α sample speed outside
/// [`SAMPLE_SPEED_M_PER_S`], μ(v, β) outside \[0, [`MU_MAX`]\] or the traction μ·p_crit non-finite
/// at a checked speed and β (the failing v and β in its `at`).
pub fn check_law(law: &FrictionLaw, p_crit: f32) -> Result<(), Implausibility> {
    let gate = |q, unit, value, bounds| Implausibility::check(Scope::Law, q, unit, value, bounds);
    check_mu0(law.mu0())?;
    let samples = &law.alpha_curve().v;
    for &v in samples {
        gate("α sample speed v", "m/s", v, SAMPLE_SPEED_M_PER_S)?;
    }
    let midpoints = samples
        .iter()
        .zip(samples.iter().skip(1))
        .map(|(&a, &b)| math::sqrt(a * b));
    let decades = SPEEDS_WITHOUT_SAMPLES
        .iter()
        .copied()
        .filter(|_| samples.is_empty());
    for v in samples.iter().copied().chain(midpoints).chain(decades) {
        check_at_speed(law, v, p_crit)?;
    }
    Ok(())
}

/// The gate's first check alone: μ0 = τ0·κ/(E*·h'_rms) \[-\] within [`MU0_RANGE`] (NaN never
/// is). [`check_law`] starts with it; the calibrator runs it before its BEM–DEM sweep, on the
/// μ0 of the run's own surfaces, so a law the gate would refuse at the end is refused first.
///
/// # Errors
///
/// The [`Implausibility`] of μ0 (scope law) when it is outside [`MU0_RANGE`] or not finite.
///
/// ```
/// use tribo_core::table::law_gate::check_mu0;
/// assert!(check_mu0(0.15).is_ok());
/// assert!(check_mu0(2.0e-5).is_err()); // τ0 = 1 kPa over E* = 350 MPa: no friction coefficient
/// assert!(check_mu0(f32::NAN).is_err());
/// ```
pub fn check_mu0(mu0: f32) -> Result<(), Implausibility> {
    Implausibility::check(Scope::Law, "μ0 = τ0·κ/(E*·h'_rms)", "-", mu0, MU0_RANGE)
}

/// μ over β ∈ [0, β_thres(v)] at one speed, and the traction μ·p_crit.
fn check_at_speed(law: &FrictionLaw, v: f32, p_crit: f32) -> Result<(), Implausibility> {
    let threshold = law.beta_thres(v);
    let beta_end = if threshold.is_finite() {
        threshold
    } else {
        BETA_THRES_MAX
    };
    for k in 0..=BETA_STEPS {
        let beta = beta_end * f32::from(k) / f32::from(BETA_STEPS);
        let mu = law.mu(v, beta);
        let at = |e: Implausibility| e.at(v, beta);
        Implausibility::check(Scope::Law, "μ(v, β)", "-", mu, (0.0, MU_MAX)).map_err(at)?;
        Implausibility::check(
            Scope::Law,
            "Coulomb traction μ·p_crit",
            "Pa",
            mu * p_crit,
            (0.0, f32::MAX),
        )
        .map_err(at)?;
    }
    Ok(())
}

impl Table {
    /// The law gate ([`check_law`]) on this table's law with p_crit = its hardness.
    /// [`Table::validate`] runs it; this gives the reason.
    ///
    /// # Errors
    ///
    /// An [`Implausibility`] of μ0 when the table's law does not build ([`Table::friction_law`]),
    /// else those of [`check_law`].
    pub fn law_plausibility(&self) -> Result<(), Implausibility> {
        let law = self.friction_law().map_err(|_| Implausibility {
            scope: Scope::Law,
            quantity: "μ0 = τ0·κ/(E*·h'_rms)",
            unit: "-",
            value: self.law.mu0(),
            bounds: MU0_RANGE,
            at: None,
        })?;
        check_law(&law, self.transport.hardness)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Error;
    use crate::law::{AlphaCurve, AlphaLaw, AlphaSample, LawParams, SampleOrigin};
    use proptest::prelude::*;

    fn with_sample_at(t: &mut Table, v: f32) {
        if let Some(last) = t.alpha.curve.v.last_mut() {
            *last = v;
        }
    }

    #[test]
    fn documented_and_golden_tables_pass() {
        Table::seed000_defaults().law_plausibility().unwrap();
        Table::filled_example().law_plausibility().unwrap();
        for bytes in [
            &include_bytes!("../../../tests/golden/format1-defaults.bin")[..],
            &include_bytes!("../../../tests/golden/format1-filled.bin")[..],
            &include_bytes!("../../../tests/golden/format2-filled.bin")[..],
            &include_bytes!("../../../tests/golden/format3-filled.bin")[..],
            &include_bytes!("../../../tests/golden/format4-filled.bin")[..],
        ] {
            Table::from_bytes(bytes)
                .unwrap()
                .law_plausibility()
                .unwrap();
        }
    }

    /// The issue's examples: each field within its own bound, the law absurd as a whole.
    #[test]
    fn the_issue_examples_are_refused_with_their_reason() {
        let mut t = Table::seed000_defaults();
        t.law.tau0 = 1.0e11;
        t.law.e_star = 1.0e5;
        t.plausible_fields().unwrap();
        let why = t.law_plausibility().unwrap_err();
        assert_eq!(why.quantity, "μ0 = τ0·κ/(E*·h'_rms)");
        // μ0 = 1e11·2/(1e5·0.34) = 5.9e6 (seed 000's κ, h'_rms)
        assert!(why.value > 5.0e6, "{why}");
        assert_eq!(t.validate(), Err(Error::ImplausibleLaw));

        let mut t = Table::seed000_defaults();
        t.law.tau0 = 1.0e3; // μ0 = 1e3·2/(55e9·0.34) ≈ 1e-7
        assert_eq!(t.law_plausibility().unwrap_err().quantity, why.quantity);

        let mut t = Table::filled_example();
        with_sample_at(&mut t, 1.0e30);
        let why = t.law_plausibility().unwrap_err();
        assert_eq!((why.quantity, why.value), ("α sample speed v", 1.0e30));
        assert_eq!(why.unit, "m/s");
    }

    fn sample(v: f32, alpha: f32) -> AlphaSample {
        AlphaSample {
            v,
            alpha,
            ci95: [alpha, alpha],
            spread: 0.0,
            cases: 1,
            origin: SampleOrigin::Direct,
        }
    }

    /// log-uniform over `[10^lo, 10^hi]`.
    fn log_uniform(lo: f32, hi: f32) -> impl Strategy<Value = f32> {
        (lo..hi).prop_map(|e| 10f32.powf(e))
    }

    proptest! {
        /// Random laws, absurd ones included (τ0 and E* over 16 decades, α samples up to
        /// 10³⁰ m/s): every law that passes the gate evaluates to a finite μ in [0, μ_max] at
        /// random points of its domain, at the ends of it, and beyond β_thres.
        #[test]
        fn laws_passing_the_gate_give_finite_mu_within_bounds(
            tau0 in log_uniform(0.0, 16.0),
            e_star in log_uniform(3.0, 19.0),
            kappa in log_uniform(-1.0, 1.0),
            slope in log_uniform(-4.0, 1.0),
            mu_p in prop_oneof![Just(None), (0.0f32..=PARTICLE_FRICTION_MAX).prop_map(Some)],
            speeds in proptest::collection::vec((log_uniform(-10.0, 31.0), log_uniform(-3.0, 4.0)), 0..6),
            hardness in log_uniform(5.0, 11.3),
            probes in proptest::collection::vec((0.0f32..=1.0, 0.0f32..=2.0), 16),
        ) {
            let params = LawParams { tau0, kappa, e_star, slope_rms: slope };
            let mut curve = AlphaCurve::from_law(AlphaLaw::saturation(20.0, 10.0));
            let mut speeds = speeds;
            speeds.sort_by(|a, b| a.0.total_cmp(&b.0));
            speeds.dedup_by(|a, b| a.0 == b.0);
            for &(v, alpha) in &speeds {
                curve.push_sample(sample(v, alpha)).unwrap();
            }
            let Ok(law) = FrictionLaw::new(params, curve) else { return Ok(()) };
            let law = match mu_p { Some(m) => law.with_particle_friction(m).unwrap(), None => law };
            if check_law(&law, hardness).is_err() {
                return Ok(());
            }
            let (v_lo, v_hi) = match (speeds.first(), speeds.last()) {
                (Some(a), Some(b)) => (a.0, b.0),
                _ => (SPEEDS_WITHOUT_SAMPLES[0], SPEEDS_WITHOUT_SAMPLES[6]),
            };
            for &(s, b) in &probes {
                let v = v_lo * (v_hi / v_lo).powf(s);
                let beta = b * law.beta_thres(v).min(BETA_THRES_MAX);
                let mu = law.mu(v, beta);
                prop_assert!(mu.is_finite() && (0.0..=MU_MAX).contains(&mu), "μ({v}, {beta}) = {mu}");
                prop_assert!((mu * hardness).is_finite());
            }
        }
    }
}
