//! "Add a server" and "Start from here" (and, where no server list is shown, "Kill" of the newest
//! server), the change every movement lesson begins with.

use shardlab_core::placement::Server;
use shardlab_core::view_limits::ring::MAX_VIEW_SERVERS;
use yew::prelude::*;

use crate::ring::state::Action;

/// Props for [`grow_buttons`].
pub struct GrowButtonsProps {
    /// How many servers there are.
    pub servers: usize,
    /// Whether there was a change to settle.
    pub changed: bool,
    /// The server a "Kill" button removes, if this row has one.
    pub kill: Option<Server>,
    pub dispatch: Callback<Action>,
}

/// The buttons.
pub fn grow_buttons(props: &GrowButtonsProps) -> Html {
    let add = props.dispatch.reform(|_: MouseEvent| Action::AddServer);
    let settle = props.dispatch.reform(|_: MouseEvent| Action::Settle);
    let kill = props.kill.map(|server| {
        let id = server.id.0;
        let onclick = props
            .dispatch
            .reform(move |_: MouseEvent| Action::RemoveServer(id));
        html! {
            <button type="button" class="rv-kill" {onclick} disabled={props.servers <= 1}>
                { format!("Kill S{id}") }
            </button>
        }
    });
    html! {
        <div class="rv-row">
            // The widget's main control: Learn's "Try it" sheet on a phone keeps clear of it.
            <button type="button" class="primary" data-testid="add-server" data-main-control="" onclick={add}
                disabled={props.servers >= MAX_VIEW_SERVERS}>{ "Add a server" }</button>
            { for kill }
            if props.changed {
                <button type="button" onclick={settle}
                    title="Make the servers you see the new starting point">{ "Start from here" }</button>
            }
        </div>
    }
}
