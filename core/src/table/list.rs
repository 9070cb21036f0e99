//! Format 4's payload: the fixed head, then an append-only list of tagged sections.
//!
//! ```text
//! payload  = head section*
//! head     = postcard of (provenance, law, transport, alpha, beta_thres, clusters, cof,
//!            presliding, material)            -- the fields every table has
//! section  = tag u16 LE | len u32 LE | len bytes: postcard of the tag's section type
//! ```
//!
//! Tags ([`TAG_WEAR`], [`TAG_THIRD_BODY`], [`TAG_PARTICLE_SHEAR`], [`TAG_UNCERTAINTY`]) appear
//! at most once each, in strictly increasing order (a duplicate or a disordered tag is
//! [`Error::Malformed`]); an absent tag is a `None` section. A known tag's bytes must decode to
//! exactly its type (trailing bytes inside `len` are [`Error::Malformed`]): a section's layout
//! is frozen once written.
//!
//! **Why a list.** Before format 4 every optional section was an `Option` field of one postcard
//! struct, so each new section changed the layout, bumped the format and froze a copy of the
//! previous layout (`v1.rs` … `v3.rs`). Here a new section is a new tag: the head and the
//! existing sections stay byte-identical, and a reader **skips a tag it does not know**
//! (forward compatible: a format-4 reader reads a later format-4 table that carries a new
//! informational section). A section that changes μ must not be skipped silently: such a tag
//! has [`TAG_REQUIRED`] set, and a reader that does not know it refuses the table
//! ([`Error::Malformed`]) instead of evaluating another law. No tag of this core has it (the
//! particle-shear section predates the list and a format-3 reader never skipped it: it is
//! known to every format-4 reader).
//!
//! Cost: 6 bytes per present section. The list is bounded by the frame's announced length; no
//! heap is needed (each section decodes into its heapless type in place).

use serde::{Deserialize, Serialize};

use super::{
    AlphaSection, BetaThresSection, ClusterSection, MaterialIdentity, Provenance, Table,
    TransportSection,
};
use crate::cof_field::CofSection;
use crate::error::Error;
use crate::law::LawParams;
use crate::presliding::PreslidingSection;

/// Tag of the wear section K(p) ([`super::WearSection`]).
pub const TAG_WEAR: u16 = 1;
/// Tag of the third-body section μ_3b(T) ([`super::ThirdBodySection`]).
pub const TAG_THIRD_BODY: u16 = 2;
/// Tag of the particle-shear section μ_p ([`super::ParticleShearSection`]).
pub const TAG_PARTICLE_SHEAR: u16 = 3;
/// Tag of the uncertainty section ([`super::UncertaintySection`]).
pub const TAG_UNCERTAINTY: u16 = 4;
/// Bit of a tag whose section changes the law: a reader that does not know the tag refuses the
/// table instead of skipping the section.
pub const TAG_REQUIRED: u16 = 0x8000;
/// Bytes before a section's postcard bytes: tag (2) + length (4).
pub const SECTION_HEADER_BYTES: usize = 6;

/// The head as written (borrowed fields, same order as [`Head`]).
#[derive(Serialize)]
struct HeadRef<'a> {
    provenance: &'a Provenance,
    law: &'a LawParams,
    transport: &'a TransportSection,
    alpha: &'a AlphaSection,
    beta_thres: &'a BetaThresSection,
    clusters: &'a Option<ClusterSection>,
    cof: &'a CofSection,
    presliding: &'a PreslidingSection,
    material: &'a MaterialIdentity,
}

/// The head as read.
#[derive(Deserialize)]
struct Head {
    provenance: Provenance,
    law: LawParams,
    transport: TransportSection,
    alpha: AlphaSection,
    beta_thres: BetaThresSection,
    clusters: Option<ClusterSection>,
    cof: CofSection,
    presliding: PreslidingSection,
    material: MaterialIdentity,
}

fn serialize_error(e: postcard::Error) -> Error {
    match e {
        postcard::Error::SerializeBufferFull => Error::BufferTooSmall,
        _ => Error::Malformed,
    }
}

/// Writes one section (header and postcard bytes) at `out[at..]`; returns the end offset.
fn put_section<T: Serialize>(
    out: &mut [u8],
    at: usize,
    tag: u16,
    value: &T,
) -> Result<usize, Error> {
    let body_at = at
        .checked_add(SECTION_HEADER_BYTES)
        .ok_or(Error::BufferTooSmall)?;
    let body = out.get_mut(body_at..).ok_or(Error::BufferTooSmall)?;
    let n = postcard::to_slice(value, body)
        .map_err(serialize_error)?
        .len();
    let len = u32::try_from(n).map_err(|_| Error::BufferTooSmall)?;
    let header = out.get_mut(at..body_at).ok_or(Error::BufferTooSmall)?;
    let (tag_bytes, len_bytes) = header
        .split_at_mut_checked(2)
        .ok_or(Error::BufferTooSmall)?;
    tag_bytes.copy_from_slice(&tag.to_le_bytes());
    len_bytes.copy_from_slice(&len.to_le_bytes());
    body_at.checked_add(n).ok_or(Error::BufferTooSmall)
}

/// Writes a table's format-4 payload into `out`; returns its length.
pub(crate) fn encode_payload(t: &Table, out: &mut [u8]) -> Result<usize, Error> {
    let head = HeadRef {
        provenance: &t.provenance,
        law: &t.law,
        transport: &t.transport,
        alpha: &t.alpha,
        beta_thres: &t.beta_thres,
        clusters: &t.clusters,
        cof: &t.cof,
        presliding: &t.presliding,
        material: &t.material,
    };
    let mut at = postcard::to_slice(&head, out)
        .map_err(serialize_error)?
        .len();
    if let Some(s) = &t.wear {
        at = put_section(out, at, TAG_WEAR, s)?;
    }
    if let Some(s) = &t.third_body {
        at = put_section(out, at, TAG_THIRD_BODY, s)?;
    }
    if let Some(s) = &t.particle_shear {
        at = put_section(out, at, TAG_PARTICLE_SHEAR, s)?;
    }
    if let Some(s) = &t.uncertainty {
        at = put_section(out, at, TAG_UNCERTAINTY, s)?;
    }
    Ok(at)
}

/// Splits the next section off `bytes`: (tag, its postcard bytes, the rest).
fn next_section(bytes: &[u8]) -> Result<(u16, &[u8], &[u8]), Error> {
    let (header, rest) = bytes
        .split_at_checked(SECTION_HEADER_BYTES)
        .ok_or(Error::Malformed)?;
    let (tag, len) = match header {
        &[t0, t1, l0, l1, l2, l3] => (
            u16::from_le_bytes([t0, t1]),
            u32::from_le_bytes([l0, l1, l2, l3]),
        ),
        _ => return Err(Error::Malformed),
    };
    let len = usize::try_from(len).map_err(|_| Error::Malformed)?;
    let (body, rest) = rest.split_at_checked(len).ok_or(Error::Malformed)?;
    Ok((tag, body, rest))
}

/// Decodes exactly one `T` from `bytes` (trailing bytes are [`Error::Malformed`]).
fn decode_exact<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, Error> {
    match postcard::take_from_bytes::<T>(bytes) {
        Ok((value, [])) => Ok(value),
        _ => Err(Error::Malformed),
    }
}

/// Reads a format-4 payload (module doc); no physical validation.
pub(crate) fn decode_payload(payload: &[u8]) -> Result<Table, Error> {
    let (head, mut rest) =
        postcard::take_from_bytes::<Head>(payload).map_err(|_| Error::Malformed)?;
    let mut t = Table {
        provenance: head.provenance,
        law: head.law,
        transport: head.transport,
        alpha: head.alpha,
        beta_thres: head.beta_thres,
        clusters: head.clusters,
        cof: head.cof,
        presliding: head.presliding,
        wear: None,
        third_body: None,
        material: head.material,
        particle_shear: None,
        uncertainty: None,
    };
    let mut last: Option<u16> = None;
    while !rest.is_empty() {
        let (tag, body, after) = next_section(rest)?;
        if last.is_some_and(|previous| tag <= previous) {
            return Err(Error::Malformed);
        }
        last = Some(tag);
        match tag {
            TAG_WEAR => t.wear = Some(decode_exact(body)?),
            TAG_THIRD_BODY => t.third_body = Some(decode_exact(body)?),
            TAG_PARTICLE_SHEAR => t.particle_shear = Some(decode_exact(body)?),
            TAG_UNCERTAINTY => t.uncertainty = Some(decode_exact(body)?),
            unknown if unknown & TAG_REQUIRED != 0 => return Err(Error::Malformed),
            _ => {}
        }
        rest = after;
    }
    Ok(t)
}
