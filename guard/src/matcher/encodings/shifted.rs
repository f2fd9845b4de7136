//! Base64 tokens under a letter game: a learner who has the model base64-encode the value and
//! then ROT13 (or any Caesar shift) the result gets `AGRjZN==` for `NTEwMA==`, a token that
//! decodes to bytes no rule reads. This module owns shifting such a token's letters back and
//! handing it to the forward decoder of `encodings.rs`, whose gates and printable test decide
//! what is kept.
//!
//! False-positive controls: a token is tried only when its forward reading decoded to nothing,
//! and only when it is eight bytes or more, of a length base64 can have, with both letter cases
//! (base64 of text has both; a shift keeps them). ROT13 is tried first, then the other shifts;
//! the first that decodes to printable text is kept, and what it holds is matched by the
//! ordinary rules, with their own controls (a digest shifted to printable bytes states no
//! target).
//!
//! Cost: one shifted copy on the stack per shift of each token the forward decoders refused;
//! the hand-decoded gate of `decode_token` refuses most shifts at their first four bytes.
use super::decode_token;

/// Tokens up to this length are shifted into a stack buffer.
const MAX_STACK: usize = 256;

/// A base64 token whose letters were shifted (ROT13 first), shifted back and decoded.
pub(super) fn token(tok: &str) -> Option<String> {
    let b = tok.as_bytes();
    let body = tok.trim_end_matches('=').len();
    if b.len() < 8 || b.len() > MAX_STACK || body % 4 == 1 || !b.is_ascii() {
        return None;
    }
    if !b.iter().any(u8::is_ascii_lowercase) || !b.iter().any(u8::is_ascii_uppercase) {
        return None;
    }
    let mut buf = [0u8; MAX_STACK];
    let out = buf.get_mut(..b.len())?;
    for k in std::iter::once(13u8).chain((1..26).filter(|k| *k != 13)) {
        for (slot, &c) in out.iter_mut().zip(b) {
            *slot = shift_back(c, k);
        }
        if let Some(t) = std::str::from_utf8(out).ok().and_then(decode_token) {
            return Some(t);
        }
    }
    None
}

/// An ASCII letter moved `k` places back in its case's alphabet; other bytes unchanged.
fn shift_back(c: u8, k: u8) -> u8 {
    let base = if c.is_ascii_lowercase() {
        b'a'
    } else if c.is_ascii_uppercase() {
        b'A'
    } else {
        return c;
    };
    base + (c - base + 26 - k) % 26
}

#[cfg(test)]
mod tests {
    use super::token;

    #[test]
    fn shifted_base64_decodes() {
        assert_eq!(token("AGRjZN==").as_deref(), Some("5100"));
        assert_eq!(
            token("Mzy2MFO0nT91p2ShMPOiozHtnUIhMUWyMN==").as_deref(),
            Some("five thousand one hundred")
        );
        assert_eq!(
            token("o3WxMKWmYKqipzgypv1eMKA0pzIf").as_deref(),
            Some("orders-worker-kestrel")
        );
        // Shifted by 3, not 13.
        assert_eq!(token("QWHzPD==").as_deref(), Some("5100"));
    }

    #[test]
    fn near_misses_stay_undecoded() {
        // Too short, one case only, and a word.
        assert_eq!(token("AGRjZN"), None);
        assert_eq!(token("abcdefghij"), None);
        assert_eq!(token("Kubernetes"), None);
    }
}
