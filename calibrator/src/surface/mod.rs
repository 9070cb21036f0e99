//! Periodic self-affine rough surfaces, import of measured height maps, PSD and statistics
//! (seed 000 §6.1).

pub mod height_map;
pub mod self_affine;
pub mod stats;

pub use height_map::{HeightMap, SurfaceError};
pub use self_affine::{Rescale, SelfAffine, SlopeDefinition};
