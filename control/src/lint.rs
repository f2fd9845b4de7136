//! `orrery-learning lint`: proves, from a rendered Envoy bootstrap config, that no route to the
//! Orrery cluster bypasses the guard (DESIGN.md, § mapping, "§1 gate"). It reads the config as
//! Envoy's proto-JSON parser would (either field spelling, `TypedStruct`, `BoolValue`), finds
//! every listener that can reach Orrery and checks the rules below. docs/lint.md is the user's
//! page; this is the contract.
//!
//! `orrery-learning lint [--orrery-cluster NAME]... [--control-cluster NAME] FILE...`
//!
//! * The Orrery cluster(s): the `--orrery-cluster` names, or by default every cluster that is not
//!   the control cluster. The control cluster: `--control-cluster`, else the learning filter's
//!   `control.cluster`, else `learning_control`.
//! * Exit 0 and one summary line on stdout when every file is clean; exit 1 and one line per
//!   finding on stdout, `FILE: LOCATION: RULE: explanation`; exit 2 (message on stderr) when a
//!   file is unreadable, not YAML/JSON, or still holds a `${...}` placeholder.
//! * Output names locations, rule ids, cluster and filter names only: never a configured value
//!   (the plugin configuration holds the proxy secret).
//!
//! Rules ([`Rule`]; each applies to every HTTP connection manager (HCM) whose routes can reach
//! Orrery, including through `cluster_header`, a cluster specifier plugin or a mirror):
//! * `chain-order`: exactly one `jwt_authn`, then exactly one learning filter (an
//!   `envoy.filters.http.wasm` whose plugin configuration is ours), then the router, last.
//! * `foreign-filter`: no other HTTP filter in such a chain (a Lua, ext_proc, header mutation or
//!   other wasm filter could answer, alter bodies, or forge the identity header).
//! * `fail-open`: the learning filter has neither `fail_open: true` nor
//!   `failure_policy: FAIL_OPEN`.
//! * `per-route-disable`: no `typed_per_filter_config` (route, virtual host, weighted cluster, or
//!   anywhere in the route table) disables `jwt_authn` or the learning filter, and neither is
//!   `disabled: true` in the chain.
//! * `jwt-required`: every route to Orrery is covered by a `jwt_authn` rule (or per-route
//!   `requirement_name`) that requires a token; rules without a requirement may exempt only the
//!   probes (the filter's `routes.health`, default `/healthz`, `/readyz`) or paths that an
//!   earlier route sends elsewhere; no `allow_missing`, `allow_missing_or_failed`, or
//!   `bypass_cors_preflight`.
//! * `jwt-payload-header`: every provider sets `forward_payload_header` to the header the filter
//!   reads (`identity.payload_header`, default `x-orrery-jwt-payload`).
//! * `hcm-hardening`: `normalize_path: true`, `merge_slashes: true`, and
//!   `path_with_escaped_slashes_action` not `KEEP_UNCHANGED`.
//! * `sync-singleton`: unless every learning filter runs `"sync": "lease"`, exactly one
//!   `envoy.bootstrap.wasm` with `singleton: true`, role `sync`, the filter's `vm_id` and the same
//!   control cluster.
//! * `plugin-config`: the learning filter's and the sync service's configurations pass
//!   [`FilterConfig::parse`](orrery_learning_guard::policy::FilterConfig::parse) with the
//!   right role, and name the control cluster.
//! * `control-loopback`: the control cluster exists, is static, and every endpoint is loopback
//!   (127.0.0.0/8, `::1`, `localhost`, or a unix socket).
//! * `tcp-to-orrery`: no `tcp_proxy` (or other non-HTTP network filter) reaches Orrery.
//! * `static-only`: everything the lint must see is in the file: no `dynamic_resources`
//!   (LDS/CDS/ADS), RDS, scoped routes, VHDS or ECDS (`config_discovery`).
//! * `no-orrery-route`: some listener routes to Orrery, and each `--orrery-cluster` exists.
//! * `access-log`: every access log anywhere in the file has an explicit format whose operators
//!   are on an allowlist: the path only without its query (`%PATH(NQ)%`), no header that can
//!   carry a credential, no metadata or filter state; no default format, no logger whose format
//!   cannot be read (`logs.rs`).
//! * `jwt-token-source`: every `jwt_authn` provider reads the token from `Authorization: Bearer`
//!   only (`from_headers`), with no `from_params` or `from_cookies`; a provider without
//!   `from_headers` takes Envoy's default, which includes the `access_token` query parameter.
//! * `jwt-forward`: `forward: false`, unless every cluster its routes reach declares that it
//!   authenticates the bearer itself (`metadata.filter_metadata.orrery_learning.verifies_bearer:
//!   true`), the documented exception.
//! * `headers-with-underscores`: `common_http_protocol_options.headers_with_underscores_action:
//!   REJECT_REQUEST` (`x_orrery_learning_level` could otherwise reach an upstream that folds `_`
//!   into `-`).
//! * `proxy-secret`: the proxy secret is never in the file (`config_dump` would show it): no
//!   inline `control.proxy_secret`; `control.proxy_secret_env` is passed into the VM by
//!   `vm_config.environment_variables.host_env_keys`, and not set by `key_values`.
//!
//! It cannot see what Envoy receives at run time (xDS; so `static-only` refuses it), runtime
//! overrides, or what Istio generates; docs/lint.md lists the limits.
mod checks;
mod logs;
mod node;
mod pathset;

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A rule of the lint; [`Rule::id`] is the stable id printed in findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    ChainOrder,
    ForeignFilter,
    FailOpen,
    PerRouteDisable,
    JwtRequired,
    JwtPayloadHeader,
    HcmHardening,
    SyncSingleton,
    PluginConfig,
    ControlLoopback,
    TcpToOrrery,
    StaticOnly,
    NoOrreryRoute,
    AccessLog,
    JwtTokenSource,
    JwtForward,
    HeadersWithUnderscores,
    ProxySecret,
}

impl Rule {
    pub const ALL: [Rule; 18] = [
        Rule::ChainOrder,
        Rule::ForeignFilter,
        Rule::FailOpen,
        Rule::PerRouteDisable,
        Rule::JwtRequired,
        Rule::JwtPayloadHeader,
        Rule::HcmHardening,
        Rule::SyncSingleton,
        Rule::PluginConfig,
        Rule::ControlLoopback,
        Rule::TcpToOrrery,
        Rule::StaticOnly,
        Rule::NoOrreryRoute,
        Rule::AccessLog,
        Rule::JwtTokenSource,
        Rule::JwtForward,
        Rule::HeadersWithUnderscores,
        Rule::ProxySecret,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Rule::ChainOrder => "chain-order",
            Rule::ForeignFilter => "foreign-filter",
            Rule::FailOpen => "fail-open",
            Rule::PerRouteDisable => "per-route-disable",
            Rule::JwtRequired => "jwt-required",
            Rule::JwtPayloadHeader => "jwt-payload-header",
            Rule::HcmHardening => "hcm-hardening",
            Rule::SyncSingleton => "sync-singleton",
            Rule::PluginConfig => "plugin-config",
            Rule::ControlLoopback => "control-loopback",
            Rule::TcpToOrrery => "tcp-to-orrery",
            Rule::StaticOnly => "static-only",
            Rule::NoOrreryRoute => "no-orrery-route",
            Rule::AccessLog => "access-log",
            Rule::JwtTokenSource => "jwt-token-source",
            Rule::JwtForward => "jwt-forward",
            Rule::HeadersWithUnderscores => "headers-with-underscores",
            Rule::ProxySecret => "proxy-secret",
        }
    }
}

/// One broken rule: where (a JSON-path-like location) and why (fixed text plus names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub location: String,
    pub rule: Rule,
    pub message: String,
}

/// Which clusters are which.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Empty: every cluster that is not the control cluster counts as Orrery.
    pub orrery_clusters: Vec<String>,
    pub control_cluster: Option<String>,
}

/// What a clean config looked like (for the summary line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub findings: Vec<Finding>,
    /// HTTP connection managers that reach Orrery (all checked).
    pub guarded_hcms: usize,
}

/// Why a file could not be linted (exit 2). Never quotes the file's content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError(pub String);

/// Lint an already parsed config.
pub fn lint_value(root: &Value, opts: &Options) -> Report {
    checks::run(root, opts)
}

/// Refuse unrendered placeholders, parse YAML or JSON, lint.
pub fn lint_text(text: &str, opts: &Options) -> Result<Report, InputError> {
    if let Some((line, name)) = placeholder(text) {
        return Err(InputError(format!(
            "line {line}: unrendered placeholder ${{{name}}} (lint the rendered config)"
        )));
    }
    let root = parse(text)?;
    if !root.is_object() {
        return Err(InputError(
            "not an Envoy bootstrap (top level is not a mapping)".into(),
        ));
    }
    Ok(lint_value(&root, opts))
}

fn placeholder(text: &str) -> Option<(usize, String)> {
    for (i, line) in text.lines().enumerate() {
        // A full-line YAML comment configures nothing.
        if line.trim_start().starts_with('#') {
            continue;
        }
        if let Some(at) = line.find("${") {
            let name: String = line[at + 2..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .take(40)
                .collect();
            return Some((i + 1, name));
        }
    }
    None
}

fn parse(text: &str) -> Result<Value, InputError> {
    if text.trim_start().starts_with('{') {
        return serde_json::from_str(text).map_err(|e| {
            InputError(format!(
                "not valid JSON (line {} column {})",
                e.line(),
                e.column()
            ))
        });
    }
    // The parser's message may quote the text near the error: keep only the position.
    let mut y: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| {
        InputError(match e.location() {
            Some(l) => format!("not valid YAML (line {} column {})", l.line(), l.column()),
            None => "not valid YAML (or more than one document)".into(),
        })
    })?;
    y.apply_merge()
        .map_err(|_| InputError("a YAML merge key (<<) that cannot be applied".into()))?;
    serde_json::to_value(y)
        .map_err(|_| InputError("a YAML mapping key that is not a string".into()))
}

/// `orrery-learning lint`. Returns the exit code.
pub fn run(files: &[PathBuf], opts: &Options, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut code = 0;
    let mut lines = Vec::new();
    let mut guarded = 0;
    for file in files {
        let shown = file.display();
        match read(file).and_then(|t| lint_text(&t, opts)) {
            Err(InputError(why)) => {
                let _ = writeln!(err, "{shown}: {why}");
                code = 2;
            }
            Ok(report) => {
                guarded += report.guarded_hcms;
                for f in &report.findings {
                    lines.push(format!(
                        "{shown}: {}: {}: {}",
                        f.location,
                        f.rule.id(),
                        f.message
                    ));
                }
            }
        }
    }
    for l in &lines {
        let _ = writeln!(out, "{l}");
    }
    if code == 0 && !lines.is_empty() {
        code = 1;
    }
    if code == 0 {
        let _ = writeln!(
            out,
            "clean: {} file(s); {guarded} HTTP connection manager(s) reach Orrery, each through jwt_authn -> learning filter -> router",
            files.len()
        );
    }
    if out.flush().is_err() {
        return code.max(1);
    }
    code
}

fn read(path: &Path) -> Result<String, InputError> {
    let bytes =
        std::fs::read(path).map_err(|e| InputError(format!("unreadable ({})", e.kind())))?;
    String::from_utf8(bytes).map_err(|_| InputError("not UTF-8".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_found_with_their_line() {
        assert_eq!(placeholder("a: 1\nb: ${PORT}\n"), Some((2, "PORT".into())));
        assert_eq!(placeholder("a: $PORT\n"), None);
        assert_eq!(placeholder("  # port: ${PORT}\na: 1\n"), None);
    }

    #[test]
    fn parse_errors_keep_only_the_position() {
        let e = parse("a: [secret-value\n").unwrap_err();
        assert!(!e.0.contains("secret"), "{e:?}");
        let e = parse("{\"a\": secret}").unwrap_err();
        assert!(!e.0.contains("secret"), "{e:?}");
    }

    #[test]
    fn rule_ids_are_unique() {
        let mut ids: Vec<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Rule::ALL.len());
    }
}
