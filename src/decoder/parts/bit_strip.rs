//! The 64-bit strip: one button per bit, grouped and coloured by field, indices 63 … 0. Each
//! button shows its index over its value and is named the same way ("bit 57, 1"), so its name
//! holds its visible text (WCAG 2.5.3, label in name). Clicking a bit (or Space on it) flips it;
//! the arrow keys, Home and End move along the strip, which is one Tab stop (roving tabindex).
//! Between fields sit boundary handles: drag one, or focus it and press ← or →, to move bits from
//! one field to its neighbour.
//!
//! The strip is drawn in rows whose size comes from its measured width (`strip::row_bits`): one
//! row of 64 on a wide screen, rows of 8 on a phone, so every cell is a 24 px target. A dragged
//! handle follows the pointer's x on any row while the pointer is captured.

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::layout::BitLayout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::decoder::state::strip::{
    bit_nearest, cell_look, drag_bits, grip_key_bits, handles, key_target, label_fits, label_runs,
    owners, row_tops, CellBox, Handle, Owner, Strip, StripAction, TOP_BIT,
};
use crate::widgets::palette::role_class;
use shardlab_core::layout::ID_BITS;
use shardlab_core::text::thousands;

/// Props for [`BitStrip`].
#[derive(Properties, PartialEq)]
pub struct BitStripProps {
    /// The layout that colours the bits.
    pub layout: BitLayout,
    /// The ID whose bits are shown.
    pub id: u64,
    /// Flip bit `n`.
    pub on_toggle: Callback<u32>,
    /// Move the boundary below field `position` by `bits`.
    pub on_move: Callback<(usize, i32)>,
}

/// One line about a bit: its field, its place in the field and its weights.
pub fn describe_bit(layout: &BitLayout, id: u64, bit: u32) -> String {
    let value = id.checked_shr(bit).unwrap_or(0) & 1;
    let weight = 1u64.checked_shl(bit).unwrap_or(0);
    match owners(layout).get(bit as usize) {
        Some(Owner::Field(position)) => {
            let field = layout.field(*position);
            let shift = layout.shift(*position).unwrap_or(0);
            let inner = bit.saturating_sub(shift);
            let (name, width) = field.map_or(("?", 0), |f| (f.name.as_str(), f.width));
            format!(
                "Bit {bit} is {value}: bit {inner} of {name} ({width} bits), worth 2^{inner} = {} in {name} and 2^{bit} = {} in the ID.",
                thousands(1u64.checked_shl(inner).unwrap_or(0)),
                thousands(weight)
            )
        }
        _ => format!(
            "Bit {bit} is {value}: above every field, so it counts as reserved and should be 0. Worth 2^{bit} = {} in the ID.",
            thousands(weight)
        ),
    }
}

fn focus_by_id(id: &str) {
    let element = gloo::utils::document()
        .get_element_by_id(id)
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

/// The bit a dragged pointer at a screen point stands for: the nearest cell in the nearest row.
fn bit_at(x: i32, y: i32) -> Option<u32> {
    let document = gloo::utils::document();
    let cells: Vec<CellBox> = (0..ID_BITS)
        .filter_map(|bit| {
            let rect = document
                .get_element_by_id(&format!("bit-{bit}"))?
                .get_bounding_client_rect();
            Some(CellBox {
                bit,
                left: rect.left(),
                right: rect.right(),
                top: rect.top(),
                bottom: rect.bottom(),
            })
        })
        .collect();
    bit_nearest(&cells, f64::from(x), f64::from(y))
}

/// Measures the strip now and on every resize, into the strip's state.
#[hook]
fn use_measure(node: NodeRef, strip: UseReducerDispatcher<Strip>) {
    {
        use_effect_with((), move |_| {
            let element = node.cast::<web_sys::Element>();
            let measure = {
                let element = element.clone();
                move || {
                    if let Some(el) = &element {
                        let width = u32::try_from(el.client_width()).unwrap_or(0);
                        strip.dispatch(StripAction::Measured(width));
                    }
                }
            };
            measure();
            let resized = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(measure);
            let observer = element.as_ref().and_then(|el| {
                let observer =
                    web_sys::ResizeObserver::new(resized.as_ref().unchecked_ref()).ok()?;
                observer.observe(el);
                Some(observer)
            });
            move || {
                if let Some(observer) = observer {
                    observer.disconnect();
                }
                drop(resized);
            }
        });
    }
}

/// The strip.
#[function_component(BitStrip)]
pub fn bit_strip(props: &BitStripProps) -> Html {
    let strip = use_reducer(Strip::default);
    let strip_ref = use_node_ref();
    use_measure(strip_ref.clone(), strip.dispatcher());
    let (row, cell_px) = (strip.row(), strip.cell_px());
    // An element to focus once the next render is in the DOM (a handle may change halves).
    let pending_focus: Rc<RefCell<Option<String>>> = use_mut_ref(|| None);
    {
        let pending_focus = pending_focus.clone();
        use_effect(move || {
            if let Some(id) = pending_focus.borrow_mut().take() {
                focus_by_id(&id);
            }
        });
    }
    let layout = &props.layout;
    let owners = owners(layout);
    let id = props.id;
    let cell = |bit: u32| -> Html {
        let owner = owners.get(bit as usize).copied().unwrap_or(Owner::Unused);
        let (role, top_of_field) = cell_look(layout, owner, bit);
        let one = id.checked_shr(bit).unwrap_or(0) & 1 == 1;
        let send = |action: StripAction| {
            let strip = strip.clone();
            move || strip.dispatch(action)
        };
        let onclick = {
            let (on_toggle, click) = (props.on_toggle.clone(), send(StripAction::Click(bit)));
            Callback::from(move |_| {
                click();
                on_toggle.emit(bit);
            })
        };
        let onkeydown = {
            let strip = strip.clone();
            Callback::from(move |e: KeyboardEvent| {
                if let Some(next) = key_target(bit, &e.key()) {
                    e.prevent_default();
                    strip.dispatch(StripAction::Focus(next));
                    focus_by_id(&format!("bit-{next}"));
                }
            })
        };
        let onfocus = {
            let focus = send(StripAction::Focus(bit));
            Callback::from(move |_| focus())
        };
        let onmouseenter = {
            let hover = send(StripAction::Hover(bit));
            Callback::from(move |_| hover())
        };
        let minor = !bit.is_multiple_of(4) && !top_of_field;
        // On a narrow screen only these indices stay, so that neighbours never collide.
        let major =
            bit.is_multiple_of(8) || bit == TOP_BIT || (bit.saturating_add(1)).is_multiple_of(row);
        html! {
            <button type="button" id={format!("bit-{bit}")} data-bit={bit.to_string()}
                class={classes!("bit-cell", role_class(role), one.then_some("one"),
                    top_of_field.then_some("field-start"), (owner == Owner::Unused).then_some("unused"))}
                style={format!("grid-column: {}", row.saturating_sub(bit.checked_rem(row).unwrap_or(0)))}
                tabindex={if strip.focus == bit { "0" } else { "-1" }}
                aria-pressed={one.to_string()}
                aria-label={format!("bit {bit}, {}", u8::from(one))}
                title={describe_bit(layout, id, bit)}
                {onclick} {onkeydown} {onfocus} {onmouseenter}>
                <span class={classes!("idx", minor.then_some("minor"), major.then_some("major"))} aria-hidden="true">{ bit }</span>
                // The space keeps the visible text "57 1" (not "571") inside the name "bit 57, 1",
                // so a reader who says what they see can name the button; the flex column hides it.
                { " " }
                <span class="val" aria-hidden="true">{ u8::from(one) }</span>
            </button>
        }
    };
    let strip_row = |high: u32| -> Html {
        let low = high.saturating_sub(row.saturating_sub(1));
        let column = |bit: u32| high.saturating_sub(bit).saturating_add(1);
        let labels = label_runs(layout, &owners, high, row).into_iter().map(|run| {
            // The run is at least one bit wide: `low` only walks down from `high`.
            let span = run.high.saturating_sub(run.low).saturating_add(1);
            let text = if run.continued {
                format!("…{}", run.name)
            } else {
                run.name.to_owned()
            };
            // A name too long for its run stands above the labels, from the run's first bit.
            let outside = cell_px > 0.0 && !label_fits(text.chars().count(), span, cell_px);
            html! {
                <span class={classes!("strip-label", role_class(run.role), outside.then_some("outside"))}
                    style={format!("grid-column: {} / span {span}", column(run.high))}
                    title={format!("{}: bits {}–{} shown here", run.name, run.high, run.low)}>
                    <span class="strip-label-text">{ text }</span>
                </span>
            }
        });
        let grips = handles(layout, high, row).into_iter().map(|handle| {
            let style = format!("grid-column: {} / span 1", column(handle.lowest));
            grip(&handle, style, &strip, &props.on_move, &pending_focus)
        });
        html! {
            <div class="strip-row" style={format!("--row-bits: {row}")}>
                { for labels }
                { for (low..=high).rev().map(&cell) }
                { for grips }
            </div>
        }
    };
    let readout = match strip.active {
        Some(bit) => describe_bit(layout, id, bit),
        None => "Point at a bit, or focus the strip and use ← →, to read its field and weight. Click or press Space to flip it."
            .to_owned(),
    };
    let onmouseleave = {
        let strip = strip.clone();
        Callback::from(move |_| strip.dispatch(StripAction::Leave))
    };
    // A handle re-drawn in another row loses the pointer's capture; the release still ends the drag.
    let onpointerup = {
        let strip = strip.clone();
        Callback::from(move |_: PointerEvent| strip.dispatch(StripAction::Release))
    };
    html! {
        <section class="panel strip-panel" aria-labelledby="strip-title">
            <h2 id="strip-title">{ "The 64 bits" }</h2>
            <div class="strip" ref={strip_ref} data-row-bits={row.to_string()} role="group" aria-label="The 64 bits of the ID, bit 63 first. Arrow keys move; Space flips a bit." {onmouseleave} {onpointerup}>
                { for row_tops(row).into_iter().map(&strip_row) }
            </div>
            <p class="strip-readout mono-nums" data-testid="bit-readout">{ readout }</p>
        </section>
    }
}

/// One boundary handle: a slider that moves bits between two neighbours by key or by drag.
fn grip(
    handle: &Handle,
    style: String,
    strip: &UseReducerHandle<Strip>,
    on_move: &Callback<(usize, i32)>,
    pending_focus: &Rc<RefCell<Option<String>>>,
) -> Html {
    let (position, lowest) = (handle.position, handle.lowest);
    let dom_id = format!("grip-{position}");
    let onkeydown = {
        let (on_move, pending_focus, dom_id) =
            (on_move.clone(), pending_focus.clone(), dom_id.clone());
        Callback::from(move |e: KeyboardEvent| {
            if let Some(bits) = grip_key_bits(&e.key()) {
                e.prevent_default();
                *pending_focus.borrow_mut() = Some(dom_id.clone());
                on_move.emit((position, bits));
            }
        })
    };
    let onpointerdown = {
        let strip = strip.clone();
        Callback::from(move |e: PointerEvent| {
            e.prevent_default();
            if let Some(target) = e.target_dyn_into::<web_sys::Element>() {
                let _ = target.set_pointer_capture(e.pointer_id());
            }
            strip.dispatch(StripAction::Grab(position));
        })
    };
    let dragging = strip.dragging == Some(position);
    let onpointermove = {
        let on_move = on_move.clone();
        Callback::from(move |e: PointerEvent| {
            if !dragging {
                return;
            }
            if let Some(bits) =
                bit_at(e.client_x(), e.client_y()).and_then(|b| drag_bits(lowest, b))
            {
                on_move.emit((position, bits));
            }
        })
    };
    let onpointerup = {
        let strip = strip.clone();
        Callback::from(move |_: PointerEvent| strip.dispatch(StripAction::Release))
    };
    let onpointercancel = onpointerup.clone();
    let (upper, upper_width) = (&handle.upper.name, handle.upper.width);
    let (lower, lower_width) = (&handle.lower.name, handle.lower.width);
    let label =
        format!("Boundary between {upper} ({upper_width} bits) and {lower} ({lower_width} bits)");
    html! {
        <span key={dom_id.clone()} id={dom_id} role="slider" tabindex="0"
            class={classes!("grip", dragging.then_some("dragging"))}
            {style}
            aria-label={label.clone()}
            aria-orientation="horizontal"
            aria-valuemin="1" aria-valuemax={handle.max_width().to_string()}
            aria-valuenow={upper_width.to_string()}
            aria-valuetext={format!("{upper} {upper_width} bits, {lower} {lower_width} bits")}
            title={format!("{label}. Drag, or focus and press ← or →.")}
            {onkeydown} {onpointerdown} {onpointermove} {onpointerup} {onpointercancel}>
            <span aria-hidden="true">{ "◆" }</span>
        </span>
    }
}
