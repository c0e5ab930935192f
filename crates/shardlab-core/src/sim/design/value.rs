//! One knob's value, read and set: the getter the settings panel shows and the setter its controls
//! call, both checked against the settings table ([`super::SettingSpec`]) the validator reads.
//!
//! The setter takes a parsed value, not text: the board parses numbers with the browser's
//! `parseFloat`, so Rust's float parser stays out of its page. A refusal comes back as a
//! [`SetError`] that the caller words.

use super::{
    CacheEngine, CacheStrategy, Choice, DbEngine, InstanceSize, NodeKind, NodeSettings,
    NumberRange, Replication, Setting, ShardKey,
};

/// A value for one setting, as the caller read it from its control.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SettingValue<'a> {
    /// A number, for a number-valued setting (a whole one refuses a fraction).
    Number(f64),
    /// One of the choices' values ([`Choice::value`]), for a choice-valued setting.
    Choice(&'a str),
    /// Text that did not read as a number, for a number-valued setting.
    NotANumber,
}

/// Why a setting kept its value.
#[derive(Clone, Debug, PartialEq)]
pub enum SetError {
    /// This kind of node has no such setting.
    NotOnThisKind,
    /// The setting takes a number and none was given.
    NotANumber {
        /// What it accepts.
        range: NumberRange,
    },
    /// The number is outside the accepted range (NaN always is).
    OutOfRange {
        /// What it accepts.
        range: NumberRange,
    },
    /// The setting takes a whole number.
    NotWhole,
    /// The value is not one of the setting's choices.
    UnknownChoice {
        /// The choices it offers.
        choices: &'static [Choice],
    },
}

fn on_off(flag: bool) -> String {
    if flag { "on" } else { "off" }.to_string()
}

impl NodeSettings {
    /// The current value of `setting` as display text (a choice's value, or the number), or
    /// `None` if this kind has no such setting.
    pub fn value_text(&self, setting: Setting) -> Option<String> {
        match (self, setting) {
            (NodeSettings::Users(u), Setting::UserCount) => Some(u.count.to_string()),
            (NodeSettings::Users(u), Setting::RequestsPerUser) => {
                Some(u.requests_per_user_per_s.to_string())
            }
            (NodeSettings::Users(u), Setting::ReadFraction) => Some(u.read_fraction.to_string()),
            (NodeSettings::Users(u), Setting::ZipfExponent) => Some(u.zipf_exponent.to_string()),
            (NodeSettings::Users(u), Setting::CatalogueObjects) => {
                Some(u.catalogue_objects.to_string())
            }
            (NodeSettings::Users(u), Setting::UserSkew) => Some(u.user_skew.to_string()),
            (NodeSettings::Users(u), Setting::ApdexT) => Some(u.apdex_t_ms.to_string()),
            (NodeSettings::AppServer(a), Setting::AppSize) => Some(a.size.name().to_string()),
            (NodeSettings::AppServer(a), Setting::Copies) => Some(a.copies.to_string()),
            (NodeSettings::AppServer(a), Setting::QueueBound) => Some(a.queue_bound.to_string()),
            (NodeSettings::AppServer(a), Setting::TimeoutMs) => Some(a.timeout_ms.to_string()),
            (NodeSettings::Cache(c), Setting::CacheEngine) => Some(c.engine.name().to_string()),
            (NodeSettings::Cache(c), Setting::CacheStrategy) => Some(c.strategy.name().to_string()),
            (NodeSettings::Cache(c), Setting::CacheTtl) => Some(c.ttl_s.to_string()),
            (NodeSettings::Cache(c), Setting::CacheSize) => Some(c.size.name().to_string()),
            (NodeSettings::Database(d), Setting::DbEngine) => Some(d.engine.name().to_string()),
            (NodeSettings::Database(d), Setting::Shards) => Some(d.shards.to_string()),
            (NodeSettings::Database(d), Setting::ShardKey) => Some(d.shard_key.name().to_string()),
            (NodeSettings::Database(d), Setting::DbSize) => Some(d.size.name().to_string()),
            (NodeSettings::Database(d), Setting::Standby) => Some(on_off(d.standby)),
            (NodeSettings::Database(d), Setting::AutoFailover) => Some(on_off(d.auto_failover)),
            (NodeSettings::Database(d), Setting::ReadReplicas) => Some(d.read_replicas.to_string()),
            (NodeSettings::Database(d), Setting::Replication) => {
                Some(d.replication.name().to_string())
            }
            (NodeSettings::Database(d), Setting::FailoverDetect) => {
                Some(d.failover_detect_s.to_string())
            }
            (NodeSettings::Database(d), Setting::FailoverPromote) => {
                Some(d.failover_promote_s.to_string())
            }
            (NodeSettings::Database(d), Setting::RowBytes) => Some(d.row_bytes.to_string()),
            (NodeSettings::Database(d), Setting::CopyThrottle) => Some(d.copy_mb_s.to_string()),
            // Every kind is named, so a new kind must say which settings it has.
            (
                NodeSettings::Users(_)
                | NodeSettings::LoadBalancer
                | NodeSettings::AppServer(_)
                | NodeSettings::Cache(_)
                | NodeSettings::Database(_),
                _,
            ) => None,
        }
    }

    /// Sets `setting` to `value`, checked against the settings table; on a refusal nothing
    /// changes.
    pub fn set(&mut self, setting: Setting, value: SettingValue<'_>) -> Result<(), SetError> {
        if setting.kind() != self.kind() {
            return Err(SetError::NotOnThisKind);
        }
        match (setting.range(), value) {
            (Some(range), SettingValue::Number(number)) => {
                self.set_number(setting, checked(range, number)?)
            }
            (Some(range), SettingValue::Choice(_) | SettingValue::NotANumber) => {
                Err(SetError::NotANumber { range })
            }
            (None, SettingValue::Choice(text)) => self.set_choice(setting, text),
            (None, SettingValue::Number(_) | SettingValue::NotANumber) => {
                Err(SetError::UnknownChoice {
                    choices: setting.choices(),
                })
            }
        }
    }

    /// Stores a number already checked against `setting`'s range.
    fn set_number(&mut self, setting: Setting, value: f64) -> Result<(), SetError> {
        // A whole setting's value is whole and within 0 … 1,000,000 here, so the cast is exact.
        let whole = value as u32;
        use Setting::*;
        match self {
            NodeSettings::Users(u) => match setting {
                UserCount => u.count = whole,
                RequestsPerUser => u.requests_per_user_per_s = value,
                ReadFraction => u.read_fraction = value,
                ZipfExponent => u.zipf_exponent = value,
                CatalogueObjects => u.catalogue_objects = whole,
                UserSkew => u.user_skew = value,
                ApdexT => u.apdex_t_ms = value,
                _ => return Err(SetError::NotOnThisKind),
            },
            NodeSettings::LoadBalancer => return Err(SetError::NotOnThisKind),
            NodeSettings::AppServer(a) => match setting {
                Copies => a.copies = whole,
                QueueBound => a.queue_bound = whole,
                TimeoutMs => a.timeout_ms = whole,
                _ => return Err(SetError::NotOnThisKind),
            },
            NodeSettings::Cache(c) => match setting {
                CacheTtl => c.ttl_s = whole,
                _ => return Err(SetError::NotOnThisKind),
            },
            NodeSettings::Database(d) => match setting {
                Shards => d.shards = whole,
                ReadReplicas => d.read_replicas = whole,
                FailoverDetect => d.failover_detect_s = whole,
                FailoverPromote => d.failover_promote_s = whole,
                RowBytes => d.row_bytes = whole,
                CopyThrottle => d.copy_mb_s = whole,
                _ => return Err(SetError::NotOnThisKind),
            },
        }
        Ok(())
    }

    /// Stores the choice named `text`, if `setting` offers it.
    fn set_choice(&mut self, setting: Setting, text: &str) -> Result<(), SetError> {
        let choices = setting.choices();
        // The choices list each enum's values in its `ALL` order (the spec's tests check it).
        let index = choices
            .iter()
            .position(|choice| choice.value == text)
            .ok_or(SetError::UnknownChoice { choices })?;
        let unknown = SetError::UnknownChoice { choices };
        match (self, setting) {
            (NodeSettings::AppServer(a), Setting::AppSize) => {
                a.size = pick(&InstanceSize::ALL, index, unknown)?
            }
            (NodeSettings::Cache(c), Setting::CacheEngine) => {
                c.engine = pick(&CacheEngine::ALL, index, unknown)?
            }
            (NodeSettings::Cache(c), Setting::CacheStrategy) => {
                c.strategy = pick(&CacheStrategy::ALL, index, unknown)?;
            }
            (NodeSettings::Cache(c), Setting::CacheSize) => {
                c.size = pick(&InstanceSize::ALL, index, unknown)?
            }
            (NodeSettings::Database(d), Setting::DbEngine) => {
                d.engine = pick(&DbEngine::ALL, index, unknown)?
            }
            (NodeSettings::Database(d), Setting::ShardKey) => {
                d.shard_key = pick(&ShardKey::ALL, index, unknown)?
            }
            (NodeSettings::Database(d), Setting::DbSize) => {
                d.size = pick(&InstanceSize::ALL, index, unknown)?
            }
            (NodeSettings::Database(d), Setting::Standby) => d.standby = index == 0,
            (NodeSettings::Database(d), Setting::AutoFailover) => d.auto_failover = index == 0,
            (NodeSettings::Database(d), Setting::Replication) => {
                d.replication = pick(&Replication::ALL, index, unknown)?
            }
            // `set` checked the kind; the rest are numbers, which never reach here.
            (
                NodeSettings::Users(_)
                | NodeSettings::LoadBalancer
                | NodeSettings::AppServer(_)
                | NodeSettings::Cache(_)
                | NodeSettings::Database(_),
                _,
            ) => return Err(SetError::NotOnThisKind),
        }
        Ok(())
    }
}

/// The value at `index` of an enum's `ALL`.
fn pick<T: Copy>(all: &[T], index: usize, unknown: SetError) -> Result<T, SetError> {
    all.get(index).copied().ok_or(unknown)
}

/// `value` if `range` accepts it.
fn checked(range: NumberRange, value: f64) -> Result<f64, SetError> {
    if !(value >= range.min && value <= range.max) {
        Err(SetError::OutOfRange { range })
    } else if range.whole && value.fract() != 0.0 {
        Err(SetError::NotWhole)
    } else {
        Ok(value)
    }
}

impl Setting {
    /// The kind of node that has this setting.
    pub fn kind(self) -> NodeKind {
        use Setting::*;
        match self {
            UserCount | RequestsPerUser | ReadFraction | ZipfExponent | CatalogueObjects
            | UserSkew | ApdexT => NodeKind::Users,
            AppSize | Copies | QueueBound | TimeoutMs => NodeKind::AppServer,
            CacheEngine | CacheStrategy | CacheTtl | CacheSize => NodeKind::Cache,
            DbEngine | Shards | ShardKey | DbSize | Standby | AutoFailover | ReadReplicas
            | Replication | FailoverDetect | FailoverPromote | RowBytes | CopyThrottle => {
                NodeKind::Database
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_setting() -> impl Iterator<Item = Setting> {
        NodeKind::ALL
            .into_iter()
            .flat_map(|kind| kind.settings().iter().copied())
    }

    fn fresh(setting: Setting) -> NodeSettings {
        NodeSettings::default_for(setting.kind())
    }

    #[test]
    fn each_setting_belongs_to_the_kind_that_lists_it() {
        for kind in NodeKind::ALL {
            for setting in kind.settings() {
                assert_eq!(setting.kind(), kind, "{setting:?}");
            }
        }
        assert_eq!(every_setting().count(), 27);
    }

    #[test]
    fn each_number_is_accepted_at_its_range_edges_and_refused_just_past_them() {
        for setting in every_setting() {
            let Some(range) = setting.range() else {
                continue;
            };
            let past = if range.whole { 1.0 } else { range.step };
            for edge in [range.min, range.max] {
                let mut settings = fresh(setting);
                assert_eq!(
                    settings.set(setting, SettingValue::Number(edge)),
                    Ok(()),
                    "{setting:?} {edge}"
                );
                assert_eq!(
                    settings.value_text(setting),
                    Some(edge.to_string()),
                    "{setting:?}"
                );
            }
            for outside in [range.min - past, range.max + past, f64::NAN, f64::INFINITY] {
                let mut settings = fresh(setting);
                assert_eq!(
                    settings.set(setting, SettingValue::Number(outside)),
                    Err(SetError::OutOfRange { range }),
                    "{setting:?} {outside}"
                );
                assert_eq!(settings, fresh(setting), "a refusal changes nothing");
            }
            let mut settings = fresh(setting);
            assert_eq!(
                settings.set(setting, SettingValue::NotANumber),
                Err(SetError::NotANumber { range })
            );
            if range.whole {
                let mut settings = fresh(setting);
                let fraction = range.min + 0.5;
                assert_eq!(
                    settings.set(setting, SettingValue::Number(fraction)),
                    Err(SetError::NotWhole),
                    "{setting:?}"
                );
                // The range is read before the fraction: 0.5 under a minimum of 1 is outside.
                if range.min >= 1.0 {
                    assert_eq!(
                        settings.set(setting, SettingValue::Number(range.min - 0.5)),
                        Err(SetError::OutOfRange { range })
                    );
                }
            }
        }
    }

    #[test]
    fn each_choice_is_accepted_and_an_unknown_one_refused() {
        for setting in every_setting() {
            if setting.range().is_some() {
                continue;
            }
            let choices = setting.choices();
            for choice in choices {
                let mut settings = fresh(setting);
                assert_eq!(
                    settings.set(setting, SettingValue::Choice(choice.value)),
                    Ok(()),
                    "{setting:?} {}",
                    choice.value
                );
                assert_eq!(settings.value_text(setting).as_deref(), Some(choice.value));
            }
            for wrong in [
                SettingValue::Choice("nope"),
                SettingValue::Choice(""),
                SettingValue::Number(1.0),
                SettingValue::NotANumber,
            ] {
                let mut settings = fresh(setting);
                assert_eq!(
                    settings.set(setting, wrong),
                    Err(SetError::UnknownChoice { choices }),
                    "{setting:?} {wrong:?}"
                );
                assert_eq!(settings, fresh(setting));
            }
        }
    }

    #[test]
    fn a_setting_of_another_kind_is_refused_before_its_value_is_read() {
        for kind in NodeKind::ALL {
            for setting in every_setting().filter(|s| s.kind() != kind) {
                let mut settings = NodeSettings::default_for(kind);
                for value in [SettingValue::NotANumber, SettingValue::Choice("on")] {
                    assert_eq!(
                        settings.set(setting, value),
                        Err(SetError::NotOnThisKind),
                        "{kind:?} {setting:?}"
                    );
                }
                assert_eq!(settings.value_text(setting), None);
            }
        }
    }
}
