//! CSV text for every table the views export: one quoting rule and one formula guard.

/// One CSV cell. A cell is quoted when it holds a quote, a comma or a line break, and text that
/// starts with `=`, `+`, `-` or `@` (and is not a number) gets a leading `'`, so a spreadsheet
/// shows it rather than running it as a formula.
///
/// ```
/// use shardlab_app::files::csv::csv_cell;
/// assert_eq!(csv_cell("a,b"), "\"a,b\"");
/// assert_eq!(csv_cell("=1+1"), "'=1+1");
/// assert_eq!(csv_cell("-0.25"), "-0.25");
/// ```
pub fn csv_cell(text: &str) -> String {
    let formula = text.starts_with(['=', '+', '-', '@']) && !is_signed_number(text);
    let text = if formula {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if text.contains(['"', ',', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// Whether `text` is a sign and a plain decimal number (`-0.25`, `+1e3`). Checked by hand rather
/// than with `str::parse::<f64>`, which would bring the float parser into pages that have none.
fn is_signed_number(text: &str) -> bool {
    let Some(body) = text.get(1..) else {
        return false;
    };
    let (mantissa, exponent) = match body.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['+', '-']).unwrap_or(e))),
        None => (body, None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => {
            (digits(whole) || whole.is_empty())
                && (digits(fraction) || fraction.is_empty())
                && !(whole.is_empty() && fraction.is_empty())
        }
        None => digits(mantissa),
    };
    mantissa_ok && exponent.is_none_or(digits)
}

/// A header row and data rows as CSV text, each line ending in `\n`.
pub fn csv_text(header: &[&str], rows: &[Vec<String>]) -> String {
    let line = |cells: &mut dyn Iterator<Item = String>| cells.collect::<Vec<_>>().join(",");
    let mut out = line(&mut header.iter().map(|h| csv_cell(h)));
    out.push('\n');
    for row in rows {
        out.push_str(&line(&mut row.iter().map(|c| csv_cell(c))));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_only_what_needs_it() {
        let text = csv_text(
            &["a", "b"],
            &[
                vec!["1".into(), "x,y".into()],
                vec!["say \"hi\"".into(), "2".into()],
            ],
        );
        assert_eq!(text, "a,b\n1,\"x,y\"\n\"say \"\"hi\"\"\",2\n");
    }

    #[test]
    fn formulas_are_defused_and_numbers_kept() {
        assert_eq!(csv_cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_cell("@sum"), "'@sum");
        assert_eq!(csv_cell("+1e3"), "+1e3");
        assert_eq!(csv_cell("-"), "'-");
        assert_eq!(csv_cell("MySQL007A"), "MySQL007A");
        assert_eq!(csv_cell("-1e-3"), "-1e-3");
        assert_eq!(csv_cell("-.5"), "-.5");
        assert_eq!(csv_cell("-1+2"), "'-1+2");
        assert_eq!(csv_cell("-."), "'-.");
        assert_eq!(csv_cell("+e3"), "'+e3");
    }
}
