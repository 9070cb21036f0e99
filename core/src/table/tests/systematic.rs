//! The systematic budget and its combination with the statistical interval, against closed
//! forms in ln space.

use super::*;

/// Relative tolerance of a few f32 ln/exp/hypot evaluations (≈ 1e-7 each) with margin.
const LN_SPACE_REL_TOL: f32 = 1e-5;

fn close(got: f32, want: f64) -> bool {
    ((got as f64) - want).abs() <= (LN_SPACE_REL_TOL as f64) * want.abs()
}

#[test]
fn half_widths_add_in_quadrature_in_ln_space() {
    // 3-4-5: ln half-widths (0.3, 0.4) and (0.4, 0.3) → 0.5 on both sides.
    let terms = [
        SystematicTerm::new("a", (-0.3f32).exp(), 0.4f32.exp()),
        SystematicTerm::new("b", (-0.4f32).exp(), 0.3f32.exp()),
    ];
    let [lo, hi] = uncertainty::budget_ratio(&terms);
    assert!(
        close(lo, (-0.5f64).exp()) && close(hi, 0.5f64.exp()),
        "{lo} {hi}"
    );
    // 5-12-13: a statistical interval of ln half-width 1.2 with that budget → 1.3.
    let alpha = 15.0f32;
    let stat = [alpha * (-1.2f32).exp(), alpha * 1.2f32.exp()];
    let [t_lo, t_hi] = uncertainty::combine_ln_quadrature(alpha, stat, [lo * alpha, hi * alpha]);
    assert!(close(t_lo, 15.0 * (-1.3f64).exp()) && close(t_hi, 15.0 * 1.3f64.exp()));
    // An end at 0 or +∞ stays there.
    let open = uncertainty::combine_ln_quadrature(alpha, [0.0, f32::INFINITY], stat);
    assert_eq!(open, [0.0, f32::INFINITY]);
}

#[test]
fn the_lead_s_first_budget_combines_as_computed_by_hand() {
    // The four terms of the presets' first budget (calibrator/src/presets.rs).
    let ratios = [(0.85, 1.13), (0.5, 1.3), (0.7, 1.3), (0.9, 1.2)];
    let terms: std::vec::Vec<_> = ratios
        .iter()
        .map(|&(l, h)| SystematicTerm::new("t", l as f32, h as f32))
        .collect();
    let w_lo = ratios
        .iter()
        .map(|&(l, _)| f64::ln(l).powi(2))
        .sum::<f64>()
        .sqrt();
    let w_hi = ratios
        .iter()
        .map(|&(_, h)| f64::ln(h).powi(2))
        .sum::<f64>()
        .sqrt();
    let [lo, hi] = uncertainty::budget_ratio(&terms);
    assert!(
        close(lo, (-w_lo).exp()) && close(hi, w_hi.exp()),
        "{lo} {hi}"
    );
    // ln 0.5 = −0.69 is the largest half-width: the drag term dominates.
    assert_eq!(uncertainty::dominant_term(&terms), Some(1));
    // α(0.08) = 15.65 [14.98, 16.40] of the standard preset, with this budget.
    let (a, s_lo, s_hi) = (15.65f64, 14.98f64, 16.40f64);
    let tot_lo = a * (-((a / s_lo).ln().powi(2) + w_lo * w_lo).sqrt()).exp();
    let tot_hi = a * (((s_hi / a).ln().powi(2) + w_hi * w_hi).sqrt()).exp();
    let sys = [a as f32 * lo, a as f32 * hi];
    let [t_lo, t_hi] =
        uncertainty::combine_ln_quadrature(a as f32, [s_lo as f32, s_hi as f32], sys);
    assert!(close(t_lo, tot_lo) && close(t_hi, tot_hi), "{t_lo} {t_hi}");
}

#[test]
fn beta_thres_gets_the_inverted_interval_and_the_law_ignores_the_section() {
    let t = Table::filled_example();
    let u = t.uncertainty.as_ref().unwrap();
    let [r_lo, r_hi] = uncertainty::budget_ratio(&u.terms);
    let (kappa, slope) = (t.law.kappa as f64, t.law.slope_rms as f64);
    for i in 0..t.alpha.curve.v.len() {
        let a = t.alpha_uncertainty(i).unwrap();
        let b = t.beta_thres_uncertainty(i).unwrap();
        let [s_lo, s_hi] = a.systematic.unwrap();
        assert!(close(s_lo, a.value as f64 * r_lo as f64));
        assert!(close(s_hi, a.value as f64 * r_hi as f64));
        // Eq. 24 at α's swapped ends.
        let [b_lo, b_hi] = b.systematic.unwrap();
        assert!(close(b_lo, kappa / (s_hi as f64 * slope)));
        assert!(close(b_hi, kappa / (s_lo as f64 * slope)));
        // The total contains both intervals.
        for x in [a, b] {
            let (s, y) = (x.statistical, x.systematic.unwrap());
            assert!(x.total[0] <= s[0].min(y[0]) && x.total[1] >= s[1].max(y[1]));
        }
    }
    assert_eq!(t.dominant_systematic().unwrap().name.as_str(), {
        // Equal-width terms would tie; the example's last term is the widest.
        u.terms[SYSTEMATIC_TERMS - 1].name.as_str()
    });
    // Same μ with and without the section, bit for bit.
    let mut bare = t.clone();
    bare.uncertainty = None;
    assert!(bare.alpha_uncertainty(0).unwrap().systematic.is_none());
    let (with, without) = (t.friction_law().unwrap(), bare.friction_law().unwrap());
    for v in [0.0, 0.08, 1.0, 30.0, 1e3] {
        for beta in [0.0, 0.1, 0.3, 1.0, 3.0] {
            assert_eq!(with.mu(v, beta).to_bits(), without.mu(v, beta).to_bits());
        }
    }
}

#[test]
fn invalid_budgets_are_refused() {
    let mut t = Table::filled_example();
    for bad in [
        [SystematicTerm::new("lo above 1", 1.1, 1.2)],
        [SystematicTerm::new("hi below 1", 0.9, 0.95)],
        [SystematicTerm::new("zero", 0.0, 1.2)],
        [SystematicTerm::new("infinite", 0.9, f32::INFINITY)],
        [SystematicTerm::new("  ", 0.9, 1.1)],
    ] {
        assert_eq!(t.fill_uncertainty(&bad), Err(Error::InvalidTable));
    }
    assert_eq!(t.fill_uncertainty(&[]), Err(Error::InvalidTable));
}
