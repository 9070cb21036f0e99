//! Per-particle temperature with the θ-scheme of seed 002 Eq. 12–13 (θ = ½, Crank–Nicolson):
//! C_i(T_i⁺ − T_i)/dt = θΣ_j H_ij(T_j⁺ − T_i⁺) + (1−θ)Σ_j H_ij(T_j − T_i) + E_i/dt,
//! with C_i = ρ_i c_i V_i (Eq. 13's capacity, per unit depth in 2D), H_ij the contact
//! conductances of the step (Eq. 5) and E_i the heat the contacts put into body i over the step
//! (Eq. 10–11). Bodies with a fixed temperature (reservoirs: the walls, a simplification of
//! Eq. 16's thick boundaries, see the module `thermal`) are not unknowns. The implicit system is
//! symmetric positive definite and solved matrix-free by conjugate gradients.

/// One conductive link of the step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Link {
    /// First body.
    pub i: usize,
    /// Second body.
    pub j: usize,
    /// Conductance H_ij (W/(m·K) per unit depth).
    pub h: f64,
}

/// Relative residual at which CG stops.
pub const CG_TOLERANCE: f64 = 1e-13;

/// Temperatures of a set of bodies.
#[derive(Debug, Clone, PartialEq)]
pub struct ThermalState {
    /// Temperature per body (K).
    pub temperature: Vec<f64>,
    /// Heat capacity per body C_i (J/(m·K)); `f64::INFINITY` marks a fixed-temperature body.
    pub capacity: Vec<f64>,
    /// θ of the scheme (½ in the seed).
    pub theta: f64,
    rhs: Vec<f64>,
    x: Vec<f64>,
    r: Vec<f64>,
    p: Vec<f64>,
    ap: Vec<f64>,
}

impl ThermalState {
    /// A state with temperatures `temperature` and capacities `capacity`, θ = ½.
    pub fn new(temperature: Vec<f64>, capacity: Vec<f64>) -> Self {
        Self {
            temperature,
            capacity,
            theta: 0.5,
            rhs: Vec::new(),
            x: Vec::new(),
            r: Vec::new(),
            p: Vec::new(),
            ap: Vec::new(),
        }
    }

    fn fixed(&self, i: usize) -> bool {
        self.capacity[i].is_infinite()
    }

    /// y = A x on the free bodies, A = C/dt + θL (fixed bodies' entries of x are ignored).
    fn apply(&self, links: &[Link], dt: f64, x: &[f64], y: &mut [f64]) {
        for (i, yi) in y.iter_mut().enumerate() {
            *yi = if self.fixed(i) {
                0.0
            } else {
                self.capacity[i] / dt * x[i]
            };
        }
        for l in links {
            let (fi, fj) = (self.fixed(l.i), self.fixed(l.j));
            let th = self.theta * l.h;
            if !fi {
                y[l.i] += th * (x[l.i] - if fj { 0.0 } else { x[l.j] });
            }
            if !fj {
                y[l.j] += th * (x[l.j] - if fi { 0.0 } else { x[l.i] });
            }
        }
    }

    /// Advances by `dt` with conductive `links` and heat `heat[i]` (J/m) put into each body.
    /// Returns the CG iterations used.
    #[allow(clippy::needless_range_loop)] // body i of parallel arrays (T, C, rhs, CG vectors)
    pub fn step(&mut self, links: &[Link], heat: &[f64], dt: f64) -> usize {
        let n = self.temperature.len();
        let t = &self.temperature;
        let mut rhs = core::mem::take(&mut self.rhs);
        rhs.clear();
        for i in 0..n {
            rhs.push(if self.fixed(i) {
                0.0
            } else {
                self.capacity[i] / dt * t[i] + heat.get(i).copied().unwrap_or(0.0) / dt
            });
        }
        for l in links {
            let flow = (1.0 - self.theta) * l.h * (t[l.j] - t[l.i]);
            let (fi, fj) = (self.fixed(l.i), self.fixed(l.j));
            if !fi {
                rhs[l.i] += flow + if fj { self.theta * l.h * t[l.j] } else { 0.0 };
            }
            if !fj {
                rhs[l.j] -= flow - if fi { self.theta * l.h * t[l.i] } else { 0.0 };
            }
        }
        // Conjugate gradients from the current temperatures.
        let mut x = core::mem::take(&mut self.x);
        let mut r = core::mem::take(&mut self.r);
        let mut p = core::mem::take(&mut self.p);
        let mut ap = core::mem::take(&mut self.ap);
        x.clear();
        x.extend_from_slice(&self.temperature);
        r.resize(n, 0.0);
        p.resize(n, 0.0);
        ap.resize(n, 0.0);
        self.apply(links, dt, &x, &mut ap);
        for i in 0..n {
            r[i] = rhs[i] - ap[i];
            p[i] = r[i];
        }
        let norm_b = rhs
            .iter()
            .map(|v| v * v)
            .sum::<f64>()
            .sqrt()
            .max(f64::MIN_POSITIVE);
        let mut rr: f64 = r.iter().map(|v| v * v).sum();
        let mut iterations = 0;
        while rr.sqrt() > CG_TOLERANCE * norm_b && iterations < 10 * n + 10 {
            self.apply(links, dt, &p, &mut ap);
            let pap: f64 = p.iter().zip(&ap).map(|(a, b)| a * b).sum();
            if pap <= 0.0 {
                break;
            }
            let alpha = rr / pap;
            for i in 0..n {
                x[i] += alpha * p[i];
                r[i] -= alpha * ap[i];
            }
            let rr_new: f64 = r.iter().map(|v| v * v).sum();
            let beta = rr_new / rr;
            for i in 0..n {
                p[i] = r[i] + beta * p[i];
            }
            rr = rr_new;
            iterations += 1;
        }
        for i in 0..n {
            if !self.fixed(i) {
                self.temperature[i] = x[i];
            }
        }
        self.rhs = rhs;
        self.x = x;
        self.r = r;
        self.p = p;
        self.ap = ap;
        iterations
    }

    /// Heat content Σ C_i T_i of the free bodies (J/m).
    pub fn heat_content(&self) -> f64 {
        (0..self.temperature.len())
            .filter(|&i| !self.fixed(i))
            .map(|i| self.capacity[i] * self.temperature[i])
            .sum()
    }
}
