//! `tribo export --table T --format lsdyna|abaqus|csv|json ...`: the table's friction law as
//! input for FE forming codes (see `crate::export` and docs/fe_export.md).

use std::path::PathBuf;

use crate::export::{ExportSpec, Format, Units, export_table};
use crate::report::write_atomic;
use crate::validate::units;

/// `--format`: the CLI names of [`Format`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// LS-DYNA keyword file (`*DEFINE_TABLE` + `*DEFINE_CURVE`).
    Lsdyna,
    /// Abaqus input (`*FRICTION, DEPENDENCIES=1`).
    Abaqus,
    /// CSV, SI units.
    Csv,
    /// JSON, SI units.
    Json,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::Lsdyna => Self::Lsdyna,
            FormatArg::Abaqus => Self::Abaqus,
            FormatArg::Csv => Self::Csv,
            FormatArg::Json => Self::Json,
        }
    }
}

/// `--units`: the CLI names of [`Units`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum UnitsArg {
    /// kg, m, s: pressure in Pa, velocity in m/s, length in m.
    Si,
    /// tonne, mm, s: pressure in MPa, velocity in mm/s, length in mm.
    MmS,
    /// kg, mm, ms: pressure in GPa, velocity in mm/ms, length in mm.
    MmMs,
}

impl From<UnitsArg> for Units {
    fn from(u: UnitsArg) -> Self {
        match u {
            UnitsArg::Si => Self::Si,
            UnitsArg::MmS => Self::MmS,
            UnitsArg::MmMs => Self::MmMs,
        }
    }
}

/// Arguments of `tribo export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The calibration table (`tables.bin`).
    #[arg(long)]
    pub table: PathBuf,
    /// Output format: LS-DYNA keywords, Abaqus input, or the grid as CSV/JSON (SI units; CSV
    /// with a `# key = value` preamble: `pandas.read_csv(path, comment='#')`).
    #[arg(long, value_enum)]
    pub format: FormatArg,
    /// Contact pressures [Pa], strictly increasing, comma-separated (SI or with a unit:
    /// `2MPa,30MPa`).
    #[arg(long, value_delimiter = ',', value_parser = units::pascals,
        default_value = "2MPa,5MPa,10MPa,20MPa,30MPa")]
    pub pressures: Vec<f64>,
    /// Slip rates [m/s], strictly increasing, ≥ 0, comma-separated (SI or with a unit).
    #[arg(long, value_delimiter = ',', value_parser = units::metres_per_second,
        default_value = "0,0.01,0.08,0.3,1")]
    pub velocities: Vec<f64>,
    /// Third-body coverage levels β [-], strictly increasing: one table each.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "0.0,0.1,0.2,0.3,0.5",
        conflicts_with = "draw_lengths"
    )]
    pub betas: Vec<f64>,
    /// Instead of --betas: draw lengths [m] slid under the tool at constant p and v (SI or
    /// with a unit: `10mm,140mm`); β is what the Archard source builds over that length
    /// (capped at β_thres(v)).
    #[arg(long, alias = "draw-length", value_delimiter = ',', value_parser = units::metres)]
    pub draw_lengths: Vec<f64>,
    /// Consistent unit system of the LS-DYNA/Abaqus deck: si (Pa, m/s, m), mm-s (MPa, mm/s,
    /// mm), mm-ms (GPa, mm/ms, mm) [default for a deck: mm-s]. Refused for csv and json,
    /// which are always SI.
    #[arg(long, value_enum)]
    pub units: Option<UnitsArg>,
    /// First LS-DYNA *DEFINE_TABLE/*DEFINE_CURVE ID (tables and curves are numbered on).
    #[arg(long, default_value_t = 1000)]
    pub first_id: u32,
    /// Output file, written atomically; standard output if omitted or `-` (`/dev/stdout` too).
    /// A directory, device or FIFO other than standard output, or one of the inputs, is
    /// refused.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `tribo export`.
pub fn run(args: Args) -> anyhow::Result<()> {
    crate::validate::flags::check_export(&args.pressures, &args.draw_lengths)?;
    if !args.velocities.is_empty() {
        // v = 0 (the static end of the grid) is a valid row; above, the sliding-speed bound.
        crate::validate::Rule::closed(0.0, 1e3)
            .check_each("--velocities (m/s)", &args.velocities)?;
    }
    if !args.betas.is_empty() {
        crate::validate::rules::BETA_LEVEL.check_each("--betas", &args.betas)?;
    }
    // Strictly increasing, each list named by its flag (the grid's own check said "levels").
    for (flag, list) in [
        ("--pressures", &args.pressures),
        ("--velocities", &args.velocities),
        ("--betas", &args.betas),
        ("--draw-lengths", &args.draw_lengths),
    ] {
        if let Some(w) = list.windows(2).find(|w| w[1] <= w[0]) {
            anyhow::bail!(
                "{flag} must be strictly increasing, got {} then {}",
                crate::validate::rule::show(w[0]),
                crate::validate::rule::show(w[1])
            );
        }
    }
    let units = match (args.format, args.units) {
        (FormatArg::Csv | FormatArg::Json, Some(u)) => anyhow::bail!(
            "--units {}: csv and json exports are always in SI units (Pa, m/s, m); --units \
             sets the unit system of an lsdyna or abaqus deck",
            clap::ValueEnum::to_possible_value(&u)
                .map_or_else(String::new, |v| v.get_name().to_owned())
        ),
        (_, Some(u)) => u,
        (_, None) => UnitsArg::MmS,
    };
    let spec = ExportSpec {
        format: args.format.into(),
        units: units.into(),
        pressures: args.pressures,
        velocities: args.velocities,
        betas: args.betas,
        draw_lengths: args.draw_lengths,
        first_id: args.first_id,
    };
    let text = export_table(&args.table, &spec)?;
    match &args.output {
        // `-`, `/dev/stdout`, `/dev/fd/1`: the stream the shell opened, never replaced by a
        // rename (the output guard refused any other non-regular file before the run).
        Some(path) if tribo_calibrator::validate::output::is_stdout(path) => {
            tribo_calibrator::out!("{text}");
        }
        Some(path) => {
            write_atomic(path, text.as_bytes())?;
            tribo_calibrator::errln!("wrote {} ({} bytes)", path.display(), text.len());
        }
        None => tribo_calibrator::out!("{text}"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        args: super::Args,
    }

    #[test]
    fn betas_and_draw_lengths_conflict() {
        let base = ["tribo-export", "--table", "t.bin", "--format", "csv"];
        let both =
            Cli::try_parse_from(
                base.iter()
                    .chain(&["--betas", "0.1", "--draw-lengths", "10mm"]),
            );
        assert_eq!(
            both.unwrap_err().kind(),
            clap::error::ErrorKind::ArgumentConflict
        );
        // Either alone parses; the default β levels do not conflict with --draw-lengths.
        let lengths = Cli::try_parse_from(base.iter().chain(&["--draw-lengths", "10mm,140mm"]));
        assert_eq!(lengths.unwrap().args.draw_lengths, [0.01, 0.14]);
        let betas = Cli::try_parse_from(base.iter().chain(&["--betas", "0,0.2"]));
        assert!(betas.unwrap().args.draw_lengths.is_empty());
    }
}
