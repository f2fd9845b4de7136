//! The SSE line parser and frame codec (the WHATWG "event stream" format), independent of any
//! guarding: bytes in, [`Frame`]s out, and a canonical writer.
//!
//! Parsing follows the HTML standard's event-stream interpretation: lines end with CRLF, LF or
//! CR; one UTF-8 BOM at stream start is skipped; a blank line dispatches the frame; `:` starts
//! a comment; `field: value` with one leading space stripped; `data` lines join with `\n`;
//! `id` with a NUL is ignored; `retry` must be ASCII digits; unknown fields are ignored. Values
//! are decoded lossily as UTF-8 (a browser does the same). Since CR and LF never occur inside
//! a multi-byte UTF-8 sequence, a chunk boundary inside a character needs no special care.
//!
//! Invariants: the search for line ends looks at each input byte once (a partial line is kept,
//! and the next chunk is searched from its own start, never the buffered part again); the output frames do not depend
//! on how the input was chunked; a frame's size (its non-blank lines, each counted with one
//! terminator byte) never exceeds the limit, checked as bytes arrive.

/// One field of a frame: whether it occurred, and its raw value (buffers are reused from
/// frame to frame, so a dropped frame costs no allocation and no UTF-8 decoding).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Field {
    set: bool,
    bytes: Vec<u8>,
}

impl Field {
    fn get(&self) -> Option<&[u8]> {
        self.set.then_some(self.bytes.as_slice())
    }

    fn replace(&mut self, value: &[u8]) {
        self.set = true;
        self.bytes.clear();
        self.bytes.extend_from_slice(value);
    }

    fn clear(&mut self) {
        self.set = false;
        self.bytes.clear();
    }
}

/// One parsed frame, valid until the parser goes on. Values are decoded lossily as UTF-8 on
/// request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Frame {
    event: Field,
    data: Field,
    id: Field,
    retry: Field,
    keepalive: bool,
}

fn text(bytes: Option<&[u8]>) -> Option<Cow<'_, str>> {
    bytes.map(String::from_utf8_lossy)
}

impl Frame {
    /// No field at all (only comments, unknown fields or nothing).
    pub fn is_empty(&self) -> bool {
        !(self.event.set || self.data.set || self.id.set || self.retry.set)
    }

    /// The frame held a bare `:` (keep-alive) comment.
    pub fn keepalive(&self) -> bool {
        self.keepalive
    }

    /// The last `event` value as written.
    pub fn event(&self) -> Option<Cow<'_, str>> {
        text(self.event.get())
    }

    /// The event type as bytes: the `event` value, or `message` when missing or empty.
    pub fn event_type_bytes(&self) -> &[u8] {
        match self.event.get() {
            Some(e) if !e.is_empty() => e,
            _ => b"message",
        }
    }

    /// The event type: the `event` value, or `message` when it is missing or empty.
    pub fn event_type(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(self.event_type_bytes())
    }

    /// The `data` lines joined with `\n`.
    pub fn data(&self) -> Option<Cow<'_, str>> {
        text(self.data.get())
    }

    /// The last valid `id` value.
    pub fn id(&self) -> Option<Cow<'_, str>> {
        text(self.id.get())
    }

    /// The last valid `retry` value (ASCII digits).
    pub fn retry(&self) -> Option<Cow<'_, str>> {
        text(self.retry.get())
    }

    fn clear(&mut self) {
        self.event.clear();
        self.data.clear();
        self.id.clear();
        self.retry.clear();
        self.keepalive = false;
    }
}

/// The frame outgrew the limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Oversize;

const BOM: &[u8; 3] = b"\xEF\xBB\xBF";

use std::borrow::Cow;

/// Incremental frame parser.
#[derive(Debug)]
pub struct FrameParser {
    /// The partial line carried over from earlier chunks.
    line: Vec<u8>,
    /// The last line ended with CR: a LF at the start of the next chunk completes the CRLF.
    after_cr: bool,
    /// How many BOM bytes have been matched at stream start; `None` once past the start.
    bom: Option<usize>,
    frame: Frame,
    /// Bytes of the current frame so far (non-blank lines, one terminator byte each).
    frame_bytes: usize,
}

impl Default for FrameParser {
    fn default() -> Self {
        FrameParser::new()
    }
}

impl FrameParser {
    pub fn new() -> Self {
        FrameParser {
            line: Vec::new(),
            after_cr: false,
            bom: Some(0),
            frame: Frame::default(),
            frame_bytes: 0,
        }
    }

    /// Feed a chunk; `on_frame` is called for every frame a blank line completes (including
    /// empty ones). Stops at the first frame that outgrows `max_frame_bytes`.
    pub fn feed(
        &mut self,
        chunk: &[u8],
        max_frame_bytes: usize,
        mut on_frame: impl FnMut(&Frame),
    ) -> Result<(), Oversize> {
        let mut rest = self.skip_bom(chunk);
        if rest.is_empty() {
            return Ok(());
        }
        if self.after_cr {
            self.after_cr = false;
            if rest[0] == b'\n' {
                rest = &rest[1..];
            }
        }
        while !rest.is_empty() {
            let Some(i) = memchr::memchr2(b'\n', b'\r', rest) else {
                self.line.extend_from_slice(rest);
                if self.frame_bytes + self.line.len() > max_frame_bytes {
                    return Err(Oversize);
                }
                return Ok(());
            };
            let term = rest[i];
            // A line wholly inside this chunk is parsed in place, without a copy.
            let done = if self.line.is_empty() {
                self.line_done(&rest[..i], max_frame_bytes, &mut on_frame)
            } else {
                let mut line = std::mem::take(&mut self.line);
                line.extend_from_slice(&rest[..i]);
                let done = self.line_done(&line, max_frame_bytes, &mut on_frame);
                line.clear();
                self.line = line;
                done
            };
            done?;
            rest = &rest[i + 1..];
            if term == b'\r' {
                match rest.first() {
                    None => self.after_cr = true,
                    Some(b'\n') => rest = &rest[1..],
                    Some(_) => {}
                }
            }
        }
        Ok(())
    }

    /// The stream ended: true when it ended inside a frame (a partial line, or lines that no
    /// blank line dispatched other than comments).
    pub fn ends_mid_frame(&self) -> bool {
        !self.line.is_empty() || matches!(self.bom, Some(n) if n > 0) || !self.frame.is_empty()
    }

    fn skip_bom<'c>(&mut self, chunk: &'c [u8]) -> &'c [u8] {
        let Some(mut n) = self.bom else {
            return chunk;
        };
        let mut rest = chunk;
        while n < 3 {
            match rest.first() {
                None => {
                    self.bom = Some(n);
                    return rest;
                }
                Some(&b) if b == BOM[n] => {
                    n += 1;
                    rest = &rest[1..];
                }
                Some(_) => {
                    // Not a BOM: the bytes matched so far are the start of the first line.
                    self.line.extend_from_slice(&BOM[..n]);
                    break;
                }
            }
        }
        self.bom = None;
        rest
    }

    fn line_done(
        &mut self,
        line: &[u8],
        max_frame_bytes: usize,
        on_frame: &mut impl FnMut(&Frame),
    ) -> Result<(), Oversize> {
        if line.is_empty() {
            self.frame_bytes = 0;
            on_frame(&self.frame);
            self.frame.clear();
            return Ok(());
        }
        self.frame_bytes += line.len() + 1;
        if self.frame_bytes > max_frame_bytes {
            return Err(Oversize);
        }
        if let Some(comment) = line.strip_prefix(b":") {
            if comment.iter().all(|b| *b == b' ' || *b == b'\t') {
                self.frame.keepalive = true;
            }
            return Ok(());
        }
        let (name, value) = match memchr::memchr(b':', line) {
            Some(c) => {
                let v = &line[c + 1..];
                (&line[..c], v.strip_prefix(b" ").unwrap_or(v))
            }
            None => (line, &b""[..]),
        };
        match name {
            b"event" => self.frame.event.replace(value),
            b"data" => {
                let d = &mut self.frame.data;
                if d.set {
                    d.bytes.push(b'\n');
                } else {
                    d.set = true;
                }
                d.bytes.extend_from_slice(value);
            }
            b"id" if !value.contains(&0) => self.frame.id.replace(value),
            b"retry" if !value.is_empty() && value.iter().all(u8::is_ascii_digit) => {
                self.frame.retry.replace(value)
            }
            _ => {}
        }
        Ok(())
    }
}

/// Append a frame in canonical form: LF line ends; `event`, then `data` lines, then `id`,
/// then `retry`; a blank line. `data` is split on every line end it contains (CRLF, CR, LF),
/// so a replacement text with line breaks still yields a valid frame.
///
/// A frame with no field to write (no `data`, `id` or `retry`, and no or an empty `event`)
/// is written as nothing, and `false` is returned: a lone blank line would parse back as an
/// empty frame, which is not the frame written, so the canonical form would not be a fixed
/// point (parse, write, parse, write must give the same bytes twice).
pub fn write_frame(
    out: &mut Vec<u8>,
    event: Option<&str>,
    data: Option<&str>,
    id: Option<&str>,
    retry: Option<&str>,
) -> bool {
    let event = event.filter(|e| !e.is_empty());
    if event.is_none() && data.is_none() && id.is_none() && retry.is_none() {
        return false;
    }
    if let Some(e) = event {
        write_field(out, b"event", e);
    }
    if let Some(d) = data {
        let mut rest = d;
        loop {
            match rest.find(['\r', '\n']) {
                Some(i) => {
                    write_field(out, b"data", &rest[..i]);
                    let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                    rest = &rest[i + skip..];
                }
                None => {
                    write_field(out, b"data", rest);
                    break;
                }
            }
        }
    }
    if let Some(i) = id {
        write_field(out, b"id", i);
    }
    if let Some(r) = retry {
        write_field(out, b"retry", r);
    }
    out.push(b'\n');
    true
}

fn write_field(out: &mut Vec<u8>, name: &[u8], value: &str) {
    out.extend_from_slice(name);
    if value.is_empty() {
        out.extend_from_slice(b":\n");
    } else {
        out.extend_from_slice(b": ");
        // A value from one line holds no CR or LF; a data value was split above. Any other
        // (an event name from config) has them blanked rather than break the frame.
        if value.contains(['\r', '\n']) {
            out.extend_from_slice(value.replace(['\r', '\n'], " ").as_bytes());
        } else {
            out.extend_from_slice(value.as_bytes());
        }
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (event, data, id, retry, keepalive) per frame.
    type Seen = (
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        bool,
    );

    fn parse_all(input: &[u8]) -> Vec<Seen> {
        let mut p = FrameParser::new();
        let mut frames = Vec::new();
        p.feed(input, usize::MAX, |f| {
            let own = |c: Option<Cow<'_, str>>| c.map(Cow::into_owned);
            frames.push((
                own(f.event()),
                own(f.data()),
                own(f.id()),
                own(f.retry()),
                f.keepalive(),
            ));
        })
        .unwrap();
        frames
    }

    #[test]
    fn fields_and_defaults() {
        let f = parse_all(b"event: progress\ndata: a\ndata:b\ndata\nid: 7\nretry: 10\n\n");
        let s = |v: &str| Some(v.to_string());
        assert_eq!(
            f,
            vec![(s("progress"), s("a\nb\n"), s("7"), s("10"), false)]
        );
        let f = parse_all(b"data:  two spaces\nretry: x1\nid: a\0b\nfoo: bar\n\n");
        assert_eq!(f[0].1.as_deref(), Some(" two spaces"));
        assert_eq!((f[0].2.as_deref(), f[0].3.as_deref()), (None, None));
        assert_eq!(f[0].0, None);
        // Buffers are reused: a field of one frame never shows in the next.
        let f = parse_all(b"event: a\ndata: x\nid: 1\n\ndata: y\n\n");
        assert_eq!(f[1], (None, s("y"), None, None, false));
    }

    #[test]
    fn comments_and_keepalives() {
        let f = parse_all(b":\n\n: hello\n\n");
        assert_eq!(
            f,
            vec![
                (None, None, None, None, true),
                (None, None, None, None, false)
            ]
        );
    }

    #[test]
    fn line_ends_and_bom() {
        for input in [
            &b"\xEF\xBB\xBFdata: x\r\n\r\n"[..],
            b"data: x\r\rdata: y\n\n",
            b"data: x\n\n",
        ] {
            let f = parse_all(input);
            assert_eq!(f[0].1.as_deref(), Some("x"), "{input:?}");
        }
        // Only one BOM is skipped; a second is part of the field name.
        let f = parse_all(b"\xEF\xBB\xBF\xEF\xBB\xBFdata: x\n\n");
        assert_eq!(f[0].1, None);
    }

    #[test]
    fn oversize_is_detected_while_the_line_is_partial() {
        let mut p = FrameParser::new();
        assert_eq!(p.feed(b"data: 12345", 8, |_| {}), Err(Oversize));
        let mut p = FrameParser::new();
        assert_eq!(p.feed(b"data: 1\n\ndata: 1\n\n", 8, |_| {}), Ok(()));
        let mut p = FrameParser::new();
        assert_eq!(p.feed(b"data: 1\ndata: 1\n\n", 8, |_| {}), Err(Oversize));
    }

    #[test]
    fn canonical_writer_splits_data_lines() {
        let mut out = Vec::new();
        write_frame(
            &mut out,
            Some("message"),
            Some("a\r\nb\rc\n"),
            Some(""),
            None,
        );
        assert_eq!(
            out,
            b"event: message\ndata: a\ndata: b\ndata: c\ndata:\nid:\n\n".to_vec()
        );
        let frames = parse_all(&out);
        assert_eq!(frames[0].1.as_deref(), Some("a\nb\nc\n"));
    }

    #[test]
    fn a_frame_with_no_field_to_write_is_written_as_nothing() {
        // A lone blank line would reparse as an empty frame: not a fixed point.
        let mut out = Vec::new();
        assert!(!write_frame(&mut out, None, None, None, None));
        assert!(!write_frame(&mut out, Some(""), None, None, None));
        assert!(out.is_empty());
        for (event, data, id, retry, text) in [
            (Some("e"), None, None, None, &b"event: e\n\n"[..]),
            (None, Some(""), None, None, b"data:\n\n"),
            (None, None, Some(""), None, b"id:\n\n"),
            (None, None, None, Some("1"), b"retry: 1\n\n"),
        ] {
            let mut out = Vec::new();
            assert!(write_frame(&mut out, event, data, id, retry));
            assert_eq!(out, text);
            // Written, parsed and written again: the same bytes.
            let mut p = FrameParser::new();
            let mut again = Vec::new();
            p.feed(&out, usize::MAX, |f| {
                write_frame(
                    &mut again,
                    f.event().as_deref(),
                    f.data().as_deref(),
                    f.id().as_deref(),
                    f.retry().as_deref(),
                );
            })
            .unwrap();
            assert_eq!(again, out);
        }
    }
}
