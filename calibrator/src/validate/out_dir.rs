//! The output folder of a run: a lock held for the run's duration (a second run into the same
//! folder is refused with the holder's pid and start time), and a sweep of the temporary files
//! (`.NAME.tmp-PID.EXT`, see [`crate::report::atomic`]) that killed runs left behind.
//!
//! The lock is the file `.tribo.lock` in the folder, created exclusively; it records the pid,
//! the start time and (on Linux) the process's start tick from `/proc/PID/stat`, so a lock
//! whose process is gone — or whose pid was reused by another process — is stale and taken
//! over. Only the lock's holder sweeps, so the temporary files it removes belong to no live run.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use thiserror::Error;

/// Name of the lock file inside the output folder.
pub const LOCK_FILE: &str = ".tribo.lock";

/// Folder depth the sweep descends to (`out/`, `out/report/`, `out/report/stage/`, `out/cases/`).
pub const SWEEP_DEPTH: usize = 3;

/// Errors of the output folder.
#[derive(Debug, Error)]
pub enum OutDirError {
    /// Another live run holds the folder.
    #[error(
        "{} is in use by another tribo run (pid {pid}, started {started} s after the Unix epoch); \
         wait for it or choose another --out (remove {} only if that process is gone)",
        dir.display(), lock.display()
    )]
    Locked {
        /// The output folder.
        dir: PathBuf,
        /// The lock file.
        lock: PathBuf,
        /// The holder's pid.
        pid: u32,
        /// The holder's start time \[s since the Unix epoch\].
        started: u64,
    },
    /// The path exists but is not a folder.
    #[error("--out {}: exists and is not a folder", path.display())]
    NotADirectory {
        /// The path.
        path: PathBuf,
    },
    /// An I/O error on a path.
    #[error("{}: {error}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// The OS error (in the message, not a `source`: printed once).
        error: io::Error,
    },
}

fn io_at(path: &Path) -> impl FnOnce(io::Error) -> OutDirError + '_ {
    move |error| OutDirError::Io {
        path: path.to_owned(),
        error,
    }
}

/// The lock of an output folder; released (the file removed) when dropped.
#[derive(Debug)]
pub struct OutDirLock {
    path: PathBuf,
}

impl Drop for OutDirLock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// What a lock file records.
#[derive(Debug, PartialEq)]
struct Holder {
    pid: u32,
    started: u64,
    start_tick: Option<u64>,
}

impl Holder {
    fn me() -> Self {
        let pid = std::process::id();
        Holder {
            pid,
            started: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            start_tick: start_tick(pid),
        }
    }

    fn render(&self) -> String {
        format!(
            "pid {}\nstarted {}\nstart_tick {}\n",
            self.pid,
            self.started,
            self.start_tick.map_or("-".to_owned(), |t| t.to_string())
        )
    }

    fn parse(text: &str) -> Option<Self> {
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name).map(str::trim))
                .map(str::to_owned)
        };
        Some(Holder {
            pid: field("pid ")?.parse().ok()?,
            started: field("started ")?.parse().ok()?,
            start_tick: field("start_tick ").and_then(|t| t.parse().ok()),
        })
    }

    /// Whether the recorded process still runs. Without `/proc` (not Linux) a lock is taken
    /// as live: a stale one is then removed by hand, as the message says.
    fn alive(&self) -> bool {
        if !Path::new("/proc/self/stat").exists() {
            return true;
        }
        match (start_tick(self.pid), self.start_tick) {
            (None, _) => false,
            (Some(now), Some(then)) => now == then,
            (Some(_), None) => true,
        }
    }
}

/// Field 22 of `/proc/PID/stat`: the process's start time in clock ticks since boot.
fn start_tick(pid: u32) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    let after = stat.rsplit_once(')')?.1;
    after.split_whitespace().nth(19)?.parse().ok()
}

/// Creates `dir` if needed and locks it for this process; then sweeps the stale temporary
/// files of earlier runs. A live holder is an [`OutDirError::Locked`] naming it.
pub fn lock_and_sweep(dir: &Path) -> Result<OutDirLock, OutDirError> {
    if dir.exists() && !dir.is_dir() {
        return Err(OutDirError::NotADirectory {
            path: dir.to_owned(),
        });
    }
    fs::create_dir_all(dir).map_err(io_at(dir))?;
    let path = dir.join(LOCK_FILE);
    let me = Holder::me();
    // Two attempts: the second after removing a stale lock.
    for _ in 0..2 {
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut f) => {
                f.write_all(me.render().as_bytes())
                    .and_then(|()| f.sync_all())
                    .map_err(io_at(&path))?;
                let lock = OutDirLock { path };
                sweep_stale_temps(dir).map_err(io_at(dir))?;
                return Ok(lock);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                let text = fs::read_to_string(&path).unwrap_or_default();
                match Holder::parse(&text) {
                    Some(h) if h.alive() && h.pid != me.pid => {
                        return Err(OutDirError::Locked {
                            dir: dir.to_owned(),
                            lock: path,
                            pid: h.pid,
                            started: h.started,
                        });
                    }
                    // Stale (process gone), unreadable (killed while writing it) or ours.
                    _ => fs::remove_file(&path).map_err(io_at(&path))?,
                }
            }
            Err(e) => return Err(io_at(&path)(e)),
        }
    }
    Err(io_at(&path)(io::Error::other(
        "the lock file reappeared while taking over a stale lock",
    )))
}

/// Removes the report folder `report` of an earlier run before this run writes its own, so a
/// report never mixes two runs (issue 32: a `--seed 3 --no-plots` rerun into the folder of a
/// `--seed 4` run kept 60 of 84 files, and the page showed seed-4 figures next to seed-3
/// numbers). The report is derived whole from the table and the cases (kept in `cases/`), so
/// nothing of value is lost. A symlink at `report` is removed as a link (its target is left
/// alone); anything that is not a folder or a link is refused. Call it only under the output
/// folder's lock ([`lock_and_sweep`]).
///
/// # Errors
/// [`OutDirError::NotADirectory`] for a file at `report`; [`OutDirError::Io`] naming the
/// path when it cannot be removed.
pub fn clear_report_dir(report: &Path) -> Result<(), OutDirError> {
    match fs::symlink_metadata(report) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io_at(report)(e)),
        Ok(m) if m.file_type().is_symlink() => fs::remove_file(report).map_err(io_at(report)),
        Ok(m) if m.is_dir() => fs::remove_dir_all(report).map_err(io_at(report)),
        Ok(_) => Err(OutDirError::NotADirectory {
            path: report.to_path_buf(),
        }),
    }
}

/// Whether `name` is a temporary file of [`crate::report::atomic::temp_path_for`]
/// (`.STEM.tmp-PID[.EXT]`) of a process other than this one.
pub fn is_stale_temp(name: &str) -> bool {
    let Some(rest) = name.strip_prefix('.') else {
        return false;
    };
    let Some((_, tail)) = rest.rsplit_once(".tmp-") else {
        return false;
    };
    let pid = tail.split('.').next().unwrap_or("");
    !pid.is_empty()
        && pid.bytes().all(|b| b.is_ascii_digit())
        && pid != std::process::id().to_string()
}

/// Removes the stale temporary files under `dir` (down to [`SWEEP_DEPTH`] folders); returns
/// how many. Only the lock's holder may call it.
pub fn sweep_stale_temps(dir: &Path) -> io::Result<usize> {
    fn walk(dir: &Path, depth: usize, removed: &mut usize) -> io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            let name = entry.file_name();
            if kind.is_dir() && depth > 0 {
                walk(&entry.path(), depth - 1, removed)?;
            } else if kind.is_file() && is_stale_temp(&name.to_string_lossy()) {
                fs::remove_file(entry.path())?;
                *removed += 1;
            }
        }
        Ok(())
    }
    let mut removed = 0;
    walk(dir, SWEEP_DEPTH, &mut removed)?;
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temp_names_are_recognised() {
        assert!(is_stale_temp(".tables.tmp-12345.bin"));
        assert!(is_stale_temp(".sweep.tmp-7.csv"));
        assert!(is_stale_temp(".cases.tmp-99"));
        let mine = format!(".tables.tmp-{}.bin", std::process::id());
        assert!(!is_stale_temp(&mine));
        assert!(!is_stale_temp("tables.bin"));
        assert!(!is_stale_temp(".tribo.lock"));
        assert!(!is_stale_temp(".x.tmp-12a.bin"));
    }

    #[test]
    fn lock_refuses_a_live_holder_and_takes_over_a_dead_one() {
        let dir = tempfile::tempdir().unwrap();
        // A live holder: pid 1 (init) with its real start tick.
        let init = Holder {
            pid: 1,
            started: 42,
            start_tick: start_tick(1),
        };
        fs::write(dir.path().join(LOCK_FILE), init.render()).unwrap();
        if Path::new("/proc/1/stat").exists() {
            let e = lock_and_sweep(dir.path()).unwrap_err().to_string();
            assert!(e.contains("pid 1, started 42"), "{e}");
        }
        // A dead holder (pid reused: a start tick that cannot match) is taken over, and its
        // temporary files are swept at any depth up to report/stage/.
        let dead = Holder {
            pid: 1,
            started: 42,
            start_tick: Some(u64::MAX),
        };
        fs::write(dir.path().join(LOCK_FILE), dead.render()).unwrap();
        let deep = dir.path().join("report/contact");
        fs::create_dir_all(&deep).unwrap();
        fs::write(dir.path().join(".tables.tmp-999999.bin"), b"x").unwrap();
        fs::write(deep.join(".sweep.tmp-999999.csv"), b"x").unwrap();
        fs::write(deep.join("sweep.csv"), b"keep").unwrap();
        let lock = lock_and_sweep(dir.path()).unwrap();
        assert!(!dir.path().join(".tables.tmp-999999.bin").exists());
        assert!(!deep.join(".sweep.tmp-999999.csv").exists());
        assert!(deep.join("sweep.csv").exists());
        let held = fs::read_to_string(dir.path().join(LOCK_FILE)).unwrap();
        assert_eq!(Holder::parse(&held).unwrap().pid, std::process::id());
        drop(lock);
        assert!(!dir.path().join(LOCK_FILE).exists());
    }

    #[test]
    fn an_earlier_report_is_removed_whole_and_a_linked_one_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("report");
        std::fs::create_dir_all(report.join("meso")).unwrap();
        std::fs::write(report.join("meso/old_seed4.png"), b"x").unwrap();
        clear_report_dir(&report).unwrap();
        assert!(!report.exists());
        clear_report_dir(&report).unwrap(); // nothing there: fine
        #[cfg(unix)]
        {
            let elsewhere = dir.path().join("elsewhere");
            std::fs::create_dir(&elsewhere).unwrap();
            std::fs::write(elsewhere.join("keep.txt"), b"k").unwrap();
            std::os::unix::fs::symlink(&elsewhere, &report).unwrap();
            clear_report_dir(&report).unwrap();
            assert!(!report.exists() && elsewhere.join("keep.txt").exists());
        }
        std::fs::write(&report, b"a file").unwrap();
        assert!(matches!(
            clear_report_dir(&report),
            Err(OutDirError::NotADirectory { .. })
        ));
    }
}
