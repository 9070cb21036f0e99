//! Deformable discrete elements with fracture (seed 001): 2D bodies of point-mass elements
//! joined by triangular interior joints with a Saint Venant–Kirchhoff response (Eq. 1–15),
//! fracture of interior joints by the principal-stress criterion (Eq. 16), contact joints with
//! adhesion and static/kinetic friction (§3.3–3.4, Eq. 19), and explicit integration (§3.6).
//!
//! Layout: [`vec2`] algebra · [`material`] constants · [`joint`] the SVK kernel of one
//! triangle · [`system`] state, forces, energies · [`mesh`] triangulations (spade) ·
//! [`build`] bodies from meshes (Eq. 10, 17–18) · [`integrate`] Verlet and Adams–Bashforth ·
//! [`friction`] Eq. 19 · [`contact`] forming/breaking with a linear-time search ·
//! [`fracture`] Eq. 16.

pub mod asperity_breakoff;
pub mod build;
pub mod circles;
pub mod cohesive;
pub mod contact;
pub mod cracked_plate;
pub mod fracture;
pub mod friction;
pub mod hertz;
pub mod hertz_probe;
pub mod incline;
pub mod integrate;
pub mod joint;
pub mod material;
pub mod mesh;
pub mod remesh;
pub mod remesh_exact;
pub mod remesh_in_loop;
pub mod sliding;
pub mod system;
pub mod vec2;
pub mod wear;

#[cfg(test)]
mod tests;
