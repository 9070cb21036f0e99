//! The pipeline's refusals name what they refuse — the file, the case, the count (issue 18
//! item 4: one typed [`PipelineError`], messages at least as informative as the untyped
//! contexts they replace). None of these runs a BEM–DEM case: each refusal comes before.

use std::path::Path;

use crate::error_chain::chain;
use crate::pipeline::{Mode, Options, PipelineError, cases_dir, inspect, run};
use crate::presets::Preset;

fn options(out: &Path, mode: Mode) -> Options {
    let mut o = Options::full(out.to_path_buf(), Preset::Quick, Preset::Quick.config(), 0);
    o.mode = mode;
    o
}

#[test]
fn merge_refuses_a_corrupt_case_file_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    std::fs::create_dir_all(cases_dir(&out)).unwrap();
    let bad = cases_dir(&out).join("case-00000.json");
    std::fs::write(&bad, "{ not a case").unwrap();
    let e = run(&options(&out, Mode::Merge)).unwrap_err();
    assert!(
        matches!(&e, PipelineError::MergeRefused { refused } if refused.len() == 1),
        "{e:?}"
    );
    let msg = chain(&e);
    assert!(
        msg.starts_with("--merge refuses 1 case file(s) of another configuration"),
        "{msg}"
    );
    assert!(
        msg.contains(&format!(
            "parsing case file {} (written by another calibrator version?): ",
            bad.display()
        )),
        "{msg}"
    );
}

#[test]
fn merge_without_case_files_names_the_missing_cases_and_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let cases = crate::meso::cases::list_cases(&Preset::Quick.config()).len();
    let e = run(&options(&out, Mode::Merge)).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.starts_with(&format!(
            "{cases} of {cases} cases have no result in {}: cases 0-{}",
            cases_dir(&out).display(),
            cases - 1
        )),
        "{msg}"
    );
    assert!(msg.contains("--case 0"), "{msg}");
}

#[test]
fn a_case_index_beyond_the_list_names_the_list_length() {
    let dir = tempfile::tempdir().unwrap();
    let cases = crate::meso::cases::list_cases(&Preset::Quick.config()).len();
    let e = run(&options(dir.path(), Mode::RunCase(cases))).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "--case {cases} is out of range: this configuration has {cases} cases (0..{cases})"
        )
    );
}

#[test]
fn inspecting_a_missing_table_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missing.bin");
    let e = inspect::inspect(&path, inspect::InspectFormat::Text, None).unwrap_err();
    assert!(
        matches!(
            &e,
            PipelineError::Io(crate::io::FileError {
                action: "reading",
                ..
            })
        ),
        "{e:?}"
    );
    assert!(
        chain(&e).starts_with(&format!("reading {}: ", path.display())),
        "{}",
        chain(&e)
    );
}
