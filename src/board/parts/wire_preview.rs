//! The loose wire drawn while a port is dragged: from the source node's port to the pointer.

use yew::prelude::*;

use crate::board::geometry::NODE_W;

/// The loose wire's inputs.
#[derive(Properties, PartialEq)]
pub struct WirePreviewProps {
    /// The source node's centre, board units.
    pub from: (f64, f64),
    /// The loose end, board units.
    pub end: (f64, f64),
}

/// The loose wire.
#[function_component(WirePreview)]
pub fn wire_preview(props: &WirePreviewProps) -> Html {
    let ((fx, fy), (bx, by)) = (props.from, props.end);
    html! {
        <line class="edge-line wiring" x1={(fx + NODE_W / 2.0).to_string()} y1={fy.to_string()}
            x2={bx.to_string()} y2={by.to_string()} />
    }
}
