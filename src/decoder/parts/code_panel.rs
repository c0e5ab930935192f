//! The arithmetic as code: the shift-and-mask code for the current layout and ID
//! ([`code_text`](crate::decoder::code_text)), with a tab per language.

use shardlab_core::layout::BitLayout;
use yew::prelude::*;

use crate::decoder::code_text::{code, Lang};

/// Props for [`code_panel`].
pub struct CodePanelProps {
    /// The current layout.
    pub layout: BitLayout,
    /// The current ID.
    pub id: u64,
    /// The language shown (kept in the view's state, so a link holds it).
    pub lang: Lang,
    /// A tab was picked.
    pub on_lang: Callback<Lang>,
}

/// The language tabs and the code.
pub fn code_panel(props: &CodePanelProps) -> Html {
    let lang = props.lang;
    let text = code(&props.layout, props.id, lang);
    let tabs = Lang::ALL.iter().map(|&l| {
        let onclick = {
            let on_lang = props.on_lang.clone();
            Callback::from(move |_| on_lang.emit(l))
        };
        html! {
            <button type="button" class={classes!("lang", (lang == l).then_some("active"))}
                aria-pressed={(lang == l).to_string()} {onclick}>{ l.label() }</button>
        }
    });
    html! {
        <div class="arith-code">
            <div class="lang-tabs" role="group" aria-label="Language">{ for tabs }</div>
            <pre class="code" tabindex="0" aria-label={format!("{} code for this layout", lang.label())}><code>{ text }</code></pre>
        </div>
    }
}
