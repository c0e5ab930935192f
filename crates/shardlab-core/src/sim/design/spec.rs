//! What each setting accepts: one table that the validator, the CLI (through the validator) and
//! the board's settings panel all read, so a range is written once.

use super::{NodeKind, Setting};
use crate::sim::validate::MAX_USERS;

/// The accepted values of a number-valued setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NumberRange {
    /// The least accepted value.
    pub min: f64,
    /// The greatest accepted value.
    pub max: f64,
    /// The step a control offers (the validator accepts any value in range, whole if `whole`).
    pub step: f64,
    /// Whether only whole numbers are accepted.
    pub whole: bool,
    /// The range as a reader sees it in messages, with its unit: "1 … 86,400 s".
    pub accepted: &'static str,
}

impl NumberRange {
    /// Whether `value` is accepted (NaN never is).
    pub fn contains(&self, value: f64) -> bool {
        value >= self.min && value <= self.max && (!self.whole || value.fract() == 0.0)
    }
}

/// One option of a choice-valued setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value as the design's JSON writes it.
    pub value: &'static str,
    /// The option's text in the panel.
    pub text: &'static str,
}

/// Everything the board and the validator need to know about one setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SettingSpec {
    /// The setting.
    pub setting: Setting,
    /// Its JSON key inside the node's `settings` object.
    pub name: &'static str,
    /// Its label in the panel's Setting column.
    pub label: &'static str,
    /// The accepted numbers, for a number-valued setting.
    pub range: Option<NumberRange>,
    /// The options, for a choice-valued setting (empty for a number).
    pub choices: &'static [Choice],
    /// The knob's general reason, for the panel's Why column.
    pub why: &'static str,
}

const fn range(min: f64, max: f64, step: f64, accepted: &'static str) -> Option<NumberRange> {
    Some(NumberRange {
        min,
        max,
        step,
        whole: false,
        accepted,
    })
}

const fn whole(min: u32, max: u32, accepted: &'static str) -> Option<NumberRange> {
    Some(NumberRange {
        min: min as f64,
        max: max as f64,
        step: 1.0,
        whole: true,
        accepted,
    })
}

const fn choice(value: &'static str, text: &'static str) -> Choice {
    Choice { value, text }
}

const SIZES: &[Choice] = &[
    choice("small", "small"),
    choice("medium", "medium"),
    choice("large", "large"),
    choice("xlarge", "xlarge"),
];
const ON_OFF: &[Choice] = &[choice("on", "on"), choice("off", "off")];
const CACHE_ENGINES: &[Choice] = &[choice("memcached", "memcached"), choice("redis", "redis")];
const CACHE_STRATEGIES: &[Choice] = &[
    choice("none", "none"),
    choice("aside", "aside"),
    choice("through", "through"),
];
const DB_ENGINES: &[Choice] = &[choice("mysql", "mysql"), choice("postgres", "postgres")];
const REPLICATIONS: &[Choice] = &[choice("async", "async"), choice("sync", "sync")];
const SHARD_KEYS: &[Choice] = &[
    choice("id_encoded", "shard bits in the ID"),
    choice("hash_object", "hash of the object"),
    choice("hash_user", "hash of the user"),
    choice("range_time", "range by time"),
];

impl Setting {
    /// The accepted numbers, or `None` for a choice-valued setting.
    pub fn range(self) -> Option<NumberRange> {
        match self {
            Setting::UserCount => whole(1, MAX_USERS, "1 … 1,000,000"),
            Setting::RequestsPerUser => range(0.001, 100.0, 0.001, "0.001 … 100"),
            Setting::ReadFraction => range(0.0, 1.0, 0.01, "0 … 1"),
            Setting::ZipfExponent | Setting::UserSkew => range(0.0, 2.0, 0.05, "0 … 2"),
            Setting::CatalogueObjects => whole(1, 1_000_000, "1 … 1,000,000"),
            Setting::ApdexT => range(1.0, 60_000.0, 1.0, "1 … 60,000 ms"),
            Setting::Copies => whole(1, 64, "1 … 64"),
            Setting::QueueBound => whole(0, 100_000, "0 … 100,000"),
            Setting::TimeoutMs => whole(1, 600_000, "1 … 600,000 ms"),
            Setting::CacheTtl => whole(1, 86_400, "1 … 86,400 s"),
            Setting::Shards => whole(1, 64, "1 … 64"),
            Setting::ReadReplicas => whole(0, 5, "0 … 5"),
            Setting::FailoverDetect | Setting::FailoverPromote => whole(1, 300, "1 … 300 s"),
            Setting::RowBytes => whole(64, 1_048_576, "64 … 1,048,576 bytes"),
            Setting::CopyThrottle => whole(1, 2_000, "1 … 2,000 MB/s"),
            Setting::AppSize
            | Setting::CacheSize
            | Setting::DbSize
            | Setting::CacheEngine
            | Setting::CacheStrategy
            | Setting::DbEngine
            | Setting::ShardKey
            | Setting::Standby
            | Setting::AutoFailover
            | Setting::Replication => None,
        }
    }

    /// The options of a choice-valued setting; empty for a number.
    pub fn choices(self) -> &'static [Choice] {
        match self {
            Setting::AppSize | Setting::CacheSize | Setting::DbSize => SIZES,
            Setting::CacheEngine => CACHE_ENGINES,
            Setting::CacheStrategy => CACHE_STRATEGIES,
            Setting::DbEngine => DB_ENGINES,
            Setting::ShardKey => SHARD_KEYS,
            Setting::Standby | Setting::AutoFailover => ON_OFF,
            Setting::Replication => REPLICATIONS,
            Setting::UserCount
            | Setting::RequestsPerUser
            | Setting::ReadFraction
            | Setting::ZipfExponent
            | Setting::CatalogueObjects
            | Setting::UserSkew
            | Setting::ApdexT
            | Setting::Copies
            | Setting::QueueBound
            | Setting::TimeoutMs
            | Setting::CacheTtl
            | Setting::Shards
            | Setting::ReadReplicas
            | Setting::FailoverDetect
            | Setting::FailoverPromote
            | Setting::RowBytes
            | Setting::CopyThrottle => &[],
        }
    }

    /// The whole row of the table for this setting.
    pub fn spec(self) -> SettingSpec {
        SettingSpec {
            setting: self,
            name: self.key(),
            label: self.label(),
            range: self.range(),
            choices: self.choices(),
            why: self.why(),
        }
    }
}

/// The table for one kind of box: its settings in the panel's order.
pub fn setting_specs(kind: NodeKind) -> Vec<SettingSpec> {
    kind.settings().iter().map(|s| s.spec()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::design::{
        CacheEngine, CacheStrategy, DbEngine, InstanceSize, Replication, ShardKey,
    };

    #[test]
    fn every_setting_is_a_number_or_a_choice_never_both() {
        for kind in NodeKind::ALL {
            for spec in setting_specs(kind) {
                assert!(
                    spec.range.is_some() == spec.choices.is_empty(),
                    "{:?}",
                    spec.setting
                );
                if let Some(r) = spec.range {
                    assert!(r.min <= r.max && r.step > 0.0, "{:?}", spec.setting);
                    assert!(r.contains(r.min) && r.contains(r.max) && !r.contains(f64::NAN));
                }
                assert!(!spec.why.is_empty());
            }
        }
    }

    #[test]
    fn choices_are_the_values_the_design_names() {
        let sizes: Vec<&str> = InstanceSize::ALL.iter().map(|s| s.name()).collect();
        let listed: Vec<&str> = Setting::DbSize.choices().iter().map(|c| c.value).collect();
        assert_eq!(listed, sizes);
        let names =
            |s: Setting| -> Vec<&'static str> { s.choices().iter().map(|c| c.value).collect() };
        assert_eq!(
            names(Setting::CacheEngine),
            CacheEngine::ALL.map(CacheEngine::name)
        );
        assert_eq!(
            names(Setting::CacheStrategy),
            CacheStrategy::ALL.map(CacheStrategy::name)
        );
        assert_eq!(names(Setting::DbEngine), DbEngine::ALL.map(DbEngine::name));
        assert_eq!(
            names(Setting::Replication),
            Replication::ALL.map(Replication::name)
        );
        assert_eq!(names(Setting::ShardKey), ShardKey::ALL.map(ShardKey::name));
    }

    #[test]
    fn whole_ranges_refuse_fractions() {
        let shards = Setting::Shards.range().expect("a number");
        assert!(shards.contains(8.0) && !shards.contains(8.5) && !shards.contains(65.0));
    }
}
