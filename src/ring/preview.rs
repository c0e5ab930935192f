//! A small live preview of the Ring for the home page: four servers on a consistent-hash ring, a
//! sample of keys, and a button that adds a fifth server. The keys that change owner turn red, and
//! the caption gives the moved fraction measured over many keys, for the ring and for hash mod N.

use shardlab_core::placement::{movement, KeyStream, Mod, Placement, Ring, ServerId, ServerList};
use std::rc::Rc;

use yew::prelude::*;

use crate::browser::math::sin_cos;
use crate::jobs::hook::use_painted;
use crate::widgets::palette::server_class;
use shardlab_core::text::thousands;

const VNODES: u32 = 100;
const DRAWN_KEYS: u64 = 60;
const MEASURED_KEYS: u64 = 20_000;
const SEED: u64 = 2015;

/// Where a point of the hash space sits on a circle of radius `r` around (100, 100), with 0 at the
/// top and values growing clockwise.
fn on_circle(point: u64, r: f64) -> (f64, f64) {
    let turn = point as f64 / 18_446_744_073_709_551_616.0;
    let angle = turn * std::f64::consts::TAU;
    let (sin, cos) = sin_cos(angle);
    (100.0 + r * sin, 100.0 - r * cos)
}

fn server_index(servers: &ServerList, id: ServerId) -> usize {
    servers.position(id).unwrap_or(0)
}

struct Scene {
    before: Ring,
    after: Ring,
}

fn scene() -> Option<Scene> {
    let before = Ring::new(ServerList::uniform(4).ok()?, VNODES).ok()?;
    let after = Ring::new(ServerList::uniform(5).ok()?, VNODES).ok()?;
    Some(Scene { before, after })
}

/// The moved fractions of 4 → 5 servers over [`MEASURED_KEYS`], on the ring and under mod N.
fn measured(scene: &Scene) -> Option<(f64, f64)> {
    let four = scene.before.servers().clone();
    let five = scene.after.servers().clone();
    let ring = movement(&scene.before, &scene.after, MEASURED_KEYS, SEED).ok()?;
    let modulo = movement(&Mod::new(four), &Mod::new(five), MEASURED_KEYS, SEED).ok()?;
    Some((ring.moved_fraction, modulo.moved_fraction))
}

/// A ring of four servers that can grow to five.
#[function_component(RingPreview)]
pub fn ring_preview() -> Html {
    let grown = use_state(|| false);
    let scene = use_memo((), |_| scene());
    // Counted after the home page's first paint: 40,000 placements are a fifth of its start task.
    let painted = use_painted();
    let measured = {
        let scene = Rc::clone(&scene);
        use_memo(painted, move |&painted| {
            painted
                .then(|| scene.as_ref().as_ref().and_then(measured))
                .flatten()
        })
    };
    let Some(scene) = scene.as_ref() else {
        return html! {};
    };
    let ring = if *grown { &scene.after } else { &scene.before };
    let keys: Vec<u64> = KeyStream::new(SEED).take_keys(DRAWN_KEYS).collect();
    let moved = keys
        .iter()
        .filter(|&&k| scene.before.locate(k) != scene.after.locate(k))
        .count();
    let toggle = {
        let grown = grown.clone();
        Callback::from(move |_| grown.set(!*grown))
    };
    // One path of ticks per server, not a line per vnode: 4 elements instead of 400 to build on
    // the home page's first render.
    let ticks = ring.servers().ids().enumerate().map(|(index, id)| {
        let mut d = String::new();
        for vnode in ring.vnodes().filter(|vnode| vnode.server == id) {
            let (x1, y1) = on_circle(vnode.point, 72.0);
            let (x2, y2) = on_circle(vnode.point, 84.0);
            d.push_str(&format!("M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}"));
        }
        html! { <path class={classes!("tick", server_class(index))} {d} /> }
    });
    let dots = keys.iter().map(|&key| {
        let (x, y) = on_circle(key, 60.0);
        let owner = ring.locate(key);
        let changed = *grown && scene.before.locate(key) != owner;
        let class = server_class(server_index(ring.servers(), owner));
        html! { <circle class={classes!("key", class, changed.then_some("moved"))}
        cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="3" /> }
    });
    let status = if *grown {
        format!("Five servers: {moved} of the {DRAWN_KEYS} keys drawn changed owner (red).")
    } else {
        format!("Four servers, {VNODES} virtual nodes each, {DRAWN_KEYS} keys.")
    };
    html! {
        <figure class="ring-preview">
            <svg viewBox="0 0 200 200" role="img" aria-labelledby="ring-preview-title">
                <title id="ring-preview-title">{ status.clone() }</title>
                <circle class="ring-track" cx="100" cy="100" r="77" />
                { for ticks }
                { for dots }
            </svg>
            <figcaption>
                <p aria-live="polite">{ status }</p>
                <button type="button" class="primary" onclick={toggle} aria-pressed={grown.to_string()}>
                    { if *grown { "Back to four servers" } else { "Add a fifth server" } }
                </button>
                <p class="measured">
                    { match *measured {
                        Some((ring, modulo)) => format!("Measured over {} keys, growing 4 → 5 moves {:.1} % on this ring and {:.1} % under hash mod N.",
                            thousands(MEASURED_KEYS), ring * 100.0, modulo * 100.0),
                        None => format!("Measuring what growing 4 → 5 moves over {} keys…", thousands(MEASURED_KEYS)),
                    } }
                </p>
            </figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::{measured, on_circle, scene};

    #[test]
    fn the_caption_measures_about_a_fifth_on_the_ring_and_four_fifths_under_mod() {
        let (ring, modulo) = scene().as_ref().and_then(measured).unwrap_or((0.0, 0.0));
        assert!((0.1..0.3).contains(&ring), "{ring}");
        assert!((0.75..0.85).contains(&modulo), "{modulo}");
    }

    #[test]
    fn zero_is_at_the_top_and_a_quarter_is_to_the_right() {
        let (x, y) = on_circle(0, 50.0);
        assert!((x - 100.0).abs() < 1e-9 && (y - 50.0).abs() < 1e-9);
        let (x, y) = on_circle(1 << 62, 50.0);
        assert!((x - 150.0).abs() < 1e-9 && (y - 100.0).abs() < 1e-9);
    }
}
