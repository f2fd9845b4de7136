//! The distinctive parts of a string target (a stretch rule, `Rules::name_parts`). A lab's
//! instances share a prefix and differ in one part: `orders-worker-kestrel` beside
//! `orders-worker-petrel`, a pod `orders-worker-5d8f7c9b6-xkqpz` beside its replicas. To a
//! learner who has seen the list, `kestrel` alone *is* the answer, so the guard withholds the
//! distinctive part written alone (on word boundaries, in any case, with digits for letters:
//! [`super::fuzzy`] scans it as an exact skeleton).
//!
//! This module owns which parts are distinctive. A part is a run between `-`, `_`, `.`, `:`,
//! `/` or `@` of an identifier with at least two parts. It is distinctive when
//! - it is letters only and at least five long, or mixes letters and digits and is at least
//!   four long (a hash: `5d8f7c9b6`, `x2kq9`);
//! - it is not a common ops or English word ([`COMMON`]: `orders`, `worker`, `consumer`,
//!   `primary`, `green`, …), which tool output says all the time;
//! - it is not a part of any target id or of another string target (shared, so not what
//!   tells this target apart).
//!
//! Names with spaces or in CamelCase (alert names: `KafkaConsumerLagHigh`) have no parts
//! here: their parts are ordinary words. Digit-only parts are the name-number rule's
//! (`orders-7`, `names.rs`).

/// Distinctive parts of `value`, lowercased. `ids` are the manifest's target ids; `others`
/// the other string targets.
pub(crate) fn distinctive(value: &str, ids: &[&str], others: &[&str]) -> Vec<String> {
    if value.chars().any(char::is_whitespace) {
        return Vec::new();
    }
    let parts = split(value);
    if parts.len() < 2 {
        return Vec::new();
    }
    let shared: Vec<String> = ids
        .iter()
        .chain(others.iter())
        .flat_map(|s| split(s))
        .collect();
    let mut out: Vec<String> = Vec::new();
    for p in parts {
        let letters = p.chars().filter(char::is_ascii_alphabetic).count();
        let digits = p.chars().filter(char::is_ascii_digit).count();
        let ascii = letters + digits == p.chars().count();
        let shaped =
            ascii && ((digits == 0 && letters >= 5) || (digits > 0 && letters > 0 && p.len() >= 4));
        if shaped && !is_common(&p) && !shared.contains(&p) && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// Lowercased parts of an identifier.
fn split(s: &str) -> Vec<String> {
    s.split(['-', '_', '.', ':', '/', '@'])
        .filter(|p| !p.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

fn is_common(p: &str) -> bool {
    // Plurals and `-er`/`-ing` forms of a common word are common too.
    let stems = [
        p,
        p.strip_suffix('s').unwrap_or(p),
        p.strip_suffix("es").unwrap_or(p),
        p.strip_suffix("er").unwrap_or(p),
        p.strip_suffix("ing").unwrap_or(p),
    ];
    stems.iter().any(|s| COMMON.binary_search(s).is_ok())
}

/// Words that name roles, environments, components and places in ops text, and common
/// English words that turn up in identifiers. Sorted (binary search).
#[rustfmt::skip]
const COMMON: &[&str] = &[
    "abort", "access", "account", "action", "active", "adapter", "admin", "agent", "alert",
    "alpha", "amd64", "analytics", "apache", "append", "apply", "archive", "arm64", "asset",
    "async", "audit", "backend", "backup", "balance", "balancer", "base64", "batch", "bench",
    "billing", "black", "block", "bridge", "broker", "brown", "bucket", "buffer", "build",
    "cache", "canary", "cassandra", "central", "change", "channel", "check", "checkout",
    "child", "chrome", "class", "clean", "client", "clock", "cloud", "cluster", "collect",
    "commit", "common", "compute", "config", "connect", "connector", "consume", "consumer",
    "control", "controller", "coordinator", "count", "counter", "create", "credit", "critical",
    "cron", "daemon", "daily", "dashboard", "data", "database", "debug", "default", "delete",
    "deliver", "delivery", "delta", "deploy", "deployment", "detect", "device", "direct",
    "discovery", "dispatch", "dns", "docker", "domain", "down", "driver", "dummy", "east",
    "edge", "elastic", "elasticsearch", "email", "engine", "entry", "envoy", "error", "event",
    "example", "export", "external", "fallback", "feature", "fetch", "filter", "first",
    "fleet", "flink", "flush", "follow", "follower", "forward", "frontend", "gamma", "gateway",
    "global", "grafana", "graph", "green", "group", "handle", "handler", "health", "heavy",
    "hello", "history", "hourly", "http2", "http3", "image", "import", "index", "indexer",
    "info", "infra", "ingest", "ingestor", "ingress", "inner", "input", "insert", "instance",
    "internal", "inventory", "invoice", "ipv4", "ipv6", "istio", "job", "journal", "kafka",
    "kernel", "keycloak", "label", "large", "latency", "layer", "leader", "legacy", "level",
    "light", "limit", "linux", "listen", "listener", "local", "lock", "logger", "logging",
    "login", "logstash", "lower", "mail", "main", "manage", "manager", "master", "match",
    "media", "medium", "memcached", "memory", "merge", "message", "metric", "metrics",
    "middle", "minio", "mirror", "mobile", "model", "module", "mongo", "mongodb", "monitor",
    "monthly", "mysql", "namespace", "network", "nginx", "night", "nightly", "node", "normal",
    "north", "notify", "object", "offset", "online", "operator", "orange", "order", "origin",
    "outer", "output", "owner", "parent", "parse", "parser", "partition", "payment",
    "pending", "pipeline", "platform", "plugin", "policy", "postgres", "postgresql", "power",
    "primary", "private", "process", "processor", "produce", "producer", "product", "profile",
    "prometheus", "proxy", "public", "publish", "purple", "query", "queue", "rabbitmq",
    "react", "reader", "ready", "realtime", "receive", "record", "redis", "region", "registry",
    "relay", "release", "remote", "render", "replica", "report", "request", "reserve",
    "reset", "resolve", "resource", "response", "result", "retry", "review", "route",
    "router", "runner", "sample", "scale", "schedule", "scheduler", "schema", "scrape",
    "search", "second", "secondary", "secret", "secure", "select", "sender", "sensor",
    "server", "service", "session", "settle", "shard", "share", "shipping", "short",
    "sidecar", "signal", "silver", "single", "small", "south", "spark", "split", "stable",
    "stage", "staging", "standby", "start", "state", "static", "status", "storage", "store",
    "stream", "sync", "syslog", "system", "table", "target", "task", "template", "tenant",
    "test", "third", "thread", "timer", "token", "topic", "total", "trace", "tracker",
    "traffic", "transfer", "trigger", "upload", "upper", "usage", "user", "utf16", "utf8",
    "valid", "value", "vault", "vector", "verify", "version", "view", "volume", "warning",
    "watch", "watcher", "weekly", "white", "window", "worker", "write", "writer", "yellow",
    "zone", "zookeeper",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_is_sorted() {
        assert!(
            COMMON.windows(2).all(|w| w[0] < w[1]),
            "COMMON must stay sorted"
        );
    }

    #[test]
    fn which_parts() {
        assert_eq!(distinctive("orders-worker-kestrel", &[], &[]), ["kestrel"]);
        assert_eq!(
            distinctive("orders-worker-5d8f7c9b6-xkqpz", &[], &[]),
            ["5d8f7c9b6", "xkqpz"]
        );
        assert_eq!(distinctive("kestrel.orders.svc", &[], &[]), ["kestrel"]);
        // Shared with a target id or another string target: not distinctive.
        assert!(distinctive("orders-worker-kestrel", &["kestrel_lag"], &[]).is_empty());
        assert!(distinctive("orders-kestrel-1", &[], &["billing-kestrel-2"]).is_empty());
        // Short, common, digits only, one part, spaces, CamelCase.
        for v in [
            "orders-7",
            "orders-workers",
            "payments-api-v2",
            "primary-replica",
            "kestrel",
            "KafkaConsumerLagHigh",
            "orders worker kestrel",
            "green-deployment",
            "http2-gateway",
        ] {
            assert!(distinctive(v, &[], &[]).is_empty(), "{v}");
        }
    }
}
