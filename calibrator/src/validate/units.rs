//! Physical quantities on the command line: SI numbers (`30e6`) or a number with an explicit
//! unit suffix (`30MPa`, `5um`, `5µm`, `0.08m/s`), parsed the same way by every flag that takes
//! the dimension. Config files and tables are SI without suffixes.
//!
//! Used as clap value parsers: `#[arg(long, value_parser = units::pascals)]`.

use thiserror::Error;

/// A quantity that does not parse.
#[derive(Debug, Error, PartialEq)]
pub enum UnitError {
    /// The numeric part is not a number.
    #[error("'{0}' is not a number (write SI, e.g. 30e6, or with a unit, e.g. 30MPa)")]
    NotANumber(String),
    /// The suffix is not a unit of this dimension.
    #[error("unknown unit '{unit}' for a {dimension} (use one of {accepted})")]
    UnknownUnit {
        /// The suffix found.
        unit: String,
        /// What the flag measures.
        dimension: &'static str,
        /// The accepted suffixes.
        accepted: &'static str,
    },
}

const PRESSURE: &[(&str, f64)] = &[("GPa", 1e9), ("MPa", 1e6), ("kPa", 1e3), ("Pa", 1.0)];
const LENGTH: &[(&str, f64)] = &[
    ("mm", 1e-3),
    ("um", 1e-6),
    ("µm", 1e-6),
    ("nm", 1e-9),
    ("m", 1.0),
];
const VELOCITY: &[(&str, f64)] = &[("mm/s", 1e-3), ("m/s", 1.0)];
const ANGLE: &[(&str, f64)] = &[
    ("rad", 1.0),
    ("deg", std::f64::consts::PI / 180.0),
    ("°", std::f64::consts::PI / 180.0),
];
const TIME: &[(&str, f64)] = &[
    ("ms", 1e-3),
    ("us", 1e-6),
    ("µs", 1e-6),
    ("ns", 1e-9),
    ("s", 1.0),
];

const FORCE: &[(&str, f64)] = &[("kN", 1e3), ("mN", 1e-3), ("N", 1.0)];
const AREA: &[(&str, f64)] = &[
    ("mm2", 1e-6),
    ("mm²", 1e-6),
    ("um2", 1e-12),
    ("µm2", 1e-12),
    ("µm²", 1e-12),
    ("m2", 1.0),
    ("m²", 1.0),
];
const LINE_FORCE: &[(&str, f64)] = &[("mN/m", 1e-3), ("N/m", 1.0), ("J/m2", 1.0), ("J/m²", 1.0)];
const TEMPERATURE: &[(&str, f64)] = &[("K", 1.0)];
const RATE: &[(&str, f64)] = &[("1/s", 1.0), ("/s", 1.0), ("Hz", 1.0)];
const DENSITY: &[(&str, f64)] = &[
    ("kg/m3", 1.0),
    ("kg/m³", 1.0),
    ("g/cm3", 1e3),
    ("g/cm³", 1e3),
];
const AREA_PER_FORCE: &[(&str, f64)] = &[
    ("m2/N", 1.0),
    ("m²/N", 1.0),
    ("mm2/N", 1e-6),
    ("mm²/N", 1e-6),
];

/// Splits `text` into its number and unit suffix and scales the number to SI.
fn parse(
    text: &str,
    units: &[(&str, f64)],
    dimension: &'static str,
    accepted: &'static str,
) -> Result<f64, UnitError> {
    let t = text.trim();
    // The number ends where the suffix starts: the first letter that cannot belong to a
    // float literal (an `e`/`E` followed by a digit or sign is an exponent).
    let bytes: Vec<char> = t.chars().collect();
    let mut split = bytes.len();
    for (i, c) in bytes.iter().enumerate() {
        let exponent = (*c == 'e' || *c == 'E')
            && i > 0
            && bytes
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_digit() || *n == '-' || *n == '+');
        let numeric = c.is_ascii_digit() || matches!(c, '.' | ',' | '-' | '+') || exponent;
        let after_exponent = i > 0
            && bytes.get(i - 1).is_some_and(|p| *p == 'e' || *p == 'E')
            && matches!(c, '-' | '+');
        if !(numeric || after_exponent) {
            split = i;
            break;
        }
    }
    let number: String = bytes.iter().take(split).collect();
    let unit: String = bytes
        .iter()
        .skip(split)
        .collect::<String>()
        .trim()
        .to_owned();
    // `inf`, `NaN`: parsed as numbers so the rule, not the parser, refuses them by name.
    if unit.eq_ignore_ascii_case("inf") || unit.eq_ignore_ascii_case("nan") {
        return t.parse().map_err(|_| UnitError::NotANumber(t.to_owned()));
    }
    let value: f64 = number
        .trim()
        .parse()
        .map_err(|_| UnitError::NotANumber(t.to_owned()))?;
    if unit.is_empty() {
        return Ok(value);
    }
    units
        .iter()
        .find(|(u, _)| *u == unit)
        .map(|(_, s)| value * s)
        .ok_or(UnitError::UnknownUnit {
            unit,
            dimension,
            accepted,
        })
}

/// A pressure or modulus \[Pa\]: `30e6`, `30MPa`, `55GPa`, `500kPa`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not a pressure unit.
pub fn pascals(text: &str) -> Result<f64, UnitError> {
    parse(text, PRESSURE, "pressure", "Pa, kPa, MPa, GPa")
}

/// A length \[m\]: `100e-6`, `100um`, `100µm`, `0.1mm`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not a length unit.
pub fn metres(text: &str) -> Result<f64, UnitError> {
    parse(text, LENGTH, "length", "m, mm, um (µm), nm")
}

/// A velocity \[m/s\]: `0.08`, `0.08m/s`, `80mm/s`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not a velocity unit.
pub fn metres_per_second(text: &str) -> Result<f64, UnitError> {
    parse(text, VELOCITY, "velocity", "m/s, mm/s")
}

/// An angle \[rad\]: `0.087`, `0.087rad`, `5deg`, `5°` (`5deg` is `5.0_f64.to_radians()` bit
/// for bit).
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not an angle unit.
pub fn radians(text: &str) -> Result<f64, UnitError> {
    parse(text, ANGLE, "angle", "rad, deg (°)")
}

/// A duration \[s\]: `2e-6`, `2us`, `2µs`, `0.5ms`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not a time unit.
pub fn seconds(text: &str) -> Result<f64, UnitError> {
    parse(text, TIME, "duration", "s, ms, us (µs), ns")
}

/// A force \[N\]: `2`, `2N`, `500mN`, `1kN`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not a force unit.
pub fn newtons(text: &str) -> Result<f64, UnitError> {
    parse(text, FORCE, "force", "N, mN, kN")
}

/// An area \[m²\]: `2e-8`, `2e-8m2`, `0.02mm²`, `20000um2`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not an area unit.
pub fn square_metres(text: &str) -> Result<f64, UnitError> {
    parse(text, AREA, "area", "m2 (m²), mm2 (mm²), um2 (µm²)")
}

/// A force per length or a surface energy \[N/m = J/m²\]: `1`, `1N/m`, `50mN/m`, `0.05J/m2`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not a force-per-length unit.
pub fn newtons_per_metre(text: &str) -> Result<f64, UnitError> {
    parse(
        text,
        LINE_FORCE,
        "force per length",
        "N/m, mN/m, J/m2 (J/m²)",
    )
}

/// A temperature \[K\]: `700`, `700K`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not a temperature unit.
pub fn kelvin(text: &str) -> Result<f64, UnitError> {
    parse(text, TEMPERATURE, "temperature", "K")
}

/// A rate \[1/s\]: `1e8`, `1e8/s`, `1e8 1/s`, `100Hz`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not a rate unit.
pub fn per_second(text: &str) -> Result<f64, UnitError> {
    parse(text, RATE, "rate", "1/s, /s, Hz")
}

/// A mass density \[kg/m³\]: `2700`, `2700kg/m3`, `2.7g/cm3`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not a density unit.
pub fn kilograms_per_cubic_metre(text: &str) -> Result<f64, UnitError> {
    parse(text, DENSITY, "density", "kg/m3 (kg/m³), g/cm3 (g/cm³)")
}

/// An area per normal force \[m²/N\]: `4e-6`, `4e-6m2/N`, `4mm2/N`.
///
/// # Errors
///
/// [`UnitError::NotANumber`] when the numeric part does not parse; [`UnitError::UnknownUnit`] for a
/// suffix that is not an area-per-force unit.
pub fn square_metres_per_newton(text: &str) -> Result<f64, UnitError> {
    parse(
        text,
        AREA_PER_FORCE,
        "area per force",
        "m2/N (m²/N), mm2/N (mm²/N)",
    )
}

/// A number in the shortest form that reads back exactly, in scientific notation outside
/// \[1e-3, 1e4) (`1.0e-4`, not `0.00009999999999999999`; `5.5e10`, not `55000000000.0`).
pub fn readable(x: f64) -> String {
    if x == 0.0 || !x.is_finite() || (1e-3..1e4).contains(&x.abs()) {
        format!("{x:?}")
    } else {
        let s = format!("{x:e}");
        // `1e-4` → `1.0e-4`: TOML and humans both read a mantissa with a point.
        match s.split_once('e') {
            Some((m, e)) if !m.contains('.') => format!("{m}.0e{e}"),
            _ => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn si_and_suffixed_values_agree() {
        assert_eq!(pascals("30MPa"), Ok(30e6));
        assert_eq!(pascals("30e6"), Ok(30e6));
        assert_eq!(pascals("30 MPa"), Ok(30e6));
        assert_eq!(pascals("55GPa"), Ok(55e9));
        assert_eq!(pascals("1.5e-3GPa"), Ok(1.5e6));
        assert_eq!(metres("5um"), metres("5µm"));
        assert!((metres("5um").unwrap() - 5e-6).abs() < 1e-21);
        assert_eq!(metres_per_second("80mm/s"), Ok(0.08));
        assert_eq!(seconds("2us"), seconds("2µs"));
        assert!((seconds("2us").unwrap() - 2e-6).abs() < 1e-21);
        assert_eq!(seconds("0.5ms"), Ok(0.5e-3));
        assert_eq!(radians("5deg"), Ok(5.0_f64.to_radians()));
        assert_eq!(radians("5°"), radians("5deg"));
        assert_eq!(radians("0.1rad"), Ok(0.1));
        assert_eq!(radians("0.1"), Ok(0.1));
        assert!(matches!(seconds("2m"), Err(UnitError::UnknownUnit { .. })));
        assert!(pascals("NaN").unwrap().is_nan());
        assert!(matches!(pascals("30m"), Err(UnitError::UnknownUnit { .. })));
        assert!(matches!(pascals("abc"), Err(UnitError::NotANumber(_))));
        assert!(matches!(pascals("1,5MPa"), Err(UnitError::NotANumber(_))));
        assert_eq!(newtons("500mN"), Ok(0.5));
        assert_eq!(square_metres("2e-8m2"), Ok(2e-8));
        assert_eq!(square_metres("1mm²"), Ok(1e-6));
        assert_eq!(newtons_per_metre("50mN/m"), Ok(0.05));
        assert_eq!(kelvin("700K"), Ok(700.0));
        assert_eq!(per_second("1e8/s"), Ok(1e8));
        assert_eq!(per_second("1e8 1/s"), Ok(1e8));
        assert_eq!(kilograms_per_cubic_metre("2.7g/cm3"), Ok(2700.0));
        assert_eq!(square_metres_per_newton("4e-6m2/N"), Ok(4e-6));
        assert!(matches!(newtons("2m"), Err(UnitError::UnknownUnit { .. })));
    }

    #[test]
    fn readable_numbers_read_back_exactly() {
        for x in [1e-4, 0.1 * 1e-3, 55e9, 340e6, 0.34, 2.0, 1e8, 12e-6, 0.0] {
            let s = readable(x);
            assert_eq!(s.parse::<f64>().unwrap(), x, "{s}");
            assert!(s.len() <= 24, "{s}");
        }
        assert_eq!(readable(1e-4), "1.0e-4");
        assert_eq!(readable(0.08), "0.08");
        assert_eq!(readable(55e9), "5.5e10");
    }
}
