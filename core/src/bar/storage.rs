//! Caller-supplied per-node storage of the strip-draw bar, and a fixed-size owner of it.

use crate::coulomb::CoulombSpring;

/// Per-node state of the bar on caller-supplied slices (all of the same length N ≥ 3).
/// The calibrator passes `Vec`-backed slices of any N; firmware uses [`BarStorage`].
/// [`StripDraw::new`](super::StripDraw::new) initialises every slice.
#[derive(Debug)]
pub struct BarBuffers<'a> {
    /// Displacement U_i \[m\], f64: it accumulates the whole slide in ~10⁵–10⁷ increments.
    pub displacement: &'a mut [f64],
    /// Velocity U̇_i \[m/s\].
    pub velocity: &'a mut [f64],
    /// Acceleration Ü_i \[m/s²\].
    pub acceleration: &'a mut [f64],
    /// Displacement at the last transport update \[m\] (sub-cycling of the β-transport).
    pub mark: &'a mut [f64],
    /// α(v_i) of the last transport update \[-\].
    pub alpha: &'a mut [f32],
    /// Particle area fraction β_i \[-\].
    pub beta: &'a mut [f32],
    /// Coulomb interface springs.
    pub springs: &'a mut [CoulombSpring],
}

impl BarBuffers<'_> {
    /// The common length N, or `None` if the slices differ in length.
    pub fn len(&self) -> Option<usize> {
        let n = self.displacement.len();
        let same = [
            self.velocity.len(),
            self.acceleration.len(),
            self.mark.len(),
            self.alpha.len(),
            self.beta.len(),
            self.springs.len(),
        ]
        .iter()
        .all(|&l| l == n);
        same.then_some(n)
    }

    /// True when the buffers hold no node.
    pub fn is_empty(&self) -> bool {
        self.displacement.is_empty()
    }
}

/// Owned per-node storage of the bar, one container type per element type, lent to
/// [`StripDraw`](super::StripDraw) as [`BarBuffers`]. One struct for every shape (as
/// heapless's one `VecInner` serves both its owned and its view vectors): fixed arrays in
/// [`BarStorage`] (firmware, no heap), `Vec`s of a run-time length in a std caller
/// (`BarStorageOf<Vec<f64>, Vec<f32>, Vec<CoulombSpring>>`, built by [`Self::from_fn`]).
#[derive(Clone, Debug)]
pub struct BarStorageOf<F64, F32, S> {
    displacement: F64,
    velocity: F64,
    acceleration: F64,
    mark: F64,
    alpha: F32,
    beta: F32,
    springs: S,
}

/// Fixed-size storage for a bar of N nodes (firmware convenience: no heap).
///
/// ```
/// use tribo_core::bar::{BarParams, BarStorage, StripDraw, seed_000_law};
/// let law = seed_000_law()?;
/// let mut params = BarParams::seed_000(0.010, 20.0e6, 0.002);
/// params.element_length = 1.0e-3;
/// let mut storage = BarStorage::<24>::new();
/// assert!(params.nodes_needed() <= 24);
/// let mut bar = StripDraw::new(&params, &law, storage.buffers())?;
/// let forces = bar.step()?;
/// assert!(forces.normal_force > 0.0);
/// # Ok::<(), tribo_core::Error>(())
/// ```
pub type BarStorage<const N: usize> = BarStorageOf<[f64; N], [f32; N], [CoulombSpring; N]>;

impl<const N: usize> Default for BarStorage<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> BarStorage<N> {
    /// Zeroed storage.
    pub const fn new() -> Self {
        Self {
            displacement: [0.0; N],
            velocity: [0.0; N],
            acceleration: [0.0; N],
            mark: [0.0; N],
            alpha: [0.0; N],
            beta: [0.0; N],
            springs: [CoulombSpring::new(); N],
        }
    }
}

impl<F64, F32, S> BarStorageOf<F64, F32, S> {
    /// Storage whose f64 fields (displacement, velocity, acceleration, mark) are each made by
    /// `f64s`, whose f32 fields (α, β) by `f32s`, with the interface `springs`. The containers
    /// should all hold the same number of nodes: [`BarBuffers::len`] is `None` otherwise and
    /// [`StripDraw::new`](super::StripDraw::new) refuses them.
    pub fn from_fn(
        mut f64s: impl FnMut() -> F64,
        mut f32s: impl FnMut() -> F32,
        springs: S,
    ) -> Self {
        Self {
            displacement: f64s(),
            velocity: f64s(),
            acceleration: f64s(),
            mark: f64s(),
            alpha: f32s(),
            beta: f32s(),
            springs,
        }
    }
}

impl<F64, F32, S> BarStorageOf<F64, F32, S>
where
    F64: AsMut<[f64]>,
    F32: AsMut<[f32]>,
    S: AsMut<[CoulombSpring]>,
{
    /// Borrows the storage as [`BarBuffers`].
    pub fn buffers(&mut self) -> BarBuffers<'_> {
        BarBuffers {
            displacement: self.displacement.as_mut(),
            velocity: self.velocity.as_mut(),
            acceleration: self.acceleration.as_mut(),
            mark: self.mark.as_mut(),
            alpha: self.alpha.as_mut(),
            beta: self.beta.as_mut(),
            springs: self.springs.as_mut(),
        }
    }
}
