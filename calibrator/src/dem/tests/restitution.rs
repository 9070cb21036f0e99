//! The inertial step's rebound off one node under drag (`dem/event.rs`, onsets and
//! releases), against the closed form of seed 000 Eq. 15 with mass-proportional drag: a flat
//! flake falls at `v` onto the single floor node under its pole, from `GAP` above it. The
//! penalty spring k is linear in the pole's depth, so in contact the depth follows the damped
//! oscillator of ω₀ = √(k/m) and ζ = γ/(2ω₀) (γ = η/m), which returns to zero depth after
//! π/ω_d (ω_d = ω₀√(1 − ζ²)) with the entry speed times e^{−ζω₀π/ω_d}; in flight the drag
//! relaxes the speed at γ. So the pole comes to rest at v_out/γ above the node, v_out the exit
//! speed.
//!
//! The cases span the presets' contacts: γ = 10⁸ 1/s, ζ from 0.03 (one node at 50 m/s) to
//! 0.3, and impact speeds whose contact amplitude v/ω_d lies below and above the step's
//! tolerance. TR-BDF2 runs at the presets' tolerance and event depth (0.2 of the 25 nm design
//! overlap), in intervals of one quick-grid pixel at 50 m/s.

use super::super::rigid_body::Damping;
use super::{shape, try_flake_falling_onto_a_node};

/// Drag rate γ = η/m \[1/s\] (the presets').
const GAMMA: f64 = 1e8;
/// Local error per step \[m\]: the presets' 0.2 of the design overlap.
const TOLERANCE: f64 = 5e-9;
/// Event depth \[m\]: the presets' 0.2 of the design overlap.
const EVENT_DEPTH: f64 = 5e-9;
/// Interval \[s\]: one 1.56 µm pixel at 50 m/s, the step's upper bound.
const INTERVAL: f64 = 31e-9;
/// Intervals run: 248 ns, 25 drag relaxation times.
const INTERVALS: usize = 8;
/// Pole height above the node at the start \[m\].
const GAP: f64 = 0.5e-9;
/// Error allowed on the rest height \[m\]: one step's tolerance. With onsets and releases
/// located the rebound is crossed in steps each within the tolerance (measured: ≤ 2.9 nm
/// over the cases); without, one step may span the whole contact and its trapezoidal stage
/// applies the start force after the release (measured: up to +12 nm).
const HEIGHT_ERROR: f64 = TOLERANCE;

/// Rest height of the pole above the node after the run \[m\], TR-BDF2 locating events at
/// `event_depth` (∞: not at all), for node stiffness `k` and fall speed `v`.
fn rest_height(k: f64, v: f64, event_depth: f64) -> f64 {
    let s = shape();
    let damping = Damping::uniform_relaxation(GAMMA * s.mass(), &s);
    let mut sys = try_flake_falling_onto_a_node(
        k,
        damping,
        GAP,
        v,
        TOLERANCE,
        event_depth,
        INTERVAL,
        INTERVAL,
    )
    .unwrap();
    sys.advance_by_steps(INTERVALS);
    sys.flakes()[0].position[2] - s.c
}

/// The closed form (module doc) for damping ratio `zeta` and fall speed `v`: (k, rest height).
fn closed_form(zeta: f64, v: f64) -> (f64, f64) {
    let omega0 = GAMMA / (2.0 * zeta);
    let k = shape().mass() * omega0 * omega0;
    // Flight over the gap: v(t) = v·e^{−γt}, the gap closed when (v/γ)(1 − e^{−γt}) = GAP.
    let v_in = v - GAMMA * GAP;
    let omega_d = omega0 * (1.0 - zeta * zeta).sqrt();
    let v_out = v_in * (-zeta * omega0 * std::f64::consts::PI / omega_d).exp();
    (k, v_out / GAMMA)
}

#[test]
fn a_rebound_under_drag_reaches_the_closed_form_height_within_the_tolerance() {
    let mut worst_located: f64 = 0.0;
    let mut worst_unlocated: f64 = 0.0;
    for zeta in [0.03, 0.08, 0.3] {
        for v in [0.3, 1.0, 3.0, 10.0] {
            let (k, exact) = closed_form(zeta, v);
            let located = rest_height(k, v, EVENT_DEPTH);
            let unlocated = rest_height(k, v, f64::INFINITY);
            eprintln!(
                "ζ {zeta}, v {v} m/s: exact {:.3} nm, located {:.3} nm, unlocated {:.3} nm",
                exact * 1e9,
                located * 1e9,
                unlocated * 1e9
            );
            worst_located = worst_located.max((located - exact).abs());
            worst_unlocated = worst_unlocated.max((unlocated - exact).abs());
        }
    }
    assert!(
        worst_located <= HEIGHT_ERROR,
        "located: worst rest-height error {worst_located:e} m"
    );
    // The cases need the location: without it a step spans a contact.
    assert!(
        worst_unlocated > HEIGHT_ERROR,
        "unlocated: worst rest-height error {worst_unlocated:e} m"
    );
}
