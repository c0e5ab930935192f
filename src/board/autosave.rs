//! The board's autosave in localStorage: when the page reads it, when it writes it, and what the
//! reader is told. The rules (issue 16 §3), so a reader's own board is never lost:
//!
//! - A link opens as the link. The save is not read into the board, and it is written only after
//!   the reader edits; the page says that a saved board is there and offers it. A link that
//!   arrives in the open page (pasted into the address bar, Back and Forward, a link inside the
//!   site) is opened the same way, by [`opening`] again, and is no edit either: the page starts
//!   over from it, unedited (issue 38 §7).
//! - A page in a frame (a same-site page framing the full board) never writes, nor does an embed.
//! - A widget (`#/w/board/…` or `#/embed/board/…`) neither reads nor writes: it opens its link,
//!   or the preset's default when the link is bare, as an embed does (`page.rs`).
//! - A save is read the way a link is: what reads is kept, and each value dropped is named. A save
//!   this build cannot read at all (damaged, from another format version, or nested too deep) is
//!   kept aside under [`KEPT_KEY`] before the first save would overwrite it, and can be
//!   downloaded; so can each save kept before it (at most three, `browser::storage::keep`).
//! - A write that fails says so beside Export (see `saving.rs`).
//! - Another tab's save arrives as a `storage` event: the page says so and offers that board.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::BoardState;
use super::url_state::{self, load_text, save_is_readable, save_text, SavedBoard};
use crate::browser::storage::{Kept, SaveError};
use crate::url::url_query::owned;

/// The localStorage key of the autosave.
pub const STORAGE_KEY: &str = "shardlab.board.v1";
/// Where a save this build cannot read is kept, untouched.
pub const KEPT_KEY: &str = "shardlab.board.v1.kept";
/// How long the autosave waits for the board to settle, in ms.
pub const SAVE_DELAY_MS: u32 = 300;

/// What the page opens on, and what it tells the reader about their save.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// The board on screen at first.
    pub state: BoardState,
    /// A note for each value the link or the save could not give.
    pub notes: Vec<String>,
    /// The reader's saved board, when a link opened over it.
    pub saved_aside: Option<Rc<BoardState>>,
    /// A save this build cannot read: why, and its text, kept for the reader to download.
    pub unreadable: Option<(String, Rc<str>)>,
    /// The saves kept aside before (at most three), each offered for download.
    pub kept: Vec<Kept>,
}

impl Opening {
    fn of(state: BoardState, notes: Vec<String>) -> Opening {
        Opening {
            state,
            notes,
            saved_aside: None,
            unreadable: None,
            kept: Vec::new(),
        }
    }
}

/// The opening board: the link if it has one (an embed always takes its link, since its author
/// chose what it shows), else the autosave, else the default board.
pub fn opening(in_url: &[(String, String)], embedded: bool) -> Opening {
    if embedded {
        let (state, notes) = url_state::decode(in_url);
        return Opening::of(state, notes);
    }
    Opening {
        kept: crate::browser::storage::kept(KEPT_KEY),
        ..opening_from(in_url, crate::browser::storage::get(STORAGE_KEY).as_deref())
    }
}

/// [`opening`] for a full page, given the saved text: pure, so it is tested natively.
fn opening_from(in_url: &[(String, String)], saved: Option<&str>) -> Opening {
    let saved_board = saved.map(load_text);
    if !in_url.is_empty() {
        let (state, notes) = url_state::decode(in_url);
        let mut opening = Opening::of(state, notes);
        if let Some(SavedBoard::Read(saved, _)) = saved_board {
            if url_state::encode(&saved) != url_state::encode(&opening.state) {
                opening.saved_aside = Some(Rc::from(saved));
            }
        }
        return opening;
    }
    match saved_board {
        None => Opening::of(BoardState::default(), Vec::new()),
        Some(SavedBoard::Read(state, notes)) => Opening::of(*state, notes),
        Some(SavedBoard::Unreadable(why)) => Opening {
            unreadable: saved.map(|text| (why, Rc::from(text))),
            ..Opening::of(BoardState::default(), Vec::new())
        },
    }
}

/// What the autosave reports to the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AutosaveStatus {
    /// The last write failed (the browser's storage for the site is full, as a rule).
    pub failed: Option<SaveError>,
    /// Another tab saved this board, and this tab has not caught up.
    pub other_tab: Option<Rc<BoardState>>,
    /// Whether the reader has edited the board this page opened on (from then on it is saved).
    pub edited: bool,
}

/// Whether this page is inside a frame. A frame's board is someone else's page showing it, so
/// it never writes the reader's save.
fn framed() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    match window.top() {
        Ok(Some(top)) => wasm_bindgen::JsValue::from(top) != wasm_bindgen::JsValue::from(window),
        Ok(None) | Err(_) => false,
    }
}

/// What the autosave remembers between renders, in one cell rather than a hook per field: every
/// hook is code of its own (a state, two memos, two refs and a second effect cost the board page
/// 2.9 kB brotli; this form about a third of that).
struct Autosave {
    /// Whether this page may write: not an embed, not in a frame.
    writes: bool,
    /// The address pairs the page opened on, or the last link from outside opened on.
    opening: Vec<(String, String)>,
    /// How many links from outside the page had taken when it last looked.
    arrivals: u32,
    /// Whether the reader has changed the board since (from then on every change is saved).
    edited: bool,
    /// The text this page wrote last, to tell another tab's save from its own.
    last_written: Option<String>,
    /// The last write's failure, if it failed.
    failed: Option<SaveError>,
    /// A board another tab saved since this page last looked.
    other_tab: Option<Rc<BoardState>>,
    /// The `storage` listener, while the page writes.
    listener: Option<EventListener>,
}

/// Listens for another tab's save of the board, and tells the page when one arrives.
fn listen(cell: Weak<RefCell<Autosave>>, rerender: UseForceUpdateHandle) -> EventListener {
    EventListener::new(&gloo::utils::window(), "storage", move |event| {
        let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else {
            return;
        };
        let (Some(cell), Some(text)) = (cell.upgrade(), event.new_value()) else {
            return;
        };
        if event.key().as_deref() != Some(STORAGE_KEY) {
            return;
        }
        let mut autosave = cell.borrow_mut();
        if autosave.last_written.as_deref() == Some(text.as_str()) {
            return;
        }
        if let SavedBoard::Read(board, _) = load_text(&text) {
            autosave.other_tab = Some(Rc::from(board));
            drop(autosave);
            rerender.force_update();
        }
    })
}

/// The autosave for a board whose address pairs are `encoded`: written once the board has been
/// still for [`SAVE_DELAY_MS`], from the reader's first edit on, never from an embed or a frame.
/// Also listens for another tab's save. The callback clears `other_tab`. `arrivals` counts the
/// links from outside the page has taken (the address hook's count): a new one starts the page
/// over, unedited, on the board it opened.
#[hook]
pub fn use_autosave(
    state: &BoardState,
    encoded: &[(&'static str, String)],
    embedded: bool,
    arrivals: u32,
) -> (AutosaveStatus, Callback<()>) {
    let rerender = use_force_update();
    let now = owned(encoded);
    let cell = {
        let opening = now.clone();
        use_mut_ref(move || Autosave {
            writes: !embedded && !framed(),
            opening,
            arrivals,
            edited: false,
            last_written: None,
            failed: None,
            other_tab: None,
            listener: None,
        })
    };
    let saving = {
        let mut autosave = cell.borrow_mut();
        if autosave.writes && autosave.listener.is_none() {
            autosave.listener = Some(listen(Rc::downgrade(&cell), rerender.clone()));
        }
        if autosave.arrivals != arrivals {
            autosave.arrivals = arrivals;
            autosave.opening = now.clone();
            autosave.edited = false;
        }
        autosave.edited |= now != autosave.opening;
        autosave.writes && autosave.edited
    };
    {
        let (cell, state, rerender) = (cell.clone(), state.clone(), rerender.clone());
        use_effect_with(now, move |_| {
            let (watch, arrived) = (cell.clone(), cell.borrow().arrivals);
            let pending = saving.then(|| {
                Rc::new(RefCell::new(Some(move || {
                    let text = save_text(&state);
                    let result = crate::browser::storage::set_keeping(
                        STORAGE_KEY,
                        &text,
                        KEPT_KEY,
                        save_is_readable,
                    );
                    // A blocked browser is said once for the whole page (app.rs).
                    let failed = result.err().filter(|e| *e == SaveError::Refused);
                    let mut autosave = cell.borrow_mut();
                    autosave.last_written = Some(text);
                    if autosave.failed != failed {
                        autosave.failed = failed;
                        drop(autosave);
                        rerender.force_update();
                    }
                })))
            });
            let timeout = pending.clone().map(|pending| {
                Timeout::new(SAVE_DELAY_MS, move || {
                    if let Some(write) = pending.borrow_mut().take() {
                        write();
                    }
                })
            });
            move || {
                // A link that arrives before the reader's last edit settled must not take the
                // edit with it: the edited board is saved now, before the page opens the link.
                if watch.borrow().arrivals != arrived {
                    let write = pending.as_ref().and_then(|p| p.borrow_mut().take());
                    if let Some(write) = write {
                        write();
                    }
                }
                drop(timeout)
            }
        });
    }
    let status = {
        let autosave = cell.borrow();
        AutosaveStatus {
            failed: autosave.failed,
            other_tab: autosave.other_tab.clone(),
            edited: autosave.edited,
        }
    };
    let dismiss = Callback::from(move |()| {
        cell.borrow_mut().other_tab = None;
        rerender.force_update();
    });
    (status, dismiss)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::state::Action;
    use yew::Reducible;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_link_opens_as_the_link_and_offers_a_different_saved_board() {
        let saved = Rc::new(BoardState::default()).reduce(Action::SetSeed(99));
        let text = save_text(&saved);
        let opened = opening_from(&pairs(&[("v", "1"), ("users", "5000")]), Some(&text));
        assert_eq!(opened.state.users, 5_000);
        assert_eq!(opened.saved_aside.map(|s| s.seed), Some(99));
        // The same board as the link's is nothing to offer.
        let same = opening_from(&owned(&url_state::encode(&saved)), Some(&text));
        assert_eq!(same.saved_aside, None);
    }

    #[test]
    fn a_bare_address_opens_the_save_with_its_notes() {
        let opened = opening_from(&[], Some(r#"[["v","1"],["seed","x"],["users","7000"]]"#));
        assert_eq!(opened.state.users, 7_000);
        assert_eq!(opened.notes.len(), 1, "{:?}", opened.notes);
        assert_eq!(opened.unreadable, None);
        let fresh = opening_from(&[], None);
        assert_eq!(fresh.state, BoardState::default());
        assert!(fresh.notes.is_empty());
    }

    #[test]
    fn an_unreadable_save_opens_the_default_board_and_is_kept_for_download() {
        let newer = r#"[["v","2"],["users","5"]]"#;
        let opened = opening_from(&[], Some(newer));
        assert_eq!(opened.state, BoardState::default());
        let (why, text) = opened.unreadable.expect("kept for download");
        assert!(why.contains("another version"), "{why}");
        assert_eq!(&*text, newer);
    }
}
