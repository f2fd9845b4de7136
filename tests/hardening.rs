//! Issue 8's fail-closed hardening of the filter, through a real Envoy: a response body that
//! grows over the limit after its headers have left is reset (never a completed `200` with error
//! text); `/me` gets the learning block only on a 2xx; a withheld HTML page is a small HTML page;
//! a request body over the limit gets `413` (declared or chunked); the report route reaches the
//! control service only for a verified human instructor, marked with
//! `x-orrery-learning-instructor`; and with the control service down the withheld-event queue
//! stays bounded, counts what it drops, and drains once the control service is back.
//!
//! Some rows need an upstream the stand-in does not play (a chunked JSON body, an error answer
//! on `/me`): a small raw HTTP/1.1 server in this file stands in for Orrery there, put in place by
//! rewriting the rendered Envoy config's `orrery` cluster port.
mod common;
use common::*;
use orrery_learning_guard::policy::{self, replies};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicU16, Ordering};
use std::time::Duration;

// ---- a raw upstream ---------------------------------------------------------------------

/// The raw upstream's port, for [`to_raw_upstream`] (a plain `fn` cannot capture it).
static RAW_PORT: AtomicU16 = AtomicU16::new(0);

/// Bytes of the over-limit chunked body (the filter's limit is 1 MiB).
const BIG_CHUNKED: usize = 3 << 20;
/// Bytes of the under-limit chunked body.
const SMALL_CHUNKED: usize = 200_000;

/// Point the rendered config's `orrery` cluster at the raw upstream.
fn to_raw_upstream(cfg: String) -> String {
    let port = RAW_PORT.load(Ordering::SeqCst);
    let at = cfg
        .find("cluster_name: orrery")
        .expect("the orrery cluster in the Envoy config");
    let pv = at
        + cfg[at..]
            .find("port_value: ")
            .expect("the orrery endpoint port")
        + "port_value: ".len();
    let end = pv + cfg[pv..].find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
    format!("{}{port}{}", &cfg[..pv], &cfg[end..])
}

/// Serve forever on a free port: `/healthz` and `/readyz` ok; `/me` as Orrery's profile, or with
/// `x-test-status: N` that status and Orrery's error object; `/chunked-big` and
/// `/chunked-small` a 200 JSON body sent chunked (no content-length) in 64 KiB pieces.
fn spawn_raw_upstream() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").expect("bind the raw upstream");
    let port = l.local_addr().expect("its address").port();
    std::thread::spawn(move || {
        for conn in l.incoming().flatten() {
            std::thread::spawn(move || {
                let _ = serve_raw(conn);
            });
        }
    });
    port
}

fn serve_raw(conn: TcpStream) -> std::io::Result<()> {
    let mut w = conn.try_clone()?;
    let mut r = BufReader::new(conn);
    loop {
        let mut line = String::new();
        if r.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let path = line.split(' ').nth(1).unwrap_or("/").to_string();
        let mut headers = Vec::new();
        loop {
            let mut h = String::new();
            r.read_line(&mut h)?;
            let h = h.trim_end().to_string();
            if h.is_empty() {
                break;
            }
            if let Some((k, v)) = h.split_once(':') {
                headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
            }
        }
        let header = |n: &str| headers.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone());
        if let Some(len) = header("content-length").and_then(|l| l.parse::<usize>().ok()) {
            let mut body = vec![0; len];
            r.read_exact(&mut body)?;
        }
        let path = path.split('?').next().unwrap_or("/").to_string();
        match path.as_str() {
            "/chunked-big" | "/chunked-small" => {
                let total = if path == "/chunked-big" {
                    BIG_CHUNKED
                } else {
                    SMALL_CHUNKED
                };
                w.write_all(
                    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n",
                )?;
                // `{"text":"aaaa…"}`: benign, no digit.
                let mut body = b"{\"text\":\"".to_vec();
                body.resize(total - 2, b'a');
                body.extend_from_slice(b"\"}");
                for piece in body.chunks(64 * 1024) {
                    w.write_all(format!("{:x}\r\n", piece.len()).as_bytes())?;
                    w.write_all(piece)?;
                    w.write_all(b"\r\n")?;
                    w.flush()?;
                    std::thread::sleep(Duration::from_millis(2));
                }
                w.write_all(b"0\r\n\r\n")?;
            }
            _ => {
                let (status, body) = match (path.as_str(), header("x-test-status")) {
                    ("/me", Some(st)) => (st, r#"{"detail":"Not authenticated"}"#.to_string()),
                    ("/me", None) => (
                        "200".to_string(),
                        r#"{"subject":"alice","role":"operator"}"#.to_string(),
                    ),
                    ("/healthz" | "/readyz", _) => {
                        ("200".to_string(), r#"{"status":"ok"}"#.to_string())
                    }
                    _ => ("404".to_string(), r#"{"detail":"Not Found"}"#.to_string()),
                };
                w.write_all(
                    format!(
                        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
                        body.len()
                    )
                    .as_bytes(),
                )?;
            }
        }
        w.flush()?;
    }
}

/// A response read to its end, however it ends (a reset is an end): status, headers, the
/// decoded body so far, and whether the chunked body was complete (its last chunk arrived).
struct Raw {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    complete: bool,
}

fn raw_get(port: u16, path: &str, token: &str) -> Raw {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect to Envoy");
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a read timeout");
    let req = format!(
        "GET {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer {token}\r\n\r\n"
    );
    s.write_all(req.as_bytes()).expect("send the request");
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
    }
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("response headers");
    let head = String::from_utf8_lossy(&raw[..end]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    let rest = &raw[end + 4..];
    let (body, complete) = if chunked {
        dechunk(rest)
    } else {
        let want = headers
            .iter()
            .find(|(k, _)| k == "content-length")
            .and_then(|(_, v)| v.parse::<usize>().ok());
        (rest.to_vec(), want.is_none_or(|n| n == rest.len()))
    };
    Raw {
        status,
        headers,
        body,
        complete,
    }
}

/// Decode a chunked body as far as it goes; `true` when its last (empty) chunk arrived.
fn dechunk(mut b: &[u8]) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    loop {
        let Some(nl) = b.windows(2).position(|w| w == b"\r\n") else {
            return (out, false);
        };
        let size = String::from_utf8_lossy(&b[..nl]);
        let Ok(size) = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16)
        else {
            return (out, false);
        };
        if size == 0 {
            return (out, true);
        }
        let start = nl + 2;
        if b.len() < start + size + 2 {
            out.extend_from_slice(&b[start.min(b.len())..b.len().min(start + size)]);
            return (out, false);
        }
        out.extend_from_slice(&b[start..start + size]);
        b = &b[start + size + 2..];
    }
}

#[test]
fn over_the_limit_after_the_headers_resets_and_me_gets_its_block_only_on_a_2xx() {
    RAW_PORT.store(spawn_raw_upstream(), Ordering::SeqCst);
    let s = Stack::start(
        "hardening-upstream",
        Options {
            edit_envoy: Some(to_raw_upstream),
            ..Options::default()
        },
    );
    let alice = s.token("alice", "human");

    // Under the limit, a chunked body is guarded and completes.
    let r = raw_get(s.listen, "/chunked-small", &alice);
    assert_eq!(r.status, 200);
    assert!(r.complete, "an under-limit chunked body was cut");
    assert_eq!(r.body.len(), SMALL_CHUNKED);
    let reset_before = s.stat("refused.stream_reset");
    let too_large_before = s.stat("refused.too_large");

    // Over the limit: the 200 headers have left, so the stream is reset: the body never
    // completes, and neither the upstream's bytes past the limit nor an error text follow.
    let r = raw_get(s.listen, "/chunked-big", &alice);
    assert_eq!(r.status, 200, "the headers left before the body grew");
    assert!(
        !r.complete,
        "an over-limit body completed ({} bytes)",
        r.body.len()
    );
    assert!(r.body.len() <= 1 << 20, "bytes past the limit went out");
    let text = String::from_utf8_lossy(&r.body);
    assert!(!text.contains("too large"), "error text in a 200 body");
    assert!(r.headers.iter().all(|(k, _)| k != "content-length"));
    wait_until(Duration::from_secs(10), "the reset counted", || {
        s.stat("refused.stream_reset") > reset_before
    });
    assert!(s.stat("refused.too_large") > too_large_before);
    // The filter still serves afterwards.
    let r = raw_get(s.listen, "/chunked-small", &alice);
    assert!(r.complete && r.status == 200);

    // `/me`: the learning block on Orrery's 200, never on its 401 (or any other error).
    let r = s.get("/me", Some(&alice));
    assert_eq!(r.status, 200);
    let v = r.json().expect("me JSON");
    assert_eq!(v["learning"]["level"], 0);
    assert_eq!(v["learning"]["scenario_id"], "kafka-lag-7f3a");
    for status in ["401", "403", "404", "500"] {
        let r = s.request(
            "GET",
            "/me",
            Some(&alice),
            &[("x-test-status", status)],
            None,
        );
        assert_eq!(r.status.to_string(), status);
        let v = r.json().expect("an error object");
        assert!(v.get("learning").is_none(), "{status}: a learning block");
        assert_eq!(v["detail"], "Not authenticated");
    }
    s.check_logs();
}

// ---- the gateway rows: 413, the withheld page, the instructor marker -----------------------

/// Send `/learning/` to the stand-in (which records the headers it gets) instead of the control
/// service: what the filter forwards on a learning route becomes visible.
fn learning_to_standin(cfg: String) -> String {
    let from = "route: { cluster: learning_control, timeout: 15s }";
    assert_eq!(cfg.matches(from).count(), 1, "the /learning/ route");
    cfg.replace(from, "route: { cluster: orrery, timeout: 15s }")
}

fn token_with_role(sub: &str, kind: &str, role: &str) -> String {
    let out = std::process::Command::new(root().join("target/release/orrery-standin"))
        .args(["token", "--sub", sub, "--kind", kind, "--role", role])
        .output()
        .expect("run orrery-standin token --role");
    assert!(out.status.success(), "orrery-standin token --role failed");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Send a request head (and, for chunked, `body` in 64 KiB chunks from another thread) and
/// read the answer as it comes.
fn send_body(port: u16, head: &str, chunked_body: Option<Vec<u8>>) -> Resp {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect to Envoy");
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a read timeout");
    s.write_all(head.as_bytes()).expect("send the head");
    let writer = chunked_body.map(|body| {
        let mut w = s.try_clone().expect("clone the socket");
        std::thread::spawn(move || {
            for piece in body.chunks(64 * 1024) {
                let mut c = format!("{:x}\r\n", piece.len()).into_bytes();
                c.extend_from_slice(piece);
                c.extend_from_slice(b"\r\n");
                if w.write_all(&c).is_err() {
                    return;
                }
            }
            let _ = w.write_all(b"0\r\n\r\n");
        })
    });
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
        // The whole of a content-length answer is enough.
        if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
            let len = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok());
            if len.is_some_and(|n| raw.len() >= end + 4 + n) {
                break;
            }
        }
    }
    drop(s);
    if let Some(w) = writer {
        let _ = w.join();
    }
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an answer");
    let head = String::from_utf8_lossy(&raw[..end]).to_string();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let headers = head
        .split("\r\n")
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Resp {
        status,
        headers,
        body: raw[end + 4..].to_vec(),
    }
}

#[test]
fn request_limits_withheld_pages_and_the_instructor_marker() {
    let s = Stack::start(
        "hardening-gateway",
        Options {
            edit_envoy: Some(learning_to_standin),
            ..Options::default()
        },
    );
    let m = default_manifest();
    let alice = s.token("alice", "human");

    // A declared body over the limit: 413 with the fixed body, and Orrery never sees it.
    s.clear_standin_requests();
    let head = format!(
        "POST /chat HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer {alice}\r\n\
         content-type: application/json\r\ncontent-length: 9000000\r\n\r\n"
    );
    let r = send_body(s.listen, &head, None);
    assert_eq!(r.status, 413, "declared 9 MB body");
    assert_eq!(r.text(), replies::REQUEST_TOO_LARGE);
    assert!(r
        .header("content-type")
        .is_some_and(|t| t.starts_with("application/json")));
    assert!(
        s.standin_requests().iter().all(|q| q["path"] != "/chat"),
        "an oversized request reached Orrery"
    );

    // A chunked body that grows over the limit: 413 too, and nothing of the body goes upstream
    // (no turn is taken: the transcript list stays empty).
    let head = format!(
        "POST /chat HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer {alice}\r\n\
         content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n"
    );
    let mut body = br#"{"message":"echo: "#.to_vec();
    body.resize(3 << 20, b'a');
    body.extend_from_slice(br#""}"#);
    let r = send_body(s.listen, &head, Some(body));
    assert_eq!(r.status, 413, "chunked 3 MiB body");
    assert_eq!(r.text(), replies::REQUEST_TOO_LARGE);
    let sessions = s.get("/sessions", Some(&alice)).json().expect("sessions");
    assert_eq!(sessions["sessions"].as_array().map(Vec::len), Some(0));
    assert!(s.stat("refused.request_too_large") >= 2);
    // A chunked body under the limit goes through whole.
    let r = send_body(
        s.listen,
        &head,
        Some(br#"{"message":"echo: the consumers look healthy"}"#.to_vec()),
    );
    assert_eq!(r.status, 200);

    // A console page stating a value is withheld whole: a small HTML page, labelled HTML,
    // neither the value nor JSON; and it is counted under the surface `page`.
    let page_before = s.stat("withheld.page");
    let r = s.get("/console?say=total%20lag%20is%205%31%30%30", None);
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(r.text(), replies::WITHHELD_PAGE);
    assert!(r.text().starts_with("<!doctype html>"));
    assert!(r.json().is_none());
    assert_no_value(&r.text(), &m, "a withheld console page");
    assert!(s.stat("withheld.page") > page_before, "page not counted");

    // The report route: only a verified human instructor gets through, marked as one.
    let ann = token_with_role("ann", "human", "instructor");
    let ann_bot = token_with_role("ann", "delegated", "instructor");
    let ann_svc = token_with_role("ann", "service", "instructor");
    let student = token_with_role("bob", "human", "student");
    s.clear_standin_requests();
    for (who, t) in [
        ("learner", alice.as_str()),
        ("another role", student.as_str()),
        ("delegated instructor", ann_bot.as_str()),
        ("service instructor", ann_svc.as_str()),
    ] {
        let r = s.request(
            "GET",
            "/learning/report",
            Some(t),
            &[("x-orrery-learning-instructor", "true")],
            None,
        );
        assert_eq!(r.status, 403, "{who}");
        assert_eq!(r.text(), r#"{"error":"instructors only"}"#, "{who}");
    }
    let r = s.get("/learning/report", None);
    assert_eq!(r.status, 401, "no token");
    assert!(
        s.standin_requests().is_empty(),
        "a non-instructor's report request was forwarded"
    );
    assert!(s.stat("refused.not_instructor") >= 4);

    // The instructor's request goes on (query kept), with the marker and the identity.
    let _ = s.get("/learning/report?page=2", Some(&ann));
    // A learner's hint (also a control route) never carries the marker, even when forged.
    let _ = s.request(
        "POST",
        "/learning/hint",
        Some(&alice),
        &[("x-orrery-learning-instructor", "true")],
        Some(b"{}"),
    );
    let reqs = s.standin_requests();
    let report = reqs
        .iter()
        .find(|q| q["path"] == "/learning/report")
        .expect("the instructor's report request");
    let h = &report["headers"];
    assert_eq!(h["x-orrery-learning-instructor"], "true");
    assert_eq!(h["x-orrery-learning-subject"], "ann");
    assert_eq!(h["x-orrery-learning-principal"], "human");
    assert!(h.get("x-orrery-learning-proxy-secret").is_some());
    let hint = reqs
        .iter()
        .find(|q| q["path"] == "/learning/hint")
        .expect("the learner's hint request");
    assert!(
        hint["headers"]
            .get("x-orrery-learning-instructor")
            .is_none(),
        "a learner's request carried the instructor marker"
    );
    assert_eq!(hint["headers"]["x-orrery-learning-subject"], "alice");
    s.check_logs();
}

// ---- the event queue while the control service is down ------------------------------------

#[test]
fn the_event_queue_is_bounded_while_control_is_down_and_drains_after() {
    let mut s = Stack::start("hardening-events", Options::default());
    let m = default_manifest();
    let alice = s.token("alice", "human");
    // Every such chat withholds the three targets: three answer lines and one reply line.
    let msg = "echo: lag 5100, partition lag 2750, consumer orders-worker-kestrel";
    let r = s.chat(&alice, msg, None);
    assert_no_value(&r.text(), &m, "chat");
    wait_until(Duration::from_secs(15), "the first events posted", || {
        s.stat("sync.events_posted") >= 4
    });
    let posted0 = s.stat("sync.events_posted");
    let dropped0 = s.stat("sync.events_dropped");
    assert_eq!(posted0, 4);
    let audited0 = s.wait_audit("learning_answer_withheld", 3).len();

    s.stop_control();
    // More lines than the queue holds: 4 per chat, at least this many bytes each.
    let min_line = [
        policy::event_line("alice", "kafka-lag-7f3a", "stalled_consumer", "chat"),
        policy::reply_event_line("alice", "kafka-lag-7f3a", "chat"),
    ]
    .iter()
    .map(|l| l.len() + 1)
    .min()
    .unwrap_or(1);
    let chats = policy::MAX_PENDING_EVENT_BYTES / (4 * min_line) + 200;
    let lines = 4 * chats as u64;
    std::thread::scope(|sc| {
        for part in 0..4 {
            let (s, alice, m) = (&s, &alice, &m);
            sc.spawn(move || {
                for _ in (part..chats).step_by(4) {
                    let r = s.chat(alice, msg, None);
                    assert_eq!(r.status, 200);
                    assert_no_value(&r.text(), m, "chat with the control service down");
                }
            });
        }
    });
    let dropped_down = s.stat("sync.events_dropped") - dropped0;
    assert!(dropped_down > 0, "nothing dropped over the bound");
    assert_eq!(s.stat("sync.events_posted"), posted0, "posted while down");
    let post_errors = s.stat("sync.events_post_error");

    // Back up: what was queued drains, and every line is accounted for: posted or dropped.
    s.start_control();
    wait_until(Duration::from_secs(30), "the queue drained", || {
        s.stat("sync.events_posted") - posted0 + s.stat("sync.events_dropped") - dropped0 == lines
    });
    let posted = s.stat("sync.events_posted") - posted0;
    assert!(
        posted > 0,
        "nothing posted after the control service came back"
    );
    // The queue holds at most the bound; one batch may have been in flight beside it.
    assert!(
        posted as usize * min_line <= 2 * policy::MAX_PENDING_EVENT_BYTES,
        "more was kept ({posted} lines) than the bound holds"
    );
    let audited = s.wait_audit("learning_answer_withheld", audited0 + 1).len();
    eprintln!(
        "events: {lines} lines while down, {posted} posted after, {} dropped, \
         {post_errors} line-posts failed while down, {} answers audited",
        s.stat("sync.events_dropped") - dropped0,
        audited - audited0
    );
    // And new events flow as usual.
    let before = s.stat("sync.events_posted");
    let _ = s.chat(&alice, msg, None);
    wait_until(Duration::from_secs(15), "a new event posted", || {
        s.stat("sync.events_posted") >= before + 4
    });
    s.check_logs();
}
