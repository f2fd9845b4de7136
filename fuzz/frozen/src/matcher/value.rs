//! The value a target guards, as the matcher reads it and the manifest carries it: a number or
//! a string. It lives here, not in the manifest, so the matcher depends on nothing of the
//! manifest; [`crate::manifest`] re-exports it and validates it.
use serde::{Deserialize, Serialize, Serializer};

/// Numbers must stay below 2**53 in absolute value, where every integer is exact in f64.
pub const NUMBER_LIMIT: f64 = 9_007_199_254_740_992.0;

/// A target's value: a number (|v| >= 100, |v| < 2**53) or a string (>= 4 characters).
///
/// On the wire an integral number is written as a JSON integer (`5100`, not `5100.0`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum TargetValue {
    Number(f64),
    Text(String),
}

impl Serialize for TargetValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            // Exact: a validated number is below 2**53, where f64 holds every integer.
            TargetValue::Number(n) if n.fract() == 0.0 && n.abs() < NUMBER_LIMIT => {
                s.serialize_i64(*n as i64)
            }
            TargetValue::Number(n) => s.serialize_f64(*n),
            TargetValue::Text(t) => s.serialize_str(t),
        }
    }
}
