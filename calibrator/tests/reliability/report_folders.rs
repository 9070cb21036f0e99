//! Report folders never mix runs (issue 32 item 3): a rerun into the folder of an earlier run
//! (another seed, `--no-plots`) leaves no file of the earlier run, and a folder of the user's
//! (`--out .` with their files) is refused untouched. The policy is the output manifest's
//! (`tribo_calibrator::report::manifest`): the files a run wrote are listed in
//! `.tribo-manifest` and removed by the next run into the folder.

use std::collections::BTreeSet;
use std::path::Path;

use super::{assert_refused, tribo_in};

const MANIFEST: &str = tribo_calibrator::report::manifest::MANIFEST_FILE;

/// Every regular file under `dir`, relative to it, the manifest and lock left out.
fn files(dir: &Path) -> BTreeSet<String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let p = e.path();
            if e.file_type().unwrap().is_dir() {
                walk(root, &p, out);
            } else {
                out.insert(p.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(dir, dir, &mut out);
    out.remove(MANIFEST);
    out.remove(".tribo.lock");
    out
}

/// Quick runs (≤ 2 s in debug) of commands that write a report folder, as shell words: the
/// arguments of both runs, then what the first and the second add (another seed, or another
/// input where the command has no seed; `--no-plots` is added to the second).
const RUNS: &[(&str, &str, &str)] = &[
    (
        "random-field --samples 10 --max-nodes 8 --points 4 --crank-realisations 2",
        "--seed 4",
        "--seed 3",
    ),
    (
        "dem --n 32 --k-s 16 --flakes 2 --distance 2um",
        "--seed 4",
        "--seed 3",
    ),
    (
        "strip-draw --studies tool --tools 35mm --slide 40mm --window 10mm --element-size 2mm",
        "--pressures 30MPa",
        "--pressures 20MPa",
    ),
    (
        "third-body shear --particles 30 --steps 200",
        "--seed 4",
        "--seed 3",
    ),
    ("fretting incline", "--mu-static 0.25", "--mu-static 0.3"),
];

fn is_figure(f: &str) -> bool {
    f.ends_with(".png") || f.ends_with(".svg")
}

#[test]
fn a_rerun_with_another_seed_and_no_plots_leaves_no_file_of_the_earlier_run() {
    for &(common, one, two) in RUNS {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("o");
        let o = out.to_str().unwrap();
        let words = |extra: &'static str| common.split(' ').chain(extra.split(' '));
        let first: Vec<&str> = words(one).chain(["--out", o]).collect();
        let r = tribo_in(dir.path(), &first);
        assert_eq!(
            r.status.code(),
            Some(0),
            "{first:?}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        let before = files(&out);
        assert!(
            before.iter().any(|f| is_figure(f)),
            "{first:?}: no figure {before:?}"
        );
        let second: Vec<&str> = words(two).chain(["--no-plots", "--out", o]).collect();
        let r = tribo_in(dir.path(), &second);
        assert_eq!(
            r.status.code(),
            Some(0),
            "{second:?}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        // What is in the folder is exactly what the second run lists: nothing stale, no figure.
        let listed: BTreeSet<String> = std::fs::read_to_string(out.join(MANIFEST))
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        let after = files(&out);
        assert_eq!(after, listed, "{second:?}: stale files of the first run");
        assert!(!after.iter().any(|f| is_figure(f)), "{second:?}: {after:?}");
    }
}

#[test]
fn a_folder_of_the_users_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    let r = tribo_in(dir.path(), &["fretting", "incline", "--out", "."]);
    assert_refused(&r, "no tribo run listed");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, ["notes.txt"], "the folder was changed");
}

/// `inspect --report` into a folder of the user's (issue 46): refused, naming `--report`, and
/// the user's `summary.md` and notes are byte for byte what they were, with nothing added.
#[test]
fn inspect_report_into_a_users_folder_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let golden =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/golden/format3-filled.bin");
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("summary.md"), "my summary").unwrap();
    std::fs::write(mine.join("notes.txt"), "mine").unwrap();
    // The spellings before issue 45 (positional table, `--report`) still parse; the refusal
    // names the folder by today's flag.
    let r = tribo_in(
        dir.path(),
        &["inspect", golden.to_str().unwrap(), "--report", "mine"],
    );
    assert_refused(
        &r,
        "--out mine: the folder holds files that no tribo run listed",
    );
    let mut names: Vec<_> = std::fs::read_dir(&mine)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["notes.txt", "summary.md"], "the folder was changed");
    assert_eq!(
        std::fs::read(mine.join("summary.md")).unwrap(),
        b"my summary"
    );
    // Into a new folder it writes its report with a manifest, and a rerun replaces it.
    let into_new = || {
        let out = tribo_in(
            dir.path(),
            &[
                "inspect",
                golden.to_str().unwrap(),
                "--report",
                "new",
                "--no-plots",
            ],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    into_new();
    assert!(dir.path().join("new").join(MANIFEST).is_file());
    into_new();
}

/// An output that is one of the run's inputs is refused and the input kept (issue 46:
/// `export --table t.bin -o t.bin` replaced the table with CSV and exited 0).
#[test]
fn an_output_onto_an_input_is_refused_and_the_input_kept() {
    let dir = tempfile::tempdir().unwrap();
    let golden =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/golden/format3-filled.bin");
    let t = dir.path().join("t.bin");
    std::fs::copy(&golden, &t).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&t, dir.path().join("link.bin")).unwrap();
    for out in ["t.bin", "./t.bin", "link.bin"] {
        if out == "link.bin" && !cfg!(unix) {
            continue;
        }
        let r = tribo_in(
            dir.path(),
            &["export", "--table", "t.bin", "--format", "csv", "-o", out],
        );
        assert_refused(
            &r,
            &format!("--output {out}: is the same file as the input --table t.bin"),
        );
        assert_eq!(std::fs::read(&t).unwrap(), std::fs::read(&golden).unwrap());
    }
}

/// A FIFO as the figure audit (an output) is refused before the run instead of blocking it
/// for ever; a pipe as `--config` is read as a stream.
#[cfg(unix)]
#[test]
fn a_fifo_output_is_refused_and_a_pipe_input_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("audit.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo on this machine
    }
    let golden =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/golden/format3-filled.bin");
    let r = super::command(
        dir.path(),
        &["inspect", golden.to_str().unwrap(), "--report", "rep"],
    )
    .env("TRIBO_FIGURE_AUDIT", &fifo)
    .stdin(std::process::Stdio::null())
    .output()
    .unwrap();
    assert_refused(&r, "TRIBO_FIGURE_AUDIT");
    assert!(String::from_utf8_lossy(&r.stderr).contains("is a FIFO"));
    // A config through a pipe (as `--config <(…)`): read, and its bad key named.
    let mut child = super::command(
        dir.path(),
        &["calibrate", "--config", "/dev/stdin", "--print-config"],
    )
    .stdin(std::process::Stdio::piped())
    .stdout(std::process::Stdio::null())
    .stderr(std::process::Stdio::piped())
    .spawn()
    .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"[material]\ntau0 = 1e30\n").unwrap();
    }
    let r = child.wait_with_output().unwrap();
    assert_refused(&r, "material.tau0 must be in");
}

/// `-o -` and `-o /dev/stdout` write the export to standard output (issue 45: `-o /dev/stdout`
/// was refused as a non-regular file), the same bytes as no `-o`; `/dev/stdout` redirected onto
/// the input table is still refused and the table kept; a FIFO or a device named as an output
/// folder, or a FIFO named as an output file, stays refused (issue 46).
#[cfg(unix)]
#[test]
fn standard_output_is_an_output_stream_and_fifos_stay_refused() {
    let dir = tempfile::tempdir().unwrap();
    let golden =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/golden/format3-filled.bin");
    let t = dir.path().join("t.bin");
    std::fs::copy(&golden, &t).unwrap();
    let export = ["export", "--table", "t.bin", "--format", "csv"];
    let plain = tribo_in(dir.path(), &export);
    assert!(plain.status.success(), "{plain:?}");
    assert!(!plain.stdout.is_empty());
    for out in ["-", "/dev/stdout"] {
        let args: Vec<&str> = export.iter().copied().chain(["-o", out]).collect();
        let r = tribo_in(dir.path(), &args);
        assert!(
            r.status.success(),
            "-o {out}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        assert_eq!(r.stdout, plain.stdout, "-o {out}");
    }
    // Standard output appended onto the input: the output guard compares identities.
    let onto_input = std::fs::OpenOptions::new().append(true).open(&t).unwrap();
    let args: Vec<&str> = export
        .iter()
        .copied()
        .chain(["-o", "/dev/stdout"])
        .collect();
    let r = super::command(dir.path(), &args)
        .stdin(std::process::Stdio::null())
        .stdout(onto_input)
        .output()
        .unwrap();
    assert_refused(&r, "is the same file as the input --table t.bin");
    assert_eq!(std::fs::read(&t).unwrap(), std::fs::read(&golden).unwrap());
    // A FIFO as an output file or an output folder, a device as an output folder.
    let fifo = dir.path().join("out.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let args: Vec<&str> = export.iter().copied().chain(["-o", "out.fifo"]).collect();
        assert_refused(&tribo_in(dir.path(), &args), "--output out.fifo: is a FIFO");
        let r = tribo_in(
            dir.path(),
            &["inspect", "--table", "t.bin", "--out", "out.fifo"],
        );
        assert_refused(&r, "--out out.fifo: is a FIFO, not a folder");
        let r = tribo_in(dir.path(), &["man", "--out", "out.fifo"]);
        assert_refused(&r, "--out out.fifo: is a FIFO, not a folder");
    }
    let r = tribo_in(dir.path(), &["man", "--install", "/dev/null"]);
    assert_refused(&r, "--install /dev/null: is a device, not a folder");
}
