//! Property tests: no text makes a batch panic, and slicing never changes its report.

use proptest::prelude::*;

use super::*;
use crate::id_family::IdFamily;
use crate::layout::BitLayout;
use crate::stepped::Stepped;

/// Every kind of layout: a preset with a shard, one with workers and a sequence, a family with
/// one layout and the UUID, whose layout varies per ID.
fn layouts() -> Vec<BatchLayout> {
    let mut layouts: Vec<BatchLayout> = ["pinterest", "snowflake", "sonyflake"]
        .into_iter()
        .filter_map(|name| BitLayout::preset(name).ok())
        .map(BatchLayout::Bits)
        .collect();
    layouts.extend(
        [IdFamily::Uuid, IdFamily::Tsid, IdFamily::ObjectId]
            .into_iter()
            .map(BatchLayout::Family),
    );
    layouts
}

fn sources() -> Vec<IdSource> {
    vec![
        IdSource::Lines,
        IdSource::ColumnAt {
            position: 2,
            header: false,
        },
        IdSource::ColumnNamed("id".to_owned()),
    ]
}

/// Text that looks like IDs, CSV and garbage: digits, hex, separators, quotes, line breaks and
/// some Unicode.
const ID_LIKE: &str = "[0-9a-fA-Fx\",\r\n \t_{}é\u{200B}-]{0,300}";

proptest! {
    #[test]
    fn any_text_gives_a_report_or_an_error(
        text in prop_oneof![any::<String>(), ID_LIKE],
        layout in prop::sample::select(layouts()),
        source in prop::sample::select(sources()),
    ) {
        if let Ok(report) = analyse(&text, &layout, &source) {
            prop_assert!(report.parsed.saturating_add(report.refused.count) <= report.lines);
        }
    }

    #[test]
    fn slices_of_any_size_give_the_one_shot_report(
        text in ID_LIKE,
        layout in prop::sample::select(layouts()),
        budget in 1u64..20,
    ) {
        let whole = analyse(&text, &layout, &IdSource::Lines);
        let sliced = BatchRun::new(&text, &layout, &IdSource::Lines).map(|mut run| {
            while !run.step(budget).is_done() {}
            run.finish()
        });
        prop_assert_eq!(sliced, whole);
    }
}
