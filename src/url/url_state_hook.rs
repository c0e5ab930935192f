//! One address-bar sync for every view: the state opens from the link, the link follows the
//! state, and an edited link (or Back and Forward) restores the state it describes.
//!
//! The hook knows which route it is on, so a view shown at `#/embed/ring` keeps its state under
//! `#/embed/ring?…` (with the host's `theme=` carried along) and the same view at `#/ring` under
//! `#/ring?…`. Each view supplies only its codec ([`UrlCodec`]); the version check every codec
//! makes is `url_query::check_version`.
//!
//! The router hears each address the view writes some renders later, and on a slow page the view
//! may have written newer ones by then (one per keystroke). Every address the view wrote and has
//! not heard back is its own ([`OwnWrites`]): hearing one of them is never an outside edit, so a
//! late echo neither undoes what the reader typed since nor starts the view and the router
//! swapping two addresses (issue 38 §1).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;
use yew_router::prelude::*;
use yew_router::query::Raw;

use super::url_query::{form_query, owned, pairs_of, query_pairs, split_frame_pairs, Pairs};
use crate::echo::{Heard, OwnWrites};
use crate::route::{Route, View};

/// How a view's state maps to its address.
pub struct UrlCodec<S: Reducible> {
    /// The view whose state this is.
    pub view: View,
    /// The query pairs for a state; empty for the state a bare `#/view` opens.
    pub encode: fn(&S) -> Vec<(&'static str, String)>,
    /// The state a link's pairs describe. Never fails: what it cannot read becomes a note.
    pub decode: fn(&[(String, String)]) -> S,
    /// The action that replaces the whole state with a decoded one.
    pub restore: fn(S) -> <S as Reducible>::Action,
    /// How long the state must stay still before the address is rewritten, in ms; 0 rewrites it
    /// at once. Browsers refuse hundreds of history updates in a row, which a drag can cause.
    pub settle_ms: u32,
}

impl<S: Reducible> UrlCodec<S> {
    /// A codec that rewrites the address as soon as the state changes.
    pub fn new(
        view: View,
        encode: fn(&S) -> Vec<(&'static str, String)>,
        decode: fn(&[(String, String)]) -> S,
        restore: fn(S) -> <S as Reducible>::Action,
    ) -> Self {
        UrlCodec {
            view,
            encode,
            decode,
            restore,
            settle_ms: 0,
        }
    }

    /// The same codec, rewriting the address only once the state has been still for `ms`.
    pub fn settling(self, ms: u32) -> Self {
        UrlCodec {
            settle_ms: ms,
            ..self
        }
    }
}

/// The address as a view sees it.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct LinkPairs {
    /// The view's own pairs, in address order.
    pub own: Vec<(String, String)>,
    /// The pairs that belong to the frame around the view (`theme`), kept on rewrites.
    pub frame: Vec<(String, String)>,
    /// Whether the view is on its chrome-less embed route.
    pub embedded: bool,
}

/// The current address, split into the view's pairs and the frame's.
#[hook]
pub fn use_link_pairs() -> LinkPairs {
    let location = use_location();
    let route = use_route::<Route>();
    let (own, frame) = split_frame_pairs(query_pairs(location.as_ref()));
    LinkPairs {
        own,
        frame,
        embedded: route.is_some_and(Route::is_embed),
    }
}

/// What [`use_url_state`] hands the view.
pub struct UrlState<S: Reducible> {
    /// The view's reducer.
    pub state: UseReducerHandle<S>,
    /// The state's query pairs, as written to the address (and used by the share bar).
    pub encoded: Vec<(&'static str, String)>,
    /// Whether the view is embedded in someone else's page.
    pub embedded: bool,
    /// How many addresses from outside (an edited or pasted link, Back and Forward, a link
    /// followed inside the site) the view has taken since it opened.
    pub arrivals: u32,
}

/// The view's reducer, opened from the link and kept in step with the address bar.
#[hook]
pub fn use_url_state<S>(codec: UrlCodec<S>) -> UrlState<S>
where
    S: Reducible + 'static,
{
    let decode = codec.decode;
    use_url_state_with(codec, move |pairs, _| decode(pairs))
}

/// [`use_url_state`] with its own way to open a link: `open` gets the link's pairs and whether
/// the view is embedded, at first and for every address that arrives from outside later (the
/// Board opens its autosave when the link is bare, but never in an embed).
#[hook]
pub fn use_url_state_with<S, F>(codec: UrlCodec<S>, open: F) -> UrlState<S>
where
    S: Reducible + 'static,
    F: Fn(&[(String, String)], bool) -> S + 'static,
{
    let link = use_link_pairs();
    let navigator = use_navigator();
    let route = use_route::<Route>();
    let open = Rc::new(open);
    let state = {
        let (own, embedded, open) = (link.own.clone(), link.embedded, open.clone());
        use_reducer(move || open(&own, embedded))
    };
    let encoded = (codec.encode)(&state);
    // The addresses the view wrote and has not heard back: hearing one of them is no edit.
    // Empty until it writes: an empty address is a bare link, not one the view wrote.
    let own_writes = use_mut_ref(OwnWrites::<Pairs>::default);
    let arrivals = use_mut_ref(|| 0u32);
    // The route the view is on (its full route, its embed route or one of its widgets' routes),
    // so a widget keeps its own address as its state changes.
    let target = route
        .filter(|route| route.view() == Some(codec.view))
        .unwrap_or_else(|| codec.view.full_route());

    // State → address bar, when the state has moved since this last ran, or the address spells
    // the same state another way. An address that moved to another state while this one stayed is
    // an edit from outside (the reader, Back, or the page framing this one): the effect below
    // restores it, and writing the old state back here would undo it, and the two would swap
    // back and forth.
    {
        let own_writes = own_writes.clone();
        let last_seen = use_mut_ref(|| None::<Pairs>);
        let frame = link.frame.clone();
        let settle_ms = codec.settle_ms;
        let (encode, decode) = (codec.encode, codec.decode);
        use_effect_with(
            (encoded.clone(), link.own.clone()),
            move |(encoded, in_url)| {
                let wanted = owned(encoded);
                let moved = last_seen.replace(Some(wanted.clone())).as_ref() != Some(&wanted);
                let stale =
                    *in_url != wanted && (moved || owned(&encode(&decode(in_url))) == wanted);
                let write = stale.then_some(move || {
                    write_address(navigator.as_ref(), target, &wanted, &frame, &own_writes)
                });
                let timeout = match write {
                    Some(write) if settle_ms > 0 => Some(Timeout::new(settle_ms, write)),
                    Some(write) => {
                        write();
                        None
                    }
                    None => None,
                };
                move || drop(timeout)
            },
        );
    }

    // Address bar → state, when someone edits the link or goes back and forth (not on the first
    // render, which already opened from the link, and not for an address this view wrote).
    {
        let state = state.clone();
        let first = use_mut_ref(|| true);
        let ours = owned(&encoded);
        let embedded = link.embedded;
        let restore = codec.restore;
        let arrivals = arrivals.clone();
        use_effect_with(link.own.clone(), move |in_url| {
            let was_first = std::mem::replace(&mut *first.borrow_mut(), false);
            // A reported address that is no longer in the address bar was overtaken (WebKit
            // reports a rewrite after the next keystroke rewrote it again): the newer one follows.
            if was_first || live_own_pairs().is_some_and(|live| live != *in_url) {
                return;
            }
            let heard = own_writes.borrow_mut().heard(in_url);
            if heard == Heard::Outside && *in_url != ours {
                let mut count = arrivals.borrow_mut();
                *count = count.wrapping_add(1);
                drop(count);
                state.dispatch(restore(open(in_url, embedded)));
            }
        });
    }

    let arrivals = *arrivals.borrow();
    UrlState {
        state,
        encoded,
        embedded: link.embedded,
        arrivals,
    }
}

/// The view's own pairs in the address as the browser holds it now, or `None` outside a browser.
///
/// The router's copy of the address can be behind it: the router hears of each rewrite a moment
/// later. In WebKit the echo of a rewrite could arrive after the reader's next keystroke had
/// already rewritten the address again; read as an edit from outside, it put the older state
/// back, which the view then wrote, whose echo put the newer one back, and the input swapped
/// between two IDs for good. An edit from outside is in the browser's address before the router
/// reports it, so a reported address that is no longer there is such an echo.
fn live_own_pairs() -> Option<Pairs> {
    let hash = web_sys::window()?.location().hash().ok()?;
    Some(own_pairs_in_hash(&hash))
}

/// The view's own pairs in a hash as `location.hash` gives it (`#/ring?v=1&theme=dark`), read as
/// [`use_link_pairs`] reads the router's location.
fn own_pairs_in_hash(hash: &str) -> Pairs {
    let query = hash.split_once('?').map_or("", |(_, query)| query);
    split_frame_pairs(pairs_of(query)).0
}

/// Replaces the address with `route?wanted&frame` (no history entry: a state change is not a page).
fn write_address(
    navigator: Option<&Navigator>,
    route: Route,
    wanted: &[(String, String)],
    frame: &[(String, String)],
    own_writes: &RefCell<OwnWrites<Pairs>>,
) {
    let Some(navigator) = navigator else {
        return;
    };
    own_writes.borrow_mut().wrote(wanted.to_vec());
    let query: Vec<(String, String)> = wanted.iter().chain(frame).cloned().collect();
    if query.is_empty() {
        navigator.replace(&route);
    } else {
        let Ok(()) = navigator.replace_with_query(&route, Raw(form_query(&query)));
    }
}

#[cfg(test)]
mod tests {
    use super::own_pairs_in_hash;

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_hash_reads_as_the_router_reads_it_without_the_frame_pairs() {
        assert_eq!(
            own_pairs_in_hash("#/embed/decoder/paste?v=1&id=2412&within=shardlab&theme=dark"),
            pairs(&[("v", "1"), ("id", "2412")])
        );
        assert_eq!(
            own_pairs_in_hash("#/ring?key=user%3A42+%C3%A9"),
            pairs(&[("key", "user:42 é")])
        );
        for bare in ["", "#", "#/", "#/ring", "#/ring?"] {
            assert_eq!(own_pairs_in_hash(bare), Vec::new(), "{bare}");
        }
    }
}
