//! The footer names the sources every view draws its facts from.

use yew::prelude::*;

/// A source: how it is cited, and where it lives. Links are the one thing allowed to leave the site.
struct Source {
    citation: &'static str,
    url: &'static str,
}

const SOURCES: [Source; 5] = [
    Source {
        citation: "Pinterest Engineering, “Sharding Pinterest: How we scaled our MySQL fleet”, August 2015",
        url: "https://medium.com/pinterest-engineering/sharding-pinterest-how-we-scaled-our-mysql-fleet-3f341e96ca6f",
    },
    Source {
        citation: "Karger et al., “Consistent hashing and random trees”, STOC 1997",
        url: "https://doi.org/10.1145/258533.258660",
    },
    Source {
        citation: "Lamping and Veach, “A Fast, Minimal Memory, Consistent Hash Algorithm”, 2014",
        url: "https://arxiv.org/abs/1406.2294",
    },
    Source {
        citation: "Thaler and Ravishankar, “Using name-based mappings to increase hit rates” (rendezvous hashing), 1998",
        url: "https://doi.org/10.1109/90.663936",
    },
    Source {
        citation: "DeCandia et al., “Dynamo: Amazon’s Highly Available Key-value Store”, SOSP 2007",
        url: "https://doi.org/10.1145/1294261.1294281",
    },
];

/// The site footer.
pub fn footer() -> Html {
    html! {
        <footer class="site-footer">
            <p>
                { "shardlab runs entirely in your browser: nothing you type leaves this page. " }
                { "Facts and figures come from these sources:" }
            </p>
            <ul class="sources">
                { for SOURCES.iter().map(|source| html! {
                    <li><a href={source.url} rel="noopener noreferrer">{ source.citation }</a></li>
                }) }
            </ul>
        </footer>
    }
}
