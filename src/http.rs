//! The HTTP filter: one context per request. It dispatches host callbacks to the guard library
//! and holds only per-request state.
//!
//! Request headers: strip every client-sent `x-orrery-learning-*` header, the payload header and
//! `accept-encoding`, refuse upgrades, classify the route (`policy`), read the verified identity
//! (never on a public route, where jwt_authn verified nothing: see [`Route::is_public`]), read
//! the snapshot and the subject's level once (the level of this turn; a hint pressed later never
//! changes it), stamp the level and scenario upstream, and answer locally what never goes
//! upstream (denied routes, not ready). Response: pick a mode once the headers arrive — buffer
//! and rewrite a JSON surface, rewrite an event stream chunk by chunk, or replace the body with a
//! fixed error — report every withheld target (shared-data event line + stat), once per response
//! a withheld model-turn reply (for probe detection), and put the learner overlay into an Orrery
//! HTML page (`guard::console::inject_overlay`). With `probe.cooldown_seconds` set, a model turn
//! of a learner the control service flagged as a suspected probe gets a fixed cool-down reply
//! instead of going upstream.
use crate::host;
use crate::metrics::Metrics;
use crate::store::{self, SharedCache, Snapshot};
use orrery_learning_guard::console::inject_overlay;
use orrery_learning_guard::policy::{
    self, replies, DenyReason, FilterConfig, HintResponse, Identity, LevelRecord, Route,
    LEARNING_HEADER_PREFIX, LEVEL_HEADER, PRINCIPAL_HEADER, SCENARIO_HEADER, SECRET_HEADER,
    SUBJECT_HEADER,
};
use orrery_learning_guard::sse::SseGuard;
use orrery_learning_guard::surfaces::{self, LearningBlock, Surface};
use proxy_wasm::traits::{Context, HttpContext};
use proxy_wasm::types::Action;
use std::rc::Rc;

/// What the response path does.
enum Mode {
    /// Leave the response alone (local replies, assets, bodiless answers).
    Pass,
    /// Hold headers, buffer the body, rewrite at the end.
    Buffer,
    /// Rewrite an event stream chunk by chunk.
    Stream(Box<SseGuard>),
    /// Send this fixed body instead of whatever comes (status already set).
    Replace { body: &'static str, sent: bool },
}

pub struct Http {
    cfg: Option<Rc<FilterConfig>>,
    metrics: Rc<Metrics>,
    cache: SharedCache,
    route: Route,
    identity: Option<Identity>,
    snapshot: Option<Snapshot>,
    level: u8,
    mode: Mode,
    /// The upstream `:status`, read in the response-headers callback (the header map is gone
    /// in body callbacks, and reading it then traps).
    status: Option<String>,
    /// The upstream `content-type` is `text/html` (read with the status, for the same reason).
    html: bool,
    /// The request method (for [`policy::is_model_turn`]).
    method: String,
    /// This response's one `learning_reply_withheld` event is queued.
    reply_reported: bool,
    /// The filter answered the request itself (cool-down): the response is its own.
    answered_locally: bool,
}

impl Http {
    pub fn new(cfg: Option<Rc<FilterConfig>>, metrics: Rc<Metrics>, cache: SharedCache) -> Http {
        Http {
            cfg,
            metrics,
            cache,
            route: Route::Guarded(Surface::Other),
            identity: None,
            snapshot: None,
            level: 0,
            mode: Mode::Pass,
            status: None,
            html: false,
            method: String::new(),
            reply_reported: false,
            answered_locally: false,
        }
    }

    // Header values are read as bytes: the SDK's string getters trap on a value that is not
    // UTF-8, which a client controls.
    fn req_header(&self, name: &str) -> Option<String> {
        host::header(host::MAP_REQUEST_HEADERS, name)
    }

    fn resp_header(&self, name: &str) -> Option<String> {
        host::header(host::MAP_RESPONSE_HEADERS, name)
    }

    /// Set or remove a request header; `false` (counted) when the host refused.
    fn set_req(&self, name: &str, value: Option<&str>) -> bool {
        let ok = host::set_header(host::MAP_REQUEST_HEADERS, name, value);
        if !ok {
            self.metrics.inc("refused", "header_write_failed");
        }
        ok
    }

    fn set_resp(&self, name: &str, value: Option<&str>) -> bool {
        let ok = host::set_header(host::MAP_RESPONSE_HEADERS, name, value);
        if !ok {
            self.metrics.inc("refused", "header_write_failed");
        }
        ok
    }

    /// Replace `size` bytes of the response body with `bytes`. Should the host refuse, the body
    /// is emptied instead (never left unguarded), and the failure logged and counted.
    fn put_body(&self, size: usize, bytes: &[u8]) {
        if host::set_buffer(host::BUFFER_RESPONSE_BODY, 0, size, bytes) {
            return;
        }
        self.metrics.inc("refused", "body_write_failed");
        if !host::set_buffer(host::BUFFER_RESPONSE_BODY, 0, size, b"") {
            log::error!("orrery-learning: the host refused to rewrite a response body");
        } else {
            log::warn!("orrery-learning: a response body rewrite failed; the body was emptied");
        }
    }

    fn local_reply(&self, status: u32, body: &[u8]) -> Action {
        self.send_local(
            status,
            &[
                ("content-type", "application/json"),
                ("cache-control", "no-store"),
            ],
            body,
        )
    }

    /// Answer locally. Should the host refuse, the request is still never forwarded (it stays
    /// paused until Envoy's timeout): fail closed.
    fn send_local(&self, status: u32, headers: &[(&str, &str)], body: &[u8]) -> Action {
        if !host::send_response(status, headers, body) {
            log::error!("orrery-learning: the host refused a local reply");
        }
        Action::Pause
    }

    fn deny(&self, reason: DenyReason) -> Action {
        self.metrics.inc("refused", reason.name());
        log::info!("orrery-learning: request refused ({})", reason.name());
        self.local_reply(reason.status(), reason.body().as_bytes())
    }

    fn surface_name(&self) -> &'static str {
        match self.route {
            Route::Guarded(s) => s.name(),
            Route::ChatStream => "chat_stream",
            Route::Page => "page",
            _ => "other",
        }
    }

    /// Record withheld targets: one event line each for the control service, and the stat; and,
    /// the first time a model turn's reply withholds anything, one withheld-reply line (a stream
    /// reports per chunk, but is one reply).
    fn report(&mut self, withheld: &[String]) {
        let (Some(snap), false) = (&self.snapshot, withheld.is_empty()) else {
            return;
        };
        let surface = self.surface_name();
        let subject = self
            .identity
            .as_ref()
            .map_or("anonymous", |i| i.subject.as_str());
        for target in withheld {
            let line = policy::event_line(subject, snap.guard.scenario_id(), target, surface);
            if !store::append_event(&line) {
                self.metrics.inc("sync", "events_dropped");
            }
        }
        // Only a verified subject can be flagged (and cooled down).
        if !self.reply_reported && policy::is_model_turn(self.route, &self.method) {
            if let Some(id) = &self.identity {
                let line = policy::reply_event_line(&id.subject, snap.guard.scenario_id(), surface);
                if store::append_event(&line) {
                    self.reply_reported = true;
                    self.metrics.inc("sync", "replies_reported");
                } else {
                    self.metrics.inc("sync", "events_dropped");
                }
            }
        }
        self.metrics.add("withheld", surface, withheld.len() as u64);
        log::debug!(
            "orrery-learning: {} answer(s) withheld on {surface}",
            withheld.len()
        );
    }

    /// A newer guard set is at least as strict (it keeps retired values through the grace), so
    /// the response is checked with the newest one; the level stays the turn's.
    fn refresh_guard(&mut self) {
        if let Some(s) = store::snapshot(&self.cache) {
            if let Some(cur) = self.snapshot.as_mut() {
                cur.guard = s.guard;
            }
        }
    }

    /// Switch the response to a fixed error (from the response-headers callback only: later
    /// the headers are on their way).
    fn refuse(&mut self, status: &str, body: &'static str, reason: &str) {
        self.metrics.inc("refused", reason);
        log::info!("orrery-learning: response refused ({reason})");
        self.set_resp(":status", Some(status));
        self.set_resp("content-length", None);
        self.set_resp("content-encoding", None);
        self.set_resp("content-type", Some("application/json"));
        self.mode = Mode::Replace { body, sent: false };
    }

    fn on_stream_chunk(&mut self, body_size: usize, end_of_stream: bool) -> Action {
        // Stream mode is only chosen with a snapshot; should that ever not hold, nothing passes.
        let Some(snap) = self.snapshot.clone() else {
            self.put_body(body_size, b"");
            return Action::Continue;
        };
        let chunk = host::buffer(host::BUFFER_RESPONSE_BODY, 0, body_size);
        let Mode::Stream(hold) = &mut self.mode else {
            return Action::Continue;
        };
        let mut out = hold.push(&chunk, &snap.guard, self.level);
        if end_of_stream {
            let fin = hold.finish(&snap.guard, self.level);
            out.bytes.extend_from_slice(&fin.bytes);
            out.withheld.extend(fin.withheld);
            out.failed |= fin.failed;
        }
        let failed = out.failed;
        self.put_body(body_size, &out.bytes);
        self.report(&out.withheld);
        if failed && !matches!(self.mode, Mode::Replace { .. }) {
            self.metrics.inc("refused", "stream_failed");
            log::warn!("orrery-learning: stream failed closed");
            // The error frame has gone out; every later byte is dropped.
            self.mode = Mode::Replace {
                body: "",
                sent: true,
            };
        }
        Action::Continue
    }

    fn on_buffered(&mut self, body: &[u8]) {
        // Buffer mode is only chosen with a snapshot and a config; should that ever not hold,
        // the learner gets the fixed not-ready body, never the unchecked one.
        let (Some(snap), Some(cfg)) = (self.snapshot.clone(), self.cfg.clone()) else {
            self.put_body(body.len(), replies::NOT_READY.as_bytes());
            return;
        };
        let (guard, level) = (&snap.guard, self.level);
        let rewrite = match self.route {
            Route::Guarded(Surface::Me) => {
                let block = LearningBlock {
                    scenario_id: guard.scenario_id().to_string(),
                    level,
                    max_level: orrery_learning_guard::MAX_LEVEL,
                    can_take_hint: policy::can_take_hint(
                        level,
                        self.identity.as_ref().map(|i| i.principal),
                    ),
                };
                surfaces::add_learning_block_with(body, &block, guard, level, &cfg.surfaces)
            }
            Route::Guarded(s) => surfaces::rewrite_json(s, body, guard, level, &cfg.surfaces),
            // A console page is scrubbed like any other body (it never has an identity, so this
            // is the default disclosure), then gets the overlay below.
            Route::Page => {
                surfaces::rewrite_json(Surface::Other, body, guard, level, &cfg.surfaces)
            }
            // A non-stream answer on the stream route (an error object, say).
            Route::ChatStream => {
                surfaces::rewrite_json(Surface::Other, body, guard, level, &cfg.surfaces)
            }
            Route::Health => {
                let b = surfaces::healthz_body(Some(body), Some(guard.scenario_id()));
                self.put_body(body.len(), &b);
                return;
            }
            Route::Hint => {
                self.apply_hint_answer(body, &snap);
                return;
            }
            Route::LearningAsset | Route::Deny(_) => return,
        };
        let out = match self.overlay(&rewrite.body, rewrite.changed) {
            Some(page) => Some(page),
            None if rewrite.changed => Some(rewrite.body),
            None => None,
        };
        if let Some(out) = out {
            self.put_body(body.len(), &out);
        }
        self.report(&rewrite.withheld);
    }

    /// The guarded `page` with the learner overlay, for a 200 `text/html` answer on a console
    /// page or an unknown (scrubbed) route; `None` when nothing is to be added. A page the scrub
    /// replaced whole is the fixed error body, not a page: it gets nothing.
    fn overlay(&self, page: &[u8], changed: bool) -> Option<Vec<u8>> {
        let eligible = matches!(self.route, Route::Page | Route::Guarded(Surface::Other))
            && self.html
            && self.status.as_deref() == Some("200");
        if !eligible || (changed && page == surfaces::WITHHELD_BODY) {
            return None;
        }
        inject_overlay(page)
    }

    /// A successful hint's new level applies to the subject's next turn at once, without waiting
    /// for the watch to bring it.
    fn apply_hint_answer(&self, body: &[u8], snap: &Snapshot) {
        if self.status.as_deref() != Some("200") {
            return;
        }
        let (Some(id), Ok(answer)) = (
            self.identity.as_ref(),
            serde_json::from_slice::<HintResponse>(body),
        ) else {
            return;
        };
        if answer.scenario_id != snap.guard.scenario_id()
            || answer.level > orrery_learning_guard::MAX_LEVEL
        {
            return;
        }
        // Written under the current levels epoch, then checked: if the sync service started a
        // new epoch meanwhile (a full resync), the record is written again under it, so a hint
        // never ends up void. Compare-and-set, so a later level the watch brought is not lowered.
        let key = store::level_key(&id.subject);
        let mut written = false;
        for _ in 0..4 {
            let Some(gen) = store::generation() else {
                return;
            };
            let rec = LevelRecord {
                levels_epoch: gen.levels_epoch.clone(),
                scenario_id: answer.scenario_id.clone(),
                level: answer.level,
            };
            let (existing, cas) = store::get(&key);
            if rec.supersedes(existing.as_deref()) {
                if store::set(&key, rec.encode().as_bytes(), cas).is_err() {
                    continue;
                }
                written = true;
            }
            if store::generation().map(|g| g.levels_epoch) == Some(gen.levels_epoch) {
                break;
            }
        }
        if written {
            self.metrics.inc("sync", "hint_level_written");
            log::debug!("orrery-learning: hint level written to shared data");
        }
    }
}

impl Context for Http {}

impl HttpContext for Http {
    fn on_http_request_headers(&mut self, _num_headers: usize, _end_of_stream: bool) -> Action {
        let Some(cfg) = self.cfg.clone() else {
            self.metrics.inc("refused", "not_ready");
            return self.local_reply(503, replies::NOT_READY.as_bytes());
        };
        // Client-sent learning headers never reach anyone.
        let headers = host::header_pairs(host::MAP_REQUEST_HEADERS);
        let mut stripped = true;
        for (name, _) in &headers {
            if name
                .to_ascii_lowercase()
                .starts_with(LEARNING_HEADER_PREFIX)
            {
                stripped &= self.set_req(name, None);
            }
        }
        // Bodies must arrive as identity to be guarded.
        stripped &= self.set_req("accept-encoding", None);

        let payload = self.req_header(&cfg.identity.payload_header);
        // Orrery verifies its own bearer token; the payload copy is for this filter only.
        stripped &= self.set_req(&cfg.identity.payload_header, None);
        if !stripped {
            log::warn!("orrery-learning: request refused (a header could not be removed)");
            return self.local_reply(503, replies::NOT_READY.as_bytes());
        }
        let method = self.req_header(":method").unwrap_or_default();
        self.method.clone_from(&method);
        let path = self.req_header(":path").unwrap_or_default();
        if policy::is_upgrade(
            &method,
            self.req_header("connection").as_deref(),
            self.req_header("upgrade").as_deref(),
        ) {
            self.route = Route::Deny(DenyReason::Upgrade);
            return self.deny(DenyReason::Upgrade);
        }
        self.route = cfg.routes.classify(&method, &path);
        if let Route::Deny(reason) = self.route {
            return self.deny(reason);
        }
        // jwt_authn writes the payload header (replacing a client's) only where it requires a
        // token; on a public route the header may be the client's own, so it names nobody.
        if cfg.routes.reads_identity(self.route, &path) {
            self.identity = payload.and_then(|p| policy::identity_from_payload(&p));
        }

        self.snapshot = store::snapshot(&self.cache);
        let Some(snap) = self.snapshot.clone() else {
            return match self.route {
                // The control service answers these itself.
                Route::Hint | Route::LearningAsset => {
                    self.add_control_headers(&cfg);
                    Action::Continue
                }
                Route::Health => {
                    self.metrics.inc("refused", "not_ready");
                    self.local_reply(503, &surfaces::healthz_body(None, None))
                }
                _ => {
                    self.metrics.inc("refused", "not_ready");
                    log::info!("orrery-learning: request refused (not_ready)");
                    self.local_reply(503, replies::NOT_READY.as_bytes())
                }
            };
        };
        self.level = snap.level_of(self.identity.as_ref().map(|i| i.subject.as_str()));
        if let Some(answer) = self.cooldown(&cfg, &snap) {
            return answer;
        }
        let level = self.level.to_string();
        if !(self.set_req(LEVEL_HEADER, Some(&level))
            && self.set_req(SCENARIO_HEADER, Some(snap.guard.scenario_id())))
        {
            log::warn!("orrery-learning: request refused (the level could not be stamped)");
            self.answered_locally = true;
            return self.local_reply(503, replies::NOT_READY.as_bytes());
        }
        if matches!(self.route, Route::Hint | Route::LearningAsset) {
            self.add_control_headers(&cfg);
        }
        Action::Continue
    }

    fn on_http_response_headers(&mut self, _num_headers: usize, end_of_stream: bool) -> Action {
        let Some(cfg) = self.cfg.clone() else {
            return Action::Continue;
        };
        if matches!(self.route, Route::Deny(_) | Route::LearningAsset)
            || self.snapshot.is_none()
            || self.answered_locally
        {
            self.mode = Mode::Pass;
            return Action::Continue;
        }
        self.status = self.resp_header(":status");
        self.html = self
            .resp_header("content-type")
            .is_some_and(|t| t.trim().to_ascii_lowercase().starts_with("text/html"));
        self.refresh_guard();
        if end_of_stream {
            // No body: nothing to guard (the health probe still gets its fields? it has no body
            // to carry them; a probe answers with one).
            self.mode = Mode::Pass;
            return Action::Continue;
        }
        let encoded = self
            .resp_header("content-encoding")
            .is_some_and(|e| !e.trim().eq_ignore_ascii_case("identity") && !e.trim().is_empty());
        if encoded && self.route != Route::Hint {
            self.refuse("502", replies::COMPRESSED, "compressed");
            return Action::Continue;
        }
        let too_long = self
            .resp_header("content-length")
            .and_then(|l| l.trim().parse::<usize>().ok())
            .is_some_and(|l| l > cfg.limits.max_body_bytes);
        if too_long {
            self.refuse("502", replies::TOO_LARGE, "too_large");
            return Action::Continue;
        }
        let is_stream = self
            .resp_header("content-type")
            .is_some_and(|t| t.to_ascii_lowercase().starts_with("text/event-stream"));
        self.set_resp("content-length", None);
        if is_stream && self.route != Route::Hint && self.route != Route::Health {
            self.mode = Mode::Stream(Box::new(SseGuard::new(cfg.stream.clone())));
            Action::Continue
        } else {
            // Headers go on now (the host would stop the whole stream, body included, if we held
            // them); a fixed error found later replaces the body, and the status stays.
            self.mode = Mode::Buffer;
            Action::Continue
        }
    }

    fn on_http_response_body(&mut self, body_size: usize, end_of_stream: bool) -> Action {
        let max = self.cfg.as_ref().map_or(0, |c| c.limits.max_body_bytes);
        match &mut self.mode {
            Mode::Pass => Action::Continue,
            Mode::Replace { body, sent } => {
                let fixed: &[u8] = if *sent { b"" } else { body.as_bytes() };
                *sent = true;
                self.put_body(body_size, fixed);
                Action::Continue
            }
            Mode::Stream(_) => self.on_stream_chunk(body_size, end_of_stream),
            Mode::Buffer => {
                if body_size > max {
                    self.metrics.inc("refused", "too_large");
                    log::info!("orrery-learning: response refused (too_large)");
                    self.put_body(body_size, replies::TOO_LARGE.as_bytes());
                    self.mode = Mode::Replace {
                        body: replies::TOO_LARGE,
                        sent: true,
                    };
                    return Action::Continue;
                }
                if !end_of_stream {
                    return Action::Pause;
                }
                let body = host::buffer(host::BUFFER_RESPONSE_BODY, 0, body_size);
                self.on_buffered(&body);
                self.mode = Mode::Pass;
                Action::Continue
            }
        }
    }

    /// An upstream that ends with trailers (HTTP/2, gRPC-style) never sends a body chunk with
    /// `end_of_stream`: finish the held body or the stream here (tests/trailers.rs, over an h2c
    /// upstream). The trailers themselves are checked first (`crate::trailers`).
    fn on_http_response_trailers(&mut self, num_trailers: usize) -> Action {
        if let Some(snap) = self.snapshot.clone() {
            match crate::trailers::guard_trailers(num_trailers, &snap.guard, self.level) {
                Ok(withheld) => self.report(&withheld),
                // Held: nothing more reaches the learner until Envoy's timeout ends the stream.
                Err(crate::trailers::Unguarded) => {
                    self.metrics.inc("refused", "header_write_failed");
                    return Action::Pause;
                }
            }
        }
        match &mut self.mode {
            Mode::Buffer => {
                let body = host::buffer(host::BUFFER_RESPONSE_BODY, 0, usize::MAX);
                self.on_buffered(&body);
                self.mode = Mode::Pass;
            }
            Mode::Stream(_) => {
                let _ = self.on_stream_chunk(0, true);
            }
            Mode::Pass | Mode::Replace { .. } => {}
        }
        Action::Continue
    }
}

impl Http {
    /// A model turn of a subject in a probe cool-down: answer it here with the fixed cool-down
    /// reply (chat: the reply field; stream: one message frame and an end frame; any other model
    /// route: `429`), with `retry-after`. `None` lets the turn go on: no cool-down configured,
    /// not a model turn, no verified subject, the unguarded top level, or no flag in force.
    fn cooldown(&mut self, cfg: &FilterConfig, snap: &Snapshot) -> Option<Action> {
        let cooldown_ms = cfg.probe.cooldown_seconds.saturating_mul(1000);
        if cooldown_ms == 0
            || self.level >= orrery_learning_guard::MAX_LEVEL
            || !policy::is_model_turn(self.route, &self.method)
        {
            return None;
        }
        let subject = self.identity.as_ref()?.subject.as_str();
        let left = snap.cooldown_left_ms(subject, host::now_ms(), cooldown_ms);
        if left == 0 {
            return None;
        }
        self.metrics.inc("refused", "probe_cooldown");
        log::info!("orrery-learning: model turn answered with the probe cool-down");
        self.answered_locally = true;
        let retry = left.div_ceil(1000).to_string();
        let (status, content_type, body) = match self.route {
            Route::ChatStream => (200, "text/event-stream", cfg.cooldown_stream_body()),
            Route::Guarded(Surface::Chat) => (200, "application/json", cfg.cooldown_chat_body()),
            _ => (429, "application/json", replies::COOLDOWN_ERROR.to_string()),
        };
        Some(self.send_local(
            status,
            &[
                ("content-type", content_type),
                ("cache-control", "no-store"),
                ("retry-after", retry.as_str()),
            ],
            body.as_bytes(),
        ))
    }

    /// The control service trusts the identity only together with the proxy secret. Only the
    /// hint route requires a verified token (jwt_authn), so only it carries an identity.
    fn add_control_headers(&self, cfg: &FilterConfig) {
        if self.route == Route::Hint {
            let (subject, principal) = match &self.identity {
                Some(i) => (Some(i.subject.as_str()), i.principal.as_str()),
                None => (None, "unknown"),
            };
            if let Some(s) = subject {
                self.set_req(SUBJECT_HEADER, Some(s));
            }
            self.set_req(PRINCIPAL_HEADER, Some(principal));
        }
        self.set_req(SECRET_HEADER, Some(&cfg.control.proxy_secret));
    }
}
