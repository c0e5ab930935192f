//! The checks behind the URL-state fuzz targets, one public function per view.
//!
//! Each view's decoder turns the query pairs of a `#/view?…` link into a state and never fails:
//! what it cannot read becomes a note. The fuzzer's bytes are read as a query string (`&` between
//! pairs, `=` between key and value, `%XX` and `+` decoded as the browser's router decodes them),
//! so any pairs at all can reach the decoder, values with `&`, `=` or invalid UTF-8 included.
//!
//! Each check then asks for a fixed point: the state's link, written with the app's own
//! percent-encoding and read back, decodes without a note to the same state, and that state writes
//! the same link again.
//!
//! This file uses the app crate (`shardlab`), so it is not part of `lib.rs` (which the core crate's
//! replay test includes and which may use only the core). The `*_url` targets include it by
//! `#[path]`, and the app's own `tests/fuzz_url_state_replay.rs` includes it the same way to
//! replay the committed corpora on stable.

// A failed check is a finding; panicking with a message is how a fuzz target reports it.
#![allow(clippy::panic, dead_code)]

use shardlab_app::url::url_query::{owned, query_string};
use shardlab_app::{board, decoder, ring};

/// Query pairs from raw bytes, read the way the address bar's query is read.
pub fn pairs_from_bytes(data: &[u8]) -> Vec<(String, String)> {
    if data.is_empty() {
        return Vec::new();
    }
    data.split(|&byte| byte == b'&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (key, value) = match part.iter().position(|&byte| byte == b'=') {
                Some(at) => (
                    part.get(..at).unwrap_or_default(),
                    part.get(at + 1..).unwrap_or_default(),
                ),
                None => (part, &[][..]),
            };
            (form_decode(key), form_decode(value))
        })
        .collect()
}

/// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte (a `%` without two
/// hex digits stays as it is), and invalid UTF-8 becomes U+FFFD.
pub fn form_decode(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some((&byte, tail)) = rest.split_first() {
        rest = tail;
        match byte {
            b'+' => out.push(b' '),
            b'%' => match (tail.first().and_then(hex), tail.get(1).and_then(hex)) {
                (Some(high), Some(low)) => {
                    out.push(high << 4 | low);
                    rest = tail.get(2..).unwrap_or_default();
                }
                _ => out.push(b'%'),
            },
            other => out.push(other),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(byte: &u8) -> Option<u8> {
    char::from(*byte)
        .to_digit(16)
        .and_then(|digit| u8::try_from(digit).ok())
}

/// A view's encoded pairs as the address bar would carry them and hand them back: through the
/// app's `query_string` and the form decoding above.
fn through_the_address_bar(pairs: &[(&'static str, String)]) -> Vec<(String, String)> {
    let written = query_string(pairs);
    let read = pairs_from_bytes(written.as_bytes());
    assert_eq!(
        read,
        owned(pairs),
        "the link {written:?} does not read back as the pairs it was written from"
    );
    read
}

/// The Decoder's codec (`decoder::url_state`).
pub fn decoder_url(data: &[u8]) {
    use decoder::url_state::{decode, encode};
    let first = decode(&pairs_from_bytes(data));
    let link = encode(&first);
    let second = decode(&through_the_address_bar(&link));
    assert!(
        second.notes.is_empty(),
        "the Decoder's own link {link:?} decodes with notes {:?}",
        second.notes
    );
    let mut settled = first.clone();
    settled.notes.clear();
    assert_eq!(
        second, settled,
        "the Decoder's link {link:?} decodes to a different state"
    );
    assert_eq!(
        encode(&second),
        link,
        "the Decoder's link is not a fixed point"
    );
}

/// The Ring's codec (`ring::url_state`).
pub fn ring_url(data: &[u8]) {
    use ring::url_state::{decode, encode};
    let first = decode(&pairs_from_bytes(data));
    let link = encode(&first);
    let second = decode(&through_the_address_bar(&link));
    assert!(
        second.notes.is_empty(),
        "the Ring's own link {link:?} decodes with notes {:?}",
        second.notes
    );
    let mut settled = first.clone();
    settled.notes.clear();
    settled.step = 0;
    assert_eq!(
        second, settled,
        "the Ring's link {link:?} decodes to a different state"
    );
    assert_eq!(
        encode(&second),
        link,
        "the Ring's link is not a fixed point"
    );
}

/// The Board's codec (`board::url_state`), and the autosave built on it.
pub fn board_url(data: &[u8]) {
    use board::url_state::{decode, encode, load_text, save_text, SavedBoard};
    let (first, _notes) = decode(&pairs_from_bytes(data));
    let link = encode(&first);
    let (second, notes) = decode(&through_the_address_bar(&link));
    assert!(
        notes.is_empty(),
        "the Board's own link {link:?} decodes with notes {notes:?}"
    );
    assert_eq!(
        second, first,
        "the Board's link {link:?} decodes to a different state"
    );
    assert_eq!(
        encode(&second),
        link,
        "the Board's link is not a fixed point"
    );
    assert_eq!(
        load_text(&save_text(&first)),
        SavedBoard::Read(Box::new(first), Vec::new()),
        "the Board's autosave does not restore the board it saved, without notes"
    );
}
