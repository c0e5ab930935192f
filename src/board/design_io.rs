//! The design as a file: the JSON the Export button writes, and the words for why an imported
//! file was not loaded. Reading is the core's ([`Design::from_json`] with
//! [`ReadRules::IMPORT`]: version first, and only a design that validates), parsed by the
//! browser's `JSON.parse` ([`Json`]).

use shardlab_core::sim::{Design, ReadError, ReadRules, DESIGN_VERSION};
use shardlab_core::text::bounded_message;

use crate::browser::json::Json;

/// Reads a design file's text: JSON, the supported version, and a design that validates.
pub fn parse_import(text: &str) -> Result<Design, String> {
    Design::from_json::<Json>(text, ReadRules::IMPORT).map_err(|error| match error {
        // The Import button refuses a larger file before reading it (`saving.rs`).
        ReadError::TooLong { .. } => {
            "This file is over 1 MB (1,048,576 bytes), the most a design file may be.".to_owned()
        }
        ReadError::NotJson(message) => format!(
            "This file is not JSON ({}). Export a board to see the format.",
            bounded_message(&message)
        ),
        ReadError::OtherVersion(version) => format!(
            "This file is design version {version}; this build reads version {DESIGN_VERSION}."
        ),
        ReadError::NoVersion => {
            "This JSON has no \"version\": 1, so it is not a shardlab design.".to_owned()
        }
        ReadError::NotADesign(message) => format!(
            "This JSON is not a shardlab design: {}.",
            bounded_message(&message)
        ),
        ReadError::Refused(problems) => match problems.first() {
            Some(first) => format!("This design cannot be loaded: {first}."),
            None => "This design cannot be loaded.".to_owned(),
        },
    })
}

/// The design as the Export button writes it: pretty JSON.
pub fn export_json(design: &Design) -> String {
    serde_json::to_string_pretty(design).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::state::BoardState;

    #[test]
    fn imports_refuse_bad_files_word_for_word() {
        let refusal = |text: &str| parse_import(text).unwrap_err();
        assert_eq!(
            refusal("{nope"),
            "This file is not JSON (key must be a string at line 1 column 2). Export a board to \
             see the format."
        );
        assert_eq!(
            refusal(""),
            "This file is not JSON (EOF while parsing a value at line 1 column 0). Export a board \
             to see the format."
        );
        assert_eq!(
            refusal(r#"{"version": 2, "nodes": []}"#),
            "This file is design version 2; this build reads version 1."
        );
        for text in [
            r#"{"nodes": []}"#,
            r#"{"version": "1"}"#,
            r#"{"version": 1.5, "nodes": []}"#,
        ] {
            assert_eq!(
                refusal(text),
                "This JSON has no \"version\": 1, so it is not a shardlab design.",
                "{text}"
            );
        }
        assert_eq!(
            refusal(r#"{"version": 1, "nodes": [], "x": 0}"#),
            "This JSON is not a shardlab design: unknown field `x`, expected one of `version`, \
             `name`, `nodes`, `edges`, `faults`."
        );
        assert_eq!(
            refusal("[1]"),
            "This JSON is not a shardlab design: invalid length 2, expected struct Design with 5 \
             elements."
        );
        assert_eq!(
            refusal(r#"{"version": 1, "nodes": []}"#),
            "This design cannot be loaded: the design has no users node; it needs exactly one."
        );
    }

    #[test]
    fn an_exported_design_imports() {
        let design = BoardState::default().design;
        assert_eq!(parse_import(&export_json(&design)), Ok(design));
    }
}
