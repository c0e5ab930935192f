//! The Ring's pictures: the servers of the opening state on the ring (or in Maglev's table), and
//! what adding one more moves, counted by the core over the widget's own keys and seed.

use std::f64::consts::TAU;
use std::fmt::Write as _;

use shardlab_core::catalogue::{RingOpening, RingWidget};
use shardlab_core::placement::{
    BoundedLoad, BoundedMovementRun, MaglevTable, MovementResult, MovementRun, MultiProbe,
    PlacementError, Ring, RingArc, SchemeKind, Server, ServerList,
};
use shardlab_core::stepped::Stepped;
use shardlab_core::text::{percent, thousands};

use crate::svg::{self, colour, text, INK, MUTED};

/// The picture's height.
const HEIGHT: u32 = 420;
/// The drawing's centre and radius.
const CX: f64 = 190.0;
const CY: f64 = 240.0;
const R: f64 = 130.0;

/// The numbers a Ring picture shows.
#[derive(Clone, Debug, PartialEq)]
pub struct RingFacts {
    /// The opening state.
    pub opening: RingOpening,
    /// Adding one server to it: the keys counted, moved, and the newcomer's fair share (the
    /// Ring's own yardstick for an add, `Yardstick::Newcomers`).
    pub grown: MovementResult,
}

/// What the widget is about, under its title.
fn lede(widget: Option<RingWidget>) -> &'static str {
    let Some(widget) = widget else {
        return "Consistent hashing: servers on a ring, keys to the next point clockwise.";
    };
    match widget {
        RingWidget::Grow => "Add or kill a server and count the keys that move.",
        RingWidget::ModVsRing => "Hash mod N and the ring, side by side, on the same keys.",
        RingWidget::Vnodes => "How many points per server it takes to balance the load.",
        RingWidget::Lookup => "One key's lookup, step by step.",
        RingWidget::Replicas => "Where a key's copies go.",
        RingWidget::Compare => "Every scheme measured on the same keys.",
        RingWidget::Metrics => "Every scheme by the literature's measures.",
        RingWidget::Maglev => "Maglev's lookup table, filled slot by slot.",
        RingWidget::HotKeys => "A popular key overloads its server; the cures compared.",
        RingWidget::Probes => "One point per server, k probes per key.",
        RingWidget::Bounded => "Every server capped at c times its share.",
    }
}

/// Counts what adding server `S<n>` to the opening state moves, as the widget's Add button does.
pub fn facts(widget: Option<RingWidget>) -> Result<RingFacts, PlacementError> {
    let opening = RingOpening::of(widget);
    let before = opening.server_list();
    let mut after = before.clone();
    after.push(Server::new(opening.servers));
    let grown = match opening.scheme {
        SchemeKind::BoundedLoad => {
            let bounded = |servers: Vec<Server>| -> Result<BoundedLoad, PlacementError> {
                let ring = Ring::new(ServerList::new(servers)?, opening.vnodes)?;
                Ok(BoundedLoad::from_ring(ring, opening.load_factor))
            };
            BoundedMovementRun::owned(
                bounded(before)?,
                bounded(after)?,
                opening.keys,
                opening.seed,
            )?
            .finish()
        }
        SchemeKind::Mod
        | SchemeKind::Ring
        | SchemeKind::Jump
        | SchemeKind::Rendezvous
        | SchemeKind::Range
        | SchemeKind::Directory
        | SchemeKind::IdEncoded
        | SchemeKind::Maglev
        | SchemeKind::MultiProbe => {
            let (b, a) = opening.spec().build_change(
                ServerList::new(before)?,
                ServerList::new(after)?,
                opening.keys,
                opening.seed,
            )?;
            MovementRun::new(b, a, opening.keys, opening.seed)?.finish()
        }
    };
    Ok(RingFacts { opening, grown })
}

/// How the opening state places keys, in words: "Four servers, 4 vnodes each".
fn setting_words(opening: &RingOpening) -> String {
    let servers = crate::count_word(u64::from(opening.servers));
    match opening.scheme {
        SchemeKind::Ring => format!(
            "{servers} servers on a ring, {} vnodes each",
            opening.vnodes
        ),
        SchemeKind::BoundedLoad => format!(
            "{servers} servers on a ring of {} vnodes each, each capped at c = {} times its share",
            opening.vnodes,
            opening.load_factor.value()
        ),
        SchemeKind::Maglev => format!(
            "{servers} servers in Maglev's {}-slot table",
            opening.table_size
        ),
        SchemeKind::MultiProbe => format!(
            "{servers} servers, one point each on the ring, {} probes per key",
            opening.probes
        ),
        SchemeKind::Mod
        | SchemeKind::Jump
        | SchemeKind::Rendezvous
        | SchemeKind::Range
        | SchemeKind::Directory
        | SchemeKind::IdEncoded => format!("{servers} servers under {}", opening.scheme.label()),
    }
}

/// The alt text: the setting and what adding a server moves.
pub fn alt(facts: &RingFacts) -> String {
    format!(
        "{}; adding a {} moves {} of {} keys, against the new server's fair share of {}.",
        setting_words(&facts.opening),
        crate::ordinal_word(u64::from(facts.opening.servers) + 1),
        percent(facts.grown.moved_fraction),
        thousands(facts.grown.keys),
        percent(facts.grown.ideal_fraction),
    )
}

/// A point of the circle of radius `r` at `turn` (0 … 1, clockwise from the top).
fn at(turn: f64, r: f64) -> (f64, f64) {
    let angle = turn * TAU;
    (CX + r * angle.sin(), CY - r * angle.cos())
}

/// The ring's arcs, each a thick stroke in its owner's colour; neighbouring arcs of one owner
/// are drawn as one.
fn draw_arcs(out: &mut String, arcs: &[RingArc]) {
    let turn = |point: u64| point as f64 / 18_446_744_073_709_551_616.0;
    let mut merged: Vec<(f64, f64, u32)> = Vec::new();
    for arc in arcs {
        let start = turn(arc.start);
        let length = arc.fraction;
        match merged.last_mut() {
            Some(last) if last.2 == arc.server.0 => last.1 += length,
            _ => merged.push((start, length, arc.server.0)),
        }
    }
    for (start, length, server) in merged {
        if length <= 0.0 {
            continue;
        }
        let length = length.min(0.999_999);
        let (x0, y0) = at(start, R);
        let (x1, y1) = at(start + length, R);
        let large = u8::from(length > 0.5);
        let _ = writeln!(
            out,
            r#"<path d="M{x0:.1} {y0:.1}A{R} {R} 0 {large} 1 {x1:.1} {y1:.1}" fill="none" stroke="{}" stroke-width="22"/>"#,
            colour(server as usize)
        );
    }
}

/// Maglev's table as a ring of equal cells, each in its owner's colour.
fn draw_table(out: &mut String, slots: &[u32]) {
    let n = slots.len().max(1) as f64;
    for (i, server) in slots.iter().enumerate() {
        let start = i as f64 / n;
        let (x0, y0) = at(start, R);
        let (x1, y1) = at(start + 1.0 / n, R);
        let _ = writeln!(
            out,
            r#"<path d="M{x0:.1} {y0:.1}A{R} {R} 0 0 1 {x1:.1} {y1:.1}" fill="none" stroke="{}" stroke-width="22"/>"#,
            colour(*server as usize)
        );
        let (tx, ty) = at(start + 0.5 / n, R + 26.0);
        text(
            out,
            tx,
            ty + 4.0,
            11,
            MUTED,
            r#" text-anchor="middle""#,
            &i.to_string(),
        );
    }
}

/// Draws the picture of `widget` (`None` is the whole view): its alt text, height and SVG.
pub fn draw(title: &str, widget: Option<RingWidget>) -> (String, u32, String) {
    let facts = match facts(widget) {
        Ok(facts) => facts,
        // The openings are the core's and every one builds (a core test checks); should one
        // ever not, the picture says so rather than inventing numbers.
        Err(e) => {
            let alt = format!("The Ring's default state could not be drawn: {e}");
            let body = String::new();
            return (
                alt.clone(),
                HEIGHT,
                svg::document(title, lede(widget), &alt, HEIGHT, &body),
            );
        }
    };
    let opening = facts.opening;
    let mut body = String::new();
    let _ = writeln!(
        body,
        r##"<circle cx="{CX}" cy="{CY}" r="{R}" fill="none" stroke="#d0d7de" stroke-width="22"/>"##
    );
    let servers = ServerList::new(opening.server_list());
    match (opening.scheme, servers) {
        (SchemeKind::Ring | SchemeKind::BoundedLoad, Ok(list)) => {
            if let Ok(ring) = Ring::new(list, opening.vnodes) {
                draw_arcs(&mut body, &ring.arcs());
            }
        }
        (SchemeKind::MultiProbe, Ok(list)) => {
            if let Ok(probe) = MultiProbe::new(list, opening.probes) {
                draw_arcs(&mut body, &probe.circle().arcs());
            }
        }
        (SchemeKind::Maglev, Ok(list)) => {
            if let Ok(table) = MaglevTable::new(&list, opening.table_size) {
                let slots: Vec<u32> = table.slots().iter().map(|s| s.0).collect();
                draw_table(&mut body, &slots);
            }
        }
        (
            SchemeKind::Mod
            | SchemeKind::Jump
            | SchemeKind::Rendezvous
            | SchemeKind::Range
            | SchemeKind::Directory
            | SchemeKind::IdEncoded,
            _,
        )
        | (_, Err(_)) => {}
    }
    // The legend: one swatch per server.
    for i in 0..opening.servers {
        let y = 110.0 + f64::from(i) * 22.0;
        let _ = writeln!(
            body,
            r#"<rect x="380" y="{:.1}" width="14" height="14" rx="3" fill="{}"/>"#,
            y - 11.0,
            colour(i as usize)
        );
        text(&mut body, 402.0, y, 14, INK, "", &format!("S{i}"));
    }
    let moved = facts.grown.moved;
    let lines = [
        format!("Scheme: {}", opening.scheme.label()),
        format!("Keys counted: {}", thousands(facts.grown.keys)),
        format!(
            "Add S{}: {} keys move ({})",
            opening.servers,
            thousands(moved),
            percent(facts.grown.moved_fraction)
        ),
        format!(
            "S{}'s fair share: {}",
            opening.servers,
            percent(facts.grown.ideal_fraction)
        ),
    ];
    let top = 110.0 + f64::from(opening.servers.min(8)) * 22.0 + 12.0;
    for (i, line) in lines.iter().enumerate() {
        text(&mut body, 380.0, top + i as f64 * 22.0, 14, INK, "", line);
    }
    let alt = alt(&facts);
    let svg = svg::document(title, lede(widget), &alt, HEIGHT, &body);
    (alt, HEIGHT, svg)
}
