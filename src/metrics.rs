//! Envoy stats of the filter: counters defined once per VM, named by fixed words only (a surface,
//! a fail-closed reason, a sync outcome), never by anything from a request or the manifest.
//! Envoy shows them as `wasmcustom.orrery_learning.*`.
use crate::host;
use std::collections::HashMap;

/// Surfaces that count withheld answers.
pub const SURFACES: &[&str] = &[
    "chat",
    "chat_stream",
    "transcript",
    "sessions",
    "triage",
    "activity",
    "confirmations",
    "me",
    "other",
];

/// Fail-closed and other refusals.
pub const REFUSALS: &[&str] = &[
    "not_ready",
    "too_large",
    "compressed",
    "upgrade",
    "admin",
    "studio",
    "unknown_route",
    "learning_not_found",
    "stream_failed",
    "probe_cooldown",
    "body_write_failed",
    "header_write_failed",
];

/// Sync-service outcomes.
pub const SYNC: &[&str] = &[
    "watch_ok",
    "watch_error",
    "guard_updated",
    "guard_refused",
    "levels_full_resync",
    "events_posted",
    "events_post_error",
    "events_dropped",
    "hint_level_written",
    "replies_reported",
    "probe_flag_written",
];

/// Counter ids by name.
#[derive(Debug, Default, Clone)]
pub struct Metrics {
    ids: HashMap<String, u32>,
}

impl Metrics {
    /// Define every counter; a host that refuses one just leaves it uncounted.
    pub fn define() -> Metrics {
        let mut ids = HashMap::new();
        let groups: [(&str, &[&str]); 3] = [
            ("withheld", SURFACES),
            ("refused", REFUSALS),
            ("sync", SYNC),
        ];
        for (group, names) in groups {
            for n in names {
                let key = format!("{group}.{n}");
                if let Some(id) = host::define_counter(&format!("orrery_learning.{key}")) {
                    ids.insert(key, id);
                }
            }
        }
        Metrics { ids }
    }

    /// Add `n` to `group.name` (unknown names are ignored).
    pub fn add(&self, group: &str, name: &str, n: u64) {
        if let Some(id) = self.ids.get(&format!("{group}.{name}")) {
            host::increment(*id, i64::try_from(n).unwrap_or(i64::MAX));
        }
    }

    pub fn inc(&self, group: &str, name: &str) {
        self.add(group, name, 1);
    }
}
