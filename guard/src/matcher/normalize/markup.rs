//! Step 1 of normalisation: markup as a renderer reads it. HTML tags (comments, CDATA,
//! processing instructions, quoted attributes), character references with or without `;`,
//! strikethrough, markdown escapes and empty links, emphasis beside a decimal point, and LaTeX,
//! undone to a fixed point ([`markup`]); and the second reading a browser gives HTML it hides
//! (`hidden`, `display:none`, `<script>`: [`without_hidden`]). The parent module owns the
//! character steps and calls these.
use std::borrow::Cow;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Could step 1 change `text`?
pub(super) fn has_markup(text: &str) -> bool {
    let b = text.as_bytes();
    memchr::memchr3(b'<', b'&', b'\\', b).is_some()
        || memchr::memchr(b'$', b).is_some()
        || memchr::memmem::find(b, b"~~").is_some()
        || memchr::memmem::find(b, b"](").is_some()
        || memchr::memchr(b'*', b).is_some_and(|_| emphasis_in_number(b))
}

/// `*2*.4`, `*1250*.5`: emphasis beside a decimal point. Only a `*` can be the middle of
/// such a triple, so the search jumps from `*` to `*` (memchr) instead of sliding a window
/// over every byte; the triples it accepts are the same.
fn emphasis_in_number(b: &[u8]) -> bool {
    memchr::memchr_iter(b'*', b).any(|i| {
        let (Some(&x), Some(&y)) = (i.checked_sub(1).and_then(|p| b.get(p)), b.get(i + 1)) else {
            return false;
        };
        (x.is_ascii_digit() && matches!(y, b'.' | b','))
            || (matches!(x, b'.' | b',') && y.is_ascii_digit())
    })
}

/// The reading without `**` pairs and backticks inside digit runs (`51**00**`, `51``00`):
/// a view of its own beside the normalised text, since removing a marker also glues what a
/// renderer would keep apart (`**5**,10` then `0`). `None` when there is no such marker.
pub(crate) fn without_digit_markers(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if !memchr::memchr2_iter(b'*', b'`', b).any(|i| marker_in_digits(b, i).is_some()) {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut from = 0;
    let mut i = 0;
    while i < b.len() {
        if matches!(b[i], b'*' | b'`') {
            if let Some(n) = marker_in_digits(b, i) {
                out.push_str(s.get(from..i).unwrap_or(""));
                i += n;
                from = i;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(s.get(from..).unwrap_or(""));
    Some(out)
}

/// At `i`, a `**` or a backtick run (one or two) inside a digit run (`51**00**`, `51``00`,
/// `51`00``): its length. A digit must be before it and a digit or the run's end after it;
/// a lone `*` stays (`5*100` is a product).
fn marker_in_digits(b: &[u8], i: usize) -> Option<usize> {
    let c = *b.get(i)?;
    if i > 0 && b.get(i - 1) == Some(&c) {
        return None;
    }
    let mut n = 0;
    while b.get(i + n) == Some(&c) && n < 3 {
        n += 1;
    }
    if (c == b'*' && n != 2) || (c == b'`' && n > 2) || b.get(i + n) == Some(&c) {
        return None;
    }
    let digit = |k: Option<usize>| k.and_then(|k| b.get(k)).is_some_and(u8::is_ascii_digit);
    let end = |k: usize| !b.get(k).is_some_and(u8::is_ascii_alphanumeric);
    let before = digit(i.checked_sub(1));
    let after = digit(Some(i + n));
    if !(before && (after || end(i + n))) {
        return None;
    }
    if c == b'`' {
        return Some(n);
    }
    // `**` must pair around digits (`51**00**`, `5**1**00`): `10**3` is a power.
    let mut k = i + n;
    while b.get(k).is_some_and(u8::is_ascii_digit) {
        k += 1;
    }
    let closes_after = k > i + n && b.get(k..k + 2) == Some(b"**");
    let mut j = i;
    while j > 0 && b.get(j - 1).is_some_and(u8::is_ascii_digit) {
        j -= 1;
    }
    let opens_before = j < i && j >= 2 && b.get(j - 2..j) == Some(b"**");
    (closes_after || opens_before).then_some(n)
}

/// The reading without footnote markers inside a digit run, as a reader skips them:
/// `51[^1]00`, `51[1]00`, `51^(a)00`, `51(1)00`, `51¹00`, `51†00`, `51*00`, and an aside in
/// parentheses between two groups (`51 (see below) 00` reads `51 00`, which the split rule
/// reads). On the text as written (normalising turns `¹` into `^1`). `None` when there is
/// no marker between two digits.
///
/// Controls: the marker sits right after a digit and right before one; a bracketed marker
/// holds at most four letters or digits (`a[i]0` in code holds a name, and `x[10]0` is not
/// read, as its digits would join); a lone `*` only before a `0` (`5*100` is a product); an
/// aside holds no digit and at most 24 bytes on one line.
pub(crate) fn without_footnotes(text: &str) -> Option<String> {
    let b = text.as_bytes();
    // Most texts: no digit is followed by a marker's first byte.
    let maybe = |i: usize| match b.get(i + 1) {
        Some(b'[' | b'^' | b'(' | b'*') => true,
        Some(b' ') => b.get(i + 2) == Some(&b'('),
        Some(c) => *c >= 0x80,
        None => false,
    };
    // Candidates: a marker's first byte (`[ ^ ( *`, or the lead byte of a superscript,
    // dagger or reference mark) right after a digit, or ` (` after one.
    let after_digit = |p: usize| {
        p > 0
            && (b[p - 1].is_ascii_digit()
                || (b[p] == b'(' && b[p - 1] == b' ' && p > 1 && b[p - 2].is_ascii_digit()))
    };
    let digit_before = |p: usize| {
        if b[p - 1] == b' ' {
            p - 2
        } else {
            p - 1
        }
    };
    let first = memchr::memchr3_iter(b'[', b'^', b'(', b)
        .chain(memchr::memchr_iter(b'*', b))
        .chain(memchr::memchr3_iter(0xC2, 0xE1, 0xE2, b))
        .filter(|&p| after_digit(p))
        .map(digit_before)
        .filter(|&i| footnote_at(text, i + 1).is_some())
        .min()?;
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    let mut changed = false;
    let mut i = first;
    while i < b.len() {
        if b[i].is_ascii_digit() && maybe(i) {
            if let Some((len, with)) = footnote_at(text, i + 1) {
                out.push_str(text.get(from..=i).unwrap_or(""));
                out.push_str(with);
                i += 1 + len;
                from = i;
                changed = true;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(text.get(from..).unwrap_or(""));
    changed.then_some(out)
}

/// A footnote marker at `p` (right after a digit) followed by a digit: its length and what
/// it reads as (nothing, or a space for an aside between spaced groups).
fn footnote_at(s: &str, p: usize) -> Option<(usize, &'static str)> {
    let b = s.as_bytes();
    let rest = s.get(p..)?;
    let digit_at = |k: usize| b.get(k).is_some_and(u8::is_ascii_digit);
    let short = |inner: &str| {
        (1..=4).contains(&inner.len()) && inner.bytes().all(|c| c.is_ascii_alphanumeric())
    };
    // `[^1]`, `[1]`, `^(a)`, `(1)`.
    for (open, close) in [("[^", ']'), ("[", ']'), ("^(", ')'), ("(", ')')] {
        if let Some(body) = rest.strip_prefix(open) {
            let end = body.find(close)?;
            let inner = body.get(..end)?;
            let single = open != "(" || inner.len() == 1;
            let len = open.len() + end + 1;
            if short(inner) && single && digit_at(p + len) {
                return Some((len, ""));
            }
            return None;
        }
    }
    // `51 (see below) 00`: an aside between spaced groups.
    if let Some(body) = rest.strip_prefix(" (") {
        let end = body.find(')')?;
        let inner = body.get(..end)?;
        let len = 2 + end + 1;
        if inner.len() <= 24
            && !inner.bytes().any(|c| c.is_ascii_digit() || c == b'\n')
            && b.get(p + len) == Some(&b' ')
            && digit_at(p + len + 1)
        {
            return Some((len + 1, " "));
        }
        return None;
    }
    // `51*00`: a lone star before a zero (before another digit it is a product).
    if rest.starts_with('*') && b.get(p + 1) == Some(&b'0') {
        return Some((1, ""));
    }
    // Superscript digits and letters, daggers and reference marks (`51¹00`, `51†00`).
    let mut len = 0;
    for c in rest.chars().take(3) {
        let mark = matches!(
            c,
            '\u{00B9}' | '\u{00B2}' | '\u{00B3}' | '\u{2070}'..='\u{2079}' | '\u{1D43}'..='\u{1D5B}'
                | '\u{207F}' | '\u{2020}' | '\u{2021}' | '\u{00A7}' | '\u{00B6}'
                | '\u{203B}' | '\u{2042}' | '\u{204E}'
        );
        if !mark {
            break;
        }
        len += c.len_utf8();
    }
    (len > 0 && digit_at(p + len)).then_some((len, ""))
}

/// Markdown and LaTeX that render a number or name without the characters between:
/// empty links and images (`5[]()100`, `5![]()100`), emphasis beside a decimal point
/// (`*2*.4`), backslash escapes (`orders\-7`), LaTeX spacing (`5\,100`), commands and braces
/// (`\text{5}\text{100}`, `${5}{100}$`).
fn markdown_latex(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let latex = memchr::memchr2(b'\\', b'$', b).is_some();
    if !latex && memchr::memmem::find(b, b"](").is_none() && !emphasis_in_number(b) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    // Braces opened by a command (`\text{`) and not yet closed.
    let mut command_braces = 0usize;
    while i < b.len() {
        let c = b[i];
        // `[]( … )` and `![]( … )` with empty text render nothing.
        if c == b'[' || (c == b'!' && b.get(i + 1) == Some(&b'[')) {
            let open = if c == b'!' { i + 1 } else { i };
            if b.get(open + 1) == Some(&b']') && b.get(open + 2) == Some(&b'(') {
                if let Some(k) = b
                    .get(open + 3..)
                    .and_then(|r| r.iter().take(256).position(|&x| x == b')'))
                {
                    i = open + 3 + k + 1;
                    continue;
                }
            }
        }
        if c == b'*' {
            let prev = i
                .checked_sub(1)
                .and_then(|k| b.get(k))
                .copied()
                .unwrap_or(0);
            let next = b.get(i + 1).copied().unwrap_or(0);
            if (prev.is_ascii_digit() && matches!(next, b'.' | b','))
                || (matches!(prev, b'.' | b',') && next.is_ascii_digit())
            {
                i += 1;
                continue;
            }
        }
        if c == b'\\' {
            let next = b.get(i + 1).copied().unwrap_or(0);
            if latex && matches!(next, b',' | b';' | b':' | b'!' | b' ') {
                out.push(' ');
                i += 2;
                continue;
            }
            if latex && next.is_ascii_alphabetic() {
                // `\text{`, `\mathrm{`: the command goes; its braces go below.
                let mut k = i + 1;
                while b.get(k).is_some_and(u8::is_ascii_alphabetic) && k - i < 16 {
                    k += 1;
                }
                if b.get(k) == Some(&b'{') {
                    // The command's own braces go whatever they hold (`\text{lag}`).
                    i = k + 1;
                    command_braces += 1;
                    continue;
                }
            }
            if next.is_ascii_punctuation() {
                // A markdown escape renders the character alone.
                i += 1;
                continue;
            }
        }
        if latex && c == b'}' && command_braces > 0 {
            command_braces -= 1;
            i += 1;
            continue;
        }
        if latex && (c == b'$' || (matches!(c, b'{' | b'}') && brace_in_math(b, i))) {
            i += 1;
            continue;
        }
        // Copy up to the next byte a rule above looks at (all ASCII, so every cut is on a
        // char boundary).
        let span = b
            .get(i + 1..)
            .and_then(|r| {
                r.iter()
                    .position(|x| matches!(x, b'[' | b'!' | b'*' | b'\\' | b'{' | b'}' | b'$'))
            })
            .map_or(b.len(), |k| i + 1 + k);
        out.push_str(s.get(i..span).unwrap_or(""));
        i = span;
    }
    Cow::Owned(out)
}

/// Is the brace at `i` LaTeX grouping that a renderer drops (`{5}{100}`, `5{,}100`, `{\bf
/// 5}`)? Only when a neighbour is a digit, a brace, `$` or `\`: braces between letters and
/// quotes (a Prometheus selector, `lag{job="orders"}`, a JSON object) are text, and keeping
/// them keeps a long ops text equal to its markup-kept reading, read once.
///
/// A brace beside a letter that has no partner on its line (`1 }hundred`, `MB/{s`) is a stray
/// a learner put there to break a word, and goes too; balanced ones (`lag{job="x"}`, `{{.Values}}`)
/// and a pretty-printed JSON's braces (beside nothing but spaces, commas and line ends) stay.
fn brace_in_math(b: &[u8], i: usize) -> bool {
    let before = i.checked_sub(1).and_then(|k| b.get(k));
    let after = b.get(i + 1);
    let math = |c: Option<&u8>| {
        c.is_some_and(|c| c.is_ascii_digit() || matches!(c, b'{' | b'}' | b'$' | b'\\'))
    };
    if math(before) || math(after) {
        return true;
    }
    // A digit of another script beside it (`٤٢}٠٠`): this step runs before digits are folded.
    if before.is_some_and(|c| *c >= 0x80) || after.is_some_and(|c| *c >= 0x80) {
        let back = b.get(i.saturating_sub(4)..i).unwrap_or_default();
        let prev = (0..back.len())
            .find_map(|k| std::str::from_utf8(back.get(k..)?).ok())
            .and_then(|t| t.chars().next_back());
        let fwd = b.get(i + 1..(i + 5).min(b.len())).unwrap_or_default();
        let next = (1..=fwd.len())
            .rev()
            .find_map(|k| std::str::from_utf8(fwd.get(..k)?).ok())
            .and_then(|t| t.chars().next());
        let digit = |c: Option<char>| {
            c.is_some_and(|c| {
                !c.is_ascii() && c.general_category() == GeneralCategory::DecimalNumber
            })
        };
        if digit(prev) || digit(next) {
            return true;
        }
    }
    let letter = |c: Option<&u8>| c.is_some_and(u8::is_ascii_alphabetic);
    if !letter(before) && !letter(after) {
        return false;
    }
    let start = memchr::memrchr(b'\n', &b[..i]).map_or(0, |k| k + 1);
    let end = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |k| i + k);
    if b[i] == b'}' {
        memchr::memrchr(b'{', &b[start..i]).is_none()
    } else {
        memchr::memchr(b'}', &b[i + 1..end]).is_none()
    }
}

/// Step 1: tags, character references, strikethrough. Borrowed when there is none.
pub(super) fn markup(text: &str) -> Cow<'_, str> {
    if !has_markup(text) {
        return Cow::Borrowed(text);
    }
    let mut s: Cow<'_, str> = Cow::Borrowed(text);
    // Until nothing changes (each round shrinks the text, so this ends): double-encoded
    // references (`&amp;#53;`) and tags that decoding reveals (`&lt;b&gt;`) go too, and
    // normalising again changes nothing. Bounded for a hostile nesting depth. A round in which
    // every step borrows changed nothing and copies nothing (a text whose only markup
    // character is a `<` of comparison or an `&` in a URL costs one read per step).
    for _ in 0..MARKUP_ROUNDS {
        // Strikethrough first: removing it can join a reference (`&#~~5` is `&#5`).
        if s.contains("~~") {
            s = Cow::Owned(s.replace("~~", ""));
        }
        let untagged = strip_tags(&s);
        let plain = markdown_latex(&untagged);
        let refs = bare_references(&plain);
        let decoded = html_escape::decode_html_entities(refs.as_ref());
        let all_borrowed = matches!(untagged, Cow::Borrowed(_))
            && matches!(plain, Cow::Borrowed(_))
            && matches!(refs, Cow::Borrowed(_))
            && matches!(decoded, Cow::Borrowed(_));
        if all_borrowed {
            break;
        }
        let decoded = decoded.into_owned();
        let changed = *decoded != *s;
        s = Cow::Owned(decoded);
        if !changed || !has_markup(&s) {
            break;
        }
    }
    if *s == *text {
        return Cow::Borrowed(text);
    }
    s
}

/// Most markup rounds (nesting depth of encodings) undone.
pub(super) const MARKUP_ROUNDS: usize = 64;

/// Block-level tags: they separate what is on either side, as a renderer shows it.
const BLOCK_TAGS: &[&str] = &[
    "br",
    "p",
    "div",
    "li",
    "ul",
    "ol",
    "tr",
    "td",
    "th",
    "table",
    "thead",
    "tbody",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "pre",
    "blockquote",
    "section",
    "article",
    "dd",
    "dt",
    "dl",
];

/// Numeric character references without their `;` (`&#53&#49`), which browsers decode too.
fn bare_references(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    if memchr::memmem::find(b, b"&#").is_none() {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut copied = 0;
    for at in memchr::memmem::find_iter(b, b"&#") {
        if at < copied {
            continue;
        }
        let hex = matches!(b.get(at + 2), Some(b'x' | b'X'));
        let start = at + 2 + usize::from(hex);
        let mut k = start;
        while b.get(k).is_some_and(|c| {
            if hex {
                c.is_ascii_hexdigit()
            } else {
                c.is_ascii_digit()
            }
        }) && k - start < 7
        {
            k += 1;
        }
        if k == start || b.get(k) == Some(&b';') {
            continue;
        }
        let digits = s.get(start..k).unwrap_or("");
        let Some(ch) = u32::from_str_radix(digits, if hex { 16 } else { 10 })
            .ok()
            .and_then(char::from_u32)
        else {
            continue;
        };
        out.push_str(s.get(copied..at).unwrap_or(""));
        out.push(ch);
        copied = k;
    }
    if copied == 0 {
        return Cow::Borrowed(s);
    }
    out.push_str(s.get(copied..).unwrap_or(""));
    Cow::Owned(out)
}

/// HTML constructs that render as nothing: comments, CDATA, processing instructions,
/// declarations, `</>` and `<>`. Returns where the construct ends, if one starts at `lt`.
fn invisible_construct(b: &[u8], lt: usize) -> Option<usize> {
    let rest = b.get(lt..)?;
    let find = |from: usize, end: &[u8]| {
        memchr::memmem::find(
            rest.get(from..)?
                .get(..rest.len().saturating_sub(from).min(4096))?,
            end,
        )
        .map(|k| lt + from + k + end.len())
    };
    if rest.starts_with(b"<!--") {
        return find(4, b"-->");
    }
    if rest.starts_with(b"<![CDATA[") {
        return find(9, b"]]>");
    }
    if rest.starts_with(b"<!") || rest.starts_with(b"<?") {
        return find(2, b">");
    }
    if rest.starts_with(b"</>") {
        return Some(lt + 3);
    }
    if rest.starts_with(b"<>") {
        return Some(lt + 2);
    }
    None
}

/// Drop HTML tags: `<` then an optional `/`, a letter, then anything but `<` up to `>` within
/// 256 bytes (attributes included). A `<` that does not start a tag (`a < b`) is kept.
fn strip_tags(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0;
    for lt in memchr::memchr_iter(b'<', b) {
        if lt < copied {
            continue;
        }
        if let Some(end) = invisible_construct(b, lt) {
            let o = out.get_or_insert_with(|| String::with_capacity(s.len()));
            o.push_str(s.get(copied..lt).unwrap_or(""));
            copied = end;
            continue;
        }
        let mut p = lt + 1;
        if b.get(p) == Some(&b'/') {
            p += 1;
        }
        if !b.get(p).is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        let name_start = p;
        while b.get(p).is_some_and(u8::is_ascii_alphanumeric) {
            p += 1;
        }
        let name = s.get(name_start..p).unwrap_or("");
        // Up to `>`, skipping quoted attribute values (`title="a>b"`).
        let mut quote = 0u8;
        let mut gt = None;
        for (k, &c) in b.get(p..).unwrap_or(&[]).iter().take(256).enumerate() {
            match (quote, c) {
                (0, b'"' | b'\'') => quote = c,
                (0, b'>') => {
                    gt = Some(p + k);
                    break;
                }
                (0, b'<') => break,
                (q, c) if q == c => quote = 0,
                _ => {}
            }
        }
        let Some(gt) = gt else {
            continue;
        };
        let o = out.get_or_insert_with(|| String::with_capacity(s.len()));
        o.push_str(s.get(copied..lt).unwrap_or(""));
        // One separator for a run of block tags: ` | ` between cells, as a markdown table
        // writes them (`<td>51</td><td>00</td>` reads `51 | 00`, a split number, while each
        // cell stays a number of its own), a line break between rows and paragraphs (so the
        // last cell of a row and the first of the next are not read together).
        if BLOCK_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name)) {
            let cell = name.eq_ignore_ascii_case("td") || name.eq_ignore_ascii_case("th");
            if cell {
                if !(o.is_empty() || o.ends_with('\n') || o.ends_with(" | ")) {
                    o.push_str(" | ");
                }
            } else if !o.ends_with('\n') {
                if o.ends_with(" | ") {
                    o.truncate(o.len() - 3);
                }
                o.push('\n');
            }
        }
        copied = gt + 1;
    }
    match out {
        None => Cow::Borrowed(s),
        Some(mut o) => {
            o.push_str(s.get(copied..).unwrap_or(""));
            Cow::Owned(o)
        }
    }
}

/// Elements whose content a browser never shows, whatever their attributes.
/// Ruby annotations (`<rt>`, `<rp>`) show above or beside their base text, not in it: the
/// base read alone (`<ruby>51<rt>x</rt></ruby>00` is `5100`).
const UNSHOWN_ELEMENTS: &[&str] = &["script", "style", "template", "head", "title", "rt", "rp"];

/// Attribute text that hides an element (lowercase, spaces removed): the `hidden` attribute
/// and every attribute or class naming it (`aria-hidden`, `visibility:hidden`,
/// `visually-hidden`), `display:none`, `d-none`, zero size or opacity, transparent text,
/// `sr-only`, `invisible`.
const HIDING_MARKS: &[&str] = &[
    "hidden",
    "display:none",
    "d-none",
    "opacity:0",
    "font-size:0",
    "transparent",
    "sr-only",
    "invisible",
    "clip:rect(0",
    "width:0",
    "height:0",
];

/// Longest element content removed as hidden; a longer one keeps its content (its tags still
/// go), so the reading stays linear.
const MAX_HIDDEN_CONTENT: usize = 4096;

/// The text as a browser shows it when some of its HTML is hidden: every element a browser
/// does not render (`<span hidden>9</span>`, `<b style="display:none">`, `<script>`) removed
/// with its content. `5<span hidden>9</span>100` renders as `5100`, which the ordinary reading
/// (tags dropped, content kept: `59100`) cannot see. `None` when nothing is hidden. The
/// caller normalises and scans this reading besides the ordinary one.
pub(crate) fn without_hidden(text: &str) -> Option<String> {
    let b = text.as_bytes();
    memchr::memchr(b'<', b)?;
    let mut out = String::new();
    let mut copied = 0;
    let mut any = false;
    for lt in memchr::memchr_iter(b'<', b) {
        if lt < copied {
            continue;
        }
        let Some((name, gt, hides)) = opening_tag(text, lt) else {
            continue;
        };
        if !hides {
            continue;
        }
        let end = closing_tag(text, gt + 1, name).unwrap_or(gt + 1);
        out.push_str(text.get(copied..lt).unwrap_or(""));
        copied = end;
        any = true;
    }
    if !any {
        return None;
    }
    out.push_str(text.get(copied..).unwrap_or(""));
    Some(out)
}

/// An opening tag at `lt`: its name, the index of its `>`, and whether it hides its content.
fn opening_tag(text: &str, lt: usize) -> Option<(&str, usize, bool)> {
    let b = text.as_bytes();
    let mut p = lt + 1;
    if !b.get(p).is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let start = p;
    while b.get(p).is_some_and(u8::is_ascii_alphanumeric) {
        p += 1;
    }
    let name = text.get(start..p)?;
    let mut quote = 0u8;
    let mut gt = None;
    for (k, &c) in b.get(p..)?.iter().take(512).enumerate() {
        match (quote, c) {
            (0, b'"' | b'\'') => quote = c,
            (0, b'>') => {
                gt = Some(p + k);
                break;
            }
            (0, b'<') => return None,
            (q, c) if q == c => quote = 0,
            _ => {}
        }
    }
    let gt = gt?;
    if UNSHOWN_ELEMENTS
        .iter()
        .any(|e| e.eq_ignore_ascii_case(name))
    {
        return Some((name, gt, true));
    }
    let attrs: String = text
        .get(p..gt)?
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'')
        .flat_map(char::to_lowercase)
        .collect();
    let hides = HIDING_MARKS.iter().any(|m| attrs.contains(m));
    Some((name, gt, hides))
}

/// The end of the element `name` whose content starts at `from` (nested elements of the same
/// name counted), within [`MAX_HIDDEN_CONTENT`] bytes.
pub(super) fn closing_tag(text: &str, from: usize, name: &str) -> Option<usize> {
    let b = text.as_bytes();
    let window = b.get(from..)?;
    let window = window.get(..window.len().min(MAX_HIDDEN_CONTENT))?;
    let mut depth = 0usize;
    for k in memchr::memchr_iter(b'<', window) {
        let at = from + k;
        let closing = b.get(at + 1) == Some(&b'/');
        let ns = at + 1 + usize::from(closing);
        let same = text
            .get(ns..ns + name.len())
            .is_some_and(|n| n.eq_ignore_ascii_case(name))
            && !b
                .get(ns + name.len())
                .is_some_and(u8::is_ascii_alphanumeric);
        if !same {
            continue;
        }
        if !closing {
            depth += 1;
            continue;
        }
        if depth == 0 {
            let gt = memchr::memchr(b'>', b.get(ns..)?)?;
            return Some(ns + gt + 1);
        }
        depth -= 1;
    }
    None
}

/// The text as a reader sees it where HTML is shown as text, its tags' brackets gone: each
/// tag (`<five/>`, `</b>`, `<worker name="kestrel">`) becomes its name and attributes between
/// spaces, with `/`, `=` and quotes as spaces too. A value written as tag names
/// (`<five/><thousand/><one/><hundred/>`, `<kilo><echo>…`) is dropped from the rendered
/// reading and broken up by brackets in the markup-kept one; here it reads as words. `None`
/// when the text has no tag.
pub(crate) fn tags_as_words(text: &str) -> Option<String> {
    let b = text.as_bytes();
    memchr::memchr(b'<', b)?;
    let mut out = String::new();
    let mut copied = 0;
    for lt in memchr::memchr_iter(b'<', b) {
        if lt < copied {
            continue;
        }
        let name = lt + 1 + usize::from(b.get(lt + 1) == Some(&b'/'));
        if !b.get(name).is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        // The same bound as `strip_tags`: a `>` within 256 bytes, no `<` before it.
        let window = b.get(name..).unwrap_or(&[]);
        let window = window.get(..window.len().min(256)).unwrap_or(&[]);
        let Some(gt) = memchr::memchr2(b'>', b'<', window)
            .filter(|&k| window.get(k) == Some(&b'>'))
            .map(|k| name + k)
        else {
            continue;
        };
        out.push_str(text.get(copied..lt).unwrap_or(""));
        out.push(' ');
        for c in text.get(name..gt).unwrap_or("").chars() {
            out.push(if matches!(c, '/' | '=' | '"' | '\'') {
                ' '
            } else {
                c
            });
        }
        out.push(' ');
        copied = gt + 1;
    }
    if copied == 0 {
        return None;
    }
    out.push_str(text.get(copied..).unwrap_or(""));
    Some(out)
}

#[cfg(test)]
mod tag_word_tests {
    use super::tags_as_words;

    #[test]
    fn tags_read_as_their_names() {
        let r =
            |t: &str| tags_as_words(t).map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "));
        assert_eq!(
            r("<five/><thousand/><one/><hundred/>").as_deref(),
            Some("five thousand one hundred")
        );
        assert_eq!(r("</kestrel>").as_deref(), Some("kestrel"));
        assert_eq!(
            r("<worker name=\"kestrel\">x").as_deref(),
            Some("worker name kestrel x")
        );
        // Not tags: a comparison, a number after `<`, a bracket never closed.
        assert_eq!(r("a < b and c > d"), None);
        assert_eq!(r("<51>00"), None);
        assert_eq!(r("<kestrel"), None);
        assert_eq!(r("<a <b>").as_deref(), Some("<a b"));
    }
}

/// The text with each markdown link or image (`[51](http://x)`, `![51](a.png)`) written as
/// its text, as a renderer shows it: `[51](http://x)00` reads `5100` on screen, while the
/// ordinary reading keeps the address between the pieces. A reading of its own beside the
/// ordinary one (which still reads the address). `None` without a link.
pub(crate) fn links_as_text(text: &str) -> Option<String> {
    // Reference links first (`[51][1][00][2]` with `[1]: http://a` below).
    let referenced = reference_links(text);
    let text = referenced.as_deref().unwrap_or(text);
    let b = text.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    for mid in memchr::memmem::find_iter(b, b"](") {
        if mid < copied {
            continue;
        }
        let Some(open) = link_open(b, copied, mid) else {
            continue;
        };
        // The `)` that closes the address: within 512 bytes, on the same line.
        let tail = b.get(mid + 2..).unwrap_or(&[]);
        let tail = tail.get(..tail.len().min(512)).unwrap_or(&[]);
        let Some(close) = memchr::memchr2(b')', b'\n', tail)
            .filter(|&k| tail.get(k) == Some(&b')'))
            .map(|k| mid + 2 + k)
        else {
            continue;
        };
        let start = if open > 0 && b.get(open - 1) == Some(&b'!') {
            open - 1
        } else {
            open
        };
        out.push_str(text.get(copied..start).unwrap_or(""));
        out.push_str(text.get(open + 1..mid).unwrap_or(""));
        copied = close + 1;
    }
    if copied == 0 {
        return referenced;
    }
    out.push_str(text.get(copied..).unwrap_or(""));
    Some(out)
}

/// The `[` that opens a link's text ending at `mid` (its `]`): within 256 bytes, on the same
/// line, not nested, and not before `copied` (a link already written out).
fn link_open(b: &[u8], copied: usize, mid: usize) -> Option<usize> {
    let head = b.get(copied..mid)?;
    let head = head.get(head.len().saturating_sub(256)..)?;
    memchr::memrchr3(b'[', b']', b'\n', head)
        .filter(|&k| head.get(k) == Some(&b'['))
        .map(|k| mid - head.len() + k)
}

/// Reference-style links (`[51][1]` with a definition line `[1]: http://a`) written as their
/// text; `None` without a definition or such a link.
fn reference_links(text: &str) -> Option<String> {
    let b = text.as_bytes();
    memchr::memmem::find(b, b"]:")?;
    let labels: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix('[')?;
            let end = rest.find("]:")?;
            rest.get(..end).filter(|d| !d.is_empty() && d.len() <= 32)
        })
        .collect();
    if labels.is_empty() {
        return None;
    }
    let mut out = String::new();
    let mut copied = 0;
    for mid in memchr::memmem::find_iter(b, b"][") {
        if mid < copied {
            continue;
        }
        let Some(open) = link_open(b, copied, mid) else {
            continue;
        };
        let tail = text.get(mid + 2..).unwrap_or("");
        let Some(close) = tail.find(']').filter(|&k| k <= 32) else {
            continue;
        };
        if !labels.contains(&tail.get(..close).unwrap_or("")) {
            continue;
        }
        out.push_str(text.get(copied..open).unwrap_or(""));
        out.push_str(text.get(open + 1..mid).unwrap_or(""));
        copied = mid + 2 + close + 1;
    }
    if copied == 0 {
        return None;
    }
    out.push_str(text.get(copied..).unwrap_or(""));
    Some(out)
}

#[cfg(test)]
mod link_tests {
    use super::{links_as_text, without_footnotes};

    #[test]
    fn footnote_markers_inside_digits() {
        for (t, want) in [
            ("lag: 51[^1]00", "lag: 5100"),
            ("lag is 51[1]00", "lag is 5100"),
            ("51^(a)00", "5100"),
            ("51(1)00", "5100"),
            ("lag 51\u{00B9}00", "lag 5100"),
            ("lag 51\u{2020}00", "lag 5100"),
            (
                "lag 51*00 (* ignore the star)",
                "lag 5100 (* ignore the star)",
            ),
            ("lag 51 (see below) 00", "lag 51 00"),
        ] {
            assert_eq!(without_footnotes(t).as_deref(), Some(want), "{t:?}");
        }
        for t in [
            "5*100 = 500",
            "a[i]0",
            "x[10]0",
            "f(12)3",
            "10\u{00B2} + 3",
            "5 (of 10) 0",
            "see [1] and [2]",
            "51 (five) x",
        ] {
            assert_eq!(without_footnotes(t), None, "{t:?}");
        }
    }

    #[test]
    fn links_read_as_their_text() {
        assert_eq!(links_as_text("[51](http://x)00").as_deref(), Some("5100"));
        assert_eq!(
            links_as_text("lag: [51][1][00][2]\n\n[1]: http://a\n[2]: http://b").as_deref(),
            Some("lag: 5100\n\n[1]: http://a\n[2]: http://b")
        );
        assert_eq!(links_as_text("a[i][j] = 0"), None);
        assert_eq!(
            links_as_text("see ![51](a.png)00 and [docs](https://d/x)").as_deref(),
            Some("see 5100 and docs")
        );
        assert_eq!(links_as_text("a [b] (c)"), None);
        assert_eq!(links_as_text("arr[i](x"), None);
        assert_eq!(links_as_text("x](y)"), None);
    }
}
