//! [`BatchRows`]: every ID of a pile decoded into its fields, one row per ID, a bounded number of
//! lines at a time: what an export writes out.

use crate::stepped::Progress;

use super::input::{BatchError, Cursor, IdSource};
use super::line::{BatchLayout, IdKey, Plan, Reader};

/// One ID of a pile, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodedRow {
    /// The line's number in the text, from 1.
    pub line: u64,
    /// The ID as the report shows it (decimal for a 64-bit layout, the family's own form).
    pub id: String,
    /// One value per field of [`BatchRows::fields`], in that order.
    pub values: Vec<u128>,
    /// The ID's time in Unix ms, when it has one.
    pub unix_ms: Option<i64>,
}

/// The IDs of a pile decoded one row each, for an export: lines that hold no ID are left out (the
/// report lists them), and a row keeps its line number. Read it with [`BatchRows::read`] a
/// bounded number of lines at a time, so 100,000 IDs are written out in short tasks.
///
/// ```
/// use shardlab_core::id_batch::{BatchLayout, BatchRows, IdSource};
/// use shardlab_core::layout::BitLayout;
/// let snowflake = BatchLayout::Bits(BitLayout::preset("snowflake")?);
/// let mut rows = BatchRows::new("1541815603606036480\nnot an ID\n", &snowflake, &IdSource::Lines)?;
/// assert_eq!(rows.fields(), ["sign", "timestamp", "datacenter", "worker", "sequence"]);
/// let mut read = Vec::new();
/// while !rows.read(1, |row| read.push(row)).is_done() {}
/// assert_eq!(read.len(), 1);
/// assert_eq!((read[0].line, read[0].unix_ms), (1, Some(1_656_432_460_105)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct BatchRows {
    lines: Cursor,
    reader: Reader,
    /// The layout, when it decodes every ID into the same fields.
    layout: BatchLayout,
    fields: Vec<String>,
}

impl BatchRows {
    /// Checks the text as [`BatchRun::new`](super::BatchRun::new) does and prepares to read.
    pub fn new(text: &str, layout: &BatchLayout, source: &IdSource) -> Result<Self, BatchError> {
        let fields = match layout {
            BatchLayout::Bits(bits) => bits.fields().iter().map(|f| f.name.clone()).collect(),
            BatchLayout::Family(family) => family
                .fixed_layout()
                .map(|wide| {
                    wide.fields()
                        .iter()
                        .map(|field| field.name.to_owned())
                        .collect()
                })
                .unwrap_or_default(),
        };
        Ok(BatchRows {
            lines: Cursor::new(text, source)?,
            reader: Plan::new(layout).reader,
            layout: layout.clone(),
            fields,
        })
    }

    /// The names of the fields each row has a value for, most significant first: every field of
    /// a 64-bit layout or of a family with one layout; none for a UUID, whose fields depend on
    /// each ID's version.
    pub fn fields(&self) -> &[String] {
        &self.fields
    }

    /// Lines read so far, of all the text's lines.
    pub fn progress(&self) -> Progress {
        self.lines.progress()
    }

    /// Reads up to `max_lines` more lines and hands each ID on them to `row`, decoded.
    pub fn read(&mut self, max_lines: u64, mut row: impl FnMut(DecodedRow)) -> Progress {
        let (reader, layout, fields) = (&self.reader, &self.layout, self.fields.len());
        self.lines.step(max_lines, |line, _, field| {
            let Ok(text) = field else { return };
            let Ok(observation) = reader.read(&text) else {
                return;
            };
            let values = match (layout, observation.key) {
                (BatchLayout::Bits(bits), IdKey::Narrow(id)) => {
                    bits.decompose(id).into_iter().map(u128::from).collect()
                }
                (BatchLayout::Family(family), IdKey::Wide(_)) if fields > 0 => family
                    .read(&text)
                    .map(|decoded| decoded.fields.iter().map(|field| field.value).collect())
                    .unwrap_or_default(),
                (BatchLayout::Family(_), IdKey::Wide(_) | IdKey::Narrow(_))
                | (BatchLayout::Bits(_), IdKey::Wide(_)) => Vec::new(),
            };
            row(DecodedRow {
                line,
                id: reader.show(&observation.key),
                values,
                unix_ms: observation.unix_ms,
            });
        })
    }
}
