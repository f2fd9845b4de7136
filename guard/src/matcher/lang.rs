//! Numbers written in other languages and numeral systems (a stretch rule). A learner can ask
//! the chat model to state a guarded value in the words of another language, in
//! Chinese/Japanese numerals or in Roman numerals; this module owns reading those forms, and
//! [`scan`] reports the value of each such number of 100 or more. Languages: French, German,
//! Spanish, Italian, Portuguese, Dutch, Swedish, Polish (Latin letters), Russian, Ukrainian
//! (Cyrillic); CJK; Roman. The caller has already normalised the text (NFKD without combining
//! marks, so `fünf` arrives as `funf`, `pięć` as `piec`, `två` as `tva`, `й` as `и`; no
//! invisible characters; every decimal digit ASCII; typographic apostrophes as `'`); letter case
//! is left as written, so case folding happens here (`ß` reads as `ss`, `ł` as `l`, which NFKD
//! leaves whole).
//!
//! # Grammar
//!
//! - **Words.** One language per phrase; words separated by spaces, tabs, markdown `*`/`` ` ``
//!   and at most one hyphen, never by a newline or a comma. A phrase is groups below 1000
//!   (`[unit] hundred` or a precomposed hundred, then tens and units), each times a strictly
//!   smaller scale (10^3, 10^6, 10^9; `mil millones` multiplies). The conjunction `et` / `und`
//!   / `y` / `e` / `en` may join parts.
//!   - French: `cinq mille cent`, `cinq-mille-cent`, `quatre-vingt(s)`, `soixante-dix`,
//!     `dix-sept`, `vingt et un`, `cent(s)`, `mille`, `million(s)`, `milliard(s)`, Belgian and
//!     Swiss `septante`, `huitante`, `octante`, `nonante`.
//!   - German: compounds in one word or spaced (`funftausendeinhundert`, `funftausend
//!     einhundert`, `dreihundertvierundzwanzig`: unit `und` tens), tens or teens times
//!     `hundert` (`neunzehnhundert`), `ue`/`ss`/`ß` spellings, `Million(en)`, `Milliarde(n)`.
//!   - Spanish: `veintiuno`…`veintinueve`, `treinta y dos`, `cien`/`ciento`,
//!     `doscientos`…`novecientos`, `mil`, `millon(es)`.
//!   - Italian: compounds in one word or spaced (`cinquemilacento`, `due milioni
//!     quattrocentomila`) with the elisions `ventuno`, `ventotto`, `ventunmila`, `centottanta`;
//!     `mille`/`mila`, `milione/i`, `miliardo/i`.
//!   - Portuguese: `e` between any parts (`cento e vinte`, `cinco mil e cem`), `cem`/`cento`,
//!     `duzentos`…`novecentos`, `milhao/oes`, `bilhao/oes` (10^9).
//!   - Dutch: compounds as German (`vijfduizend honderd`, `vijfduizendeenhonderd`, unit `en`
//!     tens: `vierentwintig`, `tweeëntwintig`), `twaalfhonderd`, `miljoen(en)`, `miljard(en)`.
//!   - Swedish: compounds, tens before units (`femtusen etthundra`, `tvahundrafemtio`,
//!     `tjugoett`), `ettusen`, `tolvhundra`, `miljon(er)`, `miljard(er)`.
//!   - Polish: `piec tysiecy sto`, `tysiac/tysiace/tysiecy` (and `tysiaca`, `tys.`),
//!     `sto`, `dwiescie`, `trzysta`, `czterysta`, `piecset`…`dziewiecset`,
//!     `milion/miliony/milionow`, `miliard(y/ow)`.
//!   - Russian: nominative with the genitive and accusative forms a sentence puts numbers in
//!     (`пять тысяч сто`, `около пяти тысяч ста`, `тысячу`), feminine `одна`/`две`, `сто`,
//!     `двести`…`девятьсот` (and `двухсот`…), `тысяча/тысячи/тысяч`, colloquial `тыща`,
//!     `миллион(а/ов)`, `миллиард(а/ов)`, abbreviations `тыс`, `млн`, `млрд`.
//!   - Ukrainian: `п'ять тисяч сто` (apostrophe `'`, `’` or `ʼ`, or none), `тисяча/тисячі/
//!     тисяч`, `двісті`, `п'ятсот`…, `мільйон(и/ів)`, `мільярд(и/ів)`, `тис`, `млн`.
//!   - Cyrillic words are read in any case (`ПЯТЬ ТЫСЯЧ СТО`) and with Latin look-alike letters
//!     mixed in (`стo`, `тыcяч`, `CTO` after a Cyrillic scale word); a Latin word may likewise
//!     hold Cyrillic look-alikes (`cinq mille cеnt`), except in its anchor stem.
//!   - One and a half before a scale: `полторы тысячи`, `півтори тисячі`, `półtora tysiąca`.
//!   - And a half, closing a phrase after its conjunction (`с`, `з`, `i`, `et`, `y`, `e`):
//!     `тысяча двести пятьдесят с половиной` (1250.5), `з половиною`, `i pół`, `et demi`, `y
//!     medio`, `e mezzo`, `e meio`; after a scale word it halves the scale (`пять тысяч с
//!     половиной` = 5500).
//!   - Digits before a scale word of Dutch, Swedish, Polish, Russian or Ukrainian (`2,4
//!     миллиона`, `5,1 тыс.`, `2,4 miljoen`, `5,1 tusen`), the decimals coming out whole, and a
//!     whole group in digits after the last scale (`5 тысяч 100`). The numeral must stand alone
//!     (`v1.2 тысячи`, `10.0.3.7 тысяч` report nothing). The other languages' scale words after
//!     digits (`5,1 Tausend`, `2,4 millones`) are the main number matcher's.
//! - **CJK.** Positional (`五千一百`, Japanese `五千百` with an implicit one, `两千四百`,
//!   `二百四十万`, `一万二千`, `一千零五`), financial forms (`壹贰叁肆伍陆柒捌玖拾佰仟萬`), ASCII
//!   digits mixed in (`1万2千`, `240万`, `2.4万`), a digit after the last unit (`两千四` reads
//!   2400 as Chinese speech and 2004 as Japanese: both are reported) and digit by digit
//!   (`五一〇〇`: three or more plain digits). 万/萬 = 10^4, 億/亿 = 10^8. Korean is out (NFKD
//!   decomposes hangul into jamo).
//! - **Roman.** A whole token of `IVXLCDM`, one case, in canonical subtractive form, with runs
//!   of `M` allowed past 3999 (`MMMMMC` = 5100).
//!
//! # False-positive controls
//!
//! This runs on every reply, mostly English ops text (logs, `kubectl` and Kafka output,
//! alerts). Only values ≥ 100 are reported, and only phrases of two or more parts (`cinq
//! mille`, `zweihundert`, `五千`; a precomposed `quinientos` counts as two, the Slavic 100
//! `сто`/`sto` as one; a numeral in digits is a part only before a scale word: `5 тысяч`): a
//! lone scale word (`cent`, `mil`, `mille`, `hundert`, `cento`, `сто`, `тысяча`, `tysiac`, `duizend`, `tusen`, `百`, `万`) reports
//! nothing, so `сто процентов`, `Тысяча благодарностей`, `tusen tack` stay visible. A French
//! phrase made only of words English uses too (`six cents`, `six million`) is left to the
//! English matcher. A phrase never spans a newline, a comma or a word that is not a number word
//! of its language, and may not start or end inside a compound (`duemiladuemila` reports
//! nothing). When two languages read the same words, only the longest reading is reported
//! (Portuguese `cinco mil` inside Spanish `cinco mil cien`), and a phrase's prefixes never are
//! (`cinq mille cent` reports 5100, not 5000). `万` needs an explicit multiplier (`一万`). A
//! Roman token shorter than four letters must be upper case; it must stand alone (not inside
//! base64, a pod suffix `orders-8795b65d-mdclx`, a UUID group or a host name); and a stop list
//! drops canonical numerals that are acronyms, identifiers or words (every two-letter one:
//! `CD`, `DC`, `CI`, `MM`; then `CLI`, `CXX`, `MIX`, `MMM`, …). Over 890 MB of English docs,
//! crate sources, man pages and random base64, UUIDs and pod names, 10 lines report a value: 6
//! real Spanish or Chinese numbers, and 4 `DCCC` that rustdoc splits off `_MM_PERM_DCCC`. For
//! Dutch, Swedish, Polish, Russian and Ukrainian, over 320 MB (man pages in 30 languages,
//! crate sources, `/usr/share/doc`, and 15 MB of the tools' messages translated into those five
//! languages), the new rules report 6 lines, all real numbers (`2 миллиардов транзакций`,
//! `понад 65 тисяч буферів`, `2 miljarder`, `cztery tysiące mil`, `четыре тысячи миль`); their
//! near-misses are in this module's tests and `tests/lang_numerals.rs`.
//!
//! Gap: a Latin scale stem in mixed case (`MiLLe`) or holding a Cyrillic look-alike (`mіlle`)
//! is not found (see [`anchors`]); ordinals (`две тысячи двадцать четвёртый`) stop the phrase
//! before them; the Slavic instrumental and dative forms (`пятью тысячами`) are not read.
//!
//! # Cost
//!
//! Linear in the text, with no allocation after the first call. Every worded number of 100 or
//! more contains a scale stem ([`STEMS`]: `cent`, `cien`, `mil`, `hund`, `tausend`, `sto`,
//! `tys`, …; [`CYR_STEMS`]: `ст`, `сот`, `тыс`, `мил`, …), so an Aho-Corasick automaton finds
//! the candidate words and the parser reads only the few words around each (a bounded walk
//! back; a `resume` mark so no text is read twice); Roman tokens come from one byte-table pass;
//! the CJK pass is skipped when the text is ASCII, and the Cyrillic pass (its own automaton:
//! every case and look-alike spelling of its stems) unless the text holds a Cyrillic lead
//! byte. Measured (best of 400 runs on 32 KB, release, a shared machine): English ops text
//! 490 MB/s, the dense English of the tests 225 MB/s (270 before Dutch, Swedish, Polish and
//! Cyrillic: more languages per anchor word), ops prose in the new languages 115 MB/s.
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use std::sync::OnceLock;

/// Find every number written in the words of one of the languages above, in CJK numerals, or
/// in Roman numerals, and call `found(value)` for each (value ≥ 100 only).
pub(crate) fn scan(text: &str, found: &mut dyn FnMut(f64)) {
    let mut out = Out {
        found,
        recent: [0.0; 8],
        n: 0,
    };
    if let Some(ac) = anchors() {
        scan_words(text, ac, &LATIN, Script::Latin, &mut out);
    }
    scan_roman(text, &mut out);
    if !text.is_ascii() {
        scan_cjk(text, &mut out);
        // Every Cyrillic stem letter is in U+0400..U+047F: UTF-8 lead byte D0 or D1.
        if memchr::memchr2(0xD0, 0xD1, text.as_bytes()).is_some() {
            if let Some(ac) = cyr_anchors() {
                scan_words(text, ac, &CYRILLIC, Script::Cyrillic, &mut out);
            }
        }
    }
}

/// The sink: drops values below 100 and values among the last 8 reported (the same words can
/// be a number in several languages: `cinco mil` is Spanish and Portuguese).
struct Out<'a> {
    found: &'a mut dyn FnMut(f64),
    recent: [f64; 8],
    n: usize,
}

impl Out<'_> {
    fn emit(&mut self, v: f64) {
        if v.is_nan() || v.is_infinite() || v < 100.0 {
            return;
        }
        let seen = self.n.min(self.recent.len());
        if self.recent.iter().take(seen).any(|&r| r == v) {
            return;
        }
        if let Some(slot) = self.recent.get_mut(self.n % 8) {
            *slot = v;
        }
        self.n += 1;
        (self.found)(v);
    }
}

// ---------------------------------------------------------------------------------------------
// Words: lexicons
// ---------------------------------------------------------------------------------------------

/// Longest word (lower-cased bytes, `ß` as `ss`) considered: the longest German number below
/// a million (`siebenhundertsiebenundsiebzigtausendsiebenhundertsiebenundsiebzig`) has 66.
const MAXW: usize = 96;
/// Morphemes per word.
const MAXM: usize = 24;
/// Words read back from a candidate word, and words per phrase window.
const MAX_BACK: usize = 16;
const MAX_WIN: usize = 40;
/// Characters between two words of a phrase.
const MAX_SEP: usize = 6;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum M {
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
enum Lang {
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
}

/// The languages written in Latin letters (read by the pass anchored on [`STEMS`]) and in
/// Cyrillic (read by the pass anchored on [`CYR_STEMS`], only when the text has Cyrillic).
const LATIN: [Lang; 8] = [
    Lang::Fr,
    Lang::De,
    Lang::Es,
    Lang::It,
    Lang::Pt,
    Lang::Nl,
    Lang::Sv,
    Lang::Pl,
];
const CYRILLIC: [Lang; 2] = [Lang::Ru, Lang::Uk];
/// Every language, in declaration order (`ALL[l as usize] == l`).
const ALL: [Lang; 10] = [
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
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Script {
    Latin,
    Cyrillic,
}

use M::{Hundred, Hundreds, Scale, Small, Tens, Unit};

const FR: &[(&str, M)] = &[
    ("un", Unit(1)),
    ("une", Unit(1)),
    ("deux", Unit(2)),
    ("trois", Unit(3)),
    ("quatre", Unit(4)),
    ("cinq", Unit(5)),
    ("six", Unit(6)),
    ("sept", Unit(7)),
    ("huit", Unit(8)),
    ("neuf", Unit(9)),
    ("dix", Small(10)),
    ("onze", Small(11)),
    ("douze", Small(12)),
    ("treize", Small(13)),
    ("quatorze", Small(14)),
    ("quinze", Small(15)),
    ("seize", Small(16)),
    ("vingt", Tens(20)),
    ("vingts", Tens(20)),
    ("trente", Tens(30)),
    ("quarante", Tens(40)),
    ("cinquante", Tens(50)),
    ("soixante", Tens(60)),
    ("septante", Tens(70)),
    ("huitante", Tens(80)),
    ("octante", Tens(80)),
    ("nonante", Tens(90)),
    ("cent", Hundred),
    ("cents", Hundred),
    ("mille", Scale(1_000)),
    ("million", Scale(1_000_000)),
    ("millions", Scale(1_000_000)),
    ("milliard", Scale(1_000_000_000)),
    ("milliards", Scale(1_000_000_000)),
    ("demi", M::Half),
    ("demie", M::Half),
];

const DE: &[(&str, M)] = &[
    ("ein", Unit(1)),
    ("eins", Unit(1)),
    ("eine", Unit(1)),
    ("zwei", Unit(2)),
    ("zwo", Unit(2)),
    ("drei", Unit(3)),
    ("vier", Unit(4)),
    ("funf", Unit(5)),
    ("fuenf", Unit(5)),
    ("sechs", Unit(6)),
    ("sieben", Unit(7)),
    ("acht", Unit(8)),
    ("neun", Unit(9)),
    ("zehn", Small(10)),
    ("elf", Small(11)),
    ("zwolf", Small(12)),
    ("zwoelf", Small(12)),
    ("dreizehn", Small(13)),
    ("vierzehn", Small(14)),
    ("funfzehn", Small(15)),
    ("fuenfzehn", Small(15)),
    ("sechzehn", Small(16)),
    ("siebzehn", Small(17)),
    ("achtzehn", Small(18)),
    ("neunzehn", Small(19)),
    ("zwanzig", Tens(20)),
    ("dreissig", Tens(30)),
    ("vierzig", Tens(40)),
    ("funfzig", Tens(50)),
    ("fuenfzig", Tens(50)),
    ("sechzig", Tens(60)),
    ("siebzig", Tens(70)),
    ("achtzig", Tens(80)),
    ("neunzig", Tens(90)),
    ("hundert", Hundred),
    ("tausend", Scale(1_000)),
    ("million", Scale(1_000_000)),
    ("millionen", Scale(1_000_000)),
    ("milliarde", Scale(1_000_000_000)),
    ("milliarden", Scale(1_000_000_000)),
    // `und` inside a compound (`vierundzwanzig`); spaced `und` is the conjunction word.
    ("und", M::Conj),
];

const ES: &[(&str, M)] = &[
    ("un", Unit(1)),
    ("uno", Unit(1)),
    ("una", Unit(1)),
    ("dos", Unit(2)),
    ("tres", Unit(3)),
    ("cuatro", Unit(4)),
    ("cinco", Unit(5)),
    ("seis", Unit(6)),
    ("siete", Unit(7)),
    ("ocho", Unit(8)),
    ("nueve", Unit(9)),
    ("diez", Small(10)),
    ("once", Small(11)),
    ("doce", Small(12)),
    ("trece", Small(13)),
    ("catorce", Small(14)),
    ("quince", Small(15)),
    ("dieciseis", Small(16)),
    ("diecisiete", Small(17)),
    ("dieciocho", Small(18)),
    ("diecinueve", Small(19)),
    ("veinte", Tens(20)),
    ("veintiun", Small(21)),
    ("veintiuno", Small(21)),
    ("veintiuna", Small(21)),
    ("veintidos", Small(22)),
    ("veintitres", Small(23)),
    ("veinticuatro", Small(24)),
    ("veinticinco", Small(25)),
    ("veintiseis", Small(26)),
    ("veintisiete", Small(27)),
    ("veintiocho", Small(28)),
    ("veintinueve", Small(29)),
    ("treinta", Tens(30)),
    ("cuarenta", Tens(40)),
    ("cincuenta", Tens(50)),
    ("sesenta", Tens(60)),
    ("setenta", Tens(70)),
    ("ochenta", Tens(80)),
    ("noventa", Tens(90)),
    ("cien", Hundred),
    ("ciento", Hundred),
    // `dos cientos` is a common misspelling of `doscientos`.
    ("cientos", Hundred),
    ("cientas", Hundred),
    ("doscientos", Hundreds(200)),
    ("doscientas", Hundreds(200)),
    ("trescientos", Hundreds(300)),
    ("trescientas", Hundreds(300)),
    ("cuatrocientos", Hundreds(400)),
    ("cuatrocientas", Hundreds(400)),
    ("quinientos", Hundreds(500)),
    ("quinientas", Hundreds(500)),
    ("seiscientos", Hundreds(600)),
    ("seiscientas", Hundreds(600)),
    ("setecientos", Hundreds(700)),
    ("setecientas", Hundreds(700)),
    ("ochocientos", Hundreds(800)),
    ("ochocientas", Hundreds(800)),
    ("novecientos", Hundreds(900)),
    ("novecientas", Hundreds(900)),
    ("mil", Scale(1_000)),
    ("millon", Scale(1_000_000)),
    ("millones", Scale(1_000_000)),
    ("medio", M::Half),
    ("media", M::Half),
];

const IT: &[(&str, M)] = &[
    ("un", Unit(1)),
    ("uno", Unit(1)),
    ("una", Unit(1)),
    ("due", Unit(2)),
    ("tre", Unit(3)),
    ("quattro", Unit(4)),
    ("cinque", Unit(5)),
    ("sei", Unit(6)),
    ("sette", Unit(7)),
    ("otto", Unit(8)),
    ("nove", Unit(9)),
    ("dieci", Small(10)),
    ("undici", Small(11)),
    ("dodici", Small(12)),
    ("tredici", Small(13)),
    ("quattordici", Small(14)),
    ("quindici", Small(15)),
    ("sedici", Small(16)),
    ("diciassette", Small(17)),
    ("diciotto", Small(18)),
    ("diciannove", Small(19)),
    ("venti", Tens(20)),
    ("trenta", Tens(30)),
    ("quaranta", Tens(40)),
    ("cinquanta", Tens(50)),
    ("sessanta", Tens(60)),
    ("settanta", Tens(70)),
    ("ottanta", Tens(80)),
    ("novanta", Tens(90)),
    // The tens drop their vowel before `uno`/`otto` (and `un` before `mila`).
    ("ventun", Small(21)),
    ("ventuno", Small(21)),
    ("ventotto", Small(28)),
    ("trentun", Small(31)),
    ("trentuno", Small(31)),
    ("trentotto", Small(38)),
    ("quarantun", Small(41)),
    ("quarantuno", Small(41)),
    ("quarantotto", Small(48)),
    ("cinquantun", Small(51)),
    ("cinquantuno", Small(51)),
    ("cinquantotto", Small(58)),
    ("sessantun", Small(61)),
    ("sessantuno", Small(61)),
    ("sessantotto", Small(68)),
    ("settantun", Small(71)),
    ("settantuno", Small(71)),
    ("settantotto", Small(78)),
    ("ottantun", Small(81)),
    ("ottantuno", Small(81)),
    ("ottantotto", Small(88)),
    ("novantun", Small(91)),
    ("novantuno", Small(91)),
    ("novantotto", Small(98)),
    ("cento", Hundred),
    // `centottanta`, `centotto`: only inside a compound (see `fits`).
    ("cent", Hundred),
    ("mille", Scale(1_000)),
    ("mila", Scale(1_000)),
    ("milione", Scale(1_000_000)),
    ("milioni", Scale(1_000_000)),
    ("miliardo", Scale(1_000_000_000)),
    ("miliardi", Scale(1_000_000_000)),
    ("mezzo", M::Half),
    ("mezza", M::Half),
];

const PT: &[(&str, M)] = &[
    ("um", Unit(1)),
    ("uma", Unit(1)),
    ("dois", Unit(2)),
    ("duas", Unit(2)),
    ("tres", Unit(3)),
    ("quatro", Unit(4)),
    ("cinco", Unit(5)),
    ("seis", Unit(6)),
    ("sete", Unit(7)),
    ("oito", Unit(8)),
    ("nove", Unit(9)),
    ("dez", Small(10)),
    ("onze", Small(11)),
    ("doze", Small(12)),
    ("treze", Small(13)),
    ("catorze", Small(14)),
    ("quatorze", Small(14)),
    ("quinze", Small(15)),
    ("dezesseis", Small(16)),
    ("dezasseis", Small(16)),
    ("dezessete", Small(17)),
    ("dezassete", Small(17)),
    ("dezoito", Small(18)),
    ("dezenove", Small(19)),
    ("dezanove", Small(19)),
    ("vinte", Tens(20)),
    ("trinta", Tens(30)),
    ("quarenta", Tens(40)),
    ("cinquenta", Tens(50)),
    ("sessenta", Tens(60)),
    ("setenta", Tens(70)),
    ("oitenta", Tens(80)),
    ("noventa", Tens(90)),
    ("cem", Hundred),
    ("cento", Hundred),
    ("duzentos", Hundreds(200)),
    ("duzentas", Hundreds(200)),
    ("trezentos", Hundreds(300)),
    ("trezentas", Hundreds(300)),
    ("quatrocentos", Hundreds(400)),
    ("quatrocentas", Hundreds(400)),
    ("quinhentos", Hundreds(500)),
    ("quinhentas", Hundreds(500)),
    ("seiscentos", Hundreds(600)),
    ("seiscentas", Hundreds(600)),
    ("setecentos", Hundreds(700)),
    ("setecentas", Hundreds(700)),
    ("oitocentos", Hundreds(800)),
    ("oitocentas", Hundreds(800)),
    ("novecentos", Hundreds(900)),
    ("novecentas", Hundreds(900)),
    ("mil", Scale(1_000)),
    ("milhao", Scale(1_000_000)),
    ("milhoes", Scale(1_000_000)),
    ("bilhao", Scale(1_000_000_000)),
    ("bilhoes", Scale(1_000_000_000)),
    ("meio", M::Half),
    ("meia", M::Half),
];

const NL: &[(&str, M)] = &[
    ("een", Unit(1)),
    ("twee", Unit(2)),
    ("drie", Unit(3)),
    ("vier", Unit(4)),
    ("vijf", Unit(5)),
    ("zes", Unit(6)),
    ("zeven", Unit(7)),
    ("acht", Unit(8)),
    ("negen", Unit(9)),
    ("tien", Small(10)),
    ("elf", Small(11)),
    ("twaalf", Small(12)),
    ("dertien", Small(13)),
    ("veertien", Small(14)),
    ("vijftien", Small(15)),
    ("zestien", Small(16)),
    ("zeventien", Small(17)),
    ("achttien", Small(18)),
    ("negentien", Small(19)),
    ("twintig", Tens(20)),
    ("dertig", Tens(30)),
    ("veertig", Tens(40)),
    ("vijftig", Tens(50)),
    ("zestig", Tens(60)),
    ("zeventig", Tens(70)),
    ("tachtig", Tens(80)),
    ("negentig", Tens(90)),
    ("honderd", Hundred),
    ("duizend", Scale(1_000)),
    ("miljoen", Scale(1_000_000)),
    ("miljoenen", Scale(1_000_000)),
    ("miljard", Scale(1_000_000_000)),
    ("miljarden", Scale(1_000_000_000)),
    // `en` inside a compound (`vijfentwintig`, `tweeëntwintig` arrives as `tweeentwintig`).
    ("en", M::Conj),
];

const SV: &[(&str, M)] = &[
    ("en", Unit(1)),
    ("ett", Unit(1)),
    // `ettusen` (1000) drops one `t` of `ett tusen`.
    ("et", Unit(1)),
    ("tva", Unit(2)),
    ("tre", Unit(3)),
    ("fyra", Unit(4)),
    ("fem", Unit(5)),
    ("sex", Unit(6)),
    ("sju", Unit(7)),
    ("atta", Unit(8)),
    ("nio", Unit(9)),
    ("tio", Small(10)),
    ("elva", Small(11)),
    ("tolv", Small(12)),
    ("tretton", Small(13)),
    ("fjorton", Small(14)),
    ("femton", Small(15)),
    ("sexton", Small(16)),
    ("sjutton", Small(17)),
    ("arton", Small(18)),
    ("aderton", Small(18)),
    ("nitton", Small(19)),
    ("tjugo", Tens(20)),
    ("trettio", Tens(30)),
    ("fyrtio", Tens(40)),
    ("femtio", Tens(50)),
    ("sextio", Tens(60)),
    ("sjuttio", Tens(70)),
    ("attio", Tens(80)),
    ("nittio", Tens(90)),
    ("hundra", Hundred),
    ("tusen", Scale(1_000)),
    ("miljon", Scale(1_000_000)),
    ("miljoner", Scale(1_000_000)),
    ("miljard", Scale(1_000_000_000)),
    ("miljarder", Scale(1_000_000_000)),
];

/// Polish as it arrives: NFKD has stripped the diacritics (`pięć` is `piec`, `tysięcy`
/// `tysiecy`) and [`lower`] reads `ł` as `l`. `sto` and the precomposed hundreds are one part
/// each like the Slavic `сто` (see [`M::Hundreds`]).
const PL: &[(&str, M)] = &[
    ("jeden", Unit(1)),
    ("jedna", Unit(1)),
    ("jedno", Unit(1)),
    ("dwa", Unit(2)),
    ("dwie", Unit(2)),
    ("trzy", Unit(3)),
    ("cztery", Unit(4)),
    ("piec", Unit(5)),
    ("szesc", Unit(6)),
    ("siedem", Unit(7)),
    ("osiem", Unit(8)),
    ("dziewiec", Unit(9)),
    ("dziesiec", Small(10)),
    ("jedenascie", Small(11)),
    ("dwanascie", Small(12)),
    ("trzynascie", Small(13)),
    ("czternascie", Small(14)),
    ("pietnascie", Small(15)),
    ("szesnascie", Small(16)),
    ("siedemnascie", Small(17)),
    ("osiemnascie", Small(18)),
    ("dziewietnascie", Small(19)),
    ("dwadziescia", Tens(20)),
    ("trzydziesci", Tens(30)),
    ("czterdziesci", Tens(40)),
    ("piecdziesiat", Tens(50)),
    ("szescdziesiat", Tens(60)),
    ("siedemdziesiat", Tens(70)),
    ("osiemdziesiat", Tens(80)),
    ("dziewiecdziesiat", Tens(90)),
    ("sto", Hundreds(100)),
    ("dwiescie", Hundreds(200)),
    ("trzysta", Hundreds(300)),
    ("czterysta", Hundreds(400)),
    ("piecset", Hundreds(500)),
    ("szescset", Hundreds(600)),
    ("siedemset", Hundreds(700)),
    ("osiemset", Hundreds(800)),
    ("dziewiecset", Hundreds(900)),
    ("tysiac", Scale(1_000)),
    ("tysiaca", Scale(1_000)),
    ("tysiace", Scale(1_000)),
    ("tysiecy", Scale(1_000)),
    ("tys", Scale(1_000)),
    ("milion", Scale(1_000_000)),
    ("miliona", Scale(1_000_000)),
    ("miliony", Scale(1_000_000)),
    ("milionow", Scale(1_000_000)),
    ("miliard", Scale(1_000_000_000)),
    ("miliarda", Scale(1_000_000_000)),
    ("miliardy", Scale(1_000_000_000)),
    ("miliardow", Scale(1_000_000_000)),
    ("poltora", M::Sesqui),
    ("poltorej", M::Sesqui),
    ("pol", M::Half),
];

/// Russian, nominative with the genitive and accusative forms a sentence puts numbers in
/// (`около пяти тысяч ста`), `ё` and `й` as NFKD leaves them (`е`, `и`: [`lower`] folds the
/// precomposed letters the same way).
const RU: &[(&str, M)] = &[
    ("один", Unit(1)),
    ("одна", Unit(1)),
    ("одно", Unit(1)),
    ("одну", Unit(1)),
    ("одного", Unit(1)),
    ("одной", Unit(1)),
    ("два", Unit(2)),
    ("две", Unit(2)),
    ("двух", Unit(2)),
    ("три", Unit(3)),
    ("трех", Unit(3)),
    ("четыре", Unit(4)),
    ("четырех", Unit(4)),
    ("пять", Unit(5)),
    ("пяти", Unit(5)),
    ("шесть", Unit(6)),
    ("шести", Unit(6)),
    ("семь", Unit(7)),
    ("семи", Unit(7)),
    ("восемь", Unit(8)),
    ("восьми", Unit(8)),
    ("девять", Unit(9)),
    ("девяти", Unit(9)),
    ("десять", Small(10)),
    ("десяти", Small(10)),
    ("одиннадцать", Small(11)),
    ("двенадцать", Small(12)),
    ("тринадцать", Small(13)),
    ("четырнадцать", Small(14)),
    ("пятнадцать", Small(15)),
    ("шестнадцать", Small(16)),
    ("семнадцать", Small(17)),
    ("восемнадцать", Small(18)),
    ("девятнадцать", Small(19)),
    ("двадцать", Tens(20)),
    ("двадцати", Tens(20)),
    ("тридцать", Tens(30)),
    ("тридцати", Tens(30)),
    ("сорок", Tens(40)),
    ("сорока", Tens(40)),
    ("пятьдесят", Tens(50)),
    ("пятидесяти", Tens(50)),
    ("шестьдесят", Tens(60)),
    ("шестидесяти", Tens(60)),
    ("семьдесят", Tens(70)),
    ("семидесяти", Tens(70)),
    ("восемьдесят", Tens(80)),
    ("восьмидесяти", Tens(80)),
    ("девяносто", Tens(90)),
    ("девяноста", Tens(90)),
    ("сто", Hundreds(100)),
    ("ста", Hundreds(100)),
    ("двести", Hundreds(200)),
    ("двухсот", Hundreds(200)),
    ("триста", Hundreds(300)),
    ("трехсот", Hundreds(300)),
    ("четыреста", Hundreds(400)),
    ("четырехсот", Hundreds(400)),
    ("пятьсот", Hundreds(500)),
    ("пятисот", Hundreds(500)),
    ("шестьсот", Hundreds(600)),
    ("шестисот", Hundreds(600)),
    ("семьсот", Hundreds(700)),
    ("семисот", Hundreds(700)),
    ("восемьсот", Hundreds(800)),
    ("восьмисот", Hundreds(800)),
    ("девятьсот", Hundreds(900)),
    ("девятисот", Hundreds(900)),
    ("тысяча", Scale(1_000)),
    ("тысячи", Scale(1_000)),
    ("тысяч", Scale(1_000)),
    ("тысячу", Scale(1_000)),
    ("тысячей", Scale(1_000)),
    ("тысячах", Scale(1_000)),
    ("тысячами", Scale(1_000)),
    // Colloquial `тыща`.
    ("тыща", Scale(1_000)),
    ("тыщи", Scale(1_000)),
    ("тыщ", Scale(1_000)),
    // Abbreviations (`5,1 тыс.`, `2,4 млн`).
    ("тыс", Scale(1_000)),
    ("млн", Scale(1_000_000)),
    ("млрд", Scale(1_000_000_000)),
    ("миллион", Scale(1_000_000)),
    ("миллиона", Scale(1_000_000)),
    ("миллионов", Scale(1_000_000)),
    ("миллиард", Scale(1_000_000_000)),
    ("миллиарда", Scale(1_000_000_000)),
    ("миллиардов", Scale(1_000_000_000)),
    ("полтора", M::Sesqui),
    ("полторы", M::Sesqui),
    ("половиной", M::Half),
    ("с", M::Conj),
];

/// Ukrainian; the apostrophe of `п'ять`, `дев'ять` (`'`, `’`, `ʼ`) is dropped by [`lower`], so
/// these read as written without it.
const UK: &[(&str, M)] = &[
    ("один", Unit(1)),
    ("одна", Unit(1)),
    ("одне", Unit(1)),
    ("одно", Unit(1)),
    ("одну", Unit(1)),
    ("два", Unit(2)),
    ("дві", Unit(2)),
    ("двох", Unit(2)),
    ("три", Unit(3)),
    ("трьох", Unit(3)),
    ("чотири", Unit(4)),
    ("чотирьох", Unit(4)),
    ("п'ять", Unit(5)),
    ("п'яти", Unit(5)),
    ("шість", Unit(6)),
    ("шести", Unit(6)),
    ("сім", Unit(7)),
    ("семи", Unit(7)),
    ("вісім", Unit(8)),
    ("восьми", Unit(8)),
    ("дев'ять", Unit(9)),
    ("дев'яти", Unit(9)),
    ("десять", Small(10)),
    ("одинадцять", Small(11)),
    ("дванадцять", Small(12)),
    ("тринадцять", Small(13)),
    ("чотирнадцять", Small(14)),
    ("п'ятнадцять", Small(15)),
    ("шістнадцять", Small(16)),
    ("сімнадцять", Small(17)),
    ("вісімнадцять", Small(18)),
    ("дев'ятнадцять", Small(19)),
    ("двадцять", Tens(20)),
    ("тридцять", Tens(30)),
    ("сорок", Tens(40)),
    ("п'ятдесят", Tens(50)),
    ("шістдесят", Tens(60)),
    ("сімдесят", Tens(70)),
    ("вісімдесят", Tens(80)),
    ("дев'яносто", Tens(90)),
    ("сто", Hundreds(100)),
    ("ста", Hundreds(100)),
    ("двісті", Hundreds(200)),
    ("триста", Hundreds(300)),
    ("чотириста", Hundreds(400)),
    ("п'ятсот", Hundreds(500)),
    ("шістсот", Hundreds(600)),
    ("сімсот", Hundreds(700)),
    ("вісімсот", Hundreds(800)),
    ("дев'ятсот", Hundreds(900)),
    ("тисяча", Scale(1_000)),
    ("тисячі", Scale(1_000)),
    ("тисяч", Scale(1_000)),
    ("тисячу", Scale(1_000)),
    ("тис", Scale(1_000)),
    ("млн", Scale(1_000_000)),
    ("млрд", Scale(1_000_000_000)),
    ("мільйон", Scale(1_000_000)),
    ("мільйона", Scale(1_000_000)),
    ("мільйони", Scale(1_000_000)),
    ("мільйонів", Scale(1_000_000)),
    ("мільярд", Scale(1_000_000_000)),
    ("мільярда", Scale(1_000_000_000)),
    ("мільярди", Scale(1_000_000_000)),
    ("мільярдів", Scale(1_000_000_000)),
    ("півтора", M::Sesqui),
    ("півтори", M::Sesqui),
    ("половиною", M::Half),
    ("з", M::Conj),
];

/// Stems one of which every worded number ≥ 100 in Latin letters contains (its hundred or
/// scale word; `hund` is German `hundert` and Swedish `hundra`; `mil` also Dutch `miljoen`,
/// Swedish `miljon`, Polish `milion`). Three cases each: at most 64 patterns, the limit of the
/// SIMD prefilter.
const STEMS: [&str; 20] = [
    "cent", "cien", "cem", "mil", "hund", "tausend", "duzent", "trezent", "quinhent", "quinient",
    "bilh", "honderd", "duizend", "tusen", "sto", "wiesc", "ysta", "cset", "mset", "tys",
];

/// The same for Cyrillic: `ст` (`сто`, `ста`, `двести`, `триста`, `двісті`), `сот`
/// (`пятьсот`, `двухсот`, `п'ятсот`), the thousands and the millions with their
/// abbreviations (`тыс`, `млн`, `млрд`). Each is searched in
/// every mix of case and Latin look-alike letters (`cтo`) that keeps one Cyrillic letter.
const CYR_STEMS: [&str; 9] = [
    "ст", "сот", "тыс", "тыщ", "тис", "мил", "міл", "млн", "млрд",
];

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
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    fn script(self) -> Script {
        match self {
            Lang::Ru | Lang::Uk => Script::Cyrillic,
            _ => Script::Latin,
        }
    }

    /// The conjunction word between parts; empty (never a word) where numbers take none.
    fn conj(self) -> &'static [u8] {
        match self {
            Lang::Fr => b"et",
            Lang::De => b"und",
            Lang::Es => b"y",
            Lang::It | Lang::Pt => b"e",
            Lang::Nl => b"en",
            // Only before `pół` in practice (see [`M::Half`]); the Cyrillic `с` / `з` are in
            // their lexicons (this compares folded bytes).
            Lang::Pl => b"i",
            Lang::Sv | Lang::Ru | Lang::Uk => b"",
        }
    }

    /// German, Italian, Dutch and Swedish write a number below a million as one word.
    fn compounds(self) -> bool {
        matches!(self, Lang::De | Lang::It | Lang::Nl | Lang::Sv)
    }

    /// Languages whose scale words may follow a numeral in digits (`2,4 миллиона`, `5,1 tys.`,
    /// `2,4 miljoen`): those the main matcher's scale suffixes do not read (it reads `5,1
    /// Tausend`, `2,4 millones`, `2,4 Mio`).
    fn numerals(self) -> bool {
        matches!(self, Lang::Nl | Lang::Sv | Lang::Pl | Lang::Ru | Lang::Uk)
    }

    /// German and Dutch put the unit before the tens (`vierundzwanzig`, `vierentwintig`).
    fn unit_first(self) -> bool {
        matches!(self, Lang::De | Lang::Nl)
    }

    /// Tens and teens times the hundred word (`neunzehnhundert`, `negentienhonderd`,
    /// `nittonhundra`).
    fn tens_hundreds(self) -> bool {
        matches!(self, Lang::De | Lang::Nl | Lang::Sv)
    }

    /// Words English also uses as number words: a phrase made only of these (`six cents`,
    /// `six million`) is English, and the English matcher reads it.
    fn english(self, w: &[u8]) -> bool {
        self == Lang::Fr
            && matches!(
                w,
                b"six" | b"cent" | b"cents" | b"million" | b"millions" | b"seize"
            )
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
fn segments(lang: Lang, w: &[u8]) -> bool {
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
fn segment(lang: Lang, w: &[u8], out: &mut [M; MAXM]) -> Option<usize> {
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

// ---------------------------------------------------------------------------------------------
// Words: phrase parser
// ---------------------------------------------------------------------------------------------

/// Where the current group (the part below 1000) stands: what may follow.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Empty,
    /// A unit was just read (alone: `lead`, a multiplier candidate).
    Unit,
    Hundred,
    /// Tens just read, open to a unit (and French 60/80 to a teen).
    Tens,
    /// French `dix` just read, open to 7..=9.
    Dix,
    /// One and a half, or a numeral at the start, just read: only a scale may follow.
    Sesqui,
    Closed,
}

struct Phrase {
    lang: Lang,
    total: u64,
    last_scale: u64,
    /// The scale read by the previous token, 0 if that was no scale (`mil millones`).
    prev_scale: u64,
    group: u64,
    /// The group is one and a half (`group` holds the one).
    half: bool,
    /// Decimals of a numeral group (`2,4`: `group` 24, `dec` 1).
    dec: u8,
    /// What a closing `and a half` adds (0 when none was read); nothing may follow it.
    plus: f64,
    stage: Stage,
    lead: bool,
    last_unit: u8,
    conj: bool,
    /// Parts read up to the last scale, and whether one of them is not English.
    parts: u32,
    foreign: bool,
    /// The same for the current group.
    gparts: u32,
    gforeign: bool,
    /// Window index of the word being fed, and the phrase's first and last words (the
    /// current group's first, the completed part's last).
    word: usize,
    first: usize,
    last: usize,
    gfirst: usize,
    plast: usize,
    /// The last word before the last unit read (where a prefix ends when that unit moves).
    before_unit: usize,
    /// Morpheme index within its word of the morpheme being fed, the group's first and the
    /// last one read.
    mi: usize,
    gfirst_mi: usize,
    last_mi: usize,
    /// The phrase starts or ends inside a compound (`neunzehn|hundert…` read wrongly, or a
    /// nonsense compound): not reported.
    broken: bool,
}

impl Phrase {
    fn new(lang: Lang) -> Phrase {
        Phrase {
            lang,
            total: 0,
            last_scale: u64::MAX,
            prev_scale: 0,
            group: 0,
            half: false,
            dec: 0,
            plus: 0.0,
            stage: Stage::Empty,
            lead: false,
            last_unit: 0,
            conj: false,
            parts: 0,
            foreign: false,
            gparts: 0,
            gforeign: false,
            word: 0,
            first: 0,
            last: 0,
            gfirst: 0,
            plast: 0,
            before_unit: 0,
            mi: 0,
            gfirst_mi: 0,
            last_mi: 0,
            broken: false,
        }
    }

    /// Feed `m`, the morpheme `mi` of its word; when it cannot continue the phrase, report
    /// the phrase and start the next.
    fn push(&mut self, m: M, mi: usize, english: bool, found: &mut Found) {
        self.mi = mi;
        if self.feed(m, english) {
            return;
        }
        if let Some(next) = self.split_tail(m) {
            // The cut falls where the moved tail starts.
            self.broken |= next.broken;
            self.flush(found);
            *self = next;
            if self.feed(m, english) {
                return;
            }
        }
        let mid = mi > 0 && m != M::Conj;
        self.broken |= mid;
        self.flush(found);
        self.broken = mid;
        self.feed(m, english);
    }

    /// `cinq mille | cinq mille`, `deux cent | trois cent`: when `m` cannot follow, the tail
    /// just read may start the next number instead. Moves that tail into a new phrase.
    fn split_tail(&mut self, m: M) -> Option<Phrase> {
        if self.plus > 0.0 {
            return None;
        }
        let mut next = Phrase::new(self.lang);
        next.word = self.word;
        next.mi = self.mi;
        match m {
            Scale(_) if self.stage != Stage::Empty && self.parts > 0 => {
                next.first = self.gfirst;
                next.gfirst = self.gfirst;
                next.gfirst_mi = self.gfirst_mi;
                next.last = self.last;
                next.last_mi = self.last_mi;
                next.broken = self.gfirst_mi > 0;
                self.last = self.plast;
                next.group = self.group;
                next.half = self.half;
                next.dec = self.dec;
                next.stage = self.stage;
                next.lead = self.lead;
                next.last_unit = self.last_unit;
                next.gparts = self.gparts;
                next.gforeign = self.gforeign;
                self.group = 0;
                self.half = false;
                self.dec = 0;
                self.gparts = 0;
                self.gforeign = false;
            }
            Hundred if self.stage == Stage::Unit && !self.lead && !self.conj => {
                next.first = self.last;
                next.gfirst = self.last;
                next.gfirst_mi = self.last_mi;
                next.last = self.last;
                next.last_mi = self.last_mi;
                next.broken = self.last_mi > 0;
                self.last = self.before_unit;
                let d = u64::from(self.last_unit);
                next.group = d;
                next.stage = Stage::Unit;
                next.lead = true;
                next.last_unit = self.last_unit;
                next.gparts = 1;
                next.gforeign = self.gforeign;
                self.group = self.group.saturating_sub(d);
                self.gparts = self.gparts.saturating_sub(1);
            }
            _ => return None,
        }
        Some(next)
    }

    /// Extend the phrase by `m`; `false` if `m` cannot continue it (the caller then closes
    /// this phrase and starts a new one at `m`).
    fn feed(&mut self, m: M, english: bool) -> bool {
        use Stage::{Closed, Dix, Empty};
        let fr = self.lang == Lang::Fr;
        let unit_first = self.lang.unit_first();
        if self.plus > 0.0 {
            return false;
        }
        if m == M::Conj {
            if self.parts + self.gparts == 0 || self.conj {
                return false;
            }
            self.conj = true;
            return true;
        }
        let conj = self.conj;
        let ok = match (m, self.stage) {
            (Unit(d), Empty) => {
                self.group = u64::from(d);
                self.stage = Stage::Unit;
                self.lead = true;
                true
            }
            (Unit(d), Stage::Hundred) => {
                self.group += u64::from(d);
                self.stage = Stage::Unit;
                self.lead = false;
                true
            }
            // German puts the unit first (`vierundzwanzig`), never after the tens.
            (Unit(d), Stage::Tens) if !unit_first => {
                self.group += u64::from(d);
                self.stage = Closed;
                true
            }
            (Unit(d), Dix) if !conj && (7..=9).contains(&d) => {
                self.group += u64::from(d);
                self.stage = Closed;
                true
            }
            (Small(n), Empty | Stage::Hundred) => {
                self.group += u64::from(n);
                self.stage = if fr && n == 10 { Dix } else { Closed };
                true
            }
            // soixante-dix, soixante et onze, quatre-vingt-douze.
            (Small(n), Stage::Tens) if fr && n < 20 && matches!(self.group % 100, 60 | 80) => {
                self.group += u64::from(n);
                self.stage = if n == 10 { Dix } else { Closed };
                true
            }
            (Tens(t), Empty | Stage::Hundred) => {
                self.group += u64::from(t);
                self.stage = Stage::Tens;
                true
            }
            (Tens(t), Stage::Unit) if unit_first && conj => {
                self.group += u64::from(t);
                self.stage = Closed;
                true
            }
            // quatre-vingt(s).
            (Tens(20), Stage::Unit) if fr && !conj && self.last_unit == 4 => {
                self.group = self.group.saturating_sub(4) + 80;
                self.stage = Stage::Tens;
                true
            }
            (Hundred, Empty) => {
                self.group = 100;
                self.stage = Stage::Hundred;
                true
            }
            (Hundred, Stage::Unit) if self.lead && !conj => {
                self.group *= 100;
                self.stage = Stage::Hundred;
                true
            }
            // German years and hundreds: neunzehnhundert (1900), einundfunfzighundert.
            (Hundred, Stage::Tens | Closed)
                if self.lang.tens_hundreds() && !conj && (10..100).contains(&self.group) =>
            {
                self.group *= 100;
                self.stage = Stage::Hundred;
                true
            }
            (Hundreds(h), Empty) => {
                self.group = u64::from(h);
                self.stage = Stage::Hundred;
                true
            }
            (M::Sesqui, Empty) if !conj => {
                self.group = 1;
                self.half = true;
                self.stage = Stage::Sesqui;
                true
            }
            // A numeral starts a phrase (then a scale must follow) or ends it (a whole group
            // below the last scale: `5 тысяч 100`).
            (M::Num { mant, dec }, Empty) if !conj && self.parts + self.gparts == 0 => {
                self.group = mant;
                self.dec = dec;
                self.stage = Stage::Sesqui;
                true
            }
            (M::Num { mant, dec: 0 }, Empty)
                if !conj && self.parts > 0 && mant < 1000 && mant < self.last_scale =>
            {
                self.group = mant;
                self.stage = Closed;
                true
            }
            (M::Half, stage) if conj && self.parts + self.gparts > 0 && stage != Stage::Sesqui => {
                self.plus = if stage == Empty {
                    self.last_scale as f64 / 2.0
                } else {
                    0.5
                };
                self.stage = Closed;
                true
            }
            (Scale(s), _) => self.scale(s, conj),
            _ => false,
        };
        if ok {
            if self.parts + self.gparts == 0 {
                self.first = self.word;
            }
            if self.gparts == 0 && !matches!(m, Scale(_)) {
                self.gfirst = self.word;
                self.gfirst_mi = self.mi;
            }
            if let Unit(d) = m {
                self.last_unit = d;
                self.before_unit = self.last;
            }
            self.last = self.word;
            self.last_mi = self.mi;
            if !matches!(m, Scale(_)) {
                self.prev_scale = 0;
            }
            self.conj = false;
            if matches!(m, Scale(_)) {
                self.plast = self.word;
                self.parts += self.gparts + 1;
                self.foreign |= self.gforeign || !english;
                self.gparts = 0;
                self.gforeign = false;
            } else {
                // A precomposed hundred is two parts (`quinientos`), the Slavic 100 one.
                self.gparts += if matches!(m, Hundreds(h) if h > 100) {
                    2
                } else {
                    1
                };
                self.gforeign |= !english;
            }
        }
        ok
    }

    fn scale(&mut self, s: u64, conj: bool) -> bool {
        if self.stage == Stage::Empty {
            if self.parts + self.gparts == 0 {
                // A bare `mille`, `mil`, `tausend` starts a phrase.
                self.total = s;
            } else if s < self.last_scale {
                // un million mille: an implicit one.
                self.total = self.total.saturating_add(s);
            } else if !conj && self.prev_scale == 1_000 && s > 1_000 && self.total < s {
                // mil millones, mille millions.
                self.total = self.total.saturating_mul(s);
            } else {
                return false;
            }
        } else {
            if conj || s >= self.last_scale {
                return false;
            }
            let half = if self.half { s / 2 } else { 0 };
            // `2,4 миллиона`: the numeral's decimals must come out whole.
            let div = 10u64.pow(u32::from(self.dec));
            let g = self.group.saturating_mul(s);
            if !g.is_multiple_of(div) {
                return false;
            }
            self.total = self.total.saturating_add(g / div).saturating_add(half);
            self.group = 0;
            self.half = false;
            self.dec = 0;
        }
        self.stage = Stage::Empty;
        self.last_scale = s;
        self.prev_scale = s;
        true
    }

    fn flush(&mut self, found: &mut Found) {
        // A trailing `полторы` or numeral without its scale is no part of the phrase.
        let (group, gparts) = if self.stage == Stage::Sesqui {
            (0, self.gparts.saturating_sub(1))
        } else {
            (self.group, self.gparts)
        };
        if self.parts + gparts >= 2 && (self.foreign || self.gforeign) && !self.broken {
            let v = self.total.saturating_add(group) as f64 + self.plus;
            found.add(self.first, self.last, v);
        }
        let (word, mi) = (self.word, self.mi);
        *self = Phrase::new(self.lang);
        self.word = word;
        self.mi = mi;
    }
}

/// Phrases per window: non-overlapping within a language, so at most one per word each.
const MAX_FOUND: usize = LATIN.len() * MAX_WIN;

/// The phrases every language read in one window. A phrase inside a longer one of another
/// language is dropped: Portuguese reads `cinco mil` (5000) inside Spanish `cinco mil cien`.
struct Found {
    spans: [(usize, usize, f64); MAX_FOUND],
    n: usize,
}

impl Found {
    fn add(&mut self, first: usize, last: usize, v: f64) {
        if let Some(slot) = self.spans.get_mut(self.n) {
            *slot = (first, last, v);
            self.n += 1;
        }
    }

    fn emit(&self, out: &mut Out) {
        let spans = self.spans.get(..self.n).unwrap_or(&[]);
        for &(s, e, v) in spans {
            let inside = spans.iter().any(|&(s2, e2, _)| {
                s2 <= s && e <= e2 && e2.saturating_sub(s2) > e.saturating_sub(s)
            });
            if !inside {
                out.emit(v);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Words: finding phrases in the text
// ---------------------------------------------------------------------------------------------

/// Characters that glue a token together: a word touching one of these is not a word.
/// (ASCII and Cyrillic first: the general lookup is the slow part on Cyrillic text.)
fn is_glue(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '_'
    } else {
        matches!(c, 'Ѐ'..='ҁ' | 'Ҋ'..='ԯ') || c.is_alphanumeric()
    }
}

/// Fold a word into the byte form the lexicons of `script` are kept in (`None` if it cannot be
/// a number word of that script), so that a lexicon entry and the text go through the same
/// function:
/// - Latin: ASCII letters lower-cased, `ß` as `ss`, `ł` as `l` (NFKD leaves it whole), and the
///   Cyrillic letters that look Latin (`а`, `с`, `е`, `о`, `і`, …) as those letters.
/// - Cyrillic: one byte per letter (`0x80 + (c - 'а')`; `і` and `є` after `я`), lower-cased,
///   `ё` as `е`, `й` as `и`, `ї` as `і`, `ґ` as `г` (the precomposed letters fold the way NFKD
///   without marks leaves them); a Latin look-alike (`o`, `c`, `T`, …) as its Cyrillic letter.
///
/// A word of look-alikes only (`CTO`) reads in both scripts: the phrase decides, and its anchor
/// word holds a letter of its own script (the Cyrillic pass runs only on text with Cyrillic).
///
/// Apostrophes inside the word (`п'ять`, `дев’ять`, `пʼять`) are dropped.
fn lower<'b>(word: &str, script: Script, buf: &'b mut [u8; MAXW]) -> Option<&'b [u8]> {
    let mut n = 0;
    for c in word.chars() {
        let (a, b) = match script {
            Script::Latin => match c {
                'ß' | 'ẞ' => (b's', Some(b's')),
                'ł' | 'Ł' => (b'l', None),
                c if c.is_ascii_alphabetic() => (c.to_ascii_lowercase() as u8, None),
                '\'' | '\u{2019}' | '\u{02BC}' => continue,
                c => (latin_look_alike(c)?, None),
            },
            Script::Cyrillic => match cyrillic_code(c) {
                Some(k) => (k, None),
                None if matches!(c, '\'' | '\u{2019}' | '\u{02BC}') => continue,
                None => (cyrillic_look_alike(c)?, None),
            },
        };
        *buf.get_mut(n)? = a;
        n += 1;
        if let Some(b) = b {
            *buf.get_mut(n)? = b;
            n += 1;
        }
    }
    buf.get(..n)
}

/// The byte a Cyrillic letter folds to (see [`lower`]).
fn cyrillic_code(c: char) -> Option<u8> {
    let lowered = match c {
        'А'..='Я' => char::from_u32(c as u32 + 0x20)?,
        'Ѐ'..='Џ' => char::from_u32(c as u32 + 0x50)?,
        'Ґ' => 'ґ',
        c => c,
    };
    let base = match lowered {
        'ё' | 'ѐ' => 'е',
        'й' => 'и',
        'ї' => 'і',
        'ґ' => 'г',
        c => c,
    };
    match base {
        'а'..='я' => u8::try_from(base as u32 - 'а' as u32 + 0x80).ok(),
        'і' => Some(0xA0),
        'є' => Some(0xA1),
        _ => None,
    }
}

/// The Cyrillic letter a Latin look-alike stands for inside a Cyrillic word.
fn cyrillic_look_alike(c: char) -> Option<u8> {
    let cyr = match c {
        'a' | 'A' => 'а',
        'B' => 'в',
        'c' | 'C' => 'с',
        'e' | 'E' => 'е',
        'H' => 'н',
        'i' | 'I' => 'і',
        'k' | 'K' => 'к',
        'M' => 'м',
        'o' | 'O' => 'о',
        'p' | 'P' => 'р',
        'T' => 'т',
        'x' | 'X' => 'х',
        'y' | 'Y' => 'у',
        _ => return None,
    };
    cyrillic_code(cyr)
}

/// The Latin letter a Cyrillic look-alike stands for inside a Latin word.
fn latin_look_alike(c: char) -> Option<u8> {
    Some(match c {
        'а' | 'А' => b'a',
        'В' => b'b',
        'с' | 'С' => b'c',
        'е' | 'Е' => b'e',
        'Н' => b'h',
        'і' | 'І' => b'i',
        'ј' | 'Ј' => b'j',
        'к' | 'К' => b'k',
        'М' => b'm',
        'о' | 'О' => b'o',
        'р' | 'Р' => b'p',
        'ѕ' | 'Ѕ' => b's',
        'Т' => b't',
        'х' | 'Х' => b'x',
        'у' | 'У' => b'y',
        _ => return None,
    })
}

/// Whether `text[s..e]` is a number word or conjunction of one of `langs`.
fn candidate(text: &str, s: usize, e: usize, langs: &[Lang], script: Script) -> bool {
    let mut buf = [0u8; MAXW];
    text.get(s..e)
        .and_then(|t| lower(t, script, &mut buf))
        .is_some_and(|w| langs.iter().any(|&l| w == l.conj() || segments(l, w)))
}

/// An apostrophe between two letters is part of the word (`п'ять`, `дев'ять`).
fn inner_apostrophe(before: Option<char>, c: char, after: Option<char>) -> bool {
    matches!(c, '\'' | '\u{2019}') && before.is_some_and(is_glue) && after.is_some_and(is_glue)
}

/// Start of the glue run ending at `i`, or `None` if it is longer than `limit` bytes.
fn run_start(text: &str, i: usize, limit: usize) -> Option<usize> {
    let head = text.get(..i)?;
    let mut s = i;
    let mut after = text.get(i..).and_then(|r| r.chars().next());
    let mut it = head.char_indices().rev().peekable();
    while let Some((off, c)) = it.next() {
        if !is_glue(c) && !inner_apostrophe(it.peek().map(|&(_, b)| b), c, after) {
            break;
        }
        s = off;
        after = Some(c);
        if i - s > limit {
            return None;
        }
    }
    Some(s)
}

/// End of the glue run starting at `i` (scanning at most `limit` bytes: `None` past it).
fn run_end(text: &str, i: usize, limit: usize) -> Option<usize> {
    let rest = text.get(i..)?;
    let mut before = text.get(..i).and_then(|h| h.chars().next_back());
    let mut it = rest.char_indices().peekable();
    while let Some((off, c)) = it.next() {
        if !is_glue(c) && !inner_apostrophe(before, c, it.peek().map(|&(_, a)| a)) {
            return Some(i + off);
        }
        if off > limit {
            return None;
        }
        before = Some(c);
    }
    Some(text.len())
}

/// Spaces, tabs, markdown emphasis (`cinq **mille** cent`) and at most one hyphen.
fn sep_ok(s: &str) -> bool {
    let dash = |c: char| matches!(c, '-' | '\u{2010}' | '\u{2011}');
    !s.is_empty()
        && s.chars()
            .all(|c| matches!(c, ' ' | '\t' | '*' | '`') || dash(c))
        && s.chars().filter(|&c| dash(c)).count() <= 1
}

/// Start of the next word if `text[i..]` begins with a phrase separator.
fn sep_fwd(text: &str, i: usize) -> Option<usize> {
    let rest = text.get(i..)?;
    let (off, _) = rest
        .char_indices()
        .take(MAX_SEP + 1)
        .find(|&(_, c)| is_glue(c))?;
    sep_ok(rest.get(..off)?).then_some(i + off)
}

/// End of the previous word if `text[..i]` ends with a phrase separator.
fn sep_back(text: &str, i: usize) -> Option<usize> {
    let head = text.get(..i)?;
    let (off, c) = head
        .char_indices()
        .rev()
        .take(MAX_SEP + 1)
        .find(|&(_, c)| is_glue(c))?;
    let end = off + c.len_utf8();
    sep_ok(head.get(end..)?).then_some(end)
}

/// A numeral in digits: `2`, `2,4`, `2.4` (at most 12 digits, then at most 3 decimals), as
/// (mantissa, decimals).
fn numeral(tok: &str) -> Option<(u64, u8)> {
    let (int, frac) = match tok.find(['.', ',']) {
        Some(i) => (tok.get(..i)?, tok.get(i + 1..)?),
        None => (tok, ""),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || int.len() > 12 || frac.len() > 3 || !digits(int) || !digits(frac) {
        return None;
    }
    let mant = int
        .bytes()
        .chain(frac.bytes())
        .fold(0u64, |m, b| m * 10 + u64::from(b - b'0'));
    Some((mant, u8::try_from(frac.len()).ok()?))
}

fn is_digits(text: &str, s: usize, e: usize) -> bool {
    text.get(s..e)
        .is_some_and(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
}

/// The decimals of a numeral whose integer part ends at `e` (`2|,4`): where it ends.
fn numeral_end(text: &str, e: usize) -> usize {
    let b = text.as_bytes();
    if matches!(b.get(e), Some(b'.' | b',')) && b.get(e + 1).is_some_and(u8::is_ascii_digit) {
        let mut k = e + 1;
        while b.get(k).is_some_and(u8::is_ascii_digit) {
            k += 1;
        }
        k
    } else {
        e
    }
}

/// Whether the digit run `text[s..e]` starts a standalone numeral going forward (it cannot
/// be a piece of a version or an address: `1.2.3`, `10.0.3.7`).
fn numeral_fwd(text: &str, s: usize, e: usize) -> bool {
    if !is_digits(text, s, e) {
        return false;
    }
    let end = numeral_end(text, e);
    let b = text.as_bytes();
    end - s <= 16
        && !(matches!(b.get(end), Some(b'.' | b','))
            && b.get(end + 1).is_some_and(u8::is_ascii_digit))
}

/// Where a standalone numeral ending with the digit run `text[ps..pe]` starts, if it is one
/// (`2,4 миллиона`; not `v1.2 тысячи`, `10.0.3.7 тысяч`, `x-5 тысяч`).
fn numeral_back(text: &str, ps: usize, pe: usize) -> Option<usize> {
    if !is_digits(text, ps, pe) {
        return None;
    }
    let b = text.as_bytes();
    let mut start = ps;
    if ps >= 2 && matches!(b.get(ps - 1), Some(b'.' | b',')) {
        let mut k = ps - 1;
        while k > 0 && b.get(k - 1).is_some_and(u8::is_ascii_digit) {
            k -= 1;
        }
        if k < ps - 1 {
            start = k;
        }
    }
    let before = text.get(..start).and_then(|h| h.chars().next_back());
    let alone = match before {
        None => true,
        Some(c) => {
            c.is_whitespace()
                || matches!(
                    c,
                    '(' | '*' | '`' | '"' | '\'' | '«' | '„' | '“' | ':' | '['
                )
        }
    };
    (alone && numeral(text.get(start..pe)?).is_some()).then_some(start)
}

/// The anchor automaton for the Latin-letter languages: the stems in lower, Title and UPPER
/// case. Case-sensitive patterns keep the SIMD prefilter (measured: over 2 GB/s;
/// `ascii_case_insensitive` drops it to about 250 MB/s), so a stem in mIxEd case is a
/// documented gap; the other words of a phrase may be in any case.
fn anchors() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS
        .get_or_init(|| {
            let mut pats: Vec<String> = Vec::new();
            for s in STEMS {
                let mut title = s.to_string();
                if let Some(f) = title.get_mut(0..1) {
                    f.make_ascii_uppercase();
                }
                pats.push(s.to_string());
                pats.push(title);
                pats.push(s.to_ascii_uppercase());
            }
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::LeftmostFirst)
                .build(&pats)
                .ok()
        })
        .as_ref()
}

/// The forms a Cyrillic letter of a stem can take: lower, upper, and the Latin look-alikes
/// [`lower`] folds back.
fn cyr_forms(c: char) -> Vec<char> {
    let mut v = vec![c];
    v.extend(c.to_uppercase());
    v.extend(('A'..='Z').chain('a'..='z').filter(|&l| {
        cyrillic_look_alike(l).is_some() && cyrillic_look_alike(l) == cyrillic_code(c)
    }));
    v
}

/// The anchor automaton for Cyrillic: every spelling of [`CYR_STEMS`] in any mix of case and
/// look-alike letters that keeps one Cyrillic letter (about 150 patterns; run only on text
/// that holds Cyrillic, so the ASCII path never pays for it).
fn cyr_anchors() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS
        .get_or_init(|| {
            let mut pats: Vec<String> = Vec::new();
            for stem in CYR_STEMS {
                let mut spellings = vec![String::new()];
                for c in stem.chars() {
                    let forms = cyr_forms(c);
                    spellings = spellings
                        .iter()
                        .flat_map(|p| forms.iter().map(move |&f| format!("{p}{f}")))
                        .collect();
                }
                pats.extend(spellings.into_iter().filter(|p| !p.is_ascii()));
            }
            // Every Cyrillic letter starts with the same lead bytes, so no prefilter helps:
            // a DFA (a few hundred states) is the fastest plain automaton.
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::LeftmostFirst)
                .kind(Some(AhoCorasickKind::DFA))
                .build(&pats)
                .ok()
        })
        .as_ref()
}

/// Find the phrases of `langs` (all of one `script`) around each anchor `ac` finds.
fn scan_words(text: &str, ac: &AhoCorasick, langs: &[Lang], script: Script, out: &mut Out) {
    let mut resume = 0;
    // Reused per window, not rebuilt: zeroing them per anchor cost more than parsing.
    let mut sc = Scratch {
        found: Found {
            spans: [(0, 0, 0.0); MAX_FOUND],
            n: 0,
        },
        toks: [Tok::Other; MAX_WIN],
        words: [0; MAX_WIN * MAXW],
    };
    for m in ac.find_iter(text) {
        if m.start() < resume {
            continue;
        }
        let floor = resume;
        // The word holding the stem; a long glue run (a hash, base64) is skipped whole.
        let Some(we) = run_end(text, m.end(), usize::MAX) else {
            return;
        };
        resume = we;
        let Some(ws) = run_start(text, m.start(), MAXW) else {
            continue;
        };
        if !candidate(text, ws, we, langs, script) {
            continue;
        }
        // Walk back to where the phrase starts, never into text already read; a numeral in
        // digits starts it.
        let mut first = ws;
        for _ in 0..MAX_BACK {
            let Some(pe) = sep_back(text, first) else {
                break;
            };
            let Some(ps) = run_start(text, pe, MAXW).filter(|&ps| ps >= floor) else {
                break;
            };
            if let Some(ns) = numeral_back(text, ps, pe).filter(|&ns| ns >= floor) {
                first = ns;
                break;
            }
            if !candidate(text, ps, pe, langs, script) {
                break;
            }
            first = ps;
        }
        // Read the window forward.
        let mut win = [(0usize, 0usize); MAX_WIN];
        let mut nw = 0;
        let mut s = first;
        while nw < MAX_WIN {
            let Some(e) = run_end(text, s, MAXW) else {
                break;
            };
            let e = if numeral_fwd(text, s, e) {
                numeral_end(text, e)
            } else if candidate(text, s, e, langs, script) {
                e
            } else {
                break;
            };
            win[nw] = (s, e);
            nw += 1;
            match sep_fwd(text, e) {
                Some(ns) => s = ns,
                None => break,
            }
        }
        if let Some(&(_, e)) = win.get(..nw).and_then(<[_]>::last) {
            resume = resume.max(e);
        }
        sc.found.n = 0;
        parse_window(text, win.get(..nw).unwrap_or(&[]), langs, script, &mut sc);
        sc.found.emit(out);
    }
}

/// Parse a run of number words once per language, reporting each maximal phrase.
fn parse_window(
    text: &str,
    win: &[(usize, usize)],
    langs: &[Lang],
    script: Script,
    sc: &mut Scratch,
) {
    // Fold each word once, not once per language.
    let mut used = 0;
    for (tok, &(s, e)) in sc.toks.iter_mut().zip(win) {
        let t = text.get(s..e).unwrap_or("");
        *tok = if t.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            numeral(t).map_or(Tok::Other, |(mant, dec)| Tok::Num(mant, dec))
        } else {
            let mut buf = [0u8; MAXW];
            match (lower(t, script, &mut buf), sc.words.get_mut(used..)) {
                (Some(w), Some(dst)) if w.len() <= dst.len() => {
                    dst.iter_mut().zip(w).for_each(|(d, &b)| *d = b);
                    let at = used;
                    used += w.len();
                    Tok::Word(at, w.len())
                }
                _ => Tok::Other,
            }
        };
    }
    let mut ms = [M::Conj; MAXM];
    let n = win.len().min(MAX_WIN);
    for &lang in langs {
        let mut ph = Phrase::new(lang);
        for i in 0..n {
            ph.word = i;
            let w = match sc.toks.get(i) {
                Some(&Tok::Num(mant, dec)) if lang.numerals() => {
                    ph.push(M::Num { mant, dec }, 0, true, &mut sc.found);
                    continue;
                }
                Some(&Tok::Word(at, len)) => sc.words.get(at..at + len).unwrap_or(&[]),
                _ => {
                    ph.flush(&mut sc.found);
                    continue;
                }
            };
            let k = if w == lang.conj() {
                ms[0] = M::Conj;
                1
            } else if let Some(k) = segment(lang, w, &mut ms) {
                k
            } else {
                ph.flush(&mut sc.found);
                continue;
            };
            let english = lang.english(w);
            for (mi, &m) in ms.iter().take(k).enumerate() {
                ph.push(m, mi, english, &mut sc.found);
            }
        }
        ph.flush(&mut sc.found);
    }
}

/// A window word as [`parse_window`] reads it.
#[derive(Clone, Copy)]
enum Tok {
    Num(u64, u8),
    /// Folded bytes at `words[at..at + len]`.
    Word(usize, usize),
    Other,
}

/// Buffers reused across the windows of one text.
struct Scratch {
    found: Found,
    toks: [Tok; MAX_WIN],
    words: [u8; MAX_WIN * MAXW],
}

// ---------------------------------------------------------------------------------------------
// Roman numerals
// ---------------------------------------------------------------------------------------------

/// Longest Roman token read (`MMMMMMMMMDCCCLXXXVIII` is 21).
const MAXR: usize = 40;

/// Canonical numerals ≥ 100 that are English words, acronyms or format strings in ops text.
/// Every two-letter one is an acronym (CI, CD, DC, MM, ML, MX, …).
const ROMAN_STOP: &[&str] = &[
    // Two letters: every canonical one ≥ 100 is an acronym.
    "CC", "CD", "CI", "CL", "CM", "CV", "CX", "DC", "DI", "DL", "DV", "DX", "MC", "MD", "MI", "ML",
    "MM", "MV", "MX",
    // Acronyms, identifiers and date formats (CXX and CII were found in real docs).
    "CCC", "CCI", "CDI", "CII", "CIV", "CLI", "CLV", "CLX", "CML", "CXI", "CXL", "CXX", "DCC",
    "DCI", "DCL", "DIV", "DIX", "DLI", "DVI", "MCC", "MCI", "MCL", "MCM", "MDC", "MDI", "MDL",
    "MDX", "MIV", "MIX", "MLX", "MMC", "MMI", "MML", "MMM", "MMX", "MMIX", "MMMM",
    // Found in localised tool messages: the CDX index format, PostgreSQL's MCV lists.
    "CDX", "MCV",
    // English words (most are not canonical anyway; listed so a rule change cannot let them in).
    "CIVIC", "CIVIL", "DID", "DILL", "DIM", "LID", "LIVID", "MID", "MILD", "MILL", "MIMIC", "VIVID",
];

const C_GLUE: u8 = 1;
const C_UP: u8 = 2;
const C_LO: u8 = 4;

/// Byte classes for the Roman pass: ASCII glue, Roman upper, Roman lower.
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        if c.is_ascii_alphanumeric() || c == b'_' {
            t[i] = C_GLUE;
        }
        match c {
            b'I' | b'V' | b'X' | b'L' | b'C' | b'D' | b'M' => t[i] |= C_UP,
            b'i' | b'v' | b'x' | b'l' | b'c' | b'd' | b'm' => t[i] |= C_LO,
            _ => {}
        }
        i += 1;
    }
    t
};

fn scan_roman(text: &str, out: &mut Out) {
    // Branch-free run tracking (the only branch, a candidate ending, is rare): token
    // boundaries come every few bytes and would otherwise cost a misprediction each.
    let b = text.as_bytes();
    let mut mask = C_UP | C_LO;
    let mut len = 0usize;
    for (i, &c) in b.iter().enumerate() {
        let k = CLASS[usize::from(c)];
        let glue = k & C_GLUE != 0;
        if !glue & (len >= 2) & (mask != 0) {
            roman_token(text, i - len, i, mask, out);
        }
        len = (len + 1) * usize::from(glue);
        mask = if glue { mask & k } else { C_UP | C_LO };
    }
    if (len >= 2) & (mask != 0) {
        roman_token(text, b.len() - len, b.len(), mask, out);
    }
}

/// Check the all-Roman-letter ASCII token `text[s..e]` (`mask`: its case) and report it.
fn roman_token(text: &str, s: usize, e: usize, mask: u8, out: &mut Out) {
    let len = e - s;
    if len > MAXR || (mask & C_UP == 0 && len < 4) {
        return;
    }
    // The token must stand alone: not glued to a non-ASCII letter or digit, not inside base64
    // (`+`, `/`: a certificate, a secret) and not a piece of a longer identifier joined by `-`,
    // `.` or `@` (pod suffixes `orders-8795b65d-mdclx`, UUID groups `-dccc-`, host names).
    let mut back = text.get(..s).unwrap_or("").chars().rev();
    let mut fwd = text.get(e..).unwrap_or("").chars();
    for (next, beyond) in [(back.next(), back.next()), (fwd.next(), fwd.next())] {
        let part_of_longer = match next {
            Some('+' | '/' | '\\') => true,
            Some('-' | '.' | '@' | '\u{2010}' | '\u{2011}') => beyond.is_some_and(is_glue),
            Some(c) => is_glue(c),
            None => false,
        };
        if part_of_longer {
            return;
        }
    }
    let Some(tok) = text.as_bytes().get(s..e) else {
        return;
    };
    if ROMAN_STOP
        .iter()
        .any(|w| w.as_bytes().eq_ignore_ascii_case(tok))
    {
        return;
    }
    if let Some(v) = roman(tok) {
        out.emit(f64::from(v));
    }
}

/// Value of a canonical Roman numeral (re-encoding it gives the token back).
fn roman(tok: &[u8]) -> Option<u32> {
    let val = |c: u8| match c.to_ascii_uppercase() {
        b'I' => 1,
        b'V' => 5,
        b'X' => 10,
        b'L' => 50,
        b'C' => 100,
        b'D' => 500,
        b'M' => 1000,
        _ => 0,
    };
    let mut total: i64 = 0;
    for (k, &c) in tok.iter().enumerate() {
        let v = val(c);
        if v == 0 {
            return None;
        }
        let next = tok.get(k + 1).map_or(0, |&n| val(n));
        total += if v < next { -v } else { v };
    }
    let total = u32::try_from(total).ok()?;
    const TABLE: [(u32, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut buf = [0u8; MAXR];
    let mut n = 0;
    let mut rest = total;
    for (v, s) in TABLE {
        while rest >= v {
            for c in s.bytes() {
                *buf.get_mut(n)? = c;
                n += 1;
            }
            rest -= v;
        }
    }
    buf.get(..n)?.eq_ignore_ascii_case(tok).then_some(total)
}

// ---------------------------------------------------------------------------------------------
// CJK numerals
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum C {
    /// A digit; `plain` for the everyday forms allowed digit by digit.
    Digit(u8, bool),
    Zero,
    Unit(f64),
    Big(f64),
    /// ASCII digits mixed in (`1万2千`, `2.4万`).
    Ascii(f64),
}

fn cjk(c: char) -> Option<C> {
    Some(match c {
        '〇' | '零' => C::Zero,
        '一' => C::Digit(1, true),
        '壹' | '弌' | '壱' => C::Digit(1, false),
        '二' => C::Digit(2, true),
        '贰' | '貳' | '弐' | '弍' | '两' | '兩' => C::Digit(2, false),
        '三' => C::Digit(3, true),
        '叁' | '參' | '参' | '弎' => C::Digit(3, false),
        '四' => C::Digit(4, true),
        '肆' => C::Digit(4, false),
        '五' => C::Digit(5, true),
        '伍' => C::Digit(5, false),
        '六' => C::Digit(6, true),
        '陆' | '陸' => C::Digit(6, false),
        '七' => C::Digit(7, true),
        '柒' => C::Digit(7, false),
        '八' => C::Digit(8, true),
        '捌' => C::Digit(8, false),
        '九' => C::Digit(9, true),
        '玖' => C::Digit(9, false),
        '十' | '拾' => C::Unit(10.0),
        '百' | '佰' => C::Unit(100.0),
        '千' | '仟' => C::Unit(1000.0),
        '万' | '萬' => C::Big(1e4),
        '億' | '亿' => C::Big(1e8),
        _ => return None,
    })
}

/// Tokens per CJK run.
const MAX_CJK: usize = 64;

fn scan_cjk(text: &str, out: &mut Out) {
    let b = text.as_bytes();
    let mut i = 0;
    let mut resume = 0;
    while let Some(&lead) = b.get(i) {
        // Every numeral is U+3007 or in U+4E00..U+9FFF: a 3-byte lead byte E3..=E9.
        if !(0xE3..=0xE9).contains(&lead) {
            i += 1;
            continue;
        }
        let Some(c) = text.get(i..).and_then(|r| r.chars().next()) else {
            i += 1;
            continue;
        };
        if cjk(c).is_none() {
            i += c.len_utf8();
            continue;
        }
        // ASCII digits right before belong to the number (`1万`), unless they end a longer
        // token (`v2万`, `1,200万`).
        let mut s = i;
        while s > resume
            && i - s < 20
            && b.get(s - 1)
                .is_some_and(|&d| d.is_ascii_digit() || d == b'.')
        {
            s -= 1;
        }
        while s < i && b.get(s) == Some(&b'.') {
            s += 1;
        }
        if s < i
            && s > 0
            && b.get(s - 1)
                .is_some_and(|&d| d.is_ascii_alphanumeric() || d == b'_' || d == b',' || d == b'.')
        {
            s = i;
        }
        i = read_cjk_run(text, s, out).max(i + c.len_utf8());
        resume = i;
    }
}

/// Read the numeral run starting at `s`, report its numbers, return where it ends.
fn read_cjk_run(text: &str, s: usize, out: &mut Out) -> usize {
    let Some(rest) = text.get(s..) else {
        return text.len();
    };
    let mut toks = [C::Zero; MAX_CJK];
    let mut n = 0;
    let mut end = s;
    let mut it = rest.char_indices().peekable();
    while n < MAX_CJK {
        let Some(&(off, c)) = it.peek() else { break };
        let tok = if c.is_ascii_digit() {
            // Digits, then at most one `.` followed by digits.
            let mut stop = off;
            let mut dot = false;
            while let Some(&(o, d)) = it.peek() {
                let next_digit = rest.as_bytes().get(o + 1).is_some_and(u8::is_ascii_digit);
                if d.is_ascii_digit() || (d == '.' && !dot && next_digit) {
                    dot |= d == '.';
                    stop = o + 1;
                    it.next();
                } else {
                    break;
                }
            }
            if stop - off > 16 {
                break;
            }
            match rest.get(off..stop).and_then(|t| t.parse::<f64>().ok()) {
                Some(v) => C::Ascii(v),
                None => break,
            }
        } else if let Some(t) = cjk(c) {
            it.next();
            t
        } else {
            break;
        };
        toks[n] = tok;
        n += 1;
        end = s + it.peek().map_or(rest.len(), |&(o, _)| o);
    }
    let toks = toks.get(..n).unwrap_or(&[]);
    if toks.iter().any(|t| matches!(t, C::Unit(_) | C::Big(_))) {
        let mut cp = Cjk::new();
        for &t in toks {
            if cp.feed(t) {
                continue;
            }
            let carry = match t {
                C::Unit(_) | C::Big(_) => cp.take_pending(),
                _ => None,
            };
            cp.flush(out);
            if let Some(p) = carry {
                cp.feed(p);
            }
            if !cp.feed(t) {
                cp.flush(out);
                cp.feed(t);
            }
        }
        cp.flush(out);
    } else if (3..=15).contains(&toks.len()) {
        // Digit by digit (五一〇〇), everyday digits only.
        let mut v = 0.0;
        for t in toks {
            v = v * 10.0
                + match t {
                    C::Digit(d, true) => f64::from(*d),
                    C::Zero => 0.0,
                    _ => return end,
                };
        }
        out.emit(v);
    }
    end
}

/// Positional CJK reader: sections below 10^4 (digit 千 digit 百 digit 十 digit, `零` for
/// gaps, implicit one), each times a strictly smaller 万/億.
struct Cjk {
    total: f64,
    section: f64,
    /// A digit not yet multiplied, whether it is a colloquial tail (`两千四` = 2400), and the
    /// token it came from.
    pending: Option<(f64, bool, C)>,
    last_small: f64,
    last_big: f64,
    last_unit: f64,
    after_unit: bool,
    parts: u32,
}

impl Cjk {
    fn new() -> Cjk {
        Cjk {
            total: 0.0,
            section: 0.0,
            pending: None,
            last_small: 1e4,
            last_big: f64::INFINITY,
            last_unit: 0.0,
            after_unit: false,
            parts: 0,
        }
    }

    fn feed(&mut self, t: C) -> bool {
        match t {
            C::Digit(..) | C::Ascii(_) => {
                if self.pending.is_some() {
                    return false;
                }
                let (v, tail) = match t {
                    C::Digit(d, _) => (f64::from(d), self.after_unit && self.last_unit >= 100.0),
                    C::Ascii(v) => (v, false),
                    _ => (0.0, false),
                };
                self.pending = Some((v, tail, t));
                self.after_unit = false;
            }
            C::Zero => {
                if self.pending.is_some() {
                    return false;
                }
                self.after_unit = false;
                return true;
            }
            C::Unit(u) => {
                let m = self.pending.map_or(1.0, |p| p.0);
                if u >= self.last_small || !(1.0..=9.0).contains(&m) || m.fract() != 0.0 {
                    return false;
                }
                self.section += m * u;
                self.last_small = u;
                self.last_unit = u;
                self.pending = None;
                self.after_unit = true;
            }
            C::Big(b) => {
                let sec = self.section + self.pending.map_or(0.0, |p| p.0);
                // 万 needs an explicit multiplier (一万), which also keeps 万一 apart.
                if sec <= 0.0 || sec >= 1e4 || b >= self.last_big {
                    return false;
                }
                self.total += sec * b;
                self.section = 0.0;
                self.pending = None;
                self.last_small = 1e4;
                self.last_big = b;
                self.last_unit = b;
                self.after_unit = true;
            }
        }
        self.parts += 1;
        true
    }

    /// Take back the digit not yet multiplied (`五千|五千`: it starts the next number).
    fn take_pending(&mut self) -> Option<C> {
        let (_, _, t) = self.pending.take()?;
        self.parts = self.parts.saturating_sub(1);
        Some(t)
    }

    fn flush(&mut self, out: &mut Out) {
        if self.parts >= 2 {
            let head = self.total + self.section;
            match self.pending {
                // `三千七`: 3700 in Chinese speech, 3007 in Japanese (which writes no 零).
                Some((d, true, _)) => {
                    out.emit(head + d * self.last_unit / 10.0);
                    out.emit(head + d);
                }
                Some((v, false, _)) => out.emit(head + v),
                None => out.emit(head),
            }
        }
        *self = Cjk::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vals(s: &str) -> Vec<f64> {
        let mut v = Vec::new();
        scan(s, &mut |x| v.push(x));
        v
    }

    fn check_table(table: &[(&str, f64)]) {
        for &(s, n) in table {
            let got = vals(s);
            assert!(got.contains(&n), "{s:?}: expected {n}, got {got:?}");
            let max = got.iter().cloned().fold(0.0, f64::max);
            assert!(max <= n, "{s:?}: bogus larger value in {got:?}");
        }
    }

    #[test]
    fn french() {
        check_table(&[
            ("cinq mille cent", 5100.0),
            ("cinq-mille-cent", 5100.0),
            ("CINQ MILLE CENT", 5100.0),
            ("le lag est de cinq mille cent messages", 5100.0),
            ("cinq mille et un", 5001.0),
            ("quatre-vingt-dix-neuf mille", 99_000.0),
            ("cent quatre-vingt-dix-neuf", 199.0),
            ("soixante-dix mille", 70_000.0),
            ("deux cents", 200.0),
            ("mille deux cent cinquante", 1250.0),
            ("un million deux cent mille", 1_200_000.0),
            ("deux millions quatre cent mille", 2_400_000.0),
            ("sept mille trois cent quarante", 7340.0),
            ("trois cent soixante-quatre", 364.0),
            ("neuf cent soixante et onze", 971.0),
            ("quatre-vingts mille", 80_000.0),
            ("septante-cinq mille", 75_000.0),
            ("Mille Cent", 1100.0),
            ("deux-cent-mille", 200_000.0),
        ]);
    }

    #[test]
    fn german() {
        check_table(&[
            ("funftausendeinhundert", 5100.0),
            ("Fünftausendeinhundert".replace('ü', "u").as_str(), 5100.0),
            ("funftausend einhundert", 5100.0),
            ("FUNFTAUSENDEINHUNDERT", 5100.0),
            ("zweitausendvierhundert", 2400.0),
            ("eintausendzweihundertfunfzig", 1250.0),
            ("dreihundertvierundzwanzig", 324.0),
            ("zwei Millionen vierhunderttausend", 2_400_000.0),
            ("siebentausenddreihundertvierzig", 7340.0),
            ("dreihundertvierundsechzig", 364.0),
            ("dreißigtausend", 30_000.0),
            ("dreissigtausend", 30_000.0),
            ("fuenfhundert", 500.0),
            ("hunderttausend", 100_000.0),
            ("neunzehnhundertneunzig", 1990.0),
            ("elfhundert", 1100.0),
            ("einundfunfzig hundert", 5100.0),
            ("tausendundeins", 1001.0),
            ("eine Million", 1_000_000.0),
            ("neunhundertneunundneunzig", 999.0),
            ("vier und zwanzig tausend", 24_000.0),
        ]);
    }

    #[test]
    fn spanish() {
        check_table(&[
            ("cinco mil cien", 5100.0),
            ("cinco mil ciento veinte", 5120.0),
            ("mil doscientos cincuenta", 1250.0),
            ("dos millones cuatrocientos mil", 2_400_000.0),
            ("quinientos", 500.0),
            ("setecientos", 700.0),
            ("novecientos", 900.0),
            ("siete mil trescientos cuarenta", 7340.0),
            ("trescientos sesenta y cuatro", 364.0),
            ("veintiun mil", 21_000.0),
            ("ciento treinta y dos", 132.0),
            ("cien mil", 100_000.0),
            ("dos mil millones", 2e9),
            ("CINCO MIL CIEN", 5100.0),
            ("Quinientas", 500.0),
            ("dos cientos", 200.0),
        ]);
    }

    #[test]
    fn italian() {
        check_table(&[
            ("cinquemilacento", 5100.0),
            ("cinque mila cento", 5100.0),
            ("milleduecentocinquanta", 1250.0),
            ("duemilaquattrocento", 2400.0),
            ("trecentoventiquattro", 324.0),
            ("due milioni quattrocentomila", 2_400_000.0),
            ("settemilatrecentoquaranta", 7340.0),
            ("trecentosessantaquattro", 364.0),
            ("centottanta", 180.0),
            ("centotto", 108.0),
            ("ventunmila", 21_000.0),
            ("ventitre mila", 23_000.0),
            ("CINQUECENTO", 500.0),
            ("un milione", 1_000_000.0),
            ("mille e cento", 1100.0),
        ]);
    }

    #[test]
    fn portuguese() {
        check_table(&[
            ("cinco mil e cem", 5100.0),
            ("cinco mil cento e vinte", 5120.0),
            ("mil duzentos e cinquenta", 1250.0),
            ("dois milhoes e quatrocentos mil", 2_400_000.0),
            ("quinhentos", 500.0),
            ("trezentos", 300.0),
            ("sete mil trezentos e quarenta", 7340.0),
            ("trezentos e sessenta e tres", 363.0),
            ("cento e sessenta e quatro", 164.0),
            ("um milhao", 1_000_000.0),
            ("dois bilhoes", 2e9),
            ("Mil E Cem", 1100.0),
        ]);
    }

    #[test]
    fn russian() {
        check_table(&[
            ("пять тысяч сто", 5100.0),
            ("ПЯТЬ ТЫСЯЧ СТО", 5100.0),
            ("Пять Тысяч Сто", 5100.0),
            ("пЯтЬ тЫсЯч СтО", 5100.0),
            ("лаг составляет пять тысяч сто сообщений", 5100.0),
            ("около пяти тысяч ста", 5100.0),
            ("две тысячи четыреста", 2400.0),
            ("два миллиона четыреста тысяч", 2_400_000.0),
            ("тысяча двести пятьдесят", 1250.0),
            ("одна тысяча двести пятьдесят", 1250.0),
            ("семь тысяч триста сорок", 7340.0),
            ("триста шестьдесят четыре", 364.0),
            ("девятьсот девяносто девять", 999.0),
            ("сто пять", 105.0),
            ("тысяча сто", 1100.0),
            ("сто тысяч", 100_000.0),
            ("двадцать одна тысяча", 21_000.0),
            ("пятнадцать тысяч", 15_000.0),
            ("миллион двести тысяч", 1_200_000.0),
            ("полторы тысячи", 1500.0),
            ("полтора миллиона", 1_500_000.0),
            ("пять тыщ сто", 5100.0),
            ("пятьсот", 500.0),
            ("двести", 200.0),
            // Precomposed letters as they may arrive unnormalised.
            ("трёх тысяч", 3000.0),
            // Latin look-alikes inside Cyrillic words, in the stems too.
            ("пять тысяч стo", 5100.0),
            ("пять тыcяч cто", 5100.0),
            ("ПЯТЬ ТЫСЯЧ CTO", 5100.0),
            ("пять тысяч сто, и всё", 5100.0),
            ("**пять тысяч сто**", 5100.0),
        ]);
    }

    #[test]
    fn ukrainian() {
        check_table(&[
            ("п'ять тисяч сто", 5100.0),
            ("п’ять тисяч сто", 5100.0),
            ("пʼять тисяч сто", 5100.0),
            ("П'ЯТЬ ТИСЯЧ СТО", 5100.0),
            ("дві тисячі чотириста", 2400.0),
            ("два мільйони чотириста тисяч", 2_400_000.0),
            ("тисяча двісті п'ятдесят", 1250.0),
            ("дев'ятсот дев'яносто дев'ять", 999.0),
            ("шістсот", 600.0),
            ("сім тисяч триста сорок", 7340.0),
            ("півтори тисячі", 1500.0),
            // NFKD leaves `мільйон` as `мільион`, `ї` as `і`.
            ("два мільиони", 2_000_000.0),
        ]);
    }

    #[test]
    fn polish() {
        check_table(&[
            ("piec tysiecy sto", 5100.0),
            ("PIEC TYSIECY STO", 5100.0),
            ("Piec Tysiecy Sto", 5100.0),
            ("dwa tysiace czterysta", 2400.0),
            ("dwa miliony czterysta tysiecy", 2_400_000.0),
            ("tysiac dwiescie piecdziesiat", 1250.0),
            ("siedem tysiecy trzysta czterdziesci", 7340.0),
            ("trzysta szescdziesiat cztery", 364.0),
            ("dziewiecset dziewiecdziesiat dziewiec", 999.0),
            ("sto dwadziescia", 120.0),
            ("piecset", 500.0),
            ("poltora tysiaca", 1500.0),
            ("połtora tysiaca", 1500.0),
            ("POŁTORA MILIONA", 1_500_000.0),
            ("piec milionow", 5_000_000.0),
        ]);
    }

    #[test]
    fn dutch() {
        check_table(&[
            ("vijfduizend honderd", 5100.0),
            ("vijfduizendeenhonderd", 5100.0),
            ("vijfduizend eenhonderd", 5100.0),
            ("VIJFDUIZEND HONDERD", 5100.0),
            ("tweeduizendvierhonderd", 2400.0),
            ("twee miljoen vierhonderdduizend", 2_400_000.0),
            ("twaalfhonderdvijftig", 1250.0),
            ("duizend tweehonderdvijftig", 1250.0),
            ("driehonderdvierentwintig", 324.0),
            ("tweeentwintigduizend", 22_000.0),
            ("negentienhonderd", 1900.0),
            ("zevenduizend driehonderdveertig", 7340.0),
        ]);
    }

    #[test]
    fn swedish() {
        check_table(&[
            ("femtusen etthundra", 5100.0),
            ("femtusenetthundra", 5100.0),
            ("FEMTUSEN ETTHUNDRA", 5100.0),
            ("femtusen hundra", 5100.0),
            ("tvatusenfyrahundra", 2400.0),
            ("tva miljoner fyrahundratusen", 2_400_000.0),
            ("ettusen tvahundrafemtio", 1250.0),
            ("tolvhundrafemtio", 1250.0),
            ("trehundratjugofyra", 324.0),
            ("sjutusen trehundrafyrtio", 7340.0),
            ("attahundra", 800.0),
        ]);
    }

    #[test]
    fn numerals_before_scale_words() {
        check_table(&[
            ("2,4 миллиона", 2_400_000.0),
            ("2.4 миллиона", 2_400_000.0),
            ("2,4 млн байт/с", 2_400_000.0),
            ("5,1 тысячи", 5100.0),
            ("5,1 тыс.", 5100.0),
            ("5 тысяч 100", 5100.0),
            ("5 тысяч сто", 5100.0),
            ("лаг: 5 тысяч сто", 5100.0),
            ("(5 тысяч сто)", 5100.0),
            ("2,4 мільйона", 2_400_000.0),
            ("5,1 тис.", 5100.0),
            ("2,4 miliona", 2_400_000.0),
            ("5,1 tys.", 5100.0),
            ("5 tysiecy 100", 5100.0),
            ("2,4 miljoen", 2_400_000.0),
            ("5,1 duizend", 5100.0),
            ("2,4 miljoner", 2_400_000.0),
            ("5,1 tusen", 5100.0),
            ("1,25 тысячи", 1250.0),
        ]);
        for s in [
            // A numeral alone, or before a scale the main matcher reads.
            "5,1",
            "2,4 million",
            "1 mil = 0.001 inch",
            "5 mille",
            // Not standalone numerals.
            "v1.2 тысячи",
            "10.0.3.7 тысяч",
            "x-5 тысяч",
            "1.2.3 тысяч",
            // Decimals that do not come out whole.
            "2,4567 тысяч",
            "1,2345 тыс",
        ] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
        assert_eq!(vals("5 тысяч 100 200"), vec![5100.0]);
        assert_eq!(vals("5,1 тысячи, 100"), vec![5100.0]);
    }

    #[test]
    fn and_a_half() {
        check_table(&[
            ("тысяча двести пятьдесят с половиной", 1250.5),
            ("тысяча двести пятьдесят с половиной миллисекунд", 1250.5),
            ("пять тысяч с половиной", 5500.0),
            ("два миллиона с половиной", 2_500_000.0),
            ("тисяча двісті п'ятдесят з половиною", 1250.5),
            ("tysiac dwiescie piecdziesiat i poł", 1250.5),
            ("mille deux cent cinquante et demi", 1250.5),
            ("mil doscientos cincuenta y medio", 1250.5),
            ("milleduecentocinquanta e mezzo", 1250.5),
            ("mil duzentos e cinquenta e meio", 1250.5),
        ]);
        for s in [
            // No number before it, or a small one.
            "с половиной",
            "два с половиной",
            "la latencia media",
            "y medio",
            "et demi",
        ] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
        assert_eq!(vals("сто с половиной двести"), vec![100.5, 200.0]);
    }

    #[test]
    fn cjk_numerals() {
        check_table(&[
            ("五千一百", 5100.0),
            ("五千百", 5100.0),
            ("一千二百五十", 1250.0),
            ("两千四百", 2400.0),
            ("兩千四百", 2400.0),
            ("二百四十万", 2_400_000.0),
            ("五一〇〇", 5100.0),
            ("一万二千", 12_000.0),
            ("1万2千", 12_000.0),
            ("七千三百四十", 7340.0),
            ("三百六十四", 364.0),
            ("伍仟壹佰", 5100.0),
            ("贰佰肆拾萬", 2_400_000.0),
            ("一千零五", 1005.0),
            ("两千四", 2400.0),
            ("240万", 2_400_000.0),
            ("2.4万", 24_000.0),
            ("一億二千万", 120_000_000.0),
            ("延迟是五千一百条消息", 5100.0),
            ("二〇二四年", 2024.0),
        ]);
    }

    #[test]
    fn roman_numerals() {
        check_table(&[
            ("MMMMMC", 5100.0),
            ("mmmmmc", 5100.0),
            ("lag: MCCL", 1250.0),
            ("MMCD messages", 2400.0),
            ("MMMMMMMCCCXL", 7340.0),
            ("CCCLXIV", 364.0),
            ("MCMXCIX", 1999.0),
            ("(DCCC)", 800.0),
            ("MMXXIV", 2024.0),
            ("CDXX", 420.0),
            ("the lag was MMMMMC.", 5100.0),
            ("lag=MMMMMC, ok", 5100.0),
            ("- MMCD -", 2400.0),
        ]);
    }

    #[test]
    fn negatives() {
        for s in [
            // Lone scale words.
            "cent",
            "mille",
            "mil",
            "cien",
            "cem",
            "cento",
            "hundert",
            "tausend",
            "Million",
            "百",
            "千",
            "万",
            "十",
            "万一",
            // Below 100 or not numbers.
            "dix-sept",
            "dix-sept cents",
            // Nonsense compounds: a phrase may not start or end inside a word.
            "duemiladuemila",
            "dreitausendzweitausend",
            "zweizwei hundert",
            "treinta y dos",
            "sessenta e tres",
            "vierundzwanzig",
            "ventitre",
            "五十",
            // English that shares words.
            "six cents",
            "six million",
            "Six Million",
            "per cent",
            "once a million",
            "seize the cent",
            // Roman look-alikes.
            "CD",
            "DC",
            "CLI",
            "MM",
            "MMM",
            "MMMM",
            "MIX",
            "mix",
            "Mix",
            "DID",
            "did",
            "civil",
            "mimic",
            "vivid",
            "CI/CD",
            "MM/DD",
            "IIII",
            "MCMC",
            "IM",
            "VX",
            "XM",
            "CMD",
            "mcm",
            "MDCLXVIIII",
            "mmx",
            "DCCCC",
            // Glued tokens.
            "cinqmillecent",
            "MXI++cRmbK04ntGwUYilkMz1MA4GA1Ud",
            "abc/MMCD+xyz",
            "pod orders-8795b65d-mdclx is Running",
            "uid=2a0c1ab9-dccc-4a55-83fc-17eb550af35f",
            "host mdcc.internal",
            "MMCD-1",
            "MMMMMCx",
            "5MMMMMC",
            "MMMMMC2",
            "x_MMMMMC",
            "v2万",
            "cinq2 mille",
            // Broken phrases.
            "cinq, mille",
            "cinq\nmille",
            "cinq -- mille",
            // Digits alone are the main matcher's.
            "5100",
            "2400000",
            // Slavic, Dutch and Swedish lone scale words, the Slavic 100 alone, small numbers.
            "сто процентов",
            "Сто",
            "тысяча",
            "Тысяча благодарностей",
            "миллион",
            "мільйон",
            "тисяча",
            "у нас пять серверов и два кластера",
            "перезапуск три раза за сорок минут",
            "стоимость составила сто рублей",
            "sto procent",
            "tysiac",
            "honderd procent",
            "duizend",
            "hundra procent",
            "tusen tack",
            "полторы",
            "полторы минуты",
            // Words of look-alikes only, in Latin text.
            "CTO",
            "The CTO and the STO met",
            // A phrase never spans a newline or a comma.
            "пять, тысяч",
        ] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
    }

    #[test]
    fn near_misses() {
        assert_eq!(vals("cinq mille"), vec![5000.0]);
        assert_eq!(vals("cinq mille cent"), vec![5100.0]);
        assert_eq!(vals("cinco mil"), vec![5000.0]);
        assert_eq!(vals("funftausend"), vec![5000.0]);
        assert_eq!(vals("cinquemila"), vec![5000.0]);
        assert_eq!(vals("五千"), vec![5000.0]);
        assert_eq!(vals("五千一"), vec![5100.0, 5001.0]); // Chinese tail, Japanese literal
        assert_eq!(vals("五千零一"), vec![5001.0]);
        assert_eq!(vals("cinq mille, cent"), vec![5000.0]);
        assert_eq!(vals("deux cent mille"), vec![200_000.0]);
        assert_eq!(vals("MMMMM"), vec![5000.0]);
        assert_eq!(vals("six mille"), vec![6000.0]);
        // Two numbers side by side stay two numbers.
        assert_eq!(vals("cinq mille cinq mille"), vec![5000.0]);
        assert_eq!(vals("deux cent trois cent"), vec![200.0, 300.0]);
        // Many phrases in one window: none is lost.
        let many = "cinco mil seis mil siete mil ocho mil nueve mil ".repeat(8);
        assert_eq!(vals(&many).len(), 5);
        let many: Vec<f64> = (2..10).map(|d| f64::from(d) * 1000.0).collect();
        let text = "deux mille trois mille quatre mille cinq mille six mille sept mille huit mille neuf mille";
        assert_eq!(vals(text), many);
        assert_eq!(vals("五千五千"), vec![5000.0]);
        assert_eq!(vals("一万五万"), vec![10_000.0, 50_000.0]);
        assert_eq!(vals("mil mil"), Vec::<f64>::new());
        assert_eq!(vals("zweitausend dreitausend"), vec![2000.0, 3000.0]);
        assert_eq!(vals("cinq **mille** cent"), vec![5100.0]);
        assert_eq!(vals("`cinco mil cien`"), vec![5100.0]);
        assert_eq!(vals("cinco mil e cem"), vec![5100.0]);
        assert_eq!(vals("mil doscientos cincuenta"), vec![1250.0]);
        assert_eq!(vals("пять тысяч"), vec![5000.0]);
        assert_eq!(vals("пять тысяч, сто"), vec![5000.0]);
        assert_eq!(vals("пять тысяч\nсто"), vec![5000.0]);
        assert_eq!(vals("пять тысяч пять тысяч"), vec![5000.0]);
        assert_eq!(vals("сто двести"), vec![200.0]);
        assert_eq!(vals("сто пять"), vec![105.0]);
        assert_eq!(vals("piec tysiecy"), vec![5000.0]);
        assert_eq!(vals("vijfduizend"), vec![5000.0]);
        assert_eq!(vals("femtusen"), vec![5000.0]);
        // A Latin phrase with a Cyrillic look-alike in a word other than its anchor.
        assert_eq!(vals("cinq mille cеnt"), vec![5100.0]);
    }

    #[test]
    fn never_panics() {
        let samples = [
            "", "-", " - ", "ß", "ẞ", "dreißig", "DREISSIG", "\u{301}", "é", "🙂cent🙂", "cent🙂mille",
            "mil\u{2010}cien", "百百百百百百百百百", "万万万", "〇〇", "1.万", ".万", "9999999999999999999万",
            "1.2.3万", "9.9.9", "億億", "一二三四五六七八九〇一二三四五六七八九〇", "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM",
            "cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent",
        ];
        for s in samples {
            vals(s);
        }
        // Every prefix/suffix of a mixed string (byte offsets on char boundaries).
        let mixed = "cinq mille cent, 五千一百 MMMMMC funftausendeinhundert 1万2千 dreißig dos mil";
        for (i, _) in mixed.char_indices() {
            vals(&mixed[i..]);
            vals(&mixed[..i]);
        }
        // Long runs stay linear.
        let long = "mille ".repeat(20_000) + &"cinquecento".repeat(5_000) + &"万".repeat(10_000);
        vals(&long);
        let long2 = "a".repeat(100_000) + "cent" + &"b".repeat(100_000);
        vals(&long2);
        let long3 = "万".to_string() + &"1".repeat(100_000) + "万" + &"un ".repeat(50_000) + "cent";
        vals(&long3);
        // Deterministic fuzz: random concatenations of fragments that stress the parsers.
        let frags = [
            "cinq", "mille", "cent", "-", " ", "  ", "et", "und", "y", "e", "vingt", "quatre",
            "dix", "sept", "funf", "tausend", "hundert", "zwei", "dreißig", "ẞ", "cento", "mila",
            "due", "ventotto", "mil", "millones", "dos", "cien", "cem", "duzentos", "milhoes",
            "一", "千", "百", "万", "億", "零", "〇", "两", "1", "2.4", ".", ",", "M", "C", "D",
            "X", "I", "m", "c", "\n", "é", "\u{301}", "🙂", "_", "*", "a",
        ];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..3_000 {
            let mut s = String::new();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let len = (seed >> 59) as usize + 1;
            for _ in 0..len * 3 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                s.push_str(frags[(seed >> 33) as usize % frags.len()]);
            }
            for v in vals(&s) {
                assert!(v.is_finite() && v >= 100.0, "{s:?}: {v}");
            }
        }
    }

    /// Realistic English ops text: nothing in it is a foreign number.
    const ENGLISH: &str = "\
The consumer group orders-v2 is lagging by about five thousand messages on partition 3.
Once the rebalance finished, the lag dropped to 120 within a minute.
Due to the network partition, six brokers were marked as offline for 40 seconds.
We spent six cents per million requests on egress last month, roughly 2 percent more.
The p99 latency is 250 milliseconds; the p50 is 12 milliseconds, which is efficient.
Please seize the lock before editing the ConfigMap, then release it once done.
Run kubectl -n prod rollout restart deploy/checkout and watch the pods come back.
NAME                       READY   STATUS    RESTARTS   AGE
checkout-7d9f8b6c4-a7t7f   1/1     Running   0          3d4h
orders-5b8c9d7f2-pttc7     2/2     Running   1          9d
GROUP   TOPIC   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID  HOST  CLIENT-ID
orders  orders  0          104532          109632          5100  consumer-1-a /10.0.3.7 consumer-1
kafka_consumergroup_lag{group=\"orders\",topic=\"orders\",partition=\"0\"} 5100
http_requests_total{code=\"200\",method=\"GET\",handler=\"/api/v1/orders\"} 1.234e+06
node_memory_MemAvailable_bytes{instance=\"10.0.3.7:9100\"} 2.4e+09
2024-05-17T10:22:31Z WARN  [consumer] commit failed, retrying in 100ms (attempt 3 of 5)
2024-05-17T10:22:32Z INFO  [cli] CI/CD pipeline #4512 finished, artifacts uploaded to the DC bucket
The CLI prints dates as YYYY-MM-DD and times as HH:MM:SS; the MMM dd format is for logs.
Mix the old and new configs carefully: DID the canary pass? It did, at a 5 percent error budget.
An elf in the dev channel asked what die size the new CPU uses; nobody knew.
The recent announcement about placement groups and replacement nodes was sufficient.
Set max.poll.interval.ms to 300000 and session.timeout.ms to 45000 for the slow consumer.
The alert fired at 10:42 UTC: KafkaConsumerLagHigh, severity=critical, lag above 5000.
Sept 12 deploy: we moved the ML pipeline from the MD cluster to the CD region.
CPU throttling on the sei-worker nodes hit 60 percent; the nove-cache pods were fine.
Los tres scripts ran fine, said the dos tooling team, and the once-a-day job too.
Units: 1 mil = 0.001 inch, as the hardware team noted for the cable spec.
The payment service handles a million requests per day and costs a few cents per hour.
The centre of the dashboard shows the percentile heatmap for the central region.
We centralised the milestones in the family of similar services last decade.
Disk usage is at 87 percent on /var/lib/kafka; consider raising retention.bytes.
kubectl get hpa orders -o yaml | grep -i targetCPUUtilizationPercentage
error: unable to upgrade connection: container not found (\"sidecar\")
Memory: 3528Mi of 4096Mi requested; the OOMKilled pod restarted 29 times (54m ago).
The on-call engineer (Mila) escalated to Otto from the platform team at 3am.
Our VM image uses DIV/MOD helpers from libcdc; see the CDI spec and the MDX docs.
The civil service portal had vivid graphs, but the livid manager wanted milder alerts.
A once-off migration moved six million rows; DOS attacks were blocked by the WAF.
Et cetera: e.g. the cent-based billing and the mil-spec connectors are out of scope.
Latency budget: 100 ms for the gateway, 250 ms for checkout, 1 s end to end.
Throughput dropped from 5,100 to 4,800 msg/s after the broker restart.
Grafana panel 'Consumer lag (messages)' shows a sawtooth between 4k and 6k.
The Deployment has 3 replicas; the PodDisruptionBudget allows one voluntary eviction.
We use the MIT licence, an MX record for mail, and CC the security list on incidents.
Helm chart version 1.12.3 pinned the image tag to v2.4.0-rc1 for the canary.
Mix in some jitter: sleep $((RANDOM % 100)) milliseconds before each retry.
ClusterIP 10.52.196.153, ports 9090/TCP and 9102/TCP, age 203d.
The team said una volta, twice, then moved on to the uno-reverse joke in the retro.
Vier pods restarted; die Ursache was the elf-minute DNS outage (neun alerts total).
";

    /// Ops text in the new languages with small numbers, lone scale words and words that
    /// hold a stem (`стоимость`, `статус`, `миллисекунд`, `tysiąclecie`, `honderden`): nothing
    /// in it is a number of 100 or more.
    const OTHER_LANGS: &str = "\
Группа потребителей orders отстаёт: статус консьюмера стабильный, лаг растёт постоянно.
Перезапустили три пода за сорок минут; стоимость простоя составила сто процентов бюджета.
Задержка p99 равна 250 миллисекундам, а средняя — 12 миллисекунд; это достаточно быстро.
Тысяча благодарностей команде! Миллион вопросов осталось, но система стабильна.
Состояние кластера: пять брокеров, два контроллера, один из них в статусе standby.
Сотни сообщений в секунду — это нормально; стоп-кран не нужен, поставьте алерт.
Статистика по партициям: от 1 до 64, столбец LAG показывает отставание каждой.
Постоянные переподключения: проверьте настройки session.timeout.ms и max.poll.interval.ms.
Стоит увеличить число потоков до восьми, если нагрузка вырастет в два раза.
Журнал событий хранит историю за тридцать дней; старые сегменты удаляются.
Група споживачів відстає: статус стабільний, тиск на брокери зростає, п'ять подів живі.
Вартість простою — сто відсотків бюджету; тисяча дякую команді за швидку реакцію.
Opóźnienie rośnie: stan klastra stabilny, pięć brokerów, dwa kontrolery, sto procent CPU.
Tysiąclecie minęło, a konsumenci nadal czekają; stopień replikacji wynosi trzy.
De achterstand groeit: honderden berichten per seconde, vijf brokers en twee controllers.
Duizend dank aan het team; de status is stabiel en de vertraging is twaalf milliseconden.
Eftersläpningen växer: hundratals meddelanden per sekund, fem mäklare och två styrenheter.
Tusen tack till teamet; statusen är stabil och fördröjningen är tolv millisekunder.
";

    #[test]
    fn other_languages_ops_text_emits_nothing() {
        for line in OTHER_LANGS.lines() {
            let norm = crate::matcher::normalize::normalize(line);
            assert_eq!(vals(&norm), Vec::<f64>::new(), "{line:?}");
        }
    }

    #[test]
    fn english_ops_text_emits_nothing() {
        assert!(ENGLISH.lines().count() >= 40);
        for line in ENGLISH.lines() {
            assert_eq!(vals(line), Vec::<f64>::new(), "{line:?}");
        }
        assert_eq!(vals(ENGLISH), Vec::<f64>::new());
    }

    #[test]
    fn benign_corpus_emits_nothing() {
        // The matcher's false-positive corpus, when present.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/benign_ops.txt");
        let Ok(corpus) = std::fs::read_to_string(path) else {
            return;
        };
        for line in corpus.lines() {
            assert_eq!(vals(line), Vec::<f64>::new(), "{line:?}");
        }
    }

    // ---- Independent writers for the property test ----

    fn fr99(n: u64) -> String {
        const U: [&str; 17] = [
            "", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
            "onze", "douze", "treize", "quatorze", "quinze", "seize",
        ];
        const T: [&str; 7] = [
            "",
            "",
            "vingt",
            "trente",
            "quarante",
            "cinquante",
            "soixante",
        ];
        match n {
            0..=16 => U[n as usize].to_string(),
            17..=19 => format!("dix-{}", U[n as usize - 10]),
            20..=69 => {
                let (t, u) = (T[n as usize / 10], n % 10);
                match u {
                    0 => t.to_string(),
                    1 => format!("{t} et un"),
                    _ => format!("{t}-{}", U[u as usize]),
                }
            }
            71 => "soixante et onze".to_string(),
            70..=79 => format!("soixante-{}", fr99(n - 60)),
            80 => "quatre-vingts".to_string(),
            _ => format!("quatre-vingt-{}", fr99(n - 80)),
        }
    }

    fn fr999(n: u64, before_mille: bool) -> String {
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 => "cent".to_string(),
            _ => format!(
                "{} cent{}",
                fr99(h),
                if r == 0 && !before_mille { "s" } else { "" }
            ),
        };
        if r > 0 {
            if !s.is_empty() {
                s.push(' ');
            }
            s += &fr99(r);
        }
        s
    }

    fn fr(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        match m {
            0 => {}
            1 => parts.push("un million".to_string()),
            _ => parts.push(format!("{} millions", fr999(m, false))),
        }
        match t {
            0 => {}
            1 => parts.push("mille".to_string()),
            _ => parts.push(format!("{} mille", fr999(t, true))),
        }
        if r > 0 {
            parts.push(fr999(r, false));
        }
        let s = parts.join(" ");
        // The 1990 spelling joins every part with hyphens.
        if n.is_multiple_of(2) {
            s.replace(' ', "-")
        } else {
            s
        }
    }

    fn es99(n: u64, apocope: bool) -> String {
        const U: [&str; 30] = [
            "",
            "uno",
            "dos",
            "tres",
            "cuatro",
            "cinco",
            "seis",
            "siete",
            "ocho",
            "nueve",
            "diez",
            "once",
            "doce",
            "trece",
            "catorce",
            "quince",
            "dieciseis",
            "diecisiete",
            "dieciocho",
            "diecinueve",
            "veinte",
            "veintiuno",
            "veintidos",
            "veintitres",
            "veinticuatro",
            "veinticinco",
            "veintiseis",
            "veintisiete",
            "veintiocho",
            "veintinueve",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "",
            "treinta",
            "cuarenta",
            "cincuenta",
            "sesenta",
            "setenta",
            "ochenta",
            "noventa",
        ];
        let unit = |u: u64| {
            if u == 1 && apocope {
                "un".to_string()
            } else {
                U[u as usize].to_string()
            }
        };
        match n {
            1 => unit(1),
            21 if apocope => "veintiun".to_string(),
            0..=29 => U[n as usize].to_string(),
            _ if n.is_multiple_of(10) => T[n as usize / 10].to_string(),
            _ => format!("{} y {}", T[n as usize / 10], unit(n % 10)),
        }
    }

    fn es999(n: u64, apocope: bool) -> String {
        const H: [&str; 10] = [
            "",
            "ciento",
            "doscientos",
            "trescientos",
            "cuatrocientos",
            "quinientos",
            "seiscientos",
            "setecientos",
            "ochocientos",
            "novecientos",
        ];
        if n == 100 {
            return "cien".to_string();
        }
        let (h, r) = (n / 100, n % 100);
        let mut s = H[h as usize].to_string();
        if r > 0 {
            if !s.is_empty() {
                s.push(' ');
            }
            s += &es99(r, apocope);
        }
        s
    }

    fn es(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        match m {
            0 => {}
            1 => parts.push("un millon".to_string()),
            _ => parts.push(format!("{} millones", es999(m, true))),
        }
        match t {
            0 => {}
            1 => parts.push("mil".to_string()),
            _ => parts.push(format!("{} mil", es999(t, true))),
        }
        if r > 0 {
            parts.push(es999(r, false));
        }
        parts.join(" ")
    }

    fn de99(n: u64, last: bool) -> String {
        const U: [&str; 10] = [
            "", "ein", "zwei", "drei", "vier", "funf", "sechs", "sieben", "acht", "neun",
        ];
        const TEEN: [&str; 10] = [
            "zehn", "elf", "zwolf", "dreizehn", "vierzehn", "funfzehn", "sechzehn", "siebzehn",
            "achtzehn", "neunzehn",
        ];
        const T: [&str; 10] = [
            "", "", "zwanzig", "dreißig", "vierzig", "funfzig", "sechzig", "siebzig", "achtzig",
            "neunzig",
        ];
        match n {
            0 => String::new(),
            1 if last => "eins".to_string(),
            1..=9 => U[n as usize].to_string(),
            10..=19 => TEEN[n as usize - 10].to_string(),
            _ if n.is_multiple_of(10) => T[n as usize / 10].to_string(),
            _ => format!("{}und{}", U[n as usize % 10], T[n as usize / 10]),
        }
    }

    fn de999(n: u64, last: bool, short: bool) -> String {
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 if short => "hundert".to_string(),
            _ => format!("{}hundert", de99(h, false)),
        };
        s += &de99(r, last);
        s
    }

    fn de(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let short = n.is_multiple_of(3); // `hundert`/`tausend` without `ein`
        let mut head = match m {
            0 => String::new(),
            1 => "eine Million".to_string(),
            _ => format!("{} Millionen", de999(m, false, short)),
        };
        let mut word = match t {
            0 => String::new(),
            1 if short => "tausend".to_string(),
            _ => format!("{}tausend", de999(t, false, short)),
        };
        if r > 0 {
            if !word.is_empty() && n.is_multiple_of(5) {
                word.push(' ');
            }
            word += &de999(r, true, short);
        }
        if !head.is_empty() && !word.is_empty() {
            head.push(' ');
        }
        head + &word
    }

    fn it99(n: u64, apocope: bool) -> String {
        const U: [&str; 20] = [
            "",
            "uno",
            "due",
            "tre",
            "quattro",
            "cinque",
            "sei",
            "sette",
            "otto",
            "nove",
            "dieci",
            "undici",
            "dodici",
            "tredici",
            "quattordici",
            "quindici",
            "sedici",
            "diciassette",
            "diciotto",
            "diciannove",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "venti",
            "trenta",
            "quaranta",
            "cinquanta",
            "sessanta",
            "settanta",
            "ottanta",
            "novanta",
        ];
        if n < 20 {
            return U[n as usize].to_string();
        }
        let (t, u) = (T[n as usize / 10], n % 10);
        match u {
            0 => t.to_string(),
            1 if apocope => format!("{}un", &t[..t.len() - 1]),
            1 | 8 => format!("{}{}", &t[..t.len() - 1], U[u as usize]),
            _ => format!("{t}{}", U[u as usize]),
        }
    }

    fn it999(n: u64, apocope: bool) -> String {
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 => "cento".to_string(),
            _ => format!("{}cento", it99(h, false)),
        };
        // `cento` drops its vowel before `ottanta`/`otto`.
        if h > 0 && (r / 10 == 8 || r == 8) {
            s.pop();
        }
        s += &it99(r, apocope && h == 0);
        s
    }

    fn it(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let head = match m {
            0 => String::new(),
            1 => "un milione".to_string(),
            _ => format!("{} milioni", it999(m, false)),
        };
        let mut word = match t {
            0 => String::new(),
            1 => "mille".to_string(),
            _ => format!("{}mila", it999(t, true)),
        };
        word += &it999(r, false);
        match (head.is_empty(), word.is_empty()) {
            (false, false) => format!("{head} {word}"),
            (true, _) => word,
            (false, true) => head,
        }
    }

    fn pt99(n: u64) -> String {
        const U: [&str; 20] = [
            "",
            "um",
            "dois",
            "tres",
            "quatro",
            "cinco",
            "seis",
            "sete",
            "oito",
            "nove",
            "dez",
            "onze",
            "doze",
            "treze",
            "catorze",
            "quinze",
            "dezesseis",
            "dezessete",
            "dezoito",
            "dezenove",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "vinte",
            "trinta",
            "quarenta",
            "cinquenta",
            "sessenta",
            "setenta",
            "oitenta",
            "noventa",
        ];
        match n {
            0..=19 => U[n as usize].to_string(),
            _ if n.is_multiple_of(10) => T[n as usize / 10].to_string(),
            _ => format!("{} e {}", T[n as usize / 10], U[n as usize % 10]),
        }
    }

    fn pt999(n: u64) -> String {
        const H: [&str; 10] = [
            "",
            "cento",
            "duzentos",
            "trezentos",
            "quatrocentos",
            "quinhentos",
            "seiscentos",
            "setecentos",
            "oitocentos",
            "novecentos",
        ];
        if n == 100 {
            return "cem".to_string();
        }
        let (h, r) = (n / 100, n % 100);
        match (h, r) {
            (0, _) => pt99(r),
            (_, 0) => H[h as usize].to_string(),
            _ => format!("{} e {}", H[h as usize], pt99(r)),
        }
    }

    fn pt(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut groups: Vec<(String, u64)> = Vec::new();
        match m {
            0 => {}
            1 => groups.push(("um milhao".to_string(), m)),
            _ => groups.push((format!("{} milhoes", pt999(m)), m)),
        }
        match t {
            0 => {}
            1 => groups.push(("mil".to_string(), t)),
            _ => groups.push((format!("{} mil", pt999(t)), t)),
        }
        if r > 0 {
            groups.push((pt999(r), r));
        }
        let mut s = String::new();
        let last = groups.len().saturating_sub(1);
        for (i, (g, v)) in groups.iter().enumerate() {
            if i > 0 {
                // `e` before the last group when it is below 100 or whole hundreds.
                s += if i == last && (*v < 100 || v % 100 == 0) {
                    " e "
                } else {
                    " "
                };
            }
            s += g;
        }
        s
    }

    /// Chinese, Japanese (no 一 before 十百千, no 零) or financial style.
    fn cjk_w(n: u64, style: u8) -> String {
        let digits: [char; 10] = if style == 2 {
            ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖']
        } else {
            ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九']
        };
        let units: [char; 3] = if style == 2 {
            ['仟', '佰', '拾']
        } else {
            ['千', '百', '十']
        };
        let section = |n: u64, out: &mut String, first: bool| {
            let ds = [n / 1000, n / 100 % 10, n / 10 % 10, n % 10];
            let mut started = false;
            let mut gap = false;
            for (k, &d) in ds.iter().enumerate() {
                if d == 0 {
                    gap |= started;
                    continue;
                }
                if gap && style != 1 {
                    out.push(digits[0]);
                }
                gap = false;
                let omit_one = d == 1 && k < 3 && (style == 1 || (k == 2 && !started && first));
                if !omit_one {
                    out.push(digits[d as usize]);
                }
                if k < 3 {
                    out.push(units[k]);
                }
                started = true;
            }
        };
        let (hi, lo) = (n / 10_000, n % 10_000);
        let mut s = String::new();
        if hi > 0 {
            section(hi, &mut s, true);
            s.push(if style == 2 { '萬' } else { '万' });
            if lo > 0 {
                if lo < 1000 && style != 1 {
                    s.push(digits[0]);
                }
                section(lo, &mut s, false);
            }
        } else {
            section(lo, &mut s, true);
        }
        s
    }

    fn roman_w(mut n: u64) -> String {
        let mut s = String::new();
        for (v, r) in [
            (1000, "M"),
            (900, "CM"),
            (500, "D"),
            (400, "CD"),
            (100, "C"),
            (90, "XC"),
            (50, "L"),
            (40, "XL"),
            (10, "X"),
            (9, "IX"),
            (5, "V"),
            (4, "IV"),
            (1, "I"),
        ] {
            while n >= v {
                s += r;
                n -= v;
            }
        }
        s
    }

    /// Slavic plural of a scale word after `n`: one, few (2..=4), many (and 11..=14).
    /// Polish takes `many` after 1 inside a longer number (`dwadzieścia jeden tysięcy`).
    fn slavic_form(n: u64, forms: [&str; 3], polish: bool) -> &str {
        match (n % 10, n % 100) {
            (_, 11..=14) => forms[2],
            (1, _) if !polish || n == 1 => forms[0],
            (2..=4, _) => forms[1],
            _ => forms[2],
        }
    }

    fn ru999(n: u64, fem: bool) -> String {
        const U: [&str; 20] = [
            "",
            "один",
            "два",
            "три",
            "четыре",
            "пять",
            "шесть",
            "семь",
            "восемь",
            "девять",
            "десять",
            "одиннадцать",
            "двенадцать",
            "тринадцать",
            "четырнадцать",
            "пятнадцать",
            "шестнадцать",
            "семнадцать",
            "восемнадцать",
            "девятнадцать",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "двадцать",
            "тридцать",
            "сорок",
            "пятьдесят",
            "шестьдесят",
            "семьдесят",
            "восемьдесят",
            "девяносто",
        ];
        const H: [&str; 10] = [
            "",
            "сто",
            "двести",
            "триста",
            "четыреста",
            "пятьсот",
            "шестьсот",
            "семьсот",
            "восемьсот",
            "девятьсот",
        ];
        let unit = |u: u64| match u {
            1 if fem => "одна",
            2 if fem => "две",
            _ => U[u as usize],
        };
        let (h, r) = (n / 100, n % 100);
        let mut w = vec![H[h as usize]];
        match r {
            0 => {}
            1..=9 => w.push(unit(r)),
            10..=19 => w.push(U[r as usize]),
            _ => {
                w.push(T[r as usize / 10]);
                if r % 10 > 0 {
                    w.push(unit(r % 10));
                }
            }
        }
        w.retain(|s| !s.is_empty());
        w.join(" ")
    }

    fn ru(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        if m > 0 {
            let form = slavic_form(m, ["миллион", "миллиона", "миллионов"], false);
            parts.push(if m == 1 {
                form.to_string()
            } else {
                format!("{} {form}", ru999(m, false))
            });
        }
        if t > 0 {
            let form = slavic_form(t, ["тысяча", "тысячи", "тысяч"], false);
            parts.push(match t {
                1 if n.is_multiple_of(2) => form.to_string(),
                _ => format!("{} {form}", ru999(t, true)),
            });
        }
        if r > 0 {
            parts.push(ru999(r, false));
        }
        parts.join(" ")
    }

    fn uk999(n: u64, fem: bool, apos: &str) -> String {
        const U: [&str; 20] = [
            "",
            "один",
            "два",
            "три",
            "чотири",
            "п'ять",
            "шість",
            "сім",
            "вісім",
            "дев'ять",
            "десять",
            "одинадцять",
            "дванадцять",
            "тринадцять",
            "чотирнадцять",
            "п'ятнадцять",
            "шістнадцять",
            "сімнадцять",
            "вісімнадцять",
            "дев'ятнадцять",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "двадцять",
            "тридцять",
            "сорок",
            "п'ятдесят",
            "шістдесят",
            "сімдесят",
            "вісімдесят",
            "дев'яносто",
        ];
        const H: [&str; 10] = [
            "",
            "сто",
            "двісті",
            "триста",
            "чотириста",
            "п'ятсот",
            "шістсот",
            "сімсот",
            "вісімсот",
            "дев'ятсот",
        ];
        let unit = |u: u64| match u {
            1 if fem => "одна",
            2 if fem => "дві",
            _ => U[u as usize],
        };
        let (h, r) = (n / 100, n % 100);
        let mut w = vec![H[h as usize]];
        match r {
            0 => {}
            1..=9 => w.push(unit(r)),
            10..=19 => w.push(U[r as usize]),
            _ => {
                w.push(T[r as usize / 10]);
                if r % 10 > 0 {
                    w.push(unit(r % 10));
                }
            }
        }
        w.retain(|s| !s.is_empty());
        w.join(" ").replace('\'', apos)
    }

    fn uk(n: u64) -> String {
        let apos = ["'", "\u{2019}", "\u{02BC}"][(n % 3) as usize];
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        if m > 0 {
            let form = slavic_form(m, ["мільйон", "мільйони", "мільйонів"], false);
            parts.push(format!("{} {form}", uk999(m, false, apos)));
        }
        if t > 0 {
            let form = slavic_form(t, ["тисяча", "тисячі", "тисяч"], false);
            parts.push(match t {
                1 => form.to_string(),
                _ => format!("{} {form}", uk999(t, true, apos)),
            });
        }
        if r > 0 {
            parts.push(uk999(r, false, apos));
        }
        parts.join(" ")
    }

    fn pl999(n: u64) -> String {
        const U: [&str; 20] = [
            "",
            "jeden",
            "dwa",
            "trzy",
            "cztery",
            "pięć",
            "sześć",
            "siedem",
            "osiem",
            "dziewięć",
            "dziesięć",
            "jedenaście",
            "dwanaście",
            "trzynaście",
            "czternaście",
            "piętnaście",
            "szesnaście",
            "siedemnaście",
            "osiemnaście",
            "dziewiętnaście",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "dwadzieścia",
            "trzydzieści",
            "czterdzieści",
            "pięćdziesiąt",
            "sześćdziesiąt",
            "siedemdziesiąt",
            "osiemdziesiąt",
            "dziewięćdziesiąt",
        ];
        const H: [&str; 10] = [
            "",
            "sto",
            "dwieście",
            "trzysta",
            "czterysta",
            "pięćset",
            "sześćset",
            "siedemset",
            "osiemset",
            "dziewięćset",
        ];
        let (h, r) = (n / 100, n % 100);
        let mut w = vec![H[h as usize]];
        match r {
            0..=19 => w.push(U[r as usize]),
            _ => {
                w.push(T[r as usize / 10]);
                w.push(U[r as usize % 10]);
            }
        }
        w.retain(|s| !s.is_empty());
        w.join(" ")
    }

    fn pl(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        if m > 0 {
            let form = slavic_form(m, ["milion", "miliony", "milionów"], true);
            parts.push(if m == 1 {
                form.to_string()
            } else {
                format!("{} {form}", pl999(m))
            });
        }
        if t > 0 {
            let form = slavic_form(t, ["tysiąc", "tysiące", "tysięcy"], true);
            parts.push(if t == 1 {
                form.to_string()
            } else {
                format!("{} {form}", pl999(t))
            });
        }
        if r > 0 {
            parts.push(pl999(r));
        }
        parts.join(" ")
    }

    fn nl999(n: u64, spaced: bool) -> String {
        const U: [&str; 20] = [
            "",
            "een",
            "twee",
            "drie",
            "vier",
            "vijf",
            "zes",
            "zeven",
            "acht",
            "negen",
            "tien",
            "elf",
            "twaalf",
            "dertien",
            "veertien",
            "vijftien",
            "zestien",
            "zeventien",
            "achttien",
            "negentien",
        ];
        const T: [&str; 10] = [
            "", "", "twintig", "dertig", "veertig", "vijftig", "zestig", "zeventig", "tachtig",
            "negentig",
        ];
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 if spaced => "honderd".to_string(),
            _ => format!("{}honderd", U[h as usize]),
        };
        match r {
            0..=19 => s += U[r as usize],
            _ if r % 10 == 0 => s += T[r as usize / 10],
            _ => {
                let u = U[r as usize % 10];
                let en = if u.ends_with('e') { "ën" } else { "en" };
                s += &format!("{u}{en}{}", T[r as usize / 10]);
            }
        }
        s
    }

    fn nl(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let spaced = n.is_multiple_of(2);
        let mut s = match m {
            0 => String::new(),
            1 => "een miljoen".to_string(),
            _ => format!("{} miljoen", nl999(m, spaced)),
        };
        let mut word = match t {
            0 => String::new(),
            1 => "duizend".to_string(),
            _ => format!("{}duizend", nl999(t, spaced)),
        };
        if r > 0 {
            if spaced && !word.is_empty() {
                word.push(' ');
            }
            word += &nl999(r, spaced);
        }
        if !s.is_empty() && !word.is_empty() {
            s.push(' ');
        }
        s + &word
    }

    fn sv999(n: u64, spaced: bool) -> String {
        const U: [&str; 20] = [
            "", "ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva",
            "tolv", "tretton", "fjorton", "femton", "sexton", "sjutton", "arton", "nitton",
        ];
        const T: [&str; 10] = [
            "", "", "tjugo", "trettio", "fyrtio", "femtio", "sextio", "sjuttio", "åttio", "nittio",
        ];
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 if spaced => "hundra".to_string(),
            _ => format!("{}hundra", U[h as usize]),
        };
        match r {
            0..=19 => s += U[r as usize],
            _ => s += &format!("{}{}", T[r as usize / 10], U[r as usize % 10]),
        }
        s
    }

    fn sv(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let spaced = n.is_multiple_of(2);
        let mut s = match m {
            0 => String::new(),
            1 => "en miljon".to_string(),
            _ => format!("{} miljoner", sv999(m, spaced)),
        };
        let mut word = match t {
            0 => String::new(),
            1 if spaced => "tusen".to_string(),
            // `ett tusen` written as one word drops a `t`: `ettusen`, `tjugoettusen`.
            _ => format!("{}tusen", sv999(t, spaced)).replace("tttusen", "ttusen"),
        };
        if r > 0 {
            if !word.is_empty() && !n.is_multiple_of(3) {
                word.push(' ');
            }
            word += &sv999(r, spaced);
        }
        if !s.is_empty() && !word.is_empty() {
            s.push(' ');
        }
        s + &word
    }

    /// The texts of the new languages as the matcher sees them (diacritics stripped).
    #[test]
    fn more_writers_round_trip() {
        let mut checked = 0;
        for n in (100..10_000_000u64).step_by(997).chain([
            101, 111, 180, 1001, 1100, 1500, 2400, 5100, 21_000, 22_000, 2_400_000, 9_999_999,
        ]) {
            // 100 and 1000 are lone words (`сто`, `тысяча`): never reported.
            if n == 100 || n == 1000 {
                continue;
            }
            for text in [ru(n), uk(n), pl(n), nl(n), sv(n)] {
                let text = format!("the value is {} today", recase(text, n));
                let norm = crate::matcher::normalize::normalize(&text);
                assert_reads(&norm, n);
            }
            checked += 1;
        }
        assert!(checked > 10_000);
        // Digits before a scale word.
        for n in (1000..10_000_000u64).step_by(1009) {
            let (m, t) = (n / 1_000_000, n / 1000 % 1000);
            if m > 0 {
                let mant = format!("{m},{t:03}");
                let mant = mant.trim_end_matches('0').trim_end_matches(',');
                assert_reads(&format!("около {mant} миллиона"), n / 1000 * 1000);
            } else {
                assert_reads(&format!("около {t} тысяч {}", n % 1000), n);
            }
        }
    }

    /// Vary the case the way a model might: lower, Title, UPPER.
    fn recase(s: String, n: u64) -> String {
        match n % 3 {
            0 => s,
            1 => s.to_uppercase(),
            _ => {
                let mut c = s.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
        }
    }

    fn assert_reads(text: &str, n: u64) {
        let got = vals(text);
        assert!(
            got.contains(&(n as f64)),
            "{text:?}: expected {n}, got {got:?}"
        );
        let max = got.iter().cloned().fold(0.0, f64::max);
        assert!(max <= n as f64, "{text:?}: larger value in {got:?}");
    }

    #[test]
    fn writers_round_trip() {
        let mut checked = 0;
        for n in (100..10_000_000u64).step_by(997).chain([
            100, 101, 180, 1100, 5100, 7340, 21_000, 2_400_000, 9_999_999,
        ]) {
            // 100 and 1000 are lone scale words (`cent`, `mil`): never reported.
            if n == 100 || n == 1000 {
                continue;
            }
            for text in [fr(n), es(n), de(n), it(n), pt(n)] {
                assert_reads(&format!("the value is {} today", recase(text, n)), n);
            }
            for style in [0, 2] {
                assert_reads(&cjk_w(n, style), n);
            }
            // Japanese `三千七` (3007) also reads as Chinese speech (3700).
            let ja = cjk_w(n, 1);
            assert!(vals(&ja).contains(&(n as f64)), "{ja:?}: expected {n}");
            checked += 1;
        }
        assert!(checked > 10_000);
        for n in (100..30_000u64).step_by(7) {
            let r = roman_w(n);
            if r.len() < 2 || ROMAN_STOP.contains(&r.as_str()) {
                continue;
            }
            assert_reads(&format!("value {r}."), n);
            if r.len() >= 4 {
                assert_reads(&format!("value {}.", r.to_lowercase()), n);
            }
        }
        // Digit by digit.
        for n in (100..10_000_000u64).step_by(9973) {
            let d: String = n
                .to_string()
                .chars()
                .map(|c| {
                    ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九']
                        [c as usize - '0' as usize]
                })
                .collect();
            assert_reads(&d, n);
        }
    }

    /// Throughput on English text (best of 10 runs):
    /// `cargo test --release -p orrery-learning-guard -- --ignored --nocapture throughput`.
    #[test]
    #[ignore]
    fn throughput() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/benign_ops.txt");
        let corpus = std::fs::read_to_string(path).unwrap_or_default();
        let other = crate::matcher::normalize::normalize(OTHER_LANGS).into_owned();
        for (name, text) in [
            ("dense English above", ENGLISH.repeat(500)),
            ("other languages above", other.repeat(500)),
            ("benign_ops.txt", corpus.repeat(400)),
        ] {
            if text.is_empty() {
                continue;
            }
            let mut hits = 0;
            let mut best = f64::MAX;
            for _ in 0..10 {
                let start = std::time::Instant::now();
                scan(&text, &mut |_| hits += 1);
                best = best.min(start.elapsed().as_secs_f64());
            }
            let mbs = text.len() as f64 / best / 1e6;
            println!("{name}: {} bytes, {mbs:.0} MB/s", text.len());
            assert_eq!(hits, 0);
        }
    }
}
