//! The audit stream (AEP-032 §3, §4): one JSON object per line, to stdout or appended to a file.
//! Appended to a file, it is also the durable record the help report is rebuilt from at start
//! ([`crate::report::rebuild`]).
//! Entries carry subjects, scenario ids, target ids, levels, surfaces, counts and manifest error
//! locations/kinds: the types below have no field that could hold a target value, a descriptor
//! or reply text, so the stream cannot carry one by construction.

use crate::clock::rfc3339_ms;
use serde::Serialize;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// Where the audit stream goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuditTarget {
    Stdout,
    File(PathBuf),
}

/// One manifest error as audited: location and kind only.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ErrorEntry {
    pub location: String,
    pub kind: &'static str,
}

/// What the audit stream records.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum AuditEvent {
    LearningHint {
        subject: String,
        scenario_id: String,
        old_level: u8,
        new_level: u8,
    },
    LearningAnswerWithheld {
        subject: String,
        scenario_id: String,
        target_id: String,
        surface: String,
    },
    /// One model-turn reply of a learner had anything withheld (the report's `replies_withheld`
    /// is rebuilt from these after a restart).
    LearningReplyWithheld {
        subject: String,
        scenario_id: String,
        surface: String,
    },
    /// A learner's withheld replies reached the probe threshold within the window (docs/api.md
    /// "Probe detection"): once per crossing.
    LearningProbeSuspected {
        subject: String,
        scenario_id: String,
        withheld_in_window: u32,
        window_seconds: u64,
    },
    LearningManifestLoaded {
        scenario_id: String,
        generation: u64,
    },
    LearningManifestRejected {
        errors: Vec<ErrorEntry>,
    },
    /// The proxy secret file changed: a new secret is in force and the previous one is still
    /// accepted for `overlap_seconds` (no secret, no hash of one).
    LearningProxySecretRotated {
        overlap_seconds: u64,
    },
}

#[derive(Serialize)]
struct Line<'a> {
    ts: String,
    #[serde(flatten)]
    event: &'a AuditEvent,
}

/// A line-at-a-time writer; each entry is written and flushed whole under one lock, so
/// concurrent entries never interleave.
pub struct AuditSink {
    out: Mutex<Box<dyn Write + Send>>,
}

impl AuditSink {
    pub fn open(target: &AuditTarget) -> std::io::Result<AuditSink> {
        let out: Box<dyn Write + Send> = match target {
            AuditTarget::Stdout => Box::new(std::io::stdout()),
            AuditTarget::File(path) => {
                Box::new(OpenOptions::new().create(true).append(true).open(path)?)
            }
        };
        Ok(AuditSink {
            out: Mutex::new(out),
        })
    }

    /// Append one entry stamped `now_ms`. A write failure is logged (without the entry) and the
    /// service keeps serving: withholding must not stop because the audit disk is full.
    pub fn record(&self, now_ms: u64, event: &AuditEvent) {
        let line = Line {
            ts: rfc3339_ms(now_ms),
            event,
        };
        let Ok(mut bytes) = serde_json::to_vec(&line) else {
            tracing::error!("audit entry could not be encoded");
            return;
        };
        bytes.push(b'\n');
        let mut out = self.out.lock().unwrap_or_else(|p| p.into_inner());
        if out.write_all(&bytes).and_then(|()| out.flush()).is_err() {
            tracing::error!("audit stream write failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_serialise_with_ts_first_and_the_documented_fields() {
        let cases = [
            (
                AuditEvent::LearningHint {
                    subject: "alice".into(),
                    scenario_id: "s1".into(),
                    old_level: 0,
                    new_level: 1,
                },
                r#"{"ts":"1970-01-01T00:00:01.000Z","event":"learning_hint","subject":"alice","scenario_id":"s1","old_level":0,"new_level":1}"#,
            ),
            (
                AuditEvent::LearningProbeSuspected {
                    subject: "alice".into(),
                    scenario_id: "s1".into(),
                    withheld_in_window: 5,
                    window_seconds: 600,
                },
                r#"{"ts":"1970-01-01T00:00:01.000Z","event":"learning_probe_suspected","subject":"alice","scenario_id":"s1","withheld_in_window":5,"window_seconds":600}"#,
            ),
            (
                AuditEvent::LearningManifestRejected {
                    errors: vec![ErrorEntry {
                        location: "targets[0].value".into(),
                        kind: "too_short",
                    }],
                },
                r#"{"ts":"1970-01-01T00:00:01.000Z","event":"learning_manifest_rejected","errors":[{"location":"targets[0].value","kind":"too_short"}]}"#,
            ),
            (
                AuditEvent::LearningReplyWithheld {
                    subject: "alice".into(),
                    scenario_id: "s1".into(),
                    surface: "chat".into(),
                },
                r#"{"ts":"1970-01-01T00:00:01.000Z","event":"learning_reply_withheld","subject":"alice","scenario_id":"s1","surface":"chat"}"#,
            ),
            (
                AuditEvent::LearningProxySecretRotated {
                    overlap_seconds: 300,
                },
                r#"{"ts":"1970-01-01T00:00:01.000Z","event":"learning_proxy_secret_rotated","overlap_seconds":300}"#,
            ),
        ];
        for (event, want) in cases {
            let line = Line {
                ts: rfc3339_ms(1000),
                event: &event,
            };
            assert_eq!(serde_json::to_string(&line).unwrap(), want);
        }
    }
}
