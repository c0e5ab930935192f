//! Property tests for the views' links (issue 8 §2): for a random state each view can reach,
//! encoding it into query pairs and decoding them gives the same state back, with no note.
//!
//! The states are reached the way a reader reaches them: a random sequence of the view's own
//! actions from its opening state (presets, typed IDs, moved boundaries, split tables; servers added
//! and removed, weights, vnodes; a new seed, users, moved and renamed nodes…), so the test covers
//! the states the app can actually hold rather than hand-built ones. Only the parts a link carries
//! are compared; notes, selections and run progress are not in the address.

// Native only: proptest does not run on wasm32.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use proptest::prelude::*;
use shardlab_app::board::state::{Action as BoardAction, BoardState, Selection};
use shardlab_app::decoder::state::{Action as DecoderAction, DecoderState};
use shardlab_app::ring::state::{Action as RingAction, RingState};
use shardlab_app::url::url_query::owned;
use shardlab_app::{board, decoder, ring};
use shardlab_core::id_family::Reading;
use shardlab_core::layout::{FieldRole, Preset};
use shardlab_core::placement::SchemeKind;
use shardlab_core::sim::{NodeKind, PRESET_NAMES};
use yew::Reducible;

/// Any text a reader could type: printable ASCII with the query's own delimiters, and a few
/// non-ASCII characters.
fn typed_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ -~]{0,24}",
        "[a-zA-Z0-9&=%+#?/ ]{0,12}",
        Just("ünïcødé ✓ 🦀".to_owned()),
    ]
}

fn decoder_action() -> impl Strategy<Value = DecoderAction> {
    let role = prop::sample::select(FieldRole::ALL.to_vec());
    prop_oneof![
        prop::sample::select(Preset::ALL.to_vec()).prop_map(DecoderAction::PickPreset),
        any::<u64>().prop_map(|id| DecoderAction::TypeId(id.to_string())),
        typed_text().prop_map(DecoderAction::TypeId),
        (0u32..64).prop_map(DecoderAction::ToggleBit),
        (0usize..6, -8i32..8)
            .prop_map(|(position, bits)| DecoderAction::MoveBoundary { position, bits }),
        (0usize..6, 0u32..40).prop_map(|(position, width)| DecoderAction::SetWidth {
            position,
            text: width.to_string()
        }),
        (0usize..6, "[a-z_]{1,10}")
            .prop_map(|(position, name)| DecoderAction::RenameField { position, name }),
        (0usize..6, role).prop_map(|(position, role)| DecoderAction::SetRole { position, role }),
        Just(DecoderAction::AddField),
        (0usize..6).prop_map(DecoderAction::RemoveField),
        (0usize..4, any::<bool>(), "[A-Za-z0-9]{1,12}").prop_map(|(index, master, name)| {
            DecoderAction::SetHost {
                index,
                master,
                name,
            }
        }),
        Just(DecoderAction::SplitCurrent),
        Just(DecoderAction::ResetTable),
        typed_text().prop_map(DecoderAction::Detect),
        prop::sample::select(vec![
            " 1541815603606036480 ",
            "{017F22E2-79B0-7CC3-98C4-DC0C0C07398F}",
            "01ARZ3NDEKTSV4RRFFQ69G5FAV",
            "ObjectId(\"507f1f77bcf86cd799439011\")",
            "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
            "01ARZ3NDEKTSV4RRFFQ69G5FAU",
        ])
        .prop_map(|text| DecoderAction::Detect(text.to_owned())),
        prop::sample::select(Reading::ALL.to_vec()).prop_map(DecoderAction::PickReading),
    ]
}

fn ring_action() -> impl Strategy<Value = RingAction> {
    prop_oneof![
        prop::sample::select(SchemeKind::ALL.to_vec()).prop_map(RingAction::SetScheme),
        Just(RingAction::AddServer),
        (0u32..70).prop_map(RingAction::RemoveServer),
        (0u32..70, 0u32..120).prop_map(|(id, weight)| RingAction::SetWeight { id, weight }),
        (0u32..20_000).prop_map(RingAction::SetVnodes),
        (0u32..8).prop_map(RingAction::SetReplicas),
        (0u64..2_000_000).prop_map(RingAction::SetKeys),
        (0u64..20_000).prop_map(RingAction::SetSample),
        any::<u64>().prop_map(RingAction::SetSeed),
        typed_text().prop_map(RingAction::SetKey),
        Just(RingAction::Settle),
        (0usize..6).prop_map(RingAction::SetStep),
    ]
}

/// A board action; node ids are picked by index from the board as it is when the action runs.
#[derive(Clone, Debug)]
enum BoardStep {
    Act(BoardAction),
    Move(usize, f64, f64),
    Rename(usize, String),
    Delete(usize),
    Connect(usize, usize),
}

fn board_step() -> impl Strategy<Value = BoardStep> {
    let kind = prop::sample::select(vec![
        NodeKind::Users,
        NodeKind::LoadBalancer,
        NodeKind::AppServer,
        NodeKind::Cache,
        NodeKind::Database,
    ]);
    prop_oneof![
        prop::sample::select(PRESET_NAMES.to_vec())
            .prop_map(|name| BoardStep::Act(BoardAction::LoadPreset(name.to_owned()))),
        any::<u32>().prop_map(|users| BoardStep::Act(BoardAction::SetUsers(users))),
        any::<u64>().prop_map(|seed| BoardStep::Act(BoardAction::SetSeed(seed))),
        (kind, -500.0..2000.0f64, -500.0..2000.0f64)
            .prop_map(|(kind, x, y)| BoardStep::Act(BoardAction::AddNode(kind, x, y))),
        (0usize..12, -500.0..2000.0f64, -500.0..2000.0f64)
            .prop_map(|(i, x, y)| BoardStep::Move(i, x, y)),
        (0usize..12, typed_text()).prop_map(|(i, label)| BoardStep::Rename(i, label)),
        (0usize..12).prop_map(BoardStep::Delete),
        (0usize..12, 0usize..12).prop_map(|(a, b)| BoardStep::Connect(a, b)),
    ]
}

fn node_id(state: &BoardState, index: usize) -> Option<String> {
    let count = state.design.nodes.len();
    (count > 0)
        .then(|| state.design.nodes.get(index % count))
        .flatten()
        .map(|node| node.id.clone())
}

fn board_after(steps: Vec<BoardStep>) -> BoardState {
    let mut state = Rc::new(BoardState::default());
    for step in steps {
        let actions = match step {
            BoardStep::Act(action) => vec![action],
            BoardStep::Move(i, x, y) => node_id(&state, i)
                .map(|id| BoardAction::MoveNode { id, x, y })
                .into_iter()
                .collect(),
            BoardStep::Rename(i, label) => node_id(&state, i)
                .map(|id| BoardAction::SetLabel(id, label))
                .into_iter()
                .collect(),
            BoardStep::Delete(i) => node_id(&state, i)
                .map(|id| {
                    vec![
                        BoardAction::Select(Selection::Node(id)),
                        BoardAction::DeleteSelected,
                    ]
                })
                .unwrap_or_default(),
            BoardStep::Connect(a, b) => match (node_id(&state, a), node_id(&state, b)) {
                (Some(from), Some(to)) => vec![BoardAction::Connect(from, to)],
                _ => Vec::new(),
            },
        };
        for action in actions {
            state = state.reduce(action);
        }
    }
    Rc::unwrap_or_clone(state)
}

/// What a link carries of a board: everything but the selection, the pending connection, the
/// cancel flag and the messages.
fn board_link_part(state: &BoardState) -> BoardState {
    BoardState {
        selected: Selection::None,
        connecting: None,
        cancelled: false,
        import_error: None,
        setting_error: None,
        note: None,
        ..state.clone()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn a_decoder_state_survives_its_link(actions in prop::collection::vec(decoder_action(), 0..24)) {
        let mut state = Rc::new(DecoderState::default());
        for action in actions {
            state = state.reduce(action);
        }
        let link = owned(&decoder::url_state::encode(&state));
        let back = decoder::url_state::decode(&link);
        prop_assert!(back.notes.is_empty(), "{link:?} decodes with notes {:?}", back.notes);
        prop_assert_eq!(back.base, state.base, "{:?}", link);
        prop_assert_eq!(&back.layout, &state.layout, "{:?}", link);
        prop_assert_eq!(back.id, state.id, "{:?}", link);
        prop_assert_eq!(&back.table, &state.table, "{:?}", link);
        prop_assert_eq!(&back.detect.shown, &state.detect.shown, "{:?}", link);
        prop_assert_eq!(back.detect.picked, state.detect.picked, "{:?}", link);
    }

    #[test]
    fn a_ring_state_survives_its_link(actions in prop::collection::vec(ring_action(), 0..32)) {
        let mut state = RingState::default();
        for action in actions {
            state.apply(action);
        }
        state.notes.clear();
        state.step = 0;
        let link = owned(&ring::url_state::encode(&state));
        let back = ring::url_state::decode(&link);
        prop_assert_eq!(back, state, "{:?}", link);
    }

    #[test]
    fn a_board_state_survives_its_link(steps in prop::collection::vec(board_step(), 0..16)) {
        let state = board_link_part(&board_after(steps));
        let link = owned(&board::url_state::encode(&state));
        let (back, notes) = board::url_state::decode(&link);
        prop_assert!(notes.is_empty(), "{link:?} decodes with notes {notes:?}");
        prop_assert_eq!(back, state, "{:?}", link);
    }
}
