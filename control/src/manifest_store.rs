//! The manifest in force (AEP-032 §2 "Writing and loading", "Reload failures", "Grace"):
//! the last valid manifest, the stamp of the file it came from, the values that left it and
//! are still guarded, and the generation the watch API reports. [`ManifestStore::refresh`] is
//! called on every manifest-dependent request, on every file-watch event and once a second:
//! it stats the file, reloads on any change of (device, inode, mtime, size), keeps the last
//! valid manifest when the new one is invalid, and drops retired values whose grace ran out.
//! It returns what happened; the caller logs, audits and notifies (no I/O but the file here).

use crate::manifest_file::{read_manifest, stamp, FileStamp};
use orrery_learning_guard::guard::{GuardSet, RetiredValue};
use orrery_learning_guard::manifest::{Manifest, ManifestError};
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
        let expires_at_unix = now_ms.div_ceil(1000) + self.grace_ms / 1000;
        // A value guarded again by the new manifest needs no grace entry.
        self.retired
            .retain(|r| !next.targets.iter().any(|t| t.value == r.value));
        let mut retired = 0;
        for old in &self.manifest.targets {
            if next.targets.iter().any(|t| t.value == old.value) {
                continue;
            }
            retired += 1;
            match self.retired.iter_mut().find(|r| r.value == old.value) {
                Some(r) => r.expires_at_unix = r.expires_at_unix.max(expires_at_unix),
                None => self.retired.push(RetiredValue {
                    id: old.id.clone(),
                    value: old.value.clone(),
                    expires_at_unix,
                }),
            }
        }
        self.manifest = next;
        self.generation += 1;
        retired
    }
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
}
