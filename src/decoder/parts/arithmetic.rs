//! "The arithmetic": the shift-and-mask code for the current layout in Rust, SQL and JavaScript,
//! generated as text, and beside it the two classic ways to get this very ID wrong.

use shardlab_core::layout::{BitLayout, FieldRole};
use yew::prelude::*;

/// The languages the code is shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Rust, on `u64`.
    Rust,
    /// MySQL, on `BIGINT UNSIGNED`.
    Sql,
    /// JavaScript, on `BigInt`.
    Js,
}

impl Lang {
    const ALL: [Lang; 3] = [Lang::Rust, Lang::Sql, Lang::Js];

    fn label(self) -> &'static str {
        match self {
            Lang::Rust => "Rust",
            Lang::Sql => "SQL (MySQL)",
            Lang::Js => "JavaScript (BigInt)",
        }
    }
}

const RUST_KEYWORDS: [&str; 51] = [
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
];

const JS_RESERVED: [&str; 45] = [
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "new",
    "null",
    "return",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
    "let",
    "static",
    "implements",
    "interface",
    "package",
    "private",
    "protected",
];

/// A field name as an identifier in `lang`. Layout names are already letters, digits and `_`.
fn ident(name: &str, lang: Lang) -> String {
    match lang {
        // `self`, `Self`, `super` and `crate` cannot be raw identifiers.
        Lang::Rust if matches!(name, "self" | "Self" | "super" | "crate") => format!("{name}_"),
        Lang::Rust if RUST_KEYWORDS.contains(&name) => format!("r#{name}"),
        Lang::Js if JS_RESERVED.contains(&name) => format!("{name}_"),
        Lang::Sql => format!("`{name}`"),
        _ => name.to_owned(),
    }
}

/// A mask in hex with `_` every four digits (Rust) or plain (others).
fn hex(value: u64, grouped: bool) -> String {
    let digits = format!("{value:X}");
    if !grouped {
        return digits;
    }
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && digits.len().saturating_sub(i).is_multiple_of(4) {
            out.push('_');
        }
        out.push(ch);
    }
    out
}

/// The code that takes `id` apart and puts it back together, for the current layout and ID.
pub fn code(layout: &BitLayout, id: u64, lang: Lang) -> String {
    let decoded = layout.decode(id);
    let mut out = String::new();
    let fields = &decoded.fields;
    match lang {
        Lang::Rust => {
            out.push_str(&format!("let id: u64 = {id};\n\n// Take the ID apart.\n"));
            for f in fields {
                let mask = layout
                    .fields()
                    .iter()
                    .find(|x| x.name == f.name)
                    .map_or(0, |x| x.max_value());
                out.push_str(&format!(
                    "let {} = {} & 0x{}; // {}\n",
                    ident(&f.name, lang),
                    shifted_down("id", f.shift, ""),
                    hex(mask, true),
                    f.value
                ));
            }
            out.push_str("\n// Put it back together.\nlet composed: u64 = ");
            let terms: Vec<String> = fields
                .iter()
                .map(|f| shifted(&ident(&f.name, lang), f.shift, ""))
                .collect();
            out.push_str(&terms.join("\n    | "));
            out.push_str(";\nassert_eq!(composed, id);\n");
        }
        Lang::Sql => {
            out.push_str("-- Take the ID apart (BIGINT UNSIGNED).\nSELECT\n");
            let lines: Vec<String> = fields
                .iter()
                .map(|f| {
                    format!(
                        "  {} & {} AS {}",
                        shifted_down("id", f.shift, ""),
                        max_of(layout, &f.name),
                        ident(&f.name, lang)
                    )
                })
                .collect();
            out.push_str(&lines.join(",\n"));
            out.push_str(&format!(
                "\nFROM (SELECT {id} AS id) AS t;\n\n-- Put it back together.\nSELECT "
            ));
            let terms: Vec<String> = fields
                .iter()
                .map(|f| shifted(&f.value.to_string(), f.shift, ""))
                .collect();
            out.push_str(&terms.join("\n     | "));
            out.push_str(" AS id;\n");
        }
        Lang::Js => {
            out.push_str(&format!(
                "// Never Number(id): an f64 holds only 53 bits.\nconst id = BigInt(\"{id}\");\n\n// Take the ID apart.\n"
            ));
            for f in fields {
                out.push_str(&format!(
                    "const {} = {} & 0x{}n; // {}n\n",
                    ident(&f.name, lang),
                    shifted_down("id", f.shift, "n"),
                    hex(max_of(layout, &f.name), false),
                    f.value
                ));
            }
            out.push_str("\n// Put it back together.\nconst composed = ");
            let terms: Vec<String> = fields
                .iter()
                .map(|f| shifted(&ident(&f.name, lang), f.shift, "n"))
                .collect();
            out.push_str(&terms.join("\n  | "));
            out.push_str(";\nconsole.assert(composed === id);\n");
        }
    }
    out
}

fn max_of(layout: &BitLayout, name: &str) -> u64 {
    layout
        .position_of(name)
        .and_then(|p| layout.field(p))
        .map_or(0, |f| f.max_value())
}

fn shifted_down(term: &str, shift: u32, suffix: &str) -> String {
    if shift == 0 {
        term.to_owned()
    } else {
        format!("({term} >> {shift}{suffix})")
    }
}

fn shifted(term: &str, shift: u32, suffix: &str) -> String {
    if shift == 0 {
        term.to_owned()
    } else {
        format!("({term} << {shift}{suffix})")
    }
}

/// What JavaScript's `Number(id)` does to an ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberPitfall {
    /// What `String(Number(id))` prints (the shortest round-trip digits).
    pub printed: String,
    /// The exact integer the f64 holds.
    pub exact: String,
    /// The rounded value as an ID, when it still fits in 64 bits.
    pub as_id: Option<u64>,
    /// How far it is off (exact − id), as text with a sign.
    pub error: String,
}

/// Rounds `id` to the nearest f64, as `Number(id)` does.
pub fn number_pitfall(id: u64) -> NumberPitfall {
    let f = id as f64;
    // An f64 at or above 2^53 is an integer, and Rust prints its exact value with {:.0}.
    let exact = format!("{f:.0}");
    let as_u128 = f as u128;
    let as_id = u64::try_from(as_u128).ok();
    let diff = i128::try_from(as_u128)
        .unwrap_or(i128::MAX)
        .saturating_sub(i128::from(id));
    NumberPitfall {
        printed: js_number_string(f),
        exact,
        as_id,
        error: if diff >= 0 {
            format!("+{diff}")
        } else {
            diff.to_string()
        },
    }
}

/// JavaScript's `String(x)` for a non-negative integer-valued f64 below 1e21: the shortest digits
/// that round-trip, padded with zeros. Rust's `Display` for f64 makes the same choice of digits.
fn js_number_string(f: f64) -> String {
    if f >= 1e21 {
        // Never reached for u64 values; JavaScript would switch to exponent notation here.
        return format!("{f:e}");
    }
    format!("{f}")
}

/// What `id & 0xFFFF_FFFF` gives instead of the local field, when the layout has one.
pub fn mask32_pitfall(layout: &BitLayout, id: u64) -> Option<(u64, u64, u32)> {
    let position = layout.position_of_role(FieldRole::Local)?;
    let field = layout.field(position)?;
    let local = layout.value_at(id, position)?;
    Some((local, id & 0xFFFF_FFFF, field.width))
}

/// Props: the layout and the ID.
#[derive(Properties, PartialEq)]
pub struct ArithmeticProps {
    /// The current layout.
    pub layout: BitLayout,
    /// The current ID.
    pub id: u64,
    /// Sets a field from its text (the "try a local of 2^32" button).
    pub on_field: Callback<(usize, String)>,
}

/// The code panel and the pitfalls beside it.
#[function_component(Arithmetic)]
pub fn arithmetic(props: &ArithmeticProps) -> Html {
    let lang = use_state(|| Lang::Rust);
    let text = code(&props.layout, props.id, *lang);
    let tabs = Lang::ALL.iter().map(|&l| {
        let onclick = {
            let lang = lang.clone();
            Callback::from(move |_| lang.set(l))
        };
        html! {
            <button type="button" class={classes!("lang", (*lang == l).then_some("active"))}
                aria-pressed={(*lang == l).to_string()} {onclick}>{ l.label() }</button>
        }
    });
    let number = number_pitfall(props.id);
    let decoded = props.layout.decode(props.id);
    let rounded = number.as_id.map(|r| props.layout.decode(r));
    let number_html = if number.error == "+0" {
        html! {
            <p>{ format!("This ID is exactly {}, so Number(id) happens to keep it. Any ID above 2^53 = 9007199254740992 with low bits set does not.", number.exact) }</p>
        }
    } else {
        html! {
            <>
                <p>
                    { "Number(id) rounds to the nearest double. JavaScript prints " }
                    <code>{ number.printed.clone() }</code>
                    { "; the double holds exactly " }<code>{ number.exact.clone() }</code>
                    { format!(", off by {}.", number.error) }
                </p>
                { match &rounded {
                    Some(rounded) => html! {
                        <table class="pitfall-table">
                            <caption>{ "The fields read back from the rounded number" }</caption>
                            <thead><tr><th scope="col">{ "field" }</th><th scope="col">{ "real" }</th><th scope="col">{ "after Number()" }</th></tr></thead>
                            <tbody>
                            { for decoded.fields.iter().zip(&rounded.fields).map(|(a, b)| html! {
                                <tr class={classes!((a.value != b.value).then_some("wrong"))}>
                                    <th scope="row">{ a.name.clone() }</th>
                                    <td class="mono">{ a.value }</td>
                                    <td class="mono">{ b.value }{ if a.value != b.value { " ✗" } else { "" } }</td>
                                </tr>
                            }) }
                            </tbody>
                        </table>
                    },
                    None => html! { <p>{ "It rounds up to 2^64, past every ID, so no field can be read back." }</p> },
                } }
            </>
        }
    };
    let mask_html = match mask32_pitfall(&props.layout, props.id) {
        None => {
            html! { <p>{ "This layout has no local field, so there is no local ID to mask." }</p> }
        }
        Some((local, masked, width)) => {
            let position = props.layout.position_of_role(FieldRole::Local);
            let try_big = position.filter(|_| width > 32 && local < (1u64 << 32)).map(|p| {
                let on_field = props.on_field.clone();
                // `local` is below 2^32 here, so setting bit 32 adds exactly 2^32.
                let big = (1u64 << 32) | local;
                html! {
                    <button type="button" onclick={Callback::from(move |_| on_field.emit((p, big.to_string())))}>
                        { format!("Try local {big} (2^32 + {local})") }
                    </button>
                }
            });
            html! {
                <>
                    <p>
                        { format!("The local field has {width} bits. Code copied with a 32-bit mask computes ") }
                        <code>{ "id & 0xFFFFFFFF" }</code>{ " = " }<code>{ masked }</code>
                        { if masked == local {
                            format!(", which matches the real local {local} only because it is below 2^32 = 4294967296.")
                        } else {
                            format!(" instead of the real local {local}: the row it reads is the wrong one.")
                        } }
                    </p>
                    { for try_big }
                </>
            }
        }
    };
    html! {
        <section class="panel arithmetic" aria-labelledby="arith-title">
            <h2 id="arith-title">{ "The arithmetic" }</h2>
            <div class="arith-grid">
                <div class="arith-code">
                    <div class="lang-tabs" role="group" aria-label="Language">{ for tabs }</div>
                    <pre class="code" tabindex="0" aria-label={format!("{} code for this layout", lang.label())}><code>{ text }</code></pre>
                </div>
                <div class="pitfalls">
                    <h3>{ "Pitfall 1: Number(id) in JavaScript" }</h3>
                    { number_html }
                    <h3>{ "Pitfall 2: a 32-bit mask on the local ID" }</h3>
                    { mask_html }
                </div>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::layout::Preset;

    const PIN: u64 = 241_294_492_511_762_325;

    #[test]
    fn rust_code_shifts_and_masks_each_field() {
        let code = code(&Preset::Pinterest.layout(), PIN, Lang::Rust);
        assert!(
            code.contains("let shard = (id >> 46) & 0xFFFF; // 3429"),
            "{code}"
        );
        assert!(
            code.contains("let r#type = (id >> 36) & 0x3FF; // 1"),
            "{code}"
        );
        assert!(
            code.contains("let local = id & 0xF_FFFF_FFFF; // 7075733"),
            "{code}"
        );
        assert!(code.contains("(shard << 46)"), "{code}");
    }

    #[test]
    fn sql_and_js_code_use_the_values() {
        let layout = Preset::Pinterest.layout();
        let sql = code(&layout, PIN, Lang::Sql);
        assert!(sql.contains("(id >> 46) & 65535 AS `shard`"), "{sql}");
        assert!(sql.contains("(3429 << 46)"), "{sql}");
        let js = code(&layout, PIN, Lang::Js);
        assert!(
            js.contains("const shard = (id >> 46n) & 0xFFFFn; // 3429n"),
            "{js}"
        );
        assert!(js.contains("BigInt(\"241294492511762325\")"), "{js}");
    }

    #[test]
    fn number_rounds_the_pinterest_example() {
        let pitfall = number_pitfall(PIN);
        assert_eq!(pitfall.printed, "241294492511762340");
        assert_eq!(pitfall.exact, "241294492511762336");
        assert_eq!(pitfall.as_id, Some(241_294_492_511_762_336));
        assert_eq!(pitfall.error, "+11");
        let top = number_pitfall(u64::MAX);
        assert_eq!(top.as_id, None);
        assert_eq!(top.exact, "18446744073709551616");
        assert_eq!(number_pitfall(5).error, "+0");
    }

    #[test]
    fn the_32_bit_mask_hides_until_local_passes_2_to_the_32() {
        let layout = Preset::Pinterest.layout();
        assert_eq!(
            mask32_pitfall(&layout, PIN),
            Some((7_075_733, 7_075_733, 36))
        );
        let big = layout.compose(&[0, 3429, 1, (1 << 32) + 5]).unwrap();
        assert_eq!(mask32_pitfall(&layout, big), Some(((1 << 32) + 5, 5, 36)));
    }

    #[test]
    fn keywords_are_escaped() {
        assert_eq!(ident("type", Lang::Rust), "r#type");
        assert_eq!(ident("self", Lang::Rust), "self_");
        assert_eq!(ident("class", Lang::Js), "class_");
        assert_eq!(ident("type", Lang::Js), "type");
        assert_eq!(ident("select", Lang::Sql), "`select`");
    }
}
