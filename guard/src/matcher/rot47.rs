//! ROT47: every printable ASCII byte rotated by 47 (`d``__` is `5100`, `@C56CD\H@C<6C\<6DEC6=` is
//! `orders-worker-kestrel`). Unlike ROT13, digits and punctuation turn too, so a number becomes
//! letters `a`–`h` with `_` and `` ` `` and a name becomes punctuation, which no other reading
//! undoes. This module owns the view of a text with its ROT47-looking tokens rotated back; the
//! view's changed lines are read by every rule and the name rules.
//!
//! Which tokens: a whitespace-separated token of printable ASCII, three bytes or more, holding
//! one of the bytes a rotated digit or a rotated name letter becomes (`` ` ``, `_`, `\`, `<`,
//! `=`, `@`), with a quarter of its bytes or more punctuation and no word as written (three
//! lowercase letters in a row, one past `h`), whose rotation holds three digits or four letters in a row. With the cue `rot47` (`ROT-47`, `rot 47`) in the text,
//! every token is rotated.
//!
//! False-positive controls: a rotated token is matched by the ordinary rules, exactly; snake
//! case (`consumer_group` turns into `4@?DF>6C0...`) and markup rotate into nothing a rule
//! reads as a target. Cost: two `memchr3` passes over the text for the trigger bytes; only the
//! tokens around a trigger byte are looked at, and a view is built only when one qualifies.

/// The cue that rotates every token.
fn has_cue(b: &[u8]) -> bool {
    memchr::memchr2_iter(b'r', b'R', b).any(|i| {
        let at = |k: usize| b.get(i + k).map(u8::to_ascii_lowercase);
        if at(1) != Some(b'o') || at(2) != Some(b't') {
            return false;
        }
        let digits = if matches!(at(3), Some(b'-' | b' ')) {
            4
        } else {
            3
        };
        at(digits) == Some(b'4') && at(digits + 1) == Some(b'7')
    })
}

/// A byte rotated by 47 within `!`..=`~`.
fn rotate(c: u8) -> u8 {
    if (b'!'..=b'~').contains(&c) {
        b'!' + (c - b'!' + 47) % 94
    } else {
        c
    }
}

/// Does the token rotate into a value or a name: three digits or four letters in a row, with
/// a quarter of its bytes or more punctuation?
fn qualifies(tok: &[u8]) -> bool {
    if tok.len() < 3 || !tok.iter().all(|c| (b'!'..=b'~').contains(c)) {
        return false;
    }
    let punct = tok.iter().filter(|c| !c.is_ascii_alphanumeric()).count();
    if punct * 4 < tok.len() {
        return false;
    }
    // Three lowercase letters in a row, one of them past `h`, are a word as written
    // (`up{job="orders",…}`): ROT47 turns a digit into `a`–`h` (`afd_` is `2750`) and a
    // lowercase letter into a digit, punctuation or a capital, never into such a run.
    let (mut lower, mut past_h) = (0, false);
    for &c in tok {
        if c.is_ascii_lowercase() {
            lower += 1;
            past_h |= c > b'h';
        } else {
            (lower, past_h) = (0, false);
        }
        if lower >= 3 && past_h {
            return false;
        }
    }
    let (mut digits, mut letters) = (0, 0);
    for &c in tok {
        let r = rotate(c);
        digits = if r.is_ascii_digit() { digits + 1 } else { 0 };
        letters = if r.is_ascii_alphabetic() {
            letters + 1
        } else {
            0
        };
        if digits >= 3 || letters >= 4 {
            return true;
        }
    }
    false
}

/// The text with its ROT47-looking tokens rotated back (all tokens when it holds the cue);
/// `None` when none qualifies.
pub(crate) fn view(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let cue = has_cue(b);
    // Token spans to rotate, in order.
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let token_at = |i: usize| -> (usize, usize) {
        let mut start = i;
        while start > 0 && b.get(start - 1).is_some_and(|c| !c.is_ascii_whitespace()) {
            start -= 1;
        }
        let mut end = i;
        while b.get(end).is_some_and(|c| !c.is_ascii_whitespace()) {
            end += 1;
        }
        (start, end)
    };
    if cue {
        let mut i = 0;
        while i < b.len() {
            if b.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
                continue;
            }
            let (start, end) = token_at(i);
            let tok = b.get(start..end).unwrap_or(&[]);
            if !has_cue(tok) && tok.iter().all(|c| (b'!'..=b'~').contains(c)) {
                spans.push((start, end));
            }
            i = end;
        }
    } else {
        let mut starts: Vec<usize> = memchr::memchr3_iter(b'`', b'_', b'\\', b)
            .chain(memchr::memchr3_iter(b'<', b'=', b'@', b))
            .collect();
        starts.sort_unstable();
        let mut done = 0;
        for i in starts {
            if i < done {
                continue;
            }
            let (start, end) = token_at(i);
            done = end;
            if b.get(start..end).is_some_and(qualifies) {
                spans.push((start, end));
            }
        }
    }
    if spans.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(b.len());
    let mut from = 0;
    for (start, end) in spans {
        out.extend_from_slice(b.get(from..start)?);
        out.extend(b.get(start..end)?.iter().map(|c| rotate(*c)));
        from = end;
    }
    out.extend_from_slice(b.get(from..)?);
    // Only ASCII bytes were rotated, into ASCII: the text stays UTF-8.
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotates_rot47_tokens() {
        assert_eq!(view("ROT47: d`__").as_deref(), Some("ROT47: 5100"));
        assert_eq!(
            view("the lag: =28 :D d`__").as_deref(),
            Some("the lag: =28 :D 5100")
        );
        assert_eq!(
            view("=28 :D d`__, rot-47").as_deref(),
            Some("lag is 5100[ rot-47")
        );
        assert_eq!(
            view("id @C56CD\\H@C<6C\\<6DEC6=").as_deref(),
            Some("id orders-worker-kestrel")
        );
        assert_eq!(view("worst afd_").as_deref(), Some("worst 2750"));
    }

    #[test]
    fn ordinary_text_is_left_alone() {
        for s in [
            "consumer_group=orders lag_total 5100",
            "run `kubectl get pods` and check <none>",
            "user@example.com wrote a=b",
            "__init__.py",
        ] {
            assert_eq!(view(s), None, "{s}");
        }
    }
}
