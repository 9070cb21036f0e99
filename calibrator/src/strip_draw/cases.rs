//! The sweeps of `tribo strip-draw` as a list of independent cases (seed 000 §7, §2.1):
//!
//! | study        | varies            | fixed (seed figure)                         |
//! |--------------|-------------------|---------------------------------------------|
//! | `tool`       | tool length × P_N | ζ, K of the table (Fig. 19b, Fig. 2a)       |
//! | `zeta`       | ζ × P_N           | 35 mm tool, K of the table (Fig. 17b)       |
//! | `archard`    | K × P_N           | 70 mm tool, ζ = 0 (Fig. 18b)                |
//! | `multipass`  | P_N               | 35 mm tool; passes 1…n then a cleaned pass (Fig. 2b) |
//!
//! Cases run with rayon; results come back in list order (deterministic output). The bar is
//! deterministic, so no random stream is involved.

use rayon::prelude::*;

use super::StripDrawError;
use super::model::{NumericSettings, StripModel};
use super::multipass::{Pass, run_passes, sequence};
use super::run::PassResult;

/// Which study a case belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Study {
    /// μ̄ vs P_N per tool length (Fig. 19b).
    ToolLength,
    /// μ̄ vs P_N per ζ (Fig. 17b).
    Zeta,
    /// μ̄ vs P_N per Archard coefficient K (Fig. 18b).
    Archard,
    /// μ̄ vs P_N per pass, β persisting, plus a cleaned pass (Fig. 2b).
    MultiPass,
}

impl Study {
    /// All studies in report order.
    pub const ALL: [Study; 4] = [
        Study::ToolLength,
        Study::Zeta,
        Study::Archard,
        Study::MultiPass,
    ];

    /// File-name stem.
    pub fn name(self) -> &'static str {
        match self {
            Study::ToolLength => "tool",
            Study::Zeta => "zeta",
            Study::Archard => "archard",
            Study::MultiPass => "multipass",
        }
    }
}

/// What to sweep (SI units): the one strip-draw spec, of `tribo strip-draw`, the calibration's
/// fidelity study, tests and benches. ζ, K and the map pressure left `None` are the model's
/// (the table's) ζ and K and the highest pressure, resolved by [`list_strip_cases`].
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSpec {
    /// Studies to run (duplicates run once).
    pub studies: Vec<Study>,
    /// Tool pressures P_N \[Pa\].
    pub pressures: Vec<f64>,
    /// Tool lengths of the tool study \[m\].
    pub tools: Vec<f64>,
    /// ζ values of the ζ study \[-\].
    pub zetas: Vec<f32>,
    /// K values of the K study \[-\].
    pub archard_ks: Vec<f32>,
    /// Passes of the multi-pass study before the cleaned pass.
    pub passes: usize,
    /// ζ of the tool and multi-pass studies \[-\] (None: the model's).
    pub zeta: Option<f32>,
    /// K of the tool, ζ and multi-pass studies \[-\] (None: the model's).
    pub archard_k: Option<f32>,
    /// Tool of the ζ and multi-pass studies \[m\] (seed: 35 mm).
    pub zeta_tool: f64,
    /// Tool of the K study \[m\] (seed: 70 mm).
    pub archard_tool: f64,
    /// ζ of the K study (seed: 0).
    pub archard_zeta: f32,
    /// β(x, t) maps are recorded for the cases at this pressure \[Pa\] (None: the highest of
    /// `pressures`; seed: 30 MPa).
    pub map_pressure: Option<f64>,
}

impl SweepSpec {
    /// Seed 000's sweeps, the defaults defined once: P_N = 1, 2, 5, 10, 15, 20, 25, 30 MPa;
    /// tools 35, 70, 140 mm; ζ = 0, 0.2, 0.5, 1; K = 1e-5, 1e-4, 1e-3; 3 passes + cleaned;
    /// ζ and K of the model; maps at the highest pressure (30 MPa).
    pub fn seed_000() -> Self {
        Self {
            studies: Study::ALL.to_vec(),
            pressures: [1.0, 2.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]
                .iter()
                .map(|p| p * 1e6)
                .collect(),
            tools: vec![0.035, 0.070, 0.140],
            zetas: vec![0.0, 0.2, 0.5, 1.0],
            archard_ks: vec![1e-5, 1e-4, 1e-3],
            passes: 3,
            zeta: None,
            archard_k: None,
            zeta_tool: 0.035,
            archard_tool: 0.070,
            archard_zeta: 0.0,
            map_pressure: None,
        }
    }

    /// ζ of the tool and multi-pass studies: the spec's, else `model`'s \[-\].
    pub fn zeta_of(&self, model: &StripModel) -> f32 {
        self.zeta.unwrap_or(model.zeta)
    }

    /// K of the tool, ζ and multi-pass studies: the spec's, else `model`'s \[-\].
    pub fn archard_k_of(&self, model: &StripModel) -> f32 {
        self.archard_k.unwrap_or(model.archard_k)
    }

    /// Pressure of the β(x, t) maps: the spec's, else the highest of `pressures` \[Pa\].
    pub fn map_pressure(&self) -> f64 {
        self.map_pressure
            .unwrap_or_else(|| self.pressures.iter().copied().fold(0.0, f64::max))
    }
}

/// One independent simulation (possibly several passes on the same sheet).
#[derive(Clone, Debug, PartialEq)]
pub struct StripCase {
    /// Position in [`list_strip_cases`]' order.
    pub index: usize,
    /// Its study.
    pub study: Study,
    /// Tool length \[m\].
    pub tool_length: f64,
    /// Tool pressure P_N \[Pa\].
    pub pressure: f64,
    /// ζ \[-\].
    pub zeta: f32,
    /// K \[-\].
    pub archard_k: f32,
    /// The passes, in order.
    pub passes: Vec<Pass>,
    /// Record β(x, t) maps.
    pub record_map: bool,
}

impl StripCase {
    /// The legend label of the case's curve in its study's μ̄(P_N) plot.
    pub fn series_label(&self) -> String {
        match self.study {
            Study::ToolLength | Study::MultiPass => {
                format!("tool {:.0} mm", self.tool_length * 1e3)
            }
            Study::Zeta => format!("ζ = {}", self.zeta),
            Study::Archard => format!("K = {:e}", self.archard_k),
        }
    }
}

/// A case and its passes' results.
#[derive(Clone, Debug, PartialEq)]
pub struct StripCaseResult {
    /// The case.
    pub case: StripCase,
    /// One result per pass.
    pub passes: Vec<PassResult>,
}

/// The cases of `spec` on `model` in a fixed order: study (each once), then the study's
/// parameter, then pressure.
pub fn list_strip_cases(spec: &SweepSpec, model: &StripModel) -> Vec<StripCase> {
    let mut out = Vec::new();
    let (zeta, archard_k, map_pressure) = (
        spec.zeta_of(model),
        spec.archard_k_of(model),
        spec.map_pressure(),
    );
    let map_at = |p: f64| (p - map_pressure).abs() <= 1e-9 * map_pressure.abs();
    let mut push = |study, tool_length, pressure, zeta, archard_k, passes: Vec<Pass>| {
        let index = out.len();
        out.push(StripCase {
            index,
            study,
            tool_length,
            pressure,
            zeta,
            archard_k,
            passes,
            record_map: map_at(pressure),
        });
    };
    let mut studies = Vec::new();
    for &s in &spec.studies {
        if !studies.contains(&s) {
            studies.push(s);
        }
    }
    for study in studies {
        match study {
            Study::ToolLength => {
                for &tool in &spec.tools {
                    for &p in &spec.pressures {
                        push(study, tool, p, zeta, archard_k, vec![Pass::Fresh]);
                    }
                }
            }
            Study::Zeta => {
                for &zeta in &spec.zetas {
                    for &p in &spec.pressures {
                        push(study, spec.zeta_tool, p, zeta, archard_k, vec![Pass::Fresh]);
                    }
                }
            }
            Study::Archard => {
                for &k in &spec.archard_ks {
                    for &p in &spec.pressures {
                        let passes = vec![Pass::Fresh];
                        push(study, spec.archard_tool, p, spec.archard_zeta, k, passes);
                    }
                }
            }
            Study::MultiPass => {
                if spec.passes > 0 {
                    for &p in &spec.pressures {
                        let passes = sequence(spec.passes, true);
                        push(study, spec.zeta_tool, p, zeta, archard_k, passes);
                    }
                }
            }
        }
    }
    out
}

/// Runs one case.
///
/// # Errors
///
/// [`StripDrawError::TimeStep`] or [`StripDrawError::BarParams`] when the case's bar cannot be
/// built (a step above the stability limit, non-physical parameters); [`StripDrawError::Case`]
/// (with the case's conditions) wrapping a failed pass.
pub fn run_case(
    case: &StripCase,
    model: &StripModel,
    settings: &NumericSettings,
) -> Result<StripCaseResult, StripDrawError> {
    let params = model.bar_params(
        case.tool_length,
        case.pressure,
        case.zeta,
        case.archard_k,
        settings,
    )?;
    let passes =
        run_passes(&params, &model.law, &case.passes, settings, case.record_map).map_err(|e| {
            StripDrawError::Case {
                index: case.index,
                study: case.study.name(),
                tool_mm: case.tool_length * 1e3,
                pressure_mpa: case.pressure * 1e-6,
                zeta: case.zeta,
                archard_k: case.archard_k,
                source: Box::new(e),
            }
        })?;
    Ok(StripCaseResult {
        case: case.clone(),
        passes,
    })
}

/// Runs `cases` in parallel (rayon), calling `tick` after each; results in `cases` order.
///
/// # Errors
///
/// The first error, in case order, of [`run_case`].
pub fn run_strip_cases<F: Fn() + Sync>(
    cases: &[StripCase],
    model: &StripModel,
    settings: &NumericSettings,
    tick: F,
) -> Result<Vec<StripCaseResult>, StripDrawError> {
    cases
        .par_iter()
        .map(|c| {
            let r = run_case(c, model, settings);
            tick();
            r
        })
        .collect()
}
