//! The Decoder view: the 64-bit strip, the layout, compose and decompose, shard → host, ID
//! generation, and "whose ID is this?" over every family up to 160 bits (`id_family`). It
//! follows the view template:
//!
//! - `page.rs`: the page, which owns one reducer and mirrors its lasting parts in the address bar;
//! - [`state`]: the pure reducer ([`state::DecoderState`]), with the generator's player and the
//!   bit strip's keyboard and drag as pure state machines beside it;
//! - [`url_state`]: the URL codec; [`layout_io`]: layout import/export and the table as CSV;
//!   [`snapshot`]: the `data-shardlab-snapshot` the tests and the Learn checks read;
//! - [`parts`]: one piece per file (a function component, or a plain function for a few lines of
//!   markup); `compose.rs`: the full view and each widget ([`crate::catalogue::DecoderWidget`]) as
//!   compositions of those parts; [`narrate`]: the words for the core's generator steps;
//!   [`code_text`]: the arithmetic as Rust, SQL and JavaScript; [`to_ring`]: the link to the Ring;
//! - `batch_jobs.rs` and [`batch_csv`]: the pile of IDs widget's sliced jobs (the core's batch
//!   run, and its rows written as CSV).
//!
//! Every rule, limit and default comes from `shardlab_core::layout`. Everything but the home-page
//! preview is compiled only with the `decoder` feature, so that the pages that do not show this
//! view do not carry its code (see `pages.rs`).

with_feature! { "decoder";
    pub mod batch_csv;
    mod batch_jobs;
    pub mod code_text;
    mod compose;
    mod dom;
    pub mod layout_io;
    pub mod narrate;
    pub mod parts;
    pub mod snapshot;
    pub mod state;
    pub mod to_ring;
    pub mod url_state;
    mod page;
    pub use page::DecoderView;
}

pub mod preview;
