//! Whether the reader asked for less motion (`prefers-reduced-motion: reduce`): players show their
//! end state at once and the ring's keys do not fly. Read when needed rather than cached, so a
//! change in the system setting takes effect on the next action; the media query forces no style
//! pass.

/// Whether the reader asked for reduced motion.
pub fn prefers_reduced_motion() -> bool {
    gloo::utils::window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches())
}
