//! Fixed-capacity log lines with allocation-free number formatting (no `core::fmt` on
//! floats: integers and fixed-point decimals are written digit by digit into the line's own
//! buffer). Text beyond the capacity is cut at a character boundary, never an error.
//!
//! ```
//! use tribo_firmware_example::log::Line;
//! let mut l = Line::new();
//! l.text("mu = ").fixed(0.14996, 4).text(", n = ").int(-42);
//! assert_eq!(l.as_str(), "mu = 0.1500, n = -42");
//! ```

/// Capacity of a line \[bytes\].
pub const LINE_CAPACITY: usize = 160;

/// A log line on the stack.
#[derive(Clone, Debug)]
pub struct Line {
    buf: [u8; LINE_CAPACITY],
    len: usize,
}

impl Default for Line {
    fn default() -> Self {
        Self::new()
    }
}

/// Digits of a number, right-aligned in a small buffer.
struct Digits {
    buf: [u8; 24],
    start: usize,
}

impl Digits {
    fn new() -> Self {
        Self {
            buf: [0; 24],
            start: 24,
        }
    }

    fn push_front(&mut self, b: u8) {
        if self.start > 0 {
            self.start -= 1;
            if let Some(slot) = self.buf.get_mut(self.start) {
                *slot = b;
            }
        }
    }

    /// Pushes the decimal digits of `v`, at least `min_digits` of them.
    fn push_u64(&mut self, mut v: u64, min_digits: usize) {
        let mut n = 0;
        loop {
            self.push_front(b'0' + (v % 10) as u8);
            v /= 10;
            n += 1;
            if v == 0 && n >= min_digits {
                break;
            }
        }
    }

    fn as_bytes(&self) -> &[u8] {
        self.buf.get(self.start..).unwrap_or(&[])
    }
}

impl Line {
    /// An empty line.
    pub const fn new() -> Self {
        Self {
            buf: [0; LINE_CAPACITY],
            len: 0,
        }
    }

    /// The text so far.
    pub fn as_str(&self) -> &str {
        // Only whole UTF-8 sequences are ever copied in.
        core::str::from_utf8(self.buf.get(..self.len).unwrap_or(&[])).unwrap_or("")
    }

    /// Length so far \[bytes\].
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing was written.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Clears the line.
    pub fn clear(&mut self) -> &mut Self {
        self.len = 0;
        self
    }

    /// Appends text (cut at a character boundary if it does not fit).
    pub fn text(&mut self, s: &str) -> &mut Self {
        let room = LINE_CAPACITY - self.len;
        let mut take = s.len().min(room);
        while !s.is_char_boundary(take) {
            take -= 1;
        }
        if let (Some(dst), Some(src)) = (
            self.buf.get_mut(self.len..self.len + take),
            s.as_bytes().get(..take),
        ) {
            dst.copy_from_slice(src);
            self.len += take;
        }
        self
    }

    fn ascii(&mut self, bytes: &[u8]) -> &mut Self {
        // Digits and signs are ASCII: always valid UTF-8.
        self.text(core::str::from_utf8(bytes).unwrap_or("?"))
    }

    /// Appends spaces up to column `col`.
    pub fn pad_to(&mut self, col: usize) -> &mut Self {
        while self.len < col.min(LINE_CAPACITY) {
            self.text(" ");
        }
        self
    }

    /// Appends an unsigned integer.
    pub fn uint(&mut self, v: u64) -> &mut Self {
        let mut d = Digits::new();
        d.push_u64(v, 1);
        self.ascii(d.as_bytes())
    }

    /// Appends a signed integer.
    pub fn int(&mut self, v: i64) -> &mut Self {
        let mut d = Digits::new();
        d.push_u64(v.unsigned_abs(), 1);
        if v < 0 {
            d.push_front(b'-');
        }
        self.ascii(d.as_bytes())
    }

    /// Appends `x` with `decimals` digits after the point (0–9), rounded half away from zero;
    /// `NaN`, `inf`, `-inf`, and `ovf` when |x|·10^decimals does not fit in 63 bits.
    pub fn fixed(&mut self, x: f32, decimals: u32) -> &mut Self {
        let decimals = decimals.min(9);
        if x.is_nan() {
            return self.text("NaN");
        }
        if x.is_infinite() {
            return self.text(if x > 0.0 { "inf" } else { "-inf" });
        }
        let scale = 10u64.pow(decimals);
        // f64: every f32 is exact in it, and the scaled product rounds once.
        let scaled = f64::from(x).abs() * scale as f64 + 0.5;
        if scaled >= 9.2e18 {
            return self.text("ovf");
        }
        let units = scaled as u64; // truncation of (|x|·10^d + 1/2): round half away
        let mut d = Digits::new();
        if decimals > 0 {
            d.push_u64(units % scale, decimals as usize);
            d.push_front(b'.');
        }
        d.push_u64(units / scale, 1);
        if x < 0.0 && units > 0 {
            d.push_front(b'-');
        }
        self.ascii(d.as_bytes())
    }

    /// [`fixed`](Self::fixed) with an explicit `+` for positive values (error bands).
    pub fn signed_fixed(&mut self, x: f32, decimals: u32) -> &mut Self {
        if x >= 0.0 {
            self.text("+");
        }
        self.fixed(x, decimals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prng::XorShift32;

    #[test]
    fn integers_match_core_fmt() {
        for v in [0i64, 1, -1, 9, 10, -10, 123_456_789, i64::MAX, i64::MIN] {
            let mut l = Line::new();
            l.int(v);
            assert_eq!(l.as_str(), format!("{v}"));
        }
        let mut l = Line::new();
        l.uint(u64::MAX);
        assert_eq!(l.as_str(), format!("{}", u64::MAX));
    }

    /// Oracle: std's exact formatting, on values whose scaled fraction is not within 1e-3 of a
    /// rounding tie (std rounds exact ties half to even, this formatter half away from zero).
    #[test]
    fn fixed_point_matches_std_formatting_away_from_ties() {
        let mut rng = XorShift32::new(99);
        let mut checked = 0;
        for k in 0..20_000 {
            let mag = 10f32.powi((k % 12) - 5);
            let x = rng.uniform() * mag;
            let d = (k % 6) as u32;
            let frac = (f64::from(x).abs() * 10f64.powi(d as i32)).fract();
            if (frac - 0.5).abs() < 1e-3 {
                continue;
            }
            let mut l = Line::new();
            l.fixed(x, d);
            let mut expected = format!("{:.*}", d as usize, x);
            if expected.starts_with("-") && expected.trim_start_matches(['-', '0', '.']).is_empty()
            {
                expected.remove(0); // std prints "-0.00"; this formatter "0.00"
            }
            assert_eq!(l.as_str(), expected, "x = {x:e}, d = {d}");
            checked += 1;
        }
        assert!(checked > 19_000);
    }

    #[test]
    fn specials_and_capacity() {
        let mut l = Line::new();
        l.fixed(f32::NAN, 2)
            .text(" ")
            .fixed(f32::NEG_INFINITY, 2)
            .text(" ")
            .fixed(1e30, 3);
        assert_eq!(l.as_str(), "NaN -inf ovf");
        let mut l = Line::new();
        for _ in 0..100 {
            l.text("μβ");
        }
        assert!(l.len() <= LINE_CAPACITY);
        assert!(l.as_str().chars().all(|c| c == 'μ' || c == 'β'));
        let mut l = Line::new();
        l.text("ab").pad_to(5).signed_fixed(1.25, 1).text("|");
        assert_eq!(l.as_str(), "ab   +1.3|");
    }
}
