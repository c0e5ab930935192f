//! The colour theme: light or dark, following `prefers-color-scheme` until the reader chooses, and
//! remembered in localStorage after that.

const STORAGE_KEY: &str = "shardlab.theme";

/// A colour theme.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Theme {
    /// Dark text on a light page.
    Light,
    /// Light text on a dark page.
    Dark,
}

impl Theme {
    /// The value of `<html data-theme>`.
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// Reads a stored or URL value; anything else is `None`.
    pub fn parse(text: &str) -> Option<Theme> {
        match text {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }

    /// The opposite theme.
    pub fn other(self) -> Theme {
        match self {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        }
    }
}

/// The reader's saved choice, if any.
pub fn saved() -> Option<Theme> {
    crate::browser::storage::get(STORAGE_KEY).and_then(|s| Theme::parse(&s))
}

/// Saves the reader's choice. Storage can be full or disabled; the theme then lasts for this visit.
pub fn save(theme: Theme) {
    let _ = crate::browser::storage::set(STORAGE_KEY, theme.as_str());
}

/// Does the system ask for a dark page?
pub fn system_prefers_dark() -> bool {
    gloo::utils::window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches())
}

/// The theme on screen now: the saved choice, else the system's.
pub fn effective() -> Theme {
    saved().unwrap_or(if system_prefers_dark() {
        Theme::Dark
    } else {
        Theme::Light
    })
}

/// Sets `<html data-theme>`; `None` removes it so the CSS follows the system.
pub fn apply(theme: Option<Theme>) {
    let Some(html) = gloo::utils::document().document_element() else {
        return;
    };
    let _ = match theme {
        Some(theme) => html.set_attribute("data-theme", theme.as_str()),
        None => html.remove_attribute("data-theme"),
    };
}

#[cfg(test)]
mod tests {
    use super::Theme;

    #[test]
    fn parse_round_trips_and_rejects_other_text() {
        for theme in [Theme::Light, Theme::Dark] {
            assert_eq!(Theme::parse(theme.as_str()), Some(theme));
            assert_eq!(theme.other().other(), theme);
        }
        assert_eq!(Theme::parse("purple"), None);
    }
}
