//! Small numerical kernels shared by the physics folders (one copy of each): dense linear
//! algebra, least squares and its Student-t intervals, line fits, connected-component labelling, the distinct
//! values of a sample.

pub mod cholesky;
pub mod dense;
pub mod distinct;
pub mod fft_grid;
pub mod labelling;
pub mod least_squares;
pub mod line_fit;
pub mod student;
