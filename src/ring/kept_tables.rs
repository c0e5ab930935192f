//! Maglev's tables, kept built. The Ring's lookup, drawing, statistics, picture and snapshot all
//! read the table of the servers now and the one before the last change; at the core's largest
//! size (a million slots) one fill is hundreds of milliseconds in a browser, so each table is
//! filled once, as a core [`MaglevFill`] run in slices ([`fill_tables`], a sliced step of the
//! drawn state's preparation), and every reader then takes it from here ([`maglev_of`]).

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::placement::{
    Maglev, MaglevFill, PlacementError, Server, ServerList, DEFAULT_TABLE_SIZE,
};
use shardlab_core::view_limits::ring::KEPT_RINGS;

use super::drawn::ShowProgress;
use super::state::RingState;
use crate::jobs::slicer::{self, Ticket};

/// A filled table with the servers and size it was filled for.
type KeptTable = (Vec<Server>, u32, Rc<Maglev>);

thread_local! {
    /// The tables filled last: the one on screen, the one before the last change, and one to
    /// spare, as for the rings.
    static TABLES: RefCell<Vec<KeptTable>> = const { RefCell::new(Vec::new()) };
}

/// The kept table of `servers` at `size`, if it was filled.
fn kept(servers: &[Server], size: u32) -> Option<Rc<Maglev>> {
    TABLES.with(|tables| {
        tables
            .borrow()
            .iter()
            .find(|(s, m, _)| s == servers && *m == size)
            .map(|(_, _, table)| Rc::clone(table))
    })
}

fn keep(servers: Vec<Server>, size: u32, table: Rc<Maglev>) {
    TABLES.with(|tables| {
        let mut tables = tables.borrow_mut();
        if tables.len() >= KEPT_RINGS {
            tables.remove(0);
        }
        tables.push((servers, size, table));
    });
}

/// Maglev over `servers` with a table of `size` slots: the kept one, or one filled now (in one
/// go: a render reaches this only for a table [`fill_tables`] did not fill first, such as one a
/// link opens on).
pub fn maglev_of(servers: &[Server], size: u32) -> Result<Rc<Maglev>, PlacementError> {
    if let Some(table) = kept(servers, size) {
        return Ok(table);
    }
    let table = Rc::new(Maglev::new(ServerList::new(servers.to_vec())?, size)?);
    keep(servers.to_vec(), size, Rc::clone(&table));
    Ok(table)
}

/// The server lists whose tables `state` reads and are not kept yet: now, and before the change.
fn missing(state: &RingState) -> Vec<Vec<Server>> {
    if !state.scheme.uses_table_size() {
        return Vec::new();
    }
    let mut lists: Vec<Vec<Server>> = Vec::new();
    for servers in [Some(&state.servers), state.previous.as_ref()]
        .into_iter()
        .flatten()
    {
        if kept(servers, state.table_size).is_none() && !lists.contains(servers) {
            lists.push(servers.clone());
        }
    }
    lists
}

/// What the Ring shows at start-up instead of `state` while its table fills: the same state with
/// a table of the default size, when its own is larger and not filled yet. Filling a table of up
/// to a million slots in the first render would hold the page's start for a second on a phone
/// (issue 44 §2); the default table fills in a few milliseconds.
pub fn stand_in(state: &RingState) -> Option<RingState> {
    (state.table_size > DEFAULT_TABLE_SIZE && !missing(state).is_empty()).then(|| RingState {
        table_size: DEFAULT_TABLE_SIZE,
        ..state.clone()
    })
}

/// The size of the table the numbers shown are from, when it is not `state`'s own table for the
/// same servers: `drawn` still shows another size while `state`'s table fills.
pub fn table_shown_instead(state: &RingState, drawn: &RingState) -> Option<u32> {
    (state.scheme.uses_table_size()
        && drawn.scheme == state.scheme
        && drawn.servers == state.servers
        && drawn.table_size != state.table_size)
        .then_some(drawn.table_size)
}

/// Fills the tables `state` reads that are not kept yet, each as a sliced job under `ticket`,
/// reporting each one's slots claimed to `show`; then calls `then`. A list or size the core
/// refuses is left for the render that reads it to report.
pub fn fill_tables(state: &RingState, ticket: Ticket, show: ShowProgress, then: Box<dyn FnOnce()>) {
    fill_each(missing(state), state.table_size, ticket, show, then);
}

fn fill_each(
    mut lists: Vec<Vec<Server>>,
    size: u32,
    ticket: Ticket,
    show: ShowProgress,
    then: Box<dyn FnOnce()>,
) {
    let Some(servers) = lists.pop() else {
        return then();
    };
    let filled = ServerList::new(servers.clone())
        .ok()
        .and_then(|list| Some((MaglevFill::new(&list, size).ok()?, list)));
    let Some((fill, list)) = filled else {
        return fill_each(lists, size, ticket, show, then);
    };
    let shown = Rc::clone(&show);
    let going = ticket.clone();
    slicer::run(
        fill,
        ticket,
        move |_: &MaglevFill, progress| shown(progress),
        move |table| {
            if let Some(maglev) = Maglev::from_table(list, table) {
                keep(servers, size, Rc::new(maglev));
            }
            fill_each(lists, size, going, show, then);
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::placement::SchemeKind;

    fn maglev_at(table_size: u32) -> RingState {
        RingState {
            scheme: SchemeKind::Maglev,
            table_size,
            ..RingState::opening(None)
        }
    }

    #[test]
    fn a_large_table_not_filled_yet_opens_on_the_default_one() {
        let big = maglev_at(1_000_003);
        let shown = stand_in(&big).expect("a stand-in for a million slots");
        assert_eq!(shown.table_size, DEFAULT_TABLE_SIZE);
        assert_eq!((shown.scheme, &shown.servers), (big.scheme, &big.servers));
        // What the stats say meanwhile: the numbers are from the default table.
        assert_eq!(table_shown_instead(&big, &shown), Some(DEFAULT_TABLE_SIZE));
        assert_eq!(table_shown_instead(&big, &big), None);
    }

    #[test]
    fn the_default_table_a_kept_one_and_other_schemes_open_as_they_are() {
        assert!(stand_in(&maglev_at(DEFAULT_TABLE_SIZE)).is_none());
        assert!(stand_in(&maglev_at(13)).is_none());
        let ring = RingState {
            scheme: SchemeKind::Ring,
            table_size: 1_000_003,
            ..RingState::opening(None)
        };
        assert!(stand_in(&ring).is_none());
        // Once its tables are kept, a large table needs no stand-in.
        let kept_big = maglev_at(131_071);
        assert!(stand_in(&kept_big).is_some());
        maglev_of(&kept_big.servers, kept_big.table_size).expect("a table");
        if let Some(before) = &kept_big.previous {
            maglev_of(before, kept_big.table_size).expect("a table");
        }
        assert!(stand_in(&kept_big).is_none());
    }

    #[test]
    fn a_change_of_servers_reads_as_before_the_change() {
        let big = maglev_at(1_000_003);
        let mut fewer = big.clone();
        fewer.servers.pop();
        assert_eq!(table_shown_instead(&big, &fewer), None);
    }
}
