//! The walls' own heat equation, seed 002 Eq. 16: k(∂²T/∂z² + ∂²T/∂x²) = ρc ∂T/∂t in each
//! boundary, a slab periodic in x (the cell's period) and much thicker than the sample.
//!
//! **Discretisation.** Finite volumes on a grid fixed in the wall's material (it moves with the
//! wall): `columns` cells across the period (width Δx = L/columns) and layers whose thickness
//! starts at `first_layer` at the surface and grows by `growth` per layer until `thickness` is
//! reached. A cell is a node of capacity C = ρcΔxΔz (J/(m·K) per unit depth) joined to its
//! neighbours by conductances G_x = kΔz/Δx (same layer, periodic in x) and
//! G_z = kΔx/((Δz_l + Δz_{l+1})/2) (adjacent layers). These nodes and links join the particles'
//! network, so the particles' θ = ½ scheme (Eq. 12–13, [`super::scheme`]) integrates Eq. 16 too,
//! and heat is conserved exactly by construction. The back face is adiabatic: the slab is chosen
//! thicker than the diffusion length √(αt) of a run (α = k/(ρc)), so the far condition never
//! acts (the seed's "thickness several orders larger than the thickness of the sample").
//!
//! **Coupling.** The surface layer's cells are the wall's rough row: with `columns` equal to the
//! number of wall disks and `first_layer` their diameter, surface cell k is wall disk k. A
//! particle touching wall disk k is linked to surface cell k with the contact conductance of
//! Eq. 6–7 (which already holds the spreading resistance inside both disks), and the wall's half
//! of the contact's dissipation (Eq. 10–11) is put into that cell.

use super::scheme::Link;

/// Geometry and material of one wall slab (SI, per unit depth).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WallSlab {
    /// Thermal conductivity k (W/(m·K)).
    pub conductivity: f64,
    /// Density ρ (kg/m³).
    pub density: f64,
    /// Specific heat c (J/(kg·K)).
    pub specific_heat: f64,
    /// Cells across the period (≥ 1).
    pub columns: usize,
    /// Thickness of the surface layer (m).
    pub first_layer: f64,
    /// Thickness ratio of consecutive layers (≥ 1).
    pub growth: f64,
    /// Total slab thickness (m): layers are added until it is reached.
    pub thickness: f64,
}

impl WallSlab {
    /// Layer thicknesses from the surface inwards (m); at most 200 layers.
    pub fn layers(&self) -> Vec<f64> {
        let mut layers = Vec::new();
        let (mut dz, mut total) = (self.first_layer, 0.0);
        while total < self.thickness && layers.len() < 200 {
            layers.push(dz);
            total += dz;
            dz *= self.growth.max(1.0);
        }
        layers
    }

    /// Thermal diffusivity α = k/(ρc) (m²/s).
    pub fn diffusivity(&self) -> f64 {
        self.conductivity / (self.density * self.specific_heat)
    }
}

/// A wall slab placed in a thermal network: its cells are nodes `first..first + cells()`.
#[derive(Debug, Clone, PartialEq)]
pub struct WallGrid {
    /// Index of the first cell (surface layer, column 0) in the network.
    pub first: usize,
    /// Cells across the period.
    pub columns: usize,
    /// Layer thicknesses from the surface (m).
    pub layers: Vec<f64>,
    /// Cell width Δx (m).
    pub dx: f64,
}

impl WallGrid {
    /// Appends the cells of `slab` (period `period`, m) to a network: their capacities to
    /// `capacity` (the grid's first node is `capacity.len()` on entry) and their internal links
    /// to `links`.
    pub fn build(
        slab: &WallSlab,
        period: f64,
        capacity: &mut Vec<f64>,
        links: &mut Vec<Link>,
    ) -> Self {
        let columns = slab.columns.max(1);
        let grid = Self {
            first: capacity.len(),
            columns,
            layers: slab.layers(),
            dx: period / columns as f64,
        };
        let (k, rho_c) = (slab.conductivity, slab.density * slab.specific_heat);
        for &dz in &grid.layers {
            capacity.extend(std::iter::repeat_n(rho_c * grid.dx * dz, columns));
        }
        for (l, &dz) in grid.layers.iter().enumerate() {
            if columns > 1 {
                for c in 0..columns {
                    links.push(Link {
                        i: grid.cell(c, l),
                        j: grid.cell((c + 1) % columns, l),
                        h: k * dz / grid.dx,
                    });
                }
            }
            if let Some(&below) = grid.layers.get(l + 1) {
                for c in 0..columns {
                    links.push(Link {
                        i: grid.cell(c, l),
                        j: grid.cell(c, l + 1),
                        h: k * grid.dx / (0.5 * (dz + below)),
                    });
                }
            }
        }
        grid
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.columns * self.layers.len()
    }

    /// Node index of cell (`column`, `layer`).
    pub fn cell(&self, column: usize, layer: usize) -> usize {
        self.first + layer * self.columns + column
    }

    /// Surface cell under the point at `x` (m) in the wall's own frame (any real x; periodic).
    pub fn surface_cell(&self, x: f64) -> usize {
        let period = self.dx * self.columns as f64;
        let c = (x.rem_euclid(period) / self.dx) as usize;
        self.cell(c.min(self.columns - 1), 0)
    }

    /// Mean temperature of the surface layer (K).
    pub fn surface_mean(&self, temperature: &[f64]) -> f64 {
        let row = &temperature[self.first..self.first + self.columns];
        row.iter().sum::<f64>() / self.columns as f64
    }
}
