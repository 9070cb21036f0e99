//! The recipe checked against its oracles: Slurm's array syntax expanded back naively, and the
//! generated scripts executed by `sh` (the shell is the parser that matters) with a stand-in
//! `tribo` and `sbatch` that record the argument vectors they receive.

use std::ffi::OsString;
use std::path::Path;

use proptest::prelude::*;

use super::*;

/// Naive expansion of Slurm array syntax (`1-3,5`), the oracle of [`array_spec`].
fn expand(spec: &str) -> Vec<usize> {
    if spec.is_empty() {
        return Vec::new();
    }
    spec.split(',')
        .flat_map(|part| match part.split_once('-') {
            Some((a, b)) => (a.parse().unwrap()..=b.parse().unwrap()).collect::<Vec<usize>>(),
            None => vec![part.parse().unwrap()],
        })
        .collect()
}

#[test]
fn array_spec_collapses_runs() {
    assert_eq!(array_spec(&[]), "");
    assert_eq!(array_spec(&[4]), "4");
    assert_eq!(array_spec(&(0..8).collect::<Vec<_>>()), "0-7");
    assert_eq!(array_spec(&[1, 2, 3, 5, 7, 8]), "1-3,5,7-8");
}

proptest! {
    #[test]
    fn array_spec_expands_back_to_its_indices(set in prop::collection::btree_set(0usize..300, 0..60)) {
        let indices: Vec<usize> = set.into_iter().collect();
        let spec = array_spec(&indices);
        prop_assert_eq!(expand(&spec), indices);
        // Every run of consecutive indices is one part: no two parts can be joined.
        let joinable = spec.split(',').zip(spec.split(',').skip(1)).any(|(a, b)| {
            let end: usize = a.rsplit('-').next().unwrap().parse().unwrap();
            let start: usize = b.split('-').next().unwrap().parse().unwrap();
            start == end + 1
        });
        prop_assert!(!joinable, "{}", spec);
    }
}

fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

#[test]
fn forwarded_args_drop_the_mode_and_keep_everything_else() {
    let argv = os(&[
        "./tribo",
        "calibrate",
        "--threads",
        "4",
        "--out",
        "run",
        "--case",
        "3",
        "--seed=7",
        "--emit-slurm",
        "--threads=2",
        "--config",
        "my config's.toml",
        "--merge",
        "--list-cases",
        "--case=9",
    ]);
    assert_eq!(
        forwarded_args("calibrate", argv).unwrap(),
        [
            "calibrate",
            "--out",
            "run",
            "--seed=7",
            "--config",
            "my config's.toml"
        ]
    );
    assert!(matches!(
        forwarded_args("wear-sweep", os(&["tribo", "calibrate"])),
        Err(SlurmError::NoCommand(_))
    ));
}

/// A folder with a stand-in `tribo` (prints its working folder, then its arguments, one per
/// line) and `sbatch` (records its arguments in `sbatch.log`, one per line, a blank line after
/// each call, and answers job ids 41, 42, … in `--parsable` form).
#[cfg(unix)]
fn stand_ins(dir: &Path) {
    let write = |name: &str, body: &str| {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        make_executable(&p).unwrap();
    };
    write(
        "tribo",
        "#!/bin/sh\npwd\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n",
    );
    write(
        "sbatch",
        "#!/bin/sh\nd=$(dirname \"$0\")\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >>\"$d/sbatch.log\"; done\n\
         echo >>\"$d/sbatch.log\"\nn=$(grep -c '^$' \"$d/sbatch.log\")\necho \"$((40 + n));tribo-local\"\n",
    );
}

#[cfg(unix)]
fn recipe_in(dir: &Path) -> (Scripts, Vec<String>, std::path::PathBuf) {
    stand_ins(dir);
    let workdir = dir.join("work dir");
    std::fs::create_dir_all(&workdir).unwrap();
    let args: Vec<String> = [
        "calibrate",
        "--config",
        "it's a \"test\".toml",
        "--seed",
        "7",
    ]
    .map(String::from)
    .to_vec();
    let array = CaseArray {
        command: "calibrate".into(),
        cases: 8,
        run_dir: dir.join("run"),
    };
    let scripts = render(&array, &dir.join("tribo"), &args, &workdir).unwrap();
    (scripts, args, workdir)
}

#[cfg(unix)]
fn sh(script: &str, env: &[(&str, &str)], path_prefix: &Path, args: &[&str]) -> String {
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg(script)
        .arg("sh")
        .args(args)
        .env_remove("SLURM_CPUS_PER_TASK")
        .env(
            "PATH",
            format!(
                "{}:{}",
                path_prefix.display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        );
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[cfg(unix)]
#[test]
fn case_and_merge_scripts_run_the_command_with_the_task_index_and_cpus() {
    let dir = tempfile::tempdir().unwrap();
    let (scripts, args, workdir) = recipe_in(dir.path());
    let pwd = workdir.canonicalize().unwrap().display().to_string();
    let lines = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();

    let got = sh(
        &scripts.case,
        &[("SLURM_ARRAY_TASK_ID", "5"), ("SLURM_CPUS_PER_TASK", "3")],
        dir.path(),
        &[],
    );
    let mut want = vec![pwd.clone()];
    want.extend(args.iter().cloned());
    want.extend(["--threads".into(), "3".into(), "--case".into(), "5".into()]);
    assert_eq!(lines(&got), want);

    // No --cpus-per-task: one thread.
    let got = sh(&scripts.merge, &[], dir.path(), &[]);
    let mut want = vec![pwd];
    want.extend(args.iter().cloned());
    want.extend(["--threads".into(), "1".into(), "--merge".into()]);
    assert_eq!(lines(&got), want);
}

#[cfg(unix)]
#[test]
fn submit_script_submits_the_array_then_the_merge_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let (scripts, _, workdir) = recipe_in(dir.path());
    let log = dir.path().join("sbatch.log");
    let calls = || -> Vec<Vec<String>> {
        std::fs::read_to_string(&log)
            .unwrap()
            .split("\n\n")
            .filter(|c| !c.is_empty())
            .map(|c| c.lines().map(String::from).collect())
            .collect()
    };
    let slurm_dir = dir.path().join("run").join(SLURM_DIR);
    let chdir = format!("--chdir={}", workdir.display());

    let out = sh(&scripts.submit, &[], dir.path(), &["--time=1:00:00"]);
    let c = calls();
    assert_eq!(c.len(), 2, "{c:?}");
    for (call, script) in c.iter().zip(["case.sbatch", "merge.sbatch"]) {
        assert!(call.contains(&chdir), "{call:?}");
        assert!(call.contains(&"--time=1:00:00".to_string()), "{call:?}");
        let last = slurm_dir.join(script).display().to_string();
        assert_eq!(call.last(), Some(&last));
    }
    assert!(c[0].contains(&"--array=0-7".to_string()), "{:?}", c[0]);
    assert!(c[1].contains(&"--dependency=afterok:41".to_string()));
    assert!(c[1].contains(&"--kill-on-invalid-dep=yes".to_string()));
    assert!(out.contains("job 41") && out.contains("job 42"), "{out}");
    assert!(slurm_dir.join("logs").is_dir());

    // Resubmitting only what is missing.
    std::fs::remove_file(&log).unwrap();
    let out = sh(&scripts.submit, &[], dir.path(), &["--indices", "3,5-6"]);
    let c = calls();
    assert!(c[0].contains(&"--array=3,5-6".to_string()), "{:?}", c[0]);
    assert!(c[1].contains(&"--dependency=afterok:41".to_string()));
    assert!(out.contains("cases 3,5-6"), "{out}");
}

#[test]
fn an_empty_case_list_is_an_error() {
    let array = CaseArray {
        command: "calibrate".into(),
        cases: 0,
        run_dir: "run".into(),
    };
    let r = render(&array, Path::new("/bin/tribo"), &[], Path::new("/"));
    assert!(matches!(r, Err(SlurmError::NoCases(_))));
}

#[test]
fn missing_cases_message_lists_them_all_and_the_resubmit_command() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path();
    let msg = missing_cases_message(run, &run.join("cases"), 8, &[2, 5, 6]);
    assert!(msg.starts_with("3 of 8 cases") && msg.contains("cases 2,5-6"));
    assert!(
        msg.contains("--case 2") && !msg.contains("submit.sh"),
        "{msg}"
    );
    std::fs::create_dir_all(run.join(SLURM_DIR)).unwrap();
    std::fs::write(run.join(SLURM_DIR).join("submit.sh"), "").unwrap();
    let msg = missing_cases_message(run, &run.join("cases"), 8, &[2, 5, 6]);
    assert!(msg.contains("submit.sh --indices 2,5-6"), "{msg}");
}
