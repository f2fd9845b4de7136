//! The vocabulary of worded numbers: the morpheme kinds ([`M`]) a number word splits into, the
//! languages ([`Lang`]) with the grammar choices that set them apart (conjunction, compounds,
//! unit before tens, digits before a scale word), and the segmenter that splits a lower-cased
//! word into the morphemes of one language's lexicon (the tables themselves are in
//! [`super::romance`], [`super::germanic`] and [`super::slavic`]).
use super::find::lower;
use super::germanic::{DE, NL, SV};
use super::greek::EL;
use super::romance::{ES, FR, IT, PT};
use super::slavic::{PL, RU, UK};
use super::turkish::TR;
use std::sync::OnceLock;

/// Longest word (lower-cased bytes, `ß` as `ss`) considered: the longest German number below
/// a million (`siebenhundertsiebenundsiebzigtausendsiebenhundertsiebenundsiebzig`) has 66.
pub(super) const MAXW: usize = 96;
/// Morphemes per word.
pub(super) const MAXM: usize = 24;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum M {
    /// 1..=9.
    Unit(u8),
    /// A closed value below 100 (teens, `veintiuno`, `ventotto`); French `dix` stays open to
    /// a unit (`dix-sept`).
    Small(u8),
    /// 20..=90, open to a unit.
    Tens(u8),
    /// 100, multiplying a leading unit.
    Hundred,
    /// A precomposed 200..=900 (`doscientos`, `quinhentos`), or a Slavic 100 that never
    /// multiplies (`сто`, `sto`: one part, so a lone `сто` reports nothing).
    Hundreds(u16),
    Scale(u64),
    Conj,
    /// One and a half, only before a scale (`полторы тысячи`, `półtora miliona`).
    Sesqui,
    /// `… and a half` after the conjunction, ending the phrase: a half after a group
    /// (`тысяча двести пятьдесят с половиной` = 1250.5), half the scale after a scale (`пять
    /// тысяч с половиной` = 5500).
    Half,
    /// A numeral in digits (`2,4` is `mant` 24, `dec` 1): before a scale (`2,4 миллиона`), or
    /// a whole last group after one (`5 тысяч 100`). Not a part of its own: the phrase still
    /// needs its scale word.
    Num {
        mant: u64,
        dec: u8,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Lang {
    Fr,
    De,
    Es,
    It,
    Pt,
    Nl,
    Sv,
    Pl,
    Ru,
    Uk,
    Tr,
    El,
}

/// The languages written in Latin letters (read by the pass anchored on `STEMS`, see
/// [`super::find`]) and in Cyrillic (read by the pass anchored on `CYR_STEMS`, only when the
/// text has Cyrillic).
pub(super) const LATIN: [Lang; 9] = [
    Lang::Fr,
    Lang::De,
    Lang::Es,
    Lang::It,
    Lang::Pt,
    Lang::Nl,
    Lang::Sv,
    Lang::Pl,
    Lang::Tr,
];
pub(super) const CYRILLIC: [Lang; 2] = [Lang::Ru, Lang::Uk];
pub(super) const GREEK: [Lang; 1] = [Lang::El];
/// Every language, in declaration order (`ALL[l as usize] == l`).
const ALL: [Lang; 12] = [
    Lang::Fr,
    Lang::De,
    Lang::Es,
    Lang::It,
    Lang::Pt,
    Lang::Nl,
    Lang::Sv,
    Lang::Pl,
    Lang::Ru,
    Lang::Uk,
    Lang::Tr,
    Lang::El,
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Script {
    Latin,
    Cyrillic,
    Greek,
}

impl Lang {
    fn lexicon(self) -> &'static [(&'static str, M)] {
        match self {
            Lang::Fr => FR,
            Lang::De => DE,
            Lang::Es => ES,
            Lang::It => IT,
            Lang::Pt => PT,
            Lang::Nl => NL,
            Lang::Sv => SV,
            Lang::Pl => PL,
            Lang::Ru => RU,
            Lang::Uk => UK,
            Lang::Tr => TR,
            Lang::El => EL,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    fn script(self) -> Script {
        match self {
            Lang::Ru | Lang::Uk => Script::Cyrillic,
            Lang::El => Script::Greek,
            _ => Script::Latin,
        }
    }

    /// The conjunction word between parts; empty (never a word) where numbers take none.
    pub(super) fn conj(self) -> &'static [u8] {
        match self {
            Lang::Fr => b"et",
            Lang::De => b"und",
            Lang::Es => b"y",
            Lang::It | Lang::Pt => b"e",
            Lang::Nl => b"en",
            // Only before `pół` in practice (see [`M::Half`]); the Cyrillic `с` / `з` are in
            // their lexicons (this compares folded bytes).
            Lang::Pl => b"i",
            Lang::Sv | Lang::Ru | Lang::Uk | Lang::Tr | Lang::El => b"",
        }
    }

    /// German, Italian, Dutch, Swedish and (often) Turkish write a number below a million as
    /// one word.
    fn compounds(self) -> bool {
        matches!(self, Lang::De | Lang::It | Lang::Nl | Lang::Sv | Lang::Tr)
    }

    /// Languages whose scale words may follow a numeral in digits (`2,4 миллиона`, `5,1 tys.`,
    /// `2,4 miljoen`): those the main matcher's scale suffixes do not read (it reads `5,1
    /// Tausend`, `2,4 millones`, `2,4 Mio`).
    pub(super) fn numerals(self) -> bool {
        matches!(self, Lang::Nl | Lang::Sv | Lang::Pl | Lang::Ru | Lang::Uk)
    }

    /// German and Dutch put the unit before the tens (`vierundzwanzig`, `vierentwintig`).
    pub(super) fn unit_first(self) -> bool {
        matches!(self, Lang::De | Lang::Nl)
    }

    /// Tens and teens times the hundred word (`neunzehnhundert`, `negentienhonderd`,
    /// `nittonhundra`).
    pub(super) fn tens_hundreds(self) -> bool {
        matches!(self, Lang::De | Lang::Nl | Lang::Sv)
    }

    /// Words English also uses as number words: a phrase made only of these (`six cents`,
    /// `six million`) is English, and the English matcher reads it.
    /// Turkish `on` (10) and `bin` (1000) are English words: `on bin` stays visible.
    pub(super) fn english(self, w: &[u8]) -> bool {
        match self {
            Lang::Fr => matches!(
                w,
                b"six" | b"cent" | b"cents" | b"million" | b"millions" | b"seize"
            ),
            Lang::Tr => matches!(w, b"on" | b"bin"),
            _ => false,
        }
    }
}

/// A lexicon bucketed by first byte of its folded form (see [`lower`]), each bucket longest
/// first (the segmenter prefers the longest morpheme: `dreizehn` over `drei`+`zehn`).
struct Lex {
    by_first: Vec<Vec<(Box<[u8]>, M)>>,
    /// Bit `b` set when a morpheme starts with byte `b`: most English words stop here.
    firsts: [u64; 4],
}

impl Lex {
    fn new(lang: Lang) -> Lex {
        let mut by_first: Vec<Vec<(Box<[u8]>, M)>> = vec![Vec::new(); 256];
        let mut firsts = [0u64; 4];
        let mut buf = [0u8; MAXW];
        for &(t, m) in lang.lexicon() {
            let Some(t) = lower(t, lang.script(), &mut buf) else {
                continue;
            };
            let Some(&f) = t.first() else { continue };
            if let Some(b) = by_first.get_mut(usize::from(f)) {
                b.push((t.into(), m));
            }
            if let Some(w) = firsts.get_mut(usize::from(f >> 6)) {
                *w |= 1 << (f & 63);
            }
        }
        for b in &mut by_first {
            b.sort_by_key(|(t, _)| std::cmp::Reverse(t.len()));
        }
        Lex { by_first, firsts }
    }

    fn bucket(&self, b: u8) -> &[(Box<[u8]>, M)] {
        self.by_first.get(usize::from(b)).map_or(&[], Vec::as_slice)
    }

    fn starts(&self, b: u8) -> bool {
        self.firsts
            .get(usize::from(b >> 6))
            .is_some_and(|w| w & (1 << (b & 63)) != 0)
    }
}

fn lex(lang: Lang) -> &'static Lex {
    static LEX: OnceLock<Vec<Lex>> = OnceLock::new();
    let all = LEX.get_or_init(|| ALL.iter().map(|&l| Lex::new(l)).collect());
    // Every language has its lexicon (`all` is indexed by `Lang as usize`); the fallback is
    // never taken.
    all.get(lang.index()).unwrap_or_else(|| empty_lex())
}

fn empty_lex() -> &'static Lex {
    static EMPTY: OnceLock<Lex> = OnceLock::new();
    EMPTY.get_or_init(|| Lex {
        by_first: Vec::new(),
        firsts: [0; 4],
    })
}

/// Whether morpheme `t` can sit at `p` in `w`: Italian `cent` only before another morpheme.
/// (A byte loop: morphemes are short, a `memcmp` call costs more than the comparison.)
fn fits(lang: Lang, w: &[u8], p: usize, t: &[u8]) -> bool {
    let end = p + t.len();
    w.get(p..end)
        .is_some_and(|r| r.iter().zip(t).all(|(a, b)| a == b))
        && !(lang == Lang::It && end == w.len() && t == b"cent")
}

/// Forward reachability: `reach[p]` when `w[..p]` splits into morphemes; whether all of `w`
/// does. An English anchor word (`milliseconds`) dies after a handful of comparisons.
fn reach(lang: Lang, w: &[u8], reach: &mut [bool; MAXW + 1]) -> bool {
    let lex = lex(lang);
    let n = w.len();
    if n > MAXW || w.first().is_none_or(|&f| !lex.starts(f)) {
        return false;
    }
    reach[0] = true;
    for (p, &b) in w.iter().enumerate() {
        if !reach[p] {
            continue;
        }
        for (t, _) in lex.bucket(b) {
            if fits(lang, w, p, t) {
                reach[p + t.len()] = true;
            }
        }
    }
    reach[n]
}

/// Whether a lower-cased word is a number word of `lang`.
pub(super) fn segments(lang: Lang, w: &[u8]) -> bool {
    let Some(&first) = w.first() else {
        return false;
    };
    let lex = lex(lang);
    if !lex.starts(first) {
        return false;
    }
    if !lang.compounds() {
        return lex.bucket(first).iter().any(|(t, _)| **t == *w);
    }
    reach(lang, w, &mut [false; MAXW + 1])
}

/// Split a lower-cased word into the morphemes of `lang`; `None` if it is not a number word.
pub(super) fn segment(lang: Lang, w: &[u8], out: &mut [M; MAXM]) -> Option<usize> {
    let lex = lex(lang);
    let first = *w.first()?;
    if !lang.compounds() {
        let &(_, m) = lex.bucket(first).iter().find(|(t, _)| **t == *w)?;
        out[0] = m;
        return Some(1);
    }
    let n = w.len();
    let mut fwd = [false; MAXW + 1];
    if !reach(lang, w, &mut fwd) {
        return None;
    }
    // Backward: positions from which the rest still segments; then walk forward taking the
    // longest morpheme that keeps the rest segmentable (`cent`+`ottanta`, not `cento`+…).
    let mut ok = [false; MAXW + 1];
    ok[n] = true;
    for (p, &b) in w.iter().enumerate().rev() {
        ok[p] = fwd[p]
            && lex
                .bucket(b)
                .iter()
                .any(|(t, _)| fits(lang, w, p, t) && ok[p + t.len()]);
    }
    let mut p = 0;
    let mut k = 0;
    while p < n {
        let b = *w.get(p)?;
        let (t, m) = lex
            .bucket(b)
            .iter()
            .find(|(t, _)| fits(lang, w, p, t) && ok[p + t.len()])?;
        let m = *m;
        *out.get_mut(k)? = m;
        k += 1;
        p += t.len();
    }
    Some(k)
}
