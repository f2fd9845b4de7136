//! The rules themselves (listed in the parent module): find the HTTP connection managers, their
//! filters and routes, decide which reach Orrery, and check each; the access log formats are
//! judged in `logs.rs`. Messages name locations, rule ids, clusters, filters, operators and
//! environment variable names, never a configured value.
use super::logs;
use super::node::{enum_is, field, items, text, truthy, typed, unwrap_any};
use super::pathset::{contains, intersection, Match, PathSet};
use super::{Finding, Options, Report, Rule};
use orrery_learning_guard::policy::{FilterConfig, Role, RoutePolicy, SyncMode};
use serde_json::Value;
use std::collections::BTreeSet;

const HCM: &str =
    "envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager";
const TCP_PROXY: &str = "envoy.extensions.filters.network.tcp_proxy.v3.TcpProxy";
const JWT: &str = "envoy.extensions.filters.http.jwt_authn.v3.JwtAuthentication";
const JWT_PER_ROUTE: &str = "envoy.extensions.filters.http.jwt_authn.v3.PerRouteConfig";
const WASM: &str = "envoy.extensions.filters.http.wasm.v3.Wasm";
const ROUTER: &str = "envoy.extensions.filters.http.router.v3.Router";
const WASM_SERVICE: &str = "envoy.extensions.wasm.v3.WasmService";
const ROUTE_FILTER_CONFIG: &str = "envoy.config.route.v3.FilterConfig";
const DEFAULT_CONTROL: &str = "learning_control";
const DEFAULT_PAYLOAD_HEADER: &str = "x-orrery-jwt-payload";

struct Lint<'a> {
    opts: &'a Options,
    findings: Vec<Finding>,
    control: String,
    /// Clusters that declare they authenticate the bearer themselves (`jwt-forward`).
    verifying: BTreeSet<String>,
}

impl Lint<'_> {
    fn find(&mut self, location: impl Into<String>, rule: Rule, message: impl Into<String>) {
        let f = Finding {
            location: location.into(),
            rule,
            message: message.into(),
        };
        if !self.findings.contains(&f) {
            self.findings.push(f);
        }
    }

    fn is_orrery(&self, cluster: &str) -> bool {
        if self.opts.orrery_clusters.is_empty() {
            cluster != self.control
        } else {
            self.opts.orrery_clusters.iter().any(|c| c == cluster)
        }
    }
}

enum Kind {
    Jwt,
    /// Ours: `cfg` is `None` when its configuration did not parse (already reported).
    Learning {
        cfg: Option<Box<FilterConfig>>,
        vm_id: String,
    },
    Router,
    Other(String),
}

struct HttpFilter<'a> {
    loc: String,
    name: String,
    kind: Kind,
    body: &'a Value,
    ext: &'a Value,
}

struct Hcm<'a> {
    loc: String,
    body: &'a Value,
    filters: Vec<HttpFilter<'a>>,
    /// `upgrade_configs[].filters`: a chain of its own for upgraded requests.
    upgrades: Vec<(String, Vec<HttpFilter<'a>>)>,
}

/// The plugin configuration bytes of a wasm `PluginConfig` (`StringValue`, or a `Struct`
/// re-serialised as Envoy does). `None`: absent or of a kind the lint cannot read.
fn plugin_configuration(plugin: &Value) -> Option<Vec<u8>> {
    let any = field(plugin, "configuration")?;
    let (t, body) = unwrap_any(any)?;
    match t {
        "google.protobuf.StringValue" => Some(text(body, "value")?.as_bytes().to_vec()),
        "google.protobuf.Struct" => serde_json::to_vec(field(body, "value")?).ok(),
        _ => None,
    }
}

/// Is this wasm plugin meant to be ours? (Its JSON names a role, or its root id is ours.)
fn looks_ours(plugin: &Value, bytes: Option<&[u8]>) -> bool {
    let by_root = text(plugin, "root_id").is_some_and(|r| r.starts_with("orrery_learning"));
    let by_json = bytes
        .and_then(|b| serde_json::from_slice::<Value>(b).ok())
        .is_some_and(|v| v.get("role").is_some() || v.get("control").is_some());
    by_root || by_json
}

pub fn run(root: &Value, opts: &Options) -> Report {
    let mut lint = Lint {
        opts,
        findings: Vec::new(),
        control: opts
            .control_cluster
            .clone()
            .unwrap_or_else(|| DEFAULT_CONTROL.into()),
        verifying: BTreeSet::new(),
    };
    if field(root, "dynamic_resources")
        .is_some_and(|d| d.as_object().is_some_and(|o| !o.is_empty()))
    {
        lint.find(
            "dynamic_resources",
            Rule::StaticOnly,
            "listeners or clusters come from xDS; the lint can only prove a static config",
        );
    }
    let statics = field(root, "static_resources").unwrap_or(&Value::Null);
    lint.verifying = items(statics, "clusters")
        .iter()
        .filter(|c| verifies_bearer(c))
        .filter_map(|c| text(c, "name").map(str::to_string))
        .collect();
    let mut access_logs = Vec::new();
    logs::access_logs(root, "", &mut access_logs);
    for (loc, entry) in access_logs {
        for (at, why) in logs::check_access_log(&loc, entry) {
            lint.find(at, Rule::AccessLog, why);
        }
    }
    let (hcms, others) = collect_listeners(&mut lint, statics);
    let learning_cfgs: Vec<&FilterConfig> = hcms
        .iter()
        .flat_map(|h| h.filters.iter())
        .filter_map(|f| match &f.kind {
            Kind::Learning { cfg: Some(c), .. } => Some(c.as_ref()),
            _ => None,
        })
        .collect();
    if opts.control_cluster.is_none() {
        if let Some(c) = learning_cfgs.first() {
            lint.control = c.control.cluster.clone();
        }
    }
    for h in &hcms {
        for f in &h.filters {
            if let Kind::Learning { cfg: Some(c), .. } = &f.kind {
                if c.control.cluster != lint.control {
                    let msg = format!(
                        "control.cluster names {}, but the control cluster is {}",
                        c.control.cluster, lint.control
                    );
                    lint.find(
                        format!("{}.config.configuration", f.loc),
                        Rule::PluginConfig,
                        msg,
                    );
                }
            }
        }
    }
    let clusters = items(statics, "clusters");
    for name in &opts.orrery_clusters {
        if !clusters
            .iter()
            .any(|c| text(c, "name") == Some(name.as_str()))
        {
            lint.find(
                "static_resources.clusters",
                Rule::NoOrreryRoute,
                format!("--orrery-cluster {name} is not defined"),
            );
        }
    }

    let mut guarded = 0;
    for h in &hcms {
        if check_hcm(&mut lint, h) {
            guarded += 1;
        }
    }
    if guarded == 0 {
        lint.find(
            "static_resources.listeners",
            Rule::NoOrreryRoute,
            "no HTTP listener routes to the Orrery cluster",
        );
    }
    for (loc, kind, body) in others {
        check_network_filter(&mut lint, &loc, &kind, body, clusters);
    }
    check_sync(&mut lint, root, &hcms);
    check_control(&mut lint, clusters);
    Report {
        findings: lint.findings,
        guarded_hcms: guarded,
    }
}

/// `metadata.filter_metadata.orrery_learning.verifies_bearer: true` on a cluster: the upstream
/// authenticates the learner from the bearer token itself, so jwt_authn may forward it.
fn verifies_bearer(cluster: &Value) -> bool {
    field(cluster, "metadata")
        .and_then(|m| field(m, "filter_metadata"))
        .and_then(|f| f.get("orrery_learning"))
        .is_some_and(|o| truthy(field(o, "verifies_bearer")))
}

/// The `proxy-secret` rule on the configuration bytes: an inline `control.proxy_secret` is
/// reported and taken out, so the rest is parsed (and reported) on its own.
fn without_inline_secret(lint: &mut Lint, cloc: &str, bytes: Option<Vec<u8>>) -> Option<Vec<u8>> {
    let b = bytes?;
    let Ok(mut v) = serde_json::from_slice::<Value>(&b) else {
        return Some(b);
    };
    let removed = v
        .get_mut("control")
        .and_then(Value::as_object_mut)
        .and_then(|c| c.remove("proxy_secret"))
        .is_some();
    if !removed {
        return Some(b);
    }
    lint.find(
        cloc,
        Rule::ProxySecret,
        "control.proxy_secret is inline, so Envoy's /config_dump shows it: name an environment variable in control.proxy_secret_env and pass it with vm_config.environment_variables.host_env_keys",
    );
    serde_json::to_vec(&v).ok()
}

/// The `proxy-secret` rule on the VM: the variable the configuration names is passed from
/// Envoy's environment (`host_env_keys`), never set in the file (`key_values`).
fn check_secret_env(lint: &mut Lint, ploc: &str, plugin: &Value, cfg: &FilterConfig) {
    let name = cfg.control.proxy_secret_env.as_str();
    let eloc = format!("{ploc}.vm_config.environment_variables");
    let env = field(plugin, "vm_config").and_then(|v| field(v, "environment_variables"));
    let passed = env.is_some_and(|e| {
        items(e, "host_env_keys")
            .iter()
            .any(|k| k.as_str() == Some(name))
    });
    let inline = env
        .and_then(|e| field(e, "key_values"))
        .and_then(Value::as_object)
        .is_some_and(|m| m.contains_key(name));
    if inline {
        lint.find(
            format!("{eloc}.key_values"),
            Rule::ProxySecret,
            format!("sets {name} in the file, so Envoy's /config_dump shows the proxy secret: pass it from Envoy's environment with host_env_keys"),
        );
    }
    if !passed {
        lint.find(
            format!("{eloc}.host_env_keys"),
            Rule::ProxySecret,
            format!("must list {name} (control.proxy_secret_env): the filter reads the proxy secret from the VM's environment and refuses to start without it"),
        );
    }
}

type Other<'a> = (String, String, &'a Value);

fn collect_listeners<'a>(lint: &mut Lint, statics: &'a Value) -> (Vec<Hcm<'a>>, Vec<Other<'a>>) {
    let mut hcms = Vec::new();
    let mut others = Vec::new();
    for (li, l) in items(statics, "listeners").iter().enumerate() {
        let lloc = format!("static_resources.listeners[{li}]");
        let mut chains: Vec<(String, &Value)> = items(l, "filter_chains")
            .iter()
            .enumerate()
            .map(|(ci, c)| (format!("{lloc}.filter_chains[{ci}]"), c))
            .collect();
        if let Some(d) = field(l, "default_filter_chain") {
            chains.push((format!("{lloc}.default_filter_chain"), d));
        }
        for (cloc, chain) in chains {
            for (fi, f) in items(chain, "filters").iter().enumerate() {
                let floc = format!("{cloc}.filters[{fi}]");
                if field(f, "config_discovery").is_some() {
                    lint.find(
                        &floc,
                        Rule::StaticOnly,
                        "network filter delivered by ECDS (config_discovery); the lint cannot see it",
                    );
                    continue;
                }
                match typed(f) {
                    Some((t, body)) if t == HCM => {
                        let hloc = format!("{floc}.typed_config");
                        let filters = collect_http_filters(lint, &hloc, body, "http_filters");
                        let mut upgrades = Vec::new();
                        for (ui, u) in items(body, "upgrade_configs").iter().enumerate() {
                            if !items(u, "filters").is_empty() {
                                let uloc = format!("{hloc}.upgrade_configs[{ui}]");
                                let chain = collect_http_filters(lint, &uloc, u, "filters");
                                upgrades.push((format!("{uloc}.filters"), chain));
                            }
                        }
                        hcms.push(Hcm {
                            loc: hloc,
                            body,
                            filters,
                            upgrades,
                        });
                    }
                    Some((t, body)) => others.push((floc, t.to_string(), body)),
                    None => {
                        let name = text(f, "name").unwrap_or("");
                        lint.find(
                            &floc,
                            Rule::StaticOnly,
                            format!("network filter {name} has no typed_config; the lint cannot read it"),
                        );
                    }
                }
            }
        }
    }
    (hcms, others)
}

fn collect_http_filters<'a>(
    lint: &mut Lint,
    hloc: &str,
    hcm: &'a Value,
    key: &str,
) -> Vec<HttpFilter<'a>> {
    let mut out = Vec::new();
    for (i, f) in items(hcm, key).iter().enumerate() {
        let loc = format!("{hloc}.{key}[{i}]");
        let name = text(f, "name").unwrap_or("").to_string();
        let (kind, body) = match typed(f) {
            Some((JWT, b)) => (Kind::Jwt, b),
            Some((ROUTER, b)) => (Kind::Router, b),
            Some((WASM, b)) => {
                let plugin = field(b, "config").unwrap_or(&Value::Null);
                (learning_kind(lint, &loc, plugin, &name), b)
            }
            Some((t, b)) => (Kind::Other(t.to_string()), b),
            // No typed_config: Envoy picks the factory by name.
            None => match name.as_str() {
                "envoy.filters.http.router" => (Kind::Router, &Value::Null),
                "envoy.filters.http.jwt_authn" => (Kind::Jwt, &Value::Null),
                _ => (Kind::Other(name.clone()), &Value::Null),
            },
        };
        out.push(HttpFilter {
            loc,
            name,
            kind,
            body,
            ext: f,
        });
    }
    out
}

fn learning_kind(lint: &mut Lint, loc: &str, plugin: &Value, name: &str) -> Kind {
    let bytes = plugin_configuration(plugin);
    if !looks_ours(plugin, bytes.as_deref()) {
        return Kind::Other(format!("wasm {name}"));
    }
    let vm_id = field(plugin, "vm_config")
        .and_then(|v| text(v, "vm_id"))
        .unwrap_or("")
        .to_string();
    let cloc = format!("{loc}.config.configuration");
    let bytes = without_inline_secret(lint, &cloc, bytes);
    let cfg = match bytes.as_deref().map(FilterConfig::parse) {
        None => {
            lint.find(
                cloc,
                Rule::PluginConfig,
                "configuration must be a google.protobuf.StringValue holding the filter's JSON",
            );
            None
        }
        // The parser's errors name fields and problems, never values.
        Some(Err(e)) => {
            lint.find(cloc, Rule::PluginConfig, e.to_string());
            None
        }
        Some(Ok(c)) if c.role != Role::Filter => {
            lint.find(
                cloc,
                Rule::PluginConfig,
                "role must be \"filter\" in an HTTP filter chain (a sync root answers 503)",
            );
            None
        }
        Some(Ok(c)) => {
            check_secret_env(lint, &format!("{loc}.config"), plugin, &c);
            Some(Box::new(c))
        }
    };
    Kind::Learning { cfg, vm_id }
}

/// Where a route (or weighted cluster, or mirror) sends requests.
fn route_reaches_orrery(lint: &Lint, action: &Value) -> bool {
    let dynamic = [
        "cluster_header",
        "cluster_specifier_plugin",
        "inline_cluster_specifier_plugin",
    ];
    if dynamic.iter().any(|k| field(action, k).is_some()) {
        return true;
    }
    if text(action, "cluster").is_some_and(|c| lint.is_orrery(c)) {
        return true;
    }
    if let Some(w) = field(action, "weighted_clusters") {
        for c in items(w, "clusters") {
            if field(c, "cluster_header").is_some()
                || text(c, "name").is_some_and(|n| lint.is_orrery(n))
            {
                return true;
            }
        }
    }
    items(action, "request_mirror_policies").iter().any(|m| {
        field(m, "cluster_header").is_some()
            || text(m, "cluster").is_some_and(|c| lint.is_orrery(c))
    })
}

struct Route<'a> {
    loc: String,
    m: Match,
    orrery: bool,
    v: &'a Value,
}

struct VHost<'a> {
    loc: String,
    v: &'a Value,
    routes: Vec<Route<'a>>,
}

/// Checks one HCM; returns whether it reaches Orrery.
fn check_hcm(lint: &mut Lint, h: &Hcm) -> bool {
    let mut reaches = false;
    for k in ["rds", "scoped_routes"] {
        if field(h.body, k).is_some() {
            lint.find(
                format!("{}.{k}", h.loc),
                Rule::StaticOnly,
                "routes come from RDS; the lint cannot prove where they go",
            );
            reaches = true;
        }
    }
    let rc_loc = format!("{}.route_config", h.loc);
    let rc = field(h.body, "route_config").unwrap_or(&Value::Null);
    if field(rc, "vhds").is_some() {
        lint.find(
            format!("{rc_loc}.vhds"),
            Rule::StaticOnly,
            "virtual hosts come from VHDS",
        );
        reaches = true;
    }
    let mut vhosts = Vec::new();
    for (vi, vh) in items(rc, "virtual_hosts").iter().enumerate() {
        let mut routes = Vec::new();
        for (ri, r) in items(vh, "routes").iter().enumerate() {
            let action = field(r, "route");
            let orrery = action.is_some_and(|a| route_reaches_orrery(lint, a));
            reaches |= orrery;
            routes.push(Route {
                loc: format!("{rc_loc}.virtual_hosts[{vi}].routes[{ri}]"),
                m: Match::parse(field(r, "match").unwrap_or(&Value::Null), true),
                orrery,
                v: r,
            });
        }
        vhosts.push(VHost {
            loc: format!("{rc_loc}.virtual_hosts[{vi}]"),
            v: vh,
            routes,
        });
    }
    if !reaches {
        return false;
    }
    check_chain(lint, &format!("{}.http_filters", h.loc), &h.filters);
    for (loc, chain) in &h.upgrades {
        check_chain(lint, loc, chain);
    }
    check_hardening(lint, h);
    check_per_route(lint, h, rc, &rc_loc);
    let chains = std::iter::once(&h.filters).chain(h.upgrades.iter().map(|(_, c)| c));
    for chain in chains {
        let jwts: Vec<&HttpFilter> = chain
            .iter()
            .filter(|f| matches!(f.kind, Kind::Jwt))
            .collect();
        if let [jwt] = jwts.as_slice() {
            check_jwt(lint, h, jwt, &vhosts);
        }
    }
    true
}

fn check_chain(lint: &mut Lint, chain: &str, filters: &[HttpFilter]) {
    let at = |pred: &dyn Fn(&Kind) -> bool| -> Vec<usize> {
        filters
            .iter()
            .enumerate()
            .filter(|(_, f)| pred(&f.kind))
            .map(|(i, _)| i)
            .collect()
    };
    let jwt = at(&|k| matches!(k, Kind::Jwt));
    let ours = at(&|k| matches!(k, Kind::Learning { .. }));
    let router = at(&|k| matches!(k, Kind::Router));
    let mut counts_ok = true;
    for (what, found) in [
        ("jwt_authn", &jwt),
        ("learning filter", &ours),
        ("router", &router),
    ] {
        if found.len() != 1 {
            counts_ok = false;
            lint.find(
                chain,
                Rule::ChainOrder,
                format!(
                    "expected exactly one {what} in a chain that reaches Orrery, found {}",
                    found.len()
                ),
            );
        }
    }
    if counts_ok && !(jwt[0] < ours[0] && ours[0] < router[0] && router[0] + 1 == filters.len()) {
        lint.find(
            chain,
            Rule::ChainOrder,
            "order must be jwt_authn, then the learning filter, then the router (last)",
        );
    }
    for f in filters {
        if field(f.ext, "config_discovery").is_some() {
            lint.find(
                &f.loc,
                Rule::StaticOnly,
                "HTTP filter delivered by ECDS (config_discovery); the lint cannot see it",
            );
        }
        match &f.kind {
            Kind::Other(t) => lint.find(
                &f.loc,
                Rule::ForeignFilter,
                format!(
                    "filter {} ({t}) in a chain that reaches Orrery: only jwt_authn, the learning filter and the router may be there",
                    f.name
                ),
            ),
            Kind::Jwt | Kind::Learning { .. } => {
                if truthy(field(f.ext, "disabled")) {
                    lint.find(
                        format!("{}.disabled", f.loc),
                        Rule::PerRouteDisable,
                        format!("filter {} is disabled by default: only routes that enable it are guarded", f.name),
                    );
                }
                if truthy(field(f.ext, "is_optional")) {
                    lint.find(
                        format!("{}.is_optional", f.loc),
                        Rule::FailOpen,
                        format!("filter {} is optional: an Envoy without the extension would skip it", f.name),
                    );
                }
                if let Kind::Learning { .. } = f.kind {
                    check_fail_closed(lint, f);
                }
            }
            Kind::Router => {}
        }
    }
}

fn check_fail_closed(lint: &mut Lint, f: &HttpFilter) {
    let plugin = field(f.body, "config").unwrap_or(&Value::Null);
    if truthy(field(plugin, "fail_open")) {
        lint.find(
            format!("{}.config.fail_open", f.loc),
            Rule::FailOpen,
            "the learning filter must fail closed (a crashed VM would pass answers through)",
        );
    }
    if enum_is(field(plugin, "failure_policy"), "FAIL_OPEN", 3) {
        lint.find(
            format!("{}.config.failure_policy", f.loc),
            Rule::FailOpen,
            "failure_policy FAIL_OPEN: the learning filter must fail closed",
        );
    }
}

fn check_hardening(lint: &mut Lint, h: &Hcm) {
    for k in ["normalize_path", "merge_slashes"] {
        if !truthy(field(h.body, k)) {
            lint.find(
                format!("{}.{k}", h.loc),
                Rule::HcmHardening,
                format!("{k} must be true (path tricks otherwise slip past route classification)"),
            );
        }
    }
    let k = "path_with_escaped_slashes_action";
    if enum_is(field(h.body, k), "KEEP_UNCHANGED", 1) {
        lint.find(
            format!("{}.{k}", h.loc),
            Rule::HcmHardening,
            "KEEP_UNCHANGED lets %2F past route matching: use REJECT_REQUEST or UNESCAPE_AND_REDIRECT",
        );
    }
    let action = field(h.body, "common_http_protocol_options")
        .and_then(|o| field(o, "headers_with_underscores_action"));
    if !enum_is(action, "REJECT_REQUEST", 1) {
        lint.find(
            format!(
                "{}.common_http_protocol_options.headers_with_underscores_action",
                h.loc
            ),
            Rule::HeadersWithUnderscores,
            "must be REJECT_REQUEST: a header like x_orrery_learning_level would otherwise reach an upstream that reads `_` as `-`",
        );
    }
}

/// A per-filter config entry: (disabled?, the inner config's type and body).
fn per_filter(v: &Value) -> (bool, Option<(&str, &Value)>) {
    match unwrap_any(v) {
        Some((ROUTE_FILTER_CONFIG, body)) => {
            let inner = field(body, "config").and_then(unwrap_any);
            let off = truthy(field(body, "disabled"))
                || inner.is_some_and(|(_, b)| truthy(field(b, "disabled")));
            (off, inner)
        }
        Some((t, body)) => (truthy(field(body, "disabled")), Some((t, body))),
        None => (truthy(field(v, "disabled")), None),
    }
}

/// Every `typed_per_filter_config` in the route table, wherever it sits.
fn walk_per_filter<'a>(
    v: &'a Value,
    loc: &str,
    out: &mut Vec<(String, &'a serde_json::Map<String, Value>)>,
) {
    match v {
        Value::Object(o) => {
            for (k, child) in o {
                let cloc = format!("{loc}.{k}");
                if k == "typed_per_filter_config" || k == "typedPerFilterConfig" {
                    if let Some(m) = child.as_object() {
                        out.push((cloc.clone(), m));
                    }
                }
                walk_per_filter(child, &cloc, out);
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                walk_per_filter(child, &format!("{loc}[{i}]"), out);
            }
        }
        _ => {}
    }
}

fn guarded_names(h: &Hcm, jwt: bool) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for f in &h.filters {
        let hit = match f.kind {
            Kind::Jwt => jwt,
            Kind::Learning { .. } => !jwt,
            _ => false,
        };
        if hit {
            names.insert(f.name.clone());
        }
    }
    // Envoy also finds per-filter config under the extension's canonical name.
    names.insert(
        if jwt {
            "envoy.filters.http.jwt_authn"
        } else {
            "envoy.filters.http.wasm"
        }
        .into(),
    );
    names
}

fn check_per_route(lint: &mut Lint, h: &Hcm, rc: &Value, rc_loc: &str) {
    let jwt_names = guarded_names(h, true);
    let wasm_names = guarded_names(h, false);
    let mut found = Vec::new();
    walk_per_filter(rc, rc_loc, &mut found);
    // A per-route requirement (even on a weighted cluster, the most specific level) must require.
    let reqmap = h
        .filters
        .iter()
        .find(|f| matches!(f.kind, Kind::Jwt))
        .and_then(|f| field(f.body, "requirement_map"));
    for (loc, map) in found {
        for (key, v) in map {
            let (off, inner) = per_filter(v);
            if off && (jwt_names.contains(key) || wasm_names.contains(key)) {
                lint.find(
                    format!("{loc}[\"{key}\"]"),
                    Rule::PerRouteDisable,
                    format!("disables {key} for part of the route table"),
                );
            }
            if let (false, true, Some((JWT_PER_ROUTE, b))) = (off, jwt_names.contains(key), inner) {
                if let Some(n) = text(b, "requirement_name") {
                    let ok = reqmap.and_then(|m| field(m, n)).is_some_and(requires_token);
                    if !ok {
                        lint.find(
                            format!("{loc}[\"{key}\"]"),
                            Rule::JwtRequired,
                            "requirement_name does not name a requirement_map entry that requires a token",
                        );
                    }
                }
            }
        }
    }
}

/// Does this `JwtRequirement` demand a verified token?
fn requires_token(req: &Value) -> bool {
    if text(req, "provider_name").is_some_and(|p| !p.is_empty())
        || field(req, "provider_and_audiences").is_some()
    {
        return true;
    }
    if let Some(any) = field(req, "requires_any") {
        let reqs = items(any, "requirements");
        return !reqs.is_empty() && reqs.iter().all(requires_token);
    }
    if let Some(all) = field(req, "requires_all") {
        return items(all, "requirements").iter().any(requires_token);
    }
    false
}

/// Every `allow_missing` / `allow_missing_or_failed` in the jwt_authn config.
fn walk_allow_missing(v: &Value, loc: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            for (k, child) in o {
                let cloc = format!("{loc}.{k}");
                if [
                    "allow_missing",
                    "allowMissing",
                    "allow_missing_or_failed",
                    "allowMissingOrFailed",
                ]
                .contains(&k.as_str())
                {
                    out.push(cloc.clone());
                }
                walk_allow_missing(child, &cloc, out);
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                walk_allow_missing(child, &format!("{loc}[{i}]"), out);
            }
        }
        _ => {}
    }
}

struct JwtRule {
    loc: String,
    m: Match,
    requiring: bool,
}

fn check_jwt(lint: &mut Lint, h: &Hcm, jwt: &HttpFilter, vhosts: &[VHost]) {
    let body = jwt.body;
    let cfg_loc = format!("{}.typed_config", jwt.loc);
    let mut allow = Vec::new();
    walk_allow_missing(body, &cfg_loc, &mut allow);
    for loc in allow {
        lint.find(
            loc,
            Rule::JwtRequired,
            "a requirement that lets a request through without a valid token",
        );
    }
    if truthy(field(body, "bypass_cors_preflight")) {
        lint.find(
            format!("{cfg_loc}.bypass_cors_preflight"),
            Rule::JwtRequired,
            "CORS preflights would reach Orrery without a token",
        );
    }
    // The filter's view: which header carries the payload, which exact paths are its public
    // routes (probes and console pages: `Route::is_public`, where it reads no identity).
    let cfg = h.filters.iter().find_map(|f| match &f.kind {
        Kind::Learning { cfg: Some(c), .. } => Some(c.as_ref()),
        _ => None,
    });
    let header = cfg.map_or(DEFAULT_PAYLOAD_HEADER, |c| {
        c.identity.payload_header.as_str()
    });
    let public: Vec<String> = {
        let default_routes;
        let routes = match cfg {
            Some(c) => &c.routes,
            None => {
                default_routes = RoutePolicy::default();
                &default_routes
            }
        };
        routes
            .health
            .iter()
            .chain(&routes.console_pages)
            .cloned()
            .collect()
    };
    let providers = field(body, "providers").and_then(Value::as_object);
    let (targets, dynamic) = orrery_targets(lint, vhosts);
    match providers {
        Some(p) if !p.is_empty() => {
            for (name, prov) in p {
                let ploc = format!("{cfg_loc}.providers[\"{name}\"]");
                check_token_source(lint, &ploc, prov);
                if truthy(field(prov, "forward")) {
                    let mut unmarked: Vec<&str> = targets
                        .iter()
                        .filter(|c| !lint.verifying.contains(*c))
                        .map(String::as_str)
                        .collect();
                    if dynamic {
                        unmarked.push("(a cluster picked at run time)");
                    }
                    if !unmarked.is_empty() {
                        lint.find(
                            format!("{ploc}.forward"),
                            Rule::JwtForward,
                            format!("forward: true sends the learner's token upstream to {}: set forward: false, or mark each cluster that authenticates the bearer itself with metadata.filter_metadata.orrery_learning.verifies_bearer: true", unmarked.join(", ")),
                        );
                    }
                }
                if text(prov, "forward_payload_header") != Some(header) {
                    lint.find(
                        format!("{cfg_loc}.providers[\"{name}\"].forward_payload_header"),
                        Rule::JwtPayloadHeader,
                        format!("must be set to {header}, the header the learning filter reads the identity from"),
                    );
                }
            }
        }
        _ => lint.find(
            format!("{cfg_loc}.providers"),
            Rule::JwtRequired,
            "jwt_authn has no provider",
        ),
    }
    let reqmap = field(body, "requirement_map");
    let named = |name: &str| {
        reqmap
            .and_then(|m| field(m, name))
            .is_some_and(requires_token)
    };
    let rules: Vec<JwtRule> = items(body, "rules")
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let requiring = match (field(r, "requires"), text(r, "requirement_name")) {
                (Some(req), _) => requires_token(req),
                (None, Some(n)) => named(n),
                (None, None) => false,
            };
            let raw = field(r, "match").unwrap_or(&Value::Null);
            JwtRule {
                loc: format!("{cfg_loc}.rules[{i}]"),
                m: Match::parse(raw, requiring),
                requiring,
            }
        })
        .collect();
    let jwt_names = guarded_names(h, true);
    for vh in vhosts {
        for (j, r) in vh.routes.iter().enumerate() {
            if !r.orrery {
                continue;
            }
            // A per-route requirement replaces the rules for this route.
            if let Some((loc, req)) =
                per_route_requirement(&[(&r.loc, r.v), (&vh.loc, vh.v)], &jwt_names)
            {
                match req {
                    PerRoute::Disabled => {} // reported by per-route-disable
                    PerRoute::Name(n) if named(&n) => {}
                    PerRoute::Name(_) => lint.find(
                        loc,
                        Rule::JwtRequired,
                        "requirement_name does not name a requirement_map entry that requires a token",
                    ),
                }
                continue;
            }
            check_route_coverage(lint, &rules, &vh.routes, j, &public);
        }
    }
}

/// The `jwt-token-source` rule for one provider: the token comes from `Authorization: Bearer`
/// only. Without `from_headers` Envoy also reads the `access_token` query parameter.
fn check_token_source(lint: &mut Lint, ploc: &str, prov: &Value) {
    for k in ["from_params", "from_cookies"] {
        if !items(prov, k).is_empty() {
            lint.find(
                format!("{ploc}.{k}"),
                Rule::JwtTokenSource,
                "a token in a query parameter or a cookie ends up in logs and browser history: read it from the Authorization header only",
            );
        }
    }
    let headers = items(prov, "from_headers");
    if headers.is_empty() {
        lint.find(
            ploc,
            Rule::JwtTokenSource,
            "no from_headers: Envoy's default also reads the token from the access_token query parameter; set from_headers to Authorization with value_prefix \"Bearer \"",
        );
    }
    for (i, h) in headers.iter().enumerate() {
        let is_auth = text(h, "name").is_some_and(|n| n.eq_ignore_ascii_case("authorization"));
        let bearer = text(h, "value_prefix").is_some_and(|p| p.trim() == "Bearer");
        if !is_auth || !bearer {
            lint.find(
                format!("{ploc}.from_headers[{i}]"),
                Rule::JwtTokenSource,
                "only the Authorization header, with value_prefix \"Bearer \", may carry the token",
            );
        }
    }
}

/// The clusters this connection manager's routes to Orrery send requests to (mirrors included:
/// they get the headers too), and whether one is picked at run time.
fn orrery_targets(lint: &Lint, vhosts: &[VHost]) -> (BTreeSet<String>, bool) {
    let mut names = BTreeSet::new();
    let mut dynamic = false;
    let dynamic_keys = [
        "cluster_header",
        "cluster_specifier_plugin",
        "inline_cluster_specifier_plugin",
    ];
    for r in vhosts
        .iter()
        .flat_map(|v| v.routes.iter())
        .filter(|r| r.orrery)
    {
        let Some(action) = field(r.v, "route") else {
            continue;
        };
        dynamic |= dynamic_keys.iter().any(|k| field(action, k).is_some());
        let mut push = |n: Option<&str>| {
            if let Some(n) = n.filter(|n| lint.is_orrery(n)) {
                names.insert(n.to_string());
            }
        };
        push(text(action, "cluster"));
        if let Some(w) = field(action, "weighted_clusters") {
            for c in items(w, "clusters") {
                dynamic |= field(c, "cluster_header").is_some();
                push(text(c, "name"));
            }
        }
        for m in items(action, "request_mirror_policies") {
            dynamic |= field(m, "cluster_header").is_some();
            push(text(m, "cluster"));
        }
    }
    (names, dynamic)
}

enum PerRoute {
    Disabled,
    Name(String),
}

fn per_route_requirement(
    scopes: &[(&str, &Value)],
    names: &BTreeSet<String>,
) -> Option<(String, PerRoute)> {
    for &(loc, v) in scopes {
        let Some(map) = field(v, "typed_per_filter_config").and_then(Value::as_object) else {
            continue;
        };
        for (k, entry) in map {
            if !names.contains(k) {
                continue;
            }
            let (off, inner) = per_filter(entry);
            if off {
                return Some((String::new(), PerRoute::Disabled));
            }
            if let Some((JWT_PER_ROUTE, b)) = inner {
                if let Some(n) = text(b, "requirement_name") {
                    return Some((
                        format!("{loc}.typed_per_filter_config[\"{k}\"]"),
                        PerRoute::Name(n.into()),
                    ));
                }
            }
        }
    }
    None
}

/// Route `j` of a virtual host reaches Orrery: every path of it must meet, first, a jwt_authn
/// rule that requires a token, except the filter's public routes (exact paths: probes and
/// console pages, where the filter reads no identity) and paths an earlier route takes.
fn check_route_coverage(
    lint: &mut Lint,
    rules: &[JwtRule],
    routes: &[Route],
    j: usize,
    public: &[String],
) {
    let r = &routes[j];
    let mut covered = false;
    for rule in rules {
        if rule.requiring {
            if !rule.m.conditional && contains(&rule.m.set, &r.m.set) {
                covered = true;
                break;
            }
            continue;
        }
        // A rule without a requirement exempts at least its path set, whatever its conditions.
        let Some(hole) = intersection(&rule.m.set, &r.m.set) else {
            continue;
        };
        let is_public =
            matches!(&hole, PathSet::Exact { path, ci: false } if public.iter().any(|p| p == path));
        let taken_earlier = routes[..j]
            .iter()
            .any(|e| !e.m.conditional && contains(&e.m.set, &hole));
        if !is_public && !taken_earlier {
            lint.find(
                &rule.loc,
                Rule::JwtRequired,
                format!(
                    "exempts requests from the token that {} sends to Orrery",
                    r.loc
                ),
            );
        }
    }
    if !covered {
        lint.find(
            &r.loc,
            Rule::JwtRequired,
            "no jwt_authn rule requires a token for every path of this route to Orrery",
        );
    }
}

fn check_network_filter(lint: &mut Lint, loc: &str, kind: &str, body: &Value, clusters: &[Value]) {
    let hits_orrery = |name: &str| -> bool {
        lint.is_orrery(name)
            && (!lint.opts.orrery_clusters.is_empty()
                || clusters.iter().any(|c| text(c, "name") == Some(name)))
    };
    let hit = if kind == TCP_PROXY {
        text(body, "cluster").is_some_and(|c| lint.is_orrery(c))
            || field(body, "weighted_clusters").is_some_and(|w| {
                items(w, "clusters")
                    .iter()
                    .any(|c| text(c, "name").is_some_and(|n| lint.is_orrery(n)))
            })
    } else {
        let mut strings = Vec::new();
        all_strings(body, &mut strings);
        strings.iter().any(|s| hits_orrery(s))
    };
    if hit {
        lint.find(
            loc,
            Rule::TcpToOrrery,
            format!("network filter {kind} reaches the Orrery cluster without HTTP, so without the guard"),
        );
    }
}

fn all_strings<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(a) => a.iter().for_each(|c| all_strings(c, out)),
        Value::Object(o) => o.values().for_each(|c| all_strings(c, out)),
        _ => {}
    }
}

fn check_sync(lint: &mut Lint, root: &Value, hcms: &[Hcm]) {
    let filters: Vec<(&str, &FilterConfig)> = hcms
        .iter()
        .flat_map(|h| h.filters.iter())
        .filter_map(|f| match &f.kind {
            Kind::Learning {
                cfg: Some(c),
                vm_id,
            } => Some((vm_id.as_str(), c.as_ref())),
            _ => None,
        })
        .collect();
    let mut syncs = Vec::new();
    for (i, ext) in items(root, "bootstrap_extensions").iter().enumerate() {
        let Some((WASM_SERVICE, body)) = typed(ext) else {
            continue;
        };
        let loc = format!("bootstrap_extensions[{i}].typed_config");
        let plugin = field(body, "config").unwrap_or(&Value::Null);
        let bytes = plugin_configuration(plugin);
        if !looks_ours(plugin, bytes.as_deref()) {
            continue;
        }
        let cloc = format!("{loc}.config.configuration");
        let bytes = without_inline_secret(lint, &cloc, bytes);
        let cfg = match bytes.as_deref().map(FilterConfig::parse) {
            Some(Ok(c)) if c.role == Role::Sync => {
                check_secret_env(lint, &format!("{loc}.config"), plugin, &c);
                c
            }
            Some(Ok(_)) => {
                lint.find(
                    cloc,
                    Rule::PluginConfig,
                    "role must be \"sync\" in envoy.bootstrap.wasm",
                );
                continue;
            }
            Some(Err(e)) => {
                lint.find(cloc, Rule::PluginConfig, e.to_string());
                continue;
            }
            None => {
                lint.find(
                    cloc,
                    Rule::PluginConfig,
                    "configuration must be a google.protobuf.StringValue",
                );
                continue;
            }
        };
        if cfg.control.cluster != lint.control {
            let msg = format!(
                "control.cluster names {}, but the control cluster is {}",
                cfg.control.cluster, lint.control
            );
            lint.find(&cloc, Rule::SyncSingleton, msg);
        }
        if !truthy(field(body, "singleton")) {
            lint.find(
                format!("{loc}.singleton"),
                Rule::SyncSingleton,
                "the sync service must be singleton: true (one poller per Envoy)",
            );
        }
        let vm_id = field(plugin, "vm_config")
            .and_then(|v| text(v, "vm_id"))
            .unwrap_or("");
        syncs.push((loc, vm_id));
    }
    let needs_singleton: Vec<&str> = filters
        .iter()
        .filter(|(_, c)| c.sync == SyncMode::Singleton)
        .map(|(vm, _)| *vm)
        .collect();
    if needs_singleton.is_empty() {
        return;
    }
    match syncs.as_slice() {
        [] => lint.find(
            "bootstrap_extensions",
            Rule::SyncSingleton,
            "no envoy.bootstrap.wasm sync service (and the filter is not in \"sync\": \"lease\" mode): shared data would stay empty",
        ),
        [(loc, vm)] => {
            if needs_singleton.iter().any(|f| f != vm) {
                lint.find(
                    format!("{loc}.config.vm_config.vm_id"),
                    Rule::SyncSingleton,
                    "vm_id differs from the learning filter's (shared data is per vm_id)",
                );
            }
        }
        many => lint.find(
            "bootstrap_extensions",
            Rule::SyncSingleton,
            format!("{} sync services, exactly one expected", many.len()),
        ),
    }
}

fn is_loopback(addr: &str) -> bool {
    if addr == "localhost" {
        return true;
    }
    addr.parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
}

fn check_control(lint: &mut Lint, clusters: &[Value]) {
    let name = lint.control.clone();
    let Some((ci, c)) = clusters
        .iter()
        .enumerate()
        .find(|(_, c)| text(c, "name") == Some(name.as_str()))
    else {
        lint.find(
            "static_resources.clusters",
            Rule::ControlLoopback,
            format!("control cluster {name} is not defined"),
        );
        return;
    };
    let loc = format!("static_resources.clusters[{ci}]");
    let kind = text(c, "type").unwrap_or("STATIC");
    if !["STATIC", "STRICT_DNS", "LOGICAL_DNS"].contains(&kind)
        || field(c, "cluster_type").is_some()
    {
        lint.find(
            format!("{loc}.type"),
            Rule::ControlLoopback,
            "the control cluster must list its endpoints (STATIC or DNS), so loopback can be proven",
        );
        return;
    }
    let mut addrs = Vec::new();
    let la = field(c, "load_assignment").unwrap_or(&Value::Null);
    for (ei, e) in items(la, "endpoints").iter().enumerate() {
        for (li, lb) in items(e, "lb_endpoints").iter().enumerate() {
            let eloc = format!("{loc}.load_assignment.endpoints[{ei}].lb_endpoints[{li}].endpoint");
            let ep = field(lb, "endpoint").unwrap_or(&Value::Null);
            addrs.push((format!("{eloc}.address"), field(ep, "address")));
            for (ai, a) in items(ep, "additional_addresses").iter().enumerate() {
                addrs.push((
                    format!("{eloc}.additional_addresses[{ai}]"),
                    field(a, "address"),
                ));
            }
        }
    }
    if addrs.is_empty() {
        lint.find(
            format!("{loc}.load_assignment"),
            Rule::ControlLoopback,
            "the control cluster has no endpoints",
        );
    }
    for (aloc, a) in addrs {
        let a = a.unwrap_or(&Value::Null);
        let ok = field(a, "pipe").is_some()
            || field(a, "socket_address")
                .and_then(|s| text(s, "address"))
                .is_some_and(is_loopback);
        if !ok {
            lint.find(
                aloc,
                Rule::ControlLoopback,
                "the control service must be reached on loopback only",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn requirement_table() {
        let cases = [
            (json!({"provider_name": "p"}), true),
            (
                json!({"provider_and_audiences": {"provider_name": "p"}}),
                true,
            ),
            (
                json!({"requires_any": {"requirements": [{"provider_name": "p"}, {"allow_missing": {}}]}}),
                false,
            ),
            (
                json!({"requires_any": {"requirements": [{"provider_name": "p"}, {"provider_name": "q"}]}}),
                true,
            ),
            (
                json!({"requires_all": {"requirements": [{"provider_name": "p"}, {"allow_missing": {}}]}}),
                true,
            ),
            (json!({"allow_missing_or_failed": {}}), false),
            (json!({}), false),
        ];
        for (req, want) in cases {
            assert_eq!(requires_token(&req), want, "{req}");
        }
    }

    #[test]
    fn loopback_table() {
        for (a, want) in [
            ("127.0.0.1", true),
            ("127.3.0.1", true),
            ("::1", true),
            ("localhost", true),
            ("0.0.0.0", false),
            ("10.0.0.1", false),
            ("control.internal", false),
        ] {
            assert_eq!(is_loopback(a), want, "{a}");
        }
    }
}
