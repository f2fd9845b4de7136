//! The answer matcher. PLACEHOLDER: the real matcher is being written.
use crate::manifest::TargetValue;

/// A value to guard, with the target id it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct GuardedValue {
    pub target_id: String,
    pub value: TargetValue,
}

/// Compiled once per guard set; answers which guarded values a text states.
#[derive(Debug, Clone)]
pub struct Matcher {
    values: Vec<GuardedValue>,
}

impl Matcher {
    pub fn compile(values: &[GuardedValue]) -> Matcher {
        Matcher {
            values: values.to_vec(),
        }
    }
    /// Indices into the compiled values that `text` states, ascending, no duplicates.
    pub fn find(&self, text: &str) -> Vec<usize> {
        let lower = text.to_lowercase();
        let mut out = Vec::new();
        for (i, v) in self.values.iter().enumerate() {
            let needle = match &v.value {
                TargetValue::Number(n) => format!("{n}"),
                TargetValue::Text(s) => s.to_lowercase(),
            };
            if lower.contains(&needle) {
                out.push(i);
            }
        }
        out
    }
    pub fn is_match(&self, text: &str) -> bool {
        !self.find(text).is_empty()
    }
}
