//! Format 4's section list: unknown tags are skipped, required unknown tags, duplicates,
//! disorder and torn sections are refused.

use super::super::list::{SECTION_HEADER_BYTES, TAG_REQUIRED, TAG_UNCERTAINTY, TAG_WEAR};
use super::*;

/// `payload[..n]` followed by a section (tag, bytes).
fn append(payload: &[u8], n: usize, tag: u16, body: &[u8]) -> std::vec::Vec<u8> {
    let mut out = payload[..n].to_vec();
    out.extend_from_slice(&tag.to_le_bytes());
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(body);
    out
}

/// Frames a payload of any length (a frame of more than [`MAX_TABLE_BYTES`] included).
fn framed(payload: &[u8]) -> std::vec::Vec<u8> {
    let mut buf = std::vec![0u8; HEADER_BYTES + payload.len() + TRAILER_BYTES];
    buf[HEADER_BYTES..HEADER_BYTES + payload.len()].copy_from_slice(payload);
    let n = frame_payload_in_place(&mut buf, payload.len()).unwrap();
    assert_eq!(n, buf.len());
    buf
}

#[test]
fn a_table_with_an_unknown_tag_decodes_to_the_same_table() {
    for t in [Table::filled_example(), Table::seed000_defaults()] {
        let (p, n) = raw_payload(&t);
        // A later writer's informational section: unknown here, skipped.
        let b = framed(&append(&p, n, 0x0100, b"a section of the future"));
        assert_eq!(Table::from_bytes(&b).unwrap(), t);
        // An empty unknown section is skipped too.
        let b = framed(&append(&p, n, 0x0101, &[]));
        assert_eq!(Table::from_bytes(&b).unwrap(), t);
    }
}

#[test]
fn an_unknown_section_that_changes_the_law_is_refused() {
    let (p, n) = raw_payload(&Table::filled_example());
    let b = framed(&append(&p, n, TAG_REQUIRED | 0x0100, b"mu changes"));
    assert_eq!(Table::from_bytes(&b), Err(Error::Malformed));
}

#[test]
fn duplicate_disordered_and_torn_sections_are_malformed() {
    let t = Table::filled_example();
    let (p, n) = raw_payload(&t);
    // The uncertainty section is the last one: find it from the end.
    let mut u = [0u8; MAX_TABLE_BYTES];
    let u_len = postcard::to_slice(t.uncertainty.as_ref().unwrap(), &mut u)
        .unwrap()
        .len();
    let u_at = n - u_len - SECTION_HEADER_BYTES;
    assert_eq!(&p[u_at..u_at + 2], &TAG_UNCERTAINTY.to_le_bytes());
    // Duplicate: the uncertainty section twice.
    let b = framed(&append(&p, n, TAG_UNCERTAINTY, &u[..u_len]));
    assert_eq!(Table::from_bytes(&b), Err(Error::Malformed));
    // Disorder: a wear tag after the uncertainty section.
    let b = framed(&append(&p, n, TAG_WEAR, &[]));
    assert_eq!(Table::from_bytes(&b), Err(Error::Malformed));
    // Torn: the last section's length one byte longer than what follows.
    let mut torn = p;
    torn[u_at + 2..u_at + 6].copy_from_slice(&(u_len as u32 + 1).to_le_bytes());
    let (b, len) = frame_raw(&torn[..n]);
    assert_eq!(Table::from_bytes(&b[..len]), Err(Error::Malformed));
    // A known section with a byte left over inside its length.
    let mut long = p;
    long[u_at + 2..u_at + 6].copy_from_slice(&(u_len as u32 + 1).to_le_bytes());
    let (b, len) = frame_raw(&long[..n + 1]);
    assert_eq!(Table::from_bytes(&b[..len]), Err(Error::Malformed));
    // A section header cut short.
    let (b, len) = frame_raw(&p[..n + 3]);
    assert_eq!(Table::from_bytes(&b[..len]), Err(Error::Malformed));
}

#[test]
fn every_section_present_or_absent_round_trips() {
    let full = Table::filled_example();
    for mask in 0..16u8 {
        let mut t = full.clone();
        if mask & 1 == 0 {
            t.wear = None;
        }
        if mask & 2 == 0 {
            t.third_body = None;
        }
        if mask & 4 == 0 {
            t.particle_shear = None;
        }
        if mask & 8 == 0 {
            t.uncertainty = None;
        }
        let (buf, n) = encode(&t);
        assert_eq!(Table::from_bytes(&buf[..n]).unwrap(), t, "mask {mask:#06b}");
        assert_eq!(Table::file_format_version(&buf[..n]), Ok(FORMAT_VERSION));
    }
}
