//! `tribo strip-draw`: strip-draw studies with the core's bar (seed 000 §2, §7; the same
//! [`tribo_core::bar::StripDraw`] code the firmware runs).
//!
//! Runs, for a calibration table (`--table`; without it the **documented seed-000
//! defaults**, not a calibration — said on stderr and in the output), the sweeps of
//! [`crate::strip_draw::cases`]: μ̄ vs P_N per tool length, per ζ, per Archard K, and
//! multi-pass runs with β persisting plus a cleaned pass. Writes the report of
//! [`crate::studies::strip_draw::report`] into `--out`. μ̄ is F_S/F_N averaged over the last
//! `--window` of the `--slide` (default: 120–140 mm, see [`crate::strip_draw::extract`]).
//! Mesh and step: `--element-size`, `--time-step` (default CFL-derived, `--courant` × the
//! stability limit). Every physical flag is SI or carries its unit (`30MPa`, `35mm`, `1us`);
//! a bare number in the old units (`--tools 35`) is refused by its plausibility rule; `--check-refinement` reruns the
//! tool cases at the map pressure with l_e/2 and with Δt/2 and reports the changes of β
//! and μ̄ (`refinement.csv`).

use std::path::PathBuf;

use crate::pipeline::strip_draw::{BarNumerics, StripDrawConfig, run_studies};
use crate::strip_draw::cases::Study;
use crate::strip_draw::cases::SweepSpec;
use crate::strip_draw::model::NumericSettings;
use crate::validate::units;
use tribo_core::transport::SourceRule;

/// Which studies to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StudyArg {
    /// μ̄ vs P_N per tool length (Fig. 19b).
    Tool,
    /// μ̄ vs P_N per ζ (Fig. 17b).
    Zeta,
    /// μ̄ vs P_N per Archard K (Fig. 18b).
    Archard,
    /// Passes with β persisting, then a cleaned pass (Fig. 2b).
    Multipass,
}

impl From<Study> for StudyArg {
    fn from(s: Study) -> Self {
        match s {
            Study::ToolLength => StudyArg::Tool,
            Study::Zeta => StudyArg::Zeta,
            Study::Archard => StudyArg::Archard,
            Study::MultiPass => StudyArg::Multipass,
        }
    }
}

impl From<StudyArg> for Study {
    fn from(s: StudyArg) -> Self {
        match s {
            StudyArg::Tool => Study::ToolLength,
            StudyArg::Zeta => Study::Zeta,
            StudyArg::Archard => Study::Archard,
            StudyArg::Multipass => Study::MultiPass,
        }
    }
}

/// Arguments of `tribo strip-draw`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Worker threads.
    #[command(flatten)]
    pub threads: super::run_options::Threads,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// Calibration table (default: the documented seed-000 defaults — NOT a calibration).
    #[arg(long)]
    pub table: Option<PathBuf>,
    /// Output folder for the CSV files and plots.
    #[arg(long, default_value = "out/strip-draw")]
    pub out: PathBuf,
    /// Studies to run (comma-separated). The default is `SweepSpec::seed_000().studies` typed
    /// as a user types it (clap shows `default_values_t` space-separated); the test
    /// `commands::tests::defaults` ties the two together.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "tool,zeta,archard,multipass"
    )]
    pub studies: Vec<StudyArg>,
    /// Tool pressures P_N [Pa] (comma-separated; SI or with a unit: `5MPa,30MPa`). List defaults
    /// are typed as a user types them; `commands::tests::defaults` ties them to `SweepSpec::seed_000()`.
    #[arg(long, value_delimiter = ',', value_parser = units::pascals,
        default_value = "1MPa,2MPa,5MPa,10MPa,15MPa,20MPa,25MPa,30MPa")]
    pub pressures: Vec<f64>,
    /// Tool lengths of the tool study [m] (SI or with a unit: `35mm,70mm`).
    #[arg(long, value_delimiter = ',', value_parser = units::metres,
        default_value = "35mm,70mm,140mm")]
    pub tools: Vec<f64>,
    /// ζ values of the ζ study (35 mm tool) [-].
    #[arg(long, value_delimiter = ',', default_value = "0.0,0.2,0.5,1.0")]
    pub zetas: Vec<f32>,
    /// Archard K values of the K study (70 mm tool, ζ = 0) [-].
    #[arg(
        long = "archard-ks",
        value_delimiter = ',',
        default_value = "1e-5,1e-4,1e-3"
    )]
    pub archard_ks: Vec<f32>,
    /// Passes of the multi-pass study (35 mm tool) before its cleaned pass.
    #[arg(long, default_value_t = SweepSpec::seed_000().passes)]
    pub passes: usize,
    /// ζ of the tool and multi-pass studies [-] (default: the table's).
    #[arg(long)]
    pub zeta: Option<f32>,
    /// Archard K of the tool, ζ and multi-pass studies [-] (default: the table's).
    #[arg(long)]
    pub archard_k: Option<f32>,
    /// Slide, averaging window, element size and time step.
    #[command(flatten)]
    pub numerics: BarNumericsArgs,
    /// Pressure of the β(x, t) maps and μ(t) plots [Pa] (default: the highest; SI or with a
    /// unit: `30MPa`).
    #[arg(long, value_parser = units::pascals)]
    pub map_pressure: Option<f64>,
    /// Also rerun the tool cases at the map pressure with l_e/2 and Δt/2 (refinement.csv).
    #[arg(long)]
    pub check_refinement: bool,
    /// Friction μ_p of the particle-borne area [-] (default: the table's; 0 is seed 000's
    /// Eq. 7, frictionless at saturation).
    #[arg(long)]
    pub particle_friction: Option<f64>,
    /// Which part of the contact creates particles (default: the table's): `archard` (seed 000
    /// Eq. 12) or `uncovered` (Eq. 12 × (1 − β/β_thres)).
    #[arg(long, value_enum)]
    pub source_rule: Option<SourceRuleArg>,
}

/// The particle source of the β-transport.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SourceRuleArg {
    /// Seed 000 Eq. 12 on the whole real contact.
    Archard,
    /// Eq. 12 on the part of the real contact particles do not cover.
    Uncovered,
}

impl From<SourceRule> for SourceRuleArg {
    fn from(s: SourceRule) -> Self {
        match s {
            SourceRule::Archard => SourceRuleArg::Archard,
            SourceRule::UncoveredArchard => SourceRuleArg::Uncovered,
        }
    }
}

impl From<SourceRuleArg> for SourceRule {
    fn from(s: SourceRuleArg) -> Self {
        match s {
            SourceRuleArg::Archard => SourceRule::Archard,
            SourceRuleArg::Uncovered => SourceRule::UncoveredArchard,
        }
    }
}

/// Mesh and step options of the bar shared by `tribo strip-draw` and `tribo fit strip-draw`.
#[derive(Debug, Clone, clap::Args)]
pub struct BarNumericsArgs {
    /// Slide of each pass [m] (seed 000: 140 mm; SI or with a unit).
    #[arg(long, value_parser = units::metres, default_value_t = NumericSettings::seed_000().slide)]
    pub slide: f64,
    /// μ̄ averaging window at the end of the slide [m] (SI or with a unit).
    #[arg(long, value_parser = units::metres, default_value_t = NumericSettings::seed_000().window)]
    pub window: f64,
    /// Element size l_e [m] (SI or with a unit).
    #[arg(long, value_parser = units::metres,
        default_value_t = NumericSettings::seed_000().element_length)]
    pub element_size: f64,
    /// Explicit time step [s] (default: CFL-derived, --courant × the stability limit; SI or
    /// with a unit: `2us`).
    #[arg(long, value_parser = units::seconds)]
    pub time_step: Option<f64>,
    /// Courant factor of the CFL-derived time step [-], in (0, 1].
    #[arg(long, default_value_t = NumericSettings::seed_000().courant)]
    pub courant: f64,
}

impl From<&BarNumericsArgs> for BarNumerics {
    fn from(a: &BarNumericsArgs) -> Self {
        Self {
            slide: a.slide,
            window: a.window,
            element_size: a.element_size,
            time_step: a.time_step,
            courant: a.courant,
        }
    }
}

impl From<&Args> for StripDrawConfig {
    fn from(args: &Args) -> Self {
        Self {
            table: args.table.clone(),
            out: args.out.clone(),
            sweep: SweepSpec {
                studies: args.studies.iter().map(|&s| s.into()).collect(),
                pressures: args.pressures.clone(),
                tools: args.tools.clone(),
                zetas: args.zetas.clone(),
                archard_ks: args.archard_ks.clone(),
                passes: args.passes,
                zeta: args.zeta,
                archard_k: args.archard_k,
                map_pressure: args.map_pressure,
                ..SweepSpec::seed_000()
            },
            numerics: (&args.numerics).into(),
            check_refinement: args.check_refinement,
            particle_friction: args.particle_friction,
            source_rule: args.source_rule.map(Into::into),
            fidelity_band: None,
        }
    }
}

/// Runs `tribo strip-draw`.
pub fn run(args: Args) -> anyhow::Result<()> {
    crate::validate::flags::check_strip_draw(args.passes)?;
    run_studies(&StripDrawConfig::from(&args), &mut std::io::stdout())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::strip_draw::setup;
    use crate::strip_draw::cases::list_strip_cases;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn parse(extra: &[&str]) -> Args {
        let mut argv = vec!["strip-draw"];
        argv.extend_from_slice(extra);
        Cli::try_parse_from(argv).unwrap().args
    }

    #[test]
    fn defaults_are_the_seed_sweep_and_a_small_run_writes_the_report() {
        let a = parse(&[]);
        assert_eq!(a.pressures.len(), 8);
        assert_eq!(a.tools, [35e-3, 70e-3, 140e-3]);
        assert_eq!(a.pressures[7], 30e6);
        assert_eq!(a.studies.len(), 4);
        let (model, settings, spec, defaults) = setup(&StripDrawConfig::from(&a)).unwrap();
        assert!(defaults);
        assert_eq!(settings.slide, 0.140);
        assert_eq!(spec.map_pressure(), 30.0e6);
        assert_eq!(list_strip_cases(&spec, &model).len(), 24 + 32 + 24 + 8);

        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("sd");
        let out_s = out.to_str().unwrap();
        let a = parse(&[
            "--out",
            out_s,
            "--pressures",
            "10MPa,30e6",
            "--tools",
            "5mm,0.01",
            "--zetas",
            "0,1",
            "--archard-ks",
            "1e-4",
            "--passes",
            "2",
            "--slide",
            "10mm",
            "--window",
            "3mm",
            "--element-size",
            "1mm",
            "--check-refinement",
        ]);
        run(a).unwrap();
        let summary = std::fs::read_to_string(out.join("mu_bar.csv")).unwrap();
        // 2 tools × 2 + 2 ζ × 2 + 1 K × 2 (one pass each) + 2 P × 3 passes, + header.
        assert_eq!(summary.lines().count(), 1 + 4 + 4 + 2 + 6);
        for f in [
            "mu_bar_vs_pressure_tool.png",
            "mu_bar_vs_pressure_multipass.svg",
            "mu_t_zeta.csv",
            "beta_final_archard.csv",
            "beta_map_tool_10mm_pass1.png",
            "beta_map_multipass_35mm_pass3.csv",
            "refinement.csv",
        ] {
            assert!(out.join(f).exists(), "{f} missing");
        }
    }

    #[test]
    fn bad_options_are_clear_errors() {
        for (argv, want) in [
            // Bare numbers are SI: the old units (MPa, mm) are refused by plausibility.
            (
                vec!["--pressures", "10MPa,-1"],
                "--pressures (Pa, or with a unit: 30MPa)[1] = -1 is out of range",
            ),
            (
                vec!["--pressures", "10,30"],
                "--pressures (Pa, or with a unit: 30MPa)[0] = 10 is out of range: must be in [1000, 200000000000]",
            ),
            (
                vec!["--tools", "35"],
                "--tools (m, or with a unit: 35mm)[0] = 35 is out of range: must be in [0.001, 10]",
            ),
            (
                vec!["--slide", "140"],
                "--slide (m, or with a unit: 140mm) must be",
            ),
            (
                vec!["--element-size", "0.5"],
                "--element-size (m, or with a unit: 0.5mm)",
            ),
            (
                vec!["--map-pressure", "30"],
                "--map-pressure (Pa, or with a unit: 30MPa)",
            ),
            (vec!["--zetas", "0,1.5"], "ζ = 1.5 is outside [0, 1]"),
            (vec!["--window", "200mm"], "averaging window"),
            (vec!["--courant", "1.5"], "--courant must be in (0, 1]"),
            (
                vec!["--table", "/nonexistent/t.bin"],
                "reading /nonexistent/t.bin",
            ),
        ] {
            let msg = format!(
                "{:#}",
                setup(&StripDrawConfig::from(&parse(&argv))).unwrap_err()
            );
            assert!(msg.contains(want), "{argv:?}: {msg}");
        }
        // The same physical input through SI and suffixed flags is the same set-up.
        let si = setup(&StripDrawConfig::from(&parse(&[
            "--pressures",
            "5e6,3e7",
            "--tools",
            "0.035",
            "--slide",
            "0.1",
            "--window",
            "0.02",
            "--element-size",
            "0.0005",
            "--time-step",
            "2e-6",
        ])))
        .unwrap();
        let suffixed = setup(&StripDrawConfig::from(&parse(&[
            "--pressures",
            "5MPa,30MPa",
            "--tools",
            "35mm",
            "--slide",
            "100mm",
            "--window",
            "20mm",
            "--element-size",
            "0.5mm",
            "--time-step",
            "2us",
        ])))
        .unwrap();
        assert_eq!(format!("{:?}", si.1), format!("{:?}", suffixed.1));
        assert_eq!(format!("{:?}", si.2), format!("{:?}", suffixed.2));
        // A time step above the stability limit is refused when the bar is set up.
        let a = parse(&["--time-step", "1"]);
        let (model, settings, spec, _) = setup(&StripDrawConfig::from(&a)).unwrap();
        let c = &list_strip_cases(&spec, &model)[0];
        let msg = format!(
            "{:#}",
            model
                .bar_params(c.tool_length, c.pressure, c.zeta, c.archard_k, &settings)
                .unwrap_err()
        );
        assert!(msg.contains("exceeds the stability limit"), "{msg}");
    }
}
