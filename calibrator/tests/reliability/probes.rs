//! The command lines of issue 21 that panicked (101), aborted on allocation (134), ran
//! without bound or produced nonsense: each is now refused by the validation layer with the
//! flag or key, the value and the rule.

use super::{assert_refused, refused, tribo_in};

#[test]
fn sizes_beyond_the_memory_budget_are_refused_before_allocating() {
    refused(
        &[
            "contact",
            "--n",
            "32",
            "--k-s",
            "8",
            "--steps",
            "18446744073709551615",
        ],
        "--steps 18446744073709551615: the pressure sweep would need 1.2e21 B, above the \
         4 GiB budget (TRIBO_MEMORY_BUDGET)",
    );
    refused(
        &["contact", "--steps", "100000000"],
        "--steps 100000000: the pressure sweep would need 6.4e9 B",
    );
    refused(
        &["contact", "--n", "100000"],
        "--n 100000: the surface and its BEM arrays would need 1.3e12 B",
    );
    refused(
        &["asperity", "--steps-per-period", "100", "--loads", "1e15"],
        "--loads 1000000000000000: the junction population of this load would need",
    );
    refused(
        &["asperity", "--loads", "1e6"],
        "--loads 1000000: the junction population of this load would need",
    );
}

#[test]
fn config_sizes_beyond_the_budget_are_refused_by_every_command_that_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_owned()
    };
    let seeds = write("seeds.toml", "[sweep]\nseeds = 1000000000000000000\n");
    let grid = write("grid.toml", "[surface]\ngrid = 100000\n");
    let slide = write("slide.toml", "[sweep]\nslide_lengths = 1e12\n");
    for cmd in ["calibrate", "meso"] {
        let extra: &[&str] = if cmd == "calibrate" {
            &["--list-cases"]
        } else {
            &[]
        };
        for (file, needle) in [
            (
                &seeds,
                "sweep.seeds 1000000000000000000: the BEM–DEM case list would need",
            ),
            (
                &grid,
                "surface.grid 100000: the BEM–DEM surfaces would need 1.3e12 B",
            ),
            (
                &slide,
                "sweep.slide_lengths (× surface.grid³ cell-steps) 1000000000000: 1.7e19 BEM cell-steps of one case",
            ),
        ] {
            let mut args = vec![cmd, "--config", file.as_str(), "--out", "o"];
            args.extend_from_slice(extra);
            assert_refused(&tribo_in(dir.path(), &args), needle);
        }
    }
}

#[test]
fn unbounded_work_is_capped_with_a_clear_error() {
    refused(
        &["strip-draw", "--passes", "100000"],
        "--passes must be a whole number in 1..=20, got 100000",
    );
    refused(
        &["asperity", "--steps-per-period", "1e12"],
        "--steps-per-period must be in [100, 10000000], got 1000000000000",
    );
}

#[test]
fn nonsense_flags_are_refused_by_name_value_and_rule() {
    for v in ["NaN", "-1"] {
        refused(
            &["contact", &format!("--kappa-max-p-over-e={v}")],
            &format!("--kappa-max-p-over-e must be in (0, 1], got {v}"),
        );
    }
    refused(
        &["contact", "--tolerance", "10"],
        "--tolerance must be in (0, 1), got 10",
    );
    refused(
        &["random-field", "--max-nodes", "0"],
        "--max-nodes must be a whole number in 8..=4096, got 0",
    );
    refused(
        &["asperity", "--cmin", "2"],
        "--cmin must be in (0, 1), got 2",
    );
    refused(
        &["asperity", "--samples", "0"],
        "--samples must be a whole number in 2..=10000000, got 0",
    );
    refused(
        &["dem", "--max-tilt", "100deg"],
        "--max-tilt (rad, or with a unit: 5deg) must be in [0, 1.5707963267948966], got 1.74",
    );
    // The old degree flag (issue 35: the last non-SI field) names its replacement, with the
    // usage-error exit code 2 of every renamed flag (issue 33, `renamed_flags.rs`).
    let dir = tempfile::tempdir().unwrap();
    let out = tribo_in(dir.path(), &["dem", "--max-tilt-deg", "5"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("'--max-tilt-deg' of `tribo dem` was renamed: use --max-tilt"),
        "{stderr}"
    );
}

#[test]
fn duplicate_velocities_are_refused_at_validation_not_after_the_sweep() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("v.toml"),
        "[sweep]\nvelocities = [0.5, 2.0, 0.5]\n",
    )
    .unwrap();
    let out = tribo_in(
        dir.path(),
        &["calibrate", "--config", "v.toml", "--out", "o"],
    );
    assert_refused(
        &out,
        "velocity 0.5 m/s appears twice in sweep.velocities and process.velocities",
    );
    assert!(!dir.path().join("o/cases").exists(), "no case ran");
}

#[test]
fn a_table_tampered_with_a_valid_crc_is_refused_by_inspect() {
    use tribo_core::table::Table;
    let mut t = Table::filled_example();
    t.law.e_star = 1.04e33;
    let bytes = super::fuzz::frame_with_valid_crc(&postcard::to_allocvec(&t).unwrap());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.bin"), &bytes).unwrap();
    let out = tribo_in(dir.path(), &["inspect", "t.bin"]);
    assert_refused(&out, "t.bin is not a valid tribo table");
}

#[test]
fn an_absurd_junction_area_is_refused_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("j.csv"), "area_m2\n2e-9\n1e300\n").unwrap();
    let out = tribo_in(
        dir.path(),
        &[
            "asperity",
            "--loads",
            "1",
            "--junctions",
            "j.csv",
            "--out",
            "o",
        ],
    );
    assert_refused(
        &out,
        "--junctions j.csv (area in m²)[1] = 1e300 is out of range: must be in (0, 0.01]",
    );
}
