//! Atomic writes: a temporary file in the target's folder, flushed and synced, then renamed
//! over the target. A killed run never leaves a partial output file.
//!
//! **Output path policy** (issue 32; every file the calibrator writes goes through here, so it
//! holds for every command and every user-named output path):
//! - an existing directory, device node, FIFO or socket is **refused** (a rename would replace
//!   the device node or FIFO with a regular file; as root, `-o /dev/full` turned the device
//!   into a 9.5 kB file): the error names the path and what it is;
//! - a **symlink is followed**: the file it points to is replaced atomically (temporary file
//!   in the target's folder), the link stays a link to it. A dangling link or a link to
//!   anything but a regular file is refused.
//!
//! Every committed write is also recorded in the output folder's manifest when the command
//! keeps one ([`super::manifest`]: the next run into the folder removes exactly these files).

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Temporary path next to `path`, keeping its extension last (some writers pick the format
/// from the extension): `dir/.name.tmp-<pid>.<ext>`.
pub fn temp_path_for(path: &Path) -> PathBuf {
    let dir = path.parent().unwrap_or_else(|| Path::new(""));
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    dir.join(format!(".{stem}.tmp-{}{ext}", std::process::id()))
}

/// The file a write to `path` replaces (module docs: the output path policy): `path` itself
/// when it does not exist or is a regular file, the symlink's target when it is a link to a
/// regular file (or to nothing yet in an existing folder); an error naming the path otherwise.
///
/// # Errors
///
/// [`io::ErrorKind::InvalidInput`] naming `path` when it is a directory, a device, a FIFO or a
/// socket, or a symlink to a missing file or folder; the system's error when its metadata cannot be
/// read.
pub fn output_target(path: &Path) -> io::Result<PathBuf> {
    let refuse = |what: &str| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "output path {} is {what}, not a regular file: refusing to replace it",
                path.display()
            ),
        )
    };
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(e),
    };
    let (target, meta) = if meta.file_type().is_symlink() {
        let target =
            fs::canonicalize(path).map_err(|_| refuse("a symlink to a missing file or folder"))?;
        let meta = fs::metadata(&target)?;
        (target, meta)
    } else {
        (path.to_path_buf(), meta)
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(target);
    }
    Err(refuse(if kind.is_dir() {
        "a directory"
    } else {
        special_kind(&kind)
    }))
}

/// Checks, without changing anything, that a later [`write_atomic`] to `path` can succeed: the
/// path passes the output policy ([`output_target`]) and a temporary file can be created (and is
/// removed again) in the target's folder. For outputs written only after a long run (`--into-table`
/// of `third-body sweep` and `fretting wear`), so that a read-only or missing folder is refused
/// before the simulation, not after it.
///
/// # Errors
/// The policy's refusal, or the error of creating the temporary file, naming `path`.
pub fn check_writable(path: &Path) -> io::Result<()> {
    let target = output_target(path)?;
    let tmp = temp_path_for(&target);
    match File::create(&tmp) {
        Ok(_) => fs::remove_file(&tmp),
        Err(e) => Err(io::Error::new(
            e.kind(),
            format!("cannot write {}: {e}", path.display()),
        )),
    }
}

#[cfg(unix)]
fn special_kind(kind: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_block_device() || kind.is_char_device() {
        "a device"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &fs::FileType) -> &'static str {
    "not a regular file"
}

/// Writes `bytes` to `path` atomically, creating parent folders.
///
/// # Errors
///
/// As [`write_atomic_with`].
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Writes to `path` atomically through a buffered writer handed to `fill`.
///
/// # Errors
///
/// The refusals of [`output_target`] (a directory, device, FIFO, socket or dangling symlink at
/// `path`); the system's error, with `path` in its message, when the parent folders, the temporary
/// file, `fill`, the sync or the rename fail (the temporary file is removed).
pub fn write_atomic_with<F>(path: &Path, fill: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let shown = path;
    let path = &output_target(path)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let tmp = temp_path_for(path);
    let result = (|| {
        let mut w = BufWriter::new(File::create(&tmp)?);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    } else {
        super::manifest::record(shown);
    }
    result.map_err(|e| io::Error::new(e.kind(), format!("writing {}: {e}", shown.display())))
}

/// Renames a finished temporary file (see [`temp_path_for`]) over `path`, or removes it if
/// `ok` is false.
///
/// # Errors
///
/// When `ok`: the refusals of [`output_target`] or the rename's system error (the temporary file is
/// then removed). Never when `ok` is false.
pub fn commit_temp(tmp: &Path, path: &Path, ok: bool) -> io::Result<()> {
    if ok {
        match output_target(path) {
            Ok(target) => fs::rename(tmp, target).map(|()| super::manifest::record(path)),
            Err(e) => {
                let _ = fs::remove_file(tmp);
                Err(e)
            }
        }
    } else {
        let _ = fs::remove_file(tmp);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn devices_fifos_and_folders_are_refused_and_symlinks_followed() {
        let dir = tempfile::tempdir().unwrap();
        let err = write_atomic(dir.path(), b"x").unwrap_err();
        assert!(err.to_string().contains("is a directory"), "{err}");
        let err = write_atomic(Path::new("/dev/null"), b"x").unwrap_err();
        assert!(err.to_string().contains("is a device"), "{err}");
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = write_atomic(&fifo, b"x").unwrap_err();
            assert!(err.to_string().contains("a FIFO"), "{err}");
        }
        let target = dir.path().join("target.csv");
        fs::write(&target, b"old").unwrap();
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&target).unwrap(), b"new");
        let dangling = dir.path().join("dangling.csv");
        std::os::unix::fs::symlink(dir.path().join("missing/x.csv"), &dangling).unwrap();
        assert!(write_atomic(&dangling, b"x").is_err());
    }

    #[test]
    fn writes_and_replaces_without_leftovers() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub/out.csv");
        write_atomic(&p, b"first").unwrap();
        write_atomic(&p, b"second").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(p.parent().unwrap()).unwrap().collect();
        assert_eq!(names.len(), 1, "temporary file left behind");
    }

    #[test]
    fn failed_fill_leaves_old_file_intact() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.bin");
        write_atomic(&p, b"good").unwrap();
        let err = write_atomic_with(&p, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("killed"))
        });
        assert!(err.is_err());
        assert_eq!(fs::read(&p).unwrap(), b"good");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn writability_is_checked_without_leaving_anything() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.bin");
        std::fs::write(&path, b"old").unwrap();
        check_writable(&path).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(check_writable(dir.path()).is_err());
        assert!(check_writable(&dir.path().join("missing/t.bin")).is_err());
    }
}
