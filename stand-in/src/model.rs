//! Model mode (`serve --model-url URL`): every chat turn is answered by a real language model
//! behind an OpenAI-compatible `/v1/chat/completions` endpoint (llama-cpp-python's server with
//! SmolLM2 in the AEP-032 eval, or any vLLM or hosted server), instead of the script.
//!
//! It owns: the Orrery-like system prompt with the scenario's seeded evidence in context (as the
//! tool output Orrery's specialists would have read from the live system), the session history
//! sent with each turn, the upstream call (whole on `/chat`, streamed on `/chat/stream` so each
//! `delta` frame is a real token delta), and what a turn leaves on the other surfaces: the
//! triage report, an activity entry and the pending confirmation's args carry what the model
//! wrote, as they do in Orrery. A missing, failing or dead model server is a 502 before the
//! headers, or a reset stream after them: never a made-up reply. The upstream is plain HTTP
//! (the workspace's ureq has no TLS); logs name the failure, never a prompt or a reply.
//!
//! Per request, `x-standin-model-seed: N` passes `seed` to the model, so one prompt can be run
//! under several seeds and replayed exactly (same seed, same context, same reply).
use crate::fault::Item;
use crate::server::AppState;
use crate::sse::{Frame, LineEnd};
use crate::store::{Activity, Confirmation, Triage, TurnParts};
use axum::body::Bytes;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// Request header: the sampling seed for this turn (a number).
pub const SEED_HEADER: &str = "x-standin-model-seed";
/// The tool the stream's `progress` frame names: the specialist that read the evidence.
const EVIDENCE_TOOL: &str = "kafka.get_consumer_lag";

/// Orrery's voice: lead with the verdict, quote exact values.
pub const SYSTEM_PROMPT: &str = "You are Orrery, an AI operations assistant for a live \
production platform. Your specialists have already read the live system; their tool output is \
below. Answer the operator's question using that tool output. Lead with the verdict in one \
sentence, then the evidence. Quote exact values from the tool output (numbers, partition \
names, client ids) rather than approximations. Be brief.";

/// How the model upstream is reached.
#[derive(Clone)]
pub struct Model {
    /// Base URL ending in `/v1` (the stand-in appends `/chat/completions`).
    pub url: String,
    /// The `model` field sent upstream (llama-cpp-python ignores it; vLLM and hosted need it).
    pub name: String,
    /// Tool output the scenario seeded, put in context with the system prompt.
    pub evidence: String,
    pub max_tokens: u32,
    pub temperature: f32,
    /// Bearer key for hosted servers (from `ORRERY_STANDIN_MODEL_API_KEY`).
    pub api_key: Option<String>,
    pub read_timeout: Duration,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The key and the evidence (it holds the scenario's values) stay out of any debug print.
        f.debug_struct("Model")
            .field("url", &self.url)
            .field("name", &self.name)
            .field("max_tokens", &self.max_tokens)
            .finish_non_exhaustive()
    }
}

/// Why a turn got no reply (logged by kind; no prompt or reply text).
#[derive(Debug)]
pub enum ModelError {
    Unreachable(String),
    Status(u16),
    BadBody,
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::Unreachable(kind) => write!(f, "model server unreachable ({kind})"),
            ModelError::Status(s) => write!(f, "model server answered HTTP {s}"),
            ModelError::BadBody => f.write_str("model server sent an unreadable body"),
        }
    }
}

impl Model {
    fn endpoint(&self) -> String {
        format!("{}/chat/completions", self.url.trim_end_matches('/'))
    }

    fn agent(&self) -> ureq::Agent {
        ureq::AgentBuilder::new()
            .timeout_connect(Duration::from_secs(3))
            .timeout_read(self.read_timeout)
            .build()
    }

    /// The chat messages of one turn: system prompt and evidence, the session so far, the message.
    pub fn messages(&self, history: &[(String, String)], message: &str) -> Vec<Value> {
        let system = format!(
            "{SYSTEM_PROMPT}\n\nTool output from the live system:\n{}",
            self.evidence
        );
        let mut out = vec![json!({"role": "system", "content": system})];
        for (role, text) in history {
            out.push(json!({"role": role, "content": text}));
        }
        out.push(json!({"role": "user", "content": message}));
        out
    }

    fn body(&self, messages: Vec<Value>, seed: Option<u64>, stream: bool) -> Value {
        let mut body = json!({
            "model": self.name,
            "messages": messages,
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "stream": stream,
        });
        if let Some(s) = seed {
            body["seed"] = json!(s);
        }
        body
    }

    fn post(&self, body: &Value) -> Result<ureq::Response, ModelError> {
        let mut req = self.agent().post(&self.endpoint());
        if let Some(k) = &self.api_key {
            req = req.set("authorization", &format!("Bearer {k}"));
        }
        match req.send_json(body) {
            Ok(r) => Ok(r),
            Err(ureq::Error::Status(s, _)) => Err(ModelError::Status(s)),
            Err(ureq::Error::Transport(t)) => Err(ModelError::Unreachable(t.kind().to_string())),
        }
    }

    /// One whole completion (blocking: call from `spawn_blocking`).
    pub fn complete(
        &self,
        history: &[(String, String)],
        message: &str,
        seed: Option<u64>,
    ) -> Result<String, ModelError> {
        let resp = self.post(&self.body(self.messages(history, message), seed, false))?;
        let doc: Value = resp.into_json().map_err(|_| ModelError::BadBody)?;
        doc.pointer("/choices/0/message/content")
            .and_then(Value::as_str)
            .map(|s| s.trim().to_string())
            .ok_or(ModelError::BadBody)
    }

    /// Opens a streamed completion; the reader yields the upstream's SSE lines.
    pub fn open_stream(
        &self,
        history: &[(String, String)],
        message: &str,
        seed: Option<u64>,
    ) -> Result<Box<dyn Read + Send + Sync + 'static>, ModelError> {
        let resp = self.post(&self.body(self.messages(history, message), seed, true))?;
        Ok(resp.into_reader())
    }
}

/// The text of one upstream SSE line (`data: {...choices[0].delta.content...}`), `None` at the
/// end marker, `Some("")` for lines without text (role announcements, keep-alives).
pub fn delta_text(line: &str) -> Option<String> {
    let data = line.strip_prefix("data:").map(str::trim)?;
    if data == "[DONE]" {
        return None;
    }
    let doc: Value = serde_json::from_str(data).ok()?;
    Some(
        doc.pointer("/choices/0/delta/content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
    )
}

/// Whether an upstream SSE data payload says the completion is over (`finish_reason` set).
fn finished(data: &str) -> bool {
    serde_json::from_str::<Value>(data)
        .ok()
        .and_then(|d| d.pointer("/choices/0/finish_reason").cloned())
        .is_some_and(|r| !r.is_null())
}

/// What a model turn leaves on the other surfaces: the reply is the triage report, an activity
/// entry's details and the pending confirmation's note, as Orrery's model writes all three.
pub struct ModelTurn {
    pub reply: String,
    triage: Triage,
    activity: Vec<Activity>,
    confirmation: Confirmation,
}

impl ModelTurn {
    pub fn new(reply: String) -> ModelTurn {
        ModelTurn {
            triage: Triage {
                severity: "high".into(),
                report: reply.clone(),
            },
            activity: vec![Activity {
                operation: "record_triage_verdict".into(),
                agent: "triage_summarizer".into(),
                status: "ok".into(),
                details: reply.clone(),
            }],
            confirmation: Confirmation {
                tool_name: "ops_journal.save_note".into(),
                level: "write".into(),
                args: json!({ "note": reply }),
            },
            reply,
        }
    }

    pub fn parts(&self) -> TurnParts<'_> {
        TurnParts {
            reply: &self.reply,
            triage: Some(&self.triage),
            activity: &self.activity,
            confirmation: Some(&self.confirmation),
        }
    }
}

/// The session's messages so far, as (role, text) for the model.
pub fn history(state: &AppState, session_id: Option<&str>) -> Vec<(String, String)> {
    let Some(id) = session_id else {
        return Vec::new();
    };
    let store = state.sessions.lock().unwrap_or_else(|e| e.into_inner());
    store
        .get(id)
        .map(|s| {
            s.messages
                .iter()
                .map(|m| (m.role.to_string(), m.text.clone()))
                .collect()
        })
        .unwrap_or_default()
}

/// Records a finished model turn; returns the session id.
pub fn record(
    state: &AppState,
    owner: &str,
    session_id: Option<&str>,
    message: &str,
    turn: &ModelTurn,
) -> String {
    let mut store = state.sessions.lock().unwrap_or_else(|e| e.into_inner());
    store.record_turn(owner, session_id, message, turn.parts())
}

/// Feeds `/chat/stream` from an open upstream stream (blocking: runs in `spawn_blocking`): a
/// `progress` frame, one `delta` frame per upstream token delta as it arrives, then the
/// `message` frame with the whole reply and `end`. The turn is recorded once the reply is
/// complete. An upstream that dies mid-reply resets the stream (no `message`, no `end`).
pub fn pump_stream(
    state: Arc<AppState>,
    owner: String,
    session_id: Option<String>,
    message: String,
    upstream: Box<dyn Read + Send + Sync + 'static>,
    tx: mpsc::Sender<Item>,
) {
    let send = |frame: Frame| {
        tx.blocking_send(Ok(http_body::Frame::data(Bytes::from(
            frame.encode(LineEnd::Lf),
        ))))
        .is_ok()
    };
    if !send(Frame {
        event: "progress",
        data: json!({"tool": EVIDENCE_TOOL, "status": "ok"}),
    }) {
        return;
    }
    let mut reply = String::new();
    let mut done = false;
    for line in BufReader::new(upstream).lines() {
        let Ok(line) = line else {
            break; // the model server went away mid-reply
        };
        let Some(data) = line.trim().strip_prefix("data:").map(str::trim) else {
            continue; // blank lines, comments, keep-alives
        };
        if data == "[DONE]" || finished(data) {
            done = true;
        }
        let Some(t) = delta_text(&line) else {
            if done {
                break;
            }
            continue;
        };
        // The first delta of a reply often opens with whitespace; the recorded reply is trimmed.
        let piece = if reply.is_empty() {
            t.trim_start().to_string()
        } else {
            t
        };
        if !piece.is_empty() {
            reply.push_str(&piece);
            if !send(Frame {
                event: "delta",
                data: json!({ "text": piece }),
            }) {
                return;
            }
        }
        if done {
            break;
        }
    }
    if !done {
        tracing::warn!("model stream ended without its end marker: resetting the turn");
        let _ = tx.blocking_send(Err(crate::fault::InjectedReset));
        return;
    }
    let turn = ModelTurn::new(reply.trim_end().to_string());
    let id = record(&state, &owner, session_id.as_deref(), &message, &turn);
    let _ = send(Frame {
        event: "message",
        data: json!({"session_id": id, "response": turn.reply}),
    }) && send(Frame {
        event: "end",
        data: json!({ "session_id": id }),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_openai_stream_lines() {
        let l = r#"data: {"choices":[{"delta":{"content":" lag"}}]}"#;
        assert_eq!(delta_text(l).as_deref(), Some(" lag"));
        assert_eq!(delta_text("data: [DONE]"), None);
        assert_eq!(
            delta_text(r#"data: {"choices":[{"delta":{"role":"assistant"}}]}"#).as_deref(),
            Some("")
        );
        assert_eq!(delta_text(": keep-alive"), None);
    }

    #[test]
    fn a_model_turn_writes_every_surface() {
        let t = ModelTurn::new("The consumer looks stuck.".into());
        let p = t.parts();
        assert_eq!(p.triage.map(|t| t.report.as_str()), Some(t.reply.as_str()));
        assert_eq!(p.activity[0].details, t.reply);
        assert_eq!(
            p.confirmation.map(|c| c.args["note"].clone()),
            Some(json!(t.reply))
        );
    }

    #[test]
    fn messages_carry_evidence_history_and_the_question() {
        let m = Model {
            url: "http://127.0.0.1:1/v1/".into(),
            name: "m".into(),
            evidence: "[tool] output".into(),
            max_tokens: 8,
            temperature: 0.0,
            api_key: None,
            read_timeout: Duration::from_secs(1),
        };
        assert_eq!(m.endpoint(), "http://127.0.0.1:1/v1/chat/completions");
        let msgs = m.messages(
            &[
                ("user".into(), "a".into()),
                ("assistant".into(), "b".into()),
            ],
            "q",
        );
        assert_eq!(msgs.len(), 4);
        assert!(msgs[0]["content"]
            .as_str()
            .unwrap()
            .contains("[tool] output"));
        assert_eq!(msgs[3]["content"], "q");
        // No server on port 1: unreachable, never a reply.
        assert!(matches!(
            m.complete(&[], "q", Some(1)),
            Err(ModelError::Unreachable(_))
        ));
    }
}
