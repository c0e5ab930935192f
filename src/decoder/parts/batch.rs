//! "A pile of IDs": paste IDs into the box, or choose or drop a `.txt` or `.csv` file, pick one ID
//! per line or a CSV column, and the pile is read under the Decoder's layout in slices with a
//! progress bar ([`batch_jobs`](crate::decoder::batch_jobs)), then summarised
//! ([`batch_report`](super::batch_report)) and offered as CSV. The widget's state machine is
//! [`state::batch`](crate::decoder::state::batch).
//!
//! The box is the reader's: the page never writes into it except to show a chosen file's text,
//! so a refused paste stays there as typed. Its length is checked against the core's byte limit
//! before its text is copied out, so a 100 MB paste costs no copy. The pile is not in the address
//! bar: it is too large for a link, and the small print says so.
//!
//! A pile too long for the box (the core's [`BatchSize::fits_box`]: a browser took 4.2 s to lay
//! out 100,000 IDs in it) never goes there: a paste, a drop or a file of one is held by the page
//! and read from there, the box is emptied, and a line says how many lines are held, in the same
//! task as the paste. What the box held around the selection is part of the held pile.

use std::cell::Cell;
use std::rc::Rc;

use shardlab_core::id_batch::{
    batch_size, check_batch_bytes, BatchSize, IdSource, MAX_BATCH_BYTES, MAX_BATCH_IDS,
};
use shardlab_core::view_limits::batch::{COPY_SLICE_UNITS, MAX_BOX_BYTES};
use shardlab_core::layout::BitLayout;
use shardlab_core::text::{quote, thousands};
use wasm_bindgen::JsCast;
use js_sys::JsString;
use web_sys::{ClipboardEvent, HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::batch_report::batch_report;
use crate::browser::long_text::{copy_in_slices, long_text, text_area_text, text_area_value};
use crate::decoder::batch_jobs::use_batch_jobs;
use crate::decoder::state::batch::{BatchAction, BatchState, Export, Held, Mode, Phase};
use crate::files::file_import::{chosen_file, use_file_reader, FileRead};

/// Props for [`Batch`].
#[derive(Properties, PartialEq)]
pub struct BatchProps {
    /// The Decoder's layout, which the pile is read in.
    pub layout: BitLayout,
}

/// What the box holds, or why it is not read: its length (UTF-16 units, never more than its
/// bytes) is checked against the byte limit before its text is copied out.
fn read_box(area: &HtmlTextAreaElement) -> BatchAction {
    match check_batch_bytes(u64::from(area.text_length())) {
        Err(error) => BatchAction::Refuse(format!("{error}. Nothing was read.")),
        Ok(()) => BatchAction::Paste(Rc::from(text_area_value(area))),
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// A `DataTransfer` (a paste's or a drop's), read here without web-sys's copying `getData`.
    type Transfer;

    /// `DataTransfer.getData` as the browser's own string, so that its length is read before
    /// any of it is copied into the page's memory.
    #[wasm_bindgen(method, catch, js_name = getData)]
    fn text_of(this: &Transfer, format: &str) -> Result<js_sys::JsString, wasm_bindgen::JsValue>;
}

/// The box's text before and after its selection (where a paste goes), as the browser's strings.
fn box_around(area: &HtmlTextAreaElement) -> (JsString, JsString) {
    let value = text_area_text(area);
    let length = value.length();
    let start = area
        .selection_start()
        .ok()
        .flatten()
        .unwrap_or(length)
        .min(length);
    let end = area
        .selection_end()
        .ok()
        .flatten()
        .unwrap_or(length)
        .clamp(start, length);
    (value.slice(0, start), value.slice(end, length))
}

/// A pasted or dropped text, with what the box holds around where it goes.
struct Insertion {
    /// The text itself.
    text: JsString,
    /// The box before the selection.
    before: JsString,
    /// The box after the selection.
    after: JsString,
}

impl Insertion {
    /// Its length and the box's around it, in UTF-16 units.
    fn whole_units(&self) -> u64 {
        [&self.before, &self.text, &self.after]
            .iter()
            .map(|part| u64::from(part.length()))
            .sum()
    }
}

/// What a paste or a drop asks of the page.
enum Insert {
    /// Nothing: the browser puts it in the box.
    Box,
    /// Refused or held at once.
    Now(BatchAction),
    /// Too long for the box: copied into the page in slices, then held or refused.
    Copy(Insertion),
}

/// What a pasted or dropped text, copied in with the box around it, comes to.
#[derive(Debug, PartialEq)]
enum Pile {
    /// It fits the box, where the browser may put it: the pile as it would be held.
    FitsBox(Held),
    /// Held beside the box and read from there.
    Hold(Held),
    /// Refused: the message, which says it stayed out of the box.
    Refuse(String),
}

/// Judges a pasted or dropped `text` that goes between `before` and `after` in the box. The
/// pasted text alone is refused as such, in its own numbers; the box around it may only add to
/// a pile that is held.
fn settle(text: String, before: &str, after: &str, source: &IdSource) -> Pile {
    let refuse = |error: shardlab_core::id_batch::BatchError| {
        Pile::Refuse(format!("{error}. It was not put in the box."))
    };
    let size = match batch_size(&text, source) {
        Err(error) => return refuse(error),
        Ok(size) => size,
    };
    let (whole, size) = if before.is_empty() && after.is_empty() {
        (text, size)
    } else {
        let whole = [before, text.as_str(), after].concat();
        match batch_size(&whole, source) {
            Err(error) => return refuse(error),
            Ok(size) => (whole, size),
        }
    };
    let held = Held {
        text: Rc::from(whole),
        size,
        file: None,
    };
    if size.fits_box() {
        Pile::FitsBox(held)
    } else {
        Pile::Hold(held)
    }
}

/// What a pasted or dropped text asks of the page, when it is not simply let into the box:
///
/// - over the limits, it is refused before it gets there (a browser takes minutes to lay out a
///   million lines in a text box and may give up on 100 MB), and the box keeps what it had;
/// - within them but too long for the box ([`BatchSize::fits_box`]), the box with the text in
///   place of its selection is held and read from there.
///
/// Its length (UTF-16 units, never more than its bytes) is checked before its text is copied
/// out, as the box's is. A text longer than the box may hold is copied in slices
/// ([`Insert::Copy`]); a shorter one here, in the browser's one native call ([`long_text`]).
fn screen_insert(
    data: Option<web_sys::DataTransfer>,
    area: Option<HtmlTextAreaElement>,
    source: &IdSource,
) -> Insert {
    let Some(text) = data.and_then(|d| d.unchecked_ref::<Transfer>().text_of("text").ok()) else {
        return Insert::Box;
    };
    let refuse = |error| Insert::Now(BatchAction::Refuse(format!("{error}. It was not put in the box.")));
    if let Err(error) = check_batch_bytes(u64::from(text.length())) {
        return refuse(error);
    }
    let (before, after) = match &area {
        Some(area) => box_around(area),
        None => (JsString::from(""), JsString::from("")),
    };
    let insertion = Insertion { text, before, after };
    if u64::from(insertion.text.length()) > MAX_BOX_BYTES {
        return match check_batch_bytes(insertion.whole_units()) {
            Err(error) => refuse(error),
            Ok(()) => Insert::Copy(insertion),
        };
    }
    match settle(
        long_text(&insertion.text),
        &long_text(&insertion.before),
        &long_text(&insertion.after),
        source,
    ) {
        Pile::FitsBox(_) => Insert::Box,
        Pile::Hold(held) => Insert::Now(BatchAction::Hold(held)),
        Pile::Refuse(message) => Insert::Now(BatchAction::Refuse(message)),
    }
}

/// Handles a paste's or a drop's text: a refusal, a held pile or a copy in slices stops the
/// browser putting it in the box. A copy shows at once that the text was taken; what it comes to
/// is judged when it is in, and counts only if the reader has not moved on (`copies` names the
/// newest copy).
fn on_insert(
    event: &Event,
    data: Option<web_sys::DataTransfer>,
    area: Option<HtmlTextAreaElement>,
    source: &IdSource,
    dispatch: &UseReducerDispatcher<BatchState>,
    copies: &Rc<Cell<u64>>,
) {
    let insertion = match screen_insert(data, area, source) {
        Insert::Box => return,
        Insert::Now(action) => {
            event.prevent_default();
            dispatch.dispatch(action);
            return;
        }
        Insert::Copy(insertion) => insertion,
    };
    event.prevent_default();
    let copy = copies.get().wrapping_add(1);
    copies.set(copy);
    dispatch.dispatch(BatchAction::Receive {
        units: u32::try_from(insertion.whole_units()).unwrap_or(u32::MAX),
        copy,
    });
    let current = {
        let copies = Rc::clone(copies);
        Rc::new(move || copies.get() == copy)
    };
    let (dispatch, source) = (dispatch.clone(), source.clone());
    let Insertion { text, before, after } = insertion;
    copy_in_slices(
        text,
        COPY_SLICE_UNITS,
        current,
        Box::new(move |text| {
            let pile = match settle(text, &long_text(&before), &long_text(&after), &source) {
                // Longer than the box may hold, so it cannot fit; held all the same.
                Pile::Hold(held) | Pile::FitsBox(held) => Ok(held),
                Pile::Refuse(message) => Err(message),
            };
            dispatch.dispatch(BatchAction::Received { copy, pile });
        }),
    );
}

/// What a chosen or dropped file gives: its text (shown in the box, or held when it is too long
/// for it), or why it was not read.
fn read_file(read: FileRead, area: Option<HtmlTextAreaElement>, source: &IdSource) -> BatchAction {
    match read {
        FileRead::Text { name, text } => match batch_size(&text, source) {
            Err(error) => BatchAction::Refuse(format!("{} was not read: {error}.", quote(&name))),
            Ok(size) => {
                let fits = size.fits_box();
                if let Some(area) = area {
                    area.set_value(if fits { &text } else { "" });
                }
                if fits {
                    BatchAction::Paste(Rc::from(text))
                } else {
                    BatchAction::Hold(Held {
                        text: Rc::from(text),
                        size,
                        file: Some(name),
                    })
                }
            }
        },
        FileRead::TooLarge { name, bytes } => BatchAction::Refuse(format!(
            "{} was not read: {}.",
            quote(&name),
            check_batch_bytes(bytes)
                .err()
                .map(|error| error.to_string())
                .unwrap_or_default()
        )),
        FileRead::Unreadable { name } => BatchAction::Refuse(format!(
            "{} could not be read as text (is it UTF-8?).",
            quote(&name)
        )),
    }
}

/// A callback for any event that sends `action`.
fn sender<E: 'static>(
    dispatch: UseReducerDispatcher<BatchState>,
    action: BatchAction,
) -> Callback<E> {
    Callback::from(move |_| dispatch.dispatch(action.clone()))
}

/// What the page says of a pile it holds.
fn held_words(held: &Held) -> String {
    let BatchSize { bytes, lines, .. } = held.size;
    let what = format!(
        "{} ({})",
        counted(lines, "line", "lines"),
        counted(bytes, "byte", "bytes")
    );
    let from = match &held.file {
        Some(name) => format!("Holding {} from {what}", quote(name)),
        None => format!("Holding {what} pasted"),
    };
    format!("{from}: too many to show in the box, so they are read from here. Typing or pasting in the box replaces them.")
}

/// A count and its noun: "1 duplicate", "2,000 duplicates".
fn counted(count: u64, one: &str, many: &str) -> String {
    format!(
        "{} {}",
        thousands(count),
        if count == 1 { one } else { many }
    )
}

/// What the live region says when a run ends: the counts that matter, or where it stopped.
fn status(phase: &Phase) -> String {
    match phase {
        Phase::Done(report) => {
            let mut found = vec![counted(report.duplicates.count, "duplicate", "duplicates")];
            if let Some(late) = &report.out_of_order {
                found.push(format!("{} out of time order", thousands(late.count)));
            }
            found.push(counted(
                report.refused.count,
                "refused line",
                "refused lines",
            ));
            format!(
                "Read {}: {}.",
                counted(report.parsed, "ID", "IDs"),
                found.join(", ")
            )
        }
        Phase::Cancelled(progress) => format!(
            "Cancelled after {} of {} lines. Decode reads the pile again.",
            thousands(progress.map_or(0, |p| p.done)),
            thousands(progress.map_or(0, |p| p.total))
        ),
        Phase::Copying { units, .. } => format!(
            "Taking in the pasted text: {}…",
            counted(u64::from(*units), "character", "characters")
        ),
        Phase::Idle | Phase::Running(_) | Phase::Refused(_) => String::new(),
    }
}

/// The widget.
#[function_component(Batch)]
pub fn batch(props: &BatchProps) -> Html {
    let state = use_reducer(BatchState::default);
    use_batch_jobs(&state, &props.layout);
    let area = use_node_ref();
    let on_file = {
        let (dispatch, area, source) = (state.dispatcher(), area.clone(), state.source());
        Callback::from(move |read: FileRead| {
            dispatch.dispatch(read_file(read, area.cast(), &source))
        })
    };
    let read = use_file_reader(u64::try_from(MAX_BATCH_BYTES).unwrap_or(u64::MAX), on_file);
    // The newest copy of a long paste; typing in the box stops an older one.
    let copies = use_memo((), |_| Cell::new(0_u64));
    // A pile just held was part of the box: the box lets it go.
    {
        let area = area.clone();
        use_effect_with(state.held_serial, move |serial| {
            if let (true, Some(area)) = (*serial > 0, area.cast::<HtmlTextAreaElement>()) {
                area.set_value("");
            }
        });
    }
    let oninput = {
        let (dispatch, copies) = (state.dispatcher(), copies.clone());
        Callback::from(move |e: InputEvent| {
            copies.set(copies.get().wrapping_add(1));
            dispatch.dispatch(read_box(&e.target_unchecked_into()))
        })
    };
    let onpaste = {
        let (dispatch, source, area) = (state.dispatcher(), state.source(), area.clone());
        let copies = copies.clone();
        Callback::from(move |e: Event| {
            let data = e
                .dyn_ref::<ClipboardEvent>()
                .and_then(ClipboardEvent::clipboard_data);
            on_insert(&e, data, area.cast(), &source, &dispatch, &copies);
        })
    };
    let holding = state.held.is_some();
    let copying = matches!(state.phase, Phase::Copying { .. });
    let on_decode = {
        let (dispatch, area) = (state.dispatcher(), area.clone());
        Callback::from(move |_: MouseEvent| {
            if copying {
                // The paste being taken in is read as soon as it is in.
            } else if holding {
                dispatch.dispatch(BatchAction::ReadHeld);
            } else if let Some(area) = area.cast::<HtmlTextAreaElement>() {
                dispatch.dispatch(read_box(&area));
            }
        })
    };
    let onchange = {
        let read = read.clone();
        Callback::from(move |e: Event| {
            if let Some(file) = chosen_file(&e) {
                read.emit(file);
            }
        })
    };
    // A dropped file is read; dropped text goes into the box as the browser puts it there,
    // unless it is over the limits.
    let ondrop = {
        let (dispatch, source, area) = (state.dispatcher(), state.source(), area.clone());
        let copies = copies.clone();
        Callback::from(move |e: DragEvent| {
            let data = e.data_transfer();
            if let Some(file) = data.as_ref().and_then(|d| d.files()).and_then(|f| f.get(0)) {
                e.prevent_default();
                read.emit(file);
            } else {
                on_insert(&e, data, area.cast(), &source, &dispatch, &copies);
            }
        })
    };
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let on_column = {
        let dispatch = state.dispatcher();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            dispatch.dispatch(BatchAction::SetColumn(input.value()));
        })
    };
    let on_header = {
        let dispatch = state.dispatcher();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            dispatch.dispatch(BatchAction::SetHeader(input.checked()));
        })
    };
    let by_column = state.mode == Mode::Column;
    let fields: Vec<&str> = props
        .layout
        .fields()
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    let limit = thousands(u64::try_from(MAX_BATCH_IDS).unwrap_or(u64::MAX));
    let refused = match &state.phase {
        Phase::Refused(message) => Some(message.clone()),
        Phase::Idle
        | Phase::Copying { .. }
        | Phase::Running(_)
        | Phase::Done(_)
        | Phase::Cancelled(_) => None,
    };
    html! {
        <section class="panel batch-panel" aria-labelledby="batch-title">
            <h2 id="batch-title">{ "A pile of IDs" }</h2>
            <p class="help" id="batch-help">
                { format!("Paste up to {limit} IDs (8 MiB), one per line or in a CSV column, or drop a .txt or .csv file here. They are read in the Decoder's layout: {}.", fields.join(" | ")) }
            </p>
            <textarea id="batch-text" ref={area} aria-labelledby="batch-title" class={classes!("batch-text", "mono", refused.is_some().then_some("invalid"))}
                rows="6" spellcheck="false" autocomplete="off"
                placeholder={if holding { "Type or paste IDs here to replace the held pile" } else { "1541815603606036480\n1541815603606036481" }}
                aria-invalid={refused.is_some().to_string()} aria-describedby="batch-help batch-held batch-error batch-small-print"
                {oninput} {onpaste} {ondrop} {ondragover} />
            if let Some(held) = &state.held {
                <div class="batch-held">
                    <p id="batch-held" role="status" data-testid="batch-held">{ held_words(held) }</p>
                    <button type="button" onclick={sender(state.dispatcher(), BatchAction::Clear)}>{ "Clear" }</button>
                </div>
            }
            <fieldset class="batch-source">
                <legend>{ "Where each ID is" }</legend>
                <label><input type="radio" name="batch-mode" checked={!by_column}
                    onchange={sender(state.dispatcher(), BatchAction::PickMode(Mode::Lines))} />{ " One per line" }</label>
                <label><input type="radio" name="batch-mode" checked={by_column}
                    onchange={sender(state.dispatcher(), BatchAction::PickMode(Mode::Column))} />{ " CSV column" }</label>
                <input type="text" class="batch-column mono" aria-label="CSV column: a name, or a number from 1"
                    placeholder="id or 2" value={state.column.clone()} disabled={!by_column} oninput={on_column} />
                <label><input type="checkbox" checked={state.header} disabled={!by_column} onchange={on_header} />
                    { " first line is a header" }</label>
            </fieldset>
            <div class="batch-actions">
                <label class="button-like" for="batch-file">{ "Choose a file…" }</label>
                <input id="batch-file" class="visually-hidden" type="file" accept=".txt,.csv,text/plain,text/csv" {onchange} />
                <button type="button" onclick={on_decode}>{ "Decode" }</button>
                // Always in the page and hidden when idle, so a run's progress renders update the
                // same button rather than replacing it under the reader's (or a test's) click.
                <button type="button" key="cancel" hidden={!matches!(state.phase, Phase::Running(_))}
                    onclick={sender(state.dispatcher(), BatchAction::Cancel)}>{ "Cancel" }</button>
                if matches!(state.phase, Phase::Done(_)) {
                    <button type="button" disabled={state.exporting()} onclick={sender(state.dispatcher(), BatchAction::Export)}>
                        { match state.export {
                            Export::Writing(Some(p)) => format!("Writing CSV… {} %", p.done.saturating_mul(100).checked_div(p.total).unwrap_or(100)),
                            Export::Writing(None) => "Writing CSV…".to_owned(),
                            Export::Idle => "Export CSV".to_owned(),
                        } }
                    </button>
                }
            </div>
            <p id="batch-small-print" class="help small-print">
                { "This pile stays in your browser; a link does not carry it." }
            </p>
            <p id="batch-error" class="error" role="alert" data-testid="batch-error">{ refused.unwrap_or_default() }</p>
            if let Phase::Running(progress) = state.phase {
                <div class="batch-progress" data-testid="batch-progress">
                    <progress aria-label="Lines read" max={progress.map_or(1, |p| p.total.max(1)).to_string()}
                        value={progress.map_or(0, |p| p.done).to_string()} />
                    <span>{ progress.map_or_else(|| "Reading…".to_owned(), |p| format!("{} of {} lines", thousands(p.done), thousands(p.total))) }</span>
                </div>
            }
            <p class="batch-status" role="status" data-testid="batch-status">{ status(&state.phase) }</p>
            if let Phase::Done(report) = &state.phase { { batch_report(report) } }
        </section>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::unwrap_used)]
mod browser_tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::*;

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    fn a_box_over_the_byte_limit_is_refused_on_its_length() {
        // Detached, so the browser lays out nothing.
        let area = gloo::utils::document()
            .create_element("textarea")
            .unwrap()
            .unchecked_into::<HtmlTextAreaElement>();
        area.set_value(&"7".repeat(MAX_BATCH_BYTES + 1));
        let BatchAction::Refuse(message) = read_box(&area) else {
            panic!("not refused");
        };
        assert!(
            message.starts_with(
                "a batch is at most 8 MiB (8,388,608 bytes); this text is 8,388,609 bytes"
            ),
            "{message}"
        );
        area.set_value("1\n2");
        assert_eq!(read_box(&area), BatchAction::Paste(Rc::from("1\n2")));
    }

    #[wasm_bindgen_test]
    fn a_paste_over_the_limits_is_kept_out_of_the_box() {
        let carrying = |text: &str| {
            let data = web_sys::DataTransfer::new().unwrap();
            data.set_data("text/plain", text).unwrap();
            Some(data)
        };
        let big = carrying(&"7".repeat(MAX_BATCH_BYTES + 1));
        let Insert::Now(BatchAction::Refuse(message)) = screen_insert(big, None, &IdSource::Lines)
        else {
            panic!("not refused");
        };
        assert!(message.contains("this text is 8,388,609 bytes"), "{message}");
        assert!(matches!(screen_insert(carrying("1\n2"), None, &IdSource::Lines), Insert::Box));
        assert!(matches!(screen_insert(None, None, &IdSource::Lines), Insert::Box));
        // Longer than the box may hold: copied in slices, the box around it kept for after.
        let area: HtmlTextAreaElement = gloo::utils::document()
            .create_element("textarea")
            .unwrap()
            .unchecked_into();
        area.set_value("1\n2\n");
        area.set_selection_range(2, 2).unwrap();
        let pile = "1541815603606036480\n".repeat(100_000);
        let Insert::Copy(insertion) = screen_insert(carrying(&pile), Some(area), &IdSource::Lines)
        else {
            panic!("not copied");
        };
        assert_eq!(insertion.whole_units(), 2_000_004);
        assert_eq!(
            (String::from(insertion.before), String::from(insertion.after)),
            ("1\n".to_owned(), "2\n".to_owned())
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{settle, Pile};
    use shardlab_core::id_batch::IdSource;

    #[test]
    fn a_pile_is_held_refused_or_let_into_the_box_by_its_size() {
        let pile = "1541815603606036480\n".repeat(100_000);
        let Pile::Hold(held) = settle(pile.clone(), "", "", &IdSource::Lines) else {
            panic!("not held");
        };
        assert_eq!((held.size.id_lines, held.size.bytes), (100_000, 2_000_000));
        assert_eq!(&*held.text, pile.as_str());
        assert!(matches!(settle("1\n2".into(), "", "", &IdSource::Lines), Pile::FitsBox(_)));
        let Pile::Refuse(message) = settle("1\n".repeat(1_000_000), "", "", &IdSource::Lines) else {
            panic!("not refused");
        };
        assert!(
            message.contains("at most 100,000 lines of IDs; this text has 1,000,000")
                && message.ends_with("It was not put in the box."),
            "{message}"
        );
    }

    #[test]
    fn the_box_around_a_paste_joins_the_pile_and_never_blames_the_paste() {
        let pile = "7\n".repeat(99_990);
        let Pile::Hold(held) = settle(pile.clone(), "1\n", "2", &IdSource::Lines) else {
            panic!("not held");
        };
        assert_eq!(&*held.text, format!("1\n{pile}2").as_str());
        assert_eq!(held.size.id_lines, 99_992);
        // Over the limit only with the box around it: refused in the whole's numbers.
        let Pile::Refuse(message) = settle(pile, &"1\n".repeat(15), "", &IdSource::Lines) else {
            panic!("not refused");
        };
        assert!(message.contains("this text has 100,005"), "{message}");
    }
}
