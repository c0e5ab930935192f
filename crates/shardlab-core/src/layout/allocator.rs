//! [`IdAllocator`]: the "insert a row, take its auto-increment ID, compose the full ID" step.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::bits::{BitLayout, ComposeError, FieldRole};
use super::shard_map::ShardId;

/// A freshly allocated object: its local ID and its full 64-bit ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Allocated {
    /// The row's auto-increment ID inside its shard and type, starting at 1.
    pub local: u64,
    /// The ID composed from shard, type and local (other fields 0).
    pub id: u64,
}

/// Why an object could not be allocated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AllocError {
    /// The layout lacks one of the shard, type and local roles.
    #[error("allocating IDs needs a {role} field, and this layout has none")]
    MissingRole {
        /// The missing role.
        role: FieldRole,
    },
    /// Every local ID of this shard and type is taken.
    #[error("shard {shard} has used every local ID for type {type_id} (up to {max})")]
    Exhausted {
        /// The shard.
        shard: ShardId,
        /// The type.
        type_id: u64,
        /// The largest local ID.
        max: u64,
    },
    /// A counter seeded with 0; auto-increment IDs start at 1.
    #[error("local IDs start at 1, so the next one cannot be 0")]
    ZeroNext,
    /// The shard or type does not fit its field, or the seeded local does not fit.
    #[error(transparent)]
    DoesNotFit(#[from] ComposeError),
}

/// Per-(shard, type) auto-increment counters over a layout with shard, type and local fields.
///
/// Fields with other roles are 0 in the IDs it makes. Counters live in a `BTreeMap`, so iterating
/// them is deterministic.
///
/// ```
/// use shardlab_core::layout::{BitLayout, IdAllocator};
/// let mut allocator = IdAllocator::new(BitLayout::preset("pinterest")?)?;
/// allocator.set_next(3429, 1, 7_075_733)?;
/// let pin = allocator.insert(3429, 1)?;
/// assert_eq!(pin.local, 7_075_733);
/// assert_eq!(pin.id, 241_294_492_511_762_325);
/// assert_eq!(allocator.insert(3429, 1)?.local, 7_075_734);
/// assert_eq!(allocator.insert(3429, 2)?.local, 1); // boards count separately
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdAllocator {
    layout: BitLayout,
    shard_position: usize,
    type_position: usize,
    local_position: usize,
    /// The last local ID handed out per (shard, type); absent means none yet.
    last_issued: BTreeMap<(ShardId, u64), u64>,
}

impl IdAllocator {
    /// An allocator with every counter at its start. Errors when a role is missing.
    pub fn new(layout: BitLayout) -> Result<IdAllocator, AllocError> {
        let find = |role| {
            layout
                .position_of_role(role)
                .ok_or(AllocError::MissingRole { role })
        };
        let shard_position = find(FieldRole::Shard)?;
        let type_position = find(FieldRole::Type)?;
        let local_position = find(FieldRole::Local)?;
        Ok(IdAllocator {
            layout,
            shard_position,
            type_position,
            local_position,
            last_issued: BTreeMap::new(),
        })
    }

    /// The layout IDs are composed with.
    pub fn layout(&self) -> &BitLayout {
        &self.layout
    }

    /// The largest local ID the layout holds.
    pub fn max_local(&self) -> u64 {
        self.layout
            .field(self.local_position)
            .map_or(0, |field| field.max_value())
    }

    /// The local ID the next insert into (shard, type) would get, or `None` once exhausted.
    pub fn peek_next(&self, shard: ShardId, type_id: u64) -> Option<u64> {
        let last = self
            .last_issued
            .get(&(shard, type_id))
            .copied()
            .unwrap_or(0);
        last.checked_add(1).filter(|&next| next <= self.max_local())
    }

    /// Inserts an object: takes the next local ID of (shard, type) and composes the ID.
    ///
    /// Nothing changes when it errors.
    pub fn insert(&mut self, shard: ShardId, type_id: u64) -> Result<Allocated, AllocError> {
        let local = self
            .peek_next(shard, type_id)
            .ok_or(AllocError::Exhausted {
                shard,
                type_id,
                max: self.max_local(),
            })?;
        // Compose before counting, so a shard or type that does not fit leaves the counter alone.
        let id = self.compose(shard, type_id, local)?;
        self.last_issued.insert((shard, type_id), local);
        Ok(Allocated { local, id })
    }

    /// Seeds the counter of (shard, type) so that the next insert gets `next_local`.
    ///
    /// `next_local` must be at least 1 and fit the local field; shard and type must fit theirs.
    pub fn set_next(
        &mut self,
        shard: ShardId,
        type_id: u64,
        next_local: u64,
    ) -> Result<(), AllocError> {
        let last = next_local.checked_sub(1).ok_or(AllocError::ZeroNext)?;
        self.compose(shard, type_id, next_local)?;
        self.last_issued.insert((shard, type_id), last);
        Ok(())
    }

    /// Every counter that has been used or seeded: ((shard, type), last local ID issued), in order.
    pub fn counters(&self) -> impl Iterator<Item = ((ShardId, u64), u64)> + '_ {
        self.last_issued.iter().map(|(&key, &last)| (key, last))
    }

    fn compose(&self, shard: ShardId, type_id: u64, local: u64) -> Result<u64, ComposeError> {
        let mut values = vec![0u64; self.layout.field_count()];
        for (position, value) in [
            (self.shard_position, shard),
            (self.type_position, type_id),
            (self.local_position, local),
        ] {
            if let Some(slot) = values.get_mut(position) {
                *slot = value;
            }
        }
        self.layout.compose(&values)
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test arithmetic uses fixed, known values
mod tests {
    use super::*;
    use crate::layout::{Field, Preset};

    #[test]
    fn counts_from_one_per_shard_and_type() {
        let mut allocator = IdAllocator::new(Preset::Pinterest.layout()).unwrap();
        assert_eq!(allocator.peek_next(5, 1), Some(1));
        let first = allocator.insert(5, 1).unwrap();
        assert_eq!(first.local, 1);
        assert_eq!(
            Preset::Pinterest.layout().decompose(first.id),
            vec![0, 5, 1, 1]
        );
        assert_eq!(allocator.insert(5, 1).unwrap().local, 2);
        assert_eq!(allocator.insert(6, 1).unwrap().local, 1);
        assert_eq!(allocator.insert(5, 3).unwrap().local, 1);
        assert_eq!(
            allocator.counters().collect::<Vec<_>>(),
            vec![((5, 1), 2), ((5, 3), 1), ((6, 1), 1)]
        );
        assert_eq!(allocator.layout(), &Preset::Pinterest.layout());
    }

    #[test]
    fn pinterest_example_and_big_locals() {
        let mut allocator = IdAllocator::new(Preset::Pinterest.layout()).unwrap();
        allocator.set_next(3429, 1, 7_075_733).unwrap();
        assert_eq!(
            allocator.insert(3429, 1).unwrap(),
            Allocated {
                local: 7_075_733,
                id: 241_294_492_511_762_325
            }
        );
        let big = (1u64 << 32) + 7;
        allocator.set_next(1, 1, big).unwrap();
        let made = allocator.insert(1, 1).unwrap();
        assert_eq!(made.local, big);
        assert_eq!(
            Preset::Pinterest.layout().decompose(made.id),
            vec![0, 1, 1, big]
        );
    }

    #[test]
    fn exhaustion() {
        let mut allocator = IdAllocator::new(Preset::Pinterest.layout()).unwrap();
        let max = (1u64 << 36) - 1;
        assert_eq!(allocator.max_local(), max);
        allocator.set_next(7, 2, max).unwrap();
        assert_eq!(allocator.insert(7, 2).unwrap().local, max);
        assert_eq!(allocator.peek_next(7, 2), None);
        let err = allocator.insert(7, 2).unwrap_err();
        assert_eq!(
            err,
            AllocError::Exhausted {
                shard: 7,
                type_id: 2,
                max
            }
        );
        assert!(err.to_string().contains("every local ID"));
        // Other counters are unaffected.
        assert_eq!(allocator.insert(7, 1).unwrap().local, 1);
    }

    #[test]
    fn exhaustion_of_a_full_width_local() {
        let layout = BitLayout::new(vec![
            Field::new("shard", 1, FieldRole::Shard),
            Field::new("type", 1, FieldRole::Type),
            Field::new("local", 62, FieldRole::Local),
        ])
        .unwrap();
        let mut allocator = IdAllocator::new(layout).unwrap();
        let max = (1u64 << 62) - 1;
        allocator.set_next(1, 1, max).unwrap();
        assert_eq!(allocator.insert(1, 1).unwrap().id, u64::MAX);
        assert!(matches!(
            allocator.insert(1, 1),
            Err(AllocError::Exhausted { .. })
        ));
    }

    #[test]
    fn errors() {
        for (preset, role) in [
            (Preset::Discord, FieldRole::Shard),
            (Preset::Instagram, FieldRole::Type),
        ] {
            assert_eq!(
                IdAllocator::new(preset.layout()),
                Err(AllocError::MissingRole { role })
            );
        }
        let no_local = BitLayout::new(vec![
            Field::new("shard", 8, FieldRole::Shard),
            Field::new("type", 8, FieldRole::Type),
        ])
        .unwrap();
        let err = IdAllocator::new(no_local).unwrap_err();
        assert_eq!(
            err,
            AllocError::MissingRole {
                role: FieldRole::Local
            }
        );
        assert_eq!(
            err.to_string(),
            "allocating IDs needs a local field, and this layout has none"
        );

        let mut allocator = IdAllocator::new(Preset::Pinterest.layout()).unwrap();
        let too_big_shard = allocator.insert(65_536, 1).unwrap_err();
        assert!(matches!(
            too_big_shard,
            AllocError::DoesNotFit(ComposeError::DoesNotFit { ref field, .. }) if field == "shard"
        ));
        assert!(too_big_shard.to_string().contains("65536"));
        assert!(matches!(
            allocator.insert(1, 1024),
            Err(AllocError::DoesNotFit(ComposeError::DoesNotFit { ref field, .. })) if field == "type"
        ));
        // A refused insert does not create or advance a counter.
        assert_eq!(allocator.counters().count(), 0);
        assert_eq!(allocator.set_next(1, 1, 0), Err(AllocError::ZeroNext));
        assert!(AllocError::ZeroNext.to_string().contains("start at 1"));
        assert!(matches!(
            allocator.set_next(1, 1, 1 << 36),
            Err(AllocError::DoesNotFit(ComposeError::DoesNotFit { ref field, .. })) if field == "local"
        ));
        assert!(matches!(
            allocator.set_next(70_000, 1, 1),
            Err(AllocError::DoesNotFit(_))
        ));
        assert_eq!(allocator.counters().count(), 0);
    }
}
