//! The footer names the sources every view draws its facts from.

use yew::prelude::*;

/// The site footer.
#[function_component(Footer)]
pub fn footer() -> Html {
    html! {
        <footer class="site-footer">
            <p>
                { "shardlab runs entirely in your browser: nothing you type leaves this page. " }
                { "Facts and figures come from these sources:" }
            </p>
            <ul class="sources">
                <li>
                    <a href="https://medium.com/pinterest-engineering/sharding-pinterest-how-we-scaled-our-mysql-fleet-3f341e96ca6f" rel="noopener noreferrer">
                        { "Pinterest Engineering, “Sharding Pinterest: How we scaled our MySQL fleet”, August 2015" }
                    </a>
                </li>
                <li>
                    <a href="https://doi.org/10.1145/258533.258660" rel="noopener noreferrer">
                        { "Karger et al., “Consistent hashing and random trees”, STOC 1997" }
                    </a>
                </li>
                <li>
                    <a href="https://arxiv.org/abs/1406.2294" rel="noopener noreferrer">
                        { "Lamping and Veach, “A Fast, Minimal Memory, Consistent Hash Algorithm”, 2014" }
                    </a>
                </li>
                <li>
                    <a href="https://doi.org/10.1109/90.663936" rel="noopener noreferrer">
                        { "Thaler and Ravishankar, “Using name-based mappings to increase hit rates” (rendezvous hashing), 1998" }
                    </a>
                </li>
                <li>
                    <a href="https://doi.org/10.1145/1294261.1294281" rel="noopener noreferrer">
                        { "DeCandia et al., “Dynamo: Amazon’s Highly Available Key-value Store”, SOSP 2007" }
                    </a>
                </li>
            </ul>
        </footer>
    }
}
