//! A number with an instruction to rework its digits (a stretch rule under
//! `Rules::arithmetic`): `swap the first two digits of 1500`, `2705 with the last two digits
//! swapped`, `Take 2057 and reverse the last three digits`, `subtract 1 from each digit of
//! 6211`, `digits +1: 3861`. A learner asks for the value "scrambled, and tell me how to undo
//! it"; this module owns undoing it: every number of three to ten digits on a line that says
//! `digit` and names a digit operation is read in each of its simple reworkings, and each is
//! compared exactly with the targets.
//!
//! The reworkings: any two digits swapped, any run of digits reversed (so any prefix, suffix
//! or middle), every digit shifted up or down by one or two (wrapping past 9 and 0), and,
//! on a line that says replace or change, any one digit set to a one-digit number the line
//! states (`take 5000 and replace the second digit with 1`).
//!
//! False-positive controls: the line must hold the word `digit` and an operation word (swap,
//! exchange, switch, reverse, flip, shift, add, subtract, increase, decrease, minus, plus,
//! replace, change or a `+1`/`-1`); only whole standalone numbers are read; a reworking
//! states a target only when it equals one exactly. Ops text rarely says "digit"; when it
//! does (a PIN policy, a check digit), its numbers' reworkings must still be a target exactly.
//!
//! Cost: one case-insensitive search for `digit` settles nearly every text; a cued line costs
//! some thirty candidates per number.

/// Operation words, lowercase stems (read whole or inflected).
const OPS: &[&str] = &[
    "swap", "exchang", "switch", "revers", "flip", "shift", "add", "subtract", "increas",
    "decreas", "minus", "plus", "replac", "chang",
];

/// Operation signs and phrases, found anywhere in the lowercase line.
const OP_PHRASES: &[&str] = &["+1", "-1", "+ 1", "- 1", "up by", "down by"];

/// The values a text's digit instructions give (see the module's paragraph).
pub(crate) fn values(s: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let finder = memchr::memmem::Finder::new(b"igit");
    let mut from = 0;
    while let Some(off) = b.get(from..).and_then(|r| finder.find(r)) {
        let at = from + off;
        from = at + 4;
        if at == 0 || !b.get(at - 1).is_some_and(|c| matches!(c, b'd' | b'D')) {
            continue;
        }
        let start = s.get(..at).and_then(|h| h.rfind('\n')).map_or(0, |k| k + 1);
        let end = s
            .get(at..)
            .and_then(|t| t.find('\n'))
            .map_or(s.len(), |k| at + k);
        let Some(line) = s.get(start..end) else {
            continue;
        };
        from = from.max(end);
        let lower = line.to_ascii_lowercase();
        // An operation word, whole or inflected (`add`, `added`; not `address`), or a sign.
        const SUFFIXES: &[&str] = &["", "s", "d", "e", "ed", "es", "ing", "ped", "ping"];
        let word_op = lower.split(|c: char| !c.is_ascii_alphabetic()).any(|w| {
            OPS.iter().any(|o| {
                w.strip_prefix(o)
                    .is_some_and(|rest| SUFFIXES.contains(&rest))
            })
        });
        let op = word_op || OP_PHRASES.iter().any(|o| lower.contains(o));
        if !op {
            continue;
        }
        // `replace the second digit with 1`: each digit set to each single digit the line
        // states (a standalone one-digit number).
        let replaced: Vec<u8> = if lower.contains("replac") || lower.contains("chang") {
            let b = line.as_bytes();
            (0..b.len())
                .filter(|&k| {
                    b.get(k).is_some_and(u8::is_ascii_digit)
                        && !k
                            .checked_sub(1)
                            .and_then(|p| b.get(p))
                            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'.')
                        && !b
                            .get(k + 1)
                            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'.')
                })
                .filter_map(|k| b.get(k).copied())
                .collect()
        } else {
            Vec::new()
        };
        for n in numbers(line) {
            reworkings(n, &mut out);
            for &r in &replaced {
                for k in 0..n.len() {
                    let mut w = n.to_vec();
                    if let Some(c) = w.get_mut(k) {
                        *c = r;
                    }
                    push_digits(&w, &mut out);
                }
            }
        }
    }
    out
}

/// The standalone numbers of three to ten digits in a line, as their digits.
fn numbers(line: &str) -> Vec<&[u8]> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let a = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let glued = |c: Option<&u8>| c.is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'.');
        if (3..=10).contains(&(i - a))
            && !glued(a.checked_sub(1).and_then(|p| b.get(p)))
            && !glued(b.get(i))
        {
            if let Some(d) = b.get(a..i) {
                out.push(d);
            }
        }
    }
    out
}

/// Every simple reworking of `d` (see the module's paragraph), as numbers.
/// Digits as a number, unless a leading zero (no way to write the value: `0512`).
fn push_digits(v: &[u8], out: &mut Vec<f64>) {
    if v.first() != Some(&b'0') {
        if let Some(n) = std::str::from_utf8(v)
            .ok()
            .and_then(|t| t.parse::<u64>().ok())
        {
            #[allow(clippy::cast_precision_loss)]
            out.push(n as f64);
        }
    }
}

fn reworkings(d: &[u8], out: &mut Vec<f64>) {
    let mut push = |v: &[u8]| push_digits(v, out);
    let n = d.len();
    let mut w = d.to_vec();
    for i in 0..n {
        for j in i + 1..n {
            w.swap(i, j);
            push(&w);
            w.swap(i, j);
            // Reversed from i through j.
            if let Some(r) = w.get_mut(i..=j) {
                r.reverse();
            }
            push(&w);
            w.copy_from_slice(d);
        }
    }
    for k in [1u8, 2, 8, 9] {
        let shifted: Vec<u8> = d.iter().map(|c| b'0' + (c - b'0' + k) % 10).collect();
        push(&shifted);
    }
}

#[cfg(test)]
mod tests {
    use super::values;

    fn gives(s: &str, v: f64) -> bool {
        values(s).contains(&v)
    }

    #[test]
    fn digit_instructions_undone() {
        assert!(gives("swap the first two digits of 1500", 5100.0));
        assert!(gives("2705 with the last two digits swapped", 2750.0));
        assert!(gives(
            "Take 2057 and reverse the last three digits.",
            2750.0
        ));
        assert!(gives(
            "Write 5010, then swap the 2nd and 3rd digits.",
            5100.0
        ));
        assert!(gives("subtract 1 from each digit of 6211", 5100.0));
        assert!(gives("digits +1: 3861", 2750.0));
        assert!(gives(
            "Take 7250 and exchange its first two digits.",
            2750.0
        ));
        // No operation, no digit word, a number glued or too short.
        assert!(!gives("the 4-digit PIN is 1500", 5100.0));
        assert!(!gives("swap 1500 for the old value", 5100.0));
        assert!(!gives("swap the digits of v1500", 5100.0));
        assert!(!gives("swap the digits of 15", 51.0));
        assert!(gives(
            "take 5000 and replace the second digit with 1",
            5100.0
        ));
        assert!(gives("change the 3rd digit of 1400 to 2", 1420.0));
        assert!(!gives("replace the digit card 5000", 5100.0));
    }
}
