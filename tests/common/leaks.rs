//! The leak check every test ends with: [`Stack::check_logs`] stops Envoy (so its buffered
//! access log is flushed) and greps every log, the access log and the audit stream for every
//! value of every manifest the stack has seen, in the forms the matcher knows (digits plain and
//! grouped: `5100`, `5,100`, `5 100`, `5.100`, `5_100`; strings case-insensitively; see
//! [`value_needles`]), and for credentials: every token the stack minted, the proxy secret, the
//! report token, and anything JWT-shaped (`eyJ…` followed by a `.`). [`assert_no_value`] is the
//! same value check on what a learner sees.
use super::stack::{Stack, ACCESS_LOG, REPORT_TOKEN, SECRET};
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

impl Stack {
    /// The secrets and tokens this stack knows (grepped for at the end).
    pub fn credentials(&self) -> Vec<String> {
        let mut out = vec![SECRET.to_string(), REPORT_TOKEN.to_string()];
        out.extend(
            self.tokens
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .iter()
                .cloned(),
        );
        out
    }

    /// Stop Envoy (its access log is buffered until then), then grep every log, the access log
    /// and the audit stream for every value of every manifest this stack saw and for every
    /// credential it knows. The last thing a test does.
    pub fn check_logs(&self) {
        std::thread::sleep(Duration::from_millis(300));
        self.stop_envoy();
        let access = self.dir.join(ACCESS_LOG);
        let logged = std::fs::read_to_string(&access).unwrap_or_default();
        assert!(
            logged.lines().count() > 0,
            "Envoy's access log is empty: {}",
            access.display()
        );
        let (scanned, hits) = scan_logs(&self.dir, &self.manifests, &self.credentials());
        assert!(scanned >= 5, "expected the logs in {}", self.dir.display());
        assert!(
            hits.is_empty(),
            "values or credentials found in logs:\n{}",
            hits.join("\n")
        );
    }
}

/// Every file directly in `dir` (the logs, the access log and the audit stream; the rendered
/// Envoy config and the `inputs/` manifests are skipped), grepped for the values of `manifests`
/// (case-insensitively, on token boundaries), for each of `credentials` (exactly, anywhere) and
/// for JWT-shaped text. Returns the number of files scanned and one `file:line` per hit (never
/// the line itself).
pub fn scan_logs(dir: &Path, manifests: &[String], credentials: &[String]) -> (usize, Vec<String>) {
    let mut needles = Vec::new();
    for m in manifests {
        needles.extend(value_needles(m));
    }
    let mut hits = Vec::new();
    let mut scanned = 0;
    for entry in std::fs::read_dir(dir).expect("read the test directory") {
        let Ok(entry) = entry else { continue };
        let path = entry.path();
        if !path.is_file() || path.extension().is_some_and(|e| e == "yaml") {
            continue;
        }
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap_or_default()).into_owned();
        scanned += 1;
        let access_log = path.file_name().is_some_and(|n| n == ACCESS_LOG);
        for (lineno, line) in text.lines().enumerate() {
            let at = format!("{}:{}", path.display(), lineno + 1);
            let lower = without_noise(&line.to_lowercase(), access_log);
            if needles.iter().any(|n| contains_token(&lower, n)) {
                hits.push(format!("{at} holds a manifest value"));
            }
            if credentials
                .iter()
                .any(|c| !c.is_empty() && line.contains(c.as_str()))
            {
                hits.push(format!("{at} holds a token or secret"));
            }
            if has_jwt_shape(line) {
                hits.push(format!("{at} holds a JWT-shaped string"));
            }
        }
    }
    (scanned, hits)
}

/// A log line with what is random or counted blanked, so a value scan does not flag chance
/// digits: UUIDs (request ids such as `6c449018-2750-…`), and in an access-log line the start
/// time and the numeric fields between the request line and the request id (status, bytes,
/// duration). The request line (method and path) is kept: that is where a value could leak.
/// An Envoy application-log prefix (time, thread id, level, logger, source line) is metadata,
/// and a thread id such as `[5100]` can equal a target on a fresh machine: it is blanked too.
pub fn without_noise(line: &str, access_log: bool) -> String {
    let mut b: Vec<u8> = line.as_bytes().to_vec();
    let prefix = envoy_prefix_len(&b);
    b[..prefix].fill(b' ');
    let hex = |c: u8| c.is_ascii_hexdigit();
    let groups = [8usize, 4, 4, 4, 12];
    let mut i = 0;
    while i < b.len() {
        let mut p = i;
        let mut ok = i == 0 || !hex(b[i - 1]);
        for (k, n) in groups.iter().enumerate() {
            if !ok {
                break;
            }
            ok = b.len() >= p + n && b[p..p + n].iter().all(|c| hex(*c));
            p += n;
            if ok && k < 4 {
                ok = b.get(p) == Some(&b'-');
                p += 1;
            }
        }
        if ok && !b.get(p).is_some_and(|c| hex(*c)) {
            b[i..p].fill(b' ');
            i = p;
        } else {
            i += 1;
        }
    }
    if access_log {
        // `[time] "METHOD PATH PROTO" status flags details rx tx ms "request-id" "cluster"`
        if let Some(close) = b.iter().position(|c| *c == b']') {
            b[..close].fill(b' ');
        }
        let quotes: Vec<usize> = b
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == b'"')
            .map(|(k, _)| k)
            .collect();
        if let (Some(&end_req), Some(&start_id)) = (quotes.get(1), quotes.get(2)) {
            for c in &mut b[end_req..start_id] {
                if c.is_ascii_digit() {
                    *c = b' ';
                }
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// The length of `[2026-12-01 03:29:59.340][3571][info][main] [source/…:1107]` at the start of
/// an Envoy log line, or 0. An access-log line (`[2026-12-01T…Z] "GET …`) has no space in its
/// first bracket and is left alone.
fn envoy_prefix_len(b: &[u8]) -> usize {
    let date = b.len() > 20
        && b[0] == b'['
        && b[1..5].iter().all(u8::is_ascii_digit)
        && b[5] == b'-'
        && b[11] == b' ';
    if !date {
        return 0;
    }
    // Four `[…]` groups back to back, a space, then the source location's `[…]`.
    let mut at = 0;
    for group in 0..5 {
        if group == 4 {
            if b.get(at) != Some(&b' ') {
                return 0;
            }
            at += 1;
        }
        if b.get(at) != Some(&b'[') {
            return 0;
        }
        match b[at..].iter().position(|c| *c == b']') {
            Some(close) => at += close + 1,
            None => return 0,
        }
    }
    at
}

/// `eyJ[A-Za-z0-9_-]+\.`: the start of a JWT (base64url of `{"`, then a dot).
pub fn has_jwt_shape(line: &str) -> bool {
    let b = line.as_bytes();
    let mut from = 0;
    while let Some(i) = line.get(from..).and_then(|h| h.find("eyJ")) {
        let start = from + i + 3;
        let run = b[start..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-' || **c == b'_')
            .count();
        if run > 0 && b.get(start + run) == Some(&b'.') {
            return true;
        }
        from = start;
    }
    false
}
/// The spellings of each manifest value that must never appear in a log (lower-case).
pub fn value_needles(manifest: &str) -> Vec<String> {
    let v: Value = serde_json::from_str(manifest).expect("manifest JSON");
    let mut out = Vec::new();
    for t in v["targets"].as_array().into_iter().flatten() {
        match &t["value"] {
            Value::Number(n) => {
                let digits = n
                    .as_u64()
                    .map(|x| x.to_string())
                    .or_else(|| n.as_f64().map(|f| format!("{f}")))
                    .unwrap_or_default();
                out.push(digits.clone());
                if digits.len() > 3 && digits.bytes().all(|b| b.is_ascii_digit()) {
                    for sep in [",", " ", ".", "_"] {
                        out.push(group(&digits, sep));
                    }
                }
            }
            Value::String(s) => out.push(s.to_lowercase()),
            _ => {}
        }
    }
    out
}

fn group(digits: &str, sep: &str) -> String {
    let mut out = String::new();
    let n = digits.len();
    for (i, c) in digits.chars().enumerate() {
        // A separator before every digit whose distance from the end is a multiple of three.
        if i > 0 && i % 3 == n % 3 {
            out.push_str(sep);
        }
        out.push(c);
    }
    out
}

/// `needle` in `hay` not glued to a digit or letter on either side (so `5100` does not match
/// inside `15100` or a hex id, but does in `lag=5100.`).
pub fn contains_token(hay: &str, needle: &str) -> bool {
    let mut start = 0;
    while let Some(i) = hay.get(start..).and_then(|h| h.find(needle)) {
        let at = start + i;
        let before = hay[..at].chars().next_back();
        let after = hay[at + needle.len()..].chars().next();
        let glued = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        if !glued(before) && !glued(after) {
            return true;
        }
        start = at + needle.len().max(1);
    }
    false
}
/// Assert that no text in `hay` states any of this manifest's values (any spelling listed).
pub fn assert_no_value(hay: &str, manifest: &str, context: &str) {
    let lower = hay.to_lowercase();
    for n in value_needles(manifest) {
        assert!(
            !contains_token(&lower, &n),
            "{context}: a manifest value reached the learner"
        );
    }
}
