//! What "Insert a new object" showed before the generator moved into the core, captured from
//! the app's own reducer: every number and sentence a reader sees must stay the same.

use std::rc::Rc;

use shardlab_core::layout::{FieldRole, Preset};
use yew::Reducible;

use super::{Action, DecoderState};
use crate::decoder::narrate::step_text;

fn run(state: DecoderState, inserts: &[(Option<u64>, u64, Option<u64>)]) -> (DecoderState, String) {
    let mut out = String::new();
    let mut state = state;
    for &(shard, type_id, now_ms) in inserts {
        state = (*Rc::new(state).reduce(Action::Insert {
            shard,
            type_id,
            now_ms,
        }))
        .clone();
        out.push_str(&format!(
            "insert shard={shard:?} type={type_id} now={now_ms:?}\n"
        ));
        match (&state.errors.generate, &state.generated) {
            (Some(error), _) => out.push_str(&format!("  error: {error}\n")),
            (None, Some(generated)) => {
                out.push_str(&format!(
                    "  id {} serial {}\n",
                    generated.id, generated.serial
                ));
                for step in generated.steps.iter().map(step_text) {
                    out.push_str(&format!("  - {} | {}\n", step.title, step.detail));
                }
            }
            (None, None) => out.push_str("  nothing\n"),
        }
    }
    (state, out)
}

fn transcript() -> String {
    let now = Some(1_656_432_460_105);
    let mut out = String::new();
    let pinterest = [
        (None, 1, None),
        (None, 2, None),
        (None, 3, None),
        (Some(3429), 1, None),
        (Some(3429), 1, None),
        (Some(5000), 1, None),
        (None, 9, None),
        (None, 1, None),
    ];
    out.push_str("# pinterest\n");
    out.push_str(&run(DecoderState::default(), &pinterest).1);
    for preset in [
        Preset::Instagram,
        Preset::Snowflake,
        Preset::Discord,
        Preset::Sonyflake,
    ] {
        out.push_str(&format!("# {preset}\n"));
        let inserts = [
            (None, 1, now),
            (None, 1, now),
            (Some(5), 1, now),
            (None, 1, None),
            (None, 1, Some(0)),
            (Some(u64::MAX), 1, now),
            (None, 1, Some(1_656_432_460_106)),
        ];
        out.push_str(&run(DecoderState::for_preset(preset), &inserts).1);
    }
    // An edited Pinterest layout: a narrower shard field gets an even table.
    let narrow = reduce_all(
        DecoderState::default(),
        [Action::MoveBoundary {
            position: 0,
            bits: 6,
        }],
    );
    out.push_str("# pinterest, 10-bit shard\n");
    out.push_str(
        &run(
            narrow,
            &[(None, 1, None), (None, 2, None), (Some(1023), 1, None)],
        )
        .1,
    );
    // A layout with neither rule.
    let neither = reduce_all(
        DecoderState::default(),
        [Action::SetRole {
            position: 1,
            role: FieldRole::Other,
        }],
    );
    out.push_str("# no rule\n");
    out.push_str(&run(neither, &[(None, 1, now)]).1);
    // A timestamp layout whose shard field has no table: a worker-like random draw.
    let timed_shard = reduce_all(
        DecoderState::for_preset(Preset::Snowflake),
        [Action::SetRole {
            position: 2,
            role: FieldRole::Shard,
        }],
    );
    out.push_str("# snowflake with a shard field\n");
    out.push_str(
        &run(
            timed_shard,
            &[(None, 1, now), (None, 1, now), (Some(3), 1, now)],
        )
        .1,
    );
    out
}

fn reduce_all(state: DecoderState, actions: impl IntoIterator<Item = Action>) -> DecoderState {
    actions.into_iter().fold(state, |state, action| {
        (*Rc::new(state).reduce(action)).clone()
    })
}

#[test]
fn the_generator_shows_what_it_showed_before_the_move() {
    let expected = include_str!("testdata/generator_transcript.txt");
    let got = transcript();
    if got != expected {
        let _ = std::fs::write("/tmp/generator_transcript.txt", &got);
    }
    assert_eq!(got, expected);
}
