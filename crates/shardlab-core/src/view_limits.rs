//! The limits of what the views count and draw, defined once here so the reducers, the link
//! decoders and the drawings all refuse, clamp and thin at the same numbers.
//!
//! A drawing limit is a rule, not a detail of the drawing: it bounds the work one change can
//! cause (a browser task must stay short while a million keys are counted), it decides what a
//! link may ask for (the URL decoder refuses the same values the number boxes do), and the Learn
//! chapters quote it. So it lives with the other rules, and the app only imports it.

/// The Ring view: its servers, keys, replicas and drawing.
pub mod ring {
    /// The most servers the view draws (the CLI takes up to
    /// [`MAX_SERVERS`](crate::placement::MAX_SERVERS)): sixty-four colours still tell apart.
    pub const MAX_VIEW_SERVERS: usize = 64;
    /// The most keys the statistics count: about a second of work, streamed in slices.
    pub const MAX_KEYS: u64 = 1_000_000;
    /// The fewest keys the statistics count: fewer make the moved fraction too noisy to read.
    pub const MIN_KEYS: u64 = 1_000;
    /// The most keys drawn as dots (a prefix of the statistics keys).
    pub const MAX_SAMPLE: u64 = 10_000;
    /// The most replicas a lookup asks for.
    pub const MAX_REPLICAS: u32 = 5;
    /// The longest looked-up key kept, in characters: a key is hashed, drawn and written into
    /// the address on every keystroke, so a pasted page of text is cut here (see [`kept_key`]).
    pub const MAX_KEY_CHARS: usize = 200;

    /// What a lookup keeps of a typed key: its first [`MAX_KEY_CHARS`] characters.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct KeptKey<'a> {
        /// The key looked up.
        pub kept: &'a str,
        /// The typed key's length in characters, when it was over the limit and cut.
        pub cut_from: Option<usize>,
    }

    /// The key a lookup keeps of `typed` (the rule of [`MAX_KEY_CHARS`]), and whether it was cut.
    pub fn kept_key(typed: &str) -> KeptKey<'_> {
        match typed.char_indices().nth(MAX_KEY_CHARS) {
            None => KeptKey {
                kept: typed,
                cut_from: None,
            },
            Some((end, _)) => KeptKey {
                kept: typed.get(..end).unwrap_or(typed),
                cut_from: Some(typed.chars().count()),
            },
        }
    }
    /// Rings kept built: the one on screen, the one before the last change, and one to spare. At
    /// the limits (640,000 points) building one takes over 100 ms in the browser. Maglev's
    /// tables are kept as many, for the same reason (a million slots fill in hundreds of ms).
    pub const KEPT_RINGS: usize = 3;
    /// Vnode ticks beyond this many are thinned (every k-th drawn) to keep the page at 60 fps.
    pub const MAX_TICKS: usize = 1_000;
    /// Owner bands beyond this many are drawn as this many equal arcs, each in the colour of the
    /// server that owns most of it: at the limits (64 servers of weight 100 at 100 vnodes, 640,000
    /// points) one path per span was 631,837 SVG elements and a minute of main thread. An arc is
    /// then about a third of a degree, a pixel or so of the band on a desktop screen.
    pub const MAX_BANDS: usize = 1_000;
    /// The most band arcs the ring names ("S2" on the arc): at a few vnodes per server each wide
    /// arc carries its owner's name; past this many arcs the band is a barcode and names clutter.
    pub const MAX_BAND_LABELS: usize = 48;
    /// The most vnodes a ring may have for the drawing to mark what a change handed over: past
    /// it an arc is far under a pixel, and diffing two rings of up to 640,000 points would add
    /// to the one task a change already takes (the counter still says what moved).
    pub const MAX_MARKED_VNODES: usize = 100_000;
    /// The most rows a scheme's table (split points, scores, shard runs) lists.
    pub const MAX_TABLE_ROWS: usize = 16;
    /// The most probe arcs a multi-probe picture draws, nearest first: past it the arcs overlap
    /// into a grey ring (every probe's tick is still drawn).
    pub const MAX_DRAWN_PROBES: usize = 64;
    /// The probes a multi-probe lookup lists in words, nearest first.
    pub const PROBE_ROWS: usize = 5;
    /// The directory entries shown: enough to see keys kept and keys rehomed.
    pub const DIRECTORY_ROWS: usize = 8;
    /// Requests the hot-key comparison routes under each cure: enough that a fair share of 64
    /// servers is over 300 requests, few enough that five cures route in one short task.
    pub const HOT_KEY_REQUESTS: u64 = 20_000;
}

/// The Board's pan and zoom.
pub mod board {
    /// The farthest the board zooms out (the buttons, the wheel and a pinch all stop here).
    pub const MIN_ZOOM: f64 = 0.3;
    /// The farthest the board zooms in. See [`MIN_ZOOM`].
    pub const MAX_ZOOM: f64 = 3.0;
    /// The smallest text a narrow board (a phone) draws, in CSS pixels: below it a box's name
    /// cannot be read at arm's length.
    pub const MIN_TEXT_PX: f64 = 12.0;
    /// The smallest text size on the board, in board units (a box's kind and load lines).
    pub const SMALLEST_TEXT_UNITS: f64 = 12.0;
    /// Below this drawn width (CSS px) the board is on a phone: its viewBox is square and its
    /// zoom floor keeps text readable ([`min_zoom`]).
    pub const NARROW_BOARD_PX: f64 = 600.0;

    /// The farthest a board drawn `drawn_width_px` CSS pixels wide may zoom out, for a viewBox
    /// `view_w` units wide. A wide board stops at [`MIN_ZOOM`]; a narrow one stops where its
    /// smallest text is [`MIN_TEXT_PX`] on screen, so a phone shows part of a big board, legible,
    /// and the reader pans to the rest (never past [`MAX_ZOOM`]). A width not measured yet (0 or
    /// not finite) counts as wide.
    pub fn min_zoom(drawn_width_px: f64, view_w: f64) -> f64 {
        let narrow = drawn_width_px.is_finite()
            && drawn_width_px > 0.0
            && drawn_width_px < NARROW_BOARD_PX
            && view_w > 0.0;
        if !narrow {
            return MIN_ZOOM;
        }
        let screen_px_per_unit = drawn_width_px / view_w;
        (MIN_TEXT_PX / (SMALLEST_TEXT_UNITS * screen_px_per_unit)).clamp(MIN_ZOOM, MAX_ZOOM)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn a_phone_board_never_draws_text_under_the_minimum() {
            for width in [320.0, 356.0, 390.0, 599.0] {
                let floor = min_zoom(width, 800.0);
                let smallest_px = SMALLEST_TEXT_UNITS * floor * width / 800.0;
                assert!(smallest_px >= MIN_TEXT_PX - 1e-9, "{width}: {smallest_px}");
                assert!(floor > MIN_ZOOM && floor <= MAX_ZOOM, "{width}: {floor}");
            }
            // A 356 px board (a 390 px phone) draws its text at 12 px at zoom 800 / 356.
            assert!((min_zoom(356.0, 800.0) - 800.0 / 356.0).abs() < 1e-9);
            // Wide, unmeasured or nonsense: the plain floor.
            for width in [600.0, 1_280.0, 0.0, -5.0, f64::NAN, f64::INFINITY] {
                assert_eq!(min_zoom(width, 800.0), MIN_ZOOM, "{width}");
            }
            // So narrow that the text floor passes the farthest zoom in: the farthest zoom in.
            assert_eq!(min_zoom(10.0, 800.0), MAX_ZOOM);
        }
    }
}

/// What a view remembers of its own writes (to the address bar, or to a box the reader types in)
/// so that one coming back late is not taken for the reader's edit.
pub mod echo {
    /// The own writes a view keeps until it hears them back. A slow page hears its writes some
    /// renders late, a few at most between two keystrokes; past this many the oldest is dropped,
    /// so a write never heard back costs nothing for long.
    pub const KEPT_OWN_WRITES: usize = 32;
}

/// The Decoder's pile of IDs.
pub mod batch {
    /// The most lines a pile may have to be shown in the page's text box. A browser lays out every
    /// line of a box's text at once: 100,000 IDs were a 4.2 s task in Chromium, about 40 µs a
    /// line, so a longer pile is held by the page and read from there, and the box stays empty
    /// (see [`BatchSize::fits_box`](crate::id_batch::BatchSize::fits_box)).
    pub const MAX_BOX_LINES: u64 = 1_000;
    /// The most bytes a pile may have to be shown in the box: 1,000 UUIDs with their line breaks,
    /// and room to spare, so that a few very long lines are held too.
    pub const MAX_BOX_BYTES: u64 = 64 * 1024;
    /// The UTF-16 units of a long paste copied into the page per task: 2,000,000 in one task
    /// were 280 ms at 4× CPU slow-down in Chromium, so a slice is about 35 ms there (9 ms
    /// unthrottled), under the 50 ms a task may take.
    pub const COPY_SLICE_UNITS: u32 = 256 * 1024;
}

/// The Learn path's framed views.
pub mod learn {
    /// The tallest height a framed page may ask for, in CSS pixels: a bad message cannot make the
    /// chapter endless.
    pub const MAX_FRAME_HEIGHT: f64 = 6_000.0;
    /// The longest chapter widget state kept for a reload, in bytes of its link query: any
    /// ring or decoder state, and a board of a few dozen nodes. A longer one is not kept, and
    /// the chapter says so under the widget.
    pub const MAX_KEPT_WIDGET_QUERY_BYTES: usize = 16 * 1024;
    /// The most chapter widget states the progress keeps: every live widget of the course,
    /// with room to grow; an imported file cannot make the progress grow without bound.
    pub const MAX_KEPT_WIDGETS: usize = 96;
}

#[cfg(test)]
mod tests {
    use super::ring::{kept_key, KeptKey, MAX_KEY_CHARS};

    #[test]
    fn a_key_within_the_limit_is_kept_whole() {
        let key = "é".repeat(MAX_KEY_CHARS);
        assert_eq!(
            kept_key(&key),
            KeptKey {
                kept: &key,
                cut_from: None
            }
        );
        assert_eq!(kept_key("").cut_from, None);
    }

    #[test]
    fn a_longer_key_keeps_its_first_characters_and_says_how_long_it_was() {
        let key = "é".repeat(MAX_KEY_CHARS + 1);
        let kept = kept_key(&key);
        assert_eq!(kept.kept.chars().count(), MAX_KEY_CHARS);
        assert!(key.starts_with(kept.kept));
        assert_eq!(kept.cut_from, Some(MAX_KEY_CHARS + 1));
    }
}
