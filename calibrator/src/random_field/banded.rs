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
/// Columns per strip (register block width): 4×4 f64 partial sums fill 8 of the 16 SSE2
/// registers (4×8 spilled and ran ≈ 1.8× slower). X must be stored with a row stride that is
/// a multiple of this ([`padded`]).
pub const STRIP: usize = 4;

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
    ///
    /// # Panics
    ///
    /// If `dense.len() != rows·cols`.
    pub fn from_dense(dense: &[f64], rows: usize, cols: usize, drop: f64) -> Self {
        assert_eq!(dense.len(), rows * cols, "matrix size");
        let range = |i: usize| {
            let row = &dense[i * cols..(i + 1) * cols];
            let start = row.iter().position(|v| v.abs() > drop).unwrap_or(0);
            let end = row
                .iter()
                .rposition(|v| v.abs() > drop)
                .map_or(start, |e| e + 1);
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
    ///
    /// # Panics
    ///
    /// If `y_stride` < n or `y` is too short for the rows of L at that stride.
    pub fn mul(&self, x: &[f64], x_stride: usize, n: usize, y: &mut [f64], y_stride: usize) {
        assert!(y_stride >= n, "Y stride too small");
        assert!(
            y.len() >= (self.rows.max(1) - 1) * y_stride + n,
            "Y too small"
        );
        self.product::<false>(x, x_stride, n, y, y_stride);
    }

    /// Yᵀ = (L·X)ᵀ (n × m, row stride `yt_stride` ≥ m) for X as in [`BandedPanels::mul`]: the
    /// transpose is fused into the stores of the register blocks.
    ///
    /// # Panics
    ///
    /// If `yt_stride` is below the rows of L or `yt` is too short for n rows at that stride.
    pub fn mul_transposed(
        &self,
        x: &[f64],
        x_stride: usize,
        n: usize,
        yt: &mut [f64],
        yt_stride: usize,
    ) {
        assert!(yt_stride >= self.rows, "Yᵀ stride too small");
        assert!(
            yt.len() >= (n.max(1) - 1) * yt_stride + self.rows,
            "Yᵀ too small"
        );
        self.product::<true>(x, x_stride, n, yt, yt_stride);
    }

    fn product<const TRANSPOSED: bool>(
        &self,
        x: &[f64],
        x_stride: usize,
        n: usize,
        y: &mut [f64],
        y_stride: usize,
    ) {
        let width = padded(n);
        assert!(x_stride >= width, "X stride must be padded");
        assert!(
            x.len() >= (self.cols.max(1) - 1) * x_stride + width,
            "X too small"
        );
        for (p, panel) in self.panels.iter().enumerate() {
            let coef = &self.coef[panel.offset..panel.offset + panel.len * PANEL_ROWS];
            let row0 = p * PANEL_ROWS;
            let live = PANEL_ROWS.min(self.rows - row0);
            for c0 in (0..n).step_by(STRIP) {
                let mut acc = [[0.0f64; STRIP]; PANEL_ROWS];
                for (t, cf) in coef.chunks_exact(PANEL_ROWS).enumerate() {
                    let at = (panel.start + t) * x_stride + c0;
                    let xs: &[f64; STRIP] = x[at..at + STRIP].try_into().expect("strip");
                    for (row, &c) in acc.iter_mut().zip(cf) {
                        for (o, &v) in row.iter_mut().zip(xs) {
                            *o += c * v;
                        }
                    }
                }
                let w = STRIP.min(n - c0);
                if TRANSPOSED {
                    for cc in 0..w {
                        let at = (c0 + cc) * y_stride + row0;
                        for (k, row) in acc.iter().enumerate().take(live) {
                            y[at + k] = row[cc];
                        }
                    }
                } else {
                    for (k, row) in acc.iter().enumerate().take(live) {
                        let at = (row0 + k) * y_stride + c0;
                        y[at..at + w].copy_from_slice(&row[..w]);
                    }
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
        assert!(
            l.stored() < m.next_multiple_of(PANEL_ROWS) * r,
            "band exploited"
        );
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
            assert!(
                y[i * stride + n..(i + 1) * stride]
                    .iter()
                    .all(|v| v.is_nan())
            );
        }
        // Fused transpose: the same values, bit for bit.
        let mut yt = vec![f64::NAN; n * (m + 1)];
        l.mul_transposed(&x, stride, n, &mut yt, m + 1);
        for i in 0..m {
            for j in 0..n {
                assert_eq!(yt[j * (m + 1) + i], y[i * stride + j]);
            }
        }
    }
}
