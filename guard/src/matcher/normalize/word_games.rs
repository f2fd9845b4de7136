//! English number words hidden by a word game, read back as plain English words
//! ([`word_games`]): each game is undone into one reading beside the normalised text, which
//! the English number-word reader then compares exactly (no new parser, no approximation).
//! - Letters English once used or a font swaps in: thorn `þ` as `th` (`five þousand`), the
//!   hooked `ƒ` as `f` (`ƒive thousand`).
//! - Pig Latin (`ivefay ousandthay oneway undredhay`): a word ending in `ay` whose consonant
//!   head moved back (or `way`/`yay`/`hay` after a vowel head) as the number word it undoes to.
//! - Reversed letters: each word (`evif dnasuoht eno derdnuh`) and the whole line
//!   (`derdnuh eno dnasuoht evif`).
//! - English number words in Cyrillic letters (`файв таузенд уан хандред`, `фифти-уан
//!   хандред`), from a table of their spellings.
//! - Identifiers in camelCase or PascalCase (`kFiveThousandOneHundred`): split at the humps.
//! - NATO spelling of the words (`Foxtrot India Victor Echo thousand`): a run of at least
//!   three radio words whose letters spell a number word, as that word.
//! - A single-letter scale between number words: `K` (thousand), `H` and `C` (hundred):
//!   `two K seven H fifty`, `fifty-one C`.
//! - Place values counted across sentences (`It has five thousands. It also has one
//!   hundred.`, `Two thousands go in the first box. Seven hundreds go in the second. Five tens
//!   go in the third.`): a count of `thousands` (plural, not `thousands of`) and, later in the
//!   same paragraph, counts of hundreds, tens and ones, summed into one number in digits.
//! - `a half-hundred` / `half a hundred` as `fifty` (`seven hundred and a half-hundred`).
//!
//! False-positive controls: a word is rewritten only when the word it undoes to is an English
//! number word, and each game runs only where its trigger is: a scale word in that game's
//! form (`ousandthay`, `dnasuoht`, `хандред`, `Thousand` inside an identifier), a radio word,
//! a lone `K`/`H`/`C` right after a number word; so `away`, `net` (`ten` reversed), `Echo`,
//! `ту` (Russian "that") and `C` in prose stay as they are unless that line plays the game. The
//! reading still has to state a whole number to the English reader. Gaps: Pig Latin with a
//! `-` before the suffix (`ive-fay`), a reversed text whose words are also split, lowercase
//! radio words, and the other languages' words in these games.
//!
//! Cost: byte tests only on a text without `þ`/`ƒ` (their UTF-8 lead bytes), a game-form
//! scale stem (a few `memmem` searches), a Cyrillic lead byte, an upper-case radio word or a
//! lone `K`/`H`/`C`; a triggered text costs one pass over its words.
use crate::matcher::words::{TEENS, TENS, UNITS};
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use memchr::memmem;
use std::sync::OnceLock;

/// English number words a game may hide (lower case).
const SCALES: [&str; 4] = ["hundred", "thousand", "million", "billion"];

fn number_word(w: &str) -> bool {
    (2..=8).contains(&w.len())
        && UNITS
            .iter()
            .chain(TEENS.iter())
            .chain(TENS.iter())
            .chain(SCALES.iter())
            .any(|x| x.eq_ignore_ascii_case(w))
}

/// Cyrillic spellings of `hundred`, `thousand` and the tens (`twenty-seven fifty` needs no
/// scale word), in lower and Title case (stems; `й` as written).
const CYR_STEMS: [&str; 25] = [
    "хандр",
    "Хандр",
    "ХАНДР",
    "тауз",
    "Тауз",
    "ТАУЗ",
    "сауз",
    "Сауз",
    "САУЗ",
    "твенти",
    "Твенти",
    "ТВЕНТИ",
    "фифти",
    "Фифти",
    "ФИФТИ",
    "форти",
    "Форти",
    "серти",
    "Серти",
    "сиксти",
    "Сиксти",
    "севенти",
    "Севенти",
    "найнти",
    "Найнти",
];

/// What a trigger pattern says the text may play.
#[derive(Clone, Copy)]
enum Trigger {
    Pig,
    Reversed,
    Nato,
    Half,
    /// A scale word as written: a hump of an identifier when Title case after a letter, a
    /// spaced Roman numeral's scale (`L I hundred`), a count of thousands (`thousands`).
    Scale {
        title: bool,
    },
}

/// Every ASCII trigger with its game (see [`Trigger`]); Cyrillic has its own test.
const TRIGGERS: [(&str, Trigger); 32] = [
    ("andthay", Trigger::Pig),
    ("redhay", Trigger::Pig),
    ("ionmay", Trigger::Pig),
    ("ANDTHAY", Trigger::Pig),
    ("REDHAY", Trigger::Pig),
    ("IONMAY", Trigger::Pig),
    // Reversed, without the first letter a Title-case word capitalises (`Dnasuoht`).
    ("nasuoh", Trigger::Reversed),
    ("erdnuh", Trigger::Reversed),
    ("oillim", Trigger::Reversed),
    ("NASUOH", Trigger::Reversed),
    ("ERDNUH", Trigger::Reversed),
    ("OILLIM", Trigger::Reversed),
    // Radio words in Title and UPPER case; a number word spelled out holds one of their
    // letters (`e`, `o`, `i`, `t`).
    ("Echo", Trigger::Nato),
    ("Oscar", Trigger::Nato),
    ("India", Trigger::Nato),
    ("Tango", Trigger::Nato),
    ("ECHO", Trigger::Nato),
    ("OSCAR", Trigger::Nato),
    ("INDIA", Trigger::Nato),
    ("TANGO", Trigger::Nato),
    ("half-hundred", Trigger::Half),
    ("half a hundred", Trigger::Half),
    ("Half-hundred", Trigger::Half),
    ("Half a hundred", Trigger::Half),
    ("hundred", Trigger::Scale { title: false }),
    ("thousand", Trigger::Scale { title: false }),
    ("HUNDRED", Trigger::Scale { title: false }),
    ("THOUSAND", Trigger::Scale { title: false }),
    ("Hundred", Trigger::Scale { title: true }),
    ("Thousand", Trigger::Scale { title: true }),
    ("Million", Trigger::Scale { title: true }),
    ("Billion", Trigger::Scale { title: true }),
];

fn triggers() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostFirst)
            .build(TRIGGERS.iter().map(|t| t.0))
            .ok()
    })
    .as_ref()
}

const NATO: [&str; 26] = [
    "alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett",
    "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
    "uniform", "victor", "whiskey", "xray", "yankee", "zulu",
];

/// English number words as Cyrillic spells their sound (`ё`/`й` folded to `е`/`и`, as
/// normalisation leaves `й`; lower case).
const CYR_WORDS: &[(&str, &str)] = &[
    ("уан", "one"),
    ("ван", "one"),
    ("ту", "two"),
    ("тү", "two"),
    ("фри", "three"),
    ("сри", "three"),
    ("фор", "four"),
    ("фо", "four"),
    ("фаив", "five"),
    ("фаев", "five"),
    ("сикс", "six"),
    ("севен", "seven"),
    ("сэвэн", "seven"),
    ("севн", "seven"),
    ("еит", "eight"),
    ("эит", "eight"),
    ("наин", "nine"),
    ("тен", "ten"),
    ("твенти", "twenty"),
    ("твэнти", "twenty"),
    ("серти", "thirty"),
    ("сёрти", "thirty"),
    ("ферти", "thirty"),
    ("тёрти", "thirty"),
    ("форти", "forty"),
    ("фоти", "forty"),
    ("фифти", "fifty"),
    ("сиксти", "sixty"),
    ("севенти", "seventy"),
    ("еити", "eighty"),
    ("эити", "eighty"),
    ("наинти", "ninety"),
    ("хандред", "hundred"),
    ("хандрэд", "hundred"),
    ("хандрид", "hundred"),
    ("таузенд", "thousand"),
    ("таузэнд", "thousand"),
    ("саузенд", "thousand"),
    ("саузэнд", "thousand"),
    ("миллион", "million"),
    ("мильен", "million"),
];

fn has_any(b: &[u8], stems: &[&str]) -> bool {
    stems
        .iter()
        .any(|s| memmem::find(b, s.as_bytes()).is_some())
}

/// Readings of `text` with each word game present undone; empty when none is.
pub(crate) fn word_games(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    // Thorn (C3 BE, C3 9E) and hooked f (C6 92, C6 91).
    let letters = !text.is_ascii()
        && (memmem::find(b, "þ".as_bytes()).is_some()
            || memmem::find(b, "Þ".as_bytes()).is_some()
            || memchr::memchr(0xC6, b).is_some_and(|_| text.contains(['ƒ', 'Ƒ'])));
    let base = if letters {
        let s: String = text
            .chars()
            .flat_map(|c| {
                let r: &[char] = match c {
                    'þ' => &['t', 'h'],
                    'Þ' => &['T', 'h'],
                    'ƒ' => &['f'],
                    'Ƒ' => &['F'],
                    _ => &[],
                };
                if r.is_empty() {
                    vec![c]
                } else {
                    r.to_vec()
                }
            })
            .collect();
        out.push(s.clone());
        Some(s)
    } else {
        None
    };
    let text = base.as_deref().unwrap_or(text);
    let b = text.as_bytes();
    let mut g = Games {
        pig: false,
        reversed: false,
        camel: false,
        cyr: false,
        nato: false,
        letter_scale: false,
        roman: false,
    };
    let (mut place, mut half) = (false, false);
    // One pass of one automaton over the ASCII triggers (at most 64 patterns: the SIMD
    // prefilter holds; no two triggers of different games overlap where it matters:
    // `Thousands` is one match, a hump and a count).
    if let Some(ac) = triggers() {
        for m in ac.find_iter(text) {
            let (i, e) = (m.start(), m.end());
            let before = |k: usize| i.checked_sub(k).and_then(|p| b.get(p)).copied();
            match TRIGGERS
                .get(m.pattern().as_usize())
                .map_or(Trigger::Half, |t| t.1)
            {
                Trigger::Pig => g.pig = true,
                Trigger::Reversed => g.reversed = true,
                Trigger::Nato => g.nato = true,
                Trigger::Half => half = true,
                Trigger::Scale { title } => {
                    g.camel |= title && before(1).is_some_and(|c| c.is_ascii_alphabetic());
                    g.roman |= before(1) == Some(b' ')
                        && before(2).is_some_and(is_roman)
                        && before(3) == Some(b' ')
                        && before(4).is_some_and(is_roman)
                        && before(5).is_none_or(|c| !c.is_ascii_alphanumeric());
                    place |= matches!(b.get(e), Some(b's' | b'S'));
                }
            }
        }
    }
    g.cyr = !text.is_ascii() && memchr::memchr2(0xD0, 0xD1, b).is_some() && has_any(b, &CYR_STEMS);
    g.letter_scale = memchr::memchr3_iter(b'K', b'H', b'C', b).any(|i| lone(b, i));
    let Games {
        pig,
        reversed,
        camel,
        cyr,
        nato,
        letter_scale,
        roman,
    } = g;
    if pig || reversed || camel || cyr || nato || letter_scale || roman {
        let games = Games {
            pig,
            reversed,
            camel,
            cyr,
            nato,
            letter_scale,
            roman,
        };
        if let Some(s) = words_undone(text, &games) {
            out.push(s);
        }
    }
    if reversed {
        if let Some(s) = lines_reversed(text) {
            out.push(s);
        }
    }
    if place {
        out.extend(place_values(text));
    }
    if half {
        let s = text
            .replace("a half-hundred", "fifty")
            .replace("half a hundred", "fifty")
            .replace("A half-hundred", "Fifty")
            .replace("Half a hundred", "Fifty");
        if s != text {
            out.push(s);
        }
    }
    out
}

/// Each run of letters or digits of `text` (a count may be in digits: `5 thousands`).
fn tokens(text: &str) -> Vec<(usize, usize)> {
    runs(text, char::is_alphanumeric)
}

/// Each maximal run of chars of `text` that `keep` holds for, with its byte range.
fn runs(text: &str, keep: fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if keep(c) {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            v.push((s, i));
        }
    }
    if let Some(s) = start {
        v.push((s, text.len()));
    }
    v
}

/// The value of a count word below 100 (`five`, `twelve`, `fifty`), if it is one.
fn count(w: &str) -> Option<u64> {
    // Or in digits (`5 thousands`).
    if (1..=2).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit()) {
        return w.parse().ok().filter(|&v| v > 0);
    }
    let at = |list: &[&str]| list.iter().position(|x| x.eq_ignore_ascii_case(w));
    if let Some(i) = at(&UNITS) {
        return u64::try_from(i).ok().filter(|&v| v > 0);
    }
    if let Some(i) = at(&TEENS) {
        return u64::try_from(i).ok().map(|v| v + 10);
    }
    at(&TENS)
        .and_then(|i| u64::try_from(i).ok())
        .map(|v| (v + 2) * 10)
}

/// Words allowed between a count and its place word (`one more hundred`).
const PLACE_FILLERS: [&str; 4] = ["more", "extra", "additional", "further"];

/// Place values counted in a paragraph: `N thousands` (the trigger), then `N hundred(s)`,
/// `N ten(s)`, `N one(s)` later in the same paragraph (within 40 words), each place once;
/// the sum in digits, one reading per paragraph that holds a trigger and one more place.
fn place_values(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for para in text.split("\n\n") {
        let ws = tokens(para);
        let word = |k: usize| ws.get(k).and_then(|&(s, e)| para.get(s..e)).unwrap_or("");
        let Some(t) = (1..ws.len()).find(|&k| {
            word(k).eq_ignore_ascii_case("thousands")
                && count(word(k - 1)).is_some()
                && !word(k + 1).eq_ignore_ascii_case("of")
        }) else {
            continue;
        };
        let thousands = count(word(t - 1)).unwrap_or(0);
        // Places after the trigger: 100, 10, 1, each read once.
        let mut places: [Option<u64>; 3] = [None; 3];
        for k in t + 1..ws.len().min(t + 41) {
            let place = match word(k).to_ascii_lowercase().as_str() {
                "hundred" | "hundreds" => 0,
                "tens" => 1,
                "ones" | "units" => 2,
                _ => continue,
            };
            let mut c = k - 1;
            while c > t
                && PLACE_FILLERS
                    .iter()
                    .any(|f| f.eq_ignore_ascii_case(word(c)))
            {
                c -= 1;
            }
            if c <= t {
                continue;
            }
            if let (Some(n), Some(slot)) = (count(word(c)), places.get_mut(place)) {
                slot.get_or_insert(n);
            }
        }
        if places.iter().all(Option::is_none) {
            continue;
        }
        let [h, te, o] = places;
        let sum = thousands * 1000 + h.unwrap_or(0) * 100 + te.unwrap_or(0) * 10 + o.unwrap_or(0);
        out.push(sum.to_string());
    }
    out
}

/// Which games a text plays (each from its byte test).
struct Games {
    pig: bool,
    reversed: bool,
    camel: bool,
    cyr: bool,
    nato: bool,
    letter_scale: bool,
    roman: bool,
}

fn is_roman(c: u8) -> bool {
    matches!(c, b'I' | b'V' | b'X' | b'L' | b'C' | b'D' | b'M')
}

/// Whether the byte at `i` is a letter standing alone (space, hyphen or line edge on both
/// sides, a comma or full stop after it).
fn lone(b: &[u8], i: usize) -> bool {
    let before = i.checked_sub(1).and_then(|p| b.get(p));
    let after = b.get(i + 1);
    matches!(before, Some(b' ' | b'-' | b'\t'))
        && matches!(after, None | Some(b' ' | b',' | b'.' | b'\n' | b'\t'))
}

/// Each alphabetic word of `text`, in order, with its start and end byte offsets.
fn words(text: &str) -> Vec<(usize, usize)> {
    runs(text, char::is_alphabetic)
}

/// The Pig Latin word `w` undone, when it undoes to a number word: `ivefay` → `five`,
/// `ousandthay` → `thousand`, `oneway` → `one`.
fn unpig(w: &str) -> Option<String> {
    let lw = w.to_ascii_lowercase();
    let stem = lw.strip_suffix("ay")?;
    // A vowel head took `way`, `yay` or `hay`.
    for suffix in ["w", "y", "h"] {
        if let Some(s) = stem.strip_suffix(suffix) {
            if number_word(s) {
                return Some(s.to_string());
            }
        }
    }
    // A consonant head of one to three letters moved to the end.
    for k in 1..=3usize {
        let cut = stem.len().checked_sub(k)?;
        let (body, head) = (stem.get(..cut)?, stem.get(cut..)?);
        let word = format!("{head}{body}");
        if number_word(&word) {
            return Some(word);
        }
    }
    None
}

/// `r` (ASCII) in the case pattern of `w`: `Evif` reversed reads `Five`, not `fivE`.
fn same_case(w: &str, r: &str) -> String {
    let lower = r.to_ascii_lowercase();
    if w.bytes().all(|b| b.is_ascii_uppercase()) {
        return r.to_ascii_uppercase();
    }
    if w.bytes().next().is_some_and(|b| b.is_ascii_uppercase()) {
        let mut t = lower;
        if let Some(f) = t.get_mut(0..1) {
            f.make_ascii_uppercase();
        }
        return t;
    }
    lower
}

fn reverse(w: &str) -> String {
    w.chars().rev().collect()
}

/// The Cyrillic spelling `w` of an English number word, as that word.
fn from_cyrillic(w: &str) -> Option<&'static str> {
    let folded: String = w
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ё' => 'е',
            'й' => 'и',
            c => c,
        })
        .collect();
    CYR_WORDS
        .iter()
        .find(|(c, _)| *c == folded)
        .map(|&(_, e)| e)
}

/// A camelCase or PascalCase identifier split at its humps, when two humps or more are number
/// words and one is a scale (`kFiveThousandOneHundred` → `k Five Thousand One Hundred`).
fn camel_split(w: &str) -> Option<String> {
    if !w.is_ascii() {
        return None;
    }
    let mut parts: Vec<&str> = Vec::new();
    let mut s = 0;
    let b = w.as_bytes();
    for i in 1..b.len() {
        let up = b.get(i).is_some_and(u8::is_ascii_uppercase);
        let prev_lower = b.get(i - 1).is_some_and(u8::is_ascii_lowercase);
        if up && prev_lower {
            parts.push(w.get(s..i)?);
            s = i;
        }
    }
    parts.push(w.get(s..)?);
    let numbers = parts.iter().filter(|p| number_word(p)).count();
    let scale = parts
        .iter()
        .any(|p| SCALES.iter().any(|x| x.eq_ignore_ascii_case(p)));
    (numbers >= 2 && scale).then(|| parts.join(" "))
}

/// The words of `text` with each game's words undone (see the module documentation); `None`
/// when nothing changed.
fn words_undone(text: &str, g: &Games) -> Option<String> {
    let Games {
        pig,
        reversed,
        camel,
        cyr,
        nato,
        letter_scale,
        roman,
    } = *g;
    let ws = words(text);
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let mut k = 0;
    while k < ws.len() {
        let Some(&(s, e)) = ws.get(k) else { break };
        let w = text.get(s..e).unwrap_or("");
        // A run of at least three radio words spelling a number word.
        if nato && w.len() >= 4 {
            let mut letters = String::new();
            let mut j = k;
            while let Some(&(rs, re)) = ws.get(j) {
                let r = text.get(rs..re).unwrap_or("");
                let joined = j == k || text.get(ws.get(j - 1).map_or(rs, |p| p.1)..rs) == Some(" ");
                let Some(l) = NATO
                    .iter()
                    .find(|n| n.eq_ignore_ascii_case(r))
                    .and_then(|n| n.chars().next())
                else {
                    break;
                };
                if !joined || r.chars().next().is_some_and(char::is_lowercase) {
                    break;
                }
                letters.push(l);
                j += 1;
            }
            if j - k >= 3 && number_word(&letters) {
                let end = ws.get(j - 1).map_or(e, |p| p.1);
                edits.push((s, end, letters));
                k = j;
                continue;
            }
        }
        // Lone Roman letters, one space apart, before a scale word: joined (`L I hundred` →
        // `LI hundred`, which the Roman reader reads).
        if roman && w.len() == 1 && w.bytes().all(is_roman) {
            let mut j = k;
            while let Some(&(rs, re)) = ws.get(j) {
                let r = text.get(rs..re).unwrap_or("");
                let spaced = j == k || text.get(ws.get(j - 1).map_or(rs, |p| p.1)..rs) == Some(" ");
                if !spaced || r.len() != 1 || !r.bytes().all(is_roman) {
                    break;
                }
                j += 1;
            }
            let before_scale = ws
                .get(j)
                .and_then(|&(ns, ne)| text.get(ns..ne))
                .is_some_and(|n| SCALES.iter().take(2).any(|x| x.eq_ignore_ascii_case(n)));
            if j - k >= 2 && before_scale {
                let end = ws.get(j - 1).map_or(e, |p| p.1);
                let joined: String = text.get(s..end).unwrap_or("").split(' ').collect();
                edits.push((s, end, joined));
                k = j;
                continue;
            }
        }
        let rewritten = if pig && w.len() >= 4 { unpig(w) } else { None }
            .or_else(|| {
                (reversed && w.len() >= 3)
                    .then(|| reverse(w))
                    .filter(|r| number_word(r))
                    .map(|r| same_case(w, &r))
            })
            .or_else(|| {
                (cyr && !w.is_ascii())
                    .then(|| from_cyrillic(w))
                    .flatten()
                    .map(str::to_string)
            })
            .or_else(|| if camel { camel_split(w) } else { None })
            .or_else(|| {
                // `K`/`H`/`C` right after a number word.
                let scale = match w {
                    "K" => "thousand",
                    "H" | "C" => "hundred",
                    _ => return None,
                };
                let prev = k.checked_sub(1).and_then(|p| ws.get(p))?;
                let gap = text.get(prev.1..s)?;
                let word = text.get(prev.0..prev.1)?;
                // `C` (a Celsius degree as often as a hundred) only after a number of two digits
                // in words (`fifty-one C`, `twelve C`): `five one C` stays, as `51 C` does.
                let is = |list: &[&str], w: &str| list.iter().any(|x| x.eq_ignore_ascii_case(w));
                let two_digits = is(&TENS, word)
                    || is(&TEENS, word)
                    || (is(&UNITS, word)
                        && k.checked_sub(2).and_then(|p| ws.get(p)).is_some_and(|t| {
                            text.get(t.1..prev.0) == Some("-")
                                && text.get(t.0..t.1).is_some_and(|x| is(&TENS, x))
                        }));
                (letter_scale
                    && matches!(gap, " " | "-")
                    && number_word(word)
                    && (w != "C" || two_digits))
                    .then(|| scale.to_string())
            });
        if let Some(r) = rewritten {
            edits.push((s, e, r));
        }
        k += 1;
    }
    if edits.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    for (s, e, r) in edits {
        out.push_str(text.get(at..s)?);
        out.push_str(&r);
        at = e;
    }
    out.push_str(text.get(at..)?);
    Some(out)
}

/// The lines holding a reversed scale word, each read backwards (`derdnuh eno dnasuoht evif`
/// → `five thousand one hundred`); the other lines as they are.
fn lines_reversed(text: &str) -> Option<String> {
    let mut changed = false;
    let lines: Vec<String> = text
        .split('\n')
        .map(|l| {
            let stem = |t: &&(&str, Trigger)| matches!(t.1, Trigger::Reversed);
            if TRIGGERS
                .iter()
                .filter(stem)
                .any(|t| memmem::find(l.as_bytes(), t.0.as_bytes()).is_some())
            {
                changed = true;
                reverse(l)
            } else {
                l.to_string()
            }
        })
        .collect();
    changed.then(|| lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::word_games;

    fn has(text: &str, want: &str) -> bool {
        word_games(text).iter().any(|r| r.contains(want))
    }

    #[test]
    fn games_undone() {
        assert!(has("five þousand one hundred", "five thousand one hundred"));
        assert!(has(
            "ƒive thousand one hundred",
            "five thousand one hundred"
        ));
        assert!(has(
            "ivefay ousandthay oneway undredhay",
            "five thousand one hundred"
        ));
        assert!(has("iftyfay-oneway undredhay", "fifty-one hundred"));
        assert!(has(
            "otway ousandthay evensay undredhay iftyfay",
            "two thousand seven hundred fifty"
        ));
        assert!(has(
            "evif dnasuoht eno derdnuh",
            "five thousand one hundred"
        ));
        assert!(has(
            "derdnuh eno dnasuoht evif",
            "five thousand one hundred"
        ));
        assert!(has("файв таузенд уан хандред", "five thousand one hundred"));
        assert!(has("фифти-уан хандред", "fifty-one hundred"));
        assert!(has(
            "kFiveThousandOneHundred",
            "k Five Thousand One Hundred"
        ));
        assert!(has(
            "Foxtrot India Victor Echo thousand, Oscar November Echo hundred",
            "five thousand, one hundred"
        ));
        assert!(has(
            "two K seven H fifty",
            "two thousand seven hundred fifty"
        ));
        assert!(has("fifty-one C", "fifty-one hundred"));
        assert!(has("L I hundred", "LI hundred"));
        assert!(has(
            "It has five thousands. It also has one hundred.",
            "5100"
        ));
        assert!(has("It has 5 thousands. It also has one hundred.", "5100"));
        assert!(has(
            "Evif Dnasuoht Eno Derdnuh",
            "Five Thousand One Hundred"
        ));
        assert!(has("ФАЙВ ТАУЗЕНД УАН ХАНДРЕД", "five thousand one hundred"));
        assert!(has(
            "It has two thousands. Add seven hundreds. Add five tens.",
            "2750"
        ));
        assert!(has(
            "Count five thousands. Then count one more hundred.",
            "5100"
        ));
        assert!(has(
            "Two thousands go in the first box. Seven hundreds go in the second. Five tens go in the third.",
            "2750"
        ));
        assert!(has(
            "two thousand, seven hundred and a half-hundred",
            "seven hundred and fifty"
        ));
        assert!(has("твенти-севен фифти", "twenty-seven fifty"));
    }

    #[test]
    fn ordinary_text_untouched() {
        for s in [
            "go away today, the gateway may fail",
            "the net is down, ten pods",
            "echo $HOME and Oscar India are on call",
            "ту самую ошибку",
            "kMaxRetries and HundredPercentRollout",
            "a K b, the H in HTTP, C is a language",
            "plan B: the vitamin C pod",
            "five one C",
            "thousands of messages, five hundred pods",
            "five thousands of records",
            "step I: a hundred pods, X hundred",
        ] {
            let r = word_games(s);
            assert!(r.is_empty(), "{s:?}: {r:?}");
        }
    }
}
