//! The mechanism behind A_p (issue 42 item 5): how often flakes become blocked, how long they
//! stay blocked, and how a blocked flake stops being blocked.
//!
//! A **blocking event** starts at the slide step where a flake is blocked in the gap (seed 000
//! Fig. 8: ≥ 3 tool contact clusters, some of it under the tool; [`MesoLoop::blocked`]) and was
//! not at the step before; its **dwell** is the number of slide steps (pixels slid) it stays
//! blocked. An event still running when the slide ends is **open** (its dwell is censored and
//! counted apart). The **deactivation path** of an ended event is read at the first step where
//! the flake is no longer blocked, in this order:
//!
//! 1. `rotated`: its symmetry axis turned by more than [`ROTATED_DEGREES`] since the event
//!    started;
//! 2. `ejected`: its centre moved in-plane by more than its radius a since the event started
//!    (dragged or squeezed out of the spot that held it);
//! 3. `tool_left`: no footprint node touches the tool any more (the tool's asperities slid
//!    past);
//! 4. `fewer_contacts`: the tool still touches it in 1 or 2 clusters (< 3: no longer held);
//! 5. `above_tool`: ≥ 3 clusters, but no part of it is below the tool (it passed over or
//!    through the tool: not in the gap, `meso::accounting::under_tool`).

use serde::{Deserialize, Serialize};

use super::sliding::MesoLoop;
use crate::dem::quaternion::Vec3;

/// Tilt of the symmetry axis beyond which an ended event counts as `rotated` \[degrees\]: well
/// above the tilt a flake lying on a rough surface takes from pixel to pixel (the RMS slope of
/// the presets' surfaces is ≈ 0.2–0.3, i.e. 11–17°, over a wavelength, not a pixel).
pub const ROTATED_DEGREES: f64 = 30.0;

/// Counts of one case's blocking events (all zero in case files written before they existed,
/// with `tracked` false).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BlockedEvents {
    /// Whether the case counted its events (false: a case file from before issue 42).
    pub tracked: bool,
    /// Events started.
    pub events: usize,
    /// Events that ended before the slide did.
    pub ended: usize,
    /// Summed dwell of the ended events \[slide steps\].
    pub ended_dwell: usize,
    /// Events still running at the end of the slide.
    pub open: usize,
    /// Summed (censored) dwell of the open events \[slide steps\].
    pub open_dwell: usize,
    /// Ended by path 1 (module doc).
    pub rotated: usize,
    /// Ended by path 2.
    pub ejected: usize,
    /// Ended by path 3.
    pub tool_left: usize,
    /// Ended by path 4.
    pub fewer_contacts: usize,
    /// Ended by path 5.
    pub above_tool: usize,
}

/// A running event: start step, the flake's axis and centre at the start.
#[derive(Clone, Copy, Debug)]
struct Running {
    start: usize,
    axis: Vec3,
    center: Vec3,
}

/// Follows the blocked flakes of a slide step by step.
#[derive(Clone, Debug, Default)]
pub struct EventTracker {
    running: Vec<Option<Running>>,
    counts: BlockedEvents,
    step: usize,
}

impl EventTracker {
    /// Reads the loop's state after slide step `self.step + 1`.
    pub fn observe(&mut self, sim: &MesoLoop) {
        self.step += 1;
        let dem = sim.dem();
        let flakes = dem.flakes();
        if self.running.len() < flakes.len() {
            self.running.resize(flakes.len(), None);
        }
        let mut now = vec![false; flakes.len()];
        for &(i, _) in sim.blocked() {
            now[i] = true;
        }
        let axis_of = |i: usize| {
            let m = flakes[i].orientation.to_matrix();
            [m[0][2], m[1][2], m[2][2]]
        };
        // Footprints only when an event ends (rare): they cost a pass over every flake.
        let mut footprints = None;
        let (lx, ly) = (dem.deformable().lx(), dem.deformable().ly());
        let a = dem.params().shape.a;
        for i in 0..flakes.len() {
            match (self.running[i], now[i]) {
                (None, true) => {
                    self.counts.events += 1;
                    self.running[i] = Some(Running {
                        start: self.step,
                        axis: axis_of(i),
                        center: flakes[i].position,
                    });
                }
                (Some(r), false) => {
                    self.running[i] = None;
                    self.counts.ended += 1;
                    self.counts.ended_dwell += self.step - r.start;
                    let axis = axis_of(i);
                    let cos = (0..3).map(|k| axis[k] * r.axis[k]).sum::<f64>().abs();
                    let p = flakes[i].position;
                    let wrap = |d: f64, l: f64| d - l * (d / l).round();
                    let moved = wrap(p[0] - r.center[0], lx).hypot(wrap(p[1] - r.center[1], ly));
                    let path = if cos < ROTATED_DEGREES.to_radians().cos() {
                        &mut self.counts.rotated
                    } else if moved > a {
                        &mut self.counts.ejected
                    } else {
                        let fps = footprints.get_or_insert_with(|| dem.footprints());
                        match fps[i].clusters {
                            0 => &mut self.counts.tool_left,
                            c if c < crate::dem::MIN_CLUSTERS_BLOCKED => {
                                &mut self.counts.fewer_contacts
                            }
                            _ => &mut self.counts.above_tool,
                        }
                    };
                    *path += 1;
                }
                _ => {}
            }
        }
    }

    /// The counts at the end of the slide (running events closed as open).
    pub fn finish(mut self) -> BlockedEvents {
        for r in self.running.iter().flatten() {
            self.counts.open += 1;
            self.counts.open_dwell += self.step + 1 - r.start;
        }
        self.counts.tracked = true;
        self.counts
    }
}

impl BlockedEvents {
    /// Sum of two cases' counts (`tracked` if both are).
    pub fn add(&self, o: &Self) -> Self {
        Self {
            tracked: self.tracked && o.tracked,
            events: self.events + o.events,
            ended: self.ended + o.ended,
            ended_dwell: self.ended_dwell + o.ended_dwell,
            open: self.open + o.open,
            open_dwell: self.open_dwell + o.open_dwell,
            rotated: self.rotated + o.rotated,
            ejected: self.ejected + o.ejected,
            tool_left: self.tool_left + o.tool_left,
            fewer_contacts: self.fewer_contacts + o.fewer_contacts,
            above_tool: self.above_tool + o.above_tool,
        }
    }

    /// Paths of the ended events: they add up to `ended`.
    pub fn paths(&self) -> [(&'static str, usize); 5] {
        [
            ("rotated", self.rotated),
            ("ejected", self.ejected),
            ("tool_left", self.tool_left),
            ("fewer_contacts", self.fewer_contacts),
            ("above_tool", self.above_tool),
        ]
    }
}
