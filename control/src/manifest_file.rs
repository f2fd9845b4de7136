//! Reading the scenario manifest from disk: only a regular file is read (AEP-032 §2), and the
//! file's identity (device, inode, mtime, size) is taken from the same open handle that was read,
//! so a rename between the check and the read cannot pair one file's stamp with another's bytes.
//! Errors are [`ManifestError`]s with a fixed location (`$file`) and kind: never a path fragment
//! of the content, never a value.

use orrery_learning_guard::manifest::{parse_manifest, Manifest, ManifestError};
use std::io::Read;
use std::os::unix::fs::MetadataExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Linux's O_NONBLOCK (std has no constant for it).
const O_NONBLOCK: i32 = 0o4000;

/// A manifest larger than this is refused before it is read (a manifest is a few KB).
pub const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// What identifies one version of the manifest file: any change means "reload".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileStamp {
    pub dev: u64,
    pub ino: u64,
    pub mtime_ns: i128,
    pub size: u64,
}

impl FileStamp {
    fn of(meta: &std::fs::Metadata) -> FileStamp {
        FileStamp {
            dev: meta.dev(),
            ino: meta.ino(),
            mtime_ns: i128::from(meta.mtime()) * 1_000_000_000 + i128::from(meta.mtime_nsec()),
            size: meta.size(),
        }
    }
}

fn file_error(kind: &'static str) -> Vec<ManifestError> {
    vec![ManifestError {
        location: "$file".to_string(),
        kind,
    }]
}

/// The current stamp of `path` (following symlinks, as a reader would), or the error kind.
pub fn stamp(path: &Path) -> Result<FileStamp, Vec<ManifestError>> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(FileStamp::of(&meta)),
        Ok(_) => Err(file_error("not_a_regular_file")),
        Err(e) => Err(file_error(io_kind(&e))),
    }
}

/// Read and validate the manifest at `path`, with the stamp of the bytes that were read.
pub fn read_manifest(path: &Path) -> Result<(Manifest, FileStamp), Vec<ManifestError>> {
    // Refuse a FIFO or device before open() could block on it; O_NONBLOCK covers a swap in between.
    stamp(path)?;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
        .map_err(|e| file_error(io_kind(&e)))?;
    let meta = file.metadata().map_err(|e| file_error(io_kind(&e)))?;
    if !meta.is_file() {
        return Err(file_error("not_a_regular_file"));
    }
    if meta.size() > MAX_MANIFEST_BYTES {
        return Err(file_error("too_large"));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.size()).unwrap_or(0));
    file.take(MAX_MANIFEST_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| file_error(io_kind(&e)))?;
    if bytes.len() as u64 > MAX_MANIFEST_BYTES {
        return Err(file_error("too_large"));
    }
    let manifest = parse_manifest(&bytes)?;
    Ok((manifest, FileStamp::of(&meta)))
}

fn io_kind(e: &std::io::Error) -> &'static str {
    match e.kind() {
        std::io::ErrorKind::NotFound => "not_found",
        std::io::ErrorKind::PermissionDenied => "permission_denied",
        _ => "unreadable",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VALID: &str = r#"{"schema_version":1,"scenario_id":"kafka-lag-7f3a","seeded_at":"2026-10-30T10:00:00Z","default_disclosure":0,"targets":[{"id":"total_lag","descriptor":"total lag of group orders-processor","value":5100,"unit":"messages"}]}"#;

    #[test]
    fn reads_a_regular_file_and_refuses_others() {
        let dir = std::env::temp_dir().join(format!("mf-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("m.json");
        std::fs::write(&file, VALID).unwrap();
        let (m, st) = read_manifest(&file).unwrap();
        assert_eq!(m.scenario_id, "kafka-lag-7f3a");
        assert_eq!(stamp(&file).unwrap(), st);

        let kind = |r: Result<(Manifest, FileStamp), Vec<ManifestError>>| r.unwrap_err()[0].kind;
        assert_eq!(kind(read_manifest(&dir)), "not_a_regular_file");
        assert_eq!(kind(read_manifest(&dir.join("missing.json"))), "not_found");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
