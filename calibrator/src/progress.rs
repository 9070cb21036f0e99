//! Progress of long work, on stderr.
//!
//! - On a terminal: indicatif bars, as before.
//! - When stderr is **not** a terminal (`nohup`, Slurm, `2>log`; issue 33): plain lines, one
//!   when a stage starts and one at least every [`DEFAULT_LOG_INTERVAL_S`] seconds while it
//!   runs (`TRIBO_PROGRESS_INTERVAL=<seconds>` in \[0.1, 86400\] overrides it; checked at the
//!   start of every command by [`crate::validate::env::check`]), and one when it ends
//!   ([`finish`]):
//!   `progress: BEM–DEM cases: 3/12, elapsed 1m02s, ETA 4m08s`.
//! - `TRIBO_NO_PROGRESS` set: neither (CI logs, tests).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::validate::env;

/// Seconds between two progress lines of a running stage when stderr is not a terminal.
pub const DEFAULT_LOG_INTERVAL_S: f64 = 30.0;

/// How progress is shown in this process.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Bars,
    Lines { interval: Duration },
    Off,
}

fn mode() -> Mode {
    if std::env::var_os("TRIBO_NO_PROGRESS").is_some() {
        return Mode::Off;
    }
    if std::io::stderr().is_terminal() {
        return Mode::Bars;
    }
    // Checked by `check_env` at the start; a value outside the domain here (a library user
    // that did not call it) falls back to the default, never to a panicking conversion.
    let seconds = std::env::var(env::INTERVAL_VAR)
        .ok()
        .and_then(|s| env::parse_interval(&s))
        .unwrap_or(DEFAULT_LOG_INTERVAL_S);
    Mode::Lines {
        interval: Duration::from_secs_f64(seconds),
    }
}

/// A progress bar of `len` steps labelled `what` (a bar on a terminal, log lines otherwise).
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let pb = ProgressBar::new(len);
    let style = ProgressStyle::with_template(
        "{msg:>14} [{elapsed_precise}] {wide_bar:.cyan/blue} {pos}/{len} (eta {eta})",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    pb.set_style(style);
    pb.set_message(what.to_owned());
    match mode() {
        Mode::Bars => {}
        Mode::Off => pb.set_draw_target(ProgressDrawTarget::hidden()),
        Mode::Lines { interval } => {
            pb.set_draw_target(ProgressDrawTarget::hidden());
            crate::errln!("progress: {what}: started, {len} steps");
            spawn_logger(&pb, what.to_owned(), interval);
        }
    }
    pb
}

/// Ends the bar `pb` of [`bar`]: clears it on a terminal, and without one prints the last
/// line (`done i/N, elapsed`).
pub fn finish(pb: &ProgressBar) {
    pb.finish_and_clear();
    if let Mode::Lines { .. } = mode() {
        let (pos, len) = (pb.position(), pb.length().unwrap_or(0));
        crate::errln!("{}", line(&pb.message(), pos, len, pb.elapsed(), true));
    }
}

/// Says on stderr that a stage without a bar starts (log lines only, not on a terminal).
pub fn stage(what: &str) {
    if let Mode::Lines { .. } = mode() {
        crate::errln!("progress: stage {what}");
    }
}

/// A thread that prints a line for the bar every `interval` until the bar is finished or
/// dropped (it holds only a weak reference).
fn spawn_logger(pb: &ProgressBar, what: String, interval: Duration) {
    let weak = pb.downgrade();
    let started = Instant::now();
    let tick = interval.min(Duration::from_millis(100));
    let name = what.clone();
    let spawned = std::thread::Builder::new()
        .name("progress-log".into())
        .spawn(move || {
            let mut next = started + interval;
            loop {
                std::thread::sleep(tick);
                let Some(pb) = weak.upgrade() else {
                    return;
                };
                let (pos, len) = (pb.position(), pb.length().unwrap_or(0));
                if pb.is_finished() {
                    return; // `finish` printed the last line
                }
                if Instant::now() >= next {
                    crate::errln!("{}", line(&what, pos, len, started.elapsed(), false));
                    next += interval;
                }
            }
        });
    if spawned.is_err() {
        crate::errln!("progress: {name}: no progress lines (cannot start a thread)");
    }
}

/// One progress line: stage, i/N, elapsed, ETA (linear in the steps done).
fn line(what: &str, pos: u64, len: u64, elapsed: Duration, done: bool) -> String {
    let elapsed_s = elapsed.as_secs_f64();
    if done {
        return format!(
            "progress: {what}: done {pos}/{len}, elapsed {}",
            clock(elapsed_s)
        );
    }
    let eta = if pos > 0 && len >= pos {
        clock(elapsed_s * (len - pos) as f64 / pos as f64)
    } else {
        "unknown".to_owned()
    };
    format!(
        "progress: {what}: {pos}/{len}, elapsed {}, ETA {eta}",
        clock(elapsed_s)
    )
}

/// `1h02m03s`, `4m08s`, `12s`.
fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    let (h, m, s) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}h{m:02}m{s:02}s")
    } else if m > 0 {
        format!("{m}m{s:02}s")
    } else {
        format!("{s}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_carry_stage_count_elapsed_and_linear_eta() {
        let l = line("BEM–DEM cases", 3, 12, Duration::from_secs(62), false);
        // 62 s for 3 cases: 9 more take 186 s.
        assert_eq!(l, "progress: BEM–DEM cases: 3/12, elapsed 1m02s, ETA 3m06s");
        assert!(line("x", 0, 4, Duration::from_secs(5), false).ends_with("ETA unknown"));
        assert_eq!(clock(3723.0), "1h02m03s");
    }
}
