//! Stamps the binary with the source it was built from (`TRIBO_BUILD`): the git commit, with
//! `-dirty` when tracked files differ from it, or `unknown` outside a git checkout. A resumed
//! or merged calibration refuses case files computed by another build
//! (`pipeline::run_record::BUILD`), because the physics may have changed between commits
//! without a version bump.

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn main() {
    let build = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(commit) if !commit.is_empty() => {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty {
                format!("{commit}-dirty")
            } else {
                commit
            }
        }
        _ => "unknown".to_owned(),
    };
    println!("cargo:rustc-env=TRIBO_BUILD={build}");
    // Rerun when the commit or the working tree changes: the git files that move on a commit,
    // checkout or staging, and the sources of the calibrator and of the core it links.
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        let dir = PathBuf::from(dir);
        for f in ["HEAD", "index", "logs/HEAD"] {
            println!("cargo:rerun-if-changed={}", dir.join(f).display());
        }
    }
    for d in ["src", "../core/src", "Cargo.toml", "../Cargo.lock"] {
        println!("cargo:rerun-if-changed={d}");
    }
}
