//! Directory placement: an explicit key → server table, consulted on every lookup.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::num::NonZeroU32;

use serde::{Deserialize, Serialize};

use super::error::PlacementError;
use super::experiment::KeyStream;
use super::jump::jump_bucket;
use super::server::{sorted_ids, ServerId, ServerList};
use super::{entry_bytes, HASH_BYTES, SERVER_ID_BYTES};
use super::{Placement, SchemeKind};
use crate::stepped::{Progress, Stepped};

/// How a directory places a key it has no entry for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DirectoryDefault {
    /// Hash mod N over the current servers.
    Modulo,
    /// Jump consistent hash over the current servers.
    #[default]
    Jump,
}

/// The answer of one directory lookup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DirectoryLookup {
    /// The owner.
    pub owner: ServerId,
    /// `true` when the table had an entry, `false` when the default policy answered.
    pub from_table: bool,
}

/// Directory placement: a table says where each key lives.
///
/// It is the most flexible scheme (any key can be moved anywhere by editing one entry), and it
/// costs one extra hop per lookup: the directory must be asked before the data. The directory
/// counts its lookups ([`Directory::lookups`]), one hop each ([`Directory::HOPS_PER_LOOKUP`]),
/// so the UI can show the price. A key without an entry goes where the [`DirectoryDefault`] says.
///
/// Membership changes use [`Directory::rehomed`]: entries on surviving servers stay, entries on
/// removed servers are reassigned by the default policy. Adding a server therefore moves no key
/// until someone moves entries to it.
///
/// ```
/// use shardlab_core::placement::{Directory, DirectoryDefault, Placement, ServerList, ServerId};
/// let mut directory = Directory::new(ServerList::uniform(3)?, DirectoryDefault::Jump);
/// directory.insert(42, ServerId(2))?;
/// assert_eq!(directory.locate(42), ServerId(2));
/// assert_eq!(directory.lookups(), 1);
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directory {
    servers: ServerList,
    /// A hash map, not a B-tree: freeing a million-entry B-tree walks every node (a quarter of a
    /// second in a loaded browser, in one task), while a hash map of plain values is one block.
    table: Table,
    default: DirectoryDefault,
    /// Interior mutability because `locate` takes `&self`; a `Cell` keeps the type wasm-friendly.
    lookups: Cell<u64>,
}

impl Directory {
    /// Network hops a lookup adds: one round trip to the directory.
    pub const HOPS_PER_LOOKUP: u32 = 1;

    /// An empty directory over these servers.
    pub fn new(servers: ServerList, default: DirectoryDefault) -> Self {
        Self {
            servers,
            table: Table::default(),
            default,
            lookups: Cell::new(0),
        }
    }

    /// The default policy.
    pub fn default_policy(&self) -> DirectoryDefault {
        self.default
    }

    /// Where the default policy puts a key (ignoring the table).
    pub fn default_owner(&self, key_hash: u64) -> ServerId {
        let count = u32::try_from(self.servers.len()).unwrap_or(u32::MAX);
        let index = match self.default {
            DirectoryDefault::Modulo => {
                key_hash.checked_rem(u64::from(count)).unwrap_or(0) as usize
            }
            DirectoryDefault::Jump => {
                jump_bucket(key_hash, NonZeroU32::new(count).unwrap_or(NonZeroU32::MIN)) as usize
            }
        };
        self.servers.id_at(index)
    }

    /// Sets a key's entry; returns the previous one.
    pub fn insert(
        &mut self,
        key_hash: u64,
        server: ServerId,
    ) -> Result<Option<ServerId>, PlacementError> {
        if !self.servers.contains(server) {
            return Err(PlacementError::UnknownServer(server));
        }
        Ok(self.table.insert(key_hash, server))
    }

    /// Records where a key is now (its entry, or the default) so it stays there; returns it.
    pub fn pin(&mut self, key_hash: u64) -> ServerId {
        let owner = self.default_owner(key_hash);
        *self.table.entry(key_hash).or_insert(owner)
    }

    /// Pins many keys.
    pub fn pin_all(&mut self, keys: impl IntoIterator<Item = u64>) {
        for key in keys {
            self.pin(key);
        }
    }

    /// Deletes a key's entry; returns it.
    pub fn remove_entry(&mut self, key_hash: u64) -> Option<ServerId> {
        self.table.remove(&key_hash)
    }

    /// The entries, in key order.
    pub fn entries(&self) -> impl Iterator<Item = (u64, ServerId)> + '_ {
        // Key | server in one u128 (keys are distinct, so this sorts by key), sorted by the sort
        // the ring's vnodes use: a page compiles one sort per element type, 2–4 kB each.
        let mut entries: Vec<u128> = self
            .table
            .iter()
            .map(|(&key, &server)| u128::from(key) << 32 | u128::from(server.0))
            .collect();
        entries.sort_unstable();
        entries
            .into_iter()
            .map(|packed| ((packed >> 32) as u64, ServerId(packed as u32)))
    }

    /// How many entries the table holds.
    pub fn entry_count(&self) -> usize {
        self.table.len()
    }

    /// Looks a key up, counting the hop, and says whether the table answered.
    pub fn lookup(&self, key_hash: u64) -> DirectoryLookup {
        self.lookups.set(self.lookups.get().saturating_add(1));
        match self.table.get(&key_hash) {
            Some(&owner) => DirectoryLookup {
                owner,
                from_table: true,
            },
            None => DirectoryLookup {
                owner: self.default_owner(key_hash),
                from_table: false,
            },
        }
    }

    /// Lookups (directory hops) since creation or the last reset.
    pub fn lookups(&self) -> u64 {
        self.lookups.get()
    }

    /// Sets the lookup counter back to zero.
    pub fn reset_lookups(&self) {
        self.lookups.set(0);
    }

    /// The same directory over a new server list: entries whose server survives stay put, entries
    /// whose server left are reassigned by the default policy over the new list. The lookup
    /// counter starts again from zero.
    pub fn rehomed(&self, servers: ServerList) -> Directory {
        // A sorted id list keeps this O(entries × log servers) for a million pinned keys, and
        // cloning the map then editing values in place avoids re-inserting every key.
        let surviving = sorted_ids(servers.ids());
        let mut next = Directory::new(servers, self.default);
        let mut table = self.table.clone();
        for (&key, owner) in table.iter_mut() {
            if surviving.binary_search(owner).is_err() {
                *owner = next.default_owner(key);
            }
        }
        next.table = table;
        next
    }
}

/// The key → server table. Its keys are already key hashes (xxh3 of a key, or the experiment's
/// random `u64`s), spread evenly, so the table uses them as they are ([`KeyIsHash`]): the same
/// on every platform and run, with no random seed to ask the browser for. SipHash over them
/// made a directory lookup cost as much as a rendezvous score (measured in the Ring's movement
/// sweep, which looks up 1.2 million keys in directories).
type Table = HashMap<u64, ServerId, BuildHasherDefault<KeyIsHash>>;

/// A hasher for `u64` keys that are hashes already: the key is its own hash.
#[derive(Debug, Default, Clone, Copy)]
struct KeyIsHash(u64);

impl Hasher for KeyIsHash {
    fn finish(&self) -> u64 {
        self.0
    }

    /// Only `u64` keys reach the table; other input is folded in all the same.
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// A directory membership change built a slice at a time: the "before" directory pins each
/// experiment key (its default owner), and the "after" directory is the same table
/// [`Directory::rehomed`] onto the new servers, filled key by key alongside.
///
/// Pinning a million keys into two tables takes far longer than one browser frame, so the Ring
/// view [`step`](Stepped::step)s it, one key per unit, in short slices. However it is sliced, the
/// finished pair is exactly what [`SchemeSpec::build_change`](super::SchemeSpec::build_change)
/// builds in one go (which runs this to the end).
///
/// ```
/// use shardlab_core::placement::{DirectoryChange, DirectoryDefault, ServerList};
/// use shardlab_core::stepped::Stepped;
/// let mut change = DirectoryChange::new(
///     ServerList::uniform(4)?, ServerList::uniform(5)?, DirectoryDefault::Jump, 1_000, 7);
/// while !change.step(300).is_done() {}
/// let (before, after) = change.finish();
/// assert_eq!(before.entry_count(), after.entry_count());
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
#[derive(Debug)]
pub struct DirectoryChange {
    before: Directory,
    after: Directory,
    /// The new list's ids, sorted, so a survivor check is a binary search.
    surviving: Vec<ServerId>,
    keys: KeyStream,
    progress: Progress,
}

/// The most entries [`DirectoryChange::new`] reserves room for (the Ring view's key limit).
const MAX_PRESIZED: usize = 1 << 20;

impl DirectoryChange {
    /// Prepares to pin `n_keys` keys from `seed` under `before` and rehome them onto `after`.
    pub fn new(
        before: ServerList,
        after: ServerList,
        default: DirectoryDefault,
        n_keys: u64,
        seed: u64,
    ) -> Self {
        let surviving = sorted_ids(after.ids());
        // Sized up front, so no slice has to grow (and rehash) a table of a million entries.
        let capacity = usize::try_from(n_keys).unwrap_or(0).min(MAX_PRESIZED);
        let mut before = Directory::new(before, default);
        before.table.reserve(capacity);
        let mut after = Directory::new(after, default);
        after.table.reserve(capacity);
        Self {
            before,
            after,
            surviving,
            keys: KeyStream::new(seed),
            progress: Progress::start(n_keys),
        }
    }
}

impl Stepped for DirectoryChange {
    /// The directories before and after the change.
    type Output = (Directory, Directory);

    /// Pins up to `max_keys` more keys in both tables.
    fn step(&mut self, max_keys: u64) -> Progress {
        let chunk = self.progress.next_chunk(max_keys);
        for _ in 0..chunk {
            let key = self.keys.next_key();
            let owner = self.before.pin(key);
            // The same rule as `rehomed`: an entry whose server survives stays put, one whose
            // server left goes where the default policy says over the new list.
            let rehomed = if self.surviving.binary_search(&owner).is_ok() {
                owner
            } else {
                self.after.default_owner(key)
            };
            self.after.table.entry(key).or_insert(rehomed);
        }
        self.progress.advance(chunk);
        self.progress
    }

    /// Keys pinned so far, out of the total.
    fn progress(&self) -> Progress {
        self.progress
    }

    /// Pins whatever keys are left first.
    fn finish(mut self) -> (Directory, Directory) {
        self.step(u64::MAX);
        (self.before, self.after)
    }
}

impl Placement for Directory {
    fn kind(&self) -> SchemeKind {
        SchemeKind::Directory
    }

    fn servers(&self) -> &ServerList {
        &self.servers
    }

    fn locate(&self, key_hash: u64) -> ServerId {
        self.lookup(key_hash).owner
    }

    /// Each entry's key hash and owner, without the hash table's own overhead.
    fn state_bytes(&self) -> u64 {
        entry_bytes(self.table.len(), HASH_BYTES + SERVER_ID_BYTES)
    }
}
