//! The Decoder's state in the address bar, as `#/decoder?v=1&layout=…&id=…`.
//!
//! Only what differs from the defaults is written, so the plain `#/decoder` still means the
//! Pinterest example. Every character the encoding uses is one that form encoding leaves alone
//! (letters, digits, `-`, `.`, `_`), so links stay readable:
//!
//! - `layout`: the base preset's name;
//! - `fields` (only when the layout was edited): `name-width-role` per field, most significant
//!   first, joined with `.`; a timestamp adds `-unit_ms-epoch_ms`;
//! - `id`: decimal;
//! - `table` (only when it differs from the default): `end_master_standby` per range, joined with
//!   `.`; each range starts one past the previous end, the first at 0;
//! - `code` (only when it is not Rust): the code tab's language, `sql` or `js`. Links from before
//!   it open on Rust.
//! - `detect` (only when it is not Discord's example): the text "Whose ID is this?" ranks, as
//!   typed; `reading` (only when one was picked): the name of the reading whose fields it shows
//!   (`Reading::name`). Links from before them open on the example, with no note.
//! - `fault` (only when it is not the clock step), `at` and `by` (the clock step's ms), `burst`
//!   (IDs per tick), `k` (random workers' generators), each only when it differs from its
//!   example, and `fix` (only when it is not the fault's first fix): "When generators fail".
//!   Links from before them open on the clock step, with no note.
//!
//! Decoding never fails: a bad value becomes a note and its default.

use shardlab_core::layout::{
    check_host_name, parse_id, BitLayout, Field, FieldRole, HostPair, Preset, ShardMap, ShardRange,
    TimeBase,
};

use shardlab_core::text::quote;

use crate::url::url_query::check_version;

use super::code_text::Lang;
use super::state::detect::default_text as default_detect_text;
use super::state::{DecoderState, Detect, Lab, LabAction, LabParam};
use shardlab_core::id_family::Reading;
use shardlab_core::layout::{FaultKind, Policy};

/// The format version written as `v`.
pub const VERSION: u32 = 1;

/// The query pairs for a state; empty when the state is the default one.
pub fn encode(state: &DecoderState) -> Vec<(&'static str, String)> {
    let edited = state.layout_edited();
    let table_changed = state.table != state.default_table();
    let default_id = !edited && state.id == state.base.example_id();
    let lang_changed = state.lang != Lang::Rust;
    let detect_default = state.detect.is_default();
    if state.base == Preset::Pinterest
        && !edited
        && default_id
        && !table_changed
        && !lang_changed
        && detect_default
        && state.lab.is_default()
    {
        return Vec::new();
    }
    let mut pairs = vec![
        ("v", VERSION.to_string()),
        ("layout", state.base.name().to_owned()),
    ];
    if edited {
        pairs.push(("fields", encode_fields(&state.layout)));
    }
    pairs.push(("id", state.id.to_string()));
    if table_changed {
        if let Some(table) = &state.table {
            pairs.push(("table", encode_table(table)));
        }
    }
    if lang_changed {
        pairs.push(("code", state.lang.name().to_owned()));
    }
    if state.detect.shown != default_detect_text() {
        pairs.push(("detect", state.detect.shown.clone()));
    }
    if let Some(reading) = state.detect.picked {
        pairs.push(("reading", reading.name().to_owned()));
    }
    encode_lab(&state.lab, &mut pairs);
    pairs
}

/// The lab's keys, each only when it differs from the lab's opening state.
fn encode_lab(lab: &Lab, pairs: &mut Vec<(&'static str, String)>) {
    let fresh = Lab::default();
    if lab.kind != fresh.kind {
        pairs.push(("fault", lab.kind.name().to_owned()));
    }
    for (key, param) in LAB_KEYS {
        if lab.value(param) != fresh.value(param) {
            pairs.push((key, lab.value(param).to_string()));
        }
    }
    if lab.fix != lab.kind.example().fix() {
        pairs.push(("fix", lab.fix.name().to_owned()));
    }
}

/// The lab's parameter keys.
const LAB_KEYS: [(&str, LabParam); 4] = [
    ("at", LabParam::StepAt),
    ("by", LabParam::StepBy),
    ("burst", LabParam::Burst),
    ("k", LabParam::Generators),
];

/// The lab as a link sets it; each bad value is a note, and its example stays.
fn decode_lab(get: &dyn Fn(&str) -> Option<String>, notes: &mut Vec<String>) -> Lab {
    let mut lab = Lab::default();
    // One wording for every key, so the page carries one format.
    let mut refuse = |key: &str, why: String| {
        notes.push(format!("The link's {key}= was not used: {why}."));
    };
    if let Some(name) = get("fault") {
        match FaultKind::from_name(&name) {
            Some(kind) => lab.apply(LabAction::PickFault(kind)),
            None => refuse(
                "fault",
                format!("{} is not clock, burst, shared or random", quote(&name)),
            ),
        }
    }
    for (key, param) in LAB_KEYS {
        if let Some(text) = get(key) {
            lab.apply(LabAction::SetParam(param, text));
            if let Some(why) = lab.error(param) {
                refuse(key, why.to_owned());
                lab.refused = None;
            }
        }
    }
    if let Some(name) = get("fix") {
        let fix = Policy::from_name(&name);
        if let Some(fix) = fix {
            lab.apply(LabAction::PickFix(fix));
        }
        if fix != Some(lab.fix) {
            refuse(
                "fix",
                format!(
                    "{} does not answer this fault, so its first fix is shown",
                    quote(&name)
                ),
            );
        }
    }
    lab
}

/// `reserved-2-reserved.shard-16-shard.…`
pub fn encode_fields(layout: &BitLayout) -> String {
    layout
        .fields()
        .iter()
        .map(|field| {
            let mut part = format!("{}-{}-{}", field.name, field.width, field.role.label());
            if let Some(time) = field.time {
                part.push_str(&format!("-{}-{}", time.unit_ms, time.epoch_ms));
            }
            part
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// The inverse of [`encode_fields`], validated by the core.
pub fn decode_fields(text: &str) -> Result<BitLayout, String> {
    let mut fields = Vec::new();
    for part in text.split('.') {
        let bits: Vec<&str> = part.split('-').collect();
        let (name, width, role, time) = match bits.as_slice() {
            [name, width, role] => (*name, *width, *role, None),
            [name, width, role, unit, epoch] => (*name, *width, *role, Some((*unit, *epoch))),
            _ => return Err(format!("{} is not name-width-role", quote(part))),
        };
        let width: u32 = width
            .parse()
            .map_err(|_| format!("{} is not a width in bits", quote(width)))?;
        let role = FieldRole::from_label(role)
            .ok_or_else(|| format!("{} is not a field role", quote(role)))?;
        let mut field = Field::new(name, width, role);
        if let Some((unit, epoch)) = time {
            let unit_ms = unit
                .parse()
                .map_err(|_| format!("{} is not a time unit in ms", quote(unit)))?;
            let epoch_ms = epoch
                .parse()
                .map_err(|_| format!("{} is not an epoch in Unix ms", quote(epoch)))?;
            field.time = Some(TimeBase { unit_ms, epoch_ms });
        }
        fields.push(field);
    }
    BitLayout::new(fields).map_err(|err| err.to_string())
}

/// `511_MySQL001A_MySQL001B.1023_…`
pub fn encode_table(table: &ShardMap) -> String {
    table
        .ranges()
        .iter()
        .map(|range| {
            format!(
                "{}_{}_{}",
                range.end, range.hosts.master, range.hosts.standby
            )
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// The inverse of [`encode_table`], validated by the core.
pub fn decode_table(text: &str) -> Result<ShardMap, String> {
    let mut ranges = Vec::new();
    let mut start: Option<u64> = Some(0);
    for part in text.split('.') {
        let Some(first) = start else {
            return Err("a range follows one that ends at the last possible shard".to_owned());
        };
        let [end, master, standby] = part.split('_').collect::<Vec<_>>()[..] else {
            return Err(format!("{} is not end_master_standby", quote(part)));
        };
        let end: u64 = end
            .parse()
            .map_err(|_| format!("{} is not a shard number", quote(end)))?;
        check_host_name(master).map_err(|why| why.to_string())?;
        check_host_name(standby).map_err(|why| why.to_string())?;
        ranges.push(ShardRange::new(first, end, HostPair::new(master, standby)));
        start = end.checked_add(1);
    }
    ShardMap::new(ranges).map_err(|err| err.to_string())
}

/// Rebuilds a state from query pairs. Bad values become notes and fall back to defaults.
pub fn decode(pairs: &[(String, String)]) -> DecoderState {
    let get = |key: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let mut notes = Vec::new();
    if pairs.is_empty() {
        return DecoderState::default();
    }
    if let Err(notice) = check_version(pairs, VERSION, "the Pinterest example") {
        let mut state = DecoderState::default();
        state.notes.push(notice);
        return state;
    }
    let base = match get("layout").map(Preset::from_name) {
        None => Preset::Pinterest,
        Some(Ok(preset)) => preset,
        Some(Err(err)) => {
            notes.push(format!("The link's layout was not used: {err}."));
            Preset::Pinterest
        }
    };
    let layout = match get("fields").map(decode_fields) {
        None => base.layout(),
        Some(Ok(layout)) => layout,
        Some(Err(err)) => {
            notes.push(format!(
                "The link's edited layout was not used ({err}); showing the {} preset.",
                base.title()
            ));
            base.layout()
        }
    };
    let id = match get("id").map(parse_id) {
        None => base.example_id(),
        Some(Ok(id)) => id,
        Some(Err(err)) => {
            notes.push(format!("The link's ID was not used: {err}."));
            base.example_id()
        }
    };
    let table = match get("table").map(decode_table) {
        None => None,
        Some(Ok(table)) => match table.check_against(&layout) {
            Ok(()) => Some(table),
            Err(err) => {
                notes.push(format!(
                    "The link's config table was not used: {err}. Showing the default table."
                ));
                None
            }
        },
        Some(Err(err)) => {
            notes.push(format!(
                "The link's config table was not used: {err}. Showing the default table."
            ));
            None
        }
    };
    let lang = match get("code").map(|name| (name, Lang::from_name(name))) {
        None => Lang::Rust,
        Some((_, Some(lang))) => lang,
        Some((name, None)) => {
            notes.push(format!(
                "The link's code language {} was not used: it is rust, sql or js. Showing Rust.",
                quote(name)
            ));
            Lang::Rust
        }
    };
    let mut state = DecoderState::restored(base, layout, id, table);
    state.lang = lang;
    if let Some(text) = get("detect") {
        state.detect.type_text(text.to_owned());
        if let Some(why) = state.detect.error.take() {
            notes.push(format!(
                "The link's ID for \"Whose ID is this?\" was not used: {why}."
            ));
            state.detect = Detect::default();
        }
    }
    match get("reading").map(|name| (name, Reading::from_name(name))) {
        None => {}
        Some((_, Ok(reading))) => {
            state.detect.pick(reading);
            if state.detect.picked != Some(reading) {
                notes.push(format!(
                    "The link's reading {} does not read {}, so its first reading is shown.",
                    reading.name(),
                    quote(&state.detect.shown)
                ));
            }
        }
        Some((_, Err(err))) => notes.push(format!("The link's reading was not used: {err}.")),
    }
    let owned = |key: &str| get(key).map(str::to_owned);
    state.lab = decode_lab(&owned, &mut notes);
    state.lab.refresh(&state.layout);
    state.notes = notes;
    state
}

/// Whether a state's persistent parts equal another's (what the URL can tell apart).
pub fn same_link(a: &DecoderState, b: &DecoderState) -> bool {
    encode(a) == encode(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::url::url_query::owned;
    use shardlab_core::layout::MAX_RANGES;

    #[test]
    fn the_default_state_has_an_empty_query() {
        assert!(encode(&DecoderState::default()).is_empty());
        assert_eq!(decode(&[]), DecoderState::default());
    }

    #[test]
    fn the_code_tab_round_trips_and_a_bad_one_is_a_note() {
        let state = DecoderState {
            lang: Lang::Sql,
            ..DecoderState::default()
        };
        let pairs = encode(&state);
        assert!(pairs.contains(&("code", "sql".to_owned())));
        assert_eq!(decode(&owned(&pairs)).lang, Lang::Sql);
        // A link from before the tab was kept opens on Rust, with no note.
        let old = decode(&owned(&[("v", "1".into()), ("layout", "pinterest".into())]));
        assert_eq!((old.lang, old.notes.len()), (Lang::Rust, 0));
        let bad = decode(&owned(&[("v", "1".into()), ("code", "cobol".into())]));
        assert_eq!(bad.lang, Lang::Rust);
        assert!(bad.notes[0].contains("rust, sql or js"), "{:?}", bad.notes);
    }

    #[test]
    fn presets_edits_and_tables_round_trip() {
        let mut state = DecoderState::for_preset(Preset::Pinterest);
        state.id = 42;
        let table = state.table.clone().unwrap().split(6).unwrap().map;
        state.table = Some(table.clone());
        let pairs = encode(&state);
        assert_eq!(pairs.first(), Some(&("v", "1".to_owned())));
        let back = decode(&owned(&pairs));
        assert_eq!(back.id, 42);
        assert_eq!(back.table, Some(table));
        assert!(back.notes.is_empty());

        let edited = state.layout.move_boundary(1, 2).unwrap();
        let mut state = DecoderState::restored(Preset::Pinterest, edited.clone(), 7, None);
        state.id = 7;
        let back = decode(&owned(&encode(&state)));
        assert_eq!(back.layout, edited);
        assert_eq!(back.id, 7);

        for preset in Preset::ALL {
            let state = DecoderState::for_preset(preset);
            let back = decode(&owned(&encode(&state)));
            assert_eq!(back.layout, state.layout, "{preset}");
            assert_eq!(back.id, state.id, "{preset}");
            assert_eq!(back.table, state.table, "{preset}");
        }
    }

    #[test]
    fn the_detect_text_and_reading_round_trip_and_old_links_open_on_the_example() {
        let mut state = DecoderState::default();
        state
            .detect
            .type_text("{017F22E2-79B0-7CC3-98C4-DC0C0C07398F}".to_owned());
        state
            .detect
            .pick(Reading::from_name("uuid").unwrap_or(Reading::ALL[0]));
        let pairs = encode(&state);
        assert!(pairs.contains(&("reading", "uuid".to_owned())), "{pairs:?}");
        let back = decode(&owned(&pairs));
        assert_eq!(back.detect, state.detect);
        assert!(back.notes.is_empty(), "{:?}", back.notes);
        // A link from before the widget opens on the example, with no note.
        let old = decode(&owned(&[("v", "1".into()), ("layout", "discord".into())]));
        assert!(old.detect.is_default());
        assert!(old.notes.is_empty());
        // A bad text or reading is a note, and the example stays.
        let bad = decode(&owned(&[
            ("v", "1".into()),
            ("detect", "01ARZ3NDEKTSV4RRFFQ69G5FAU".into()),
            ("reading", "ksuid".into()),
        ]));
        assert!(bad.detect.is_default());
        assert_eq!(bad.notes.len(), 2, "{:?}", bad.notes);
        assert!(bad.notes[0].contains("position 26"), "{:?}", bad.notes);
    }

    #[test]
    fn the_lab_round_trips_and_a_bad_value_is_a_note_naming_its_range() {
        let mut state = DecoderState::for_preset(Preset::Snowflake);
        state
            .lab
            .apply(LabAction::PickFault(FaultKind::RandomWorkers));
        state
            .lab
            .apply(LabAction::SetParam(LabParam::Generators, "40".to_owned()));
        let pairs = encode(&state);
        assert!(pairs.contains(&("fault", "random".to_owned())), "{pairs:?}");
        assert!(pairs.contains(&("k", "40".to_owned())), "{pairs:?}");
        assert!(!pairs.iter().any(|(key, _)| *key == "fix" || *key == "at"));
        let back = decode(&owned(&pairs));
        assert_eq!(back.lab, {
            let mut lab = state.lab.clone();
            lab.refresh(&state.layout);
            lab
        });
        assert!(back.notes.is_empty(), "{:?}", back.notes);

        let bad = decode(&owned(&[
            ("v", "1".into()),
            ("by", "0".into()),
            ("fix", "stall".into()),
        ]));
        assert_eq!(bad.lab.step, (500, 100));
        assert_eq!(bad.lab.fix, Policy::WaitOut);
        assert_eq!(bad.notes.len(), 2, "{:?}", bad.notes);
        assert!(bad.notes[0].contains("1 … 10,000"), "{:?}", bad.notes);
        let refuse = decode(&owned(&[("v", "1".into()), ("fix", "refuse".into())]));
        assert_eq!((refuse.lab.fix, refuse.notes.len()), (Policy::Refuse, 0));
    }

    #[test]
    fn timestamp_fields_keep_their_time_base() {
        let layout = Preset::Sonyflake.layout();
        assert_eq!(decode_fields(&encode_fields(&layout)), Ok(layout));
    }

    #[test]
    fn bad_values_fall_back_with_a_note() {
        let pairs = |items: &[(&str, &str)]| -> Vec<(String, String)> {
            items
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect()
        };
        let state = decode(&pairs(&[("layout", "flickr"), ("id", "12x")]));
        assert_eq!(state.base, Preset::Pinterest);
        assert_eq!(state.id, Preset::Pinterest.example_id());
        assert_eq!(state.notes.len(), 2);

        let state = decode(&pairs(&[("v", "9"), ("layout", "snowflake"), ("id", "5")]));
        assert_eq!(state.base, Preset::Pinterest);
        assert_eq!(state.id, Preset::Pinterest.example_id());
        assert_eq!(state.notes.len(), 1);
        assert!(state
            .notes
            .iter()
            .all(|n| n.contains("newer shardlab (format 9)")));

        for bad in [
            "",
            "a",
            "a-1",
            "a-x-shard",
            "a-1-nope",
            "a-70-other",
            "a-1-timestamp",
            "a-1-timestamp-x-0",
        ] {
            let state = decode(&pairs(&[("layout", "pinterest"), ("fields", bad)]));
            assert_eq!(state.layout, Preset::Pinterest.layout(), "{bad}");
            assert_eq!(state.notes.len(), 1, "{bad}");
        }
        for bad in [
            "",
            "x",
            "511_A_B.200_C_D",
            "511_A_A",
            "511_a b_B",
            "70000_A_B",
            "18446744073709551615_A_B.1_C_D",
        ] {
            let state = decode(&pairs(&[("table", bad)]));
            assert_eq!(state.table, DecoderState::default().table, "{bad}");
            assert_eq!(state.notes.len(), 1, "{bad}");
        }
    }

    #[test]
    fn a_link_with_a_range_per_shard_opens_on_the_default_table_with_the_limit_said() {
        // Issue 44: a link with Pinterest's 4,096 shards as 4,096 ranges drew 8,192 host boxes,
        // 1.46 s of main thread. The core's limit refuses it, and the note names the limit.
        let table = (0..4_096)
            .map(|shard| format!("{shard}_MySQL{shard}A_MySQL{shard}B"))
            .collect::<Vec<_>>()
            .join(".");
        let state = decode(&[("table".to_owned(), table)]);
        assert_eq!(state.table, DecoderState::default().table);
        assert_eq!(
            state.notes,
            [format!(
                "The link's config table was not used: the config table holds at most \
                 {MAX_RANGES} ranges; this one has 4096. Showing the default table."
            )]
        );
        // A table at the limit opens as it is.
        let at_limit = (0..MAX_RANGES)
            .map(|shard| format!("{shard}_MySQL{shard}A_MySQL{shard}B"))
            .collect::<Vec<_>>()
            .join(".");
        let state = decode(&[("table".to_owned(), at_limit)]);
        assert!(state.notes.is_empty(), "{:?}", state.notes);
        assert_eq!(state.table.map(|t| t.ranges().len()), Some(MAX_RANGES));
    }
}
