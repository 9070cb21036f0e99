//! Measurements behind the default population (ignored: prints tables, see
//! [`super::population`]).

use super::population::{Generator, LognormalPopulation, PowerLawPopulation};
use super::quasistatic::incipient_shape;
use super::slider::{ModelParams, seed003_loads};
use crate::rng::stream_rng;

fn row(name: &str, g: Generator, load: f64, seed: u64) {
    let areas = g.generate(load, &mut stream_rng(seed, 0)).unwrap();
    print_row(name, load, &areas);
}

/// One line of the study table: the quasi-static shape figures of `areas` at `load`.
fn print_row(name: &str, load: f64, areas: &[f64]) {
    let params = ModelParams::seed003_for_load(load);
    let s = incipient_shape(&params, areas, 4000).unwrap();
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
}

fn pl(min: f64, max: f64, tau: f64) -> Generator {
    PowerLawPopulation {
        area_per_load: 4e-6,
        min_area: min,
        max_area: max,
        exponent: tau,
    }
    .into()
}

fn ln(median: f64, sigma: f64) -> Generator {
    LognormalPopulation {
        area_per_load: 4e-6,
        median_area: median,
        sigma_ln: sigma,
    }
    .into()
}

#[test]
#[ignore = "population study (prints a table); run with: cargo test -p tribo-calibrator -- --ignored population_shape_study --nocapture"]
fn population_shape_study() {
    let list: Vec<(String, Generator)> = std::env::var("STUDY")
        .ok()
        .map(|s| {
            s.split(';')
                .filter(|x| !x.is_empty())
                .map(|spec| {
                    let v: Vec<&str> = spec.split(',').collect();
                    let f = |i: usize| v[i].parse::<f64>().unwrap();
                    let g = if v[0] == "pl" {
                        pl(f(1), f(2), f(3))
                    } else {
                        ln(f(1), f(2))
                    };
                    (spec.to_owned(), g)
                })
                .collect()
        })
        .unwrap_or_else(|| {
            vec![
                ("default bimodal".into(), Generator::default()),
                (
                    "previous default pl 5e-11..5e-9 tau 1".into(),
                    PowerLawPopulation::default().into(),
                ),
                ("all-alike ln 1e-8 0.1".into(), ln(1e-8, 0.1)),
            ]
        });
    let loads: Vec<f64> = std::env::var("LOADS")
        .ok()
        .map(|s| s.split(',').map(|x| x.parse().unwrap()).collect())
        .unwrap_or_else(|| vec![seed003_loads()[0], seed003_loads()[5]]);
    println!(
        "population | P | N | Q_s | A_s/A0 | Q1/Q_s | c_time | c_full | c_late | soft | dX_post [µm]"
    );
    let seeds: Vec<u64> = std::env::var("SEEDS")
        .ok()
        .map(|s| s.split(',').map(|x| x.parse().unwrap()).collect())
        .unwrap_or_else(|| vec![1]);
    for (name, g) in &list {
        for &p in &loads {
            for &seed in &seeds {
                row(&format!("{name} s{seed}"), *g, p, seed);
            }
        }
    }
}

/// A bulk of small, broadly spread junctions plus a "spike" of large, alike ones carrying the
/// area fraction `spike` (the spike's junctions all slip together: the final avalanche).
fn mixture(load: f64, seed: u64, bulk: Generator, big: Generator, spike: f64) -> Vec<f64> {
    let mut a = bulk
        .generate(load * (1.0 - spike), &mut stream_rng(seed, 0))
        .unwrap();
    a.extend(
        big.generate(load * spike, &mut stream_rng(seed, 1))
            .unwrap(),
    );
    a
}

#[test]
#[ignore = "bulk + spike populations (prints a table, writes CSVs to $MIXDIR); run with: cargo test -p tribo-calibrator -- --ignored mixture_shape_study --nocapture"]
fn mixture_shape_study() {
    let dir = std::env::var("MIXDIR").ok();
    println!(
        "mixture | P | N | Q_s | A_s/A0 | Q1/Q_s | c_time | c_full | c_late | soft | dX_post [µm]"
    );
    for (bulk_name, bulk) in [
        ("pl 5e-11..5e-9 τ1.5", pl(5e-11, 5e-9, 1.5)),
        ("pl 1e-10..1e-8 τ1.5", pl(1e-10, 1e-8, 1.5)),
    ] {
        for median in [2e-8, 5e-8] {
            for spike in [0.2, 0.35, 0.5] {
                for &load in &[seed003_loads()[0], seed003_loads()[5]] {
                    let areas = mixture(load, 1, bulk, ln(median, 0.1), spike);
                    print_row(
                        &format!("{bulk_name} + {spike} ln {median:e}"),
                        load,
                        &areas,
                    );
                }
                if let Some(d) = &dir {
                    for (i, &load) in seed003_loads().iter().enumerate() {
                        let areas = mixture(load, 1, bulk, ln(median, 0.1), spike);
                        let text: String = areas.iter().map(|a| format!("{a:e}\n")).collect();
                        let tag = format!("{}_{median:e}_{spike}", &bulk_name[3..8]);
                        std::fs::write(format!("{d}/mix_{tag}_{i}.csv"), text).unwrap();
                    }
                }
            }
        }
    }
}
