//! EBCDIC in hex (`F5 F1 F0 F0`, `F5F1F0F0` is `5100`; letters `C1`…, `81`…): bytes a hex token
//! or a run of hex pairs decodes to that are not text in UTF-8 but are all EBCDIC (code page
//! 037) digits, letters, space and common punctuation are read as that text. This module owns
//! the table.
//!
//! False-positive controls: read only when the bytes are not printable UTF-8, hold a byte of
//! 0x80 or above (so ASCII stays ASCII) and every byte is in the table; what it reads is matched
//! by the ordinary rules, exactly (`#F0F0F0` reads `000`). Random hex (a hash) almost never
//! has every byte in the table. Cost: one table load a byte, after a hex decode that was
//! already refused.

/// The EBCDIC character of a byte, or 0.
const TABLE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 10 {
        t[0xF0 + i] = b'0' + i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 9 {
        t[0xC1 + i] = b'A' + i as u8;
        t[0xD1 + i] = b'J' + i as u8;
        t[0x81 + i] = b'a' + i as u8;
        t[0x91 + i] = b'j' + i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 8 {
        t[0xE2 + i] = b'S' + i as u8;
        t[0xA2 + i] = b's' + i as u8;
        i += 1;
    }
    t[0x40] = b' ';
    t[0x4B] = b'.';
    t[0x6B] = b',';
    t[0x60] = b'-';
    t[0x6D] = b'_';
    t[0x7A] = b':';
    t[0x7E] = b'=';
    t
};

/// `bytes` read as EBCDIC text, when every byte is in the table and one is 0x80 or above;
/// three characters or more.
pub(super) fn text(bytes: &[u8]) -> Option<String> {
    if bytes.len() < 3 || !bytes.iter().any(|b| *b >= 0x80) {
        return None;
    }
    bytes
        .iter()
        .map(|b| {
            let c = TABLE[usize::from(*b)];
            (c != 0).then_some(char::from(c))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ebcdic() {
        assert_eq!(text(&[0xF5, 0xF1, 0xF0, 0xF0]).as_deref(), Some("5100"));
        assert_eq!(
            text(&[0x92, 0x85, 0xA2, 0xA3, 0x99, 0x85, 0x93]).as_deref(),
            Some("kestrel")
        );
        assert_eq!(text(b"abc"), None);
        assert_eq!(text(&[0xF5, 0x01, 0xF0]), None);
    }
}
