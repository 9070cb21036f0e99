//! Periodic self-affine rough surfaces, import of measured height maps, PSD and statistics
//! (seed 000 §6.1).

pub mod conditioning;
pub mod height_map;
pub mod import;
pub mod iso;
pub mod map_check;
pub mod measured;
pub mod measured_error;
pub mod psd;
pub mod self_affine;
pub mod source;
pub mod stats;
pub mod summits;

pub use height_map::{HeightMap, SurfaceError};
pub use import::{ImportError, parse_height_map, read_height_map};
pub use map_check::check_measured_map;
pub use measured::{LoadedMap, MeasuredSurface, write_x3p};
pub use measured_error::MeasuredError;
pub use psd::{PsdBin, fit_psd_exponent, radial_psd};
pub use self_affine::{Rescale, SelfAffine, SlopeDefinition};
pub use source::{SourceError, SurfaceSource};
pub use summits::summits;
