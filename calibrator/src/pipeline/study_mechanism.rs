//! `mechanism.csv` of a sensitivity study (issue 42 item 5): per configuration and velocity,
//! the blocking events of its cases ([`crate::meso::blocked_events`]) — events per slid pixel
//! (per case and per flake), the mean dwell of the ended events, the share of events still
//! open at the end of the slide, and the deactivation paths as fractions of the ended events.
//! Sums over the cases (every case slides the same number of pixels).

use std::fmt::Write as _;
use std::path::Path;

use super::error::write_csv;
use super::study_design::Design;
use super::study_error::StudyError;
use crate::meso::blocked_events::BlockedEvents;
use crate::meso::cases::CaseResult;
use crate::report::CsvTable;
use crate::report::csv::Cell;

/// Writes `mechanism.csv`; returns the summary lines.
///
/// # Errors
///
/// [`StudyError::Pipeline`] when the file cannot be written.
pub fn write(
    design: &Design,
    results: &[Vec<CaseResult>],
    out: &Path,
) -> Result<String, StudyError> {
    let mut header = vec![
        "cell",
        "velocity_m_s",
        "cases",
        "pixels",
        "flakes",
        "events",
        "events_per_pixel",
        "events_per_pixel_per_flake",
        "mean_dwell_pixels",
        "ended",
        "open_fraction",
    ];
    let paths = BlockedEvents::default().paths().map(|(name, _)| name);
    let path_columns: Vec<String> = paths.iter().map(|p| format!("frac_{p}")).collect();
    header.extend(path_columns.iter().map(String::as_str));
    header.push("tracked");
    let mut t = CsvTable::new(&header);
    let mut s = String::from("blocking events (mechanism.csv):\n");
    for (k, c) in design.configs.iter().enumerate() {
        let cell = c.labels.join(";");
        for &v in &design.plan.cases.velocities {
            let at_v: Vec<&CaseResult> =
                results[k].iter().filter(|r| r.case.velocity == v).collect();
            let sum = at_v
                .iter()
                .fold(None, |acc: Option<BlockedEvents>, r| {
                    Some(acc.map_or(r.events, |a| a.add(&r.events)))
                })
                .unwrap_or_default();
            let pixels: usize = at_v.iter().map(|r| r.steps).sum();
            let flake_pixels: f64 = at_v.iter().map(|r| (r.flakes * r.steps) as f64).sum();
            let flakes: usize = at_v.iter().map(|r| r.flakes).sum();
            let per_pixel = sum.events as f64 / pixels as f64;
            let per_flake = sum.events as f64 / flake_pixels;
            let dwell = sum.ended_dwell as f64 / sum.ended as f64;
            let open = sum.open as f64 / sum.events as f64;
            let mut row = vec![
                Cell::Text(&cell),
                Cell::Num(v),
                Cell::Int(at_v.len() as i64),
                Cell::Int(pixels as i64),
                Cell::Int(flakes as i64),
                Cell::Int(sum.events as i64),
                Cell::Num(per_pixel),
                Cell::Num(per_flake),
                Cell::Num(dwell),
                Cell::Int(sum.ended as i64),
                Cell::Num(open),
            ];
            let mut shares = String::new();
            for (name, n) in sum.paths() {
                let f = n as f64 / sum.ended as f64;
                row.push(Cell::Num(f));
                let _ = write!(shares, " {name} {f:.2}");
            }
            row.push(Cell::Int(i64::from(sum.tracked)));
            t.push_cells(&row);
            let _ = writeln!(
                s,
                "  {cell} at {v} m/s: {per_pixel:.3} events per pixel ({per_flake:.2e} per flake), \
                 dwell {dwell:.1} pixels, open {open:.2}, paths:{shares}{}",
                if sum.tracked {
                    ""
                } else {
                    " (some case files predate the event counts)"
                }
            );
        }
    }
    write_csv(&t, &out.join("mechanism.csv"))?;
    Ok(s)
}
