//! The compiled guard set. PLACEHOLDER API: being written.
use crate::manifest::{Manifest, Target, TargetValue};
use serde::{Deserialize, Serialize};

/// The wire form the control service ships to Envoy (the watch API's `guard` object): the
/// current targets plus retired values that stay guarded through the grace period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuardSet {
    pub scenario_id: String,
    pub default_disclosure: u8,
    pub targets: Vec<Target>,
    #[serde(default)]
    pub retired: Vec<RetiredValue>,
}

/// A value that left the manifest; guarded until `expires_at_unix` (the control service drops it then).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetiredValue {
    pub id: String,
    pub value: TargetValue,
    pub expires_at_unix: u64,
}

impl GuardSet {
    pub fn from_manifest(m: &Manifest, retired: Vec<RetiredValue>) -> GuardSet {
        GuardSet {
            scenario_id: m.scenario_id.clone(),
            default_disclosure: m.default_disclosure,
            targets: m.targets.clone(),
            retired,
        }
    }
}

/// What the guard decided for one text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Verdict {
    /// Ids of the targets the text states (current or retired), in guard-set order, no duplicates.
    pub targets: Vec<String>,
    /// The text the learner sees instead, when the original is withheld; `None` keeps it.
    pub replacement: Option<String>,
}

impl Verdict {
    pub fn withheld(&self) -> bool {
        self.replacement.is_some()
    }
}

/// The fixed text that replaces a scrubbed (non-reply) string.
pub const WITHHELD_MARK: &str = "[withheld by the learning sandbox]";

/// A guard set compiled for matching: built once per manifest generation, then shared.
#[derive(Debug, Clone)]
pub struct Guard {
    set: GuardSet,
    matcher: crate::matcher::Matcher,
    /// target id per compiled value (current targets first, then retired values).
    ids: Vec<String>,
}

impl Guard {
    pub fn compile(set: GuardSet) -> Guard {
        let mut values = Vec::new();
        for t in &set.targets {
            values.push(crate::matcher::GuardedValue {
                target_id: t.id.clone(),
                value: t.value.clone(),
            });
        }
        for r in &set.retired {
            values.push(crate::matcher::GuardedValue {
                target_id: r.id.clone(),
                value: r.value.clone(),
            });
        }
        let ids = values.iter().map(|v| v.target_id.clone()).collect();
        Guard {
            matcher: crate::matcher::Matcher::compile(&values),
            set,
            ids,
        }
    }
    pub fn set(&self) -> &GuardSet {
        &self.set
    }
    pub fn scenario_id(&self) -> &str {
        &self.set.scenario_id
    }
    pub fn default_disclosure(&self) -> u8 {
        self.set.default_disclosure
    }
    /// Target ids the text states (current or retired), no duplicates.
    pub fn find(&self, text: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for i in self.matcher.find(text) {
            if let Some(id) = self.ids.get(i) {
                if !out.contains(id) {
                    out.push(id.clone());
                }
            }
        }
        out
    }
    /// Guard a reply the model wrote (chat response, stream message, transcript assistant
    /// text): below level 3 a matching reply is replaced by one nudge.
    pub fn guard_reply(&self, text: &str, level: u8) -> Verdict {
        if level >= crate::MAX_LEVEL {
            return Verdict::default();
        }
        let targets = self.find(text);
        if targets.is_empty() {
            return Verdict::default();
        }
        Verdict {
            targets,
            replacement: Some("I can't give that value yet.".to_string()),
        }
    }
    /// Scrub any other string: below level 3 a matching string becomes [`WITHHELD_MARK`].
    pub fn scrub(&self, text: &str, level: u8) -> Verdict {
        if level >= crate::MAX_LEVEL {
            return Verdict::default();
        }
        let targets = self.find(text);
        if targets.is_empty() {
            return Verdict::default();
        }
        Verdict {
            targets,
            replacement: Some(WITHHELD_MARK.to_string()),
        }
    }
}
