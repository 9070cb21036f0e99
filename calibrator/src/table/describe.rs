//! Human-readable description of a table (`tribo inspect`, the report's summary).

use std::fmt::Write as _;

use tribo_core::law::SampleOrigin;
use tribo_core::table::{
    AlphaLawForm, BetaThresRule, MaterialIdentity, ParticleShearOrigin, Table, Uncertain,
    ValueOrigin,
};

/// Sliding velocity of seed 000's strip-draw tests (§2.1) \[m/s\], used as the reference
/// point of the descriptions and reports.
pub const STRIP_DRAW_V0: f32 = 0.08;

/// The banner every output about a defaults-only table carries.
pub const DEFAULTS_BANNER: &str = "DOCUMENTED DEFAULTS, NOT A CALIBRATION: these values are seed-000 \
     parameters and documented choices (τ0, H, α(v) law), not results of the calibrator's \
     simulations (`tribo calibrate` runs those).";

/// What a table without μ_p (formats 1 and 2) does at saturation: said wherever such a table
/// is shown (inspect, export headers), since an FE engineer would otherwise not know.
pub const MU_REACHES_ZERO: &str = "μ reaches 0 at saturation";

/// What the statistical interval is, said next to it wherever α is shown.
pub const STATISTICAL_IS_NOT_ACCURACY: &str =
    "the statistical 95 % interval is the precision at fixed model choices, not the accuracy";

/// The α sample at velocity `v` (equal in f32), if the table has one.
pub fn sample_at(table: &Table, v: f32) -> Option<usize> {
    table.alpha.curve.v.iter().position(|&s| s == v)
}

/// `value: statistical 95 % [a, b], systematic [c, d], total [e, f]`, or "systematic unknown"
/// for a table without a budget, with `digits` significant digits.
pub fn intervals_text(u: &Uncertain, digits: usize) -> String {
    let g = |x: f32| significant(f64::from(x), digits);
    let pair = |[lo, hi]: [f32; 2]| format!("[{}, {}]", g(lo), g(hi));
    match u.systematic {
        Some(sys) => format!(
            "{}: statistical 95 % {}, systematic {}, total {}",
            g(u.value),
            pair(u.statistical),
            pair(sys),
            pair(u.total)
        ),
        None => format!(
            "{}: statistical 95 % {}, systematic unknown (no budget in this table), total unknown",
            g(u.value),
            pair(u.statistical)
        ),
    }
}

/// `x` with `digits` significant digits (∞ as `inf`).
pub fn significant(x: f64, digits: usize) -> String {
    if !x.is_finite() || x == 0.0 {
        return if x.is_infinite() {
            "inf".into()
        } else {
            format!("{x}")
        };
    }
    let magnitude = x.abs().log10().floor() as i32;
    let decimals = (digits as i32 - 1 - magnitude).max(0) as usize;
    format!("{x:.decimals$}")
}

/// The systematic budget in one line: dominant term, rule and every term's ratio interval;
/// or that the table has none.
pub fn systematic_text(table: &Table) -> String {
    let Some(u) = &table.uncertainty else {
        return "systematic budget: none in this table (format 1-3, or written without one)"
            .to_owned();
    };
    let terms: Vec<String> = u
        .terms
        .iter()
        .map(|t| format!("{} ×[{}, {}]", t.name, t.ratio[0], t.ratio[1]))
        .collect();
    format!(
        "dominant systematic term: {}; rule: {}; budget (alpha ratio at the ends of each choice's admissible range): {}",
        u.dominant_term().map_or("?", |t| t.name.as_str()),
        u.rule.describe(),
        terms.join("; ")
    )
}

/// What μ does at saturation: "μ ≥ μ_p = … at saturation" or [`MU_REACHES_ZERO`].
pub fn saturation_text(table: &Table) -> String {
    match &table.particle_shear {
        Some(p) => format!(
            "μ falls to μ_p = {:.4} at saturation (β ≥ β_thres) and stays there",
            p.particle_friction
        ),
        None => format!(
            "{MU_REACHES_ZERO} (no μ_p: a table of format 1 or 2, seed 000's Eq. 7; regenerate it with the current calibrator for a floor μ_p > 0)"
        ),
    }
}

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
        match sample_at(table, v).and_then(|i| {
            Some((
                table.alpha_uncertainty(i)?,
                table.beta_thres_uncertainty(i)?,
            ))
        }) {
            Some((a, b)) => {
                let _ = writeln!(s, "  at v = {v} m/s:");
                let _ = writeln!(s, "    alpha      = {}", intervals_text(&a, 4));
                let _ = writeln!(s, "    beta_thres = {}", intervals_text(&b, 4));
            }
            None => {
                let _ = writeln!(
                    s,
                    "  at v = {v} m/s: alpha = {:.4}, beta_thres = {:.4} (no sample there: no interval)",
                    law.alpha(v),
                    law.beta_thres(v)
                );
            }
        }
        let _ = writeln!(s, "  {STATISTICAL_IS_NOT_ACCURACY}");
        let _ = writeln!(s, "  {}", systematic_text(table));
    }
    if a.curve.v.is_empty() {
        let _ = writeln!(s, "  no samples (law only)");
    } else {
        let _ = writeln!(
            s,
            "  {:>10} {:>9} {:>19} {:>19} {:>19} {:>6} {:>10} {:>9} {:>19} {:>19}",
            "v [m/s]",
            "alpha",
            "alpha stat. 95% CI",
            "alpha systematic",
            "alpha total",
            "cases",
            "origin",
            "beta_thr",
            "beta_thr stat. CI",
            "beta_thr total"
        );
        let c = &a.curve;
        let b = &table.beta_thres;
        for i in 0..c.v.len() {
            let origin = match c.origin[i] {
                SampleOrigin::Direct => "direct",
                SampleOrigin::Similarity => "v0/γ sim.",
                SampleOrigin::FormatOne => "format 1",
            };
            let pair = |x: Option<[f32; 2]>| match x {
                Some([lo, hi]) => format!("[{lo:>8.4}, {hi:>8.4}]"),
                None => format!("{:>19}", "unknown"),
            };
            let (au, bu) = (table.alpha_uncertainty(i), table.beta_thres_uncertainty(i));
            let _ = writeln!(
                s,
                "  {:>10.4e} {:>9.4} [{:>8.4}, {:>8.4}] {} {} {:>6} {:>10} {:>9.4} [{:>8.4}, {:>8.4}] {}",
                c.v[i],
                c.alpha[i],
                c.ci95_lo[i],
                c.ci95_hi[i],
                pair(au.and_then(|u| u.systematic)),
                pair(au.and_then(|u| u.systematic.map(|_| u.total))),
                c.cases[i],
                origin,
                b.at_alpha_samples[i],
                b.ci95_lo[i],
                b.ci95_hi[i],
                pair(bu.and_then(|u| u.systematic.map(|_| u.total)))
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
            "  mu_p      = none            {MU_REACHES_ZERO} (seed 000's Eq. 7: mu = 0 at beta >= beta_thres; a table of format 1 or 2)"
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
            "dominant systematic term: systematic term of the example",
            "statistical 95 % interval is the precision at fixed model choices, not the accuracy",
        ] {
            assert!(f.contains(m), "{m} missing in\n{f}");
        }
        // A table without μ_p or budget says so.
        let mut old = full.clone();
        old.particle_shear = None;
        old.uncertainty = None;
        let o = describe(&old);
        assert!(
            o.contains(MU_REACHES_ZERO) && o.contains("systematic budget: none"),
            "{o}"
        );
        assert!(saturation_text(&old).starts_with(MU_REACHES_ZERO));
    }

    #[test]
    fn intervals_are_printed_with_both_and_the_total() {
        let t = Table::filled_example();
        let a = t.alpha_uncertainty(0).unwrap();
        let text = intervals_text(&a, 4);
        assert!(
            text.contains("statistical 95 % [")
                && text.contains("systematic [")
                && text.contains("total ["),
            "{text}"
        );
        let mut bare = t.clone();
        bare.uncertainty = None;
        let text = intervals_text(&bare.alpha_uncertainty(0).unwrap(), 4);
        assert!(text.contains("systematic unknown"), "{text}");
        assert_eq!(significant(15.6543, 4), "15.65");
        assert_eq!(significant(0.0123456, 3), "0.0123");
        assert_eq!(significant(f64::INFINITY, 3), "inf");
    }
}
