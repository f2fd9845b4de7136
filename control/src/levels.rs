//! The level store (AEP-032 §3): one disclosure level per (subject, scenario_id), the per-subject
//! hint rate limit, each learner's help counters for the lab platform's report, and the change
//! log the watch API serves as deltas. Kept per process: a restart puts every learner back at
//! `default_disclosure`, which withholds more, never less.
//!
//! Probe detection (docs/api.md "Probe detection") lives here too, per (subject, scenario_id):
//! the times of the recent withheld replies (a sliding window), the flags raised when they reach
//! the threshold (at most one per window, so a learner who keeps going is flagged again once a
//! window after the last flag, never on every reply), and a second change log of flags that the
//! watch API serves so the filter can apply a cool-down. A restart forgets windows and flags.
//!
//! The report's counters also survive a restart: at start the audit stream is replayed
//! ([`LevelStore::replay`]) into a per-learner record of earlier help that the report adds to
//! this process's, while the level in force still starts at `default_disclosure`.
//!
//! A learner costs one map entry with its first scenario inline (no second allocation in the
//! usual one-scenario lab); scenario ids are interned. The change log keeps the last
//! [`LOG_CAPACITY`] changes; a watcher further behind gets a full resync.

use crate::clock::rfc3339_ms;
use crate::config::ProbeSettings;
use orrery_learning_guard::policy::{WatchLevel, WatchProbe};
use orrery_learning_guard::MAX_LEVEL;
use serde::Serialize;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

/// How many level changes the watch API can replay as deltas.
pub const LOG_CAPACITY: usize = 4096;
/// How many probe flags the watch API can replay as deltas.
pub const PROBE_LOG_CAPACITY: usize = 4096;
/// Flags older than this are not sent in a full resync: no cool-down lasts longer
/// (`orrery_learning_guard::policy::MAX_COOLDOWN_SECONDS`).
pub const MAX_FLAG_AGE_MS: u64 = orrery_learning_guard::policy::MAX_COOLDOWN_SECONDS * 1000;

/// One learner's probe-detection state on one scenario.
#[derive(Debug, Clone, Default)]
struct Probe {
    /// Times of the withheld replies still in the window, oldest first (at most
    /// [`crate::config::MAX_PROBE_THRESHOLD`]; empty, it holds no allocation).
    recent: VecDeque<u64>,
    flags: u32,
    last_flag_ms: Option<u64>,
}

/// One scenario's help for one learner.
#[derive(Debug, Clone)]
struct Help {
    scenario: Arc<str>,
    /// The level raised by hints; `None` until the first hint (reads as default_disclosure).
    level: Option<u8>,
    hints_taken: u32,
    answers_withheld: u32,
    replies_withheld: u32,
    probe: Probe,
    /// The help of earlier processes, replayed from the audit stream at start (report only:
    /// never a level in force). Boxed, so a learner without history costs one pointer.
    past: Option<Box<Past>>,
}

/// One learner's help on one scenario before this process started, for the report.
#[derive(Debug, Clone, Default)]
struct Past {
    /// The highest level reached by a hint.
    reached: u8,
    hints_taken: u32,
    answers_withheld: u32,
    replies_withheld: u32,
    probes_suspected: u32,
    /// The last flag's audit timestamp, as written.
    last_probe_suspected_at: Option<Box<str>>,
}

/// One audit entry of an earlier process, as the report replays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replay<'a> {
    Hint { new_level: u8 },
    AnswerWithheld,
    ReplyWithheld,
    ProbeSuspected { at: &'a str },
}

#[derive(Debug, Clone)]
struct Learner {
    /// The rate limit is per subject, across scenarios.
    next_hint_at_ms: u64,
    first: Help,
    more: Vec<Help>,
}

impl Learner {
    fn help(&self, scenario: &str) -> Option<&Help> {
        std::iter::once(&self.first)
            .chain(self.more.iter())
            .find(|h| &*h.scenario == scenario)
    }

    fn help_mut(&mut self, scenario: &Arc<str>) -> &mut Help {
        if *self.first.scenario == **scenario {
            return &mut self.first;
        }
        let at = match self.more.iter().position(|h| h.scenario == *scenario) {
            Some(at) => at,
            None => {
                self.more.push(Help::new(scenario.clone()));
                self.more.len() - 1
            }
        };
        &mut self.more[at]
    }
}

impl Help {
    fn new(scenario: Arc<str>) -> Help {
        Help {
            scenario,
            level: None,
            hints_taken: 0,
            answers_withheld: 0,
            replies_withheld: 0,
            probe: Probe::default(),
            past: None,
        }
    }
}

/// A level as the watch API serves it (the filter's own type), borrowed, so a full resync
/// serialises without copying every subject.
pub type LevelRef<'a> = WatchLevel<&'a str>;

#[derive(Debug)]
struct LogEntry {
    seq: u64,
    subject: Box<str>,
    scenario: Arc<str>,
    level: u8,
}

/// Every stored level of one scenario, serialised as a JSON array of [`LevelRef`].
pub struct AllLevels<'a> {
    store: &'a LevelStore,
    scenario: &'a str,
    default: u8,
}

impl Serialize for AllLevels<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.store.all_levels(self.scenario, self.default))
    }
}

/// What a hint press did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintOutcome {
    Raised {
        old: u8,
        new: u8,
        seq: u64,
    },
    /// Already at the maximum: no step, no rate-limit cost.
    AtMax {
        level: u8,
    },
    RateLimited {
        level: u8,
        retry_after_secs: u64,
    },
}

/// One learner's help on a scenario, for `GET /v1/report`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LearnerReport {
    pub subject: String,
    pub level: u8,
    pub hints_taken: u32,
    /// Withheld targets (one per target per reply).
    pub answers_withheld: u32,
    /// Model-turn replies that had anything withheld (one per reply).
    pub replies_withheld: u32,
    /// How often the learner was flagged as a suspected probe.
    pub probes_suspected: u32,
    /// When the last flag was raised (RFC 3339 UTC), `null` if never.
    pub last_probe_suspected_at: Option<String>,
}

/// A withheld reply took a learner over the probe threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProbeFlag {
    /// Withheld replies in the window when the flag was raised.
    pub withheld_in_window: u32,
    /// The flag's place in the probe change log.
    pub seq: u64,
}

/// A probe flag as the watch API serves it: its age at the time of the answer, so the filter
/// rebuilds the time in its own clock (the filter's own type).
pub type ProbeEntry = WatchProbe;

#[derive(Debug)]
struct ProbeLogEntry {
    seq: u64,
    subject: Box<str>,
    scenario: Arc<str>,
    at_ms: u64,
}

#[derive(Debug, Default)]
pub struct LevelStore {
    learners: HashMap<Box<str>, Learner>,
    scenarios: HashSet<Arc<str>>,
    seq: u64,
    log: VecDeque<LogEntry>,
    stored_levels: usize,
    probe_seq: u64,
    probe_log: VecDeque<ProbeLogEntry>,
}

impl LevelStore {
    pub fn new() -> LevelStore {
        LevelStore::default()
    }

    fn intern(&mut self, scenario: &str) -> Arc<str> {
        if let Some(s) = self.scenarios.get(scenario) {
            return s.clone();
        }
        let s: Arc<str> = Arc::from(scenario);
        self.scenarios.insert(s.clone());
        s
    }

    fn learner(&mut self, subject: &str, scenario: &Arc<str>) -> &mut Learner {
        self.learners
            .entry(Box::from(subject))
            .or_insert_with(|| Learner {
                next_hint_at_ms: 0,
                first: Help::new(scenario.clone()),
                more: Vec::new(),
            })
    }

    /// The latest level change's sequence number (0: none yet).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// How many (subject, scenario) levels are stored.
    pub fn stored_levels(&self) -> usize {
        self.stored_levels
    }

    /// The level `subject` reads on `scenario`; a level stored for another scenario doesn't count.
    pub fn level(&self, subject: &str, scenario: &str, default: u8) -> u8 {
        self.learners
            .get(subject)
            .and_then(|l| l.help(scenario))
            .and_then(|h| h.level)
            .map_or(default, |l| l.max(default))
    }

    fn set_level(&mut self, subject: &str, scenario: &Arc<str>, level: u8, hint: bool) -> u64 {
        let help = self.learner(subject, scenario).help_mut(scenario);
        let was_stored = help.level.is_some();
        help.level = Some(level);
        if hint {
            help.hints_taken += 1;
        }
        if !was_stored {
            self.stored_levels += 1;
        }
        self.seq += 1;
        if self.log.len() == LOG_CAPACITY {
            self.log.pop_front();
        }
        self.log.push_back(LogEntry {
            seq: self.seq,
            subject: subject.into(),
            scenario: scenario.clone(),
            level,
        });
        self.seq
    }

    /// One press of the hint button: +1 (never above [`MAX_LEVEL`]) if the rate limit allows.
    /// The whole decision is taken under the caller's lock, so concurrent presses are exact.
    pub fn hint(
        &mut self,
        subject: &str,
        scenario: &str,
        default: u8,
        now_ms: u64,
        interval_ms: u64,
    ) -> HintOutcome {
        let old = self.level(subject, scenario, default);
        if old >= MAX_LEVEL {
            return HintOutcome::AtMax { level: old };
        }
        if let Some(l) = self.learners.get(subject) {
            if now_ms < l.next_hint_at_ms {
                let wait_ms = l.next_hint_at_ms - now_ms;
                return HintOutcome::RateLimited {
                    level: old,
                    retry_after_secs: wait_ms.div_ceil(1000).max(1),
                };
            }
        }
        let scenario = self.intern(scenario);
        let new = old + 1;
        let seq = self.set_level(subject, &scenario, new, true);
        if let Some(l) = self.learners.get_mut(subject) {
            l.next_hint_at_ms = now_ms.saturating_add(interval_ms);
        }
        HintOutcome::Raised { old, new, seq }
    }

    /// Count one withheld answer for the report.
    pub fn record_withheld(&mut self, subject: &str, scenario: &str) {
        let scenario = self.intern(scenario);
        let help = self.learner(subject, &scenario).help_mut(&scenario);
        help.answers_withheld = help.answers_withheld.saturating_add(1);
    }

    /// Count one withheld reply at `now_ms` in the learner's probe window. `Some` when it takes
    /// the window to the threshold and the learner was not flagged within the last window (one
    /// flag per crossing: later replies of the same run do not flag again until a window has
    /// passed since the flag, and the withheld replies that raised it have left the window).
    pub fn record_reply_withheld(
        &mut self,
        subject: &str,
        scenario: &str,
        now_ms: u64,
        settings: &ProbeSettings,
    ) -> Option<ProbeFlag> {
        let scenario = self.intern(scenario);
        let help = self.learner(subject, &scenario).help_mut(&scenario);
        help.replies_withheld = help.replies_withheld.saturating_add(1);
        let p = &mut help.probe;
        // The window is the last `window_ms` up to now: a reply exactly a window old has left.
        while p
            .recent
            .front()
            .is_some_and(|&t| now_ms.saturating_sub(t) >= settings.window_ms)
        {
            p.recent.pop_front();
        }
        if p.recent.len() >= crate::config::MAX_PROBE_THRESHOLD as usize {
            p.recent.pop_front();
        }
        p.recent.push_back(now_ms);
        let count = u32::try_from(p.recent.len()).unwrap_or(u32::MAX);
        let rearmed = match p.last_flag_ms {
            None => true,
            Some(at) => now_ms.saturating_sub(at) >= settings.window_ms,
        };
        if count < settings.threshold || !rearmed {
            return None;
        }
        p.flags = p.flags.saturating_add(1);
        p.last_flag_ms = Some(now_ms);
        self.probe_seq += 1;
        if self.probe_log.len() == PROBE_LOG_CAPACITY {
            self.probe_log.pop_front();
        }
        self.probe_log.push_back(ProbeLogEntry {
            seq: self.probe_seq,
            subject: subject.into(),
            scenario,
            at_ms: now_ms,
        });
        Some(ProbeFlag {
            withheld_in_window: count,
            seq: self.probe_seq,
        })
    }

    /// The latest probe flag's sequence number (0: none yet).
    pub fn probe_seq(&self) -> u64 {
        self.probe_seq
    }

    /// The flags after `since`, with their age at `now_ms`; `None` when `since` is older than
    /// the log holds or ahead of it (the caller needs a full list).
    pub fn probe_changes_since(&self, since: u64, now_ms: u64) -> Option<Vec<ProbeEntry>> {
        if since > self.probe_seq {
            return None;
        }
        let oldest_known = self.probe_log.front().map_or(self.probe_seq, |e| e.seq - 1);
        if since < oldest_known {
            return None;
        }
        Some(
            self.probe_log
                .iter()
                .filter(|e| e.seq > since)
                .map(|e| ProbeEntry {
                    subject: e.subject.to_string(),
                    scenario_id: e.scenario.to_string(),
                    age_ms: now_ms.saturating_sub(e.at_ms),
                })
                .collect(),
        )
    }

    /// Every learner's last flag on `scenario` younger than [`MAX_FLAG_AGE_MS`], with its age.
    pub fn all_probes(&self, scenario: &str, now_ms: u64) -> Vec<ProbeEntry> {
        self.learners
            .iter()
            .filter_map(|(subject, l)| {
                let at = l.help(scenario)?.probe.last_flag_ms?;
                let age_ms = now_ms.saturating_sub(at);
                (age_ms < MAX_FLAG_AGE_MS).then(|| ProbeEntry {
                    subject: subject.to_string(),
                    scenario_id: scenario.to_string(),
                    age_ms,
                })
            })
            .collect()
    }

    /// Test hook: store `level` for `count` subjects `{prefix}{i}` on `scenario` (no rate limit,
    /// no hint counted). Returns the new sequence number.
    pub fn seed(&mut self, prefix: &str, count: usize, scenario: &str, level: u8) -> u64 {
        let scenario = self.intern(scenario);
        let level = level.min(MAX_LEVEL);
        for i in 0..count {
            self.set_level(&format!("{prefix}{i}"), &scenario, level, false);
        }
        self.seq
    }

    /// The changes after `since`, last write per (subject, scenario); `None` when `since` is
    /// older than the log holds (the caller needs a full resync).
    pub fn changes_since(&self, since: u64) -> Option<Vec<LevelRef<'_>>> {
        if since > self.seq {
            return None;
        }
        let oldest_known = self.log.front().map_or(self.seq, |e| e.seq - 1);
        if since < oldest_known {
            return None;
        }
        let mut latest: HashMap<(&str, &str), usize> = HashMap::new();
        let mut out: Vec<LevelRef<'_>> = Vec::new();
        for e in self.log.iter().filter(|e| e.seq > since) {
            let entry = LevelRef {
                subject: &e.subject,
                scenario_id: &e.scenario,
                level: e.level,
            };
            match latest.get(&(entry.subject, entry.scenario_id)) {
                Some(&at) => out[at] = entry,
                None => {
                    latest.insert((entry.subject, entry.scenario_id), out.len());
                    out.push(entry);
                }
            }
        }
        Some(out)
    }

    /// Every stored level on `scenario` (read as at least `default`), for a full resync.
    pub fn all_levels<'a>(
        &'a self,
        scenario: &'a str,
        default: u8,
    ) -> impl Iterator<Item = LevelRef<'a>> + 'a {
        self.learners.iter().filter_map(move |(subject, l)| {
            let level = l.help(scenario)?.level?;
            Some(LevelRef {
                subject,
                scenario_id: scenario,
                level: level.max(default),
            })
        })
    }

    /// [`LevelStore::all_levels`] as a JSON array, serialised straight from the map (a full
    /// resync of 100k levels never holds a second copy of them).
    pub fn all_levels_json<'a>(&'a self, scenario: &'a str, default: u8) -> AllLevels<'a> {
        AllLevels {
            store: self,
            scenario,
            default,
        }
    }

    /// Add one audit entry of an earlier process to `subject`'s report on `scenario`. The level
    /// in force, the rate limit and the probe window are not touched: they start afresh.
    pub fn replay(&mut self, subject: &str, scenario: &str, event: Replay<'_>) {
        let scenario = self.intern(scenario);
        let help = self.learner(subject, &scenario).help_mut(&scenario);
        let past = help.past.get_or_insert_with(Box::default);
        match event {
            Replay::Hint { new_level } => {
                past.reached = past.reached.max(new_level.min(MAX_LEVEL));
                past.hints_taken = past.hints_taken.saturating_add(1);
            }
            Replay::AnswerWithheld => {
                past.answers_withheld = past.answers_withheld.saturating_add(1);
            }
            Replay::ReplyWithheld => {
                past.replies_withheld = past.replies_withheld.saturating_add(1);
            }
            Replay::ProbeSuspected { at } => {
                past.probes_suspected = past.probes_suspected.saturating_add(1);
                past.last_probe_suspected_at = Some(Box::from(at));
            }
        }
    }

    /// Each learner's help on `scenario`, sorted by subject (every page at once).
    pub fn report(&self, scenario: &str, default: u8) -> Vec<LearnerReport> {
        self.report_page(scenario, default, None, usize::MAX).0
    }

    /// Up to `limit` learners on `scenario` whose subject sorts after `after`, sorted by subject,
    /// and whether more follow. Costs one pass over the learners and a sort of the page, not of
    /// every learner.
    pub fn report_page(
        &self,
        scenario: &str,
        default: u8,
        after: Option<&str>,
        limit: usize,
    ) -> (Vec<LearnerReport>, bool) {
        let mut rows: Vec<(&str, &Help)> = self
            .learners
            .iter()
            .filter(|(subject, _)| !matches!(after, Some(a) if &***subject <= a))
            .filter_map(|(subject, l)| Some((&**subject, l.help(scenario)?)))
            .collect();
        let more = rows.len() > limit;
        if more {
            rows.select_nth_unstable_by(limit, |a, b| a.0.cmp(b.0));
            rows.truncate(limit);
        }
        rows.sort_unstable_by(|a, b| a.0.cmp(b.0));
        let out = rows
            .into_iter()
            .map(|(subject, h)| learner_report(subject, h, default))
            .collect();
        (out, more)
    }
}

/// This process's help plus the replayed help of earlier ones.
fn learner_report(subject: &str, h: &Help, default: u8) -> LearnerReport {
    let none = Past::default();
    let past = h.past.as_deref().unwrap_or(&none);
    LearnerReport {
        subject: subject.to_string(),
        level: h.level.unwrap_or(0).max(past.reached).max(default),
        hints_taken: h.hints_taken.saturating_add(past.hints_taken),
        answers_withheld: h.answers_withheld.saturating_add(past.answers_withheld),
        replies_withheld: h.replies_withheld.saturating_add(past.replies_withheld),
        probes_suspected: h.probe.flags.saturating_add(past.probes_suspected),
        last_probe_suspected_at: h
            .probe
            .last_flag_ms
            .map(rfc3339_ms)
            .or_else(|| past.last_probe_suspected_at.as_deref().map(str::to_string)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hint_steps_are_rate_limited_capped_and_scenario_bound() {
        let mut s = LevelStore::new();
        let t = 1_000_000;
        let cases = [
            (
                t,
                HintOutcome::Raised {
                    old: 0,
                    new: 1,
                    seq: 1,
                },
            ),
            (
                t + 1,
                HintOutcome::RateLimited {
                    level: 1,
                    retry_after_secs: 30,
                },
            ),
            (
                t + 29_001,
                HintOutcome::RateLimited {
                    level: 1,
                    retry_after_secs: 1,
                },
            ),
            (
                t + 30_000,
                HintOutcome::Raised {
                    old: 1,
                    new: 2,
                    seq: 2,
                },
            ),
            (
                t + 60_000,
                HintOutcome::Raised {
                    old: 2,
                    new: 3,
                    seq: 3,
                },
            ),
            (t + 60_001, HintOutcome::AtMax { level: 3 }),
            (t + 999_000, HintOutcome::AtMax { level: 3 }),
        ];
        for (now, want) in cases {
            assert_eq!(s.hint("alice", "lab-a", 0, now, 30_000), want, "at {now}");
        }
        // Level 3 on lab-a unlocks nothing on lab-b.
        assert_eq!(s.level("alice", "lab-b", 1), 1);
        assert_eq!(s.level("bob", "lab-a", 2), 2);
        // A default raised above the stored level wins; never lower.
        assert_eq!(s.level("alice", "lab-a", 2), 3);
        assert_eq!(s.report("lab-a", 0)[0].hints_taken, 3);
    }

    #[test]
    fn deltas_are_last_write_per_subject_and_old_callers_resync() {
        let mut s = LevelStore::new();
        s.hint("a", "x", 0, 0, 1);
        s.hint("b", "x", 0, 0, 1);
        s.hint("a", "x", 0, 10, 1);
        let d = s.changes_since(1).unwrap();
        let got: Vec<(&str, u8)> = d.iter().map(|e| (e.subject, e.level)).collect();
        assert_eq!(got, [("b", 1), ("a", 2)]);
        assert!(s.changes_since(3).unwrap().is_empty());
        assert!(s.changes_since(4).is_none(), "ahead of the store");
        s.seed("learner-", LOG_CAPACITY + 10, "x", 1);
        assert!(s.changes_since(3).is_none(), "fell out of the log");
        assert_eq!(s.changes_since(s.seq() - 5).unwrap().len(), 5);
        assert_eq!(s.all_levels("x", 0).count(), LOG_CAPACITY + 12);
        let json = serde_json::to_value(s.all_levels_json("x", 0)).unwrap();
        assert_eq!(json.as_array().unwrap().len(), LOG_CAPACITY + 12);
        assert_eq!(s.stored_levels(), LOG_CAPACITY + 12);
    }

    fn settings(threshold: u32, window_s: u64) -> ProbeSettings {
        ProbeSettings {
            threshold,
            window_ms: window_s * 1000,
        }
    }

    /// Feed withheld replies at the given seconds; the seconds at which a flag was raised.
    fn flags_at(s: &mut LevelStore, who: &str, at: &[u64], p: &ProbeSettings) -> Vec<(u64, u32)> {
        at.iter()
            .filter_map(|t| {
                s.record_reply_withheld(who, "x", t * 1000, p)
                    .map(|f| (*t, f.withheld_in_window))
            })
            .collect()
    }

    #[test]
    fn the_threshold_flags_once_per_crossing_in_a_sliding_window() {
        let p = settings(5, 600);
        let mut s = LevelStore::new();
        // Four in the window: nothing; the fifth flags, with the count; later ones do not.
        assert_eq!(flags_at(&mut s, "a", &[0, 10, 20, 30], &p), []);
        assert_eq!(flags_at(&mut s, "a", &[40], &p), [(40, 5)]);
        assert_eq!(flags_at(&mut s, "a", &[50, 60, 70, 80, 90, 599], &p), []);
        // A window after the flag, with five fresh replies in it, it flags again (the count
        // holds only the replies still in the window).
        assert_eq!(flags_at(&mut s, "a", &[640], &p), [(640, 7)]);
        let r = &s.report("x", 0)[0];
        assert_eq!((r.replies_withheld, r.probes_suspected), (12, 2));
        assert_eq!(
            r.last_probe_suspected_at.as_deref(),
            Some("1970-01-01T00:10:40.000Z")
        );
        assert_eq!(s.probe_seq(), 2);

        // Spread out: never five within ten minutes, never flagged.
        let mut s = LevelStore::new();
        let slow: Vec<u64> = (0..40).map(|i| i * 150).collect();
        assert_eq!(flags_at(&mut s, "b", &slow, &p), []);
        // A reply exactly a window old has left it.
        assert_eq!(
            flags_at(&mut s, "c", &[0, 1, 2, 3, 600, 610, 611, 612], &p),
            []
        );
        assert_eq!(flags_at(&mut s, "c", &[613], &p), [(613, 5)]);
        // The window empties, and a new run crosses again (re-armed).
        assert_eq!(flags_at(&mut s, "c", &[5000, 5001, 5002, 5003], &p), []);
        assert_eq!(flags_at(&mut s, "c", &[5004], &p), [(5004, 5)]);
        assert_eq!(s.report("x", 0).len(), 2);
        let none = &s.report("x", 0)[0];
        assert_eq!((none.subject.as_str(), none.probes_suspected), ("b", 0));
        assert_eq!(none.last_probe_suspected_at, None);
    }

    #[test]
    fn windows_are_per_subject_and_scenario() {
        let p = settings(3, 60);
        let mut s = LevelStore::new();
        for t in 0..2 {
            assert!(s.record_reply_withheld("a", "x", t, &p).is_none());
            assert!(s.record_reply_withheld("b", "x", t, &p).is_none());
            assert!(s.record_reply_withheld("a", "y", t, &p).is_none());
        }
        assert!(s.record_reply_withheld("a", "x", 5, &p).is_some());
        assert!(s.record_reply_withheld("a", "y", 5, &p).is_some());
        assert!(s.record_reply_withheld("b", "y", 5, &p).is_none());
        // A threshold of 1 flags the first withheld reply, then once per window.
        let one = settings(1, 60);
        assert_eq!(
            flags_at(&mut s, "d", &[0, 30, 59, 60, 61], &one),
            [(0, 1), (60, 3)]
        );
    }

    #[test]
    fn flags_replay_as_deltas_with_their_age_and_in_full_for_a_scenario() {
        let p = settings(2, 60);
        let mut s = LevelStore::new();
        s.record_reply_withheld("a", "x", 1_000, &p);
        let f1 = s.record_reply_withheld("a", "x", 2_000, &p).unwrap();
        assert_eq!(f1.seq, 1);
        s.record_reply_withheld("b", "y", 3_000, &p);
        s.record_reply_withheld("b", "y", 4_000, &p);
        let entries = s.probe_changes_since(0, 10_000).unwrap();
        let got: Vec<(&str, &str, u64)> = entries
            .iter()
            .map(|e| (e.subject.as_str(), e.scenario_id.as_str(), e.age_ms))
            .collect();
        assert_eq!(got, [("a", "x", 8_000), ("b", "y", 6_000)]);
        assert_eq!(s.probe_changes_since(1, 10_000).unwrap().len(), 1);
        assert!(s.probe_changes_since(2, 10_000).unwrap().is_empty());
        assert!(s.probe_changes_since(3, 10_000).is_none(), "ahead");
        let full = s.all_probes("x", 10_000);
        assert_eq!(full.len(), 1);
        assert_eq!(full[0].age_ms, 8_000);
        // Flags older than the longest cool-down are not resent.
        assert!(s.all_probes("x", 2_000 + MAX_FLAG_AGE_MS).is_empty());
        // The log is bounded; a caller behind it gets the full list.
        for i in 0..PROBE_LOG_CAPACITY as u64 + 5 {
            let who = format!("l{i}");
            s.record_reply_withheld(&who, "x", 0, &p);
            s.record_reply_withheld(&who, "x", 0, &p);
        }
        assert!(s.probe_changes_since(1, 0).is_none());
        assert_eq!(
            s.probe_changes_since(s.probe_seq() - 3, 0).unwrap().len(),
            3
        );
    }

    #[test]
    fn pages_walk_every_learner_once_in_subject_order() {
        let mut s = LevelStore::new();
        for i in (0..25).rev() {
            s.record_withheld(&format!("l{i:02}"), "x");
        }
        s.record_withheld("other", "y");
        let mut seen = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let (page, more) = s.report_page("x", 0, after.as_deref(), 10);
            assert!(page.len() <= 10);
            seen.extend(page.iter().map(|r| r.subject.clone()));
            if !more {
                break;
            }
            after = page.last().map(|r| r.subject.clone());
        }
        let want: Vec<String> = (0..25).map(|i| format!("l{i:02}")).collect();
        assert_eq!(seen, want);
        // Exactly a page left: no further page announced.
        let (page, more) = s.report_page("x", 0, Some("l14"), 10);
        assert_eq!((page.len(), more), (10, false));
        assert_eq!(s.report("x", 0).len(), 25);
    }

    #[test]
    fn replayed_help_adds_to_the_report_but_not_to_the_level_in_force() {
        let mut s = LevelStore::new();
        s.replay("a", "x", Replay::Hint { new_level: 1 });
        s.replay("a", "x", Replay::Hint { new_level: 2 });
        s.replay("a", "x", Replay::AnswerWithheld);
        s.replay("a", "x", Replay::ReplyWithheld);
        s.replay(
            "a",
            "x",
            Replay::ProbeSuspected {
                at: "2026-01-01T00:00:00.000Z",
            },
        );
        assert_eq!(s.level("a", "x", 0), 0, "the level in force starts afresh");
        assert_eq!(s.stored_levels(), 0);
        assert_eq!(s.all_levels("x", 0).count(), 0);
        assert!(s.all_probes("x", 0).is_empty());
        let r = &s.report("x", 0)[0];
        assert_eq!(
            (
                r.level,
                r.hints_taken,
                r.answers_withheld,
                r.replies_withheld
            ),
            (2, 2, 1, 1)
        );
        assert_eq!(r.probes_suspected, 1);
        assert_eq!(
            r.last_probe_suspected_at.as_deref(),
            Some("2026-01-01T00:00:00.000Z")
        );
        // This process's help adds on; its own flag is the later one.
        s.hint("a", "x", 0, 0, 1);
        s.record_reply_withheld("a", "x", 5_000, &settings(1, 60));
        let r = &s.report("x", 0)[0];
        assert_eq!((r.level, r.hints_taken, r.replies_withheld), (2, 3, 2));
        assert_eq!(r.probes_suspected, 2);
        assert_eq!(
            r.last_probe_suspected_at.as_deref(),
            Some("1970-01-01T00:00:05.000Z")
        );
    }

    proptest::proptest! {
        /// Any sequence of presses: levels never fall or pass 3, steps per subject are an
        /// interval apart, and a watcher that took a snapshot and then applied the deltas holds
        /// exactly what a fresh full resync would give.
        #[test]
        fn presses_keep_the_invariants_and_deltas_replay_to_the_full_set(
            presses in proptest::collection::vec((0usize..5, 0u64..20_000), 1..200),
            snapshot_at in 0usize..200,
        ) {
            let subjects = ["a", "b", "c", "d", "e"];
            let mut s = LevelStore::new();
            let mut now = 0u64;
            let mut last_step: HashMap<&str, u64> = HashMap::new();
            let mut last_level: HashMap<&str, u8> = HashMap::new();
            let mut watcher: HashMap<String, u8> = HashMap::new();
            let mut cursor = 0;
            for (i, (who, dt)) in presses.iter().enumerate() {
                if i == snapshot_at.min(presses.len() - 1) {
                    watcher = s.all_levels("x", 0).map(|e| (e.subject.to_string(), e.level)).collect();
                    cursor = s.seq();
                }
                now += dt;
                let subject = subjects[*who];
                let level = match s.hint(subject, "x", 0, now, 30_000) {
                    HintOutcome::Raised { old, new, .. } => {
                        proptest::prop_assert_eq!(new, old + 1);
                        if let Some(prev) = last_step.insert(subject, now) {
                            proptest::prop_assert!(now - prev >= 30_000);
                        }
                        new
                    }
                    HintOutcome::AtMax { level } | HintOutcome::RateLimited { level, .. } => level,
                };
                proptest::prop_assert!(level <= MAX_LEVEL);
                let prev = last_level.insert(subject, level).unwrap_or(0);
                proptest::prop_assert!(level >= prev);
            }
            if let Some(deltas) = s.changes_since(cursor) {
                for e in deltas {
                    watcher.insert(e.subject.to_string(), e.level);
                }
                let full: HashMap<String, u8> =
                    s.all_levels("x", 0).map(|e| (e.subject.to_string(), e.level)).collect();
                proptest::prop_assert_eq!(watcher, full);
            }
        }
    }
}
