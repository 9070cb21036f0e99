//! The plausibility bounds must not reject any table the calibrator writes. This test decodes
//! every table file named in `TRIBO_TABLES` (colon-separated paths, e.g. the quick preset's and
//! the defaults' `tables.bin`); it is ignored by default because it needs those files:
//! `TRIBO_TABLES=out/tables.bin:d/tables.bin cargo test -p tribo-core --test plausible_files -- --ignored`.

use tribo_core::table::Table;

#[test]
#[ignore = "needs TRIBO_TABLES=path:path… of calibrator-written tables"]
fn calibrator_written_tables_pass_validation_with_plausibility() {
    let list = std::env::var("TRIBO_TABLES").expect("set TRIBO_TABLES");
    let mut n = 0;
    for path in list.split(':').filter(|p| !p.is_empty()) {
        let bytes = std::fs::read(path).unwrap();
        if let Err(e) = Table::from_bytes(&bytes) {
            panic!("{path}: {e:?}");
        }
        n += 1;
    }
    assert!(n > 0, "no table given");
}
