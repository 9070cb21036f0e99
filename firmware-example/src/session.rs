//! The control loop over strokes: sensors → controller tick (timed) → press, with the
//! per-stroke figures of [`crate::stats`]. Shared by the firmware binary and the tests.

use tribo_core::Error;

use crate::controller::Controller;
use crate::plant::Press;
use crate::stats::{StrokeStats, StrokeSummary};

/// Runs `strokes` full stroke cycles. `now_ns` is a monotonic clock \[ns\] read around each
/// controller tick (the firmware passes `clock_gettime(CLOCK_MONOTONIC)`); `on_stroke` gets
/// each finished stroke's index and summary. A core error stops the loop at once (the caller
/// must bring the axis to a safe state) and is returned.
pub fn run_strokes<const N: usize>(
    controller: &mut Controller<N>,
    press: &mut Press<N>,
    strokes: u32,
    mut now_ns: impl FnMut() -> u64,
    mut on_stroke: impl FnMut(usize, &StrokeSummary),
) -> Result<(), Error> {
    let target = controller.config().target_friction;
    let mut stats = StrokeStats::default();
    while press.stroke() < strokes {
        let stroke = press.stroke();
        let inputs = press.sense();
        let t0 = now_ns();
        let out = controller.tick(&inputs)?;
        let t1 = now_ns();
        stats.record_tick_time(t1.saturating_sub(t0));
        let steady = press.is_steady();
        let truth = press.advance(out.holder_command)?;
        if steady {
            stats.record_steady(
                out.mu_bar,
                out.holder_command,
                out.friction_force,
                truth.friction_force,
                target,
            );
        }
        if press.stroke() != stroke {
            on_stroke(stroke as usize, &stats.finish(controller.mean_track_beta()));
            stats = StrokeStats::default();
        }
    }
    Ok(())
}
