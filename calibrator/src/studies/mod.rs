//! Studies above the physics: sweeps and demonstrations that run a physics engine over many
//! cases, their statistics, the report folders (CSV + figures) they write, and the table
//! sections they fill. The physics folders below (`dde/`, `strip_draw/`, `third_body/`) keep
//! the engines and know nothing of reports or table files; `pipeline/` and the commands call
//! the studies here.
//!
//! - [`dde`]: seed 001's wear sweep (K(p) and its table section), the mesh dependence of K,
//!   the debris scale, and the report folders of the demonstrations (incline, cracked plate,
//!   circles, asperity break-off, stress snapshots).
//! - [`strip_draw`]: the report of the strip-draw sweeps and fits, and the fidelity of a
//!   sweep against seed 000 §2.1.
//! - [`third_body`]: the report of the μ_3b studies and the table's third-body section.

pub mod dde;
pub mod meso;
pub mod sensitivity;
pub mod strip_draw;
pub mod third_body;
