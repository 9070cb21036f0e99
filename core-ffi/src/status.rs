//! Status codes of every entry point: the core's flat [`Error`] mirrored one to one, plus the
//! failures only a C caller can cause (null or misaligned pointers, an uninitialised model, a
//! node state that no step could have written).

use core::ffi::c_char;

use tribo_core::Error;

/// Result of every `tribo_*` function. `TRIBO_STATUS_OK` (0) is success; every other value is
/// an error and the function has written nothing (outputs and state are left as they were).
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TriboStatus {
    /// Success.
    Ok = 0,
    /// A required pointer argument is null.
    NullPointer = 1,
    /// A pointer is not aligned for its type (`TriboModel` needs 8 bytes).
    Misaligned = 2,
    /// The model storage does not hold a model built by a successful `tribo_model_init`.
    NotInitialized = 3,
    /// The table length is larger than any table (`TRIBO_MAX_TABLE_BYTES`).
    TableTooLarge = 4,
    /// The node state's `contact` field is not one of the `TRIBO_CONTACT_*` values.
    InvalidState = 5,
    /// Core: the table bytes end before the structure they announce.
    Truncated = 10,
    /// Core: the bytes do not start with the tribo magic `TRBO`.
    BadMagic = 11,
    /// Core: a table format version this library does not read.
    UnsupportedVersion = 12,
    /// Core: the CRC-32 over the table does not match (corrupt table).
    CrcMismatch = 13,
    /// Core: the table payload is structurally invalid.
    Malformed = 14,
    /// Core: the table decodes but holds non-physical values.
    InvalidTable = 15,
    /// Core: an output buffer is too small.
    BufferTooSmall = 16,
    /// Core: a non-finite input where a finite one is required (e.g. a NaN slip rate).
    NonFiniteInput = 17,
    /// Core: an input outside its domain.
    OutOfDomain = 18,
    /// Core: an inconsistent or non-physical parameter (e.g. a negative time increment or
    /// shear stiffness).
    InvalidParameter = 19,
    /// Core: the transport step violates the CFL condition beyond its sub-stepping limit.
    CflViolation = 20,
    /// Core: a table section the function needs is missing.
    MissingSection = 21,
    /// Core: an error this library version does not know (the core's enum is non-exhaustive).
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
            _ => Self::UnknownCoreError,
        }
    }
}

impl TriboStatus {
    /// Every status, for the exhaustive tests (a function, not an associated constant, so
    /// that cbindgen does not export it).
    pub const fn all() -> [TriboStatus; 19] {
        [
            Self::Ok,
            Self::NullPointer,
            Self::Misaligned,
            Self::NotInitialized,
            Self::TableTooLarge,
            Self::InvalidState,
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
            Self::InvalidState => c"node state holds an unknown contact value",
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
            Self::UnknownCoreError => c"unknown core error",
        }
    }
}

/// A static, NUL-terminated English description of a status code (any `int32_t`: an unknown
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

/// `Ok(())` as `TRIBO_STATUS_OK`, an error as its code.
pub(crate) fn status_of(r: Result<(), TriboStatus>) -> TriboStatus {
    match r {
        Ok(()) => TriboStatus::Ok,
        Err(s) => s,
    }
}
