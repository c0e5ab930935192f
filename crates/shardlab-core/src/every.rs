//! A test that an enum's hand-written `ALL` list holds every variant exactly once.
//!
//! An `ALL` array (`SchemeKind::ALL`, `Preset::ALL`, …) is what pickers, name readers and "every
//! scheme" tests iterate, so a variant missing from it is silently never offered, read or tested.
//! [`assert_lists_every_variant!`](crate::assert_lists_every_variant) closes that gap in two
//! steps:
//!
//! - it names each element of the list through a `match` with one arm per variant and no
//!   catch-all, so a new variant does not compile in the test until it is named there;
//! - it then asserts, through [`assert_each_named_once`], that the list holds each named variant
//!   exactly once, so the test fails until the list has the new variant too.
//!
//! An enum whose variants carry fields (such as `id_family::Reading`) has its own exhaustive test
//! beside its `ALL`: whether its list is complete depends on the values inside, not on the
//! variant alone.

/// Asserts that `listed` (the name of each element of `type_name`'s list, in order) holds every
/// name of `variants` exactly once, naming in the panic what is missing or repeated.
///
/// [`assert_lists_every_variant!`](crate::assert_lists_every_variant) calls it; call the macro
/// rather than this, since only the macro's `match` makes the compiler point at a new variant.
///
/// # Panics
///
/// When a variant is missing from `listed` or appears there more than once, or `listed` has a
/// name that is not in `variants`.
pub fn assert_each_named_once(type_name: &str, listed: &[&str], variants: &[&str]) {
    for variant in variants {
        let times = listed.iter().filter(|name| *name == variant).count();
        assert!(
            times == 1,
            "{type_name}::ALL lists {type_name}::{variant} {times} times, not once"
        );
    }
    for name in listed {
        assert!(
            variants.contains(name),
            "{type_name}::ALL lists {type_name}::{name}, which the test does not name"
        );
    }
}

/// Asserts that an enum's `ALL` list holds each of its variants exactly once.
///
/// Give the type (in scope, by its name), the list (an array or a slice of it) and every variant
/// of the type by name. The macro maps each element of the list to its variant's name through an
/// exhaustive `match` over the names given, so a variant left out of the call is a compile error
/// (`non-exhaustive patterns`), and then panics unless the list holds each variant once.
/// For unit variants only; see the [module](crate::every) for enums with fields.
///
/// ```
/// #[derive(Clone, Copy)]
/// enum Colour {
///     Red,
///     Green,
/// }
/// const ALL: [Colour; 2] = [Colour::Red, Colour::Green];
///
/// shardlab_core::assert_lists_every_variant!(Colour, ALL, [Red, Green]);
/// ```
///
/// Leaving a variant out of the call does not compile:
///
/// ```compile_fail,E0004
/// #[derive(Clone, Copy)]
/// enum Colour {
///     Red,
///     Green,
/// }
/// const ALL: [Colour; 1] = [Colour::Red];
///
/// shardlab_core::assert_lists_every_variant!(Colour, ALL, [Red]);
/// ```
#[macro_export]
macro_rules! assert_lists_every_variant {
    ($type:ident, $all:expr, [$($variant:ident),+ $(,)?]) => {{
        let listed: ::std::vec::Vec<&str> = ::std::convert::AsRef::<[$type]>::as_ref(&$all)
            .iter()
            .map(|value: &$type| match value {
                $($type::$variant => stringify!($variant),)+
            })
            .collect();
        $crate::every::assert_each_named_once(
            stringify!($type),
            &listed,
            &[$(stringify!($variant)),+],
        );
    }};
}

#[cfg(test)]
mod tests {
    use super::assert_each_named_once;
    use std::panic::catch_unwind;

    #[derive(Clone, Copy, Debug)]
    enum Colour {
        Red,
        Green,
        Blue,
    }

    const ALL: [Colour; 3] = [Colour::Red, Colour::Green, Colour::Blue];

    /// The panic's message, for a closure that must panic.
    fn message_of(check: impl FnOnce() + std::panic::UnwindSafe) -> String {
        let Err(payload) = catch_unwind(check) else {
            return "no panic".to_owned();
        };
        payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default()
    }

    #[test]
    fn a_list_of_every_variant_once_passes_in_any_order() {
        assert_lists_every_variant!(Colour, ALL, [Red, Green, Blue]);
        assert_lists_every_variant!(
            Colour,
            [Colour::Blue, Colour::Red, Colour::Green],
            [Red, Green, Blue]
        );
        let slice: &[Colour] = &ALL;
        assert_lists_every_variant!(Colour, slice, [Red, Green, Blue]);
    }

    #[test]
    fn a_list_missing_a_variant_fails_and_names_it() {
        let message = message_of(|| {
            assert_lists_every_variant!(Colour, [Colour::Red, Colour::Blue], [Red, Green, Blue]);
        });
        assert_eq!(message, "Colour::ALL lists Colour::Green 0 times, not once");
    }

    #[test]
    fn a_list_holding_a_variant_twice_fails_and_names_it() {
        let message = message_of(|| {
            assert_lists_every_variant!(
                Colour,
                [Colour::Red, Colour::Green, Colour::Blue, Colour::Red],
                [Red, Green, Blue]
            );
        });
        assert_eq!(message, "Colour::ALL lists Colour::Red 2 times, not once");
    }

    #[test]
    #[should_panic(expected = "Colour::ALL lists Colour::Red 0 times, not once")]
    fn an_empty_list_fails() {
        let none: [Colour; 0] = [];
        assert_lists_every_variant!(Colour, none, [Red, Green, Blue]);
    }

    #[test]
    fn a_name_the_variants_lack_fails() {
        let message = message_of(|| assert_each_named_once("Colour", &["Red", "Pink"], &["Red"]));
        assert_eq!(
            message,
            "Colour::ALL lists Colour::Pink, which the test does not name"
        );
    }
}
