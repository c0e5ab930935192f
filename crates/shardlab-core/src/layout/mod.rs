//! layout (being written)
