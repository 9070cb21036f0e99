//! Building a [`Table`] from calibration results.

use tribo_core::law::{ALPHA_SAMPLES, AlphaCurve, SaturationLaw};
use tribo_core::table::{PRESET_CAPACITY, Provenance, Table, VERSION_CAPACITY, ValueOrigin};

use super::TableError;

/// This calibrator's version, written into every table's provenance.
pub const CALIBRATOR_VERSION: &str = env!("CARGO_PKG_VERSION");

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

/// Provenance of a table written by this calibrator.
pub fn provenance(preset: &str, seed: u64, origin: ValueOrigin) -> Result<Provenance, TableError> {
    Ok(Provenance {
        calibrator_version: bounded::<VERSION_CAPACITY>("calibrator version", CALIBRATOR_VERSION)?,
        preset: bounded::<PRESET_CAPACITY>("preset name", preset)?,
        seed,
        origin,
    })
}

/// The documented seed-000 defaults ([`Table::seed000_defaults`]) with this run's
/// provenance (preset name, seed), still flagged [`ValueOrigin::DocumentedDefaults`].
pub fn defaults_table(preset: &str, seed: u64) -> Result<Table, TableError> {
    let mut t = Table::seed000_defaults();
    t.provenance = provenance(preset, seed, ValueOrigin::DocumentedDefaults)?;
    t.validate()?;
    Ok(t)
}

/// One α(v) sample: sliding velocity \[m/s\], mean α over seeds and its standard deviation \[-\].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlphaSample {
    /// Sliding velocity v0 \[m/s\].
    pub v: f64,
    /// Mean α over the ensemble \[-\].
    pub mean: f64,
    /// Standard deviation of α over the ensemble \[-\].
    pub std: f64,
}

/// Puts the α(v) samples (sorted by velocity here) and the fitted saturation law into the
/// table and recomputes the β_thres samples (Eq. 24); validates the result.
pub fn set_alpha(
    table: &mut Table,
    law: SaturationLaw,
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
    let mut curve = AlphaCurve::from_law(law);
    for s in &sorted {
        // Capacity checked above: the pushes cannot fail.
        let _ = curve.v.push(s.v as f32);
        let _ = curve.alpha.push(s.mean as f32);
        let _ = curve.spread.push(s.std as f32);
    }
    let mut next = table.clone();
    next.alpha.curve = curve;
    next.fill_beta_thres_samples()?;
    next.validate()?;
    *table = next;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_alpha_sorts_fills_beta_thres_and_rejects_bad_input() {
        let mut t = defaults_table("quick", 7).unwrap();
        let law = SaturationLaw {
            b: 30.0,
            v_ref: 2.0,
        };
        let s = |v: f64, mean: f64| AlphaSample {
            v,
            mean,
            std: 0.1 * mean,
        };
        set_alpha(&mut t, law, &[s(10.0, 25.0), s(1.0, 12.0), s(50.0, 29.0)]).unwrap();
        assert_eq!(t.alpha.curve.v.as_slice(), &[1.0, 10.0, 50.0]);
        // β_thres = κ/(α·h'_rms), Eq. 24, against an f64 evaluation.
        for (bt, a) in t.beta_thres.at_alpha_samples.iter().zip([12.0, 25.0, 29.0]) {
            let want = 2.0 / (a * 0.34);
            assert!((f64::from(*bt) - want).abs() < 1e-6 * want);
        }
        let before = t.clone();
        let too_many: Vec<_> = (0..ALPHA_SAMPLES + 1)
            .map(|i| s(1.0 + i as f64, 5.0))
            .collect();
        assert!(matches!(
            set_alpha(&mut t, law, &too_many),
            Err(TableError::TooManySamples { .. })
        ));
        // Duplicate velocities are not strictly increasing: rejected, table unchanged.
        assert!(set_alpha(&mut t, law, &[s(1.0, 5.0), s(1.0, 6.0)]).is_err());
        assert!(set_alpha(&mut t, law, &[s(1.0, f64::NAN)]).is_err());
        assert_eq!(t, before);
        assert_eq!(t.provenance.seed, 7);
        assert_eq!(t.provenance.preset.as_str(), "quick");
        assert!(provenance("a-much-too-long-preset-name", 0, ValueOrigin::Calibrated).is_err());
    }
}
