//! The overdamped integrator: backward-Euler steps of the flakes' gradient flow, sized by the
//! tool's advance and a local error estimate, not by the penalty contacts' frequency
//! (seed 000 Eq. 15–16 without inertia; selection in [`super::regime`]).
//!
//! **The flow.** Dropping m·r̈ and I·ω̇ from Eq. 15–16 (their ratio to the drag is the Stokes
//! ratio, 5·10⁻⁴ at 0.08 m/s):
//!
//! ```text
//! ẋ = u + F(x, q, t)/η,      ω = ω* + τ(x, q, t)/η_rot,      q̇ = ½·ω ⊗ q
//! ```
//!
//! with u, ω* the drag's target ([`super::drag`]: zero in the sheet frame, the Couette flow and
//! Jeffery's rotation in the lubricant frame) and η_rot = η·I₁/m ([`super::integrator`]: the
//! relaxation of L_k at η_rot/I_k toward I_k·ω*_k + I_k·T_k/η_rot has the same fixed point for
//! every body axis, so the rotational mobility is isotropic).
//!
//! **One step** from (x_n, q_n) over h, with the tool at its position at t_n + h and the drag
//! target frozen at the step's start, is the backward Euler step on the rotation group:
//! x_{n+1} = x_n + h·(u + F_{n+1}/η), q_{n+1} = exp(h·(ω* + τ_{n+1}/η_rot))·q_n. Written with the
//! unknown δ = (x_{n+1} − x_n, a·θ) (θ the rotation vector, a the flake radius, so every
//! unknown is a length), it is the stationary point of
//!
//! ```text
//! Φ(δ) = U(δ) + Σ_flakes ½·D·|δ − h·w|²,   D = (η, η, η, η_rot/a², η_rot/a², η_rot/a²)/h
//! ```
//!
//! (U the penalty energy, w = (u, a·ω*)): a proximal step of the penalty energy ("minimising
//! movement"), well posed for every h because the penalty U is C¹ and bounded below. It is
//! solved by Newton's method with the Gauss–Newton stiffness of the surface contacts
//! (Σ k·J·Jᵀ, [`super::contact_surface::Stiffness6`]; the neglected k·t·∂²t term is of order
//! t/R ≈ 10⁻⁴ of it on a face, R = a²/c) and the central-difference stiffness of touching
//! flake pairs ([`super::loads`]). The matrix is block sparse: flakes couple only through
//! touching pairs, so each connected group of flakes is solved on its own (a dense Cholesky of
//! 6·n unknowns, n = 1 for almost every group at the presets' densities). An Armijo
//! backtracking on Φ per group keeps the iteration from cycling when nodes enter or leave
//! contact. A group stops iterating once every member's Newton correction is below
//! [`NEWTON_FRACTION`](super::backward_euler::NEWTON_FRACTION) of the tolerance, and is not
//! evaluated again in that step.
//!
//! **Step size.** The local error of backward Euler is −h²/2·ẍ; it is estimated from the
//! distance between the step and its predictor x_n + h·v_n (v_n the previous step's velocity,
//! or u + F/η at the first step), ê = ½·(δ − h·v_n) (rotation as rim displacement a·θ),
//! filtered through the Newton matrix, e = (diag(D) + K)⁻¹·D·ê (the standard estimate for stiff
//! backward-Euler steps, Hairer & Wanner, *Solving ODEs II*, §IV.8: a contact mode relaxing at
//! λ = k/η ≫ 1/h is at equilibrium after the step in the exact flow and in backward Euler
//! alike, and its share of ê is divided by 1 + h·λ; in free directions e = ê). A change of
//! the surfaces (the BEM–DEM loop's ramp stages) keeps the predictor: the relaxation a jump
//! causes is such a stiff mode. A step with err = max over flakes |e| > `tolerance` is redone
//! with h·max(0.2, 0.9·√(tol/err)); an accepted one proposes h·min(2, max(0.2, 0.9·√(tol/err)))
//! for the next, never above `max_step`, the time the tool needs to advance a fraction of the
//! design overlap ([`OverdampedOptions`]). So the step follows the geometry: long while the
//! flakes ride the flow or sit in equilibrium against the moving tool, short only through the
//! transients after a flake snaps free.
//!
//! **Clusters (multirate).** Flakes interact only through pair contacts, so between two
//! synchronisation points (the ramp stages and the pixel's end, where the surfaces change)
//! every cluster of flakes that could touch — centres closer than 2a + [`CLUSTER_MARGIN`]·a,
//! transitively — is integrated on its own, with its own steps: a flake sliding through a
//! surface at m/s (an edge-on flake pushed into h_Def) takes nanosecond steps without taking
//! the others along. The clusters run in parallel when the system may use rayon's pool (results
//! do not depend on it). Afterwards every pair of flakes of different clusters is checked: if
//! their start distance minus both flakes' largest excursions is below 2a they could have met,
//! and the interval is redone with their clusters merged.
//!
//! **Not modelled** (by construction): inertia — flight after release, overshoot and ringing
//! of the penalty contacts. Their size is the Stokes ratio; the equivalence with the explicit
//! integrator is measured, paired case by case, in `docs/studies/integrator/`.

use rayon::prelude::*;

use super::backward_euler::{ClusterStats, ClusterStepper, Environment, Six};
use super::integrator::Flake;
use super::neighbours::{CellList, min_image};
use super::quaternion::Vec3;

/// Extra centre distance, in flake radii a, beyond contact range (2a) within which flakes
/// share a cluster: 0.25a = 1.5 µm for the seed's flakes, 30× what the tool advances in a
/// ramp stage at 0.08 m/s.
pub const CLUSTER_MARGIN: f64 = 0.25;

/// Settings of the overdamped integrator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OverdampedOptions {
    /// Local error allowed per step \[m\] (a flake's centre, or its rim for rotation).
    pub tolerance: f64,
    /// Longest step \[s\]: the tool's advance per step is at most v0·max_step.
    pub max_step: f64,
    /// The surface contacts' stiffness in the Newton matrix.
    pub newton: NewtonMatrix,
}

/// The stiffness in the Newton matrix of a step (measured on the quick preset's 0.08 m/s
/// case at 30 MPa, β = 0.2, seed index 1, one thread: the default 1.53 s of DEM; pair
/// differences at every evaluation instead of once per step 3.3 s; Gauss–Newton pairs
/// (no curvature) 72 s, their Newton iterations stalled on deep stacks; switching slow groups'
/// surfaces to differences 2.9 s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewtonMatrix {
    /// Surfaces: Gauss–Newton Σ k·J·Jᵀ, one sweep per evaluation (linear convergence where
    /// the neglected curvature k·t·∂²t matters, flakes squeezed deep between the surfaces);
    /// pairs: forward differences once per step.
    GaussNewton,
    /// Forward differences of every force at every evaluation (quadratic convergence; 7
    /// sweeps per evaluation of a flake in contact): a check of the default.
    Difference,
}

/// Work counters of the overdamped integrator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OverdampedStats {
    /// Time steps: per synchronisation interval the most any cluster took, summed.
    pub steps: u64,
    /// Accepted steps summed over clusters.
    pub cluster_steps: u64,
    /// Rejected attempts (error above tolerance or Newton failed), over clusters.
    pub rejected: u64,
    /// Newton iterations, over clusters.
    pub newton_iterations: u64,
    /// Flake evaluations: one flake's surface contacts swept once (the unit of work; an
    /// explicit step costs one per flake).
    pub flake_evaluations: u64,
    /// Intervals redone because flakes of different clusters could have met.
    pub merges: u64,
}

/// The overdamped integrator's state between intervals: per flake, its last step proposal and
/// predictor velocity (owned by the [`super::DemSystem`]).
#[derive(Debug)]
pub struct Overdamped {
    options: OverdampedOptions,
    proposal: Vec<f64>,
    velocity: Vec<Option<Six>>,
    stats: OverdampedStats,
    cells: CellList,
}

impl Overdamped {
    /// A fresh integrator (first steps: `max_step`, cut by the error estimate).
    pub fn new(options: OverdampedOptions) -> Self {
        Self {
            options,
            proposal: Vec::new(),
            velocity: Vec::new(),
            stats: OverdampedStats::default(),
            cells: CellList::default(),
        }
    }

    /// Its settings.
    pub fn options(&self) -> OverdampedOptions {
        self.options
    }

    /// Work done so far.
    pub fn stats(&self) -> OverdampedStats {
        self.stats
    }

    /// Forgets the predictor velocities (the flakes or the force on them were changed from
    /// outside): the next step of each flake predicts with u + F/η at its start.
    pub fn reset(&mut self) {
        self.velocity.iter_mut().for_each(|v| *v = None);
    }

    /// Integrates `flakes` over `duration` \[s\] from the environment's start (positions come
    /// back unwrapped); `parallel`: clusters may run on rayon's pool. Returns the time steps
    /// (the most any cluster took).
    pub fn advance(
        &mut self,
        flakes: &mut [Flake],
        env: &Environment<'_>,
        period: (f64, f64),
        duration: f64,
        parallel: bool,
    ) -> u64 {
        let n = flakes.len();
        if self.proposal.len() != n {
            self.proposal = vec![self.options.max_step; n];
            self.velocity = vec![None; n];
        }
        if n == 0 {
            return 0;
        }
        let a = env.scene.shape.a;
        let start: Vec<Flake> = flakes.to_vec();
        let mut clusters = self.clusters(&start, period, (2.0 + CLUSTER_MARGIN) * a);
        loop {
            let run = |members: &Vec<usize>| self.integrate_cluster(members, &start, env, duration);
            let results: Vec<ClusterRun> = if parallel && clusters.len() > 1 {
                clusters.par_iter().map(run).collect()
            } else {
                clusters.iter().map(run).collect()
            };
            let mut moved = vec![0.0; n];
            let mut label = vec![0; n];
            for (c, (members, r)) in clusters.iter().zip(&results).enumerate() {
                for (k, &i) in members.iter().enumerate() {
                    moved[i] = r.moved[k];
                    label[i] = c;
                }
            }
            let unsafe_pairs = self.unsafe_pairs(&start, &label, &moved, period, 2.0 * a);
            if unsafe_pairs.is_empty() {
                let mut steps = 0;
                for (members, r) in clusters.iter().zip(results) {
                    for (k, &i) in members.iter().enumerate() {
                        flakes[i] = r.flakes[k];
                        self.proposal[i] = r.proposal;
                        self.velocity[i] = r.velocity.as_ref().map(|v| v[k]);
                    }
                    steps = steps.max(r.stats.steps);
                    self.stats.cluster_steps += r.stats.steps;
                    self.stats.rejected += r.stats.rejected;
                    self.stats.newton_iterations += r.stats.newton_iterations;
                    self.stats.flake_evaluations += r.stats.flake_evaluations;
                }
                self.stats.steps += steps;
                return steps;
            }
            // Redo the interval with the clusters of every unsafe pair merged (the work of the
            // discarded attempt is counted).
            for r in &results {
                self.stats.flake_evaluations += r.stats.flake_evaluations;
            }
            self.stats.merges += 1;
            clusters = merge(clusters, &label, &unsafe_pairs);
        }
    }

    /// One cluster over the interval, from its members' start states and persistent data.
    fn integrate_cluster(
        &self,
        members: &[usize],
        start: &[Flake],
        env: &Environment<'_>,
        duration: f64,
    ) -> ClusterRun {
        let mut flakes: Vec<Flake> = members.iter().map(|&i| start[i]).collect();
        let velocity: Option<Vec<Six>> = members.iter().map(|&i| self.velocity[i]).collect();
        let h = members
            .iter()
            .map(|&i| self.proposal[i])
            .fold(f64::INFINITY, f64::min);
        let mut stepper = ClusterStepper::new(self.options, h, velocity);
        let mut moved = vec![0.0; members.len()];
        stepper.integrate(&mut flakes, env, duration, &mut moved);
        ClusterRun {
            flakes,
            moved,
            proposal: stepper.proposal(),
            velocity: stepper.velocity().map(<[Six]>::to_vec),
            stats: stepper.stats(),
        }
    }

    /// Connected components of the flakes whose centres are within `range` (minimum image),
    /// each sorted, in order of their lowest flake.
    fn clusters(&mut self, flakes: &[Flake], period: (f64, f64), range: f64) -> Vec<Vec<usize>> {
        let centres: Vec<Vec3> = flakes.iter().map(|f| f.position).collect();
        let n = flakes.len();
        let mut parent: Vec<usize> = (0..n).collect();
        for &(i, j) in self.cells.pairs(&centres, period.0, period.1, range) {
            union(&mut parent, i, j);
        }
        components(&mut parent)
    }

    /// Pairs of flakes of different clusters that could have come within `contact` of each
    /// other: start distance (minimum image) minus both largest excursions below it.
    fn unsafe_pairs(
        &mut self,
        start: &[Flake],
        label: &[usize],
        moved: &[f64],
        period: (f64, f64),
        contact: f64,
    ) -> Vec<(usize, usize)> {
        let reach = moved.iter().copied().fold(0.0, f64::max);
        let centres: Vec<Vec3> = start.iter().map(|f| f.position).collect();
        self.cells
            .pairs(&centres, period.0, period.1, contact + 2.0 * reach)
            .iter()
            .copied()
            .filter(|&(i, j)| {
                if label[i] == label[j] {
                    return false;
                }
                let d = [
                    min_image(centres[j][0] - centres[i][0], period.0),
                    min_image(centres[j][1] - centres[i][1], period.1),
                    centres[j][2] - centres[i][2],
                ];
                let dist = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                dist - moved[i] - moved[j] < contact
            })
            .collect()
    }
}

/// One cluster's integration over an interval.
struct ClusterRun {
    flakes: Vec<Flake>,
    moved: Vec<f64>,
    proposal: f64,
    velocity: Option<Vec<Six>>,
    stats: ClusterStats,
}

/// Union–find root with path halving.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Joins the sets of `i` and `j` (the lower root becomes the root).
pub(super) fn union(parent: &mut [usize], i: usize, j: usize) {
    let (ri, rj) = (root(parent, i), root(parent, j));
    if ri != rj {
        parent[ri.max(rj)] = ri.min(rj);
    }
}

/// The components of a union–find forest, members sorted, in order of their lowest member.
pub(super) fn components(parent: &mut [usize]) -> Vec<Vec<usize>> {
    let n = parent.len();
    let mut slot = vec![usize::MAX; n];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        let r = root(parent, i);
        if slot[r] == usize::MAX {
            slot[r] = out.len();
            out.push(Vec::new());
        }
        out[slot[r]].push(i);
    }
    out
}

/// `clusters` with the clusters (labels in `label`) of every pair in `pairs` merged.
fn merge(clusters: Vec<Vec<usize>>, label: &[usize], pairs: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..clusters.len()).collect();
    for &(i, j) in pairs {
        union(&mut parent, label[i], label[j]);
    }
    let mut out: Vec<Vec<usize>> = components(&mut parent)
        .into_iter()
        .map(|group| {
            let mut m: Vec<usize> = group.iter().flat_map(|&c| clusters[c].clone()).collect();
            m.sort_unstable();
            m
        })
        .collect();
    out.sort_by_key(|m| m[0]);
    out
}
