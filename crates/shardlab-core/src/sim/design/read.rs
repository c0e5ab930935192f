//! Reading a design from JSON text: the one reader behind the board's Import button, its link and
//! autosave, and the CLI's `simulate DESIGN.json`.
//!
//! The parser is the caller's ([`JsonParser`]): the board's page parses with the browser's
//! `JSON.parse`, so serde_json's parser (15 kB brotli) stays out of it, and the CLI with serde_json.
//! Everything around the parse is here: the size limit, the nesting limit (checked before the
//! parser, which recurses, sees the text; see [`crate::input_text`]), the version check, reading the
//! [`Design`] and which of the validator's problems refuse it ([`ReadRules`]). The error is
//! structured ([`ReadError`]); each caller words it for its reader.

use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::object_reader::AnyVersion;
use super::{Design, DESIGN_VERSION};
use crate::input_text::{check_json_depth, JsonTooDeep};
use crate::sim::validate::{size_errors, validate, DesignError};
use crate::text::bounded_message;

/// The longest design text read, in bytes (1 MiB): a design has at most 64 nodes and 256 edges,
/// so a real one is a few KiB, and a 20,000-node link once took half a minute to draw.
pub const MAX_DESIGN_BYTES: u64 = 1_048_576;

/// A JSON parser: text parsed once into a document that can then be read as several types.
pub trait JsonParser {
    /// What the parser reads: `str` or bytes.
    type Text: ?Sized + AsRef<[u8]>;
    /// The parsed document.
    type Document;
    /// Parses `text`; the error is the parser's message when it is not JSON.
    fn parse(text: &Self::Text) -> Result<Self::Document, String>;
    /// Reads the document as a `T`; the error says what did not fit.
    fn read<T: DeserializeOwned>(document: &Self::Document) -> Result<T, String>;
}

/// Which problems refuse a design once it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refuse {
    /// Only one over the size limits ([`size_errors`]): the board opens the rest and explains it.
    OverLimits,
    /// Any problem [`validate`] finds.
    AnyProblem,
}

/// What a reader of design text demands beyond "it is JSON of a design".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadRules {
    /// Read `"version"` before the rest, so that a file of another version is named as such
    /// rather than by the first field this build does not know.
    pub version_first: bool,
    /// Which problems refuse the design.
    pub refuse: Refuse,
}

impl ReadRules {
    /// A design file imported on the board: version first, and only a design that validates.
    pub const IMPORT: ReadRules = ReadRules {
        version_first: true,
        refuse: Refuse::AnyProblem,
    };
    /// A board's link or autosave: any design within the size limits; the board shows the rest
    /// of its problems beside its nodes.
    pub const LINK: ReadRules = ReadRules {
        version_first: false,
        refuse: Refuse::OverLimits,
    };
    /// The CLI's design file: every problem refuses it, and the reader's own message (with its
    /// line and column) names a missing or odd `version`.
    pub const CLI: ReadRules = ReadRules {
        version_first: false,
        refuse: Refuse::AnyProblem,
    };
}

/// Why design text was not read.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadError {
    /// The text is over [`MAX_DESIGN_BYTES`].
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// The text nests deeper than [`crate::input_text::MAX_JSON_DEPTH`]; it was not parsed.
    TooDeep(JsonTooDeep),
    /// The text is not JSON; the parser's message.
    NotJson(String),
    /// ([`ReadRules::version_first`]) There is no whole-number `"version"`.
    NoVersion,
    /// ([`ReadRules::version_first`]) The version is older than [`DESIGN_VERSION`] (there is
    /// none: versions start at 1).
    OtherVersion(u64),
    /// The JSON is not a design; the reader's message.
    NotADesign(String),
    /// The design reads but has these problems (never empty), in the validator's order.
    Refused(Vec<DesignError>),
}

/// A design as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The design, of this build's version.
    pub design: Design,
    /// Set when the text was a newer version's: what this build left out of it.
    pub newer: Option<Newer>,
}

/// A design from a newer version, read as far as this build can.
#[derive(Clone, Debug, PartialEq)]
pub struct Newer {
    /// The version the text says it is.
    pub version: u64,
    /// What was left out, in the design's order; may be empty.
    pub dropped: Vec<Dropped>,
}

/// Parts of a newer design that a message names before "and N more".
pub const DROPPED_NAMED: usize = 4;

impl Newer {
    /// What was left out, in words: at most `shown` parts, then how many more ("nothing" when
    /// the newer version added nothing this build lacks). Messages name [`DROPPED_NAMED`].
    pub fn left_out(&self, shown: usize) -> String {
        if self.dropped.is_empty() {
            return "nothing".to_owned();
        }
        use std::fmt::Write;
        let shown = shown.max(1);
        let mut words = String::new();
        for (i, part) in self.dropped.iter().take(shown).enumerate() {
            let comma = if i > 0 { ", " } else { "" };
            // A node's id or a key is the file's text: bounded, with controls named.
            let _ = write!(words, "{comma}{}", bounded_message(&part.to_string()));
        }
        let more = self.dropped.len().saturating_sub(shown);
        if more > 0 {
            let _ = write!(words, " and {more} more");
        }
        words
    }
}

/// One part of a newer design that this build left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dropped {
    /// A field of the design object.
    DesignField(String),
    /// A field of a node's object.
    NodeField {
        /// The node's id.
        node: String,
        /// The field's name.
        key: String,
    },
    /// A setting the node's kind does not have in this build.
    Setting {
        /// The node's id.
        node: String,
        /// The setting's key.
        key: String,
    },
    /// A setting whose value this build cannot read (a choice it lacks, say); the setting keeps
    /// its default.
    SettingValue {
        /// The node's id.
        node: String,
        /// The setting's key.
        key: String,
        /// What did not read, in serde's words.
        reason: String,
    },
    /// A node of a kind this build does not have.
    Node {
        /// The node's id.
        node: String,
        /// The kind's name.
        kind: String,
    },
    /// A field of a wire's object.
    EdgeField {
        /// The calling node's id.
        from: String,
        /// The called node's id.
        to: String,
        /// The field's name.
        key: String,
    },
    /// A wire to or from a node that was left out.
    Edge {
        /// The calling node's id.
        from: String,
        /// The called node's id.
        to: String,
    },
    /// A fault this build cannot read: a kind it lacks, or a field that kind needs.
    Fault {
        /// Its place in the fault list, from 1.
        number: usize,
        /// What did not read, in serde's words.
        reason: String,
    },
}

impl std::fmt::Display for Dropped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Dropped::DesignField(key) => write!(f, "the design's field `{key}`"),
            Dropped::NodeField { node, key } => write!(f, "field `{key}` of node `{node}`"),
            Dropped::Setting { node, key } => write!(f, "setting `{key}` of node `{node}`"),
            Dropped::SettingValue { node, key, reason } => write!(
                f,
                "the value of setting `{key}` of node `{node}` ({reason}), which keeps its default"
            ),
            Dropped::Node { node, kind } => write!(f, "node `{node}`, of kind `{kind}`"),
            Dropped::EdgeField { from, to, key } => {
                write!(f, "field `{key}` of the wire `{from}` → `{to}`")
            }
            Dropped::Edge { from, to } => write!(f, "the wire `{from}` → `{to}`"),
            Dropped::Fault { number, reason } => write!(f, "fault {number} ({reason})"),
        }
    }
}

/// Only the version, read before the design.
#[derive(Deserialize)]
struct Header {
    version: Option<u64>,
}

impl Design {
    /// Reads a design from JSON text with parser `P`, under `rules`.
    ///
    /// A design of a newer version than [`DESIGN_VERSION`] is read as far as this build can: what
    /// it does not know is left out and listed ([`Loaded::newer`]), and the rest is this
    /// version's design, checked under `rules` like any other.
    pub fn from_json<P: JsonParser>(text: &P::Text, rules: ReadRules) -> Result<Loaded, ReadError> {
        let bytes = text.as_ref().len();
        if u64::try_from(bytes).map_or(true, |len| len > MAX_DESIGN_BYTES) {
            return Err(ReadError::TooLong { bytes });
        }
        check_json_depth(text).map_err(ReadError::TooDeep)?;
        let document = P::parse(text).map_err(ReadError::NotJson)?;
        if rules.version_first {
            match P::read::<Header>(&document).ok().and_then(|h| h.version) {
                Some(version) if version >= u64::from(DESIGN_VERSION) => {}
                Some(older) => return Err(ReadError::OtherVersion(older)),
                None => return Err(ReadError::NoVersion),
            }
        }
        let AnyVersion(loaded) = P::read(&document).map_err(ReadError::NotADesign)?;
        let problems = match rules.refuse {
            Refuse::OverLimits => size_errors(&loaded.design),
            Refuse::AnyProblem => validate(&loaded.design),
        };
        if problems.is_empty() {
            Ok(loaded)
        } else {
            Err(ReadError::Refused(problems))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::design::NodeKind;
    use crate::sim::preset;
    use crate::sim::validate::MAX_NODES;

    /// serde_json's parser through a `Value`, as the board's native build reads.
    struct ViaValue;

    impl JsonParser for ViaValue {
        type Text = str;
        type Document = serde_json::Value;
        fn parse(text: &str) -> Result<serde_json::Value, String> {
            serde_json::from_str(text).map_err(|e| e.to_string())
        }
        fn read<T: DeserializeOwned>(document: &serde_json::Value) -> Result<T, String> {
            T::deserialize(document).map_err(|e| e.to_string())
        }
    }

    fn pinterest() -> Design {
        preset("pinterest")
            .map(|p| p.design)
            .unwrap_or_else(|| panic!("a preset"))
    }

    fn load(text: &str, rules: ReadRules) -> Result<Loaded, ReadError> {
        Design::from_json::<ViaValue>(text, rules)
    }

    /// A design of this build's version: nothing newer about it.
    fn read(text: &str, rules: ReadRules) -> Result<Design, ReadError> {
        load(text, rules).map(|loaded| {
            assert_eq!(loaded.newer, None, "{text}");
            loaded.design
        })
    }

    #[test]
    fn a_preset_reads_back_under_every_rule_set() {
        let text = serde_json::to_string(&pinterest()).unwrap_or_default();
        for rules in [ReadRules::IMPORT, ReadRules::LINK, ReadRules::CLI] {
            assert_eq!(read(&text, rules), Ok(pinterest()), "{rules:?}");
        }
    }

    #[test]
    fn text_that_is_not_json_is_named_with_the_parsers_message() {
        for rules in [ReadRules::IMPORT, ReadRules::LINK] {
            assert_eq!(
                read("{nope", rules),
                Err(ReadError::NotJson(
                    "key must be a string at line 1 column 2".into()
                ))
            );
        }
    }

    #[test]
    fn version_first_names_a_missing_or_older_version_before_the_fields() {
        let rules = ReadRules::IMPORT;
        assert_eq!(
            read(r#"{"version": 0, "nodes": [], "future": 1}"#, rules),
            Err(ReadError::OtherVersion(0))
        );
        for text in [
            r#"{"nodes": []}"#,
            r#"{"version": "1"}"#,
            r#"{"version": 1.5}"#,
            "[]",
            "3",
        ] {
            assert_eq!(read(text, rules), Err(ReadError::NoVersion), "{text}");
        }
        // Without it the reader's own message names the field.
        assert_eq!(
            read(r#"{"nodes": []}"#, ReadRules::LINK),
            Err(ReadError::NotADesign("missing field `version`".into()))
        );
    }

    #[test]
    fn json_that_is_not_a_design_is_named_with_the_readers_message() {
        let text = r#"{"version": 1, "nodes": [], "x": 0}"#;
        let expected = ReadError::NotADesign(
            "unknown field `x`, expected one of `version`, `name`, `nodes`, `edges`, `faults`"
                .into(),
        );
        for rules in [ReadRules::IMPORT, ReadRules::LINK, ReadRules::CLI] {
            assert_eq!(read(text, rules), Err(expected.clone()), "{rules:?}");
        }
    }

    #[test]
    fn a_link_opens_an_invalid_design_within_the_limits_and_a_file_refuses_it() {
        let text = r#"{"version": 1, "nodes": []}"#;
        assert!(read(text, ReadRules::LINK).is_ok());
        let refused = read(text, ReadRules::IMPORT);
        assert_eq!(
            refused,
            Err(ReadError::Refused(validate(&Design {
                version: 1,
                name: String::new(),
                nodes: Vec::new(),
                edges: Vec::new(),
                faults: Vec::new(),
            })))
        );
        assert_eq!(read(text, ReadRules::CLI), refused);
        // An older version reads under the link's rules, and is refused as over the limits.
        let other = read(r#"{"version": 0, "nodes": []}"#, ReadRules::LINK);
        assert_eq!(
            other,
            Err(ReadError::Refused(vec![DesignError::UnsupportedVersion {
                found: 0
            }]))
        );
    }

    #[test]
    fn a_design_over_the_node_limit_is_refused_by_every_reader() {
        let mut design = pinterest();
        let node = design
            .nodes
            .first()
            .cloned()
            .unwrap_or_else(|| panic!("nodes"));
        design.nodes = (0..=MAX_NODES)
            .map(|i| super::super::Node {
                id: format!("n{i}"),
                ..node.clone()
            })
            .collect();
        let text = serde_json::to_string(&design).unwrap_or_default();
        for rules in [ReadRules::IMPORT, ReadRules::LINK, ReadRules::CLI] {
            assert_eq!(
                read(&text, rules),
                Err(ReadError::Refused(size_errors(&design))),
                "{rules:?}"
            );
        }
    }

    /// A parser that must not be reached.
    struct Unreachable;

    impl JsonParser for Unreachable {
        type Text = str;
        type Document = ();
        fn parse(text: &str) -> Result<(), String> {
            panic!("parsed {} bytes", text.len())
        }
        fn read<T: DeserializeOwned>(_: &()) -> Result<T, String> {
            Err("no document".into())
        }
    }

    #[test]
    fn text_nested_past_the_limit_is_refused_before_it_is_parsed() {
        use crate::input_text::MAX_JSON_DEPTH;
        let deep = format!(
            r#"{{"version": 1, "nodes": [{{"id": {}1{}}}]}}"#,
            "[".repeat(10_000),
            "]".repeat(10_000)
        );
        // The node's object is 3 deep; its id's arrays take it past the limit.
        let at = deep
            .find("[[")
            .map_or(0, |first| first.saturating_add(MAX_JSON_DEPTH - 3));
        for rules in [ReadRules::IMPORT, ReadRules::LINK, ReadRules::CLI] {
            let refused = Design::from_json::<Unreachable>(&deep, rules);
            assert_eq!(
                refused,
                Err(ReadError::TooDeep(JsonTooDeep {
                    depth: 10_003,
                    limit: MAX_JSON_DEPTH,
                    at,
                })),
                "{rules:?}"
            );
        }
        // At the limit it is read (and refused for what it is, not for its depth).
        let levels = MAX_JSON_DEPTH - 3;
        let at_limit = format!(
            r#"{{"version": 1, "nodes": [{{"id": {}1{}}}]}}"#,
            "[".repeat(levels),
            "]".repeat(levels)
        );
        assert!(matches!(
            read(&at_limit, ReadRules::LINK),
            Err(ReadError::NotADesign(_))
        ));
    }

    #[test]
    fn text_over_the_byte_limit_is_refused_before_it_is_parsed() {
        let limit = usize::try_from(MAX_DESIGN_BYTES).unwrap_or(usize::MAX);
        let mut text = serde_json::to_string(&pinterest()).unwrap_or_default();
        text.push_str(&" ".repeat(limit - text.len()));
        assert!(read(&text, ReadRules::LINK).is_ok(), "exactly at the limit");
        text.push(' ');
        assert_eq!(
            read(&text, ReadRules::LINK),
            Err(ReadError::TooLong { bytes: limit + 1 })
        );
    }

    /// The Pinterest preset as a newer version might write it: a field on the design, a node,
    /// a wire and a fault it does not have; a setting, a choice and a node kind it lacks; a
    /// fault of a kind it lacks. Keys in the order serde_json's `Value` gives them (sorted), so
    /// the version is read last.
    fn newer_text(version: u64) -> String {
        let mut value = serde_json::to_value(pinterest()).unwrap_or_default();
        let Some(design) = value.as_object_mut() else {
            panic!("an object")
        };
        design.insert("version".into(), version.into());
        design.insert("theme".into(), "dark".into());
        let nodes = design
            .get_mut("nodes")
            .and_then(|n| n.as_array_mut())
            .unwrap_or_else(|| panic!("nodes"));
        for node in nodes.iter_mut() {
            let Some(node) = node.as_object_mut() else {
                panic!("a node")
            };
            let kind = node["settings"]["kind"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            if kind == "database" {
                node.insert("colour".into(), "#ccc".into());
                let settings = node["settings"]
                    .as_object_mut()
                    .unwrap_or_else(|| panic!("s"));
                settings.insert("shard_weights".into(), 2048.into());
                settings.insert("replication".into(), "semi_sync".into());
                settings.insert("shards".into(), 6.into());
            }
        }
        nodes.push(serde_json::json!({
            "id": "queue", "x": 1.0, "y": 2.0, "settings": {"kind": "queue", "depth": 9}
        }));
        let edges = design
            .get_mut("edges")
            .and_then(|e| e.as_array_mut())
            .unwrap_or_else(|| panic!("edges"));
        if let Some(first) = edges.first_mut().and_then(|e| e.as_object_mut()) {
            first.insert("latency_ms".into(), 3.into());
        }
        edges.push(serde_json::json!({"from": "app", "to": "queue"}));
        design.insert(
            "faults".into(),
            serde_json::json!([
                {"at_s": 5, "kind": "partition", "shard": 0},
                {"at_s": 9, "kind": "cache_flush", "note": "kept"}
            ]),
        );
        value.to_string()
    }

    fn node_id(design: &Design, kind: NodeKind) -> String {
        design
            .nodes
            .iter()
            .find(|n| n.settings.kind() == kind)
            .map(|n| n.id.clone())
            .unwrap_or_else(|| panic!("a {kind:?}"))
    }

    #[test]
    fn a_newer_design_keeps_what_it_can_read_and_lists_the_rest() {
        let db = node_id(&pinterest(), NodeKind::Database);
        let app = node_id(&pinterest(), NodeKind::AppServer);
        let text = newer_text(2).replace("\"app\"", &format!("\"{app}\""));
        for rules in [ReadRules::IMPORT, ReadRules::LINK, ReadRules::CLI] {
            let loaded = load(&text, rules).unwrap_or_else(|e| panic!("{rules:?}: {e:?}"));
            let design = &loaded.design;
            assert_eq!(design.version, DESIGN_VERSION);
            // What it knows is read: the shard count, every node of a known kind, every
            // wire between them and the fault it has.
            let shards = design
                .nodes
                .iter()
                .find_map(|n| n.settings.database())
                .map(|d| (d.shards, d.replication));
            assert_eq!(shards, Some((6, super::super::Replication::Async)));
            assert_eq!(design.nodes.len(), pinterest().nodes.len());
            assert_eq!(design.edges, pinterest().edges);
            assert_eq!(design.faults.len(), 1);
            let newer = loaded.newer.unwrap_or_else(|| panic!("newer"));
            assert_eq!(newer.version, 2);
            let mut dropped = newer.dropped;
            dropped.sort_by_key(|d| d.to_string());
            let first_edge = pinterest()
                .edges
                .first()
                .cloned()
                .unwrap_or_else(|| panic!("e"));
            let mut expected = vec![
                Dropped::DesignField("theme".into()),
                Dropped::NodeField {
                    node: db.clone(),
                    key: "colour".into(),
                },
                Dropped::Setting {
                    node: db.clone(),
                    key: "shard_weights".into(),
                },
                Dropped::SettingValue {
                    node: db.clone(),
                    key: "replication".into(),
                    reason: "unknown variant `semi_sync`, expected `async` or `sync`".into(),
                },
                Dropped::Node {
                    node: "queue".into(),
                    kind: "queue".into(),
                },
                Dropped::EdgeField {
                    from: first_edge.from,
                    to: first_edge.to,
                    key: "latency_ms".into(),
                },
                Dropped::Edge {
                    from: app.clone(),
                    to: "queue".into(),
                },
                Dropped::Fault {
                    number: 1,
                    reason: "unknown variant `partition`, expected one of `master_down`, \
                             `cache_flush`, `hot_key`, `traffic_spike`, `shard_split`, `reshard`"
                        .into(),
                },
            ];
            expected.sort_by_key(|d| d.to_string());
            assert_eq!(dropped, expected, "{rules:?}");
        }
    }

    #[test]
    fn this_versions_design_refuses_what_a_newer_one_drops() {
        let app = node_id(&pinterest(), NodeKind::AppServer);
        let text = newer_text(1).replace("\"app\"", &format!("\"{app}\""));
        let Err(ReadError::NotADesign(message)) = load(&text, ReadRules::CLI) else {
            panic!("read")
        };
        // The first gap: the design's own fields come first, then the nodes', wires', faults'.
        assert_eq!(
            message,
            "unknown field `theme`, expected one of `version`, `name`, `nodes`, `edges`, `faults`"
        );
        // And one gap at a time, each in serde's words.
        let one = |change: &dyn Fn(&mut serde_json::Value)| {
            let mut value = serde_json::to_value(pinterest()).unwrap_or_default();
            change(&mut value);
            match load(&value.to_string(), ReadRules::LINK) {
                Err(ReadError::NotADesign(message)) => message,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(
            one(&|v| v["faults"] = serde_json::json!([{"at_s": 1, "kind": "meteor"}])),
            "unknown variant `meteor`, expected one of `master_down`, `cache_flush`, `hot_key`, \
             `traffic_spike`, `shard_split`, `reshard`"
        );
        assert_eq!(
            one(&|v| v["faults"] = serde_json::json!([{"at_s": 1, "kind": "master_down"}])),
            "missing field `shard`"
        );
        assert_eq!(
            one(&|v| v["edges"][0]["via"] = 1.into()),
            "unknown field `via`, expected `from` or `to`"
        );
        assert_eq!(
            one(&|v| v["nodes"][0]["settings"]["kind"] = "robot".into()),
            "unknown variant `robot`, expected one of `users`, `load_balancer`, `app_server`, \
             `cache`, `database`"
        );
    }

    #[test]
    fn a_newer_design_still_meets_the_readers_rules() {
        // What it keeps is checked like any design: a file must validate, a link only fit.
        let text = r#"{"version": 7, "nodes": [], "later": true}"#;
        let link = load(text, ReadRules::LINK).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            link.newer,
            Some(Newer {
                version: 7,
                dropped: vec![Dropped::DesignField("later".into())]
            })
        );
        assert!(matches!(
            load(text, ReadRules::IMPORT),
            Err(ReadError::Refused(_))
        ));
        // A version past any u32 is still a newer version.
        let far = format!(r#"{{"version": {}, "nodes": []}}"#, u64::MAX);
        let loaded = load(&far, ReadRules::LINK).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(loaded.newer.map(|n| n.version), Some(u64::MAX));
        // Read on its own, a newer design with nothing new keeps its number for the validator;
        // with something new it is refused as before.
        let plain: Design = serde_json::from_str(r#"{"version": 2, "nodes": []}"#)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plain.version, 2);
        assert!(serde_json::from_str::<Design>(text).is_err());
    }
}
