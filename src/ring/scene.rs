//! What the ring drawing shows for a state: the ring's ticks and owner band (or the range's
//! band) and the drawn keys, each with its owner before and after the last change. Built once per
//! change of what it reads ([`use_scene`]), after the first paint.

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::placement::{
    BoxedPlacement, CircleShape, KeyStream, Range, ServerId, ServerList,
};
use yew::prelude::*;

use shardlab_core::view_limits::ring::MAX_MARKED_VNODES;

use super::ring_change;
use super::ring_drawing::{self, Dot, Scene, Span};
use super::state::{bounded_pair, build_pair, ring_of, PlacementInputs, RingState};

fn inputs(s: &RingState) -> PlacementInputs {
    s.placement_inputs(s.sample)
}

thread_local! {
    /// The scenes built last, for [`warm`] to build one in a task before the render that shows it
    /// (the page's and the contrast's, hence two).
    static KEPT: RefCell<Vec<(PlacementInputs, Rc<Scene>)>> = const { RefCell::new(Vec::new()) };
}

const KEPT_SCENES: usize = 2;

/// The scene of `state`, from the kept ones when it was built already.
fn kept_scene(state: &RingState) -> Rc<Scene> {
    let key = inputs(state);
    if let Some(scene) = KEPT.with(|k| {
        k.borrow()
            .iter()
            .find(|(inputs, _)| *inputs == key)
            .map(|(_, scene)| Rc::clone(scene))
    }) {
        return scene;
    }
    let built = Rc::new(scene(state));
    KEPT.with(|k| {
        let mut kept = k.borrow_mut();
        if kept.len() >= KEPT_SCENES {
            kept.remove(0);
        }
        kept.push((key, Rc::clone(&built)));
    });
    built
}

/// Builds the scene of `state` ahead of the render that shows it (see `drawn.rs`).
pub fn warm(state: &RingState) {
    kept_scene(state);
}

/// The scene of `state`, rebuilt only when what it reads changes; empty until `painted` (so the
/// first render paints at once) and for `None`.
#[hook]
pub fn use_scene(state: Option<&RingState>, painted: bool) -> Rc<Scene> {
    let s = state.cloned();
    let deps = state.map(inputs);
    let scene = use_memo((painted, deps), move |_| match s {
        Some(s) if painted => kept_scene(&s),
        _ => Rc::new(Scene::default()),
    });
    Rc::clone(&scene)
}

/// Each drawn key's owner before and after the last change (the same owner twice before any
/// change, asked once), in the keys' order: `locate`, or for bounded loads the arrival-order
/// assignment of the counted keys, whose first keys the drawn ones are (a late key may find its
/// ring owner full).
fn owners_of<'a>(
    state: &RingState,
    before: &'a BoxedPlacement,
    after: &'a BoxedPlacement,
) -> Box<dyn FnMut(u64) -> (ServerId, ServerId) + 'a> {
    let changed = state.previous.is_some();
    if let Some(Ok((was, now))) = bounded_pair(state) {
        let (mut was, mut now) = (was.into_assigner(state.keys), now.into_assigner(state.keys));
        if changed {
            return Box::new(move |key| (was.place(key).owner, now.place(key).owner));
        }
        return Box::new(move |key| {
            let owner = now.place(key).owner;
            (owner, owner)
        });
    }
    if changed {
        Box::new(|key| (before.locate(key), after.locate(key)))
    } else {
        Box::new(|key| {
            let owner = after.locate(key);
            (owner, owner)
        })
    }
}

/// What the drawing shows: the ring's ticks and band (or the range's band), and the drawn keys.
pub fn scene(state: &RingState) -> Scene {
    let Ok((before, after)) = build_pair(state, state.sample) else {
        return Scene::default();
    };
    let mut owners = owners_of(state, &before, &after);
    let dots = KeyStream::new(state.seed)
        .take_keys(state.sample)
        .map(|key| {
            let (was, owner) = owners(key);
            Dot {
                key,
                owner: owner.0,
                was: was.0,
                moved: was != owner,
            }
        })
        .collect();
    let list = ServerList::new(state.servers.clone()).ok();
    let mut scene = Scene {
        dots,
        ..Scene::default()
    };
    match state.scheme.circle() {
        CircleShape::Points => {
            if let Ok(ring) = ring_of(&state.servers, state.vnodes) {
                // Thinned and bounded here, once per ring, not on every render of the drawing.
                let stride = ring.vnode_count().div_ceil(ring_drawing::MAX_TICKS).max(1);
                scene.ticks = ring
                    .vnodes()
                    .step_by(stride)
                    .map(|v| (v.point, v.server.0))
                    .collect();
                // Each vnode owns the arc from the point before it; built from the points
                // directly, since `Ring::arcs` also measures each arc, 640,000 times at the limit.
                let mut previous = ring.points().last().copied().unwrap_or(0);
                let spans: Vec<Span> = ring
                    .points()
                    .iter()
                    .zip(ring.owners())
                    .map(|(&point, owner)| {
                        let start = std::mem::replace(&mut previous, point);
                        Span {
                            start,
                            end: point,
                            server: owner.0,
                        }
                    })
                    .collect();
                scene.spans = ring_drawing::drawn_bands(&spans, ring_drawing::MAX_BANDS);
                if ring.vnode_count() <= MAX_MARKED_VNODES {
                    scene.change = ring_change::change_of(
                        &state.servers,
                        state.previous.as_deref(),
                        state.vnodes,
                    );
                }
            }
        }
        CircleShape::Arcs => {
            if let Some(list) = list {
                scene.spans = Range::even(list)
                    .spans()
                    .iter()
                    .map(|s| Span {
                        start: s.start,
                        end: s.end.wrapping_add(1),
                        server: s.server.0,
                    })
                    .collect();
            }
        }
        // These draw their own picture beside the ring, which shows only their keys.
        CircleShape::Scattered => {}
    }
    scene
}
