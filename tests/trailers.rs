//! Response trailers through a real Envoy with an HTTP/2 (h2c) upstream: the stand-in ends
//! `/chat` and `/chat/stream` with trailers on request (`x-standin-trailers`), one value-free
//! (`x-orrery-trailer: complete`) and one carrying the reply (`x-orrery-reply`). The learner
//! speaks HTTP/2 too (curl with prior knowledge), so a trailer Envoy forwards would reach them;
//! an HTTP/1.1 learner is checked as well. A body the upstream resets mid-way over HTTP/2 leaks
//! nothing either.
//!
//! The stack is the harness's (`envoy/demo.yaml.tmpl`), with the `orrery` cluster switched to
//! HTTP/2 by `edit_envoy`; the test checks through Envoy's stats that the upstream spoke HTTP/2.
mod common;
use common::*;
use std::path::Path;
use std::process::Command;

/// The `orrery` cluster speaks HTTP/2 with prior knowledge (h2c) to the stand-in.
fn h2c_upstream(cfg: String) -> String {
    let cluster = "  - name: orrery\n";
    assert_eq!(cfg.matches(cluster).count(), 1, "one orrery cluster");
    cfg.replace(
        cluster,
        "  - name: orrery\n    typed_extension_protocol_options:\n      \
         envoy.extensions.upstreams.http.v3.HttpProtocolOptions:\n        \
         \"@type\": type.googleapis.com/envoy.extensions.upstreams.http.v3.HttpProtocolOptions\n        \
         explicit_http_config:\n          http2_protocol_options: {}\n",
    )
}

/// One HTTP/2 exchange seen by the learner: status, body, and the trailers (lower-case names).
struct H2 {
    status: u16,
    body: String,
    trailers: Vec<(String, String)>,
    /// curl's exit code (non-zero when the stream was reset).
    exit: i32,
}

impl H2 {
    fn trailer(&self, name: &str) -> Option<&str> {
        self.trailers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `POST path` through Envoy over HTTP/2 (prior knowledge). curl writes the header block and,
/// after the body, the trailer block to the dump file; the files live in a sub-directory of the
/// test's directory (the log scan reads the directory's own files only: these are learner views).
fn h2_post(s: &Stack, n: u32, path: &str, token: &str, message: &str, extra: &[&str]) -> H2 {
    let out = s.dir.join("h2");
    std::fs::create_dir_all(&out).expect("create the curl directory");
    let (dump, body_file) = (
        out.join(format!("{n}.headers")),
        out.join(format!("{n}.body")),
    );
    let body = serde_json::json!({ "message": message }).to_string();
    let mut cmd = Command::new("curl");
    cmd.args([
        "-s",
        "--http2-prior-knowledge",
        "--max-time",
        "30",
        "-X",
        "POST",
    ])
    .arg("-D")
    .arg(&dump)
    .arg("-o")
    .arg(&body_file)
    .args(["-H", &format!("authorization: Bearer {token}")])
    .args(["-H", "content-type: application/json"])
    .args(["--data-binary", &body]);
    for h in extra {
        cmd.args(["-H", h]);
    }
    cmd.arg(format!("http://127.0.0.1:{}{path}", s.listen));
    let st = cmd.status().expect("run curl (HTTP/2 support needed)");
    let (status, trailers) = parse_dump(&dump);
    H2 {
        status,
        body: String::from_utf8_lossy(&std::fs::read(&body_file).unwrap_or_default()).into_owned(),
        trailers,
        exit: st.code().unwrap_or(-1),
    }
}

/// The status line and the trailer block (the second block of the dump, after the headers).
fn parse_dump(path: &Path) -> (u16, Vec<(String, String)>) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_default()
        .replace("\r\n", "\n");
    let mut blocks = text.split("\n\n");
    let head = blocks.next().unwrap_or_default();
    let status = head
        .lines()
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let trailers = blocks
        .flat_map(str::lines)
        .filter_map(|l| {
            let (k, v) = l.split_once(':')?;
            Some((k.trim().to_ascii_lowercase(), v.trim().to_string()))
        })
        .collect();
    (status, trailers)
}

fn stream_message(body: &str) -> Option<String> {
    body.replace("\r\n", "\n").split("\n\n").find_map(|f| {
        let mut lines = f.lines();
        (lines.next()? == "event: message").then_some(())?;
        let data = lines.find_map(|l| l.strip_prefix("data: "))?;
        let v: serde_json::Value = serde_json::from_str(data).ok()?;
        v["response"].as_str().map(str::to_string)
    })
}

#[test]
fn trailers_over_an_h2c_upstream() {
    let s = Stack::start(
        "trailers",
        Options {
            edit_envoy: Some(h2c_upstream),
            ..Options::default()
        },
    );
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let trailers = "x-standin-trailers: 1";

    // A benign reply: the body as written, and both trailers (neither carries a value).
    let r = h2_post(
        &s,
        1,
        "/chat",
        &alice,
        "echo: all consumers committing",
        &[trailers],
    );
    assert_eq!((r.status, r.exit), (200, 0), "benign chat");
    let v: serde_json::Value = serde_json::from_str(&r.body).expect("chat JSON");
    assert_eq!(v["response"], "all consumers committing");
    assert_eq!(r.trailer("x-orrery-trailer"), Some("complete"));
    assert_eq!(
        r.trailer("x-orrery-reply"),
        Some("all consumers committing")
    );

    // The reply states the total lag: the body is nudged, and the trailer carrying the reply
    // never reaches the learner; the value-free trailer still does.
    for (n, message) in [
        (2, "echo: the total lag is 5100 messages"),
        (3, "echo: the total lag is 5,100 messages"),
        (4, "echo: the stalled consumer is orders-worker-kestrel"),
    ] {
        let r = h2_post(&s, n, "/chat", &alice, message, &[trailers]);
        assert_eq!((r.status, r.exit), (200, 0), "chat {n}");
        assert_no_value(&r.body, &m, "chat body over h2");
        let all: String = r
            .trailers
            .iter()
            .map(|(k, v)| format!("{k}: {v}\n"))
            .collect();
        assert_no_value(&all, &m, "chat trailers over h2");
        assert_eq!(r.trailer("x-orrery-trailer"), Some("complete"), "chat {n}");
    }

    // The stream: the message frame guarded, no delta, and the same for its trailers.
    let r = h2_post(
        &s,
        5,
        "/chat/stream",
        &alice,
        "echo: the total lag is 5100 messages",
        &[trailers],
    );
    assert_eq!((r.status, r.exit), (200, 0), "stream");
    assert!(!r.body.contains("event: delta"), "a delta frame went out");
    let msg = stream_message(&r.body).expect("a message frame");
    assert!(msg.starts_with("I can't give that value yet."), "{msg}");
    assert_no_value(&r.body, &m, "stream body over h2");
    let all: String = r
        .trailers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\n"))
        .collect();
    assert_no_value(&all, &m, "stream trailers over h2");
    assert!(r.body.contains("event: end"), "the stream was not finished");

    // An HTTP/1.1 learner: the same guarded body (Envoy does not forward trailers over 1.1).
    let auth = format!("Bearer {alice}");
    let body = serde_json::json!({"message": "echo: the total lag is 5100 messages"}).to_string();
    let r = s.request(
        "POST",
        "/chat",
        Some(&alice),
        &[("x-standin-trailers", "1")],
        Some(body.as_bytes()),
    );
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "chat over HTTP/1.1");
    let st = stream_request(
        s.listen,
        "/chat/stream",
        &[
            ("authorization", &auth),
            ("content-type", "application/json"),
            ("x-standin-trailers", "1"),
        ],
        body.as_bytes(),
    );
    assert_eq!(st.status, 200);
    assert_no_value(&st.text(), &m, "stream over HTTP/1.1");

    // The upstream resets the stream mid-body: whatever the learner gets, no value.
    for (n, path) in [(6, "/chat"), (7, "/chat/stream")] {
        let r = h2_post(
            &s,
            n,
            path,
            &alice,
            "echo: the total lag is 5100 messages",
            &["x-standin-fault: reset"],
        );
        assert_no_value(&r.body, &m, "a reset body over h2");
        assert!(
            r.exit != 0 || r.status >= 500,
            "{path}: a reset stream completed as a success"
        );
    }

    // The upstream spoke HTTP/2, and Envoy is still up.
    let stats = http(
        s.admin,
        "GET",
        "/stats?filter=cluster.orrery.upstream_cx_http",
        &[],
        None,
    )
    .expect("GET /stats");
    let h2 = stats
        .text()
        .lines()
        .find_map(|l| l.strip_prefix("cluster.orrery.upstream_cx_http2_total: "))
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(0);
    assert!(h2 >= 1, "no HTTP/2 connection to the stand-in");
    assert_eq!(s.get("/healthz", None).status, 200);
    s.check_logs();
}
