//! "Whose ID is this?": what its input holds, the last text some reading read, and the reading
//! the reader picked. The ranking itself is the core's (`id_family::rank`), made at render time
//! with the browser's clock, since the core has none; this keeps only what a link carries.

use shardlab_core::id_family::{rank, unread, Reading};
use shardlab_core::layout::Preset;

/// The input's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detect {
    /// What the input holds (may be unreadable; then `error` says why).
    pub text: String,
    /// The last text some reading read: the one ranked on screen.
    pub shown: String,
    /// The reading whose fields are shown; `None` shows the first.
    pub picked: Option<Reading>,
    /// Why `text` is read by nothing, naming the character and its position where it can.
    pub error: Option<String>,
}

/// The text the widget opens on: Discord's example ID from 2016, which the Twitter, Sonyflake
/// and TSID layouts also read plausibly.
pub fn default_text() -> String {
    Preset::Discord.example_id().to_string()
}

impl Default for Detect {
    fn default() -> Self {
        let text = default_text();
        Detect {
            shown: text.clone(),
            text,
            picked: None,
            error: None,
        }
    }
}

impl Detect {
    /// The input now holds `text`: ranked when some reading reads it, else kept with the reason
    /// and the last good text stays on screen.
    pub fn type_text(&mut self, text: String) {
        // Whether a reading reads a text does not depend on now.
        if rank(&text, 0).is_empty() {
            self.error = Some(unread(&text).to_string());
        } else {
            self.shown = text.clone();
            self.picked = None;
            self.error = None;
        }
        self.text = text;
    }

    /// Show `reading`'s fields, when it reads the text on screen.
    pub fn pick(&mut self, reading: Reading) {
        if rank(&self.shown, 0).iter().any(|c| c.reading == reading) {
            self.picked = Some(reading);
        }
    }

    /// Whether it is the state the widget opens in.
    pub fn is_default(&self) -> bool {
        *self == Detect::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::id_family::IdFamily;

    #[test]
    fn a_bad_text_keeps_the_last_good_one_and_names_the_character() {
        let mut detect = Detect::default();
        detect.type_text("01ARZ3NDEKTSV4RRFFQ69G5FAV".to_owned());
        assert_eq!(detect.error, None);
        detect.pick(Reading::Family(IdFamily::Ulid));
        assert_eq!(detect.picked, Some(Reading::Family(IdFamily::Ulid)));
        detect.type_text("01ARZ3NDEKTSV4RRFFQ69G5FAU".to_owned());
        let error = detect.error.clone().unwrap_or_default();
        assert!(error.contains("'U' at position 26"), "{error}");
        assert_eq!(detect.shown, "01ARZ3NDEKTSV4RRFFQ69G5FAV");
        assert_eq!(detect.picked, Some(Reading::Family(IdFamily::Ulid)));
        assert_eq!(detect.text, "01ARZ3NDEKTSV4RRFFQ69G5FAU");
    }

    #[test]
    fn only_a_reading_of_the_shown_text_can_be_picked() {
        let mut detect = Detect::default();
        detect.pick(Reading::Family(IdFamily::Uuid));
        assert_eq!(detect.picked, None);
        detect.pick(Reading::Preset(Preset::Snowflake));
        assert_eq!(detect.picked, Some(Reading::Preset(Preset::Snowflake)));
        // A new text starts again from its first reading.
        detect.type_text("1541815603606036480".to_owned());
        assert_eq!(detect.picked, None);
        assert!(!detect.is_default());
    }
}
