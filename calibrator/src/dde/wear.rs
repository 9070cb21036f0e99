//! Wear measured from the element state (issue 16 item 2): debris are the connected
//! components of the interior-joint graph that hold no supported element (detached from the
//! first bodies, which are held by their supports); K = W·H/(F_N·s) per unit depth and the
//! energy wear W/E_friction.

use super::system::ElementAssembly;

/// Debris found in a state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Debris {
    /// Area of each debris particle \[m²\] (per unit depth: mass/ρ, Eq. 10).
    pub areas: Vec<f64>,
    /// Elements in each particle.
    pub sizes: Vec<usize>,
}

impl Debris {
    /// Total worn area W \[m²\] (a volume per unit depth).
    pub fn total_area(&self) -> f64 {
        self.areas.iter().sum()
    }
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let g = parent[parent[i as usize] as usize];
        parent[i as usize] = g;
        i = g;
    }
    i
}

/// Labels the components of the interior-joint graph (union–find, near-linear time) and
/// returns the detached ones: components with no supported element. A lone element left by
/// fracture is a one-element particle.
pub fn debris(sys: &ElementAssembly) -> Debris {
    let el = &sys.elements;
    let n = el.len();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    for j in &sys.interior {
        let m = j.members;
        for k in 1..3 {
            let (a, b) = (find(&mut parent, m[0]), find(&mut parent, m[k]));
            if a != b {
                parent[a.max(b) as usize] = a.min(b);
            }
        }
    }
    let mut anchored = vec![false; n];
    let mut mass = vec![0.0; n];
    let mut count = vec![0usize; n];
    for i in 0..n {
        let r = find(&mut parent, i as u32) as usize;
        let s = el.support[i];
        anchored[r] |= !(s.free_x && s.free_y);
        mass[r] += el.mass[i];
        count[r] += 1;
    }
    let mut out = Debris::default();
    for r in 0..n {
        if count[r] > 0 && !anchored[r] && parent[r] == r as u32 {
            out.areas.push(mass[r] / sys.material.density);
            out.sizes.push(count[r]);
        }
    }
    out
}

/// Archard's dimensionless coefficient in 2D: K = W·H/(F_N·s) with W the worn area \[m²\]
/// (volume per unit depth), H the hardness \[Pa\], F_N the normal force per unit depth [N/m]
/// and s the sliding distance \[m\].
pub fn archard_k(worn_area: f64, hardness: f64, normal_force: f64, sliding: f64) -> f64 {
    worn_area * hardness / (normal_force * sliding)
}

/// Energy wear: worn area per frictional work [m²/(J/m) = m³/J].
pub fn energy_wear(worn_area: f64, friction_work: f64) -> f64 {
    worn_area / friction_work
}
