//! The contact loads of one flake state (seed 000 Eq. 15–16: f^(surface), τ^(surface),
//! f^(DEM), τ^(DEM)), shared by both integrators: per flake the force, torque and penalty
//! energy of its two surface contacts ([`super::contact_surface`]) and of its flake–flake
//! contacts ([`super::contact_pair`], pairs from the cell list in (i, j) order), optionally
//! with the stiffness the overdamped integrator's Newton solve needs
//! ([`super::overdamped`]): the Gauss–Newton stiffness of the surface contacts, and for every
//! touching pair the 12×12 stiffness by central differences of the pair's forces.
//!
//! The accumulation order is fixed (flakes in index order, each flake's lower then upper
//! surface, then pairs in (i, j) order), and each flake's surface sum is computed by one
//! thread, so the loads do not depend on the thread count.

use rayon::prelude::*;

use super::contact_pair::{PairForce, pair_contact};
use super::contact_surface::{
    ContactSum, PlacedSurface, Side, Stiffness6, surface_contact, surface_contact_stiffness,
};
use super::flake::{FlakeFrame, FlakeShape};
use super::neighbours::{CellList, min_image};
use super::quaternion::{Quat, Vec3, add, sub};
use super::rigid_body::Flake;

/// Flake counts from which surface contacts are evaluated in parallel (rayon). Each flake's
/// sum is computed by one thread in a fixed order, so results do not depend on threads.
pub const PARALLEL_FLAKES: usize = 64;

/// Central-difference step of the pair stiffness, as a fraction of the flake half-thickness c
/// (translation; rotation by this length over a): 2.5·10⁻¹³ m for the seed's flakes, far
/// below the penalty depths (nm) that set the stiffness' scale and far above the round-off of
/// positions of order 10⁻⁴ m (10⁻²⁰ m).
pub const PAIR_DIFFERENCE_STEP: f64 = 1e-6;

/// Which stiffness [`Loads::evaluate`] computes besides the forces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StiffnessKind {
    /// Forces, torques and energies only (the explicit integrator).
    None,
    /// The surface contacts' Gauss–Newton stiffness Σ k·J·Jᵀ (no curvature term); touching
    /// pairs' full stiffness by forward differences, once per step
    /// ([`Loads::forget_pair_stiffness`]).
    GaussNewton,
    /// Full stiffness by forward differences of the generalised forces at every evaluation,
    /// for the surface contacts of every flake in contact (6 more sweeps of it) and every
    /// touching pair.
    Difference,
}

/// What the loads depend on besides the flakes: geometry, stiffness and the two placed maps.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    /// Flake shape.
    pub shape: FlakeShape,
    /// Penalty stiffness per node \[N/m\].
    pub stiffness: f64,
    /// h_Def, below the flakes.
    pub lower: PlacedSurface<'a>,
    /// The tool, above (placed at its sliding displacement and offset).
    pub upper: PlacedSurface<'a>,
    /// Body-frame surface samples of the flake–flake contacts.
    pub samples: &'a [Vec3],
    /// A constant force on every flake's centre \[N\].
    pub external_force: Vec3,
    /// Whether surface contacts may run on rayon's pool.
    pub parallel: bool,
}

impl Scene<'_> {
    fn period(&self) -> (f64, f64) {
        (
            self.lower.nx as f64 * self.lower.dx,
            self.lower.ny as f64 * self.lower.dy,
        )
    }
}

/// A touching flake pair and, when asked for, its stiffness.
#[derive(Clone, Debug, PartialEq)]
pub struct PairLoad {
    /// First flake (i < j).
    pub i: usize,
    /// Second flake.
    pub j: usize,
    /// Penalty energy of the pair \[J\].
    pub energy: f64,
    /// ∂²U/∂q² over (x_i, θ_i, x_j, θ_j) (symmetrised central differences), row-major 12×12;
    /// empty unless stiffness was requested.
    pub stiffness: Vec<f64>,
}

/// One flake's surface contacts per side, h_Def below then the tool above (index
/// [`super::contact_surface::Side::index`]), at an evaluation: what the event location of the
/// inertial steps compares across a step ([`super::event`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideContact {
    /// Deepest node per side \[m\] (0 when the side is open).
    pub depth: [f64; 2],
    /// Magnitude of the side's force \[N\].
    pub force: [f64; 2],
    /// Magnitude of the side's torque about the flake's centre \[N·m\].
    pub torque: [f64; 2],
}

/// The loads of one state (see the module doc); buffers are reused between evaluations.
#[derive(Debug, Default)]
pub struct Loads {
    /// Net contact (plus external) force per flake \[N\].
    pub force: Vec<Vec3>,
    /// Net contact torque per flake about its centre \[N·m\].
    pub torque: Vec<Vec3>,
    /// Penalty energy of each flake's two surface contacts \[J\].
    pub surface_energy: Vec<f64>,
    /// Stiffness of each flake's surface contacts (full, symmetric; empty after an
    /// evaluation with [`StiffnessKind::None`], which does not build it).
    pub stiffness: Vec<Stiffness6>,
    /// Touching pairs in (i, j) order.
    pub pairs: Vec<PairLoad>,
    /// Total penalty energy \[J\].
    pub penalty_energy: f64,
    /// Largest node depth of the surface contacts \[m\].
    pub max_depth: f64,
    frames: Vec<FlakeFrame>,
    centres: Vec<Vec3>,
    sums: Vec<ContactSum>,
    /// Each flake's surface stiffness as accumulated (upper triangle; empty after an
    /// evaluation without stiffness).
    raw_stiffness: Vec<Stiffness6>,
    cells: CellList,
    /// Difference stiffness of touching pairs computed since [`Self::forget_pair_stiffness`].
    pair_cache: Vec<(usize, usize, Vec<f64>)>,
    /// Every candidate pair's contact of the last evaluation, in (i, j) order (reused for
    /// pairs of two flakes that are not refreshed).
    pair_forces: Vec<(usize, usize, PairForce)>,
    scratch_pairs: Vec<(usize, usize, PairForce)>,
}

impl Loads {
    /// Flake i's largest surface-contact depth per side, h_Def below then the tool above, at
    /// its last evaluation \[m\].
    pub fn side_depth(&self, i: usize) -> [f64; 2] {
        self.sums[i].side_depth
    }

    /// Flake i's surface contacts per side at its last evaluation, h_Def below then the tool
    /// above: their depth \[m\], force magnitude \[N\] and torque magnitude \[N·m\].
    pub fn side_contact(&self, i: usize) -> SideContact {
        let s = &self.sums[i];
        SideContact {
            depth: s.side_depth,
            force: s.side_force,
            torque: s.side_torque,
        }
    }

    /// Forgets the pair stiffness kept for reuse (at the start of a step).
    pub fn forget_pair_stiffness(&mut self) {
        self.pair_cache.clear();
    }

    /// Evaluates the loads of `flakes` in `scene`, with the surface contacts' stiffness of
    /// `kind` and, unless `kind` is [`StiffnessKind::None`], every touching pair's stiffness.
    pub fn evaluate(&mut self, scene: &Scene<'_>, flakes: &[Flake], kind: StiffnessKind) {
        self.evaluate_refresh(scene, flakes, kind, None);
    }

    /// [`Self::evaluate`] that recomputes the surface contacts only of the flakes whose
    /// `refresh` entry is `Some(kind)` (with that stiffness) and keeps the others' from the
    /// previous call on the same flakes (their states must not have changed); `None` for
    /// `refresh` recomputes all with `kind`. Pair contacts are recomputed for every candidate
    /// pair, their stiffness (unless `kind` is [`StiffnessKind::None`]) only when a flake of
    /// the pair is refreshed.
    ///
    /// # Panics
    ///
    /// If `refresh` is given but this evaluator's previous call was not on as many flakes as
    /// `flakes`, or `refresh` is shorter than `flakes`.
    pub fn evaluate_refresh(
        &mut self,
        scene: &Scene<'_>,
        flakes: &[Flake],
        kind: StiffnessKind,
        refresh: Option<&[Option<StiffnessKind>]>,
    ) {
        let stiffness = kind != StiffnessKind::None;
        let refreshed = |i: usize| refresh.is_none_or(|r| r[i].is_some());
        let shape = scene.shape;
        let k = scene.stiffness;
        if refresh.is_none() {
            self.frames.clear();
            self.frames.extend(
                flakes
                    .iter()
                    .map(|f| FlakeFrame::for_surface_contacts(&shape, f.orientation.to_matrix())),
            );
        } else {
            assert_eq!(self.sums.len(), flakes.len(), "a previous evaluation");
            for (i, f) in flakes.iter().enumerate() {
                if refreshed(i) {
                    self.frames[i] =
                        FlakeFrame::for_surface_contacts(&shape, f.orientation.to_matrix());
                }
            }
        }
        // The explicit integrator's evaluation: forces only, no 6×6 sums (issue 43).
        let contact = |f: &Flake, fr: &FlakeFrame| {
            let mut s = surface_contact(&scene.lower, Side::Below, fr, f.position, k);
            s.accumulate(&surface_contact(
                &scene.upper,
                Side::Above,
                fr,
                f.position,
                k,
            ));
            s
        };
        let per_flake = |f: &Flake, fr: &FlakeFrame, kind: StiffnessKind| {
            if kind == StiffnessKind::None {
                return (contact(f, fr), [[0.0; 6]; 6]);
            }
            let mut kk = [[0.0; 6]; 6];
            let mut s = if kind == StiffnessKind::GaussNewton {
                surface_contact_stiffness(&scene.lower, Side::Below, fr, f.position, k, &mut kk)
            } else {
                surface_contact(&scene.lower, Side::Below, fr, f.position, k)
            };
            let upper = if kind == StiffnessKind::GaussNewton {
                surface_contact_stiffness(&scene.upper, Side::Above, fr, f.position, k, &mut kk)
            } else {
                surface_contact(&scene.upper, Side::Above, fr, f.position, k)
            };
            s.accumulate(&upper);
            if kind == StiffnessKind::Difference && s.nodes > 0 {
                kk = surface_stiffness_difference(scene, f);
            }
            (s, kk)
        };
        let parallel = scene.parallel && flakes.len() >= PARALLEL_FLAKES;
        let n = flakes.len();
        match refresh {
            None if !stiffness => {
                if parallel {
                    flakes
                        .par_iter()
                        .zip(self.frames.par_iter())
                        .map(|(f, fr)| contact(f, fr))
                        .collect_into_vec(&mut self.sums);
                } else {
                    self.sums.clear();
                    self.sums.extend(
                        flakes
                            .iter()
                            .zip(self.frames.iter())
                            .map(|(f, fr)| contact(f, fr)),
                    );
                }
                self.raw_stiffness.clear();
            }
            None if parallel => {
                flakes
                    .par_iter()
                    .zip(self.frames.par_iter())
                    .map(|(f, fr)| per_flake(f, fr, kind))
                    .unzip_into_vecs(&mut self.sums, &mut self.raw_stiffness);
            }
            None => {
                self.sums.clear();
                self.raw_stiffness.clear();
                for (f, fr) in flakes.iter().zip(self.frames.iter()) {
                    let (s, kk) = per_flake(f, fr, kind);
                    self.sums.push(s);
                    self.raw_stiffness.push(kk);
                }
            }
            Some(modes) => {
                // Flakes kept from an evaluation without stiffness have none (zero).
                self.raw_stiffness.resize(n, [[0.0; 6]; 6]);
                let frames = &self.frames;
                let update = |(i, (sum, kk)): (usize, (&mut ContactSum, &mut Stiffness6))| {
                    if let Some(kind) = modes[i] {
                        (*sum, *kk) = per_flake(&flakes[i], &frames[i], kind);
                    }
                };
                if parallel {
                    self.sums
                        .par_iter_mut()
                        .zip(self.raw_stiffness.par_iter_mut())
                        .enumerate()
                        .for_each(update);
                } else {
                    self.sums
                        .iter_mut()
                        .zip(self.raw_stiffness.iter_mut())
                        .enumerate()
                        .for_each(update);
                }
            }
        }
        self.force.resize(n, [0.0; 3]);
        self.torque.resize(n, [0.0; 3]);
        self.surface_energy.resize(n, 0.0);
        let mut energy = 0.0;
        let mut max_depth: f64 = 0.0;
        for (i, s) in self.sums.iter().enumerate() {
            self.force[i] = add(s.force, scene.external_force);
            self.torque[i] = s.torque;
            self.surface_energy[i] = s.energy;
            energy += s.energy;
            max_depth = max_depth.max(s.max_depth);
        }
        // The symmetric stiffness from the accumulated upper triangle.
        self.stiffness.clear();
        self.stiffness.extend(self.raw_stiffness.iter().map(|kk| {
            std::array::from_fn(|a| {
                std::array::from_fn(|b| if b < a { kk[b][a] } else { kk[a][b] })
            })
        }));
        // Flake–flake contacts, pairs in (i, j) order.
        let (lx, ly) = scene.period();
        self.centres.clear();
        self.centres.extend(flakes.iter().map(|f| f.position));
        self.pairs.clear();
        self.scratch_pairs.clear();
        let range = 2.0 * shape.a;
        let candidates = self.cells.pairs(&self.centres, lx, ly, range);
        for &(i, j) in candidates {
            let ci = self.centres[i];
            let cj = image_near(ci, self.centres[j], lx, ly);
            let mode = |f: usize| match refresh {
                None => Some(kind),
                Some(r) => r[f],
            };
            // The pair's stiffness: fresh differences if either flake asks for them, the
            // step's kept differences if either is refreshed, none otherwise (or for the
            // explicit integrator).
            let pair_kind = match (mode(i), mode(j)) {
                _ if !stiffness => StiffnessKind::None,
                (Some(StiffnessKind::Difference), _) | (_, Some(StiffnessKind::Difference)) => {
                    StiffnessKind::Difference
                }
                (None, None) => StiffnessKind::None,
                _ => StiffnessKind::GaussNewton,
            };
            let (fi, fj) = (&self.frames[i], &self.frames[j]);
            // Neither flake moved since the last evaluation: its contact is unchanged.
            let kept = (refresh.is_some() && !refreshed(i) && !refreshed(j))
                .then(|| {
                    self.pair_forces
                        .binary_search_by(|q| (q.0, q.1).cmp(&(i, j)))
                        .ok()
                        .map(|at| self.pair_forces[at].2)
                })
                .flatten();
            let p = kept.unwrap_or_else(|| {
                pair_contact(scene.samples, fi, ci, fj, cj, shape.a, shape.c, k)
            });
            self.scratch_pairs.push((i, j, p));
            self.force[i] = add(self.force[i], p.force_i);
            self.torque[i] = add(self.torque[i], p.torque_i);
            self.force[j] = add(self.force[j], p.force_j);
            self.torque[j] = add(self.torque[j], p.torque_j);
            energy += p.energy;
            if p.energy > 0.0 {
                let stiff = match pair_kind {
                    StiffnessKind::Difference => {
                        pair_stiffness(scene, &flakes[i], ci, &flakes[j], cj)
                    }
                    StiffnessKind::GaussNewton => {
                        cached_pair_stiffness(&mut self.pair_cache, scene, flakes, i, j)
                    }
                    StiffnessKind::None => Vec::new(),
                };
                self.pairs.push(PairLoad {
                    i,
                    j,
                    energy: p.energy,
                    stiffness: stiff,
                });
            }
        }
        std::mem::swap(&mut self.pair_forces, &mut self.scratch_pairs);
        self.penalty_energy = energy;
        self.max_depth = max_depth;
    }
}

/// The difference stiffness of pair (i, j), computed at the pair's first touching
/// evaluation since [`Loads::forget_pair_stiffness`] and reused after (a modified Newton
/// matrix for pairs: the stiffness changes little within a step, and one difference
/// stiffness costs 13 pair evaluations).
fn cached_pair_stiffness(
    cache: &mut Vec<(usize, usize, Vec<f64>)>,
    scene: &Scene<'_>,
    flakes: &[Flake],
    i: usize,
    j: usize,
) -> Vec<f64> {
    if let Some(c) = cache.iter().find(|c| c.0 == i && c.1 == j) {
        return c.2.clone();
    }
    let (lx, ly) = scene.period();
    let ci = flakes[i].position;
    let cj = image_near(ci, flakes[j].position, lx, ly);
    let m = pair_stiffness(scene, &flakes[i], ci, &flakes[j], cj);
    cache.push((i, j, m.clone()));
    m
}

/// The periodic image of `cj` nearest to `ci` in x and y.
fn image_near(ci: Vec3, cj: Vec3, lx: f64, ly: f64) -> Vec3 {
    let d = sub(cj, ci);
    [
        ci[0] + min_image(d[0], lx),
        ci[1] + min_image(d[1], ly),
        cj[2],
    ]
}

/// A flake's orientation turned by the rotation vector t/a (t: rim displacement \[m\]).
fn turned(o: Quat, t: &[f64], a: f64) -> Quat {
    let th = [t[0] / a, t[1] / a, t[2] / a];
    let angle = (th[0] * th[0] + th[1] * th[1] + th[2] * th[2]).sqrt();
    Quat::from_axis_angle(th, angle).compose(o).normalized()
}

/// ∂²U/∂q² of N coordinates (blocks of translation \[m\] and rotation \[rad\] about world
/// axes, three each) by forward differences of the generalised force Q = −∂U/∂q that
/// `generalised` returns for a perturbation (lengths; rotations as rim displacement a·θ;
/// `base` = Q at zero), with step [`PAIR_DIFFERENCE_STEP`]·c; symmetrised, row-major N×N.
fn difference_stiffness<const N: usize>(
    shape: &FlakeShape,
    base: [f64; N],
    generalised: impl Fn(&[f64; N]) -> [f64; N],
) -> Vec<f64> {
    let h = PAIR_DIFFERENCE_STEP * shape.c;
    let mut m = vec![0.0; N * N];
    for col in 0..N {
        let mut plus = [0.0; N];
        plus[col] = h;
        let gp = generalised(&plus);
        // Rotational columns were perturbed by h/a rad: back to radians.
        let scale = if col % 6 >= 3 { shape.a } else { 1.0 };
        for row in 0..N {
            m[row * N + col] = -(gp[row] - base[row]) / h * scale;
        }
    }
    for r in 0..N {
        for c in 0..r {
            let s = 0.5 * (m[r * N + c] + m[c * N + r]);
            m[r * N + c] = s;
            m[c * N + r] = s;
        }
    }
    m
}

/// The full stiffness of one flake's two surface contacts ([`StiffnessKind::Difference`]).
fn surface_stiffness_difference(scene: &Scene<'_>, f: &Flake) -> Stiffness6 {
    let shape = scene.shape;
    let generalised = |q: &[f64; 6]| {
        let o = turned(f.orientation, &q[3..6], shape.a);
        let fr = FlakeFrame::for_surface_contacts(&shape, o.to_matrix());
        let c = add(f.position, [q[0], q[1], q[2]]);
        let k = scene.stiffness;
        let mut s = surface_contact(&scene.lower, Side::Below, &fr, c, k);
        s.accumulate(&surface_contact(&scene.upper, Side::Above, &fr, c, k));
        [
            s.force[0],
            s.force[1],
            s.force[2],
            s.torque[0],
            s.torque[1],
            s.torque[2],
        ]
    };
    let m = difference_stiffness::<6>(&shape, generalised(&[0.0; 6]), generalised);
    std::array::from_fn(|r| std::array::from_fn(|c| m[r * 6 + c]))
}

/// The pair's stiffness ∂²U/∂q², q = (x_i, θ_i, x_j, θ_j), by forward differences of its
/// generalised forces ([`difference_stiffness`]); row-major 12×12.
fn pair_stiffness(scene: &Scene<'_>, fi: &Flake, ci: Vec3, fj: &Flake, cj: Vec3) -> Vec<f64> {
    let shape = scene.shape;
    let generalised = |q: &[f64; 12]| {
        let frame = |o: Quat| FlakeFrame::for_surface_contacts(&shape, o.to_matrix());
        let (qi, qj) = (
            turned(fi.orientation, &q[3..6], shape.a),
            turned(fj.orientation, &q[9..12], shape.a),
        );
        let p = pair_contact(
            scene.samples,
            &frame(qi),
            add(ci, [q[0], q[1], q[2]]),
            &frame(qj),
            add(cj, [q[6], q[7], q[8]]),
            shape.a,
            shape.c,
            scene.stiffness,
        );
        [
            p.force_i[0],
            p.force_i[1],
            p.force_i[2],
            p.torque_i[0],
            p.torque_i[1],
            p.torque_i[2],
            p.force_j[0],
            p.force_j[1],
            p.force_j[2],
            p.torque_j[0],
            p.torque_j[1],
            p.torque_j[2],
        ]
    };
    difference_stiffness::<12>(&shape, generalised(&[0.0; 12]), generalised)
}
