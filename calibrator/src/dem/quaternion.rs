//! Rigid-body kinematics: 3-vectors as `[f64; 3]` and unit quaternions for orientation.
//!
//! A flake's orientation is the unit quaternion `q` that maps body coordinates to world
//! coordinates: `x_world = x_c + q ⊗ x_body ⊗ q*` (equivalently `R(q)·x_body`).

/// A 3-vector \[any unit\].
pub type Vec3 = [f64; 3];

/// a + b.
#[inline]
pub fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// a − b.
#[inline]
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// s·a.
#[inline]
pub fn scale(a: Vec3, s: f64) -> Vec3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

/// a·b.
#[inline]
pub fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// a × b.
#[inline]
pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// |a|.
#[inline]
pub fn norm(a: Vec3) -> f64 {
    dot(a, a).sqrt()
}

/// A 3×3 rotation matrix, row-major: `m[i][j]`.
pub type Mat3 = [[f64; 3]; 3];

/// m·v.
#[inline]
pub fn mat_vec(m: &Mat3, v: Vec3) -> Vec3 {
    [dot(m[0], v), dot(m[1], v), dot(m[2], v)]
}

/// mᵀ·v.
#[inline]
pub fn mat_t_vec(m: &Mat3, v: Vec3) -> Vec3 {
    [
        m[0][0] * v[0] + m[1][0] * v[1] + m[2][0] * v[2],
        m[0][1] * v[0] + m[1][1] * v[1] + m[2][1] * v[2],
        m[0][2] * v[0] + m[1][2] * v[1] + m[2][2] * v[2],
    ]
}

/// A quaternion w + x·i + y·j + z·k.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quat {
    /// Scalar part.
    pub w: f64,
    /// Vector part, i.
    pub x: f64,
    /// Vector part, j.
    pub y: f64,
    /// Vector part, k.
    pub z: f64,
}

impl Quat {
    /// The identity rotation.
    pub const IDENTITY: Quat = Quat {
        w: 1.0,
        x: 0.0,
        y: 0.0,
        z: 0.0,
    };

    /// Rotation by `angle` \[rad\] about `axis` (need not be unit; zero axis → identity).
    pub fn from_axis_angle(axis: Vec3, angle: f64) -> Quat {
        let n = norm(axis);
        if n == 0.0 || angle == 0.0 {
            return Quat::IDENTITY;
        }
        let (s, c) = (0.5 * angle).sin_cos();
        let k = s / n;
        Quat {
            w: c,
            x: axis[0] * k,
            y: axis[1] * k,
            z: axis[2] * k,
        }
    }

    /// Hamilton product self ⊗ o (apply `o` first, then `self`); also `self * o`.
    pub fn compose(self, o: Quat) -> Quat {
        Quat {
            w: self.w * o.w - self.x * o.x - self.y * o.y - self.z * o.z,
            x: self.w * o.x + self.x * o.w + self.y * o.z - self.z * o.y,
            y: self.w * o.y - self.x * o.z + self.y * o.w + self.z * o.x,
            z: self.w * o.z + self.x * o.y - self.y * o.x + self.z * o.w,
        }
    }

    /// The conjugate (inverse rotation for a unit quaternion).
    pub fn conj(self) -> Quat {
        Quat {
            w: self.w,
            x: -self.x,
            y: -self.y,
            z: -self.z,
        }
    }

    /// The quaternion scaled to unit norm (identity if it is zero or not finite).
    pub fn normalized(self) -> Quat {
        let n = (self.w * self.w + self.x * self.x + self.y * self.y + self.z * self.z).sqrt();
        if !(n.is_finite() && n > 0.0) {
            return Quat::IDENTITY;
        }
        Quat {
            w: self.w / n,
            x: self.x / n,
            y: self.y / n,
            z: self.z / n,
        }
    }

    /// The rotation matrix R (world ← body) of a unit quaternion.
    pub fn to_matrix(self) -> Mat3 {
        let Quat { w, x, y, z } = self;
        [
            [
                1.0 - 2.0 * (y * y + z * z),
                2.0 * (x * y - w * z),
                2.0 * (x * z + w * y),
            ],
            [
                2.0 * (x * y + w * z),
                1.0 - 2.0 * (x * x + z * z),
                2.0 * (y * z - w * x),
            ],
            [
                2.0 * (x * z - w * y),
                2.0 * (y * z + w * x),
                1.0 - 2.0 * (x * x + y * y),
            ],
        ]
    }

    /// R·v for a unit quaternion.
    pub fn rotate(self, v: Vec3) -> Vec3 {
        mat_vec(&self.to_matrix(), v)
    }
}

impl std::ops::Mul for Quat {
    type Output = Quat;
    /// Hamilton product (see [`Quat::compose`]).
    fn mul(self, o: Quat) -> Quat {
        self.compose(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round-off bound for a handful of f64 rotations.
    const TOL: f64 = 1e-12;

    #[test]
    fn rotation_about_z_by_quarter_turn_maps_x_to_y() {
        let q = Quat::from_axis_angle([0.0, 0.0, 2.0], std::f64::consts::FRAC_PI_2);
        let v = q.rotate([1.0, 0.0, 0.0]);
        assert!((v[0]).abs() < TOL && (v[1] - 1.0).abs() < TOL && v[2].abs() < TOL);
    }

    #[test]
    fn product_composes_rotations_and_matrix_is_orthonormal() {
        let a = Quat::from_axis_angle([1.0, 2.0, 3.0], 0.7);
        let b = Quat::from_axis_angle([-1.0, 0.5, 0.2], 1.3);
        let v = [0.3, -1.2, 2.0];
        let ab = (a * b).rotate(v);
        let seq = a.rotate(b.rotate(v));
        for k in 0..3 {
            assert!((ab[k] - seq[k]).abs() < TOL);
        }
        let m = a.to_matrix();
        for i in 0..3 {
            for j in 0..3 {
                let d = dot(m[i], m[j]);
                let e = if i == j { 1.0 } else { 0.0 };
                assert!((d - e).abs() < TOL);
            }
        }
        let back = mat_t_vec(&m, mat_vec(&m, v));
        for k in 0..3 {
            assert!((back[k] - v[k]).abs() < TOL);
        }
        let c = a * a.conj();
        assert!((c.w - 1.0).abs() < TOL && c.x.abs() < TOL);
    }
}
