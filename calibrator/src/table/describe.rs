//! Human-readable description of a table (`tribo inspect`, the report's summary).

use std::fmt::Write as _;

use tribo_core::law::SampleOrigin;
use tribo_core::table::{
    AlphaLawForm, BetaThresRule, MaterialIdentity, ParticleShearOrigin, Table, ValueOrigin,
};

/// Sliding velocity of seed 000's strip-draw tests (§2.1) \[m/s\], used as the reference
/// point of the descriptions and reports.
pub const STRIP_DRAW_V0: f32 = 0.08;

/// The banner every output about a defaults-only table carries.
pub const DEFAULTS_BANNER: &str = "DOCUMENTED DEFAULTS, NOT A CALIBRATION: these values are seed-000 \
     parameters and documented choices (τ0, H, α(v) law), not results of the calibrator's \
     simulations (`tribo calibrate` runs those).";

/// What a table written by `tribo fit` is, by the origin of the table it started from.
pub fn fitted_banner(origin: ValueOrigin, data_hash: u64) -> Option<String> {
    let rest = match origin {
        ValueOrigin::FittedOnDefaults => {
            "every other value is a documented default, not a calibration (seed-000 parameters and \
             documented choices)"
        }
        ValueOrigin::FittedOnCalibrated => "every other value was calibrated by `tribo calibrate`",
        ValueOrigin::DocumentedDefaults | ValueOrigin::Calibrated => return None,
    };
    Some(format!(
        "FITTED TO MEASUREMENTS: τ0 and ζ (and K if fitted) come from `tribo fit strip-draw` on a \
         data file with FNV-1a hash {data_hash:016x}; {rest}."
    ))
}

/// A multi-line text description of `table`: provenance, parameters with units, α(v) and
/// β_thres, and what the optional sections hold.
pub fn describe(table: &Table) -> String {
    let mut s = String::new();
    // `write!` into a String cannot fail.
    let p = &table.provenance;
    if p.origin == ValueOrigin::DocumentedDefaults {
        let _ = writeln!(s, "*** {DEFAULTS_BANNER} ***\n");
    }
    if let Some(banner) = fitted_banner(p.origin, p.config_hash) {
        let _ = writeln!(s, "*** {banner} ***\n");
    }
    let origin = match p.origin {
        ValueOrigin::DocumentedDefaults => "documented defaults",
        ValueOrigin::Calibrated => "calibrated",
        ValueOrigin::FittedOnDefaults => "fitted to measurements on documented defaults",
        ValueOrigin::FittedOnCalibrated => "fitted to measurements on a calibration",
    };
    let _ = writeln!(
        s,
        "provenance: calibrator {} · preset {} · seed {} · {origin}",
        p.calibrator_version, p.preset, p.seed
    );
    let _ = writeln!(s, "material: {}", material(&table.material));
    let l = &table.law;
    let _ = writeln!(s, "\nlocal friction law (seed 000 Eq. 9, 23-24)");
    let _ = writeln!(
        s,
        "  tau0      = {:.4e} Pa   interfacial shear strength",
        l.tau0
    );
    let _ = writeln!(
        s,
        "  kappa     = {:.4}          contact-area constant (Eq. 8)",
        l.kappa
    );
    let _ = writeln!(s, "  E*        = {:.4e} Pa   effective modulus", l.e_star);
    let _ = writeln!(s, "  h'_rms    = {:.4}          RMS slope", l.slope_rms);
    let _ = writeln!(
        s,
        "  mu0       = {:.5}         tau0*kappa/(E* h'_rms)",
        l.mu0()
    );
    particle_shear(&mut s, table);
    let t = &table.transport;
    let _ = writeln!(s, "\nbeta-transport (Eq. 12-14)");
    let _ = writeln!(s, "  H         = {:.4e} Pa   hardness", t.hardness);
    let _ = writeln!(
        s,
        "  h_p       = {:.4e} m    particle thickness",
        t.particle_thickness
    );
    let _ = writeln!(
        s,
        "  K         = {:.4e}      Archard coefficient",
        t.archard_k
    );
    let _ = writeln!(
        s,
        "  zeta      = {:.4}          tool-carried fraction",
        t.zeta
    );
    let a = &table.alpha;
    let form = match a.form {
        AlphaLawForm::ExpSaturation => "alpha = b (1 - exp(-|v|/v_ref))",
        AlphaLawForm::ExpRelaxation => "alpha = a_inf + (a_0 - a_inf) exp(-|v|/v_ref)",
    };
    let rule = match table.beta_thres.rule {
        BetaThresRule::ContactAreaBound => "beta_thres = kappa/(alpha h'_rms) (Eq. 24)",
    };
    match a.curve.law {
        Some(l) => {
            let _ = writeln!(
                s,
                "\nalpha(v): {form}, a_inf = {:.4}, a_0 = {:.4}, v_ref = {:.4e} m/s; {rule}",
                l.alpha_inf, l.alpha_0, l.v_ref
            );
        }
        None => {
            let _ = writeln!(
                s,
                "\nalpha(v): samples only (the law's fit failed: see the calibration summary); {rule}"
            );
        }
    }
    if let Ok(law) = table.friction_law() {
        let v = STRIP_DRAW_V0;
        let _ = writeln!(
            s,
            "  at v = {v} m/s: alpha = {:.4}, beta_thres = {:.4}",
            law.alpha(v),
            law.beta_thres(v)
        );
    }
    if a.curve.v.is_empty() {
        let _ = writeln!(s, "  no samples (law only)");
    } else {
        let _ = writeln!(
            s,
            "  {:>10} {:>9} {:>19} {:>6} {:>10} {:>9} {:>19}",
            "v [m/s]", "alpha", "alpha 95% CI", "cases", "origin", "beta_thr", "beta_thr 95% CI"
        );
        let c = &a.curve;
        let b = &table.beta_thres;
        for i in 0..c.v.len() {
            let origin = match c.origin[i] {
                SampleOrigin::Direct => "direct",
                SampleOrigin::Similarity => "v0/γ sim.",
                SampleOrigin::FormatOne => "format 1",
            };
            let _ = writeln!(
                s,
                "  {:>10.4e} {:>9.4} [{:>8.4}, {:>8.4}] {:>6} {:>10} {:>9.4} [{:>8.4}, {:>8.4}]",
                c.v[i],
                c.alpha[i],
                c.ci95_lo[i],
                c.ci95_hi[i],
                c.cases[i],
                origin,
                b.at_alpha_samples[i],
                b.ci95_lo[i],
                b.ci95_hi[i]
            );
        }
    }
    match &table.clusters {
        None => {
            let _ = writeln!(
                s,
                "\ncontact clusters: not calibrated (kappa is a literature value)"
            );
        }
        Some(c) => {
            let _ = writeln!(
                s,
                "\ncontact clusters (App. D-F), p in [{:.3e}, {:.3e}] Pa",
                c.pressure_range[0], c.pressure_range[1]
            );
            let _ = writeln!(s, "  kappa fit R^2 = {:.5}", c.kappa_fit_r2);
            let _ = writeln!(
                s,
                "  d_c/d = {:.4e} (p/E*)^-1/2 (nucleation); {:.4} - {:.4} (p/E*)^1/2 (growth)",
                c.dc_nucleation, c.dc_growth[0], c.dc_growth[1]
            );
            let _ = writeln!(s, "  N_c/N_s slope vs p/E* = {:.4e}", c.nc_over_ns_slope);
        }
    }
    let c = &table.cof;
    if !c.is_calibrated() {
        let _ = writeln!(s, "\nCOF random field (seed 004): not calibrated");
    } else {
        let _ = writeln!(
            s,
            "\nCOF random field (seed 004): {} translation, {} rotation, {} planar points ({} radii)",
            c.translation_cv_f.len(),
            c.rotation_cv_t.len(),
            c.planar_cv_f.len(),
            c.planar_rho_over_a.len()
        );
        let _ = writeln!(
            s,
            "  l/a grid: 10^{:.3} step 10^{:.4}; thresholds at sigma/mu = {}, tol = {}: deterministic below l/a = {}, random variable above {}",
            c.log10_la_min,
            c.log10_la_step,
            c.threshold_sigma_over_mu,
            c.threshold_tolerance,
            c.la_deterministic,
            c.la_random_variable
        );
    }
    let pr = &table.presliding;
    if pr.normal_load.is_empty() {
        let _ = writeln!(s, "\npre-sliding (seed 003): not calibrated");
    } else {
        let _ = writeln!(
            s,
            "\npre-sliding (seed 003): kinetic ratio eps = {}",
            pr.kinetic_ratio
        );
        let _ = writeln!(
            s,
            "  {:>12} {:>12} {:>12} {:>12}",
            "P [N]", "Q_s [N]", "k_t [N/m]", "A_s [m^2]"
        );
        for (((p, q), k), a) in pr
            .normal_load
            .iter()
            .zip(&pr.static_threshold)
            .zip(&pr.tangential_stiffness)
            .zip(&pr.static_area)
        {
            let _ = writeln!(s, "  {p:>12.4e} {q:>12.4e} {k:>12.4e} {a:>12.4e}");
        }
    }
    other_sections(&mut s, table);
    s
}

/// `pair (conditions)`, saying what was not recorded.
fn material(m: &MaterialIdentity) -> String {
    let pair = if m.is_recorded() {
        m.pair.as_str()
    } else {
        "not recorded (format 1 or 2)"
    };
    if m.conditions.trim().is_empty() {
        pair.to_owned()
    } else {
        format!("{pair} ({})", m.conditions)
    }
}

/// The law's shear on the particle-borne area (issue 30), or that it is seed 000's Eq. 7.
fn particle_shear(s: &mut String, table: &Table) {
    let Some(p) = &table.particle_shear else {
        let _ = writeln!(
            s,
            "  mu_p      = none            seed 000's Eq. 7: mu = 0 at beta >= beta_thres"
        );
        return;
    };
    let l = &table.law;
    let tau_p = p.particle_friction * l.e_star * l.slope_rms / l.kappa;
    let origin = match p.origin {
        ParticleShearOrigin::DocumentedDefault => "documented default ratio mu_p/mu0",
        ParticleShearOrigin::FittedStripDraw => "fitted to strip-draw data (profile-likelihood CI)",
        ParticleShearOrigin::FittedSeed000Passes => {
            "solved with zeta from seed 000 s2.1 (35 %, 72 %); CI: +-5 points on those numbers"
        }
        ParticleShearOrigin::SimulatedShearCell => {
            "seed-002 shear cell, lubricated layer (CI over seeds)"
        }
    };
    let _ = writeln!(
        s,
        "  mu_p      = {:.5} [{:.5}, {:.5}]  friction of the particle-borne area (floor of mu, {:.3} mu0)",
        p.particle_friction,
        p.ci95[0],
        p.ci95[1],
        p.particle_friction / l.mu0()
    );
    let _ = writeln!(s, "  tau_p     = {tau_p:.4e} Pa   mu_p*E* h'_rms/kappa");
    let _ = writeln!(
        s,
        "  mu_p from: {origin}; for {}; {} cases",
        material(&p.material),
        p.provenance.cases
    );
}

/// The wear and third-body sections with the material each was computed for.
fn other_sections(s: &mut String, table: &Table) {
    match &table.wear {
        None => {
            let _ = writeln!(
                s,
                "
wear K(p) (seed 001): none"
            );
        }
        Some(w) => {
            let _ = writeln!(
                s,
                "
wear K(p) (seed 001): K0 = {:.4e} [{:.4e}, {:.4e}] at {:.3e} Pa, n = {:.3} ({:?})",
                w.k0, w.k0_ci95[0], w.k0_ci95[1], w.p_ref, w.exponent, w.form
            );
            let _ = writeln!(s, "  material: {}", material(&w.material));
        }
    }
    match &table.third_body {
        None => {
            let _ = writeln!(
                s,
                "
third-body layer mu_3b(T) (seed 002): none"
            );
        }
        Some(t) => {
            let _ = writeln!(
                s,
                "
third-body layer mu_3b(T) (seed 002): mu_3b = {:.4} [{:.4}, {:.4}] at {} K, {} samples (a study result: the law does not read it)",
                t.mu,
                t.mu_ci95[0],
                t.mu_ci95[1],
                t.reference_temperature,
                t.temperature.len()
            );
            let _ = writeln!(s, "  material: {}", material(&t.material));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_announced_and_full_tables_list_their_samples() {
        let d = describe(&Table::seed000_defaults());
        assert!(d.starts_with("*** DOCUMENTED DEFAULTS, NOT A CALIBRATION"));
        assert!(d.contains("no samples (law only)"));
        let full = Table::filled_example();
        let f = describe(&full);
        // One line per α sample under the header, and per pre-sliding load.
        let rows = f
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .count();
        assert_eq!(
            rows,
            full.alpha.curve.v.len() + full.presliding.normal_load.len()
        );
        assert!(f.contains("kappa fit R^2"));
        // Every section shows its material (issue 30).
        for m in [
            "material: AA5182-O/cast iron EN-JS2070 (x) (lubricated strip draw (example))",
            "  material: zirconia/zirconia (example data) (dry fretting, 2D DDE (example))",
            "  material: Al2O3 debris layer (example) (dry 2D NSCD shear cell (example))",
            "mu_p      = 0.04600 [0.03100, 0.06100]",
        ] {
            assert!(f.contains(m), "{m} missing in\n{f}");
        }
    }
}
