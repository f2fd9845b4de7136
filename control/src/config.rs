//! `serve` configuration and the startup preconditions (AEP-032 §1, docs/api.md "Configuration").
//! Every setting is a flag and an environment variable; [`Config::from_args`] turns them into a
//! checked [`Config`] or a [`StartupError`] naming the first missing condition, so the service
//! never starts half-configured. Secrets are held in [`Secret`], whose `Debug` hides them.

use crate::audit::AuditTarget;
use crate::secret::{self, SecretError, MAX_OVERLAP_SECONDS};
use clap::Args;
use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The shortest proxy secret (and report token) accepted, in bytes.
pub const MIN_SECRET_BYTES: usize = 16;
/// The longest grace period accepted: 30 days.
pub const MAX_GRACE_SECONDS: u64 = 30 * 86_400;
/// The longest hint interval accepted: one day.
pub const MAX_HINT_INTERVAL_SECONDS: u64 = 86_400;
/// The highest probe threshold accepted (also how many reply times a window keeps).
pub const MAX_PROBE_THRESHOLD: u32 = 256;
/// The longest probe window accepted: one day.
pub const MAX_PROBE_WINDOW_SECONDS: u64 = 86_400;

/// Probe detection: a learner with `threshold` withheld replies within `window_ms` is flagged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProbeSettings {
    pub threshold: u32,
    pub window_ms: u64,
}

impl Default for ProbeSettings {
    fn default() -> Self {
        ProbeSettings {
            threshold: 5,
            window_ms: 600_000,
        }
    }
}

/// `orrery-learning serve` flags; each falls back to its environment variable.
#[derive(Debug, Args, Default)]
pub struct ServeArgs {
    /// Path of the scenario manifest (a regular file).
    #[arg(long, env = "ORRERY_SCENARIO_MANIFEST")]
    pub manifest: Option<PathBuf>,
    /// Shared secret the Envoy filter sends in x-orrery-learning-proxy-secret (>= 16 bytes).
    #[arg(long, env = "ORRERY_LEARNING_PROXY_SECRET", hide_env_values = true)]
    pub proxy_secret: Option<String>,
    /// File holding the proxy secret (trailing newline ignored); instead of --proxy-secret.
    /// Re-read every 2 s and on SIGHUP: a change rotates the secret without a restart.
    #[arg(long, env = "ORRERY_LEARNING_PROXY_SECRET_FILE")]
    pub proxy_secret_file: Option<PathBuf>,
    /// After a rotation, how long the previous secret is still accepted, in seconds (0-86400).
    #[arg(
        long,
        env = "ORRERY_LEARNING_PROXY_SECRET_OVERLAP_SECONDS",
        default_value = "300",
        allow_hyphen_values = true
    )]
    pub proxy_secret_overlap_seconds: String,
    /// Listen address (IP:port).
    #[arg(
        long,
        env = "ORRERY_LEARNING_LISTEN",
        default_value = "127.0.0.1:18081"
    )]
    pub listen: String,
    /// Explicit opt-in for a non-loopback listener.
    #[arg(long, env = "ORRERY_LEARNING_ALLOW_NON_LOOPBACK", num_args = 0..=1,
          default_missing_value = "true", default_value = "false")]
    pub allow_non_loopback: String,
    /// How long a value that left the manifest stays guarded, in seconds.
    #[arg(
        long,
        env = "ORRERY_LEARNING_GRACE_SECONDS",
        default_value = "3600",
        allow_hyphen_values = true
    )]
    pub grace_seconds: String,
    /// Grace state file: the retired values and the manifest last in force, kept across
    /// restarts (holds values: give it the manifest's protection). Unset: grace is memory only.
    #[arg(long, env = "ORRERY_LEARNING_GRACE_FILE")]
    pub grace_file: Option<PathBuf>,
    /// Start even though the grace file is unreadable or corrupt, with no grace values (the
    /// values it held go unguarded). A one-off operator decision: deliberately no environment
    /// variable, so a deployment cannot keep it on.
    #[arg(long)]
    pub grace_file_reset: bool,
    /// Per-subject rate limit: one hint step per this many seconds (> 0).
    #[arg(
        long,
        env = "ORRERY_LEARNING_HINT_INTERVAL_SECONDS",
        default_value = "30",
        allow_hyphen_values = true
    )]
    pub hint_interval_seconds: String,
    /// Probe detection: this many withheld replies of one learner within the probe window flag
    /// the learner as a suspected probe (1-256).
    #[arg(
        long,
        env = "ORRERY_LEARNING_PROBE_THRESHOLD",
        default_value = "5",
        allow_hyphen_values = true
    )]
    pub probe_threshold: String,
    /// Probe detection: the sliding window, in seconds (1-86400).
    #[arg(
        long,
        env = "ORRERY_LEARNING_PROBE_WINDOW_SECONDS",
        default_value = "600",
        allow_hyphen_values = true
    )]
    pub probe_window_seconds: String,
    /// Audit stream: `-` for stdout or a file path (appended).
    #[arg(long, env = "ORRERY_LEARNING_AUDIT", default_value = "-")]
    pub audit: String,
    /// Bearer token for GET /v1/report (unset: the report endpoint is off).
    #[arg(long, env = "ORRERY_LEARNING_REPORT_TOKEN", hide_env_values = true)]
    pub report_token: Option<String>,
    /// Test only: enables the clock and bulk-level endpoints under /v1/test (loopback only).
    /// Deliberately hidden and without an environment variable, so a deployment cannot inherit it.
    #[arg(long, hide = true)]
    pub test_hooks: bool,
}

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

/// The checked configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub manifest: PathBuf,
    /// The proxy secret at start (from the environment or the file).
    pub proxy_secret: Secret,
    /// The file to re-read for a rotation (`None`: the secret is fixed for the process).
    pub proxy_secret_file: Option<PathBuf>,
    pub proxy_secret_overlap_seconds: u64,
    pub listen: SocketAddr,
    pub grace_seconds: u64,
    /// Where grace is kept across restarts (`None`: memory only).
    pub grace_file: Option<PathBuf>,
    /// Start past an unreadable or corrupt grace file.
    pub grace_file_reset: bool,
    pub hint_interval_ms: u64,
    pub audit: AuditTarget,
    pub report_token: Option<Secret>,
    pub probe: ProbeSettings,
    pub test_hooks: bool,
}

/// Why the service refuses to start; the message names the condition (never a secret or value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartupError(pub String);

impl fmt::Display for StartupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "refusing to start: {}", self.0)
    }
}

impl std::error::Error for StartupError {}

fn refuse<T>(msg: impl Into<String>) -> Result<T, StartupError> {
    Err(StartupError(msg.into()))
}

fn parse_bool(raw: &str) -> Option<bool> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Some(true),
        "false" | "0" | "no" | "" => Some(false),
        _ => None,
    }
}

fn parse_seconds(raw: &str, min: u64, max: u64) -> Option<u64> {
    let s = raw.trim();
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u64>().ok().filter(|v| (min..=max).contains(v))
}

impl Config {
    /// Check every precondition that does not need the manifest's content (the server checks
    /// that the manifest parses when it loads it).
    pub fn from_args(args: ServeArgs) -> Result<Config, StartupError> {
        let Ok(listen) = args.listen.trim().parse::<SocketAddr>() else {
            return refuse("ORRERY_LEARNING_LISTEN (--listen) is not an IP:port address");
        };
        let Some(allow_non_loopback) = parse_bool(&args.allow_non_loopback) else {
            return refuse(
                "ORRERY_LEARNING_ALLOW_NON_LOOPBACK (--allow-non-loopback) must be true or false",
            );
        };
        if !listen.ip().is_loopback() && !allow_non_loopback {
            return refuse(
                "the listener is not loopback and ORRERY_LEARNING_ALLOW_NON_LOOPBACK (--allow-non-loopback) is not set",
            );
        }
        if args.test_hooks && !listen.ip().is_loopback() {
            return refuse("--test-hooks is for tests on a loopback listener only");
        }
        let Some(grace_seconds) = parse_seconds(&args.grace_seconds, 1, MAX_GRACE_SECONDS) else {
            return refuse(format!(
                "ORRERY_LEARNING_GRACE_SECONDS (--grace-seconds) must be a whole number of seconds from 1 to {MAX_GRACE_SECONDS}"
            ));
        };
        let grace_file = match args.grace_file {
            Some(p) if p.as_os_str().is_empty() => {
                return refuse("ORRERY_LEARNING_GRACE_FILE (--grace-file) is empty")
            }
            other => other,
        };
        if args.grace_file_reset && grace_file.is_none() {
            return refuse("--grace-file-reset needs ORRERY_LEARNING_GRACE_FILE (--grace-file)");
        }
        let Some(interval) =
            parse_seconds(&args.hint_interval_seconds, 1, MAX_HINT_INTERVAL_SECONDS)
        else {
            return refuse(format!(
                "ORRERY_LEARNING_HINT_INTERVAL_SECONDS (--hint-interval-seconds) must be a whole number of seconds from 1 to {MAX_HINT_INTERVAL_SECONDS}"
            ));
        };
        let Some(threshold) = parse_seconds(&args.probe_threshold, 1, MAX_PROBE_THRESHOLD.into())
            .and_then(|t| u32::try_from(t).ok())
        else {
            return refuse(format!(
                "ORRERY_LEARNING_PROBE_THRESHOLD (--probe-threshold) must be a whole number from 1 to {MAX_PROBE_THRESHOLD}"
            ));
        };
        let Some(window) = parse_seconds(&args.probe_window_seconds, 1, MAX_PROBE_WINDOW_SECONDS)
        else {
            return refuse(format!(
                "ORRERY_LEARNING_PROBE_WINDOW_SECONDS (--probe-window-seconds) must be a whole number of seconds from 1 to {MAX_PROBE_WINDOW_SECONDS}"
            ));
        };
        let Some(proxy_secret_overlap_seconds) =
            parse_seconds(&args.proxy_secret_overlap_seconds, 0, MAX_OVERLAP_SECONDS)
        else {
            return refuse(format!(
                "ORRERY_LEARNING_PROXY_SECRET_OVERLAP_SECONDS (--proxy-secret-overlap-seconds) must be a whole number of seconds from 0 to {MAX_OVERLAP_SECONDS}"
            ));
        };
        let (proxy_secret, proxy_secret_file) = match (args.proxy_secret, args.proxy_secret_file) {
            (Some(_), Some(_)) => {
                return refuse("set only one of ORRERY_LEARNING_PROXY_SECRET and ORRERY_LEARNING_PROXY_SECRET_FILE")
            }
            (None, None) => {
                return refuse("no proxy secret: set ORRERY_LEARNING_PROXY_SECRET (--proxy-secret) or ORRERY_LEARNING_PROXY_SECRET_FILE (--proxy-secret-file)")
            }
            (Some(s), None) => match secret::check(s.as_bytes()) {
                Ok(()) => (Secret::new(s.into_bytes()), None),
                Err(e) => return refuse(e.describe()),
            },
            (None, Some(path)) => match secret::read_file(&path) {
                Ok(s) => (s, Some(path)),
                Err(r) if r.kind == SecretError::Unreadable => {
                    return refuse("ORRERY_LEARNING_PROXY_SECRET_FILE cannot be read")
                }
                Err(r) => return refuse(r.kind.describe()),
            },
        };
        let report_token = match args.report_token {
            None => None,
            Some(t) if t.len() < MIN_SECRET_BYTES || !t.bytes().all(|b| b.is_ascii_graphic()) => {
                return refuse(format!(
                    "ORRERY_LEARNING_REPORT_TOKEN must be at least {MIN_SECRET_BYTES} printable ASCII bytes without spaces"
                ))
            }
            Some(t) => Some(Secret::new(t.into_bytes())),
        };
        let audit = match args.audit.as_str() {
            "-" => AuditTarget::Stdout,
            "" => return refuse("ORRERY_LEARNING_AUDIT (--audit) is empty"),
            path => AuditTarget::File(PathBuf::from(path)),
        };
        let Some(manifest) = args.manifest else {
            return refuse("no manifest path: set ORRERY_SCENARIO_MANIFEST (--manifest)");
        };
        match std::fs::metadata(&manifest) {
            Err(_) => {
                return refuse(
                    "the manifest path (ORRERY_SCENARIO_MANIFEST) does not exist or cannot be read",
                )
            }
            Ok(meta) if !meta.is_file() => {
                return refuse("the manifest path (ORRERY_SCENARIO_MANIFEST) is not a regular file")
            }
            Ok(_) => {}
        }
        if let Some(g) = &grace_file {
            // Writing the grace file over the manifest would destroy it.
            let same_inode = match (std::fs::metadata(g), std::fs::metadata(&manifest)) {
                (Ok(a), Ok(b)) => {
                    use std::os::unix::fs::MetadataExt;
                    a.dev() == b.dev() && a.ino() == b.ino()
                }
                _ => false,
            };
            if same_inode || g == &manifest {
                return refuse("ORRERY_LEARNING_GRACE_FILE (--grace-file) names the manifest file");
            }
        }
        Ok(Config {
            manifest,
            proxy_secret,
            proxy_secret_file,
            proxy_secret_overlap_seconds,
            listen,
            grace_seconds,
            grace_file,
            grace_file_reset: args.grace_file_reset,
            hint_interval_ms: interval * 1000,
            audit,
            report_token,
            probe: ProbeSettings {
                threshold,
                window_ms: window * 1000,
            },
            test_hooks: args.test_hooks,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> ServeArgs {
        ServeArgs {
            manifest: Some(PathBuf::from("/proc/self/status")),
            proxy_secret: Some("0123456789abcdef".into()),
            listen: "127.0.0.1:0".into(),
            allow_non_loopback: "false".into(),
            grace_seconds: "3600".into(),
            hint_interval_seconds: "30".into(),
            probe_threshold: "5".into(),
            probe_window_seconds: "600".into(),
            audit: "-".into(),
            proxy_secret_overlap_seconds: "300".into(),
            ..ServeArgs::default()
        }
    }

    #[test]
    fn each_broken_setting_names_itself() {
        type Edit = fn(&mut ServeArgs);
        let cases: [(Edit, &str); 22] = [
            (
                |a| a.grace_file = Some(PathBuf::from("/proc/self/status")),
                "names the manifest",
            ),
            (|a| a.grace_file = Some(PathBuf::new()), "GRACE_FILE"),
            (|a| a.grace_file_reset = true, "--grace-file-reset needs"),
            (|a| a.manifest = None, "no manifest path"),
            (
                |a| a.manifest = Some("/nonexistent/m.json".into()),
                "does not exist",
            ),
            (|a| a.manifest = Some("/tmp".into()), "not a regular file"),
            (|a| a.proxy_secret = None, "no proxy secret"),
            (|a| a.proxy_secret = Some("short".into()), "shorter than 16"),
            (
                |a| a.proxy_secret = Some("with a space, long enough".into()),
                "printable ASCII",
            ),
            (
                |a| a.proxy_secret_overlap_seconds = "86401".into(),
                "PROXY_SECRET_OVERLAP_SECONDS",
            ),
            (
                |a| a.proxy_secret_overlap_seconds = "-1".into(),
                "PROXY_SECRET_OVERLAP_SECONDS",
            ),
            (|a| a.listen = "0.0.0.0:0".into(), "not loopback"),
            (|a| a.grace_seconds = "-5".into(), "GRACE_SECONDS"),
            (|a| a.grace_seconds = "0".into(), "GRACE_SECONDS"),
            (
                |a| a.hint_interval_seconds = "0".into(),
                "HINT_INTERVAL_SECONDS",
            ),
            (
                |a| a.hint_interval_seconds = "abc".into(),
                "HINT_INTERVAL_SECONDS",
            ),
            (|a| a.probe_threshold = "0".into(), "PROBE_THRESHOLD"),
            (|a| a.probe_threshold = "257".into(), "PROBE_THRESHOLD"),
            (|a| a.probe_threshold = "5.5".into(), "PROBE_THRESHOLD"),
            (
                |a| a.probe_window_seconds = "0".into(),
                "PROBE_WINDOW_SECONDS",
            ),
            (
                |a| a.probe_window_seconds = "86401".into(),
                "PROBE_WINDOW_SECONDS",
            ),
            (
                |a| a.probe_window_seconds = "-600".into(),
                "PROBE_WINDOW_SECONDS",
            ),
        ];
        for (edit, want) in cases {
            let mut args = base();
            edit(&mut args);
            let err = Config::from_args(args).unwrap_err().to_string();
            assert!(err.contains(want), "{err:?} should name {want:?}");
        }
    }

    #[test]
    fn defaults_are_accepted_and_opt_in_allows_non_loopback() {
        let c = Config::from_args(base()).unwrap();
        assert_eq!(c.grace_seconds, 3600);
        assert_eq!(c.hint_interval_ms, 30_000);
        assert_eq!(c.probe, ProbeSettings::default());
        assert_eq!(c.proxy_secret_overlap_seconds, 300);
        assert_eq!(c.proxy_secret_file, None);
        assert_eq!(
            c.probe,
            ProbeSettings {
                threshold: 5,
                window_ms: 600_000
            }
        );
        let mut a = base();
        a.probe_threshold = "1".into();
        a.probe_window_seconds = "86400".into();
        let c = Config::from_args(a).unwrap();
        assert_eq!(c.probe.threshold, 1);
        assert_eq!(c.probe.window_ms, 86_400_000);
        let mut a = base();
        a.listen = "0.0.0.0:0".into();
        a.allow_non_loopback = "true".into();
        assert!(Config::from_args(a).is_ok());
        assert_eq!(
            format!("{:?}", Secret::new(b"0123456789abcdef".to_vec())),
            "Secret(<16 bytes>)"
        );
    }
}
