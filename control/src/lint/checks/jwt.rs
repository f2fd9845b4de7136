//! The token rules: whether jwt_authn demands a verified token on every route that reaches
//! Orrery (requirements, `allow_missing`, per-route overrides, rules matched by path), where it
//! reads the token from, and that it lets through without a token exactly the public routes of
//! the learning filter. Messages name locations and rule ids, never a configured value.
use super::{guarded_names, per_filter, Hcm, HttpFilter, Kind, Lint, Route, VHost, JWT_PER_ROUTE};
use crate::lint::node::{field, items, text, truthy};
use crate::lint::pathset::{contains, intersection, Match, PathSet};
use crate::lint::Rule;
use orrery_learning_guard::policy::{RoutePolicy, DEFAULT_PAYLOAD_HEADER};
use serde_json::Value;
use std::collections::BTreeSet;

/// Does this `JwtRequirement` demand a verified token?
pub(super) fn requires_token(req: &Value) -> bool {
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

pub(super) fn check_jwt(lint: &mut Lint, h: &Hcm, jwt: &HttpFilter, vhosts: &[VHost]) {
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
    let (public, statics): (Vec<String>, Vec<String>) = {
        let default_routes;
        let routes = match cfg {
            Some(c) => &c.routes,
            None => {
                default_routes = RoutePolicy::default();
                &default_routes
            }
        };
        (
            routes
                .health
                .iter()
                .chain(&routes.console_pages)
                .cloned()
                .collect(),
            routes.public_static_prefixes.clone(),
        )
    };
    let public = Public {
        exact: public,
        statics,
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

/// The paths the filter treats as token-free: exact paths (probes, console pages) and the
/// public static prefixes (`routes.public_static_prefixes`, default `/assets/`). On all of them
/// it reads no identity, so jwt_authn may exempt exactly these.
struct Public {
    exact: Vec<String>,
    statics: Vec<String>,
}

impl Public {
    /// Whether an exempted path set lies wholly within the public paths (case-sensitively: a
    /// case-insensitive exemption of `/assets/` also exempts `/ASSETS/`, which the filter
    /// would not know as static).
    fn holds(&self, hole: &PathSet) -> bool {
        if let PathSet::Exact { path, ci: false } = hole {
            if self.exact.iter().any(|p| p == path) {
                return true;
            }
        }
        self.statics.iter().any(|p| {
            contains(
                &PathSet::Prefix {
                    prefix: p.clone(),
                    ci: false,
                },
                hole,
            )
        })
    }
}

/// Route `j` of a virtual host reaches Orrery: every path of it must meet, first, a jwt_authn
/// rule that requires a token, except the filter's public paths ([`Public`], where the filter
/// reads no identity) and paths an earlier route takes.
fn check_route_coverage(
    lint: &mut Lint,
    rules: &[JwtRule],
    routes: &[Route],
    j: usize,
    public: &Public,
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
        let is_public = public.holds(&hole);
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
}
