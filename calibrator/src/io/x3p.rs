//! ISO 25178-72 **X3P** height maps (the exchange format of confocal microscopes and
//! profilometers): a zip archive holding `main.xml` (ISO 5436-2 XML) and the binary point data.
//!
//! Read from `main.xml` (namespace-agnostic, by element name):
//! - `Record1/FeatureType` must be `SUR` (an areal map; profiles and point clouds are refused);
//! - `Record1/Axes/CX`, `CY`: `AxisType` `I` (incremental) with `Increment` = spacing \[m\];
//! - `Record1/Axes/CZ`: `AxisType` `A`, `DataType` `I` (i16), `L` (i32), `F` (f32) or `D` (f64),
//!   optional `Increment` and `Offset`: z \[m\] = Offset + Increment·raw (X3P lengths are metres);
//! - `Record3/MatrixDimension/SizeX`, `SizeY`, `SizeZ` (= 1);
//! - `Record3/DataLink/PointDataLink`: the zip entry of the little-endian point data, x running
//!   fastest, then y (row-major, as `crate::surface::HeightMap` stores heights); optional `ValidPointsLink`,
//!   one bit per point (LSB first), 0 = invalid.
//!
//! Invalid points (a cleared valid bit, or NaN in F/D data) are filled with the mean of the
//! valid heights and counted ([`X3pMap::invalid_points`]); a map with no valid point is an
//! error. The MD5 checksums of the archive are not verified (the zip's own CRC-32 is).
//!
//! **Inflation bound** (issue 46: a 2 MB archive whose `main.xml` inflated to 2 GiB was
//! accepted at 2.1 GB RSS): `main.xml` is inflated up to [`MAX_MAIN_XML_BYTES`] only, and the
//! point data up to the size its declared grid needs, which must itself be within the memory
//! budget ([`set_inflate_limit`], set from `TRIBO_MEMORY_BUDGET` at the start of every command).

use std::io::{Cursor, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

/// What is wrong with an X3P archive.
#[derive(Debug, Error, PartialEq)]
pub enum X3pProblem {
    /// Not a readable zip archive.
    #[error("not a zip archive ({0}); an X3P file is a zip with main.xml")]
    NotZip(String),
    /// A zip entry is missing or unreadable.
    #[error("zip entry '{0}' is missing or unreadable")]
    Entry(String),
    /// `main.xml` is not well-formed XML.
    #[error("main.xml is not valid XML: {0}")]
    Xml(String),
    /// A required element is missing.
    #[error("main.xml has no {0}")]
    Missing(&'static str),
    /// An element holds a value that cannot be used.
    #[error("main.xml: {field} = '{value}' ({why})")]
    Value {
        /// Element path.
        field: &'static str,
        /// Text found.
        value: String,
        /// Why it cannot be used.
        why: &'static str,
    },
    /// The point data has the wrong length.
    #[error("point data '{entry}' has {got} bytes, {expected} expected for the declared grid")]
    Size {
        /// Zip entry.
        entry: String,
        /// Bytes expected.
        expected: usize,
        /// Bytes found.
        got: usize,
    },
    /// The declared grid is not a valid height map.
    #[error("{0}")]
    Grid(String),
    /// No finite, valid height.
    #[error("no valid height in the map")]
    NoValidPoint,
    /// The file could not be read or written.
    #[error("{0}")]
    Io(String),
    /// An entry inflates beyond what it may hold.
    #[error("zip entry '{entry}' inflates beyond {limit} bytes ({why})")]
    Inflates {
        /// Zip entry.
        entry: String,
        /// The bound \[B\].
        limit: u64,
        /// Why that bound.
        why: &'static str,
    },
}

/// Largest `main.xml` inflated \[B\]: 16 MiB. The metadata of an X3P map is a few kB
/// (ISO 5436-2 Record1–4); its XML tree takes several times its text in memory.
pub const MAX_MAIN_XML_BYTES: u64 = 16 * 1024 * 1024;

/// The memory budget \[B\] bounding the point data inflated from an archive (default 4 GiB,
/// the calibrator's default budget).
static INFLATE_LIMIT: AtomicU64 = AtomicU64::new(4 * 1024 * 1024 * 1024);

/// Sets the bound of the point data inflated from an archive \[B\] (the memory budget;
/// `crate::validate::env::check` sets it at the start of every command).
pub fn set_inflate_limit(bytes: u64) {
    INFLATE_LIMIT.store(bytes, Ordering::Relaxed);
}

/// An X3P error naming the file.
#[derive(Debug, Error, PartialEq)]
#[error("X3P file {path}: {problem}")]
pub struct X3pError {
    /// The file.
    pub path: String,
    /// What is wrong.
    pub problem: X3pProblem,
}

/// A height map read from X3P: a plain grid (the surface module makes it a height map).
#[derive(Debug, Clone, PartialEq)]
pub struct X3pMap {
    /// Points along x.
    pub nx: usize,
    /// Points along y.
    pub ny: usize,
    /// Spacing along x \[m\].
    pub dx: f64,
    /// Spacing along y \[m\].
    pub dy: f64,
    /// Heights \[m\], row-major (`heights[iy * nx + ix]`), all finite.
    pub heights: Vec<f64>,
    /// Points that were invalid and filled with the mean height.
    pub invalid_points: usize,
}

/// Largest height increment of the CZ axis \[m per stored unit\] (issue 32: an absurd
/// increment turned heights into ±∞ and a panic): heights stored in metres take 1, integer
/// data 1e-9–1e-6; more than a metre per unit is no surface measurement.
const MAX_Z_INCREMENT_M: f64 = 1.0;

/// Largest |offset| of the CZ axis \[m\]: a profilometer's height range is millimetres.
const MAX_Z_OFFSET_M: f64 = 1.0;

/// Element names of `main.xml`.
const PATH_FEATURE: &str = "Record1/FeatureType";
const PATH_SIZE_X: &str = "Record3/MatrixDimension/SizeX";
const PATH_SIZE_Y: &str = "Record3/MatrixDimension/SizeY";
const PATH_SIZE_Z: &str = "Record3/MatrixDimension/SizeZ";
const PATH_LINK: &str = "Record3/DataLink/PointDataLink";
const PATH_VALID: &str = "Record3/DataLink/ValidPointsLink";
const PATH_CX_TYPE: &str = "Record1/Axes/CX/AxisType";
const PATH_CY_TYPE: &str = "Record1/Axes/CY/AxisType";
const PATH_CX_INC: &str = "Record1/Axes/CX/Increment";
const PATH_CY_INC: &str = "Record1/Axes/CY/Increment";
const PATH_CZ_TYPE: &str = "Record1/Axes/CZ/DataType";
const PATH_CZ_INC: &str = "Record1/Axes/CZ/Increment";
const PATH_CZ_OFF: &str = "Record1/Axes/CZ/Offset";

/// Reads an X3P file (see the module docs).
///
/// # Errors
///
/// [`X3pError`] naming `path`, with [`X3pProblem::Io`] when the file cannot be read or any problem
/// of [`parse_x3p`].
pub fn read_x3p(path: &Path) -> Result<X3pMap, X3pError> {
    let named = |problem| X3pError {
        path: path.display().to_string(),
        problem,
    };
    let bytes = std::fs::read(path).map_err(|e| named(X3pProblem::Io(e.to_string())))?;
    parse_x3p(&bytes).map_err(named)
}

/// Parses an X3P archive held in memory.
///
/// # Errors
///
/// [`X3pProblem::NotZip`] for bytes that are no zip archive; [`X3pProblem::Entry`] for a missing or
/// unreadable entry; [`X3pProblem::Xml`] for a `main.xml` that is not UTF-8 or well-formed;
/// [`X3pProblem::Missing`] for a required element absent; [`X3pProblem::Value`] for a feature other
/// than `SUR`, an axis that is not incremental, a z size other than 1, or a size, spacing or data
/// type that cannot be used; [`X3pProblem::Size`] for point data of the wrong length;
/// [`X3pProblem::Grid`] when the grid is no valid height map; [`X3pProblem::NoValidPoint`] when no
/// height is finite and valid.
pub fn parse_x3p(bytes: &[u8]) -> Result<X3pMap, X3pProblem> {
    let mut zip =
        zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| X3pProblem::NotZip(e.to_string()))?;
    let xml_bytes = entry(
        &mut zip,
        "main.xml",
        MAX_MAIN_XML_BYTES,
        "X3P metadata is kB",
    )?;
    let xml = String::from_utf8(xml_bytes).map_err(|e| X3pProblem::Xml(e.to_string()))?;
    let doc = roxmltree::Document::parse(&xml).map_err(|e| X3pProblem::Xml(e.to_string()))?;
    let root = doc.root_element();
    let text = |p: &'static str| find(root, p).ok_or(X3pProblem::Missing(p));
    let feature = text(PATH_FEATURE)?;
    if feature != "SUR" {
        return Err(X3pProblem::Value {
            field: PATH_FEATURE,
            value: feature,
            why: "only areal maps (SUR) are height maps",
        });
    }
    for axis in [PATH_CX_TYPE, PATH_CY_TYPE] {
        let t = text(axis)?;
        if t != "I" {
            return Err(X3pProblem::Value {
                field: axis,
                value: t,
                why: "only incremental (equally spaced) x and y axes are supported",
            });
        }
    }
    let nx = size(&text(PATH_SIZE_X)?, PATH_SIZE_X)?;
    let ny = size(&text(PATH_SIZE_Y)?, PATH_SIZE_Y)?;
    let nz = size(&text(PATH_SIZE_Z)?, PATH_SIZE_Z)?;
    if nz != 1 {
        return Err(X3pProblem::Value {
            field: PATH_SIZE_Z,
            value: nz.to_string(),
            why: "layered (volumetric) data is not a height map",
        });
    }
    let dx = spacing(&text(PATH_CX_INC)?, PATH_CX_INC)?;
    let dy = spacing(&text(PATH_CY_INC)?, PATH_CY_INC)?;
    let dtype = text(PATH_CZ_TYPE)?;
    let width = match dtype.as_str() {
        "I" => 2,
        "L" => 4,
        "F" => 4,
        "D" => 8,
        _ => {
            return Err(X3pProblem::Value {
                field: PATH_CZ_TYPE,
                value: dtype,
                why: "expected I, L, F or D",
            });
        }
    };
    let z_inc = optional_number(find(root, PATH_CZ_INC), PATH_CZ_INC, 1.0)?;
    let z_off = optional_number(find(root, PATH_CZ_OFF), PATH_CZ_OFF, 0.0)?;
    if !(z_inc > 0.0 && z_inc <= MAX_Z_INCREMENT_M) {
        return Err(X3pProblem::Value {
            field: PATH_CZ_INC,
            value: format!("{z_inc:e}"),
            why: "a height increment must be > 0 and at most 1 m per stored unit (X3P lengths \
                  are metres: 1 for heights stored in m, 1e-9 for integer nm)",
        });
    }
    if z_off.abs() > MAX_Z_OFFSET_M {
        return Err(X3pProblem::Value {
            field: PATH_CZ_OFF,
            value: format!("{z_off:e}"),
            why: "a height offset must be within ±1 m (X3P lengths are metres)",
        });
    }
    let link = text(PATH_LINK)?;
    let n = nx.checked_mul(ny).ok_or(X3pProblem::Value {
        field: PATH_SIZE_X,
        value: format!("{nx} × {ny}"),
        why: "grid too large",
    })?;
    let expected = n.saturating_mul(width);
    // The declared grid's heights (f64 per point, besides the raw data) within the budget.
    let budget = INFLATE_LIMIT.load(Ordering::Relaxed);
    if (n as f64) * (width as f64 + 2.0 * 8.0) > budget as f64 {
        return Err(X3pProblem::Value {
            field: PATH_SIZE_X,
            value: format!("{nx} × {ny}"),
            why: "the grid's point data and heights exceed the memory budget \
                  (TRIBO_MEMORY_BUDGET)",
        });
    }
    // One byte more than declared, so a longer entry is reported as such.
    let data = entry(
        &mut zip,
        &link,
        expected as u64 + 1,
        "the declared grid's point data",
    )?;
    if data.len() != expected {
        return Err(X3pProblem::Size {
            entry: link,
            expected,
            got: data.len(),
        });
    }
    let valid_bits = match find(root, PATH_VALID) {
        Some(l) => {
            let bits = entry(&mut zip, &l, n.div_ceil(8) as u64 + 1, "one bit per point")?;
            if bits.len() != n.div_ceil(8) {
                return Err(X3pProblem::Size {
                    entry: l,
                    expected: n.div_ceil(8),
                    got: bits.len(),
                });
            }
            Some(bits)
        }
        None => None,
    };
    let raw = |k: usize| -> f64 {
        let b = &data[k * width..(k + 1) * width];
        match width {
            2 => f64::from(i16::from_le_bytes([b[0], b[1]])),
            8 => f64::from_le_bytes(b.try_into().unwrap_or([0; 8])),
            _ if dtype == "L" => f64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            _ => f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        }
    };
    let mut h: Vec<Option<f64>> = (0..n)
        .map(|k| {
            let valid = valid_bits
                .as_ref()
                .is_none_or(|bits| bits[k / 8] & (1 << (k % 8)) != 0);
            let z = z_off + z_inc * raw(k);
            (valid && z.is_finite()).then_some(z)
        })
        .collect();
    let good: Vec<f64> = h.iter().flatten().copied().collect();
    if good.is_empty() {
        return Err(X3pProblem::NoValidPoint);
    }
    let mean = good.iter().sum::<f64>() / good.len() as f64;
    let invalid_points = n - good.len();
    let heights = h.iter_mut().map(|z| z.unwrap_or(mean)).collect();
    Ok(X3pMap {
        nx,
        ny,
        dx,
        dy,
        heights,
        invalid_points,
    })
}

/// The bytes of an X3P archive of the grid `map` with f64 heights (`DataType` D) in metres:
/// the format [`parse_x3p`] reads, for exporting maps and for tests (`invalid_points` is not
/// written).
///
/// # Errors
/// The zip writer's message, should it fail to write into memory.
pub fn x3p_bytes(map: &X3pMap) -> Result<Vec<u8>, String> {
    let data: Vec<u8> = map.heights.iter().flat_map(|z| z.to_le_bytes()).collect();
    let xml = main_xml(map.nx, map.ny, map.dx, map.dy);
    let mut out = Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, body) in [("main.xml", xml.as_bytes()), ("bindata/data.bin", &data)] {
            zip.start_file(name, opts).map_err(|e| e.to_string())?;
            zip.write_all(body).map_err(|e| e.to_string())?;
        }
        zip.finish().map_err(|e| e.to_string())?;
    }
    Ok(out.into_inner())
}

fn main_xml(nx: usize, ny: usize, dx: f64, dy: f64) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<p:ISO5436_2 xmlns:p="http://www.opengps.eu/2008/ISO5436_2">
  <Record1>
    <Revision>ISO5436 - 2000</Revision>
    <FeatureType>SUR</FeatureType>
    <Axes>
      <CX><AxisType>I</AxisType><DataType>D</DataType><Increment>{dx:e}</Increment><Offset>0</Offset></CX>
      <CY><AxisType>I</AxisType><DataType>D</DataType><Increment>{dy:e}</Increment><Offset>0</Offset></CY>
      <CZ><AxisType>A</AxisType><DataType>D</DataType><Increment>1</Increment><Offset>0</Offset></CZ>
    </Axes>
  </Record1>
  <Record2><Creator>tribo</Creator></Record2>
  <Record3>
    <MatrixDimension><SizeX>{nx}</SizeX><SizeY>{ny}</SizeY><SizeZ>1</SizeZ></MatrixDimension>
    <DataLink><PointDataLink>bindata/data.bin</PointDataLink></DataLink>
  </Record3>
</p:ISO5436_2>
"#
    )
}

/// The entry `name` inflated up to `limit` bytes; an entry that inflates to more (a zip bomb)
/// is refused without being inflated further.
fn entry<R: Read + std::io::Seek>(
    zip: &mut zip::ZipArchive<R>,
    name: &str,
    limit: u64,
    why: &'static str,
) -> Result<Vec<u8>, X3pProblem> {
    let f = zip
        .by_name(name)
        .map_err(|_| X3pProblem::Entry(name.to_string()))?;
    let mut v = Vec::new();
    f.take(limit.saturating_add(1))
        .read_to_end(&mut v)
        .map_err(|e| X3pProblem::Entry(format!("{name}: {e}")))?;
    if v.len() as u64 > limit {
        return Err(X3pProblem::Inflates {
            entry: name.to_string(),
            limit,
            why,
        });
    }
    Ok(v)
}

/// Text of the element at `path` (names separated by '/') below `root`.
fn find(root: roxmltree::Node<'_, '_>, path: &str) -> Option<String> {
    let mut node = root;
    for name in path.split('/') {
        node = node
            .children()
            .find(|c| c.is_element() && c.tag_name().name() == name)?;
    }
    Some(node.text().unwrap_or("").trim().to_string())
}

fn size(s: &str, field: &'static str) -> Result<usize, X3pProblem> {
    match s.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(X3pProblem::Value {
            field,
            value: s.to_string(),
            why: "expected a positive whole number",
        }),
    }
}

fn spacing(s: &str, field: &'static str) -> Result<f64, X3pProblem> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(X3pProblem::Value {
            field,
            value: s.to_string(),
            why: "expected a positive spacing in metres",
        }),
    }
}

fn optional_number(
    s: Option<String>,
    field: &'static str,
    default: f64,
) -> Result<f64, X3pProblem> {
    match s.as_deref() {
        None | Some("") => Ok(default),
        Some(t) => t
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or(X3pProblem::Value {
                field,
                value: t.to_string(),
                why: "expected a finite number",
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> X3pMap {
        let (nx, ny, dx, dy) = (5, 3, 0.5e-6, 0.25e-6);
        let heights = (0..nx * ny)
            .map(|k| {
                let (x, y) = ((k % nx) as f64 * dx, (k / nx) as f64 * dy);
                1e-6 * (x * 3e5).sin() + y
            })
            .collect();
        X3pMap {
            nx,
            ny,
            dx,
            dy,
            heights,
            invalid_points: 0,
        }
    }

    #[test]
    fn round_trip_keeps_heights_spacings_and_order_bit_for_bit() {
        let m = sample();
        let back = parse_x3p(&x3p_bytes(&m).unwrap()).unwrap();
        assert_eq!(back.invalid_points, 0);
        assert_eq!(back, m, "f64 data must come back exactly");
    }

    #[test]
    fn integer_data_with_increment_offset_and_a_valid_mask() {
        // 3 × 2 grid of i16 raw values r, z = 1e-3 + 1e-9·r; point 4 invalid in the mask.
        let raw: [i16; 6] = [0, 10, -10, 100, 7, 5];
        let xml = main_xml(3, 2, 1e-6, 2e-6)
            .replace(
                "<CZ><AxisType>A</AxisType><DataType>D</DataType><Increment>1</Increment><Offset>0</Offset></CZ>",
                "<CZ><AxisType>A</AxisType><DataType>I</DataType><Increment>1e-9</Increment><Offset>1e-3</Offset></CZ>",
            )
            .replace(
                "</PointDataLink>",
                "</PointDataLink><ValidPointsLink>bindata/valid.bin</ValidPointsLink>",
            );
        let data: Vec<u8> = raw.iter().flat_map(|r| r.to_le_bytes()).collect();
        let bytes = zip_of(&[
            ("main.xml", xml.as_bytes()),
            ("bindata/data.bin", &data),
            ("bindata/valid.bin", &[0b0010_1111]),
        ]);
        let m = parse_x3p(&bytes).unwrap();
        assert_eq!(m.invalid_points, 1);
        let valid = [0.0, 10.0, -10.0, 100.0, 5.0];
        let mean = 1e-3 + 1e-9 * valid.iter().sum::<f64>() / 5.0;
        let want = [0.0, 10.0, -10.0, 100.0, f64::NAN, 5.0];
        for (k, w) in want.iter().enumerate() {
            let z = m.heights[k];
            let w = if w.is_nan() { mean } else { 1e-3 + 1e-9 * w };
            // z = Offset + Increment·raw in f64: a few ulps of 1e-3.
            assert!((z - w).abs() < 1e-15, "point {k}: {z} vs {w}");
        }
        assert_eq!((m.dx, m.dy), (1e-6, 2e-6));
    }

    #[test]
    fn malformed_archives_say_what_is_wrong() {
        let m = sample();
        let good = main_xml(5, 3, 0.5e-6, 0.25e-6);
        let data: Vec<u8> = m.heights.iter().flat_map(|z| z.to_le_bytes()).collect();
        assert!(matches!(parse_x3p(b"hello"), Err(X3pProblem::NotZip(_))));
        let no_xml = zip_of(&[("bindata/data.bin", &data)]);
        assert_eq!(
            parse_x3p(&no_xml),
            Err(X3pProblem::Entry("main.xml".into()))
        );
        let short = zip_of(&[
            ("main.xml", good.as_bytes()),
            ("bindata/data.bin", &data[8..]),
        ]);
        assert!(matches!(
            parse_x3p(&short),
            Err(X3pProblem::Size {
                expected: 120,
                got: 112,
                ..
            })
        ));
        let profile = good.replace("<FeatureType>SUR", "<FeatureType>PRF");
        let e = parse_x3p(&zip_of(&[
            ("main.xml", profile.as_bytes()),
            ("bindata/data.bin", &data),
        ]))
        .unwrap_err();
        assert!(e.to_string().contains("SUR"), "{e}");
        let bad_inc = good.replace("<Increment>5e-7</Increment>", "<Increment>-1</Increment>");
        let e = parse_x3p(&zip_of(&[
            ("main.xml", bad_inc.as_bytes()),
            ("bindata/data.bin", &data),
        ]))
        .unwrap_err();
        assert!(e.to_string().contains("CX/Increment = '-1'"), "{e}");
        let broken = zip_of(&[("main.xml", b"<a><b></a>"), ("bindata/data.bin", &data)]);
        assert!(matches!(parse_x3p(&broken), Err(X3pProblem::Xml(_))));
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("scan.x3p");
        std::fs::write(&p, b"PK junk").unwrap();
        let e = read_x3p(&p).unwrap_err().to_string();
        assert!(e.starts_with("X3P file ") && e.contains("scan.x3p"), "{e}");
    }

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        let mut zip = zip::ZipWriter::new(&mut out);
        for (name, body) in entries {
            zip.start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            zip.write_all(body).unwrap();
        }
        zip.finish().unwrap();
        out.into_inner()
    }

    /// Issue 32: an absurd (or zero, or negative) height increment is refused by name, with the
    /// element and value, and through `read_x3p` with the file.
    #[test]
    fn a_main_xml_bomb_is_refused_without_inflating_it_whole() {
        // 64 MiB of spaces deflate to ≈ 64 kB.
        let big = vec![b' '; 64 * 1024 * 1024];
        let bytes = zip_of(&[("main.xml", &big)]);
        assert!(bytes.len() < 1024 * 1024, "{}", bytes.len());
        let e = parse_x3p(&bytes).unwrap_err();
        assert!(
            matches!(e, X3pProblem::Inflates { ref entry, .. } if entry == "main.xml"),
            "{e}"
        );
    }

    #[test]
    fn absurd_height_increment_or_offset_is_refused_by_name() {
        let m = sample();
        let data: Vec<u8> = m.heights.iter().flat_map(|z| z.to_le_bytes()).collect();
        let cz = "<Increment>1</Increment><Offset>0</Offset></CZ>";
        let good = main_xml(5, 3, 0.5e-6, 0.25e-6);
        assert!(good.contains(cz), "fixture changed: {good}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("absurd.x3p");
        for (inc, off, named) in [
            ("1e300", "0", "CZ/Increment = '1e300'"),
            ("0", "0", "CZ/Increment = '0e0'"),
            ("-1e-9", "0", "CZ/Increment = '-1e-9'"),
            ("1", "5e3", "CZ/Offset = '5e3'"),
        ] {
            let xml = good.replace(
                cz,
                &format!("<Increment>{inc}</Increment><Offset>{off}</Offset></CZ>"),
            );
            let bytes = zip_of(&[("main.xml", xml.as_bytes()), ("bindata/data.bin", &data)]);
            std::fs::write(&path, &bytes).unwrap();
            let e = read_x3p(&path).unwrap_err().to_string();
            assert!(e.contains("absurd.x3p") && e.contains(named), "{e}");
        }
    }
}
