//! The requests each server serves under one cure, as bars on the scale of the uncured busiest
//! server (so a cure that helps shrinks the tall bar in place), with the mean dashed and the
//! hot key's owner marked.

use shardlab_core::placement::{LoadStats, ServerId};
use shardlab_core::text::thousands;
use yew::prelude::*;

use crate::widgets::palette::server_class;

/// Props for [`hot_key_bars`].
pub struct HotKeyBarsProps {
    /// Requests per server under the cure shown.
    pub loads: LoadStats,
    /// The tallest bar's requests: the uncured busiest server's, or more.
    pub scale: u64,
    /// The server that owns the hottest key (without a cure it serves every request for it).
    pub hot_owner: ServerId,
}

/// The bars.
pub fn hot_key_bars(props: &HotKeyBarsProps) -> Html {
    let scale = props.scale.max(props.loads.max).max(1) as f64;
    let height = |requests: f64| format!("height:{:.1}%", requests / scale * 100.0);
    let mean = props.loads.mean;
    let mean_at = format!("bottom:{:.1}%", mean / scale * 100.0);
    let bars = props.loads.per_server.iter().map(|s| {
        let hot = s.server == props.hot_owner;
        let over = if mean > 0.0 { s.keys as f64 / mean } else { 0.0 };
        html! {
            <li class={classes!("rv-hot-server", server_class(s.server.0 as usize), hot.then_some("hot"))}
                title={format!("S{}: {} requests, {over:.2} × the mean", s.server.0, thousands(s.keys))}>
                <span class="num">{ thousands(s.keys) }</span>
                <span class="rv-hot-track">
                    <span class="rv-bucket-bar" style={height(s.keys as f64)}></span>
                    <span class="rv-hot-mean" style={mean_at.clone()}></span>
                </span>
                <span class="mono">{ format!("S{}", s.server.0) }</span>
                <span class="rv-hot-tag">{ if hot { "hot key" } else { "" } }</span>
            </li>
        }
    });
    html! {
        <div class="rv-hot-bars">
            <ol class="rv-hot-servers" aria-label="Requests per server">{ for bars }</ol>
            <p class="help">{ format!("Dashed: the mean, {} requests per server.", thousands(mean.round() as u64)) }</p>
        </div>
    }
}
