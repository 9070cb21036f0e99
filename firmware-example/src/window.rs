//! The tool window on the node line: per-node contact pressure.
//!
//! The node line is a segment of the strip in its own (material) frame: node i carries the
//! tributary length [i·l_e, (i+1)·l_e) with l_e = line length / N. The tool (length L) covers
//! [a, a + L] of it, a = a₀ − s for a draw position s (the strip moves by +s under the fixed
//! tool, so the tool moves by −s over the strip; its leading edge, where fresh strip comes
//! under it, is at a). As in the strip-draw bar of `tribo_core::bar`, node i carries
//! P_i = P·w_i with w_i the covered fraction of its tributary length, so the normal force
//! Σ P_i·l_e·width = P·L·width varies smoothly as nodes enter and leave.

/// Writes P·w_i into `pressure` for the tool window [a, a + length] on a line of element
/// length `l_e` \[m\]. Non-finite or negative inputs give no contact (all zeros).
pub fn fill(pressure: &mut [f32], p: f32, l_e: f32, a: f32, length: f32) {
    let valid = p.is_finite() && p > 0.0 && l_e.is_finite() && l_e > 0.0 && a.is_finite();
    let valid = valid && length.is_finite() && length > 0.0;
    if !valid {
        pressure.iter_mut().for_each(|x| *x = 0.0);
        return;
    }
    let b = a + length;
    let p_over_le = p / l_e;
    let mut lo = 0.0f32;
    for (i, slot) in pressure.iter_mut().enumerate() {
        // lo, hi from the index (not accumulated): no drift over 1000s of nodes.
        let hi = (i + 1) as f32 * l_e;
        let overlap = hi.min(b) - lo.max(a);
        *slot = overlap.clamp(0.0, l_e) * p_over_le;
        lo = hi;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// f32 sums of ~100 terms of O(1): relative rounding well below 1e-5.
    const SUM_TOL: f32 = 1.0e-5;
    /// A node's covered length hi − lo, with hi = (i+1)·l_e and lo = i·l_e rounded in f32,
    /// differs from l_e by up to ~i ulps of hi: ≤ 256·6e-8 ≈ 1.5e-5 relative.
    const NODE_TOL: f32 = 4.0e-5;

    #[test]
    fn normal_force_is_pressure_times_tool_length() {
        const N: usize = 256;
        let l_e = 0.128 / N as f32;
        let mut p = [0.0f32; N];
        // Windows at many sub-element offsets: Σ P_i·l_e = P·L exactly up to rounding.
        for k in 0..100 {
            let a = 0.0065 + 0.00081 * k as f32;
            fill(&mut p, 10.0e6, l_e, a, 0.035);
            let total: f32 = p.iter().sum::<f32>() * l_e;
            assert!(
                (total - 10.0e6 * 0.035).abs() <= SUM_TOL * 10.0e6 * 0.035,
                "a = {a}"
            );
            assert!(
                p.iter()
                    .all(|&x| (0.0..=10.0e6 * (1.0 + NODE_TOL)).contains(&x))
            );
            // Nodes fully inside carry P, nodes fully outside nothing.
            let inside = (
                (a / l_e).ceil() as usize + 1,
                ((a + 0.035) / l_e) as usize - 1,
            );
            assert!((p[inside.0] - 10.0e6).abs() < NODE_TOL * 10.0e6);
            assert!((p[inside.1 - 1] - 10.0e6).abs() < NODE_TOL * 10.0e6);
            assert_eq!(p[inside.0 - 3], 0.0);
            assert_eq!(p[inside.1 + 3], 0.0);
        }
    }

    #[test]
    fn window_partly_off_the_line_and_bad_inputs() {
        let mut p = [1.0f32; 10];
        fill(&mut p, 1.0, 1.0, -2.5, 4.0); // covers [0, 1.5]
        assert_eq!(&p[..3], &[1.0, 0.5, 0.0]);
        for (pp, a) in [(f32::NAN, 0.0), (-1.0, 0.0), (1.0, f32::INFINITY)] {
            let mut q = [1.0f32; 4];
            fill(&mut q, pp, 1.0, a, 2.0);
            assert_eq!(q, [0.0; 4]);
        }
    }
}
