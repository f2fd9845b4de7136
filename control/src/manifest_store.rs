//! The manifest in force (AEP-032 §2 "Writing and loading", "Reload failures", "Grace"):
//! the last valid manifest, the stamp of the file it came from, the values that left it and
//! are still guarded, and the generation the watch API reports. [`ManifestStore::refresh`] is
//! called on every manifest-dependent request, on every file-watch event and once a second:
//! it stats the file, reloads on any change of (device, inode, mtime, size), keeps the last
//! valid manifest when the new one is invalid, and drops retired values whose grace ran out.
//! It returns what happened; the caller logs, audits and notifies (no I/O but the file here).
//! [`ManifestStore::snapshot`] and [`ManifestStore::restore`] are the grace state the caller
//! keeps in the grace file, so grace survives a restart.

use crate::grace_file::{GraceState, InForce, InForceValue, FORMAT};
use crate::manifest_file::{read_manifest, stamp, FileStamp};
use orrery_learning_guard::guard::{GuardSet, RetiredValue};
use orrery_learning_guard::manifest::{Manifest, ManifestError, Target, TargetValue};
use std::path::{Path, PathBuf};

/// What one refresh did.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A new valid manifest is in force; `retired` values just entered grace.
    Loaded {
        scenario_id: String,
        generation: u64,
        retired: usize,
    },
    /// The file changed but is invalid (or vanished); the last valid manifest stays in force.
    Rejected(Vec<ManifestError>),
    /// Retired values whose grace ran out were dropped.
    Expired { generation: u64, dropped: usize },
}

/// What [`ManifestStore::restore`] took from the grace file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    /// The scenario the grace file says was last in force.
    pub previous_scenario_id: String,
    /// Retired values whose grace had not run out: guarded again.
    pub kept: usize,
    /// Retired values whose grace ran out while the service was down (or are current again).
    pub dropped: usize,
    /// Values of the manifest last in force that the manifest now in force no longer holds
    /// (it was swapped while the service was down): they enter grace from now.
    pub entering_grace: usize,
}

/// The last rejected version, so one bad file is reported once, not on every request.
#[derive(Debug, Clone, PartialEq)]
enum Rejection {
    Stamp(FileStamp),
    Unstattable(Vec<ManifestError>),
}

pub struct ManifestStore {
    path: PathBuf,
    grace_ms: u64,
    manifest: Manifest,
    stamp: FileStamp,
    generation: u64,
    retired: Vec<RetiredValue>,
    rejection: Option<Rejection>,
}

impl ManifestStore {
    /// Load the manifest at startup (generation 1); an invalid one refuses start.
    pub fn load(path: &Path, grace_seconds: u64) -> Result<ManifestStore, Vec<ManifestError>> {
        let (manifest, stamp) = read_manifest(path)?;
        Ok(ManifestStore {
            path: path.to_path_buf(),
            grace_ms: grace_seconds.saturating_mul(1000),
            manifest,
            stamp,
            generation: 1,
            retired: Vec::new(),
            rejection: None,
        })
    }

    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn retired(&self) -> &[RetiredValue] {
        &self.retired
    }

    /// The wire form for the watch API (current targets plus grace values).
    pub fn guard_set(&self) -> GuardSet {
        GuardSet::from_manifest(&self.manifest, self.retired.clone())
    }

    /// Whether `id` is a current or retired target id.
    pub fn knows_target(&self, id: &str) -> bool {
        self.manifest.targets.iter().any(|t| t.id == id) || self.retired.iter().any(|r| r.id == id)
    }

    /// The grace state to keep on disk: the manifest in force (scenario id and values) and the
    /// retired values.
    pub fn snapshot(&self) -> GraceState {
        GraceState {
            format: FORMAT,
            in_force: InForce {
                scenario_id: self.manifest.scenario_id.clone(),
                values: self
                    .manifest
                    .targets
                    .iter()
                    .map(|t| InForceValue {
                        id: t.id.clone(),
                        value: t.value.clone(),
                    })
                    .collect(),
            },
            retired: self.retired.clone(),
        }
    }

    /// At start, before anything is served: take the grace state a previous process kept.
    /// Retired values whose grace has not run out are guarded again; values of the manifest
    /// last in force that the current one no longer holds enter grace from `now_ms` (the rule
    /// of a live reload). A state whose ids or values break the manifest rules is refused whole
    /// (the caller refuses to start): the filter would refuse a guard set holding them.
    pub fn restore(
        &mut self,
        state: GraceState,
        now_ms: u64,
    ) -> Result<Restored, Vec<ManifestError>> {
        // Check the file's ids and values with the wire rules before any is taken.
        GuardSet::from_manifest(&self.manifest, state.retired.clone()).validate()?;
        let in_force: Vec<RetiredValue> = state
            .in_force
            .values
            .iter()
            .map(|v| RetiredValue {
                id: v.id.clone(),
                value: v.value.clone(),
                expires_at_unix: 0,
            })
            .collect();
        GuardSet::from_manifest(&self.manifest, in_force)
            .validate()
            .map_err(|errors| {
                errors
                    .into_iter()
                    .map(|mut e| {
                        e.location = e.location.replacen("retired[", "in_force.values[", 1);
                        e
                    })
                    .collect::<Vec<_>>()
            })?;

        let total = state.retired.len();
        let mut retired: Vec<RetiredValue> = Vec::with_capacity(total);
        for r in state.retired {
            if r.expires_at_unix.saturating_mul(1000) <= now_ms
                || holds(&self.manifest.targets, &r.value)
            {
                continue;
            }
            match retired.iter_mut().find(|k| k.value == r.value) {
                Some(k) => k.expires_at_unix = k.expires_at_unix.max(r.expires_at_unix),
                None => retired.push(r),
            }
        }
        let kept = retired.len();
        self.retired = retired;
        let old: Vec<(String, TargetValue)> = state
            .in_force
            .values
            .into_iter()
            .map(|v| (v.id, v.value))
            .collect();
        let targets = self.manifest.targets.clone();
        let entering_grace = self.retire(&old, &targets, now_ms);
        Ok(Restored {
            previous_scenario_id: state.in_force.scenario_id,
            kept,
            dropped: total - kept,
            entering_grace,
        })
    }

    /// Stat the file, reload on change, expire grace values; see the module doc.
    pub fn refresh(&mut self, now_ms: u64) -> Vec<Change> {
        let mut changes = Vec::new();
        match stamp(&self.path) {
            Ok(st) if st == self.stamp => {}
            Ok(st) if self.rejection == Some(Rejection::Stamp(st)) => {}
            Ok(_) => match read_manifest(&self.path) {
                Ok((manifest, st)) => {
                    self.rejection = None;
                    self.stamp = st;
                    if manifest != self.manifest {
                        let retired = self.replace(manifest, now_ms);
                        changes.push(Change::Loaded {
                            scenario_id: self.manifest.scenario_id.clone(),
                            generation: self.generation,
                            retired,
                        });
                    }
                }
                Err(errors) => {
                    // Remember the version that failed (re-stat: the read may have seen a newer one).
                    self.rejection = Some(match stamp(&self.path) {
                        Ok(st) => Rejection::Stamp(st),
                        Err(e) => Rejection::Unstattable(e),
                    });
                    changes.push(Change::Rejected(errors));
                }
            },
            Err(errors) => {
                let r = Rejection::Unstattable(errors.clone());
                if self.rejection.as_ref() != Some(&r) {
                    self.rejection = Some(r);
                    changes.push(Change::Rejected(errors));
                }
            }
        }
        let before = self.retired.len();
        self.retired
            .retain(|r| r.expires_at_unix.saturating_mul(1000) > now_ms);
        let dropped = before - self.retired.len();
        if dropped > 0 {
            self.generation += 1;
            changes.push(Change::Expired {
                generation: self.generation,
                dropped,
            });
        }
        changes
    }

    /// Put `next` in force; every old value it no longer holds enters grace. Returns how many.
    fn replace(&mut self, next: Manifest, now_ms: u64) -> usize {
        let old: Vec<(String, TargetValue)> = self
            .manifest
            .targets
            .iter()
            .map(|t| (t.id.clone(), t.value.clone()))
            .collect();
        let retired = self.retire(&old, &next.targets, now_ms);
        self.manifest = next;
        self.generation += 1;
        retired
    }

    /// The grace rule: every `old` value that `next` does not hold enters grace until
    /// now + grace (a longer expiry already held is kept); a retired value `next` holds again
    /// leaves the list. Returns how many `old` values entered (or stayed in) grace.
    fn retire(&mut self, old: &[(String, TargetValue)], next: &[Target], now_ms: u64) -> usize {
        let expires_at_unix = now_ms.div_ceil(1000) + self.grace_ms / 1000;
        // A value guarded again by the new manifest needs no grace entry.
        self.retired.retain(|r| !holds(next, &r.value));
        let mut retired = 0;
        for (id, value) in old {
            if holds(next, value) {
                continue;
            }
            retired += 1;
            match self.retired.iter_mut().find(|r| &r.value == value) {
                Some(r) => r.expires_at_unix = r.expires_at_unix.max(expires_at_unix),
                None => self.retired.push(RetiredValue {
                    id: id.clone(),
                    value: value.clone(),
                    expires_at_unix,
                }),
            }
        }
        retired
    }
}

fn holds(targets: &[Target], value: &TargetValue) -> bool {
    targets.iter().any(|t| &t.value == value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_learning_guard::manifest::TargetValue;

    fn manifest_json(scenario: &str, values: &[&str]) -> String {
        let targets: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                format!(r#"{{"id":"t{i}","descriptor":"the thing number {i}","value":{v}}}"#)
            })
            .collect();
        format!(
            r#"{{"schema_version":1,"scenario_id":"{scenario}","seeded_at":"2026-10-30T10:00:00Z","default_disclosure":0,"targets":[{}]}}"#,
            targets.join(",")
        )
    }

    fn write_atomically(path: &Path, text: &str) {
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, text).unwrap();
        std::fs::rename(&tmp, path).unwrap();
    }

    #[test]
    fn reload_grace_expiry_and_rejection() {
        let dir = std::env::temp_dir().join(format!("ms-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("manifest.json");
        write_atomically(
            &path,
            &manifest_json("lab-a", &["7777777", "\"quokka-stripe\""]),
        );
        let mut store = ManifestStore::load(&path, 60).unwrap();
        let t0 = 1_800_000_000_000;
        assert_eq!(store.refresh(t0), vec![]);
        assert_eq!(store.generation(), 1);

        // Re-seed with one value changed: that one value enters grace.
        write_atomically(
            &path,
            &manifest_json("lab-b", &["8888888", "\"quokka-stripe\""]),
        );
        let changes = store.refresh(t0);
        assert_eq!(
            changes,
            vec![Change::Loaded {
                scenario_id: "lab-b".into(),
                generation: 2,
                retired: 1
            }]
        );
        assert_eq!(store.retired().len(), 1);
        assert_eq!(store.retired()[0].value, TargetValue::Number(7_777_777.0));
        assert_eq!(store.retired()[0].expires_at_unix, 1_800_000_060);
        assert!(store.knows_target("t0"));

        // An invalid version is reported once and changes nothing.
        write_atomically(&path, "{\"schema_version\": 2}");
        assert!(matches!(store.refresh(t0 + 1)[..], [Change::Rejected(_)]));
        assert_eq!(store.refresh(t0 + 2), vec![]);
        assert_eq!(store.manifest().scenario_id, "lab-b");

        // Grace runs out at exactly expires_at.
        assert_eq!(store.refresh(t0 + 59_999), vec![]);
        assert_eq!(
            store.refresh(t0 + 60_000),
            vec![Change::Expired {
                generation: 3,
                dropped: 1
            }]
        );
        assert!(store.retired().is_empty());

        // A vanished file keeps the manifest and is reported once.
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(
            store.refresh(t0 + 61_000)[..],
            [Change::Rejected(_)]
        ));
        assert_eq!(store.refresh(t0 + 62_000), vec![]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn restore_keeps_live_grace_and_retires_a_swap_made_while_down() {
        let dir = std::env::temp_dir().join(format!("ms-restore-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("manifest.json");
        let t0 = 1_800_000_000_000;
        write_atomically(
            &path,
            &manifest_json("lab-a", &["7777777", "\"quokka-stripe\""]),
        );
        let mut first = ManifestStore::load(&path, 60).unwrap();
        write_atomically(
            &path,
            &manifest_json("lab-b", &["8888888", "\"okapi-zebra\""]),
        );
        first.refresh(t0);
        assert_eq!(first.retired().len(), 2);
        let mut state = first.snapshot();
        // One retired value's grace has already run out.
        state.retired[1].expires_at_unix = t0 / 1000 - 1;

        // Swapped while down: lab-b's values enter grace now, lab-a's live one is kept.
        write_atomically(
            &path,
            &manifest_json("lab-c", &["9999999", "\"okapi-zebra\""]),
        );
        let mut next = ManifestStore::load(&path, 60).unwrap();
        let restored = next.restore(state.clone(), t0 + 10_000).unwrap();
        assert_eq!(
            restored,
            Restored {
                previous_scenario_id: "lab-b".into(),
                kept: 1,
                dropped: 1,
                entering_grace: 1,
            }
        );
        let mut values: Vec<(TargetValue, u64)> = next
            .retired()
            .iter()
            .map(|r| (r.value.clone(), r.expires_at_unix))
            .collect();
        values.sort_by_key(|v| v.1);
        assert_eq!(
            values,
            [
                (TargetValue::Number(7_777_777.0), 1_800_000_060),
                (TargetValue::Number(8_888_888.0), 1_800_000_070),
            ]
        );

        // A value breaking the manifest rules refuses the whole state.
        let mut bad = state;
        bad.in_force.values[0].value = TargetValue::Number(5.0);
        let errors = next.restore(bad, t0).unwrap_err();
        assert_eq!(errors[0].location, "in_force.values[0].value");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
