//! The case list of a sensitivity study (`tribo study sensitivity`): the plan's levels
//! grouped by configuration, each distinct configuration run once in its own folder.
//!
//! Levels with the same resolved configuration (every factor's reference level is usually the
//! base itself) share their cases: the configuration hash ([`config_hash`]: calibrator
//! version, `--seed`, configuration) names the folder `configs/<hash>/` that holds its
//! `run.json` and `cases/` exactly as `tribo calibrate` writes them, so a case file is reused
//! only by the configuration and seed that wrote it (and only by the same build), and a killed
//! study resumes case by case. The study's case list is the concatenation of the distinct
//! configurations' case lists ([`crate::meso::cases::list_cases`]) in plan order: study case
//! I is case I − offset of its configuration.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::error::Result;
use super::run_record::config_hash;
use crate::config::CalibrationConfig;
use crate::meso::cases::{MesoCase, list_cases};
use crate::provenance::hash_text;
use crate::studies::sensitivity::plan::Plan;

/// One distinct configuration of the study.
#[derive(Clone, Debug)]
pub struct StudyConfig {
    /// The configuration.
    pub config: CalibrationConfig,
    /// Its [`config_hash`] under the study's seed.
    pub hash: u64,
    /// Its cases (local indices).
    pub cases: Vec<MesoCase>,
    /// Study index of its first case.
    pub offset: usize,
    /// The `factor=level` labels that use it.
    pub labels: Vec<String>,
}

/// One entry of the study's case list (`cases.json` of `--list-cases`).
#[derive(Clone, Debug, Serialize)]
pub struct StudyCase {
    /// Study index (`--case I`).
    pub index: usize,
    /// The configuration's hash (its folder `configs/<hash>/`).
    pub config_hash: String,
    /// The levels that share the configuration.
    pub levels: Vec<String>,
    /// The case within the configuration.
    pub case: MesoCase,
}

/// The study: its plan and distinct configurations.
#[derive(Clone, Debug)]
pub struct Design {
    /// The plan.
    pub plan: Plan,
    /// Distinct configurations in plan order.
    pub configs: Vec<StudyConfig>,
    /// `level_config[f][l]`: the configuration of factor f's level l.
    pub level_config: Vec<Vec<usize>>,
    /// The study's seed.
    pub seed: u64,
}

impl Design {
    /// Groups the plan's levels by configuration hash under `seed`.
    ///
    /// # Errors
    ///
    /// [`super::PipelineError::HashInput`] when a measured surface file of a level cannot be
    /// read for its hash.
    pub fn new(plan: Plan, seed: u64) -> Result<Self> {
        let mut configs: Vec<StudyConfig> = Vec::new();
        let mut level_config = Vec::new();
        let mut offset = 0;
        for f in &plan.factors {
            let mut row = Vec::new();
            for l in &f.levels {
                let hash = config_hash(&l.config, seed)?;
                let label = format!("{}={}", f.name, l.name);
                let k = match configs.iter().position(|c| c.hash == hash) {
                    Some(k) => k,
                    None => {
                        let cases = list_cases(&l.config);
                        configs.push(StudyConfig {
                            config: l.config.clone(),
                            hash,
                            offset,
                            labels: Vec::new(),
                            cases,
                        });
                        offset += configs.last().map_or(0, |c| c.cases.len());
                        configs.len() - 1
                    }
                };
                configs[k].labels.push(label);
                row.push(k);
            }
            level_config.push(row);
        }
        Ok(Self {
            plan,
            configs,
            level_config,
            seed,
        })
    }

    /// Number of cases of the study.
    pub fn len(&self) -> usize {
        self.configs.last().map_or(0, |c| c.offset + c.cases.len())
    }

    /// Whether the study has no case.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The configuration and local case of study case `index`.
    pub fn locate(&self, index: usize) -> Option<(usize, &MesoCase)> {
        let k = self
            .configs
            .iter()
            .rposition(|c| c.offset <= index && index < c.offset + c.cases.len())?;
        Some((k, &self.configs[k].cases[index - self.configs[k].offset]))
    }

    /// The folder of configuration `k` under the study folder `out`.
    pub fn dir(&self, out: &Path, k: usize) -> PathBuf {
        out.join("configs").join(hash_text(self.configs[k].hash))
    }

    /// The study's case list.
    pub fn cases(&self) -> Vec<StudyCase> {
        self.configs
            .iter()
            .flat_map(|c| {
                c.cases.iter().map(move |case| StudyCase {
                    index: c.offset + case.index,
                    config_hash: hash_text(c.hash),
                    levels: c.labels.clone(),
                    case: *case,
                })
            })
            .collect()
    }
}
