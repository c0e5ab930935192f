//! Reading the design's objects (the design, its nodes, wires and faults) by hand rather than by
//! serde's derive, so that one reader serves two rules: a design of this build's version refuses
//! anything it does not know, in serde's words, and a design from a newer version keeps what it
//! can read and lists the rest ([`Dropped`]).
//!
//! The version can come anywhere in the object (serde_json's `Value` sorts the keys, so it comes
//! after `edges` and `nodes`), so until the design's reader has read it, it collects what it
//! does not know ([`Unknown::Collect`]) and decides at the end: this build's version refuses the
//! first gap with the message a refusing read would have given, a newer one drops them all. After
//! this build's version, and in a node, a wire or a node's settings read on their own, a gap is
//! refused at once ([`Unknown::Refuse`]), with the line and column a text parser gives.
//!
//! Each object is read with `deserialize_map`, which enumerates its keys: serde-wasm-bindgen's
//! `deserialize_struct` looks up only the fields it is told, so in the browser a field the build
//! did not know was silently skipped, even by `deny_unknown_fields`. A design as an array, which
//! serde's derive also took and no writer produces, is not read.

use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};

use super::read::{Dropped, Loaded, Newer};
use super::settings_reader::SettingsSeed;
use super::{Design, Edge, Node, NodeSettings, DESIGN_VERSION};
use crate::sim::faults::{Fault, FaultFields};

/// The design object's fields, for serde's "unknown field" message.
const DESIGN_FIELDS: &[&str] = &["version", "name", "nodes", "edges", "faults"];
/// A node object's fields.
const NODE_FIELDS: &[&str] = &["id", "label", "x", "y", "settings"];
/// A wire object's fields.
const EDGE_FIELDS: &[&str] = &["from", "to"];

/// What a reader does with a part of a design this build does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unknown {
    /// Fail with the error, as serde's derive did.
    Refuse,
    /// Note it as a gap and read on.
    Collect,
}

impl Unknown {
    /// Under [`Unknown::Refuse`] the error; under [`Unknown::Collect`] the gap is noted, with the
    /// error's words for a caller that refuses it later.
    pub(super) fn refuse_or_note<T, E: de::Error>(
        self,
        error: E,
        gaps: &mut Vec<Gap<T>>,
        what: T,
    ) -> Result<(), E> {
        match self {
            Unknown::Refuse => Err(error),
            Unknown::Collect => {
                gaps.push(Gap::new(what, &error));
                Ok(())
            }
        }
    }
}

/// Something a collecting read did not take in, and the words a refusing read gives for it.
pub(super) struct Gap<T> {
    pub what: T,
    pub message: String,
}

impl<T> Gap<T> {
    pub(super) fn new(what: T, error: &impl fmt::Display) -> Gap<T> {
        Gap {
            what,
            message: error.to_string(),
        }
    }

    fn map<U>(self, f: impl FnOnce(T) -> U) -> Gap<U> {
        Gap {
            what: f(self.what),
            message: self.message,
        }
    }
}

/// A gap in one node, before its id is known.
pub(super) enum NodeGap {
    /// A field of the node object.
    Field(String),
    /// A setting key its kind does not have.
    Setting(String),
    /// A setting whose value does not read as the setting's type.
    SettingValue { key: String, reason: String },
    /// A kind this build lacks: the node cannot be read.
    Kind(String),
}

impl NodeGap {
    fn dropped(self, node: &str) -> Dropped {
        let node = node.to_owned();
        match self {
            NodeGap::Field(key) => Dropped::NodeField { node, key },
            NodeGap::Setting(key) => Dropped::Setting { node, key },
            NodeGap::SettingValue { key, reason } => Dropped::SettingValue { node, key, reason },
            NodeGap::Kind(kind) => Dropped::Node { node, kind },
        }
    }
}

/// Reads the next key of an object, refusing one given twice (`seen` holds a bit per field).
fn next_field<'de, A: MapAccess<'de>>(
    map: &mut A,
    fields: &'static [&'static str],
    seen: &mut u32,
) -> Result<Option<(Option<usize>, String)>, A::Error> {
    let Some(key) = map.next_key::<String>()? else {
        return Ok(None);
    };
    let index = fields.iter().position(|field| *field == key);
    if let Some((i, field)) = index.and_then(|i| Some((i, fields.get(i)?))) {
        let bit = 1u32 << i;
        if *seen & bit != 0 {
            return Err(de::Error::duplicate_field(field));
        }
        *seen |= bit;
    }
    Ok(Some((index, key)))
}

/// A node as read; `kind_known` is false for a kind this build lacks (its settings then stand in).
struct ReadNode {
    node: Node,
    kind_known: bool,
    gaps: Vec<Gap<NodeGap>>,
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        let seed = NodeSeed {
            unknown: Unknown::Refuse,
        };
        Ok(seed.deserialize(deserializer)?.node)
    }
}

/// Reads a node under `unknown`'s rule.
#[derive(Clone, Copy)]
struct NodeSeed {
    unknown: Unknown,
}

impl<'de> DeserializeSeed<'de> for NodeSeed {
    type Value = ReadNode;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<ReadNode, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for NodeSeed {
    type Value = ReadNode;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("struct Node")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ReadNode, A::Error> {
        let (mut id, mut label, mut x, mut y) = (None, String::new(), 0.0, 0.0);
        let mut settings: Option<Option<NodeSettings>> = None;
        let mut gaps = Vec::new();
        let mut seen = 0;
        while let Some((index, key)) = next_field(&mut map, NODE_FIELDS, &mut seen)? {
            match index {
                Some(0) => id = Some(map.next_value::<String>()?),
                Some(1) => label = map.next_value()?,
                Some(2) => x = map.next_value()?,
                Some(3) => y = map.next_value()?,
                Some(4) => {
                    let unknown = self.unknown;
                    let seed = SettingsSeed {
                        unknown,
                        gaps: &mut gaps,
                    };
                    settings = Some(map.next_value_seed(seed)?);
                }
                _ => {
                    let error = de::Error::unknown_field(&key, NODE_FIELDS);
                    self.unknown
                        .refuse_or_note(error, &mut gaps, NodeGap::Field(key))?;
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let id = id.ok_or_else(|| de::Error::missing_field("id"))?;
        let settings = settings.ok_or_else(|| de::Error::missing_field("settings"))?;
        let kind_known = settings.is_some();
        Ok(ReadNode {
            node: Node {
                id,
                label,
                x,
                y,
                // A kind this build lacks stands in as a load balancer, which has no settings;
                // the design's reader drops the node.
                settings: settings.unwrap_or(NodeSettings::LoadBalancer),
            },
            kind_known,
            gaps,
        })
    }
}

impl<'de> Deserialize<'de> for Edge {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Edge, D::Error> {
        let seed = EdgeSeed {
            unknown: Unknown::Refuse,
        };
        Ok(seed.deserialize(deserializer)?.0)
    }
}

/// Reads a wire, with the fields it did not know.
#[derive(Clone, Copy)]
struct EdgeSeed {
    unknown: Unknown,
}

impl<'de> DeserializeSeed<'de> for EdgeSeed {
    type Value = (Edge, Vec<Gap<String>>);

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for EdgeSeed {
    type Value = (Edge, Vec<Gap<String>>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("struct Edge")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut from, mut to) = (None, None);
        let mut gaps = Vec::new();
        let mut seen = 0;
        while let Some((index, key)) = next_field(&mut map, EDGE_FIELDS, &mut seen)? {
            match index {
                Some(0) => from = Some(map.next_value::<String>()?),
                Some(1) => to = Some(map.next_value::<String>()?),
                _ => {
                    let error = de::Error::unknown_field(&key, EDGE_FIELDS);
                    self.unknown.refuse_or_note(error, &mut gaps, key)?;
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let from = from.ok_or_else(|| de::Error::missing_field("from"))?;
        let to = to.ok_or_else(|| de::Error::missing_field("to"))?;
        Ok((Edge { from, to }, gaps))
    }
}

/// A list read element by element with a seed.
struct ListSeed<S>(S);

impl<'de, S: Copy + DeserializeSeed<'de>> DeserializeSeed<'de> for ListSeed<S> {
    type Value = Vec<S::Value>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, S: Copy + DeserializeSeed<'de>> Visitor<'de> for ListSeed<S> {
    type Value = Vec<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.0)? {
            items.push(item);
        }
        Ok(items)
    }
}

/// A design as read, before the version decides what its gaps mean.
struct ReadDesign {
    version: u64,
    name: String,
    nodes: Vec<ReadNode>,
    edges: Vec<(Edge, Vec<Gap<String>>)>,
    faults: Vec<FaultFields>,
    /// Fields of the design object itself that this build does not know.
    gaps: Vec<Gap<String>>,
}

impl<'de> Deserialize<'de> for ReadDesign {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ReadDesign, D::Error> {
        deserializer.deserialize_map(DesignVisitor)
    }
}

struct DesignVisitor;

impl<'de> Visitor<'de> for DesignVisitor {
    type Value = ReadDesign;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("struct Design")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ReadDesign, A::Error> {
        let mut version = None;
        let mut name = String::new();
        let mut nodes = None;
        let (mut edges, mut faults) = (Vec::new(), Vec::new());
        let mut gaps = Vec::new();
        let mut seen = 0;
        while let Some((index, key)) = next_field(&mut map, DESIGN_FIELDS, &mut seen)? {
            // Once this build's version has been read (a writer puts it first), what follows is
            // refused where it stands, so a text parser's message names its line and column.
            let unknown = match version {
                Some(v) if v <= u64::from(DESIGN_VERSION) => Unknown::Refuse,
                Some(_) | None => Unknown::Collect,
            };
            match index {
                Some(0) => version = Some(map.next_value::<u64>()?),
                Some(1) => name = map.next_value()?,
                Some(2) => nodes = Some(map.next_value_seed(ListSeed(NodeSeed { unknown }))?),
                Some(3) => edges = map.next_value_seed(ListSeed(EdgeSeed { unknown }))?,
                Some(4) => faults = map.next_value()?,
                _ => {
                    let error = de::Error::unknown_field(&key, DESIGN_FIELDS);
                    unknown.refuse_or_note::<_, A::Error>(error, &mut gaps, key)?;
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(ReadDesign {
            version: version.ok_or_else(|| de::Error::missing_field("version"))?,
            name,
            nodes: nodes.ok_or_else(|| de::Error::missing_field("nodes"))?,
            edges,
            faults,
            gaps,
        })
    }
}

impl ReadDesign {
    /// Every gap, in the design's order (its own fields, then nodes, wires and faults), as what
    /// a newer design's reader drops. The faults are read here.
    fn split(self) -> (u64, Design, Vec<Gap<Dropped>>, Vec<String>) {
        let mut dropped: Vec<Gap<Dropped>> = self
            .gaps
            .into_iter()
            .map(|g| g.map(Dropped::DesignField))
            .collect();
        let mut nodes = Vec::with_capacity(self.nodes.len());
        let mut gone = Vec::new();
        for read in self.nodes {
            let id = read.node.id.clone();
            dropped.extend(
                read.gaps
                    .into_iter()
                    .map(|g| g.map(|what| what.dropped(&id))),
            );
            if read.kind_known {
                nodes.push(read.node);
            } else {
                gone.push(id);
            }
        }
        let mut edges = Vec::with_capacity(self.edges.len());
        for (edge, gaps) in self.edges {
            dropped.extend(gaps.into_iter().map(|g| {
                g.map(|key| Dropped::EdgeField {
                    from: edge.from.clone(),
                    to: edge.to.clone(),
                    key,
                })
            }));
            edges.push(edge);
        }
        let mut faults = Vec::with_capacity(self.faults.len());
        for (number, fields) in (1..).zip(self.faults) {
            match Fault::try_from(fields) {
                Ok(fault) => faults.push(fault),
                Err(unread) => dropped.push(Gap::new(
                    Dropped::Fault {
                        number,
                        reason: unread.to_string(),
                    },
                    &unread,
                )),
            }
        }
        let design = Design {
            version: DESIGN_VERSION,
            name: self.name,
            nodes,
            edges,
            faults,
        };
        (self.version, design, dropped, gone)
    }

    /// This build's reading: the first gap is an error in a refusing read's words, and a newer
    /// version with no gap keeps its number (so that [`super::super::validate`] names it).
    fn strict<E: de::Error>(self) -> Result<Design, E> {
        let (version, mut design, dropped, _) = self.split();
        if let Some(first) = dropped.into_iter().next() {
            return Err(E::custom(first.message));
        }
        design.version = u32::try_from(version)
            .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(version), &"a u32"))?;
        Ok(design)
    }

    /// A newer design's reading: its gaps, and the wires that touched a node left out, are
    /// dropped and listed; the design is this build's version.
    fn lenient(self) -> Loaded {
        let (version, mut design, gaps, gone) = self.split();
        let mut dropped: Vec<Dropped> = gaps.into_iter().map(|gap| gap.what).collect();
        design.edges.retain(|edge| {
            let touches = gone.contains(&edge.from) || gone.contains(&edge.to);
            if touches {
                dropped.push(Dropped::Edge {
                    from: edge.from.clone(),
                    to: edge.to.clone(),
                });
            }
            !touches
        });
        Loaded {
            design,
            newer: Some(Newer { version, dropped }),
        }
    }
}

impl<'de> Deserialize<'de> for Design {
    /// A design of any version, refusing whatever this build does not know (the derive's rule).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Design, D::Error> {
        ReadDesign::deserialize(deserializer)?.strict()
    }
}

/// A design as [`Design::from_json`] reads it: strict for this build's version and older, lenient
/// for a newer one.
pub(super) struct AnyVersion(pub Loaded);

impl<'de> Deserialize<'de> for AnyVersion {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<AnyVersion, D::Error> {
        let read = ReadDesign::deserialize(deserializer)?;
        if read.version > u64::from(DESIGN_VERSION) {
            return Ok(AnyVersion(read.lenient()));
        }
        Ok(AnyVersion(Loaded {
            design: read.strict::<D::Error>()?,
            newer: None,
        }))
    }
}
