//! The Moreau–Jean θ-scheme of seed 002 Eq. 3–4 for a collection of rigid bodies:
//!
//! 1. q̇_free = q̇(t) + h𝕄⁻¹F_ext (forces are constant in time, so θF(t+h) + (1−θ)F(t) = F);
//! 2. predicted configuration q_m = q(t) + h(1−θ)q̇(t), where contacts are detected and the
//!    local frames built (§2.2: "a prediction of the configuration parameter");
//! 3. NSGS on 𝕎hr − v = −v_free with the law of [`super::local_law`], warm-started from the
//!    previous step's impulses of the same shape pair;
//! 4. q(t+h) = q(t) + hθq̇(t+h) + h(1−θ)q̇(t).
//!
//! Each step also returns its energy bookkeeping (Eq. 8–11): the heat of contact α is
//! 𝓔_α = −P_α·(u_α⁺ + u_α⁻)/2 (Eq. 10 written at the contact, split half to each body), and
//! exactly Σ𝓔_α = W_ext + W_drivers − ΔKE_free, because 𝕄(q̇⁺ − q̇⁻) = hF + 𝐇P holds to round-off.

use std::collections::HashMap;

use super::body::{Body, Dof};
use super::contact::{Contact, local_velocity};
use super::detect::Detector;
use super::local_law::ContactLawParams;
use super::nsgs::{LocalProblem, NsgsReport, SolverParams, SweepOrder, apply_impulse, solve};

/// Settings of the time integration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepParams {
    /// Time step h (s).
    pub h: f64,
    /// θ of the scheme, in [½, 1] (Eq. 3).
    pub theta: f64,
    /// Gravity (m/s²).
    pub gravity: [f64; 2],
    /// x period of the domain (m), if periodic.
    pub period: Option<f64>,
    /// Alert distance (m): pairs with a predicted gap up to it are contacts.
    pub alert: f64,
    /// The contact law.
    pub law: ContactLawParams,
    /// NSGS settings.
    pub solver: SolverParams,
}

/// Eq. 14's combination of two bodies' cohesions, 2g_ag_b/(g_a + g_b) (0 if either is 0).
pub fn harmonic_cohesion(ga: f64, gb: f64) -> f64 {
    if ga <= 0.0 || gb <= 0.0 {
        0.0
    } else {
        2.0 * ga * gb / (ga + gb)
    }
}

/// What one step did.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StepReport {
    /// The NSGS outcome.
    pub solve: NsgsReport,
    /// Number of contacts.
    pub contacts: usize,
    /// Σ𝓔_α, heat put into all bodies by the contacts (J per unit depth).
    pub heat: f64,
    /// Work of the applied forces and gravity on free degrees of freedom (J/m).
    pub external_work: f64,
    /// Work of the driven degrees of freedom on the rest through contacts (J/m).
    pub driver_work: f64,
    /// Change of the free kinetic energy (J/m).
    pub delta_kinetic: f64,
}

/// Upper edges (sweeps, inclusive) of the classes of [`SolverStats::sweep_histogram`]; the last
/// class holds everything above the last edge.
pub const SWEEP_CLASS_EDGES: [usize; 7] = [25, 50, 100, 200, 400, 800, 1600];

/// Running solver statistics over many steps (reported, never silent).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SolverStats {
    /// Steps taken.
    pub steps: u64,
    /// Steps whose NSGS did not reach the tolerance.
    pub not_converged: u64,
    /// Σ iterations.
    pub iterations: u64,
    /// Σ contact-iterations (contacts × sweeps): the unit of NSGS cost.
    pub contact_iterations: u64,
    /// Largest final ε seen.
    pub worst_residual: f64,
    /// Steps per class of sweeps taken (classes by [`SWEEP_CLASS_EDGES`]).
    pub sweep_histogram: [u64; 8],
    /// Σ ε/tolerance over the steps that did not converge (their mean says how far from the
    /// tolerance the cap stopped them).
    pub capped_excess_sum: f64,
}

impl SolverStats {
    /// Records one step's solve with tolerance `tolerance` and `contacts` contacts.
    pub fn record(&mut self, solve: &NsgsReport, contacts: usize, tolerance: f64) {
        self.steps += 1;
        self.iterations += solve.iterations as u64;
        self.contact_iterations += (contacts * solve.iterations) as u64;
        if !solve.converged {
            self.not_converged += 1;
            self.capped_excess_sum += solve.residual / tolerance;
        }
        self.worst_residual = self.worst_residual.max(solve.residual);
        let class = SWEEP_CLASS_EDGES
            .iter()
            .position(|&e| solve.iterations <= e)
            .unwrap_or(SWEEP_CLASS_EDGES.len());
        self.sweep_histogram[class] += 1;
    }

    /// Adds another run's statistics (sums; the worst residual is the larger).
    pub fn add(&mut self, o: &SolverStats) {
        self.steps += o.steps;
        self.not_converged += o.not_converged;
        self.iterations += o.iterations;
        self.contact_iterations += o.contact_iterations;
        self.worst_residual = self.worst_residual.max(o.worst_residual);
        for (a, b) in self.sweep_histogram.iter_mut().zip(&o.sweep_histogram) {
            *a += b;
        }
        self.capped_excess_sum += o.capped_excess_sum;
    }

    /// The statistics accumulated since the snapshot `earlier` of the same run (the worst
    /// residual is the run's so far: a maximum cannot be subtracted).
    pub fn since(&self, earlier: &SolverStats) -> SolverStats {
        let mut d = *self;
        d.steps -= earlier.steps;
        d.not_converged -= earlier.not_converged;
        d.iterations -= earlier.iterations;
        d.contact_iterations -= earlier.contact_iterations;
        for (a, b) in d.sweep_histogram.iter_mut().zip(&earlier.sweep_histogram) {
            *a -= b;
        }
        d.capped_excess_sum -= earlier.capped_excess_sum;
        d
    }

    /// Fraction of the steps that did not converge.
    pub fn not_converged_fraction(&self) -> f64 {
        self.not_converged as f64 / self.steps.max(1) as f64
    }

    /// Mean ε/tolerance of the steps stopped at the cap (NaN if none).
    pub fn mean_capped_excess(&self) -> f64 {
        if self.not_converged == 0 {
            f64::NAN
        } else {
            self.capped_excess_sum / self.not_converged as f64
        }
    }

    /// One-line summary: sweeps/step, steps at the cap with their mean ε/tol, and the
    /// histogram of sweeps per step.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{:.1} sweeps/step, {} of {} steps not converged ({:.2} %, mean ε/tol at the cap {:.2}), \
             sweeps per step",
            self.mean_iterations(),
            self.not_converged,
            self.steps,
            100.0 * self.not_converged_fraction(),
            self.mean_capped_excess()
        );
        let mut lo = 0;
        for (k, n) in self.sweep_histogram.iter().enumerate() {
            match SWEEP_CLASS_EDGES.get(k) {
                Some(&hi) => s.push_str(&format!(" {}–{hi}: {n},", lo + 1)),
                None => s.push_str(&format!(" >{lo}: {n}")),
            }
            lo = SWEEP_CLASS_EDGES.get(k).copied().unwrap_or(lo);
        }
        s
    }

    /// Mean sweeps per step.
    pub fn mean_iterations(&self) -> f64 {
        self.iterations as f64 / self.steps.max(1) as f64
    }
}

/// A collection of rigid bodies under NSCD.
#[derive(Debug, Clone)]
pub struct RigidAssembly {
    /// The bodies (their q and q̇ are the state).
    pub bodies: Vec<Body>,
    /// Integration settings.
    pub params: StepParams,
    /// Contacts of the last step.
    pub contacts: Vec<Contact>,
    /// Impulses P = h·r (normal, tangential) of the last step, one per contact (N·s/m).
    pub impulses: Vec<[f64; 2]>,
    /// Heat put into each body by the last step (J/m), Eq. 10 split half-half.
    pub heat: Vec<f64>,
    /// Heat of each contact of the last step (J/m).
    pub contact_heat: Vec<f64>,
    /// Solver statistics since construction.
    pub stats: SolverStats,
    /// Per-body cohesion g_i (N/m); when not empty, a contact's γ is the harmonic combination
    /// 2g_ag_b/(g_a + g_b), the structure of seed 002 Eq. 14 (zero if either is zero). Empty:
    /// every contact uses the law's constant γ.
    pub body_cohesion: Vec<f64>,
    detector: Detector,
    problems: Vec<LocalProblem>,
    warm: HashMap<(u32, u32), [f64; 2]>,
    predicted: Vec<[f64; 3]>,
    velocity: Vec<[f64; 3]>,
    inv_mass: Vec<[f64; 3]>,
    u_minus: Vec<[f64; 2]>,
}

impl RigidAssembly {
    /// A system of `bodies` integrated with `params`.
    pub fn new(bodies: Vec<Body>, params: StepParams) -> Self {
        Self {
            bodies,
            params,
            contacts: Vec::new(),
            impulses: Vec::new(),
            heat: Vec::new(),
            contact_heat: Vec::new(),
            stats: SolverStats::default(),
            body_cohesion: Vec::new(),
            detector: Detector::default(),
            problems: Vec::new(),
            warm: HashMap::new(),
            predicted: Vec::new(),
            velocity: Vec::new(),
            inv_mass: Vec::new(),
            u_minus: Vec::new(),
        }
    }

    /// Generalised applied force on degree of freedom `k` of a body (gravity included).
    fn applied_force(&self, body: &Body, k: usize) -> f64 {
        let g = if body.gravity && k < 2 {
            body.mass * self.params.gravity[k]
        } else {
            0.0
        };
        body.force[k] + g
    }

    /// Advances one step h.
    #[allow(clippy::needless_range_loop)] // dof k of parallel arrays (q, v, 1/m, dofs, rows)
    pub fn step(&mut self) -> StepReport {
        let StepParams { h, theta, .. } = self.params;
        let n = self.bodies.len();
        self.predicted.clear();
        self.velocity.clear();
        self.inv_mass.clear();
        let mut external_work = 0.0;
        let mut ke0 = 0.0;
        for body in &self.bodies {
            let im = [body.inv_mass(0), body.inv_mass(1), body.inv_mass(2)];
            let mut vf = body.v;
            for k in 0..3 {
                if body.dofs[k] == Dof::Free {
                    vf[k] += h * im[k] * self.applied_force(body, k);
                }
            }
            self.inv_mass.push(im);
            self.velocity.push(vf);
            let mut qm = body.q;
            for k in 0..3 {
                qm[k] += h * (1.0 - theta) * body.v[k];
            }
            self.predicted.push(qm);
            ke0 += body.free_kinetic_energy();
        }
        self.detector.detect(
            &self.bodies,
            &self.predicted,
            self.params.period,
            self.params.alert,
            &mut self.contacts,
        );
        if self.params.solver.order == SweepOrder::Layered {
            // Along the load path: by the contact point's predicted height (ties by shapes,
            // so the order is deterministic).
            let q = &self.predicted;
            let height = |c: &Contact| q[c.a][1] + c.lever_a[1];
            self.contacts.sort_unstable_by(|x, y| {
                height(x)
                    .total_cmp(&height(y))
                    .then((x.shape_a, x.shape_b).cmp(&(y.shape_a, y.shape_b)))
            });
        }
        self.problems.clear();
        self.impulses.clear();
        self.u_minus.clear();
        let law = self.params.law;
        for c in &self.contacts {
            let rows = c.rows();
            let um = local_velocity(&rows, &self.bodies[c.a].v, &self.bodies[c.b].v);
            let bias = law.normal_bias(c.gap, um[0], h, theta);
            let gamma = if self.body_cohesion.is_empty() {
                law.cohesion
            } else {
                harmonic_cohesion(self.body_cohesion[c.a], self.body_cohesion[c.b])
            };
            let shift = law.cohesive_shift(c.gap, h, gamma);
            let p = LocalProblem::new(&self.bodies, c.a, c.b, rows, bias, shift, law.mu);
            let warm = self
                .warm
                .get(&(c.shape_a, c.shape_b))
                .copied()
                .unwrap_or([0.0; 2]);
            apply_impulse(&p, warm, &self.inv_mass, &mut self.velocity);
            self.problems.push(p);
            self.impulses.push(warm);
            self.u_minus.push(um);
        }
        let solve_report = solve(
            &self.problems,
            &mut self.impulses,
            &self.inv_mass,
            &mut self.velocity,
            &self.params.solver,
        );
        // Driven degrees of freedom keep their velocity exactly.
        for (body, v) in self.bodies.iter().zip(self.velocity.iter_mut()) {
            for k in 0..3 {
                if body.dofs[k] == Dof::Driven {
                    v[k] = body.v[k];
                }
            }
        }
        // Energy bookkeeping of Eq. 8–11.
        self.heat.clear();
        self.heat.resize(n, 0.0);
        self.contact_heat.clear();
        let mut heat = 0.0;
        let mut driver_work = 0.0;
        for ((c, p), (prob, um)) in self
            .contacts
            .iter()
            .zip(&self.impulses)
            .zip(self.problems.iter().zip(&self.u_minus))
        {
            let up = local_velocity(&prob.rows, &self.velocity[c.a], &self.velocity[c.b]);
            let e = -(p[0] * 0.5 * (up[0] + um[0]) + p[1] * 0.5 * (up[1] + um[1]));
            self.contact_heat.push(e);
            self.heat[c.a] += 0.5 * e;
            self.heat[c.b] += 0.5 * e;
            heat += e;
            for (body, rows) in [(c.a, &prob.rows.0), (c.b, &prob.rows.1)] {
                for k in 0..3 {
                    if self.bodies[body].dofs[k] == Dof::Driven {
                        let vk = self.bodies[body].v[k];
                        driver_work -= (rows[0][k] * p[0] + rows[1][k] * p[1]) * vk;
                    }
                }
            }
        }
        let mut ke1 = 0.0;
        for i in 0..n {
            let body = &self.bodies[i];
            let v1 = self.velocity[i];
            for k in 0..3 {
                if body.dofs[k] == Dof::Free {
                    external_work += h * self.applied_force(body, k) * 0.5 * (v1[k] + body.v[k]);
                }
            }
            let body = &mut self.bodies[i];
            for k in 0..3 {
                body.q[k] += h * (theta * v1[k] + (1.0 - theta) * body.v[k]);
            }
            if let Some(l) = self.params.period {
                body.q[0] = body.q[0].rem_euclid(l);
            }
            body.v = v1;
            ke1 += body.free_kinetic_energy();
        }
        self.warm.clear();
        for (c, p) in self.contacts.iter().zip(&self.impulses) {
            self.warm.insert((c.shape_a, c.shape_b), *p);
        }
        self.stats.record(
            &solve_report,
            self.contacts.len(),
            self.params.solver.tolerance,
        );
        StepReport {
            solve: solve_report,
            contacts: self.contacts.len(),
            heat,
            external_work,
            driver_work,
            delta_kinetic: ke1 - ke0,
        }
    }

    /// Compressive contact force of contact `i` of the last step, (P_n + s)/h ≥ 0 (N/m): the
    /// force that presses the surfaces together, cohesion included (drives Eq. 6–7).
    pub fn compressive_force(&self, i: usize) -> f64 {
        let p = &self.problems[i];
        ((self.impulses[i][0] + p.shift) / self.params.h).max(0.0)
    }
}

impl RigidAssembly {
    /// Mean contact force and torque on body `body` over the last step, Σ𝐇_α P_α / h
    /// (N/m, N/m, N): what the rest of the system exerts on it.
    pub fn contact_force_on(&self, body: usize) -> [f64; 3] {
        let mut f = [0.0; 3];
        for (c, (prob, p)) in self
            .contacts
            .iter()
            .zip(self.problems.iter().zip(&self.impulses))
        {
            for (bi, rows) in [(c.a, &prob.rows.0), (c.b, &prob.rows.1)] {
                if bi == body {
                    for k in 0..3 {
                        f[k] += (rows[0][k] * p[0] + rows[1][k] * p[1]) / self.params.h;
                    }
                }
            }
        }
        f
    }
}
