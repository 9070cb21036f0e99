//! The overdamped integrator's settings and work counters ([`super::overdamped`]), shared
//! with the cluster step of [`super::backward_euler`] and the [`super::integrator::Integrator`]
//! trait.

/// Settings of the overdamped integrator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OverdampedOptions {
    /// Local error allowed per step \[m\] (a flake's centre, or its rim for rotation).
    pub tolerance: f64,
    /// Longest step \[s\]: the tool's advance per step is at most v0·max_step.
    pub max_step: f64,
    /// The surface contacts' stiffness in the Newton matrix.
    pub newton: NewtonMatrix,
    /// Deepest a surface contact may open within one step \[m\] ([`super::event`]); ∞: no
    /// event location (the overdamped integrator, whose advance per step is bounded instead).
    pub event_depth: f64,
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
#[derive(Clone, Copy, Debug, Default, PartialEq)]
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
    /// Attempts rejected at a contact onset or release ([`super::event`]; counted in
    /// `rejected` too).
    pub events: u64,
    /// Surface contacts opened by accepted steps.
    pub onsets: u64,
    /// Deepest free-motion overshoot past the onset of a contact opened by an accepted step
    /// \[m\] ([`super::event`]).
    pub onset_overshoot: f64,
    /// Surface contacts released by accepted TR-BDF2 steps ([`super::event`]).
    pub releases: u64,
    /// Largest excursion τ₁·F₀ of a release by an accepted TR-BDF2 step \[m\]
    /// ([`super::event`]).
    pub release_excursion: f64,
}
