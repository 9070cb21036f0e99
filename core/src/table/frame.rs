//! The table's wire frame: magic, version, length, postcard payload, CRC-32 (layout in the
//! parent module's docs). Encoding and decoding are allocation-free and panic-free.

use super::Table;
use super::crc32::Crc32;
use super::v1::TableV1;
use super::v2::TableV2;
use super::v3::TableV3;
use crate::error::Error;

/// The four magic bytes that open every table.
pub const MAGIC: [u8; 4] = *b"TRBO";
/// The format version this core writes (and reads, besides formats 1–3). A new optional
/// section is a new tag of the section list ([`super::list`]), not a new format; bump the
/// format only on a change to the head's layout or to a written section's layout.
pub const FORMAT_VERSION: u16 = 4;
/// An older format this core still reads ([`super::v3`]).
pub const FORMAT_VERSION_3: u16 = 3;
/// An older format this core still reads ([`super::v2`]).
pub const FORMAT_VERSION_2: u16 = 2;
/// The oldest format this core still reads ([`super::v1`]).
pub const FORMAT_VERSION_1: u16 = 1;
/// Bytes before the payload: magic (4) + version (2) + payload length (4).
pub const HEADER_BYTES: usize = 10;
/// Bytes after the payload: the CRC-32.
pub const TRAILER_BYTES: usize = 4;

impl Table {
    /// Encodes the table into `buf` and returns the number of bytes written.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] or [`Error::ImplausibleLaw`] if the table does not pass
    /// [`Table::validate`] (an encoded table always decodes), [`Error::BufferTooSmall`] if
    /// `buf` cannot hold it (a buffer of [`super::MAX_TABLE_BYTES`] always can).
    /// Allocation-free.
    pub fn encode(&self, buf: &mut [u8]) -> Result<usize, Error> {
        self.validate()?;
        self.encode_unvalidated(buf)
    }

    /// Encodes the table **without** [`Table::validate`]: for tests and bad-input corpora that
    /// need the frame of a non-physical table with a valid CRC (as a tool that rewrites a
    /// value and recomputes the CRC would write). [`Table::from_bytes`] still refuses it.
    ///
    /// # Errors
    ///
    /// [`Error::BufferTooSmall`] when `buf` cannot hold the frame (a buffer of
    /// [`super::MAX_TABLE_BYTES`] always can); [`Error::Malformed`] if postcard refuses to
    /// serialise a value.
    pub fn encode_unvalidated(&self, buf: &mut [u8]) -> Result<usize, Error> {
        let body = buf.get_mut(HEADER_BYTES..).ok_or(Error::BufferTooSmall)?;
        let payload_len = super::list::encode_payload(self, body)?;
        frame_payload_in_place(buf, payload_len)
    }

    /// Decodes and validates a table; `bytes` must be exactly one frame (nothing after the
    /// CRC). See the parent module for the order of the checks and the error of each.
    ///
    /// # Errors
    ///
    /// In the order checked: [`Error::Truncated`] (header or announced payload longer than
    /// `bytes`), [`Error::BadMagic`], [`Error::UnsupportedVersion`], [`Error::Malformed`] (bytes
    /// after the CRC, a payload that does not decode or has bytes left over),
    /// [`Error::CrcMismatch`], then the physics of [`Table::validate`]: [`Error::InvalidTable`] for
    /// a non-physical or inconsistent field, [`Error::ImplausibleLaw`] for a law outside its bounds
    /// as a whole.
    pub fn from_bytes(bytes: &[u8]) -> Result<Table, Error> {
        let table = Self::decode_for_diagnosis(bytes)?;
        table.validate()?;
        Ok(table)
    }

    /// Decodes a frame (magic, version, CRC, layout) **without** the physical validation of
    /// [`Table::validate`]: only to explain why [`Table::from_bytes`] refused a table
    /// ([`Table::plausibility`] names the quantity). Never evaluate a table decoded this way.
    ///
    /// # Errors
    ///
    /// The frame errors of [`Table::from_bytes`] ([`Error::Truncated`], [`Error::BadMagic`],
    /// [`Error::UnsupportedVersion`], [`Error::Malformed`], [`Error::CrcMismatch`]), and
    /// [`Error::InvalidTable`] for a format-1 table whose sample vectors differ in length.
    pub fn decode_for_diagnosis(bytes: &[u8]) -> Result<Table, Error> {
        let (version, payload) = checked_payload(bytes)?;
        Ok(match version {
            FORMAT_VERSION_1 => decode_all::<TableV1>(payload)?
                .into_format2()?
                .into_format3()
                .into_format4(),
            FORMAT_VERSION_2 => decode_all::<TableV2>(payload)?
                .into_format3()
                .into_format4(),
            FORMAT_VERSION_3 => decode_all::<TableV3>(payload)?.into_format4(),
            _ => super::list::decode_payload(payload)?,
        })
    }

    /// The format version **of the file** `bytes` (not [`FORMAT_VERSION`], the one this core
    /// writes), after the frame's checks (magic, a version this core reads, length, CRC).
    ///
    /// # Errors
    ///
    /// The frame errors of [`Table::from_bytes`] ([`Error::Truncated`], [`Error::BadMagic`],
    /// [`Error::UnsupportedVersion`], [`Error::Malformed`], [`Error::CrcMismatch`]).
    pub fn file_format_version(bytes: &[u8]) -> Result<u16, Error> {
        checked_payload(bytes).map(|(version, _)| version)
    }
}

/// Writes the header and CRC around a payload of `payload_len` bytes already at
/// `buf[HEADER_BYTES..]`; returns the frame length.
pub(crate) fn frame_payload_in_place(buf: &mut [u8], payload_len: usize) -> Result<usize, Error> {
    let len_field = u32::try_from(payload_len).map_err(|_| Error::BufferTooSmall)?;
    let body_end = HEADER_BYTES
        .checked_add(payload_len)
        .ok_or(Error::BufferTooSmall)?;
    let total = body_end
        .checked_add(TRAILER_BYTES)
        .ok_or(Error::BufferTooSmall)?;
    if buf.len() < total {
        return Err(Error::BufferTooSmall);
    }
    let (head, tail) = buf
        .split_at_mut_checked(HEADER_BYTES)
        .ok_or(Error::BufferTooSmall)?;
    let (magic, rest) = head
        .split_at_mut_checked(MAGIC.len())
        .ok_or(Error::BufferTooSmall)?;
    let (version, len) = rest.split_at_mut_checked(2).ok_or(Error::BufferTooSmall)?;
    magic.copy_from_slice(&MAGIC);
    version.copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    len.get_mut(..4)
        .ok_or(Error::BufferTooSmall)?
        .copy_from_slice(&len_field.to_le_bytes());
    let mut crc = Crc32::new();
    crc.update(head);
    let (payload, trailer) = tail
        .split_at_mut_checked(payload_len)
        .ok_or(Error::BufferTooSmall)?;
    crc.update(payload);
    trailer
        .get_mut(..TRAILER_BYTES)
        .ok_or(Error::BufferTooSmall)?
        .copy_from_slice(&crc.finish().to_le_bytes());
    Ok(total)
}

/// Decodes exactly one `T` from `payload` (trailing bytes are [`Error::Malformed`]).
fn decode_all<'a, T: serde::Deserialize<'a>>(payload: &'a [u8]) -> Result<T, Error> {
    let (value, rest) = postcard::take_from_bytes::<T>(payload).map_err(|_| Error::Malformed)?;
    if rest.is_empty() {
        Ok(value)
    } else {
        Err(Error::Malformed)
    }
}

/// Checks header, length and CRC of a frame and returns its version and payload.
fn checked_payload(bytes: &[u8]) -> Result<(u16, &[u8]), Error> {
    let magic = bytes.get(0..4).ok_or(Error::Truncated)?;
    if magic != MAGIC {
        return Err(Error::BadMagic);
    }
    let version = read_u16(bytes, 4)?;
    if ![
        FORMAT_VERSION,
        FORMAT_VERSION_3,
        FORMAT_VERSION_2,
        FORMAT_VERSION_1,
    ]
    .contains(&version)
    {
        return Err(Error::UnsupportedVersion { found: version });
    }
    let payload_len = usize::try_from(read_u32(bytes, 6)?).map_err(|_| Error::Truncated)?;
    let body_end = HEADER_BYTES
        .checked_add(payload_len)
        .ok_or(Error::Truncated)?;
    let total = body_end
        .checked_add(TRAILER_BYTES)
        .ok_or(Error::Truncated)?;
    if bytes.len() < total {
        return Err(Error::Truncated);
    }
    if bytes.len() > total {
        return Err(Error::Malformed);
    }
    let body = bytes.get(..body_end).ok_or(Error::Truncated)?;
    let stored = read_u32(bytes, body_end)?;
    let mut crc = Crc32::new();
    crc.update(body);
    if crc.finish() != stored {
        return Err(Error::CrcMismatch);
    }
    let payload = body.get(HEADER_BYTES..).ok_or(Error::Truncated)?;
    Ok((version, payload))
}

fn read_u16(bytes: &[u8], at: usize) -> Result<u16, Error> {
    let end = at.checked_add(2).ok_or(Error::Truncated)?;
    match bytes.get(at..end) {
        Some(&[a, b]) => Ok(u16::from_le_bytes([a, b])),
        _ => Err(Error::Truncated),
    }
}

fn read_u32(bytes: &[u8], at: usize) -> Result<u32, Error> {
    let end = at.checked_add(4).ok_or(Error::Truncated)?;
    match bytes.get(at..end) {
        Some(&[a, b, c, d]) => Ok(u32::from_le_bytes([a, b, c, d])),
        _ => Err(Error::Truncated),
    }
}
