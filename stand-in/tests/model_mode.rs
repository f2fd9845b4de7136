//! Model mode over real HTTP, against a fake OpenAI-compatible upstream on a real socket: the
//! reply, history and seed go upstream, the stream's deltas are the upstream's token deltas,
//! every surface carries what the model wrote, and a missing model server is a 502.
use orrery_standin::model::Model;
use orrery_standin::server::{serve, AppState};
use orrery_standin::token::{demo_token, Kind};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A fake `/v1/chat/completions`: answers "The consumer is stuck." (whole, or as four SSE
/// deltas) and keeps every request body it got.
fn fake_upstream() -> (String, Arc<Mutex<Vec<Value>>>) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap().to_string();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    std::thread::spawn(move || {
        for conn in l.incoming() {
            let mut s = conn.unwrap();
            let mut r = BufReader::new(s.try_clone().unwrap());
            let mut len = 0;
            loop {
                let mut line = String::new();
                r.read_line(&mut line).unwrap();
                if line == "\r\n" || line.is_empty() {
                    break;
                }
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    len = v.trim().parse().unwrap();
                }
            }
            let mut body = vec![0; len];
            r.read_exact(&mut body).unwrap();
            let req: Value = serde_json::from_slice(&body).unwrap();
            let stream = req["stream"] == json!(true);
            log.lock().unwrap().push(req);
            if stream {
                let mut out = String::new();
                for piece in ["The", " consumer", " is", " stuck."] {
                    out += &format!(
                        "data: {}\n\n",
                        json!({"choices": [{"delta": {"content": piece}, "finish_reason": null}]})
                    );
                }
                out += "data: [DONE]\n\n";
                write!(s, "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n{out}").unwrap();
            } else {
                let b = json!({"choices": [{"message": {"content": " The consumer is stuck. "}}]})
                    .to_string();
                write!(s, "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{b}", b.len()).unwrap();
            }
        }
    });
    (addr, seen)
}

fn start(model_addr: &str) -> String {
    let model = Model {
        url: format!("http://{model_addr}/v1"),
        name: "fake".into(),
        evidence: "[kafka.get_consumer_lag] evidence line".into(),
        max_tokens: 32,
        temperature: 0.0,
        api_key: None,
        read_timeout: Duration::from_secs(10),
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(l.local_addr().unwrap().to_string()).unwrap();
            serve(l, AppState::with_model(model, 0), std::future::pending())
                .await
                .unwrap();
        });
    });
    rx.recv().unwrap()
}

#[allow(clippy::result_large_err)] // ureq's own error type, as the tests receive it
fn post(addr: &str, path: &str, body: Value) -> Result<ureq::Response, ureq::Error> {
    ureq::post(&format!("http://{addr}{path}"))
        .set(
            "authorization",
            &format!("Bearer {}", demo_token("ann", Kind::Human, 600)),
        )
        .set("x-standin-model-seed", "7")
        .send_json(body)
}

fn get(addr: &str, path: &str) -> Value {
    ureq::get(&format!("http://{addr}{path}"))
        .set(
            "authorization",
            &format!("Bearer {}", demo_token("ann", Kind::Human, 600)),
        )
        .call()
        .unwrap()
        .into_json()
        .unwrap()
}

#[test]
fn model_turns_reach_every_surface_and_stream_real_deltas() {
    let (up, seen) = fake_upstream();
    let addr = start(&up);
    let doc: Value = post(&addr, "/chat", json!({"message": "who is stuck?"}))
        .unwrap()
        .into_json()
        .unwrap();
    assert_eq!(doc["response"], "The consumer is stuck.");
    let id = doc["session_id"].as_str().unwrap().to_string();
    {
        let seen = seen.lock().unwrap();
        assert_eq!(seen[0]["seed"], 7);
        assert!(seen[0]["messages"][0]["content"]
            .as_str()
            .unwrap()
            .contains("evidence line"));
    }
    let triage = get(&addr, &format!("/session/{id}/triage"));
    assert_eq!(triage["triage_report"], "The consumer is stuck.");
    let act = get(&addr, &format!("/session/{id}/activity"));
    assert_eq!(act["entries"][0]["details"], "The consumer is stuck.");
    let pending = get(&addr, "/confirmations/pending");
    assert_eq!(pending["pending"]["args"]["note"], "The consumer is stuck.");

    // The second turn carries the first as history, and streams the upstream's deltas.
    let mut body = String::new();
    post(
        &addr,
        "/chat/stream",
        json!({"message": "sure?", "session_id": id}),
    )
    .unwrap()
    .into_reader()
    .read_to_string(&mut body)
    .unwrap();
    let deltas: Vec<Value> = body
        .split("\n\n")
        .filter(|f| f.starts_with("event: delta"))
        .map(|f| serde_json::from_str(f.split_once("data: ").unwrap().1).unwrap())
        .collect();
    let texts: Vec<&str> = deltas.iter().map(|d| d["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["The", " consumer", " is", " stuck."]);
    assert!(body.contains("event: message") && body.contains("event: end"));
    let seen = seen.lock().unwrap();
    let msgs = seen[1]["messages"].as_array().unwrap();
    assert_eq!(
        msgs.len(),
        4,
        "system, the first turn (user, assistant), the question"
    );
    assert_eq!(msgs[2]["content"], "The consumer is stuck.");
    let transcript = get(&addr, &format!("/session/{id}"));
    assert_eq!(transcript["messages"].as_array().unwrap().len(), 4);
}

#[test]
fn no_model_server_is_a_502_on_chat_and_stream() {
    // A port nothing listens on.
    let dead = TcpListener::bind("127.0.0.1:0").unwrap();
    let dead_addr = dead.local_addr().unwrap().to_string();
    drop(dead);
    let addr = start(&dead_addr);
    for path in ["/chat", "/chat/stream"] {
        match post(&addr, path, json!({"message": "total lag?"})) {
            Err(ureq::Error::Status(502, r)) => {
                let doc: Value = r.into_json().unwrap();
                assert_eq!(doc["detail"], "the model upstream is unavailable");
            }
            other => panic!(
                "{path}: expected a 502, got {:?}",
                other.map(|r| r.status())
            ),
        }
    }
}
