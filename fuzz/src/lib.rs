//! The checks behind shardlab's fuzz targets, one public function per target.
//!
//! Each function takes the fuzzer's raw bytes, feeds them to the core, and panics only when the core
//! breaks one of its promises: a panic inside the core, or a result that contradicts itself (an edit
//! that returns an invalid layout, a split that moves an ID's shard, …). An input the core refuses
//! with an error is fine: refusing is its job.
//!
//! The same file is compiled twice: as the `shardlab_fuzz` library the libFuzzer binaries in
//! `fuzz_targets/` call, and, through `#[path]`, inside
//! `crates/shardlab-core/tests/fuzz_corpus_replay.rs`, which replays the committed corpora on stable.
//! So it may use only `shardlab_core`, `serde`, `serde_json` and `std` (the core's own
//! dependencies and dev-dependencies).
//!
//! The edit targets read their operations from the bytes with the small [`Bytes`] cursor below
//! rather than with the `arbitrary` crate: the replay test must decode a corpus file exactly as the
//! fuzzer did, and the core crate's test build has no `arbitrary`.

// A failed check is a finding; panicking with a message is how a fuzz target reports it.
#![allow(clippy::expect_used, clippy::panic)]

use shardlab_core::layout::{
    self, BitLayout, DecodeWarning, Field, FieldRole, HostPair, ShardMap, TimeBase,
};
use shardlab_core::sim::{self, Design};

/// The most operations one input may drive, so an iteration stays short.
const MAX_OPS: usize = 64;
/// Users for the estimate and the simulation: small, so an iteration stays fast.
const MAX_SIM_USERS: u32 = 200;
/// Seconds of simulated arrivals (the core's minimum).
const SIM_SECONDS: f64 = 1.0;

/// IDs every layout check decomposes and composes, besides those derived from the input.
const PROBE_IDS: [u64; 6] = [
    0,
    1,
    u64::MAX,
    1 << 63,
    0x0123_4567_89AB_CDEF,
    241_294_492_511_762_325,
];

/// `parse_id`: any text either fails with a message or gives an ID that reads back from its
/// decimal, hex and binary forms.
pub fn parse_id(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match layout::parse_id(&text) {
        Ok(id) => {
            for form in [
                id.to_string(),
                format!("{id:#x}"),
                format!("0X{id:X}"),
                format!("{id:#b}"),
                format!(" \"+{id}\" "),
            ] {
                assert_eq!(
                    layout::parse_id(&form),
                    Ok(id),
                    "{text:?} parsed as {id}, but its form {form:?} does not read back"
                );
            }
        }
        Err(error) => {
            assert!(
                !error.to_string().is_empty(),
                "{text:?}: empty error message"
            );
        }
    }
}

/// `layout_json`: any bytes either fail to load or give a layout whose arithmetic holds together
/// and that survives a JSON round trip.
pub fn layout_json(data: &[u8]) {
    match serde_json::from_slice::<BitLayout>(data) {
        Ok(layout) => {
            check_round_trip(&layout);
            check_layout(&layout, &[fnv1a(data)]);
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
}

/// `layout_edits`: a preset layout, then a sequence of edits read from the bytes. Each edit gives a
/// valid layout or an error, never a panic.
pub fn layout_edits(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let names = layout::preset_names();
    let preset = names
        .get(usize::from(bytes.byte().unwrap_or(0)) % names.len())
        .copied()
        .unwrap_or("pinterest");
    let mut current = BitLayout::preset(preset).expect("every listed preset exists");
    check_layout(&current, &[]);
    for _ in 0..MAX_OPS {
        let Some(op) = bytes.byte() else { break };
        let count = current.field_count();
        let result = match op % 8 {
            0 => {
                let position = bytes.position(count);
                let bits = i32::from(bytes.byte().unwrap_or(0) as i8);
                current.move_boundary(position, bits)
            }
            1 => {
                let position = bytes.position(count);
                current.set_width(position, bytes.width())
            }
            2 => {
                let position = bytes.position(count);
                let field = bytes.field(&current);
                current.insert_field(position, field)
            }
            3 => current.remove_field(bytes.position(count)),
            4 => {
                let position = bytes.position(count);
                let name = bytes.name(&current);
                current.rename_field(position, name)
            }
            5 => {
                let position = bytes.position(count);
                current.set_role(position, bytes.role())
            }
            6 => {
                let position = bytes.position(count);
                current.set_time_base(position, bytes.time_base())
            }
            _ => {
                // A JSON round trip mid-sequence, as the app's autosave does.
                check_round_trip(&current);
                Ok(current.clone())
            }
        };
        match result {
            Ok(next) => {
                check_layout(&next, &[bytes.u64()]);
                current = next;
            }
            Err(error) => {
                assert!(!error.to_string().is_empty(), "empty layout error message");
            }
        }
    }
}

/// `design_json`: any bytes either fail to load or give a design that validates without a panic;
/// a valid one is estimated, and simulated for one second with at most 200 users.
pub fn design_json(data: &[u8]) {
    let design = match serde_json::from_slice::<Design>(data) {
        Ok(design) => design,
        Err(error) => {
            let _ = error.to_string();
            return;
        }
    };
    let errors = sim::validate(&design);
    for error in &errors {
        assert!(!error.to_string().is_empty(), "empty design error message");
    }
    assert_eq!(
        sim::validate::check(&design).is_ok(),
        errors.is_empty(),
        "`check` and `validate` disagree"
    );
    if !errors.is_empty() {
        return;
    }
    let users = design.user_count().clamp(1, MAX_SIM_USERS);
    match sim::estimate(&design, users) {
        Ok(estimate) => {
            assert_share("estimate error rate", estimate.outcome.error_rate);
            assert_share("estimate Apdex", estimate.outcome.apdex);
            let _ = estimate.caption();
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
    // The core refuses work it thinks too big; that is a skip, not a finding.
    if let Ok(report) = sim::simulate(&design, users, fnv1a(data), SIM_SECONDS) {
        assert_eq!(
            report.requests,
            report.completed.saturating_add(report.errors.total()),
            "the simulation lost requests"
        );
        assert_share("simulated error rate", report.outcome.error_rate);
        assert_share("simulated Apdex", report.outcome.apdex);
    }
}

/// The most levels `json_depth` wraps an input in: the million.
const MAX_WRAP_LEVELS: usize = 1_000_000;

/// `json_depth`: the first two bytes give a number of levels (up to [`MAX_WRAP_LEVELS`], in
/// steps of 16) to wrap the rest in, as arrays or, when the third byte is odd, objects. The
/// depth scan never panics; on the rest, and on the wrapped text, it agrees with serde_json
/// wherever serde_json parses (up to its limit of 128 levels); it refuses exactly the texts
/// deeper than the limit, pointing at the bracket that went past it; and the design reader
/// refuses such text as too deep before its parser sees it.
pub fn json_depth(data: &[u8]) {
    use shardlab_core::input_text::{
        check_json_depth, json_depth, strip_bom_bytes, MAX_JSON_DEPTH,
    };
    let mut bytes = Bytes::new(data);
    let levels = (usize::from(bytes.u16()) * 16).min(MAX_WRAP_LEVELS);
    let objects = bytes.byte().unwrap_or(0) % 2 == 1;
    let rest = strip_bom_bytes(bytes.data);
    let inner = json_depth(rest);
    let parsed = serde_json::from_slice::<serde_json::Value>(rest).ok();
    if let Some(value) = &parsed {
        assert_eq!(
            inner.deepest,
            value_depth(value),
            "the scan disagrees with serde_json"
        );
    }
    let (open, close): (&[u8], &[u8]) = if objects {
        (b"{\"k\":", b"}")
    } else {
        (b"[", b"]")
    };
    let mut wrapped = Vec::with_capacity(levels * (open.len() + 1) + rest.len());
    for _ in 0..levels {
        wrapped.extend_from_slice(open);
    }
    wrapped.extend_from_slice(rest);
    for _ in 0..levels {
        wrapped.extend_from_slice(close);
    }
    let outer = json_depth(&wrapped);
    // Only a text that is JSON is sure to close what it opens (an open string hides the rest).
    if parsed.is_some() {
        assert_eq!(
            outer.deepest,
            levels + inner.deepest,
            "wrapping changed the inner depth"
        );
    }
    assert!(
        outer.deepest >= levels.max(inner.deepest),
        "wrapping lost depth"
    );
    match check_json_depth(&wrapped) {
        Ok(depth) => {
            assert!(depth <= MAX_JSON_DEPTH);
            assert_eq!(depth, outer.deepest);
        }
        Err(too_deep) => {
            assert!(too_deep.depth > MAX_JSON_DEPTH);
            assert_eq!(too_deep.depth, outer.deepest);
            let before = wrapped.get(..too_deep.at).unwrap_or_default();
            assert_eq!(
                json_depth(before).deepest,
                MAX_JSON_DEPTH,
                "`at` is not where it went over"
            );
            assert!(matches!(wrapped.get(too_deep.at), Some(b'[' | b'{')));
            if wrapped.len() as u64 <= sim::MAX_DESIGN_BYTES {
                let read =
                    Design::from_json::<SerdeValue>(wrapped.as_slice(), sim::ReadRules::LINK);
                assert_eq!(read.err(), Some(sim::ReadError::TooDeep(too_deep)));
            }
        }
    }
}

/// The depth of a parsed value, measured without recursion.
fn value_depth(value: &serde_json::Value) -> usize {
    use serde_json::Value;
    let mut deepest = 0;
    let mut stack = vec![(value, 0usize)];
    while let Some((value, depth)) = stack.pop() {
        let children: Vec<&Value> = match value {
            Value::Array(items) => items.iter().collect(),
            Value::Object(members) => members.values().collect(),
            _ => continue,
        };
        deepest = deepest.max(depth + 1);
        stack.extend(children.into_iter().map(|child| (child, depth + 1)));
    }
    deepest
}

/// serde_json's parser through a `Value`, as a native reader of designs parses.
struct SerdeValue;

impl sim::JsonParser for SerdeValue {
    type Text = [u8];
    type Document = serde_json::Value;
    fn parse(text: &[u8]) -> Result<serde_json::Value, String> {
        serde_json::from_slice(text).map_err(|e| e.to_string())
    }
    fn read<T: serde::de::DeserializeOwned>(document: &serde_json::Value) -> Result<T, String> {
        T::deserialize(document).map_err(|e| e.to_string())
    }
}

/// `shard_map_edits`: Pinterest's 2015 table, then splits and host changes read from the bytes.
/// Every successful split keeps every shard mapped and every ID's shard (and, outside the moved
/// range, its host) unchanged.
pub fn shard_map_edits(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let layout = BitLayout::preset("pinterest").expect("the pinterest preset exists");
    let mut map = ShardMap::pinterest_2015();
    for edit in 0..MAX_OPS {
        let Some(op) = bytes.byte() else { break };
        let probes = probe_shards(&map, &mut bytes);
        match op % 4 {
            0 | 1 => {
                let split = if op % 4 == 0 {
                    map.split(bytes.position(map.ranges().len()))
                } else {
                    let master = bytes.master(&map);
                    map.split_host(&master)
                };
                let Ok(split) = split else { continue };
                check_split(&map, &split, &layout, &probes);
                check_ranges_found(
                    &split.map,
                    [split.moved_index.saturating_sub(1), split.moved_index],
                );
                map = split.map;
            }
            2 => {
                let index = bytes.position(map.ranges().len());
                let hosts = HostPair::new(bytes.host_name(), bytes.host_name());
                let Ok(next) = map.set_hosts(index, hosts.clone()) else {
                    continue;
                };
                assert_eq!(next.ranges().len(), map.ranges().len());
                for (before, after) in map.ranges().iter().zip(next.ranges()) {
                    assert_eq!((before.start, before.end), (after.start, after.end));
                }
                let changed = next.ranges().get(index).map(|range| &range.hosts);
                assert_eq!(changed, Some(&hosts), "set_hosts changed another range");
                check_ranges_found(&next, [index]);
                map = next;
            }
            _ => {
                let json = serde_json::to_vec(&map).expect("a table serializes");
                let back: ShardMap = serde_json::from_slice(&json)
                    .unwrap_or_else(|error| panic!("a saved table does not load back: {error}"));
                assert_eq!(back, map, "a table changed through JSON");
            }
        }
        // The whole table is re-checked every eighth edit rather than after each one: with compare
        // tracing on, that check was most of an iteration. Each edit above checks the ranges it
        // touched, and the table is checked once more after the last edit.
        if edit % 8 == 7 {
            check_whole_map(&map, &layout);
        }
    }
    check_whole_map(&map, &layout);
}

/// Everything a table promises, checked over every range, plus its fit with `layout`.
fn check_whole_map(map: &ShardMap, layout: &BitLayout) {
    check_map(map);
    assert_eq!(map.check_against(layout), Ok(()));
}

/// The shards at both ends of each of the ranges `indices` are found in that range.
fn check_ranges_found(map: &ShardMap, indices: impl IntoIterator<Item = usize>) {
    for index in indices {
        let Some(range) = map.ranges().get(index) else {
            panic!("range {index} is missing after an edit");
        };
        for shard in [range.start, range.end] {
            assert_eq!(map.range_index_of(shard), Some(index), "shard {shard}");
        }
    }
}

/// A layout comes back from its JSON unchanged. (Only where the input asks for it: it is the slow
/// part of a check, and the edit target would spend most of its time here otherwise.)
fn check_round_trip(layout: &BitLayout) {
    let json = serde_json::to_string(layout).expect("a layout serializes");
    let back: BitLayout = serde_json::from_str(&json)
        .unwrap_or_else(|error| panic!("{json} does not load back: {error}"));
    assert_eq!(&back, layout, "a layout changed through JSON");
}

/// Everything a valid layout promises.
fn check_layout(layout: &BitLayout, extra_ids: &[u64]) {
    assert_eq!(
        BitLayout::new(layout.fields().to_vec()).as_ref(),
        Ok(layout),
        "a layout the core handed out does not validate"
    );
    assert!((1..=layout::MAX_FIELDS).contains(&layout.field_count()));
    assert!(layout.used_bits() <= layout::ID_BITS);

    let all_ones: Vec<u64> = layout.fields().iter().map(Field::max_value).collect();
    assert_eq!(layout.compose(&all_ones), Ok(!layout.unused_top_mask()));

    let unused = layout.unused_top_mask();
    for &id in PROBE_IDS.iter().chain(extra_ids) {
        let values = layout.decompose(id);
        assert_eq!(values.len(), layout.field_count());
        let composed = layout
            .compose(&values)
            .unwrap_or_else(|error| panic!("decompose({id}) does not compose: {error}"));
        assert_eq!(
            composed,
            id & !unused,
            "compose∘decompose lost bits of {id}"
        );
        assert_eq!(layout.decompose(composed), values, "decompose∘compose");

        let decoded = layout.decode(id);
        assert_eq!(decoded.fields.len(), values.len());
        for (position, (field, &value)) in decoded.fields.iter().zip(&values).enumerate() {
            assert_eq!(field.value, value, "decode and decompose disagree");
            assert_eq!(layout.value_at(id, position), Some(value));
            let shift = layout.shift(position).expect("a field has a shift");
            let mask = layout.mask(position).expect("a field has a mask");
            assert_eq!(field.shift, shift);
            assert_eq!(
                (id & mask).checked_shr(shift),
                Some(value),
                "mask and shift"
            );
        }
        let warned = decoded
            .warnings
            .iter()
            .any(|warning| matches!(warning, DecodeWarning::UnusedBitsSet { .. }));
        assert_eq!(warned, id & unused != 0, "unused-bits warning for {id}");
    }
}

/// A valid table: contiguous from 0, sorted, and each shard found in its own range.
fn check_map(map: &ShardMap) {
    assert_eq!(
        ShardMap::new(map.ranges().to_vec()).as_ref(),
        Ok(map),
        "a table the core handed out does not validate"
    );
    check_ranges_found(map, 0..map.ranges().len());
    assert_eq!(map.host_of(map.last_shard().saturating_add(1)), None);
}

/// Shards to look up before and after an edit, read from the input.
fn probe_shards(map: &ShardMap, bytes: &mut Bytes<'_>) -> Vec<u64> {
    (0..4)
        .map(|_| u64::from(bytes.u16()) % map.last_shard().saturating_add(1))
        .collect()
}

/// What a split promises about `before` and `split.map`: the split range becomes two that cover
/// it exactly, every other range is untouched, and no shard is lost, gained or renumbered.
fn check_split(before: &ShardMap, split: &layout::Split, layout: &BitLayout, probes: &[u64]) {
    let after = &split.map;
    let (old, new) = (before.ranges(), after.ranges());
    assert_eq!(new.len(), old.len().saturating_add(1));
    assert_eq!(
        after.last_shard(),
        before.last_shard(),
        "a split changed the mapped shards"
    );
    let index = split
        .moved_index
        .checked_sub(1)
        .expect("the moved range is not the first");
    let (Some(whole), Some(lower), Some(upper)) =
        (old.get(index), new.get(index), new.get(split.moved_index))
    else {
        panic!("split.moved_index {} is out of range", split.moved_index);
    };
    assert_eq!(
        old.get(..index),
        new.get(..index),
        "a split changed a range below it"
    );
    assert_eq!(
        old.get(index.saturating_add(1)..),
        new.get(index.saturating_add(2)..),
        "a split changed a range above it"
    );
    assert_eq!((lower.start, upper.end), (whole.start, whole.end));
    assert_eq!(lower.end.checked_add(1), Some(upper.start));
    assert_eq!(
        (upper.start, upper.end),
        (split.moved_start, split.moved_end)
    );
    assert_eq!((&lower.hosts, &whole.hosts), (&split.from, &split.from));
    assert_eq!(
        upper.hosts, split.to,
        "the moved shards are not on the new pair"
    );

    let edges = [
        split.moved_start.saturating_sub(1),
        split.moved_start,
        split.moved_end,
        split.moved_end.saturating_add(1),
    ];
    for &shard in probes.iter().chain(&edges) {
        let was = before.host_of(shard);
        let is = after.host_of(shard);
        assert_eq!(
            was.is_some(),
            is.is_some(),
            "shard {shard} lost or gained a host"
        );
        if (split.moved_start..=split.moved_end).contains(&shard) {
            assert_eq!(
                is,
                Some(&split.to),
                "shard {shard} did not move to the new pair"
            );
        } else {
            assert_eq!(was, is, "shard {shard} moved, but is outside the split");
        }
        // An ID on this shard names the same shard before and after: the table changed, not the ID.
        if let Ok(id) = layout.compose_named([("shard", shard), ("type", 1), ("local", 7)]) {
            let was = before.locate(layout, id).map(|location| location.shard);
            let is = after.locate(layout, id).map(|location| location.shard);
            assert_eq!(was, is, "the ID {id} changed shard in a split");
        }
    }
}

/// A share must be a number from 0 to 1 (with rounding slack).
fn assert_share(what: &str, value: f64) {
    assert!(
        (-1e-9..=1.0 + 1e-9).contains(&value),
        "{what} is {value}, not a share"
    );
}

/// FNV-1a over the input: a deterministic ID or seed derived from it.
fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Reads operations and their arguments from the input, yielding zeros once it runs out.
struct Bytes<'a> {
    data: &'a [u8],
}

/// Characters names are drawn from: valid ones, and a few that the core must refuse.
const NAME_CHARS: [char; 16] = [
    'a', 'b', 's', 'h', 'r', 'd', '_', 'Z', '0', '9', '-', ' ', 'é', '日', '\u{0}', '<',
];

impl<'a> Bytes<'a> {
    fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.data.split_first()?;
        self.data = rest;
        Some(first)
    }

    fn u16(&mut self) -> u16 {
        let low = self.byte().unwrap_or(0);
        let high = self.byte().unwrap_or(0);
        u16::from_le_bytes([low, high])
    }

    /// A small number (one byte) or, after an odd tag byte, a full 64-bit one.
    fn u64(&mut self) -> u64 {
        let tag = self.byte().unwrap_or(0);
        if tag.is_multiple_of(2) {
            return u64::from(tag / 2);
        }
        let mut le = [0u8; 8];
        for slot in &mut le {
            *slot = self.byte().unwrap_or(0);
        }
        u64::from_le_bytes(le)
    }

    /// An index into something with `count` items: usually in range or just past it, sometimes huge.
    fn position(&mut self, count: usize) -> usize {
        match self.byte().unwrap_or(0) {
            255 => usize::MAX,
            byte => usize::from(byte) % count.saturating_add(2),
        }
    }

    /// A field width: mostly 0 ..= 70, sometimes far beyond.
    fn width(&mut self) -> u32 {
        match self.byte().unwrap_or(0) {
            255 => u32::MAX,
            byte => u32::from(byte) % 71,
        }
    }

    fn role(&mut self) -> FieldRole {
        let index = usize::from(self.byte().unwrap_or(0)) % FieldRole::ALL.len();
        FieldRole::ALL
            .get(index)
            .copied()
            .unwrap_or(FieldRole::Other)
    }

    fn time_base(&mut self) -> TimeBase {
        TimeBase {
            unit_ms: self.u64(),
            epoch_ms: self.u64(),
        }
    }

    /// A made-up name, or (for a length byte of 200 and up) an existing field's name, upper-cased
    /// half of the time, to reach the duplicate-name check.
    fn name(&mut self, layout: &BitLayout) -> String {
        let length = self.byte().unwrap_or(0);
        if length >= 200 {
            let position = usize::from(length) % layout.field_count().max(1);
            let name = layout
                .field(position)
                .map_or("", |field| field.name.as_str());
            return if length.is_multiple_of(2) {
                name.to_owned()
            } else {
                name.to_uppercase()
            };
        }
        (0..length % 40)
            .map(|_| {
                let index = usize::from(self.byte().unwrap_or(0)) % NAME_CHARS.len();
                NAME_CHARS.get(index).copied().unwrap_or('a')
            })
            .collect()
    }

    fn field(&mut self, layout: &BitLayout) -> Field {
        let name = self.name(layout);
        let width = self.width();
        let role = self.role();
        let time = match self.byte().unwrap_or(0) % 3 {
            0 => None,
            1 => Some(TimeBase::UNIX_MS),
            _ => Some(self.time_base()),
        };
        Field {
            name,
            width,
            role,
            time,
        }
    }

    /// A host name: mostly short and numbered like `MySQL012A`, sometimes blank or too long.
    fn host_name(&mut self) -> String {
        match self.byte().unwrap_or(0) {
            0 => String::new(),
            1 => " ".to_owned(),
            2 => "h".repeat(layout::MAX_HOST_NAME_CHARS.saturating_add(1)),
            3 => format!("MySQL{}A", u64::MAX),
            byte => format!("MySQL{:03}{}", self.u64(), char::from(b'A' + byte % 3)),
        }
    }

    /// The master of one of `map`'s ranges, or (past the end) a name it does not have.
    fn master(&mut self, map: &ShardMap) -> String {
        let index = self.position(map.ranges().len());
        map.ranges().get(index).map_or_else(
            || "MySQL999Z".to_owned(),
            |range| range.hosts.master.clone(),
        )
    }
}
