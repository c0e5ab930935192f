//! The ring's sample of keys, drawn on a `<canvas>` that sits exactly under the ring's SVG (same
//! 400 × 400 geometry). Ten thousand SVG circles made every change one long task (Yew diffed them
//! and the browser restyled each for its transition); here the page renders one element and the
//! dots are painted from an effect by [`super::dot_raster`], animated with
//! `requestAnimationFrame`. The keys that stay put (and the orbits' circles under them) are
//! painted once per scene into a layer; a frame of the flight puts back that layer under the
//! moving keys' last squares and paints them at their new places ([`super::flight`]), and only the
//! tiles that changed go to the canvas.
//!
//! A change plays as [`super::animation`] says: first the arcs change owner (this painter sets
//! `data-stage` on the drawing's wrapper and fades the SVG's change marks in and the old owners
//! out, [`change_opacities`]), then the keys that changed owner slide from the key orbit to the moved orbit, fade
//! from the old owner's colour to the new one's and carry a red outline; the others stay put.
//! `--rv-flight` (www/ring.css) sets the pace: the stages' total at normal speed, 0 under
//! `prefers-reduced-motion`, which (like the media query itself) draws the end state at once.
//! Colours are read from the theme's CSS (hidden probes with the same `server_class` as the SVG)
//! whenever the theme or the system scheme changes.

use std::cell::RefCell;
use std::f64::consts::TAU;
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::render::{request_animation_frame, AnimationFrame};
use wasm_bindgen::Clamped;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, ImageData};
use yew::prelude::*;

use super::animation::{Animation, Event, TOTAL_MS};
use super::dot_raster::{DotStyle, LineStyle, Raster, Rect, Rgb};
use super::flight::Shown;
use super::landing::InFlight;
use super::ring_drawing::{turn_of, Dot, Scene, CENTRE, KEY_ORBIT, MOVED_ORBIT};
use crate::browser::math::sin_cos;
use crate::browser::motion::prefers_reduced_motion;
use crate::browser::number::parse_f64;
use crate::browser::theme_change::{self, use_theme_change};
use crate::widgets::palette::server_class;

/// The side of the drawing in viewBox units.
const VIEW: f64 = 400.0;
/// A dot's radius in viewBox units.
const DOT_R: f64 = 3.0;
/// How many server colours the palette has (`server_class` repeats after this many).
const COLOURS: usize = 16;

/// A computed CSS colour as the rasteriser's channels (the one parser is the theme's).
fn parse_rgb(text: &str) -> Option<Rgb> {
    theme_change::parse_rgb(text).map(|[r, g, b]| [f64::from(r), f64::from(g), f64::from(b)])
}

/// The colour `t` of the way from `from` to `to`.
pub fn mix(from: Rgb, to: Rgb, t: f64) -> Rgb {
    let t = t.clamp(0.0, 1.0);
    let at = |f: f64, g: f64| f + (g - f) * t;
    [at(from[0], to[0]), at(from[1], to[1]), at(from[2], to[2])]
}

/// Ease-out cubic: fast start, gentle landing (the same feel as `--ease-out`).
pub fn ease_out(p: f64) -> f64 {
    let rest = 1.0 - p.clamp(0.0, 1.0);
    1.0 - rest * rest * rest
}

/// A duration such as `600ms` or `0.6s` in milliseconds; anything else is `None`.
pub fn parse_ms(text: &str) -> Option<f64> {
    let text = text.trim();
    let ms = if let Some(n) = text.strip_suffix("ms") {
        parse_f64(n.trim())?
    } else {
        parse_f64(text.strip_suffix('s')?.trim())? * 1000.0
    };
    (ms.is_finite() && ms >= 0.0).then_some(ms)
}

/// The colours the canvas needs, resolved for the theme on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Palette {
    servers: Vec<Rgb>,
    moved: Rgb,
    surface: Rgb,
    track: Rgb,
}

impl Palette {
    /// Used until the probes can be read (never on a real page, where they always resolve).
    fn fallback() -> Palette {
        Palette {
            servers: vec![[128.0, 128.0, 128.0]; COLOURS],
            moved: [200.0, 16.0, 46.0],
            surface: [255.0, 255.0, 255.0],
            track: [214.0, 214.0, 209.0],
        }
    }

    fn server(&self, owner: u32) -> Rgb {
        self.servers
            .get(owner as usize % COLOURS)
            .copied()
            .unwrap_or([128.0, 128.0, 128.0])
    }
}

/// The sine and cosine of each dot's angle, 0 at the top, clockwise.
type Angles = Vec<(f64, f64)>;

/// The dots of a scene ready for drawing: the still ones in the scene's own order (so where dots
/// overlap no colour covers the others, which under hash mod N would make one server look like it
/// owns most keys), the moving ones grouped by their (old colour, new colour) pair, each with the
/// sine and cosine of its angle precomputed so a frame only scales them by the current radius.
#[derive(Debug, Default, PartialEq)]
pub struct Batches {
    /// `(colour index, (sin, cos))` for each key that kept its owner, in the scene's order.
    still: Vec<(u32, (f64, f64))>,
    /// `((old, new) colour index, [(sin, cos)])` for keys that moved.
    moving: Vec<((u32, u32), Angles)>,
}

impl Batches {
    /// Colours `dots` (index modulo the palette size) and groups the moved ones by colour pair.
    pub fn of(dots: &[Dot]) -> Batches {
        let mut still: Vec<(u32, (f64, f64))> = Vec::new();
        let mut moving: Vec<((u32, u32), Angles)> = Vec::new();
        for dot in dots {
            let angle = turn_of(dot.key) * TAU;
            let at = sin_cos(angle);
            let colour = dot.owner.checked_rem(COLOURS as u32).unwrap_or(0);
            if dot.moved {
                let pair = (dot.was.checked_rem(COLOURS as u32).unwrap_or(0), colour);
                match moving.iter_mut().find(|(p, _)| *p == pair) {
                    Some((_, list)) => list.push(at),
                    None => moving.push((pair, vec![at])),
                }
            } else {
                still.push((colour, at));
            }
        }
        Batches { still, moving }
    }

    /// How many dots moved.
    pub fn moved(&self) -> usize {
        self.moving.iter().map(|(_, list)| list.len()).sum()
    }
}

/// What the canvas painter keeps between frames.
struct Painter {
    canvas: NodeRef,
    probes: NodeRef,
    batches: Rc<Batches>,
    palette: Option<Palette>,
    /// The keys that stay put, painted for the current scene, palette and size.
    still: Option<Raster>,
    /// The still layer being painted, when `still` is out of date.
    building: Option<StillBuild>,
    /// The picture on the canvas, as the flight's frames change it, and how far through the
    /// flight it shows the keys; `None` when the canvas must be given the whole picture (a new
    /// still layer).
    shown: Option<(Shown, f64)>,
    /// The pace of an animation that starts when the still layer is ready.
    waiting: Option<f64>,
    /// The change's animation.
    animation: Animation,
    /// Held from the change's hold until its keys land (the counting waits for it).
    flight: Option<InFlight>,
    frame: Option<AnimationFrame>,
    /// Whether a scene has been drawn: the first one appears without a flight.
    drawn_once: bool,
}

fn now() -> f64 {
    gloo::utils::window().performance().map_or(0.0, |p| p.now())
}

fn computed(element: &Element, property: &str) -> Option<String> {
    gloo::utils::window()
        .get_computed_style(element)
        .ok()
        .flatten()
        .and_then(|style| style.get_property_value(property).ok())
}

/// Reads the theme's colours from the hidden probes (one per server colour, then moved, surface
/// and track, in that order).
fn read_palette(probes: &NodeRef) -> Option<Palette> {
    let root = probes.cast::<Element>()?;
    let children = root.children();
    let colour = |i: u32| -> Option<String> { computed(&children.item(i)?, "color") };
    let servers = (0..COLOURS as u32)
        .map(|i| colour(i).as_deref().and_then(parse_rgb))
        .collect::<Option<Vec<Rgb>>>()?;
    let base = COLOURS as u32;
    Some(Palette {
        servers,
        moved: parse_rgb(&colour(base)?)?,
        surface: parse_rgb(&colour(base.saturating_add(1))?)?,
        track: parse_rgb(&colour(base.saturating_add(2))?)?,
    })
}

/// Sizes the backing store to the element's box at the screen's pixel ratio; returns the context
/// scaled so one unit is one viewBox unit.
fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    let ratio = gloo::utils::window().device_pixel_ratio().max(1.0);
    let side = (f64::from(canvas.client_width()) * ratio).round().max(1.0);
    // Setting the size clears the canvas even when it is unchanged, so only set it when it differs.
    if f64::from(canvas.width()) != side {
        canvas.set_width(side as u32);
        canvas.set_height(side as u32);
    }
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()?
        .dyn_into::<CanvasRenderingContext2d>()
        .ok()?;
    let scale = side / VIEW;
    ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0).ok()?;
    Some(ctx)
}

/// How long one turn of building the still layer may take, in milliseconds: the layer is built
/// over as many turns (animation frames) as it needs, so no task paints 10,000 dots at once.
const LAYER_BUDGET_MS: f64 = 5.0;
/// Dots painted between two looks at the clock.
const LAYER_CHUNK: usize = 256;

/// The keys that stay put, painted once per scene, theme and canvas size, a budget at a time.
struct StillBuild {
    layer: Raster,
    /// How many of the still dots are painted.
    next: usize,
}

impl StillBuild {
    fn new(side: usize) -> StillBuild {
        StillBuild {
            layer: Raster::new(side, side),
            next: 0,
        }
    }

    /// Paints still dots for about `budget_ms`; returns whether every one is painted. The orbits'
    /// circles go first, under every dot.
    fn advance(&mut self, batches: &Batches, palette: &Palette, budget_ms: f64) -> bool {
        let scale = self.layer.width() as f64 / VIEW;
        let started = now();
        if self.next == 0 {
            let (centre, width) = (CENTRE * scale, scale);
            let mut line = LineStyle {
                width,
                colour: palette.track,
                dash: None,
            };
            self.layer.circle(centre, centre, KEY_ORBIT * scale, &line);
            line.dash = Some((2.0 * scale, 4.0 * scale));
            self.layer
                .circle(centre, centre, MOVED_ORBIT * scale, &line);
        }
        loop {
            let end = self
                .next
                .saturating_add(LAYER_CHUNK)
                .min(batches.still.len());
            for &(colour, (sin, cos)) in batches.still.get(self.next..end).unwrap_or_default() {
                let style = DotStyle {
                    radius: DOT_R * scale,
                    outline: 0.8 * scale,
                    fill: palette.server(colour),
                    stroke: palette.surface,
                };
                let x = (CENTRE + KEY_ORBIT * sin) * scale;
                let y = (CENTRE - KEY_ORBIT * cos) * scale;
                self.layer.dot(x, y, &style);
            }
            self.next = end;
            if end >= batches.still.len() {
                return true;
            }
            if now() - started >= budget_ms {
                return false;
            }
        }
    }
}

/// The moving keys `progress` (0–1) of the way through the flight: each one's centre in pixels
/// and its look, in the order they are painted.
fn moving_dots<'a>(
    batches: &'a Batches,
    palette: &'a Palette,
    progress: f64,
    scale: f64,
) -> impl Iterator<Item = ((f64, f64), DotStyle)> + 'a {
    let eased = ease_out(progress);
    let orbit = KEY_ORBIT + (MOVED_ORBIT - KEY_ORBIT) * eased;
    batches.moving.iter().flat_map(move |((was, now), points)| {
        let style = DotStyle {
            radius: DOT_R * scale,
            outline: 1.5 * scale,
            fill: mix(palette.server(*was), palette.server(*now), eased),
            stroke: palette.moved,
        };
        points.iter().map(move |&(sin, cos)| {
            let at = (
                (CENTRE + orbit * sin) * scale,
                (CENTRE - orbit * cos) * scale,
            );
            (at, style)
        })
    })
}

/// Puts `rect` of `picture` on the canvas at the same place (the canvas's pixels, untransformed).
fn put(ctx: &CanvasRenderingContext2d, picture: &Raster, rect: Rect) {
    let bytes = picture.region(rect);
    let Ok(image) =
        ImageData::new_with_u8_clamped_array_and_sh(Clamped(&bytes), rect.w as u32, rect.h as u32)
    else {
        return;
    };
    let _ = ctx.put_image_data(&image, rect.x as f64, rect.y as f64);
}

/// The frame `progress` (0–1) of the way through the flight: the moving keys over the still
/// layer. The first frame over a new layer puts the whole picture on the canvas; later ones put
/// only the tiles the keys left or entered, and none while the keys wait (the arcs' stage).
fn paint(
    ctx: &CanvasRenderingContext2d,
    still: &Raster,
    shown: &mut Option<(Shown, f64)>,
    batches: &Batches,
    palette: &Palette,
    progress: f64,
) {
    let scale = still.width() as f64 / VIEW;
    if shown.as_ref().is_some_and(|(_, at)| *at == progress) {
        return;
    }
    let whole = shown.is_none();
    let (picture, at) = shown.get_or_insert_with(|| (Shown::new(still), progress));
    *at = progress;
    let changed = picture.repaint(still, moving_dots(batches, palette, progress, scale));
    if whole {
        let picture = picture.picture();
        let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(
            Clamped(picture.pixels()),
            picture.width() as u32,
            picture.height() as u32,
        ) else {
            return;
        };
        let _ = ctx.put_image_data(&image, 0.0, 0.0);
    } else {
        for rect in changed {
            put(ctx, picture.picture(), rect);
        }
    }
}

/// The opacity of each group of the change's marks (`ring_drawing.rs`) when the arcs are `arcs`
/// (0–1) of the way from the old owners to the new: the old owners' colours fade out, the marks
/// and the new ticks in, a killed server's old ticks to faint. At 1 it is `www/ring.css`'s end state.
pub fn change_opacities(arcs: f64) -> [(&'static str, f64); 3] {
    let arcs = arcs.clamp(0.0, 1.0);
    [
        (".rv-change-olds", 1.0 - arcs),
        (".rv-change-new", arcs),
        (".rv-gone", 1.0 - 0.6 * arcs),
    ]
}

/// Shows the arcs' stage: `data-stage` on the drawing's wrapper, and the opacities of the change's
/// groups. Opacity is not inherited, so a frame restyles those three elements only (a custom
/// property on the wrapper restyled the whole drawing every frame, 25–60 ms at 4× slow-down).
/// Each is written only when it changes.
fn show_stage(canvas: &Element, stage: &str, arcs: f64) {
    if let Some(wrap) = canvas.parent_element() {
        set_if_changed(&wrap, "data-stage", stage);
        for (group, opacity) in change_opacities(arcs) {
            if let Ok(Some(element)) = wrap.query_selector(group) {
                set_if_changed(&element, "style", &format!("opacity:{opacity:.3}"));
            }
        }
    }
}

fn set_if_changed(element: &Element, name: &str, value: &str) {
    if element.get_attribute(name).as_deref() != Some(value) {
        let _ = element.set_attribute(name, value);
    }
}

/// Holds the change in the task that brought it: the old owners show at once, so the new band
/// never flashes before the animation's first frame, and the stage says the change waits
/// ([`super::animation::Stage::Held`]) until its keys' layer is painted; under reduced motion
/// the end state shows instead.
fn hold_before_change(state: &mut Painter) {
    state.animation = state.animation.on(Event::Hold {
        reduced_motion: prefers_reduced_motion(),
    });
    state.flight = state.animation.running().then(InFlight::start);
    if let Some(canvas) = state.canvas.cast::<Element>() {
        let frame = state.animation.frame(now());
        show_stage(&canvas, frame.stage.name(), frame.arcs);
    }
}

/// Starts drawing a new scene: an animation when it shows a change, then the frames.
fn begin_scene(painter: &Rc<RefCell<Painter>>, animate: bool) {
    {
        let mut state = painter.borrow_mut();
        let flight = state
            .canvas
            .cast::<Element>()
            .and_then(|canvas| computed(&canvas, "--rv-flight"))
            .as_deref()
            .and_then(parse_ms)
            .unwrap_or(0.0);
        state.waiting = animate.then_some(flight / f64::from(TOTAL_MS));
    }
    redraw(painter);
}

/// Draws the current frame and asks for the next one while a flight is under way.
fn redraw(painter: &Rc<RefCell<Painter>>) {
    let mut state = painter.borrow_mut();
    let Some(canvas) = state.canvas.cast::<HtmlCanvasElement>() else {
        return;
    };
    if state.palette.is_none() {
        state.palette = read_palette(&state.probes);
        state.still = None;
        state.shown = None;
    }
    let ctx = context(&canvas);
    if let Some(ctx) = ctx {
        let palette = state.palette.clone().unwrap_or_else(Palette::fallback);
        let side = canvas.width() as usize;
        if state
            .still
            .as_ref()
            .is_none_or(|layer| layer.width() != side)
        {
            // Until the new layer is whole the canvas keeps its last picture; the flight starts
            // once it is, so the moving keys fly over the right background.
            let mut build = state
                .building
                .take()
                .filter(|b| b.layer.width() == side)
                .unwrap_or_else(|| StillBuild::new(side));
            if !build.advance(&state.batches, &palette, LAYER_BUDGET_MS) {
                state.building = Some(build);
                let next = Rc::clone(painter);
                state.frame = Some(request_animation_frame(move |_| redraw(&next)));
                return;
            }
            state.still = Some(build.layer);
            state.shown = None;
        }
        // The animation starts once the still layer is whole, so the moving keys fly over the
        // right background.
        let time = now();
        if let Some(pace) = state.waiting.take() {
            state.animation = state.animation.on(Event::Start {
                now: time,
                pace,
                reduced_motion: prefers_reduced_motion(),
            });
        }
        state.animation = state.animation.on(Event::Frame { now: time });
        let frame = state.animation.frame(time);
        let Painter {
            still,
            shown,
            batches,
            ..
        } = &mut *state;
        if let Some(still) = still {
            paint(&ctx, still, shown, batches, &palette, frame.keys);
        }
        show_stage(&canvas, frame.stage.name(), frame.arcs);
    }
    let running = state.animation.running();
    set_if_changed(
        &canvas,
        "data-flying",
        if running { "true" } else { "false" },
    );
    if !running {
        state.flight = None;
    }
    if running {
        let next = Rc::clone(painter);
        state.frame = Some(request_animation_frame(move |_| redraw(&next)));
    } else {
        state.frame = None;
    }
}

/// What [`KeyDots`] draws.
#[derive(Properties, PartialEq)]
pub struct KeyDotsProps {
    /// The scene whose `dots` are drawn (the rest of it is the SVG's).
    pub scene: Rc<Scene>,
    /// How many times Replay was pressed: each press plays the last change again.
    #[prop_or_default]
    pub replay: u32,
}

/// The canvas of key dots, with the hidden colour probes it reads the theme from.
#[function_component(KeyDots)]
pub fn key_dots(props: &KeyDotsProps) -> Html {
    let canvas = use_node_ref();
    let probes = use_node_ref();
    let painter = {
        let (canvas, probes) = (canvas.clone(), probes.clone());
        use_mut_ref(move || Painter {
            canvas,
            probes,
            batches: Rc::new(Batches::default()),
            palette: None,
            still: None,
            building: None,
            shown: None,
            waiting: None,
            animation: Animation::DONE,
            flight: None,
            frame: None,
            drawn_once: false,
        })
    };
    let batches = {
        let scene = Rc::clone(&props.scene);
        use_memo(scene, |scene| Rc::new(Batches::of(&scene.dots)))
    };

    {
        let painter = painter.clone();
        let changed = props.scene.change.is_some();
        use_effect_with(Rc::clone(&*batches), move |batches| {
            {
                let mut state = painter.borrow_mut();
                state.batches = Rc::clone(batches);
                state.still = None;
                state.building = None;
                state.shown = None;
                state.animation = Animation::DONE;
                let animate = state.drawn_once && (changed || batches.moved() > 0);
                if animate {
                    hold_before_change(&mut state);
                } else {
                    state.flight = None;
                }
                // The page's first render has no dots (they come a task later): the first scene
                // with dots is the one that appears without a flight.
                state.drawn_once =
                    state.drawn_once || !batches.still.is_empty() || batches.moved() > 0;
                // The new scene is drawn from the next animation frame on, not in this task (the
                // click's): reading the flight's duration forces a style pass, and the still
                // layer is painted over several frames.
                let next = Rc::clone(&painter);
                state.frame = Some(request_animation_frame(move |_| {
                    begin_scene(&next, animate)
                }));
            }
        });
    }

    // Replay plays the last change again, over the still layer already painted.
    {
        let painter = painter.clone();
        use_effect_with(props.replay, move |&replay| {
            if replay != 0 {
                let mut state = painter.borrow_mut();
                hold_before_change(&mut state);
                let next = Rc::clone(&painter);
                state.frame = Some(request_animation_frame(move |_| begin_scene(&next, true)));
            }
        });
    }

    {
        let painter = painter.clone();
        use_effect_with((), move |_| {
            let window = gloo::utils::window();
            let on_resize = {
                let painter = painter.clone();
                EventListener::new(&window, "resize", move |_| redraw(&painter))
            };
            move || {
                drop(on_resize);
                painter.borrow_mut().frame = None;
            }
        });
    }

    // A theme change re-reads the colours and paints again.
    let theme = use_theme_change();
    {
        let painter = painter.clone();
        use_effect_with(theme, move |&theme| {
            if theme != 0 {
                painter.borrow_mut().palette = None;
                redraw(&painter);
            }
        });
    }

    let moved = batches.moved();
    html! {
        <>
            <canvas ref={canvas} class="rv-dots" aria-hidden="true"
                data-dots={props.scene.dots.len().to_string()} data-moved={moved.to_string()} />
            <span ref={probes} class="rv-probes" aria-hidden="true">
                { for (0..COLOURS).map(|i| html! { <span class={server_class(i)} /> }) }
                <span class="rv-probe-moved" />
                <span class="rv-probe-surface" />
                <span class="rv-probe-track" />
            </span>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computed_colours_become_the_rasterisers_channels() {
        assert_eq!(parse_rgb("rgb(0, 114, 178)"), Some([0.0, 114.0, 178.0]));
        assert_eq!(parse_rgb("rgb(1, 2, 900)"), None);
    }

    #[test]
    fn colours_mix_from_the_old_owner_to_the_new() {
        let (a, b) = ([0.0, 100.0, 200.0], [200.0, 100.0, 0.0]);
        assert_eq!(mix(a, b, 0.0), a);
        assert_eq!(mix(a, b, 0.5), [100.0, 100.0, 100.0]);
        assert_eq!(mix(a, b, 2.0), b);
    }

    #[test]
    fn the_flight_eases_out_and_ends_where_it_should() {
        assert_eq!(ease_out(0.0), 0.0);
        assert_eq!(ease_out(1.0), 1.0);
        assert_eq!(ease_out(7.0), 1.0);
        assert!(
            ease_out(0.5) > 0.5,
            "ease-out covers more than half the way by half time"
        );
    }

    #[test]
    fn the_change_fades_from_the_old_owners_to_the_css_end_state() {
        let at = |arcs: f64| change_opacities(arcs).map(|(_, opacity)| opacity);
        assert_eq!(at(0.0), [1.0, 0.0, 1.0]);
        // The end state is www/ring.css's: old owners hidden, marks shown, old ticks faint.
        assert_eq!(at(1.0), [0.0, 1.0, 0.4]);
        assert_eq!(at(7.0), at(1.0));
        let groups = change_opacities(0.5).map(|(group, _)| group);
        assert_eq!(groups, [".rv-change-olds", ".rv-change-new", ".rv-gone"]);
    }

    #[test]
    fn durations_read_in_ms_or_s() {
        assert_eq!(parse_ms(" 600ms"), Some(600.0));
        assert_eq!(parse_ms("0.6s"), Some(600.0));
        assert_eq!(parse_ms("0ms"), Some(0.0));
        assert_eq!(parse_ms("fast"), None);
        assert_eq!(parse_ms("-5ms"), None);
    }

    #[test]
    fn still_dots_keep_their_order_and_moved_ones_group_by_colour_pair() {
        let dot = |key, owner, was, moved| Dot {
            key,
            owner,
            was,
            moved,
        };
        let dots = [
            dot(1, 0, 0, false),
            dot(3, 17, 17, false),
            dot(2, 0, 0, false),
            dot(4, 2, 0, true),
            dot(5, 2, 0, true),
            dot(6, 2, 1, true),
        ];
        let batches = Batches::of(&dots);
        assert_eq!(batches.moved(), 3);
        // Server 17 shares server 1's colour; the still keys stay in the scene's order.
        let still: Vec<u32> = batches.still.iter().map(|(c, _)| *c).collect();
        assert_eq!(still, vec![0, 1, 0]);
        let moving: Vec<((u32, u32), usize)> =
            batches.moving.iter().map(|(p, l)| (*p, l.len())).collect();
        assert_eq!(moving, vec![((0, 2), 2), ((1, 2), 1)]);
        // The precomputed angle of key 0 would be the top; key 4's is a tiny turn to its right.
        let (sin, cos) = batches.moving[0].1[0];
        assert!(sin >= 0.0 && cos > 0.99);
    }
}
