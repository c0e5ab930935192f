//! The text of a batch: its limits, its lines, and the CSV column an ID is read from. A leading
//! byte-order mark (Excel's "CSV UTF-8" writes one) is dropped before any of it is read.
//!
//! The limits are checked before anything is allocated per line: the byte limit on the length
//! alone, the ID limit in one scan that slices the text and counts, so a 100 MB paste or a million
//! lines is refused in about the time it takes to look at it once.

use std::borrow::Cow;

use thiserror::Error;

use crate::input_text::strip_bom;
use crate::stepped::Progress;
use crate::text::{quote, thousands};

use super::line::LineProblem;

/// The most lines of IDs a batch reads (blank lines and a CSV header not counted).
pub const MAX_BATCH_IDS: usize = 100_000;

/// The largest batch text, in bytes: 8 MiB. 100,000 UUIDs take 3.7 MB with their line breaks,
/// so this leaves room for CSV rows of about 80 bytes.
pub const MAX_BATCH_BYTES: usize = 8 * 1024 * 1024;

/// How many header names a "no such column" message lists.
const LISTED_COLUMNS: usize = 10;

/// Where on each line the ID is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdSource {
    /// The whole line is the ID.
    Lines,
    /// Each line is a CSV record and the ID is the field at `position`, counting from 1 as `cut`
    /// and spreadsheets do. With `header`, the first non-blank line names the columns and is
    /// skipped.
    ColumnAt {
        /// The column, 1 for the first.
        position: usize,
        /// Whether the first non-blank line is a header.
        header: bool,
    },
    /// Each line is a CSV record, the first non-blank line names the columns, and the ID is in
    /// the column of this name (compared without surrounding whitespace, ignoring ASCII case).
    ColumnNamed(String),
}

impl IdSource {
    /// The source a column argument names: a number is a position (from 1), anything else a
    /// header name. `header` says whether a text read by position has a header line.
    ///
    /// ```
    /// use shardlab_core::id_batch::IdSource;
    /// assert_eq!(IdSource::column("2", false), IdSource::ColumnAt { position: 2, header: false });
    /// assert_eq!(IdSource::column("user id", false), IdSource::ColumnNamed("user id".to_owned()));
    /// ```
    pub fn column(column: &str, header: bool) -> IdSource {
        let trimmed = column.trim();
        let all_digits = !trimmed.is_empty() && trimmed.bytes().all(|byte| byte.is_ascii_digit());
        match trimmed.parse::<usize>() {
            Ok(position) if all_digits => IdSource::ColumnAt { position, header },
            Ok(_) | Err(_) => IdSource::ColumnNamed(column.to_owned()),
        }
    }
}

/// Why a text cannot be read as a batch at all. Problems with single lines are not errors: they
/// are counted in the report ([`RefusedLine`](super::RefusedLine)).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BatchError {
    /// More bytes than [`MAX_BATCH_BYTES`].
    #[error("a batch is at most 8 MiB ({} bytes); this text is {} bytes", count(*limit), thousands(*bytes))]
    TooManyBytes {
        /// The text's length in bytes.
        bytes: u64,
        /// [`MAX_BATCH_BYTES`].
        limit: usize,
    },
    /// More lines of IDs than [`MAX_BATCH_IDS`].
    #[error("a batch is at most {} lines of IDs; this text has {}", count(*limit), count(*lines))]
    TooManyIds {
        /// How many non-blank lines the text has, a header not counted.
        lines: usize,
        /// [`MAX_BATCH_IDS`].
        limit: usize,
    },
    /// Nothing but blank lines (and perhaps a header).
    #[error("there are no IDs in this text: give one per line, or a CSV column")]
    NoIds,
    /// Column 0 asked for.
    #[error("columns count from 1")]
    ColumnZero,
    /// No column of the header has the name asked for.
    #[error(
        "the header has no column called {}; its columns are {}",
        quote(name),
        listed(found)
    )]
    NoSuchColumn {
        /// The name asked for.
        name: String,
        /// The header's first few names.
        found: Vec<String>,
    },
}

/// A count with thousands separators.
fn count(value: usize) -> String {
    thousands(u64::try_from(value).unwrap_or(u64::MAX))
}

/// The header names as a message lists them.
fn listed(names: &[String]) -> String {
    let shown: Vec<String> = names.iter().map(|name| quote(name).to_string()).collect();
    shown.join(", ")
}

/// Whether a line holds nothing but whitespace.
pub(super) fn is_blank(line: &str) -> bool {
    is_blank_bytes(line.as_bytes())
}

/// [`is_blank`] on a line's bytes, which must be whole UTF-8 characters. An ID's line starts with
/// a visible ASCII character and is decided at its first byte without decoding: a million-line
/// paste is scanned in one task of the page, and `str::trim` per line took most of it.
fn is_blank_bytes(line: &[u8]) -> bool {
    // ASCII's white space as `char::is_whitespace` has it: tab, line feed, vertical tab, form
    // feed, carriage return and space.
    match line.iter().position(|b| !matches!(b, b'\t'..=b'\r' | b' ')) {
        None => true,
        Some(at) if line.get(at).is_some_and(u8::is_ascii) => false,
        Some(at) => line
            .get(at..)
            .and_then(|rest| std::str::from_utf8(rest).ok())
            .is_some_and(|rest| rest.trim().is_empty()),
    }
}

/// The line starting at byte `start` of `text` (without its `\n` or `\r\n`) and where the next
/// one starts; past the end of the text once the last line is read.
pub(super) fn line_at(text: &str, start: usize) -> (&str, usize) {
    let rest = text.get(start..).unwrap_or_default();
    let (line, next) = match rest.find('\n') {
        Some(end) => (
            rest.get(..end).unwrap_or_default(),
            start.saturating_add(end).saturating_add(1),
        ),
        None => (rest, text.len().saturating_add(1)),
    };
    (line.strip_suffix('\r').unwrap_or(line), next)
}

/// What one scan of the text finds: how many lines it has, which is the header, and how many
/// lines hold IDs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Shape {
    /// Every line, blank ones included: the line breaks plus one.
    pub(super) lines: u64,
    /// The number (from 1) of the header line, when the source has one.
    pub(super) header_line: Option<u64>,
    /// Non-blank lines other than the header.
    pub(super) id_lines: usize,
}

/// Whether a text of `bytes` bytes is within [`MAX_BATCH_BYTES`]: what a reader of a file or a
/// drop checks before it reads further.
///
/// ```
/// use shardlab_core::id_batch::{check_batch_bytes, BatchError, MAX_BATCH_BYTES};
/// assert_eq!(check_batch_bytes(8 * 1024 * 1024), Ok(()));
/// assert!(matches!(check_batch_bytes(100_000_000), Err(BatchError::TooManyBytes { .. })));
/// ```
pub fn check_batch_bytes(bytes: u64) -> Result<(), BatchError> {
    if u64::try_from(MAX_BATCH_BYTES).is_ok_and(|limit| bytes > limit) {
        return Err(BatchError::TooManyBytes {
            bytes,
            limit: MAX_BATCH_BYTES,
        });
    }
    Ok(())
}

/// Whether `text` is within the limits, [`MAX_BATCH_BYTES`] and then [`MAX_BATCH_IDS`] (a header
/// not counted when `source` reads one), checked as [`BatchRun::new`](super::BatchRun::new) checks
/// them, in one scan that reads no line: what a page asks of a paste or a drop before it lets the
/// text into its box, where a browser takes minutes to lay out a million lines. A text without
/// IDs, or without the named column, is within the limits.
///
/// ```
/// use shardlab_core::id_batch::{check_batch_limits, BatchError, IdSource};
/// assert_eq!(check_batch_limits("", &IdSource::Lines), Ok(()));
/// let million = "1\n".repeat(1_000_000);
/// assert!(matches!(
///     check_batch_limits(&million, &IdSource::Lines),
///     Err(BatchError::TooManyIds { lines: 1_000_000, .. })
/// ));
/// ```
pub fn check_batch_limits(text: &str, source: &IdSource) -> Result<(), BatchError> {
    batch_size(text, source).map(|_| ())
}

/// How big a text is, as the limits count it: what a page tells the reader of a pile it holds, and
/// what decides whether a text box can show it ([`BatchSize::fits_box`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchSize {
    /// Its length in UTF-8 bytes (a leading byte-order mark not counted).
    pub bytes: u64,
    /// Every line, blank ones included: the line breaks plus one.
    pub lines: u64,
    /// Lines that hold an ID: neither blank nor the header.
    pub id_lines: usize,
}

impl BatchSize {
    /// Whether a page's text box can be given the text to show: at most
    /// [`MAX_BOX_LINES`](crate::view_limits::batch::MAX_BOX_LINES) lines and
    /// [`MAX_BOX_BYTES`](crate::view_limits::batch::MAX_BOX_BYTES). A longer pile is held by the
    /// page and read from there, since a browser takes seconds to lay out 100,000 lines in a box.
    ///
    /// ```
    /// use shardlab_core::id_batch::{batch_size, IdSource};
    /// let few = batch_size("1\n2\n", &IdSource::Lines)?;
    /// assert!(few.fits_box());
    /// let many = batch_size(&"1\n".repeat(100_000), &IdSource::Lines)?;
    /// assert!(!many.fits_box());
    /// # Ok::<(), shardlab_core::id_batch::BatchError>(())
    /// ```
    pub fn fits_box(&self) -> bool {
        use crate::view_limits::batch::{MAX_BOX_BYTES, MAX_BOX_LINES};
        self.lines <= MAX_BOX_LINES && self.bytes <= MAX_BOX_BYTES
    }
}

/// [`check_batch_limits`] with the text's size: its bytes, lines and lines of IDs. A text without
/// IDs, or without the named column, is within the limits (with `id_lines` 0 for the former).
///
/// ```
/// use shardlab_core::id_batch::{batch_size, BatchSize, IdSource};
/// assert_eq!(
///     batch_size("id\n1\n\n2", &IdSource::ColumnNamed("id".into())),
///     Ok(BatchSize { bytes: 7, lines: 4, id_lines: 2 })
/// );
/// assert_eq!(batch_size("", &IdSource::Lines).map(|size| size.id_lines), Ok(0));
/// ```
pub fn batch_size(text: &str, source: &IdSource) -> Result<BatchSize, BatchError> {
    let text = strip_bom(text);
    let header = match source {
        IdSource::Lines => false,
        IdSource::ColumnAt { header, .. } => *header,
        IdSource::ColumnNamed(_) => true,
    };
    let bytes = u64::try_from(text.len()).unwrap_or(u64::MAX);
    match shape(text, header) {
        Ok(shape) => Ok(BatchSize {
            bytes,
            lines: shape.lines,
            id_lines: shape.id_lines,
        }),
        Err(BatchError::NoIds) => Ok(BatchSize {
            bytes,
            lines: line_count(text),
            id_lines: 0,
        }),
        Err(error) => Err(error),
    }
}

/// The line breaks of `text` plus one.
fn line_count(text: &str) -> u64 {
    let breaks = text.bytes().filter(|&byte| byte == b'\n').count();
    u64::try_from(breaks).unwrap_or(u64::MAX).saturating_add(1)
}

/// Checks the limits and finds the text's shape, allocating nothing per line. The lines are split
/// on the byte `\n`, which is never inside a longer UTF-8 character.
pub(super) fn shape(text: &str, header: bool) -> Result<Shape, BatchError> {
    check_batch_bytes(u64::try_from(text.len()).unwrap_or(u64::MAX))?;
    let mut lines: u64 = 0;
    let mut header_line = None;
    let mut id_lines: usize = 0;
    for line in text.as_bytes().split(|&byte| byte == b'\n') {
        lines = lines.saturating_add(1);
        if is_blank_bytes(line) {
            continue;
        }
        if header && header_line.is_none() {
            header_line = Some(lines);
        } else {
            id_lines = id_lines.saturating_add(1);
        }
    }
    if id_lines > MAX_BATCH_IDS {
        return Err(BatchError::TooManyIds {
            lines: id_lines,
            limit: MAX_BATCH_IDS,
        });
    }
    if id_lines == 0 {
        return Err(BatchError::NoIds);
    }
    Ok(Shape {
        lines,
        header_line,
        id_lines,
    })
}

/// The column `source` reads (from 1) and whether the text has a header, with a named column
/// looked up in the header line.
pub(super) fn resolve_column(
    text: &str,
    source: &IdSource,
) -> Result<(Option<usize>, bool), BatchError> {
    match source {
        IdSource::Lines => Ok((None, false)),
        IdSource::ColumnAt { position: 0, .. } => Err(BatchError::ColumnZero),
        IdSource::ColumnAt { position, header } => Ok((Some(*position), *header)),
        IdSource::ColumnNamed(name) => {
            let header = text
                .split('\n')
                .find(|line| !is_blank(line))
                .ok_or(BatchError::NoIds)?;
            let header = header.strip_suffix('\r').unwrap_or(header);
            let wanted = name.trim();
            let mut found = Vec::new();
            for (index, cell) in CsvFields::new(header).enumerate() {
                let Ok(cell) = cell else { break };
                if cell.trim().eq_ignore_ascii_case(wanted) {
                    return Ok((Some(index.saturating_add(1)), true));
                }
                if found.len() < LISTED_COLUMNS {
                    found.push(cell.trim().to_owned());
                }
            }
            Err(BatchError::NoSuchColumn {
                name: name.clone(),
                found,
            })
        }
    }
}

/// A batch's text read line by line, a bounded number of lines at a time: the one walk over the
/// lines that [`BatchRun`](super::BatchRun) and [`BatchRows`](super::BatchRows) share. Blank lines
/// and the header are counted as lines but hold no ID.
#[derive(Debug)]
pub(super) struct Cursor {
    text: String,
    /// The byte where the next line starts.
    next_start: usize,
    /// The next line's number, from 1.
    next_line: u64,
    header_line: Option<u64>,
    /// The CSV column read, from 1; `None` for one ID per line.
    column: Option<usize>,
    /// Lines read, of every line of the text.
    progress: Progress,
    /// Lines that hold an ID (neither blank nor the header).
    id_lines: usize,
}

impl Cursor {
    /// Checks the text against the limits ([`MAX_BATCH_BYTES`] first, on its length alone, then
    /// [`MAX_BATCH_IDS`] in one scan that allocates nothing per line), finds a named column in the
    /// header, and stands before the first line.
    pub(super) fn new(text: &str, source: &IdSource) -> Result<Cursor, BatchError> {
        // Excel's "CSV UTF-8" starts with a byte-order mark, which is not part of the header.
        let text = strip_bom(text);
        // The byte limit first, so an oversized text is not scanned for a header.
        check_batch_bytes(u64::try_from(text.len()).unwrap_or(u64::MAX))?;
        let (column, header) = resolve_column(text, source)?;
        let shape = shape(text, header)?;
        Ok(Cursor {
            text: text.to_owned(),
            next_start: 0,
            next_line: 1,
            header_line: shape.header_line,
            column,
            progress: Progress::start(shape.lines),
            id_lines: shape.id_lines,
        })
    }

    /// Lines that hold an ID.
    pub(super) fn id_lines(&self) -> usize {
        self.id_lines
    }

    /// Lines read so far, of all the text's lines.
    pub(super) fn progress(&self) -> Progress {
        self.progress
    }

    /// Reads up to `max_lines` more lines and hands each one that holds an ID to `each`: its
    /// number, the whole line, and the text the ID is read from (the CSV field) or why there is
    /// none.
    pub(super) fn step(
        &mut self,
        max_lines: u64,
        mut each: impl FnMut(u64, &str, Result<Cow<'_, str>, LineProblem>),
    ) -> Progress {
        let chunk = self.progress.next_chunk(max_lines);
        for _ in 0..chunk {
            let (line, next_start) = line_at(&self.text, self.next_start);
            let number = self.next_line;
            self.next_start = next_start;
            self.next_line = number.saturating_add(1);
            if is_blank(line) || self.header_line == Some(number) {
                continue;
            }
            let field = match self.column {
                None => Ok(Cow::Borrowed(line)),
                Some(position) => csv_field(line, position),
            };
            each(number, line, field);
        }
        self.progress.advance(chunk);
        self.progress
    }
}

/// The field at `position` (from 1) of a CSV record on one line.
pub(super) fn csv_field(line: &str, position: usize) -> Result<Cow<'_, str>, LineProblem> {
    let mut columns: usize = 0;
    for cell in CsvFields::new(line) {
        let cell = cell?;
        columns = columns.saturating_add(1);
        if columns == position {
            return Ok(cell);
        }
    }
    Err(LineProblem::MissingColumn { position, columns })
}

/// The fields of one CSV record: separated by commas; a field may be in double quotes, with `""`
/// for a quote inside (RFC 4180). A record is one line: a line break inside quotes is not read.
struct CsvFields<'a> {
    /// What is left of the line; `None` once the last field is read.
    rest: Option<&'a str>,
}

impl<'a> CsvFields<'a> {
    fn new(line: &'a str) -> Self {
        CsvFields { rest: Some(line) }
    }
}

impl<'a> Iterator for CsvFields<'a> {
    type Item = Result<Cow<'a, str>, LineProblem>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.rest?;
        let unpadded = rest.trim_start();
        let Some(quoted) = unpadded.strip_prefix('"') else {
            return Some(Ok(match rest.split_once(',') {
                Some((cell, after)) => {
                    self.rest = Some(after);
                    Cow::Borrowed(cell)
                }
                None => {
                    self.rest = None;
                    Cow::Borrowed(rest)
                }
            }));
        };
        // A quoted field ends at a quote that is not doubled.
        let mut cell = String::new();
        let mut chars = quoted.char_indices();
        while let Some((at, ch)) = chars.next() {
            if ch != '"' {
                cell.push(ch);
                continue;
            }
            let after = quoted.get(at.saturating_add(1)..).unwrap_or_default();
            if after.starts_with('"') {
                cell.push('"');
                chars.next();
                continue;
            }
            // Whatever stands between the closing quote and the comma is dropped, as
            // spreadsheets do with the spaces there.
            self.rest = after.split_once(',').map(|(_, next)| next);
            return Some(Ok(Cow::Owned(cell)));
        }
        self.rest = None;
        Some(Err(LineProblem::UnclosedQuote))
    }
}
