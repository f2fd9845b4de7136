//! A value's digit groups written as the cells of a table (a stretch rule under
//! `Rules::concatenations`): read along a row (`hi,lo` / `51,00`; `| 51 | 00 |` under a
//! header) or down a column (`| a | 51 |` / `| b | 00 |` under `| part | value |`). `splits.rs`
//! joins groups on one line or one group a line; `seqkeys.rs` owns lines of `key: value`;
//! this module owns tables: lines of cells split by one delimiter (`,`, tab, `|`, `;`).
//!
//! A table is two or more consecutive lines with the same delimiter, the same number of it
//! (a markdown rule line such as `|---|---|` is passed over). A cell is a piece when it is a
//! digit run and nothing else (spaces and double quotes around it allowed; the first cell of
//! a row may open with a label ending in `: `, as in `second row: 51,00`). The pieces of
//! each row in order, and of each column top to bottom, are joined when there are two to
//! four of them, and the joined digits compared with each integer target's.
//!
//! False-positive controls: the joined digits must be a target's exactly; every piece is a
//! whole cell (`51000` or `5100.5` in a cell is no piece of 5100, and a cell that holds a
//! target's digits whole is the number reader's); a row or column of five pieces or more is
//! data, not a split value, and is not read; a lone line (`51,00`, the decimal 51 in many
//! locales) is no table; a comma table whose every cell is digits (`12,50` over `51,00`: a
//! list of decimals written with a comma) needs a header or label cell to be read; dates,
//! times and versions in cells (`2026-12-01`, `10:51`, `1.27.3`) are no pieces.
//!
//! # Cost
//!
//! A text with no line break is settled by memchr; otherwise its digit runs (found by
//! `splits.rs`, eight bytes at a time) are each looked at only where they can be a whole cell (a delimiter next
//! to it, past spaces). Only around such a run are lines sized up (the lines of its shape
//! above and below it, each table once); cells are split only for a table of two rows or
//! more, and the joined digits are compared on the stack.
use super::targets::Hits;

/// Delimiters of a table's cells, in the order a line's delimiter is chosen (a pipe table's
/// cells may hold commas; a semicolon table's cells may hold decimal commas).
const DELIMS: [u8; 4] = [b'|', b'\t', b';', b','];
/// Most pieces joined into one value.
const MAX_PIECES: usize = 4;

/// One line of a table: its span.
#[derive(Clone, Copy, Debug)]
struct Row {
    start: usize,
    end: usize,
}

/// What a line is to a table.
enum Line {
    /// Cells split by `delim`, `count` times.
    Row(u8, usize),
    /// A markdown rule (`|---|:--:|`): neither a row nor a break.
    Rule,
    /// Anything else: it ends a table.
    Other,
}

/// Mark each integer target (`digits`: its digits and compiled index) that `s` writes as
/// pieces in the cells of a table; `runs` are the byte ranges of the digit runs of `s`, in
/// order (`splits.rs` finds them for its own reading and hands them on).
pub(crate) fn scan(digits: &[(String, usize)], s: &str, runs: &[(usize, usize)], hits: &mut Hits) {
    let b = s.as_bytes();
    if digits.is_empty() || runs.len() < 2 || memchr::memchr(b'\n', b).is_none() {
        return;
    }
    let longest = digits.iter().map(|(d, _)| d.len()).max().unwrap_or(0);
    let mut rows: Vec<Row> = Vec::new();
    // The end of the last table read: a later digit run inside it is passed over.
    let mut done = 0;
    for &(a, e) in runs {
        if a < done || !cell_like(b, a, e) {
            continue;
        }
        // The table around the run's line: the lines of the same shape above and below it.
        let start = memchr::memrchr(b'\n', b.get(..a).unwrap_or(&[])).map_or(0, |p| p + 1);
        let end = memchr::memchr(b'\n', b.get(a..).unwrap_or(&[])).map_or(b.len(), |p| a + p);
        let Line::Row(delim, count) = classify(b.get(start..end).unwrap_or(&[])) else {
            done = end;
            continue;
        };
        let same = |l: &[u8]| match classify(l) {
            Line::Row(d, c) => (d == delim && c == count).then_some(true),
            Line::Rule => Some(false),
            Line::Other => None,
        };
        rows.clear();
        let mut to = start;
        while to > 0 {
            let from = memchr::memrchr(b'\n', b.get(..to - 1).unwrap_or(&[])).map_or(0, |p| p + 1);
            match same(b.get(from..to - 1).unwrap_or(&[])) {
                Some(true) => rows.push(Row {
                    start: from,
                    end: to - 1,
                }),
                Some(false) => {}
                None => break,
            }
            to = from;
        }
        rows.reverse();
        rows.push(Row { start, end });
        let mut from = end;
        while from < b.len() {
            let to = memchr::memchr(b'\n', b.get(from + 1..).unwrap_or(&[]))
                .map_or(b.len(), |p| from + 1 + p);
            match same(b.get(from + 1..to).unwrap_or(&[])) {
                Some(true) => rows.push(Row {
                    start: from + 1,
                    end: to,
                }),
                Some(false) => {}
                None => break,
            }
            from = to;
        }
        done = from;
        table(digits, longest, s, &rows, delim, count + 1, hits);
    }
}

/// May the digit run `b[a..e]` be a whole cell? After it (past spaces and quotes) a
/// delimiter or a line end; before it a delimiter, a line start or a label's `: ` after a
/// letter or digit; a delimiter on one side at least. A cheap test that passes over most runs
/// of prose (a digit before a word) and of JSON (`"a": 5,`: a quoted key is no label).
fn cell_like(b: &[u8], a: usize, e: usize) -> bool {
    let pad = |c: u8| matches!(c, b' ' | b'"' | b'\r');
    let mut j = e;
    while b.get(j).is_some_and(|&c| pad(c)) {
        j += 1;
    }
    let after = b.get(j).copied();
    let delim_after = after.is_some_and(|c| DELIMS.contains(&c));
    if !(delim_after || after.is_none_or(|c| c == b'\n')) {
        return false;
    }
    let mut k = a;
    while k > 0 && pad(b[k - 1]) {
        k -= 1;
    }
    let before = k.checked_sub(1).and_then(|i| b.get(i)).copied();
    if before.is_some_and(|c| DELIMS.contains(&c)) {
        return true;
    }
    let label = before == Some(b':')
        && b.get(k) == Some(&b' ')
        && k >= 2
        && b[k - 2].is_ascii_alphanumeric();
    delim_after && (label || before.is_none_or(|c| c == b'\n'))
}

/// The line's shape: the first delimiter of [`DELIMS`] it holds, and how many times.
fn classify(line: &[u8]) -> Line {
    let Some(first) =
        memchr::memchr3(b'|', b'\t', b';', line).or_else(|| memchr::memchr(b',', line))
    else {
        return Line::Other;
    };
    // The first of the order above that the line holds.
    let d = DELIMS
        .iter()
        .copied()
        .find(|&d| d == line[first] || memchr::memchr(d, line).is_some())
        .unwrap_or(line[first]);
    if d == b'|'
        && line.contains(&b'-')
        && line
            .iter()
            .all(|c| matches!(c, b'|' | b'-' | b':' | b' ' | b'\t' | b'\r'))
    {
        return Line::Rule;
    }
    Line::Row(d, memchr::memchr_iter(d, line).count())
}

/// `rows` are split by `delim` into `width` cells each.
fn table(
    digits: &[(String, usize)],
    longest: usize,
    s: &str,
    rows: &[Row],
    delim: u8,
    width: usize,
    hits: &mut Hits,
) {
    if rows.len() < 2 {
        return;
    }
    let b = s.as_bytes();
    // Each cell's piece (its digit span) or None, row by row.
    let mut cells: Vec<Option<(usize, usize)>> = Vec::with_capacity(rows.len() * width);
    let mut other = false;
    for r in rows {
        let mut at = r.start;
        let line = b.get(r.start..r.end).unwrap_or(&[]);
        for (k, cell) in line.split(|&c| c == delim).enumerate() {
            let piece = piece(cell, k == 0);
            if piece.is_none() && cell.iter().any(u8::is_ascii_alphabetic) {
                other = true;
            }
            cells.push(piece.map(|(x, y)| (at + x, at + y)));
            at += cell.len() + 1;
        }
    }
    // Decimals with a comma, one a line, and no header: not a table of pieces.
    if delim == b',' && !other {
        return;
    }
    let mut join = |pieces: &mut dyn Iterator<Item = (usize, usize)>| {
        let mut buf = [0u8; 32];
        let (mut len, mut n) = (0, 0);
        for (x, y) in pieces {
            n += 1;
            let piece = b.get(x..y).unwrap_or(&[]);
            if n > MAX_PIECES || len + piece.len() > longest {
                return;
            }
            buf[len..len + piece.len()].copy_from_slice(piece);
            len += piece.len();
        }
        if n < 2 {
            return;
        }
        let joined = &buf[..len];
        for (t, idx) in digits {
            if t.as_bytes() == joined {
                hits.set(*idx);
            }
        }
    };
    for row in cells.chunks(width) {
        join(&mut row.iter().flatten().copied());
    }
    for col in 0..width {
        join(&mut cells.iter().skip(col).step_by(width).flatten().copied());
    }
}

/// The digit span (within `cell`) of a cell that is a digit run and nothing else: spaces,
/// a carriage return and double quotes around it; for the first cell of a row (`first`), a
/// label before it that holds a letter and ends in `: ` (`second row: 51`).
fn piece(cell: &[u8], first: bool) -> Option<(usize, usize)> {
    let mut a = 0;
    if first {
        if let Some(p) = memchr::memrchr(b':', cell) {
            let label = cell.get(..p).unwrap_or(&[]);
            if cell.get(p + 1) == Some(&b' ') && label.iter().any(u8::is_ascii_alphabetic) {
                a = p + 1;
            }
        }
    }
    let pad = |c: &u8| matches!(c, b' ' | b'\t' | b'\r' | b'"');
    let mut e = cell.len();
    while a < e && cell.get(a).is_some_and(pad) {
        a += 1;
    }
    while e > a && cell.get(e - 1).is_some_and(pad) {
        e -= 1;
    }
    let run = cell.get(a..e)?;
    (!run.is_empty() && run.iter().all(u8::is_ascii_digit)).then_some((a, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(text: &str, target: &str) -> bool {
        let b = text.as_bytes();
        let mut runs = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let a = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i > a {
                runs.push((a, i));
            } else {
                i += 1;
            }
        }
        let mut hits = Hits::new(1, 0);
        scan(&[(target.to_string(), 0)], text, &runs, &mut hits);
        hits.any()
    }

    #[test]
    fn pieces_in_cells() {
        for t in [
            "a,b\n51,00",
            "high,low\n51,00",
            "first row: a,b\nsecond row: 51,00",
            "| part | value |\n|---|---|\n| a | 51 |\n| b | 00 |",
            "| hi | lo |\n|---|---|\n| 51 | 00 |",
            "| a | b | c | d |\n|---|---|---|---|\n| 5 | 1 | 0 | 0 |",
            "a;b\n51;00",
            "\"hi\",\"lo\"\r\n\"51\",\"00\"\r\n",
            "part,value\na,5\nb,1\nc,0\nd,0",
            // Down the first column, with no header.
            "| 51 | x |\n| 00 | y |",
        ] {
            assert!(has(t, "5100"), "{t:?}");
        }
        assert!(has("a\tb\n27\t50", "2750"));
    }

    #[test]
    fn near_misses() {
        for t in [
            "51,00",
            "lag\n51,00",
            "12,50\n51,00",
            "a,b\n51000,7",
            "a,b\n5100.5,7",
            "| pod | restarts |\n|---|---|\n| a | 5 |\n| b | 1 |\n| c | 0 |\n| d | 0 |\n| e | 3 |",
            "date,count\n2026-05-10,0\n2026-05-11,0",
            "time,n\n10:51,00\n10:52,01",
            "a,b\n51,00,7",
            "a,b,c\n51,00",
            "| pod | restarts |\n|---|---|\n| a | 12 |\n| b | 7 |",
            "name,v\nx,1.27.3\ny,5100a",
            "{\n  \"a\": 51,\n  \"b\": 00,\n}",
            "at 09:51, then\nat 10:00, again",
        ] {
            assert!(!has(t, "5100"), "{t:?}");
        }
    }
}
