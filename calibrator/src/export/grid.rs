//! The exported grid: μ of the core's law at every (level, pressure, slip rate) point (its CSV
//! and JSON forms: `tabular`).
//!
//! A **level** fixes β for a table: either β itself (`--betas`), or the draw length L a
//! material point has slid under the tool at constant p and v (`--draw-lengths`), for which
//! β = min(K(p)·p·L/(H·h_p), β_thres(v)): the integral of the Archard source (seed 000 Eq. 12)
//! over the slid distance with the tool drift dropped (ζ = 0, the C ABI's node step) and the
//! saturation of Eq. 24. μ itself is the core's `FrictionLaw::mu` (Eq. 9, 23–24) at the f32
//! grid point; the files print it with 9 significant digits, which identify an f32 exactly.

use tribo_core::law::FrictionLaw;
use tribo_core::table::Table;
use tribo_core::transport::TransportParams;

use super::ExportError;

/// What fixes β on one exported table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    /// A fixed third-body coverage β \[-\].
    Beta(f32),
    /// The β a point accumulates over a slid draw length L \[m\] (module docs).
    DrawLength(f32),
}

impl Level {
    /// The level's number in SI units (β \[-\] or L \[m\]).
    pub fn value(&self) -> f32 {
        match *self {
            Level::Beta(b) => b,
            Level::DrawLength(l) => l,
        }
    }

    /// The level's column name in the CSV, the JSON and their `units` map: `"beta_level"`
    /// (the exported table's fixed β) or `"draw_length_m"`; the β a point has is `"beta"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Level::Beta(_) => "beta_level",
            Level::DrawLength(_) => "draw_length_m",
        }
    }
}

/// One grid point, in SI units as the core sees it (f32).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Contact pressure p \[Pa\].
    pub pressure: f32,
    /// Slip rate v \[m/s\].
    pub velocity: f32,
    /// β at this point \[-\] (the level's β, or the draw length's β(p, v)).
    pub beta: f32,
    /// μ(p, v, β) of the core's law \[-\].
    pub mu: f32,
}

/// μ on levels × pressures × velocities, ordered level, then pressure, then velocity (each
/// ascending as given).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The levels, one exported table each.
    pub levels: Vec<Level>,
    /// Pressures, strictly increasing \[Pa\].
    pub pressures: Vec<f32>,
    /// Slip rates, strictly increasing, ≥ 0 \[m/s\].
    pub velocities: Vec<f32>,
    /// `points[(l·P + p)·V + v]`.
    pub points: Vec<Point>,
}

fn strictly_increasing(what: &'static str, xs: &[f32], min: f32) -> Result<(), ExportError> {
    if xs.is_empty() {
        return Err(ExportError::Empty { what });
    }
    if let Some(&value) = xs.iter().find(|x| !(x.is_finite() && **x >= min)) {
        return Err(ExportError::BelowMinimum { what, value, min });
    }
    if xs.windows(2).any(|w| w[1] <= w[0]) {
        return Err(ExportError::NotIncreasing { what });
    }
    Ok(())
}

/// The table's Archard source (K(p) of its wear section when present) without the tool
/// drift (ζ = 0), for the draw-length levels: the C ABI's node transport.
pub fn point_transport(table: &Table) -> TransportParams {
    TransportParams::point_from_table(&table.transport, table.wear.as_ref())
}

/// β after sliding `length` \[m\] at pressure p \[Pa\] and slip rate v \[m/s\]:
/// min(K(p)·p·L/(H·h_p), β_thres(v)) (module docs).
pub fn beta_after_draw(
    law: &FrictionLaw,
    tp: &TransportParams,
    p: f32,
    v: f32,
    length: f32,
) -> f32 {
    // The source rate at |v| = 1 m/s is the amount per metre slid.
    let accumulated = tp.source_rate(p, 1.0) * length;
    accumulated.min(law.beta_thres(v))
}

impl Grid {
    /// Evaluates the core's law on the grid. Pressures \[Pa\] > 0, velocities \[m/s\] ≥ 0, β
    /// levels ≥ 0 and draw lengths ≥ 0, each list strictly increasing, all finite.
    ///
    /// # Errors
    ///
    /// [`ExportError::Empty`], [`ExportError::BelowMinimum`] or [`ExportError::NotIncreasing`] for
    /// an empty list, a value non-finite or below its minimum (pressures ≤ 0, velocities or levels
    /// < 0), or a list not strictly increasing; [`ExportError::MixedLevels`] for β and draw-length
    /// levels in one grid; [`ExportError::Core`] when the table's law or transport parameters do
    /// not validate in the core; [`ExportError::BetaAboveThreshold`] for a β level above the
    /// largest finite β_thres over the exported slip rates > 0.
    pub fn evaluate(
        table: &Table,
        levels: Vec<Level>,
        pressures: Vec<f32>,
        velocities: Vec<f32>,
    ) -> Result<Grid, ExportError> {
        strictly_increasing("pressures", &pressures, f32::MIN_POSITIVE)?;
        strictly_increasing("velocities", &velocities, 0.0)?;
        let values: Vec<f32> = levels.iter().map(Level::value).collect();
        strictly_increasing("levels", &values, 0.0)?;
        if levels.windows(2).any(|w| w[0].kind() != w[1].kind()) {
            return Err(ExportError::MixedLevels);
        }
        let law = table.friction_law()?;
        let largest_threshold = velocities
            .iter()
            .filter(|&&v| v > 0.0)
            .map(|&v| law.beta_thres(v))
            .filter(|b| b.is_finite())
            .reduce(f32::max);
        if let Some(beta_thres) = largest_threshold
            && let Some(&beta) = levels.iter().find_map(|l| match l {
                Level::Beta(b) if *b > beta_thres => Some(b),
                _ => None,
            })
        {
            return Err(ExportError::BetaAboveThreshold { beta, beta_thres });
        }
        let tp = point_transport(table);
        tp.validate()?;
        let mut points = Vec::with_capacity(levels.len() * pressures.len() * velocities.len());
        for level in &levels {
            for &p in &pressures {
                for &v in &velocities {
                    let beta = match *level {
                        Level::Beta(b) => b,
                        Level::DrawLength(l) => beta_after_draw(&law, &tp, p, v, l),
                    };
                    points.push(Point {
                        pressure: p,
                        velocity: v,
                        beta,
                        mu: law.mu(v, beta),
                    });
                }
            }
        }
        Ok(Grid {
            levels,
            pressures,
            velocities,
            points,
        })
    }

    /// The points of level `l` at pressure index `p`, in velocity order.
    pub fn curve(&self, l: usize, p: usize) -> &[Point] {
        let n = self.velocities.len();
        let start = (l * self.pressures.len() + p) * n;
        self.points.get(start..start + n).unwrap_or(&[])
    }
}

/// An f32 printed so that parsing it back gives the same f32: 9 significant digits.
pub fn exact(x: f64) -> String {
    format!("{x:.8e}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::test_support::table_bytes;
    use tribo_core::bar::tick;
    use tribo_core::coulomb::CoulombSpring;

    /// f32 accumulation of 2000 increments against the closed form: at worst 2000 roundings
    /// of 6e-8 relative each, all of one sign (1.2e-4).
    const ACCUMULATION_REL_TOL: f32 = 2e-4;

    /// The draw-length β is the closed form of the node step: a point sliding L at constant
    /// p, v through the core's interface tick (one node, ζ = 0) ends at the same β, both below
    /// and at the saturation β_thres(v).
    #[test]
    fn draw_length_beta_is_the_integrated_node_step() {
        for (_, table, _) in table_bytes() {
            let law = table.friction_law().unwrap();
            let tp = point_transport(&table);
            for (p, v, length) in [
                (20.0e6f32, 0.08f32, 0.035f32),
                (5.0e6, 0.5, 0.01),
                (30.0e6, 0.08, 0.5),
            ] {
                let steps = 2000u32;
                let dt = length / v / steps as f32;
                let (mut beta, mut spring, mut t) = ([0.0f32], [CoulombSpring::new()], [0.0f32]);
                for _ in 0..steps {
                    tick(
                        &law,
                        &tp,
                        7.3e13,
                        dt,
                        &[p],
                        &[v],
                        &mut beta,
                        &mut spring,
                        &mut t,
                    )
                    .unwrap();
                }
                let closed = beta_after_draw(&law, &tp, p, v, length);
                assert!(
                    (beta[0] - closed).abs() <= ACCUMULATION_REL_TOL * closed,
                    "p {p} v {v} L {length}: stepped {} closed {closed}",
                    beta[0]
                );
                assert!(closed > 0.0);
            }
            // Long enough to saturate: β = β_thres(v) and μ = μ_p, the floor: > 0 where the
            // table carries shear on the particle-borne area, 0 under seed 000's Eq. 7.
            let b = beta_after_draw(&law, &tp, 30.0e6, 0.08, 10.0);
            assert_eq!(b, law.beta_thres(0.08));
            assert_eq!(law.mu(0.08, b), law.mu_saturated());
            assert_eq!(law.mu_saturated() > 0.0, table.particle_shear.is_some());
        }
    }

    #[test]
    fn grid_flags_are_validated() {
        let (_, table, _) = table_bytes().remove(0);
        let ok_p = vec![1.0e6, 2.0e6];
        let ok_v = vec![0.0, 0.1];
        let bad: Vec<(Vec<Level>, Vec<f32>, Vec<f32>)> = vec![
            (vec![Level::Beta(0.1)], vec![2.0e6, 1.0e6], ok_v.clone()),
            (vec![Level::Beta(0.1)], vec![0.0, 1.0e6], ok_v.clone()),
            (vec![Level::Beta(0.1)], ok_p.clone(), vec![-0.1, 0.1]),
            (vec![Level::Beta(0.1)], ok_p.clone(), vec![]),
            (vec![Level::Beta(f32::NAN)], ok_p.clone(), ok_v.clone()),
            (
                vec![Level::Beta(0.2), Level::Beta(0.1)],
                ok_p.clone(),
                ok_v.clone(),
            ),
            (
                vec![Level::Beta(0.1), Level::DrawLength(0.2)],
                ok_p.clone(),
                ok_v.clone(),
            ),
        ];
        for (levels, p, v) in bad {
            assert!(
                Grid::evaluate(&table, levels.clone(), p.clone(), v.clone()).is_err(),
                "{levels:?} {p:?} {v:?}"
            );
        }
        let g = Grid::evaluate(&table, vec![Level::Beta(0.0)], ok_p, ok_v).unwrap();
        // β = 0: μ0 everywhere, whatever p and v.
        assert!(g.points.iter().all(|pt| pt.mu == table.law.mu0()));
    }
}
