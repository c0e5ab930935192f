//! `--layout PRESET | --layout-file F`: the ID layout that `decode` and `encode` work in.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;
use shardlab_core::id_family::{IdFamily, Reading};
use shardlab_core::input_text::{check_json_depth, strip_bom_bytes};
use shardlab_core::layout::{BitLayout, Preset, ShardMap, MAX_LAYOUT_FILE_BYTES};
use shardlab_core::text::{bounded_message, quote};

use crate::output::CliError;

/// Which layout to use; the two flags exclude each other and the Pinterest preset is the default.
#[derive(Args, Debug, Clone)]
pub struct LayoutArgs {
    /// A layout preset: pinterest, instagram, snowflake, discord or sonyflake [default: pinterest];
    /// or an ID family: uuid (or uuidv7), ulid, ksuid, objectid, tsid, sonyflake-v2.
    #[arg(long, value_name = "PRESET", conflicts_with = "layout_file")]
    layout: Option<String>,

    /// A layout as JSON, e.g. {"fields":[{"name":"shard","width":16,"role":"shard"}, …]}.
    #[arg(long, value_name = "FILE")]
    layout_file: Option<PathBuf>,
}

/// A resolved layout, with where it came from and the config table that goes with it, if any.
#[derive(Debug, Clone)]
pub struct ChosenLayout {
    /// How the JSON output names it: the preset name, or the file path as given.
    pub name: String,
    /// The preset, when it is one (files have none).
    pub preset: Option<Preset>,
    /// The bit layout.
    pub layout: BitLayout,
    /// The shard → host table: Pinterest's 2015 table for the Pinterest preset, none otherwise.
    pub shard_map: Option<ShardMap>,
}

/// What `--layout` or `--layout-file` chose: a 64-bit layout, or an ID family.
#[derive(Debug, Clone)]
pub enum LayoutChoice {
    /// A preset or a layout file: a 64-bit [`BitLayout`].
    Bits(ChosenLayout),
    /// One of the wider (or other) ID families.
    Family(IdFamily),
}

impl LayoutArgs {
    /// Looks up the preset or the family, or reads and validates the file.
    pub fn choose(&self) -> Result<LayoutChoice, CliError> {
        if let Some(path) = &self.layout_file {
            let layout = read_layout_file(path)?;
            return Ok(LayoutChoice::Bits(ChosenLayout {
                name: path.display().to_string(),
                preset: None,
                layout,
                shard_map: None,
            }));
        }
        let reading = match &self.layout {
            Some(name) => Reading::from_name(name).map_err(CliError::from_display)?,
            None => Reading::Preset(Preset::Pinterest),
        };
        Ok(match reading {
            Reading::Preset(preset) => LayoutChoice::Bits(ChosenLayout {
                name: preset.name().to_owned(),
                preset: Some(preset),
                layout: preset.layout(),
                shard_map: preset.shard_map(),
            }),
            Reading::Family(family) => LayoutChoice::Family(family),
        })
    }

    /// The `--layout` name as given, when there is one.
    pub fn name(&self) -> Option<&str> {
        self.layout.as_deref()
    }
}

/// Reads layout JSON (the `BitLayout` serde form), which validates as it deserializes.
fn read_layout_file(path: &Path) -> Result<BitLayout, CliError> {
    let path_text = path.display().to_string();
    let shown = quote(&path_text);
    let file = File::open(path)
        .map_err(|err| CliError::new(format!("cannot read the layout file {shown}: {err}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_LAYOUT_FILE_BYTES.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|err| CliError::new(format!("cannot read the layout file {shown}: {err}")))?;
    if u64::try_from(bytes.len()).map_or(true, |len| len > MAX_LAYOUT_FILE_BYTES) {
        return Err(CliError::new(format!(
            "the layout file {shown} is over 1 MiB; a layout is a small JSON object"
        )));
    }
    let text = strip_bom_bytes(&bytes);
    if let Err(too_deep) = check_json_depth(text) {
        return Err(CliError::new(format!("the layout file {shown} {too_deep}")));
    }
    serde_json::from_slice(text).map_err(|err| {
        CliError::new(format!(
            "the layout file {shown} is not a valid layout: {}",
            bounded_message(&err.to_string())
        ))
    })
}
