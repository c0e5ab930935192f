//! The Decoder's snapshot for `data-shardlab-snapshot` (see `snapshot`).

use shardlab_core::id_family::{rank, Plausibility, UuidKind, WideLayout};
use shardlab_core::layout::FieldRole;

use super::state::DecoderState;
use crate::snapshot::{attribute, DecoderSnapshot};

/// The snapshot of what the Decoder shows, from the same state it renders; "Whose ID is this?"
/// ranks at `now_ms`, the browser's time, as the widget does.
pub fn of(state: &DecoderState, now_ms: i64) -> DecoderSnapshot {
    let decoded = state.layout.decode(state.id);
    let shard = decoded.value_of_role(FieldRole::Shard);
    let master = match (&state.table, shard) {
        (Some(table), Some(shard)) => table.host_of(shard).map(|pair| pair.master.clone()),
        _ => None,
    };
    let lab = state.lab.shown.as_deref();
    let top = rank(&state.detect.shown, now_ms).into_iter().next();
    DecoderSnapshot {
        layout: state.base.name().to_owned(),
        edited: state.layout_edited(),
        id: state.id.to_string(),
        fields: decoded
            .fields
            .iter()
            .map(|field| (field.name.clone(), field.value))
            .collect(),
        shard,
        master,
        ranges: state.table.as_ref().map_or(0, |table| table.ranges().len()),
        last_inserted: state.generated.as_ref().map(|g| g.id.to_string()),
        lab_fault: state.lab.kind.name().to_owned(),
        lab_fix: state.lab.fix.name().to_owned(),
        lab_duplicates: lab
            .and_then(|shown| shown.naive.as_ref().ok())
            .map(|r| r.duplicates),
        lab_fixed_duplicates: lab
            .and_then(|shown| shown.fixed.as_ref().ok())
            .map(|r| r.duplicates),
        detect_top: top.map(|c| c.reading.name()).unwrap_or_default().to_owned(),
        detect_version: top.and_then(|c| match c.layout {
            Some(WideLayout::Uuid(UuidKind::Rfc9562(version))) => Some(version.number()),
            _ => None,
        }),
        detect_ms: top
            .filter(|c| c.plausibility == Plausibility::Plausible)
            .and_then(|c| c.unix_ms)
            .and_then(|ms| u64::try_from(ms).ok()),
    }
}

/// [`of`] as the attribute's JSON text.
pub fn attr(state: &DecoderState, now_ms: i64) -> String {
    attribute(&of(state, now_ms))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_state_is_the_pinterest_example() {
        let snapshot = of(&DecoderState::default(), NOW);
        assert_eq!(snapshot.id, "241294492511762325");
        assert_eq!(snapshot.shard, Some(3429));
        assert_eq!(snapshot.fields.get("type"), Some(&1));
        assert_eq!(snapshot.master.as_deref(), Some("MySQL007A"));
        assert_eq!(snapshot.ranges, 8);
        // The lab opens on the clock step: the naive run duplicates, waiting it out does not.
        assert_eq!(snapshot.lab_fault, "clock");
        assert_eq!(snapshot.lab_fix, "wait");
        assert!(snapshot.lab_duplicates.is_some_and(|d| d > 0));
        assert_eq!(snapshot.lab_fixed_duplicates, Some(0));
        // "Whose ID is this?" opens on Discord's example from 2016.
        assert_eq!(snapshot.detect_top, "discord");
        assert_eq!(snapshot.detect_version, None);
        assert!(snapshot.detect_ms.is_some());
    }

    /// 2024-01-01T00:00:00Z, a now for the ranking.
    const NOW: i64 = 1_704_067_200_000;

    fn detected(text: &str, now_ms: i64) -> DecoderSnapshot {
        let mut state = DecoderState::default();
        state.detect.type_text(text.to_owned());
        of(&state, now_ms)
    }

    #[test]
    fn the_likeliest_reading_is_published_with_its_version_and_a_plausible_time() {
        // RFC 9562's UUIDv4 and v7 examples, and the ULID spec's.
        let v4 = detected("919108f7-52d1-4320-9bac-f847db4148a8", NOW);
        assert_eq!(
            (v4.detect_top.as_str(), v4.detect_version, v4.detect_ms),
            ("uuid", Some(4), None)
        );
        let v7 = detected("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", NOW);
        assert_eq!(
            (v7.detect_top.as_str(), v7.detect_version, v7.detect_ms),
            ("uuid", Some(7), Some(1_645_557_742_000))
        );
        let ulid = detected("01ARZ3NDEKTSV4RRFFQ69G5FAV", NOW);
        assert_eq!(
            (ulid.detect_top.as_str(), ulid.detect_ms),
            ("ulid", Some(1_469_922_850_259))
        );
        // Judged before it was made, the v7's time is not plausible, so none is published.
        assert_eq!(
            detected("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", 0).detect_ms,
            None
        );
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use crate::decoder::DecoderView;
    use crate::snapshot::{DecoderSnapshot, ATTRIBUTE};
    use crate::test_support::{find, mount};

    wasm_bindgen_test_configure!(run_in_browser);

    fn published(root: &web_sys::Element) -> DecoderSnapshot {
        let text = find(root, &format!("[{ATTRIBUTE}]"))
            .get_attribute(ATTRIBUTE)
            .unwrap_or_default();
        serde_json::from_str(&text).unwrap_or_default()
    }

    #[wasm_bindgen_test]
    async fn the_page_publishes_what_it_shows_and_follows_each_change() {
        let root = mount::<DecoderView>().await;
        let before = published(&root);
        assert_eq!(before.shard, Some(3429));
        assert_eq!(before.master.as_deref(), Some("MySQL007A"));
        find(&root, "#bit-46")
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        let after = published(&root);
        assert_eq!(after.shard, Some(3428));
        assert_ne!(after.id, before.id);
    }
}
