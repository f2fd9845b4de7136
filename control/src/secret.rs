//! The proxy secret in force and its rotation (docs/api.md "Proxy secret rotation"). The secret
//! comes from `ORRERY_LEARNING_PROXY_SECRET` (fixed for the life of the process) or from
//! `ORRERY_LEARNING_PROXY_SECRET_FILE`, which is re-read every [`POLL_INTERVAL`] and on SIGHUP
//! (a Kubernetes Secret volume swaps the file in place through a symlink). After a change the
//! new secret is in force and the previous one is still accepted for the configured overlap, so
//! the Envoy fleet can be rolled onto the new value without a window of 401s. A file that cannot
//! be read or holds no valid secret changes nothing: the secret in force stays.
//!
//! Every comparison is constant-time ([`ct_eq`]) and both candidates are always compared, so the
//! answer's timing does not tell which secret matched. No secret ever reaches a log, an audit
//! entry or an error text: a [`Secret`]'s `Debug` hides it, and the outcomes below carry kinds,
//! never bytes.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The shortest proxy secret (and report token) accepted, in bytes.
pub const MIN_SECRET_BYTES: usize = 16;

/// How often the secret file is re-read (SIGHUP re-reads at once).
pub const POLL_INTERVAL: Duration = Duration::from_secs(2);
/// The longest overlap accepted: one day.
pub const MAX_OVERLAP_SECONDS: u64 = 86_400;

/// A secret byte string; `Debug` never prints it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Vec<u8>);

impl Secret {
    pub fn new(bytes: Vec<u8>) -> Secret {
        Secret(bytes)
    }
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Secret(<{} bytes>)", self.0.len())
    }
}

/// Equal in time independent of where the inputs differ (the length is not secret).
pub fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// Why a secret (from the environment or from the file) is refused; the text names no byte of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecretError {
    Unreadable,
    TooShort,
    NotPrintable,
}

impl SecretError {
    /// A fixed description, for logs and startup errors.
    pub fn describe(self) -> &'static str {
        match self {
            SecretError::Unreadable => "the proxy secret file cannot be read",
            SecretError::TooShort => "the proxy secret is shorter than 16 bytes",
            SecretError::NotPrintable => "the proxy secret must be printable ASCII without spaces",
        }
    }
}

/// Whether `bytes` can be a proxy secret: it travels in an HTTP header, so printable ASCII
/// without spaces, and at least [`MIN_SECRET_BYTES`] long.
pub fn check(bytes: &[u8]) -> Result<(), SecretError> {
    if bytes.len() < MIN_SECRET_BYTES {
        return Err(SecretError::TooShort);
    }
    if !bytes.iter().all(|b| b.is_ascii_graphic()) {
        return Err(SecretError::NotPrintable);
    }
    Ok(())
}

/// A refused read: the kind, and (for a file that was read) its content, kept only so a file
/// that stays bad is told apart from a new bad version. `Debug` never prints the content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub kind: SecretError,
    content: Secret,
}

impl Refused {
    pub fn new(kind: SecretError) -> Refused {
        Refused {
            kind,
            content: Secret::new(Vec::new()),
        }
    }
}

/// Read and check the secret file (a trailing newline, as `echo` writes it, is not part of it).
pub fn read_file(path: &Path) -> Result<Secret, Refused> {
    let mut bytes = std::fs::read(path).map_err(|_| Refused::new(SecretError::Unreadable))?;
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    match check(&bytes) {
        Ok(()) => Ok(Secret::new(bytes)),
        Err(kind) => Err(Refused {
            kind,
            content: Secret::new(bytes),
        }),
    }
}

/// What one re-read of the file did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reload {
    /// No file configured, or the file holds the secret in force.
    Unchanged,
    /// A new secret is in force; the previous one is accepted until the overlap ends.
    Rotated,
    /// The file is unreadable or invalid, for the first time in this state: log and count.
    Refused(SecretError),
    /// Still the same failure as on the last read: already logged and counted.
    StillRefused,
}

/// The secrets accepted now.
#[derive(Debug)]
pub struct ProxySecrets {
    file: Option<PathBuf>,
    overlap_ms: u64,
    current: Secret,
    /// The secret before the last rotation and when it stops being accepted (service clock).
    previous: Option<(Secret, u64)>,
    /// The refusal last reported, so a file that stays bad is reported once, not every poll.
    last_bad: Option<Refused>,
}

impl ProxySecrets {
    pub fn new(initial: Secret, file: Option<PathBuf>, overlap_seconds: u64) -> ProxySecrets {
        ProxySecrets {
            file,
            overlap_ms: overlap_seconds.saturating_mul(1000),
            current: initial,
            previous: None,
            last_bad: None,
        }
    }

    /// The file re-read on each poll and on SIGHUP, if any.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Whether `presented` is the current secret, or the previous one within its overlap.
    pub fn accepts(&self, presented: &[u8], now_ms: u64) -> bool {
        let current = ct_eq(presented, self.current.as_bytes());
        let previous = match &self.previous {
            // Compared even when expired: the time taken does not depend on the clock.
            Some((old, until)) => ct_eq(presented, old.as_bytes()) & (now_ms < *until),
            None => false,
        };
        current | previous
    }

    /// How many secrets are accepted at `now_ms` (1, or 2 during an overlap).
    pub fn accepted_count(&self, now_ms: u64) -> usize {
        1 + usize::from(self.previous.as_ref().is_some_and(|(_, u)| now_ms < *u))
    }

    /// Apply what the file holds now (`read` is [`read_file`] of [`ProxySecrets::file`], done by
    /// the caller outside any lock).
    pub fn apply(&mut self, read: Result<Secret, Refused>, now_ms: u64) -> Reload {
        if self
            .previous
            .as_ref()
            .is_some_and(|(_, until)| now_ms >= *until)
        {
            // Dropped once expired, so an old secret does not stay in memory longer than needed.
            self.previous = None;
        }
        let new = match read {
            Ok(s) => s,
            Err(refused) => {
                if self.last_bad.as_ref() == Some(&refused) {
                    return Reload::StillRefused;
                }
                let kind = refused.kind;
                self.last_bad = Some(refused);
                return Reload::Refused(kind);
            }
        };
        self.last_bad = None;
        if ct_eq(new.as_bytes(), self.current.as_bytes()) {
            return Reload::Unchanged;
        }
        let old = std::mem::replace(&mut self.current, new);
        self.previous = Some((old, now_ms.saturating_add(self.overlap_ms)));
        Reload::Rotated
    }

    /// The overlap, in seconds, for the audit entry.
    pub fn overlap_seconds(&self) -> u64 {
        self.overlap_ms / 1000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Secret {
        Secret::new(v.as_bytes().to_vec())
    }

    #[test]
    fn ct_eq_table() {
        let cases: [(&[u8], &[u8], bool); 5] = [
            (b"abc", b"abc", true),
            (b"abc", b"abd", false),
            (b"abc", b"ab", false),
            (b"", b"", true),
            (b"xbc", b"abc", false),
        ];
        for (a, b, want) in cases {
            assert_eq!(ct_eq(a, b), want, "{a:?} {b:?}");
        }
    }

    #[test]
    fn debug_hides_the_bytes() {
        assert_eq!(
            format!("{:?}", Secret::new(b"0123456789abcdef".to_vec())),
            "Secret(<16 bytes>)"
        );
    }

    const A: &str = "secret-aaaaaaaaaaaaaaaa";
    const B: &str = "secret-bbbbbbbbbbbbbbbb";
    const C: &str = "secret-cccccccccccccccc";

    #[test]
    fn checks_name_the_rule_not_the_bytes() {
        assert_eq!(check(b"short"), Err(SecretError::TooShort));
        assert_eq!(
            check(b"has a space in it, long enough"),
            Err(SecretError::NotPrintable)
        );
        assert_eq!(check(A.as_bytes()), Ok(()));
        for e in [
            SecretError::Unreadable,
            SecretError::TooShort,
            SecretError::NotPrintable,
        ] {
            assert!(!e.describe().contains("secret-"));
        }
    }

    #[test]
    fn a_rotation_accepts_both_for_the_overlap_then_only_the_new() {
        let mut p = ProxySecrets::new(s(A), None, 300);
        assert!(p.accepts(A.as_bytes(), 0));
        assert!(!p.accepts(B.as_bytes(), 0));
        assert_eq!(p.apply(Ok(s(A)), 1_000), Reload::Unchanged);
        assert_eq!(p.apply(Ok(s(B)), 1_000), Reload::Rotated);
        assert_eq!(p.accepted_count(1_000), 2);
        assert!(p.accepts(A.as_bytes(), 300_999));
        assert!(p.accepts(B.as_bytes(), 300_999));
        assert!(!p.accepts(A.as_bytes(), 301_000), "overlap over");
        assert!(p.accepts(B.as_bytes(), 301_000));
        assert_eq!(p.accepted_count(301_000), 1);
        // A second rotation within the overlap: only the one just replaced stays accepted.
        let mut p = ProxySecrets::new(s(A), None, 300);
        p.apply(Ok(s(B)), 0);
        p.apply(Ok(s(C)), 10);
        assert!(!p.accepts(A.as_bytes(), 20));
        assert!(p.accepts(B.as_bytes(), 20));
        assert!(p.accepts(C.as_bytes(), 20));
        // Zero overlap: the new one alone at once.
        let mut p = ProxySecrets::new(s(A), None, 0);
        p.apply(Ok(s(B)), 5);
        assert!(!p.accepts(A.as_bytes(), 5));
    }

    #[test]
    fn a_bad_file_keeps_the_secret_and_is_reported_once_per_state() {
        let mut p = ProxySecrets::new(s(A), None, 300);
        assert_eq!(
            p.apply(Err(Refused::new(SecretError::Unreadable)), 0),
            Reload::Refused(SecretError::Unreadable)
        );
        assert_eq!(
            p.apply(Err(Refused::new(SecretError::Unreadable)), 2_000),
            Reload::StillRefused
        );
        assert!(p.accepts(A.as_bytes(), 2_000));
        assert_eq!(
            p.apply(Err(Refused::new(SecretError::TooShort)), 4_000),
            Reload::Refused(SecretError::TooShort)
        );
        assert_eq!(p.apply(Ok(s(A)), 6_000), Reload::Unchanged);
        assert_eq!(
            p.apply(Err(Refused::new(SecretError::Unreadable)), 8_000),
            Reload::Refused(SecretError::Unreadable),
            "a new failure after a good read is reported again"
        );
        assert!(p.accepts(A.as_bytes(), 8_000));
    }
}
