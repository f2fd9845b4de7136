//! The filter's JSON configuration (`FilterConfig`, both roles): how it reaches the control
//! service, where the verified identity comes from, the limits, the routes, the surfaces, the
//! stream, the probe cool-down and the oracle rule; and the check that refuses a configuration
//! whose error names the field or the problem, never a configured value.
//!
//! The proxy secret is never part of the configuration (Envoy's admin `/config_dump` shows it):
//! an inline `proxy_secret` is refused, dropped unread.
use super::identity::{IdentityConfig, LEARNING_HEADER_PREFIX};
use super::route::{replies, RoutePolicy};
use crate::matcher::Rules;
use crate::sse::StreamPolicy;
use crate::surfaces::SurfacePolicy;
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
/// old ([`WatchProbes`](super::WatchProbes)).
pub const MAX_COOLDOWN_SECONDS: u64 = 86_400;

/// What the filter does with a learner the control service flagged as a suspected probe (its
/// withheld replies crossed the threshold: docs/api.md "Probe detection").
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ProbeConfig {
    /// For this many seconds after a flag, the learner's model turns ([`is_model_turn`](super::is_model_turn)) get a
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
        if let Err(m) = self.identity.check() {
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
        self.routes
            .check()
            .map_err(|m| ConfigError(format!("learning filter configuration: {m}")))
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

#[cfg(test)]
mod tests {
    use super::super::cfg_json;
    use super::*;

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
}
