//! The `?…` part of a `#/view?…` address, as the views read and write it.

use yew_router::history::Location;

/// The query pairs in the address bar, in order; none when there is no query or it cannot be read.
pub fn query_pairs(location: Option<&Location>) -> Vec<(String, String)> {
    location
        .and_then(|l| l.query::<Vec<(String, String)>>().ok())
        .unwrap_or_default()
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
    use super::owned;

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
