//! Every error path, and that its message is a plain sentence for the UI.

// Helpers outside #[test] functions panic on purpose too: a panic is how a test reports.
#![allow(clippy::unwrap_used)]

use shardlab_core::placement::{
    balance, movement, place, sweep_moved_fraction, sweep_vnodes, BalanceRun, Directory,
    DirectoryDefault, Mod, MovementRun, MovementSweep, PlacementError, Range, Ring, SchemeSpec,
    Server, ServerId, ServerList, VnodeSweep, MAX_SERVERS,
};

fn assert_sentence(error: &PlacementError) {
    let text = error.to_string();
    assert!(text.chars().next().unwrap().is_uppercase(), "{text}");
    assert!(text.ends_with('.'), "{text}");
}

fn expect_error<T: std::fmt::Debug>(result: Result<T, PlacementError>, expected: PlacementError) {
    let error = result.unwrap_err();
    assert_sentence(&error);
    assert_eq!(error, expected);
}

#[test]
fn server_list_errors() {
    expect_error(ServerList::new(vec![]), PlacementError::NoServers);
    expect_error(ServerList::uniform(0), PlacementError::NoServers);
    expect_error(
        ServerList::uniform(MAX_SERVERS as u32 + 1),
        PlacementError::TooManyServers { count: 10_001 },
    );
    expect_error(
        ServerList::uniform(9_999).unwrap().grown(2),
        PlacementError::TooManyServers { count: 10_001 },
    );
    expect_error(
        ServerList::new(vec![Server::new(3), Server::new(1), Server::new(3)]),
        PlacementError::DuplicateServer(ServerId(3)),
    );
    expect_error(
        ServerList::new(vec![Server::weighted(4, 0)]),
        PlacementError::ZeroWeight(ServerId(4)),
    );
    expect_error(
        ServerList::new(vec![Server::weighted(4, 101)]),
        PlacementError::WeightTooLarge {
            server: ServerId(4),
            weight: 101,
        },
    );
    expect_error(
        ServerList::new(vec![Server::new(u32::MAX)])
            .unwrap()
            .grown(1),
        PlacementError::ServerIdOverflow(ServerId(u32::MAX)),
    );
    let two = ServerList::uniform(2).unwrap();
    expect_error(
        two.without_server(ServerId(7)),
        PlacementError::UnknownServer(ServerId(7)),
    );
    expect_error(two.shrunk(2), PlacementError::NoServers);
    expect_error(
        ServerList::uniform(1).unwrap().without_server(ServerId(0)),
        PlacementError::NoServers,
    );
    expect_error(
        two.with_server(Server::new(1)),
        PlacementError::DuplicateServer(ServerId(1)),
    );
}

#[test]
fn ring_errors() {
    let servers = ServerList::uniform(3).unwrap();
    expect_error(
        Ring::new(servers.clone(), 0),
        PlacementError::VnodesOutOfRange(0),
    );
    expect_error(
        Ring::new(servers.clone(), 1001),
        PlacementError::VnodesOutOfRange(1001),
    );
    assert!(Ring::new(servers.clone(), 1).is_ok());
    assert!(Ring::new(servers.clone(), 1000).is_ok());
    expect_error(
        Ring::new(ServerList::uniform(2_000).unwrap(), 501),
        PlacementError::TooManyRingPoints(1_002_000),
    );
    let ring = Ring::new(servers, 10).unwrap();
    expect_error(ring.replicas(5, 0), PlacementError::ZeroReplicas);
    expect_error(ring.trace(5, 0), PlacementError::ZeroReplicas);
    // r above the server count is capped, not an error.
    assert_eq!(ring.replicas(5, 99).unwrap().len(), 3);
}

#[test]
fn range_errors() {
    let three = ServerList::uniform(3).unwrap();
    expect_error(
        Range::new(three.clone(), vec![5]),
        PlacementError::SplitPointCount {
            servers: 3,
            expected: 2,
            got: 1,
        },
    );
    expect_error(
        Range::new(three.clone(), vec![9, 9]),
        PlacementError::SplitPointsUnsorted { index: 1 },
    );
    expect_error(
        Range::new(three.clone(), vec![9, 3]),
        PlacementError::SplitPointsUnsorted { index: 1 },
    );
    expect_error(
        Range::new(three.clone(), vec![0, 3]),
        PlacementError::SplitAtZero,
    );
    expect_error(
        Range::over_span(three.clone(), 10, 12),
        PlacementError::SpanTooNarrow {
            low: 10,
            high: 12,
            servers: 3,
        },
    );
    expect_error(
        Range::over_span(three, 10, 5),
        PlacementError::SpanTooNarrow {
            low: 10,
            high: 5,
            servers: 3,
        },
    );
}

#[test]
fn directory_and_scheme_errors() {
    let mut directory = Directory::new(ServerList::uniform(2).unwrap(), DirectoryDefault::Jump);
    expect_error(
        directory.insert(1, ServerId(5)),
        PlacementError::UnknownServer(ServerId(5)),
    );
    expect_error(
        SchemeSpec::from_name("modulo", 100),
        PlacementError::UnknownScheme("modulo".to_owned()),
    );
    expect_error(
        SchemeSpec::from_name("ring", 0)
            .unwrap()
            .build(ServerList::uniform(2).unwrap())
            .map(|_| ()),
        PlacementError::VnodesOutOfRange(0),
    );
}

#[test]
fn experiment_errors() {
    let four = ServerList::uniform(4).unwrap();
    let scheme = Mod::new(four.clone());
    expect_error(balance(&scheme, 0, 1), PlacementError::NoKeys);
    expect_error(movement(&scheme, &scheme, 0, 1), PlacementError::NoKeys);
    expect_error(BalanceRun::new(&scheme, 0, 1), PlacementError::NoKeys);
    expect_error(
        MovementRun::new(&scheme, &scheme, 0, 1),
        PlacementError::NoKeys,
    );
    expect_error(
        place(&SchemeSpec::Mod, &four, &four, 0, 1),
        PlacementError::NoKeys,
    );
    expect_error(
        place(
            &SchemeSpec::Ring {
                vnodes: 2_000,
                salt: 0,
            },
            &four,
            &four,
            10,
            1,
        ),
        PlacementError::VnodesOutOfRange(2_000),
    );

    let mods = || vec![SchemeSpec::Mod];
    expect_error(
        sweep_moved_fraction(vec![], vec![4], vec![1], 10),
        PlacementError::NothingToSweep("scheme"),
    );
    expect_error(
        sweep_moved_fraction(mods(), vec![], vec![1], 10),
        PlacementError::NothingToSweep("server count"),
    );
    expect_error(
        sweep_moved_fraction(mods(), vec![4], vec![], 10),
        PlacementError::NothingToSweep("seed"),
    );
    expect_error(
        sweep_moved_fraction(mods(), vec![4], vec![1], 0),
        PlacementError::NoKeys,
    );
    expect_error(
        sweep_moved_fraction(mods(), vec![0], vec![1], 10),
        PlacementError::NoServers,
    );
    expect_error(
        MovementSweep::new(mods(), vec![10_000], vec![1], 10).map(|_| ()),
        PlacementError::TooManyServers { count: 10_001 },
    );
    expect_error(
        MovementSweep::new(
            vec![SchemeSpec::Ring { vnodes: 0, salt: 0 }],
            vec![4],
            vec![1],
            10,
        )
        .map(|_| ()),
        PlacementError::VnodesOutOfRange(0),
    );
    expect_error(
        MovementSweep::new(
            vec![SchemeSpec::Ring {
                vnodes: 1000,
                salt: 0,
            }],
            vec![1_000],
            vec![1],
            10,
        )
        .map(|_| ()),
        PlacementError::TooManyRingPoints(1_001_000),
    );
    expect_error(
        sweep_vnodes(4, vec![], vec![1], 10),
        PlacementError::NothingToSweep("vnode count"),
    );
    expect_error(
        sweep_vnodes(4, vec![10], vec![], 10),
        PlacementError::NothingToSweep("seed"),
    );
    expect_error(
        sweep_vnodes(4, vec![10], vec![1], 0),
        PlacementError::NoKeys,
    );
    expect_error(
        sweep_vnodes(0, vec![10], vec![1], 10),
        PlacementError::NoServers,
    );
    expect_error(
        sweep_vnodes(4, vec![1_001], vec![1], 10),
        PlacementError::VnodesOutOfRange(1_001),
    );
    expect_error(
        VnodeSweep::new(2_000, vec![600], vec![1], 10).map(|_| ()),
        PlacementError::TooManyRingPoints(1_200_000),
    );
}
