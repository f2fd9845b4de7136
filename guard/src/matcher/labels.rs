//! Units and scales written once for many numbers (part of `Rules::second_readings`). Tables
//! and dashboards put the unit in a header or a label, not beside each number: `p99
//! (seconds): 1.2505`, `| lag (k msgs) |` over `| 5.1 |`, `restarts (tens): 34`, `drift (in
//! thousands): -4.2`. This module owns those: for each label in parentheses or brackets it
//! writes the text again with the label after every bare number (`1.2505 seconds`, `5.1 k
//! msgs`, `34 * 10`), and the matcher reads that with its usual unit, scale and arithmetic
//! rules, at the written precision.
//!
//! # False-positive controls
//!
//! Only a label that is a scale word, `×1000`, or a unit the unit rules know (at most three
//! words, at most 24 bytes) counts, and only a bare number takes it: a number already
//! followed by a word or glued to letters keeps its own unit. At most four labels per text.
//!
//! # Cost
//!
//! Nothing is written unless the text holds `(` or `[`; a reading is one linear pass over the
//! label's line and the thirty lines after it (a table under its header), not the whole text.

/// The readings of `s` with each label applied to its bare numbers.
pub(crate) fn readings(s: &str) -> Vec<String> {
    let mut labels: Vec<(usize, String)> = Vec::new();
    for (i, c) in s.char_indices() {
        if c != '(' && c != '[' {
            continue;
        }
        let close = if c == '(' { ')' } else { ']' };
        let Some(rest) = s.get(i + 1..) else { continue };
        let Some(end) = rest.find(close) else {
            continue;
        };
        let Some(inner) = rest.get(..end) else {
            continue;
        };
        if let Some(l) = label(inner) {
            if !labels.iter().any(|(_, x)| *x == l) {
                labels.push((i, l));
            }
        }
        if labels.len() >= 4 {
            break;
        }
    }
    labels
        .iter()
        .map(|(at, l)| apply(scope(s, *at), l))
        .collect()
}

/// A label's reach: its own line and the [`SCOPE_LINES`] lines after it (a table's rows).
fn scope(s: &str, at: usize) -> &str {
    let start = s.get(..at).and_then(|h| h.rfind('\n')).map_or(0, |p| p + 1);
    let rest = s.get(start..).unwrap_or("");
    let end = rest
        .match_indices('\n')
        .nth(SCOPE_LINES)
        .map_or(rest.len(), |(p, _)| p);
    rest.get(..end).unwrap_or(rest)
}

/// Lines after a label that it still applies to.
const SCOPE_LINES: usize = 30;

/// What a label's content adds after a number, if it is a label.
fn label(inner: &str) -> Option<String> {
    let t = inner.trim();
    let t = t
        .strip_prefix("in ")
        .or_else(|| t.strip_prefix("In "))
        .unwrap_or(t)
        .trim();
    if t.is_empty() || t.len() > 24 || t.split_whitespace().count() > 3 {
        return None;
    }
    let lower = t.to_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    let scale = match first {
        "tens" => Some("* 10"),
        "hundreds" => Some("* 100"),
        "thousands" | "k" | "thousand" => Some("* 1000"),
        "millions" | "m" | "mn" | "million" => Some("* 1000000"),
        "billions" | "bn" | "billion" => Some("* 1000000000"),
        _ => None,
    };
    if let Some(sc) = scale {
        // `(k msgs)`: the scale, then what is left as the unit.
        let rest: Vec<&str> = t.split_whitespace().skip(1).collect();
        return Some(if rest.is_empty() {
            sc.to_string()
        } else {
            format!("{sc} {}", rest.join(" "))
        });
    }
    // `×1000`, `x 1000`
    if let Some(n) = lower
        .strip_prefix('×')
        .or_else(|| lower.strip_prefix('x'))
        .map(str::trim)
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    {
        return Some(format!("* {n}"));
    }
    // A unit the unit rules know (`seconds`, `ms`, `MB/s`), or a count (`msgs`).
    let unit_like = super::units::family(t).is_some() || super::units::count_word(first);
    unit_like.then(|| t.to_string())
}

/// `s` with ` label` after every bare number.
fn apply(s: &str, label: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len() + 64);
    let mut i = 0;
    let mut from = 0;
    while i < b.len() {
        let c = b[i];
        let starts = c.is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len()
            && (b[j].is_ascii_digit()
                || ((b[j] == b'.' || b[j] == b',') && b.get(j + 1).is_some_and(u8::is_ascii_digit)))
        {
            j += 1;
        }
        let glued = b
            .get(j)
            .is_some_and(|x| x.is_ascii_alphabetic() || *x == b'%');
        let worded = b.get(j) == Some(&b' ') && b.get(j + 1).is_some_and(u8::is_ascii_alphabetic);
        if !glued && !worded {
            out.push_str(s.get(from..j).unwrap_or(""));
            out.push(' ');
            out.push_str(label);
            from = j;
        }
        i = j.max(i + 1);
    }
    out.push_str(s.get(from..).unwrap_or(""));
    out
}

#[cfg(test)]
mod tests {
    use super::readings;

    fn has(s: &str, want: &str) -> bool {
        readings(s).iter().any(|r| r.contains(want))
    }

    #[test]
    fn labels_reach_bare_numbers() {
        assert!(has("p99 (seconds): 1.2505", "1.2505 seconds"));
        assert!(has("| lag (k msgs) |\n| 5.1 |", "5.1 * 1000 msgs"));
        assert!(has("restarts (tens): 34", "34 * 10"));
        assert!(has("drift (in thousands): -4.2", "4.2 * 1000"));
        assert!(has("lag [×1000]: 5.1", "5.1 * 1000"));
        assert!(!has("lag (k msgs): 5100 messages", "5100 * 1000"));
        assert!(readings("no labels here: 5100").is_empty());
        assert!(readings("see (the note below) 12").is_empty());
        assert!(has("p99 (ms): 1250.5", "1250.5 ms"));
        let far = format!("lag (k msgs)\n{}5.1", "x\n".repeat(40));
        assert!(!has(&far, "5.1 * 1000"));
    }
}
