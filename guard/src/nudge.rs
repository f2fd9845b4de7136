//! The nudge ladder (AEP-032 §4, §5): what the learner sees instead of a reply that states a value.
//!
//! Every nudge starts with [`NUDGE_PREFIX`] ("I can't give that value yet. Here's what to look at
//! next: ") and is built only from the target's descriptor, its unit and whether the value is a
//! number or a name, never from the value itself. Each level points more precisely, and never at
//! the value:
//!
//! * level 0 — *where*: which area of the system and which kind of tool covers the target;
//! * level 1 — *what to gather*: which individual figures or candidates to collect there;
//! * level 2 — *how to combine*: how those figures make the target (add them, take the largest,
//!   subtract one from the other...), and the unit to check the result in.
//!
//! Level 3 is unguarded, so it has no nudge; [`nudge`] clamps anything above 2 to 2. The words are
//! picked from fixed tables by keywords in the descriptor, so a nudge is a pure, deterministic
//! function of its inputs. A descriptor can still contain a *retired* value (a new manifest may
//! describe what an old one guarded), so [`crate::guard::Guard`] runs every nudge through the
//! matcher at compile time and falls back to the [`FALLBACKS`] otherwise.
//!
//! ```
//! use orrery_learning_guard::nudge::{nudge, NUDGE_PREFIX};
//! let n = nudge("total lag of group orders-processor", 2);
//! assert!(n.starts_with(NUDGE_PREFIX));
//! assert!(n.contains("total lag of group orders-processor"));
//! ```
use crate::manifest::{Target, TargetValue};

/// The first words of every nudge.
pub const NUDGE_PREFIX: &str = "I can't give that value yet. Here's what to look at next: ";

/// The fixed line used when a nudge built from a descriptor would itself state a guarded value.
pub const GENERIC_NUDGE: &str = "I can't give that value yet. Here's what to look at next: go \
back to the evidence the tools show you and work it out from there.";

/// What the guard tries, in order, when a built nudge matches a guarded value. The last one has no
/// letters or digits, so no value (>= 100, or >= 4 characters) can ever match it.
pub const FALLBACKS: [&str; 3] = [GENERIC_NUDGE, "I can't give that value yet.", "\u{2014}"];

/// The kind of thing a descriptor talks about, and what each level says about it.
struct Area {
    /// Any of these words (lower case, whole-word prefix) selects the area.
    keys: &'static [&'static str],
    /// Level 0: where to look.
    place: &'static str,
    /// Level 1: what to gather there, for a number and for a name.
    gather_number: &'static str,
    gather_name: &'static str,
}

const AREAS: &[Area] = &[
    Area {
        keys: &[
            "lag",
            "consumer",
            "offset",
            "partition",
            "topic",
            "kafka",
            "broker",
        ],
        place: "start on the Kafka side, with the consumer group and the topics it reads",
        gather_number: "list it partition by partition: the committed offset and the log-end \
offset of each partition the group reads",
        gather_name: "list the consumer groups, topics and brokers involved, with what each one \
reports",
    },
    Area {
        keys: &["alert", "firing", "silence", "rule", "incident"],
        place: "start with the alerts that are firing and the rules behind them",
        gather_number: "note each firing alert's labels, start time and the expression it \
evaluates",
        gather_name: "note each firing alert's labels and which component each one points at",
    },
    Area {
        keys: &[
            "pod",
            "replica",
            "deployment",
            "container",
            "restart",
            "node",
            "namespace",
            "kubernetes",
        ],
        place: "start with the workload in Kubernetes: its pods, their status and their events",
        gather_number: "go pod by pod and note each one's status, restart count and recent events",
        gather_name: "go pod by pod and note which ones are unhealthy and what their events say",
    },
    Area {
        keys: &[
            "latency",
            "rate",
            "cpu",
            "memory",
            "throughput",
            "error",
            "request",
            "p99",
            "percentile",
            "duration",
            "usage",
            "disk",
        ],
        place: "start with the metrics of the affected service",
        gather_number: "read the series behind it over the incident's time window, one figure per \
instance or interval",
        gather_name: "compare the series of each instance over the incident's time window",
    },
    Area {
        keys: &["log", "exception", "stack", "trace"],
        place: "start with the logs of the affected service",
        gather_number: "collect the matching log lines over the incident's time window and note \
the figure each one carries",
        gather_name: "collect the matching log lines and note what they have in common",
    },
];

const DEFAULT_AREA: Area = Area {
    keys: &[],
    place: "find which part of the system it describes, and which tool reports on that part",
    gather_number: "collect, from that tool, the individual figures it is made of",
    gather_name: "list the candidates that tool shows, with what each one reports",
};

/// How the gathered figures make the target, picked by the first matching keyword.
const COMBINES: &[(&[&str], &str)] = &[
    (
        &["average", "mean"],
        "add the figures up and divide by how many there are",
    ),
    (
        &["maximum", "max", "highest", "peak", "largest", "worst"],
        "compare the figures and keep the largest",
    ),
    (
        &["minimum", "min", "lowest", "smallest", "least"],
        "compare the figures and keep the smallest",
    ),
    (
        &["count", "number", "many"],
        "count the items that fit the description",
    ),
    (
        &["total", "sum", "combined", "overall", "aggregate"],
        "add the figures together",
    ),
    (
        &["difference", "delta", "gap", "between", "behind"],
        "subtract one figure from the other",
    ),
    (
        &["rate", "per", "throughput"],
        "divide the change by the time it took",
    ),
];

/// The lag of one partition is a difference; said once, whatever else the descriptor asks.
const LAG_STEP: &str = "for each partition subtract the committed offset from the log-end offset";

const DEFAULT_COMBINE: &str = "combine the figures the way the description says";

const NAME_COMBINE: &str = "rule out the candidates that do not fit the symptoms until one \
explains all of them";

/// The nudge for a bare descriptor (a numeric target, no unit) at a level (0, 1, 2).
pub fn nudge(descriptor: &str, level: u8) -> String {
    build(descriptor, None, true, level)
}

/// The nudge for a target at a level (0, 1, 2; higher is clamped to 2). Uses the descriptor,
/// the unit and whether the value is a number; never the value.
pub fn nudge_for(target: &Target, level: u8) -> String {
    let numeric = matches!(target.value, TargetValue::Number(_));
    build(&target.descriptor, target.unit.as_deref(), numeric, level)
}

fn build(descriptor: &str, unit: Option<&str>, numeric: bool, level: u8) -> String {
    let words = words(descriptor);
    let has = |keys: &[&str]| words.iter().any(|w| keys.iter().any(|k| w == k));
    let area = AREAS.iter().find(|a| has(a.keys)).unwrap_or(&DEFAULT_AREA);
    let subject = subject(descriptor);
    let gather = if numeric {
        area.gather_number
    } else {
        area.gather_name
    };
    let mut out = String::from(NUDGE_PREFIX);
    match level {
        0 => {
            out.push_str(&format!("to find {subject} yourself, {}.", area.place));
        }
        1 => {
            out.push_str(&format!("to work out {subject}, {gather}"));
            if let Some(unit) = unit.filter(|_| numeric) {
                out.push_str(&format!(", measured in {}", unit.trim()));
            }
            out.push('.');
        }
        _ => {
            let combine = if !numeric {
                NAME_COMBINE
            } else {
                COMBINES
                    .iter()
                    .find(|(keys, _)| has(keys))
                    .map_or(DEFAULT_COMBINE, |(_, c)| c)
            };
            out.push_str(&format!("you can reach {subject} from what you gathered: "));
            if numeric && has(&["lag"]) {
                out.push_str(LAG_STEP);
                out.push_str(", then ");
            }
            out.push_str(combine);
            if let Some(unit) = unit.filter(|_| numeric) {
                out.push_str(&format!(", in {}", unit.trim()));
            }
            out.push_str(". Then check your result against what the system shows.");
        }
    }
    out
}

/// The descriptor as a noun phrase: "the " added unless it already starts with an article.
fn subject(descriptor: &str) -> String {
    let d = descriptor.trim();
    let lower = d.to_lowercase();
    if ["the ", "a ", "an ", "which ", "what ", "how "]
        .iter()
        .any(|a| lower.starts_with(a))
    {
        d.to_string()
    } else {
        format!("the {d}")
    }
}

/// Lower-case words of the descriptor (letters and digits), plain-English plurals folded.
fn words(descriptor: &str) -> Vec<String> {
    descriptor
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.strip_suffix('s')
                .filter(|s| s.len() >= 3 && !w.ends_with("ss"))
                .unwrap_or(w)
                .to_string()
        })
        .collect()
}
