//! Scripted scenarios: the JSON file `serve --script` loads, and how a chat message picks a reply.
//!
//! ```json
//! {
//!   "scenario": "kafka-lag",
//!   "description": "free text",
//!   "replies": [
//!     {
//!       "name": "total-lag",
//!       "keywords": ["total lag", "how far behind"],
//!       "states": ["total_lag"],
//!       "progress": ["kafka.list_consumer_groups", "kafka.get_consumer_lag"],
//!       "reply": "The group is 5,100 messages behind.",
//!       "triage": {"severity": "high", "report": "..."},
//!       "activity": [{"operation": "tool_call", "agent": "kafka_specialist",
//!                     "status": "ok", "details": "..."}],
//!       "confirmation": {"tool_name": "...", "level": "...", "args": {}}
//!     }
//!   ],
//!   "fallback": {"name": "generic", "reply": "..."}
//! }
//! ```
//!
//! A message gets the first reply (in file order) any of whose `keywords` occurs in it,
//! case-insensitively; otherwise the `fallback`. `states` lists the manifest target ids the reply
//! (or its triage/activity/confirmation text) states — documentation the tests check, not used
//! for matching. `progress` names the tools shown as `progress` frames while the reply streams.
//! `triage`, `activity` and `confirmation` are optional; a reply without `triage` leaves the
//! session's triage as it was. Unknown fields are refused so a typo fails loudly.
use serde::Deserialize;
use serde_json::Value;

/// A loaded scenario script.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    pub scenario: String,
    #[serde(default)]
    pub description: String,
    pub replies: Vec<ScriptedReply>,
    pub fallback: ScriptedReply,
}

/// One scripted answer and what the turn leaves on the other surfaces.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptedReply {
    pub name: String,
    #[serde(default)]
    pub keywords: Vec<String>,
    #[serde(default)]
    pub states: Vec<String>,
    #[serde(default)]
    pub progress: Vec<String>,
    pub reply: String,
    #[serde(default)]
    pub triage: Option<ScriptedTriage>,
    #[serde(default)]
    pub activity: Vec<ScriptedActivity>,
    #[serde(default)]
    pub confirmation: Option<ScriptedConfirmation>,
}

/// The triage verdict a reply records.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptedTriage {
    pub severity: String,
    pub report: String,
}

/// One activity entry a reply records (the timestamp is the turn's).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptedActivity {
    pub operation: String,
    pub agent: String,
    pub status: String,
    pub details: String,
}

/// A confirmation the reply leaves pending.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptedConfirmation {
    pub tool_name: String,
    pub level: String,
    pub args: Value,
}

/// Why a script could not be loaded (the message names the file and the JSON location only).
#[derive(Debug)]
pub struct ScriptError(pub String);

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScriptError {}

impl Script {
    /// Parses a script; every reply except the fallback needs at least one keyword.
    pub fn parse(bytes: &[u8]) -> Result<Script, ScriptError> {
        let script: Script = serde_json::from_slice(bytes).map_err(|e| {
            // Line and column only: serde's message can quote input, and the input holds values.
            ScriptError(format!(
                "invalid script at line {} column {} ({:?})",
                e.line(),
                e.column(),
                e.classify()
            ))
        })?;
        for (i, r) in script.replies.iter().enumerate() {
            if r.keywords.iter().all(|k| k.trim().is_empty()) {
                return Err(ScriptError(format!("replies[{i}] has no keywords")));
            }
        }
        Ok(script)
    }

    /// Loads a script file.
    pub fn load(path: &std::path::Path) -> Result<Script, ScriptError> {
        let bytes = std::fs::read(path)
            .map_err(|e| ScriptError(format!("cannot read {}: {}", path.display(), e.kind())))?;
        Script::parse(&bytes).map_err(|e| ScriptError(format!("{}: {}", path.display(), e.0)))
    }

    /// The reply for `message`: the first whose keyword occurs in it, else the fallback.
    pub fn pick(&self, message: &str) -> &ScriptedReply {
        let m = message.to_lowercase();
        self.replies
            .iter()
            .find(|r| {
                r.keywords
                    .iter()
                    .any(|k| !k.trim().is_empty() && m.contains(&k.to_lowercase()))
            })
            .unwrap_or(&self.fallback)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = r#"{
        "scenario": "t",
        "replies": [
            {"name": "a", "keywords": ["Lag"], "reply": "lag reply"},
            {"name": "b", "keywords": ["lag", "broker"], "reply": "broker reply"}
        ],
        "fallback": {"name": "f", "reply": "generic"}
    }"#;

    #[test]
    fn picks_first_keyword_match_case_insensitively() {
        let s = Script::parse(TINY.as_bytes()).unwrap();
        let cases = [
            ("what is the LAG?", "a"),
            ("which broker?", "b"),
            ("lag on the broker", "a"),
            ("hello", "f"),
            ("", "f"),
        ];
        for (msg, want) in cases {
            assert_eq!(s.pick(msg).name, want, "{msg:?}");
        }
    }

    #[test]
    fn refuses_unknown_fields_and_keywordless_replies() {
        let typo = TINY.replace("\"reply\": \"generic\"", "\"reply\": \"g\", \"replly\": 1");
        assert!(Script::parse(typo.as_bytes()).is_err());
        let no_kw = TINY.replace("[\"Lag\"]", "[\" \"]");
        let err = Script::parse(no_kw.as_bytes()).unwrap_err();
        assert_eq!(err.0, "replies[0] has no keywords");
    }

    #[test]
    fn parse_errors_do_not_quote_the_input() {
        let bad = r#"{"scenario": "t", "replies": [], "fallback": {"name": "f", "reply": 5100}}"#;
        let err = Script::parse(bad.as_bytes()).unwrap_err();
        assert!(!err.0.contains("5100"), "{}", err.0);
    }
}
