//! What the page says about the reader's saved board (see `autosave.rs`): the values a link or
//! the save could not give, a saved board that a link opened over, a save this build cannot read,
//! and another tab's save. Each note that offers something has its button beside it.

use std::rc::Rc;

use yew::prelude::*;

use crate::board::autosave::{AutosaveStatus, Opening};
use crate::board::state::{Action, BoardState};
use crate::files::download::download_text;
use crate::files::kept_list::{kept_list, KeptWords};

/// What the Board calls the saves it kept aside.
const KEPT_WORDS: KeptWords = KeptWords {
    unreadable: "A saved board this build could not open",
    replaced: "A saved board that was replaced",
    file_stem: "shardlab-kept-board",
};

/// The notes' inputs.
pub struct SaveNotesProps {
    /// What the page opened on.
    pub opening: Rc<Opening>,
    /// The autosave's report.
    pub status: AutosaveStatus,
    /// Clears the other tab's note.
    pub dismiss_other_tab: Callback<()>,
    /// The page's dispatcher.
    pub dispatch: Callback<Action>,
}

fn restore(dispatch: &Callback<Action>, board: &Rc<BoardState>) -> Callback<MouseEvent> {
    let board = board.clone();
    dispatch.reform(move |_| Action::Restore(Box::new((*board).clone())))
}

/// The notes about the reader's saved board.
pub fn save_notes(props: &SaveNotesProps) -> Html {
    let opening = &props.opening;
    // The saved board is offered only until the reader edits the link's board, which saves over it.
    let aside = opening
        .saved_aside
        .as_ref()
        .filter(|_| !props.status.edited);
    let unreadable = opening.unreadable.clone().map(|(why, text)| {
        let download = Callback::from(move |_: MouseEvent| {
            download_text("shardlab-saved-board.json", "application/json", &text)
        });
        (why, download)
    });
    let on_other = props.status.other_tab.as_ref().map(|board| {
        let (load, dismiss) = (
            restore(&props.dispatch, board),
            props.dismiss_other_tab.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            dismiss.emit(());
            load.emit(e);
        })
    });
    let on_keep = props.dismiss_other_tab.reform(|_: MouseEvent| ());
    html! {
        <>
            { for opening.notes.iter().map(|n| html! { <p class="note" role="status">{ n.clone() }</p> }) }
            if let Some((why, on_download)) = unreadable {
                <p class="note" role="status" data-testid="unreadable-save">
                    { format!("Your saved board could not be opened: {why}. It is kept as it was, \
                        and editing this board will not overwrite it.") }
                    <button type="button" class="link-button" onclick={on_download}>
                        { "Download the saved text" }
                    </button>
                </p>
            }
            { kept_list(&opening.kept, KEPT_WORDS) }
            if let Some(board) = aside {
                <p class="note" role="status" data-testid="saved-aside">
                    { "This is the link's board. Your own saved board is kept until you edit this one." }
                    <button type="button" class="link-button" onclick={restore(&props.dispatch, board)}>
                        { "Open my saved board" }
                    </button>
                </p>
            }
            if let Some(on_other) = on_other {
                <p class="note" role="status" data-testid="other-tab">
                    { "Another tab saved a different board. Your next edit here saves this one over it." }
                    <button type="button" class="link-button" onclick={on_other}>{ "Load that board" }</button>
                    <button type="button" class="link-button" onclick={on_keep}>{ "Keep this one" }</button>
                </p>
            }
        </>
    }
}
