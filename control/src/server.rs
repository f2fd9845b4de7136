//! The HTTP side of `orrery-learning serve` (docs/api.md "Endpoints"): the router, one handler
//! per endpoint, and [`serve`], which loads the manifest, restores grace from the grace file,
//! rebuilds the help report from the audit file, opens the audit stream, binds the listener, and starts the file watch and the one-second
//! ticker that keep the manifest fresh and end grace periods without waiting for a request, and
//! the poll (and SIGHUP) that re-reads a proxy secret file.

use crate::audit::{AuditEvent, AuditSink, AuditTarget};
use crate::auth::{self, LabPlatform, ProxyCaller};
use crate::config::{Config, StartupError};
use crate::console;
use crate::error::ApiError;
use crate::levels::{HintOutcome, LevelStore};
use crate::manifest_store::ManifestStore;
use crate::metrics::{LevelLabel, SurfaceLabel};
use crate::report;
use crate::state::AppState;
use crate::watch::{self, FullCache};
use axum::body::{Body, Bytes};
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use orrery_learning_guard::policy::{Event, EventBatch, HintResponse, ReplyWithheld, EVENT_KINDS};
use orrery_learning_guard::MAX_LEVEL;
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// The largest `POST /v1/events` body accepted.
pub const MAX_EVENTS_BYTES: usize = 1 << 20;
/// A surface name: what `orrery_learning_answers_withheld_total{surface}` may carry.
const MAX_SURFACE_CHARS: usize = 32;
const MAX_ID_BYTES: usize = 256;

type Shared = Arc<AppState>;

/// A JSON body serialised ahead (shared, or paginated by hand); `no-store` when it holds values
/// or subjects that no cache may keep.
fn json_bytes(body: Bytes, no_store: bool) -> Response {
    let mut resp = (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response();
    if no_store {
        resp.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    resp
}

/// Read a small body whole; too large is a `400`.
async fn small_body(body: Body, limit: usize) -> Result<Bytes, ApiError> {
    axum::body::to_bytes(body, limit)
        .await
        .map_err(|_| ApiError::BadRequest("body too large"))
}

/// Every route; the `/v1/test` hooks only with `--test-hooks`.
pub fn router(state: Shared) -> Router {
    let mut r = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/learning/hint", post(hint))
        .route(console::CONSOLE_JS_PATH, get(console::console_js))
        .route(console::LEARNER_PATH, get(console::learner_page))
        .route(
            "/v1/watch",
            get(watch_handler).layer(Extension(Arc::new(FullCache::default()))),
        )
        .route("/v1/events", post(events))
        .route("/v1/report", get(report))
        .route(
            "/learning/report",
            get(crate::pages::instructor_report_or_page),
        )
        .route(crate::pages::AUTHOR_PATH, get(crate::pages::author_page));
    if state.config.test_hooks {
        r = r
            .route("/v1/test/advance-clock", post(advance_clock))
            .route("/v1/test/levels", post(seed_levels));
    }
    r.with_state(state)
}

async fn healthz(State(state): State<Shared>) -> Json<serde_json::Value> {
    let cur = state.refresh_manifest();
    Json(json!({
        "status": "ok",
        "scenario_id": cur.scenario_id,
        "manifest_generation": cur.generation,
    }))
}

async fn metrics(State(state): State<Shared>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
        )],
        state.metrics.render(),
    )
        .into_response()
}

async fn hint(
    caller: ProxyCaller,
    State(state): State<Shared>,
) -> Result<Json<HintResponse>, ApiError> {
    let subject = caller.human_subject()?;
    let cur = state.refresh_manifest();
    let now = state.clock.now_ms();
    let (outcome, stored) = {
        let mut levels = state.levels();
        let outcome = levels.hint(
            subject,
            &cur.scenario_id,
            cur.default_disclosure,
            now,
            state.config.hint_interval_ms,
        );
        (outcome, levels.stored_levels())
    };
    let body = |level: u8| HintResponse {
        scenario_id: cur.scenario_id.clone(),
        level,
        max_level: MAX_LEVEL,
        can_take_hint: level < MAX_LEVEL,
    };
    match outcome {
        HintOutcome::Raised { old, new, seq } => {
            state.audit.record(
                now,
                &AuditEvent::LearningHint {
                    subject: subject.to_string(),
                    scenario_id: cur.scenario_id.clone(),
                    old_level: old,
                    new_level: new,
                },
            );
            state
                .metrics
                .hints
                .get_or_create(&LevelLabel {
                    level: new.to_string(),
                })
                .inc();
            state.note_level_seq(seq, stored);
            tracing::info!(scenario_id = %cur.scenario_id, old_level = old, new_level = new, "hint step");
            Ok(Json(body(new)))
        }
        HintOutcome::AtMax { level } => Ok(Json(body(level))),
        HintOutcome::RateLimited {
            retry_after_secs, ..
        } => Err(ApiError::RateLimited { retry_after_secs }),
    }
}

async fn watch_handler(
    _: ProxyCaller,
    State(state): State<Shared>,
    Extension(full): Extension<Arc<FullCache>>,
    Query(raw): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let q = watch::parse_query(&raw).map_err(ApiError::BadRequest)?;
    // Values travel in this body: no cache may keep it.
    Ok(json_bytes(watch::watch(&state, &full, &q).await, true))
}

/// Read one event by its kind; the error is one of the fixed texts (never echoing input).
fn parse_event(v: serde_json::Value) -> Result<Event, &'static str> {
    match v.get("event") {
        Some(serde_json::Value::String(k)) if EVENT_KINDS.contains(&k.as_str()) => {}
        Some(serde_json::Value::String(_)) => return Err("unknown event kind"),
        _ => return Err("invalid event batch"),
    }
    serde_json::from_value(v).map_err(|_| "invalid event batch")
}

/// The ids an event names: (subject, scenario_id, surface).
fn event_ids(e: &Event) -> (&str, &str, &str) {
    match e {
        Event::Answer(e) => (&e.subject, &e.scenario_id, &e.surface),
        Event::Reply(e) => (&e.subject, &e.scenario_id, &e.surface),
    }
}

fn surface_ok(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= MAX_SURFACE_CHARS
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
}

async fn events(
    _: ProxyCaller,
    State(state): State<Shared>,
    body: Body,
) -> Result<StatusCode, ApiError> {
    let bytes = small_body(body, MAX_EVENTS_BYTES).await?;
    // serde's message could quote the body: answer with a fixed text.
    let batch = serde_json::from_slice::<EventBatch<serde_json::Value>>(&bytes)
        .map_err(|_| ApiError::BadRequest("invalid event batch"))?;
    let mut parsed = Vec::with_capacity(batch.events.len());
    for v in batch.events {
        let e = parse_event(v).map_err(ApiError::BadRequest)?;
        let (subject, scenario_id, surface) = event_ids(&e);
        if !surface_ok(surface) {
            return Err(ApiError::BadRequest("invalid surface"));
        }
        if subject.is_empty()
            || subject.len() > auth::MAX_SUBJECT_BYTES
            || scenario_id.is_empty()
            || scenario_id.len() > MAX_ID_BYTES
        {
            return Err(ApiError::BadRequest("invalid subject or scenario_id"));
        }
        parsed.push(e);
    }
    state.refresh_manifest();
    let now = state.clock.now_ms();
    let mut dropped = 0u64;
    for e in parsed {
        match e {
            Event::Answer(e) => {
                // An id the guard never held is dropped unaudited: whatever it is, it is not an id.
                if !state.manifest().knows_target(&e.target_id) {
                    dropped += 1;
                    continue;
                }
                state.levels().record_withheld(&e.subject, &e.scenario_id);
                state
                    .metrics
                    .answers_withheld
                    .get_or_create(&SurfaceLabel {
                        surface: e.surface.clone(),
                    })
                    .inc();
                state.audit.record(
                    now,
                    &AuditEvent::LearningAnswerWithheld {
                        subject: e.subject,
                        scenario_id: e.scenario_id,
                        target_id: e.target_id,
                        surface: e.surface,
                    },
                );
            }
            Event::Reply(e) => record_reply(&state, now, e),
        }
    }
    if dropped > 0 {
        state.metrics.events_dropped.inc_by(dropped);
        tracing::warn!(
            dropped,
            "withheld events with an unknown target id were dropped"
        );
    }
    Ok(StatusCode::NO_CONTENT)
}

/// One withheld reply into the learner's probe window; a crossing is audited, counted and
/// announced to the watchers (the filter's cool-down).
fn record_reply(state: &AppState, now: u64, e: ReplyWithheld) {
    state
        .metrics
        .replies_withheld
        .get_or_create(&SurfaceLabel {
            surface: e.surface.clone(),
        })
        .inc();
    // The report's replies_withheld is rebuilt from these after a restart.
    state.audit.record(
        now,
        &AuditEvent::LearningReplyWithheld {
            subject: e.subject.clone(),
            scenario_id: e.scenario_id.clone(),
            surface: e.surface.clone(),
        },
    );
    let probe = state.config.probe;
    let flag = state
        .levels()
        .record_reply_withheld(&e.subject, &e.scenario_id, now, &probe);
    let Some(flag) = flag else {
        return;
    };
    let window_seconds = probe.window_ms / 1000;
    state.metrics.probes_suspected.inc();
    state.audit.record(
        now,
        &AuditEvent::LearningProbeSuspected {
            subject: e.subject,
            scenario_id: e.scenario_id.clone(),
            withheld_in_window: flag.withheld_in_window,
            window_seconds,
        },
    );
    state.note_probe_seq(flag.seq);
    tracing::warn!(
        scenario_id = %e.scenario_id,
        withheld_in_window = flag.withheld_in_window,
        window_seconds,
        "learning probe suspected"
    );
}

/// `GET /v1/report`: the lab platform's bearer token (and the proxy secret, when one is sent).
async fn report(
    _: LabPlatform,
    State(state): State<Shared>,
    Query(raw): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    Ok(json_bytes(report_page(&state, &raw)?, false))
}

/// `GET /learning/report`: the same report for an instructor, through the gateway; the filter
/// sets the instructor and principal headers from the verified token after stripping any
/// client copy.
pub(crate) async fn instructor_report(
    caller: ProxyCaller,
    State(state): State<Shared>,
    Query(raw): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    caller.require_instructor()?;
    // Subjects and help counts: for the instructor alone, not for a shared cache.
    Ok(json_bytes(report_page(&state, &raw)?, true))
}

fn report_page(state: &AppState, raw: &HashMap<String, String>) -> Result<Bytes, ApiError> {
    let q = report::parse_query(raw).map_err(ApiError::BadRequest)?;
    let cur = state.refresh_manifest();
    let scenario_id = q.scenario_id.clone().unwrap_or(cur.scenario_id.clone());
    // Another scenario's default is not known here; the current one's is the best reading.
    let default = if scenario_id == cur.scenario_id {
        cur.default_disclosure
    } else {
        0
    };
    Ok(report::page(&state.levels(), &scenario_id, default, &q).into())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdvanceClock {
    seconds: u64,
}

async fn advance_clock(
    _: ProxyCaller,
    State(state): State<Shared>,
    body: Body,
) -> Result<Json<serde_json::Value>, ApiError> {
    let bytes = small_body(body, 4096).await?;
    let a = serde_json::from_slice::<AdvanceClock>(&bytes)
        .map_err(|_| ApiError::BadRequest("invalid body"))?;
    state.clock.advance_ms(a.seconds.saturating_mul(1000));
    let cur = state.refresh_manifest();
    Ok(Json(json!({
        "now_unix_ms": state.clock.now_ms(),
        "manifest_generation": cur.generation,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeedLevels {
    prefix: String,
    count: usize,
    level: u8,
}

async fn seed_levels(
    _: ProxyCaller,
    State(state): State<Shared>,
    body: Body,
) -> Result<Json<serde_json::Value>, ApiError> {
    let bytes = small_body(body, 4096).await?;
    let s = serde_json::from_slice::<SeedLevels>(&bytes)
        .map_err(|_| ApiError::BadRequest("invalid body"))?;
    let cur = state.refresh_manifest();
    let (seq, stored) = {
        let mut levels = state.levels();
        let seq = levels.seed(&s.prefix, s.count, &cur.scenario_id, s.level);
        (seq, levels.stored_levels())
    };
    state.note_level_seq(seq, stored);
    Ok(Json(json!({ "level_seq": seq, "stored_levels": stored })))
}

/// Load, check, bind and serve until SIGINT/SIGTERM.
pub async fn serve(config: Config) -> Result<(), StartupError> {
    let mut store =
        ManifestStore::load(&config.manifest, config.grace_seconds).map_err(|errors| {
            let list: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            StartupError(format!(
                "the manifest (ORRERY_SCENARIO_MANIFEST) is invalid: {}",
                list.join(", ")
            ))
        })?;
    restore_grace(&config, &mut store, crate::clock::Clock::default().now_ms())?;
    let audit = AuditSink::open(&config.audit).map_err(|_| {
        StartupError(
            "the audit stream (ORRERY_LEARNING_AUDIT) cannot be opened for appending".into(),
        )
    })?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|_| StartupError(format!("cannot listen on {}", config.listen)))?;
    let addr = listener
        .local_addr()
        .map_err(|_| StartupError("the listener has no local address".into()))?;
    if config.test_hooks {
        tracing::warn!(
            "--test-hooks is on: /v1/test endpoints can move the clock; never use this in a lab"
        );
    }
    let audit_to = match &config.audit {
        AuditTarget::Stdout => "stdout".to_string(),
        AuditTarget::File(p) => p.display().to_string(),
    };
    // The help report's history: every earlier process's audit entries (file audit only).
    let mut levels = LevelStore::new();
    let rebuilt = match &config.audit {
        AuditTarget::Stdout => report::Rebuilt::default(),
        AuditTarget::File(path) => report::rebuild(path, &mut levels).map_err(|_| {
            StartupError(
                "the audit stream (ORRERY_LEARNING_AUDIT) cannot be read to rebuild the help report"
                    .into(),
            )
        })?,
    };
    let state = Arc::new(AppState::new(config, store, audit, levels));
    state.metrics.audit_replayed.inc_by(rebuilt.replayed);
    state.metrics.audit_unreadable.inc_by(rebuilt.unreadable);
    if rebuilt.unreadable > 0 {
        tracing::warn!(
            unreadable = rebuilt.unreadable,
            "audit lines that are not readable entries were skipped when rebuilding the help report"
        );
    }
    {
        let m = state.manifest();
        tracing::info!(
            scenario_id = %m.manifest().scenario_id,
            generation = m.generation(),
            targets = m.manifest().targets.len(),
            audit = %audit_to,
            report_entries_replayed = rebuilt.replayed,
            proxy_secret_from_file = state.config.proxy_secret_file.is_some(),
            "manifest loaded"
        );
    }
    spawn_file_watch(state.clone());
    spawn_secret_watch(state.clone());
    spawn_ticker(state.clone());
    tracing::info!("listening on {addr}");
    let app = router(state);
    tokio::select! {
        r = axum::serve(listener, app) => {
            r.map_err(|_| StartupError("the listener failed".into()))
        }
        () = shutdown_signal() => {
            tracing::info!("shutting down");
            Ok(())
        }
    }
}

/// Take the grace a previous process kept (docs/api.md "Grace across restarts"), then write the
/// state now in force, so a missing directory or permission shows at start, not at the next
/// restart. An unusable file refuses start (its values would go unguarded) unless the operator
/// passed `--grace-file-reset`.
fn restore_grace(
    config: &Config,
    store: &mut ManifestStore,
    now_ms: u64,
) -> Result<(), StartupError> {
    let Some(path) = &config.grace_file else {
        tracing::warn!(
            "no grace file (ORRERY_LEARNING_GRACE_FILE): grace values will not survive a restart"
        );
        return Ok(());
    };
    let shown = path.display();
    let stale = crate::grace_file::remove_stale_temps(path);
    if stale > 0 {
        tracing::info!(path = %shown, removed = stale, "temp files of an interrupted grace file write removed");
    }
    let unusable = |kind: &str| -> Result<(), StartupError> {
        if config.grace_file_reset {
            tracing::warn!(
                path = %shown,
                error = kind,
                "grace file unusable; --grace-file-reset given: starting with no grace values (the values it held are not guarded)"
            );
            Ok(())
        } else {
            Err(StartupError(format!(
                "the grace file (ORRERY_LEARNING_GRACE_FILE) {shown} cannot be used ({kind}): the values in grace before the restart would go unguarded; repair or remove it, or pass --grace-file-reset to start without them"
            )))
        }
    };
    match crate::grace_file::read(path) {
        Ok(None) => {
            tracing::info!(path = %shown, "no grace file yet; starting with no grace values");
        }
        Ok(Some(state)) => match store.restore(state, now_ms) {
            Ok(r) => tracing::info!(
                path = %shown,
                previous_scenario_id = %r.previous_scenario_id,
                retired_restored = r.kept,
                retired_ended = r.dropped,
                values_entering_grace = r.entering_grace,
                "grace state restored"
            ),
            Err(errors) => {
                let list: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
                tracing::error!(path = %shown, errors = %list.join(", "), "grace file holds invalid ids or values");
                unusable("invalid_values")?;
            }
        },
        Err(kind) => unusable(kind)?,
    }
    crate::grace_file::write(path, &store.snapshot()).map_err(|kind| {
        StartupError(format!(
            "the grace file (ORRERY_LEARNING_GRACE_FILE) {shown} cannot be written ({kind})"
        ))
    })
}

async fn shutdown_signal() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = term => {}
    }
}

/// inotify on the manifest's directory (a rename replaces the file's inode, so the file itself
/// is not what to watch). Any event triggers a stat; the stat decides whether anything changed.
fn spawn_file_watch(state: Shared) {
    use notify::{RecursiveMode, Watcher};
    let wake = Arc::new(tokio::sync::Notify::new());
    let w = wake.clone();
    let watcher = notify::recommended_watcher(move |_ev: notify::Result<notify::Event>| {
        w.notify_one();
    });
    let dir = match state.config.manifest.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let watcher = match watcher {
        Ok(mut w) => match w.watch(&dir, RecursiveMode::NonRecursive) {
            Ok(()) => Some(w),
            Err(_) => None,
        },
        Err(_) => None,
    };
    if watcher.is_none() {
        tracing::warn!("file watch unavailable; the manifest is still checked on every request and every second");
        return;
    }
    tokio::spawn(async move {
        let _keep = watcher;
        loop {
            wake.notified().await;
            // Coalesce the burst of events one write-and-rename makes.
            tokio::time::sleep(Duration::from_millis(10)).await;
            state.refresh_manifest();
        }
    });
}

/// Re-read the proxy secret file every [`crate::secret::POLL_INTERVAL`] and on SIGHUP (only when
/// the secret comes from a file). Polling, not inotify: a Secret volume's symlink swap happens
/// in a directory the service may not be able to watch, and two seconds is well inside any
/// overlap.
fn spawn_secret_watch(state: Shared) {
    if state.config.proxy_secret_file.is_none() {
        return;
    }
    tokio::spawn(async move {
        let mut hup = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()).ok();
        let mut tick = tokio::time::interval(crate::secret::POLL_INTERVAL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let hangup = async {
                match hup.as_mut() {
                    Some(s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                _ = tick.tick() => {}
                () = hangup => {}
            }
            state.reload_proxy_secret();
        }
    });
}

/// Once a second: catches a change the file watch missed and ends grace on time.
fn spawn_ticker(state: Shared) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            state.refresh_manifest();
        }
    });
}
