//! A settings control's text handed to the core's setter ([`NodeSettings::set`]), and its
//! refusal put into words beside the control.
//!
//! The rules (which kind has the setting, its range, its choices) are the core's settings table;
//! this file only reads the text the way the control means it, numbers through the browser's
//! `parseFloat` ([`parse_f64`]) so Rust's float parser stays out of the page.

use shardlab_core::sim::{NodeSettings, SetError, Setting, SettingValue};
use shardlab_core::text::quote;

use crate::browser::number::parse_f64;

/// Sets one knob from its control's text, or says why it kept its value.
pub fn set_from_text(
    settings: &mut NodeSettings,
    setting: Setting,
    text: &str,
) -> Result<(), String> {
    let value = match setting.range() {
        // Thousands separators are allowed: "1,000" and "1_000" are a thousand.
        Some(_) => parse_f64(&text.trim().replace([',', '_'], ""))
            .map_or(SettingValue::NotANumber, SettingValue::Number),
        None => SettingValue::Choice(text),
    };
    settings
        .set(setting, value)
        .map_err(|error| refusal(setting, text, &error))
}

/// The sentence for a refused edit.
fn refusal(setting: Setting, text: &str, error: &SetError) -> String {
    let label = setting.label();
    match error {
        SetError::NotOnThisKind => "This node has no such setting.".to_owned(),
        SetError::NotANumber { range } => {
            format!("{label} takes a number {} … {}.", range.min, range.max)
        }
        SetError::OutOfRange { range } => format!(
            "{label} takes {} … {}; {} is outside that.",
            range.min,
            range.max,
            quote(text.trim())
        ),
        SetError::NotWhole => format!("{label} takes a whole number."),
        SetError::UnknownChoice { .. } => unknown_choice(setting).to_owned(),
    }
}

/// "Sizes are small, medium, large and xlarge.": the choices, named for what they are. The
/// panel's selects offer only the table's choices, so this answers hand-made actions only; its
/// sentences are written out (a test holds them to the table) rather than built in the page.
fn unknown_choice(setting: Setting) -> &'static str {
    match setting {
        Setting::AppSize | Setting::CacheSize | Setting::DbSize => {
            "Sizes are small, medium, large and xlarge."
        }
        Setting::CacheEngine => "Engines are memcached and redis.",
        Setting::DbEngine => "Engines are mysql and postgres.",
        Setting::CacheStrategy => "Strategies are none, aside and through.",
        Setting::ShardKey => "Unknown shard key.",
        Setting::Replication => "Replication is async or sync.",
        Setting::Standby | Setting::AutoFailover => "Choose on or off.",
        // A number-valued setting has no choices and is never refused so.
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
        | Setting::CopyThrottle => "Choose a listed value.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::sim::NodeKind;

    fn refused(setting: Setting, text: &str) -> String {
        let mut settings = NodeSettings::default_for(setting.kind());
        let before = settings.clone();
        let message = set_from_text(&mut settings, setting, text).unwrap_err();
        assert_eq!(settings, before, "a refusal changes nothing");
        message
    }

    #[test]
    fn refusals_read_as_they_always_have() {
        for (setting, text, expected) in [
            (Setting::UserCount, "x", "Users takes a number 1 … 1000000."),
            (
                Setting::UserCount,
                "0.5",
                "Users takes 1 … 1000000; \"0.5\" is outside that.",
            ),
            (
                Setting::RequestsPerUser,
                " 1,000 ",
                "Requests per user per second takes 0.001 … 100; \"1,000\" is outside that.",
            ),
            (Setting::Copies, "2.5", "Copies takes a whole number."),
            (
                Setting::ReadFraction,
                "NaN",
                "Read fraction takes 0 … 1; \"NaN\" is outside that.",
            ),
            (
                Setting::DbSize,
                "huge",
                "Sizes are small, medium, large and xlarge.",
            ),
            (
                Setting::CacheEngine,
                "x",
                "Engines are memcached and redis.",
            ),
            (Setting::DbEngine, "x", "Engines are mysql and postgres."),
            (
                Setting::CacheStrategy,
                "x",
                "Strategies are none, aside and through.",
            ),
            (Setting::ShardKey, "x", "Unknown shard key."),
            (Setting::Standby, " on", "Choose on or off."),
            (
                Setting::Replication,
                "semi",
                "Replication is async or sync.",
            ),
            (
                Setting::ReadReplicas,
                "6",
                "Read replicas per shard takes 0 … 5; \"6\" is outside that.",
            ),
            (
                Setting::FailoverDetect,
                "0",
                "Failover detection (s) takes 1 … 300; \"0\" is outside that.",
            ),
            (
                Setting::FailoverPromote,
                "1.5",
                "Failover promotion (s) takes a whole number.",
            ),
            (
                Setting::CopyThrottle,
                "2001",
                "Copy throttle (MB/s) takes 1 … 2000; \"2001\" is outside that.",
            ),
            (
                Setting::RowBytes,
                "63",
                "Row size (bytes) takes 64 … 1048576; \"63\" is outside that.",
            ),
        ] {
            assert_eq!(refused(setting, text), expected, "{setting:?} {text:?}");
        }
    }

    #[test]
    fn each_unknown_choice_names_the_tables_choices() {
        for setting in NodeKind::ALL.iter().flat_map(|kind| kind.settings()) {
            if setting.range().is_some() {
                continue;
            }
            let sentence = unknown_choice(*setting);
            if *setting != Setting::ShardKey {
                for choice in setting.choices() {
                    assert!(sentence.contains(choice.value), "{setting:?}: {sentence}");
                }
            }
        }
    }

    #[test]
    fn a_setting_of_another_kind_is_refused_whatever_the_text() {
        let mut users = NodeSettings::default_for(NodeKind::Users);
        for text in ["x", "3", "small"] {
            assert_eq!(
                set_from_text(&mut users, Setting::Copies, text),
                Err("This node has no such setting.".to_owned())
            );
        }
    }

    #[test]
    fn text_is_read_the_way_the_control_means_it() {
        let mut users = NodeSettings::default_for(NodeKind::Users);
        assert_eq!(
            set_from_text(&mut users, Setting::UserCount, " 1_000 "),
            Ok(())
        );
        assert_eq!(
            users.value_text(Setting::UserCount).as_deref(),
            Some("1000")
        );
        let mut db = NodeSettings::default_for(NodeKind::Database);
        assert_eq!(
            set_from_text(&mut db, Setting::ShardKey, "hash_user"),
            Ok(())
        );
        assert_eq!(
            db.value_text(Setting::ShardKey).as_deref(),
            Some("hash_user")
        );
    }
}
