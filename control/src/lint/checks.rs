//! The rules themselves (listed in the parent module): find the HTTP connection managers, their
//! filters and routes, decide which reach Orrery, and check each; the access log formats are
//! judged in `logs.rs`, the token checks (jwt_authn and route coverage) in `checks/jwt.rs`, and
//! our own plugin (its configuration, secret, sync service and control cluster) in
//! `checks/plugin.rs`. Messages name locations, rule ids, clusters, filters, operators and
//! environment variable names, never a configured value.
use super::logs;
use super::node::{enum_is, field, items, text, truthy, typed, unwrap_any};
use super::pathset::Match;
use super::{Finding, Options, Report, Rule};
use orrery_learning_guard::policy::FilterConfig;
use serde_json::Value;
use std::collections::BTreeSet;

mod jwt;
mod plugin;

use jwt::{check_jwt, requires_token};
use plugin::{check_control, check_sync, learning_kind};

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
