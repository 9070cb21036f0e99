//! The one parallel runner of independent cases: rayon's pool, a progress bar, results in the
//! order of the cases (so a run is bit-identical for a seed and thread count whatever the
//! scheduling). Used by the BEM–DEM sweep of `tribo calibrate` and by `tribo meso --sweep`.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

/// Runs `run_one` on every case in parallel under a progress bar labelled `label`; the first
/// error **in case order** is returned, of whatever type the case's run returns, whatever the
/// scheduling. (rayon's `collect::<Result<_, _>>` returns whichever error a thread meets first
/// in time; here a case after the lowest failed index is skipped, since it cannot hold the
/// first error, and every case before it still runs.)
///
/// # Errors
///
/// The error of the first case, in case order, whose `run_one` fails.
pub fn run_cases<C, R, E, F>(cases: &[C], label: &str, run_one: F) -> Result<Vec<R>, E>
where
    C: Sync,
    R: Send,
    E: Send,
    F: Fn(&C) -> Result<R, E> + Sync,
{
    let bar = crate::progress::bar(cases.len() as u64, label);
    let first_failed = AtomicUsize::new(usize::MAX);
    let outcomes: Vec<Option<Result<R, E>>> = cases
        .par_iter()
        .enumerate()
        .map(|(i, c)| {
            if i > first_failed.load(Ordering::Relaxed) {
                return None;
            }
            let r = run_one(c);
            if r.is_err() {
                first_failed.fetch_min(i, Ordering::Relaxed);
            }
            bar.inc(1);
            Some(r)
        })
        .collect();
    crate::progress::finish(&bar);
    // In case order: every case up to the first failure ran, so `None` only follows an `Err`.
    let mut results = Vec::with_capacity(outcomes.len());
    for outcome in outcomes {
        match outcome {
            Some(Ok(r)) => results.push(r),
            Some(Err(e)) => return Err(e),
            None => unreachable!("a case is skipped only after a lower-indexed failure"),
        }
    }
    Ok(results)
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
        // Repeated: the reported error never depends on the scheduling.
        for _ in 0..20 {
            let err = run_cases(&cases, "test", |&c| {
                if c % 50 == 49 {
                    return Err(c);
                }
                Ok(c)
            })
            .unwrap_err();
            assert_eq!(err, 49);
        }
    }
}
