//! The Decoder's pictures: the 64-bit strip of the ID the widget opens on, each field in its
//! colour with its value, and where the row lives (the shard's database and host).

use std::fmt::Write as _;

use shardlab_core::catalogue::DecoderWidget;
use shardlab_core::layout::{default_table, Decoded, FieldRole, Location, Preset, ID_BITS};
use shardlab_core::text::thousands;

use crate::svg::{self, role_colour, text, INK, MUTED, WIDTH};

/// The picture's height.
const HEIGHT: u32 = 300;
/// The strip's top and cell height.
const STRIP_Y: f64 = 100.0;
const CELL_H: f64 = 26.0;

/// The numbers a Decoder picture shows.
#[derive(Clone, Debug, PartialEq)]
pub struct DecoderFacts {
    /// The layout the ID is read with.
    pub preset: Preset,
    /// The ID and its fields.
    pub decoded: Decoded,
    /// Where it lives, for a layout with a shard field and a table.
    pub location: Option<Location>,
}

/// The preset whose example the widget opens on: "Whose ID is this?" opens on Discord's
/// example, read here with Discord's own layout; every other widget on Pinterest's Pin.
pub fn preset_of(widget: Option<DecoderWidget>) -> Preset {
    let Some(widget) = widget else {
        return Preset::Pinterest;
    };
    match widget {
        DecoderWidget::Detect => Preset::Discord,
        DecoderWidget::Paste
        | DecoderWidget::Compose
        | DecoderWidget::Layout
        | DecoderWidget::Config
        | DecoderWidget::Generate
        | DecoderWidget::Batch
        | DecoderWidget::Lab
        | DecoderWidget::Pitfalls
        | DecoderWidget::Code => Preset::Pinterest,
    }
}

/// What the widget is about, under its title.
fn lede(widget: Option<DecoderWidget>) -> &'static str {
    let Some(widget) = widget else {
        return "An ID that says where its row lives: the bits, the fields, the host.";
    };
    match widget {
        DecoderWidget::Paste => "Paste an ID: its bits, its fields and the host it lives on.",
        DecoderWidget::Detect => "Paste any ID: every layout that reads it, ranked.",
        DecoderWidget::Compose => "Set each field and watch the ID they make.",
        DecoderWidget::Layout => "Change the fields' widths, roles and the time base.",
        DecoderWidget::Config => "The config table of shard ranges and hosts.",
        DecoderWidget::Generate => "Insert an object and watch its ID being made.",
        DecoderWidget::Batch => "Up to 100,000 IDs at once, summarised.",
        DecoderWidget::Lab => "Generators under a fault, and their fixes.",
        DecoderWidget::Pitfalls => "What Number(id) and a 32-bit mask do to an ID.",
        DecoderWidget::Code => "The shifts and masks as code.",
    }
}

/// Reads the example ID of `widget`'s preset.
pub fn facts(widget: Option<DecoderWidget>) -> DecoderFacts {
    let preset = preset_of(widget);
    let layout = preset.layout();
    let id = preset.example_id();
    let decoded = layout.decode(id);
    let location = default_table(preset, &layout).and_then(|table| table.locate(&layout, id).ok());
    DecoderFacts {
        preset,
        decoded,
        location,
    }
}

/// A field's value in words: the time for a timestamp, else the number.
fn field_value(field: &shardlab_core::layout::DecodedField) -> String {
    match &field.time {
        Some(time) => time.iso8601.clone(),
        None => thousands(field.value),
    }
}

/// The alt text: the ID, each field's value, and where the row lives.
pub fn alt(facts: &DecoderFacts) -> String {
    let fields: Vec<String> = facts
        .decoded
        .fields
        .iter()
        .filter(|f| f.role != FieldRole::Reserved)
        .map(|f| format!("{} {}", f.name, field_value(f)))
        .collect();
    let mut alt = format!(
        "{}'s example ID {} in 64 bits: {}",
        facts.preset.title(),
        thousands(facts.decoded.id),
        fields.join(", ")
    );
    if let Some(location) = &facts.location {
        let _ = write!(
            alt,
            "; it lives in {} on {}",
            location.database, location.hosts.master
        );
    }
    alt.push('.');
    alt
}

/// Draws the picture of `widget` (`None` is the whole view): its alt text, height and SVG.
pub fn draw(title: &str, widget: Option<DecoderWidget>) -> (String, u32, String) {
    let facts = facts(widget);
    let mut body = String::new();
    let left = 24.0;
    let cell_w = (f64::from(WIDTH) - 2.0 * left) / f64::from(ID_BITS);
    // Bit 63 on the left, as the Decoder draws it; a field's bits share its colour.
    let id = facts.decoded.id;
    let mut colour_of_bit: Vec<(&str, bool)> = vec![("#eaeef2", false); ID_BITS as usize];
    for field in &facts.decoded.fields {
        for bit in field.shift..field.shift.saturating_add(field.width).min(ID_BITS) {
            if let Some(slot) = colour_of_bit.get_mut(bit as usize) {
                *slot = (role_colour(field.role), field.role != FieldRole::Reserved);
            }
        }
    }
    for bit in 0..ID_BITS {
        let x = left + f64::from(ID_BITS - 1 - bit) * cell_w;
        let (fill, _) = colour_of_bit
            .get(bit as usize)
            .copied()
            .unwrap_or(("#eaeef2", false));
        let one = (id >> bit) & 1 == 1;
        let _ = writeln!(
            body,
            r##"<rect x="{x:.2}" y="{STRIP_Y}" width="{:.2}" height="{CELL_H}" fill="{fill}" fill-opacity="{}" stroke="#fff" stroke-width="1"/>"##,
            cell_w,
            if one { "1" } else { "0.35" }
        );
        text(
            &mut body,
            x + cell_w / 2.0,
            STRIP_Y + 17.0,
            10,
            if one { "#ffffff" } else { INK },
            r#" text-anchor="middle""#,
            if one { "1" } else { "0" },
        );
    }
    text(&mut body, left, STRIP_Y - 8.0, 11, MUTED, "", "bit 63");
    text(
        &mut body,
        f64::from(WIDTH) - left,
        STRIP_Y - 8.0,
        11,
        MUTED,
        r#" text-anchor="end""#,
        "bit 0",
    );
    // Each field's name and value under its span.
    for field in &facts.decoded.fields {
        let high = field.shift.saturating_add(field.width);
        let x0 = left + f64::from(ID_BITS.saturating_sub(high)) * cell_w;
        let width = f64::from(field.width) * cell_w;
        let _ = writeln!(
            body,
            r#"<rect x="{x0:.2}" y="{:.1}" width="{width:.2}" height="4" fill="{}"/>"#,
            STRIP_Y + CELL_H + 4.0,
            role_colour(field.role)
        );
        if field.width >= 4 {
            let mid = x0 + width / 2.0;
            text(
                &mut body,
                mid,
                STRIP_Y + CELL_H + 24.0,
                12,
                MUTED,
                r#" text-anchor="middle""#,
                &format!("{} ({} bits)", field.name, field.width),
            );
            text(
                &mut body,
                mid,
                STRIP_Y + CELL_H + 42.0,
                14,
                INK,
                r#" text-anchor="middle" font-weight="bold""#,
                &field_value(field),
            );
        }
    }
    let mut y = STRIP_Y + CELL_H + 80.0;
    text(
        &mut body,
        left,
        y,
        16,
        INK,
        "",
        &format!("ID {} ({})", thousands(id), facts.preset.title()),
    );
    if let Some(location) = &facts.location {
        y += 24.0;
        text(
            &mut body,
            left,
            y,
            14,
            INK,
            "",
            &format!(
                "Shard {} → {} on {} (standby {})",
                thousands(location.shard),
                location.database,
                location.hosts.master,
                location.hosts.standby
            ),
        );
    }
    let alt = alt(&facts);
    let svg = svg::document(title, lede(widget), &alt, HEIGHT, &body);
    (alt, HEIGHT, svg)
}
