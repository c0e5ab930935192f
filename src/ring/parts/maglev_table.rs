//! Maglev's picture: the lookup table filling slot by slot from each server's preference list
//! (play, pause, step), the table before the last change, and the slots the change moved, marked,
//! with those that moved between two servers that both stayed counted apart. A table too large
//! to draw (above [`MAX_STEPPED_TABLE_SIZE`]) is described by its counts, with buttons that open
//! a small one.

use shardlab_core::placement::{
    hash_bytes, Churn, FillStep, Maglev, MaglevTable, Server, ServerId, ServerList, DEFAULT_TABLE_SIZE,
    MAX_STEPPED_TABLE_SIZE,
};
use std::rc::Rc;

use shardlab_core::text::thousands;
use yew::prelude::*;

use crate::ring::kept_tables::maglev_of;
use crate::ring::state::Action;
use crate::widgets::palette::server_class;
use crate::widgets::playback::{controls, use_playback};

/// Small primes a reader can switch to, to watch the fill, and the production size to go back to.
const TABLE_SIZES: [u32; 5] = [7, 13, 61, MAX_STEPPED_TABLE_SIZE, DEFAULT_TABLE_SIZE];

/// How many slots of each preference list the picture prints.
const LIST_SHOWN: u32 = 7;

/// Props for [`MaglevPicture`].
#[derive(Properties, PartialEq)]
pub struct MaglevPictureProps {
    pub servers: Vec<Server>,
    /// The servers before the last change, if any.
    pub previous: Option<Vec<Server>>,
    pub table_size: u32,
    pub dispatch: Callback<Action>,
}

/// The tables the picture draws: now (with its claims when small) and before the last change,
/// with what the change moved.
#[derive(PartialEq)]
struct Built {
    now: Rc<Maglev>,
    steps: Vec<FillStep>,
    before: Option<Rc<Maglev>>,
    churn: Option<Churn>,
}

impl Built {
    /// `None` when the core refuses the servers or the size (the page's state never holds such a
    /// pair; a refusal there is the reducer's note).
    fn new(servers: &[Server], previous: Option<&[Server]>, size: u32) -> Option<Built> {
        let table = |servers: &[Server]| {
            if size > MAX_STEPPED_TABLE_SIZE {
                // No claims to list: the table the drawn state's preparation filled in slices.
                return Some((maglev_of(servers, size).ok()?, Vec::new()));
            }
            let list = ServerList::new(servers.to_vec()).ok()?;
            let (table, steps) = MaglevTable::with_steps(&list, size).ok()?;
            Some((Rc::new(Maglev::from_table(list, table)?), steps))
        };
        let (now, steps) = table(servers)?;
        let before = previous.and_then(table).map(|(before, _)| before);
        let churn = before.as_ref().map(|before| before.table().churn(now.table()));
        Some(Built {
            now,
            steps,
            before,
            churn,
        })
    }
}

/// Each slot's owner after the first `shown` claims (`None`: not claimed yet).
pub fn owners_after(steps: &[FillStep], size: u32, shown: usize) -> Vec<Option<ServerId>> {
    let mut owners = vec![None; size as usize];
    for step in steps.iter().take(shown) {
        if let Some(slot) = owners.get_mut(step.claimed as usize) {
            *slot = Some(step.server);
        }
    }
    owners
}

/// What one claim says: whose turn, which slots it found taken, which it took.
pub fn claim_text(step: &FillStep) -> String {
    let tried = match step.taken.as_slice() {
        [] => String::new(),
        [one] => format!("slot {one} is taken, so "),
        more => format!(
            "slots {} are taken, so ",
            more.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    format!(
        "S{}'s turn: {tried}it takes slot {}.",
        step.server.0, step.claimed
    )
}

/// What a change did to the table, in words: how many slots moved, and how many of them went
/// between two servers that both stayed.
pub fn churn_text(churn: Churn) -> String {
    match between_text(churn) {
        Some(between) => format!("{} {between}", moved_text(churn)),
        None => moved_text(churn),
    }
}

/// How many slots the last change moved.
fn moved_text(churn: Churn) -> String {
    let Churn { changed, slots, .. } = churn;
    if changed == 0 {
        return format!(
            "The last change moved none of the {} slots.",
            thousands(u64::from(slots))
        );
    }
    format!(
        "The last change moved {} of {} slots.",
        thousands(u64::from(changed)),
        thousands(u64::from(slots))
    )
}

/// How many of the moved slots went between two servers that stayed; `None` when none moved.
fn between_text(churn: Churn) -> Option<String> {
    (churn.changed > 0).then(|| {
        format!(
            "{} of them went between two servers that both stayed (a ring moves none of those: \
             Maglev pays them for an even table).",
            thousands(u64::from(churn.between_stayers))
        )
    })
}

/// The table as a grid of cells, a slot each, coloured by owner, with each slot's mark.
fn cells(owners: &[Option<ServerId>], marks: &[Option<&'static str>], label: &'static str) -> Html {
    let cells = owners.iter().enumerate().map(|(slot, owner)| {
        let class = classes!(
            "mg-slot",
            owner.map(|o| server_class(o.0 as usize)),
            owner.is_none().then_some("free"),
            marks.get(slot).copied().flatten()
        );
        let title = owner.map_or_else(
            || format!("slot {slot}: free"),
            |o| format!("slot {slot}: S{}", o.0),
        );
        html! {
            <li {class} {title}>
                <span class="mg-slot-n num">{ slot }</span>
                <span class="mg-slot-owner mono">{ owner.map_or_else(String::new, |o| format!("S{}", o.0)) }</span>
            </li>
        }
    });
    html! { <ol class="mg-table" aria-label={label}>{ for cells }</ol> }
}

/// Each server's list: offset, skip and its first slots.
fn lists(table: &MaglevTable) -> Html {
    let size = table.size();
    let rows = table.preferences().iter().map(|p| {
        let first: Vec<String> = (0..LIST_SHOWN.min(size))
            .map(|j| p.slot(j, size).to_string())
            .collect();
        let more = if size > LIST_SHOWN { " …" } else { "" };
        html! {
            <li class={server_class(p.server.0 as usize)}>
                <span class="rv-swatch" aria-hidden="true"></span>
                <span class="mono">{ format!("S{}", p.server.0) }</span>
                { format!(" offset {}, skip {}: ", p.offset, p.skip) }
                <span class="mono num">{ format!("{}{more}", first.join(" ")) }</span>
            </li>
        }
    });
    html! { <ul class="mg-lists">{ for rows }</ul> }
}

/// Each server's slot count.
fn counts(table: &MaglevTable) -> String {
    table
        .slot_counts()
        .iter()
        .map(|(server, n)| format!("S{} {}", server.0, thousands(u64::from(*n))))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Maglev's table.
#[function_component(MaglevPicture)]
pub fn maglev_picture(props: &MaglevPictureProps) -> Html {
    let size = props.table_size;
    let built = use_memo(
        (props.servers.clone(), props.previous.clone(), size),
        |(servers, previous, size)| Built::new(servers, previous.as_deref(), *size),
    );
    // The player restarts for a new table: its serial names the servers, weights and size.
    let serial = {
        let mut named: Vec<u8> = size.to_le_bytes().to_vec();
        for server in &props.servers {
            named.extend(server.id.0.to_le_bytes());
            named.extend(server.weight.to_le_bytes());
        }
        hash_bytes(&named)
    };
    let total = built.as_ref().as_ref().map_or(0, |b| b.steps.len());
    // About ten seconds for a whole fill, and no step faster than the eye can follow.
    let step_ms = u32::try_from(10_000usize.checked_div(total).unwrap_or(700))
        .unwrap_or(700)
        .clamp(60, 700);
    let (current, dispatcher) = use_playback(serial, total, step_ms);
    let Some(built) = built.as_ref() else {
        return html! {};
    };
    let churn = built.churn;
    let small_tables = TABLE_SIZES.map(|n| {
        let onclick = props
            .dispatch
            .reform(move |_: MouseEvent| Action::SetTableSize(n));
        html! {
            <button type="button" {onclick} aria-pressed={(n == size).to_string()}
                data-testid={format!("mg-size-{n}")}>{ format!("{} slots", thousands(u64::from(n))) }</button>
        }
    });
    let sizes = html! {
        <div class="mg-sizes" role="group" aria-label="Table size">{ for small_tables }</div>
    };
    if built.steps.is_empty() {
        return html! {
            <div class="rv-picture mg">
                <p>{ format!(
                    "A table of {} slots. Each server fills it from its own preference list, a permutation \
                     of the slots, taking turns, so each holds an even share: {}.",
                    thousands(u64::from(size)), counts(built.now.table())) }</p>
                if let Some(churn) = churn {
                    <p data-testid="mg-churn">{ churn_text(churn) }</p>
                }
                <p class="help">{ format!(
                    "The fill is drawn slot by slot for tables of up to {MAX_STEPPED_TABLE_SIZE} slots. \
                     Open a small one:") }</p>
                { sizes }
            </div>
        };
    }
    let shown = current.shown;
    let owners = owners_after(&built.steps, size, shown);
    let step = shown.checked_sub(1).and_then(|i| built.steps.get(i));
    let status = step.map_or_else(String::new, |step| {
        format!("Claim {shown} of {}: {}", current.total, claim_text(step))
    });
    // Moved slots are marked once the fill is shown whole; while it plays, the claim and the
    // slots it found taken.
    let moved: Vec<Option<&'static str>> = built.before.as_ref().map_or_else(Vec::new, |before| {
        before
            .table()
            .slots()
            .iter()
            .zip(built.now.table().slots())
            .map(|(was, is)| (was != is).then_some("moved"))
            .collect()
    });
    let marks: Vec<Option<&'static str>> = match step {
        Some(step) if !current.at_end() => (0..size)
            .map(|slot| {
                if step.claimed == slot {
                    Some("claimed")
                } else {
                    step.taken.contains(&slot).then_some("tried")
                }
            })
            .collect(),
        Some(_) | None => moved.clone(),
    };
    let before_owners: Option<Vec<Option<ServerId>>> = built
        .before
        .as_ref()
        .map(|before| before.table().slots().iter().copied().map(Some).collect());
    html! {
        <div class="rv-picture mg">
            <p>{ "Each server's list visits every slot (its offset, then every skip-th one). In turn, each \
                  takes the next free slot on its list. A key's owner is slot hash mod M." }</p>
            { lists(built.now.table()) }
            { controls(&current, &dispatcher, "Play the fill", "mg", status) }
            { cells(&owners, &marks, "The table") }
            if current.at_end() {
                <div class="mg-counts" data-testid="mg-counts">
                    <p>
                        { format!("Slots held: {}. ", counts(built.now.table())) }
                        if let Some(churn) = churn {
                            <span data-testid="mg-churn">{ moved_text(churn) }</span>
                        }
                    </p>
                    if let Some(between) = churn.and_then(between_text) {
                        <details class="mg-between" data-testid="mg-between">
                            <summary>{ "Count the moves between servers that stayed for me" }</summary>
                            <p data-testid="mg-between-count">{ between }</p>
                        </details>
                    }
                </div>
                if let Some(before) = before_owners {
                    <h3 class="mg-heading">{ "Before the last change" }</h3>
                    { cells(&before, &moved, "The table before the last change") }
                }
            }
            { sizes }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(server: u32, taken: &[u32], claimed: u32) -> FillStep {
        FillStep {
            server: ServerId(server),
            taken: taken.to_vec(),
            claimed,
        }
    }

    #[test]
    fn the_table_shows_the_claims_made_so_far() {
        let steps = [step(0, &[], 3), step(1, &[], 0), step(2, &[3], 4)];
        assert_eq!(owners_after(&steps, 5, 0), [None; 5]);
        assert_eq!(
            owners_after(&steps, 5, 2),
            [Some(ServerId(1)), None, None, Some(ServerId(0)), None]
        );
        assert_eq!(owners_after(&steps, 5, 9)[4], Some(ServerId(2)));
    }

    #[test]
    fn a_claim_says_which_slots_were_taken() {
        assert_eq!(claim_text(&step(2, &[], 4)), "S2's turn: it takes slot 4.");
        assert_eq!(
            claim_text(&step(2, &[3], 4)),
            "S2's turn: slot 3 is taken, so it takes slot 4."
        );
        assert_eq!(
            claim_text(&step(1, &[0, 3], 6)),
            "S1's turn: slots 0, 3 are taken, so it takes slot 6."
        );
    }

    #[test]
    fn the_churn_names_the_moves_between_servers_that_stayed() {
        let text = churn_text(Churn {
            changed: 3,
            between_stayers: 1,
            slots: 7,
        });
        assert!(text.contains("moved 3 of 7 slots. 1 of them went between"), "{text}");
        let none = churn_text(Churn {
            changed: 0,
            between_stayers: 0,
            slots: 65_537,
        });
        assert!(none.contains("none of the 65,537"), "{none}");
    }
}
