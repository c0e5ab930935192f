//! Reading a node's `settings` object: its `"kind"` tag, then that kind's settings.
//!
//! The format is serde's internally tagged enum (`{"kind": "users", "count": 4000}`, the tag
//! anywhere in the object), and the messages are serde's, word for word. serde's derive for that
//! enum buffers the object into its generic `Content` tree and compiles every settings struct's
//! reader for it; on the board's page that was about 45 kB of code, the largest cost it could
//! drop. This reader keeps the object's values as [`Scalar`]s until the tag is read, then stores
//! them through the settings table ([`NodeKind::settings`], [`Setting::key`]).
//!
//! Two shapes serde's derive also took and no writer produces are not read: the settings as an
//! array (`["users", 4000, …]`) and an enum setting as a one-key object (`"size": {"small": null}`).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, IgnoredAny, IntoDeserializer, MapAccess,
    SeqAccess, Unexpected, Visitor,
};

use super::object_reader::{Gap, NodeGap, Unknown};
use super::{NodeKind, NodeSettings, Setting};

impl<'de> Deserialize<'de> for NodeSettings {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<NodeSettings, D::Error> {
        let mut gaps = Vec::new();
        let seed = SettingsSeed {
            unknown: Unknown::Refuse,
            gaps: &mut gaps,
        };
        // A refusing read returns a kind or an error, never a gap.
        seed.deserialize(deserializer)?
            .ok_or_else(|| de::Error::missing_field("kind"))
    }
}

/// Reads a node's settings object under `unknown`'s rule; `None` when its kind is one this build
/// lacks ([`Unknown::Collect`] only, with the gap noted).
pub(super) struct SettingsSeed<'a> {
    pub unknown: Unknown,
    pub gaps: &'a mut Vec<Gap<NodeGap>>,
}

impl<'de> DeserializeSeed<'de> for SettingsSeed<'_> {
    type Value = Option<NodeSettings>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        // Stored after the object is read, as serde's derive did, so that a text parser's message
        // names the same line and column.
        let unknown = self.unknown;
        let (kind, entries) = deserializer.deserialize_any(SettingsVisitor { unknown })?;
        match kind {
            Ok(kind) => NodeSettings::from_entries(kind, entries, self).map(Some),
            Err(name) => {
                let message = <D::Error as de::Error>::unknown_variant(&name, &KIND_NAMES);
                self.gaps.push(Gap::new(NodeGap::Kind(name), &message));
                Ok(None)
            }
        }
    }
}

/// Reads the settings object: the tag when it comes, every other entry kept for later. The tag
/// is `Err(name)` for a kind this build lacks, which only [`Unknown::Collect`] lets through.
struct SettingsVisitor {
    unknown: Unknown,
}

impl<'de> Visitor<'de> for SettingsVisitor {
    type Value = (Result<NodeKind, String>, Vec<(String, Scalar)>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("internally tagged enum NodeSettings")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut kind = None;
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == "kind" {
                if kind.is_some() {
                    return Err(de::Error::duplicate_field("kind"));
                }
                kind = Some(map.next_value_seed(KindTag(self.unknown))?);
            } else {
                entries.push((key, map.next_value::<Scalar>()?));
            }
        }
        let kind = kind.ok_or_else(|| de::Error::missing_field("kind"))?;
        Ok((kind, entries))
    }
}

impl NodeSettings {
    /// The settings of a node of `kind` from its object's other entries, in the object's order.
    /// Every setting is optional (the kind's default stays); a load balancer has none and, as
    /// under serde's derive, ignores whatever else its object holds.
    /// A key this build does not have, or a value it cannot read, is an error under
    /// [`Unknown::Refuse`] and a gap under [`Unknown::Collect`] (the setting keeps its default).
    fn from_entries<E: de::Error>(
        kind: NodeKind,
        entries: Vec<(String, Scalar)>,
        seed: SettingsSeed<'_>,
    ) -> Result<NodeSettings, E> {
        let mut settings = NodeSettings::default_for(kind);
        if let NodeSettings::LoadBalancer = settings {
            return Ok(settings);
        }
        let known = kind.settings();
        // One bit per setting of the kind (at most 12), to name a key given twice.
        let mut seen = 0u32;
        for (key, value) in entries {
            let Some((index, setting)) = known.iter().enumerate().find(|(_, s)| s.key() == key)
            else {
                let error = E::custom(UnknownField { key: &key, known });
                seed.unknown
                    .refuse_or_note(error, seed.gaps, NodeGap::Setting(key))?;
                continue;
            };
            let bit = 1u32 << index;
            if seen & bit != 0 {
                return Err(E::duplicate_field(setting.key()));
            }
            seen |= bit;
            if let Err(error) = settings.store::<E>(*setting, value) {
                let gap = NodeGap::SettingValue {
                    key,
                    reason: error.to_string(),
                };
                seed.unknown.refuse_or_note(error, seed.gaps, gap)?;
            }
        }
        Ok(settings)
    }

    /// Stores the JSON value of one of this kind's settings, read as the setting's field type.
    fn store<E: de::Error>(&mut self, setting: Setting, value: Scalar) -> Result<(), E> {
        use Setting::*;
        let value = ScalarDeserializer::<E>(value, PhantomData);
        match (self, setting) {
            (NodeSettings::Users(u), UserCount) => u.count = Deserialize::deserialize(value)?,
            (NodeSettings::Users(u), RequestsPerUser) => {
                u.requests_per_user_per_s = Deserialize::deserialize(value)?
            }
            (NodeSettings::Users(u), ReadFraction) => {
                u.read_fraction = Deserialize::deserialize(value)?
            }
            (NodeSettings::Users(u), ZipfExponent) => {
                u.zipf_exponent = Deserialize::deserialize(value)?
            }
            (NodeSettings::Users(u), CatalogueObjects) => {
                u.catalogue_objects = Deserialize::deserialize(value)?
            }
            (NodeSettings::Users(u), UserSkew) => u.user_skew = Deserialize::deserialize(value)?,
            (NodeSettings::Users(u), ApdexT) => u.apdex_t_ms = Deserialize::deserialize(value)?,
            (NodeSettings::AppServer(a), AppSize) => a.size = Deserialize::deserialize(value)?,
            (NodeSettings::AppServer(a), Copies) => a.copies = Deserialize::deserialize(value)?,
            (NodeSettings::AppServer(a), QueueBound) => {
                a.queue_bound = Deserialize::deserialize(value)?
            }
            (NodeSettings::AppServer(a), TimeoutMs) => {
                a.timeout_ms = Deserialize::deserialize(value)?
            }
            (NodeSettings::Cache(c), CacheEngine) => c.engine = Deserialize::deserialize(value)?,
            (NodeSettings::Cache(c), CacheStrategy) => {
                c.strategy = Deserialize::deserialize(value)?
            }
            (NodeSettings::Cache(c), CacheTtl) => c.ttl_s = Deserialize::deserialize(value)?,
            (NodeSettings::Cache(c), CacheSize) => c.size = Deserialize::deserialize(value)?,
            (NodeSettings::Database(d), DbEngine) => d.engine = Deserialize::deserialize(value)?,
            (NodeSettings::Database(d), Shards) => d.shards = Deserialize::deserialize(value)?,
            (NodeSettings::Database(d), ShardKey) => d.shard_key = Deserialize::deserialize(value)?,
            (NodeSettings::Database(d), DbSize) => d.size = Deserialize::deserialize(value)?,
            (NodeSettings::Database(d), Standby) => d.standby = Deserialize::deserialize(value)?,
            (NodeSettings::Database(d), AutoFailover) => {
                d.auto_failover = Deserialize::deserialize(value)?
            }
            (NodeSettings::Database(d), ReadReplicas) => {
                d.read_replicas = Deserialize::deserialize(value)?
            }
            (NodeSettings::Database(d), Replication) => {
                d.replication = Deserialize::deserialize(value)?
            }
            (NodeSettings::Database(d), FailoverDetect) => {
                d.failover_detect_s = Deserialize::deserialize(value)?
            }
            (NodeSettings::Database(d), FailoverPromote) => {
                d.failover_promote_s = Deserialize::deserialize(value)?
            }
            (NodeSettings::Database(d), RowBytes) => d.row_bytes = Deserialize::deserialize(value)?,
            (NodeSettings::Database(d), CopyThrottle) => {
                d.copy_mb_s = Deserialize::deserialize(value)?
            }
            // `from_entries` only passes the kind's own settings; every kind is named so that a
            // new kind must say where its settings go.
            (
                NodeSettings::Users(_)
                | NodeSettings::LoadBalancer
                | NodeSettings::AppServer(_)
                | NodeSettings::Cache(_)
                | NodeSettings::Database(_),
                _,
            ) => {
                return Err(E::custom(UnknownField {
                    key: setting.key(),
                    known: &[],
                }))
            }
        }
        Ok(())
    }
}

/// serde's message for a key the struct does not have: "unknown field `x`, expected one of `a`,
/// `b`" (`serde::de::Error::unknown_field` wants the names as a static list of `&str`).
struct UnknownField<'a> {
    key: &'a str,
    known: &'static [Setting],
}

impl fmt::Display for UnknownField<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown field `{}`, ", self.key)?;
        match self.known {
            [] => f.write_str("there are no fields"),
            [one] => write!(f, "expected `{}`", one.key()),
            [first, second] => write!(f, "expected `{}` or `{}`", first.key(), second.key()),
            [first, rest @ ..] => {
                write!(f, "expected one of `{}`", first.key())?;
                for setting in rest {
                    write!(f, ", `{}`", setting.key())?;
                }
                Ok(())
            }
        }
    }
}

/// Reads the `"kind"` value where it stands, as serde's derive reads a variant name. A name this
/// build lacks is refused there, under [`Unknown::Refuse`] (so a text parser's message names the
/// value's line and column), or returned as `Err(name)` for the caller to note.
#[derive(Clone, Copy)]
struct KindTag(Unknown);

/// The kinds' names, in [`NodeKind::ALL`] order, for serde's "unknown variant" message.
const KIND_NAMES: [&str; 5] = ["users", "load_balancer", "app_server", "cache", "database"];

impl<'de> DeserializeSeed<'de> for KindTag {
    type Value = Result<NodeKind, String>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for KindTag {
    type Value = Result<NodeKind, String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Self::Value, E> {
        match (NodeKind::from_name(name), self.0) {
            (Some(kind), _) => Ok(Ok(kind)),
            (None, Unknown::Refuse) => Err(E::unknown_variant(name, &KIND_NAMES)),
            (None, Unknown::Collect) => Ok(Err(name.to_owned())),
        }
    }
}

/// One value of the settings object, kept until the kind says what it must be. A nested array or
/// object is skipped and remembered by its type, which is all a message about it names.
enum Scalar {
    Null,
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Text(String),
    Sequence,
    Map,
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Scalar, D::Error> {
        deserializer.deserialize_any(ScalarVisitor)
    }
}

struct ScalarVisitor;

impl<'de> Visitor<'de> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_unit<E>(self) -> Result<Scalar, E> {
        Ok(Scalar::Null)
    }
    fn visit_none<E>(self) -> Result<Scalar, E> {
        Ok(Scalar::Null)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Scalar, E> {
        Ok(Scalar::Bool(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Scalar, E> {
        Ok(Scalar::Unsigned(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Scalar, E> {
        Ok(Scalar::Signed(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Scalar, E> {
        Ok(Scalar::Float(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Scalar, E> {
        Ok(Scalar::Text(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Scalar, E> {
        Ok(Scalar::Text(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Scalar, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Scalar::Sequence)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Scalar, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Scalar::Map)
    }
}

/// A kept value read again as a setting's type, with serde's own conversions and messages (a
/// negative count is "invalid value: integer `-1`, expected u32"), in the caller's error type.
struct ScalarDeserializer<E>(Scalar, PhantomData<E>);

impl<'de, E: de::Error> Deserializer<'de> for ScalarDeserializer<E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.0 {
            Scalar::Null => visitor.visit_unit(),
            Scalar::Bool(v) => visitor.visit_bool(v),
            Scalar::Unsigned(v) => visitor.visit_u64(v),
            Scalar::Signed(v) => visitor.visit_i64(v),
            Scalar::Float(v) => visitor.visit_f64(v),
            Scalar::Text(v) => visitor.visit_string(v),
            Scalar::Sequence => Err(E::invalid_type(Unexpected::Seq, &visitor)),
            Scalar::Map => Err(E::invalid_type(Unexpected::Map, &visitor)),
        }
    }

    /// An enum setting is its variant's name; anything else is refused in the words serde's
    /// derive used ("expected string or map"), but for an object, which it no longer reads.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        let unexpected = match self.0 {
            Scalar::Text(name) => return visitor.visit_enum(name.into_deserializer()),
            Scalar::Null => Unexpected::Unit,
            Scalar::Bool(v) => Unexpected::Bool(v),
            Scalar::Unsigned(v) => Unexpected::Unsigned(v),
            Scalar::Signed(v) => Unexpected::Signed(v),
            Scalar::Float(v) => Unexpected::Float(v),
            Scalar::Sequence => Unexpected::Seq,
            Scalar::Map => return Err(E::invalid_type(Unexpected::Map, &"a string")),
        };
        Err(E::invalid_type(unexpected, &"string or map"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::super::{
        AppServerSettings, CacheEngine, CacheSettings, DatabaseSettings, DbEngine, InstanceSize,
        Node, Replication, ShardKey, UsersSettings,
    };
    use super::*;

    /// A node whose settings are `settings`, read by serde_json from text (with the position, as
    /// the CLI reads) and from a `Value` (as the app's native build reads); both must agree.
    fn read(settings: &str) -> Result<NodeSettings, String> {
        let text = format!("{{\"id\": \"a\",\n\"settings\": {settings}}}");
        let from_text = serde_json::from_str::<Node>(&text).map_err(|e| e.to_string());
        let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        let from_value = Node::deserialize(&value).map_err(|e| e.to_string());
        match (from_text, from_value) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{settings}");
                Ok(a.settings)
            }
            (Err(a), Err(b)) => {
                assert!(a.starts_with(&b), "{a} / {b}");
                Err(a)
            }
            (a, b) => panic!("{settings}: {a:?} / {b:?}"),
        }
    }

    fn refused(settings: &str) -> String {
        read(settings)
            .err()
            .unwrap_or_else(|| panic!("{settings} was read"))
    }

    #[test]
    fn every_kind_reads_with_its_settings_and_defaults_for_the_rest() {
        assert_eq!(
            read(r#"{"kind": "users", "count": 7, "user_skew": 1, "apdex_t_ms": 3}"#),
            Ok(NodeSettings::Users(UsersSettings {
                count: 7,
                user_skew: 1.0,
                apdex_t_ms: 3.0,
                ..UsersSettings::default()
            }))
        );
        // The tag may come last, and a number out of range reads (the validator refuses it).
        assert_eq!(
            read(r#"{"copies": 0, "size": "small", "kind": "app_server"}"#),
            Ok(NodeSettings::AppServer(AppServerSettings {
                copies: 0,
                size: InstanceSize::Small,
                ..AppServerSettings::default()
            }))
        );
        assert_eq!(
            read(r#"{"kind": "cache", "engine": "redis", "ttl_s": 9}"#),
            Ok(NodeSettings::Cache(CacheSettings {
                engine: CacheEngine::Redis,
                ttl_s: 9,
                ..CacheSettings::default()
            }))
        );
        // A database written before replicas were settings reads with their defaults: no
        // replicas, async, and the 5 s + 5 s failover that was then the fixed 10 s gap.
        assert_eq!(
            read(
                r#"{"kind": "database", "engine": "postgres", "shards": 9, "shard_key": "range_time",
                    "size": "xlarge", "standby": false, "auto_failover": true}"#
            ),
            Ok(NodeSettings::Database(DatabaseSettings {
                engine: DbEngine::Postgres,
                shards: 9,
                shard_key: ShardKey::RangeTime,
                size: InstanceSize::Xlarge,
                standby: false,
                auto_failover: true,
                read_replicas: 0,
                replication: Replication::Async,
                failover_detect_s: 5,
                failover_promote_s: 5,
                row_bytes: 1_024,
                copy_mb_s: 200,
            }))
        );
        assert_eq!(
            read(
                r#"{"kind": "database", "read_replicas": 2, "replication": "sync",
                    "failover_detect_s": 3, "failover_promote_s": 20}"#
            ),
            Ok(NodeSettings::Database(DatabaseSettings {
                read_replicas: 2,
                replication: Replication::Sync,
                failover_detect_s: 3,
                failover_promote_s: 20,
                ..DatabaseSettings::default()
            }))
        );
        assert_eq!(
            read(r#"{"kind": "load_balancer"}"#),
            Ok(NodeSettings::LoadBalancer)
        );
    }

    #[test]
    fn every_kind_reads_back_what_it_writes() {
        for kind in NodeKind::ALL {
            let settings = NodeSettings::default_for(kind);
            let text = serde_json::to_string(&settings).unwrap_or_default();
            assert_eq!(read(&text), Ok(settings), "{text}");
        }
        let replicated = NodeSettings::Database(DatabaseSettings {
            read_replicas: 3,
            replication: Replication::Sync,
            failover_detect_s: 1,
            failover_promote_s: 300,
            ..DatabaseSettings::default()
        });
        let text = serde_json::to_string(&replicated).unwrap_or_default();
        assert_eq!(read(&text), Ok(replicated), "{text}");
        let copied = NodeSettings::Database(DatabaseSettings {
            row_bytes: 16_384,
            copy_mb_s: 50,
            ..DatabaseSettings::default()
        });
        let text = serde_json::to_string(&copied).unwrap_or_default();
        assert!(
            text.contains(r#""row_bytes":16384"#) && text.contains(r#""copy_mb_s":50"#),
            "{text}"
        );
        assert_eq!(read(&text), Ok(copied), "{text}");
    }

    #[test]
    fn the_replication_settings_are_left_out_while_they_have_their_defaults() {
        // So a design that does not use them still reads in a build from before them.
        let text = serde_json::to_string(&NodeSettings::default_for(NodeKind::Database))
            .unwrap_or_default();
        for key in [
            Setting::ReadReplicas,
            Setting::Replication,
            Setting::FailoverDetect,
            Setting::FailoverPromote,
            Setting::RowBytes,
            Setting::CopyThrottle,
        ]
        .map(Setting::key)
        {
            assert!(!text.contains(key), "{text}");
        }
    }

    #[test]
    fn a_load_balancer_ignores_other_entries_as_serde_did() {
        assert_eq!(
            read(r#"{"kind": "load_balancer", "count": "x", "more": [1, {"a": null}]}"#),
            Ok(NodeSettings::LoadBalancer)
        );
    }

    /// serde's derive's words, and the line and column serde_json gave them, taken from the
    /// reader this one replaced.
    #[test]
    fn the_tag_is_refused_in_serdes_words() {
        assert_eq!(
            refused(r#"{"count": 1}"#),
            "missing field `kind` at line 2 column 24"
        );
        assert_eq!(refused("{}"), "missing field `kind` at line 2 column 14");
        assert_eq!(
            refused(r#"{"kind": "robot"}"#),
            "unknown variant `robot`, expected one of `users`, `load_balancer`, `app_server`, \
             `cache`, `database` at line 2 column 28"
        );
        assert_eq!(
            refused(r#"{"kind": 5}"#),
            "invalid type: integer `5`, expected variant identifier at line 2 column 22"
        );
        assert_eq!(
            refused(r#"{"kind": null}"#),
            "invalid type: null, expected variant identifier at line 2 column 25"
        );
        assert_eq!(
            refused(r#""users""#),
            "invalid type: string \"users\", expected internally tagged enum NodeSettings at \
             line 2 column 19"
        );
        // serde's derive also read an array, `["users", 4000, …]`, which no writer produces.
        assert_eq!(
            refused(r#"["users"]"#),
            "invalid type: sequence, expected internally tagged enum NodeSettings at line 2 \
             column 13"
        );
        // A key twice is named by the text reader; JSON.parse and `Value` keep the last.
        let text = "{\"id\": \"a\",\n\"settings\": {\"kind\": \"users\", \"kind\": \"users\"}}";
        assert_eq!(
            serde_json::from_str::<Node>(text).map_err(|e| e.to_string()),
            Err("duplicate field `kind` at line 2 column 36".into())
        );
    }

    #[test]
    fn a_setting_is_refused_in_serdes_words() {
        let cases = [
            (
                r#"{"kind": "users", "count": "x"}"#,
                "invalid type: string \"x\", expected u32 at line 2 column 44",
            ),
            (
                r#"{"kind": "users", "count": -1}"#,
                "invalid value: integer `-1`, expected u32 at line 2 column 43",
            ),
            (
                r#"{"kind": "users", "count": 1.5}"#,
                "invalid type: floating point `1.5`, expected u32 at line 2 column 44",
            ),
            (
                r#"{"kind": "users", "count": 5000000000}"#,
                "invalid value: integer `5000000000`, expected u32 at line 2 column 51",
            ),
            (
                r#"{"kind": "users", "count": null}"#,
                "invalid type: null, expected u32 at line 2 column 45",
            ),
            (
                r#"{"kind": "users", "count": {"a": 1}}"#,
                "invalid type: map, expected u32 at line 2 column 49",
            ),
            (
                r#"{"kind": "users", "read_fraction": true}"#,
                "invalid type: boolean `true`, expected f64 at line 2 column 53",
            ),
            (
                r#"{"kind": "users", "copies": 1}"#,
                "unknown field `copies`, expected one of `count`, `requests_per_user_per_s`, \
                 `read_fraction`, `zipf_exponent`, `catalogue_objects`, `user_skew`, \
                 `apdex_t_ms` at line 2 column 43",
            ),
            (
                r#"{"foo": 5, "kind": "cache"}"#,
                "unknown field `foo`, expected one of `engine`, `strategy`, `ttl_s`, `size` at \
                 line 2 column 40",
            ),
            (
                r#"{"kind": "app_server", "size": "huge"}"#,
                "unknown variant `huge`, expected one of `small`, `medium`, `large`, `xlarge` at \
                 line 2 column 51",
            ),
            (
                r#"{"kind": "app_server", "size": 5}"#,
                "invalid type: integer `5`, expected string or map at line 2 column 46",
            ),
            (
                r#"{"kind": "cache", "engine": "mysql"}"#,
                "unknown variant `mysql`, expected `memcached` or `redis` at line 2 column 49",
            ),
            (
                r#"{"kind": "database", "standby": "yes"}"#,
                "invalid type: string \"yes\", expected a boolean at line 2 column 51",
            ),
            // serde's derive also read `{"small": null}` as small; no writer produces it.
            (
                r#"{"kind": "database", "size": {"small": null}}"#,
                "invalid type: map, expected a string at line 2 column 58",
            ),
        ];
        for (settings, message) in cases {
            assert_eq!(refused(settings), message, "{settings}");
        }
        // A key twice is named by the text reader, before its second value is read.
        let text = "{\"id\": \"a\",\n\"settings\": {\"kind\": \"users\", \"count\": 1, \"count\": \
                    \"x\"}}";
        assert_eq!(
            serde_json::from_str::<Node>(text).map_err(|e| e.to_string()),
            Err("duplicate field `count` at line 2 column 56".into())
        );
    }
}
