//! The shift-and-mask code for a layout and an ID, in Rust, SQL and JavaScript, generated as text
//! (the Decoder's "arithmetic as code"; [`parts::code_panel`](super::parts::code_panel) shows it).

use shardlab_core::layout::BitLayout;
use shardlab_core::text::group;

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
    /// Every language, in the order the tabs show them.
    pub const ALL: [Lang; 3] = [Lang::Rust, Lang::Sql, Lang::Js];

    /// The name a link uses (`code=sql`).
    pub fn name(self) -> &'static str {
        match self {
            Lang::Rust => "rust",
            Lang::Sql => "sql",
            Lang::Js => "js",
        }
    }

    /// The language a link names, if any.
    pub fn from_name(name: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.name() == name)
    }

    /// The tab's label.
    pub fn label(self) -> &'static str {
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
    group(&digits, 4, '_')
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
    fn keywords_are_escaped() {
        assert_eq!(ident("type", Lang::Rust), "r#type");
        assert_eq!(ident("self", Lang::Rust), "self_");
        assert_eq!(ident("class", Lang::Js), "class_");
        assert_eq!(ident("type", Lang::Js), "type");
        assert_eq!(ident("select", Lang::Sql), "`select`");
    }

    #[test]
    fn all_lists_every_language_once() {
        shardlab_core::assert_lists_every_variant!(Lang, Lang::ALL, [Rust, Sql, Js]);
    }
}
