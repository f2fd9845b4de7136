//! Letter games stacked on letter games, whose output the single-game readers do not see
//! (sixteenth red-team round): a shift that changes from word to word (`gjwf vjqwucpf rqh
//! lyrhvih`, word n shifted by n), a Vigenère cipher whose key the text gives (`Vigenere key
//! "ops": txns lvdmgpfr …`) and letters spaced out under a shift (`S V I R   G U B H F N A Q`).
//! This module owns writing such text back as the plain letters it hides; the matcher reads
//! each view as it reads a decoded token, with the second readings (number words backwards)
//! and the single-game reader (`ciphered.rs`) on top, so `(reverse, then shift)` and `(ROT13,
//! then spaced)` meet the rules that read the last step.
//!
//! False-positive controls: a shift per word needs three words in a row, each a number word
//! under its own shift, the shifts stepping by one constant non-zero amount (a plain run or one
//! shift for every word is `ciphered.rs`'s); a three- or four-letter English word shifts to a
//! number word rarely (one pattern in a few hundred), three in a row with stepped shifts
//! practically never. A Vigenère view needs the cue `vigenere` and a key word after `key`; a
//! spaced run needs four single letters with one space between (`readings.rs`), and all three
//! views state a target only where the words they hold do.
//!
//! Cost: the shift per word is one pass over the words, each looked up by `ciphered.rs`'s
//! three-letter gate first; the Vigenère view is one `memmem` for its cue; the spaced view
//! reuses the lone-letter pass of the second readings.
use super::ciphered;
use memchr::memmem;

/// Fewest words in a run of stepped shifts.
const MIN_STEPPED: usize = 3;

/// Longest Vigenère key read (a longer word after `key` is not a key the learner gave).
const MAX_KEY: usize = 24;

/// The views of `s` (normalised) that undo a stacked game: each differs from `s`.
pub(crate) fn views(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(v) = stepped(s) {
        out.push(v);
    }
    out.extend(vigenere(s));
    if let Some(v) = super::readings::spaced_words(s) {
        out.push(v);
    }
    out
}

/// A whitespace-separated token: its byte range and the shifts under which every
/// hyphen-separated part reads as a number word, with the plain text under each.
struct Token {
    start: usize,
    end: usize,
    shifts: Vec<(u8, String)>,
}

/// The token's shifts: every part of three letters or more a number word under the same shift.
fn token_shifts(tok: &str) -> Vec<(u8, String)> {
    let parts: Vec<&str> = tok.split('-').collect();
    let Some(first) = parts.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, w) in ciphered::word_shifts(first.as_bytes()) {
        let mut plain = String::from(w);
        let all = parts.iter().skip(1).all(|p| {
            match ciphered::word_shifts(p.as_bytes())
                .into_iter()
                .find(|(k2, _)| *k2 == k)
            {
                Some((_, w2)) => {
                    plain.push('-');
                    plain.push_str(w2);
                    true
                }
                None => false,
            }
        });
        if all {
            out.push((k, plain));
        }
    }
    out
}

/// The text with each run of [`MIN_STEPPED`] or more words whose shifts step by one constant
/// non-zero amount written plain; `None` when there is none.
fn stepped(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut tokens: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b.get(i).is_some_and(u8::is_ascii_alphabetic) {
            i += 1;
            continue;
        }
        let start = i;
        while b
            .get(i)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'-')
        {
            i += 1;
        }
        let end = i;
        let tok = s.get(start..end).unwrap_or("").trim_end_matches('-');
        let end = start + tok.len();
        let shifts = token_shifts(tok);
        if !shifts.is_empty() {
            tokens.push(Token { start, end, shifts });
        }
    }
    if tokens.len() < MIN_STEPPED {
        return None;
    }
    // Tokens next to each other: only spaces or commas between.
    let adjacent = |a: &Token, c: &Token| {
        b.get(a.end..c.start).is_some_and(|g| {
            !g.is_empty() && g.len() <= 3 && g.iter().all(|x| matches!(x, b' ' | b','))
        })
    };
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let mut k = 0;
    while k + MIN_STEPPED <= tokens.len() {
        // Try each pair of shifts of the first two tokens as the step; take the longest run.
        let mut best: Vec<usize> = Vec::new();
        let (Some(t0), Some(t1)) = (tokens.get(k), tokens.get(k + 1)) else {
            break;
        };
        if adjacent(t0, t1) {
            for (a, (s0, _)) in t0.shifts.iter().enumerate() {
                for (s1, _) in &t1.shifts {
                    let step = (s1 + 26 - s0) % 26;
                    if step == 0 {
                        continue;
                    }
                    let mut chosen = vec![a];
                    let mut last = *s1;
                    chosen.push(t1.shifts.iter().position(|(x, _)| x == s1).unwrap_or(0));
                    let mut j = k + 2;
                    while let (Some(prev), Some(t)) = (tokens.get(j - 1), tokens.get(j)) {
                        let want = (last + step) % 26;
                        let Some(p) = t.shifts.iter().position(|(x, _)| *x == want) else {
                            break;
                        };
                        if !adjacent(prev, t) {
                            break;
                        }
                        chosen.push(p);
                        last = want;
                        j += 1;
                    }
                    if chosen.len() > best.len() {
                        best = chosen;
                    }
                }
            }
        }
        if best.len() >= MIN_STEPPED {
            for (off, p) in best.iter().enumerate() {
                if let Some((t, (_, plain))) = tokens
                    .get(k + off)
                    .and_then(|t| Some((t, t.shifts.get(*p)?)))
                {
                    edits.push((t.start, t.end, plain.clone()));
                }
            }
            k += best.len();
        } else {
            k += 1;
        }
    }
    replace(s, &edits)
}

/// `s` with the byte ranges of `edits` (ascending, disjoint) replaced; `None` when none.
fn replace(s: &str, edits: &[(usize, usize, String)]) -> Option<String> {
    if edits.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut copied = 0;
    for (a, e, t) in edits {
        out.push_str(s.get(copied..*a)?);
        out.push_str(t);
        copied = *e;
    }
    out.push_str(s.get(copied..)?);
    (out != s).then_some(out)
}

/// The text after a Vigenère key (and the text before the cue) decoded with it: `Vigenere key
/// "ops": txns …`, `… (Vigenère, key: OPS)`. The key moves one letter per letter of the text;
/// other characters pass through. Empty without the cue or a key.
fn vigenere(s: &str) -> Vec<String> {
    let lower = s.to_ascii_lowercase();
    let Some(cue) = memmem::find(lower.as_bytes(), b"vigenere") else {
        return Vec::new();
    };
    let Some(at) = memmem::find(lower.get(cue..).unwrap_or("").as_bytes(), b"key").map(|p| p + cue)
    else {
        return Vec::new();
    };
    // The key: the next word of letters after `key`, past `:`, `=`, `is`, quotes and spaces.
    let b = lower.as_bytes();
    let mut i = at + 3;
    let skip = |c: u8| matches!(c, b' ' | b':' | b'=' | b'"' | b'\'' | b'`' | b'\t');
    while b.get(i).copied().is_some_and(skip) {
        i += 1;
    }
    if lower.get(i..).is_some_and(|r| r.starts_with("is ")) {
        i += 3;
        while b.get(i).copied().is_some_and(skip) {
            i += 1;
        }
    }
    let ks = i;
    while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
        i += 1;
    }
    let key: Vec<u8> = b
        .get(ks..i)
        .unwrap_or_default()
        .iter()
        .map(|c| c - b'a')
        .collect();
    if !(1..=MAX_KEY).contains(&key.len()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    // The text after the key, and the text before the cue; the key moving on letters only,
    // and on every character from the first letter (both conventions are taught).
    for (from, to) in [(i, s.len()), (0, cue)] {
        let Some(part) = s.get(from..to) else {
            continue;
        };
        if part.bytes().filter(u8::is_ascii_alphabetic).count() < 3 {
            continue;
        }
        for every in [false, true] {
            let mut n = 0usize;
            let mut started = false;
            let plain: String = part
                .bytes()
                .map(|c| {
                    let base = if c.is_ascii_lowercase() {
                        b'a'
                    } else if c.is_ascii_uppercase() {
                        b'A'
                    } else {
                        if every && started {
                            n += 1;
                        }
                        return char::from(c);
                    };
                    started = true;
                    let k = key.get(n % key.len()).copied().unwrap_or(0);
                    n += 1;
                    char::from(base + (c - base + 26 - k) % 26)
                })
                .collect();
            if !out.contains(&plain) {
                out.push(plain);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shift_per_word() {
        assert_eq!(
            stepped("(Caesar: shift word n forward by n; undo it) gjwf vjqwucpf rqh lyrhvih")
                .as_deref(),
            Some("(Caesar: shift word n forward by n; undo it) five thousand one hundred")
        );
        assert_eq!(
            stepped("uisff vjqwucpf hljkw lyrhvih xjajsyd-knaj").as_deref(),
            Some("three thousand eight hundred seventy-five")
        );
        // Stepping down by one, from any start.
        assert_eq!(
            stepped("lag: ilyh jwpftgf gjwf").as_deref(),
            Some("lag: five hundred five")
        );
    }

    #[test]
    fn a_shift_per_word_near_misses() {
        // One shift for all words is `ciphered.rs`'s; two words are no run; plain text.
        assert_eq!(stepped("svir gubhfnaq bar uhaqerq"), None);
        assert_eq!(stepped("gjwf vjqwucpf"), None);
        assert_eq!(stepped("the bar was out of log rum"), None);
        let corpus = include_str!("../../tests/data/benign_ops.txt");
        for line in corpus.lines() {
            assert_eq!(stepped(line), None, "{line}");
        }
    }

    #[test]
    fn vigenere_with_a_given_key() {
        // The key moving on every character from the first letter.
        let v = vigenere("Vigenere key \"ops\": txns lvdmgpfr gbt vjfrgwr");
        assert!(
            v.contains(&"\": five thousand one hundred".to_string()),
            "{v:?}"
        );
        let v = vigenere("Vigenere key \"ops\": cgvsgk-lgfzwf-cshlftd");
        assert!(
            v.contains(&"\": orders-worker-kestrel".to_string()),
            "{v:?}"
        );
        // On letters only, key after the text.
        let v = vigenere("txns izcjkocv (Vigenere, key: ops)");
        assert!(v.iter().any(|p| p.starts_with("five")), "{v:?}");
        // No cue, no key.
        assert!(vigenere("the key ops: txns lvdmgpfr").is_empty());
        assert!(vigenere("Vigenere ciphers are old").is_empty());
    }
}
