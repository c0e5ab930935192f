//! The words for what the core's generator returns: each [`GenerateStep`] as the title and the
//! sentence the "Insert a new object" panel shows.

use shardlab_core::layout::{format_unix_ms, GenerateStep};

/// One step as shown to the reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepText {
    /// What happens, e.g. "Pick a shard".
    pub title: String,
    /// The concrete numbers.
    pub detail: String,
}

/// The title and sentence of one step.
pub fn step_text(step: &GenerateStep) -> StepText {
    let (title, detail) = match step {
        GenerateStep::PickShard { shard, drawn_among } => (
            "Pick a shard".to_owned(),
            match drawn_among {
                None => format!("You chose shard {shard}."),
                Some(among) => {
                    format!("A seeded random draw picks shard {shard} of the {among} in the table.")
                }
            },
        ),
        GenerateStep::InsertRow {
            table,
            host,
            database,
        } => (
            "Insert the row".to_owned(),
            format!("INSERT INTO {table} … on {host}, database {database}."),
        ),
        GenerateStep::TakeLocalId {
            local,
            shard,
            type_id,
        } => (
            "Take the auto-increment local ID".to_owned(),
            format!(
                "MySQL hands back local ID {local} (the counter of shard {shard}, type {type_id})."
            ),
        ),
        GenerateStep::ReadClock {
            now_ms,
            ticks,
            unit_ms,
        } => (
            "Read the clock".to_owned(),
            format!(
                "Now is {} = Unix ms {now_ms}; that is {ticks} ticks of {unit_ms} ms since the epoch.",
                format_unix_ms(*now_ms)
            ),
        ),
        GenerateStep::TakeSequence { field, value } => (
            format!("Take the next {field}"),
            format!("The counter gives {value}; it tells apart IDs made in the same tick."),
        ),
        GenerateStep::NameWorker { field, value } => (
            format!("Name the {field}"),
            format!("This generator is {field} {value}."),
        ),
        GenerateStep::Compose { id, terms } => ("Compose the ID".to_owned(), compose_line(*id, terms)),
    };
    StepText { title, detail }
}

/// "(3429 << 46) | (1 << 36) | 7075733 = 241294492511762325", from the nonzero (value, shift)
/// terms.
pub fn compose_line(id: u64, terms: &[(u64, u32)]) -> String {
    let terms: Vec<String> = terms
        .iter()
        .map(|&(value, shift)| {
            if shift == 0 {
                value.to_string()
            } else {
                format!("({value} << {shift})")
            }
        })
        .collect();
    if terms.is_empty() {
        format!("every field is 0, so the ID is {id}")
    } else {
        format!("{} = {id}", terms.join(" | "))
    }
}
