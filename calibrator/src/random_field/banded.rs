//! Banded row-panel matrix and its product with a dense matrix: the hot loop of the
//! separable sampler ([`super::separable`]).
//!
//! A factor L (m×r) whose rows have their non-negligible entries in a contiguous column range
//! (banded for the Cholesky and kernel-quadrature factors, full for the low-rank factor) is
//! stored as panels of [`PANEL_ROWS`] consecutive rows: each panel keeps the union [a₀, a₁) of
//! its rows' ranges and the coefficients interleaved by column, `coef[(a − a₀)·R + row]`, zero
//! outside each row's own range. The product Y = L·X (X r×n, row-major) then reads, for each
//! panel and each strip of [`STRIP`] columns, one short contiguous run of X per term and keeps
//! the R×C partial sums in registers (the loop auto-vectorises). Cost: n·Σ_panels R·(a₁ − a₀)
//! multiply-adds, ≈ n·m·bandwidth. Every output is summed over a = a₀..a₁ in increasing order,
//! so the result is bit-reproducible (independent of threads and of the SIMD width).

/// Rows per panel (register block height).
pub const PANEL_ROWS: usize = 4;
/// Columns per strip (register block width). X and the output must be stored with a row
/// stride that is a multiple of this ([`padded`]).
pub const STRIP: usize = 8;

/// `n` rounded up to a multiple of [`STRIP`] (the row stride of product operands).
pub fn padded(n: usize) -> usize {
    n.next_multiple_of(STRIP)
}

/// One panel: rows `PANEL_ROWS·k ..`, columns `start .. start + len`, coefficients at `offset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Panel {
    start: usize,
    len: usize,
    offset: usize,
}

/// An m×r matrix stored as banded row panels (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct BandedPanels {
    rows: usize,
    cols: usize,
    panels: Vec<Panel>,
    coef: Vec<f64>,
}

impl BandedPanels {
    /// Builds the panels of the row-major `rows`×`cols` matrix `dense`, dropping entries with
    /// |value| ≤ `drop` at either end of each row (entries inside a row's range are kept).
    pub fn from_dense(dense: &[f64], rows: usize, cols: usize, drop: f64) -> Self {
        assert_eq!(dense.len(), rows * cols, "matrix size");
        let range = |i: usize| {
            let row = &dense[i * cols..(i + 1) * cols];
            let start = row.iter().position(|v| v.abs() > drop).unwrap_or(0);
            let end = row.iter().rposition(|v| v.abs() > drop).map_or(start, |e| e + 1);
            (start, end)
        };
        let mut panels = Vec::with_capacity(rows.div_ceil(PANEL_ROWS));
        let mut coef = Vec::new();
        for p in 0..rows.div_ceil(PANEL_ROWS) {
            let members = p * PANEL_ROWS..((p + 1) * PANEL_ROWS).min(rows);
            let ranges: Vec<(usize, usize)> = members.clone().map(range).collect();
            let start = ranges.iter().map(|r| r.0).min().unwrap_or(0);
            let end = ranges.iter().map(|r| r.1).max().unwrap_or(start).max(start);
            let offset = coef.len();
            coef.resize(offset + (end - start) * PANEL_ROWS, 0.0);
            for (k, (i, &(s, e))) in members.zip(&ranges).enumerate() {
                for a in s..e {
                    coef[offset + (a - start) * PANEL_ROWS + k] = dense[i * cols + a];
                }
            }
            panels.push(Panel {
                start,
                len: end - start,
                offset,
            });
        }
        Self {
            rows,
            cols,
            panels,
            coef,
        }
    }

    /// Rows m.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns r.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Stored coefficients (including the zero padding of each panel): the multiply-adds per
    /// output column of [`BandedPanels::mul`].
    pub fn stored(&self) -> usize {
        self.coef.len()
    }

    /// Entry (i, a) (0 outside the stored band).
    pub fn get(&self, i: usize, a: usize) -> f64 {
        let p = self.panels[i / PANEL_ROWS];
        if a < p.start || a >= p.start + p.len {
            return 0.0;
        }
        self.coef[p.offset + (a - p.start) * PANEL_ROWS + i % PANEL_ROWS]
    }

    /// Y = L·X for X (r × n, row stride `x_stride`) into Y (m × n, row stride `y_stride`).
    ///
    /// `x_stride` must be ≥ [`padded`]`(n)`: the columns of X between n and its padded width
    /// are read (keep them finite, e.g. zero); `y_stride` ≥ n, only n columns of Y are written.
    pub fn mul(&self, x: &[f64], x_stride: usize, n: usize, y: &mut [f64], y_stride: usize) {
        let width = padded(n);
        assert!(x_stride >= width && y_stride >= n, "strides too small");
        assert!(x.len() >= (self.cols.max(1) - 1) * x_stride + width, "X too small");
        assert!(y.len() >= (self.rows.max(1) - 1) * y_stride + n, "Y too small");
        for (p, panel) in self.panels.iter().enumerate() {
            let coef = &self.coef[panel.offset..panel.offset + panel.len * PANEL_ROWS];
            let row0 = p * PANEL_ROWS;
            let live = PANEL_ROWS.min(self.rows - row0);
            for c0 in (0..n).step_by(STRIP) {
                let mut acc = [[0.0f64; STRIP]; PANEL_ROWS];
                for (t, cf) in coef.chunks_exact(PANEL_ROWS).enumerate() {
                    let a = panel.start + t;
                    let xs: &[f64; STRIP] = x[a * x_stride + c0..a * x_stride + c0 + STRIP]
                        .try_into()
                        .expect("strip");
                    for (row, &c) in acc.iter_mut().zip(cf) {
                        for (o, &v) in row.iter_mut().zip(xs) {
                            *o += c * v;
                        }
                    }
                }
                let w = STRIP.min(n - c0);
                for (k, row) in acc.iter().enumerate().take(live) {
                    let at = (row0 + k) * y_stride + c0;
                    y[at..at + w].copy_from_slice(&row[..w]);
                }
            }
        }
    }
}

/// Transposes the `rows`×`cols` block of `src` (row stride `src_stride`) into `dst` (row
/// stride `dst_stride`), in cache-sized tiles.
pub fn transpose(
    src: &[f64],
    src_stride: usize,
    rows: usize,
    cols: usize,
    dst: &mut [f64],
    dst_stride: usize,
) {
    const TILE: usize = 16;
    for i0 in (0..rows).step_by(TILE) {
        for j0 in (0..cols).step_by(TILE) {
            for i in i0..(i0 + TILE).min(rows) {
                for j in j0..(j0 + TILE).min(cols) {
                    dst[j * dst_stride + i] = src[i * src_stride + j];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Same products summed in a different order: rounding of O(1) sums of ≤ 40 terms.
    const PRODUCT_TOL: f64 = 1e-12;

    #[test]
    fn banded_product_equals_dense_reference() {
        // 10×7 banded-ish matrix with ragged ranges, product with a 7×13 matrix (n not a
        // multiple of the strip; rows not a multiple of the panel height).
        let (m, r, n) = (10, 7, 13);
        let dense: Vec<f64> = (0..m * r)
            .map(|k| {
                let (i, a) = (k / r, k % r);
                if a + 2 >= i / 2 && a <= i / 2 + 2 {
                    ((k * 31 % 17) as f64 - 8.0) / 5.0
                } else {
                    0.0
                }
            })
            .collect();
        let l = BandedPanels::from_dense(&dense, m, r, 0.0);
        assert!(l.stored() < m.next_multiple_of(PANEL_ROWS) * r, "band exploited");
        for i in 0..m {
            for a in 0..r {
                assert_eq!(l.get(i, a), dense[i * r + a]);
            }
        }
        let stride = padded(n);
        let mut x = vec![0.0; r * stride];
        for a in 0..r {
            for j in 0..n {
                x[a * stride + j] = ((a * 13 + j * 7) % 11) as f64 / 3.0 - 1.5;
            }
        }
        let mut y = vec![f64::NAN; m * stride];
        l.mul(&x, stride, n, &mut y, stride);
        for i in 0..m {
            for j in 0..n {
                let want: f64 = (0..r).map(|a| dense[i * r + a] * x[a * stride + j]).sum();
                assert!((y[i * stride + j] - want).abs() < PRODUCT_TOL, "({i},{j})");
            }
            // Padding columns untouched.
            assert!(y[i * stride + n..(i + 1) * stride].iter().all(|v| v.is_nan()));
        }
        let mut t = vec![0.0; n * r];
        transpose(&x, stride, r, n, &mut t, r);
        assert_eq!(t[5 * r + 3], x[3 * stride + 5]);
    }
}
