//! Digits told as playing cards and by a legend the text itself gives. This module owns one
//! view of the text as written, with
//! - a card as its rank's digit: `two of hearts`, `ace of spades` (an ace is one), `2♥`, `A♠`;
//! - a legend's keys replaced by the digit it gives them, and the legend itself dropped: `(12 =
//!   0)`, `(ace = 1, joker = 0)`, `read 12 as 0`, `count a joker as zero`, `jokers are zero`,
//!   `a joker for zero` (a plural key as that many of the digit's word: `two jokers` is `two
//!   zeros`; `a joker` is `0`).
//!
//! The view is read by every rule and the second readings, so `the hour hand points at 5,
//! then 1, then 12, then 12 (12 = 0)` reads as `5, then 1, then 0, then 0`.
//!
//! False-positive controls: a legend gives a key one digit (`0`–`9` or its English word), and
//! its key is a word or a number of two digits or more (never a lone digit, so `(1 = 0)`
//! rewrites nothing); the `=` form counts only inside parentheses where every entry is such a
//! pair, so `replicas=3` and `timeout = 30` are no legend. A card needs its suit (`of hearts`
//! or a suit glyph right after the rank).
//!
//! Cost: one look for a suit word or glyph and for the legend cues (`=`, ` as `, `are zero`,
//! `is zero`, `for zero`); a text with neither is left after those searches.

use memchr::memmem;

const SUITS: [&str; 8] = [
    "hearts", "clubs", "spades", "diamonds", "heart", "club", "spade", "diamond",
];
const SUIT_GLYPHS: [char; 8] = ['♥', '♣', '♠', '♦', '♡', '♧', '♤', '♢'];
const DIGIT_WORDS: [&str; 10] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
];
const JOKER: char = '🃏';

/// The text with cards as digits and legend keys replaced (see the module doc); `None` when
/// nothing changes.
pub(crate) fn view(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let lower_has = |w: &[u8]| memmem::find(b, w).is_some();
    // A card needs its suit (`of hearts`; `heartbeat` and `broker` are no cards).
    let cards = [&b" of heart"[..], b" of club", b" of spade", b" of diamond"]
        .iter()
        .any(|s| lower_has(s))
        // The suit glyphs are U+2660..U+2667 (E2 99 A0..A7 in UTF-8); the joker F0 9F 83 8F.
        || memmem::find_iter(b, &[0xE2, 0x99])
            .any(|i| b.get(i + 2).is_some_and(|c| (0xA0..=0xA7).contains(c)))
        || memmem::find(b, &[0xF0, 0x9F, 0x83, 0x8F]).is_some()
        || lower_has(b"joker")
        || lower_has(b"Joker")
        || lower_has(b"JOKER");
    // The legend forms' anchors: `(… = …)`, `… as <digit>`, `for/means/counts <digit>`.
    let paren = memchr::memchr(b'(', b).is_some() && memchr::memchr(b'=', b).is_some();
    let worded = lower_has(b" as ") || lower_has(b" for ") || lower_has(b" means ");
    if !cards && !paren && !worded {
        return None;
    }
    let (legend, spans) = legend(text, cards, worded);
    if legend.is_empty() && !cards {
        return None;
    }
    // Drop the legend's own spans first (they hold the keys), then rewrite tokens.
    let mut kept = String::with_capacity(text.len());
    let mut at = 0;
    for (a, e) in &spans {
        kept.push_str(text.get(at..*a).unwrap_or(""));
        kept.push(' ');
        at = *e;
    }
    kept.push_str(text.get(at..).unwrap_or(""));
    let out = rewrite(&kept, &legend);
    (out != text).then_some(out)
}

/// A digit given as `0`–`9` or its English word.
fn digit_of(w: &str) -> Option<u8> {
    let w = w.trim_matches(|c: char| !c.is_alphanumeric());
    if w.len() == 1 {
        return w
            .bytes()
            .next()
            .filter(u8::is_ascii_digit)
            .map(|d| d - b'0');
    }
    DIGIT_WORDS
        .iter()
        .position(|d| w.eq_ignore_ascii_case(d))
        .map(|p| p as u8)
}

/// A legend key: a word (letters, a plural `s` dropped on lookup) or a number of two digits
/// or more, or the joker glyph; lowercase.
fn key_of(w: &str) -> Option<String> {
    let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != JOKER);
    if w == JOKER.to_string() {
        return Some(w.to_string());
    }
    let digits = w.bytes().all(|c| c.is_ascii_digit());
    let word = w.chars().all(|c| c.is_alphabetic());
    if (digits && w.len() >= 2) || (word && w.chars().count() >= 2) {
        let k = w.to_lowercase();
        // `the`, `a`, `it` are no keys.
        if matches!(k.as_str(), "the" | "it" | "them" | "that" | "this" | "an") {
            return None;
        }
        return Some(k);
    }
    None
}

/// A legend's pairs (key, digit) and the byte spans that state them.
type Legend = (Vec<(String, u8)>, Vec<(usize, usize)>);

/// The legend's pairs (key, digit) and the byte spans that state them.
fn legend(text: &str, cards: bool, worded: bool) -> Legend {
    let mut pairs = Vec::new();
    let mut spans = Vec::new();
    // `(k = d, k = d)`: every entry a pair.
    let mut from = 0;
    while let Some(open) = text.get(from..).and_then(|t| t.find('(')).map(|p| p + from) {
        let Some(close) = text.get(open..).and_then(|t| t.find(')')).map(|p| p + open) else {
            break;
        };
        let inner = text.get(open + 1..close).unwrap_or("");
        if inner.contains('=') && inner.len() <= 120 {
            let mut got = Vec::new();
            let all = inner.split([',', ';']).all(|entry| {
                let entry = entry.trim();
                let entry = entry
                    .strip_prefix("and ")
                    .or_else(|| entry.strip_prefix("read "))
                    .unwrap_or(entry);
                match entry.split_once('=') {
                    Some((k, d)) => match (key_of(k.trim()), digit_of(d.trim())) {
                        (Some(k), Some(d)) => {
                            got.push((k, d));
                            true
                        }
                        _ => false,
                    },
                    None => false,
                }
            });
            if all && !got.is_empty() {
                pairs.extend(got);
                spans.push((open, close + 1));
            }
        }
        from = close + 1;
    }
    // `a joker (zero)`: a card word with its digit in parentheses right after it.
    for (open, _) in text.match_indices('(').filter(|_| cards) {
        let Some(close) = text.get(open..).and_then(|t| t.find(')')).map(|p| p + open) else {
            continue;
        };
        let Some(d) = digit_of(text.get(open + 1..close).unwrap_or("x")) else {
            continue;
        };
        let before = text.get(..open).unwrap_or("").trim_end();
        let key = before
            .rsplit(|c: char| c.is_whitespace())
            .next()
            .and_then(key_of);
        if let Some(key) = key.filter(|k| is_card_key(k)) {
            pairs.push((key, d));
            spans.push((open, close + 1));
        }
    }
    // Sentence forms: only around an anchor word followed by a digit (`as 0`, `for zero`,
    // `means 0`, `counts as 0`; `are`/`is` with a card), each window read word by word.
    if worded || cards {
        for (a, e) in anchor_windows(text, cards) {
            if let Some(window) = text.get(a..e) {
                sentence_forms(window, a, &mut pairs, &mut spans);
            }
        }
    }
    spans.sort_unstable();
    spans.dedup();
    // Overlapping spans: keep the first.
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for s in spans {
        if kept.last().is_none_or(|l| l.1 <= s.0) {
            kept.push(s);
        }
    }
    (pairs, kept)
}

/// The legend's sentence forms in `text` (a window starting at byte `base` of the whole).
fn sentence_forms(
    text: &str,
    base: usize,
    pairs: &mut Vec<(String, u8)>,
    spans: &mut Vec<(usize, usize)>,
) {
    let words: Vec<(usize, usize)> = word_spans(text);
    // Each word trimmed once; a word is looked at further only beside an anchor.
    let trimmed: Vec<&str> = words
        .iter()
        .map(|&(a, e)| {
            text.get(a..e)
                .unwrap_or("")
                .trim_matches(|c: char| !c.is_alphanumeric() && c != JOKER)
        })
        .collect();
    let w = |k: usize| trimmed.get(k).copied().unwrap_or("");
    let is = |k: usize, ws: &[&str]| {
        let x = w(k);
        x.len() <= 6 && ws.iter().any(|y| x.eq_ignore_ascii_case(y))
    };
    let anchor = |k: usize| {
        let x = w(k);
        (2..=6).contains(&x.len())
            && matches!(
                x.as_bytes().first(),
                Some(b'a' | b'A' | b'i' | b'f' | b'm' | b'c')
            )
    };
    for k in 0..words.len() {
        if !anchor(k + 1) && !anchor(k + 2) && !anchor(k + 3) {
            continue;
        }
        // `read 12 as 0`, `count a joker as zero`, `treat jokers as 0`.
        if is(k, &["read", "count", "treat", "take"]) {
            let key_at = if is(k + 1, &["a", "an", "each", "every"]) {
                k + 2
            } else {
                k + 1
            };
            if is(key_at + 1, &["as"]) {
                if let (Some(key), Some(d)) = (key_of(w(key_at)), digit_of(w(key_at + 2))) {
                    pairs.push((key, d));
                    spans.push(shift(base, span(&words, k, key_at + 2)));
                }
            }
        }
        // `jokers are zero`, `12 is 0`, `a joker for zero`, `12 counts as 0`, `12 means 0`.
        if is(k + 1, &["are", "is", "for", "means", "counts"]) {
            let mut d_at = k + 2;
            if is(k + 1, &["counts"]) && is(k + 2, &["as"]) {
                d_at += 1;
            }
            let zero_like = is(k + 1, &["for"]) || is(k + 1, &["means", "counts"]);
            if let (Some(key), Some(d)) = (key_of(w(k)), digit_of(w(d_at))) {
                // `are`/`is` only with a key a legend names: a joker, a number, a card.
                let named =
                    zero_like || key.bytes().all(|c| c.is_ascii_digit()) || is_card_key(&key);
                let word_digit = !w(d_at).bytes().all(|c| c.is_ascii_digit()) || d == 0;
                if named && word_digit {
                    pairs.push((key, d));
                    // `a joker for zero` keeps the key (it is where the digit goes).
                    if is(k + 1, &["for"]) {
                        spans.push(shift(base, span(&words, k + 1, d_at)));
                    } else {
                        spans.push(shift(base, span(&words, k, d_at)));
                    }
                }
            }
        }
    }
}

fn shift(base: usize, (a, e): (usize, usize)) -> (usize, usize) {
    (a + base, e + base)
}

/// Windows (byte ranges, merged) around each anchor word followed by a digit or its word.
fn anchor_windows(text: &str, cards: bool) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut anchors: Vec<&[u8]> = vec![b" as ", b" for ", b" means "];
    if cards {
        anchors.extend([&b" are "[..], b" is "]);
    }
    let mut hits: Vec<usize> = Vec::new();
    for a in anchors {
        for at in memmem::find_iter(b, a).take(256) {
            let after = text.get(at + a.len()..).unwrap_or("");
            let next = after
                .split(|c: char| c.is_whitespace() || matches!(c, ',' | ')' | '.' | ';' | ':'))
                .next()
                .unwrap_or("");
            if digit_of(next).is_some() {
                hits.push(at);
            }
        }
    }
    hits.sort_unstable();
    let mut out: Vec<(usize, usize)> = Vec::new();
    for at in hits {
        let mut a = at.saturating_sub(48);
        while a > 0 && !text.is_char_boundary(a) {
            a -= 1;
        }
        let mut e = (at + 24).min(b.len());
        while e < b.len() && !text.is_char_boundary(e) {
            e += 1;
        }
        match out.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(e),
            _ => out.push((a, e)),
        }
    }
    out
}

/// A card or joker a legend may name with `is`/`are` or a digit in parentheses.
fn is_card_key(k: &str) -> bool {
    k.starts_with("joker")
        || k == JOKER.to_string()
        || matches!(
            k,
            "ace" | "aces" | "king" | "kings" | "queen" | "queens" | "jack" | "jacks"
        )
}

fn span(words: &[(usize, usize)], a: usize, e: usize) -> (usize, usize) {
    let start = words.get(a).map_or(0, |w| w.0);
    let end = words.get(e).map_or(start, |w| w.1);
    // Punctuation glued to the last word (`zero.`) stays: only the words go.
    (start, end.max(start))
}

/// Byte spans of the words split at whitespace and commas.
fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let sep = c.is_whitespace() || c == ',' || c == '(' || c == ')' || c == ';';
        match (sep, start) {
            (true, Some(a)) => {
                out.push((a, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(a) = start {
        out.push((a, text.len()));
    }
    out
}

/// A card's rank as a digit: `ace`/`A` is one, `two`…`nine`, `2`…`9`.
fn rank(w: &str) -> Option<u8> {
    if w.eq_ignore_ascii_case("ace") || w == "A" {
        return Some(1);
    }
    digit_of(w).filter(|d| *d >= 2)
}

/// Tokens rewritten: cards as digits, legend keys as their digit.
fn rewrite(text: &str, legend: &[(String, u8)]) -> String {
    let words = word_spans(text);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    let mut k = 0;
    let raw = |k: usize| {
        words
            .get(k)
            .and_then(|&(a, e)| text.get(a..e))
            .unwrap_or("")
    };
    let core = |k: usize| raw(k).trim_matches(|c: char| !c.is_alphanumeric() && c != JOKER);
    // A key as written, or its plural (`jokers`) for a singular entry and the other way round.
    let lookup = |w: &str| -> Option<u8> {
        let l = w.to_lowercase();
        let single = l.strip_suffix('s');
        legend.iter().find_map(|(k, d)| {
            (*k == l || Some(k.as_str()) == single || k.strip_suffix('s') == Some(l.as_str()))
                .then_some(*d)
        })
    };
    // After a count (`two jokers`) a key stands for that many of the digit: its word, plural.
    let counted = |k: usize| {
        k.checked_sub(1)
            .is_some_and(|p| digit_of(raw(p)).is_some_and(|d| d >= 2))
    };
    while let Some(&(a, e)) = words.get(k) {
        let w = core(k);
        let mut rep: Option<(usize, usize, String)> = None;
        // `two of hearts`, `ace of spades`.
        if let Some(r) = rank(w) {
            if raw(k + 1).eq_ignore_ascii_case("of")
                && SUITS.iter().any(|s| core(k + 2).eq_ignore_ascii_case(s))
            {
                let end = words.get(k + 2).map_or(e, |w| w.1);
                let tail = raw(k + 2)
                    .trim_start_matches(|c: char| c.is_alphanumeric())
                    .to_string();
                rep = Some((a, end, format!("{r}{tail}")));
                k += 2;
            }
        }
        // `2♥`, `A♠`.
        if rep.is_none() {
            if let Some(glyph) = raw(k).char_indices().find(|(_, c)| SUIT_GLYPHS.contains(c)) {
                let head = raw(k).get(..glyph.0).unwrap_or("");
                let tail = raw(k).get(glyph.0 + glyph.1.len_utf8()..).unwrap_or("");
                let r = if head == "10" { None } else { rank(head) };
                if let Some(r) = r {
                    rep = Some((a, e, format!("{r}{tail}")));
                }
            }
        }
        // Legend keys; the joker glyph alone is a key only when the legend names jokers.
        if rep.is_none() && !legend.is_empty() {
            let glyph_key = w == JOKER.to_string() || raw(k).trim() == JOKER.to_string();
            let found = if glyph_key {
                lookup(&JOKER.to_string()).or_else(|| lookup("joker"))
            } else {
                lookup(w)
            };
            if let Some(d) = found {
                let plural = counted(k) && w.ends_with('s');
                let word = if plural {
                    format!("{}s", DIGIT_WORDS.get(usize::from(d)).unwrap_or(&"zero"))
                } else {
                    d.to_string()
                };
                // `a joker` is the digit alone.
                let start = match k.checked_sub(1) {
                    Some(p) if !plural && matches!(raw(p), "a" | "an" | "A" | "An") => {
                        words.get(p).map_or(a, |w| w.0)
                    }
                    _ => a,
                };
                if start >= at {
                    let lead = raw(k).find(w).unwrap_or(0);
                    let tail = raw(k).get(lead + w.len()..).unwrap_or("");
                    rep = Some((start, e, format!("{word}{tail}")));
                }
            }
        }
        if let Some((s, end, t)) = rep {
            if s >= at {
                out.push_str(text.get(at..s).unwrap_or(""));
                out.push_str(&t);
                at = end;
            }
        }
        k += 1;
    }
    out.push_str(text.get(at..).unwrap_or(""));
    out
}

#[cfg(test)]
mod tests {
    use super::view;

    #[test]
    fn cards_and_legends() {
        for (t, want) in [
            (
                "two of hearts, seven of clubs, five of spades, and a joker for zero",
                "2, 7, 5, and 0",
            ),
            (
                "five of hearts, ace of spades, then two jokers (jokers are zero)",
                "5, 1, then two zeros",
            ),
            ("Deal: 2♥ 7♣ 5♠ and a joker (zero).", "2 7 5 and"),
            ("Deal: 5♦ A♠ 🃏 🃏 (ace = 1, joker = 0)", "5 1 0 0"),
            ("count a joker as zero: 5, 1, joker, joker", "5, 1, 0, 0"),
            (
                "the hour hand points at 5, then 1, then 12, then 12 (12 = 0)",
                "5, then 1, then 0, then 0",
            ),
            (
                "hour hand at 2, then 7, then 5, then 12 (read 12 as 0)",
                "2, then 7, then 5, then 0",
            ),
        ] {
            let v = view(t);
            assert!(v.as_deref().is_some_and(|v| v.contains(want)), "{t}: {v:?}");
        }
    }

    #[test]
    fn near_misses() {
        for t in [
            "replicas=3, timeout = 30",
            "(1 = 0)",
            "the heart of the problem",
            "errors are zero",
            "set x = 5 (y = 2)",
            "errors (0), warnings (2)",
            "read the log as root",
        ] {
            assert_eq!(view(t), None, "{t}");
        }
    }
}
