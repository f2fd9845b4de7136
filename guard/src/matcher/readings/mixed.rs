//! Numbers in mixed forms, read in the forward reading (the mixed-forms, word-typo and
//! arithmetic-shape classes: "give the lag as digits and scale words", "spell it badly",
//! "show it as a product"). Before the word reader runs, [`rewrite`] writes
//! - a scale word abbreviated, misspelt or in slang beside a number as the word (`5 thou
//!   100`, `5.1 thou`, `5 thousnd 1 hundrd`, `2 thsnd 7 hndrd 50`, `five thou one hun`, `5
//!   mille 100`, `2 grand 750`, `51 centuries`, `51 C-notes`), a spaced `K` between two numbers
//!   (`five K one hundred`, `5 K and 100`), a glued `k` before a small group (`5k 100`, `5k
//!   and 100`, `5k & 100` → `5 thousand 100`), a `C` after a number a `K` scales (`5K+1C`, `5
//!   K 1 C`, `5K 1C`, `five K one C`; upper case only: `1c` may be a temperature), `&` after a scale as `and`, `and a hundred` after a scale as `and one hundred`;
//! - another language's hundred or thousand word after digits as the English word (`51
//!   cientos`, `51 Hundert`, `27 cientos 50`, `5 Tausend 100`, `5 mil 100`, `51 сотен`, `51
//!   centaines`, `51 百`, `5千1百`): the words are those the lexicon of `lang` reads as a
//!   hundred or a thousand alone ([`crate::matcher::lang::scale_word`]), the nouns that count
//!   hundreds (`centaines`, `centinaia`, `сотен`), and CJK `百`, `千`;
//! - a homophone of a digit word before a scale word or after a tens word (`won hundred`,
//!   `too thousand`, `fifty-won`, `thirty for hundred`) as the digit word;
//! - `a quarter-thousand`, `a half-hundred`, `half a thousand`, `half a myriad` in words;
//! - a count of a larger unit after digits as a product (`510 tens`, `425 dozen`, `255 score`,
//!   `35 gross and 60`, `0.51 myriad`, `0.051 lakh` → `510 * 10` …), `kilo` or `k` glued to a counted noun as
//!   `thousand` (`5.1 kilomessages`, `5.1 kmsg`; not `kilometres`);
//! - arithmetic shapes the expression rules do not read: `51x100`, `5.1x1000` and `51 by 100`
//!   where one factor is a power of ten (`1920x1080` and `2 by 4` are dimensions and stay),
//!   `5e3+1e2` (scientific operands of an operator), `51*10**2` (`**` as a power after `*`),
//!   `sqrt(N)`, `√N` and `the square root of N` of a perfect square, a decimal point said as a
//!   word before a scale word (`5 point 1 thousand`, `2 dot 75 k`, `2 point seven five k`), `2 3/4 thousand` and `2¾k`
//!   (a mixed fraction of a scale), `51/10 thousand` and `11/4 k` (a fraction of one);
//!
//! and, after the words are digits, [`relation`] reads `A over B`, `A above B`, `A past B`, `A
//! beyond B`, `A on top of B`, `A more than Bk` (`B + A`, with `B` at least 100 and larger
//! than `A`), `A/B of C` (`A × C / B`, when whole), `N quarters of C` (halves, thirds), `W and
//! a half hundred` (a quarter, `3 quarters`, `3 quarter grand`, `1 tenth thousand`, `3/4 k`), `the sum of` / `the product of` three to six
//! numbers and `A and B summed` (`added`, `combined`, `together`). Conversions (`N minutes in
//! seconds`) are `measures.rs`'s.
//!
//! # False-positive controls
//!
//! A rewrite needs a number on the side it scales (`thou` alone, `won the game`, `too many`
//! stay), loose misspellings (`thsnd`) need a number on both sides, a product needs a power of
//! ten as one factor. Another language's scale word needs digits standing alone before it
//! (`v51 cientos` is a version), is a whole word (`51 Hundertschaften` stays), is no English
//! word in any lexicon (`51 cents` is money), and a thousand word needs a number after it (`5
//! mil` is a thickness). What is read states a target only when exactly equal to it, as any
//! reading does, so `5k pods and 100 nodes` (a word between), `page 51 of 100` and `2 by 4
//! lumber` state nothing.
//!
//! # Cost
//!
//! [`hits`] anchors every rewrite: one pass over the bytes looking only after digit runs (and
//! for `√`/`sqrt`); the word-anchored rules need a number word, which the main triggers find.
//! The word after a digit run is looked up among the other languages' scale words only when
//! its first two letters start one of them (a bitmap built once: `5 pods`, `3 replicas` stop
//! there), then by one binary search of a sorted table.
use super::{one_typo, word, Kind, Tok, View, Word};
use std::sync::OnceLock;

/// Scale words misspelt, abbreviated or in slang, read as the word beside a number.
const THOUSAND: &[&str] = &[
    "thou", "thous", "thousnd", "thousan", "thsnd", "thsd", "tsd", "mille", "grand", "thousd",
    "thosand", "thausand",
];
const HUNDRED: &[&str] = &[
    "hun", "hund", "hundo", "hunnid", "hunnit", "hunnert", "hundrd", "hndrd", "hunded", "hundret",
    "hunderd", "hunnerd", "hunned",
];
/// Plural-only spellings of a hundred counted.
const HUNDREDS: &[&str] = &["centuries", "century"];
/// Hundreds counted as a noun in other languages (not numerals, so not in the lexicon of
/// `lang`): `51 centaines`, `51 сотен`.
const HUNDRED_NOUNS: &[&str] = &[
    "centaine",
    "centaines",
    "centinaio",
    "centinaia",
    "centena",
    "centenas",
    "centenar",
    "centenares",
    "hunderte",
    "honderden",
    "hundratals",
    "setki",
    "setek",
    "сотня",
    "сотни",
    "сотен",
    "сотню",
    "сотні",
    "сотень",
];
/// Words that look like a loose scale spelling but are English.
const NOT_SCALE: &[&str] = &["than", "thus", "thud", "thad", "thousandth", "hundredth"];
/// Digit words' homophones, read only beside a scale or a tens word.
const HOMOPHONES: &[(&str, &str)] = &[
    ("won", "one"),
    ("too", "two"),
    ("fore", "four"),
    ("ate", "eight"),
    ("for", "four"),
    ("nein", "nine"),
];
/// Counted units after digits: the factor they stand for.
const COUNTS: &[(&str, &str)] = &[
    ("tens", "10"),
    ("dozen", "12"),
    ("dozens", "12"),
    ("score", "20"),
    ("scores", "20"),
    ("gross", "144"),
    ("myriad", "10000"),
    ("myriads", "10000"),
    ("lakh", "100000"),
    ("lakhs", "100000"),
    ("crore", "10000000"),
    ("crores", "10000000"),
];
/// Other languages' thousand words and abbreviations after digits that the lexicon of
/// `lang` does not read alone (an abbreviation, a word that is English, a spaced CJK unit),
/// and what each is written as: `5,1 tis.` (Czech, Slovak), `5,1 χιλ.` (Greek), `5.1 elfu`
/// (Swahili), `5.1 hazar` (Persian, Urdu, Hindi romanised), `0.051 lac` (lakh), `0.51 万`
/// (spaced; glued, it is CJK's). Turkish `bin` is English too: see [`bin_thousand`].
const FOREIGN_COUNTS: &[(&str, &str)] = &[
    ("tis", "thousand"),
    ("\u{3C7}\u{3B9}\u{3BB}", "thousand"),
    ("elfu", "thousand"),
    ("hazar", "thousand"),
    ("hazaar", "thousand"),
    ("lac", "* 100000"),
    ("lacs", "* 100000"),
    ("\u{4E07}", "* 10000"),
    ("\u{842C}", "* 10000"),
    ("\u{B9CC}", "* 10000"),
];

/// What a word of [`FOREIGN_COUNTS`] after digits is written as (any case).
fn foreign_count(t: &str) -> Option<&'static str> {
    if t.len() > 8 {
        return None;
    }
    let lower = t.to_lowercase();
    FOREIGN_COUNTS
        .iter()
        .find(|(w, _)| *w == lower)
        .map(|&(_, r)| r)
}

/// Units with an SI `kilo` of their own (`5.1 kilometres` is a distance, not 5,100 of them).
const SI_KILO: &[&str] = &[
    "byte", "bytes", "bit", "bits", "meter", "meters", "metre", "metres", "gram", "grams", "watt",
    "watts", "hertz", "joule", "joules", "volt", "volts", "liter", "liters", "litre", "litres",
    "second", "seconds", "calorie", "calories", "pascal", "pascals", "newton", "newtons", "ohm",
    "ohms",
];

/// The scale word a word stands for beside a number (`thou` → `thousand`, `hundrd` →
/// `hundred`, `centuries` → `hundreds`). `loose`: a number stands on both sides, so a dropped
/// or swapped letter or a consonant skeleton is read too (`thsnd`, `hnderd`).
fn scale_variant(t: &str, loose: bool) -> Option<&'static str> {
    if t.len() < 3 || t.len() > 10 || !t.bytes().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let mut buf = [0u8; 10];
    for (d, c) in buf.iter_mut().zip(t.bytes()) {
        *d = c.to_ascii_lowercase();
    }
    let w = buf.get(..t.len())?;
    let is = |list: &[&str], x: &[u8]| list.iter().any(|l| l.as_bytes() == x);
    if is(HUNDREDS, w) {
        return Some("hundreds");
    }
    if is(NOT_SCALE, w) || w == b"thousand" || w == b"hundred" {
        return None;
    }
    let (stem, plural) = match w.strip_suffix(b"s") {
        Some(st) if st.len() >= 3 && w != b"thous" => (st, true),
        _ => (w, false),
    };
    let pick = |one: &'static str, many: &'static str| Some(if plural { many } else { one });
    if is(THOUSAND, stem) || is(THOUSAND, w) {
        return pick("thousand", "thousands");
    }
    if is(HUNDRED, stem) {
        return pick("hundred", "hundreds");
    }
    if !loose && stem.len() < 5 {
        return None;
    }
    if one_typo(stem, b"thousand") || skeleton(stem, b"thousand", b"th") {
        return pick("thousand", "thousands");
    }
    if one_typo(stem, b"hundred")
        || skeleton(stem, b"hundred", b"hun")
        || skeleton(stem, b"hundred", b"hnd")
    {
        return pick("hundred", "hundreds");
    }
    None
}

/// The English scale word for another language's hundred or thousand word `t` (`cientos`,
/// `Hundert`, `mil`, `тысяч`, from the lexicon of `lang`; a counted hundred of
/// [`HUNDRED_NOUNS`]; CJK `百`, `千`).
fn foreign_scale(t: &str) -> Option<&'static str> {
    match t {
        "\u{767E}" => return Some("hundred"),
        "\u{5343}" => return Some("thousand"),
        _ => {}
    }
    if !(3..=24).contains(&t.len()) || !t.chars().next().is_some_and(char::is_alphabetic) {
        return None;
    }
    // Lower case: ASCII on the stack (most words after digits), others allocated.
    let mut buf = [0u8; 24];
    let owned;
    let lower = if t.is_ascii() {
        for (d, c) in buf.iter_mut().zip(t.bytes()) {
            *d = c.to_ascii_lowercase();
        }
        std::str::from_utf8(buf.get(..t.len())?).ok()?
    } else {
        owned = t.to_lowercase();
        owned.as_str()
    };
    if t.is_ascii() && !may_be_foreign_scale(lower.as_bytes()) {
        return None;
    }
    // All capitals is an acronym (`8 SATA disks`, `5 MIL-STD`); `sata` is the disk bus too,
    // `sto` Italian "I am" (`alle 5 sto uscendo`).
    let english_like = lower.starts_with("sata") || lower == "sto";
    if (t.len() > 1 && t.bytes().all(|c| c.is_ascii_uppercase())) || english_like {
        return None;
    }
    if HUNDRED_NOUNS.contains(&lower) {
        return Some("hundred");
    }
    match crate::matcher::lang::scale_word(lower)? {
        100 => Some("hundred"),
        1_000 => Some("thousand"),
        _ => None,
    }
}

/// Whether a lower-case ASCII word may be one of [`foreign_scale`]'s: its first two bytes
/// start one of them (a bit per pair, built once), so most English words after digits (`5
/// pods`, `3 replicas`, `100 messages`) are passed over at one load.
fn may_be_foreign_scale(w: &[u8]) -> bool {
    static PAIRS: OnceLock<Vec<u64>> = OnceLock::new();
    let pairs = PAIRS.get_or_init(|| {
        let mut bits = vec![0u64; 1024];
        let words = crate::matcher::lang::scale_word_list().chain(HUNDRED_NOUNS.iter().copied());
        for w in words {
            if let [a, b, ..] = *w.as_bytes() {
                let k = usize::from(a) << 8 | usize::from(b);
                if let Some(x) = bits.get_mut(k >> 6) {
                    *x |= 1 << (k & 63);
                }
            }
        }
        bits
    });
    let [a, b, ..] = *w else { return false };
    let k = usize::from(a) << 8 | usize::from(b);
    pairs.get(k >> 6).is_some_and(|x| x & (1 << (k & 63)) != 0)
}

/// `w` is `full` with letters left out (at least four kept), starting with `head`.
fn skeleton(w: &[u8], full: &[u8], head: &[u8]) -> bool {
    if w.len() < 4 || w.len() >= full.len() || !w.starts_with(head) {
        return false;
    }
    let mut it = full.iter();
    w.iter().all(|c| it.any(|f| f == c))
}

/// A real number word below a hundred (the main triggers find each).
fn small_word(t: &Tok<'_>) -> bool {
    t.kind == Kind::Letters
        && matches!(
            word(t.text),
            Some(Word::Unit(_) | Word::Teen(_) | Word::Tens(_))
        )
}

fn is_power_of_ten(d: &str) -> bool {
    d.len() >= 2 && d.starts_with('1') && d.bytes().skip(1).all(|c| c == b'0')
}

impl<'a> View<'_, 'a> {
    /// The token before `k` across one space.
    fn before(&self, k: usize) -> Option<usize> {
        let p = k.checked_sub(1)?;
        if self.space(p) {
            p.checked_sub(1)
        } else {
            Some(p)
        }
    }
    /// The token after `k` across one space.
    fn after(&self, k: usize) -> usize {
        if self.space(k + 1) {
            k + 2
        } else {
            k + 1
        }
    }
    /// A digit run at `k` that is a whole number token: not glued to letters or another
    /// number's separator on either side.
    fn plain_digits(&self, k: usize) -> Option<&'a str> {
        let d = self.digits(k)?;
        let glued = |j: Option<usize>| {
            j.and_then(|j| self.get(j))
                .is_some_and(|t| t.kind == Kind::Letters || matches!(t.text, "." | "," | "_"))
        };
        (!glued(k.checked_sub(1)) && self.ends(k + 1)).then_some(d)
    }
    /// An integer at `k` with optional comma groups (`10,000`) or a glued `k` (`10k`) that
    /// nothing continues, and the token after it.
    fn int(&self, k: usize) -> Option<(u64, usize)> {
        let mut n = String::from(self.digits(k)?);
        let mut e = k + 1;
        while self.is_text(e, ",") && self.digits(e + 1).is_some_and(|d| d.len() == 3) {
            n.push_str(self.digits(e + 1)?);
            e += 2;
        }
        // `10k`: a thousands suffix glued on, as ops text writes counts.
        if self
            .get(e)
            .is_some_and(|t| matches!(t.text, "k" | "K") && t.kind == Kind::Letters)
            && self.ends(e + 1)
            && n.len() <= 15
        {
            let v: u64 = n.parse().ok()?;
            return Some((v.checked_mul(1000)?, e + 1));
        }
        (self.ends(e) && n.len() <= 18).then_some(())?;
        Some((n.parse().ok()?, e))
    }
    /// Nothing continues a number at `k`: no letter, digit or `_`, and a `.` or `,` only as
    /// punctuation (`… 51 by 100.`), not before more digits.
    fn ends(&self, k: usize) -> bool {
        match self.get(k) {
            None => true,
            Some(t) if matches!(t.kind, Kind::Letters | Kind::Digits) || t.text == "_" => false,
            Some(t) if matches!(t.text, "." | ",") => !self.kind(k + 1, Kind::Digits),
            Some(_) => true,
        }
    }
    /// A number is written right before `k` (digits, or a number word) across one space.
    fn number_before(&self, k: usize) -> bool {
        self.before(k)
            .and_then(|p| self.get(p))
            .is_some_and(|t| t.kind == Kind::Digits || small_word(t))
    }
    /// A number is written right after `k` (digits, or a number word) across one space.
    fn number_after(&self, k: usize) -> bool {
        self.get(self.after(k))
            .is_some_and(|t| t.kind == Kind::Digits || small_word(t))
    }
}

/// The text with the mixed forms of the module doc written plainly; `None` when nothing is.
pub(super) fn rewrite(s: &str, toks: &[Tok<'_>]) -> Option<String> {
    let v = View { toks };
    // The text is written out only from the first rewrite on (most lines have none), with
    // the tokens before it copied then: the same text as copying every token as it comes.
    let mut out: Option<String> = None;
    let mut i = 0;
    while let Some(t) = toks.get(i) {
        if let Some((said, next)) = at(&v, i) {
            let o = out.get_or_insert_with(|| {
                let mut o = String::with_capacity(s.len() + 16);
                for p in toks.get(..i).unwrap_or_default() {
                    o.push_str(p.text);
                }
                o
            });
            o.push_str(&said);
            i = next.max(i + 1);
            continue;
        }
        if let Some(o) = out.as_mut() {
            o.push_str(t.text);
        }
        i += 1;
    }
    out
}

/// The rewrite at token `i`, and the token after what it replaces.
fn at(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let t = v.get(i)?;
    match t.kind {
        Kind::Letters => letters_at(v, i),
        Kind::Digits => digits_at(v, i),
        // `five thousand & 100`, `5 thou & 100`
        Kind::Other if t.text == "&" => {
            let scale = v.before(i).and_then(|p| v.get(p)).is_some_and(|p| {
                matches!(word(p.text), Some(Word::Scale(_) | Word::Hundred))
                    || scale_variant(p.text, false).is_some()
            });
            (scale && v.number_after(i)).then(|| ("and".to_string(), i + 1))
        }
        Kind::Other if t.text == "\u{221A}" => {
            // `√26010000`, `√(26010000)`
            let (n, e) = if v.is_text(i + 1, "(") && v.is_text(i + 3, ")") {
                (v.digits(i + 2)?, i + 4)
            } else {
                (v.digits(i + 1)?, i + 2)
            };
            Some((root(n)?, e))
        }
        _ => None,
    }
}

fn letters_at(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let t = v.get(i)?;
    let prev_digits = v.before(i).is_some_and(|p| v.kind(p, Kind::Digits));
    // `the square root of 26010000`
    if t.text.eq_ignore_ascii_case("square")
        && v.space(i + 1)
        && v.is_text(i + 2, "root")
        && v.space(i + 3)
        && v.is_text(i + 4, "of")
        && v.space(i + 5)
    {
        let (n, e) = v.int(i + 6)?;
        return Some((root(&n.to_string())?, e));
    }
    // `sqrt(26010000)`
    if t.text.eq_ignore_ascii_case("sqrt") && v.is_text(i + 1, "(") && v.is_text(i + 3, ")") {
        return Some((root(v.digits(i + 2)?)?, i + 4));
    }
    if let Some(r) = fraction_word(v, i) {
        return Some(r);
    }
    // `five grand and a hundred`: `a` after `and` after a scale, before a scale.
    if t.text.eq_ignore_ascii_case("a") {
        let and = v.before(i).filter(|&p| v.is_text(p, "and"));
        let scale_before = and
            .and_then(|p| v.before(p))
            .and_then(|p| v.get(p))
            .is_some_and(|t| {
                matches!(word(t.text), Some(Word::Scale(_)))
                    || scale_variant(t.text, false).is_some()
                    || t.text.eq_ignore_ascii_case("myriad")
            });
        let scale_after = ["hundred", "thousand"]
            .iter()
            .any(|w| v.is_text(v.after(i), w));
        return (scale_before && scale_after).then(|| ("one".to_string(), i + 1));
    }
    // A homophone before a scale word or after a tens word (`won hundred`, `too thousand`,
    // `fifty-won`, `thirty for hundred`).
    if let Some((_, real)) = HOMOPHONES
        .iter()
        .find(|(h, _)| t.text.eq_ignore_ascii_case(h))
    {
        let scale = ["hundred", "thousand", "million"]
            .iter()
            .any(|w| v.is_text(v.after(i), w));
        let p = if i >= 2 && v.is_text(i - 1, "-") {
            Some(i - 2)
        } else {
            v.before(i)
        };
        let tens_before = p
            .and_then(|p| v.get(p))
            .is_some_and(|p| matches!(word(p.text), Some(Word::Tens(_))));
        return (scale || tens_before).then(|| (real.to_string(), i + 1));
    }
    if !v.number_before(i) {
        return None;
    }
    // After a number from here on.
    // `51x100`, `5.1x1000`: one factor a power of ten (`1920x1080` is a resolution).
    if t.text.eq_ignore_ascii_case("x") {
        return times_glued(v, i).then(|| (" * ".to_string(), i + 1));
    }
    // `5K+1C`, `5 thousand 1 C`: a `C` after digits, in a number that a `K` scales.
    if t.text == "C" && thousands_before(v, i) {
        let glued = v.kind(i - 1, Kind::Digits);
        return Some((
            if glued { " hundred" } else { "hundred" }.to_string(),
            i + 1,
        ));
    }
    // `51 cientos`, `27 cientos 50`, `5 Tausend 100`, `51 сотен`, `51百`: another language's
    // hundred or thousand word after digits, as the English word. A thousand needs a number
    // after it (`5 mil` alone is a thickness; `5 Tausend` alone the number matcher's), and
    // the digits stand alone (`v51 cientos`, `1.51 hundert`, `orders-3 cientos` are no
    // count). A word in Latin or Cyrillic letters is spaced from the digits after it, and a
    // thousand's number after it is a whole group (`5 mil 100`, not `5 mil 1/2`).
    let plain = v.before(i).is_some_and(|d| {
        let at = |k: Option<usize>| k.and_then(|k| v.get(k));
        let p = at(d.checked_sub(1));
        let glued = p.is_some_and(|t| {
            (t.kind == Kind::Letters && t.text != "\u{5343}") || matches!(t.text, "." | "_")
        });
        let id = p.is_some_and(|t| t.text == "-")
            && at(d.checked_sub(2)).is_some_and(|t| matches!(t.kind, Kind::Letters | Kind::Digits));
        // Digits right after another number (`5k 100 27 cientos 50`) would join it: the
        // reading is left as it was.
        let joins = at(v.before(d)).is_some_and(|t| {
            t.kind == Kind::Digits
                || small_word(t)
                || matches!(word(t.text), Some(Word::Scale(_) | Word::Hundred))
                || t.text.eq_ignore_ascii_case("k")
        });
        !glued && !id && !joins
    });
    let cjk = matches!(t.text, "\u{767E}" | "\u{5343}");
    if prev_digits && plain && (cjk || !v.kind(i + 1, Kind::Digits)) {
        if let Some(w) = foreign_scale(t.text) {
            let a = v.after(i);
            let group = v.space(i + 1)
                && !v.is_text(a + 1, "/")
                && (v.plain_digits(a).is_some_and(|g| g.len() <= 3)
                    || v.get(a).is_some_and(|t| small_word(t)));
            if w == "hundred" || group || (cjk && v.number_after(i)) {
                // Glued (`5千1百`): spaced, so the words read apart from the digits.
                let pre = if v.kind(i - 1, Kind::Digits) { " " } else { "" };
                let post = if v.kind(i + 1, Kind::Digits) { " " } else { "" };
                return Some((format!("{pre}{w}{post}"), i + 1));
            }
        }
    }
    let loose = v.number_after(i);
    // A spaced `K` between two numbers (`five K one hundred`, `5 K 100`).
    let joined =
        (v.is_text(v.after(i), "and") || v.is_text(v.after(i), "&")) && v.number_after(v.after(i));
    if t.text.eq_ignore_ascii_case("k")
        && (loose || joined)
        && i.checked_sub(1).is_some_and(|p| v.space(p))
    {
        return Some(("thousand".to_string(), i + 1));
    }
    // `51 C-notes`
    if (t.text == "C" || t.text == "c")
        && v.is_text(i + 1, "-")
        && (v.is_text(i + 2, "notes") || v.is_text(i + 2, "note"))
    {
        return Some(("hundreds".to_string(), i + 3));
    }
    if let Some(w) = scale_variant(t.text, loose) {
        // `5 thou, 100`: the comma goes (the word rule reads `five thousand, one hundred`).
        if v.is_text(i + 1, ",") && v.space(i + 2) && v.number_after(i + 1) {
            return Some((w.to_string(), i + 2));
        }
        return Some((w.to_string(), i + 1));
    }
    if !prev_digits {
        return None;
    }
    // `5,1 tis.`, `5.1 elfu`, `0.051 lac`, `0.51 万`; Turkish `5,1 bin`, `5 bin 100`.
    if let Some(r) = foreign_count(t.text) {
        return Some((r.to_string(), i + 1));
    }
    if t.text == "bin" && bin_thousand(v, i) {
        return Some(("thousand".to_string(), i + 1));
    }
    // `510 tens`, `425 dozen`, `0.51 myriad` (not `tens of thousands`).
    if let Some((_, f)) = COUNTS.iter().find(|(c, _)| t.text.eq_ignore_ascii_case(c)) {
        let of = v.is_text(v.after(i), "of");
        return (!of).then(|| (format!("* {f}"), i + 1));
    }
    // `5.1 kmsg`, `5.1 krecords`
    if let Some(rest) = k_count(t.text) {
        return Some((format!("thousand {rest}"), i + 1));
    }
    // `5.1 kilomessages`
    let lower = t.text.get(..4).filter(|h| h.eq_ignore_ascii_case("kilo"))?;
    let rest = t.text.get(lower.len()..)?;
    let si = SI_KILO.iter().any(|u| rest.eq_ignore_ascii_case(u));
    (rest.len() >= 3 && !si).then(|| (format!("thousand {rest}"), i + 1))
}

/// Turkish `bin` (1000) after digits is also the English word (`5 bin`, `bin 2`): it is the
/// thousand only after a decimal comma (`5,1 bin mesaj`, as Turkish writes decimals) or
/// between a number below 1000 and a group of three digits (`5 bin 100`).
fn bin_thousand(v: &View<'_, '_>, i: usize) -> bool {
    let Some(d) = v.before(i) else { return false };
    let comma = d >= 2 && v.is_text(d - 1, ",") && v.kind(d - 2, Kind::Digits);
    let group = v.space(i + 1)
        && v.plain_digits(i + 2).is_some_and(|g| g.len() == 3)
        && v.plain_digits(d)
            .is_some_and(|n| n.len() <= 3 && !n.starts_with('0'));
    comma || group
}

/// The factor of a counted unit (`dozen` 12, `score` 20, `gross` 144), for the phrase reader
/// of `measures.rs`, which meets counts that were words when this module ran (`two hundred
/// fifty-five score`).
pub(super) fn count_factor(w: &str) -> Option<u64> {
    COUNTS
        .iter()
        .find(|(c, _)| w.eq_ignore_ascii_case(c))
        .and_then(|(_, f)| f.parse().ok())
}

/// `a quarter-thousand`, `a half-hundred`, `half a thousand`, `half a myriad` at `i`, in
/// words (so `two thousand seven hundred and a half-hundred` reads on).
fn fraction_word(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let lower = |k: usize| v.get(k).map(|t| t.text.to_ascii_lowercase());
    let (part, scale, e) = if v.is_text(i, "a") && v.space(i + 1) && v.is_text(i + 3, "-") {
        (lower(i + 2)?, lower(i + 4)?, i + 5)
    } else if v.is_text(i, "half") && v.space(i + 1) && v.is_text(i + 2, "a") && v.space(i + 3) {
        ("half".to_string(), lower(i + 4)?, i + 5)
    } else {
        return None;
    };
    let said = match (part.as_str(), scale.as_str()) {
        ("half", "hundred") => "fifty",
        ("quarter", "hundred") => "twenty-five",
        ("half", "thousand") => "five hundred",
        ("quarter", "thousand") => "two hundred fifty",
        ("half", "myriad") => "five thousand",
        ("half", "million") => "five hundred thousand",
        ("quarter", "million") => "two hundred fifty thousand",
        _ => return None,
    };
    Some((said.to_string(), e))
}

/// Counted nouns a glued `k` scales (`kmsg`, `krecords`): the noun.
fn k_count(w: &str) -> Option<&str> {
    const NOUNS: &[&str] = &[
        "msg", "msgs", "messages", "message", "records", "recs", "events", "evts", "items", "rows",
        "reqs", "requests", "entries", "offsets",
    ];
    let rest = w.strip_prefix(['k', 'K'])?;
    NOUNS
        .iter()
        .any(|n| rest.eq_ignore_ascii_case(n))
        .then_some(rest)
}

/// The glued `x` at `i` is a product of digits with a power of ten as one factor.
fn times_glued(v: &View<'_, '_>, i: usize) -> bool {
    let (Some(a), Some(b)) = (i.checked_sub(1).and_then(|p| v.digits(p)), v.digits(i + 1)) else {
        return false;
    };
    let stop = |k: Option<usize>| {
        k.and_then(|k| v.get(k))
            .is_some_and(|t| t.kind == Kind::Letters || matches!(t.text, "," | "_" | "." | "x"))
    };
    // A decimal left operand (`5.1x1000`) but no version (`1.2.3x100`) or identifier.
    let mut start = i - 1;
    if i >= 3 && v.is_text(i - 2, ".") && v.kind(i - 3, Kind::Digits) {
        start = i - 3;
    }
    (!a.starts_with('0') || start != i - 1)
        && !stop(start.checked_sub(1))
        && v.ends(i + 2)
        && !v.is_text(i + 2, "x")
        && (is_power_of_ten(a) || is_power_of_ten(b))
}

/// `A by B` is a product rather than a dimension: one factor a power of ten (`51 by 100`), or
/// exactly one factor one significant digit (`17 by 300`, `2550 by 2`); `2 by 4` and `800 by
/// 600` stay dimensions. A glued `x` needs the power of ten (`1700x3`, like `1920x1080`, is
/// read as a size, as the expression rules read it).
fn factors(a: &str, b: &str) -> bool {
    let round = |x: &str| {
        let mut it = x.bytes();
        it.next().is_some_and(|c| (b'1'..=b'9').contains(&c)) && it.all(|c| c == b'0')
    };
    is_power_of_ten(a) || is_power_of_ten(b) || round(a) != round(b)
}

/// A `K`/`k`/`thousand` scales the number before the digits at `i - 1` (`5K+1C`, `5 K 1 C`)
/// or the number word before `i` (`five K one C`).
fn thousands_before(v: &View<'_, '_>, i: usize) -> bool {
    let Some(d) = i.checked_sub(1) else {
        return false;
    };
    let d = if v.kind(d, Kind::Digits) {
        Some(d)
    } else {
        v.before(i)
    };
    let number = |d: usize| v.kind(d, Kind::Digits) || v.get(d).is_some_and(|t| small_word(t));
    let Some(d) = d.filter(|&d| number(d)) else {
        return false;
    };
    let mut k = d;
    for _ in 0..3 {
        let Some(p) = k.checked_sub(1) else {
            return false;
        };
        k = p;
        let t = v.get(k);
        if t.is_some_and(|t| matches!(t.text, "K" | "k") || t.text.eq_ignore_ascii_case("thousand"))
        {
            return true;
        }
        if !t.is_some_and(|t| t.kind == Kind::Space || t.text == "+") {
            return false;
        }
    }
    false
}

fn digits_at(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let d = v.digits(i)?;
    let glued_before = i
        .checked_sub(1)
        .and_then(|p| v.get(p))
        .is_some_and(|t| t.kind == Kind::Letters || matches!(t.text, "." | "," | "_"));
    if glued_before {
        return None;
    }
    // `510 tens`, `425 dozen`: the count's value (so `2 thousand 7 hundred and 5 tens`
    // reads on as `… and 50`); a decimal count is the letters rule's product.
    if v.space(i + 1) {
        let f = v.get(i + 2).and_then(|w| {
            COUNTS
                .iter()
                .find(|(c, _)| w.text.eq_ignore_ascii_case(c))
                .and_then(|(_, f)| f.parse::<u64>().ok())
        });
        if let Some(f) = f {
            // `510 tens of 100` is no count of tens; `510 tens of messages` is.
            let of = v.is_text(v.after(i + 2), "of") && v.number_after(v.after(i + 2));
            let n = d.parse::<u64>().ok().and_then(|n| n.checked_mul(f));
            if let (false, Some(n)) = (of, n) {
                // `35 gross and 60`, `85 score and 10`: less than one more of the unit
                // after `and` is added on, as after a scale word.
                if v.space(i + 3) && v.is_text(i + 4, "and") && v.space(i + 5) {
                    let more = v.plain_digits(i + 6).and_then(|m| m.parse::<u64>().ok());
                    if let Some(m) = more.filter(|m| *m < f) {
                        return Some((n.checked_add(m)?.to_string(), i + 7));
                    }
                }
                return Some((n.to_string(), i + 3));
            }
        }
    }
    // `5 point 1 thousand`, `2 dot 75 k`, `2 point seven five thousand`: a spoken decimal
    // point before a scale word, written as the decimal the scale reader reads.
    if let Some((frac, next)) = spoken_decimal(v, i) {
        return Some((format!("{d}.{frac}"), next));
    }
    // `5k 100`, `5k and 100`: a glued `k` before a group of at most three digits.
    if v.get(i + 1).is_some_and(|t| t.text == "k" || t.text == "K") && v.space(i + 2) {
        let mut k = i + 3;
        if (v.is_text(k, "and") || v.is_text(k, "&")) && v.space(k + 1) {
            k += 2;
        }
        // `5K 1C`: a digit glued to a `C` after it (read as a hundred below).
        let hundreds = v.digits(k).is_some_and(|g| g.len() <= 2)
            && v.get(k + 1).is_some_and(|t| t.text == "C")
            && v.ends(k + 2)
            && v.get(i + 1).is_some_and(|t| t.text == "K");
        let small = v.plain_digits(k).is_some_and(|g| g.len() <= 3)
            || v.get(k).is_some_and(|t| small_word(t))
            || hundreds;
        if small {
            let and = if v.is_text(i + 3, "&") {
                " thousand and"
            } else {
                " thousand"
            };
            let e = if v.is_text(i + 3, "&") { i + 4 } else { i + 2 };
            return Some((format!("{d}{and}"), e));
        }
    }
    // `51 by 100`; not a difference (`exceeds 5000 by 100`, `short of 5200 by 100`).
    if v.space(i + 1) && v.is_text(i + 2, "by") && v.space(i + 3) {
        let b = v.plain_digits(i + 4)?;
        let before = v.before(i);
        let differs = before.and_then(|p| v.get(p)).is_some_and(|p| {
            [
                "exceeds",
                "surpasses",
                "tops",
                "beats",
                "overshoots",
                "trails",
                "undercuts",
                "undershoots",
            ]
            .iter()
            .any(|w| p.text.eq_ignore_ascii_case(w))
        }) || before.is_some_and(|p| {
            v.is_text(p, "of") && v.before(p).is_some_and(|q| v.is_text(q, "short"))
        });
        if differs {
            return None;
        }
        if factors(d, b) && !d.starts_with('0') {
            return Some((format!("{d} * {b}"), i + 5));
        }
        return None;
    }
    // `5e3+1e2`: scientific operands of an operator.
    if v.is_text(i + 1, "e") {
        let (x, e) = match v.digits(i + 2) {
            Some(x) => (x, i + 3),
            None if v.is_text(i + 2, "+") => (v.digits(i + 3)?, i + 4),
            None => return None,
        };
        let glued_after = !v.ends(e);
        let op = |k: Option<usize>| {
            k.and_then(|k| v.get(k)).is_some_and(|t| {
                matches!(t.text, "+" | "-" | "*" | "/" | "\u{D7}" | "(" | ")")
                    || ["plus", "minus", "times"]
                        .iter()
                        .any(|w| t.text.eq_ignore_ascii_case(w))
            })
        };
        let before_op = op(v.before(i));
        let after_op = op(Some(if v.space(e) { e + 1 } else { e }));
        let x: u32 = x.parse().ok().filter(|x| *x <= 12)?;
        if glued_after || !(before_op || after_op) || d.len() > 6 {
            return None;
        }
        let m: u64 = d.parse().ok()?;
        return Some((m.checked_mul(10u64.checked_pow(x)?)?.to_string(), e));
    }
    // `51*10**2`: `**` as a power after a multiplication.
    if v.is_text(i + 1, "*")
        && v.is_text(i + 2, "*")
        && v.before(i)
            .is_some_and(|p| v.is_text(p, "*") || v.is_text(p, "\u{D7}"))
    {
        let x: u32 = v.plain_digits(i + 3)?.parse().ok().filter(|x| *x <= 12)?;
        let b: u64 = d.parse().ok().filter(|b| *b <= 1000)?;
        return Some((b.checked_pow(x)?.to_string(), i + 4));
    }
    // `51/10 thousand`, `11/4 k`, `11/4k`: a fraction of a scale, when whole (not a date's
    // part: no `/` on either side).
    // A whole number before it makes it a mixed fraction (`2 and 3/4 k`: `relation`'s).
    let whole_before = || {
        v.before(i).is_some_and(|p| {
            v.kind(p, Kind::Digits)
                || (v.is_text(p, "and") && v.before(p).is_some_and(|q| v.kind(q, Kind::Digits)))
        })
    };
    if v.is_text(i + 1, "/")
        && !i.checked_sub(1).is_some_and(|p| v.is_text(p, "/"))
        && !whole_before()
    {
        if let Some(den) = v.digits(i + 2).and_then(|x| x.parse::<u64>().ok()) {
            let k = if v.space(i + 3) { i + 4 } else { i + 3 };
            let scale = v.get(k).and_then(|t| scale_of(t.text));
            let n = d.parse::<u64>().ok();
            if let (Some(scale), Some(n), false) = (scale, n, v.is_text(i + 3, "/")) {
                let p = n.checked_mul(scale)?;
                if den > 1 && p % den == 0 && v.ends(k + 1) {
                    return Some(((p / den).to_string(), k + 1));
                }
            }
        }
    }
    // `2 3/4 thousand`, `2¾k` (normalised `2 3/4 k`), `27 1/2 hundred`.
    if v.space(i + 1) && v.is_text(i + 3, "/") {
        let n: u64 = v.digits(i + 2)?.parse().ok()?;
        let den: u64 = v.digits(i + 4)?.parse().ok()?;
        let mut k = i + 5;
        if v.kind(k, Kind::Space) && v.get(k).is_some_and(|t| t.text.len() <= 2) {
            k += 1;
        }
        let scale: u64 = match v.get(k).map(|t| t.text.to_ascii_lowercase()).as_deref() {
            Some("k" | "thousand" | "thou") => 1000,
            Some("hundred" | "hundreds") => 100,
            Some("million" | "m") => 1_000_000,
            _ => return None,
        };
        let w: u64 = d.parse().ok()?;
        if den == 0 || n >= den || den > 16 {
            return None;
        }
        let num = w.checked_mul(den)?.checked_add(n)?.checked_mul(scale)?;
        return (num % den == 0).then(|| ((num / den).to_string(), k + 1));
    }
    None
}

/// The square root of `n` when it is a perfect square above one.
fn root(n: &str) -> Option<String> {
    let n: u64 = n.parse().ok().filter(|n| *n > 1)?;
    let r = (n as f64).sqrt().round() as u64;
    (r.checked_mul(r) == Some(n)).then(|| r.to_string())
}

/// A relation read after the words are digits (see the module doc), at token `i`.
pub(super) fn relation(toks: &[Tok<'_>], i: usize) -> Option<(String, usize)> {
    let v = View { toks };
    if v.kind(i, Kind::Letters) {
        return list(&v, i);
    }
    let a = v.digits(i)?;
    if i.checked_sub(1)
        .and_then(|p| v.get(p))
        .is_some_and(|t| t.kind == Kind::Letters || matches!(t.text, "." | "," | "/" | "_"))
    {
        return None;
    }
    let av: u64 = a.parse().ok()?;
    // `51/100 of 10000`, `11/4 of 1000`
    if v.is_text(i + 1, "/") && v.space(i + 3) && v.is_text(i + 4, "of") && v.space(i + 5) {
        let den: u64 = v.digits(i + 2)?.parse().ok().filter(|d| *d > 0)?;
        let (c, e) = v.int(i + 6)?;
        let p = av.checked_mul(c)?;
        return (p % den == 0).then(|| ((p / den).to_string(), e));
    }
    // `0.51 of 10000`: a decimal share of a number (`A.F × C`, when whole).
    if v.is_text(i + 1, ".") && v.space(i + 3) && v.is_text(i + 4, "of") && v.space(i + 5) {
        let f = v.digits(i + 2)?;
        let scale = 10u64.checked_pow(u32::try_from(f.len()).ok()?)?;
        let share = av.checked_mul(scale)?.checked_add(f.parse().ok()?)?;
        let (c, e) = v.int(i + 6)?;
        let p = share.checked_mul(c)?;
        return (p % scale == 0).then(|| ((p / scale).to_string(), e));
    }
    if !v.space(i + 1) {
        return None;
    }
    let w = v.get(i + 2).filter(|t| t.kind == Kind::Letters)?;
    let lw = w.text.to_ascii_lowercase();
    // `11 quarters of 1000`
    let part = match lw.as_str() {
        "halves" => Some(2),
        "thirds" => Some(3),
        "quarters" => Some(4),
        _ => None,
    };
    if let Some(den) = part {
        if v.space(i + 3) && v.is_text(i + 4, "of") && v.space(i + 5) {
            let c: u64 = v.plain_digits(i + 6)?.parse().ok()?;
            let p = av.checked_mul(c)?;
            return (p % den == 0).then(|| ((p / den).to_string(), i + 7));
        }
        return None;
    }
    // `5000 and 100 summed`, `… added`, `… combined`, `… together`
    if lw == "and" && v.space(i + 3) && v.space(i + 5) {
        if let Some(b) = v.plain_digits(i + 4) {
            let summed = ["summed", "added", "combined", "together"]
                .iter()
                .any(|w| v.is_text(i + 6, w));
            if summed {
                let bv: u64 = b.parse().ok()?;
                return Some((av.checked_add(bv)?.to_string(), i + 7));
            }
        }
    }
    // `100 over 5000`, `100 above 5k`, `750 past 2000`, `100 on top of 5000`: `B + A`.
    let over = if matches!(lw.as_str(), "over" | "above" | "past" | "beyond") {
        Some(i + 3)
    } else if lw == "more" && v.space(i + 3) && v.is_text(i + 4, "than") {
        Some(i + 5)
    } else if lw == "on"
        && v.space(i + 3)
        && v.is_text(i + 4, "top")
        && v.space(i + 5)
        && v.is_text(i + 6, "of")
    {
        Some(i + 7)
    } else {
        None
    };
    if let Some(k) = over.filter(|&k| v.space(k)) {
        let b = v.digits(k + 1)?;
        let mut bv: u64 = b.parse().ok()?;
        let mut e = k + 2;
        if v.get(e).is_some_and(|t| t.text == "k" || t.text == "K") {
            bv = bv.checked_mul(1000)?;
            e += 1;
        } else if lw == "more" {
            // `100 more than 5000` is the main reader's (`5000 + 100`).
            return None;
        }
        if !v.ends(e) || bv < 100 || av >= bv {
            return None;
        }
        return Some(((bv + av).to_string(), e));
    }
    // `27 and a half hundred`, `2 and 3 quarters thousand`, `2 and 3-quarter thousand`, `2
    // and 3 quarter grand`, `5 and 1 tenth thousand`, `2 and 3/4 k`.
    if lw == "and" && v.space(i + 3) {
        let (num, den, k) = if v.is_text(i + 4, "a") && v.space(i + 5) {
            let den = v.get(i + 6).and_then(|t| fraction_den(t.text, false))?;
            (1, den, i + 7)
        } else if v.is_text(i + 5, "/") {
            let n: u64 = v.digits(i + 4)?.parse().ok()?;
            let den: u64 = v.digits(i + 6)?.parse().ok().filter(|d| *d > 1)?;
            (n, den, i + 7)
        } else {
            let n: u64 = v.digits(i + 4)?.parse().ok()?;
            let k = if v.is_text(i + 5, "-") || v.space(i + 5) {
                i + 6
            } else {
                return None;
            };
            let den = v.get(k).and_then(|t| fraction_den(t.text, n > 1))?;
            (n, den, k + 1)
        };
        if !v.space(k) || num >= den {
            return None;
        }
        let scale = v.get(k + 1).and_then(|t| scale_of(t.text))?;
        let p = av.checked_mul(den)?.checked_add(num)?.checked_mul(scale)?;
        return (p % den == 0).then(|| ((p / den).to_string(), k + 2));
    }
    None
}

/// The denominator a fraction word names (`half` 2, `quarter` 4, `tenth` 10; plural only
/// when `plural` allows it: `3 quarters`, but also `3 quarter grand`, as said).
fn fraction_den(w: &str, plural: bool) -> Option<u64> {
    const DENS: &[(&str, u64)] = &[
        ("half", 2),
        ("third", 3),
        ("quarter", 4),
        ("fifth", 5),
        ("sixth", 6),
        ("seventh", 7),
        ("eighth", 8),
        ("ninth", 9),
        ("tenth", 10),
        ("hundredth", 100),
    ];
    let l = w.to_ascii_lowercase();
    let stem = match l.as_str() {
        "halves" if plural => "half",
        _ => l.strip_suffix('s').filter(|_| plural).unwrap_or(&l),
    };
    DENS.iter().find(|(d, _)| *d == stem).map(|(_, n)| *n)
}

/// The factor of a scale word after a fraction (`thousand`, `grand`, `k`, `hundred`).
fn scale_of(w: &str) -> Option<u64> {
    Some(match w.to_ascii_lowercase().as_str() {
        "hundred" | "hundreds" => 100,
        "thousand" | "thousands" | "grand" | "k" | "thou" => 1000,
        "million" | "millions" => 1_000_000,
        _ => return None,
    })
}

/// `the product of 3, 17 and 100`, `the sum of 1000, 2000, 2000 and 100` (three to six
/// operands; two are the main reader's).
fn list(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let op = if v.is_text(i, "product") {
        " * "
    } else if v.is_text(i, "sum") {
        " + "
    } else {
        return None;
    };
    if !(v.space(i + 1) && v.is_text(i + 2, "of") && v.space(i + 3)) {
        return None;
    }
    let mut nums: Vec<&str> = Vec::new();
    let mut k = i + 4;
    loop {
        nums.push(v.plain_digits(k)?);
        if nums.len() > 6 {
            return None;
        }
        // `, `, ` and `, `, and `
        let mut n = k + 1;
        let comma = v.is_text(n, ",");
        if comma {
            n += 1;
        }
        if !v.space(n) {
            break;
        }
        n += 1;
        if v.is_text(n, "and") && v.space(n + 1) {
            nums.push(v.plain_digits(n + 2)?);
            k = n + 2;
            break;
        }
        if !comma {
            break;
        }
        k = n;
    }
    (nums.len() >= 3).then(|| (nums.join(op), k + 1))
}

/// Offsets in `s` where a mixed form may start: after a digit run (a scale spelling, `k`,
/// `x`, `e`, `**`, `/N of`, `by`, `over`, a fraction) and at `√`/`sqrt`. Every rewrite of
/// [`rewrite`] and [`relation`] that a main trigger does not anchor is anchored here.
pub(super) fn hits(s: &str, triggered: &[usize]) -> Vec<usize> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    // A line another trigger already marks is rewritten whatever its numbers are followed
    // by: its digit runs are not looked at (`triggered`: offsets, in any order).
    let mut marks = triggered.to_vec();
    marks.sort_unstable();
    let mut line_end = 0;
    let mut line_marked = false;
    let mut i = 0;
    while let Some(p) = b
        .get(i..)
        .and_then(|r| r.iter().position(u8::is_ascii_digit))
    {
        let start = i + p;
        let mut e = start;
        while b.get(e).is_some_and(u8::is_ascii_digit) {
            e += 1;
        }
        if start >= line_end {
            let from = b
                .get(..start)
                .and_then(|h| memchr::memrchr(b'\n', h))
                .map_or(0, |n| n + 1);
            line_end = b
                .get(start..)
                .and_then(|t| memchr::memchr(b'\n', t))
                .map_or(b.len(), |n| start + n);
            let k = marks.partition_point(|&m| m < from);
            line_marked = marks.get(k).is_some_and(|&m| m < line_end);
        }
        let glued = start
            .checked_sub(1)
            .and_then(|k| b.get(k))
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
        // Conversions, rates and prefixed counts (`measures.rs`) share the pass.
        if !glued && !line_marked && (after_digits(s, e) || super::measures::anchor(s, start, e)) {
            out.push(start);
            line_marked = true;
        }
        i = e;
    }
    for pat in ["\u{221A}", "sqrt", "square root"] {
        out.extend(memchr::memmem::find_iter(b, pat.as_bytes()));
    }
    out
}

/// Is what follows the digit run ending at `e` a mixed-form anchor?
fn after_digits(s: &str, e: usize) -> bool {
    let b = s.as_bytes();
    let c = b.get(e).copied().unwrap_or(b' ');
    match c {
        // `51百`, `5千1百`
        0xE5 | 0xE7 => {
            return s
                .get(e..)
                .is_some_and(|r| r.starts_with(['\u{767E}', '\u{5343}']))
        }
        b'k' | b'K' | b'x' | b'X' | b'e' | b'E' | b'C' => {
            return !b.get(e + 1).is_some_and(u8::is_ascii_alphabetic)
        }
        b'*' => return b.get(e + 1) == Some(&b'*'),
        // `51/100 of 10000`, `0.51 of 10000`, `51/10 thousand`, `11/4k`
        b'/' | b'.' => {
            let mut k = e + 1;
            while b.get(k).is_some_and(u8::is_ascii_digit) {
                k += 1;
            }
            if k == e + 1 {
                return false;
            }
            let of = b
                .get(k..k + 4)
                .is_some_and(|t| t.eq_ignore_ascii_case(b" of "));
            return of || (c == b'/' && scale_word_at(s, k));
        }
        b' ' => {}
        // `5-point-1 thousand`
        b'-' => {
            let rest = b.get(e + 1..(e + 10).min(b.len())).unwrap_or_default();
            return POINT_WORDS.iter().any(|w| {
                rest.len() > w.len()
                    && rest
                        .get(..w.len())
                        .is_some_and(|h| h.eq_ignore_ascii_case(w.as_bytes()))
                    && rest.get(w.len()) == Some(&b'-')
            });
        }
        _ => return false,
    }
    // The word after one or two spaces.
    let mut a = e + 1;
    if b.get(a) == Some(&b' ') {
        a += 1;
    }
    if b.get(a).is_some_and(u8::is_ascii_digit) {
        // `2 3/4 thousand`
        let mut k = a;
        while b.get(k).is_some_and(u8::is_ascii_digit) {
            k += 1;
        }
        return b.get(k) == Some(&b'/');
    }
    let mut z = a;
    while b.get(z).is_some_and(u8::is_ascii_alphabetic) {
        z += 1;
    }
    // Another language's scale word (`51 cientos`, `51 сотен`): the word up to a space or
    // ASCII punctuation, looked up only when it is a plausible length.
    let mut wide = z;
    while b
        .get(wide)
        .is_some_and(|c| c.is_ascii_alphabetic() || *c >= 0x80)
    {
        wide += 1;
    }
    if (1..=24).contains(&(wide - a))
        && s.get(a..wide)
            .is_some_and(|w| foreign_scale(w).is_some() || foreign_count(w).is_some())
    {
        return true;
    }
    let Some(w) = s.get(a..z) else { return false };
    if w.is_empty() || w.len() > 16 {
        return false;
    }
    let is = |x: &str| w.eq_ignore_ascii_case(x);
    let and_a = is("and")
        && b.get(z..z + 3)
            .is_some_and(|t| t.eq_ignore_ascii_case(b" a "));
    // `5 and 1 tenth thousand`, `2 and 3/4 k`: digits and a fraction word or `/` after `and`.
    let and_fraction = is("and") && b.get(z) == Some(&b' ') && {
        let mut k = z + 1;
        while b.get(k).is_some_and(u8::is_ascii_digit) {
            k += 1;
        }
        let d = b.get(k + 1).is_some_and(u8::is_ascii_digit);
        k > z + 1
            && match b.get(k) {
                Some(b'/') => d,
                Some(b' ' | b'-') => {
                    let mut y = k + 1;
                    while b.get(y).is_some_and(u8::is_ascii_alphabetic) && y - k < 12 {
                        y += 1;
                    }
                    s.get(k + 1..y)
                        .and_then(|f| fraction_den(f, true))
                        .is_some()
                }
                _ => false,
            }
    };
    and_a
        || and_fraction
        || ["k", "c", "by", "over", "above", "past"]
            .iter()
            .any(|x| is(x))
        || is("quarters")
        || is("halves")
        || is("thirds")
        || scale_variant(w, true).is_some()
        || COUNTS.iter().any(|(c, _)| is(c))
        || is("bin")
        || w.get(..4).is_some_and(|h| h.eq_ignore_ascii_case("kilo"))
        || k_count(w).is_some()
        || (is("on")
            && b.get(z..z + 8)
                .is_some_and(|t| t.eq_ignore_ascii_case(b" top of ")))
        || is("beyond")
        || (is("and") && summed_after(b, z))
        || POINT_WORDS.iter().any(|x| is(x))
}

/// Words said for a decimal point (English, German, French, Spanish, Italian).
const POINT_WORDS: &[&str] = &[
    "point", "pt", "dot", "comma", "decimal", "komma", "virgule", "coma", "punto", "virgola",
];

/// After the digits at `i`: a point word and the fraction's digits (digits, single digits
/// spaced, or digit words one by one), then a scale word (English or another language's):
/// the fraction's digits and the token after them. Spaces or hyphens between (`5-point-1
/// thousand`). Without the scale word nothing (`5 point 1` alone is the word reader's,
/// `version 5 dot 1` stays).
fn spoken_decimal(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let gap = |k: usize| v.space(k) || v.is_text(k, "-");
    if !(gap(i + 1) && POINT_WORDS.iter().any(|w| v.is_text(i + 2, w)) && gap(i + 3)) {
        return None;
    }
    let mut f = String::new();
    let mut k = i + 4;
    if let Some(d) = v.digits(k) {
        f.push_str(d);
        k += 1;
        // `2 point 7 5 thousand`: single digits spaced.
        while d.len() == 1 && v.space(k) && v.digits(k + 1).is_some_and(|x| x.len() == 1) {
            f.push_str(v.digits(k + 1).unwrap_or_default());
            k += 2;
        }
    } else {
        while let Some(Word::Unit(u)) = v.get(k).and_then(|t| word(t.text)) {
            f.push_str(&u.to_string());
            k += 1;
            let unit_next = matches!(v.get(k + 1).and_then(|t| word(t.text)), Some(Word::Unit(_)));
            if !((v.space(k) || v.is_text(k, "-")) && unit_next) {
                break;
            }
            k += 1;
        }
    }
    if f.is_empty() || f.len() > 6 || !gap(k) {
        return None;
    }
    let t = v.get(k + 1)?;
    if scale_of(t.text).is_some() || t.text.eq_ignore_ascii_case("tens") {
        return Some((f, k));
    }
    // Another language's scale word, written as the English one.
    let english = foreign_scale(t.text)?;
    Some((format!("{f} {english}"), k + 2))
}

/// A scale word at `k` (across one space): `thousand`, `k`, `grand`, `hundred`, `million`.
fn scale_word_at(s: &str, k: usize) -> bool {
    let b = s.as_bytes();
    let a = if b.get(k) == Some(&b' ') { k + 1 } else { k };
    let mut z = a;
    while b.get(z).is_some_and(u8::is_ascii_alphabetic) && z - a < 10 {
        z += 1;
    }
    s.get(a..z).and_then(scale_of).is_some()
}

/// After `and` ending at `z`: ` 100 summed` (or `added`, `combined`, `together`).
fn summed_after(b: &[u8], z: usize) -> bool {
    if b.get(z) != Some(&b' ') {
        return false;
    }
    let mut k = z + 1;
    while b.get(k).is_some_and(u8::is_ascii_digit) {
        k += 1;
    }
    k > z + 1
        && b.get(k) == Some(&b' ')
        && [&b"summed"[..], b"added", b"combined", b"together"]
            .iter()
            .any(|w| {
                b.get(k + 1..k + 1 + w.len())
                    .is_some_and(|t| t.eq_ignore_ascii_case(w))
            })
}

#[cfg(test)]
mod tests {
    use super::super::tokens;
    use super::*;

    fn read(s: &str) -> String {
        rewrite(s, &tokens(s)).unwrap_or_else(|| s.to_string())
    }

    #[test]
    fn scale_spellings() {
        assert_eq!(read("5 thou 100"), "5 thousand 100");
        assert_eq!(read("5 thousnd 1 hundrd"), "5 thousand 1 hundred");
        assert_eq!(read("five thou one hun"), "five thousand one hundred");
        assert_eq!(read("5 mille 100"), "5 thousand 100");
        assert_eq!(read("5.1 thou"), "5.1 thousand");
        assert_eq!(read("51 C-notes"), "51 hundreds");
        assert_eq!(read("5k and 100"), "5 thousand and 100");
        assert_eq!(read("five K one hundred"), "five thousand one hundred");
        assert_eq!(read("2 thsnd 7 hndrd 50"), "2 thousand 7 hundred 50");
        assert_eq!(read("5K 1C"), "5 thousand 1 hundred");
        assert_eq!(read("five K one C"), "five thousand one hundred");
        assert_eq!(read("2K 7C 50"), "2 thousand 7 hundred 50");
        // A `C` without a `K` before it, lower case, or glued to more.
        assert_eq!(read("5K 1c"), "5K 1c");
        assert_eq!(read("5 and 1 C"), "5 and 1 C");
        assert_eq!(read("5K 1Cx"), "5K 1Cx");
        assert_eq!(read("five one C"), "five one C");
        // Not a number beside it, or an English word.
        assert_eq!(read("thou shalt not"), "thou shalt not");
        assert_eq!(read("more like 5 than 100"), "more like 5 than 100");
        assert_eq!(read("5k pods and 100 nodes"), "5k pods and 100 nodes");
    }

    #[test]
    fn spoken_decimal_points() {
        for (s, r) in [
            ("5 point 1 thousand", "5.1 thousand"),
            ("5 pt 1 thousand", "5.1 thousand"),
            ("2 dot 75 k", "2.75 k"),
            ("27 point 5 hundred", "27.5 hundred"),
            ("5 point one thousand", "5.1 thousand"),
            ("2 point seven five thousand", "2.75 thousand"),
            ("5 comma 1 thousand", "5.1 thousand"),
            ("5-point-1 thousand", "5.1 thousand"),
            ("5 comma 1 Tausend", "5.1 thousand"),
            ("2 virgule 75 mille", "2.75 thousand"),
            ("2 point 7 5 thousand", "2.75 thousand"),
            ("275 point 0 tens", "275.0 * 10"),
        ] {
            assert_eq!(read(s), r, "{s}");
            assert!(!hits(s, &[]).is_empty(), "{s}");
        }
        // No scale word after the fraction: a version, a score, a point in a list.
        for s in [
            "version 5 dot 1",
            "5 point 1",
            "5 point 1 replicas",
            "5 point one",
        ] {
            assert_eq!(read(s), s, "{s}");
        }
    }

    #[test]
    fn other_languages_scale_words() {
        for (s, r) in [
            ("51 cientos", "51 hundred"),
            ("51 Hundert", "51 hundred"),
            ("51 centaines", "51 hundred"),
            ("51 centinaia", "51 hundred"),
            ("51 сотен", "51 hundred"),
            ("5 mil 100", "5 thousand 100"),
            ("5 Tausend 100", "5 thousand 100"),
            ("27 cientos 50", "27 hundred 50"),
            ("51 \u{767E}", "51 hundred"),
            ("51\u{767E}", "51 hundred"),
            ("5\u{5343}1\u{767E}", "5 thousand 1 hundred"),
            ("5 тысяч 100", "5 thousand 100"),
            ("5 bin 100", "5 thousand 100"),
            ("2 bin 750", "2 thousand 750"),
            ("5,1 bin mesaj", "5,1 thousand mesaj"),
            ("5,1 tis. zpr\u{E1}v", "5,1 thousand. zpr\u{E1}v"),
            ("5,1 \u{3C7}\u{3B9}\u{3BB}.", "5,1 thousand."),
            ("5.1 elfu", "5.1 thousand"),
            ("1.42 hazar", "1.42 thousand"),
            ("0.051 lac", "0.051 * 100000"),
            ("0.51 \u{4E07} messages", "0.51 * 10000 messages"),
        ] {
            assert_eq!(read(s), r, "{s}");
            assert!(!hits(s, &[]).is_empty(), "{s}");
        }
        // English words, a thousand with no number after it, a word that only starts like one.
        for s in [
            "51 cents",
            "5 mil thick",
            "5 mil",
            "5 Tausend",
            "51 Hundertschaften",
            "5 bin 10",
            "5 bins 100",
            "bin 5 100",
            "5.1 bin",
            "5,1 bins",
            "51 set",
            "v51 cientos",
            "8 SATA disks",
            "8 sata disks",
            "orders-3 cientos",
            "2,4 mil5 100",
            "5 mil 1/2 le 100",
            "alle 5 sto uscendo",
        ] {
            assert_eq!(read(s), s, "{s}");
        }
        // Digits right after another number are left to it.
        assert_eq!(
            read("lag: 5k 100 27 cientos 50"),
            "lag: 5 thousand 100 27 cientos 50"
        );
    }

    #[test]
    fn homophones() {
        assert_eq!(
            read("five thousand won hundred"),
            "five thousand one hundred"
        );
        assert_eq!(read("fifty-won hundred"), "fifty-one hundred");
        assert_eq!(read("too thousand"), "two thousand");
        assert_eq!(read("we won the game"), "we won the game");
        assert_eq!(read("too many pods"), "too many pods");
    }

    #[test]
    fn shapes() {
        assert_eq!(read("51x100"), "51 * 100");
        assert_eq!(read("1920x1080"), "1920x1080");
        assert_eq!(read("51 by 100"), "51 * 100");
        assert_eq!(read("2 by 4 lumber"), "2 by 4 lumber");
        assert_eq!(read("1700x3"), "1700x3");
        assert_eq!(read("17 by 300"), "17 * 300");
        assert_eq!(read("640x480, 800x600, 2x4"), "640x480, 800x600, 2x4");
        assert_eq!(read("5e3 plus 1e2"), "5000 plus 100");
        assert_eq!(read("5 thou, 100"), "5 thousand 100");
        assert_eq!(read("5e3+1e2"), "5000+100");
        assert_eq!(read("51*10**2"), "51*100");
        assert_eq!(read("sqrt(26010000)"), "5100");
        assert_eq!(read("2 3/4  thousand"), "2750");
        assert_eq!(read("0.51 myriad"), "0.51 * 10000");
        assert_eq!(read("510 tens"), "5100");
        assert_eq!(read("510 tens of messages"), "5100 of messages");
        assert_eq!(read("510 tens of 100"), "510 tens of 100");
        assert_eq!(read("5.1 tens"), "5.1 * 10");
        assert_eq!(read("tens of thousands"), "tens of thousands");
    }

    #[test]
    fn relations() {
        let rel = |s: &str| {
            let t = tokens(s);
            relation(&t, 0).map(|(r, _)| r)
        };
        assert_eq!(rel("100 over 5k").as_deref(), Some("5100"));
        assert_eq!(rel("750 past 2000").as_deref(), Some("2750"));
        assert_eq!(rel("51/100 of 10000").as_deref(), Some("5100"));
        assert_eq!(rel("0.51 of 10k").as_deref(), Some("5100"));
        assert_eq!(rel("51/100 of 10K").as_deref(), Some("5100"));
        assert_eq!(rel("11 quarters of 1000").as_deref(), Some("2750"));
        assert_eq!(rel("27 and a half hundred").as_deref(), Some("2750"));
        assert_eq!(rel("2 and 3 quarters thousand").as_deref(), Some("2750"));
        assert_eq!(rel("5 past 12"), None);
        assert_eq!(rel("51 of 100"), None);
    }

    #[test]
    fn anchors() {
        for s in [
            "5 thou 100",
            "5k 100",
            "51x100",
            "5e3+1e2",
            "51*10**2",
            "100 over 5k",
            "51/100 of 10000",
            "√9",
        ] {
            assert!(!hits(s, &[]).is_empty(), "{s}");
        }
        for s in ["5 pods", "port 8080 open", "v1.2.3"] {
            assert!(hits(s, &[]).is_empty(), "{s}");
        }
    }
}
