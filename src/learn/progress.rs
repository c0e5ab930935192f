//! The reader's progress through the Learn path, kept in localStorage: the tasks done per chapter,
//! the chapters finished, the chapter last opened (for "where was I" on the home page), the
//! reader's seed (the order of quiz options) and committed guesses. When the browser blocks
//! storage, the same progress lives for the page load, so every chapter still works.
//!
//! The chapter slugs, the count's key and the change event are `crate::course`'s, re-exported:
//! every page's route and header read them there, so the view pages never carry this file's JSON
//! code. The header of every page shows "Learn 3/15" from [`COUNT_KEY`] alone.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::browser::json::{from_text, Json};
pub use crate::course::{ChapterSlug, CHANGED_EVENT, CHAPTER_SLUGS, COUNT_KEY};
use shardlab_core::kept::KeptWhy;
use shardlab_core::view_limits::learn::{MAX_KEPT_WIDGETS, MAX_KEPT_WIDGET_QUERY_BYTES};
use yew::prelude::*;

/// The localStorage key.
pub const STORAGE_KEY: &str = "shardlab.learn.v1";
/// Where stored progress this build cannot read whole is kept, untouched, before a save would
/// overwrite it, and progress an import replaced (up to three, with `.2`, `.3` and their times
/// in `.at`: `browser::storage::keep`).
pub const KEPT_KEY: &str = "shardlab.learn.v1.kept";

/// The reader's progress through the Learn chapters: what they have done and read last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReaderProgress {
    /// Done task ids, by chapter slug.
    #[serde(default)]
    pub done: BTreeMap<String, BTreeSet<String>>,
    /// Slugs of the chapters whose every task is done.
    #[serde(default)]
    pub finished: BTreeSet<String>,
    /// The chapter last opened.
    #[serde(default)]
    pub last: Option<String>,
    /// The reader's seed, which orders every quiz's options for this reader (see `shuffle`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
    /// Committed "predict, then observe" guesses, by `<slug>/<task id>`, in tenths of a percent.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub guesses: BTreeMap<String, u32>,
    /// What the widget measured for each guess, by the same key, so the guess card shows its
    /// chart after a reload, when the widget has started over (issue 38 §5).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub observed: BTreeMap<String, Observation>,
    /// Each chapter widget's state as the reader left it, in its view's own link format, by
    /// [`widget_key`], so a reload reopens the widget where it was (issue 38 §5). A widget back
    /// in its chapter's state has no entry.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub widgets: BTreeMap<String, String>,
}

/// A prediction's measurement, kept with the guess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    /// The share measured, in millionths (whole numbers keep the progress comparable).
    pub millionths: u32,
    /// The vnodes it was measured at, which pick the spread over seeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vnodes: Option<u32>,
}

impl Observation {
    /// A whole share (1) in millionths, the most an observation holds.
    pub const WHOLE: u32 = 1_000_000;

    /// The measurement of `share` (0 … 1) at `vnodes`.
    pub fn new(share: f64, vnodes: Option<u32>) -> Self {
        // In 0 … 1 by the clamp, so the product fits a u32.
        let millionths = (share.clamp(0.0, 1.0) * f64::from(Self::WHOLE)).round() as u32;
        Self { millionths, vnodes }
    }

    /// The share measured, 0 … 1.
    pub fn share(self) -> f64 {
        f64::from(self.millionths) / f64::from(Self::WHOLE)
    }
}

impl ReaderProgress {
    /// Reads the stored text field by field, keeping every part that reads: one ill-typed value
    /// drops only itself, not the reader's other progress. Only known chapters count, so a stale
    /// entry cannot read "16/15". `None` when the text is not progress at all (not a JSON object).
    pub fn parse(text: &str) -> Option<ReaderProgress> {
        use serde_json::Value;
        let value: Value = Json::parse(text).ok()?.read().ok()?;
        let object = value.as_object()?;
        let known = |slug: &str| CHAPTER_SLUGS.contains(&slug);
        let strings = |list: Option<&Value>| -> Vec<String> {
            list.and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|item| item.as_str().map(str::to_owned))
                .collect()
        };
        let mut progress = ReaderProgress::default();
        for (slug, tasks_value) in object
            .get("done")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            // Inserted one by one: `collect()` into a set sorts first, with a sort the page
            // would compile for this alone (about 5 kB).
            let mut tasks = BTreeSet::new();
            tasks.extend(strings(Some(tasks_value)));
            if known(slug) && !tasks.is_empty() {
                progress.done.insert(slug.clone(), tasks);
            }
        }
        progress.finished.extend(
            strings(object.get("finished"))
                .into_iter()
                .filter(|slug| known(slug)),
        );
        progress.last = object
            .get("last")
            .and_then(Value::as_str)
            .filter(|slug| known(slug))
            .map(str::to_owned);
        let whole = |value: &Value| value.as_u64().and_then(|n| u32::try_from(n).ok());
        progress.seed = object.get("seed").and_then(whole);
        // The entries of a map keyed by `<slug>/<task id>` whose chapter this build has.
        let task_entries = |field: &str| {
            object
                .get(field)
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .filter(|(key, _)| key.split_once('/').is_some_and(|(slug, _)| known(slug)))
        };
        for (key, tenths) in task_entries("guesses") {
            if let Some(tenths) = whole(tenths).filter(|t| *t <= GUESS_TENTHS_TOP) {
                progress.guesses.insert(key.clone(), tenths);
            }
        }
        for (key, value) in task_entries("observed") {
            let millionths = value
                .get("millionths")
                .and_then(whole)
                .filter(|m| *m <= Observation::WHOLE);
            let vnodes = match value.get("vnodes") {
                None | Some(Value::Null) => Some(None),
                Some(v) => whole(v).map(Some),
            };
            if let (Some(millionths), Some(vnodes)) = (millionths, vnodes) {
                progress
                    .observed
                    .insert(key.clone(), Observation { millionths, vnodes });
            }
        }
        for (key, query) in task_entries("widgets") {
            if progress.widgets.len() >= MAX_KEPT_WIDGETS {
                break;
            }
            if let Some(query) = query
                .as_str()
                .filter(|q| q.len() <= MAX_KEPT_WIDGET_QUERY_BYTES)
            {
                progress.widgets.insert(key.clone(), query.to_owned());
            }
        }
        Some(progress)
    }

    /// Whether this progress, read from `text`, holds all of it: nothing unknown left out (a
    /// newer version's field, a task stored as an object, a chapter this build lacks), so
    /// writing it back loses nothing. Fields at their defaults (absent, null, empty) count as
    /// absent on both sides.
    pub fn holds_all_of(&self, text: &str) -> bool {
        use serde_json::Value;
        let set_fields = |text: &str| -> Option<serde_json::Map<String, Value>> {
            let Value::Object(mut fields) = from_text::<Value>(text).ok()? else {
                return None;
            };
            fields.retain(|_, value| match value {
                Value::Null => false,
                Value::Array(items) => !items.is_empty(),
                Value::Object(members) => !members.is_empty(),
                Value::Bool(_) | Value::Number(_) | Value::String(_) => true,
            });
            Some(fields)
        };
        match (set_fields(text), set_fields(&self.to_text())) {
            (Some(stored), Some(written)) => stored == written,
            _ => false,
        }
    }

    /// The stored text.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Whether a task is done.
    pub fn is_done(&self, slug: &str, task: &str) -> bool {
        self.done
            .get(slug)
            .is_some_and(|tasks| tasks.contains(task))
    }

    /// Marks a task done, and the chapter finished when `all_tasks` are; true when anything changed.
    pub fn mark(&mut self, slug: &str, task: &str, all_tasks: &[&str]) -> bool {
        let tasks = self.done.entry(slug.to_owned()).or_default();
        let changed = tasks.insert(task.to_owned());
        if all_tasks.iter().all(|t| tasks.contains(*t)) {
            self.finished.insert(slug.to_owned());
        }
        changed
    }

    /// Chapters finished.
    pub fn finished_count(&self) -> usize {
        self.finished.len()
    }

    /// The guess committed for a task, in tenths of a percent.
    pub fn guess(&self, slug: &str, task: &str) -> Option<u32> {
        self.guesses.get(&guess_key(slug, task)).copied()
    }

    /// What the widget measured for a task's guess, once it has.
    pub fn observation(&self, slug: &str, task: &str) -> Option<Observation> {
        self.observed.get(&guess_key(slug, task)).copied()
    }

    /// The state the reader left a chapter widget in (`key` from [`widget_key`]), if it is not
    /// the chapter's own.
    pub fn widget_state(&self, key: &str) -> Option<&str> {
        self.widgets.get(key).map(String::as_str)
    }

    /// Keeps `query` as the widget's state, or forgets it (`None`: back in the chapter's state);
    /// true when anything changed. A state longer than [`MAX_KEPT_WIDGET_QUERY_BYTES`] is not
    /// kept (the widget's older one is forgotten, so a reload never opens a state the reader
    /// has since left), nor a new widget past [`MAX_KEPT_WIDGETS`].
    pub fn keep_widget_state(&mut self, key: &str, query: Option<&str>) -> bool {
        match query.filter(|q| q.len() <= MAX_KEPT_WIDGET_QUERY_BYTES) {
            Some(query) if self.widget_state(key) == Some(query) => false,
            Some(query)
                if self.widgets.contains_key(key) || self.widgets.len() < MAX_KEPT_WIDGETS =>
            {
                self.widgets.insert(key.to_owned(), query.to_owned());
                true
            }
            _ => self.widgets.remove(key).is_some(),
        }
    }

    /// Whether the reader has started: a task done, a guess made, or a chapter opened.
    pub fn started(&self) -> bool {
        !self.done.is_empty() || !self.guesses.is_empty() || self.last.is_some()
    }

    /// Where a returning reader picks up, the one answer for the Learn index's "Continue" and
    /// the home page's "Where was I?": the chapter they last opened while it is unfinished (they
    /// were in the middle of it), otherwise the first chapter not finished; `None` once all are.
    pub fn resume_at(&self) -> Option<ChapterSlug> {
        self.last
            .as_deref()
            .and_then(|s| s.parse::<ChapterSlug>().ok())
            .filter(|slug| !self.finished.contains(slug.0))
            .or_else(|| self.first_unfinished())
    }

    /// The first chapter not finished; `None` once all are.
    fn first_unfinished(&self) -> Option<ChapterSlug> {
        CHAPTER_SLUGS
            .iter()
            .find(|slug| !self.finished.contains(**slug))
            .map(|slug| ChapterSlug(slug))
    }
}

/// The largest guess, in tenths of a percent (100 %).
pub const GUESS_TENTHS_TOP: u32 = 1_000;

/// The key a task's guess is kept under.
pub fn guess_key(slug: &str, task: &str) -> String {
    format!("{slug}/{task}")
}

/// The key a chapter widget's state is kept under: `<slug>/<frame>/<view>/<widget>`, so a
/// chapter whose frames change in a later release never opens one widget in another's state.
pub fn widget_key(slug: &str, frame: usize, address: &str) -> String {
    format!("{slug}/{frame}/{address}")
}

thread_local! {
    /// The progress of this page load, for a browser that keeps nothing: tasks still tick and the
    /// chapter still opens its explanation until the page closes.
    static PAGE_PROGRESS: std::cell::RefCell<ReaderProgress> = std::cell::RefCell::default();
    /// This page load's seed, for a browser that refuses to save: quizzes keep one order until
    /// the page closes.
    static PAGE_SEED: std::cell::Cell<Option<u32>> = const { std::cell::Cell::new(None) };
}

/// The stored progress (a fresh one when there is none or it is unreadable); this page load's,
/// when the browser blocks storage. Stored progress this build cannot read whole is kept aside
/// at once (once: a kept text is not kept twice), so the Learn page can offer it for download
/// before anything is saved over it.
pub fn load() -> ReaderProgress {
    if !crate::browser::storage::available() {
        return PAGE_PROGRESS.with(|page| page.borrow().clone());
    }
    let Some(text) = crate::browser::storage::get(STORAGE_KEY) else {
        return ReaderProgress::default();
    };
    let progress = ReaderProgress::parse(&text);
    if !progress.as_ref().is_some_and(|p| p.holds_all_of(&text)) {
        let _ = crate::browser::storage::keep(KEPT_KEY, &text, KeptWhy::Unreadable);
    }
    progress.unwrap_or_default()
}

/// Keeps the stored progress aside before an import replaces it, unless it is empty.
pub fn keep_before_import() {
    let Some(text) = crate::browser::storage::get(STORAGE_KEY) else {
        return;
    };
    if ReaderProgress::parse(&text).is_some_and(|p| p == ReaderProgress::default()) {
        return;
    }
    let _ = crate::browser::storage::keep(KEPT_KEY, &text, KeptWhy::Replaced);
}

/// Stores the progress and tells the page (header, home) it changed.
pub fn save(progress: &ReaderProgress) {
    store(progress);
    announce();
}

/// Stores the progress without telling anyone (a render may call it).
fn store(progress: &ReaderProgress) {
    if !crate::browser::storage::available() {
        PAGE_PROGRESS.with(|page| *page.borrow_mut() = progress.clone());
        return;
    }
    let readable: fn(&str) -> bool =
        |text| ReaderProgress::parse(text).is_some_and(|p| p.holds_all_of(text));
    let _ =
        crate::browser::storage::set_keeping(STORAGE_KEY, &progress.to_text(), KEPT_KEY, readable);
    let _ = crate::browser::storage::set(COUNT_KEY, &progress.finished_count().to_string());
}

/// The reader's seed: the stored one, or a new random one, stored with the progress (when the
/// browser blocks or refuses storage, it lasts for this page load). Safe to call while rendering: it fires
/// no change event.
pub fn reader_seed() -> u32 {
    let mut stored = load();
    if let Some(seed) = stored.seed {
        return seed;
    }
    let seed = PAGE_SEED.with(|page| {
        let seed = page
            .get()
            .unwrap_or_else(|| (js_sys::Math::random() * f64::from(u32::MAX)) as u32);
        page.set(Some(seed));
        seed
    });
    stored.seed = Some(seed);
    store(&stored);
    seed
}

/// Forgets all progress.
pub fn reset() {
    PAGE_PROGRESS.with(|page| *page.borrow_mut() = ReaderProgress::default());
    crate::browser::storage::remove(STORAGE_KEY);
    crate::browser::storage::remove(COUNT_KEY);
    announce();
}

fn announce() {
    if let Ok(event) = web_sys::Event::new(CHANGED_EVENT) {
        let _ = gloo::utils::window().dispatch_event(&event);
    }
}

/// A value read from storage, read again whenever this page or another tab changes the progress.
#[hook]
fn use_stored<T: 'static>(read: fn() -> T) -> UseStateHandle<T> {
    let value = use_state(read);
    {
        let value = value.clone();
        use_effect_with((), move |_| {
            let window = gloo::utils::window();
            let here = {
                let value = value.clone();
                gloo::events::EventListener::new(&window, CHANGED_EVENT, move |_| value.set(read()))
            };
            // Another tab (or a Learn iframe's page) wrote it.
            let elsewhere =
                gloo::events::EventListener::new(&window, "storage", move |_| value.set(read()));
            move || drop((here, elsewhere))
        });
    }
    value
}

/// The stored progress, kept current.
#[hook]
pub fn use_progress() -> UseStateHandle<ReaderProgress> {
    use_stored(load)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marking_every_task_finishes_the_chapter() {
        let mut p = ReaderProgress::default();
        assert!(p.mark("mod-n", "read", &["read", "why"]));
        assert!(!p.mark("mod-n", "read", &["read", "why"]));
        assert_eq!(p.finished_count(), 0);
        assert!(p.mark("mod-n", "why", &["read", "why"]));
        assert_eq!(p.finished_count(), 1);
        assert!(p.is_done("mod-n", "why"));
    }

    #[test]
    fn stored_text_round_trips_and_garbage_is_a_fresh_start() {
        let mut p = ReaderProgress::default();
        p.mark("ring", "grow", &["grow"]);
        p.last = Some("ring".into());
        assert_eq!(ReaderProgress::parse(&p.to_text()), Some(p));
        assert_eq!(ReaderProgress::parse("{not json"), None);
        assert_eq!(ReaderProgress::parse("[1,2]"), None);
        let stale =
            ReaderProgress::parse(r#"{"finished":["ring","gone-chapter"]}"#).unwrap_or_default();
        assert_eq!(stale.finished_count(), 1);
    }

    /// The issue's 20,000 nested arrays in a field this build does not know trapped the page;
    /// 65 is the first depth the rule refuses (serde_json alone reads up to 128).
    #[test]
    fn progress_nested_past_the_limit_is_not_read() {
        for levels in [65, 20_000] {
            let text = format!(
                r#"{{"done":{{"ring":["grow"]}},"future":{}{}}}"#,
                "[".repeat(levels - 1),
                "]".repeat(levels - 1)
            );
            assert_eq!(ReaderProgress::parse(&text), None, "{levels}");
        }
    }

    /// Progress a newer version wrote (a field this build lacks, a task stored as an object)
    /// does not read whole, so it is kept aside before a save; this build's own text does, and
    /// so does a bare `{"seed": 5}` (absent fields are defaults).
    #[test]
    fn only_progress_read_whole_may_be_written_over() {
        let mut mine = ReaderProgress::default();
        mine.mark("ring", "grow", &["grow", "why"]);
        mine.seed = Some(5);
        assert!(mine.holds_all_of(&mine.to_text()));
        let bare = ReaderProgress::parse(r#"{"seed": 5, "guesses": {}}"#).unwrap();
        assert!(bare.holds_all_of(r#"{"seed": 5, "guesses": {}}"#));
        for newer in [
            r#"{"done":{"ring":["grow"]},"seed":5,"streak":3}"#,
            r#"{"done":{"ring":["grow",{"id":"why","at":1}]},"seed":5}"#,
            r#"{"done":{"ring":["grow"],"chapter-16":["a"]},"seed":5}"#,
        ] {
            let read = ReaderProgress::parse(newer).unwrap();
            assert!(read.is_done("ring", "grow"), "{newer}");
            assert!(!read.holds_all_of(newer), "{newer}");
        }
        assert!(!ReaderProgress::default().holds_all_of("[1, 2]"));
    }

    #[test]
    fn a_widget_state_is_kept_replaced_and_forgotten() {
        let key = widget_key("mod-n", 0, "ring/grow");
        assert_eq!(key, "mod-n/0/ring/grow");
        let mut p = ReaderProgress::default();
        assert!(p.keep_widget_state(&key, Some("v=1&scheme=mod&servers=5")));
        assert!(!p.keep_widget_state(&key, Some("v=1&scheme=mod&servers=5")));
        assert_eq!(p.widget_state(&key), Some("v=1&scheme=mod&servers=5"));
        let read = ReaderProgress::parse(&p.to_text()).unwrap();
        assert_eq!(read.widget_state(&key), Some("v=1&scheme=mod&servers=5"));
        assert!(read.holds_all_of(&p.to_text()));
        // Back in the chapter's state, and a state too long to keep: both forget the entry.
        assert!(p.keep_widget_state(&key, None));
        assert!(!p.keep_widget_state(&key, None));
        p.keep_widget_state(&key, Some("v=1"));
        let long = "k=".to_owned() + &"x".repeat(MAX_KEPT_WIDGET_QUERY_BYTES);
        assert!(p.keep_widget_state(&key, Some(&long)));
        assert_eq!(p.widget_state(&key), None);
    }

    #[test]
    fn kept_widget_states_are_bounded_on_save_and_on_read() {
        let mut p = ReaderProgress::default();
        for frame in 0..MAX_KEPT_WIDGETS {
            assert!(p.keep_widget_state(&widget_key("ring", frame, "ring/grow"), Some("v=1")));
        }
        let one_more = widget_key("ring", MAX_KEPT_WIDGETS, "ring/grow");
        assert!(!p.keep_widget_state(&one_more, Some("v=1")));
        // A state already kept can still change when the table is full.
        assert!(p.keep_widget_state(&widget_key("ring", 0, "ring/grow"), Some("v=2")));
        // A hand-edited or hostile file: too many entries, a long one, one of an unknown
        // chapter and one that is not text are each left out.
        let mut entries: Vec<String> = (0..MAX_KEPT_WIDGETS + 10)
            .map(|i| format!(r#""ring/{i}/ring/grow":"v=1""#))
            .collect();
        entries.push(format!(
            r#""mod-n/0/ring/grow":"{}""#,
            "x".repeat(MAX_KEPT_WIDGET_QUERY_BYTES + 1)
        ));
        entries.push(r#""gone/0/ring/grow":"v=1""#.to_owned());
        entries.push(r#""maglev/0/ring/maglev":7"#.to_owned());
        let text = format!(r#"{{"widgets":{{{}}}}}"#, entries.join(","));
        let read = ReaderProgress::parse(&text).unwrap();
        assert_eq!(read.widgets.len(), MAX_KEPT_WIDGETS);
        assert!(
            read.widgets.keys().all(|k| k.starts_with("ring/")),
            "{:?}",
            read.widgets.keys()
        );
        assert!(!read.holds_all_of(&text));
    }

    #[test]
    fn one_ill_typed_field_drops_only_itself() {
        let text = r#"{"done":{"ring":["grow",7],"mod-n":"oops","nope":["a"]},"finished":["ring"],"last":42}"#;
        let p = ReaderProgress::parse(text).unwrap_or_default();
        assert!(p.is_done("ring", "grow"));
        assert_eq!(p.done.len(), 1, "{p:?}");
        assert_eq!(p.finished_count(), 1);
        assert_eq!(p.last, None);
    }

    #[test]
    fn the_seed_and_guesses_are_kept_and_bad_ones_dropped() {
        let mut p = ReaderProgress {
            seed: Some(7),
            ..ReaderProgress::default()
        };
        p.guesses.insert(guess_key("mod-n", "predict-moved"), 250);
        assert_eq!(ReaderProgress::parse(&p.to_text()), Some(p.clone()));
        assert_eq!(p.guess("mod-n", "predict-moved"), Some(250));
        let text = r#"{"seed":-1,"guesses":{"mod-n/a":2000,"gone/b":5,"ring/c":"x","ring/d":200}}"#;
        let q = ReaderProgress::parse(text).unwrap_or_default();
        assert_eq!(q.seed, None);
        assert_eq!(q.guesses.len(), 1, "{q:?}");
        assert_eq!(q.guess("ring", "d"), Some(200));
    }

    #[test]
    fn observations_are_kept_whole_and_bad_ones_dropped() {
        let mut p = ReaderProgress::default();
        p.guesses.insert(guess_key("mod-n", "predict-moved"), 250);
        p.observed.insert(
            guess_key("mod-n", "predict-moved"),
            Observation::new(0.79934, Some(100)),
        );
        p.observed
            .insert(guess_key("ring", "p"), Observation::new(0.2, None));
        let text = p.to_text();
        assert_eq!(ReaderProgress::parse(&text), Some(p.clone()));
        // Written back, nothing of it is lost, so it is never kept aside as unreadable.
        assert!(p.holds_all_of(&text));
        let seen = p.observation("mod-n", "predict-moved").unwrap();
        assert_eq!((seen.millionths, seen.vnodes), (799_340, Some(100)));
        assert!((seen.share() - 0.79934).abs() < 1e-9);
        // Out of range, of an unknown chapter, or ill-typed: dropped, one by one.
        let text = r#"{"observed":{"mod-n/a":{"millionths":2000000},"gone/b":{"millionths":5},
            "ring/c":{"millionths":"x"},"ring/d":{"millionths":200000,"vnodes":-1},
            "ring/e":{"millionths":200000,"vnodes":40}}}"#;
        let q = ReaderProgress::parse(text).unwrap_or_default();
        assert_eq!(q.observed.len(), 1, "{q:?}");
        assert_eq!(
            q.observation("ring", "e"),
            Some(Observation {
                millionths: 200_000,
                vnodes: Some(40)
            })
        );
    }

    #[test]
    fn continue_goes_to_the_first_unfinished_chapter() {
        let mut p = ReaderProgress::default();
        assert!(!p.started());
        assert_eq!(p.first_unfinished(), Some(ChapterSlug("shard-later")));
        p.finished.insert("shard-later".into());
        p.finished.insert("mod-n".into());
        p.last = Some("ring".into());
        assert!(p.started());
        // Chapter 2 is the first not finished, whatever was opened last.
        assert_eq!(p.first_unfinished(), Some(ChapterSlug("shard-key")));
        // Only the last chapter done (issue 19): Continue still offers chapter 1, not 11.
        let last = CHAPTER_SLUGS.last().copied().unwrap_or_default();
        p.finished = [last.to_string()].into_iter().collect();
        p.last = Some(last.into());
        assert_eq!(p.first_unfinished(), Some(ChapterSlug("shard-later")));
        p.finished = CHAPTER_SLUGS.iter().map(|s| s.to_string()).collect();
        assert_eq!(p.first_unfinished(), None);
    }

    #[test]
    fn a_reader_resumes_the_chapter_they_left_unfinished() {
        let mut p = ReaderProgress::default();
        assert_eq!(p.resume_at(), Some(ChapterSlug("shard-later")));
        p.finished.insert("shard-later".into());
        // In the middle of chapter 11: back to it, not to chapter 2.
        p.last = Some("grow-by-shards".into());
        assert_eq!(p.resume_at(), Some(ChapterSlug("grow-by-shards")));
        // Once it is finished, the first chapter not finished (issue 19: not the one after it).
        p.finished.insert("grow-by-shards".into());
        assert_eq!(p.resume_at(), Some(ChapterSlug("shard-key")));
        // A slug this build does not know is no place to go back to.
        p.last = Some("gone".into());
        assert_eq!(p.resume_at(), Some(ChapterSlug("shard-key")));
        p.finished = CHAPTER_SLUGS.iter().map(|s| s.to_string()).collect();
        assert_eq!(p.resume_at(), None);
    }

    #[test]
    fn only_known_slugs_parse() {
        assert_eq!("ring".parse::<ChapterSlug>(), Ok(ChapterSlug("ring")));
        assert!("nope".parse::<ChapterSlug>().is_err());
        assert_eq!(ChapterSlug("trade-offs").index(), 14);
        assert_eq!(ChapterSlug("ring").to_string(), "ring");
    }
}
