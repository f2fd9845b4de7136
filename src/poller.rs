//! The poller, which the configuration calls the sync service (role `"sync"`, or `sync: "lease"`):
//! it long-polls the control service's watch API and publishes what it learns in Envoy shared
//! data, then drains the pending withheld events to `POST /v1/events`.
//!
//! Probe flags (docs/api.md "Probe detection") come with the watch answer too: each flag is
//! written as `orrery_learning.probe.<subject>` with the time it was raised, rebuilt in this
//! host's clock from the age the control service sends. Flags survive a levels resync (a
//! cool-down ends by its own time; keeping one longer only withholds more).
//!
//! Publication order makes every reader safe without locks: the guard record is written before
//! the generation record that names it; level records are written before a generation record
//! that switches to their levels epoch. A full level resync (control restart, a fresh poller)
//! starts a new levels epoch, so every record it does not rewrite reads as `default_disclosure`
//! without enumerating keys. Every host status and failed callout is data: the poller backs off
//! (250 ms doubling to 5 s) and asks again, and the last published snapshot keeps guarding.
//!
//! Withheld events wait in shared data ([`store::append_event`], at most
//! `policy::MAX_PENDING_EVENT_BYTES`, 256 KiB, about 2 000 events; beyond it new ones are
//! dropped and counted as `sync.events_dropped`). Posting them backs off the same way, on its own
//! clock: while the control service is down a post is tried after 250 ms, 500 ms, … then every
//! 5 s, not on every tick, and the events stay queued meanwhile; the first post that is
//! accepted resets the backoff.
//!
//! In `lease` mode (no bootstrap singleton) every worker root runs this, and only the holder of
//! the shared-data lease polls; gaining or losing the lease resets what it knows, so a new poller
//! starts with a full resync.
use crate::host::{log_debug, log_error, log_info, log_warn, Buffer, Host, Map, SetOutcome};
use crate::metrics::{Metrics, SyncStat};
use crate::store;
use orrery_learning_guard::policy::{
    self, keys, FilterConfig, Generation, LevelRecord, ProbeRecord, WatchLevel, WatchProbes,
    WatchResponse, SECRET_HEADER,
};
use std::rc::Rc;
use std::time::Duration;

#[cfg(test)]
mod tests;

const MIN_BACKOFF_MS: u64 = 250;
const MAX_BACKOFF_MS: u64 = 5_000;
/// Most bytes read from one watch answer.
const MAX_WATCH_BODY: usize = 16 << 20;

pub struct Poller<H> {
    host: H,
    cfg: Rc<FilterConfig>,
    metrics: Rc<Metrics<H>>,
    leased: bool,
    owner: String,
    holds_lease: bool,
    // What the control service told us last.
    epoch: Option<String>,
    manifest_generation: Option<u64>,
    level_seq: Option<u64>,
    probe_seq: Option<u64>,
    guard_id: Option<String>,
    levels_epoch: Option<String>,
    resyncs: u64,
    // In-flight callouts and retry timing.
    watch_token: Option<u32>,
    /// The events post in flight: token, count, and the lines (re-queued if it fails).
    events_token: Option<(u32, usize, Vec<u8>)>,
    next_attempt_ms: u64,
    backoff_ms: u64,
    /// Event posting: the earliest time of the next post, and its current backoff.
    events_next_ms: u64,
    events_backoff_ms: u64,
}

/// The next backoff: doubled, within [`MIN_BACKOFF_MS`, `MAX_BACKOFF_MS`].
fn next_backoff(current: u64) -> u64 {
    current
        .saturating_mul(2)
        .clamp(MIN_BACKOFF_MS, MAX_BACKOFF_MS)
}

/// Keep ids free of the record separators (`/`, `|`, `:`, newline).
fn id_safe(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

impl<H: Host> Poller<H> {
    pub fn new(
        host: H,
        cfg: Rc<FilterConfig>,
        metrics: Rc<Metrics<H>>,
        leased: bool,
        root_id: u32,
    ) -> Poller<H> {
        let owner = format!("{}-{}", root_id, host.now_ms());
        Poller {
            host,
            cfg,
            metrics,
            leased,
            owner,
            holds_lease: false,
            epoch: None,
            manifest_generation: None,
            level_seq: None,
            probe_seq: None,
            guard_id: None,
            levels_epoch: None,
            resyncs: 0,
            watch_token: None,
            events_token: None,
            next_attempt_ms: 0,
            backoff_ms: 0,
            events_next_ms: 0,
            events_backoff_ms: 0,
        }
    }

    pub fn tick_period(&self) -> Duration {
        Duration::from_millis(self.cfg.control.tick_ms)
    }

    fn reset_knowledge(&mut self) {
        self.epoch = None;
        self.manifest_generation = None;
        self.level_seq = None;
        self.probe_seq = None;
        self.guard_id = None;
        self.levels_epoch = None;
    }

    pub fn on_tick(&mut self) {
        let now = self.host.now_ms();
        if self.leased && !self.hold_lease(now) {
            return;
        }
        if self.watch_token.is_none() && now >= self.next_attempt_ms {
            self.dispatch_watch();
        }
        if self.events_token.is_none() && now >= self.events_next_ms {
            self.flush_events();
        }
    }

    /// Take or renew the lease; `true` while this root is the poller.
    fn hold_lease(&mut self, now: u64) -> bool {
        let (cur, cas) = store::get(&self.host, keys::LEASE);
        let free = match cur.as_deref().and_then(parse_lease) {
            None => true,
            Some((owner, expires)) => owner == self.owner || expires <= now,
        };
        let ok = free && {
            let val = format!("{}|{}", self.owner, now + self.cfg.control.lease_ms);
            store::set(&self.host, keys::LEASE, val.as_bytes(), cas).is_ok()
        };
        if ok != self.holds_lease {
            log_info!(
                self.host,
                "orrery-learning: sync lease {}",
                if ok { "taken" } else { "lost" }
            );
            self.reset_knowledge();
            self.holds_lease = ok;
        }
        ok
    }

    fn dispatch_watch(&mut self) {
        let path = policy::watch_path(
            self.epoch.as_deref(),
            self.manifest_generation,
            self.level_seq,
            self.probe_seq,
            self.cfg.control.watch_timeout_ms,
        );
        let c = &self.cfg.control;
        let headers = vec![
            (":method", "GET"),
            (":path", path.as_str()),
            (":authority", c.authority.as_str()),
            (SECRET_HEADER, c.proxy_secret.as_str()),
        ];
        let timeout = Duration::from_millis(c.watch_timeout_ms + 5_000);
        match self.host.http_call(&c.cluster, &headers, None, timeout) {
            Ok(token) => self.watch_token = Some(token),
            Err(status) => {
                log_warn!(
                    self.host,
                    "orrery-learning: watch callout not dispatched ({status:?})"
                );
                self.failed();
            }
        }
    }

    fn failed(&mut self) {
        self.metrics.sync(SyncStat::WatchError);
        self.backoff_ms = next_backoff(self.backoff_ms);
        self.next_attempt_ms = self.host.now_ms() + self.backoff_ms;
    }

    /// A post of events failed: wait longer before the next one.
    fn events_failed(&mut self) {
        self.events_backoff_ms = next_backoff(self.events_backoff_ms);
        self.events_next_ms = self.host.now_ms() + self.events_backoff_ms;
    }

    /// A callout answered (or failed: then there are no headers).
    pub fn on_http_call_response(&mut self, token: u32, num_headers: usize, body_size: usize) {
        let status = if num_headers == 0 {
            None
        } else {
            // The list form: the single-header getter traps after a failed callout.
            self.host
                .header_pairs(Map::CALL_RESPONSE_HEADERS)
                .into_iter()
                .find(|(k, _)| k == ":status")
                .and_then(|(_, v)| std::str::from_utf8(&v).ok()?.parse::<u32>().ok())
        };
        if self.watch_token == Some(token) {
            self.watch_token = None;
            if self.leased && !self.holds_lease {
                return;
            }
            self.on_watch_answer(status, body_size);
        } else if self
            .events_token
            .as_ref()
            .is_some_and(|(t, _, _)| *t == token)
        {
            let Some((_, n, lines)) = self.events_token.take() else {
                return;
            };
            if status == Some(204) || status == Some(200) {
                self.metrics.sync_add(SyncStat::EventsPosted, n as u64);
                self.events_backoff_ms = 0;
                self.events_next_ms = 0;
            } else {
                log_warn!(self.host,
                    "orrery-learning: {n} withheld events not accepted by the control service (status {status:?})"
                );
                self.metrics.sync_add(SyncStat::EventsPostError, n as u64);
                self.events_failed();
                // Unreachable or failing control service: keep them for a later post. A 4xx
                // would be refused again, so those are dropped (and counted).
                if status.is_some_and(|s| (400..500).contains(&s)) {
                    self.metrics.sync_add(SyncStat::EventsDropped, n as u64);
                } else {
                    self.requeue(&lines);
                }
            }
        }
    }

    fn on_watch_answer(&mut self, status: Option<u32>, body_size: usize) {
        if status != Some(200) {
            log_warn!(
                self.host,
                "orrery-learning: watch failed (status {status:?})"
            );
            if status == Some(401) {
                log_error!(
                    self.host,
                    "orrery-learning: control service refused the proxy secret"
                );
            }
            self.failed();
            return;
        }
        let body = self
            .host
            .buffer(Buffer::CALL_RESPONSE_BODY, 0, body_size.min(MAX_WATCH_BODY));
        let answer = match serde_json::from_slice::<WatchResponse>(&body) {
            Ok(a) => a,
            Err(e) => {
                log_warn!(
                    self.host,
                    "orrery-learning: watch answer unreadable (line {} column {})",
                    e.line(),
                    e.column()
                );
                self.failed();
                return;
            }
        };
        if self.apply(answer) {
            self.metrics.sync(SyncStat::WatchOk);
            self.backoff_ms = 0;
            self.next_attempt_ms = 0;
            self.dispatch_watch();
        } else {
            self.reset_knowledge();
            self.failed();
        }
    }

    /// Publish one watch answer. `false` leaves what was published and asks again from scratch.
    fn apply(&mut self, w: WatchResponse) -> bool {
        let epoch_changed = self.epoch.as_deref() != Some(w.epoch.as_str());
        if let Some(set) = w.guard {
            if let Err(problems) = set.validate() {
                // Each problem is a location and a kind, never a value.
                let list: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
                log_error!(
                    self.host,
                    "orrery-learning: control service sent a guard set the filter refuses: {}",
                    list.join("; ")
                );
                self.metrics.sync(SyncStat::GuardRefused);
                return false;
            }
            let Ok(json) = serde_json::to_string(&set) else {
                return false;
            };
            let id = format!("{}/{}", id_safe(&w.epoch), w.manifest_generation);
            if store::set(
                &self.host,
                keys::GUARD,
                policy::encode_guard(&id, &json).as_bytes(),
                None,
            )
            .is_err()
            {
                log_error!(
                    self.host,
                    "orrery-learning: could not write the guard set to shared data"
                );
                return false;
            }
            log_info!(
                self.host,
                "orrery-learning: guard set for scenario {} (generation {}) published",
                set.scenario_id,
                w.manifest_generation
            );
            self.metrics.sync(SyncStat::GuardUpdated);
            self.guard_id = Some(id);
        }
        let Some(guard_id) = self.guard_id.clone() else {
            // The control service thinks we hold a guard set we never published.
            return false;
        };
        let levels_epoch = match (&self.levels_epoch, w.levels.full || epoch_changed) {
            (Some(le), false) => le.clone(),
            _ => {
                self.resyncs += 1;
                self.metrics.sync(SyncStat::LevelsFullResync);
                format!(
                    "{}.{}.{}",
                    id_safe(&w.epoch),
                    self.host.now_ms(),
                    self.resyncs
                )
            }
        };
        for e in &w.levels.entries {
            if e.level > orrery_learning_guard::MAX_LEVEL {
                continue;
            }
            let rec = LevelRecord {
                levels_epoch: levels_epoch.clone(),
                scenario_id: e.scenario_id.clone(),
                level: e.level,
            };
            if store::set(
                &self.host,
                &store::level_key(&e.subject),
                rec.encode().as_bytes(),
                None,
            )
            .is_err()
            {
                return false;
            }
        }
        if let Some(probes) = &w.probes {
            if !self.write_probes(probes) {
                return false;
            }
        }
        let gen = Generation {
            guard_id,
            levels_epoch: levels_epoch.clone(),
        };
        if store::set(&self.host, keys::GENERATION, gen.encode().as_bytes(), None).is_err() {
            return false;
        }
        let resynced = self.levels_epoch.as_deref() != Some(levels_epoch.as_str());
        if resynced && !self.settle_resync(&w.levels.entries, &levels_epoch) {
            return false;
        }
        if resynced {
            log_info!(
                self.host,
                "orrery-learning: levels resynced ({} stored)",
                w.levels.entries.len()
            );
        } else if !w.levels.entries.is_empty() {
            log_debug!(
                self.host,
                "orrery-learning: {} level changes applied",
                w.levels.entries.len()
            );
        }
        self.levels_epoch = Some(levels_epoch);
        self.epoch = Some(w.epoch);
        self.manifest_generation = Some(w.manifest_generation);
        self.level_seq = Some(w.level_seq);
        self.probe_seq = w.probe_seq;
        true
    }

    /// After a resync's generation switch, read back each level it wrote: a hint answer that
    /// read the old generation may have written its record (under the old epoch) between ours
    /// and the switch, and that record now reads as the default. Ours is written again under
    /// the new epoch (compare-and-set; a hint that wins the race wrote under the new epoch
    /// itself, since it read the new generation). Without this the subject would stay at the
    /// default, since the resync's answer already counted the hint and no delta would follow.
    /// `false` when the host refused a write.
    fn settle_resync(&self, entries: &[WatchLevel], levels_epoch: &str) -> bool {
        for e in entries {
            if e.level > orrery_learning_guard::MAX_LEVEL {
                continue;
            }
            let key = store::level_key(&e.subject);
            let rec = LevelRecord {
                levels_epoch: levels_epoch.to_string(),
                scenario_id: e.scenario_id.clone(),
                level: e.level,
            };
            for _ in 0..4 {
                let (existing, cas) = store::get(&self.host, &key);
                let current = existing
                    .as_deref()
                    .and_then(LevelRecord::decode)
                    .is_some_and(|r| r.levels_epoch == levels_epoch);
                if current {
                    break;
                }
                match store::set(&self.host, &key, rec.encode().as_bytes(), cas) {
                    Ok(()) => break,
                    Err(SetOutcome::CasMismatch) => continue,
                    Err(_) => return false,
                }
            }
        }
        true
    }

    /// Write each flag of a watch answer that is newer than the one stored for its subject.
    /// `false` when the host refused a write (the caller asks again from scratch).
    fn write_probes(&self, probes: &WatchProbes) -> bool {
        let now = self.host.now_ms();
        let mut written = 0u64;
        for e in &probes.entries {
            let rec = ProbeRecord {
                scenario_id: e.scenario_id.clone(),
                flagged_at_ms: now.saturating_sub(e.age_ms),
            };
            let key = store::probe_key(&e.subject);
            if !rec.supersedes(store::get(&self.host, &key).0.as_deref()) {
                continue;
            }
            if store::set(&self.host, &key, rec.encode().as_bytes(), None).is_err() {
                log_error!(
                    self.host,
                    "orrery-learning: could not write a probe flag to shared data"
                );
                return false;
            }
            written += 1;
        }
        if written > 0 {
            self.metrics.sync_add(SyncStat::ProbeFlagWritten, written);
            log_info!(
                self.host,
                "orrery-learning: {written} probe flag(s) published"
            );
        }
        true
    }

    fn flush_events(&mut self) {
        let Some(pending) = store::take_events(&self.host) else {
            return;
        };
        let Some((body, n)) = policy::events_body(&pending) else {
            // Only lines that are not event objects (never written by this filter).
            return;
        };
        let c = &self.cfg.control;
        let headers = vec![
            (":method", "POST"),
            (":path", "/v1/events"),
            (":authority", c.authority.as_str()),
            ("content-type", "application/json"),
            (SECRET_HEADER, c.proxy_secret.as_str()),
        ];
        match self.host.http_call(
            &c.cluster,
            &headers,
            Some(body.as_bytes()),
            Duration::from_secs(5),
        ) {
            Ok(token) => self.events_token = Some((token, n, pending)),
            Err(status) => {
                log_warn!(
                    self.host,
                    "orrery-learning: {n} withheld events not posted ({status:?})"
                );
                self.metrics.sync_add(SyncStat::EventsPostError, n as u64);
                self.events_failed();
                self.requeue(&pending);
            }
        }
    }

    /// Put event lines back in the pending key; a line beyond its bound (new events may have
    /// filled it meanwhile) is dropped and counted.
    fn requeue(&self, lines: &[u8]) {
        let mut dropped = 0u64;
        for line in lines.split(|b| *b == b'\n') {
            match std::str::from_utf8(line) {
                Ok("") => {}
                Ok(l) if store::append_event(&self.host, l) => {}
                _ => dropped += 1,
            }
        }
        if dropped > 0 {
            self.metrics.sync_add(SyncStat::EventsDropped, dropped);
            log_warn!(
                self.host,
                "orrery-learning: {dropped} re-queued withheld event(s) dropped"
            );
        }
    }
}

fn parse_lease(v: &[u8]) -> Option<(String, u64)> {
    let s = std::str::from_utf8(v).ok()?;
    let (owner, exp) = s.rsplit_once('|')?;
    Some((owner.to_string(), exp.parse().ok()?))
}
