//! The core's one error type: a flat, `#[non_exhaustive]` enum.

/// Everything that can go wrong in `tribo-core`. Flat by design: no nested error types, so a
/// firmware can map each variant to an error code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Error {
    /// The table bytes end before the structure they announce.
    Truncated,
    /// The table does not start with the tribo magic bytes.
    BadMagic,
    /// The table's format version is not one this core reads.
    UnsupportedVersion {
        /// Version found in the header.
        found: u16,
    },
    /// The CRC-32 over the payload does not match the stored one.
    CrcMismatch,
    /// The payload decodes to something structurally invalid (bad lengths, bad enum tag, ...).
    Malformed,
    /// The payload decodes, but a value is non-physical (NaN, negative modulus, ...).
    InvalidTable,
    /// The caller's buffer is too small for the encoded table.
    BufferTooSmall,
    /// An input is NaN or infinite where a finite value is required.
    NonFiniteInput,
    /// An input is outside its documented domain (e.g. negative length).
    OutOfDomain,
    /// A parameter struct is inconsistent or non-physical.
    InvalidParameter,
    /// The explicit step would violate the CFL condition and sub-stepping is not allowed.
    CflViolation,
    /// The table section this function needs is empty.
    MissingSection,
    /// Every field of the table is within its own bound, but the friction law it defines is
    /// not physical as a whole: μ0 or μ over the table's own domain outside the documented
    /// bounds ([`crate::table::law_gate`]; [`crate::Table::plausibility`] gives the reason).
    ImplausibleLaw,
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::Truncated => f.write_str("table truncated"),
            Error::BadMagic => f.write_str("not a tribo table (bad magic)"),
            Error::UnsupportedVersion { found } => {
                write!(f, "unsupported table format version {found}")
            }
            Error::CrcMismatch => f.write_str("table CRC-32 mismatch (corrupt table)"),
            Error::Malformed => f.write_str("table payload malformed"),
            Error::InvalidTable => f.write_str("table holds non-physical values"),
            Error::BufferTooSmall => f.write_str("output buffer too small"),
            Error::NonFiniteInput => f.write_str("non-finite input"),
            Error::OutOfDomain => f.write_str("input outside its domain"),
            Error::InvalidParameter => f.write_str("invalid parameter"),
            Error::CflViolation => f.write_str("time step violates the CFL condition"),
            Error::MissingSection => f.write_str("table section missing"),
            Error::ImplausibleLaw => {
                f.write_str("the table's friction law is not physical over its own domain")
            }
        }
    }
}

impl core::error::Error for Error {}
