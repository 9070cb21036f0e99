//! Report folders of the seed 001 studies: CSV of every curve first, then its plot (SVG +
//! PNG), then a summary text, all written atomically.

use std::fmt::Write as _;
use std::path::Path;

use super::error::{Result, create_dir, write_csv, write_file};

use super::k_mesh_study::KMeshOutcome;
use super::wear_study::{KAtPressure, PowerLawFit};
use crate::dde::cracked_plate::{CrackedPlate, CrackedPlateResult};
use crate::dde::incline::{InclineCase, InclineRun, fitted_acceleration};
use crate::report::{CsvTable, LinePlot, Series};

/// Incline: `incline.csv` (t, x, v, T, N, joints), velocity against the closed form, forces
/// against the free-body diagram; returns the summary text.
pub fn write_incline(out: &Path, case: &InclineCase, run: &InclineRun) -> Result<String> {
    create_dir(out)?;
    let mut csv = CsvTable::new(&[
        "t_ns",
        "x_nm",
        "v_m_per_s",
        "T_N_per_m",
        "N_N_per_m",
        "contact_joints",
    ]);
    for s in &run.samples {
        csv.push(&[
            s.time * 1e9,
            s.displacement * 1e9,
            s.velocity,
            s.tangential,
            s.normal,
            s.joints as f64,
        ]);
    }
    write_csv(&csv, &out.join("incline.csv"))?;
    let a_fit = fitted_acceleration(run, 0.2 * case.run_time);
    let a_rigid = case.rigid_acceleration();
    let v0 = run.samples.first().map_or(0.0, |s| s.velocity);
    let pts = |f: &dyn Fn(&crate::dde::incline::InclineSample) -> f64| -> Vec<(f64, f64)> {
        run.samples.iter().map(|s| (s.time * 1e9, f(s))).collect()
    };
    LinePlot::new("Block on a 15° incline: velocity", "t [ns]", "v [m/s]")
        .series(Series::line("simulation", pts(&|s| s.velocity)))
        .series(Series::dashed(
            "rigid block g(sin θ − μk cos θ)",
            pts(&|s| v0 + a_rigid * s.time),
        ))
        .write(&out.join("incline_velocity"))?;
    let (sn, cs) = case.angle.sin_cos();
    LinePlot::new("Contact forces on the block", "t [ns]", "force [N/m]")
        .series(Series::line("tangential T", pts(&|s| s.tangential)))
        .series(Series::line("normal N", pts(&|s| s.normal)))
        .series(Series::dashed("W cos θ", pts(&|_| run.weight * cs)))
        .series(Series::dashed("W sin θ", pts(&|_| run.weight * sn)))
        .write(&out.join("incline_forces"))?;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "incline: θ = 15°, μs = {}, μk = {}",
        case.mu_static, case.mu_kinetic
    );
    let _ = writeln!(s, "  elements {}, steps {}", run.elements, run.steps);
    let last = run.samples.last().map_or(0.0, |s| s.displacement);
    let _ = writeln!(s, "  final displacement {:.4e} m", last);
    let _ = writeln!(
        s,
        "  fitted acceleration {a_fit:.5e} m/s², rigid block {a_rigid:.5e} m/s²"
    );
    if a_rigid > 0.0 {
        let _ = writeln!(
            s,
            "  relative difference {:+.3} %",
            100.0 * (a_fit - a_rigid) / a_rigid
        );
    }
    write_file(&out.join("summary.txt"), s.as_bytes())?;
    Ok(s)
}

/// Cracked plate mesh study: `plate.csv` and K_app/K_Ic and fracture energy against h.
pub fn write_plate(out: &Path, case: &CrackedPlate, rows: &[CrackedPlateResult]) -> Result<String> {
    create_dir(out)?;
    let mut csv = CsvTable::new(&[
        "cells",
        "h_um",
        "sigma_init_MPa",
        "K_app_over_K_Ic",
        "E_frac_per_length_J_m2",
        "G_c_J_m2",
        "broken",
    ]);
    for r in rows {
        csv.push(&[
            (case.width / r.spacing).round(),
            r.spacing * 1e6,
            r.stress_at_initiation * 1e-6,
            r.k_ratio,
            r.joint_energy_per_length,
            r.g_c,
            r.broken as f64,
        ]);
    }
    write_csv(&csv, &out.join("plate.csv"))?;
    LinePlot::new(
        "Centre-cracked plate: apparent toughness",
        "h [µm]",
        "K_app / K_Ic",
    )
    .series(Series::points(
        "Eq. 16",
        rows.iter().map(|r| (r.spacing * 1e6, r.k_ratio)).collect(),
    ))
    .write(&out.join("plate_toughness"))?;
    LinePlot::new(
        "Fracture energy per unit new crack length",
        "h [µm]",
        "J/m²",
    )
    .series(Series::points(
        "dissipated",
        rows.iter()
            .map(|r| (r.spacing * 1e6, r.joint_energy_per_length))
            .collect(),
    ))
    .series(Series::dashed(
        "G_c",
        rows.iter().map(|r| (r.spacing * 1e6, r.g_c)).collect(),
    ))
    .write(&out.join("plate_energy"))?;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "centre-cracked plate: W = {:.0} µm, a = {}·W, threshold {:?}",
        case.width * 1e6,
        case.crack_fraction,
        case.strength
    );
    let _ = writeln!(
        s,
        "  cells   h[µm]   σ_init[MPa]  K_app/K_Ic  E_frac/Δl[J/m²]  (G_c = {:.0})",
        rows.first().map_or(0.0, |r| r.g_c)
    );
    for r in rows {
        let _ = writeln!(
            s,
            "  {:5.0}  {:6.3}  {:11.1}  {:10.4}  {:15.1}",
            case.width / r.spacing,
            r.spacing * 1e6,
            r.stress_at_initiation * 1e-6,
            r.k_ratio,
            r.joint_energy_per_length
        );
    }
    write_file(&out.join("summary.txt"), s.as_bytes())?;
    Ok(s)
}

/// Wear sweep: `k_vs_p.csv`, `runs.csv`, `debris_history.csv`, K(p) with CI and the fit,
/// debris area against sliding distance.
pub fn write_wear(out: &Path, points: &[KAtPressure], fit: Option<&PowerLawFit>) -> Result<String> {
    create_dir(out)?;
    let mut csv = CsvTable::new(&[
        "p_MPa",
        "K_mean",
        "K_lo95",
        "K_hi95",
        "energy_wear_m3_per_J",
        "mu",
        "realisations",
    ]);
    let mut runs = CsvTable::new(&[
        "p_MPa",
        "realisation",
        "K",
        "worn_area_um2",
        "friction_work_J_per_m",
        "mu",
        "broken_joints",
        "elements",
        "steps",
    ]);
    let mut hist = CsvTable::new(&[
        "p_MPa",
        "realisation",
        "s_um",
        "debris_area_um2",
        "particles",
    ]);
    for p in points {
        csv.push(&[
            p.pressure * 1e-6,
            p.k_mean,
            p.k_ci95[0],
            p.k_ci95[1],
            p.energy_wear,
            p.mu,
            p.runs.len() as f64,
        ]);
        for (r, run) in p.runs.iter().enumerate() {
            runs.push(&[
                p.pressure * 1e-6,
                r as f64,
                run.k,
                run.worn_area * 1e12,
                run.friction_work,
                run.mean_mu,
                run.broken as f64,
                run.elements as f64,
                run.steps as f64,
            ]);
            for &(s, a, n) in &run.history {
                hist.push(&[p.pressure * 1e-6, r as f64, s * 1e6, a * 1e12, n as f64]);
            }
        }
    }
    write_csv(&csv, &out.join("k_vs_p.csv"))?;
    write_csv(&runs, &out.join("runs.csv"))?;
    write_csv(&hist, &out.join("debris_history.csv"))?;
    let mut plot = LinePlot::new("Simulated wear coefficient", "p [MPa]", "K [-]")
        .series(
            Series::points(
                "mean over realisations (95 % CI)",
                points
                    .iter()
                    .map(|p| (p.pressure * 1e-6, p.k_mean))
                    .collect(),
            )
            .with_interval(points.iter().map(|p| p.k_ci95).collect()),
        )
        // K ≥ 0 (debris area ≥ 0).
        .y_bounds(0.0, f64::INFINITY);
    if let Some(f) = fit {
        plot = plot.series(Series::dashed(
            "K0 (p/p_ref)^n",
            points
                .iter()
                .map(|p| {
                    (
                        p.pressure * 1e-6,
                        f.k0 * (p.pressure / f.p_ref).powf(f.exponent),
                    )
                })
                .collect(),
        ));
    }
    plot.write(&out.join("k_vs_p"))?;
    let mut dh = LinePlot::new("Debris area during sliding", "s [µm]", "debris area [µm²]");
    for p in points {
        if let Some(run) = p.runs.first() {
            dh = dh.series(Series::line(
                format!("p = {:.0} MPa, realisation 0", p.pressure * 1e-6),
                run.history
                    .iter()
                    .map(|&(s, a, _)| (s * 1e6, a * 1e12))
                    .collect(),
            ));
        }
    }
    dh.write(&out.join("debris_history"))?;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "sliding wear (seed 001 DDE): K = W·H/(F_N·s) per unit depth"
    );
    let _ = writeln!(
        s,
        "  p[MPa]   K_mean      95 % CI                 μ      runs"
    );
    for p in points {
        let _ = writeln!(
            s,
            "  {:6.0}  {:.3e}  [{:.3e}, {:.3e}]  {:.3}  {}",
            p.pressure * 1e-6,
            p.k_mean,
            p.k_ci95[0],
            p.k_ci95[1],
            p.mu,
            p.runs.len()
        );
    }
    match fit {
        Some(f) => {
            let _ = writeln!(
                s,
                "  fit K = K0 (p/p_ref)^n: K0 = {:.3e} [{:.3e}, {:.3e}], n = {:.3} [{:.3}, {:.3}], p_ref = {:.0} MPa",
                f.k0,
                f.k0_ci95[0],
                f.k0_ci95[1],
                f.exponent,
                f.exponent_ci95[0],
                f.exponent_ci95[1],
                f.p_ref * 1e-6
            );
        }
        None => {
            let _ = writeln!(
                s,
                "  no power-law fit: needs ≥ 2 pressures, each with debris (K > 0)"
            );
        }
    }
    write_file(&out.join("summary.txt"), s.as_bytes())?;
    Ok(s)
}

/// K mesh study: `k_mesh.csv`, `k_mesh_runs.csv`, K against h with CIs (log K); returns
/// the summary text with the convergence verdict.
pub fn write_k_mesh(out: &Path, label: &str, outcome: &KMeshOutcome) -> Result<String> {
    create_dir(out)?;
    let mut csv = CsvTable::new(&[
        "cells",
        "h_um",
        "K_mean",
        "K_lo95",
        "K_hi95",
        "broken_joints_mean",
        "elements",
        "realisations",
        "fragments_per_mm",
        "fragments_per_mm_lo95",
        "fragments_per_mm_hi95",
        "broken_per_mm",
        "broken_per_mm_lo95",
        "broken_per_mm_hi95",
        "fragment_area_over_h2",
        "fragment_area_over_h2_lo95",
        "fragment_area_over_h2_hi95",
        "fragment_area_over_asperity",
        "fragment_area_over_asperity_lo95",
        "fragment_area_over_asperity_hi95",
        "single_element_share",
        "fragments",
        "fragments_at_start",
    ]);
    let mut runs = CsvTable::new(&["cells", "realisation", "K"]);
    for m in &outcome.meshes {
        csv.push(&[
            m.cells as f64,
            m.spacing * 1e6,
            m.k_mean,
            m.k_ci95[0],
            m.k_ci95[1],
            m.broken_mean,
            m.elements as f64,
            m.k.len() as f64,
            m.debris.fragments_per_mm.0,
            m.debris.fragments_per_mm.1[0],
            m.debris.fragments_per_mm.1[1],
            m.debris.broken_per_mm.0,
            m.debris.broken_per_mm.1[0],
            m.debris.broken_per_mm.1[1],
            m.debris.area_over_h2.0,
            m.debris.area_over_h2.1[0],
            m.debris.area_over_h2.1[1],
            m.debris.area_over_asperity.0,
            m.debris.area_over_asperity.1[0],
            m.debris.area_over_asperity.1[1],
            m.debris.single_element_share,
            m.debris.fragments as f64,
            m.debris.fragments_at_start as f64,
        ]);
        for (r, k) in m.k.iter().enumerate() {
            runs.push(&[m.cells as f64, r as f64, *k]);
        }
    }
    write_csv(&csv, &out.join("k_mesh.csv"))?;
    write_csv(&runs, &out.join("k_mesh_runs.csv"))?;
    write_debris_scale(out, outcome)?;
    let fold =
        |f: fn(f64, f64) -> f64, init: f64, v: &dyn Fn(&super::k_mesh_study::KAtMesh) -> f64| {
            outcome
                .meshes
                .iter()
                .map(v)
                .filter(|x| *x > 0.0)
                .fold(init, f)
        };
    let h_max = fold(f64::max, 0.0, &|m| m.spacing);
    let k_lo = fold(f64::min, f64::INFINITY, &|m| {
        m.k_ci95[0].max(0.1 * m.k_mean)
    });
    let k_hi = fold(f64::max, 0.0, &|m| m.k_ci95[1]);
    LinePlot::new(
        format!("Wear coefficient under mesh refinement ({label})"),
        "h [µm]",
        "K [-]",
    )
    .log_y()
    .x_range(0.0, 1.15 * h_max * 1e6)
    .y_range(0.5 * k_lo, 2.0 * k_hi)
    .series(
        Series::points(
            "mean over realisations (95 % CI)",
            outcome
                .meshes
                .iter()
                .map(|m| (m.spacing * 1e6, m.k_mean))
                .collect(),
        )
        .with_interval(outcome.meshes.iter().map(|m| m.k_ci95).collect()),
    )
    .write(&out.join("k_mesh"))?;
    let mut s = String::new();
    let _ = writeln!(s, "K mesh study ({label}), same realisations on every mesh");
    let _ = writeln!(
        s,
        "  cells  h[µm]   K_mean     95 % CI                 broken  elements  runs"
    );
    for m in &outcome.meshes {
        let _ = writeln!(
            s,
            "  {:5}  {:5.2}  {:.3e}  [{:.3e}, {:.3e}]  {:6.0}  {:8}  {}",
            m.cells,
            m.spacing * 1e6,
            m.k_mean,
            m.k_ci95[0],
            m.k_ci95[1],
            m.broken_mean,
            m.elements,
            m.k.len()
        );
    }
    let (r, ci) = outcome.finest_ratio;
    let _ = writeln!(
        s,
        "  paired ratio K(finest)/K(second finest) = {r:.3} [{:.3}, {:.3}]",
        ci[0], ci[1]
    );
    let _ = writeln!(
        s,
        "  debris (95 % CIs over realisations; A_asp = λ_s·h_rms = {:.0} µm²)",
        outcome.asperity_area * 1e12
    );
    let _ = writeln!(
        s,
        "  cells  fragments/mm           broken joints/mm        area/h²             area/A_asp             single  n_frag  bins h² <1,<2,<4,<8,≥8"
    );
    let ci = |v: (f64, [f64; 2])| format!("{:7.3} [{:.3}, {:.3}]", v.0, v.1[0], v.1[1]);
    for m in &outcome.meshes {
        let d = &m.debris;
        let _ = writeln!(
            s,
            "  {:5}  {:22}  {:22}  {:18}  {:21}  {:5.2}  {:6}  {:?}",
            m.cells,
            ci(d.fragments_per_mm),
            ci(d.broken_per_mm),
            ci(d.area_over_h2),
            ci(d.area_over_asperity),
            d.single_element_share,
            d.fragments,
            d.area_histogram
        );
    }
    let _ = writeln!(
        s,
        "  paired ratios finest/second finest: mean fragment area {} (h² scaling: {:.3}), fragments per run {}",
        ci(outcome.finest_fragment_area_ratio),
        (outcome.meshes[outcome.meshes.len() - 1].spacing
            / outcome.meshes[outcome.meshes.len() - 2].spacing)
            .powi(2),
        ci(outcome.finest_fragment_count_ratio)
    );
    for (m, share) in outcome.meshes.iter().zip(&outcome.largest_fragment_share) {
        let _ = writeln!(
            s,
            "  {:>5} cells: largest fragment's share of the debris area {}",
            m.cells,
            ci(*share)
        );
    }
    let _ = writeln!(
        s,
        "  {}",
        if outcome.converged {
            "CIs overlap, the paired ratio's CI contains 1 and no fragment dominates the debris: K converges (the wear section may carry K0)"
        } else {
            "CIs apart, the paired ratio's CI excludes 1, or one fragment holds over half the finest mesh's debris: K does not converge as a wear coefficient (ShapeOnly)"
        }
    );
    write_file(&out.join("summary.txt"), s.as_bytes())?;
    Ok(s)
}

/// The debris of a mesh study: `k_mesh_fragments.csv` (every fragment) and the mean fragment
/// area against h (log–log) with the h² line through the coarsest mesh and the asperity scale.
fn write_debris_scale(out: &Path, outcome: &KMeshOutcome) -> Result<()> {
    let mut frags = CsvTable::new(&[
        "cells",
        "realisation",
        "area_um2",
        "area_over_h2",
        "elements",
    ]);
    for m in &outcome.meshes {
        for (r, run) in m.fragments.iter().enumerate() {
            for &(a, e) in run {
                frags.push(&[
                    m.cells as f64,
                    r as f64,
                    a * 1e12,
                    a / (m.spacing * m.spacing),
                    e as f64,
                ]);
            }
        }
    }
    write_csv(&frags, &out.join("k_mesh_fragments.csv"))?;
    let area = |m: &super::k_mesh_study::KAtMesh| m.debris.area_over_h2.0 * m.spacing * m.spacing;
    let with_debris: Vec<_> = outcome.meshes.iter().filter(|m| area(m) > 0.0).collect();
    let Some(first) = with_debris.first() else {
        return Ok(());
    };
    let h2_line: Vec<(f64, f64)> = outcome
        .meshes
        .iter()
        .map(|m| {
            (
                m.spacing * 1e6,
                area(first) * 1e12 * (m.spacing / first.spacing).powi(2),
            )
        })
        .collect();
    let h: Vec<f64> = outcome.meshes.iter().map(|m| m.spacing * 1e6).collect();
    let (h_lo, h_hi) = (
        h.iter().copied().fold(f64::INFINITY, f64::min),
        h.iter().copied().fold(0.0, f64::max),
    );
    let a_asp = outcome.asperity_area * 1e12;
    let lo = with_debris
        .iter()
        .map(|m| {
            m.debris.area_over_h2.1[0].max(0.05 * m.debris.area_over_h2.0)
                * m.spacing
                * m.spacing
                * 1e12
        })
        .chain(h2_line.iter().map(|p| p.1))
        .fold(f64::INFINITY, f64::min);
    let hi = with_debris
        .iter()
        .map(|m| m.debris.area_over_h2.1[1] * m.spacing * m.spacing * 1e12)
        .chain([a_asp])
        .fold(0.0, f64::max);
    LinePlot::new(
        "Debris fragment size under mesh refinement",
        "h [µm]",
        "mean fragment area [µm²]",
    )
    .log_x()
    .log_y()
    .x_range(0.8 * h_lo, 1.25 * h_hi)
    .y_range(0.5 * lo, 2.0 * hi)
    .series(
        Series::points(
            "mean over all fragments (95 % CI, bootstrap over realisations)",
            with_debris
                .iter()
                .map(|m| (m.spacing * 1e6, area(m) * 1e12))
                .collect(),
        )
        .with_interval(
            with_debris
                .iter()
                .map(|m| {
                    m.debris
                        .area_over_h2
                        .1
                        .map(|v| v * m.spacing * m.spacing * 1e12)
                })
                .collect(),
        ),
    )
    .series(Series::dashed("∝ h² (element-scale chips)", h2_line))
    .series(Series::line(
        "asperity scale A_asp = λ_s·h_rms",
        vec![(0.8 * h_lo, a_asp), (1.25 * h_hi, a_asp)],
    ))
    .write(&out.join("k_mesh_debris"))?;
    Ok(())
}
