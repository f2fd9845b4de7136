//! What crosses a process boundary, in one place, so both sides compile against it:
//!
//! * the shared-data records inside Envoy ([`keys`], [`Generation`], [`LevelRecord`],
//!   [`ProbeRecord`]), written by the sync service and the hint path, read by every worker;
//! * the bodies between the filter and the control service (docs/api.md): the watch answer
//!   ([`WatchResponse`]), the hint answer ([`HintResponse`]) and the withheld events
//!   ([`EventBatch`], [`Event`]). The control service serialises these types and the filter
//!   deserialises them (and the other way round for events); every one is `Serialize +
//!   Deserialize`, and a round-trip test pins each JSON shape to docs/api.md.
//!
//! The watch types are generic over their string and list types (defaults: owned), so the
//! control service can serialise a full resync from borrowed entries without copying them.
//! Nothing here ever holds a target value except the guard set inside a watch answer.
use crate::guard::GuardSet;
use serde::{Deserialize, Serialize};

/// Shared-data keys (per `vm_id`, shared by the sync service and every worker).
pub mod keys {
    /// Small; read on every request: `<guard id>|<levels epoch>` (see [`super::Generation`]).
    pub const GENERATION: &str = "orrery_learning.generation";
    /// `<guard id>\n<GuardSet JSON>`.
    pub const GUARD: &str = "orrery_learning.guard";
    /// Prefix of per-subject level records: `orrery_learning.level.<subject>`.
    pub const LEVEL_PREFIX: &str = "orrery_learning.level.";
    /// Pending withheld events, one JSON object per line (appended with CAS, drained by the poller).
    pub const EVENTS: &str = "orrery_learning.events";
    /// `lease` mode: `<owner>|<expires_ms>`.
    pub const LEASE: &str = "orrery_learning.lease";
    /// Prefix of per-subject probe flags: `orrery_learning.probe.<subject>` (see
    /// [`super::ProbeRecord`]).
    pub const PROBE_PREFIX: &str = "orrery_learning.probe.";
}

/// Most pending event bytes kept in shared data; beyond it new events are dropped (and counted).
pub const MAX_PENDING_EVENT_BYTES: usize = 256 * 1024;

/// The generation record: which guard set is current, and which levels epoch is valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generation {
    /// `<control epoch>/<manifest_generation>`: changes exactly when the guard set does.
    pub guard_id: String,
    /// Changes on every full level resync (control restart, fresh poller): older records void.
    pub levels_epoch: String,
}

impl Generation {
    pub fn encode(&self) -> String {
        format!("{}|{}", self.guard_id, self.levels_epoch)
    }
    pub fn decode(s: &[u8]) -> Option<Generation> {
        let s = std::str::from_utf8(s).ok()?;
        let (g, l) = s.split_once('|')?;
        if g.is_empty() || l.is_empty() {
            return None;
        }
        Some(Generation {
            guard_id: g.into(),
            levels_epoch: l.into(),
        })
    }
}

/// The guard record: the guard id and the set it names.
pub fn encode_guard(guard_id: &str, set_json: &str) -> String {
    format!("{guard_id}\n{set_json}")
}

/// Split a guard record; the set is parsed by the caller.
pub fn decode_guard(bytes: &[u8]) -> Option<(&str, &[u8])> {
    let nl = bytes.iter().position(|b| *b == b'\n')?;
    let id = std::str::from_utf8(bytes.get(..nl)?).ok()?;
    Some((id, bytes.get(nl + 1..)?))
}

/// One subject's level: `<levels epoch>:<scenario_id>:<level>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelRecord {
    pub levels_epoch: String,
    pub scenario_id: String,
    pub level: u8,
}

impl LevelRecord {
    pub fn encode(&self) -> String {
        format!("{}:{}:{}", self.levels_epoch, self.scenario_id, self.level)
    }
    pub fn decode(s: &[u8]) -> Option<LevelRecord> {
        let s = std::str::from_utf8(s).ok()?;
        // The epoch has no ':'; the scenario id may; the level is last.
        let (epoch, rest) = s.split_once(':')?;
        let (scenario, level) = rest.rsplit_once(':')?;
        let level: u8 = level.parse().ok()?;
        if level > crate::MAX_LEVEL {
            return None;
        }
        Some(LevelRecord {
            levels_epoch: epoch.into(),
            scenario_id: scenario.into(),
            level,
        })
    }
    /// The level a turn runs at: the record's level only when it belongs to the current levels
    /// epoch and scenario; anything else (missing, stale, foreign, garbled) is the default.
    pub fn level_for(
        record: Option<&[u8]>,
        levels_epoch: &str,
        scenario_id: &str,
        default_disclosure: u8,
    ) -> u8 {
        let default = default_disclosure.min(crate::MAX_LEVEL);
        match record.and_then(LevelRecord::decode) {
            Some(r) if r.levels_epoch == levels_epoch && r.scenario_id == scenario_id => r.level,
            _ => default,
        }
    }
}

impl LevelRecord {
    /// Whether a hint's answer should be written over `existing`. Not when `existing` holds this
    /// level or a higher one for the scenario, in any levels epoch: in the current epoch the
    /// level is already there (the watch may bring a later hint first; a level never goes
    /// down), and a record of another epoch may belong to a resync the sync service is
    /// publishing right now, which overwriting would void. Skipping is fail-closed and brief:
    /// the watch answers at once when the poller is behind and brings the level.
    pub fn supersedes(&self, existing: Option<&[u8]>) -> bool {
        match existing.and_then(LevelRecord::decode) {
            Some(e) => e.scenario_id != self.scenario_id || e.level < self.level,
            None => true,
        }
    }

    /// Whether `existing` is a hint's own record left behind by a resync: written under
    /// `written_epoch`, which the writer read as current and which has since been replaced by
    /// `now_epoch` *of the same control-service process*. Within one process a level never
    /// falls, so such a record's level may be carried into the new epoch; across a control
    /// restart (another process prefix) it may not, since the new store may not hold it.
    pub fn is_left_behind(existing: Option<&[u8]>, written_epoch: &str, now_epoch: &str) -> bool {
        existing.and_then(LevelRecord::decode).is_some_and(|e| {
            e.levels_epoch == written_epoch
                && written_epoch != now_epoch
                && control_part(written_epoch) == control_part(now_epoch)
        })
    }
}

/// The control-service epoch a levels epoch was made from: levels epochs are
/// `<control epoch>.<time>.<n>` (the control epoch made `.`-free by the sync service).
fn control_part(levels_epoch: &str) -> &str {
    levels_epoch.split('.').next().unwrap_or(levels_epoch)
}

/// Two flag times closer than this are one flag seen twice (the control service flags a subject
/// at most once per probe window, at least a second).
pub const PROBE_SLACK_MS: u64 = 1_000;

/// When a subject was last flagged as a suspected probe on a scenario, in the filter's clock:
/// `<flagged_at_ms>:<scenario_id>`. Written by the sync service from the watch answer (the
/// control service sends the flag's age, so the two clocks need not agree); read by the filter
/// on model turns when a cool-down is configured. Flags outlive a levels resync on purpose: a
/// cool-down ends by its own time, and keeping one longer only withholds more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeRecord {
    pub scenario_id: String,
    pub flagged_at_ms: u64,
}

impl ProbeRecord {
    pub fn encode(&self) -> String {
        format!("{}:{}", self.flagged_at_ms, self.scenario_id)
    }
    pub fn decode(s: &[u8]) -> Option<ProbeRecord> {
        let s = std::str::from_utf8(s).ok()?;
        let (at, scenario) = s.split_once(':')?;
        if at.is_empty() || !at.bytes().all(|b| b.is_ascii_digit()) || scenario.is_empty() {
            return None;
        }
        Some(ProbeRecord {
            scenario_id: scenario.into(),
            flagged_at_ms: at.parse().ok()?,
        })
    }
    /// How long the cool-down of `record` still runs at `now_ms` on `scenario_id` (0: none). A
    /// missing, garbled or foreign record has none; a flag "in the future" (a clock step back)
    /// counts from now, so it never runs longer than `cooldown_ms`.
    pub fn cooldown_left_ms(
        record: Option<&[u8]>,
        scenario_id: &str,
        now_ms: u64,
        cooldown_ms: u64,
    ) -> u64 {
        match record.and_then(ProbeRecord::decode) {
            Some(r) if r.scenario_id == scenario_id && cooldown_ms > 0 => {
                let at = r.flagged_at_ms.min(now_ms);
                (at.saturating_add(cooldown_ms)).saturating_sub(now_ms)
            }
            _ => 0,
        }
    }
    /// Whether this flag should be written over `existing`: a later flag of the same scenario
    /// (or any flag over another scenario's or a garbled record) replaces it; the same flag seen
    /// again (a resync: its time, rebuilt from its age, moves by the transit time, so anything
    /// within [`PROBE_SLACK_MS`] is the same flag) or an earlier one does not.
    pub fn supersedes(&self, existing: Option<&[u8]>) -> bool {
        match existing.and_then(ProbeRecord::decode) {
            Some(e) => {
                e.scenario_id != self.scenario_id
                    || e.flagged_at_ms.saturating_add(PROBE_SLACK_MS) < self.flagged_at_ms
            }
            None => true,
        }
    }
}

/// The watch API's `200` body (docs/api.md `GET /v1/watch`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WatchResponse<S = String, L = Vec<WatchLevel>, P = Vec<WatchProbe>> {
    pub epoch: S,
    pub manifest_generation: u64,
    /// The guard set when the caller's epoch or generation differs, else `null`.
    pub guard: Option<GuardSet>,
    pub level_seq: u64,
    pub levels: WatchLevels<L>,
    /// The probe-flag cursor (absent from a control service without probe detection).
    #[serde(default)]
    pub probe_seq: Option<u64>,
    #[serde(default)]
    pub probes: Option<WatchProbes<P>>,
}

/// Probe flags in a watch answer: the flags after the caller's `probe_seq`, or (`full`) every
/// flag of the current scenario younger than
/// [`MAX_COOLDOWN_SECONDS`](super::MAX_COOLDOWN_SECONDS).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WatchProbes<E = Vec<WatchProbe>> {
    pub full: bool,
    pub entries: E,
}

/// One flag: who, on which scenario, and how long ago (by the control service's clock).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WatchProbe {
    pub subject: String,
    pub scenario_id: String,
    pub age_ms: u64,
}

/// Levels in a watch answer: the changes after the caller's `level_seq`, or (`full`) every
/// stored level of the current scenario.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WatchLevels<E = Vec<WatchLevel>> {
    pub full: bool,
    pub entries: E,
}

/// One subject's level on one scenario (`S`: `String`, or `&str` when serialised from a store).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WatchLevel<S = String> {
    pub subject: S,
    pub scenario_id: S,
    pub level: u8,
}

/// The hint endpoint's `200` body: the same four fields as the learning block `GET /me` carries.
pub type HintResponse = crate::surfaces::LearningBlock;

/// The `/v1/watch` path and query for what the poller knows.
pub fn watch_path(
    epoch: Option<&str>,
    manifest_generation: Option<u64>,
    level_seq: Option<u64>,
    probe_seq: Option<u64>,
    timeout_ms: u64,
) -> String {
    let mut p = format!("/v1/watch?timeout_ms={timeout_ms}");
    if let Some(e) = epoch {
        p.push_str("&epoch=");
        for b in e.bytes() {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
                p.push(b as char);
            } else {
                p.push_str(&format!("%{b:02X}"));
            }
        }
    }
    if let Some(g) = manifest_generation {
        p.push_str(&format!("&manifest_generation={g}"));
    }
    if let Some(s) = level_seq {
        p.push_str(&format!("&level_seq={s}"));
    }
    if let Some(s) = probe_seq {
        p.push_str(&format!("&probe_seq={s}"));
    }
    p
}

/// The `event` word of a [`AnswerWithheld`] event.
pub const ANSWER_WITHHELD: &str = "learning_answer_withheld";
/// The `event` word of a [`ReplyWithheld`] event.
pub const REPLY_WITHHELD: &str = "learning_reply_withheld";

/// One event of `POST /v1/events`, told apart by its `event` field. Ids and names only, never
/// a value; every field is required and no other is accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event")]
pub enum Event<S = String> {
    #[serde(rename = "learning_answer_withheld")]
    Answer(AnswerWithheld<S>),
    #[serde(rename = "learning_reply_withheld")]
    Reply(ReplyWithheld<S>),
}

/// The `event` words this version knows (another is "unknown event kind", not malformed).
pub const EVENT_KINDS: [&str; 2] = [ANSWER_WITHHELD, REPLY_WITHHELD];

/// `learning_answer_withheld`: one target withheld from one reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerWithheld<S = String> {
    pub subject: S,
    pub scenario_id: S,
    pub target_id: S,
    pub surface: S,
}

/// `learning_reply_withheld`: one model-turn reply had anything withheld (probe detection).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplyWithheld<S = String> {
    pub subject: S,
    pub scenario_id: S,
    pub surface: S,
}

/// The `POST /v1/events` body. The control service reads the events as JSON values first, so
/// that one of an unknown kind is told apart from a malformed one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventBatch<E = Event> {
    pub events: Vec<E>,
}

/// One event as a pending line; a line that cannot be written is empty (skipped by
/// [`events_body`]: an event lost, never a malformed batch).
fn line(event: &Event<&str>) -> String {
    serde_json::to_string(event).unwrap_or_default()
}

/// One withheld-answer event line for `POST /v1/events` (ids and names only, never a value).
pub fn event_line(subject: &str, scenario_id: &str, target_id: &str, surface: &str) -> String {
    line(&Event::Answer(AnswerWithheld {
        subject,
        scenario_id,
        target_id,
        surface,
    }))
}

/// One withheld-reply event line: a model turn's reply
/// ([`is_model_turn`](super::is_model_turn)) had at least one target withheld. Sent once per
/// response, however many targets or stream chunks it withheld; the control service counts
/// these for probe detection. Ids and names only.
pub fn reply_event_line(subject: &str, scenario_id: &str, surface: &str) -> String {
    line(&Event::Reply(ReplyWithheld {
        subject,
        scenario_id,
        surface,
    }))
}

/// The `POST /v1/events` body from pending lines (lines that are not JSON objects are skipped).
pub fn events_body(pending: &[u8]) -> Option<(String, usize)> {
    let mut events = Vec::new();
    for line in pending.split(|b| *b == b'\n') {
        if let Ok(v @ serde_json::Value::Object(_)) = serde_json::from_slice(line) {
            events.push(v);
        }
    }
    if events.is_empty() {
        return None;
    }
    let n = events.len();
    let body = serde_json::to_string(&EventBatch { events }).ok()?;
    Some((body, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_record_never_lowers_a_level_nor_voids_a_resync() {
        let rec = |e: &str, sc: &str, l: u8| LevelRecord {
            levels_epoch: e.into(),
            scenario_id: sc.into(),
            level: l,
        };
        let hint = rec("e1", "s", 2);
        let enc = |r: LevelRecord| r.encode().into_bytes();
        assert!(hint.supersedes(None));
        assert!(hint.supersedes(Some(b"garbled")));
        assert!(hint.supersedes(Some(&enc(rec("e1", "s", 1)))));
        assert!(!hint.supersedes(Some(&enc(rec("e1", "s", 2)))));
        assert!(!hint.supersedes(Some(&enc(rec("e1", "s", 3)))));
        // A record of another scenario is void: replaced. One of another epoch with a level at
        // least as high may be a resync being published: left for the watch.
        assert!(hint.supersedes(Some(&enc(rec("e1", "other", 3)))));
        assert!(hint.supersedes(Some(&enc(rec("e0", "s", 1)))));
        assert!(!hint.supersedes(Some(&enc(rec("e2", "s", 2)))));
    }

    #[test]
    fn level_records() {
        let r = LevelRecord {
            levels_epoch: "e1.3".into(),
            scenario_id: "kafka:lag".into(),
            level: 2,
        };
        let enc = r.encode();
        assert_eq!(LevelRecord::decode(enc.as_bytes()), Some(r.clone()));
        let lv = |rec: Option<&str>, ep: &str, sc: &str| {
            LevelRecord::level_for(rec.map(str::as_bytes), ep, sc, 1)
        };
        assert_eq!(lv(Some(&enc), "e1.3", "kafka:lag"), 2);
        assert_eq!(lv(Some(&enc), "e1.4", "kafka:lag"), 1, "other epoch");
        assert_eq!(lv(Some(&enc), "e1.3", "other"), 1, "foreign scenario");
        assert_eq!(lv(None, "e1.3", "kafka:lag"), 1, "missing");
        assert_eq!(
            lv(Some("e1.3:kafka:lag:9"), "e1.3", "kafka:lag"),
            1,
            "out of range"
        );
        assert_eq!(lv(Some("garbage"), "e1.3", "kafka:lag"), 1);
        assert_eq!(LevelRecord::level_for(None, "e", "s", 7), 3);
    }

    #[test]
    fn generation_and_guard_records() {
        let g = Generation {
            guard_id: "ep/3".into(),
            levels_epoch: "ep.1".into(),
        };
        assert_eq!(Generation::decode(g.encode().as_bytes()), Some(g));
        assert_eq!(Generation::decode(b"x"), None);
        assert_eq!(Generation::decode(b"|y"), None);
        let rec = encode_guard("ep/3", "{\"a\":1}");
        let (id, set) = decode_guard(rec.as_bytes()).unwrap();
        assert_eq!(id, "ep/3");
        assert_eq!(set, b"{\"a\":1}");
        assert_eq!(decode_guard(b"nolf"), None);
    }

    #[test]
    fn a_left_behind_hint_record_is_known_only_within_one_control_process() {
        let rec = b"c1.100.1:k:2";
        assert!(LevelRecord::is_left_behind(
            Some(rec),
            "c1.100.1",
            "c1.200.2"
        ));
        assert!(!LevelRecord::is_left_behind(
            Some(rec),
            "c1.100.1",
            "c2.200.1"
        ));
        assert!(!LevelRecord::is_left_behind(
            Some(rec),
            "c1.100.1",
            "c1.100.1"
        ));
        assert!(!LevelRecord::is_left_behind(
            Some(rec),
            "c1.050.1",
            "c1.200.2"
        ));
        assert!(!LevelRecord::is_left_behind(None, "c1.100.1", "c1.200.2"));
        assert!(!LevelRecord::is_left_behind(
            Some(b"junk"),
            "c1.100.1",
            "c1.200.2"
        ));
    }

    #[test]
    fn watch_path_and_response() {
        assert_eq!(
            watch_path(None, None, None, None, 100),
            "/v1/watch?timeout_ms=100"
        );
        assert_eq!(
            watch_path(Some("a b&c"), Some(3), Some(41), None, 25000),
            "/v1/watch?timeout_ms=25000&epoch=a%20b%26c&manifest_generation=3&level_seq=41"
        );
        assert_eq!(
            watch_path(Some("e"), Some(3), Some(41), Some(7), 25000),
            "/v1/watch?timeout_ms=25000&epoch=e&manifest_generation=3&level_seq=41&probe_seq=7"
        );
        let body = r#"{"epoch":"7c1e","manifest_generation":3,"guard":null,"level_seq":41,
            "levels":{"full":false,"entries":[{"subject":"alice","scenario_id":"k","level":2}]}}"#;
        let w: WatchResponse = serde_json::from_str(body).unwrap();
        assert_eq!(w.levels.entries.len(), 1);
        assert!(w.guard.is_none());
        // Without probe detection (an older control service) the probe fields are absent.
        assert!(w.probe_seq.is_none() && w.probes.is_none());
        let body = r#"{"epoch":"7c1e","manifest_generation":3,"guard":null,"level_seq":41,
            "levels":{"full":false,"entries":[]},"probe_seq":2,
            "probes":{"full":true,"entries":[{"subject":"alice","scenario_id":"k","age_ms":1500}]}}"#;
        let w: WatchResponse = serde_json::from_str(body).unwrap();
        assert_eq!(w.probe_seq, Some(2));
        let p = w.probes.unwrap();
        assert!(p.full);
        assert_eq!(p.entries[0].age_ms, 1500);
    }

    #[test]
    fn probe_records_time_out_stay_scenario_bound_and_only_move_forward() {
        let rec = ProbeRecord {
            scenario_id: "kafka:lag".into(),
            flagged_at_ms: 1_000_000,
        };
        let enc = rec.encode();
        assert_eq!(enc, "1000000:kafka:lag");
        assert_eq!(ProbeRecord::decode(enc.as_bytes()), Some(rec.clone()));
        for bad in ["", ":s", "12:", "x1:s", "-1:s", "1.5:s"] {
            assert_eq!(ProbeRecord::decode(bad.as_bytes()), None, "{bad}");
        }
        let left = |r: Option<&str>, sc: &str, now: u64, cd: u64| {
            ProbeRecord::cooldown_left_ms(r.map(str::as_bytes), sc, now, cd)
        };
        assert_eq!(left(Some(&enc), "kafka:lag", 1_000_000, 60_000), 60_000);
        assert_eq!(left(Some(&enc), "kafka:lag", 1_059_999, 60_000), 1);
        assert_eq!(left(Some(&enc), "kafka:lag", 1_060_000, 60_000), 0);
        assert_eq!(left(Some(&enc), "other", 1_000_001, 60_000), 0, "foreign");
        assert_eq!(left(Some(&enc), "kafka:lag", 1_000_001, 0), 0, "off");
        assert_eq!(left(None, "kafka:lag", 1_000_001, 60_000), 0, "missing");
        assert_eq!(left(Some("garbage"), "kafka:lag", 1, 60_000), 0);
        // A flag stamped after "now" (the clock stepped back) lasts one cool-down from now.
        assert_eq!(left(Some(&enc), "kafka:lag", 10, 60_000), 60_000);
        let later = ProbeRecord {
            flagged_at_ms: 2_000_000,
            ..rec.clone()
        };
        assert!(rec.supersedes(None));
        assert!(rec.supersedes(Some(b"garbage")));
        assert!(later.supersedes(Some(enc.as_bytes())));
        assert!(!rec.supersedes(Some(later.encode().as_bytes())));
        assert!(!rec.supersedes(Some(enc.as_bytes())), "the same flag again");
        let resent = ProbeRecord {
            flagged_at_ms: 1_000_400,
            ..rec.clone()
        };
        assert!(
            !resent.supersedes(Some(enc.as_bytes())),
            "the same flag, later transit"
        );
        let other = ProbeRecord {
            scenario_id: "new".into(),
            flagged_at_ms: 1,
        };
        assert!(other.supersedes(Some(later.encode().as_bytes())));
    }

    #[test]
    fn events_round_trip_without_values() {
        let mut pending = event_line("alice", "k", "total_lag", "chat");
        pending.push('\n');
        pending.push_str("garbage\n");
        pending.push_str(&event_line("bob", "k", "broker", "chat_stream"));
        let (body, n) = events_body(pending.as_bytes()).unwrap();
        assert_eq!(n, 2);
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["events"][1]["surface"], "chat_stream");
        assert_eq!(v["events"][0]["event"], "learning_answer_withheld");
        assert_eq!(events_body(b""), None);
        let reply = reply_event_line("alice", "k", "chat_stream");
        let v: serde_json::Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"event": "learning_reply_withheld", "subject": "alice",
                               "scenario_id": "k", "surface": "chat_stream"})
        );
    }

    /// `T` read from `json` writes back the same JSON value.
    fn round_trip<T: Serialize + serde::de::DeserializeOwned>(json: &str) -> T {
        let want: serde_json::Value = serde_json::from_str(json).unwrap();
        let t: T = serde_json::from_str(json).unwrap();
        assert_eq!(serde_json::to_value(&t).unwrap(), want, "{json}");
        t
    }

    // The JSON below is docs/api.md's, verbatim where it gives one.

    #[test]
    fn watch_response_shape() {
        let w: WatchResponse = round_trip(
            r#"{
              "epoch": "7c1e...",
              "manifest_generation": 3,
              "guard": null,
              "level_seq": 41,
              "levels": {"full": false, "entries": [
                {"subject": "alice", "scenario_id": "kafka-lag-7f3a", "level": 2}
              ]},
              "probe_seq": 3,
              "probes": {"full": false, "entries": [
                {"subject": "mallory", "scenario_id": "kafka-lag-7f3a", "age_ms": 1200}
              ]}
            }"#,
        );
        assert_eq!(
            w.levels.entries,
            [WatchLevel {
                subject: "alice".to_string(),
                scenario_id: "kafka-lag-7f3a".into(),
                level: 2
            }]
        );
        let p = w.probes.unwrap();
        assert_eq!(p.entries[0].age_ms, 1200);
        // With the guard set, as docs/api.md shows it.
        let w: WatchResponse = round_trip(
            r#"{"epoch": "e", "manifest_generation": 4, "level_seq": 0, "probe_seq": 0,
                "guard": {
                  "scenario_id": "kafka-lag-7f3a",
                  "default_disclosure": 0,
                  "targets": [{"id": "total_lag", "descriptor": "total lag of group orders-processor",
                               "value": 5100, "unit": "messages"}],
                  "retired": [{"id": "total_lag", "value": 4800, "expires_at_unix": 1796000000}]
                },
                "levels": {"full": true, "entries": []},
                "probes": {"full": true, "entries": []}}"#,
        );
        assert_eq!(w.guard.unwrap().scenario_id, "kafka-lag-7f3a");
    }

    #[test]
    fn borrowed_watch_entries_serialise_like_owned_ones() {
        let borrowed: WatchResponse<&str, Vec<WatchLevel<&str>>> = WatchResponse {
            epoch: "e",
            manifest_generation: 1,
            guard: None,
            level_seq: 2,
            levels: WatchLevels {
                full: true,
                entries: vec![WatchLevel {
                    subject: "alice",
                    scenario_id: "k",
                    level: 1,
                }],
            },
            probe_seq: Some(0),
            probes: Some(WatchProbes {
                full: true,
                entries: vec![],
            }),
        };
        let json = serde_json::to_string(&borrowed).unwrap();
        let owned: WatchResponse = round_trip(&json);
        assert_eq!(owned.epoch, "e");
        assert_eq!(owned.levels.entries[0].subject, "alice");
    }

    #[test]
    fn hint_response_shape() {
        let h: HintResponse = round_trip(
            r#"{"scenario_id": "kafka-lag-7f3a", "level": 1, "max_level": 3, "can_take_hint": true}"#,
        );
        assert_eq!((h.level, h.max_level, h.can_take_hint), (1, 3, true));
    }

    #[test]
    fn event_batch_shape() {
        let b: EventBatch = round_trip(
            r#"{"events": [
              {"event": "learning_answer_withheld", "subject": "alice",
               "scenario_id": "kafka-lag-7f3a", "target_id": "total_lag", "surface": "chat"},
              {"event": "learning_reply_withheld", "subject": "alice",
               "scenario_id": "kafka-lag-7f3a", "surface": "chat"}
            ]}"#,
        );
        assert_eq!(
            b.events[1],
            Event::Reply(ReplyWithheld {
                subject: "alice".into(),
                scenario_id: "kafka-lag-7f3a".into(),
                surface: "chat".into()
            })
        );
        // The lines the filter writes are these events.
        let a: Event =
            serde_json::from_str(&event_line("alice", "k", "total_lag", "chat")).unwrap();
        assert!(matches!(a, Event::Answer(e) if e.target_id == "total_lag"));
        let r: Event = serde_json::from_str(&reply_event_line("alice", "k", "chat")).unwrap();
        assert!(matches!(r, Event::Reply(e) if e.surface == "chat"));
        assert_eq!(EVENT_KINDS, [ANSWER_WITHHELD, REPLY_WITHHELD]);
    }

    #[test]
    fn events_take_exactly_their_fields() {
        let refused = [
            // A reply event has no target_id; an answer event needs one.
            r#"{"event": "learning_reply_withheld", "subject": "a", "scenario_id": "k", "surface": "chat", "target_id": "t"}"#,
            r#"{"event": "learning_answer_withheld", "subject": "a", "scenario_id": "k", "surface": "chat"}"#,
            r#"{"event": "learning_answer_withheld", "subject": "a", "scenario_id": "k", "target_id": "t", "surface": "chat", "value": 5100}"#,
            r#"{"event": "learning_other", "subject": "a", "scenario_id": "k", "surface": "chat"}"#,
            r#"{"subject": "a", "scenario_id": "k", "surface": "chat"}"#,
            r#"{"event": "learning_reply_withheld", "subject": 1, "scenario_id": "k", "surface": "chat"}"#,
        ];
        for json in refused {
            assert!(serde_json::from_str::<Event>(json).is_err(), "{json}");
        }
        assert!(serde_json::from_str::<EventBatch>(r#"{"events": [], "more": 1}"#).is_err());
    }
}
