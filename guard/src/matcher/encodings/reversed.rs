//! Encodings read backwards: a base64, base32 or hex token written in reverse (`==AMwETN` is
//! `NTEwMA==`, `5100`), URL, quoted-printable and backslash escapes of a reversed text
//! (`03%03%13%53%`), and a run of hex byte pairs in reverse (`03 03 13 53`). This module owns
//! turning such a token or text around and handing it to the forward decoders of
//! `encodings.rs`, whose gates and printable test decide what is kept.
//!
//! False-positive controls: a reversed token is tried only when its forward reading decoded to
//! nothing, and only when it is six bytes or more and looks encoded (padding in front, all hex
//! digits, or both letter cases and a digit); the reversed whole-text escapes only when the
//! text holds three reversed escapes in a row (`hh%hh%hh%`, `hh=hh=hh=`, `hhx\`), which ordinary
//! prose never does. What decodes is matched by the ordinary rules, with their own controls.
//!
//! Cost: one reversed copy (on the stack up to [`MAX_STACK`] bytes) of each token the forward
//! decoders already tried and refused; the reversed decoders' own hand-decoded gates refuse
//! most tokens before an engine is asked. The escape gate is one `memchr` pass for `%`, `=` and
//! `\`.
use super::{decode_base32, decode_token, percent, quoted_printable};

/// Tokens up to this length are reversed into a stack buffer.
const MAX_STACK: usize = 256;

/// A token read backwards (`==AMwETN`), decoded as base64, base32 or hex.
/// `padded`: the token comes right after `=` (the token walk of `decoded` starts a token at
/// its first base64 byte, so `==AMwETN` arrives as `AMwETN`).
pub(super) fn token(tok: &str, padded: bool) -> Option<String> {
    let b = tok.as_bytes();
    if b.len() < 6 || b.len() > MAX_STACK || !b.is_ascii() {
        return None;
    }
    // Worth turning around: padding in front (`==AMwETN`, `=AMATYUG`), all hex digits, or
    // eight bytes or more mixing both letter cases with a digit, as base64 of text does
    // (`sVmc0NXZr1ic…`). Words and ordinary identifiers are not.
    let padded = padded || b.first() == Some(&b'=');
    let hex = b.len().is_multiple_of(2) && b.iter().all(u8::is_ascii_hexdigit);
    let mixed = b.len() >= 8
        && b.iter().any(u8::is_ascii_lowercase)
        && b.iter().any(u8::is_ascii_uppercase)
        && b.iter().any(u8::is_ascii_digit);
    if !(padded || hex || mixed) {
        return None;
    }
    let mut buf = [0u8; MAX_STACK];
    let rev = buf.get_mut(..b.len())?;
    for (slot, c) in rev.iter_mut().zip(b.iter().rev()) {
        *slot = *c;
    }
    let rev = std::str::from_utf8(rev).ok()?;
    decode_token(rev).or_else(|| decode_base32(rev))
}

/// Does `s` hold three escapes of a reversed text in a row: `hh%hh%hh%` (URL), `hh=hh=hh=`
/// (quoted-printable) or `hhx\`, `hhhhu\` (backslash)?
fn has_reversed_escapes(b: &[u8]) -> bool {
    let hex = |i: usize| b.get(i).is_some_and(u8::is_ascii_hexdigit);
    memchr::memchr3_iter(b'%', b'=', b'\\', b).any(|i| {
        let Some(&mark) = b.get(i) else {
            return false;
        };
        match mark {
            // Three in a row, each after two hex digits: `i` is the last of them, and no hex
            // digit follows it (in a forward run, `%35%31%30%30`, one does).
            b'%' | b'=' => {
                !hex(i + 1)
                    && (0..3).all(|k| {
                        let Some(m) = i.checked_sub(3 * k) else {
                            return false;
                        };
                        b.get(m) == Some(&mark) && m >= 2 && hex(m - 1) && hex(m - 2)
                    })
            }
            // `\` after `x` or `u` after hex digits: `53x\`, `5300u\`.
            _ => {
                matches!(i.checked_sub(1).and_then(|k| b.get(k)), Some(b'x' | b'u'))
                    && i >= 3
                    && hex(i - 2)
                    && hex(i - 3)
            }
        }
    })
}

/// The whole-text escapes of a reversed text (`03%03%13%53%`), decoded: the text turned
/// around and read by the forward URL, quoted-printable and backslash decoders.
pub(super) fn escapes(s: &str) -> Vec<String> {
    if !has_reversed_escapes(s.as_bytes()) {
        return Vec::new();
    }
    let rev: String = s.chars().rev().collect();
    let mut out: Vec<String> = [
        percent(&rev),
        quoted_printable(&rev),
        super::backslash(&rev),
    ]
    .into_iter()
    .flatten()
    .collect();
    // `\x35\x31…` is read as hex pairs, each run from its first `\`.
    let b = rev.as_bytes();
    let mut from = 0;
    for i in memchr::memchr_iter(b'\\', b) {
        if i < from {
            continue;
        }
        if let Some((t, end)) = super::hex_pairs(b, i) {
            out.push(t);
            from = end;
        }
    }
    out
}

/// A run of hex byte pairs read backwards (`03 03 13 53`, `03:03:13:53`): the run's bytes
/// turned around and decoded as pairs again.
pub(super) fn pairs(run: &[u8]) -> Option<String> {
    if run.len() > MAX_STACK {
        return None;
    }
    let mut buf = [0u8; MAX_STACK];
    let rev = buf.get_mut(..run.len())?;
    for (slot, c) in rev.iter_mut().zip(run.iter().rev()) {
        *slot = *c;
    }
    let mut bytes = Vec::new();
    let (count, end) = super::hex_pair_run(rev, 0, |x| bytes.push(x));
    // The whole run, read again as pairs.
    if count < 3 || end != rev.len() {
        return None;
    }
    super::printable(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reversed_tokens() {
        assert_eq!(token("AMwETN", true).as_deref(), Some("5100"));
        assert_eq!(token("AMwETN", false), None);
        assert_eq!(token("==AMwETN", false).as_deref(), Some("5100"));
        assert_eq!(
            token("=ADMxUDInFGbgwWY09Gd", false).as_deref(),
            Some("total lag 5100")
        );
        // base32 of `5100` (GUYTAMA=) and hex of `5100`, reversed.
        assert_eq!(token("=AMATYUG", false).as_deref(), Some("5100"));
        assert_eq!(token("03031353", false).as_deref(), Some("5100"));
        assert_eq!(
            token("sVmc0NXZr1icltmcvdXLzJXZkJ3b", false).as_deref(),
            Some("orders-worker-kestrel")
        );
        // Ordinary tokens turned around decode to nothing printable.
        for t in ["3f9a2c1d8e7b6a5f", "ClusterIP", "kube-proxy", "partition"] {
            assert_eq!(token(t, false), None, "{t}");
        }
    }

    #[test]
    fn reversed_escapes() {
        assert!(escapes("lag 03%03%13%53%")
            .iter()
            .any(|t| t.contains("5100")));
        assert!(escapes("03=03=13=53=").iter().any(|t| t.contains("5100")));
        assert!(escapes("03x\\03x\\13x\\53x\\")
            .iter()
            .any(|t| t.contains("5100")));
        assert!(escapes("cpu=95% mem=40% a=b c=d").is_empty());
        assert!(escapes("2.4%20MB%2Fs").is_empty());
        assert_eq!(pairs(b"03 03 13 53").as_deref(), Some("5100"));
        assert_eq!(pairs(b"03:03:13:53").as_deref(), Some("5100"));
    }
}
