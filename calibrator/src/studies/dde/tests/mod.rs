//! Tests of the seed 001 studies: the power-law fit of K(p) and its table section, the paired
//! bootstrap CIs, the debris scale.

#[test]
fn power_law_fit_recovers_a_known_law() {
    use crate::studies::dde::wear_study::{KAtPressure, fit_power_law};
    // Synthetic runs with K = 2e-3·(p/p_ref)^0.7 times realisation scatter ±10 % (paired).
    let pressures = [1e8, 2e8, 4e8];
    let scatter = [0.9, 1.0, 1.1, 0.95, 1.05];
    let p_ref = (pressures.iter().map(|p: &f64| p.ln()).sum::<f64>() / 3.0).exp();
    let points: Vec<KAtPressure> = pressures
        .iter()
        .map(|&p| {
            let runs: Vec<_> = scatter
                .iter()
                .map(|s| crate::dde::sliding::SlidingWearResult {
                    k: 2e-3 * (p / p_ref).powf(0.7) * s,
                    worn_area: 0.0,
                    friction_work: 1.0,
                    energy_wear: 0.0,
                    mean_mu: 0.3,
                    history: Vec::new(),
                    broken: 0,
                    fragment_areas: Vec::new(),
                    fragment_elements: Vec::new(),
                    fragments_at_start: 0,
                    elements: 0,
                    steps: 0,
                })
                .collect();
            let k_mean = runs.iter().map(|r| r.k).sum::<f64>() / runs.len() as f64;
            KAtPressure {
                pressure: p,
                k_mean,
                k_ci95: [0.0, 0.0],
                energy_wear: 0.0,
                mu: 0.3,
                runs,
            }
        })
        .collect();
    let fit = fit_power_law(&points, 3).unwrap();
    section_round_trips(&fit, &points);
    // Paired multiplicative scatter cancels in the exponent: exact to round-off.
    assert!((fit.exponent - 0.7).abs() < 1e-9, "n = {}", fit.exponent);
    assert!((fit.k0 - 2e-3).abs() < 1e-12);
    assert!(fit.k0_ci95[0] < 2e-3 && fit.k0_ci95[1] > 2e-3);
}

/// The ShapeOnly section from a fit validates, is K(p_ref) = 1 with the fitted exponent, and
/// survives the format-2 table round trip.
fn section_round_trips(
    fit: &crate::studies::dde::wear_study::PowerLawFit,
    points: &[crate::studies::dde::wear_study::KAtPressure],
) {
    use crate::studies::dde::wear_study::wear_section;
    use tribo_core::table::{SectionProvenance, Table, WearForm};
    let provenance = SectionProvenance {
        calibrator_version: heapless::String::try_from("test").unwrap(),
        preset: heapless::String::try_from("test").unwrap(),
        seed: 3,
        config_hash: 7,
        cases: 15,
    };
    let section = wear_section(fit, points, WearForm::ShapeOnly, provenance);
    section.validate().unwrap();
    // f32 storage: 1e-6 relative.
    assert!((section.k_at(section.p_ref) - 1.0).abs() < 1e-6);
    let ratio = section.k_at(2.0 * section.p_ref) / section.k_at(section.p_ref);
    assert!((f64::from(ratio) - 2f64.powf(fit.exponent)).abs() < 1e-5);
    let mut table = Table::seed000_defaults();
    table.wear = Some(section.clone());
    let bytes = crate::table::io::encode_to_vec(&table).unwrap();
    let back = Table::from_bytes(&bytes).unwrap();
    assert_eq!(back.wear, Some(section.clone()));
    // The CLI path: into an existing table file, atomically. The seed-000 table is aluminium
    // on cast iron: zirconia's section is refused without --allow-foreign-material.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.bin");
    crate::table::io::write_table(&path, &Table::seed000_defaults()).unwrap();
    let refused = crate::studies::dde::wear_study::write_into_table(&path, section.clone(), false);
    assert!(format!("{}", refused.unwrap_err()).contains("--allow-foreign-material"));
    assert_eq!(crate::table::io::read_table(&path).unwrap().wear, None);
    crate::studies::dde::wear_study::write_into_table(&path, section.clone(), true).unwrap();
    assert_eq!(
        crate::table::io::read_table(&path).unwrap().wear,
        Some(section)
    );
}

#[test]
fn paired_ratio_of_proportional_samples_is_exact() {
    use crate::studies::dde::k_mesh_study::paired_ratio_ci;
    use rand::SeedableRng;
    // b = 0.3·a realisation by realisation: every resample's ratio is 0.3 (round-off only).
    let a = [1.0, 4.0, 0.5, 2.0, 8.0, 3.0];
    let b: Vec<f64> = a.iter().map(|x| 0.3 * x).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let (r, ci) = paired_ratio_ci(&b, &a, &mut rng);
    assert!((r - 0.3).abs() < 1e-12);
    assert!((ci[0] - 0.3).abs() < 1e-12 && (ci[1] - 0.3).abs() < 1e-12);
}

#[test]
fn bootstrap_mean_ci_is_the_one_bootstrap_of_the_mean_and_takes_no_runs() {
    use crate::numerics::bootstrap::{mean_of_pick, percentile_interval, resample};
    use crate::studies::dde::wear_study::bootstrap_mean_ci;
    use rand::SeedableRng;
    // The one bootstrap (its loop is checked against the textbook loop in
    // `numerics::bootstrap`), with the mean as statistic, on the same stream.
    let x = [0.02, 0.5, 0.07, 0.11, 1.9, 0.04, 0.3];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let want = percentile_interval(resample(&mut rng, x.len(), |p| {
        mean_of_pick(&x, p).unwrap()
    }));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    assert_eq!(bootstrap_mean_ci(&x, &mut rng), want);
    // No realisation: no interval, and no panic (the naive loop draws from an empty range).
    let ci = bootstrap_mean_ci(&[], &mut rng);
    assert!(ci[0].is_nan() && ci[1].is_nan());
}

/// A run that made `fragments` debris of `area_h2`·h² each (one element each).
fn synthetic_run(fragments: usize, area: f64) -> crate::dde::sliding::SlidingWearResult {
    crate::dde::sliding::SlidingWearResult {
        k: 0.0,
        worn_area: fragments as f64 * area,
        friction_work: 1.0,
        energy_wear: 0.0,
        mean_mu: 0.3,
        history: Vec::new(),
        broken: 3 * fragments,
        fragment_areas: vec![area; fragments],
        fragment_elements: vec![1; fragments],
        fragments_at_start: 0,
        elements: 0,
        steps: 0,
    }
}

#[test]
fn element_scale_debris_read_as_such() {
    use crate::studies::dde::debris_scale::{
        DebrisScale, mean_fragment_area, mean_fragments, paired_pooled_ratio,
    };
    use rand::SeedableRng;
    // Two meshes h and h/2 with the same fragment counts per realisation, each fragment 1.5
    // element areas: the fragment area in units of h² is 1.5 on both (every resample: exact),
    // the paired area ratio is exactly ¼ and the count ratio exactly 1.
    let coarse_case = crate::dde::sliding::SlidingWearCase::quick(2e8, 1, 0);
    let fine_case = crate::dde::sliding::SlidingWearCase {
        spacing: 0.5 * coarse_case.spacing,
        ..coarse_case
    };
    let counts = [2, 0, 5, 1, 3, 4];
    let h2 = |c: &crate::dde::sliding::SlidingWearCase| c.spacing * c.spacing;
    let coarse: Vec<_> = counts
        .iter()
        .map(|&n| synthetic_run(n, 1.5 * h2(&coarse_case)))
        .collect();
    let fine: Vec<_> = counts
        .iter()
        .map(|&n| synthetic_run(n, 1.5 * h2(&fine_case)))
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for (runs, case) in [(&coarse, &coarse_case), (&fine, &fine_case)] {
        let d = DebrisScale::of(runs, case, &mut rng);
        assert!((d.area_over_h2.0 - 1.5).abs() < 1e-12, "{d:?}");
        assert!(d.area_over_h2.1.iter().all(|v| (v - 1.5).abs() < 1e-12));
        assert_eq!(d.area_histogram, [0, 15, 0, 0, 0]);
        assert_eq!(d.single_element_share, 1.0);
        // 15 fragments over 6 runs of s = L/2 = 0.2 mm: 12.5 per mm, 12 500 per metre.
        assert!((d.fragments_per_m.0 - 12.5e3).abs() < 1e-6);
        assert!((d.broken_per_m.0 - 37.5e3).abs() < 1e-6);
        let asp = 1.5 * h2(case) / case.asperity_area();
        assert!((d.area_over_asperity.0 / asp - 1.0).abs() < 1e-12);
    }
    let (r, ci) = paired_pooled_ratio(&fine, &coarse, &mut rng, mean_fragment_area);
    assert!((r - 0.25).abs() < 1e-12 && ci.iter().all(|v| (v - 0.25).abs() < 1e-12));
    let (r, ci) = paired_pooled_ratio(&fine, &coarse, &mut rng, mean_fragments);
    assert!((r - 1.0).abs() < 1e-12 && ci.iter().all(|v| (v - 1.0).abs() < 1e-12));
}

#[test]
fn largest_fragment_share_tells_a_body_break_from_wear() {
    use crate::studies::dde::debris_scale::largest_fragment_share;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    // Many equal fragments: the largest holds 1/n of each run's debris (exact in every
    // resample); a run without debris is left out.
    let wear: Vec<_> = [4, 4, 0, 4]
        .iter()
        .map(|&n| synthetic_run(n, 1e-10))
        .collect();
    let (m, ci) = largest_fragment_share(&wear, &mut rng);
    assert!((m - 0.25).abs() < 1e-12 && ci.iter().all(|v| (v - 0.25).abs() < 1e-12));
    // One piece of 9 units beside one of 1: 0.9 of the debris.
    let mut broken = synthetic_run(2, 1e-10);
    broken.fragment_areas = vec![9e-10, 1e-10];
    let (m, _) = largest_fragment_share(&[broken], &mut rng);
    assert!((m - 0.9).abs() < 1e-12);
}
