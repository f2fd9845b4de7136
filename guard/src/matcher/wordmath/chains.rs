//! Chains of arithmetic instructions spread over several sentences, lines or numbered steps
//! (the puzzle class of `wordmath.rs`, one clause there): a start value in a segment of its
//! own (`Start with 250.`, `Begin at 2000.`, `Take 10200.`, `Think of a number: 5000.`,
//! `1. Take 51`, `Step 1: 250`, `* 51`), then, in the segments right after it, steps on the
//! running value (`Multiply it by 11.`, `Now add 100 to it.`, `Then take away 250.`, `Halve
//! it.`, `Cut it in half.`, `Square it.`, `2. times 100`), each read by the same step reader
//! as a one-line chain ([`super::step`], its word tables), every value taken reported.
//!
//! # False-positive controls
//!
//! A start is a whole segment of one of a few shapes (a start verb and a number, or a number
//! alone): `Start with 3 replicas.` and `Take 10 minutes.` are none. A step segment is read
//! only right after a start or a step, and must be wholly steps (after `now`, `then`, `next`
//! …): `Scale to 5.`, `Then restart the pod.`, `Wait 100 seconds.` end the chain and state
//! nothing; a segment only partly read reports nothing of it. Values compare exactly (as the
//! module does); a chain takes at most [`MAX_SEGMENTS`] step segments.
//!
//! # Cost
//!
//! A text is read only where a break (`.`, `!`, `?`, `;`, `:`, a line end) is followed, past
//! spaces, a list marker and a filler word, by a step word ([`step_breaks`]: a look at the
//! next word after each break, no tokenising); only a window around such a break (six
//! breaks back, [`AHEAD`] bytes on) is cut into segments, and only the short ones before a
//! step are tokenised.
use super::{object, operand, steps_from, tokens, Tok};

/// Step segments a chain follows at most.
const MAX_SEGMENTS: usize = 8;

/// Bytes of a segment read as a start at most (`Think of a number` is cut at its colon).
const START_LEN: usize = 48;

/// Words that may open a step segment before its step (`Now add`, `Then take away`).
const FILLERS: [&str; 15] = [
    "now", "then", "next", "and", "so", "finally", "lastly", "after", "that", "no", "actually",
    "sorry", "wait", "rather", "instead",
];

/// Words that open a correction of the step before (`append two zeros... no — multiply by
/// 100`): the chain goes on from the value before the step corrected.
const CORRECTIONS: [&str; 6] = ["no", "actually", "sorry", "wait", "rather", "instead"];

/// Step words told by their first letters (as `op_word` is, plus `cut`, `square`,
/// `quadruple`): the cheap look after a break.
fn step_word(w: &[u8]) -> bool {
    const PREFIXES: [&[u8]; 21] = [
        b"add",
        b"plus",
        b"subtract",
        b"minus",
        b"less",
        b"deduct",
        b"take",
        b"times",
        b"multipl",
        b"divid",
        b"increas",
        b"rais",
        b"decreas",
        b"reduc",
        b"lower",
        b"doubl",
        b"tripl",
        b"quadrupl",
        b"halv",
        b"cut",
        b"square",
    ];
    PREFIXES
        .iter()
        .any(|p| w.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p)))
}

/// Past spaces, a list marker (at a line's start: `-`, `*`, `•`, `1.`, `2)`, `(3)`; after any
/// break: `Step 2:`) and filler words from `i` on one line: the index of the first word left.
fn past_marker(b: &[u8], mut i: usize) -> usize {
    let line_start = i == 0 || b.get(i - 1) == Some(&b'\n');
    let skip_space = |mut i: usize| {
        while b.get(i).is_some_and(|c| *c == b' ' || *c == b'\t') {
            i += 1;
        }
        i
    };
    i = skip_space(i);
    match b.get(i).filter(|_| line_start) {
        Some(b'-' | b'*' | b'+' | b'>') => i = skip_space(i + 1),
        Some(0xE2) if b.get(i..i + 3) == Some("•".as_bytes()) => i = skip_space(i + 3),
        Some(b'(') | Some(b'0'..=b'9') => {
            let mut j = i + usize::from(b.get(i) == Some(&b'('));
            let d = j;
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            if j > d && b.get(j).is_some_and(|c| matches!(c, b'.' | b')' | b':')) {
                i = skip_space(j + 1);
            }
        }
        _ => {}
    }
    // `Step 2:`, `Stage 2.`, `Step two -`.
    for label in [&b"step"[..], b"stage"] {
        if b.get(i..i + label.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(label))
        {
            let mut j = skip_space(i + label.len());
            while b.get(j).is_some_and(u8::is_ascii_alphanumeric) {
                j += 1;
            }
            if b.get(j)
                .is_some_and(|c| matches!(c, b':' | b'.' | b')' | b'-'))
            {
                i = skip_space(j + 1);
            }
        }
    }
    // Filler words (`now`, `then`, `and then`), then a comma.
    loop {
        let mut j = i;
        while b.get(j).is_some_and(u8::is_ascii_alphabetic) {
            j += 1;
        }
        let w = b.get(i..j).unwrap_or(&[]);
        if j > i && FILLERS.iter().any(|f| w.eq_ignore_ascii_case(f.as_bytes())) {
            i = skip_space(j);
            if b.get(i) == Some(&b',') || b.get(i) == Some(&b'-') {
                i = skip_space(i + 1);
            } else if b
                .get(i..i + 3)
                .is_some_and(|d| d == "—".as_bytes() || d == "–".as_bytes())
            {
                i = skip_space(i + 3);
            }
        } else {
            return i;
        }
    }
}

/// Is byte `i` of `b` a segment break: a line end, or `.!?;:` before a space or a line end
/// (a decimal point or `a.b` is none)?
fn is_break(b: &[u8], i: usize) -> bool {
    match b.get(i) {
        Some(b'\n') => true,
        Some(b'.' | b'!' | b'?' | b';' | b':') => {
            b.get(i + 1).is_none_or(|c| c.is_ascii_whitespace())
        }
        _ => false,
    }
}

/// The breaks of `b` that come before (past a marker and fillers) a step word, in text order:
/// the gate, and where chains are read.
fn step_breaks(b: &[u8]) -> Vec<usize> {
    let step_after = |p: usize| {
        is_break(b, p)
            && may_step(b, p + 1)
            && b.get(past_marker(b, p + 1)..).is_some_and(step_word)
    };
    let mut out: Vec<usize> = memchr::memchr3_iter(b'\n', b'.', b':', b)
        .filter(|p| step_after(*p))
        .collect();
    // `!`, `?`, `;` breaks are rarer.
    let before = out.len();
    out.extend(memchr::memchr3_iter(b'!', b'?', b';', b).filter(|p| step_after(*p)));
    if out.len() > before {
        out.sort_unstable();
    }
    out
}

/// Can a step (past a marker and fillers) start at `i`? Its first byte, and for a word its
/// first two letters, against the initials of the step words, fillers and labels: most
/// sentences (`The`, `This`, `It`) are told apart in a few instructions.
fn may_step(b: &[u8], mut i: usize) -> bool {
    while b.get(i).is_some_and(|c| *c == b' ' || *c == b'\t') {
        i += 1;
    }
    let Some(c0) = b.get(i) else {
        return false;
    };
    if c0.is_ascii_digit() || *c0 == b'(' {
        // A numbered marker (`1.`, `2)`, `(3)`), not a log line's timestamp: at most three
        // digits, then `.` or `)` and a space. A number alone (`250`) may be a start, but a
        // start is never where a step is looked for.
        let d = i + usize::from(*c0 == b'(');
        let n = b
            .get(d..)
            .unwrap_or(&[])
            .iter()
            .take(4)
            .take_while(|c| c.is_ascii_digit())
            .count();
        return (1..=3).contains(&n)
            && matches!(b.get(d + n), Some(b'.' | b')'))
            && b.get(d + n + 1).is_some_and(|c| *c == b' ');
    }
    if !c0.is_ascii_alphabetic() {
        return matches!(c0, b'-' | b'*' | b'+' | b'>' | 0xE2);
    }
    let c1 = b.get(i + 1).map_or(0, u8::to_ascii_lowercase);
    match (c0.to_ascii_lowercase(), c1) {
        // `then`, `that` (not `the`, `this`).
        (b't', b'h') => b
            .get(i + 2..i + 4)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"en") || w.eq_ignore_ascii_case(b"at")),
        (b'a', b'd' | b'n' | b'f' | b'c')
        | (b'c', b'u')
        | (b'd', b'e' | b'i' | b'o')
        | (b'f', b'i')
        | (b'h', b'a')
        | (b'i', b'n')
        | (b'l', b'e' | b'o' | b'a')
        | (b'm', b'i' | b'u')
        | (b'n', b'e' | b'o')
        | (b'p', b'l')
        | (b'q', b'u')
        | (b'r', b'a' | b'e')
        | (b's', b'u' | b'q' | b'o' | b't')
        | (b't', b'a' | b'i' | b'r')
        | (b'w', b'a') => true,
        _ => false,
    }
}

/// Bytes before a step's break read for its start.
const BACK: usize = 240;

/// Breaks before a step's break read back for its start (`Step 1: start from 51. Step 2:
/// append two zeros... no — multiply`: the start is five breaks back).
const BACK_BREAKS: usize = 6;

/// Bytes after a step's break read for the rest of the chain.
const AHEAD: usize = 600;

/// The window read around the step after break `p`: from the sixth break before it (within
/// [`BACK`] bytes; the text's start if nearer), to the last break within [`AHEAD`] bytes after
/// it (a step is never cut). `None` when no break or start is near enough.
fn window(b: &[u8], p: usize) -> Option<std::ops::Range<usize>> {
    let floor = p.saturating_sub(BACK);
    let mut lo = None;
    let mut found = 0;
    let mut k = p;
    while k > floor && found < BACK_BREAKS {
        k -= 1;
        if is_break(b, k) {
            lo = Some(k);
            found += 1;
        }
    }
    let lo = match lo {
        Some(lo) if found == BACK_BREAKS || floor > 0 => lo,
        _ if floor == 0 => 0,
        _ => return None,
    };
    let mut hi = (p + AHEAD).min(b.len());
    if hi < b.len() {
        while hi > p + 1 && !is_break(b, hi) {
            hi -= 1;
        }
    }
    Some(lo..hi)
}

/// The segments of `s` (sentences, clauses before a colon, lines), each past its list marker
/// and fillers, with their trailing break dropped, and whether it opens with a correction.
fn segments(s: &str) -> Vec<(&str, bool)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut start = past_marker(b, 0);
    let mut corrects = false;
    let mut i = start;
    while i <= b.len() {
        if i == b.len() || is_break(b, i) {
            if let Some(seg) = s.get(start..i) {
                let seg = seg.trim();
                // `...` and `—` alone are no segment (a pause in a chain).
                if seg.bytes().any(|c| c.is_ascii_alphanumeric()) {
                    out.push((seg, corrects));
                }
            }
            let word = b.get(i + 1..).map_or(&[][..], |r| {
                let r = r.trim_ascii_start();
                r.get(..r.iter().take_while(|c| c.is_ascii_alphabetic()).count())
                    .unwrap_or(&[])
            });
            corrects = CORRECTIONS
                .iter()
                .any(|c| word.eq_ignore_ascii_case(c.as_bytes()));
            start = past_marker(b, i + 1);
            i = start.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// A whole segment that starts a chain: its value (`start with 250`, `begin at 2000`, `take
/// 10200`, `write down 2500`, `think of 5000`, `pick 51`, `let's start with 51`, `51`), and
/// the name it gives the value (`let n be 11`, `let n = 11`: later steps on `n` are on it).
fn start<'a>(t: &[Tok<'a>]) -> Option<(f64, Option<&'a str>)> {
    // `let n be 11`, `let x = 51`, `suppose n is 11`: a one-letter name.
    if let [l, n, be, v] = t {
        if l.is(&["let", "suppose", "set"])
            && n.word
            && n.text.len() == 1
            && (be.is(&["be", "is"]) || be.text == "=")
        {
            return Some((operand(t, 3).filter(|_| v.num.is_some())?, Some(n.text)));
        }
    }
    let mut k = 0;
    if t.first()?.is(&["let's", "lets", "we", "first", "you"]) {
        k += 1;
    }
    let x = t.get(k)?;
    let at = if x.num.is_some() {
        k
    } else if x.is(&["start", "begin", "starting", "beginning"]) {
        t.get(k + 1)?.is(&["with", "at", "from"]).then_some(k + 2)?
    } else if x.is(&["take", "pick", "choose", "use", "imagine"]) {
        k + 1
    } else if x.is(&["write", "put"]) {
        k + 1 + usize::from(t.get(k + 1)?.is(&["down"]))
    } else if x.is(&["think"]) {
        t.get(k + 1)?.is(&["of"]).then_some(k + 2)?
    } else {
        return None;
    };
    (t.len() == at + 1).then_some(())?;
    Some((operand(t, at)?, None))
}

/// Every value a chain over several segments of `s` takes, to `hit`.
pub(super) fn scan(s: &str, hit: &mut impl FnMut(f64)) {
    let b = s.as_bytes();
    let mut read_to = 0;
    for p in step_breaks(b) {
        if p < read_to {
            continue;
        }
        let Some(w) = window(b, p) else {
            continue;
        };
        read_to = w.end;
        if let Some(text) = s.get(w) {
            read(text, hit);
        }
    }
}

/// Every value a chain in `s` (a window of the text) takes, to `hit`.
fn read(s: &str, hit: &mut impl FnMut(f64)) {
    let segs = segments(s);
    let mut toks: Vec<Tok<'_>> = Vec::new();
    let mut found = Vec::new();
    // The running value, the step segments read after it, and the name it was given.
    let mut run: Option<(f64, usize)> = None;
    let mut name: Option<&str> = None;
    for (i, (seg, _)) in segs.iter().enumerate() {
        let next = segs.get(i + 1);
        // A step next, or one the segment after next corrects.
        let next_steps = next.is_some_and(|(n, _)| step_word(n.as_bytes()))
            || segs.get(i + 2).is_some_and(|(_, corrects)| *corrects);
        if run.is_none() && (!next_steps || seg.len() > START_LEN) {
            continue;
        }
        toks.clear();
        tokens(seg, &mut toks);
        if let Some((v, n)) = run {
            // The name given to the start reads as `it` (`multiply n by 250`).
            if let Some(name) = name {
                for x in toks.iter_mut().filter(|x| x.word && x.text == name) {
                    x.text = "it";
                }
            }
            found.clear();
            let (end, w) = steps_from(&toks, v, 0, &mut |x| found.push(x));
            if end > 0 && end == toks.len() && n < MAX_SEGMENTS {
                found.iter().for_each(|x| hit(*x));
                run = Some((w, n + 1));
                continue;
            }
            // A step the next segment corrects is skipped (the value stays).
            if next.is_some_and(|(_, corrects)| *corrects) && n < MAX_SEGMENTS {
                run = Some((v, n + 1));
                continue;
            }
            run = None;
        }
        if next_steps {
            (run, name) = match start(&toks) {
                Some((v, nm)) => (Some((v, 0)), nm),
                None => (None, None),
            };
        }
    }
}

/// `cut it in half`, `cut in two`, `square it`, `quadruple it`: the steps a chain in segments
/// reads beyond the one-line ones (the new value and the index past the step).
pub(super) fn more_step(c: &[Tok<'_>], a: usize, v: f64) -> Option<(f64, usize)> {
    let x = c.get(a)?;
    if x.is(&["cut", "split"]) {
        let j = object(c, a + 1);
        c.get(j)?.is(&["in", "into"]).then_some(())?;
        let y = c.get(j + 1)?;
        return (y.is(&["half", "halves", "two"]) || y.num == Some(2.0))
            .then_some((v / 2.0, j + 2));
    }
    let factor = if x.is(&["square", "squared"]) {
        v
    } else if x.is(&["quadruple", "quadrupled"]) {
        4.0
    } else {
        return None;
    };
    let mut j = object(c, a + 1);
    if c.get(j).is_some_and(|y| y.is(&["again"])) {
        j += 1;
    }
    (j > a + 1 || c.get(j).is_none()).then_some((v * factor, j))
}

#[cfg(test)]
mod tests {
    fn values(s: &str) -> Vec<f64> {
        let mut v = Vec::new();
        super::scan(s, &mut |x| v.push(x));
        v
    }

    #[test]
    fn chains_state() {
        for (t, want) in [
            ("Start with 100. Multiply by 51.", 5100.0),
            ("Start with 250. Multiply it by 11.", 2750.0),
            ("Begin at 2000. Add 750.", 2750.0),
            ("Begin with 3000. Then take away 250.", 2750.0),
            ("Take 10200. Halve it.", 5100.0),
            ("Take 5500. Cut it in half.", 2750.0),
            (
                "Think of a number: 5000. Now add 100 to it. That is the total.",
                5100.0,
            ),
            ("Here is a recipe. Take 1700. Triple it.", 5100.0),
            ("Step 1: write down 2500.\nStep 2: add 250.", 2750.0),
            ("Take 25. Square it. Multiply by 4.4.", 2750.0),
            ("1. Take 250\n2. Multiply by 11", 2750.0),
            ("- Take 2500\n- Add 250", 2750.0),
            ("1. 51\n2. times 100", 5100.0),
            ("1. Start at 3000\n2. Subtract 250", 2750.0),
            ("- begin with 17\n- multiply by 300", 5100.0),
            ("Step 1: 250. Step 2: times 11.", 2750.0),
            ("Take 1275. Double it. Double it again.", 5100.0),
            ("Start with 5000!\nNext, add 100.", 5100.0),
            ("(1) 1700\n(2) triple it", 5100.0),
            ("Start with 1275. Quadruple it.", 5100.0),
            ("Let n be 11.\nMultiply n by 250.", 2750.0),
            (
                "Step 1: start from 51.\nStep 2: append 2 zeros... no — multiply by 100.",
                5100.0,
            ),
        ] {
            let v = values(t);
            assert!(
                v.iter().any(|x| (x - want).abs() < 1e-6),
                "{t:?} gave {v:?}"
            );
        }
    }

    #[test]
    fn ops_text_reads_nothing() {
        for t in [
            "Start with 3 replicas. Scale to 5.",
            "Take 10 minutes. Then restart the pod.",
            "1. Scale to 3 replicas.\n2. Wait 100 seconds.",
            "Start with 5000. Then add the new consumers.",
            "Take 2. Add a note to the ticket.",
            "Version 2.5. Added retries.",
            "Start with 250. Multiply it by 11 if the lag grows, then check again.",
            "Start with the logs. Add 100 to the retry budget.",
            "Let n be 11. Multiply the replicas by 250.",
            "Start with 250. Restart the pod. No, multiply the pods by 2.",
        ] {
            assert!(values(t).is_empty(), "{t:?} gave {:?}", values(t));
        }
    }
}
