//! Reading a file the reader chose in an `<input type="file">` (or dropped), the same way in every
//! view: take the first file, clear the input so the same file can be chosen again after a fix,
//! refuse a file over the view's size limit before reading it, and read it as text. Each view
//! turns the outcome into its own action and its own words.

use gloo::file::callbacks::FileReader;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// What became of a chosen file. Every variant carries the file's name for the message.
#[derive(Clone, Debug, PartialEq)]
pub enum FileRead {
    /// The file was read; its text.
    Text {
        /// The file's name.
        name: String,
        /// Its contents.
        text: String,
    },
    /// The file is over the size limit and was not read.
    TooLarge {
        /// The file's name.
        name: String,
        /// Its size in bytes.
        bytes: u64,
    },
    /// The browser could not read the file as text (not UTF-8, or it went away).
    Unreadable {
        /// The file's name.
        name: String,
    },
}

/// Returns the `onchange` handler for a file input. A chosen file of at most `max_bytes` is read
/// as text and its outcome sent to `on_read`; a larger one is refused at once.
#[hook]
pub fn use_file_import(max_bytes: u64, on_read: Callback<FileRead>) -> Callback<Event> {
    let read = use_file_reader(max_bytes, on_read);
    Callback::from(move |event: Event| {
        if let Some(file) = chosen_file(&event) {
            read.emit(file);
        }
    })
}

/// The first file chosen in the file input that sent `event`, which is cleared so that the same
/// file can be chosen again after it was fixed.
pub fn chosen_file(event: &Event) -> Option<web_sys::File> {
    let input: HtmlInputElement = event.target_unchecked_into();
    let file = input.files().and_then(|files| files.get(0))?;
    input.set_value("");
    Some(file)
}

/// Returns a reader of one file, chosen or dropped: a file of at most `max_bytes` is read as
/// text and its outcome sent to `on_read`; a larger one is refused at once, unread. The read in
/// flight is kept by the hook, because dropping a gloo `FileReader` cancels it.
#[hook]
pub fn use_file_reader(max_bytes: u64, on_read: Callback<FileRead>) -> Callback<web_sys::File> {
    let reader = use_mut_ref(|| None::<FileReader>);
    Callback::from(move |file: web_sys::File| {
        let file = gloo::file::File::from(file);
        let name = file.name();
        if file.size() > max_bytes {
            on_read.emit(FileRead::TooLarge {
                name,
                bytes: file.size(),
            });
            return;
        }
        let on_read = on_read.clone();
        let task = gloo::file::callbacks::read_as_text(&file, move |result| {
            on_read.emit(match result {
                Ok(text) => FileRead::Text { name, text },
                Err(_) => FileRead::Unreadable { name },
            });
        });
        reader.borrow_mut().replace(task);
    })
}
