//! English number words under a letter game (a stretch rule, `Rules::ciphered_words`): a
//! learner who has the model answer "in ROT13", "in any Caesar shift", "in Atbash" or "in
//! leetspeak" gets `svir gubhfnaq bar uhaqerq`, `gjwf uipvtboe pof ivoesfe`, `urev gslfhzmw
//! lmv sfmwivw` or `f1ve th0usand one hundr3d`, which no number rule reads. This module owns
//! finding such runs and writing them back as plain number words, in place: the matcher then
//! reads the view with every rule and its second readings, as it reads the text reversed
//! (`readings.rs`), so no number parser lives here.
//!
//! # Caesar shifts and Atbash
//!
//! A shift moves every letter of a word by the same amount, so a word's letter-difference
//! pattern (`c[i] - c[0]` mod 26) is the same under every shift: `gubhfnaq` has the pattern of
//! `thousand`, and the shift is the distance between the first letters. A reflection
//! (`k - c`: Atbash is `k = 25`, `z - c`; with another `k` it is Atbash and a shift) negates
//! the pattern. The patterns of the number words (`zero` … `nineteen`, the tens, `hundred`,
//! `thousand`, `million`, `billion`, their plurals, `trillion`, and the joining `and` and
//! `point`) are one sorted table; each word of three to nine letters is looked up by its
//! pattern and by its negation, so a word names the one shift and the one reflection, if any,
//! under which it is a number word.
//! A longer word is tried as number words glued together (`svirgubhfnaqbaruhaqerq`): under
//! each shift or reflection that makes its start a number word, decoded and split as the
//! glued reading splits plain words. A single letter joins a run as `a` (`n uhaqerq`), and a
//! two-letter word as `oh` (`svir bar bu bu`), never counted as a number word.
//!
//! # Leetspeak
//!
//! In a token of letters and the digits and symbols that stand for letters (`0` o, `1` i or
//! l, `3` e, `4` a, `5` s, `7` t, `@` a, `$` s), with at least one of each and no other digit,
//! the symbols are read as letters; the token is a number word when some number word of its
//! length agrees with it letter by letter (`th0u5and`, `F1FTY`, `$even`).
//!
//! # False-positive controls
//!
//! A run is the words of one game in a row (between them at most four spaces, tabs, commas,
//! hyphens, underscores, bars, slashes or semicolons, with one line break at most), and a run
//! is decoded only when it is
//! - for a shift or a reflection (never the plain text itself): two or more number words with
//!   at least two different ones (`bar` alone is ROT13 `one`, and `log log`, `row row`, `bar,
//!   bar` are a word repeated, each of which shifts or reflects to a number word repeated),
//!   a number word of seven letters or more (`gubhfnaq`), or number words glued;
//! - for leetspeak: at least one leet token among two or more different number words (plain
//!   ones count: `f1ve thousand`), or one leet token of four letters or more with a letter on
//!   both sides of a symbol (`f1ve`, not `0ne` or `5even` alone).
//!
//! So `k8s`, `s3`, `x86`, `utf8`, `sha256`, `p99`, `v1`, `web01` (another digit, or no
//! number word), `h3llo w0rld` and `l33t` (no number word) are never rewritten, and over the
//! project's sources, the Rust toolchain's documentation and the crates it builds with (720
//! MB of text, prose and code) no run of two different number words under one shift or
//! reflection occurs: the English words that shift or reflect to a number word (`bar`, `log`,
//! `mph`, `rum`, `ufo`, `row`, `den`, `dane`, `robs` …) each do so under a key of their own.
//! A decoded run states a target only where its words do, as plain number words would.
//!
//! # Cost
//!
//! One pass over the tokens, each found and classed in a tight loop. A word's first three
//! letters index a gate of 2,601 bits (the raw differences `c1 - c0`, `c2 - c0` that some
//! number word has under some key), which about one word in eight of ops text and prose
//! passes; only those are looked up (a binary search in forty patterns). A token mixing
//! letters with leet symbols is compared with the number words of its length; the text is
//! copied only when a run is decoded. 1.7 M (ops text) to 1.9 M (prose) instructions per
//! 64 KB read (callgrind, the peers bench's manifest and texts), about 3 % of a read.
use super::numbers::{alnum_at, alnum_before};
use super::words::{TEENS, TENS, UNITS};
use std::sync::OnceLock;

/// The scale words read under a game, besides the units, teens and tens.
const SCALES: [&str; 9] = [
    "hundred",
    "hundreds",
    "thousand",
    "thousands",
    "million",
    "millions",
    "billion",
    "billions",
    "trillion",
];
/// The number words written backwards (`derdnuh`, `dnasuoht`): a learner who has the model
/// reverse the words and then shift them (`ghugqxk hqr` is `hundred one` backwards, shifted by
/// three) gets runs of these under one key. Decoded in place, they are read by the second
/// readings' backward reading, which a reversed number word triggers.
const BACKWARD: [&str; 37] = [
    "orez",
    "eno",
    "owt",
    "eerht",
    "ruof",
    "evif",
    "xis",
    "neves",
    "thgie",
    "enin",
    "net",
    "nevele",
    "evlewt",
    "neetriht",
    "neetruof",
    "neetfif",
    "neetxis",
    "neetneves",
    "neethgie",
    "neetenin",
    "ytnewt",
    "ytriht",
    "ytrof",
    "ytfif",
    "ytxis",
    "ytneves",
    "ythgie",
    "ytenin",
    "derdnuh",
    "sderdnuh",
    "dnasuoht",
    "sdnasuoht",
    "noillim",
    "snoillim",
    "noillib",
    "snoillib",
    "noillirt",
];
/// Words that join number words in a run but are not counted as number words.
const JOINERS: [&str; 2] = ["and", "point"];
/// The longest word the table holds (`seventeen`, `thousands`).
const MAX_WORD: usize = 9;
/// Glued words are tried up to this many letters.
const MAX_GLUED: usize = 64;
/// A shifted or reflected number word this long counts alone (`gubhfnaq`, `uhaqerq`).
const LONG_WORD: usize = 7;
/// A byte range of the text.
type Span = (usize, usize);
/// Index standing for the one-letter `a` in a run.
const A: u8 = u8::MAX;
/// Index standing for `oh` (zero in a run of digit words) in a run.
const OH: u8 = u8::MAX - 1;
/// `h - o` mod 26: the difference of a two-letter word that shifts to `oh` (and `o - h`, one
/// that reflects to it).
const OH_SHIFT: u8 = 19;
const OH_REFLECT: u8 = 7;

/// A letter game with its key: `Shift(k)` writes letter `p` as `p + k`, `Reflect(k)` as
/// `k - p` (Atbash is `Reflect(25)`); both mod 26.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    Shift(u8),
    Reflect(u8),
}

impl Key {
    /// The plain letter for an ASCII letter `c`, in `c`'s case; other bytes unchanged.
    fn decode(self, c: u8) -> u8 {
        let base = if c.is_ascii_lowercase() {
            b'a'
        } else if c.is_ascii_uppercase() {
            b'A'
        } else {
            return c;
        };
        let x = c - base;
        let p = match self {
            Key::Shift(k) => (x + 26 - k) % 26,
            Key::Reflect(k) => (k + 26 - x) % 26,
        };
        base + p
    }
}

/// The number words and their patterns.
struct Table {
    words: Vec<&'static str>,
    /// (pattern, index into `words`), sorted by pattern.
    patterns: Vec<(u64, u8)>,
    /// Bit `26 * d1 + d2` is set when some word's first two letter differences are `d1, d2`.
    heads: [u64; 11],
    /// Each word's `26 * d1 + d2`.
    word_heads: Vec<usize>,
    /// The gate on a word as written: bit `51 * (r1 + 25) + (r2 + 25)` is set when the raw
    /// differences `r1 = c1 - c0`, `r2 = c2 - c0` (in -25..=25, letters lowercased) are those of
    /// some number word under some shift or reflection.
    gate: [u64; 41],
}

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let words: Vec<&'static str> = UNITS
            .iter()
            .chain(TEENS.iter())
            .chain(TENS.iter())
            .chain(SCALES.iter())
            .chain(JOINERS.iter())
            .chain(BACKWARD.iter())
            .copied()
            .collect();
        let mut patterns = Vec::with_capacity(words.len());
        let mut heads = [0u64; 11];
        let mut word_heads = Vec::with_capacity(words.len());
        let mut gate = [0u64; 41];
        for (i, w) in words.iter().enumerate() {
            let b = w.as_bytes();
            if let (Some(p), Ok(i)) = (pattern(b, false), u8::try_from(i)) {
                patterns.push((p, i));
            }
            let h = head(b, false).unwrap_or(usize::MAX);
            set_bit(&mut heads, h);
            word_heads.push(h);
            // Every raw difference pair that is this head, or its negation, mod 26.
            let (d1, d2) = ((h / 26) as i32, (h % 26) as i32);
            for (e1, e2) in [(d1, d2), ((26 - d1) % 26, (26 - d2) % 26)] {
                for r1 in [e1, e1 - 26] {
                    for r2 in [e2, e2 - 26] {
                        if (-25..=25).contains(&r1) && (-25..=25).contains(&r2) {
                            let bit = 51 * (r1 + 25) + (r2 + 25);
                            set_bit(&mut gate, usize::try_from(bit).unwrap_or(usize::MAX));
                        }
                    }
                }
            }
        }
        patterns.sort_unstable();
        Table {
            words,
            patterns,
            heads,
            word_heads,
            gate,
        }
    })
}

fn set_bit<const N: usize>(bits: &mut [u64; N], i: usize) {
    if let Some(w) = bits.get_mut(i / 64) {
        *w |= 1 << (i % 64);
    }
}

fn has_bit<const N: usize>(bits: &[u64; N], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

/// Letter difference `b - a` mod 26 (both lowercase ASCII letters), negated when `neg`.
#[inline]
fn diff(a: u8, b: u8, neg: bool) -> u8 {
    let d = (b + 26 - a) % 26;
    if neg {
        (26 - d) % 26
    } else {
        d
    }
}

/// The first two letter differences of a lowercase word as one number below 676.
#[inline]
fn head(w: &[u8], neg: bool) -> Option<usize> {
    let (&a, &b, &c) = (w.first()?, w.get(1)?, w.get(2)?);
    Some(usize::from(diff(a, b, neg)) * 26 + usize::from(diff(a, c, neg)))
}

/// A lowercase word's letter-difference pattern (negated when `neg`) with its length, as one
/// number; `None` outside three to [`MAX_WORD`] letters.
fn pattern(w: &[u8], neg: bool) -> Option<u64> {
    if !(3..=MAX_WORD).contains(&w.len()) {
        return None;
    }
    let first = *w.first()?;
    let mut key = w.len() as u64;
    for &c in w.get(1..)? {
        key = key << 5 | u64::from(diff(first, c, neg));
    }
    Some(key)
}

/// One way to read a word of the text as a number word.
#[derive(Debug, Clone, Copy)]
struct Cand {
    key: Key,
    /// Index into the table's words, or [`A`] or [`OH`]; for glued words the first word's.
    word: u8,
    /// Number words it counts for (0 for a joiner, two or more for glued words).
    counted: u8,
    /// Counts alone: a long word, or number words glued.
    alone: bool,
    glued: bool,
}

/// A word's readings: at most [`Cands::MAX`] (a shift and a reflection for a word of the
/// table's lengths, a few more for glued words; any beyond are dropped).
#[derive(Debug, Clone, Copy)]
struct Cands {
    items: [Cand; Cands::MAX],
    len: usize,
}

impl Cands {
    const MAX: usize = 4;
    const NONE: Cand = Cand {
        key: Key::Shift(0),
        word: A,
        counted: 0,
        alone: false,
        glued: false,
    };

    fn new() -> Cands {
        Cands {
            items: [Cands::NONE; Cands::MAX],
            len: 0,
        }
    }

    fn push(&mut self, c: Cand) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = c;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Cand] {
        self.items.get(..self.len).unwrap_or_default()
    }
}

/// A word of the text with its readings.
struct Entry {
    start: usize,
    end: usize,
    cands: Cands,
}

/// The ways a lowercase word `w` (ASCII letters) reads as number words under a shift or a
/// reflection: at most one of each for a word of the table's lengths, a few for glued words.
fn word_cands(w: &[u8], out: &mut Cands) {
    let t = table();
    let n = w.len();
    let Some(&first) = w.first() else { return };
    if n == 1 {
        // `a` under the key that writes `a` as this letter.
        let x = first - b'a';
        for key in [Key::Shift(x), Key::Reflect(x)] {
            out.push(Cand {
                key,
                word: A,
                counted: 0,
                alone: false,
                glued: false,
            });
        }
        return;
    }
    if let (2, Some(&second)) = (n, w.get(1)) {
        // `oh` under the key that writes it so, joining digit words (`svir bar bu bu`).
        let d = diff(first, second, false);
        let (o, x) = (b'o' - b'a', first - b'a');
        let key = match d {
            OH_SHIFT => Key::Shift((x + 26 - o) % 26),
            OH_REFLECT => Key::Reflect((x + o) % 26),
            _ => return,
        };
        out.push(Cand {
            key,
            word: OH,
            counted: 0,
            alone: false,
            glued: false,
        });
        return;
    }
    for neg in [false, true] {
        let Some(h) = head(w, neg) else { return };
        if !has_bit(&t.heads, h) {
            continue;
        }
        let single = pattern(w, neg).and_then(|p| {
            let k = t.patterns.binary_search_by_key(&p, |(q, _)| *q).ok()?;
            t.patterns.get(k).map(|(_, i)| *i)
        });
        if let Some(i) = single {
            let v = t
                .words
                .get(usize::from(i))
                .map_or(&[][..], |v| v.as_bytes());
            let key = key_for(first, v, neg);
            let joiner = JOINERS.iter().any(|j| j.as_bytes() == v);
            out.push(Cand {
                key,
                word: i,
                counted: u8::from(!joiner),
                alone: !joiner && n >= LONG_WORD,
                glued: false,
            });
        } else if (LONG_WORD..=MAX_GLUED).contains(&n) {
            glued(w, neg, out);
        }
    }
}

/// The key under which the word starting with `first` reads as the number word `v`.
fn key_for(first: u8, v: &[u8], neg: bool) -> Key {
    let (c, p) = (first - b'a', v.first().map_or(0, |p| p - b'a'));
    if neg {
        Key::Reflect((c + p) % 26)
    } else {
        Key::Shift((c + 26 - p) % 26)
    }
}

/// `w` as number words glued, under each shift (or reflection, `neg`) that makes its start a
/// number word.
fn glued(w: &[u8], neg: bool, out: &mut Cands) {
    let t = table();
    let (Some(&first), Some(h)) = (w.first(), head(w, neg)) else {
        return;
    };
    let mut tried: Vec<Key> = Vec::new();
    let mut buf = [0u8; MAX_GLUED];
    for ((i, v), vh) in t.words.iter().enumerate().zip(&t.word_heads) {
        let v = v.as_bytes();
        if *vh != h || v.len() + 3 > w.len() || JOINERS.iter().any(|j| j.as_bytes() == v) {
            continue;
        }
        let Some(&v0) = v.first() else { continue };
        let same = v
            .iter()
            .zip(w)
            .all(|(&p, &c)| diff(v0, p, false) == diff(first, c, neg));
        if !same {
            continue;
        }
        let key = key_for(first, v, neg);
        if key == Key::Shift(0) || tried.contains(&key) {
            continue;
        }
        tried.push(key);
        for (d, &c) in buf.iter_mut().zip(w) {
            *d = key.decode(c);
        }
        let Some(spaced) = std::str::from_utf8(buf.get(..w.len()).unwrap_or_default())
            .ok()
            .and_then(super::readings::glued_number_words)
        else {
            continue;
        };
        let count = spaced.split(' ').filter(|x| *x != "and").count();
        out.push(Cand {
            key,
            word: u8::try_from(i).unwrap_or(A),
            counted: u8::try_from(count).unwrap_or(u8::MAX),
            alone: true,
            glued: true,
        });
    }
}

/// Number words the table counts forwards (units, teens, tens, scales): the joiners and the
/// backward words come after them.
const FORWARD_WORDS: usize = UNITS.len() + TEENS.len() + TENS.len() + SCALES.len();

/// The shifts under which one word (ASCII letters) reads as a number word written forwards,
/// with that word: `vjqwucpf` is `thousand` shifted by 2. For a shift that changes from word to
/// word (`stacked.rs`); the joiners and the backward words are left out.
pub(crate) fn word_shifts(w: &[u8]) -> Vec<(u8, &'static str)> {
    let mut lower = [0u8; MAX_WORD];
    if !(3..=MAX_WORD).contains(&w.len()) || !w.iter().all(u8::is_ascii_alphabetic) {
        return Vec::new();
    }
    for (d, c) in lower.iter_mut().zip(w) {
        *d = c | 0x20;
    }
    let mut cands = Cands::new();
    word_cands(lower.get(..w.len()).unwrap_or_default(), &mut cands);
    let t = table();
    cands
        .as_slice()
        .iter()
        .filter(|c| !c.glued && usize::from(c.word) < FORWARD_WORDS)
        .filter_map(|c| match c.key {
            Key::Shift(k) => Some((k, *t.words.get(usize::from(c.word))?)),
            Key::Reflect(_) => None,
        })
        .collect()
}

/// May the bytes between two words join them in a run? One to four spaces, tabs, commas,
/// hyphens, underscores, bars, slashes and semicolons, with at most one line break.
fn joinable(gap: &[u8]) -> bool {
    (1..=4).contains(&gap.len())
        && gap.iter().copied().all(gap_byte)
        && gap.iter().filter(|b| **b == b'\n').count() <= 1
}

/// `s` with every run of number words under a letter game written as plain number words;
/// `None` when there is none.
pub(crate) fn view(s: &str) -> Option<String> {
    let (words, coded) = scan(s.as_bytes());
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    shifted(s, &words, &mut edits);
    leet(s, &coded, &mut edits);
    apply(s, edits)
}

/// [`view`] for leetspeak alone, for tokens with a `$` (normalising drops it, so these are
/// read in the text as written); `None` when there is none.
pub(crate) fn leet_view(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut coded: Vec<Span> = Vec::new();
    for p in memchr::memchr_iter(b'$', b) {
        if coded.last().is_some_and(|&(_, e)| p < e) {
            continue;
        }
        let mut a = p;
        while a > 0 && b.get(a - 1).copied().is_some_and(leet_byte) {
            a -= 1;
        }
        let e = token_end(b, p);
        let or = b
            .get(a..e)
            .unwrap_or_default()
            .iter()
            .fold(0, |or, &c| or | CLASS[usize::from(c)]);
        if or == LETTER | SYMBOL && (3..=MAX_WORD).contains(&(e - a)) {
            coded.push((a, e));
        }
    }
    if coded.is_empty() {
        return None;
    }
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    leet(s, &coded, &mut edits);
    apply(s, edits)
}

/// `s` with the byte ranges of `edits` replaced (an edit overlapping an earlier one is
/// dropped); `None` when nothing changes.
fn apply(s: &str, mut edits: Vec<(usize, usize, String)>) -> Option<String> {
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|e| e.0);
    let mut out = String::with_capacity(s.len() + 16);
    let mut copied = 0;
    for (a, b, text) in &edits {
        if *a < copied {
            continue;
        }
        out.push_str(s.get(copied..*a)?);
        out.push_str(text);
        copied = *b;
    }
    out.push_str(s.get(copied..)?);
    (out != s).then_some(out)
}

/// Byte classes for [`scan`]: an ASCII letter, a leet symbol, another digit.
const LETTER: u8 = 1;
const SYMBOL: u8 = 2;
const DIGIT: u8 = 4;
static CLASS: [u8; 256] = classes();

const fn classes() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = if b.is_ascii_alphabetic() {
            LETTER
        } else if matches!(b, b'0' | b'1' | b'3' | b'4' | b'5' | b'7' | b'@' | b'$') {
            SYMBOL
        } else if b.is_ascii_digit() {
            DIGIT
        } else {
            0
        };
        c += 1;
    }
    t
}

/// One pass over the tokens (runs of ASCII letters, digits, `@` and `$`): the words of
/// letters alone that pass the gate, the one-letter words and the two-letter words that may
/// be `oh`; and the tokens
/// that mix letters with leet symbols and hold no other digit; as byte ranges. Each token is
/// found and classed in one tight loop (the classes of its bytes or-ed together).
fn scan(b: &[u8]) -> (Vec<Span>, Vec<Span>) {
    let gate = &table().gate;
    let mut found = Vec::new();
    let mut coded = Vec::new();
    let mut i = 0;
    while let Some(rest) = b.get(i..) {
        let Some(p) = rest.iter().position(|&c| CLASS[usize::from(c)] != 0) else {
            break;
        };
        let a = i + p;
        let tok = rest.get(p..).unwrap_or_default();
        let mut or = 0;
        let n = tok
            .iter()
            .position(|&c| {
                let k = CLASS[usize::from(c)];
                or |= k;
                k == 0
            })
            .unwrap_or(tok.len());
        let e = a + n;
        i = e;
        if or == LETTER {
            if n > MAX_GLUED {
                continue;
            }
            if n == 1 {
                found.push((a, e));
            } else if let Some(&[x, y]) = tok.get(..n).filter(|_| n == 2) {
                if matches!(diff(x | 0x20, y | 0x20, false), OH_SHIFT | OH_REFLECT) {
                    found.push((a, e));
                }
            } else if let Some(&[x, y, z]) = tok.get(..3) {
                let (x, y, z) = (
                    i32::from(x | 0x20),
                    i32::from(y | 0x20),
                    i32::from(z | 0x20),
                );
                let bit = 51 * (y - x + 25) + (z - x + 25);
                if has_bit(gate, usize::try_from(bit).unwrap_or(usize::MAX)) {
                    found.push((a, e));
                }
            }
        } else if or == LETTER | SYMBOL && (3..=MAX_WORD).contains(&n) {
            coded.push((a, e));
        }
    }
    (found, coded)
}

/// The words of `s` at `spans` (from [`scan`]) that read as number words under a shift or a
/// reflection and stand alone (not glued to a digit or another script's letter), in order.
fn entries(s: &str, spans: &[Span]) -> Vec<Entry> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut lower = [0u8; MAX_GLUED];
    for &(start, end) in spans {
        if alnum_before(s, start) || alnum_at(s, end) {
            continue;
        }
        let Some(w) = b.get(start..end) else { continue };
        for (d, c) in lower.iter_mut().zip(w) {
            *d = c | 0x20;
        }
        let mut cands = Cands::new();
        word_cands(lower.get(..w.len()).unwrap_or_default(), &mut cands);
        if cands.len > 0 {
            out.push(Entry { start, end, cands });
        }
    }
    out
}

/// A run of entries read under one key.
struct Run {
    key: Key,
    first: usize,
    last: usize,
    counted: usize,
    /// The first counted word, and whether another counted word differs from it.
    word: Option<u8>,
    distinct: bool,
    alone: bool,
}

impl Run {
    fn new(key: Key, at: usize) -> Run {
        Run {
            key,
            first: at,
            last: at,
            counted: 0,
            word: None,
            distinct: false,
            alone: false,
        }
    }

    fn add(&mut self, at: usize, c: &Cand) {
        self.last = at;
        self.counted += usize::from(c.counted);
        self.alone |= c.alone;
        if c.counted > 0 {
            match self.word {
                None => self.word = Some(c.word),
                Some(w) => self.distinct |= w != c.word,
            }
        }
    }

    fn holds(&self) -> bool {
        self.key != Key::Shift(0) && (self.alone || (self.counted >= 2 && self.distinct))
    }
}

/// Runs of words under one shift or reflection, decoded (`edits`: byte range, plain text).
fn shifted(s: &str, spans: &[Span], edits: &mut Vec<(usize, usize, String)>) {
    let es = entries(s, spans);
    if es.is_empty() {
        return;
    }
    let b = s.as_bytes();
    // The runs still open at the last entry, the next entry's, and the closed ones that hold.
    let mut open: Vec<Run> = Vec::new();
    let mut next: Vec<Run> = Vec::new();
    let mut held: Vec<Run> = Vec::new();
    for (k, e) in es.iter().enumerate() {
        let adjacent = k
            .checked_sub(1)
            .and_then(|p| es.get(p))
            .and_then(|p| b.get(p.end..e.start))
            .is_some_and(joinable);
        next.clear();
        for c in e.cands.as_slice() {
            let mut run = match open.iter().position(|r| adjacent && r.key == c.key) {
                Some(p) => open.swap_remove(p),
                None => Run::new(c.key, k),
            };
            run.add(k, c);
            next.push(run);
        }
        held.extend(open.drain(..).filter(Run::holds));
        std::mem::swap(&mut open, &mut next);
    }
    held.extend(open.drain(..).filter(Run::holds));
    for run in &held {
        for e in es.get(run.first..=run.last).unwrap_or_default() {
            let Some(c) = e.cands.as_slice().iter().find(|c| c.key == run.key) else {
                continue;
            };
            let Some(w) = b.get(e.start..e.end) else {
                continue;
            };
            let plain: Vec<u8> = w.iter().map(|&x| run.key.decode(x)).collect();
            let Ok(plain) = String::from_utf8(plain) else {
                continue;
            };
            let text = if c.glued {
                super::readings::glued_number_words(&plain).unwrap_or(plain)
            } else {
                plain
            };
            edits.push((e.start, e.end, text));
        }
    }
}

/// The letter a leet symbol may stand for (`1`: `i` or `l`).
fn leet_letters(c: u8) -> &'static [u8] {
    match c {
        b'0' => b"o",
        b'1' => b"il",
        b'3' => b"e",
        b'4' | b'@' => b"a",
        b'5' | b'$' => b"s",
        b'7' => b"t",
        _ => b"",
    }
}

/// How a token of letters and leet symbols reads.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Leet {
    /// A number word as written (index into the table's words, or [`A`]).
    Plain(u8),
    /// A number word in leet; `strong`: four letters or more with a letter on both sides of
    /// a symbol.
    Coded { word: u8, strong: bool },
}

/// Token `t` (ASCII letters, digits, `@`, `$`) as a number word, plain or in leet.
fn leet_word(t: &[u8]) -> Option<Leet> {
    let tab = table();
    let letters = t.iter().filter(|c| c.is_ascii_alphabetic()).count();
    if letters == 0 {
        return None;
    }
    if letters == t.len() {
        if t.len() == 1 {
            return t.eq_ignore_ascii_case(b"a").then_some(Leet::Plain(A));
        }
        let i = tab
            .words
            .iter()
            .position(|w| w.as_bytes().eq_ignore_ascii_case(t))?;
        return u8::try_from(i).ok().map(Leet::Plain);
    }
    if t.len() > MAX_WORD
        || t.iter()
            .any(|&c| !c.is_ascii_alphabetic() && leet_letters(c).is_empty())
    {
        return None;
    }
    let i = tab.words.iter().position(|w| {
        w.len() == t.len()
            && w.bytes()
                .zip(t)
                .all(|(p, &c)| c.to_ascii_lowercase() == p || leet_letters(c).contains(&p))
    })?;
    let strong = t.len() >= 4
        && t.windows(3).any(|x| {
            matches!(x, [a, m, z] if a.is_ascii_alphabetic() && !m.is_ascii_alphabetic() && z.is_ascii_alphabetic())
        });
    Some(Leet::Coded {
        word: u8::try_from(i).ok()?,
        strong,
    })
}

/// Is `c` part of a leet token?
fn leet_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'@' || c == b'$'
}

/// Is `c` a byte that may stand between two words of a run ([`joinable`])?
fn gap_byte(c: u8) -> bool {
    matches!(
        c,
        b' ' | b'\t' | b'\r' | b'\n' | b',' | b'-' | b'_' | b'|' | b'/' | b';'
    )
}

/// The leet token (a maximal run of [`leet_byte`]s) that ends at `e`, if the bytes from there
/// to `a` join it to the word at `a`: its start.
fn token_before(b: &[u8], a: usize) -> Option<usize> {
    let mut e = a;
    while e > 0 && a - e <= 4 && b.get(e - 1).copied().is_some_and(gap_byte) {
        e -= 1;
    }
    if !joinable(b.get(e..a)?) || !b.get(e.checked_sub(1)?).copied().is_some_and(leet_byte) {
        return None;
    }
    let mut start = e - 1;
    while start > 0 && b.get(start - 1).copied().is_some_and(leet_byte) {
        start -= 1;
    }
    Some(start)
}

/// The leet token that the bytes after `e` join to the word ending there: its range.
fn token_after(b: &[u8], e: usize) -> Option<(usize, usize)> {
    let mut a = e;
    while a - e <= 4 && b.get(a).copied().is_some_and(gap_byte) {
        a += 1;
    }
    if !joinable(b.get(e..a)?) || !b.get(a).copied().is_some_and(leet_byte) {
        return None;
    }
    let mut end = a;
    while b.get(end).copied().is_some_and(leet_byte) {
        end += 1;
    }
    Some((a, end))
}

/// Token `a..e` of `s` as a number word, plain or in leet, if it stands alone (no letter or
/// digit of another script glued to it).
fn leet_at(s: &str, a: usize, e: usize) -> Option<Leet> {
    if alnum_before(s, a) || alnum_at(s, e) {
        return None;
    }
    s.as_bytes().get(a..e).and_then(leet_word)
}

/// Runs of number words with at least one in leet, decoded (`edits`: byte range, plain text).
/// `coded`: the tokens that mix letters with leet symbols ([`scan`]); a run is grown from each
/// one that reads as a number word in leet, over its neighbours.
fn leet(s: &str, coded: &[Span], edits: &mut Vec<(usize, usize, String)>) {
    let b = s.as_bytes();
    // Bytes before this were read (a run already taken).
    let mut done = 0;
    for &(start, end) in coded {
        if start < done {
            continue;
        }
        let Some(l @ Leet::Coded { .. }) = leet_at(s, start, end) else {
            continue;
        };
        // The run around it: number words, plain or in leet, joined to it either side.
        let mut run: Vec<(usize, usize, Leet)> = vec![(start, end, l)];
        let mut a = start;
        while let Some(pa) = token_before(b, a) {
            let pe = token_end(b, pa);
            let Some(pl) = leet_at(s, pa, pe) else { break };
            run.insert(0, (pa, pe, pl));
            a = pa;
        }
        let mut e = end;
        while let Some((na, ne)) = token_after(b, e) {
            let Some(nl) = leet_at(s, na, ne) else { break };
            run.push((na, ne, nl));
            e = ne;
        }
        done = e;
        decode_leet_run(b, &run, edits);
    }
}

/// The end of the leet token that starts at `a`.
fn token_end(b: &[u8], a: usize) -> usize {
    let mut e = a;
    while b.get(e).copied().is_some_and(leet_byte) {
        e += 1;
    }
    e
}

/// A run of number words with one in leet or more, decoded when it holds: two different
/// number words, or a strong leet word.
fn decode_leet_run(
    b: &[u8],
    run: &[(usize, usize, Leet)],
    edits: &mut Vec<(usize, usize, String)>,
) {
    let counted = |l: &Leet| match *l {
        Leet::Plain(w) | Leet::Coded { word: w, .. } => {
            let joiner = table()
                .words
                .get(usize::from(w))
                .is_none_or(|v| JOINERS.contains(v));
            (!joiner).then_some(w)
        }
    };
    let mut words = run.iter().filter_map(|(_, _, l)| counted(l));
    let distinct = words.next().is_some_and(|first| words.any(|w| w != first));
    let strong = run
        .iter()
        .any(|t| matches!(t.2, Leet::Coded { strong: true, .. }));
    if !(distinct || strong) {
        return;
    }
    for &(a, e, l) in run {
        let Leet::Coded { word, .. } = l else {
            continue;
        };
        let (Some(v), Some(t)) = (table().words.get(usize::from(word)), b.get(a..e)) else {
            continue;
        };
        // A symbol takes the case of the token's letters (`TH0U$AND` → `THOUSAND`).
        let upper = t
            .iter()
            .filter(|c| c.is_ascii_alphabetic())
            .all(u8::is_ascii_uppercase);
        let text: String = v
            .bytes()
            .zip(t)
            .map(|(p, &c)| match (c.is_ascii_alphabetic(), upper) {
                (true, _) => char::from(c),
                (false, true) => char::from(p.to_ascii_uppercase()),
                (false, false) => char::from(p),
            })
            .collect();
        edits.push((a, e, text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text shifted by `k` (or reflected, Atbash with `k = 25`).
    fn encode(s: &str, key: Key) -> String {
        s.bytes()
            .map(|c| {
                let base = if c.is_ascii_lowercase() {
                    b'a'
                } else if c.is_ascii_uppercase() {
                    b'A'
                } else {
                    return char::from(c);
                };
                let x = c - base;
                let y = match key {
                    Key::Shift(k) => (x + k) % 26,
                    Key::Reflect(k) => (k + 26 - x) % 26,
                };
                char::from(base + y)
            })
            .collect()
    }

    fn read(s: &str) -> Option<String> {
        view(s)
    }

    #[test]
    fn rot13_and_every_shift() {
        assert_eq!(
            read("svir gubhfnaq bar uhaqerq").as_deref(),
            Some("five thousand one hundred")
        );
        assert_eq!(
            read("lag: gjb gubhfnaq frira uhaqerq svsgl messages").as_deref(),
            Some("lag: two thousand seven hundred fifty messages")
        );
        for plain in [
            "five thousand one hundred",
            "two thousand seven hundred fifty",
            "twenty-seven hundred and fifty",
            "Five Thousand, One Hundred",
            "five one zero zero",
            "five one oh oh",
            "a hundred and two",
            "two point four million",
        ] {
            for k in 1..26 {
                let coded = encode(plain, Key::Shift(k));
                assert_eq!(read(&coded).as_deref(), Some(plain), "shift {k}: {coded}");
            }
            for k in 0..26 {
                let coded = encode(plain, Key::Reflect(k));
                assert_eq!(read(&coded).as_deref(), Some(plain), "reflect {k}: {coded}");
            }
        }
    }

    #[test]
    fn number_words_backwards_under_a_shift() {
        // Reversed, then shifted by three: decoded to the backward words, which the second
        // readings turn around.
        assert_eq!(
            read("ghugqxk hqr gqdvxrkw hyli").as_deref(),
            Some("derdnuh eno dnasuoht evif")
        );
        for k in 1..26 {
            let coded = encode("orez orez eno evif", Key::Shift(k));
            assert_eq!(
                read(&coded).as_deref(),
                Some("orez orez eno evif"),
                "{coded}"
            );
        }
        // Each backward word is a forward one reversed.
        let forward: Vec<String> = UNITS
            .iter()
            .chain(TEENS.iter())
            .chain(TENS.iter())
            .chain(SCALES.iter())
            .map(|w| w.chars().rev().collect())
            .collect();
        assert_eq!(forward, BACKWARD.to_vec());
        // Near-misses: one short backward word alone, plain words.
        assert_eq!(read("net gain"), None);
        assert_eq!(read("the xis and eno"), None);
    }

    #[test]
    fn shifts_of_one_word() {
        assert_eq!(word_shifts(b"vjqwucpf"), vec![(2, "thousand")]);
        assert_eq!(word_shifts(b"gjwf"), vec![(1, "five")]);
        assert!(word_shifts(b"and").is_empty());
        assert!(word_shifts(b"ab").is_empty());
    }

    #[test]
    fn atbash() {
        assert_eq!(
            read("urev gslfhzmw lmv sfmwivw").as_deref(),
            Some("five thousand one hundred")
        );
    }

    #[test]
    fn one_long_word_and_glued_words() {
        assert_eq!(read("gubhfnaq").as_deref(), Some("thousand"));
        assert_eq!(
            read("svirgubhfnaqbaruhaqerq").as_deref(),
            Some("five thousand one hundred")
        );
        assert_eq!(
            read(&encode("twothousandsevenhundredfifty", Key::Reflect(25))).as_deref(),
            Some("two thousand seven hundred fifty")
        );
    }

    #[test]
    fn leetspeak() {
        for (coded, plain) in [
            ("f1ve th0usand one hundr3d", "five thousand one hundred"),
            (
                "tw0 th0u5and 5even hundred f1fty",
                "two thousand seven hundred fifty",
            ),
            ("F1VE TH0U$AND 0NE HUNDR3D", "FIVE THOUSAND ONE HUNDRED"),
            ("F1ve", "Five"),
            (
                "7w0 7h0u54nd 53v3n hundr3d f1f7y",
                "two thousand seven hundred fifty",
            ),
            ("f1ve th0us@nd, one hundred", "five thousand, one hundred"),
            ("m1ll10n", "million"),
            ("f1ve", "five"),
            ("0ne hundred", "one hundred"),
        ] {
            assert_eq!(read(coded).as_deref(), Some(plain), "{coded}");
        }
    }

    #[test]
    fn near_misses_stay_as_written() {
        for t in [
            "Meet me at the bar.",
            "bar",
            "the bar is open",
            "log log plot",
            "bar, bar",
            "row, row, row your boat",
            "hir, Hir",
            "YOD YOD",
            "ufo sightings",
            "h3llo w0rld",
            "l33t",
            "k8s s3 bucket v1 api",
            "p99 x86 utf8 sha256 e2e i18n a11y",
            "web01.example.com node-1 t3.micro m5.large",
            "0ne",
            "5even",
            "$ix",
            "tw0 tw0",
            "five thousand one hundred",
            "The quick brown fox jumps over the lazy dog",
            "kubectl get pods -n orders --watch",
        ] {
            assert_eq!(read(t), None, "{t}");
        }
    }

    #[test]
    fn the_benign_corpus_is_never_rewritten() {
        let corpus = include_str!("../../tests/data/benign_ops.txt");
        let changed: Vec<&str> = corpus.lines().filter(|l| read(l).is_some()).collect();
        assert!(changed.is_empty(), "{changed:#?}");
    }

    #[test]
    fn no_two_words_share_a_pattern() {
        let t = table();
        assert!(t.patterns.windows(2).all(|w| w[0].0 != w[1].0));
        // No pattern is another's negation: a plain number word reads under no reflection.
        for w in &t.words {
            let neg = pattern(w.as_bytes(), true).unwrap();
            assert!(
                t.patterns.binary_search_by_key(&neg, |(p, _)| *p).is_err(),
                "{w}"
            );
        }
    }
}
