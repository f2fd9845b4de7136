//! Pieces under keys that only count (part of `Rules::position_phrases`): a value split into
//! digit groups stored under keys whose sole meaning is their order (`{"a":"51","b":"00"}`,
//! `x: 51, y: 00`, `k1=5 k2=1 k3=0 k4=0`, `part_a: 27, part_b: 50`), or given as a quoted
//! array of digit strings (`["51","00"]`). `halves.rs` reads keys that name a place (`hi`,
//! `tens`, `first`); this module owns the keys that are a sequence and nothing else, and the
//! quoted arrays.
//!
//! A key sequence is: single letters one after another in the alphabet (`a`, `b`, `c`; `x`,
//! `y`), or one stem with consecutive numbers (`k1`, `k2`; `p0`, `p1`) or consecutive letters
//! after a `_`/`-` (`part_a`, `part_b`). The values of a run of such pairs are joined in the
//! order written, and every stretch of two or more consecutive pairs is compared with each
//! integer target's digits.
//!
//! False-positive controls: the joined digits must be a target's digits exactly; each value is
//! a digit run standing alone (not `5.1`, `51a`), quoted or bare; pairs join only when nothing
//! but punctuation and spaces (at most 8 bytes) lies between them; keys that name something
//! (`replicas: 5, ready: 100`) are no sequence. A quoted array is read only whole, and only
//! when every element is a quoted digit run (`["10","20","30"]` is 102030, which no target
//! of the lab is).
//!
//! Cost: a text with no `:`, `=` or `["` is settled by memchr; otherwise one pass over the
//! separators.
use super::targets::Hits;

/// The longest key read (`part_a`, `digit_10`).
const MAX_KEY: usize = 12;
/// The most bytes of punctuation and space between two pairs of one run.
const MAX_GAP: usize = 8;

/// One `key: value` pair: its span, its key and its digits.
#[derive(Debug)]
struct Pair<'a> {
    start: usize,
    end: usize,
    key: &'a [u8],
    digits: &'a str,
}

/// Mark each integer target (`digits`: its digits and compiled index) that `s` gives as
/// pieces under sequence keys or as a quoted array.
pub(crate) fn scan(s: &str, digits: &[(String, usize)], hits: &mut Hits) {
    let b = s.as_bytes();
    if digits.is_empty() {
        return;
    }
    let mut found = |joined: &str| {
        for (t, idx) in digits {
            if t == joined {
                hits.set(*idx);
            }
        }
    };
    if memchr::memchr2(b':', b'=', b).is_some() {
        let pairs: Vec<Pair<'_>> = memchr::memchr2_iter(b':', b'=', b)
            .filter_map(|p| pair_at(s, p))
            .collect();
        let mut from = 0;
        while from < pairs.len() {
            let mut to = from + 1;
            while to < pairs.len() && joins(b, &pairs[to - 1], &pairs[to]) {
                to += 1;
            }
            if let Some(run) = pairs.get(from..to) {
                for i in 0..run.len() {
                    let mut joined = String::from(run[i].digits);
                    for p in run.iter().skip(i + 1) {
                        joined.push_str(p.digits);
                        found(&joined);
                    }
                }
            }
            from = to;
        }
    }
    for open in memchr::memmem::find_iter(b, b"[\"").chain(memchr::memmem::find_iter(b, b"['")) {
        if let Some(joined) = quoted_array(b, open) {
            found(&joined);
        }
    }
}

/// The pair whose separator (`:` or `=`) is at `p`: a key right before it (optionally quoted),
/// a digit run right after it (optionally quoted, spaces allowed around the separator).
fn pair_at(s: &str, p: usize) -> Option<Pair<'_>> {
    let b = s.as_bytes();
    // The key, backwards: spaces, a closing quote, the key's bytes, an opening quote.
    let mut k = p;
    while k > 0 && b[k - 1] == b' ' {
        k -= 1;
    }
    let quote = k > 0 && matches!(b[k - 1], b'"' | b'\'');
    if quote {
        k -= 1;
    }
    let key_end = k;
    while k > 0 && (b[k - 1].is_ascii_alphanumeric() || matches!(b[k - 1], b'_' | b'-')) {
        k -= 1;
    }
    let key = b.get(k..key_end)?;
    if key.is_empty() || key.len() > MAX_KEY || !key[0].is_ascii_alphabetic() {
        return None;
    }
    let mut start = k;
    if quote {
        if start == 0 || b[start - 1] != b[key_end] {
            return None;
        }
        start -= 1;
    } else if start > 0 && (b[start - 1] >= 0x80 || matches!(b[start - 1], b'.' | b'/')) {
        // Part of a longer name (`app.k1=5`, `ü1: 5`).
        return None;
    }
    // The value: spaces, an optional quote, a digit run, the same quote.
    let mut v = p + 1;
    while b.get(v) == Some(&b' ') {
        v += 1;
    }
    let vquote = b.get(v).copied().filter(|c| matches!(c, b'"' | b'\''));
    if vquote.is_some() {
        v += 1;
    }
    let d0 = v;
    while b.get(v).is_some_and(u8::is_ascii_digit) {
        v += 1;
    }
    if v == d0 {
        return None;
    }
    let digits = s.get(d0..v)?;
    let mut end = v;
    if let Some(q) = vquote {
        if b.get(v) != Some(&q) {
            return None;
        }
        end += 1;
    } else {
        // Standing alone: not `5.1`, `51a`, `51_0`.
        let next = b.get(v).copied();
        let decimal =
            matches!(next, Some(b'.' | b',')) && b.get(v + 1).is_some_and(u8::is_ascii_digit);
        if decimal || next.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80) {
            return None;
        }
    }
    Some(Pair {
        start,
        end,
        key,
        digits,
    })
}

/// Do two pairs join: only punctuation and spaces between them, and the second key follows
/// the first?
fn joins(b: &[u8], a: &Pair<'_>, next: &Pair<'_>) -> bool {
    let Some(gap) = b.get(a.end..next.start) else {
        return false;
    };
    gap.len() <= MAX_GAP
        && gap
            .iter()
            .all(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b',' | b';' | b'&' | b'|'))
        && follows(a.key, next.key)
}

/// Is `next` the key after `key` in a sequence: `a` → `b`, `k1` → `k2`, `part_a` → `part_b`?
fn follows(key: &[u8], next: &[u8]) -> bool {
    if key.len() != next.len() && !(key.last().is_some_and(u8::is_ascii_digit)) {
        return false;
    }
    match (key, next) {
        ([a], [b]) => a.is_ascii_alphabetic() && b.is_ascii_alphabetic() && *b == a + 1,
        _ => {
            // One stem, then consecutive numbers or (after `_`/`-`) consecutive letters.
            let stem = |k: &[u8]| {
                k.iter()
                    .rposition(|c| !c.is_ascii_digit())
                    .map_or(0, |i| i + 1)
            };
            let (sa, sb) = (stem(key), stem(next));
            if sa < key.len() && sb < next.len() {
                let num = |k: &[u8], from: usize| -> Option<u32> {
                    std::str::from_utf8(k.get(from..)?).ok()?.parse().ok()
                };
                return key.get(..sa) == next.get(..sb)
                    && num(key, sa)
                        .zip(num(next, sb))
                        .is_some_and(|(x, y)| y == x + 1);
            }
            let n = key.len();
            n >= 3
                && n == next.len()
                && key[..n - 1] == next[..n - 1]
                && matches!(key[n - 2], b'_' | b'-')
                && key[n - 1].is_ascii_alphabetic()
                && next[n - 1] == key[n - 1] + 1
        }
    }
}

/// The digits of a whole array of quoted digit runs opening at `open` (`["51","00"]`), joined.
fn quoted_array(b: &[u8], open: usize) -> Option<String> {
    let mut i = open + 1;
    let mut out = String::new();
    let mut count = 0;
    loop {
        while matches!(b.get(i), Some(b' ' | b'\n' | b'\t' | b'\r')) {
            i += 1;
        }
        let q = *b.get(i).filter(|c| matches!(c, b'"' | b'\''))?;
        let d0 = i + 1;
        let mut e = d0;
        while b.get(e).is_some_and(u8::is_ascii_digit) {
            e += 1;
        }
        if e == d0 || b.get(e) != Some(&q) {
            return None;
        }
        out.push_str(std::str::from_utf8(b.get(d0..e)?).ok()?);
        count += 1;
        i = e + 1;
        while matches!(b.get(i), Some(b' ' | b'\n' | b'\t' | b'\r')) {
            i += 1;
        }
        match b.get(i) {
            Some(b',') => i += 1,
            Some(b']') => return (count >= 2).then_some(out),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn joined(s: &str) -> Vec<String> {
        let b = s.as_bytes();
        let pairs: Vec<Pair<'_>> = memchr::memchr2_iter(b':', b'=', b)
            .filter_map(|p| pair_at(s, p))
            .collect();
        let mut out = Vec::new();
        let mut from = 0;
        while from < pairs.len() {
            let mut to = from + 1;
            while to < pairs.len() && joins(b, &pairs[to - 1], &pairs[to]) {
                to += 1;
            }
            if to - from >= 2 {
                out.push(pairs[from..to].iter().map(|p| p.digits).collect());
            }
            from = to;
        }
        out
    }

    #[test]
    fn sequences_of_keys() {
        assert!(follows(b"a", b"b"));
        assert!(follows(b"x", b"y"));
        assert!(follows(b"k1", b"k2"));
        assert!(follows(b"p9", b"p10"));
        assert!(follows(b"part_a", b"part_b"));
        assert!(follows(b"digit-1", b"digit-2"));
        assert!(!follows(b"a", b"c"));
        assert!(!follows(b"k1", b"j2"));
        assert!(!follows(b"replicas", b"ready"));
        assert!(!follows(b"lag", b"lah"));
        assert!(!follows(b"k2", b"k1"));
    }

    #[test]
    fn runs_of_pairs() {
        assert_eq!(joined(r#"{"a":"51","b":"00"}"#), ["5100"]);
        assert_eq!(joined("x: 51, y: 00"), ["5100"]);
        assert_eq!(joined("k1=5 k2=1 k3=0 k4=0"), ["5100"]);
        assert_eq!(joined("a=5.1 b=00"), Vec::<String>::new());
        assert_eq!(joined("replicas: 5, ready: 100"), Vec::<String>::new());
        assert_eq!(joined("a: 51 and then b: 00"), Vec::<String>::new());
    }

    #[test]
    fn quoted_arrays() {
        assert_eq!(quoted_array(br#"["51","00"]"#, 0).as_deref(), Some("5100"));
        assert_eq!(quoted_array(br#"['51', '00']"#, 0).as_deref(), Some("5100"));
        assert_eq!(quoted_array(br#"["51"]"#, 0), None);
        assert_eq!(quoted_array(br#"["51","x"]"#, 0), None);
        assert_eq!(quoted_array(br#"["51","00""#, 0), None);
    }
}
