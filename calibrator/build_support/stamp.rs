//! The build stamp (`TRIBO_BUILD`) and the files cargo must watch for it, shared by
//! `calibrator/build.rs` and its test (`calibrator/tests/build_stamp.rs`).
//!
//! The stamp is the commit of `HEAD` (12 hex digits), with `-dirty` when a tracked file the
//! binary is built from ([`BUILT_FROM`]: the calibrator, the core, the workspace manifest and
//! lock file) differs from that commit, or `unknown` outside a git checkout. Documentation,
//! scripts and other crates do not enter the binary, so they do not make it dirty.
//!
//! Watched (DESIGN.md "Run-time dependence on git"): `HEAD`, the branch it points to (loose and
//! packed refs) and every tracked file of [`BUILT_FROM`]. Never `.git/index`: `git status` and
//! `git diff` rewrite it without changing anything the stamp depends on, and a rerun of the
//! build script recompiles the calibrator (minutes on 2 cores).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The paths, relative to the workspace root, whose tracked files the binary is built from.
pub const BUILT_FROM: [&str; 4] = ["calibrator", "core", "Cargo.toml", "Cargo.lock"];

/// Runs `git args` in `dir`; its trimmed stdout on success.
pub fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .current_dir(dir)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// The stamp and the files to watch, for the checkout whose workspace root is `root`.
pub fn stamp(root: &Path) -> (String, Vec<PathBuf>) {
    let Some(commit) = git(root, &["rev-parse", "--short=12", "HEAD"]).filter(|c| !c.is_empty())
    else {
        return ("unknown".to_owned(), Vec::new());
    };
    let mut status = vec!["status", "--porcelain", "--untracked-files=no", "--"];
    status.extend(BUILT_FROM);
    let dirty = git(root, &status).is_some_and(|s| !s.is_empty());
    let mut watch = Vec::new();
    let mut git_path = |p: &str| {
        // Only existing files: cargo reruns on every build for a missing one (a ref that lives
        // only in packed-refs has no loose file; packing deletes it, which reruns once).
        if let Some(path) = git(root, &["rev-parse", "--git-path", p])
            .map(|p| root.join(p))
            .filter(|path| path.exists())
        {
            watch.push(path);
        }
    };
    git_path("HEAD");
    git_path("packed-refs");
    if let Some(branch) = git(root, &["symbolic-ref", "-q", "HEAD"]) {
        git_path(&branch);
    }
    let mut files = vec!["ls-files", "-z", "--"];
    files.extend(BUILT_FROM);
    if let Some(list) = git(root, &files) {
        // A tracked file deleted in the working tree cannot be watched (cargo would rerun on
        // every build): its folder is watched instead, where a restored file reappears.
        for f in list.split('\0').filter(|f| !f.is_empty()) {
            let path = root.join(f);
            if path.exists() {
                watch.push(path);
            } else if let Some(dir) = path.parent() {
                watch.push(dir.to_path_buf());
            }
        }
    }
    watch.sort();
    watch.dedup();
    let stamp = if dirty {
        format!("{commit}-dirty")
    } else {
        commit
    };
    (stamp, watch)
}
