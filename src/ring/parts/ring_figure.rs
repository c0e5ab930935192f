//! The ring drawing in its figure: the drawing (`ring_drawing.rs`), a sentence for screen readers,
//! and the caption counting the drawn keys and, after a change, the ones that moved.

use std::rc::Rc;

use yew::prelude::*;

use crate::ring::ring_drawing::{ring_drawing, RingDrawingProps, Scene};

/// Props for [`RingFigure`].
#[derive(Properties, PartialEq)]
pub struct RingFigureProps {
    pub scene: Rc<Scene>,
    /// The looked-up key's point, when the lookup shows it.
    #[prop_or_default]
    pub key_point: Option<u64>,
    /// The vnodes the lookup has reached, and whether each was chosen.
    #[prop_or_default]
    pub walked: Vec<(u64, bool)>,
    /// The scheme's label, for the sentence.
    pub label: &'static str,
    pub servers: usize,
    /// Whether there was a change (so moved keys are outlined).
    pub changed: bool,
}

/// The figure.
#[function_component(RingFigure)]
pub fn ring_figure(props: &RingFigureProps) -> Html {
    let scene = &props.scene;
    let moved_drawn = scene.dots.iter().filter(|d| d.moved).count();
    let summary = format!(
        "{} with {} servers and {} drawn keys{}.",
        props.label,
        props.servers,
        scene.dots.len(),
        if props.changed {
            format!(
                "; {moved_drawn} of them changed owner in the last change and are outlined in red"
            )
        } else {
            String::new()
        }
    );
    let drawing = ring_drawing(&RingDrawingProps {
        scene: Rc::clone(scene),
        key_point: props.key_point,
        walked: props.walked.clone(),
        summary,
    });
    html! {
        <figure class="panel rv-figure">
            { drawing }
            <figcaption>
                <p>{ format!("{} drawn keys. ", scene.dots.len()) }
                    if props.changed {
                        <span data-testid="moved-drawn">{ format!("{moved_drawn} of them moved (red, inner circle).") }</span>
                    }
                </p>
            </figcaption>
        </figure>
    }
}
