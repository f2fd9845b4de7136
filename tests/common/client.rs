//! The harness's HTTP client: HTTP/1.1 spoken by hand over `TcpStream` (`connection: close`,
//! chunked bodies decoded), so tests see exactly the bytes and the timing of each chunk; [`Resp`]
//! for one response, [`Streamed`] for a streamed one with its arrival times and SSE frames.
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// One HTTP response.
#[derive(Debug, Clone)]
pub struct Resp {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Resp {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn json(&self) -> Option<Value> {
        serde_json::from_slice(&self.body).ok()
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn write_request(
    s: &mut TcpStream,
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> std::io::Result<()> {
    let mut req =
        format!("{method} {path} HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\nconnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(b) = body {
        req.push_str(&format!("content-length: {}\r\n", b.len()));
    }
    req.push_str("\r\n");
    let mut bytes = req.into_bytes();
    if let Some(b) = body {
        bytes.extend_from_slice(b);
    }
    s.write_all(&bytes)
}

/// A plain HTTP/1.1 exchange (connection: close), chunked bodies decoded.
pub fn http(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> std::io::Result<Resp> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    write_request(&mut s, port, method, path, headers, body)?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    parse_response(&raw, method == "HEAD")
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "bad HTTP response"))
}

/// Raw header bytes may arrive with a non-UTF-8 value; header names are ASCII.
pub fn http_raw_headers(port: u16, raw_request: &[u8]) -> std::io::Result<Resp> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    s.write_all(raw_request)?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    parse_response(&raw, false)
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "bad HTTP response"))
}

/// Status, headers (lower-case names), and where the body starts.
type Head = (u16, Vec<(String, String)>, usize);

fn parse_head(raw: &[u8]) -> Option<Head> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status: u16 = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers = lines
        .filter_map(|l| {
            let (k, v) = l.split_once(':')?;
            Some((k.trim().to_ascii_lowercase(), v.trim().to_string()))
        })
        .collect();
    Some((status, headers, end + 4))
}

/// Decode as much of a chunked body as is complete; returns (decoded, finished).
fn dechunk(mut b: &[u8]) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    loop {
        let Some(nl) = b.windows(2).position(|w| w == b"\r\n") else {
            return (out, false);
        };
        let size_hex = String::from_utf8_lossy(&b[..nl]);
        let Ok(size) = usize::from_str_radix(size_hex.split(';').next().unwrap_or("").trim(), 16)
        else {
            return (out, false);
        };
        if size == 0 {
            return (out, true);
        }
        let start = nl + 2;
        if b.len() < start + size {
            out.extend_from_slice(&b[start..]);
            return (out, false);
        }
        out.extend_from_slice(&b[start..start + size]);
        b = &b[(start + size + 2).min(b.len())..];
    }
}

fn parse_response(raw: &[u8], head_only: bool) -> Option<Resp> {
    let (status, headers, body_at) = parse_head(raw)?;
    let rest = &raw[body_at..];
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    let body = if head_only {
        Vec::new()
    } else if chunked {
        dechunk(rest).0
    } else {
        rest.to_vec()
    };
    Some(Resp {
        status,
        headers,
        body,
    })
}

/// A streamed response: the decoded body, and when each part of it arrived.
#[derive(Debug)]
pub struct Streamed {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// (time since the request was sent, decoded body length by then).
    pub arrivals: Vec<(Duration, usize)>,
    pub total: Duration,
}

impl Streamed {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    /// When the first occurrence of `needle` had fully arrived.
    pub fn arrived_at(&self, needle: &str) -> Option<Duration> {
        let at = self.text().find(needle)? + needle.len();
        self.arrivals
            .iter()
            .find(|(_, n)| *n >= at)
            .map(|(t, _)| *t)
    }
    /// The SSE frames: (event, data).
    pub fn frames(&self) -> Vec<(String, String)> {
        let text = self.text().replace("\r\n", "\n");
        text.split("\n\n")
            .filter(|f| !f.trim().is_empty())
            .map(|f| {
                let mut event = "message".to_string();
                let mut data = Vec::new();
                for line in f.lines() {
                    if let Some(e) = line.strip_prefix("event:") {
                        event = e.trim().to_string();
                    } else if let Some(d) = line.strip_prefix("data:") {
                        data.push(d.strip_prefix(' ').unwrap_or(d).to_string());
                    }
                }
                (event, data.join("\n"))
            })
            .collect()
    }
}

pub fn stream_request(port: u16, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Streamed {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect to Envoy");
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .expect("set a read timeout");
    write_request(&mut s, port, "POST", path, headers, Some(body)).expect("send the request");
    let start = Instant::now();
    let mut raw = Vec::new();
    let mut arrivals = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        let n = match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => panic!("reading the stream: {e}"),
        };
        raw.extend_from_slice(&buf[..n]);
        if let Some((_, headers, at)) = parse_head(&raw) {
            let chunked = headers
                .iter()
                .any(|(k, v)| k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
            let len = if chunked {
                dechunk(&raw[at..]).0.len()
            } else {
                raw.len() - at
            };
            arrivals.push((start.elapsed(), len));
        }
    }
    let total = start.elapsed();
    let resp = parse_response(&raw, false).expect("an HTTP response");
    Streamed {
        status: resp.status,
        headers: resp.headers,
        body: resp.body,
        arrivals,
        total,
    }
}

/// Base64url without padding (for forged payload headers).
pub fn b64url(data: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(data)
}
