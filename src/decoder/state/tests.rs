//! The Decoder reducer's native tests.

use std::rc::Rc;

use shardlab_core::layout::{FieldRole, Preset, EXAMPLE_PIN};
use yew::Reducible;

use super::*;

fn reduce(state: DecoderState, action: Action) -> DecoderState {
    (*Rc::new(state).reduce(action)).clone()
}

fn shard(state: &DecoderState) -> u64 {
    state
        .layout
        .decode(state.id)
        .value_of_role(FieldRole::Shard)
        .unwrap()
}

#[test]
fn opens_on_the_pinterest_example() {
    let state = DecoderState::default();
    assert_eq!(state.id, EXAMPLE_PIN);
    assert_eq!(shard(&state), 3429);
    let location = state
        .table
        .as_ref()
        .unwrap()
        .locate(&state.layout, state.id)
        .unwrap();
    assert_eq!(location.hosts.master, "MySQL007A");
}

#[test]
fn a_bad_id_keeps_the_last_good_one() {
    let state = reduce(DecoderState::default(), Action::TypeId("12x".into()));
    assert_eq!(state.id, EXAMPLE_PIN);
    assert_eq!(state.id_text, "12x");
    assert!(state.errors.id.as_deref().unwrap().contains("'x'"));
    let state = reduce(state, Action::TypeId("0x10".into()));
    assert_eq!(state.id, 16);
    assert_eq!(state.errors.id, None);
}

#[test]
fn bit_46_is_the_lowest_shard_bit() {
    let state = reduce(DecoderState::default(), Action::ToggleBit(46));
    assert_eq!(shard(&state), 3428);
    assert_eq!(
        reduce(state, Action::ToggleBit(64)).id,
        EXAMPLE_PIN ^ (1 << 46)
    );
}

#[test]
fn a_field_value_that_does_not_fit_is_refused() {
    let state = reduce(
        DecoderState::default(),
        Action::SetField {
            position: 1,
            text: "70000".into(),
        },
    );
    assert_eq!(state.id, EXAMPLE_PIN);
    let refused = state.errors.field.unwrap();
    assert!(refused.message.contains("0 … 65535"), "{}", refused.message);
    let state = reduce(
        DecoderState::default(),
        Action::SetField {
            position: 1,
            text: "1".into(),
        },
    );
    assert_eq!(shard(&state), 1);
}

#[test]
fn a_split_moves_the_host_and_keeps_the_id() {
    let state = reduce(DecoderState::default(), Action::SplitCurrent);
    assert_eq!(state.id, EXAMPLE_PIN);
    let split = state.split.clone().unwrap();
    assert_eq!(split.before, "MySQL007A");
    assert_eq!(split.after, "MySQL009A");
    assert_eq!(split.moved, (3328, 3583));
}

#[test]
fn a_narrow_shard_field_gets_a_table_that_fits() {
    let state = reduce(
        DecoderState::default(),
        Action::MoveBoundary {
            position: 0,
            bits: 6,
        },
    );
    // shard is now 10 bits: the 4,096-shard table no longer fits.
    let table = state.table.unwrap();
    assert_eq!(table.last_shard(), 1023);
    assert_eq!(state.notes.len(), 1);
}

#[test]
fn an_invalid_layout_is_not_applied() {
    let state = reduce(
        DecoderState::default(),
        Action::MoveBoundary {
            position: 1,
            bits: -16,
        },
    );
    assert_eq!(state.layout, Preset::Pinterest.layout());
    assert!(state.errors.layout.is_some());
    let state = reduce(state, Action::AddField);
    assert!(state.errors.layout.unwrap().contains("64 bits"));
}

#[test]
fn host_names_are_checked() {
    let state = reduce(
        DecoderState::default(),
        Action::SetHost {
            index: 0,
            master: true,
            name: "a b".into(),
        },
    );
    assert!(state.errors.host.is_some());
    let state = reduce(
        state,
        Action::SetHost {
            index: 0,
            master: true,
            name: "MySQL001B".into(),
        },
    );
    assert!(state.errors.host.unwrap().message.contains("own standby"));
}

#[test]
fn inserting_follows_the_example_pin() {
    let state = reduce(
        DecoderState::default(),
        Action::Insert {
            shard: Some(3429),
            type_id: 1,
            now_ms: None,
        },
    );
    assert_eq!(state.id, EXAMPLE_PIN + 1);
    assert_eq!(state.generated.unwrap().steps.len(), 4);
}

#[test]
fn time_based_presets_generate_from_the_clock() {
    let state = reduce(
        DecoderState::for_preset(Preset::Snowflake),
        Action::Insert {
            shard: None,
            type_id: 1,
            now_ms: Some(1_656_432_460_105),
        },
    );
    let time = state.layout.decode(state.id).time().cloned().unwrap();
    assert_eq!(time.unix_ms, 1_656_432_460_105);
}

#[test]
fn the_time_base_is_edited_and_bad_values_are_refused() {
    let state = DecoderState::for_preset(Preset::Snowflake);
    let position = state.layout.position_of("timestamp").unwrap();
    let before = state.layout.decode(state.id).time().cloned().unwrap();
    let set = |state: DecoderState, part, text: &str| {
        reduce(
            state,
            Action::SetTimeBase {
                position,
                part,
                text: text.into(),
            },
        )
    };
    // Moving the epoch one day later moves the decoded time one day later; the ID stays.
    let later = set(
        state.clone(),
        TimePart::EpochIso,
        "2010-11-05T01:42:54.657Z",
    );
    let time = later.layout.decode(later.id).time().cloned().unwrap();
    assert_eq!(time.unix_ms, before.unix_ms + 86_400_000);
    assert_eq!(later.id, state.id);
    assert!(later.layout_edited());
    let unit = set(later.clone(), TimePart::Unit, "10");
    assert_eq!(
        unit.layout.field(position).unwrap().time.unwrap().unit_ms,
        10
    );
    let ms = set(unit, TimePart::EpochMs, "0");
    assert_eq!(ms.layout.field(position).unwrap().time.unwrap().epoch_ms, 0);

    for (part, bad) in [
        (TimePart::Unit, "0"),
        (TimePart::Unit, "1.5"),
        (TimePart::Unit, "86400001"),
        (TimePart::EpochMs, "-5"),
        (TimePart::EpochMs, "soon"),
        (TimePart::EpochIso, "2015-02-30"),
        (TimePart::EpochIso, "1969-01-01"),
        (TimePart::EpochMs, "18446744073709551615"),
    ] {
        let refused = set(later.clone(), part, bad);
        assert_eq!(refused.layout, later.layout, "{bad}");
        let error = refused.errors.time.unwrap();
        assert_eq!(error.key, (position, part), "{bad}");
        assert_eq!(error.text, bad);
        assert!(!error.message.is_empty());
    }
    // A good edit clears the error.
    let refused = set(later.clone(), TimePart::Unit, "0");
    assert!(set(refused, TimePart::Unit, "2").errors.time.is_none());
}

#[test]
fn an_imported_layout_applies_and_a_refused_one_changes_nothing() {
    let state = DecoderState::default();
    let refused = reduce(state.clone(), Action::ImportLayout(Err("bad".into())));
    assert_eq!(refused.layout, state.layout);
    assert_eq!(refused.id, state.id);
    assert_eq!(refused.errors.import.as_deref(), Some("bad"));
    let edited = state.layout.move_boundary(1, 2).unwrap();
    let applied = reduce(refused, Action::ImportLayout(Ok(edited.clone())));
    assert_eq!(applied.layout, edited);
    assert_eq!(applied.id, state.id);
    assert!(applied.errors.import.is_none());
    let snowflake = reduce(
        applied,
        Action::ImportLayout(Ok(Preset::Snowflake.layout())),
    );
    assert_eq!(snowflake.base, Preset::Snowflake);
    assert!(!snowflake.layout_edited());
}

#[test]
fn every_preset_opens_on_a_valid_nonzero_id() {
    for preset in Preset::ALL {
        let state = DecoderState::for_preset(preset);
        assert_ne!(state.id, 0, "{preset}");
        assert!(
            state.layout.decode(state.id).warnings.is_empty(),
            "{preset}"
        );
    }
}
