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
//! Jeffery's rotation in the lubricant frame) and η_rot = η·I₁/m ([`super::rigid_body`]: the
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
use super::integrator::{Integrator, Interval};
use super::loads::PARALLEL_FLAKES;
use super::neighbours::{CellList, min_image};
pub use super::overdamped_options::{NewtonMatrix, OverdampedOptions, OverdampedStats};
use super::proximal_metric::InertialScheme;
use super::quaternion::Vec3;
use super::rigid_body::Flake;
use super::state::{DemState, drag_target};
use super::union_find::{components, union};

/// Extra centre distance, in flake radii a, beyond contact range (2a) within which flakes
/// share a cluster: 0.25a = 1.5 µm for the seed's flakes, 30× what the tool advances in a
/// ramp stage at 0.08 m/s.
pub const CLUSTER_MARGIN: f64 = 0.25;

/// The overdamped integrator's state between intervals: per flake, its last step proposal and
/// predictor velocity.
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
    pub fn integrate(
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
                    self.stats.events += r.stats.events;
                    self.stats.onsets += r.stats.onsets;
                    self.stats.onset_overshoot =
                        self.stats.onset_overshoot.max(r.stats.onset_overshoot);
                    self.stats.releases += r.stats.releases;
                    self.stats.release_excursion =
                        self.stats.release_excursion.max(r.stats.release_excursion);
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

impl Integrator for Overdamped {
    fn name(&self) -> &'static str {
        "overdamped"
    }

    /// Integrates over `interval.duration` with steps of its own (`Overdamped::advance_with`);
    /// the drag's target of each step is evaluated at its start.
    fn advance(&mut self, state: &mut DemState, interval: Interval) -> usize {
        self.advance_with(state, interval, None)
    }

    fn reset(&mut self) {
        Overdamped::reset(self);
    }

    fn overdamped_stats(&self) -> Option<OverdampedStats> {
        Some(self.stats())
    }
}

impl Overdamped {
    /// Integrates `state` over `interval.duration` with steps of its own: backward Euler of
    /// the inertia-free flow, or with `inertial` of Eq. 15–16 with inertia in that scheme
    /// ([`super::inertial`]; the flakes' velocities are then their state, not a predictor
    /// kept here). Returns the steps taken.
    pub(super) fn advance_with(
        &mut self,
        state: &mut DemState,
        interval: Interval,
        inertial: Option<InertialScheme>,
    ) -> usize {
        if inertial.is_some() {
            self.reset();
        }
        let duration = interval.duration;
        let (params, def, tool, offset) = (
            &state.params,
            &state.deformable,
            &state.tool,
            state.tool_offset,
        );
        let mut flakes = std::mem::take(&mut state.flakes);
        let drag = |f: &Flake, shift: f64| drag_target(params, def, tool, offset, f, shift);
        let mut scene = state.scene(state.tool_displacement());
        scene.parallel = false;
        let env = Environment {
            scene,
            shift: state.tool_displacement(),
            tool_velocity: params.tool_velocity,
            eta: params.damping.eta,
            eta_rot: params.damping.eta_rot,
            inertia: state.body.inertia,
            mass: inertial.map(|_| state.body.mass),
            scheme: inertial.unwrap_or_default(),
            drag: &drag,
        };
        let parallel = state.parallel && flakes.len() >= PARALLEL_FLAKES;
        let period = (def.lx(), def.ly());
        let steps = self.integrate(&mut flakes, &env, period, duration, parallel);
        state.flakes = flakes;
        state.wrap_positions();
        state.advance_tool(duration);
        state.time += duration;
        state.steps += steps;
        state.forces_valid = false;
        steps as usize
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
