//! Constrained conjugate gradient for periodic rough contact with an imposed mean pressure and
//! plastic saturation (seed 000 §5 Step 3, Eq. 20–21; Polonsky & Keer 1999, its Ref. \[39\], made
//! monotone after Dostál's MPRGP; saturation after Almqvist et al. 2007, Ref. \[43\]). The
//! iteration itself is documented in the private module `polonsky_keer::iteration`.
//!
//! # Problem
//! A rigid rough tool is pressed on a flat elastic–perfectly-plastic half-space. The input is the
//! gap of the undeformed surfaces g = h_tool − h_def (Eq. 17/19; [`gap_from_surfaces`]): contact
//! starts where g is smallest. Find the traction t ≥ 0 \[Pa\], the rigid-body approach δ \[m\]
//! and the plastic displacement u_p ≥ 0 \[m\] such that, with u_e = K t ([`HalfSpaceKernel`],
//! zero mean, positive into the deformable body) and the final gap G = g + u_e + u_p − δ,
//!
//! ```text
//! G ≥ 0,   0 ≤ t ≤ p_crit,   G·t = 0,   ⟨t⟩ = p̄,   u_p > 0 only where t = p_crit.
//! ```
//!
//! This is the minimisation of ½ tᵀK t + tᵀg over the box 0 ≤ t ≤ p_crit under ⟨t⟩ = p̄ (Eq. 20),
//! whose Lagrange multiplier is δ. The loaded deformable surface is h_def − u_e − u_p, the tool
//! h_tool − δ.
//!
//! # Convergence criterion
//! With the elastic gap G_e = g + u_e − δ (δ = mean of g + u_e over the free set
//! 0 < t < p_crit) the projected gradient is π_i = G_e,i on the free set, min(G_e,i, 0) where
//! t = 0 (penetration) and max(G_e,i, 0) where t = p_crit (a saturated point that wants to
//! unload). The solve stops when
//!
//! ```text
//! ε = rms(π) / rms(g − ⟨g⟩) ≤ tolerance,
//! ```
//!
//! i.e. the KKT conditions hold to `tolerance` times the roughness of the input (for a flat gap
//! the scale is p̄·L_x/E*; without free point δ is the middle of the multipliers the bounds
//! allow). ε is evaluated on an exactly recomputed u_e = K t. Running out of iterations is
//! [`BemError::NotConverged`] carrying ε.
//!
//! # Cost
//! One iteration is one kernel application (a real FFT pair) for K D with DᵀK D by Parseval,
//! plus one for the preconditioner while it is applied (free set ≥ 1 % of the grid); u_e is
//! updated linearly and recomputed exactly once at convergence. Measured figures are in
//! `benches/benches/bem.rs` and the README.

use thiserror::Error;

use super::kernel::HalfSpaceKernel;
use super::saturation::{impose_mean_pressure, plastic_displacement};
use crate::surface::HeightMap;

mod iteration;
use iteration::IterationOutcome;

/// Errors of the contact solver.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum BemError {
    /// The problem is ill-posed (sizes, non-finite values, pressures out of range).
    #[error("invalid contact problem: {0}")]
    Input(String),
    /// The conjugate gradient ran out of iterations.
    #[error(
        "Polonsky–Keer did not converge: residual {residual:.3e} > tolerance {tolerance:.1e} after {iterations} iterations"
    )]
    NotConverged {
        /// Iterations done.
        iterations: usize,
        /// Residual ε reached (see the module docs).
        residual: f64,
        /// Tolerance asked.
        tolerance: f64,
    },
}

/// Elastic–plastic material of the deformable half-space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Material {
    /// Effective modulus E* \[Pa\].
    pub e_star: f64,
    /// Saturation traction p_crit \[Pa\] (`None`: purely elastic).
    pub p_crit: Option<f64>,
}

impl Material {
    /// Seed 000 §5: aluminium sheet on a cast-iron tool, E* = 55 GPa, p_crit = 340 MPa.
    pub const ALUMINIUM_ON_CAST_IRON: Material = Material {
        e_star: 55e9,
        p_crit: Some(340e6),
    };

    /// A purely elastic material of modulus `e_star` \[Pa\].
    pub fn elastic(e_star: f64) -> Self {
        Self {
            e_star,
            p_crit: None,
        }
    }
}

/// Stopping rule of the conjugate gradient.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverOptions {
    /// Tolerance on ε (module docs).
    pub tolerance: f64,
    /// Iteration cap; reaching it is an error.
    pub max_iterations: usize,
}

impl Default for SolverOptions {
    fn default() -> Self {
        Self {
            tolerance: 1e-10,
            max_iterations: 5000,
        }
    }
}

/// Scalar outcome of one solve; the fields are read from the solver's accessors.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveReport {
    /// Conjugate-gradient iterations.
    pub iterations: usize,
    /// Kernel applications (FFT pairs), including the initial and the confirming ones.
    pub fft_pairs: usize,
    /// Final residual ε.
    pub residual: f64,
    /// Rigid-body approach δ \[m\] (the multiplier of the mean-pressure constraint).
    pub approach: f64,
    /// Mean final gap ⟨g + u_e + u_p − δ⟩ between the loaded surfaces \[m\].
    pub mean_gap: f64,
    /// Fraction of points in contact (t > 0), A_c/A_0.
    pub contact_fraction: f64,
    /// Fraction of points at t = p_crit.
    pub saturated_fraction: f64,
}

/// The periodic BEM contact solver: plans, kernel and every work array are allocated once in
/// [`ContactSolver::new`] and reused by every solve, so a sliding loop can call it thousands
/// of times.
///
/// ```
/// use tribo_calibrator::bem::{ContactSolver, Material, SolverOptions};
/// let (n, l) = (32, 1e-4);
/// let gap: Vec<f64> = (0..n * n)
///     .map(|i| 1e-7 * (1.0 - (std::f64::consts::TAU * (i % n) as f64 / n as f64).cos()))
///     .collect();
/// let mut s = ContactSolver::new(n, n, l, l, Material::elastic(55e9), SolverOptions::default())?;
/// let r = s.solve(&gap, 10e6)?;
/// let mean = s.traction().iter().sum::<f64>() / (n * n) as f64;
/// assert!((mean / 10e6 - 1.0).abs() < 1e-10 && r.contact_fraction < 1.0);
/// # Ok::<(), tribo_calibrator::bem::BemError>(())
/// ```
#[derive(Debug)]
pub struct ContactSolver {
    nx: usize,
    ny: usize,
    lx: f64,
    material: Material,
    options: SolverOptions,
    kernel: HalfSpaceKernel,
    traction: Vec<f64>,
    elastic: Vec<f64>,
    plastic: Vec<f64>,
    gap: Vec<f64>,
    direction: Vec<f64>,
    /// 1/K_ii \[Pa/m\]: the step of a point entering or leaving a bound when the CG step is
    /// degenerate (empty or single-point free set).
    fallback_step: f64,
    has_solution: bool,
    /// Precondition the conjugate directions with the inverse kernel on the free set
    /// ([`ContactSolver::set_preconditioned`]); the two work arrays are empty when off.
    preconditioned: bool,
    free_gradient: Vec<f64>,
    preconditioned_gradient: Vec<f64>,
}

impl ContactSolver {
    /// A solver for an `nx × ny` periodic grid of periods `lx × ly` \[m\].
    ///
    /// # Errors
    ///
    /// [`BemError::Input`] for an empty grid (`nx` or `ny` = 0), a period that is not finite and >
    /// 0, E* not finite and > 0, a p_crit given but not finite and > 0, or a solver tolerance not
    /// finite and > 0.
    pub fn new(
        nx: usize,
        ny: usize,
        lx: f64,
        ly: f64,
        material: Material,
        options: SolverOptions,
    ) -> Result<Self, BemError> {
        let bad = |m: String| Err(BemError::Input(m));
        if nx == 0 || ny == 0 {
            return bad(format!("empty grid {nx}×{ny}"));
        }
        if !(lx.is_finite() && lx > 0.0 && ly.is_finite() && ly > 0.0) {
            return bad(format!(
                "periods must be finite and positive, got {lx}, {ly}"
            ));
        }
        if !(material.e_star.is_finite() && material.e_star > 0.0) {
            return bad(format!(
                "E* must be finite and positive, got {}",
                material.e_star
            ));
        }
        if let Some(pc) = material.p_crit
            && !(pc > 0.0 && pc.is_finite())
        {
            return bad(format!("p_crit must be finite and positive, got {pc}"));
        }
        if !(options.tolerance > 0.0 && options.tolerance.is_finite()) {
            return bad(format!(
                "tolerance must be positive, got {}",
                options.tolerance
            ));
        }
        let n = nx * ny;
        let mut kernel = HalfSpaceKernel::new(nx, ny, lx, ly, material.e_star);
        let k_ii = kernel.self_influence();
        Ok(Self {
            nx,
            ny,
            lx,
            material,
            options,
            kernel,
            fallback_step: if k_ii > 0.0 { 1.0 / k_ii } else { 0.0 },
            traction: vec![0.0; n],
            elastic: vec![0.0; n],
            plastic: vec![0.0; n],
            gap: vec![0.0; n],
            direction: vec![0.0; n],
            has_solution: false,
            preconditioned: true,
            free_gradient: vec![0.0; n],
            preconditioned_gradient: vec![0.0; n],
        })
    }

    /// A solver on the grid of `map`.
    ///
    /// # Errors
    ///
    /// Those of [`ContactSolver::new`] ([`BemError::Input`] for a non-physical material or
    /// tolerance).
    pub fn for_map(
        map: &HeightMap,
        material: Material,
        options: SolverOptions,
    ) -> Result<Self, BemError> {
        Self::new(map.nx(), map.ny(), map.lx(), map.ly(), material, options)
    }

    /// Grid columns and rows.
    pub fn shape(&self) -> (usize, usize) {
        (self.nx, self.ny)
    }
    /// The material.
    pub fn material(&self) -> Material {
        self.material
    }
    /// Stopping rule (modifiable between solves).
    pub fn options_mut(&mut self) -> &mut SolverOptions {
        &mut self.options
    }

    /// Allows or forbids the FFT preconditioner of the conjugate directions (allowed by
    /// default; it is applied only while the free set covers ≥ 1 % of the grid, see
    /// `polonsky_keer::iteration` for what it costs and buys).
    pub fn set_preconditioned(&mut self, on: bool) {
        self.preconditioned = on;
        if on && self.free_gradient.is_empty() {
            let n = self.nx * self.ny;
            self.free_gradient = vec![0.0; n];
            self.preconditioned_gradient = vec![0.0; n];
        }
    }

    /// Whether the conjugate directions are preconditioned.
    pub fn is_preconditioned(&self) -> bool {
        self.preconditioned
    }

    /// Cold solve: starts from the uniform traction p̄.
    ///
    /// # Errors
    ///
    /// [`BemError::Input`] when `gap` does not hold one finite value per grid point, or
    /// `mean_pressure` is not finite and > 0 or reaches p_crit (full plastic flow);
    /// [`BemError::NotConverged`] when the conjugate gradient ends above its tolerance after the
    /// iteration limit of [`SolverOptions`].
    pub fn solve(&mut self, gap: &[f64], mean_pressure: f64) -> Result<SolveReport, BemError> {
        self.traction.iter_mut().for_each(|t| *t = mean_pressure);
        self.run(gap, mean_pressure)
    }

    /// Warm solve: starts from the traction of the previous solve (cold if there was none), the
    /// natural start of the next one-pixel step of a sliding sequence.
    ///
    /// # Errors
    ///
    /// As [`solve`](Self::solve).
    pub fn solve_warm(&mut self, gap: &[f64], mean_pressure: f64) -> Result<SolveReport, BemError> {
        if !self.has_solution {
            return self.solve(gap, mean_pressure);
        }
        self.run(gap, mean_pressure)
    }

    /// Warm solve from the previous traction translated by (`sx`, `sy`) pixels (periodic),
    /// t₀(x, y) = t_prev(x − sx, y − sy): the start that follows a tool moved by that many
    /// pixels when the contacts travel with it (cold if there was no previous solve).
    ///
    /// # Errors
    ///
    /// As [`solve`](Self::solve).
    ///
    /// # Panics
    ///
    /// Never for a solver built by [`ContactSolver::new`] (its grid is not empty, so the shifts `sx
    /// mod nx`, `sy mod ny` are in range).
    pub fn solve_warm_shifted(
        &mut self,
        gap: &[f64],
        mean_pressure: f64,
        sx: isize,
        sy: isize,
    ) -> Result<SolveReport, BemError> {
        if !self.has_solution {
            return self.solve(gap, mean_pressure);
        }
        let (nx, ny) = (self.nx, self.ny);
        let ox = sx.rem_euclid(nx as isize) as usize;
        let oy = sy.rem_euclid(ny as isize) as usize;
        for iy in 0..ny {
            let src = &self.traction[((iy + ny - oy) % ny) * nx..][..nx];
            let dst = &mut self.direction[iy * nx..][..nx];
            dst[ox..].copy_from_slice(&src[..nx - ox]);
            dst[..ox].copy_from_slice(&src[nx - ox..]);
        }
        self.traction.copy_from_slice(&self.direction);
        self.run(gap, mean_pressure)
    }

    /// Traction t \[Pa\] of the last solve (row-major).
    pub fn traction(&self) -> &[f64] {
        &self.traction
    }
    /// Elastic displacement u_e = K t \[m\] (zero mean, positive into the deformable body).
    pub fn elastic_displacement(&self) -> &[f64] {
        &self.elastic
    }
    /// Plastic displacement u_p ≥ 0 \[m\] produced by the last solve (not cumulated: add it to
    /// the deformable surface with [`super::deform_plastically`]).
    pub fn plastic_displacement(&self) -> &[f64] {
        &self.plastic
    }
    /// Final gap g + u_e + u_p − δ \[m\] (≥ 0 to the tolerance; 0 in contact).
    pub fn gap(&self) -> &[f64] {
        &self.gap
    }
    /// Contact mask t > 0 (row-major).
    pub fn contact_mask(&self) -> Vec<bool> {
        self.traction.iter().map(|&t| t > 0.0).collect()
    }

    fn validate(&self, g: &[f64], p: f64, pc: f64) -> Result<(), BemError> {
        if g.len() != self.traction.len() {
            return Err(BemError::Input(format!(
                "gap has {} values for a {}×{} grid",
                g.len(),
                self.nx,
                self.ny
            )));
        }
        if let Some(k) = g.iter().position(|v| !v.is_finite()) {
            return Err(BemError::Input(format!(
                "gap at column {}, row {} is not finite ({})",
                k % self.nx,
                k / self.nx,
                g[k]
            )));
        }
        if !(p.is_finite() && p > 0.0) {
            return Err(BemError::Input(format!(
                "mean pressure must be finite and positive, got {p}"
            )));
        }
        if p >= pc {
            return Err(BemError::Input(format!(
                "mean pressure {p} Pa must stay below p_crit = {pc} Pa (full plastic flow)"
            )));
        }
        Ok(())
    }

    fn run(&mut self, g: &[f64], p: f64) -> Result<SolveReport, BemError> {
        let pc = self.material.p_crit.unwrap_or(f64::INFINITY);
        self.validate(g, p, pc)?;
        self.has_solution = false;
        let n = g.len();
        let mean_g = g.iter().sum::<f64>() / n as f64;
        let rms_g = (g.iter().map(|v| (v - mean_g).powi(2)).sum::<f64>() / n as f64).sqrt();
        let scale = if rms_g > 0.0 {
            rms_g
        } else {
            p * self.lx / self.material.e_star
        };
        self.traction
            .iter_mut()
            .for_each(|t| *t = if t.is_finite() { t.clamp(0.0, pc) } else { 0.0 });
        impose_mean_pressure(&mut self.traction, p, pc);
        let IterationOutcome {
            iterations,
            fft_pairs,
            residual,
            delta,
        } = self.iterate(g, p, pc, scale)?;
        // `elastic` holds w = g + u_e: split it into u_e and the elastic gap w − δ.
        for ((u, gp), gi) in self.elastic.iter_mut().zip(self.gap.iter_mut()).zip(g) {
            *gp = *u - delta;
            *u -= gi;
        }

        plastic_displacement(&self.traction, &self.gap, pc, &mut self.plastic);
        for (gp, up) in self.gap.iter_mut().zip(&self.plastic) {
            *gp += up;
        }
        self.has_solution = true;
        let nf = n as f64;
        Ok(SolveReport {
            iterations,
            fft_pairs,
            residual,
            approach: delta,
            mean_gap: self.gap.iter().sum::<f64>() / nf,
            contact_fraction: self.traction.iter().filter(|&&t| t > 0.0).count() as f64 / nf,
            saturated_fraction: self.traction.iter().filter(|&&t| t >= pc).count() as f64 / nf,
        })
    }
}

/// The gap of the undeformed surfaces, g = h_tool − h_def (seed 000 Eq. 17; with blocked
/// particles merged into the tool, Eq. 19). Both maps must share the grid.
///
/// # Errors
///
/// [`BemError::Input`] when the two maps differ in grid size or spacing.
pub fn gap_from_surfaces(tool: &HeightMap, deformable: &HeightMap) -> Result<Vec<f64>, BemError> {
    if tool.nx() != deformable.nx()
        || tool.ny() != deformable.ny()
        || tool.dx() != deformable.dx()
        || tool.dy() != deformable.dy()
    {
        return Err(BemError::Input(format!(
            "tool grid {}×{} (dx {}, dy {}) differs from deformable grid {}×{} (dx {}, dy {})",
            tool.nx(),
            tool.ny(),
            tool.dx(),
            tool.dy(),
            deformable.nx(),
            deformable.ny(),
            deformable.dx(),
            deformable.dy()
        )));
    }
    Ok(tool
        .heights()
        .iter()
        .zip(deformable.heights())
        .map(|(a, b)| a - b)
        .collect())
}
