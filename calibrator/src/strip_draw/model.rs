//! The strip-draw physics read from a calibration table, and the numerical settings of a run.
//!
//! The friction law (τ0, κ, E*, h'_rms, α(v); seed 000 Eq. 9, 23–24) and the transport
//! (H, h_p, K, ζ; Eq. 12–14) come from the table; everything else is the core's seed-000
//! set-up ([`BarParams::seed_000`]: V0 = 0.08 m/s, h_B = 0.75 mm, k_s = E*/h_B, mass
//! scaling, damping). The bar's modulus is the table's E* (seed 000 uses the same E* in
//! Eq. 2 and Eq. 8).

use tribo_core::bar::BarParams;
use tribo_core::law::FrictionLaw;
use tribo_core::table::Table;
use tribo_core::transport::SourceRule;

use super::StripDrawError;

/// Numerical settings of a strip-draw run (SI units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NumericSettings {
    /// Pull-end displacement of one pass \[m\] (seed 000 §7: 0.140).
    pub slide: f64,
    /// μ̄ is the mean over the last `window` of the slide \[m\] (the steady part, §7).
    pub window: f64,
    /// Element length l_e \[m\] (core default 0.5 mm).
    pub element_length: f64,
    /// Explicit time step \[s\]; `None`: `courant` × the stability limit (CFL-derived).
    pub time_step: Option<f64>,
    /// Courant factor used when `time_step` is `None` (core default 0.9).
    pub courant: f64,
    /// Number of μ(t) samples recorded per pass.
    pub mu_samples: usize,
    /// Number of time rows of a β(x, t) map.
    pub map_rows: usize,
    /// Largest number of node columns of a β(x, t) map (nodes are subsampled beyond).
    pub map_columns: usize,
}

impl NumericSettings {
    /// Seed 000 §7 settings: 140 mm slide, μ̄ over the last 20 mm (slide 120–140 mm, where
    /// μ(t) has flattened for the 35 and 70 mm tools; see [`crate::strip_draw::extract`] for
    /// the drift reported with it), the core's default mesh (0.5 mm) and step (Courant 0.9).
    pub fn seed_000() -> Self {
        Self {
            slide: 0.140,
            window: 0.020,
            element_length: 0.5e-3,
            time_step: None,
            courant: 0.9,
            mu_samples: 400,
            map_rows: 120,
            map_columns: 400,
        }
    }

    /// Short runs for tests and quick looks: `slide` \[m\], window a quarter of it, 1 mm
    /// elements.
    pub fn short(slide: f64) -> Self {
        Self {
            slide,
            window: 0.25 * slide,
            element_length: 1.0e-3,
            mu_samples: 100,
            map_rows: 40,
            ..Self::seed_000()
        }
    }

    /// Checks that every setting is finite and positive and the window fits in the slide.
    ///
    /// # Errors
    ///
    /// [`StripDrawError::Setting`] naming the setting, its value and the rule: slide, element
    /// length or Courant factor not finite and > 0, a window negative or longer than the slide, or
    /// another setting out of its range.
    pub fn validate(&self) -> Result<(), StripDrawError> {
        let pos = |x: f64| x.is_finite() && x > 0.0;
        let bad = |setting, value, rule| {
            Err(StripDrawError::Setting {
                setting,
                value,
                rule,
            })
        };
        if !pos(self.slide) {
            return bad("the slide [m]", self.slide, "finite and > 0");
        }
        if !(self.window.is_finite() && self.window >= 0.0 && self.window <= self.slide) {
            return bad(
                "the averaging window [m]",
                self.window,
                "within [0, the slide]",
            );
        }
        if !pos(self.element_length) {
            return bad(
                "the element size [m]",
                self.element_length,
                "finite and > 0",
            );
        }
        if let Some(dt) = self.time_step
            && !pos(dt)
        {
            return bad("the time step [s]", dt, "finite and > 0");
        }
        if !(self.courant > 0.0 && self.courant <= 1.0) {
            return bad("the Courant factor", self.courant, "in (0, 1]");
        }
        for (setting, n) in [
            ("the number of μ(t) samples", self.mu_samples),
            ("the β map's rows", self.map_rows),
            ("the β map's columns", self.map_columns),
        ] {
            if n == 0 {
                return bad(setting, 0.0, "at least 1");
            }
        }
        Ok(())
    }
}

/// Physics of the strip draw: the friction law and transport section of a table.
#[derive(Clone, Debug, PartialEq)]
pub struct StripModel {
    /// The validated friction law (μ0, α(v), β_thres).
    pub law: FrictionLaw,
    /// Hardness H \[Pa\].
    pub hardness: f32,
    /// Particle thickness h_p \[m\].
    pub particle_thickness: f32,
    /// Archard coefficient K of the table \[-\] (the sweeps' default).
    pub archard_k: f32,
    /// Tool-carried fraction ζ of the table \[-\] (the sweeps' default).
    pub zeta: f32,
    /// E* \[Pa\] (bar modulus and contact modulus).
    pub e_star: f64,
    /// Which part of the contact creates particles (the table's; seed 000's Eq. 12 by
    /// default).
    pub source_rule: SourceRule,
}

impl StripModel {
    /// The physics of `table` (which has been validated when decoded or assembled).
    ///
    /// # Errors
    ///
    /// [`StripDrawError::TableLaw`] when the table's friction law does not build.
    pub fn from_table(table: &Table) -> Result<Self, StripDrawError> {
        let law = table.friction_law().map_err(StripDrawError::TableLaw)?;
        Ok(Self {
            law,
            hardness: table.transport.hardness,
            particle_thickness: table.transport.particle_thickness,
            archard_k: table.transport.archard_k,
            zeta: table.transport.zeta,
            e_star: f64::from(table.law.e_star),
            source_rule: SourceRule::Archard,
        })
    }

    /// The documented seed-000 defaults ([`Table::seed000_defaults`]).
    ///
    /// # Errors
    ///
    /// None for the documented defaults (they validate); the `Result` is
    /// [`from_table`](Self::from_table)'s.
    pub fn seed_000_defaults() -> Result<Self, StripDrawError> {
        Self::from_table(&Table::seed000_defaults())
    }

    /// The same physics with another τ0 \[Pa\] (μ0 and the particle term scale with it, Eq. 9;
    /// μ_p, the friction of the particle-borne area, is kept).
    ///
    /// # Errors
    ///
    /// [`StripDrawError::Tau0`] when `tau0` makes no valid law (not finite and > 0);
    /// [`StripDrawError::ParticleFriction`] if the kept μ_p is refused by the new law.
    pub fn with_tau0(&self, tau0: f64) -> Result<Self, StripDrawError> {
        let mut params = *self.law.params();
        params.tau0 = tau0 as f32;
        let mut law = FrictionLaw::new(params, self.law.alpha_curve().clone())
            .map_err(|source| StripDrawError::Tau0 { tau0, source })?;
        if let Some(mu_p) = self.law.particle_friction() {
            law = law.with_particle_friction(mu_p).map_err(|source| {
                StripDrawError::ParticleFriction {
                    mu_p: f64::from(mu_p),
                    source,
                }
            })?;
        }
        Ok(Self {
            law,
            ..self.clone()
        })
    }

    /// The same physics with the friction μ_p of the particle-borne area \[-\] (`None`: seed
    /// 000's Eq. 7, A_p carries no shear); see [`tribo_core::law`].
    ///
    /// # Errors
    ///
    /// [`StripDrawError::TableLaw`] when the law does not rebuild;
    /// [`StripDrawError::ParticleFriction`] for a μ_p outside \[0,
    /// [`PARTICLE_FRICTION_MAX`](tribo_core::law::PARTICLE_FRICTION_MAX)\].
    pub fn with_particle_friction(&self, mu_p: Option<f64>) -> Result<Self, StripDrawError> {
        let base = FrictionLaw::new(*self.law.params(), self.law.alpha_curve().clone())
            .map_err(StripDrawError::TableLaw)?;
        let law = match mu_p {
            None => base,
            Some(m) => base
                .with_particle_friction(m as f32)
                .map_err(|source| StripDrawError::ParticleFriction { mu_p: m, source })?,
        };
        Ok(Self {
            law,
            ..self.clone()
        })
    }

    /// The same physics with another particle source rule.
    pub fn with_source_rule(&self, source_rule: SourceRule) -> Self {
        Self {
            source_rule,
            ..self.clone()
        }
    }

    /// Bar parameters for a tool of `tool_length` \[m\] at `pressure` \[Pa\] with tool-carried
    /// fraction `zeta` and Archard coefficient `archard_k`, under `settings`.
    ///
    /// # Errors
    ///
    /// [`StripDrawError::TimeStep`] when an explicit time step exceeds the bar's stability limit
    /// (or is not finite and > 0).
    pub fn bar_params(
        &self,
        tool_length: f64,
        pressure: f64,
        zeta: f32,
        archard_k: f32,
        settings: &NumericSettings,
    ) -> Result<BarParams, StripDrawError> {
        let mut p = BarParams::seed_000(tool_length, pressure, settings.slide);
        p.e_star = self.e_star;
        p.shear_stiffness = self.e_star / p.height;
        p.element_length = settings.element_length;
        p.hardness = self.hardness;
        p.particle_thickness = self.particle_thickness;
        p.zeta = zeta;
        p.archard_k = archard_k;
        p.source_rule = self.source_rule;
        p.courant = settings.courant;
        if let Some(dt) = settings.time_step {
            p.set_time_step(dt).map_err(|_| StripDrawError::TimeStep {
                dt,
                limit: p.critical_time_step(),
                element_mm: settings.element_length * 1e3,
            })?;
        }
        Ok(p)
    }
}
