//! A small, strict JSON reader that keeps every node's byte span, and the writer that re-emits
//! a tree with some strings replaced and some members dropped.
//!
//! Why not `serde_json::Value`: it merges duplicate keys (the last wins, so a leaking first
//! duplicate would pass through untouched when the body is returned as it came), it loses the
//! textual form of numbers (`5.1e3`), and re-serialising an untouched body would reorder keys and
//! change whitespace. Here each node remembers its span, so an untouched subtree is copied
//! byte for byte and only the parts that changed are rebuilt (compactly).
//!
//! Invariants: the input must be valid UTF-8 (checked up front by the caller); nesting is
//! limited to [`MAX_DEPTH`]; parsing is one pass, O(n) time, and allocates only for the tree
//! and for strings that contain escapes. Lone UTF-16 surrogates in `\u` escapes decode to
//! U+FFFD (as `JSON.parse` accepts them, so a lenient client would see the rest of the text).
use std::borrow::Cow;

/// Deeper nesting than this is refused (the caller then treats the body as text).
pub const MAX_DEPTH: usize = 128;

/// One JSON value with its span in the source.
#[derive(Debug)]
pub struct Node<'a> {
    /// The value's bytes in the source, exactly.
    pub raw: &'a str,
    pub kind: Kind<'a>,
    /// Set by the rules: this node (or something under it) must be re-emitted.
    pub changed: bool,
}

#[derive(Debug)]
pub enum Kind<'a> {
    /// `true`, `false` or `null`.
    Literal,
    Number,
    Str {
        text: Cow<'a, str>,
        /// Set by the rules: the string (or number) to emit instead.
        replacement: Option<String>,
    },
    Array(Vec<Node<'a>>),
    Object(Vec<Member<'a>>),
}

/// One object member.
#[derive(Debug)]
pub struct Member<'a> {
    /// The key's bytes in the source, quotes included.
    pub key_raw: &'a str,
    pub key: Cow<'a, str>,
    pub value: Node<'a>,
    /// Set by the rules: leave this member out.
    pub dropped: bool,
}

impl<'a> Node<'a> {
    /// The decoded text of a string node.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::Str { text, .. } => Some(text),
            _ => None,
        }
    }
}

/// Why a body is not JSON. Carries no input fragment on purpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseError;

/// Parse a whole document (a leading UTF-8 BOM is tolerated and kept in the output by the
/// caller, since the writer copies it as part of the surrounding bytes).
pub fn parse(src: &str) -> Result<Node<'_>, ParseError> {
    let mut p = Parser {
        s: src.as_bytes(),
        src,
        pos: 0,
    };
    if src.starts_with('\u{feff}') {
        p.pos = 3;
    }
    p.ws();
    let node = p.value(0)?;
    p.ws();
    if p.pos != p.s.len() {
        return Err(ParseError);
    }
    Ok(node)
}

struct Parser<'a> {
    s: &'a [u8],
    src: &'a str,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> Result<(), ParseError> {
        if self.peek() == Some(b) {
            self.pos += 1;
            Ok(())
        } else {
            Err(ParseError)
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node<'a>, ParseError> {
        let start = self.pos;
        let kind = match self.peek().ok_or(ParseError)? {
            b'{' => self.object(depth + 1)?,
            b'[' => self.array(depth + 1)?,
            b'"' => Kind::Str {
                text: self.string()?,
                replacement: None,
            },
            b't' => self.literal(b"true")?,
            b'f' => self.literal(b"false")?,
            b'n' => self.literal(b"null")?,
            b'-' | b'0'..=b'9' => self.number()?,
            _ => return Err(ParseError),
        };
        Ok(Node {
            raw: &self.src[start..self.pos],
            kind,
            changed: false,
        })
    }

    fn literal(&mut self, word: &[u8]) -> Result<Kind<'a>, ParseError> {
        if self.s[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(Kind::Literal)
        } else {
            Err(ParseError)
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Kind<'a>, ParseError> {
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(ParseError),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(ParseError);
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(ParseError);
            }
        }
        Ok(Kind::Number)
    }

    fn array(&mut self, depth: usize) -> Result<Kind<'a>, ParseError> {
        if depth > MAX_DEPTH {
            return Err(ParseError);
        }
        self.eat(b'[')?;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Kind::Array(items));
        }
        loop {
            self.ws();
            items.push(self.value(depth)?);
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Kind::Array(items));
                }
                _ => return Err(ParseError),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Kind<'a>, ParseError> {
        if depth > MAX_DEPTH {
            return Err(ParseError);
        }
        self.eat(b'{')?;
        let mut members = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Kind::Object(members));
        }
        loop {
            self.ws();
            let key_start = self.pos;
            if self.peek() != Some(b'"') {
                return Err(ParseError);
            }
            let key = self.string()?;
            let key_raw = &self.src[key_start..self.pos];
            self.ws();
            self.eat(b':')?;
            self.ws();
            let value = self.value(depth)?;
            members.push(Member {
                key_raw,
                key,
                value,
                dropped: false,
            });
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Kind::Object(members));
                }
                _ => return Err(ParseError),
            }
        }
    }

    /// A string token; returns the decoded text (borrowed when it has no escapes).
    fn string(&mut self) -> Result<Cow<'a, str>, ParseError> {
        self.eat(b'"')?;
        let start = self.pos;
        // Fast path: scan to the closing quote; escapes switch to the decoding path.
        loop {
            match self.peek().ok_or(ParseError)? {
                b'"' => {
                    let text = &self.src[start..self.pos];
                    self.pos += 1;
                    return Ok(Cow::Borrowed(text));
                }
                b'\\' => break,
                0x00..=0x1f => return Err(ParseError),
                _ => self.pos += 1,
            }
        }
        let mut out = String::with_capacity(self.pos - start + 16);
        out.push_str(&self.src[start..self.pos]);
        loop {
            let run = self.pos;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            out.push_str(&self.src[run..self.pos]);
            match self.peek().ok_or(ParseError)? {
                b'"' => {
                    self.pos += 1;
                    return Ok(Cow::Owned(out));
                }
                b'\\' => {
                    self.pos += 1;
                    let esc = self.peek().ok_or(ParseError)?;
                    self.pos += 1;
                    match esc {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let c = self.unicode_escape()?;
                            out.push(c);
                        }
                        _ => return Err(ParseError),
                    }
                }
                _ => return Err(ParseError),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let h = self.s.get(self.pos..self.pos + 4).ok_or(ParseError)?;
        let mut v = 0u32;
        for &b in h {
            v = v * 16 + (b as char).to_digit(16).ok_or(ParseError)?;
        }
        self.pos += 4;
        Ok(v)
    }

    /// After `\u`: one code point, joining a surrogate pair; a lone surrogate is U+FFFD.
    fn unicode_escape(&mut self) -> Result<char, ParseError> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi) && self.s[self.pos..].starts_with(b"\\u") {
            let save = self.pos;
            self.pos += 2;
            let lo = self.hex4()?;
            if (0xDC00..0xE000).contains(&lo) {
                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                return Ok(char::from_u32(c).unwrap_or('\u{fffd}'));
            }
            // Not a pair: the second escape is decoded on its own.
            self.pos = save;
        }
        Ok(char::from_u32(hi).unwrap_or('\u{fffd}'))
    }
}

/// Decode JSON-style escapes in arbitrary text, leniently (bad escapes are kept as written).
/// Used to check a body that is not JSON, so `\u0035100` cannot slip past the text check.
pub fn unescape_lenient(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let mut p = Parser {
            s: after.as_bytes(),
            src: after,
            pos: 0,
        };
        let decoded = match p.peek() {
            Some(b'u') => {
                p.pos = 1;
                p.unicode_escape().ok()
            }
            Some(b'n') => Some('\n'),
            Some(b't') => Some('\t'),
            Some(b'r') => Some('\r'),
            Some(b'"') => Some('"'),
            Some(b'/') => Some('/'),
            Some(b'\\') => Some('\\'),
            _ => None,
        };
        match decoded {
            Some(c) => {
                let used = if p.pos == 0 { 1 } else { p.pos };
                out.push(c);
                rest = &after[used..];
            }
            None => {
                out.push('\\');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Append `text` as a JSON string literal.
pub fn write_str(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    let bytes = text.as_bytes();
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc: Option<&[u8]> = match b {
            b'"' => Some(b"\\\""),
            b'\\' => Some(b"\\\\"),
            b'\n' => Some(b"\\n"),
            b'\r' => Some(b"\\r"),
            b'\t' => Some(b"\\t"),
            0x00..=0x1f => None,
            _ => continue,
        };
        out.extend_from_slice(&bytes[run..i]);
        match esc {
            Some(e) => out.extend_from_slice(e),
            None => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[(b >> 4) as usize]);
                out.push(HEX[(b & 0xf) as usize]);
            }
        }
        run = i + 1;
    }
    out.extend_from_slice(&bytes[run..]);
    out.push(b'"');
}

/// Append a node: its source bytes when unchanged, else a compact rebuild in which the
/// unchanged children are still copied byte for byte.
pub fn write(out: &mut Vec<u8>, node: &Node<'_>) {
    if !node.changed {
        out.extend_from_slice(node.raw.as_bytes());
        return;
    }
    match &node.kind {
        Kind::Literal | Kind::Number => out.extend_from_slice(node.raw.as_bytes()),
        Kind::Str { text, replacement } => match replacement {
            Some(r) => write_str(out, r),
            None => write_str(out, text),
        },
        Kind::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write(out, item);
            }
            out.push(b']');
        }
        Kind::Object(members) => {
            out.push(b'{');
            let mut first = true;
            for m in members.iter().filter(|m| !m.dropped) {
                if !first {
                    out.push(b',');
                }
                first = false;
                out.extend_from_slice(m.key_raw.as_bytes());
                out.push(b':');
                write(out, &m.value);
            }
            out.push(b'}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_valid_documents() {
        for doc in [
            "null",
            " true ",
            "false",
            "0",
            "-0.5e+10",
            "1E2",
            "\"a\\u00e9\\ud83d\\ude00\\n\"",
            "[]",
            "{}",
            "[1, [2, {\"a\": [null]}]]",
            "{\"a\":1,\"a\":2}",
            "\u{feff}{}",
        ] {
            assert!(parse(doc).is_ok(), "{doc}");
        }
    }

    #[test]
    fn refuses_invalid_documents() {
        for doc in [
            "",
            " ",
            "01",
            "1.",
            "-",
            ".5",
            "1e",
            "+1",
            "[1,]",
            "{\"a\":1,}",
            "{a:1}",
            "\"unterminated",
            "\"bad \\x escape\"",
            "\"ctl \u{1} char\"",
            "\"\\u12\"",
            "[1] 2",
            "tru",
            "NaN",
            "{\"a\" 1}",
        ] {
            assert!(parse(doc).is_err(), "{doc:?}");
        }
    }

    #[test]
    fn depth_limit_is_enforced() {
        let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(parse(&ok).is_ok());
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        assert!(parse(&deep).is_err());
    }

    #[test]
    fn decodes_escapes_and_lone_surrogates() {
        let n = parse(r#""\u0035\u0031\u0030\u0030 \ud800 x \ud83d\ude00""#).unwrap();
        assert_eq!(n.as_str(), Some("5100 \u{fffd} x \u{1f600}"));
        let n = parse(r#""\ud800\u0041""#).unwrap();
        assert_eq!(n.as_str(), Some("\u{fffd}A"));
    }

    #[test]
    fn unchanged_tree_writes_back_its_source() {
        let src = "{ \"a\" : [1, 2.50, \"x\\n\"] ,\n \"b\":{}}";
        let n = parse(src).unwrap();
        let mut out = Vec::new();
        write(&mut out, &n);
        assert_eq!(out, src.as_bytes());
    }

    #[test]
    fn write_str_round_trips_through_serde_json() {
        for s in ["plain", "q\"b\\s", "ctl\u{1}\u{1f}\n\r\t", "é😀", ""] {
            let mut out = Vec::new();
            write_str(&mut out, s);
            let back: String = serde_json::from_slice(&out).unwrap();
            assert_eq!(back, s);
        }
    }

    #[test]
    fn lenient_unescape() {
        assert_eq!(unescape_lenient(r"a\u0035100\n\q\"), "a5100\n\\q\\");
        assert_eq!(unescape_lenient(r"\u12"), "\\u12");
    }
}
