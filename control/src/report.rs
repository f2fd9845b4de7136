//! The help report (docs/api.md "`GET /v1/report`", "`GET /learning/report`"): what it is built
//! from and how it is read. At start [`rebuild`] replays the audit file (when the audit stream
//! goes to a file) into the level store, so levels reached, hints, withheld answers and replies
//! and probe flags survive a restart; the levels in force do not (AEP-032: a restart puts every
//! learner back at `default_disclosure`). [`parse_query`] and [`page`] serve the report a page at
//! a time: learners sorted by subject, an opaque cursor naming where the next page starts.

use crate::levels::{LevelStore, Replay};
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::io::{BufRead, Read};
use std::path::Path;

pub const DEFAULT_LIMIT: usize = 100;
pub const MAX_LIMIT: usize = 1000;
/// A cursor is a subject (at most [`crate::auth::MAX_SUBJECT_BYTES`]) in hex.
const MAX_CURSOR_CHARS: usize = 2 * crate::auth::MAX_SUBJECT_BYTES;
/// An audit line longer than this is not one this service wrote: skipped, not buffered whole.
const MAX_LINE_BYTES: usize = 64 * 1024;

/// The audit entries the report replays; every other kind is read past.
#[derive(Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum Past {
    LearningHint {
        subject: String,
        scenario_id: String,
        new_level: u8,
    },
    LearningAnswerWithheld {
        subject: String,
        scenario_id: String,
    },
    LearningReplyWithheld {
        subject: String,
        scenario_id: String,
    },
    LearningProbeSuspected {
        ts: String,
        subject: String,
        scenario_id: String,
    },
    #[serde(other)]
    Other,
}

/// What [`rebuild`] read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rebuilt {
    /// Entries added to the report.
    pub replayed: u64,
    /// Lines that were not a readable entry (a line cut short by a crash mid-write, say).
    pub unreadable: u64,
}

/// Replay the audit file at `path` into `levels`. A file that does not exist yet is an empty
/// history; one that cannot be opened is an error (the caller refuses to start, as it would
/// for an audit file it cannot append to). No line's content is ever logged.
pub fn rebuild(path: &Path, levels: &mut LevelStore) -> std::io::Result<Rebuilt> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Rebuilt::default()),
        Err(e) => return Err(e),
    };
    let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
    let mut out = Rebuilt::default();
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = (&mut reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            break;
        }
        if line.len() > MAX_LINE_BYTES && line.last() != Some(&b'\n') {
            // Skip the rest of an overlong line.
            let mut rest = Vec::new();
            reader.read_until(b'\n', &mut rest)?;
            out.unreadable += 1;
            continue;
        }
        let text = line.trim_ascii();
        if text.is_empty() {
            continue;
        }
        let Ok(entry) = serde_json::from_slice::<Past>(text) else {
            out.unreadable += 1;
            continue;
        };
        let (subject, scenario, replay) = match &entry {
            Past::LearningHint {
                subject,
                scenario_id,
                new_level,
            } => (
                subject,
                scenario_id,
                Replay::Hint {
                    new_level: *new_level,
                },
            ),
            Past::LearningAnswerWithheld {
                subject,
                scenario_id,
            } => (subject, scenario_id, Replay::AnswerWithheld),
            Past::LearningReplyWithheld {
                subject,
                scenario_id,
            } => (subject, scenario_id, Replay::ReplyWithheld),
            Past::LearningProbeSuspected {
                ts,
                subject,
                scenario_id,
            } => (subject, scenario_id, Replay::ProbeSuspected { at: ts }),
            Past::Other => continue,
        };
        levels.replay(subject, scenario, replay);
        out.replayed += 1;
    }
    Ok(out)
}

/// One page request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportQuery {
    pub scenario_id: Option<String>,
    pub limit: usize,
    /// The last subject of the previous page.
    pub after: Option<String>,
}

/// Read `scenario_id`, `limit` (1.., capped at [`MAX_LIMIT`]) and `cursor`; the error is a fixed
/// text naming the parameter (never echoing it).
pub fn parse_query(raw: &HashMap<String, String>) -> Result<ReportQuery, &'static str> {
    let limit = match raw.get("limit").map(String::as_str) {
        None | Some("") => DEFAULT_LIMIT,
        Some(v) => match v.parse::<u64>() {
            Ok(0) | Err(_) => return Err("invalid limit"),
            Ok(n) => usize::try_from(n).unwrap_or(MAX_LIMIT).min(MAX_LIMIT),
        },
    };
    let after = match raw.get("cursor").map(String::as_str) {
        None | Some("") => None,
        Some(c) => Some(decode_cursor(c).ok_or("invalid cursor")?),
    };
    Ok(ReportQuery {
        scenario_id: raw.get("scenario_id").filter(|s| !s.is_empty()).cloned(),
        limit,
        after,
    })
}

fn encode_cursor(subject: &str) -> String {
    subject.bytes().map(|b| format!("{b:02x}")).collect()
}

fn decode_cursor(c: &str) -> Option<String> {
    if c.len() > MAX_CURSOR_CHARS || c.len() & 1 == 1 {
        return None;
    }
    let bytes = c
        .as_bytes()
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
        .collect::<Option<Vec<u8>>>()?;
    String::from_utf8(bytes).ok()
}

/// The JSON body of one page: `{"scenario_id", "learners", "next_cursor"}`.
pub fn page(levels: &LevelStore, scenario_id: &str, default: u8, q: &ReportQuery) -> Vec<u8> {
    let (learners, more) = levels.report_page(scenario_id, default, q.after.as_deref(), q.limit);
    let next_cursor = if more {
        learners.last().map(|l| encode_cursor(&l.subject))
    } else {
        None
    };
    serde_json::to_vec(&json!({
        "scenario_id": scenario_id,
        "learners": learners,
        "next_cursor": next_cursor,
    }))
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> Result<ReportQuery, &'static str> {
        parse_query(
            &pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn query_table() {
        assert_eq!(
            q(&[]),
            Ok(ReportQuery {
                scenario_id: None,
                limit: DEFAULT_LIMIT,
                after: None
            })
        );
        assert_eq!(q(&[("limit", "5000")]).map(|r| r.limit), Ok(MAX_LIMIT));
        assert_eq!(q(&[("limit", "7")]).map(|r| r.limit), Ok(7));
        for bad in ["0", "-1", "x", "1.5"] {
            assert_eq!(q(&[("limit", bad)]), Err("invalid limit"), "{bad}");
        }
        for bad in ["a", "zz", "ff", &"61".repeat(257)] {
            assert_eq!(q(&[("cursor", bad)]), Err("invalid cursor"), "{bad}");
        }
        let c = encode_cursor("alice@lab");
        assert_eq!(
            q(&[("cursor", &c)]).map(|r| r.after),
            Ok(Some("alice@lab".into()))
        );
    }

    #[test]
    fn the_audit_file_replays_and_bad_lines_are_counted_not_fatal() {
        let dir = std::env::temp_dir().join(format!("report-rebuild-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("audit.jsonl");
        let long = format!(
            "{{\"event\":\"learning_hint\",\"x\":\"{}\"}}\n",
            "a".repeat(70_000)
        );
        let text = [
            r#"{"ts":"2026-01-01T00:00:00.000Z","event":"learning_manifest_loaded","scenario_id":"x","generation":1}"#,
            r#"{"ts":"2026-01-01T00:00:01.000Z","event":"learning_hint","subject":"a","scenario_id":"x","old_level":0,"new_level":1}"#,
            r#"{"ts":"2026-01-01T00:00:02.000Z","event":"learning_answer_withheld","subject":"a","scenario_id":"x","target_id":"t","surface":"chat"}"#,
            r#"{"ts":"2026-01-01T00:00:03.000Z","event":"learning_reply_withheld","subject":"a","scenario_id":"x","surface":"chat"}"#,
            r#"{"ts":"2026-01-01T00:00:04.000Z","event":"learning_probe_suspected","subject":"a","scenario_id":"x","withheld_in_window":5,"window_seconds":600}"#,
            "",
            &long,
            r#"{"ts":"2026-01-01T00:00:05.000Z","event":"learning_hint","subject":"b","scenario_id":"x","old_le"#,
        ]
        .join("\n");
        std::fs::write(&path, text).unwrap();
        let mut s = LevelStore::new();
        let got = rebuild(&path, &mut s).unwrap();
        assert_eq!(
            got,
            Rebuilt {
                replayed: 4,
                unreadable: 2
            }
        );
        let r = s.report("x", 0);
        assert_eq!(r.len(), 1);
        assert_eq!(
            (r[0].level, r[0].hints_taken, r[0].answers_withheld),
            (1, 1, 1)
        );
        assert_eq!(r[0].replies_withheld, 1);
        assert_eq!(
            r[0].last_probe_suspected_at.as_deref(),
            Some("2026-01-01T00:00:04.000Z")
        );
        assert_eq!(
            rebuild(&dir.join("none.jsonl"), &mut s).unwrap(),
            Rebuilt::default()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
