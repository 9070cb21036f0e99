//! `tribo fit`: fits of model parameters to measured data. Subcommands:
//!
//! - `tribo fit strip-draw --data measured.csv`: least-squares fit of τ0 and ζ (with `--fit-k`
//!   the Archard K, with `--fit-particle-friction` the friction μ_p of the particle-borne area,
//!   issue 30) to measured steady strip-draw μ̄ (seed 000 §7), with 95 % confidence intervals
//!   (linearised, or with `--profile` the profile likelihood), a measured-vs-predicted plot,
//!   and the fitted values written into a table (`--table`, default the documented seed-000
//!   defaults; `-o/--output`). μ_p needs data near saturation: several passes (a `pass`
//!   column) or long tools at high pressure. Data
//!   format (columns tool_length_m, pressure_pa, mu_bar, optional pass; SI, or the unit in the
//!   column name such as tool_length_mm, pressure_MPa):
//!   [`crate::strip_draw::fit::data`]. Each model evaluation runs the core's bar for every
//!   (tool, pressure) of the data, so a paper-scale fit (140 mm slide) takes minutes;
//!   `--slide`, `--element-size` trade accuracy for time.

use std::path::PathBuf;

use crate::pipeline::fit_strip_draw::{FitStripDrawConfig, fit_strip_draw};
use crate::pipeline::saturation::{FitSaturationConfig, fit_saturation};

/// Arguments of `tribo fit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Worker threads.
    #[command(flatten)]
    pub threads: super::run_options::Threads,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// What to fit.
    #[command(subcommand)]
    pub command: FitCommand,
}

/// The fits.
#[derive(Debug, clap::Subcommand)]
pub enum FitCommand {
    /// Fit τ0 and ζ (optionally K and μ_p) to measured strip-draw μ̄.
    #[command(after_help = crate::examples::FIT_STRIP_DRAW)]
    StripDraw(StripDrawArgs),
    /// Solve ζ and μ_p (the friction of the particle-borne area) on a table's law from seed
    /// 000 §2.1's one- and three-pass reductions (35 %, 72 % at 25 MPa, 35 mm tool) — the
    /// stage `tribo calibrate` runs — and check Fig. 2a's tool-length ordering.
    #[command(after_help = crate::examples::FIT_SATURATION)]
    Saturation(SaturationArgs),
}

/// Arguments of `tribo fit saturation`.
#[derive(Debug, clap::Args)]
pub struct SaturationArgs {
    /// The table whose law (τ0, κ, E*, h'_rms, α(v), K) is solved on (read, not changed).
    #[arg(long, value_name = "FILE")]
    pub table: PathBuf,
    /// Where to write the table with the solved ζ and μ_p (default: <out>/tables.bin).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Report folder (saturation.csv).
    #[arg(long, default_value = "out/fit-saturation")]
    pub out: PathBuf,
    /// Particle source of the solve's runs (a mechanism study: the table records no source
    /// rule, the core's transport is seed 000's Eq. 12): `archard` or `uncovered`.
    #[arg(long, value_enum,
        default_value_t = tribo_core::transport::SourceRule::default().into())]
    pub source_rule: super::strip_draw::SourceRuleArg,
}

/// Arguments of `tribo fit strip-draw`.
#[derive(Debug, clap::Args)]
pub struct StripDrawArgs {
    /// Measured data: CSV with columns tool_length_m, pressure_pa, mu_bar [, pass] (SI, or
    /// with the unit in the name: tool_length_mm, pressure_MPa).
    #[arg(long)]
    pub data: PathBuf,
    /// Table whose other values (κ, E*, h'_rms, α(v), H, h_p) the model uses (default: the
    /// documented seed-000 defaults — NOT a calibration).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Where to write the table with the fitted values (default: <out>/tables.bin).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Report folder.
    #[arg(long, default_value = "out/fit-strip-draw")]
    pub out: PathBuf,
    /// Fit the Archard coefficient K too.
    #[arg(long)]
    pub fit_k: bool,
    /// Fit the friction μ_p of the particle-borne area too (needs data near saturation:
    /// several passes or long tools); writes the table's particle-shear section.
    #[arg(long)]
    pub fit_particle_friction: bool,
    /// Start (or fixed) value of μ_p [-] (default: the table's; 0 is seed 000's Eq. 7).
    #[arg(long)]
    pub particle_friction: Option<f64>,
    /// 95 % intervals by the profile likelihood (each end refits the other parameters, about
    /// 20 fits per parameter) instead of the linearised σ²(JᵀJ)⁻¹ alone.
    #[arg(long)]
    pub profile: bool,
    /// Start value of τ0 [Pa] (default: the table's; SI or with a unit: `3MPa`).
    #[arg(long, value_parser = crate::validate::units::pascals)]
    pub tau0: Option<f64>,
    /// Start value of ζ [-] (default: the table's).
    #[arg(long)]
    pub zeta: Option<f64>,
    /// Start (or fixed) value of the Archard coefficient K [-] (default: the table's).
    #[arg(long)]
    pub archard_k: Option<f64>,
    /// Slide, averaging window, element size and time step of the predicted passes.
    #[command(flatten)]
    pub numerics: super::strip_draw::BarNumericsArgs,
    /// Largest number of Levenberg–Marquardt iterations.
    #[arg(long, default_value_t = crate::numerics::least_squares::LsqOptions::default().max_iterations)]
    pub max_iterations: usize,
}

/// Runs `tribo fit`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        FitCommand::StripDraw(a) => {
            crate::validate::flags::check_fit_starts(
                a.tau0,
                a.zeta,
                a.archard_k,
                a.particle_friction,
                a.max_iterations,
            )?;
            fit_strip_draw(&FitStripDrawConfig::from(&a), &mut std::io::stdout())?;
            Ok(())
        }
        FitCommand::Saturation(a) => {
            let config = FitSaturationConfig {
                table_out: a.output.unwrap_or_else(|| a.out.join("tables.bin")),
                table_in: a.table,
                out: a.out,
                source_rule: a.source_rule.into(),
            };
            fit_saturation(&config, &mut std::io::stdout())?;
            Ok(())
        }
    }
}

impl From<&StripDrawArgs> for FitStripDrawConfig {
    fn from(a: &StripDrawArgs) -> Self {
        Self {
            data: a.data.clone(),
            table_in: a.table.clone(),
            table_out: a.output.clone(),
            out: a.out.clone(),
            fit_k: a.fit_k,
            fit_particle_friction: a.fit_particle_friction,
            particle_friction: a.particle_friction,
            profile: a.profile,
            tau0: a.tau0,
            zeta: a.zeta,
            archard_k: a.archard_k,
            numerics: (&a.numerics).into(),
            max_iterations: a.max_iterations,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strip_draw::NumericSettings;
    use crate::strip_draw::fit::StripParams;
    use crate::strip_draw::fit::{Measurement, predict};
    use crate::strip_draw::model::StripModel;
    use crate::table::io::read_table;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    /// `tribo fit strip-draw` end to end on noise-free synthetic data (τ0 = 1.3 GPa,
    /// ζ = 0.3, K the table's): the written table carries the values back.
    #[test]
    fn fit_command_writes_a_table_with_the_fitted_values_and_the_report() {
        let dir = tempfile::tempdir().unwrap();
        let model = StripModel::seed_000_defaults().unwrap();
        let settings = NumericSettings {
            slide: 0.010,
            window: 0.003,
            element_length: 1.0e-3,
            ..NumericSettings::seed_000()
        };
        let truth = StripParams {
            tau0: 1.3e9,
            zeta: 0.3,
            archard_k: 1.0e-4,
            particle_friction: model.law.particle_friction().map(f64::from),
        };
        let mut data = Vec::new();
        for tool in [5.0, 10.0] {
            for p in [10.0, 20.0, 30.0] {
                data.push(Measurement {
                    tool_length: tool * 1e-3,
                    pressure: p * 1e6,
                    mu_bar: 0.0,
                    pass: 1,
                    line: 0,
                });
            }
        }
        let mu = predict(&model, &truth, &data, &settings).unwrap();
        let mut csv = String::from("# synthetic\ntool_length_m,pressure_pa,mu_bar\n");
        for (m, mu) in data.iter().zip(mu) {
            csv += &format!("{},{},{mu}\n", m.tool_length, m.pressure);
        }
        let data_path = dir.path().join("measured.csv");
        std::fs::write(&data_path, csv).unwrap();
        let out = dir.path().join("fit");
        let table_out = dir.path().join("fitted.bin");
        let argv = [
            "fit",
            "strip-draw",
            "--data",
            data_path.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--output",
            table_out.to_str().unwrap(),
            "--slide",
            "10mm",
            "--window",
            "3mm",
            "--element-size",
            "1mm",
        ];
        run(Cli::try_parse_from(argv).unwrap().args).unwrap();
        let t = read_table(&table_out).unwrap();
        assert!(
            (f64::from(t.law.tau0) - 1.3e9).abs() < 1e-4 * 1.3e9,
            "{}",
            t.law.tau0
        );
        assert!((f64::from(t.transport.zeta) - 0.3).abs() < 1e-3);
        for f in [
            "fit_parameters.csv",
            "fit_points.csv",
            "fit_measured_vs_predicted.png",
        ] {
            assert!(out.join(f).exists(), "{f} missing");
        }
        // A malformed file is refused with its name, line and column.
        std::fs::write(&data_path, "tool_length_mm,pressure_MPa,mu_bar\n35,x,0.1\n").unwrap();
        let e = run(Cli::try_parse_from(argv).unwrap().args).unwrap_err();
        let msg = format!("{e:#}");
        assert!(
            msg.contains("measured.csv") && msg.contains("line 2, column 2"),
            "{msg}"
        );
    }
}
