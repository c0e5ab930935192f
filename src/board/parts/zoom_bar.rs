//! The board's zoom controls: zoom in and out, "Reset view", and on a phone (whose opening view
//! shows part of the board) how many boxes are off screen with "Show all" to see them at a glance.

use web_sys::MouseEvent;
use yew::prelude::*;

use super::driver::OnInput;
use crate::board::gesture::Input;

/// The zoom controls' inputs.
#[derive(Properties, PartialEq)]
pub struct ZoomBarProps {
    /// How many boxes are not wholly in view.
    pub out_of_view: usize,
    /// How many boxes there are.
    pub boxes: usize,
    /// The buttons.
    pub on_input: OnInput,
}

/// The zoom controls.
#[function_component(ZoomBar)]
pub fn zoom_bar(props: &ZoomBarProps) -> Html {
    let button = |input: Input| {
        props
            .on_input
            .reform(move |e: MouseEvent| (input.clone(), e.into()))
    };
    let off_screen = props.out_of_view > 0;
    html! {
        <div class="board-zoom" role="group" aria-label="Zoom">
            <button type="button" onclick={button(Input::ZoomBy(1.25))} aria-label="Zoom in">{ "+" }</button>
            <button type="button" onclick={button(Input::ZoomBy(0.8))} aria-label="Zoom out">{ "−" }</button>
            <button type="button" onclick={button(Input::ResetView)}>{ "Reset view" }</button>
            if off_screen {
                <button type="button" onclick={button(Input::ShowAll)}>{ "Show all" }</button>
            }
            <span class="hint">
                if off_screen {
                    { format!("{} of {} boxes are off screen. ", props.out_of_view, props.boxes) }
                }
                { "Drag to pan. Hold Ctrl or Cmd and scroll to zoom (or pinch)." }
            </span>
        </div>
    }
}
