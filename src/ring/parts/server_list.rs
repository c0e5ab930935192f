//! The servers: each one's colour, weight and vnode count, a "kill" button, and "Add a server".

use shardlab_core::placement::{Server, MAX_WEIGHT};
use yew::prelude::*;

use shardlab_core::view_limits::ring::MAX_VIEW_SERVERS;

use super::grow_buttons::{grow_buttons, GrowButtonsProps};
use crate::ring::state::{Action, Field};
use crate::widgets::draft_input::DraftInput;
use crate::widgets::palette::server_class;

/// Props for [`ServerList`].
#[derive(Properties, PartialEq)]
pub struct ServerListProps {
    pub servers: Vec<Server>,
    /// Vnodes per unit of weight, when the scheme is the ring.
    pub vnodes: Option<u32>,
    /// Whether the scheme reads weights at all.
    pub weighted: bool,
    /// The last change, if any, can be settled.
    pub changed: bool,
    /// The box whose last commit was refused, and why.
    pub error: Option<(Field, String)>,
    pub dispatch: Callback<Action>,
}

/// The server editor.
#[function_component(ServerList)]
pub fn server_list(props: &ServerListProps) -> Html {
    // After a kill, focus goes to the list's heading: left on the button, it would land on the
    // next row's Kill (the rows are reused), and a second key press would kill a second server.
    // The moved counter's aria-live line announces what the kill did.
    let heading = use_node_ref();
    let rows = props.servers.iter().map(|server| {
        let id = server.id.0;
        let field = Field::Weight(id);
        let on_weight = props.dispatch.reform(move |text: String| Action::Type(field, text));
        let error = props.error.as_ref().filter(|(f, _)| *f == field).map(|(_, m)| m.clone());
        let error_id = format!("rv-weight-{id}-error");
        let kill = {
            let (dispatch, heading) = (props.dispatch.clone(), heading.clone());
            Callback::from(move |_: MouseEvent| {
                dispatch.emit(Action::RemoveServer(id));
                if let Some(h) = heading.cast::<web_sys::HtmlElement>() {
                    let _ = h.focus();
                }
            })
        };
        let input_id = format!("rv-weight-{id}");
        html! {
            <li class={classes!("rv-server", server_class(id as usize))} data-server={id.to_string()}>
                <span class="rv-swatch" aria-hidden="true"></span>
                <span class="rv-server-name mono">{ format!("S{id}") }</span>
                <label for={input_id.clone()} class="rv-weight-label">{ "weight" }</label>
                <DraftInput id={input_id} class="rv-weight mono" min="1" max={MAX_WEIGHT.to_string()}
                    value={server.weight.to_string()} on_commit={on_weight} invalid={error.is_some()}
                    describedby={error.is_some().then(|| error_id.clone())}
                    title={if props.weighted { "Weight 1 … 100" } else { "This scheme ignores weights" }} />
                <span class="rv-vnodes muted">
                    { props.vnodes.map(|v| format!("{} vnodes", u64::from(v).saturating_mul(u64::from(server.weight)))).unwrap_or_default() }
                </span>
                <button type="button" class="rv-kill" onclick={kill}
                    aria-label={format!("Kill server S{id}")} disabled={props.servers.len() <= 1}>
                    { "Kill" }
                </button>
                if let Some(message) = error {
                    <p id={error_id} class="field-error rv-weight-error" role="alert">{ message }</p>
                }
            </li>
        }
    });
    html! {
        <section class="panel rv-servers" aria-labelledby="rv-servers-title">
            <h2 id="rv-servers-title" tabindex="-1" ref={heading.clone()}>{ format!("Servers ({})", props.servers.len()) }</h2>
            <ul class="rv-server-list">{ for rows }</ul>
            { grow_buttons(&GrowButtonsProps { servers: props.servers.len(), changed: props.changed, kill: None, dispatch: props.dispatch.clone() }) }
            if !props.weighted {
                <p class="help">{ "This scheme ignores weights: every server gets an equal share." }</p>
            }
            <p class="help">{ format!("Up to {MAX_VIEW_SERVERS} servers; weights 1 … {MAX_WEIGHT}.") }</p>
        </section>
    }
}
