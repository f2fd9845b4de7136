//! The HTTP surface: Orrery's routes with the shapes of DESIGN.md's table, the probes, a small
//! HTML console, admin/Studio routes (so tests can prove the filter blocks them) and the
//! `/_standin/*` test hooks. Every Orrery route but the probes, the console pages and the Vite
//! console's `/assets/` ([`crate::vite`]) requires an
//! `Authorization` header (presence only: the stand-in verifies nothing; Envoy does). Logs carry
//! method, path and status only: message bodies and query strings can hold target values.
use crate::gzip::gzip_stored;
use crate::script::Script;
use crate::store::{LoggedRequest, RequestLog, Sessions};
use crate::turn::{ChatBody, Turn};
use axum::body::Bytes;
use axum::extract::{FromRequestParts, Path, Query, Request, State};
use axum::http::{header, request::Parts, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use http_body::Frame;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

const CONSOLE_HTML: &str = include_str!("console.html");
/// Gap between the pieces of one frame under `sse-split:`.
const SPLIT_GAP: std::time::Duration = std::time::Duration::from_millis(5);
/// Request header: `reset` cuts this response mid-body (see [`crate::fault`]).
pub const FAULT_HEADER: &str = "x-standin-fault";
/// Request header (any value): `/chat` and `/chat/stream` end their body with trailers.
pub const TRAILERS_HEADER: &str = "x-standin-trailers";
/// Asks `/chat` to send the reply as a response header too (`x-orrery-reply: REPLY`).
pub const REPLY_HEADER: &str = "x-standin-reply-header";

/// Shared server state.
#[derive(Debug, Default)]
pub struct AppState {
    pub script: Option<Script>,
    pub sessions: Mutex<Sessions>,
    pub requests: Mutex<RequestLog>,
    /// Every Nth model turn (`POST /chat`, `POST /chat/stream`) is reset mid-body; 0: never.
    pub reset_every: u64,
    /// Model turns served (for `reset_every`).
    pub model_turns: AtomicU64,
    /// Model mode: chat turns are answered by this model upstream ([`crate::model`]).
    pub model: Option<crate::model::Model>,
}

impl AppState {
    pub fn new(script: Option<Script>) -> Arc<AppState> {
        Arc::new(AppState {
            script,
            ..Default::default()
        })
    }

    /// As [`AppState::new`], resetting every `reset_every`th model turn mid-body (0: none).
    pub fn with_reset_every(script: Option<Script>, reset_every: u64) -> Arc<AppState> {
        Arc::new(AppState {
            script,
            reset_every,
            ..Default::default()
        })
    }

    /// Model mode: every chat turn is answered by `model` (the script is not read).
    pub fn with_model(model: crate::model::Model, reset_every: u64) -> Arc<AppState> {
        Arc::new(AppState {
            model: Some(model),
            reset_every,
            ..Default::default()
        })
    }

    /// Whether this model turn is one `reset_every` picks.
    fn next_turn_resets(&self) -> bool {
        let n = self.model_turns.fetch_add(1, Ordering::Relaxed) + 1;
        self.reset_every > 0 && n % self.reset_every == 0
    }

    fn sessions(&self) -> MutexGuard<'_, Sessions> {
        // A poisoned lock only means a handler panicked mid-update; the data is still usable.
        self.sessions.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn requests(&self) -> MutexGuard<'_, RequestLog> {
        self.requests.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The stand-in's router.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/healthz", get(probe))
        .route("/readyz", get(probe))
        // Orrery's Vite app at `/` (crate::vite); the single-file console stays at /console.
        .route("/", get(crate::vite::index))
        .route("/assets/*file", get(crate::vite::asset))
        .route("/console", get(console))
        .route("/chat", post(chat))
        .route("/chat/stream", post(chat_stream))
        .route("/sessions", get(sessions))
        .route("/session/:id", get(session))
        .route("/session/:id/triage", get(triage))
        .route("/session/:id/activity", get(activity))
        .route("/confirmations/pending", get(pending))
        .route("/me", get(me))
        .route("/admin", any(restricted))
        .route("/admin/*rest", any(restricted))
        .route("/studio", any(restricted))
        .route("/studio/*rest", any(restricted))
        .route("/unlisted/echo", get(unlisted_echo))
        .route(
            "/_standin/requests",
            get(requests_list).delete(requests_clear),
        )
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(state.clone(), faults))
        .layer(middleware::from_fn_with_state(state.clone(), record))
        .with_state(state)
}

/// Serves until `shutdown` resolves: HTTP/1.1 and h2c (HTTP/2 with prior knowledge) on the same
/// listener (axum's `http2` feature: hyper-util's auto connection builder reads the preface).
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(state))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Binds `addr` and serves in a background task; returns the bound address (tests use port 0).
pub async fn spawn(
    addr: &str,
    script: Option<Script>,
) -> std::io::Result<(std::net::SocketAddr, Arc<AppState>)> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    let state = AppState::new(script);
    let s = state.clone();
    tokio::spawn(async move {
        if let Err(e) = serve(listener, s, std::future::pending()).await {
            tracing::error!(error = %e, "stand-in server stopped");
        }
    });
    Ok((bound, state))
}

/// Logs every request (method, path, status) and records it for `/_standin/requests`.
async fn record(State(state): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    if !path.starts_with("/_standin/") {
        let mut headers = serde_json::Map::new();
        for name in req.headers().keys() {
            let n = name.as_str();
            // Credentials stay out of the log (`authorization` is recorded as present/absent).
            if n != "authorization" && n != "cookie" {
                let joined = req
                    .headers()
                    .get_all(name)
                    .iter()
                    .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
                    .collect::<Vec<_>>()
                    .join(", ");
                headers.insert(n.to_string(), Value::String(joined));
            }
        }
        state.requests().push(LoggedRequest {
            seq: 0,
            method: method.clone(),
            path: path.clone(),
            authorization: req.headers().contains_key(header::AUTHORIZATION),
            headers,
        });
    }
    let resp = next.run(req).await;
    tracing::info!(%method, %path, status = resp.status().as_u16(), "request");
    resp
}

/// The reset fault: a `x-standin-fault: reset` request, or every `reset_every`th model turn, gets
/// its response cut mid-body (status and headers as usual, half the first chunk, then the reset).
async fn faults(State(state): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    let asked = req
        .headers()
        .get(FAULT_HEADER)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"reset"));
    let model_turn =
        req.method() == Method::POST && matches!(req.uri().path(), "/chat" | "/chat/stream");
    let picked = model_turn && state.next_turn_resets();
    let resp = next.run(req).await;
    if !(asked || picked) {
        return resp;
    }
    tracing::info!("fault: response reset mid-body");
    let (parts, body) = resp.into_parts();
    Response::from_parts(parts, crate::fault::reset_mid_body(body))
}

/// The caller, from the bearer token's payload (unverified: Envoy verified it, or nobody did).
pub struct Caller {
    pub subject: String,
}

#[axum::async_trait]
impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let Some(auth) = parts.headers.get(header::AUTHORIZATION) else {
            return Err((
                StatusCode::UNAUTHORIZED,
                Json(json!({"detail": "Not authenticated"})),
            )
                .into_response());
        };
        let subject = auth
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .and_then(crate::token::unverified_payload)
            .and_then(|p| p.get("sub").and_then(Value::as_str).map(str::to_string))
            .unwrap_or_else(|| "anonymous".to_string());
        Ok(Caller { subject })
    }
}

async fn probe() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

#[derive(Deserialize)]
struct ConsoleQuery {
    say: Option<String>,
}

/// The console page; with `?say=TEXT` (tests only) the page also states `TEXT`, HTML-escaped,
/// in `<p id="say">` at the top of the body, so tests can see what the guard does to a page.
async fn console(Query(q): Query<ConsoleQuery>) -> Html<String> {
    let Some(say) = q.say else {
        return Html(CONSOLE_HTML.to_string());
    };
    let mut escaped = String::with_capacity(say.len());
    for c in say.chars() {
        match c {
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '&' => escaped.push_str("&amp;"),
            '"' => escaped.push_str("&quot;"),
            other => escaped.push(other),
        }
    }
    let line = format!("<body>\n<p id=\"say\">{escaped}</p>");
    Html(CONSOLE_HTML.replacen("<body>", &line, 1))
}

#[derive(Deserialize)]
struct ChatRequest {
    message: String,
    #[serde(default)]
    session_id: Option<String>,
}

/// Plans and records a turn; returns the turn and its session id.
fn take_turn(state: &AppState, caller: &Caller, req: &ChatRequest) -> (Turn, String) {
    let turn = Turn::plan(&req.message, state.script.as_ref());
    let id = state.sessions().record_turn(
        &caller.subject,
        req.session_id.as_deref(),
        &req.message,
        turn.parts(),
    );
    (turn, id)
}

async fn chat(
    State(state): State<Arc<AppState>>,
    caller: Caller,
    headers: HeaderMap,
    Json(req): Json<ChatRequest>,
) -> Response {
    if state.model.is_some() {
        return model_chat(state, caller, &headers, req, false).await;
    }
    let (turn, id) = take_turn(&state, &caller, &req);
    let body = json!({"session_id": id, "response": turn.reply}).to_string();
    let json_type = HeaderValue::from_static("application/json");
    let mut resp = match turn.chat_body {
        ChatBody::Json if headers.contains_key(TRAILERS_HEADER) => (
            [(header::CONTENT_TYPE, json_type)],
            crate::fault::with_trailers(
                Bytes::from(body),
                crate::fault::reply_trailers(&turn.reply),
            ),
        )
            .into_response(),
        ChatBody::Json => ([(header::CONTENT_TYPE, json_type)], body).into_response(),
        ChatBody::Gzip => (
            [
                (header::CONTENT_TYPE, json_type),
                (header::CONTENT_ENCODING, HeaderValue::from_static("gzip")),
            ],
            gzip_stored(body.as_bytes()),
        )
            .into_response(),
        ChatBody::Raw => ([(header::CONTENT_TYPE, json_type)], turn.reply.clone()).into_response(),
    };
    if headers.contains_key(REPLY_HEADER) {
        resp.headers_mut()
            .extend(crate::fault::reply_trailers(&turn.reply));
    }
    resp
}

async fn chat_stream(
    State(state): State<Arc<AppState>>,
    caller: Caller,
    headers: HeaderMap,
    Json(req): Json<ChatRequest>,
) -> Response {
    if state.model.is_some() {
        return model_chat(state, caller, &headers, req, true).await;
    }
    let (turn, id) = take_turn(&state, &caller, &req);
    let frames = turn.frames(&id);
    let trailers = headers
        .contains_key(TRAILERS_HEADER)
        .then(|| crate::fault::reply_trailers(&turn.reply));
    // Each frame goes out as its own chunk.
    let (tx, body) = crate::fault::channel(4);
    let (gap, line_end, split) = (turn.frame_gap, turn.line_end, turn.split_frames);
    tokio::spawn(async move {
        for (i, frame) in frames.iter().enumerate() {
            if i > 0 {
                tokio::time::sleep(gap).await;
            }
            let bytes = frame.encode(line_end);
            let pieces = if split {
                crate::sse::split_encoded(&bytes)
            } else {
                vec![bytes]
            };
            for (j, piece) in pieces.into_iter().enumerate() {
                if j > 0 {
                    // Long enough for each piece to leave as its own chunk.
                    tokio::time::sleep(SPLIT_GAP).await;
                }
                if tx.send(Ok(Frame::data(Bytes::from(piece)))).await.is_err() {
                    return; // the client went away
                }
            }
        }
        if let Some(t) = trailers {
            let _ = tx.send(Ok(Frame::trailers(t))).await;
        }
    });
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// A model-mode turn ([`crate::model`]): the upstream call runs off the async workers; a model
/// server that cannot answer is a 502 with a fixed body.
async fn model_chat(
    state: Arc<AppState>,
    caller: Caller,
    headers: &HeaderMap,
    req: ChatRequest,
    stream: bool,
) -> Response {
    use crate::model::{history, pump_stream, record, ModelTurn, SEED_HEADER};
    let Some(model) = state.model.clone() else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let seed = headers
        .get(SEED_HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let past = history(&state, req.session_id.as_deref());
    let message = req.message.clone();
    let bad_gateway = |e: crate::model::ModelError| {
        tracing::warn!(error = %e, "model turn failed");
        (
            StatusCode::BAD_GATEWAY,
            Json(json!({"detail": "the model upstream is unavailable"})),
        )
            .into_response()
    };
    if !stream {
        let done = tokio::task::spawn_blocking(move || model.complete(&past, &message, seed)).await;
        let reply = match done {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => return bad_gateway(e),
            Err(_) => return StatusCode::BAD_GATEWAY.into_response(),
        };
        let turn = ModelTurn::new(reply);
        let id = record(
            &state,
            &caller.subject,
            req.session_id.as_deref(),
            &req.message,
            &turn,
        );
        return Json(json!({"session_id": id, "response": turn.reply})).into_response();
    }
    let opened =
        tokio::task::spawn_blocking(move || model.open_stream(&past, &message, seed)).await;
    let upstream = match opened {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => return bad_gateway(e),
        Err(_) => return StatusCode::BAD_GATEWAY.into_response(),
    };
    let (tx, body) = crate::fault::channel(4);
    tokio::task::spawn_blocking(move || {
        pump_stream(
            state,
            caller.subject,
            req.session_id,
            req.message,
            upstream,
            tx,
        )
    });
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

fn not_found_detail(what: &str) -> Response {
    (StatusCode::NOT_FOUND, Json(json!({ "detail": what }))).into_response()
}

async fn sessions(State(state): State<Arc<AppState>>, caller: Caller) -> Json<Value> {
    let store = state.sessions();
    let list: Vec<Value> = store
        .of_owner(&caller.subject)
        .iter()
        .map(|s| {
            json!({"session_id": s.id, "title": s.title, "last_update_time": s.last_update_time})
        })
        .collect();
    Json(json!({ "sessions": list }))
}

async fn session(
    State(state): State<Arc<AppState>>,
    _caller: Caller,
    Path(id): Path<String>,
) -> Response {
    match state.sessions().get(&id) {
        Some(s) => Json(json!({
            "session_id": s.id,
            "title": s.title,
            "messages": s.messages,
            "last_update_time": s.last_update_time,
        }))
        .into_response(),
        None => not_found_detail("Session not found"),
    }
}

async fn triage(
    State(state): State<Arc<AppState>>,
    _caller: Caller,
    Path(id): Path<String>,
) -> Response {
    let store = state.sessions();
    let Some(s) = store.get(&id) else {
        return not_found_detail("Session not found");
    };
    let (severity, report) = match &s.triage {
        Some(t) => (t.severity.as_str(), t.report.as_str()),
        None => ("none", "No triage has run for this session yet."),
    };
    Json(json!({
        "session_id": s.id,
        "incident_severity": severity,
        "triage_report": report,
        "severity": severity,
        "report": report,
    }))
    .into_response()
}

async fn activity(
    State(state): State<Arc<AppState>>,
    _caller: Caller,
    Path(id): Path<String>,
) -> Response {
    match state.sessions().get(&id) {
        Some(s) => Json(json!({"session_id": s.id, "entries": s.activity})).into_response(),
        None => not_found_detail("Session not found"),
    }
}

async fn pending(State(state): State<Arc<AppState>>, caller: Caller) -> Json<Value> {
    let store = state.sessions();
    let latest = store.of_owner(&caller.subject).first().copied();
    let pending = latest
        .and_then(|s| s.pending.as_ref())
        .map(|p| json!(p))
        .unwrap_or(Value::Null);
    Json(json!({ "pending": pending }))
}

async fn me(State(state): State<Arc<AppState>>, caller: Caller) -> Json<Value> {
    Json(json!({
        "subject": caller.subject,
        "role": "operator",
        "autonomy_level": "L2",
        "model_provider": "standin",
        "model_name": match (&state.model, &state.script) {
            (Some(m), _) => m.name.as_str(),
            (None, Some(_)) => "scripted",
            (None, None) => "echo",
        },
        "self_test_available": false,
    }))
}

async fn restricted(_caller: Caller, req: Request) -> Json<Value> {
    Json(json!({
        "restricted": true,
        "path": req.uri().path(),
        "note": "Orrery admin/Studio route: the learning filter must refuse it",
    }))
}

#[derive(Deserialize)]
struct EchoQuery {
    #[serde(default)]
    text: String,
}

async fn unlisted_echo(_caller: Caller, Query(q): Query<EchoQuery>) -> Json<Value> {
    Json(json!({ "text": q.text }))
}

async fn requests_list(State(state): State<Arc<AppState>>) -> Json<Value> {
    Json(json!({ "requests": state.requests().entries() }))
}

async fn requests_clear(State(state): State<Arc<AppState>>) -> StatusCode {
    state.requests().clear();
    StatusCode::NO_CONTENT
}

async fn not_found() -> Response {
    not_found_detail("Not Found")
}
