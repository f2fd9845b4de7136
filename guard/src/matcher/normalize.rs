//! Text normalisation before matching: the text as a reader (or a renderer, or a JSON parser)
//! would take it, so that no spelling hides a value behind characters nobody sees.
//!
//! In order:
//! 1. **Markup** (only when the text holds `<`, `&` or `~~`): HTML tags are dropped (a run of
//!    block tags becomes one separator: ` | ` between table cells, a line break for `<br>`,
//!    `<p>`, `<li>`, rows and the like; inline ones such as `<b>` nothing, so `5<b>1</b>00`
//!    reads `5100`); character references are decoded (`&#53;100`, `&amp;`), up to
//!    64 rounds of nested encoding; markdown strikethrough `~~` is dropped (`5~~1~~00`).
//! 2. **Invisible characters** are dropped: every Default_Ignorable_Code_Point (zero-width
//!    space and joiners, variation selectors, U+034F, U+17B4, Hangul fillers, tags), every
//!    control character but tab and line ends (NUL included), every format character (Cf),
//!    private-use and unassigned code points; every other space (U+1680, U+2800) is a space.
//! 3. **Compatibility decomposition** (NFKD) with **every combining mark removed** (general
//!    category M: `5\u{0301}100`, keycaps `5\u{FE0F}\u{20E3}`, diacritics `é` → `e`), so
//!    full-width, circled (`⑤`), mathematical and other compatibility digits become ASCII.
//! 4. **Digits of every script** (general category Nd: Arabic-Indic, Persian, Devanagari,
//!    Thai, …) become ASCII digits, and so do the dingbat circled digits that have no
//!    decomposition (`❺`, `➎`, `⓫`).
//! 5. **Look-alike punctuation**: any character whose UTS #39 confusable skeleton is `.`, `,`,
//!    `-` or `'` (`‚` U+201A, `ꓸ`, `٫`, `‐`) becomes that ASCII separator; dashes and the minus
//!    sign become `-`, typographic apostrophes `'`.
//! 6. Superscript digits stay an exponent (`10³` → `10^3`, which NFKD alone would flatten to
//!    `103`), subscript digits a base (`13EC₁₆` → `13EC_16`, not `13EC16`); vulgar fractions are spaced (`1250½` → `1250 1/2 `) so they read as a fraction
//!    rather than as more digits.
//!
//! Letters are not folded here (case and confusable letters matter only to string targets:
//! see [`string_view`]). ASCII text without control characters or markup is already normal and
//! is borrowed, never copied. Normalising twice gives the same text (idempotent; a property
//! test checks it).
use std::borrow::Cow;
use unicode_normalization::char::decompose_compatible;
use unicode_normalization::{is_nfkc_quick, IsNormalized, UnicodeNormalization};
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};

mod laid_out;
mod lists;
mod markup;
mod plain_words;
mod rendered;
mod spoken;
mod word_games;
pub(crate) use laid_out::laid_out;
pub(crate) use lists::numbered;
use markup::{has_markup, markup, MARKUP_ROUNDS};
pub(crate) use markup::{
    links_as_text, tags_as_words, without_digit_markers, without_footnotes, without_hidden,
};
pub(crate) use plain_words::{digit_lookalikes, drawn_digits, plain_words};
pub(crate) use rendered::{
    as_rendered, as_typeset, drawn_as_nothing, spoilers_shown, without_struck,
};
pub(crate) use spoken::spoken_separators;
pub(crate) use word_games::word_games;

/// The text exactly as the matcher sees it (for callers that compare "as the matcher would").
pub fn normalize_for_matching(text: &str) -> Cow<'_, str> {
    normalize(text)
}

/// Normalise `text` for matching. Borrowed when nothing changes.
pub(crate) fn normalize(text: &str) -> Cow<'_, str> {
    after_markup(markup(text))
}

/// [`normalize`] and [`normalize_alt`] of one text, with the markup pass they share run once.
pub(crate) fn normalize_both(text: &str) -> (Cow<'_, str>, Option<String>) {
    let once = markup(text);
    let marked = matches!(once, Cow::Owned(_));
    (after_markup(once), alt_reading(text, marked))
}

/// [`normalize`] from the text with its markup decoded (`marked`: `Owned`).
fn after_markup(marked: Cow<'_, str>) -> Cow<'_, str> {
    let (once, chars_changed) = match marked {
        Cow::Borrowed(t) => {
            let c = characters(t);
            let changed = matches!(c, Cow::Owned(_));
            (c, changed)
        }
        Cow::Owned(t) => {
            let c = characters(&t);
            let changed = matches!(c, Cow::Owned(_));
            (Cow::Owned(c.into_owned()), changed)
        }
    };
    // `markup` already ran to its fixed point; only normalised characters can reveal more.
    if !chars_changed || !has_markup(&once) {
        return once;
    }
    // Normalising characters can reveal markup (`<é>` becomes the tag `<e>`): repeat until
    // nothing changes, so that normalising twice changes nothing.
    let mut cur = once.into_owned();
    for _ in 0..MARKUP_ROUNDS {
        let next = characters(&markup(&cur)).into_owned();
        if next == cur {
            break;
        }
        cur = next;
    }
    Cow::Owned(cur)
}

/// The other reading of a text that normalisation may change: the text as the matcher read it
/// before the patient-learner rules (NFKC, format characters removed, markup and combining
/// marks kept, other scripts' digits as they are). The matcher reads such a text both ways:
/// dropping a tag, a mark or an invisible character can also glue two tokens into a longer
/// one (`5100<b>5100`, `2400000\u{301}5100`), so the new reading alone could lose what the
/// old one found. `None` for ASCII text without markup (both readings are the same).
#[cfg(test)]
pub(crate) fn normalize_alt(text: &str) -> Option<String> {
    alt_reading(
        text,
        has_markup(text) && matches!(markup(text), Cow::Owned(_)),
    )
}

/// [`normalize_alt`] given whether decoding `text`'s markup changed it.
fn alt_reading(text: &str, marked: bool) -> Option<String> {
    // Markup that changes nothing (`a < b`, `x & y`) joins nothing either.
    let joins = marked || (!text.is_ascii() && text.chars().any(may_join));
    if !joins {
        return None;
    }
    if text.is_ascii() {
        // No superscript, format character or compatibility form: NFKC changes nothing.
        return Some(text.to_string());
    }
    // Superscripts first: NFKC would turn `10³` into `103`.
    let mut pre = String::with_capacity(text.len() + 4);
    let mut in_sup = false;
    for c in text.chars() {
        if c.is_ascii() {
            in_sup = false;
            pre.push(c);
            continue;
        }
        if c.general_category() == GeneralCategory::Format {
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
    let mut out = String::with_capacity(pre.len());
    // Most non-ASCII replies (typographic dashes and quotes) are NFKC already.
    let composed: Box<dyn Iterator<Item = char>> =
        if is_nfkc_quick(pre.chars()) == IsNormalized::Yes {
            Box::new(pre.chars())
        } else {
            Box::new(pre.nfkc())
        };
    for c in composed {
        if !c.is_ascii() && c.general_category() == GeneralCategory::Format {
            continue;
        }
        out.push(match c {
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2212}' | '\u{FE63}' => '-',
            '\u{2018}' | '\u{2019}' | '\u{02BC}' | '\u{2032}' => '\'',
            '\u{223C}' => '~',
            _ => c,
        });
    }
    Some(out)
}

/// Steps 2–6.
fn characters(pre: &str) -> Cow<'_, str> {
    if pre.is_ascii() && !pre.bytes().any(is_ascii_control) {
        return Cow::Borrowed(pre);
    }
    let mut out = String::with_capacity(pre.len());
    let mut in_sup = false;
    // A combining mark was dropped since the last char: it joins what it sat between only
    // when both sides are digits or both are letters (`5\u{301}100` is 5100, `o\u{308}rders`
    // is orders), never a number to a word (`5100\u{301}orders` stays two tokens).
    let mut marked = false;
    let mut in_sub = false;
    for c in pre.chars() {
        if c.is_ascii() {
            in_sup = false;
            in_sub = false;
            if !is_ascii_control(c as u8) {
                if std::mem::take(&mut marked) {
                    separate(&mut out, c);
                }
                out.push(c);
            }
            continue;
        }
        if is_mark(c) {
            marked = true;
            continue;
        }
        if std::mem::take(&mut marked) {
            separate(&mut out, c);
        }
        if let Some(d) = superscript(c) {
            if !in_sup {
                out.push('^');
                in_sup = true;
            }
            out.push(d);
            continue;
        }
        in_sup = false;
        if let Some(d) = subscript(c) {
            if !in_sub {
                out.push('_');
                in_sub = true;
            }
            out.push(d);
            continue;
        }
        in_sub = false;
        push_normal(c, &mut out);
    }
    Cow::Owned(out)
}

/// Can normalising `c` join the tokens on either side of it (so that the text needs its second
/// reading)? Marks and invisible characters the previous reading kept are dropped; digits of
/// other scripts, dingbat digits and separator look-alikes become ASCII that can continue a
/// number; fractions gain spaces. Typographic dashes and quotes, the common case, cannot.
fn may_join(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    if matches!(
        c,
        '\u{2010}'
            ..='\u{2015}'
                | '\u{2018}'
                | '\u{2019}'
                | '\u{201C}'
                | '\u{201D}'
                | '\u{2026}'
                | '\u{00A0}'
                | '\u{2212}'
    ) {
        return false;
    }
    is_mark(c)
        || (invisible(c) && c.general_category() != GeneralCategory::Format)
        || decimal_value(c).is_some()
        || dingbat_digit(c).is_some()
        || c == '\u{3007}'
        || is_vulgar_fraction(c)
        || separator_lookalike(c).is_some()
        || superscript(c).is_some()
        || !unicode_normalization::is_nfkc_quick(std::iter::once(c)).eq(&IsNormalized::Yes)
        // `é` loses its mark under NFKD and becomes an ASCII letter that glues to the next
        // word (`éabout` reads `eabout`).
        || !unicode_normalization::is_nfkd_quick(std::iter::once(c)).eq(&IsNormalized::Yes)
}

/// A combining mark (general category M) on its own.
fn is_mark(c: char) -> bool {
    c.general_category_group() == GeneralCategoryGroup::Mark
}

/// After a dropped mark: a space between a digit and a letter.
fn separate(out: &mut String, next: char) {
    let Some(prev) = out.chars().next_back() else {
        return;
    };
    let digit = |c: char| c.is_ascii_digit() || decimal_value(c).is_some();
    if prev.is_alphanumeric() && next.is_alphanumeric() && digit(prev) != digit(next) {
        out.push(' ');
    }
}

/// C0 controls but tab, LF and CR; DEL.
#[inline]
fn is_ascii_control(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7F
}

/// Steps 2–6 for one non-ASCII char.
fn push_normal(c: char, out: &mut String) {
    if invisible(c) {
        return;
    }
    // Every space looks like a space (the Ogham space mark, the braille blank included), and
    // the line and paragraph separators end a line.
    if c.is_whitespace() || c == '\u{2800}' {
        out.push(if matches!(c, '\u{2028}' | '\u{2029}' | '\u{0085}') {
            '\n'
        } else {
            ' '
        });
        return;
    }
    if let Some(d) = dingbat_digit(c) {
        out.push_str(d);
        return;
    }
    // The ideographic zero is a place's zero after digits (`𝍤𝍩〇〇`, `51〇〇`); elsewhere it
    // is left to the CJK numeral reader (`二〇二六`).
    if c == '\u{3007}' && out.as_bytes().last().is_some_and(u8::is_ascii_digit) {
        out.push('0');
        return;
    }
    // The numero sign decomposes to `No`, which would glue to the number it labels (`№5100`).
    if c == '\u{2116}' {
        out.push_str("No ");
        return;
    }
    if is_vulgar_fraction(c) {
        out.push(' ');
        decompose_compatible(c, |d| out.push(if d == '\u{2044}' { '/' } else { d }));
        out.push(' ');
        return;
    }
    decompose_compatible(c, |d| {
        if d.is_ascii() {
            if !is_ascii_control(d as u8) {
                out.push(d);
            }
            return;
        }
        if invisible(d) || d.general_category_group() == GeneralCategoryGroup::Mark {
            return;
        }
        if let Some(v) = decimal_value(d) {
            out.push(char::from(b'0' + v));
            return;
        }
        out.push(separator_lookalike(d).unwrap_or(d));
    });
}

/// Default ignorable, control (C1 included) or format characters: nobody sees them.
fn invisible(c: char) -> bool {
    if matches!(
        c.general_category(),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::PrivateUse
            | GeneralCategory::Unassigned
    ) {
        return true;
    }
    default_ignorable(c)
}

/// Default_Ignorable_Code_Point, from the UTS #39 data in `unicode-security`: the skeleton of
/// a default ignorable code point is empty (the skeleton filters them out), and no other
/// character's is (every other character maps to at least itself or a prototype).
fn default_ignorable(c: char) -> bool {
    let mut buf = [0u8; 4];
    let empty = unicode_security::skeleton(c.encode_utf8(&mut buf))
        .next()
        .is_none();
    empty
}

/// The value of a decimal digit of any script (general category Nd). Unicode encodes every
/// Nd digit in a contiguous run that starts at its zero and counts up by one, and runs come
/// in whole tens, so the offset from the run's start modulo 10 is the value.
fn decimal_value(c: char) -> Option<u8> {
    if c.general_category() != GeneralCategory::DecimalNumber {
        return None;
    }
    let mut k: u32 = 0;
    let mut cp = c as u32;
    // The longest Nd run (mathematical digits, five sets of ten) is 50 long.
    while k < 64 {
        let Some(prev) = cp.checked_sub(1).and_then(char::from_u32) else {
            break;
        };
        if prev.general_category() != GeneralCategory::DecimalNumber {
            break;
        }
        cp -= 1;
        k += 1;
    }
    u8::try_from(k % 10).ok()
}

/// Circled digits with no compatibility decomposition (dingbats, negative circled), and the
/// counting-rod digits (units and tens forms, one to nine: a rod numeral writes each place
/// as one of them, `𝍤𝍩` is 51).
fn dingbat_digit(c: char) -> Option<&'static str> {
    const ONE_TO_TEN: [&str; 10] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
    const ELEVEN_TO_TWENTY: [&str; 10] =
        ["11", "12", "13", "14", "15", "16", "17", "18", "19", "20"];
    let cp = c as u32;
    let idx = |base: u32| usize::try_from(cp - base).ok();
    match cp {
        0x2776..=0x277F => ONE_TO_TEN.get(idx(0x2776)?).copied(),
        0x2780..=0x2789 => ONE_TO_TEN.get(idx(0x2780)?).copied(),
        0x278A..=0x2793 => ONE_TO_TEN.get(idx(0x278A)?).copied(),
        0x24EB..=0x24F4 => ELEVEN_TO_TWENTY.get(idx(0x24EB)?).copied(),
        0x24F5..=0x24FE => ONE_TO_TEN.get(idx(0x24F5)?).copied(),
        0x24FF | 0x1F10B | 0x1F10C => Some("0"),
        0x1D360..=0x1D368 => ONE_TO_TEN.get(idx(0x1D360)?).copied(),
        0x1D369..=0x1D371 => ONE_TO_TEN.get(idx(0x1D369)?).copied(),
        _ => None,
    }
}

/// The text with every parenthesised (`⑸`), full-stop (`⒌`) and comma (`🄆`) digit written
/// as the bare number, which a reader sees in `⑸⑴00` (5100): NFKD writes `(5)(1)00`, which
/// the normalised reading keeps (it may state something too). `None` when the text has none.
pub(crate) fn bare_styled_digits(text: &str) -> Option<String> {
    const ONE_TO_TWENTY: [&str; 20] = [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
        "17", "18", "19", "20",
    ];
    let bare = |c: char| -> Option<&'static str> {
        let cp = u32::from(c);
        let idx = |base: u32| usize::try_from(cp - base).ok();
        match cp {
            0x2474..=0x2487 => ONE_TO_TWENTY.get(idx(0x2474)?).copied(),
            0x2488..=0x249B => ONE_TO_TWENTY.get(idx(0x2488)?).copied(),
            0x1F100 | 0x1F101 => Some("0"),
            0x1F102..=0x1F10A => ONE_TO_TWENTY.get(idx(0x1F102)?).copied(),
            _ => None,
        }
    };
    // All of them are three- or four-byte chars led by E2 or F0.
    if !text.bytes().any(|b| b == 0xE2 || b == 0xF0) || !text.chars().any(|c| bare(c).is_some()) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match bare(c) {
            Some(d) => out.push_str(d),
            None => out.push(c),
        }
    }
    Some(out)
}

/// `½`, `¾`, `⅓` …: their decomposition holds the fraction slash U+2044.
fn is_vulgar_fraction(c: char) -> bool {
    matches!(c as u32, 0x00BC..=0x00BE | 0x2150..=0x215F | 0x2189)
}

/// A character that looks like a separator a number or name uses. The Arabic decimal and
/// thousands separators are mapped by meaning (their skeletons point the other way).
fn separator_lookalike(c: char) -> Option<char> {
    match c {
        '\u{066B}' => return Some('.'),
        '\u{066C}' | '\u{060C}' | '\u{3001}' => return Some(','),
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}'
        | '\u{FE63}' => return Some('-'),
        '\u{2018}' | '\u{2019}' | '\u{02BC}' | '\u{2032}' => return Some('\''),
        '\u{223C}' => return Some('~'),
        _ => {}
    }
    let mut buf = [0u8; 4];
    let mut sk = unicode_security::skeleton(c.encode_utf8(&mut buf));
    let first = sk.next()?;
    if sk.next().is_some() {
        return None;
    }
    matches!(first, '.' | ',' | '-' | '\'').then_some(first)
}

/// The text with each `'` between two digits as a space (`2400000'5100` → `2400000 5100`),
/// for a view of its own: an apostrophe groups digits in Swiss writing (`5'100`, which a
/// space groups the same way), and where the groups are not of three the digits after it are
/// a number of their own, as the matcher before issue 10 read them. `None` without one.
pub(crate) fn apostrophes_as_spaces(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let between = |i: usize| {
        i > 0
            && b.get(i - 1).is_some_and(u8::is_ascii_digit)
            && b.get(i + 1).is_some_and(u8::is_ascii_digit)
    };
    if !memchr::memchr_iter(b'\'', b).any(between) {
        return None;
    }
    let mut out = b.to_vec();
    for i in memchr::memchr_iter(b'\'', b) {
        if between(i) {
            if let Some(c) = out.get_mut(i) {
                *c = b' ';
            }
        }
    }
    String::from_utf8(out).ok()
}

/// The text with subscript digits as plain digits (`0٠₁₀` → `0٠10`), for a view of its own:
/// the normalised text writes a subscript run as a base (`_10`), and the NFKC reading keeps
/// other scripts' digits, so a number whose digits mix both (`0٠₁₀`, `00₁₀` read as `0010`)
/// is read whole only here. `None` without subscript digits (their UTF-8 starts `E2 82`).
pub(crate) fn plain_subscripts(text: &str) -> Option<String> {
    memchr::memmem::find(text.as_bytes(), b"\xE2\x82")?;
    if !text.chars().any(|c| subscript(c).is_some()) {
        return None;
    }
    Some(text.chars().map(|c| subscript(c).unwrap_or(c)).collect())
}

/// The text with Unicode tag characters (U+E0020–U+E007E, invisible: "ASCII smuggling") read
/// as the ASCII characters they shadow. Normalising drops them as default-ignorable, yet a
/// learner who copies the reply into a decoder reads a value hidden in them. `None` without
/// any (their UTF-8 starts `F3 A0 80` or `F3 A0 81`).
pub(crate) fn tag_characters(text: &str) -> Option<String> {
    let b = text.as_bytes();
    memchr::memmem::find_iter(b, b"\xF3\xA0")
        .any(|i| matches!(b.get(i + 2), Some(0x80 | 0x81)))
        .then_some(())?;
    Some(
        text.chars()
            .map(|c| match u32::from(c) {
                v @ 0xE0020..=0xE007E => char::from_u32(v - 0xE0000).unwrap_or(c),
                _ => c,
            })
            .collect(),
    )
}

/// Subscript digits (`13EC₁₆`: a base), as ASCII digits after one `_` per run.
fn subscript(c: char) -> Option<char> {
    let v = u32::from(c).checked_sub(0x2080).filter(|v| *v < 10)?;
    char::from_digit(v, 10)
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

/// Separators a name may use between its parts (`orders-7`, `orders_7`, `orders 7`, `orders.7`,
/// `orders:7`, `orders/7`, `orders#7`).
#[inline]
fn is_name_sep(c: char) -> bool {
    matches!(
        c,
        '-' | '_' | ' ' | '.' | ':' | '/' | '#' | '\t' | '(' | ')' | '[' | ']' | '{' | '}' | '^'
    )
}

/// The longest separator run that still joins two parts of one name (`orders - 7`).
const MAX_NAME_GAP: usize = 3;

/// The view string targets are searched in: letters lowercased and folded to their UTS #39
/// confusable skeleton (Cyrillic `о` → `o`, `ɡ` → `g`; `m` and anything that looks like it →
/// `rn`), digits kept, and parts joined: a run of up to three name separators between two
/// parts is removed (so `orders_7`, `orders 7`, `orders7`, `Kafka Consumer Lag High` and
/// `KafkaConsumerLagHigh` all read alike), except between two digits, where it becomes `~`
/// (`10.0.5.1` is not `1005 1`). Leading zeros of a digit run are dropped (`orders-07`).
/// Anything else (other punctuation, a longer gap, a line end) becomes `|`, a break no target
/// spans. `text` must already be normalised.
pub(crate) fn string_view(text: &str) -> String {
    if text.is_ascii() {
        if let Ok(v) = String::from_utf8(string_view_ascii(text.as_bytes())) {
            return v;
        }
    }
    string_view_chars(text)
}

/// [`string_view`] of ASCII text, byte by byte: the same steps with no char decoding or
/// encoding (most replies and every ops dump). A test holds the two equal.
fn string_view_ascii(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 8);
    let mut gap = 0usize;
    let mut after_part = false;
    let mut prev_digit = false;
    for (i, &c) in text.iter().enumerate() {
        if c.is_ascii_alphanumeric() {
            let digit = c.is_ascii_digit();
            if gap > 0 {
                if after_part && gap <= MAX_NAME_GAP {
                    if digit && prev_digit {
                        out.push(b'~');
                    }
                } else if out.last() != Some(&b'|') {
                    out.push(b'|');
                }
                gap = 0;
            }
            if digit {
                let run_start = !prev_digit || matches!(out.last(), Some(b'~' | b'|'));
                if run_start && c == b'0' && text.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    continue;
                }
                out.push(c);
            } else {
                match c.to_ascii_lowercase() {
                    b'm' => out.extend_from_slice(b"rn"),
                    l => out.push(l),
                }
            }
            after_part = true;
            prev_digit = digit;
        } else if is_name_sep(char::from(c)) {
            gap += 1;
        } else {
            if out.last() != Some(&b'|') {
                out.push(b'|');
            }
            after_part = false;
            prev_digit = false;
            gap = 0;
        }
    }
    out
}

/// [`string_view`] of any text, char by char.
fn string_view_chars(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut gap = 0usize;
    // The last char pushed was alphanumeric (not a break).
    let mut after_part = false;
    let mut prev_digit = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() {
            let digit = c.is_ascii_digit();
            if gap > 0 {
                if after_part && gap <= MAX_NAME_GAP {
                    if digit && prev_digit {
                        out.push('~');
                    }
                } else if !out.ends_with('|') {
                    out.push('|');
                }
                gap = 0;
            }
            if digit {
                // Leading zeros of a run: skip a zero followed by another digit.
                let run_start = !prev_digit || out.ends_with('~') || out.ends_with('|');
                if run_start && c == '0' && chars.peek().is_some_and(|n| n.is_ascii_digit()) {
                    continue;
                }
                out.push(c);
            } else {
                push_letter(c, &mut out);
            }
            after_part = true;
            prev_digit = digit;
        } else if is_name_sep(c) {
            gap += 1;
        } else {
            if !out.ends_with('|') {
                out.push('|');
            }
            after_part = false;
            prev_digit = false;
            gap = 0;
        }
    }
    out
}

/// A letter as the string view holds it: lowercase, then its confusable skeleton, lowercase.
fn push_letter(c: char, out: &mut String) {
    if c.is_ascii() {
        match c.to_ascii_lowercase() {
            'm' => out.push_str("rn"),
            l => out.push(l),
        }
        return;
    }
    // The skeleton of the letter as written first: a capital look-alike (Cyrillic `К`, Greek
    // `Η`) is confusable with the Latin capital, not after lowercasing (`к` is no `k`).
    let mut buf = [0u8; 4];
    let written: String = unicode_security::skeleton(c.encode_utf8(&mut buf)).collect();
    for l in written.chars().flat_map(char::to_lowercase) {
        let mut buf = [0u8; 4];
        for s in unicode_security::skeleton(l.encode_utf8(&mut buf)) {
            if s.is_ascii_digit() {
                out.push(s);
                continue;
            }
            for f in s.to_lowercase() {
                if f == 'm' {
                    out.push_str("rn");
                } else if f.is_alphanumeric() {
                    out.push(f);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apostrophes_between_digits() {
        assert_eq!(
            apostrophes_as_spaces("..2400000'5100").as_deref(),
            Some("..2400000 5100")
        );
        assert_eq!(
            apostrophes_as_spaces("it's 5'100").as_deref(),
            Some("it's 5 100")
        );
        assert_eq!(apostrophes_as_spaces("it's 5100"), None);
    }

    #[test]
    fn normalisation_table() {
        let cases: &[(&str, &str)] = &[
            ("plain ascii 5100", "plain ascii 5100"),
            // LaTeX grouping goes; braces of a selector or an object beside `$` stay.
            ("$\\text{5}\\text{100}$", "5100"),
            ("${5}{100}$", "5100"),
            ("$5{,}100$", "5,100"),
            ("$\\text{lag} = 5100$", "lag = 5100"),
            ("$ lag{job=\"orders\"} 7", " lag{job=\"orders\"} 7"),
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
            ("caf\u{00E9} 5100", "cafe 5100"),
            ("\u{FEFF}5100", "5100"),
            ("e\u{0301}t\u{00E9} 5100\u{2014}x", "ete 5100-x"),
            ("ab\u{FF15}c", "ab5c"),
            ("\u{FF15}", "5"),
            ("x\u{00B3}y\u{00B2}", "x^3y^2"),
            // Invisible characters of every kind.
            ("5\u{034F}1\u{FE0F}0\u{17B4}0", "5100"),
            ("5\u{3164}1\u{FFA0}00", "5100"),
            ("5\u{0}1\u{7}00", "5100"),
            ("5\u{0301}1\u{0308}00", "5100"),
            ("5\u{FE0F}\u{20E3}1\u{FE0F}\u{20E3}", "51"),
            // Other digit systems.
            ("\u{0665}\u{0661}\u{0660}\u{0660}", "5100"),
            ("\u{06F5}\u{06F1}\u{06F0}\u{06F0}", "5100"),
            ("\u{096B}\u{0967}\u{0966}\u{0966}", "5100"),
            ("\u{0E55}\u{0E51}\u{0E50}\u{0E50}", "5100"),
            ("\u{2464}\u{2460}\u{24EA}\u{24EA}", "5100"),
            ("\u{277A}\u{2776}\u{24FF}", "510"),
            ("\u{1D7D3}\u{1D7CF}", "51"),
            // Look-alike separators.
            ("5\u{201A}100", "5,100"),
            ("5\u{066B}5", "5.5"),
            ("5\u{A4F8}1", "5.1"),
            // Markup.
            ("&#53;100", "5100"),
            ("&#x35;1&#48;0", "5100"),
            ("5<b>1</b>00", "5100"),
            ("5<br/>100", "5\n100"),
            ("<td>51</td><td>00</td>", "51 | 00 | "),
            ("<tr><td>5</td></tr><tr><td>100</td></tr>", "\n5\n100\n"),
            ("5~~1~~00", "5100"),
            ("a &lt; b &amp;&amp; c", "a < b && c"),
            ("&amp;#53;100", "5100"),
            ("1250\u{00BD}", "1250 1/2 "),
        ];
        for (input, want) in cases {
            assert_eq!(normalize(input), *want, "input {input:?}");
        }
    }

    #[test]
    fn ascii_text_is_borrowed() {
        assert!(matches!(normalize("abc 5100 - x"), Cow::Borrowed(_)));
        assert!(matches!(normalize("a < b"), Cow::Owned(_)) || normalize("a < b") == "a < b");
    }

    #[test]
    fn idempotent_on_samples() {
        for s in [
            "5<b>1</b>00 &#53; e\u{0301} \u{0665} ~~x~~ 10\u{00B3} \u{00BD}",
            "&amp;lt;b&amp;gt;",
            "\u{FF15}\u{200B}\u{2464}",
        ] {
            let once = normalize(s).into_owned();
            assert_eq!(normalize(&once), once, "{s:?}");
        }
    }

    #[test]
    fn string_view_ascii_equals_chars() {
        let corpus = include_str!("../../tests/data/benign_ops.txt");
        let mut texts: Vec<String> = corpus.lines().map(str::to_string).collect();
        texts.push(corpus.to_string());
        // Every short string over an alphabet of the bytes the view treats apart.
        let alphabet = b"a0M9-_ .|,\n\t:#(";
        let mut k = 0u64;
        for _ in 0..20_000 {
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (k >> 60) as usize;
            let mut t = String::new();
            let mut r = k;
            for _ in 0..len {
                t.push(char::from(alphabet[(r % alphabet.len() as u64) as usize]));
                r /= alphabet.len() as u64;
            }
            texts.push(t);
        }
        for t in &texts {
            let fast = String::from_utf8(string_view_ascii(t.as_bytes())).unwrap();
            assert_eq!(fast, string_view_chars(t), "{t:?}");
        }
    }

    #[test]
    fn string_view_table() {
        let cases: &[(&str, &str)] = &[
            ("orders-7", "orders7"),
            ("orders_7", "orders7"),
            ("orders 7", "orders7"),
            ("orders7", "orders7"),
            ("orders.7", "orders7"),
            ("orders:7", "orders7"),
            ("orders-07", "orders7"),
            ("orders - 7", "orders7"),
            ("orders, 7", "orders|7"),
            ("KafkaConsumerLagHigh", "kafkaconsurnerlaghigh"),
            ("Kafka Consumer Lag High", "kafkaconsurnerlaghigh"),
            ("kafka_consumer_lag_high", "kafkaconsurnerlaghigh"),
            ("\u{043E}rders-7", "orders7"),
            ("\u{0261}roup", "group"),
            ("10.0.5.1", "10~0~5~1"),
            ("orders-100", "orders100"),
            ("orders      7", "orders|7"),
        ];
        for (input, want) in cases {
            assert_eq!(string_view(input), *want, "input {input:?}");
        }
    }
}
