//! The home page: what each view teaches, each beside a small live preview.

use yew::prelude::*;
use yew_router::prelude::*;

use crate::route::Route;

struct ViewCard {
    route: Route,
    title: &'static str,
    teaches: &'static str,
    preview: fn() -> Html,
}

const CARDS: [ViewCard; 4] = [
    ViewCard {
        route: Route::Decoder,
        title: "Decoder: the shard is in the ID",
        teaches: "Paste a 64-bit ID and read its shard, its type and its row straight out of the bits. \
                  A config table turns the shard into a host. No lookup service sits in between, so any \
                  client can do it, and an object never leaves its shard.",
        preview: || html! { <crate::decoder::preview::DecoderPreview /> },
    },
    ViewCard {
        route: Route::Ring,
        title: "Ring: hash placement and what growth costs",
        teaches: "Grow from four servers to five. Under hash mod N about 80 % of the keys move; on a \
                  consistent-hash ring about 20 % do. Virtual nodes even out the load, and the next \
                  distinct servers clockwise hold the replicas.",
        preview: || html! { <crate::ring::preview::RingPreview /> },
    },
    ViewCard {
        route: Route::Board,
        title: "Board: a design under load",
        teaches: "Wire users, app servers, a cache and a sharded database, then let a seeded simulation \
                  solve the design at N users to Apdex, p99, errors and dollars per second. Kill a master \
                  and watch the numbers move.",
        preview: || html! { <crate::board::preview::BoardPreview /> },
    },
    ViewCard {
        route: Route::Learn,
        title: "Learn: the whole path, at your pace",
        teaches: "Chapters that put the three views in a chosen state and ask you to do something with \
                  them: shard later, pick a key, grow hash mod N, fix it with a ring, then put the \
                  shard in the ID the way Pinterest did.",
        preview: || html! { <crate::learn::preview::LearnPreview /> },
    },
];

/// The landing page.
#[function_component(Home)]
pub fn home() -> Html {
    let progress = crate::learn::progress::use_progress();
    let chapters = crate::learn::progress::CHAPTER_SLUGS.len();
    // A returning learner is offered the way back, the same chapter as "Where was I?" below.
    let call = match (progress.started(), progress.resume_at()) {
        (false, _) => html! {
            <Link<Route> to={Route::Learn} classes="button primary">{ "Start here: the Learn path →" }</Link<Route>>
        },
        (true, Some(slug)) => html! {
            <Link<Route> to={Route::LearnChapter { slug }} classes="button primary">
                { format!("Continue the Learn path: chapter {} →", slug.index().saturating_add(1)) }
            </Link<Route>>
        },
        (true, None) => html! {
            <Link<Route> to={Route::Learn} classes="button primary">{ "Review the Learn path →" }</Link<Route>>
        },
    };
    html! {
        <div class="page home">
            <section class="hero">
                <h1>{ "Where does a row live?" }</h1>
                <p class="lead">
                    { "A large system splits its data across many machines, and every read must find the \
                       right one. shardlab lets you take the usual answers apart with your own hands: \
                       bits in an ID, a hash and a ring, a design under load. Every number is computed \
                       here in your browser, from many keys, never asserted." }
                </p>
                // The first call to action: new readers start with the course, which opens each
                // view in turn; the cards below go straight to a view.
                <p class="start-here">
                    { call }
                    <span class="muted">{ format!(
                        "{chapters} short chapters, each with a live view to try. Or open a view below."
                    ) }</span>
                </p>
            </section>
            <crate::learn::resume::Resume />
            <ul class="cards" aria-label="Views">
                { for CARDS.iter().map(|card| html! {
                    <li class="card">
                        <div class="card-text">
                            <h2><Link<Route> to={card.route}>{ card.title }</Link<Route>></h2>
                            <p>{ card.teaches }</p>
                        </div>
                        <div class="card-preview">{ (card.preview)() }</div>
                    </li>
                }) }
            </ul>
        </div>
    }
}
