//! Contact geometry and the local mapping 𝐇 of seed 002 Eq. 2: for one contact α between
//! bodies `a` and `b` (normal from a to b), the local relative velocity is
//! u_α = (u_n, u_t) = 𝐇_α* q̇, and the local impulse r_α acts on b as 𝐇_α r_α (and opposite on
//! a). In 2D the rows of 𝐇_α* for body b are [n_x, n_y, l_b × n] and [t_x, t_y, l_b × t]
//! with the lever arm l_b from b's centre to the contact point and t = (−n_y, n_x).

use super::body::Body;

/// One active contact at the θ-predicted configuration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact {
    /// Antagonist body (the normal points away from it).
    pub a: usize,
    /// Candidate body (the normal points towards it).
    pub b: usize,
    /// Global shape index on body a (warm-start key).
    pub shape_a: u32,
    /// Global shape index on body b (warm-start key).
    pub shape_b: u32,
    /// Unit normal from a to b.
    pub n: [f64; 2],
    /// Lever arm from a's centre to the contact point (m, world frame).
    pub lever_a: [f64; 2],
    /// Lever arm from b's centre to the contact point (m, world frame).
    pub lever_b: [f64; 2],
    /// Gap g at the predicted configuration (m; negative when interpenetrating).
    pub gap: f64,
}

/// The 2×3 rows of 𝐇* for one body in one contact: `[normal row, tangent row]`.
pub type Rows = [[f64; 3]; 2];

impl Contact {
    /// Unit tangent t = (−n_y, n_x).
    pub fn tangent(&self) -> [f64; 2] {
        [-self.n[1], self.n[0]]
    }

    /// Rows of 𝐇* for body b (sign +) and body a (sign −).
    pub fn rows(&self) -> (Rows, Rows) {
        let n = self.n;
        let t = self.tangent();
        let cross = |l: [f64; 2], d: [f64; 2]| l[0] * d[1] - l[1] * d[0];
        let rb = [
            [n[0], n[1], cross(self.lever_b, n)],
            [t[0], t[1], cross(self.lever_b, t)],
        ];
        let ra = [
            [-n[0], -n[1], -cross(self.lever_a, n)],
            [-t[0], -t[1], -cross(self.lever_a, t)],
        ];
        (ra, rb)
    }
}

/// Local relative velocity u = 𝐇* q̇ of a contact with rows `(ra, rb)` for body velocities.
pub fn local_velocity(rows: &(Rows, Rows), va: &[f64; 3], vb: &[f64; 3]) -> [f64; 2] {
    let (ra, rb) = rows;
    let dot = |r: &[f64; 3], v: &[f64; 3]| r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    [
        dot(&ra[0], va) + dot(&rb[0], vb),
        dot(&ra[1], va) + dot(&rb[1], vb),
    ]
}

/// The 2×2 Delassus block 𝕎_αα = 𝐇_α* 𝕄⁻¹ 𝐇_α (Eq. 4), row-major [[nn, nt], [tn, tt]].
pub fn delassus_block(rows: &(Rows, Rows), a: &Body, b: &Body) -> [[f64; 2]; 2] {
    let mut w = [[0.0; 2]; 2];
    for (r, body) in [(&rows.0, a), (&rows.1, b)] {
        let im = [body.inv_mass(0), body.inv_mass(1), body.inv_mass(2)];
        for i in 0..2 {
            for j in 0..2 {
                w[i][j] += (0..3).map(|k| r[i][k] * im[k] * r[j][k]).sum::<f64>();
            }
        }
    }
    w
}
