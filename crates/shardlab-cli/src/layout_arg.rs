//! `--layout PRESET | --layout-file F`: the ID layout that `decode` and `encode` work in.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;
use shardlab_core::layout::{BitLayout, Preset, ShardMap, MAX_LAYOUT_FILE_BYTES};
use shardlab_core::text::{bounded_message, quote};

use crate::output::CliError;

/// Which layout to use; the two flags exclude each other and the Pinterest preset is the default.
#[derive(Args, Debug, Clone)]
pub struct LayoutArgs {
    /// A layout preset: pinterest, instagram, snowflake, discord or sonyflake [default: pinterest].
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

impl LayoutArgs {
    /// Looks up the preset or reads and validates the file.
    pub fn resolve(&self) -> Result<ChosenLayout, CliError> {
        if let Some(path) = &self.layout_file {
            let layout = read_layout_file(path)?;
            return Ok(ChosenLayout {
                name: path.display().to_string(),
                preset: None,
                layout,
                shard_map: None,
            });
        }
        let preset = match &self.layout {
            Some(name) => Preset::from_name(name).map_err(CliError::from_display)?,
            None => Preset::Pinterest,
        };
        Ok(ChosenLayout {
            name: preset.name().to_owned(),
            preset: Some(preset),
            layout: preset.layout(),
            shard_map: preset.shard_map(),
        })
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
    serde_json::from_slice(&bytes).map_err(|err| {
        CliError::new(format!(
            "the layout file {shown} is not a valid layout: {}",
            bounded_message(&err.to_string())
        ))
    })
}
