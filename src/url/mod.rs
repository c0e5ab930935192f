//! A view's address: the query codec (`url_query`) and the one address-bar sync (`url_state_hook`).

pub mod url_query;
pub mod url_state_hook;
