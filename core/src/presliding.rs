//! Pre-sliding law from the asperity table (seed 003): static threshold Q_s(P), kinetic ratio
//! ε and tangential stiffness k_t(P). (Filled in by the asperity issue.)

use heapless::Vec;
use serde::{Deserialize, Serialize};

/// Maximum number of normal loads in the pre-sliding section.
pub const PRESLIDING_LOADS: usize = 8;

/// The table section written by `tribo asperity`: per normal load, the static threshold,
/// the initial tangential stiffness and the static real contact area.
///
/// An empty section (no loads) means "not calibrated".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PreslidingSection {
    /// Normal loads P at which the model was run, increasing \[N\].
    pub normal_load: Vec<f32, PRESLIDING_LOADS>,
    /// Static friction threshold Q_s(P) \[N\].
    pub static_threshold: Vec<f32, PRESLIDING_LOADS>,
    /// Initial tangential stiffness k_t(P) = Σ k_i \[N/m\].
    pub tangential_stiffness: Vec<f32, PRESLIDING_LOADS>,
    /// Real contact area at the onset of sliding A_s(P) \[m²\].
    pub static_area: Vec<f32, PRESLIDING_LOADS>,
    /// Kinetic-to-static ratio ε of the junction thresholds (seed 003 Eq. 6) \[-\].
    pub kinetic_ratio: f32,
}

impl PreslidingSection {
    /// A fully populated section with plausible values, for size and round-trip tests of the
    /// table format. Not a calibration result.
    pub fn filled_example() -> Self {
        let mut s = PreslidingSection {
            kinetic_ratio: 0.9,
            ..Default::default()
        };
        for i in 0..PRESLIDING_LOADS {
            let p = 1.0 + i as f32;
            let _ = s.normal_load.push(p);
            let _ = s.static_threshold.push(0.8 * p);
            let _ = s.tangential_stiffness.push(2.0e4 * p);
            let _ = s.static_area.push(1.0e-5 * p);
        }
        s
    }
}
