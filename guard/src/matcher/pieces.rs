//! Pieces given one a line, each in its own notation (part of `Rules::position_phrases`):
//! this module owns reading a target from lines that each hold a labelled piece
//! (`Part A: XXVII` / `Part B: L`, `Hi: 0b11011` / `Lo: 0b110010`, `First word: twenty-seven`
//! / `Second word: fifty`, `Part A: 3^3` / `Part B: 5*10`, `Part A: 0x33` / `Part B: two
//! zeros`, `first: MMDCC` / `second: L`), pieces with a place (`Part A (thousands): 2` /
//! `Part B (rest): 750`, `thousands → 2` … `units → 0`, `Left: 2 thousand` / `Right: 750`),
//! and a line continued by the next one with a joining cue (`The value is 51` / `and then
//! 00`, `Write 2 and 7.` / `Then write 5 and 0.`, `* 51` / `* then append two zeros`). Each
//! piece is read by a single-value reader (digits as written, a list of single digits, a
//! `0x`/`0b`/`0o` literal, a Roman numeral, a small arithmetic expression, number words, a
//! count of zeros, digits before a scale word) and the pieces' decimal renderings are joined
//! in the order the labels give; a place (an explicit one, or trailing zeros the next piece
//! fills: `MMDCC` then `L`) adds instead. Every join is compared exactly with a target's
//! digits.
//!
//! False-positive controls: a piece is a whole line after its label, read whole (`Part B: 50
//! more pods` is no piece); labels are a closed list (halves, ordinals with at most one piece
//! noun, places) or one word with a numbered place (`Hint 2`), never a word that numbers ops
//! entities (`partition 1`, `pod 2`); labelled lines join only when next to each other
//! (blank lines aside), of one family, filling places 1, 2, … without a gap, each once; a
//! continued line needs a joining cue at its start (`then`, `and then`, `next`, `after that`,
//! `followed by`, `append`) and the line before must end in the piece (`Restarted 27 pods.` /
//! `Then 50 more were scheduled.` stays visible: neither line is a piece); places must fall
//! and each piece fit below the one before.
//!
//! Also: a line that is only a joining word between two lines that are only pieces (`51` /
//! `and` / `00`; code fences around them are dropped first), and join operators of string
//! languages between two digit runs (`27 . 50`, `27 <> 50`, `27 ++ 50`: [`scan_operators`];
//! not SQL's `||`, which a markdown row with an empty cell writes).
//!
//! Cost: read once a text (the normalised one), not per view. A text without a line break
//! is settled by one `memchr`; otherwise one pass over its lines, where a line longer than a
//! label and a piece, or whose first word is no label, cue or numbered place, is dropped
//! before anything is allocated. The operators: three substring searches a view.
use super::targets::Hits;

/// Most bytes of a label before its separator.
const MAX_LABEL: usize = 40;

/// Most bytes of a piece.
const MAX_PIECE: usize = 48;

/// Most pieces joined.
const MAX_PIECES: usize = 7;

/// Labels of the first half, and of the second.
const HIGH: &[&str] = &[
    "hi", "high", "upper", "top", "left", "head", "front", "leading", "msb",
];
const LOW: &[&str] = &[
    "lo", "low", "lower", "bottom", "right", "tail", "back", "trailing", "lsb",
];

/// Ordinal labels, first to seventh.
const ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
];
const ORDINAL_DIGITS: &[&str] = &["1st", "2nd", "3rd", "4th", "5th", "6th", "7th"];

/// Nouns that may follow a half or ordinal label (`first word`, `second pair`, `hi part`).
const PIECE_NOUNS: &[&str] = &[
    "half", "part", "piece", "pair", "word", "words", "digits", "digit", "two", "chunk", "portion",
    "group", "segment", "number", "bits", "value",
];

/// Place words and the power of ten they stand for (`rest`: what is left below).
const PLACES: &[(&str, u32)] = &[
    ("millions", 6),
    ("thousands", 3),
    ("hundreds", 2),
    ("tens", 1),
    ("units", 0),
    ("ones", 0),
    ("rest", 0),
    ("remainder", 0),
];

/// Place numbers in words.
const NUMBER_NAMES: &[&str] = &["one", "two", "three", "four", "five", "six", "seven"];

/// Cues at a line's start that continue the line before (`and then 00`).
const CUES: &[&str] = &[
    "and then",
    "and after that",
    "after that",
    "followed by",
    "and next",
    "then",
    "next",
];

/// Verbs that may follow a cue or start a continuing line (`then write 5 and 0`, `append two
/// zeros`); `add` is left out: it sums.
const VERBS: &[&str] = &["write", "append", "put", "type", "comes", "come"];

/// The first words of [`CUES`] and [`VERBS`].
const FIRST_WORDS: &[&str] = &[
    "and", "after", "followed", "then", "next", "write", "append", "put", "type", "comes", "come",
];

/// What a line's label says about its piece.
#[derive(Clone, Debug, PartialEq)]
enum Label {
    /// A slot in a family (`hi`/`lo`, ordinals, `Hint 1`), with a place when one is named
    /// (`Part A (thousands)`).
    Slot {
        family: String,
        slot: u8,
        place: Option<u32>,
    },
    /// A place alone (`thousands → 2`).
    Place(u32),
    /// A joining cue: the piece continues the line before.
    Cue,
}

/// A labelled piece: its label and its decimal digits.
#[derive(Clone, Debug)]
struct Piece {
    label: Label,
    digits: String,
}

/// Mark each integer target (`digits`: its digits and compiled index) that `s` gives as
/// pieces one a line.
pub(crate) fn scan(s: &str, digits: &[(String, usize)], hits: &mut Hits) {
    if digits.is_empty() || memchr::memchr(b'\n', s.as_bytes()).is_none() {
        return;
    }
    // Code fences only frame pieces (`51` in one block, `00` in the next).
    let lines: Vec<&str> = s
        .split('\n')
        .filter(|l| !l.trim_start().starts_with("```"))
        .map(unmarked)
        .collect();
    let pieces: Vec<Option<Piece>> = lines.iter().map(|l| read_line(l)).collect();
    let mut found = |joined: &str| {
        for (t, idx) in digits {
            if t == joined {
                hits.set(*idx);
            }
        }
    };
    // Labelled runs: windows of neighbouring labelled lines (blank lines aside).
    let labelled: Vec<(usize, &Piece)> = pieces
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.as_ref().map(|p| (i, p)))
        .collect();
    for a in 0..labelled.len() {
        for k in a + 1..labelled.len().min(a + MAX_PIECES) {
            let (Some(prev), Some(next)) = (labelled.get(k - 1), labelled.get(k)) else {
                break;
            };
            let between = lines.get(prev.0 + 1..next.0).unwrap_or(&[]);
            if !between.iter().all(|l| l.trim().is_empty()) || next.1.label == Label::Cue {
                break;
            }
            let chain: Vec<&Piece> = labelled
                .get(a..=k)
                .unwrap_or(&[])
                .iter()
                .map(|(_, p)| *p)
                .collect();
            for j in joins(&chain) {
                found(&j);
            }
        }
    }
    // A line that is only a joining word between two lines that are only pieces (`51` /
    // `and` / `00`).
    for (i, l) in lines.iter().enumerate() {
        let joiner = l.len() <= 14
            && CUES
                .iter()
                .chain(&["and"])
                .any(|c| l.eq_ignore_ascii_case(c));
        if !joiner || i == 0 {
            continue;
        }
        let before = lines.get(i - 1).and_then(|l| read_value(l));
        let after = lines.get(i + 1).and_then(|l| read_value(l));
        if let (Some(a), Some(b)) = (before, after) {
            for j in plain_joins(&[a, b]) {
                found(&j);
            }
        }
    }
    // Continued lines: a line ending in a piece, then lines that each start with a cue.
    for (i, p) in pieces.iter().enumerate() {
        if !p.as_ref().is_some_and(|p| p.label == Label::Cue) {
            continue;
        }
        let continues_cue = i > 0
            && pieces
                .get(i - 1)
                .is_some_and(|q| q.as_ref().is_some_and(|q| q.label == Label::Cue));
        if continues_cue {
            continue;
        }
        let Some(before) = i.checked_sub(1).and_then(|b| lines.get(b)) else {
            continue;
        };
        let Some(first) = pieces
            .get(i - 1)
            .and_then(|q| q.as_ref().map(|q| q.digits.clone()))
            .or_else(|| tail_value(before))
        else {
            continue;
        };
        let mut run = vec![first];
        for q in pieces.get(i..).unwrap_or(&[]).iter().take(MAX_PIECES) {
            match q {
                Some(q) if q.label == Label::Cue => run.push(q.digits.clone()),
                _ => break,
            }
            for j in plain_joins(&run) {
                found(&j);
            }
        }
    }
}

/// Concatenation operators of languages that join strings (`27 . 50` in PHP or Perl, `27 <>
/// 50` in Elixir, `27 ++ 50` in Haskell): two digit runs with the operator spaced between
/// them, compared joined (not SQL's `||`: a markdown row with an empty cell writes it). A text
/// without ` . `, ` <> ` or ` ++ ` settles in three substring searches.
pub(crate) fn scan_operators(s: &str, digits: &[(String, usize)], hits: &mut Hits) {
    let b = s.as_bytes();
    if digits.is_empty() {
        return;
    }
    for op in [" . ", " <> ", " ++ "] {
        for at in memchr::memmem::find_iter(b, op.as_bytes()) {
            let mut a = at;
            while a > 0 && b.get(a - 1).is_some_and(u8::is_ascii_digit) {
                a -= 1;
            }
            let e0 = at + op.len();
            let mut e = e0;
            while b.get(e).is_some_and(u8::is_ascii_digit) {
                e += 1;
            }
            // Both operands whole digit runs (not `v1.2 . 3a`).
            let glued_before = a
                .checked_sub(1)
                .and_then(|p| b.get(p))
                .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b','));
            let glued_after = b.get(e).is_some_and(|c| {
                c.is_ascii_alphanumeric()
                    || *c == b'.' && b.get(e + 1).is_some_and(u8::is_ascii_digit)
            });
            if a == at || e == e0 || glued_before || glued_after {
                continue;
            }
            let (Some(x), Some(y)) = (s.get(a..at), s.get(e0..e)) else {
                continue;
            };
            let joined = format!("{x}{y}");
            for (t, idx) in digits {
                if *t == joined {
                    hits.set(*idx);
                }
            }
        }
    }
}

/// A line without its list or quote marker and markdown emphasis (`* `, `- `, `> `, `**`).
fn unmarked(l: &str) -> &str {
    l.trim()
        .trim_start_matches(['*', '-', '+', '>', '#', ' ', '\t'])
        .trim()
}

/// The labelled piece a line holds, if any.
fn read_line(l: &str) -> Option<Piece> {
    // A label, a separator and a piece: longer lines are prose or data, not a piece.
    if l.len() < 2 || l.len() > MAX_LABEL + MAX_PIECE + 12 {
        return None;
    }
    if let Some(p) = cue_piece(l) {
        return Some(p);
    }
    let (label, rest) = split_label(l)?;
    let label = parse_label(label)?;
    let digits = read_value(rest)?;
    Some(Piece { label, digits })
}

/// A line that starts with a joining cue (or a joining verb) and holds one piece after it.
fn cue_piece(l: &str) -> Option<Piece> {
    // The first word must start a cue or a verb (most lines settle here).
    let n = l
        .as_bytes()
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    let w = l.get(..n)?;
    if !(3..=8).contains(&n) || !FIRST_WORDS.iter().any(|f| f.eq_ignore_ascii_case(w)) {
        return None;
    }
    let mut rest = l;
    let mut cued = false;
    if let Some(c) = CUES.iter().find(|c| starts_word(rest, c)) {
        rest = rest.get(c.len()..)?.trim_start_matches([' ', ',', ':']);
        cued = true;
    }
    if let Some(v) = VERBS.iter().find(|v| starts_word(rest, v)) {
        rest = rest.get(v.len()..)?.trim_start_matches([' ', ':']);
        // A verb alone continues only when it appends.
        cued = cued || *v == "append";
    }
    if !cued {
        return None;
    }
    let digits = read_value(rest)?;
    Some(Piece {
        label: Label::Cue,
        digits,
    })
}

/// Does `s` start with the words `w` (any case), followed by a non-letter?
fn starts_word(s: &str, w: &str) -> bool {
    s.get(..w.len()).is_some_and(|x| x.eq_ignore_ascii_case(w))
        && !s
            .as_bytes()
            .get(w.len())
            .is_some_and(u8::is_ascii_alphanumeric)
}

/// The label before the first separator (`:`, `=`, `→`, `->`) and the rest of the line.
fn split_label(l: &str) -> Option<(&str, &str)> {
    let b = l.as_bytes();
    // One byte pass over the head: `:`, `=`, `->` or the lead byte of `→` (E2 86 92).
    let (p, n) = b
        .iter()
        .take(MAX_LABEL + 3)
        .enumerate()
        .find_map(|(i, c)| match c {
            b':' | b'=' => Some((i, 1)),
            b'-' if b.get(i + 1) == Some(&b'>') => Some((i, 2)),
            0xE2 if b.get(i + 1..i + 3) == Some(&[0x86, 0x92][..]) => Some((i, 3)),
            _ => None,
        })?;
    if p == 0 || p > MAX_LABEL {
        return None;
    }
    Some((l.get(..p)?, l.get(p + n..)?))
}

/// A label, lowercased: a half, an ordinal, a place, or one word with a numbered place; a
/// place in brackets after it (`Part A (thousands)`).
fn parse_label(label: &str) -> Option<Label> {
    if !maybe_label(label) {
        return None;
    }
    let mut l = label
        .trim()
        .trim_matches(['*', '"', '\'', '`', ' '])
        .to_ascii_lowercase();
    let mut place = None;
    if let Some(open) = l.find('(') {
        let inner = l.get(open + 1..)?.trim_end().strip_suffix(')')?.trim();
        let inner = inner.strip_prefix("the ").unwrap_or(inner);
        place = Some(PLACES.iter().find(|(w, _)| *w == inner)?.1);
        l = l.get(..open)?.trim_end().to_string();
    }
    let words: Vec<&str> = l
        .split([' ', '_', '-', '\t'])
        .filter(|w| !w.is_empty())
        .collect();
    let (&w0, tail) = words.split_first()?;
    let nouns_only = |n: usize| tail.len() <= n && tail.iter().all(|w| PIECE_NOUNS.contains(w));
    let slot = |family: &str, slot: usize| {
        Some(Label::Slot {
            family: family.to_string(),
            slot: u8::try_from(slot).ok()?,
            place,
        })
    };
    if HIGH.contains(&w0) && nouns_only(2) {
        return slot("half", 0);
    }
    if LOW.contains(&w0) && nouns_only(2) {
        return slot("half", 1);
    }
    if let Some(n) = ORDINALS
        .iter()
        .position(|o| *o == w0)
        .or_else(|| ORDINAL_DIGITS.iter().position(|o| *o == w0))
    {
        return if nouns_only(1) {
            slot("ordinal", n)
        } else {
            None
        };
    }
    if let Some((_, p)) = PLACES.iter().find(|(w, _)| *w == w0) {
        let ok = tail.iter().all(|w| matches!(*w, "place" | "digit"));
        return (ok && tail.len() <= 1 && place.is_none()).then_some(Label::Place(*p));
    }
    // One word with a numbered place (`part a`, `hint 2`, `piece #1`, `clue two`).
    let [w1] = tail else {
        return None;
    };
    let w1 = w1.strip_prefix('#').unwrap_or(w1);
    let n = match w1.as_bytes() {
        [c @ b'a'..=b'g'] => usize::from(c - b'a'),
        [c @ b'1'..=b'7'] => usize::from(c - b'1'),
        _ => NUMBER_NAMES.iter().position(|x| *x == w1)?,
    };
    let plain = (2..=16).contains(&w0.len()) && w0.bytes().all(|c| c.is_ascii_alphabetic());
    if !plain || super::halves::ENTITY_WORDS.contains(&w0) || NUMBER_NAMES.contains(&w0) {
        return None;
    }
    slot(w0, n)
}

/// A cheap look before [`parse_label`] allocates: the first word is a half, ordinal or place
/// label, or the label (before any bracket) ends in a numbered place (`part a`, `hint 2`).
fn maybe_label(label: &str) -> bool {
    let t = label.trim().trim_matches(['*', '"', '\'', '`', ' ']);
    let w0 = t.split([' ', '_', '-', '\t', '(']).next().unwrap_or("");
    let listed = HIGH
        .iter()
        .chain(LOW)
        .chain(ORDINALS)
        .chain(ORDINAL_DIGITS)
        .chain(PLACES.iter().map(|(w, _)| w))
        .any(|x| x.eq_ignore_ascii_case(w0));
    if listed {
        return true;
    }
    let head = t.split('(').next().unwrap_or(t).trim_end();
    let last = head.rsplit([' ', '_', '-']).next().unwrap_or("");
    let last = last.strip_prefix('#').unwrap_or(last);
    head.len() > last.len()
        && (matches!(last.as_bytes(), [b'a'..=b'g' | b'A'..=b'G' | b'1'..=b'7'])
            || NUMBER_NAMES.iter().any(|n| n.eq_ignore_ascii_case(last)))
}

/// The joined digits a chain of labelled pieces gives: all slots of one family filling
/// places 0, 1, … (concatenated, or added by place), or places falling (added).
fn joins(chain: &[&Piece]) -> Vec<String> {
    let Some(first) = chain.first() else {
        return Vec::new();
    };
    match &first.label {
        Label::Place(_) => {
            let mut placed = Vec::new();
            for p in chain {
                let Label::Place(n) = p.label else {
                    return Vec::new();
                };
                placed.push((n, p.digits.as_str()));
            }
            place_sum(&placed).into_iter().collect()
        }
        Label::Slot { family, .. } => {
            let mut sorted: Vec<(u8, Option<u32>, &str)> = Vec::new();
            for p in chain {
                match &p.label {
                    Label::Slot {
                        family: f,
                        slot,
                        place,
                    } if f == family => sorted.push((*slot, *place, p.digits.as_str())),
                    _ => return Vec::new(),
                }
            }
            sorted.sort_by_key(|x| x.0);
            let filled = sorted
                .iter()
                .enumerate()
                .all(|(i, x)| usize::from(x.0) == i);
            if !filled {
                return Vec::new();
            }
            if sorted.iter().all(|x| x.1.is_some()) {
                let placed: Vec<(u32, &str)> =
                    sorted.iter().map(|x| (x.1.unwrap_or(0), x.2)).collect();
                return place_sum(&placed).into_iter().collect();
            }
            if sorted.iter().any(|x| x.1.is_some()) {
                return Vec::new();
            }
            let run: Vec<String> = sorted.iter().map(|x| x.2.to_string()).collect();
            plain_joins(&run)
        }
        Label::Cue => Vec::new(),
    }
}

/// Pieces in order: their digits concatenated, and (when each piece before fits the next in
/// its trailing zeros: `2700` then `50`) added.
fn plain_joins(run: &[String]) -> Vec<String> {
    let mut out = vec![run.concat()];
    let mut acc: Option<u128> = None;
    let mut acc_text = String::new();
    for d in run {
        let v: u128 = match d.parse() {
            Ok(v) => v,
            Err(_) => return out,
        };
        match acc {
            None => {
                acc = Some(v);
                acc_text = d.clone();
            }
            Some(a) => {
                let zeros = acc_text.len() - acc_text.trim_end_matches('0').len();
                let width = d.trim_start_matches('0').len().max(1);
                if a == 0 || zeros < width {
                    return out;
                }
                let Some(sum) = a.checked_add(v) else {
                    return out;
                };
                acc = Some(sum);
                acc_text = sum.to_string();
            }
        }
    }
    if run.len() > 1 && !out.contains(&acc_text) {
        out.push(acc_text);
    }
    out
}

/// Pieces at places that fall (`thousands` then `rest`), each fitting below the place before,
/// added.
fn place_sum(placed: &[(u32, &str)]) -> Option<String> {
    if placed.len() < 2 {
        return None;
    }
    let mut sum: u128 = 0;
    let mut ceiling: Option<u128> = None;
    for (i, (p, d)) in placed.iter().enumerate() {
        let v: u128 = d.parse().ok()?;
        let scale = 10u128.checked_pow(*p)?;
        let term = v.checked_mul(scale)?;
        if let Some(c) = ceiling {
            if term >= c || placed.get(i - 1).is_some_and(|q| q.0 <= *p) {
                return None;
            }
        }
        ceiling = Some(scale);
        sum = sum.checked_add(term)?;
    }
    Some(sum.to_string())
}

/// The piece a line ends in (`The value is 51`, `Write 2 and 7.`): the longest run of its
/// last words (six at most) that reads whole as a piece.
fn tail_value(l: &str) -> Option<String> {
    let l = l.trim_end_matches(['.', ',', ';', '!', ' ', '*', '`']);
    let b = l.as_bytes();
    let mut best = None;
    let mut words = 0;
    for i in (0..=b.len()).rev() {
        let start = i == 0 || b.get(i - 1) == Some(&b' ');
        if !start || i == b.len() {
            continue;
        }
        words += 1;
        if words > 6 {
            break;
        }
        if let Some(v) = l.get(i..).and_then(read_value) {
            best = Some(v);
        }
    }
    best
}

/// One piece read whole, as its decimal digits: digits as written (`00`), single digits in a
/// list (`2, 7`, `5 and 0`, `five one`), a `0x`/`0b`/`0o` literal, a Roman numeral, a small
/// arithmetic expression (`3^3`, `17×3`), number words (`twenty-seven`), a count of zeros
/// (`two zeros`), digits before a scale word (`2 thousand`).
fn read_value(v: &str) -> Option<String> {
    let v = v
        .trim()
        .trim_end_matches(['.', ',', ';', '!'])
        .trim_matches(['"', '\'', '`', '*', ' ']);
    if v.is_empty() || v.len() > MAX_PIECE {
        return None;
    }
    let b = v.as_bytes();
    if b.iter().all(u8::is_ascii_digit) {
        return (b.len() <= 18).then(|| v.to_string());
    }
    if let Some(d) = digit_list(v) {
        return Some(d);
    }
    if let Some(n) = literal(v) {
        return Some(n.to_string());
    }
    if b.iter().all(u8::is_ascii_alphabetic) {
        let upper = b.iter().all(u8::is_ascii_uppercase);
        if upper || b.len() > 3 {
            if let Some(n) = super::lang::roman_value(v) {
                return Some(n.to_string());
            }
        }
    }
    if let Some(n) = arithmetic(v) {
        return Some(n.to_string());
    }
    words(v)
}

/// The value of a digit word (`zero` … `nine`, `oh`).
fn digit_word(w: &str) -> Option<u8> {
    if w.eq_ignore_ascii_case("oh") {
        return Some(0);
    }
    let i = super::words::UNITS
        .iter()
        .position(|u| u.eq_ignore_ascii_case(w))?;
    u8::try_from(i).ok()
}

/// Two or more single digits (or digit words) with commas, spaces or `and` between.
fn digit_list(v: &str) -> Option<String> {
    let mut out = String::new();
    let mut last_and = true;
    for w in v.split([',', ' ']).filter(|w| !w.is_empty()) {
        if w.eq_ignore_ascii_case("and") {
            if last_and {
                return None;
            }
            last_and = true;
            continue;
        }
        last_and = false;
        let d = match w.as_bytes() {
            [c @ b'0'..=b'9'] => c - b'0',
            _ => digit_word(w)?,
        };
        out.push(char::from(b'0' + d));
    }
    (out.len() >= 2 && !last_and).then_some(out)
}

/// A `0x`, `0b` or `0o` literal (`_` between digits allowed).
fn literal(v: &str) -> Option<u64> {
    let head = v.get(..2)?.to_ascii_lowercase();
    let radix = match head.as_str() {
        "0x" => 16,
        "0b" => 2,
        "0o" => 8,
        _ => return None,
    };
    let body: String = v.get(2..)?.chars().filter(|c| *c != '_').collect();
    if body.is_empty() {
        return None;
    }
    u64::from_str_radix(&body, radix).ok()
}

/// A small arithmetic expression on whole numbers (two to five operands; `+ - * × x · / ^
/// **`, usual precedence), evaluated exactly; a division must come out whole.
fn arithmetic(v: &str) -> Option<u128> {
    #[derive(Clone, Copy)]
    enum T {
        N(u128),
        Op(u8),
    }
    let mut toks: Vec<T> = Vec::new();
    let mut chars = v.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            ' ' => {}
            '0'..='9' => {
                let mut e = i + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    e = j + 1;
                    chars.next();
                }
                let d = v.get(i..e)?;
                if d.len() > 12 {
                    return None;
                }
                toks.push(T::N(d.parse().ok()?));
            }
            '+' | '-' | '/' | '^' => toks.push(T::Op(c as u8)),
            '*' => {
                if chars.peek().map(|x| x.1) == Some('*') {
                    chars.next();
                    toks.push(T::Op(b'^'));
                } else {
                    toks.push(T::Op(b'*'));
                }
            }
            '\u{00D7}' | '\u{00B7}' | '\u{22C5}' | 'x' | 'X' => toks.push(T::Op(b'*')),
            _ => return None,
        }
    }
    // Alternating number, operator, number …
    let mut nums: Vec<u128> = Vec::new();
    let mut ops: Vec<u8> = Vec::new();
    for (k, t) in toks.iter().enumerate() {
        match (k % 2, t) {
            (0, T::N(n)) => nums.push(*n),
            (1, T::Op(o)) => ops.push(*o),
            _ => return None,
        }
    }
    if ops.is_empty() || nums.len() != ops.len() + 1 || nums.len() > 5 {
        return None;
    }
    // Powers first, then products and quotients, then sums and differences.
    for level in [&[b'^'][..], &[b'*', b'/'][..], &[b'+', b'-'][..]] {
        let mut k = 0;
        while k < ops.len() {
            let op = *ops.get(k)?;
            if !level.contains(&op) {
                k += 1;
                continue;
            }
            let a = *nums.get(k)?;
            let b = *nums.get(k + 1)?;
            let r = match op {
                b'^' => a.checked_pow(u32::try_from(b).ok().filter(|e| *e <= 40)?)?,
                b'*' => a.checked_mul(b)?,
                b'/' => (b != 0 && a % b == 0).then(|| a / b)?,
                b'+' => a.checked_add(b)?,
                _ => a.checked_sub(b)?,
            };
            nums.splice(k..=k + 1, [r]);
            ops.remove(k);
        }
    }
    nums.first().copied()
}

/// Number words read whole: a count of zeros (`two zeros`, `double zero`), an English
/// cardinal (`twenty-seven`, `two thousand seven hundred and fifty`), digits before a scale
/// word (`2 thousand`, `5.1 thousand`).
fn words(v: &str) -> Option<String> {
    let lower = v.to_ascii_lowercase();
    let toks: Vec<&str> = lower.split([' ', '-']).filter(|w| !w.is_empty()).collect();
    if let [count, zeros] = toks.as_slice() {
        if matches!(*zeros, "zeros" | "zeroes" | "noughts" | "ohs" | "zero") {
            let n = match *count {
                "double" => 2,
                "triple" => 3,
                c => match digit_word(c) {
                    Some(n) if *zeros != "zero" => usize::from(n),
                    _ => c.parse().ok().filter(|_| *zeros != "zero")?,
                },
            };
            return (1..=6).contains(&n).then(|| "0".repeat(n));
        }
        if let Some(s) = scale(zeros).and_then(|p| scaled(count, p)) {
            return Some(s);
        }
    }
    cardinal(&toks).map(|n| n.to_string())
}

/// The power of ten a scale word stands for.
fn scale(w: &str) -> Option<u32> {
    match w {
        "hundred" => Some(2),
        "thousand" => Some(3),
        "million" => Some(6),
        _ => None,
    }
}

/// Digits (a decimal allowed) times a power of ten, when the product is whole.
fn scaled(num: &str, pow: u32) -> Option<String> {
    let (int, frac) = num.split_once('.').unwrap_or((num, ""));
    if int.is_empty() || !int.bytes().chain(frac.bytes()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    let shift = u32::try_from(frac.len()).ok()?;
    if shift > pow || int.len() + frac.len() > 12 {
        return None;
    }
    let mantissa: u128 = format!("{int}{frac}").parse().ok()?;
    Some(
        mantissa
            .checked_mul(10u128.checked_pow(pow - shift)?)?
            .to_string(),
    )
}

/// An English cardinal in words, read whole with a strict grammar (`five five` is no number).
fn cardinal(toks: &[&str]) -> Option<u128> {
    #[derive(PartialEq, Clone, Copy)]
    enum Last {
        Start,
        Small,
        Tens,
        Hundred,
        Scale,
        And,
    }
    let mut total: u128 = 0;
    let mut cur: u128 = 0;
    let mut last = Last::Start;
    let mut top_scale = u32::MAX;
    for w in toks {
        if let Some(i) = super::words::UNITS.iter().position(|u| u == w) {
            if matches!(last, Last::Small) {
                return None;
            }
            cur += i as u128;
            last = Last::Small;
        } else if let Some(i) = super::words::TEENS.iter().position(|u| u == w) {
            if matches!(last, Last::Small | Last::Tens) {
                return None;
            }
            cur += 10 + i as u128;
            last = Last::Small;
        } else if let Some(i) = super::words::TENS.iter().position(|u| u == w) {
            if matches!(last, Last::Small | Last::Tens) {
                return None;
            }
            cur += 20 + 10 * i as u128;
            last = Last::Tens;
        } else if *w == "hundred" {
            if !matches!(last, Last::Small | Last::Tens) || cur >= 100 {
                return None;
            }
            cur *= 100;
            last = Last::Hundred;
        } else if let Some(p) = scale(w).filter(|p| *p > 2) {
            if cur == 0 || p >= top_scale || matches!(last, Last::And | Last::Start) {
                return None;
            }
            top_scale = p;
            total = total.checked_add(cur.checked_mul(10u128.pow(p))?)?;
            cur = 0;
            last = Last::Scale;
        } else if *w == "and" {
            if !matches!(last, Last::Hundred | Last::Scale) {
                return None;
            }
            last = Last::And;
        } else {
            return None;
        }
    }
    if matches!(last, Last::Start | Last::And) {
        return None;
    }
    total.checked_add(cur)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(text: &str, target: &str) -> bool {
        let mut hits = Hits::new(1, 0);
        scan(text, &[(target.to_string(), 0)], &mut hits);
        hits.any()
    }

    #[test]
    fn pieces_each_in_a_notation() {
        for (t, target) in [
            ("Part A: XXVII\nPart B: L", "2750"),
            ("first: MMDCC\nsecond: L", "2750"),
            ("Part A: LI\nPart B: 00", "5100"),
            ("Part A: 0x1b\nPart B: 0x32", "2750"),
            ("Hi: 0b11011\nLo: 0b110010", "2750"),
            ("Part A: 3^3\nPart B: 5*10", "2750"),
            ("Part A: 17\u{d7}3\nPart B: 00", "5100"),
            ("Part A: 0x33\nPart B: two zeros", "5100"),
            ("First word: twenty-seven\nSecond word: fifty", "2750"),
            ("First pair: 2, 7\nSecond pair: 5, 0", "2750"),
            ("**Part B:** L\n\n**Part A:** XXVII", "2750"),
            ("Piece 1 = fifty-one\nPiece 2 = double zero", "5100"),
        ] {
            assert!(has(t, target), "{t:?}");
        }
    }

    #[test]
    fn pieces_with_places() {
        for (t, target) in [
            ("Part A (thousands): 2\nPart B (rest): 750", "2750"),
            ("Left: 2 thousand\nRight: 750", "2750"),
            (
                "thousands \u{2192} 2\nhundreds \u{2192} 7\ntens \u{2192} 5\nunits \u{2192} 0",
                "2750",
            ),
            ("thousands -> 5\nrest -> 100", "5100"),
        ] {
            assert!(has(t, target), "{t:?}");
        }
    }

    #[test]
    fn lines_continued_by_a_cue() {
        for (t, target) in [
            ("The value is 51\nand then 00", "5100"),
            ("Write 2 and 7.\nThen write 5 and 0.", "2750"),
            ("* 51\n* then append two zeros", "5100"),
            ("fifty-one\nfollowed by: 00", "5100"),
            ("5\nthen 1\nthen 0\nthen 0", "5100"),
        ] {
            assert!(has(t, target), "{t:?}");
        }
    }

    #[test]
    fn near_misses() {
        for (t, target) in [
            ("Restarted 27 pods.\nThen 50 more were scheduled.", "2750"),
            ("Restarted 27 pods.\nThen 50.", "2750"),
            ("Partition 1: 27\nPartition 2: 50", "2750"),
            ("Part A: 27\nPart C: 50", "2750"),
            ("Part A: XXVII\nPart B: L pods", "2750"),
            ("Part A: 27\nsome prose in between\nPart B: 50", "2750"),
            ("Hi: 27\nHint 2: 50", "2750"),
            ("replicas: 27\nport: 50", "2750"),
            ("Part A (rest): 750\nPart B (thousands): 2", "2750"),
            ("thousands: 2\nrest: 7500", "2750"),
            ("first: 2700\nsecond: 500", "2750"),
            ("Part A: five five\nPart B: 0", "5100"),
            ("The value is 51\n00 is another value", "5100"),
            ("Then 51\nthen 00", "5100"),
            ("Part A: 27", "2750"),
        ] {
            assert!(!has(t, target), "{t:?}");
        }
    }

    fn joined(text: &str, target: &str) -> bool {
        let mut hits = Hits::new(1, 0);
        scan_operators(text, &[(target.to_string(), 0)], &mut hits);
        hits.any()
    }

    #[test]
    fn concatenation_operators_and_blocks() {
        assert!(joined("27 . 50 (PHP-style)", "2750"));
        assert!(joined("echo 27 <> 50", "2750"));
        assert!(!joined("27 <> 500", "2750"));
        assert!(!joined("v1.27 . 50", "2750"));
        assert!(has("```\n51\n```\nand\n```\n00\n```", "5100"));
        assert!(has("51\nthen\n00", "5100"));
        assert!(!has("51 pods\nand\n00", "5100"));
    }

    #[test]
    fn single_values() {
        assert_eq!(read_value("XXVII").as_deref(), Some("27"));
        assert_eq!(read_value("l").as_deref(), None);
        assert_eq!(read_value("0b110010").as_deref(), Some("50"));
        assert_eq!(read_value("3^3").as_deref(), Some("27"));
        assert_eq!(read_value("2 ** 3 + 1").as_deref(), Some("9"));
        assert_eq!(read_value("10 / 3").as_deref(), None);
        assert_eq!(
            read_value("two thousand seven hundred and fifty").as_deref(),
            Some("2750")
        );
        assert_eq!(read_value("5.1 thousand").as_deref(), Some("5100"));
        assert_eq!(read_value("three zeros").as_deref(), Some("000"));
        assert_eq!(read_value("thousand").as_deref(), None);
        assert_eq!(read_value("pods").as_deref(), None);
    }
}
