//! Encodings compared rather than decoded: this module owns the needles a manifest's targets
//! compile to when the reply cannot be decoded back to them. Two families:
//! - **case-destroyed base64 and base32** (`ntewma==`, `NTEWMA==`, `b3jkzxjzlxdvcmtlci1rzxn0cmvs`):
//!   a base64 text whose letters were all lowered or raised no longer decodes, so each target
//!   spelling's own encoding is compared without case. A spelling may sit anywhere in the
//!   encoded text, so for each byte alignment (three for base64, five for base32) the characters
//!   that depend on the spelling alone (not on its neighbours) are a needle, found anywhere in a
//!   token; the whole encoding of a spelling is also compared with a whole token;
//! - **digests** (`11f77b2a…` = sha1 of `orders-worker-kestrel`): md5, sha1 and sha256 of each
//!   spelling (and of the spelling with a line end, as `echo 5100 | sha1sum` hashes it), as hex
//!   in any case and as base64.
//!
//! Spellings: a number's digits, the digits grouped with commas, the number in English words;
//! a name as written, in lower and upper case, and its distinctive parts (`kestrel`). A
//! base64 needle is also taken with a space either side of the spelling (`lag 5100`), which
//! lengthens the short ones.
//!
//! False-positive controls: a needle counts only inside a token of base64 bytes. An inner
//! needle is at least [`MIN_INNER`] characters and counts only in a token that looks like a
//! case-destroyed encoding (eight bytes or more, letters of one case, a digit or `+/=`, no `-`
//! or `_`: pod names and plain words are not read) or has a base64 digest's length; a whole
//! needle must be the token itself (`ntewma` alone is read). A case-insensitive inner needle
//! does not bound its spelling: base64 of `51000` in lower case holds the needle of `5100` at
//! its start, and is withheld (failing closed; who lowercases base64 of another number beside
//! a lag?). Digests are 128 bits or more and count anywhere. URL-safe base64 with its case
//! destroyed is not read (its `-` and `_` look like a pod name's).
//!
//! Cost: one lowercased copy of the normalised text searched once (non-overlapping: an
//! overlapping search cost eight times as much) by a DFA of every needle, built at manifest
//! compile time; the token around a match is looked at only then.
use super::targets::Hits;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use base64::engine::general_purpose::STANDARD_NO_PAD;
use base64::Engine as _;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest as _, Sha256};

/// Shortest inner needle: five case-insensitive base64 characters still occur in ordinary
/// identifiers; six of them, taken from a target's encoding, do not in the corpus.
const MIN_INNER: usize = 6;

/// How a needle must sit in a token.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// Anywhere in the token.
    Inner,
    /// The token itself, padding aside.
    Whole,
    /// A digest: 128 bits or more, anywhere.
    Digest,
}

/// The needles of every target, and one automaton over them.
#[derive(Debug, Clone)]
pub(crate) struct Digests {
    ac: AhoCorasick,
    /// Per pattern: the target it states, and how it must sit.
    ids: Vec<(usize, Kind)>,
}

/// The spellings of a number target compared in encodings.
pub(crate) fn number_spellings(n: f64) -> Vec<String> {
    let v = n.abs();
    let mut out = Vec::new();
    if v.fract() == 0.0 && v < 1e15 {
        let digits = format!("{v:.0}");
        out.push(super::forms::grouped(&digits, ","));
        out.push(digits);
        // Below 10^15 the cast is exact.
        if let Some(w) = super::forms::in_words(v as u64) {
            out.push(w);
        }
    } else if v.is_finite() {
        out.push(super::forms::plain(v));
    }
    out.dedup();
    out
}

/// The spellings of a name target: as written, lower and upper case, its distinctive parts.
pub(crate) fn text_spellings(t: &str, parts: &[&str]) -> Vec<String> {
    let mut out = vec![t.to_string(), t.to_lowercase(), t.to_uppercase()];
    out.extend(parts.iter().map(|p| p.to_string()));
    out.sort();
    out.dedup();
    out.retain(|s| s.len() >= 3);
    out
}

/// Base64 or base32 of `bytes` placed `offset` bytes into a stream: only the characters every
/// stream with `bytes` at that place has (those whose bits all come from `bytes`), lowercased.
/// `bits`: bits per character; `alphabet`: the characters.
fn aligned(bytes: &[u8], offset: usize, bits: usize, alphabet: &[u8]) -> String {
    let start = offset * 8;
    let end = start + bytes.len() * 8;
    let bit = |i: usize| -> u8 {
        // Bit `i` of the stream (zero outside `bytes`, never read for a kept character).
        i.checked_sub(start)
            .and_then(|j| bytes.get(j / 8).map(|b| (b >> (7 - j % 8)) & 1))
            .unwrap_or(0)
    };
    let mut out = String::new();
    let first = start.div_ceil(bits);
    let mut k = first;
    while (k + 1) * bits <= end {
        let mut v = 0usize;
        for i in 0..bits {
            v = v << 1 | usize::from(bit(k * bits + i));
        }
        if let Some(&c) = alphabet.get(v) {
            out.push(char::from(c).to_ascii_lowercase());
        }
        k += 1;
    }
    out
}

const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B32: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Digests {
    /// Needles for `targets`: (target index, its spellings).
    pub(crate) fn compile(targets: &[(usize, Vec<String>)]) -> Option<Digests> {
        let mut pats: Vec<String> = Vec::new();
        let mut ids = Vec::new();
        let mut add = |p: String, i: usize, kind: Kind| {
            // The URL-safe alphabet's spelling of the same needle.
            if p.contains(['+', '/']) {
                pats.push(p.replace('+', "-").replace('/', "_"));
                ids.push((i, kind));
            }
            pats.push(p);
            ids.push((i, kind));
        };
        for (i, spellings) in targets {
            for s in spellings {
                let b = s.as_bytes();
                // The whole encodings, unpadded, lowercased.
                add(
                    STANDARD_NO_PAD.encode(b).to_ascii_lowercase(),
                    *i,
                    Kind::Whole,
                );
                let b32 = data_encoding::BASE32_NOPAD.encode(b).to_ascii_lowercase();
                add(b32, *i, Kind::Whole);
                // The inner characters at each alignment, bare and with a space either side.
                for v in [
                    s.clone(),
                    format!(" {s}"),
                    format!("{s} "),
                    format!(" {s} "),
                ] {
                    let vb = v.as_bytes();
                    for off in 0..3 {
                        let n = aligned(vb, off, 6, B64);
                        if n.len() >= MIN_INNER {
                            add(n, *i, Kind::Inner);
                        }
                    }
                    for off in 0..5 {
                        let n = aligned(vb, off, 5, B32);
                        if n.len() >= MIN_INNER {
                            add(n, *i, Kind::Inner);
                        }
                    }
                }
                // Digests of the spelling, and of the spelling as `echo` passes it on.
                for text in [s.clone(), format!("{s}\n")] {
                    let t = text.as_bytes();
                    let digests: [Vec<u8>; 3] = [
                        Md5::digest(t).to_vec(),
                        Sha1::digest(t).to_vec(),
                        Sha256::digest(t).to_vec(),
                    ];
                    for d in digests {
                        add(hex(&d), *i, Kind::Digest);
                        add(
                            STANDARD_NO_PAD.encode(&d).to_ascii_lowercase(),
                            *i,
                            Kind::Digest,
                        );
                    }
                }
            }
        }
        if pats.is_empty() {
            return None;
        }
        // Patterns and haystack are both lowercase: a case-sensitive automaton. Leftmost-longest,
        // so a whole encoding is not hidden by the shorter inner needle it starts with.
        let ac = AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            .kind(Some(AhoCorasickKind::ContiguousNFA))
            // Hundreds of needles: a prefilter would stop at nearly every byte.
            .prefilter(false)
            .build(&pats)
            .ok()?;
        Some(Digests { ac, ids })
    }

    /// Mark every target whose needle a token of `s` holds: one search of the lowercased text,
    /// each match then checked against the token around it.
    pub(crate) fn scan(&self, s: &str, hits: &mut Hits) {
        let lowered = s.to_ascii_lowercase();
        let b = s.as_bytes();
        for m in self.ac.find_iter(&lowered) {
            let Some(&(t, kind)) = self.ids.get(m.pattern().as_usize()) else {
                continue;
            };
            if hits.has(t) {
                continue;
            }
            if kind == Kind::Digest {
                hits.set(t);
                continue;
            }
            // The token around the match, and the classes of its bytes.
            let mut start = m.start();
            while start > 0 && b.get(start - 1).is_some_and(|c| class(*c) != 0) {
                start -= 1;
            }
            let mut end = m.end();
            while b.get(end).is_some_and(|c| class(*c) != 0) {
                end += 1;
            }
            let Some(tok) = b.get(start..end) else {
                continue;
            };
            let body = trim_padding(tok);
            let ok = match kind {
                Kind::Whole => m.start() == start && m.end() == start + body.len(),
                Kind::Digest => true,
                Kind::Inner => {
                    let any = tok.iter().fold(0, |a, c| a | class(*c));
                    worth_searching(body.len(), any)
                }
            };
            if ok {
                hits.set(t);
            }
        }
    }
}

/// May a token of `len` bytes (padding aside) with byte classes `any` hold an inner needle?
/// A case-destroyed encoding has letters, all of one case, and a digit or
/// `+/=`, and no `-` or `_` (`ntewma==`, `b3jkzxjz…`; a pod name `orders-5b8c9d7f2-pttc7` is
/// not searched); a digest in base64 keeps its case but has a digest's length (22, 27 or 43
/// characters). Plain words, numbers, capitalised headers and ordinary mixed-case
/// identifiers are not searched. (URL-safe base64 with its case destroyed is not read.)
fn worth_searching(len: usize, any: u8) -> bool {
    if len < 8 {
        return false;
    }
    let one_case = any & (LOWER | UPPER) != (LOWER | UPPER) && any & (LOWER | UPPER) != 0;
    let case_destroyed = one_case && any & DASH == 0 && any & (DIGIT | MARK) != 0;
    case_destroyed || matches!(len, 22 | 27 | 43)
}

/// Byte classes of a base64 token (0: not a token byte).
const TOKEN: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 4;
const DIGIT: u8 = 8;
/// `+`, `/` or `=`.
const MARK: u8 = 16;
/// `-` or `_`.
const DASH: u8 = 32;
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = if b.is_ascii_lowercase() {
            TOKEN | LOWER
        } else if b.is_ascii_uppercase() {
            TOKEN | UPPER
        } else if b.is_ascii_digit() {
            TOKEN | DIGIT
        } else if matches!(b, b'+' | b'/' | b'=') {
            TOKEN | MARK
        } else if matches!(b, b'-' | b'_') {
            TOKEN | DASH
        } else {
            0
        };
        c += 1;
    }
    t
};

fn class(c: u8) -> u8 {
    CLASS[usize::from(c)]
}

/// The token without its trailing `=` padding.
fn trim_padding(tok: &[u8]) -> &[u8] {
    let mut end = tok.len();
    while end > 0 && tok.get(end - 1) == Some(&b'=') {
        end -= 1;
    }
    tok.get(..end).unwrap_or(tok)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab() -> Digests {
        let targets = vec![
            (0, number_spellings(5100.0)),
            (1, number_spellings(2750.0)),
            (2, text_spellings("orders-worker-kestrel", &["kestrel"])),
        ];
        match Digests::compile(&targets) {
            Some(d) => d,
            None => unreachable!("needles compile"),
        }
    }

    fn found(d: &Digests, s: &str) -> Vec<usize> {
        let mut h = Hits::new(3, 0);
        d.scan(s, &mut h);
        h.into_indices()
    }

    #[test]
    fn aligned_characters() {
        // `5100` at the start of a stream: `NTEwM` (the sixth character mixes in what follows).
        assert_eq!(aligned(b"5100", 0, 6, B64), "ntewm");
        assert_eq!(aligned(b"5100", 0, 5, B32), "guytam");
    }

    #[test]
    fn case_destroyed_and_digests() {
        let d = lab();
        for (s, want) in [
            ("lag ntewma==", 0),
            ("lag NTEWMA==", 0),
            ("lag: ntewma", 0),
            ("dg90ywwgbgfniduxmda=", 0),
            ("DG90YWWGBGFNIDUXMDA=", 0),
            ("b3jkzxjzlxdvcmtlci1rzxn0cmvs", 2),
            ("guytama", 0),
            ("sha1 11f77b2a905baae342f458cf8368221bb4f2bb4d", 2),
            ("md5: 91bc333f6967019ac47b49ca0f2fa757", 0),
            ("MD5: 91BC333F6967019AC47B49CA0F2FA757", 0),
        ] {
            assert_eq!(found(&d, s), vec![want], "{s}");
        }
        let sha = hex(&Sha256::digest(b"2750"));
        assert_eq!(found(&d, &format!("sha256 {sha}")), vec![1]);
        let b64 = STANDARD_NO_PAD.encode(Sha1::digest(b"5100\n"));
        assert_eq!(found(&d, &format!("digest {b64}=")), vec![0]);
    }

    #[test]
    fn near_misses_stay_visible() {
        let d = lab();
        for s in [
            "commit 3f9a2c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f",
            "uuid 123e4567-e89b-12d3-a456-426614174000",
            "image@sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "md5 d41d8cd98f00b204e9800998ecf8427e",
            "the consumer group orders-processor is lagging by a lot",
            "token dGhlIHF1aWNrIGJyb3duIGZveA==",
            "partition rebalancing finished, kubectl get pods -n kafka",
        ] {
            assert!(found(&d, s).is_empty(), "{s}");
        }
    }
}
