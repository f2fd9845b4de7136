//! Scenario manifest contract v1 (AEP-032 §2). PLACEHOLDER: the strict parser is being written.
use serde::{Deserialize, Serialize};
use std::fmt;

/// A target's value: a number (|v| >= 100, |v| < 2**53) or a string (>= 4 characters).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TargetValue {
    Number(f64),
    Text(String),
}

/// One answer the lab seeded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Target {
    pub id: String,
    pub descriptor: String,
    pub value: TargetValue,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
}

/// A validated manifest.
#[derive(Debug, Clone, PartialEq)]
pub struct Manifest {
    pub scenario_id: String,
    pub seeded_at: String,
    pub default_disclosure: u8,
    pub targets: Vec<Target>,
}

/// One validation failure: where, and what kind. Never carries a value or an input fragment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestError {
    /// JSON location such as `targets[0].value` (or `$` for the document).
    pub location: String,
    /// A fixed kind such as `unknown_field`, `wrong_type`, `too_short`.
    pub kind: &'static str,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.kind)
    }
}

/// Parse and validate manifest bytes.
pub fn parse_manifest(bytes: &[u8]) -> Result<Manifest, Vec<ManifestError>> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Raw {
        schema_version: u32,
        scenario_id: String,
        seeded_at: String,
        default_disclosure: u8,
        targets: Vec<Target>,
    }
    let raw: Raw = serde_json::from_slice(bytes).map_err(|_| {
        vec![ManifestError {
            location: "$".into(),
            kind: "invalid_json",
        }]
    })?;
    if raw.schema_version != 1 {
        return Err(vec![ManifestError {
            location: "schema_version".into(),
            kind: "unsupported",
        }]);
    }
    Ok(Manifest {
        scenario_id: raw.scenario_id,
        seeded_at: raw.seeded_at,
        default_disclosure: raw.default_disclosure,
        targets: raw.targets,
    })
}
