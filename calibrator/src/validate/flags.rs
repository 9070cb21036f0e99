//! The commands' flags, checked with the shared rules ([`super::rules`]) and the memory budget
//! at the top of each command's `run`, before any work. One function per command; the flag
//! names in the messages are the command line's.

use std::path::{Path, PathBuf};

use super::budget::{
    self, BEM_BYTES_PER_CELL, BYTES_PER_JUNCTION, BYTES_PER_PRESSURE_STEP, BYTES_PER_SAMPLE,
};
use super::error::ConfigError;
use super::rule::Rule;
use super::rules::{
    ASPERITY_ETA, BEM_TOLERANCE, CMIN, DATA_CONDITIONS, DATA_ROWS, DEM_GAP_M, DEM_LENGTH_M,
    DRAW_LENGTH_M, FRACTION, FRETTING_AMPLITUDE_M, GRID_SIDE, JUNCTION_AREA_M2, KAPPA_MAX_P_OVER_E,
    MODULUS, PASSES, POWER_LAW_EXPONENT, PRESSURE, PRESSURE_STEPS, RANDOM_FIELD_MAX_NODES,
    RANDOM_FIELD_SAMPLES, SERIES_SAMPLES, SIGMA_LN, STEPS_PER_PERIOD, TILT,
};

/// A generated surface of `n` × `n` points (`--n`): the shared grid rule and its BEM memory.
///
/// # Errors
///
/// [`ConfigError::OutOfRange`] naming `flag` when `n` is outside the grid rule;
/// [`ConfigError::OverBudget`] when the BEM of an `n` × `n` grid would exceed the memory budget.
pub fn check_grid(flag: &str, n: usize) -> Result<(), ConfigError> {
    GRID_SIDE.check_count(flag, n as u64)?;
    budget::check(
        flag,
        n,
        "the surface and its BEM arrays",
        (n as f64).powi(2) * BEM_BYTES_PER_CELL,
    )
}

/// The self-affine spectrum flags of `contact` and `dem` (seed 000 §6.1): `--hurst` in (0, 1),
/// `--k-l`, `--k-r`, `--k-s` finite and > 0, ordered k_l ≤ k_r ≤ k_s, and k_s within the
/// grid's Nyquist mode n/2 (`--n`), each refusal naming its flag.
///
/// # Errors
/// [`ConfigError`] naming the flag and the rule.
pub fn check_spectrum(hurst: f64, k: [f64; 3], n: usize) -> Result<(), ConfigError> {
    super::rules::HURST.check("--hurst", hurst)?;
    for (flag, v) in ["--k-l", "--k-r", "--k-s"].into_iter().zip(k) {
        Rule::POSITIVE.check(flag, v)?;
    }
    if !(k[0] <= k[1] && k[1] <= k[2]) {
        return Err(ConfigError::Order {
            relation: "--k-l ≤ --k-r ≤ --k-s",
            values: format!("{} ≤ {} ≤ {}", k[0], k[1], k[2]),
        });
    }
    Rule::Real {
        lo: super::rule::Bound::Open(0.0),
        hi: super::rule::Bound::Closed(n as f64 / 2.0),
    }
    .check("--k-s (at most the Nyquist mode --n/2)", k[2])
}

/// `tribo contact`: grid side of a generated surface (`None` for a loaded map, checked after
/// reading by [`crate::surface::check_measured_map`]), pressure steps, BEM tolerance, κ-fit range.
///
/// # Errors
///
/// [`ConfigError::OutOfRange`] naming the flag for `--n`, `--steps`, `--tolerance` or the κ-fit
/// range outside its rule; [`ConfigError::OverBudget`] for a grid over the memory budget.
pub fn check_contact(
    generated_n: Option<usize>,
    steps: usize,
    tolerance: f64,
    kappa_max_p_over_e: f64,
) -> Result<(), ConfigError> {
    if let Some(n) = generated_n {
        check_grid("--n", n)?;
    }
    budget::check(
        "--steps",
        steps,
        "the pressure sweep",
        steps as f64 * BYTES_PER_PRESSURE_STEP,
    )?;
    PRESSURE_STEPS.check_count("--steps", steps as u64)?;
    BEM_TOLERANCE.check("--tolerance", tolerance)?;
    KAPPA_MAX_P_OVER_E.check("--kappa-max-p-over-e", kappa_max_p_over_e)
}

/// The numeric settings of `tribo asperity`.
#[derive(Clone, Copy, Debug)]
pub struct AsperityFlags {
    /// `--steps-per-period`.
    pub steps_per_period: f64,
    /// `--cmin`.
    pub cmin: f64,
    /// `--epsilon`.
    pub epsilon: f64,
    /// `--samples`.
    pub samples: usize,
    /// `--eta` \[1/s\].
    pub eta: f64,
    /// `--area-per-load` \[m²/N\].
    pub area_per_load: f64,
    /// `--duration` \[s\], `None` for the automatic one.
    pub duration: Option<f64>,
    /// The generators' junction areas \[m²\] with their flags (`--min-area`, `--max-area`,
    /// `--median-area`, `--spike-median`), `None` when not given.
    pub areas: [(&'static str, Option<f64>); 4],
    /// `--sigma-ln`.
    pub sigma_ln: f64,
    /// `--spike-fraction`.
    pub spike_fraction: f64,
    /// `--spike-sigma-ln`.
    pub spike_sigma_ln: f64,
    /// `--exponent`, `None` when not given.
    pub exponent: Option<f64>,
}

/// `tribo asperity`: every numeric flag, each load, and the junction memory of the largest
/// load (`junctions(P)` = the generator's junction count at load P, or the file's rows).
///
/// # Errors
///
/// [`ConfigError::OutOfRange`] naming the flag for a numeric flag outside its rule;
/// [`ConfigError::Element`] or [`ConfigError::Empty`] for `--loads`; [`ConfigError::OverBudget`]
/// when the junctions of the largest load exceed the memory budget.
pub fn check_asperity(
    f: &AsperityFlags,
    loads: &[f64],
    junctions: impl Fn(f64) -> f64,
) -> Result<(), ConfigError> {
    STEPS_PER_PERIOD.check("--steps-per-period", f.steps_per_period)?;
    CMIN.check("--cmin", f.cmin)?;
    FRACTION.check("--epsilon", f.epsilon)?;
    SERIES_SAMPLES.check_count("--samples", f.samples as u64)?;
    Rule::POSITIVE.check("--area-per-load", f.area_per_load)?;
    ASPERITY_ETA.check("--eta (1/s)", f.eta)?;
    for (flag, area) in f.areas {
        if let Some(a) = area {
            JUNCTION_AREA_M2.check(flag, a)?;
        }
    }
    FRACTION.check("--spike-fraction", f.spike_fraction)?;
    // Real contact area per load is 1/H: 1e-3 m²/N is a hardness of 1 kPa, softer than gels.
    Rule::closed(0.0, 1e-3).check("--area-per-load (m²/N)", f.area_per_load)?;
    SIGMA_LN.check("--sigma-ln", f.sigma_ln)?;
    SIGMA_LN.check("--spike-sigma-ln", f.spike_sigma_ln)?;
    if let Some(t) = f.exponent {
        POWER_LAW_EXPONENT.check("--exponent", t)?;
    }
    if let Some(d) = f.duration {
        Rule::POSITIVE.check("--duration", d)?;
    }
    Rule::POSITIVE.check_each("--loads", loads)?;
    for &p in loads {
        budget::check(
            "--loads",
            super::rule::show(p),
            "the junction population of this load",
            junctions(p) * BYTES_PER_JUNCTION,
        )?;
    }
    budget::check(
        "--samples",
        f.samples,
        "the recorded time series",
        f.samples as f64 * loads.len() as f64 * BYTES_PER_SAMPLE,
    )
}

/// `tribo random-field`: realisations, mesh cap, σ/μ and the tolerances.
///
/// # Errors
///
/// [`ConfigError::OutOfRange`] naming the flag for `--samples`, `--max-nodes`, `--sigma-over-mu` or
/// a tolerance outside its rule.
pub fn check_random_field(
    samples: usize,
    max_nodes: usize,
    sigma_over_mu: f64,
    tolerance: f64,
    plateau_tolerance: f64,
) -> Result<(), ConfigError> {
    RANDOM_FIELD_SAMPLES.check_count("--samples", samples as u64)?;
    RANDOM_FIELD_MAX_NODES.check_count("--max-nodes", max_nodes as u64)?;
    super::rules::COF_SIGMA_OVER_MU.check("--sigma-over-mu", sigma_over_mu)?;
    Rule::OPEN_UNIT.check("--tolerance", tolerance)?;
    Rule::OPEN_UNIT.check("--plateau-tolerance", plateau_tolerance)
}

/// `tribo dem`: grid of generated surfaces, initial tilt, output stride.
///
/// # Errors
///
/// [`ConfigError::OutOfRange`] naming the flag for `--n`, `--max-tilt` or `--every` outside its
/// rule; [`ConfigError::OverBudget`] for a grid over the memory budget.
pub fn check_dem(n: usize, max_tilt: f64, every: usize) -> Result<(), ConfigError> {
    check_grid("--n", n)?;
    TILT.check("--max-tilt (rad, or with a unit: 5deg)", max_tilt)?;
    Rule::count(1, u64::MAX).check_count("--every", every as u64)
}

/// `tribo dem --deformable-file/--tool-file`: a loaded text matrix needs `--spacing` (an X3P file
/// carries its own). The pixel
/// spacing is not derived: a plain matrix carries no lengths (only heights, in
/// `--height-unit`), and `--length`/`--n` describe generated surfaces, not a file — a guessed
/// spacing would scale every flake contact, slope and slid pixel silently. So the rule is
/// "no file without `--spacing`", checked before the file is read; the message names the flag,
/// its file and `--spacing`.
///
/// # Errors
///
/// [`ConfigError::NeedsFlag`] naming `--deformable-file FILE` (or `--tool-file FILE`) and `--spacing`
/// when a file is given without a spacing.
pub fn check_dem_files(
    def_file: Option<&std::path::Path>,
    tool_file: Option<&std::path::Path>,
    spacing: Option<f64>,
) -> Result<(), ConfigError> {
    if spacing.is_some() {
        return Ok(());
    }
    for (flag, file) in [("--deformable-file", def_file), ("--tool-file", tool_file)] {
        // An X3P file carries its own spacing (`crate::surface::SurfaceSource`).
        if let Some(f) = file.filter(|f| !crate::surface::MeasuredSurface::path_is_x3p(f)) {
            return Err(ConfigError::NeedsFlag {
                flag: format!("{flag} {}", f.display()),
                needs: "--spacing (pixel spacing in m, or with a unit: 1um)",
                why: "a text matrix carries heights only, so its pixel spacing must be given",
            });
        }
    }
    Ok(())
}

/// `tribo export`: pressures and draw lengths within their plausibility rules (a bare number
/// is SI: `--pressures 30` is 30 Pa and `--draw-lengths 140` is 140 m, both refused).
///
/// # Errors
///
/// [`ConfigError::Element`] or [`ConfigError::Empty`] naming the flag for a pressure or draw length
/// outside its plausibility rule or an empty list.
pub fn check_export(pressures: &[f64], draw_lengths: &[f64]) -> Result<(), ConfigError> {
    PRESSURE.check_each("--pressures (Pa, or with a unit: 30MPa)", pressures)?;
    if !draw_lengths.is_empty() {
        DRAW_LENGTH_M.check_each("--draw-lengths (m, or with a unit: 140mm)", draw_lengths)?;
    }
    Ok(())
}

/// `tribo dem`: the flake-scale lengths within [`DEM_LENGTH_M`], a given mean gap within
/// [`DEM_GAP_M`], the modulus within [`MODULUS`] (a bare number is SI:
/// `--length 500`, once µm, is 500 m and refused). `lengths` pairs each flag (with its unit
/// hint) with its value, `None` when not given.
///
/// # Errors
///
/// [`ConfigError::OutOfRange`] naming the flag for a length outside [`DEM_LENGTH_M`], a gap outside
/// [`DEM_GAP_M`] or a modulus outside [`MODULUS`].
pub fn check_dem_units(
    lengths: &[(&str, Option<f64>)],
    gap: Option<f64>,
    e_star: f64,
) -> Result<(), ConfigError> {
    for (flag, value) in lengths {
        if let Some(v) = value {
            DEM_LENGTH_M.check(flag, *v)?;
        }
    }
    if let Some(g) = gap {
        DEM_GAP_M.check("--gap (m, or with a unit: 2um)", g)?;
    }
    MODULUS.check("--e-star (Pa, or with a unit: 55GPa)", e_star)
}

/// `tribo fretting wear|mesh-study`: pressures within [`PRESSURE`] and the slip amplitude
/// within [`FRETTING_AMPLITUDE_M`] (a bare number is SI: `--pressures 200` is 200 Pa and
/// `--amplitude 20` is 20 m, both refused).
///
/// # Errors
///
/// [`ConfigError::Element`] or [`ConfigError::Empty`] for `--pressures` outside [`PRESSURE`];
/// [`ConfigError::OutOfRange`] for an `--amplitude` outside [`FRETTING_AMPLITUDE_M`].
pub fn check_fretting(pressures: &[f64], amplitude: f64) -> Result<(), ConfigError> {
    PRESSURE.check_each("--pressures (Pa, or with a unit: 200MPa)", pressures)?;
    FRETTING_AMPLITUDE_M.check("--amplitude (m, or with a unit: 20um)", amplitude)?;
    // 0 is unidirectional sliding; a slip below a nanometre is elastic accommodation of the
    // contact, not fretting (`--amplitude 1e-300m` ran).
    if amplitude > 0.0 && amplitude < MIN_FRETTING_AMPLITUDE_M {
        return Err(ConfigError::OutOfRange {
            key: "--amplitude (m, or with a unit: 20um; 0 for unidirectional sliding)".into(),
            value: super::rule::show(amplitude),
            rule: Rule::closed(MIN_FRETTING_AMPLITUDE_M, 1e-3),
        });
    }
    Ok(())
}

/// The smallest non-zero fretting slip amplitude \[m\]: 1 nm (below, the tangential
/// displacement is taken up elastically and nothing slips).
pub const MIN_FRETTING_AMPLITUDE_M: f64 = 1e-9;

/// `tribo strip-draw`: passes of the multipass study (the same cap as `tribo fit`).
///
/// # Errors
///
/// [`ConfigError::OutOfRange`] for `--passes` outside the pass-count rule.
pub fn check_strip_draw(passes: usize) -> Result<(), ConfigError> {
    PASSES.check_count("--passes", passes as u64)
}

/// `tribo asperity --junctions FILE…`: every junction area within [`JUNCTION_AREA_M2`] (a
/// 1e300 m² junction ran without bound).
///
/// # Errors
///
/// [`ConfigError::Element`] naming the file for a junction area outside [`JUNCTION_AREA_M2`].
pub fn check_junction_areas(files: &[PathBuf], areas: &[Vec<f64>]) -> Result<(), ConfigError> {
    for (file, list) in files.iter().zip(areas) {
        JUNCTION_AREA_M2.check_each(
            &format!("--junctions {} (area in m²)", file.display()),
            list,
        )?;
    }
    Ok(())
}

/// `tribo fit`: the measured rows and their distinct conditions (tool, pressure), each of
/// which is a bar simulation per objective evaluation (`conditions` yields one key per row).
///
/// # Errors
///
/// [`ConfigError::OutOfRange`] naming `data` when the rows or the distinct conditions exceed their
/// count rules (each condition costs a bar simulation per objective evaluation).
pub fn check_fit_data(
    data: &Path,
    conditions: impl Iterator<Item = (u64, u64)>,
) -> Result<(), ConfigError> {
    let mut rows = 0u64;
    let mut distinct = std::collections::BTreeSet::new();
    for c in conditions {
        rows += 1;
        distinct.insert(c);
    }
    let key = format!("--data {} (rows)", data.display());
    DATA_ROWS.check_count(&key, rows)?;
    let key = format!(
        "--data {} (distinct tool and pressure conditions)",
        data.display()
    );
    DATA_CONDITIONS.check_count(&key, distinct.len() as u64)
}

/// `tribo fit strip-draw`: the start (or fixed) values of the fit within the table's bounds
/// (`--tau0=-1` and `--zeta 2` started a fit outside the physical domain), and the iteration
/// cap.
///
/// # Errors
/// [`ConfigError::OutOfRange`] naming the flag.
pub fn check_fit_starts(
    tau0: Option<f64>,
    zeta: Option<f64>,
    archard_k: Option<f64>,
    particle_friction: Option<f64>,
    max_iterations: usize,
) -> Result<(), ConfigError> {
    if let Some(t) = tau0 {
        super::rules::SHEAR_STRENGTH.check("--tau0 (Pa, or with a unit: 3MPa)", t)?;
    }
    if let Some(z) = zeta {
        FRACTION.check("--zeta", z)?;
    }
    if let Some(k) = archard_k {
        super::rules::ARCHARD_K.check("--archard-k", k)?;
    }
    if let Some(m) = particle_friction {
        super::rules::FRICTION_COEFFICIENT.check("--particle-friction", m)?;
    }
    super::rules::SWEEP_CAP.check_count("--max-iterations", max_iterations as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_probes_are_refused_by_flag() {
        let e = check_contact(Some(32), usize::MAX, 1e-10, 0.02).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "--steps 18446744073709551615: the pressure sweep would need 1.2e21 B"
            ),
            "{e}"
        );
        let e = check_contact(Some(100_000), 12, 1e-10, 0.02).unwrap_err();
        assert!(e.to_string().starts_with("--n 100000: "), "{e}");
        let e = check_contact(Some(32), 12, 10.0, 0.02).unwrap_err();
        assert_eq!(e.to_string(), "--tolerance must be in (0, 1), got 10");
        for bad in [f64::NAN, -1.0] {
            let e = check_contact(None, 12, 1e-10, bad).unwrap_err().to_string();
            assert!(
                e.starts_with("--kappa-max-p-over-e must be in (0, 1]"),
                "{e}"
            );
        }
        assert!(check_contact(Some(128), 12, 1e-10, 0.02).is_ok());
        let e = check_random_field(5000, 0, 0.2, 0.05, 0.01).unwrap_err();
        assert!(e.to_string().starts_with("--max-nodes must be"), "{e}");
        // 100° in radians: beyond π/2.
        let e = check_dem(256, 100f64.to_radians(), 1).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("--max-tilt (rad, or with a unit: 5deg) must be in [0, 1.57"),
            "{e}"
        );
        let e = check_strip_draw(100_000).unwrap_err();
        assert!(e.to_string().starts_with("--passes must be"), "{e}");
    }
}
