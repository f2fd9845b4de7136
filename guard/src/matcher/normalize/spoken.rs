//! Separators said as words ([`spoken_separators`]): a name, an address or a version dictated
//! aloud (`orders dash 7`, `10 dot 42 dot 3 dot 17`, `ten dot forty-two dot three dot
//! seventeen`, `v2 dot 7 dot 1 dash rc`, `orders underscore worker`), read with each word as
//! the symbol it names and the number words beside it as digits, so the string and number
//! rules see `orders-7`, `10.42.3.17`, `v2.7.1-rc`.
//!
//! False-positive controls: a word is read only between two tokens that end and start with a
//! letter or digit, each one space away (`a dash of salt` reads `a-of salt`, which states
//! nothing a target does not already need); number words become digits only right beside a
//! separator read so (`one dot two` is `1.2`, `one of two` stays). The reading is returned
//! only when a word was read; it is one reading beside the normalised text, so it only adds.
//!
//! Cost: one `memchr` pass over the spaces, a few byte comparisons at each.
use crate::matcher::words::{TEENS, TENS, UNITS};

/// Separator words and the symbol each names.
const SEPARATORS: [(&str, &str); 7] = [
    ("dot", "."),
    ("dash", "-"),
    ("hyphen", "-"),
    ("underscore", "_"),
    ("slash", "/"),
    ("colon", ":"),
    ("period", "."),
];

/// The symbol `w` names, if it is a separator word (any case).
fn separator(w: &str) -> Option<&'static str> {
    SEPARATORS
        .iter()
        .find(|(word, _)| word.eq_ignore_ascii_case(w))
        .map(|(_, s)| *s)
}

/// Whether a separator word follows the space at `i` (a cheap test before tokenising).
fn word_after(b: &[u8], i: usize) -> bool {
    SEPARATORS.iter().any(|(w, _)| {
        b.get(i + 1..i + 1 + w.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(w.as_bytes()))
            && b.get(i + 1 + w.len()) == Some(&b' ')
    })
}

/// A number word below a hundred (`seven`, `forty`, `forty-two`), as its value.
fn number_word(w: &str) -> Option<u32> {
    let one = |w: &str| -> Option<u32> {
        let pos = |t: &[&str]| t.iter().position(|x| x.eq_ignore_ascii_case(w));
        if let Some(p) = pos(&UNITS) {
            return u32::try_from(p).ok();
        }
        if let Some(p) = pos(&TEENS) {
            return u32::try_from(p + 10).ok();
        }
        pos(&TENS).and_then(|p| u32::try_from(p * 10 + 20).ok())
    };
    if let Some((t, u)) = w.split_once('-') {
        let (t, u) = (one(t)?, one(u)?);
        return (t >= 20 && t % 10 == 0 && (1..=9).contains(&u)).then_some(t + u);
    }
    one(w)
}

/// The text with separator words between two tokens read as their symbols, if any was.
pub(crate) fn spoken_separators(text: &str) -> Option<String> {
    let b = text.as_bytes();
    if !memchr::memchr_iter(b' ', b).any(|i| word_after(b, i)) {
        return None;
    }
    // Tokens: maximal runs without ASCII whitespace, with their spans.
    let mut toks: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for (i, &c) in b.iter().enumerate() {
        match (c.is_ascii_whitespace(), start) {
            (true, Some(s)) => {
                toks.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        toks.push((s, b.len()));
    }
    let tok = |k: usize| toks.get(k).and_then(|&(s, e)| text.get(s..e)).unwrap_or("");
    // One space between token `k` and the next.
    let spaced = |k: usize| match (toks.get(k), toks.get(k + 1)) {
        (Some(&(_, e)), Some(&(s, _))) => s == e + 1 && b.get(e) == Some(&b' '),
        _ => false,
    };
    let alnum_end = |k: usize| {
        tok(k)
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
    };
    let alnum_start = |k: usize| tok(k).chars().next().is_some_and(char::is_alphanumeric);
    // What each token becomes: `None` kept as written, `Some("")` dropped (a tens word folded
    // into the next), else the replacement.
    let mut repl: Vec<Option<String>> = vec![None; toks.len()];
    // Whether the gap after token `k` is dropped (it touches a separator read as a symbol).
    let mut glue = vec![false; toks.len()];
    let mut any = false;
    for k in 1..toks.len().saturating_sub(1) {
        let Some(sym) = separator(tok(k)) else {
            continue;
        };
        if !(spaced(k - 1) && spaced(k) && alnum_end(k - 1) && alnum_start(k + 1)) {
            continue;
        }
        any = true;
        repl[k] = Some(sym.to_string());
        glue[k - 1] = true;
        glue[k] = true;
        // Number words on each side as digits: a tens word and a unit word (`forty two`) or
        // one word (`seventeen`, `forty-two`); a token already read stays as read.
        let free = |repl: &[Option<String>], j: usize| repl.get(j).is_some_and(Option::is_none);
        let pair = |a: usize, c: usize| -> Option<u32> {
            let (t, u) = (number_word(tok(a))?, number_word(tok(c))?);
            (spaced(a) && t >= 20 && t % 10 == 0 && (1..=9).contains(&u)).then_some(t + u)
        };
        match (k >= 2).then(|| pair(k - 2, k - 1)).flatten() {
            Some(v) if free(&repl, k - 2) && free(&repl, k - 1) => {
                repl[k - 2] = Some(String::new());
                glue[k - 2] = true;
                repl[k - 1] = Some(v.to_string());
            }
            _ => {
                if free(&repl, k - 1) {
                    repl[k - 1] = number_word(tok(k - 1)).map(|v| v.to_string());
                }
            }
        }
        match pair(k + 1, k + 2) {
            Some(v) if free(&repl, k + 1) && free(&repl, k + 2) => {
                repl[k + 1] = Some(v.to_string());
                glue[k + 1] = true;
                repl[k + 2] = Some(String::new());
            }
            _ => {
                if free(&repl, k + 1) {
                    repl[k + 1] = number_word(tok(k + 1)).map(|v| v.to_string());
                }
            }
        }
    }
    if !any {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (k, &(s, e)) in toks.iter().enumerate() {
        out.push_str(text.get(from..s).unwrap_or(""));
        match &repl[k] {
            Some(r) => out.push_str(r),
            None => out.push_str(text.get(s..e).unwrap_or("")),
        }
        from = e;
        if glue[k] {
            // Skip the one space after this token.
            from = toks.get(k + 1).map_or(e, |&(n, _)| n);
        }
    }
    out.push_str(text.get(from..).unwrap_or(""));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::spoken_separators as s;

    #[test]
    fn separators_said_as_words() {
        let cases = [
            ("orders dash 7", "orders-7"),
            ("orders dash seven", "orders-7"),
            ("Orders Hyphen 7 is hot", "Orders-7 is hot"),
            ("leader 10 dot 42 dot 3 dot 17", "leader 10.42.3.17"),
            ("ten dot forty two dot three dot seventeen", "10.42.3.17"),
            ("ten dot forty-two dot three dot seventeen", "10.42.3.17"),
            ("v2 dot 7 dot 1 dash rc", "v2.7.1-rc"),
            ("orders underscore worker", "orders_worker"),
            ("host colon 9092", "host:9092"),
        ];
        for (text, want) in cases {
            assert_eq!(s(text).as_deref(), Some(want), "{text:?}");
        }
        // Near-misses: no separator between two tokens, or none at all.
        for text in [
            "a dash, then",
            "dash 7",
            "orders dash",
            "the lag is 5100",
            "orders  dash 7",
        ] {
            assert_eq!(s(text), None, "{text:?}");
        }
        // Between any two words (what it joins states nothing a target does not need).
        assert_eq!(
            s("use the dot notation.").as_deref(),
            Some("use the.notation.")
        );
        // Number words far from a separator stay words.
        assert_eq!(
            s("one of two said orders dash 7").as_deref(),
            Some("one of two said orders-7")
        );
    }
}
