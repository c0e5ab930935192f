//! A validation callout pinned under the node it blames: the first message, how many more, and
//! every message in its tooltip.

use yew::prelude::*;

/// A callout's inputs.
#[derive(Properties, PartialEq)]
pub struct CalloutProps {
    /// The node it blames.
    pub node: AttrValue,
    /// The messages, first shown.
    pub messages: Vec<String>,
    /// Where it goes, as (left, top) percentages of the board (see `geometry::callout_position`).
    pub at: (f64, f64),
}

/// One callout.
#[function_component(Callout)]
pub fn callout(props: &CalloutProps) -> Html {
    let style = format!("left: {:.2}%; top: {:.2}%;", props.at.0, props.at.1);
    let more = match props.messages.len() {
        0 | 1 => String::new(),
        n => format!(" (+{} more)", n.saturating_sub(1)),
    };
    let first = props.messages.first().cloned().unwrap_or_default();
    html! {
        <p class="callout" role="note" data-node={props.node.clone()} {style}
            title={props.messages.join("\n")}>
            { first }{ more }
        </p>
    }
}
