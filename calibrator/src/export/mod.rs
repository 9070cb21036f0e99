//! `tribo export`: the calibrated law as friction input for FE forming codes (issue 19).
//!
//! From a table, μ is evaluated by the core on a grid of levels (β, or a draw length) ×
//! contact pressures × slip rates ([`grid`]), and written as
//! - LS-DYNA keyword input ([`lsdyna`]): per level a `*DEFINE_TABLE` of pressures, each
//!   followed by its `*DEFINE_CURVE` of μ against relative velocity;
//! - Abaqus input ([`abaqus`]): `*FRICTION, DEPENDENCIES=1` tabular data with the level as
//!   field variable 1;
//! - CSV or JSON of the same grid ([`grid`]).
//!
//! Every file opens with the table's provenance (calibrator version, preset, seed,
//! configuration hash, CRC-32 of the table file) and what the law assumes
//! ([`Provenance`]): as fields in CSV and JSON, as comments in the decks. The decks also say
//! how to use them in the solver, warn where μ < 0.01, and mark the curves that extend past
//! the calibrated velocities. This module only formats: the physics is the core's.

pub mod abaqus;
pub mod grid;
pub mod lsdyna;
pub mod provenance;
pub mod tabular;

use std::path::Path;

pub use grid::{Grid, Level, Point};
pub use provenance::Provenance;

/// Errors of the export.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The core rejected the table or a parameter.
    #[error("{0}")]
    Core(#[from] tribo_core::Error),
    /// A grid list (`--pressures`, `--velocities`, the levels) is empty.
    #[error("{what}: at least one value")]
    Empty {
        /// The list.
        what: &'static str,
    },
    /// A grid value that is not finite or below the list's minimum.
    #[error("{what}: {value} is not finite or below {min}")]
    BelowMinimum {
        /// The list.
        what: &'static str,
        /// The value given (SI).
        value: f32,
        /// The smallest admitted value (SI).
        min: f32,
    },
    /// A grid list that is not strictly increasing.
    #[error("{what}: values must be strictly increasing (the solvers interpolate in order)")]
    NotIncreasing {
        /// The list.
        what: &'static str,
    },
    /// A β level above the table's β_thres at every exported slip rate > 0: μ is μ_p there,
    /// so the level only repeats the saturated one (issue 32: `--betas 2` exited 0).
    #[error(
        "--betas {beta} is above the table's largest β_thres = {beta_thres} over the exported \
         slip rates > 0: μ is μ_p there and the level repeats the saturated one \
         (β levels must be ≤ β_thres)"
    )]
    BetaAboveThreshold {
        /// The level.
        beta: f32,
        /// The largest finite β_thres(v) over the exported v > 0.
        beta_thres: f32,
    },
    /// β levels and draw-length levels mixed in one export.
    #[error("levels: β or draw lengths, not both")]
    MixedLevels,
    /// An LS-DYNA export of a single pressure or velocity.
    #[error("LS-DYNA tables and curves need at least two pressures and two velocities")]
    TooFewPoints,
    /// LS-DYNA IDs beyond its 8-digit fields.
    #[error("--first-id {first}: IDs {first}..{last} must be in 1..=99999999 (10-column fields)")]
    Ids {
        /// The first ID asked for.
        first: u32,
        /// The last ID the export would use.
        last: u64,
    },
    /// The JSON document could not be written.
    #[error("{0}")]
    Json(serde_json::Error),
    /// The table file could not be read.
    #[error("reading {}", path.display())]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// The OS error.
        #[source]
        source: std::io::Error,
    },
    /// The table file is not a valid table (the message names the file).
    #[error(transparent)]
    Table(#[from] crate::table::io::TableIoError),
}

/// Output file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// LS-DYNA keyword file (`*DEFINE_TABLE` + `*DEFINE_CURVE`).
    Lsdyna,
    /// Abaqus input (`*FRICTION, DEPENDENCIES=1`).
    Abaqus,
    /// CSV, SI units.
    Csv,
    /// JSON, SI units.
    Json,
}

/// The consistent unit system of the solver deck (the CSV and JSON stay in SI).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    /// kg, m, s: pressure in Pa, velocity in m/s, length in m.
    Si,
    /// tonne, mm, s: pressure in MPa, velocity in mm/s, length in mm.
    MmS,
    /// kg, mm, ms: pressure in GPa, velocity in mm/ms, length in mm.
    MmMs,
}

impl Units {
    /// Factor from Pa to the deck's pressure unit.
    pub fn pressure(self) -> f64 {
        match self {
            Units::Si => 1.0,
            Units::MmS => 1e-6,
            Units::MmMs => 1e-9,
        }
    }

    /// Factor from m/s to the deck's velocity unit.
    pub fn velocity(self) -> f64 {
        match self {
            Units::Si | Units::MmMs => 1.0,
            Units::MmS => 1e3,
        }
    }

    /// Factor from m to the deck's length unit.
    pub fn length(self) -> f64 {
        match self {
            Units::Si => 1.0,
            Units::MmS | Units::MmMs => 1e3,
        }
    }

    /// Names of the pressure, velocity and length units.
    pub fn names(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Units::Si => ("Pa", "m/s", "m"),
            Units::MmS => ("MPa", "mm/s", "mm"),
            Units::MmMs => ("GPa", "mm/ms", "mm"),
        }
    }

    /// A level's value in deck units (β is dimensionless, a draw length scales).
    pub fn level(self, level: &Level) -> f64 {
        match *level {
            Level::Beta(b) => f64::from(b),
            Level::DrawLength(l) => f64::from(l) * self.length(),
        }
    }
}

/// `text` with the Greek letters and symbols of the headers spelled in ASCII (the solver decks
/// stay ASCII: LS-DYNA counts columns in bytes); anything else non-ASCII becomes `?`.
pub fn to_ascii(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if c.is_ascii() => s.push(c),
            'τ' => s.push_str("tau"),
            'α' => s.push_str("alpha"),
            'β' => s.push_str("beta"),
            'μ' => s.push_str("mu"),
            'κ' => s.push_str("kappa"),
            'ζ' => s.push_str("zeta"),
            '·' => s.push('|'),
            '—' | '–' | '−' => s.push('-'),
            '≥' => s.push_str(">="),
            '≤' => s.push_str("<="),
            'γ' => s.push_str("gamma"),
            '°' => s.push_str("deg "),
            '×' => s.push('x'),
            '²' => s.push_str("^2"),
            'µ' => s.push('u'),
            '…' => s.push_str("..."),
            '√' => s.push_str("sqrt"),
            _ => s.push('?'),
        }
    }
    s
}

/// The file text of `grid` in `format` (deck units for LS-DYNA and Abaqus).
///
/// # Errors
///
/// For [`Format::Lsdyna`], those of [`lsdyna::to_keyword`] ([`ExportError::TooFewPoints`],
/// [`ExportError::Ids`]); for [`Format::Json`], [`ExportError::Json`]; none for CSV and Abaqus.
pub fn render(
    format: Format,
    grid: &Grid,
    provenance: &Provenance,
    units: Units,
    first_id: u32,
) -> Result<String, ExportError> {
    match format {
        Format::Lsdyna => lsdyna::to_keyword(grid, provenance, units, first_id),
        Format::Abaqus => Ok(abaqus::to_inp(grid, provenance, units)),
        Format::Csv => Ok(tabular::to_csv(grid, provenance)),
        Format::Json => tabular::to_json(grid, provenance),
    }
}

/// Tables and grids shared by the format tests.
#[cfg(test)]
pub(crate) mod test_support {
    use tribo_core::table::{MAX_TABLE_BYTES, Table};

    use super::{Grid, Level, Provenance};

    /// The provenance of `table` (as read from `name`) for `grid`.
    pub fn provenance(name: &str, table: &Table, bytes: &[u8], grid: &Grid) -> Provenance {
        Provenance::of(table, std::path::Path::new(name), bytes, grid)
    }

    /// The documented defaults and the filled example (K(p) power law, α samples, third-body
    /// section), each with its encoded bytes.
    pub fn table_bytes() -> Vec<(&'static str, Table, Vec<u8>)> {
        [
            ("defaults.bin", Table::seed000_defaults()),
            ("filled.bin", Table::filled_example()),
            (
                "filled-seed000-law.bin",
                seed000_law(Table::filled_example()),
            ),
        ]
        .into_iter()
        .map(|(name, t)| {
            let mut buf = [0u8; MAX_TABLE_BYTES];
            let n = t.encode(&mut buf).unwrap();
            (name, t, buf[..n].to_vec())
        })
        .collect()
    }

    /// `table` without its particle-shear section: seed 000's Eq. 7, whose μ reaches 0 at
    /// β_thres, so the decks' μ ≈ 0 warnings stay exercised.
    fn seed000_law(mut table: Table) -> Table {
        table.particle_shear = None;
        table
    }

    /// A β-level grid and a draw-length grid over seed 000's pressures and process velocities,
    /// with v = 0 and β beyond β_thres(v) at the faster speeds (μ = 0) included; every β is
    /// below β_thres at the slowest v > 0 (the export refuses levels above it at every v).
    pub fn grids(table: &Table) -> Vec<Grid> {
        let pressures: Vec<f32> = [2.0e6, 5.0e6, 10.0e6, 20.0e6, 30.0e6].to_vec();
        let velocities: Vec<f32> = [0.0, 0.01, 0.08, 0.5, 2.0].to_vec();
        let betas = [0.0, 0.1, 0.3, 0.6, 0.9].map(Level::Beta).to_vec();
        let lengths = [0.001, 0.01, 0.035, 0.1, 0.5]
            .map(Level::DrawLength)
            .to_vec();
        [betas, lengths]
            .into_iter()
            .map(|levels| {
                Grid::evaluate(table, levels, pressures.clone(), velocities.clone()).unwrap()
            })
            .collect()
    }
}

/// What to export: the grid (SI: Pa, m/s, β or m) and the deck options.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportSpec {
    /// Output format.
    pub format: Format,
    /// Unit system of the LS-DYNA / Abaqus deck.
    pub units: Units,
    /// Contact pressures \[Pa\].
    pub pressures: Vec<f64>,
    /// Slip rates \[m/s\].
    pub velocities: Vec<f64>,
    /// β levels \[-\] (used when `draw_lengths` is empty).
    pub betas: Vec<f64>,
    /// Draw lengths \[m\].
    pub draw_lengths: Vec<f64>,
    /// First LS-DYNA table/curve ID.
    pub first_id: u32,
}

/// Reads and validates the table at `table_file` and returns the exported text.
///
/// # Errors
///
/// [`ExportError::Read`] when `table_file` cannot be read; [`ExportError::Table`] when its bytes
/// are not a valid table (with the core's reason and a hint); then the grid errors of
/// [`Grid::evaluate`] for the spec's lists and those of [`render`].
pub fn export_table(table_file: &Path, spec: &ExportSpec) -> Result<String, ExportError> {
    let bytes = std::fs::read(table_file).map_err(|source| ExportError::Read {
        path: table_file.to_path_buf(),
        source,
    })?;
    let table = crate::table::io::decode_table(&bytes, table_file)?;
    let f32s = |xs: &[f64]| xs.iter().map(|&x| x as f32).collect::<Vec<_>>();
    let levels = if spec.draw_lengths.is_empty() {
        f32s(&spec.betas).into_iter().map(Level::Beta).collect()
    } else {
        f32s(&spec.draw_lengths)
            .into_iter()
            .map(Level::DrawLength)
            .collect()
    };
    let grid = Grid::evaluate(
        &table,
        levels,
        f32s(&spec.pressures),
        f32s(&spec.velocities),
    )?;
    let provenance = Provenance::of(&table, table_file, &bytes, &grid);
    render(spec.format, &grid, &provenance, spec.units, spec.first_id)
}
