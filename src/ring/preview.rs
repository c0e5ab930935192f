//! A small live preview of the Ring for the home page: four servers on a consistent-hash ring, a
//! sample of keys, and a button that adds a fifth server. The keys that change owner turn red, and
//! the caption gives the moved fraction measured over many keys, for the ring and for hash mod N.

use shardlab_core::placement::{movement, KeyStream, Mod, Placement, Ring, ServerId, ServerList};
use yew::prelude::*;

use crate::browser::math::sin_cos;
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
    ring_moved: f64,
    mod_moved: f64,
}

fn scene() -> Option<Scene> {
    let four = ServerList::uniform(4).ok()?;
    let five = ServerList::uniform(5).ok()?;
    let before = Ring::new(four.clone(), VNODES).ok()?;
    let after = Ring::new(five.clone(), VNODES).ok()?;
    let ring_moved = movement(&before, &after, MEASURED_KEYS, SEED)
        .ok()?
        .moved_fraction;
    let mod_moved = movement(&Mod::new(four), &Mod::new(five), MEASURED_KEYS, SEED)
        .ok()?
        .moved_fraction;
    Some(Scene {
        before,
        after,
        ring_moved,
        mod_moved,
    })
}

/// A ring of four servers that can grow to five.
#[function_component(RingPreview)]
pub fn ring_preview() -> Html {
    let grown = use_state(|| false);
    let scene = use_memo((), |_| scene());
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
                    { format!("Measured over {} keys, growing 4 → 5 moves {:.1} % on this ring and {:.1} % under hash mod N.",
                        thousands(MEASURED_KEYS), scene.ring_moved * 100.0, scene.mod_moved * 100.0) }
                </p>
            </figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::on_circle;

    #[test]
    fn zero_is_at_the_top_and_a_quarter_is_to_the_right() {
        let (x, y) = on_circle(0, 50.0);
        assert!((x - 100.0).abs() < 1e-9 && (y - 50.0).abs() < 1e-9);
        let (x, y) = on_circle(1 << 62, 50.0);
        assert!((x - 150.0).abs() < 1e-9 && (y - 100.0).abs() < 1e-9);
    }
}
