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
//!
//! Every host call goes through the [`Host`] the context was made with (the ABI in Envoy, the
//! fake host in the unit tests of `http/tests.rs`). Every host write is checked. Before the response headers leave, a failure answers with a
//! fixed error; after they have left (every body callback: the filter never holds response
//! headers, since the host would then hold the body from it too), a body that cannot be
//! rewritten, or that grows over `limits.max_body_bytes`, resets the stream: the learner gets a
//! broken response, never an unchecked one or a `200` that completes with error text. Request
//! bodies are held until complete and answered `413` over the same limit, so nothing of an
//! oversized body reaches Orrery. `GET /learning/report` goes to the control service only for a
//! verified human instructor (`identity.instructor`), marked `x-orrery-learning-instructor`.
use crate::host::{log_debug, log_error, log_info, log_warn, Buffer, Host, Map, Stream};
use crate::metrics::{Metrics, Refusal, Stat, SyncStat, Withheld};
use crate::store::{self, SharedCache, Snapshot};
use orrery_learning_guard::console::inject_overlay;
use orrery_learning_guard::policy::{
    self, replies, DenyReason, FilterConfig, HintResponse, Identity, LevelRecord, Route,
    INSTRUCTOR_HEADER, LEARNING_HEADER_PREFIX, LEVEL_HEADER, PRINCIPAL_HEADER, SCENARIO_HEADER,
    SECRET_HEADER, SUBJECT_HEADER,
};
use orrery_learning_guard::sse::SseGuard;
use orrery_learning_guard::surfaces::{self, LearningBlock, Surface};
use proxy_wasm::traits::{Context, HttpContext};
use proxy_wasm::types::Action;
use std::rc::Rc;

#[cfg(test)]
mod tests;

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
    /// The stream was reset (or the reset refused): nothing more leaves.
    Reset,
}

pub struct Http<H> {
    host: H,
    cfg: Option<Rc<FilterConfig>>,
    metrics: Rc<Metrics<H>>,
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
    /// The request goes upstream: its body is held (until complete, within the limit).
    forwarding: bool,
}

impl<H: Host> Http<H> {
    pub fn new(
        host: H,
        cfg: Option<Rc<FilterConfig>>,
        metrics: Rc<Metrics<H>>,
        cache: SharedCache,
    ) -> Http<H> {
        Http {
            host,
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
            forwarding: false,
        }
    }

    // Header values are read as bytes: the SDK's string getters trap on a value that is not
    // UTF-8, which a client controls.
    fn req_header(&self, name: &str) -> Option<String> {
        self.host.header(Map::REQUEST_HEADERS, name)
    }

    fn resp_header(&self, name: &str) -> Option<String> {
        self.host.header(Map::RESPONSE_HEADERS, name)
    }

    /// Set or remove a request header; `false` (counted) when the host refused.
    fn set_req(&self, name: &str, value: Option<&str>) -> bool {
        let ok = self.host.set_header(Map::REQUEST_HEADERS, name, value);
        if !ok {
            self.metrics.refused(Refusal::HeaderWriteFailed);
        }
        ok
    }

    fn set_resp(&self, name: &str, value: Option<&str>) -> bool {
        let ok = self.host.set_header(Map::RESPONSE_HEADERS, name, value);
        if !ok {
            self.metrics.refused(Refusal::HeaderWriteFailed);
        }
        ok
    }

    /// Replace `size` bytes of the response body with `bytes`. Should the host refuse, the
    /// stream is reset ([`Http::reset`]: the headers have left) and `false` returned; the
    /// caller then answers [`Action::Pause`] so that nothing of the body moves on.
    fn put_body(&mut self, size: usize, bytes: &[u8]) -> bool {
        // Nothing to replace and nothing to add (a stream ending at its trailers, where the
        // host has no body buffer to write): no write, nothing unchecked goes out.
        if size == 0 && bytes.is_empty() {
            return true;
        }
        if self.host.set_buffer(Buffer::RESPONSE_BODY, 0, size, bytes) {
            return true;
        }
        self.metrics.refused(Refusal::BodyWriteFailed);
        log_warn!(
            self.host,
            "orrery-learning: the host refused a response body rewrite"
        );
        self.reset(size);
        false
    }

    /// End the response here, after its headers have left: empty what is buffered (best
    /// effort), reset the stream, count and log it (never with a value). Every later body
    /// callback drops what comes ([`Mode::Reset`]). Should the host refuse the reset too, the
    /// body stays paused in the host (never forwarded) until Envoy's timeouts end the stream.
    fn reset(&mut self, size: usize) {
        self.mode = Mode::Reset;
        // Emptied first, so that no path of the host can flush the unchecked bytes.
        let emptied = self.host.set_buffer(Buffer::RESPONSE_BODY, 0, size, b"");
        if self.host.reset_stream(Stream::Response) {
            self.metrics.refused(Refusal::StreamReset);
            log_warn!(self.host, "orrery-learning: response stream reset");
        } else {
            self.metrics.refused(Refusal::ResetFailed);
            log_error!(self.host,
                "orrery-learning: the host refused to reset a response stream (body {}); it stays paused",
                if emptied { "emptied" } else { "held" }
            );
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
        if !self.host.send_response(status, headers, body) {
            self.metrics.refused(Refusal::LocalReplyFailed);
            log_error!(self.host, "orrery-learning: the host refused a local reply");
        }
        Action::Pause
    }

    fn deny(&self, reason: DenyReason) -> Action {
        self.metrics.refused(Refusal::from(reason));
        log_info!(
            self.host,
            "orrery-learning: request refused ({})",
            reason.name()
        );
        self.local_reply(reason.status(), reason.body().as_bytes())
    }

    /// `413` with the fixed body: nothing of the request goes (or goes on) upstream.
    fn request_too_large(&mut self) -> Action {
        self.metrics.refused(Refusal::RequestTooLarge);
        log_info!(
            self.host,
            "orrery-learning: request refused (request_too_large)"
        );
        self.forwarding = false;
        self.answered_locally = true;
        self.local_reply(413, replies::REQUEST_TOO_LARGE.as_bytes())
    }

    /// Record withheld targets: one event line each for the control service, and the stat; and,
    /// the first time a model turn's reply withholds anything, one withheld-reply line (a stream
    /// reports per chunk, but is one reply).
    fn report(&mut self, withheld: &[String]) {
        let (Some(snap), false) = (&self.snapshot, withheld.is_empty()) else {
            return;
        };
        let stat = Withheld::of_route(self.route);
        let surface = stat.name();
        let subject = self
            .identity
            .as_ref()
            .map_or("anonymous", |i| i.subject.as_str());
        for target in withheld {
            let line = policy::event_line(subject, snap.guard.scenario_id(), target, surface);
            if !store::append_event(&self.host, &line) {
                self.metrics.sync(SyncStat::EventsDropped);
            }
        }
        // Only a verified subject can be flagged (and cooled down).
        if !self.reply_reported && policy::is_model_turn(self.route, &self.method) {
            if let Some(id) = &self.identity {
                let line = policy::reply_event_line(&id.subject, snap.guard.scenario_id(), surface);
                if store::append_event(&self.host, &line) {
                    self.reply_reported = true;
                    self.metrics.sync(SyncStat::RepliesReported);
                } else {
                    self.metrics.sync(SyncStat::EventsDropped);
                }
            }
        }
        self.metrics.withheld(stat, withheld.len() as u64);
        log_debug!(
            self.host,
            "orrery-learning: {} answer(s) withheld on {surface}",
            withheld.len()
        );
    }

    /// A newer guard set is at least as strict (it keeps retired values through the grace), so
    /// the response is checked with the newest one; the level stays the turn's.
    fn refresh_guard(&mut self) {
        if let Some(s) = store::snapshot(&self.host, &self.cache) {
            if let Some(cur) = self.snapshot.as_mut() {
                cur.guard = s.guard;
            }
        }
    }

    /// Switch the response to a fixed error (from the response-headers callback only: later
    /// the headers are on their way). Should the host refuse a header write, the response
    /// would carry the upstream's status or length with the error body: the stream is reset.
    fn refuse(&mut self, status: &str, body: &'static str, reason: Refusal) {
        self.metrics.refused(reason);
        log_info!(
            self.host,
            "orrery-learning: response refused ({})",
            reason.name()
        );
        let written = self.set_resp(":status", Some(status))
            && self.set_resp("content-length", None)
            && self.set_resp("content-encoding", None)
            && self.set_resp("content-type", Some("application/json"));
        if written {
            self.mode = Mode::Replace { body, sent: false };
        } else {
            self.reset(0);
        }
    }

    fn on_stream_chunk(&mut self, body_size: usize, end_of_stream: bool) -> Action {
        // Stream mode is only chosen with a snapshot; should that ever not hold, nothing passes.
        let Some(snap) = self.snapshot.clone() else {
            self.reset(body_size);
            return Action::Pause;
        };
        let chunk = self.host.buffer(Buffer::RESPONSE_BODY, 0, body_size);
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
        if !self.put_body(body_size, &out.bytes) {
            return Action::Pause;
        }
        self.report(&out.withheld);
        if failed && !matches!(self.mode, Mode::Replace { .. }) {
            self.metrics.refused(Refusal::StreamFailed);
            log_warn!(self.host, "orrery-learning: stream failed closed");
            // The error frame has gone out; every later byte is dropped.
            self.mode = Mode::Replace {
                body: "",
                sent: true,
            };
        }
        Action::Continue
    }

    /// Rewrite a complete buffered body. `false`: the host refused the rewrite and the stream
    /// was reset.
    fn on_buffered(&mut self, body: &[u8]) -> bool {
        // Buffer mode is only chosen with a snapshot and a config; should that ever not hold,
        // the learner gets the fixed not-ready body, never the unchecked one.
        let (Some(snap), Some(cfg)) = (self.snapshot.clone(), self.cfg.clone()) else {
            return self.put_body(body.len(), replies::NOT_READY.as_bytes());
        };
        let (guard, level) = (&snap.guard, self.level);
        let rewrite = match self.route {
            // Orrery's own answer to a failed `/me` (401, 404, 5xx) is not the learner's
            // profile: it is guarded as is and gets no learning block.
            Route::Guarded(Surface::Me) if !self.status_is_2xx() => {
                surfaces::rewrite_json(Surface::Me, body, guard, level, &cfg.surfaces)
            }
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
                let mut b = surfaces::healthz_body(Some(body), Some(guard.scenario_id()));
                // The manifest generation too (the number after the control epoch in the
                // generation record), so that a re-seed that keeps the scenario id shows.
                let generation = store::generation(&self.host).and_then(|g| {
                    let (_, n) = g.guard_id.rsplit_once('/')?;
                    n.parse::<u64>().ok()
                });
                if let (Some(n), Some(b'}')) = (generation, b.last()) {
                    b.pop();
                    b.extend_from_slice(format!(",\"manifest_generation\":{n}}}").as_bytes());
                }
                return self.put_body(body.len(), &b);
            }
            Route::Hint => {
                self.apply_hint_answer(body, &snap);
                return true;
            }
            Route::Report | Route::LearningAsset | Route::Deny(_) => return true,
        };
        let withheld_whole = rewrite.changed && rewrite.body == surfaces::WITHHELD_BODY;
        let out = match self.overlay(&rewrite.body, rewrite.changed) {
            Some(page) => Some(page),
            // An HTML answer withheld whole: its `text/html` headers have left, so it gets a
            // small HTML page rather than the JSON error.
            None if withheld_whole && self.html => Some(replies::WITHHELD_PAGE.as_bytes().to_vec()),
            None if rewrite.changed => Some(rewrite.body),
            None => None,
        };
        if let Some(out) = out {
            if !self.put_body(body.len(), &out) {
                return false;
            }
        }
        self.report(&rewrite.withheld);
        true
    }

    fn status_is_2xx(&self) -> bool {
        self.status
            .as_deref()
            .and_then(|s| s.trim().parse::<u16>().ok())
            .is_some_and(|s| (200..300).contains(&s))
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
        // new epoch meanwhile (a full resync), the record is written again under it where the
        // resync left a lower level (`LevelRecord::supersedes`; otherwise the turn reads the
        // default until the watch brings the level: fail closed). Compare-and-set, so a later
        // level the watch brought is not lowered (an absent key has no CAS token in proxy-wasm:
        // there the later write wins, which can only withhold more). Tests: `http/tests.rs`.
        // One exception to "not over another epoch's record": our own write, left behind when
        // a resync of the same control process switched epochs between our read of the
        // generation and our write (`LevelRecord::is_left_behind`); nothing else would bring
        // the level back, since the resync's answer already counted the hint.
        let key = store::level_key(&id.subject);
        let mut written = false;
        let mut wrote_under: Option<String> = None;
        for _ in 0..4 {
            let Some(gen) = store::generation(&self.host) else {
                return;
            };
            let rec = LevelRecord {
                levels_epoch: gen.levels_epoch.clone(),
                scenario_id: answer.scenario_id.clone(),
                level: answer.level,
            };
            let (existing, cas) = store::get(&self.host, &key);
            let left_behind = wrote_under.as_deref().is_some_and(|w| {
                LevelRecord::is_left_behind(existing.as_deref(), w, &gen.levels_epoch)
            });
            if left_behind || rec.supersedes(existing.as_deref()) {
                if store::set(&self.host, &key, rec.encode().as_bytes(), cas).is_err() {
                    continue;
                }
                written = true;
                wrote_under = Some(gen.levels_epoch.clone());
            }
            if store::generation(&self.host).map(|g| g.levels_epoch) == Some(gen.levels_epoch) {
                break;
            }
        }
        if written {
            self.metrics.sync(SyncStat::HintLevelWritten);
            log_debug!(
                self.host,
                "orrery-learning: hint level written to shared data"
            );
        }
    }
}

impl<H: Host> Context for Http<H> {}

impl<H: Host> HttpContext for Http<H> {
    fn on_http_request_headers(&mut self, _num_headers: usize, _end_of_stream: bool) -> Action {
        let Some(cfg) = self.cfg.clone() else {
            self.metrics.refused(Refusal::NotReady);
            return self.local_reply(503, replies::NOT_READY.as_bytes());
        };
        // Client-sent learning headers never reach anyone.
        let headers = self.host.header_pairs(Map::REQUEST_HEADERS);
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
            log_warn!(
                self.host,
                "orrery-learning: request refused (a header could not be removed)"
            );
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
            self.identity = payload.and_then(|p| cfg.identity.read(&p));
        }
        // The report is an instructor's: anyone else is answered here, and never reaches the
        // control service (which checks the marker and the proxy secret again).
        if self.route == Route::Report && !self.identity.as_ref().is_some_and(|i| i.instructor) {
            self.route = Route::Deny(DenyReason::NotInstructor);
            return self.deny(DenyReason::NotInstructor);
        }
        // A declared body over the limit is refused before anything goes upstream.
        let declared = self
            .req_header("content-length")
            .and_then(|l| l.trim().parse::<u64>().ok());
        if declared.is_some_and(|l| l > cfg.limits.max_body_bytes as u64) {
            return self.request_too_large();
        }

        self.snapshot = store::snapshot(&self.host, &self.cache);
        let Some(snap) = self.snapshot.clone() else {
            return match self.route {
                // The control service answers these itself.
                Route::Hint | Route::Report | Route::LearningAsset => self.send_to_control(&cfg),
                Route::Health => {
                    self.metrics.refused(Refusal::NotReady);
                    self.local_reply(503, &surfaces::healthz_body(None, None))
                }
                _ => {
                    self.metrics.refused(Refusal::NotReady);
                    log_info!(self.host, "orrery-learning: request refused (not_ready)");
                    self.local_reply(503, replies::NOT_READY.as_bytes())
                }
            };
        };
        self.level = snap.level_of(
            &self.host,
            self.identity.as_ref().map(|i| i.subject.as_str()),
        );
        if let Some(answer) = self.cooldown(&cfg, &snap) {
            return answer;
        }
        let level = self.level.to_string();
        if !(self.set_req(LEVEL_HEADER, Some(&level))
            && self.set_req(SCENARIO_HEADER, Some(snap.guard.scenario_id())))
        {
            log_warn!(
                self.host,
                "orrery-learning: request refused (the level could not be stamped)"
            );
            self.answered_locally = true;
            return self.local_reply(503, replies::NOT_READY.as_bytes());
        }
        if matches!(
            self.route,
            Route::Hint | Route::Report | Route::LearningAsset
        ) {
            return self.send_to_control(&cfg);
        }
        self.forwarding = true;
        Action::Continue
    }

    /// Hold the request body until it is complete (nothing of it goes upstream before), and
    /// answer `413` as soon as it grows over the limit (a chunked body declares no length).
    fn on_http_request_body(&mut self, body_size: usize, end_of_stream: bool) -> Action {
        // A request answered here (denied, refused, cooled down) moves none of its body.
        if !self.forwarding {
            return Action::Pause;
        }
        let max = self.cfg.as_ref().map_or(0, |c| c.limits.max_body_bytes);
        if body_size > max {
            return self.request_too_large();
        }
        if end_of_stream {
            Action::Continue
        } else {
            Action::Pause
        }
    }

    fn on_http_response_headers(&mut self, num_headers: usize, end_of_stream: bool) -> Action {
        let Some(cfg) = self.cfg.clone() else {
            return Action::Continue;
        };
        if matches!(
            self.route,
            Route::Deny(_) | Route::LearningAsset | Route::Report
        ) || self.snapshot.is_none()
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
        // Headers are read by the learner too: one that states a target is removed.
        if let Some(snap) = self.snapshot.clone() {
            match crate::trailers::guard_headers(&self.host, num_headers, &snap.guard, self.level) {
                Ok(withheld) => self.report(&withheld),
                Err(crate::trailers::Unguarded) => {
                    self.metrics.refused(Refusal::HeaderWriteFailed);
                    self.reset(0);
                    return Action::Continue;
                }
            }
        }
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
            self.refuse("502", replies::COMPRESSED, Refusal::Compressed);
            return Action::Continue;
        }
        let too_long = self
            .resp_header("content-length")
            .and_then(|l| l.trim().parse::<usize>().ok())
            .is_some_and(|l| l > cfg.limits.max_body_bytes);
        if too_long {
            self.refuse("502", replies::TOO_LARGE, Refusal::TooLarge);
            return Action::Continue;
        }
        let is_stream = self
            .resp_header("content-type")
            .is_some_and(|t| t.to_ascii_lowercase().starts_with("text/event-stream"));
        // The body may change length: a stale content-length would cut or hang it.
        if !self.set_resp("content-length", None) {
            self.reset(0);
            return Action::Continue;
        }
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
            Mode::Reset => {
                // Whatever still arrives is dropped (best effort: the stream is going away).
                if !self
                    .host
                    .set_buffer(Buffer::RESPONSE_BODY, 0, body_size, b"")
                {
                    self.metrics.refused(Refusal::BodyWriteFailed);
                }
                Action::Pause
            }
            Mode::Replace { body, sent } => {
                let fixed: &[u8] = if *sent { b"" } else { body.as_bytes() };
                *sent = true;
                if self.put_body(body_size, fixed) {
                    Action::Continue
                } else {
                    Action::Pause
                }
            }
            Mode::Stream(_) => self.on_stream_chunk(body_size, end_of_stream),
            Mode::Buffer => {
                if body_size > max {
                    // The headers (status 200) have left: the only answer that is not a
                    // completed 200 is a broken one.
                    self.metrics.refused(Refusal::TooLarge);
                    log_info!(
                        self.host,
                        "orrery-learning: response refused (too_large after the headers)"
                    );
                    self.reset(body_size);
                    return Action::Pause;
                }
                if !end_of_stream {
                    return Action::Pause;
                }
                let body = self.host.buffer(Buffer::RESPONSE_BODY, 0, body_size);
                if !self.on_buffered(&body) {
                    return Action::Pause;
                }
                self.mode = Mode::Pass;
                Action::Continue
            }
        }
    }

    /// An upstream that ends with trailers (HTTP/2, gRPC-style) never sends a body chunk with
    /// `end_of_stream`: finish the held body or the stream here (tests/trailers.rs, over an h2c
    /// upstream). The trailers themselves are checked first (`crate::trailers`).
    fn on_http_response_trailers(&mut self, num_trailers: usize) -> Action {
        let max = self.cfg.as_ref().map_or(0, |c| c.limits.max_body_bytes);
        if let Some(snap) = self.snapshot.clone() {
            match crate::trailers::guard_trailers(&self.host, num_trailers, &snap.guard, self.level)
            {
                Ok(withheld) => self.report(&withheld),
                // Trailers that could not be checked never reach the learner: the headers have
                // left, so the stream is reset.
                Err(crate::trailers::Unguarded) => {
                    self.metrics.refused(Refusal::HeaderWriteFailed);
                    self.reset(0);
                    return Action::Pause;
                }
            }
        }
        match &mut self.mode {
            Mode::Buffer => {
                let body = self
                    .host
                    .buffer(Buffer::RESPONSE_BODY, 0, max.saturating_add(1));
                if body.len() > max {
                    self.metrics.refused(Refusal::TooLarge);
                    self.reset(body.len());
                    return Action::Pause;
                }
                if !self.on_buffered(&body) {
                    return Action::Pause;
                }
                self.mode = Mode::Pass;
                Action::Continue
            }
            Mode::Stream(_) => self.on_stream_chunk(0, true),
            Mode::Reset => Action::Pause,
            Mode::Pass | Mode::Replace { .. } => Action::Continue,
        }
    }
}

impl<H: Host> Http<H> {
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
        let left = snap.cooldown_left_ms(&self.host, subject, self.host.now_ms(), cooldown_ms);
        if left == 0 {
            return None;
        }
        self.metrics.refused(Refusal::ProbeCooldown);
        log_info!(
            self.host,
            "orrery-learning: model turn answered with the probe cool-down"
        );
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

    /// Send a learning route on to the control service with what it trusts only together with
    /// the proxy secret: on the token-required routes (hint, report) the verified subject and
    /// principal, and the instructor marker for a verified human instructor. A header the host
    /// refuses answers 503 here (a request without its identity is never sent).
    fn send_to_control(&mut self, cfg: &FilterConfig) -> Action {
        let mut ok = true;
        if matches!(self.route, Route::Hint | Route::Report) {
            let (subject, principal, instructor) = match &self.identity {
                Some(i) => (Some(i.subject.as_str()), i.principal.as_str(), i.instructor),
                None => (None, "unknown", false),
            };
            if let Some(s) = subject {
                ok &= self.set_req(SUBJECT_HEADER, Some(s));
            }
            ok &= self.set_req(PRINCIPAL_HEADER, Some(principal));
            if instructor {
                ok &= self.set_req(INSTRUCTOR_HEADER, Some("true"));
            }
        }
        ok &= self.set_req(SECRET_HEADER, Some(&cfg.control.proxy_secret));
        if !ok {
            log_warn!(
                self.host,
                "orrery-learning: request refused (a control header could not be set)"
            );
            self.answered_locally = true;
            return self.local_reply(503, replies::NOT_READY.as_bytes());
        }
        self.forwarding = true;
        Action::Continue
    }
}
