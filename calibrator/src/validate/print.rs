//! `tribo calibrate --print-config`: the resolved configuration as TOML that reads back to
//! the same values, with readable numbers ([`super::units::readable`]: `1.0e-4`, `5.5e10`) and
//! each key's SI unit as a comment.
//!
//! The presets hold the values a user would type (`length: 200e-6`, not `200.0 * UM`, which is
//! 1.9999999999999998e-4 in f64), so their printout reads as written and re-reads to the same
//! configuration hash. A value of a user's file that is no short decimal is printed exactly —
//! a rounded one would be another configuration with another hash and other tables — and its
//! rounding to [`APPROX_DIGITS`] significant digits follows in the comment (`# [m] ≈ 2.0e-4`).
//!
//! The measured-surface keys (`[surface.deformable_file]`, `[surface.tool_file]`) are printed
//! as an inline table when set and as a commented template when not, so a user sees them.

use std::fmt::Write as _;

use super::units::readable;
use crate::config::{CalibrationConfig, DEFAULTED_KEYS};

/// SI unit of every dimensional key (dimensionless keys say `-`; counts say `count`).
pub const UNITS: [(&str, &str); 55] = [
    ("material.e_star", "Pa"),
    ("material.p_crit", "Pa"),
    ("material.tau0", "Pa"),
    ("material.hardness", "Pa"),
    ("material.archard_k", "-"),
    ("material.zeta", "-"),
    ("surface.grid", "count"),
    ("surface.length", "m"),
    ("surface.hurst", "-"),
    ("surface.k_l", "2π/L"),
    ("surface.k_r", "2π/L"),
    ("surface.k_s", "2π/L"),
    ("surface.rms_height_deformable", "m"),
    ("surface.rms_height_tool", "m"),
    ("surface.deformable_file", "path"),
    ("surface.tool_file", "path"),
    (
        "surface.mode_order",
        "grid | nested (draws per grid slot | per wavevector)",
    ),
    ("flakes.diameter", "m"),
    ("flakes.thickness", "m"),
    ("flakes.density", "kg/m³"),
    ("flakes.damping", "1/s (per unit mass: η = damping·m)"),
    ("flakes.drag_frame", "sheet | lubricant"),
    (
        "flakes.rotational_damping",
        "equal_relaxation | eq16 (η_rot = η·I₁/m | η·a², Eq. 16)",
    ),
    ("dem.integrator", "auto | explicit | overdamped | inertial"),
    ("dem.inertial_scheme", "tr-bdf2 | backward-euler"),
    (
        "dem.tolerance",
        "- (fraction of the design overlap 0.05·h_p)",
    ),
    (
        "dem.inertial_tolerance",
        "- (fraction of the design overlap 0.05·h_p)",
    ),
    (
        "dem.max_advance",
        "- (fraction of the design overlap 0.05·h_p)",
    ),
    (
        "dem.inertial_advance",
        "- (fraction of the design overlap 0.05·h_p)",
    ),
    (
        "dem.event_depth",
        "- (fraction of the design overlap 0.05·h_p)",
    ),
    ("dem.explicit_step", "- (fraction of the stable step)"),
    (
        "dem.explicit_inertia",
        "- (fraction of the flakes' mass and inertia)",
    ),
    (
        "dem.stiffness_scale",
        "- (factor on the Hertz penalty stiffness)",
    ),
    (
        "dem.stiffness_velocity",
        "m/s (Hertz impact speed; 0: each case's v0)",
    ),
    ("process.velocities", "m/s"),
    ("process.similarity_velocity", "m/s"),
    ("process.seeds", "count (absent: sweep.seeds)"),
    ("process.pressures", "Pa (absent: sweep.pressures)"),
    ("sweep.pressures", "Pa"),
    ("sweep.betas", "-"),
    ("sweep.velocities", "m/s"),
    ("sweep.seeds", "count"),
    ("sweep.surfaces", "count"),
    ("sweep.slide_lengths", "domain lengths"),
    ("sweep.contact_pressures", "Pa"),
    ("bem.tolerance", "-"),
    ("bem.max_iterations", "count"),
    ("random_field.samples", "count"),
    ("random_field.sigma_over_mu", "-"),
    ("random_field.tolerance", "-"),
    ("random_field.plateau_tolerance", "-"),
    ("random_field.max_nodes", "count"),
    ("asperity.added_masses", "kg"),
    ("asperity.steps_per_period", "steps per period"),
    (
        "systematic.terms",
        "- (ratio_lo, ratio_hi: α at the ends of a choice's range over α at the preset's; 0 < lo ≤ 1 ≤ hi)",
    ),
];

/// Significant digits of the readable approximation printed next to a long value.
pub const APPROX_DIGITS: usize = 6;

/// `x` rounded to [`APPROX_DIGITS`] significant digits, readable, if that is not `x` itself.
pub fn approximation(x: f64) -> Option<String> {
    let rounded: f64 = format!("{x:.prec$e}", prec = APPROX_DIGITS - 1)
        .parse()
        .ok()?;
    (rounded != x && rounded.is_finite()).then(|| readable(rounded))
}

/// The approximation of a value (an array's with every element rounded), if any differs.
fn approx_text(v: &toml::Value) -> Option<String> {
    match v {
        toml::Value::Float(x) => approximation(*x),
        toml::Value::Array(a) => {
            let any = a.iter().any(|e| approx_text(e).is_some());
            any.then(|| {
                let items: Vec<String> = a
                    .iter()
                    .map(|e| approx_text(e).unwrap_or_else(|| value_text(e)))
                    .collect();
                format!("[{}]", items.join(", "))
            })
        }
        _ => None,
    }
}

fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::Float(x) => readable(*x),
        toml::Value::Array(a) => {
            let items: Vec<String> = a.iter().map(value_text).collect();
            format!("[{}]", items.join(", "))
        }
        // An inline table (a measured surface: `{ path = "a.x3p" }`).
        toml::Value::Table(t) => {
            let items: Vec<String> = t
                .iter()
                .map(|(k, v)| format!("{k} = {}", value_text(v)))
                .collect();
            format!("{{ {} }}", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// The measured-surface keys of `[surface]`, printed as a commented template when unset.
pub(crate) const MEASURED_KEYS: [&str; 2] = ["deformable_file", "tool_file"];

/// The commented template of a measured-surface key.
fn measured_template(key: &str) -> String {
    format!(
        "# {key} = {{ path = \"map.x3p\" }}  # [path] a measured map instead of the generated \
         surface; a text/CSV map also needs spacing = 1.0e-6 [m] and height_unit = 1.0e-6 \
         [m per file unit]; allow_tiling = true repeats a map smaller than length\n"
    )
}

/// The configuration as commented TOML.
///
/// # Errors
///
/// [`toml::ser::Error`] if the configuration does not serialise (a bug, not an input error).
pub fn config_toml(cfg: &CalibrationConfig) -> Result<String, toml::ser::Error> {
    let value = toml::Value::try_from(cfg)?;
    let mut out = String::new();
    let Some(sections) = value.as_table() else {
        return Ok(out);
    };
    for (section, body) in sections {
        let _ = writeln!(out, "[{section}]");
        if let Some(keys) = body.as_table() {
            if section == "surface" {
                for key in MEASURED_KEYS.iter().filter(|k| !keys.contains_key(**k)) {
                    out.push_str(&measured_template(key));
                }
            }
            let unit_of = |full: &str| {
                UNITS
                    .iter()
                    .find(|(k, _)| *k == full)
                    .map_or("", |(_, u)| *u)
            };
            for (key, v) in keys {
                let full = format!("{section}.{key}");
                let unit = unit_of(&full);
                let approx = approx_text(v).map_or_else(String::new, |a| format!(" ≈ {a}"));
                let _ = writeln!(out, "{key} = {}  # [{unit}]{approx}", value_text(v));
            }
            // Knobs left out of the serialised config at their defaults (so out of the hash):
            // printed with the default, which reads back to the same hash.
            for (full, default) in DEFAULTED_KEYS {
                let Some(key) = full.strip_prefix(&format!("{section}.")) else {
                    continue;
                };
                if !keys.contains_key(key) {
                    let unit = unit_of(full);
                    let _ = writeln!(out, "{key} = {default}  # [{unit}] (default)");
                }
            }
        }
        let _ = writeln!(out);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::Preset;

    #[test]
    fn a_measured_surface_prints_inline_and_reads_back() {
        let mut cfg = Preset::Quick.config();
        cfg.surface.deformable_file = Some(crate::surface::MeasuredSurface {
            path: "maps/sheet.csv".into(),
            spacing: Some(1.5e-6),
            height_unit: Some(1e-6),
            allow_tiling: true,
        });
        let text = config_toml(&cfg).unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with("deformable_file = {"))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(line.contains("path = \"maps/sheet.csv\""), "{line}");
        assert!(text.contains("# tool_file = { path = "), "{text}");
        // Reads back to the same key (the full config would also open the file).
        let value: toml::Value = toml::from_str(&text).unwrap();
        let back: crate::surface::MeasuredSurface = value["surface"]["deformable_file"]
            .clone()
            .try_into()
            .unwrap();
        assert_eq!(Some(back), cfg.surface.deformable_file);
    }

    #[test]
    fn long_values_are_printed_exactly_with_a_rounded_comment() {
        // The standard preset's domain: 200 µm as `200.0 * UM`.
        let x = 200.0 * 1e-6;
        assert_eq!(readable(x), "1.9999999999999998e-4");
        assert_eq!(approximation(x).as_deref(), Some("2.0e-4"));
        assert_eq!(approximation(2e-4), None);
        assert_eq!(approximation(0.34), None);
        assert_eq!(approximation(1.0 / 3.0).as_deref(), Some("0.333333"));
        let arr = toml::Value::Array(vec![toml::Value::Float(x), toml::Value::Float(5e6)]);
        assert_eq!(approx_text(&arr).as_deref(), Some("[2.0e-4, 5.0e6]"));
    }
}
