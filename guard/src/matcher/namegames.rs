//! Letter games played on a name target's letters (red-team class "name games"): the name's
//! parts permuted or each reversed (`ksiD-erusserP-lacitirC`, `CriticalPressureDisk`, `ksiD
//! erusserP lacitirC`, `in order 2-3-1: Pressure Critical Disk`), T9 multi-tap digits (`666 777
//! 3 33 …`), a filler letter between every two letters (`oxrxdxex…`), two halves to interleave
//! (`odr-okrksrl / reswre-ete`), alphabet positions counted from zero under a cue (`3 8 18 …
//! (a=0)`), a part a base64 token (`RGlzaw== UHJlc3N1cmU= …`) and the name typed one key over
//! on a QWERTY keyboard (`fodl[trdditrvtoyovs;`). This module owns writing such text back as the name it hides; the matcher reads each
//! view with every rule and the name rules, as it reads `stacked.rs`'s.
//!
//! Only names of two to six parts, two of them three letters or longer, are read for their
//! parts (a shorter part alone says little). Forward parts in plain prose in another order
//! (`critical disk pressure on node-3`) stay visible: a permutation is read only glued into one
//! token, or every word reversed, or under an explicit `order 2-3-1` cue.
//!
//! Cost: every view is gated on a cheap byte check (a token's letter count equal to a name's,
//! digits for T9, a cue for zero-based positions) before it allocates, so ordinary text costs
//! one pass over its words per game.
use memchr::memmem;

/// Most parts a name is read for (permutations are tried by backtracking over parts).
const MAX_PARTS: usize = 6;

/// Fewest letters a decoded run holds before it is a view (T9, zero-based positions, fillers).
const MIN_LETTERS: usize = 4;

/// A name target read for its parts.
#[derive(Debug, Clone)]
struct Name {
    /// The name as the manifest writes it: what a view holds once a game is undone.
    text: String,
    /// Its parts, lowercase.
    parts: Vec<Vec<u8>>,
    /// Its characters, and its letters and digits alone (an interleaving's gate).
    len: usize,
    alnum: usize,
}

/// The name targets a matcher guards, compiled for the games.
#[derive(Debug, Clone)]
pub(crate) struct NameGames {
    names: Vec<Name>,
}

/// A name's parts: split at every character that is no letter or digit and at camelCase
/// boundaries, lowercase.
fn name_parts(t: &str) -> Vec<Vec<u8>> {
    let b = t.as_bytes();
    let mut parts = Vec::new();
    let mut cur: Vec<u8> = Vec::new();
    for (i, &c) in b.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !cur.is_empty() {
                parts.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let camel =
            c.is_ascii_uppercase() && i > 0 && b.get(i - 1).is_some_and(u8::is_ascii_lowercase);
        if camel && !cur.is_empty() {
            parts.push(std::mem::take(&mut cur));
        }
        cur.push(c.to_ascii_lowercase());
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    parts
}

impl NameGames {
    /// `None` when no name target has parts to play with.
    pub(crate) fn compile(texts: &[(usize, &str)]) -> Option<NameGames> {
        let names: Vec<Name> = texts
            .iter()
            .filter(|(_, t)| t.is_ascii())
            .filter_map(|(_, t)| {
                let parts = name_parts(t);
                let long = parts.iter().filter(|p| p.len() >= 3).count();
                (long >= 2 && parts.len() <= MAX_PARTS).then(|| Name {
                    text: (*t).to_string(),
                    len: t.len(),
                    alnum: parts.iter().map(Vec::len).sum(),
                    parts,
                })
            })
            .collect();
        (!names.is_empty()).then_some(NameGames { names })
    }

    /// The views of `s` (normalised, case kept) that undo a name game: a name found by its
    /// parts is the view itself; a decoded run (T9, positions, fillers, halves) is one line.
    pub(crate) fn views(&self, s: &str) -> Vec<String> {
        let mut out = Vec::new();
        self.glued(s, &mut out);
        self.reversed_words(s, &mut out);
        self.ordered(s, &mut out);
        self.interleaved(s, &mut out);
        out.extend(t9(s));
        out.extend(zero_positions(s));
        out.extend(fillers(s));
        out.extend(base64_parts(s));
        self.keyboard_shifted(s, &mut out);
        out
    }

    /// A token typed one key right or left on a US QWERTY keyboard (`fodl[trdditrvtoyovs;`):
    /// only a token as long as a name is shifted back, and kept only if it is the name.
    fn keyboard_shifted(&self, s: &str, out: &mut Vec<String>) {
        for tok in s.split_ascii_whitespace() {
            for n in &self.names {
                if tok.len() != n.alnum && tok.len() != n.len {
                    continue;
                }
                let want: Vec<u8> = n.parts.concat();
                for step in [-1, 1] {
                    let back: Option<Vec<u8>> = tok.bytes().map(|c| key_beside(c, step)).collect();
                    let letters = back.map(|v| {
                        v.into_iter()
                            .filter(u8::is_ascii_alphanumeric)
                            .collect::<Vec<u8>>()
                    });
                    if letters.is_some_and(|l| l == want) {
                        out.push(n.text.clone());
                    }
                }
            }
        }
    }

    /// A token whose letters are the name's parts in any order, each forward or reversed, under
    /// any Caesar shift (`ksiD-erusserP-lacitirC`, `CriticalPressureDisk`).
    fn glued(&self, s: &str, out: &mut Vec<String>) {
        for tok in tokens(s) {
            let alnum = tok.bytes().filter(u8::is_ascii_alphanumeric).count();
            for n in &self.names {
                // The gate: a token of the name's letter count is rare in prose.
                if alnum != n.alnum {
                    continue;
                }
                let letters: Vec<u8> = tok
                    .bytes()
                    .filter(u8::is_ascii_alphanumeric)
                    .map(|c| c.to_ascii_lowercase())
                    .collect();
                // Under any Caesar shift too (`xfvQ-rehffreC-ynpvgveP`: reversed, then ROT13).
                let found = (0..26u8).any(|k| {
                    let shifted: Vec<u8> = letters
                        .iter()
                        .map(|c| match c {
                            b'a'..=b'z' => b'a' + (c - b'a' + k) % 26,
                            _ => *c,
                        })
                        .collect();
                    covers(&shifted, &n.parts, 0)
                });
                if found {
                    out.push(n.text.clone());
                }
            }
        }
    }

    /// Consecutive words, each a part reversed, all parts once (`ksiD erusserP lacitirC`).
    fn reversed_words(&self, s: &str, out: &mut Vec<String>) {
        for n in &self.names {
            let all = (1u32 << n.parts.len()) - 1;
            let mut used = 0u32;
            for w in tokens(s) {
                let b = w.as_bytes();
                let part = |used: u32| {
                    n.parts.iter().enumerate().position(|(k, p)| {
                        used & (1 << k) == 0
                            && p.len() == b.len()
                            && !p.eq_ignore_ascii_case(b)
                            && p.iter()
                                .rev()
                                .zip(b)
                                .all(|(x, y)| x.eq_ignore_ascii_case(y))
                    })
                };
                used = if let Some(k) = part(used) {
                    used | (1 << k)
                } else if let Some(k) = part(0) {
                    // A part seen before starts a new run.
                    1 << k
                } else {
                    0
                };
                if used == all {
                    out.push(n.text.clone());
                    break;
                }
            }
        }
    }

    /// A permutation (`2-3-1`, `2,3,1`) and the parts forward as consecutive words anywhere in
    /// the text (`join these in order 2-3-1 with nothing: Pressure Critical Disk`, `words:
    /// Critical / Disk / Pressure. Read them as 2,3,1.`): the words put in the order it gives
    /// (either reading of it, where each goes or which comes) are the name.
    fn ordered(&self, s: &str, out: &mut Vec<String>) {
        let b = s.as_bytes();
        let mut words: Option<Vec<&str>> = None;
        // The gate: a digit list `d-d` or `d,d`, one digit each, is rare in prose.
        let starts = (0..b.len()).filter(|&i| {
            b.get(i).is_some_and(|c| matches!(c, b'1'..=b'9'))
                && !(i > 0 && b.get(i - 1).is_some_and(u8::is_ascii_alphanumeric))
                && b.get(i + 1).is_some_and(|c| matches!(c, b'-' | b','))
        });
        for at in starts {
            let Some((perm, _)) = s.get(at..).and_then(permutation) else {
                continue;
            };
            let words = words.get_or_insert_with(|| tokens(s).collect());
            for n in &self.names {
                if n.parts.len() != perm.len() {
                    continue;
                }
                for win in words.windows(perm.len()) {
                    let idx: Option<Vec<usize>> = win
                        .iter()
                        .map(|w| {
                            n.parts
                                .iter()
                                .position(|p| p.eq_ignore_ascii_case(w.as_bytes()))
                        })
                        .collect();
                    let Some(idx) = idx else {
                        continue;
                    };
                    // Word k goes to place perm[k], or place k takes word perm[k].
                    let goes = idx.iter().zip(&perm).all(|(i, p)| i == p);
                    let takes = perm
                        .iter()
                        .enumerate()
                        .all(|(k, p)| idx.get(*p) == Some(&k));
                    if goes || takes {
                        out.push(n.text.clone());
                    }
                }
            }
        }
    }

    /// Two adjacent tokens whose characters alternate into a name's length
    /// (`odr-okrksrl / reswre-ete`): both interleavings, one line each.
    fn interleaved(&self, s: &str, out: &mut Vec<String>) {
        let mut prev: Option<&str> = None;
        for tok in s.split(|c: char| c.is_whitespace() || matches!(c, '/' | '|' | ',')) {
            if tok.is_empty() {
                continue;
            }
            let word = tok.len() >= 4
                && tok
                    .bytes()
                    .all(|c| c.is_ascii_alphabetic() || matches!(c, b'-' | b'_' | b'.'));
            if !word {
                prev = None;
                continue;
            }
            if let Some(a) = prev {
                let sum = a.len() + tok.len();
                let fits = a.len().abs_diff(tok.len()) <= 1
                    && self.names.iter().any(|n| sum == n.len || sum == n.alnum);
                if fits {
                    out.extend(interleave(a, tok));
                    out.extend(interleave(tok, a));
                }
            }
            prev = Some(tok);
        }
    }
}

/// The key `step` keys beside `c` on its US QWERTY row, lowercase; `None` off the row.
fn key_beside(c: u8, step: isize) -> Option<u8> {
    const ROWS: [&[u8]; 4] = [
        b"`1234567890-=",
        b"qwertyuiop[]\\",
        b"asdfghjkl;'",
        b"zxcvbnm,./",
    ];
    let c = c.to_ascii_lowercase();
    ROWS.iter().find_map(|row| {
        let i = row.iter().position(|k| *k == c)?;
        row.get(i.checked_add_signed(step)?).copied()
    })
}

/// Runs of two or more base64 tokens each decoding to a word of letters (`RGlzaw==
/// UHJlc3N1cmU= Q3JpdGljYWw=`: one part a token), the words joined by `-`: one line a run.
fn base64_parts(s: &str) -> Option<String> {
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine;
    // The gate: base64 of a short word of letters ends in `=` or holds a digit or both cases.
    let word = |tok: &str| -> Option<String> {
        let b = tok.as_bytes();
        let looks = b.len() >= 4
            && b.len().is_multiple_of(4)
            && b.iter()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'='))
            && (b.ends_with(b"=") || b.iter().any(u8::is_ascii_digit));
        if !looks {
            return None;
        }
        let d = STANDARD.decode(b).ok()?;
        (d.len() >= 2 && d.iter().all(u8::is_ascii_alphabetic))
            .then(|| String::from_utf8(d).ok())
            .flatten()
    };
    let mut out = String::new();
    let mut run: Vec<String> = Vec::new();
    for tok in s
        .split(|c: char| c.is_whitespace() || c == ',')
        .chain(std::iter::once(""))
    {
        if tok.is_empty() {
            continue;
        }
        match word(tok) {
            Some(w) => run.push(w),
            None => {
                if run.len() >= 2 {
                    out.push_str(&run.join("-"));
                    out.push('\n');
                }
                run.clear();
            }
        }
    }
    if run.len() >= 2 {
        out.push_str(&run.join("-"));
        out.push('\n');
    }
    (!out.is_empty()).then_some(out)
}

/// Whitespace-separated tokens with punctuation at either end trimmed.
fn tokens(s: &str) -> impl Iterator<Item = &str> {
    s.split_ascii_whitespace()
        .map(|t| t.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
        .filter(|t| !t.is_empty())
}

/// Whether `rest` is every part not in `used` once, each forward or reversed, in any order.
fn covers(rest: &[u8], parts: &[Vec<u8>], used: u32) -> bool {
    if rest.is_empty() {
        return used.count_ones() as usize == parts.len();
    }
    parts.iter().enumerate().any(|(k, p)| {
        if used & (1 << k) != 0 || rest.len() < p.len() {
            return false;
        }
        let (head, tail) = rest.split_at(p.len());
        (head == p.as_slice() || head.iter().eq(p.iter().rev()))
            && covers(tail, parts, used | (1 << k))
    })
}

/// A permutation of `1..=n` written after a cue (`2-3-1`, `2,3,1`, `2 3 1`), zero-based, and
/// the text after it.
fn permutation(line: &str) -> Option<(Vec<usize>, &str)> {
    let b = line.as_bytes();
    let start = b.iter().position(|c| !matches!(c, b' ' | b':' | b'='))?;
    let mut perm = Vec::new();
    let mut end = start;
    for (i, &c) in b.iter().enumerate().skip(start) {
        match c {
            b'1'..=b'9' if !b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                perm.push(usize::from(c - b'1'));
                end = i + 1;
            }
            b'-' | b',' | b' ' | b'>' => {}
            _ => break,
        }
    }
    let n = perm.len();
    let mut seen = vec![false; n];
    for p in &perm {
        match seen.get_mut(*p) {
            Some(v) if !*v => *v = true,
            _ => return None,
        }
    }
    (n >= 2).then(|| (perm, line.get(end..).unwrap_or_default()))
}

/// `a` and `b` alternating, `a` first; `None` unless `a` is as long or one longer.
fn interleave(a: &str, b: &str) -> Option<String> {
    if a.len() != b.len() && a.len() != b.len() + 1 {
        return None;
    }
    let mut v = String::with_capacity(a.len() + b.len());
    let mut bs = b.chars();
    for c in a.chars() {
        v.push(c);
        v.extend(bs.next());
    }
    Some(v)
}

/// The letters of a T9 multi-tap group (`777` → `r`).
fn t9_letter(tok: &[u8]) -> Option<char> {
    let (&d, _) = tok.split_first()?;
    if !tok.iter().all(|c| *c == d) {
        return None;
    }
    let keys: &[u8] = match d {
        b'2' => b"abc",
        b'3' => b"def",
        b'4' => b"ghi",
        b'5' => b"jkl",
        b'6' => b"mno",
        b'7' => b"pqrs",
        b'8' => b"tuv",
        b'9' => b"wxyz",
        _ => return None,
    };
    keys.get(tok.len().checked_sub(1)?).map(|c| char::from(*c))
}

/// Runs of T9 multi-tap groups (`666 777 3 33 777 7777 - 9 …`), a lone `-`, `0` or `1` between
/// words, as letters: one line per run of [`MIN_LETTERS`] groups or more.
fn t9(s: &str) -> Option<String> {
    if !s.bytes().any(|c| matches!(c, b'2'..=b'9')) {
        return None;
    }
    decoded_runs(s, |tok| {
        if matches!(tok, "-" | "0" | "1" | "/" | "|") {
            Some(None)
        } else {
            t9_letter(tok.as_bytes()).map(Some)
        }
    })
}

/// Runs of alphabet positions counted from zero (`3 8 18 10 …`, `a=0`), only where the text
/// says so: a one-based run is `spelling.rs`'s, and a second reading of every list would read
/// numbers as letters everywhere.
fn zero_positions(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let cue = memmem::find_iter(b, b"0").any(|i| {
        let before = b.get(..i).unwrap_or_default();
        let before = before.strip_suffix(b" ").unwrap_or(before);
        let before = before.strip_suffix(b"=").or(before.strip_suffix(b":"));
        let before = before.map(|x| x.strip_suffix(b" ").unwrap_or(x));
        // `a=0`, `A: 0`, not `delta=0`.
        before
            .and_then(|x| x.strip_suffix(b"a").or(x.strip_suffix(b"A")))
            .is_some_and(|x| !x.last().is_some_and(u8::is_ascii_alphanumeric))
            || b.get(..i).is_some_and(|x| x.ends_with(b"from "))
    }) || memmem::find(b, b"zero-based").is_some()
        || memmem::find(b, b"zero based").is_some()
        || memmem::find(b, b"from zero").is_some();
    if !cue {
        return None;
    }
    decoded_runs(s, |tok| {
        if matches!(tok, "/" | "|" | "-") {
            return Some(None);
        }
        let n: u8 = tok.parse().ok()?;
        (n < 26 && tok.len() <= 2).then(|| Some(char::from(b'a' + n)))
    })
}

/// Tokens split at whitespace and commas, each a letter (`Some(Some(c))`), a word break
/// (`Some(None)`) or neither (`None`, ending a run): the runs of [`MIN_LETTERS`] letters or
/// more, one a line, `-` between words.
fn decoded_runs(s: &str, read: impl Fn(&str) -> Option<Option<char>>) -> Option<String> {
    let mut out = String::new();
    let mut run = String::new();
    let mut letters = 0;
    let flush = |run: &mut String, letters: &mut usize, out: &mut String| {
        if *letters >= MIN_LETTERS {
            out.push_str(run.trim_matches('-'));
            out.push('\n');
        }
        run.clear();
        *letters = 0;
    };
    for tok in s.split(|c: char| c.is_whitespace() || c == ',') {
        if tok.is_empty() {
            continue;
        }
        match read(tok) {
            Some(Some(c)) => {
                run.push(c);
                letters += 1;
            }
            Some(None) => {
                if !run.is_empty() && !run.ends_with('-') {
                    run.push('-');
                }
            }
            None => {
                // `3-8-18`: positions or groups joined by dashes inside one token.
                let inner: Option<Vec<char>> =
                    tok.split('-').map(|p| read(p).and_then(|x| x)).collect();
                match inner {
                    Some(cs) if cs.len() >= 2 => {
                        run.extend(cs.iter());
                        letters += cs.len();
                    }
                    _ => flush(&mut run, &mut letters, &mut out),
                }
            }
        }
    }
    flush(&mut run, &mut letters, &mut out);
    (!out.is_empty()).then_some(out)
}

/// Tokens whose every second character is one filler letter found nowhere else in them
/// (`oxrxdxexrxsx-xwxox…`), with the fillers dropped: one a line.
fn fillers(s: &str) -> Option<String> {
    let mut out = String::new();
    for tok in tokens(s) {
        let b = tok.as_bytes();
        if b.len() < 2 * MIN_LETTERS || !tok.is_ascii() {
            continue;
        }
        for parity in 0..2 {
            let Some(&f) = b.get(parity) else {
                continue;
            };
            let at_parity = |i: usize| i % 2 == parity;
            let ok = f.is_ascii_alphabetic()
                && b.iter().enumerate().all(|(i, c)| (*c == f) == at_parity(i))
                && b.iter()
                    .enumerate()
                    .filter(|(i, c)| !at_parity(*i) && c.is_ascii_alphabetic())
                    .count()
                    >= MIN_LETTERS;
            if ok {
                out.extend(
                    b.iter()
                        .enumerate()
                        .filter(|(i, _)| !at_parity(*i))
                        .map(|(_, c)| char::from(*c)),
                );
                out.push('\n');
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games() -> NameGames {
        NameGames::compile(&[(0, "orders-worker-kestrel"), (1, "DiskPressureCritical")])
            .unwrap_or_else(|| panic!("names with parts"))
    }

    fn finds(s: &str, name: &str) -> bool {
        games().views(s).iter().any(|v| v.contains(name))
    }

    #[test]
    fn parts_split_at_separators_and_camel_case() {
        assert_eq!(
            name_parts("DiskPressureCritical"),
            vec![b"disk".to_vec(), b"pressure".to_vec(), b"critical".to_vec()]
        );
        assert_eq!(name_parts("orders-worker-kestrel").len(), 3);
        assert!(NameGames::compile(&[(0, "orders-7")]).is_none());
    }

    #[test]
    fn permuted_and_reversed_parts() {
        let n = "DiskPressureCritical";
        assert!(finds(
            "CriticalPressureDisk, with the words in reverse order",
            n
        ));
        assert!(finds("ksiD-erusserP-lacitirC", n));
        assert!(finds("ksiD erusserP lacitirC (each word backwards)", n));
        assert!(finds(
            "join these in order 2-3-1 with nothing: Pressure Critical Disk",
            n
        ));
        assert!(finds("lertsek_rekrow_sredro", "orders-worker-kestrel"));
        assert!(finds("xfvQ-rehffreC-ynpvgveP", n));
        assert!(finds(
            "words: Critical / Disk / Pressure. Read them as 2,3,1.",
            n
        ));
        for s in [
            "critical disk pressure on node-3",
            "pressure on the disk is critical",
            "lacitirc",
            "ksid lacitirc",
            "node has disk pressure",
            "in order 1-2-3: Pressure Critical Disk",
        ] {
            assert!(!finds(s, n), "{s}");
        }
    }

    #[test]
    fn t9_groups() {
        let v = t9("T9: 666 777 3 33 777 7777 - 9 666 777 55 33 777 - 55 33 7777 8 777 33 555");
        assert_eq!(v.as_deref(), Some("orders-worker-kestrel\n"));
        assert_eq!(t9("22 33 44 55 66").as_deref(), Some("behkn\n"));
        assert_eq!(t9("kubectl get pods -n orders"), None);
        assert_eq!(t9("port 8080 and 443"), None);
    }

    #[test]
    fn zero_based_positions() {
        let v = zero_positions("3 8 18 10 15 17 4 18 18 20 17 4 2 17 8 19 8 2 0 11 (a=0)");
        assert_eq!(v.as_deref(), Some("diskpressurecritical\n"));
        assert_eq!(zero_positions("3 8 18 10 15 17 4 18"), None);
        assert_eq!(zero_positions("0 1 2 3 (a=0)").as_deref(), Some("abcd\n"));
    }

    #[test]
    fn filler_letters() {
        let v = fillers("oxrxdxexrxsx-xwxoxrxkxexrx-xkxexsxtxrxexlx (drop every second letter)");
        assert_eq!(v.as_deref(), Some("orders-worker-kestrel\n"));
        assert_eq!(fillers("xerxes max-box banana"), None);
    }

    #[test]
    fn base64_a_part_a_token() {
        assert_eq!(
            base64_parts("RGlzaw== UHJlc3N1cmU= Q3JpdGljYWw=").as_deref(),
            Some("Disk-Pressure-Critical\n")
        );
        assert_eq!(base64_parts("RGlzaw== and more"), None);
        assert_eq!(base64_parts("This text is plain"), None);
    }

    #[test]
    fn keyboard_one_key_over() {
        assert!(finds("fodl[trdditrvtoyovs;", "DiskPressureCritical"));
        assert!(finds("ieswea0qiejwe0jwarewk", "orders-worker-kestrel"));
        assert!(!finds("fodl[trddi", "DiskPressureCritical"));
        assert!(games().views("the orders worker restarted").is_empty());
    }

    #[test]
    fn interleaved_halves() {
        assert!(finds(
            "odr-okrksrl / reswre-ete (interleave the two)",
            "orders-worker-kestrel"
        ));
        assert!(finds(
            "DsPesrCiia / ikrsuertcl (interleave the two)",
            "DiskPressureCritical"
        ));
        assert!(games().views("the orders worker restarted").is_empty());
    }
}
