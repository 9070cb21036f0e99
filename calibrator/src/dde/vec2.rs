//! The 2D vector and 2×2 matrix algebra of the deformable discrete elements (seed 001 is 2D).

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A 2D vector (positions in m, velocities in m/s, forces in N/m per unit depth).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct V2 {
    /// x component.
    pub x: f64,
    /// y component.
    pub y: f64,
}

impl V2 {
    /// The zero vector.
    pub const ZERO: V2 = V2 { x: 0.0, y: 0.0 };
    /// A vector from its components.
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }
    /// Dot product.
    pub fn dot(self, o: V2) -> f64 {
        self.x * o.x + self.y * o.y
    }
    /// z component of the cross product (positive when `o` is counter-clockwise of `self`).
    pub fn cross(self, o: V2) -> f64 {
        self.x * o.y - self.y * o.x
    }
    /// Euclidean norm.
    pub fn norm(self) -> f64 {
        self.x.hypot(self.y)
    }
    /// Squared norm.
    pub fn norm2(self) -> f64 {
        self.dot(self)
    }
    /// Rotation by +90° (the seed's R_{π/2}, §3.1 after Eq. 13).
    pub fn perp(self) -> V2 {
        V2::new(-self.y, self.x)
    }
}

impl Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        V2::new(self.x + o.x, self.y + o.y)
    }
}
impl Sub for V2 {
    type Output = V2;
    fn sub(self, o: V2) -> V2 {
        V2::new(self.x - o.x, self.y - o.y)
    }
}
impl Neg for V2 {
    type Output = V2;
    fn neg(self) -> V2 {
        V2::new(-self.x, -self.y)
    }
}
impl Mul<f64> for V2 {
    type Output = V2;
    fn mul(self, s: f64) -> V2 {
        V2::new(self.x * s, self.y * s)
    }
}
impl AddAssign for V2 {
    fn add_assign(&mut self, o: V2) {
        self.x += o.x;
        self.y += o.y;
    }
}
impl SubAssign for V2 {
    fn sub_assign(&mut self, o: V2) {
        self.x -= o.x;
        self.y -= o.y;
    }
}

/// A 2×2 matrix, row-major: `[[a11, a12], [a21, a22]]`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct M2(pub [[f64; 2]; 2]);

impl M2 {
    /// The identity.
    pub const IDENTITY: M2 = M2([[1.0, 0.0], [0.0, 1.0]]);
    /// The matrix whose columns are `a` and `b`.
    pub fn from_columns(a: V2, b: V2) -> Self {
        M2([[a.x, b.x], [a.y, b.y]])
    }
    /// Determinant.
    pub fn det(&self) -> f64 {
        self.0[0][0] * self.0[1][1] - self.0[0][1] * self.0[1][0]
    }
    /// Trace.
    pub fn trace(&self) -> f64 {
        self.0[0][0] + self.0[1][1]
    }
    /// Transpose.
    pub fn t(&self) -> M2 {
        M2([[self.0[0][0], self.0[1][0]], [self.0[0][1], self.0[1][1]]])
    }
    /// Inverse, `None` when singular.
    pub fn inverse(&self) -> Option<M2> {
        let d = self.det();
        if d == 0.0 || !d.is_finite() {
            return None;
        }
        let [[a, b], [c, e]] = self.0;
        Some(M2([[e / d, -b / d], [-c / d, a / d]]))
    }
    /// Matrix product `self · o`.
    pub fn mul(&self, o: &M2) -> M2 {
        let a = &self.0;
        let b = &o.0;
        M2([
            [
                a[0][0] * b[0][0] + a[0][1] * b[1][0],
                a[0][0] * b[0][1] + a[0][1] * b[1][1],
            ],
            [
                a[1][0] * b[0][0] + a[1][1] * b[1][0],
                a[1][0] * b[0][1] + a[1][1] * b[1][1],
            ],
        ])
    }
    /// Matrix–vector product.
    pub fn apply(&self, v: V2) -> V2 {
        V2::new(
            self.0[0][0] * v.x + self.0[0][1] * v.y,
            self.0[1][0] * v.x + self.0[1][1] * v.y,
        )
    }
    /// `self · s + o · t` element-wise.
    pub fn lin(&self, s: f64, o: &M2, t: f64) -> M2 {
        let mut r = M2::default();
        for i in 0..2 {
            for j in 0..2 {
                r.0[i][j] = self.0[i][j] * s + o.0[i][j] * t;
            }
        }
        r
    }
    /// Frobenius inner product `A : B`.
    pub fn ddot(&self, o: &M2) -> f64 {
        let mut s = 0.0;
        for i in 0..2 {
            for j in 0..2 {
                s += self.0[i][j] * o.0[i][j];
            }
        }
        s
    }
    /// Largest eigenvalue of a symmetric matrix (the maximum principal value).
    pub fn max_principal(&self) -> f64 {
        let [[a, b], [_, d]] = self.0;
        let m = 0.5 * (a + d);
        let r = (0.5 * (a - d)).hypot(b);
        m + r
    }
}
