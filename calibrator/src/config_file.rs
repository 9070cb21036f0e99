//! A calibration config from a preset and a TOML file: the file overrides any subset of the
//! preset's keys; unknown keys, renamed keys and non-physical values are errors that name the
//! key. Above [`crate::config`] (the data), [`crate::presets`] (the defaults) and
//! [`crate::validate`] (the rules), so that none of them imports another in a circle.
//!
//! ```
//! use tribo_calibrator::config::CalibrationConfig;
//! use tribo_calibrator::presets::Preset;
//! let cfg = CalibrationConfig::from_preset_and_toml(Preset::Quick, "[sweep]\nseeds = 4\n")?;
//! assert_eq!(cfg.sweep.seeds, 4);
//! # Ok::<(), tribo_calibrator::validate::error::ConfigError>(())
//! ```

use std::path::Path;

use crate::config::{CalibrationConfig, SystematicConfig, is_optional_key, renamed_key};
use crate::fit::systematic::{self, Term};
use crate::presets::Preset;
use crate::validate::ConfigError;
use crate::validate::config::check_config;

impl CalibrationConfig {
    /// The preset's configuration with the TOML text `overrides` merged on top (any subset of
    /// keys), validated.
    ///
    /// # Errors
    ///
    /// [`ConfigError::Parse`] when `overrides` is not TOML; [`ConfigError::UnknownKey`],
    /// [`ConfigError::RenamedKey`] (with the new name) or [`ConfigError::NotATable`] for a key the
    /// configuration does not have, an old key, or a value given to a section;
    /// [`ConfigError::Type`] for a value of the wrong type; any error of
    /// [`validate`](Self::validate) for a value outside its rule; [`ConfigError::Preset`] only if
    /// the preset does not serialise (a bug).
    pub fn from_preset_and_toml(preset: Preset, overrides: &str) -> Result<Self, ConfigError> {
        let base = toml::Value::try_from(preset.config()).map_err(ConfigError::Preset)?;
        let user: toml::Value = toml::from_str(overrides).map_err(ConfigError::Parse)?;
        let no_budget_given = user.get("systematic").is_none();
        let merged = merge(base, user, "")?;
        let mut cfg: CalibrationConfig = merged.try_into().map_err(ConfigError::Type)?;
        cfg.validate()?;
        // The preset's budget with the grid term of the pixel actually run (issue 42): a
        // configuration coarser than the converged pixel carries the grid's measured fall.
        if no_budget_given {
            let pixel = cfg.surface.length / cfg.surface.grid as f64;
            cfg.systematic = crate::presets::systematic_budget_at(pixel);
        }
        Ok(cfg)
    }

    /// The quick preset as it was before issue 42 moved it to the converged pixel — 64² on
    /// 100 µm ([`crate::presets::STUDY_GRID_1P56`], 1.5625 µm pixel) and β = 0.1, 0.2
    /// ([`crate::presets::STUDY_BETAS`]) — with `overrides` merged on top: the model that the
    /// benches' figures and the integrator study's records were measured on. A key that
    /// `overrides` sets wins.
    ///
    /// ```
    /// use tribo_calibrator::config::CalibrationConfig;
    /// let cfg = CalibrationConfig::quick_before_issue_42("[dem]\nintegrator = \"explicit\"\n")?;
    /// assert_eq!((cfg.surface.grid, cfg.sweep.betas.as_slice()), (64, &[0.1, 0.2][..]));
    /// # Ok::<(), tribo_calibrator::validate::error::ConfigError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`Self::from_preset_and_toml`].
    pub fn quick_before_issue_42(overrides: &str) -> Result<Self, ConfigError> {
        let mut user: toml::Table = toml::from_str(overrides).map_err(ConfigError::Parse)?;
        let surface = user
            .entry("surface")
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(t) = surface {
            t.entry("grid")
                .or_insert(toml::Value::Integer(crate::presets::STUDY_GRID_1P56 as i64));
        }
        let sweep = user
            .entry("sweep")
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(t) = sweep {
            t.entry("betas").or_insert_with(|| {
                toml::Value::Array(
                    crate::presets::STUDY_BETAS
                        .iter()
                        .map(|&b| toml::Value::Float(b))
                        .collect(),
                )
            });
        }
        let text = toml::to_string(&user).map_err(ConfigError::Preset)?;
        Self::from_preset_and_toml(Preset::Quick, &text)
    }

    /// As [`Self::from_preset_and_toml`], reading the overrides from a file.
    ///
    /// # Errors
    ///
    /// [`ConfigError::Io`] when `path` cannot be read; otherwise the errors of
    /// [`from_preset_and_toml`](Self::from_preset_and_toml), wrapped in [`ConfigError::InFile`]
    /// naming `path`.
    pub fn from_preset_and_file(preset: Preset, path: &Path) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError::Io {
            path: path.to_owned(),
            error,
        })?;
        Self::from_preset_and_toml(preset, &text).map_err(|e| ConfigError::InFile {
            path: path.to_owned(),
            error: Box::new(e),
        })
    }

    /// Checks every value with the shared rules of [`crate::validate`]; the error names the
    /// offending key, its value and the rule.
    ///
    /// # Errors
    ///
    /// The first rule broken, as a [`ConfigError`] naming the key: [`ConfigError::OutOfRange`] or
    /// [`ConfigError::Element`] for a value or list element outside its bracket,
    /// [`ConfigError::Empty`], [`ConfigError::TooMany`], [`ConfigError::DuplicateVelocity`],
    /// [`ConfigError::AboveSaturation`] (a pressure ≥ p_crit), [`ConfigError::Order`],
    /// [`ConfigError::AboveNyquist`], [`ConfigError::FlakeGeometry`], [`ConfigError::OverBudget`]
    /// (memory), [`ConfigError::MeasuredSurface`] (a measured map that cannot be read or placed on
    /// the domain).
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_config(self)?;
        check_systematic(&self.systematic)
    }
}

impl SystematicConfig {
    /// The budget's terms for the fit and the table.
    pub fn terms(&self) -> Vec<Term> {
        self.terms
            .iter()
            .map(|t| Term {
                name: t.name.clone(),
                ratio_lo: t.ratio_lo,
                ratio_hi: t.ratio_hi,
                source: t.source.clone(),
            })
            .collect()
    }
}

/// `[[systematic.terms]]`: 1 to 8 terms, names of 1 to 40 bytes, 1e-3 ≤ ratio_lo ≤ 1 ≤ ratio_hi ≤ 1e3 (`validate::rules::SYSTEMATIC_RATIO_*`).
fn check_systematic(s: &SystematicConfig) -> Result<(), ConfigError> {
    let key = "systematic.terms";
    if s.terms.is_empty() {
        return Err(ConfigError::Empty { key: key.into() });
    }
    let max = tribo_core::table::SYSTEMATIC_TERMS;
    if s.terms.len() > max {
        return Err(ConfigError::TooMany {
            key: key.into(),
            len: s.terms.len(),
            max,
            what: "the table's uncertainty section",
        });
    }
    // The rule table's bounds (`validate::rules`), the ones `fit::systematic::check` applies.
    const _: () = assert!(crate::validate::rules::SYSTEMATIC_RATIO_MAX == systematic::RATIO_MAX);
    for (i, t) in s.terms.iter().enumerate() {
        crate::validate::rules::SYSTEMATIC_RATIO_LO
            .check(&format!("{key}[{i}].ratio_lo"), t.ratio_lo)?;
        crate::validate::rules::SYSTEMATIC_RATIO_HI
            .check(&format!("{key}[{i}].ratio_hi"), t.ratio_hi)?;
    }
    systematic::check(&s.terms()).map_err(|e| {
        let (i, text) = s
            .terms
            .iter()
            .enumerate()
            .find(|(_, t)| {
                systematic::check(&[Term {
                    name: t.name.clone(),
                    ratio_lo: t.ratio_lo,
                    ratio_hi: t.ratio_hi,
                    source: String::new(),
                }])
                .is_err()
            })
            .map_or((0, String::new()), |(i, t)| (i, t.name.clone()));
        let problem = match e {
            systematic::BudgetError::Name { .. } => {
                "a term's name must be 1 to 40 bytes of UTF-8 (the table's capacity)"
            }
            _ => "not a valid systematic term (0 < ratio_lo ≤ 1 ≤ ratio_hi, finite in f32)",
        };
        ConfigError::BadQuantity {
            key: format!("{key}[{i}].name"),
            text,
            problem,
        }
    })
}

/// Deep-merges `over` into `base`; keys absent from `base` are errors naming the key path.
fn merge(base: toml::Value, over: toml::Value, path: &str) -> Result<toml::Value, ConfigError> {
    match (base, over) {
        (toml::Value::Table(mut b), toml::Value::Table(o)) => {
            for (k, v) in o {
                let key = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                let Some(old) = b.remove(&k) else {
                    // Optional sections absent from the preset (serde checks their keys).
                    if is_optional_key(&key) {
                        b.insert(k, v);
                        continue;
                    }
                    if let Some(new) = renamed_key(&key) {
                        return Err(ConfigError::RenamedKey { key, new });
                    }
                    return Err(ConfigError::UnknownKey { key });
                };
                b.insert(k, merge(old, v, &key)?);
            }
            Ok(toml::Value::Table(b))
        }
        (toml::Value::Table(_), _) => Err(ConfigError::NotATable {
            key: path.to_owned(),
        }),
        (_, over) => Ok(over),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dem::IntegratorChoice;

    #[test]
    fn the_systematic_budget_is_replaced_by_the_file_and_validated_naming_the_term() {
        let one = "[[systematic.terms]]\nname = \"drag γ (measured)\"\nratio_lo = 0.8\nratio_hi = 1.1\nsource = \"study\"\n";
        let c = CalibrationConfig::from_preset_and_toml(Preset::Quick, one).unwrap();
        assert_eq!(c.systematic.terms.len(), 1);
        assert_eq!(c.systematic.terms[0].ratio_lo, 0.8);
        for (bad, key) in [
            (one.replace("0.8", "1.2"), "systematic.terms[0].ratio_lo"),
            (one.replace("1.1", "0.9"), "systematic.terms[0].ratio_hi"),
            // RATIO_MAX each way, named by the ratio (not the term's name).
            (
                one.replace("0.8", "0.000999"),
                "systematic.terms[0].ratio_lo",
            ),
            (
                one.replace("1.1", "1000.001"),
                "systematic.terms[0].ratio_hi",
            ),
            (
                one.replace("drag γ (measured)", ""),
                "systematic.terms[0].name",
            ),
            ("[systematic]\nterms = []\n".to_owned(), "systematic.terms"),
        ] {
            let e = CalibrationConfig::from_preset_and_toml(Preset::Quick, &bad)
                .unwrap_err()
                .to_string();
            assert!(e.contains(key), "{e}");
        }
    }

    #[test]
    fn every_preset_is_valid() {
        for p in [Preset::Quick, Preset::Standard, Preset::Paper] {
            p.config().validate().unwrap();
        }
    }

    #[test]
    fn overrides_apply_and_errors_name_the_key() {
        let c =
            CalibrationConfig::from_preset_and_toml(Preset::Quick, "[material]\ne_star = 70e9\n")
                .unwrap();
        assert_eq!(c.material.e_star, 70e9);
        let msg = |t: &str| {
            let e = CalibrationConfig::from_preset_and_toml(Preset::Quick, t).unwrap_err();
            e.to_string()
        };
        assert!(msg("[material]\nfoo = 1\n").contains("material.foo"));
        // process.seeds is absent from the quick preset (its serialised config, so its hash,
        // is unchanged), yet a file may set it; 0 is refused.
        let c = CalibrationConfig::from_preset_and_toml(Preset::Quick, "[process]\nseeds = 9\n")
            .unwrap();
        assert_eq!(c.process.seeds, Some(9));
        c.validate().unwrap();
        let e = msg("[process]\nseeds = 0\n");
        assert!(e.contains("process.seeds"), "{e}");
        // So may process.pressures, each below p_crit and positive, at least one.
        let c = CalibrationConfig::from_preset_and_toml(
            Preset::Quick,
            "[process]\npressures = [30e6]\n",
        )
        .unwrap();
        assert_eq!(c.process.pressures, Some(vec![30e6]));
        c.validate().unwrap();
        assert!(msg("[process]\npressures = []\n").contains("process.pressures"));
        assert!(msg("[process]\npressures = [-1e6]\n").contains("process.pressures"));
        assert!(msg("[process]\npressures = [400e6]\n").contains("p_crit"));
        assert!(msg("[nonsense]\n").contains("nonsense"));
        assert!(msg("[material]\ne_star = -1.0\n").contains("material.e_star"));
        assert!(msg("[flakes]\ndiameter = 1.0\n").contains("flakes.diameter"));
        assert!(msg("[sweep]\npressures = [400e6]\n").contains("p_crit"));
        assert!(msg("[sweep]\nseeds = 0\n").contains("sweep.seeds"));
        assert!(msg("[sweep]\nsurfaces = 0\n").contains("sweep.surfaces"));
        assert!(msg("[process]\nvelocities = [10.0]\n").contains("appears twice"));
        assert!(msg("[process]\nvelocities = [-0.1]\n").contains("process.velocities"));
        assert!(msg("[flakes]\ndrag_frame = \"air\"\n").contains("drag_frame"));
        assert!(msg("[dem]\nintegrator = \"rk4\"\n").contains("integrator"));
        assert!(msg("[dem]\ntolerance = 0.0\n").contains("dem.tolerance"));
        assert!(msg("[dem]\nmax_advance = -1.0\n").contains("dem.max_advance"));
        assert!(msg("[dem]\nexplicit_step = 2.0\n").contains("dem.explicit_step"));
        assert!(msg("[dem]\nexplicit_inertia = 0.0\n").contains("dem.explicit_inertia"));
        let c = CalibrationConfig::from_preset_and_toml(
            Preset::Quick,
            "[dem]\nintegrator = \"explicit\"\n",
        )
        .unwrap();
        assert_eq!(c.dem.integrator, IntegratorChoice::Explicit);
        assert!(msg("[material]\ne_star = \"x\"\n").contains("e_star"));
    }

    #[test]
    fn printed_config_reads_back_to_the_same_values_with_every_unit() {
        for p in [Preset::Quick, Preset::Standard, Preset::Paper] {
            let cfg = p.config();
            let text = crate::validate::print::config_toml(&cfg).unwrap();
            let back = CalibrationConfig::from_preset_and_toml(p, &text).unwrap();
            assert_eq!(back, cfg);
            assert!(!text.contains("# []"), "a key without a unit:\n{text}");
            // The presets hold typed values: every number prints as a user would type it.
            assert!(!text.contains("0000000"), "unreadable number:\n{text}");
            assert!(!text.contains("9999999"), "unreadable number:\n{text}");
            assert!(
                !text.contains('≈'),
                "a value that is no short decimal:\n{text}"
            );
            // The measured-surface keys are shown (as a template when unset).
            for key in crate::validate::print::MEASURED_KEYS {
                assert!(
                    text.contains(&format!("# {key} = {{ path = ")),
                    "{key}:\n{text}"
                );
            }
        }
    }

    #[test]
    fn a_missing_measured_file_is_refused_once_naming_the_key_and_the_file() {
        // The refusal of `surface::measured` through the configuration: the key once, the
        // file, the reason.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no_such_map.csv");
        let toml = format!(
            "[surface.tool_file]\npath = {:?}\nspacing = 1e-6\nheight_unit = 1e-6\n",
            path.display().to_string()
        );
        let msg = CalibrationConfig::from_preset_and_toml(Preset::Quick, &toml)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("no_such_map.csv"), "{msg}");
        assert_eq!(msg.matches("surface.tool_file").count(), 1, "{msg}");
    }
}
