//! Per-stroke figures of the firmware log, and the run's self-check.

/// Largest relative deviation of the friction force from the target over the steady part of
/// every stroke that the self-check accepts (predicted and true force): ±3 %. The loop has to
/// absorb load-cell noise (σ_F = 10 N on a 2.7–4.2 kN holder force: ±1 % peaks of F̂),
/// velocity noise (through α(v), amplified by r/(1 − r) near β_thres) and, above all, the
/// fall of μ̄ along each stroke as the tool reaches the particle accumulation left at the
/// end of the previous strokes (a ramp the PI follows with a lag: −2.35 % in stroke 8).
pub const BAND: f32 = 0.03;

/// Fewest strokes the self-check accepts (issue 9: ≥ 5).
pub const MIN_STROKES: usize = 5;

/// Width of a tick-time histogram bin \[ns\].
pub const TICK_BIN_NS: u64 = 100;
/// Bins of the tick-time histogram (the last one collects everything ≥ 25.5 µs).
pub const TICK_BINS: usize = 256;

/// Accumulates one stroke.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrokeStats {
    steady_ticks: u32,
    sum_mu: f64,
    sum_command: f64,
    err_pred: (f32, f32),
    err_true: (f32, f32),
    ticks: u32,
    tick_ns_sum: u64,
    tick_ns_max: u64,
    /// Tick-time histogram (fixed size: no heap) for the 99.9th percentile.
    tick_hist: [u32; TICK_BINS],
}

impl Default for StrokeStats {
    fn default() -> Self {
        Self {
            steady_ticks: 0,
            sum_mu: 0.0,
            sum_command: 0.0,
            err_pred: (0.0, 0.0),
            err_true: (0.0, 0.0),
            ticks: 0,
            tick_ns_sum: 0,
            tick_ns_max: 0,
            tick_hist: [0; TICK_BINS],
        }
    }
}

/// One stroke's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StrokeSummary {
    /// Mean predicted μ̄ over the steady part \[-\].
    pub mu_bar: f32,
    /// Mean holder-force command over the steady part \[N\].
    pub holder_command: f32,
    /// Band (min, max) of (F̂ − F*)/F* over the steady part \[-\].
    pub err_predicted: (f32, f32),
    /// Band (min, max) of (F_true − F*)/F* over the steady part \[-\].
    pub err_true: (f32, f32),
    /// Mean β over the swept track at the end of the stroke \[-\].
    pub track_beta: f32,
    /// Worst controller tick compute time \[ns\].
    pub tick_ns_max: u64,
    /// Mean controller tick compute time \[ns\].
    pub tick_ns_mean: u64,
    /// 99.9th percentile of the controller tick compute time (upper edge of its 100 ns bin)
    /// \[ns\]: the worst case without the rare preemptions of a shared host.
    pub tick_ns_p999: u64,
}

impl StrokeStats {
    /// Records one controller tick's compute time \[ns\].
    pub fn record_tick_time(&mut self, ns: u64) {
        self.ticks += 1;
        self.tick_ns_sum = self.tick_ns_sum.saturating_add(ns);
        self.tick_ns_max = self.tick_ns_max.max(ns);
        let bin = usize::try_from(ns / TICK_BIN_NS)
            .unwrap_or(usize::MAX)
            .min(TICK_BINS - 1);
        if let Some(count) = self.tick_hist.get_mut(bin) {
            *count += 1;
        }
    }

    /// Upper edge of the bin holding the quantile `per_mille`/1000 of the tick times \[ns\].
    fn tick_quantile(&self, per_mille: u64) -> u64 {
        let wanted = (u64::from(self.ticks) * per_mille).div_ceil(1000);
        let mut seen = 0u64;
        for (i, &c) in self.tick_hist.iter().enumerate() {
            seen += u64::from(c);
            if seen >= wanted {
                return if i == TICK_BINS - 1 {
                    self.tick_ns_max
                } else {
                    (i as u64 + 1) * TICK_BIN_NS
                };
            }
        }
        self.tick_ns_max
    }

    /// Records a tick of the steady part: predicted μ̄, command, predicted and true friction
    /// force \[N\] against the target \[N\].
    pub fn record_steady(
        &mut self,
        mu_bar: f32,
        command: f32,
        predicted: f32,
        truth: f32,
        target: f32,
    ) {
        let (ep, et) = ((predicted - target) / target, (truth - target) / target);
        if self.steady_ticks == 0 {
            self.err_pred = (ep, ep);
            self.err_true = (et, et);
        }
        self.steady_ticks += 1;
        self.sum_mu += f64::from(mu_bar);
        self.sum_command += f64::from(command);
        self.err_pred = (self.err_pred.0.min(ep), self.err_pred.1.max(ep));
        self.err_true = (self.err_true.0.min(et), self.err_true.1.max(et));
    }

    /// The stroke's summary (NaN means where nothing was recorded).
    pub fn finish(&self, track_beta: f32) -> StrokeSummary {
        let n = f64::from(self.steady_ticks);
        let mean = |s: f64| if n > 0.0 { (s / n) as f32 } else { f32::NAN };
        StrokeSummary {
            mu_bar: mean(self.sum_mu),
            holder_command: mean(self.sum_command),
            err_predicted: if n > 0.0 {
                self.err_pred
            } else {
                (f32::NAN, f32::NAN)
            },
            err_true: if n > 0.0 {
                self.err_true
            } else {
                (f32::NAN, f32::NAN)
            },
            track_beta,
            tick_ns_max: self.tick_ns_max,
            tick_ns_mean: self
                .tick_ns_sum
                .checked_div(u64::from(self.ticks))
                .unwrap_or(0),
            tick_ns_p999: self.tick_quantile(999),
        }
    }
}

/// Why the self-check failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckFailure {
    /// Fewer than [`MIN_STROKES`] strokes.
    TooFewStrokes,
    /// A stroke's predicted or true friction force left ±[`BAND`] (stroke index).
    BandNotHeld(usize),
    /// μ̄ did not fall from one stroke to the next (stroke index).
    MuDidNotFall(usize),
    /// The holder force did not rise from one stroke to the next (stroke index).
    HolderDidNotRise(usize),
    /// β on the track did not rise from one stroke to the next (stroke index).
    BetaDidNotRise(usize),
}

/// The run's self-check: ≥ [`MIN_STROKES`] strokes; in every stroke both bands within
/// ±[`BAND`]; from stroke to stroke β on the track rises, μ̄ falls and the holder force
/// rises (wear particles accumulate, so the holder must press harder for the same force).
pub fn check(strokes: &[StrokeSummary]) -> Result<(), CheckFailure> {
    if strokes.len() < MIN_STROKES {
        return Err(CheckFailure::TooFewStrokes);
    }
    let within = |b: (f32, f32)| b.0 >= -BAND && b.1 <= BAND;
    for (i, s) in strokes.iter().enumerate() {
        if !(within(s.err_predicted) && within(s.err_true)) {
            return Err(CheckFailure::BandNotHeld(i));
        }
    }
    for (i, w) in strokes.windows(2).enumerate() {
        let (a, b) = (&w[0], &w[1]);
        if b.track_beta.partial_cmp(&a.track_beta) != Some(core::cmp::Ordering::Greater) {
            return Err(CheckFailure::BetaDidNotRise(i + 1));
        }
        if b.mu_bar.partial_cmp(&a.mu_bar) != Some(core::cmp::Ordering::Less) {
            return Err(CheckFailure::MuDidNotFall(i + 1));
        }
        if b.holder_command.partial_cmp(&a.holder_command) != Some(core::cmp::Ordering::Greater) {
            return Err(CheckFailure::HolderDidNotRise(i + 1));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_quantile_against_a_sorted_list() {
        let mut s = StrokeStats::default();
        // 1000 ticks: 998 at 1.23 µs, one at 7.05 µs, one at 40 µs (beyond the histogram).
        for k in 0..1000u64 {
            s.record_tick_time(match k {
                10 => 7_050,
                500 => 40_000,
                _ => 1_230,
            });
        }
        let f = s.finish(0.0);
        assert_eq!(
            (f.tick_ns_max, f.tick_ns_mean),
            (40_000, (998 * 1230 + 7050 + 40_000) / 1000)
        );
        // The 999th of 1000 sorted values is 7.05 µs: its bin [7.0, 7.1) µs.
        assert_eq!(f.tick_ns_p999, 7_100);
        assert_eq!(s.tick_quantile(500), 1_300);
        assert_eq!(s.tick_quantile(1000), 40_000);
    }
}
