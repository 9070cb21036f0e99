//! `tribo strip-draw`: strip-draw studies with the core's bar (seed 000 §2, §7; the same
//! [`tribo_core::bar::StripDraw`] code the firmware runs).
//!
//! Runs, for a calibration table (`--table`; without it the **documented seed-000
//! defaults**, not a calibration — said on stderr and in the output), the sweeps of
//! [`crate::strip_draw::cases`]: μ̄ vs P_N per tool length, per ζ, per Archard K, and
//! multi-pass runs with β persisting plus a cleaned pass. Writes the report of
//! [`crate::strip_draw::report`] into `--out`. μ̄ is F_S/F_N averaged over the last
//! `--window` mm of the `--slide` mm slide (default: 120–140 mm, see
//! [`crate::strip_draw::extract`]). Mesh and step: `--element-size` (mm), `--time-step` (s;
//! default CFL-derived, `--courant` × the stability limit); `--check-refinement` reruns the
//! tool cases at the map pressure with l_e/2 and with Δt/2 and reports the changes of β
//! and μ̄ (`refinement.csv`).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};

use crate::report::CsvTable;
use crate::strip_draw::cases::{CaseResult, Study, SweepSpec, list_cases, run_cases};
use crate::strip_draw::model::{NumericSettings, StripModel};
use crate::strip_draw::refine::{mesh_check, step_check};
use crate::strip_draw::report::write_sweep_report;
use crate::table::describe::DEFAULTS_BANNER;
use crate::table::io::read_table;

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
    /// Calibration table (default: the documented seed-000 defaults — NOT a calibration).
    #[arg(long)]
    pub table: Option<PathBuf>,
    /// Output folder for the CSV files and plots.
    #[arg(long, default_value = "out/strip-draw")]
    pub out: PathBuf,
    /// Studies to run (comma-separated).
    #[arg(long, value_enum, value_delimiter = ',', default_values = ["tool", "zeta", "archard", "multipass"])]
    pub studies: Vec<StudyArg>,
    /// Tool pressures P_N [MPa] (comma-separated).
    #[arg(long, value_delimiter = ',', default_values_t = [1.0, 2.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0])]
    pub pressures: Vec<f64>,
    /// Tool lengths of the tool study [mm].
    #[arg(long, value_delimiter = ',', default_values_t = [35.0, 70.0, 140.0])]
    pub tools: Vec<f64>,
    /// ζ values of the ζ study (35 mm tool) [-].
    #[arg(long, value_delimiter = ',', default_values_t = [0.0, 0.2, 0.5, 1.0])]
    pub zetas: Vec<f32>,
    /// Archard K values of the K study (70 mm tool, ζ = 0) [-].
    #[arg(long = "archard-ks", value_delimiter = ',', default_values_t = [1e-5, 1e-4, 1e-3])]
    pub archard_ks: Vec<f32>,
    /// Passes of the multi-pass study (35 mm tool) before its cleaned pass.
    #[arg(long, default_value_t = 3)]
    pub passes: usize,
    /// ζ of the tool and multi-pass studies (default: the table's).
    #[arg(long)]
    pub zeta: Option<f32>,
    /// Archard K of the tool, ζ and multi-pass studies (default: the table's).
    #[arg(long)]
    pub archard_k: Option<f32>,
    /// Slide, averaging window, element size and time step.
    #[command(flatten)]
    pub numerics: BarNumerics,
    /// Pressure of the β(x, t) maps and μ(t) plots [MPa] (default: the highest).
    #[arg(long)]
    pub map_pressure: Option<f64>,
    /// Also rerun the tool cases at the map pressure with l_e/2 and Δt/2 (refinement.csv).
    #[arg(long)]
    pub check_refinement: bool,
}

/// Mesh and step options of the bar shared by `tribo strip-draw` and `tribo fit strip-draw`.
#[derive(Debug, Clone, clap::Args)]
pub struct BarNumerics {
    /// Slide of each pass [mm] (seed 000: 140).
    #[arg(long, default_value_t = 140.0)]
    pub slide: f64,
    /// μ̄ averaging window at the end of the slide [mm].
    #[arg(long, default_value_t = 20.0)]
    pub window: f64,
    /// Element size l_e [mm].
    #[arg(long, default_value_t = 0.5)]
    pub element_size: f64,
    /// Explicit time step [s] (default: CFL-derived, --courant × the stability limit).
    #[arg(long)]
    pub time_step: Option<f64>,
    /// Courant factor of the CFL-derived time step, in (0, 1].
    #[arg(long, default_value_t = 0.9)]
    pub courant: f64,
}

impl BarNumerics {
    /// The validated numeric settings (lengths converted from mm to m).
    pub fn settings(&self) -> anyhow::Result<NumericSettings> {
        let settings = NumericSettings {
            slide: self.slide * 1e-3,
            window: self.window * 1e-3,
            element_length: self.element_size * 1e-3,
            time_step: self.time_step,
            courant: self.courant,
            ..NumericSettings::seed_000()
        };
        settings.validate()?;
        Ok(settings)
    }
}

fn positive(name: &str, xs: &[f64], max: f64) -> anyhow::Result<()> {
    if xs.is_empty() {
        bail!("--{name} needs at least one value");
    }
    if let Some(x) = xs
        .iter()
        .find(|x| !(x.is_finite() && **x > 0.0 && **x <= max))
    {
        bail!("--{name}: {x} is outside (0, {max}]");
    }
    Ok(())
}

/// The model, numerical settings and sweep the arguments ask for.
pub fn setup(args: &Args) -> anyhow::Result<(StripModel, NumericSettings, SweepSpec, bool)> {
    let (table, defaults) = match &args.table {
        Some(path) => (read_table(path)?, false),
        None => (tribo_core::table::Table::seed000_defaults(), true),
    };
    let model = StripModel::from_table(&table)?;
    positive("pressures", &args.pressures, 1000.0)?;
    positive("tools", &args.tools, 1000.0)?;
    if let Some(z) = args
        .zetas
        .iter()
        .chain(args.zeta.iter())
        .find(|z| !(0.0..=1.0).contains(*z))
    {
        bail!("ζ = {z} is outside [0, 1]");
    }
    if let Some(k) = args
        .archard_ks
        .iter()
        .chain(args.archard_k.iter())
        .find(|k| !(k.is_finite() && **k >= 0.0))
    {
        bail!("Archard K = {k} must be finite and non-negative");
    }
    let settings = args.numerics.settings()?;
    let mut spec = SweepSpec::seed_000(&model);
    spec.studies = Vec::new();
    for &s in &args.studies {
        let s: Study = s.into();
        if !spec.studies.contains(&s) {
            spec.studies.push(s);
        }
    }
    spec.pressures = args.pressures.iter().map(|p| p * 1e6).collect();
    spec.tools = args.tools.iter().map(|t| t * 1e-3).collect();
    spec.zetas = args.zetas.clone();
    spec.archard_ks = args.archard_ks.clone();
    spec.passes = args.passes;
    if let Some(z) = args.zeta {
        spec.zeta = z;
    }
    if let Some(k) = args.archard_k {
        spec.archard_k = k;
    }
    spec.map_pressure = match args.map_pressure {
        Some(p) => p * 1e6,
        None => spec.pressures.iter().copied().fold(0.0, f64::max),
    };
    Ok((model, settings, spec, defaults))
}

/// Runs `tribo strip-draw`.
pub fn run(args: Args) -> anyhow::Result<()> {
    crate::validate::flags::check_strip_draw(args.passes)?;
    let (model, settings, spec, defaults) = setup(&args)?;
    if defaults {
        eprintln!("WARNING: no --table given: using the {DEFAULTS_BANNER}");
    }
    let cases = list_cases(&spec);
    if cases.is_empty() {
        bail!("nothing to run: no study selected");
    }
    // The step of the first case, for the log (the stability limit depends on l_e only).
    let first = &cases[0];
    let p = model.bar_params(
        first.tool_length,
        first.pressure,
        first.zeta,
        first.archard_k,
        &settings,
    )?;
    println!(
        "strip-draw: {} cases, l_e = {} mm, Δt = {:.3e} s (stability limit {:.3e} s), slide {} mm, μ̄ over the last {} mm",
        cases.len(),
        args.numerics.element_size,
        p.time_step(),
        p.critical_time_step(),
        args.numerics.slide,
        args.numerics.window
    );
    let start = Instant::now();
    let pb = crate::progress::bar(cases.len() as u64, "strip draw");
    let results = run_cases(&cases, &model, &settings, || pb.inc(1))?;
    pb.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let files = write_sweep_report(&results, &args.out).context("writing the report")?;
    print_summary(&results);
    if args.check_refinement {
        let path = refinement(&model, &settings, &spec, &args.out)?;
        println!("refinement checks: {}", path.display());
    }
    println!(
        "{} cases in {elapsed:.1} s; {} files in {}{}",
        results.len(),
        files.len(),
        args.out.display(),
        if defaults {
            " — DOCUMENTED DEFAULTS, NOT A CALIBRATION"
        } else {
            ""
        }
    );
    Ok(())
}

fn print_summary(results: &[CaseResult]) {
    for r in results {
        let c = &r.case;
        let mus: Vec<String> = r
            .passes
            .iter()
            .map(|p| format!("{:.4} (drift {:+.2} %)", p.mu_bar, 100.0 * p.steady.drift))
            .collect();
        println!(
            "{:>9} {:<14} P_N {:>5.1} MPa: μ̄ = {}",
            c.study.name(),
            c.series_label(),
            c.pressure * 1e-6,
            mus.join(", ")
        );
    }
}

fn refinement(
    model: &StripModel,
    settings: &NumericSettings,
    spec: &SweepSpec,
    out: &std::path::Path,
) -> anyhow::Result<PathBuf> {
    let mut csv = CsvTable::new(&[
        "check",
        "tool_mm",
        "pressure_MPa",
        "zeta",
        "archard_k",
        "mu_base",
        "mu_refined",
        "mu_change",
        "beta_change_l2",
        "beta_change_max",
    ]);
    for &tool in &spec.tools {
        let case = (tool, spec.map_pressure, spec.zeta, spec.archard_k);
        for (name, r) in [
            ("mesh_half_le", mesh_check(model, case, settings)?),
            ("step_half_dt", step_check(model, case, settings)?),
        ] {
            println!(
                "{name}: tool {:.0} mm, P_N {:.0} MPa: β change {:.3} % (L2), {:.3} % (max); μ̄ {:.5} → {:.5} ({:.4} %)",
                tool * 1e3,
                spec.map_pressure * 1e-6,
                100.0 * r.beta_change_l2,
                100.0 * r.beta_change_max,
                r.mu_base,
                r.mu_refined,
                100.0 * r.mu_change
            );
            csv.push_cells(&[
                crate::report::csv::Cell::Text(name),
                crate::report::csv::Cell::Num(tool * 1e3),
                crate::report::csv::Cell::Num(spec.map_pressure * 1e-6),
                crate::report::csv::Cell::Num(f64::from(spec.zeta)),
                crate::report::csv::Cell::Num(f64::from(spec.archard_k)),
                crate::report::csv::Cell::Num(r.mu_base),
                crate::report::csv::Cell::Num(r.mu_refined),
                crate::report::csv::Cell::Num(r.mu_change),
                crate::report::csv::Cell::Num(r.beta_change_l2),
                crate::report::csv::Cell::Num(r.beta_change_max),
            ]);
        }
    }
    let path = out.join("refinement.csv");
    csv.write(&path).context("writing refinement.csv")?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert_eq!(a.tools, [35.0, 70.0, 140.0]);
        assert_eq!(a.studies.len(), 4);
        let (_, settings, spec, defaults) = setup(&a).unwrap();
        assert!(defaults);
        assert_eq!(settings.slide, 0.140);
        assert_eq!(spec.map_pressure, 30.0e6);
        assert_eq!(list_cases(&spec).len(), 24 + 32 + 24 + 8);

        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("sd");
        let out_s = out.to_str().unwrap();
        let a = parse(&[
            "--out",
            out_s,
            "--pressures",
            "10,30",
            "--tools",
            "5,10",
            "--zetas",
            "0,1",
            "--archard-ks",
            "1e-4",
            "--passes",
            "2",
            "--slide",
            "10",
            "--window",
            "3",
            "--element-size",
            "1",
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
            "beta_map_tool_tool10mm_pass1.png",
            "beta_map_multipass_tool35mm_multipass_pass3.csv",
            "refinement.csv",
        ] {
            assert!(out.join(f).exists(), "{f} missing");
        }
    }

    #[test]
    fn bad_options_are_clear_errors() {
        for (argv, want) in [
            (vec!["--pressures", "10,-1"], "--pressures: -1 is outside"),
            (vec!["--zetas", "0,1.5"], "ζ = 1.5 is outside [0, 1]"),
            (vec!["--window", "200"], "averaging window"),
            (vec!["--courant", "1.5"], "Courant factor"),
            (
                vec!["--table", "/nonexistent/t.bin"],
                "reading /nonexistent/t.bin",
            ),
        ] {
            let msg = format!("{:#}", setup(&parse(&argv)).unwrap_err());
            assert!(msg.contains(want), "{argv:?}: {msg}");
        }
        // A time step above the stability limit is refused when the bar is set up.
        let a = parse(&["--time-step", "1"]);
        let (model, settings, spec, _) = setup(&a).unwrap();
        let c = &list_cases(&spec)[0];
        let msg = format!(
            "{:#}",
            model
                .bar_params(c.tool_length, c.pressure, c.zeta, c.archard_k, &settings)
                .unwrap_err()
        );
        assert!(msg.contains("exceeds the stability limit"), "{msg}");
    }
}
