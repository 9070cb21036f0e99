//! Building a [`Table`] from calibration results.

use tribo_core::law::{ALPHA_SAMPLES, AlphaCurve, AlphaLaw, AlphaPolicy, AlphaSample};
use tribo_core::table::{PRESET_CAPACITY, Provenance, Table, VERSION_CAPACITY, ValueOrigin};

use super::TableError;
use crate::fit::systematic::{Term, table_terms};

pub use crate::CALIBRATOR_VERSION;

fn bounded<const N: usize>(
    what: &'static str,
    text: &str,
) -> Result<heapless::String<N>, TableError> {
    heapless::String::try_from(text).map_err(|_| TableError::TextTooLong {
        what,
        text: text.to_owned(),
        capacity: N,
    })
}

/// Provenance of a table written by this calibrator; `config_hash` is the run's
/// `pipeline::run_record::config_hash` (0 when no run produced the values).
///
/// # Errors
///
/// [`TableError::TextTooLong`] when the calibrator version or `preset` exceeds its capacity in the
/// table.
pub fn provenance(
    preset: &str,
    seed: u64,
    origin: ValueOrigin,
    config_hash: u64,
) -> Result<Provenance, TableError> {
    Ok(Provenance {
        calibrator_version: bounded::<VERSION_CAPACITY>("calibrator version", CALIBRATOR_VERSION)?,
        preset: bounded::<PRESET_CAPACITY>("preset name", preset)?,
        seed,
        origin,
        config_hash,
    })
}

/// The documented seed-000 defaults ([`Table::seed000_defaults`]) with this run's
/// provenance (preset name, seed), still flagged [`ValueOrigin::DocumentedDefaults`].
///
/// # Errors
///
/// [`TableError::TextTooLong`] for a `preset` name longer than its capacity; [`TableError::Core`]
/// if the defaults do not validate (a bug).
pub fn defaults_table(preset: &str, seed: u64) -> Result<Table, TableError> {
    let mut t = Table::seed000_defaults();
    t.provenance = provenance(preset, seed, ValueOrigin::DocumentedDefaults, 0)?;
    t.validate()?;
    Ok(t)
}

/// Puts the α(v) samples (sorted by velocity here, format-2 evaluation policy) and the fitted
/// law (`None` when its fit failed) into the table and recomputes the β_thres samples and
/// their intervals (Eq. 24); validates the result and leaves the table unchanged on error.
///
/// # Errors
///
/// [`TableError::TooManySamples`] for more samples than the α curve holds; [`TableError::Core`]
/// with [`tribo_core::Error::InvalidTable`] (or [`tribo_core::Error::ImplausibleLaw`]) when a
/// sample gives a non-finite or non-positive β_thres, or the result does not validate.
pub fn set_alpha(
    table: &mut Table,
    law: Option<AlphaLaw>,
    samples: &[AlphaSample],
) -> Result<(), TableError> {
    if samples.len() > ALPHA_SAMPLES {
        return Err(TableError::TooManySamples {
            what: "α(v)",
            given: samples.len(),
            capacity: ALPHA_SAMPLES,
        });
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(|a, b| a.v.total_cmp(&b.v));
    let mut curve = AlphaCurve {
        law,
        ..AlphaCurve::from_law(AlphaLaw::saturation(1.0, 1.0))
    };
    curve.policy = AlphaPolicy::SamplesHeld;
    for s in &sorted {
        curve.push_sample(*s)?;
    }
    let mut next = table.clone();
    next.alpha.curve = curve;
    next.fill_beta_thres_samples()?;
    // A budget already in the table gets intervals at the new samples.
    if let Some(u) = &table.uncertainty {
        next.fill_uncertainty(&u.terms)?;
    }
    next.validate()?;
    *table = next;
    Ok(())
}

/// Puts α's systematic budget into the table's uncertainty section: each α sample's
/// systematic interval α·[e^(−w_lo), e^(w_hi)] and β_thres's inverted one (Eq. 24), the
/// dominant term and the rule (`fit/systematic.rs`). Call after [`set_alpha`]; validates the
/// result and leaves the table unchanged on error.
///
/// # Errors
///
/// [`TableError::Budget`] for an empty or invalid budget; [`TableError::Core`] if the table does
/// not validate with it.
pub fn set_systematic(table: &mut Table, terms: &[Term]) -> Result<(), TableError> {
    let terms = table_terms(terms)?;
    let mut next = table.clone();
    next.fill_uncertainty(&terms)?;
    next.validate()?;
    *table = next;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_gives_every_sample_its_systematic_interval_and_survives_new_samples() {
        let mut t = defaults_table("quick", 7).unwrap();
        let s = |v: f32, alpha: f32| AlphaSample {
            v,
            alpha,
            ci95: [0.9 * alpha, 1.1 * alpha],
            spread: 0.1 * alpha,
            cases: 18,
            origin: tribo_core::law::SampleOrigin::Direct,
        };
        set_alpha(&mut t, None, &[s(0.08, 15.0)]).unwrap();
        let budget = crate::presets::systematic_budget().terms();
        set_systematic(&mut t, &budget).unwrap();
        let ([r_lo, r_hi], dominant) = crate::fit::systematic::combined(&budget).unwrap();
        let a = t.alpha_uncertainty(0).unwrap();
        let [lo, hi] = a.systematic.unwrap();
        assert!(
            (f64::from(lo) - 15.0 * r_lo).abs() < 1e-4
                && (f64::from(hi) - 15.0 * r_hi).abs() < 1e-4
        );
        assert_eq!(
            t.dominant_systematic().unwrap().name.as_str(),
            budget[dominant].name
        );
        // New samples keep the budget; an empty one is refused and changes nothing.
        set_alpha(&mut t, None, &[s(0.08, 15.0), s(1.0, 12.0)]).unwrap();
        assert!(t.alpha_uncertainty(1).unwrap().systematic.is_some());
        let before = t.clone();
        assert!(matches!(
            set_systematic(&mut t, &[]),
            Err(TableError::Budget(_))
        ));
        assert_eq!(t, before);
    }

    use tribo_core::law::SampleOrigin;

    #[test]
    fn set_alpha_sorts_fills_beta_thres_and_rejects_bad_input() {
        let mut t = defaults_table("quick", 7).unwrap();
        let law = Some(AlphaLaw::saturation(30.0, 2.0));
        let s = |v: f32, alpha: f32| AlphaSample {
            v,
            alpha,
            ci95: [0.5 * alpha, 2.0 * alpha],
            spread: 0.1 * alpha,
            cases: 18,
            origin: SampleOrigin::Direct,
        };
        set_alpha(&mut t, law, &[s(10.0, 25.0), s(1.0, 12.0), s(50.0, 29.0)]).unwrap();
        assert_eq!(t.alpha.curve.v.as_slice(), &[1.0, 10.0, 50.0]);
        // β_thres = κ/(α·h'_rms), Eq. 24, against an f64 evaluation; its interval from α's
        // (ends swapped).
        let bt = &t.beta_thres;
        for (i, a) in [12.0, 25.0, 29.0].into_iter().enumerate() {
            let want = |alpha: f64| 2.0 / (alpha * 0.34);
            let close = |x: f32, y: f64| (f64::from(x) - y).abs() < 1e-6 * y;
            assert!(close(bt.at_alpha_samples[i], want(a)));
            assert!(close(bt.ci95_lo[i], want(2.0 * a)));
            assert!(close(bt.ci95_hi[i], want(0.5 * a)));
        }
        // An α interval reaching 0 gives an unbounded β_thres interval.
        let mut z = s(5.0, 3.0);
        z.ci95[0] = 0.0;
        set_alpha(&mut t, None, &[z]).unwrap();
        assert_eq!(t.beta_thres.ci95_hi[0], f32::INFINITY);
        let before = t.clone();
        let too_many: Vec<_> = (0..ALPHA_SAMPLES + 1)
            .map(|i| s(1.0 + i as f32, 5.0))
            .collect();
        assert!(matches!(
            set_alpha(&mut t, law, &too_many),
            Err(TableError::TooManySamples { .. })
        ));
        // Duplicate velocities are not strictly increasing: rejected, table unchanged.
        assert!(set_alpha(&mut t, law, &[s(1.0, 5.0), s(1.0, 6.0)]).is_err());
        assert!(set_alpha(&mut t, law, &[s(1.0, f32::NAN)]).is_err());
        // No law and no sample: nothing to evaluate.
        assert!(set_alpha(&mut t, None, &[]).is_err());
        assert_eq!(t, before);
        assert_eq!(t.provenance.seed, 7);
        assert_eq!(t.provenance.preset.as_str(), "quick");
        assert!(provenance("a-much-too-long-preset-name", 0, ValueOrigin::Calibrated, 0).is_err());
    }
}
