//! Text normalisation before matching: NFKC (full-width digits, no-break and thin spaces
//! become ASCII), Unicode format characters (general category Cf: zero-width space, joiners,
//! soft hyphen, bidi marks) removed, superscript digits kept as an exponent (`10³` → `10^3`,
//! which NFKC alone would flatten to `103`), and dash, minus and apostrophe look-alikes folded
//! to their ASCII forms. ASCII text is already normal and is borrowed, never copied.
use std::borrow::Cow;
use unicode_normalization::{is_nfkc_quick, IsNormalized, UnicodeNormalization};

/// The text exactly as the matcher sees it (for callers that compare "as the matcher would").
pub fn normalize_for_matching(text: &str) -> Cow<'_, str> {
    normalize(text)
}

/// Normalise `text` for matching. Borrowed when nothing changes (always for ASCII).
pub(crate) fn normalize(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    // Only the non-ASCII stretches can need work; most replies' (dashes, quotes) do not, and
    // a stretch that needs none is copied as it is (normalising it would return it unchanged).
    // One pass: the copy starts at the first stretch that needs work.
    let mut out: Option<String> = None;
    let mut copied = 0;
    for seg in Stretches::new(text) {
        let work = stretch_work(seg);
        if work == Work::None {
            continue;
        }
        let o = out.get_or_insert_with(|| String::with_capacity(text.len()));
        let start = seg.as_ptr() as usize - text.as_ptr() as usize;
        o.push_str(text.get(copied..start).unwrap_or(""));
        if work == Work::Fold {
            o.extend(seg.chars().map(fold));
        } else {
            normalize_stretch(seg, o);
        }
        copied = start + seg.len();
    }
    match out {
        None => Cow::Borrowed(text),
        Some(mut o) => {
            o.push_str(text.get(copied..).unwrap_or(""));
            Cow::Owned(o)
        }
    }
}

/// What one stretch needs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Work {
    /// Already normal.
    None,
    /// Already NFKC with nothing to drop or raise, only look-alikes to fold (a typographic
    /// apostrophe or minus): NFKC would return it unchanged, so the folds are all it needs.
    Fold,
    /// Format characters, superscripts or not NFKC: [`normalize_stretch`].
    Full,
}

fn stretch_work(seg: &str) -> Work {
    let mut folds = false;
    for c in seg.chars().filter(|c| !c.is_ascii()) {
        if is_format(c) || superscript(c).is_some() {
            return Work::Full;
        }
        folds |= fold(c) != c;
    }
    if is_nfkc_quick(seg.chars()) != IsNormalized::Yes {
        return Work::Full;
    }
    if folds {
        Work::Fold
    } else {
        Work::None
    }
}

/// The non-ASCII stretches of a text, each with the ASCII char before it (a combining mark
/// composes with it: `e\u{301}`). ASCII between stretches is already normal.
struct Stretches<'a> {
    text: &'a str,
    i: usize,
}

impl<'a> Stretches<'a> {
    fn new(text: &'a str) -> Stretches<'a> {
        Stretches { text, i: 0 }
    }
}

impl<'a> Iterator for Stretches<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let b = self.text.as_bytes();
        let first = next_non_ascii(b, self.i)?;
        let start = if first > self.i { first - 1 } else { first };
        let end = b
            .get(first..)
            .and_then(|r| r.iter().position(|c| c.is_ascii()))
            .map_or(b.len(), |k| first + k);
        self.i = end;
        self.text.get(start..end)
    }
}

/// First byte at or after `i` with the high bit set: 32 bytes per step (four words OR-ed, so
/// the loop has one branch per step), then the found block or the tail byte by byte.
fn next_non_ascii(b: &[u8], i: usize) -> Option<usize> {
    let rest = b.get(i..)?;
    let mut blocks = rest.chunks_exact(32);
    let mut off = i;
    for block in &mut blocks {
        let mut acc = 0u64;
        for w in block.chunks_exact(8) {
            acc |= <[u8; 8]>::try_from(w).map_or(u64::MAX, u64::from_le_bytes);
        }
        if acc & 0x8080_8080_8080_8080 != 0 {
            return block.iter().position(|c| !c.is_ascii()).map(|k| off + k);
        }
        off += 32;
    }
    blocks
        .remainder()
        .iter()
        .position(|c| !c.is_ascii())
        .map(|k| off + k)
}

/// Normalise one stretch (non-ASCII chars, maybe one ASCII char first) onto `out`.
fn normalize_stretch(seg: &str, out: &mut String) {
    // Superscripts first: NFKC would turn `10³` into `103`.
    let mut pre = String::with_capacity(seg.len() + 4);
    let mut in_sup = false;
    for c in seg.chars() {
        if is_format(c) {
            continue;
        }
        if let Some(d) = superscript(c) {
            if !in_sup {
                pre.push('^');
                in_sup = true;
            }
            pre.push(d);
            continue;
        }
        in_sup = false;
        pre.push(c);
    }
    for c in pre.nfkc() {
        if is_format(c) {
            continue;
        }
        out.push(fold(c));
    }
}

/// Fold look-alikes that NFKC keeps: hyphens, dashes and the minus sign to `-`; typographic
/// apostrophes (Swiss grouping `5’100`) to `'`; the tilde operator to `~`.
fn fold(c: char) -> char {
    match c {
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2212}' | '\u{FE63}' => '-',
        '\u{2018}' | '\u{2019}' | '\u{02BC}' | '\u{2032}' => '\'',
        '\u{223C}' => '~',
        _ => c,
    }
}

/// Superscript digits and minus, as the exponent characters they stand for.
fn superscript(c: char) -> Option<char> {
    Some(match c {
        '\u{2070}' => '0',
        '\u{00B9}' => '1',
        '\u{00B2}' => '2',
        '\u{00B3}' => '3',
        '\u{2074}' => '4',
        '\u{2075}' => '5',
        '\u{2076}' => '6',
        '\u{2077}' => '7',
        '\u{2078}' => '8',
        '\u{2079}' => '9',
        '\u{207B}' => '-',
        _ => return None,
    })
}

/// Unicode general category Cf (format characters), Unicode 15.
pub(crate) fn is_format(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x0600..=0x0605 | 0x061C | 0x06DD | 0x070F | 0x0890..=0x0891 | 0x08E2
        | 0x180E | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F
        | 0xFEFF | 0xFFF9..=0xFFFB | 0x110BD | 0x110CD | 0x13430..=0x1343F
        | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalisation_table() {
        let cases: &[(&str, &str)] = &[
            ("plain ascii 5100", "plain ascii 5100"),
            ("\u{FF15}\u{FF11}\u{FF10}\u{FF10}", "5100"),
            ("5\u{200B}1\u{200D}00", "5100"),
            ("5\u{00AD}100", "5100"),
            ("5\u{00A0}100", "5 100"),
            ("5\u{202F}100", "5 100"),
            ("5\u{2009}100", "5 100"),
            ("5.1\u{00D7}10\u{00B3}", "5.1\u{00D7}10^3"),
            ("10\u{207B}\u{00B3}", "10^-3"),
            ("\u{2212}5100", "-5100"),
            ("5\u{2019}100", "5'100"),
            ("caf\u{00E9} 5100", "caf\u{00E9} 5100"),
            ("\u{FEFF}5100", "5100"),
            (
                "e\u{0301}t\u{00E9} 5100\u{2014}x",
                "\u{00E9}t\u{00E9} 5100\u{2014}x",
            ),
            ("ab\u{FF15}c", "ab5c"),
            ("\u{FF15}", "5"),
            ("x\u{00B3}y\u{00B2}", "x^3y^2"),
        ];
        for (input, want) in cases {
            assert_eq!(normalize(input), *want, "input {input:?}");
        }
    }

    #[test]
    fn ascii_and_normal_text_are_borrowed() {
        assert!(matches!(normalize("abc 5100"), Cow::Borrowed(_)));
        assert!(matches!(
            normalize("caf\u{00E9} 5100 \u{2014}"),
            Cow::Borrowed(_)
        ));
    }
}
