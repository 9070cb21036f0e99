//! The plan of a sensitivity study (`tribo study sensitivity --plan plan.toml`): a base
//! configuration, the cases every level shares, and the factors with their levels.
//!
//! ```toml
//! [base]
//! preset = "quick"            # quick | standard | paper
//! config = "base.toml"        # optional overrides, relative to the plan file
//!
//! [cases]                     # shared by every level: the same seed indices = surface pairs
//! velocities = [0.08]         # [m/s]; several: the velocity factorial (fig15.csv)
//! pressures = [15e6, 30e6]    # [Pa]
//! betas = [0.1, 0.2]          # [-]
//! pairs = 12                  # seed indices 0..pairs, index i on surface pair i
//! ratio_velocity = 1.0        # [m/s] the velocity factorial's reference (default 1)
//!
//! [[factor]]
//! name = "grid"
//! reference = "64"            # the level every ratio is taken against
//! systematic = false          # true: a factor a user cannot pin down (budget.csv)
//! [[factor.level]]
//! name = "64"
//! [[factor.level]]
//! name = "128"
//! set = { surface.grid = 128 }    # config overrides (TOML), applied last
//! admissible = true           # counted in the systematic budget (default true)
//! ```
//!
//! A level's configuration is the preset, then `base.config`, then the shared cases
//! (`sweep.velocities/pressures/betas`, `sweep.seeds = sweep.surfaces = pairs`, no process
//! velocities), then the level's `set`: so a level may change anything, the cases included
//! (a β factor sets `sweep.betas`). Every configuration is validated as `tribo calibrate`
//! validates it; an error names the factor, the level and the key.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::config::CalibrationConfig;
use crate::presets::Preset;

/// The name of plan text not read from a file, in errors.
const PLAN_TEXT: &str = "<plan>";

/// Pairs per level that issue 42 asks for (a smaller plan runs, with a warning).
pub const RECOMMENDED_PAIRS: usize = 12;

/// Why a plan cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// The plan file cannot be read.
    #[error("cannot read the plan {path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The plan does not parse (the message names the key and the line).
    #[error("plan {path}: {error}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// Why.
        error: toml::de::Error,
    },
    /// A plan value is refused.
    #[error("plan key `{key}`: {problem}")]
    Value {
        /// The plan key, e.g. `cases.pairs`, `factor[grid].reference`.
        key: String,
        /// What is wrong.
        problem: String,
    },
    /// A level's configuration is refused.
    #[error("plan factor `{factor}` level `{level}`: {error}")]
    Level {
        /// Factor name.
        factor: String,
        /// Level name.
        level: String,
        /// The configuration error (it names the key).
        error: Box<crate::validate::ConfigError>,
    },
}

/// `[base]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Base {
    /// The preset the configurations start from.
    pub preset: Preset,
    /// Overrides of the preset for every level (TOML file, relative to the plan).
    #[serde(default)]
    pub config: Option<PathBuf>,
}

/// `[cases]`: what every level runs.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedCases {
    /// Physical sliding velocities \[m/s\].
    pub velocities: Vec<f64>,
    /// Nominal pressures \[Pa\].
    pub pressures: Vec<f64>,
    /// Particle area fractions \[-\].
    pub betas: Vec<f64>,
    /// Seed indices (= surface pairs) 0..pairs, the same at every level: the bootstrap's
    /// clusters.
    pub pairs: usize,
    /// The velocity factorial's reference velocity \[m/s\] (default 1 m/s, seed 000 Fig. 15's
    /// middle); must be one of `velocities` when there are several.
    #[serde(default)]
    pub ratio_velocity: Option<f64>,
}

/// `[[factor.level]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelSpec {
    /// Name (unique within the factor).
    pub name: String,
    /// Config overrides (a TOML table, e.g. `{ surface.grid = 128 }`).
    #[serde(default)]
    pub set: toml::Table,
    /// Whether the level is inside the factor's admissible range (budget.csv).
    #[serde(default = "yes")]
    pub admissible: bool,
}

fn yes() -> bool {
    true
}

/// `[[factor]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactorSpec {
    /// Name (unique in the plan).
    pub name: String,
    /// The reference level's name.
    pub reference: String,
    /// A factor a user cannot pin down: its admissible levels enter the systematic budget.
    #[serde(default)]
    pub systematic: bool,
    /// The levels, in the order of the outputs.
    #[serde(rename = "level")]
    pub levels: Vec<LevelSpec>,
}

/// The plan file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanFile {
    /// `[base]`.
    pub base: Base,
    /// `[cases]`.
    pub cases: SharedCases,
    /// `[[factor]]`.
    #[serde(rename = "factor")]
    pub factors: Vec<FactorSpec>,
}

/// One level, resolved.
#[derive(Clone, Debug)]
pub struct Level {
    /// Name.
    pub name: String,
    /// Whether it is admissible (budget).
    pub admissible: bool,
    /// Its full configuration.
    pub config: CalibrationConfig,
}

/// One factor, resolved.
#[derive(Clone, Debug)]
pub struct Factor {
    /// Name.
    pub name: String,
    /// Index of the reference level in `levels`.
    pub reference: usize,
    /// Whether it enters the systematic budget.
    pub systematic: bool,
    /// Levels in plan order.
    pub levels: Vec<Level>,
}

/// A resolved plan: every level's configuration, validated.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The preset of `[base]`.
    pub preset: Preset,
    /// `[cases]`.
    pub cases: SharedCases,
    /// The factors.
    pub factors: Vec<Factor>,
}

impl Plan {
    /// Reads and resolves the plan at `path` (`base.config` relative to its folder).
    ///
    /// # Errors
    ///
    /// [`PlanError`] naming the file, the plan key, or the factor, level and config key.
    pub fn read(path: &Path) -> Result<Self, PlanError> {
        let text = std::fs::read_to_string(path).map_err(|error| PlanError::Io {
            path: path.to_owned(),
            error,
        })?;
        let dir = path.parent().unwrap_or(Path::new("."));
        Self::parse(&text, dir).map_err(|e| match e {
            PlanError::Parse { path: p, error } if p == Path::new(PLAN_TEXT) => PlanError::Parse {
                path: path.to_owned(),
                error,
            },
            other => other,
        })
    }

    /// Resolves plan text, with `base.config` relative to `dir`.
    ///
    /// # Errors
    ///
    /// As [`Self::read`].
    pub fn parse(text: &str, dir: &Path) -> Result<Self, PlanError> {
        let file: PlanFile = toml::from_str(text).map_err(|error| PlanError::Parse {
            path: PathBuf::from(PLAN_TEXT),
            error,
        })?;
        check_cases(&file.cases)?;
        let base = match &file.base.config {
            Some(p) => {
                let path = dir.join(p);
                let text = std::fs::read_to_string(&path)
                    .map_err(|error| PlanError::Io { path, error })?;
                toml::from_str::<toml::Table>(&text).map_err(|error| PlanError::Parse {
                    path: dir.join(p),
                    error,
                })?
            }
            None => toml::Table::new(),
        };
        let shared = shared_table(&file.cases);
        if file.factors.is_empty() {
            return Err(value("factor", "the plan has no [[factor]]"));
        }
        let mut factors = Vec::new();
        for (i, f) in file.factors.iter().enumerate() {
            if file.factors[..i].iter().any(|g| g.name == f.name) {
                return Err(value(format!("factor[{}].name", f.name), "appears twice"));
            }
            if f.levels.is_empty() {
                return Err(value(format!("factor[{}].level", f.name), "has no level"));
            }
            let mut levels = Vec::new();
            for (j, l) in f.levels.iter().enumerate() {
                if f.levels[..j].iter().any(|m| m.name == l.name) {
                    return Err(value(
                        format!("factor[{}].level[{}].name", f.name, l.name),
                        "appears twice",
                    ));
                }
                let mut t = base.clone();
                merge_into(&mut t, shared.clone());
                merge_into(&mut t, l.set.clone());
                let level_error = |error| PlanError::Level {
                    factor: f.name.clone(),
                    level: l.name.clone(),
                    error: Box::new(error),
                };
                let text = toml::to_string(&t).map_err(|e| {
                    value(
                        format!("factor[{}].level[{}].set", f.name, l.name),
                        e.to_string(),
                    )
                })?;
                let config = CalibrationConfig::from_preset_and_toml(file.base.preset, &text)
                    .map_err(level_error)?;
                levels.push(Level {
                    name: l.name.clone(),
                    admissible: l.admissible,
                    config,
                });
            }
            let Some(reference) = f.levels.iter().position(|l| l.name == f.reference) else {
                return Err(value(
                    format!("factor[{}].reference", f.name),
                    format!("`{}` is none of the factor's levels", f.reference),
                ));
            };
            factors.push(Factor {
                name: f.name.clone(),
                reference,
                systematic: f.systematic,
                levels,
            });
        }
        Ok(Self {
            preset: file.base.preset,
            cases: file.cases,
            factors,
        })
    }

    /// The velocity factorial's reference velocity \[m/s\] (`cases.ratio_velocity`, default
    /// 1 m/s if present, else the first velocity).
    pub fn ratio_velocity(&self) -> f64 {
        let v = &self.cases.velocities;
        self.cases
            .ratio_velocity
            .or_else(|| v.iter().copied().find(|&x| x == 1.0))
            .unwrap_or(v[0])
    }
}

fn value(key: impl Into<String>, problem: impl Into<String>) -> PlanError {
    PlanError::Value {
        key: key.into(),
        problem: problem.into(),
    }
}

fn check_cases(c: &SharedCases) -> Result<(), PlanError> {
    for (key, list) in [
        ("cases.velocities", &c.velocities),
        ("cases.pressures", &c.pressures),
        ("cases.betas", &c.betas),
    ] {
        if list.is_empty() {
            return Err(value(key, "is empty"));
        }
        if let Some(x) = list.iter().find(|x| !(x.is_finite() && **x > 0.0)) {
            return Err(value(key, format!("{x} is not a positive number")));
        }
    }
    if c.pairs == 0 {
        return Err(value("cases.pairs", "must be at least 1"));
    }
    if let Some(v) = c.ratio_velocity
        && c.velocities.len() > 1
        && !c.velocities.contains(&v)
    {
        return Err(value(
            "cases.ratio_velocity",
            format!("{v} is none of cases.velocities"),
        ));
    }
    Ok(())
}

/// The shared cases as config overrides.
fn shared_table(c: &SharedCases) -> toml::Table {
    let floats = |v: &[f64]| toml::Value::Array(v.iter().map(|&x| toml::Value::Float(x)).collect());
    let mut sweep = toml::Table::new();
    sweep.insert("velocities".into(), floats(&c.velocities));
    sweep.insert("pressures".into(), floats(&c.pressures));
    sweep.insert("betas".into(), floats(&c.betas));
    sweep.insert("seeds".into(), toml::Value::Integer(c.pairs as i64));
    sweep.insert("surfaces".into(), toml::Value::Integer(c.pairs as i64));
    let mut process = toml::Table::new();
    process.insert("velocities".into(), toml::Value::Array(Vec::new()));
    let mut t = toml::Table::new();
    t.insert("sweep".into(), toml::Value::Table(sweep));
    t.insert("process".into(), toml::Value::Table(process));
    t
}

/// Merges `over` into `base`, table by table (a value of `over` replaces the one of `base`).
fn merge_into(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge_into(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) const TINY: &str = r#"
[base]
preset = "quick"
[cases]
velocities = [10.0]
pressures = [15e6]
betas = [0.2]
pairs = 2
[[factor]]
name = "stiffness"
reference = "x1"
systematic = true
[[factor.level]]
name = "x1"
[[factor.level]]
name = "x4"
set = { dem.stiffness_scale = 4.0 }
"#;

    fn err(text: &str) -> String {
        Plan::parse(text, Path::new(".")).unwrap_err().to_string()
    }

    #[test]
    fn a_plan_resolves_each_level_over_the_shared_cases() {
        let p = Plan::parse(TINY, Path::new(".")).unwrap();
        let f = &p.factors[0];
        assert_eq!(f.reference, 0);
        let (a, b) = (&f.levels[0].config, &f.levels[1].config);
        assert_eq!(a.sweep.seeds, 2);
        assert_eq!(a.sweep.surfaces, 2);
        assert_eq!(a.sweep.velocities, vec![10.0]);
        assert!(a.process.velocities.is_empty());
        assert_eq!(a.dem.stiffness_scale, 1.0);
        assert_eq!(b.dem.stiffness_scale, 4.0);
        assert_eq!(p.ratio_velocity(), 10.0);
    }

    #[test]
    fn the_plans_of_the_docs_resolve() {
        // docs/studies/sensitivity/: every level is a valid configuration, and each plan holds
        // issue 42's 12 pairs per level.
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/studies/sensitivity");
        for name in [
            "plan.toml",
            "plan_500.toml",
            "plan_diameter50.toml",
            "fig15.toml",
        ] {
            let p = Plan::read(&dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(p.cases.pairs >= RECOMMENDED_PAIRS, "{name}");
            for f in &p.factors {
                for l in &f.levels {
                    assert_eq!(l.config.sweep.seeds, p.cases.pairs, "{name} {}", f.name);
                }
            }
        }
    }

    #[test]
    fn plan_errors_name_the_key() {
        let e = err(&TINY.replace("pairs = 2", "pairs = 0"));
        assert!(e.contains("cases.pairs"), "{e}");
        let e = err(&TINY.replace("pairs = 2", "pairz = 2"));
        assert!(e.contains("pairz"), "{e}");
        let e = err(&TINY.replace("reference = \"x1\"", "reference = \"x2\""));
        assert!(e.contains("factor[stiffness].reference"), "{e}");
        let e = err(&TINY.replace("dem.stiffness_scale = 4.0", "dem.stiffness_scale = -1.0"));
        assert!(
            e.contains("stiffness") && e.contains("x4") && e.contains("dem.stiffness_scale"),
            "{e}"
        );
        let e = err(&TINY.replace("dem.stiffness_scale = 4.0", "dem.stifness = 1.0"));
        assert!(e.contains("dem.stifness"), "{e}");
        let e = err(&TINY.replace("betas = [0.2]", "betas = []"));
        assert!(e.contains("cases.betas"), "{e}");
        let e = err(&TINY.replace("name = \"x4\"", "name = \"x1\""));
        assert!(e.contains("factor[stiffness].level[x1].name"), "{e}");
    }
}
