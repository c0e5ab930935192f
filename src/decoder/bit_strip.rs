//! The 64-bit strip: one button per bit, grouped and coloured by field, indices 63 … 0. Clicking a
//! bit (or Space on it) flips it; the arrow keys, Home and End move along the strip, which is one
//! Tab stop (roving tabindex). Between fields sit boundary handles: drag one, or focus it and press
//! ← or →, to move bits from one field to its neighbour.
//!
//! The strip is drawn as two halves of 32 bits, side by side on a wide screen and stacked on a
//! narrow one, so it stays readable at 390 px.

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::layout::{BitLayout, FieldRole};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::format::format_count;
use crate::components::palette::role_class;

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

/// What owns one bit: a field position, or the unused top bits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    Field(usize),
    Unused,
}

/// The owner of every bit, indexed by bit number.
fn owners(layout: &BitLayout) -> [Owner; 64] {
    let mut owners = [Owner::Unused; 64];
    for position in 0..layout.field_count() {
        let (Some(field), Some(shift)) = (layout.field(position), layout.shift(position)) else {
            continue;
        };
        for bit in shift..shift.saturating_add(field.width) {
            if let Some(slot) = owners.get_mut(bit as usize) {
                *slot = Owner::Field(position);
            }
        }
    }
    owners
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
                format_count(1u64.checked_shl(inner).unwrap_or(0)),
                format_count(weight)
            )
        }
        _ => format!(
            "Bit {bit} is {value}: above every field, so it counts as reserved and should be 0. Worth 2^{bit} = {} in the ID.",
            format_count(weight)
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

/// The bit under a screen point, read from the `data-bit` of the cell there.
fn bit_at(x: i32, y: i32) -> Option<u32> {
    let element = gloo::utils::document().element_from_point(x as f32, y as f32)?;
    let cell = element.closest("[data-bit]").ok()??;
    cell.get_attribute("data-bit")?.parse().ok()
}

/// The strip.
#[function_component(BitStrip)]
pub fn bit_strip(props: &BitStripProps) -> Html {
    let focus_bit = use_state(|| 63u32);
    let active = use_state(|| None::<u32>);
    let dragging = use_state(|| None::<usize>);
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

    let on_key = {
        let focus_bit = focus_bit.clone();
        let active = active.clone();
        Callback::from(move |(bit, e): (u32, KeyboardEvent)| {
            let next = match e.key().as_str() {
                "ArrowLeft" => bit.saturating_add(1).min(63),
                "ArrowRight" => bit.saturating_sub(1),
                "Home" => 63,
                "End" => 0,
                _ => return,
            };
            e.prevent_default();
            focus_bit.set(next);
            active.set(Some(next));
            focus_by_id(&format!("bit-{next}"));
        })
    };

    let cell = |bit: u32| -> Html {
        let owner = owners.get(bit as usize).copied().unwrap_or(Owner::Unused);
        let (role, top_of_field) = match owner {
            Owner::Field(p) => {
                let field = layout.field(p);
                let shift = layout.shift(p).unwrap_or(0);
                let top =
                    field.is_some_and(|f| shift.saturating_add(f.width).saturating_sub(1) == bit);
                (field.map_or(FieldRole::Other, |f| f.role), top)
            }
            Owner::Unused => (FieldRole::Reserved, bit == 63),
        };
        let one = id.checked_shr(bit).unwrap_or(0) & 1 == 1;
        let description = describe_bit(layout, id, bit);
        let onclick = {
            let on_toggle = props.on_toggle.clone();
            let focus_bit = focus_bit.clone();
            Callback::from(move |_| {
                focus_bit.set(bit);
                on_toggle.emit(bit);
            })
        };
        let onkeydown = {
            let on_key = on_key.clone();
            Callback::from(move |e: KeyboardEvent| on_key.emit((bit, e)))
        };
        let onfocus = {
            let active = active.clone();
            let focus_bit = focus_bit.clone();
            Callback::from(move |_| {
                focus_bit.set(bit);
                active.set(Some(bit));
            })
        };
        let onmouseenter = {
            let active = active.clone();
            Callback::from(move |_| active.set(Some(bit)))
        };
        let minor = !bit.is_multiple_of(4) && !top_of_field;
        // On a narrow screen only these indices stay, so that neighbours never collide.
        let major = bit.is_multiple_of(8) || bit == 63 || bit == 31;
        html! {
            <button type="button" id={format!("bit-{bit}")} data-bit={bit.to_string()}
                class={classes!("bit-cell", role_class(role), one.then_some("one"),
                    top_of_field.then_some("field-start"), (owner == Owner::Unused).then_some("unused"))}
                style={format!("grid-column: {}", 32u32.saturating_sub(bit % 32))}
                tabindex={if *focus_bit == bit { "0" } else { "-1" }}
                aria-pressed={one.to_string()}
                aria-label={format!("bit {bit}")}
                title={description}
                {onclick} {onkeydown} {onfocus} {onmouseenter}>
                <span class={classes!("idx", minor.then_some("minor"), major.then_some("major"))} aria-hidden="true">{ bit }</span>
                <span class="val" aria-hidden="true">{ if one { "1" } else { "0" } }</span>
            </button>
        }
    };

    let half = |hi: u32| -> Html {
        let lo = hi.saturating_sub(31);
        let column = |bit: u32| hi.saturating_sub(bit).saturating_add(1);
        // Labels: one per run of bits with the same owner inside this half.
        let mut labels = Vec::new();
        let mut bit = hi as i64;
        while bit >= lo as i64 {
            let b = bit as u32;
            let owner = owners.get(b as usize).copied().unwrap_or(Owner::Unused);
            let mut end = b;
            while let Some(below) = end.checked_sub(1).filter(|_| end > lo) {
                if owners.get(below as usize).copied() != Some(owner) {
                    break;
                }
                end = below;
            }
            // `end` only walks down from `b`, so the run is at least one bit wide.
            let span = b.saturating_sub(end).saturating_add(1);
            let (name, role, continued) = match owner {
                Owner::Field(p) => {
                    let field = layout.field(p);
                    let shift = layout.shift(p).unwrap_or(0);
                    let top = field.map_or(0, |f| shift.saturating_add(f.width).saturating_sub(1));
                    (
                        field.map_or(String::new(), |f| f.name.clone()),
                        field.map_or(FieldRole::Other, |f| f.role),
                        top != b,
                    )
                }
                Owner::Unused => ("unused".to_owned(), FieldRole::Reserved, b != 63),
            };
            let text = if continued {
                format!("…{name}")
            } else {
                name.clone()
            };
            labels.push(html! {
                <span class={classes!("strip-label", role_class(role))}
                    style={format!("grid-column: {} / span {span}", column(b))}
                    title={format!("{name}: bits {b}–{end} shown here")}>
                    <span class="strip-label-text">{ text }</span>
                </span>
            });
            bit = i64::from(end).saturating_sub(1);
        }
        // Boundary handles: below every field but the last, when its lowest bit is in this half.
        let handles = (0..layout.field_count().saturating_sub(1)).filter_map(|position| {
            let lowest = layout.shift(position)?;
            if lowest < lo || lowest > hi {
                return None;
            }
            let upper = layout.field(position)?;
            let lower = layout.field(position.saturating_add(1))?;
            let max = upper.width.saturating_add(lower.width).saturating_sub(1);
            let dom_id = format!("grip-{position}");
            let onkeydown = {
                let on_move = props.on_move.clone();
                let pending_focus = pending_focus.clone();
                let dom_id = dom_id.clone();
                Callback::from(move |e: KeyboardEvent| {
                    let bits = match e.key().as_str() {
                        "ArrowLeft" | "ArrowDown" => -1,
                        "ArrowRight" | "ArrowUp" => 1,
                        _ => return,
                    };
                    e.prevent_default();
                    *pending_focus.borrow_mut() = Some(dom_id.clone());
                    on_move.emit((position, bits));
                })
            };
            let onpointerdown = {
                let dragging = dragging.clone();
                Callback::from(move |e: PointerEvent| {
                    e.prevent_default();
                    if let Some(target) = e.target_dyn_into::<web_sys::Element>() {
                        let _ = target.set_pointer_capture(e.pointer_id());
                    }
                    dragging.set(Some(position));
                })
            };
            let onpointermove = {
                let dragging = dragging.clone();
                let on_move = props.on_move.clone();
                Callback::from(move |e: PointerEvent| {
                    if *dragging != Some(position) {
                        return;
                    }
                    if let Some(bit) = bit_at(e.client_x(), e.client_y()) {
                        let bits = i64::from(lowest).saturating_sub(i64::from(bit));
                        if bits != 0 {
                            on_move.emit((position, bits as i32));
                        }
                    }
                })
            };
            let onpointerup = {
                let dragging = dragging.clone();
                Callback::from(move |_: PointerEvent| dragging.set(None))
            };
            let label = format!(
                "Boundary between {} ({} bits) and {} ({} bits)",
                upper.name, upper.width, lower.name, lower.width
            );
            Some(html! {
                <span key={dom_id.clone()} id={dom_id} role="slider" tabindex="0"
                    class={classes!("grip", (*dragging == Some(position)).then_some("dragging"))}
                    style={format!("grid-column: {} / span 1", column(lowest))}
                    aria-label={label.clone()}
                    aria-orientation="horizontal"
                    aria-valuemin="1" aria-valuemax={max.to_string()}
                    aria-valuenow={upper.width.to_string()}
                    aria-valuetext={format!("{} {} bits, {} {} bits", upper.name, upper.width, lower.name, lower.width)}
                    title={format!("{label}. Drag, or focus and press ← or →.")}
                    {onkeydown} {onpointerdown} {onpointermove} {onpointerup}>
                    <span aria-hidden="true">{ "◆" }</span>
                </span>
            })
        });
        html! {
            <div class="strip-half">
                { for labels }
                { for (lo..=hi).rev().map(&cell) }
                { for handles }
            </div>
        }
    };

    let readout = match *active {
        Some(bit) => describe_bit(layout, id, bit),
        None => "Point at a bit, or focus the strip and use ← →, to read its field and weight. Click or press Space to flip it."
            .to_owned(),
    };
    let onmouseleave = {
        let active = active.clone();
        Callback::from(move |_| active.set(None))
    };
    html! {
        <section class="panel strip-panel" aria-labelledby="strip-title">
            <h2 id="strip-title">{ "The 64 bits" }</h2>
            <div class="strip" role="group" aria-label="The 64 bits of the ID, bit 63 first. Arrow keys move; Space flips a bit." {onmouseleave}>
                { half(63) }
                { half(31) }
            </div>
            <p class="strip-readout mono-nums" data-testid="bit-readout">{ readout }</p>
        </section>
    }
}
