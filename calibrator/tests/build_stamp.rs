//! The build stamp of `calibrator/build.rs` (issue 45): correct for clean and dirty trees, and
//! `git status` / `git diff` change nothing cargo watches for it (no spurious rebuild).

#[path = "../build_support/stamp.rs"]
#[allow(dead_code)]
mod stamp;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

fn git(dir: &Path, args: &[&str]) {
    let ok = std::process::Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .output()
        .unwrap()
        .status
        .success();
    assert!(ok, "git {args:?}");
}

/// The watched files' modification times: cargo reruns the build script when one moves.
fn mtimes(watch: &[PathBuf]) -> Vec<(PathBuf, SystemTime)> {
    watch
        .iter()
        .map(|p| (p.clone(), fs::metadata(p).unwrap().modified().unwrap()))
        .collect()
}

#[test]
fn stamp_follows_head_and_dirty_sources_and_ignores_the_index() {
    if stamp::git(Path::new("."), &["--version"]).is_none() {
        eprintln!("git is not installed: nothing to test");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    assert_eq!(stamp::stamp(root).0, "unknown", "outside a checkout");
    git(root, &["init", "-q", "-b", "main"]);
    fs::create_dir_all(root.join("calibrator/src")).unwrap();
    fs::create_dir_all(root.join("docs")).unwrap();
    fs::write(root.join("calibrator/src/lib.rs"), "// v1\n").unwrap();
    fs::write(root.join("Cargo.toml"), "[workspace]\n").unwrap();
    fs::write(root.join("docs/notes.md"), "notes\n").unwrap();
    git(root, &["add", "-A"]);
    git(root, &["commit", "-q", "-m", "one"]);
    let head = stamp::git(root, &["rev-parse", "--short=12", "HEAD"]).unwrap();

    let (clean, watch) = stamp::stamp(root);
    assert_eq!(clean, head, "a clean tree is the bare commit");
    assert!(
        watch.iter().any(|p| p.ends_with("HEAD")) && watch.iter().any(|p| p.ends_with("main")),
        "HEAD and the branch are watched: {watch:?}"
    );
    assert!(
        watch.iter().any(|p| p.ends_with("calibrator/src/lib.rs")),
        "the sources are watched: {watch:?}"
    );
    assert!(
        !watch.iter().any(|p| p.ends_with("index")),
        "the index is not watched: {watch:?}"
    );

    // A documentation change does not enter the binary: still clean.
    fs::write(root.join("docs/notes.md"), "more notes\n").unwrap();
    assert_eq!(stamp::stamp(root).0, head);

    // A source change makes it dirty, staged or not.
    fs::write(root.join("calibrator/src/lib.rs"), "// v2\n").unwrap();
    assert_eq!(stamp::stamp(root).0, format!("{head}-dirty"));
    let before = mtimes(&watch);
    git(root, &["status", "--porcelain"]);
    let _ = stamp::git(root, &["diff"]);
    assert_eq!(
        mtimes(&watch),
        before,
        "git status / git diff moved a watched file"
    );
    git(root, &["add", "calibrator/src/lib.rs"]);
    assert_eq!(stamp::stamp(root).0, format!("{head}-dirty"), "staged");

    // A commit moves the branch: the new commit, clean again.
    git(root, &["commit", "-q", "-m", "two"]);
    let (after, _) = stamp::stamp(root);
    assert_ne!(after, head);
    assert!(!after.ends_with("-dirty"), "{after}");
}
