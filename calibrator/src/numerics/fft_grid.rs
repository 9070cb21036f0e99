//! Index helpers of periodic FFT grids shared by the surface generator, its statistics, the
//! PSD and the BEM kernel.

/// Signed mode number of FFT index `i` on an `n`-point periodic grid: 0, 1, …, n/2, then
/// −(n − i) (the Nyquist index n/2 of an even grid counts as +n/2). The wavenumber is
/// 2π·mode/L.
pub fn mode(i: usize, n: usize) -> f64 {
    if i <= n / 2 {
        i as f64
    } else {
        i as f64 - n as f64
    }
}

#[cfg(test)]
mod tests {
    use super::mode;

    #[test]
    fn modes_follow_the_dft_frequency_order() {
        // The DFT of length n at index i is the frequency i/n cycles per sample, aliased to
        // (−n/2, n/2]: numpy.fft.fftfreq(8)·8 = [0, 1, 2, 3, −4, −3, −2, −1] except that here
        // the Nyquist index is +4.
        let m: Vec<f64> = (0..8).map(|i| mode(i, 8)).collect();
        assert_eq!(m, [0.0, 1.0, 2.0, 3.0, 4.0, -3.0, -2.0, -1.0]);
        let m: Vec<f64> = (0..5).map(|i| mode(i, 5)).collect();
        assert_eq!(m, [0.0, 1.0, 2.0, -2.0, -1.0]);
    }
}
