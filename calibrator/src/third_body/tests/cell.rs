//! Shear-cell oracles: the energy balance of Eq. 8–11 per step, and bit-for-bit determinism.

use crate::nscd::{ContactLawParams, SolverParams};
use crate::third_body::shear_cell::{CellParams, ShearCell, TOP};

/// Round-off of the per-step balance, relative to the largest term (sums over ~100 contacts
/// of products rounded at 1e-16).
const BALANCE_ROUND_OFF: f64 = 1e-10;

pub(crate) fn small_cell(law: ContactLawParams) -> CellParams {
    CellParams {
        particles: 60,
        r_min: 0.8e-3,
        r_max: 1.2e-3,
        density: 2500.0,
        columns: 10,
        wall_velocity: 0.5,
        normal_force: 50.0,
        law,
        h: 1e-4,
        theta: 0.5,
        solver: SolverParams {
            tolerance: 1e-4,
            max_iterations: 200,
            ..SolverParams::default()
        },
    }
}

/// The two contact laws of the energy checks: dry Coulomb friction and the same with the
/// cohesive law of Fig. 1 (γ = 2 N/m over d_w = 0.05 mm).
pub(super) fn dry_and_cohesive() -> [ContactLawParams; 2] {
    [
        ContactLawParams::dry(0.3, 0.0),
        ContactLawParams {
            mu: 0.3,
            restitution: 0.0,
            cohesion: 2.0,
            range: 0.05e-3,
        },
    ]
}

fn prepared(law: ContactLawParams, seed: u64) -> ShearCell {
    let mut cell = ShearCell::build(small_cell(law), seed);
    for _ in 0..400 {
        cell.step();
    }
    cell.set_wall_velocity(cell.params.wall_velocity);
    cell
}

#[test]
fn heat_equals_wall_work_minus_kinetic_energy_change_each_step() {
    for law in dry_and_cohesive() {
        let mut cell = prepared(law, 7);
        let mut total_heat = 0.0;
        for _ in 0..300 {
            let r = cell.step();
            let scale = r
                .driver_work
                .abs()
                .max(r.external_work.abs())
                .max(r.delta_kinetic.abs());
            let balance = r.external_work + r.driver_work - r.delta_kinetic;
            assert!(
                (r.heat - balance).abs() <= BALANCE_ROUND_OFF * scale.max(f64::MIN_POSITIVE),
                "heat {} vs W_ext + W_walls − ΔKE = {balance}",
                r.heat
            );
            let per_body: f64 = cell.system.heat.iter().sum();
            assert!((per_body - r.heat).abs() <= BALANCE_ROUND_OFF * r.heat.abs().max(scale));
            total_heat += r.heat;
        }
        assert!(
            total_heat > 0.0,
            "a sheared dry/cohesive layer must dissipate: {total_heat}"
        );
    }
}

#[test]
fn a_seed_reproduces_bit_for_bit() {
    let run = |seed| {
        let mut cell = prepared(ContactLawParams::dry(0.3, 0.0), seed);
        for _ in 0..100 {
            cell.step();
        }
        cell.system
            .bodies
            .iter()
            .flat_map(|b| b.q.into_iter().chain(b.v))
            .map(f64::to_bits)
            .collect::<Vec<_>>()
    };
    assert_eq!(run(3), run(3));
    assert_ne!(run(3), run(4));
}

#[test]
fn compaction_lowers_the_top_wall_to_rest() {
    let mut cell = ShearCell::build(small_cell(ContactLawParams::dry(0.3, 0.0)), 1);
    let y0 = cell.top_height();
    for _ in 0..400 {
        cell.step();
    }
    let stats = cell.system.stats;
    println!(
        "compaction: top {y0:e} → {:e} m, v_top {:e} m/s, mean sweeps {:.1}, not converged {}",
        cell.top_height(),
        cell.system.bodies[TOP].v[1],
        stats.mean_iterations(),
        stats.not_converged
    );
    // Packing fraction between the wall rows' centre lines, minus one wall radius each side.
    let r_wall =
        cell.params.period() / (2.0 * (cell.params.period() / cell.params.mean_diameter()).round());
    let area: f64 = cell
        .particles()
        .map(|i| cell.system.bodies[i].mass / cell.params.density)
        .sum();
    let phi = area / (cell.params.period() * (cell.top_height() - 2.0 * r_wall));
    println!("packing fraction {phi:.3}");
    // Dense 2D random packings of frictional polydisperse disks: φ ≈ 0.76–0.84 (random loose
    // to random close packing); the rough walls' pockets lower it by a few percent.
    assert!(
        cell.top_height() < y0 && (0.72..0.86).contains(&phi),
        "φ = {phi}"
    );
}

/// Rigid NSCD has no stiffness, so a cell at (F, V, h) and one at (4F, 2V, h/2) are the same
/// motion on a time axis halved: I = γ̇d/√(P/ρ) is unchanged and every velocity doubles,
/// every impulse doubles, every force quadruples. Powers of two scale floating-point numbers
/// exactly, so μ = F_t/F_n must agree bit for bit, step by step: μ_3b depends on F only
/// through I.
#[test]
fn friction_depends_on_normal_force_only_through_the_inertial_number() {
    let base = small_cell(ContactLawParams::dry(0.3, 0.0));
    let scaled = CellParams {
        normal_force: 4.0 * base.normal_force,
        wall_velocity: 2.0 * base.wall_velocity,
        h: 0.5 * base.h,
        ..base
    };
    let history = |p: CellParams| {
        let mut cell = ShearCell::build(p, 5);
        for _ in 0..200 {
            cell.step();
        }
        cell.set_wall_velocity(p.wall_velocity);
        (0..200)
            .map(|_| {
                cell.step();
                cell.friction().to_bits()
            })
            .collect::<Vec<u64>>()
    };
    let (a, b) = (history(base), history(scaled));
    assert_eq!(a, b);
    assert!(
        a.iter().any(|&m| f64::from_bits(m) > 0.05),
        "the cell must actually be sheared"
    );
}
