//! Least-squares straight lines: through the origin (α of Eq. 23, κ of Eq. 8, the
//! nucleation law d̄_c ∝ p^(−1/2)) and with intercept (the growth law d̄_c = d̄ − C·√p).

use thiserror::Error;

/// Why a fit could not be made.
#[derive(Debug, Error, PartialEq)]
pub enum FitError {
    /// Fewer points than parameters, or x and y of different lengths.
    #[error("need at least {need} points with matching x and y, got {x} x and {y} y")]
    TooFewPoints {
        /// Points needed.
        need: usize,
        /// x values.
        x: usize,
        /// y values.
        y: usize,
    },
    /// A value is NaN or infinite.
    #[error("point {0} is not finite")]
    NonFinite(usize),
    /// All x are equal (or all zero for a fit through the origin): the slope is undetermined.
    #[error("x values do not vary: slope undetermined")]
    Degenerate,
    /// The best parameter sits on its search bound: the data do not determine it.
    #[error(
        "the fit's optimum v_ref = {v_ref:.3e} m/s sits on its search bound: the samples do not determine the law"
    )]
    OnBound {
        /// The bound \[m/s\].
        v_ref: f64,
    },
    /// The velocity-dependent term does not reduce the residual: the samples do not determine
    /// the law (α constant within the samples).
    #[error("α does not change with v in the samples: the samples do not determine the law")]
    Undetermined,
    /// The best fit has a negative α0 or α∞: not a particle-borne area coefficient.
    #[error(
        "the best fit has α∞ = {alpha_inf:.3e}, α0 = {alpha_0:.3e}: a negative α is not physical"
    )]
    NonPhysical {
        /// α∞ of the fit.
        alpha_inf: f64,
        /// α0 of the fit.
        alpha_0: f64,
    },
}

/// y = slope·x, least squares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OriginFit {
    /// Slope.
    pub slope: f64,
    /// Standard error of the slope, √(SS_res/(n−1)/Σx²) (0 for n = 1).
    pub slope_std_err: f64,
    /// Coefficient of determination 1 − SS_res/SS_tot with SS_tot about the mean of y (the
    /// conventional, stricter definition: it can be negative when the line through the origin
    /// is worse than the mean).
    pub r_squared: f64,
    /// Number of points.
    pub n: usize,
}

/// y = intercept + slope·x, least squares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineFit {
    /// Intercept.
    pub intercept: f64,
    /// Slope.
    pub slope: f64,
    /// Standard error of the slope (0 for n = 2).
    pub slope_std_err: f64,
    /// Coefficient of determination.
    pub r_squared: f64,
    /// Number of points.
    pub n: usize,
}

fn check(x: &[f64], y: &[f64], need: usize) -> Result<(), FitError> {
    if x.len() != y.len() || x.len() < need {
        return Err(FitError::TooFewPoints {
            need,
            x: x.len(),
            y: y.len(),
        });
    }
    if let Some(i) = x
        .iter()
        .zip(y)
        .position(|(a, b)| !a.is_finite() || !b.is_finite())
    {
        return Err(FitError::NonFinite(i));
    }
    Ok(())
}

fn r_squared(y: &[f64], ss_res: f64) -> f64 {
    let mean = y.iter().sum::<f64>() / y.len() as f64;
    let ss_tot: f64 = y.iter().map(|v| (v - mean) * (v - mean)).sum();
    if ss_tot > 0.0 {
        1.0 - ss_res / ss_tot
    } else if ss_res == 0.0 {
        1.0
    } else {
        0.0
    }
}

/// Least-squares slope of y = slope·x.
///
/// ```
/// let f = tribo_calibrator::numerics::line_fit::fit_through_origin(&[1.0, 2.0, 3.0], &[2.0, 4.0, 6.0])?;
/// assert!((f.slope - 2.0).abs() < 1e-15 && f.r_squared == 1.0);
/// # Ok::<(), tribo_calibrator::numerics::line_fit::FitError>(())
/// ```
///
/// # Errors
///
/// [`FitError::TooFewPoints`] for no point or `x` and `y` of different lengths;
/// [`FitError::NonFinite`] for a NaN or infinite value; [`FitError::Degenerate`] when every x is 0.
pub fn fit_through_origin(x: &[f64], y: &[f64]) -> Result<OriginFit, FitError> {
    check(x, y, 1)?;
    let sxx: f64 = x.iter().map(|v| v * v).sum();
    if sxx == 0.0 {
        return Err(FitError::Degenerate);
    }
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| a * b).sum();
    let slope = sxy / sxx;
    let ss_res: f64 = x.iter().zip(y).map(|(a, b)| (b - slope * a).powi(2)).sum();
    let n = x.len();
    let slope_std_err = if n > 1 {
        (ss_res / (n - 1) as f64 / sxx).sqrt()
    } else {
        0.0
    };
    Ok(OriginFit {
        slope,
        slope_std_err,
        r_squared: r_squared(y, ss_res),
        n,
    })
}

/// Least-squares line y = intercept + slope·x.
///
/// # Errors
///
/// [`FitError::TooFewPoints`] for fewer than two points or `x` and `y` of different lengths;
/// [`FitError::NonFinite`] for a NaN or infinite value; [`FitError::Degenerate`] when all x are
/// equal.
pub fn fit_line(x: &[f64], y: &[f64]) -> Result<LineFit, FitError> {
    check(x, y, 2)?;
    let n = x.len() as f64;
    let mx = x.iter().sum::<f64>() / n;
    let my = y.iter().sum::<f64>() / n;
    let sxx: f64 = x.iter().map(|v| (v - mx) * (v - mx)).sum();
    if sxx == 0.0 {
        return Err(FitError::Degenerate);
    }
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let slope = sxy / sxx;
    let intercept = my - slope * mx;
    let ss_res: f64 = x
        .iter()
        .zip(y)
        .map(|(a, b)| (b - intercept - slope * a).powi(2))
        .sum();
    let slope_std_err = if x.len() > 2 {
        (ss_res / (n - 2.0) / sxx).sqrt()
    } else {
        0.0
    };
    Ok(LineFit {
        intercept,
        slope,
        slope_std_err,
        r_squared: r_squared(y, ss_res),
        n: x.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums of a handful of O(1) terms in f64.
    const TOL: f64 = 1e-12;

    #[test]
    fn origin_fit_matches_hand_computation() {
        // y = 2x + noise (+0.1, −0.1, +0.1): slope = Σxy/Σx² = (2.1 + 7.8 + 18.3)/14.
        let x = [1.0, 2.0, 3.0];
        let y = [2.1, 3.9, 6.1];
        let f = fit_through_origin(&x, &y).unwrap();
        assert!((f.slope - 28.2 / 14.0).abs() < TOL);
        let res: f64 = x
            .iter()
            .zip(&y)
            .map(|(a, b)| (b - f.slope * a).powi(2))
            .sum();
        assert!((f.slope_std_err - (res / 2.0 / 14.0).sqrt()).abs() < TOL);
        assert!(f.r_squared > 0.99 && f.r_squared < 1.0);
    }

    #[test]
    fn line_fit_recovers_exact_line_and_r2_of_noise() {
        let x: Vec<f64> = (0..10).map(f64::from).collect();
        let y: Vec<f64> = x.iter().map(|v| 3.0 - 0.5 * v).collect();
        let f = fit_line(&x, &y).unwrap();
        assert!((f.intercept - 3.0).abs() < TOL && (f.slope + 0.5).abs() < TOL);
        assert_eq!(f.r_squared, 1.0);
        // Alternating ±1 around a flat line: slope ≈ 0, R² ≈ 0.
        let y: Vec<f64> = (0..10)
            .map(|i| if i % 2 == 0 { 1.0 } else { -1.0 })
            .collect();
        let f = fit_line(&x, &y).unwrap();
        assert!(f.r_squared < 0.05);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(matches!(
            fit_line(&[1.0], &[1.0]),
            Err(FitError::TooFewPoints { .. })
        ));
        assert_eq!(
            fit_line(&[1.0, 1.0], &[1.0, 2.0]),
            Err(FitError::Degenerate)
        );
        assert_eq!(
            fit_through_origin(&[0.0, 0.0], &[1.0, 2.0]),
            Err(FitError::Degenerate)
        );
        assert_eq!(
            fit_through_origin(&[1.0, f64::NAN], &[1.0, 2.0]),
            Err(FitError::NonFinite(1))
        );
    }
}
