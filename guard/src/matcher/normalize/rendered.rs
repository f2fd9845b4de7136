//! Text as a terminal or a forum renders it, where normalising reads it as written: BBCode
//! tags (`[b]51[/b][i]00[/i]`) and ANSI escape sequences (`\x1b[1m51\x1b[0m00`) drawn as
//! nothing ([`as_rendered`]); troff escapes and RTF control words typeset as nothing
//! (`\fB51\fR00`, `{\b 51}00`: [`as_typeset`]); and text that renders struck out, erased or hidden between the
//! digits or letters of a value, read without it ([`without_struck`]): `51~~9~~00`,
//! `51<del>9</del>00`, `51[s]9[/s]00`, `519\x08 00` (a backspace), `51\x1b[8m9\x1b[28m00`
//! (concealed), `519\x1b[1D\x1b[K00` (erased), `51\phantom{9}00`; and spoilers shown, their
//! markers drawn as nothing (`||51||||00||`, `>!51!<>!00!<`: [`spoilers_shown`]). The matcher reads each as a
//! view beside the normalised text, since the same characters also have their plain reading.
//!
//! False-positive controls: only known BBCode tag names are tags (`[1]`, `[i]` as an index in
//! code is `i`: a tag only when its closing tag is also there); a struck span is at most 40
//! bytes on one line; both views are read only where they differ from the text.
//!
//! Cost: a byte test for `[`, ESC, backspace, `~~`, `<del`, `<s>`, `<strike`, `\phantom`
//! decides most texts; the view is built only when one is there.

/// BBCode tags drawn as formatting (lowercase).
const BBCODE: &[&str] = &[
    "b",
    "i",
    "u",
    "s",
    "color",
    "size",
    "font",
    "code",
    "quote",
    "url",
    "sup",
    "sub",
    "center",
    "left",
    "right",
    "highlight",
    "spoiler",
    "tt",
    "pre",
    "small",
    "big",
    "strike",
    "del",
    "ins",
    "mark",
    "em",
    "strong",
    "indent",
    "list",
    "noparse",
];

/// Longest struck span removed, in bytes.
const MAX_STRUCK: usize = 40;

/// The BBCode tag at `p` (`[b]`, `[/b]`, `[color=red]`): its length.
fn bbcode_at(s: &str, p: usize) -> Option<usize> {
    let rest = s.get(p..)?.strip_prefix('[')?;
    let close = rest.find(']').filter(|&c| c <= 24)?;
    let inner = rest.get(..close)?;
    let name = inner.strip_prefix('/').unwrap_or(inner);
    let name = name.split('=').next()?;
    let known = BBCODE.iter().any(|t| t.eq_ignore_ascii_case(name));
    if !known {
        return None;
    }
    // `[i]`, `[b]` alone are also indexes (`a[i]`): a one-letter tag needs its closing tag
    // within 200 bytes.
    if name.len() == 1 && !inner.starts_with('/') {
        let later = s.as_bytes().get(p + close + 2..)?;
        let later = later.get(..later.len().min(200))?;
        let letter = name.as_bytes().first()?;
        let closes = memchr::memchr_iter(b'[', later).any(|k| {
            later.get(k + 1) == Some(&b'/')
                && later
                    .get(k + 2)
                    .is_some_and(|c| c.eq_ignore_ascii_case(letter))
                && later.get(k + 3) == Some(&b']')
        });
        if !closes {
            return None;
        }
    }
    Some(close + 2)
}

/// An ANSI escape sequence at `p` (ESC `[` parameters, a final byte; or ESC and one byte):
/// its length and its final byte.
fn ansi_at(b: &[u8], p: usize) -> Option<(usize, u8, &[u8])> {
    if b.get(p) != Some(&0x1B) {
        return None;
    }
    if b.get(p + 1) != Some(&b'[') {
        return b.get(p + 1).map(|c| (2, *c, &[][..]));
    }
    let mut q = p + 2;
    while b.get(q).is_some_and(|c| (0x30..=0x3F).contains(c)) && q - p < 24 {
        q += 1;
    }
    while b.get(q).is_some_and(|c| (0x20..=0x2F).contains(c)) && q - p < 24 {
        q += 1;
    }
    let f = *b.get(q).filter(|c| (0x40..=0x7E).contains(*c))?;
    Some((q + 1 - p, f, b.get(p + 2..q).unwrap_or(&[])))
}

/// Does `text` hold an ANSI escape or a BBCode tag?
fn has_any(text: &str) -> bool {
    let b = text.as_bytes();
    memchr::memchr(0x1B, b).is_some()
        || memchr::memchr_iter(b'[', b).any(|i| {
            b.get(i + 1)
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'/')
                && bbcode_at(text, i).is_some()
        })
}

/// The text with BBCode tags and ANSI escape sequences taken out; `None` when it has none.
pub(crate) fn as_rendered(text: &str) -> Option<String> {
    let b = text.as_bytes();
    if !has_any(text) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    let mut i = 0;
    let mut changed = false;
    while let Some(off) = b.get(i..).and_then(|r| memchr::memchr2(b'[', 0x1B, r)) {
        let p = i + off;
        let len = match b.get(p) {
            Some(b'[') => bbcode_at(text, p),
            _ => ansi_at(b, p).map(|(n, _, _)| n),
        };
        if let Some(n) = len {
            out.push_str(text.get(from..p).unwrap_or(""));
            i = p + n;
            from = i;
            changed = true;
        } else {
            i = p + 1;
        }
    }
    out.push_str(text.get(from..).unwrap_or(""));
    changed.then_some(out)
}

/// A troff escape at `p` drawn as nothing: a font (`\fB`, `\fP`, `\f(CW`, `\f[B]`), a size
/// (`\s+2`, `\s0`, `\s[12]`, `\s(12`), a colour (`\m[red]`, `\M[]`) or a zero-width
/// escape (`\&`, `\c`, `\%`, `\:`, `\)`): its length.
fn troff_at(b: &[u8], p: usize) -> Option<usize> {
    if b.get(p) != Some(&b'\\') {
        return None;
    }
    let arg = |q: usize| -> Option<usize> {
        match b.get(q)? {
            b'[' => memchr::memchr(b']', b.get(q..)?.get(..b.len().saturating_sub(q).min(24))?)
                .map(|k| k + 1),
            b'(' => b.get(q + 2).map(|_| 3),
            _ => Some(1),
        }
    };
    match b.get(p + 1)? {
        // `\c` at a line's end joins the next line to it (`27\c` / `50` typesets `2750`).
        b'c' if b.get(p + 2) == Some(&b'\n') => Some(3),
        b'&' | b'c' | b'%' | b':' | b')' => Some(2),
        b'f' => arg(p + 2).map(|n| n + 2),
        b'm' | b'M' => (b.get(p + 2) == Some(&b'['))
            .then(|| arg(p + 2))
            .flatten()
            .map(|n| n + 2),
        b's' => {
            let sign = usize::from(matches!(b.get(p + 2), Some(b'+' | b'-')));
            let q = p + 2 + sign;
            match b.get(q)? {
                b'[' | b'(' => arg(q).map(|n| n + 2 + sign),
                c if c.is_ascii_digit() => Some(3 + sign),
                _ => None,
            }
        }
        _ => None,
    }
}

/// An RTF control word at `p` (`\b`, `\b0`, `\cf1 `, `\par`: a backslash, letters, an
/// optional signed number and one optional space) or a group brace: its length.
fn rtf_at(b: &[u8], p: usize) -> Option<usize> {
    match b.get(p)? {
        b'{' | b'}' => return Some(1),
        b'\\' => {}
        _ => return None,
    }
    let mut q = p + 1;
    while b.get(q).is_some_and(u8::is_ascii_alphabetic) && q - p <= 32 {
        q += 1;
    }
    if q == p + 1 {
        return None;
    }
    if b.get(q) == Some(&b'-') && b.get(q + 1).is_some_and(u8::is_ascii_digit) {
        q += 1;
    }
    while b.get(q).is_some_and(u8::is_ascii_digit) && q - p <= 40 {
        q += 1;
    }
    if b.get(q) == Some(&b' ') {
        q += 1;
    }
    Some(q - p)
}

/// An RTF character escape at `p`: `\'hh` (a byte in hex; ASCII only, the code pages agree
/// there) or `\uN` with its one fallback character (`\u53?`): its length and character.
fn rtf_char(b: &[u8], p: usize) -> Option<(usize, char)> {
    if b.get(p) != Some(&b'\\') {
        return None;
    }
    match b.get(p + 1)? {
        b'\'' => {
            let h = std::str::from_utf8(b.get(p + 2..p + 4)?).ok()?;
            let v = u8::from_str_radix(h, 16).ok()?;
            v.is_ascii().then_some((4, char::from(v)))
        }
        b'u' => {
            let n = b
                .get(p + 2..)?
                .iter()
                .take(6)
                .take_while(|c| c.is_ascii_digit())
                .count();
            let v: u32 = std::str::from_utf8(b.get(p + 2..p + 2 + n)?)
                .ok()?
                .parse()
                .ok()?;
            let c = char::from_u32(v)?;
            // The fallback a reader without Unicode shows instead (one character, not a
            // control word or a group).
            let fallback = b
                .get(p + 2 + n)
                .is_some_and(|f| f.is_ascii_graphic() && !matches!(f, b'\\' | b'{' | b'}'));
            Some((2 + n + usize::from(fallback), c))
        }
        _ => None,
    }
}

/// Is `text` troff (a font or size escape) or RTF (`{\rtf`, a control word that turns a
/// style off)? Then [`as_typeset`] has something to take out.
fn typeset_kind(text: &str) -> (bool, bool) {
    let b = text.as_bytes();
    let troff = memchr::memchr_iter(b'\\', b).any(|i| {
        matches!(
            (b.get(i + 1), b.get(i + 2)),
            (
                Some(b'f'),
                Some(b'B' | b'I' | b'R' | b'P' | b'(' | b'[' | b'1'..=b'4')
            ) | (Some(b's'), Some(b'+' | b'-' | b'0'..=b'9' | b'[' | b'('))
                | (Some(b'm' | b'M'), Some(b'['))
                | (Some(b'c'), Some(b'\n'))
        )
    });
    let rtf = memchr::memmem::find_iter(b, b"{\\")
        .any(|i| b.get(i + 2).is_some_and(u8::is_ascii_alphabetic))
        || ["\\b0", "\\i0", "\\ul0", "\\ulnone", "\\plain", "\\par"]
            .iter()
            .any(|w| memchr::memmem::find(b, w.as_bytes()).is_some());
    (troff, rtf)
}

/// The text as troff or an RTF reader typesets it: font, size and colour escapes and RTF
/// control words and braces drawn as nothing (`\fB51\fR00`, `{\b 51}00`, `\b 51\b0 00`).
/// `None` when the text is neither.
pub(crate) fn as_typeset(text: &str) -> Option<String> {
    let (troff, rtf) = typeset_kind(text);
    if !troff && !rtf {
        return None;
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    let mut i = 0;
    while let Some(off) = b
        .get(i..)
        .and_then(|r| memchr::memchr3(b'\\', b'{', b'}', r))
    {
        let p = i + off;
        // An RTF character escape typesets its character (`\'35` and `\u53?` are `5`).
        if let Some((n, c)) = rtf.then(|| rtf_char(b, p)).flatten() {
            out.push_str(text.get(from..p).unwrap_or(""));
            out.push(c);
            i = p + n;
            from = i;
            continue;
        }
        let len = troff
            .then(|| troff_at(b, p))
            .flatten()
            .or_else(|| rtf.then(|| rtf_at(b, p)).flatten());
        if let Some(n) = len {
            out.push_str(text.get(from..p).unwrap_or(""));
            i = p + n;
            from = i;
        } else {
            i = p + 1;
        }
    }
    out.push_str(text.get(from..).unwrap_or(""));
    (out != text).then_some(out)
}

/// Markup a renderer draws as nothing, as it may stand inside a digit run: LaTeX's empty
/// group, `\relax`, a zero-width space or box, an italic correction and a comment that runs
/// to the line end (`51{}00`, `51\relax 00`, `51\hspace{0pt}00`, `51%`⏎`00`), AsciiDoc's
/// `{empty}`, wiki bold and italic quotes (`51'''00'''`) and CriticMarkup's insertion marks
/// (`51{++00++}`).
const DRAWN_AS_NOTHING: &[&str] = &[
    "{}",
    "{empty}",
    "\\relax ",
    "\\relax",
    "\\hspace{0pt}",
    "\\hspace*{0pt}",
    "\\kern0pt",
    "\\kern 0pt",
    "\\mbox{}",
    "\\/",
    "'''''",
    "'''",
    "''",
    "{++",
    "++}",
    "%\r\n",
    "%\n",
];

/// The text with [`DRAWN_AS_NOTHING`] removed where it stands between two digits, as it
/// renders; `None` when there is none. Only between digits: `{}` or `''` elsewhere is code
/// or prose.
pub(crate) fn drawn_as_nothing(text: &str) -> Option<String> {
    let b = text.as_bytes();
    // A `%` at a line end is a comment only in LaTeX (`df` prints `51%` at a line end).
    let latex =
        memchr::memchr_iter(b'\\', b).any(|k| b.get(k + 1).is_some_and(u8::is_ascii_alphabetic));
    let mut out: Option<String> = None;
    let mut from = 0;
    let mut i = 0;
    while i + 1 < b.len() {
        let starts = b.get(i).is_some_and(u8::is_ascii_digit)
            && b.get(i + 1)
                .is_some_and(|c| matches!(c, b'{' | b'\\' | b'\'' | b'%' | b'+'));
        if !starts {
            i += 1;
            continue;
        }
        // Pieces, as many as stand there, then a digit.
        let mut k = i + 1;
        while let Some(p) = DRAWN_AS_NOTHING
            .iter()
            .find(|p| b.get(k..k + p.len()) == Some(p.as_bytes()) && (latex || !p.starts_with('%')))
        {
            k += p.len();
        }
        if k > i + 1 && b.get(k).is_some_and(u8::is_ascii_digit) {
            let o = out.get_or_insert_with(|| String::with_capacity(text.len()));
            o.push_str(text.get(from..=i).unwrap_or(""));
            from = k;
        }
        i = k.max(i + 1);
    }
    let mut o = out?;
    o.push_str(text.get(from..).unwrap_or(""));
    Some(o)
}

#[cfg(test)]
mod drawn_tests {
    use super::drawn_as_nothing as d;

    #[test]
    fn markup_drawn_as_nothing_inside_a_number() {
        for (text, want) in [
            ("51{}00", "5100"),
            ("51{empty}00", "5100"),
            ("51\\relax 00", "5100"),
            ("51\\hspace{0pt}00", "5100"),
            ("\\textbf{51%\n00}", "\\textbf{5100}"),
            ("51'''00'''", "5100'''"),
            ("51{++00++}", "5100++}"),
            ("lag: 27{}50 now", "lag: 2750 now"),
        ] {
            assert_eq!(d(text).as_deref(), Some(want), "{text:?}");
        }
        for text in [
            "disk 51%\n00:01 up",
            "fn f() {}",
            "a{}b",
            "51 {} 00",
            "it''s",
            "51%",
            "c++ 11",
            "51++",
            "x{}1",
        ] {
            assert_eq!(d(text), None, "{text:?}");
        }
    }
}

#[cfg(test)]
mod typeset_tests {
    use super::as_typeset;

    #[test]
    fn troff_and_rtf_read_as_typeset() {
        let t = |s: &str| as_typeset(s).unwrap_or_default();
        assert_eq!(t(r"\fB51\fR00"), "5100");
        assert_eq!(t(r"\f(CW51\fP00"), "5100");
        assert_eq!(t(r"\f[B]51\f[]00"), "5100");
        assert_eq!(t(r"\s+251\s0 00"), "51 00");
        assert_eq!(t(r"\m[red]51\m[]00"), "5100");
        assert_eq!(t(r"{\rtf1\ansi \b 51\b0 00\par}"), "5100");
        assert_eq!(t(r"{\b 51}{\i 00}\par"), "5100");
        assert_eq!(t(r"{\b 51}{\i 00}"), "5100");
        assert_eq!(t(r"{\bf 51}{\it 00}"), "5100");
        // Neither troff nor RTF: no reading.
        assert_eq!(as_typeset(r"C:\temp\new 51 00"), None);
        assert_eq!(as_typeset("{a: 51}"), None);
    }
}

/// Struck-out spans (`~~9~~`, `<del>9</del>`, `<s>9</s>`, `<strike>…`, `[s]9[/s]`,
/// `\phantom{9}`) at `p`: the span's length.
fn struck_at(s: &str, p: usize) -> Option<usize> {
    let rest = s.get(p..)?;
    for (open, close) in [
        ("~~", "~~"),
        ("<del>", "</del>"),
        ("<s>", "</s>"),
        ("<strike>", "</strike>"),
        ("[s]", "[/s]"),
        ("[strike]", "[/strike]"),
        ("[del]", "[/del]"),
        ("\\phantom{", "}"),
    ] {
        let Some(body) = rest
            .get(..open.len())
            .filter(|h| h.eq_ignore_ascii_case(open))
            .and_then(|_| rest.get(open.len()..))
        else {
            continue;
        };
        let window = body
            .get(..body.len().min(MAX_STRUCK + close.len()))
            .unwrap_or(body);
        let end = window.to_ascii_lowercase().find(close)?;
        let inner = body.get(..end)?;
        if inner.is_empty() || inner.contains('\n') {
            return None;
        }
        return Some(open.len() + end + close.len());
    }
    None
}

/// The text without what renders struck out, erased or concealed; `None` when it has none.
pub(crate) fn without_struck(text: &str) -> Option<String> {
    let b = text.as_bytes();
    // One pass for the rare bytes, one for the tag openers: a struck span starts at one.
    let maybe = memchr::memchr3_iter(0x1B, 0x08, b'~', b)
        .any(|i| b.get(i) != Some(&b'~') || b.get(i + 1) == Some(&b'~'))
        || memchr::memchr3_iter(b'<', b'[', b'\\', b).any(|i| struck_at(text, i).is_some());
    if !maybe {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut changed = false;
    let mut concealed = false;
    while i < b.len() {
        let c = b[i];
        if c == 0x08 {
            // A backspace erases the character before it.
            out.pop();
            i += 1;
            changed = true;
            continue;
        }
        if c == 0x1B {
            if let Some((n, f, params)) = ansi_at(b, i) {
                match (f, params) {
                    (b'm', b"8") => concealed = true,
                    (b'm', b"28" | b"0" | b"") => concealed = false,
                    (b'D', p) => {
                        // Cursor back `n` (an erase after it drops what it passed over).
                        let back: usize = std::str::from_utf8(p)
                            .ok()
                            .and_then(|p| p.parse().ok())
                            .unwrap_or(1);
                        for _ in 0..back.min(8) {
                            out.pop();
                        }
                    }
                    _ => {}
                }
                i += n;
                changed = true;
                continue;
            }
        }
        if let Some(n) = struck_at(text, i) {
            i += n;
            changed = true;
            continue;
        }
        let Some(ch) = text.get(i..).and_then(|r| r.chars().next()) else {
            break;
        };
        if !concealed {
            out.push(ch);
        } else {
            changed = true;
        }
        i += ch.len_utf8();
    }
    changed.then_some(out)
}

/// Longest spoiler span read, in bytes.
const MAX_SPOILER: usize = 200;

/// The spoiler at `p` (Discord's `||51||`, Reddit's `>!51!<`): its length and its content's
/// range. The markers hug the content on one line, so a shell's `a || b || c` is not one.
fn spoiler_at(s: &str, p: usize) -> Option<(usize, std::ops::Range<usize>)> {
    let rest = s.get(p..)?;
    let (open, close) = if rest.starts_with("||") {
        ("||", "||")
    } else if rest.starts_with(">!") {
        (">!", "!<")
    } else {
        return None;
    };
    let body = rest.get(open.len()..)?;
    let window = body.get(..body.len().min(MAX_SPOILER)).unwrap_or(body);
    let end = window.find(close)?;
    let inner = body.get(..end)?;
    let hugs = |c: Option<char>| c.is_some_and(|c| !c.is_whitespace() && c != '|');
    if inner.contains('\n') || !hugs(inner.chars().next()) || !hugs(inner.chars().last()) {
        return None;
    }
    let from = p + open.len();
    Some((open.len() + end + close.len(), from..from + end))
}

/// The text with spoilers shown, their markers drawn as nothing (`||51||||00||`,
/// `>!51!<>!00!<`); `None` when it has none.
pub(crate) fn spoilers_shown(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let starts = |i: usize| match b.get(i) {
        Some(b'|') => b.get(i + 1) == Some(&b'|'),
        _ => b.get(i + 1) == Some(&b'!'),
    };
    if !memchr::memchr2_iter(b'|', b'>', b).any(|i| starts(i) && spoiler_at(text, i).is_some()) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    let mut i = 0;
    while let Some(off) = b.get(i..).and_then(|r| memchr::memchr2(b'|', b'>', r)) {
        let p = i + off;
        match spoiler_at(text, p) {
            Some((n, inner)) => {
                out.push_str(text.get(from..p).unwrap_or(""));
                out.push_str(text.get(inner).unwrap_or(""));
                i = p + n;
                from = i;
            }
            None => i = p + 1,
        }
    }
    out.push_str(text.get(from..).unwrap_or(""));
    (out != text).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendered_and_struck() {
        for (t, want) in [
            ("[b]51[/b][i]00[/i]", "5100"),
            ("[color=red]27[/color][color=blue]50[/color]", "2750"),
            ("\u{1b}[1m51\u{1b}[0m\u{1b}[1m00\u{1b}[0m", "5100"),
            ("5\u{1b}[0m1\u{1b}[0m0\u{1b}[0m0", "5100"),
        ] {
            assert_eq!(as_rendered(t).as_deref(), Some(want), "{t:?}");
        }
        for t in ["a[i] = b[i]", "see [1] and [docs]", "plain text"] {
            assert_eq!(as_rendered(t), None, "{t:?}");
        }
        for (t, want) in [
            ("51~~9~~00", "5100"),
            ("51<del>9</del>00", "5100"),
            ("51<s>9</s>00", "5100"),
            ("519\u{8}00", "5100"),
            ("51\u{1b}[8m9\u{1b}[28m00", "5100"),
            ("519\u{1b}[1D\u{1b}[K00", "5100"),
            ("51\\phantom{9}00", "5100"),
            ("kes<del>tr</del>trel", "kestrel"),
        ] {
            assert_eq!(without_struck(t).as_deref(), Some(want), "{t:?}");
        }
        for t in ["~~ not closed", "<div>x</div>", "a ~~ b\n~~ c"] {
            assert_eq!(without_struck(t), None, "{t:?}");
        }
        for (t, want) in [
            ("||51||||00||", "5100"),
            ("||51|| ||00||", "51 00"),
            ("the lag is >!51!<>!00!<", "the lag is 5100"),
            ("||kestrel||", "kestrel"),
        ] {
            assert_eq!(spoilers_shown(t).as_deref(), Some(want), "{t:?}");
        }
        for t in [
            "a || b || c",
            "x=1 || y=2",
            "| a | b |",
            "echo >! file",
            "||\n51||",
        ] {
            assert_eq!(spoilers_shown(t), None, "{t:?}");
        }
    }
}
