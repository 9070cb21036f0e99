//! A sheared cell whose walls obey their own heat equation (Eq. 16): every joule the contacts
//! dissipate (= W_ext + W_walls − ΔKE, Eq. 8–11) is found in the particles plus the wall cells,
//! step by step (tests_cell checks the dissipation against the work); and the walls do take a
//! share of it.

use crate::nscd::ContactLawParams;
use crate::thermal::{ConductanceModel, ThermalMaterial, WallSlab};
use crate::third_body::shear_cell::ShearCell;
use crate::third_body::tests::cell::{dry_and_cohesive, small_cell};
use crate::third_body::thermo_cell::{ThermalSetup, ThermoCell, WallModel};

/// CG stops at a relative residual of 1e-13 of the right-hand side (≈ C·T/dt + E/dt); the
/// temperatures start at 0 K (the scheme is linear and no η(T) law is used), so the heat content
/// is the accumulated heat itself (compared with Σ|heat| so far: a step's heat can be negative
/// while a cohesive contact pulls) and its error per step is ≲ 1e-13 × 10⁴ CG-rounding factors.
const CONSERVATION: f64 = 1e-9;

fn cell_with_walls(law: ContactLawParams) -> ThermoCell {
    let p = small_cell(law);
    let material = ThermalMaterial {
        conductivity: 1.0,
        young: 70e9,
        poisson: 0.3,
        specific_heat: 800.0,
    };
    let slab = WallSlab {
        conductivity: 1.0,
        density: p.density,
        specific_heat: 800.0,
        columns: 0,
        first_layer: 0.0,
        growth: 1.5,
        thickness: 0.05,
    };
    let setup = ThermalSetup {
        material,
        model: ConductanceModel::Strip2D,
        temperature: 0.0,
        surface_energy: None,
        walls: WallModel::HeatEquation(slab),
    };
    ThermoCell::new(ShearCell::build(p, 11), setup)
}

#[test]
fn dissipated_heat_is_found_in_particles_and_wall_cells_each_step() {
    for law in dry_and_cohesive() {
        let mut tc = cell_with_walls(law);
        let grids = tc.wall_grids.clone().expect("Eq. 16 walls");
        assert_eq!(grids[0].columns, tc.cell.system.bodies[0].shapes.len());
        let (mut total, mut scale) = (0.0, 0.0);
        for step in 0..600 {
            if step == 300 {
                tc.cell.set_wall_velocity(tc.cell.params.wall_velocity);
            }
            let before = tc.heat_content();
            let r = tc.step();
            total += r.heat;
            scale += r.heat.abs();
            let gained = tc.heat_content() - before;
            assert!(
                (gained - r.heat).abs() <= CONSERVATION * scale.max(f64::MIN_POSITIVE),
                "step {step}: content +{gained:e} J/m vs dissipated {:e}",
                r.heat
            );
        }
        let walls: f64 = grids
            .iter()
            .flat_map(|g| g.first..g.first + g.cells())
            .map(|i| tc.thermal.capacity[i] * tc.thermal.temperature[i])
            .sum();
        println!(
            "γ = {}: dissipated {total:.4e} J/m, walls hold {walls:.4e} ({:.1} %)",
            law.cohesion,
            100.0 * walls / total
        );
        assert!(total > 0.0 && walls > 0.0 && walls < total);
        // The bottom wall slides under the layer, so its surface is warmer than its interior.
        let g = &grids[0];
        let deep = g.layers.len() - 1;
        let mean = |l: usize| {
            (0..g.columns)
                .map(|c| tc.thermal.temperature[g.cell(c, l)])
                .sum::<f64>()
                / g.columns as f64
        };
        assert!(mean(0) > mean(deep), "{} vs {}", mean(0), mean(deep));
    }
}
