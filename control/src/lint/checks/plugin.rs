//! Our own plugin: recognising the learning filter among the wasm filters and parsing its
//! configuration (with the `proxy-secret` rule on the way), the sync service (a bootstrap
//! singleton or lease mode, sharing the filter's `vm_id`), and the control cluster it calls.
//! Messages name locations, rule ids, clusters and environment variable names, never a
//! configured value.
use super::{Hcm, Kind, Lint, WASM_SERVICE};
use crate::lint::node::{field, items, text, truthy, typed, unwrap_any};
use crate::lint::Rule;
use orrery_learning_guard::policy::{FilterConfig, Role, SyncMode};
use serde_json::Value;

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

pub(super) fn learning_kind(lint: &mut Lint, loc: &str, plugin: &Value, name: &str) -> Kind {
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

pub(super) fn check_sync(lint: &mut Lint, root: &Value, hcms: &[Hcm]) {
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

pub(super) fn check_control(lint: &mut Lint, clusters: &[Value]) {
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
