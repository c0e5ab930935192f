//! The Board's state in the address bar: `#/board?v=1&preset=…&users=…&seed=…&t=…&d=…` (`t`
//! is the second of the run the boxes show). The
//! localStorage autosave ([`super::autosave`]) holds the same pairs as JSON text
//! ([`save_text`], [`load_text`]), read the way a link is.
//!
//! Only what differs from the opening board is written, so the plain `#/board` still means the
//! Pinterest preset. `d` holds the design's JSON, and only when the design differs from the preset's
//! (yew-router percent-encodes it); the core reads it ([`Design::from_json`] with
//! [`ReadRules::LINK`]: any design within the size limits, the board explains the rest). Decoding
//! never fails: a bad value becomes a note and its default.

use shardlab_core::input_text::check_json_depth;
use shardlab_core::sim::validate::MAX_DURATION_S;
use shardlab_core::sim::{Design, ReadError, ReadRules, DESIGN_VERSION, DROPPED_NAMED};
use shardlab_core::text::{bounded_message, quote};

use crate::browser::json::{from_text, Json};
use crate::url::url_query::check_version;

#[cfg(test)]
use super::state::MAX_NODES;
use super::state::{BoardState, BOARD_MIN_USERS, DEFAULT_PRESET, DEFAULT_SEED, MAX_USERS};

/// The format version written as `v`.
pub const VERSION: u32 = 1;

/// The query pairs for a state; empty when it is the opening board.
pub fn encode(state: &BoardState) -> Vec<(&'static str, String)> {
    let preset_design = state.design_is_preset();
    let opening = state.preset.as_deref() == Some(DEFAULT_PRESET)
        && preset_design
        && state.seed == DEFAULT_SEED
        && state.second.is_none()
        && Some(state.users) == state.base_design().map(|d| d.user_count());
    if opening {
        return Vec::new();
    }
    let mut pairs = vec![("v", VERSION.to_string())];
    if let Some(name) = &state.preset {
        pairs.push(("preset", name.clone()));
    }
    pairs.push(("users", state.users.to_string()));
    pairs.push(("seed", state.seed.to_string()));
    if let Some(second) = state.second {
        pairs.push(("t", second.to_string()));
    }
    if !preset_design {
        if let Ok(json) = serde_json::to_string(&state.design) {
            pairs.push(("d", json));
        }
    }
    pairs
}

/// Where a board's pairs come from, for the notes that say what could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The address.
    Link,
    /// The browser's autosave.
    Autosave,
}

impl Source {
    /// The start of a note about one of its values.
    fn whose(self) -> &'static str {
        match self {
            Source::Link => "The link's",
            Source::Autosave => "Your saved board's",
        }
    }
}

/// The state a link describes, with a note for every value it could not use.
pub fn decode(pairs: &[(String, String)]) -> (BoardState, Vec<String>) {
    if let Err(notice) = check_version(pairs, VERSION, "the default board") {
        return (BoardState::default(), vec![notice]);
    }
    decode_from(pairs, Source::Link)
}

/// The state a link's or an autosave's pairs describe, whose version was checked, with a note for
/// every value that could not be used (that value's default is kept).
fn decode_from(pairs: &[(String, String)], source: Source) -> (BoardState, Vec<String>) {
    let whose = source.whose();
    let mut notes = Vec::new();
    let get = |key: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let mut state = match get("preset") {
        Some(name) => BoardState::from_preset(name).unwrap_or_else(|| {
            notes.push(format!(
                "{whose} preset {} does not exist; showing {DEFAULT_PRESET}.",
                quote(name)
            ));
            BoardState::default()
        }),
        None => {
            let mut s = BoardState::default();
            if get("d").is_some() {
                s.preset = None;
            }
            s
        }
    };
    if let Some(text) = get("d") {
        match decode_design(text, source) {
            Ok((design, note)) => {
                state.design = design;
                notes.extend(note);
            }
            Err(message) => notes.push(message),
        }
    }
    if let Some(text) = get("users") {
        match text.parse::<u32>() {
            Ok(users) if (BOARD_MIN_USERS..=MAX_USERS).contains(&users) => state.users = users,
            _ => notes.push(format!(
                "{whose} users {} is not a whole number {BOARD_MIN_USERS} … {MAX_USERS}; kept {}.",
                quote(text),
                state.users
            )),
        }
    }
    if let Some(text) = get("seed") {
        match text.parse::<u64>() {
            Ok(seed) => state.seed = seed,
            Err(_) => notes.push(format!(
                "{whose} seed {} is not a whole number 0 … 18446744073709551615; kept {}.",
                quote(text),
                state.seed
            )),
        }
    }
    if let Some(text) = get("t") {
        match text.parse::<u32>() {
            Ok(second) if f64::from(second) < MAX_DURATION_S => state.second = Some(second),
            _ => notes.push(format!(
                "{whose} second {} is not a whole number 0 … {}; the boxes show the whole run.",
                quote(text),
                MAX_DURATION_S - 1.0
            )),
        }
    }
    let users = state.users;
    for node in &mut state.design.nodes {
        if let shardlab_core::sim::NodeSettings::Users(u) = &mut node.settings {
            u.count = users;
        }
    }
    (state, notes)
}

/// A design from a link's `d`: JSON of the design format, within the same size limits as an
/// imported file (a 20,000-node link once took half a minute to draw). It may otherwise be invalid
/// (the board explains why), but it must parse. A newer version's design comes with a note
/// naming what this build left out of it.
pub fn decode_design(text: &str, source: Source) -> Result<(Design, Option<String>), String> {
    let whose = source.whose();
    let unread = |message: &str| {
        format!(
            "{whose} design could not be read ({}); showing the preset instead.",
            bounded_message(message)
        )
    };
    let loaded = Design::from_json::<Json>(text, ReadRules::LINK).map_err(|error| match error {
        ReadError::TooLong { .. } => {
            format!("{whose} design is over 1 MB; showing the preset instead.")
        }
        ReadError::TooDeep(too_deep) => {
            format!("{whose} design {too_deep}; showing the preset instead.")
        }
        ReadError::NotJson(message) | ReadError::NotADesign(message) => unread(&message),
        // The link's rules read the version with the rest (an older one is refused as over the
        // limits), so these two do not arise.
        ReadError::NoVersion | ReadError::OtherVersion(_) => unread("no \"version\": 1"),
        ReadError::Refused(problems) => match problems.first() {
            Some(too_big) => {
                format!("{whose} design cannot be opened: {too_big}; showing the preset instead.")
            }
            None => unread("refused"),
        },
    })?;
    let note = loaded.newer.map(|newer| {
        format!(
            "{whose} design is version {}, newer than this build's {DESIGN_VERSION}; it opened \
             without {}.",
            newer.version,
            newer.left_out(DROPPED_NAMED)
        )
    });
    Ok((loaded.design, note))
}

/// The autosave: the same pairs as the link, as JSON.
pub fn save_text(state: &BoardState) -> String {
    serde_json::to_string(&crate::url::url_query::owned(&encode(state))).unwrap_or_default()
}

/// What an autosave's text holds, read the way a link is read.
#[derive(Clone, Debug, PartialEq)]
pub enum SavedBoard {
    /// A board, with a note for each value that could not be used (its default is kept).
    Read(Box<BoardState>, Vec<String>),
    /// Nothing this build can read: another format version wrote it, it is damaged, or it (or
    /// its design) nests too deep to read. The text says which, after "could not be opened: ".
    Unreadable(String),
}

/// The inverse of [`save_text`]. A save nested past the readers' limit, or whose design is, is
/// not read at all: its design is the reader's work, so it is kept aside whole rather than
/// opened as the preset and saved over.
pub fn load_text(text: &str) -> SavedBoard {
    if let Err(too_deep) = check_json_depth(text) {
        return SavedBoard::Unreadable(format!("it {too_deep}"));
    }
    let Ok(pairs) = from_text::<Vec<(String, String)>>(text) else {
        return SavedBoard::Unreadable("it is damaged".to_owned());
    };
    if check_version(&pairs, VERSION, "").is_err() {
        return SavedBoard::Unreadable("another version of shardlab wrote it".to_owned());
    }
    let design = pairs.iter().find(|(key, _)| key == "d");
    if let Some(Err(too_deep)) = design.map(|(_, d)| check_json_depth(d)) {
        return SavedBoard::Unreadable(format!("its design {too_deep}"));
    }
    let (state, notes) = decode_from(&pairs, Source::Autosave);
    SavedBoard::Read(Box::new(state), notes)
}

/// Whether this build reads an autosave's text, at least in part; one it cannot read is kept
/// aside before a save would overwrite it.
pub fn save_is_readable(text: &str) -> bool {
    matches!(load_text(text), SavedBoard::Read(..))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::state::{Action, Selection};
    use std::rc::Rc;
    use yew::Reducible;

    use crate::url::url_query::owned;

    /// An edited board's autosave nests far below the readers' JSON limit
    /// (`shardlab_core::input_text::MAX_JSON_DEPTH`): 2 deep, its design a string inside.
    #[test]
    fn the_autosave_nests_far_below_the_json_limit() {
        use shardlab_core::input_text::{json_depth, MAX_JSON_DEPTH};

        let board = Rc::new(BoardState::default()).reduce(Action::MoveNode {
            id: "app".into(),
            x: 1.0,
            y: 2.0,
        });
        let text = save_text(&board);
        let deepest = json_depth(text.as_bytes()).deepest;
        assert_eq!(deepest, 2, "{text}");
        assert!(deepest * 16 <= MAX_JSON_DEPTH);
    }

    #[test]
    fn the_opening_board_has_an_empty_query() {
        assert!(encode(&BoardState::default()).is_empty());
    }

    #[test]
    fn a_moved_node_round_trips_through_the_link() {
        let state = Rc::new(BoardState::default()).reduce(Action::MoveNode {
            id: "app".into(),
            x: 333.0,
            y: 111.5,
        });
        let pairs = owned(&encode(&state));
        assert!(pairs.iter().any(|(k, _)| k == "d"));
        let (back, notes) = decode(&pairs);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(back.design, state.design);
        assert_eq!(back.users, 4_000);
    }

    #[test]
    fn a_link_from_a_newer_format_opens_the_default_board_with_a_notice() {
        let state = Rc::new(BoardState::default()).reduce(Action::SetUsers(20_000));
        let mut pairs = owned(&encode(&state));
        assert_eq!(pairs.first(), Some(&("v".to_owned(), "1".to_owned())));
        if let Some(first) = pairs.first_mut() {
            first.1 = "2".to_owned();
        }
        let (back, notes) = decode(&pairs);
        assert_eq!(back.users, BoardState::default().users);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes.iter().all(|n| n.contains("format 2")), "{notes:?}");
    }

    #[test]
    fn users_and_seed_round_trip_without_the_design() {
        let state = Rc::new(BoardState::default()).reduce(Action::SetUsers(20_000));
        let state = state.reduce(Action::SetSeed(7));
        let pairs = owned(&encode(&state));
        assert!(pairs.iter().all(|(k, _)| k != "d"), "{pairs:?}");
        let (back, _) = decode(&pairs);
        assert_eq!((back.users, back.seed), (20_000, 7));
        assert_eq!(back.design, state.design);
    }

    #[test]
    fn the_second_shown_round_trips_and_a_bad_one_is_a_note() {
        let state = Rc::new(BoardState::default()).reduce(Action::ShowSecond(Some(6)));
        let pairs = owned(&encode(&state));
        assert!(
            pairs.contains(&("t".to_owned(), "6".to_owned())),
            "{pairs:?}"
        );
        let (back, notes) = decode(&pairs);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(back.second, Some(6));
        // The whole run again is the opening board's bare link.
        assert!(encode(&Rc::new(back).reduce(Action::ShowSecond(None))).is_empty());
        for bad in ["-1", "3600", "x"] {
            let mut pairs = owned(&encode(&state));
            pairs.retain(|(k, _)| k != "t");
            pairs.push(("t".to_owned(), bad.to_owned()));
            let (back, notes) = decode(&pairs);
            assert_eq!(back.second, None, "{bad}");
            assert_eq!(notes.len(), 1, "{notes:?}");
            assert!(notes.iter().all(|n| n.contains("0 … 3599")), "{notes:?}");
        }
    }

    #[test]
    fn bad_values_become_notes() {
        let pairs = vec![
            ("v".to_string(), "1".to_string()),
            ("preset".to_string(), "nope".to_string()),
            ("users".to_string(), "0".to_string()),
            ("d".to_string(), "{".to_string()),
        ];
        let (state, notes) = decode(&pairs);
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert_eq!(state.preset.as_deref(), Some("pinterest"));
        assert_eq!(state.selected, Selection::None);
    }

    #[test]
    fn autosave_round_trips() {
        let state = Rc::new(BoardState::default()).reduce(Action::LoadPreset("one-big-box".into()));
        match load_text(&save_text(&state)) {
            SavedBoard::Read(back, notes) => {
                assert_eq!(back.design, state.design);
                assert!(notes.is_empty(), "{notes:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_save_keeps_what_reads_and_says_what_was_dropped() {
        let text = r#"[["v","1"],["preset","one-big-box"],["users","0"],["seed","x"]]"#;
        let SavedBoard::Read(state, notes) = load_text(text) else {
            panic!("a save with two bad values still reads");
        };
        assert_eq!(state.preset.as_deref(), Some("one-big-box"));
        assert_eq!(state.seed, DEFAULT_SEED);
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(
            notes.iter().all(|n| n.starts_with("Your saved board's")),
            "{notes:?}"
        );
        assert!(save_is_readable(text));
    }

    #[test]
    fn a_damaged_or_newer_save_is_unreadable() {
        for text in [
            "nonsense",
            r#"{"v":1}"#,
            r#"[["v","2"],["users","5"]]"#,
            r#"[["v","x"]]"#,
        ] {
            assert!(
                matches!(load_text(text), SavedBoard::Unreadable(_)),
                "{text}"
            );
            assert!(!save_is_readable(text), "{text}");
        }
    }

    #[test]
    fn a_link_over_the_size_limits_is_refused_with_a_note() {
        let mut design = BoardState::default().design;
        let node = design.nodes.first().cloned().expect("the preset has nodes");
        design.nodes = (0..=MAX_NODES)
            .map(|i| shardlab_core::sim::Node {
                id: format!("n{i}"),
                ..node.clone()
            })
            .collect();
        let json = serde_json::to_string(&design).expect("a design serialises");
        let pairs = vec![("v".to_string(), "1".to_string()), ("d".to_string(), json)];
        let (state, notes) = decode(&pairs);
        assert_eq!(state.design, BoardState::default().design);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].contains(&format!("at most {MAX_NODES}")),
            "{notes:?}"
        );
    }

    #[test]
    fn a_save_nested_past_the_limit_is_unreadable_whole() {
        let deep = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(
            load_text(&deep),
            SavedBoard::Unreadable("it nests 10,000 levels deep; shardlab reads at most 64".into())
        );
        let design = format!(r#"{{"version": 1, "nodes": {deep}}}"#);
        let save = serde_json::to_string(&[("v", "1"), ("d", design.as_str())]).unwrap();
        assert_eq!(
            load_text(&save),
            SavedBoard::Unreadable(
                "its design nests 10,001 levels deep; shardlab reads at most 64".into()
            )
        );
        assert!(!save_is_readable(&save));
        // A link's design so deep opens the preset, with a note.
        let (state, notes) = decode(&owned(&[("v", "1".to_owned()), ("d", design)]));
        assert_eq!(state.design, BoardState::default().design);
        assert_eq!(
            notes,
            ["The link's design nests 10,001 levels deep; shardlab reads at most 64; showing \
              the preset instead."]
        );
    }

    #[test]
    fn a_links_design_is_refused_word_for_word() {
        let link = |text: &str| decode_design(text, Source::Link).unwrap_err();
        assert_eq!(
            link("{nope"),
            "The link's design could not be read (key must be a string at line 1 column 2); \
             showing the preset instead."
        );
        assert_eq!(
            link(r#"{"nodes": []}"#),
            "The link's design could not be read (missing field `version`); showing the preset \
             instead."
        );
        assert_eq!(
            link(r#"{"version": 0, "nodes": []}"#),
            "The link's design cannot be opened: design version 0 is not supported; this build \
             reads version 1; showing the preset instead."
        );
        assert_eq!(
            link(&" ".repeat(1_048_577)),
            "The link's design is over 1 MB; showing the preset instead."
        );
        assert_eq!(
            decode_design(r#"{"version": 1.5, "nodes": []}"#, Source::Autosave).unwrap_err(),
            "Your saved board's design could not be read (invalid type: floating point `1.5`, \
             expected u64); showing the preset instead."
        );
        // A newer version's link opens what it can, and the note names what it left out.
        let (design, note) = decode_design(
            r#"{"version": 2, "nodes": [{"id": "u", "settings": {"kind": "users"}},
                {"id": "q", "settings": {"kind": "queue"}}], "edges": [{"from": "u", "to": "q"}]}"#,
            Source::Link,
        )
        .unwrap();
        assert_eq!(design.nodes.len(), 1);
        assert!(design.edges.is_empty());
        assert_eq!(
            note.as_deref(),
            Some(
                "The link's design is version 2, newer than this build's 1; it opened without \
                 node `q`, of kind `queue`, the wire `u` → `q`."
            )
        );
        // Invalid but within the limits: the board opens it and explains.
        assert!(decode_design(r#"{"version": 1, "nodes": []}"#, Source::Link).is_ok());
    }
}
