//! Mandarin numbers in pinyin (`wu qian yi bai` 5100, `liang qian si bai`, `er bai si shi wan`
//! 2,400,000, `yi qian ling wu shi` 1050), read by the CJK positional reader in its speech
//! reading (`wu qian yi` is 5100, and 5001). Tone marks arrive stripped (`wǔ qiān` as `wu
//! qian`); tone numbers may follow each syllable (`wu3 qian1`); syllables may be joined
//! (`wuqianyibai`, `WuQianYiBai`) or spaced, in any case. `ling` is zero, `liang` two, `wan`
//! 10^4. `yi` is one, or 10^8 (亿) where a scale is expected: right after a digit and not
//! before a unit (`wu yi` is 5×10^8, `yi bai` 100, `shi yi` 11, `wu qian yi` 5100).
//!
//! Runs on ASCII text, so it is anchored on `qian`, `bai` and `wan` (every number ≥ 100 holds
//! one, but `X yi` alone, which is not read) by [`super::find::ascii_anchors`]; a word is a
//! number word only if all of it splits into numeral syllables (`want`, `Bailey`, `Wuhan`
//! stop at once). Two Title-case words making two syllables are read as a name, not a number
//! (`Wu Qian`, `Bai Wan`).
use super::cjk::{positional, C};
use super::find::{run_end, run_start, sep_back, sep_fwd};
use super::Out;

pub(super) const PINYIN_STEMS: [&str; 3] = ["qian", "bai", "wan"];

#[derive(Clone, Copy)]
enum P {
    Digit(u8),
    Zero,
    Unit(f64),
    Wan,
    /// One or 10^8 (see the module documentation).
    Yi,
}

/// The syllables, longest first (the greedy split then never needs to back up: no syllable
/// is a prefix of another that could also continue, `qian` vs `qi`, `bai` vs `ba`).
const SYLLABLES: &[(&[u8], P)] = &[
    (b"liang", P::Digit(2)),
    (b"ling", P::Zero),
    (b"qian", P::Unit(1000.0)),
    (b"bai", P::Unit(100.0)),
    (b"jiu", P::Digit(9)),
    (b"liu", P::Digit(6)),
    (b"san", P::Digit(3)),
    (b"shi", P::Unit(10.0)),
    (b"wan", P::Wan),
    (b"ba", P::Digit(8)),
    (b"er", P::Digit(2)),
    (b"qi", P::Digit(7)),
    (b"si", P::Digit(4)),
    (b"wu", P::Digit(5)),
    (b"yi", P::Yi),
];

/// Longest word read (bytes), words read back from the anchor, syllables per phrase.
const MAX_WORD: usize = 48;
const MAX_BACK: usize = 12;
const MAX_TOKS: usize = 48;

/// Split `w` into numeral syllables (each optionally followed by a tone number 1–5),
/// appending them to `toks[*n..]`; `false` (with `*n` unchanged) if it does not split.
fn split(w: &[u8], toks: &mut [P; MAX_TOKS], n: &mut usize) -> bool {
    let start = *n;
    let mut p = 0;
    while p < w.len() {
        let rest = w.get(p..).unwrap_or(&[]);
        let hit = SYLLABLES.iter().find(|(s, _)| {
            rest.len() >= s.len()
                && rest
                    .iter()
                    .zip(s.iter())
                    .all(|(a, b)| a.to_ascii_lowercase() == *b)
        });
        let Some(&(s, t)) = hit else {
            *n = start;
            return false;
        };
        let Some(slot) = toks.get_mut(*n) else {
            *n = start;
            return false;
        };
        *slot = t;
        *n += 1;
        p += s.len();
        if w.get(p).is_some_and(|b| (b'1'..=b'5').contains(b)) {
            p += 1;
        }
    }
    *n > start
}

/// A pinyin word: ASCII letters and tone digits only, starting with a letter.
fn word(text: &str, s: usize, e: usize) -> Option<&[u8]> {
    let w = text.get(s..e)?.as_bytes();
    (w.first()?.is_ascii_alphabetic() && w.iter().all(u8::is_ascii_alphanumeric)).then_some(w)
}

/// `Wu`, `Qian`: a capital, then small letters.
fn title(w: &[u8]) -> bool {
    w.first().is_some_and(u8::is_ascii_uppercase)
        && w.iter().skip(1).all(|b| b.is_ascii_lowercase())
}

/// The pinyin reader over the anchors of one text, in order.
pub(super) struct Pinyin {
    resume: usize,
}

impl Pinyin {
    pub(super) fn new() -> Pinyin {
        Pinyin { resume: 0 }
    }

    /// Read the phrase around the stem at `text[start..end]`, if its word is pinyin.
    pub(super) fn anchor(&mut self, text: &str, start: usize, end: usize, out: &mut Out) {
        if start < self.resume {
            return;
        }
        let floor = self.resume;
        let Some(we) = run_end(text, end, MAX_WORD) else {
            self.resume = end;
            return;
        };
        self.resume = we;
        let mut toks = [P::Zero; MAX_TOKS];
        let mut n = 0;
        let Some(ws) = run_start(text, start, MAX_WORD) else {
            return;
        };
        if !word(text, ws, we).is_some_and(|w| split(w, &mut toks, &mut n)) {
            return;
        }
        let mut first = ws;
        for _ in 0..MAX_BACK {
            let Some(pe) = sep_back(text, first) else {
                break;
            };
            let Some(ps) = run_start(text, pe, MAX_WORD).filter(|&ps| ps >= floor) else {
                break;
            };
            n = 0;
            if !word(text, ps, pe).is_some_and(|w| split(w, &mut toks, &mut n)) {
                break;
            }
            first = ps;
        }
        // Read forward from the first word.
        n = 0;
        let mut words = 0;
        let mut titles = 0;
        let mut s = first;
        while let Some(e) = run_end(text, s, MAX_WORD) {
            let Some(w) = word(text, s, e) else { break };
            if !split(w, &mut toks, &mut n) {
                break;
            }
            words += 1;
            titles += usize::from(title(w));
            self.resume = self.resume.max(e);
            match sep_fwd(text, e) {
                Some(ns) => s = ns,
                None => break,
            }
        }
        if words == 2 && titles == 2 && n == 2 {
            return;
        }
        let mut cs = [C::Zero; MAX_TOKS];
        for i in 0..n.min(MAX_TOKS) {
            cs[i] = match toks[i] {
                P::Digit(d) => C::Digit(d, true),
                P::Zero => C::Zero,
                P::Unit(u) => C::Unit(u),
                P::Wan => C::Big(1e4),
                P::Yi => {
                    let after_digit = i > 0 && matches!(cs[i - 1], C::Digit(..));
                    let before_unit = matches!(toks.get(i + 1), Some(P::Unit(_)));
                    if after_digit && !before_unit {
                        C::Big(1e8)
                    } else {
                        C::Digit(1, true)
                    }
                }
            };
        }
        positional(cs.get(..n).unwrap_or(&[]), true, out);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check_table, vals};
    use crate::matcher::normalize::normalize;

    #[test]
    fn pinyin() {
        let table: Vec<(String, f64)> = [
            ("wǔ qiān yī bǎi", 5100.0),
            ("wu qian yi bai", 5100.0),
            ("Wu Qian Yi Bai", 5100.0),
            ("WU QIAN YI BAI", 5100.0),
            ("wu3 qian1 yi1 bai3", 5100.0),
            ("wuqianyibai", 5100.0),
            ("WuQianYiBai", 5100.0),
            ("wu-qian-yi-bai", 5100.0),
            ("wu qian yi", 5100.0),
            ("liang qian qi bai wu shi", 2750.0),
            ("èr qiān qī bǎi wǔ shí", 2750.0),
            ("er bai si shi wan", 2_400_000.0),
            ("liang bai si shi wan", 2_400_000.0),
            ("yi qian er bai wu shi", 1250.0),
            ("yi qian ling wu shi", 1050.0),
            ("san yi wu qian wan", 350_000_000.0),
            ("shi yi wan", 110_000.0),
            ("the lag is wu qian yi bai messages", 5100.0),
            ("yi bai", 100.0),
            ("Wu Qian Yi", 5100.0),
        ]
        .iter()
        .map(|&(s, v)| (normalize(s).into_owned(), v))
        .collect();
        let table: Vec<(&str, f64)> = table.iter().map(|(s, v)| (s.as_str(), *v)).collect();
        check_table(&table);
        assert_eq!(vals("wu qian yi"), vec![5100.0, 5001.0]);
        assert_eq!(vals("wu qian"), vec![5000.0]);
    }

    #[test]
    fn pinyin_near_misses() {
        for s in [
            "bai",
            "qian",
            "wan",
            "I want to bail out, said Bailey from Wuhan.",
            "San Francisco and San Jose",
            "a wan smile",
            "Li Bai wrote poems; Yi said bai",
            "Wan Chai, Hong Kong",
            "Wu Qian",
            "Bai Wan",
            "er, bai",
            "shi bai",
            "wu shi",
            "qianbai_x",
            "bai3x",
            "x-bai",
            "the BAI index",
            "Wan-Yi Lin",
        ] {
            assert_eq!(vals(&normalize(s)), Vec::<f64>::new(), "{s:?}");
        }
    }
}
