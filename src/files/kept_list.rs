//! The values a page kept aside rather than lose (`browser::storage::kept`), each offered for
//! download with when and why it was kept: the Board's unreadable saves, Learn's unreadable or
//! replaced progress.

use shardlab_core::kept::KeptWhy;
use shardlab_core::text::ago;
use yew::prelude::*;

use crate::browser::storage::Kept;
use crate::files::download::download_text;

/// What a page calls the values it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeptWords {
    /// One kept because this build could not read it whole.
    pub unreadable: &'static str,
    /// One kept because the reader replaced it.
    pub replaced: &'static str,
    /// The start of each download's file name, before its number.
    pub file_stem: &'static str,
}

/// When a value was kept, in words.
fn when(at_ms: Option<i64>, now_ms: i64) -> String {
    at_ms.map_or_else(
        || "by an earlier version of shardlab".to_owned(),
        |at| ago(at, now_ms),
    )
}

/// One line per kept value, the most recent first, each with its download button; nothing
/// when none is kept.
pub fn kept_list(kept: &[Kept], words: KeptWords) -> Html {
    if kept.is_empty() {
        return Html::default();
    }
    let now_ms = js_sys::Date::now() as i64;
    let items = kept.iter().enumerate().map(|(index, kept)| {
        let number = index.saturating_add(1);
        let what = match kept.why {
            KeptWhy::Unreadable => words.unreadable,
            KeptWhy::Replaced => words.replaced,
        };
        let text = kept.text.clone();
        let name = format!("{}-{number}.json", words.file_stem);
        let download = Callback::from(move |_: MouseEvent| {
            download_text(&name, "application/json", &text);
        });
        html! {
            <li>
                { format!("{what}, kept aside {}. ", when(kept.at_ms, now_ms)) }
                <button type="button" class="link-button" onclick={download}
                    aria-label={format!("Download kept copy {number}")}>
                    { "Download" }
                </button>
            </li>
        }
    });
    html! {
        <div class="kept-list" data-testid="kept-list" role="status">
            <p>{ "Kept aside so nothing is lost (at most three, the oldest replaced first):" }</p>
            <ul>{ for items }</ul>
        </div>
    }
}
