//! placement (being written)
