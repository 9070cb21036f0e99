//! The one file error of the calibrator: what was being done, to which file or folder, and the
//! OS error. Every error enum that reads or writes files holds it as one variant
//! (`#[error(transparent)] Io(#[from] FileError)`) instead of writing the three fields again.
//!
//! Its message is `{action} {path}` and the OS error is its [`std::error::Error::source`], so
//! the binary's `{:#}` prints `writing out/x.csv: Permission denied (os error 13)` once, and a
//! library caller that wants the text calls [`crate::error_chain::chain`].

use std::io;
use std::path::{Path, PathBuf};

/// A file or folder that could not be created, read, written or listed.
#[derive(Debug, thiserror::Error)]
#[error("{action} {}", path.display())]
pub struct FileError {
    /// What was being done (`creating`, `reading`, `writing`, `listing the report folder`).
    pub action: &'static str,
    /// The file or folder.
    pub path: PathBuf,
    /// The OS error.
    #[source]
    pub source: io::Error,
}

impl FileError {
    /// An OS error while `action` on `path`.
    pub fn new(action: &'static str, path: impl Into<PathBuf>, source: io::Error) -> Self {
        Self {
            action,
            path: path.into(),
            source,
        }
    }

    /// A `map_err` adapter: the OS error of `action` on `path`.
    pub fn at<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> Self + 'a {
        move |source| Self::new(action, path, source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_names_action_and_path_and_the_chain_adds_the_os_error() {
        let e = FileError::new("writing", "/x/y.csv", io::Error::other("read-only"));
        assert_eq!(e.to_string(), "writing /x/y.csv");
        assert_eq!(crate::error_chain::chain(&e), "writing /x/y.csv: read-only");
    }
}
