//! `tribo calibrate --emit-slurm` and `--merge` through the real binary: the emitted array-task
//! script runs one case from any folder, and a merge that lacks cases exits non-zero naming
//! every missing one with the command that resubmits exactly those. (The recipe on a real Slurm
//! cluster: `scripts/slurm/e2e.sh`, run by `.ci/run`.)

use std::path::Path;
use std::process::{Command, Output};

/// Six cases (2 sweep velocities and 1 process velocity × 2 pressures), each a short slide on a
/// 32² grid; the process velocity is simulated directly (the v0/γ similarity at 0.08 m/s costs
/// a hundred times more DEM steps).
const TINY: &str = r#"
[surface]
grid = 32
length = 100e-6
k_s = 8.0
[flakes]
diameter = 20e-6
[sweep]
pressures = [10e6, 30e6]
betas = [0.2]
velocities = [5.0, 20.0]
seeds = 1
slide_lengths = 0.25
contact_pressures = [5e6, 20e6]
[process]
velocities = [50.0]
similarity_velocity = 0.0
"#;

fn tribo(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tribo"))
        .current_dir(dir)
        .env("TRIBO_NO_PROGRESS", "1")
        .args([
            "calibrate",
            "--threads",
            "1",
            "--config",
            "tiny.toml",
            "--seed",
            "5",
        ])
        .args(["--out", "run"])
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[cfg(unix)]
#[test]
fn emitted_case_script_runs_one_case_and_merge_lists_every_missing_case() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tiny.toml"), TINY).unwrap();

    let out = tribo(dir.path(), &["--emit-slurm"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(stdout.starts_with("6 cases written"), "{stdout}");
    let slurm = dir.path().join("run/slurm");
    assert!(stdout.contains(&slurm.join("submit.sh").display().to_string()));
    assert!(slurm.join("logs").is_dir());

    // The array task's script, started elsewhere as Slurm may start it, runs case 2 only.
    let task = Command::new("sh")
        .arg(slurm.join("case.sbatch"))
        .current_dir("/")
        .env("SLURM_ARRAY_TASK_ID", "2")
        .env("TRIBO_NO_PROGRESS", "1")
        .output()
        .unwrap();
    assert!(task.status.success(), "{task:?}");
    assert!(text(&task.stdout).starts_with("case 2:"), "{task:?}");

    let merge = tribo(dir.path(), &["--merge"]);
    let stderr = text(&merge.stderr);
    assert_eq!(merge.status.code(), Some(1), "{merge:?}");
    assert!(stderr.contains("5 of 6 cases"), "{stderr}");
    assert!(stderr.contains("cases 0-1,3-5."), "{stderr}");
    assert!(stderr.contains("submit.sh --indices 0-1,3-5"), "{stderr}");
    assert!(!dir.path().join("run/tables.bin").exists());
}
