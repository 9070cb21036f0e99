//! The output folder of a run: a lock held for the run's duration (a second run into the same
//! folder is refused with the holder's pid and start time), and a sweep of the temporary files
//! (`.NAME.tmp-PID.EXT`, see [`crate::report::atomic`]) that killed runs left behind.
//!
//! The lock is the operating system's exclusive lock on the file `.tribo.lock` in the folder
//! (see [`lock_and_sweep`]): the kernel releases it when its process ends, however it ends, so
//! there is no stale lock to judge. The file records the holder's pid and start time for the
//! message of a refused run. Only the lock's holder sweeps, so the temporary files it removes
//! belong to no live run.

use std::fs::{self, File, OpenOptions, TryLockError};
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
         wait for it or choose another --out (the lock {} is released when that process ends)",
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

/// The lock of an output folder: the kernel's exclusive lock on the open lock file, released
/// when dropped (the file removed first, while still held) or when the process dies.
#[derive(Debug)]
pub struct OutDirLock {
    path: PathBuf,
    file: File,
}

impl Drop for OutDirLock {
    fn drop(&mut self) {
        // Removed while held, so a run that opened it meanwhile finds it replaced (see
        // `lock_and_sweep`'s inode check) instead of locking a file no longer in the folder.
        let _ = fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// What a lock file records, for the message of a refused run.
#[derive(Debug, PartialEq)]
struct Holder {
    pid: u32,
    started: u64,
}

impl Holder {
    fn me() -> Self {
        Holder {
            pid: std::process::id(),
            started: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
        }
    }

    fn render(&self) -> String {
        format!("pid {}\nstarted {}\n", self.pid, self.started)
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
        })
    }
}

/// Whether `file` (opened from `path`) is still the file at `path` (not removed or replaced
/// by its holder's release between our open and our lock).
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn still_at(_file: &File, path: &Path) -> bool {
    path.exists()
}

/// Creates `dir` if needed and locks it for this process; then sweeps the stale temporary
/// files of earlier runs. A live holder is an [`OutDirError::Locked`] naming it.
///
/// The lock is the operating system's exclusive advisory lock on `.tribo.lock`
/// ([`File::try_lock`]: `flock` on Unix, `LockFileEx` on Windows; on NFS, Linux maps it to a
/// server-side lock, so runs on different hosts exclude each other). It replaces a pid file
/// whose holder was judged alive from `/proc` — which took over the live lock of a run on
/// another host of a cluster, whose pid is not in this host's `/proc`. The file's contents
/// (pid, start time) only name the holder in the message. A file system without locks
/// (`Unsupported`) runs unlocked rather than not at all.
///
/// # Errors
///
/// [`OutDirError::Locked`] when another run holds the folder, [`OutDirError::NotADirectory`]
/// when `dir` is a file, [`OutDirError::Io`] naming the path of a failed file operation.
pub fn lock_and_sweep(dir: &Path) -> Result<OutDirLock, OutDirError> {
    if dir.exists() && !dir.is_dir() {
        return Err(OutDirError::NotADirectory {
            path: dir.to_owned(),
        });
    }
    fs::create_dir_all(dir).map_err(io_at(dir))?;
    let path = dir.join(LOCK_FILE);
    // A few attempts: a holder that releases between our open and our lock removes the
    // file we opened.
    for _ in 0..LOCK_ATTEMPTS {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io_at(&path))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let text = fs::read_to_string(&path).unwrap_or_default();
                let h = Holder::parse(&text).unwrap_or(Holder { pid: 0, started: 0 });
                return Err(OutDirError::Locked {
                    dir: dir.to_owned(),
                    lock: path,
                    pid: h.pid,
                    started: h.started,
                });
            }
            Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {}
            Err(TryLockError::Error(e)) => return Err(io_at(&path)(e)),
        }
        if !still_at(&file, &path) {
            continue;
        }
        let mut lock = OutDirLock { path, file };
        lock.file.set_len(0).map_err(io_at(&lock.path))?;
        lock.file
            .write_all(Holder::me().render().as_bytes())
            .and_then(|()| lock.file.sync_all())
            .map_err(io_at(&lock.path))?;
        sweep_stale_temps(dir).map_err(io_at(dir))?;
        return Ok(lock);
    }
    Err(io_at(&path)(io::Error::other(
        "the lock file kept being replaced while taking it",
    )))
}

/// Attempts at taking the lock while its file is being replaced.
const LOCK_ATTEMPTS: usize = 8;

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
///
/// # Errors
///
/// The system's error when a folder cannot be listed or a temporary file cannot be removed.
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
    fn lock_refuses_a_live_holder_and_takes_over_a_released_one() {
        let dir = tempfile::tempdir().unwrap();
        // A live holder: another open file description holding the kernel lock.
        let path = dir.path().join(LOCK_FILE);
        let other = OpenOptions::new()
            .create(true)
            .truncate(true)
            .write(true)
            .open(&path)
            .unwrap();
        other.try_lock().unwrap();
        fs::write(
            &path,
            Holder {
                pid: 1,
                started: 42,
            }
            .render(),
        )
        .unwrap();
        let e = lock_and_sweep(dir.path()).unwrap_err().to_string();
        assert!(e.contains("pid 1, started 42"), "{e}");
        // Released (its process ended: the file stays, unlocked): taken over, and the stale
        // temporary files are swept at any depth up to report/stage/.
        drop(other);
        let deep = dir.path().join("report/contact");
        fs::create_dir_all(&deep).unwrap();
        fs::write(dir.path().join(".tables.tmp-999999.bin"), b"x").unwrap();
        fs::write(deep.join(".sweep.tmp-999999.csv"), b"x").unwrap();
        fs::write(deep.join("sweep.csv"), b"keep").unwrap();
        let lock = lock_and_sweep(dir.path()).unwrap();
        assert!(!dir.path().join(".tables.tmp-999999.bin").exists());
        assert!(!deep.join(".sweep.tmp-999999.csv").exists());
        assert!(deep.join("sweep.csv").exists());
        let held = fs::read_to_string(&path).unwrap();
        assert_eq!(Holder::parse(&held).unwrap().pid, std::process::id());
        // A second lock of the same folder, even from this process, is refused.
        assert!(lock_and_sweep(dir.path()).is_err());
        drop(lock);
        assert!(!path.exists());
        drop(lock_and_sweep(dir.path()).unwrap());
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
