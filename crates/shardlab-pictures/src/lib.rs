//! Build-time pictures of shardlab's widgets: each widget's default state (and each whole view's)
//! drawn as a static SVG, with a title, its key numbers and an alt text that says what it shows,
//! and rasterized to a PNG for link cards (`png`).
//!
//! Every number comes from `shardlab-core`, from the same opening state the widget starts in
//! ([`shardlab_core::catalogue::RingOpening`], the Decoder's preset example, the Board's default
//! preset and seed), so a picture's numbers are the widget's. The widget lists are the core's
//! enums, matched exhaustively: a new widget without a picture does not compile.
//!
//! `cargo xtask dist` runs the binary (`src/main.rs`), which writes `w/<folder>/picture.svg`,
//! `picture.png` and `pictures.json`; the app never links this crate, so its wasm is unchanged.
//!
//! - `decoder`: the 64-bit strip of the example ID, its fields and where it lives;
//! - `ring`: the servers on the ring (or Maglev's table) and what adding one moves;
//! - `board`: the board's boxes and wires, and the caption of its seeded run;
//! - `svg`: the frame, text and colours they share; `png`: the rasterizer.

pub mod board;
pub mod decoder;
pub mod png;
pub mod ring;
pub mod svg;

use shardlab_core::catalogue::{BoardWidget, DecoderWidget, RingWidget};

/// What a picture shows: a widget, or a whole view (`None`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Subject {
    /// The Decoder, or one of its widgets.
    Decoder(Option<DecoderWidget>),
    /// The Ring, or one of its widgets.
    Ring(Option<RingWidget>),
    /// The Board, or one of its widgets.
    Board(Option<BoardWidget>),
}

impl Subject {
    /// Every subject: each view, then its widgets, view by view in navigation order.
    pub fn all() -> Vec<Subject> {
        let decoder = std::iter::once(None)
            .chain(DecoderWidget::ALL.iter().copied().map(Some))
            .map(Subject::Decoder);
        let ring = std::iter::once(None)
            .chain(RingWidget::ALL.iter().copied().map(Some))
            .map(Subject::Ring);
        let board = std::iter::once(None)
            .chain(BoardWidget::ALL.iter().copied().map(Some))
            .map(Subject::Board);
        decoder.chain(ring).chain(board).collect()
    }

    /// The view's name in addresses (the app's `View::name`).
    pub fn view_name(self) -> &'static str {
        match self {
            Subject::Decoder(_) => "decoder",
            Subject::Ring(_) => "ring",
            Subject::Board(_) => "board",
        }
    }

    /// The widget's name within its view, or `None` for a whole view.
    pub fn widget_name(self) -> Option<&'static str> {
        match self {
            Subject::Decoder(widget) => widget.map(DecoderWidget::name),
            Subject::Ring(widget) => widget.map(RingWidget::name),
            Subject::Board(widget) => widget.map(BoardWidget::name),
        }
    }

    /// `view/widget`, or `view`: the name `data-shardlab` takes.
    pub fn name(self) -> String {
        match self.widget_name() {
            Some(widget) => format!("{}/{widget}", self.view_name()),
            None => self.view_name().to_owned(),
        }
    }

    /// The folder of the subject's page and pictures: `view-widget`, or `view`.
    pub fn folder(self) -> String {
        match self.widget_name() {
            Some(widget) => format!("{}-{widget}", self.view_name()),
            None => self.view_name().to_owned(),
        }
    }

    /// The title: the widget's, or the view's.
    pub fn title(self) -> &'static str {
        match self {
            Subject::Decoder(Some(widget)) => widget.title(),
            Subject::Ring(Some(widget)) => widget.title(),
            Subject::Board(Some(widget)) => widget.title(),
            Subject::Decoder(None) => "The Decoder",
            Subject::Ring(None) => "The Ring",
            Subject::Board(None) => "The Board",
        }
    }
}

/// One drawn picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// What it shows.
    pub subject: Subject,
    /// The title drawn on it (the widget's).
    pub title: String,
    /// What it shows, in a sentence or two with its numbers: the `alt` of its `<img>`.
    pub alt: String,
    /// The SVG document.
    pub svg: String,
    /// Its size in CSS pixels.
    pub width: u32,
    /// Its height in CSS pixels.
    pub height: u32,
}

/// Draws `subject`'s default state.
pub fn draw(subject: Subject) -> Picture {
    let (alt, height, svg) = match subject {
        Subject::Decoder(widget) => decoder::draw(subject.title(), widget),
        Subject::Ring(widget) => ring::draw(subject.title(), widget),
        Subject::Board(widget) => board::draw(subject.title(), widget),
    };
    Picture {
        subject,
        title: subject.title().to_owned(),
        alt,
        svg,
        width: svg::WIDTH,
        height,
    }
}

/// `pictures.json`: one entry per picture, `{name, path, alt, width, height, title}`, the path
/// relative to the site's root.
pub fn pictures_json(pictures: &[Picture]) -> String {
    let entries: Vec<serde_json::Value> = pictures
        .iter()
        .map(|picture| {
            serde_json::json!({
                "name": picture.subject.name(),
                "path": format!("w/{}/", picture.subject.folder()),
                "alt": picture.alt,
                "width": picture.width,
                "height": picture.height,
                "title": picture.title,
            })
        })
        .collect();
    serde_json::to_string_pretty(&entries).unwrap_or_else(|_| "[]".to_owned())
}

/// A count of servers in words, as a sentence starts it ("Four servers").
pub fn count_word(n: u64) -> String {
    const WORDS: [&str; 13] = [
        "No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
        "Eleven", "Twelve",
    ];
    usize::try_from(n)
        .ok()
        .and_then(|i| WORDS.get(i))
        .map_or_else(|| shardlab_core::text::thousands(n), |w| (*w).to_owned())
}

/// An ordinal in words, for "adding a fifth".
pub fn ordinal_word(n: u64) -> String {
    const WORDS: [&str; 13] = [
        "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
        "ninth", "tenth", "eleventh", "twelfth",
    ];
    usize::try_from(n)
        .ok()
        .and_then(|i| WORDS.get(i))
        .map_or_else(|| format!("{n}th"), |w| (*w).to_owned())
}
