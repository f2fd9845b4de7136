//! Prometheus metrics (`GET /metrics`, OpenMetrics text via `prometheus-client`). Labels are
//! closed sets chosen by this service (a level 0–3, a surface name checked against a short
//! charset), never a value, a subject or a descriptor.

use prometheus_client::encoding::text::encode;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct LevelLabel {
    pub level: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct SurfaceLabel {
    pub surface: String,
}

/// Every metric the control service exports.
pub struct Metrics {
    registry: Registry,
    pub manifest_errors: Counter,
    pub manifest_generation: Gauge,
    pub hints: Family<LevelLabel, Counter>,
    pub answers_withheld: Family<SurfaceLabel, Counter>,
    pub replies_withheld: Family<SurfaceLabel, Counter>,
    pub probes_suspected: Counter,
    pub events_dropped: Counter,
    pub levels: Gauge,
    pub watchers: Gauge,
    pub retired_values: Gauge,
    pub grace_file_write_errors: Counter,
    pub secret_rotations: Counter,
    pub secret_errors: Counter,
    pub secrets_accepted: Gauge,
    pub audit_replayed: Counter,
    pub audit_unreadable: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::default();
        let m = Metrics {
            registry: Registry::default(),
            manifest_errors: Counter::default(),
            manifest_generation: Gauge::default(),
            hints: Family::default(),
            answers_withheld: Family::default(),
            replies_withheld: Family::default(),
            probes_suspected: Counter::default(),
            events_dropped: Counter::default(),
            levels: Gauge::default(),
            watchers: Gauge::default(),
            retired_values: Gauge::default(),
            grace_file_write_errors: Counter::default(),
            secret_rotations: Counter::default(),
            secret_errors: Counter::default(),
            secrets_accepted: Gauge::default(),
            audit_replayed: Counter::default(),
            audit_unreadable: Counter::default(),
        };
        // prometheus-client appends `_total` to counters.
        registry.register(
            "orrery_learning_manifest_errors",
            "Manifest versions rejected on reload (the last valid one stayed in force)",
            m.manifest_errors.clone(),
        );
        registry.register(
            "orrery_learning_manifest_generation",
            "Generation of the guard set in force (bumps on reload and on grace expiry)",
            m.manifest_generation.clone(),
        );
        registry.register(
            "orrery_learning_hints",
            "Hint steps taken, by the level reached",
            m.hints.clone(),
        );
        registry.register(
            "orrery_learning_answers_withheld",
            "Answers the filter withheld, by surface",
            m.answers_withheld.clone(),
        );
        registry.register(
            "orrery_learning_replies_withheld",
            "Model-turn replies with anything withheld (one per reply), by surface",
            m.replies_withheld.clone(),
        );
        registry.register(
            "orrery_learning_probes_suspected",
            "Learners flagged as suspected probes (withheld replies over the threshold in the window)",
            m.probes_suspected.clone(),
        );
        registry.register(
            "orrery_learning_events_dropped",
            "Reported events dropped because their target id is neither current nor retired",
            m.events_dropped.clone(),
        );
        registry.register(
            "orrery_learning_levels",
            "Stored (subject, scenario) levels",
            m.levels.clone(),
        );
        registry.register(
            "orrery_learning_watchers",
            "Open watch long-polls",
            m.watchers.clone(),
        );
        registry.register(
            "orrery_learning_retired_values",
            "Values that left the manifest and are still guarded (grace)",
            m.retired_values.clone(),
        );
        registry.register(
            "orrery_learning_grace_file_write_errors",
            "Grace file writes that failed (grace stays guarded from memory; retried every second)",
            m.grace_file_write_errors.clone(),
        );
        registry.register(
            "orrery_learning_proxy_secret_rotations",
            "Proxy secret changes read from the secret file",
            m.secret_rotations.clone(),
        );
        registry.register(
            "orrery_learning_proxy_secret_errors",
            "Secret file reads refused (unreadable, too short, not printable); the secret in force stayed",
            m.secret_errors.clone(),
        );
        registry.register(
            "orrery_learning_proxy_secrets_accepted",
            "Proxy secrets accepted now (2 during a rotation's overlap)",
            m.secrets_accepted.clone(),
        );
        registry.register(
            "orrery_learning_report_replayed_entries",
            "Audit entries replayed into the help report at start",
            m.audit_replayed.clone(),
        );
        registry.register(
            "orrery_learning_report_unreadable_entries",
            "Audit lines that could not be read when rebuilding the help report at start",
            m.audit_unreadable.clone(),
        );
        Metrics { registry, ..m }
    }

    /// The exposition text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        if encode(&mut out, &self.registry).is_err() {
            out.clear();
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_documented_names() {
        let m = Metrics::new();
        m.manifest_errors.inc();
        m.probes_suspected.inc();
        m.hints
            .get_or_create(&LevelLabel { level: "1".into() })
            .inc();
        let text = m.render();
        for name in [
            "orrery_learning_manifest_errors_total 1",
            "orrery_learning_manifest_generation 0",
            "orrery_learning_hints_total{level=\"1\"} 1",
            "orrery_learning_probes_suspected_total 1",
            "orrery_learning_levels 0",
            "orrery_learning_watchers 0",
            "orrery_learning_retired_values 0",
            "orrery_learning_grace_file_write_errors_total 0",
            "orrery_learning_proxy_secret_rotations_total 0",
            "orrery_learning_proxy_secret_errors_total 0",
            "orrery_learning_proxy_secrets_accepted 0",
            "orrery_learning_report_replayed_entries_total 0",
        ] {
            assert!(text.contains(name), "missing {name} in\n{text}");
        }
    }
}
