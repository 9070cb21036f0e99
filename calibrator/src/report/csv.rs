//! CSV tables of numbers (and optional text columns), written atomically.

use std::fmt::Write as _;
use std::io;
use std::path::Path;

use super::atomic::write_atomic;

/// A CSV table built row by row. Numbers are written in Rust's shortest round-trip form, so a
/// CSV re-read gives the same `f64` bit for bit.
#[derive(Debug, Clone)]
pub struct CsvTable {
    header: Vec<String>,
    body: String,
    rows: usize,
}

/// One cell of a mixed row.
#[derive(Debug, Clone)]
pub enum Cell<'a> {
    /// A number.
    Num(f64),
    /// An integer.
    Int(i64),
    /// Text (quoted if it holds a comma, quote or newline).
    Text(&'a str),
}

impl CsvTable {
    /// A table with the given column names (put units in the names: `p_MPa`, `A_over_A0`).
    pub fn new<S: AsRef<str>>(header: &[S]) -> Self {
        Self {
            header: header.iter().map(|s| s.as_ref().to_owned()).collect(),
            body: String::new(),
            rows: 0,
        }
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.header.len()
    }

    /// Number of data rows so far.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Appends a row of numbers. Panics if the row length differs from the header (a
    /// programming error, not a user-input error).
    ///
    /// # Panics
    ///
    /// If `row` has another length than the header.
    pub fn push(&mut self, row: &[f64]) {
        assert_eq!(row.len(), self.header.len(), "CSV row length");
        for (i, v) in row.iter().enumerate() {
            if i > 0 {
                self.body.push(',');
            }
            let _ = write!(self.body, "{v}");
        }
        self.body.push('\n');
        self.rows += 1;
    }

    /// Appends a row of mixed cells.
    ///
    /// # Panics
    ///
    /// If `row` has another length than the header.
    pub fn push_cells(&mut self, row: &[Cell<'_>]) {
        assert_eq!(row.len(), self.header.len(), "CSV row length");
        for (i, c) in row.iter().enumerate() {
            if i > 0 {
                self.body.push(',');
            }
            match c {
                Cell::Num(v) => {
                    let _ = write!(self.body, "{v}");
                }
                Cell::Int(v) => {
                    let _ = write!(self.body, "{v}");
                }
                Cell::Text(t) => push_text(&mut self.body, t),
            }
        }
        self.body.push('\n');
        self.rows += 1;
    }

    /// A table from equally long columns.
    ///
    /// # Panics
    ///
    /// If `columns` and `header` differ in count or the columns in length.
    pub fn from_columns<S: AsRef<str>>(header: &[S], columns: &[&[f64]]) -> Self {
        assert_eq!(header.len(), columns.len(), "CSV column count");
        let n = columns.first().map_or(0, |c| c.len());
        assert!(columns.iter().all(|c| c.len() == n), "CSV column lengths");
        let mut t = Self::new(header);
        let mut row = vec![0.0; columns.len()];
        for i in 0..n {
            for (r, c) in row.iter_mut().zip(columns) {
                *r = c[i];
            }
            t.push(&row);
        }
        t
    }

    /// The CSV text.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(self.body.len() + 64);
        for (i, h) in self.header.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            push_text(&mut s, h);
        }
        s.push('\n');
        s.push_str(&self.body);
        s
    }

    /// Writes the table atomically to `path`.
    ///
    /// # Errors
    ///
    /// As [`write_atomic_with`](super::write_atomic_with): a refused output path or the system's
    /// error while writing.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        write_atomic(path, self.to_text().as_bytes())
    }
}

fn push_text(out: &mut String, t: &str) {
    if t.contains([',', '"', '\n']) {
        out.push('"');
        out.push_str(&t.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_exactly() {
        let xs = [0.1, 1.0 / 3.0, -2.5e-17, 6.02e23];
        let t = CsvTable::from_columns(&["x"], &[&xs]);
        let text = t.to_text();
        let back: Vec<f64> = text.lines().skip(1).map(|l| l.parse().unwrap()).collect();
        assert_eq!(back, xs);
    }

    #[test]
    fn text_cells_are_quoted() {
        let mut t = CsvTable::new(&["name", "n"]);
        t.push_cells(&[Cell::Text("a,\"b\""), Cell::Int(3)]);
        assert_eq!(t.to_text(), "name,n\n\"a,\"\"b\"\"\",3\n");
    }
}
