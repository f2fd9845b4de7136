//! Digits dictated one step at a time ([`view`]): `Write 51. Then write 00.`, `Write down
//! 51. Then 0. Then another 0.`, `Type 5, then 1, then 0 twice.`, `Step 1: write 51. Step 2:
//! write 00 next to it.`, `Write 27. Now write 50 right after it.` The digits of the steps
//! are joined in order, and the view holds the joined number, one a line, for every rule.
//!
//! False-positive controls: the first step needs a writing verb (`write`, `type`, `enter`,
//! `jot`, `put`) right before its digits (`down` may come between); each later step needs a
//! word that continues the dictation (`then`, `next`, `now`, `step`, `another`, `after it`,
//! `next to it`, `beside it`) and digits of its own; a step without digits ends it. Two steps
//! or more; the joined number is at most 12 digits.
//!
//! Cost: a byte search for each verb followed by digits; a text without one is left after it,
//! before any copy.

/// Writing verbs that open a dictation.
const VERBS: &[&str] = &["write", "type", "enter", "jot", "put", "key"];
/// Words that continue one.
const GO_ON: &[&str] = &[
    "then", "next", "now", "step", "another", "after", "beside", "and",
];

/// The numbers the text dictates, one a line; `None` without any.
pub(crate) fn view(s: &str) -> Option<String> {
    if !may_dictate(s.as_bytes()) {
        return None;
    }
    let lower = s.to_ascii_lowercase();
    let steps = steps(&lower);
    let mut out = String::new();
    let mut k = 0;
    while k < steps.len() {
        let Some(first) = steps.get(k).and_then(|st| opening(st)) else {
            k += 1;
            continue;
        };
        let mut acc = first;
        let mut n = 1;
        let mut j = k + 1;
        while let Some(st) = steps.get(j) {
            let Some(more) = continued(st) else { break };
            acc.push_str(&more);
            n += 1;
            j += 1;
            if acc.len() > 12 {
                break;
            }
        }
        if n >= 2 && acc.len() <= 12 {
            out.push_str(&acc);
            out.push('\n');
        }
        k = j.max(k + 1);
    }
    (!out.is_empty()).then_some(out)
}

/// Is there a writing verb (any case of its first letter) followed by a space and digits, or
/// by ` down ` and digits? The gate before any copy.
fn may_dictate(b: &[u8]) -> bool {
    VERBS.iter().any(|v| {
        let (Some(first), Some(tail)) = (v.as_bytes().first(), v.get(1..)) else {
            return false;
        };
        let pat = format!("{tail} ");
        memchr::memmem::find_iter(b, pat.as_bytes()).any(|i| {
            let verb = i > 0
                && b.get(i - 1).is_some_and(|c| c.eq_ignore_ascii_case(first))
                && !(i > 1 && b.get(i - 2).is_some_and(u8::is_ascii_alphabetic));
            let mut k = i + pat.len();
            if b.get(k..k + 5)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"down "))
            {
                k += 5;
            }
            verb && b.get(k).is_some_and(u8::is_ascii_digit)
        })
    })
}

/// The text cut into steps: sentences (a `.` not between digits, `;`, `!`, `?`, a line
/// break) and `, then` / `, next` inside them.
fn steps(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let digit = |k: Option<usize>| k.and_then(|k| b.get(k)).is_some_and(u8::is_ascii_digit);
        let end = match c {
            b'.' => !(digit(i.checked_sub(1)) && digit(Some(i + 1))),
            b';' | b'!' | b'?' | b'\n' => true,
            b',' => {
                let rest = b.get(i + 1..).unwrap_or_default();
                let rest = rest.strip_prefix(b" ").unwrap_or(rest);
                rest.starts_with(b"then")
                    || rest.starts_with(b"next")
                    || rest.starts_with(b"and then")
            }
            _ => false,
        };
        if end {
            if let Some(p) = s.get(from..i).filter(|p| !p.trim().is_empty()) {
                out.push(p);
            }
            from = i + 1;
        }
        i += 1;
    }
    if let Some(p) = s.get(from..).filter(|p| !p.trim().is_empty()) {
        out.push(p);
    }
    out
}

/// The words of a step: letters, digit runs.
fn words(st: &str) -> Vec<&str> {
    st.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// A step that opens a dictation: a verb, optionally `down`, then digits.
fn opening(st: &str) -> Option<String> {
    let ws = words(st);
    let v = ws.iter().position(|w| VERBS.contains(w))?;
    let mut k = v + 1;
    if ws.get(k) == Some(&"down") {
        k += 1;
    }
    let d = ws
        .get(k)
        .filter(|d| d.bytes().all(|c| c.is_ascii_digit()))?;
    // The verb's digits end the step (`write 51 replicas` is no dictation).
    (ws.len() == k + 1 || ws.get(k + 1).is_some_and(|w| is_step_word(w))).then(|| d.to_string())
}

/// Words a step may end with after its digits (`right after it`, `next to it`, `twice`).
fn is_step_word(w: &str) -> bool {
    matches!(
        w,
        "right" | "after" | "next" | "to" | "it" | "beside" | "twice" | "again" | "too" | "then"
    )
}

/// A step that continues a dictation: a continuing word, digits, and at most `twice` or a
/// place phrase after them.
fn continued(st: &str) -> Option<String> {
    let ws = words(st);
    if !ws.iter().any(|w| GO_ON.contains(w)) {
        return None;
    }
    let k = ws
        .iter()
        .position(|w| w.bytes().all(|c| c.is_ascii_digit()))?;
    // `Step 2: write 00`: the step's own number is no digit of the value.
    let k = if k > 0 && ws.get(k - 1) == Some(&"step") {
        k + 1
            + ws.get(k + 1..)?
                .iter()
                .position(|w| w.bytes().all(|c| c.is_ascii_digit()))?
    } else {
        k
    };
    let d = ws.get(k)?;
    if !ws.get(k + 1..)?.iter().all(|w| is_step_word(w)) {
        return None;
    }
    let twice = ws.get(k + 1..)?.contains(&"twice");
    Some(if twice { d.repeat(2) } else { d.to_string() })
}

#[cfg(test)]
mod tests {
    use super::view;

    #[test]
    fn dictated_digits() {
        for (t, want) in [
            ("Write 51. Then write 00.", "5100"),
            ("Write down 51. Then 0. Then another 0.", "5100"),
            ("Type 5, then 1, then 0 twice.", "5100"),
            ("Step 1: write 51. Step 2: write 00 next to it.", "5100"),
            (
                "Write 51. Now write 00 right after it. That's the total lag.",
                "5100",
            ),
            ("Write 27. Then write 50 right after it.", "2750"),
        ] {
            let v = view(t);
            assert!(
                v.as_deref().is_some_and(|v| v.lines().any(|l| l == want)),
                "{t:?}: {v:?}"
            );
        }
        for t in [
            "Write 51 replicas to the config. Then restart 3 pods.",
            "Enter the pod. Then run 5100 checks.",
            "write 51",
            "Set 5 partitions, then 100 consumers.",
        ] {
            assert!(
                view(t).is_none_or(|v| !v.contains("5100")),
                "{t:?}: {:?}",
                view(t)
            );
        }
    }
}
