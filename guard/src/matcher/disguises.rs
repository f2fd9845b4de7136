//! A name's distinctive part hidden by a word game (part of the fuzzy name rules,
//! [`super::fuzzy`]). A learner who knows `orders-worker-kestrel` is guarded can ask the model
//! for the part
//! - in Pig Latin (`estrelkay`, `ordersway-orkerway-estrelkay`),
//! - with one filler letter after every letter (`kxexsxtxrxexlx`, `kaeasatarael`) or every
//!   letter doubled (`kkeessttrreell`),
//! - typed one key to the right or left on a QWERTY keyboard (`lrdytr;`, `jwarewk`),
//! - without its vowels (`kstrl`),
//! - in a language game (Rövarspråket `kokesostotrorelol`, Ubbi Dubbi `kubestrubel`, the
//!   p-language `kepestrepel`) or as phone keypad digits (`5378735`),
//! - with its letters shuffled or sorted (`sterlek`, `eeklrst`, `ksrl/ete`), or on two rails
//!   (`ksrl ete`),
//! - misspelled by sound (`castrel`, `kestrill`),
//! - as a mask with some letters blanked (`k?str?l`, `K _ S T R _ L`, `K_S_R_L`),
//! - in pieces with filler words between (`kes then trel`, `first kes, then trel`).
//!
//! This module owns those forms. The first four are written forms of the part, compiled into
//! the exact skeleton automaton of [`super::fuzzy`] ([`forms`]); the others are checks on the
//! text ([`Part::scan`]).
//!
//! # False-positive controls
//!
//! Every form is read only for a distinctive part ([`super::parts`]: not a common ops or
//! English word), only on word boundaries, and only for parts long enough that a random word
//! rarely takes the form: six letters for the written forms and anagrams, seven for sound
//! (`bullet` and `ballot` share a sound key; `restrel`, `petrel` do not share `kestrel`'s).
//! A mask must show more than half the letters and blank at least one; pieces must be joined
//! only by filler words (`then`, `pause`, `and`, …). An anagram spanning several words must
//! span at most three, joined by punctuation other than a lone space (`sel trek` in prose is
//! not `kestrel`; `ksrl/ete` is).
//!
//! # Cost
//!
//! The written forms cost nothing per reply (they are patterns of the existing automaton).
//! The checks are one pass over the skeleton per part (a sliding letter count and a sound
//! key), and a mask and piece pass over the words only when the text has a mask character
//! or a part's first piece.

/// The shortest part read in a written form or as an anagram.
const MIN_FORM: usize = 6;
/// The shortest part read by sound.
const MIN_SOUND: usize = 7;

fn is_vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u')
}

/// The key one to the right (`right`) or left of each letter on a QWERTY keyboard.
fn keyboard(b: u8, right: bool) -> Option<u8> {
    const ROWS: [&[u8]; 3] = [b"qwertyuiop[", b"asdfghjkl;'", b"zxcvbnm,./"];
    for row in ROWS {
        if let Some(i) = row.iter().position(|c| *c == b) {
            let j = if right { i + 1 } else { i.checked_sub(1)? };
            return row.get(j).copied();
        }
    }
    None
}

/// The phone keypad digit of a lowercase letter.
fn phone_key(b: u8) -> Option<u8> {
    const KEYS: [&[u8]; 8] = [
        b"abc", b"def", b"ghi", b"jkl", b"mno", b"pqrs", b"tuv", b"wxyz",
    ];
    let k = KEYS.iter().position(|k| k.contains(&b))?;
    u8::try_from(k).ok().map(|k| b'2' + k)
}

/// Pig Latin of one lowercase word: vowel-initial words take `way`, `yay`, `hay` or `ay`;
/// others move their first consonant, or their leading consonant cluster, to the end and
/// take `ay`.
fn pig_latin(w: &[u8], out: &mut Vec<Vec<u8>>) {
    let Some(&first) = w.first() else {
        return;
    };
    if is_vowel(first) {
        for tail in [&b"way"[..], b"yay", b"hay", b"ay"] {
            out.push([w, tail].concat());
        }
        return;
    }
    let cluster = w
        .iter()
        .position(|b| is_vowel(*b) || *b == b'y')
        .filter(|n| *n > 0)
        .unwrap_or(1);
    for n in [1, cluster] {
        if let (Some(head), Some(rest)) = (w.get(..n), w.get(n..)) {
            let form = [rest, head, b"ay"].concat();
            if !out.contains(&form) {
                out.push(form);
            }
        }
    }
}

/// The written forms of a lowercase letters-only part or name (`words`: its words, for Pig
/// Latin word by word), each as plain lowercase letters and punctuation (the caller reads
/// them as skeletons).
pub(crate) fn forms(words: &[&[u8]]) -> Vec<Vec<u8>> {
    let plain: Vec<u8> = words.concat();
    let mut out: Vec<Vec<u8>> = Vec::new();
    if plain.len() < MIN_FORM || !plain.iter().all(u8::is_ascii_lowercase) {
        return out;
    }
    // Pig Latin, word by word (every combination of the two consonant readings is not
    // needed: a name's words rarely start with a cluster).
    let mut pig: Vec<u8> = Vec::new();
    for w in words {
        let mut one = Vec::new();
        pig_latin(w, &mut one);
        if let Some(f) = one.first() {
            pig.extend_from_slice(f);
        }
        if words.len() == 1 {
            out.extend(one);
        }
    }
    if words.len() > 1 {
        out.push(pig);
    }
    // One filler letter after every letter (with or without the last one), every letter
    // doubled or tripled.
    for f in b'a'..=b'z' {
        let mut form: Vec<u8> = plain.iter().flat_map(|&b| [b, f]).collect();
        out.push(form.clone());
        form.pop();
        out.push(form);
    }
    out.push(plain.iter().flat_map(|&b| [b, b]).collect());
    out.push(plain.iter().flat_map(|&b| [b, b, b]).collect());
    // One key right or left.
    for right in [true, false] {
        let shifted: Option<Vec<u8>> = plain.iter().map(|&b| keyboard(b, right)).collect();
        if let Some(s) = shifted {
            if s.iter().filter(|b| b.is_ascii_lowercase()).count() + 1 >= plain.len() {
                out.push(s);
            }
        }
    }
    // Language games: Rövarspråket (`kokesostotrorelol`: a consonant, `o`, itself), the
    // p-language (`kepestrepel`: a vowel, `p`, itself), a syllable before every vowel (Ubbi
    // Dubbi `kubestrubel`, Obish, Javanais, Egg language, Idiginish, Op).
    out.push(
        plain
            .iter()
            .flat_map(|&b| {
                if is_vowel(b) {
                    vec![b]
                } else {
                    vec![b, b'o', b]
                }
            })
            .collect(),
    );
    out.push(
        plain
            .iter()
            .flat_map(|&b| {
                if is_vowel(b) {
                    vec![b, b'p', b]
                } else {
                    vec![b]
                }
            })
            .collect(),
    );
    for infix in [&b"ub"[..], b"ob", b"av", b"egg", b"idig", b"op", b"ag"] {
        let mut form = Vec::with_capacity(plain.len() * 3);
        for &b in &plain {
            if is_vowel(b) {
                form.extend_from_slice(infix);
            }
            form.push(b);
        }
        out.push(form);
    }
    // A phone keypad's digits (`5378735`).
    let keypad: Option<Vec<u8>> = plain.iter().map(|&b| phone_key(b)).collect();
    out.extend(keypad);
    // Without vowels (at least four consonants left, and something removed).
    let bare: Vec<u8> = plain.iter().copied().filter(|b| !is_vowel(*b)).collect();
    if bare.len() >= 4 && bare.len() < plain.len() {
        out.push(bare);
    }
    out
}

/// The sound key of lowercase letters: vowels one class, `c` before `e`/`i`/`y` as `s`,
/// else as `k`, `q` as `k`, `z` as `s`, `ph` as `f`, an `h` after a vowel and before a
/// consonant silent, runs of one key letter as one.
fn sound(letters: &[u8], push: &mut dyn FnMut(u8)) {
    let mut last = 0u8;
    let mut k = 0;
    while let Some(&b) = letters.get(k) {
        let next = letters.get(k + 1).copied().unwrap_or(0);
        let (key, step) = match b {
            b'a' | b'e' | b'i' | b'o' | b'u' => (b'a', 1),
            // A respelling's `eh`, `uh` (`kehstrehl`, `kestruhl`): the `h` lengthens the vowel.
            b'h' if last == b'a' && !is_vowel(next) => {
                k += 1;
                continue;
            }
            b'c' if matches!(next, b'e' | b'i' | b'y') => (b's', 1),
            b'c' | b'q' => (b'k', 1),
            b'z' => (b's', 1),
            b'p' if next == b'h' => (b'f', 2),
            b if b.is_ascii_lowercase() => (b, 1),
            // A digit or other byte breaks the key (never equal to a letter).
            _ => (b'#', 1),
        };
        if key != last {
            push(key);
            last = key;
        }
        k += step;
    }
}

/// Can a word starting with byte `b` have a sound key starting with `key`?
fn may_start(b: u8, key: Option<&u8>) -> bool {
    let Some(&k) = key else {
        return false;
    };
    match b.to_ascii_lowercase() {
        b'a' | b'e' | b'i' | b'o' | b'u' => k == b'a',
        b'c' => k == b'k' || k == b's',
        b'q' => k == b'k',
        b'z' => k == b's',
        b'p' => k == b'p' || k == b'f',
        b => b == k,
    }
}

/// The characters a mask blanks a letter with.
fn is_blank(c: char) -> bool {
    matches!(
        c,
        '_' | '?' | '*' | '•' | '·' | '…' | '□' | '○' | '#' | '-' | '.' | '＿'
    )
}

/// Words that may stand between the pieces of a name said in parts.
#[rustfmt::skip]
const FILLER: &[&str] = &[
    "a", "after", "and", "beat", "break", "by", "comes", "comma", "dash", "dot", "finally",
    "first", "followed", "hyphen", "is", "it", "last", "next", "part", "pause", "plus",
    "second", "space", "stop", "that", "the", "then", "third", "with",
];

/// One distinctive part's text-side checks.
#[derive(Debug, Clone)]
pub(crate) struct Part {
    pub(crate) idx: usize,
    /// The part's letters, lowercase.
    letters: Vec<u8>,
    /// Letter counts of its skeleton (`i` read as `l`, as the skeleton reads it).
    counts: [u8; 26],
    /// Its sound key, for a part of [`MIN_SOUND`] letters or more.
    sound: Option<Vec<u8>>,
}

/// A skeleton as [`Part::scan`] reads it: its bytes, and whether skeleton range `a..b`
/// starts and ends on word boundaries of the text.
pub(crate) struct View<'a> {
    pub(crate) text: &'a str,
    pub(crate) bytes: &'a [u8],
    pub(crate) spans: &'a [(usize, usize)],
}

impl View<'_> {
    fn bounded(&self, a: usize, b: usize) -> bool {
        let (Some(first), Some(last)) = (
            self.spans.get(a),
            b.checked_sub(1).and_then(|e| self.spans.get(e)),
        ) else {
            return false;
        };
        let before = self.text.get(..first.0).and_then(|h| h.chars().next_back());
        let after = self.text.get(last.1..).and_then(|t| t.chars().next());
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    }

    /// Between skeleton letters `a` and `b` (exclusive) the text is joined (at most two gaps,
    /// each a joining mark such as `/`, `+`, `|` with optional spaces and quotes: an anagram
    /// across prose words, `rest, elk`, is not read).
    fn joined(&self, a: usize, b: usize) -> bool {
        let mut gaps = 0;
        for k in a + 1..b {
            let (Some(p), Some(q)) = (self.spans.get(k - 1), self.spans.get(k)) else {
                return false;
            };
            if p.1 == q.0 {
                continue;
            }
            let Some(gap) = self.text.get(p.1..q.0) else {
                return false;
            };
            // Joined by a mark a learner puts between pieces, not prose punctuation.
            let mark = gap.trim();
            if mark.is_empty() || !mark.chars().all(|c| "/+|&-_~*\"'".contains(c)) {
                return false;
            }
            gaps += 1;
        }
        gaps <= 2
    }
}

impl Part {
    /// The checks for a lowercase part, if it is letters only and long enough.
    /// `folded`: its skeleton.
    pub(crate) fn new(idx: usize, part: &str, folded: &[u8]) -> Option<Part> {
        let letters: Vec<u8> = part.bytes().collect();
        if letters.len() < MIN_FORM
            || !letters.iter().all(u8::is_ascii_lowercase)
            || !folded.iter().all(u8::is_ascii_lowercase)
        {
            return None;
        }
        let mut counts = [0u8; 26];
        for b in folded {
            let c = counts.get_mut(usize::from(b - b'a'))?;
            *c = c.saturating_add(1);
        }
        let sound = (letters.len() >= MIN_SOUND).then(|| {
            let mut key = Vec::new();
            sound(&letters, &mut |b| key.push(b));
            key
        });
        Some(Part {
            idx,
            letters,
            counts,
            sound: sound.filter(|k| k.len() >= 5),
        })
    }

    /// Does the skeleton `v` hold the part as an anagram, or its text by sound, with filler
    /// letters, on two rails, as a mask or in pieces?
    pub(crate) fn scan(&self, v: &View<'_>) -> bool {
        self.anagram(v) || self.words(v.text) || self.mask(v.text) || self.pieces(v.text)
    }

    /// One pass over the words of `s` for the checks on one word or two neighbours: by sound
    /// (`castrel`, `kestrill`), with a filler letter taken out (`kaeasatarael`, a filler
    /// missed once), on two rails (`ksrl ete`). Each check first tests the word's length.
    fn words(&self, s: &str) -> bool {
        let m = self.letters.len();
        let (odd, even) = (m.div_ceil(2), m / 2);
        let mut prev: &[u8] = &[];
        let mut word: Vec<u8> = Vec::new();
        let mut got: Vec<u8> = Vec::new();
        // ASCII words (a non-ASCII letter ends one: these games are played in ASCII).
        for w in s
            .as_bytes()
            .split(|b| !b.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
        {
            let n = w.len();
            if prev.len() == odd && n == even && self.rails(prev, w) {
                return true;
            }
            prev = w;
            if n + 3 >= 2 * m && n <= 2 * m + 1 && self.filler(w) {
                return true;
            }
            if let Some(key) = &self.sound {
                let starts = w.first().is_some_and(|b| may_start(*b, key.first()));
                if starts && n + 2 >= m && n <= m + 3 && w.iter().all(u8::is_ascii_alphabetic) {
                    word.clear();
                    word.extend(w.iter().map(u8::to_ascii_lowercase));
                    got.clear();
                    sound(&word, &mut |b| got.push(b));
                    if got == *key {
                        return true;
                    }
                }
            }
        }
        self.sound.is_some() && self.syllables(s)
    }

    /// By sound across a hyphen: a respelling in syllables (`KESS-trul`,
    /// `orders-worker-kess-trull`), two or three neighbouring pieces of one hyphenated word.
    fn syllables(&self, s: &str) -> bool {
        let Some(key) = &self.sound else {
            return false;
        };
        let m = self.letters.len();
        let b = s.as_bytes();
        if memchr::memchr(b'-', b).is_none() {
            return false;
        }
        let mut word: Vec<u8> = Vec::new();
        let mut got: Vec<u8> = Vec::new();
        for token in b
            .split(|c| !(c.is_ascii_alphabetic() || *c == b'-'))
            .filter(|t| t.contains(&b'-'))
        {
            // The first eight pieces, on the stack (most hyphenated words are two or three).
            let mut pieces: [&[u8]; 8] = [&[]; 8];
            let mut count = 0;
            for (slot, p) in pieces.iter_mut().zip(token.split(|c| *c == b'-')) {
                *slot = p;
                count += 1;
            }
            let pieces = pieces.get(..count).unwrap_or(&[]);
            for a in 0..pieces.len() {
                for e in a + 2..=(a + 3).min(pieces.len()) {
                    let Some(run) = pieces.get(a..e) else {
                        continue;
                    };
                    let n: usize = run.iter().map(|p| p.len()).sum();
                    let starts = run
                        .first()
                        .and_then(|p| p.first())
                        .is_some_and(|c| may_start(*c, key.first()));
                    if !starts || n + 2 < m || n > m + 3 || run.iter().any(|p| p.is_empty()) {
                        continue;
                    }
                    word.clear();
                    word.extend(
                        run.iter()
                            .flat_map(|p| p.iter())
                            .map(u8::to_ascii_lowercase),
                    );
                    got.clear();
                    sound(&word, &mut |c| got.push(c));
                    if got == *key {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// A two-rail fence: the part's odd letters in `a`, its even ones in `b`.
    fn rails(&self, a: &[u8], b: &[u8]) -> bool {
        self.letters.iter().enumerate().all(|(k, l)| {
            let c = if k % 2 == 0 {
                a.get(k / 2)
            } else {
                b.get(k / 2)
            };
            c.is_some_and(|c| c.eq_ignore_ascii_case(l))
        })
    }

    /// Word `w` is the part once one filler letter the part lacks is taken out.
    fn filler(&self, b: &[u8]) -> bool {
        let m = self.letters.len();
        // The word starts with the part's first letter and the filler.
        let (Some(first), Some(f)) = (b.first(), b.get(1)) else {
            return false;
        };
        let f = f.to_ascii_lowercase();
        if self.letters.first() != Some(&first.to_ascii_lowercase()) || self.letters.contains(&f) {
            return false;
        }
        let n = b.iter().filter(|c| c.eq_ignore_ascii_case(&f)).count();
        let mut rest = b.iter().filter(|c| !c.eq_ignore_ascii_case(&f));
        n + 2 >= m
            && b.len() - n == m
            && self
                .letters
                .iter()
                .all(|l| rest.next().is_some_and(|c| c.eq_ignore_ascii_case(l)))
    }

    /// A window of the skeleton with the part's letter counts, on word boundaries and joined.
    /// Only a run of `m` or more bytes that are all letters of the part is counted.
    fn anagram(&self, v: &View<'_>) -> bool {
        let m = self.letters.len();
        let mut run = 0usize;
        for (j, &b) in v.bytes.iter().enumerate() {
            let i = usize::from(b.wrapping_sub(b'a'));
            if self.counts.get(i).is_some_and(|c| *c > 0) {
                run += 1;
            } else {
                run = 0;
                continue;
            }
            if run < m {
                continue;
            }
            let a = j + 1 - m;
            let Some(win) = v.bytes.get(a..=j) else {
                continue;
            };
            let mut have = [0u8; 26];
            for c in win {
                if let Some(h) = have.get_mut(usize::from(c.wrapping_sub(b'a'))) {
                    *h = h.saturating_add(1);
                }
            }
            if have == self.counts && v.bounded(a, j + 1) && v.joined(a, j + 1) {
                return true;
            }
        }
        false
    }

    /// `k?str?l`, `K_S_R_L`, `K _ S T R _ L`: a whitespace token, or a run of one-character
    /// tokens, of the part's length, showing more than half its letters and blanking one.
    fn mask(&self, s: &str) -> bool {
        let blank_byte =
            |b: &u8| matches!(b, b'_' | b'?' | b'*' | b'#' | b'-' | b'.') || *b >= 0x80;
        if !s.as_bytes().iter().any(blank_byte) {
            return false;
        }
        let m = self.letters.len();
        let mut spaced: Vec<char> = Vec::new();
        for tok in s.split_ascii_whitespace() {
            // A mask token is about the part's length (a blank may be `…`, three bytes).
            if tok.len() >= m && tok.len() <= 3 * m + 4 {
                let t = tok.trim_matches(|c: char| !c.is_alphanumeric() && !is_blank(c));
                if self.fits(t) || self.fits(t.trim_end_matches(['?', '.', '-'])) {
                    return true;
                }
            }
            let mut cs = tok.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => {
                    spaced.push(c);
                    if spaced.len() >= m {
                        let last: String = spaced
                            .get(spaced.len() - m..)
                            .unwrap_or(&[])
                            .iter()
                            .collect();
                        if self.fits(&last) {
                            return true;
                        }
                    }
                }
                _ => spaced.clear(),
            }
        }
        false
    }

    fn fits(&self, cells: &str) -> bool {
        let m = self.letters.len();
        if cells.len() < m || cells.chars().count() != m {
            return false;
        }
        let mut shown = 0;
        let mut blank = 0;
        for (c, want) in cells.chars().zip(self.letters.iter()) {
            if is_blank(c) {
                blank += 1;
            } else if c.to_ascii_lowercase() == char::from(*want) {
                shown += 1;
            } else {
                return false;
            }
        }
        blank > 0 && shown * 2 > m
    }

    /// `kes then trel`: words that are pieces of the part, in order, with only filler words
    /// and punctuation between; two to four pieces of two letters or more.
    fn pieces(&self, s: &str) -> bool {
        let Some(head) = self.letters.get(..2) else {
            return false;
        };
        let (Some(&h0), Some(&h1)) = (head.first(), head.get(1)) else {
            return false;
        };
        let sb = s.as_bytes();
        let found = memchr::memchr2_iter(h0, h0.to_ascii_uppercase(), sb)
            .any(|i| sb.get(i + 1).is_some_and(|b| b.eq_ignore_ascii_case(&h1)));
        if !found {
            return false;
        }
        let words: Vec<&str> = s
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        for start in 0..words.len() {
            let mut done = 0;
            let mut pieces = 0;
            let mut k = start;
            while let Some(w) = words.get(k) {
                let rest = self.letters.get(done..).unwrap_or(&[]);
                let wb = w.as_bytes();
                if wb.len() >= 2
                    && wb.len() <= rest.len()
                    && rest
                        .get(..wb.len())
                        .is_some_and(|r| r.eq_ignore_ascii_case(wb))
                {
                    done += wb.len();
                    pieces += 1;
                    if done == self.letters.len() {
                        if pieces >= 2 {
                            return true;
                        }
                        break;
                    }
                } else if pieces == 0
                    || !FILLER.contains(&w.to_ascii_lowercase().as_str())
                    || pieces > 4
                {
                    break;
                }
                k += 1;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(forms: &[Vec<u8>], f: &str) -> bool {
        forms.iter().any(|x| x == f.as_bytes())
    }

    #[test]
    fn written_forms() {
        let f = forms(&[b"kestrel"]);
        for w in [
            "estrelkay",
            "kxexsxtxrxexlx",
            "kaeasataraeal",
            "kkeessttrreell",
            "lrdytr;",
            "jwarewk",
            "kstrl",
            "kokesostotrorelol",
            "kepestrepel",
            "kubestrubel",
            "5378735",
        ] {
            assert!(has(&f, w), "{w}");
        }
        assert!(has(
            &forms(&[b"orders", b"worker", b"kestrel"]),
            "orderswayorkerwayestrelkay"
        ));
        assert!(has(&forms(&[b"oriole"]), "orioleway"));
        assert!(has(&forms(&[b"string"]), "ingstray"));
        assert!(forms(&[b"kes"]).is_empty());
    }

    fn checks(part: &str, text: &str) -> bool {
        let Some(p) = Part::new(0, part, part.as_bytes()) else {
            return false;
        };
        let mut bytes = Vec::new();
        let mut spans = Vec::new();
        for (i, c) in text.char_indices() {
            if c.is_ascii_alphanumeric() {
                bytes.push(c.to_ascii_lowercase() as u8);
                spans.push((i, i + 1));
            }
        }
        p.scan(&View {
            text,
            bytes: &bytes,
            spans: &spans,
        })
    }

    #[test]
    fn text_checks() {
        for t in [
            "it is sterlek",
            "kaeasatarael",
            "kXeXsXtXrXeXl",
            "eeklrst (sorted letters)",
            "ksrl/ete",
            "ktrl + ese",
            "castrel",
            "the kestrill worker",
            "k?str?l",
            "K _ S T R _ L",
            "7 letters, K_S_R_L.",
            "kes then trel",
            "kes (pause) trel",
            "first kes, then trel",
            "k-str-l",
            "k.str.l",
            "kes, a break, then trel",
            "ksrl ete",
            "KSRL ETE",
            "orders-worker-KESS-trul",
            "kess-trull",
            "kestruhl",
            "kehstrehl",
        ] {
            assert!(checks("kestrel", t), "{t}");
        }
        for t in [
            "restrel? you meant restart",
            "petrel and falcon",
            "sel trek",
            "the rest of the kettle",
            "k_____l",
            "re-test x-ray k-s-t-r-e-l-s e.g.",
            "kes is a word",
            "trel kes",
            "estrel",
            "aaaaaaaaaaaaaaa",
            "baaaaaaaaaaaaaaa",
            "kiss-the-trail",
            "key-stroke-log",
            "kahuna",
        ] {
            assert!(!checks("kestrel", t), "{t}");
        }
    }
}
