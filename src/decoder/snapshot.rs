//! The Decoder's snapshot for `data-shardlab-snapshot` (see `snapshot`).

use shardlab_core::layout::FieldRole;

use super::state::DecoderState;
use crate::snapshot::{attribute, DecoderSnapshot};

/// The snapshot of what the Decoder shows, from the same state it renders.
pub fn of(state: &DecoderState) -> DecoderSnapshot {
    let decoded = state.layout.decode(state.id);
    let shard = decoded.value_of_role(FieldRole::Shard);
    let master = match (&state.table, shard) {
        (Some(table), Some(shard)) => table.host_of(shard).map(|pair| pair.master.clone()),
        _ => None,
    };
    let lab = state.lab.shown.as_deref();
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
    }
}

/// [`of`] as the attribute's JSON text.
pub fn attr(state: &DecoderState) -> String {
    attribute(&of(state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_state_is_the_pinterest_example() {
        let snapshot = of(&DecoderState::default());
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
