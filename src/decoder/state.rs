//! The Decoder's state and its reducer. Every action returns a new `Rc` when something changed and
//! the same one otherwise. The numbers come from `shardlab_core::layout`; this file only decides
//! which core call to make and keeps the last good value when a call is refused.

use std::rc::Rc;

use shardlab_core::layout::{
    format_unix_ms, parse_id, parse_iso_utc, BitLayout, Field, FieldRole, HostPair, IdAllocator,
    Preset, ShardId, ShardMap, ShardRange, TimeBase, ID_BITS,
};
use shardlab_core::text::{describe_char, quote, thousands};
use yew::Reducible;

use super::preview::EXAMPLE_PIN;

/// An instant used for the default IDs of the time-based presets: 2015-06-01T00:00:00Z, the year
/// of Pinterest's post.
const DEMO_UNIX_MS: u64 = 1_433_116_800_000;
/// A real Snowflake ID (its timestamp decodes to 2022-06-28T16:07:40.105Z).
const SNOWFLAKE_EXAMPLE: u64 = 1_541_815_603_606_036_480;
/// The example ID from Discord's API documentation.
const DISCORD_EXAMPLE: u64 = 175_928_847_299_117_063;
/// The seed of the generator's random shard choice; the same page load picks the same shards.
pub const RNG_SEED: u64 = 2015;
/// At most this many shards are in use in a table made up for a layout without a published one,
/// as Pinterest used 4,096 of its 65,536.
const DEFAULT_SHARDS_IN_USE: u64 = 4_096;
/// And they sit on at most this many pairs.
const DEFAULT_PAIRS: u64 = 8;

/// The ID a preset opens on: one that already shows something worth seeing.
pub fn default_id(preset: Preset) -> u64 {
    let layout = preset.layout();
    let at = |values: &[(&str, u64)]| layout.compose_named(values.iter().copied()).unwrap_or(0);
    let ticks = |name: &str| {
        layout
            .position_of(name)
            .and_then(|p| layout.field(p))
            .and_then(|f| f.time)
            .and_then(|t| t.ticks_at(DEMO_UNIX_MS).ok())
            .unwrap_or(0)
    };
    match preset {
        Preset::Pinterest => EXAMPLE_PIN,
        Preset::Snowflake => SNOWFLAKE_EXAMPLE,
        Preset::Discord => DISCORD_EXAMPLE,
        Preset::Instagram => at(&[
            ("timestamp", ticks("timestamp")),
            ("shard", 1341),
            ("sequence", 7),
        ]),
        Preset::Sonyflake => at(&[("time", ticks("time")), ("sequence", 3), ("machine", 2561)]),
    }
}

/// The position of the field with `role`, and that field.
pub fn field_of_role(layout: &BitLayout, role: FieldRole) -> Option<(usize, &Field)> {
    let position = layout.position_of_role(role)?;
    layout.field(position).map(|field| (position, field))
}

/// A table for a layout whose preset publishes none (or whose shard field no longer holds the
/// preset's): up to 4,096 shards on up to 8 pairs, evenly.
pub fn even_table(layout: &BitLayout) -> Option<ShardMap> {
    let (_, shard) = field_of_role(layout, FieldRole::Shard)?;
    let possible = 1u64.checked_shl(shard.width).unwrap_or(u64::MAX);
    let in_use = possible.min(DEFAULT_SHARDS_IN_USE);
    let pairs = in_use.min(DEFAULT_PAIRS);
    let size = in_use.checked_div(pairs)?;
    let ranges = (0..pairs)
        .map(|i| {
            let start = i.saturating_mul(size);
            let end = start.saturating_add(size.saturating_sub(1));
            ShardRange::new(start, end, HostPair::numbered(i.saturating_add(1)))
        })
        .collect();
    ShardMap::new(ranges).ok()
}

/// The table a layout starts with: its base preset's table when that fits the shard field, or an
/// even one. `None` for a layout without a shard field.
pub fn default_table(base: Preset, layout: &BitLayout) -> Option<ShardMap> {
    layout.position_of_role(FieldRole::Shard)?;
    base.shard_map()
        .filter(|map| map.check_against(layout).is_ok())
        .or_else(|| even_table(layout))
}

/// The rule for host names typed into the table, so that a table survives a trip through the URL
/// unescaped: letters, digits and `-`, as in a DNS label.
pub fn check_host_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a host needs a name".to_owned());
    }
    if let Some(ch) = name
        .chars()
        .find(|ch| !(ch.is_ascii_alphanumeric() || *ch == '-'))
    {
        return Err(format!(
            "host names use letters, digits and - (like a DNS label); {} is not allowed",
            describe_char(ch)
        ));
    }
    if name.chars().count() > shardlab_core::layout::MAX_HOST_NAME_CHARS {
        return Err(format!(
            "host names have at most {} characters",
            shardlab_core::layout::MAX_HOST_NAME_CHARS
        ));
    }
    Ok(())
}

/// One step of "Insert a new object", as shown to the reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What happens, e.g. "Pick a shard".
    pub title: String,
    /// The concrete numbers.
    pub detail: String,
}

/// The last generated ID and how it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// Counts inserts, so the view can restart its step animation for each one.
    pub serial: u64,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The composed ID.
    pub id: u64,
}

/// The last split, for the before → after panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitShown {
    /// Counts splits, so the highlight restarts each time.
    pub serial: u64,
    /// The ID at the time of the split (it does not change).
    pub id: u64,
    /// Its shard.
    pub shard: ShardId,
    /// The master that served it before.
    pub before: String,
    /// The master that serves it after.
    pub after: String,
    /// The shards that moved, inclusive.
    pub moved: (ShardId, ShardId),
    /// The pair that took them.
    pub to: HostPair,
    /// The index of the moved range in the new table.
    pub moved_index: usize,
}

/// A refused edit: what was typed and why it was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused<K> {
    /// Which input it was.
    pub key: K,
    /// The text that was refused, kept in the input so it can be fixed.
    pub text: String,
    /// The reason, in plain words.
    pub message: String,
}

/// The last error of each input, cleared by the next good edit of that input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Errors {
    /// The ID input.
    pub id: Option<String>,
    /// A field value editor (position).
    pub field: Option<Refused<usize>>,
    /// The layout editor.
    pub layout: Option<String>,
    /// A host cell of the table: (range index, true for the master).
    pub host: Option<Refused<(usize, bool)>>,
    /// The split action.
    pub split: Option<String>,
    /// The generator.
    pub generate: Option<String>,
    /// The last layout import.
    pub import: Option<String>,
    /// The time base editor: which part of which field's time base.
    pub time: Option<Refused<(usize, TimePart)>>,
}

/// One input of a timestamp field's time base.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimePart {
    /// Milliseconds per tick.
    Unit,
    /// The epoch as Unix milliseconds.
    EpochMs,
    /// The epoch as an ISO-8601 UTC date.
    EpochIso,
}

/// The longest time unit a layout takes (the core's limit, which an imported layout meets too).
pub use shardlab_core::layout::MAX_UNIT_MS;

/// Everything the Decoder shows.
#[derive(Clone, Debug, PartialEq)]
pub struct DecoderState {
    /// The preset the layout came from (the layout may have been edited since).
    pub base: Preset,
    /// The layout in use; always valid.
    pub layout: BitLayout,
    /// The ID on screen; the last valid one.
    pub id: u64,
    /// What the ID input holds (may be invalid; then `errors.id` says why).
    pub id_text: String,
    /// The config table, for layouts with a shard field.
    pub table: Option<ShardMap>,
    /// The per-(shard, type) counters, for layouts with shard, type and local fields.
    pub allocator: Option<IdAllocator>,
    /// The counter for time-based IDs' sequence field.
    pub sequence: u64,
    /// The generator's random state (SplitMix64).
    pub rng: u64,
    /// Errors next to their inputs.
    pub errors: Errors,
    /// Notes about something the view did on its own (a table reset, a bad link).
    pub notes: Vec<String>,
    /// The last split, if it concerns the current table.
    pub split: Option<SplitShown>,
    /// The last insert.
    pub generated: Option<Generated>,
    /// Counts splits and inserts.
    pub serial: u64,
}

impl Default for DecoderState {
    fn default() -> Self {
        DecoderState::for_preset(Preset::Pinterest)
    }
}

/// The allocator for a layout, with the Pinterest example's counter seeded so that the next Pin
/// on shard 3429 follows it.
fn allocator_for(layout: &BitLayout) -> Option<IdAllocator> {
    let mut allocator = IdAllocator::new(layout.clone()).ok()?;
    if *layout == Preset::Pinterest.layout() {
        let _ = allocator.set_next(3429, 1, 7_075_734);
    }
    Some(allocator)
}

impl DecoderState {
    /// A preset with its default ID and table.
    pub fn for_preset(preset: Preset) -> DecoderState {
        let id = default_id(preset);
        DecoderState::restored(preset, preset.layout(), id, None)
    }

    /// A state from its persistent parts (what the URL holds). `table` falls back to the default.
    pub fn restored(
        base: Preset,
        layout: BitLayout,
        id: u64,
        table: Option<ShardMap>,
    ) -> DecoderState {
        let table = table
            .filter(|t| t.check_against(&layout).is_ok())
            .or_else(|| default_table(base, &layout));
        DecoderState {
            base,
            allocator: allocator_for(&layout),
            layout,
            id,
            id_text: id.to_string(),
            table,
            sequence: 0,
            rng: RNG_SEED,
            errors: Errors::default(),
            notes: Vec::new(),
            split: None,
            generated: None,
            serial: 0,
        }
    }

    /// Whether the layout differs from its base preset's.
    pub fn layout_edited(&self) -> bool {
        self.layout != self.base.layout()
    }

    /// The table the layout would start with; the URL stores the table only when it differs.
    pub fn default_table(&self) -> Option<ShardMap> {
        default_table(self.base, &self.layout)
    }

    fn set_id(&mut self, id: u64) {
        self.id = id;
        self.id_text = id.to_string();
        self.errors.id = None;
        self.errors.field = None;
    }

    /// Puts a new layout in place, keeping the ID's bits and the table when it still fits.
    fn set_layout(&mut self, layout: BitLayout) {
        self.errors.layout = None;
        self.errors.time = None;
        self.errors.field = None;
        self.split = None;
        self.generated = None;
        self.notes.clear();
        let keeps_table = self
            .table
            .as_ref()
            .is_some_and(|t| t.check_against(&layout).is_ok());
        if !keeps_table {
            let had = self.table.is_some();
            self.table = default_table(self.base, &layout);
            if had {
                if let Some(table) = &self.table {
                    self.notes.push(format!(
                        "The old config table mapped shards the new shard field cannot hold, so it was replaced by shards 0–{} on {} pairs.",
                        table.last_shard(),
                        table.ranges().len()
                    ));
                }
            }
        }
        self.allocator = allocator_for(&layout);
        self.layout = layout;
    }

    fn next_random(&mut self) -> u64 {
        // SplitMix64: tiny, seeded and the same in every browser.
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::TypeId(text) => match parse_id(&text) {
                Ok(id) => self.set_id(id),
                Err(err) => {
                    self.id_text = text;
                    self.errors.id = Some(err.to_string());
                }
            },
            Action::ToggleBit(bit) => {
                if let Some(mask) = 1u64.checked_shl(bit) {
                    self.set_id(self.id ^ mask);
                }
            }
            Action::SetField { position, text } => self.set_field(position, text),
            Action::PickPreset(preset) => {
                let serial = self.serial;
                *self = DecoderState::for_preset(preset);
                self.serial = serial;
            }
            Action::MoveBoundary { position, bits } => {
                self.edit_layout(|layout| layout.move_boundary(position, bits))
            }
            Action::SetWidth { position, text } => match text.trim().parse::<u32>() {
                Ok(width) => self.edit_layout(|layout| layout.set_width(position, width)),
                Err(_) => {
                    self.errors.layout = Some(format!(
                        "a width is a whole number of bits, 1 … {ID_BITS}; {} is not",
                        quote(&text)
                    ))
                }
            },
            Action::RenameField { position, name } => {
                self.edit_layout(|layout| layout.rename_field(position, name.trim()))
            }
            Action::SetRole { position, role } => {
                self.edit_layout(|layout| layout.set_role(position, role))
            }
            Action::SetTimeBase {
                position,
                part,
                text,
            } => self.set_time_base(position, part, text),
            Action::ImportLayout(Ok(layout)) => {
                // A file that holds a preset's layout is that preset again.
                if let Some(preset) = Preset::ALL.into_iter().find(|p| p.layout() == layout) {
                    self.base = preset;
                }
                self.set_layout(layout);
                self.errors.import = None;
            }
            Action::ImportLayout(Err(message)) => self.errors.import = Some(message),
            Action::AddField => self.add_field(),
            Action::RemoveField(position) => {
                self.edit_layout(|layout| layout.remove_field(position))
            }
            Action::SetHost {
                index,
                master,
                name,
            } => self.set_host(index, master, name),
            Action::SplitCurrent => self.split_current(),
            Action::ResetTable => {
                self.table = self.default_table();
                self.split = None;
                self.errors.host = None;
                self.errors.split = None;
            }
            Action::Insert {
                shard,
                type_id,
                now_ms,
            } => self.insert(shard, type_id, now_ms),
            Action::Restore(state) => *self = *state,
        }
    }

    fn edit_layout(
        &mut self,
        edit: impl FnOnce(&BitLayout) -> Result<BitLayout, shardlab_core::layout::LayoutError>,
    ) {
        match edit(&self.layout) {
            Ok(layout) => self.set_layout(layout),
            Err(err) => self.errors.layout = Some(format!("Not applied: {err}.")),
        }
    }

    /// Reads one part of a timestamp field's time base and applies it, or keeps the layout and
    /// says why not.
    fn set_time_base(&mut self, position: usize, part: TimePart, text: String) {
        let Some(field) = self.layout.field(position) else {
            return;
        };
        let Some(current) = field.time else {
            return;
        };
        let name = field.name.clone();
        let trimmed = text.trim();
        let read = match part {
            TimePart::Unit => match trimmed.parse::<u64>() {
                Ok(unit_ms) if (1..=MAX_UNIT_MS).contains(&unit_ms) => Ok(TimeBase {
                    unit_ms,
                    ..current
                }),
                _ => Err(format!(
                    "A tick of {name} lasts a whole number of milliseconds, 1 … {MAX_UNIT_MS} (one day); {} is not.",
                    quote(trimmed)
                )),
            },
            // A plain number, not an ID: the ID parser's wording ("hex IDs start with 0x") would
            // be about something else.
            TimePart::EpochMs => match trimmed.parse::<u64>() {
                Ok(epoch_ms) => Ok(TimeBase {
                    epoch_ms,
                    ..current
                }),
                Err(_) => Err(format!(
                    "An epoch in Unix ms is a whole number, 0 (1970-01-01) … {}; {} is not.",
                    thousands(u64::MAX),
                    quote(trimmed)
                )),
            },
            TimePart::EpochIso => match parse_iso_utc(trimmed) {
                Ok(epoch_ms) => Ok(TimeBase {
                    epoch_ms,
                    ..current
                }),
                Err(err) => Err(format!("Not applied: {err}.")),
            },
        };
        let refuse = |message: String| Refused {
            key: (position, part),
            text: text.clone(),
            message,
        };
        let time = match read {
            Ok(time) => time,
            Err(message) => {
                self.errors.time = Some(refuse(message));
                return;
            }
        };
        if time == current {
            self.errors.time = None;
            return;
        }
        // An epoch whose ticks would run past the largest Unix ms could not be decoded.
        let ticks_max = field.max_value();
        if time.unix_ms(ticks_max).is_none() {
            self.errors.time = Some(refuse(format!(
                "Not applied: {ticks_max} ticks of {} ms after {} would pass the largest time this page can show ({}).",
                time.unit_ms,
                format_unix_ms(time.epoch_ms),
                format_unix_ms(u64::MAX)
            )));
            return;
        }
        match self.layout.set_time_base(position, time) {
            Ok(layout) => self.set_layout(layout),
            Err(err) => self.errors.time = Some(refuse(format!("Not applied: {err}."))),
        }
    }

    fn add_field(&mut self) {
        let free = self.layout.unused_top_bits();
        if free == 0 {
            self.errors.layout = Some(
                "Not applied: all 64 bits belong to fields. Narrow or remove a field to free bits at the top first."
                    .to_owned(),
            );
            return;
        }
        let name = (1..=self.layout.field_count().saturating_add(1))
            .map(|n| format!("field{n}"))
            .find(|name| {
                !self
                    .layout
                    .fields()
                    .iter()
                    .any(|f| f.name.eq_ignore_ascii_case(name))
            })
            .unwrap_or_else(|| "extra".to_owned());
        let field = Field::new(name, free, FieldRole::Other);
        self.edit_layout(|layout| layout.insert_field(0, field));
    }

    fn set_field(&mut self, position: usize, text: String) {
        let refuse = |message: String| Refused {
            key: position,
            text: text.clone(),
            message,
        };
        let Some(field) = self.layout.field(position) else {
            return;
        };
        let range = format!("0 … {}", field.max_value());
        let value = match parse_id(&text) {
            Ok(value) => value,
            Err(err) => {
                self.errors.field = Some(refuse(format!("{} holds {range}; {err}", field.name)));
                return;
            }
        };
        let mut values = self.layout.decompose(self.id);
        if let Some(slot) = values.get_mut(position) {
            *slot = value;
        }
        // Keep any set bits above the fields: they are part of the ID on screen.
        let top = self.id & self.layout.unused_top_mask();
        match self.layout.compose(&values) {
            Ok(id) => self.set_id(id | top),
            Err(_) => {
                self.errors.field = Some(refuse(format!(
                    "{value} does not fit: {} has {} bits, so it holds {range}",
                    field.name, field.width
                )))
            }
        }
    }

    fn set_host(&mut self, index: usize, master: bool, name: String) {
        let Some(table) = &self.table else { return };
        let name = name.trim().to_owned();
        let refuse = |message: String| Refused {
            key: (index, master),
            text: name.clone(),
            message,
        };
        if let Err(message) = check_host_name(&name) {
            self.errors.host = Some(refuse(format!("Not applied: {message}.")));
            return;
        }
        let Some(range) = table.ranges().get(index) else {
            return;
        };
        let hosts = if master {
            HostPair::new(name.clone(), range.hosts.standby.clone())
        } else {
            HostPair::new(range.hosts.master.clone(), name.clone())
        };
        if hosts == range.hosts {
            self.errors.host = None;
            return;
        }
        match table.set_hosts(index, hosts) {
            Ok(table) => {
                self.table = Some(table);
                self.errors.host = None;
                self.split = None;
            }
            Err(err) => self.errors.host = Some(refuse(format!("Not applied: {err}."))),
        }
    }

    fn split_current(&mut self) {
        let Some(table) = &self.table else { return };
        let location = match table.locate(&self.layout, self.id) {
            Ok(location) => location,
            Err(err) => {
                self.errors.split = Some(format!("Nothing to split: {err}."));
                return;
            }
        };
        let Some(index) = table.range_index_of(location.shard) else {
            return;
        };
        match table.split(index) {
            Ok(split) => {
                let after = split
                    .map
                    .host_of(location.shard)
                    .map(|pair| pair.master.clone())
                    .unwrap_or_default();
                self.serial = self.serial.wrapping_add(1);
                self.split = Some(SplitShown {
                    serial: self.serial,
                    id: self.id,
                    shard: location.shard,
                    before: location.hosts.master,
                    after,
                    moved: (split.moved_start, split.moved_end),
                    to: split.to,
                    moved_index: split.moved_index,
                });
                self.table = Some(split.map);
                self.errors.split = None;
                self.errors.host = None;
            }
            Err(err) => self.errors.split = Some(format!("Not split: {err}.")),
        }
    }

    fn insert(&mut self, shard: Option<u64>, type_id: u64, now_ms: Option<u64>) {
        self.errors.generate = None;
        let result = if self.allocator.is_some() {
            self.insert_counted(shard, type_id)
        } else if field_of_role(&self.layout, FieldRole::Timestamp).is_some() {
            self.insert_timed(shard, now_ms)
        } else {
            Err("Generating an ID needs shard, type and local fields, or a timestamp field. This layout has neither.".to_owned())
        };
        match result {
            Ok((id, steps)) => {
                self.serial = self.serial.wrapping_add(1);
                self.generated = Some(Generated {
                    serial: self.serial,
                    steps,
                    id,
                });
                self.set_id(id);
            }
            Err(message) => self.errors.generate = Some(message),
        }
    }

    /// A shard from the table (at random when `chosen` is `None`).
    fn pick_shard(&mut self, chosen: Option<u64>, steps: &mut Vec<Step>) -> Option<u64> {
        let last = self.table.as_ref().map(ShardMap::last_shard)?;
        let shard = match chosen {
            Some(shard) => {
                steps.push(Step {
                    title: "Pick a shard".to_owned(),
                    detail: format!("You chose shard {shard}."),
                });
                shard
            }
            None => {
                // `last + 1` shards, saturating: the table's last shard is below u64::MAX anyway.
                let shard = self
                    .next_random()
                    .checked_rem(last.saturating_add(1))
                    .unwrap_or(0);
                steps.push(Step {
                    title: "Pick a shard".to_owned(),
                    detail: format!(
                        "A seeded random draw picks shard {shard} of the {} in the table.",
                        last.saturating_add(1)
                    ),
                });
                shard
            }
        };
        Some(shard)
    }

    fn insert_counted(
        &mut self,
        chosen: Option<u64>,
        type_id: u64,
    ) -> Result<(u64, Vec<Step>), String> {
        let mut steps = Vec::new();
        let shard = self
            .pick_shard(chosen, &mut steps)
            .ok_or_else(|| "there is no config table to pick a shard from".to_owned())?;
        let host = self
            .table
            .as_ref()
            .and_then(|t| t.host_of(shard))
            .map(|pair| pair.master.clone())
            .ok_or_else(|| format!("shard {shard} is not in the config table"))?;
        let allocator = self
            .allocator
            .as_mut()
            .ok_or_else(|| "this layout cannot allocate IDs".to_owned())?;
        let allocated = allocator
            .insert(shard, type_id)
            .map_err(|err| format!("Not inserted: {err}."))?;
        let table = shardlab_core::layout::table_for_type(type_id);
        steps.push(Step {
            title: "Insert the row".to_owned(),
            detail: format!(
                "INSERT INTO {table} … on {host}, database {}.",
                shardlab_core::layout::database_name(shard)
            ),
        });
        steps.push(Step {
            title: "Take the auto-increment local ID".to_owned(),
            detail: format!(
                "MySQL hands back local ID {} (the counter of shard {shard}, type {type_id}).",
                allocated.local
            ),
        });
        steps.push(Step {
            title: "Compose the ID".to_owned(),
            detail: compose_line(&self.layout, allocated.id),
        });
        Ok((allocated.id, steps))
    }

    fn insert_timed(
        &mut self,
        chosen_shard: Option<u64>,
        now_ms: Option<u64>,
    ) -> Result<(u64, Vec<Step>), String> {
        let now_ms = now_ms.ok_or_else(|| "the clock could not be read".to_owned())?;
        let mut steps = Vec::new();
        let mut values = vec![0u64; self.layout.field_count()];
        let fields: Vec<Field> = self.layout.fields().to_vec();
        for (position, field) in fields.iter().enumerate() {
            let value = match field.role {
                FieldRole::Timestamp => {
                    let base = field.time.unwrap_or(TimeBase::UNIX_MS);
                    let ticks = base
                        .ticks_at(now_ms)
                        .map_err(|err| format!("Not generated: {err}."))?;
                    steps.push(Step {
                        title: "Read the clock".to_owned(),
                        detail: format!(
                            "Now is {} = Unix ms {now_ms}; that is {ticks} ticks of {} ms since the epoch.",
                            shardlab_core::layout::format_unix_ms(now_ms),
                            base.unit_ms
                        ),
                    });
                    ticks
                }
                FieldRole::Shard => self
                    .pick_shard(chosen_shard, &mut steps)
                    .unwrap_or_else(|| self.next_random() & field.max_value()),
                FieldRole::Sequence => {
                    let value = self.sequence & field.max_value();
                    self.sequence = self.sequence.wrapping_add(1);
                    steps.push(Step {
                        title: format!("Take the next {}", field.name),
                        detail: format!(
                            "The counter gives {value}; it tells apart IDs made in the same tick."
                        ),
                    });
                    value
                }
                FieldRole::Worker => {
                    let value = self.next_random() & field.max_value();
                    steps.push(Step {
                        title: format!("Name the {}", field.name),
                        detail: format!("This generator is {} {value}.", field.name),
                    });
                    value
                }
                _ => 0,
            };
            if let Some(slot) = values.get_mut(position) {
                *slot = value;
            }
        }
        let id = self
            .layout
            .compose(&values)
            .map_err(|err| format!("Not generated: {err}."))?;
        steps.push(Step {
            title: "Compose the ID".to_owned(),
            detail: compose_line(&self.layout, id),
        });
        Ok((id, steps))
    }
}

/// "(3429 << 46) | (1 << 36) | 7075733 = 241294492511762325", skipping zero fields.
pub fn compose_line(layout: &BitLayout, id: u64) -> String {
    let decoded = layout.decode(id);
    let terms: Vec<String> = decoded
        .fields
        .iter()
        .filter(|f| f.value != 0)
        .map(|f| {
            if f.shift == 0 {
                f.value.to_string()
            } else {
                format!("({} << {})", f.value, f.shift)
            }
        })
        .collect();
    if terms.is_empty() {
        format!("every field is 0, so the ID is {id}")
    } else {
        format!("{} = {id}", terms.join(" | "))
    }
}

/// What the reader can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The ID input changed.
    TypeId(String),
    /// Flip bit `n` (0 = least significant).
    ToggleBit(u32),
    /// A field value editor changed.
    SetField {
        /// The field's position.
        position: usize,
        /// What was typed.
        text: String,
    },
    /// Switch to a preset's layout, ID and table.
    PickPreset(Preset),
    /// Move the boundary below field `position` by `bits` (positive: the upper field grows).
    MoveBoundary {
        /// The upper field's position.
        position: usize,
        /// How many bits.
        bits: i32,
    },
    /// Set a field's width.
    SetWidth {
        /// The field's position.
        position: usize,
        /// What was typed.
        text: String,
    },
    /// Rename a field.
    RenameField {
        /// The field's position.
        position: usize,
        /// The new name.
        name: String,
    },
    /// Set a field's role.
    SetRole {
        /// The field's position.
        position: usize,
        /// The new role.
        role: FieldRole,
    },
    /// Set one part of a timestamp field's time base.
    SetTimeBase {
        /// The field's position.
        position: usize,
        /// Which part.
        part: TimePart,
        /// What was typed.
        text: String,
    },
    /// A layout file was read: the layout, or why it was refused.
    ImportLayout(Result<BitLayout, String>),
    /// Add a field in the free top bits.
    AddField,
    /// Remove a field.
    RemoveField(usize),
    /// Rename a host in the table.
    SetHost {
        /// The range's index.
        index: usize,
        /// True for the master, false for the standby.
        master: bool,
        /// The new name.
        name: String,
    },
    /// Split the range holding the current ID's shard.
    SplitCurrent,
    /// Put the default table back.
    ResetTable,
    /// Insert a new object.
    Insert {
        /// The reader's shard, or `None` for a random one.
        shard: Option<u64>,
        /// The object type (ignored by time-based layouts).
        type_id: u64,
        /// The current Unix time in ms, for time-based layouts.
        now_ms: Option<u64>,
    },
    /// Replace the whole state (from the URL).
    Restore(Box<DecoderState>),
}

impl Reducible for DecoderState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reduce(state: DecoderState, action: Action) -> DecoderState {
        (*Rc::new(state).reduce(action)).clone()
    }

    fn shard(state: &DecoderState) -> u64 {
        state
            .layout
            .decode(state.id)
            .value_of_role(FieldRole::Shard)
            .unwrap()
    }

    #[test]
    fn opens_on_the_pinterest_example() {
        let state = DecoderState::default();
        assert_eq!(state.id, EXAMPLE_PIN);
        assert_eq!(shard(&state), 3429);
        let location = state
            .table
            .as_ref()
            .unwrap()
            .locate(&state.layout, state.id)
            .unwrap();
        assert_eq!(location.hosts.master, "MySQL007A");
    }

    #[test]
    fn a_bad_id_keeps_the_last_good_one() {
        let state = reduce(DecoderState::default(), Action::TypeId("12x".into()));
        assert_eq!(state.id, EXAMPLE_PIN);
        assert_eq!(state.id_text, "12x");
        assert!(state.errors.id.as_deref().unwrap().contains("'x'"));
        let state = reduce(state, Action::TypeId("0x10".into()));
        assert_eq!(state.id, 16);
        assert_eq!(state.errors.id, None);
    }

    #[test]
    fn bit_46_is_the_lowest_shard_bit() {
        let state = reduce(DecoderState::default(), Action::ToggleBit(46));
        assert_eq!(shard(&state), 3428);
        assert_eq!(
            reduce(state, Action::ToggleBit(64)).id,
            EXAMPLE_PIN ^ (1 << 46)
        );
    }

    #[test]
    fn a_field_value_that_does_not_fit_is_refused() {
        let state = reduce(
            DecoderState::default(),
            Action::SetField {
                position: 1,
                text: "70000".into(),
            },
        );
        assert_eq!(state.id, EXAMPLE_PIN);
        let refused = state.errors.field.unwrap();
        assert!(refused.message.contains("0 … 65535"), "{}", refused.message);
        let state = reduce(
            DecoderState::default(),
            Action::SetField {
                position: 1,
                text: "1".into(),
            },
        );
        assert_eq!(shard(&state), 1);
    }

    #[test]
    fn a_split_moves_the_host_and_keeps_the_id() {
        let state = reduce(DecoderState::default(), Action::SplitCurrent);
        assert_eq!(state.id, EXAMPLE_PIN);
        let split = state.split.clone().unwrap();
        assert_eq!(split.before, "MySQL007A");
        assert_eq!(split.after, "MySQL009A");
        assert_eq!(split.moved, (3328, 3583));
    }

    #[test]
    fn a_narrow_shard_field_gets_a_table_that_fits() {
        let state = reduce(
            DecoderState::default(),
            Action::MoveBoundary {
                position: 0,
                bits: 6,
            },
        );
        // shard is now 10 bits: the 4,096-shard table no longer fits.
        let table = state.table.unwrap();
        assert_eq!(table.last_shard(), 1023);
        assert_eq!(state.notes.len(), 1);
    }

    #[test]
    fn an_invalid_layout_is_not_applied() {
        let state = reduce(
            DecoderState::default(),
            Action::MoveBoundary {
                position: 1,
                bits: -16,
            },
        );
        assert_eq!(state.layout, Preset::Pinterest.layout());
        assert!(state.errors.layout.is_some());
        let state = reduce(state, Action::AddField);
        assert!(state.errors.layout.unwrap().contains("64 bits"));
    }

    #[test]
    fn host_names_are_checked() {
        let state = reduce(
            DecoderState::default(),
            Action::SetHost {
                index: 0,
                master: true,
                name: "a b".into(),
            },
        );
        assert!(state.errors.host.is_some());
        let state = reduce(
            state,
            Action::SetHost {
                index: 0,
                master: true,
                name: "MySQL001B".into(),
            },
        );
        assert!(state.errors.host.unwrap().message.contains("own standby"));
    }

    #[test]
    fn inserting_follows_the_example_pin() {
        let state = reduce(
            DecoderState::default(),
            Action::Insert {
                shard: Some(3429),
                type_id: 1,
                now_ms: None,
            },
        );
        assert_eq!(state.id, EXAMPLE_PIN + 1);
        assert_eq!(state.generated.unwrap().steps.len(), 4);
    }

    #[test]
    fn time_based_presets_generate_from_the_clock() {
        let state = reduce(
            DecoderState::for_preset(Preset::Snowflake),
            Action::Insert {
                shard: None,
                type_id: 1,
                now_ms: Some(1_656_432_460_105),
            },
        );
        let time = state.layout.decode(state.id).time().cloned().unwrap();
        assert_eq!(time.unix_ms, 1_656_432_460_105);
    }

    #[test]
    fn the_time_base_is_edited_and_bad_values_are_refused() {
        let state = DecoderState::for_preset(Preset::Snowflake);
        let position = state.layout.position_of("timestamp").unwrap();
        let before = state.layout.decode(state.id).time().cloned().unwrap();
        let set = |state: DecoderState, part, text: &str| {
            reduce(
                state,
                Action::SetTimeBase {
                    position,
                    part,
                    text: text.into(),
                },
            )
        };
        // Moving the epoch one day later moves the decoded time one day later; the ID stays.
        let later = set(
            state.clone(),
            TimePart::EpochIso,
            "2010-11-05T01:42:54.657Z",
        );
        let time = later.layout.decode(later.id).time().cloned().unwrap();
        assert_eq!(time.unix_ms, before.unix_ms + 86_400_000);
        assert_eq!(later.id, state.id);
        assert!(later.layout_edited());
        let unit = set(later.clone(), TimePart::Unit, "10");
        assert_eq!(
            unit.layout.field(position).unwrap().time.unwrap().unit_ms,
            10
        );
        let ms = set(unit, TimePart::EpochMs, "0");
        assert_eq!(ms.layout.field(position).unwrap().time.unwrap().epoch_ms, 0);

        for (part, bad) in [
            (TimePart::Unit, "0"),
            (TimePart::Unit, "1.5"),
            (TimePart::Unit, "86400001"),
            (TimePart::EpochMs, "-5"),
            (TimePart::EpochMs, "soon"),
            (TimePart::EpochIso, "2015-02-30"),
            (TimePart::EpochIso, "1969-01-01"),
            (TimePart::EpochMs, "18446744073709551615"),
        ] {
            let refused = set(later.clone(), part, bad);
            assert_eq!(refused.layout, later.layout, "{bad}");
            let error = refused.errors.time.unwrap();
            assert_eq!(error.key, (position, part), "{bad}");
            assert_eq!(error.text, bad);
            assert!(!error.message.is_empty());
        }
        // A good edit clears the error.
        let refused = set(later.clone(), TimePart::Unit, "0");
        assert!(set(refused, TimePart::Unit, "2").errors.time.is_none());
    }

    #[test]
    fn an_imported_layout_applies_and_a_refused_one_changes_nothing() {
        let state = DecoderState::default();
        let refused = reduce(state.clone(), Action::ImportLayout(Err("bad".into())));
        assert_eq!(refused.layout, state.layout);
        assert_eq!(refused.id, state.id);
        assert_eq!(refused.errors.import.as_deref(), Some("bad"));
        let edited = state.layout.move_boundary(1, 2).unwrap();
        let applied = reduce(refused, Action::ImportLayout(Ok(edited.clone())));
        assert_eq!(applied.layout, edited);
        assert_eq!(applied.id, state.id);
        assert!(applied.errors.import.is_none());
        let snowflake = reduce(
            applied,
            Action::ImportLayout(Ok(Preset::Snowflake.layout())),
        );
        assert_eq!(snowflake.base, Preset::Snowflake);
        assert!(!snowflake.layout_edited());
    }

    #[test]
    fn every_preset_opens_on_a_valid_nonzero_id() {
        for preset in Preset::ALL {
            let state = DecoderState::for_preset(preset);
            assert_ne!(state.id, 0, "{preset}");
            assert!(
                state.layout.decode(state.id).warnings.is_empty(),
                "{preset}"
            );
        }
    }
}

#[cfg(test)]
mod generator_transcript {
    //! What "Insert a new object" showed before the generator moved into the core, captured from
    //! the app's own reducer: every number and sentence a reader sees must stay the same.
    use super::*;

    fn run(
        state: DecoderState,
        inserts: &[(Option<u64>, u64, Option<u64>)],
    ) -> (DecoderState, String) {
        let mut out = String::new();
        let mut state = state;
        for &(shard, type_id, now_ms) in inserts {
            state = (*Rc::new(state).reduce(Action::Insert {
                shard,
                type_id,
                now_ms,
            }))
            .clone();
            out.push_str(&format!(
                "insert shard={shard:?} type={type_id} now={now_ms:?}\n"
            ));
            match (&state.errors.generate, &state.generated) {
                (Some(error), _) => out.push_str(&format!("  error: {error}\n")),
                (None, Some(generated)) => {
                    out.push_str(&format!(
                        "  id {} serial {}\n",
                        generated.id, generated.serial
                    ));
                    for step in &generated.steps {
                        out.push_str(&format!("  - {} | {}\n", step.title, step.detail));
                    }
                }
                (None, None) => out.push_str("  nothing\n"),
            }
        }
        (state, out)
    }

    pub(super) fn transcript() -> String {
        let now = Some(1_656_432_460_105);
        let mut out = String::new();
        let pinterest = [
            (None, 1, None),
            (None, 2, None),
            (None, 3, None),
            (Some(3429), 1, None),
            (Some(3429), 1, None),
            (Some(5000), 1, None),
            (None, 9, None),
            (None, 1, None),
        ];
        out.push_str("# pinterest\n");
        out.push_str(&run(DecoderState::default(), &pinterest).1);
        for preset in [
            Preset::Instagram,
            Preset::Snowflake,
            Preset::Discord,
            Preset::Sonyflake,
        ] {
            out.push_str(&format!("# {preset}\n"));
            let inserts = [
                (None, 1, now),
                (None, 1, now),
                (Some(5), 1, now),
                (None, 1, None),
                (None, 1, Some(0)),
                (Some(u64::MAX), 1, now),
                (None, 1, now.map(|n| n + 1)),
            ];
            out.push_str(&run(DecoderState::for_preset(preset), &inserts).1);
        }
        // An edited Pinterest layout: a narrower shard field gets an even table.
        let narrow = reduce_all(
            DecoderState::default(),
            [Action::MoveBoundary {
                position: 0,
                bits: 6,
            }],
        );
        out.push_str("# pinterest, 10-bit shard\n");
        out.push_str(
            &run(
                narrow,
                &[(None, 1, None), (None, 2, None), (Some(1023), 1, None)],
            )
            .1,
        );
        // A layout with neither rule.
        let neither = reduce_all(
            DecoderState::default(),
            [Action::SetRole {
                position: 1,
                role: FieldRole::Other,
            }],
        );
        out.push_str("# no rule\n");
        out.push_str(&run(neither, &[(None, 1, now)]).1);
        // A timestamp layout whose shard field has no table: a worker-like random draw.
        let timed_shard = reduce_all(
            DecoderState::for_preset(Preset::Snowflake),
            [Action::SetRole {
                position: 2,
                role: FieldRole::Shard,
            }],
        );
        out.push_str("# snowflake with a shard field\n");
        out.push_str(
            &run(
                timed_shard,
                &[(None, 1, now), (None, 1, now), (Some(3), 1, now)],
            )
            .1,
        );
        out
    }

    fn reduce_all(state: DecoderState, actions: impl IntoIterator<Item = Action>) -> DecoderState {
        actions.into_iter().fold(state, |state, action| {
            (*Rc::new(state).reduce(action)).clone()
        })
    }

    #[test]
    fn the_generator_shows_what_it_showed_before_the_move() {
        let expected = include_str!("testdata/generator_transcript.txt");
        let got = transcript();
        if got != expected {
            let _ = std::fs::write("/tmp/generator_transcript.txt", &got);
        }
        assert_eq!(got, expected);
    }
}
