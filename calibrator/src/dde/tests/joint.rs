//! Oracle tests of the SVK joint kernel (Eq. 1, 11–15) and of the patch test on meshes.

use crate::dde::build::{Strength, add_body};
use crate::dde::joint::{JointReference, deformation_gradient, forces_from_cauchy, respond};
use crate::dde::material::BrittleSolid;
use crate::dde::mesh::{Mesh, polygon, rectangle};
use crate::dde::system::{ElementAssembly, Support};
use crate::dde::vec2::{M2, V2};

/// Round-off bound for quantities that are exact in exact arithmetic (relative to the scale).
const ROUND_OFF: f64 = 1e-10;
/// Central-difference truncation + cancellation bound of the energy gradient check.
const FD_TOLERANCE: f64 = 1e-6;

/// A free unbreakable zirconia body meshed by `mesh`.
pub(super) fn zirconia_system(mesh: &Mesh) -> ElementAssembly {
    let mut sys = ElementAssembly::new(BrittleSolid::ZIRCONIA);
    add_body(&mut sys, mesh, 0, Strength::Unbreakable, |_| Support::FREE).unwrap();
    sys
}

fn irregular_mesh() -> Mesh {
    irregular_pentagon(0.13e-6)
}

/// An irregular pentagon (≈ 1.3 µm) meshed at spacing `h`.
pub(super) fn irregular_pentagon(h: f64) -> Mesh {
    let poly = [
        V2::new(0.0, 0.0),
        V2::new(1.0e-6, 0.1e-6),
        V2::new(1.2e-6, 0.9e-6),
        V2::new(0.5e-6, 1.3e-6),
        V2::new(-0.2e-6, 0.7e-6),
    ];
    polygon(&poly, h).unwrap()
}

#[test]
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn uniform_strain_patch_test_is_exact() {
    let mesh = irregular_mesh();
    let mut sys = zirconia_system(&mesh);
    let f0 = M2([[1.003, 0.002], [-0.001, 0.998]]);
    for p in sys.elements.pos.iter_mut() {
        *p = f0.apply(*p);
    }
    // Every joint carries exactly the imposed deformation gradient.
    for j in &sys.interior {
        let f = deformation_gradient(sys.elements.triangle(j.members), &j.reference);
        for r in 0..2 {
            for c in 0..2 {
                assert!((f.0[r][c] - f0.0[r][c]).abs() < ROUND_OFF, "F = {f:?}");
            }
        }
    }
    // Uniform stress: forces on elements inside the body cancel to round-off.
    let mut forces = Vec::new();
    sys.forces(&mut forces);
    let stress = respond(
        sys.elements.triangle(sys.interior[0].members),
        &sys.interior[0].reference,
        &sys.material.lame(),
    )
    .cauchy;
    let scale = stress.0[0][0].abs().max(stress.0[1][1].abs()) * 0.13e-6;
    let mut interior = 0;
    for i in 0..sys.elements.len() {
        if !sys.elements.surface[i] {
            interior += 1;
            assert!(
                forces[i].norm() < ROUND_OFF * scale * 1e3,
                "f = {:?}",
                forces[i]
            );
        }
    }
    assert!(interior > 10, "mesh has {interior} interior elements");
}

#[test]
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn rigid_rotation_gives_zero_stress() {
    let mesh = irregular_mesh();
    let mut sys = zirconia_system(&mesh);
    let (s, c) = 0.7f64.sin_cos();
    for p in sys.elements.pos.iter_mut() {
        *p = V2::new(c * p.x - s * p.y + 3e-6, s * p.x + c * p.y - 1e-6);
    }
    let lame = sys.material.lame();
    for j in &sys.interior {
        let r = respond(sys.elements.triangle(j.members), &j.reference, &lame);
        // Stress scale of a unit strain is E = 2e11 Pa; rotation leaves only round-off.
        assert!(r.cauchy.ddot(&r.cauchy).sqrt() < ROUND_OFF * 1e2 * sys.material.young);
        assert!(r.energy.abs() < 1e-20);
    }
}

#[test]
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn nodal_forces_are_the_energy_gradient() {
    let lame = BrittleSolid::ZIRCONIA.lame();
    let reference = JointReference::try_from_positions([
        V2::new(0.0, 0.0),
        V2::new(1.0e-6, 0.2e-6),
        V2::new(0.3e-6, 0.9e-6),
    ])
    .unwrap();
    // A large, non-affine-looking deformation (20 % strains and rotation).
    let p = [
        V2::new(0.05e-6, -0.02e-6),
        V2::new(1.15e-6, 0.45e-6),
        V2::new(0.1e-6, 1.0e-6),
    ];
    let r = respond(p, &reference, &lame);
    let h = 1e-6 * 1e-6;
    let energy = |q: [V2; 3]| respond(q, &reference, &lame).energy;
    let scale = r.forces.iter().map(|f| f.norm()).fold(0.0, f64::max);
    for k in 0..3 {
        for axis in 0..2 {
            let mut plus = p;
            let mut minus = p;
            let d = if axis == 0 {
                V2::new(h, 0.0)
            } else {
                V2::new(0.0, h)
            };
            plus[k] += d;
            minus[k] -= d;
            let grad = (energy(plus) - energy(minus)) / (2.0 * h);
            let f = if axis == 0 {
                r.forces[k].x
            } else {
                r.forces[k].y
            };
            assert!(
                (f + grad).abs() < FD_TOLERANCE * scale,
                "f = {f}, -dU/dp = {}",
                -grad
            );
        }
    }
    // Eq. 13 in the current configuration (with the sign of Eq. 2) gives the same forces.
    let eq13 = forces_from_cauchy(p, &r.cauchy);
    for k in 0..3 {
        assert!((eq13[k] - r.forces[k]).norm() < ROUND_OFF * scale);
    }
}

#[test]
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn small_uniaxial_strain_gives_plane_strain_stress() {
    // σ_xx = (λ + 2μ)ε, σ_yy = λε up to O(ε²) corrections of the SVK law.
    let mat = BrittleSolid::ZIRCONIA;
    let lame = mat.lame();
    let mesh = rectangle(V2::ZERO, V2::new(1e-6, 1e-6), 1, 1).unwrap();
    let eps = 1e-6;
    let t = mesh.triangles[0];
    let reference = JointReference::try_from_positions(t.map(|i| mesh.points[i as usize])).unwrap();
    let p = t.map(|i| {
        let q = mesh.points[i as usize];
        V2::new(q.x * (1.0 + eps), q.y)
    });
    let s = respond(p, &reference, &lame).cauchy;
    let rel = |a: f64, b: f64| ((a - b) / b).abs();
    // Nonlinear terms are O(ε) relative: 1e-6, bounded by 1e-5.
    assert!(rel(s.0[0][0], (lame.lambda + 2.0 * lame.mu) * eps) < 1e-5);
    assert!(rel(s.0[1][1], lame.lambda * eps) < 1e-5);
    assert!(s.0[0][1].abs() < 1e-5 * lame.mu * eps);
}

#[test]
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn element_mass_sums_to_body_mass_and_sizes_are_eq17() {
    let mesh = irregular_mesh();
    let sys = zirconia_system(&mesh);
    let total: f64 = sys.elements.mass.iter().sum();
    let expected = mesh.area() * sys.material.density;
    assert!(((total - expected) / expected).abs() < ROUND_OFF);
    // Eq. 17: r is c times an area-weighted mean of √A_j, so it lies in c·[min √A, max √A].
    let roots: Vec<f64> = sys
        .interior
        .iter()
        .map(|j| j.reference.area().sqrt())
        .collect();
    let lo = roots.iter().cloned().fold(f64::INFINITY, f64::min) * 0.9;
    let hi = roots.iter().cloned().fold(0.0, f64::max) * 0.9;
    for &r in &sys.elements.radius {
        assert!(r >= lo * (1.0 - ROUND_OFF) && r <= hi * (1.0 + ROUND_OFF));
    }
}
