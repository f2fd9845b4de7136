//! What a second view of a text still needs scanning. The matcher reads a text in several
//! views (the normalised text, the reading markup kept, a rewritten reading); a line that is
//! the same in a second view as in the first was already read there, so only the lines that
//! differ, with their neighbours, are scanned again. This module owns that cut and the one
//! rule it rests on: no rule joins across a blank line, so kept stretches are separated by
//! one.
//!
//! Context: a changed line keeps `context` lines either side of it, and a kept stretch grows
//! through any run of short lines next to it, because a value spread one piece a line (`5`,
//! `1`, `0`, `0` on lines of their own, a name letter by letter) is the one shape that
//! reaches further than a neighbour, and such pieces are short. Ops text (long lines)
//! keeps little beyond the changed lines themselves.

/// A line this short (in bytes, surrounding whitespace ignored) may be one piece of a value
/// spread over lines: a digit group, a number word, a letter or a short name part.
const SHORT_LINE: usize = 12;

/// The lines of `second` that differ from the same line of `first`, each with `context`
/// lines either side and the runs of short lines next to them; a gap between kept stretches
/// becomes one blank line. When the two texts have different numbers of lines (a dropped tag
/// held a line break), the lines cannot be paired and all of `second` is returned.
pub(crate) fn changed_lines(first: &str, second: &str, context: usize) -> String {
    let a: Vec<&str> = first.split('\n').collect();
    let b: Vec<&str> = second.split('\n').collect();
    if a.len() != b.len() {
        return second.to_string();
    }
    let changed = a.iter().zip(&b).enumerate().filter(|(_, (x, y))| x != y);
    let keep = keep_around(b.len(), changed.map(|(k, _)| k), context, |k| {
        b.get(k).copied().unwrap_or("")
    });
    join_kept(&keep, |k| b.get(k).copied().unwrap_or(""))
}

/// Which of `n` lines to keep: each `changed` line with `context` lines either side, grown
/// through the runs of short lines (`line(k)` is line `k`) that touch a kept stretch.
pub(crate) fn keep_around<'a>(
    n: usize,
    changed: impl IntoIterator<Item = usize>,
    context: usize,
    line: impl Fn(usize) -> &'a str,
) -> Vec<bool> {
    let mut keep = vec![false; n];
    for k in changed {
        let lo = k.saturating_sub(context);
        let hi = k.saturating_add(context).saturating_add(1).min(n);
        if let Some(span) = keep.get_mut(lo..hi) {
            span.fill(true);
        }
    }
    // Forward: a kept line lets the short lines after it in; backward: and those before it.
    for k in 1..n {
        if !keep[k] && keep[k - 1] && is_short(line(k)) {
            keep[k] = true;
        }
    }
    for k in (0..n.saturating_sub(1)).rev() {
        if !keep[k] && keep[k + 1] && is_short(line(k)) {
            keep[k] = true;
        }
    }
    keep
}

/// The kept lines (`line(k)` is line `k`), each ending in a line break; a gap between kept
/// stretches becomes one blank line.
pub(crate) fn join_kept<'a>(keep: &[bool], line: impl Fn(usize) -> &'a str) -> String {
    let mut out = String::new();
    for (k, kept) in keep.iter().enumerate() {
        if *kept {
            out.push_str(line(k));
            out.push('\n');
        } else if !out.ends_with("\n\n") && !out.is_empty() {
            out.push('\n');
        }
    }
    out
}

fn is_short(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.len() <= SHORT_LINE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_text_keeps_nothing() {
        assert_eq!(changed_lines("a\nb\nc", "a\nb\nc", 1), "");
    }

    #[test]
    fn a_changed_line_keeps_its_neighbours() {
        let first = "one long line of text\nsecond long line here\nthird long line of text\nfourth long line of text\nfifth long line of text";
        let second = "one long line of text\nsecond long line HERE\nthird long line of text\nfourth long line of text\nfifth long line of text";
        let cut = changed_lines(first, second, 1);
        assert!(cut.contains("one long") && cut.contains("HERE") && cut.contains("third"));
        assert!(!cut.contains("fourth") && !cut.contains("fifth"));
    }

    #[test]
    fn short_pieces_next_to_a_change_come_along() {
        // `5`, `1`, `0` one a line before a changed line: the whole spread is kept.
        let first = "a long line of ops text first\n5\n1\n0\nx0y\nanother long line of text\nand a last long line of text";
        let second = "a long line of ops text first\n5\n1\n0\nx<b>0</b>y\nanother long line of text\nand a last long line of text";
        let cut = changed_lines(first, second, 1);
        assert!(cut.starts_with("5\n1\n0\nx<b>0</b>y\n"));
        assert!(!cut.contains("first") && !cut.contains("a last"));
    }

    #[test]
    fn unpaired_lines_keep_everything() {
        assert_eq!(changed_lines("a b", "a\nb", 1), "a\nb");
    }

    #[test]
    fn gaps_become_one_blank_line() {
        let long = "x".repeat(40);
        let first = format!("A{long}\n{long}\n{long}\n{long}\n{long}\nB{long}");
        let second = format!("a{long}\n{long}\n{long}\n{long}\n{long}\nb{long}");
        let cut = changed_lines(&first, &second, 1);
        assert_eq!(cut, format!("a{long}\n{long}\n\n{long}\nb{long}\n"));
    }
}
