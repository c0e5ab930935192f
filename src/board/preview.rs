//! A small live preview of the Board for the home page: the `pinterest` preset design, and a users
//! slider whose caption comes from `shardlab_core::sim::estimate` (the analytic model, which answers
//! in well under a millisecond) as the slider moves.

use shardlab_core::sim::{estimate, preset, Design, NodeKind};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::widgets::log_slider;
/// The slider's range: 100 … 1,000,000 users (the core's limits).
use shardlab_core::sim::validate::{MAX_USERS, PREVIEW_MIN_USERS};

const NODE_WIDTH: f64 = 150.0;
const NODE_HEIGHT: f64 = 56.0;

/// Users for a slider position in 0 … 1000 (logarithmic).
pub fn users_at(position: u32) -> u32 {
    log_slider::value_at(position, PREVIEW_MIN_USERS, MAX_USERS)
}

/// The slider position (0 … 1000) nearest to `users`.
pub fn position_of(users: u32) -> u32 {
    log_slider::position_of(users, PREVIEW_MIN_USERS, MAX_USERS)
}

/// The CSS class that colours a node of this kind, on the board and in this preview.
pub fn kind_class(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Users => "node-users",
        NodeKind::LoadBalancer => "node-lb",
        NodeKind::AppServer => "node-app",
        NodeKind::Cache => "node-cache",
        NodeKind::Database => "node-db",
    }
}

/// Where the segment from a node's centre towards `(dx, dy)` leaves the node's box: the fraction of
/// the segment that lies inside it.
fn inside_fraction(dx: f64, dy: f64) -> f64 {
    let tx = if dx == 0.0 {
        f64::INFINITY
    } else {
        (NODE_WIDTH / 2.0) / dx.abs()
    };
    let ty = if dy == 0.0 {
        f64::INFINITY
    } else {
        (NODE_HEIGHT / 2.0) / dy.abs()
    };
    tx.min(ty).min(0.5)
}

fn drawing(design: &Design) -> Html {
    let centre = |id: &str| design.node(id).map(|n| (n.x, n.y));
    let edges = design.edges.iter().filter_map(|edge| {
        let (fx, fy) = centre(&edge.from)?;
        let (tx, ty) = centre(&edge.to)?;
        // Run edges box to box, not centre to centre, so the arrow heads show.
        let (dx, dy) = (tx - fx, ty - fy);
        let start = inside_fraction(dx, dy);
        let end = 1.0 - inside_fraction(dx, dy) - 0.02;
        let (x1, y1) = (fx + dx * start, fy + dy * start);
        let (x2, y2) = (fx + dx * end, fy + dy * end);
        Some(html! {
            <line class="edge" x1={format!("{x1:.1}")} y1={format!("{y1:.1}")} x2={format!("{x2:.1}")} y2={format!("{y2:.1}")}
                marker-end="url(#board-preview-arrow)" />
        })
    });
    let nodes = design.nodes.iter().map(|node| {
        let kind = node.settings.kind();
        html! {
            <g class={classes!("node", kind_class(kind))}>
                <rect x={(node.x - NODE_WIDTH / 2.0).to_string()} y={(node.y - NODE_HEIGHT / 2.0).to_string()}
                    width={NODE_WIDTH.to_string()} height={NODE_HEIGHT.to_string()} rx="10" />
                <text x={node.x.to_string()} y={(node.y - 4.0).to_string()} class="node-label">{ node.label.clone() }</text>
                <text x={node.x.to_string()} y={(node.y + 15.0).to_string()} class="node-kind">{ kind.title() }</text>
            </g>
        }
    });
    html! {
        <svg viewBox="0 0 600 400" role="img" aria-label="The Pinterest design: users → app servers → cache and sharded database">
            <defs>
                <marker id="board-preview-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" class="arrow-head" />
                </marker>
            </defs>
            { for edges }
            { for nodes }
        </svg>
    }
}

/// The Pinterest design in miniature, with a users slider.
#[function_component(BoardPreview)]
pub fn board_preview() -> Html {
    let design = use_memo((), |_| preset("pinterest").map(|p| p.design));
    let start = design.as_ref().as_ref().map_or(4_000, Design::user_count);
    let users = use_state(|| start);
    let Some(design) = design.as_ref() else {
        return html! {};
    };
    let caption = match estimate(design, *users) {
        Ok(estimate) => estimate.caption(),
        Err(err) => err.to_string(),
    };
    let oninput = {
        let users = users.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            if let Ok(position) = input.value().parse::<u32>() {
                users.set(users_at(position));
            }
        })
    };
    html! {
        <figure class="board-preview">
            { drawing(design) }
            <figcaption>
                <label for="board-preview-users">{ "Users" }</label>
                <input id="board-preview-users" type="range" min="0" max="1000" step="1"
                    value={position_of(*users).to_string()} {oninput}
                    aria-valuetext={format!("{} users", *users)} />
                <p class="caption" aria-live="polite">{ caption }{ "." }</p>
            </figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::{position_of, users_at};

    #[test]
    fn slider_spans_a_hundred_to_a_million_users() {
        assert_eq!(users_at(0), 100);
        assert_eq!(users_at(1000), 1_000_000);
        assert_eq!(users_at(5000), 1_000_000);
        assert_eq!(users_at(500), 10_000);
    }

    #[test]
    fn positions_round_trip_through_users() {
        for users in [100, 4_000, 20_000, 1_000_000] {
            let back = users_at(position_of(users));
            let error = (f64::from(back) - f64::from(users)).abs() / f64::from(users);
            assert!(error < 0.01, "{users} → {back}");
        }
        assert_eq!(position_of(0), 0);
    }
}
