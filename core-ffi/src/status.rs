//! Status codes of every entry point: the core's flat [`Error`] mirrored one to one, the
//! failures only a C caller can cause (null or misaligned pointers, an uninitialised model, a
//! stale header, a state no step could have written), and the plausibility checks of the
//! inputs (`crate::plausible`). Each code's doc says what it means and what the user routine
//! should do with it; the docs are plain text because they become the C header's comments.

use core::ffi::c_char;

use tribo_core::Error;

/// Result of every tribo_* function. TRIBO_STATUS_OK (0) is success. The codes 50-59 are
/// warnings: the function succeeded and wrote its outputs, but the user must be told
/// something (only tribo_model_init returns one: TRIBO_STATUS_WARNING_MU_REACHES_ZERO). Every
/// other value is an error and the function has written nothing (outputs and state are left as
/// they were).
///
/// What a user friction routine does with an error, in general: it cannot compute the
/// friction for this point, so it must not invent one. Print tribo_status_name(status) with
/// the point's inputs and stop the analysis (Abaqus: XPLB_EXIT / XIT; LS-DYNA: the
/// routine's error termination), except where a code below names a recovery.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TriboStatus {
    /// Success.
    Ok = 0,
    /// A required pointer argument is null. Do: fix the call (a programming error).
    NullPointer = 1,
    /// A pointer is not aligned for its type (TriboModel needs 8 bytes, the state and input
    /// structs 4). Do: fix the declaration (a programming error).
    Misaligned = 2,
    /// The model storage does not hold a model built by a successful tribo_model_init (never
    /// initialised, or the init failed). Do: check the init's status; initialise once before
    /// the first increment.
    NotInitialized = 3,
    /// The table length is larger than any table (TRIBO_MAX_TABLE_BYTES). Do: check the file
    /// given as the table.
    TableTooLarge = 4,
    /// The node or point state is not one a step could have written: an unknown contact
    /// value; beta NaN, negative or above beta_max = 1e6 (the largest saturation a table may
    /// hold); an elastic slip e non-finite or with k_s*|e| above p_max*mu_max (the largest
    /// traction a stick can hold at the model's pressure_max and mu_max = 10, so the bound
    /// follows the model's units). Do: check that the state variables are stored and passed
    /// unchanged (all zero for a fresh point); stop.
    InvalidState = 5,
    /// tribo_model_init was called with an abi_version other than this library's
    /// (tribo_abi_version()): the header the routine was compiled with and the library
    /// differ. Do: rebuild the routine against the library's tribo.h / tribo.f90.
    AbiVersionMismatch = 6,
    /// tribo_model_init was called with a storage size other than sizeof(TriboModel) of this
    /// library (a stale header, or storage declared by hand). Nothing was written. Do:
    /// rebuild against the library's header; pass sizeof(TriboModel) (C) or
    /// c_sizeof(model) (Fortran).
    ModelSizeMismatch = 7,
    /// tribo_model_init was called with a units value that is not one of the TRIBO_UNITS_*
    /// constants. Do: pass the unit system the FE model is written in.
    UnknownUnits = 8,
    /// Core: the table bytes end before the structure they announce. Do: regenerate or copy
    /// the table file again (truncated file).
    Truncated = 10,
    /// Core: the bytes do not start with the tribo magic TRBO. Do: check the file given as
    /// the table (tribo calibrate writes out/tables.bin).
    BadMagic = 11,
    /// Core: a table format version this library does not read. Do: use a library built from
    /// the calibrator version that wrote the table.
    UnsupportedVersion = 12,
    /// Core: the CRC-32 over the table does not match (corrupt table). Do: copy the table
    /// file again; never edit it by hand.
    CrcMismatch = 13,
    /// Core: the table payload is structurally invalid. Do: as for a CRC mismatch.
    Malformed = 14,
    /// Core: the table decodes but holds non-physical values. Do: regenerate the table.
    InvalidTable = 15,
    /// Core: an output buffer is too small. Not returned by this ABI's functions.
    BufferTooSmall = 16,
    /// Core: a non-finite input where a finite one is required. The checks below catch these
    /// first; kept for the core's errors. Do: stop.
    NonFiniteInput = 17,
    /// Core: an input outside its domain. Do: stop.
    OutOfDomain = 18,
    /// Core: an inconsistent or non-physical parameter. Do: stop.
    InvalidParameter = 19,
    /// Core: the transport step violates the CFL condition beyond its sub-stepping limit (not
    /// reachable with the point transport, which has no drift). Do: stop.
    CflViolation = 20,
    /// Core: a table section the function needs is missing. Do: regenerate the table.
    MissingSection = 21,
    /// Core: every field of the table is within its own bound, but the friction law as a
    /// whole is not physical over the table's domain (mu0, or mu at some slip rate and beta,
    /// outside the documented bounds; e.g. mu0 = 8.5e6 from tau0 = 1e11 Pa over E* = 1e5 Pa).
    /// Returned by tribo_model_init. Do: run `tribo inspect` on the table for the reason;
    /// regenerate the table.
    ImplausibleLaw = 22,
    /// The contact pressure is NaN, infinite or negative (compression is positive). Do: check
    /// the sign convention and the value passed (Abaqus VFRIC: fNormal/areaCont); stop.
    PressureInvalid = 30,
    /// The pressure is positive but below the model's plausible minimum (tribo_model_info:
    /// pressure_min, 1/1000 of the lowest calibrated pressure): almost surely a pressure in
    /// MPa or GPa handed to a model created in SI. Do: if the units given to tribo_model_init
    /// are right and the point is only grazing, call again with pressure 0 (open for this
    /// increment); otherwise stop and fix the units.
    PressureBelowPlausible = 31,
    /// The pressure exceeds the model's plausible maximum (pressure_max: twice the table's
    /// hardness, or the full-contact pressure of Eq. 8): almost surely Pa handed to a model
    /// in mm-tonne-s or mm-ms-kg. Do: stop and fix the units.
    PressureAbovePlausible = 32,
    /// The slip rate is NaN or infinite. Do: stop.
    SlipRateInvalid = 33,
    /// The slip rate, given or implied by the slip increment over the time increment, exceeds
    /// TRIBO_MAX_SLIP_RATE_SI (100 m/s): mm/s handed over as m/s, or a slip increment in the
    /// wrong length unit. Do: stop and fix the units.
    SlipRateAbovePlausible = 34,
    /// The time increment is NaN, infinite, zero or negative. Do: skip the friction update
    /// for a zero increment (keep the state); otherwise stop.
    TimeStepInvalid = 35,
    /// A slip increment is NaN or infinite, or longer than TRIBO_MAX_SLIP_INCREMENT_SI (1 m)
    /// in one increment. Do: stop.
    SlipIncrementInvalid = 36,
    /// The contact area is NaN, infinite or negative. Do: stop.
    AreaInvalid = 37,
    /// beta (an input of tribo_mu) is NaN, infinite or negative. Do: stop.
    BetaInvalid = 38,
    /// At init: the shear stiffness k_s is not finite or not within E*/1 m ... E*/1 um of the
    /// table's E* (k_s = E*/h_B, h_B half the sheet thickness): almost surely given in
    /// another unit system than the model's. Do: stop and fix it.
    ShearStiffnessImplausible = 39,
    /// Warning, not an error: tribo_model_init built the model (it works, every later call
    /// evaluates it), but the table carries no friction mu_p of the particle-borne area
    /// (tables of formats 1 and 2, written before issue 30, or a table whose particle-shear
    /// section was removed): mu falls to 0 at saturation (beta >= beta_thres), seed 000's
    /// Eq. 7, where a table with mu_p keeps mu >= mu_p > 0 (tribo_model_info: particle_friction
    /// and its origin, format_version). Do: log it; regenerate the table with the current
    /// calibrator (tribo calibrate, or tribo fit strip-draw for a measured mu_p) before
    /// trusting friction in regions that saturate; continue only if that is acceptable.
    WarningMuReachesZero = 50,
    /// Core: an error this library version does not know (the core's enum is non-exhaustive).
    /// Do: stop.
    UnknownCoreError = 99,
}

impl From<Error> for TriboStatus {
    fn from(e: Error) -> Self {
        match e {
            Error::Truncated => Self::Truncated,
            Error::BadMagic => Self::BadMagic,
            Error::UnsupportedVersion { .. } => Self::UnsupportedVersion,
            Error::CrcMismatch => Self::CrcMismatch,
            Error::Malformed => Self::Malformed,
            Error::InvalidTable => Self::InvalidTable,
            Error::BufferTooSmall => Self::BufferTooSmall,
            Error::NonFiniteInput => Self::NonFiniteInput,
            Error::OutOfDomain => Self::OutOfDomain,
            Error::InvalidParameter => Self::InvalidParameter,
            Error::CflViolation => Self::CflViolation,
            Error::MissingSection => Self::MissingSection,
            Error::ImplausibleLaw => Self::ImplausibleLaw,
            _ => Self::UnknownCoreError,
        }
    }
}

impl TriboStatus {
    /// Every status, for the exhaustive tests (a function, not an associated constant, so
    /// that cbindgen does not export it).
    pub const fn all() -> [TriboStatus; 34] {
        [
            Self::Ok,
            Self::NullPointer,
            Self::Misaligned,
            Self::NotInitialized,
            Self::TableTooLarge,
            Self::InvalidState,
            Self::AbiVersionMismatch,
            Self::ModelSizeMismatch,
            Self::UnknownUnits,
            Self::Truncated,
            Self::BadMagic,
            Self::UnsupportedVersion,
            Self::CrcMismatch,
            Self::Malformed,
            Self::InvalidTable,
            Self::BufferTooSmall,
            Self::NonFiniteInput,
            Self::OutOfDomain,
            Self::InvalidParameter,
            Self::CflViolation,
            Self::MissingSection,
            Self::ImplausibleLaw,
            Self::PressureInvalid,
            Self::PressureBelowPlausible,
            Self::PressureAbovePlausible,
            Self::SlipRateInvalid,
            Self::SlipRateAbovePlausible,
            Self::TimeStepInvalid,
            Self::SlipIncrementInvalid,
            Self::AreaInvalid,
            Self::BetaInvalid,
            Self::ShearStiffnessImplausible,
            Self::WarningMuReachesZero,
            Self::UnknownCoreError,
        ]
    }

    /// A static, NUL-terminated description.
    pub fn description(self) -> &'static core::ffi::CStr {
        match self {
            Self::Ok => c"ok",
            Self::NullPointer => c"null pointer argument",
            Self::Misaligned => c"misaligned pointer argument",
            Self::NotInitialized => {
                c"model not initialised (tribo_model_init failed or was not called)"
            }
            Self::TableTooLarge => c"table larger than TRIBO_MAX_TABLE_BYTES",
            Self::InvalidState => {
                c"state not written by a step (unknown contact value, bad beta or slip)"
            }
            Self::AbiVersionMismatch => {
                c"ABI version mismatch: routine built against another tribo.h / tribo.f90"
            }
            Self::ModelSizeMismatch => {
                c"model storage size mismatch: routine built against another tribo.h / tribo.f90"
            }
            Self::UnknownUnits => c"unknown unit system (not a TRIBO_UNITS_* value)",
            Self::Truncated => c"table truncated",
            Self::BadMagic => c"not a tribo table (bad magic)",
            Self::UnsupportedVersion => c"unsupported table format version",
            Self::CrcMismatch => c"table CRC-32 mismatch (corrupt table)",
            Self::Malformed => c"table payload malformed",
            Self::InvalidTable => c"table holds non-physical values",
            Self::BufferTooSmall => c"output buffer too small",
            Self::NonFiniteInput => c"non-finite input",
            Self::OutOfDomain => c"input outside its domain",
            Self::InvalidParameter => c"invalid parameter",
            Self::CflViolation => c"time step violates the CFL condition",
            Self::MissingSection => c"table section missing",
            Self::ImplausibleLaw => {
                c"table's friction law not physical over its domain (mu0 or mu out of bounds)"
            }
            Self::PressureInvalid => c"contact pressure NaN, infinite or negative",
            Self::PressureBelowPlausible => {
                c"contact pressure below the plausible minimum (units? e.g. MPa given to an SI model)"
            }
            Self::PressureAbovePlausible => {
                c"contact pressure above the plausible maximum (units? e.g. Pa given to an MPa model)"
            }
            Self::SlipRateInvalid => c"slip rate NaN or infinite",
            Self::SlipRateAbovePlausible => {
                c"slip rate above the plausible maximum (units? e.g. mm/s given as m/s)"
            }
            Self::TimeStepInvalid => c"time increment NaN, infinite, zero or negative",
            Self::SlipIncrementInvalid => {
                c"slip increment NaN, infinite or longer than the plausible maximum"
            }
            Self::AreaInvalid => c"contact area NaN, infinite or negative",
            Self::BetaInvalid => c"beta NaN, infinite or negative",
            Self::ShearStiffnessImplausible => {
                c"shear stiffness not finite or outside E*/1m .. E*/1um (units?)"
            }
            Self::WarningMuReachesZero => {
                c"warning: table without mu_p (format 1/2): mu reaches 0 at saturation; model built"
            }
            Self::UnknownCoreError => c"unknown core error",
        }
    }
}

/// A static, NUL-terminated English description of a status code (any int32_t: an unknown
/// code gives "unknown status code"). Never null; the caller must not free it.
#[unsafe(no_mangle)]
pub extern "C" fn tribo_status_name(code: i32) -> *const c_char {
    TriboStatus::all()
        .iter()
        .find(|s| **s as i32 == code)
        .map_or(c"unknown status code".as_ptr(), |s| {
            s.description().as_ptr()
        })
}

impl TriboStatus {
    /// Whether the code is a warning (50-59): the call succeeded.
    pub const fn is_warning(self) -> bool {
        matches!(self as i32, 50..=59)
    }
}

/// `Ok(())` as `TRIBO_STATUS_OK`, an error as its code.
pub(crate) fn status_of(r: Result<(), TriboStatus>) -> TriboStatus {
    match r {
        Ok(()) => TriboStatus::Ok,
        Err(s) => s,
    }
}
