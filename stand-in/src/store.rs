//! In-memory state: sessions (transcript, triage, activity, pending confirmation) and the log
//! of the last requests received. Nothing is persisted; a restart forgets everything.
use crate::clock::now_rfc3339;
use serde::Serialize;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};

/// How many requests `GET /_standin/requests` keeps.
pub const REQUEST_LOG_LEN: usize = 200;
/// Transcript messages (and activity entries) kept per session: benchmarks post thousands of
/// turns into one session, and memory must stay flat. The oldest are dropped first.
pub const MAX_MESSAGES: usize = 400;
/// Sessions kept; past this the least recently updated one is forgotten.
pub const MAX_SESSIONS: usize = 10_000;

/// A triage verdict (served as both the AEP-032 and the Orrery field names).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Triage {
    pub severity: String,
    pub report: String,
}

/// An activity entry without its timestamp (the store stamps it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Activity {
    pub operation: String,
    pub agent: String,
    pub status: String,
    pub details: String,
}

/// A tool call waiting for the user's confirmation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Confirmation {
    pub tool_name: String,
    pub level: String,
    pub args: Value,
}

/// One transcript message.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Message {
    pub role: &'static str,
    pub text: String,
    pub at: String,
}

/// One activity entry as served.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActivityEntry {
    #[serde(flatten)]
    pub activity: Activity,
    pub timestamp: String,
}

/// A pending confirmation as served.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pending {
    #[serde(flatten)]
    pub confirmation: Confirmation,
    pub created_at: String,
}

/// One chat session.
#[derive(Debug, Clone)]
pub struct Session {
    pub id: String,
    pub owner: String,
    pub title: String,
    pub messages: Vec<Message>,
    pub last_update_time: String,
    /// Monotonic order of last update, for "the caller's latest session".
    pub touched: u64,
    pub triage: Option<Triage>,
    pub activity: Vec<ActivityEntry>,
    pub pending: Option<Pending>,
}

/// One logged request.
#[derive(Debug, Clone, Serialize)]
pub struct LoggedRequest {
    pub seq: u64,
    pub method: String,
    pub path: String,
    /// Whether an `Authorization` header was present.
    pub authorization: bool,
    /// Every header as received (names lower-case), except `authorization` and `cookie`.
    pub headers: serde_json::Map<String, Value>,
}

/// What one turn leaves in its session: the parts of a planned turn the store keeps (the server
/// takes them from the turn; the store does not know how turns are planned).
#[derive(Debug, Clone, Copy)]
pub struct TurnParts<'a> {
    pub reply: &'a str,
    pub triage: Option<&'a Triage>,
    pub activity: &'a [Activity],
    pub confirmation: Option<&'a Confirmation>,
}

/// All sessions, keyed by id.
#[derive(Debug, Default)]
pub struct Sessions {
    map: HashMap<String, Session>,
    clock: u64,
    id_seed: u64,
}

impl Sessions {
    /// Records one turn: the user's message and the reply, plus the turn's side effects.
    /// An unknown `session_id` is created (tests may choose their own ids); `None` makes a new one.
    pub fn record_turn(
        &mut self,
        owner: &str,
        session_id: Option<&str>,
        user_text: &str,
        turn: TurnParts<'_>,
    ) -> String {
        let id = match session_id {
            Some(id) if !id.is_empty() => id.to_string(),
            _ => self.new_id(),
        };
        self.clock += 1;
        let now = now_rfc3339();
        let s = self.map.entry(id.clone()).or_insert_with(|| Session {
            id: id.clone(),
            owner: owner.to_string(),
            title: user_text.to_string(),
            messages: Vec::new(),
            last_update_time: now.clone(),
            touched: 0,
            triage: None,
            activity: Vec::new(),
            pending: None,
        });
        s.messages.push(Message {
            role: "user",
            text: user_text.to_string(),
            at: now.clone(),
        });
        s.messages.push(Message {
            role: "assistant",
            text: turn.reply.to_string(),
            at: now.clone(),
        });
        if let Some(t) = turn.triage {
            s.triage = Some(t.clone());
        }
        s.activity
            .extend(turn.activity.iter().map(|a| ActivityEntry {
                activity: a.clone(),
                timestamp: now.clone(),
            }));
        if let Some(c) = turn.confirmation {
            s.pending = Some(Pending {
                confirmation: c.clone(),
                created_at: now.clone(),
            });
        }
        s.last_update_time = now;
        s.touched = self.clock;
        trim_front(&mut s.messages, MAX_MESSAGES);
        trim_front(&mut s.activity, MAX_MESSAGES);
        if self.map.len() > MAX_SESSIONS {
            let oldest = self
                .map
                .values()
                .min_by_key(|s| s.touched)
                .map(|s| s.id.clone());
            if let Some(oldest) = oldest {
                self.map.remove(&oldest);
            }
        }
        id
    }

    pub fn get(&self, id: &str) -> Option<&Session> {
        self.map.get(id)
    }

    /// The owner's sessions, most recently updated first.
    pub fn of_owner(&self, owner: &str) -> Vec<&Session> {
        let mut v: Vec<&Session> = self.map.values().filter(|s| s.owner == owner).collect();
        v.sort_by_key(|s| std::cmp::Reverse(s.touched));
        v
    }

    /// A fresh session id of letters only, so no id can ever look like a target's number.
    fn new_id(&mut self) -> String {
        loop {
            self.id_seed = self.id_seed.wrapping_add(1);
            let mut x = crate::clock::unix_now() ^ self.id_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let mut id = String::from("session-");
            for _ in 0..12 {
                // xorshift64: plenty for unique-looking ids in a test tool.
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                id.push((b'a' + (x % 26) as u8) as char);
            }
            if !self.map.contains_key(&id) {
                return id;
            }
        }
    }
}

fn trim_front<T>(v: &mut Vec<T>, max: usize) {
    if v.len() > max {
        v.drain(..v.len() - max);
    }
}

/// The ring of the last [`REQUEST_LOG_LEN`] requests.
#[derive(Debug, Default)]
pub struct RequestLog {
    entries: VecDeque<LoggedRequest>,
    seq: AtomicU64,
}

impl RequestLog {
    pub fn push(&mut self, mut r: LoggedRequest) {
        r.seq = self.seq.fetch_add(1, Ordering::Relaxed) + 1;
        if self.entries.len() == REQUEST_LOG_LEN {
            self.entries.pop_front();
        }
        self.entries.push_back(r);
    }

    pub fn entries(&self) -> Vec<LoggedRequest> {
        self.entries.iter().cloned().collect()
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A turn's parts as an `echo:` turn has them: the reply and one activity entry.
    fn echo(reply: &str) -> (String, Vec<Activity>) {
        let activity = vec![Activity {
            operation: "chat".into(),
            agent: "orrery".into(),
            status: "ok".into(),
            details: reply.into(),
        }];
        (reply.to_string(), activity)
    }

    fn parts<'a>((reply, activity): &'a (String, Vec<Activity>)) -> TurnParts<'a> {
        TurnParts {
            reply,
            triage: None,
            activity,
            confirmation: None,
        }
    }

    #[test]
    fn ids_are_letters_and_unique() {
        let mut s = Sessions::default();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..500 {
            let id = s.record_turn("alice", None, "hi", parts(&echo("x")));
            assert!(id["session-".len()..]
                .bytes()
                .all(|b| b.is_ascii_lowercase()));
            assert!(seen.insert(id));
        }
    }

    #[test]
    fn latest_session_of_owner_first() {
        let mut s = Sessions::default();
        let a = s.record_turn("alice", None, "one", parts(&echo("a")));
        let b = s.record_turn("alice", None, "two", parts(&echo("b")));
        s.record_turn("bob", None, "three", parts(&echo("c")));
        let ids: Vec<&str> = s.of_owner("alice").iter().map(|x| x.id.as_str()).collect();
        assert_eq!(ids, [b.as_str(), a.as_str()]);
        s.record_turn("alice", Some(&a), "again", parts(&echo("d")));
        assert_eq!(s.of_owner("alice")[0].id, a);
        assert_eq!(s.get(&a).unwrap().title, "one");
        assert_eq!(s.get(&a).unwrap().messages.len(), 4);
    }

    #[test]
    fn sessions_and_transcripts_stay_bounded() {
        let mut s = Sessions::default();
        let turn = echo("x");
        for _ in 0..(MAX_MESSAGES + 10) {
            s.record_turn("alice", Some("bench"), "hi", parts(&turn));
        }
        let bench = s.get("bench").unwrap();
        assert_eq!(bench.messages.len(), MAX_MESSAGES);
        assert_eq!(bench.activity.len(), MAX_MESSAGES);
        assert_eq!(bench.title, "hi");
        for _ in 0..MAX_SESSIONS {
            s.record_turn("bob", None, "hi", parts(&turn));
        }
        assert_eq!(s.map.len(), MAX_SESSIONS);
        assert!(
            s.get("bench").is_none(),
            "the least recently updated session went first"
        );
    }

    #[test]
    fn request_log_keeps_the_last_entries() {
        let mut log = RequestLog::default();
        for i in 0..(REQUEST_LOG_LEN + 5) {
            log.push(LoggedRequest {
                seq: 0,
                method: "GET".into(),
                path: format!("/p{i}"),
                authorization: false,
                headers: Default::default(),
            });
        }
        let e = log.entries();
        assert_eq!(e.len(), REQUEST_LOG_LEN);
        assert_eq!(e[0].path, "/p5");
        assert_eq!(e.last().unwrap().seq, (REQUEST_LOG_LEN + 5) as u64);
    }
}
