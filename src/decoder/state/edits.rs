//! The reducer's longer arms: a time base, a field value, a host name, a split and an insert.
//! Each asks the core and words what it refuses.

use shardlab_core::layout::{
    check_host_name, parse_id, parse_iso_utc, HostPair, InsertRequest, TimeBase, ID_BITS,
    MAX_UNIT_MS,
};
use shardlab_core::text::{quote, thousands};

use super::{DecoderState, Generated, Refused, SplitShown, TimePart};

impl DecoderState {
    /// Reads one part of a timestamp field's time base and applies it, or keeps the layout and
    /// says why not.
    pub(super) fn set_time_base(&mut self, position: usize, part: TimePart, text: String) {
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
                Ok(unit_ms) if TimeBase::unit_allowed(unit_ms) => Ok(TimeBase { unit_ms, ..current }),
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
        // The core's rule: the field's last tick must still have a time.
        if let Err(err) = time.check_span(field.max_value()) {
            self.errors.time = Some(refuse(format!("Not applied: {err}.")));
            return;
        }
        match self.layout.set_time_base(position, time) {
            Ok(layout) => self.set_layout(layout),
            Err(err) => self.errors.time = Some(refuse(format!("Not applied: {err}."))),
        }
    }

    pub(super) fn add_field(&mut self) {
        let Some(field) = self.layout.top_field() else {
            self.errors.layout = Some(format!(
                "Not applied: all {ID_BITS} bits belong to fields. Narrow or remove a field to free bits at the top first."
            ));
            return;
        };
        self.edit_layout(|layout| layout.insert_field(0, field));
    }

    pub(super) fn set_field(&mut self, position: usize, text: String) {
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

    pub(super) fn set_host(&mut self, index: usize, master: bool, name: String) {
        let Some(table) = &self.table else { return };
        let name = name.trim().to_owned();
        let refuse = |message: String| Refused {
            key: (index, master),
            text: name.clone(),
            message,
        };
        if let Err(why) = check_host_name(&name) {
            self.errors.host = Some(refuse(format!("Not applied: {why}.")));
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

    pub(super) fn split_current(&mut self) {
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

    pub(super) fn insert(&mut self, shard: Option<u64>, type_id: u64, now_ms: Option<u64>) {
        self.errors.generate = None;
        let request = InsertRequest {
            shard,
            type_id,
            now_ms,
        };
        let made = self.generator.generate(
            &self.layout,
            self.table.as_ref(),
            self.allocator.as_mut(),
            request,
        );
        match made {
            Ok(made) => {
                self.serial = self.serial.wrapping_add(1);
                self.generated = Some(Generated {
                    serial: self.serial,
                    steps: made.steps,
                    id: made.id,
                });
                self.set_id(made.id);
            }
            Err(err) => self.errors.generate = Some(err.to_string()),
        }
    }
}
