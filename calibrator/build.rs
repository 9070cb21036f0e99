//! Stamps the binary with the source it was built from (`TRIBO_BUILD`): the git commit, with
//! `-dirty` when a tracked source of the binary differs from it, or `unknown` outside a git
//! checkout (`build_support/stamp.rs`). A resumed or merged calibration refuses case files
//! computed by another build (`pipeline::run_record::BUILD`), because the physics may have
//! changed between commits without a version bump. `tribo --version` prints it.

use std::path::Path;

#[path = "build_support/stamp.rs"]
mod stamp;

fn main() {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default();
    let manifest = Path::new(&manifest);
    let root = manifest.parent().unwrap_or(manifest);
    let (build, watch) = stamp::stamp(root);
    println!("cargo::rustc-env=TRIBO_BUILD={build}");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=build_support/stamp.rs");
    for path in watch {
        println!("cargo::rerun-if-changed={}", path.display());
    }
}
