//! The slider on N independent junctions: equation of motion Eq. 1, junction states of §2 and
//! App. A, and the leapfrog of Eq. 8–10.
//!
//! ```text
//! M Ẍ + M η Ẋ = k_L (v t − X) − F,   F = Σ f_i                                   (Eq. 1)
//! X(t+dt) = X + dt Ẋ + dt²/2 γ(t)                                                (Eq. 9)
//! Ẋ(t+dt) = Ẋ + dt/2 (γ(t) + γ(t+dt)),  γ = [k_L(vt − X) − F]/M − η Ẋ          (Eq. 8, 10)
//! ```
//!
//! γ(t+dt) contains η·Ẋ(t+dt), so Eq. 10 is implicit in Ẋ; it is linear and solved exactly:
//! Ẋ(t+dt) = [Ẋ + dt/2 (γ(t) + a(t+dt))]/(1 + η dt/2), a = [k_L(vt − X) − F]/M.
//! dt = T0/C_t with T0 = 2π/√(Σk_i/M) and C_t = 10⁴ (App. A).
//!
//! Junction states (App. A): *virgin* (h = 1, never slipped; force from Eq. 11 with x_i = 0,
//! area from Eq. 3), *pinned* (h = 0, θ = 1; f = k_s(X − x_i), A and k frozen at first slip),
//! *slipping* (θ = 0; f = ±ε f_s). Pinned/virgin junctions slip when |f| ≥ f_s; slipping ones
//! re-pin with x_i = X − f/k_s (no force jump) when |Ẋ| < c_min·v. The slip direction is the
//! sign of the force at slip onset (the seed only ever loads forward).

use super::junction::{
    INVERSE_TABLE_INTERVALS, InverseTable, JunctionConsts, JunctionError, JunctionLaw,
    solve_eq11_dichotomy,
};

/// Standard gravity, used to tie the slider mass to the normal load \[m/s²\].
pub const GRAVITY: f64 = 9.81;

/// How Eq. 11 is solved for never-slipped junctions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eq11Solver {
    /// Interpolate the universal inverse (built once by the dichotomy): fast, error < 1e-10.
    Table,
    /// Per-step dichotomy warm-started from the previous force (App. A verbatim): reference.
    Dichotomy,
}

/// All parameters of one run (SI units). [`ModelParams::seed003`] gives §3's values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelParams {
    /// Slider mass M = M0 + M1 \[kg\].
    pub mass: f64,
    /// Loading spring stiffness k_L \[N/m\].
    pub spring_stiffness: f64,
    /// Driving velocity v \[m/s\].
    pub drive_velocity: f64,
    /// Viscous parameter η of Eq. 1 \[1/s\].
    pub eta: f64,
    /// Young's modulus E \[Pa\].
    pub young: f64,
    /// Poisson's ratio ν \[-\].
    pub poisson: f64,
    /// Measured frictional shear strength σ_exp \[Pa\].
    pub sigma_exp: f64,
    /// Kinetic-to-static ratio ε of each junction \[-\].
    pub epsilon: f64,
    /// Area-reduction prefactor α_b of Eq. 3 \[m⁵/N² for p = 3/2\].
    pub alpha_b: f64,
    /// Area-reduction exponent p of Eq. 3 \[-\].
    pub area_exponent: f64,
    /// Re-pinning velocity ratio c_min (re-pin when |Ẋ| < c_min·v) \[-\].
    pub c_min: f64,
    /// Time steps per slider period, C_t (dt = T0/C_t) \[-\].
    pub steps_per_period: f64,
    /// Eq. 11 solver for never-slipped junctions.
    pub solver: Eq11Solver,
}

/// §3's additional masses M1 of the six experiments \[kg\].
pub const SEED003_ADDED_MASSES: [f64; 6] = [0.0, 0.055, 0.111, 0.215, 0.308, 0.552];
/// §3's slider mass M0 \[kg\].
pub const SEED003_SLIDER_MASS: f64 = 0.100;

/// Normal loads of the six experiments, P = (M0 + M1)·g \[N\]: 0.98, 1.52, 2.07, 3.09, 4.00,
/// 6.40 N. The seed quotes P = 1.53, 3.10, 4.01 and 6.40 N for four of them, which matches
/// the slider's weight; the model therefore ties M to P by M = P/g.
pub fn seed003_loads() -> [f64; 6] {
    SEED003_ADDED_MASSES.map(|m1| (SEED003_SLIDER_MASS + m1) * GRAVITY)
}

impl ModelParams {
    /// Seed 003 §3 (and Eq. 4–7): k_L = 9200 N/m, v = 0.1 mm/s, η = 100 s⁻¹, E = 1.6 MPa,
    /// ν = 0.5, σ_exp = 0.23 MPa, ε = 0.9, α_b = 0.725e-15 m⁵/N², p = 3/2, c_min = 0.01,
    /// C_t = 10⁴, for a slider of mass `mass` \[kg\].
    pub fn seed003(mass: f64) -> Self {
        Self {
            mass,
            spring_stiffness: 9200.0,
            drive_velocity: 0.1e-3,
            eta: 100.0,
            young: 1.6e6,
            poisson: 0.5,
            sigma_exp: 0.23e6,
            epsilon: 0.9,
            alpha_b: 0.725e-15,
            area_exponent: 1.5,
            c_min: 0.01,
            steps_per_period: 1e4,
            solver: Eq11Solver::Table,
        }
    }

    /// Seed 003 parameters for normal load `load` \[N\] (mass P/g, see [`seed003_loads`]).
    pub fn seed003_for_load(load: f64) -> Self {
        Self::seed003(load / GRAVITY)
    }

    /// Junction shear strength σ = σ_exp/ε (Eq. 6) \[Pa\].
    pub fn sigma(&self) -> f64 {
        self.sigma_exp / self.epsilon
    }

    /// The junction constants implied by these parameters.
    pub fn junction_law(&self) -> JunctionLaw {
        JunctionLaw {
            young: self.young,
            poisson: self.poisson,
            sigma: self.sigma(),
            alpha_b: self.alpha_b,
            p: self.area_exponent,
        }
    }

    /// The constants of every junction of `areas` \[m²\] under [`Self::junction_law`]; the
    /// first invalid area is reported with its index.
    ///
    /// # Errors
    ///
    /// [`ModelError::Junction`] with the index of the first area that is not finite and > 0, or
    /// when the junction law is not physical.
    pub fn junction_consts(&self, areas: &[f64]) -> Result<Vec<JunctionConsts>, ModelError> {
        let law = self.junction_law();
        areas
            .iter()
            .enumerate()
            .map(|(index, &a)| {
                law.consts(a)
                    .map_err(|source| ModelError::Junction { index, source })
            })
            .collect()
    }

    /// Checks the slider parameters (the junction law checks its own).
    ///
    /// # Errors
    ///
    /// [`ModelError::BadParameter`] naming the first of mass, spring stiffness, drive velocity,
    /// σ_exp or steps per period not finite and > 0, η or c_min negative or non-finite, or ε
    /// outside (0, 1\]; [`ModelError::Law`] when the junction law is not physical.
    pub fn validate(&self) -> Result<(), ModelError> {
        let pos = |x: f64| x.is_finite() && x > 0.0;
        let checks = [
            ("mass", pos(self.mass)),
            ("spring stiffness", pos(self.spring_stiffness)),
            ("drive velocity", pos(self.drive_velocity)),
            ("eta", self.eta.is_finite() && self.eta >= 0.0),
            (
                "epsilon",
                self.epsilon.is_finite() && self.epsilon > 0.0 && self.epsilon <= 1.0,
            ),
            ("sigma_exp", pos(self.sigma_exp)),
            ("c_min", self.c_min.is_finite() && self.c_min >= 0.0),
            ("steps per period", pos(self.steps_per_period)),
        ];
        for (name, ok) in checks {
            if !ok {
                return Err(ModelError::BadParameter(name));
            }
        }
        self.junction_law().validate()?;
        Ok(())
    }
}

/// Why a simulation cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// A slider parameter is out of its domain.
    #[error("model parameter '{0}' is out of its physical domain")]
    BadParameter(&'static str),
    /// A junction cannot be built.
    #[error("junction {index}: {source}")]
    Junction {
        /// Index of the junction in the population.
        index: usize,
        /// What is wrong with it.
        source: JunctionError,
    },
    /// Wrapper for interface-law errors.
    #[error(transparent)]
    Law(#[from] JunctionError),
    /// No junctions.
    #[error("the junction population is empty")]
    Empty,
}

/// State of one junction (App. A flags h_i, θ_i).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JunctionState {
    /// Never slipped (h = 1, θ = 1): Eq. 11 with Eq. 3.
    Virgin,
    /// Pinned after having slipped (h = 0, θ = 1): A and k frozen.
    Pinned,
    /// Slipping (θ = 0): f = ±ε f_s.
    Slipping,
}

/// Number of junctions in each state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StateCounts {
    /// Never slipped.
    pub virgin: usize,
    /// Re-pinned after a slip.
    pub pinned: usize,
    /// Slipping.
    pub slipping: usize,
}

/// One slider simulation, advanced step by step.
#[derive(Clone, Debug)]
pub struct Simulation {
    params: ModelParams,
    law: JunctionLaw,
    consts: Vec<JunctionConsts>,
    table: InverseTable,
    state: Vec<JunctionState>,
    /// Anchor x_i \[m\].
    anchor: Vec<f64>,
    /// Current force f_i \[N\].
    force: Vec<f64>,
    /// Current area A_i \[m²\].
    area: Vec<f64>,
    /// Dimensionless force of virgin junctions (warm start of the dichotomy).
    fhat: Vec<f64>,
    dt: f64,
    steps: u64,
    t: f64,
    x: f64,
    xdot: f64,
    gamma: f64,
    total_force: f64,
    total_area: f64,
    counts: StateCounts,
}

impl Simulation {
    /// A slider at rest (X = Ẋ = γ = 0, every junction virgin) on junctions of initial areas
    /// `areas` \[m²\].
    ///
    /// # Errors
    ///
    /// Those of [`ModelParams::validate`]; [`ModelError::Empty`] for no junction;
    /// [`ModelError::Junction`] for an area not finite and > 0.
    pub fn new(params: ModelParams, areas: &[f64]) -> Result<Self, ModelError> {
        params.validate()?;
        if areas.is_empty() {
            return Err(ModelError::Empty);
        }
        let consts = params.junction_consts(areas)?;
        let y_max = consts.iter().map(|c| c.y_slip).fold(0.0, f64::max);
        let table = InverseTable::new(y_max, params.poisson, INVERSE_TABLE_INTERVALS);
        let k_total: f64 = consts.iter().map(|c| c.k0).sum();
        let omega0 = (k_total / params.mass).sqrt();
        let dt = 2.0 * std::f64::consts::PI / omega0 / params.steps_per_period;
        let n = consts.len();
        Ok(Self {
            params,
            law: params.junction_law(),
            table,
            state: vec![JunctionState::Virgin; n],
            anchor: vec![0.0; n],
            force: vec![0.0; n],
            area: consts.iter().map(|c| c.area0).collect(),
            fhat: vec![0.0; n],
            consts,
            dt,
            steps: 0,
            t: 0.0,
            x: 0.0,
            xdot: 0.0,
            gamma: 0.0,
            total_force: 0.0,
            total_area: areas.iter().sum(),
            counts: StateCounts {
                virgin: n,
                ..Default::default()
            },
        })
    }

    /// Advances one leapfrog step (Eq. 9, junction scan of App. A, Eq. 10).
    pub fn step(&mut self) {
        let p = &self.params;
        let dt = self.dt;
        let x_new = self.x + dt * self.xdot + 0.5 * dt * dt * self.gamma;
        let t_new = self.t + dt;
        let repin = self.xdot.abs() < p.c_min * p.drive_velocity;
        let eps = p.epsilon;
        let mut total_force = 0.0;
        let mut total_area = 0.0;
        let mut counts = StateCounts::default();
        for i in 0..self.consts.len() {
            let c = &self.consts[i];
            let (f, a) = match self.state[i] {
                JunctionState::Virgin => {
                    let y = x_new / c.x_ref;
                    if y.abs() >= c.y_slip {
                        self.state[i] = JunctionState::Slipping;
                        counts.slipping += 1;
                        (eps * c.f_slip.copysign(y), c.area_slip)
                    } else {
                        let fh = match p.solver {
                            Eq11Solver::Table => self.table.eval(y.abs()),
                            Eq11Solver::Dichotomy => {
                                solve_eq11_dichotomy(y.abs(), self.fhat[i], c.fhat_slip, p.poisson)
                            }
                        }
                        .min(c.fhat_slip);
                        self.fhat[i] = fh;
                        counts.virgin += 1;
                        // A = A0(1 − f̂²), written as (1−f̂)(1+f̂) for accuracy.
                        (
                            (fh * c.f_ref).copysign(y),
                            c.area0 * (1.0 - fh) * (1.0 + fh),
                        )
                    }
                }
                JunctionState::Pinned => {
                    let f = c.k_slip * (x_new - self.anchor[i]);
                    if f.abs() >= c.f_slip {
                        self.state[i] = JunctionState::Slipping;
                        counts.slipping += 1;
                        (eps * c.f_slip.copysign(f), c.area_slip)
                    } else {
                        counts.pinned += 1;
                        (f, c.area_slip)
                    }
                }
                JunctionState::Slipping => {
                    let f = eps * c.f_slip.copysign(self.force[i]);
                    if repin {
                        self.state[i] = JunctionState::Pinned;
                        self.anchor[i] = x_new - f / c.k_slip;
                        counts.pinned += 1;
                    } else {
                        counts.slipping += 1;
                    }
                    (f, c.area_slip)
                }
            };
            self.force[i] = f;
            self.area[i] = a;
            total_force += f;
            total_area += a;
        }
        let drive = p.spring_stiffness * (p.drive_velocity * t_new - x_new);
        let accel = (drive - total_force) / p.mass;
        let xdot_new = (self.xdot + 0.5 * dt * (self.gamma + accel)) / (1.0 + 0.5 * p.eta * dt);
        self.gamma = accel - p.eta * xdot_new;
        self.xdot = xdot_new;
        self.x = x_new;
        self.t = t_new;
        self.steps += 1;
        self.total_force = total_force;
        self.total_area = total_area;
        self.counts = counts;
    }

    /// Parameters of the run.
    pub fn params(&self) -> &ModelParams {
        &self.params
    }
    /// Time step dt = T0/C_t \[s\].
    pub fn dt(&self) -> f64 {
        self.dt
    }
    /// Steps taken.
    pub fn steps(&self) -> u64 {
        self.steps
    }
    /// Time t \[s\].
    pub fn time(&self) -> f64 {
        self.t
    }
    /// Slider position X \[m\].
    pub fn position(&self) -> f64 {
        self.x
    }
    /// Slider velocity Ẋ \[m/s\].
    pub fn velocity(&self) -> f64 {
        self.xdot
    }
    /// Tangential force measured through the spring, Q = k_L(vt − X) \[N\].
    pub fn spring_force(&self) -> f64 {
        self.params.spring_stiffness * (self.params.drive_velocity * self.t - self.x)
    }
    /// Interfacial friction force F = Σ f_i \[N\].
    pub fn interface_force(&self) -> f64 {
        self.total_force
    }
    /// Real contact area A = Σ A_i \[m²\].
    pub fn total_area(&self) -> f64 {
        self.total_area
    }
    /// Junction state counts after the last step.
    pub fn counts(&self) -> StateCounts {
        self.counts
    }
    /// Number of junctions N.
    pub fn len(&self) -> usize {
        self.consts.len()
    }
    /// Always false (a simulation has at least one junction).
    pub fn is_empty(&self) -> bool {
        self.consts.is_empty()
    }
    /// Per-junction constants.
    pub fn junctions(&self) -> &[JunctionConsts] {
        &self.consts
    }
    /// Per-junction forces f_i \[N\].
    pub fn forces(&self) -> &[f64] {
        &self.force
    }
    /// Per-junction areas A_i \[m²\].
    pub fn areas(&self) -> &[f64] {
        &self.area
    }
    /// Per-junction states.
    pub fn states(&self) -> &[JunctionState] {
        &self.state
    }
    /// Initial tangential stiffness K₀ = Σ k_i(A₀) \[N/m\].
    pub fn initial_stiffness(&self) -> f64 {
        self.consts.iter().map(|c| c.k0).sum()
    }
    /// Current stiffness Σ k_i of the non-slipping junctions (Eq. 2 at the current areas).
    pub fn pinned_stiffness(&self) -> f64 {
        let law = self.law;
        self.consts
            .iter()
            .zip(&self.state)
            .zip(&self.area)
            .map(|((c, s), &a)| match s {
                JunctionState::Virgin => {
                    super::junction::shape_factor(a / c.area0, law.poisson).unwrap_or(0.0)
                        * law.young
                        * c.ell0
                }
                JunctionState::Pinned => c.k_slip,
                JunctionState::Slipping => 0.0,
            })
            .sum()
    }
    /// Initial total area A₀ = Σ A_{0i} \[m²\].
    pub fn initial_area(&self) -> f64 {
        self.consts.iter().map(|c| c.area0).sum()
    }
    /// Total area at first slip of every junction, Σ A_si \[m²\].
    pub fn slip_area(&self) -> f64 {
        self.consts.iter().map(|c| c.area_slip).sum()
    }
    /// Junction shear strength σ \[Pa\].
    pub fn sigma(&self) -> f64 {
        self.law.sigma
    }
}
