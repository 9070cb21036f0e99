//! Provenance of a calibration run, so that a resumed or merged run never mixes
//! configurations: `out/run.json` records the resolved configuration, the seed, the thread
//! count and the calibrator version with a hash, and every case file carries that hash.
//!
//! **The hash** is FNV-1a (64 bit) over the canonical JSON of (calibrator version, seed,
//! resolved configuration, and the FNV-1a of each measured surface file it names).
//! Everything a case result depends on is in it; the thread count is
//! recorded but not hashed, because a case's result does not depend on it (each case runs on
//! one thread in a fixed order: `meso::run`), so a Slurm array with one CPU per task merges
//! with a local run. The preset's name is recorded, not hashed: the resolved configuration is
//! what counts. FNV-1a is specified by its two constants, so the hash of a configuration is
//! the same on every machine and in every build.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::error::{PipelineError, Result, io_at, json_at, write_json};
use crate::config::CalibrationConfig;
use crate::meso::cases::CaseResult;
use crate::provenance::{fnv1a, hash_text};
use crate::table::assemble::CALIBRATOR_VERSION;

/// The source this binary was built from: the git commit (12 hex digits), `-dirty` when
/// tracked files differed from it, or `unknown` outside a git checkout (`calibrator/build.rs`).
/// Recorded in `run.json` and in every case file, and not hashed (the table's provenance hash
/// stays a function of version, seed and configuration); case files of another known build are
/// never reused ([`CaseFile::is_from_other_build`]).
pub const BUILD: &str = env!("TRIBO_BUILD");

/// Hash of everything a case result depends on: calibrator version, seed, configuration, and
/// the contents of the measured surface files it names (`surface.deformable_file`,
/// `surface.tool_file`: a file edited in place under the same path is another input). The
/// file hashes are left out of the hashed JSON when no file is named, so configurations
/// without measured surfaces keep the hash they had before files were hashed.
///
/// # Errors
///
/// [`PipelineError::HashInput`] when a measured surface file the configuration names cannot be
/// read; [`PipelineError::HashJson`] if the configuration does not serialise (a bug).
pub fn config_hash(config: &CalibrationConfig, seed: u64) -> Result<u64> {
    /// The configuration the simulations read: every section but `systematic` (issue 42: α's
    /// systematic budget only enters the table's uncertainty section), in the order of
    /// [`CalibrationConfig`], so hashes of runs before the budget existed are unchanged.
    #[derive(Serialize)]
    struct Simulated<'a> {
        material: &'a crate::config::MaterialConfig,
        surface: &'a crate::config::SurfaceConfig,
        flakes: &'a crate::config::FlakeConfig,
        dem: &'a crate::config::DemConfig,
        process: &'a crate::config::ProcessConfig,
        sweep: &'a crate::config::SweepConfig,
        bem: &'a crate::config::BemConfig,
        random_field: &'a crate::config::RandomFieldConfig,
        asperity: &'a crate::config::AsperityConfig,
    }
    #[derive(Serialize)]
    struct Hashed<'a> {
        calibrator_version: &'a str,
        seed: u64,
        config: Simulated<'a>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        measured_files: Vec<(&'static str, String)>,
    }
    let CalibrationConfig {
        material,
        surface,
        flakes,
        dem,
        process,
        sweep,
        bem,
        random_field,
        asperity,
        systematic: _,
    } = config;
    let simulated = Simulated {
        material,
        surface,
        flakes,
        dem,
        process,
        sweep,
        bem,
        random_field,
        asperity,
    };
    let s = &config.surface;
    let mut measured_files = Vec::new();
    for (key, file) in [
        ("surface.deformable_file", &s.deformable_file),
        ("surface.tool_file", &s.tool_file),
    ] {
        if let Some(file) = file {
            let bytes = std::fs::read(&file.path).map_err(|source| PipelineError::HashInput {
                key,
                path: file.path.clone(),
                source,
            })?;
            measured_files.push((key, hash_text(fnv1a(&bytes))));
        }
    }
    let json = serde_json::to_vec(&Hashed {
        calibrator_version: CALIBRATOR_VERSION,
        seed,
        config: simulated,
        measured_files,
    })
    .map_err(PipelineError::HashJson)?;
    Ok(fnv1a(&json))
}

/// Contents of `out/run.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// Calibrator version (`CARGO_PKG_VERSION`).
    pub calibrator_version: String,
    /// [`BUILD`] of the binary that wrote this record (empty in records of older builds).
    #[serde(default)]
    pub build: String,
    /// Preset the configuration started from.
    pub preset: String,
    /// `--seed`.
    pub seed: u64,
    /// Worker threads of the run that wrote this record (not hashed: results do not depend
    /// on it).
    pub threads: usize,
    /// [`config_hash`] as 16 hex digits.
    pub config_hash: String,
    /// The resolved configuration.
    pub config: CalibrationConfig,
}

impl RunRecord {
    /// The record of a run whose [`config_hash`] is `hash` (computed once by the caller: it
    /// reads the measured surface files).
    pub fn new(config: &CalibrationConfig, preset: &str, seed: u64, hash: u64) -> Self {
        Self {
            calibrator_version: CALIBRATOR_VERSION.into(),
            build: BUILD.into(),
            preset: preset.into(),
            seed,
            threads: rayon::current_num_threads(),
            config_hash: hash_text(hash),
            config: config.clone(),
        }
    }

    /// `out/run.json`.
    pub fn path(out: &Path) -> PathBuf {
        out.join("run.json")
    }

    /// Reads a previous run's record, if any (`Ok(None)` when there is none; an unreadable
    /// record is an error naming the file).
    ///
    /// # Errors
    ///
    /// [`PipelineError::Io`] when `out/run.json` exists but cannot be read; [`PipelineError::Json`]
    /// when it does not parse.
    pub fn read(out: &Path) -> Result<Option<Self>> {
        let path = Self::path(out);
        if !path.exists() {
            return Ok(None);
        }
        let text = std::fs::read_to_string(&path).map_err(io_at("reading", &path))?;
        serde_json::from_str(&text)
            .map(Some)
            .map_err(json_at("parsing", &path))
    }

    /// Writes `out/run.json` atomically.
    ///
    /// # Errors
    ///
    /// [`PipelineError::Json`] or [`PipelineError::Io`] naming `out/run.json` when it cannot be
    /// encoded or written.
    pub fn write(&self, out: &Path) -> Result<()> {
        write_json(&Self::path(out), self)
    }
}

/// What a case file holds: the result and the hash of the configuration that produced it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseFile {
    /// [`config_hash`] of the run that computed the result, 16 hex digits.
    pub config_hash: String,
    /// [`BUILD`] of the binary that computed the result (empty in files of older builds).
    #[serde(default)]
    pub build: String,
    /// The result.
    pub result: CaseResult,
}

impl CaseFile {
    /// Whether the result was computed by another build than `build`: both builds known
    /// (neither empty nor `unknown`) and different. A `-dirty` build matches only itself, so
    /// two different uncommitted states of one commit are not told apart (commit first).
    pub fn is_from_other_build(&self, build: &str) -> bool {
        let known = |b: &str| !b.is_empty() && b != "unknown";
        known(&self.build) && known(build) && self.build != build
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::Preset;

    #[test]
    fn every_presets_printout_reads_back_to_its_hash() {
        // `tribo calibrate --preset P --print-config > my.toml; --config my.toml` runs the same
        // configuration: the same hash, so a resumed run reuses the preset's cases.
        for p in [Preset::Quick, Preset::Standard, Preset::Paper] {
            let cfg = p.config();
            let text = crate::validate::print::config_toml(&cfg).unwrap();
            let back = crate::config::CalibrationConfig::from_preset_and_toml(p, &text).unwrap();
            assert_eq!(
                config_hash(&back, 0).unwrap(),
                config_hash(&cfg, 0).unwrap(),
                "{p:?}"
            );
        }
    }

    /// α's systematic budget enters no simulation: changing it keeps every case file valid.
    #[test]
    fn the_systematic_budget_is_not_hashed() {
        let cfg = Preset::Quick.config();
        let mut other = cfg.clone();
        other.systematic.terms[0].ratio_hi = 3.0;
        other.systematic.terms.pop();
        assert_eq!(
            config_hash(&cfg, 7).unwrap(),
            config_hash(&other, 7).unwrap()
        );
    }

    #[test]
    fn the_hash_changes_with_seed_and_any_config_value_only() {
        let cfg = Preset::Quick.config();
        let h = config_hash(&cfg, 7).unwrap();
        assert_eq!(h, config_hash(&cfg.clone(), 7).unwrap());
        assert_ne!(h, config_hash(&cfg, 8).unwrap());
        let mut other = cfg.clone();
        other.flakes.damping *= 0.01;
        assert_ne!(h, config_hash(&other, 7).unwrap());
        let mut frame = cfg.clone();
        frame.flakes.drag_frame = crate::dem::DragFrame::Sheet;
        assert_ne!(h, config_hash(&frame, 7).unwrap());
        // The integrator and its settings (issue 31): a run resumed with another integrator
        // reruns every case instead of mixing them.
        let mut explicit = cfg.clone();
        assert_eq!(explicit.dem.integrator, crate::dem::IntegratorChoice::Auto);
        explicit.dem.integrator = crate::dem::IntegratorChoice::Explicit;
        assert_ne!(h, config_hash(&explicit, 7).unwrap());
        let mut tighter = cfg;
        tighter.dem.tolerance *= 0.5;
        assert_ne!(h, config_hash(&tighter, 7).unwrap());
    }

    #[test]
    fn the_model_knobs_of_issue_42_hash_only_away_from_their_defaults() {
        // At their defaults the knobs are left out of the serialised config: the presets keep
        // the hashes (and case files) they had before the knobs existed.
        let cfg = Preset::Quick.config();
        let json = serde_json::to_string(&cfg).unwrap();
        for key in [
            "stiffness_scale",
            "stiffness_velocity",
            "rotational_damping",
            "inertial_scheme",
        ] {
            assert!(!json.contains(key), "{key} in {json}");
        }
        let h = config_hash(&cfg, 7).unwrap();
        let with = |text: &str| {
            let c = crate::config::CalibrationConfig::from_preset_and_toml(Preset::Quick, text)
                .unwrap();
            config_hash(&c, 7).unwrap()
        };
        // Written at their default values they are the same configuration.
        assert_eq!(
            with(
                "[dem]\nstiffness_scale = 1.0\nstiffness_velocity = 0.0\n[flakes]\nrotational_damping = \"equal_relaxation\"\n"
            ),
            h
        );
        assert_ne!(with("[dem]\nstiffness_scale = 4.0\n"), h);
        assert_ne!(with("[dem]\nstiffness_velocity = 1.0\n"), h);
        assert_eq!(with("[dem]\ninertial_scheme = \"tr-bdf2\"\n"), h);
        assert_ne!(with("[dem]\ninertial_scheme = \"backward-euler\"\n"), h);
        assert_ne!(with("[flakes]\nrotational_damping = \"eq16\"\n"), h);
        // --print-config shows them with their units.
        let text = crate::validate::print::config_toml(&cfg).unwrap();
        assert!(
            text.contains("stiffness_scale = 1.0  # [- (factor"),
            "{text}"
        );
        assert!(
            text.contains("rotational_damping = \"equal_relaxation\""),
            "{text}"
        );
        for bad in [
            "[dem]\nstiffness_scale = 0.0\n",
            "[dem]\nstiffness_velocity = -1.0\n",
        ] {
            let e = crate::config::CalibrationConfig::from_preset_and_toml(Preset::Quick, bad)
                .unwrap_err()
                .to_string();
            assert!(e.contains("dem.stiffness_"), "{e}");
        }
    }

    #[test]
    fn the_hash_covers_the_contents_of_a_measured_surface_file() {
        let dir = std::env::temp_dir().join(format!("tribo-hash-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("def.txt");
        let mut cfg = Preset::Quick.config();
        let plain = config_hash(&cfg, 7).unwrap();
        cfg.surface.deformable_file = Some(crate::surface::MeasuredSurface {
            path: path.clone(),
            spacing: Some(1e-6),
            height_unit: Some(1e-6),
            allow_tiling: false,
        });
        std::fs::write(&path, "0 1\n1 0\n").unwrap();
        let first = config_hash(&cfg, 7).unwrap();
        // The same path, edited in place: another input, another hash.
        std::fs::write(&path, "0 1\n1 0.5\n").unwrap();
        let edited = config_hash(&cfg, 7).unwrap();
        std::fs::write(&path, "0 1\n1 0\n").unwrap();
        assert_eq!(first, config_hash(&cfg, 7).unwrap());
        assert_ne!(first, edited);
        assert_ne!(first, plain);
        std::fs::remove_file(&path).unwrap();
        assert!(
            config_hash(&cfg, 7).is_err(),
            "a missing file cannot be hashed"
        );
        let _ = std::fs::remove_dir(&dir);
    }

    #[test]
    fn only_two_known_different_builds_count_as_another_build() {
        let case = crate::meso::cases::list_cases(&Preset::Quick.config())[0];
        let file = |build: &str| CaseFile {
            config_hash: hash_text(1),
            build: build.into(),
            result: CaseResult {
                case,
                flakes: 0,
                beta_realised: 0.0,
                mean_ap: 0.0,
                mean_ac: 0.0,
                mean_blocked: 0.0,
                steps: 0,
                bem_iterations: 0,
                seconds_dem: 0.0,
                seconds_bem: 0.0,
                integrator: "explicit".into(),
                events: Default::default(),
            },
        };
        assert!(file("aaaaaaaaaaaa").is_from_other_build("bbbbbbbbbbbb"));
        assert!(file("aaaaaaaaaaaa-dirty").is_from_other_build("aaaaaaaaaaaa"));
        assert!(!file("aaaaaaaaaaaa").is_from_other_build("aaaaaaaaaaaa"));
        // Files of builds before the stamp existed, and builds outside git, are not told apart.
        assert!(!file("").is_from_other_build("aaaaaaaaaaaa"));
        assert!(!file("unknown").is_from_other_build("aaaaaaaaaaaa"));
        assert!(!file("aaaaaaaaaaaa").is_from_other_build("unknown"));
    }
}
