//! The Learn path: chapters that embed the three views in chosen states, with try-it tasks.
//!
//! The chapter plan is fixed here; each chapter's page, with its prose, live views and task checks,
//! arrives with the Learn issue.

pub mod preview;

use yew::prelude::*;

/// One chapter of the course.
pub struct Chapter {
    /// The chapter's title.
    pub title: &'static str,
    /// What the reader does in it.
    pub task: &'static str,
}

/// The course, in order.
pub const CHAPTERS: [Chapter; 11] = [
    Chapter {
        title: "Shard later",
        task: "Find the users count at which one big box drops below Apdex 0.85.",
    },
    Chapter {
        title: "Choosing a shard key",
        task: "Key on the user and make a hot shard appear.",
    },
    Chapter {
        title: "Range, hash and directory rules",
        task: "Make the last range shard hot with time-ordered keys.",
    },
    Chapter {
        title: "Hash mod N and the 80 % problem",
        task: "Grow from 4 to 5 shards and read how many keys moved.",
    },
    Chapter {
        title: "The ring",
        task: "Add a server and see about 1/(N+1) of the keys move.",
    },
    Chapter {
        title: "Virtual nodes and weights",
        task: "Bring the busiest server under 1.10 × the mean load.",
    },
    Chapter {
        title: "Replication on the ring",
        task: "With three replicas, kill a server and check every key still has three owners.",
    },
    Chapter {
        title: "Put the shard in the ID",
        task: "Decode a Pin, then compose an ID for shard 5000, type 2.",
    },
    Chapter {
        title: "Grow by moving whole shards",
        task: "Split a host and confirm that no ID changed.",
    },
    Chapter {
        title: "The Pinterest board",
        task: "Kill a master with no auto-failover and explain the errors.",
    },
    Chapter {
        title: "Trade-offs",
        task: "ID-encoded against hash placement, side by side, then a short quiz.",
    },
];

/// The Learn page: the chapter plan.
#[function_component(LearnView)]
pub fn learn_view() -> Html {
    html! {
        <section class="page narrow">
            <h1>{ "Learn" }</h1>
            <p class="lead">
                { "Eleven short chapters, each with a live view and a task that notices when you have done \
                   it. They are being written; until then the Decoder, Ring and Board views are open to \
                   explore on their own." }
            </p>
            <ol class="chapter-list">
                { for CHAPTERS.iter().map(|chapter| html! {
                    <li>
                        <strong>{ chapter.title }</strong>
                        <span class="chapter-task">{ chapter.task }</span>
                    </li>
                }) }
            </ol>
        </section>
    }
}
