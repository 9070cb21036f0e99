//! Small numerical kernels shared by the physics folders (one copy of each): dense linear
//! algebra, least squares with its Student-t and profile-likelihood intervals, line fits,
//! connected-component labelling, the one bootstrap (resampling loop, replicate count, interval
//! and NaN rule) with its quantile rule, the distinct values of a sample.

pub mod bootstrap;
pub mod cholesky;
pub mod dense;
pub mod distinct;
pub mod fft_grid;
pub mod labelling;
pub mod least_squares;
pub mod line_fit;
pub mod percentile;
pub mod profile_likelihood;
pub mod student;
