//! Envoy shared data as the filter uses it: the generation record read on every request, the
//! guard set (compiled once per worker per generation, cached here), per-subject level records,
//! per-subject probe flags (read only when a cool-down is configured), and the pending
//! withheld-event lines. Record formats are `policy`'s (tested natively); this
//! module only calls the host. Every host status is data: a failed read is "absent", which the
//! callers treat as not ready or `default_disclosure`.
use crate::host::{log_debug, log_error, Host, SetOutcome};
use orrery_learning_guard::guard::{Guard, GuardSet};
use orrery_learning_guard::matcher::Rules;
use orrery_learning_guard::policy::{self, keys, Generation, LevelRecord, ProbeRecord};
use std::cell::RefCell;
use std::rc::Rc;

/// Read a shared-data value and its CAS token (absent on any host status).
pub fn get(host: &impl Host, key: &str) -> (Option<Vec<u8>>, Option<u32>) {
    host.shared_get(key)
}

/// Write a shared-data value (optionally with CAS).
pub fn set(host: &impl Host, key: &str, value: &[u8], cas: Option<u32>) -> Result<(), SetOutcome> {
    match host.shared_set(key, value, cas) {
        SetOutcome::Written => Ok(()),
        other => Err(other),
    }
}

/// The current generation record, if the sync service wrote one.
pub fn generation(host: &impl Host) -> Option<Generation> {
    get(host, keys::GENERATION)
        .0
        .and_then(|v| Generation::decode(&v))
}

/// The level key of a subject.
pub fn level_key(subject: &str) -> String {
    format!("{}{}", keys::LEVEL_PREFIX, subject)
}

/// The probe-flag key of a subject.
pub fn probe_key(subject: &str) -> String {
    format!("{}{}", keys::PROBE_PREFIX, subject)
}

/// What a turn runs with: the compiled guard and the levels epoch it was read with.
#[derive(Clone)]
pub struct Snapshot {
    pub guard: Rc<Guard>,
    pub levels_epoch: String,
}

impl Snapshot {
    /// The subject's level now (a missing, stale or foreign record reads as the default).
    pub fn level_of(&self, host: &impl Host, subject: Option<&str>) -> u8 {
        let rec = subject.and_then(|s| get(host, &level_key(s)).0);
        LevelRecord::level_for(
            rec.as_deref(),
            &self.levels_epoch,
            self.guard.scenario_id(),
            self.guard.default_disclosure(),
        )
    }

    /// How long the subject's probe cool-down still runs on this scenario (0: none; an absent
    /// or unreadable record is none, and the guard applies as always).
    pub fn cooldown_left_ms(
        &self,
        host: &impl Host,
        subject: &str,
        now_ms: u64,
        cooldown_ms: u64,
    ) -> u64 {
        let rec = get(host, &probe_key(subject)).0;
        ProbeRecord::cooldown_left_ms(
            rec.as_deref(),
            self.guard.scenario_id(),
            now_ms,
            cooldown_ms,
        )
    }
}

/// Per-worker cache of the compiled guard, keyed by the guard id of the generation record.
#[derive(Default)]
pub struct GuardCache {
    guard_id: String,
    guard: Option<Rc<Guard>>,
    /// The matcher rules every guard set is compiled with (the filter config's `oracle`).
    rules: Rules,
}

impl GuardCache {
    /// Compile every later guard set with `rules` (a change recompiles on the next read).
    pub fn set_rules(&mut self, rules: Rules) {
        if self.rules != rules {
            self.rules = rules;
            self.guard = None;
        }
    }
}

/// Shared between a worker's root context and its HTTP contexts.
pub type SharedCache = Rc<RefCell<GuardCache>>;

/// The current snapshot: reads the small generation record, and the guard set only when its id
/// changed since the last compile on this worker. `None` while no guard set was published.
pub fn snapshot(host: &impl Host, cache: &SharedCache) -> Option<Snapshot> {
    let gen = generation(host)?;
    let mut c = cache.try_borrow_mut().ok()?;
    if c.guard.is_none() || c.guard_id != gen.guard_id {
        let (raw, _) = get(host, keys::GUARD);
        let raw = raw?;
        let (id, set_json) = policy::decode_guard(&raw)?;
        match serde_json::from_slice::<GuardSet>(set_json) {
            Ok(set) => {
                c.guard = Some(Rc::new(Guard::compile_with(set, c.rules)));
                // Label the compiled guard with the id stored beside it, so a reader that raced
                // the writer recompiles once more rather than keeping a mislabelled set.
                c.guard_id = id.to_string();
                log_debug!(host, "orrery-learning: guard compiled for generation {id}");
            }
            Err(_) => {
                log_error!(
                    host,
                    "orrery-learning: stored guard set is unreadable; keeping the last one"
                );
            }
        }
    }
    let guard = c.guard.clone()?;
    Some(Snapshot {
        guard,
        levels_epoch: gen.levels_epoch,
    })
}

/// Append one event line to the bounded pending queue (`policy::MAX_PENDING_EVENT_BYTES`).
/// Compare-and-set on the value read, retried on contention; `false` (the caller counts the
/// drop) when the line does not fit, after repeated contention, or when the host refuses.
pub fn append_event(host: &impl Host, line: &str) -> bool {
    for _ in 0..8 {
        let (cur, cas) = get(host, keys::EVENTS);
        // An existing key always comes with a CAS token; without one a write could overwrite
        // lines appended meanwhile, so it is not attempted.
        if cur.is_some() && cas.is_none() {
            return false;
        }
        let mut v = cur.unwrap_or_default();
        if v.len() + line.len() + 1 > policy::MAX_PENDING_EVENT_BYTES {
            return false;
        }
        v.extend_from_slice(line.as_bytes());
        v.push(b'\n');
        // The one unconditional write is the key's creation (absent: no token to compare);
        // the key is never removed afterwards (taking empties it), so this happens once per
        // Envoy.
        match set(host, keys::EVENTS, &v, cas) {
            Ok(()) => return true,
            Err(SetOutcome::CasMismatch) => continue,
            Err(_) => return false,
        }
    }
    false
}

/// Take every pending event line (empties the key with compare-and-set, so a line appended
/// meanwhile is never lost). `None` when nothing is pending or the key changed under us (a
/// later tick retries).
pub fn take_events(host: &impl Host) -> Option<Vec<u8>> {
    let (cur, cas) = get(host, keys::EVENTS);
    let (cur, cas) = (cur?, cas?);
    if cur.is_empty() {
        return None;
    }
    set(host, keys::EVENTS, b"", Some(cas)).ok()?;
    Some(cur)
}
