//! `serve` configuration and the startup preconditions (AEP-032 §1, docs/api.md "Configuration").
//! Every setting is a flag and an environment variable. clap parses each into its type and range
//! ([`ServeArgs`]); a value it refuses becomes a [`StartupError`] naming the setting, never the
//! value ([`refusal`]). [`Config::from_args`] then checks what spans settings or needs the file
//! system, so the service never starts half-configured. Secrets are held in [`Secret`], whose
//! `Debug` hides them, and clap never shows the environment's copy (`hide_env_values`).

use crate::audit::AuditTarget;
use crate::secret::{self, Secret, SecretError, MAX_OVERLAP_SECONDS, MIN_SECRET_BYTES};
use clap::builder::TypedValueParser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{value_parser, ArgAction, Args};
use std::ffi::OsStr;
use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

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

/// `orrery-learning serve` flags; each falls back to its environment variable. Numbers and
/// addresses are parsed here, ranges included; surrounding whitespace is ignored ([`Trimmed`]).
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Path of the scenario manifest (a regular file).
    #[arg(long, env = "ORRERY_SCENARIO_MANIFEST")]
    pub manifest: Option<PathBuf>,
    /// Shared secret the Envoy filter sends in x-orrery-learning-proxy-secret (>= 16 bytes).
    // Checked by `Config::from_args`, not by a value parser: clap's errors quote the value (and
    // one starting with `-` is a value here, not an unknown flag for clap to quote).
    #[arg(
        long,
        env = "ORRERY_LEARNING_PROXY_SECRET",
        hide_env_values = true,
        allow_hyphen_values = true
    )]
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
        allow_hyphen_values = true,
        value_parser = Trimmed(value_parser!(u64).range(0..=MAX_OVERLAP_SECONDS))
    )]
    pub proxy_secret_overlap_seconds: u64,
    /// Listen address (IP:port).
    #[arg(
        long,
        env = "ORRERY_LEARNING_LISTEN",
        default_value = "127.0.0.1:18081",
        value_parser = Trimmed(parse_addr)
    )]
    pub listen: SocketAddr,
    /// Explicit opt-in for a non-loopback listener.
    #[arg(
        long,
        env = "ORRERY_LEARNING_ALLOW_NON_LOOPBACK",
        num_args = 0..=1,
        default_missing_value = "true",
        default_value = "false",
        action = ArgAction::Set,
        value_parser = parse_bool
    )]
    pub allow_non_loopback: bool,
    /// How long a value that left the manifest stays guarded, in seconds.
    #[arg(
        long,
        env = "ORRERY_LEARNING_GRACE_SECONDS",
        default_value = "3600",
        allow_hyphen_values = true,
        value_parser = Trimmed(value_parser!(u64).range(1..=MAX_GRACE_SECONDS))
    )]
    pub grace_seconds: u64,
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
        allow_hyphen_values = true,
        value_parser = Trimmed(value_parser!(u64).range(1..=MAX_HINT_INTERVAL_SECONDS))
    )]
    pub hint_interval_seconds: u64,
    /// Probe detection: this many withheld replies of one learner within the probe window flag
    /// the learner as a suspected probe (1-256).
    #[arg(
        long,
        env = "ORRERY_LEARNING_PROBE_THRESHOLD",
        default_value = "5",
        allow_hyphen_values = true,
        value_parser = Trimmed(value_parser!(u32).range(1..=i64::from(MAX_PROBE_THRESHOLD)))
    )]
    pub probe_threshold: u32,
    /// Probe detection: the sliding window, in seconds (1-86400).
    #[arg(
        long,
        env = "ORRERY_LEARNING_PROBE_WINDOW_SECONDS",
        default_value = "600",
        allow_hyphen_values = true,
        value_parser = Trimmed(value_parser!(u64).range(1..=MAX_PROBE_WINDOW_SECONDS))
    )]
    pub probe_window_seconds: u64,
    /// Audit stream: `-` for stdout or a file path (appended).
    #[arg(
        long,
        env = "ORRERY_LEARNING_AUDIT",
        default_value = "-",
        value_parser = parse_audit
    )]
    pub audit: AuditTarget,
    /// Bearer token for GET /v1/report (unset: the report endpoint is off).
    #[arg(
        long,
        env = "ORRERY_LEARNING_REPORT_TOKEN",
        hide_env_values = true,
        allow_hyphen_values = true
    )]
    pub report_token: Option<String>,
    /// Test only: enables the clock and bulk-level endpoints under /v1/test (loopback only).
    /// Deliberately hidden and without an environment variable, so a deployment cannot inherit it.
    #[arg(long, hide = true)]
    pub test_hooks: bool,
}

/// clap's parser `P`, applied to the value with surrounding whitespace removed (an environment
/// variable often carries a stray newline or space).
#[derive(Clone)]
pub struct Trimmed<P>(pub P);

impl<P: TypedValueParser> TypedValueParser for Trimmed<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<P::Value, clap::Error> {
        let trimmed = value.to_str().map_or(value, |s| OsStr::new(s.trim()));
        self.0.parse_ref(cmd, arg, trimmed)
    }
}

fn parse_addr(raw: &str) -> Result<SocketAddr, std::net::AddrParseError> {
    raw.parse()
}

/// `true`/`false`, also `1`/`0` and `yes`/`no`, any case; empty is `false`.
fn parse_bool(raw: &str) -> Result<bool, &'static str> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Ok(true),
        "false" | "0" | "no" | "" => Ok(false),
        _ => Err("not a boolean"),
    }
}

/// `-` is stdout; anything else but empty is a file path.
fn parse_audit(raw: &str) -> Result<AuditTarget, &'static str> {
    match raw {
        "-" => Ok(AuditTarget::Stdout),
        "" => Err("empty"),
        path => Ok(AuditTarget::File(PathBuf::from(path))),
    }
}

/// The refusal for a `serve` value clap did not accept, naming the variable, the flag and the
/// rule (clap's own message quotes the value: it is never shown). `None`: not a value error of
/// a `serve` setting (usage errors stay clap's).
pub fn refusal(err: &clap::Error) -> Option<StartupError> {
    if err.kind() != ErrorKind::ValueValidation {
        return None;
    }
    let Some(ContextValue::String(arg)) = err.get(ContextKind::InvalidArg) else {
        return None;
    };
    // clap names the argument as `--flag <VALUE>`.
    let rule = match arg.split_whitespace().next()? {
        "--listen" => "ORRERY_LEARNING_LISTEN (--listen) is not an IP:port address".to_string(),
        "--allow-non-loopback" => {
            "ORRERY_LEARNING_ALLOW_NON_LOOPBACK (--allow-non-loopback) must be true or false".to_string()
        }
        "--grace-seconds" => format!(
            "ORRERY_LEARNING_GRACE_SECONDS (--grace-seconds) must be a whole number of seconds from 1 to {MAX_GRACE_SECONDS}"
        ),
        "--hint-interval-seconds" => format!(
            "ORRERY_LEARNING_HINT_INTERVAL_SECONDS (--hint-interval-seconds) must be a whole number of seconds from 1 to {MAX_HINT_INTERVAL_SECONDS}"
        ),
        "--probe-threshold" => format!(
            "ORRERY_LEARNING_PROBE_THRESHOLD (--probe-threshold) must be a whole number from 1 to {MAX_PROBE_THRESHOLD}"
        ),
        "--probe-window-seconds" => format!(
            "ORRERY_LEARNING_PROBE_WINDOW_SECONDS (--probe-window-seconds) must be a whole number of seconds from 1 to {MAX_PROBE_WINDOW_SECONDS}"
        ),
        "--proxy-secret-overlap-seconds" => format!(
            "ORRERY_LEARNING_PROXY_SECRET_OVERLAP_SECONDS (--proxy-secret-overlap-seconds) must be a whole number of seconds from 0 to {MAX_OVERLAP_SECONDS}"
        ),
        "--audit" => "ORRERY_LEARNING_AUDIT (--audit) is empty".to_string(),
        _ => return None,
    };
    Some(StartupError(rule))
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

impl Config {
    /// Check every precondition that clap's parsing does not and that does not need the
    /// manifest's content (the server checks that the manifest parses when it loads it).
    pub fn from_args(args: ServeArgs) -> Result<Config, StartupError> {
        let listen = args.listen;
        if !listen.ip().is_loopback() && !args.allow_non_loopback {
            return refuse(
                "the listener is not loopback and ORRERY_LEARNING_ALLOW_NON_LOOPBACK (--allow-non-loopback) is not set",
            );
        }
        if args.test_hooks && !listen.ip().is_loopback() {
            return refuse("--test-hooks is for tests on a loopback listener only");
        }
        let grace_file = match args.grace_file {
            Some(p) if p.as_os_str().is_empty() => {
                return refuse("ORRERY_LEARNING_GRACE_FILE (--grace-file) is empty")
            }
            other => other,
        };
        if args.grace_file_reset && grace_file.is_none() {
            return refuse("--grace-file-reset needs ORRERY_LEARNING_GRACE_FILE (--grace-file)");
        }
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
            proxy_secret_overlap_seconds: args.proxy_secret_overlap_seconds,
            listen,
            grace_seconds: args.grace_seconds,
            grace_file,
            grace_file_reset: args.grace_file_reset,
            hint_interval_ms: args.hint_interval_seconds * 1000,
            audit: args.audit,
            report_token,
            probe: ProbeSettings {
                threshold: args.probe_threshold,
                window_ms: args.probe_window_seconds * 1000,
            },
            test_hooks: args.test_hooks,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// `serve`'s flags alone; a flag given twice takes the last value, so a case can override.
    #[derive(Parser)]
    #[command(args_override_self = true)]
    struct Serve {
        #[command(flatten)]
        args: ServeArgs,
    }

    const BASE: [&str; 6] = [
        "--manifest",
        "/proc/self/status",
        "--proxy-secret",
        "0123456789abcdef",
        "--listen",
        "127.0.0.1:0",
    ];

    /// The good settings with `extra` flags after them (parsed as `serve` would be).
    fn config(base: &[&str], extra: &[&str]) -> Result<Config, StartupError> {
        let argv = ["serve"].iter().chain(base).chain(extra);
        match Serve::try_parse_from(argv) {
            Ok(s) => Config::from_args(s.args),
            Err(e) => Err(refusal(&e).unwrap_or_else(|| panic!("not a refusal: {e}"))),
        }
    }

    #[test]
    fn each_broken_setting_names_itself() {
        let no_manifest = &BASE[2..];
        let no_secret = [&BASE[..2], &BASE[4..]].concat();
        let cases: [(&[&str], &[&str], &str); 25] = [
            (
                &BASE,
                &["--grace-file", "/proc/self/status"],
                "names the manifest",
            ),
            (&BASE, &["--grace-file-reset"], "--grace-file-reset needs"),
            (no_manifest, &[], "no manifest path"),
            (
                &BASE,
                &["--manifest", "/nonexistent/m.json"],
                "does not exist",
            ),
            (&BASE, &["--manifest", "/tmp"], "not a regular file"),
            (&no_secret, &[], "no proxy secret"),
            (&BASE, &["--proxy-secret", "short"], "shorter than 16"),
            (
                &BASE,
                &["--proxy-secret", "with a space, long enough"],
                "printable ASCII",
            ),
            (
                &BASE,
                &["--proxy-secret-overlap-seconds", "86401"],
                "PROXY_SECRET_OVERLAP_SECONDS",
            ),
            (
                &BASE,
                &["--proxy-secret-overlap-seconds", "-1"],
                "PROXY_SECRET_OVERLAP_SECONDS",
            ),
            (&BASE, &["--listen", "0.0.0.0:0"], "not loopback"),
            (&BASE, &["--listen", "localhost"], "ORRERY_LEARNING_LISTEN"),
            (
                &BASE,
                &["--allow-non-loopback", "maybe"],
                "ALLOW_NON_LOOPBACK",
            ),
            (&BASE, &["--grace-seconds", "-5"], "GRACE_SECONDS"),
            (&BASE, &["--grace-seconds", "0"], "GRACE_SECONDS"),
            (&BASE, &["--grace-seconds", "2592001"], "GRACE_SECONDS"),
            (
                &BASE,
                &["--hint-interval-seconds", "0"],
                "HINT_INTERVAL_SECONDS",
            ),
            (
                &BASE,
                &["--hint-interval-seconds", "abc"],
                "HINT_INTERVAL_SECONDS",
            ),
            (&BASE, &["--probe-threshold", "0"], "PROBE_THRESHOLD"),
            (&BASE, &["--probe-threshold", "257"], "PROBE_THRESHOLD"),
            (&BASE, &["--probe-threshold", "5.5"], "PROBE_THRESHOLD"),
            (
                &BASE,
                &["--probe-window-seconds", "0"],
                "PROBE_WINDOW_SECONDS",
            ),
            (
                &BASE,
                &["--probe-window-seconds", "86401"],
                "PROBE_WINDOW_SECONDS",
            ),
            (
                &BASE,
                &["--probe-window-seconds", "-600"],
                "PROBE_WINDOW_SECONDS",
            ),
            (&BASE, &["--audit", ""], "ORRERY_LEARNING_AUDIT"),
        ];
        for (base, extra, want) in cases {
            let err = config(base, extra).unwrap_err().to_string();
            assert!(err.starts_with("refusing to start: "), "{err:?}");
            assert!(
                err.contains(want),
                "{extra:?}: {err:?} should name {want:?}"
            );
            for v in extra.iter().skip(1) {
                if v.len() > 2 && !want.contains(v) {
                    assert!(!err.contains(v), "{err:?} quotes the value {v:?}");
                }
            }
        }
    }

    #[test]
    fn defaults_are_accepted_and_opt_in_allows_non_loopback() {
        let c = config(&BASE, &[]).unwrap();
        assert_eq!(c.grace_seconds, 3600);
        assert_eq!(c.hint_interval_ms, 30_000);
        assert_eq!(c.probe, ProbeSettings::default());
        assert_eq!(c.proxy_secret_overlap_seconds, 300);
        assert_eq!(c.proxy_secret_file, None);
        assert_eq!(c.audit, AuditTarget::Stdout);
        assert_eq!(
            c.probe,
            ProbeSettings {
                threshold: 5,
                window_ms: 600_000
            }
        );
        let c = config(
            &BASE,
            &[
                "--probe-threshold",
                "1",
                "--probe-window-seconds",
                " 86400\n",
            ],
        )
        .unwrap();
        assert_eq!(c.probe.threshold, 1);
        assert_eq!(c.probe.window_ms, 86_400_000);
        for opt_in in [
            &["--allow-non-loopback"][..],
            &["--allow-non-loopback", "true"],
            &["--allow-non-loopback", "YES"],
            &["--allow-non-loopback", "1"],
        ] {
            let argv = [&["--listen", "0.0.0.0:0"][..], opt_in].concat();
            assert!(config(&BASE, &argv).is_ok(), "{opt_in:?}");
        }
        for opt_out in ["false", "no", "0", ""] {
            let argv = ["--listen", "0.0.0.0:0", "--allow-non-loopback", opt_out];
            let err = config(&BASE, &argv).unwrap_err().to_string();
            assert!(err.contains("not loopback"), "{opt_out:?}: {err}");
        }
    }
}
