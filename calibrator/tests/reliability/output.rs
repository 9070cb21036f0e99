//! Output robustness: a closed stdout ends the process quietly with the SIGPIPE status; a
//! second run into a locked folder names the holder; a SIGKILLed run's temporary files are
//! gone after the next run in the same folder; `--out` naming a file names the path.

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use super::{assert_refused, command, tribo_in};

/// SIGPIPE's number on Linux and the BSDs.
const SIGPIPE: i32 = 13;

fn table_file(dir: &Path) {
    let t = tribo_core::table::Table::filled_example();
    tribo_calibrator::table::io::write_table(&dir.join("t.bin"), &t).unwrap();
}

/// The printing commands, each quick.
const PRINTING: [&[&str]; 6] = [
    &["inspect", "t.bin"],
    &["inspect", "--json", "t.bin"],
    &["calibrate", "--print-config"],
    &["calibrate", "--list-cases", "--out", "lc"],
    &["--help"],
    &["--version"],
];

#[test]
fn a_closed_stdout_ends_every_printing_command_quietly() {
    let dir = tempfile::tempdir().unwrap();
    table_file(dir.path());
    for args in PRINTING {
        // `| true`: the reading end is closed before the command writes anything.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = command(dir.path(), args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            out.status.signal() == Some(SIGPIPE) || out.status.success(),
            "{args:?}: {:?} {stderr}",
            out.status
        );
        // `| head -1`: one line read, then the pipe closes.
        let mut child = command(dir.path(), args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 1];
        let _ = child.stdout.take().unwrap().read(&mut first);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            out.status.signal() == Some(SIGPIPE) || out.status.success(),
            "{args:?}: {:?} {stderr}",
            out.status
        );
    }
}

#[test]
fn a_second_run_into_a_locked_folder_names_the_holder() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("o");
    std::fs::create_dir(&out_dir).unwrap();
    // A live holder: this test process, holding the kernel lock on the lock file.
    let me = std::process::id();
    let lock = std::fs::File::create(out_dir.join(".tribo.lock")).unwrap();
    lock.try_lock().unwrap();
    std::fs::write(
        out_dir.join(".tribo.lock"),
        format!("pid {me}\nstarted 1700000000\n"),
    )
    .unwrap();
    let out = tribo_in(dir.path(), &["calibrate", "--defaults", "--out", "o"]);
    assert_refused(
        &out,
        &format!("is in use by another tribo run (pid {me}, started 1700000000"),
    );
    assert!(!out_dir.join("tables.bin").exists());
    drop(lock);
}

#[test]
fn out_naming_an_existing_file_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f"), b"x").unwrap();
    let out = tribo_in(dir.path(), &["calibrate", "--defaults", "--out", "f"]);
    assert_refused(&out, "--out f: exists and is not a folder");
}

fn temp_files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().unwrap().is_dir() {
            found.extend(temp_files(&entry.path()));
        } else if name.contains(".tmp-") || name == ".tribo.lock" {
            found.push(entry.path().display().to_string());
        }
    }
    found
}

#[test]
fn after_a_sigkilled_run_the_next_run_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    // A quick calibration, killed after a moment (mid-sweep or mid-write).
    let mut child = command(dir.path(), &["calibrate", "--out", "o"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    child.kill().unwrap();
    child.wait().unwrap();
    // And the leftovers a kill during a write leaves, from a pid that no longer runs.
    let dead = {
        let mut c = std::process::Command::new("true").spawn().unwrap();
        c.wait().unwrap();
        c.id()
    };
    let o = dir.path().join("o");
    std::fs::create_dir_all(o.join("report/contact")).unwrap();
    std::fs::write(o.join(format!(".tables.tmp-{dead}.bin")), b"partial").unwrap();
    std::fs::write(
        o.join(format!("report/contact/.sweep.tmp-{dead}.csv")),
        b"p",
    )
    .unwrap();
    std::fs::write(
        o.join(".tribo.lock"),
        format!("pid {dead}\nstarted 1\nstart_tick 1\n"),
    )
    .unwrap();
    let out = tribo_in(dir.path(), &["calibrate", "--defaults", "--out", "o"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(o.join("tables.bin").exists());
    assert_eq!(temp_files(&o), Vec::<String>::new());
}
