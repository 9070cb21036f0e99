//! Penalty contact between two flakes (seed 000 Eq. 15–16, f^(DEM) and τ^(DEM)).
//!
//! **Approximation.** There is no closed form for the overlap of two oblate spheroids. Each
//! flake carries 26 surface sample points ([`super::flake::FlakeShape::surface_samples`]:
//! 12 on the rim, the two poles, 6 on each face at r = 0.6a). Every sample of flake i that
//! lies inside flake j exerts a frictionless penalty force on j (the opposite on i, both at
//! the sample point), and vice versa. Resolution: an intrusion narrower than the sample
//! spacing (≈ 0.4a on the faces, 0.52a on the rim) can pass between samples — acceptable at
//! the low particle densities of seed 000 (§6.4, β small), where flake–flake contacts are
//! rare; it catches the rim-on-face and face-on-face (stacking) contacts that matter.
//!
//! **Sided depth** (as for the surfaces, [`super::sided`], here along j's own axis n_j):
//! with body coordinates (x, y, z) of the sample in j, X = 1 − (x² + y²)/a², the depth below
//! j's upper face is d_up = c√X − z, above its lower face d_low = z + c√X; the penalty depth
//! is T = d·g(X)·q(d) with g the rim taper of [`super::sided`] and q a fade from 1 at
//! d = 2c (the far face) to 0 at d = 4c (so a flake seen edge-on does not reach far along its
//! axis). Which face i meets is set by where i's centre is: h = n_j·(x_i − x_j);
//! the energy is ½k[w(h)·T_up² + (1 − w(h))·T_low²] with w a smoothstep from 0 at
//! h = −[`BLEND`]·c to 1 at h = BLEND·c. So a squeezed stack keeps pushing apart along the
//! axis up to an overlap of (2 − BLEND)·c = 1.75c (the symmetric depth of [`super::flake::penetration`] grew to a − r with a
//! radial, singular gradient near j's centre, and its unbounded stiffness there made
//! squeezed stacks blow up), and side-by-side flakes (|h| < c) see the mean of both faces.
//! U is C¹ and the forces and torques are its exact gradients: with G = ∇_p U/k (p the
//! sample relative to x_j), U_h = ∂U/∂h /k and D = x_i − x_j,
//! F_i = −k(G + U_h n_j) = −F_j, τ_i = −k r_s × G, τ_j = k(p × G − U_h n_j × D)
//! (momentum and angular momentum are conserved exactly).

use super::flake::FlakeFrame;
use super::quaternion::{Vec3, add, cross, scale, sub};
use super::sided::RIM_TAPER;

/// Half-width of the blend between j's two faces, in units of c: the centres must be this
/// close along j's axis (side by side) for both faces to count; stacks stay sided up to an
/// overlap of (2 − BLEND)·c.
pub const BLEND: f64 = 0.25;

/// Smoothstep S(u) = 3u² − 2u³ on [0, 1] (clamped) and its derivative.
#[inline]
fn smoothstep(u: f64) -> (f64, f64) {
    if u <= 0.0 {
        (0.0, 0.0)
    } else if u >= 1.0 {
        (1.0, 0.0)
    } else {
        (u * u * (3.0 - 2.0 * u), 6.0 * u * (1.0 - u))
    }
}

/// Sided depth T and ∇T (body) of a body point b for the face `up` (true: j's upper face).
#[inline]
fn face_depth(b: Vec3, a: f64, c: f64, up: bool) -> Option<(f64, Vec3)> {
    let inv_a2 = 1.0 / (a * a);
    let x = 1.0 - (b[0] * b[0] + b[1] * b[1]) * inv_a2;
    if x <= 0.0 {
        return None;
    }
    let root = x.sqrt();
    let sz = if up { -1.0 } else { 1.0 };
    let d = c * root + sz * b[2];
    if d <= 0.0 || d >= 4.0 * c {
        return None;
    }
    let (g, dg) = smoothstep(x / RIM_TAPER);
    let dg = dg / RIM_TAPER;
    let (fade, dfade) = smoothstep((d - 2.0 * c) / (2.0 * c));
    let (q, dq) = (1.0 - fade, -dfade / (2.0 * c));
    let t = d * g * q;
    // ∇d = (c ∂√X/∂x, c ∂√X/∂y, sz), ∂√X/∂x = −x/(a²√X); ∇X = (−2x/a², −2y/a², 0).
    let dd = [-c * b[0] * inv_a2 / root, -c * b[1] * inv_a2 / root, sz];
    let kd = g * q + d * g * dq;
    let kx = d * q * dg;
    Some((
        t,
        [
            kd * dd[0] - kx * 2.0 * b[0] * inv_a2,
            kd * dd[1] - kx * 2.0 * b[1] * inv_a2,
            kd * dd[2],
        ],
    ))
}

/// Forces and torques of one flake pair.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PairForce {
    /// Force on flake i \[N\].
    pub force_i: Vec3,
    /// Torque on flake i about its centre \[N·m\].
    pub torque_i: Vec3,
    /// Force on flake j \[N\] (= −force_i).
    pub force_j: Vec3,
    /// Torque on flake j about its centre \[N·m\].
    pub torque_j: Vec3,
    /// Penalty energy \[J\].
    pub energy: f64,
}

/// One direction: samples of `src` intruding into `dst`. Forces go into `out` with the
/// roles given (`src_is_i`).
#[allow(clippy::too_many_arguments)]
fn intrude(
    samples: &[Vec3],
    src: (&FlakeFrame, Vec3),
    dst: (&FlakeFrame, Vec3),
    a: f64,
    c: f64,
    k: f64,
    src_is_i: bool,
    out: &mut PairForce,
) {
    let (fs, cs) = src;
    let (fd, cd) = dst;
    let dist = sub(cs, cd);
    let n = fd.to_world([0.0, 0.0, 1.0]);
    let h = n[0] * dist[0] + n[1] * dist[1] + n[2] * dist[2];
    let eps = BLEND * c;
    let (w, dw) = smoothstep((h + eps) / (2.0 * eps));
    let dw = dw / (2.0 * eps);
    for &s in samples {
        let rs = fs.to_world(s);
        let p = add(dist, rs);
        let b = fd.to_body(p);
        let up = if w > 0.0 {
            face_depth(b, a, c, true)
        } else {
            None
        };
        let low = if w < 1.0 {
            face_depth(b, a, c, false)
        } else {
            None
        };
        if up.is_none() && low.is_none() {
            continue;
        }
        let (tu, gu) = up.unwrap_or((0.0, [0.0; 3]));
        let (tl, gl) = low.unwrap_or((0.0, [0.0; 3]));
        // G = ∇_p U / k (world), U_h = ∂U/∂h / k.
        let gb = [
            w * tu * gu[0] + (1.0 - w) * tl * gl[0],
            w * tu * gu[1] + (1.0 - w) * tl * gl[1],
            w * tu * gu[2] + (1.0 - w) * tl * gl[2],
        ];
        let g = fd.to_world(gb);
        let uh = 0.5 * dw * (tu * tu - tl * tl);
        let f_src = scale(add(g, scale(n, uh)), -k);
        let f_dst = scale(f_src, -1.0);
        let t_src = scale(cross(rs, g), -k);
        let t_dst = sub(scale(cross(p, g), k), scale(cross(n, dist), k * uh));
        if src_is_i {
            out.force_i = add(out.force_i, f_src);
            out.torque_i = add(out.torque_i, t_src);
            out.force_j = add(out.force_j, f_dst);
            out.torque_j = add(out.torque_j, t_dst);
        } else {
            out.force_j = add(out.force_j, f_src);
            out.torque_j = add(out.torque_j, t_src);
            out.force_i = add(out.force_i, f_dst);
            out.torque_i = add(out.torque_i, t_dst);
        }
        out.energy += 0.5 * k * (w * tu * tu + (1.0 - w) * tl * tl);
    }
}

/// Contact of flakes i and j (centres `ci`, `cj`, with `cj` already the periodic image
/// nearest to `ci`; semi-axes `a`, `c` \[m\]), node stiffness `k` \[N/m\].
#[allow(clippy::too_many_arguments)]
pub fn pair_contact(
    samples: &[Vec3],
    frame_i: &FlakeFrame,
    ci: Vec3,
    frame_j: &FlakeFrame,
    cj: Vec3,
    a: f64,
    c: f64,
    k: f64,
) -> PairForce {
    let mut out = PairForce::default();
    intrude(
        samples,
        (frame_i, ci),
        (frame_j, cj),
        a,
        c,
        k,
        true,
        &mut out,
    );
    intrude(
        samples,
        (frame_j, cj),
        (frame_i, ci),
        a,
        c,
        k,
        false,
        &mut out,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::super::flake::FlakeShape;
    use super::super::quaternion::{Quat, norm};
    use super::*;

    /// Round-off bound for sums of a few dozen forces.
    const TOL: f64 = 1e-9;

    #[test]
    fn stacked_flakes_repel_along_the_axis_with_pole_overlap() {
        // Two parallel flakes on a common axis, poles overlapping by d: only the two poles
        // intrude (the face rings at r = 0.6a are 0.2c lower), each with depth d (the
        // vertical depth is exact on the axis).
        let s = FlakeShape::aluminium(12e-6);
        let f = FlakeFrame::new(&s, Quat::IDENTITY.to_matrix());
        let d = 0.01e-6;
        let k = 1e5;
        let ci = [0.0, 0.0, 0.0];
        let cj = [0.0, 0.0, 2.0 * s.c - d];
        let p = pair_contact(&s.surface_samples(), &f, ci, &f, cj, s.a, s.c, k);
        // Each pole is at depth ≈ d inside the other (exact at the pole axis).
        assert!(
            (p.force_j[2] - 2.0 * k * d).abs() < 1e-6 * k * d,
            "{:?}",
            p.force_j
        );
        assert!((p.force_i[2] + p.force_j[2]).abs() < TOL * k * d);
        assert!(norm(p.torque_i) < 1e-20 && norm(p.torque_j) < 1e-20);
    }

    #[test]
    fn rim_on_face_contact_conserves_momentum_and_angular_momentum() {
        let s = FlakeShape::aluminium(12e-6);
        let fi = FlakeFrame::new(&s, Quat::IDENTITY.to_matrix());
        // Flake j stands tilted so that its rim touches i's top face off-centre.
        let fj = FlakeFrame::new(&s, Quat::from_axis_angle([1.0, 0.3, 0.0], 1.2).to_matrix());
        let ci = [0.0, 0.0, 0.0];
        let cj = [2e-6, -1e-6, 5.4e-6];
        let samples = s.surface_samples();
        let p = pair_contact(&samples, &fi, ci, &fj, cj, s.a, s.c, 1e5);
        let scale_f = norm(p.force_i);
        assert!(scale_f > 0.0, "expected a contact");
        for k in 0..3 {
            assert!((p.force_i[k] + p.force_j[k]).abs() < TOL * scale_f);
        }
        // Total angular momentum about the origin: ci × Fi + τi + cj × Fj + τj = 0.
        let l = add(
            add(cross(ci, p.force_i), p.torque_i),
            add(cross(cj, p.force_j), p.torque_j),
        );
        assert!(norm(l) < TOL * scale_f * s.a, "{l:?}");
    }

    #[test]
    fn deeply_squeezed_stack_keeps_repelling_along_the_axis() {
        // Overlaps from 0.1c to 1.7c (< (2 − BLEND)c, where the faces start to blend): the
        // axial force grows monotonically and stays axial (the symmetric depth flipped and
        // turned radial past half the thickness).
        let s = FlakeShape::aluminium(12e-6);
        let f = FlakeFrame::new(&s, Quat::from_axis_angle([0.0, 0.0, 1.0], 0.4).to_matrix());
        let k = 1e5;
        let mut last = 0.0;
        for m in 1..=17 {
            let overlap = 0.1 * m as f64 * s.c;
            let cj = [0.1e-6, -0.05e-6, 2.0 * s.c - overlap];
            let p = pair_contact(&s.surface_samples(), &f, [0.0; 3], &f, cj, s.a, s.c, k);
            assert!(p.force_j[2] > last, "overlap {overlap:e}: {:?}", p.force_j);
            let lateral = (p.force_j[0].powi(2) + p.force_j[1].powi(2)).sqrt();
            assert!(lateral < 0.05 * p.force_j[2], "{:?}", p.force_j);
            last = p.force_j[2];
        }
    }

    #[test]
    fn pair_forces_and_torques_are_the_gradient_of_the_pair_energy() {
        let s = FlakeShape::aluminium(12e-6);
        let samples = s.surface_samples();
        let k = 1e5;
        let qi = Quat::from_axis_angle([1.0, 0.2, 0.0], 0.15);
        let tilted = Quat::from_axis_angle([0.1, 1.0, 0.3], -0.2);
        let ci = [0.0, 0.0, 0.0];
        // Side by side (j flat, |h| < BLEND·c: both faces blended), edge-on and stacked.
        for (cj, qj) in [
            ([9e-6, 0.0, 0.02e-6], Quat::IDENTITY),
            ([8e-6, 1e-6, 0.03e-6], tilted),
            ([1e-6, 0.5e-6, 0.35e-6], tilted),
        ] {
            let e = |dxj: Vec3, th: f64, axis: Vec3| {
                let fi = FlakeFrame::new(&s, qi.to_matrix());
                let fj =
                    FlakeFrame::new(&s, Quat::from_axis_angle(axis, th).compose(qj).to_matrix());
                pair_contact(&samples, &fi, ci, &fj, add(cj, dxj), s.a, s.c, k).energy
            };
            let fi = FlakeFrame::new(&s, qi.to_matrix());
            let fj = FlakeFrame::new(&s, qj.to_matrix());
            let p = pair_contact(&samples, &fi, ci, &fj, cj, s.a, s.c, k);
            assert!(p.energy > 0.0, "expected a contact at {cj:?}");
            let scale_f = norm(p.force_j);
            let h = 1e-12;
            for a in 0..3 {
                let mut dp = [0.0; 3];
                dp[a] = h;
                let fd = -(e(dp, 0.0, [0.0, 0.0, 1.0]) - e(scale(dp, -1.0), 0.0, [0.0, 0.0, 1.0]))
                    / (2.0 * h);
                assert!(
                    (fd - p.force_j[a]).abs() < 1e-4 * scale_f,
                    "{cj:?} F{a}: {fd} vs {}",
                    p.force_j[a]
                );
                let mut axis = [0.0; 3];
                axis[a] = 1.0;
                let eps = 1e-8;
                let fd = -(e([0.0; 3], eps, axis) - e([0.0; 3], -eps, axis)) / (2.0 * eps);
                assert!(
                    (fd - p.torque_j[a]).abs() < 1e-4 * scale_f * s.a,
                    "{cj:?} τ{a}: {fd} vs {}",
                    p.torque_j[a]
                );
            }
        }
    }
}
