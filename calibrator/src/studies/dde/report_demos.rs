//! Report folders of the seed's demonstrations (§4.1 circles, §4.2 asperity break-off): CSV
//! of every curve, its plot (SVG + PNG), stress snapshots and a summary, all atomic.

use std::fmt::Write as _;
use std::path::Path;

use super::error::{Result, create_dir, write_csv, write_file};

use super::snapshot::write_stress_snapshot;
use crate::dde::asperity_breakoff::{AsperityCase, AsperityRun};
use crate::dde::circles::{CirclesCase, CirclesRun};
use crate::dde::vec2::V2;
use crate::report::{CsvTable, LinePlot, Series};

/// Relative difference of the moment half-width from Hertz's over the compression samples
/// with at least `min_load` of the final compression load: (mean, largest |·|).
pub fn hertz_agreement(run: &CirclesRun, min_load_fraction: f64) -> (f64, f64, usize) {
    let press = &run.samples[..run.slide_start];
    let p_end = press.last().map_or(0.0, |s| s.normal);
    let rel: Vec<f64> = press
        .iter()
        .filter(|s| s.normal > min_load_fraction * p_end && s.hertz_half_width > 0.0)
        .map(|s| s.half_width / s.hertz_half_width - 1.0)
        .collect();
    let n = rel.len();
    let mean = rel.iter().sum::<f64>() / n.max(1) as f64;
    let worst = rel.iter().fold(0.0f64, |a, r| a.max(r.abs()));
    (mean, worst, n)
}

/// Circles: `circles.csv`, b against Hertz over the load, forces over the drive, summary.
pub fn write_circles(out: &Path, case: &CirclesCase, run: &CirclesRun) -> Result<String> {
    create_dir(out)?;
    let mut csv = CsvTable::new(&[
        "t_ns",
        "drive_x_um",
        "drive_y_um",
        "N_N_per_m",
        "T_N_per_m",
        "b_um",
        "b_hertz_um",
        "contact_joints",
    ]);
    for s in &run.samples {
        csv.push(&[
            s.time * 1e9,
            s.drive.x * 1e6,
            s.drive.y * 1e6,
            s.normal,
            s.tangential,
            s.half_width * 1e6,
            s.hertz_half_width * 1e6,
            s.joints as f64,
        ]);
    }
    write_csv(&csv, &out.join("circles.csv"))?;
    let press = &run.samples[..run.slide_start];
    let slide = &run.samples[run.slide_start..];
    LinePlot::new(
        "Circles pressed together: contact half-width",
        "normal force N [kN/m]",
        "b [µm]",
    )
    .series(Series::points(
        "moment half-width of the contact forces",
        press
            .iter()
            .map(|s| (s.normal * 1e-3, s.half_width * 1e6))
            .collect(),
    ))
    .series(Series::dashed(
        "Hertz √(4PR(1−ν²)/(πE)), P from the contact forces",
        press
            .iter()
            .map(|s| (s.normal * 1e-3, s.hertz_half_width * 1e6))
            .collect(),
    ))
    .write(&out.join("circles_hertz"))?;
    LinePlot::new(
        "Circles sliding: forces on the driven half",
        "horizontal drive [µm]",
        "force [kN/m]",
    )
    .series(Series::line(
        "normal N",
        slide
            .iter()
            .map(|s| (s.drive.x * 1e6, s.normal * 1e-3))
            .collect(),
    ))
    .series(Series::line(
        "tangential T",
        slide
            .iter()
            .map(|s| (s.drive.x * 1e6, s.tangential * 1e-3))
            .collect(),
    ))
    .series(Series::dashed(
        "μN",
        slide
            .iter()
            .map(|s| (s.drive.x * 1e6, case.mu * s.normal * 1e-3))
            .collect(),
    ))
    .write(&out.join("circles_slide"))?;
    let (mean, worst, n) = hertz_agreement(run, 0.25);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "two circles (seed 001 §4.1): R = {:.1} µm, h = {:.3} µm (R/h = {:.0}), δ = {:.3} µm, μ = {}",
        case.radius * 1e6,
        case.spacing * 1e6,
        case.radius / case.spacing,
        case.approach * 1e6,
        case.mu
    );
    let _ = writeln!(
        s,
        "  elements {}, steps {}, damping drag {:.3e} N/m",
        run.elements, run.steps, run.damping_drag
    );
    if let Some(end) = press.last() {
        let _ = writeln!(
            s,
            "  end of compression: N = {:.4e} N/m, b = {:.4} µm, Hertz b = {:.4} µm, contact joints {}",
            end.normal,
            end.half_width * 1e6,
            end.hertz_half_width * 1e6,
            end.joints
        );
    }
    let _ = writeln!(
        s,
        "  b/b_Hertz − 1 over {n} compression samples with N > ¼ N_end: mean {:+.2} %, worst {:.2} %",
        100.0 * mean,
        100.0 * worst
    );
    let n_end = press.last().map_or(0.0, |e| e.normal);
    let mut ratios: Vec<f64> = slide
        .iter()
        .filter(|s| s.normal > 0.25 * n_end)
        .map(|s| s.tangential / s.normal)
        .collect();
    ratios.sort_by(f64::total_cmp);
    let q = |f: f64| ratios.get(((ratios.len() as f64 - 1.0) * f).round() as usize);
    if let (Some(lo), Some(mid), Some(hi)) = (q(0.1), q(0.5), q(0.9)) {
        let _ = writeln!(
            s,
            "  slide, {} samples with N > ¼ N_end: T/N 10/50/90 % quantiles {lo:.3} / {mid:.3} / {hi:.3} (μ = {})",
            ratios.len(),
            case.mu
        );
    }
    let _ = writeln!(
        s,
        "  last sample: N = {:.3e} N/m, contact joints {}",
        slide.last().map_or(0.0, |s| s.normal),
        slide.last().map_or(0, |s| s.joints)
    );
    write_file(&out.join("summary.txt"), s.as_bytes())?;
    Ok(s)
}

/// Asperity break-off: `asperity.csv`, force and debris over the drive, snapshots, summary.
pub fn write_asperity(out: &Path, case: &AsperityCase, run: &AsperityRun) -> Result<String> {
    create_dir(out)?;
    let mut csv = CsvTable::new(&[
        "drive_um",
        "drive_force_N_per_m",
        "broken_joints",
        "debris_particles",
        "debris_area_um2",
    ]);
    for s in &run.samples {
        csv.push(&[
            s.displacement * 1e6,
            s.drive_force,
            s.broken as f64,
            s.particles as f64,
            s.debris_area * 1e12,
        ]);
    }
    write_csv(&csv, &out.join("asperity.csv"))?;
    let pts = |f: &dyn Fn(&crate::dde::asperity_breakoff::AsperitySample) -> f64| {
        run.samples
            .iter()
            .map(|s| (s.displacement * 1e6, f(s)))
            .collect::<Vec<_>>()
    };
    LinePlot::new(
        "Asperity against an obstacle: drive force",
        "drive [µm]",
        "force [kN/m]",
    )
    .series(Series::line(
        "resisting force",
        pts(&|s| s.drive_force * 1e-3),
    ))
    .write(&out.join("asperity_force"))?;
    let (wb, _, d) = case.asperity;
    LinePlot::new(
        "Asperity against an obstacle: fracture and debris",
        "drive [µm]",
        "count / area",
    )
    .series(Series::line("joints broken", pts(&|s| s.broken as f64)))
    .series(Series::line(
        "debris area / asperity area [%]",
        pts(&|s| 100.0 * s.debris_area / (0.5 * (wb + case.asperity.1) * d)),
    ))
    .series(Series::line(
        "debris particles",
        pts(&|s| s.particles as f64),
    ))
    .write(&out.join("asperity_debris"))?;
    // Equal scales on both axes (the plot area is ≈ 800 × 500 px).
    let x_lo = -0.3 * case.body.x;
    let x_hi = 0.7 * case.body.x;
    let y_lo = -d - 2.0 * case.obstacle_radius - 1e-6;
    let window = (
        V2::new(x_lo, y_lo),
        V2::new(x_hi, y_lo + 0.62 * (x_hi - x_lo)),
    );
    for (k, (name, sys)) in run.snapshots.iter().enumerate() {
        write_stress_snapshot(
            &out.join(format!("snapshot_{k}")),
            sys,
            &format!("asperity, {name}"),
            window,
            Some(5e9),
        )?;
    }
    let last = run.samples.last();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "asperity break-off (seed 001 §4.2): h = {:.2} µm, asperity {:.0}/{:.0}/{:.0} µm, obstacle r = {:.0} µm, drive {:.0} m/s over {:.0} µm",
        case.spacing * 1e6,
        wb * 1e6,
        case.asperity.1 * 1e6,
        d * 1e6,
        case.obstacle_radius * 1e6,
        case.speed,
        case.travel * 1e6
    );
    let _ = writeln!(s, "  elements {}, steps {}", run.elements, run.steps);
    if let Some(l) = last {
        let _ = writeln!(
            s,
            "  at the end: {} joints broken, {} debris particles, debris area {:.2} µm² ({:.0} % of the asperity's {:.0} µm²)",
            l.broken,
            l.particles,
            l.debris_area * 1e12,
            100.0 * l.debris_area / (0.5 * (wb + case.asperity.1) * d),
            0.5 * (wb + case.asperity.1) * d * 1e12
        );
    }
    let peak = run
        .samples
        .iter()
        .map(|s| s.drive_force)
        .fold(f64::NEG_INFINITY, f64::max);
    let _ = writeln!(s, "  peak resisting force {peak:.4e} N/m");
    write_file(&out.join("summary.txt"), s.as_bytes())?;
    Ok(s)
}
