//! The service's shared state and the side effects of a manifest change: one [`AppState`] per
//! process holds the configuration, the clock, the epoch, the manifest store, the level store,
//! the audit sink, the metrics and the version channel that wakes watch long-polls.
//! [`AppState::refresh_manifest`] is the one place a reload is logged, audited, counted and
//! announced, so the request path, the file watch and the ticker all behave the same. It is
//! also where the grace file is rewritten after a change (under the manifest lock, so versions
//! reach the disk in order).

use crate::audit::{AuditEvent, AuditSink, ErrorEntry};
use crate::clock::Clock;
use crate::config::Config;
use crate::levels::LevelStore;
use crate::manifest_store::{Change, ManifestStore};
use crate::metrics::Metrics;
use crate::secret::{ProxySecrets, Reload};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, RwLock};
use tokio::sync::watch;

/// What a watcher compares: the manifest generation, the latest level change and the latest
/// probe flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Version {
    pub generation: u64,
    pub level_seq: u64,
    pub probe_seq: u64,
}

/// The manifest facts a request needs, read after a stat check.
#[derive(Debug, Clone)]
pub struct Current {
    pub scenario_id: String,
    pub default_disclosure: u8,
    pub generation: u64,
}

pub struct AppState {
    pub config: Config,
    pub clock: Clock,
    /// Random per process: a new epoch tells watchers every level they hold is void.
    pub epoch: String,
    manifest: Mutex<ManifestStore>,
    levels: Mutex<LevelStore>,
    pub audit: AuditSink,
    pub metrics: Metrics,
    /// The proxy secrets accepted now (one, or two during a rotation's overlap).
    proxy: RwLock<ProxySecrets>,
    version: watch::Sender<Version>,
    /// Locked only while the manifest lock is held.
    grace: Mutex<GraceWriter>,
}

/// The grace file's writer: where, and whether the last write failed (then it is retried once a
/// second, and a failure is logged once per kind, not once per attempt).
struct GraceWriter {
    path: Option<PathBuf>,
    failing: Option<crate::grace_file::Kind>,
    last_attempt_ms: u64,
}

/// How often a failed grace file write is retried.
const GRACE_RETRY_MS: u64 = 1000;

/// A lock that survives a panicked holder: the data are plain maps whose invariants hold
/// between statements, and refusing every later request would fail the lab, not protect it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl AppState {
    /// `levels` is a fresh store, or one the help report's history was replayed into.
    pub fn new(
        config: Config,
        store: ManifestStore,
        audit: AuditSink,
        levels: LevelStore,
    ) -> AppState {
        let clock = Clock::default();
        let metrics = Metrics::new();
        metrics.secrets_accepted.set(1);
        let proxy = RwLock::new(ProxySecrets::new(
            config.proxy_secret.clone(),
            config.proxy_secret_file.clone(),
            config.proxy_secret_overlap_seconds,
        ));
        let generation = store.generation();
        metrics.manifest_generation.set(generation as i64);
        metrics.retired_values.set(store.retired().len() as i64);
        audit.record(
            clock.now_ms(),
            &AuditEvent::LearningManifestLoaded {
                scenario_id: store.manifest().scenario_id.clone(),
                generation,
            },
        );
        let (version, _) = watch::channel(Version {
            generation,
            level_seq: 0,
            probe_seq: 0,
        });
        AppState {
            clock,
            epoch: new_epoch(),
            manifest: Mutex::new(store),
            levels: Mutex::new(levels),
            audit,
            metrics,
            proxy,
            grace: Mutex::new(GraceWriter {
                path: config.grace_file.clone(),
                failing: None,
                last_attempt_ms: 0,
            }),
            version,
            config,
        }
    }

    pub fn manifest(&self) -> MutexGuard<'_, ManifestStore> {
        lock(&self.manifest)
    }

    pub fn levels(&self) -> MutexGuard<'_, LevelStore> {
        lock(&self.levels)
    }

    pub fn subscribe(&self) -> watch::Receiver<Version> {
        self.version.subscribe()
    }

    /// Announce a level change to watchers (never moves the sequence back).
    pub fn note_level_seq(&self, seq: u64, stored_levels: usize) {
        self.metrics.levels.set(stored_levels as i64);
        self.version.send_if_modified(|v| {
            let moved = seq > v.level_seq;
            v.level_seq = v.level_seq.max(seq);
            moved
        });
    }

    /// Announce a probe flag to watchers (never moves the sequence back).
    pub fn note_probe_seq(&self, seq: u64) {
        self.version.send_if_modified(|v| {
            let moved = seq > v.probe_seq;
            v.probe_seq = v.probe_seq.max(seq);
            moved
        });
    }

    /// Whether `presented` is a proxy secret in force (the caller takes it from the request).
    pub fn accepts_proxy_secret(&self, presented: &[u8]) -> bool {
        let now = self.clock.now_ms();
        self.proxy
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .accepts(presented, now)
    }

    /// Re-read the proxy secret file (if one is configured) and apply it; a rotation is audited,
    /// counted and logged, a refused file counted and logged once per state, never with a byte
    /// of either secret.
    pub fn reload_proxy_secret(&self) {
        let Some(path) = self
            .proxy
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .file()
            .map(std::path::Path::to_path_buf)
        else {
            return;
        };
        // Read outside the lock: requests keep being checked meanwhile.
        let read = crate::secret::read_file(&path);
        let now = self.clock.now_ms();
        let (outcome, accepted, overlap_seconds) = {
            let mut proxy = self.proxy.write().unwrap_or_else(|p| p.into_inner());
            let outcome = proxy.apply(read, now);
            (outcome, proxy.accepted_count(now), proxy.overlap_seconds())
        };
        self.metrics.secrets_accepted.set(accepted as i64);
        match outcome {
            Reload::Unchanged | Reload::StillRefused => {}
            Reload::Rotated => {
                self.metrics.secret_rotations.inc();
                self.audit.record(
                    now,
                    &AuditEvent::LearningProxySecretRotated { overlap_seconds },
                );
                tracing::info!(
                    overlap_seconds,
                    "proxy secret rotated; the previous one is accepted until the overlap ends"
                );
            }
            Reload::Refused(kind) => {
                self.metrics.secret_errors.inc();
                tracing::warn!(
                    reason = kind.describe(),
                    "proxy secret file refused; the secret in force stays"
                );
            }
        }
    }

    /// Stat the manifest and apply whatever changed; returns the facts now in force.
    pub fn refresh_manifest(&self) -> Current {
        let now = self.clock.now_ms();
        let mut store = lock(&self.manifest);
        let changes = store.refresh(now);
        let changed = changes.iter().any(|c| !matches!(c, Change::Rejected(_)));
        for change in changes {
            match change {
                Change::Loaded {
                    scenario_id,
                    generation,
                    retired,
                } => {
                    tracing::info!(
                        scenario_id = %scenario_id,
                        generation,
                        targets = store.manifest().targets.len(),
                        values_entering_grace = retired,
                        "manifest reloaded"
                    );
                    self.audit.record(
                        now,
                        &AuditEvent::LearningManifestLoaded {
                            scenario_id,
                            generation,
                        },
                    );
                }
                Change::Rejected(errors) => {
                    let list: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
                    tracing::error!(
                        errors = %list.join(", "),
                        "manifest reload rejected; the last valid manifest stays in force"
                    );
                    self.metrics.manifest_errors.inc();
                    self.audit.record(
                        now,
                        &AuditEvent::LearningManifestRejected {
                            errors: errors
                                .into_iter()
                                .map(|e| ErrorEntry {
                                    location: e.location,
                                    kind: e.kind,
                                })
                                .collect(),
                        },
                    );
                }
                Change::Expired {
                    generation,
                    dropped,
                } => {
                    tracing::info!(generation, dropped, "grace ended for retired values");
                }
            }
        }
        self.keep_grace(&store, changed, now);
        let generation = store.generation();
        self.metrics.manifest_generation.set(generation as i64);
        self.metrics
            .retired_values
            .set(store.retired().len() as i64);
        self.version.send_if_modified(|v| {
            let moved = generation > v.generation;
            v.generation = v.generation.max(generation);
            moved
        });
        Current {
            scenario_id: store.manifest().scenario_id.clone(),
            default_disclosure: store.manifest().default_disclosure,
            generation,
        }
    }
}

impl AppState {
    /// Rewrite the grace file after a change (or retry a failed write); a failure is counted
    /// and logged with the path and the error kind only, and grace goes on from memory.
    fn keep_grace(&self, store: &ManifestStore, changed: bool, now: u64) {
        let mut w = lock(&self.grace);
        let Some(path) = w.path.clone() else {
            return;
        };
        let retry = w.failing.is_some() && now.saturating_sub(w.last_attempt_ms) >= GRACE_RETRY_MS;
        if !changed && !retry {
            return;
        }
        w.last_attempt_ms = now;
        match crate::grace_file::write(&path, &store.snapshot()) {
            Ok(()) => {
                if w.failing.take().is_some() {
                    tracing::info!(path = %path.display(), "grace file written again");
                }
            }
            Err(kind) => {
                self.metrics.grace_file_write_errors.inc();
                if w.failing != Some(kind) {
                    tracing::error!(
                        path = %path.display(),
                        error = kind,
                        "grace file write failed; grace values stay guarded from memory but would not survive a restart (retried every second)"
                    );
                }
                w.failing = Some(kind);
            }
        }
    }
}

/// 128 random bits as hex, from the kernel; the hasher fallback is unique enough for an epoch.
fn new_epoch() -> String {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    let from_kernel = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .is_ok();
    if !from_kernel {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        h.write_u32(std::process::id());
        bytes[..8].copy_from_slice(&h.finish().to_le_bytes());
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
