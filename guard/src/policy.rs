//! The Envoy filter's decisions that need no host: its JSON configuration, the classification of
//! a request (method + path) into a surface, the identity read from the verified token payload,
//! the shared-data record formats, and the watch API's answer shape.
//!
//! The filter (`src/` of the workspace root) is a dispatcher from proxy-wasm callbacks to these
//! functions and to [`crate::surfaces`] / [`crate::sse`], so everything here is tested natively.
//!
//! Invariants:
//! * [`FilterConfig::parse`] rejects unknown fields and partial learning configs; its error names
//!   the field or the problem, never a configured value (an inline proxy secret, refused, is dropped unread).
//! * [`RoutePolicy::classify`] fails closed: a path it cannot read plainly (percent-escapes, `..`,
//!   `//`, backslashes, odd case, a trailing slash) is never a lighter surface than
//!   [`Surface::Other`] (scrubbed), and an admin/Studio prefix is denied however it is spelled.
//! * [`Route::is_public`] names the routes jwt_authn lets through without a token (probes,
//!   learning assets, console pages): on them the filter reads no identity from the payload
//!   header, which a client could have written itself.
//! * A level record of another levels epoch or another scenario reads as `default_disclosure`
//!   ([`LevelRecord::level_for`]).
//! * A probe cool-down ([`ProbeRecord::cooldown_left_ms`]) only ever takes a turn away from the
//!   learner (a fixed reply instead of Orrery's); an unreadable or foreign record means no
//!   cool-down, and the guard applies as always. It never changes a level.
//!
//! ```
//! use orrery_learning_guard::policy::{RoutePolicy, Route};
//! use orrery_learning_guard::surfaces::Surface;
//! let p = RoutePolicy::default();
//! assert_eq!(p.classify("POST", "/chat?x=1"), Route::Guarded(Surface::Chat));
//! assert_eq!(p.classify("GET", "/ADMIN/users"), Route::Deny(orrery_learning_guard::policy::DenyReason::Admin));
//! ```
use crate::guard::GuardSet;
use crate::matcher::Rules;
use crate::sse::StreamPolicy;
use crate::surfaces::{Surface, SurfacePolicy};
use serde::Deserialize;

/// Which part of the one `.wasm` a root context plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The HTTP filter on the listener.
    Filter,
    /// The sync service (`envoy.bootstrap.wasm` singleton): polls the control service.
    Sync,
}

/// Who keeps shared data fresh, for the `filter` role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SyncMode {
    /// A bootstrap singleton (role `sync`) with the same `vm_id` does it.
    #[default]
    Singleton,
    /// No singleton (Istio `WasmPlugin`): worker root contexts elect one poller via a lease.
    Lease,
}

/// What an unknown route gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnknownRoutes {
    #[default]
    Scrub,
    Deny,
}

/// How the filter reaches the control service.
///
/// The proxy secret is never part of the configuration (Envoy's admin `/config_dump` shows the
/// configuration): it names an environment variable of the Envoy process, passed into the VM
/// with `vm_config.environment_variables.host_env_keys`, and the filter reads it at configure
/// time ([`ControlConfig::set_proxy_secret`]). An inline `proxy_secret` is refused. Envoy's
/// Wasm VM has no filesystem, so a secret file cannot be offered.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ControlConfig {
    /// Envoy cluster name of the control service.
    pub cluster: String,
    /// `:authority` sent on callouts.
    #[serde(default = "default_authority")]
    pub authority: String,
    /// The environment variable holding the shared secret (`x-orrery-learning-proxy-secret`).
    /// Required; a default of "" lets the check name an inline secret first.
    #[serde(default)]
    pub proxy_secret_env: String,
    /// The shared secret, at least 16 printable bytes: empty until the filter reads it from
    /// `proxy_secret_env`; never read from the configuration.
    #[serde(skip)]
    pub proxy_secret: ProxySecret,
    /// Whether the configuration holds an inline `proxy_secret` (refused by the check; the
    /// value itself is dropped while parsing).
    #[serde(rename = "proxy_secret", default, deserialize_with = "present")]
    inline_secret: bool,
    /// Long-poll hold the watch asks for.
    #[serde(default = "default_watch_timeout_ms")]
    pub watch_timeout_ms: u64,
    /// Tick of the sync service (retries, event flush, lease).
    #[serde(default = "default_tick_ms")]
    pub tick_ms: u64,
    /// Lease lifetime in `lease` mode.
    #[serde(default = "default_lease_ms")]
    pub lease_ms: u64,
}

/// The proxy secret: printed by `Debug` as `<redacted>`, so no derived `Debug` of a
/// configuration can put it in a log line.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct ProxySecret(String);

impl ProxySecret {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for ProxySecret {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for ProxySecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("<redacted>")
    }
}

/// The shortest proxy secret accepted (the control service's minimum too).
pub const MIN_PROXY_SECRET_BYTES: usize = 16;

/// A field that only has to be present: its value is skipped, never kept.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    serde::de::IgnoredAny::deserialize(d)?;
    Ok(true)
}

/// A portable environment variable name (`[A-Za-z_][A-Za-z0-9_]*`, at most 128 bytes).
fn is_env_name(s: &str) -> bool {
    let mut b = s.bytes();
    s.len() <= 128
        && b.next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

impl ControlConfig {
    /// Take the proxy secret the filter read from `proxy_secret_env`. Refused (the error names
    /// the variable, never the value) when shorter than [`MIN_PROXY_SECRET_BYTES`] or not
    /// printable ASCII without spaces (it travels as a header value).
    pub fn set_proxy_secret(&mut self, value: String) -> Result<(), ConfigError> {
        let name = &self.proxy_secret_env;
        if value.len() < MIN_PROXY_SECRET_BYTES {
            return Err(ConfigError(format!(
                "learning filter configuration: the proxy secret in {name} is shorter than {MIN_PROXY_SECRET_BYTES} bytes"
            )));
        }
        if !value.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(ConfigError(format!(
                "learning filter configuration: the proxy secret in {name} is not printable ASCII without spaces"
            )));
        }
        self.proxy_secret = ProxySecret(value);
        Ok(())
    }
}

fn default_authority() -> String {
    "learning-control".into()
}
fn default_watch_timeout_ms() -> u64 {
    25_000
}
fn default_tick_ms() -> u64 {
    200
}
fn default_lease_ms() -> u64 {
    3_000
}

/// Where the verified identity comes from.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IdentityConfig {
    /// The header `jwt_authn` writes the token payload to (`forward_payload_header`).
    #[serde(default = "default_payload_header")]
    pub payload_header: String,
    /// The claim that makes a verified human an instructor (`GET /learning/report`).
    #[serde(default)]
    pub instructor: InstructorClaim,
}

/// Who is an instructor: the verified token payload holds `value` at the dotted path `claim`
/// (e.g. `role`, `realm_access.roles`), either as that string or in an array of strings.
/// Default: `{"claim": "role", "value": "instructor"}`. Only a `human` principal counts
/// ([`Identity::instructor`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstructorClaim {
    pub claim: String,
    pub value: String,
}

impl Default for InstructorClaim {
    fn default() -> Self {
        InstructorClaim {
            claim: "role".into(),
            value: "instructor".into(),
        }
    }
}

impl InstructorClaim {
    /// Whether `payload` (the verified JWT payload) names an instructor: the value at the dotted
    /// path is a string equal to `value`, or an array holding that string. Any other shape, a
    /// missing segment or a non-object on the way is no match.
    pub fn matches(&self, payload: &serde_json::Value) -> bool {
        let mut at = payload;
        for seg in self.claim.split('.') {
            match at.get(seg) {
                Some(v) if at.is_object() => at = v,
                _ => return false,
            }
        }
        match at {
            serde_json::Value::String(s) => *s == self.value,
            serde_json::Value::Array(items) => items
                .iter()
                .any(|i| i.as_str().is_some_and(|s| s == self.value)),
            _ => false,
        }
    }

    fn check(&self) -> Result<(), &'static str> {
        if self.claim.is_empty()
            || self.claim.len() > 256
            || self.claim.split('.').any(str::is_empty)
        {
            return Err("identity.instructor.claim must be a dotted path of non-empty names");
        }
        if self.value.is_empty() || self.value.len() > 256 {
            return Err("identity.instructor.value must be 1 to 256 bytes");
        }
        Ok(())
    }
}

fn default_payload_header() -> String {
    "x-orrery-jwt-payload".into()
}

impl Default for IdentityConfig {
    fn default() -> Self {
        IdentityConfig {
            payload_header: default_payload_header(),
            instructor: InstructorClaim::default(),
        }
    }
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
    /// only ([`InstructorClaim`]); anyone else gets 403 from the filter.
    pub report: String,
    /// Every path under this prefix belongs to the control service.
    pub learning_prefix: String,
    /// `GET` paths under the learning prefix that learners may fetch (console assets).
    pub learning_assets: Vec<String>,
    /// Orrery's console pages (exact paths): a browser navigates to them without a bearer
    /// token, so jwt_authn exempts them; the filter guards them at `default_disclosure`, with
    /// no identity, and injects the learner overlay into their HTML.
    pub console_pages: Vec<String>,
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

/// Size limits.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// A buffered body over this size gets a fixed error, never the body.
    pub max_body_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: 1 << 20,
        }
    }
}

/// The plugin configuration (JSON), shared by both roles.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FilterConfig {
    pub role: Role,
    #[serde(default)]
    pub sync: SyncMode,
    pub control: ControlConfig,
    #[serde(default)]
    pub identity: IdentityConfig,
    #[serde(default)]
    pub limits: Limits,
    #[serde(default)]
    pub routes: RoutePolicy,
    #[serde(default)]
    pub surfaces: SurfacePolicy,
    #[serde(default)]
    pub stream: StreamPolicy,
    #[serde(default)]
    pub probe: ProbeConfig,
    #[serde(default)]
    pub oracle: OracleConfig,
}

/// The oracle rule of the matcher (`crate::matcher::Rules::candidate_band`,
/// `min_candidates`): a reply that states `min_candidates` or more distinct candidates of one
/// target's shape is withheld whole; a number is a candidate within `candidate_band` (relative)
/// of a numeric target. Defaults: ±10 %, 3. `min_candidates: 0` turns the rule off (a lab whose
/// learners must read partition tables naming many partitions of the target's shape).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OracleConfig {
    pub candidate_band: f64,
    pub min_candidates: usize,
}

impl Default for OracleConfig {
    fn default() -> Self {
        OracleConfig {
            candidate_band: Rules::DEFAULT.candidate_band,
            min_candidates: Rules::DEFAULT.min_candidates,
        }
    }
}

impl OracleConfig {
    /// The matcher rules the filter compiles every guard set with.
    pub fn rules(&self) -> Rules {
        Rules {
            candidate_band: self.candidate_band,
            min_candidates: self.min_candidates,
            ..Rules::DEFAULT
        }
    }
}

/// The longest probe cool-down accepted: one day. The control service sends flags at most this
/// old ([`WatchProbes`]).
pub const MAX_COOLDOWN_SECONDS: u64 = 86_400;

/// What the filter does with a learner the control service flagged as a suspected probe (its
/// withheld replies crossed the threshold: docs/api.md "Probe detection").
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ProbeConfig {
    /// For this many seconds after a flag, the learner's model turns ([`is_model_turn`]) get a
    /// fixed cool-down reply from the filter instead of reaching Orrery. 0 (the default): off.
    pub cooldown_seconds: u64,
}

/// Why a configuration was refused: the field and the problem, never a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl FilterConfig {
    /// Parse and check a plugin configuration. The error names the problem (serde's message
    /// names the field and position; it quotes no value for the kinds of error it can hit here
    /// except an unknown variant, which is a configuration word, not a secret).
    pub fn parse(bytes: &[u8]) -> Result<FilterConfig, ConfigError> {
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            return Err(ConfigError(
                "empty learning filter configuration (role and control are required)".into(),
            ));
        }
        let cfg: FilterConfig = serde_json::from_slice(bytes).map_err(|e| {
            // serde_json quotes string values only for `invalid value`/`invalid type` errors;
            // keep the category, line and column, and drop the rest.
            let what = match e.classify() {
                serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                    "not valid JSON".to_string()
                }
                _ => sanitize_serde_message(&e.to_string()),
            };
            ConfigError(format!(
                "learning filter configuration: {what} (line {} column {})",
                e.line(),
                e.column()
            ))
        })?;
        cfg.check()?;
        Ok(cfg)
    }

    fn check(&self) -> Result<(), ConfigError> {
        let bad = |m: &str| Err(ConfigError(format!("learning filter configuration: {m}")));
        if self.control.cluster.trim().is_empty() {
            return bad("control.cluster is empty");
        }
        if self.control.authority.trim().is_empty() {
            return bad("control.authority is empty");
        }
        if self.control.inline_secret {
            return bad("control.proxy_secret must not be inline (config_dump would show it): name an environment variable in control.proxy_secret_env");
        }
        if self.control.proxy_secret_env.is_empty() {
            return bad("control.proxy_secret_env is required (the environment variable holding the proxy secret)");
        }
        if !is_env_name(&self.control.proxy_secret_env) {
            return bad("control.proxy_secret_env is not an environment variable name");
        }
        if !(1..=60_000).contains(&self.control.watch_timeout_ms) {
            return bad("control.watch_timeout_ms must be in 1..=60000");
        }
        if !(10..=10_000).contains(&self.control.tick_ms) {
            return bad("control.tick_ms must be in 10..=10000");
        }
        if self.control.lease_ms < 2 * self.control.tick_ms {
            return bad("control.lease_ms must be at least twice control.tick_ms");
        }
        if !is_header_name(&self.identity.payload_header) {
            return bad("identity.payload_header is not a lower-case header name");
        }
        if self
            .identity
            .payload_header
            .starts_with(LEARNING_HEADER_PREFIX)
        {
            return bad("identity.payload_header must not use the x-orrery-learning- prefix");
        }
        if let Err(m) = self.identity.instructor.check() {
            return bad(m);
        }
        if self.limits.max_body_bytes < 1024 {
            return bad("limits.max_body_bytes is below 1024");
        }
        if self.probe.cooldown_seconds > MAX_COOLDOWN_SECONDS {
            return bad("probe.cooldown_seconds must be in 0..=86400");
        }
        if !(0.0..=0.5).contains(&self.oracle.candidate_band) {
            return bad("oracle.candidate_band must be in 0..=0.5");
        }
        if self.oracle.min_candidates > 64 {
            return bad("oracle.min_candidates must be in 0..=64");
        }
        self.routes.check()
    }
}

fn sanitize_serde_message(msg: &str) -> String {
    // `unknown field `x`, expected ...` and `missing field `x`` name fields: keep those. Any
    // other message may quote a value: keep only its first words up to a quote or colon.
    if msg.starts_with("unknown field") || msg.starts_with("missing field") {
        return msg.split(" at line").next().unwrap_or(msg).to_string();
    }
    if msg.starts_with("unknown variant") {
        return "unknown variant (see the configuration reference for the allowed words)".into();
    }
    let cut = msg.find(['`', '"', ':']).unwrap_or(msg.len());
    let head = msg.get(..cut).unwrap_or("").trim();
    if head.is_empty() {
        "invalid configuration".into()
    } else {
        head.to_string()
    }
}

fn is_header_name(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

impl RoutePolicy {
    fn check(&self) -> Result<(), ConfigError> {
        let bad = |m: String| Err(ConfigError(format!("learning filter configuration: {m}")));
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
                return bad(format!("{name} is not a plain absolute path"));
            }
        }
        for (name, p) in [
            ("routes.session_prefix", &self.session_prefix),
            ("routes.learning_prefix", &self.learning_prefix),
        ] {
            if !is_plain_path(p) || !p.ends_with('/') {
                return bad(format!(
                    "{name} must be a plain absolute path ending in '/'"
                ));
            }
        }
        for (name, p) in [
            ("routes.triage_suffix", &self.triage_suffix),
            ("routes.activity_suffix", &self.activity_suffix),
        ] {
            if !is_plain_path(p) || p.len() < 2 {
                return bad(format!("{name} must be a plain path such as /triage"));
            }
        }
        for p in self.health.iter().chain(self.deny_prefixes.iter()) {
            if !is_plain_path(p) {
                return bad(
                    "routes.health and routes.deny_prefixes take plain absolute paths".into(),
                );
            }
        }
        for p in &self.learning_assets {
            if !is_plain_path(p) || !p.starts_with(&self.learning_prefix) {
                return bad(
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
                return bad(
                    "routes.console_pages must be plain paths that name no other route".into(),
                );
            }
        }
        if !self.hint.starts_with(&self.learning_prefix) {
            return bad("routes.hint must be under routes.learning_prefix".into());
        }
        if !self.report.starts_with(&self.learning_prefix)
            || self.report == self.hint
            || self.learning_assets.contains(&self.report)
        {
            return bad(
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
        !self
            .health
            .iter()
            .chain(&self.learning_assets)
            .chain(&self.console_pages)
            .any(|p| p.to_ascii_lowercase() == lower)
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

impl FilterConfig {
    /// The `POST /chat` body of a turn in cool-down: the chat reply field holds
    /// [`replies::COOLDOWN_TEXT`].
    pub fn cooldown_chat_body(&self) -> String {
        let mut m = serde_json::Map::new();
        m.insert(
            self.surfaces.chat_reply_field.clone(),
            serde_json::Value::String(replies::COOLDOWN_TEXT.into()),
        );
        serde_json::Value::Object(m).to_string()
    }

    /// The `POST /chat/stream` body of a turn in cool-down: one message frame whose reply field
    /// holds [`replies::COOLDOWN_TEXT`], then an end frame (the configured event names).
    pub fn cooldown_stream_body(&self) -> String {
        let message = self
            .stream
            .message_events
            .first()
            .map_or("message", String::as_str);
        let end = self.stream.end_events.first().map_or("end", String::as_str);
        let mut m = serde_json::Map::new();
        m.insert(
            self.stream.message_reply_field.clone(),
            serde_json::Value::String(replies::COOLDOWN_TEXT.into()),
        );
        let data = serde_json::Value::Object(m).to_string();
        format!("event: {message}\ndata: {data}\n\nevent: {end}\ndata: {{}}\n\n")
    }
}

/// Whether a request runs a model turn, whose reply the learner's own message shaped: `POST`
/// chat, the chat stream, and any request other than `GET`/`HEAD` on a guarded surface (an
/// unknown `POST` route of a newer Orrery may run the model). These are the replies that make
/// the guard's decision an oracle (the learner chooses the text the guard judges), so they are
/// what probe detection counts ([`reply_event_line`]) and what a cool-down holds back. Reading
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

/// Every header of this prefix is the filter's: client-sent copies are removed.
pub const LEARNING_HEADER_PREFIX: &str = "x-orrery-learning-";
pub const LEVEL_HEADER: &str = "x-orrery-learning-level";
pub const SCENARIO_HEADER: &str = "x-orrery-learning-scenario";
pub const SUBJECT_HEADER: &str = "x-orrery-learning-subject";
pub const PRINCIPAL_HEADER: &str = "x-orrery-learning-principal";
pub const SECRET_HEADER: &str = "x-orrery-learning-proxy-secret";
/// `true` on a request to the control service from a verified human instructor
/// ([`InstructorClaim`]); never sent otherwise (a client's copy is stripped with the prefix).
pub const INSTRUCTOR_HEADER: &str = "x-orrery-learning-instructor";

/// The kind of principal a verified token names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Principal {
    Human,
    Delegated,
    Service,
    Unknown,
}

impl Principal {
    pub fn as_str(self) -> &'static str {
        match self {
            Principal::Human => "human",
            Principal::Delegated => "delegated",
            Principal::Service => "service",
            Principal::Unknown => "unknown",
        }
    }
}

/// Who is asking, from the payload `jwt_authn` verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub subject: String,
    pub principal: Principal,
    /// A `human` whose payload matches the configured [`InstructorClaim`].
    pub instructor: bool,
}

/// Longest subject accepted (a longer one is treated as no identity).
pub const MAX_SUBJECT_LEN: usize = 256;

/// Read the identity from the base64url JSON payload header. `None` when the header is not a
/// payload with a usable `sub` (then the request has no subject: default level, no hint).
/// `act` claim → delegated; `principal_kind: "service"` → service; `"human"` → human.
/// `instructor` is never set here: see [`identity_with_instructor`].
pub fn identity_from_payload(header: &str) -> Option<Identity> {
    identity_with_instructor(header, None)
}

/// As [`identity_from_payload`], and `instructor` set when `claim` is given, the payload
/// matches it and the principal is human (a delegated agent or a service is never an
/// instructor).
pub fn identity_with_instructor(header: &str, claim: Option<&InstructorClaim>) -> Option<Identity> {
    let bytes = base64url_decode(header.trim())?;
    let v: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    let sub = v.get("sub")?.as_str()?;
    if sub.is_empty() || sub.len() > MAX_SUBJECT_LEN || sub.chars().any(|c| c.is_control()) {
        return None;
    }
    let act = v.get("act").is_some_and(|a| !a.is_null());
    let kind = v.get("principal_kind").and_then(|k| k.as_str());
    let principal = if act {
        Principal::Delegated
    } else {
        match kind {
            Some("service") => Principal::Service,
            Some("human") => Principal::Human,
            _ => Principal::Unknown,
        }
    };
    let instructor = principal == Principal::Human && claim.is_some_and(|c| c.matches(&v));
    Some(Identity {
        subject: sub.to_string(),
        principal,
        instructor,
    })
}

/// base64url (or standard base64), padding optional.
fn base64url_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0u32;
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            b'=' => break,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// Shared-data keys (per `vm_id`, shared by the sync service and every worker).
pub mod keys {
    /// Small; read on every request: `<guard id>|<levels epoch>` (see [`super::Generation`]).
    pub const GENERATION: &str = "orrery_learning.generation";
    /// `<guard id>\n<GuardSet JSON>`.
    pub const GUARD: &str = "orrery_learning.guard";
    /// Prefix of per-subject level records: `orrery_learning.level.<subject>`.
    pub const LEVEL_PREFIX: &str = "orrery_learning.level.";
    /// Pending withheld events, one JSON object per line (appended with CAS, drained by the poller).
    pub const EVENTS: &str = "orrery_learning.events";
    /// `lease` mode: `<owner>|<expires_ms>`.
    pub const LEASE: &str = "orrery_learning.lease";
    /// Prefix of per-subject probe flags: `orrery_learning.probe.<subject>` (see
    /// [`super::ProbeRecord`]).
    pub const PROBE_PREFIX: &str = "orrery_learning.probe.";
}

/// Most pending event bytes kept in shared data; beyond it new events are dropped (and counted).
pub const MAX_PENDING_EVENT_BYTES: usize = 256 * 1024;

/// The generation record: which guard set is current, and which levels epoch is valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generation {
    /// `<control epoch>/<manifest_generation>`: changes exactly when the guard set does.
    pub guard_id: String,
    /// Changes on every full level resync (control restart, fresh poller): older records void.
    pub levels_epoch: String,
}

impl Generation {
    pub fn encode(&self) -> String {
        format!("{}|{}", self.guard_id, self.levels_epoch)
    }
    pub fn decode(s: &[u8]) -> Option<Generation> {
        let s = std::str::from_utf8(s).ok()?;
        let (g, l) = s.split_once('|')?;
        if g.is_empty() || l.is_empty() {
            return None;
        }
        Some(Generation {
            guard_id: g.into(),
            levels_epoch: l.into(),
        })
    }
}

/// The guard record: the guard id and the set it names.
pub fn encode_guard(guard_id: &str, set_json: &str) -> String {
    format!("{guard_id}\n{set_json}")
}

/// Split a guard record; the set is parsed by the caller.
pub fn decode_guard(bytes: &[u8]) -> Option<(&str, &[u8])> {
    let nl = bytes.iter().position(|b| *b == b'\n')?;
    let id = std::str::from_utf8(bytes.get(..nl)?).ok()?;
    Some((id, bytes.get(nl + 1..)?))
}

/// One subject's level: `<levels epoch>:<scenario_id>:<level>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelRecord {
    pub levels_epoch: String,
    pub scenario_id: String,
    pub level: u8,
}

impl LevelRecord {
    pub fn encode(&self) -> String {
        format!("{}:{}:{}", self.levels_epoch, self.scenario_id, self.level)
    }
    pub fn decode(s: &[u8]) -> Option<LevelRecord> {
        let s = std::str::from_utf8(s).ok()?;
        // The epoch has no ':'; the scenario id may; the level is last.
        let (epoch, rest) = s.split_once(':')?;
        let (scenario, level) = rest.rsplit_once(':')?;
        let level: u8 = level.parse().ok()?;
        if level > crate::MAX_LEVEL {
            return None;
        }
        Some(LevelRecord {
            levels_epoch: epoch.into(),
            scenario_id: scenario.into(),
            level,
        })
    }
    /// The level a turn runs at: the record's level only when it belongs to the current levels
    /// epoch and scenario; anything else (missing, stale, foreign, garbled) is the default.
    pub fn level_for(
        record: Option<&[u8]>,
        levels_epoch: &str,
        scenario_id: &str,
        default_disclosure: u8,
    ) -> u8 {
        let default = default_disclosure.min(crate::MAX_LEVEL);
        match record.and_then(LevelRecord::decode) {
            Some(r) if r.levels_epoch == levels_epoch && r.scenario_id == scenario_id => r.level,
            _ => default,
        }
    }
}

impl LevelRecord {
    /// Whether a hint's answer should be written over `existing`. Not when `existing` holds this
    /// level or a higher one for the scenario, in any levels epoch: in the current epoch the
    /// level is already there (the watch may bring a later hint first; a level never goes
    /// down), and a record of another epoch may belong to a resync the sync service is
    /// publishing right now, which overwriting would void. Skipping is fail-closed and brief:
    /// the watch answers at once when the poller is behind and brings the level.
    pub fn supersedes(&self, existing: Option<&[u8]>) -> bool {
        match existing.and_then(LevelRecord::decode) {
            Some(e) => e.scenario_id != self.scenario_id || e.level < self.level,
            None => true,
        }
    }
}

/// Two flag times closer than this are one flag seen twice (the control service flags a subject
/// at most once per probe window, at least a second).
pub const PROBE_SLACK_MS: u64 = 1_000;

/// When a subject was last flagged as a suspected probe on a scenario, in the filter's clock:
/// `<flagged_at_ms>:<scenario_id>`. Written by the sync service from the watch answer (the
/// control service sends the flag's age, so the two clocks need not agree); read by the filter
/// on model turns when a cool-down is configured. Flags outlive a levels resync on purpose: a
/// cool-down ends by its own time, and keeping one longer only withholds more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeRecord {
    pub scenario_id: String,
    pub flagged_at_ms: u64,
}

impl ProbeRecord {
    pub fn encode(&self) -> String {
        format!("{}:{}", self.flagged_at_ms, self.scenario_id)
    }
    pub fn decode(s: &[u8]) -> Option<ProbeRecord> {
        let s = std::str::from_utf8(s).ok()?;
        let (at, scenario) = s.split_once(':')?;
        if at.is_empty() || !at.bytes().all(|b| b.is_ascii_digit()) || scenario.is_empty() {
            return None;
        }
        Some(ProbeRecord {
            scenario_id: scenario.into(),
            flagged_at_ms: at.parse().ok()?,
        })
    }
    /// How long the cool-down of `record` still runs at `now_ms` on `scenario_id` (0: none). A
    /// missing, garbled or foreign record has none; a flag "in the future" (a clock step back)
    /// counts from now, so it never runs longer than `cooldown_ms`.
    pub fn cooldown_left_ms(
        record: Option<&[u8]>,
        scenario_id: &str,
        now_ms: u64,
        cooldown_ms: u64,
    ) -> u64 {
        match record.and_then(ProbeRecord::decode) {
            Some(r) if r.scenario_id == scenario_id && cooldown_ms > 0 => {
                let at = r.flagged_at_ms.min(now_ms);
                (at.saturating_add(cooldown_ms)).saturating_sub(now_ms)
            }
            _ => 0,
        }
    }
    /// Whether this flag should be written over `existing`: a later flag of the same scenario
    /// (or any flag over another scenario's or a garbled record) replaces it; the same flag seen
    /// again (a resync: its time, rebuilt from its age, moves by the transit time, so anything
    /// within [`PROBE_SLACK_MS`] is the same flag) or an earlier one does not.
    pub fn supersedes(&self, existing: Option<&[u8]>) -> bool {
        match existing.and_then(ProbeRecord::decode) {
            Some(e) => {
                e.scenario_id != self.scenario_id
                    || e.flagged_at_ms.saturating_add(PROBE_SLACK_MS) < self.flagged_at_ms
            }
            None => true,
        }
    }
}

/// The learning block's `can_take_hint`: a human principal below the top level.
pub fn can_take_hint(level: u8, principal: Option<Principal>) -> bool {
    level < crate::MAX_LEVEL && principal == Some(Principal::Human)
}

/// The watch API's `200` body (docs/api.md).
#[derive(Debug, Clone, Deserialize)]
pub struct WatchResponse {
    pub epoch: String,
    pub manifest_generation: u64,
    pub guard: Option<GuardSet>,
    pub level_seq: u64,
    pub levels: WatchLevels,
    /// The probe-flag cursor (absent from a control service without probe detection).
    #[serde(default)]
    pub probe_seq: Option<u64>,
    #[serde(default)]
    pub probes: Option<WatchProbes>,
}

/// Probe flags in a watch answer: the flags after the caller's `probe_seq`, or (`full`) every
/// flag of the current scenario younger than [`MAX_COOLDOWN_SECONDS`].
#[derive(Debug, Clone, Deserialize)]
pub struct WatchProbes {
    pub full: bool,
    pub entries: Vec<WatchProbe>,
}

/// One flag: who, on which scenario, and how long ago (by the control service's clock).
#[derive(Debug, Clone, Deserialize)]
pub struct WatchProbe {
    pub subject: String,
    pub scenario_id: String,
    pub age_ms: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WatchLevels {
    pub full: bool,
    pub entries: Vec<WatchLevel>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WatchLevel {
    pub subject: String,
    pub scenario_id: String,
    pub level: u8,
}

/// The hint endpoint's `200` body.
#[derive(Debug, Clone, Deserialize)]
pub struct HintResponse {
    pub scenario_id: String,
    pub level: u8,
}

/// The `/v1/watch` path and query for what the poller knows.
pub fn watch_path(
    epoch: Option<&str>,
    manifest_generation: Option<u64>,
    level_seq: Option<u64>,
    probe_seq: Option<u64>,
    timeout_ms: u64,
) -> String {
    let mut p = format!("/v1/watch?timeout_ms={timeout_ms}");
    if let Some(e) = epoch {
        p.push_str("&epoch=");
        for b in e.bytes() {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
                p.push(b as char);
            } else {
                p.push_str(&format!("%{b:02X}"));
            }
        }
    }
    if let Some(g) = manifest_generation {
        p.push_str(&format!("&manifest_generation={g}"));
    }
    if let Some(s) = level_seq {
        p.push_str(&format!("&level_seq={s}"));
    }
    if let Some(s) = probe_seq {
        p.push_str(&format!("&probe_seq={s}"));
    }
    p
}

/// One withheld-answer event line for `POST /v1/events` (ids and names only, never a value).
pub fn event_line(subject: &str, scenario_id: &str, target_id: &str, surface: &str) -> String {
    serde_json::json!({
        "event": "learning_answer_withheld",
        "subject": subject,
        "scenario_id": scenario_id,
        "target_id": target_id,
        "surface": surface,
    })
    .to_string()
}

/// One withheld-reply event line: a model turn's reply ([`is_model_turn`]) had at least one
/// target withheld. Sent once per response, however many targets or stream chunks it withheld;
/// the control service counts these for probe detection. Ids and names only.
pub fn reply_event_line(subject: &str, scenario_id: &str, surface: &str) -> String {
    serde_json::json!({
        "event": "learning_reply_withheld",
        "subject": subject,
        "scenario_id": scenario_id,
        "surface": surface,
    })
    .to_string()
}

/// The `POST /v1/events` body from pending lines (lines that are not JSON objects are skipped).
pub fn events_body(pending: &[u8]) -> Option<(String, usize)> {
    let mut events = Vec::new();
    for line in pending.split(|b| *b == b'\n') {
        if let Ok(v @ serde_json::Value::Object(_)) = serde_json::from_slice(line) {
            events.push(v);
        }
    }
    if events.is_empty() {
        return None;
    }
    let n = events.len();
    Some((serde_json::json!({ "events": events }).to_string(), n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surfaces::Surface::*;

    fn cfg_json(extra: &str) -> String {
        format!(
            r#"{{"role":"filter","control":{{"cluster":"learning_control","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET"}}{extra}}}"#
        )
    }

    #[test]
    fn minimal_config_parses_with_defaults() {
        let c = FilterConfig::parse(cfg_json("").as_bytes()).unwrap();
        assert_eq!(c.role, Role::Filter);
        assert_eq!(c.sync, SyncMode::Singleton);
        assert_eq!(c.control.authority, "learning-control");
        assert_eq!(c.identity.payload_header, "x-orrery-jwt-payload");
        assert_eq!(c.limits.max_body_bytes, 1 << 20);
        assert_eq!(c.routes, RoutePolicy::default());
    }

    #[test]
    fn bad_configs_are_refused_naming_the_problem_not_the_secret() {
        let secret = "0123456789abcdef";
        let cases: &[(&str, &str)] = &[
            ("", "empty"),
            ("   ", "empty"),
            ("{", "not valid JSON"),
            (r#"{"role":"filter"}"#, "missing field `control`"),
            (
                r#"{"control":{"cluster":"c","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET"}}"#,
                "missing field `role`",
            ),
            (
                r#"{"role":"router","control":{"cluster":"c","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET"}}"#,
                "unknown variant",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c","proxy_secret":"0123456789abcdef"}}"#,
                "control.proxy_secret must not be inline",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET","proxy_secret":"0123456789abcdef"}}"#,
                "control.proxy_secret must not be inline",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c"}}"#,
                "control.proxy_secret_env is required",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c","proxy_secret_env":"1-SECRET"}}"#,
                "not an environment variable name",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET"}}"#,
                "control.cluster is empty",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET","extra":1}}"#,
                "unknown field `extra`",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET"},"limits":{"max_body_bytes":10}}"#,
                "max_body_bytes",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET"},"routes":{"chat":"/x/../chat"}}"#,
                "routes.chat",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET"},"identity":{"payload_header":"x-orrery-learning-subject"}}"#,
                "payload_header",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET","tick_ms":1000,"lease_ms":1500}}"#,
                "lease_ms",
            ),
            (
                r#"{"role":"filter","control":{"cluster":"c","proxy_secret_env":12}}"#,
                "invalid type",
            ),
        ];
        for (json, want) in cases {
            let err = FilterConfig::parse(json.as_bytes()).unwrap_err().0;
            assert!(err.contains(want), "{json}: {err}");
            assert!(!err.contains(secret), "{json}: secret in {err}");
        }
    }

    #[test]
    fn the_proxy_secret_comes_from_the_environment_only() {
        let mut c = FilterConfig::parse(cfg_json("").as_bytes()).unwrap();
        assert_eq!(c.control.proxy_secret_env, "ORRERY_LEARNING_PROXY_SECRET");
        assert_eq!(c.control.proxy_secret.as_str(), "");
        for bad in ["tiny", "0123456789 abcdef", "0123456789abcdef\n"] {
            let e = c.control.set_proxy_secret(bad.into()).unwrap_err().0;
            assert!(e.contains("ORRERY_LEARNING_PROXY_SECRET"), "{e}");
            assert!(!e.contains(bad.trim()), "{e}");
        }
        c.control
            .set_proxy_secret("0123456789abcdef".into())
            .unwrap();
        assert_eq!(c.control.proxy_secret.as_str(), "0123456789abcdef");
        // No derived Debug of the configuration prints it.
        assert!(!format!("{c:?}").contains("0123456789abcdef"));
    }

    #[test]
    fn a_secret_in_a_wrong_typed_place_is_not_echoed() {
        // serde would quote a string given where a number is expected.
        let json = r#"{"role":"filter","control":{"cluster":"c","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET","tick_ms":"s3cr3t-v4lue"}}"#;
        let err = FilterConfig::parse(json.as_bytes()).unwrap_err().0;
        assert!(!err.contains("s3cr3t"), "{err}");
    }

    #[test]
    fn route_table() {
        let p = RoutePolicy::default();
        let g = Route::Guarded;
        let cases: &[(&str, &str, Route)] = &[
            ("POST", "/chat", g(Chat)),
            ("POST", "/chat?stream=0", g(Chat)),
            ("POST", "/chat#x", g(Chat)),
            ("POST", "/chat/stream", Route::ChatStream),
            ("POST", "/chat/stream?x=1", Route::ChatStream),
            ("GET", "/chat", g(Other)),
            ("GET", "/chat/stream", g(Other)),
            ("POST", "/chat/", g(Other)),
            ("POST", "/CHAT", g(Other)),
            ("POST", "//chat", g(Other)),
            ("POST", "/x/../chat", g(Other)),
            ("POST", "/chat%2fstream", g(Other)),
            ("POST", "/chat%2Fstream", g(Other)),
            ("POST", "/./chat", g(Other)),
            ("POST", "/chat\\stream", g(Other)),
            ("GET", "/session/abc", g(Transcript)),
            ("GET", "/session/abc-123_x", g(Transcript)),
            ("GET", "/session/abc?full=1", g(Transcript)),
            ("GET", "/session/abc/", g(Other)),
            ("GET", "/session/", g(Other)),
            ("GET", "/session//triage", g(Other)),
            ("GET", "/session/abc/triage", g(Triage)),
            ("GET", "/session/abc/triage/", g(Other)),
            ("GET", "/session/abc/TRIAGE", g(Other)),
            ("GET", "/session/abc/activity", g(Activity)),
            ("GET", "/session/abc%2Factivity", g(Other)),
            ("GET", "/session/a/b/activity", g(Other)),
            ("GET", "/session/../activity", g(Other)),
            ("DELETE", "/session/abc", g(Other)),
            ("GET", "/sessions", g(Sessions)),
            ("GET", "/sessions/", g(Other)),
            ("GET", "/confirmations/pending", g(Confirmations)),
            ("POST", "/confirmations/pending", g(Other)),
            ("GET", "/me", g(Me)),
            ("GET", "/me?x", g(Me)),
            ("GET", "/Me", g(Other)),
            ("GET", "/healthz", Route::Health),
            ("HEAD", "/healthz", Route::Health),
            ("GET", "/readyz", Route::Health),
            ("GET", "/healthz/", g(Other)),
            ("POST", "/healthz", g(Other)),
            ("GET", "/", Route::Page),
            ("GET", "", g(Other)),
            ("GET", "*", g(Other)),
            ("GET", "/index.html", g(Other)),
            ("GET", "/admin", Route::Deny(DenyReason::Admin)),
            ("GET", "/admin/users", Route::Deny(DenyReason::Admin)),
            ("GET", "/ADMIN", Route::Deny(DenyReason::Admin)),
            ("GET", "/Admin/x", Route::Deny(DenyReason::Admin)),
            ("GET", "//admin", Route::Deny(DenyReason::Admin)),
            ("GET", "/x/../admin", Route::Deny(DenyReason::Admin)),
            ("GET", "/%61dmin", Route::Deny(DenyReason::Admin)),
            ("GET", "/%2561dmin", Route::Deny(DenyReason::Admin)),
            (
                "GET",
                "/chat/..%2f..%2fadmin",
                Route::Deny(DenyReason::Admin),
            ),
            ("GET", "\\admin", Route::Deny(DenyReason::Admin)),
            ("GET", "/api/admin/x", Route::Deny(DenyReason::Admin)),
            ("POST", "/studio/agents", Route::Deny(DenyReason::Studio)),
            ("GET", "/STUDIO", Route::Deny(DenyReason::Studio)),
            ("GET", "/api/studio", Route::Deny(DenyReason::Studio)),
            ("POST", "/learning/hint", Route::Hint),
            ("POST", "/learning/hint?x=1", Route::Hint),
            (
                "GET",
                "/learning/hint",
                Route::Deny(DenyReason::LearningNotFound),
            ),
            (
                "POST",
                "/learning/hint/",
                Route::Deny(DenyReason::LearningNotFound),
            ),
            (
                "POST",
                "/learning//hint",
                Route::Deny(DenyReason::LearningNotFound),
            ),
            (
                "POST",
                "/LEARNING/hint",
                Route::Deny(DenyReason::LearningNotFound),
            ),
            (
                "POST",
                "/learning/%68int",
                Route::Deny(DenyReason::LearningNotFound),
            ),
            ("GET", "/learning/console.js", Route::LearningAsset),
            ("GET", "/learning/", Route::LearningAsset),
            (
                "GET",
                "/learning",
                Route::Deny(DenyReason::LearningNotFound),
            ),
            (
                "GET",
                "/learning/v1/watch",
                Route::Deny(DenyReason::LearningNotFound),
            ),
            (
                "POST",
                "/learning/v1/events",
                Route::Deny(DenyReason::LearningNotFound),
            ),
            (
                "GET",
                "/learning/metrics",
                Route::Deny(DenyReason::LearningNotFound),
            ),
            ("GET", "/learning/../v1/watch", g(Other)),
        ];
        for (m, path, want) in cases {
            assert_eq!(p.classify(m, path), *want, "{m} {path}");
        }
    }

    #[test]
    fn console_pages_table() {
        let p = RoutePolicy::default();
        let g = Route::Guarded;
        let cases: &[(&str, &str, Route)] = &[
            ("GET", "/", Route::Page),
            ("HEAD", "/", Route::Page),
            ("GET", "/console", Route::Page),
            ("HEAD", "/console", Route::Page),
            ("GET", "/?x=1", Route::Page),
            ("GET", "/console?say=hello", Route::Page),
            ("GET", "/console#top", Route::Page),
            // Not plain, another case, another method: not a page, so not public.
            ("GET", "/console/", g(Other)),
            ("GET", "/Console", g(Other)),
            ("GET", "/CONSOLE", g(Other)),
            ("GET", "//console", g(Other)),
            ("GET", "/x/../console", g(Other)),
            ("GET", "/%63onsole", g(Other)),
            ("GET", "/console%2f", g(Other)),
            ("GET", "/./console", g(Other)),
            ("GET", "\\console", g(Other)),
            ("GET", "/console/x", g(Other)),
            ("GET", "/consolex", g(Other)),
            ("GET", "", g(Other)),
            ("GET", "//", g(Other)),
            ("POST", "/console", g(Other)),
            ("POST", "/", g(Other)),
            ("PUT", "/console", g(Other)),
            ("DELETE", "/", g(Other)),
            ("OPTIONS", "/console", g(Other)),
            ("get", "/console", g(Other)),
        ];
        for (m, path, want) in cases {
            assert_eq!(p.classify(m, path), *want, "{m} {path}");
        }
    }

    #[test]
    fn public_routes_are_the_token_free_ones() {
        use DenyReason::*;
        let public = [Route::Health, Route::LearningAsset, Route::Page];
        let private = [
            Route::Guarded(Chat),
            Route::Guarded(Other),
            Route::Guarded(Me),
            Route::ChatStream,
            Route::Hint,
            Route::Report,
            Route::Deny(Admin),
            Route::Deny(Unknown),
            Route::Deny(LearningNotFound),
        ];
        for r in public {
            assert!(r.is_public(), "{r:?}");
        }
        for r in private {
            assert!(!r.is_public(), "{r:?}");
        }
        // Every default exempt path classifies to a public route for GET, and to a non-public
        // one for POST (jwt_authn exempts the path whatever the method: the filter must not
        // take an identity there either way, and a POST there is guarded as Other).
        let p = RoutePolicy::default();
        for path in p
            .health
            .iter()
            .chain(&p.learning_assets)
            .chain(&p.console_pages)
        {
            assert!(p.classify("GET", path).is_public(), "{path}");
        }
    }

    #[test]
    fn identity_is_read_only_where_a_token_was_verified() {
        let p = RoutePolicy::default();
        let reads = |m: &str, path: &str| p.reads_identity(p.classify(m, path), path);
        for (m, path) in [
            ("GET", "/"),
            ("GET", "/console"),
            ("HEAD", "/console"),
            ("GET", "/console?say=x"),
            ("POST", "/console"),
            ("PUT", "/"),
            ("GET", "/Console"),
            ("GET", "/%63onsole"),
            ("GET", "//console"),
            ("GET", "/healthz"),
            ("POST", "/healthz"),
            ("GET", "/readyz?x=1"),
            ("GET", "/learning/console.js"),
            ("GET", "/learning/"),
            ("POST", "/learning/"),
        ] {
            assert!(!reads(m, path), "{m} {path}");
        }
        for (m, path) in [
            ("POST", "/chat"),
            ("POST", "/chat/stream"),
            ("GET", "/me"),
            ("GET", "/sessions"),
            ("GET", "/session/abc"),
            ("POST", "/learning/hint"),
            ("GET", "/console/"),
            ("GET", "/console/x"),
            ("GET", "/unlisted/echo"),
        ] {
            assert!(reads(m, path), "{m} {path}");
        }
    }

    #[test]
    fn console_pages_config_is_checked() {
        let ok = cfg_json(r#","routes":{"console_pages":["/ui","/ui/console"]}"#);
        let c = FilterConfig::parse(ok.as_bytes()).unwrap();
        assert_eq!(c.routes.classify("GET", "/ui/console"), Route::Page);
        assert_eq!(c.routes.classify("GET", "/console"), Route::Guarded(Other));
        let none = cfg_json(r#","routes":{"console_pages":[]}"#);
        let c = FilterConfig::parse(none.as_bytes()).unwrap();
        assert_eq!(c.routes.classify("GET", "/"), Route::Guarded(Other));
        for bad in [
            "\"console\"",
            "\"/console/../x\"",
            "\"//console\"",
            "\"/console?x=1\"",
            "\"/c%6fnsole\"",
            "\"/chat\"",
            "\"/me\"",
            "\"/sessions\"",
            "\"/session/x\"",
            "\"/healthz\"",
            "\"/learning/\"",
            "\"/learning\"",
            "\"/learning/x\"",
            "\"/admin\"",
            "\"/Admin/page\"",
            "\"/studio\"",
        ] {
            let json = cfg_json(&format!(r#","routes":{{"console_pages":[{bad}]}}"#));
            let err = FilterConfig::parse(json.as_bytes()).unwrap_err();
            assert!(err.0.contains("routes.console_pages"), "{bad}: {}", err.0);
        }
    }

    #[test]
    fn unknown_routes_can_be_denied() {
        let p = RoutePolicy {
            unknown: UnknownRoutes::Deny,
            ..RoutePolicy::default()
        };
        assert_eq!(
            p.classify("GET", "/whatever"),
            Route::Deny(DenyReason::Unknown)
        );
        assert_eq!(
            p.classify("POST", "/chat/"),
            Route::Deny(DenyReason::Unknown)
        );
        assert_eq!(p.classify("POST", "/chat"), Route::Guarded(Chat));
    }

    #[test]
    fn configured_paths_are_used() {
        let json = cfg_json(r#","routes":{"chat":"/api/chat","session_prefix":"/api/session/"}"#);
        let c = FilterConfig::parse(json.as_bytes()).unwrap();
        assert_eq!(c.routes.classify("POST", "/api/chat"), Route::Guarded(Chat));
        assert_eq!(c.routes.classify("POST", "/chat"), Route::Guarded(Other));
        assert_eq!(
            c.routes.classify("GET", "/api/session/x/triage"),
            Route::Guarded(Triage)
        );
    }

    #[test]
    fn a_hint_record_never_lowers_a_level_nor_voids_a_resync() {
        let rec = |e: &str, sc: &str, l: u8| LevelRecord {
            levels_epoch: e.into(),
            scenario_id: sc.into(),
            level: l,
        };
        let hint = rec("e1", "s", 2);
        let enc = |r: LevelRecord| r.encode().into_bytes();
        assert!(hint.supersedes(None));
        assert!(hint.supersedes(Some(b"garbled")));
        assert!(hint.supersedes(Some(&enc(rec("e1", "s", 1)))));
        assert!(!hint.supersedes(Some(&enc(rec("e1", "s", 2)))));
        assert!(!hint.supersedes(Some(&enc(rec("e1", "s", 3)))));
        // A record of another scenario is void: replaced. One of another epoch with a level at
        // least as high may be a resync being published: left for the watch.
        assert!(hint.supersedes(Some(&enc(rec("e1", "other", 3)))));
        assert!(hint.supersedes(Some(&enc(rec("e0", "s", 1)))));
        assert!(!hint.supersedes(Some(&enc(rec("e2", "s", 2)))));
    }

    // proptest is a native-only dev-dependency; the table tests above also run in wasm.
    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// No spelling of an admin path escapes the deny list, and no path with a `..`, `//`,
        /// `%` or backslash is classified as a named surface.
        #[test]
        fn odd_paths_fail_closed(prefix in "[a-z/.%\\\\]{0,6}", tail in "[a-zA-Z0-9/.%]{0,8}") {
            let p = RoutePolicy::default();
            let path = format!("/{prefix}{tail}");
            match p.classify("GET", &path) {
                Route::Guarded(s) if s != Other => {
                    proptest::prop_assert_eq!(canonical(path.split(['?', '#']).next().unwrap()), path.split(['?', '#']).next().unwrap());
                }
                Route::Health | Route::ChatStream | Route::Hint | Route::LearningAsset | Route::Page => {
                    let raw = path.split(['?', '#']).next().unwrap();
                    proptest::prop_assert_eq!(canonical(raw), raw);
                }
                _ => {}
            }
        }

        /// Every spelling of an admin path is denied: dot segments, escapes, backslashes,
        /// doubled slashes, any letter case, any suffix.
        #[test]
        fn admin_spellings_are_denied(junk in "[a-z]{1,5}", tail in "[a-zA-Z0-9/]{0,8}", upper in proptest::collection::vec(proptest::bool::ANY, 5)) {
            let p = RoutePolicy::default();
            let admin: String = "admin".chars().zip(upper.iter()).map(|(c, u)| if *u { c.to_ascii_uppercase() } else { c }).collect();
            for path in [
                format!("/{admin}{tail}"),
                format!("//{admin}{tail}"),
                format!("/{junk}/../{admin}{tail}"),
                format!("/{junk}/..%2f{admin}{tail}"),
                format!("/{junk}%2F%2E%2E%2F{admin}{tail}"),
                format!("/{junk}\\..\\{admin}{tail}"),
                format!("/%61dmin{tail}"),
                format!("/./{admin}{tail}?q=1"),
            ] {
                proptest::prop_assert_eq!(p.classify("GET", &path), Route::Deny(DenyReason::Admin), "{}", path);
            }
        }
    }

    #[test]
    fn canonical_table() {
        for (raw, want) in [
            ("/chat", "/chat"),
            ("/a//b", "/a/b"),
            ("/a/./b", "/a/b"),
            ("/a/../b", "/b"),
            ("/../../b", "/b"),
            ("/a/", "/a/"),
            ("/", "/"),
            ("", "/"),
            ("/%2e%2e/x", "/x"),
            ("/a%2Fb", "/a/b"),
            ("/a%00b", "/a%00b"),
            ("/a%zzb", "/a%zzb"),
            ("/\u{e9}", "/\u{e9}"),
        ] {
            assert_eq!(canonical(raw), want, "{raw}");
        }
    }

    #[test]
    fn upgrade_detection() {
        assert!(is_upgrade("GET", Some("Upgrade"), Some("websocket")));
        assert!(is_upgrade("GET", Some("keep-alive, upgrade"), None));
        assert!(is_upgrade("GET", None, Some("h2c")));
        assert!(is_upgrade("CONNECT", None, None));
        assert!(!is_upgrade("GET", Some("keep-alive"), None));
        assert!(!is_upgrade("POST", None, Some("  ")));
    }

    fn b64(json: &str) -> String {
        // Minimal base64url encoder for the tests.
        const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let b = json.as_bytes();
        let mut out = String::new();
        for chunk in b.chunks(3) {
            let n = chunk.iter().fold(0u32, |a, x| (a << 8) | *x as u32) << (8 * (3 - chunk.len()));
            for i in 0..=chunk.len() {
                out.push(A[((n >> (18 - 6 * i)) & 63) as usize] as char);
            }
        }
        out
    }

    #[test]
    fn identity_table() {
        let cases: &[(&str, Option<(&str, Principal)>)] = &[
            (
                r#"{"sub":"alice","principal_kind":"human"}"#,
                Some(("alice", Principal::Human)),
            ),
            (
                r#"{"sub":"alice","principal_kind":"human","act":{"sub":"bot"}}"#,
                Some(("alice", Principal::Delegated)),
            ),
            (
                r#"{"sub":"alice","act":{"sub":"bot"}}"#,
                Some(("alice", Principal::Delegated)),
            ),
            (
                r#"{"sub":"alice","act":null,"principal_kind":"human"}"#,
                Some(("alice", Principal::Human)),
            ),
            (
                r#"{"sub":"svc","principal_kind":"service"}"#,
                Some(("svc", Principal::Service)),
            ),
            (r#"{"sub":"alice"}"#, Some(("alice", Principal::Unknown))),
            (
                r#"{"sub":"alice","principal_kind":"HUMAN"}"#,
                Some(("alice", Principal::Unknown)),
            ),
            (
                r#"{"sub":"alice","principal_kind":7}"#,
                Some(("alice", Principal::Unknown)),
            ),
            (r#"{"sub":""}"#, None),
            (r#"{"sub":7}"#, None),
            (r#"{"principal_kind":"human"}"#, None),
            (r#"{"sub":"a\nb","principal_kind":"human"}"#, None),
            ("[]", None),
            ("not json", None),
        ];
        for (json, want) in cases {
            let got = identity_from_payload(&b64(json));
            let want = want.map(|(s, p)| Identity {
                subject: s.into(),
                principal: p,
                instructor: false,
            });
            assert_eq!(got, want, "{json}");
        }
        assert_eq!(identity_from_payload("!!!"), None);
        let long = format!(
            r#"{{"sub":"{}","principal_kind":"human"}}"#,
            "a".repeat(300)
        );
        assert_eq!(identity_from_payload(&b64(&long)), None);
        // Padded standard base64 is accepted too.
        let padded = "eyJzdWIiOiJhIn0="; // {"sub":"a"}
        assert_eq!(identity_from_payload(padded).unwrap().subject, "a");
    }

    #[test]
    fn level_records() {
        let r = LevelRecord {
            levels_epoch: "e1.3".into(),
            scenario_id: "kafka:lag".into(),
            level: 2,
        };
        let enc = r.encode();
        assert_eq!(LevelRecord::decode(enc.as_bytes()), Some(r.clone()));
        let lv = |rec: Option<&str>, ep: &str, sc: &str| {
            LevelRecord::level_for(rec.map(str::as_bytes), ep, sc, 1)
        };
        assert_eq!(lv(Some(&enc), "e1.3", "kafka:lag"), 2);
        assert_eq!(lv(Some(&enc), "e1.4", "kafka:lag"), 1, "other epoch");
        assert_eq!(lv(Some(&enc), "e1.3", "other"), 1, "foreign scenario");
        assert_eq!(lv(None, "e1.3", "kafka:lag"), 1, "missing");
        assert_eq!(
            lv(Some("e1.3:kafka:lag:9"), "e1.3", "kafka:lag"),
            1,
            "out of range"
        );
        assert_eq!(lv(Some("garbage"), "e1.3", "kafka:lag"), 1);
        assert_eq!(LevelRecord::level_for(None, "e", "s", 7), 3);
    }

    #[test]
    fn generation_and_guard_records() {
        let g = Generation {
            guard_id: "ep/3".into(),
            levels_epoch: "ep.1".into(),
        };
        assert_eq!(Generation::decode(g.encode().as_bytes()), Some(g));
        assert_eq!(Generation::decode(b"x"), None);
        assert_eq!(Generation::decode(b"|y"), None);
        let rec = encode_guard("ep/3", "{\"a\":1}");
        let (id, set) = decode_guard(rec.as_bytes()).unwrap();
        assert_eq!(id, "ep/3");
        assert_eq!(set, b"{\"a\":1}");
        assert_eq!(decode_guard(b"nolf"), None);
    }

    #[test]
    fn hint_permission() {
        assert!(can_take_hint(0, Some(Principal::Human)));
        assert!(can_take_hint(2, Some(Principal::Human)));
        assert!(!can_take_hint(3, Some(Principal::Human)));
        assert!(!can_take_hint(0, Some(Principal::Delegated)));
        assert!(!can_take_hint(0, Some(Principal::Service)));
        assert!(!can_take_hint(0, Some(Principal::Unknown)));
        assert!(!can_take_hint(0, None));
    }

    #[test]
    fn watch_path_and_response() {
        assert_eq!(
            watch_path(None, None, None, None, 100),
            "/v1/watch?timeout_ms=100"
        );
        assert_eq!(
            watch_path(Some("a b&c"), Some(3), Some(41), None, 25000),
            "/v1/watch?timeout_ms=25000&epoch=a%20b%26c&manifest_generation=3&level_seq=41"
        );
        assert_eq!(
            watch_path(Some("e"), Some(3), Some(41), Some(7), 25000),
            "/v1/watch?timeout_ms=25000&epoch=e&manifest_generation=3&level_seq=41&probe_seq=7"
        );
        let body = r#"{"epoch":"7c1e","manifest_generation":3,"guard":null,"level_seq":41,
            "levels":{"full":false,"entries":[{"subject":"alice","scenario_id":"k","level":2}]}}"#;
        let w: WatchResponse = serde_json::from_str(body).unwrap();
        assert_eq!(w.levels.entries.len(), 1);
        assert!(w.guard.is_none());
        // Without probe detection (an older control service) the probe fields are absent.
        assert!(w.probe_seq.is_none() && w.probes.is_none());
        let body = r#"{"epoch":"7c1e","manifest_generation":3,"guard":null,"level_seq":41,
            "levels":{"full":false,"entries":[]},"probe_seq":2,
            "probes":{"full":true,"entries":[{"subject":"alice","scenario_id":"k","age_ms":1500}]}}"#;
        let w: WatchResponse = serde_json::from_str(body).unwrap();
        assert_eq!(w.probe_seq, Some(2));
        let p = w.probes.unwrap();
        assert!(p.full);
        assert_eq!(p.entries[0].age_ms, 1500);
    }

    #[test]
    fn probe_config_defaults_off_and_is_bounded() {
        let c = FilterConfig::parse(cfg_json("").as_bytes()).unwrap();
        assert_eq!(c.probe.cooldown_seconds, 0);
        let c = FilterConfig::parse(cfg_json(r#","probe":{"cooldown_seconds":120}"#).as_bytes())
            .unwrap();
        assert_eq!(c.probe.cooldown_seconds, 120);
        for (extra, want) in [
            (
                r#","probe":{"cooldown_seconds":86401}"#,
                "probe.cooldown_seconds",
            ),
            (r#","probe":{"cooldown_seconds":-1}"#, "invalid value"),
            (r#","probe":{"cooldown":5}"#, "unknown field `cooldown`"),
        ] {
            let err = FilterConfig::parse(cfg_json(extra).as_bytes())
                .unwrap_err()
                .0;
            assert!(err.contains(want), "{extra}: {err}");
        }
    }

    #[test]
    fn oracle_config_defaults_to_the_matcher_and_is_bounded() {
        let c = FilterConfig::parse(cfg_json("").as_bytes()).unwrap();
        assert_eq!(c.oracle.rules(), Rules::DEFAULT);
        let c = FilterConfig::parse(
            cfg_json(r#","oracle":{"candidate_band":0.2,"min_candidates":4}"#).as_bytes(),
        )
        .unwrap();
        assert_eq!(
            (
                c.oracle.rules().candidate_band,
                c.oracle.rules().min_candidates
            ),
            (0.2, 4)
        );
        let off =
            FilterConfig::parse(cfg_json(r#","oracle":{"min_candidates":0}"#).as_bytes()).unwrap();
        assert_eq!(off.oracle.rules().min_candidates, 0);
        for (extra, want) in [
            (
                r#","oracle":{"candidate_band":0.6}"#,
                "oracle.candidate_band",
            ),
            (
                r#","oracle":{"candidate_band":-0.1}"#,
                "oracle.candidate_band",
            ),
            (
                r#","oracle":{"min_candidates":65}"#,
                "oracle.min_candidates",
            ),
            (r#","oracle":{"band":0.1}"#, "unknown field `band`"),
        ] {
            let err = FilterConfig::parse(cfg_json(extra).as_bytes())
                .unwrap_err()
                .0;
            assert!(err.contains(want), "{extra}: {err}");
        }
    }

    #[test]
    fn model_turns_are_the_replies_a_learner_shapes() {
        let p = RoutePolicy::default();
        for (m, path, want) in [
            ("POST", "/chat", true),
            ("POST", "/chat/stream", true),
            ("POST", "/chat/v2", true),
            ("PUT", "/unlisted", true),
            ("GET", "/session/abc", false),
            ("GET", "/sessions", false),
            ("GET", "/me", false),
            ("GET", "/unlisted", false),
            ("HEAD", "/unlisted", false),
            ("GET", "/session/abc/triage", false),
            ("GET", "/", false),
            ("POST", "/learning/hint", false),
            ("GET", "/healthz", false),
            ("POST", "/admin/x", false),
        ] {
            assert_eq!(is_model_turn(p.classify(m, path), m), want, "{m} {path}");
        }
    }

    #[test]
    fn probe_records_time_out_stay_scenario_bound_and_only_move_forward() {
        let rec = ProbeRecord {
            scenario_id: "kafka:lag".into(),
            flagged_at_ms: 1_000_000,
        };
        let enc = rec.encode();
        assert_eq!(enc, "1000000:kafka:lag");
        assert_eq!(ProbeRecord::decode(enc.as_bytes()), Some(rec.clone()));
        for bad in ["", ":s", "12:", "x1:s", "-1:s", "1.5:s"] {
            assert_eq!(ProbeRecord::decode(bad.as_bytes()), None, "{bad}");
        }
        let left = |r: Option<&str>, sc: &str, now: u64, cd: u64| {
            ProbeRecord::cooldown_left_ms(r.map(str::as_bytes), sc, now, cd)
        };
        assert_eq!(left(Some(&enc), "kafka:lag", 1_000_000, 60_000), 60_000);
        assert_eq!(left(Some(&enc), "kafka:lag", 1_059_999, 60_000), 1);
        assert_eq!(left(Some(&enc), "kafka:lag", 1_060_000, 60_000), 0);
        assert_eq!(left(Some(&enc), "other", 1_000_001, 60_000), 0, "foreign");
        assert_eq!(left(Some(&enc), "kafka:lag", 1_000_001, 0), 0, "off");
        assert_eq!(left(None, "kafka:lag", 1_000_001, 60_000), 0, "missing");
        assert_eq!(left(Some("garbage"), "kafka:lag", 1, 60_000), 0);
        // A flag stamped after "now" (the clock stepped back) lasts one cool-down from now.
        assert_eq!(left(Some(&enc), "kafka:lag", 10, 60_000), 60_000);
        let later = ProbeRecord {
            flagged_at_ms: 2_000_000,
            ..rec.clone()
        };
        assert!(rec.supersedes(None));
        assert!(rec.supersedes(Some(b"garbage")));
        assert!(later.supersedes(Some(enc.as_bytes())));
        assert!(!rec.supersedes(Some(later.encode().as_bytes())));
        assert!(!rec.supersedes(Some(enc.as_bytes())), "the same flag again");
        let resent = ProbeRecord {
            flagged_at_ms: 1_000_400,
            ..rec.clone()
        };
        assert!(
            !resent.supersedes(Some(enc.as_bytes())),
            "the same flag, later transit"
        );
        let other = ProbeRecord {
            scenario_id: "new".into(),
            flagged_at_ms: 1,
        };
        assert!(other.supersedes(Some(later.encode().as_bytes())));
    }

    #[test]
    fn cooldown_replies_are_fixed_and_follow_the_configured_shapes() {
        assert!(!replies::COOLDOWN_TEXT.bytes().any(|b| b.is_ascii_digit()));
        assert!(replies::COOLDOWN_TEXT.contains("cool-down"));
        let c = FilterConfig::parse(cfg_json("").as_bytes()).unwrap();
        let chat: serde_json::Value = serde_json::from_str(&c.cooldown_chat_body()).unwrap();
        assert_eq!(
            chat,
            serde_json::json!({"response": replies::COOLDOWN_TEXT})
        );
        let sse = c.cooldown_stream_body();
        let frames: Vec<&str> = sse.split("\n\n").filter(|f| !f.is_empty()).collect();
        assert_eq!(frames.len(), 2, "{sse}");
        let data = frames[0].strip_prefix("event: message\ndata: ").unwrap();
        let v: serde_json::Value = serde_json::from_str(data).unwrap();
        assert_eq!(v["response"], replies::COOLDOWN_TEXT);
        assert_eq!(frames[1], "event: end\ndata: {}");
        assert!(sse.ends_with("\n\n"));
        let c = FilterConfig::parse(
            cfg_json(r#","surfaces":{"chat_reply_field":"answer"},"stream":{"message_events":["final"],"end_events":["done"],"message_reply_field":"text"}"#)
                .as_bytes(),
        )
        .unwrap();
        assert!(c.cooldown_chat_body().starts_with(r#"{"answer":"#));
        assert!(c
            .cooldown_stream_body()
            .starts_with("event: final\ndata: {\"text\":"));
        assert!(c.cooldown_stream_body().contains("event: done\n"));
    }

    #[test]
    fn events_round_trip_without_values() {
        let mut pending = event_line("alice", "k", "total_lag", "chat");
        pending.push('\n');
        pending.push_str("garbage\n");
        pending.push_str(&event_line("bob", "k", "broker", "chat_stream"));
        let (body, n) = events_body(pending.as_bytes()).unwrap();
        assert_eq!(n, 2);
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["events"][1]["surface"], "chat_stream");
        assert_eq!(v["events"][0]["event"], "learning_answer_withheld");
        assert_eq!(events_body(b""), None);
        let reply = reply_event_line("alice", "k", "chat_stream");
        let v: serde_json::Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"event": "learning_reply_withheld", "subject": "alice",
                               "scenario_id": "k", "surface": "chat_stream"})
        );
    }

    #[test]
    fn instructor_claim_matches_strings_and_arrays_at_a_dotted_path() {
        let role = InstructorClaim::default();
        assert_eq!(role.claim, "role");
        assert_eq!(role.value, "instructor");
        let realm = InstructorClaim {
            claim: "realm_access.roles".into(),
            value: "instructor".into(),
        };
        let cases: &[(&InstructorClaim, &str, bool)] = &[
            (&role, r#"{"role":"instructor"}"#, true),
            (&role, r#"{"role":["learner","instructor"]}"#, true),
            (&role, r#"{"role":"Instructor"}"#, false),
            (&role, r#"{"role":"instructors"}"#, false),
            (&role, r#"{"role":["learner"]}"#, false),
            (&role, r#"{"role":[["instructor"]]}"#, false),
            (&role, r#"{"role":{"instructor":true}}"#, false),
            (&role, r#"{"role":null}"#, false),
            (&role, r#"{"roles":"instructor"}"#, false),
            (&role, r#"{}"#, false),
            (&role, r#"["instructor"]"#, false),
            (&realm, r#"{"realm_access":{"roles":["instructor"]}}"#, true),
            (&realm, r#"{"realm_access":{"roles":"instructor"}}"#, true),
            (&realm, r#"{"realm_access":["instructor"]}"#, false),
            (&realm, r#"{"realm_access":"instructor"}"#, false),
            (&realm, r#"{"realm_access.roles":"instructor"}"#, false),
            (
                &realm,
                r#"{"realm_access":{"roles":{"x":"instructor"}}}"#,
                false,
            ),
        ];
        for (claim, json, want) in cases {
            let v: serde_json::Value = serde_json::from_str(json).unwrap();
            assert_eq!(claim.matches(&v), *want, "{} in {json}", claim.claim);
        }
    }

    #[test]
    fn only_a_human_with_the_claim_is_an_instructor() {
        let claim = InstructorClaim::default();
        let cases = [
            (
                r#"{"sub":"ann","principal_kind":"human","role":"instructor"}"#,
                true,
            ),
            (
                r#"{"sub":"ann","principal_kind":"human","role":"learner"}"#,
                false,
            ),
            (r#"{"sub":"ann","principal_kind":"human"}"#, false),
            (
                r#"{"sub":"ann","principal_kind":"human","role":"instructor","act":{"sub":"bot"}}"#,
                false,
            ),
            (
                r#"{"sub":"ann","principal_kind":"service","role":"instructor"}"#,
                false,
            ),
            (r#"{"sub":"ann","role":"instructor"}"#, false),
        ];
        for (json, want) in cases {
            let id = identity_with_instructor(&b64(json), Some(&claim)).unwrap();
            assert_eq!(id.instructor, want, "{json}");
            // Without a claim configured nobody is.
            assert!(!identity_from_payload(&b64(json)).unwrap().instructor);
        }
    }

    #[test]
    fn instructor_config_parses_and_is_checked() {
        let c = FilterConfig::parse(
            cfg_json(
                r#","identity":{"instructor":{"claim":"realm_access.roles","value":"teach"}}"#,
            )
            .as_bytes(),
        )
        .unwrap();
        assert_eq!(c.identity.instructor.claim, "realm_access.roles");
        assert_eq!(c.identity.instructor.value, "teach");
        assert_eq!(c.identity.payload_header, "x-orrery-jwt-payload");
        for bad in [
            r#"{"claim":"","value":"x"}"#,
            r#"{"claim":"a..b","value":"x"}"#,
            r#"{"claim":".a","value":"x"}"#,
            r#"{"claim":"role","value":""}"#,
            r#"{"claim":"role"}"#,
            r#"{"claim":"role","value":"x","extra":1}"#,
        ] {
            let json = cfg_json(&format!(r#","identity":{{"instructor":{bad}}}"#));
            assert!(FilterConfig::parse(json.as_bytes()).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_report_route_is_get_only_plain_and_configurable() {
        let p = RoutePolicy::default();
        assert_eq!(p.classify("GET", "/learning/report"), Route::Report);
        assert_eq!(p.classify("GET", "/learning/report?page=2"), Route::Report);
        for (m, path) in [
            ("POST", "/learning/report"),
            ("GET", "/learning/report/"),
            ("GET", "/learning//report"),
            ("GET", "/learning/%72eport"),
            ("GET", "/LEARNING/report"),
        ] {
            assert_eq!(
                p.classify(m, path),
                Route::Deny(DenyReason::LearningNotFound),
                "{m} {path}"
            );
        }
        assert!(!Route::Report.is_public());
        assert!(p.reads_identity(Route::Report, "/learning/report"));
        assert_eq!(DenyReason::NotInstructor.status(), 403);
        assert!(!DenyReason::NotInstructor.body().is_empty());
        let c = FilterConfig::parse(
            cfg_json(r#","routes":{"report":"/learning/instructor/report"}"#).as_bytes(),
        )
        .unwrap();
        assert_eq!(
            c.routes.classify("GET", "/learning/instructor/report"),
            Route::Report
        );
        for bad in [
            "/report",
            "/learning/hint",
            "/learning/console.js",
            "/learning/r?x",
        ] {
            let json = cfg_json(&format!(r#","routes":{{"report":"{bad}"}}"#));
            assert!(FilterConfig::parse(json.as_bytes()).is_err(), "{bad}");
        }
    }
}
