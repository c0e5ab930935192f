//! The design as a file: the JSON the Export button writes, and the words for why an imported
//! file was not loaded. Reading is the core's ([`Design::from_json`] with
//! [`ReadRules::IMPORT`]: version first, and only a design that validates), parsed by the
//! browser's `JSON.parse` ([`Json`]).

use shardlab_core::input_text::strip_bom;
use shardlab_core::sim::{Design, ReadError, ReadRules, DESIGN_VERSION, DROPPED_NAMED};
use shardlab_core::text::bounded_message;

use crate::browser::json::Json;

/// Reads a design file's text: JSON, this version or a newer one, and a design that validates.
/// A newer file comes with a note naming what this build left out of it. A leading byte-order
/// mark (some editors write one) is not part of the JSON.
pub fn parse_import(text: &str) -> Result<(Design, Option<String>), String> {
    let text = strip_bom(text);
    let loaded =
        Design::from_json::<Json>(text, ReadRules::IMPORT).map_err(|error| match error {
            // The Import button refuses a larger file before reading it (`saving.rs`).
            ReadError::TooLong { .. } => {
                "This file is over 1 MB (1,048,576 bytes), the most a design file may be."
                    .to_owned()
            }
            ReadError::TooDeep(too_deep) => format!("This file {too_deep}."),
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

/// The design as the Export button writes it: pretty JSON, exactly as serde_json's
/// `to_string_pretty` writes it. The compact text is the one links and the worker already get,
/// indented by [`pretty`]: a second, pretty, copy of the design's serializer cost the Board page
/// 1.3 kB of brotli.
pub fn export_json(design: &Design) -> String {
    pretty(&serde_json::to_string(design).unwrap_or_default())
}

/// Compact JSON text laid out as serde_json's pretty printer lays it out: each member and element
/// on a line of its own, two spaces per level, `": "` after a key, and an empty `{}` or `[]`
/// kept whole.
fn pretty(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len().saturating_mul(2));
    let mut depth = 0usize;
    let (mut in_string, mut escaped) = (false, false);
    let mut chars = compact.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            // A quote ends the string unless a backslash escapes it.
            (in_string, escaped) = match (escaped, c) {
                (true, _) => (true, false),
                (false, '\\') => (true, true),
                (false, c) => (c != '"', false),
            };
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                match chars.next_if(|next| matches!(next, '}' | ']')) {
                    Some(close) => out.push(close),
                    None => {
                        depth = depth.saturating_add(1);
                        new_line(&mut out, depth);
                    }
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                new_line(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                new_line(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c => out.push(c),
        }
    }
    out
}

/// Starts a line indented `depth` levels.
fn new_line(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
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
    fn a_file_nested_past_the_limit_is_refused_in_words_and_a_bom_is_not_json() {
        let deep = format!(
            r#"{{"version": 1, "nodes": [{{"id": {}"a"{}}}]}}"#,
            "[".repeat(10_000),
            "]".repeat(10_000)
        );
        assert_eq!(
            parse_import(&deep).unwrap_err(),
            "This file nests 10,003 levels deep; shardlab reads at most 64."
        );
        let design = BoardState::default().design;
        let with_bom = format!("\u{FEFF}{}", export_json(&design));
        assert_eq!(parse_import(&with_bom), Ok((design, None)));
    }

    #[test]
    fn the_export_is_serde_jsons_pretty_text() {
        let mut designs: Vec<Design> = shardlab_core::sim::PRESET_NAMES
            .iter()
            .filter_map(|name| shardlab_core::sim::preset(name))
            .map(|p| p.design)
            .collect();
        let mut tricky = BoardState::default().design;
        tricky.name = r#"a "quoted" {name}, with [brackets]: and \ back\"slashes\\"#.to_owned();
        tricky.nodes[0].label = "tab\there, new\nline, \u{1} and ünïcode".to_owned();
        tricky.nodes[0].x = 0.1 + 0.2;
        tricky.edges.clear();
        tricky.faults.clear();
        designs.push(tricky);
        for design in designs {
            assert_eq!(
                export_json(&design),
                serde_json::to_string_pretty(&design).unwrap(),
                "{}",
                design.name
            );
        }
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
