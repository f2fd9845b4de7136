//! The grace state file (`ORRERY_LEARNING_GRACE_FILE`, docs/api.md "Grace across restarts"): the
//! retired values with their expiry and the values of the manifest last in force, so that grace
//! survives a restart of the control service. This module owns the file's format, reading it
//! (bounded, regular files only) and writing it atomically (a 0600 temp file in the same
//! directory, fsync, rename, fsync of the directory). It holds target values, so it gets the
//! manifest's protection; errors are fixed kinds, never a fragment of the content.

use orrery_learning_guard::guard::RetiredValue;
use orrery_learning_guard::manifest::TargetValue;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// The only format version written and read.
pub const FORMAT: u32 = 1;
/// A grace file larger than this is refused unread (a manifest is at most 1 MiB; a few of them
/// retired within one grace period fit easily).
pub const MAX_GRACE_FILE_BYTES: u64 = 16 << 20;

/// What the file holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraceState {
    pub format: u32,
    /// The manifest last in force: a swap while the service was down retires what it held.
    pub in_force: InForce,
    /// Values in grace, each with its own expiry (Unix seconds).
    pub retired: Vec<RetiredValue>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InForce {
    pub scenario_id: String,
    pub values: Vec<InForceValue>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InForceValue {
    pub id: String,
    pub value: TargetValue,
}

/// Why the file could not be read or written: a fixed word, for logs and startup errors.
pub type Kind = &'static str;

/// Read the file: `Ok(None)` when it does not exist yet (the first start with this setting).
pub fn read(path: &Path) -> Result<Option<GraceState>, Kind> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_kind(&e)),
    };
    if !meta.is_file() {
        return Err("not_a_regular_file");
    }
    let file = std::fs::File::open(path).map_err(|e| io_kind(&e))?;
    let mut bytes = Vec::new();
    file.take(MAX_GRACE_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_kind(&e))?;
    if bytes.len() as u64 > MAX_GRACE_FILE_BYTES {
        return Err("too_large");
    }
    // serde's message could quote the content: only the kind is kept.
    let state: GraceState = serde_json::from_slice(&bytes).map_err(|_| "corrupt")?;
    if state.format != FORMAT {
        return Err("unsupported_format");
    }
    Ok(Some(state))
}

/// Replace the file with `state` atomically: readers (the next start) see the old or the new
/// version, never a torn one. The new file is mode 0600 whatever the old one was.
pub fn write(path: &Path, state: &GraceState) -> Result<(), Kind> {
    let bytes = serde_json::to_vec(state).map_err(|_| "encode_failed")?;
    let (dir, name) = split(path);
    // `.tmp` suffix: a temp file a kill leaves behind is recognisably not the state.
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .permissions(std::fs::Permissions::from_mode(0o600))
        .tempfile_in(dir)
        .map_err(|e| io_kind(&e))?;
    tmp.write_all(&bytes).map_err(|e| io_kind(&e))?;
    tmp.as_file().sync_all().map_err(|e| io_kind(&e))?;
    tmp.persist(path).map_err(|e| io_kind(&e.error))?;
    // The rename is durable once the directory entry is.
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| io_kind(&e))?;
    Ok(())
}

/// Remove temp files an earlier process left when it was killed mid-write (they hold values).
/// Best effort at start, when no other writer of this file runs; returns how many went.
pub fn remove_stale_temps(path: &Path) -> usize {
    let (dir, name) = split(path);
    let prefix = format!(".{name}.");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with(&prefix)
                && n.ends_with(".tmp")
                && e.file_type().is_ok_and(|t| t.is_file())
        })
        .filter(|e| std::fs::remove_file(e.path()).is_ok())
        .count()
}

/// The directory and file name of `path` (`.` for a bare name).
fn split(path: &Path) -> (&Path, String) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (dir, name)
}

fn io_kind(e: &std::io::Error) -> Kind {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "not_found",
        ErrorKind::PermissionDenied => "permission_denied",
        ErrorKind::AlreadyExists => "already_exists",
        ErrorKind::InvalidInput => "invalid_input",
        ErrorKind::OutOfMemory => "out_of_memory",
        _ => match e.raw_os_error() {
            Some(28) => "no_space",
            Some(30) => "read_only_filesystem",
            Some(21) => "is_a_directory",
            Some(20) => "not_a_directory",
            _ => "io_error",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn state() -> GraceState {
        GraceState {
            format: FORMAT,
            in_force: InForce {
                scenario_id: "lab-b".into(),
                values: vec![InForceValue {
                    id: "t0".into(),
                    value: TargetValue::Number(1234.5),
                }],
            },
            retired: vec![RetiredValue {
                id: "t1".into(),
                value: TargetValue::Text("quokka-stripe".into()),
                expires_at_unix: 1_800_000_060,
            }],
        }
    }

    #[test]
    fn round_trips_atomically_with_mode_0600() {
        let dir = std::env::temp_dir().join(format!("gf-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("grace.json");
        assert_eq!(read(&path), Ok(None));
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        write(&path, &state()).unwrap();
        assert_eq!(read(&path), Ok(Some(state())));
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        // No temp file is left behind.
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["grace.json"]);
        std::fs::write(dir.join(".grace.json.AbC123.tmp"), "left by a kill").unwrap();
        std::fs::write(dir.join(".other.json.AbC123.tmp"), "not ours").unwrap();
        assert_eq!(remove_stale_temps(&path), 1);
        std::fs::remove_file(dir.join(".other.json.AbC123.tmp")).unwrap();

        std::fs::write(&path, "{\"format\":1,").unwrap();
        assert_eq!(read(&path), Err("corrupt"));
        std::fs::write(
            &path,
            serde_json::to_string(&GraceState {
                format: 2,
                ..state()
            })
            .unwrap(),
        )
        .unwrap();
        assert_eq!(read(&path), Err("unsupported_format"));
        assert_eq!(read(&dir), Err("not_a_regular_file"));
        assert_eq!(
            write(&dir.join("missing/grace.json"), &state()),
            Err("not_found")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
