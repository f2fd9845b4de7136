//! Route classification: which surface a request (method + path) is, whether it is one of
//! the public (token-free) routes, what a locally answered request gets ([`DenyReason`],
//! [`replies`]), and the route table of the configuration ([`RoutePolicy`]).
//!
//! [`RoutePolicy::classify`] fails closed: a path it cannot read plainly (percent-escapes,
//! `..`, `//`, backslashes, odd case, a trailing slash) is never a lighter surface than
//! [`Surface::Other`] (scrubbed), and an admin/Studio prefix is denied however it is spelled.
use crate::surfaces::Surface;
use serde::Deserialize;

/// What an unknown route gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnknownRoutes {
    #[default]
    Scrub,
    Deny,
}

/// Paths of the Orrery API and of the learning endpoints (defaults: DESIGN.md).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RoutePolicy {
    pub chat: String,
    pub chat_stream: String,
    /// `GET {session_prefix}{id}` transcript, `.../triage`, `.../activity`.
    pub session_prefix: String,
    pub triage_suffix: String,
    pub activity_suffix: String,
    pub sessions: String,
    pub confirmations: String,
    pub me: String,
    /// Probes answered with `"mode": "learning"` and the scenario id.
    pub health: Vec<String>,
    /// `POST` here goes to the control service with the verified identity.
    pub hint: String,
    /// `GET` here (query allowed: pagination) goes to the control service for an instructor
    /// only ([`InstructorClaim`](super::InstructorClaim)); anyone else gets 403 from the filter.
    pub report: String,
    /// Every path under this prefix belongs to the control service.
    pub learning_prefix: String,
    /// `GET` paths under the learning prefix that learners may fetch (console assets).
    pub learning_assets: Vec<String>,
    /// Orrery's console pages (exact paths): a browser navigates to them without a bearer
    /// token, so jwt_authn exempts them; the filter guards them at `default_disclosure`, with
    /// no identity, and injects the learner overlay into their HTML.
    pub console_pages: Vec<String>,
    /// Public static prefixes (default `/assets/`): Orrery's Vite console loads its hashed
    /// bundles from here without a bearer token, so jwt_authn exempts them (and the lint allows
    /// exactly these). `GET`/`HEAD` under them is guarded like [`Surface::Other`] at
    /// `default_disclosure` with no identity (JS, CSS and source maps get the same scrub as any
    /// body: a bundle can embed a value), whatever `unknown` says.
    pub public_static_prefixes: Vec<String>,
    /// Prefixes denied with 403 (admin, Studio), compared case-insensitively after decoding.
    pub deny_prefixes: Vec<String>,
    pub unknown: UnknownRoutes,
}

impl Default for RoutePolicy {
    fn default() -> Self {
        RoutePolicy {
            chat: "/chat".into(),
            chat_stream: "/chat/stream".into(),
            session_prefix: "/session/".into(),
            triage_suffix: "/triage".into(),
            activity_suffix: "/activity".into(),
            sessions: "/sessions".into(),
            confirmations: "/confirmations/pending".into(),
            me: "/me".into(),
            health: vec!["/healthz".into(), "/readyz".into()],
            hint: "/learning/hint".into(),
            report: "/learning/report".into(),
            learning_prefix: "/learning/".into(),
            learning_assets: vec!["/learning/console.js".into(), "/learning/".into()],
            console_pages: vec!["/".into(), "/console".into()],
            public_static_prefixes: vec!["/assets/".into()],
            deny_prefixes: vec![
                "/admin".into(),
                "/studio".into(),
                "/api/admin".into(),
                "/api/studio".into(),
            ],
            unknown: UnknownRoutes::Scrub,
        }
    }
}

impl RoutePolicy {
    /// The route table's part of the configuration check: `Err` names the field and the
    /// problem (the caller adds the prefix), never a path.
    pub(super) fn check(&self) -> Result<(), String> {
        let exact = [
            ("routes.chat", &self.chat),
            ("routes.chat_stream", &self.chat_stream),
            ("routes.sessions", &self.sessions),
            ("routes.confirmations", &self.confirmations),
            ("routes.me", &self.me),
            ("routes.hint", &self.hint),
            ("routes.report", &self.report),
        ];
        for (name, p) in exact {
            if !is_plain_path(p) {
                return Err(format!("{name} is not a plain absolute path"));
            }
        }
        for (name, p) in [
            ("routes.session_prefix", &self.session_prefix),
            ("routes.learning_prefix", &self.learning_prefix),
        ] {
            if !is_plain_path(p) || !p.ends_with('/') {
                return Err(format!(
                    "{name} must be a plain absolute path ending in '/'"
                ));
            }
        }
        for (name, p) in [
            ("routes.triage_suffix", &self.triage_suffix),
            ("routes.activity_suffix", &self.activity_suffix),
        ] {
            if !is_plain_path(p) || p.len() < 2 {
                return Err(format!("{name} must be a plain path such as /triage"));
            }
        }
        for p in self.health.iter().chain(self.deny_prefixes.iter()) {
            if !is_plain_path(p) {
                return Err(
                    "routes.health and routes.deny_prefixes take plain absolute paths".into(),
                );
            }
        }
        for p in &self.learning_assets {
            if !is_plain_path(p) || !p.starts_with(&self.learning_prefix) {
                return Err(
                    "routes.learning_assets must be plain paths under learning_prefix".into(),
                );
            }
        }
        for p in &self.console_pages {
            // A console page is public (no token): never one of the learner API paths, the
            // probes, under the learning prefix or under a denied prefix.
            let lp_bare = self.learning_prefix.trim_end_matches('/');
            let named = [
                &self.chat,
                &self.chat_stream,
                &self.sessions,
                &self.confirmations,
                &self.me,
            ];
            if !is_plain_path(p)
                || p.starts_with(&self.learning_prefix)
                || p == lp_bare
                || p.starts_with(&self.session_prefix)
                || named.contains(&p)
                || self.health.contains(p)
                || self
                    .deny_prefixes
                    .iter()
                    .any(|d| p.to_ascii_lowercase().starts_with(&d.to_ascii_lowercase()))
            {
                return Err(
                    "routes.console_pages must be plain paths that name no other route".into(),
                );
            }
        }
        for p in &self.public_static_prefixes {
            // Token-free like a console page: never "/", never over or under another route.
            let lp = p.to_ascii_lowercase();
            // `q` under the prefix, or the prefix is `q/` (a route's own sub-tree).
            let under = |q: &str| {
                let q = q.to_ascii_lowercase();
                q.starts_with(&lp) || q == lp.trim_end_matches('/')
            };
            let over = |q: &str| lp.starts_with(&q.to_ascii_lowercase());
            let named = [
                &self.chat,
                &self.chat_stream,
                &self.sessions,
                &self.confirmations,
                &self.me,
                &self.hint,
                &self.report,
            ];
            if !is_plain_path(p)
                || !p.ends_with('/')
                || p == "/"
                || over(&self.learning_prefix)
                || under(&self.learning_prefix)
                || over(&self.session_prefix)
                || under(&self.session_prefix)
                || named.iter().any(|n| under(n))
                || self.health.iter().any(|h| under(h))
                || self.console_pages.iter().any(|c| under(c))
                || self.deny_prefixes.iter().any(|d| over(d) || under(d))
            {
                return Err("routes.public_static_prefixes must be plain paths ending in '/', other than '/', that hold no other route".into());
            }
        }
        if !self.hint.starts_with(&self.learning_prefix) {
            return Err("routes.hint must be under routes.learning_prefix".into());
        }
        if !self.report.starts_with(&self.learning_prefix)
            || self.report == self.hint
            || self.learning_assets.contains(&self.report)
        {
            return Err(
                "routes.report must be under routes.learning_prefix and name no other route".into(),
            );
        }
        Ok(())
    }

    /// Classify one request. `path` is the `:path` header as Envoy passes it (query included).
    pub fn classify(&self, method: &str, path: &str) -> Route {
        let raw = path.split(['?', '#']).next().unwrap_or("");
        let canon = canonical(raw);
        let lower = canon.to_ascii_lowercase();
        for d in &self.deny_prefixes {
            let d = d.to_ascii_lowercase();
            if lower.starts_with(&d) {
                let studio = d.contains("studio");
                return Route::Deny(if studio {
                    DenyReason::Studio
                } else {
                    DenyReason::Admin
                });
            }
        }
        let lp = self.learning_prefix.to_ascii_lowercase();
        let lp_bare = lp.trim_end_matches('/');
        if lower.starts_with(&lp) || lower == lp_bare {
            let plain = raw == canon;
            if plain && method == "POST" && raw == self.hint {
                return Route::Hint;
            }
            if plain && method == "GET" && raw == self.report {
                return Route::Report;
            }
            if plain
                && (method == "GET" || method == "HEAD")
                && self.learning_assets.iter().any(|a| a == raw)
            {
                return Route::LearningAsset;
            }
            return Route::Deny(DenyReason::LearningNotFound);
        }
        if raw != canon || !raw.starts_with('/') {
            return self.unknown();
        }
        let get = method == "GET";
        if (get || method == "HEAD") && self.is_public_static(raw) {
            return Route::Guarded(Surface::Other);
        }
        if self.health.iter().any(|h| h == raw) && (get || method == "HEAD") {
            return Route::Health;
        }
        if self.console_pages.iter().any(|c| c == raw) && (get || method == "HEAD") {
            return Route::Page;
        }
        if method == "POST" && raw == self.chat {
            return Route::Guarded(Surface::Chat);
        }
        if method == "POST" && raw == self.chat_stream {
            return Route::ChatStream;
        }
        if get && raw == self.sessions {
            return Route::Guarded(Surface::Sessions);
        }
        if get && raw == self.confirmations {
            return Route::Guarded(Surface::Confirmations);
        }
        if get && raw == self.me {
            return Route::Guarded(Surface::Me);
        }
        if get {
            if let Some(rest) = raw.strip_prefix(self.session_prefix.as_str()) {
                if is_segment(rest) {
                    return Route::Guarded(Surface::Transcript);
                }
                if let Some(id) = rest.strip_suffix(self.triage_suffix.as_str()) {
                    if is_segment(id) {
                        return Route::Guarded(Surface::Triage);
                    }
                }
                if let Some(id) = rest.strip_suffix(self.activity_suffix.as_str()) {
                    if is_segment(id) {
                        return Route::Guarded(Surface::Activity);
                    }
                }
            }
        }
        self.unknown()
    }

    /// Whether the filter may read the identity from the payload header for this request.
    /// jwt_authn exempts the public paths from the token by path alone, whatever the method, and
    /// writes the payload header only where it verified a token; so the identity is read neither
    /// on a public route ([`Route::is_public`]) nor on any request whose path could be one of
    /// the public paths (`POST /console`, `GET /healthz?x`): compared after decoding, without
    /// case, so that this is a superset of what jwt_authn exempts.
    pub fn reads_identity(&self, route: Route, path: &str) -> bool {
        if route.is_public() {
            return false;
        }
        let raw = path.split(['?', '#']).next().unwrap_or("");
        let lower = canonical(raw).to_ascii_lowercase();
        // Under a static prefix as written or as decoded, in any case: jwt_authn may have
        // exempted it either way.
        let raw_lower = raw.to_ascii_lowercase();
        if self.public_static_prefixes.iter().any(|p| {
            let p = p.to_ascii_lowercase();
            lower.starts_with(&p) || raw_lower.starts_with(&p)
        }) {
            return false;
        }
        !self
            .health
            .iter()
            .chain(&self.learning_assets)
            .chain(&self.console_pages)
            .any(|p| p.to_ascii_lowercase() == lower)
    }

    /// Whether a plain path lies under one of [`RoutePolicy::public_static_prefixes`].
    pub fn is_public_static(&self, raw: &str) -> bool {
        self.public_static_prefixes
            .iter()
            .any(|p| raw.starts_with(p.as_str()))
    }

    fn unknown(&self) -> Route {
        match self.unknown {
            UnknownRoutes::Scrub => Route::Guarded(Surface::Other),
            UnknownRoutes::Deny => Route::Deny(DenyReason::Unknown),
        }
    }
}

/// A path as written in config: absolute, ASCII, no escapes, dot segments or double slashes.
fn is_plain_path(p: &str) -> bool {
    p.starts_with('/') && canonical(p) == p && !p.contains(['?', '#'])
}

/// One non-empty path segment of safe characters (a session id).
fn is_segment(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b':'))
        && s != "."
        && s != ".."
}

/// The path a lenient server might see: percent-escapes decoded (repeatedly), backslashes as
/// slashes, slashes merged, dot segments resolved, control and non-ASCII bytes kept as escapes.
/// Equal to the input exactly when the input is plain.
pub fn canonical(raw: &str) -> String {
    let mut s = raw.to_string();
    for _ in 0..4 {
        let d = percent_decode(&s);
        if d == s {
            break;
        }
        s = d;
    }
    let s = s.replace('\\', "/");
    let mut out: Vec<&str> = Vec::new();
    for seg in s.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    let mut c = String::with_capacity(s.len() + 1);
    for seg in &out {
        c.push('/');
        c.push_str(seg);
    }
    if c.is_empty() || (s.ends_with('/') && !out.is_empty()) {
        c.push('/');
    }
    c
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b.get(i).copied().unwrap_or(0);
        if c == b'%' {
            let h = b.get(i + 1).and_then(|x| (*x as char).to_digit(16));
            let l = b.get(i + 2).and_then(|x| (*x as char).to_digit(16));
            if let (Some(h), Some(l)) = (h, l) {
                let v = (h * 16 + l) as u8;
                // Keep control and non-ASCII bytes escaped so the result stays valid UTF-8.
                if (0x20..0x7f).contains(&v) {
                    out.push(v);
                    i += 3;
                    continue;
                }
            }
        }
        out.push(c);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_string())
}

/// What the filter does with a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// A buffered surface: JSON rewritten (or scrubbed as text) by [`crate::surfaces`].
    Guarded(Surface),
    /// `POST /chat/stream`: SSE, rewritten frame by frame by [`crate::sse`].
    ChatStream,
    /// `/healthz`, `/readyz`: learning mode and the scenario id from this Envoy's shared data.
    Health,
    /// `POST /learning/hint`: to the control service with the verified identity.
    Hint,
    /// `GET /learning/report`: to the control service, for an instructor only.
    Report,
    /// A console asset served by the control service.
    LearningAsset,
    /// `GET`/`HEAD` of an Orrery console page (`routes.console_pages`): guarded like
    /// [`Surface::Other`] at `default_disclosure`, and the learner overlay is injected.
    Page,
    /// Answered by the filter itself, never forwarded.
    Deny(DenyReason),
}

impl Route {
    /// The routes jwt_authn does not require a token on (the probes, the learning assets and
    /// the console pages). There jwt_authn verifies nothing, so a client could send its own
    /// payload header: the filter must read no identity on these routes (level =
    /// `default_disclosure`) and still strip the header. This is the one list of them;
    /// `orrery-learning lint` allows jwt_authn exemptions for exactly the paths of these routes.
    pub fn is_public(self) -> bool {
        matches!(self, Route::Health | Route::LearningAsset | Route::Page)
    }
}

/// Why a request is answered locally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DenyReason {
    Admin,
    Studio,
    /// An unknown route, when `routes.unknown` is `deny`.
    Unknown,
    /// A path under the learning prefix that is not a learner endpoint (e.g. the watch API).
    LearningNotFound,
    /// WebSocket / HTTP upgrade / CONNECT.
    Upgrade,
    /// An instructor route ([`Route::Report`]) asked for by anyone else.
    NotInstructor,
}

impl DenyReason {
    pub fn status(self) -> u32 {
        match self {
            DenyReason::LearningNotFound => 404,
            DenyReason::Admin
            | DenyReason::Studio
            | DenyReason::Unknown
            | DenyReason::Upgrade
            | DenyReason::NotInstructor => 403,
        }
    }
    /// The fixed body (no request data in it).
    pub fn body(self) -> &'static str {
        match self {
            DenyReason::Admin | DenyReason::Studio => {
                "{\"error\":\"not available in learning mode\"}"
            }
            DenyReason::Unknown => "{\"error\":\"route not available in learning mode\"}",
            DenyReason::LearningNotFound => "{\"error\":\"not found\"}",
            DenyReason::Upgrade => "{\"error\":\"upgrade refused in learning mode\"}",
            DenyReason::NotInstructor => "{\"error\":\"instructors only\"}",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            DenyReason::Admin => "admin",
            DenyReason::Studio => "studio",
            DenyReason::Unknown => "unknown_route",
            DenyReason::LearningNotFound => "learning_not_found",
            DenyReason::Upgrade => "upgrade",
            DenyReason::NotInstructor => "not_instructor",
        }
    }
}

/// Fixed replies of the fail-closed table.
pub mod replies {
    pub const NOT_READY: &str = "{\"error\":\"learning sandbox not ready\"}";
    pub const TOO_LARGE: &str = "{\"error\":\"response too large for the learning sandbox\"}";
    /// `413`: a request body over `limits.max_body_bytes`.
    pub const REQUEST_TOO_LARGE: &str = "{\"error\":\"request body too large\"}";
    /// A console page withheld whole (it stated a target outside any markup the guard can
    /// rewrite): a small page instead of the JSON error, since the page's `text/html` headers
    /// have already left. ASCII only, no value.
    pub const WITHHELD_PAGE: &str = "<!doctype html>\n<html><head><meta charset=\"utf-8\">\
<title>Withheld</title></head><body><h1>Page withheld</h1><p>This page stated an answer the \
learning sandbox keeps for you to find. Go back and work from the evidence, or take a hint.\
</p></body></html>\n";
    pub const COMPRESSED: &str =
        "{\"error\":\"compressed response refused by the learning sandbox\"}";
    pub const STREAM_FAILED: &str = "{\"error\":\"response refused by the learning sandbox\"}";
    /// The text a learner in a probe cool-down gets instead of a model reply. Fixed: no value,
    /// no digit, no time (the `retry-after` header says how long).
    pub const COOLDOWN_TEXT: &str = "The learning sandbox has paused your chat for a short \
cool-down: many of your recent replies were withheld because they stated a value you are meant \
to find yourself. Use the pause to work from the evidence the tools show you, or take a Hint, \
then ask again.";
    /// The cool-down answer on a model route that is neither chat nor the stream.
    pub const COOLDOWN_ERROR: &str = "{\"error\":\"learning sandbox cool-down: try again later\"}";
}

/// Whether a request runs a model turn, whose reply the learner's own message shaped: `POST`
/// chat, the chat stream, and any request other than `GET`/`HEAD` on a guarded surface (an
/// unknown `POST` route of a newer Orrery may run the model). These are the replies that make
/// the guard's decision an oracle (the learner chooses the text the guard judges), so they are
/// what probe detection counts ([`reply_event_line`](super::reply_event_line)) and what a cool-down holds back. Reading
/// stored state (a transcript, the session list) is not counted: a console that polls it would
/// otherwise look like a probe.
pub fn is_model_turn(route: Route, method: &str) -> bool {
    match route {
        Route::Guarded(Surface::Chat) | Route::ChatStream => true,
        Route::Guarded(_) => {
            !(method.eq_ignore_ascii_case("GET") || method.eq_ignore_ascii_case("HEAD"))
        }
        _ => false,
    }
}

/// An upgrade (WebSocket, h2c) or CONNECT request: refused on every route in learning mode.
pub fn is_upgrade(method: &str, connection: Option<&str>, upgrade: Option<&str>) -> bool {
    method.eq_ignore_ascii_case("CONNECT")
        || upgrade.is_some_and(|u| !u.trim().is_empty())
        || connection.is_some_and(|c| {
            c.split(',')
                .any(|t| t.trim().eq_ignore_ascii_case("upgrade"))
        })
}

#[cfg(test)]
#[path = "route_tests.rs"]
mod tests;
