//! The one reader of CSV and plain-text tables the calibrator takes in (height maps, flake
//! placements, junction areas, case histories), built on the `csv` crate (issue 20: five
//! hand-written readers disagreed on a BOM and on `;`).
//!
//! **Policy** (the same for every file):
//! - UTF-8 text; a leading byte-order mark (spreadsheet exports) is dropped;
//! - blank lines, and lines whose first non-blank character is `#`, are comments;
//! - **one delimiter per file**, taken from its first non-comment line: `;` if that line holds
//!   one, else `,`, else runs of spaces and tabs (plain-text and tab-separated matrices). `;`
//!   wins over `,` because a `;` file from a decimal-comma locale holds commas in its numbers;
//! - one record per line; cells are trimmed; in `;` and `,` files a cell may be quoted
//!   (`"a,b"`, RFC 4180) but never spans two lines;
//! - numbers take a decimal point: `1,5` is refused with a hint, never read as two cells of a
//!   `;` file or as a different number;
//! - every error names the file (or the caller's name for in-memory text) and the 1-based
//!   line, and the column for a cell.

use std::path::Path;

use thiserror::Error;

use super::text::strip_bom;

/// How the cells of a file are separated (see the module's policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delimiter {
    /// `;`
    Semicolon,
    /// `,`
    Comma,
    /// Runs of spaces and tabs.
    Whitespace,
}

impl Delimiter {
    /// The delimiter of a file whose first non-comment line is `line`.
    pub fn sniff(line: &str) -> Self {
        if line.contains(';') {
            Self::Semicolon
        } else if line.contains(',') {
            Self::Comma
        } else {
            Self::Whitespace
        }
    }

    fn byte(self) -> u8 {
        match self {
            Self::Semicolon => b';',
            Self::Comma => b',',
            Self::Whitespace => b' ',
        }
    }
}

/// Errors reading a table; each names the file and line.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TextTableError {
    /// The file could not be read.
    #[error("cannot read {file}: {message}")]
    Io {
        /// File path.
        file: String,
        /// The OS error's message.
        message: String,
    },
    /// The CSV parser refused a record.
    #[error("{file}:{line}: malformed row: {message}")]
    Malformed {
        /// File path or name.
        file: String,
        /// 1-based line.
        line: usize,
        /// The parser's message.
        message: String,
    },
    /// A cell that should be a number is not one.
    #[error("{file}:{line}: column {column} ({name}): '{cell}' is not a number{hint}")]
    NotANumber {
        /// File path or name.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Column name.
        name: String,
        /// The text found.
        cell: String,
        /// A hint for decimal commas (empty otherwise).
        hint: &'static str,
    },
    /// A row lacks a cell.
    #[error("{file}:{line}: column {column} ({name}) is missing: the row has {got} cells")]
    MissingCell {
        /// File path or name.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Column name.
        name: String,
        /// Cells in the row.
        got: usize,
    },
    /// A comma-separated file of bare integers in pairs: the same text as a decimal-comma file
    /// whose cells are also separated by commas (`1,5,2,0` is 1, 5, 2, 0 or 1.5, 2.0).
    #[error(
        "{file}:{line}:{column}: '{cell}' — every cell of this comma-separated file is a bare \
         integer and every row holds an even number of them: it reads the same as decimal \
         commas separated by commas (`1,5,2,0` = 1.5 and 2.0?), so it is refused as ambiguous; \
         write numbers with a decimal point (`1.0`), or separate cells by ';' or spaces"
    )]
    AmbiguousDecimalComma {
        /// File path or name.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The cell pointed at (a fraction-like one, `05`, when there is one).
        cell: String,
    },
    /// A row has another number of cells than the first one (where every row must match).
    #[error("{file}:{line}: {got} cells, but the first row (line {first_line}) has {expected}")]
    Ragged {
        /// File path or name.
        file: String,
        /// 1-based line.
        line: usize,
        /// Cells found.
        got: usize,
        /// Cells of the first row.
        expected: usize,
        /// Line of the first row.
        first_line: usize,
    },
}

/// Hint shown with a number that holds a comma or a space.
const DECIMAL_COMMA_HINT: &str = " (decimal comma? write numbers with a decimal point; cells are \
     separated by one of ; , or spaces per file)";

/// One non-comment line: its 1-based line number and trimmed cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// 1-based line in the file.
    pub line: usize,
    /// The cells, trimmed.
    pub cells: Vec<String>,
}

/// A table read under the module's policy: its non-comment records in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct TextTable {
    /// The file path (or the caller's name for in-memory text), for messages.
    pub file: String,
    /// The delimiter found.
    pub delimiter: Delimiter,
    /// Every non-comment record (a header too, if the file has one).
    pub records: Vec<Record>,
}

impl TextTable {
    /// Reads and parses the file at `path`.
    ///
    /// # Errors
    ///
    /// [`TextTableError::Io`] when `path` cannot be read; otherwise those of
    /// [`parse`](Self::parse).
    pub fn read(path: &Path) -> Result<Self, TextTableError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| TextTableError::Io {
            file: file.clone(),
            message: e.to_string(),
        })?;
        Self::parse(&text, &file)
    }

    /// Parses `text`; `file` names it in errors.
    ///
    /// # Errors
    ///
    /// [`TextTableError::Malformed`] (file and line) when the CSV parser refuses a record (e.g. an
    /// unclosed quote).
    pub fn parse(text: &str, file: &str) -> Result<Self, TextTableError> {
        let text = strip_bom(text);
        let first = text.lines().find(|l| !is_comment(l));
        let delimiter = first.map_or(Delimiter::Comma, Delimiter::sniff);
        // One record per line, parsed by the `csv` crate line by line: its own position
        // counts records, not the blank and comment lines between them, and a quote in a
        // comment must not open a quoted cell. (So no cell spans two lines.)
        let mut builder = csv::ReaderBuilder::new();
        builder
            .has_headers(false)
            .flexible(true)
            .delimiter(delimiter.byte())
            .trim(csv::Trim::All);
        let mut records = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            if is_comment(raw) {
                continue;
            }
            let line = k + 1;
            let mut row = csv::StringRecord::new();
            builder
                .from_reader(raw.as_bytes())
                .read_record(&mut row)
                .map_err(|e| TextTableError::Malformed {
                    file: file.to_string(),
                    line,
                    message: e.to_string(),
                })?;
            let cells: Vec<String> = if delimiter == Delimiter::Whitespace {
                row.iter()
                    .flat_map(str::split_whitespace)
                    .map(str::to_owned)
                    .collect()
            } else {
                row.iter().map(str::to_owned).collect()
            };
            records.push(Record { line, cells });
        }
        Ok(Self {
            file: file.to_string(),
            delimiter,
            records,
        })
    }

    /// Cell `column` (0-based) of `row` as a number; `name` names the column in errors.
    ///
    /// # Errors
    ///
    /// [`TextTableError::MissingCell`] when `row` has no cell `column`;
    /// [`TextTableError::NotANumber`] (with a decimal-comma hint where it applies) when the cell is
    /// not a number.
    pub fn number(&self, row: &Record, column: usize, name: &str) -> Result<f64, TextTableError> {
        let cell = row
            .cells
            .get(column)
            .ok_or_else(|| TextTableError::MissingCell {
                file: self.file.clone(),
                line: row.line,
                column: column + 1,
                name: name.to_string(),
                got: row.cells.len(),
            })?;
        cell.parse().map_err(|_| TextTableError::NotANumber {
            file: self.file.clone(),
            line: row.line,
            column: column + 1,
            name: name.to_string(),
            cell: cell.clone(),
            hint: if cell.contains([',', ' ', '\t']) {
                DECIMAL_COMMA_HINT
            } else {
                ""
            },
        })
    }

    /// Every cell of every record from `skip` on as a number, each row as long as the first
    /// one; `names` names the columns in errors (a missing name is `column k`).
    ///
    /// # Errors
    ///
    /// [`TextTableError::Ragged`] for a row of another length than the first;
    /// [`TextTableError::NotANumber`] for a cell that is not a number.
    pub fn numeric_rows(
        &self,
        skip: usize,
        names: &[&str],
    ) -> Result<Vec<Vec<f64>>, TextTableError> {
        let rows = self.records.get(skip..).unwrap_or_default();
        self.check_rectangular(rows)?;
        rows.iter()
            .map(|r| {
                (0..r.cells.len())
                    .map(|c| {
                        let name = names
                            .get(c)
                            .map_or_else(|| format!("column {}", c + 1), |n| (*n).to_string());
                        self.number(r, c, &name)
                    })
                    .collect()
            })
            .collect()
    }

    /// Refuses a comma-separated numeric block that is ambiguous with decimal commas (issue 32:
    /// such a map was read as a map of integers): `,` delimiter, every cell of `rows` a bare
    /// integer (sign and digits only), every row of an even length. The cell named is the first
    /// even-column cell with a leading zero (`05`: a fraction's digits), else the second cell of
    /// the first row. Integer maps stay readable with a decimal point, `;` or spaces.
    ///
    /// # Errors
    ///
    /// [`TextTableError::AmbiguousDecimalComma`] (file, line, column, cell) for such a block.
    pub fn refuse_ambiguous_decimal_comma(&self, rows: &[Record]) -> Result<(), TextTableError> {
        fn bare_integer(c: &str) -> bool {
            let digits = c.strip_prefix(['-', '+']).unwrap_or(c);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        }
        let ambiguous = self.delimiter == Delimiter::Comma
            && !rows.is_empty()
            && rows.iter().all(|r| {
                !r.cells.is_empty()
                    && r.cells.len() % 2 == 0
                    && r.cells.iter().all(|c| bare_integer(c))
            });
        if !ambiguous {
            return Ok(());
        }
        let pointed = rows.iter().find_map(|r| {
            r.cells
                .iter()
                .enumerate()
                .skip(1)
                .step_by(2)
                .find(|(_, c)| c.len() > 1 && c.starts_with('0'))
                .map(|(k, c)| (r.line, k, c.clone()))
        });
        let (line, k, cell) = match (pointed, rows.first()) {
            (Some(p), _) => p,
            (None, Some(r)) => (r.line, 1, r.cells.get(1).cloned().unwrap_or_default()),
            (None, None) => return Ok(()),
        };
        Err(TextTableError::AmbiguousDecimalComma {
            file: self.file.clone(),
            line,
            column: k + 1,
            cell,
        })
    }

    /// Fails on the first of `rows` whose length differs from the first one's.
    ///
    /// # Errors
    ///
    /// [`TextTableError::Ragged`] (line, cells found and expected) for the first row whose length
    /// differs from the first row's.
    pub fn check_rectangular(&self, rows: &[Record]) -> Result<(), TextTableError> {
        let Some(first) = rows.first() else {
            return Ok(());
        };
        match rows.iter().find(|r| r.cells.len() != first.cells.len()) {
            Some(r) => Err(TextTableError::Ragged {
                file: self.file.clone(),
                line: r.line,
                got: r.cells.len(),
                expected: first.cells.len(),
                first_line: first.line,
            }),
            None => Ok(()),
        }
    }
}

fn is_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(t: &TextTable) -> Vec<Vec<&str>> {
        t.records
            .iter()
            .map(|r| r.cells.iter().map(String::as_str).collect())
            .collect()
    }

    #[test]
    fn a_bom_comments_and_blank_lines_are_skipped_with_true_line_numbers() {
        let t = TextTable::parse(
            "\u{feff}x,y\n# a \"quoted\n\n  # indented\n1, 2\n# last\n\n3,4",
            "f.csv",
        )
        .unwrap();
        assert_eq!(
            cells(&t),
            vec![vec!["x", "y"], vec!["1", "2"], vec!["3", "4"]]
        );
        let lines: Vec<usize> = t.records.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![1, 5, 8]);
        assert_eq!(t.delimiter, Delimiter::Comma);
    }

    #[test]
    fn one_delimiter_per_file_semicolon_first() {
        let semi = TextTable::parse("a;b\n1.5;2\n", "s.csv").unwrap();
        assert_eq!(semi.delimiter, Delimiter::Semicolon);
        assert_eq!(
            semi.numeric_rows(1, &["a", "b"]).unwrap(),
            vec![vec![1.5, 2.0]]
        );
        let comma = TextTable::parse("a,b\n1.5,2\n", "c.csv").unwrap();
        assert_eq!(
            comma.numeric_rows(1, &[]).unwrap(),
            semi.numeric_rows(1, &[]).unwrap()
        );
        let spaced = TextTable::parse("1  2\t3\n4 5 6\n", "m.txt").unwrap();
        assert_eq!(spaced.delimiter, Delimiter::Whitespace);
        assert_eq!(spaced.numeric_rows(0, &[]).unwrap()[0], vec![1.0, 2.0, 3.0]);
        let tab = TextTable::parse("a\tb\n1\t2\n", "t.tsv").unwrap();
        assert_eq!(tab.numeric_rows(1, &[]).unwrap(), vec![vec![1.0, 2.0]]);
        // A `;` line in a comma file is one cell: refused, not split.
        let mixed = TextTable::parse("1,2\n3;4\n", "mixed.csv").unwrap();
        let e = mixed.numeric_rows(0, &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "mixed.csv:2: 1 cells, but the first row (line 1) has 2"
        );
    }

    #[test]
    fn decimal_commas_are_refused_with_a_hint() {
        let t = TextTable::parse("h;k\n1,5;2,5\n", "eu.csv").unwrap();
        let e = t.numeric_rows(1, &["h", "k"]).unwrap_err();
        assert!(matches!(
            &e,
            TextTableError::NotANumber {
                line: 2,
                column: 1,
                ..
            }
        ));
        assert!(
            e.to_string()
                .starts_with("eu.csv:2: column 1 (h): '1,5' is not a number (decimal comma?"),
            "{e}"
        );
    }

    #[test]
    fn quoted_cells_and_malformed_rows() {
        let t = TextTable::parse("name,x\n\"a, b\",1\n", "q.csv").unwrap();
        assert_eq!(t.records[1].cells, vec!["a, b", "1"]);
        let bad = TextTable::parse("x,y\n1,abc\n", "bad.csv").unwrap();
        let e = bad.numeric_rows(1, &["x", "y"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad.csv:2: column 2 (y): 'abc' is not a number"
        );
        let short = TextTable::parse("x,y\n1\n", "short.csv").unwrap();
        let row = &short.records[1];
        assert_eq!(
            short.number(row, 1, "y").unwrap_err().to_string(),
            "short.csv:2: column 2 (y) is missing: the row has 1 cells"
        );
        let missing = TextTable::read(Path::new("/nonexistent/t.csv")).unwrap_err();
        assert!(
            missing
                .to_string()
                .starts_with("cannot read /nonexistent/t.csv"),
            "{missing}"
        );
    }

    /// Issue 32: a decimal-comma map whose cells are also separated by commas was read as a
    /// map of integers; it is refused as ambiguous with file:line:column, while the same
    /// integers with `;`, spaces or decimal points, and odd-width integer rows, still read.
    #[test]
    fn comma_separated_integer_pairs_are_refused_as_ambiguous() {
        let t = TextTable::parse("# map\n1,5,2,0\n0,25,3,05\n", "m.csv").unwrap();
        let e = t.refuse_ambiguous_decimal_comma(&t.records).unwrap_err();
        assert_eq!(
            e,
            TextTableError::AmbiguousDecimalComma {
                file: "m.csv".into(),
                line: 3,
                column: 4,
                cell: "05".into(),
            }
        );
        assert!(e.to_string().starts_with("m.csv:3:4: '05'"), "{e}");
        for fine in ["1;5;2;0\n", "1 5 2 0\n", "1.5,2.0\n", "1,5,2\n", "1,5.0\n"] {
            let t = TextTable::parse(fine, "m").unwrap();
            assert!(
                t.refuse_ambiguous_decimal_comma(&t.records).is_ok(),
                "{fine}"
            );
        }
    }
}
