//! UTF-7 (RFC 2152) read as the text it encodes ([`utf7`]): `+ADUAMQAwADA-` is `5100`, and
//! `orders-worker-+AGsAZQBzAHQAcgBlAGw-` is the name with its last part shifted. A mail client
//! or a learner's "encode it as UTF-7" writes it; nothing else in a reply looks like it.
//!
//! False-positive controls: a shifted run is decoded only when it is at least four base64
//! characters after a `+` that does not follow a letter or digit (`c++`, `a+b` and `+1` stay),
//! every UTF-16 unit it holds is a printable character, and it holds one ASCII letter or
//! digit. The reading is returned only when a run was decoded.
use base64::alphabet::STANDARD;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine as _;

/// Base64 without padding whose last character may carry unused bits, as UTF-7 writes it.
const LOOSE: GeneralPurpose = GeneralPurpose::new(
    &STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireNone),
);

fn b64(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'+' || c == b'/'
}

/// The decoded run, if `run` (base64 characters) is UTF-16 of printable text.
fn decode(run: &str) -> Option<String> {
    // One base64 character alone carries no byte.
    let keep = if run.len() % 4 == 1 {
        run.len() - 1
    } else {
        run.len()
    };
    let bytes = LOOSE.decode(run.get(..keep)?).ok()?;
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .filter_map(|p| match p {
            [a, b] => Some(u16::from_be_bytes([*a, *b])),
            _ => None,
        })
        .collect();
    let s: String = char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .ok()?;
    let printable = s.chars().all(|c| !c.is_control());
    (printable && s.chars().any(|c| c.is_ascii_alphanumeric())).then_some(s)
}

/// The text with its UTF-7 shifted runs decoded; `None` when there is none.
pub(crate) fn utf7(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut out: Option<String> = None;
    let mut from = 0;
    for p in memchr::memchr_iter(b'+', b) {
        if p < from
            || p.checked_sub(1)
                .and_then(|q| b.get(q))
                .is_some_and(u8::is_ascii_alphanumeric)
        {
            continue;
        }
        let start = p + 1;
        // `+` inside a run is a base64 digit; a run ends at `-` or any other character.
        let len = b
            .get(start..)
            .map_or(0, |r| r.iter().take_while(|c| b64(**c)).count());
        if len < 4 {
            continue;
        }
        let Some(run) = text.get(start..start + len) else {
            continue;
        };
        let Some(d) = decode(run) else { continue };
        let end = start + len + usize::from(b.get(start + len) == Some(&b'-'));
        let o = out.get_or_insert_with(|| String::with_capacity(text.len()));
        o.push_str(text.get(from..p).unwrap_or(""));
        o.push_str(&d);
        from = end;
    }
    let mut o = out?;
    o.push_str(text.get(from..).unwrap_or(""));
    Some(o)
}

#[cfg(test)]
mod tests {
    use super::utf7;

    #[test]
    fn utf7_runs_decoded() {
        assert_eq!(utf7("+ADUAMQAwADA-").as_deref(), Some("5100"));
        assert_eq!(
            utf7("orders-worker-+AGsAZQBzAHQAcgBlAGw- (UTF-7)").as_deref(),
            Some("orders-worker-kestrel (UTF-7)")
        );
        assert_eq!(
            utf7("lag +ADIANwA1ADA- now").as_deref(),
            Some("lag 2750 now")
        );
        for t in [
            "c++ 11",
            "a+b=3",
            "+1 for this",
            "+AAAA-",
            "x +ABCD",
            "ls +Full",
        ] {
            assert_eq!(utf7(t), None, "{t:?}");
        }
    }
}
