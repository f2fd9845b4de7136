//! The watch long-poll (`GET /v1/watch`, docs/api.md): how the sync service inside Envoy learns
//! the guard set and every level. A caller names what it holds (epoch, manifest generation,
//! level sequence); a caller behind gets an answer at once, a current one is held until the
//! version channel moves or the timeout passes. The answer carries the guard set when the
//! caller's generation (or epoch) differs, and level deltas since its sequence, or every stored
//! level of the current scenario (`full`) when deltas cannot bring it up to date. Probe flags
//! travel the same way on their own cursor (`probe_seq`): the flags since the caller's cursor,
//! or every recent flag of the current scenario, each with its age. The answer is the filter's
//! own type, [`WatchResponse`], serialised from borrowed entries. A full-resync answer is shared
//! by the watchers sending it at once ([`FullCache`], owned by the watch endpoint).

use crate::state::{AppState, Version};
use axum::body::Bytes;
use orrery_learning_guard::policy::{WatchLevels, WatchProbes, WatchResponse};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

pub const DEFAULT_TIMEOUT_MS: u64 = 25_000;
pub const MAX_TIMEOUT_MS: u64 = 60_000;

/// What the caller says it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WatchQuery {
    pub epoch: Option<String>,
    pub manifest_generation: Option<u64>,
    pub level_seq: Option<u64>,
    pub probe_seq: Option<u64>,
    pub timeout_ms: u64,
}

/// Parse the query; a malformed number is an error naming the parameter.
pub fn parse_query(raw: &HashMap<String, String>) -> Result<WatchQuery, &'static str> {
    fn num(raw: &HashMap<String, String>, key: &str) -> Result<Option<u64>, ()> {
        match raw.get(key) {
            None => Ok(None),
            Some(v) if v.is_empty() => Ok(None),
            Some(v) => v.parse::<u64>().map(Some).map_err(|_| ()),
        }
    }
    let manifest_generation =
        num(raw, "manifest_generation").map_err(|()| "invalid manifest_generation")?;
    let level_seq = num(raw, "level_seq").map_err(|()| "invalid level_seq")?;
    let probe_seq = num(raw, "probe_seq").map_err(|()| "invalid probe_seq")?;
    let timeout_ms = num(raw, "timeout_ms")
        .map_err(|()| "invalid timeout_ms")?
        .unwrap_or(DEFAULT_TIMEOUT_MS)
        .clamp(1, MAX_TIMEOUT_MS);
    Ok(WatchQuery {
        epoch: raw.get("epoch").filter(|e| !e.is_empty()).cloned(),
        manifest_generation,
        level_seq,
        probe_seq,
        timeout_ms,
    })
}

/// Whether the caller holds exactly the current state (then the request is held). A caller
/// that sends no `probe_seq` (a filter without probe support) is not told about flags and is
/// held as before.
pub fn is_current(q: &WatchQuery, epoch: &str, v: Version) -> bool {
    q.epoch.as_deref() == Some(epoch)
        && q.manifest_generation == Some(v.generation)
        && q.level_seq == Some(v.level_seq)
        && !matches!(q.probe_seq, Some(p) if p != v.probe_seq)
}

/// A full-resync answer depends only on (generation, level_seq, guard sent or not, probe_seq,
/// the caller's probe cursor when the flags are deltas), not otherwise on the caller: while one
/// is being sent it is shared (the cache holds a weak reference), so ten watchers resyncing at
/// once cost one serialisation and one buffer, and none is kept after. (A shared answer's flag
/// ages are those of the first sending, a few milliseconds old at most: a cool-down then ends
/// that much later, never earlier.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FullKey {
    pub generation: u64,
    pub level_seq: u64,
    pub with_guard: bool,
    pub probe_seq: u64,
    /// `None`: every recent flag; `Some(s)`: the flags after `s`.
    pub probes_since: Option<u64>,
}

/// The last full-resync answer, while any watcher is still sending it.
#[derive(Debug, Default)]
pub struct FullCache(Mutex<Option<(FullKey, Weak<Vec<u8>>)>>);

impl FullCache {
    /// The body for `key`: the one still being sent, else `build`'s (locked throughout, so
    /// watchers resyncing at once wait for one serialisation instead of each making one).
    fn get_or_build(&self, key: FullKey, build: impl FnOnce() -> Vec<u8>) -> Arc<Vec<u8>> {
        let mut cache = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(body) = cache
            .as_ref()
            .filter(|(k, _)| *k == key)
            .and_then(|(_, weak)| weak.upgrade())
        {
            return body;
        }
        let body = Arc::new(build());
        *cache = Some((key, Arc::downgrade(&body)));
        body
    }
}

/// Counts an open long-poll for `orrery_learning_watchers`, also when the client goes away.
struct Watching<'a>(&'a AppState);

impl<'a> Watching<'a> {
    fn new(state: &'a AppState) -> Watching<'a> {
        state.metrics.watchers.inc();
        Watching(state)
    }
}

impl Drop for Watching<'_> {
    fn drop(&mut self) {
        self.0.metrics.watchers.dec();
    }
}

/// Serve one watch request: answer at once when behind, else hold until a change or timeout.
pub async fn watch(state: &AppState, full: &FullCache, q: &WatchQuery) -> Bytes {
    let mut rx = state.subscribe();
    state.refresh_manifest();
    let now = *rx.borrow_and_update();
    if is_current(q, &state.epoch, now) {
        let _open = Watching::new(state);
        let wait = async {
            while rx.changed().await.is_ok() {
                if *rx.borrow_and_update() != now {
                    break;
                }
            }
        };
        // Elapsed is the "no change" answer: the same generation and sequence, no entries.
        let _ = tokio::time::timeout(Duration::from_millis(q.timeout_ms), wait).await;
    }
    respond(state, full, q)
}

/// The answer for what `q` holds, against the state now in force.
pub fn respond(state: &AppState, full: &FullCache, q: &WatchQuery) -> Bytes {
    let same_epoch = q.epoch.as_deref() == Some(state.epoch.as_str());
    let (generation, guard, scenario_id, default) = {
        let m = state.manifest();
        let generation = m.generation();
        let guard =
            (!same_epoch || q.manifest_generation != Some(generation)).then(|| m.guard_set());
        (
            generation,
            guard,
            m.manifest().scenario_id.clone(),
            m.manifest().default_disclosure,
        )
    };
    let now_ms = state.clock.now_ms();
    let levels = state.levels();
    let level_seq = levels.seq();
    let probe_seq = levels.probe_seq();
    // Flags: deltas within one epoch, else every recent flag of the current scenario.
    let probe_deltas = match q.probe_seq {
        Some(since) if since > 0 && same_epoch => levels
            .probe_changes_since(since, now_ms)
            .map(|entries| (since, entries)),
        _ => None,
    };
    let probes_since = probe_deltas.as_ref().map(|(since, _)| *since);
    let probes = match probe_deltas {
        Some((_, entries)) => WatchProbes {
            full: false,
            entries,
        },
        None => WatchProbes {
            full: true,
            entries: levels.all_probes(&scenario_id, now_ms),
        },
    };
    // Deltas only within one epoch and one guard set: a new generation may carry a new scenario
    // or default_disclosure, so the caller re-reads every level with it.
    let deltas = match q.level_seq {
        // A caller at `level_seq` 0 holds the full answer given at 0, so deltas from 0 are exact;
        // answering `full` there instead started a new levels epoch on the first hint of every
        // lab, racing the hint answer's own write (tests/hints.rs).
        Some(since) if same_epoch && guard.is_none() => levels.changes_since(since),
        _ => None,
    };
    if let Some(entries) = deltas {
        let body = WatchResponse {
            epoch: state.epoch.as_str(),
            manifest_generation: generation,
            guard,
            level_seq,
            levels: WatchLevels {
                full: false,
                entries,
            },
            probe_seq: Some(probe_seq),
            probes: Some(probes),
        };
        return Bytes::from(serde_json::to_vec(&body).unwrap_or_default());
    }
    let key = FullKey {
        generation,
        level_seq,
        with_guard: guard.is_some(),
        probe_seq,
        probes_since,
    };
    let body = full.get_or_build(key, || {
        let body = WatchResponse {
            epoch: state.epoch.as_str(),
            manifest_generation: generation,
            guard,
            level_seq,
            levels: WatchLevels {
                full: true,
                entries: levels.all_levels_json(&scenario_id, default),
            },
            probe_seq: Some(probe_seq),
            probes: Some(probes),
        };
        // ~60 bytes per level: sized once instead of doubling through a 6 MB body.
        let mut buf = Vec::with_capacity(256 + levels.stored_levels() * 64);
        if serde_json::to_writer(&mut buf, &body).is_err() {
            buf.clear();
        }
        buf
    });
    Bytes::from_owner(Shared(body))
}

/// A response body shared by every watcher sending it; freed when the last one is sent.
struct Shared(Arc<Vec<u8>>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> Result<WatchQuery, &'static str> {
        parse_query(
            &pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn query_table() {
        let all = q(&[
            ("epoch", "e"),
            ("manifest_generation", "3"),
            ("level_seq", "41"),
            ("probe_seq", "2"),
            ("timeout_ms", "0"),
        ])
        .unwrap();
        assert_eq!(
            all,
            WatchQuery {
                epoch: Some("e".into()),
                manifest_generation: Some(3),
                level_seq: Some(41),
                probe_seq: Some(2),
                timeout_ms: 1
            }
        );
        assert_eq!(q(&[]).unwrap().timeout_ms, DEFAULT_TIMEOUT_MS);
        assert_eq!(
            q(&[("timeout_ms", "999999")]).unwrap().timeout_ms,
            MAX_TIMEOUT_MS
        );
        assert_eq!(q(&[("level_seq", "-1")]), Err("invalid level_seq"));
        assert_eq!(q(&[("probe_seq", "x")]), Err("invalid probe_seq"));
        assert_eq!(
            q(&[("manifest_generation", "x")]),
            Err("invalid manifest_generation")
        );
        let v = Version {
            generation: 3,
            level_seq: 41,
            probe_seq: 2,
        };
        assert!(is_current(&all, "e", v));
        assert!(!is_current(&all, "f", v));
        assert!(!is_current(&all, "e", Version { level_seq: 42, ..v }));
        assert!(!is_current(&all, "e", Version { probe_seq: 3, ..v }));
        // A caller without probe support is held on the other three alone.
        let no_probes = WatchQuery {
            probe_seq: None,
            ..all.clone()
        };
        assert!(is_current(&no_probes, "e", Version { probe_seq: 9, ..v }));
        assert!(!is_current(&q(&[]).unwrap(), "e", v));
    }
}
