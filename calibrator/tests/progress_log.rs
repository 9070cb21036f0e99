//! Progress in logs (issue 33): `tribo calibrate 2>log` — stderr not a terminal, as under
//! `nohup` or Slurm — prints a plain line when a stage starts and at least one per interval
//! while the BEM–DEM sweep runs (the interval shortened through `TRIBO_PROGRESS_INTERVAL` so a
//! tiny run shows several), each with the stage, i/N, elapsed time and ETA.

use std::process::Command;

/// `scripts/slurm/e2e.toml`: six cases on a 32² grid in which blocked flakes carry load at
/// every velocity, so the run reaches its later stages.
const TINY: &str = include_str!("../../scripts/slurm/e2e.toml");

/// The interval asked for \[s\].
const INTERVAL_S: f64 = 0.25;

#[test]
fn calibrate_without_a_terminal_logs_stages_and_a_line_per_interval() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tiny.toml"), TINY).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tribo"))
        .current_dir(dir.path())
        .env_remove("TRIBO_NO_PROGRESS")
        .env("TRIBO_PROGRESS_INTERVAL", INTERVAL_S.to_string())
        .args([
            "calibrate",
            "--config",
            "tiny.toml",
            "--seed",
            "2",
            "--out",
            "run",
        ])
        .args(["--threads", "1", "--no-plots"])
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    let lines: Vec<&str> = log.lines().collect();
    // The sweep's own start line, its periodic lines and its end line.
    let start = lines
        .iter()
        .position(|l| l.starts_with("progress: BEM–DEM cases: started,"))
        .unwrap_or_else(|| panic!("no start line:\n{log}"));
    let periodic: Vec<&&str> = lines[start..]
        .iter()
        .take_while(|l| !l.starts_with("progress: BEM–DEM cases: done"))
        .filter(|l| l.starts_with("progress: BEM–DEM cases: ") && l.contains("ETA"))
        .collect();
    // "BEM–DEM sweep: 6 cases in 3.4 s": at least one line per whole interval of it, less
    // one for the interval the sweep ended in.
    let seconds: f64 = lines
        .iter()
        .find_map(|l| l.strip_prefix("BEM–DEM sweep: "))
        .and_then(|l| l.split(" in ").nth(1))
        .and_then(|l| l.trim_end_matches(" s").parse().ok())
        .unwrap_or_else(|| panic!("no sweep time:\n{log}"));
    let want = ((seconds / INTERVAL_S).floor() as usize).saturating_sub(1);
    assert!(
        periodic.len() >= want && !periodic.is_empty(),
        "{} lines in {seconds} s at {INTERVAL_S} s:\n{log}",
        periodic.len()
    );
    for l in &periodic {
        let counts = l.split(": ").nth(2).unwrap_or("");
        assert!(
            counts.contains("/6, elapsed ") && counts.contains(", ETA "),
            "{l}"
        );
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("progress: BEM–DEM cases: done 6/6")),
        "{log}"
    );
    // Stages without a bar announce themselves.
    for stage in [
        "elastic BEM contact sweep",
        "fitting α(v)",
        "random fields",
        "asperities",
    ] {
        assert!(
            lines.contains(&format!("progress: stage {stage}").as_str()),
            "{stage}:\n{log}"
        );
    }
}
