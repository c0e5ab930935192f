//! Buckets for hash mod N and jump hash: a bar per server with its key count, and the looked-up
//! key's bucket.

use shardlab_core::placement::{jump_bucket, Server};
use std::num::NonZeroU32;
use yew::prelude::*;

use crate::widgets::palette::server_class;
use shardlab_core::text::thousands;

/// Which rule picks the bucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BucketRule {
    /// `h mod N`.
    Modulo,
    /// Jump consistent hash.
    Jump,
}

/// Props for [`buckets`].
pub struct BucketsProps {
    pub rule: BucketRule,
    pub servers: Vec<Server>,
    /// Keys per server over the statistics keys, in server order.
    pub loads: Vec<u64>,
    pub key_hash: u64,
}

/// The bucket row.
pub fn buckets(props: &BucketsProps) -> Html {
    let n = props.servers.len().max(1);
    let bucket = match props.rule {
        BucketRule::Jump => {
            NonZeroU32::new(n as u32).map_or(0, |b| jump_bucket(props.key_hash, b) as usize)
        }
        BucketRule::Modulo => props.key_hash.checked_rem(n as u64).unwrap_or(0) as usize,
    };
    let max = props.loads.iter().copied().max().unwrap_or(1).max(1);
    let bars = props.servers.iter().enumerate().map(|(i, s)| {
        let keys = props.loads.get(i).copied().unwrap_or(0);
        let height = keys as f64 / max as f64 * 100.0;
        html! {
            <li class={classes!("rv-bucket", server_class(s.id.0 as usize), (i == bucket).then_some("hit"))}>
                <span class="rv-bucket-count num">{ thousands(keys) }</span>
                <span class="rv-bucket-bar" style={format!("height:{height:.1}%")}></span>
                <span class="rv-bucket-name mono">{ format!("{i} · S{}", s.id.0) }</span>
            </li>
        }
    });
    let rule = match props.rule {
        BucketRule::Jump => format!(
            "jump({}, {n}) = bucket {bucket}. Jump hash draws where the key would jump as buckets grow; \
             adding bucket {n} takes about 1/{} of the keys from every old bucket and moves nothing else.",
            props.key_hash,
            n.saturating_add(1)
        ),
        BucketRule::Modulo => format!(
            "{} mod {n} = bucket {bucket}. Change N and almost every key gets a new remainder: \
             4 → 5 keeps a key only when h mod 4 = h mod 5, 4 values in every 20.",
            props.key_hash
        ),
    };
    html! {
        <div class="rv-picture rv-buckets-picture">
            <ol class="rv-buckets" aria-label="Keys per bucket">{ for bars }</ol>
            <p class="mono-ish">{ rule }</p>
        </div>
    }
}
