//! Reading a design from JSON text: the one reader behind the board's Import button, its link and
//! autosave, and the CLI's `simulate DESIGN.json`.
//!
//! The parser is the caller's ([`JsonParser`]): the board's page parses with the browser's
//! `JSON.parse`, so serde_json's parser (15 kB brotli) stays out of it, and the CLI with serde_json.
//! Everything after the parse is here: the size limit, the version check, reading the
//! [`Design`] and which of the validator's problems refuse it ([`ReadRules`]). The error is
//! structured ([`ReadError`]); each caller words it for its reader.

use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::{Design, DESIGN_VERSION};
use crate::sim::validate::{size_errors, validate, DesignError};

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
    /// The text is not JSON; the parser's message.
    NotJson(String),
    /// ([`ReadRules::version_first`]) There is no whole-number `"version"`.
    NoVersion,
    /// ([`ReadRules::version_first`]) The version is not [`DESIGN_VERSION`].
    OtherVersion(u64),
    /// The JSON is not a design; the reader's message.
    NotADesign(String),
    /// The design reads but has these problems (never empty), in the validator's order.
    Refused(Vec<DesignError>),
}

/// Only the version, read before the design.
#[derive(Deserialize)]
struct Header {
    version: Option<u64>,
}

impl Design {
    /// Reads a design from JSON text with parser `P`, under `rules`.
    pub fn from_json<P: JsonParser>(text: &P::Text, rules: ReadRules) -> Result<Design, ReadError> {
        let bytes = text.as_ref().len();
        if u64::try_from(bytes).map_or(true, |len| len > MAX_DESIGN_BYTES) {
            return Err(ReadError::TooLong { bytes });
        }
        let document = P::parse(text).map_err(ReadError::NotJson)?;
        if rules.version_first {
            match P::read::<Header>(&document).ok().and_then(|h| h.version) {
                Some(version) if version == u64::from(DESIGN_VERSION) => {}
                Some(other) => return Err(ReadError::OtherVersion(other)),
                None => return Err(ReadError::NoVersion),
            }
        }
        let design: Design = P::read(&document).map_err(ReadError::NotADesign)?;
        let problems = match rules.refuse {
            Refuse::OverLimits => size_errors(&design),
            Refuse::AnyProblem => validate(&design),
        };
        if problems.is_empty() {
            Ok(design)
        } else {
            Err(ReadError::Refused(problems))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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

    fn read(text: &str, rules: ReadRules) -> Result<Design, ReadError> {
        Design::from_json::<ViaValue>(text, rules)
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
    fn version_first_names_a_missing_or_other_version_before_the_fields() {
        let rules = ReadRules::IMPORT;
        assert_eq!(
            read(r#"{"version": 2, "nodes": [], "future": 1}"#, rules),
            Err(ReadError::OtherVersion(2))
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
        // Another version reads under the link's rules, and is refused as over the limits.
        let other = read(r#"{"version": 2, "nodes": []}"#, ReadRules::LINK);
        assert_eq!(
            other,
            Err(ReadError::Refused(vec![DesignError::UnsupportedVersion {
                found: 2
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
}
