//! The Board's pictures: the default preset's boxes and wires where the board puts them, and the
//! caption of its seeded run, simulated by the core at the users, seed and duration the board
//! opens on.

use std::fmt::Write as _;

use shardlab_core::catalogue::BoardWidget;
use shardlab_core::sim::presets::{preset, DEFAULT_DURATION_S, DEFAULT_PRESET, DEFAULT_SEED};
use shardlab_core::sim::validate::{BOARD_MIN_USERS, MAX_USERS};
use shardlab_core::sim::{simulate, Design, SimReport};

use crate::svg::{self, colour, escape, paragraph, FONT, INK};

/// The picture's height.
const HEIGHT: u32 = 370;
/// The area the boxes are fitted into.
const AREA: (f64, f64, f64, f64) = (40.0, 90.0, 640.0, 250.0);

/// The numbers a Board picture shows.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardFacts {
    /// The preset's title.
    pub preset_title: &'static str,
    /// The board.
    pub design: Design,
    /// The users the caption is solved for.
    pub users: u32,
    /// The seeded run, or why it could not run.
    pub report: Result<SimReport, String>,
}

/// What the widget is about, under its title.
fn lede(widget: Option<BoardWidget>) -> &'static str {
    let Some(widget) = widget else {
        return "A system-design board: boxes, wires, and a seeded simulation.";
    };
    match widget {
        BoardWidget::Solve => "The board, the users, and the one-sentence verdict.",
        BoardWidget::Break => "Inject a fault and watch each second of it.",
        BoardWidget::Spread => "The same board over many seeds: medians and bands.",
        BoardWidget::Capacity => "How many users the design serves before it fails.",
        BoardWidget::ShardLoad => "How the load spreads over the database's shards.",
        BoardWidget::Failover => "A master dies: failover, replicas, and the gap's cost.",
        BoardWidget::Reshard => "A shard's range splits onto a new host, live.",
        BoardWidget::Scrub => "The board at any second of its run.",
    }
}

/// The board every widget opens on, and its seeded run: simulated once per process, as every
/// Board picture shows the same run.
pub fn facts() -> BoardFacts {
    static FACTS: std::sync::OnceLock<BoardFacts> = std::sync::OnceLock::new();
    FACTS.get_or_init(run).clone()
}

fn run() -> BoardFacts {
    let Some(chosen) = preset(DEFAULT_PRESET) else {
        return BoardFacts {
            preset_title: "",
            design: Design {
                version: shardlab_core::sim::DESIGN_VERSION,
                name: String::new(),
                nodes: Vec::new(),
                edges: Vec::new(),
                faults: Vec::new(),
            },
            users: 0,
            report: Err(format!("there is no preset called {DEFAULT_PRESET}")),
        };
    };
    // The board opens on its preset's users, within the board's range (BoardState::from_preset).
    let users = chosen.design.user_count().clamp(BOARD_MIN_USERS, MAX_USERS);
    let report = simulate(&chosen.design, users, DEFAULT_SEED, DEFAULT_DURATION_S)
        .map_err(|e| e.to_string());
    BoardFacts {
        preset_title: chosen.title,
        design: chosen.design,
        users,
        report,
    }
}

/// The alt text: the boxes and the caption.
pub fn alt(facts: &BoardFacts) -> String {
    let boxes: Vec<&str> = facts
        .design
        .nodes
        .iter()
        .map(|n| n.label.as_str())
        .collect();
    let verdict = match &facts.report {
        Ok(report) => report.caption(),
        Err(why) => format!("the run could not be made: {why}"),
    };
    format!(
        "The board “{}”: {}. {}.",
        facts.preset_title,
        boxes.join(" → "),
        verdict
    )
}

/// Draws the picture of `widget` (`None` is the whole view): its alt text, height and SVG.
pub fn draw(title: &str, widget: Option<BoardWidget>) -> (String, u32, String) {
    let facts = facts();
    let mut body = String::new();
    let nodes = &facts.design.nodes;
    let (x0, y0, x1, y1) = AREA;
    let fold = |f: fn(f64, f64) -> f64, start: f64, pick: fn(&shardlab_core::sim::Node) -> f64| {
        nodes.iter().map(pick).fold(start, f)
    };
    let (min_x, max_x) = (
        fold(f64::min, f64::INFINITY, |n| n.x),
        fold(f64::max, f64::NEG_INFINITY, |n| n.x),
    );
    let (min_y, max_y) = (
        fold(f64::min, f64::INFINITY, |n| n.y),
        fold(f64::max, f64::NEG_INFINITY, |n| n.y),
    );
    let place = |x: f64, y: f64| {
        let sx = if max_x > min_x {
            x0 + 70.0 + (x - min_x) / (max_x - min_x) * (x1 - x0 - 140.0)
        } else {
            (x0 + x1) / 2.0
        };
        let sy = if max_y > min_y {
            y0 + 30.0 + (y - min_y) / (max_y - min_y) * (y1 - y0 - 60.0)
        } else {
            (y0 + y1) / 2.0
        };
        (sx, sy)
    };
    for edge in &facts.design.edges {
        let from = nodes.iter().find(|n| n.id == edge.from);
        let to = nodes.iter().find(|n| n.id == edge.to);
        if let (Some(from), Some(to)) = (from, to) {
            let (ax, ay) = place(from.x, from.y);
            let (bx, by) = place(to.x, to.y);
            let _ = writeln!(
                body,
                r##"<line x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="#8c959f" stroke-width="2"/>"##
            );
        }
    }
    for (i, node) in nodes.iter().enumerate() {
        let (cx, cy) = place(node.x, node.y);
        let _ = writeln!(
            body,
            r##"<rect x="{:.1}" y="{:.1}" width="136" height="40" rx="6" fill="#ffffff" stroke="{}" stroke-width="2"/><text x="{cx:.1}" y="{:.1}" font-size="13" fill="{INK}" text-anchor="middle" font-family="{FONT}">{}</text>"##,
            cx - 68.0,
            cy - 20.0,
            colour(i),
            cy + 5.0,
            escape(&node.label)
        );
    }
    let caption = match &facts.report {
        Ok(report) => format!("{}.", report.caption()),
        Err(why) => format!("The run could not be made: {why}."),
    };
    let _ = paragraph(&mut body, 24.0, y1 + 40.0, 14, 82, &caption);
    let alt = alt(&facts);
    let svg = svg::document(title, lede(widget), &alt, HEIGHT, &body);
    (alt, HEIGHT, svg)
}
