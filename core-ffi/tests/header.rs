//! `include/tribo.h` is what cbindgen generates from the sources now: a changed signature,
//! struct or constant without a regenerated header fails here. `TRIBO_BLESS=1` rewrites it.

use std::path::Path;

#[test]
fn checked_in_header_is_what_cbindgen_generates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen parses the crate")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8 header");
    let path = dir.join("include/tribo.h");
    if std::env::var_os("TRIBO_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("writing include/tribo.h");
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "core-ffi/include/tribo.h is stale: run `TRIBO_BLESS=1 cargo test -p tribo-core-ffi --test header`"
    );
    // The header declares every entry point and the status codes the C example relies on.
    for name in [
        "tribo_abi_version",
        "tribo_model_init",
        "tribo_point_step",
        "tribo_point_reset",
        "tribo_model_info",
        "tribo_mu",
        "tribo_beta_thres",
        "tribo_node_step",
        "tribo_node_reset",
        "tribo_status_name",
        "TRIBO_STATUS_OK = 0",
        "TRIBO_STATUS_CRC_MISMATCH = 13",
        "tribo_model_alpha_sample",
        "TRIBO_STATUS_WARNING_MU_REACHES_ZERO = 50",
        "TRIBO_MODEL_WORDS 384",
        "TRIBO_ABI_VERSION 3",
        "TRIBO_UNITS_MM_TONNE_S 1",
    ] {
        assert!(generated.contains(name), "{name} missing from the header");
    }
}

/// The system libraries a static link needs (`cargo rustc -- --print native-static-libs`),
/// written once: the header, the Fortran module, docs/fe_export.md and .ci/run must all
/// carry this exact line.
const LINK_LINE: &str = "libtribo_core_ffi.a -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc";

#[test]
fn the_header_comments_are_plain_c_and_the_link_line_is_one() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read =
        |p: &str| std::fs::read_to_string(dir.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let header = read("include/tribo.h");
    // Rustdoc markup must not leak into C: unit escapes like \[Pa\], intra-doc links.
    for leak in ["\\[", "\\]", "[`", "`]"] {
        let line = header.lines().find(|l| l.contains(leak));
        assert!(
            line.is_none(),
            "rustdoc markup {leak:?} in tribo.h: {line:?}"
        );
    }
    assert!(
        header.contains(&format!(" * Link: {LINK_LINE}")),
        "tribo.h link line"
    );
    assert!(read("include/tribo.f90").contains(&format!("! Link: {LINK_LINE}")));
    assert!(
        read("../docs/fe_export.md").contains(LINK_LINE),
        "docs/fe_export.md"
    );
    let ci = read("../.ci/run");
    assert!(
        ci.matches(LINK_LINE).count() >= 2,
        ".ci/run builds C and Fortran with it"
    );
}
