//! The checks of the files a run reads and writes, named by their flag (issue 46 item 3):
//!
//! - **inputs** ([`check_input`]): a directory or a device given where a file is read is
//!   refused, naming the flag. A pipe or FIFO is read as a stream (`--config <(…)` is a pipe:
//!   it keeps working, and a FIFO without a writer blocks as any Unix reader does);
//! - **output files** ([`check_output_file`]): a directory, device, FIFO or socket is refused
//!   (a FIFO without a reader blocked the run for ever while it held the `--out` lock), and so
//!   is an output that is one of the run's own inputs, compared by device and inode so that a
//!   second name, a `./` or a symlink is caught (`tribo export --table t.bin --format csv -o
//!   t.bin` replaced the table with CSV and exited 0). The one exception is the process's own
//!   standard output ([`is_stdout`]: `-o -`, `-o /dev/stdout`, `/dev/fd/1`), which the shell
//!   opened already and the writer writes as a stream (issue 45: `-o /dev/stdout` was refused);
//!   it is still refused when it is one of the inputs (`-o /dev/stdout >> t.bin`);
//! - **output folders** ([`check_output_dir`]): not a file, and not holding an input that the
//!   folder's manifest would remove (the lock and the manifest itself are taken by the caller:
//!   `commands::outputs` composes them, for every `--out`, `--report` and `man --out`).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

/// A refused input or output path.
#[derive(Debug, Error)]
pub enum PathError {
    /// An input that is not a file or a stream.
    #[error("{flag} {}: is {what}; a file is read here (a pipe or FIFO is read as a stream)", path.display())]
    NotAFile {
        /// The flag or variable.
        flag: String,
        /// The path.
        path: PathBuf,
        /// What it is.
        what: &'static str,
    },
    /// An output that is not a regular file (or nothing yet).
    #[error("{flag} {}: is {what}, not a regular file: refusing to write there", path.display())]
    BadOutput {
        /// The flag or variable.
        flag: String,
        /// The path.
        path: PathBuf,
        /// What it is.
        what: &'static str,
    },
    /// An output folder that exists as something else (a file, a device, a FIFO).
    #[error("{flag} {}: is {what}, not a folder: refusing to write there", path.display())]
    NotAFolder {
        /// The flag or variable.
        flag: String,
        /// The path.
        path: PathBuf,
        /// What it is.
        what: &'static str,
    },
    /// An output that is one of the run's inputs.
    #[error(
        "{flag} {}: is the same file as the input {input} {}; refusing to overwrite an input — \
         choose another output path",
        path.display(), input_path.display()
    )]
    SameAsInput {
        /// The output's flag.
        flag: String,
        /// The output path.
        path: PathBuf,
        /// The input's flag.
        input: String,
        /// The input path.
        input_path: PathBuf,
    },
    /// An output folder whose previous run's files include an input of this run.
    #[error(
        "{flag} {}: this run would first remove the previous run's files there, among them the \
         input {input} {}; copy it elsewhere or choose another folder",
        dir.display(), input_path.display()
    )]
    InputInFolder {
        /// The folder's flag.
        flag: String,
        /// The folder.
        dir: PathBuf,
        /// The input's flag.
        input: String,
        /// The input path.
        input_path: PathBuf,
    },
    /// An I/O error reading a path's metadata.
    #[error("{flag} {}: {error}", path.display())]
    Io {
        /// The flag.
        flag: String,
        /// The path.
        path: PathBuf,
        /// The OS error.
        error: io::Error,
    },
}

/// One input file of a run: its flag and path.
#[derive(Clone, Debug)]
pub struct Input {
    /// The flag, positional name or variable.
    pub flag: String,
    /// The path as given.
    pub path: PathBuf,
}

/// What a non-regular file type is, for messages.
fn kind_name(meta: &fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_block_device() || kind.is_char_device() {
            return "a device";
        }
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

#[cfg(unix)]
fn is_fifo(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    meta.file_type().is_fifo()
}

#[cfg(not(unix))]
fn is_fifo(_: &fs::Metadata) -> bool {
    false
}

/// The (device, inode) identity of a file (following symlinks), `None` when it does not
/// exist or has no identity.
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity(path: &Path) -> Option<PathBuf> {
    fs::canonicalize(path).ok()
}

/// The (device, inode) identity of this process's standard output, `None` when it is closed.
#[cfg(unix)]
fn stdout_identity() -> Option<(u64, u64)> {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let fd = io::stdout().as_fd().try_clone_to_owned().ok()?;
    fs::File::from(fd)
        .metadata()
        .ok()
        .map(|m| (m.dev(), m.ino()))
}

/// The names under which a user gives standard output as an output path (Unix).
#[cfg(unix)]
const STDOUT_NAMES: [&str; 3] = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"];

/// Whether an output path names this process's standard output: `-`, or (Unix) one of
/// `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1` while it is file descriptor 1. Such an output
/// is written as a stream, never replaced by a rename. The test is by name: another path to
/// the same file (`-o /dev/null` while stdout goes to /dev/null) is an ordinary output, refused
/// or written by the same rules whatever the shell redirected (probe, stop 48).
#[must_use]
pub fn is_stdout(path: &Path) -> bool {
    if path.as_os_str() == "-" {
        return true;
    }
    #[cfg(unix)]
    {
        STDOUT_NAMES.iter().any(|n| path.as_os_str() == *n)
            && stdout_identity().is_some_and(|me| identity(path) == Some(me))
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Checks an input path given with `flag`: a regular file or a stream (pipe, FIFO). A missing
/// path is left to the reader, whose error names it.
///
/// # Errors
/// [`PathError::NotAFile`] naming the flag for a directory, a device or a socket.
pub fn check_input(flag: &str, path: &Path) -> Result<(), PathError> {
    match fs::metadata(path) {
        Ok(m) if m.is_file() || is_fifo(&m) => Ok(()),
        Ok(m) => Err(PathError::NotAFile {
            flag: flag.to_owned(),
            path: path.to_owned(),
            what: kind_name(&m),
        }),
        Err(_) => Ok(()),
    }
}

/// Checks an output file given with `flag` against the output policy and the run's `inputs`.
/// A symlink to a regular file is fine (the file it points to is replaced atomically); a missing
/// path is fine; the process's standard output ([`is_stdout`]) is a stream of any kind.
///
/// # Errors
/// [`PathError::BadOutput`] for a directory, device, FIFO or socket other than standard output;
/// [`PathError::SameAsInput`] when it is (by device and inode) one of `inputs`.
pub fn check_output_file(flag: &str, path: &Path, inputs: &[Input]) -> Result<(), PathError> {
    if path.as_os_str() == "-" {
        return Ok(());
    }
    let stream = is_stdout(path);
    match fs::metadata(path) {
        Ok(m) if !m.is_file() && !stream => {
            return Err(PathError::BadOutput {
                flag: flag.to_owned(),
                path: path.to_owned(),
                what: kind_name(&m),
            });
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => {
            return Err(PathError::Io {
                flag: flag.to_owned(),
                path: path.to_owned(),
                error,
            });
        }
    }
    let me = identity(path);
    match inputs
        .iter()
        .find(|i| me.is_some() && identity(&i.path) == me)
    {
        Some(i) => Err(PathError::SameAsInput {
            flag: flag.to_owned(),
            path: path.to_owned(),
            input: i.flag.clone(),
            input_path: i.path.clone(),
        }),
        None => Ok(()),
    }
}

/// Checks an output folder given with `flag`: not an existing non-folder, and none of
/// `inputs` among the files its manifest (`manifest_file`, relative to the folder) lists, which
/// the run removes before it writes.
///
/// # Errors
/// [`PathError::NotAFolder`] for a path that exists and is not a folder;
/// [`PathError::InputInFolder`] naming the input the manifest would remove.
pub fn check_output_dir(
    flag: &str,
    dir: &Path,
    manifest_file: &str,
    inputs: &[Input],
) -> Result<(), PathError> {
    match fs::metadata(dir) {
        Ok(m) if !m.is_dir() => {
            return Err(PathError::NotAFolder {
                flag: flag.to_owned(),
                path: dir.to_owned(),
                what: if m.is_file() { "a file" } else { kind_name(&m) },
            });
        }
        Ok(_) => {}
        Err(_) => return Ok(()),
    }
    let Ok(listed) = fs::read_to_string(dir.join(manifest_file)) else {
        return Ok(());
    };
    let doomed: Vec<_> = listed
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .filter_map(|l| identity(&dir.join(l)))
        .collect();
    match inputs
        .iter()
        .find(|i| identity(&i.path).is_some_and(|id| doomed.contains(&id)))
    {
        Some(i) => Err(PathError::InputInFolder {
            flag: flag.to_owned(),
            dir: dir.to_owned(),
            input: i.flag.clone(),
            input_path: i.path.clone(),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(flag: &str, path: &Path) -> Input {
        Input {
            flag: flag.into(),
            path: path.into(),
        }
    }

    #[test]
    fn an_output_that_is_an_input_is_refused_by_identity() {
        let dir = tempfile::tempdir().unwrap();
        let t = dir.path().join("t.bin");
        fs::write(&t, b"table").unwrap();
        let inputs = [input("--table", &t)];
        // The same file under another spelling.
        let other = dir.path().join(".").join("t.bin");
        let e = check_output_file("-o", &other, &inputs).unwrap_err();
        assert!(matches!(e, PathError::SameAsInput { .. }), "{e}");
        assert!(e.to_string().contains("--table"), "{e}");
        #[cfg(unix)]
        {
            let link = dir.path().join("link.bin");
            std::os::unix::fs::symlink(&t, &link).unwrap();
            assert!(check_output_file("-o", &link, &inputs).is_err());
        }
        check_output_file("-o", &dir.path().join("new.csv"), &inputs).unwrap();
        fs::write(dir.path().join("old.csv"), b"x").unwrap();
        check_output_file("-o", &dir.path().join("old.csv"), &inputs).unwrap();
        assert_eq!(fs::read(&t).unwrap(), b"table");
    }

    #[test]
    fn folders_and_devices_are_not_input_files_but_fifos_are_streams() {
        let dir = tempfile::tempdir().unwrap();
        let e = check_input("--config", dir.path()).unwrap_err().to_string();
        assert!(
            e.starts_with("--config ") && e.contains("is a directory"),
            "{e}"
        );
        #[cfg(unix)]
        {
            let e = check_input("--table", Path::new("/dev/null")).unwrap_err();
            assert!(e.to_string().contains("is a device"), "{e}");
            let fifo = dir.path().join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                check_input("--config", &fifo).unwrap();
                let e = check_output_file("-o", &fifo, &[]).unwrap_err();
                assert!(e.to_string().contains("is a FIFO"), "{e}");
            }
        }
        check_input("--config", &dir.path().join("missing.toml")).unwrap();
    }

    #[test]
    fn standard_output_is_a_stream_and_other_names_are_not() {
        assert!(is_stdout(Path::new("-")));
        check_output_file("-o", Path::new("-"), &[]).unwrap();
        let dir = tempfile::tempdir().unwrap();
        assert!(!is_stdout(&dir.path().join("new.csv")));
        assert!(!is_stdout(dir.path()));
        // Not by identity: /dev/null is never standard output by name, even when the shell
        // sent stdout there.
        assert!(!is_stdout(Path::new("/dev/null")));
        #[cfg(unix)]
        if stdout_identity().is_some() && Path::new("/dev/stdout").exists() {
            // Whatever the test harness's stdout is (a pipe, a file, a terminal).
            assert!(is_stdout(Path::new("/dev/stdout")));
            check_output_file("-o", Path::new("/dev/stdout"), &[]).unwrap();
        }
    }

    #[test]
    fn a_folder_whose_manifest_lists_an_input_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let t = dir.path().join("tables.bin");
        fs::write(&t, b"table").unwrap();
        fs::write(dir.path().join(".m"), "tables.bin\n").unwrap();
        let e = check_output_dir("--report", dir.path(), ".m", &[input("FILE", &t)]);
        assert!(matches!(e, Err(PathError::InputInFolder { .. })), "{e:?}");
        check_output_dir("--report", dir.path(), ".m", &[]).unwrap();
        let e = check_output_dir("--out", &t, ".m", &[])
            .unwrap_err()
            .to_string();
        assert!(e.contains("a file, not a folder"), "{e}");
    }
}
