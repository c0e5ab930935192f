//! The reader's notes: refused requests and what a link could not use, with a Dismiss button.

use yew::prelude::*;

use crate::ring::state::Action;

/// Props for [`Notes`].
pub struct NotesProps {
    pub notes: Vec<String>,
    pub dispatch: Callback<Action>,
}

/// The notes; nothing when there are none.
pub fn notes(props: &NotesProps) -> Html {
    if props.notes.is_empty() {
        return html! {};
    }
    let dismiss = props.dispatch.reform(|_: MouseEvent| Action::DismissNotes);
    html! {
        <div class="note" role="status">
            { for props.notes.iter().map(|n| html! { <p>{ n.clone() }</p> }) }
            <button type="button" onclick={dismiss}>{ "Dismiss" }</button>
        </div>
    }
}
