//! The build-time pictures the embed builder puts in its snippets: `pictures.json` at the site's
//! root (`[{name, path, alt, width, height}]`), fetched once the builder first opens. A site
//! without the file (a development build) gets snippets with a link and no picture.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use super::embed_snippet::Picture;

/// Calls `done` with the text at `url`, or `None` when it could not be had. Plain promise
/// callbacks rather than a future, which would add an executor to every page; each runs once and
/// is forgotten, a few bytes per builder.
fn fetch_text(url: &str, done: Rc<dyn Fn(Option<String>)>) {
    let on_text: Closure<dyn FnMut(JsValue)> = {
        let done = done.clone();
        Closure::once(move |text: JsValue| done(text.as_string()))
    };
    let on_unread: Closure<dyn FnMut(JsValue)> = {
        let done = done.clone();
        Closure::once(move |_: JsValue| done(None))
    };
    let on_failed: Closure<dyn FnMut(JsValue)> = {
        let done = done.clone();
        Closure::once(move |_: JsValue| done(None))
    };
    let on_response: Closure<dyn FnMut(JsValue)> = Closure::once(move |response: JsValue| {
        let field = |name: &str| js_sys::Reflect::get(&response, &name.into()).ok();
        let text = field("ok")
            .and_then(|ok| ok.as_bool())
            .filter(|ok| *ok)
            .and_then(|_| field("text"))
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .and_then(|f| f.call0(&response).ok())
            .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
        match text {
            Some(promise) => {
                let _ = promise.then2(&on_text, &on_unread);
                on_text.forget();
                on_unread.forget();
            }
            None => done(None),
        }
    });
    let _ = gloo::utils::window()
        .fetch_with_str(url)
        .then2(&on_response, &on_failed);
    on_response.forget();
    on_failed.forget();
}

/// The site's pictures, fetched the first time `open` is true; `None` until they arrive, and an
/// empty list when there are none.
#[hook]
pub fn use_pictures(open: bool, url: String) -> Option<Rc<Vec<Picture>>> {
    let pictures = use_state(|| None::<Rc<Vec<Picture>>>);
    let asked = use_mut_ref(|| false);
    {
        let pictures = pictures.setter();
        use_effect_with(open, move |open| {
            if *open && !std::mem::replace(&mut *asked.borrow_mut(), true) {
                fetch_text(
                    &url,
                    Rc::new(move |text: Option<String>| {
                        let list = text
                            .and_then(|t| crate::browser::json::from_text::<Vec<Picture>>(&t).ok())
                            .unwrap_or_default();
                        pictures.set(Some(Rc::new(list)));
                    }),
                );
            }
        });
    }
    (*pictures).clone()
}
