//! One run of the model: steps a [`Simulation`] for a given duration, records Q(t), A(t),
//! X(t) and the junction state counts, detects the static peak and stick–slip on every step,
//! and fits the A(Q) shape of the incipient loading.

use super::analysis::{
    AreaShape, CurveShape, Extremum, PeakDetector, SHAPE_BINS, StickSlip, area_shape,
    binned_curvature, slope,
};
use super::slider::{Simulation, StateCounts};

/// Settings of one run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunConfig {
    /// Simulated time \[s\].
    pub duration: f64,
    /// Spacing of the recorded samples \[s\] (the peak detector sees every step regardless).
    pub record_interval: f64,
    /// Relative hysteresis of the peak detector (a slip event drops Q by more than this
    /// fraction of the peak).
    pub peak_hysteresis: f64,
}

impl RunConfig {
    /// A run long enough to reach the static peak and about four stick–slip cycles: 1.5× the
    /// estimated peak time t_s = (σ_exp·A_s/k_eff + d_max)/v, where A_s = Σ A_si is the total
    /// area at first slip (closed form, Eq. 3), σ_exp·A_s the static peak of the seed's §3
    /// (Eq. 6), k_eff = k_L·K₀/(k_L + K₀) the springs in series, and d_max the largest slip
    /// displacement of a junction (the interface has slid that far when the last junction
    /// lets go). A stick–slip period is ≈ 0.12·Q_s/(k_L v) (drops ≈ 8 % of Q_s, issue 5
    /// runs), so the 0.5·t_s after the peak holds ≈ 4 cycles. Sampled at 4000 points.
    pub fn auto(sim: &Simulation) -> Self {
        let p = sim.params();
        let compliance = 1.0 / p.spring_stiffness + 1.0 / sim.initial_stiffness();
        let d_max = sim
            .junctions()
            .iter()
            .map(|c| c.y_slip * c.x_ref)
            .fold(0.0, f64::max);
        let t_peak = (p.sigma_exp * sim.slip_area() * compliance + d_max) / p.drive_velocity;
        let duration = 1.5 * t_peak;
        Self {
            duration,
            record_interval: duration / 4000.0,
            peak_hysteresis: 0.01,
        }
    }
}

/// One recorded sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Time \[s\].
    pub t: f64,
    /// Slider position X \[m\].
    pub x: f64,
    /// Slider velocity Ẋ \[m/s\].
    pub v: f64,
    /// Spring (measured) tangential force Q = k_L(vt − X) \[N\].
    pub q: f64,
    /// Interfacial force F = Σ f_i \[N\].
    pub f: f64,
    /// Real contact area A \[m²\].
    pub area: f64,
    /// Junction state counts.
    pub counts: StateCounts,
    /// Σ k_i of non-slipping junctions \[N/m\] (recorded during the incipient loading only,
    /// NaN afterwards: it costs an elliptic integral per junction).
    pub stiffness: f64,
}

/// Everything one run produces.
#[derive(Clone, Debug)]
pub struct RunOutput {
    /// Recorded samples, in time order (the first is t = 0).
    pub samples: Vec<Sample>,
    /// Confirmed peaks and troughs of Q(t).
    pub detector: PeakDetector,
    /// Summary numbers.
    pub summary: SliderRunSummary,
}

/// Summary of one run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SliderRunSummary {
    /// Number of junctions N.
    pub junctions: usize,
    /// Time step dt \[s\].
    pub dt: f64,
    /// Steps taken.
    pub steps: u64,
    /// Initial total area A₀ \[m²\].
    pub area0: f64,
    /// Initial tangential stiffness K₀ = Σ k_i \[N/m\].
    pub stiffness0: f64,
    /// Static peak (Q_s, A_s, t_s, X_s); `None` if the run ended before it.
    pub peak: Option<Extremum>,
    /// Stick–slip statistics; `None` if no complete cycle.
    pub stick_slip: Option<StickSlip>,
    /// A(Q) shape over the incipient loading: the seed's fit A₀ − αQ² and the time-weighted
    /// free-quadratic curvature (samples uniform in time).
    pub shape: Option<AreaShape>,
    /// A(Q) curvature as a curve (equal weight per interval of Q), over [0, Q_s] and after the
    /// first depinning ([`binned_curvature`]): the figure that represents the seed's Fig. 4.
    pub curve_shape: Option<CurveShape>,
    /// Largest |f_i|/(σ·A_i) seen on any step (must stay ≤ 1).
    pub max_force_ratio: f64,
    /// Stops of the slider after a slip: steps on which every slipping junction re-pinned at
    /// once (|Ẋ| < c_min·v, App. A). A slipping junction leaves that state only this way, so
    /// each count is one "stick" of a stick–slip cycle; steady sliding has none.
    pub stops: usize,
}

impl SliderRunSummary {
    /// Stick–slip in the physical sense: at least `min_cycles` force drops confirmed by the
    /// peak detector (each > the detector's hysteresis × Q_s) *and* at least as many stops of
    /// the slider (re-pinning of the slipping junctions). Drops without stops are oscillations
    /// of a sliding slider; stops without drops are not macroscopic.
    pub fn has_stick_slip(&self, min_cycles: usize) -> bool {
        self.stick_slip.is_some_and(|s| s.events >= min_cycles) && self.stops >= min_cycles
    }
}

/// Runs `sim` for `cfg.duration`; `progress` is called with the number of steps done since
/// its previous call (every 2¹⁴ steps and at the end).
pub fn run(sim: &mut Simulation, cfg: &RunConfig, mut progress: impl FnMut(u64)) -> RunOutput {
    let dt = sim.dt();
    let total_steps = (cfg.duration / dt).ceil().max(0.0) as u64;
    let every = ((cfg.record_interval / dt).round() as u64).max(1);
    let mut detector = PeakDetector::new(cfg.peak_hysteresis);
    let mut samples = Vec::with_capacity((total_steps / every + 2) as usize);
    let sigma = sim.sigma();
    let mut max_ratio: f64 = 0.0;
    let record = |sim: &Simulation, loading: bool| Sample {
        t: sim.time(),
        x: sim.position(),
        v: sim.velocity(),
        q: sim.spring_force(),
        f: sim.interface_force(),
        area: sim.total_area(),
        counts: sim.counts(),
        stiffness: if loading {
            sim.pinned_stiffness()
        } else {
            f64::NAN
        },
    };
    samples.push(record(sim, true));
    let mut since = 0u64;
    let mut max_q: Option<Extremum> = None;
    let mut stops = 0usize;
    let mut first_slip_q: Option<f64> = None;
    for k in 1..=total_steps {
        let slipping_before = sim.counts().slipping;
        let q_before = sim.spring_force();
        sim.step();
        if first_slip_q.is_none() && sim.counts().virgin < sim.len() {
            first_slip_q = Some(q_before);
        }
        if slipping_before > 0 && sim.counts().slipping == 0 && sim.counts().pinned > 0 {
            stops += 1;
        }
        let e = Extremum {
            t: sim.time(),
            q: sim.spring_force(),
            area: sim.total_area(),
            x: sim.position(),
        };
        if max_q.is_none_or(|m| e.q > m.q) {
            max_q = Some(e);
        }
        // Peaks count only once a junction has slipped: before that Q(t) can only wiggle from
        // the start-up transient of the slider (released at rest), which is not friction.
        if sim.counts().virgin < sim.len() {
            detector.push(e);
        }
        if k % every == 0 || k == total_steps {
            let loading = detector.peaks.is_empty();
            samples.push(record(sim, loading));
            // Threshold check on the recorded steps (every step in tests that ask for it).
            max_ratio = max_ratio.max(force_ratio(sim, sigma));
        }
        since += 1;
        if since == 1 << 14 {
            progress(since);
            since = 0;
        }
    }
    progress(since);
    // Q_s: the first confirmed peak; without one (smooth transition to steady sliding, no
    // stick–slip), the largest Q of the run, provided every junction has slipped by then.
    let peak = detector
        .static_peak()
        .or_else(|| (sim.counts().virgin == 0).then_some(max_q).flatten());
    let loading_points = |p: &Extremum| -> Vec<(f64, f64)> {
        samples
            .iter()
            .filter(|s| s.t <= p.t)
            .map(|s| (s.q, s.area))
            .chain(std::iter::once((p.q, p.area)))
            .collect()
    };
    let shape = peak.and_then(|p| area_shape(&loading_points(&p), sim.initial_area(), p.q));
    let curve_shape = peak.zip(first_slip_q).and_then(|(p, q1)| {
        let pts = loading_points(&p);
        let a0 = sim.initial_area();
        Some(CurveShape {
            full: binned_curvature(&pts, a0, p.area, 0.0, p.q, SHAPE_BINS)?,
            after_first_slip: binned_curvature(&pts, a0, p.area, q1, p.q, SHAPE_BINS)
                .unwrap_or(f64::NAN),
            first_slip_fraction: q1 / p.q,
        })
    });
    let summary = SliderRunSummary {
        junctions: sim.len(),
        dt,
        steps: sim.steps(),
        area0: sim.initial_area(),
        stiffness0: sim.initial_stiffness(),
        peak,
        stick_slip: detector.stick_slip(),
        shape,
        curve_shape,
        max_force_ratio: max_ratio,
        stops,
    };
    RunOutput {
        samples,
        detector,
        summary,
    }
}

/// max_i |f_i|/(σ·A_i) at the current step.
pub fn force_ratio(sim: &Simulation, sigma: f64) -> f64 {
    sim.forces()
        .iter()
        .zip(sim.areas())
        .map(|(f, a)| f.abs() / (sigma * a))
        .fold(0.0, f64::max)
}

/// Measured loading rate dQ/dt \[N/s\] and the springs-in-series prediction
/// v·k_L·K/(k_L + K) with K = Σ k_i averaged over the same samples, over the samples with
/// t ≥ `t_from` and Q ≤ `q_max`. `None` with fewer than 3 samples in the window.
pub fn loading_rate(
    out: &RunOutput,
    v: f64,
    k_l: f64,
    t_from: f64,
    q_max: f64,
) -> Option<(f64, f64)> {
    let win: Vec<&Sample> = out
        .samples
        .iter()
        .filter(|s| s.t >= t_from && s.q <= q_max && s.stiffness.is_finite())
        .collect();
    if win.len() < 3 {
        return None;
    }
    let pts: Vec<(f64, f64)> = win.iter().map(|s| (s.t, s.q)).collect();
    let measured = slope(&pts)?;
    let k = win.iter().map(|s| s.stiffness).sum::<f64>() / win.len() as f64;
    Some((measured, v * k_l * k / (k_l + k)))
}
