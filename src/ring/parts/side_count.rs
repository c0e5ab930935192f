//! One side of "mod N against the ring": the scheme's name and what the last change moved under
//! it, counted over the same keys as the other side.

use std::rc::Rc;

use shardlab_core::placement::SchemeKind;
use shardlab_core::text::thousands;
use yew::prelude::*;

use crate::ring::measure::Measured;

/// Props for [`side_count`].
pub struct SideCountProps {
    pub scheme: SchemeKind,
    pub measured: Option<Rc<Measured>>,
}

/// The side's heading and moved count.
pub fn side_count(props: &SideCountProps) -> Html {
    let name = props.scheme.name();
    let count = match props.measured.as_deref() {
        Some(m) if m.change.is_some() => {
            let r = &m.result;
            let counting = if m.progress.is_done() {
                ""
            } else {
                " (counting…)"
            };
            html! {
                <p class="rv-counter">
                    { format!("moved {} of {} keys: ", thousands(r.moved), thousands(r.keys)) }
                    <strong data-testid={format!("side-moved-{name}")} title={r.moved_fraction.to_string()}>
                        { format!("{:.1}\u{a0}%", r.moved_fraction * 100.0) }</strong>
                    { counting }
                </p>
            }
        }
        Some(_) => {
            html! { <p class="rv-counter muted">{ "Add a server to count the keys that move." }</p> }
        }
        None => html! { <p class="rv-progress">{ "Measuring…" }</p> },
    };
    html! {
        <>
            <h2 class="rv-side-title">{ props.scheme.label() }</h2>
            <div aria-live="polite">{ count }</div>
        </>
    }
}
