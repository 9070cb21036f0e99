//! The `tribo dem` stage: wear flakes between a sliding rigid rough tool and a rigid rough surface
//! (seed 000 §5 Step 1, Fig. 8–9), without the BEM.
//!
//! Surfaces are generated (self-affine, seed 000 §6.1) or loaded from plain-text matrices
//! (whitespace- or comma-separated, one row per y, heights in units of `z_scale` metres, µm
//! by default; or X3P; read and checked as `tribo contact --deformable-file` by [`crate::surface::SurfaceSource`]). The
//! tool's vertical position is, by default, the lowest at which the two rigid surfaces do not
//! interpenetrate anywhere along the sliding path (they "just touch"), or a given mean gap
//! (`--gap`). Every input is SI.
//!
//! Outputs in `--out`: `flakes.csv` (states per pixel of sliding), `history.csv` + plots
//! (blocked count, energies, largest overlap vs sliding distance), `snapshot_{initial,final}`
//! (heatmap of h_Def with flake footprints burnt in as magenta: outlines of free flakes, filled
//! blocked ones — the report's Heatmap has no overlay layer), `outlines_{initial,final}`
//! (flake outlines as a line plot), `summary.txt`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::error::{PipelineError, Result, io_at, write_csv, write_file};

use super::surface_report::on_map;
use crate::dem::{
    DemParams, DemSystem, FlakeShape, RandomPlacement, area_fraction,
    flake::FlakeFrame,
    penalty::{DEFAULT_SAFETY, penalty_stiffness, stable_time_step},
    place_random, read_csv, touching_offset,
};
use crate::io::delimited::TextTable;
use crate::report::{CsvTable, LinePlot, Series, SeriesStyle};
use crate::surface::self_affine::ModeOrder;
use crate::surface::{HeightMap, MeasuredSurface, Rescale, SelfAffine, SourceError, SurfaceSource};
use crate::validate::rule::Rule;

/// Inputs of a `tribo dem` run (SI; the command's flags parse `500um`, `55GPa` into it).
#[derive(Clone, Debug)]
pub struct DemRunConfig {
    /// Output folder.
    pub out: PathBuf,
    /// Master seed (surfaces and placement).
    pub seed: u64,
    /// Grid points per side of generated surfaces.
    pub n: usize,
    /// Side of the periodic domain of generated surfaces \[m\] (seed 000: 500 µm).
    pub length: f64,
    /// Hurst exponent of generated surfaces (seed 000: 0.8).
    pub hurst: f64,
    /// Long-wavelength cutoff [modes of 2π/L].
    pub k_l: f64,
    /// Roll-off [modes of 2π/L].
    pub k_r: f64,
    /// Short-wavelength cutoff [modes of 2π/L] (k_l/k_s = 1/32 ≈ 3/100, seed 000 §6.1).
    pub k_s: f64,
    /// RMS height of the deformable surface \[m\] (seed 000: aluminium 1.40 µm).
    pub def_rms: f64,
    /// RMS height of the tool \[m\] (seed 000: 0.60 µm).
    pub tool_rms: f64,
    /// Load h_Def from a measured map instead of generating it: a text matrix (rows = y,
    /// heights in units of `height_unit`, needs `spacing`) or X3P (`crate::surface::source`).
    pub def_file: Option<PathBuf>,
    /// Load h_Tool from a measured map (as `def_file`).
    pub tool_file: Option<PathBuf>,
    /// Pixel spacing of loaded text matrices, the same in x and y \[m\].
    pub spacing: Option<f64>,
    /// Height unit of loaded text matrices \[m\] (1e-6: µm; an X3P file carries its own).
    pub height_unit: f64,
    /// Whose velocity the flakes' drag is measured against (`tribo dem --drag-frame`;
    /// `tribo calibrate`'s default is the lubricant).
    pub drag_frame: crate::dem::DragFrame,
    /// What moves the flakes (`tribo dem --integrator`), resolved at the grid's pixel with the
    /// default overdamped tolerance and advance.
    pub integrator: crate::dem::IntegratorChoice,
    /// Number of flakes N_p.
    pub flakes: usize,
    /// Read flakes from a CSV (columns x, y \[m\]; optional z, qw, qx, qy, qz, vx, vy, vz).
    pub placement: Option<PathBuf>,
    /// Flake diameter d_p \[m\] (seed 000: 6–100 µm).
    pub diameter: f64,
    /// Flake thickness h_p \[m\] (seed 000: 0.5 µm).
    pub thickness: f64,
    /// Flake density [kg/m³] (aluminium 2700; alumina 3950).
    pub density: f64,
    /// Tool sliding speed v0 [m/s].
    pub v0: f64,
    /// Viscous damping per unit mass γ = η/m [1/s] (Eq. 15–16; η = γ·m, η_rot = η·I₁/m), the
    /// meaning of the config's `flakes.damping`.
    pub damping: f64,
    /// Reduced modulus E* for the Hertz force estimate \[Pa\] (seed 000: 55 GPa).
    pub e_star: f64,
    /// Impact speed for the penalty stiffness [m/s] (default: v0).
    pub impact_speed: Option<f64>,
    /// Sliding distance \[m\].
    pub distance: f64,
    /// Mean gap between tool and surface \[m\] (default: surfaces just touch along the path).
    pub gap: Option<f64>,
    /// Largest initial tilt of the flakes \[rad\].
    pub max_tilt: f64,
    /// Write flake states every this many pixels.
    pub every: usize,
}

/// What `tribo dem` wrote.
#[derive(Clone, Debug)]
pub struct DemRunSummary {
    /// The run's summary (the text of `summary.txt`).
    pub summary: String,
    /// The output folder.
    pub out: PathBuf,
}

/// Runs the DEM of `args` and writes its report into `args.out` (see the module docs); returns
/// the summary (also written as `summary.txt`).
///
/// # Errors
///
/// [`PipelineError::Config`] naming the flag when a count, speed, damping, distance, gap or output
/// interval is outside its rule; [`PipelineError::Generate`], [`PipelineError::MeasuredSurface`]
/// (a measured map refused by its reader or the one map check) or [`PipelineError::NonSquare`]
/// when a surface cannot be generated or read;
/// [`PipelineError::FlakeShape`] for a flake that is not an oblate spheroid of positive size and
/// density; [`PipelineError::FlakeFile`] for an unreadable `--placement` file;
/// [`PipelineError::Dem`] when the DEM refuses the set-up or placement; [`PipelineError::Io`] or
/// [`PipelineError::Report`] when an output cannot be written.
pub fn run_dem(args: &DemRunConfig) -> Result<DemRunSummary> {
    crate::validate::rules::COUNT.check_count("--flakes", args.flakes as u64)?;
    crate::validate::budget::check(
        "--flakes",
        args.flakes,
        "the flakes' states and contacts",
        args.flakes as f64 * crate::validate::budget::BYTES_PER_FLAKE,
    )?;
    let (def, tool) = surfaces(args)?;
    let shape = FlakeShape::new(args.diameter, args.thickness, args.density);
    if !shape.is_valid() {
        return Err(PipelineError::FlakeShape { shape });
    }
    Rule::POSITIVE.check("--v0", args.v0)?;
    Rule::NON_NEGATIVE.check("--damping (1/s)", args.damping)?;
    let eta = args.damping * shape.mass();
    Rule::NON_NEGATIVE.check("--distance", args.distance)?;
    Rule::count(1, u64::MAX).check_count("--every", args.every as u64)?;
    let (dx, dy) = (def.dx(), def.dy());
    let e_star = args.e_star;
    let mut params = DemParams::from_physics(shape, eta, args.v0, e_star, dx, dy, args.drag_frame);
    if let Some(v) = args.impact_speed {
        Rule::POSITIVE.check("--impact-speed", v)?;
        params.stiffness = penalty_stiffness(&shape, e_star, v);
        params.dt = stable_time_step(&shape, params.stiffness, dx, dy, DEFAULT_SAFETY);
    }
    let params = params.with_integrator(
        args.integrator,
        crate::dem::params::ImplicitSettings::DEFAULT,
        dx,
    );
    let tool_offset = match args.gap {
        Some(g) => {
            Rule::FINITE.check("--gap", g)?;
            g + def.mean() - tool.mean()
        }
        None => touching_offset(&def, &tool),
    };
    let tool_world = raised(&tool, tool_offset);
    let flakes = match &args.placement {
        Some(p) => read_csv(p, &shape, &def, &tool_world)?,
        None => {
            let mut spec = RandomPlacement::new(args.flakes);
            spec.max_tilt = args.max_tilt;
            place_random(&shape, &def, &tool_world, &spec, args.seed)?
        }
    };
    let n_p = flakes.len();
    let beta = area_fraction(&shape, n_p, &def);
    let mean_gap = tool_offset + tool.mean() - def.mean();
    let mut dem = DemSystem::new(params, def, tool, tool_offset, flakes)?;
    let pixels = (args.distance / dx).round() as u64;
    std::fs::create_dir_all(&args.out).map_err(io_at("creating output folder", &args.out))?;

    let mut summary = String::new();
    let _ = writeln!(summary, "tribo dem — seed 000 §5 Step 1");
    let _ = writeln!(summary, "seed = {}", args.seed);
    let _ = writeln!(
        summary,
        "grid = {}×{}, dx = {:.4e} m, domain = {:.4e} m",
        dem.deformable().nx(),
        dem.deformable().ny(),
        dx,
        dem.deformable().lx()
    );
    let _ = writeln!(
        summary,
        "flakes N_p = {n_p}, d_p = {:.3e} m, h_p = {:.3e} m, density = {} kg/m³",
        2.0 * shape.a,
        2.0 * shape.c,
        shape.density
    );
    let _ = writeln!(
        summary,
        "mass = {:.4e} kg, inertia = {:?} kg·m²",
        shape.mass(),
        shape.inertia()
    );
    let _ = writeln!(
        summary,
        "area fraction beta = a_p·N_p/A_0 (Eq. 10) = {beta:.5}"
    );
    let _ = writeln!(
        summary,
        "penalty stiffness k = {:.4e} N/m per node, dt = {:.4e} s, integrator = {}",
        params.stiffness,
        params.dt,
        params.integrator.name()
    );
    let _ = writeln!(
        summary,
        "v0 = {} m/s, damping = {:e} 1/s, eta = {:e} kg/s, eta_rot = {:e} N·m·s, drag frame = {}",
        args.v0,
        args.damping,
        params.damping.eta,
        params.damping.eta_rot,
        args.drag_frame.name()
    );
    let _ = writeln!(
        summary,
        "tool offset = {tool_offset:.4e} m, mean gap = {mean_gap:.4e} m ({})",
        if args.gap.is_some() {
            "given"
        } else {
            "surfaces just touch along the sliding path"
        }
    );
    let _ = writeln!(
        summary,
        "sliding distance = {} pixels = {:.4e} m",
        pixels,
        pixels as f64 * dx
    );

    let mut states = CsvTable::new(&[
        "pixel", "slide_m", "time_s", "flake", "x_m", "y_m", "z_m", "vx_m_s", "vy_m_s", "vz_m_s",
        "wx_rad_s", "wy_rad_s", "wz_rad_s", "qw", "qx", "qy", "qz", "clusters", "blocked",
    ]);
    let mut history = CsvTable::new(&[
        "pixel",
        "slide_m",
        "time_s",
        "blocked",
        "kinetic_J",
        "penalty_J",
        "max_overlap_m",
        "steps",
    ]);
    let initial = snapshot_data(&dem);
    record(&mut dem, 0, 0, &mut states, &mut history);
    let bar = crate::progress::bar(pixels, "dem pixels");
    let mut total_steps = 0usize;
    for p in 1..=pixels {
        let steps = dem.advance_one_pixel()?;
        total_steps += steps;
        if p % args.every as u64 == 0 || p == pixels {
            record(&mut dem, p, steps, &mut states, &mut history);
        }
        bar.inc(1);
    }
    crate::progress::finish(&bar);
    let _ = writeln!(
        summary,
        "steps = {total_steps} ({} flake-steps)",
        total_steps * n_p
    );
    let final_blocked = dem.blocked().len();
    let _ = writeln!(summary, "blocked flakes at the end = {final_blocked}");

    let out = &args.out;
    write_csv(&states, &out.join("flakes.csv"))?;
    write_csv(&history, &out.join("history.csv"))?;
    write_history_plots(&history_columns(&history), out)?;
    write_snapshot(&initial, &dem, out, "initial")?;
    let last = snapshot_data(&dem);
    write_snapshot(&last, &dem, out, "final")?;
    write_file(&out.join("summary.txt"), summary.as_bytes())?;
    Ok(DemRunSummary {
        summary,
        out: out.clone(),
    })
}

/// The surface pair: measured maps as read, checked by the one map check
/// ([`SurfaceSource`]), or generated (streams 1 and 2 under `--seed`; a generated tool takes
/// the deformable surface's grid and side).
fn surfaces(args: &DemRunConfig) -> Result<(HeightMap, HeightMap)> {
    if let Some(s) = args.spacing {
        Rule::POSITIVE.check("--spacing", s)?;
    }
    Rule::POSITIVE.check("--height-unit", args.height_unit)?;
    let spectrum = SelfAffine {
        hurst: args.hurst,
        k_l: args.k_l,
        k_r: args.k_r,
        k_s: args.k_s,
    };
    let source = |key: &'static str, file: &Option<PathBuf>, which, grid, length, rms, stream| {
        Ok::<_, PipelineError>(match file {
            Some(path) => {
                // `--height-unit` is a text matrix's (it has a default); X3P carries its own.
                let text = !MeasuredSurface::path_is_x3p(path);
                SurfaceSource::from_flag(
                    key,
                    path.clone(),
                    args.spacing,
                    text.then_some(args.height_unit),
                )
                .map_err(|e| PipelineError::MeasuredSurface(Box::new(e)))?
            }
            None => SurfaceSource::Generated {
                which,
                spectrum,
                grid,
                length,
                rescale: Rescale::RmsHeight(rms),
                order: ModeOrder::Grid,
                seed: args.seed,
                stream,
            },
        })
    };
    let realise = |source: SurfaceSource| {
        source.realise().map(|l| l.map).map_err(|e| match e {
            SourceError::Measured(e) => PipelineError::MeasuredSurface(Box::new(e)),
            SourceError::Generated { which, source } => PipelineError::Generate { which, source },
        })
    };
    let def = realise(source(
        "--deformable-file",
        &args.def_file,
        "deformable",
        args.n,
        args.length,
        args.def_rms,
        1,
    )?)?;
    if args.tool_file.is_none() && def.ny() != def.nx() {
        return Err(PipelineError::NonSquare {
            nx: def.nx(),
            ny: def.ny(),
        });
    }
    let tool = realise(source(
        "--tool-file",
        &args.tool_file,
        "tool",
        def.nx(),
        def.lx(),
        args.tool_rms,
        2,
    )?)?;
    Ok((def, tool))
}

fn raised(h: &HeightMap, z: f64) -> HeightMap {
    let v = h.heights().iter().map(|v| v + z).collect();
    HeightMap::new(h.nx(), h.ny(), h.dx(), h.dy(), v).expect("raised copy of a valid map")
}

fn record(
    dem: &mut DemSystem,
    pixel: u64,
    steps: usize,
    states: &mut CsvTable,
    history: &mut CsvTable,
) {
    let fps = dem.footprints();
    let inertia = dem.rigid_body().inertia;
    let (slide, time) = (dem.tool_displacement(), dem.time());
    for (i, (f, fp)) in dem.flakes().iter().zip(&fps).enumerate() {
        let w = f.angular_velocity(inertia);
        let q = f.orientation;
        states.push(&[
            pixel as f64,
            slide,
            time,
            i as f64,
            f.position[0],
            f.position[1],
            f.position[2],
            f.velocity[0],
            f.velocity[1],
            f.velocity[2],
            w[0],
            w[1],
            w[2],
            q.w,
            q.x,
            q.y,
            q.z,
            fp.clusters as f64,
            if fp.is_blocked() { 1.0 } else { 0.0 },
        ]);
    }
    let blocked = fps.iter().filter(|f| f.is_blocked()).count();
    let e = dem.energy();
    let overlap = dem.max_overlap();
    history.push(&[
        pixel as f64,
        slide,
        time,
        blocked as f64,
        e.kinetic,
        e.penalty,
        overlap,
        steps as f64,
    ]);
}

/// The columns of the history table, read back through the one table reader (cells that are
/// not numbers, none expected, become NaN and are not drawn).
fn history_columns(t: &CsvTable) -> Vec<Vec<f64>> {
    let mut cols = vec![Vec::new(); t.columns()];
    if let Ok(table) = TextTable::parse(&t.to_text(), "DEM history") {
        for row in table.records.iter().skip(1) {
            for (c, col) in cols.iter_mut().enumerate() {
                col.push(table.number(row, c, "history").unwrap_or(f64::NAN));
            }
        }
    }
    cols
}

fn write_history_plots(cols: &[Vec<f64>], out: &Path) -> Result<()> {
    let slide_um: Vec<f64> = cols[1].iter().map(|s| s * 1e6).collect();
    let pts = |c: usize, s: f64| {
        slide_um
            .iter()
            .zip(&cols[c])
            .map(|(&x, &y)| (x, y * s))
            .collect()
    };
    LinePlot::new(
        "Blocked flakes (≥ 3 tool-contact clusters)",
        "sliding distance [µm]",
        "blocked flakes",
    )
    .series(Series::line("blocked", pts(3, 1.0)).with_style(SeriesStyle::LinePoints))
    .write(&out.join("blocked"))?;
    LinePlot::new("Energies", "sliding distance [µm]", "energy [J]")
        .series(Series::line("kinetic", pts(4, 1.0)))
        .series(Series::dashed("penalty", pts(5, 1.0)))
        .write(&out.join("energy"))?;
    LinePlot::new(
        "Largest contact overlap / h_p",
        "sliding distance [µm]",
        "overlap [nm]",
    )
    .series(Series::line("max overlap", pts(6, 1e9)))
    .write(&out.join("overlap"))?;
    Ok(())
}

struct FlakeSnapshot {
    outlines: Vec<(Vec<(f64, f64)>, bool)>,
    marked: Vec<f64>,
}

/// Footprints burnt into a copy of h_Def: outline pixels of free flakes and the whole
/// footprint of blocked ones become NaN (drawn magenta).
fn snapshot_data(dem: &DemSystem) -> FlakeSnapshot {
    let def = dem.deformable();
    let (nx, ny) = (def.nx(), def.ny());
    let mut marked: Vec<f64> = def.heights().iter().map(|h| h * 1e6).collect();
    let shape = dem.params().shape;
    let fps = dem.footprints();
    let mut outlines = Vec::new();
    for (f, fp) in dem.flakes().iter().zip(&fps) {
        let blocked = fp.is_blocked();
        let set: std::collections::HashSet<usize> = fp.pixels.iter().copied().collect();
        for &p in &fp.pixels {
            let (ix, iy) = ((p % nx) as isize, (p / nx) as isize);
            let wrap = |x: isize, y: isize| {
                y.rem_euclid(ny as isize) as usize * nx + x.rem_euclid(nx as isize) as usize
            };
            let edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .any(|&(ox, oy)| !set.contains(&wrap(ix + ox, iy + oy)));
            if blocked || edge {
                marked[p] = f64::NAN;
            }
        }
        let frame = FlakeFrame::new(&shape, f.orientation.to_matrix());
        let pts = frame
            .outline(48)
            .into_iter()
            .map(|(u, v)| ((f.position[0] + u) * 1e6, (f.position[1] + v) * 1e6))
            .collect();
        outlines.push((pts, blocked));
    }
    FlakeSnapshot { outlines, marked }
}

fn write_snapshot(s: &FlakeSnapshot, dem: &DemSystem, out: &Path, tag: &str) -> Result<()> {
    let def = dem.deformable();
    let (lx, ly) = (def.lx() * 1e6, def.ly() * 1e6);
    on_map(
        def,
        format!("Deformable surface with flakes ({tag}; magenta: outlines, filled = blocked)"),
        "h_Def [µm]",
        &s.marked,
    )
    .write(&out.join(format!("snapshot_{tag}")))?;
    let mut plot = LinePlot::new(
        format!("Flake outlines ({tag}; dashed = blocked)"),
        "x [µm]",
        "y [µm]",
    )
    .x_range(0.0, lx)
    .y_range(0.0, ly);
    for (pts, blocked) in &s.outlines {
        let series = if *blocked {
            Series::dashed("", pts.clone())
        } else {
            Series::line("", pts.clone())
        };
        plot = plot.series(series);
    }
    plot.write(&out.join(format!("outlines_{tag}")))?;
    Ok(())
}
