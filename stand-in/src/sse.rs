//! SSE framing for `/chat/stream`: one frame is `event: NAME` then one `data:` line per line of
//! the JSON payload, then a blank line; LF or CRLF line ends (the `sse-crlf:` prefix tests the
//! filter's CRLF handling). The payloads are compact JSON, so in practice one `data:` line.
use serde_json::Value;

/// The line terminator used in a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnd {
    Lf,
    CrLf,
}

impl LineEnd {
    fn as_str(self) -> &'static str {
        match self {
            LineEnd::Lf => "\n",
            LineEnd::CrLf => "\r\n",
        }
    }
}

/// One SSE event.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub event: &'static str,
    pub data: Value,
}

impl Frame {
    /// The frame's bytes on the wire.
    pub fn encode(&self, line_end: LineEnd) -> Vec<u8> {
        let nl = line_end.as_str();
        let mut out = format!("event: {}{nl}", self.event);
        // serde_json escapes newlines inside strings, so the data is one line.
        for line in self.data.to_string().lines() {
            out.push_str("data: ");
            out.push_str(line);
            out.push_str(nl);
        }
        out.push_str(nl);
        out.into_bytes()
    }
}

/// Cuts an encoded frame into pieces for `sse-split:`: inside the `event:` line, inside the
/// data's JSON, and (with CRLF) between the `\r` and `\n` of the first line end, so a filter
/// must reassemble frames across chunks. The pieces concatenate to the frame.
pub fn split_encoded(frame: &[u8]) -> Vec<Vec<u8>> {
    let mut cuts = vec![3.min(frame.len()), frame.len() / 2];
    if let Some(cr) = frame.iter().position(|&b| b == b'\r') {
        cuts.push(cr + 1);
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Vec::new();
    let mut from = 0;
    for c in cuts.into_iter().filter(|&c| c > 0 && c < frame.len()) {
        out.push(frame[from..c].to_vec());
        from = c;
    }
    out.push(frame[from..].to_vec());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn split_pieces_reassemble_and_cut_crlf() {
        let f = Frame {
            event: "message",
            data: json!({"session_id": "s", "response": "hello world"}),
        };
        for le in [LineEnd::Lf, LineEnd::CrLf] {
            let bytes = f.encode(le);
            let pieces = split_encoded(&bytes);
            assert!(pieces.len() >= 3, "{le:?}");
            assert_eq!(pieces.concat(), bytes);
            if le == LineEnd::CrLf {
                assert!(pieces.iter().any(|p| p.ends_with(b"\r")));
            }
        }
    }

    #[test]
    fn encodes_lf_and_crlf() {
        let f = Frame {
            event: "delta",
            data: json!({"text": "a\nb"}),
        };
        assert_eq!(
            String::from_utf8(f.encode(LineEnd::Lf)).unwrap(),
            "event: delta\ndata: {\"text\":\"a\\nb\"}\n\n"
        );
        assert_eq!(
            String::from_utf8(f.encode(LineEnd::CrLf)).unwrap(),
            "event: delta\r\ndata: {\"text\":\"a\\nb\"}\r\n\r\n"
        );
    }
}
