//! The `?…` part of a `#/view?…` address, as the views read and write it.

use shardlab_core::text::quote;
use yew_router::history::Location;

/// The query pairs in the address bar, in order, decoded; none when there is no query.
///
/// Read by `form_urlencoded` itself, the parser `Location::query` runs under serde_urlencoded's
/// deserializer: the same pairs, without that deserializer's code in every page.
pub fn query_pairs(location: Option<&Location>) -> Vec<(String, String)> {
    location.map_or_else(Vec::new, |l| pairs_of(l.query_str()))
}

/// The decoded pairs of a query's text, with or without its leading `?` (what
/// `Location::query_str` gives, or what follows the `?` in `location.hash`).
pub fn pairs_of(query: &str) -> Pairs {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect()
}

/// Form-encodes query pairs the way the views' address bars hold them
/// (`application/x-www-form-urlencoded`): letters, digits and `-._*` stay, a space becomes `+`,
/// every other byte becomes `%XX`. The text is what yew-router's `*_with_query` would write for
/// the same pairs (serde_urlencoded runs this same serializer), so the views hand it over as
/// `Raw` and the pages carry no serde serializer for a query.
pub fn form_query<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> String {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
}

/// Query keys that belong to the page around a view rather than to the view's state: `theme`
/// (an embed's colour theme, chosen by the host page) and `within` (framed by one of our own
/// pages, `shell::embed_frame::FramedBy`, so the embed leaves out its link to shardlab). They are kept out of
/// the view's state and carried over when the view rewrites its address.
pub const FRAME_KEYS: [&str; 2] = ["theme", "within"];

/// Query pairs in address order.
pub type Pairs = Vec<(String, String)>;

/// Splits an address's pairs into the view's own and the frame's ([`FRAME_KEYS`]).
pub fn split_frame_pairs(pairs: Pairs) -> (Pairs, Pairs) {
    pairs
        .into_iter()
        .partition(|(k, _)| !FRAME_KEYS.contains(&k.as_str()))
}

/// The value of `key`, if the pairs have one.
pub fn pair_value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Whether this page can read a link whose pairs these are, judged by its format version `v`.
///
/// Every view writes `v` first, so a truncated link keeps it. A link without `v` (typed by hand)
/// is read as the current format. A newer or unknown version is refused as a whole, with a notice
/// that says what is shown instead (`fallback`, such as "the default ring"): reading a newer
/// format value by value could show a state its author never made.
pub fn check_version(
    pairs: &[(String, String)],
    current: u32,
    fallback: &str,
) -> Result<(), String> {
    let Some(text) = pair_value(pairs, "v") else {
        return Ok(());
    };
    match text.parse::<u32>() {
        Ok(v) if v == current => Ok(()),
        Ok(v) if v > current => Err(format!(
            "This link was made by a newer shardlab (format {v}); this page reads format {current}, so it shows {fallback}."
        )),
        _ => Err(format!(
            "This link's format version {} is not one shardlab knows (this page reads format {current}); showing {fallback}.",
            quote(text)
        )),
    }
}

/// The `a=1&b=x%20y` form of query pairs, percent-encoded for use in an address.
pub fn query_string<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "{}={}",
                percent_encode(k.as_ref()),
                percent_encode(v.as_ref())
            )
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// Percent-encodes everything but the characters that are safe in a query value everywhere
/// (letters, digits, `-`, `.`, `_`, `~`), so a link survives being pasted into any page or mail.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A view's encoded pairs in the owned form `query_pairs` returns, so the two can be compared.
pub fn owned(pairs: &[(&'static str, String)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_form_encoded() {
        assert_eq!(
            form_query(&[("v", "1"), ("key", "user:42 é&x=1")]),
            "v=1&key=user%3A42+%C3%A9%26x%3D1"
        );
        assert_eq!(form_query::<&str, String>(&[]), "");
    }

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn versions_are_read_refused_or_explained() {
        assert_eq!(check_version(&[], 1, "x"), Ok(()));
        assert_eq!(
            check_version(&pairs(&[("v", "1"), ("id", "2")]), 1, "x"),
            Ok(())
        );
        assert_eq!(check_version(&pairs(&[("id", "2")]), 1, "x"), Ok(()));
        let newer = check_version(&pairs(&[("v", "3")]), 1, "the default ring");
        assert_eq!(
            newer,
            Err("This link was made by a newer shardlab (format 3); this page reads format 1, so it shows the default ring.".to_owned())
        );
        for bad in ["0", "", "1.5", "-1", "abc", "99999999999999999999999999"] {
            let Err(message) = check_version(&pairs(&[("v", bad)]), 1, "the default board") else {
                panic!("version {bad:?} was accepted");
            };
            assert!(message.contains("the default board"), "{message}");
            assert!(message.chars().count() < 200, "{message}");
        }
    }

    #[test]
    fn frame_keys_are_split_off_in_order() {
        let (own, frame) = split_frame_pairs(pairs(&[("v", "1"), ("theme", "dark"), ("id", "2")]));
        assert_eq!(own, pairs(&[("v", "1"), ("id", "2")]));
        assert_eq!(frame, pairs(&[("theme", "dark")]));
        assert_eq!(pair_value(&own, "id"), Some("2"));
        assert_eq!(pair_value(&own, "theme"), None);
    }

    #[test]
    fn query_strings_escape_what_an_address_cannot_carry() {
        let q = query_string(&[("v", "1"), ("key", "a&b=c d/é")]);
        assert_eq!(q, "v=1&key=a%26b%3Dc%20d%2F%C3%A9");
        assert_eq!(query_string::<&str, &str>(&[]), "");
    }

    #[test]
    fn owned_keeps_order_and_values() {
        let pairs = [("v", "1".to_string()), ("id", "42".to_string())];
        assert_eq!(
            owned(&pairs),
            vec![
                ("v".to_string(), "1".to_string()),
                ("id".to_string(), "42".to_string())
            ]
        );
    }
}
