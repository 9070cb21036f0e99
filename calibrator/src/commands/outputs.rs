//! The one guard of a run's files (issue 46 item 3), taken in [`crate::cli::run`] before the
//! command starts, over the arguments of the innermost subcommand found by their ids (so a new
//! command or flag is covered without code of its own):
//!
//! - every path argument that is not an output is an **input**: a directory or device there is
//!   refused naming the flag ([`tribo_calibrator::validate::output::check_input`]); a pipe or
//!   FIFO is read as a stream (`--config <(…)`);
//! - `-o/--output FILE` and `TRIBO_FIGURE_AUDIT` are **output files**: a directory, device,
//!   FIFO or socket is refused, and so is one of the run's own inputs (device and inode); the
//!   process's own standard output (`-o -`, `-o /dev/stdout`) is a stream and written as one;
//! - `man --install PREFIX` and `completions --install PREFIX` are **install prefixes**: not a
//!   file, and not locked or given a manifest (a prefix such as `/usr/local` is shared by every
//!   package installed there; the pages and scripts are replaced file by file);
//! - `--out DIR`, `inspect --report DIR` and `man --out DIR` are **output folders**: refused if
//!   the previous run's manifest lists an input, then locked
//!   ([`tribo_calibrator::validate::out_dir::lock_and_sweep`]) and given a manifest
//!   ([`tribo_calibrator::report::manifest::begin`]: a non-empty folder of the user's is refused,
//!   and nothing in it is touched). `calibrate --out` keeps its own policy (its `report/`
//!   rebuilt whole, its `cases/` resumed, its own lock).
//!
//! Other helpers' commands call [`guard`] through `cli::run`; a command with an output of a
//! new kind adds its argument id to [`OUTPUT_FILES`] or [`OUTPUT_DIRS`].

use std::path::PathBuf;

use tribo_calibrator::report::manifest::{self, MANIFEST_FILE, ManifestGuard};
use tribo_calibrator::validate::out_dir::{self, OutDirLock};
use tribo_calibrator::validate::output::{self, Input};

/// Argument ids of output files.
pub const OUTPUT_FILES: [&str; 1] = ["output"];

/// Argument ids of output folders.
pub const OUTPUT_DIRS: [&str; 2] = ["out", "report"];

/// Argument ids of install prefixes (`--install PREFIX`).
pub const INSTALL_PREFIXES: [&str; 1] = ["install"];

/// Argument ids read and written in place (`--into-table`): inputs, never same-file refusals.
const IN_PLACE: [&str; 1] = ["into_table"];

/// The environment variable naming the figure-audit file (appended to by every figure).
pub const FIGURE_AUDIT_VAR: &str = "TRIBO_FIGURE_AUDIT";

/// The locks and manifests of a run's output folders, released when dropped.
#[derive(Debug)]
pub struct RunGuard {
    _folders: Vec<(OutDirLock, ManifestGuard)>,
}

/// How an argument is named in messages: `--long`, `-s`, or the positional's value name.
fn flag_name(cmd: &clap::Command, id: &str) -> String {
    let Some(arg) = cmd.get_arguments().find(|a| a.get_id() == id) else {
        return id.to_owned();
    };
    if let Some(long) = arg.get_long() {
        format!("--{long}")
    } else if let Some(short) = arg.get_short() {
        format!("-{short}")
    } else {
        arg.get_value_names()
            .and_then(|v| v.first())
            .map_or_else(|| id.to_uppercase(), ToString::to_string)
    }
}

/// Checks the inputs and outputs of the command line `args` (program name first) of the command
/// tree `root`, and takes the locks and manifests of its output folders. `own_out_policy`:
/// the command handles its `--out` itself (`calibrate`).
///
/// # Errors
/// The first refused input or output, naming its flag; a locked folder (naming the holder); a
/// foreign non-empty folder.
pub fn guard(
    root: clap::Command,
    args: impl IntoIterator<Item = std::ffi::OsString>,
    own_out_policy: bool,
) -> anyhow::Result<RunGuard> {
    let mut guard = RunGuard {
        _folders: Vec::new(),
    };
    let Ok(matches) = root.clone().try_get_matches_from(args) else {
        return Ok(guard);
    };
    // The innermost subcommand's matches and definition.
    let (mut m, mut cmd) = (&matches, &root);
    while let Some((name, sub)) = m.subcommand() {
        let Some(c) = cmd.find_subcommand(name) else {
            break;
        };
        (m, cmd) = (sub, c);
    }
    let paths = |id: &str| -> Vec<PathBuf> {
        m.try_get_many::<PathBuf>(id)
            .ok()
            .flatten()
            .map(|v| v.cloned().collect())
            .unwrap_or_default()
    };
    let mut inputs = Vec::new();
    for id in m.ids().map(|id| id.as_str().to_owned()) {
        if OUTPUT_FILES.contains(&id.as_str())
            || OUTPUT_DIRS.contains(&id.as_str())
            || INSTALL_PREFIXES.contains(&id.as_str())
        {
            continue;
        }
        let flag = flag_name(cmd, &id);
        for path in paths(&id) {
            output::check_input(&flag, &path)?;
            if !IN_PLACE.contains(&id.as_str()) {
                inputs.push(Input {
                    flag: flag.clone(),
                    path,
                });
            }
        }
    }
    for id in OUTPUT_FILES {
        for path in paths(id) {
            output::check_output_file(&flag_name(cmd, id), &path, &inputs)?;
        }
    }
    for id in INSTALL_PREFIXES {
        for prefix in paths(id) {
            output::check_output_dir(&flag_name(cmd, id), &prefix, MANIFEST_FILE, &inputs)?;
        }
    }
    if let Some(audit) = std::env::var_os(FIGURE_AUDIT_VAR) {
        output::check_output_file(FIGURE_AUDIT_VAR, &PathBuf::from(audit), &inputs)?;
    }
    for id in OUTPUT_DIRS {
        if own_out_policy && id == "out" {
            continue;
        }
        for dir in paths(id) {
            let flag = flag_name(cmd, id);
            output::check_output_dir(&flag, &dir, MANIFEST_FILE, &inputs)?;
            let lock = out_dir::lock_and_sweep(&dir)?;
            let recording = manifest::begin(&dir).map_err(|e| match e {
                // The manifest names `--out`; say which flag gave the folder.
                manifest::ManifestError::NotOurs { dir, entry } => anyhow::anyhow!(
                    "{flag} {}: the folder holds files that no tribo run listed (e.g. {}) and no \
                     {MANIFEST_FILE}; refusing to write into it so that nothing of yours is \
                     replaced or mixed with this run's files — choose an empty or new folder",
                    dir.display(),
                    entry.display()
                ),
                other => other.into(),
            })?;
            guard._folders.push((lock, recording));
        }
    }
    Ok(guard)
}
