//! What every exported file says about where its numbers come from: the table's provenance as
//! machine-readable fields (the JSON `provenance` object, the CSV `# key = value` preamble)
//! and as comment lines (the decks), plus the law's assumptions and the velocities α(v) was
//! calibrated at.

use std::path::Path;

use tribo_core::table::{Table, ValueOrigin};

use super::{Grid, Level};
use crate::table::describe::{
    DEFAULTS_BANNER, STATISTICAL_IS_NOT_ACCURACY, fitted_banner, intervals_text, saturation_text,
    systematic_text,
};

/// The table's provenance and the export's notes (module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Provenance {
    /// Version of `tribo` that wrote the export.
    pub exporter_version: String,
    /// The table file as given.
    pub table_file: String,
    /// Its size \[bytes\].
    pub table_bytes: usize,
    /// Its CRC-32 (the table trailer's).
    pub crc: u32,
    /// Version of the calibrator that wrote the table.
    pub calibrator_version: String,
    /// The calibration preset.
    pub preset: String,
    /// The calibration's RNG seed.
    pub seed: u64,
    /// Hash of the calibration's resolved configuration (0 for documented defaults).
    pub config_hash: u64,
    /// Calibrated, documented defaults, or fitted.
    pub origin: &'static str,
    /// The defaults / fitted banners (empty for a calibration).
    pub banners: Vec<String>,
    /// The α sample velocities' range \[m/s\]; `None` when α(v) is the law alone.
    pub calibrated_velocities: Option<[f32; 2]>,
    /// Format version of the table file (1–4; `None` if the bytes do not say).
    pub table_format_version: Option<u16>,
    /// μ_p, the floor of μ at saturation, and its origin; `None`: μ reaches 0 at saturation.
    pub particle_friction: Option<(f32, String)>,
    /// The dominant term of α's systematic budget; `None`: the table has no budget.
    pub dominant_systematic: Option<String>,
    /// What the law assumes and what the export loses, one sentence per entry.
    pub notes: Vec<String>,
}

fn origin_name(origin: ValueOrigin) -> &'static str {
    match origin {
        ValueOrigin::Calibrated => "calibrated",
        ValueOrigin::DocumentedDefaults => "documented defaults",
        ValueOrigin::FittedOnDefaults => "fitted to measurements on documented defaults",
        ValueOrigin::FittedOnCalibrated => "fitted to measurements on a calibration",
    }
}

/// The velocities the table's α(v) was simulated at, `[first, last]` \[m/s\].
pub fn calibrated_velocities(table: &Table) -> Option<[f32; 2]> {
    let v = &table.alpha.curve.v;
    Some([*v.first()?, *v.last()?])
}

impl Provenance {
    /// The provenance of `table` read from `table_file` (`bytes`), for an export of `grid`.
    pub fn of(table: &Table, table_file: &Path, bytes: &[u8], grid: &Grid) -> Self {
        let p = &table.provenance;
        let crc = bytes
            .last_chunk::<4>()
            .map_or(0, |c| u32::from_le_bytes(*c));
        let mut banners = Vec::new();
        if p.origin == ValueOrigin::DocumentedDefaults {
            banners.push(DEFAULTS_BANNER.to_owned());
        }
        banners.extend(fitted_banner(p.origin, p.config_hash));
        let calibrated = calibrated_velocities(table);
        let mu_p = table
            .particle_shear
            .as_ref()
            .map_or(0.0, |s| s.particle_friction);
        let mut notes = vec![
            format!(
                "law: mu = mu0*(1 - x) + mu_p*x, x = beta/beta_thres(v), mu0 = tau0*kappa/(E* h'_rms) = {:.6}, mu_p = {mu_p:.6} (seed 000 Eq. 7 with shear on the particle-borne area, 9, 23-24)",
                table.law.mu0()
            ),
            format!(
                "beta_thres(v) = kappa/(alpha(v) h'_rms) (Eq. 24); at saturation: {}",
                saturation_text(table)
            ),
            "mu does not depend on p at fixed beta (Eq. 23: p cancels); v enters as |slip rate|"
                .into(),
            match calibrated {
                Some([lo, hi]) => format!(
                    "alpha(v) calibrated at {} velocities from {lo:.4e} to {hi:.4e} m/s; outside, the table's documented clamp/law extrapolates (the decks mark the curves that leave this range)",
                    table.alpha.curve.v.len()
                ),
                None => "alpha(v) has no calibrated velocities in this table: the documented alpha(v) law holds at every velocity".into(),
            },
        ];
        // α and β_thres with both intervals at every sample (issue 42).
        for i in 0..table.alpha.curve.v.len() {
            if let (Some(a), Some(b)) =
                (table.alpha_uncertainty(i), table.beta_thres_uncertainty(i))
            {
                notes.push(format!(
                    "alpha(v = {:.4e} m/s) = {} | beta_thres = {}",
                    table.alpha.curve.v[i],
                    intervals_text(&a, 4),
                    intervals_text(&b, 4)
                ));
            }
        }
        notes.push(format!(
            "uncertainty of alpha: {STATISTICAL_IS_NOT_ACCURACY}"
        ));
        // One budget term per line: a full budget (8 terms) on one line passes the 256
        // characters of an Abaqus/LS-DYNA comment line.
        notes.extend(systematic_text(table).split("; ").map(str::to_owned));
        notes.push(match grid.levels.first() {
            Some(Level::DrawLength(_)) => "levels: draw length L slid at constant p, v: beta = min(K(p) p L/(H h_p), beta_thres(v)), no tool drift (zeta = 0)".into(),
            _ => "levels: fixed beta (third-body area fraction, Eq. 10)".into(),
        });
        notes.push(
            "lost against the live law: the beta history of each contact point (transport, Eq. 12-14); use the C ABI (core-ffi, tribo_point_step) to carry beta as a state variable"
                .into(),
        );
        if table.third_body.is_some() {
            notes.push(
                "not applied: the table's third-body section mu_3b(T) (seed 002, its own material)"
                    .into(),
            );
        }
        Self {
            exporter_version: env!("CARGO_PKG_VERSION").to_owned(),
            table_file: table_file.display().to_string(),
            table_bytes: bytes.len(),
            crc,
            calibrator_version: p.calibrator_version.to_string(),
            preset: p.preset.to_string(),
            seed: p.seed,
            config_hash: p.config_hash,
            origin: origin_name(p.origin),
            banners,
            calibrated_velocities: calibrated,
            table_format_version: Table::file_format_version(bytes).ok(),
            particle_friction: table
                .particle_shear
                .as_ref()
                .map(|s| (s.particle_friction, format!("{:?}", s.origin))),
            dominant_systematic: table.dominant_systematic().map(|t| t.name.to_string()),
            notes,
        }
    }

    /// The machine-readable fields, in order: (key, value). Hashes as `0x…` hex strings.
    pub fn fields(&self) -> Vec<(&'static str, String)> {
        let mut f = vec![
            ("exporter_version", self.exporter_version.clone()),
            ("table_file", self.table_file.clone()),
            ("table_bytes", self.table_bytes.to_string()),
            ("crc", format!("{:#010x}", self.crc)),
            ("calibrator_version", self.calibrator_version.clone()),
            ("preset", self.preset.clone()),
            ("seed", self.seed.to_string()),
            ("config_hash", format!("{:#018x}", self.config_hash)),
            ("origin", self.origin.to_owned()),
            (
                "table_format_version",
                self.table_format_version
                    .map_or("unknown".to_owned(), |v| v.to_string()),
            ),
            (
                "mu_p",
                self.particle_friction.as_ref().map_or(
                    "none (mu reaches 0 at saturation)".to_owned(),
                    |(mu, origin)| format!("{mu:e} ({origin})"),
                ),
            ),
            (
                "alpha_dominant_systematic",
                self.dominant_systematic
                    .clone()
                    .unwrap_or_else(|| "none (no systematic budget in the table)".to_owned()),
            ),
        ];
        if let Some([lo, hi]) = self.calibrated_velocities {
            f.push(("calibrated_velocity_min_m_per_s", format!("{lo:e}")));
            f.push(("calibrated_velocity_max_m_per_s", format!("{hi:e}")));
        }
        f
    }

    /// The comment lines of the decks: provenance, banners, notes.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!(
                "tribo export {} from {} ({} bytes, CRC-32 {:#010x})",
                self.exporter_version, self.table_file, self.table_bytes, self.crc
            ),
            format!(
                "provenance: calibrator {} | preset {} | seed {} | config hash {:#018x} | {}",
                self.calibrator_version, self.preset, self.seed, self.config_hash, self.origin
            ),
        ];
        lines.extend(self.banners.iter().map(|b| format!("*** {b} ***")));
        lines.extend(self.notes.iter().cloned());
        lines
    }

    /// Whether a grid velocity \[m/s\] lies outside the calibrated velocities (always false
    /// when α(v) has no samples: the law is then the table's whole statement).
    pub fn outside_calibration(&self, v: f32) -> bool {
        self.calibrated_velocities
            .is_some_and(|[lo, hi]| v < lo || v > hi)
    }
}

/// Below this μ a deck line warns: friction is nearly lost there (β at or near β_thres).
pub const MU_WARNING: f32 = 0.01;
