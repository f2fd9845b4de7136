//! The stand-in over real HTTP: the echo contract on every surface, each test-tool prefix, the
//! stream's chunking and timing, auth presence checks, scripted replies and the request log.
use orrery_standin::script::Script;
use orrery_standin::token::{demo_token, Kind};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Starts a stand-in on an ephemeral port in its own runtime thread; returns `host:port`.
fn start(script: Option<Script>) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let (addr, _) = orrery_standin::server::spawn("127.0.0.1:0", script)
                .await
                .unwrap();
            tx.send(addr.to_string()).unwrap();
            std::future::pending::<()>().await
        });
    });
    rx.recv().unwrap()
}

fn scripted() -> String {
    let s = Script::parse(include_bytes!("../../examples/kafka-lag/script.json")).unwrap();
    start(Some(s))
}

fn bearer(sub: &str) -> String {
    format!("Bearer {}", demo_token(sub, Kind::Human, 600))
}

fn get(addr: &str, path: &str, sub: &str) -> Value {
    ureq::get(&format!("http://{addr}{path}"))
        .set("authorization", &bearer(sub))
        .call()
        .unwrap()
        .into_json()
        .unwrap()
}

fn chat(addr: &str, sub: &str, body: Value) -> ureq::Response {
    ureq::post(&format!("http://{addr}/chat"))
        .set("authorization", &bearer(sub))
        .send_json(body)
        .unwrap()
}

/// What arrived on one raw HTTP/1.1 exchange: each socket read with its arrival time.
struct Exchange {
    head: String,
    /// The de-chunked body, with the arrival time of each HTTP chunk.
    chunks: Vec<(Duration, Vec<u8>)>,
}

impl Exchange {
    fn body(&self) -> String {
        let all: Vec<u8> = self.chunks.iter().flat_map(|(_, c)| c.clone()).collect();
        String::from_utf8(all).unwrap()
    }
}

/// POSTs `body` to `path` over a raw socket and records when each HTTP chunk arrived.
fn raw_post(addr: &str, path: &str, body: &Value) -> Exchange {
    let body = body.to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nhost: x\r\nauthorization: {}\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        bearer("alice"),
        body.len()
    )
    .unwrap();
    let t0 = Instant::now();
    let mut buf: Vec<u8> = Vec::new();
    let mut arrivals: Vec<(usize, Duration)> = Vec::new(); // (buffer length after read, time)
    let mut tmp = [0u8; 65536];
    loop {
        let n = s.read(&mut tmp).unwrap();
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&tmp[..n]);
        arrivals.push((buf.len(), t0.elapsed()));
    }
    let split = buf.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    let head = String::from_utf8(buf[..split].to_vec()).unwrap();
    assert!(
        head.to_lowercase().contains("transfer-encoding: chunked"),
        "{head}"
    );
    // De-chunk, tagging each chunk with the time the read that completed it arrived.
    let mut chunks = Vec::new();
    let mut pos = split;
    loop {
        let line_end = pos + buf[pos..].windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&buf[pos..line_end]).unwrap(), 16).unwrap();
        if size == 0 {
            break;
        }
        let start = line_end + 2;
        let end = start + size;
        let at = arrivals.iter().find(|(len, _)| *len >= end).unwrap().1;
        chunks.push((at, buf[start..end].to_vec()));
        pos = end + 2;
    }
    Exchange { head, chunks }
}

/// Parses SSE text into (event, data) pairs; accepts LF and CRLF.
fn frames(body: &str) -> Vec<(String, Value)> {
    body.replace("\r\n", "\n")
        .split("\n\n")
        .filter(|f| !f.trim().is_empty())
        .map(|f| {
            let mut event = String::new();
            let mut data = String::new();
            for line in f.lines() {
                if let Some(e) = line.strip_prefix("event: ") {
                    event = e.to_string();
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data.push_str(d);
                }
            }
            (event, serde_json::from_str(&data).unwrap())
        })
        .collect()
}

const TRICKY: &str = "Lag is 5100 (5,100) — “quoted” \"json\" \\ and\nnewline ünïcode ";

#[test]
fn echo_contract_holds_on_every_surface() {
    let addr = start(None);
    let r: Value = chat(
        &addr,
        "alice",
        json!({"message": format!("echo: {TRICKY}")}),
    )
    .into_json()
    .unwrap();
    assert_eq!(r["response"], TRICKY);
    let id = r["session_id"].as_str().unwrap().to_string();

    let transcript = get(&addr, &format!("/session/{id}"), "alice");
    assert_eq!(transcript["session_id"], id.as_str());
    let msgs = transcript["messages"].as_array().unwrap();
    assert_eq!(msgs.len(), 2);
    assert_eq!(msgs[0]["role"], "user");
    assert_eq!(msgs[0]["text"], format!("echo: {TRICKY}"));
    assert_eq!(msgs[1]["role"], "assistant");
    assert_eq!(msgs[1]["text"], TRICKY);
    assert!(msgs[1]["at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(transcript["title"], format!("echo: {TRICKY}"));

    let triage = get(&addr, &format!("/session/{id}/triage"), "alice");
    assert_eq!(triage["triage_report"], TRICKY);
    assert_eq!(triage["report"], TRICKY);
    assert_eq!(triage["incident_severity"], triage["severity"]);

    let activity = get(&addr, &format!("/session/{id}/activity"), "alice");
    let entries = activity["entries"].as_array().unwrap();
    assert!(!entries.is_empty());
    for e in entries {
        assert_eq!(e["details"], TRICKY);
        for k in ["operation", "agent", "status", "timestamp"] {
            assert!(e[k].is_string(), "{k} in {e}");
        }
    }

    let pending = get(&addr, "/confirmations/pending", "alice");
    assert_eq!(pending["pending"]["args"]["text"], TRICKY);
    for k in ["tool_name", "level", "created_at"] {
        assert!(pending["pending"][k].is_string(), "{k}");
    }

    // The same contract through the stream, continuing the session.
    let ex = raw_post(
        &addr,
        "/chat/stream",
        &json!({"message": format!("echo: {TRICKY}"), "session_id": id}),
    );
    assert!(ex.head.contains("text/event-stream"), "{}", ex.head);
    let f = frames(&ex.body());
    let deltas: Vec<&str> = f
        .iter()
        .filter(|(e, _)| e == "delta")
        .map(|(_, d)| d["text"].as_str().unwrap())
        .collect();
    assert!(deltas.len() >= 2, "several deltas: {deltas:?}");
    assert_eq!(deltas.concat(), TRICKY);
    assert!(
        !deltas.iter().any(|d| d.contains("5100")),
        "the number is cut"
    );
    let n = f.len();
    assert_eq!(f[n - 2].0, "message");
    assert_eq!(f[n - 2].1, json!({"session_id": id, "response": TRICKY}));
    assert_eq!(f[n - 1].0, "end");
    assert!(
        f.iter().all(|(e, _)| e != "progress"),
        "plain echo has no progress"
    );
    let transcript = get(&addr, &format!("/session/{id}"), "alice");
    assert_eq!(transcript["messages"].as_array().unwrap().len(), 4);
    assert_eq!(transcript["messages"][3]["text"], TRICKY);
}

#[test]
fn stream_frames_arrive_as_separate_timed_chunks() {
    let addr = start(None);
    let ex = raw_post(
        &addr,
        "/chat/stream",
        &json!({"message": "echo: abcdefghijkl"}),
    );
    let f = frames(&ex.body());
    // One chunk per frame, and the frames spread over time (20 ms gaps).
    assert_eq!(ex.chunks.len(), f.len());
    let spread = ex.chunks.last().unwrap().0 - ex.chunks[0].0;
    assert!(
        spread >= Duration::from_millis(15 * (f.len() as u64 - 1)),
        "{spread:?}"
    );
}

#[test]
fn slow_echo_sends_progress_long_before_the_end() {
    let addr = start(None);
    let ex = raw_post(&addr, "/chat/stream", &json!({"message": "slow echo: abc"}));
    let f = frames(&ex.body());
    assert_eq!(f[0].0, "progress");
    assert!(f[0].1["tool"].is_string() && f[0].1["status"].is_string());
    let first = ex.chunks[0].0;
    let last = ex.chunks.last().unwrap().0;
    assert!(last - first >= Duration::from_millis(280 * (f.len() as u64 - 1)));
    let message = f.iter().find(|(e, _)| e == "message").unwrap();
    assert_eq!(message.1["response"], "abc");
}

#[test]
fn sse_crlf_uses_crlf_only() {
    let addr = start(None);
    let body = raw_post(
        &addr,
        "/chat/stream",
        &json!({"message": "sse-crlf: a b c"}),
    )
    .body();
    assert!(body.contains("\r\n\r\n"));
    assert_eq!(body.matches('\n').count(), body.matches("\r\n").count());
    let f = frames(&body);
    assert_eq!(f[f.len() - 2].1["response"], "a b c");
}

/// Reads back a gzip member of stored blocks (what the stand-in writes).
fn gunzip_stored(gz: &[u8]) -> Vec<u8> {
    assert_eq!(&gz[..2], &[0x1f, 0x8b]);
    let (mut pos, mut out) = (10, Vec::new());
    loop {
        let last = gz[pos] & 1 == 1;
        let len = u16::from_le_bytes([gz[pos + 1], gz[pos + 2]]) as usize;
        out.extend_from_slice(&gz[pos + 5..pos + 5 + len]);
        pos += 5 + len;
        if last {
            return out;
        }
    }
}

#[test]
fn gzip_raw_and_big_bodies() {
    let addr = start(None);
    let r = chat(&addr, "alice", json!({"message": "gzip: 5100 squeezed"}));
    assert_eq!(r.header("content-encoding"), Some("gzip"));
    let mut gz = Vec::new();
    r.into_reader().read_to_end(&mut gz).unwrap();
    let v: Value = serde_json::from_slice(&gunzip_stored(&gz)).unwrap();
    assert_eq!(v["response"], "5100 squeezed");

    let r = chat(&addr, "alice", json!({"message": "raw: not {json"}));
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(r.into_string().unwrap(), "not {json");

    for n in [0usize, 4096, 300_000] {
        let v: Value = chat(&addr, "alice", json!({"message": format!("big: {n}")}))
            .into_json()
            .unwrap();
        let reply = v["response"].as_str().unwrap();
        assert_eq!(reply.len(), n);
        assert!(!reply.bytes().any(|b| b.is_ascii_digit()));
    }
}

#[test]
fn orrery_routes_need_an_authorization_header_probes_do_not() {
    let addr = start(None);
    let guarded = [
        ("POST", "/chat"),
        ("POST", "/chat/stream"),
        ("GET", "/sessions"),
        ("GET", "/session/x"),
        ("GET", "/session/x/triage"),
        ("GET", "/session/x/activity"),
        ("GET", "/confirmations/pending"),
        ("GET", "/me"),
        ("GET", "/admin/agents"),
        ("GET", "/studio/projects"),
    ];
    for (method, path) in guarded {
        let r = ureq::request(method, &format!("http://{addr}{path}"))
            .send_json(json!({"message": "hi"}));
        match r {
            Err(ureq::Error::Status(401, _)) => {}
            other => panic!("{method} {path}: {other:?}"),
        }
    }
    for path in ["/healthz", "/readyz"] {
        let v: Value = ureq::get(&format!("http://{addr}{path}"))
            .call()
            .unwrap()
            .into_json()
            .unwrap();
        assert_eq!(v, json!({"status": "ok"}));
    }
    for path in ["/", "/console"] {
        let r = ureq::get(&format!("http://{addr}{path}")).call().unwrap();
        assert!(r.content_type().starts_with("text/html"));
        let mut page = r.into_string().unwrap();
        // `/` is the Vite-shaped console: the chat code is in its /assets/ bundle (no token).
        if path == "/" {
            let js = orrery_standin::vite::js_name();
            assert!(page.contains(&format!("src=\"/assets/{js}\"")));
            page = ureq::get(&format!("http://{addr}/assets/{js}"))
                .call()
                .unwrap()
                .into_string()
                .unwrap();
        }
        assert!(page.contains("/chat/stream"), "{path}");
    }
    let admin = get(&addr, "/admin/agents", "alice");
    assert_eq!(admin["restricted"], true);
}

#[test]
fn me_sessions_and_pending_follow_the_caller() {
    let addr = start(None);
    assert_eq!(get(&addr, "/me", "alice")["subject"], "alice");
    assert_eq!(
        get(&addr, "/confirmations/pending", "carol")["pending"],
        Value::Null
    );
    let a: Value = chat(&addr, "alice", json!({"message": "echo: first"}))
        .into_json()
        .unwrap();
    chat(&addr, "bob", json!({"message": "echo: other"}));
    let b: Value = chat(&addr, "alice", json!({"message": "echo: second"}))
        .into_json()
        .unwrap();
    let list = get(&addr, "/sessions", "alice");
    let sessions = list["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2);
    assert_eq!(sessions[0]["session_id"], b["session_id"]);
    assert_eq!(sessions[0]["title"], "echo: second");
    assert_eq!(sessions[1]["session_id"], a["session_id"]);
    assert!(sessions[0]["last_update_time"].is_string());
    assert_eq!(
        get(&addr, "/confirmations/pending", "alice")["pending"]["args"]["text"],
        "second"
    );
    assert_eq!(
        get(&addr, "/confirmations/pending", "bob")["pending"]["args"]["text"],
        "other"
    );
    match ureq::get(&format!("http://{addr}/session/nope"))
        .set("authorization", &bearer("alice"))
        .call()
    {
        Err(ureq::Error::Status(404, _)) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn request_log_shows_headers_as_received() {
    let addr = start(None);
    ureq::get(&format!("http://{addr}/me"))
        .set("authorization", &bearer("alice"))
        .set("x-orrery-learning-level", "3")
        .set("x-orrery-learning-scenario", "kafka-lag-7f3a")
        .set("x-orrery-jwt-payload", "eyJzdWIiOiJhbGljZSJ9")
        .set("accept-encoding", "gzip")
        .call()
        .unwrap();
    ureq::get(&format!("http://{addr}/healthz")).call().unwrap();
    let log: Value = ureq::get(&format!("http://{addr}/_standin/requests"))
        .call()
        .unwrap()
        .into_json()
        .unwrap();
    let reqs = log["requests"].as_array().unwrap();
    assert_eq!(reqs.len(), 2, "the log does not record itself: {log}");
    assert_eq!(reqs[0]["method"], "GET");
    assert_eq!(reqs[0]["path"], "/me");
    assert_eq!(reqs[0]["authorization"], true);
    let h = reqs[0]["headers"].as_object().unwrap();
    assert_eq!(h["x-orrery-learning-level"], "3");
    assert_eq!(h["x-orrery-learning-scenario"], "kafka-lag-7f3a");
    assert_eq!(h["x-orrery-jwt-payload"], "eyJzdWIiOiJhbGljZSJ9");
    assert_eq!(h["accept-encoding"], "gzip");
    assert!(
        !h.contains_key("authorization"),
        "credentials are not logged"
    );
    assert_eq!(reqs[1]["authorization"], false);
    assert!(reqs[1]["seq"].as_u64() > reqs[0]["seq"].as_u64());
    ureq::delete(&format!("http://{addr}/_standin/requests"))
        .call()
        .unwrap();
    let log: Value = ureq::get(&format!("http://{addr}/_standin/requests"))
        .call()
        .unwrap()
        .into_json()
        .unwrap();
    assert_eq!(log["requests"], json!([]));
}

#[test]
fn scripted_mode_answers_by_keyword_on_every_surface() {
    let addr = scripted();
    assert_eq!(get(&addr, "/me", "alice")["model_name"], "scripted");
    let r: Value = chat(&addr, "alice", json!({"message": "What is the total lag?"}))
        .into_json()
        .unwrap();
    assert!(r["response"].as_str().unwrap().contains("5,100"));
    let id = r["session_id"].as_str().unwrap();
    let r: Value = chat(
        &addr,
        "alice",
        json!({"message": "Run a triage please", "session_id": id}),
    )
    .into_json()
    .unwrap();
    assert!(!r["response"]
        .as_str()
        .unwrap()
        .bytes()
        .any(|b| b.is_ascii_digit()));
    let triage = get(&addr, &format!("/session/{id}/triage"), "alice");
    assert_eq!(triage["incident_severity"], "high");
    assert!(triage["triage_report"].as_str().unwrap().contains("5,100"));
    let activity = get(&addr, &format!("/session/{id}/activity"), "alice");
    assert!(activity["entries"].to_string().contains("5100"));
    chat(
        &addr,
        "alice",
        json!({"message": "restart it", "session_id": id}),
    );
    let pending = get(&addr, "/confirmations/pending", "alice");
    assert_eq!(pending["pending"]["tool_name"], "kafka.restart_consumer");

    let ex = raw_post(
        &addr,
        "/chat/stream",
        &json!({"message": "How far behind are we?"}),
    );
    let f = frames(&ex.body());
    assert_eq!(f[0].0, "progress");
    let events: Vec<&str> = f.iter().map(|(e, _)| e.as_str()).collect();
    let first_delta = events.iter().position(|e| *e == "delta").unwrap();
    let last_progress = events.iter().rposition(|e| *e == "progress").unwrap();
    assert!(
        last_progress > first_delta,
        "progress between deltas: {events:?}"
    );
    let message = &f[f.len() - 2].1["response"];
    assert!(message.as_str().unwrap().contains("5.1k"));
}

#[test]
fn unlisted_route_echoes_its_query() {
    let addr = start(None);
    let v = get(&addr, "/unlisted/echo?text=orders%20worker", "alice");
    assert_eq!(v["text"], "orders worker");
}

#[test]
fn sse_split_sends_frames_in_pieces() {
    let addr = start(None);
    for (prefix, crlf) in [("sse-split: ", false), ("sse-split-crlf: ", true)] {
        let ex = raw_post(
            &addr,
            "/chat/stream",
            &json!({"message": format!("{prefix}5100 split")}),
        );
        let f = frames(&ex.body());
        assert!(
            ex.chunks.len() >= 3 * f.len(),
            "{prefix}: {} chunks",
            ex.chunks.len()
        );
        // No chunk holds a whole frame (a frame starts with `event:`, ends with a blank line).
        for (_, c) in &ex.chunks {
            assert!(
                !(c.starts_with(b"event: ") && c.ends_with(b"\n\n")),
                "{prefix}"
            );
        }
        assert_eq!(
            ex.chunks.iter().any(|(_, c)| c.ends_with(b"\r")),
            crlf,
            "{prefix}"
        );
        assert_eq!(f[f.len() - 2].1["response"], "5100 split");
    }
}

#[test]
fn sse_extra_carries_the_text_outside_deltas_and_message() {
    let addr = start(None);
    let f = frames(
        &raw_post(
            &addr,
            "/chat/stream",
            &json!({"message": "sse-extra: kestrel"}),
        )
        .body(),
    );
    let progress = f
        .iter()
        .find(|(e, v)| e == "progress" && v.get("detail").is_some())
        .unwrap();
    assert_eq!(progress.1["detail"], "kestrel");
    let thought = f.iter().find(|(e, _)| e == "thought").unwrap();
    assert_eq!(thought.1["text"], "kestrel");
    assert_eq!(f[f.len() - 2].1["response"], "kestrel");
}
