//! Japanese numerals read in kana (`ごせんひゃく` 5100, `にせんななひゃくごじゅう` 2750,
//! `ニヒャクヨンジュウマン`), hiragana or katakana, through the CJK positional reader read
//! literally (a digit after a unit adds: `ひゃくご` is 105). The readings with their sound
//! changes (`さんびゃく`, `ろっぴゃく`, `はっぴゃく`, `さんぜん`, `はっせん`, `いっせん`), `よん`,
//! `なな`/`しち`, `きゅう`, and the long-vowel spellings (`キュー`, `ジュー`). NFKD strips the
//! voiced marks (`ご` arrives as `こ`, `び` and `ぴ` as `ひ`, `ぜ` as `せ`), so every kana is
//! compared with its marks dropped ([`fold`]); no two numeral readings collide that way.
//!
//! Kana runs have no spaces and the numeral syllables are common syllables (`に` the particle,
//! `こ` "this", `おく` "to put", `せん` in `せんせい`), so a reading must: not split a syllable
//! (no `ん`, small kana or `ー` right after a morpheme: `にん` is the counter, `いちょう` a
//! word); be one number without a restart (`ここにおく` reads nothing); hold a digit; and have
//! two units (`ごせんひゃく`), or three morphemes with a unit (`ななひゃくに`), or fill its kana
//! run alone (`さんびゃく` between non-kana). `し` (4) and `く` (9), which are in every other
//! verb (`しません`), are not read. A run ending in a digit after a unit is also read without
//! it (`ごせんひゃくに` is 5102, or 5100 and the particle `に`), as Korean does its `이`.
use super::cjk::{Cjk, C};
use super::Out;

#[derive(Clone, Copy)]
enum K {
    Digit(u8),
    /// A digit in its geminated form (`いっ`, `ろっ`, `はっ`): only before `ひゃく`/`せん`.
    Gem(u8),
    Unit(f64),
    Big(f64),
}

/// The readings, as written; compared through [`fold`].
const KANA: &[(&str, K)] = &[
    ("いち", K::Digit(1)),
    ("いっ", K::Gem(1)),
    ("に", K::Digit(2)),
    ("さん", K::Digit(3)),
    ("よん", K::Digit(4)),
    ("ご", K::Digit(5)),
    ("ろく", K::Digit(6)),
    ("ろっ", K::Gem(6)),
    ("なな", K::Digit(7)),
    ("しち", K::Digit(7)),
    ("はち", K::Digit(8)),
    ("はっ", K::Gem(8)),
    ("きゅう", K::Digit(9)),
    ("きゅー", K::Digit(9)),
    ("じゅう", K::Unit(10.0)),
    ("じゅー", K::Unit(10.0)),
    ("ひゃく", K::Unit(100.0)),
    ("びゃく", K::Unit(100.0)),
    ("ぴゃく", K::Unit(100.0)),
    ("せん", K::Unit(1000.0)),
    ("ぜん", K::Unit(1000.0)),
    ("まん", K::Big(1e4)),
    ("おく", K::Big(1e8)),
];

/// Kana run length read at once (a longer run is read in pieces).
const MAX_RUN: usize = 128;
/// Morphemes per reading.
const MAX_TOKS: usize = 32;

/// Whether the text may hold kana: UTF-8 `E3 81..=83` (U+3040..U+30FF).
pub(super) fn has_kana(b: &[u8]) -> bool {
    memchr::memchr_iter(0xE3, b).any(|i| matches!(b.get(i + 1), Some(0x81..=0x83)))
}

fn is_kana(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{30FF}')
}

/// A kana as compared: katakana as hiragana, the voiced marks dropped (`ゴ` → `こ`).
fn fold(c: char) -> char {
    let c = match c {
        '\u{30A1}'..='\u{30F6}' => char::from_u32(c as u32 - 0x60).unwrap_or(c),
        c => c,
    };
    let mut base = c;
    let mut first = true;
    unicode_normalization::char::decompose_canonical(c, |d| {
        if std::mem::take(&mut first) {
            base = d;
        }
    });
    base
}

/// A kana that cannot start a syllable: a morpheme may not end right before it.
fn continues_syllable(c: char) -> bool {
    matches!(
        c,
        'ん' | 'ぁ' | 'ぃ' | 'ぅ' | 'ぇ' | 'ぉ' | 'っ' | 'ゃ' | 'ゅ' | 'ょ' | 'ゎ' | 'ー'
    )
}

pub(super) fn scan_kana(text: &str, out: &mut Out) {
    let mut run = ['\0'; MAX_RUN];
    let mut n = 0;
    // Whether the piece in `run` starts a kana run.
    let mut at_start = true;
    for c in text.chars() {
        if is_kana(c) {
            // The combining voiced marks (the text as written may keep them) are dropped.
            if matches!(c, '\u{3099}'..='\u{309C}') {
                continue;
            }
            if n == MAX_RUN {
                read_run(&run, at_start, false, out);
                n = 0;
                at_start = false;
            }
            if let Some(slot) = run.get_mut(n) {
                *slot = fold(c);
                n += 1;
            }
        } else if n > 0 {
            read_run(run.get(..n).unwrap_or(&[]), at_start, true, out);
            n = 0;
            at_start = true;
        } else {
            at_start = true;
        }
    }
    if n > 0 {
        read_run(run.get(..n).unwrap_or(&[]), at_start, true, out);
    }
}

/// The reading that starts `run` and its length in kana, if one does and it ends a syllable.
fn morpheme(run: &[char]) -> Option<(K, usize)> {
    let mut best: Option<(K, usize)> = None;
    for &(w, k) in KANA {
        let mut len = 0;
        let mut ok = true;
        for (i, wc) in w.chars().enumerate() {
            if run.get(i).copied() != Some(fold(wc)) {
                ok = false;
                break;
            }
            len = i + 1;
        }
        if ok && best.is_none_or(|(_, l)| len > l) {
            best = Some((k, len));
        }
    }
    let (k, len) = best?;
    if run.get(len).is_some_and(|&c| continues_syllable(c)) {
        return None;
    }
    Some((k, len))
}

/// Find and report the numbers in one kana run; `start`/`end`: whether it is delimited by
/// non-kana there.
fn read_run(run: &[char], start: bool, end: bool, out: &mut Out) {
    let mut p = 0;
    while p < run.len() {
        match reading(run, p, start && p == 0, end, out) {
            Some(len) => p += len,
            None => p += 1,
        }
    }
}

/// The reading starting at `run[p..]`: report it and return its length in kana.
fn reading(run: &[char], p: usize, start: bool, end: bool, out: &mut Out) -> Option<usize> {
    let mut toks = [K::Digit(0); MAX_TOKS];
    let mut ends = [0usize; MAX_TOKS];
    let mut n = 0;
    let mut q = p;
    while n < MAX_TOKS {
        let Some((k, len)) = run.get(q..).and_then(morpheme) else {
            break;
        };
        toks[n] = k;
        q += len;
        ends[n] = q;
        n += 1;
    }
    // The longest prefix that is one number.
    let mut cp = Cjk::literal();
    let (mut k, mut value, mut before) = (0, None, None);
    let (mut digits, mut units, mut bigs) = (0, 0, 0);
    for (i, &t) in toks.iter().take(n).enumerate() {
        let c = match t {
            K::Digit(d) => C::Digit(d, true),
            K::Gem(d) => {
                if !matches!(toks.get(i + 1), Some(K::Unit(u)) if *u >= 100.0) {
                    break;
                }
                C::Digit(d, true)
            }
            K::Unit(u) => C::Unit(u),
            K::Big(b) => C::Big(b),
        };
        if !cp.feed(c) {
            break;
        }
        match t {
            K::Digit(_) | K::Gem(_) => digits += 1,
            K::Unit(_) => units += 1,
            K::Big(_) => bigs += 1,
        }
        before = value;
        value = cp.value();
        k = i + 1;
    }
    let value = value?;
    let len = ends.get(k.checked_sub(1)?)? - p;
    let alone = k == 2 && start && end && p + len == run.len();
    let strong = units + bigs >= 2 || (k >= 3 && units >= 1) || alone;
    if digits == 0 || !strong {
        return None;
    }
    out.emit(value);
    // A last digit after a unit may be a particle or counter (`に`, `ご`/`こ`).
    let tail = k >= 3
        && matches!(toks.get(k - 1), Some(K::Digit(_)))
        && matches!(toks.get(k - 2), Some(K::Unit(_) | K::Big(_)));
    if let Some(b) = before.filter(|_| tail) {
        out.emit(b);
    }
    Some(len)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check_table, vals};
    use crate::matcher::normalize::{normalize, normalize_alt};

    #[test]
    fn kana() {
        let cases = [
            ("ごせんひゃく", 5100.0),
            ("ゴセンヒャク", 5100.0),
            ("ｺﾞｾﾝﾋｬｸ", 5100.0),
            ("ごせんいっぴゃく", 5100.0),
            ("にせんななひゃくごじゅう", 2750.0),
            ("にせんしちひゃくごじゅう", 2750.0),
            ("ニセンナナヒャクゴジュウ", 2750.0),
            ("にひゃくよんじゅうまん", 2_400_000.0),
            ("せんにひゃくごじゅう", 1250.0),
            ("さんびゃく", 300.0),
            ("ろっぴゃく", 600.0),
            ("はっぴゃく", 800.0),
            ("さんぜん", 3000.0),
            ("はっせん", 8000.0),
            ("いっせんごひゃく", 1500.0),
            ("よんひゃくきゅうじゅうきゅう", 499.0),
            ("キュウセンキューヒャク", 9900.0),
            ("ラグはごせんひゃくです", 5100.0),
            ("遅延はごせんひゃく件です", 5100.0),
            ("いちおくにせんまん", 120_000_000.0),
        ];
        for (s, v) in cases {
            let n = normalize(s).into_owned();
            check_table(&[(n.as_str(), v)]);
            if let Some(alt) = normalize_alt(s) {
                check_table(&[(alt.as_str(), v)]);
            }
        }
        // A digit after the last unit may be a particle: both readings.
        assert_eq!(vals(&normalize("ごせんひゃくに")), vec![5102.0, 5100.0]);
        assert_eq!(vals(&normalize("ごせんひゃくごろ")), vec![5105.0, 5100.0]);
        assert_eq!(vals(&normalize("ごせんひゃくにんです")), vec![5100.0]);
    }

    #[test]
    fn kana_near_misses() {
        for s in [
            // Small numbers, counting, a lone unit.
            "にじゅう",
            "いちにさん",
            "しちごさん",
            "ひゃく",
            "せん",
            "まん",
            // Two morphemes inside a longer kana run.
            "ごせんです",
            "にまんがすき",
            "いちまんえん",
            "ここにせんせいがいます",
            // Ordinary Japanese.
            "ここにおく",
            "しません",
            "わかりません",
            "せんせんしゅう",
            "せんしゅうのかいぎ",
            "ありがとうございます",
            "おくさんはげんきです",
            "あなたにまんいちのことがあったら",
            "ひゃくにんいっしゅ",
            "いちょうのき",
            "コンシューマーのラグがふえています。ポッドをさいきどうしてください。",
            "きょうはいいてんきですね",
            "はっぴょうかいのじゅんび",
        ] {
            assert_eq!(vals(&normalize(s)), Vec::<f64>::new(), "{s:?}");
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
    }
}
