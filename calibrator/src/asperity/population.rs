//! Junction populations: initial areas A_{0i} read from a CSV file, or generated.
//!
//! **CSV format.** One junction per line. Either a single numeric column (no header), or a
//! header line naming the columns, one of which is `area_m2` (the other columns are ignored).
//! Blank lines and lines starting with `#` are skipped; cells are separated and quoted as
//! every table the calibrator reads ([`crate::io::delimited`]: one of `;` `,` tab or
//! spaces per file). Every area must be a finite number
//! > 0 in m². Errors name the line and column.
//!
//! **Generators (the seed's measured areas are not public).** Seed 003 feeds the model with the
//! areas segmented from the initial image of each experiment of its Ref. \[20\] (Sahli et al.,
//! PNAS 2018: rough PDMS on glass, hundreds to thousands of microjunctions whose sizes are
//! broadly spread — §3 of the seed fits a power law α_i(A_{0i}) across them and stresses the
//! large dispersion). Without those images we generate, for a normal load P:
//! - a total initial area A₀ = a_P·P, proportional to the load, as for elastic rough contacts
//!   (A₀ = κP/(E*·h'_rms)); a_P = 4 mm²/N corresponds to κ ≈ 2, E* = E/(1−ν²) = 2.13 MPa and
//!   an RMS slope ≈ 0.23, and gives static friction coefficients Q_s/P ≈ 0.57 with
//!   σ_exp = 0.23 MPa, the order seen for PDMS on glass;
//! - N = round(A₀/⟨A⟩) junctions, so that the number of junctions grows with P at a fixed size
//!   distribution (the mean microcontact size of a rough contact is nearly load-independent);
//! - the sampled areas are rescaled by one common factor so that Σ A_{0i} = a_P·P exactly.
//!
//! **Default (since the shape study below): bimodal** ([`BimodalPopulation::default`]): half
//! of the area in a power-law bulk p(A) ∝ A^(−1.5) on [10⁻¹⁰, 10⁻⁸] m² (diameters 11–113 µm)
//! and half in a spike of large, alike junctions (lognormal, median 2·10⁻⁸ m² ≈ 160 µm,
//! σ_ln = 0.1). The bulk depins progressively and straightens A(Q); the spike, which holds the
//! largest slip displacements, lets go in one avalanche and gives stick–slip at every load.
//! Measured (seed 1, C_t = 2000, `tribo asperity --seed 1 --steps-per-period 2000`): stick–slip
//! at all six loads (ΔQ = 0.057–0.31 N, 7–9 % of Q_s, periods 0.10–0.42 s, 6 events each in
//! the default run length; 5.8·10¹⁰ junction-steps, 487 s on 2 shared cores); curvature −0.07 to −0.11 at the six loads over seeds 1–5
//! (Q-binned, quasi-static), A_s/A₀ = 0.71 (29 % reduction, Ref. \[20\]: "as large as 30 %"),
//! N = 2060–13428. Why a spike: a single broad distribution cannot give both (table below). A
//! physical reading, not a measurement: in a rough sphere-on-plane contact the central
//! junctions, under the highest macroscopic pressure, are large and coalesced, the peripheral
//! ones small and spread; Ref. \[20\]'s segmented images are not public, so this remains a
//! modelling choice, and the spike's fraction is what the stick–slip criterion demands
//! (35 %: stick–slip at the six loads for one draw, but only 1 of 3 seeds at 0.98 N; 50 %:
//! 3 of 3 seeds at 0.98 N and all six loads).
//!
//! **Previous default: log-uniform areas, p(A) ∝ 1/A on [5·10⁻¹¹, 5·10⁻⁹] m²**
//! ([`PowerLawPopulation::default`] with τ = 1; diameters 8–80 µm, ⟨A⟩ = 1.07·10⁻⁹ m², N ≈ 3700 per newton). Power-law
//! (scale-free) contact-cluster size distributions are what simulations of self-affine rough
//! contacts report; τ = 1 puts the same number of junctions in every decade of area, a broad spread
//! as in Ref. \[20\]. Why this choice, measured at C_t = 2000 with e.g. `tribo asperity
//! --steps-per-period 2000 --loads 0.981 --seed 3 --family log-uniform --min-area 1e-10
//! --max-area 1e-8 --exponent 1` (seeds 1–5):
//! - *Shape of A(Q)* (seed §4, Fig. 4). With all junctions alike, every junction follows the
//!   quadratic Eq. 3 up to the same slip point and A(Q) keeps the experiments' quadratic shape
//!   (normalised curvature 0.95–0.96 for lognormal σ_ln = 0.1, see [`super::analysis`]). With
//!   a spread of sizes the slip displacements d_s = f_s/k_s ∝ A₀^≈0.6 are spread, small
//!   junctions depin early and freeze their area, and A(Q) straightens ("progressive
//!   depinning", the seed's explanation): curvature 0.53–0.54 at the six loads (seed 1),
//!   0.54–0.57 at 0.98 N over seeds 1–5.
//! - *Stick–slip at all six loads* (seed §3, η = 100, ε = 0.9). Slipping junctions re-pin only
//!   when the slider stops (|Ẋ| < c_min·v, App. A). If the junctions depin one after the
//!   other, the slider accelerates smoothly to v and slides steadily for ever (no stop, no
//!   stick–slip: runs show Ẋ_max ≈ 2.4–2.6 v). Stick–slip needs a final avalanche, i.e. a
//!   force-weighted density of d_s at the top of the distribution large enough that the
//!   interface force falls faster with X than the drive spring can follow (quasi-statically
//!   (1−ε)·dF_s/dd > K_pinned + k_L, F_s(d) = Σ_{d_si < d} f_si); the slider then overshoots (Ẋ_max ≈ 9–12 v), stops and
//!   re-pins, and the re-pinned junctions, now all at ε·f_s, slip again together: the cycles
//!   sustain themselves. Both F_s and K scale with P while k_L = 9200 N/m does not, so the
//!   lightest load (0.98 N) is the hardest. A hard upper cut-off of the size distribution
//!   provides the avalanche; smaller junctions (shorter d_s) strengthen it. Measured at
//!   0.98 N: lognormal σ_ln = 0.8 (median 10⁻⁹ m²) and 0.5 (median 3·10⁻⁹ m²): no
//!   stick–slip at 0.98–2.07 N (seed 1); log-uniform on [10⁻⁹, 2·10⁻⁸] m²: none at 0.98 N,
//!   stick–slip at 1.52 N (seed 1); over seeds 1–5, log-uniform on [10⁻¹⁰, 10⁻⁸]: 3/5
//!   (curvature 0.51–0.56), on [10⁻¹⁰, 5·10⁻⁹]: 4/5, **on [5·10⁻¹¹, 5·10⁻⁹]: 5/5 (curvature
//!   0.54–0.57)**; τ = 0.5 on [10⁻¹⁰, 2·10⁻⁸]: 5/5 but curvature 0.69–0.74 (the top-heavy
//!   weight that makes the avalanche also keeps A(Q) quadratic).
//! - *Costs of the choice* (disagreements with Ref. \[20\], reported in issue 5): with the
//!   seed's α_b the small junctions shrink more (Eq. 3, a_s = A_s/A₀ falls with A₀), so
//!   A_s/A₀ ≈ 0.61 (39 % area reduction, the experiments report up to 30 %), and N is
//!   ≈ 3 600–24 000 for the six loads (the experiments' images hold hundreds to thousands of
//!   microjunctions). The lognormal
//!   generator with σ_ln = 0.1 and median 10⁻⁸ m² ([`LognormalPopulation::default`]) matches
//!   those two figures (A_s/A₀ ≈ 0.75, N = 390–2 560) and also sticks at all six loads, but
//!   keeps the quadratic shape.
//!
//! **What sets the shape of A(Q) (issue 5 follow-up, measured).** The curvature is a property
//! of the size distribution, not of the diagnostic or of a numerical defect: the run's A(Q)
//! up to Q_s is the quasi-static curve of [`super::quasistatic`] (0.532 vs 0.534 at 0.98 N,
//! default population), Eq. 3 and Eq. 11 are solved consistently (slip at the root of
//! f = σA(f), stiffness from the current ℓ_∥), and the time-weighted and Q-binned curvatures
//! ([`super::analysis::binned_curvature`]) differ by ≤ 0.05 for power laws (≤ 0.1 for broad
//! lognormals). A junction's share of the *force* grows like √A₀ (k ∝ ℓ₀) and its share of the
//! *area loss* like A₀^½ too, but its relative area loss falls like A₀^(−½) (Eq. 3,
//! p = 3/2) and its slip displacement grows like √A₀: with p(A) ∝ A^(−τ) the junctions that
//! are still shrinking at displacement X are those above A* ∝ X², and
//! dA/dQ ∝ X·Σ_{A>A*} A^(−½)/Σ_{A>A*} A^(½) ∝ X^(2−2τ) in a wide range. τ = 1 keeps some
//! curvature from the ends of a two-decade range, τ ≈ 1.3–1.5 makes A(Q) straight, τ > 1.5
//! makes it convex. Quasi-static figures (example `asperity_population_study population`,
//! 4000 points, seed 1, P = 0.98 / 6.40 N; curvature: time-weighted / Q-binned over
//! [0, Q_s] / Q-binned after the first depinning; d_post = last slip displacement − X at the peak):
//!
//! | population (areas in m²)                    | N          | A_s/A₀ | curvature (0.98 N)  | curvature (6.40 N)  | d_post µm | stick–slip (dynamic, C_t = 2000) |
//! |---------------------------------------------|------------|--------|---------------------|---------------------|-----------|----------------------------------|
//! | log-uniform [5e-11, 5e-9] (default)         | 3651–23817 | 0.61   | 0.54 / 0.53 / 0.51  | 0.53 / 0.54 / 0.51  | 0.9       | all six loads                    |
//! | all-alike, lognormal 1e-8, σ_ln 0.1         | 390–2546   | 0.76   | 0.97 / 0.97 / —     | 0.96 / 0.97 / —     |           | all six loads                    |
//! | power law τ 1, [1e-10, 1e-7]                | 271–1770   | 0.83   | 0.48 / 0.46 / 0.46  | 0.39 / 0.39 / 0.38  |           |                                  |
//! | power law τ 0.5, [1e-9, 1e-7]               | 106–692    | 0.85   | 0.65 / 0.66 / 0.56  | 0.69 / 0.69 / 0.64  |           |                                  |
//! | power law τ 1.3, [1e-10, 1e-7]              | 641–4181   | 0.80   | 0.17 / 0.16 / 0.16  | 0.07 / 0.07 / 0.07  | 3.7–4.6   | 0.98 N only (none at 1.52–6.40)  |
//! | power law τ 1.4, [1e-10, 5e-8]              | 1328–8665  | 0.74   | 0.07 / 0.06 / 0.06  | 0.03 / 0.02 / 0.03  | 3.1–3.8   | none at 1.52 and 6.40 N          |
//! | power law τ 1.3, [1e-10, 3e-8]              | 1410–9200  | 0.72   | 0.23 / 0.22 / 0.22  | 0.20 / 0.19 / 0.18  |           | none at 1.52 and 6.40 N          |
//! | power law τ 1.3, [5e-11, 1e-8]              | 3662–23889 | 0.64   | 0.28 / 0.28 / 0.26  | 0.28 / 0.28 / 0.27  | 1.4       | none at 1.52 and 6.40 N          |
//! | power law τ 1.5, [5e-11, 1e-8]              | 5549–36204 | 0.61   | 0.09 / 0.08 / 0.05  | 0.11 / 0.11 / 0.09  | 1.5–1.7   |                                  |
//! | power law τ 1.5, [1e-10, 1e-6]              | 392–2560   | 0.88   | −0.32 / −0.34 / −0.32 | −0.39 / −0.42 / −0.37 |       |                                  |
//! | power law τ 2, [1e-10, 1e-6]                | 4260–27792 | 0.69   | −0.86 / −0.91 / −0.92 | −1.06 / −1.09 / −1.05 |       |                                  |
//! | lognormal 3e-9, σ_ln 1.5                    | 425–2770   | 0.80   | −0.04 / 0.03 / −0.04 | 0.06 / 0.09 / 0.06 | 3.2–5.9   | none at 1.52 and 6.40 N          |
//! | lognormal 1e-8, σ_ln 1.0                    | 238–1553   | 0.81   | 0.35 / 0.43 / 0.19  | 0.54 / 0.56 / 0.44  |           |                                  |
//! | lognormal 1e-9, σ_ln 0.8                    | 2849–18589 | 0.60   | 0.76 / 0.77 / 0.68  | 0.76 / 0.76 / 0.68  |           | none at 0.98–2.07 N (earlier)    |
//! | bimodal: τ 1.5 [1e-10, 1e-8] + 50 % spike lognormal 2e-8, σ_ln 0.1 (**default**) | 2060–13428 | 0.71 | −0.08 / −0.08 / −0.09 | −0.09 / −0.09 / −0.10 | 3.2–5.1 | all six loads (seed 1); 0.98 N: seeds 1–3 |
//! | bimodal: same + 35 % spike                  | 2619–17075 | 0.68   | −0.08 / −0.07 / −0.13 | −0.07 / −0.06 / −0.13 | 3.2–4.9 | all six loads (CSV draw, separate bulk/spike streams); default draw seed 1–3 at 0.98 N: 1 of 3 |
//! | bimodal: same + 20 % spike                  | 3178–20723 | 0.66   | 0.04 / 0.05 / −0.03 | 0.07 / 0.07 / −0.01 | 3.6–4.2   | none at 1.52 and 6.40 N          |
//!
//! Over seeds 1–5: τ 1.3 on [1e-10, 1e-7] gives 0.02–0.17 (Q-binned) at 0.98 N and 0.07–0.10
//! at 6.40 N; lognormal 3e-9, σ_ln 1.5 gives −0.03–0.21 and 0.01–0.09.
//!
//! So the seed's main finding — A(Q) "much more linear" than the experiments — *is*
//! reproduced by broad size distributions with most junctions small (τ ≈ 1.3–1.5, or a
//! lognormal with σ_ln ≈ 1.5), and these also meet Ref. \[20\]'s N (hundreds to thousands) and
//! area reduction (20–28 %). What they lose in this model is stick–slip at the heavier loads:
//! when the junctions depin one after the other there is no final avalanche, the slider
//! overshoots to only 2–3.5 v and slides steadily (η = 100 damps the re-stick: the first
//! velocity undershoot after a sudden drop is damped by e^(−3πη/(4ω)), ω = √(k_L/M), 0.46 at
//! 0.98 N but 0.14 at 6.40 N). Stick–slip at every load needs the force to be concentrated
//! at the top of the slip-displacement distribution (τ ≤ 1, or a narrow population), which is
//! exactly what keeps Eq. 3's quadratic shape — unless that force sits in a separate group of
//! large, alike junctions whose share of the *area loss* is small (their relative loss
//! 1 − a_s ≈ 0.2 against ≈ 0.4 for the bulk): the bimodal default. Without the measured areas
//! of Ref. \[20\] we cannot tell how the seed's populations reconcile the two; negative
//! curvatures (slightly convex A(Q)) are what the spike does to the end of the curve, where
//! only its junctions still shrink.

use rand::Rng;

pub use crate::io::junction_areas::{PopulationError, parse_csv, read_csv};

pub use super::bimodal::BimodalPopulation;
pub use super::unimodal::{LognormalPopulation, PowerLawPopulation};

/// The junction-area generators.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Generator {
    /// Lognormal sizes.
    Lognormal(LognormalPopulation),
    /// Truncated power-law sizes.
    PowerLaw(PowerLawPopulation),
    /// Power-law bulk plus a lognormal spike of large junctions.
    Bimodal(BimodalPopulation),
}

impl Default for Generator {
    /// The default population: [`BimodalPopulation::default`].
    fn default() -> Self {
        Self::Bimodal(BimodalPopulation::default())
    }
}

impl From<LognormalPopulation> for Generator {
    fn from(g: LognormalPopulation) -> Self {
        Self::Lognormal(g)
    }
}

impl From<BimodalPopulation> for Generator {
    fn from(g: BimodalPopulation) -> Self {
        Self::Bimodal(g)
    }
}

impl From<PowerLawPopulation> for Generator {
    fn from(g: PowerLawPopulation) -> Self {
        Self::PowerLaw(g)
    }
}

impl Generator {
    /// Number of junctions at load `load` \[N\].
    pub fn count(&self, load: f64) -> usize {
        match self {
            Self::Lognormal(g) => g.count(load),
            Self::PowerLaw(g) => g.count(load),
            Self::Bimodal(g) => g.count(load),
        }
    }

    /// Generates the areas for normal load `load` \[N\].
    ///
    /// # Errors
    ///
    /// The generator's [`PopulationError::BadGenerator`] for a parameter or `load` out of its
    /// domain.
    pub fn generate(&self, load: f64, rng: &mut impl Rng) -> Result<Vec<f64>, PopulationError> {
        match self {
            Self::Lognormal(g) => g.generate(load, rng),
            Self::PowerLaw(g) => g.generate(load, rng),
            Self::Bimodal(g) => g.generate(load, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream_rng;

    #[test]
    fn parses_headers_and_plain_columns() {
        let a = parse_csv("# junctions\nid,area_m2\n1,2e-9\n\n2, 3.5e-9\n").unwrap();
        assert_eq!(a, vec![2e-9, 3.5e-9]);
        let b = parse_csv("1e-9\n2e-9\n").unwrap();
        assert_eq!(b, vec![1e-9, 2e-9]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse_csv("id,area_m2\n1,2e-9\n2,abc\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 3") && e.contains("column 2") && e.contains("abc"),
            "{e}"
        );
        let e = parse_csv("id,area_m2\n1,-2e-9\n").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("positive"), "{e}");
        let e = parse_csv("id,area\n1,2e-9\n").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("area_m2"), "{e}");
        let e = parse_csv("id,area_m2\n1\n").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("missing"), "{e}");
        assert!(matches!(
            parse_csv("# nothing\n"),
            Err(PopulationError::Empty)
        ));
    }

    #[test]
    fn generator_total_scales_with_load_and_is_reproducible() {
        let g = LognormalPopulation::default();
        for (i, &p) in [1.0, 3.0, 6.4].iter().enumerate() {
            let a = g.generate(p, &mut stream_rng(7, i as u64)).unwrap();
            let total: f64 = a.iter().sum();
            assert!((total - g.area_per_load * p).abs() < 1e-12 * total);
            assert_eq!(a.len(), g.count(p));
            let b = g.generate(p, &mut stream_rng(7, i as u64)).unwrap();
            assert_eq!(a, b);
        }
        // N ∝ P at fixed size distribution.
        assert!((g.count(6.0) as f64 / g.count(2.0) as f64 - 3.0).abs() < 0.01);
        // The sample median is near the requested one (N ≈ 2400, σ_ln = 0.8: ±5 %).
        let broad = LognormalPopulation {
            median_area: 5e-9,
            sigma_ln: 0.8,
            ..g
        };
        let mut a = broad.generate(6.0, &mut stream_rng(1, 0)).unwrap();
        a.sort_by(f64::total_cmp);
        let med = a[a.len() / 2];
        assert!((med / broad.median_area - 1.0).abs() < 0.1, "median {med}");
    }

    /// Sampling tolerance of the power-law checks: 4 standard errors of a proportion over
    /// ~7 000 draws (σ ≈ 0.006 for p = 1/2).
    const SAMPLE_TOL: f64 = 0.025;

    #[test]
    fn power_law_quantiles_moments_and_sampling() {
        let g = PowerLawPopulation::default();
        // Quantile end points and the log-uniform median √(A_min·A_max).
        assert!((g.quantile(0.0) / g.min_area - 1.0).abs() < 1e-12);
        assert!((g.quantile(1.0) / g.max_area - 1.0).abs() < 1e-12);
        let geo = (g.min_area * g.max_area).sqrt();
        assert!((g.quantile(0.5) / geo - 1.0).abs() < 1e-12);
        // τ = 1: ⟨A⟩ = (A_max − A_min)/ln(A_max/A_min).
        let mean = (g.max_area - g.min_area) / (g.max_area / g.min_area).ln();
        assert!((g.mean_area() / mean - 1.0).abs() < 1e-9);
        // τ ≠ 1 (τ = 1.5): ⟨A⟩ = √(A_min A_max) in closed form.
        let g15 = PowerLawPopulation { exponent: 1.5, ..g };
        assert!((g15.mean_area() / geo - 1.0).abs() < 1e-9);
        assert!((g15.quantile(1.0) / g15.max_area - 1.0).abs() < 1e-12);
        // Sampling at P = 2 N: total exactly a_P·P, N from ⟨A⟩, half the junctions in each
        // decade (log-uniform over two decades), reproducible.
        let a = g.generate(2.0, &mut stream_rng(3, 0)).unwrap();
        assert_eq!(a.len(), g.count(2.0));
        let total: f64 = a.iter().sum();
        assert!((total - g.area_per_load * 2.0).abs() < 1e-12 * total);
        let below = a.iter().filter(|&&x| x < geo).count() as f64 / a.len() as f64;
        assert!(
            (below - 0.5).abs() < SAMPLE_TOL,
            "fraction below √(min·max): {below}"
        );
        assert_eq!(a, g.generate(2.0, &mut stream_rng(3, 0)).unwrap());
        // Out-of-domain parameters are errors, not panics.
        let bad = PowerLawPopulation {
            min_area: g.max_area,
            ..g
        };
        assert!(bad.generate(1.0, &mut stream_rng(0, 0)).is_err());
        assert!(g.generate(f64::NAN, &mut stream_rng(0, 0)).is_err());
    }
}
