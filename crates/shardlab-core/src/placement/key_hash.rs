//! The one documented 64-bit key hash.
//!
//! Every scheme works on a `u64`. String keys become one through [`key_hash`]: xxh3 (64-bit) from
//! the `xxhash-rust` crate with the fixed seed [`KEY_HASH_SEED`]. xxh3 is fast, non-cryptographic,
//! well distributed and specified byte for byte, so the CLI, the browser and any other
//! implementation get the same value for the same key.

use xxhash_rust::xxh3::xxh3_64_with_seed;

/// The seed of the key hash: the ASCII bytes of `"SHARDLAB"` read as a big-endian `u64`.
///
/// Changing it would move every key, so it is part of the contract.
pub const KEY_HASH_SEED: u64 = 0x5348_4152_444C_4142;

/// The 64-bit hash of a key.
///
/// A key made only of ASCII digits that fits in a `u64` is used as the hash itself, so that a
/// numeric key can be an ID (for range and ID-encoded placement) and so that `jump` reproduces the
/// published reference vectors. Leading zeros are allowed (`"007"` is `7`); a sign, spaces or `_`
/// make the key a string. Every other key is hashed with xxh3-64 over its UTF-8 bytes, seeded with
/// [`KEY_HASH_SEED`].
///
/// ```
/// use shardlab_core::placement::key_hash;
/// assert_eq!(key_hash("42"), 42);
/// assert_ne!(key_hash("user:42"), key_hash("user:43"));
/// assert_eq!(key_hash("user:42"), key_hash("user:42"));
/// ```
pub fn key_hash(key: &str) -> u64 {
    parse_plain_decimal(key).unwrap_or_else(|| hash_bytes(key.as_bytes()))
}

/// xxh3-64 of raw bytes with [`KEY_HASH_SEED`]: the string branch of [`key_hash`].
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    xxh3_64_with_seed(bytes, KEY_HASH_SEED)
}

/// `Some(value)` when `key` is a non-empty run of ASCII digits that fits in a `u64`.
fn parse_plain_decimal(key: &str) -> Option<u64> {
    // `str::parse` alone would also accept a leading `+`, which is not a plain decimal.
    if key.is_empty() || !key.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    key.parse().ok()
}

/// xxh3-64 over a 64-bit and a 32-bit value (12 little-endian bytes), with the key-hash seed
/// XOR `salt`.
///
/// Ring vnode points hash (server id, vnode index) and rendezvous hashes (key, server id) through
/// this, so both derive from the same documented hash.
pub(crate) fn hash_u64_u32(first: u64, second: u32, salt: u64) -> u64 {
    let mut bytes = [0u8; 12];
    let (head, tail) = bytes.split_at_mut(8);
    head.copy_from_slice(&first.to_le_bytes());
    tail.copy_from_slice(&second.to_le_bytes());
    xxh3_64_with_seed(&bytes, KEY_HASH_SEED ^ salt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_decimals_are_their_own_hash() {
        assert_eq!(key_hash("0"), 0);
        assert_eq!(key_hash("007"), 7);
        assert_eq!(key_hash("18446744073709551615"), u64::MAX);
    }

    #[test]
    fn everything_else_is_hashed() {
        // Overflow, sign, separators and empty strings are strings, not numbers.
        for key in [
            "18446744073709551616",
            "+5",
            "-5",
            "1_000",
            " 5",
            "",
            "0x10",
        ] {
            assert_eq!(key_hash(key), hash_bytes(key.as_bytes()), "{key:?}");
        }
        assert_eq!(hash_bytes(b"abc"), xxh3_64_with_seed(b"abc", KEY_HASH_SEED));
    }
}
