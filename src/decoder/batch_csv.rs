//! The pile of IDs as CSV, one row per ID (line, ID, each field, time), written by a sliced job:
//! the core's [`BatchRows`] decodes a bounded number of lines per step and this writes their rows,
//! so 100,000 IDs never hold the page for one long task.

use shardlab_core::id_batch::{BatchRows, DecodedRow};
use shardlab_core::layout::format_unix_ms;
use shardlab_core::stepped::{Progress, Stepped};

use crate::files::csv::csv_cell;

/// The export in progress: the rows read so far, as CSV text.
#[derive(Debug)]
pub struct CsvExport {
    rows: BatchRows,
    text: String,
}

impl CsvExport {
    /// Starts the CSV of `rows` with its header: `line`, `id`, each field's name, `time (UTC)`.
    pub fn new(rows: BatchRows) -> CsvExport {
        let mut header = vec![csv_cell("line"), csv_cell("id")];
        header.extend(rows.fields().iter().map(|name| csv_cell(name)));
        header.push(csv_cell("time (UTC)"));
        let mut text = header.join(",");
        text.push('\n');
        CsvExport { rows, text }
    }
}

/// One row's line: its time in ISO-8601 UTC, or Unix ms before 1970, or nothing without one.
fn push_row(text: &mut String, row: DecodedRow) {
    let time = match row.unix_ms {
        Some(unix_ms) => {
            u64::try_from(unix_ms).map_or_else(|_| unix_ms.to_string(), format_unix_ms)
        }
        None => String::new(),
    };
    let mut cells = vec![row.line.to_string(), csv_cell(&row.id)];
    cells.extend(row.values.iter().map(u128::to_string));
    cells.push(time);
    text.push_str(&cells.join(","));
    text.push('\n');
}

impl Stepped for CsvExport {
    type Output = String;

    /// Writes the rows of up to `max_lines` more lines.
    fn step(&mut self, max_lines: u64) -> Progress {
        let text = &mut self.text;
        self.rows.read(max_lines, |row| push_row(text, row))
    }

    fn progress(&self) -> Progress {
        self.rows.progress()
    }

    fn finish(mut self) -> String {
        self.step(u64::MAX);
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::id_batch::{BatchLayout, IdSource};
    use shardlab_core::layout::BitLayout;

    #[test]
    fn each_id_is_a_row_with_its_fields_and_time() {
        let layout = BatchLayout::Bits(BitLayout::preset("snowflake").unwrap());
        let text = "1541815603606036480\n\nnot an ID\n1541815603606036480\n";
        let rows = BatchRows::new(text, &layout, &IdSource::Lines).unwrap();
        let mut export = CsvExport::new(rows);
        assert!(!export.step(2).is_done());
        let csv = export.finish();
        // Datacenter 11, worker 26, sequence 0.
        let row = "1541815603606036480,0,367597485448,11,26,0,2022-06-28T16:07:40.105Z";
        assert_eq!(
            csv,
            format!(
                "line,id,sign,timestamp,datacenter,worker,sequence,time (UTC)\n1,{row}\n4,{row}\n"
            )
        );
    }
}
