//! `tribo calibrate --print-config`: the resolved configuration as TOML that reads back to
//! the same values, with readable numbers ([`super::units::readable`]: `1.0e-4`, `5.5e10`) and
//! each key's SI unit as a comment.

use std::fmt::Write as _;

use super::units::readable;
use crate::config::CalibrationConfig;

/// SI unit of every dimensional key (dimensionless keys say `-`; counts say `count`).
pub const UNITS: [(&str, &str); 41] = [
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
    ("flakes.diameter", "m"),
    ("flakes.thickness", "m"),
    ("flakes.density", "kg/m³"),
    ("flakes.damping", "1/s (per unit mass: η = damping·m)"),
    ("flakes.drag_frame", "sheet | lubricant"),
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
];

fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::Float(x) => readable(*x),
        toml::Value::Array(a) => {
            let items: Vec<String> = a.iter().map(value_text).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// The configuration as commented TOML.
pub fn config_toml(cfg: &CalibrationConfig) -> Result<String, toml::ser::Error> {
    let value = toml::Value::try_from(cfg)?;
    let mut out = String::new();
    let Some(sections) = value.as_table() else {
        return Ok(out);
    };
    for (section, body) in sections {
        let _ = writeln!(out, "[{section}]");
        if let Some(keys) = body.as_table() {
            for (key, v) in keys {
                let full = format!("{section}.{key}");
                let unit = UNITS
                    .iter()
                    .find(|(k, _)| *k == full)
                    .map_or("", |(_, u)| *u);
                let _ = writeln!(out, "{key} = {}  # [{unit}]", value_text(v));
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
    fn printed_config_reads_back_to_the_same_values_with_every_unit() {
        for p in [Preset::Quick, Preset::Standard, Preset::Paper] {
            let cfg = p.config();
            let text = config_toml(&cfg).unwrap();
            let back = CalibrationConfig::from_preset_and_toml(p, &text).unwrap();
            assert_eq!(back, cfg);
            assert!(!text.contains("# []"), "a key without a unit:\n{text}");
            assert!(!text.contains("0000000"), "unreadable number:\n{text}");
        }
    }
}
