//! One shear experiment on a [`ThermoCell`] (seed 002 §5.2–5.3): compaction with the bottom
//! wall at rest, then shear at V; a history per window (μ = F_t/F_n on the top wall, top-wall
//! height, T_max, NSGS sweeps), steady-state detection from the top wall's height (Fig. 7 left),
//! binned profiles through the thickness (Fig. 8) averaged over the steady windows, and the
//! shear-band width.

use indicatif::ProgressBar;

use crate::nscd::system::SolverStats;

use super::thermo_cell::ThermoCell;

/// Lengths of the phases and the sampling.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShearRun {
    /// Steps with the bottom wall at rest.
    pub compaction_steps: usize,
    /// Steps at V with temperatures held (heating off), before `shear_steps` with heating on:
    /// the mechanical steady state at the initial temperature, then the thermal transient
    /// (§5.3's friction drop). Part of the history (its time axis starts with them).
    pub preshear_steps: usize,
    /// Steps at V (with heating).
    pub shear_steps: usize,
    /// Steps per history window.
    pub window: usize,
    /// Number of bins through the thickness.
    pub bins: usize,
    /// NSGS sweep cap during the preparation (compaction and the held pre-shear); `None`: the
    /// cell's own. The measured shear steps always use the cell's cap.
    pub preparation_sweeps: Option<usize>,
}

/// One history window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HistoryRow {
    /// Time since the start of shear at the window's end (s).
    pub time: f64,
    /// Window mean of μ = F_t/F_n on the top wall.
    pub mu: f64,
    /// Top wall height at the window's end (m).
    pub top: f64,
    /// Highest particle temperature at the window's end (K).
    pub t_max: f64,
    /// Mean NSGS sweeps per step in the window.
    pub sweeps: f64,
}

/// Steady profiles through the thickness (bins over z = y / top height in [0, 1]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Profiles {
    /// Bin centres z.
    pub z: Vec<f64>,
    /// Mean v_x/V per bin.
    pub velocity: Vec<f64>,
    /// Mean temperature per bin (K).
    pub temperature: Vec<f64>,
    /// Mean surface energy per bin (J/m²; NaN without an η law).
    pub eta: Vec<f64>,
}

/// What a run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct ShearOutcome {
    /// Window history.
    pub history: Vec<HistoryRow>,
    /// First steady window (index into `history`); `None`: never steady, the second half is used.
    pub steady_from: Option<usize>,
    /// Mean μ over the steady windows.
    pub mu: f64,
    /// Steady profiles.
    pub profiles: Profiles,
    /// Shear-band width: height between v_x = 0.9V and 0.1V, in mean diameters.
    pub band_width: f64,
    /// Height of v_x = V/2 as a fraction of the thickness (from the moving wall).
    pub half_speed_height: f64,
    /// Inertial number I = γ̇d/√(P/ρ) with γ̇ = V/thickness (steady mean thickness).
    pub inertial_number: f64,
    /// Inertial number of the bulk: γ̇ = |dv_x/dy| fitted (least squares) over the central half
    /// of the bins, where wall slip and wall layering do not enter.
    pub bulk_inertial_number: f64,
    /// Mean surface energy η over the particles and the steady windows (J/m², = the cohesion γ
    /// in N/m for equal radii, see [`super::physchem`]; NaN without an η law).
    pub mean_surface_energy: f64,
    /// NSGS statistics over the whole run.
    pub stats: SolverStats,
    /// NSGS statistics of the shear steps after the preparation (the measured ones).
    pub sheared_stats: SolverStats,
}

/// Tolerance of the steady-state test: the top wall's window height stays within this many
/// mean diameters of its mean over the last quarter of the run.
pub const STEADY_HEIGHT_TOL: f64 = 0.25;

/// Runs compaction then shear on `cell`; `progress` ticks once per step.
pub fn run_shear(
    cell: &mut ThermoCell,
    run: &ShearRun,
    progress: Option<&ProgressBar>,
) -> ShearOutcome {
    let cap = cell.cell.system.params.solver.max_iterations;
    let set_cap = |cell: &mut ThermoCell, preparing: bool| {
        cell.cell.system.params.solver.max_iterations = match run.preparation_sweeps {
            Some(p) if preparing => p,
            _ => cap,
        };
    };
    set_cap(cell, true);
    cell.cell.set_wall_velocity(0.0);
    for _ in 0..run.compaction_steps {
        cell.step();
        if let Some(p) = progress {
            p.inc(1);
        }
    }
    // The prepared sample starts shear at the initial temperature: the heat of the
    // compaction's collapse (impacts of the loose lattice) is a preparation artefact.
    cell.reset_temperature();
    let v_wall = cell.cell.params.wall_velocity;
    cell.cell.set_wall_velocity(v_wall);
    let h = cell.cell.system.params.h;
    let bins = run.bins.max(1);
    let pre_windows = run.preshear_steps / run.window.max(1);
    let windows = pre_windows + (run.shear_steps / run.window.max(1)).max(1);
    let heating = cell.heating;
    let mut history = Vec::with_capacity(windows);
    // Per-window binned sums: count, vx, T, η.
    let mut sums = vec![[0.0f64; 4]; windows * bins];
    let mut step = 0usize;
    let mut prepared_stats = cell.cell.system.stats;
    for w in 0..windows {
        cell.heating = heating && w >= pre_windows;
        if w == pre_windows {
            set_cap(cell, false);
            prepared_stats = cell.cell.system.stats;
        }
        let (mut mu_sum, mut sweeps) = (0.0, 0usize);
        for _ in 0..run.window.max(1) {
            let r = cell.step();
            mu_sum += cell.cell.friction();
            sweeps += r.solve.iterations;
            step += 1;
            if let Some(p) = progress {
                p.inc(1);
            }
        }
        let top = cell.cell.top_height();
        for i in cell.cell.particles() {
            let b = &cell.cell.system.bodies[i];
            let z = (b.q[1] / top).clamp(0.0, 1.0 - 1e-12);
            let k = w * bins + (z * bins as f64) as usize;
            sums[k][0] += 1.0;
            sums[k][1] += b.v[0] / v_wall;
            sums[k][2] += cell.thermal.temperature[i];
            sums[k][3] += cell.surface_energy(i).unwrap_or(f64::NAN);
        }
        history.push(HistoryRow {
            time: step as f64 * h,
            mu: mu_sum / run.window.max(1) as f64,
            top,
            t_max: cell.max_temperature(),
            sweeps: sweeps as f64 / run.window.max(1) as f64,
        });
    }
    let d = cell.cell.params.mean_diameter();
    let steady_from = steady_start(&history[pre_windows..], d).map(|k| k + pre_windows);
    let from = steady_from.unwrap_or(pre_windows + (windows - pre_windows) / 2);
    let steady = &history[from..];
    let mu = steady.iter().map(|r| r.mu).sum::<f64>() / steady.len() as f64;
    let mut profiles = Profiles::default();
    for k in 0..bins {
        let mut acc = [0.0; 4];
        for w in from..windows {
            for (a, s) in acc.iter_mut().zip(sums[w * bins + k]) {
                *a += s;
            }
        }
        let n = acc[0].max(1.0);
        profiles.z.push((k as f64 + 0.5) / bins as f64);
        profiles.velocity.push(acc[1] / n);
        profiles.temperature.push(acc[2] / n);
        profiles.eta.push(acc[3] / n);
    }
    let thickness = steady.iter().map(|r| r.top).sum::<f64>() / steady.len() as f64;
    let band_width = band_width(&profiles, thickness) / d;
    let p = cell.cell.params;
    let inertial_number = v_wall / thickness * d / (p.pressure() / p.density).sqrt();
    let bulk_rate = central_shear_rate(&profiles) * v_wall / thickness;
    let bulk_inertial_number = bulk_rate * d / (p.pressure() / p.density).sqrt();
    let half_speed_height = crossing(&profiles, 0.5);
    let (mut count, mut eta_sum) = (0.0, 0.0);
    for s in &sums[from * bins..] {
        count += s[0];
        eta_sum += s[3];
    }
    let mean_surface_energy = eta_sum / count.max(1.0);
    ShearOutcome {
        history,
        steady_from,
        mu,
        profiles,
        band_width,
        half_speed_height,
        inertial_number,
        bulk_inertial_number,
        mean_surface_energy,
        stats: cell.cell.system.stats,
        sheared_stats: cell.cell.system.stats.since(&prepared_stats),
    }
}

/// First window from which the top height stays within [`STEADY_HEIGHT_TOL`] diameters of its
/// mean over the last quarter of the run (Fig. 7's "quasi constant position").
pub fn steady_start(history: &[HistoryRow], diameter: f64) -> Option<usize> {
    let n = history.len();
    if n < 4 {
        return None;
    }
    let tail = &history[n - n / 4..];
    let mean = tail.iter().map(|r| r.top).sum::<f64>() / tail.len() as f64;
    let tol = STEADY_HEIGHT_TOL * diameter;
    let mut start = n;
    for i in (0..n).rev() {
        if (history[i].top - mean).abs() <= tol {
            start = i;
        } else {
            break;
        }
    }
    (start <= n / 2).then_some(start)
}

/// First height z (fraction of the thickness, linear interpolation between bins) where the
/// profile v_x/V crosses `level`; 1 if it stays above, 0 if it starts below.
pub fn crossing(profiles: &Profiles, level: f64) -> f64 {
    let (z, v) = (&profiles.z, &profiles.velocity);
    for k in 1..z.len() {
        if (v[k - 1] - level) * (v[k] - level) <= 0.0 && v[k - 1] != v[k] {
            return z[k - 1] + (level - v[k - 1]) / (v[k] - v[k - 1]) * (z[k] - z[k - 1]);
        }
    }
    if v.last().is_some_and(|&l| l > level) {
        1.0
    } else {
        0.0
    }
}

/// Height between the crossings of v_x/V = 0.9 and 0.1 (linear interpolation between bins),
/// in metres for a cell `thickness` high; the band sits on the moving (bottom) wall.
pub fn band_width(profiles: &Profiles, thickness: f64) -> f64 {
    (crossing(profiles, 0.1) - crossing(profiles, 0.9)).abs() * thickness
}

/// |d(v_x/V)/dz| by least squares over the central half of the bins (z in thickness units).
pub fn central_shear_rate(profiles: &Profiles) -> f64 {
    let n = profiles.z.len();
    let (lo, hi) = (n / 4, n - n / 4);
    if hi < lo + 2 {
        return f64::NAN;
    }
    let pts = lo..hi;
    let m = pts.len() as f64;
    let zm = pts.clone().map(|k| profiles.z[k]).sum::<f64>() / m;
    let vm = pts.clone().map(|k| profiles.velocity[k]).sum::<f64>() / m;
    let (mut szz, mut szv) = (0.0, 0.0);
    for k in pts {
        let dz = profiles.z[k] - zm;
        szz += dz * dz;
        szv += dz * (profiles.velocity[k] - vm);
    }
    (szv / szz).abs()
}
