//! Each finding against small inputs whose answers were worked out by hand, the CSV column, the
//! limits and refused lines, and slicing.
//!
//! Most tests use a 16-bit layout written in hex so that the fields can be read off the digits:
//! `0xTTWS` is tick `0xTT` (ms since 1970), worker `W`, sequence `S` (0 to 15).

// Test arithmetic on small counts and hand-made IDs of 16 to 64 bits.
#![allow(clippy::arithmetic_side_effects)]

use super::*;
use crate::id_family::{IdFamily, WideLayout};
use crate::id_text::TextForm;
use crate::layout::{BitLayout, Field, FieldRole, ParseIdError, TimeBase};
use crate::stepped::Stepped;

fn tiny() -> BatchLayout {
    BatchLayout::Bits(
        BitLayout::new(vec![
            Field::timestamp("tick", 8, TimeBase::UNIX_MS),
            Field::new("worker", 4, FieldRole::Worker),
            Field::new("seq", 4, FieldRole::Sequence),
        ])
        .unwrap(),
    )
}

fn lines(text: &str) -> BatchReport {
    analyse(text, &tiny(), &IdSource::Lines).unwrap()
}

#[test]
fn ids_earlier_than_one_before_them_are_out_of_order() {
    // Times 10, 11, 9, 11, 10 ms: line 3 and line 5 come after line 2's 11 ms; line 4 ties it.
    let report = lines("0x0A10\n0x0B10\n0x0910\n0x0B20\n0x0A30\n");
    let found = report.out_of_order.unwrap();
    assert_eq!(found.count, 2);
    let summary: Vec<(u64, i64, u64, i64)> = found
        .examples
        .iter()
        .map(|late| (late.line, late.unix_ms, late.after.line, late.after.unix_ms))
        .collect();
    assert_eq!(summary, vec![(3, 9, 2, 11), (5, 10, 2, 11)]);
    // 0x0910 = 9 × 256 + 16.
    assert_eq!(found.examples[0].id, "2320");
    let span = report.time.unwrap();
    assert_eq!((span.earliest.line, span.earliest.unix_ms), (3, 9));
    assert_eq!((span.latest.line, span.latest.unix_ms), (2, 11));
}

#[test]
fn every_copy_after_the_first_is_a_duplicate() {
    // 0x0A12 = 2578 on lines 1, 3 and 4 (in two spellings); 0x0A13 once.
    let report = lines("0x0A12\n0x0A13\n2578\n0x0A12\n");
    assert_eq!(report.parsed, 4);
    assert_eq!(report.duplicates.count, 2);
    let copies: Vec<(u64, &str, u64)> = report
        .duplicates
        .examples
        .iter()
        .map(|copy| (copy.line, copy.id.as_str(), copy.first_line))
        .collect();
    assert_eq!(copies, vec![(3, "2578", 1), (4, "2578", 1)]);
}

#[test]
fn gaps_are_missing_values_between_two_seen_in_one_tick_and_worker() {
    // Tick 10, worker 1: 0, 1, 4, 7 (and 4 again) → 2 and 3, 5 and 6 missing.
    // Tick 10, worker 2: 3, 5 → 4 missing; its first value above 0 is no gap.
    // Tick 11, worker 1: 9 alone → nothing. Tick 12, worker 1: 2 then 0 → 1 missing.
    let text = "0x0A17\n0x0A10\n0x0A14\n0x0A11\n0x0A23\n0x0A25\n0x0B19\n0x0A14\n0x0C12\n0x0C10\n";
    let sequence = lines(text).sequence.unwrap();
    assert_eq!(sequence.field.name, "seq");
    assert_eq!(sequence.max, 15);
    assert_eq!(sequence.gaps.count, 4);
    assert_eq!(sequence.missing, 2 + 2 + 1 + 1);
    type Gap = (i64, Vec<u64>, u64, u64, u64, u64, u64);
    let gaps: Vec<Gap> = sequence
        .gaps
        .examples
        .iter()
        .map(|gap| {
            (
                gap.unix_ms,
                gap.group.clone(),
                gap.after,
                gap.before,
                gap.missing,
                gap.line_after,
                gap.line_before,
            )
        })
        .collect();
    assert_eq!(
        gaps,
        vec![
            (10, vec![1], 1, 4, 2, 4, 3),
            (10, vec![1], 4, 7, 2, 3, 1),
            (10, vec![2], 3, 5, 1, 5, 6),
            (12, vec![1], 0, 2, 1, 10, 9),
        ]
    );
    assert_eq!(sequence.exhausted.count, 0);
}

#[test]
fn a_tick_that_used_the_largest_sequence_value_is_exhausted() {
    // Tick 12, worker 3: 14 and 15 → exhausted with 2 IDs, 15 on line 2.
    // Tick 12, worker 4: 15 alone → exhausted, 1 ID. Tick 13, worker 3: 14 → not.
    let sequence = lines("0x0C3E\n0x0C3F\n0x0C4F\n0x0D3E\n").sequence.unwrap();
    let ticks: Vec<(i64, Vec<u64>, u64, u64)> = sequence
        .exhausted
        .examples
        .iter()
        .map(|tick| (tick.unix_ms, tick.group.clone(), tick.ids, tick.line))
        .collect();
    assert_eq!(sequence.exhausted.count, 2);
    assert_eq!(ticks, vec![(12, vec![3], 2, 2), (12, vec![4], 1, 3)]);
    assert_eq!(sequence.gaps.count, 0);
}

#[test]
fn ids_are_counted_per_worker_in_order_of_value() {
    let report = lines("0x0A30\n0x0A11\n0x0A32\n0x0A13\n0x0A34\n0x0A70\n");
    let histogram = report.histogram.unwrap();
    assert_eq!(histogram.counted_by, CountedBy::Worker);
    assert_eq!(histogram.fields[0].name, "worker");
    let bars: Vec<(Vec<u64>, u64)> = histogram
        .bars
        .iter()
        .map(|bar| (bar.values.clone(), bar.ids))
        .collect();
    assert_eq!(bars, vec![(vec![1], 2), (vec![3], 3), (vec![7], 1)]);
    assert_eq!(histogram.other, None);
}

#[test]
fn snowflake_counts_datacenter_and_worker_together() {
    // Snowflake: sign 1, timestamp 41, datacenter 5, worker 5, sequence 12.
    let snowflake = BatchLayout::Bits(BitLayout::preset("snowflake").unwrap());
    let id = |datacenter: u64, worker: u64| (datacenter << 17) | (worker << 12);
    let text = format!("{}\n{}\n{}\n", id(1, 2), id(1, 2), id(3, 0));
    let histogram = analyse(&text, &snowflake, &IdSource::Lines)
        .unwrap()
        .histogram
        .unwrap();
    let names: Vec<&str> = histogram.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["datacenter", "worker"]);
    let bars: Vec<(Vec<u64>, u64)> = histogram
        .bars
        .iter()
        .map(|bar| (bar.values.clone(), bar.ids))
        .collect();
    assert_eq!(bars, vec![(vec![1, 2], 2), (vec![3, 0], 1)]);
}

#[test]
fn many_shards_keep_the_most_frequent_and_an_other_bar() {
    // Pinterest: reserved 2, shard 16, type 10, local 36. Shard s appears s + 1 times for s < 70
    // (local tells the copies apart), so the 64 kept are shards 6 … 69 and the other bar holds
    // shards 0 … 5: 6 values, 1 + 2 + … + 6 = 21 IDs.
    let pinterest = BatchLayout::Bits(BitLayout::preset("pinterest").unwrap());
    let mut text = String::new();
    for shard in 0u64..70 {
        for local in 0..=shard {
            text.push_str(&format!("{}\n", (shard << 46) | local));
        }
    }
    let report = analyse(&text, &pinterest, &IdSource::Lines).unwrap();
    assert_eq!(report.duplicates.count, 0);
    assert_eq!(report.time, None);
    assert_eq!(report.out_of_order, None);
    assert_eq!(report.sequence, None);
    let histogram = report.histogram.unwrap();
    assert_eq!(histogram.counted_by, CountedBy::Shard);
    assert_eq!(histogram.bars.len(), MAX_HISTOGRAM_BARS);
    assert_eq!(histogram.bars[0].values, vec![6]);
    assert_eq!(histogram.bars[0].ids, 7);
    assert_eq!(histogram.bars[63].values, vec![69]);
    assert_eq!(histogram.other, Some(OtherBar { values: 6, ids: 21 }));
}

#[test]
fn refused_lines_name_the_character_and_the_first_ten_are_kept() {
    let mut text = String::from("0x0A10\n12a4\n\n");
    for _ in 0..11 {
        text.push_str("x\n");
    }
    let report = lines(&text);
    assert_eq!(report.parsed, 1);
    assert_eq!(report.refused.count, 12);
    assert_eq!(report.refused.examples.len(), MAX_BATCH_EXAMPLES);
    let first = &report.refused.examples[0];
    assert_eq!((first.line, first.text.as_str()), (2, "12a4"));
    assert!(matches!(
        first.problem,
        LineProblem::Id(ParseIdError::BadDigit {
            ch: 'a',
            position: 3,
            ..
        })
    ));
    assert_eq!(
        report.refused.examples[1].line, 4,
        "the blank line 3 is skipped"
    );
    // 14 lines and the empty one after the last line break.
    assert_eq!(report.lines, 15);
}

#[test]
fn a_line_longer_than_any_id_is_refused_unread() {
    let long = "1".repeat(10_000);
    let report = lines(&format!("0x0A10\n{long}\n"));
    assert_eq!(report.refused.count, 1);
    assert_eq!(
        report.refused.examples[0].problem,
        LineProblem::TooLong { limit: 256 }
    );
    assert_eq!(report.refused.examples[0].text.chars().count(), 256);
}

#[test]
fn a_csv_column_is_picked_by_name_or_position() {
    let text = "name,ID,n\nalpha,0x0A12,1\n\"b,eta\",\"0x0A13\",2\n\nshort\n";
    let by_name = analyse(text, &tiny(), &IdSource::ColumnNamed(" id ".to_owned())).unwrap();
    let by_position = analyse(
        text,
        &tiny(),
        &IdSource::ColumnAt {
            position: 2,
            header: true,
        },
    )
    .unwrap();
    assert_eq!(by_name, by_position);
    assert_eq!(by_name.parsed, 2);
    assert_eq!(by_name.refused.count, 1);
    assert_eq!(
        by_name.refused.examples[0].problem,
        LineProblem::MissingColumn {
            position: 2,
            columns: 1
        }
    );
    assert_eq!(by_name.refused.examples[0].line, 5);
    // Without a header, the header's "ID" is a refused line.
    let headless = analyse(
        text,
        &tiny(),
        &IdSource::ColumnAt {
            position: 2,
            header: false,
        },
    )
    .unwrap();
    assert_eq!(headless.parsed, 2);
    assert_eq!(headless.refused.count, 2);
    assert_eq!(headless.refused.examples[0].line, 1);
    assert_eq!(headless.refused.examples[0].text, "ID");
}

#[test]
fn quoted_csv_fields_unescape_doubled_quotes_and_must_close() {
    let text = "\"a\"\"b\",0x0A12\n\"open,0x0A13\n";
    let report = analyse(
        text,
        &tiny(),
        &IdSource::ColumnAt {
            position: 2,
            header: false,
        },
    )
    .unwrap();
    assert_eq!(report.parsed, 1);
    assert_eq!(
        report.refused.examples[0].problem,
        LineProblem::UnclosedQuote
    );
    let first = analyse(
        text,
        &tiny(),
        &IdSource::ColumnAt {
            position: 1,
            header: false,
        },
    )
    .unwrap();
    assert_eq!(first.refused.examples[0].text, "a\"b");
}

#[test]
fn column_errors_name_the_header() {
    let text = "name,id\na,1\n";
    let missing = analyse(text, &tiny(), &IdSource::ColumnNamed("uuid".to_owned()));
    assert_eq!(
        missing,
        Err(BatchError::NoSuchColumn {
            name: "uuid".to_owned(),
            found: vec!["name".to_owned(), "id".to_owned()],
        })
    );
    let zero = IdSource::ColumnAt {
        position: 0,
        header: false,
    };
    assert_eq!(analyse(text, &tiny(), &zero), Err(BatchError::ColumnZero));
    let header_only = IdSource::ColumnNamed("id".to_owned());
    assert_eq!(
        analyse("name,id\n\n", &tiny(), &header_only),
        Err(BatchError::NoIds)
    );
    assert_eq!(
        analyse(" \n\t\n", &tiny(), &IdSource::Lines),
        Err(BatchError::NoIds)
    );
}

#[test]
fn the_id_limit_counts_lines_of_ids() {
    let at_limit = "1\n".repeat(MAX_BATCH_IDS);
    assert!(BatchRun::new(&at_limit, &tiny(), &IdSource::Lines).is_ok());
    let over = format!("{at_limit}\n\n2\n");
    assert_eq!(
        BatchRun::new(&over, &tiny(), &IdSource::Lines).err(),
        Some(BatchError::TooManyIds {
            lines: 100_001,
            limit: 100_000
        })
    );
    let million = "1\n".repeat(1_000_000);
    let err = BatchRun::new(&million, &tiny(), &IdSource::Lines).err();
    assert_eq!(
        err.map(|err| err.to_string()).as_deref(),
        Some("a batch is at most 100,000 lines of IDs; this text has 1,000,000")
    );
    // The header of a named column is not an ID.
    let with_header = format!("id\n{at_limit}");
    let named = IdSource::ColumnNamed("id".to_owned());
    assert!(BatchRun::new(&with_header, &tiny(), &named).is_ok());
}

#[test]
fn the_byte_limit_is_checked_on_the_length_alone() {
    let over = "1".repeat(MAX_BATCH_BYTES + 1);
    assert_eq!(
        BatchRun::new(&over, &tiny(), &IdSource::ColumnNamed("id".to_owned())).err(),
        Some(BatchError::TooManyBytes {
            bytes: 8 * 1024 * 1024 + 1,
            limit: 8 * 1024 * 1024
        })
    );
    assert_eq!(
        check_batch_bytes(100_000_000).map_err(|err| err.to_string()),
        Err(
            "a batch is at most 8 MiB (8,388,608 bytes); this text is 100,000,000 bytes".to_owned()
        )
    );
}

/// A text with every kind of finding, blank lines and refused lines.
fn busy_text() -> String {
    let mut text = String::new();
    for round in 0u64..40 {
        let tick = 10 + round % 7;
        for (worker, seq) in [(1, round % 16), (2, 15), (1, (round * 3) % 16)] {
            text.push_str(&format!("0x{:02X}{worker:X}{seq:X}\n", tick));
        }
        if round % 5 == 0 {
            text.push_str("\n   \nnope\n");
        }
    }
    text
}

#[test]
fn slicing_the_run_does_not_change_the_report() {
    let text = busy_text();
    let whole = analyse(&text, &tiny(), &IdSource::Lines).unwrap();
    assert!(whole.out_of_order.as_ref().unwrap().count > 0);
    assert!(whole.duplicates.count > 0);
    assert!(whole.sequence.as_ref().unwrap().gaps.count > 0);
    assert!(whole.sequence.as_ref().unwrap().exhausted.count > 0);
    for budget in [1, 2, 7, 50, 10_000] {
        let mut run = BatchRun::new(&text, &tiny(), &IdSource::Lines).unwrap();
        let mut steps = 0u64;
        let mut last_done = 0;
        while !run.is_done() {
            let progress = run.step(budget);
            assert!(progress.done - last_done <= budget);
            last_done = progress.done;
            steps += 1;
        }
        assert_eq!(steps, whole.lines.div_ceil(budget), "budget {budget}");
        assert_eq!(run.finish(), whole, "budget {budget}");
    }
}

#[test]
fn a_family_batch_reads_each_id_in_its_own_form() {
    // ULIDs made at 1000, 3000 and 2000 ms: the third is out of order; the first comes twice.
    let ulid = |ms: u128, random: u128| {
        let id = WideLayout::Ulid.compose(&[ms, random]).unwrap();
        TextForm::Crockford32.format(&id).unwrap()
    };
    let text = format!(
        "{}\n{}\n{}\n{}\n",
        ulid(1000, 1),
        ulid(3000, 2),
        ulid(2000, 3),
        ulid(1000, 1).to_lowercase()
    );
    let report = analyse(
        &text,
        &BatchLayout::Family(IdFamily::Ulid),
        &IdSource::Lines,
    )
    .unwrap();
    assert_eq!(report.parsed, 4);
    let late = report.out_of_order.unwrap();
    assert_eq!(late.count, 2);
    assert_eq!((late.examples[0].line, late.examples[0].unix_ms), (3, 2000));
    assert_eq!(report.duplicates.count, 1);
    assert_eq!(report.duplicates.examples[0].id, ulid(1000, 1));
    assert_eq!(report.histogram, None);
    assert_eq!(report.sequence, None);
}

#[test]
fn a_sonyflake_v2_batch_counts_machines_and_sequence_per_tick() {
    // Sonyflake v2: sign 1, time 39 (10 ms), sequence 8, machine 16.
    let id = |tick: u64, sequence: u64, machine: u64| (tick << 24) | (sequence << 16) | machine;
    let text = format!("{}\n{}\n{}\n", id(5, 0, 9), id(5, 3, 9), id(5, 255, 4));
    let report = analyse(
        &text,
        &BatchLayout::Family(IdFamily::SonyflakeV2),
        &IdSource::Lines,
    )
    .unwrap();
    let bars: Vec<(Vec<u64>, u64)> = report
        .histogram
        .unwrap()
        .bars
        .iter()
        .map(|bar| (bar.values.clone(), bar.ids))
        .collect();
    assert_eq!(bars, vec![(vec![4], 1), (vec![9], 2)]);
    let sequence = report.sequence.unwrap();
    assert_eq!((sequence.gaps.count, sequence.missing), (1, 2));
    assert_eq!(sequence.exhausted.count, 1);
    // Tick 5 of 10 ms after 2025-01-01T00:00:00Z.
    assert_eq!(sequence.exhausted.examples[0].unix_ms, 1_735_689_600_050);
}

/// Every row [`BatchRows`] gives for `text`, read `budget` lines at a time.
fn rows(text: &str, layout: &BatchLayout, source: &IdSource, budget: u64) -> Vec<DecodedRow> {
    let mut rows = BatchRows::new(text, layout, source).unwrap();
    let mut read = Vec::new();
    while !rows.read(budget, |row| read.push(row)).is_done() {}
    read
}

#[test]
fn rows_decode_every_id_into_its_fields_and_keep_its_line() {
    // A header, a blank line and a refused line are left out; the rows keep their lines.
    let text = "who,id\nann,0x0A12\n\nbob,nope\ncy,\"0x0B3F\"\n";
    let source = IdSource::ColumnNamed("id".to_owned());
    let read = rows(text, &tiny(), &source, 2);
    let summary: Vec<(u64, &str, Vec<u128>, Option<i64>)> = read
        .iter()
        .map(|row| (row.line, row.id.as_str(), row.values.clone(), row.unix_ms))
        .collect();
    assert_eq!(
        summary,
        vec![
            (2, "2578", vec![10, 1, 2], Some(10)),
            (5, "2879", vec![11, 3, 15], Some(11)),
        ]
    );
    // However it is sliced.
    assert_eq!(rows(text, &tiny(), &source, 10_000), read);
    let fields = BatchRows::new(text, &tiny(), &source).unwrap();
    assert_eq!(fields.fields(), ["tick", "worker", "seq"]);
    // The same limits as the report.
    assert_eq!(
        BatchRows::new("\n", &tiny(), &IdSource::Lines).err(),
        Some(BatchError::NoIds)
    );
}

#[test]
fn rows_of_a_family_have_its_fields_and_a_uuid_none() {
    let ulid = TextForm::Crockford32
        .format(&WideLayout::Ulid.compose(&[1000, 7]).unwrap())
        .unwrap();
    let ulids = BatchLayout::Family(IdFamily::Ulid);
    let read = rows(&ulid, &ulids, &IdSource::Lines, 1);
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].values, vec![1000, 7]);
    assert_eq!(read[0].unix_ms, Some(1000));
    let uuids = BatchLayout::Family(IdFamily::Uuid);
    let uuid = "0190163d-8694-739b-aea5-966c26f8ad91";
    assert!(BatchRows::new(uuid, &uuids, &IdSource::Lines)
        .unwrap()
        .fields()
        .is_empty());
    let read = rows(uuid, &uuids, &IdSource::Lines, 1);
    assert_eq!((read.len(), read[0].values.len()), (1, 0));
}

#[test]
fn the_limits_alone_are_checked_before_a_paste() {
    // 100,001 non-blank lines: one too many, unless the first is a header.
    let text = format!("id\n{}", "7\n".repeat(MAX_BATCH_IDS));
    assert_eq!(
        check_batch_limits(&text, &IdSource::Lines),
        Err(BatchError::TooManyIds {
            lines: MAX_BATCH_IDS + 1,
            limit: MAX_BATCH_IDS
        })
    );
    let with_header = IdSource::ColumnAt {
        position: 1,
        header: true,
    };
    assert_eq!(check_batch_limits(&text, &with_header), Ok(()));
    assert_eq!(
        check_batch_limits(&text, &IdSource::ColumnNamed("id".into())),
        Ok(())
    );
    // No IDs, or no such column, is for the run to say.
    assert_eq!(check_batch_limits(" \n", &IdSource::Lines), Ok(()));
    assert_eq!(
        check_batch_limits("a,b\n1,2", &IdSource::ColumnNamed("id".into())),
        Ok(())
    );
    assert!(matches!(
        check_batch_limits(&"x".repeat(MAX_BATCH_BYTES + 1), &IdSource::Lines),
        Err(BatchError::TooManyBytes { .. })
    ));
}

#[test]
fn a_blank_line_is_what_trim_leaves_empty_with_unicode_white_space_too() {
    let lines = [
        "",
        " ",
        "\t\r",
        "\u{b}\u{c}",
        "1",
        " 1 ",
        "\u{a0}",
        "\u{3000}\u{2028} ",
        "\u{85}",
        "é",
        "\u{1F980}",
        "\u{1c}",
        " \u{200b}",
        "\u{a0}1",
    ];
    for line in lines {
        assert_eq!(input::is_blank(line), line.trim().is_empty(), "{line:?}");
    }
    // The scan counts the same lines: blank ones of every kind are skipped.
    let text = "1\n\u{3000}\n \t\n\u{a0}2\n\u{1c}\n";
    assert_eq!(check_batch_limits(text, &IdSource::Lines), Ok(()));
    let shape = input::shape(text, false).expect("a shape");
    assert_eq!((shape.lines, shape.id_lines), (6, 3));
}

/// Excel's "CSV UTF-8" and Notepad start a file with a byte-order mark: the header `id` is still
/// found, and a plain list's first ID still reads, for the whole run and for the rows alike.
#[test]
fn a_leading_byte_order_mark_is_not_part_of_the_first_line() {
    let csv = "\u{FEFF}id,user\n0x0A12,ann\n0x0A13,bob\n";
    let by_name = analyse(csv, &tiny(), &IdSource::ColumnNamed("id".to_owned())).unwrap();
    assert_eq!((by_name.parsed, by_name.refused.count), (2, 0));
    let list = analyse("\u{FEFF}0x0A12\n0x0A13\n", &tiny(), &IdSource::Lines).unwrap();
    assert_eq!((list.parsed, list.refused.count), (2, 0));
    let mut rows = BatchRows::new("\u{FEFF}2578\n", &tiny(), &IdSource::Lines).unwrap();
    let mut read = Vec::new();
    while !rows.read(10, |row| read.push(row)).is_done() {}
    assert_eq!(read.len(), 1);
    assert_eq!((read[0].line, read[0].id.as_str()), (1, "2578"));
    assert_eq!(
        check_batch_limits("\u{FEFF}id\n1\n", &IdSource::ColumnNamed("id".into())),
        Ok(())
    );
    // A mark anywhere else is the reader's text, and is refused as such.
    let inner = analyse("0x0A12\n\u{FEFF}0x0A13\n", &tiny(), &IdSource::Lines).unwrap();
    assert_eq!((inner.parsed, inner.refused.count), (1, 1));
}

#[test]
fn a_size_counts_bytes_lines_and_ids_and_says_whether_the_box_shows_it() {
    use crate::view_limits::batch::{MAX_BOX_BYTES, MAX_BOX_LINES};
    let size = batch_size("\u{FEFF}1\n\n2\r\n", &IdSource::Lines).unwrap();
    assert_eq!(
        size,
        BatchSize {
            bytes: 6,
            lines: 4,
            id_lines: 2
        }
    );
    assert!(size.fits_box());
    // The box's limits, on lines and on bytes, each at the limit and one past it.
    let lines = |count: u64| "1\n".repeat(usize::try_from(count - 1).unwrap()) + "1";
    assert!(batch_size(&lines(MAX_BOX_LINES), &IdSource::Lines)
        .unwrap()
        .fits_box());
    let over = batch_size(&lines(MAX_BOX_LINES + 1), &IdSource::Lines).unwrap();
    assert_eq!((over.lines, over.id_lines), (MAX_BOX_LINES + 1, 1_001));
    assert!(!over.fits_box());
    let bytes = |count: u64| "7".repeat(usize::try_from(count).unwrap());
    assert!(batch_size(&bytes(MAX_BOX_BYTES), &IdSource::Lines)
        .unwrap()
        .fits_box());
    assert!(!batch_size(&bytes(MAX_BOX_BYTES + 1), &IdSource::Lines)
        .unwrap()
        .fits_box());
    // 100,000 IDs are within the batch's limits but not the box's; one more line is refused.
    let pile = "1541815603606036480\n".repeat(MAX_BATCH_IDS);
    let size = batch_size(&pile, &IdSource::Lines).unwrap();
    assert_eq!(size.id_lines, MAX_BATCH_IDS);
    assert!(!size.fits_box());
    assert!(matches!(
        batch_size(&format!("{pile}1"), &IdSource::Lines),
        Err(BatchError::TooManyIds { lines: 100_001, .. })
    ));
    // No IDs is no error here: the run says so.
    assert_eq!(
        batch_size(" \n\n", &IdSource::Lines),
        Ok(BatchSize {
            bytes: 3,
            lines: 3,
            id_lines: 0
        })
    );
}
