//! The one error type of `pipeline/` (issue 18 item 4: typed errors at the std edge, the
//! catch-all error type only in the binary). A variant either wraps a subsystem's own error as is (its message
//! already names the key, file or figure) or carries the context a stage adds — the file, the
//! case, the stage's name — as fields, with the subsystem's error as its `source`, so the
//! binary's `{:#}` prints `context: cause: cause …` as the untyped `.context(…)` did. No
//! `String` catch-all: a new kind of failure gets a new variant.

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::asperity::sweep::SweepError;
use crate::bem::BemError;
use crate::dem::{DemError, FlakeFileError, FlakeShape};
use crate::io::delimited::TextTableError;
use crate::meso::MesoError;
use crate::meso::cases::CaseMergeError;
use crate::numerics::line_fit::FitError;
use crate::random_field::field::FieldError;
use crate::report::{CsvTable, ReportError, write_atomic};
use crate::strip_draw::error::StripDrawError;
use crate::surface::MeasuredError;
use crate::surface::SurfaceError;
use crate::table::TableError;
use crate::table::io::TableIoError;
use crate::validate::ConfigError;

/// Why a pipeline stage (a calibration, a command's run) failed.
#[derive(Debug, Error)]
pub enum PipelineError {
    /// A file or folder could not be created, read or written (the one file error).
    #[error(transparent)]
    Io(#[from] crate::io::FileError),
    /// The log the caller passed (stdout for the commands) could not be written.
    #[error("writing the log")]
    Log(#[source] io::Error),
    /// A JSON file could not be encoded or parsed.
    #[error("{action} {}", path.display())]
    Json {
        /// What was being done (`encoding`, `parsing`).
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The encoder's or parser's error.
        #[source]
        source: serde_json::Error,
    },
    /// A value could not be encoded as postcard bytes.
    #[error("encoding {what}")]
    Postcard {
        /// What was encoded.
        what: &'static str,
        /// The encoder's error.
        #[source]
        source: postcard::Error,
    },
    /// A refused configuration key or command-line flag.
    #[error(transparent)]
    Config(Box<ConfigError>),
    /// A report file or figure (the message names it).
    #[error(transparent)]
    Report(#[from] ReportError),
    /// The report folder of an earlier run could not be cleared.
    #[error("clearing the report folder of an earlier run")]
    ClearReport(#[source] crate::validate::out_dir::OutDirError),
    /// A table file that cannot be read or written (the message names it).
    #[error(transparent)]
    TableIo(#[from] TableIoError),
    /// A strip-draw study, run or fit.
    #[error(transparent)]
    StripDraw(Box<StripDrawError>),
    /// A text table read back (the message names the file, line and column).
    #[error(transparent)]
    TextTable(Box<TextTableError>),
    /// The DEM of `tribo dem`.
    #[error(transparent)]
    Dem(#[from] DemError),
    /// A flake file of `tribo dem --placement` (the message names the file and line).
    #[error(transparent)]
    FlakeFile(Box<FlakeFileError>),
    /// A height map that is not one (non-finite spacing or height).
    #[error(transparent)]
    Surface(#[from] SurfaceError),
    /// A COF random field (seed 004) that cannot be sampled.
    #[error(transparent)]
    Field(#[from] FieldError),
    /// A stage of the mesoscale BEM–DEM model (surfaces, set-up of a case).
    #[error("{stage}")]
    Meso {
        /// The stage (`generating the surfaces`, `preparing the case`).
        stage: &'static str,
        /// What failed.
        #[source]
        source: Box<MesoError>,
    },
    /// One case of the BEM–DEM sweep.
    #[error(
        "meso case {index} (p = {pressure} Pa, β = {beta}, v = {velocity} m/s, seed {seed_index})"
    )]
    Case {
        /// The case's index in the case list.
        index: usize,
        /// Its nominal pressure \[Pa\].
        pressure: f64,
        /// Its particle area fraction β \[-\].
        beta: f64,
        /// Its sliding velocity \[m/s\].
        velocity: f64,
        /// Its placement index.
        seed_index: usize,
        /// What failed.
        #[source]
        source: Box<MesoError>,
    },
    /// A BEM pressure sweep.
    #[error("{stage}")]
    Bem {
        /// The sweep (`particle-free BEM sweep`, `elastic κ sweep`).
        stage: &'static str,
        /// The solver's error.
        #[source]
        source: BemError,
    },
    /// The seed-003 asperity sweep.
    #[error("{stage}")]
    Asperity {
        /// The stage (`setting up the asperity sweep`, `the pre-sliding section`).
        stage: &'static str,
        /// The sweep's error.
        #[source]
        source: Box<SweepError>,
    },
    /// A line fit of the calibration.
    #[error("{stage}")]
    Fit {
        /// The fit (`fitting α (Eq. 23)`).
        stage: &'static str,
        /// Why the fit failed.
        #[source]
        source: FitError,
    },
    /// Assembling or storing a table section.
    #[error("{stage}")]
    Table {
        /// The stage (`assembling the default table`, `storing α(v) in the table`).
        stage: &'static str,
        /// The table's error.
        #[source]
        source: TableError,
    },
    /// A table's report folder.
    #[error("writing the report into {}", dir.display())]
    TableReport {
        /// The report folder.
        dir: PathBuf,
        /// What failed.
        #[source]
        source: TableError,
    },
    /// A report that a stage writes as a whole.
    #[error("{stage}")]
    ReportIn {
        /// The report (`writing the report`).
        stage: &'static str,
        /// What failed (the file or figure is named in it).
        #[source]
        source: ReportError,
    },
    /// A stage of the calibration that failed inside another pipeline function.
    #[error("{stage}")]
    Stage {
        /// The stage (`COF random-field curves`).
        stage: &'static str,
        /// What failed.
        #[source]
        source: Box<PipelineError>,
    },
    /// A surface of `tribo dem` could not be generated.
    #[error("generating the {which} surface")]
    Generate {
        /// `deformable` or `tool`.
        which: &'static str,
        /// The generator's error.
        #[source]
        source: SurfaceError,
    },
    /// A measured map of `tribo dem` could not be read or failed the map check (the error names
    /// the flag and the file).
    #[error(transparent)]
    MeasuredSurface(Box<MeasuredError>),
    /// A generated tool over a non-square deformable map.
    #[error("a generated tool needs a square deformable surface, got {nx}×{ny}")]
    NonSquare {
        /// Columns of the deformable map.
        nx: usize,
        /// Rows of the deformable map.
        ny: usize,
    },
    /// A flake shape that is not an oblate spheroid of positive size and density.
    #[error(
        "--thickness {} m and --diameter {} m with --density {} kg/m³: a flake must be oblate \
         (thickness ≤ diameter) with a positive thickness and density",
        crate::validate::rule::approx(2.0 * shape.c),
        crate::validate::rule::approx(2.0 * shape.a),
        crate::validate::rule::approx(shape.density)
    )]
    FlakeShape {
        /// The shape asked for.
        shape: FlakeShape,
    },
    /// An input file (a measured surface, the fit's data) could not be read for its hash.
    #[error("{key}: reading {} for its hash", path.display())]
    HashInput {
        /// The config key or `--flag` naming the file.
        key: &'static str,
        /// The file.
        path: PathBuf,
        /// The OS error.
        #[source]
        source: io::Error,
    },
    /// A case file that does not parse.
    #[error("parsing case file {} (written by another calibrator version?)", path.display())]
    CaseFile {
        /// The file.
        path: PathBuf,
        /// The parser's error.
        #[source]
        source: serde_json::Error,
    },
    /// `--case I` beyond the case list.
    #[error("--case {index} is out of range: this configuration has {cases} cases (0..{cases})")]
    CaseOutOfRange {
        /// The index asked for.
        index: usize,
        /// Cases in the list.
        cases: usize,
    },
    /// Case results that are not exactly the configuration's case list.
    #[error("merging case results")]
    Merge(#[source] CaseMergeError),
    /// `--merge` over case files of another configuration, seed or build.
    #[error(
        "--merge refuses {} case file(s) of another configuration, seed or build (rerun them, \
         or merge with the configuration, --seed and build that wrote them):\n  {}",
        refused.len(),
        ForeignCase::list(refused)
    )]
    MergeRefused {
        /// Why each refused file cannot be used.
        refused: Vec<ForeignCase>,
    },
    /// `--merge` before every case has its file.
    #[error("{}", super::slurm::missing_cases_message(out, dir, *cases, missing))]
    MissingCases {
        /// The run folder.
        out: PathBuf,
        /// Its case folder.
        dir: PathBuf,
        /// Cases in the list.
        cases: usize,
        /// Indices without a file.
        missing: Vec<usize>,
    },
    /// μ0 = τ0·κ/(E*·h'_rms) of the run's surfaces is outside the core's plausibility gate,
    /// found before the BEM–DEM sweep ([`super::stages::check_mu0_before_sweep`]).
    #[error(
        "material.tau0 = {tau0:e} Pa and material.e_star = {e_star:e} Pa give μ0 = τ0·κ/(E*·h'_rms) = \
         {mu0:e} (seed 000 Eq. 8) with this run's surfaces (κ = {kappa:.3}, h'_rms = {slope_rms:.4}), \
         outside the table's plausibility range [{lo:e}, {hi:e}]: the table would be refused at \
         the end of the run, so no case is run; change material.tau0 or material.e_star \
         (or the surfaces)",
        lo = tribo_core::table::law_gate::MU0_RANGE.0,
        hi = tribo_core::table::law_gate::MU0_RANGE.1
    )]
    Mu0OutsideGate {
        /// μ0 \[-\].
        mu0: f64,
        /// `material.tau0` \[Pa\].
        tau0: f64,
        /// `material.e_star` \[Pa\].
        e_star: f64,
        /// κ fitted on the run's surfaces \[-\].
        kappa: f64,
        /// Spectral RMS slope of the composite map \[-\].
        slope_rms: f64,
    },
    /// The contact stage found no pressure in the κ-fit range (Eq. 8).
    #[error("no contact pressure within the κ-fit range")]
    NoKappa,
    /// A velocity without a positive α (Eq. 23): no blocked flake carried load.
    #[error(
        "α = {alpha} at v = {velocity} m/s: no blocked flake carried load in any case at this \
         velocity. The sweep is too small to calibrate α — raise sweep.seeds, \
         sweep.slide_lengths or sweep.betas"
    )]
    AlphaNotCalibrated {
        /// The α found.
        alpha: f64,
        /// The velocity \[m/s\].
        velocity: f64,
    },
    /// The table the calibration assembled fails the core's validation.
    #[error("the assembled table is not valid")]
    InvalidTable(#[source] tribo_core::Error),
    /// The configuration could not be serialised for its hash (a bug, not an input error).
    #[error("serialising the configuration for its hash")]
    HashJson(#[source] serde_json::Error),
    /// A tool-carried fraction ζ outside \[0, 1\].
    #[error("--zeta / --zetas: ζ = {zeta} is outside [0, 1]")]
    Zeta {
        /// The ζ given.
        zeta: f32,
    },
    /// An Archard coefficient K outside \[0, 1\] ([`crate::validate::rules::ARCHARD_K`]).
    #[error("--archard-k / --archard-ks: Archard K = {archard_k} must be in [0, 1]")]
    ArchardK {
        /// The K given.
        archard_k: f32,
    },
    /// `tribo strip-draw` with no study selected.
    #[error("nothing to run: no study selected")]
    NoStudy,
}

/// The large subsystem errors are boxed inside [`PipelineError`] (so a `Result` of the
/// pipeline stays small); `?` boxes them.
macro_rules! from_boxed {
    ($($error:ty => $variant:ident),* $(,)?) => {
        $(impl From<$error> for PipelineError {
            fn from(e: $error) -> Self {
                Self::$variant(Box::new(e))
            }
        })*
    };
}

from_boxed!(
    ConfigError => Config,
    StripDrawError => StripDraw,
    TextTableError => TextTable,
    FlakeFileError => FlakeFile,
);

/// Why an existing case file cannot be used by this run.
#[derive(Debug, Error)]
pub enum ForeignCase {
    /// Written under another configuration or seed.
    #[error(
        "{} was computed with configuration hash {found}, this run's is {expected}",
        path.display()
    )]
    OtherHash {
        /// The case file.
        path: PathBuf,
        /// Its hash.
        found: String,
        /// This run's hash.
        expected: String,
    },
    /// Written by another build of the calibrator.
    #[error(
        "{} was computed by build {found} of the calibrator, this is build {expected} (the \
         physics may differ between commits)",
        path.display()
    )]
    OtherBuild {
        /// The case file.
        path: PathBuf,
        /// Its build.
        found: String,
        /// This build.
        expected: &'static str,
    },
    /// Holding another case than its name says.
    #[error("{} holds another case than case {index} of this configuration", path.display())]
    OtherCase {
        /// The case file.
        path: PathBuf,
        /// The case its name is for.
        index: usize,
    },
    /// Unreadable (the whole chain of causes in the message).
    #[error("{}", crate::error_chain::chain(.0.as_ref()))]
    Unreadable(Box<PipelineError>),
}

impl ForeignCase {
    /// The messages, one per line (indented by the caller's format).
    fn list(refused: &[ForeignCase]) -> String {
        refused
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n  ")
    }
}

/// A `map_err` adapter: an I/O error while `action` (`creating`, `reading`, `writing`) on
/// `path`.
pub fn io_at(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> PipelineError {
    let path = path.to_path_buf();
    move |source| PipelineError::Io(crate::io::FileError::new(action, path, source))
}

/// A `map_err` adapter: a JSON error while `action` (`encoding`, `parsing`) for `path`.
pub fn json_at(
    action: &'static str,
    path: &Path,
) -> impl FnOnce(serde_json::Error) -> PipelineError {
    let path = path.to_path_buf();
    move |source| PipelineError::Json {
        action,
        path,
        source,
    }
}

/// Writes a CSV table to `path`; an error names the file.
///
/// # Errors
///
/// [`PipelineError::Io`] naming `path` when it cannot be written (a refused output path, a system
/// error).
pub fn write_csv(table: &CsvTable, path: &Path) -> Result<()> {
    table.write(path).map_err(io_at("writing", path))
}

/// Writes `bytes` to `path` atomically; an error names the file.
///
/// # Errors
///
/// [`PipelineError::Io`] naming `path` when it cannot be written (a refused output path, a system
/// error).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    write_atomic(path, bytes).map_err(io_at("writing", path))
}

/// `value` as pretty JSON, written atomically to `path`; an error names the file.
///
/// # Errors
///
/// [`PipelineError::Json`] naming `path` when `value` does not serialise; [`PipelineError::Io`]
/// when the file cannot be written.
pub fn write_json<T: serde::Serialize + ?Sized>(path: &Path, value: &T) -> Result<()> {
    let json = serde_json::to_string_pretty(value).map_err(json_at("encoding", path))?;
    write_file(path, json.as_bytes())
}

/// Result of `pipeline/`.
pub type Result<T, E = PipelineError> = std::result::Result<T, E>;
