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
