//! The messages' form on the wire: bincode in a `Uint8Array`, gloo-worker's own default. Its
//! reader is the smallest on the page: serde-wasm-bindgen, which the page already links for JSON,
//! cost the Board page 15 kB brotli more for the same messages, most of it serde's buffering for
//! the report's flattened outcome. bincode cannot read a flattened or skipped field, so the
//! report goes in a form without them ([`crate::protocol::Report`]) and a design as its JSON
//! text; and since bincode does not describe itself, each message carries its build's stamp
//! ([`crate::protocol::Envelope`]).

use gloo_worker::Codec;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

/// bincode in a `Uint8Array`.
#[derive(Debug)]
pub struct Wire;

/// What gloo-worker's own message enums read as when a message cannot be read at all: on the
/// page `FromWorker::WorkerLoaded` (variant 0), in the worker `ToWorker::Destroy` (variant 3,
/// since variant 0 there needs more bytes). gloo-worker's codec has no error path; our own
/// payloads never get here, since an envelope of another build reads as empty.
const FALLBACKS: [[u8; 4]; 2] = [[0, 0, 0, 0], [3, 0, 0, 0]];

impl Codec for Wire {
    fn encode<I: Serialize>(input: I) -> JsValue {
        // Our messages hold nothing bincode refuses (no map or sequence of unknown length); an
        // empty message would read as the fallback on the other side.
        let bytes = bincode::serialize(&input).unwrap_or_default();
        js_sys::Uint8Array::from(bytes.as_slice()).into()
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        let bytes = js_sys::Uint8Array::new(&input).to_vec();
        if let Ok(message) = bincode::deserialize(&bytes) {
            return message;
        }
        for fallback in FALLBACKS {
            if let Ok(message) = bincode::deserialize(&fallback) {
                return message;
            }
        }
        // gloo-worker decodes only its two enums above with this codec, and each has its
        // fallback: this line is not reached.
        unreachable!("gloo-worker decoded a message type without a fallback")
    }
}
