//! The two pages the control service serves besides the learner's: the **author playground**
//! (`GET /learning/author/`) and the **instructor report page** (the instructor route,
//! `GET /learning/report`, asked for as HTML). This module owns their routes, their security
//! headers and the report page's data (`?view=timeline`); the page sources are
//! `assets/author.html` and `assets/report.html`.
//!
//! * The playground runs the guard in the author's browser (the wasm-bindgen build of
//!   `bindings/`, inlined by `tools/build-pages` into one file that also works opened from
//!   disk). It is built by `make pages` into `target/pages/author.html`; this service reads it
//!   from `ORRERY_LEARNING_PAGES_DIR` (default: `../pages` beside the executable, which is
//!   `target/pages` for a cargo build) and answers 404 with a hint when it is absent. Its
//!   Content-Security-Policy has `connect-src 'none'`: the page cannot send the manifest or a
//!   sample anywhere, whatever its script does.
//! * The report page goes through the same instructor check as the JSON (the filter sets the
//!   instructor header only for an instructor's verified token; [`ProxyCaller`] checks it with
//!   the proxy secret). A browser navigation (`Accept: text/html`) gets the page; anything else
//!   gets the JSON as before; `?view=timeline` gets the page's data: per learner and scenario,
//!   hints with their times, withheld answers per surface and probe flags, read from the audit
//!   file (whose entries carry no value by construction), with the current levels.
use crate::audit::AuditTarget;
use crate::auth::ProxyCaller;
use crate::error::ApiError;
use crate::report;
use crate::state::AppState;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::Arc;

/// The author playground's path on the control service.
pub const AUTHOR_PATH: &str = "/learning/author/";
/// The report page's source (its data comes from `?view=timeline`).
pub const REPORT_HTML: &str = include_str!("../assets/report.html");
/// Environment variable naming the directory that holds the built `author.html`.
pub const PAGES_DIR_ENV: &str = "ORRERY_LEARNING_PAGES_DIR";
/// The tail of the audit file the timeline reads (older entries are summarised by the report).
const TIMELINE_AUDIT_BYTES: u64 = 16 << 20;

/// Nothing leaves the page: no fetch, no form, no frame; inline script and wasm only.
const AUTHOR_CSP: &str = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; \
    style-src 'unsafe-inline'; img-src data:; connect-src 'none'; form-action 'none'; \
    frame-ancestors 'none'; base-uri 'none'";
/// The report page talks only to its own origin (the timeline), and downloads its CSV as a blob.
const REPORT_CSP: &str = "default-src 'none'; script-src 'unsafe-inline'; \
    style-src 'unsafe-inline'; img-src data:; connect-src 'self'; form-action 'none'; \
    frame-ancestors 'none'; base-uri 'none'";

fn html(body: impl Into<axum::body::Body>, csp: &'static str) -> Response {
    let mut r = (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        )],
        body.into(),
    )
        .into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(csp),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    r
}

fn pages_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os(PAGES_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.parent()?.join("pages"))
}

/// `GET /learning/author/`: the built playground, or 404 naming the build step.
pub async fn author_page() -> Response {
    let page = pages_dir().and_then(|d| std::fs::read(d.join("author.html")).ok());
    match page {
        Some(bytes) => html(bytes, AUTHOR_CSP),
        None => (
            StatusCode::NOT_FOUND,
            "the author playground is not built: run `make pages` (or set ORRERY_LEARNING_PAGES_DIR)\n",
        )
            .into_response(),
    }
}

/// `GET /learning/report`: the page for a browser, the timeline for the page, the JSON report
/// for anything else; all for an instructor only.
pub async fn instructor_report_or_page(
    caller: ProxyCaller,
    state: State<Arc<AppState>>,
    headers: HeaderMap,
    query: Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    caller.require_instructor()?;
    if query.get("view").map(String::as_str) == Some("timeline") {
        // Reading the audit tail is file I/O: off the async workers.
        let st = Arc::clone(&state.0);
        return Ok(tokio::task::spawn_blocking(move || timeline(&st))
            .await
            .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response()));
    }
    let wants_html = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("text/html"));
    if wants_html && query.0.is_empty() {
        return Ok(html(REPORT_HTML, REPORT_CSP));
    }
    crate::server::instructor_report(caller, state, query).await
}

/// One learner on one scenario, as the page shows it.
#[derive(Default)]
struct Row {
    level: u8,
    hints: Vec<Value>,
    withheld: BTreeMap<String, u64>,
    replies_withheld: u64,
    probes: Vec<Value>,
}

/// The tail of the audit file, whole lines only.
fn audit_tail(path: &std::path::Path) -> String {
    let Ok(mut f) = std::fs::File::open(path) else {
        return String::new();
    };
    let len = f.metadata().map(|m| m.len()).unwrap_or(0);
    let start = len.saturating_sub(TIMELINE_AUDIT_BYTES);
    if f.seek(SeekFrom::Start(start)).is_err() {
        return String::new();
    }
    let mut buf = Vec::new();
    if f.take(TIMELINE_AUDIT_BYTES).read_to_end(&mut buf).is_err() {
        return String::new();
    }
    let text = String::from_utf8_lossy(&buf).into_owned();
    if start > 0 {
        // The first line is cut: drop it.
        return text
            .split_once('\n')
            .map_or(String::new(), |x| x.1.to_string());
    }
    text
}

fn str_field<'a>(v: &'a Value, k: &str) -> Option<&'a str> {
    v.get(k).and_then(Value::as_str)
}

/// `{"scenario_id", "audit": "file"|"stdout", "learners": [{"subject", "scenario_id", "level",
/// "hints": [{"at", "level"}], "withheld": {surface: n}, "replies_withheld", "probes": [{"at"}]}]}`.
/// Only these fields are copied out of the audit entries (which hold no value by construction).
fn timeline(state: &AppState) -> Response {
    let mut rows: BTreeMap<(String, String), Row> = BTreeMap::new();
    let audit = match &state.config.audit {
        AuditTarget::File(path) => {
            for line in audit_tail(path).lines() {
                let Ok(e) = serde_json::from_str::<Value>(line) else {
                    continue;
                };
                let (Some(event), Some(subject), Some(scenario)) = (
                    str_field(&e, "event"),
                    str_field(&e, "subject"),
                    str_field(&e, "scenario_id"),
                ) else {
                    continue;
                };
                let at = str_field(&e, "ts").unwrap_or("").to_string();
                let row = rows
                    .entry((subject.to_string(), scenario.to_string()))
                    .or_default();
                match event {
                    "learning_hint" => {
                        let level = e.get("new_level").and_then(Value::as_u64).unwrap_or(0);
                        let level = u8::try_from(level).unwrap_or(u8::MAX);
                        row.level = row.level.max(level);
                        row.hints.push(json!({"at": at, "level": level}));
                    }
                    "learning_answer_withheld" => {
                        let s = str_field(&e, "surface").unwrap_or("other");
                        *row.withheld.entry(s.to_string()).or_default() += 1;
                    }
                    "learning_reply_withheld" => row.replies_withheld += 1,
                    "learning_probe_suspected" => row.probes.push(json!({"at": at})),
                    _ => {}
                }
            }
            "file"
        }
        AuditTarget::Stdout => "stdout",
    };
    // Current levels (and learners the audit tail no longer holds) from the report itself.
    let cur = state.refresh_manifest();
    let q = report::ReportQuery {
        scenario_id: None,
        limit: report::MAX_LIMIT,
        after: None,
    };
    let page = report::page(
        &state.levels(),
        &cur.scenario_id,
        cur.default_disclosure,
        &q,
    );
    if let Ok(p) = serde_json::from_slice::<Value>(&page) {
        for l in p["learners"].as_array().into_iter().flatten() {
            let Some(subject) = str_field(l, "subject") else {
                continue;
            };
            let row = rows
                .entry((subject.to_string(), cur.scenario_id.clone()))
                .or_default();
            let level = l.get("level").and_then(Value::as_u64).unwrap_or(0);
            row.level = row.level.max(u8::try_from(level).unwrap_or(u8::MAX));
            let replies = l
                .get("replies_withheld")
                .and_then(Value::as_u64)
                .unwrap_or(0);
            row.replies_withheld = row.replies_withheld.max(replies);
        }
    }
    let learners: Vec<Value> = rows
        .into_iter()
        .map(|((subject, scenario_id), r)| {
            let withheld: Map<String, Value> =
                r.withheld.into_iter().map(|(k, v)| (k, json!(v))).collect();
            json!({
                "subject": subject,
                "scenario_id": scenario_id,
                "level": r.level,
                "hints": r.hints,
                "withheld": withheld,
                "replies_withheld": r.replies_withheld,
                "probes": r.probes,
            })
        })
        .collect();
    let body = json!({"scenario_id": cur.scenario_id, "audit": audit, "learners": learners});
    let mut resp = axum::Json(body).into_response();
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}
