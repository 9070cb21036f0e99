//! The manifest of an output folder: the files a run wrote into `--out`, so the next run into
//! the same folder removes exactly those before it writes its own (issue 32: a report folder
//! never mixes runs, and a folder of the user's is never wiped).
//!
//! **Policy** (every command that writes into `--out`, except `calibrate`, whose `report/` is
//! rebuilt whole and whose `cases/` are resumed by their own rules):
//! - the file `.tribo-manifest` in the folder lists, one per line, the paths (relative to the
//!   folder) of the files the last run wrote there. It is appended to as each file is
//!   committed ([`crate::report::atomic`] records every write), so a run that fails or is
//!   killed half-way still leaves the list of what it wrote;
//! - a new run first removes every file its manifest lists (a regular file or a symlink, never
//!   a folder, never a path outside the folder: absolute paths and `..` are skipped), then
//!   starts an empty manifest. A `--no-plots` rerun so leaves no figure of the earlier run;
//! - a folder that exists, holds anything but the lock and the manifest, and has **no**
//!   manifest is refused ([`ManifestError::NotOurs`]): it is the user's (`--out .`, a folder of
//!   results of an older version), and nothing in it is deleted or overwritten.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

use thiserror::Error;

/// Name of the manifest file inside the output folder.
pub const MANIFEST_FILE: &str = ".tribo-manifest";

/// Names a folder may hold besides its manifest and still count as empty: the output lock of
/// [`crate::validate::out_dir`] (held while the run starts).
const IGNORED: [&str; 2] = [MANIFEST_FILE, ".tribo.lock"];

/// Errors of the output manifest.
#[derive(Debug, Error)]
pub enum ManifestError {
    /// A non-empty folder without a manifest: not written by tribo, so not touched.
    #[error(
        "--out {}: the folder holds files that no tribo run listed (e.g. {}) and no {MANIFEST_FILE}; \
         refusing to write into it so that nothing of yours is replaced or mixed with this run's \
         report — choose an empty or new folder",
        dir.display(), entry.display()
    )]
    NotOurs {
        /// The output folder.
        dir: PathBuf,
        /// One entry found in it.
        entry: PathBuf,
    },
    /// An I/O error on a path of the folder.
    #[error("--out {}: {error}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// The OS error (in the message, not a `source`: printed once).
        error: io::Error,
    },
}

fn io_at(path: &Path) -> impl FnOnce(io::Error) -> ManifestError + '_ {
    move |error| ManifestError::Io {
        path: path.to_owned(),
        error,
    }
}

/// The open manifest of the running command: its folder and the file appended to.
struct Recording {
    dir: PathBuf,
    file: File,
}

/// The one recording of this process (the `tribo` binary runs one command); `None` in library
/// use and tests, where writes are not recorded.
static RECORDING: Mutex<Option<Recording>> = Mutex::new(None);

/// The recording of an output folder, ended when dropped.
#[derive(Debug)]
pub struct ManifestGuard {
    dir: PathBuf,
}

impl ManifestGuard {
    /// The output folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for ManifestGuard {
    fn drop(&mut self) {
        if let Ok(mut r) = RECORDING.lock() {
            *r = None;
        }
    }
}

/// Whether a manifest line is a path inside the folder (relative, no `..`, not empty).
fn inside(rel: &Path) -> bool {
    !rel.as_os_str().is_empty() && rel.components().all(|c| matches!(c, Component::Normal(_)))
}

/// Removes the files the manifest of `dir` lists; returns how many were removed.
fn remove_listed(dir: &Path, manifest: &Path) -> Result<usize, ManifestError> {
    let text = fs::read_to_string(manifest).map_err(io_at(manifest))?;
    let mut removed = 0;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let rel = Path::new(line);
        if !inside(rel) {
            continue;
        }
        let path = dir.join(rel);
        match fs::symlink_metadata(&path) {
            Ok(m) if m.is_file() || m.file_type().is_symlink() => {
                fs::remove_file(&path).map_err(io_at(&path))?;
                removed += 1;
            }
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_at(&path)(e)),
        }
    }
    Ok(removed)
}

/// Starts the recording of `dir` for this run (module docs: the policy): removes the files of
/// the previous run's manifest, or refuses a non-empty folder without one; then records every
/// file [`crate::report::atomic`] writes under `dir` until the guard is dropped. Call it under
/// the folder's lock ([`crate::validate::out_dir::lock_and_sweep`]).
///
/// # Errors
///
/// [`ManifestError::NotOurs`] for a non-empty folder without a manifest; [`ManifestError::Io`]
/// naming the path when a listed file cannot be removed or the manifest cannot be written.
pub fn begin(dir: &Path) -> Result<ManifestGuard, ManifestError> {
    fs::create_dir_all(dir).map_err(io_at(dir))?;
    let manifest = dir.join(MANIFEST_FILE);
    if manifest.is_file() {
        remove_listed(dir, &manifest)?;
    } else {
        let foreign = fs::read_dir(dir)
            .map_err(io_at(dir))?
            .filter_map(Result::ok)
            .map(|e| e.file_name())
            .find(|n| !IGNORED.iter().any(|i| n == *i));
        if let Some(entry) = foreign {
            return Err(ManifestError::NotOurs {
                dir: dir.to_owned(),
                entry: dir.join(entry),
            });
        }
    }
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&manifest)
        .map_err(io_at(&manifest))?;
    if let Ok(mut r) = RECORDING.lock() {
        *r = Some(Recording {
            dir: dir.to_owned(),
            file,
        });
    }
    Ok(ManifestGuard {
        dir: dir.to_owned(),
    })
}

/// Records a file just written at `path` (as the writer named it) when it lies under the
/// recorded folder. Best effort: a manifest that cannot be appended to leaves a file the next
/// run will not remove, never a failed run. Public for the writers that write a folder's files
/// themselves (`tribo man --out`: `clap_mangen::generate_to`).
pub fn record(path: &Path) {
    let Ok(mut guard) = RECORDING.lock() else {
        return;
    };
    let Some(r) = guard.as_mut() else {
        return;
    };
    if let Ok(rel) = path.strip_prefix(&r.dir)
        && inside(rel)
    {
        let _ = writeln!(r.file, "{}", rel.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_lines_outside_the_folder_are_never_followed() {
        assert!(inside(Path::new("report/a.csv")));
        assert!(!inside(Path::new("../a.csv")));
        assert!(!inside(Path::new("/etc/passwd")));
        assert!(!inside(Path::new("")));
        assert!(!inside(Path::new("a/../../b")));
    }

    #[test]
    fn listed_files_are_removed_and_others_kept() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::create_dir_all(d.join("plots")).unwrap();
        fs::write(d.join("plots/old.png"), b"x").unwrap();
        fs::write(d.join("keep.txt"), b"mine").unwrap();
        fs::write(
            d.join(MANIFEST_FILE),
            "plots/old.png\n../escape\n/abs\nplots\n",
        )
        .unwrap();
        assert_eq!(remove_listed(d, &d.join(MANIFEST_FILE)).unwrap(), 1);
        assert!(!d.join("plots/old.png").exists());
        assert!(d.join("keep.txt").exists());
        assert!(d.join("plots").is_dir());
    }

    #[test]
    fn a_folder_of_the_users_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("thesis.tex"), b"mine").unwrap();
        let e = begin(dir.path()).unwrap_err();
        assert!(matches!(e, ManifestError::NotOurs { .. }), "{e}");
        assert!(e.to_string().contains("--out"), "{e}");
        assert_eq!(fs::read(dir.path().join("thesis.tex")).unwrap(), b"mine");
        assert!(!dir.path().join(MANIFEST_FILE).exists());
    }
}
