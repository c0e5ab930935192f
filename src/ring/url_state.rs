//! The Ring's state in the address bar:
//! `#/ring?v=1&scheme=ring&servers=0.1.2.3&w=1.1.1.1&from=0-1.1-1.2-1&vnodes=100&r=3&keys=100000&sample=1000&seed=2015&key=user%3A42`.
//!
//! - `servers`: server ids joined with `.`; `w`: their weights in the same order (1 … 100);
//! - `from` (only after a change): the servers before it, as `id-weight` joined with `.`, so a
//!   reload shows the same moved keys;
//! - `table` (only where it differs from the route's opening): Maglev's table size, a prime;
//!   `probes` likewise, multi-probe's k; `c` bounded loads' load factor (shared with the hot-key
//!   cures);
//! - the rest are plain numbers, and `key` is the looked-up key as typed;
//! - `step` (only past the first): the lookup step shown, counted from 1 as the panel's
//!   "step 3 of 7" counts it; a link without it opens on the first step.
//!
//! Only a state that differs from the default is written. Decoding never fails: a bad value
//! becomes a note and its default.

use shardlab_core::placement::{
    check_table_size, Cure, SchemeKind, Server, DEFAULT_TABLE_SIZE, MAX_PROBES, MAX_SUB_KEYS,
    MAX_TABLE_SIZE,
    MAX_VNODES, MAX_WEIGHT, MIN_VNODES,
};
use shardlab_core::text::{quote, thousands};
use shardlab_core::view_limits::ring::{
    kept_key, MAX_KEYS, MAX_REPLICAS, MAX_SAMPLE, MAX_VIEW_SERVERS, MIN_KEYS,
};

use crate::route::View;
use crate::url::url_query::check_version;
use crate::url::url_state_hook::{use_url_state, UrlCodec, UrlState};

use std::rc::Rc;

use yew::prelude::*;

use super::lookup::lookup;
use super::state::{build_now, key_cut_message, ring_fits, Action, Field, RingState};
use crate::catalogue::RingWidget;
use shardlab_core::placement::key_hash;

/// The format version written as `v`.
pub const VERSION: u32 = 1;

/// The state's encoder and decoder on the route of `widget` (`None`: the full view): each writes
/// nothing for, and opens a bare address as, that route's opening state ([`RingState::opening`]).
#[allow(clippy::type_complexity)]
pub fn codec_for(
    widget: Option<RingWidget>,
) -> (
    fn(&RingState) -> Vec<(&'static str, String)>,
    fn(&[(String, String)]) -> RingState,
) {
    // Each route's pair writes nothing for, and opens a bare address as, that route's opening
    // (a test holds each pair to `RingState::opening`).
    match widget {
        None | Some(RingWidget::Vnodes | RingWidget::Compare | RingWidget::Metrics) => {
            (encode, decode)
        }
        Some(
            RingWidget::Grow | RingWidget::ModVsRing | RingWidget::Lookup | RingWidget::Replicas,
        ) => (encode_picture, decode_picture),
        Some(RingWidget::Maglev) => (encode_maglev, decode_maglev),
        Some(RingWidget::HotKeys) => (encode_hot, decode_hot),
        Some(RingWidget::Probes) => (encode_probes, decode_probes),
        Some(RingWidget::Bounded) => (encode_bounded, decode_bounded),
    }
}

/// What [`use_ring_url`] hands a Ring page.
pub struct RingUrl {
    /// The reducer and the address it writes.
    pub url: UrlState<RingState>,
    /// The state now, shared by the parts.
    pub state: Rc<RingState>,
    /// One callback for the page's life, so the parts that take it are not re-rendered for a
    /// new one on every render of the page.
    pub dispatch: Callback<Action>,
}

/// The Ring's state on the route of `widget` (`None`: the full view), kept in the address bar.
#[hook]
pub fn use_ring_url(widget: Option<RingWidget>) -> RingUrl {
    let (encode, decode) = codec_for(widget);
    let url = use_url_state(UrlCodec::new(View::Ring, encode, decode, |s| {
        Action::Restore(Box::new(s))
    }));
    let state = Rc::new((*url.state).clone());
    let dispatch = {
        let handle = url.state.clone();
        (*use_memo((), move |_| {
            Callback::from(move |action: Action| handle.dispatch(action))
        }))
        .clone()
    };
    RingUrl {
        url,
        state,
        dispatch,
    }
}

/// The query pairs for a state; empty when it is the default state.
pub fn encode(state: &RingState) -> Vec<(&'static str, String)> {
    encode_over(&RingState::default(), state)
}

/// The state a link describes on a full view's route.
pub fn decode(pairs: &[(String, String)]) -> RingState {
    decode_over(RingState::default(), pairs)
}

/// A widget route's [`encode`] and [`decode`] over its opening state, as plain functions since
/// the URL codec takes function pointers: a bare address opens the opening, and only what differs
/// from it is written.
macro_rules! opening_codec {
    ($($(#[$doc:meta])* $encode:ident, $decode:ident => $widget:ident;)*) => {$(
        $(#[$doc])*
        fn $encode(state: &RingState) -> Vec<(&'static str, String)> {
            encode_over(&RingState::opening(Some(RingWidget::$widget)), state)
        }

        $(#[$doc])*
        fn $decode(pairs: &[(String, String)]) -> RingState {
            decode_over(RingState::opening(Some(RingWidget::$widget)), pairs)
        }
    )*};
}

opening_codec! {
    /// The picture widgets': [`super::state::PICTURE_VNODES`] per weight.
    encode_picture, decode_picture => Grow;
    /// Maglev's widget's: a small table.
    encode_maglev, decode_maglev => Maglev;
    /// The hot-key widget's: eight servers.
    encode_hot, decode_hot => HotKeys;
    /// Multi-probe's widget's.
    encode_probes, decode_probes => Probes;
    /// Bounded loads' widget's: a few vnodes per server.
    encode_bounded, decode_bounded => Bounded;
}

/// The query pairs for a state; empty when it is `opening`.
fn encode_over(opening: &RingState, state: &RingState) -> Vec<(&'static str, String)> {
    let lasting = |s: &RingState| {
        let mut s = s.clone();
        s.notes.clear();
        s
    };
    if lasting(state) == *opening {
        return Vec::new();
    }
    let mut pairs = vec![
        ("v", VERSION.to_string()),
        ("scheme", state.scheme.name().to_owned()),
        ("servers", join(state.servers.iter().map(|s| s.id.0))),
        ("w", join(state.servers.iter().map(|s| s.weight))),
    ];
    if let Some(previous) = &state.previous {
        pairs.push(("from", encode_list(previous)));
    }
    pairs.push(("vnodes", state.vnodes.to_string()));
    // Written only where it says something, so the links made before Maglev joined stay as
    // they were.
    if state.table_size != opening.table_size {
        pairs.push(("table", state.table_size.to_string()));
    }
    if state.probes != opening.probes {
        pairs.push(("probes", state.probes.to_string()));
    }
    pairs.extend([
        ("r", state.replicas.to_string()),
        ("keys", state.keys.to_string()),
        ("sample", state.sample.to_string()),
        ("seed", state.seed.to_string()),
        ("key", state.key.clone()),
    ]);
    if state.step > 0 {
        pairs.push(("step", state.step.saturating_add(1).to_string()));
    }
    // The hot-key settings, each only where it differs, so older links stay as they were.
    let (hot, was) = (&state.hot, &opening.hot);
    if hot.popularity != was.popularity {
        pairs.push(("zipf", format!("{}", hot.popularity.exponent())));
    }
    if hot.cure != was.cure {
        pairs.push(("cure", hot.cure.name().to_owned()));
    }
    if hot.cures_folded {
        pairs.push(("cures", CURES_FOLDED.to_owned()));
    }
    if hot.settings.load_factor != was.settings.load_factor {
        pairs.push(("c", format!("{}", hot.settings.load_factor.value())));
    }
    if hot.settings.sub_keys != was.settings.sub_keys {
        pairs.push(("salt", hot.settings.sub_keys.to_string()));
    }
    pairs
}

fn join(values: impl Iterator<Item = u32>) -> String {
    values.map(|v| v.to_string()).collect::<Vec<_>>().join(".")
}

/// `id-weight.id-weight…`
pub fn encode_list(servers: &[Server]) -> String {
    servers
        .iter()
        .map(|s| format!("{}-{}", s.id.0, s.weight))
        .collect::<Vec<_>>()
        .join(".")
}

/// Checks a server list for the view: 1 … 64 servers, unique ids, weights 1 … 100.
fn checked(servers: Vec<Server>) -> Result<Vec<Server>, String> {
    if servers.is_empty() {
        return Err("the list is empty".to_owned());
    }
    // The readers stop one past the limit, so the true count of a longer list is unknown here.
    if servers.len() > MAX_VIEW_SERVERS {
        return Err(format!(
            "it lists more than {MAX_VIEW_SERVERS} servers, and this view draws at most {MAX_VIEW_SERVERS}"
        ));
    }
    // At most 64 servers: comparing pairs costs nothing here and ships no sort of its own
    // (each sorted type is another copy of quicksort in the page, about 3 kB).
    let twice = servers.iter().enumerate().any(|(i, s)| {
        servers
            .iter()
            .skip(i.saturating_add(1))
            .any(|t| t.id == s.id)
    });
    if twice {
        return Err("a server id appears twice".to_owned());
    }
    if let Some(s) = servers
        .iter()
        .find(|s| s.weight == 0 || s.weight > MAX_WEIGHT)
    {
        return Err(format!(
            "weights are 1 … {MAX_WEIGHT}, and server {} has {}",
            s.id.0, s.weight
        ));
    }
    Ok(servers)
}

/// The inverse of [`encode_list`].
pub fn decode_list(text: &str) -> Result<Vec<Server>, String> {
    let mut servers = Vec::new();
    for part in text.split('.') {
        let (id, weight) = part
            .split_once('-')
            .ok_or_else(|| format!("{} is not id-weight", quote(part)))?;
        let id: u32 = id
            .parse()
            .map_err(|_| format!("{} is not a server id", quote(id)))?;
        let weight: u32 = weight
            .parse()
            .map_err(|_| format!("{} is not a weight", quote(weight)))?;
        servers.push(Server::weighted(id, weight));
        if servers.len() > MAX_VIEW_SERVERS {
            break;
        }
    }
    checked(servers)
}

/// `servers` and `w` together; a missing `w` means weight 1 for everyone.
pub fn decode_servers(ids: &str, weights: Option<&str>) -> Result<Vec<Server>, String> {
    let ids: Vec<u32> = ids
        .split('.')
        .take(MAX_VIEW_SERVERS + 1)
        .map(|t| {
            t.parse()
                .map_err(|_| format!("{} is not a server id", quote(t)))
        })
        .collect::<Result<_, _>>()?;
    let weights: Vec<u32> = match weights {
        Some(w) => w
            .split('.')
            .take(MAX_VIEW_SERVERS + 1)
            .map(|t| {
                t.parse()
                    .map_err(|_| format!("{} is not a weight", quote(t)))
            })
            .collect::<Result<_, _>>()?,
        None => vec![1; ids.len()],
    };
    if weights.len() != ids.len() {
        return Err(format!(
            "{} servers but {} weights",
            ids.len(),
            weights.len()
        ));
    }
    checked(
        ids.into_iter()
            .zip(weights)
            .map(|(id, w)| Server::weighted(id, w))
            .collect(),
    )
}

fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    notes: &mut Vec<String>,
    name: &str,
    text: &str,
    low: T,
    high: T,
) -> Option<T> {
    match text.parse::<T>() {
        Ok(n) if n >= low && n <= high => Some(n),
        _ => {
            notes.push(format!(
                "The link's {name} {} is not {low} … {high}; using the default.",
                quote(text)
            ));
            None
        }
    }
}

/// The state a link describes over `opening`; bad values become notes and `opening`'s values.
fn decode_over(opening: RingState, pairs: &[(String, String)]) -> RingState {
    let mut state = opening;
    if pairs.is_empty() {
        return state;
    }
    let get = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let mut notes = Vec::new();
    if let Err(notice) = check_version(pairs, VERSION, "the default ring") {
        state.notes.push(notice);
        return state;
    }
    if let Some(name) = get("scheme") {
        match SchemeKind::from_name(name) {
            Ok(kind) => state.scheme = kind,
            Err(_) => notes.push(format!(
                "The link's scheme {} is not one this page offers ({}); using the ring.",
                quote(name),
                shardlab_core::scheme_name_list!()
            )),
        }
    }
    if let Some(ids) = get("servers") {
        match decode_servers(ids, get("w")) {
            Ok(list) => state.servers = list,
            Err(why) => notes.push(format!(
                "The link's servers were not usable ({why}); using four servers."
            )),
        }
    }
    if let Some(from) = get("from") {
        match decode_list(from) {
            Ok(list) => state.previous = Some(list),
            Err(why) => notes.push(format!(
                "The link's earlier servers were not usable ({why})."
            )),
        }
    }
    if let Some(t) = get("vnodes") {
        state.vnodes =
            number(&mut notes, "vnodes", t, MIN_VNODES, MAX_VNODES).unwrap_or(state.vnodes);
    }
    if let Some(t) = get("table") {
        let size = number(&mut notes, "table size", t, 2, MAX_TABLE_SIZE);
        match size.map(|size| (size, check_table_size(size))) {
            Some((size, Ok(()))) => state.table_size = size,
            Some((_, Err(why))) => notes.push(format!("{why} The link's table size is not used.")),
            None => {}
        }
    }
    if let Some(t) = get("probes") {
        state.probes =
            number(&mut notes, "probe count", t, 1, MAX_PROBES).unwrap_or(state.probes);
    }
    if let Some(t) = get("r") {
        state.replicas =
            number(&mut notes, "replica count", t, 1, MAX_REPLICAS).unwrap_or(state.replicas);
    }
    if let Some(t) = get("keys") {
        state.keys = number(&mut notes, "key count", t, MIN_KEYS, MAX_KEYS).unwrap_or(state.keys);
    }
    if let Some(t) = get("sample") {
        state.sample = number(&mut notes, "drawn keys", t, 0, MAX_SAMPLE).unwrap_or(state.sample);
    }
    if let Some(t) = get("seed") {
        state.seed = number(&mut notes, "seed", t, 0, u64::MAX).unwrap_or(state.seed);
    }
    if let Some(k) = get("key") {
        let kept = kept_key(k);
        state.key = kept.kept.to_owned();
        if let Some(typed_chars) = kept.cut_from {
            notes.push(key_cut_message("The link's key", typed_chars));
        }
    }
    let too_big = !ring_fits(&state.servers, state.vnodes)
        || state
            .previous
            .as_ref()
            .is_some_and(|p| !ring_fits(p, state.vnodes));
    if state.scheme.uses_vnodes() && too_big {
        notes.push("The link's ring has too many vnodes; using 100 per weight.".to_owned());
        state.vnodes = 100;
        if !ring_fits(&state.servers, state.vnodes) {
            state.servers = RingState::default().servers;
            state.previous = None;
        }
    }
    if state.scheme.uses_table_size() {
        if let Some(why) = state.table_refusal(state.table_size) {
            notes.push(format!(
                "{why} Using {} slots.",
                thousands(u64::from(DEFAULT_TABLE_SIZE))
            ));
            state.table_size = DEFAULT_TABLE_SIZE;
        }
    }
    if let Some(t) = get("step") {
        state.step = decode_step(&mut notes, &state, t);
    }
    decode_hot_keys(&mut state, &mut notes, get);
    state.notes = notes;
    state
}

/// The one value of a link's `cures`: the cures' table opens folded.
const CURES_FOLDED: &str = "folded";

/// The hot-key settings of a link: each checked by the same rule as its box, a bad one a note
/// (the core's words) and the opening's value.
fn decode_hot_keys<'a>(
    state: &mut RingState,
    notes: &mut Vec<String>,
    get: impl Fn(&str) -> Option<&'a str>,
) {
    for (name, field) in [("zipf", Field::Exponent), ("c", Field::LoadFactor)] {
        if let Some(t) = get(name) {
            state.apply(Action::Type(field, t.to_owned()));
            if let Some((_, why)) = state.field_error.take() {
                notes.push(format!("The link's {name}: {why}"));
            }
        }
    }
    if let Some(t) = get("cure") {
        match Cure::from_name(t) {
            Some(cure) => state.hot.cure = cure,
            None => notes.push(format!(
                "The link's cure {} is not one of {}; showing no cure.",
                quote(t),
                Cure::ALL.map(Cure::name).join(", ")
            )),
        }
    }
    if let Some(t) = get("cures") {
        if t == CURES_FOLDED {
            state.hot.cures_folded = true;
        } else {
            notes.push(format!(
                "The link's cures {} is not \"{CURES_FOLDED}\"; showing the cures.",
                quote(t)
            ));
        }
    }
    if let Some(t) = get("salt") {
        if let Some(n) = number(notes, "sub-key count", t, 1, MAX_SUB_KEYS) {
            state.hot.settings.sub_keys = n;
        }
    }
}

/// The link's lookup step (counted from 1) as the state's index; a bad one is a note and the
/// first step, one past the last is the last step with a note.
fn decode_step(notes: &mut Vec<String>, state: &RingState, text: &str) -> usize {
    let Some(shown) = text.parse::<usize>().ok().filter(|&n| n >= 1) else {
        notes.push(format!(
            "The link's lookup step {} is not a step number (1, 2, 3, …); showing the first step.",
            quote(text)
        ));
        return 0;
    };
    let placement = build_now(state).ok();
    let count = lookup(state, key_hash(&state.key), placement.as_ref())
        .0
        .len();
    if shown > count {
        notes.push(format!(
            "The link's lookup step {shown} is past this lookup's {count} steps; showing the last."
        ));
    }
    shown.min(count).saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::url::url_query::owned;
    use shardlab_core::view_limits::ring::MAX_KEY_CHARS;

    #[test]
    fn the_default_state_writes_nothing() {
        assert!(encode(&RingState::default()).is_empty());
        assert_eq!(decode(&[]), RingState::default());
    }

    #[test]
    fn a_picture_widget_opens_few_vnodes_and_a_link_overrides_them() {
        let (encode_grow, decode_grow) = codec_for(Some(RingWidget::Grow));
        let opening = decode_grow(&[]);
        assert_eq!(opening.vnodes, crate::ring::state::PICTURE_VNODES);
        assert_eq!(opening, RingState::opening(Some(RingWidget::Lookup)));
        assert!(encode_grow(&opening).is_empty());
        // A link's pairs win over the opening state, and a changed state round-trips.
        let linked = decode_grow(&owned(&[("v", "1".into()), ("vnodes", "100".into())]));
        assert_eq!(linked.vnodes, 100);
        let mut s = opening;
        s.apply(Action::AddServer);
        assert_eq!(decode_grow(&owned(&encode_grow(&s))), s);
        // The statistics widgets and the full view keep the full view's defaults.
        for widget in [
            None,
            Some(RingWidget::Vnodes),
            Some(RingWidget::Compare),
            Some(RingWidget::Metrics),
        ] {
            let (_, decode_it) = codec_for(widget);
            assert_eq!(decode_it(&[]), RingState::default());
        }
    }

    #[test]
    fn a_changed_state_round_trips() {
        let mut s = RingState::default();
        s.apply(Action::SetScheme(SchemeKind::Mod));
        s.apply(Action::AddServer);
        s.apply(Action::SetWeight { id: 2, weight: 7 });
        s.apply(Action::SetVnodes(250));
        s.apply(Action::SetReplicas(5));
        s.apply(Action::SetKeys(200_000));
        s.apply(Action::SetSeed(9));
        s.apply(Action::SetKey("a&b=c d".into()));
        let back = decode(&owned(&encode(&s)));
        assert_eq!(back, s);
    }

    #[test]
    fn a_link_key_over_the_limit_is_cut_with_a_note() {
        let long = "é".repeat(MAX_KEY_CHARS + 1);
        let s = decode(&[("v".to_owned(), "1".to_owned()), ("key".to_owned(), long.clone())]);
        assert_eq!(s.key.chars().count(), MAX_KEY_CHARS);
        assert!(long.starts_with(&s.key));
        assert_eq!(s.notes.len(), 1, "{:?}", s.notes);
        assert!(s.notes[0].contains(&format!("at most {MAX_KEY_CHARS}")), "{:?}", s.notes);
        // The link the page then writes holds the kept key, and reads back without a note.
        assert!(decode(&owned(&encode(&s))).notes.is_empty());
    }

    #[test]
    fn the_lookup_step_is_in_the_link_and_a_bad_one_is_a_note() {
        let mut s = RingState::default();
        s.apply(Action::SetKey("cart:2026".into()));
        s.apply(Action::SetStep(2));
        let pairs = owned(&encode(&s));
        assert!(pairs.iter().any(|(k, v)| k == "step" && v == "3"));
        assert_eq!(decode(&pairs), s);
        // The first step writes nothing, and an old link without `step` opens on it.
        s.apply(Action::SetStep(0));
        let pairs = owned(&encode(&s));
        assert!(pairs.iter().all(|(k, _)| k != "step"));
        assert_eq!(decode(&pairs).step, 0);
        // A bad step is a note and the first step; one past the end is the last step.
        for bad in ["x", "0", "-1", "2.5", "99999999999999999999999"] {
            let mut with = pairs.clone();
            with.push(("step".into(), bad.into()));
            let back = decode(&with);
            assert_eq!(back.step, 0, "{bad}");
            assert_eq!(back.notes.len(), 1, "{bad}");
        }
        let mut far = pairs.clone();
        far.push(("step".into(), "999".into()));
        let back = decode(&far);
        let steps = lookup(&back, key_hash(&back.key), build_now(&back).ok().as_ref())
            .0
            .len();
        assert!(steps > 2);
        assert_eq!(back.step, steps - 1);
        assert_eq!(back.notes.len(), 1);
    }

    #[test]
    fn a_link_from_a_newer_format_opens_the_default_ring_with_a_notice() {
        let mut s = RingState::default();
        s.apply(Action::SetScheme(SchemeKind::Mod));
        let mut pairs = owned(&encode(&s));
        if let Some(first) = pairs.first_mut() {
            assert_eq!(first.0, "v");
            first.1 = "3".to_owned();
        }
        let back = decode(&pairs);
        assert_eq!(back.scheme, RingState::default().scheme);
        assert_eq!(back.notes.len(), 1);
        assert!(back
            .notes
            .iter()
            .all(|n| n.contains("newer shardlab (format 3)")));
    }

    #[test]
    fn bad_values_become_notes_and_defaults() {
        let pairs = owned(&[
            ("v", "1".into()),
            ("scheme", "banana".into()),
            ("servers", "0.0.1".into()),
            ("vnodes", "0".into()),
            ("r", "99".into()),
            ("keys", "-5".into()),
            ("seed", "x".into()),
            ("from", "1-0".into()),
        ]);
        let s = decode(&pairs);
        assert_eq!(s.scheme, SchemeKind::Ring);
        assert_eq!(s.servers.len(), 4);
        assert_eq!(s.vnodes, 100);
        assert_eq!(s.replicas, 3);
        assert_eq!(s.previous, None);
        assert_eq!(s.notes.len(), 7);
    }

    #[test]
    fn huge_lists_are_refused_without_building_them() {
        let ids = (0..100_000)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(".");
        let s = decode(&owned(&[("servers", ids)]));
        assert_eq!(s.servers.len(), 4);
        assert_eq!(s.notes.len(), 1);
    }

    #[test]
    fn a_scheme_the_page_does_not_offer_opens_the_ring_with_a_note() {
        let s = decode(&owned(&[("v", "1".into()), ("scheme", "consistent".into())]));
        assert_eq!(s.scheme, SchemeKind::Ring);
        assert_eq!(s.notes.len(), 1);
        assert!(
            s.notes.iter().any(|n| n.contains("\"consistent\" is not one this page offers")
                && n.contains("multi-probe or bounded-load")),
            "{:?}",
            s.notes
        );
        let s = decode(&owned(&[("v", "1".into()), ("scheme", "jump".into())]));
        assert_eq!(s.scheme, SchemeKind::Jump);
    }

    #[test]
    fn maglevs_widget_opens_a_small_table_and_its_size_round_trips() {
        let (encode_maglev, decode_maglev) = codec_for(Some(RingWidget::Maglev));
        let opening = decode_maglev(&[]);
        assert_eq!(
            (opening.scheme, opening.table_size),
            (SchemeKind::Maglev, 13)
        );
        assert!(encode_maglev(&opening).is_empty());
        let mut s = opening.clone();
        s.apply(Action::SetTableSize(61));
        let pairs = encode_maglev(&s);
        assert!(pairs.contains(&("table", "61".to_owned())), "{pairs:?}");
        let back = decode_maglev(&owned(&pairs));
        assert_eq!(back, s);
        // The full view writes no table size until it differs from its own 65,537.
        let mut full = RingState::default();
        full.apply(Action::AddServer);
        assert!(!encode(&full).iter().any(|(k, _)| *k == "table"));
    }

    #[test]
    fn every_route_writes_nothing_for_its_opening() {
        for widget in RingWidget::ALL.iter().copied().map(Some).chain([None]) {
            let (encode_it, decode_it) = codec_for(widget);
            let opening = RingState::opening(widget);
            assert_eq!(decode_it(&[]), opening, "{widget:?}");
            assert!(encode_it(&opening).is_empty(), "{widget:?}");
        }
    }

    #[test]
    fn the_hot_key_settings_round_trip_and_bad_ones_are_notes() {
        let (encode_hot, decode_hot) = codec_for(Some(RingWidget::HotKeys));
        let mut s = decode_hot(&[]);
        assert_eq!(s.servers.len(), 8);
        s.apply(Action::SetCure(Cure::Salted));
        s.apply(Action::Type(Field::Exponent, "0.8".into()));
        s.apply(Action::Type(Field::LoadFactor, "1.1".into()));
        s.apply(Action::Type(Field::SubKeys, "16".into()));
        assert_eq!(s.field_error, None);
        let pairs = encode_hot(&s);
        for (key, value) in [
            ("zipf", "0.8"),
            ("c", "1.1"),
            ("cure", "salted"),
            ("salt", "16"),
        ] {
            assert!(pairs.contains(&(key, value.to_owned())), "{key}: {pairs:?}");
        }
        assert_eq!(decode_hot(&owned(&pairs)), s);
        // Each bad value is a note in the box's words and the opening's value.
        let bad = decode_hot(&owned(&[
            ("v", "1".into()),
            ("zipf", "4".into()),
            ("c", "0.5".into()),
            ("cure", "magic".into()),
            ("salt", "0".into()),
        ]));
        assert_eq!(bad.hot, RingState::opening(Some(RingWidget::HotKeys)).hot);
        assert_eq!(bad.field_error, None);
        assert_eq!(bad.notes.len(), 4, "{:?}", bad.notes);
        assert!(bad
            .notes
            .iter()
            .any(|n| n.contains("from 0 (every key alike) to 3")));
        assert!(bad.notes.iter().any(|n| n.contains("from 1 to")));
    }

    #[test]
    fn a_chapter_link_folds_the_cures_and_keeps_them_folded() {
        let (encode_hot, decode_hot) = codec_for(Some(RingWidget::HotKeys));
        let folded = decode_hot(&owned(&[("v", "1".into()), ("cures", "folded".into())]));
        assert!(folded.hot.cures_folded);
        assert!(folded.notes.is_empty(), "{:?}", folded.notes);
        // The widget writes it back, so its own address keeps the table folded.
        let pairs = encode_hot(&folded);
        assert!(pairs.contains(&("cures", "folded".to_owned())), "{pairs:?}");
        assert_eq!(decode_hot(&owned(&pairs)), folded);
        // Any other value shows the cures, with a note.
        let shown = decode_hot(&owned(&[("v", "1".into()), ("cures", "open".into())]));
        assert!(!shown.hot.cures_folded);
        assert_eq!(shown.notes.len(), 1, "{:?}", shown.notes);
        assert!(shown.notes[0].contains("\"folded\""), "{:?}", shown.notes);
    }

    #[test]
    fn multi_probe_and_bounded_loads_round_trip_with_their_settings() {
        let mut probing = RingState::default();
        probing.apply(Action::SetScheme(SchemeKind::MultiProbe));
        probing.apply(Action::SetProbes(7));
        let pairs = owned(&encode(&probing));
        assert!(pairs.contains(&("probes".to_owned(), "7".to_owned())), "{pairs:?}");
        assert_eq!(decode(&pairs), probing);
        let mut bounded = RingState::default();
        bounded.apply(Action::SetScheme(SchemeKind::BoundedLoad));
        bounded.apply(Action::Type(Field::LoadFactor, "1.05".to_owned()));
        let pairs = owned(&encode(&bounded));
        assert!(pairs.contains(&("c".to_owned(), "1.05".to_owned())), "{pairs:?}");
        assert_eq!(decode(&pairs), bounded);
        // A default k is left out, so the links made before multi-probe joined stay as they were.
        assert!(encode(&RingState::default()).iter().all(|(k, _)| *k != "probes"));
        // A bad k is a note and the default.
        let bad = decode(&owned(&[("v", "1".into()), ("scheme", "multi-probe".into()), ("probes", "0".into())]));
        assert_eq!((bad.scheme, bad.probes), (SchemeKind::MultiProbe, shardlab_core::placement::DEFAULT_PROBES));
        assert!(bad.notes.iter().any(|n| n.contains("probe count") && n.contains("1 … 1000")), "{:?}", bad.notes);
    }

    #[test]
    fn a_bad_table_size_in_a_link_is_a_note_and_the_opening_size() {
        for (text, says) in [("12", "prime"), ("0", "2 … 1000003"), ("x", "2 … 1000003")] {
            let s = decode(&owned(&[
                ("v", "1".into()),
                ("scheme", "maglev".into()),
                ("table", text.into()),
            ]));
            assert_eq!(s.table_size, 65_537, "{text}");
            assert!(
                s.notes.iter().any(|n| n.contains(says)),
                "{text}: {:?}",
                s.notes
            );
        }
        // Eight servers cannot share seven slots: the link opens the production table.
        let s = decode(&owned(&[
            ("v", "1".into()),
            ("scheme", "maglev".into()),
            ("servers", "0.1.2.3.4.5.6.7".into()),
            ("table", "7".into()),
        ]));
        assert_eq!((s.scheme, s.table_size), (SchemeKind::Maglev, 65_537));
        assert!(
            s.notes.iter().any(|n| n.contains("at least 8")),
            "{:?}",
            s.notes
        );
    }
}
