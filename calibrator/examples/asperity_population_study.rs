//! The measurements behind the asperity model's default junction population (seed 003; see
//! `calibrator/src/asperity/population.rs`): quasi-static shape figures of the incipient
//! stick–slip for candidate populations. Printed tables, not assertions.
//!
//! ```sh
//! cargo run --release -p tribo-calibrator --example asperity_population_study -- population
//! STUDY="pl,5e-11,5e-9,1.5;ln,1e-8,0.1" LOADS=0.5,2 SEEDS=1,2 \
//!     cargo run --release -p tribo-calibrator --example asperity_population_study -- population
//! MIXDIR=out/mix cargo run --release -p tribo-calibrator --example asperity_population_study -- mixture
//! ```
//!
//! - `population`: the default bimodal population, the previous power law and an all-alike
//!   lognormal (or the `;`-separated `STUDY` specs `pl,min,max,τ` / `ln,median,σ_ln`) at the
//!   lightest and heaviest of seed 003's loads (or `LOADS` \[N\]), seed 1 (or `SEEDS`).
//! - `mixture`: a broad power-law bulk plus a "spike" of alike large junctions carrying an
//!   area fraction (the final avalanche); with `MIXDIR`, the areas per load as CSV.
//!
//! Columns: junctions N, static friction force Q_s \[N\], real/nominal area A_s/A0, first-slip
//! fraction Q1/Q_s, the curvature figures (time, full, late), softening, and the post-peak
//! slip range \[µm\].

use std::error::Error;

use tribo_calibrator::asperity::population::{Generator, LognormalPopulation, PowerLawPopulation};
use tribo_calibrator::asperity::quasistatic::incipient_shape;
use tribo_calibrator::asperity::slider::{ModelParams, seed003_loads};
use tribo_calibrator::rng::stream_rng;

type Res<T> = Result<T, Box<dyn Error>>;

const HEADER: &str =
    "| P | N | Q_s | A_s/A0 | Q1/Q_s | c_time | c_full | c_late | soft | dX_post [µm]";

/// One line of the study table: the quasi-static shape figures of `areas` at `load` \[N\].
fn print_row(name: &str, load: f64, areas: &[f64]) -> Res<()> {
    let params = ModelParams::seed003_for_load(load);
    let s = incipient_shape(&params, areas, 4000)?;
    println!(
        "{name:42} | {load:.2} | {:6} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} | {:.2} | {:.1}",
        s.junctions,
        s.q_s,
        s.area_ratio,
        s.first_slip_fraction,
        s.curvature_time,
        s.curvature_full,
        s.curvature_late,
        s.softening,
        s.post_peak_range * 1e6
    );
    Ok(())
}

/// A power law of junction areas in \[min, max\] m² with exponent τ.
fn power_law(min: f64, max: f64, tau: f64) -> Generator {
    PowerLawPopulation {
        area_per_load: 4e-6,
        min_area: min,
        max_area: max,
        exponent: tau,
    }
    .into()
}

/// A lognormal of junction areas with `median` m² and log-width `sigma`.
fn lognormal(median: f64, sigma: f64) -> Generator {
    LognormalPopulation {
        area_per_load: 4e-6,
        median_area: median,
        sigma_ln: sigma,
    }
    .into()
}

/// `a,b,c` numbers of an env list.
fn numbers(s: &str, sep: char) -> Res<Vec<f64>> {
    s.split(sep)
        .filter(|x| !x.is_empty())
        .map(|x| x.parse::<f64>().map_err(|e| format!("'{x}': {e}").into()))
        .collect()
}

fn study_list() -> Res<Vec<(String, Generator)>> {
    let Ok(spec) = std::env::var("STUDY") else {
        return Ok(vec![
            ("default bimodal".into(), Generator::default()),
            (
                "previous default pl 5e-11..5e-9 tau 1".into(),
                PowerLawPopulation::default().into(),
            ),
            ("all-alike ln 1e-8 0.1".into(), lognormal(1e-8, 0.1)),
        ]);
    };
    spec.split(';')
        .filter(|x| !x.is_empty())
        .map(|item| {
            let (kind, rest) = item.split_once(',').ok_or("STUDY item: kind,numbers")?;
            let v = numbers(rest, ',')?;
            let g = match (kind, v.as_slice()) {
                ("pl", &[min, max, tau]) => power_law(min, max, tau),
                ("ln", &[median, sigma]) => lognormal(median, sigma),
                _ => return Err(format!("STUDY item '{item}': pl,min,max,τ or ln,median,σ").into()),
            };
            Ok((item.to_owned(), g))
        })
        .collect()
}

fn population() -> Res<()> {
    let list = study_list()?;
    let loads = match std::env::var("LOADS") {
        Ok(s) => numbers(&s, ',')?,
        Err(_) => vec![seed003_loads()[0], seed003_loads()[5]],
    };
    let seeds: Vec<u64> = match std::env::var("SEEDS") {
        Ok(s) => s.split(',').map(str::parse).collect::<Result<_, _>>()?,
        Err(_) => vec![1],
    };
    println!("population {HEADER}");
    for (name, g) in &list {
        for &p in &loads {
            for &seed in &seeds {
                let areas = g.generate(p, &mut stream_rng(seed, 0))?;
                print_row(&format!("{name} s{seed}"), p, &areas)?;
            }
        }
    }
    Ok(())
}

/// A bulk of small, broadly spread junctions plus a "spike" of large, alike ones carrying the
/// area fraction `spike` (the spike's junctions all slip together: the final avalanche).
fn mixture_areas(load: f64, bulk: Generator, big: Generator, spike: f64) -> Res<Vec<f64>> {
    let mut a = bulk.generate(load * (1.0 - spike), &mut stream_rng(1, 0))?;
    a.extend(big.generate(load * spike, &mut stream_rng(1, 1))?);
    Ok(a)
}

fn mixture() -> Res<()> {
    let dir = std::env::var("MIXDIR").ok();
    println!("mixture {HEADER}");
    for (bulk_name, tag, bulk) in [
        ("pl 5e-11..5e-9 τ1.5", "5e-11", power_law(5e-11, 5e-9, 1.5)),
        ("pl 1e-10..1e-8 τ1.5", "1e-10", power_law(1e-10, 1e-8, 1.5)),
    ] {
        for median in [2e-8, 5e-8] {
            for spike in [0.2, 0.35, 0.5] {
                let big = lognormal(median, 0.1);
                for load in [seed003_loads()[0], seed003_loads()[5]] {
                    let areas = mixture_areas(load, bulk, big, spike)?;
                    print_row(
                        &format!("{bulk_name} + {spike} ln {median:e}"),
                        load,
                        &areas,
                    )?;
                }
                if let Some(d) = &dir {
                    std::fs::create_dir_all(d)?;
                    for (i, &load) in seed003_loads().iter().enumerate() {
                        let areas = mixture_areas(load, bulk, big, spike)?;
                        let text: String = areas.iter().map(|a| format!("{a:e}\n")).collect();
                        std::fs::write(format!("{d}/mix_{tag}_{median:e}_{spike}_{i}.csv"), text)?;
                    }
                }
            }
        }
    }
    Ok(())
}

fn main() -> Res<()> {
    match std::env::args().nth(1).as_deref() {
        Some("population") => population(),
        Some("mixture") => mixture(),
        _ => Err("usage: asperity_population_study population|mixture".into()),
    }
}
