//! Property tests for the `layout` module: round trips over presets and random layouts, the parser
//! on hostile input, shard-map splits and the allocator.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use shardlab_core::layout::{
    parse_id, BitLayout, Field, FieldRole, HostPair, IdAllocator, Preset, ShardMap, ShardRange,
    TimeBase,
};

/// Widths from cut points in 0..total, so they are all at least 1 and add up to `total` ≤ 64.
fn widths() -> impl Strategy<Value = Vec<u32>> {
    (1u32..=64).prop_flat_map(|total| {
        proptest::collection::btree_set(1..total.max(2), 0..16).prop_map(move |cuts| {
            let mut edges: Vec<u32> = cuts.into_iter().filter(|&cut| cut < total).collect();
            edges.insert(0, 0);
            edges.push(total);
            edges.windows(2).map(|pair| pair[1] - pair[0]).collect()
        })
    })
}

/// A random valid layout: random widths, non-unique roles, and sometimes a shard or timestamp field.
fn layouts() -> impl Strategy<Value = BitLayout> {
    (
        widths(),
        proptest::collection::vec(0u8..4, 64),
        any::<bool>(),
        any::<bool>(),
        1u64..=1000,
        any::<u64>(),
    )
        .prop_filter_map(
            "generated layouts are valid",
            |(widths, role_picks, with_shard, with_clock, unit_ms, epoch_ms)| {
                let fields = widths
                    .iter()
                    .zip(&role_picks)
                    .enumerate()
                    .map(|(index, (&width, &pick))| {
                        let name = format!("f{index}");
                        if index == 0 && with_shard {
                            Field::new(name, width, FieldRole::Shard)
                        } else if index == 1 && with_clock {
                            Field::timestamp(name, width, TimeBase { unit_ms, epoch_ms })
                        } else {
                            let role = [
                                FieldRole::Other,
                                FieldRole::Reserved,
                                FieldRole::Sequence,
                                FieldRole::Worker,
                            ][usize::from(pick)];
                            Field::new(name, width, role)
                        }
                    })
                    .collect();
                BitLayout::new(fields).ok()
            },
        )
}

fn presets() -> impl Strategy<Value = BitLayout> {
    proptest::sample::select(Preset::ALL.to_vec()).prop_map(Preset::layout)
}

fn check_round_trips(layout: &BitLayout, id: u64, raw_values: &[u64]) -> Result<(), TestCaseError> {
    let in_use = !layout.unused_top_mask();
    // decompose then compose gives back the ID, minus any unused top bits.
    let values = layout.decompose(id);
    prop_assert_eq!(values.len(), layout.field_count());
    prop_assert_eq!(layout.compose(&values), Ok(id & in_use));
    // compose then decompose gives back the values.
    let fitted: Vec<u64> = layout
        .fields()
        .iter()
        .zip(raw_values)
        .map(|(field, &value)| value & field.max_value())
        .collect();
    let composed = layout
        .compose(&fitted)
        .map_err(|err| TestCaseError::fail(err.to_string()))?;
    prop_assert_eq!(layout.decompose(composed), fitted);
    // Shift and mask agree with decompose, and the masks tile the used bits.
    let mut covered = 0u64;
    for (position, &value) in values.iter().enumerate() {
        let missing = || TestCaseError::fail(format!("no field {position}"));
        let shift = layout.shift(position).ok_or_else(missing)?;
        let mask = layout.mask(position).ok_or_else(missing)?;
        prop_assert_eq!((id & mask) >> shift, value);
        prop_assert_eq!(layout.value_at(id, position), Some(value));
        prop_assert_eq!(covered & mask, 0);
        covered |= mask;
    }
    prop_assert_eq!(covered, in_use);
    // Decoding never panics and agrees with decompose.
    let decoded = layout.decode(id);
    let decoded_values: Vec<u64> = decoded.fields.iter().map(|field| field.value).collect();
    prop_assert_eq!(decoded_values, values);
    Ok(())
}

proptest! {
    #[test]
    fn presets_round_trip(layout in presets(), id in any::<u64>(), raw in proptest::collection::vec(any::<u64>(), 5)) {
        check_round_trips(&layout, id, &raw)?;
    }

    #[test]
    fn random_layouts_round_trip(layout in layouts(), id in any::<u64>(), raw in proptest::collection::vec(any::<u64>(), 64)) {
        check_round_trips(&layout, id, &raw)?;
        let json = serde_json::to_string(&layout).expect("serializes");
        let back: BitLayout = serde_json::from_str(&json).expect("deserializes");
        prop_assert_eq!(back, layout);
    }

    #[test]
    fn boundary_moves_keep_the_total(layout in layouts(), position in 0usize..20, bits in -70i32..70) {
        if let Ok(moved) = layout.move_boundary(position, bits) {
            prop_assert_eq!(moved.used_bits(), layout.used_bits());
            prop_assert_eq!(moved.move_boundary(position, -bits), Ok(layout));
        }
    }

    #[test]
    fn parse_never_panics(text in any::<String>()) {
        let _ = parse_id(&text);
    }

    #[test]
    fn parse_never_panics_on_id_like_text(text in "[ \"'_,+\\-0-9a-fA-FxXbB🦀]{0,80}") {
        let _ = parse_id(&text);
    }

    #[test]
    fn parse_reads_every_printed_form(id in any::<u64>(), group in 1usize..8, quote in 0usize..3) {
        let with_separators = |digits: String, separator: char| {
            digits
                .chars()
                .enumerate()
                .flat_map(|(index, ch)| {
                    let cut = index > 0 && index % group == 0;
                    cut.then_some(separator).into_iter().chain([ch])
                })
                .collect::<String>()
        };
        let quotes = ["", "\"", "'"][quote];
        for text in [
            id.to_string(),
            with_separators(id.to_string(), ','),
            format!("0x{}", with_separators(format!("{id:X}"), '_')),
            format!("0B{}", with_separators(format!("{id:b}"), '_')),
            format!("{id:#x}"),
        ] {
            let wrapped = format!("  {quotes}{text}{quotes}\n");
            prop_assert_eq!(parse_id(&wrapped), Ok(id), "{:?}", wrapped);
        }
    }

    #[test]
    fn splits_move_only_the_upper_half(sizes in proptest::collection::vec(1u64..200, 1..12), pick in any::<prop::sample::Index>()) {
        let mut start = 0u64;
        let ranges: Vec<ShardRange> = sizes
            .iter()
            .enumerate()
            .map(|(index, &size)| {
                let range = ShardRange::new(start, start + size - 1, HostPair::numbered(index as u64 + 1));
                start += size;
                range
            })
            .collect();
        let table = ShardMap::new(ranges).expect("contiguous table");
        let index = pick.index(sizes.len());
        match table.split(index) {
            Ok(split) => {
                prop_assert_eq!(split.to.clone(), HostPair::numbered(sizes.len() as u64 + 1));
                prop_assert_eq!(split.map.last_shard(), table.last_shard());
                for shard in 0..=table.last_shard() {
                    let expected = if (split.moved_start..=split.moved_end).contains(&shard) {
                        Some(&split.to)
                    } else {
                        table.host_of(shard)
                    };
                    prop_assert_eq!(split.map.host_of(shard), expected, "shard {}", shard);
                }
                let moved = split.moved_end - split.moved_start + 1;
                let size = sizes[index];
                prop_assert_eq!(moved, size / 2);
            }
            Err(_) => prop_assert_eq!(sizes[index], 1),
        }
    }

    #[test]
    fn allocator_counts_up(shard in 0u64..65_536, type_id in 0u64..1024, start in 1u64..(1 << 36) - 10) {
        let layout = Preset::Pinterest.layout();
        let mut allocator = IdAllocator::new(layout.clone()).expect("pinterest has the roles");
        allocator.set_next(shard, type_id, start).expect("fits");
        for step in 0..5 {
            let made = allocator.insert(shard, type_id).expect("not exhausted");
            prop_assert_eq!(made.local, start + step);
            prop_assert_eq!(layout.decompose(made.id), vec![0, shard, type_id, start + step]);
        }
    }
}
