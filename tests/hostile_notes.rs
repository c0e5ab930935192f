//! A link's notes stay short and readable whatever its values hold (issue 16): each key every
//! view reads, given a megabyte of text or a bidi override, gives notes of a few hundred
//! characters at most that name the override by code point and, where they quote the value,
//! say how long it was.

use shardlab_app::{board, decoder, ring};

/// The longest note a hostile value may give.
const MAX_NOTE_CHARS: usize = 300;

fn megabyte() -> String {
    "x".repeat(1_048_576)
}

/// A right-to-left override, which would turn the rest of a note around.
const OVERRIDE: &str = "\u{202E}abc";

/// The notes of each view for a link `v=1&key=value` (`v=value` for the version itself).
fn notes(key: &str, value: &str) -> Vec<String> {
    let mut pairs = vec![(key.to_owned(), value.to_owned())];
    if key != "v" {
        pairs.insert(0, ("v".to_owned(), "1".to_owned()));
    }
    let mut notes = decoder::url_state::decode(&pairs).notes;
    notes.extend(ring::url_state::decode(&pairs).notes);
    notes.extend(board::url_state::decode(&pairs).1);
    notes
}

fn assert_short(key: &str, notes: &[String]) {
    for note in notes {
        let start: String = note.chars().take(MAX_NOTE_CHARS).collect();
        assert!(note.chars().count() < MAX_NOTE_CHARS, "{key}: {start}");
    }
}

#[test]
fn a_megabyte_value_gives_short_notes_with_its_length() {
    // The keys whose notes quote the value itself.
    let quoted = [
        "v", "layout", "fields", "table", "scheme", "servers", "from", "vnodes", "r", "keys",
        "sample", "preset", "users", "seed",
    ];
    for key in quoted {
        let notes = notes(key, &megabyte());
        assert_short(key, &notes);
        assert!(
            notes.iter().any(|n| n.contains("(1,048,576 characters)")),
            "{key}: {notes:?}"
        );
    }
    // The ID's note names the first bad character; the design's quotes serde's message.
    for key in ["id", "d"] {
        let notes = notes(key, &megabyte());
        assert!(!notes.is_empty(), "{key}");
        assert_short(key, &notes);
    }
}

#[test]
fn a_bidi_override_is_named_not_echoed() {
    for key in [
        "v", "layout", "fields", "id", "table", "scheme", "servers", "from", "vnodes", "preset",
        "users", "seed",
    ] {
        let notes = notes(key, OVERRIDE);
        assert!(!notes.is_empty(), "{key}");
        for note in &notes {
            assert!(!note.contains('\u{202E}'), "{key}: {note}");
        }
        assert!(
            notes.iter().any(|n| n.contains("U+202E")),
            "{key}: {notes:?}"
        );
    }
}

#[test]
fn serde_json_s_message_about_a_design_is_bounded_too() {
    // serde_json quotes an unknown variant whole, in backticks.
    for kind in ["y".repeat(500_000), OVERRIDE.to_owned()] {
        let design = format!(
            r#"{{"version":1,"nodes":[{{"id":"a","label":"b","x":0,"y":0,"settings":{{"kind":"{kind}"}}}}]}}"#
        );
        let notes = notes("d", &design);
        assert!(
            notes.iter().any(|n| n.contains("unknown variant")),
            "{notes:?}"
        );
        assert_short("d", &notes);
        assert!(notes.iter().all(|n| !n.contains('\u{202E}')), "{notes:?}");
    }
}
