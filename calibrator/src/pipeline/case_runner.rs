//! The one parallel runner of independent cases: rayon's pool, a progress bar, results in the
//! order of the cases (so a run is bit-identical for a seed and thread count whatever the
//! scheduling). Used by the BEM–DEM sweep of `tribo calibrate` and by `tribo meso --sweep`.

use rayon::prelude::*;

/// Runs `run_one` on every case in parallel under a progress bar labelled `label`; the first
/// error (in case order) is returned, of whatever type the case's run returns.
pub fn run_cases<C, R, E, F>(cases: &[C], label: &str, run_one: F) -> Result<Vec<R>, E>
where
    C: Sync,
    R: Send,
    E: Send,
    F: Fn(&C) -> Result<R, E> + Sync,
{
    let bar = crate::progress::bar(cases.len() as u64, label);
    let results = cases
        .par_iter()
        .map(|c| {
            let r = run_one(c);
            bar.inc(1);
            r
        })
        .collect::<Result<Vec<R>, E>>();
    bar.finish_and_clear();
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_case_order_and_the_first_error_wins() {
        let cases: Vec<u64> = (0..257).collect();
        let squares = run_cases(&cases, "test", |&c| Ok::<_, String>(c * c)).unwrap();
        assert_eq!(squares, cases.iter().map(|c| c * c).collect::<Vec<_>>());
        let err = run_cases(&cases, "test", |&c| {
            if c % 100 == 7 {
                return Err(format!("case {c} failed"));
            }
            Ok(c)
        })
        .unwrap_err();
        assert_eq!(err, "case 7 failed");
    }
}
