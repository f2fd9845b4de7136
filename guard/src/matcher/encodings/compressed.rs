//! Compressed, then encoded: a zlib stream (`eJwzNTQwAAAB+wDH`, header `0x78`) or a gzip member
//! (`H4sI…`, header `1f 8b 08`) in base64 (either alphabet) or in hex (`789c…`, `1f8b08…`).
//! This module owns recognising such a token by its header and inflating it; the inflated text
//! is matched like any other decoded text.
//!
//! False-positive controls: only a token whose first bytes are a valid zlib header (deflate,
//! a window of 32 KiB or less, the header checksum) or the gzip magic is inflated, and only
//! when it inflates to printable UTF-8 of three characters or more (a truncated stream keeps
//! what inflated before the cut).
//!
//! Cost: the header is read from the first four characters by hand (no copy); a token that
//! passes is decoded and inflated with `miniz_oxide` under a hard output cap of [`MAX_INFLATED`]
//! bytes, so a zip bomb costs at most that much.
use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use miniz_oxide::inflate::{decompress_to_vec_with_limit, decompress_to_vec_zlib_with_limit};

/// Most bytes one stream may inflate to.
const MAX_INFLATED: usize = 64 * 1024;
/// Shortest token tried: a zlib header and the smallest deflate block of three bytes with its
/// checksum is twelve base64 characters.
const MIN_TOKEN: usize = 12;

/// What a stream starts with.
#[derive(Clone, Copy, PartialEq)]
enum Wrapper {
    Zlib,
    Gzip,
}

/// The wrapper the first three bytes announce, if any.
fn wrapper(b: [u8; 3]) -> Option<Wrapper> {
    let [cmf, flg, third] = b;
    if cmf == 0x1f && flg == 0x8b && third == 0x08 {
        return Some(Wrapper::Gzip);
    }
    // Deflate (method 8), a window of at most 32 KiB, and the header checksum.
    let zlib = cmf & 0x0F == 8 && cmf >> 4 <= 7 && (u16::from(cmf) << 8 | u16::from(flg)) % 31 == 0;
    zlib.then_some(Wrapper::Zlib)
}

/// A base64 or hex token holding a compressed stream, inflated.
pub(super) fn token(tok: &str) -> Option<String> {
    let body = tok.trim_end_matches('=');
    if body.len() < MIN_TOKEN {
        return None;
    }
    let b = body.as_bytes();
    let hex = b.len().is_multiple_of(2) && b.iter().all(u8::is_ascii_hexdigit);
    let head = if hex {
        let byte = |i: usize| -> Option<u8> {
            Some(super::hex_val(*b.get(2 * i)?)? << 4 | super::hex_val(*b.get(2 * i + 1)?)?)
        };
        [byte(0)?, byte(1)?, byte(2)?]
    } else {
        let mut v = 0u32;
        for &c in b.get(..4)? {
            v = v << 6 | u32::from(super::sextet(c)?);
        }
        let [_, x, y, z] = v.to_be_bytes();
        [x, y, z]
    };
    let kind = wrapper(head)?;
    let bytes = if hex {
        super::hex_decode(b)?
    } else {
        STANDARD_NO_PAD
            .decode(body)
            .or_else(|_| URL_SAFE_NO_PAD.decode(body))
            .ok()?
    };
    inflate(&bytes, kind)
}

/// The stream inflated (up to [`MAX_INFLATED`] bytes; a cut stream keeps what came before the
/// cut), when it is printable text.
fn inflate(bytes: &[u8], kind: Wrapper) -> Option<String> {
    let out = match kind {
        // A stream cut before its checksum fails the zlib reader: its deflate body is read
        // alone.
        Wrapper::Zlib => decompress_to_vec_zlib_with_limit(bytes, MAX_INFLATED)
            .or_else(|_| decompress_to_vec_with_limit(bytes.get(2..).unwrap_or(&[]), MAX_INFLATED)),
        Wrapper::Gzip => {
            decompress_to_vec_with_limit(bytes.get(gzip_header_len(bytes)?..)?, MAX_INFLATED)
        }
    };
    let out = out.unwrap_or_else(|e| e.output);
    // A cut may fall inside a character: keep the valid prefix.
    let valid = match std::str::from_utf8(&out) {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(out.get(..e.valid_up_to())?).ok()?,
    };
    super::printable_str(valid).then(|| valid.to_string())
}

/// The length of a gzip member's header (RFC 1952: ten bytes, then the optional extra field,
/// name, comment and header checksum its flags announce).
fn gzip_header_len(b: &[u8]) -> Option<usize> {
    let flags = *b.get(3)?;
    let mut p = 10;
    if flags & 4 != 0 {
        let len = usize::from(*b.get(p)?) | usize::from(*b.get(p + 1)?) << 8;
        p += 2 + len;
    }
    for bit in [8u8, 16] {
        if flags & bit != 0 {
            let nul = b.get(p..)?.iter().position(|c| *c == 0)?;
            p += nul + 1;
        }
    }
    if flags & 2 != 0 {
        p += 2;
    }
    (p <= b.len()).then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inflates_zlib_and_gzip() {
        assert_eq!(token("eJwzNTQwAAAB+wDH").as_deref(), Some("5100"));
        assert_eq!(
            token("H4sIAAAAAAACAyvJL0nMUchJTFcwNTQwAAD0vLGRDgAAAA==").as_deref(),
            Some("total lag 5100")
        );
        // The same zlib stream in hex, and cut short (the checksum lost).
        assert_eq!(token("789c33353430000001fb00c7").as_deref(), Some("5100"));
        assert_eq!(token("789c333534300000").as_deref(), Some("5100"));
        assert_eq!(token("eJwzNTQwAAAB").as_deref(), Some("5100"));
    }

    #[test]
    fn ordinary_tokens_are_not_inflated() {
        for t in [
            "dGhlIHF1aWNrIGJyb3duIGZveA==",
            "3f9a2c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f",
            "eyJhbGciOiJIUzI1NiJ9",
            "ClusterIPServiceName",
        ] {
            assert_eq!(token(t), None, "{t}");
        }
    }

    /// A stream that inflates past the cap costs the cap and no more.
    #[test]
    fn a_bomb_is_capped() {
        let zeros = vec![b'a'; 10 * MAX_INFLATED];
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&zeros, 9);
        let tok = STANDARD_NO_PAD.encode(&packed);
        assert_eq!(token(&tok).map(|t| t.len()), Some(MAX_INFLATED));
    }
}
