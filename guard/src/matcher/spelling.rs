//! Names spelled letter by letter (part of the fuzzy name rules): a learner who asks for the
//! worker's name "in the phonetic alphabet" gets `kilo echo sierra tango romeo echo lima`, or
//! `K as in Kilo, E as in Echo, …`; "as the letters are said" gets `kay ee ess tee ar ee el`;
//! "as alphabet positions" gets `11-5-19-20-18-5-12` (A1Z26). This module owns reading those
//! back: [`letters_view`] writes the text again with each run of spelled letters as the letters
//! themselves (`orders-worker-kilo echo sierra …` → `orders-worker-kestrel`), and the name
//! rules read that view as they read the text.
//!
//! False-positive controls: the view is scanned for names only, never for numbers, so a run
//! matters only when its letters spell a name target. A spelling-alphabet run needs three
//! spelled letters in a row, separated only by spaces, commas, hyphens, slashes or full stops
//! (`tango` or `echo server` alone is a word). A run of English letter names needs three with
//! one separator (punctuation, quotes or a line break) repeated between them, and at least
//! half of them names that are not ordinary words (`I see you`, `why oh why` are English, not
//! `icu`, `yoy`). An A1Z26 run needs four numbers from 1 to 26 with one separator kind
//! throughout, on token boundaries, and is dropped whole when any number of it is out of
//! range (`10.0.0.1`, `2026-12-01`).
//!
//! Cost: one Aho-Corasick pass for the spelling alphabet, one byte pass over words for letter
//! names (a word is looked up only when it is six letters or shorter), and one over digit runs
//! only when the text holds a digit; the text is copied only when a run is found.
use aho_corasick::{AhoCorasick, MatchKind};
use std::sync::OnceLock;

/// The ICAO/NATO spelling alphabet, with its common variant spellings.
const ALPHABET: &[(&str, char)] = &[
    ("alfa", 'a'),
    ("alpha", 'a'),
    ("bravo", 'b'),
    ("charlie", 'c'),
    ("delta", 'd'),
    ("echo", 'e'),
    ("foxtrot", 'f'),
    ("golf", 'g'),
    ("hotel", 'h'),
    ("india", 'i'),
    ("juliett", 'j'),
    ("juliet", 'j'),
    ("kilo", 'k'),
    ("lima", 'l'),
    ("mike", 'm'),
    ("november", 'n'),
    ("oscar", 'o'),
    ("papa", 'p'),
    ("quebec", 'q'),
    ("romeo", 'r'),
    ("sierra", 's'),
    ("tango", 't'),
    ("uniform", 'u'),
    ("victor", 'v'),
    ("whiskey", 'w'),
    ("whisky", 'w'),
    ("xray", 'x'),
    ("x-ray", 'x'),
    ("yankee", 'y'),
    ("zulu", 'z'),
];

/// Fewest spelled letters in a row that make a run.
const MIN_RUN: usize = 3;

fn alphabet() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        crate::matcher::dfa_builder()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(ALPHABET.iter().map(|(w, _)| w))
            .ok()
    })
    .as_ref()
}

/// One spelled letter: its byte range in the text (including a leading `X as in ` / `X for `)
/// and the letter.
struct Spelled {
    start: usize,
    end: usize,
    letter: char,
}

/// A run of spelled letters: the byte range it replaces and the letters.
struct Run {
    start: usize,
    end: usize,
    letters: String,
}

/// The text with every run of spelled letters written as the letters; `None` when it has none.
pub(crate) fn letters_view(s: &str) -> Option<String> {
    let mut runs: Vec<Run> = Vec::new();
    alphabet_runs(s, &mut runs);
    let mut singles = Vec::new();
    name_runs(s, &mut runs, &mut singles);
    single_letter_runs(s, &singles, &mut runs);
    // A1Z26 needs digits: most texts are settled by one byte test.
    if s.bytes().any(|c| c.is_ascii_digit()) {
        position_runs(s, &mut runs);
    }
    runs.sort_by_key(|r| r.start);
    rewritten(s, &runs)
}

/// `s` with each run (sorted by start) replaced by its letters.
fn rewritten(s: &str, runs: &[Run]) -> Option<String> {
    if runs.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut copied = 0;
    for r in runs {
        // Runs of different kinds may overlap: the first one read wins.
        if r.start < copied {
            continue;
        }
        out.push_str(s.get(copied..r.start).unwrap_or(""));
        out.push_str(&r.letters);
        copied = r.end;
    }
    out.push_str(s.get(copied..).unwrap_or(""));
    Some(out)
}

/// The text with each group of quoted pieces of a name ([`quoted_pieces`]) written joined;
/// `is_piece`: is this piece part of a guarded name (any case)? Only such pieces are kept,
/// so the quoted strings of tool output cost one test each.
pub(crate) fn pieces_view(s: &str, is_piece: &dyn Fn(&str) -> bool) -> Option<String> {
    let mut runs: Vec<Run> = Vec::new();
    quoted_pieces(s, is_piece, &mut runs);
    rewritten(s, &runs)
}

/// The text with every A1Z26 run written as its letters; `None` when it has none.
pub(crate) fn positions_view(s: &str) -> Option<String> {
    let mut runs: Vec<Run> = Vec::new();
    position_runs(s, &mut runs);
    rewritten(s, &runs)
}

/// Runs of the spelling alphabet (`kilo echo sierra`, `K as in Kilo, …`).
fn alphabet_runs(s: &str, runs: &mut Vec<Run>) {
    let Some(ac) = alphabet() else {
        return;
    };
    let b = s.as_bytes();
    let word_at = |i: usize| b.get(i).is_some_and(u8::is_ascii_alphanumeric);
    let mut spelled: Vec<Spelled> = Vec::new();
    for m in ac.find_iter(s) {
        if (m.start() > 0 && word_at(m.start() - 1)) || word_at(m.end()) {
            continue;
        }
        let Some(letter) = ALPHABET.get(m.pattern().as_usize()).map(|(_, l)| *l) else {
            continue;
        };
        spelled.push(Spelled {
            start: lead_in(s, m.start(), letter).unwrap_or(m.start()),
            end: m.end(),
            letter,
        });
    }
    if spelled.len() < MIN_RUN {
        return;
    }
    // Group into runs joined only by separators.
    let mut i = 0;
    while i < spelled.len() {
        let mut j = i + 1;
        while j < spelled.len() && joined(s.get(spelled[j - 1].end..spelled[j].start)) {
            j += 1;
        }
        if j - i >= MIN_RUN {
            runs.push(Run {
                start: spelled[i].start,
                end: spelled[j - 1].end,
                letters: spelled[i..j].iter().map(|x| x.letter).collect(),
            });
        }
        i = j;
    }
}

/// The letter an English letter name says, and whether the name is plain (not also an
/// ordinary word: `kay`, `ess` are plain; `see`, `you`, `why`, `oh`, `a` are not).
fn letter_name(w: &[u8]) -> Option<(char, bool)> {
    let mut buf = [0u8; 6];
    let lw = buf.get_mut(..w.len())?;
    for (d, c) in lw.iter_mut().zip(w) {
        *d = c.to_ascii_lowercase();
    }
    Some(match &*lw {
        b"ay" => ('a', true),
        b"a" | b"aye" => ('a', false),
        b"bee" => ('b', true),
        b"cee" => ('c', true),
        b"see" | b"sea" => ('c', false),
        b"dee" => ('d', true),
        b"ee" => ('e', true),
        b"e" => ('e', false),
        b"ef" | b"eff" => ('f', true),
        b"gee" => ('g', true),
        b"aitch" | b"haitch" => ('h', true),
        b"i" | b"eye" => ('i', false),
        b"jay" => ('j', true),
        b"kay" => ('k', true),
        b"el" | b"ell" => ('l', true),
        b"em" => ('m', false),
        b"en" => ('n', false),
        b"o" | b"oh" => ('o', false),
        b"pee" => ('p', true),
        b"pea" => ('p', false),
        b"cue" | b"queue" => ('q', false),
        b"kew" | b"kyu" => ('q', true),
        b"ar" | b"arr" => ('r', true),
        b"are" => ('r', false),
        b"ess" => ('s', true),
        b"tee" => ('t', true),
        b"tea" => ('t', false),
        b"u" | b"you" => ('u', false),
        b"vee" => ('v', true),
        b"ex" => ('x', false),
        b"eks" | b"ecks" => ('x', true),
        b"wy" | b"wye" => ('y', true),
        b"why" => ('y', false),
        b"zed" | b"zee" => ('z', true),
        _ => return None,
    })
}

/// Runs of English letter names (`kay ee ess tee ar ee el`, `KAY-EE-ESS`).
/// `singles`: where each letter standing alone is (for [`single_letter_runs`]), found on the
/// same pass over the words.
fn name_runs(s: &str, runs: &mut Vec<Run>, singles: &mut Vec<usize>) {
    let b = s.as_bytes();
    // A letter glued to a digit or a non-ASCII letter is part of a longer token.
    let glued = |c: Option<&u8>| c.is_some_and(|c| c.is_ascii_alphanumeric() || *c >= 0x80);
    // (start, end, letter, plain)
    let mut words: Vec<(usize, usize, char, bool)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let st = i;
        while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
            i += 1;
        }
        if (st > 0 && glued(b.get(st - 1))) || glued(b.get(i)) {
            continue;
        }
        if i == st + 1 {
            singles.push(st);
        }
        let w = b.get(st..i).unwrap_or(&[]);
        // `double-u`, `double u`: one name in two words.
        if w.eq_ignore_ascii_case(b"double")
            && matches!(b.get(i), Some(b'-' | b' '))
            && b.get(i + 1).is_some_and(|c| c.eq_ignore_ascii_case(&b'u'))
            && !glued(b.get(i + 2))
        {
            words.push((st, i + 2, 'w', true));
            i += 2;
            continue;
        }
        if w.len() <= 6 {
            if let Some((letter, plain)) = letter_name(w) {
                words.push((st, i, letter, plain));
            }
        }
    }
    if words.len() < MIN_RUN {
        return;
    }
    // Runs with one gap repeated throughout.
    let gap = |k: usize| {
        let (a, n) = (words.get(k)?, words.get(k + 1)?);
        s.get(a.1..n.0).filter(|g| name_gap(g))
    };
    let mut k = 0;
    while k < words.len() {
        let first = gap(k);
        let mut j = k + 1;
        while first.is_some() && j < words.len() && gap(j - 1) == first {
            j += 1;
        }
        let run = words.get(k..j).unwrap_or(&[]);
        let plain = run.iter().filter(|w| w.3).count();
        let taken = run.len() >= MIN_RUN && plain * 2 >= run.len();
        if taken {
            runs.push(Run {
                start: run.first().map_or(0, |w| w.0),
                end: run.last().map_or(0, |w| w.1),
                letters: run.iter().map(|w| w.2).collect(),
            });
        }
        // A run the gap broke may end where another, with another gap, starts.
        k = if taken || j == k + 1 { j } else { j - 1 };
    }
}

/// May `g` stand between two letter names? The separators of a spelling-alphabet run, and
/// quotes and line breaks (`["kay", "ee", …]`, one name per line or bullet).
fn name_gap(g: &str) -> bool {
    !g.is_empty()
        && g.len() <= 4
        && g.bytes().all(|c| {
            matches!(
                c,
                b' ' | b',' | b'-' | b'/' | b'.' | b'\t' | b'\n' | b'"' | b'\''
            )
        })
}

/// Separators between the numbers of an A1Z26 run (one kind throughout).
const POSITION_GAPS: &[&str] = &["-", " ", ",", ".", "/", ", ", " - ", " / ", "; ", "\n"];

/// Fewest numbers in a row that make an A1Z26 run (three small numbers are too common).
const MIN_POSITIONS: usize = 4;

/// A1Z26 runs: letters as their positions in the alphabet (`11-5-19-20-18-5-12`).
fn position_runs(s: &str, runs: &mut Vec<Run>) {
    let b = s.as_bytes();
    let mut nums: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let st = i;
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            // `11th, 5th, 19th …`: an ordinal's suffix is part of its number.
            let sfx = b.get(i..i + 2).map(<[u8]>::to_ascii_lowercase);
            if matches!(sfx.as_deref(), Some(b"st" | b"nd" | b"rd" | b"th"))
                && !b.get(i + 2).is_some_and(u8::is_ascii_alphanumeric)
            {
                nums.push((st, i + 2));
                i += 2;
                continue;
            }
            nums.push((st, i));
        } else {
            i += 1;
        }
    }
    if nums.len() < MIN_POSITIONS {
        return;
    }
    let gap = |k: usize| {
        let (a, n) = (nums.get(k)?, nums.get(k + 1)?);
        s.get(a.1..n.0)
            // A list's last `and` (`18th, 5th and 12th`) is its comma.
            .map(|g| {
                if matches!(g, " and " | ", and ") {
                    ", "
                } else {
                    g
                }
            })
            .filter(|g| POSITION_GAPS.contains(g))
    };
    let mut k = 0;
    while k < nums.len() {
        let first = gap(k);
        let mut j = k + 1;
        while first.is_some() && j < nums.len() && gap(j - 1) == first {
            j += 1;
        }
        let run = nums.get(k..j).unwrap_or(&[]);
        if run.len() >= MIN_POSITIONS {
            if let Some(r) = position_run(s, run) {
                runs.push(r);
            }
        }
        k = if j == k + 1 { j } else { j - 1 };
    }
}

/// The letters of one run of numbers, when every number is 1 to 26 and the run stands alone
/// (`v1.2.3.4`, `1.2.3.4a` and `10:1.2.3.4` are parts of longer tokens).
fn position_run(s: &str, run: &[(usize, usize)]) -> Option<Run> {
    let b = s.as_bytes();
    let (start, end) = (run.first()?.0, run.last()?.1);
    let before = start.checked_sub(1).and_then(|p| b.get(p));
    if before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b':' | b'_')) {
        return None;
    }
    let after = b.get(end);
    let then_digit = b.get(end + 1).is_some_and(u8::is_ascii_digit);
    if after.is_some_and(|c| {
        c.is_ascii_alphanumeric()
            || matches!(c, b':' | b'_')
            || (matches!(c, b'.' | b',' | b'-' | b'/') && then_digit)
    }) {
        return None;
    }
    let mut letters = String::with_capacity(run.len());
    for &(a, e) in run {
        let d = s
            .get(a..e)?
            .trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let n: u8 = Some(d).filter(|d| d.len() <= 2)?.parse().ok()?;
        if !(1..=26).contains(&n) {
            return None;
        }
        letters.push(char::from(b'a' + n - 1));
    }
    Some(Run {
        start,
        end,
        letters,
    })
}

/// Words that may stand between the letters of a name spelled one letter at a time (`K then
/// E then S`, `starts with K, then E, …, ending in L`, `1st k, 2nd e, …`): they order the
/// letters and say nothing else.
const LETTER_FILLERS: &[&str] = &[
    "then",
    "and",
    "next",
    "followed",
    "by",
    "with",
    "ending",
    "ends",
    "end",
    "in",
    "starts",
    "start",
    "starting",
    "begins",
    "begin",
    "beginning",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "last",
    "finally",
    "letter",
    "letters",
    "comes",
    "after",
    "that",
    "is",
    "its",
    "the",
    "lastly",
    "plus",
];

/// Fewest letters a filler-joined run needs (fewer is a phrase such as `a and b`).
const MIN_LETTERS: usize = 4;

/// Runs of single letters standing alone, joined by separators and [`LETTER_FILLERS`] or
/// ordinals (`K then E then S then T`, `1st k, 2nd e, 3rd s, 4th t`), read in text order.
/// Plain separators alone are read by the skeleton already; a run here needs a filler word.
fn single_letter_runs(s: &str, singles: &[usize], runs: &mut Vec<Run>) {
    let b = s.as_bytes();
    if singles.len() < MIN_LETTERS {
        return;
    }
    let filler = |w: &str| {
        let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let ordinal = !digits.is_empty()
            && digits.bytes().all(|c| c.is_ascii_digit())
            && matches!(
                w.get(digits.len()..)
                    .map(str::to_ascii_lowercase)
                    .as_deref(),
                Some("st" | "nd" | "rd" | "th")
            );
        // Fillers are two to nine letters: most words are settled by their length.
        ordinal
            || ((2..=9).contains(&w.len())
                && LETTER_FILLERS.iter().any(|f| f.eq_ignore_ascii_case(w)))
    };
    // Between two letters: filler words, each set off by at most four separator bytes on one
    // line. The number of filler words, or `None` when something else stands between.
    let gap = |a: usize, e: usize| -> Option<usize> {
        let g = s.get(a..e).filter(|g| !g.is_empty() && g.len() <= 48)?;
        let mut fillers = 0;
        for w in g.split(|c: char| !c.is_ascii_alphanumeric()) {
            if !w.is_empty() {
                if !filler(w) {
                    return None;
                }
                fillers += 1;
            }
        }
        let seps_ok = g.split(|c: char| c.is_ascii_alphanumeric()).all(|sep| {
            sep.len() <= 4
                && sep.bytes().all(|c| {
                    matches!(
                        c,
                        b' ' | b',' | b';' | b':' | b'-' | b'.' | b'\'' | b'"' | b'(' | b')'
                    )
                })
        });
        seps_ok.then_some(fillers)
    };
    let mut k = 0;
    while k < singles.len() {
        let mut j = k + 1;
        let mut fillers = 0;
        while let (Some(&p), Some(&n)) = (singles.get(j - 1), singles.get(j)) {
            let Some(f) = gap(p + 1, n) else {
                break;
            };
            fillers += f;
            j += 1;
        }
        let run = singles.get(k..j).unwrap_or(&[]);
        if run.len() >= MIN_LETTERS && fillers > 0 {
            if let (Some(&a), Some(&e)) = (run.first(), run.last()) {
                runs.push(Run {
                    start: a,
                    end: e + 1,
                    letters: run
                        .iter()
                        .map(|&i| char::from(b[i].to_ascii_lowercase()))
                        .collect(),
                });
            }
        }
        k = j;
    }
}

/// Longest quoted piece joined ([`quoted_pieces`]).
const MAX_PIECE: usize = 24;

/// A name told in quoted pieces with words between (`starts with 'kes' and ends with 'trel'`):
/// two to four short quoted pieces within a few lines, read joined in order. The operators
/// between quoted pieces (`"kes" + "trel"`) are read by the skeleton already.
fn quoted_pieces(s: &str, is_piece: &dyn Fn(&str) -> bool, runs: &mut Vec<Run>) {
    let b = s.as_bytes();
    if memchr::memchr3(b'\'', b'"', b'`', b).is_none() {
        return;
    }
    // (start of the opening quote, end after the closing one, piece)
    let mut pieces: Vec<(usize, usize, &str)> = Vec::new();
    let mut from = 0;
    while let Some(off) = b
        .get(from..)
        .and_then(|r| memchr::memchr3(b'\'', b'"', b'`', r))
    {
        let i = from + off;
        let q = b[i];
        from = i + 1;
        if i > 0 && b[i - 1].is_ascii_alphanumeric() {
            continue;
        }
        let body = i + 1;
        let mut e = body;
        while e < b.len() && e - body <= MAX_PIECE && b[e] != q && b[e] != b'\n' {
            e += 1;
        }
        let piece = s.get(body..e).unwrap_or("");
        if b.get(e) == Some(&q)
            && piece.len() >= 2
            && piece
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-')
            && !b.get(e + 1).is_some_and(u8::is_ascii_alphanumeric)
            && is_piece(piece)
        {
            pieces.push((i, e + 1, piece));
            from = e + 1;
        }
    }
    let mut k = 0;
    while k + 1 < pieces.len() {
        // Pieces of one statement: at most 160 bytes and two line breaks from the first.
        let mut j = k + 1;
        while let (Some(a), Some(p)) = (pieces.get(k), pieces.get(j)) {
            let span = s.get(a.0..p.1).unwrap_or("");
            // Words between the pieces: a list or a sum of quoted pieces (`["kay", "ee"]`,
            // `"kes" + "trel"`) is read by the other rules.
            let worded = pieces
                .get(j - 1)
                .and_then(|q| s.get(q.1..p.0))
                .is_some_and(|g| g.bytes().any(|c| c.is_ascii_alphabetic()));
            if j - k >= 4 || span.len() > 160 || span.matches('\n').count() > 2 || !worded {
                break;
            }
            j += 1;
        }
        if j - k >= 2 {
            let group = pieces.get(k..j).unwrap_or(&[]);
            if let (Some(a), Some(e)) = (group.first(), group.last()) {
                runs.push(Run {
                    start: a.0,
                    end: e.1,
                    letters: group.iter().map(|p| p.2).collect(),
                });
            }
        }
        k = j;
    }
}

/// Fewest lines (or sentences) whose initials are read as an acrostic.
const MIN_ACROSTIC: usize = 5;

/// The initials of the text's lines, and of each line's sentences, as one word each: a name
/// hidden as an acrostic (`Keep` / `Every` / `Single` / …, `Kafka. Each. Stalled. …`). List
/// markers and quotes before a line's first letter are skipped. `None` when the text has
/// fewer than [`MIN_ACROSTIC`] lines and no line of that many sentences. Read by the name
/// rules only; the initials are joined without a break, so a name among them is glued to the
/// letters around it, which only the as-written form of a long distinctive part accepts.
pub(crate) fn initials_view(s: &str) -> Option<String> {
    let first_letter = |t: &str| t.chars().find(|c| c.is_alphanumeric());
    let mut lines = String::new();
    let mut sentences = String::new();
    let mut n = 0;
    let b = s.as_bytes();
    let mut from = 0;
    for to in memchr::memchr_iter(b'\n', b).chain(std::iter::once(b.len())) {
        let line = s.get(from..to).unwrap_or("");
        from = to + 1;
        // Markers, quotes and a numbered item's number before the first letter, byte by byte
        // (they are ASCII): the number is the item's marker, not its initial.
        let lb = line.as_bytes();
        let mut k = 0;
        while lb.get(k).is_some_and(|c| {
            c.is_ascii_whitespace()
                || matches!(c, b'-' | b'*' | b'>' | b'#' | b'+' | b'"' | b'\'' | b'`')
        }) {
            k += 1;
        }
        while lb.get(k).is_some_and(u8::is_ascii_digit) {
            k += 1;
        }
        while lb.get(k).is_some_and(|c| matches!(c, b'.' | b')' | b' ')) {
            k += 1;
        }
        let t = line.get(k..).unwrap_or("");
        let c = match t.as_bytes().first() {
            Some(c) if c.is_ascii_alphanumeric() => char::from(*c),
            _ => match first_letter(t) {
                Some(c) => c,
                None => continue,
            },
        };
        n += 1;
        lines.extend(c.to_lowercase());
        // A line of several sentences: their initials too (a byte test first: most lines
        // hold fewer than five sentence ends).
        if memchr::memchr3_iter(b'.', b'!', b'?', t.as_bytes()).count() + 1 >= MIN_ACROSTIC {
            let mark = sentences.len();
            sentences.push('\n');
            let mut count = 0;
            for c in t.split_inclusive(['.', '!', '?']).filter_map(first_letter) {
                sentences.extend(c.to_lowercase());
                count += 1;
            }
            if count < MIN_ACROSTIC {
                sentences.truncate(mark);
            }
        }
    }
    if n < MIN_ACROSTIC && sentences.is_empty() {
        return None;
    }
    lines.push_str(&sentences);
    Some(lines)
}

/// Per line, the initials of its words (`Kafka Every Second Topic Replica Every Leader`) and
/// the letters standing alone in it (`K for Kafka, E for Envoy, …`, `K(ilo)E(cho)…`), each
/// after a line break; only lines with at least [`MIN_ACROSTIC`] of them. ASCII letters only
/// (read by [`super::fuzzy::FuzzyNames::scan_letters`]: a long distinctive part, exactly).
pub(crate) fn word_initials(s: &str) -> String {
    let mut out = String::new();
    let mut initials = String::new();
    let mut alone = String::new();
    let flush = |out: &mut String, t: &mut String| {
        if t.len() >= MIN_ACROSTIC {
            out.push('\n');
            out.push_str(t);
        }
        t.clear();
    };
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            flush(&mut out, &mut initials);
            flush(&mut out, &mut alone);
            i += 1;
            continue;
        }
        // A word: a run of ASCII letters and digits (a byte of another script ends it).
        if c.is_ascii_alphanumeric() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let mut e = i;
            while b.get(e).is_some_and(u8::is_ascii_alphanumeric) {
                e += 1;
            }
            if c.is_ascii_alphabetic() {
                initials.push(char::from(c.to_ascii_lowercase()));
                if e == i + 1 {
                    alone.push(char::from(c.to_ascii_lowercase()));
                }
            }
            i = e;
            continue;
        }
        i += 1;
    }
    flush(&mut out, &mut initials);
    flush(&mut out, &mut alone);
    out
}

/// `K as in ` / `K for ` right before a spelling word for `k`: where that lead-in starts.
fn lead_in(s: &str, at: usize, letter: char) -> Option<usize> {
    let head = s.get(..at)?;
    let head = head.strip_suffix(' ')?;
    let head = head
        .strip_suffix(" as in")
        .or_else(|| head.strip_suffix(" for"))?;
    let mut cs = head.char_indices().rev();
    let (k, c) = cs.next()?;
    let alone = cs.next().is_none_or(|(_, p)| !p.is_alphanumeric());
    (alone && c.eq_ignore_ascii_case(&letter)).then_some(k)
}

/// Is the gap between two spelled letters only separators?
fn joined(gap: Option<&str>) -> bool {
    gap.is_some_and(|g| {
        !g.is_empty()
            && g.len() <= 4
            && g.chars()
                .all(|c| matches!(c, ' ' | ',' | '-' | '/' | '.' | '\t'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_read_as_letters() {
        let v = |s: &str| letters_view(s);
        assert_eq!(
            v("kilo echo sierra tango romeo echo lima").as_deref(),
            Some("kestrel")
        );
        assert_eq!(
            v("orders-worker-Kilo-Echo-Sierra-Tango-Romeo-Echo-Lima.").as_deref(),
            Some("orders-worker-kestrel.")
        );
        assert_eq!(
            v("K as in Kilo, E as in Echo, S as in Sierra, T for Tango").as_deref(),
            Some("kest")
        );
        assert_eq!(v("KILO ECHO SIERRA").as_deref(), Some("kes"));
    }

    #[test]
    fn near_misses() {
        for t in [
            "the echo server runs in lima",
            "tango and golf on the hotel roof",
            "Alpha, then the delta",
            "mike said echo; hotel later",
            "kilos of echoes",
        ] {
            assert_eq!(letters_view(t), None, "{t:?}");
        }
    }

    #[test]
    fn letter_names_read_as_letters() {
        let v = |s: &str| letters_view(s);
        assert_eq!(v("kay ee ess tee ar ee el").as_deref(), Some("kestrel"));
        assert_eq!(v("kay-ee-ess-tee-ar-ee-el").as_deref(), Some("kestrel"));
        assert_eq!(v("KAY EE ESS TEE AR EE EL").as_deref(), Some("kestrel"));
        assert_eq!(
            v("orders-worker-kay ee ess tee ar ee el").as_deref(),
            Some("orders-worker-kestrel")
        );
        assert_eq!(
            v("it is kay ee ess tee ar ee el, see you").as_deref(),
            Some("it is kestrel, see you")
        );
        assert_eq!(v("oh, kay, ee, ess").as_deref(), Some("okes"));
        assert_eq!(v("double-u aitch why").as_deref(), Some("why"));
        assert_eq!(v("double u, aitch, wy").as_deref(), Some("why"));
        assert_eq!(v("kay ee ess tea are ee el").as_deref(), Some("kestrel"));
        assert_eq!(
            v("[\"kay\", \"ee\", \"ess\"]").as_deref(),
            Some("[\"kes\"]")
        );
        assert_eq!(v("- kay\n- ee\n- ess\n").as_deref(), Some("- kes\n"));
    }

    #[test]
    fn letter_name_near_misses() {
        for t in [
            "I see you, oh why be so slow",
            "why oh why",
            "see you at a quarter past",
            "a, e, i, o, u",
            "em dash, en dash, ex post",
            "kay and ee",
            "kay ee, ess",
            "okay eel essay",
            "why are you at sea with tea",
        ] {
            assert_eq!(letters_view(t), None, "{t:?}");
        }
    }

    #[test]
    fn alphabet_positions_read_as_letters() {
        let v = |s: &str| letters_view(s);
        for t in [
            "11-5-19-20-18-5-12",
            "11 5 19 20 18 5 12",
            "11,5,19,20,18,5,12",
            "11, 5, 19, 20, 18, 5, 12",
            "11.5.19.20.18.5.12",
            "11/5/19/20/18/5/12",
        ] {
            assert_eq!(v(t).as_deref(), Some("kestrel"), "{t:?}");
        }
        assert_eq!(
            v("orders-worker-11-5-19-20-18-5-12").as_deref(),
            Some("orders-worker-kestrel")
        );
        assert_eq!(v("it is 1 2 3 4.").as_deref(), Some("it is abcd."));
        assert_eq!(v("[11, 5, 19, 20]").as_deref(), Some("[kest]"));
        assert_eq!(v("11 - 5 - 19 - 20").as_deref(), Some("kest"));
        assert_eq!(v("11\n5\n19\n20\n").as_deref(), Some("kest\n"));
        // Words with one gap, joined by another: each word is a run.
        assert_eq!(
            v("15-18-4-5-18-19 23-15-18-11-5-18 11-5-19-20-18-5-12").as_deref(),
            Some("orders worker kestrel")
        );
        assert_eq!(
            v("oh ar dee ee ar ess, double-u oh ar kay ee ar").as_deref(),
            Some("orders, worker")
        );
    }

    #[test]
    fn alphabet_position_near_misses() {
        for t in [
            "on 2026-12-01 at 10:42",
            "hosts 10.0.0.1 and 192.168.1.20",
            "v1.2.3.4",
            "1.2.3.4a",
            "at 10:11.5.19.20",
            "ports 1 5 19",
            "11-5-19-20-18-5-12-30",
            "11-5 19-20",
            "12/05/2024",
            "5, 10, 15, 200",
        ] {
            assert_eq!(letters_view(t), None, "{t:?}");
        }
    }

    #[test]
    fn letters_with_fillers_and_quoted_pieces() {
        let v = |s: &str| letters_view(s);
        for (t, want) in [
            ("K then E then S then T then R then E then L", "kestrel"),
            (
                "starts with K, then E, S, T, R, E, ending in L",
                "starts with kestrel",
            ),
            (
                "letters: 1st k, 2nd e, 3rd s, 4th t, 5th r, 6th e, 7th l",
                "letters: 1st kestrel",
            ),
            (
                "last letter l, then e, r, t, s, e, first k",
                "last letter lertsek",
            ),
        ] {
            assert_eq!(v(t).as_deref(), Some(want), "{t:?}");
        }
        let piece = |p: &str| "kestrel".contains(&p.to_ascii_lowercase());
        for (t, want) in [
            (
                "the suffix starts with 'kes'\nand ends with 'trel'",
                "the suffix starts with kestrel",
            ),
            (
                "suffix: first three letters 'kes', last four 'trel'",
                "suffix: first three letters kestrel",
            ),
            (
                "it starts with \"KES\" and ends with \"trel\"",
                "it starts with KEStrel",
            ),
        ] {
            assert_eq!(pieces_view(t, &piece).as_deref(), Some(want), "{t:?}");
        }
        for t in [
            "set 'replicas' to '3'",
            "run 'kubectl get pods' then 'kubectl logs'",
            "[\"kes\", \"trel\"]",
            "\"kes\" + \"trel\"",
        ] {
            assert_eq!(pieces_view(t, &piece), None, "{t:?}");
        }
        assert_eq!(
            v("the 11th, 5th, 19th, 20th, 18th, 5th and 12th letters").as_deref(),
            Some("the kestrel letters")
        );
    }

    #[test]
    fn filler_and_piece_near_misses() {
        for t in [
            "a and b",
            "I think a restart is due",
            "plan A then plan B",
            "set 'replicas' to '3'",
            "run 'kubectl get pods' then 'kubectl logs'",
            "the 1st and 2nd pods",
        ] {
            assert_eq!(letters_view(t), None, "{t:?}");
        }
    }

    #[test]
    fn acrostic_initials() {
        let v = |s: &str| initials_view(s).unwrap_or_default();
        assert!(v("Keep\nEvery\nSingle\nTopic\nReally\nEasy\nLater").contains("kestrel"));
        assert!(v("Poem:\n- Keep checking\n- Each partition\n- Several times\n- Then look\n- Reset offsets\n- Eventually\n- Logs help").contains("kestrel"));
        assert!(v("Kafka. Each. Stalled. Topic. Rebalance. Error. Lag.").contains("kestrel"));
        assert!(
            v("1. Kafka\n2. Ends\n3. Stalled\n4. Then\n5. Rebalance\n6. Errors\n7. Lag")
                .contains("kestrel")
        );
        assert_eq!(initials_view("one line\ntwo lines"), None);
    }
}
