//! Every widget and view has a picture whose alt text carries the core's numbers for the state
//! the widget opens on, small enough to inline, and a PNG the rasterizer draws with its font.

use std::io::Write as _;

use shardlab_core::catalogue::{
    BoardWidget, DecoderWidget, RingOpening, RingWidget, DEFAULT_KEYS, DEFAULT_SEED, PICTURE_VNODES,
};
use shardlab_core::layout::{FieldRole, Preset, EXAMPLE_PIN};
use shardlab_core::placement::{MovementRun, Ring, Server, ServerList};
use shardlab_core::stepped::Stepped;
use shardlab_core::text::{percent, thousands};
use shardlab_pictures::{draw, pictures_json, png, ring, Subject};

/// The SVG budget per picture, gzip-compressed (issue 37).
const MAX_GZIP_BYTES: usize = 30_000;

fn gzip_len(text: &str) -> Option<usize> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(text.as_bytes()).ok()?;
    encoder.finish().ok().map(|bytes| bytes.len())
}

#[test]
fn every_widget_and_view_has_a_small_picture_with_title_and_alt() {
    let subjects = Subject::all();
    assert_eq!(
        subjects.len(),
        DecoderWidget::ALL.len() + RingWidget::ALL.len() + BoardWidget::ALL.len() + 3
    );
    for subject in subjects {
        let picture = draw(subject);
        assert!(picture.alt.len() > 40, "{subject:?}: {}", picture.alt);
        assert!(
            !picture.alt.contains("could not"),
            "{subject:?}: {}",
            picture.alt
        );
        assert!(picture.svg.starts_with("<svg "), "{subject:?}");
        assert!(
            picture
                .svg
                .contains(&format!("<title id=\"t\">{}</title>", picture.title)),
            "{subject:?}"
        );
        assert!(picture.svg.contains("<desc id=\"d\">"), "{subject:?}");
        let size = gzip_len(&picture.svg).unwrap();
        assert!(size <= MAX_GZIP_BYTES, "{subject:?}: {size} bytes gzip");
    }
}

#[test]
fn the_grow_picture_says_what_the_core_counts_for_adding_a_fifth_server() {
    let picture = draw(Subject::Ring(Some(RingWidget::Grow)));
    // Counted here by hand from the core: the widget's four servers at its vnodes, and a fifth.
    let servers = |n: u32| ServerList::new((0..n).map(Server::new).collect()).unwrap();
    let before = Ring::new(servers(4), PICTURE_VNODES).unwrap();
    let after = Ring::new(servers(5), PICTURE_VNODES).unwrap();
    let moved = MovementRun::new(before, after, DEFAULT_KEYS, DEFAULT_SEED)
        .unwrap()
        .finish();
    let wanted = format!(
        "Four servers on a ring, {PICTURE_VNODES} vnodes each; adding a fifth moves {} of {} keys",
        percent(moved.moved_fraction),
        thousands(DEFAULT_KEYS)
    );
    assert!(
        picture.alt.starts_with(&wanted),
        "{}\n{wanted}",
        picture.alt
    );
    assert!(
        picture.svg.contains(&thousands(moved.moved)),
        "the count is drawn"
    );
}

#[test]
fn every_ring_picture_counts_its_own_opening() {
    for widget in RingWidget::ALL.iter().copied() {
        let opening = RingOpening::of(Some(widget));
        let facts = ring::facts(Some(widget)).unwrap();
        assert_eq!(facts.opening, opening);
        assert_eq!(facts.grown.keys, opening.keys, "{widget:?}");
        assert_eq!(facts.grown.servers_before, opening.servers as usize);
        assert_eq!(facts.grown.servers_after, opening.servers as usize + 1);
        let picture = draw(Subject::Ring(Some(widget)));
        assert!(
            picture.alt.contains(&percent(facts.grown.moved_fraction)),
            "{widget:?}: {}",
            picture.alt
        );
    }
}

#[test]
fn the_decoder_pictures_read_the_example_id() {
    let picture = draw(Subject::Decoder(Some(DecoderWidget::Paste)));
    let layout = Preset::Pinterest.layout();
    let decoded = layout.decode(EXAMPLE_PIN);
    assert!(
        picture.alt.contains(&thousands(EXAMPLE_PIN)),
        "{}",
        picture.alt
    );
    for field in decoded
        .fields
        .iter()
        .filter(|f| f.role != FieldRole::Reserved && f.time.is_none())
    {
        assert!(
            picture
                .alt
                .contains(&format!("{} {}", field.name, thousands(field.value))),
            "{}: {}",
            field.name,
            picture.alt
        );
    }
    let detect = draw(Subject::Decoder(Some(DecoderWidget::Detect)));
    assert!(
        detect
            .alt
            .contains(&thousands(Preset::Discord.example_id())),
        "{}",
        detect.alt
    );
}

#[test]
fn the_board_pictures_carry_the_caption_of_the_board_s_seeded_run() {
    use shardlab_core::sim::presets::{preset, DEFAULT_DURATION_S, DEFAULT_PRESET};
    let chosen = preset(DEFAULT_PRESET).unwrap();
    let users = chosen.design.user_count();
    let report = shardlab_core::sim::simulate(
        &chosen.design,
        users,
        shardlab_core::sim::presets::DEFAULT_SEED,
        DEFAULT_DURATION_S,
    )
    .unwrap();
    let picture = draw(Subject::Board(Some(BoardWidget::Solve)));
    assert!(picture.alt.contains(&report.caption()), "{}", picture.alt);
    for node in &chosen.design.nodes {
        assert!(picture.svg.contains(&node.label), "{}", node.label);
    }
}

#[test]
fn the_list_names_each_picture_by_its_folder() {
    let pictures: Vec<_> = [Subject::Ring(Some(RingWidget::Grow)), Subject::Board(None)]
        .into_iter()
        .map(draw)
        .collect();
    let json: serde_json::Value = serde_json::from_str(&pictures_json(&pictures)).unwrap();
    assert_eq!(json[0]["name"], "ring/grow");
    assert_eq!(json[0]["path"], "w/ring-grow/");
    assert_eq!(json[0]["width"], 680);
    assert_eq!(json[1]["name"], "board");
    assert_eq!(json[1]["path"], "w/board/");
    assert_eq!(json[1]["alt"], pictures[1].alt);
}

#[test]
fn the_png_is_the_svg_at_twice_its_size_with_its_text_drawn() {
    let options = png::options(std::path::Path::new(png::FONT_DIR)).unwrap();
    let picture = draw(Subject::Decoder(None));
    let bytes = png::rasterize(&picture.svg, &options).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!((width, height), (picture.width * 2, picture.height * 2));
    // Without the font the text is left out, and the same picture without its text is smaller.
    let blank = png::rasterize(&picture.svg, &resvg::usvg::Options::default()).unwrap();
    assert!(
        bytes.len() > blank.len() + 2_000,
        "{} vs {}",
        bytes.len(),
        blank.len()
    );
}
