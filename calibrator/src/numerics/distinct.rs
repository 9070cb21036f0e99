//! The distinct values of a sample (sweep axes: the velocities, pressures, β and seed indices
//! that occur among case results).

/// `v` sorted by [`f64::total_cmp`] with repeated values removed (bitwise equal after sorting,
/// so `-0.0` and `0.0` stay apart, NaNs last).
///
/// ```
/// use tribo_calibrator::numerics::distinct::distinct;
/// assert_eq!(distinct(vec![50.0, 10.0, 50.0, 0.08]), vec![0.08, 10.0, 50.0]);
/// ```
pub fn distinct(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v.dedup();
    v
}
