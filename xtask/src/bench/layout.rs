//! The report layout that the core bench prints (`shardlab-bench\tlayout\t<json>`): the tables of
//! BENCHMARKS.md's kernels, as `crates/shardlab-bench-kernels` defines them.
//!
//! The xtask depends on no project crate, so it reads the kernel table as data: which sections
//! the native part has, each row's label, our kernel and the peer's (by criterion id), the goal of
//! its ratio, whether the race is also shown for wasm, and the rows of "our wasm ÷ our native".
//! Adding a benchmark to that table adds its rows here with no change to the xtask.

use serde_json::Value;

/// A native table: its heading and what it measures.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Section {
    pub key: String,
    pub title: String,
    pub note: String,
}

/// One row of a native table: ours alone (no peer) or ours against a peer.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Row {
    pub section: String,
    pub label: String,
    pub ours: String,
    /// The peer kernel's id and the peer's name.
    pub peer: Option<(String, String)>,
    /// The most ours ÷ peer may be.
    pub goal: Option<f64>,
    /// The row's label in the wasm race table, if it is raced there too.
    pub wasm_label: Option<String>,
}

/// One row of "our wasm ÷ our native".
#[derive(Debug, Clone, PartialEq)]
pub(super) struct WasmRow {
    pub id: String,
    pub label: String,
    pub goal: Option<f64>,
    /// `lookup` or `simulator`: which missed-goal note applies.
    pub class: Option<String>,
}

/// The simulator kernels' ids: their tables hold absolute goals, so they are drawn by hand.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Simulator {
    pub des: String,
    pub long_run: String,
    pub estimate: String,
}

/// Everything the report's kernel tables are drawn from.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Layout {
    pub sections: Vec<Section>,
    pub rows: Vec<Row>,
    pub wasm_rows: Vec<WasmRow>,
    pub simulator: Simulator,
}

fn text(value: &Value, key: &str) -> Result<String, String> {
    value
        .get(key)
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| format!("layout: no `{key}` in {value}"))
}

fn optional_text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_owned)
}

fn list<'a>(value: &'a Value, key: &str) -> Result<&'a Vec<Value>, String> {
    value
        .get(key)
        .and_then(Value::as_array)
        .ok_or_else(|| format!("layout: no `{key}` list"))
}

impl Layout {
    /// The layout line of the core bench's output.
    pub fn from_output(out: &str) -> Result<Layout, String> {
        let json = super::tagged_lines(out, "shardlab-bench")
            .find(|fields| fields.first().map(String::as_str) == Some("layout"))
            .and_then(|fields| fields.get(1).cloned())
            .ok_or("the core bench printed no `layout` line")?;
        let value: Value =
            serde_json::from_str(&json).map_err(|e| format!("the bench's layout: {e}"))?;
        Layout::from_json(&value)
    }

    /// Reads `shardlab_bench_kernels::Table::layout_json`'s document.
    pub fn from_json(value: &Value) -> Result<Layout, String> {
        let sections = list(value, "sections")?
            .iter()
            .map(|s| {
                Ok(Section {
                    key: text(s, "key")?,
                    title: text(s, "title")?,
                    note: text(s, "note")?,
                })
            })
            .collect::<Result<_, String>>()?;
        let rows = list(value, "rows")?
            .iter()
            .map(|r| {
                let peer = match r.get("peer").filter(|p| !p.is_null()) {
                    Some(peer) => Some((text(peer, "id")?, text(peer, "name")?)),
                    None => None,
                };
                Ok(Row {
                    section: text(r, "section")?,
                    label: text(r, "label")?,
                    ours: text(r, "ours")?,
                    peer,
                    goal: r.get("goal").and_then(Value::as_f64),
                    wasm_label: optional_text(r, "wasm_label"),
                })
            })
            .collect::<Result<_, String>>()?;
        let wasm_rows = list(value, "wasm_rows")?
            .iter()
            .map(|r| {
                Ok(WasmRow {
                    id: text(r, "id")?,
                    label: text(r, "label")?,
                    goal: r.get("goal").and_then(Value::as_f64),
                    class: optional_text(r, "class"),
                })
            })
            .collect::<Result<_, String>>()?;
        let simulator = value.get("simulator").ok_or("layout: no `simulator`")?;
        Ok(Layout {
            sections,
            rows,
            wasm_rows,
            simulator: Simulator {
                des: text(simulator, "des")?,
                long_run: text(simulator, "long_run")?,
                estimate: text(simulator, "estimate")?,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Layout;

    #[test]
    fn reads_the_layout_line() {
        let out = concat!(
            "noise\n",
            "shardlab-bench\tlayout\t",
            r#"{"sections":[{"key":"ring","title":"Ring lookup","note":"N."}],"#,
            r#""rows":[{"section":"ring","label":"N = 10","ours":"ring/ours/a","#,
            r#""peer":{"id":"ring/peer/a","name":"peer"},"goal":0.5,"wasm_label":"ring, N = 10"},"#,
            r#"{"section":"ring","label":"solo","ours":"ring/ours/b","peer":null,"goal":null,"wasm_label":null}],"#,
            r#""wasm_rows":[{"id":"ring/ours/a","label":"ring","goal":1.3,"class":"lookup"}],"#,
            r#""simulator":{"des":"sim/a","long_run":"sim/b","estimate":"sim/c"}}"#,
            "\n"
        );
        let layout = Layout::from_output(out).expect("a layout");
        assert_eq!(layout.sections[0].title, "Ring lookup");
        assert_eq!(layout.rows.len(), 2);
        assert_eq!(
            layout.rows[0].peer,
            Some(("ring/peer/a".into(), "peer".into()))
        );
        assert_eq!(layout.rows[0].goal, Some(0.5));
        assert_eq!(layout.rows[1].peer, None);
        assert_eq!(layout.rows[1].wasm_label, None);
        assert_eq!(layout.wasm_rows[0].class.as_deref(), Some("lookup"));
        assert_eq!(layout.simulator.long_run, "sim/b");
        assert!(Layout::from_output("shardlab-bench\tconfig\t1\t2\t3\n").is_err());
    }
}
