//! The design as a file: the JSON the Export button writes, and the words for why an imported
//! file was not loaded. Reading is the core's ([`Design::from_json`] with
//! [`ReadRules::IMPORT`]: version first, and only a design that validates), parsed by the
//! browser's `JSON.parse` ([`Json`]).

use shardlab_core::sim::{Design, ReadError, ReadRules, DESIGN_VERSION, DROPPED_NAMED};
use shardlab_core::text::bounded_message;

use crate::browser::json::Json;

/// Reads a design file's text: JSON, this version or a newer one, and a design that validates.
/// A newer file comes with a note naming what this build left out of it.
pub fn parse_import(text: &str) -> Result<(Design, Option<String>), String> {
    let loaded =
        Design::from_json::<Json>(text, ReadRules::IMPORT).map_err(|error| match error {
            // The Import button refuses a larger file before reading it (`saving.rs`).
            ReadError::TooLong { .. } => {
                "This file is over 1 MB (1,048,576 bytes), the most a design file may be."
                    .to_owned()
            }
            ReadError::NotJson(message) => format!(
                "This file is not JSON ({}). Export a board to see the format.",
                bounded_message(&message)
            ),
            ReadError::OtherVersion(version) => format!(
                "This file is design version {version}; this build reads version {DESIGN_VERSION} \
             and later ones."
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
        })?;
    let note = loaded.newer.map(|newer| {
        format!(
            "This file is design version {}, newer than this build's {DESIGN_VERSION}; it was \
             read without {}.",
            newer.version,
            newer.left_out(DROPPED_NAMED)
        )
    });
    Ok((loaded.design, note))
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
            refusal(r#"{"version": 0, "nodes": []}"#),
            "This file is design version 0; this build reads version 1 and later ones."
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
            "This JSON is not a shardlab design: invalid type: sequence, expected struct Design."
        );
        assert_eq!(
            refusal(r#"{"version": 1, "nodes": []}"#),
            "This design cannot be loaded: the design has no users node; it needs exactly one."
        );
    }

    #[test]
    fn an_exported_design_imports() {
        let design = BoardState::default().design;
        assert_eq!(parse_import(&export_json(&design)), Ok((design, None)));
    }

    #[test]
    fn a_newer_file_imports_what_it_can_and_says_what_it_left_out() {
        let design = BoardState::default().design;
        let mut value = serde_json::to_value(&design).unwrap();
        value["version"] = 3.into();
        value["theme"] = "dark".into();
        let nodes = value["nodes"].as_array_mut().unwrap();
        let db = nodes
            .iter_mut()
            .find(|n| n["settings"]["kind"] == "database")
            .unwrap();
        db["settings"]["shard_weights"] = 512.into();
        db["settings"]["shards"] = 3.into();
        let id = db["id"].as_str().unwrap().to_owned();
        let (read, note) = parse_import(&value.to_string()).unwrap();
        let shards = read.nodes.iter().find_map(|n| n.settings.database());
        assert_eq!(shards.map(|d| d.shards), Some(3));
        assert_eq!(read.nodes.len(), design.nodes.len());
        assert_eq!(
            note.as_deref(),
            Some(
                format!(
                    "This file is design version 3, newer than this build's 1; it was read \
                     without the design's field `theme`, setting `shard_weights` of node `{id}`."
                )
                .as_str()
            )
        );
        // What it keeps must still be a design: a file of a newer version is checked too.
        assert_eq!(
            parse_import(r#"{"version": 3, "nodes": [], "theme": 1}"#).unwrap_err(),
            "This design cannot be loaded: the design has no users node; it needs exactly one."
        );
    }
}
