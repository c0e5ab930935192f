//! sim (being written)
